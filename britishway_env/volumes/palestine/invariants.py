"""Invariants of a Palestine game (DESIGN.md quality bar: fuzzing, no dead
ends), checked after every decision of the compiled random games of
``playout`` when asked (``play_random_games(..., check_every_step=True, ...)``:
the invariant fuzzer)."""

from ...engine.jit import njit

from ...engine.policy import uniform_legal
from ..boards.palestine import CITY, N_MAP_SPACES, RAILWAY, SPACE_KIND
from .layout import (
    ARMS_CACHES, AVAILABLE_CACHES, AVAILABLE_CELLS, AVAILABLE_POLICE, AVAILABLE_TROOPS,
    CELLS_ACTIVE, CELLS_OUT_OF_GAME, CELLS_UNDERGROUND, CURFEW, HAGANAH, INTEL_CHITS_PER_VALUE,
    INTEL_HELD, CAPABILITIES, D_BOX, DECISION, EV_CARD, EV_MODE, POLICE, POLITICAL_WILL, PRISON, PW_MAX,
    SABOTAGE, SPACE_FIELDS, SPACES, TERROR, TOTAL_CACHES, TOTAL_CELLS, TOTAL_CURFEWS, TOTAL_MARKERS, TOTAL_POLICE,
    TOTAL_TROOPS, TRACK_CACHE_4,
    TRACK_CELLS_3, TRACK_CELLS_4, TROOPS, D_MASS_DETENTION, DETAIN_LEFT, MOVED_ACTIVE, MOVED_HERE, OP,
    OP_TRAVEL,
)
from .turns import legal_mask

(OK, BAD_TROOPS, BAD_POLICE, BAD_CELLS, BAD_CACHES, BAD_STACKING, BAD_CURFEW, BAD_TRACKS,
 NEGATIVE, NO_LEGAL_ACTION, TOO_LONG, BAD_EVENT, BAD_TALLY, BAD_MARKERS) = range(14)
VIOLATIONS = ("ok", "Troops not conserved (12)", "Police not conserved (6)", "Cells not conserved (15)",
              "Arms Caches not conserved (5)", "Arms Cache stacking (1.4.2)", "Curfew rules (1.4.2, 1.10)",
              "Political Will / Haganah / Intel out of bounds", "negative piece count",
              "no legal action in an unfinished game", "game too long",
              "event state left over outside an event, or a capability out of range",
              "Mass Detention or Travel tally out of range (4.2.3, 3.3.2)",
              "more Sabotage and Terror markers on the map than the 15 (1.2, P-39)")
MAX_DECISIONS = 20000


@njit(cache=True)
def check(state):
    troops = state[AVAILABLE_TROOPS]
    police = state[AVAILABLE_POLICE]
    cells = (state[AVAILABLE_CELLS] + state[PRISON] + state[CELLS_OUT_OF_GAME] + state[TRACK_CELLS_4]
             + state[TRACK_CELLS_3])
    caches = state[AVAILABLE_CACHES] + state[TRACK_CACHE_4]
    curfews = 0
    markers = 0
    for s in range(N_MAP_SPACES):
        base = SPACES + s * SPACE_FIELDS
        for p in range(SPACE_FIELDS):
            if state[base + p] < 0:
                return NEGATIVE
        troops += state[base + TROOPS]
        police += state[base + POLICE]
        cells += state[base + CELLS_UNDERGROUND] + state[base + CELLS_ACTIVE]
        caches += state[base + ARMS_CACHES]
        markers += state[base + SABOTAGE] + state[base + TERROR]
        if state[base + ARMS_CACHES] > 2 or (SPACE_KIND[s] == RAILWAY and state[base + ARMS_CACHES] > 0):
            return BAD_STACKING
        if state[base + CURFEW] > 0:
            if SPACE_KIND[s] != CITY or state[base + CURFEW] > 1 \
                    or state[base + TROOPS] + state[base + POLICE] == 0:
                return BAD_CURFEW
            curfews += 1
    if troops != TOTAL_TROOPS:
        return BAD_TROOPS
    if police != TOTAL_POLICE:
        return BAD_POLICE
    if cells != TOTAL_CELLS:
        return BAD_CELLS
    if caches != TOTAL_CACHES:
        return BAD_CACHES
    if curfews > TOTAL_CURFEWS:
        return BAD_CURFEW
    if markers > TOTAL_MARKERS:
        return BAD_MARKERS
    if not 0 <= state[POLITICAL_WILL] <= PW_MAX or not 0 <= state[HAGANAH] <= 4:
        return BAD_TRACKS
    for v in range(3):
        if not 0 <= state[INTEL_HELD + v] <= INTEL_CHITS_PER_VALUE:
            return BAD_TRACKS
    for c in range(8):
        if not 0 <= state[CAPABILITIES + c] <= 2:
            return BAD_EVENT
    if state[DECISION] == D_BOX and (state[EV_CARD] != 0 or state[EV_MODE] != 0):
        return BAD_EVENT
    if (state[DETAIN_LEFT] != 0) != (state[DECISION] == D_MASS_DETENTION) or not 0 <= state[DETAIN_LEFT] <= 6:
        return BAD_TALLY
    for s in range(N_MAP_SPACES):
        base = SPACES + s * SPACE_FIELDS
        if not 0 <= state[MOVED_ACTIVE + s] <= state[MOVED_HERE + s] \
                or (state[MOVED_ACTIVE + s] != 0 and state[OP] != OP_TRAVEL):
            return BAD_TALLY
        if state[OP] == OP_TRAVEL and (state[MOVED_ACTIVE + s] > state[base + CELLS_ACTIVE]
                                       or state[MOVED_HERE + s] - state[MOVED_ACTIVE + s]
                                       > state[base + CELLS_UNDERGROUND]):
            return BAD_TALLY
    return OK


@njit(cache=True, inline="always")
def random_action(state, mask, stream):
    legal_mask(state, mask)
    return uniform_legal(mask, stream)
