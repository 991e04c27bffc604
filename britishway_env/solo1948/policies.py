"""Policies that run inside the compiled rollouts: random and heuristic.

Each takes the state, a scratch mask buffer and a one-slot uint64 array
holding the policy's own random stream (separate from the game's chance).
"""

import numpy as np
from numba import njit

from ..engine.rng import mix64
from .cards import N_FRONTS
from .layout import (
    A_END_TRANSFERS, ARAB_TT, N_ACTIONS, PH_DEPLOY, PH_EVENT_TARGET, PH_TRANSFER, PHASE,
)
from .rules import ARAB, ISRAELI, apply_decision, force_total, legal_mask

POLICY_RANDOM = 0
POLICY_HEURISTIC = 1
POLICY_NAMES = ("random", "heuristic")

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True)
def policy_rand(stream, n):
    """Uniform integer in [0, n) from the policy's own stream."""
    stream[0] += _GOLDEN
    return np.int64((mix64(stream[0]) >> np.uint64(11)) % np.uint64(n))


@njit(cache=True)
def random_action(state, mask, stream):
    """Uniformly random legal action."""
    legal_mask(state, mask)
    n = 0
    for a in range(N_ACTIONS):
        n += mask[a]
    k = policy_rand(stream, n)
    for a in range(N_ACTIONS):
        if mask[a]:
            if k == 0:
                return a
            k -= 1
    return -1


@njit(cache=True)
def battle_outlook(state):
    """How good the coming battles look for the Israelis.

    Each front scores its margin (Israeli minus Arab Force, capped at +-6)
    plus 6 for a win or minus 6 for a loss, weighted by 1 + the Territory
    Tokens the Arabs hold there, so fronts near Complete Loss count most.
    """
    score = 0
    for f in range(N_FRONTS):
        margin = force_total(state, ISRAELI, f) - force_total(state, ARAB, f)
        capped = min(6, max(-6, margin))
        sign = 1 if margin > 0 else (-1 if margin < 0 else 0)
        score += (1 + state[ARAB_TT + f]) * (capped + 6 * sign)
    return score


@njit(cache=True)
def heuristic_action(state, mask, stream):
    """Greedy one-step look-ahead on :func:`battle_outlook`.

    Deploy each card, and aim each Target event, where the outlook improves
    most; transfer a Regular while some transfer improves the outlook, then
    stop. Ties go to the first candidate.
    """
    legal_mask(state, mask)
    phase = state[PHASE]
    best_a = -1
    best = -(1 << 60)
    scratch = state.copy()
    if phase == PH_DEPLOY or phase == PH_EVENT_TARGET or phase == PH_TRANSFER:
        if phase == PH_TRANSFER:
            best_a = A_END_TRANSFERS
            best = battle_outlook(state)
        for a in range(N_ACTIONS):
            if not mask[a] or a == A_END_TRANSFERS:
                continue
            scratch[:] = state
            apply_decision(scratch, a)
            score = battle_outlook(scratch)
            if score > best:
                best = score
                best_a = a
    return best_a



@njit(cache=True)
def choose(policy, state, mask, stream):
    if policy == POLICY_HEURISTIC:
        return heuristic_action(state, mask, stream)
    return random_action(state, mask, stream)
