"""Counting and moving pieces on the Arab Revolt board (1.3, 1.4, 1.6, 1.12)
as numba kernels: what Operations, Special Activities, chits, the Propaganda
Round and events all call.

Spaces are the 17 of the Palestine board; Transjordan and Egypt are in play
only after A30's shaded text (1.3.7). Nothing here knows whose turn it is.
"""

from ...engine.borrow import borrowed
from ...engine.jit import njit
from ..boards.palestine import CITY, DISTRICT, FOREIGN, N_SPACES, RAILWAY, SPACE_KIND, space_index
from .layout import (
    BASES, CURFEW, EXTRA_COUNTRIES, GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND, IRREGULARS_ACTIVE, IRREGULARS_UNDERGROUND, MAX_BASES_PER_SPACE, OPPOSITION, POLICE,
    SABOTAGE, SPACE_FIELDS, SPACES, TOTAL_SABOTAGE, TROOPS,
)

TRANSJORDAN = space_index("Transjordan")
EGYPT = space_index("Egypt")
HAIFA_DISTRICT = space_index("Haifa District")
SAMARIA = space_index("Samaria")
SYRIA = space_index("Syria")
LEBANON = space_index("Lebanon")


@njit(cache=True)
def at(s, piece):
    """Offset of ``piece`` in space ``s``."""
    return SPACES + s * SPACE_FIELDS + piece


@njit(cache=True)
def in_play(state, s):
    """Space ``s`` may hold pieces and be selected: every space but Transjordan
    and Egypt, which need A30's shaded text (1.3.7)."""
    state = borrowed(state)
    if s == TRANSJORDAN or s == EGYPT:
        return state[EXTRA_COUNTRIES] == 1
    return True


@njit(cache=True)
def is_palestine(s):
    """Districts, Cities and Railways: where the British may act (1.3.7)."""
    return SPACE_KIND[s] != FOREIGN


@njit(cache=True)
def takes_markers(s):
    """Opposition and Curfews go only in Districts and Cities (1.6, 1.12)."""
    return SPACE_KIND[s] == DISTRICT or SPACE_KIND[s] == CITY


@njit(cache=True)
def cubes(state, s):
    state = borrowed(state)
    return state[at(s, TROOPS)] + state[at(s, POLICE)]


@njit(cache=True)
def irregulars(state, s):
    state = borrowed(state)
    return state[at(s, IRREGULARS_UNDERGROUND)] + state[at(s, IRREGULARS_ACTIVE)]


@njit(cache=True)
def british_pieces(state, s):
    """Troops, Police and Irregulars (1.4)."""
    state = borrowed(state)
    return cubes(state, s) + irregulars(state, s)


@njit(cache=True)
def guerrillas(state, s):
    state = borrowed(state)
    return state[at(s, GUERRILLAS_UNDERGROUND)] + state[at(s, GUERRILLAS_ACTIVE)]


@njit(cache=True)
def rebel_pieces(state, s):
    """Guerrillas and Bases (1.4)."""
    state = borrowed(state)
    return guerrillas(state, s) + state[at(s, BASES)]


@njit(cache=True)
def map_total(state, piece):
    """``piece`` summed over every space on the map, Foreign Countries included (1.3.1)."""
    state = borrowed(state)
    n = 0
    for s in range(N_SPACES):
        n += state[at(s, piece)]
    return n


@njit(cache=True)
def place_sabotage(state, s):
    """A Sabotage marker on Railway ``s``, if one of the 15 is off the map
    (1.2); Operations, the Propaganda Round and events place only those
    (5.1.1, rules decision A-26)."""
    state = borrowed(state)
    if map_total(state, SABOTAGE) < TOTAL_SABOTAGE:
        state[at(s, SABOTAGE)] += 1


@njit(cache=True)
def bases_on_map(state):
    """Rebel Bases on the map, Foreign Countries included (8.0 counts Syria's)."""
    state = borrowed(state)
    return map_total(state, BASES)


@njit(cache=True)
def irregulars_on_map(state):
    state = borrowed(state)
    return map_total(state, IRREGULARS_UNDERGROUND) + map_total(state, IRREGULARS_ACTIVE)



@njit(cache=True)
def opposition_spaces(state):
    state = borrowed(state)
    return map_total(state, OPPOSITION)


@njit(cache=True, inline="always")
def base_room(state, s):
    """A Base may be placed in ``s``: in play, not a Railway, fewer than two (1.4.2)."""
    return in_play(state, s) and SPACE_KIND[s] != RAILWAY and state[at(s, BASES)] < MAX_BASES_PER_SPACE


@njit(cache=True)
def lift_curfews(state):
    """A Curfew leaves any space with no British piece (1.12: "ever empty");
    called after every step that moves or removes British pieces."""
    state = borrowed(state)
    for s in range(N_SPACES):
        if state[at(s, CURFEW)] > 0 and british_pieces(state, s) == 0:
            state[at(s, CURFEW)] = 0


@njit(cache=True, inline="always")
def curfews_on_map(state):
    return map_total(state, CURFEW)



