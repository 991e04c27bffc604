"""Invariants of an Arab Revolt game (DESIGN.md quality bar: fuzzing, no
dead ends): piece totals (1.2, 1.4, 1.3.6, A24, A28), stacking and where
pieces and markers may be (1.3.7, 1.4.2, 1.6, 1.9, 1.12), tracks (1.10,
6.6), the two chit pools (1.7, 1.8), and the decision machinery's tallies."""

from ...engine.jit import njit
from ...engine.policy import uniform_legal
from ..boards.palestine import CITY, DISTRICT, FOREIGN, N_SPACES, RAILWAY, SPACE_KIND
from .layout import (
    AVAILABLE_BASES, AVAILABLE_GUERRILLAS, AVAILABLE_IRREGULARS, AVAILABLE_POLICE, AVAILABLE_TROOPS, BASES,
    CAPABILITIES, CENTRALIZED, CURFEW, D_BOX, DECISION, EV_CARD, EV_MODE, GUERRILLAS_ACTIVE, GUERRILLAS_UNDERGROUND,
    IRREGULARS_ACTIVE, IRREGULARS_UNDERGROUND, MAX_BASES_PER_SPACE, MOVED_ACTIVE, MOVED_HERE, OP, OP_MARCH,
    OPPOSITION, OPS_DRAWN, OPS_HELD, OPS_IN_PLAY, OPS_PER_KIND, OPS_TAKEN, OUT_OF_PLAY_TROOPS, POLICE,
    POLITICAL_WILL, PRISON_BASES, PRISON_GUERRILLAS, PUN_DRAWN, PUN_HELD, PUN_IN_PLAY, PUN_PER_KIND, PUN_TAKEN,
    PW_MAX, SABOTAGE, SPACE_FIELDS, SPACES, TEGART_POLICE, TOTAL_BASES, TOTAL_CURFEWS, TOTAL_GUERRILLAS,
    TOTAL_IRREGULARS, TOTAL_POLICE, TOTAL_TROOPS, TROOPS, UNITY,
)
from .pieces import in_play
from .turns import legal_mask

(OK, BAD_TROOPS, BAD_POLICE, BAD_IRREGULARS, BAD_GUERRILLAS, BAD_BASES, BAD_STACKING, BAD_CURFEW, BAD_MARKERS,
 BAD_TRACKS, NEGATIVE, NO_LEGAL_ACTION, TOO_LONG, BAD_EVENT, BAD_TALLY, BAD_CHITS, BAD_FOREIGN) = range(17)
VIOLATIONS = ("ok", "Troops not conserved (15)", "Police not conserved (9)", "Irregulars not conserved (6)",
              "Guerrillas not conserved (15)", "Bases not conserved (5)", "Base stacking (1.4.2)",
              "Curfew rules (1.4.2, 1.12)", "Opposition or Sabotage where it cannot be (1.6, 1.9)",
              "Political Will / Unity out of bounds", "negative piece count",
              "no legal action in an unfinished game", "game too long",
              "event state left over outside an event, or a capability out of range",
              "March tally out of range (3.3.2)", "chit pools out of balance (1.7, 1.8)",
              "a British piece in a Foreign Country, or a piece in one Out of Play (1.3.7, 1.4.2)")
MAX_DECISIONS = 20000


@njit(cache=True)
def pool_ok(state, taken, held, drawn, in_play_field, per_kind, in_play_is_value):
    """Per kind: held + drawn (+ the one in play) <= taken <= the kind's total."""
    chit = state[in_play_field] - 1          # kind of the chit in play, -1 none
    if not -1 <= chit < per_kind.shape[0]:
        return False
    for k in range(per_kind.shape[0]):
        if state[held + k] < 0 or state[drawn + k] < 0:
            return False
        used = state[held + k] + state[drawn + k] + (1 if k == chit else 0)
        if not used <= state[taken + k] <= per_kind[k]:
            return False
    return True


@njit(cache=True)
def check(state):
    troops = state[AVAILABLE_TROOPS] + state[OUT_OF_PLAY_TROOPS]
    police = state[AVAILABLE_POLICE] + state[TEGART_POLICE]
    irregulars = state[AVAILABLE_IRREGULARS]
    guerrillas = state[AVAILABLE_GUERRILLAS] + state[PRISON_GUERRILLAS]
    bases = state[AVAILABLE_BASES] + state[PRISON_BASES]
    curfews = 0
    for v in (AVAILABLE_TROOPS, OUT_OF_PLAY_TROOPS, AVAILABLE_POLICE, TEGART_POLICE, AVAILABLE_IRREGULARS,
              AVAILABLE_GUERRILLAS, PRISON_GUERRILLAS, AVAILABLE_BASES, PRISON_BASES):
        if state[v] < 0:
            return NEGATIVE
    for s in range(N_SPACES):
        base = SPACES + s * SPACE_FIELDS
        total = 0
        for p in range(SPACE_FIELDS):
            if state[base + p] < 0:
                return NEGATIVE
            total += state[base + p]
        kind = SPACE_KIND[s]
        british = state[base + TROOPS] + state[base + POLICE] + state[base + IRREGULARS_UNDERGROUND] \
            + state[base + IRREGULARS_ACTIVE]
        troops += state[base + TROOPS]
        police += state[base + POLICE]
        irregulars += state[base + IRREGULARS_UNDERGROUND] + state[base + IRREGULARS_ACTIVE]
        guerrillas += state[base + GUERRILLAS_UNDERGROUND] + state[base + GUERRILLAS_ACTIVE]
        bases += state[base + BASES]
        if (kind == FOREIGN and british > 0) or (not in_play(state, s) and total > 0):
            return BAD_FOREIGN
        if state[base + BASES] > MAX_BASES_PER_SPACE or (kind == RAILWAY and state[base + BASES] > 0):
            return BAD_STACKING
        if state[base + CURFEW] > 0:
            if (kind != DISTRICT and kind != CITY) or state[base + CURFEW] > 1 or british == 0:
                return BAD_CURFEW
            curfews += 1
        if state[base + OPPOSITION] > 1 or (state[base + OPPOSITION] > 0 and kind != DISTRICT and kind != CITY):
            return BAD_MARKERS
        if state[base + SABOTAGE] > 0 and kind != RAILWAY:
            return BAD_MARKERS
    if troops != TOTAL_TROOPS:
        return BAD_TROOPS
    if police != TOTAL_POLICE:
        return BAD_POLICE
    if irregulars != TOTAL_IRREGULARS:
        return BAD_IRREGULARS
    if guerrillas != TOTAL_GUERRILLAS:
        return BAD_GUERRILLAS
    if bases != TOTAL_BASES:
        return BAD_BASES
    if curfews > TOTAL_CURFEWS:
        return BAD_CURFEW
    if not 0 <= state[POLITICAL_WILL] <= PW_MAX or not 0 <= state[UNITY] <= CENTRALIZED:
        return BAD_TRACKS
    if not pool_ok(state, OPS_TAKEN, OPS_HELD, OPS_DRAWN, OPS_IN_PLAY, OPS_PER_KIND, True) \
            or not pool_ok(state, PUN_TAKEN, PUN_HELD, PUN_DRAWN, PUN_IN_PLAY, PUN_PER_KIND, False):
        return BAD_CHITS
    for c in range(7):
        if not 0 <= state[CAPABILITIES + c] <= 2:
            return BAD_EVENT
    if state[DECISION] == D_BOX and (state[EV_CARD] != 0 or state[EV_MODE] != 0):
        return BAD_EVENT
    for s in range(N_SPACES):
        base = SPACES + s * SPACE_FIELDS
        if state[OP] == OP_MARCH and (not 0 <= state[MOVED_ACTIVE + s] <= state[MOVED_HERE + s]
                                      or state[MOVED_ACTIVE + s] > state[base + GUERRILLAS_ACTIVE]
                                      or state[MOVED_HERE + s] - state[MOVED_ACTIVE + s]
                                      > state[base + GUERRILLAS_UNDERGROUND]):
            return BAD_TALLY
    return OK


@njit(cache=True, inline="always")
def random_action(state, mask, stream):
    legal_mask(state, mask)
    return uniform_legal(mask, stream)
