"""Setup (2.1) and deck preparation as numba kernels."""

import numpy as np

from ...engine.coin import deck as coin_deck
from ...engine.coin.parameters import write_base
from ...engine.borrow import borrowed
from ...engine.jit import njit
from ..boards.cyprus import N_MAP_SPACES, SPACE_NAMES
from .cards import N_EVENT_CARDS, PILE_BOTTOM, PILE_TOP, PILES, PROPAGANDA_CARDS
from .layout import (
    ARMS_CACHES, AVAILABLE_CACHES, AVAILABLE_CELLS, AVAILABLE_POLICE, AVAILABLE_TROOPS, CELLS_UNDERGROUND, DEBATED,
    EOKA, FIRST_ELIGIBLE, OPINION, POLICE, POLITICAL_WILL, RNG, SPACE_FIELDS, SPACES, TROOPS,
)
from .parameters import BASE as BASE_PARAMETERS

# Setup Instructions (2.1), "Cyprus Emergency: 1955-1959": per map space,
# Troops, Police, Cells (Underground), Arms Caches.
SETUP = {
    "Paphos": (0, 0, 1, 0),
    "Limassol": (2, 0, 1, 0),
    "Nicosia": (2, 1, 1, 0),
    "Larnaca": (2, 1, 1, 0),
    "Famagusta": (0, 1, 1, 0),
    "Karpas": (0, 0, 0, 0),
    "Troodos": (0, 0, 1, 1),
    "Kyrenia": (0, 0, 0, 0),
    "Akrotiri": (3, 0, 0, 0),
    "Dhekelia": (3, 0, 0, 0),
}
SETUP_PIECES = np.array([SETUP[name] for name in SPACE_NAMES], dtype=np.int64)
SETUP_POLITICAL_WILL = 14
SETUP_AVAILABLE = {"troops": 0, "police": 3, "cells": 6, "arms_caches": 3}
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
    """The Cyprus Emergency 1955-1959 setup (2.1): International Opinion at
    Debated, Political Will 14, EOKA 1st Eligible, the pieces above."""
    state = borrowed(state)
    state[:] = 0
    state[RNG] = seed
    write_base(state, BASE_PARAMETERS)
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
    state[OPINION] = DEBATED
    state[POLITICAL_WILL] = SETUP_POLITICAL_WILL
    state[FIRST_ELIGIBLE] = EOKA
    coin_deck.write_base_rules(state, PILE_TOP, PILES)    # the printed deck preparation (2.1)
    build_deck(state)


@njit(cache=True)
def determinize(state, seed):
    """Resample what no player knows: the undrawn cards (keeping the piles'
    structure, 2.1) and the dice (engine/coin/deck.py)."""
    state = borrowed(state)
    coin_deck.determinize_deck(state, seed, N_EVENT_CARDS, PROPAGANDA, PILE_TOP, PILE_BOTTOM, False)
