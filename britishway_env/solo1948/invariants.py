"""Invariants of a 1948 solo game, checked after every step by the fuzzers.

``check(state)`` returns 0 when the row is consistent, otherwise the code of
the first broken invariant (names in ``VIOLATIONS``).
"""

import numpy as np
from numba import prange
from ..engine.jit import njit

from ..engine.rng import seed_from
from .cards import (
    ARAB_COPIES, ARAB_DECK_SIZE, ISRAELI_COPIES, ISRAELI_DECK_SIZE, N_EVENTS,
    N_FRONTS, N_ISRAELI_TYPES, TOKENS_PER_FRONT,
)
from .layout import (
    ARAB_DECK, ARAB_DRAWN, ARAB_TT, EVENT_DECK, EVENT_DRAWN, ISRAELI_DECK,
    ISRAELI_DRAWN, ISRAELI_UNITS, MAX_TURNS, MOVED, N_ACTIONS, PENDING, PENDING_CAPACITY,
    PENDING_COUNT, PH_OVER, PHASE, STATE_SIZE, TURN,
)
from .policies import choose
from .rules import ARAB, ISRAELI, apply, legal_mask, new_game, side_units

OK, BAD_TOKENS, TOO_MANY_ISRAELI, TOO_MANY_ARAB, BAD_DECK, BAD_EVENT_DECK, BAD_MOVED, \
    NO_LEGAL_ACTION, TOO_LONG, BAD_PENDING = range(10)
MAX_STEPS = 100 * MAX_TURNS   # decisions: far more than any game takes
VIOLATIONS = ("ok", "Territory Tokens outside 0..6", "more Israeli cards in play than printed",
              "more Arab cards in play than printed", "unit deck not a permutation of the deckset",
              "event deck not a permutation of the 46 events", "more units marked transferred than present",
              "no legal action in an unfinished game", "game longer than the turn limit",
              "cards waiting to deploy out of range")


@njit(cache=True)
def side_cards(state, side, deck, deck_size, drawn, copies):
    """Code of a broken card-conservation rule for one side, or OK.

    The deck array must hold exactly the printed copies; the undrawn part,
    the units on the map and (Israeli) the cards waiting to deploy may not
    exceed them (the rest are discarded).
    """
    ntypes = len(copies)
    whole = np.zeros(ntypes, dtype=np.int64)
    in_play = np.zeros(ntypes, dtype=np.int64)
    for i in range(deck_size):
        whole[state[deck + i]] += 1
        if i >= state[drawn]:
            in_play[state[deck + i]] += 1
    if side == ISRAELI:
        for i in range(state[PENDING_COUNT]):
            in_play[state[PENDING + i]] += 1
    for f in range(N_FRONTS):
        base, _ = side_units(side, f)
        for t in range(ntypes):
            in_play[t] += state[base + t]
    for t in range(ntypes):
        if whole[t] != copies[t]:
            return BAD_DECK
        if in_play[t] > copies[t]:
            return TOO_MANY_ISRAELI if side == ISRAELI else TOO_MANY_ARAB
    return OK


@njit(cache=True)
def check(state):
    for f in range(N_FRONTS):
        if state[ARAB_TT + f] < 0 or state[ARAB_TT + f] > TOKENS_PER_FRONT:
            return BAD_TOKENS
    n = state[PENDING_COUNT]
    if n < 0 or n > PENDING_CAPACITY:
        return BAD_PENDING
    for i in range(N_FRONTS * N_ISRAELI_TYPES):
        if state[ISRAELI_UNITS + i] < 0 or state[MOVED + i] > state[ISRAELI_UNITS + i]:
            return BAD_MOVED
    code = side_cards(state, ISRAELI, ISRAELI_DECK, ISRAELI_DECK_SIZE, ISRAELI_DRAWN, ISRAELI_COPIES)
    if code == OK:
        code = side_cards(state, ARAB, ARAB_DECK, ARAB_DECK_SIZE, ARAB_DRAWN, ARAB_COPIES)
    if code != OK:
        return code
    seen = np.zeros(N_EVENTS, dtype=np.int64)
    for i in range(N_EVENTS):
        seen[state[EVENT_DECK + i]] += 1
    for e in range(N_EVENTS):
        if seen[e] != 1:
            return BAD_EVENT_DECK
    if state[EVENT_DRAWN] < 0 or state[EVENT_DRAWN] > N_EVENTS:
        return BAD_EVENT_DECK
    if state[TURN] > MAX_TURNS:
        return TOO_LONG
    return OK


@njit(cache=True)
def play_out(state, policy, stream, max_steps):
    """Play ``policy`` from ``state`` (changed in place) checking :func:`check`
    and the mask after every step: (first violation code or 0, steps)."""
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    code = check(state)
    steps = 0
    while code == OK and state[PHASE] != PH_OVER:
        legal_mask(state, mask)
        if mask.sum() == 0:
            code = NO_LEGAL_ACTION
            break
        apply(state, choose(policy, state, mask, stream))
        steps += 1
        code = check(state)
        if steps > max_steps:
            code = TOO_LONG
    return code, steps


@njit(cache=True, parallel=True)
def fuzz(base_seed, n_games, policy, out):
    """Play ``n_games`` games checking :func:`check` and the mask after every step.

    ``out[i]`` gets (first violation code or 0, decisions played).
    """
    for i in prange(n_games):
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        seed = seed_from(base_seed, i)
        stream = np.full(1, seed, dtype=np.int64)
        new_game(state, seed)
        code, steps = play_out(state, policy, stream, MAX_STEPS)
        out[i, 0] = code
        out[i, 1] = steps
