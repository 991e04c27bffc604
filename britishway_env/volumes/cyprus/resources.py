"""Dice, Intel Chits (1.6.1), International Opinion (1.9, 6.5) and Political Will (1.8)
as numba kernels: what Operations, Special Activities, the Propaganda Round and
events all call."""

import numpy as np

from ...engine.coin import chits
from ...engine.coin.propaganda import shift_political_will
from ...engine.borrow import borrowed
from ...engine.jit import njit
from ...engine.rng import roll
from ..boards.cyprus import N_MAP_SPACES
from .layout import FORCED, FORCED_CAPACITY, INTEL_CHITS_PER_VALUE, INTEL_HELD, OPINION, OPINION_MAX, PW_MAX, \
    RNG, SABOTAGE, SPACE_FIELDS, SPACES, TOTAL_SABOTAGE

# The most faces of any roll during play, so forced values must be below it:
# a six-sided die, and a chit drawn from the Intel bag (1.6.1, at most all
# nine chits in it). The deck is shuffled only at setup (2.1).
DIE_FACES = 6
MAX_ROLL_FACES = max(DIE_FACES, 3 * INTEL_CHITS_PER_VALUE)
INTEL_CHITS = np.full(3, INTEL_CHITS_PER_VALUE, dtype=np.int64)   # values 0, 1, 2 (1.6.1)


@njit(cache=True)
def die(state):
    """A die roll 1..6 (forced values are 0-based faces)."""
    state = borrowed(state)
    return 1 + roll(state, DIE_FACES, RNG, FORCED, FORCED_CAPACITY)


@njit(cache=True)
def draw_intel(state):
    """The British draw one random chit from the bag (1.6.1); its value, or -1 if empty.
    A forced roll picks the chit by index in the bag, 0s first, then 1s, then 2s."""
    state = borrowed(state)
    return chits.draw_chit(state, INTEL_HELD, INTEL_CHITS)


@njit(cache=True)
def return_intel(state, value):
    """A spent or discarded chit goes back to the bag (1.6.1)."""
    state = borrowed(state)
    chits.return_chit(state, INTEL_HELD, value)


@njit(cache=True)
def intel_total(state):
    state = borrowed(state)
    return state[INTEL_HELD] + state[INTEL_HELD + 1] + state[INTEL_HELD + 2]


@njit(cache=True)
def intel_in_bag(state):
    state = borrowed(state)
    return 3 * INTEL_CHITS_PER_VALUE - intel_total(state)


@njit(cache=True)
def discard_highest_intel(state):
    """Infiltrate: the highest-value chit the British hold goes back to the bag (4.3.2)."""
    state = borrowed(state)
    for v in range(2, -1, -1):
        if state[INTEL_HELD + v] > 0:
            return_intel(state, v)
            return


@njit(cache=True)
def shift_opinion(state, steps):
    """International Opinion moves ``steps`` to the right (negative: left,
    towards Ignored), within Ignored..Condemned (6.5)."""
    state = borrowed(state)
    state[OPINION] = min(OPINION_MAX, max(0, state[OPINION] + steps))


@njit(cache=True)
def add_political_will(state, delta):
    """Shift Political Will within 0..15 (1.8, 5.1.1)."""
    state = borrowed(state)
    shift_political_will(state, delta, PW_MAX)


@njit(cache=True)
def map_total(state, piece):
    state = borrowed(state)
    n = 0
    for s in range(N_MAP_SPACES):
        n += state[SPACES + s * SPACE_FIELDS + piece]
    return n


@njit(cache=True)
def sabotage_left(state):
    """Sabotage markers not on the map: the game has 15 (1.2). Operations and
    events place only those (5.1.1, rules decision C-29)."""
    state = borrowed(state)
    return TOTAL_SABOTAGE - map_total(state, SABOTAGE)


@njit(cache=True)
def place_sabotage(state, s):
    """A Sabotage marker in space ``s``, if one is left (C-29)."""
    state = borrowed(state)
    if sabotage_left(state) > 0:
        state[SPACES + s * SPACE_FIELDS + SABOTAGE] += 1
