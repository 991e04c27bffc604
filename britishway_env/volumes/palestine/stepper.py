"""One compiled call per AEC step: the rules' move, then everything the env
hands out next (observation, legal mask, whose turn).

``palestine_v0`` keeps the observation and mask of the current position in
two preallocated arrays and refreshes them with :func:`step` (after an
action) or :func:`sync` (after a reset), so a step costs one trip into
numba instead of one per question (legal?, over?, whose turn?, what is
seen?, what is legal?).
"""

from ...engine.jit import njit

from ...engine.rng import STEP_DECLINED, forced_queued
from .layout import FORCED
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
    :func:`sync`.

    With forced chance values queued it writes nothing and returns
    ``STEP_DECLINED``: a forced value out of range for its roll makes the rules
    raise half-way through, so the caller applies the action through
    ``Game.apply``, which puts the row back when that happens.
    """
    if forced_queued(state, FORCED):
        return STEP_DECLINED
    apply(state, action)
    return sync(state, obs, mask)
