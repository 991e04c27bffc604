"""Intel Chits (1.6.1) and the Haganah Track (6.5) as numba kernels.

These are the shared resource mechanics that Operations, Special
Activities, the Propaganda Round and events all call.
"""

import numpy as np
from ...engine.borrow import borrowed
from ...engine.jit import njit

from ...engine.coin import chits
from ...engine.rng import roll
from ..boards.palestine import N_MAP_SPACES
from .layout import (
    ARMS_CACHES, AVAILABLE_CACHES, AVAILABLE_CELLS, CELLS_ACTIVE, CELLS_UNDERGROUND, FORCED,
    FORCED_CAPACITY, HAGANAH, HAGANAH_BOX3_CELLS, HAGANAH_BOX4_CACHES, HAGANAH_BOX4_CELLS,
    INTEL_CHITS_PER_VALUE, INTEL_HELD, OWED_CACHE_4, OWED_CELLS_3, OWED_CELLS_4, PRISON, RNG, SABOTAGE,
    SPACE_FIELDS, SPACES, TERROR, TOTAL_MARKERS, TRACK_CACHE_4, TRACK_CELLS_3, TRACK_CELLS_4,
)


# The most faces of any roll during play, so forced values must be below it:
# a six-sided die, and a chit drawn from the Intel bag (1.6.1, at most all
# three values' chits in it). The deck is shuffled only at setup (2.1).
DIE_FACES = 6
MAX_ROLL_FACES = max(DIE_FACES, 3 * INTEL_CHITS_PER_VALUE)
INTEL_CHITS = np.full(3, INTEL_CHITS_PER_VALUE, dtype=np.int64)   # values 0, 1, 2 (1.6.1)


@njit(cache=True)
def die(state, faces=DIE_FACES):
    """A die roll 1..faces (forced values are 0-based faces)."""
    state = borrowed(state)
    return 1 + roll(state, faces, RNG, FORCED, FORCED_CAPACITY)


# ------------------------------------------------------------ Intel Chits --

@njit(cache=True)
def intel_in_bag(state, value):
    state = borrowed(state)
    return chits.in_pool(state, INTEL_HELD, INTEL_CHITS, value)


@njit(cache=True)
def draw_intel(state):
    """British draw one random chit from the bag (1.6.1); its value, or -1 if empty.

    A forced roll picks the chit by index in the bag, counted by value
    (all 0s first, then 1s, then 2s: engine/coin/chits.py).
    """
    state = borrowed(state)
    return chits.draw_chit(state, INTEL_HELD, INTEL_CHITS)


@njit(cache=True)
def return_intel(state, value):
    """A spent or discarded chit goes back to the bag (1.6.1)."""
    state = borrowed(state)
    chits.return_chit(state, INTEL_HELD, value)


# ---------------------------------------------------------- Haganah Track --

@njit(cache=True)
def map_total(state, piece):
    state = borrowed(state)
    n = 0
    for s in range(N_MAP_SPACES):
        n += state[SPACES + s * SPACE_FIELDS + piece]
    return n


@njit(cache=True)
def markers_left(state):
    """Sabotage/Terror markers off the map. The counter mix has 15, Sabotage on
    one side and Terror on the other (1.2), so the two kinds share them;
    Operations and events place only those (5.1.1, rules decision P-39)."""
    state = borrowed(state)
    n = TOTAL_MARKERS
    for s in range(N_MAP_SPACES):
        n -= state[SPACES + s * SPACE_FIELDS + SABOTAGE] + state[SPACES + s * SPACE_FIELDS + TERROR]
    return n


@njit(cache=True)
def haganah_shift_right(state):
    """Shift right (6.5.1, events only); entering 3 or 4 from below frees the
    pieces under that box to Available (6.5.2)."""
    state = borrowed(state)
    if state[HAGANAH] >= 4:
        return
    state[HAGANAH] += 1
    if state[HAGANAH] == 3:
        state[AVAILABLE_CELLS] += state[TRACK_CELLS_3]
        state[TRACK_CELLS_3] = 0
        state[OWED_CELLS_3] = 0
    elif state[HAGANAH] == 4:
        state[AVAILABLE_CELLS] += state[TRACK_CELLS_4]
        state[AVAILABLE_CACHES] += state[TRACK_CACHE_4]
        state[TRACK_CELLS_4] = 0
        state[TRACK_CACHE_4] = 0
        state[OWED_CELLS_4] = 0
        state[OWED_CACHE_4] = 0


@njit(cache=True)
def haganah_shift_left(state):
    """Shift left (6.5.1); leaving 4 or 3 refills the box's spots (6.5.2).

    Pieces come from Available first. What is still missing is owed from
    the map, where the Irgun choose (left in ``OWED_*`` for that decision)
    unless no choice exists; Cells then come from Prison.
    """
    state = borrowed(state)
    if state[HAGANAH] <= 0:
        return
    leaving = state[HAGANAH]
    state[HAGANAH] = leaving - 1
    if leaving == 4:
        cells = min(HAGANAH_BOX4_CELLS - state[TRACK_CELLS_4], state[AVAILABLE_CELLS])
        state[AVAILABLE_CELLS] -= cells
        state[TRACK_CELLS_4] += cells
        state[OWED_CELLS_4] = HAGANAH_BOX4_CELLS - state[TRACK_CELLS_4]
        caches = min(HAGANAH_BOX4_CACHES - state[TRACK_CACHE_4], state[AVAILABLE_CACHES])
        state[AVAILABLE_CACHES] -= caches
        state[TRACK_CACHE_4] += caches
        state[OWED_CACHE_4] = HAGANAH_BOX4_CACHES - state[TRACK_CACHE_4]
    elif leaving == 3:
        cells = min(HAGANAH_BOX3_CELLS - state[TRACK_CELLS_3], state[AVAILABLE_CELLS])
        state[AVAILABLE_CELLS] -= cells
        state[TRACK_CELLS_3] += cells
        state[OWED_CELLS_3] = HAGANAH_BOX3_CELLS - state[TRACK_CELLS_3]
    settle_owed_without_choice(state)


@njit(cache=True)
def owed_cells(state):
    state = borrowed(state)
    return state[OWED_CELLS_4] + state[OWED_CELLS_3]


@njit(cache=True)
def _take_owed_cell(state):
    """Credit one owed Cell to its box (box 4 first)."""
    state = borrowed(state)
    if state[OWED_CELLS_4] > 0:
        state[OWED_CELLS_4] -= 1
        state[TRACK_CELLS_4] += 1
    else:
        state[OWED_CELLS_3] -= 1
        state[TRACK_CELLS_3] += 1


@njit(cache=True)
def settle_owed_without_choice(state):
    """Fill owed spots wherever the Irgun have no choice to make.

    All map Cells go when they are no more than what is owed; once the map
    has none, Cells come from Prison. An owed Arms Cache with none on the
    map leaves its spot empty (they cannot be in Prison).
    """
    state = borrowed(state)
    if owed_cells(state) > 0 and map_total(state, CELLS_UNDERGROUND) + map_total(state, CELLS_ACTIVE) <= owed_cells(state):
        for s in range(N_MAP_SPACES):
            for piece in (CELLS_UNDERGROUND, CELLS_ACTIVE):
                idx = SPACES + s * SPACE_FIELDS + piece
                while state[idx] > 0:
                    state[idx] -= 1
                    _take_owed_cell(state)
        while owed_cells(state) > 0 and state[PRISON] > 0:
            state[PRISON] -= 1
            _take_owed_cell(state)
        state[OWED_CELLS_4] = 0
        state[OWED_CELLS_3] = 0
    if state[OWED_CACHE_4] > 0 and map_total(state, ARMS_CACHES) <= state[OWED_CACHE_4]:
        for s in range(N_MAP_SPACES):
            idx = SPACES + s * SPACE_FIELDS + ARMS_CACHES
            while state[idx] > 0 and state[OWED_CACHE_4] > 0:
                state[idx] -= 1
                state[OWED_CACHE_4] -= 1
                state[TRACK_CACHE_4] += 1
        state[OWED_CACHE_4] = 0


@njit(cache=True, inline="always")
def remove_owed_from_space(state, space, piece):
    """The Irgun's choice: one owed piece leaves ``space`` for the track."""
    idx = SPACES + space * SPACE_FIELDS + piece
    state[idx] -= 1
    if piece == ARMS_CACHES:
        state[OWED_CACHE_4] -= 1
        state[TRACK_CACHE_4] += 1
    else:
        _take_owed_cell(state)
    settle_owed_without_choice(state)


@njit(cache=True)
def negotiate_modifier(state):
    """What Negotiate adds to its die (4.2.2): 1 per Terror marker on the map."""
    state = borrowed(state)
    return map_total(state, TERROR)


@njit(cache=True, inline="always")
def negotiate(state):
    """Negotiate (4.2.2): a die plus 1 per Terror marker on the map; if it beats
    the track, shift left; at 0, draw an Intel Chit instead (6.5.4).

    Returns the modified roll.
    """
    result = die(state) + negotiate_modifier(state)
    if state[HAGANAH] == 0:
        draw_intel(state)
    elif result > state[HAGANAH]:
        haganah_shift_left(state)
    return result
