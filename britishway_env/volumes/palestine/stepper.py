"""One compiled call per AEC step: the rules' move, then everything the env
hands out next (observation, legal mask, whose turn).

``palestine_v0`` keeps the observation and mask of the current position in
two preallocated arrays and refreshes them with :func:`step` (after an
action) or :func:`sync` (after a reset), so a step costs one trip into
numba instead of one per question (legal?, over?, whose turn?, what is
seen?, what is legal?).
"""

from numba import njit

from .observation import observe
from .turns import actor, apply, legal_mask


@njit(cache=True)
def sync(state, obs, mask):
    """Fill ``obs`` and ``mask`` (the acting faction's legal actions, all 0
    once the game is over) for ``state``; return the acting faction, or -1
    when the game is over."""
    observe(state, obs)
    legal_mask(state, mask)
    return actor(state)


@njit(cache=True)
def step(state, action, obs, mask):
    """Apply ``action`` (the caller has checked it against ``mask``), then
    :func:`sync`."""
    apply(state, action)
    return sync(state, obs, mask)
