"""Compiled batch play of Palestine with a policy per seat.

``play_games`` runs whole games over all numba threads. Game ``i`` of a
batch started from ``base_seed`` is seeded with ``seed_from(base_seed, i)``
and its random policies draw from streams derived from that seed alone, so
the rows do not depend on the thread count or on how the batch is chunked.
"""

import numpy as np
from numba import njit, prange

from ...engine.rng import game_seeds, seed_from  # noqa: F401  (game_seeds: the batch's seeds, re-exported)
from .bots import choose_action
from .cards import DECK_SIZE
from .invariants import MAX_DECISIONS, NO_LEGAL_ACTION, OK, TOO_LONG, VIOLATIONS, check
from .layout import (
    A_EVENT_SIDE, BRITISH, CARD, D_BOX, DECK, DECK_DRAWN, IRGUN_WIN, N_ACTIONS, OUTCOME, POLITICAL_WILL,
    PROPAGANDA_DONE, STATE_SIZE,
)
from .turns import actor, apply, is_over, new_game, pending

N_ROUNDS = 3
MAX_EVENTS = DECK_SIZE          # at most one event per card (one Event box, 2.3.2)

# Columns of the per-game result rows.
R_OUTCOME = 0
R_DECISIONS = 1
R_POLITICAL_WILL = 2            # at the end
R_ROUNDS = 3                    # Political Will Phases played (= round of victory, 7.0)
R_PW_ROUND = 4                  # N_ROUNDS columns: Political Will after each Political Will Phase (6.1)
R_N_CARDS = R_PW_ROUND + N_ROUNDS
R_CARDS = R_N_CARDS + 1         # DECK_SIZE columns: card numbers in the order revealed
R_N_EVENTS = R_CARDS + DECK_SIZE
R_EVENTS = R_N_EVENTS + 1       # MAX_EVENTS columns: card * 4 + side * 2 + faction
R_VIOLATION = R_EVENTS + MAX_EVENTS
N_RESULT_COLUMNS = R_VIOLATION + 1

ILLEGAL_ACTION = len(VIOLATIONS)
FAILURES = VIOLATIONS + ("a policy chose an action the mask does not offer",)
SALT = (0x5DEECE66D, 0x2545F4914F6CDD1D)   # random-policy streams per seat


@njit(cache=True)
def encode_event(card, side, faction):
    return card * 4 + side * 2 + faction


@njit(cache=True)
def play_one(seed, policy_british, policy_irgun, check_every_step, out):
    """One game; ``out`` gets its result row (columns ``R_*``)."""
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    stream_b = np.full(1, seed ^ SALT[0], dtype=np.int64)
    stream_i = np.full(1, seed ^ SALT[1], dtype=np.int64)
    out[:] = 0
    new_game(state, seed)
    decisions = 0
    rounds = 0
    events = 0
    code = check(state) if check_every_step else OK
    while code == OK and not is_over(state):
        faction = actor(state)
        if faction == BRITISH:
            a = choose_action(policy_british, state, mask, stream_b)
        else:
            a = choose_action(policy_irgun, state, mask, stream_i)
        if a < 0:
            code = NO_LEGAL_ACTION
            break
        if mask[a] == 0:
            code = ILLEGAL_ACTION
            break
        # An event is executed when the Event box decision takes a side (5.0, 2.3.2).
        if pending(state) == D_BOX and A_EVENT_SIDE <= a < A_EVENT_SIDE + 2 and events < MAX_EVENTS:
            out[R_EVENTS + events] = encode_event(state[CARD], a - A_EVENT_SIDE, faction)
            events += 1
        done = state[PROPAGANDA_DONE]
        apply(state, a)
        decisions += 1
        if (state[PROPAGANDA_DONE] > done or state[OUTCOME] == IRGUN_WIN) and rounds < N_ROUNDS:
            out[R_PW_ROUND + rounds] = state[POLITICAL_WILL]
            rounds += 1
        if check_every_step:
            code = check(state)
        if decisions > MAX_DECISIONS:
            code = TOO_LONG
    out[R_OUTCOME] = state[OUTCOME]
    out[R_DECISIONS] = decisions
    out[R_POLITICAL_WILL] = state[POLITICAL_WILL]
    out[R_ROUNDS] = rounds
    out[R_N_CARDS] = state[DECK_DRAWN]
    for i in range(state[DECK_DRAWN]):
        out[R_CARDS + i] = state[DECK + i]
    out[R_N_EVENTS] = events
    out[R_VIOLATION] = code


@njit(cache=True, parallel=True)
def play_games(base_seed, first_game, n_games, policy_british, policy_irgun, check_every_step, out):
    """Games ``first_game .. first_game + n_games - 1`` into ``out`` rows (any thread count)."""
    for i in prange(n_games):
        play_one(seed_from(base_seed, first_game + i), policy_british, policy_irgun, check_every_step, out[i])
