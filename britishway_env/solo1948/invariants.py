"""Invariants of a 1948 solo game, checked after every step by the fuzzers.

``check(state)`` returns 0 when the row is consistent, otherwise the code of
the first broken invariant (names in ``VIOLATIONS``).
"""

import numpy as np
from numba import njit, prange

from ..engine.rng import seed_from
from .cards import (
    ARAB_COPIES, ARAB_DECK_SIZE, ISRAELI_COPIES, ISRAELI_DECK_SIZE, N_ARAB_TYPES, N_EVENTS,
    N_FRONTS, N_ISRAELI_TYPES, TOKENS_PER_FRONT,
)
from .layout import (
    ARAB_DECK, ARAB_DRAWN, ARAB_TT, ARAB_UNITS, EVENT_DECK, EVENT_DRAWN, ISRAELI_DECK,
    ISRAELI_DRAWN, ISRAELI_UNITS, MAX_TURNS, MOVED, N_ACTIONS, PENDING, PENDING_CAPACITY,
    PENDING_COUNT, PH_OVER, PHASE, STATE_SIZE, TURN,
)
from .policies import choose
from .rules import apply, legal_mask, new_game

OK, BAD_TOKENS, TOO_MANY_ISRAELI, TOO_MANY_ARAB, BAD_DECK, BAD_EVENT_DECK, BAD_MOVED, \
    NO_LEGAL_ACTION, TOO_LONG, BAD_PENDING = range(10)
VIOLATIONS = ("ok", "Territory Tokens outside 0..6", "more Israeli cards in play than printed",
              "more Arab cards in play than printed", "unit deck not a permutation of the deckset",
              "event deck not a permutation of the 46 events", "more units marked transferred than present",
              "no legal action in an unfinished game", "game longer than the turn limit",
              "cards waiting to deploy out of range")


@njit(cache=True)
def check(state):
    for f in range(N_FRONTS):
        if state[ARAB_TT + f] < 0 or state[ARAB_TT + f] > TOKENS_PER_FRONT:
            return BAD_TOKENS
    n = state[PENDING_COUNT]
    if n < 0 or n > PENDING_CAPACITY:
        return BAD_PENDING
    # Card conservation: undrawn + on the map + waiting <= printed copies
    # (the rest are discarded), and the decks hold exactly the deckset.
    israeli = np.zeros(N_ISRAELI_TYPES, dtype=np.int64)
    deck = np.zeros(N_ISRAELI_TYPES, dtype=np.int64)
    for i in range(ISRAELI_DECK_SIZE):
        deck[state[ISRAELI_DECK + i]] += 1
        if i >= state[ISRAELI_DRAWN]:
            israeli[state[ISRAELI_DECK + i]] += 1
    for i in range(n):
        israeli[state[PENDING + i]] += 1
    for f in range(N_FRONTS):
        for t in range(N_ISRAELI_TYPES):
            c = state[ISRAELI_UNITS + f * N_ISRAELI_TYPES + t]
            if c < 0 or state[MOVED + f * N_ISRAELI_TYPES + t] > c:
                return BAD_MOVED
            israeli[t] += c
    for t in range(N_ISRAELI_TYPES):
        if deck[t] != ISRAELI_COPIES[t]:
            return BAD_DECK
        if israeli[t] > ISRAELI_COPIES[t]:
            return TOO_MANY_ISRAELI
    arab = np.zeros(N_ARAB_TYPES, dtype=np.int64)
    deck = np.zeros(N_ARAB_TYPES, dtype=np.int64)
    for i in range(ARAB_DECK_SIZE):
        deck[state[ARAB_DECK + i]] += 1
        if i >= state[ARAB_DRAWN]:
            arab[state[ARAB_DECK + i]] += 1
    for f in range(N_FRONTS):
        for t in range(N_ARAB_TYPES):
            arab[t] += state[ARAB_UNITS + f * N_ARAB_TYPES + t]
    for t in range(N_ARAB_TYPES):
        if deck[t] != ARAB_COPIES[t]:
            return BAD_DECK
        if arab[t] > ARAB_COPIES[t]:
            return TOO_MANY_ARAB
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


@njit(cache=True, parallel=True)
def fuzz(base_seed, n_games, policy, out):
    """Play ``n_games`` games checking :func:`check` and the mask after every step.

    ``out[i]`` gets (first violation code or 0, decisions played).
    """
    for i in prange(n_games):
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        mask = np.zeros(N_ACTIONS, dtype=np.int8)
        seed = seed_from(base_seed, i)
        stream = np.full(1, seed, dtype=np.int64)
        new_game(state, seed)
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
        out[i, 0] = code
        out[i, 1] = steps
