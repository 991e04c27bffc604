"""The 32 Arab Revolt events (5.0-5.4, 9.0) as numba kernels.

An event runs as a small script over the state row: ``event_script`` carries
out the text of ``state[EV_CARD]`` (side ``EV_SIDE``) from step ``EV_STEP``
until it needs something and says what with a request code of the shared
protocol (engine/coin/events.py). The decision machinery in :mod:`turns`
answers the requests, so this module knows the cards and nothing about how
Operations are sequenced.

"Pick" steps (remove, place or move pieces space by space) share one
mechanism: ``EV_PICK`` says what choosing a space does; ``EV_LEFT`` how many
picks are left; ``EV_OPTIONAL`` whether the chooser may stop ("up to",
"may"); ``EV_BITS`` which spaces were picked already, for picks that take
each space once. Whoever the text names decides its choices (5.1); readings
of unclear texts: docs/rules_decisions.md, A-1 onwards.
"""

import numpy as np

from ...engine.coin.events import REQ_DONE, REQ_WAIT, grant_special_activity, request_choice_of_operation, \
    request_operation, set_pick
from ...engine.borrow import borrowed
from ...engine.jit import njit
from ..boards.palestine import CITY, DISTRICT, FOREIGN, N_SPACES, SPACE_KIND
from .layout import (
    AVAILABLE_GUERRILLAS, AVAILABLE_IRREGULARS, AVAILABLE_POLICE, BASES, BRITISH, CAP_SHADED, CAP_TEGART_FORTS,
    CAPABILITIES, CUR, CUR2, CURFEW, D_DISCARD_CHIT,
    D_EVENT_OPTION, D_EVENT_RESUME, D_EVENT_SPACE, DECISION, DEMOLISH, EV_BITS, EV_CARD, EV_DECIDER, EV_FACTION,
    EV_FILTER, EV_LEFT, EV_OPTIONAL, EV_PICK, EV_SIDE, EV_SPACE, EV_STEP, EVENT_COUNT, EVENT_SPACES,
    EXTRA_COUNTRIES, F_ANY, F_CITY_CURFEW, F_CURFEW_DISTRICT, F_DISTRICT, F_EVENT_SPACE, F_HAIFA_AREA,
    F_SAMARIA, F_SAMARIA_AREA, GUERRILLAS_ACTIVE, GUERRILLAS_UNDERGROUND, IRREGULARS_UNDERGROUND, MODE_AMBUSH_OPPOSITION,
    MODE_LIMITED, MODE_OPTIONAL, MODE_VARIANT, MODE_VARIANT_2, MUNICH_DONE, OP_AMBUSH, OP_ASSAULT,
    OP_MARCH, OP_SWEEP, OPPOSITION, OUT_OF_PLAY_TROOPS, POLICE, PRISON_BASES, PRISON_GUERRILLAS, PUN_DRAWN,
    PUN_HELD, REBELS, UNITY, CENTRALIZED, CHIT_THIS_CARD, OPS_IN_PLAY, FINE, SA_AIR_RECON, SA_DIVIDE,
    SA_MOBILIZE, SA_PUNISH, SA_RAID, SABOTAGE, TEGART_POLICE,
    TEGART_POLICE_COUNT, TOTAL_CURFEWS, TROOPS,
)
from .operations import (
    ADJACENT, activate_irregular, can_punish_in, demolish, detain_mobilization, demolish_mobilization,
    place_from_available, remove_base, remove_guerrilla, remove_irregular,
)
from .pieces import (
    EGYPT, HAIFA_DISTRICT, LEBANON, SAMARIA, SYRIA, TRANSJORDAN, at, bases_on_map, british_pieces, curfews_on_map,
    guerrillas, in_play, irregulars, irregulars_on_map, is_palestine, lift_curfews, opposition_spaces, place_sabotage,
    rebel_pieces, takes_markers,
)
from .resources import (
    add_political_will, bases_modified_roll, capability, die, draw_operations_chit_to_hold, draw_punishment_chits,
    operations_value, punishment_available, punishment_cup_total, punishment_held, return_drawn_punishment_chits,
    roll_under_bases, shift_unity,
)

# What choosing a space does in a pick step (A_SPACE).
(PICK_NONE, PICK_REMOVE_OPPOSITION_POLICE, PICK_MOBILIZATION_POLICE, PICK_IRREGULAR_DISTRICT_TROOPS,
 PICK_CURFEW_DISTRICT_TROOPS, PICK_DEMOLISH_TROOPS, PICK_REMOVE_IRREGULAR, PICK_IRREGULAR_NEAR_SABOTAGE,
 PICK_REPLACE_IRREGULAR, PICK_OPPOSITION_ACTIVE_GUERRILLA, PICK_CURFEW_CITY, PICK_TROOP_OUT_OF_PLAY,
 PICK_POLICE_TO_CARD, PICK_SABOTAGE_IRREGULAR, PICK_TROOP_TO_CITY, PICK_BASE_IRREGULAR_SPACE,
 PICK_MARKED_SPACE) = range(17)
N_PICKS = 17
PICK_VERBS = (
    "", "remove the Opposition from {}", "Mobilization in {}", "place an Irregular in {}", "place a Curfew in {}",
    "Demolish in {}", "remove an Irregular from {}", "remove an Irregular from {}",
    "replace an Irregular with a Guerrilla in {}", "remove the Opposition from {}", "place a Curfew in {}",
    "send a Troop from {} Out of Play", "put a Police from {} on Tegart Forts", "Sabotage with an Irregular in {}",
    "the Troop goes to {}", "Sweep and Assault in {}", "{}",
)
# PICK_MARKED_SPACE chooses one of the spaces the event marked (EVENT_SPACES);
# the event's next step acts there (EV_SPACE). What that is, per card:
MARKED_SPACE_VERBS = {7: "a Limited Operation in {}", 31: "place a Guerrilla in {}"}
# Picks that take each space once ("each", "up to N spaces").
PICK_EACH = np.zeros(N_PICKS, dtype=np.int64)
for _kind in (PICK_MOBILIZATION_POLICE, PICK_IRREGULAR_DISTRICT_TROOPS, PICK_CURFEW_DISTRICT_TROOPS,
              PICK_DEMOLISH_TROOPS, PICK_IRREGULAR_NEAR_SABOTAGE, PICK_OPPOSITION_ACTIVE_GUERRILLA,
              PICK_CURFEW_CITY, PICK_SABOTAGE_IRREGULAR, PICK_MARKED_SPACE):
    PICK_EACH[_kind] = 1

# The slot of each capability card in CAPABILITIES (-1: not a capability).
CAPABILITY_SLOT = np.full(36, -1, dtype=np.int64)
for _slot, _card in enumerate((1, 2, 8, 15, 18, 27, 28)):
    CAPABILITY_SLOT[_card] = _slot
BRITISH_CAPABILITY_SLOTS = np.array((0, 3, 4, 6), dtype=np.int64)     # A1, A15, A18, A28 (A16)
SHADED_CANCELLABLE_SLOTS = np.array((0, 3, 4), dtype=np.int64)        # A1, A15, A18 (A28 has one text)
# Cards with one text only (A11, A19, A24, A26, A28): the shaded side does not exist.
SINGLE_TEXT = np.zeros(36, dtype=np.int64)
for _card in (11, 19, 24, 26, 28):
    SINGLE_TEXT[_card] = 1
NOT_OFFERED = np.zeros(36, dtype=np.int64)    # Mandatory events are never chosen from the Event box (5.4)
NOT_OFFERED[11] = 1
NOT_OFFERED[24] = 1


# ------------------------------------------------------------- helpers --

@njit(cache=True)
def remove_guerrilla_by(state, s, to_prison, chooser):
    """An event removes one Guerrilla from ``s``: the British take an
    Underground one first, the Rebels an Active one first."""
    state = borrowed(state)
    remove_guerrilla(state, s, to_prison, chooser == BRITISH)


@njit(cache=True)
def event_filter_ok(state, s):
    """The spaces an event's Operation or Special Activity is restricted to (EV_FILTER)."""
    state = borrowed(state)
    return filter_ok(state, state[EV_FILTER], s)


@njit(cache=True, inline="always")
def filter_ok(state, f, s):
    """Does space ``s`` pass filter ``f`` (F_*)?"""
    if f == F_ANY:
        return True
    if f == F_HAIFA_AREA:
        return s == HAIFA_DISTRICT or ADJACENT[s, HAIFA_DISTRICT] == 1
    if f == F_SAMARIA_AREA:
        return s == SAMARIA or ADJACENT[s, SAMARIA] == 1
    if f == F_SAMARIA:
        return s == SAMARIA
    if f == F_DISTRICT:
        return SPACE_KIND[s] == DISTRICT
    if f == F_EVENT_SPACE:
        return s == state[EV_SPACE]
    if f == F_CURFEW_DISTRICT:
        return SPACE_KIND[s] == DISTRICT and state[at(s, CURFEW)] > 0
    if f == F_CITY_CURFEW:
        return SPACE_KIND[s] == CITY and state[at(s, CURFEW)] > 0
    return False


@njit(cache=True)
def count_spaces(state, f):
    """Spaces that pass filter ``f``."""
    state = borrowed(state)
    n = 0
    for s in range(N_SPACES):
        if filter_ok(state, f, s):
            n += 1
    return n


@njit(cache=True)
def any_space(state, f):
    """Whether a space passes filter ``f`` (:func:`count_spaces` > 0, stopping at the first)."""
    state = borrowed(state)
    for s in range(N_SPACES):
        if filter_ok(state, f, s):
            return True
    return False


@njit(cache=True)
def foreign_with_rebels(state):
    """A11: Foreign Countries holding Rebel pieces."""
    state = borrowed(state)
    n = 0
    for s in range(N_SPACES):
        if SPACE_KIND[s] == FOREIGN and rebel_pieces(state, s) > 0:
            n += 1
    return n


@njit(cache=True)
def rebels_in_prison(state):
    state = borrowed(state)
    return state[PRISON_GUERRILLAS] + state[PRISON_BASES]


@njit(cache=True)
def british_capabilities(state):
    """A16 shaded: British Capabilities in play (A1, A15, A18, A28, either text)."""
    state = borrowed(state)
    n = 0
    for slot in BRITISH_CAPABILITY_SLOTS:
        if state[CAPABILITIES + slot] != 0:
            n += 1
    return n


@njit(cache=True)
def cities_for_curfew(state):
    """A22 unshaded: Cities with British and Rebel pieces and no Curfew yet."""
    state = borrowed(state)
    n = 0
    for s in range(N_SPACES):
        if pick_space_ok_kind(state, PICK_CURFEW_CITY, s, 0):
            n += 1
    return n


@njit(cache=True)
def foreign_bases(state):
    state = borrowed(state)
    return state[at(SYRIA, BASES)] + state[at(LEBANON, BASES)] + state[at(TRANSJORDAN, BASES)] \
        + state[at(EGYPT, BASES)]


@njit(cache=True)
def send_country_to_prison(state, s):
    """A31 unshaded: every Rebel piece in ``s`` to Prison."""
    state = borrowed(state)
    state[PRISON_GUERRILLAS] += guerrillas(state, s)
    state[at(s, GUERRILLAS_UNDERGROUND)] = 0
    state[at(s, GUERRILLAS_ACTIVE)] = 0
    state[PRISON_BASES] += state[at(s, BASES)]
    state[at(s, BASES)] = 0


@njit(cache=True)
def foreign_fighters_left(state):
    """A31 shaded: the Guerrillas it may place, in Prison and Available (5.1.1)."""
    state = borrowed(state)
    return state[PRISON_GUERRILLAS] + state[AVAILABLE_GUERRILLAS]


@njit(cache=True)
def place_foreign_fighter(state, s):
    """A31 shaded: an Underground Guerrilla in ``s``, from Prison, else Available."""
    state = borrowed(state)
    if state[PRISON_GUERRILLAS] > 0:
        state[PRISON_GUERRILLAS] -= 1
        state[at(s, GUERRILLAS_UNDERGROUND)] += 1
    else:
        place_from_available(state, s, GUERRILLAS_UNDERGROUND)


@njit(cache=True)
def remove_country_bases(state, s):
    """A9 unshaded: every Base in ``s`` to Available."""
    state = borrowed(state)
    for _ in range(state[at(s, BASES)]):
        remove_base(state, s, False)


# ---------------------------------------------------------------- picks --

@njit(cache=True)
def pick_space_ok_kind(state, kind, s, used_bits):
    """May a pick of ``kind`` choose space ``s``? Stacking and Available as 5.1.1 says."""
    state = borrowed(state)
    if PICK_EACH[kind] and (used_bits >> s) & 1:
        return False
    if not in_play(state, s):
        return False
    kind_s = SPACE_KIND[s]
    if kind == PICK_REMOVE_OPPOSITION_POLICE:
        return state[at(s, POLICE)] > 0 and state[at(s, OPPOSITION)] > 0
    if kind == PICK_MOBILIZATION_POLICE:
        return state[at(s, POLICE)] > 0
    if kind == PICK_IRREGULAR_DISTRICT_TROOPS:
        return kind_s == DISTRICT and state[at(s, TROOPS)] > 0 and state[AVAILABLE_IRREGULARS] > 0
    if kind == PICK_CURFEW_DISTRICT_TROOPS:
        return kind_s == DISTRICT and state[at(s, TROOPS)] > 0 and state[at(s, CURFEW)] == 0 \
            and curfews_on_map(state) < TOTAL_CURFEWS
    if kind == PICK_DEMOLISH_TROOPS:
        return can_punish_in(state, s)
    if kind == PICK_REMOVE_IRREGULAR:
        return irregulars(state, s) > 0
    if kind == PICK_IRREGULAR_NEAR_SABOTAGE:
        if irregulars(state, s) == 0:
            return False
        if state[at(s, SABOTAGE)] > 0:
            return True
        for t in range(N_SPACES):
            if ADJACENT[s, t] == 1 and state[at(t, SABOTAGE)] > 0:
                return True
        return False
    if kind == PICK_REPLACE_IRREGULAR:
        return irregulars(state, s) > 0
    if kind == PICK_OPPOSITION_ACTIVE_GUERRILLA:
        return state[at(s, OPPOSITION)] > 0 and state[at(s, GUERRILLAS_ACTIVE)] > 0
    if kind == PICK_CURFEW_CITY:
        return kind_s == CITY and state[at(s, CURFEW)] == 0 and british_pieces(state, s) > 0 \
            and rebel_pieces(state, s) > 0 and curfews_on_map(state) < TOTAL_CURFEWS
    if kind == PICK_TROOP_OUT_OF_PLAY:
        return state[at(s, TROOPS)] > 0
    if kind == PICK_POLICE_TO_CARD:
        return state[at(s, POLICE)] > 0
    if kind == PICK_SABOTAGE_IRREGULAR:
        return is_palestine(s) and state[at(s, IRREGULARS_UNDERGROUND)] > 0
    if kind == PICK_TROOP_TO_CITY:
        return kind_s == CITY
    if kind == PICK_BASE_IRREGULAR_SPACE:
        return (kind_s == DISTRICT or kind_s == CITY) and state[at(s, BASES)] > 0 and irregulars(state, s) > 0
    if kind == PICK_MARKED_SPACE:
        return (state[EVENT_SPACES] >> s) & 1 == 1
    return False


@njit(cache=True)
def pick_space_ok(state, s, alt):
    state = borrowed(state)
    if alt:
        return False
    return state[EV_LEFT] > 0 and pick_space_ok_kind(state, state[EV_PICK], s, state[EV_BITS])


@njit(cache=True)
def any_pick(state, kind):
    state = borrowed(state)
    for s in range(N_SPACES):
        if pick_space_ok_kind(state, kind, s, 0):
            return True
    return False


@njit(cache=True)
def pick_effect(state, s, alt):
    """Carry out one pick in space ``s``."""
    state = borrowed(state)
    kind = state[EV_PICK]
    chooser = state[EV_DECIDER]
    if kind == PICK_REMOVE_OPPOSITION_POLICE or kind == PICK_OPPOSITION_ACTIVE_GUERRILLA:
        state[at(s, OPPOSITION)] = 0
    elif kind == PICK_MOBILIZATION_POLICE:
        if state[CUR2] == 0:
            detain_mobilization(state, s)
        elif state[CUR2] == DEMOLISH:
            demolish_mobilization(state, s)
    elif kind == PICK_IRREGULAR_DISTRICT_TROOPS:
        place_from_available(state, s, IRREGULARS_UNDERGROUND)
    elif kind == PICK_CURFEW_DISTRICT_TROOPS or kind == PICK_CURFEW_CITY:
        state[at(s, CURFEW)] = 1
    elif kind == PICK_DEMOLISH_TROOPS:
        demolish(state, s)
        state[EVENT_COUNT] += 1
    elif kind == PICK_REMOVE_IRREGULAR or kind == PICK_IRREGULAR_NEAR_SABOTAGE:
        remove_irregular(state, s)
    elif kind == PICK_REPLACE_IRREGULAR:
        remove_irregular(state, s)
        place_from_available(state, s, GUERRILLAS_UNDERGROUND)
    elif kind == PICK_TROOP_OUT_OF_PLAY:
        state[at(s, TROOPS)] -= 1
        state[OUT_OF_PLAY_TROOPS] += 1
    elif kind == PICK_POLICE_TO_CARD:
        state[at(s, POLICE)] -= 1
        state[TEGART_POLICE] += 1
    elif kind == PICK_SABOTAGE_IRREGULAR:
        activate_irregular(state, s)
        if takes_markers(s):
            state[at(s, OPPOSITION)] = 1
        else:
            place_sabotage(state, s)
    elif kind == PICK_TROOP_TO_CITY:
        state[at(state[CUR], TROOPS)] -= 1
        state[at(s, TROOPS)] += 1
        state[EVENT_SPACES] &= ~(1 << state[CUR])
        state[EV_LEFT] -= 1
        lift_curfews(state)
        next_troop_to_city(state)
        return
    elif kind == PICK_BASE_IRREGULAR_SPACE:
        state[EV_SPACE] = s
    elif kind == PICK_MARKED_SPACE:
        state[EV_SPACE] = s
        state[EVENT_SPACES] &= ~(1 << s)
    lift_curfews(state)
    state[EV_LEFT] -= 1
    if PICK_EACH[kind]:
        state[EV_BITS] |= 1 << s
    continue_pick(state)
    _ = chooser


@njit(cache=True)
def next_troop_to_city(state):
    """A32 shaded: the next space with a Base and a Troop sends one to a City."""
    state = borrowed(state)
    for s in range(N_SPACES):
        if (state[EVENT_SPACES] >> s) & 1 and state[at(s, TROOPS)] > 0:
            state[CUR] = s
            state[EV_LEFT] = 1
            state[DECISION] = D_EVENT_SPACE
            return
    state[EVENT_SPACES] = 0
    end_pick(state)


@njit(cache=True)
def continue_pick(state):
    """Ask for the next pick, or go on with the text when none is left."""
    state = borrowed(state)
    if state[EV_LEFT] > 0:
        for s in range(N_SPACES):
            if pick_space_ok(state, s, False):
                state[DECISION] = D_EVENT_SPACE
                return REQ_WAIT
    end_pick(state)
    return REQ_WAIT


@njit(cache=True)
def end_pick(state):
    state = borrowed(state)
    state[EV_PICK] = PICK_NONE
    state[EV_LEFT] = 0
    state[EV_OPTIONAL] = 0
    state[EV_BITS] = 0
    state[CUR] = -1
    state[DECISION] = D_EVENT_RESUME


@njit(cache=True)
def begin_pick(state, kind, n, optional, decider, next_step):
    state = borrowed(state)
    set_pick(state, kind, n, optional, decider, next_step)
    state[CUR] = -1
    return continue_pick(state)


@njit(cache=True)
def stop_pick(state):
    """The chooser stops an "up to" / "may" pick early."""
    state = borrowed(state)
    state[EV_LEFT] = 0
    if state[EV_PICK] == PICK_MARKED_SPACE:
        state[EVENT_SPACES] = 0
    continue_pick(state)



@njit(cache=True)
def choose_operation(state, decider, space_filter, mode, next_step):
    """``decider`` may carry out one Limited Operation of any type in the
    filter's spaces (A7, A11, A13, A25, A26)."""
    state = borrowed(state)
    request = request_choice_of_operation(state, decider, 1, mode, next_step)
    state[EV_FILTER] = space_filter
    return request


# -------------------------------------------------------------- options --

@njit(cache=True)
def option_ok(state, option):
    """The two options of a D_EVENT_OPTION decision: Syria (0) or Lebanon (1)
    for A9 and A31 unshaded."""
    state = borrowed(state)
    return country_ok(state, state[EV_CARD], option)


@njit(cache=True)
def country_ok(state, card, option):
    """A9 unshaded: Syria (0) or Lebanon (1) holds a Base; A31 unshaded: a Rebel piece."""
    state = borrowed(state)
    s = SYRIA if option == 0 else LEBANON
    if card == 9:
        return state[at(s, BASES)] > 0
    if card == 31:
        return rebel_pieces(state, s) > 0
    return False


@njit(cache=True)
def option_chosen(state, option):
    state = borrowed(state)
    card = state[EV_CARD]
    s = SYRIA if option == 0 else LEBANON
    if card == 9:
        remove_country_bases(state, s)
        state[EV_STEP] = 2
    elif card == 31:
        send_country_to_prison(state, s)
        state[EV_STEP] = 2
    state[DECISION] = D_EVENT_RESUME


@njit(cache=True)
def either_country(state, card, next_step):
    """A9 / A31 unshaded: one of Syria and Lebanon; the executor chooses when both qualify."""
    state = borrowed(state)
    syria = country_ok(state, card, 0)
    lebanon = country_ok(state, card, 1)
    if syria and lebanon:
        state[EV_STEP] = 1
        state[EV_DECIDER] = state[EV_FACTION]
        state[DECISION] = D_EVENT_OPTION
        return REQ_WAIT
    if syria or lebanon:
        option_chosen(state, 0 if syria else 1)
        state[EV_STEP] = next_step
        return REQ_WAIT
    state[EV_STEP] = next_step
    state[DECISION] = D_EVENT_RESUME
    return REQ_WAIT


@njit(cache=True)
def discard_chosen(state, kind):
    """A14 shaded: the British discard a held Punishment chit of ``kind``; it
    is set aside, like a used one (docs/design/arab_revolt_decisions.md)."""
    state = borrowed(state)
    state[PUN_HELD + kind] -= 1
    state[DECISION] = D_EVENT_RESUME


# ---------------------------------------------------------- playability --

@njit(cache=True)
def event_playable(state, card, side, faction):
    """Would this text, executed by ``faction``, have any effect now (5.1.3)? A
    text that can do nothing is not offered; Mandatory events never are (5.4)."""
    state = borrowed(state)
    if card < 1 or card > 32 or NOT_OFFERED[card]:
        return False
    if side == 1 and SINGLE_TEXT[card]:
        return False
    if CAPABILITY_SLOT[card] >= 0:
        return True
    unshaded = side == 0
    if card == 3:
        return True if unshaded else (irregulars_on_map(state) > 0 or state[UNITY] < CENTRALIZED)
    if card == 4:
        return any_pick(state, PICK_IRREGULAR_DISTRICT_TROOPS) if unshaded else irregulars_on_map(state) >= 3
    if card == 5:
        return any_pick(state, PICK_CURFEW_DISTRICT_TROOPS) if unshaded else any_space(state, F_CURFEW_DISTRICT)
    if card == 6:
        return punishment_cup_total(state) > 0 if unshaded else True
    if card == 7:
        return irregulars_on_map(state) > 0 if unshaded else opposition_spaces(state) > 0
    if card == 9:
        return True if unshaded else foreign_bases(state) > 0      # unshaded: Unity moves, or +1 at the end (6.6.4)
    if card == 10:
        return any_pick(state, PICK_REMOVE_OPPOSITION_POLICE) if unshaded else punishment_cup_total(state) > 0
    if card == 12:
        return punishment_available(state) if unshaded else irregulars_on_map(state) >= 2
    if card == 13:
        return rebels_in_prison(state) > 0
    if card == 14:
        if unshaded:
            for s in range(N_SPACES):
                if state[at(s, CURFEW)] > 0 and state[at(s, OPPOSITION)] > 0:
                    return True
            return False
        return curfews_on_map(state) > 0 or punishment_held(state) > 0
    if card == 16:
        if unshaded:
            for slot in SHADED_CANCELLABLE_SLOTS:
                if state[CAPABILITIES + slot] == CAP_SHADED:
                    return True
            return False
        return british_capabilities(state) > 0
    if card == 17:
        if unshaded:
            for s in range(N_SPACES):
                if state[at(s, IRREGULARS_UNDERGROUND)] > 0 and guerrillas(state, s) > 0:
                    return True
            return False
        return any_pick(state, PICK_SABOTAGE_IRREGULAR)
    if card == 19 or card == 20 or card == 25 or card == 26:
        return True
    if card == 21:
        return True if unshaded else any_space(state, F_DISTRICT)
    if card == 22:
        if unshaded:
            return cities_for_curfew(state) > 0 or any_space(state, F_CITY_CURFEW)
        for s in range(N_SPACES):
            if SPACE_KIND[s] == CITY and state[at(s, OPPOSITION)] > 0:
                for t in range(N_SPACES):
                    if ADJACENT[s, t] == 1 and SPACE_KIND[t] == DISTRICT and state[at(t, OPPOSITION)] == 0:
                        return True
        return False
    if card == 23:
        return any_pick(state, PICK_BASE_IRREGULAR_SPACE) if unshaded else bases_on_map(state) > 0
    if card == 29:
        return True if unshaded else any_pick(state, PICK_IRREGULAR_NEAR_SABOTAGE)
    if card == 30:
        if not unshaded:
            return state[EXTRA_COUNTRIES] == 0
        for s in range(N_SPACES):
            if SPACE_KIND[s] == DISTRICT and ADJACENT[s, TRANSJORDAN] == 1 and guerrillas(state, s) > 0:
                return True
        return False
    if card == 31:
        return (country_ok(state, 31, 0) or country_ok(state, 31, 1)) if unshaded else True
    if card == 32:
        if unshaded:
            return True
        for s in range(N_SPACES):
            if state[at(s, BASES)] > 0 and state[at(s, TROOPS)] > 0:
                return True
        return False
    return False



# --------------------------------------------------------------- scripts --

@njit(cache=True)
def event_script(state):
    """Carry the current event's text forward (see the module docstring)."""
    state = borrowed(state)
    card = state[EV_CARD]
    side = state[EV_SIDE]
    step = state[EV_STEP]
    me = state[EV_FACTION]
    if card == 28:
        return tegart_forts(state, step)
    if CAPABILITY_SLOT[card] >= 0 and step == 0:
        state[CAPABILITIES + CAPABILITY_SLOT[card]] = side + 1    # lasts the rest of the game (5.3)
        return REQ_DONE
    if card == 11:
        return italian_aid(state, step)
    if card == 24:
        return tensions_in_europe(state, step)
    if side == 0:
        return unshaded_script(state, card, step, me)
    return shaded_script(state, card, step, me)


@njit(cache=True)
def tegart_forts(state, step):
    """A28 (one text): 3 Police onto the card, from the map first (the British
    choose which), then from Available; then the Capability is in play."""
    state = borrowed(state)
    if step == 0:
        on_map = 0
        for s in range(N_SPACES):
            on_map += state[at(s, POLICE)]
        return begin_pick(state, PICK_POLICE_TO_CARD, min(TEGART_POLICE_COUNT, on_map), 0, BRITISH, 1)
    from_available = min(TEGART_POLICE_COUNT - state[TEGART_POLICE], state[AVAILABLE_POLICE])
    state[AVAILABLE_POLICE] -= from_available
    state[TEGART_POLICE] += from_available
    state[CAPABILITIES + CAPABILITY_SLOT[28]] = 1
    return REQ_DONE


@njit(cache=True)
def italian_aid(state, step):
    """A11 (Mandatory): the Rebels may carry out one Limited Operation per
    Foreign Country with Rebel pieces, counted when it is revealed; nothing
    with TEGART FORTS in play."""
    state = borrowed(state)
    if step == 0:
        if capability(state, CAP_TEGART_FORTS, 1):
            return REQ_DONE
        state[EVENT_COUNT] = foreign_with_rebels(state)
        step = 1
    if step >= 1 and state[EVENT_COUNT] > 0:
        state[EVENT_COUNT] -= 1
        return choose_operation(state, REBELS, F_ANY, MODE_LIMITED | MODE_OPTIONAL, 1)
    return REQ_DONE


@njit(cache=True)
def tensions_in_europe(state, step):
    """A24 (Mandatory): the British may Punish (twice after Munich), then must
    send 3 Troops (5 after Munich) from the map Out of Play."""
    state = borrowed(state)
    after_munich = state[MUNICH_DONE] == 1
    if step == 0:
        if punishment_available(state):
            return grant_special_activity(state, SA_PUNISH, F_ANY, 0, BRITISH, 1)
        step = 1
    if step == 1:
        if after_munich and punishment_available(state):
            return grant_special_activity(state, SA_PUNISH, F_ANY, 0, BRITISH, 2)
        step = 2
    if step == 2:
        troops = 0
        for s in range(N_SPACES):
            troops += state[at(s, TROOPS)]
        return begin_pick(state, PICK_TROOP_OUT_OF_PLAY, min(5 if after_munich else 3, troops), 0, BRITISH, 3)
    return REQ_DONE


@njit(cache=True)
def unshaded_script(state, card, step, me):
    state = borrowed(state)
    if card == 3:       # Palestinian collaboration
        if step == 0:
            return grant_special_activity(state, SA_DIVIDE, F_ANY, MODE_VARIANT_2, BRITISH, 1)
        return REQ_DONE
    if card == 4:       # British-Jewish units
        if step == 0:
            return begin_pick(state, PICK_IRREGULAR_DISTRICT_TROOPS, 3, 1, me, 1)
        return REQ_DONE
    if card == 5:       # Lock down countryside
        if step == 0:
            return begin_pick(state, PICK_CURFEW_DISTRICT_TROOPS, 3, 1, BRITISH, 1)
        return REQ_DONE
    if card == 6:       # Intimidates population
        if step == 0:
            draw_punishment_chits(state, 2)
            state[EVENT_COUNT] = 0                    # spaces Demolished so far
            if state[PUN_DRAWN + DEMOLISH] > 0:
                return begin_pick(state, PICK_DEMOLISH_TROOPS, 2 * state[PUN_DRAWN + DEMOLISH], 1, BRITISH, 1)
            step = 1
        if step == 1:
            used = (state[EVENT_COUNT] + 1) // 2      # each Demolish used in up to 2 spaces is set aside (1.7.1)
            state[PUN_DRAWN + DEMOLISH] -= used
            return_drawn_punishment_chits(state)      # the others go back
            state[EVENT_COUNT] = 0
        return REQ_DONE
    if card == 7:       # Labeled as a bandit
        for _ in range(2):
            if die(state) <= irregulars_on_map(state):
                shift_unity(state, -1)
        return REQ_DONE
    if card == 9:       # External leadership ignored
        if step == 0:
            return either_country(state, 9, 2)
        shift_unity(state, -1)
        return REQ_DONE
    if card == 10:      # Harsh methods from Ireland
        if step == 0:
            return begin_pick(state, PICK_REMOVE_OPPOSITION_POLICE, 1, 1, BRITISH, 1)
        return REQ_DONE
    if card == 12:      # Advocate for martial law
        if step == 0:
            if punishment_available(state):
                return grant_special_activity(state, SA_PUNISH, F_ANY, 0, BRITISH, 1)
            step = 1
        if step == 1 and punishment_held(state) > 0:
            return grant_special_activity(state, SA_PUNISH, F_ANY, MODE_VARIANT, BRITISH, 2)
        return REQ_DONE
    if card == 13:      # Intel guides operations
        if step == 0:
            state[EVENT_COUNT] = min(3, rebels_in_prison(state))
        if state[EVENT_COUNT] > 0:
            state[EVENT_COUNT] -= 1
            return choose_operation(state, BRITISH, F_ANY, MODE_LIMITED | MODE_OPTIONAL, 1)
        return REQ_DONE
    if card == 14:      # Popular movements crushed
        for s in range(N_SPACES):
            if state[at(s, CURFEW)] > 0:
                state[at(s, OPPOSITION)] = 0
        return REQ_DONE
    if card == 16:      # Repression hidden
        for slot in SHADED_CANCELLABLE_SLOTS:
            if state[CAPABILITIES + slot] == CAP_SHADED:
                state[CAPABILITIES + slot] = 0
        return REQ_DONE
    if card == 17:      # Targets Palestinian Arabs
        for s in range(N_SPACES):
            if state[at(s, IRREGULARS_UNDERGROUND)] > 0 and guerrillas(state, s) > 0:
                remove_guerrilla_by(state, s, False, BRITISH)
        return REQ_DONE
    if card == 19:      # Sanctions or criticizes? (one text)
        if die(state) > opposition_spaces(state):
            add_political_will(state, 1)
        else:
            add_political_will(state, -2)
        return REQ_DONE
    if card == 20:      # Framed as corrupt by British
        if bases_modified_roll(state) > bases_on_map(state):
            shift_unity(state, -1)
        return REQ_DONE
    if card == 21:      # Rebels prey on the people
        if step == 0:
            return begin_pick(state, PICK_OPPOSITION_ACTIVE_GUERRILLA, 2, 0, me, 1)
        shift_unity(state, -1)
        return REQ_DONE
    if card == 22:      # Crackdown on protests
        if step == 0:
            n = cities_for_curfew(state)
            free = TOTAL_CURFEWS - curfews_on_map(state)
            return begin_pick(state, PICK_CURFEW_CITY, min(n, free), 0, me, 1)
        if step == 1:
            if punishment_available(state) and any_space(state, F_CITY_CURFEW):
                return grant_special_activity(state, SA_PUNISH, F_CITY_CURFEW, MODE_VARIANT_2, BRITISH, 2)
        return REQ_DONE
    if card == 23:      # Hunted down by peace bands
        if step == 0:
            return begin_pick(state, PICK_BASE_IRREGULAR_SPACE, 1, 1, BRITISH, 1)
        if step == 1:
            if state[EV_SPACE] < 0:
                return REQ_DONE
            return request_operation(state, OP_SWEEP, 1, F_EVENT_SPACE, MODE_OPTIONAL, -1, 2)
        if step == 2:
            return request_operation(state, OP_ASSAULT, 1, F_EVENT_SPACE, MODE_OPTIONAL, -1, 3)
        return REQ_DONE
    if card == 25:      # Commander in the north
        if step == 0:
            return choose_operation(state, BRITISH, F_HAIFA_AREA, MODE_LIMITED | MODE_OPTIONAL, 1)
        if step == 1 and punishment_available(state):
            return grant_special_activity(state, SA_PUNISH, F_HAIFA_AREA, 0, BRITISH, 2)
        return REQ_DONE
    if card == 26:      # Jenin-Nablus-Tulkarm hot spot (one text)
        if step < 3:
            return choose_operation(state, me, F_SAMARIA_AREA, MODE_LIMITED | MODE_OPTIONAL, step + 1)
        if step == 3:
            return choose_operation(state, 1 - me, F_SAMARIA, MODE_LIMITED | MODE_OPTIONAL, 4)
        return REQ_DONE
    if card == 29:      # Promotes disunity among rebels
        if step == 0:
            shift_unity(state, -2)
            return grant_special_activity(state, SA_DIVIDE, F_ANY, MODE_VARIANT, BRITISH, 1)
        return REQ_DONE
    if card == 30:      # Restrict aid to rebels
        for s in range(N_SPACES):
            if SPACE_KIND[s] == DISTRICT and ADJACENT[s, TRANSJORDAN] == 1 and guerrillas(state, s) > 0:
                remove_guerrilla_by(state, s, False, me)
        return REQ_DONE
    if card == 31:      # French police crack down
        if step == 0:
            return either_country(state, 31, 2)
        return REQ_DONE
    if card == 32:      # Air reconnaissance
        if step == 0:
            return grant_special_activity(state, SA_AIR_RECON, F_ANY, MODE_VARIANT, BRITISH, 1)
        return REQ_DONE
    return REQ_DONE


@njit(cache=True)
def shaded_script(state, card, step, me):
    state = borrowed(state)
    if card == 3:       # Defect back to rebellion
        if step == 0:
            return begin_pick(state, PICK_REPLACE_IRREGULAR, 2, 1, REBELS, 1)
        shift_unity(state, 1)
        return REQ_DONE
    if card == 4:       # Controversial units
        add_political_will(state, -(irregulars_on_map(state) // 3))
        return REQ_DONE
    if card == 5:       # Push rebels elsewhere
        if step == 0:
            n = count_spaces(state, F_CURFEW_DISTRICT)
            if n > 0:
                return request_operation(state, OP_MARCH, n, F_CURFEW_DISTRICT, MODE_OPTIONAL, -1, 1)
        return REQ_DONE
    if card == 6:       # Radicalizes population
        if step == 0:
            return grant_special_activity(state, SA_MOBILIZE, F_ANY, MODE_VARIANT, REBELS, 1)
        return REQ_DONE
    if card == 7:       # Galvanizes resistance
        if step == 0:
            if not roll_under_bases(state):
                return REQ_DONE
            bits = 0
            for s in range(N_SPACES):
                if state[at(s, OPPOSITION)] > 0:
                    bits |= 1 << s
            state[EVENT_SPACES] = bits
            step = 1
        if step == 1:
            if state[EVENT_SPACES] == 0:
                return REQ_DONE
            return begin_pick(state, PICK_MARKED_SPACE, 1, 1, REBELS, 2)
        if step == 2:
            if state[EVENT_SPACES] == 0 and state[EV_SPACE] < 0:
                return REQ_DONE
            return choose_operation(state, REBELS, F_EVENT_SPACE, MODE_LIMITED | MODE_OPTIONAL, 3)
        if step == 3:
            state[EV_SPACE] = -1
            state[EV_STEP] = 1
            state[DECISION] = D_EVENT_RESUME
            return REQ_WAIT
        return REQ_DONE
    if card == 9:       # Grand Mufti
        if foreign_bases(state) == 0:
            return REQ_DONE
        if step == 0:
            shift_unity(state, 1)
            value = operations_value(state) if state[OPS_IN_PLAY] > 0 else state[CHIT_THIS_CARD]
            if value > 0:
                return request_choice_of_operation(state, REBELS, value, MODE_OPTIONAL, 1)
        return REQ_DONE
    if card == 10:      # Unsanctioned reprisals
        if step == 0:
            draw_punishment_chits(state, 1)
            kind = -1
            for k in range(3):
                if state[PUN_DRAWN + k] > 0:
                    kind = k
            return_drawn_punishment_chits(state)
            if kind < 0 or kind == FINE:
                return REQ_DONE                       # a Fine has no Mobilization effect (1.7.2)
            request = begin_pick(state, PICK_MOBILIZATION_POLICE, 2, 1, REBELS, 1)
            state[CUR2] = kind
            return request
        state[CUR2] = -1
        return REQ_DONE
    if card == 12:      # Suspicious of "gangster methods"
        if step == 0:
            return begin_pick(state, PICK_REMOVE_IRREGULAR, irregulars_on_map(state) // 2, 0, me, 1)
        return REQ_DONE
    if card == 13:      # Torture techniques exposed
        add_political_will(state, -min(3, rebels_in_prison(state)))
        return REQ_DONE
    if card == 14:      # Resist restrictions
        if step == 0:
            for s in range(N_SPACES):
                state[at(s, CURFEW)] = 0
            held = 0
            last = -1
            for k in range(3):
                if state[PUN_HELD + k] > 0:
                    held += 1
                    last = k
            if held == 1:
                discard_chosen(state, last)
            elif held > 1:
                state[EV_STEP] = 1
                state[EV_DECIDER] = BRITISH
                state[DECISION] = D_DISCARD_CHIT
                return REQ_WAIT
        return REQ_DONE
    if card == 16:      # Foreign newspapers
        add_political_will(state, -british_capabilities(state))
        return REQ_DONE
    if card == 17:      # Targets British rule
        if step == 0:
            return begin_pick(state, PICK_SABOTAGE_IRREGULAR, 3, 1, REBELS, 1)
        return REQ_DONE
    if card == 20:      # Leadership in exile
        if step == 0:
            shift_unity(state, 2)
            draw_operations_chit_to_hold(state)
        return REQ_DONE
    if card == 21:      # Rebels eliminate traitors
        if step == 0:
            return request_operation(state, OP_AMBUSH, 1, F_DISTRICT, MODE_OPTIONAL | MODE_AMBUSH_OPPOSITION, -1, 1)
        return REQ_DONE
    if card == 22:      # Protests spread
        for s in range(N_SPACES):
            if SPACE_KIND[s] == CITY and state[at(s, OPPOSITION)] > 0:
                for t in range(N_SPACES):
                    if ADJACENT[s, t] == 1 and SPACE_KIND[t] == DISTRICT:
                        state[at(t, OPPOSITION)] = 1
        return REQ_DONE
    if card == 23:      # Commander-in-chief
        if step == 0:
            if not roll_under_bases(state):
                return REQ_DONE
            return grant_special_activity(state, SA_MOBILIZE, F_ANY, 0, REBELS, 1)
        if step == 1:
            return grant_special_activity(state, SA_RAID, F_ANY, 0, REBELS, 2)
        return REQ_DONE
    if card == 25:      # Harsh tactics fail
        if step < 2:
            return choose_operation(state, REBELS, F_HAIFA_AREA, MODE_LIMITED | MODE_OPTIONAL, step + 1)
        return REQ_DONE
    if card == 29:      # Focuses on community protection
        if step == 0:
            return begin_pick(state, PICK_IRREGULAR_NEAR_SABOTAGE, 2, 1, me, 1)
        return REQ_DONE
    if card == 30:      # Funding from Arab world
        state[EXTRA_COUNTRIES] = 1
        return REQ_DONE
    if card == 31:      # Foreign fighters
        if step == 0:
            countries = 0
            bits = 0
            for s in range(N_SPACES):
                if SPACE_KIND[s] == FOREIGN and in_play(state, s):
                    countries += 1
                    bits |= 1 << s
            if foreign_fighters_left(state) >= countries:
                for s in range(N_SPACES):
                    if (bits >> s) & 1:
                        place_foreign_fighter(state, s)
                return REQ_DONE
            # Fewer Guerrillas than Foreign Countries: the executing faction
            # picks the country of each one (5.1, rules decision A-25).
            state[EVENT_SPACES] = bits
            step = 1
        if step == 1:
            if state[EV_SPACE] >= 0:
                place_foreign_fighter(state, state[EV_SPACE])
                state[EV_SPACE] = -1
            if foreign_fighters_left(state) == 0 or state[EVENT_SPACES] == 0:
                state[EVENT_SPACES] = 0
                return REQ_DONE
            return begin_pick(state, PICK_MARKED_SPACE, 1, 0, me, 1)
        return REQ_DONE
    if card == 32:      # Anti-aircraft fire
        if step == 0:
            bits = 0
            for s in range(N_SPACES):
                if state[at(s, BASES)] > 0 and state[at(s, TROOPS)] > 0:
                    bits |= 1 << s
            state[EVENT_SPACES] = bits
            state[EV_STEP] = 1
            state[EV_PICK] = PICK_TROOP_TO_CITY
            state[EV_OPTIONAL] = 0
            state[EV_DECIDER] = me                # the text names no faction: the executor chooses (5.1)
            state[EV_BITS] = 0
            next_troop_to_city(state)
            return REQ_WAIT
        return REQ_DONE
    return REQ_DONE
