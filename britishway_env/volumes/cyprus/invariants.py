"""Invariants of a Cyprus game (DESIGN.md quality bar: fuzzing, no dead
ends): piece totals (1.2, 1.4), stacking (1.4.2), Curfews (1.10), tracks
(1.8, 1.9), chits (1.6.1), and the decision machinery's own tallies."""

from ...engine.jit import njit
from ...engine.policy import uniform_legal
from ..boards.cyprus import BASE, N_MAP_SPACES, SPACE_KIND, TOWN
from .layout import (
    ARMS_CACHES, AVAILABLE_CACHES, AVAILABLE_CELLS, AVAILABLE_POLICE, AVAILABLE_TROOPS, CAPABILITIES, CELLS_ACTIVE,
    CELLS_UNDERGROUND, CURFEW, CURFEW_OWED, D_BOX, DECISION, EV_CARD, EV_MODE, INTEL_CHITS_PER_VALUE, INTEL_HELD,
    MOVED_ACTIVE, MOVED_HERE, OP, OP_TRAVEL, OPINION, OPINION_MAX, POLICE, POLITICAL_WILL, PRISON, PW_MAX,
    SPACE_FIELDS, SPACES, SUEZ_TROOPS, TOTAL_CACHES, TOTAL_CELLS, TOTAL_CURFEWS, TOTAL_POLICE, TOTAL_TROOPS, TROOPS,
)
from .turns import legal_mask

(OK, BAD_TROOPS, BAD_POLICE, BAD_CELLS, BAD_CACHES, BAD_STACKING, BAD_CURFEW, BAD_TRACKS,
 NEGATIVE, NO_LEGAL_ACTION, TOO_LONG, BAD_EVENT, BAD_TALLY) = range(13)
VIOLATIONS = ("ok", "Troops not conserved (12)", "Police not conserved (6)", "Cells not conserved (12)",
              "Arms Caches not conserved (4)", "Arms Cache stacking (1.4.2)", "Curfew rules (1.4.2, 1.10)",
              "Political Will / International Opinion / Intel out of bounds", "negative piece count",
              "no legal action in an unfinished game", "game too long",
              "event state left over outside an event, or a capability out of range",
              "Travel tally out of range (3.3.2)")
MAX_DECISIONS = 20000


@njit(cache=True)
def check(state):
    troops = state[AVAILABLE_TROOPS] + state[SUEZ_TROOPS]
    police = state[AVAILABLE_POLICE]
    cells = state[AVAILABLE_CELLS] + state[PRISON]
    caches = state[AVAILABLE_CACHES]
    curfews = 0
    for v in (AVAILABLE_TROOPS, SUEZ_TROOPS, AVAILABLE_POLICE, AVAILABLE_CELLS, PRISON, AVAILABLE_CACHES):
        if state[v] < 0:
            return NEGATIVE
    for s in range(N_MAP_SPACES):
        base = SPACES + s * SPACE_FIELDS
        for p in range(SPACE_FIELDS):
            if state[base + p] < 0:
                return NEGATIVE
        troops += state[base + TROOPS]
        police += state[base + POLICE]
        cells += state[base + CELLS_UNDERGROUND] + state[base + CELLS_ACTIVE]
        caches += state[base + ARMS_CACHES]
        if state[base + ARMS_CACHES] > 2 or (SPACE_KIND[s] == BASE and state[base + ARMS_CACHES] > 0):
            return BAD_STACKING
        if state[base + CURFEW] > 0:
            if SPACE_KIND[s] != TOWN or state[base + CURFEW] > 1 \
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
    owed = state[CURFEW_OWED]
    if owed != 0 and (not 1 <= owed <= N_MAP_SPACES or SPACE_KIND[owed - 1] != TOWN or curfews != TOTAL_CURFEWS
                      or state[SPACES + (owed - 1) * SPACE_FIELDS + CURFEW] != 0):
        return BAD_CURFEW
    if not 0 <= state[POLITICAL_WILL] <= PW_MAX or not 0 <= state[OPINION] <= OPINION_MAX:
        return BAD_TRACKS
    for v in range(3):
        if not 0 <= state[INTEL_HELD + v] <= INTEL_CHITS_PER_VALUE:
            return BAD_TRACKS
    for c in range(9):
        if not 0 <= state[CAPABILITIES + c] <= 2:
            return BAD_EVENT
    if state[DECISION] == D_BOX and (state[EV_CARD] != 0 or state[EV_MODE] != 0):
        return BAD_EVENT
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
