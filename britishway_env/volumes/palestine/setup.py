"""Setup (2.1) and deck preparation as numba kernels."""

import numpy as np
from ...engine.borrow import borrowed
from ...engine.jit import njit

from ...engine.coin import deck as coin_deck
from ...engine.coin.parameters import write_base
from ..boards.palestine import N_MAP_SPACES
from .cards import N_EVENT_CARDS, PILE_BOTTOM, PILE_TOP, PILES, PROPAGANDA_CARDS
from .layout import (
    ARMS_CACHES, AVAILABLE_CACHES, AVAILABLE_CELLS, AVAILABLE_POLICE, AVAILABLE_TROOPS,
    CELLS_UNDERGROUND, FIRST_ELIGIBLE, HAGANAH, IRGUN, POLICE, POLITICAL_WILL, RNG, SPACE_FIELDS, SPACES, TROOPS,
)
from .parameters import BASE

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
    """Deck preparation (2.1): 18 of the 32 events in three piles of 7 cards,
    each pile 4 events on top of a Propaganda card shuffled with 2 events; the
    other 14 events are not used (engine/coin/deck.py)."""
    state = borrowed(state)
    coin_deck.build_deck(state, N_EVENT_CARDS, PROPAGANDA, PILE_TOP, PILE_BOTTOM, False)


@njit(cache=True)
def setup(state, seed):
    """The Palestine Emergency 1945-1947 setup (2.1)."""
    state = borrowed(state)
    state[:] = 0
    state[RNG] = seed
    write_base(state, BASE)
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
    coin_deck.write_base_rules(state, PILE_TOP, PILES)    # the printed deck preparation (2.1)
    build_deck(state)


@njit(cache=True)
def determinize(state, seed):
    """Resample what no player knows: the undrawn cards (keeping the piles'
    structure, 2.1) and the dice (engine/coin/deck.py)."""
    state = borrowed(state)
    coin_deck.determinize_deck(state, seed, N_EVENT_CARDS, PROPAGANDA, PILE_TOP, PILE_BOTTOM, False)
