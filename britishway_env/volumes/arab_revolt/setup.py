"""Setup (2.1, "Arab Revolt: 1937-1939") and deck preparation as numba kernels."""

import numpy as np

from ...engine.coin import deck as coin_deck
from ...engine.coin.parameters import write_base
from ...engine.borrow import borrowed
from ...engine.jit import njit
from ..boards.palestine import N_SPACES, SPACE_NAMES
from .cards import N_EVENT_CARDS, PILE_BOTTOM, PILE_TOP, PILES, PROPAGANDA_CARDS, SHUFFLE_PROPAGANDA
from .layout import (
    AVAILABLE_BASES, AVAILABLE_GUERRILLAS, AVAILABLE_IRREGULARS, AVAILABLE_POLICE, AVAILABLE_TROOPS, BASES, CURFEW,
    FIRST_ELIGIBLE, GUERRILLAS_UNDERGROUND, OPPOSITION, OUT_OF_PLAY_TROOPS, POLICE, POLITICAL_WILL, REBELS, RNG,
    SPACE_FIELDS, SPACES, TROOPS, UNITY, UNITY_SETUP,
)
from .parameters import BASE

# The setup list (2.1): per space, Troops, Police, Guerrillas (Underground),
# Bases, Opposition. Spaces not named (the Railways, Transjordan, Egypt) are
# empty; Transjordan and Egypt start Out of Play (1.3.7).
SETUP = {
    "Lebanon": (0, 0, 1, 0, 0),
    "Syria": (0, 0, 2, 1, 0),
    "Galilee": (0, 1, 1, 0, 0),
    "Haifa City": (2, 1, 0, 0, 0),
    "Haifa District": (2, 1, 1, 0, 0),
    "Samaria": (0, 1, 2, 1, 1),
    "Tel Aviv-Jaffa": (2, 1, 0, 0, 0),
    "Lydda": (0, 1, 1, 0, 0),
    "Jerusalem City": (2, 1, 0, 0, 0),
    "Jerusalem District": (2, 1, 1, 0, 0),
    "Gaza": (0, 1, 0, 0, 0),
}
SETUP_PIECES = np.array([SETUP.get(name, (0, 0, 0, 0, 0)) for name in SPACE_NAMES], dtype=np.int64)
SETUP_POLITICAL_WILL = 18
SETUP_OUT_OF_PLAY_TROOPS = 5
# Available (2.1): Rebels 3 Bases, 6 Guerrillas; British 6 Irregulars (and
# the 3 Curfews, counted as those not on the map); no Troops or Police.
SETUP_AVAILABLE = {"troops": 0, "police": 0, "irregulars": 6, "guerrillas": 6, "bases": 3}
PROPAGANDA = np.array(PROPAGANDA_CARDS, dtype=np.int64)


@njit(cache=True)
def build_deck(state):
    """Deck preparation (2.1): the three Propaganda cards shuffled, one to each
    of three piles of 4 events on top of (its Propaganda card shuffled with 2
    events); the other 14 events are not used (engine/coin/deck.py)."""
    state = borrowed(state)
    coin_deck.build_deck(state, N_EVENT_CARDS, PROPAGANDA, PILE_TOP, PILE_BOTTOM, SHUFFLE_PROPAGANDA)


@njit(cache=True)
def setup(state, seed):
    """The 1937-1939 setup (2.1): Unity at the centre box, Political Will 18,
    the Rebels 1st Eligible, 5 Troops Out of Play, the pieces above, no chit
    out of its cup."""
    state = borrowed(state)
    state[:] = 0
    state[RNG] = seed
    write_base(state, BASE)
    for s in range(N_SPACES):
        base = SPACES + s * SPACE_FIELDS
        state[base + TROOPS] = SETUP_PIECES[s, 0]
        state[base + POLICE] = SETUP_PIECES[s, 1]
        state[base + GUERRILLAS_UNDERGROUND] = SETUP_PIECES[s, 2]
        state[base + BASES] = SETUP_PIECES[s, 3]
        state[base + OPPOSITION] = SETUP_PIECES[s, 4]
        state[base + CURFEW] = 0
    state[AVAILABLE_TROOPS] = 0
    state[AVAILABLE_POLICE] = 0
    state[AVAILABLE_IRREGULARS] = 6
    state[AVAILABLE_GUERRILLAS] = 6
    state[AVAILABLE_BASES] = 3
    state[OUT_OF_PLAY_TROOPS] = SETUP_OUT_OF_PLAY_TROOPS
    state[UNITY] = UNITY_SETUP
    state[POLITICAL_WILL] = SETUP_POLITICAL_WILL
    state[FIRST_ELIGIBLE] = REBELS
    coin_deck.write_base_rules(state, PILE_TOP, PILES)    # the printed deck preparation (2.1)
    build_deck(state)


@njit(cache=True)
def determinize(state, seed):
    """Resample what no player knows: the undrawn cards, keeping the piles'
    structure (2.1) and dealing the Propaganda cards not yet seen to the piles
    still owed one at random, so which pile holds A34 stays hidden; and the
    dice and chit draws (engine/coin/deck.py)."""
    state = borrowed(state)
    coin_deck.determinize_deck(state, seed, N_EVENT_CARDS, PROPAGANDA, PILE_TOP, PILE_BOTTOM, SHUFFLE_PROPAGANDA)
