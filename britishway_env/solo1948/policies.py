"""Policies that run inside the compiled rollouts: random and heuristic.

Each takes the state, a scratch mask buffer and a one-slot int64 array
holding the policy's own random stream (separate from the game's chance).
"""

import numpy as np
from ..engine.borrow import copy_row
from ..engine.jit import njit

from ..engine.policy import uniform_legal
from .cards import N_FRONTS
from .layout import A_END_TRANSFERS, ARAB_TT, N_ACTIONS
from .rules import ARAB, ISRAELI, apply_decision, force_total, legal_mask

POLICY_RANDOM = 0
POLICY_HEURISTIC = 1
POLICY_NAMES = ("random", "heuristic")

@njit(cache=True)
def random_action(state, mask, stream):
    """Uniformly random legal action."""
    legal_mask(state, mask)
    return uniform_legal(mask, stream)


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
    best_a = -1
    best = -(1 << 60)
    if mask[A_END_TRANSFERS]:
        best_a = A_END_TRANSFERS
        best = battle_outlook(state)
    scratch = np.empty_like(state)
    for a in range(N_ACTIONS):
        if not mask[a] or a == A_END_TRANSFERS:
            continue
        copy_row(scratch, state)
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
