"""The 32 Palestine events (5.0, 9.0) as numba kernels.

An event runs as a small script over the state row: ``event_script`` carries
out the text of ``state[EV_CARD]`` (side ``EV_SIDE``) from step ``EV_STEP``
until it needs something, and says what with a request code of the shared
protocol (engine/coin/events.py), plus Palestine's own:

* ``REQ_MASS_DETENTION``: the British roll Mass Detention in City ``EV_SPACE``
  and choose the Cells (P1; 4.2.3);
* ``REQ_RESET``: the CURFEWS capability's step at the start of the Reset
  Phase is finished (P29).

The decision machinery in :mod:`turns` answers those requests, so this
module knows the cards and nothing about how Operations are sequenced.

"Pick" steps (remove or place pieces space by space) share one mechanism:
``EV_PICK`` says what choosing a space does, ``EV_LEFT`` how many picks are
left, ``EV_OPTIONAL`` whether the chooser may stop ("up to"), and
``EV_BITS`` which spaces were picked already (for "in each space" picks,
``PICK_EACH``; the others may pick a space again).
Reading of unclear texts: docs/rules_decisions.md P-15 onwards.
"""

import numpy as np
from ...engine.borrow import borrowed
from ...engine.jit import njit

from ...engine.coin.events import (
    REQ_DONE, REQ_RESET, REQ_SPECIAL_ACTIVITY, REQ_VOLUME, REQ_WAIT, ask, request_choice_of_operation,
    request_operation, set_pick,
)
from ..boards.palestine import CITY, COASTAL, DISTRICT, N_MAP_SPACES, RAILWAY, SPACE_KIND
from .layout import (
    ARMS_CACHES, AVAILABLE_CACHES, AVAILABLE_CELLS, AVAILABLE_POLICE, BRITISH, BRITISH_MUST_PASS,
    CAP_BEVIN, CAP_UNSHADED, CAPABILITIES, CELLS_ACTIVE, CELLS_OUT_OF_GAME, CELLS_UNDERGROUND,
    CURFEW, DECK_DRAWN, D_EVENT_COUNT, D_EVENT_OPTION, D_EVENT_RESUME, D_EVENT_SPACE, DECISION, EV_BITS,
    EV_CARD, EV_DECIDER, EV_FACTION, EV_LEFT, EV_MODE, EV_PICK, EV_SA,
    EV_SIDE, EV_SPACE, EV_STEP, F_ANY, F_CELLS_CURFEW, F_CITY, F_EVENT_SPACE, F_POLICE, F_RAILWAY, HAGANAH,
    INTEL_CHITS_PER_VALUE, INTEL_HELD, IRGUN, MODE_EVENT_OP, MODE_FIXED_LIMIT, MODE_LIMITED,
    MODE_NO_INTEL, MODE_OPTIONAL, MODE_SA_AFTER_ONLY, MODE_SABOTAGE_HITS_POLICE, OP_ASSAULT,
    OP_DEPLOY, OP_SABOTAGE, OP_SEARCH, OP_TRAVEL, POLICE, POLITICAL_WILL, PRISON, PW_MAX, SA_ANY_VALID,
    SA_MASS_DETENTION, SA_RESTORE, SABOTAGE, TERROR, TROOPS,
)
from .operations import (
    ADJACENT, add_political_will, at, can_deploy_in, can_mass_detain_in, can_restore_in, capability, cells,
    irgun_pieces,
)
from .resources import die, draw_intel, haganah_shift_left, haganah_shift_right, map_total, markers_left

REQ_MASS_DETENTION = REQ_VOLUME      # the British roll Mass Detention in City EV_SPACE (P1; 4.2.3)

# What choosing a space does in a pick step.
(PICK_NONE, PICK_REMOVE_CELL, PICK_REMOVE_CELL_CROWDED, PICK_REMOVE_POLICE_FROM_CELLS,
 PICK_PLACE_CELL_CITY_NO_TROOPS, PICK_PLACE_POLICE_RAILWAY, PICK_REMOVE_POLICE, PICK_REMOVE_CACHE,
 PICK_REMOVE_CACHE_FOR_WILL, PICK_PLACE_CACHE, PICK_PLACE_CELL_CURFEW_CITY, PICK_REMOVE_SABOTAGE,
 PICK_PRISON_CELL_TO_CITY, PICK_REMOVE_TERROR, PICK_TERROR_CITY, PICK_CELL_FROM_POLICE_SPACE,
 PICK_CELL_TO_PRISON_TROOPS, PICK_PLACE_CELL_CITY_DISTRICT, PICK_REMOVE_CACHE_NEAR,
 PICK_PLACE_CELL_ANYWHERE) = range(20)
PICK_VERBS = (
    "", "remove a Cell from {}", "remove a Cell from {}", "remove a Police from {}",
    "place a Cell in {}", "place a Police in {}", "remove a Police from {}",
    "remove an Arms Cache from {}", "remove an Arms Cache from {}", "place an Arms Cache in {}",
    "place a Cell in {}", "remove a Sabotage marker from {}", "place a Cell from Prison in {}",
    "remove a Terror marker from {}", "place 2 Terror markers in {}", "remove a Cell from {}",
    "send a Cell from {} to Prison", "place a Cell in {}", "remove an Arms Cache from {}",
    "place a Cell in {}",
)
# Picks whose text says "each" space (P6 shaded, P7, P14 shaded, P30
# unshaded): a space is chosen once. Every other pick may choose a space
# again ("up to 2 Cells", "3 Cells total in any Cities"; P10, P12, P16
# shaded; the P19 and P29 tips: any combination of map spaces).
PICK_EACH = np.zeros(20, dtype=np.int64)
for _kind in (PICK_REMOVE_CELL_CROWDED, PICK_REMOVE_POLICE_FROM_CELLS, PICK_PLACE_CELL_CITY_NO_TROOPS,
              PICK_PLACE_CELL_CURFEW_CITY, PICK_CELL_FROM_POLICE_SPACE):
    PICK_EACH[_kind] = 1

# The slot of each capability card in CAPABILITIES (-1: not a capability).
CAPABILITY_SLOT = np.full(36, -1, dtype=np.int64)
for _slot, _card in enumerate((9, 13, 17, 18, 23, 25, 29, 32)):
    CAPABILITY_SLOT[_card] = _slot
# Cards with one text only (P4, P22, P26): the shaded side does not exist.
SINGLE_TEXT = np.zeros(36, dtype=np.int64)
SINGLE_TEXT[4] = 1
SINGLE_TEXT[22] = 1
SINGLE_TEXT[26] = 1
COASTAL_DISTRICT = np.array([1 if COASTAL[s] and SPACE_KIND[s] == DISTRICT else 0
                             for s in range(N_MAP_SPACES)], dtype=np.int64)


# ------------------------------------------------------------- helpers --

@njit(cache=True)
def starred_loss(state, loss):
    """Political Will lost to a starred event, 1 less with ERNEST BEVIN unshaded (5.4, P9)."""
    state = borrowed(state)
    if loss > 0 and capability(state, CAP_BEVIN, CAP_UNSHADED):
        return loss - 1
    return loss


@njit(cache=True)
def bag_size(state):
    state = borrowed(state)
    return 3 * INTEL_CHITS_PER_VALUE - state[INTEL_HELD] - state[INTEL_HELD + 1] - state[INTEL_HELD + 2]


@njit(cache=True)
def map_cells(state):
    state = borrowed(state)
    return map_total(state, CELLS_UNDERGROUND) + map_total(state, CELLS_ACTIVE)


@njit(cache=True)
def curfew_spaces(state):
    state = borrowed(state)
    n = 0
    for s in range(N_MAP_SPACES):
        if state[at(s, CURFEW)] > 0:
            n += 1
    return n


@njit(cache=True)
def railway_sabotaged(state):
    state = borrowed(state)
    for s in range(N_MAP_SPACES):
        if SPACE_KIND[s] == RAILWAY and state[at(s, SABOTAGE)] > 0:
            return True
    return False


@njit(cache=True, inline="always")
def coastal_count(state):
    """P4: Sabotage markers and Irgun pieces in Coastal Districts, and Sabotage alone."""
    total = 0
    sabotage = 0
    for s in range(N_MAP_SPACES):
        if COASTAL_DISTRICT[s]:
            sabotage += state[at(s, SABOTAGE)]
            total += state[at(s, SABOTAGE)] + irgun_pieces(state, s)
    return total, sabotage


@njit(cache=True)
def illegal_immigration_shift(state):
    """P4: +2 with no Sabotage in Coastal Districts, else -1 per 2 markers and pieces (max -3)."""
    state = borrowed(state)
    total, sabotage = coastal_count(state)
    if sabotage == 0:
        return 2
    return -starred_loss(state, min(3, total // 2))


@njit(cache=True)
def remove_cell(state, s, to_prison, chooser):
    """An event removes one Cell from ``s``: the British take an Underground
    one first, the Irgun an Active one first (rules decision P-16)."""
    state = borrowed(state)
    first, second = CELLS_UNDERGROUND, CELLS_ACTIVE
    if chooser == IRGUN:
        first, second = CELLS_ACTIVE, CELLS_UNDERGROUND
    piece = first if state[at(s, first)] > 0 else second
    state[at(s, piece)] -= 1
    if to_prison:
        state[PRISON] += 1
    else:
        state[AVAILABLE_CELLS] += 1


@njit(cache=True, inline="always")
def place_cell(state, s):
    """New Cells are placed Underground (1.4.3), from Available (5.1.1)."""
    state[AVAILABLE_CELLS] -= 1
    state[at(s, CELLS_UNDERGROUND)] += 1


@njit(cache=True, inline="always")
def remove_police(state, s):
    state[at(s, POLICE)] -= 1
    state[AVAILABLE_POLICE] += 1


@njit(cache=True)
def remove_cache(state, s):
    state = borrowed(state)
    state[at(s, ARMS_CACHES)] -= 1
    state[AVAILABLE_CACHES] += 1


@njit(cache=True)
def any_space(state, predicate_kind):
    state = borrowed(state)
    for s in range(N_MAP_SPACES):
        if pick_space_ok_kind(state, predicate_kind, s, 0):
            return True
    return False


# ---------------------------------------------------------------- picks --

@njit(cache=True)
def pick_space_ok_kind(state, kind, s, used_bits):
    """May a pick of ``kind`` choose space ``s`` (stacking and Available: 5.1.1)?"""
    state = borrowed(state)
    if PICK_EACH[kind] and (used_bits >> s) & 1:
        return False
    kind_s = SPACE_KIND[s]
    n_cells = cells(state, s)
    if kind == PICK_REMOVE_CELL:
        return n_cells > 0
    if kind == PICK_REMOVE_CELL_CROWDED:
        return n_cells > 1
    if kind == PICK_REMOVE_POLICE_FROM_CELLS:
        return state[at(s, POLICE)] > 0 and state[at(s, CELLS_UNDERGROUND)] > 0
    if kind == PICK_PLACE_CELL_CITY_NO_TROOPS:
        return kind_s == CITY and state[at(s, TROOPS)] == 0 and state[AVAILABLE_CELLS] > 0
    if kind == PICK_PLACE_POLICE_RAILWAY:
        return kind_s == RAILWAY and state[AVAILABLE_POLICE] > 0
    if kind == PICK_REMOVE_POLICE:
        return state[at(s, POLICE)] > 0
    if kind == PICK_REMOVE_CACHE or kind == PICK_REMOVE_CACHE_FOR_WILL:
        return state[at(s, ARMS_CACHES)] > 0
    if kind == PICK_PLACE_CACHE:
        return (kind_s != RAILWAY and n_cells > 0 and state[at(s, ARMS_CACHES)] < 2
                and state[AVAILABLE_CACHES] > 0)
    if kind == PICK_PLACE_CELL_CURFEW_CITY:
        return kind_s == CITY and state[at(s, CURFEW)] > 0 and state[AVAILABLE_CELLS] > 0
    if kind == PICK_REMOVE_SABOTAGE:
        return state[at(s, SABOTAGE)] > 0
    if kind == PICK_PRISON_CELL_TO_CITY:
        return kind_s == CITY and state[PRISON] > 0
    if kind == PICK_REMOVE_TERROR:
        return state[at(s, TERROR)] > 0
    if kind == PICK_TERROR_CITY:                  # only markers off the map are placed (5.1.1, P-39)
        return kind_s == CITY and state[at(s, CELLS_UNDERGROUND)] > 0 and markers_left(state) > 0
    if kind == PICK_CELL_FROM_POLICE_SPACE:
        return state[at(s, POLICE)] > 0 and n_cells > 0
    if kind == PICK_CELL_TO_PRISON_TROOPS:
        return state[at(s, TROOPS)] > 0 and n_cells > 0
    if kind == PICK_PLACE_CELL_CITY_DISTRICT:
        return (kind_s == CITY or kind_s == DISTRICT) and state[AVAILABLE_CELLS] > 0
    if kind == PICK_REMOVE_CACHE_NEAR:
        near = s == state[EV_SPACE] or ADJACENT[state[EV_SPACE], s] == 1
        return near and state[at(s, ARMS_CACHES)] > 0
    if kind == PICK_PLACE_CELL_ANYWHERE:
        return state[AVAILABLE_CELLS] > 0
    return False


@njit(cache=True)
def pick_space_ok(state, s, alt):
    """May the event's pick take space ``s``? No Palestine event takes a space
    the other way (``alt``, the turn skeleton's A_ALT)."""
    state = borrowed(state)
    return not alt and state[EV_LEFT] > 0 and pick_space_ok_kind(state, state[EV_PICK], s, state[EV_BITS])


@njit(cache=True, inline="always")
def pick_effect(state, s, alt):
    """Carry out one pick in space ``s`` (``alt`` is never set in Palestine)."""
    kind = state[EV_PICK]
    chooser = state[EV_DECIDER]
    if kind == PICK_REMOVE_CELL or kind == PICK_REMOVE_CELL_CROWDED or kind == PICK_CELL_FROM_POLICE_SPACE:
        remove_cell(state, s, False, chooser)
    elif kind == PICK_CELL_TO_PRISON_TROOPS:
        remove_cell(state, s, True, chooser)
    elif kind == PICK_REMOVE_POLICE_FROM_CELLS or kind == PICK_REMOVE_POLICE:
        remove_police(state, s)
    elif kind == PICK_PLACE_CELL_CITY_NO_TROOPS or kind == PICK_PLACE_CELL_CURFEW_CITY \
            or kind == PICK_PLACE_CELL_CITY_DISTRICT or kind == PICK_PLACE_CELL_ANYWHERE:
        place_cell(state, s)
    elif kind == PICK_PLACE_POLICE_RAILWAY:
        state[AVAILABLE_POLICE] -= 1
        state[at(s, POLICE)] += 1
    elif kind == PICK_REMOVE_CACHE:
        remove_cache(state, s)
    elif kind == PICK_REMOVE_CACHE_FOR_WILL or kind == PICK_REMOVE_CACHE_NEAR:
        remove_cache(state, s)
        add_political_will(state, 1)
    elif kind == PICK_PLACE_CACHE:
        state[AVAILABLE_CACHES] -= 1
        state[at(s, ARMS_CACHES)] += 1
    elif kind == PICK_REMOVE_SABOTAGE:
        state[at(s, SABOTAGE)] -= 1
    elif kind == PICK_PRISON_CELL_TO_CITY:
        state[PRISON] -= 1
        state[at(s, CELLS_UNDERGROUND)] += 1
    elif kind == PICK_REMOVE_TERROR:
        state[at(s, TERROR)] -= 1
        haganah_shift_left(state)
    elif kind == PICK_TERROR_CITY:
        state[at(s, TERROR)] += min(2, markers_left(state))
    state[EV_LEFT] -= 1
    if PICK_EACH[kind]:
        state[EV_BITS] |= 1 << s
    continue_pick(state)


@njit(cache=True)
def continue_pick(state):
    """Ask for the next pick, or go on with the text when none is left."""
    state = borrowed(state)
    if state[EV_LEFT] > 0:
        for s in range(N_MAP_SPACES):
            if pick_space_ok(state, s, False):
                state[DECISION] = D_EVENT_SPACE
                return REQ_WAIT
    state[EV_PICK] = PICK_NONE
    state[EV_LEFT] = 0
    state[DECISION] = D_EVENT_RESUME
    return REQ_WAIT


@njit(cache=True)
def begin_pick(state, kind, n, optional, decider, next_step):
    state = borrowed(state)
    set_pick(state, kind, n, optional, decider, next_step)
    return continue_pick(state)


@njit(cache=True, inline="always")
def stop_pick(state):
    """The chooser stops an "up to" pick early."""
    state[EV_LEFT] = 0
    continue_pick(state)


# ---------------------------------------------------------- playability --

@njit(cache=True)
def event_playable(state, card, side, faction):
    """Would this text, executed by ``faction``, have any effect now (5.1.3; the P3 tip: a text that
    can do nothing is not offered, rules decision P-15)?"""
    state = borrowed(state)
    if card < 1 or card > 32:
        return False
    if side == 1 and SINGLE_TEXT[card]:
        return False
    if CAPABILITY_SLOT[card] >= 0:
        return True
    pw = state[POLITICAL_WILL]
    hag = state[HAGANAH]
    unshaded = side == 0
    if card == 1:
        return True if unshaded else (hag < 4 or any_space_with_underground(state))
    if card == 2:
        if not unshaded:
            return pw > 0
        for s in range(N_MAP_SPACES):
            if COASTAL_DISTRICT[s] and state[at(s, TROOPS)] > 0 and cells(state, s) > 0:
                return True
        return False
    if card == 3:
        return any_space(state, PICK_REMOVE_TERROR if unshaded else PICK_TERROR_CITY)
    if card == 4:
        shift = illegal_immigration_shift(state)
        return (shift > 0 and pw < PW_MAX) or (shift < 0 and pw > 0)
    if card == 5:
        return state[PRISON] > 0
    if card == 6:
        return True if unshaded else any_space(state, PICK_PLACE_CELL_CITY_NO_TROOPS)
    if card == 7:
        return any_space(state, PICK_REMOVE_CELL_CROWDED if unshaded else PICK_REMOVE_POLICE_FROM_CELLS)
    if card == 8:
        if unshaded:
            return pw < PW_MAX or any_deploy_space(state)
        return pw > 0 and starred_loss(state, curfew_spaces(state)) > 0
    if card == 10:
        if unshaded:
            return state[AVAILABLE_POLICE] > 0
        return map_total(state, POLICE) >= 2
    if card == 11:
        if unshaded:
            return True
        for s in range(N_MAP_SPACES):
            if state[at(s, CURFEW)] > 0 and cells(state, s) > 0:
                return True
        return False
    if card == 12:
        return any_space(state, PICK_REMOVE_CACHE if unshaded else PICK_PLACE_CACHE)
    if card == 14:
        return True if unshaded else any_space(state, PICK_PLACE_CELL_CURFEW_CITY)
    if card == 15:
        if unshaded:
            return hag > 0 or any_space(state, PICK_REMOVE_SABOTAGE)
        return hag < 4 or any_space_with_underground(state)
    if card == 16:
        return True if unshaded else state[PRISON] > 0
    if card == 19:
        return (map_cells(state) + map_total(state, ARMS_CACHES) > 0) if unshaded else pw > 0
    if card == 20:
        if unshaded:
            return pw < PW_MAX and not railway_sabotaged(state)
        return pw > 0 and starred_loss(state, 2) > 0
    if card == 21:
        if unshaded:
            return hag > 0 or map_cells(state) > 0
        if hag < 4:
            return True
        for s in range(N_MAP_SPACES):
            if SPACE_KIND[s] == RAILWAY and state[at(s, CELLS_UNDERGROUND)] > 0:
                return True
        return False
    if card == 22:
        return True
    if card == 24:
        terror = map_total(state, TERROR)
        return terror > 0 and (pw < PW_MAX if unshaded else pw > 0)
    if card == 26:
        if faction == IRGUN:
            return any_space_with_underground(state)
        for s in range(N_MAP_SPACES):
            if state[at(s, TROOPS)] > 0 and irgun_pieces(state, s) > 0:
                return True
        return False
    if card == 27:
        return True
    if card == 28:
        if unshaded:
            return bag_size(state) > 0 and police_and_cells_spaces(state) > 0
        return any_space(state, PICK_REMOVE_POLICE_FROM_CELLS)
    if card == 30:
        return any_space(state, PICK_CELL_FROM_POLICE_SPACE) if unshaded else (
            map_total(state, POLICE) > 0 or pw > 0)
    if card == 31:
        return any_space(state, PICK_CELL_TO_PRISON_TROOPS if unshaded else PICK_PLACE_CELL_CITY_DISTRICT)
    return False


@njit(cache=True, inline="always")
def any_deploy_space(state):
    for s in range(N_MAP_SPACES):
        if can_deploy_in(state, s):
            return True
    return False


@njit(cache=True)
def any_space_with_underground(state):
    state = borrowed(state)
    for s in range(N_MAP_SPACES):
        if state[at(s, CELLS_UNDERGROUND)] > 0:
            return True
    return False


@njit(cache=True)
def police_and_cells_spaces(state):
    state = borrowed(state)
    n = 0
    for s in range(N_MAP_SPACES):
        if state[at(s, POLICE)] > 0 and cells(state, s) > 0:
            n += 1
    return n


# -------------------------------------------------------------- options --

@njit(cache=True, inline="always")
def option_ok(state, option):
    """The two options of a D_EVENT_OPTION decision (P22 is the only card with one)."""
    if state[EV_CARD] == 22 and state[EV_STEP] == 0:       # shift left / right
        return state[HAGANAH] > 0 if option == 0 else state[HAGANAH] < 4
    if state[EV_CARD] == 22 and state[EV_STEP] == 1:       # Irgun Limited Op / British Intel
        return True if option == 0 else bag_size(state) > 0
    return False


@njit(cache=True, inline="always")
def option_chosen(state, option):
    if state[EV_CARD] == 22 and state[EV_STEP] == 0:
        if option == 0:
            haganah_shift_left(state)
        else:
            haganah_shift_right(state)
        state[EV_STEP] = 1
    elif state[EV_CARD] == 22 and state[EV_STEP] == 1:
        if option == 0:
            state[EV_STEP] = 2
        else:
            draw_intel(state)     # "may draw": drawing never hurts the British (rules decision P-20)
            state[EV_STEP] = 3
    state[DECISION] = D_EVENT_RESUME


@njit(cache=True, inline="always")
def count_limit(state):
    """D_EVENT_COUNT: the most that may be chosen (P5 unshaded)."""
    if state[EV_CARD] == 5:
        return min(2, state[PRISON])
    return 0


@njit(cache=True, inline="always")
def count_ok(state, n):
    """Any number up to :func:`count_limit` may be chosen, none included."""
    return True


@njit(cache=True, inline="always")
def count_chosen(state, n):
    if state[EV_CARD] == 5:
        state[PRISON] -= n
        state[CELLS_OUT_OF_GAME] += n
    state[DECISION] = D_EVENT_RESUME


# --------------------------------------------------------------- scripts --

@njit(cache=True)
def event_script(state):
    """Carry the current event's text forward (see the module docstring)."""
    state = borrowed(state)
    card = state[EV_CARD]
    side = state[EV_SIDE]
    step = state[EV_STEP]
    me = state[EV_FACTION]
    if CAPABILITY_SLOT[card] >= 0 and step == 0:
        state[CAPABILITIES + CAPABILITY_SLOT[card]] = side + 1    # lasts the rest of the game (5.3)
        return REQ_DONE
    if card == 29:
        return curfews_at_reset(state, side, step)
    if side == 0:
        return unshaded_script(state, card, step, me)
    return shaded_script(state, card, step, me)


@njit(cache=True)
def unshaded_script(state, card, step, me):
    state = borrowed(state)
    if card == 1:       # Black Saturday
        if step == 0:
            return request_operation(state, OP_SEARCH, 1, F_CITY, MODE_FIXED_LIMIT, -1, 1)
        if step == 1:
            state[EV_STEP] = 2
            city = state[EV_SPACE]
            if city >= 0 and can_mass_detain_in(state, city):
                return REQ_MASS_DETENTION     # before the shift: the Irgun refill comes after (6.5.2)
        haganah_shift_left(state)
        return REQ_DONE
    if card == 2:       # Crackdown on immigration
        for s in range(N_MAP_SPACES):
            if COASTAL_DISTRICT[s] and state[at(s, TROOPS)] > 0:
                state[PRISON] += cells(state, s)
                state[at(s, CELLS_UNDERGROUND)] = 0
                state[at(s, CELLS_ACTIVE)] = 0
        return REQ_DONE
    if card == 3:       # Widespread condemnation
        if step == 0:
            return begin_pick(state, PICK_REMOVE_TERROR, 1, 0, me, 1)
        return REQ_DONE
    if card == 4:       # British block entry
        add_political_will(state, illegal_immigration_shift(state))
        return REQ_DONE
    if card == 5:       # Prisoners sent to Eritrea
        if step == 0:
            return ask(state, D_EVENT_COUNT, 1)
        return REQ_DONE
    if card == 6:       # Pushes harsh measures
        if step == 0:
            return request_operation(state, OP_SEARCH, 3, F_ANY,
                                     MODE_FIXED_LIMIT | MODE_OPTIONAL | MODE_NO_INTEL, -1, 1)
        return REQ_DONE
    if card == 7:       # Poor coordination
        if step == 0:
            return begin_pick(state, PICK_REMOVE_CELL_CROWDED, N_MAP_SPACES, 1, me, 1)
        return REQ_DONE
    if card == 8:       # Offers support
        if step == 0:
            add_political_will(state, 2)
            return request_operation(state, OP_DEPLOY, 3, F_ANY, MODE_FIXED_LIMIT | MODE_OPTIONAL, -1, 1)
        return REQ_DONE
    if card == 10:      # Guard railways
        if step == 0:
            return begin_pick(state, PICK_PLACE_POLICE_RAILWAY, state[AVAILABLE_POLICE], 1, me, 1)
        return REQ_DONE
    if card == 11:      # Crackdown on Irgun
        if step == 0:
            return request_operation(state, OP_SEARCH, 1, F_CITY, MODE_FIXED_LIMIT, -1, 1)
        if step == 1:
            # then Assault in the same City: EV_SPACE is the City the Search chose
            return request_operation(state, OP_ASSAULT, 1, F_EVENT_SPACE, MODE_FIXED_LIMIT, -1, 2)
        if step == 2:
            return begin_pick(state, PICK_REMOVE_CACHE_NEAR, 1, 0, me, 3)
        return REQ_DONE
    if card == 12:      # British complaints
        if step == 0:
            return begin_pick(state, PICK_REMOVE_CACHE, 2, 0, me, 1)
        return REQ_DONE
    if card == 14:      # Extensive searches
        if step == 0:
            return request_operation(state, OP_SEARCH, 2, F_CITY,
                                     MODE_FIXED_LIMIT | MODE_OPTIONAL | MODE_SA_AFTER_ONLY,
                                     SA_MASS_DETENTION, 1)
        return REQ_DONE
    if card == 15:      # Meets with British
        if step == 0:
            haganah_shift_left(state)
            return begin_pick(state, PICK_REMOVE_SABOTAGE, 1, 1, me, 1)
        return REQ_DONE
    if card == 16:      # Restrained approach
        if step == 0 or step == 1:
            return request_choice_of_operation(state, BRITISH, 1, MODE_LIMITED, step + 1)
        if step == 2:
            for s in range(N_MAP_SPACES):
                if can_restore_in(state, s):
                    state[EV_STEP] = 3
                    state[EV_DECIDER] = BRITISH
                    state[EV_MODE] = MODE_EVENT_OP
                    state[EV_SA] = SA_RESTORE
                    return REQ_SPECIAL_ACTIVITY
        return REQ_DONE
    if card == 19:      # Plot foiled
        if step == 0:
            return begin_pick(state, PICK_REMOVE_CELL, 2, 1, me, 1)
        if step == 1:
            return begin_pick(state, PICK_REMOVE_CACHE_FOR_WILL, 1, 1, me, 2)
        return REQ_DONE
    if card == 20:      # Strategic value of Palestine
        if not railway_sabotaged(state):
            add_political_will(state, 2)
        return REQ_DONE
    if card == 21:      # Cooperation falls apart
        if step == 0:
            haganah_shift_left(state)
            state[EV_STEP] = 1
            state[DECISION] = D_EVENT_RESUME     # the Irgun refill the track first (6.5.2)
            return REQ_WAIT
        if step == 1:
            return begin_pick(state, PICK_REMOVE_CELL, 2, 1, me, 2)
        return REQ_DONE
    if card == 22:      # Cooperate or condemn terror?
        if step == 0:
            return ask(state, D_EVENT_OPTION, 0)
        if step == 1:
            return ask(state, D_EVENT_OPTION, 1)
        if step == 2:
            return request_choice_of_operation(state, IRGUN, 1, MODE_LIMITED, 3)
        return REQ_DONE
    if card == 24:      # Backlash in Britain
        add_political_will(state, min(3, map_total(state, TERROR)))
        return REQ_DONE
    if card == 26:      # Experienced in resistance and combat
        if step == 0:
            op = OP_SABOTAGE if me == IRGUN else OP_ASSAULT
            return request_operation(state, op, 3, F_ANY, MODE_FIXED_LIMIT | MODE_OPTIONAL, SA_ANY_VALID, 1)
        return REQ_DONE
    if card == 27:      # Passed through Congress
        if step == 0:
            return request_choice_of_operation(state, BRITISH, 4, MODE_FIXED_LIMIT, 1)
        return REQ_DONE
    if card == 28:      # Intelligence gathering
        for _ in range(police_and_cells_spaces(state)):
            draw_intel(state)
        return REQ_DONE
    if card == 30:      # Undercover police
        if step == 0:
            return begin_pick(state, PICK_CELL_FROM_POLICE_SPACE, 3, 1, me, 1)
        return REQ_DONE
    if card == 31:      # Captured and sentenced
        if step == 0:
            return begin_pick(state, PICK_CELL_TO_PRISON_TROOPS, 1, 0, me, 1)
        return REQ_DONE
    return REQ_DONE


@njit(cache=True)
def shaded_script(state, card, step, me):
    state = borrowed(state)
    if card == 1:       # Arrest moderate leaders
        if step == 0:
            haganah_shift_right(state)
            if state[HAGANAH] == 4:
                return request_operation(state, OP_SABOTAGE, 1, F_ANY, MODE_FIXED_LIMIT | MODE_OPTIONAL, -1, 1)
        return REQ_DONE
    if card == 2:       # Britain disgraced
        add_political_will(state, -starred_loss(state, 3))
        return REQ_DONE
    if card == 3:       # Horrific terror attack
        if step == 0:
            return begin_pick(state, PICK_TERROR_CITY, 1, 0, me, 1)
        return REQ_DONE
    if card == 5:       # Mass escape
        state[AVAILABLE_CELLS] += state[PRISON]
        state[PRISON] = 0
        return REQ_DONE
    if card == 6:       # Ignores cities
        if step == 0:
            return begin_pick(state, PICK_PLACE_CELL_CITY_NO_TROOPS, 3, 0, me, 1)
        return REQ_DONE
    if card == 7:       # Assassinations
        if step == 0:
            return begin_pick(state, PICK_REMOVE_POLICE_FROM_CELLS, N_MAP_SPACES, 1, me, 1)
        return REQ_DONE
    if card == 8:       # Pressures British
        add_political_will(state, -starred_loss(state, curfew_spaces(state)))
        return REQ_DONE
    if card == 10:      # Poorly funded
        if step == 0:
            return begin_pick(state, PICK_REMOVE_POLICE, map_total(state, POLICE) // 2, 0, me, 1)
        return REQ_DONE
    if card == 11:      # Leaders slip through net
        if step == 0:
            return request_operation(state, OP_TRAVEL, 2, F_CELLS_CURFEW, MODE_FIXED_LIMIT | MODE_OPTIONAL, -1, 1)
        return REQ_DONE
    if card == 12:      # American fundraising
        if step == 0:
            return begin_pick(state, PICK_PLACE_CACHE, 2, 1, me, 1)
        return REQ_DONE
    if card == 14:      # Angers populace
        if step == 0:
            return begin_pick(state, PICK_PLACE_CELL_CURFEW_CITY, 3, 1, me, 1)
        return REQ_DONE
    if card == 15:      # Moderates ignored
        if step == 0:
            haganah_shift_right(state)
            return request_operation(state, OP_SABOTAGE, 1, F_ANY, MODE_FIXED_LIMIT | MODE_OPTIONAL, -1, 1)
        return REQ_DONE
    if card == 16:      # Cells released: the British choose the Cities
        if step == 0:
            return begin_pick(state, PICK_PRISON_CELL_TO_CITY, 2, 0, BRITISH, 1)
        return REQ_DONE
    if card == 19:      # International attacks
        if die(state) > 2:
            add_political_will(state, -2)
        return REQ_DONE
    if card == 20:      # Growing pressure
        add_political_will(state, -starred_loss(state, 2))
        return REQ_DONE
    if card == 21:      # Offensive against railways
        if step == 0:
            haganah_shift_right(state)
            return request_operation(state, OP_SABOTAGE, 4, F_RAILWAY, MODE_FIXED_LIMIT | MODE_OPTIONAL, -1, 1)
        return REQ_DONE
    if card == 24:      # Calls for withdrawal
        add_political_will(state, -min(3, map_total(state, TERROR)))
        return REQ_DONE
    if card == 27:      # "Financial Dunkirk"
        add_political_will(state, -starred_loss(state, 1))
        state[BRITISH_MUST_PASS] = state[DECK_DRAWN] + 1    # due from the next card drawn
        return REQ_DONE
    if card == 28:      # Headquarters targeted
        if step == 0:
            return request_operation(state, OP_SABOTAGE, 1, F_POLICE,
                                     MODE_FIXED_LIMIT | MODE_OPTIONAL | MODE_SABOTAGE_HITS_POLICE, -1, 1)
        return REQ_DONE
    if card == 30:      # Controversial killing
        if step == 0:
            return begin_pick(state, PICK_REMOVE_POLICE, 2, 0, me, 1)
        add_political_will(state, -1)
        return REQ_DONE
    if card == 31:      # Galvanizes resistance
        if step == 0:
            return begin_pick(state, PICK_PLACE_CELL_CITY_DISTRICT, 3, 1, me, 1)
        return REQ_DONE
    return REQ_DONE


@njit(cache=True, inline="always")
def curfews_at_reset(state, side, step):
    """CURFEWS (P29) at the start of the Reset Phase (steps 10, 11): one Cell
    per Curfew space, removed by the British (unshaded) or placed by the
    Irgun (shaded, "up to"), from or in any map spaces (the card's tip)."""
    if step == 10:
        n = curfew_spaces(state)
        if side == 0:
            return begin_pick(state, PICK_REMOVE_CELL, n, 0, BRITISH, 11)
        return begin_pick(state, PICK_PLACE_CELL_ANYWHERE, n, 1, IRGUN, 11)
    if step == 11:
        return REQ_RESET
    return REQ_DONE
