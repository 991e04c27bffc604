# Generated from engine/coin/templates/stepper.py.tmpl by `python -m britishway_env.engine.coin.generate`; do not edit by hand.
"""One compiled call per AEC step: the rules' move, then everything the env
hands out next (observation, legal mask, whose turn).

``arab_revolt_v0`` keeps the observation and mask of the current position in
two preallocated arrays and refreshes them with :func:`step` (after an
action) or :func:`sync` (after a reset: ``step`` with ``NO_ACTION``), so a
step costs one trip into numba instead of one per question (legal?, over?,
whose turn?, what is seen?, what is legal?).
"""

import numpy as np

from ...engine.jit import njit

from ...engine.rng import STEP_DECLINED, forced_queued
from .layout import FORCED
from .observation import observe
from .turns import actor, apply, legal_mask

NO_ACTION = -1       # step refreshes without a move


@njit(cache=True)
def step(state, action, obs, mask):
    """Apply ``action`` (the caller has checked it against ``mask``; none
    for ``NO_ACTION``), then fill ``obs`` and ``mask`` (the acting faction's legal
    actions, all 0 once the game is over) for the position reached; return the
    acting faction, or -1 when the game is over.

    With forced chance values queued it writes nothing and returns
    ``STEP_DECLINED``: a forced value out of range for its roll makes the rules
    raise half-way through, so the caller applies the action through
    ``Game.apply``, which puts the row back when that happens.
    """
    if action != NO_ACTION:
        if forced_queued(state, FORCED):
            return STEP_DECLINED
        apply(state, action)
    observe(state, obs)
    legal_mask(state, mask)
    return actor(state)


def sync(state, obs, mask):
    """:func:`step` with no action: ``obs``, ``mask`` and the acting faction
    for ``state`` as it is (after a reset or a change made outside the env).
    One kernel serves both, so the rules it reaches are compiled into one
    cached kernel, not two."""
    return step(state, np.int64(NO_ACTION), obs, mask)
