"""Compiled batch play: whole games in parallel, and lock-step batches.

``play_games`` runs complete games with an in-kernel policy over all numba
threads. Game ``i`` of a batch started from ``base_seed`` always gets the
same seeds (``engine.rng.seed_from``), so results do not depend on how many
threads run it or how it is chunked.
"""

import numpy as np
from numba import prange
from ..engine.jit import njit

from ..engine.rng import game_seeds, seed_from  # noqa: F401  (game_seeds: the batch's seeds, re-exported)
from .cards import N_FRONTS
from .layout import (
    ARAB_DRAWN, ARAB_TT, ISRAELI_DRAWN, N_ACTIONS, OUTCOME, PH_OVER, PHASE, STATE_SIZE, TURN,
)
from .observation import observe
from .policies import choose
from .rules import ARAB, ISRAELI, apply, legal_mask, new_game, unit_count

# Columns of the per-game result rows.
R_OUTCOME, R_TURNS, R_DECISIONS = 0, 1, 2
R_ARAB_TT = 3                     # 3 columns: North, Central, South
R_ISRAELI_UNITS = 6               # units on the map at the end
R_ARAB_UNITS = 7
R_ISRAELI_DRAWN = 8
R_ARAB_DRAWN = 9
N_RESULT_COLUMNS = 10
POLICY_SEED_SALT = 0x5DEECE66D


@njit(cache=True)
def record_result(state, decisions, out):
    out[R_OUTCOME] = state[OUTCOME]
    out[R_TURNS] = state[TURN]
    out[R_DECISIONS] = decisions
    israeli = 0
    arab = 0
    for f in range(N_FRONTS):
        out[R_ARAB_TT + f] = state[ARAB_TT + f]
        israeli += unit_count(state, ISRAELI, f)
        arab += unit_count(state, ARAB, f)
    out[R_ISRAELI_UNITS] = israeli
    out[R_ARAB_UNITS] = arab
    out[R_ISRAELI_DRAWN] = state[ISRAELI_DRAWN]
    out[R_ARAB_DRAWN] = state[ARAB_DRAWN]


@njit(cache=True)
def play_one(seed, policy, out):
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    stream = np.full(1, seed ^ POLICY_SEED_SALT, dtype=np.int64)
    new_game(state, seed)
    decisions = 0
    while state[PHASE] != PH_OVER:
        apply(state, choose(policy, state, mask, stream))
        decisions += 1
    record_result(state, decisions, out)


@njit(cache=True, parallel=True)
def play_games(base_seed, first_game, n_games, policy, out):
    """Play games ``first_game .. first_game + n_games - 1`` into ``out`` rows."""
    for i in prange(n_games):
        play_one(seed_from(base_seed, first_game + i), policy, out[i])




@njit(cache=True, parallel=True)
def reset_batch(states, seeds):
    for i in prange(states.shape[0]):
        new_game(states[i], seeds[i])


@njit(cache=True, parallel=True)
def observe_batch(states, obs, masks, active):
    """Observation and legal mask of every game; ``active`` marks unfinished ones."""
    for i in prange(states.shape[0]):
        active[i] = states[i, PHASE] != PH_OVER
        observe(states[i], obs[i])
        legal_mask(states[i], masks[i])


@njit(cache=True, parallel=True)
def apply_batch(states, actions, active, decisions):
    for i in prange(states.shape[0]):
        if active[i]:
            apply(states[i], actions[i])
            decisions[i] += 1


@njit(cache=True)
def record_batch(states, decisions, out):
    for i in range(states.shape[0]):
        record_result(states[i], decisions[i], out[i])
