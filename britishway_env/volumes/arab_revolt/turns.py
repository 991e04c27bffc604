"""Arab Revolt's decision machinery: card flow, the Rebels' Operations chits,
Initiative Track, Operations, Special Activities, the Propaganda Round
(docs/arab_revolt.md, "Decisions"; readings in docs/design/arab_revolt_decisions.md).

``legal_mask`` fills the actions open to ``actor(state)``; ``apply`` takes one
and runs every automatic step up to the next decision.
"""

import numpy as np

from ...engine.coin import activities, initiative
from ...engine.coin import events as coin_events
from ...engine.coin.events import REQ_CHOOSE_OP, REQ_DONE, REQ_OPERATION, REQ_SPECIAL_ACTIVITY, begin_event, \
    clear_event
from ...engine.coin import variant
from ...engine.coin.header import DECK_RULES, DR_CAMPAIGNS, N_BOXES, N_OPS, N_SAS, RESTRICTED, RNG, RULE_PARAMETERS
from ...engine.coin.propaganda import (
    PHASE_END, PHASE_POLITICAL_WILL, PHASE_REDEPLOY, PHASE_RESET, PHASE_RESOURCES, PHASE_SUPPORT, ROUND_START,
    end_round, next_phase, victory_check,
)
from ...engine.jit import njit
from ...engine.borrow import borrowed, local_array
from ..boards.palestine import CITY, DISTRICT, FOREIGN, N_SPACES, RAILWAY, SPACE_KIND
from .cards import MANDATORY_CARDS, MUNICH, PROPAGANDA_CARDS
from .events import discard_chosen, event_filter_ok, event_playable, \
    event_script, option_chosen, option_ok, pick_effect, pick_space_ok, stop_pick
from .layout import (
    A_ALT, A_BOX, A_CHIT, A_COUNT, A_EVENT_SIDE, A_OP, A_PASS, A_PUNISHMENT, A_SA, A_SPACE, A_STOP, A_TRACK, ACCOMPANIES,
    AVAILABLE_BASES, BASES, BOX, BOX_EVENT, BRITISH, CAP_MASS_DETENTION, CAP_PUNITIVE_SEARCHES, CAP_QAWUQJI,
    CAP_REBEL_COURTS, CAP_SHADED, CAP_TEGART_FORTS, CAP_UNSHADED, CARD, CENTRALIZED, CUR, CUR2, CURFEW, D_AMBUSH_TROOP, D_BOX,
    D_CHIT_EFFECT, D_CURFEW, D_DEPLOY_POLICE, D_DETAIN_SPREAD, D_DIVIDE_TARGET, D_FINE_RAILWAY, D_MARCH_ACTIVE,
    D_MARCH_DEST, D_MARCH_UNDERGROUND, D_MOBILIZE_GUERRILLA, D_MUNICH_TROOPS, D_NEXT_CARD, D_OPERATION, D_OPS_CHIT,
    D_OVER, D_PASS_BASE, D_PASS_HOLD, D_PATROL_ASSAULT, D_PATROL_MOVE, D_PATROL_MOVE_TO, D_PROP_BRITISH_KEEP,
    D_PROP_REBELS_GAIN, D_PUNISH_CHIT, D_RAID_COUNT, D_RAID_FROM, D_RAID_STRIKE, D_RALLY_COUNT, D_RALLY_OPPOSITION,
    D_REDEPLOY_GUERRILLA, D_REDEPLOY_IRREGULAR, D_REDEPLOY_POLICE, D_REDEPLOY_POLICE_TO, D_REDEPLOY_TROOPS,
    D_SA_AFTER, D_SA_SPACE, D_SPACE, D_SUPPORT_DIVIDE, D_SUPPORT_MOBILIZE, D_SWEEP_IRREGULAR, D_SWEEP_MOVE,
    D_SWEEP_MOVE_TO, D_TAKE_FROM, D_DISCARD_CHIT, D_EVENT_OP, D_EVENT_OPTION, D_EVENT_RESUME,
    D_EVENT_SPACE, DECISION, EV_CARD, EV_DECIDER, EV_FACTION, EV_LEFT, EV_MODE, EV_OPTIONAL, EV_SA, EVENT_MANDATORY,
    MODE_AMBUSH_OPPOSITION, MODE_EVENT_OP, MODE_LIMITED, MODE_OPTIONAL, MODE_SA_AFTER_ONLY, MODE_VARIANT, MODE_VARIANT_2, SA_USED, DEST_USED, DETAIN, DETAIN_BASE_USED, DEMOLISH,
    EXECUTOR, FOREIGN_RALLY, GUERRILLAS_ACTIVE, GUERRILLAS_UNDERGROUND, IRREGULARS_UNDERGROUND, LIMITED,
    CHIT_THIS_CARD, MANDATORY_CARD, MARCH_UNDERGROUND, MAX_COUNT, MOBILIZED, MOVED_ACTIVE, MOVED_HERE, MOVED_POLICE, MUNICH_DONE,
    N_SELECTED, OP, OP_AMBUSH, OP_ASSAULT, OP_DEPLOY, OP_FACTION, OP_MARCH, OP_PATROL, OP_RALLY, OP_SABOTAGE,
    OP_SWEEP, OPPOSITION, OPS_BONUS, OPS_IN_PLAY, OUT_OF_PLAY_TROOPS, PHASE_LEFT, PLACE_FACTION, PLACE_LEFT,
    PLACE_PIECE, PLACE_RETURN, PLACE_TO, POLICE, PUN_DRAWN, PUN_HELD, PUN_IN_PLAY, REBEL_CHIT_DONE, REBELS, REDEPLOY_STAGE,
    RET_MOBILIZE, RET_SA_NEXT, RET_SPACE, ROUND_PHASE, SA, SA_AIR_RECON, SA_COORDINATE, SA_COUNT,
    SA_DIVIDE, SA_FACTION, SA_MOBILIZE, SA_PUNISH, SA_RAID, SA_RETURN, SELECTED, SPACE_LIMIT,
    SWEEP_NEXT, TOTAL_CURFEWS, TROOPS, UNITY, AMBUSH_REMOVED, POLITICAL_WILL, REBELS_WIN,
)
from .operations import (
    ADJACENT, OPERATION_SPACES, activate_guerrillas, activate_irregular, active_guerrilla_in_palestine, ambush_space, ambush_target_ok, any_take_source,
    assault_space, can_air_recon_in, can_assault_in, can_deploy_in, can_divide_from, can_mobilize_in,
    can_patrol_to, can_punish_in, can_raid_in, can_rally_in, can_sabotage_in, can_sweep_to, chit_effect, demolish,
    demolish_mobilization, detain, detain_mobilization, divide_target_ok, fine, fine_railway_ok,
    march_destination_ok, march_group_activates, move, patrol_activation, place_from_available, raid_source_ok,
    rally_limit, rally_opposition_ok, remove_guerrilla, remove_irregular, sabotage_space, supply, sweep_activation,
    sweep_irregular_helps, take_and_place, take_source_ok,
)
from .parameters import (
    P_AMBUSH_WILL_PIECES, P_BRITISH_OPERATION_SPACES, P_PUNISHMENT_CHITS_DRAWN, P_REBEL_VICTORY_WILL,
    P_SPECIAL_ACTIVITY_SPACES,
)
from .pieces import (
    at, bases_on_map, british_pieces, cubes, curfews_on_map, guerrillas, in_play, irregulars,
    irregulars_on_map, lift_curfews, takes_markers,
)
from .propaganda import political_will_phase, reset_board
from .resources import (
    add_political_will, capability, die, draw_operations_chit_loose, draw_operations_chits, draw_punishment_chits,
    hold_punishment_chit, operations_choices, operations_value, pick_punishment_chit, punishment_available,
    punishment_choices, punishment_held, punishment_in_cup, return_all_operations_chits, return_all_punishment_chits,
    return_drawn_punishment_chits, roll_under_bases, select_operations_chit, set_aside_operations_chit,
    set_aside_punishment_chit, shift_unity, unity_value, use_punishment_chit,
)
from .setup import build_deck, setup

PROPAGANDA = np.array(PROPAGANDA_CARDS, dtype=np.int64)
MANDATORY = np.array(MANDATORY_CARDS, dtype=np.int64)
# The Propaganda Round's phases in order (6.0): Political Will (6.1),
# Resources (6.2), Support (6.3), Redeploy (6.4), Reset (6.5).
PROPAGANDA_PHASES = np.array((PHASE_POLITICAL_WILL, PHASE_RESOURCES, PHASE_SUPPORT, PHASE_REDEPLOY, PHASE_RESET),
                             dtype=np.int64)
NOT_IN_ROUND = -1
REDEPLOY_TROOPS_STAGE, REDEPLOY_POLICE_STAGE, REDEPLOY_IRREGULARS_STAGE, REDEPLOY_GUERRILLAS_STAGE = range(4)


# ---------------------------------------------------------------- who acts --

@njit(cache=True)
def pending(state):
    state = borrowed(state)
    return state[DECISION]


@njit(cache=True)
def actor(state):
    """The faction whose decision is pending (-1 when the game is over)."""
    state = borrowed(state)
    d = state[DECISION]
    if d == D_OVER:
        return -1
    if d == D_BOX:
        return initiative.box_chooser(state)
    if d == D_OPS_CHIT or d == D_PASS_BASE or d == D_PROP_REBELS_GAIN or d == D_SUPPORT_MOBILIZE \
            or d == D_REDEPLOY_GUERRILLA or d == D_DETAIN_SPREAD:
        return REBELS
    if d == D_CHIT_EFFECT or d == D_PASS_HOLD or d == D_PROP_BRITISH_KEEP or d == D_SUPPORT_DIVIDE \
            or d == D_REDEPLOY_TROOPS or d == D_REDEPLOY_POLICE or d == D_REDEPLOY_POLICE_TO \
            or d == D_REDEPLOY_IRREGULAR or d == D_MUNICH_TROOPS:
        return BRITISH
    if d == D_TAKE_FROM:
        return state[PLACE_FACTION]
    if d == D_EVENT_SPACE or d == D_EVENT_OPTION or d == D_DISCARD_CHIT:
        return state[EV_DECIDER]
    return state[EXECUTOR]


@njit(cache=True, inline="always")
def event_box_closed(state):
    """A Mandatory event closes the Event box for its card (5.4)."""
    return state[MANDATORY_CARD] == 1


@njit(cache=True, inline="always")
def box_offered(state, faction, box):
    if not initiative.box_open(state, faction, box):
        return False
    return not (box == BOX_EVENT and event_box_closed(state))


# ---------------------------------------------------------------- placing --

@njit(cache=True)
def begin_placement(state, piece, dst, n, faction, ret):
    """``faction`` places ``n`` ``piece`` in ``dst`` for an Operation or Special
    Activity: from Available, else from the map at its choice (1.4.1); then
    ``ret`` says what comes next."""
    state = borrowed(state)
    state[PLACE_PIECE] = piece
    state[PLACE_TO] = dst
    state[PLACE_LEFT] = n
    state[PLACE_FACTION] = faction
    state[PLACE_RETURN] = ret
    continue_placement(state)


@njit(cache=True)
def continue_placement(state):
    state = borrowed(state)
    piece = state[PLACE_PIECE]
    dst = state[PLACE_TO]
    while state[PLACE_LEFT] > 0:
        if place_from_available(state, dst, piece):
            state[PLACE_LEFT] -= 1
        elif any_take_source(state, piece, dst):
            state[DECISION] = D_TAKE_FROM
            return
        else:
            state[PLACE_LEFT] = 0
    end_placement(state)


@njit(cache=True)
def end_placement(state):
    state = borrowed(state)
    ret = state[PLACE_RETURN]
    state[PLACE_PIECE] = -1
    state[PLACE_TO] = -1
    state[PLACE_LEFT] = 0
    if ret == RET_SPACE:
        state[DECISION] = D_SPACE
    elif ret == RET_SA_NEXT:
        sa_next_space(state)
    elif ret == RET_MOBILIZE:
        mobilize_guerrilla_step(state)


# ------------------------------------------------------------ operations --

@njit(cache=True, inline="always")
def op_space_ok(state, op, s):
    """May Operation ``op`` select space ``s`` its usual way (A_SPACE) (3.2, 3.3)?
    For Deploy: placing Police; for Ambush: removing a Police. An event's
    Operation keeps to the text's spaces."""
    if not in_play(state, s) or not event_op_space(state, s):
        return False
    if op == OP_DEPLOY:
        return can_deploy_in(state, s)
    if op == OP_PATROL:
        return can_patrol_to(state, s)
    if op == OP_SWEEP:
        return can_sweep_to(state, s)
    if op == OP_ASSAULT:
        return can_assault_in(state, s)
    if op == OP_RALLY:
        return can_rally_in(state, s, state[FOREIGN_RALLY] == 1)
    if op == OP_MARCH:
        if march_movable(state, s) <= 0:
            return False
        for t in range(N_SPACES):
            if march_destination_ok(state, s, t):
                return True
        return False
    if op == OP_SABOTAGE:
        return can_sabotage_in(state, s)
    if op == OP_AMBUSH:
        return ambush_target_ok(state, s, False)
    return False


@njit(cache=True, inline="always")
def op_has_alt(op):
    """Operation ``op`` has another way (A_ALT): Deploy, Ambush."""
    return op == OP_DEPLOY or op == OP_AMBUSH


@njit(cache=True, inline="always")
def op_alt_ok(state, op, s):
    """The other way (A_ALT): Deploy placing an Irregular (3.2.1); Ambush
    removing an Irregular (3.3.4)."""
    if not op_has_alt(op) or not event_op_space(state, s):
        return False
    if op == OP_DEPLOY:
        return can_deploy_in(state, s) and supply(state, IRREGULARS_UNDERGROUND, s, True) > 0
    if op == OP_AMBUSH:
        return ambush_target_ok(state, s, True)
    return False


@njit(cache=True, inline="always")
def event_op_space(state, s):
    return state[EV_MODE] & MODE_EVENT_OP == 0 or event_filter_ok(state, s)


@njit(cache=True)
def event_sa(state):
    """The Special Activity in progress is an event's own grant (no Operation)."""
    state = borrowed(state)
    return state[EV_MODE] & MODE_EVENT_OP != 0 and state[OP] < 0


@njit(cache=True)
def event_sa_mode(state, bit):
    state = borrowed(state)
    return event_sa(state) and state[EV_MODE] & bit != 0


@njit(cache=True)
def op_feasible(state, op):
    """An Operation is offered only when it can act in at least one space
    (the spaces of a kind it never takes skipped: operations.OPERATION_SPACES)."""
    state = borrowed(state)
    has_alt = op_has_alt(op)
    for s in range(N_SPACES):
        if OPERATION_SPACES[op, s] == 1 and (op_space_ok(state, op, s) or (has_alt and op_alt_ok(state, op, s))):
            return True
    return False


# The order any_op_feasible asks the Operations in: the answer is the same in
# any order, and Sweep and Patrol (a City or District, a City or Railway) are
# almost always possible at their first space, where Deploy and Assault look
# for pieces space by space.
FEASIBILITY_ORDER = np.array([OP_SWEEP, OP_PATROL, OP_DEPLOY, OP_ASSAULT, OP_RALLY, OP_MARCH, OP_SABOTAGE, OP_AMBUSH],
                             dtype=np.int64)


@njit(cache=True, inline="always")
def may_operate(state, faction):
    """No chit, no space for a Rebel Operation (docs/design/arab_revolt_decisions.md)."""
    return not (faction == REBELS and operations_value(state) == 0)


@njit(cache=True)
def clear_moves(state):
    state = borrowed(state)
    for t in range(N_SPACES):
        state[MOVED_HERE + t] = 0
        state[MOVED_ACTIVE + t] = 0
        state[MOVED_POLICE + t] = 0
        state[DEST_USED + t] = 0


@njit(cache=True)
def op_space_limit(state):
    """British: three spaces (the rule parameter ``british_operation_spaces``),
    one when Limited (3.1, 2.3.5); Rebels: the Operations chit's value,
    Limited or not (1.8.2, 2.3.5). An event's Limited Operation: one space,
    no chit; its other Operations: the spaces the text gives
    (docs/design/arab_revolt_decisions.md)."""
    state = borrowed(state)
    if state[EV_MODE] & MODE_EVENT_OP:
        return 1 if state[EV_MODE] & MODE_LIMITED else state[EV_LEFT]
    if state[EXECUTOR] == REBELS:
        return operations_value(state)
    if state[LIMITED]:
        return activities.LIMITED_SPACES
    return state[RULE_PARAMETERS + P_BRITISH_OPERATION_SPACES]


@njit(cache=True)
def start_operation(state, op):
    state = borrowed(state)
    for s in range(N_SPACES):
        state[SELECTED + s] = 0
    clear_moves(state)
    state[AMBUSH_REMOVED] = 0
    activities.begin_operation(state, op, op_space_limit(state))


@njit(cache=True)
def select_space(state, s, alt):
    """The Operation acts in space ``s`` (``alt``: its other way, A_ALT), or
    opens its per-space decision."""
    state = borrowed(state)
    op = state[OP]
    state[SELECTED + s] = 1
    activities.count_selected(state, s)
    state[DECISION] = D_SPACE
    if op == OP_DEPLOY:
        if alt:
            begin_placement(state, IRREGULARS_UNDERGROUND, s, 1, BRITISH, RET_SPACE)
        elif supply(state, POLICE, s, True) > 0:
            state[CUR] = s
            state[DECISION] = D_DEPLOY_POLICE
    elif op == OP_ASSAULT:
        assault_space(state, s)
    elif op == OP_RALLY:
        n = min(rally_limit(state, s), supply(state, GUERRILLAS_UNDERGROUND, s, True))
        if n >= 2:
            state[CUR] = s
            state[DECISION] = D_RALLY_COUNT
        elif n == 1:
            begin_placement(state, GUERRILLAS_UNDERGROUND, s, 1, REBELS, RET_SPACE)
    elif op == OP_MARCH:
        state[CUR] = s
        for t in range(N_SPACES):
            state[DEST_USED + t] = 0
        state[DECISION] = D_MARCH_DEST
    elif op == OP_SABOTAGE:
        sabotage_space(state, s)
    elif op == OP_AMBUSH:
        ambush_space(state, s, alt)
        state[AMBUSH_REMOVED] += 1
        if alt and state[EV_MODE] & MODE_AMBUSH_OPPOSITION and SPACE_KIND[s] == DISTRICT:
            state[at(s, OPPOSITION)] = 1          # A21 shaded
        ambush_troop_step(state, s)


@njit(cache=True)
def ambush_troop_step(state, s):
    """FAWZI AL-QAWUQJI shaded (A8): in a District selected for Ambush the
    Rebels may also send a Troop back to a City."""
    state = borrowed(state)
    if capability(state, CAP_QAWUQJI, CAP_SHADED) and SPACE_KIND[s] == DISTRICT and state[at(s, TROOPS)] > 0:
        state[CUR] = s
        state[DECISION] = D_AMBUSH_TROOP


@njit(cache=True)
def march_movable(state, s):
    """Guerrillas in ``s`` that have not moved in this March."""
    state = borrowed(state)
    return guerrillas(state, s) - state[MOVED_HERE + s]


@njit(cache=True)
def march_unmoved(state, s):
    """Unmoved (Underground, Active) Guerrillas of ``s``."""
    state = borrowed(state)
    arrived_active = state[MOVED_ACTIVE + s]
    arrived_underground = state[MOVED_HERE + s] - arrived_active
    return state[at(s, GUERRILLAS_UNDERGROUND)] - arrived_underground, \
        state[at(s, GUERRILLAS_ACTIVE)] - arrived_active


@njit(cache=True)
def march_group(state, underground, active):
    """Move a group from the origin CUR to CUR2 (3.3.2): Active on arrival
    when the destination rule says so; its Guerrillas move no more."""
    state = borrowed(state)
    src = state[CUR]
    dst = state[CUR2]
    n = underground + active
    state[at(src, GUERRILLAS_UNDERGROUND)] -= underground
    state[at(src, GUERRILLAS_ACTIVE)] -= active
    if march_group_activates(state, src, dst, n):
        state[at(dst, GUERRILLAS_ACTIVE)] += n
        state[MOVED_ACTIVE + dst] += n
    else:
        state[at(dst, GUERRILLAS_UNDERGROUND)] += underground
        state[at(dst, GUERRILLAS_ACTIVE)] += active
        state[MOVED_ACTIVE + dst] += active
    state[MOVED_HERE + dst] += n
    state[DEST_USED + dst] = 1
    march_next(state)


@njit(cache=True)
def march_next(state):
    """More destinations for this origin, or back to the space list."""
    state = borrowed(state)
    src = state[CUR]
    if march_movable(state, src) > 0:
        for t in range(N_SPACES):
            if state[DEST_USED + t] == 0 and march_destination_ok(state, src, t):
                state[DECISION] = D_MARCH_DEST
                return
    state[DECISION] = D_SPACE


@njit(cache=True)
def march_tally_after_take(state, s):
    """A Guerrilla taken from the map in the middle of a March (Mobilize,
    1.4.1) may be one that already moved: the tallies keep to what is left."""
    state = borrowed(state)
    if state[OP] == OP_MARCH:
        gone = state[MOVED_ACTIVE + s] - state[at(s, GUERRILLAS_ACTIVE)]
        if gone > 0:
            state[MOVED_ACTIVE + s] -= gone
            state[MOVED_HERE + s] -= gone
        arrived_underground = state[MOVED_HERE + s] - state[MOVED_ACTIVE + s]
        excess = arrived_underground - state[at(s, GUERRILLAS_UNDERGROUND)]
        if excess > 0:
            state[MOVED_HERE + s] -= excess


@njit(cache=True, inline="always")
def patrol_source_ok(state, src):
    """A cube may move to another selected space (3.2.2); each moves once."""
    if state[at(src, TROOPS)] - state[MOVED_HERE + src] <= 0 and state[at(src, POLICE)] - state[MOVED_POLICE + src] <= 0:
        return False
    for t in range(N_SPACES):
        if t != src and state[SELECTED + t] == 1:
            return True
    return False


@njit(cache=True)
def patrol_piece_movable(state, src, police):
    state = borrowed(state)
    if police:
        return state[at(src, POLICE)] - state[MOVED_POLICE + src] > 0
    return state[at(src, TROOPS)] - state[MOVED_HERE + src] > 0


@njit(cache=True, inline="always")
def sweep_source_ok(state, src):
    """A Troop adjacent to a selected space may move in (3.2.3); each moves once."""
    if state[at(src, TROOPS)] - state[MOVED_HERE + src] <= 0:
        return False
    for t in range(N_SPACES):
        if t != src and state[SELECTED + t] == 1 and ADJACENT[src, t] == 1:
            return True
    return False


@njit(cache=True)
def any_patrol_source(state):
    state = borrowed(state)
    for s in range(N_SPACES):
        if patrol_source_ok(state, s):
            return True
    return False


@njit(cache=True)
def any_sweep_source(state):
    state = borrowed(state)
    for s in range(N_SPACES):
        if sweep_source_ok(state, s):
            return True
    return False


@njit(cache=True)
def patrol_after_moves(state):
    """3.2.2: activation on each selected Railway, then the free Assault on one."""
    state = borrowed(state)
    for s in range(N_SPACES):
        if state[SELECTED + s] == 1:
            patrol_activation(state, s)
    for s in range(N_SPACES):
        if patrol_assault_ok(state, s):
            state[DECISION] = D_PATROL_ASSAULT
            return
    finish_operation(state)


@njit(cache=True)
def patrol_assault_ok(state, s):
    state = borrowed(state)
    return state[SELECTED + s] == 1 and SPACE_KIND[s] == RAILWAY and cubes(state, s) > 0 \
        and state[at(s, GUERRILLAS_ACTIVE)] > 0


@njit(cache=True)
def continue_sweep(state, first):
    """Sweep's activation, space by space (3.2.3); where an Underground
    Irregular would Activate more, the British choose."""
    state = borrowed(state)
    for s in range(first, N_SPACES):
        if state[SELECTED + s] == 1:
            if sweep_irregular_helps(state, s):
                state[CUR] = s
                state[DECISION] = D_SWEEP_IRREGULAR
                return
            sweep_space_done(state, s, False)
    state[SWEEP_NEXT] = 0
    finish_operation(state)


@njit(cache=True)
def sweep_space_done(state, s, with_irregular):
    """Activation in ``s``; PUNITIVE SEARCHES shaded (A18): the Rebels then
    draw a Punishment chit and apply its Mobilization there; it goes back."""
    state = borrowed(state)
    sweep_activation(state, s, with_irregular)
    if capability(state, CAP_PUNITIVE_SEARCHES, CAP_SHADED):
        draw_punishment_chits(state, 1)
        for kind in range(3):
            if state[PUN_DRAWN + kind] > 0:
                mobilization(state, s, kind)
        return_drawn_punishment_chits(state)


@njit(cache=True)
def mobilization(state, s, kind):
    """A Punishment chit's Mobilization effect alone (1.7.2; A10, A18 shaded)."""
    state = borrowed(state)
    if kind == DETAIN:
        detain_mobilization(state, s)
    elif kind == DEMOLISH:
        demolish_mobilization(state, s)


@njit(cache=True, inline="always")
def curfew_step_ok(state, s):
    """Deploy's Curfew step (3.2.1): place one in a selected space with none,
    or lift the one there (with its Opposition)."""
    if state[SELECTED + s] == 0 or not takes_markers(s):
        return False
    if state[at(s, CURFEW)] > 0:
        return True
    return TOTAL_CURFEWS - curfews_on_map(state) > 0 and british_pieces(state, s) > 0


@njit(cache=True)
def finish_spaces(state):
    """The Operation's space list is closed: after-steps, then the action ends."""
    state = borrowed(state)
    op = state[OP]
    if state[N_SELECTED] == 0:
        finish_operation(state)
    elif op == OP_DEPLOY:
        for s in range(N_SPACES):
            if curfew_step_ok(state, s):
                state[DECISION] = D_CURFEW
                return
        finish_operation(state)
    elif op == OP_PATROL:
        clear_moves(state)
        if any_patrol_source(state):
            state[DECISION] = D_PATROL_MOVE
        else:
            patrol_after_moves(state)
    elif op == OP_SWEEP:
        clear_moves(state)
        if any_sweep_source(state):
            state[DECISION] = D_SWEEP_MOVE
        else:
            continue_sweep(state, 0)
    elif op == OP_RALLY:
        for s in range(N_SPACES):
            if state[SELECTED + s] == 1 and rally_opposition_ok(state, s):
                state[DECISION] = D_RALLY_OPPOSITION
                return
        finish_operation(state)
    else:
        if op == OP_AMBUSH and state[AMBUSH_REMOVED] >= state[RULE_PARAMETERS + P_AMBUSH_WILL_PIECES]:
            add_political_will(state, -1)      # 3.3.4
        finish_operation(state)


# ---------------------------------------------------- special activities --

@njit(cache=True, inline="always")
def sa_allowed(state, sa):
    """May ``sa`` go with this action (4.1.1)? In the Support Phase (6.3) the
    British Divide and the Rebels Mobilize with no Operation."""
    if state[ROUND_PHASE] == PHASE_SUPPORT:
        return (sa == SA_DIVIDE and state[EXECUTOR] == BRITISH) or (sa == SA_MOBILIZE and state[EXECUTOR] == REBELS)
    return activities.sa_allowed(state, sa, ACCOMPANIES)


@njit(cache=True, inline="always")
def sa_space_ok(state, sa, s):
    """May ``sa`` act in ``s`` its usual way (A_SPACE)?"""
    if activities.sa_space_used(state, s) or not in_play(state, s):
        return False
    if event_sa(state) and not event_filter_ok(state, s):
        return False
    if sa == SA_PUNISH:
        if event_sa_mode(state, MODE_VARIANT_2):
            return True                # A22: Cities with Curfews, Troops or not (the filter)
        return can_punish_in(state, s)
    if sa == SA_DIVIDE:
        return unity_value(state) > 0 and can_divide_from(state, s)
    if sa == SA_AIR_RECON:
        return can_air_recon_in(state, s)
    if sa == SA_MOBILIZE:
        return can_mobilize_in(state, s)
    if sa == SA_RAID:
        return can_raid_in(state, s)
    return False


@njit(cache=True, inline="always")
def sa_has_alt(state, sa):
    """Special Activity ``sa`` has another way (A_ALT) now: Punish by Detain."""
    return sa == SA_PUNISH and state[PUN_IN_PLAY] == DETAIN + 1


@njit(cache=True, inline="always")
def sa_alt_ok(state, sa, s):
    """The other way (A_ALT) in a space ``sa`` may act in its usual way
    (:func:`sa_space_ok`, which callers ask first): Detain sending a Base to
    Prison instead of a Guerrilla, in one space, with REBEL COURTS unshaded
    (A27)."""
    if sa_has_alt(state, sa):
        return capability(state, CAP_REBEL_COURTS, CAP_UNSHADED) and state[DETAIN_BASE_USED] == 0 \
            and state[at(s, BASES)] > 0
    return False


@njit(cache=True)
def sa_space_limit(state, sa):
    """Spaces a Special Activity may act in: two (4.2.1, 4.2.3, 4.3.1, 4.3.3;
    the rule parameter ``special_activity_spaces``); Divide the Unity Track's
    value (6.6.2); Raid at most one with FAWZI AL-QAWUQJI unshaded (A8)."""
    state = borrowed(state)
    if sa == SA_DIVIDE:
        return unity_value(state)
    n = state[RULE_PARAMETERS + P_SPECIAL_ACTIVITY_SPACES]
    if sa == SA_RAID and capability(state, CAP_QAWUQJI, CAP_UNSHADED):
        return min(1, n)
    return n


@njit(cache=True)
def sa_any_space(state, sa):
    """May ``sa`` act in some space (its other way, A_ALT, needs its usual
    way open there too: :func:`sa_alt_ok`)?"""
    state = borrowed(state)
    for s in range(N_SPACES):
        if sa_space_ok(state, sa, s):
            return True
    return False


@njit(cache=True)
def sa_offerable(state, sa):
    """May the executor start Special Activity ``sa`` now?"""
    state = borrowed(state)
    if SA_FACTION[sa] != state[EXECUTOR] or not sa_allowed(state, sa):
        return False
    if sa == SA_COORDINATE:
        return True          # no space (4.3.2)
    if sa == SA_DIVIDE:      # may always roll (4.2.2), but not when an event grants the activations only (A29)
        return sa_any_space(state, sa) if event_sa_mode(state, MODE_VARIANT) else True
    if sa == SA_PUNISH:
        if event_sa_mode(state, MODE_VARIANT):
            return punishment_held(state) > 0 and sa_any_space(state, sa)
        return punishment_available(state) and sa_any_space(state, sa)
    return sa_any_space(state, sa)


@njit(cache=True)
def start_sa(state, sa, resume):
    state = borrowed(state)
    activities.begin_special_activity(state, sa, resume)
    if sa == SA_COORDINATE:                      # 4.3.2: no space
        state[OPS_BONUS] += 1
        if state[OP] >= 0:
            state[SPACE_LIMIT] += 1
        if roll_under_bases(state):
            shift_unity(state, 1)
        finish_sa(state)
    elif sa == SA_PUNISH:                        # 4.2.1: the chit first
        state[DETAIN_BASE_USED] = 0
        if not capability(state, CAP_PUNITIVE_SEARCHES, CAP_UNSHADED) and not event_sa_mode(state, MODE_VARIANT):
            draw_punishment_chits(state, state[RULE_PARAMETERS + P_PUNISHMENT_CHITS_DRAWN])
        punish_chit_step(state)


@njit(cache=True)
def punish_chit_choices(state, out):
    """Punishment chits the British may use now: drawn or held (1.7.1); with
    PUNITIVE SEARCHES unshaded (A18) any kind in the cup or held; a second
    Punish of GENERAL DILL (A12) a held one only, A18 or not (the card in play
    wins, 5.1.2)."""
    state, out = borrowed(state), borrowed(out)
    if event_sa_mode(state, MODE_VARIANT):
        n = 0
        for kind in range(3):
            out[kind] = 1 if state[PUN_HELD + kind] > 0 else 0
            n += out[kind]
        return n
    if capability(state, CAP_PUNITIVE_SEARCHES, CAP_UNSHADED):
        n = 0
        for kind in range(3):
            out[kind] = 1 if punishment_in_cup(state, kind) + state[PUN_HELD + kind] > 0 else 0
            n += out[kind]
        return n
    return punishment_choices(state, out)


@njit(cache=True)
def punish_chit_step(state):
    """Use the only chit there is, or let the British choose."""
    state = borrowed(state)
    choices = local_array(3, np.int64)       # on the stack (engine/borrow.py); the count fills all three
    n = punish_chit_choices(state, choices)
    if n == 1:
        for kind in range(3):
            if choices[kind]:
                use_chosen_punishment(state, kind)
                return
    state[DECISION] = D_PUNISH_CHIT


@njit(cache=True)
def use_chosen_punishment(state, kind):
    """Use a chit of ``kind``: drawn, or (A18 unshaded) selected from the cup,
    else held; then its spaces."""
    state = borrowed(state)
    if capability(state, CAP_PUNITIVE_SEARCHES, CAP_UNSHADED) and punishment_in_cup(state, kind) > 0 \
            and not event_sa_mode(state, MODE_VARIANT):
        pick_punishment_chit(state, kind)
    use_punishment_chit(state, kind)
    sa_next_space(state)


@njit(cache=True)
def sa_spaces_done(state):
    """The Special Activity's spaces are over: Punish sets its chit aside
    (1.7.1); Mobilize goes on to its Guerrillas (4.3.1)."""
    state = borrowed(state)
    sa = state[SA]
    if sa == SA_PUNISH:
        set_aside_punishment_chit(state)
        finish_sa(state)
    elif sa == SA_MOBILIZE:
        state[MOBILIZED] = 0
        mobilize_guerrilla_step(state)
    else:
        finish_sa(state)


@njit(cache=True)
def sa_next_space(state):
    """Another space for the Special Activity, or it is over. PEACE BANDS
    unshaded (A3): after the activations the Divide may still roll."""
    state = borrowed(state)
    sa = state[SA]
    if state[SA_COUNT] < sa_space_limit(state, sa) and sa_any_space(state, sa):
        state[DECISION] = D_SA_SPACE
    elif sa == SA_DIVIDE and event_sa_mode(state, MODE_VARIANT_2):
        state[DECISION] = D_SA_SPACE
    else:
        sa_spaces_done(state)


@njit(cache=True, inline="always")
def mobilize_guerrilla_ok(state, s):
    """4.3.1: a Guerrilla may go into each space with Opposition, once; with
    HOUSE DEMOLITION shaded (A6), each space with a Curfew instead."""
    marker = CURFEW if event_sa_mode(state, MODE_VARIANT) else OPPOSITION
    return (state[MOBILIZED] >> s) & 1 == 0 and in_play(state, s) and state[at(s, marker)] > 0 \
        and supply(state, GUERRILLAS_UNDERGROUND, s, True) > 0


@njit(cache=True)
def mobilize_guerrilla_step(state):
    state = borrowed(state)
    for s in range(N_SPACES):
        if mobilize_guerrilla_ok(state, s):
            state[DECISION] = D_MOBILIZE_GUERRILLA
            return
    state[MOBILIZED] = 0
    finish_sa(state)


@njit(cache=True)
def sa_in_space(state, s, alt):
    """The Special Activity acts in ``s`` (``alt``: its other way, A_ALT)."""
    state = borrowed(state)
    sa = state[SA]
    activities.sa_acts_in(state, s)
    if sa == SA_PUNISH:
        kind = state[PUN_IN_PLAY] - 1
        if kind == DETAIN:
            was_opposed = state[at(s, OPPOSITION)] > 0
            if alt:
                state[DETAIN_BASE_USED] = 1
            detain(state, s, alt)
            if was_opposed and capability(state, CAP_MASS_DETENTION, CAP_SHADED) and any_detain_spread(state, s):
                state[CUR] = s
                state[DECISION] = D_DETAIN_SPREAD
                return
        elif kind == DEMOLISH:
            demolish(state, s)
        else:
            n = 0
            last = -1
            for r in range(N_SPACES):
                if fine_railway_ok(state, s, r):
                    n += 1
                    last = r
            if n == 1:
                fine(state, last)
            elif n > 1:
                state[CUR] = s
                state[DECISION] = D_FINE_RAILWAY
                return
        sa_next_space(state)
    elif sa == SA_DIVIDE:
        activate_irregular(state, s)
        state[CUR] = s
        state[DECISION] = D_DIVIDE_TARGET
    elif sa == SA_AIR_RECON:
        activate_guerrillas(state, s, 2 if event_sa_mode(state, MODE_VARIANT) else 1)   # A32 unshaded
        sa_next_space(state)
    elif sa == SA_MOBILIZE:
        begin_placement(state, BASES, s, 1, REBELS, RET_SA_NEXT)
    elif sa == SA_RAID:
        state[CUR] = s
        n = 0
        last = -1
        for src in range(N_SPACES):
            if raid_source_ok(state, s, src):
                n += 1
                last = src
        if n == 1:
            raid_from(state, last)
        else:
            state[DECISION] = D_RAID_FROM


@njit(cache=True)
def any_detain_spread(state, s):
    state = borrowed(state)
    for t in range(N_SPACES):
        if detain_spread_ok(state, s, t):
            return True
    return False


@njit(cache=True)
def detain_spread_ok(state, s, t):
    """MASS DETENTION shaded (A1): Opposition may spread to one space adjacent
    to a Detain space that already had it."""
    state = borrowed(state)
    return ADJACENT[s, t] == 1 and takes_markers(t) and state[at(t, OPPOSITION)] == 0


@njit(cache=True)
def raid_from(state, src):
    """Raid's Guerrillas come from ``src`` (4.3.3): one or two."""
    state = borrowed(state)
    state[CUR2] = src
    if guerrillas(state, src) >= 2:
        state[DECISION] = D_RAID_COUNT
    else:
        raid_move(state, 1)


@njit(cache=True)
def raid_move(state, n):
    """Move ``n`` Guerrillas from CUR2 into CUR, Underground ones first
    (docs/design/arab_revolt_decisions.md); TEGART FORTS (A28) Activates any
    leaving a Foreign Country. Then the Raid's own Sabotage or Ambush."""
    state = borrowed(state)
    src = state[CUR2]
    dst = state[CUR]
    underground = min(n, state[at(src, GUERRILLAS_UNDERGROUND)])
    active = n - underground
    state[at(src, GUERRILLAS_UNDERGROUND)] -= underground
    state[at(src, GUERRILLAS_ACTIVE)] -= active
    if capability(state, CAP_TEGART_FORTS, CAP_UNSHADED) and SPACE_KIND[src] == FOREIGN:
        state[at(dst, GUERRILLAS_ACTIVE)] += n
    else:
        state[at(dst, GUERRILLAS_UNDERGROUND)] += underground
        state[at(dst, GUERRILLAS_ACTIVE)] += active
    if can_sabotage_in(state, dst) or ambush_target_ok(state, dst, False) or ambush_target_ok(state, dst, True):
        state[DECISION] = D_RAID_STRIKE
    else:
        sa_next_space(state)



# ------------------------------------------------------------- card flow --

@njit(cache=True)
def clear_action(state):
    state = borrowed(state)
    activities.clear_action(state)
    clear_moves(state)
    state[AMBUSH_REMOVED] = 0
    state[SWEEP_NEXT] = 0
    state[MARCH_UNDERGROUND] = 0
    state[MOBILIZED] = 0
    state[FOREIGN_RALLY] = 0
    for s in range(N_SPACES):
        state[SELECTED + s] = 0


@njit(cache=True)
def end_action(state):
    """An Operation, Special Activity or Pass is over: back to the Propaganda
    Round, or the faction's action on the card is over."""
    state = borrowed(state)
    clear_action(state)
    if state[EV_CARD] != 0:
        coin_events.end_event_operation(state)
    elif state[ROUND_PHASE] != NOT_IN_ROUND:
        round_action_done(state)
    else:
        turn_done(state)


# inlined: one caller in compiled code, which would otherwise emit its whole call tree again (docs/architecture.md)
@njit(cache=True, inline="always")
def event_resume(state):
    """Carry the event's text on and answer what it asks for."""
    request = event_script(state)
    if request == REQ_DONE:
        clear_event(state)
        clear_action(state)
        if state[EVENT_MANDATORY]:
            state[EVENT_MANDATORY] = 0          # 5.4: then the 1st Eligible acts
            state[EXECUTOR] = -1
            state[DECISION] = D_BOX
        else:
            state[EXECUTOR] = state[EV_FACTION]
            turn_done(state)
    elif request >= REQ_OPERATION:
        start_event_operation(state, request - REQ_OPERATION)
    elif request == REQ_CHOOSE_OP:
        state[EXECUTOR] = state[EV_DECIDER]
        state[DECISION] = D_EVENT_OP
    elif request == REQ_SPECIAL_ACTIVITY:
        state[EXECUTOR] = state[EV_DECIDER]
        state[SA_USED] = 0
        sa = state[EV_SA]
        if not sa_offerable(state, sa):
            end_action(state)
        elif (sa == SA_PUNISH and state[EV_MODE] & MODE_VARIANT_2) or (sa == SA_DIVIDE
                                                                      and state[EV_MODE] & MODE_VARIANT):
            start_sa(state, sa, D_SA_AFTER)     # A22 "must Punish", A29 "then Divide": no "may" (5.1.3)
        else:
            state[DECISION] = D_SA_AFTER


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


@njit(cache=True, inline="always")
def op_may_ever_select(op, s):
    """Only the spaces the Operation may take at all (operations.OPERATION_SPACES)."""
    return OPERATION_SPACES[op, s] == 1


@njit(cache=True, inline="always")
def op_may_end_unselected(state):
    """Foreign Assistance's Rally (6.2.3) is a "may": it may end with no space."""
    return state[FOREIGN_RALLY] != 0


@njit(cache=True, inline="always")
def must_pass(state, faction):
    """No Arab Revolt card makes a faction Pass."""
    return False


@njit(cache=True, inline="always")
def event_op_may_stop(state, feasible):
    """An event's Operation is conducted when it can act, unless the text says "may" (5.1.3)."""
    return not feasible or (state[EV_MODE] & MODE_OPTIONAL) != 0


@njit(cache=True, inline="always")
def after_decision(state):
    """After every decision's rules (1.12): a Curfew leaves a space with no British piece."""
    lift_curfews(state)


@njit(cache=True)
def turn_done(state):
    """A faction's action on the card is over. After the Rebels', the British
    resolve the Operations chit's effect (1.8.2, 2.3.4) unless Unity is
    Centralized (6.6.3); the chit is then set aside (1.8.1)."""
    state = borrowed(state)
    if initiative.box_chooser(state) == REBELS and state[OPS_IN_PLAY] > 0:
        value = state[OPS_IN_PLAY]
        if state[UNITY] != CENTRALIZED and value >= 2:
            for s in range(N_SPACES):
                if active_guerrilla_in_palestine(state, s):
                    state[DECISION] = D_CHIT_EFFECT
                    return
        set_aside_operations_chit(state)
    initiative.card_action_done(state)


@njit(cache=True)
def pass_base_ok(state, s):
    """2.3.3: a District or Foreign Country in play with a Guerrilla and room for a Base."""
    state = borrowed(state)
    return in_play(state, s) and (SPACE_KIND[s] == DISTRICT or SPACE_KIND[s] == FOREIGN) \
        and guerrillas(state, s) > 0 and state[at(s, BASES)] < 2


@njit(cache=True)
def take_pass(state, faction, box):
    """Pass (2.3.3): the British select a Punishment chit from the cup to
    hold; the Rebels may place an Available Base."""
    state = borrowed(state)
    state[BOX + faction] = box
    state[EXECUTOR] = faction
    if faction == BRITISH:
        n = 0
        last = -1
        for kind in range(3):
            if punishment_in_cup(state, kind) > 0:
                n += 1
                last = kind
        if n == 1:
            hold_punishment_chit(state, last)
        elif n > 1:
            state[DECISION] = D_PASS_HOLD
            return
        end_action(state)
        return
    if state[AVAILABLE_BASES] > 0:
        for s in range(N_SPACES):
            if pass_base_ok(state, s):
                state[DECISION] = D_PASS_BASE
                return
    end_action(state)


@njit(cache=True)
def rebel_turn_start(state):
    """2.3.4: before choosing a box the Rebels draw their chits and select
    one; a single possible value is taken at once, none leaves them with no
    chit (docs/design/arab_revolt_decisions.md)."""
    state = borrowed(state)
    state[REBEL_CHIT_DONE] = 1
    draw_operations_chits(state)
    choices = local_array(3, np.int64)       # on the stack (engine/borrow.py); the count fills all three
    n = operations_choices(state, choices)
    if n == 1:
        for kind in range(3):
            if choices[kind]:
                select_operations_chit(state, kind)
    elif n > 1:
        state[DECISION] = D_OPS_CHIT


@njit(cache=True)
def next_card(state):
    """Reveal the next card (2.2, 2.3.7); a Propaganda card starts a round (2.4)."""
    state = borrowed(state)
    card = initiative.reveal_next_card(state)
    state[REBEL_CHIT_DONE] = 0
    state[CHIT_THIS_CARD] = 0
    state[MANDATORY_CARD] = 0
    if initiative.is_propaganda(card, PROPAGANDA):
        if card == MUNICH:
            state[MUNICH_DONE] = 1
        continue_round(state, ROUND_START)
        return
    state[DECISION] = D_BOX
    for c in MANDATORY:
        if c == card:
            state[MANDATORY_CARD] = 1         # 5.4: resolved now, by the faction its text names
            state[EVENT_MANDATORY] = 1
            begin_event(state, REBELS if card == 11 else BRITISH, 0)


# ------------------------------------------------------- Propaganda Round --

@njit(cache=True, inline="always")
def round_phase(state, phase):
    """The Propaganda Round's phase in play, on the row (its observation and the Support Phase read it)."""
    state[ROUND_PHASE] = phase


@njit(cache=True, inline="always")
def round_left(state):
    state[ROUND_PHASE] = NOT_IN_ROUND


@njit(cache=True)
def enter_phase(state, phase):
    """Start ``phase``; True when it waits for a decision or ended the game."""
    state = borrowed(state)
    state[EXECUTOR] = -1
    if phase == PHASE_POLITICAL_WILL:
        political_will_phase(state)
        if state[POLITICAL_WILL] <= state[RULE_PARAMETERS + P_REBEL_VICTORY_WILL]:
            initiative.game_over(state, REBELS_WIN)     # 6.1.5, 7.0.1 (the rule parameter rebel_victory_will)
            return True
        return victory_check(state, state[DECK_RULES + DR_CAMPAIGNS])   # 6.1.6, 7.0.2
    if phase == PHASE_RESOURCES:
        state[DECISION] = D_PROP_BRITISH_KEEP       # 6.2.1
        return True
    if phase == PHASE_SUPPORT:
        state[DECISION] = D_SUPPORT_DIVIDE          # 6.3.1: Divide can always roll
        return True
    if phase == PHASE_REDEPLOY:
        clear_moves(state)
        state[REDEPLOY_STAGE] = REDEPLOY_TROOPS_STAGE
        return redeploy_step(state)
    reset_board(state)                              # 6.5
    if state[CARD] == MUNICH and state[OUT_OF_PLAY_TROOPS] > 0:
        state[DECISION] = D_MUNICH_TROOPS
        return True
    return False


@njit(cache=True)
def rebels_resources(state):
    """6.2.2 after the British chose: the roll, then (6.2.3) Foreign Assistance.
    True when a decision waits."""
    state = borrowed(state)
    if roll_under_bases(state):
        state[DECISION] = D_PROP_REBELS_GAIN
        return True
    return_all_operations_chits(state, -1)
    return foreign_assistance(state)


@njit(cache=True)
def foreign_assistance(state):
    """6.2.3: a chit drawn for its value, put back; the Rebels may Rally in that
    many Foreign Countries, Rebel pieces there or not. True when it waits."""
    state = borrowed(state)
    value = draw_operations_chit_loose(state)
    if value == 0:
        return False
    state[EXECUTOR] = REBELS
    state[FOREIGN_RALLY] = 1
    state[LIMITED] = 1
    if not op_feasible(state, OP_RALLY):
        clear_action(state)
        return False
    start_operation(state, OP_RALLY)
    state[SPACE_LIMIT] = value
    return True


@njit(cache=True)
def round_action_done(state):
    """An action inside the Propaganda Round is over: on to what follows it."""
    state = borrowed(state)
    phase = state[ROUND_PHASE]
    if phase == PHASE_SUPPORT and state[EXECUTOR] == BRITISH:
        support_mobilize_step(state)
        return
    state[EXECUTOR] = -1
    continue_round(state, phase)


@njit(cache=True)
def support_mobilize_step(state):
    """6.3.2: the Rebels may Mobilize."""
    state = borrowed(state)
    state[EXECUTOR] = REBELS
    if sa_offerable(state, SA_MOBILIZE):
        state[DECISION] = D_SUPPORT_MOBILIZE
    else:
        state[EXECUTOR] = -1
        continue_round(state, PHASE_SUPPORT)


@njit(cache=True)
def redeploy_guerrilla_source(state):
    """6.4.2: a Railway or City holding Guerrillas, or -1."""
    state = borrowed(state)
    for s in range(N_SPACES):
        if (SPACE_KIND[s] == RAILWAY or SPACE_KIND[s] == CITY) and guerrillas(state, s) > 0:
            return s
    return -1


@njit(cache=True)
def redeploy_guerrilla_destination_ok(state, s):
    """6.4.2: a space with a Base, or with no Base on the map a Foreign Country in play."""
    state = borrowed(state)
    if not in_play(state, s):
        return False
    if bases_on_map(state) > 0:
        return state[at(s, BASES)] > 0
    return SPACE_KIND[s] == FOREIGN


@njit(cache=True)
def troops_on_railway(state):
    state = borrowed(state)
    for s in range(N_SPACES):
        if SPACE_KIND[s] == RAILWAY and state[at(s, TROOPS)] > 0:
            return s
    return -1


@njit(cache=True)
def redeploy_police_source_ok(state, s):
    state = borrowed(state)
    return state[at(s, POLICE)] - state[MOVED_POLICE + s] > 0


@njit(cache=True)
def redeploy_police_destination_ok(state, src, s):
    state = borrowed(state)
    return s != src and (SPACE_KIND[s] == RAILWAY or SPACE_KIND[s] == CITY)


@njit(cache=True)
def redeploy_step(state):
    """6.4 in order: Troops off Railways to Cities (forced), Police to
    Railways or Cities (optional), up to half the Irregulars on the map to
    Available (optional), Rebel Guerrillas off Railways and out of Cities
    (forced). True when a decision waits."""
    state = borrowed(state)
    stage = state[REDEPLOY_STAGE]
    if stage == REDEPLOY_TROOPS_STAGE:
        if troops_on_railway(state) >= 0:
            state[DECISION] = D_REDEPLOY_TROOPS
            return True
        stage = REDEPLOY_POLICE_STAGE
        state[REDEPLOY_STAGE] = stage
        for s in range(N_SPACES):
            if redeploy_police_source_ok(state, s):
                state[DECISION] = D_REDEPLOY_POLICE
                return True
    if stage == REDEPLOY_POLICE_STAGE:
        stage = REDEPLOY_IRREGULARS_STAGE
        state[REDEPLOY_STAGE] = stage
        state[PHASE_LEFT] = irregulars_on_map(state) // 2
        if state[PHASE_LEFT] > 0:
            state[DECISION] = D_REDEPLOY_IRREGULAR
            return True
    if stage == REDEPLOY_IRREGULARS_STAGE:
        stage = REDEPLOY_GUERRILLAS_STAGE
        state[REDEPLOY_STAGE] = stage
        state[PHASE_LEFT] = 0
    if redeploy_guerrilla_source(state) >= 0:
        state[DECISION] = D_REDEPLOY_GUERRILLA
        return True
    clear_moves(state)
    return False


@njit(cache=True)
def redeploy_continue(state):
    """Back into the Redeploy Phase after one of its decisions."""
    state = borrowed(state)
    if not redeploy_step(state):
        continue_round(state, PHASE_REDEPLOY)


@njit(cache=True, inline="always")
def step_owed(state):
    """No step is owed before the automatic ones (settle)."""
    return False


@njit(cache=True, inline="always")
def automatic_step(state, d):
    """The Rebels draw their Operations chit as their turn on a card starts
    (1.8.1; settle): True when they did."""
    if d == D_BOX and initiative.box_chooser(state) == REBELS and state[REBEL_CHIT_DONE] == 0:
        rebel_turn_start(state)
        return True
    return False


@njit(cache=True, inline="always")
def clear_own_context(state):
    """No piece being placed and no Propaganda Round phase before the first card (first_card)."""
    state[PLACE_PIECE] = -1
    state[PLACE_TO] = -1
    state[ROUND_PHASE] = NOT_IN_ROUND


# ------------------------------------------------------------------ mask --

@njit(cache=True)
def own_mask(state, out, d):
    """Set in ``out`` (cleared) each action the rules allow ``actor`` in Arab
    Revolt's own decision kinds and those it rules its own way (the turn
    skeleton's ``rules_mask`` answers the others)."""
    state, out = borrowed(state), borrowed(out)
    if d == D_OPS_CHIT:
        choices = local_array(3, np.int64)       # on the stack (engine/borrow.py); the count fills all three
        operations_choices(state, choices)
        for kind in range(3):
            if choices[kind]:
                out[A_CHIT + kind] = 1
        return
    if d == D_DISCARD_CHIT:
        for kind in range(3):
            if state[PUN_HELD + kind] > 0:
                out[A_PUNISHMENT + kind] = 1
        return
    if d == D_CHIT_EFFECT:
        out[A_STOP] = 1
        for s in range(N_SPACES):
            if active_guerrilla_in_palestine(state, s):
                out[A_SPACE + s] = 1
        return
    if d == D_PASS_HOLD:
        for kind in range(3):
            if punishment_in_cup(state, kind) > 0:
                out[A_PUNISHMENT + kind] = 1
        return
    if d == D_PASS_BASE:
        out[A_STOP] = 1
        for s in range(N_SPACES):
            if pass_base_ok(state, s):
                out[A_SPACE + s] = 1
        return
    if d == D_TAKE_FROM:
        out[A_STOP] = 1
        for s in range(N_SPACES):
            if take_source_ok(state, state[PLACE_PIECE], state[PLACE_TO], s):
                out[A_SPACE + s] = 1
        return
    if d == D_SA_SPACE:
        sa = state[SA]
        if state[SA_COUNT] > 0:
            out[A_STOP] = 1
        if sa == SA_DIVIDE and (state[SA_COUNT] == 0 or event_sa_mode(state, MODE_VARIANT_2)) \
                and not event_sa_mode(state, MODE_VARIANT):
            out[A_TRACK] = 1           # the roll (4.2.2); A3 unshaded: after activations too; A29: none
        if state[SA_COUNT] < sa_space_limit(state, sa):
            has_alt = sa_has_alt(state, sa)
            for s in range(N_SPACES):
                if sa_space_ok(state, sa, s):
                    out[A_SPACE + s] = 1
                    if has_alt and sa_alt_ok(state, sa, s):
                        out[A_ALT + s] = 1
        if out[A_STOP] and sa == SA_PUNISH and event_sa_mode(state, MODE_VARIANT_2):
            for s in range(N_SPACES):
                if out[A_SPACE + s]:
                    out[A_STOP] = 0          # A22: two Cities with Curfews if there are two
        return
    if d == D_DEPLOY_POLICE:
        out[A_STOP] = 1
        n = min(2, supply(state, POLICE, state[CUR], True))
        for k in range(1, n + 1):
            out[A_COUNT + k - 1] = 1
        return
    if d == D_CURFEW:
        out[A_STOP] = 1
        for s in range(N_SPACES):
            if curfew_step_ok(state, s):
                out[A_SPACE + s] = 1
        return
    if d == D_PATROL_MOVE:
        out[A_STOP] = 1
        for s in range(N_SPACES):
            if patrol_source_ok(state, s):
                if patrol_piece_movable(state, s, False):
                    out[A_SPACE + s] = 1
                if patrol_piece_movable(state, s, True):
                    out[A_ALT + s] = 1
        return
    if d == D_PATROL_MOVE_TO or d == D_SWEEP_MOVE_TO:
        src = state[CUR]
        for s in range(N_SPACES):
            if s != src and state[SELECTED + s] == 1 and (d == D_PATROL_MOVE_TO or ADJACENT[src, s] == 1):
                out[A_SPACE + s] = 1
        return
    if d == D_PATROL_ASSAULT:
        out[A_STOP] = 1
        for s in range(N_SPACES):
            if patrol_assault_ok(state, s):
                out[A_SPACE + s] = 1
        return
    if d == D_SWEEP_MOVE:
        out[A_STOP] = 1
        for s in range(N_SPACES):
            if sweep_source_ok(state, s):
                out[A_SPACE + s] = 1
        return
    if d == D_SWEEP_IRREGULAR:
        out[A_STOP] = 1
        out[A_SPACE + state[CUR]] = 1
        return
    if d == D_RALLY_COUNT:
        n = min(rally_limit(state, state[CUR]), supply(state, GUERRILLAS_UNDERGROUND, state[CUR], True))
        for k in range(1, n + 1):
            out[A_COUNT + k - 1] = 1
        return
    if d == D_RALLY_OPPOSITION:
        out[A_STOP] = 1
        for s in range(N_SPACES):
            if state[SELECTED + s] == 1 and rally_opposition_ok(state, s):
                out[A_SPACE + s] = 1
        return
    if d == D_MARCH_DEST:
        out[A_STOP] = 1
        src = state[CUR]
        for s in range(N_SPACES):
            if state[DEST_USED + s] == 0 and march_destination_ok(state, src, s):
                out[A_SPACE + s] = 1
        return
    if d == D_MARCH_UNDERGROUND:
        underground, active = march_unmoved(state, state[CUR])
        if active > 0:
            out[A_STOP] = 1
        for k in range(1, min(underground, MAX_COUNT) + 1):
            out[A_COUNT + k - 1] = 1
        return
    if d == D_MARCH_ACTIVE:
        underground, active = march_unmoved(state, state[CUR])
        if state[MARCH_UNDERGROUND] > 0:
            out[A_STOP] = 1
        for k in range(1, min(active, MAX_COUNT) + 1):
            out[A_COUNT + k - 1] = 1
        return
    if d == D_AMBUSH_TROOP:
        out[A_STOP] = 1
        for s in range(N_SPACES):
            if SPACE_KIND[s] == CITY:
                out[A_SPACE + s] = 1
        return
    if d == D_PUNISH_CHIT:
        choices = local_array(3, np.int64)       # on the stack (engine/borrow.py); the count fills all three
        punish_chit_choices(state, choices)
        for kind in range(3):
            if choices[kind]:
                out[A_PUNISHMENT + kind] = 1
        return
    if d == D_FINE_RAILWAY:
        for r in range(N_SPACES):
            if fine_railway_ok(state, state[CUR], r):
                out[A_SPACE + r] = 1
        return
    if d == D_DETAIN_SPREAD:
        out[A_STOP] = 1
        for t in range(N_SPACES):
            if detain_spread_ok(state, state[CUR], t):
                out[A_SPACE + t] = 1
        return
    if d == D_DIVIDE_TARGET:
        for t in range(N_SPACES):
            if divide_target_ok(state, state[CUR], t):
                out[A_SPACE + t] = 1
        return
    if d == D_RAID_FROM:
        for src in range(N_SPACES):
            if raid_source_ok(state, state[CUR], src):
                out[A_SPACE + src] = 1
        return
    if d == D_RAID_COUNT:
        out[A_COUNT] = 1
        out[A_COUNT + 1] = 1
        return
    if d == D_RAID_STRIKE:
        s = state[CUR]
        out[A_STOP] = 1
        if can_sabotage_in(state, s):
            out[A_OP + OP_SABOTAGE] = 1
        if ambush_target_ok(state, s, False):
            out[A_SPACE + s] = 1
        if ambush_target_ok(state, s, True):
            out[A_ALT + s] = 1
        return
    if d == D_MOBILIZE_GUERRILLA:
        out[A_STOP] = 1
        for s in range(N_SPACES):
            if mobilize_guerrilla_ok(state, s):
                out[A_SPACE + s] = 1
        return
    if d == D_PROP_BRITISH_KEEP:
        out[A_STOP] = 1
        for kind in range(3):
            out[A_PUNISHMENT + kind] = 1
        return
    if d == D_PROP_REBELS_GAIN:
        out[A_STOP] = 1
        if state[UNITY] < CENTRALIZED:
            out[A_TRACK] = 1
        for kind in range(3):
            out[A_CHIT + kind] = 1
        return
    if d == D_SUPPORT_DIVIDE:
        out[A_STOP] = 1
        out[A_SA + SA_DIVIDE] = 1
        return
    if d == D_SUPPORT_MOBILIZE:
        out[A_STOP] = 1
        out[A_SA + SA_MOBILIZE] = 1
        return
    if d == D_REDEPLOY_TROOPS or d == D_MUNICH_TROOPS:
        for s in range(N_SPACES):
            if SPACE_KIND[s] == CITY:
                out[A_SPACE + s] = 1
        return
    if d == D_REDEPLOY_POLICE:
        out[A_STOP] = 1
        for s in range(N_SPACES):
            if redeploy_police_source_ok(state, s):
                out[A_SPACE + s] = 1
        return
    if d == D_REDEPLOY_POLICE_TO:
        for s in range(N_SPACES):
            if redeploy_police_destination_ok(state, state[CUR], s):
                out[A_SPACE + s] = 1
        return
    if d == D_REDEPLOY_IRREGULAR:
        out[A_STOP] = 1
        for s in range(N_SPACES):
            if irregulars(state, s) > 0:
                out[A_SPACE + s] = 1
        return
    if d == D_REDEPLOY_GUERRILLA:
        for s in range(N_SPACES):
            if redeploy_guerrilla_destination_ok(state, s):
                out[A_SPACE + s] = 1
        return


# ----------------------------------------------------------------- apply --

@njit(cache=True)
def own_act(state, action, d):
    """The rules of a legal action of ``actor(state)`` in Arab Revolt's own
    decision kinds and those it rules its own way (the turn skeleton's ``act``
    answers the others), without the automatic steps that follow it
    (:func:`settle`)."""
    state = borrowed(state)
    space = action - A_SPACE
    alt_space = action - A_ALT
    if d == D_OPS_CHIT:
        select_operations_chit(state, action - A_CHIT)
        state[DECISION] = D_BOX
    elif d == D_CHIT_EFFECT:
        if action != A_STOP:
            chit_effect(state, space, state[OPS_IN_PLAY])
        set_aside_operations_chit(state)
        initiative.card_action_done(state)
    elif d == D_PASS_HOLD:
        hold_punishment_chit(state, action - A_PUNISHMENT)
        end_action(state)
    elif d == D_PASS_BASE:
        if action != A_STOP:
            place_from_available(state, space, BASES)
        end_action(state)
    elif d == D_TAKE_FROM:
        if action == A_STOP:
            state[PLACE_LEFT] = 0
            end_placement(state)
        else:
            take_and_place(state, state[PLACE_PIECE], space, state[PLACE_TO])
            march_tally_after_take(state, space)
            state[PLACE_LEFT] -= 1
            continue_placement(state)
    elif d == D_DISCARD_CHIT:
        discard_chosen(state, action - A_PUNISHMENT)
    elif d == D_SA_SPACE:
        if action == A_STOP:
            sa_spaces_done(state)
        elif action == A_TRACK:
            if die(state) <= irregulars_on_map(state):     # Divide's roll (4.2.2)
                shift_unity(state, -1)
            finish_sa(state)
        elif action >= A_ALT:
            sa_in_space(state, alt_space, True)
        else:
            sa_in_space(state, space, False)
    elif d == D_DEPLOY_POLICE:
        if action == A_STOP:
            state[DECISION] = D_SPACE
        else:
            begin_placement(state, POLICE, state[CUR], action - A_COUNT + 1, BRITISH, RET_SPACE)
    elif d == D_CURFEW:
        if action != A_STOP:
            if state[at(space, CURFEW)] > 0:
                state[at(space, CURFEW)] = 0
                state[at(space, OPPOSITION)] = 0
            else:
                state[at(space, CURFEW)] = 1
        finish_operation(state)
    elif d == D_PATROL_MOVE:
        if action == A_STOP:
            patrol_after_moves(state)
        else:
            police = action >= A_ALT
            state[CUR] = alt_space if police else space
            state[CUR2] = 1 if police else 0
            state[DECISION] = D_PATROL_MOVE_TO
    elif d == D_PATROL_MOVE_TO:
        if state[CUR2] == 1:
            move(state, state[CUR], space, POLICE, 1)
            state[MOVED_POLICE + space] += 1
        else:
            move(state, state[CUR], space, TROOPS, 1)
            state[MOVED_HERE + space] += 1
        state[CUR] = -1
        state[CUR2] = -1
        state[DECISION] = D_PATROL_MOVE
    elif d == D_PATROL_ASSAULT:
        if action != A_STOP:
            assault_space(state, space)
        finish_operation(state)
    elif d == D_SWEEP_MOVE:
        if action == A_STOP:
            continue_sweep(state, 0)
        else:
            state[CUR] = space
            state[DECISION] = D_SWEEP_MOVE_TO
    elif d == D_SWEEP_MOVE_TO:
        move(state, state[CUR], space, TROOPS, 1)
        state[MOVED_HERE + space] += 1
        state[CUR] = -1
        state[DECISION] = D_SWEEP_MOVE
    elif d == D_SWEEP_IRREGULAR:
        s = state[CUR]
        sweep_space_done(state, s, action != A_STOP)
        continue_sweep(state, s + 1)
    elif d == D_RALLY_COUNT:
        begin_placement(state, GUERRILLAS_UNDERGROUND, state[CUR], action - A_COUNT + 1, REBELS, RET_SPACE)
    elif d == D_RALLY_OPPOSITION:
        if action != A_STOP:
            state[at(space, OPPOSITION)] = 1
        finish_operation(state)
    elif d == D_MARCH_DEST:
        if action == A_STOP:
            state[DECISION] = D_SPACE
        else:
            state[CUR2] = space
            state[MARCH_UNDERGROUND] = 0
            state[DECISION] = D_MARCH_UNDERGROUND
    elif d == D_MARCH_UNDERGROUND:
        k = 0 if action == A_STOP else action - A_COUNT + 1
        state[MARCH_UNDERGROUND] = k
        underground, active = march_unmoved(state, state[CUR])
        if active > 0:
            state[DECISION] = D_MARCH_ACTIVE
        else:
            march_group(state, k, 0)
    elif d == D_MARCH_ACTIVE:
        k = 0 if action == A_STOP else action - A_COUNT + 1
        march_group(state, state[MARCH_UNDERGROUND], k)
    elif d == D_AMBUSH_TROOP:
        if action != A_STOP:
            move(state, state[CUR], space, TROOPS, 1)
        if state[SA] == SA_RAID:
            sa_next_space(state)
        else:
            state[DECISION] = D_SPACE
    elif d == D_PUNISH_CHIT:
        use_chosen_punishment(state, action - A_PUNISHMENT)
    elif d == D_FINE_RAILWAY:
        fine(state, space)
        sa_next_space(state)
    elif d == D_DETAIN_SPREAD:
        if action != A_STOP:
            state[at(space, OPPOSITION)] = 1
        sa_next_space(state)
    elif d == D_DIVIDE_TARGET:
        remove_guerrilla(state, space, False, True)
        begin_placement(state, IRREGULARS_UNDERGROUND, space, 1, BRITISH, RET_SA_NEXT)
    elif d == D_RAID_FROM:
        raid_from(state, space)
    elif d == D_RAID_COUNT:
        raid_move(state, action - A_COUNT + 1)
    elif d == D_RAID_STRIKE:
        s = state[CUR]
        if action == A_STOP:
            sa_next_space(state)
        elif action == A_OP + OP_SABOTAGE:
            sabotage_space(state, s)
            sa_next_space(state)
        else:
            ambush_space(state, s, action >= A_ALT)
            state[DECISION] = D_SA_SPACE
            ambush_troop_step(state, s)
            if state[DECISION] != D_AMBUSH_TROOP:
                sa_next_space(state)
    elif d == D_MOBILIZE_GUERRILLA:
        if action == A_STOP:
            state[MOBILIZED] = 0
            finish_sa(state)
        else:
            state[MOBILIZED] |= 1 << space
            begin_placement(state, GUERRILLAS_UNDERGROUND, space, 1, REBELS, RET_MOBILIZE)
    elif d == D_PROP_BRITISH_KEEP:
        return_all_punishment_chits(state, -1 if action == A_STOP else action - A_PUNISHMENT)
        if not rebels_resources(state):
            continue_round(state, PHASE_RESOURCES)
    elif d == D_PROP_REBELS_GAIN:
        if action == A_TRACK:
            shift_unity(state, 1)
            return_all_operations_chits(state, -1)
        elif action == A_STOP:
            return_all_operations_chits(state, -1)
        else:
            return_all_operations_chits(state, action - A_CHIT)
        if not foreign_assistance(state):
            continue_round(state, PHASE_RESOURCES)
    elif d == D_SUPPORT_DIVIDE:
        if action == A_STOP:
            support_mobilize_step(state)
        else:
            state[EXECUTOR] = BRITISH
            start_sa(state, SA_DIVIDE, D_SA_AFTER)
    elif d == D_SUPPORT_MOBILIZE:
        if action == A_STOP:
            state[EXECUTOR] = -1
            continue_round(state, PHASE_SUPPORT)
        else:
            start_sa(state, SA_MOBILIZE, D_SA_AFTER)
    elif d == D_REDEPLOY_TROOPS:
        move(state, troops_on_railway(state), space, TROOPS, 1)
        redeploy_continue(state)
    elif d == D_REDEPLOY_POLICE:
        if action == A_STOP:
            state[REDEPLOY_STAGE] = REDEPLOY_POLICE_STAGE
            redeploy_continue(state)
        else:
            state[CUR] = space
            state[DECISION] = D_REDEPLOY_POLICE_TO
    elif d == D_REDEPLOY_POLICE_TO:
        move(state, state[CUR], space, POLICE, 1)
        state[MOVED_POLICE + space] += 1
        state[CUR] = -1
        state[DECISION] = D_REDEPLOY_POLICE
        any_left = False
        for s in range(N_SPACES):
            if redeploy_police_source_ok(state, s):
                any_left = True
        if not any_left:
            redeploy_continue(state)
    elif d == D_REDEPLOY_IRREGULAR:
        if action == A_STOP:
            state[PHASE_LEFT] = 0
        else:
            remove_irregular(state, space)
            state[PHASE_LEFT] -= 1
        if state[PHASE_LEFT] == 0:
            redeploy_continue(state)
    elif d == D_REDEPLOY_GUERRILLA:
        src = redeploy_guerrilla_source(state)
        piece = GUERRILLAS_ACTIVE if state[at(src, GUERRILLAS_ACTIVE)] > 0 else GUERRILLAS_UNDERGROUND
        move(state, src, space, piece, 1)
        redeploy_continue(state)
    elif d == D_MUNICH_TROOPS:
        state[OUT_OF_PLAY_TROOPS] -= 1
        state[at(space, TROOPS)] += 1
        if state[OUT_OF_PLAY_TROOPS] == 0:
            continue_round(state, PHASE_RESET)


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
        else:
            pick_effect(state, action - A_SPACE, False)
    elif d == D_EVENT_OPTION:
        option_chosen(state, action - A_EVENT_SIDE)
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
