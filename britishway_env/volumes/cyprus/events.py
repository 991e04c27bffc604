"""The 32 Cyprus events (5.0, 9.0) as numba kernels.

An event runs as a small script over the state row: ``event_script`` carries
out the text of ``state[EV_CARD]`` (side ``EV_SIDE``) from step ``EV_STEP``
until it needs something and says what with a request code of the shared
protocol (engine/coin/events.py). The decision machinery in :mod:`turns`
answers the requests, so this module knows the cards and nothing about how
Operations are sequenced.

"Pick" steps (remove, place or move pieces space by space) share one
mechanism: ``EV_PICK`` says what choosing a space does (A_SPACE) and, for a
few, what its other way does (A_ALT); ``EV_LEFT`` how many picks are left;
``EV_OPTIONAL`` whether the chooser may stop ("up to", "may"); ``EV_BITS``
which spaces were picked already, for picks that take each space once.
Readings of unclear texts: docs/rules_decisions.md, C-1 onwards.
"""

import numpy as np

from ...engine.coin.events import REQ_DONE, REQ_WAIT, grant_special_activity, ask, request_choice_of_operation, \
    request_operation, set_pick
from ...engine.borrow import borrowed
from ...engine.jit import njit
from ..boards.cyprus import BASE, MOUNTAIN, N_MAP_SPACES, SPACE_KIND, TOWN
from .layout import (
    ARMS_CACHES, AVAILABLE_CELLS, AVAILABLE_POLICE, BRITISH, CAP_ROUGH_HANDLING, CAP_SHADED, CAP_SPECIAL_BRANCH,
    CAP_UNSHADED, CAPABILITIES,
    CELLS_ACTIVE, CELLS_UNDERGROUND, CONDEMNED, CUR, CUR2, CURFEW, D_EVENT_COUNT, D_EVENT_OPTION,
    D_EVENT_RESUME, D_EVENT_SPACE, DEBATED, DECISION, EOKA, EV_BITS, EV_CARD, EV_DECIDER, EV_FACTION,     EV_LEFT, EV_OPTIONAL, EV_PICK, EV_SIDE, EV_SPACE, EV_STEP, F_ANY, F_BASE, F_CELL_CURFEW,
    F_CUBES_NO_EOKA, F_CURFEW, F_EVENT_SPACE, F_MOUNTAIN, F_TOWN_UNDERGROUND, F_TROOPS, IGNORED, MODE_CACHES_FIRST,
    MODE_FIXED_LIMIT, MODE_LIMITED, MODE_NO_CELL_NEEDED, MODE_OPTIONAL, OP_ASSAULT, OP_PATROL,
    OP_SABOTAGE, OP_SEARCH, OP_TRAVEL, OPINION, POLICE, POLITICAL_WILL, PRISON, PW_MAX, SA_ANY_VALID,
    SA_PROPAGANDIZE, SA_RESTORE, SABOTAGE, SUEZ_TROOPS, TROOPS,
)
from .operations import (
    at, can_patrol_to, capability, cells, cubes, eoka_pieces, interrogate, interrogate_draws, move, place_cells, place_curfew,
    remove_cache,
)
from .resources import add_political_will, map_total, place_sabotage, sabotage_left, shift_opinion

# What choosing a space does in a pick step (A_SPACE; a few have an A_ALT way too).
(PICK_NONE, PICK_REMOVE_CELL, PICK_CELL_TO_PRISON, PICK_PLACE_CELL_TOWN, PICK_PLACE_CELL_TOWN_MOUNTAIN,
 PICK_PRISON_CELL_TO_CURFEW, PICK_SABOTAGE_POLICE_EOKA_TOWN, PICK_CURFEW_TROOPS_TOWN, PICK_Q_PATROL,
 PICK_SABOTAGE_TROOPS_TOWN, PICK_CUBE_FROM, PICK_CUBE_TO_MOUNTAIN, PICK_GANGS_MOUNTAIN, PICK_GANGS_TROOP,
 PICK_PLACE_POLICE, PICK_SABOTAGE_CELLS_POLICE_TOWN, PICK_VOLKAN, PICK_CELL_IN_BASE, PICK_REMOVE_SABOTAGE,
 PICK_HARDING_TOWN, PICK_SUEZ_TROOP, PICK_BASE_WITH_CELL) = range(22)
N_PICKS = 22
PICK_VERBS = (
    "", "remove a Cell from {}", "send a Cell from {} to Prison", "place a Cell in {}", "place a Cell in {}",
    "place a Cell from Prison in {}", "place a Sabotage marker in {}", "place a Curfew in {}",
    "remove a Cell from {}", "place a Sabotage marker in {}", "move a Troop from {} to a Mountain",
    "... into {}", "Troops go to {}", "move a Troop from {}", "place a Police in {}",
    "place a Sabotage marker in {}", "remove a Cell from {} for a Sabotage marker", "place a Cell in {}",
    "remove a Sabotage marker from {}", "place a Curfew in {} (Search and Assault there)",
    "take a Troop from {} to the card", "{}",
)
# The A_ALT way of a pick, where it has one.
PICK_ALT_VERBS = {PICK_Q_PATROL: "remove an Arms Cache from {}", PICK_CUBE_FROM: "move a Police from {} to a Mountain"}
# Picks that take each space once: "in each" (C7 shaded, C28 shaded), "from up to 3
# spaces" (C16), "in up to 2 Towns / spaces" (C16, C20, C24, C26 shaded texts).
PICK_EACH = np.zeros(N_PICKS, dtype=np.int64)
for _kind in (PICK_PRISON_CELL_TO_CURFEW, PICK_CURFEW_TROOPS_TOWN, PICK_Q_PATROL, PICK_SABOTAGE_TROOPS_TOWN,
              PICK_SABOTAGE_CELLS_POLICE_TOWN, PICK_VOLKAN, PICK_CELL_IN_BASE):
    PICK_EACH[_kind] = 1

# The slot of each capability card in CAPABILITIES (-1: not a capability).
CAPABILITY_SLOT = np.full(36, -1, dtype=np.int64)
for _slot, _card in enumerate((9, 10, 13, 17, 18, 23, 25, 31, 32)):
    CAPABILITY_SLOT[_card] = _slot
# Cards with one text only (C4, C22, C26, C31): the shaded side does not exist.
SINGLE_TEXT = np.zeros(36, dtype=np.int64)
for _card in (4, 22, 26, 31):
    SINGLE_TEXT[_card] = 1
# GREEK GOVERNMENT (C22)'s shift, by the count chosen (A_STOP: none): 1 or 2 left, 1 or 2 right.
GREEK_SHIFT = np.array((0, -1, -2, 1, 2), dtype=np.int64)


# ------------------------------------------------------------- helpers --

@njit(cache=True)
def remove_cell(state, s, to_prison, chooser):
    """An event removes one Cell from ``s``: the British take an Underground
    one first, EOKA an Active one first (rules decision C-9)."""
    state = borrowed(state)
    first, second = CELLS_UNDERGROUND, CELLS_ACTIVE
    if chooser == EOKA:
        first, second = CELLS_ACTIVE, CELLS_UNDERGROUND
    piece = first if state[at(s, first)] > 0 else second
    state[at(s, piece)] -= 1
    if to_prison:
        state[PRISON] += 1
    else:
        state[AVAILABLE_CELLS] += 1


@njit(cache=True)
def map_cells(state):
    state = borrowed(state)
    return map_total(state, CELLS_UNDERGROUND) + map_total(state, CELLS_ACTIVE)


@njit(cache=True)
def development_towns(state):
    """C21 unshaded: Towns with Troops and Police and no EOKA piece, Sabotage or Curfew."""
    state = borrowed(state)
    n = 0
    for s in range(N_MAP_SPACES):
        if SPACE_KIND[s] == TOWN and state[at(s, TROOPS)] > 0 and state[at(s, POLICE)] > 0 \
                and eoka_pieces(state, s) == 0 and state[at(s, SABOTAGE)] == 0 and state[at(s, CURFEW)] == 0:
            n += 1
    return n


@njit(cache=True)
def quiet_bases(state):
    """C28 unshaded: British Bases with no Sabotage marker or EOKA piece."""
    state = borrowed(state)
    n = 0
    for s in range(N_MAP_SPACES):
        if SPACE_KIND[s] == BASE and state[at(s, SABOTAGE)] == 0 and eoka_pieces(state, s) == 0:
            n += 1
    return n


@njit(cache=True)
def cells_in_curfew_spaces(state):
    state = borrowed(state)
    n = 0
    for s in range(N_MAP_SPACES):
        if state[at(s, CURFEW)] > 0:
            n += cells(state, s)
    return n


@njit(cache=True)
def curfew_spaces(state):
    state = borrowed(state)
    n = 0
    for s in range(N_MAP_SPACES):
        if state[at(s, CURFEW)] > 0:
            n += 1
    return n


@njit(cache=True)
def curfewless_town_with_troops(state):
    state = borrowed(state)
    for s in range(N_MAP_SPACES):
        if SPACE_KIND[s] == TOWN and state[at(s, TROOPS)] > 0 and state[at(s, CURFEW)] == 0:
            return True
    return False


@njit(cache=True)
def any_filter_space(state, f):
    """A space an event's Special Activity filter admits (C1, C3, C8)."""
    state = borrowed(state)
    for s in range(N_MAP_SPACES):
        if f == F_CUBES_NO_EOKA and cubes(state, s) > 0 and eoka_pieces(state, s) == 0 \
                and state[at(s, CURFEW)] + state[at(s, SABOTAGE)] > 0:
            return True
        if f == F_CELL_CURFEW and cells(state, s) > 0 and state[at(s, CURFEW)] > 0:
            return True
        if f == F_CURFEW and state[at(s, CURFEW)] > 0:
            return True
    return False


@njit(cache=True)
def sabotage_space_exists(state, town_only):
    state = borrowed(state)
    for s in range(N_MAP_SPACES):
        if SPACE_KIND[s] != MOUNTAIN and (not town_only or SPACE_KIND[s] == TOWN) \
                and state[at(s, CELLS_UNDERGROUND)] > 0:
            return True
    return False


# ---------------------------------------------------------------- picks --

@njit(cache=True)
def pick_space_ok_kind(state, kind, s, used_bits, alt):
    """May a pick of ``kind`` choose space ``s`` (its A_ALT way with ``alt``)?
    Stacking and Available as 5.1.1 says."""
    state = borrowed(state)
    if PICK_EACH[kind] and (used_bits >> s) & 1:
        return False
    kind_s = SPACE_KIND[s]
    n_cells = cells(state, s)
    avail_cells = state[AVAILABLE_CELLS] > 0
    if alt:
        if kind == PICK_Q_PATROL:      # at most one Arms Cache in all (C16; CUR2 1 once one went)
            return state[at(s, TROOPS)] > 0 and state[at(s, ARMS_CACHES)] > 0 and state[CUR2] != 1
        if kind == PICK_CUBE_FROM:
            return state[at(s, POLICE)] > 0
        return False
    if kind == PICK_REMOVE_CELL or kind == PICK_CELL_TO_PRISON:
        return n_cells > 0
    if kind == PICK_PLACE_CELL_TOWN:
        return kind_s == TOWN and avail_cells
    if kind == PICK_PLACE_CELL_TOWN_MOUNTAIN:
        return kind_s != BASE and avail_cells
    if kind == PICK_PRISON_CELL_TO_CURFEW:
        return state[at(s, CURFEW)] > 0 and state[PRISON] > 0
    if kind == PICK_SABOTAGE_POLICE_EOKA_TOWN:
        return kind_s == TOWN and state[at(s, POLICE)] > 0 and eoka_pieces(state, s) > 0 and sabotage_left(state) > 0
    if kind == PICK_CURFEW_TROOPS_TOWN:
        return kind_s == TOWN and state[at(s, TROOPS)] > 0 and state[at(s, CURFEW)] == 0
    if kind == PICK_Q_PATROL:
        return state[at(s, TROOPS)] > 0 and n_cells > 0
    if kind == PICK_SABOTAGE_TROOPS_TOWN:
        return kind_s == TOWN and state[at(s, TROOPS)] > 0 and sabotage_left(state) > 0
    if kind == PICK_CUBE_FROM:
        return state[at(s, TROOPS)] > 0
    if kind == PICK_CUBE_TO_MOUNTAIN:
        return kind_s == MOUNTAIN and s != state[CUR]
    if kind == PICK_GANGS_MOUNTAIN:
        return kind_s == MOUNTAIN
    if kind == PICK_GANGS_TROOP:
        return kind_s == TOWN and state[at(s, TROOPS)] > 0
    if kind == PICK_PLACE_POLICE:
        return cubes(state, s) > 0 and state[AVAILABLE_POLICE] > 0
    if kind == PICK_SABOTAGE_CELLS_POLICE_TOWN:
        return kind_s == TOWN and n_cells > 0 and state[at(s, POLICE)] > 0 and sabotage_left(state) > 0
    if kind == PICK_VOLKAN:
        return n_cells > 0 and state[at(s, POLICE)] > 0
    if kind == PICK_CELL_IN_BASE:
        return kind_s == BASE and avail_cells
    if kind == PICK_REMOVE_SABOTAGE:
        return state[at(s, SABOTAGE)] > 0
    if kind == PICK_HARDING_TOWN:     # a Town where the Curfew can go, if there is one (5.1.3)
        return kind_s == TOWN and state[at(s, TROOPS)] > 0 and (state[at(s, CURFEW)] == 0
                                                                or not curfewless_town_with_troops(state))
    if kind == PICK_SUEZ_TROOP:
        return state[at(s, TROOPS)] > 0
    if kind == PICK_BASE_WITH_CELL:     # playability only (C28 shaded): a Base that could Sabotage
        return kind_s == BASE and state[at(s, CELLS_UNDERGROUND)] > 0
    return False


@njit(cache=True)
def pick_space_ok(state, s, alt):
    state = borrowed(state)
    return state[EV_LEFT] > 0 and pick_space_ok_kind(state, state[EV_PICK], s, state[EV_BITS], alt)


@njit(cache=True)
def any_pick(state, kind):
    state = borrowed(state)
    for s in range(N_MAP_SPACES):
        if pick_space_ok_kind(state, kind, s, 0, False) or pick_space_ok_kind(state, kind, s, 0, True):
            return True
    return False


@njit(cache=True)
def pick_effect(state, s, alt):
    """Carry out one pick in space ``s`` (its A_ALT way with ``alt``)."""
    state = borrowed(state)
    kind = state[EV_PICK]
    chooser = state[EV_DECIDER]
    if kind == PICK_REMOVE_CELL:
        remove_cell(state, s, False, chooser)
    elif kind == PICK_CELL_TO_PRISON:
        remove_cell(state, s, True, chooser)
    elif kind == PICK_PLACE_CELL_TOWN or kind == PICK_PLACE_CELL_TOWN_MOUNTAIN or kind == PICK_CELL_IN_BASE:
        place_cells(state, s, 1)
    elif kind == PICK_PRISON_CELL_TO_CURFEW:
        state[PRISON] -= 1
        state[at(s, CELLS_UNDERGROUND)] += 1
    elif kind == PICK_SABOTAGE_POLICE_EOKA_TOWN or kind == PICK_SABOTAGE_TROOPS_TOWN \
            or kind == PICK_SABOTAGE_CELLS_POLICE_TOWN:
        place_sabotage(state, s)
    elif kind == PICK_CURFEW_TROOPS_TOWN:
        place_curfew(state, s)
    elif kind == PICK_Q_PATROL:
        if alt:
            remove_cache(state, s)
            add_political_will(state, 1)
            state[CUR2] = 1                 # the one Arms Cache of the text
        else:
            remove_cell(state, s, False, chooser)
    elif kind == PICK_CUBE_FROM:
        state[CUR] = s
        state[CUR2] = POLICE if alt else TROOPS
        state[EV_PICK] = PICK_CUBE_TO_MOUNTAIN
        state[EV_OPTIONAL] = 0
        state[DECISION] = D_EVENT_SPACE
        return
    elif kind == PICK_CUBE_TO_MOUNTAIN:
        move(state, state[CUR], s, state[CUR2], 1)
        state[CUR] = -1
        state[CUR2] = -1
        state[EV_PICK] = PICK_CUBE_FROM
        state[EV_OPTIONAL] = 1
        state[EV_LEFT] -= 1
        continue_pick(state)
        return
    elif kind == PICK_GANGS_MOUNTAIN:
        state[EV_SPACE] = s
    elif kind == PICK_GANGS_TROOP:
        move(state, s, state[EV_SPACE], TROOPS, 1)
    elif kind == PICK_PLACE_POLICE:
        state[AVAILABLE_POLICE] -= 1
        state[at(s, POLICE)] += 1
    elif kind == PICK_VOLKAN:
        remove_cell(state, s, False, chooser)
        place_sabotage(state, s)                # the Cell goes even with no marker left (5.1.3)
    elif kind == PICK_REMOVE_SABOTAGE:
        state[at(s, SABOTAGE)] -= 1
    elif kind == PICK_HARDING_TOWN:
        place_curfew(state, s)
        state[EV_SPACE] = s
    elif kind == PICK_SUEZ_TROOP:
        state[at(s, TROOPS)] -= 1
        state[SUEZ_TROOPS] += 1
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
            if pick_space_ok(state, s, False) or pick_space_ok(state, s, True):
                state[DECISION] = D_EVENT_SPACE
                return REQ_WAIT
    state[EV_PICK] = PICK_NONE
    state[EV_LEFT] = 0
    state[EV_OPTIONAL] = 0
    state[EV_BITS] = 0
    state[CUR] = -1
    state[CUR2] = -1
    state[DECISION] = D_EVENT_RESUME
    return REQ_WAIT


@njit(cache=True)
def begin_pick(state, kind, n, optional, decider, next_step):
    state = borrowed(state)
    set_pick(state, kind, n, optional, decider, next_step)
    state[CUR] = -1
    state[CUR2] = 0 if kind == PICK_Q_PATROL else -1
    return continue_pick(state)


@njit(cache=True)
def stop_pick(state):
    """The chooser stops an "up to" / "may" pick early."""
    state = borrowed(state)
    state[EV_LEFT] = 0
    continue_pick(state)



# ---------------------------------------------------------- playability --

@njit(cache=True)
def event_playable(state, card, side, faction):
    """Would this text, executed by ``faction``, have any effect now (5.1.3)? A
    text that can do nothing is not offered (rules decision C-8)."""
    state = borrowed(state)
    if card < 1 or card > 32:
        return False
    if side == 1 and SINGLE_TEXT[card]:
        return False
    if CAPABILITY_SLOT[card] >= 0:
        return True
    pw = state[POLITICAL_WILL]
    opinion = state[OPINION]
    unshaded = side == 0
    if card == 1:
        return any_filter_space(state, F_CUBES_NO_EOKA) if unshaded else opinion < CONDEMNED
    if card == 2:
        if not unshaded:
            return True
        for s in range(N_MAP_SPACES):
            if state[at(s, TROOPS)] > 0 and eoka_pieces(state, s) > 0:
                return True
        return False
    if card == 3:
        return True if unshaded else any_filter_space(state, F_CELL_CURFEW)
    if card == 4:
        return any_pick(state, PICK_SUEZ_TROOP)
    if card == 5:
        return opinion > IGNORED if unshaded else any_pick(state, PICK_SABOTAGE_POLICE_EOKA_TOWN)
    if card == 6:
        if unshaded:
            return True
        for s in range(N_MAP_SPACES):
            if SPACE_KIND[s] == MOUNTAIN and cells(state, s) > 0:
                return True
        return False
    if card == 7:
        return cells_in_curfew_spaces(state) > 0 if unshaded else any_pick(state, PICK_PRISON_CELL_TO_CURFEW)
    if card == 8:
        return map_cells(state) > 0 if unshaded else any_filter_space(state, F_CURFEW)
    if card == 11:
        return opinion != (IGNORED if unshaded else DEBATED)
    if card == 12:
        return True if unshaded else sabotage_space_exists(state, False)
    if card == 14:
        if unshaded:
            return opinion <= 1 and map_cells(state) > 0
        return state[AVAILABLE_CELLS] > 0
    if card == 15:
        return any_pick(state, PICK_HARDING_TOWN) if unshaded else opinion < CONDEMNED
    if card == 16:
        return any_pick(state, PICK_Q_PATROL if unshaded else PICK_SABOTAGE_TROOPS_TOWN)
    if card == 19:
        return True if unshaded else any_pick(state, PICK_GANGS_TROOP)
    if card == 20:
        return any_pick(state, PICK_CURFEW_TROOPS_TOWN) if unshaded else state[AVAILABLE_CELLS] > 0
    if card == 21:
        return (pw < PW_MAX and development_towns(state) > 0) if unshaded else state[AVAILABLE_CELLS] > 0
    if card == 22:
        return True
    if card == 24:
        if not unshaded:
            return any_pick(state, PICK_SABOTAGE_CELLS_POLICE_TOWN)
        if state[AVAILABLE_POLICE] > 0:
            return True
        for s in range(N_MAP_SPACES):
            if can_patrol_to(state, s):
                return True
        return False
    if card == 26:
        return any_pick(state, PICK_VOLKAN)
    if card == 27:
        if not unshaded:
            return state[PRISON] > 0
        return map_cells(state) > 0 or interrogate_draws(state, False) > 0 \
            or (capability(state, CAP_ROUGH_HANDLING, CAP_SHADED) and pw > 0)
    if card == 28:
        if unshaded:
            return pw < PW_MAX and quiet_bases(state) > 0
        return state[AVAILABLE_CELLS] > 0 or any_pick(state, PICK_BASE_WITH_CELL)
    if card == 29:
        if unshaded:
            return map_total(state, SABOTAGE) > 0 or opinion > IGNORED
        return pw < PW_MAX or sabotage_space_exists(state, False)
    if card == 30:
        return True if unshaded else sabotage_space_exists(state, True)
    return False


# -------------------------------------------------------------- options --

@njit(cache=True)
def option_ok(state, option):
    """The two options of a D_EVENT_OPTION decision."""
    state = borrowed(state)
    card = state[EV_CARD]
    if card == 22:                 # place 2 Cells in Towns / remove 2 Cells
        return any_pick(state, PICK_PLACE_CELL_TOWN) if option == 0 else map_cells(state) > 0
    if card == 29:                 # remove 2 Sabotage markers / shift Opinion 2 left
        return map_total(state, SABOTAGE) > 0 if option == 0 else state[OPINION] > IGNORED
    if card == 27:                 # Interrogate with SPECIAL BRANCH unshaded: by Prison / by spaces (C17)
        return True
    return False


@njit(cache=True)
def option_chosen(state, option):
    state = borrowed(state)
    card = state[EV_CARD]
    if card == 22:
        state[EV_STEP] = 2 + option
    elif card == 29:
        if option == 1:
            shift_opinion(state, -2)
            state[EV_STEP] = 9
        else:
            state[EV_STEP] = 2
    elif card == 27:
        interrogate(state, option == 1)
        state[EV_STEP] = 9
    state[DECISION] = D_EVENT_RESUME


@njit(cache=True)
def count_limit(state):
    """D_EVENT_COUNT: GREEK GOVERNMENT's shift (C22), counts 1..4 (GREEK_SHIFT)."""
    state = borrowed(state)
    if state[EV_CARD] == 22:
        return 4
    return 0


@njit(cache=True)
def count_ok(state, k):
    """C22: only shifts that move the marker (A_STOP: no shift)."""
    state = borrowed(state)
    if state[EV_CARD] != 22:
        return False
    after = state[OPINION] + GREEK_SHIFT[k]
    return k == 0 or 0 <= after <= CONDEMNED


@njit(cache=True)
def count_chosen(state, k):
    state = borrowed(state)
    if state[EV_CARD] == 22:
        shift_opinion(state, GREEK_SHIFT[k])
        state[EV_STEP] = 1
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
    if side == 0:
        return unshaded_script(state, card, step, me)
    return shaded_script(state, card, step, me)


@njit(cache=True)
def unshaded_script(state, card, step, me):
    state = borrowed(state)
    if card == 1:       # Troublemaker deported
        if step == 0:
            return grant_special_activity(state, SA_RESTORE, F_CUBES_NO_EOKA, 0, BRITISH, 1)
        return REQ_DONE
    if card == 2:       # Escapes leaving documents
        if step == 0:
            return request_operation(state, OP_ASSAULT, 1, F_TROOPS, MODE_FIXED_LIMIT | MODE_CACHES_FIRST, -1, 1)
        return REQ_DONE
    if card == 3:       # Operation Lobster Pot
        if step == 0:
            return request_operation(state, OP_PATROL, 1, F_ANY, MODE_LIMITED | MODE_OPTIONAL, -1, 1)
        add_political_will(state, 1)
        return REQ_DONE
    if card == 4:       # Troops withdrawn
        if step == 0:
            return begin_pick(state, PICK_SUEZ_TROOP, 3, 0, me, 1)
        return REQ_DONE
    if card == 5:       # Defends minority interests
        shift_opinion(state, -2)
        return REQ_DONE
    if card == 6:       # British sweep mountains
        if step == 0:
            return begin_pick(state, PICK_CUBE_FROM, 18, 1, BRITISH, 1)
        if step == 1:
            return request_operation(state, OP_SEARCH, 2, F_MOUNTAIN, MODE_FIXED_LIMIT | MODE_OPTIONAL, -1, 2)
        return REQ_DONE
    if card == 7:       # Roundup
        for s in range(N_MAP_SPACES):
            if state[at(s, CURFEW)] > 0:
                state[PRISON] += cells(state, s)
                state[at(s, CELLS_UNDERGROUND)] = 0
                state[at(s, CELLS_ACTIVE)] = 0
        return REQ_DONE
    if card == 8:       # Education system reform
        if step == 0:
            return begin_pick(state, PICK_REMOVE_CELL, 2, 0, me, 1)
        return REQ_DONE
    if card == 11:      # Ignored
        state[OPINION] = IGNORED
        return REQ_DONE
    if card == 12:      # New approach
        if step == 0 or step == 1:
            return request_choice_of_operation(state, BRITISH, 1, MODE_LIMITED, step + 1)
        if step == 2:
            return grant_special_activity(state, SA_ANY_VALID, F_ANY, 0, BRITISH, 3)
        return REQ_DONE
    if card == 14:      # Disrupted by Greece
        if step == 0 and state[OPINION] <= 1:
            return begin_pick(state, PICK_REMOVE_CELL, 3, 0, me, 1)
        return REQ_DONE
    if card == 15:      # Military approach
        if step == 0:
            return begin_pick(state, PICK_HARDING_TOWN, 1, 0, me, 1)
        if step == 1:
            return request_operation(state, OP_SEARCH, 1, F_EVENT_SPACE, MODE_FIXED_LIMIT, -1, 2)
        if step == 2:
            return request_operation(state, OP_ASSAULT, 1, F_EVENT_SPACE, MODE_FIXED_LIMIT, -1, 3)
        return REQ_DONE
    if card == 16:      # Root out EOKA
        if step == 0:
            return begin_pick(state, PICK_Q_PATROL, 3, 1, me, 1)
        return REQ_DONE
    if card == 19:      # Isolated and surrounded
        if step == 0:
            return request_operation(state, OP_SEARCH, 1, F_MOUNTAIN, MODE_FIXED_LIMIT | MODE_OPTIONAL, -1, 1)
        if step == 1:
            return request_operation(state, OP_ASSAULT, 1, F_EVENT_SPACE, MODE_FIXED_LIMIT | MODE_OPTIONAL, -1, 2)
        return REQ_DONE
    if card == 20:      # British impose curfews
        if step == 0:
            return begin_pick(state, PICK_CURFEW_TROOPS_TOWN, 2, 1, me, 1)
        return REQ_DONE
    if card == 21:      # Win hearts and minds
        add_political_will(state, development_towns(state))
        return REQ_DONE
    if card == 22:      # Critical opinion on Enosis (one text)
        if step == 0:
            return ask(state, D_EVENT_COUNT, 0)
        if step == 1:
            if not option_ok(state, 0) and not option_ok(state, 1):
                return REQ_DONE
            return ask(state, D_EVENT_OPTION, 1)
        if step == 2:
            return begin_pick(state, PICK_PLACE_CELL_TOWN, 2, 0, me, 9)
        if step == 3:
            return begin_pick(state, PICK_REMOVE_CELL, 2, 0, me, 9)
        return REQ_DONE
    if card == 24:      # Bolster police force
        if step == 0:
            return begin_pick(state, PICK_PLACE_POLICE, state[AVAILABLE_POLICE], 0, me, 1)
        if step == 1:
            return request_operation(state, OP_PATROL, 2, F_ANY, MODE_FIXED_LIMIT | MODE_OPTIONAL, -1, 2)
        return REQ_DONE
    if card == 26:      # Turkish resistance groups (one text)
        if step == 0:
            return begin_pick(state, PICK_VOLKAN, 2, 1, me, 1)
        return REQ_DONE
    if card == 27:      # Attack thwarted
        if step == 0:
            return begin_pick(state, PICK_CELL_TO_PRISON, 1, 0, me, 1)
        if step == 1:
            if capability(state, CAP_SPECIAL_BRANCH, CAP_UNSHADED):
                state[EV_DECIDER] = BRITISH
                state[EV_STEP] = 2
                state[DECISION] = D_EVENT_OPTION
                return REQ_WAIT
            interrogate(state, False)
        return REQ_DONE
    if card == 28:      # Unsinkable aircraft carrier
        add_political_will(state, quiet_bases(state))
        return REQ_DONE
    if card == 29:      # Compromise offer
        if step == 0:
            add_political_will(state, -1)
            return ask(state, D_EVENT_OPTION, 1)
        if step == 2:
            return begin_pick(state, PICK_REMOVE_SABOTAGE, 2, 0, me, 9)
        return REQ_DONE
    if card == 30:      # British pre-empt offensive
        if step == 0:
            return request_operation(state, OP_SEARCH, 1, F_ANY, MODE_FIXED_LIMIT | MODE_OPTIONAL, -1, 1)
        if step == 1:
            return request_operation(state, OP_ASSAULT, 1, F_EVENT_SPACE, MODE_FIXED_LIMIT | MODE_OPTIONAL, -1, 2)
        return REQ_DONE
    return REQ_DONE


@njit(cache=True)
def shaded_script(state, card, step, me):
    state = borrowed(state)
    if card == 1:       # Political leader of Enosis
        shift_opinion(state, 2)
        return REQ_DONE
    if card == 2:       # EOKA leader: three Limited Operations
        if step < 3:
            return request_choice_of_operation(state, EOKA, 1, MODE_LIMITED, step + 1)
        return REQ_DONE
    if card == 3:       # Cypriot Communist Party
        if step == 0:
            return grant_special_activity(state, SA_PROPAGANDIZE, F_CELL_CURFEW, 0, EOKA, 1)
        return REQ_DONE
    if card == 5:       # Encourages TMT
        if step == 0:
            return begin_pick(state, PICK_SABOTAGE_POLICE_EOKA_TOWN, 1, 0, me, 1)
        return REQ_DONE
    if card == 6:       # EOKA tipped off
        if step == 0:
            return request_operation(state, OP_TRAVEL, 2, F_MOUNTAIN, MODE_FIXED_LIMIT | MODE_OPTIONAL, -1, 1)
        return REQ_DONE
    if card == 7:       # Creates new recruits
        if step == 0:
            return begin_pick(state, PICK_PRISON_CELL_TO_CURFEW, curfew_spaces(state), 1, me, 1)
        return REQ_DONE
    if card == 8:       # Demonstrations
        if step == 0:
            return grant_special_activity(state, SA_PROPAGANDIZE, F_CURFEW, MODE_NO_CELL_NEEDED, EOKA, 1)
        return REQ_DONE
    if card == 11:      # Debated
        state[OPINION] = DEBATED
        return REQ_DONE
    if card == 12:      # Welcomed with terror
        if step == 0:
            return request_operation(state, OP_SABOTAGE, 3, F_ANY, MODE_FIXED_LIMIT | MODE_OPTIONAL, -1, 1)
        return REQ_DONE
    if card == 14:      # Attracts recruits
        if step == 0:
            return begin_pick(state, PICK_PLACE_CELL_TOWN_MOUNTAIN, 3, 0, me, 1)
        return REQ_DONE
    if card == 15:      # Talks with Makarios fail
        shift_opinion(state, 2)
        return REQ_DONE
    if card == 16:      # Terrorize civilians
        if step == 0:
            return begin_pick(state, PICK_SABOTAGE_TROOPS_TOWN, 2, 1, me, 1)
        return REQ_DONE
    if card == 19:      # Lure British from towns
        if step == 0:
            return begin_pick(state, PICK_GANGS_MOUNTAIN, 1, 0, me, 1)
        if step == 1:
            return begin_pick(state, PICK_GANGS_TROOP, 6, 1, me, 2)
        return REQ_DONE
    if card == 20:      # Used for recruitment
        if step == 0:
            return begin_pick(state, PICK_PLACE_CELL_TOWN, 3, 0, me, 1)
        return REQ_DONE
    if card == 21:      # Loyalty cannot be bought
        if step == 0:
            return begin_pick(state, PICK_PLACE_CELL_TOWN, 2, 0, me, 1)
        return REQ_DONE
    if card == 24:      # Intercommunal violence
        if step == 0:
            return begin_pick(state, PICK_SABOTAGE_CELLS_POLICE_TOWN, 2, 1, me, 1)
        return REQ_DONE
    if card == 27:      # Prison escape
        state[AVAILABLE_CELLS] += state[PRISON]
        state[PRISON] = 0
        return REQ_DONE
    if card == 28:      # Sabotage attempts
        if step == 0:
            return begin_pick(state, PICK_CELL_IN_BASE, 2, 0, me, 1)
        if step == 1:
            return request_operation(state, OP_SABOTAGE, 2, F_BASE, MODE_FIXED_LIMIT | MODE_OPTIONAL, -1, 2)
        return REQ_DONE
    if card == 29:      # Plan rejected
        if step == 0:
            add_political_will(state, 1)
            return request_operation(state, OP_SABOTAGE, 3, F_ANY, MODE_FIXED_LIMIT | MODE_OPTIONAL, -1, 1)
        return REQ_DONE
    if card == 30:      # Grivas' terror campaign
        if step == 0:
            return request_operation(state, OP_SABOTAGE, 6, F_TOWN_UNDERGROUND, MODE_FIXED_LIMIT | MODE_OPTIONAL, -1, 1)
        return REQ_DONE
    return REQ_DONE
