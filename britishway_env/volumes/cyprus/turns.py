"""Cyprus's decision machinery: card flow, Initiative Track, Operations, Special
Activities, Propaganda Round (docs/cyprus.md, "Decisions").

``legal_mask`` fills the actions open to ``actor(state)``; ``apply`` takes one
and runs every automatic step up to the next decision. Events (5.0) run as
scripts in :mod:`events`; this module answers their requests (Operations,
Special Activities) with the same machinery.
"""

import numpy as np

from ...engine.coin import activities, initiative
from ...engine.coin import events as coin_events
from ...engine.coin.events import REQ_CHOOSE_OP, REQ_DONE, REQ_OPERATION, REQ_SPECIAL_ACTIVITY, begin_event, \
    clear_event
from ...engine.coin import variant
from ...engine.coin.header import DECK_RULES, DR_CAMPAIGNS, N_BOXES, N_OPS, N_SAS, RESTRICTED, RNG, RULE_PARAMETERS
from ...engine.coin.initiative import game_over
from ...engine.coin.propaganda import (
    PHASE_END, PHASE_POLITICAL_WILL, PHASE_REDEPLOY, PHASE_RESET, PHASE_RESOURCES, ROUND_START, end_round,
    next_phase, victory_check,
)
from ...engine.jit import njit
from ...engine.borrow import borrowed
from ..boards.cyprus import BASE, MOUNTAIN, N_MAP_SPACES, SPACE_KIND, TOWN
from .cards import PROPAGANDA_CARDS
from .events import count_chosen, count_limit, count_ok, event_playable, event_script, option_chosen, option_ok, \
    pick_effect, pick_space_ok, stop_pick
from .layout import (
    A_ALT, A_BOX, A_CHIT, A_COUNT, A_EVENT_SIDE, A_EXTRA, A_OP, A_PASS, A_SA, A_SPACE, A_STOP, ACCOMPANIES,
    ARMS_CACHES, AVAILABLE_CELLS, BOX, BOX_EVENT, BRITISH, CAP_ASSASSINATIONS, CAP_HUMAN_RIGHTS,
    CAP_ROAD_AMBUSHES, CAP_SHADED, CAP_SPECIAL_BRANCH, CAP_STREET_RIOTS, CAP_TURKISH_POLICE, CAP_UNSHADED, CARD,
    CELLS_ACTIVE, CELLS_UNDERGROUND, CONDEMNED, COUNTER, CUR, CUR2, CURFEW, CURFEW_OWED, D_AMBUSH_CACHE,
    D_ASSAULT_CHITS, D_BOX, D_CURFEW_FROM, D_DEPLOY_DESTINATION, D_DEPLOY_TROOPS, D_EVENT_COUNT, D_EVENT_OP,
    D_EVENT_OPTION, D_EVENT_RESUME, D_EVENT_SPACE, D_INTERROGATE_WAY, D_LEAD_CHIT, D_NEXT_CARD, D_OFFENSIVE_CACHE,
    D_OPERATION, D_OVER, D_PATROL_ARREST, D_PATROL_CHITS, D_PATROL_MOVE, D_PATROL_MOVE_TO, D_PROP_CACHE,
    D_PROP_DISCARD, D_RECRUIT_COUNT, D_REDEPLOY_CACHE, D_REDEPLOY_CACHE_TO, D_REDEPLOY_CELL, D_REDEPLOY_POLICE,
    D_REDEPLOY_POLICE_TO, D_REDEPLOY_TROOPS, D_SA_AFTER, D_SA_SPACE, D_SABOTAGE_CACHE, D_SEARCH_MOVE,
    D_SEARCH_MOVE_TO, D_SEARCH_RESUME, D_SEARCH_TOWN, D_SMUGGLE_FROM, D_SPACE, D_SUEZ_RETURN, D_TRAVEL_COUNT,
    D_TRAVEL_DEST, DECISION, DEST_USED, EOKA, EOKA_WIN, EV_CARD, EV_DECIDER, EV_FACTION, EV_FILTER, EV_LEFT,
    EV_MODE, EV_SA, EV_OPTIONAL, EV_SPACE, EXECUTOR, EXTRA_USED, F_ANY, F_BASE, F_CELL_CURFEW, F_CUBES_NO_EOKA,
    F_CURFEW, F_EVENT_SPACE,
    F_MOUNTAIN, F_TOWN, F_TOWN_UNDERGROUND, F_TROOPS, INTEL_HELD, LIMITED, LORRIES_USED, MAX_COUNT, MODE_CACHES_FIRST, MODE_EVENT_OP,
    MODE_FIXED_LIMIT, MODE_LIMITED, MODE_NO_CELL_NEEDED, MODE_OPTIONAL, MODE_SA_AFTER_ONLY, MOVED_ACTIVE,
    MOVED_HERE, N_SELECTED, OP, OP_AMBUSH, OP_ASSAULT, OP_DEPLOY, OP_FACTION, OP_PATROL, OP_RECRUIT, OP_SABOTAGE,
    OP_SEARCH, OP_TRAVEL, OPINION, PAID, SABOTAGE, PASS_AMBUSH, POLICE, POLITICAL_WILL, RIOTS_USED, SA, SA_ANY_VALID,
    SA_COUNT, SA_DIPLOMACY,
    SA_FACTION, SA_INFILTRATE, SA_INTERROGATE, SA_PROPAGANDIZE, SA_RESTORE, SA_RETURN, SA_SMUGGLE, SA_USED,
    SEARCH_NEXT, SELECTED, SPACE_LIMIT, SUEZ_TROOPS, TROOPS,
)
from .operations import (
    ADJACENT, ambush_cache_space_ok, ambush_space, assault_budget, assault_space, at, cache_room, can_ambush_in,
    can_assassinate_in, can_deploy_in, can_infiltrate_in, can_patrol_to, can_propagandize_in, can_restore_in,
    can_sabotage_in, capability, cells, cubes, curfew_source_ok, deploy_police, diplomacy, eoka_pieces,
    infiltrate, interrogate, move, move_owed_curfew, patrol_arrest, place_cache, place_cells, propagandize,
    recruit_limit, remove_cache, restore, sabotage_cell, sabotage_roll, search_space, smuggle_move_ok,
    smuggle_place, smuggle_place_ok, travel,
)
from .parameters import P_EOKA_VICTORY_WILL, P_OPERATION_SPACES
from .propaganda import political_will_phase, reset_phase
from .resources import draw_intel, intel_total, return_intel
from .setup import build_deck, setup

PROPAGANDA = np.array(PROPAGANDA_CARDS, dtype=np.int64)


# ---------------------------------------------------------------- who acts --

@njit(cache=True)
def pending(state):
    """The decision to take now: a Curfew owed to a Town (1.10) interrupts any other."""
    state = borrowed(state)
    if state[DECISION] != D_OVER and state[CURFEW_OWED] > 0:
        return D_CURFEW_FROM
    return state[DECISION]


@njit(cache=True)
def actor(state):
    """The faction whose decision is pending (-1 when the game is over)."""
    state = borrowed(state)
    d = pending(state)
    if d == D_OVER:
        return -1
    if d == D_CURFEW_FROM or d == D_PROP_DISCARD or d == D_REDEPLOY_POLICE or d == D_REDEPLOY_POLICE_TO \
            or d == D_REDEPLOY_TROOPS or d == D_SUEZ_RETURN:
        return BRITISH
    if d == D_PROP_CACHE or d == D_REDEPLOY_CELL or d == D_REDEPLOY_CACHE or d == D_REDEPLOY_CACHE_TO:
        return EOKA
    if d == D_BOX:
        return initiative.box_chooser(state)
    if d == D_EVENT_SPACE or d == D_EVENT_COUNT or d == D_EVENT_OPTION:
        return state[EV_DECIDER]
    return state[EXECUTOR]


def cells_at(state, s):
    """Cells (Underground and Active) in space ``s`` (for tests and renderers)."""
    return int(cells(state, s))


# ------------------------------------------------------------ operations --

@njit(cache=True, inline="always")
def event_filter_ok(state, s):
    """The spaces an event's Operation or Special Activity is restricted to (EV_FILTER)."""
    f = state[EV_FILTER]
    if f == F_ANY:
        return True
    if f == F_TOWN:
        return SPACE_KIND[s] == TOWN
    if f == F_MOUNTAIN:
        return SPACE_KIND[s] == MOUNTAIN
    if f == F_BASE:
        return SPACE_KIND[s] == BASE
    if f == F_EVENT_SPACE:
        return s == state[EV_SPACE]
    if f == F_TROOPS:
        return state[at(s, TROOPS)] > 0
    if f == F_CUBES_NO_EOKA:
        return cubes(state, s) > 0 and eoka_pieces(state, s) == 0
    if f == F_CELL_CURFEW:
        return cells(state, s) > 0 and state[at(s, CURFEW)] > 0
    if f == F_CURFEW:
        return state[at(s, CURFEW)] > 0
    if f == F_TOWN_UNDERGROUND:
        return SPACE_KIND[s] == TOWN and state[at(s, CELLS_UNDERGROUND)] > 0
    return False


@njit(cache=True, inline="always")
def op_space_ok(state, op, s):
    """May Operation ``op`` select space ``s`` (3.2, 3.3)? Each space once (3.1)."""
    if not event_filter_ok(state, s):
        return False
    if op == OP_DEPLOY:
        return can_deploy_in(state, s)
    if op == OP_PATROL:
        return can_patrol_to(state, s)
    if op == OP_SEARCH:
        return True
    if op == OP_ASSAULT:
        return state[at(s, TROOPS)] > 0 and eoka_pieces(state, s) > 0
    if op == OP_RECRUIT:
        return recruit_limit(state, s) > 0 and state[AVAILABLE_CELLS] > 0    # rules decision C-4
    if op == OP_TRAVEL:
        return cells(state, s) - state[MOVED_HERE + s] > 0     # a Cell Travels once (3.3.2)
    if op == OP_SABOTAGE:
        return can_sabotage_in(state, s)
    if op == OP_AMBUSH:
        return can_ambush_in(state, s)
    return False


@njit(cache=True, inline="always")
def op_has_alt(op):
    """Operation ``op`` has another way (A_ALT): Sabotage, Ambush."""
    return op == OP_SABOTAGE or op == OP_AMBUSH


@njit(cache=True, inline="always")
def op_alt_ok(state, op, s):
    """The other way an Operation may select a space (A_ALT): Sabotage with an
    Active Cell, once a card, with STREET RIOTS shaded (C23); Ambush of Troop
    lorries, once an Operation, with ROAD AMBUSHES shaded (C32)."""
    if not op_has_alt(op) or not event_filter_ok(state, s):
        return False
    if op == OP_SABOTAGE:
        return capability(state, CAP_STREET_RIOTS, CAP_SHADED) and state[RIOTS_USED] == 0 \
            and SPACE_KIND[s] != MOUNTAIN and state[at(s, CELLS_ACTIVE)] > 0
    if op == OP_AMBUSH:
        return capability(state, CAP_ROAD_AMBUSHES, CAP_SHADED) and state[LORRIES_USED] == 0 \
            and can_ambush_in(state, s) and state[at(s, TROOPS)] > 0
    return False


@njit(cache=True)
def any_space_for(state, op):
    state = borrowed(state)
    has_alt = op_has_alt(op)
    for s in range(N_MAP_SPACES):
        if state[SELECTED + s] == 0 and (op_space_ok(state, op, s) or (has_alt and op_alt_ok(state, op, s))):
            return True
    return False


@njit(cache=True)
def op_feasible(state, op):
    """An Operation is offered only when it can act in at least one space."""
    state = borrowed(state)
    has_alt = op_has_alt(op)
    for s in range(N_MAP_SPACES):
        if op_space_ok(state, op, s) or (has_alt and op_alt_ok(state, op, s)):
            return True
    return False


# The order any_op_feasible asks the Operations in: the answer is the same in
# any order, and Search (any space) and Travel (a space with a Cell) are almost
# always possible at an early space, where Deploy and Recruit look for room
# space by space.
FEASIBILITY_ORDER = np.array([OP_SEARCH, OP_PATROL, OP_ASSAULT, OP_DEPLOY, OP_TRAVEL, OP_AMBUSH, OP_SABOTAGE, OP_RECRUIT],
                             dtype=np.int64)


@njit(cache=True)
def offensive_source_ok(state, s):
    """Offensive removes an Arms Cache from a space with no British cubes (2.3.7)."""
    state = borrowed(state)
    return state[at(s, ARMS_CACHES)] > 0 and cubes(state, s) == 0


@njit(cache=True, inline="always")
def extra_space_open(state):
    """Intelligence Lead (Patrol, Search, Assault) or Offensive (Recruit,
    Sabotage, Ambush) may add one space, once, when the limit is reached,
    Limited Operations included (2.3.7); not the one-space Ambush of a Pass
    (2.3.3) nor an event's fixed number of spaces."""
    if state[EXTRA_USED] or state[N_SELECTED] < state[SPACE_LIMIT] or state[EV_MODE] & MODE_FIXED_LIMIT \
            or state[PASS_AMBUSH]:
        return False
    op = state[OP]
    if op == OP_PATROL or op == OP_SEARCH or op == OP_ASSAULT:
        return intel_total(state) > 0 and any_space_for(state, op)
    if op == OP_RECRUIT or op == OP_SABOTAGE or op == OP_AMBUSH:
        for s in range(N_MAP_SPACES):
            if offensive_source_ok(state, s):
                return any_space_for(state, op)
    return False


@njit(cache=True)
def start_operation(state, op):
    """Operation ``op`` starts: three spaces (3.2, 3.3; the rule parameter
    ``operation_spaces``), one when Limited (2.3.4)."""
    state = borrowed(state)
    for s in range(N_MAP_SPACES):
        state[SELECTED + s] = 0
        state[DEST_USED + s] = 0
    state[LORRIES_USED] = 0
    clear_moves(state)
    limit = activities.base_space_limit(state)
    if not state[LIMITED]:
        limit = state[RULE_PARAMETERS + P_OPERATION_SPACES]
    activities.begin_operation(state, op, limit)


@njit(cache=True)
def can_buy(state):
    """Intel Chits worth something for removing Underground Cells (values 1, 2; 1.6.1)."""
    state = borrowed(state)
    return state[INTEL_HELD + 1] + state[INTEL_HELD + 2] > 0


@njit(cache=True)
def assault_cell_budget(state, s):
    """Pieces Assault may still take as Cells here: with the Arms Caches
    first (C2 unshaded) they use the budget before the Cells."""
    state = borrowed(state)
    budget = assault_budget(state, s)
    if state[EV_MODE] & MODE_CACHES_FIRST:
        budget -= min(budget, state[at(s, ARMS_CACHES)])
    return budget


@njit(cache=True)
def underground_affordable(state, s):
    """Underground Cells Assault could still remove here with more Intel (3.2.4)."""
    state = borrowed(state)
    return min(assault_cell_budget(state, s), state[at(s, CELLS_UNDERGROUND)]) - state[PAID]


@njit(cache=True)
def finish_assault_space(state):
    state = borrowed(state)
    s = state[CUR]
    underground = min(state[PAID], state[at(s, CELLS_UNDERGROUND)], assault_cell_budget(state, s))
    state[COUNTER] = assault_space(state, s, underground, state[COUNTER],
                                   state[EV_MODE] & MODE_CACHES_FIRST != 0)
    state[PAID] = 0
    state[DECISION] = D_SPACE


@njit(cache=True)
def sabotage_cache_step(state):
    state = borrowed(state)
    s = state[CUR]
    for src in range(N_MAP_SPACES):
        if sabotage_cache_source_ok(state, s, src):
            state[DECISION] = D_SABOTAGE_CACHE
            return
    sabotage_roll(state, s, -1)
    state[DECISION] = D_SPACE


@njit(cache=True)
def ambush_cache_step(state, s, success):
    """After a successful Ambush the Arms Cache goes where EOKA choose (3.3.4)."""
    state = borrowed(state)
    state[DECISION] = D_SPACE
    if success:
        for t in range(N_MAP_SPACES):
            if ambush_cache_space_ok(state, s, t):
                state[CUR] = s
                state[DECISION] = D_AMBUSH_CACHE
                return


@njit(cache=True, inline="always")
def select_space(state, s, alt):
    """The Operation acts in space ``s`` (``alt``: its other way, A_ALT), or
    opens its per-space decision."""
    op = state[OP]
    state[SELECTED + s] = 1
    activities.count_selected(state, s)
    if op == OP_DEPLOY:
        deploy_police(state, s)
    elif op == OP_RECRUIT:
        recruit_space_selected(state, s)
    elif op == OP_ASSAULT:
        assault_space_selected(state, s)
    elif op == OP_TRAVEL:
        travel_origin_selected(state, s)
    elif op == OP_SABOTAGE:
        state[CUR] = s
        if alt:
            state[RIOTS_USED] = 1
        sabotage_cell(state, s, alt)
        sabotage_cache_step(state)
    elif op == OP_AMBUSH:
        if alt:
            state[LORRIES_USED] = 1
        ambush_cache_step(state, s, ambush_space(state, s, alt))


@njit(cache=True)
def patrol_affordable(state, s):
    """Underground Cells the Patrol could still remove here with more Intel (3.2.2)."""
    state = borrowed(state)
    capacity = state[at(s, POLICE)]
    if capability(state, CAP_SPECIAL_BRANCH, CAP_SHADED):
        capacity = capacity // 2
    return min(capacity, state[at(s, CELLS_UNDERGROUND)]) - state[PAID]


@njit(cache=True)
def resolve_patrol(state):
    state = borrowed(state)
    s = state[CUR]
    patrol_arrest(state, s, min(state[PAID], state[at(s, CELLS_UNDERGROUND)]))
    state[PAID] = 0
    finish_operation(state)


@njit(cache=True)
def search_then_go_on(state, s, discard):
    """Search's activation in ``s``, then on to the next space; when a Curfew
    is owed (1.10) the British choose it first and the activation resumes."""
    state = borrowed(state)
    search_space(state, s, discard)
    if state[CURFEW_OWED] > 0:
        state[SEARCH_NEXT] = s + 1
        state[DECISION] = D_SEARCH_RESUME
        return
    continue_search(state, s + 1)


@njit(cache=True)
def continue_search(state, first):
    """Search's activation, space by space; a Town asks whether to discard a chit (3.2.3)."""
    state = borrowed(state)
    for s in range(first, N_MAP_SPACES):
        if state[SELECTED + s] == 1:
            if SPACE_KIND[s] == TOWN and intel_total(state) > 0:
                state[CUR] = s
                state[DECISION] = D_SEARCH_TOWN
                return
            search_space(state, s, False)
            if state[CURFEW_OWED] > 0:
                state[SEARCH_NEXT] = s + 1
                state[DECISION] = D_SEARCH_RESUME
                return
    state[SEARCH_NEXT] = 0
    finish_operation(state)


# ---------------------------------------------------- special activities --

@njit(cache=True)
def sa_allowed(state, sa):
    """May ``sa`` go with this action (4.1.1)? An event granting "any Special
    Activity" with no Operation (C12) allows each of the executor's."""
    state = borrowed(state)
    if state[EV_MODE] & MODE_EVENT_OP and state[EV_SA] == SA_ANY_VALID and state[OP] < 0:
        return SA_FACTION[sa] == state[EXECUTOR]
    return activities.sa_allowed(state, sa, ACCOMPANIES)


@njit(cache=True, inline="always")
def sa_filter_ok(state, s):
    """An event's Special Activity without an Operation keeps to the text's spaces (C1, C3, C8)."""
    if state[EV_MODE] & MODE_EVENT_OP and state[OP] < 0:
        return event_filter_ok(state, s)
    return True


@njit(cache=True, inline="always")
def sa_space_ok(state, sa, s):
    """May ``sa`` act in ``s`` its usual way (A_SPACE)?"""
    if activities.sa_space_used(state, s) or not sa_filter_ok(state, s):
        return False
    if sa == SA_RESTORE:
        if state[EV_FILTER] == F_CUBES_NO_EOKA and state[OP] < 0:
            return True          # MAKARIOS III unshaded (C1): any space with cubes and no EOKA
        return can_restore_in(state, s)
    if sa == SA_SMUGGLE:
        return smuggle_place_ok(state, s)
    if sa == SA_INFILTRATE:
        return can_infiltrate_in(state, s)
    if sa == SA_PROPAGANDIZE:
        return can_propagandize_in(state, s, not state[EV_MODE] & MODE_NO_CELL_NEEDED) \
            and state[at(s, SABOTAGE)] > 0
    return False


@njit(cache=True, inline="always")
def sa_alt_ok(state, sa, s):
    """May ``sa`` act in ``s`` its other way (A_ALT)? Smuggle: move an Arms
    Cache here (4.3.1). Infiltrate: ASSASSINATIONS (C25) shaded, remove a Police
    where an Underground Cell is; unshaded, discard the chit instead of
    replacing the Police. Propagandize: shift International Opinion at a
    Curfew (4.3.3)."""
    if activities.sa_space_used(state, s) or not sa_filter_ok(state, s):
        return False
    if sa == SA_SMUGGLE:
        for src in range(N_MAP_SPACES):
            if smuggle_move_ok(state, src, s):
                return True
        return False
    if sa == SA_INFILTRATE:
        if capability(state, CAP_ASSASSINATIONS, CAP_SHADED):
            return can_assassinate_in(state, s)
        if capability(state, CAP_ASSASSINATIONS, CAP_UNSHADED) and not capability(state, CAP_TURKISH_POLICE,
                                                                                  CAP_UNSHADED):
            return can_infiltrate_in(state, s) and intel_total(state) > 0
        return False
    if sa == SA_PROPAGANDIZE:
        return can_propagandize_in(state, s, not state[EV_MODE] & MODE_NO_CELL_NEEDED) \
            and state[at(s, CURFEW)] > 0
    return False


@njit(cache=True)
def sa_space_limit(state, sa):
    """Spaces a Special Activity may act in: one (4.2, 4.3); two for Restore by
    MAKARIOS III (C1), Smuggle at Condemned (4.3.1), Propagandize with HUMAN
    RIGHTS COMMITTEES shaded (C13)."""
    state = borrowed(state)
    if sa == SA_RESTORE and state[EV_FILTER] == F_CUBES_NO_EOKA and state[OP] < 0:
        return 2
    if sa == SA_SMUGGLE and state[OPINION] == CONDEMNED:
        return 2
    if sa == SA_PROPAGANDIZE and capability(state, CAP_HUMAN_RIGHTS, CAP_SHADED) \
            and not (state[EV_MODE] & MODE_EVENT_OP and state[OP] < 0):
        return 2     # not for an event's Propagandize "in 1 space" (C3, C8: the card in play wins, 5.1.2)
    return 1


@njit(cache=True)
def sa_any_space(state, sa):
    state = borrowed(state)
    for s in range(N_MAP_SPACES):
        if sa_space_ok(state, sa, s) or sa_alt_ok(state, sa, s):
            return True
    return False


@njit(cache=True)
def sa_offerable(state, sa):
    """May the executor start Special Activity ``sa`` now?"""
    state = borrowed(state)
    if SA_FACTION[sa] != state[EXECUTOR] or not sa_allowed(state, sa):
        return False
    if sa == SA_DIPLOMACY or sa == SA_INTERROGATE:
        return True
    if sa == SA_SMUGGLE and state[OPINION] == 0:      # never at Ignored (4.3.1)
        return False
    return sa_any_space(state, sa)


@njit(cache=True)
def start_sa(state, sa, resume):
    state = borrowed(state)
    activities.begin_special_activity(state, sa, resume)
    if sa == SA_DIPLOMACY:               # no space (4.2.2)
        diplomacy(state)
        finish_sa(state)
    elif sa == SA_INTERROGATE:           # no space (4.2.3)
        if capability(state, CAP_SPECIAL_BRANCH, CAP_UNSHADED):
            state[DECISION] = D_INTERROGATE_WAY
        else:
            interrogate(state, False)
            finish_sa(state)


@njit(cache=True)
def sa_next_space(state):
    """Another space for the Special Activity, or it is over."""
    state = borrowed(state)
    sa = state[SA]
    if state[SA_COUNT] < sa_space_limit(state, sa) and sa_any_space(state, sa):
        state[DECISION] = D_SA_SPACE
    else:
        finish_sa(state)


@njit(cache=True, inline="always")
def sa_in_space(state, s, alt):
    """The Special Activity acts in ``s`` (``alt``: its other way, A_ALT)."""
    sa = state[SA]
    activities.sa_acts_in(state, s)
    if sa == SA_RESTORE:
        restore(state, s)
    elif sa == SA_SMUGGLE:
        if alt:
            state[CUR2] = s
            state[DECISION] = D_SMUGGLE_FROM
            return
        smuggle_place(state, s)
    elif sa == SA_INFILTRATE:
        if capability(state, CAP_TURKISH_POLICE, CAP_UNSHADED) or (alt and capability(state, CAP_ASSASSINATIONS,
                                                                                      CAP_SHADED)):
            infiltrate(state, s, True, False, False)      # C31; C25 shaded: the Police removed, nothing more
        elif capability(state, CAP_ASSASSINATIONS, CAP_UNSHADED):
            infiltrate(state, s, not alt, not alt, alt)   # C25 unshaded: replace or discard, not both
        else:
            infiltrate(state, s, True, True, True)
    elif sa == SA_PROPAGANDIZE:
        propagandize(state, s, alt)
        travel_tally_after_activation(state, s)
    sa_next_space(state)


# ------------------------------------------------------------- card flow --

@njit(cache=True)
def clear_action(state):
    state = borrowed(state)
    activities.clear_action(state)
    clear_moves(state)
    state[EXTRA_USED] = 0
    state[PASS_AMBUSH] = 0
    state[LORRIES_USED] = 0
    state[SEARCH_NEXT] = 0
    for s in range(N_MAP_SPACES):
        state[SELECTED + s] = 0
        state[DEST_USED + s] = 0


# inlined: one caller in compiled code, which would otherwise emit its whole call tree again (docs/architecture.md)
@njit(cache=True, inline="always")
def event_resume(state):
    """Carry the event's text on and answer what it asks for."""
    request = event_script(state)
    if request == REQ_DONE:
        state[EXECUTOR] = state[EV_FACTION]
        clear_event(state)
        clear_action(state)
        initiative.card_action_done(state)
    elif request >= REQ_OPERATION:
        start_event_operation(state, request - REQ_OPERATION)
    elif request == REQ_CHOOSE_OP:
        state[EXECUTOR] = state[EV_DECIDER]
        state[DECISION] = D_EVENT_OP
    elif request == REQ_SPECIAL_ACTIVITY:
        state[EXECUTOR] = state[EV_DECIDER]
        state[SA_USED] = 0
        if any_sa_offerable_for_event(state):
            state[DECISION] = D_SA_AFTER
        else:
            end_action(state)


@njit(cache=True)
def any_sa_offerable_for_event(state):
    state = borrowed(state)
    for sa in range(6):
        if sa_offerable(state, sa):
            return True
    return False


@njit(cache=True, inline="always")
def op_may_end_unselected(state):
    """A Pass's Ambush (2.3.3) is a "may": it may end with no space."""
    return state[PASS_AMBUSH] != 0


@njit(cache=True, inline="always")
def must_pass(state, faction):
    """No Cyprus card makes a faction Pass."""
    return False


@njit(cache=True, inline="always")
def event_op_may_stop(state, feasible):
    """An event's Operation is conducted when it can act, unless the text says "may"
    (5.1.3; C2 shaded, C12 unshaded)."""
    return not feasible or (state[EV_MODE] & MODE_OPTIONAL) != 0


@njit(cache=True)
def next_card(state):
    """Reveal the next card (2.2, 2.3.6); a Propaganda card starts a round (2.4)."""
    state = borrowed(state)
    card = initiative.reveal_next_card(state)
    state[RIOTS_USED] = 0
    if initiative.is_propaganda(card, PROPAGANDA):
        continue_round(state, ROUND_START)
    else:
        state[DECISION] = D_BOX


# The Propaganda Round's phases in order (6.0): Political Will (6.1), Resources (6.2),
# Redeploy (6.3), Reset (6.4).
PROPAGANDA_PHASES = np.array((PHASE_POLITICAL_WILL, PHASE_RESOURCES, PHASE_REDEPLOY, PHASE_RESET), dtype=np.int64)


@njit(cache=True, inline="always")
def enter_phase(state, phase):
    """Start ``phase``; True when it waits for a decision or ended the game."""
    if phase == PHASE_POLITICAL_WILL:
        political_will_phase(state)
        if state[POLITICAL_WILL] <= state[RULE_PARAMETERS + P_EOKA_VICTORY_WILL]:
            game_over(state, EOKA_WIN)              # 6.1.4, 7.0.1: at 0, or the rule parameter's level
            return True
        return victory_check(state, state[DECK_RULES + DR_CAMPAIGNS])   # 6.1.5, 7.0.2
    if phase == PHASE_RESOURCES:
        if any_prop_cache_space(state):             # EOKA Arms (6.2.1)
            state[DECISION] = D_PROP_CACHE
            return True
        return british_intel(state)
    if phase == PHASE_REDEPLOY:
        clear_moves(state)
        state[CUR] = -1
        state[DECISION] = D_REDEPLOY_POLICE         # 6.3.1
        return True
    if state[SUEZ_TROOPS] > 0:                      # SUEZ CRISIS (C4): the Troops come back first
        state[DECISION] = D_SUEZ_RETURN
        return True
    clear_moves(state)
    reset_phase(state)
    return False


@njit(cache=True)
def prop_cache_space_ok(state, s):
    """6.2.1: a Town or Mountain with a Cell, within stacking."""
    state = borrowed(state)
    return SPACE_KIND[s] != BASE and cells(state, s) > 0 and cache_room(state, s)


@njit(cache=True)
def any_prop_cache_space(state):
    state = borrowed(state)
    for s in range(N_MAP_SPACES):
        if prop_cache_space_ok(state, s):
            return True
    return False


@njit(cache=True)
def british_intel(state):
    """6.2.2: no chits -> draw one; otherwise discard half, rounded down.
    True when the British must choose what to discard."""
    state = borrowed(state)
    held = intel_total(state)
    if held == 0:
        draw_intel(state)
        return False
    if held // 2 > 0:
        state[COUNTER] = held // 2
        state[DECISION] = D_PROP_DISCARD
        return True
    return False


@njit(cache=True, inline="always")
def troops_in_mountains(state):
    for s in range(N_MAP_SPACES):
        if SPACE_KIND[s] == MOUNTAIN and state[at(s, TROOPS)] > 0:
            return s
    return -1


@njit(cache=True, inline="always")
def cells_in_bases(state):
    for s in range(N_MAP_SPACES):
        if SPACE_KIND[s] == BASE and cells(state, s) > 0:
            return s
    return -1


@njit(cache=True)
def redeploy_cell_destination_ok(state, s):
    """6.3.2: Cells leaving a Base go to Towns with EOKA pieces or to Mountains."""
    state = borrowed(state)
    kind = SPACE_KIND[s]
    return kind == MOUNTAIN or (kind == TOWN and eoka_pieces(state, s) > 0)


@njit(cache=True)
def redeploy_cache_destination_ok(state, src, s):
    """6.3.2: an Arms Cache moves to a space with a Cell (not a Base, 1.3.4; within stacking, 1.4.2)."""
    state = borrowed(state)
    return s != src and SPACE_KIND[s] != BASE and cells(state, s) > 0 and state[at(s, ARMS_CACHES)] < 2


@njit(cache=True)
def redeploy_after_police(state):
    """6.3.1 then 6.3.2: Troops out of the Mountains, Cells out of the Bases
    (both forced), then one Arms Cache may move."""
    state = borrowed(state)
    if troops_in_mountains(state) >= 0:
        state[DECISION] = D_REDEPLOY_TROOPS
        return
    src = cells_in_bases(state)
    if src >= 0:
        state[CUR] = src
        state[DECISION] = D_REDEPLOY_CELL
        return
    state[CUR] = -1
    for src in range(N_MAP_SPACES):
        if state[at(src, ARMS_CACHES)] > 0:
            for s in range(N_MAP_SPACES):
                if redeploy_cache_destination_ok(state, src, s):
                    state[DECISION] = D_REDEPLOY_CACHE
                    return
    continue_round(state, PHASE_REDEPLOY)


@njit(cache=True, inline="always")
def step_owed(state):
    """An owed Curfew (1.10) comes before every automatic step (settle)."""
    return state[CURFEW_OWED] != 0


@njit(cache=True, inline="always")
def automatic_step(state, d):
    """Search's activation, resumed after the Curfew it owed (3.2.3, 1.10;
    settle): True when it went on."""
    if d == D_SEARCH_RESUME:
        continue_search(state, state[SEARCH_NEXT])
        return True
    return False


@njit(cache=True, inline="always")
def clear_own_context(state):
    """Cyprus's own decision context needs nothing cleared before the first card (first_card)."""
    return


# ------------------------------------------------------------------ mask --

@njit(cache=True)
def own_mask(state, out, d):
    """Set in ``out`` (cleared) each action the rules allow ``actor`` in
    Cyprus's own decision kinds and those it rules its own way (the turn
    skeleton's ``rules_mask`` answers the others; those Palestine and Cyprus write alike,
    the shared template's :func:`family_mask`)."""
    state, out = borrowed(state), borrowed(out)
    if d == D_CURFEW_FROM:
        for s in range(N_MAP_SPACES):
            if curfew_source_ok(state, s):
                out[A_SPACE + s] = 1
        return
    if d == D_SA_SPACE:
        if state[SA_COUNT] > 0:
            out[A_STOP] = 1
        for s in range(N_MAP_SPACES):
            if sa_space_ok(state, state[SA], s):
                out[A_SPACE + s] = 1
            if sa_alt_ok(state, state[SA], s):
                out[A_ALT + s] = 1
        return
    if d == D_SMUGGLE_FROM:
        for s in range(N_MAP_SPACES):
            if smuggle_move_ok(state, s, state[CUR2]):
                out[A_SPACE + s] = 1
        return
    if d == D_INTERROGATE_WAY:
        out[A_EVENT_SIDE] = 1
        out[A_EVENT_SIDE + 1] = 1
        return
    if d == D_PATROL_ARREST:
        out[A_STOP] = 1
        for s in range(N_MAP_SPACES):
            if state[SELECTED + s] == 1 and state[at(s, POLICE)] > 0 and cells(state, s) > 0:
                out[A_SPACE + s] = 1
        return
    if d == D_PATROL_CHITS or d == D_ASSAULT_CHITS:
        out[A_STOP] = 1
        more = patrol_affordable(state, state[CUR]) if d == D_PATROL_CHITS \
            else underground_affordable(state, state[CUR])
        if more > 0:
            for v in (1, 2):
                if state[INTEL_HELD + v] > 0:
                    out[A_CHIT + v] = 1
        return
    if d == D_SEARCH_TOWN:
        out[A_STOP] = 1
        for v in range(3):
            if state[INTEL_HELD + v] > 0:
                out[A_CHIT + v] = 1
        return
    if d == D_AMBUSH_CACHE:
        for t in range(N_MAP_SPACES):
            if ambush_cache_space_ok(state, state[CUR], t):
                out[A_SPACE + t] = 1
        return
    if d == D_LEAD_CHIT or d == D_PROP_DISCARD:
        for v in range(3):
            if state[INTEL_HELD + v] > 0:
                out[A_CHIT + v] = 1
        return
    if d == D_REDEPLOY_POLICE:
        out[A_STOP] = 1
        for s in range(N_MAP_SPACES):
            if movable(state, s, POLICE) > 0:
                for t in range(N_MAP_SPACES):
                    if t != s and cubes(state, t) > 0:
                        out[A_SPACE + s] = 1
                        break
        return
    if d == D_REDEPLOY_POLICE_TO:
        for s in range(N_MAP_SPACES):
            if s != state[CUR] and cubes(state, s) > 0:
                out[A_SPACE + s] = 1
        return
    if d == D_REDEPLOY_TROOPS or d == D_SUEZ_RETURN:
        for s in range(N_MAP_SPACES):
            if SPACE_KIND[s] == BASE:
                out[A_SPACE + s] = 1
        return
    if d == D_REDEPLOY_CELL:
        for s in range(N_MAP_SPACES):
            if s != state[CUR] and redeploy_cell_destination_ok(state, s):
                out[A_SPACE + s] = 1
        return
    family_mask(state, out, d)       # the decision kinds Palestine and Cyprus write alike


# ----------------------------------------------------------------- apply --

@njit(cache=True, inline="always")
def after_decision(state):
    """After every decision's rules (1.10): a Curfew leaves a space with no British piece."""
    for s in range(N_MAP_SPACES):
        if state[at(s, CURFEW)] > 0 and cubes(state, s) == 0:
            state[at(s, CURFEW)] = 0


@njit(cache=True)
def take_pass(state, faction, box):
    """Pass (2.3.3): the British draw an Intel Chit; EOKA may Ambush in one space."""
    state = borrowed(state)
    state[BOX + faction] = box
    state[EXECUTOR] = faction
    if faction == BRITISH:
        draw_intel(state)
        end_action(state)
    elif op_feasible(state, OP_AMBUSH):
        state[LIMITED] = 1
        start_operation(state, OP_AMBUSH)
        state[PASS_AMBUSH] = 1
    else:
        end_action(state)


@njit(cache=True)
def own_act(state, action, d):
    """The rules of a legal action of ``actor(state)`` in Cyprus's own decision
    kinds and those it rules its own way (the turn skeleton's ``act`` answers
    the others; those Palestine and Cyprus write alike, the shared template's
    :func:`family_act`), without the automatic steps that follow it
    (:func:`settle`)."""
    state = borrowed(state)
    space = action - A_SPACE
    alt_space = action - A_ALT
    if d == D_CURFEW_FROM:
        move_owed_curfew(state, space)
    elif d == D_SA_SPACE:
        if action == A_STOP:
            finish_sa(state)
        elif action >= A_ALT:
            sa_in_space(state, alt_space, True)
        else:
            sa_in_space(state, space, False)
    elif d == D_SMUGGLE_FROM:
        move(state, space, state[CUR2], ARMS_CACHES, 1)
        state[CUR2] = -1
        sa_next_space(state)
    elif d == D_INTERROGATE_WAY:
        interrogate(state, action - A_EVENT_SIDE == 1)
        finish_sa(state)
    elif d == D_PATROL_MOVE or d == D_SEARCH_MOVE:
        if action == A_STOP:
            if d == D_PATROL_MOVE:
                state[DECISION] = D_PATROL_ARREST
            else:
                continue_search(state, 0)
        else:
            state[CUR] = space
            state[DECISION] = d + 1   # the matching *_TO decision
    elif d == D_PATROL_ARREST:
        if action == A_STOP:
            finish_operation(state)
        else:
            state[CUR] = space
            state[PAID] = 0
            if patrol_affordable(state, space) > 0 and can_buy(state):
                state[DECISION] = D_PATROL_CHITS
            else:
                resolve_patrol(state)
    elif d == D_SEARCH_TOWN:
        town = state[CUR]
        if action != A_STOP:
            return_intel(state, action - A_CHIT)
        search_then_go_on(state, town, action != A_STOP)
    elif d == D_SABOTAGE_CACHE:
        sabotage_roll(state, state[CUR], -1 if action == A_STOP else space)
        state[DECISION] = D_SPACE
    elif d == D_AMBUSH_CACHE:
        place_cache(state, space)
        state[DECISION] = D_SPACE
    elif d == D_OFFENSIVE_CACHE:
        remove_cache(state, space)
        state[EXTRA_USED] = 1
        state[SPACE_LIMIT] += 1
        state[DECISION] = D_SPACE
    elif d == D_PROP_CACHE:
        if action != A_STOP:
            place_cache(state, space)
        if not british_intel(state):
            continue_round(state, PHASE_RESOURCES)
    elif d == D_PROP_DISCARD:
        return_intel(state, action - A_CHIT)
        state[COUNTER] -= 1
        if state[COUNTER] == 0:
            continue_round(state, PHASE_RESOURCES)
    elif d == D_REDEPLOY_POLICE:
        if action == A_STOP:
            redeploy_after_police(state)
        else:
            state[CUR] = space
            state[DECISION] = D_REDEPLOY_POLICE_TO
    elif d == D_REDEPLOY_POLICE_TO:
        move(state, state[CUR], space, POLICE, 1)
        state[MOVED_HERE + space] += 1
        state[CUR] = -1
        state[DECISION] = D_REDEPLOY_POLICE
    elif d == D_REDEPLOY_TROOPS:
        src = troops_in_mountains(state)
        if src >= 0:
            move(state, src, space, TROOPS, 1)
        redeploy_after_police(state)
    elif d == D_REDEPLOY_CELL:
        src = state[CUR]
        piece = CELLS_UNDERGROUND if state[at(src, CELLS_UNDERGROUND)] > 0 else CELLS_ACTIVE
        move(state, src, space, piece, 1)
        redeploy_after_police(state)
    elif d == D_REDEPLOY_CACHE:
        if action == A_STOP:
            state[CUR] = -1
            continue_round(state, PHASE_REDEPLOY)
        else:
            state[CUR] = space
            state[DECISION] = D_REDEPLOY_CACHE_TO
    elif d == D_REDEPLOY_CACHE_TO:
        move(state, state[CUR], space, ARMS_CACHES, 1)
        state[CUR] = -1
        continue_round(state, PHASE_REDEPLOY)
    elif d == D_SUEZ_RETURN:
        if state[SUEZ_TROOPS] > 0:
            state[SUEZ_TROOPS] -= 1
            state[at(space, TROOPS)] += 1
        if state[SUEZ_TROOPS] == 0:
            clear_moves(state)
            reset_phase(state)
            continue_round(state, PHASE_RESET)
    else:
        family_act(state, action, d)     # the decision kinds Palestine and Cyprus write alike


# ---- generated from volumes/templates/cells_and_intel.py.tmpl by `python -m britishway_env.engine.coin.generate` down to the end marker; do not edit by hand ----


@njit(cache=True, inline="always")
def may_operate(state, faction):
    """Either faction may always conduct an Operation where it has a space to act in."""
    return True

@njit(cache=True)
def clear_moves(state):
    """No piece has moved yet in this Operation or Redeploy (the per-space tallies)."""
    state = borrowed(state)
    for t in range(N_MAP_SPACES):
        state[MOVED_HERE + t] = 0
        state[MOVED_ACTIVE + t] = 0

@njit(cache=True, inline="always")
def movable(state, s, piece):
    """Pieces of ``piece`` in ``s`` that have not moved in this step."""
    return state[at(s, piece)] - state[MOVED_HERE + s]

@njit(cache=True)
def travel_movable(state):
    """Cells at the Travel origin that have not moved in this Operation (3.3.2)."""
    state = borrowed(state)
    return cells(state, state[CUR]) - state[MOVED_HERE + state[CUR]]

@njit(cache=True, inline="always")
def travel_next(state):
    """More destinations for this Travel origin, or back to the space list."""
    if travel_movable(state) > 0:
        for t in range(N_MAP_SPACES):
            if state[DEST_USED + t] == 0:
                state[DECISION] = D_TRAVEL_DEST
                return
    state[DECISION] = D_SPACE

@njit(cache=True)
def sabotage_cache_source_ok(state, s, src):
    """Sabotage may spend an Arms Cache in or adjacent to its space (3.3.3)."""
    state = borrowed(state)
    return state[at(src, ARMS_CACHES)] > 0 and (src == s or ADJACENT[s, src] == 1)

@njit(cache=True, inline="always")
def patrol_source_ok(state, src):
    """Patrol (3.2.2): an unmoved Police in ``src`` may move to another selected space."""
    if state[at(src, POLICE)] - state[MOVED_HERE + src] <= 0:
        return False
    for t in range(N_MAP_SPACES):
        if t != src and state[SELECTED + t] == 1:
            return True
    return False

@njit(cache=True, inline="always")
def search_source_ok(state, src):
    """Search (3.2.3): an unmoved Troop in ``src`` may move to an adjacent selected space."""
    if state[at(src, TROOPS)] - state[MOVED_HERE + src] <= 0:
        return False
    for t in range(N_MAP_SPACES):
        if t != src and state[SELECTED + t] == 1 and ADJACENT[src, t] == 1:
            return True
    return False

@njit(cache=True)
def end_action(state):
    """An Operation or Special Activity is over: back to the event that
    granted it, or the faction's action on the card is over."""
    state = borrowed(state)
    clear_action(state)
    if state[EV_CARD] != 0:
        coin_events.end_event_operation(state)
    else:
        initiative.card_action_done(state)

@njit(cache=True)
def start_event_operation(state, op):
    """A free Operation (4.1: eligibility unchanged) under the text's limits;
    skipped when it has no space to act in (5.1.3)."""
    state = borrowed(state)
    state[EXECUTOR] = OP_FACTION[op]
    state[LIMITED] = 1 if state[EV_MODE] & MODE_LIMITED else 0
    if not op_feasible(state, op):
        end_action(state)
        return
    start_operation(state, op)
    if not state[EV_MODE] & MODE_LIMITED:
        state[SPACE_LIMIT] = state[EV_LEFT]

@njit(cache=True)
def travel_unmoved_active(state, s):
    """Active Cells in ``s`` that have not Travelled yet: the Cells that
    arrived this Travel (MOVED_HERE, MOVED_ACTIVE of them Active) move no
    more (3.3.2)."""
    state = borrowed(state)
    return state[at(s, CELLS_ACTIVE)] - state[MOVED_ACTIVE + s]


@njit(cache=True, inline="always")
def travel_cells(state, dst, n):
    """Travel ``n`` Cells from the origin CUR to ``dst`` (3.3.2): its unmoved
    Active Cells first (rules decisions P-9, C-6), then unmoved Underground
    ones; they arrive as the volume's ``travel`` says and are marked as moved."""
    src = state[CUR]
    active = min(n, travel_unmoved_active(state, src))
    if travel(state, src, dst, n - active, active):
        state[MOVED_ACTIVE + dst] += n
    state[MOVED_HERE + dst] += n
    state[DEST_USED + dst] = 1


@njit(cache=True, inline="always")
def travel_tally_after_activation(state, s):
    """Propagandize in the middle of a Travel (4.1) Activated a Cell in ``s``:
    an unmoved one when there is one (it may still Travel and flip back,
    never worse for the insurgent), else one that already arrived."""
    if state[OP] == OP_TRAVEL:
        arrived_underground = state[MOVED_HERE + s] - state[MOVED_ACTIVE + s]
        excess = arrived_underground - state[at(s, CELLS_UNDERGROUND)]
        if excess > 0:
            state[MOVED_ACTIVE + s] += excess


@njit(cache=True, inline="always")
def recruit_space_selected(state, s):
    """Recruit selected ``s`` (3.3.1): with room for two Cells or more the
    count is asked (Recruit's count), else they are placed at once."""
    n = min(recruit_limit(state, s), state[AVAILABLE_CELLS])
    if n >= 2:
        state[CUR] = s
        state[DECISION] = D_RECRUIT_COUNT
    else:
        place_cells(state, s, n)


@njit(cache=True, inline="always")
def assault_space_selected(state, s):
    """Assault in ``s`` (3.2.4): first the Intel Chits the British may spend on more
    Underground Cells there, where they can buy any."""
    state[CUR] = s
    state[PAID] = 0
    if underground_affordable(state, s) > 0 and can_buy(state):
        state[DECISION] = D_ASSAULT_CHITS
    else:
        finish_assault_space(state)


@njit(cache=True, inline="always")
def travel_origin_selected(state, s):
    """Travel from ``s`` (3.3.2): its destinations next, none used yet."""
    state[CUR] = s
    for t in range(N_MAP_SPACES):
        state[DEST_USED + t] = 0
    state[DECISION] = D_TRAVEL_DEST


@njit(cache=True, inline="always")
def finish_spaces(state):
    """The Operation's space list is closed: after-steps, then the action ends.
    An Operation that selected no space (an event's "may" declined, Palestine's
    rules decision P-12) has no after-steps: a Deploy with no space moves no
    Troops (P8). An event's Operation declined that way takes its Special
    Activity with it: a Special Activity accompanies an Operation (4.1; rules
    decision P-33)."""
    op = state[OP]
    if state[N_SELECTED] == 0:
        if state[EV_MODE] & MODE_EVENT_OP:
            end_action(state)
        else:
            finish_operation(state)
    elif op == OP_DEPLOY:
        state[DECISION] = D_DEPLOY_DESTINATION
    elif op == OP_PATROL:
        clear_moves(state)
        state[DECISION] = D_PATROL_MOVE
    elif op == OP_SEARCH:
        clear_moves(state)
        state[DECISION] = D_SEARCH_MOVE
    else:
        finish_operation(state)


@njit(cache=True, inline="always")
def op_may_ever_select(op, s):
    """Any space may be asked of any Operation (op_space_ok says which may be selected now)."""
    return True


@njit(cache=True, inline="always")
def take_extra_space(state):
    """One more space (2.3.7): the British pay an Intel Chit (Intelligence Lead), the
    insurgents an Arms Cache (Offensive)."""
    state[DECISION] = D_LEAD_CHIT if state[EXECUTOR] == BRITISH else D_OFFENSIVE_CACHE


@njit(cache=True, inline="always")
def box_offered(state, faction, box):
    """The Initiative Track's open boxes (2.3.2)."""
    return initiative.box_open(state, faction, box)

@njit(cache=True, inline="always")
def round_phase(state, phase):
    """No record of the phase in play (the decision pending says it)."""
    return

@njit(cache=True, inline="always")
def round_left(state):
    """Nothing to record when the round is left."""
    return


@njit(cache=True)
def family_mask(state, out, d):
    """The mask of the decision kinds written here (out already cleared): Patrol's and
    Search's moves, Travel, Sabotage's and Offensive's Arms Cache, Recruit's count, Deploy,
    the Propaganda Round's Arms Cache and its Redeploy."""
    state, out = borrowed(state), borrowed(out)
    if d == D_PATROL_MOVE or d == D_SEARCH_MOVE:
        out[A_STOP] = 1
        for s in range(N_MAP_SPACES):
            if (patrol_source_ok(state, s) if d == D_PATROL_MOVE else search_source_ok(state, s)):
                out[A_SPACE + s] = 1
        return
    if d == D_PATROL_MOVE_TO or d == D_SEARCH_MOVE_TO:
        src = state[CUR]
        for s in range(N_MAP_SPACES):
            if s != src and state[SELECTED + s] == 1 and (d == D_PATROL_MOVE_TO or ADJACENT[src, s] == 1):
                out[A_SPACE + s] = 1
        return
    if d == D_TRAVEL_DEST:
        out[A_STOP] = 1
        for s in range(N_MAP_SPACES):
            if state[DEST_USED + s] == 0:
                out[A_SPACE + s] = 1
        return
    if d == D_TRAVEL_COUNT:
        for k in range(1, min(travel_movable(state), MAX_COUNT) + 1):
            out[A_COUNT + k - 1] = 1
        return
    if d == D_SABOTAGE_CACHE:
        out[A_STOP] = 1
        for src in range(N_MAP_SPACES):
            if sabotage_cache_source_ok(state, state[CUR], src):
                out[A_SPACE + src] = 1
        return
    if d == D_OFFENSIVE_CACHE:
        for s in range(N_MAP_SPACES):
            if offensive_source_ok(state, s):
                out[A_SPACE + s] = 1
        return
    if d == D_RECRUIT_COUNT:
        n = min(recruit_limit(state, state[CUR]), state[AVAILABLE_CELLS])
        for k in range(1, n + 1):
            out[A_COUNT + k - 1] = 1
        return
    if d == D_DEPLOY_DESTINATION:
        out[A_STOP] = 1
        for s in range(N_MAP_SPACES):
            for src in range(N_MAP_SPACES):
                if src != s and state[at(src, TROOPS)] > 0:
                    out[A_SPACE + s] = 1
                    break
        return
    if d == D_DEPLOY_TROOPS:
        out[A_STOP] = 1
        for s in range(N_MAP_SPACES):
            if s != state[CUR] and state[at(s, TROOPS)] > 0:
                out[A_SPACE + s] = 1
        return
    if d == D_PROP_CACHE:
        out[A_STOP] = 1
        for s in range(N_MAP_SPACES):
            if prop_cache_space_ok(state, s):
                out[A_SPACE + s] = 1
        return
    if d == D_REDEPLOY_CACHE:
        out[A_STOP] = 1
        for src in range(N_MAP_SPACES):
            if state[at(src, ARMS_CACHES)] > 0:
                for s in range(N_MAP_SPACES):
                    if redeploy_cache_destination_ok(state, src, s):
                        out[A_SPACE + src] = 1
                        break
        return
    if d == D_REDEPLOY_CACHE_TO:
        for s in range(N_MAP_SPACES):
            if redeploy_cache_destination_ok(state, state[CUR], s):
                out[A_SPACE + s] = 1
        return


@njit(cache=True)
def family_act(state, action, d):
    """The rules of an action of the decision kinds written here: Patrol's and Search's
    moves, Intel Chits spent on Patrol, Assault or an Intelligence Lead, Travel, Recruit's
    count, Deploy."""
    state = borrowed(state)
    space = action - A_SPACE
    if d == D_PATROL_MOVE_TO or d == D_SEARCH_MOVE_TO:
        move(state, state[CUR], space, POLICE if d == D_PATROL_MOVE_TO else TROOPS, 1)
        state[MOVED_HERE + space] += 1
        state[DECISION] = d - 1
    elif d == D_PATROL_CHITS:
        if action == A_STOP:
            resolve_patrol(state)
        else:
            return_intel(state, action - A_CHIT)
            state[PAID] += action - A_CHIT
            if patrol_affordable(state, state[CUR]) <= 0:
                resolve_patrol(state)
    elif d == D_TRAVEL_DEST:
        if action == A_STOP:
            state[DECISION] = D_SPACE
        else:
            state[CUR2] = space
            state[DECISION] = D_TRAVEL_COUNT
    elif d == D_TRAVEL_COUNT:
        travel_cells(state, state[CUR2], action - A_COUNT + 1)
        travel_next(state)
    elif d == D_RECRUIT_COUNT:
        place_cells(state, state[CUR], action - A_COUNT + 1)
        state[DECISION] = D_SPACE
    elif d == D_LEAD_CHIT:
        return_intel(state, action - A_CHIT)
        state[EXTRA_USED] = 1
        state[SPACE_LIMIT] += 1
        state[DECISION] = D_SPACE
    elif d == D_ASSAULT_CHITS:
        if action == A_STOP:
            finish_assault_space(state)
        else:
            v = action - A_CHIT
            return_intel(state, v)
            state[PAID] += v
            if underground_affordable(state, state[CUR]) <= 0:
                finish_assault_space(state)
    elif d == D_DEPLOY_DESTINATION:
        if action == A_STOP:
            finish_operation(state)
        else:
            state[CUR] = space
            state[DECISION] = D_DEPLOY_TROOPS
    elif d == D_DEPLOY_TROOPS:
        if action == A_STOP:
            finish_operation(state)
        else:
            move(state, space, state[CUR], TROOPS, 1)
# ---- end of the part generated from cells_and_intel.py.tmpl ----


# ---- generated from engine/coin/templates/flow.py.tmpl by `python -m britishway_env.engine.coin.generate` down to the end marker; do not edit by hand ----

# The spaces an action may name: the length of the volume's A_SPACE segment.
ACTION_SPACES = A_COUNT - A_SPACE


@njit(cache=True)
def continue_round(state, done):
    """Enter the Propaganda Round's phases after ``done`` (the volume's
    ``PROPAGANDA_PHASES`` in order) until one waits for a decision or the game
    ends; after the last, the next card (6.0). The volume hears of each phase
    entered (:func:`round_phase`) and of the round left (:func:`round_left`)."""
    state = borrowed(state)
    phase = next_phase(PROPAGANDA_PHASES, done)
    while phase != PHASE_END:
        round_phase(state, phase)
        if enter_phase(state, phase):
            if state[DECISION] == D_OVER:
                round_left(state)                    # the game ended in the round (6.1, 7.0)
            return
        phase = next_phase(PROPAGANDA_PHASES, phase)
    round_left(state)
    end_round(state)


@njit(cache=True)
def settle(state):
    """Run the automatic steps (revealing cards, carrying event texts on, the
    volume's own :func:`automatic_step`) until a player decides; a step owed
    first (:func:`step_owed`) holds them."""
    state = borrowed(state)
    settle_until(state, False)


@njit(cache=True)
def settle_until(state, before_card):
    """:func:`settle`; with ``before_card`` it stops where the next card would
    be revealed (before a Propaganda card, the board a round's summary reads
    the Political Will Phase from: britishway_env/summaries.py). True when it
    stopped there."""
    state = borrowed(state)
    while not step_owed(state):
        d = state[DECISION]
        if d == D_NEXT_CARD:
            if before_card:
                return True
            next_card(state)
        elif d == D_EVENT_RESUME:
            event_resume(state)
        elif not automatic_step(state, d):
            return False
    return False


@njit(cache=True)
def any_sa_offerable(state):
    """Whether a Special Activity may still be taken with the action (4.1)."""
    state = borrowed(state)
    if not activities.sa_open(state):
        return False
    for sa in range(N_SAS):
        if sa_offerable(state, sa):
            return True
    return False


@njit(cache=True)
def finish_operation(state):
    """After the Operation: its Special Activity may still come (4.1)."""
    state = borrowed(state)
    if any_sa_offerable(state):
        state[DECISION] = D_SA_AFTER
    else:
        end_action(state)


@njit(cache=True)
def finish_sa(state):
    """After the Special Activity: back to the decision it interrupted, or,
    taken after the Operation, the action is over (4.1)."""
    state = borrowed(state)
    state[SA] = -1
    if state[SA_RETURN] == D_SA_AFTER:
        end_action(state)
    else:
        state[DECISION] = state[SA_RETURN]


@njit(cache=True)
def apply(state, action):
    """Carry out a legal action of ``actor(state)``, then the automatic steps up
    to the next decision."""
    state = borrowed(state)                          # no reference counting below (engine/borrow.py)
    act(state, action)
    settle(state)


# inlined: only the two new games call it, each of which would otherwise emit its whole call tree again
# (docs/architecture.md)
@njit(cache=True, inline="always")
def first_card(state):
    """After the setup: no decision context, and the first card (2.2)."""
    state[OP] = -1
    state[CUR] = -1
    state[CUR2] = -1
    state[SA] = -1
    clear_own_context(state)
    clear_event(state)
    next_card(state)
    settle(state)


@njit(cache=True)
def new_game(state, seed):
    """Setup (2.1) and the first card (2.2)."""
    state = borrowed(state)
    setup(state, seed)
    first_card(state)


# inlined: only the runners' top kernels call it, and each would otherwise emit its call tree again
# (docs/architecture.md)
@njit(cache=True, inline="always")
def new_variant_game(state, seed, patch):
    """A variant's game: the setup (2.1) with the variant's patch of the row
    (engine/coin/variant.py), the deck dealt again from the same seed by the
    row's deck rules (the printed rules deal the same deck), then the first
    card (2.2)."""
    setup(state, seed)
    variant.apply_patch(state, patch)
    state[RNG] = seed
    build_deck(state)
    first_card(state)


@njit(cache=True, inline="always")
def any_op_feasible(state, faction):
    """Whether the faction may conduct some Operation with a space to act in (3.1: else it
    may not take a box to act), asked in the volume's FEASIBILITY_ORDER (the one that finds
    one soonest)."""
    if not may_operate(state, faction):
        return False
    for op in FEASIBILITY_ORDER:
        if OP_FACTION[op] == faction and op_feasible(state, op):
            return True
    return False


@njit(cache=True, inline="always")
def event_side_offered(state, faction, side):
    """Whether the faction may execute the card's event on ``side`` (2.3, 5.2)."""
    return box_offered(state, faction, BOX_EVENT) and event_playable(state, state[CARD], side, faction)


# inlined: one caller in compiled code, which would otherwise emit its whole call tree again (docs/architecture.md)
@njit(cache=True, inline="always")
def rules_mask(state, out):
    """Fill ``out`` (length N_ACTIONS) with 1 for each action the rules allow
    ``actor``: the decision kinds every volume shares here, the others by the
    volume's :func:`own_mask`."""
    out[:] = 0
    d = pending(state)
    if d == D_OVER:
        return
    if d == D_BOX:                                   # a box, an event's side, or a Pass (2.3)
        faction = actor(state)
        may_act = not must_pass(state, faction)
        can_op = may_act and any_op_feasible(state, faction)
        for b in range(N_BOXES):
            if box_offered(state, faction, b):
                out[A_PASS + b] = 1
                if b != BOX_EVENT and can_op:
                    out[A_BOX + b] = 1
        if may_act:
            for side in range(2):
                if event_side_offered(state, faction, side):
                    out[A_EVENT_SIDE + side] = 1
    elif d == D_OPERATION or d == D_EVENT_OP:       # an Operation with a space to act in (3.1, 5.1.3)
        faction = state[EXECUTOR]
        feasible = False
        for op in range(N_OPS):
            if OP_FACTION[op] == faction and op_feasible(state, op):
                out[A_OP + op] = 1
                feasible = True
        if d == D_EVENT_OP and event_op_may_stop(state, feasible):
            out[A_STOP] = 1
    elif d == D_SPACE:                               # the Operation's next space, or Stop (3.1)
        op = state[OP]
        selectable = False
        if state[N_SELECTED] < state[SPACE_LIMIT] and op >= 0:
            has_alt = op_has_alt(op)                 # the other way (A_ALT) asked only where there is one
            for s in range(ACTION_SPACES):
                if state[SELECTED + s] == 0 and op_may_ever_select(op, s):
                    if op_space_ok(state, op, s):
                        out[A_SPACE + s] = 1
                        selectable = True
                    if has_alt and op_alt_ok(state, op, s):
                        out[A_ALT + s] = 1
                        selectable = True
        # An Operation needs a space (3.1), unless its Special Activity, taken first, left
        # none, or the volume's rules or an event's text say "may" and no Special Activity
        # was taken first (a Special Activity accompanies an Operation, 4.1).
        if state[N_SELECTED] > 0 or not selectable or op_may_end_unselected(state) \
                or (state[EV_MODE] & MODE_OPTIONAL and state[SA_USED] == 0):
            out[A_STOP] = 1
        if extra_space_open(state):                  # one more space for a price (2.3.7)
            out[A_EXTRA] = 1
        if activities.sa_open(state) and not state[EV_MODE] & MODE_SA_AFTER_ONLY:
            for sa in range(N_SAS):                  # the Special Activity first (4.1)
                if sa_offerable(state, sa):
                    out[A_SA + sa] = 1
    elif d == D_SA_AFTER:                            # the Special Activity after the Operation, or none (4.1)
        out[A_STOP] = 1
        for sa in range(N_SAS):
            if sa_offerable(state, sa):
                out[A_SA + sa] = 1
    elif d == D_EVENT_SPACE:                         # an event's space (5.1)
        if state[EV_OPTIONAL]:
            out[A_STOP] = 1
        for s in range(ACTION_SPACES):
            if pick_space_ok(state, s, False):
                out[A_SPACE + s] = 1
            if pick_space_ok(state, s, True):
                out[A_ALT + s] = 1
    elif d == D_EVENT_OPTION:                        # one of an event's two options
        for k in range(2):
            if option_ok(state, k):
                out[A_EVENT_SIDE + k] = 1
    elif d == D_EVENT_COUNT:                         # an event's number: A_STOP none, A_COUNT + k - 1: k
        if count_ok(state, 0):
            out[A_STOP] = 1
        for k in range(1, count_limit(state) + 1):
            if count_ok(state, k):
                out[A_COUNT + k - 1] = 1
    else:
        own_mask(state, out, d)


@njit(cache=True)
def act(state, action):
    """The rules of a legal action of ``actor(state)``, without the automatic
    steps that follow it (:func:`settle`): the decision kinds every volume
    shares here, the others by the volume's :func:`own_act`; then
    :func:`after_decision`."""
    state = borrowed(state)                          # no reference counting below (engine/borrow.py)
    d = pending(state)
    if d == D_BOX:
        faction = actor(state)
        if A_EVENT_SIDE <= action < A_OP:
            state[BOX + faction] = BOX_EVENT
            begin_event(state, faction, action - A_EVENT_SIDE)
        elif action >= A_PASS:
            take_pass(state, faction, action - A_PASS)
        else:
            activities.take_box_to_operate(state, faction, action - A_BOX)
    elif d == D_OPERATION:
        start_operation(state, action - A_OP)
    elif d == D_EVENT_OP:
        if action == A_STOP:
            end_action(state)
        else:
            start_event_operation(state, action - A_OP)
    elif d == D_SPACE:
        if action == A_STOP:
            finish_spaces(state)
        elif A_SA <= action < A_SPACE:
            start_sa(state, action - A_SA, D_SPACE)
        elif action == A_EXTRA:
            take_extra_space(state)
        elif action >= A_ALT:
            select_space(state, action - A_ALT, True)
        else:
            select_space(state, action - A_SPACE, False)
    elif d == D_SA_AFTER:
        if action == A_STOP:
            end_action(state)
        else:
            start_sa(state, action - A_SA, D_SA_AFTER)
    elif d == D_EVENT_SPACE:
        if action == A_STOP:
            stop_pick(state)
        elif action >= A_ALT:
            pick_effect(state, action - A_ALT, True)
        else:
            pick_effect(state, action - A_SPACE, False)
    elif d == D_EVENT_OPTION:
        option_chosen(state, action - A_EVENT_SIDE)
    elif d == D_EVENT_COUNT:
        count_chosen(state, 0 if action == A_STOP else action - A_COUNT + 1)
    else:
        own_act(state, action, d)
    after_decision(state)


@njit(cache=True)
def legal_mask(state, out):
    """Fill ``out`` (length N_ACTIONS) with 1 for each legal action of ``actor``:
    what the rules allow, less what a restriction forbids the seat (restricted
    play, engine/coin/variant.py)."""
    state, out = borrowed(state), borrowed(out)      # no reference counting below (engine/borrow.py)
    rules_mask(state, out)
    if state[RESTRICTED] and not is_over(state):
        variant.restrict(state, out, actor(state))


@njit(cache=True)
def is_over(state):
    state = borrowed(state)
    return state[DECISION] == D_OVER
# ---- end of the part generated from flow.py.tmpl ----
