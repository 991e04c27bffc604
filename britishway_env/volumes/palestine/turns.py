"""Palestine's decision machinery: card flow, Initiative Track, Operations,
Propaganda Round (docs/design/palestine_decisions.md).

``legal_mask`` fills the actions open to ``actor(state)``; ``apply`` takes
one and runs every automatic step up to the next decision. Events (5.0)
run as scripts in :mod:`events`; this module answers their requests
(Operations, Special Activities, choices) with the same machinery.
"""

import numpy as np
from ...engine.jit import njit
from ...engine.borrow import borrowed

from ...engine.coin import activities
from ...engine.coin.activities import sa_open
from ...engine.coin import events as coin_events
from ...engine.coin import initiative
from ...engine.coin.events import (
    REQ_CHOOSE_OP, REQ_DONE, REQ_OPERATION, REQ_RESET, REQ_SPECIAL_ACTIVITY, begin_event, clear_event,
)
from ...engine.coin import variant
from ...engine.coin.header import DECK_RULES, DR_CAMPAIGNS, N_BOXES, N_OPS, N_SAS, RESTRICTED, RNG, RULE_PARAMETERS
from ...engine.coin.initiative import game_over
from ...engine.coin.propaganda import (
    PHASE_END, PHASE_POLITICAL_WILL, PHASE_REDEPLOY, PHASE_RESET, PHASE_RESOURCES, ROUND_START, end_round, next_phase,
    victory_check,
)
from ..boards.palestine import CITY, DISTRICT, N_MAP_SPACES, RAILWAY, SPACE_KIND
from .cards import PROPAGANDA_CARDS
from .events import (
    REQ_MASS_DETENTION, count_chosen, count_limit, count_ok, curfew_spaces, event_playable, event_script,
    option_chosen, option_ok, pick_effect, pick_space_ok, stop_pick,
)
from .layout import (
    ACCOMPANIES, A_EVENT_SIDE, BRITISH_MUST_PASS, CAP_BEGIN, CAP_BEVIN, CAP_CURFEWS, CAP_PALMACH, CAP_ROAD_MINES,
    CAP_SHADED, CAP_UNSHADED, CAPABILITIES, D_EVENT_COUNT, D_EVENT_OP, D_EVENT_OPTION,
    D_EVENT_RESUME, D_EVENT_SPACE, EV_CARD, EV_DECIDER, EV_FACTION, EV_FILTER, EV_LEFT,
    EV_MODE, EV_OPTIONAL, PATROL_ARRESTS, EV_SIDE, EV_SPACE, EV_STEP, F_ANY,
    F_CELLS_CURFEW, F_CITY, F_EVENT_SPACE, F_POLICE, F_RAILWAY, MODE_EVENT_OP, MODE_FIXED_LIMIT,
    MODE_LIMITED, MODE_NO_INTEL, MODE_OPTIONAL, MODE_SA_AFTER_ONLY, MODE_SABOTAGE_HITS_POLICE,
    SABOTAGE, AVAILABLE_POLICE,
    A_BOX, A_CHIT, A_COUNT, A_EXTRA, A_OP, A_PASS, A_SA, A_SPACE, A_STOP, ARMS_CACHES,
    AVAILABLE_CACHES, AVAILABLE_CELLS, BOX, BOX_EVENT, BRITISH, 
    CARD, CELLS_ACTIVE, CELLS_UNDERGROUND, COUNTER, CUR, CUR2, CURFEW, D_ASSAULT_CHITS, D_BOX,
    D_DEPLOY_DESTINATION, D_DEPLOY_TROOPS, D_LEAD_CHIT, D_OFFENSIVE_CACHE, D_OPERATION, D_OVER,
    D_PASS_ROB, D_PATROL_ARREST, D_PATROL_CHITS, D_PATROL_MOVE, D_PATROL_MOVE_TO, D_PROP_CACHE,
    D_PROP_DISCARD, D_PROP_ROB, D_RECRUIT_COUNT, D_REDEPLOY_CACHE, D_REDEPLOY_CACHE_TO,
    D_REDEPLOY_CELL, D_REDEPLOY_POLICE, D_REDEPLOY_POLICE_TO, D_REDEPLOY_TROOPS, D_REDEPLOY_TROOPS_TO,
    D_REFILL, D_SA_AFTER, D_SA_SPACE, D_SABOTAGE_CACHE, D_SEARCH_CITY, D_SEARCH_MOVE,
    D_NEXT_CARD, D_SEARCH_MOVE_TO, D_SPACE, D_TERROR_DECLARE, D_TRAVEL_COUNT, D_TRAVEL_DEST, DECISION, 
    DECK_DRAWN, DEST_USED, EXECUTOR, EXTRA_USED, HAGANAH, INTEL_HELD, IRGUN,
    LIMITED, MAX_COUNT, MOVED_HERE, N_SELECTED, OP, OP_ASSAULT, OP_DEPLOY, OP_FACTION,
    OP_PATROL, OP_RECRUIT, OP_ROB, OP_SABOTAGE, OP_SEARCH, OP_TRAVEL, OWED_CACHE_4,
    OWED_CELLS_3, OWED_CELLS_4, PAID, POLICE, SA, SA_COUNT, SA_FACTION,
    SA_MASS_DETENTION, SA_NEGOTIATE, SA_PROPAGANDIZE, SA_RESTORE, SA_RETURN, SA_SILENCE, 
    SA_TERROR, SA_USED, SELECTED, SPACE_LIMIT, TERROR_HERE, TROOPS,
    D_MASS_DETENTION, DETAIN_LEFT, MOVED_ACTIVE, IRGUN_WIN,
)
from .operations import (
    ADJACENT, adjacent_district, assault_budget, assault_space, at, capability, can_deploy_in, can_mass_detain_in,
    can_propagandize_in, can_restore_in, can_rob_in, can_silence_in, cells, cubes, deploy_police, detain,
    irgun_pieces, mass_detention_roll, move, patrol_arrest, place_cells, propagandize, recruit_limit, restore, rob_space,
    sabotage_space, search_space, silence, travel,
)
from .parameters import (
    P_HAGANAH_EXTRA_SPACES, P_LIMITED_OPERATION_SPACES, P_OPERATION_SPACES, P_PROPAGANDIZE_CITIES,
    P_SABOTAGE_SUCCESS_ABOVE,
)
from .propaganda import political_will_phase, reset_phase
from .resources import die, draw_intel, negotiate, remove_owed_from_space, return_intel
from .setup import build_deck, setup

PROPAGANDA = np.array(PROPAGANDA_CARDS, dtype=np.int64)


# ---------------------------------------------------------------- who acts --

@njit(cache=True)
def owed(state):
    state = borrowed(state)
    return state[OWED_CELLS_4] + state[OWED_CELLS_3] + state[OWED_CACHE_4]


@njit(cache=True)
def pending(state):
    """The decision to take now: a Haganah refill choice (6.5.2) interrupts any other."""
    state = borrowed(state)
    if state[DECISION] != D_OVER and owed(state) > 0:
        return D_REFILL
    return state[DECISION]


def cells_at(state, s):
    """Cells (Underground and Active) in space ``s`` (for tests and renderers)."""
    return int(cells(state, s))


@njit(cache=True)
def actor(state):
    """The faction whose decision is pending (-1 when the game is over)."""
    state = borrowed(state)
    d = pending(state)
    if d == D_OVER:
        return -1
    if d == D_REFILL or d == D_PROP_ROB or d == D_PROP_CACHE or d == D_REDEPLOY_CELL \
            or d == D_REDEPLOY_CACHE or d == D_REDEPLOY_CACHE_TO:
        return IRGUN
    if d == D_PROP_DISCARD or d == D_REDEPLOY_POLICE or d == D_REDEPLOY_POLICE_TO \
            or d == D_REDEPLOY_TROOPS or d == D_REDEPLOY_TROOPS_TO:
        return BRITISH
    if d == D_BOX:
        return initiative.box_chooser(state)
    if d == D_EVENT_SPACE or d == D_EVENT_COUNT or d == D_EVENT_OPTION:
        return state[EV_DECIDER]
    return state[EXECUTOR]


# ------------------------------------------------------------ operations --

@njit(cache=True, inline="always")
def event_filter_ok(state, s):
    """The spaces an event's Operation is restricted to (EV_FILTER)."""
    f = state[EV_FILTER]
    if f == F_ANY:
        return True
    if f == F_CITY:
        return SPACE_KIND[s] == CITY
    if f == F_RAILWAY:
        return SPACE_KIND[s] == RAILWAY
    if f == F_POLICE:
        return state[at(s, POLICE)] > 0
    if f == F_CELLS_CURFEW:
        return state[at(s, CURFEW)] > 0
    if f == F_EVENT_SPACE:
        return s == state[EV_SPACE]
    return False


@njit(cache=True, inline="always")
def op_space_ok(state, op, s):
    """May Operation ``op`` select space ``s`` (3.2, 3.3)? Each space once (3.1)."""
    if not event_filter_ok(state, s):
        return False
    if op == OP_DEPLOY:
        return can_deploy_in(state, s)
    if op == OP_ASSAULT:
        return state[at(s, TROOPS)] > 0 and irgun_pieces(state, s) > 0
    if op == OP_RECRUIT:
        return recruit_limit(state, s) > 0
    if op == OP_ROB:
        return can_rob_in(state, s)
    if op == OP_PATROL:
        return cells(state, s) > 0
    if op == OP_SEARCH:
        return True
    if op == OP_TRAVEL:
        return cells(state, s) - state[MOVED_HERE + s] > 0     # a Cell Travels once (3.3.2)
    if op == OP_SABOTAGE:
        return state[at(s, CELLS_UNDERGROUND)] > 0
    return False


@njit(cache=True)
def any_space_for(state, op):
    state = borrowed(state)
    for s in range(N_MAP_SPACES):
        if state[SELECTED + s] == 0 and op_space_ok(state, op, s):
            return True
    return False


@njit(cache=True)
def op_feasible(state, op):
    """An Operation is offered only when it can act in at least one space."""
    state = borrowed(state)
    for s in range(N_MAP_SPACES):
        if op_space_ok(state, op, s):
            return True
    return False


# The order any_op_feasible asks the Operations in: the answer is the same in
# any order, and Search (any space) and Sabotage, Travel (a space with Cells) are
# almost always possible at an early space, where Deploy and Recruit look
# for room space by space.
FEASIBILITY_ORDER = np.array([OP_SEARCH, OP_PATROL, OP_ASSAULT, OP_DEPLOY, OP_SABOTAGE, OP_TRAVEL, OP_ROB, OP_RECRUIT],
                             dtype=np.int64)


@njit(cache=True)
def intel_total(state):
    state = borrowed(state)
    return state[INTEL_HELD] + state[INTEL_HELD + 1] + state[INTEL_HELD + 2]


@njit(cache=True)
def offensive_source_ok(state, s):
    """Offensive removes an Arms Cache from a space with no British (2.3.7)."""
    state = borrowed(state)
    return state[at(s, ARMS_CACHES)] > 0 and cubes(state, s) == 0


@njit(cache=True, inline="always")
def extra_space_open(state):
    """Intelligence Lead (Patrol, Search, Assault) or Offensive (Recruit,
    Sabotage, Rob) may add one space, once, when the limit is reached (2.3.7)."""
    if state[EXTRA_USED] or state[N_SELECTED] < state[SPACE_LIMIT] or state[EV_MODE] & MODE_FIXED_LIMIT:
        return False
    op = state[OP]
    if op == OP_PATROL or op == OP_SEARCH or op == OP_ASSAULT:
        if intel_total(state) == 0:
            return False
        return any_space_for(state, op)
    if op == OP_RECRUIT or op == OP_SABOTAGE or op == OP_ROB:
        for s in range(N_MAP_SPACES):
            if offensive_source_ok(state, s):
                return any_space_for(state, op)
    return False


@njit(cache=True)
def start_operation(state, op):
    state = borrowed(state)
    for s in range(N_MAP_SPACES):
        state[SELECTED + s] = 0
        state[DEST_USED + s] = 0
    state[PATROL_ARRESTS] = 0
    clear_moves(state)
    activities.begin_operation(state, op, space_limit(state, op))


@njit(cache=True)
def space_limit(state, op):
    """Three spaces (3.1), one for a Limited Operation (2.3.4); two for a
    British Operation with ERNEST BEVIN shaded (P9); one more for the Irgun
    with the Haganah Track at 4 (6.5.3), or at 3 or 4 with PALMACH shaded
    and never with PALMACH unshaded (P13). Fixed when the Operation starts:
    a Terror that shifts the track in the same Operation does not take the
    extra space back (rules decision P-32).

    The numbers are rule parameters (parameters.py): ``operation_spaces``,
    ``limited_operation_spaces`` and ``haganah_extra_spaces``; ERNEST BEVIN
    shaded takes one space off ``operation_spaces`` (3 -> 2), leaving at least 1."""
    state = borrowed(state)
    if state[LIMITED]:
        limit = state[RULE_PARAMETERS + P_LIMITED_OPERATION_SPACES]
    else:
        limit = state[RULE_PARAMETERS + P_OPERATION_SPACES]
        if OP_FACTION[op] == BRITISH and capability(state, CAP_BEVIN, CAP_SHADED):
            limit = max(1, limit - 1)
    if OP_FACTION[op] == IRGUN:
        hag = state[HAGANAH]
        extra = state[RULE_PARAMETERS + P_HAGANAH_EXTRA_SPACES]
        if capability(state, CAP_PALMACH, CAP_SHADED):
            limit += extra if hag >= 3 else 0
        elif not capability(state, CAP_PALMACH, CAP_UNSHADED):
            limit += extra if hag == 4 else 0
    return limit


@njit(cache=True)
def underground_affordable(state, s):
    """Underground Cells Assault could still remove here with more Intel."""
    state = borrowed(state)
    budget = assault_budget(state, s)
    return min(budget, state[at(s, CELLS_UNDERGROUND)]) - state[PAID]


@njit(cache=True, inline="always")
def select_space(state, s, alt):
    """The Operation acts in space ``s`` (or opens its per-space decision); no
    Palestine Operation has another way (``alt``)."""
    op = state[OP]
    state[SELECTED + s] = 1
    activities.count_selected(state, s)     # in an event, "there" in its next sentence (P1, P11)
    if op == OP_DEPLOY:
        deploy_police(state, s)
    elif op == OP_ROB:
        rob_space(state, s)
    elif op == OP_RECRUIT:
        recruit_space_selected(state, s)
    elif op == OP_ASSAULT:
        assault_space_selected(state, s)
    elif op == OP_TRAVEL:
        travel_origin_selected(state, s)
    elif op == OP_SABOTAGE:
        state[CUR] = s
        state[TERROR_HERE] = 0
        if SPACE_KIND[s] == CITY and sa_open(state) and sa_allowed(state, SA_TERROR):
            state[DECISION] = D_TERROR_DECLARE
        else:
            sabotage_cache_step(state)


@njit(cache=True)
def can_buy(state):
    """Intel Chits worth something for buying Underground Cells (values 1, 2)."""
    state = borrowed(state)
    return state[INTEL_HELD + 1] + state[INTEL_HELD + 2] > 0 and not state[EV_MODE] & MODE_NO_INTEL


@njit(cache=True)
def sabotage_cache_step(state):
    state = borrowed(state)
    s = state[CUR]
    for src in range(N_MAP_SPACES):
        if sabotage_cache_source_ok(state, s, src):
            state[DECISION] = D_SABOTAGE_CACHE
            return
    resolve_sabotage(state, -1)


@njit(cache=True)
def resolve_sabotage(state, cache_from):
    state = borrowed(state)
    s = state[CUR]
    result = sabotage_space(state, s, cache_from, state[TERROR_HERE] == 1)
    if result > state[RULE_PARAMETERS + P_SABOTAGE_SUCCESS_ABOVE] \
            and state[EV_MODE] & MODE_SABOTAGE_HITS_POLICE:   # a successful Sabotage (3.3.3): CID shaded (P28)
        state[AVAILABLE_POLICE] += state[at(s, POLICE)]
        state[at(s, POLICE)] = 0
    state[TERROR_HERE] = 0
    state[DECISION] = D_SPACE


@njit(cache=True)
def patrol_affordable(state, s):
    state = borrowed(state)
    return min(state[at(s, POLICE)], state[at(s, CELLS_UNDERGROUND)]) - state[PAID]


@njit(cache=True)
def resolve_patrol(state):
    state = borrowed(state)
    s = state[CUR]
    underground = min(state[PAID], state[at(s, CELLS_UNDERGROUND)], state[at(s, POLICE)])
    patrol_arrest(state, s, underground)
    state[PAID] = 0
    state[DEST_USED + s] = 1
    state[PATROL_ARRESTS] += 1
    if state[PATROL_ARRESTS] < 2 and capability(state, CAP_ROAD_MINES, CAP_UNSHADED) \
            and any_arrest_space(state):
        state[DECISION] = D_PATROL_ARREST      # ROAD MINES unshaded: a second space (P23)
    else:
        finish_operation(state)


@njit(cache=True, inline="always")
def any_arrest_space(state):
    for s in range(N_MAP_SPACES):
        if state[SELECTED + s] == 1 and state[DEST_USED + s] == 0:
            return True
    return False


@njit(cache=True, inline="always")
def road_mine_space(state, s):
    """Whether ROAD MINES shaded (P23) rolls for ``s`` as a Patrol's moves
    end: a selected space that received Police, with a Sabotage marker and
    Police there (rules decision P-22)."""
    return state[SELECTED + s] == 1 and state[MOVED_HERE + s] > 0 and state[at(s, SABOTAGE)] > 0 \
        and state[at(s, POLICE)] > 0


@njit(cache=True, inline="always")
def road_mines(state):
    """ROAD MINES shaded (P23): each Patrol destination that received Police
    and has a Sabotage marker loses one Police on a roll of 1-3 (rules
    decision P-22)."""
    if not capability(state, CAP_ROAD_MINES, CAP_SHADED):
        return
    for s in range(N_MAP_SPACES):
        if road_mine_space(state, s) and die(state) <= 3:
            state[at(s, POLICE)] -= 1
            state[AVAILABLE_POLICE] += 1


@njit(cache=True)
def continue_search(state, first):
    """Search's activation, space by space; a City asks whether to discard a chit."""
    state = borrowed(state)
    for s in range(first, N_MAP_SPACES):
        if state[SELECTED + s] == 1:
            if SPACE_KIND[s] == CITY and intel_total(state) > 0 and not state[EV_MODE] & MODE_NO_INTEL:
                state[CUR] = s
                state[DECISION] = D_SEARCH_CITY
                return
            search_space(state, s, False)
    finish_operation(state)


# ---------------------------------------------------- special activities --

@njit(cache=True)
def sa_accompanies(op, sa):
    """May Special Activity ``sa`` accompany Operation ``op`` (4.1.1, 4.2, 4.3)?"""
    return ACCOMPANIES[sa, op] != 0


@njit(cache=True)
def sa_allowed(state, sa):
    state = borrowed(state)
    return activities.sa_allowed(state, sa, ACCOMPANIES)


@njit(cache=True, inline="always")
def sa_space_ok(state, sa, s):
    if activities.sa_space_used(state, s):
        return False
    if sa == SA_RESTORE:
        return can_restore_in(state, s)
    if sa == SA_MASS_DETENTION:
        return can_mass_detain_in(state, s)
    if sa == SA_SILENCE:
        return can_silence_in(state, s)
    if sa == SA_PROPAGANDIZE:
        return can_propagandize_in(state, s)
    return False


@njit(cache=True)
def sa_offerable(state, sa):
    """May the executor start Special Activity ``sa`` now (Terror is declared
    with a Sabotage space instead)?"""
    state = borrowed(state)
    if sa == SA_TERROR or SA_FACTION[sa] != state[EXECUTOR] or not sa_allowed(state, sa):
        return False
    if sa == SA_NEGOTIATE:
        return True
    for s in range(N_MAP_SPACES):
        if sa_space_ok(state, sa, s):
            return True
    return False


@njit(cache=True)
def start_sa(state, sa, resume):
    state = borrowed(state)
    activities.begin_special_activity(state, sa, resume)
    if sa == SA_NEGOTIATE:         # no space to choose (4.2.2)
        negotiate(state)
        finish_sa(state)


@njit(cache=True, inline="always")
def sa_in_space(state, s):
    sa = state[SA]
    activities.sa_acts_in(state, s)
    if sa == SA_RESTORE:
        restore(state, s)
    elif sa == SA_MASS_DETENTION:
        start_mass_detention(state, s)
        return
    elif sa == SA_SILENCE:
        silence(state, s)
    elif sa == SA_PROPAGANDIZE:
        propagandize(state, s, 2 if capability(state, CAP_BEGIN, CAP_SHADED) else 1)
        travel_tally_after_activation(state, s)
        if state[SA_COUNT] < state[RULE_PARAMETERS + P_PROPAGANDIZE_CITIES]:   # up to two Cities (4.3.2)
            for t in range(N_MAP_SPACES):
                if sa_space_ok(state, sa, t):
                    return   # a second City may follow (or stop)
    finish_sa(state)


@njit(cache=True)
def start_mass_detention(state, city):
    """Mass Detention in ``city`` (4.2.3): roll, then the British remove the
    Cells one by one (D_MASS_DETENTION)."""
    state = borrowed(state)
    state[EXECUTOR] = BRITISH
    state[CUR] = city
    state[DETAIN_LEFT] = mass_detention_roll(state, city, die(state))
    continue_mass_detention(state)


@njit(cache=True)
def continue_mass_detention(state):
    """Remove the Cells Mass Detention still owes (DETAIN_LEFT): the British
    are asked only when it matters, i.e. the roll does not take every Cell
    there and more than one kind of Cell (space, Underground or Active) is
    left (rules decision P-5). Then back to the Special Activity's Operation,
    or to the event (P1) that called it."""
    state = borrowed(state)
    city = state[CUR]
    district = adjacent_district(city)
    while state[DETAIN_LEFT] > 0:
        kinds = 0
        total = 0
        only_s = -1
        only_piece = -1
        for s in (city, district):
            for piece in (CELLS_UNDERGROUND, CELLS_ACTIVE):
                n = state[at(s, piece)]
                if n > 0:
                    kinds += 1
                    total += n
                    only_s = s
                    only_piece = piece
        if kinds == 0:
            state[DETAIN_LEFT] = 0
            break
        if kinds > 1 and state[DETAIN_LEFT] < total:
            state[DECISION] = D_MASS_DETENTION
            return
        detain(state, only_s, only_piece)
        state[DETAIN_LEFT] -= 1
    state[CUR] = -1
    if state[SA] == SA_MASS_DETENTION:
        finish_sa(state)
    else:
        state[DECISION] = D_EVENT_RESUME


@njit(cache=True)
def mass_detention_cell_ok(state, s, piece):
    """D_MASS_DETENTION: a Cell of kind ``piece`` in ``s``, the City or its District."""
    state = borrowed(state)
    city = state[CUR]
    return (s == city or s == adjacent_district(city)) and state[at(s, piece)] > 0


@njit(cache=True)
def finish_assault_space(state):
    state = borrowed(state)
    s = state[CUR]
    underground = min(state[PAID], state[at(s, CELLS_UNDERGROUND)], assault_budget(state, s))
    state[COUNTER] = assault_space(state, s, underground, state[COUNTER])
    state[PAID] = 0
    state[DECISION] = D_SPACE


# ------------------------------------------------------------- card flow --

@njit(cache=True)
def clear_action(state):
    state = borrowed(state)
    activities.clear_action(state)
    clear_moves(state)
    for s in range(N_MAP_SPACES):
        state[SELECTED + s] = 0


# ---------------------------------------------------------------- events --

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
    elif request == REQ_RESET:           # the CURFEWS step before the Reset Phase is done (P29, 6.4)
        clear_event(state)
        reset_phase(state)
        continue_round(state, PHASE_RESET)
    elif request >= REQ_OPERATION:
        start_event_operation(state, request - REQ_OPERATION)
    elif request == REQ_CHOOSE_OP:
        state[EXECUTOR] = state[EV_DECIDER]
        state[DECISION] = D_EVENT_OP
    elif request == REQ_SPECIAL_ACTIVITY:
        state[EXECUTOR] = state[EV_DECIDER]
        state[SA_USED] = 0
        state[DECISION] = D_SA_AFTER
    elif request == REQ_MASS_DETENTION:
        start_mass_detention(state, state[EV_SPACE])


@njit(cache=True)
def british_must_pass(state):
    """AMERICAN LOANS shaded (P27): the British Pass, without an Intel draw,
    on the next card with an Initiative Track (rules decision P-24)."""
    state = borrowed(state)
    due = state[BRITISH_MUST_PASS]
    return due > 0 and state[DECK_DRAWN] >= due


@njit(cache=True, inline="always")
def op_may_end_unselected(state):
    """Palestine has no rule of its own letting an Operation end with no space."""
    return False


@njit(cache=True, inline="always")
def must_pass(state, faction):
    """AMERICAN LOANS shaded (P27): the British may only Pass on the next card."""
    return faction == BRITISH and british_must_pass(state)


@njit(cache=True, inline="always")
def event_op_may_stop(state, feasible):
    """The events that let the executor choose its Operation all say "may" (P16, P26, P27):
    it may always be declined."""
    return True


@njit(cache=True)
def take_pass(state, faction, box):
    """Pass (2.3.3): the British draw an Intel Chit (none under AMERICAN LOANS
    shaded, P27); the Irgun may Rob in one space."""
    state = borrowed(state)
    state[BOX + faction] = box
    if faction == BRITISH:
        if british_must_pass(state):
            state[BRITISH_MUST_PASS] = 0
        else:
            draw_intel(state)
        end_action(state)
    elif any_prop_rob_space(state):
        state[EXECUTOR] = faction
        state[DECISION] = D_PASS_ROB
    else:
        end_action(state)


@njit(cache=True)
def next_card(state):
    """Reveal the next card (2.2, 2.3.6); a Propaganda card starts a round (2.4)."""
    state = borrowed(state)
    card = initiative.reveal_next_card(state)
    if initiative.is_propaganda(card, PROPAGANDA):
        propaganda_round(state)
    else:
        state[DECISION] = D_BOX


# The Propaganda Round's phases in order (6.0): Political Will (6.1), Resources (6.2),
# Redeploy (6.3), Reset (6.4).
PROPAGANDA_PHASES = np.array((PHASE_POLITICAL_WILL, PHASE_RESOURCES, PHASE_REDEPLOY, PHASE_RESET), dtype=np.int64)


@njit(cache=True)
def propaganda_round(state):
    """A Propaganda card was revealed: its round starts (6.0)."""
    state = borrowed(state)
    continue_round(state, ROUND_START)


@njit(cache=True, inline="always")
def enter_phase(state, phase):
    """Start ``phase``; True when it waits for a decision or ended the game."""
    if phase == PHASE_POLITICAL_WILL:
        if political_will_phase(state):             # 6.1.3, 7.0.1 (the irgun_victory_political_will parameter)
            game_over(state, IRGUN_WIN)
            return True
        return victory_check(state, state[DECK_RULES + DR_CAMPAIGNS])   # the final Propaganda card (6.1.4, 7.0.2)
    if phase == PHASE_RESOURCES:
        if any_prop_rob_space(state):               # Expropriations (6.2.1)
            state[DECISION] = D_PROP_ROB
            return True
        return british_intel(state)
    if phase == PHASE_REDEPLOY:
        begin_redeploy(state, D_REDEPLOY_POLICE)    # 6.3.1
        return True
    return reset_after_curfews(state)


@njit(cache=True)
def any_prop_rob_space(state):
    state = borrowed(state)
    for s in range(N_MAP_SPACES):
        if can_rob_in(state, s):
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
        return haganah_cooperation(state)
    if held // 2 > 0:
        state[COUNTER] = held // 2
        state[DECISION] = D_PROP_DISCARD
        return True
    return haganah_cooperation(state)


@njit(cache=True)
def prop_cache_space_ok(state, s):
    state = borrowed(state)
    kind = SPACE_KIND[s]
    return (kind == DISTRICT or kind == CITY) and cells(state, s) > 0 and state[at(s, ARMS_CACHES)] < 2


@njit(cache=True)
def haganah_cooperation(state):
    """6.2.3: at 0 the British draw a chit; at 4 the Irgun may place an Arms
    Cache (True: the Irgun choose where)."""
    state = borrowed(state)
    if state[HAGANAH] == 0:
        draw_intel(state)
    elif state[HAGANAH] == 4 and state[AVAILABLE_CACHES] > 0:
        for s in range(N_MAP_SPACES):
            if prop_cache_space_ok(state, s):
                state[DECISION] = D_PROP_CACHE
                return True
    return False


@njit(cache=True, inline="always")
def begin_redeploy(state, decision):
    clear_moves(state)
    state[CUR] = -1
    state[DECISION] = decision


@njit(cache=True)
def next_redeploy_city(state, first):
    """6.3.2: visit each City without a Curfew that some Cell could reach."""
    state = borrowed(state)
    for s in range(first, N_MAP_SPACES):
        if SPACE_KIND[s] == CITY and state[at(s, CURFEW)] == 0:
            for src in range(N_MAP_SPACES):
                if src != s and cells(state, src) > 0:
                    state[CUR] = s
                    state[DECISION] = D_REDEPLOY_CELL
                    return
    start_cache_redeploy(state)


@njit(cache=True)
def redeploy_cache_destination_ok(state, src, s):
    state = borrowed(state)
    return s != src and prop_cache_space_ok(state, s)


@njit(cache=True, inline="always")
def start_cache_redeploy(state):
    for src in range(N_MAP_SPACES):
        if state[at(src, ARMS_CACHES)] > 0:
            for s in range(N_MAP_SPACES):
                if redeploy_cache_destination_ok(state, src, s):
                    state[DECISION] = D_REDEPLOY_CACHE
                    return
    continue_round(state, PHASE_REDEPLOY)


@njit(cache=True)
def reset_after_curfews(state):
    """Reset Phase (6.4), after the CURFEWS capability's step (P29) if it is
    in play (True: that step runs first, as an event text)."""
    state = borrowed(state)
    curfews = state[CAPABILITIES + CAP_CURFEWS]
    if curfews != 0 and curfew_spaces(state) > 0:
        clear_event(state)
        state[EV_CARD] = 29
        state[EV_SIDE] = curfews - 1
        state[EV_STEP] = 10
        state[DECISION] = D_EVENT_RESUME
        return True
    clear_moves(state)
    reset_phase(state)
    return False


@njit(cache=True, inline="always")
def step_owed(state):
    """A Haganah refill (6.5.2) comes before every automatic step (settle)."""
    return owed(state) != 0


@njit(cache=True, inline="always")
def automatic_step(state, d):
    """Palestine has no automatic step of its own (settle): none taken."""
    return False


@njit(cache=True, inline="always")
def clear_own_context(state):
    """Palestine's own decision context needs nothing cleared before the first card (first_card)."""
    return


@njit(cache=True, inline="always")
def police_destination_ok(state, src, s):
    """6.3.1: Police go to Railways and spaces with British pieces."""
    return s != src and (SPACE_KIND[s] == RAILWAY or cubes(state, s) > 0)


@njit(cache=True, inline="always")
def troop_destination_ok(src, s):
    """6.3.1: Troops go to Cities or Railways."""
    return s != src and (SPACE_KIND[s] == CITY or SPACE_KIND[s] == RAILWAY)


# ------------------------------------------------------------------ mask --

@njit(cache=True)
def own_mask(state, out, d):
    """Set in ``out`` (cleared) each action the rules allow ``actor`` in
    Palestine's own decision kinds and those it rules its own way (the turn
    skeleton's ``rules_mask`` answers the others; those Palestine and Cyprus write alike,
    the shared template's :func:`family_mask`)."""
    state, out = borrowed(state), borrowed(out)
    if d == D_REFILL:
        piece_cells = state[OWED_CELLS_4] + state[OWED_CELLS_3] > 0
        for s in range(N_MAP_SPACES):
            if (piece_cells and cells(state, s) > 0) or (not piece_cells and state[at(s, ARMS_CACHES)] > 0):
                out[A_SPACE + s] = 1
        return
    if d == D_SA_SPACE:
        if state[SA_COUNT] > 0:
            out[A_STOP] = 1
        for s in range(N_MAP_SPACES):
            if sa_space_ok(state, state[SA], s):
                out[A_SPACE + s] = 1
        return
    if d == D_PATROL_ARREST:
        if state[PATROL_ARRESTS] > 0:
            out[A_STOP] = 1
        for s in range(N_MAP_SPACES):
            if state[SELECTED + s] == 1 and state[DEST_USED + s] == 0:
                out[A_SPACE + s] = 1
        return
    if d == D_PATROL_CHITS:
        out[A_STOP] = 1
        if patrol_affordable(state, state[CUR]) > 0:
            for v in (1, 2):
                if state[INTEL_HELD + v] > 0:
                    out[A_CHIT + v] = 1
        return
    if d == D_SEARCH_CITY:
        out[A_STOP] = 1
        for v in range(3):
            if state[INTEL_HELD + v] > 0:
                out[A_CHIT + v] = 1
        return
    if d == D_MASS_DETENTION:
        # A_SPACE + s: an Underground Cell from s; A_COUNT + s: an Active one.
        # No Stop: the roll's Cells must all go (3.1, rules decision P-5).
        for s in range(N_MAP_SPACES):
            if mass_detention_cell_ok(state, s, CELLS_UNDERGROUND):
                out[A_SPACE + s] = 1
            if mass_detention_cell_ok(state, s, CELLS_ACTIVE):
                out[A_COUNT + s] = 1
        return
    if d == D_TERROR_DECLARE:
        out[A_STOP] = 1
        out[A_SA + SA_TERROR] = 1
        return
    if d == D_LEAD_CHIT:
        for v in range(3):
            if state[INTEL_HELD + v] > 0:
                out[A_CHIT + v] = 1
        return
    if d == D_ASSAULT_CHITS:
        out[A_STOP] = 1
        if underground_affordable(state, state[CUR]) > 0:
            for v in (1, 2):
                if state[INTEL_HELD + v] > 0:
                    out[A_CHIT + v] = 1
        return
    if d == D_PASS_ROB or d == D_PROP_ROB:
        out[A_STOP] = 1
        for s in range(N_MAP_SPACES):
            if can_rob_in(state, s):
                out[A_SPACE + s] = 1
        return
    if d == D_PROP_DISCARD:
        for v in range(3):
            if state[INTEL_HELD + v] > 0:
                out[A_CHIT + v] = 1
        return
    if d == D_REDEPLOY_POLICE or d == D_REDEPLOY_TROOPS:
        piece = POLICE if d == D_REDEPLOY_POLICE else TROOPS
        out[A_STOP] = 1
        for s in range(N_MAP_SPACES):
            if movable(state, s, piece) > 0:
                out[A_SPACE + s] = 1
        return
    if d == D_REDEPLOY_POLICE_TO:
        for s in range(N_MAP_SPACES):
            if police_destination_ok(state, state[CUR], s):
                out[A_SPACE + s] = 1
        return
    if d == D_REDEPLOY_TROOPS_TO:
        for s in range(N_MAP_SPACES):
            if troop_destination_ok(state[CUR], s):
                out[A_SPACE + s] = 1
        return
    if d == D_REDEPLOY_CELL:
        out[A_STOP] = 1
        for s in range(N_MAP_SPACES):
            if s != state[CUR] and cells(state, s) > 0:
                out[A_SPACE + s] = 1
        return
    family_mask(state, out, d)       # the decision kinds Palestine and Cyprus write alike


# ----------------------------------------------------------------- apply --

@njit(cache=True, inline="always")
def after_decision(state):
    """After every decision's rules (1.10): a Curfew leaves a City with no British piece."""
    for s in range(N_MAP_SPACES):
        if state[at(s, CURFEW)] > 0 and cubes(state, s) == 0:
            state[at(s, CURFEW)] = 0


@njit(cache=True)
def own_act(state, action, d):
    """The rules of a legal action of ``actor(state)`` in Palestine's own
    decision kinds and those it rules its own way (the turn skeleton's ``act``
    answers the others; those Palestine and Cyprus write alike, the shared
    template's :func:`family_act`), without the automatic steps that follow it
    (:func:`settle`)."""
    state = borrowed(state)
    space = action - A_SPACE
    if d == D_REFILL:
        piece = ARMS_CACHES
        if state[OWED_CELLS_4] + state[OWED_CELLS_3] > 0:
            piece = CELLS_ACTIVE if state[at(space, CELLS_ACTIVE)] > 0 else CELLS_UNDERGROUND
        remove_owed_from_space(state, space, piece)
    elif d == D_SA_SPACE:
        if action == A_STOP:
            finish_sa(state)
        else:
            sa_in_space(state, space)
    elif d == D_PATROL_MOVE or d == D_SEARCH_MOVE:
        if action == A_STOP:
            if d == D_PATROL_MOVE:
                road_mines(state)
                state[DECISION] = D_PATROL_ARREST
            else:
                continue_search(state, 0)
        else:
            state[CUR] = space
            state[DECISION] = d + 1   # the matching *_TO decision
    elif d == D_PATROL_ARREST and action == A_STOP:
        finish_operation(state)
    elif d == D_PATROL_ARREST:
        state[CUR] = space
        state[PAID] = 0
        if patrol_affordable(state, space) > 0 and can_buy(state):
            state[DECISION] = D_PATROL_CHITS
        else:
            resolve_patrol(state)
    elif d == D_SEARCH_CITY:
        city = state[CUR]
        if action == A_STOP:
            search_space(state, city, False)
        else:
            return_intel(state, action - A_CHIT)
            search_space(state, city, True)
        continue_search(state, city + 1)
    elif d == D_MASS_DETENTION:
        if action >= A_COUNT:
            detain(state, action - A_COUNT, CELLS_ACTIVE)
        else:
            detain(state, space, CELLS_UNDERGROUND)
        state[DETAIN_LEFT] -= 1
        continue_mass_detention(state)
    elif d == D_TERROR_DECLARE:
        if action != A_STOP:
            state[SA_USED] = 1
            state[TERROR_HERE] = 1
        sabotage_cache_step(state)
    elif d == D_SABOTAGE_CACHE:
        resolve_sabotage(state, -1 if action == A_STOP else space)
    elif d == D_OFFENSIVE_CACHE:
        state[at(space, ARMS_CACHES)] -= 1
        state[AVAILABLE_CACHES] += 1
        state[EXTRA_USED] = 1
        state[SPACE_LIMIT] += 1
        state[DECISION] = D_SPACE
    elif d == D_PASS_ROB:
        if action != A_STOP:
            rob_space(state, space)
        end_action(state)
    elif d == D_PROP_ROB:
        if action != A_STOP:
            rob_space(state, space)
        if not british_intel(state):
            continue_round(state, PHASE_RESOURCES)
    elif d == D_PROP_DISCARD:
        return_intel(state, action - A_CHIT)
        state[COUNTER] -= 1
        if state[COUNTER] == 0 and not haganah_cooperation(state):
            continue_round(state, PHASE_RESOURCES)
    elif d == D_PROP_CACHE:
        if action != A_STOP:
            state[AVAILABLE_CACHES] -= 1
            state[at(space, ARMS_CACHES)] += 1
        continue_round(state, PHASE_RESOURCES)
    elif d == D_REDEPLOY_POLICE or d == D_REDEPLOY_TROOPS:
        if action != A_STOP:
            state[CUR] = space
            state[DECISION] = d + 1   # the matching *_TO decision
        elif d == D_REDEPLOY_POLICE:
            begin_redeploy(state, D_REDEPLOY_TROOPS)
        else:
            begin_redeploy(state, D_REDEPLOY_CELL)
            next_redeploy_city(state, 0)
    elif d == D_REDEPLOY_POLICE_TO or d == D_REDEPLOY_TROOPS_TO:
        piece = POLICE if d == D_REDEPLOY_POLICE_TO else TROOPS
        move(state, state[CUR], space, piece, 1)
        state[MOVED_HERE + space] += 1
        state[CUR] = -1
        state[DECISION] = d - 1
    elif d == D_REDEPLOY_CELL:
        city = state[CUR]
        if action != A_STOP:
            piece = CELLS_UNDERGROUND if state[at(space, CELLS_UNDERGROUND)] > 0 else CELLS_ACTIVE
            move(state, space, city, piece, 1)
        next_redeploy_city(state, city + 1)
    elif d == D_REDEPLOY_CACHE:
        if action == A_STOP:
            continue_round(state, PHASE_REDEPLOY)
        else:
            state[CUR] = space
            state[DECISION] = D_REDEPLOY_CACHE_TO
    elif d == D_REDEPLOY_CACHE_TO:
        move(state, state[CUR], space, ARMS_CACHES, 1)
        continue_round(state, PHASE_REDEPLOY)
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
            for s in range(ACTION_SPACES):
                if state[SELECTED + s] == 0 and op_may_ever_select(op, s):
                    if op_space_ok(state, op, s):
                        out[A_SPACE + s] = 1
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
