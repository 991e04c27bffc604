"""Setup (2.1) and deck preparation as numba kernels."""

import numpy as np
from numba import njit

from ...engine.rng import roll, shuffle_slice
from ..boards.palestine import N_MAP_SPACES
from .cards import N_EVENT_CARDS, PILE_BOTTOM, PILE_TOP, PILES, PROPAGANDA_CARDS
from .layout import (
    ARMS_CACHES, AVAILABLE_CACHES, AVAILABLE_CELLS, AVAILABLE_POLICE, AVAILABLE_TROOPS,
    CELLS_UNDERGROUND, DECK, DECK_DRAWN, FIRST_ELIGIBLE, FORCED, FORCED_CAPACITY, HAGANAH, IRGUN,
    POLICE, POLITICAL_WILL, RNG, SPACE_FIELDS, SPACES, TROOPS,
)

# Setup Instructions (2.1): per map space (board order)
# Troops, Police, Cells (Underground), Arms Caches.
SETUP_PIECES = np.array([
    [2, 0, 1, 0],   # Galilee
    [0, 0, 1, 0],   # Haifa District
    [2, 0, 1, 0],   # Samaria
    [0, 0, 1, 1],   # Lydda
    [0, 0, 1, 1],   # Jerusalem District
    [2, 0, 1, 0],   # Gaza
    [2, 1, 1, 0],   # Haifa City
    [2, 1, 1, 0],   # Tel Aviv-Jaffa
    [2, 1, 1, 0],   # Jerusalem City
    [0, 0, 0, 0],   # Egypt-Tel Aviv Railway
    [0, 0, 0, 0],   # Tel Aviv-Jerusalem Railway
    [0, 0, 0, 0],   # Tel Aviv-Haifa Railway
    [0, 0, 0, 0],   # Haifa-Syria Railway
], dtype=np.int64)
PROPAGANDA = np.array(PROPAGANDA_CARDS, dtype=np.int64)


@njit(cache=True)
def build_deck(state):
    """Deck preparation (2.1): 18 of the 32 events in three piles of 7 cards.

    Each pile is 4 events on top of a Propaganda card shuffled with 2
    events; the piles are stacked, so a Propaganda card is always among the
    last 3 cards of each pile. The other 14 events are not used.
    """
    events = np.arange(1, N_EVENT_CARDS + 1)
    for i in range(N_EVENT_CARDS - 1, 0, -1):
        j = roll(state, i + 1, RNG, FORCED, FORCED_CAPACITY)
        events[i], events[j] = events[j], events[i]
    k = 0
    pos = DECK
    for p in range(PILES):
        for _ in range(PILE_TOP):
            state[pos] = events[k]
            pos += 1
            k += 1
        bottom = pos
        state[pos] = PROPAGANDA[p]
        pos += 1
        for _ in range(PILE_BOTTOM - 1):
            state[pos] = events[k]
            pos += 1
            k += 1
        shuffle_slice(state, bottom, pos, RNG, FORCED, FORCED_CAPACITY)
    state[DECK_DRAWN] = 0


@njit(cache=True)
def setup(state, seed):
    """The Palestine Emergency 1945-1947 setup (2.1)."""
    state[:] = 0
    state[RNG] = seed
    for s in range(N_MAP_SPACES):
        base = SPACES + s * SPACE_FIELDS
        state[base + TROOPS] = SETUP_PIECES[s, 0]
        state[base + POLICE] = SETUP_PIECES[s, 1]
        state[base + CELLS_UNDERGROUND] = SETUP_PIECES[s, 2]
        state[base + ARMS_CACHES] = SETUP_PIECES[s, 3]
    state[AVAILABLE_TROOPS] = 0
    state[AVAILABLE_POLICE] = 3
    state[AVAILABLE_CELLS] = 6
    state[AVAILABLE_CACHES] = 3
    state[HAGANAH] = 4            # no Irgun pieces on the track at 4
    state[POLITICAL_WILL] = 18
    state[FIRST_ELIGIBLE] = IRGUN
    build_deck(state)


@njit(cache=True)
def determinize(state, seed):
    """Resample what no player knows: the undrawn cards and the dice.

    The undrawn positions keep the deck's pile structure (2.1): a pile whose
    Propaganda card has not come up gets it back at a random undrawn spot
    among its bottom three; every other undrawn spot gets an event drawn
    from those not yet played (the 14 set-aside events are unknown too).
    """
    state[RNG] = seed
    state[FORCED] = 0
    state[FORCED + 1] = 0
    drawn = state[DECK_DRAWN]
    played = np.zeros(N_EVENT_CARDS + PILES + 1, dtype=np.int64)
    for i in range(drawn):
        played[state[DECK + i]] = 1
    pool = np.zeros(N_EVENT_CARDS, dtype=np.int64)
    n_pool = 0
    for e in range(1, N_EVENT_CARDS + 1):
        if played[e] == 0:
            pool[n_pool] = e
            n_pool += 1
    for i in range(n_pool - 1, 0, -1):
        j = roll(state, i + 1, RNG, FORCED, FORCED_CAPACITY)
        pool[i], pool[j] = pool[j], pool[i]
    k = 0
    size = PILE_TOP + PILE_BOTTOM
    for p in range(PILES):
        start = DECK + p * size
        spot = -1
        if played[PROPAGANDA[p]] == 0:
            first = max(start + PILE_TOP, DECK + drawn)
            spot = first + roll(state, start + size - first, RNG, FORCED, FORCED_CAPACITY)
        for pos in range(max(start, DECK + drawn), start + size):
            if pos == spot:
                state[pos] = PROPAGANDA[p]
            else:
                state[pos] = pool[k]
                k += 1
