"""Scripted heuristic bots for Palestine, one per faction.

Each bot is a numba kernel of the open state: given the state row, its
legal mask and the acting faction it returns one legal action. It scores
every legal action of the pending decision in *Political Will equivalents*
(how far the action should move British Political Will at the coming
Propaganda Rounds, 6.1, 7.1, 7.2, plus the worth of the pieces it gains or
costs) and plays the best; ties are broken by a hash of the open
information, so a bot is a deterministic function of what both players see
(never of the undrawn cards or the dice to come, DESIGN.md 4, 5).

Priorities (docs/palestine.md, "Bots"):

* **Irgun.** Sabotage where it pays most (3.3.3, 6.1.1): the first Railway
  (a swing of 4), other Railways (2), Cities (2, 3 with the clean-City bonus
  lost), Districts (1); spend an Arms Cache for +2 when the odds gain
  enough; Terror in a City (4.3.3) when the Haganah Track is below 3 or no
  roll can reach 6 ("Haganah or bust"); Silence Police before Sabotaging
  there (4.3.1); Propagandize under Curfews (4.3.2). Use the Haganah's extra
  space (6.5.3). Recruit (3.3.1) and Travel (3.3.2) Underground Cells onto
  unsabotaged Railways and Cities while the campaign has cards left; Rob
  (3.3.4) for Arms Caches; an Offensive (2.3.7) when the extra space is
  worth a cache.
* **British.** Hunt Arms Caches (Strategy Guide): Search to Activate the
  Cells guarding them, then Assault (3.2.3, 3.2.4; +1 Political Will and a
  chit each); Patrol Active Cells to Prison (3.2.2) and clear Sabotaged
  spaces; Deploy and Restore Sabotaged Railways and Cities before the
  Propaganda Round (3.2.1, 4.2.1); Deploy Police where Sabotage threatens;
  Negotiate while the Haganah cooperate (4.2.2); Mass Detention only when
  the expected arrests outweigh the expected Political Will lost (4.2.3),
  its Cells chosen to open Arms Caches to Assault, Underground ones first;
  spend Intel Chits (1.6.1, 2.3.7) only where a Cell or Arms Cache is worth
  more than the chit.
* **Both.** Take the Limited Operation box when a full Operation would not
  be worth much more (it keeps 1st Eligibility, 2.3.5); Pass (2.3.3) when
  nothing pays. Events (5.0) come from a per-card table (``EVENT_VALUE``):
  British like unshaded, Irgun shaded texts; "strong" events are played over
  an Operation; a faction 1st Eligible takes the Event box to block the
  other side's strong event.

Decisions without a rule here (the choices inside an event text: its
spaces, counts, options) get the preferred event side when one is offered,
else a legal action chosen by the hash.
"""

import numpy as np
from ...engine.jit import njit

from ...engine.coin.header import RULE_PARAMETERS
from ...engine.coin.bots import MEMO_FULL, MEMO_LIMITED, MEMO_SEAT, MEMO_SIZE, score_boxes
from ...engine.borrow import borrowed, local_array, local_matrix
from ...engine.bots import best_and_ties, kth_best, only_legal, open_hash as open_fields_hash, tie_index, top_sums as top_k_sums
from ...engine.policy import uniform_legal
from ..boards.palestine import CITY, COASTAL, DISTRICT, N_MAP_SPACES, RAILWAY, SPACE_KIND
from .cards import DECK_SIZE, N_CARDS, PILE_BOTTOM, PILE_TOP, PILES
from .layout import (
    A_BOX, A_CHIT, A_COUNT, A_EVENT_SIDE, A_EXTRA, A_OP, A_SA, A_SPACE, A_STOP, ARMS_CACHES,
    AVAILABLE_CACHES, AVAILABLE_CELLS, AVAILABLE_POLICE, BOX, BOX_LIMITED, BOX_OP_SA, BRITISH,
    CARD, CELLS_ACTIVE, CELLS_UNDERGROUND, CUR, CUR2, CURFEW, D_ASSAULT_CHITS, D_BOX,
    D_DEPLOY_DESTINATION, D_DEPLOY_TROOPS, D_LEAD_CHIT, D_OFFENSIVE_CACHE, D_OPERATION,
    D_PASS_ROB, D_PATROL_ARREST, D_PATROL_CHITS, D_PATROL_MOVE, D_PATROL_MOVE_TO, D_PROP_CACHE,
    D_PROP_DISCARD, D_PROP_ROB, D_RECRUIT_COUNT, D_REDEPLOY_CACHE, D_REDEPLOY_CACHE_TO, D_REDEPLOY_CELL,
    D_REDEPLOY_POLICE, D_REDEPLOY_POLICE_TO, D_REDEPLOY_TROOPS, D_REDEPLOY_TROOPS_TO, D_REFILL,
    D_SA_AFTER, D_SA_SPACE, D_SABOTAGE_CACHE, D_SEARCH_CITY, D_SEARCH_MOVE, D_SEARCH_MOVE_TO, D_SPACE,
    D_TERROR_DECLARE, D_TRAVEL_COUNT, D_TRAVEL_DEST, DECK, DECK_DRAWN, FORCED, FORCED_CAPACITY, HAGANAH,
    INTEL_CHITS_PER_VALUE, INTEL_HELD, IRGUN, LIMITED, MAX_COUNT, MOVED_HERE, N_ACTIONS, N_SELECTED, OP, OP_ASSAULT,
    OP_DEPLOY, OP_FACTION, OP_PATROL, OP_RECRUIT, OP_ROB, OP_SABOTAGE, OP_SEARCH, OP_TRAVEL, OWED_CELLS_3,
    OWED_CELLS_4, PAID, POLICE, PRISON, PROPAGANDA_DONE, RNG, SA, SA_MASS_DETENTION, SA_NEGOTIATE,
    SA_PROPAGANDIZE, SA_RESTORE, SA_SILENCE, SA_TERROR, SABOTAGE, SELECTED, STEP, TIEBREAK_ORDER,
    TERROR, TERROR_HERE, TROOPS, D_MASS_DETENTION, DETAIN_LEFT,
)
from .events import railway_sabotaged
from .parameters import (
    P_ASSAULT_TROOPS_PER_PIECE, P_CITY_SABOTAGE_LOSS, P_CITY_TERROR_LOSS, P_CLEAN_CITY_GAIN,
    P_DISTRICT_SABOTAGE_LOSS, P_HAGANAH_EXTRA_SPACES, P_LIMITED_OPERATION_SPACES, P_MASS_DETENTION_TROOPS,
    P_NO_RAILWAY_SABOTAGE_GAIN, P_OPERATION_SPACES, P_PROPAGANDIZE_CITIES, P_RAILWAY_SABOTAGE_LOSS,
    P_SABOTAGE_SUCCESS_ABOVE,
)
from .resources import map_total, markers_left
from .operations import (
    ADJACENT, adjacent_district, at, cache_in_or_adjacent, can_mass_detain_in, can_propagandize_in,
    can_restore_in, can_rob_in, can_silence_in, cells, cubes, irgun_pieces, recruit_limit,
)
from .turns import (
    actor, intel_total, legal_mask, offensive_source_ok, op_space_ok, pending, sa_accompanies,
    sa_open, travel_unmoved_active,
)

POLICY_RANDOM, POLICY_HEURISTIC = 0, 1
POLICY_NAMES = ("random", "heuristic")

NEG = -1.0e9
# Numba compiles a kernel once per literal argument value it is called with,
# so constants at call sites multiply compile time: they are passed as numpy
# scalars (YES, NO, np.int64(...)), typed bool / int64 like any variable.
YES, NO = np.bool_(True), np.bool_(False)
IRGUN_SAS = np.array([SA_SILENCE, SA_PROPAGANDIZE, SA_TERROR], dtype=np.int64)      # in order of preference
BRITISH_SAS = np.array([SA_RESTORE, SA_NEGOTIATE, SA_MASS_DETENTION], dtype=np.int64)
STOP_VALUE = 0.05      # an optional step is taken only when it is worth more than this
MUST = 1.0e6           # a planned Special Activity, taken at its moment

# Worth, in Political Will equivalents, of things that are not Political Will.
FIRST_ELIGIBLE_NEXT = 0.4   # being 1st Eligible on the next card (2.3.5)
CACHE_SPEND = 0.6           # Irgun: an Arms Cache spent on Sabotage or an Offensive (1.6.2, 2.3.7)
ACTIVATE_COST = 0.12        # Irgun: a Cell flipped Active, exposed to Patrol and Assault (1.4.3)
REHIDE = 0.25               # Irgun: an Active Cell flipped Underground again by Travel (3.3.2)
CELL_OFF = 0.5              # British: a Cell removed by Assault (half to Prison, half to Available, 3.2.4)
CELL_PRISON = 0.6           # British: a Cell sent to Prison (Patrol, Mass Detention)
CACHE_OFF = 2.3             # British: an Arms Cache removed by Assault: +1 PW, a chit, and the Irgun lose it
CHIT = np.array([0.2, 0.45, 0.7])   # British: an Intel Chit of value 0, 1, 2 (1.6.1)
# What the Irgun lose when the Haganah Track leaves box h (6.5.2 pieces, 6.5.3 extra
# space, 6.5.4 British Intel at 0); the British gain as much from Negotiate.
HAGANAH_DROP = np.array([0.0, 0.6, 0.3, 2.5, 4.0])


# ------------------------------------------------------------------ events --

EVENT_NORMAL = 1.0     # a preferred side of an ordinary event
EVENT_STRONG = 10.0    # a "strong" event: played over any Operation
EVENT_BLOCK = 0.5      # share of the opponent's event value a 1st Eligible faction avoids by taking the Event box

# Cards whose preferred side is worth playing over an Operation (5.0, 9.0 texts).
BRITISH_STRONG = (1, 2, 8, 11, 12, 15, 16, 18, 19, 21, 30)   # unshaded
IRGUN_STRONG = (1, 2, 3, 7, 10, 12, 15, 19, 20, 21, 25, 26, 27, 30, 31, 32)   # shaded
# Single-text events (P4, P22, P26) are offered as side 0; both factions may want them.
SINGLE_TEXT = (4, 22, 26)


def _event_table():
    """EVENT_VALUE[faction, card, side]: worth of playing that side; < 0 never."""
    t = np.full((2, N_CARDS + 1, 2), -1.0)
    for card in range(1, N_CARDS - 2):
        t[BRITISH, card, 0] = EVENT_STRONG if card in BRITISH_STRONG else EVENT_NORMAL
        t[IRGUN, card, 1] = EVENT_STRONG if card in IRGUN_STRONG else EVENT_NORMAL
    for card in SINGLE_TEXT:
        t[BRITISH, card, 0] = EVENT_NORMAL
        t[IRGUN, card, 0] = EVENT_STRONG if card in IRGUN_STRONG else EVENT_NORMAL
    return t


EVENT_VALUE = _event_table()


# ---------------------------------------------------------------- helpers --

def _neighbour_lists():
    """NEIGHBOURS[s, :N_NEIGHBOURS[s]]: the spaces adjacent to ``s``, in
    space order (the same order as a scan of ADJACENT's row)."""
    n = ADJACENT.sum(axis=1).astype(np.int64)
    out = np.full((N_MAP_SPACES, max(1, int(n.max()))), -1, dtype=np.int64)
    for s in range(N_MAP_SPACES):
        ts = [t for t in range(N_MAP_SPACES) if ADJACENT[s, t]]
        out[s, :len(ts)] = ts
    return out, n


NEIGHBOURS, N_NEIGHBOURS = _neighbour_lists()
NO_WORTH = np.full(8, NEG)   # no Special Activity's worth for any Operation (OP_* index)


def _cache_base():
    """The board part of :func:`cache_value`: 0.7, plus 0.05 per adjacent
    Railway or City, added one at a time as the kernel once did."""
    out = np.empty(N_MAP_SPACES)
    for s in range(N_MAP_SPACES):
        v = 0.7
        for t in range(N_MAP_SPACES):
            if ADJACENT[s, t] and SPACE_KIND[t] != DISTRICT:
                v += 0.05
        out[s] = v
    return out


CACHE_BASE = _cache_base()


@njit(cache=True, inline="always")
def open_hash(state):
    """A hash of the open information (everything but the dice generator,
    forced chance and the undrawn cards), read in the fixed order
    TIEBREAK_ORDER: the bots' tie-break."""
    return open_fields_hash(state, TIEBREAK_ORDER, RNG, FORCED, FORCED + 2 + FORCED_CAPACITY,
                            DECK + state[DECK_DRAWN], DECK + DECK_SIZE)


@njit(cache=True)
def pick(state, scores, mask):
    """The legal action with the highest score; ties by :func:`open_hash`
    (taken only when there is a tie)."""
    state, scores, mask = borrowed(state), borrowed(scores), borrowed(mask)
    best, n = best_and_ties(scores, mask, NEG * 10.0)
    if n == 0:
        return -1
    k = 0
    if n > 1:
        k = tie_index(open_hash(state), n)
    return kth_best(scores, mask, best, k)


@njit(cache=True)
def hash_legal(state, mask):
    """Fallback: a legal action chosen by the open-information hash."""
    state = borrowed(state)
    scores = local_array(N_ACTIONS, np.float64)
    scores[:] = 0.0
    return pick(state, scores, mask)


@njit(cache=True, inline="always")
def p_success(state, police, bonus):
    """Sabotage odds: a die + bonus - Police above 2 (3.3.3; the
    ``sabotage_success_above`` parameter)."""
    return min(6, max(0, 6 - state[RULE_PARAMETERS + P_SABOTAGE_SUCCESS_ABOVE] + bonus - police)) / 6.0


@njit(cache=True, inline="always")
def p_six(police, bonus):
    """Odds of a modified Sabotage roll of 6 or more (4.3.3: two Terror markers)."""
    return min(6, max(0, 1 + bonus - police)) / 6.0


@njit(cache=True, inline="always")
def assault_per_piece(state):
    """Troops an Assault needs per piece it removes (3.2.4: two; the
    ``assault_troops_per_piece`` parameter). 6TH AIRBORNE unshaded (P18, one
    per Troop) is not foreseen."""
    return state[RULE_PARAMETERS + P_ASSAULT_TROOPS_PER_PIECE]


@njit(cache=True, inline="always")
def marker_gain(state, s, terror, rail_bonus, fresh):
    """Political Will one more Sabotage (or Terror) marker in ``s`` takes at the
    next Political Will Phase (6.1.1, 6.1.2). ``fresh``: as after the Reset
    Phase (6.4), with no marker on the map."""
    kind = SPACE_KIND[s]
    if kind == DISTRICT:
        return float(state[RULE_PARAMETERS + P_DISTRICT_SABOTAGE_LOSS])
    sab = 0 if fresh else state[at(s, SABOTAGE)]
    ter = 0 if fresh else state[at(s, TERROR)]
    if kind == RAILWAY:
        if sab > 0:
            return 0.0
        railway = state[RULE_PARAMETERS + P_RAILWAY_SABOTAGE_LOSS]
        if rail_bonus and (fresh or not railway_sabotaged(state)):
            # -2 for this Railway, and the +2 for none is lost
            return float(railway + state[RULE_PARAMETERS + P_NO_RAILWAY_SABOTAGE_GAIN])
        return float(railway)
    clean = sab == 0 and ter == 0
    loss = state[RULE_PARAMETERS + (P_CITY_TERROR_LOSS if terror else P_CITY_SABOTAGE_LOSS)]
    return float(loss) + (float(state[RULE_PARAMETERS + P_CLEAN_CITY_GAIN]) if clean else 0.0)


@njit(cache=True, inline="always")
def cards_to_propaganda(state):
    """Expected event cards still to come before the next Propaganda card,
    from open information only: cards played and the pile structure (2.1)."""
    drawn = state[DECK_DRAWN]
    size = PILE_TOP + PILE_BOTTOM
    pile = (drawn - 1) // size
    j = (drawn - 1) % size            # position of the current card in its pile
    if state[PROPAGANDA_DONE] > pile:  # this pile's Propaganda card is behind us
        return (size - 1 - j) + PILE_TOP + (PILE_BOTTOM - 1) / 2.0
    if j < PILE_TOP:
        return (PILE_TOP - 1 - j) + (PILE_BOTTOM - 1) / 2.0
    left = size - 1 - j               # undrawn spots of this pile, one of them Propaganda
    return (left - 1) / 2.0


@njit(cache=True)
def setup_factor(state):
    """How much lasting build-up (Cells, Arms Caches) is worth now: full with
    cards to come, less near a Propaganda Round, nothing at the very end."""
    state = borrowed(state)
    x = min(1.0, (cards_to_propaganda(state) + 1.0) / 4.0)
    if state[PROPAGANDA_DONE] >= PILES - 1:
        return x
    return 0.4 + 0.6 * x


@njit(cache=True)
def chit_cost(state, need):
    """Cheapest Intel Chits of value 1 or 2 worth at least ``need`` (1.6.1);
    NEG when the British cannot pay."""
    state = borrowed(state)
    ones = state[INTEL_HELD + 1]
    twos = state[INTEL_HELD + 2]
    cost = 0.0
    while need > 0:
        if need >= 2 and twos > 0:
            twos -= 1
            need -= 2
            cost += CHIT[2]
        elif ones > 0:
            ones -= 1
            need -= 1
            cost += CHIT[1]
        elif twos > 0:
            twos -= 1
            need -= 2
            cost += CHIT[2]
        else:
            return NEG
    return cost


@njit(cache=True)
def cheapest_chit(state):
    state = borrowed(state)
    for v in range(3):
        if state[INTEL_HELD + v] > 0:
            return v
    return -1


@njit(cache=True, inline="always")
def top_sum(vals, k):
    """(sum of the ``k`` largest values worth taking, best value left over)."""
    total, left, _, _ = top_sums(vals, k, k)
    return total, left


@njit(cache=True)
def top_sums(vals, k1, k2):
    """:func:`top_sum` for ``k1`` and for ``k2`` in one pass."""
    return top_k_sums(vals, k1, k2, STOP_VALUE, NEG)


@njit(cache=True, inline="always")
def capped_top_sums(vals, limit, limit_sa, pieces):
    """:func:`top_sums` for ``limit`` and ``limit_sa`` spaces, each capped by the
    ``pieces`` the Operation can place (at least one space)."""
    cap = max(1, pieces)
    return top_sums(vals, min(limit, cap), min(limit_sa, cap))


@njit(cache=True, inline="always")
def op_pair_worth(plain, with_sa, sa_v):
    """(worth as a plain Operation, worth with its Special Activity worth ``sa_v``):
    a feasible Operation is always worth a little."""
    plain = plain if plain > 0 else 0.01
    with_sa = with_sa if with_sa > 0 else 0.01
    return plain, with_sa + sa_v if sa_v > 0 else with_sa


# ------------------------------------------------------------------ Irgun --

@njit(cache=True)
def cell_add_value(state, s, k, m, fresh):
    """Irgun: worth of one more Underground Cell in ``s``, which holds ``k``.

    The first Cell in a space can Sabotage it (3.3.3); more Cells add markers
    in Cities and Districts (each counts, 6.1.1) and Silence (4.3.1). A Cell
    in a Curfew City with none lets the Irgun Propagandize (4.3.2). ``m``:
    :func:`setup_factor`."""
    state = borrowed(state)
    kind = SPACE_KIND[s]
    g = marker_gain(state, s, False, True, fresh)
    p = p_success(state, state[at(s, POLICE)], 0)
    if k <= 0:
        v = 0.55 * p * g + 0.2
    elif kind == RAILWAY:
        v = 0.05
    else:
        v = 0.25 * p * g / k + 0.1
    if kind == CITY and not fresh and state[at(s, CURFEW)] > 0 and cells(state, s) == 0:
        v += 0.5
    if state[at(s, TROOPS)] >= assault_per_piece(state):
        v -= 0.1
    return v * m


@njit(cache=True)
def cache_value(state, s, m, bare):
    """Irgun: worth of an Arms Cache in ``s``: it lets Recruit place two Cells
    there and next door (3.3.1) and adds 2 to Sabotage nearby (3.3.3); Troops
    there can take it by Assault (3.2.4). ``bare``: :func:`no_caches_on_map`."""
    state = borrowed(state)
    v = CACHE_BASE[s]
    if state[at(s, TROOPS)] >= assault_per_piece(state):
        v -= 0.35
    if bare:
        v += 0.3
    return v * max(m, 0.5)


@njit(cache=True, inline="always")
def recruit_value(state, s, m):
    """Recruit in ``s`` (3.3.1): the Cells it can place, each by :func:`cell_add_value`."""
    n = min(recruit_limit(state, s), state[AVAILABLE_CELLS])
    if n <= 0:
        return NEG
    k = state[at(s, CELLS_UNDERGROUND)]
    v = 0.0
    for j in range(n):
        d = cell_add_value(state, s, k + j, m, NO)
        if d > 0:
            v += d
    return v


@njit(cache=True)
def no_caches_on_map(state):
    """No Arms Cache on the map: the first one is worth more (:func:`cache_value`)."""
    state = borrowed(state)
    return map_total(state, ARMS_CACHES) == 0


@njit(cache=True)
def rob_value(state, s, m, bare):
    """Rob in ``s`` (3.3.4): an Arms Cache on 3+, an Underground Cell Activated under Police."""
    state = borrowed(state)
    if not can_rob_in(state, s):
        return NEG
    v = 0.0
    if state[AVAILABLE_CACHES] > 0 and state[at(s, ARMS_CACHES)] < 2:
        v = (4.0 / 6.0) * cache_value(state, s, m, bare)
    if state[at(s, POLICE)] > 0 and state[at(s, CELLS_UNDERGROUND)] > 0:
        v -= ACTIVATE_COST
    return v


@njit(cache=True, inline="always")
def terror_value(state, s, near):
    """Sabotage with Terror in City ``s`` (4.3.3): 3 (4 if the City was clean)
    per marker; at 6+ a second marker but the Haganah Track shifts left."""
    pol = state[at(s, POLICE)]
    g = marker_gain(state, s, True, False, False)
    best = NEG
    for b in (0, 2):
        if b == 2 and not near:
            continue
        p6 = p_six(pol, b)
        v = p_success(state, pol, b) * g + p6 * (3.0 - HAGANAH_DROP[state[HAGANAH]])
        if b == 2:
            v -= CACHE_SPEND
        best = max(best, v)
    return best


@njit(cache=True)
def sabotage_value(state, s, rail_bonus):
    """Sabotage in ``s`` (3.3.3), spending a nearby Arms Cache when the odds gain enough."""
    state = borrowed(state)
    if state[at(s, CELLS_UNDERGROUND)] == 0:
        return NEG
    g = marker_gain(state, s, False, rail_bonus, False)
    pol = state[at(s, POLICE)]
    v = p_success(state, pol, 0) * g
    if cache_in_or_adjacent(state, s):
        v = max(v, p_success(state, pol, 2) * g - CACHE_SPEND)
    return v - ACTIVATE_COST


@njit(cache=True)
def terror_gain(state, s):
    """What declaring Terror adds to a Sabotage in City ``s``."""
    state = borrowed(state)
    if SPACE_KIND[s] != CITY or state[at(s, CELLS_UNDERGROUND)] == 0:
        return NEG
    return terror_value(state, s, cache_in_or_adjacent(state, s)) - (sabotage_value(state, s, YES) + ACTIVATE_COST)


@njit(cache=True, inline="always")
def exposed_arrival(state, t, n):
    """Travel: do ``n`` Cells arriving in ``t`` end Active (3.3.2)?"""
    return (SPACE_KIND[t] == RAILWAY or state[at(t, CURFEW)] > 0) and n + cubes(state, t) > 3


@njit(cache=True)
def travel_arrivals(state, m, out):
    """Irgun: what one Cell Travelling into each space ``t`` adds there
    (``out[0, t]`` for an Underground mover, ``out[1, t]`` for an Active one,
    flipped Underground by the move, 3.3.2), the same from every origin:
    little where it would arrive Active, else :func:`cell_add_value`.
    ``out``: a (2, N_MAP_SPACES) array, filled."""
    state, out = borrowed(state), borrowed(out)
    for t in range(N_MAP_SPACES):
        if exposed_arrival(state, t, 1):
            v = 0.05 * m
            if SPACE_KIND[t] == CITY and state[at(t, CURFEW)] > 0 and cells(state, t) == 0:
                v += 0.5 * m
            out[0, t] = v
            out[1, t] = v
        else:
            v = cell_add_value(state, t, state[at(t, CELLS_UNDERGROUND)], m, NO)
            out[0, t] = v
            out[1, t] = v + REHIDE


@njit(cache=True)
def arrival_order(arrive, out):
    """``out[r, :3]``: the spaces of the three largest values of ``arrive[r]``
    (:func:`travel_arrivals`), largest first: the best two moves from any
    origin are among them (:func:`travel_origin_value`). ``out``: a (2, 3)
    array, filled."""
    for r in range(2):
        i1 = -1
        i2 = -1
        i3 = -1
        for t in range(N_MAP_SPACES):
            v = arrive[r, t]
            if i1 < 0 or v > arrive[r, i1]:
                i3 = i2
                i2 = i1
                i1 = t
            elif i2 < 0 or v > arrive[r, i2]:
                i3 = i2
                i2 = t
            elif i3 < 0 or v > arrive[r, i3]:
                i3 = t
        out[r, 0] = i1
        out[r, 1] = i2
        out[r, 2] = i3


@njit(cache=True)
def travel_leave(state, o, m):
    """Irgun: what an Underground Cell leaving ``o`` takes away there."""
    state = borrowed(state)
    return cell_add_value(state, o, state[at(o, CELLS_UNDERGROUND)] - 1, m, NO)


@njit(cache=True, inline="always")
def travel_move_value(state, o, t, arrive, leave):
    """Worth of moving one Cell from origin ``o`` to ``t`` (unmoved Active Cells
    move first, rules decision P-9); ``t == o`` flips an Active Cell Underground.
    ``arrive``: :func:`travel_arrivals`; ``leave``: :func:`travel_leave` of ``o``."""
    movable = cells(state, o) - state[MOVED_HERE + o]
    if movable <= 0:
        return NEG
    mover_active = travel_unmoved_active(state, o) > 0
    if t == o:
        if mover_active and not exposed_arrival(state, o, 1):
            return REHIDE
        return NEG
    return travel_move_worth(t, mover_active, arrive, leave)


@njit(cache=True, inline="always")
def travel_move_worth(t, mover_active, arrive, leave):
    """:func:`travel_move_value` to another space ``t``: what arriving adds,
    less what an Underground mover leaving takes away."""
    if mover_active:
        return arrive[1, t]
    return arrive[0, t] - leave


@njit(cache=True, inline="always")
def travel_origin_value(state, o, m, arrive, order):
    """Travel from ``o``: its best two moves, and its other Active Cells flipped back.
    ``order``: :func:`arrival_order` of ``arrive``. A move's worth is its
    arrival value, or that less the same ``leave``: rounding keeps that order,
    so the best two moves to other spaces are the first two of the three
    largest arrivals that are not ``o``, worth exactly what a scan of every
    space would find."""
    movable = cells(state, o) - state[MOVED_HERE + o]
    if movable <= 0:
        return NEG
    leave = travel_leave(state, o, m)
    mover_active = travel_unmoved_active(state, o) > 0
    row = 1 if mover_active else 0
    first = order[row, 0] if order[row, 0] != o else order[row, 1]
    second = order[row, 2] if order[row, 0] == o or order[row, 1] == o else order[row, 1]
    b1 = travel_move_worth(first, mover_active, arrive, leave)
    b2 = travel_move_worth(second, mover_active, arrive, leave)
    total = max(0.0, b1)
    if movable >= 2 and b2 > 0:
        total += 0.5 * b2
    moved = (1 if b1 > 0 else 0) + (1 if movable >= 2 and b2 > 0 else 0)
    rest = min(travel_unmoved_active(state, o), movable) - moved
    if rest > 0 and not exposed_arrival(state, o, rest):
        total += REHIDE * rest
    return total if total > 0 else NEG


@njit(cache=True)
def silence_value(state, s, sabotaging):
    """Silence in ``s`` (4.3.1): a Police gone, so a Sabotage there rolls 1 better."""
    state = borrowed(state)
    pol = state[at(s, POLICE)]
    g = marker_gain(state, s, False, True, False)
    dp = p_success(state, pol - 1, 0) - p_success(state, pol, 0)
    w = 1.0 if sabotaging and state[SELECTED + s] == 0 else 0.5
    return 0.3 + dp * g * w


@njit(cache=True)
def propagandize_city_value(state, s):
    """Propagandize in City ``s`` (4.3.2): -1 Political Will now, a Cell Activated."""
    state = borrowed(state)
    v = 1.0
    if state[at(s, CELLS_ACTIVE)] == 0:
        v -= ACTIVATE_COST
        if state[at(s, CELLS_UNDERGROUND)] == 1:
            v -= 0.5 * p_success(state, state[at(s, POLICE)], 0) * marker_gain(state, s, False, True, False)
    return v


@njit(cache=True)
def irgun_space_value(state, op, s, m, arrive, order, bare):
    """Irgun ``op`` in ``s``; ``arrive``: :func:`travel_arrivals` for Travel,
    ``order``: its :func:`arrival_order`;
    ``bare``: :func:`no_caches_on_map`."""
    state, arrive, order = borrowed(state), borrowed(arrive), borrowed(order)
    if op == OP_SABOTAGE:
        return sabotage_value(state, s, YES)
    if op == OP_RECRUIT:
        return recruit_value(state, s, m)
    if op == OP_TRAVEL:
        return travel_origin_value(state, s, m, arrive, order)
    if op == OP_ROB:
        return rob_value(state, s, m, bare)
    return NEG


@njit(cache=True)
def offensive_cost(state, m):
    """Cheapest Arms Cache an Offensive may remove (2.3.7); NEG if none."""
    state = borrowed(state)
    best = -NEG
    bare = no_caches_on_map(state)
    for s in range(N_MAP_SPACES):
        if offensive_source_ok(state, s):
            best = min(best, cache_value(state, s, m, bare))
    return NEG if best == -NEG else best


@njit(cache=True)
def irgun_sa_value(state, sa, sabotaging):
    """Best use of an Irgun Special Activity now (4.3)."""
    state = borrowed(state)
    if sa == SA_SILENCE:
        best = NEG
        for s in range(N_MAP_SPACES):
            if can_silence_in(state, s):
                best = max(best, silence_value(state, s, sabotaging))
        return best
    if sa == SA_PROPAGANDIZE:
        vals = local_array(N_MAP_SPACES, np.float64)
        vals[:] = NEG
        for s in range(N_MAP_SPACES):
            if can_propagandize_in(state, s):
                vals[s] = propagandize_city_value(state, s)
        t = top_sum(vals, state[RULE_PARAMETERS + P_PROPAGANDIZE_CITIES])[0]   # up to two Cities (4.3.2)
        return t if t > 0 else NEG
    if sa == SA_TERROR:
        best = NEG
        if markers_left(state) <= 0:         # no Terror marker to place (rules decision P-39)
            return best
        for s in range(N_MAP_SPACES):
            if state[SELECTED + s] == 0:
                best = max(best, terror_gain(state, s))
        return best
    return NEG


@njit(cache=True)
def best_sa_of(op, sas, vals):
    """(Special Activity, value): the best of ``sas`` (valued ``vals``, in
    that order) that may accompany ``op`` (4.1.1); (-1, NEG) if none."""
    best = NEG
    best_sa = -1
    for i in range(3):
        if sa_accompanies(op, sas[i]) and vals[i] > best:
            best = vals[i]
            best_sa = sas[i]
    return best_sa, best


@njit(cache=True, inline="always")
def irgun_best_sa(state, op):
    """(Special Activity, value) the Irgun plan to add to ``op``."""
    sil = irgun_sa_value(state, np.int64(SA_SILENCE), op == OP_SABOTAGE) if sa_accompanies(op, SA_SILENCE) else NEG
    pro = irgun_sa_value(state, np.int64(SA_PROPAGANDIZE), NO) if sa_accompanies(op, SA_PROPAGANDIZE) else NEG
    ter = irgun_sa_value(state, np.int64(SA_TERROR), NO) if sa_accompanies(op, SA_TERROR) else NEG
    return best_sa_of(op, IRGUN_SAS, (sil, pro, ter))


@njit(cache=True, inline="always")
def irgun_sa_worth(state):
    """Worth of the best Special Activity for each Irgun Operation (OP_*
    index; NEG for British ones), each Special Activity valued once."""
    sil_sab = irgun_sa_value(state, np.int64(SA_SILENCE), YES)
    sil = irgun_sa_value(state, np.int64(SA_SILENCE), NO)
    pro = irgun_sa_value(state, np.int64(SA_PROPAGANDIZE), NO)
    ter = irgun_sa_value(state, np.int64(SA_TERROR), NO)
    out = np.full(8, NEG)
    for op in range(8):
        if OP_FACTION[op] == IRGUN:
            out[op] = best_sa_of(op, IRGUN_SAS, (sil_sab if op == OP_SABOTAGE else sil, pro, ter))[1]
    return out


@njit(cache=True, inline="always")
def space_inputs(state, faction, op, arrive, order, spare):
    """What valuing ``faction``'s ``op`` reads that is the same in every
    space, counted once per decision: (the setup factor, Travel's arrivals
    and their order, Patrol's arrest space, Search's spare Troops, no Arms
    Cache on the map). ``arrive``, ``order`` and ``spare`` are the caller's
    arrays (:func:`travel_arrivals`, :func:`arrival_order`,
    :func:`spare_troops_each`), filled only for the Operation that reads them."""
    m = setup_factor(state)
    if faction == IRGUN and op == OP_TRAVEL:
        travel_arrivals(state, m, arrive)
        arrival_order(arrive, order)
    target = patrol_target(state, NO) if op == OP_PATROL else -1
    if faction == BRITISH and op == OP_SEARCH:
        spare_troops_each(state, spare)
    return m, arrive, order, target, spare, no_caches_on_map(state)


@njit(cache=True, inline="always")
def space_value(state, faction, op, s, inputs):
    """``faction``'s ``op`` in ``s``; ``inputs``: :func:`space_inputs`."""
    m, arrive, order, target, spare, bare = inputs
    if faction == IRGUN:
        return irgun_space_value(state, op, s, m, arrive, order, bare)
    return british_space_value(state, op, s, target, spare)


@njit(cache=True)
def op_space_values(state, faction, op, vals):
    """``vals[s]``: worth of ``op`` in each space it may still select (NEG
    elsewhere); False when ``op`` is not feasible at all (no space, 3.1)."""
    state, vals = borrowed(state), borrowed(vals)
    feasible = False
    inputs = space_inputs(state, faction, op, local_matrix(2, N_MAP_SPACES, np.float64),
                          local_matrix(2, 3, np.int64), local_array(N_MAP_SPACES, np.int64))
    for s in range(N_MAP_SPACES):
        vals[s] = NEG
        if op_space_ok(state, op, s):
            feasible = True
            if state[SELECTED + s] == 0:
                vals[s] = space_value(state, faction, op, s, inputs)
    return feasible


@njit(cache=True, inline="always")
def irgun_op_value(state, op, limit, limit_sa, sa_v, cost):
    """Worth of Operation ``op`` in up to ``limit`` spaces (3.1, 6.5.3), with
    an Offensive (2.3.7) when the extra space pays; and the same in up to
    ``limit_sa`` spaces in the Op & Special Activity box, with its best
    Special Activity (4.1), worth ``sa_v``. (NEG, NEG) if not feasible.
    ``cost``: :func:`offensive_cost`, the same for every Operation."""
    if op == OP_SABOTAGE and markers_left(state) <= 0:
        return NEG, NEG          # with no marker off the map a Sabotage places none (rules decision P-39)
    vals = local_array(N_MAP_SPACES, np.float64)
    if not op_space_values(state, np.int64(IRGUN), op, vals):
        return NEG, NEG
    if op == OP_SABOTAGE and not railway_sabotaged(state):
        # the +2 for no Sabotaged Railway is lost only once (6.1.2)
        first = -1
        for s in range(N_MAP_SPACES):
            if SPACE_KIND[s] == RAILWAY and vals[s] > NEG and (first < 0 or vals[s] > vals[first]):
                first = s
        for s in range(N_MAP_SPACES):
            if SPACE_KIND[s] == RAILWAY and vals[s] > NEG and s != first:
                vals[s] = sabotage_value(state, s, NO)
    offensive = op == OP_RECRUIT or op == OP_SABOTAGE or op == OP_ROB
    if not offensive:
        cost = NEG
    t1, e1, t2, e2 = capped_top_sums(vals, limit, limit_sa, state[AVAILABLE_CACHES] if op == OP_ROB else N_MAP_SPACES)
    if offensive and cost > NEG:
        if e1 - cost > STOP_VALUE:
            t1 += e1 - cost
        if e2 - cost > STOP_VALUE:
            t2 += e2 - cost
    return op_pair_worth(t1, t2, sa_v)


# ---------------------------------------------------------------- British --

@njit(cache=True)
def threat(state, s, fresh):
    """British: Political Will an Irgun Sabotage in ``s`` would take, times how
    ready the Irgun are to make it (an Underground Cell there, or Travel,
    3.3.2, from anywhere). None while all 15 markers are on the map: a
    Sabotage places none then (1.2, rules decision P-39), until the Reset
    Phase takes them off (6.4; ``fresh`` values the board after it)."""
    state = borrowed(state)
    if not fresh and markers_left(state) <= 0:
        return 0.0
    g = marker_gain(state, s, False, False, fresh)
    if SPACE_KIND[s] == RAILWAY and g > 0 and (fresh or not railway_sabotaged(state)):
        g += float(state[RULE_PARAMETERS + P_NO_RAILWAY_SABOTAGE_GAIN]) / 4.0   # the +2 for no Sabotaged
        # Railway (6.1.2), shared by the four Railways
    ready = cells(state, s) if fresh else state[at(s, CELLS_UNDERGROUND)]
    if ready > 0:
        return g
    for i in range(N_NEIGHBOURS[s]):
        if cells(state, NEIGHBOURS[s, i]) > 0:
            return 0.45 * g
    return 0.3 * g


@njit(cache=True)
def police_marginal(state, s, k, fresh):
    """British: worth of the ``k``-th Police in ``s``: one less on each Sabotage
    roll there (3.3.3); the first also stops Rob by lone Cells (3.3.4)."""
    state = borrowed(state)
    if k <= 0:
        return 0.0
    b = 2 if cache_in_or_adjacent(state, s) else 0
    v = threat(state, s, fresh) * (p_success(state, k - 1, b) - p_success(state, k, b))
    if k == 1:
        v += 0.1
    return v


@njit(cache=True)
def troop_marginal(state, s, k, fresh):
    """British: worth of the ``k``-th Troop in ``s``: Assault takes one piece per
    two Troops (3.2.4); Cities want two (Deploy, Curfews, Mass Detention);
    Railways want some to Search and Restore."""
    state = borrowed(state)
    if k <= 0:
        return 0.0
    v = 0.05
    pieces = irgun_pieces(state, s)
    if pieces > 0 and k <= assault_per_piece(state) * pieces:
        v += 0.3
    if SPACE_KIND[s] == CITY and k <= 2:
        v += 0.25
    if SPACE_KIND[s] == RAILWAY and k <= 2:
        v += 0.075 * threat(state, s, fresh)
    return v


@njit(cache=True)
def restore_value(state, s):
    """Restore in ``s`` (4.2.1): Sabotage and Curfew off, Terror flipped to Sabotage,
    valued at the next Political Will Phase (6.1)."""
    state = borrowed(state)
    sab = state[at(s, SABOTAGE)]
    ter = state[at(s, TERROR)]
    kind = SPACE_KIND[s]
    v = 0.0
    if kind == DISTRICT:
        v = float(state[RULE_PARAMETERS + P_DISTRICT_SABOTAGE_LOSS]) * sab
    elif kind == CITY:
        city_sabotage = state[RULE_PARAMETERS + P_CITY_SABOTAGE_LOSS]
        clean = state[RULE_PARAMETERS + P_CLEAN_CITY_GAIN]
        before = -city_sabotage * sab - state[RULE_PARAMETERS + P_CITY_TERROR_LOSS] * ter \
            + (clean if sab + ter == 0 else 0)
        after = -city_sabotage * ter + (clean if ter == 0 else 0)
        v = float(after - before)
    elif sab > 0:
        v = float(state[RULE_PARAMETERS + P_RAILWAY_SABOTAGE_LOSS])
        others = False
        for t in range(N_MAP_SPACES):
            if t != s and SPACE_KIND[t] == RAILWAY and state[at(t, SABOTAGE)] > 0:
                others = True
        if not others:
            v += float(state[RULE_PARAMETERS + P_NO_RAILWAY_SABOTAGE_GAIN])
    if state[at(s, CURFEW)] > 0:
        v += 0.2
    return v


@njit(cache=True)
def clear_bonus(state, s, removed):
    """Removing ``removed`` Irgun pieces that leave ``s`` empty of them opens a
    Restore there (4.2.1): half its worth."""
    state = borrowed(state)
    if removed >= irgun_pieces(state, s) and state[at(s, SABOTAGE)] + state[at(s, TERROR)] > 0:
        return 0.5 * restore_value(state, s)
    return 0.0


@njit(cache=True)
def assault_value(state, s, troops, chits_ok):
    """Assault in ``s`` with ``troops`` (3.2.4): Active Cells, then Arms Caches
    once no Cell is left; Intel Chits buy Underground Cells."""
    state = borrowed(state)
    budget = troops // assault_per_piece(state)
    if budget == 0 or irgun_pieces(state, s) == 0:
        return NEG
    a = state[at(s, CELLS_ACTIVE)]
    u = state[at(s, CELLS_UNDERGROUND)]
    c = state[at(s, ARMS_CACHES)]
    take_a = min(budget, a)
    caches = min(budget - a, c) if (u == 0 and a <= budget) else 0
    best = CELL_OFF * take_a + CACHE_OFF * caches + clear_bonus(state, s, take_a + caches)
    if chits_ok and u > 0:
        buy = min(u, budget)
        cost = chit_cost(state, buy)
        if cost > NEG:
            rest = budget - buy
            take_a2 = min(rest, a)
            caches2 = min(rest - take_a2, c) if (buy == u and take_a2 == a) else 0
            v = CELL_OFF * (buy + take_a2) + CACHE_OFF * caches2 - cost
            v += clear_bonus(state, s, buy + take_a2 + caches2)
            best = max(best, v)
    return best


@njit(cache=True)
def patrol_arrest_value(state, s, police):
    """Patrol's arrests in ``s`` with ``police`` there (3.2.2): Active Cells, then
    Underground ones bought with chits when that pays."""
    state = borrowed(state)
    a = state[at(s, CELLS_ACTIVE)]
    u = state[at(s, CELLS_UNDERGROUND)]
    take = min(police, a)
    v = CELL_PRISON * take
    spare = police - take
    bought = 0
    if spare > 0 and u > 0:
        buy = min(spare, u)
        cost = chit_cost(state, buy)
        if cost > NEG and CELL_PRISON * buy > cost:
            v += CELL_PRISON * buy - cost
            bought = buy
    return v + clear_bonus(state, s, take + bought)


@njit(cache=True)
def patrol_wanted(state, s):
    """Police a Patrol wants in ``s`` to arrest every Cell worth arresting."""
    state = borrowed(state)
    a = state[at(s, CELLS_ACTIVE)]
    u = state[at(s, CELLS_UNDERGROUND)]
    value = state[INTEL_HELD + 1] + 2 * state[INTEL_HELD + 2]
    return a + min(u, value)


@njit(cache=True)
def patrol_target(state, selected_only):
    """The space where a Patrol arrests: the most arrests with all Police on the map."""
    state = borrowed(state)
    total = map_total(state, POLICE)
    best = NEG
    bs = -1
    for s in range(N_MAP_SPACES):
        if cells(state, s) == 0 or (selected_only and state[SELECTED + s] == 0):
            continue
        v = patrol_arrest_value(state, s, max(total, state[at(s, POLICE)]))
        v -= 0.1 * max(0, min(total, patrol_wanted(state, s)) - state[at(s, POLICE)])
        if v > best:
            best = v
            bs = s
    return bs


@njit(cache=True)
def curfew_value(state, c):
    """A Curfew in City ``c`` (1.10): no Recruit there, Mass Detention possible,
    but the Irgun may Propagandize under it (4.3.2)."""
    state = borrowed(state)
    if state[at(c, CURFEW)] > 0:
        return 0.0
    return -0.5 + 0.15 * cells(state, c)


@njit(cache=True)
def search_activations(state, d, c, chit):
    """Cells Search Activates in ``d`` with ``c`` cubes (3.2.3)."""
    state = borrowed(state)
    u = state[at(d, CELLS_UNDERGROUND)]
    if SPACE_KIND[d] == CITY:
        return min(c if chit else c // 3, u)
    return min(c // 2, u)


@njit(cache=True)
def spare_troops(state, s):
    """Troops ``s`` can give without losing Assault strength against what is
    there to take now (Active Cells, exposed Arms Caches) or a City's two."""
    state = borrowed(state)
    t = state[at(s, TROOPS)]
    exposed = state[at(s, ARMS_CACHES)] if state[at(s, CELLS_UNDERGROUND)] == 0 else 0
    keep = assault_per_piece(state) * (state[at(s, CELLS_ACTIVE)] + exposed)
    if SPACE_KIND[s] == CITY:
        keep = max(keep, 2)
    return max(0, t - keep)


@njit(cache=True, inline="always")
def search_value(state, d, spare):
    """Search in ``d`` (3.2.3) with the spare adjacent Troops moved in: Cells
    Activated for a later Assault, the Arms Caches they guard opened to it
    (Strategy Guide: "A Limited Search can be the perfect way to prepare for
    an Assault"), and the Curfew a City gets without a chit. ``spare``:
    :func:`spare_troops_each`."""
    add = 0
    for i in range(N_NEIGHBOURS[d]):
        add += spare[NEIGHBOURS[d, i]]
    c = cubes(state, d) + add
    u = state[at(d, CELLS_UNDERGROUND)]
    chit = SPACE_KIND[d] == CITY and intel_total(state) > 0
    act = search_activations(state, d, c, chit)
    v = 0.35 * act
    troops = state[at(d, TROOPS)] + add
    if state[at(d, ARMS_CACHES)] > 0 and act == u \
            and troops // assault_per_piece(state) > state[at(d, CELLS_ACTIVE)] + u:
        v += 0.5 * CACHE_OFF
    if SPACE_KIND[d] == CITY:
        if chit:
            v -= CHIT[cheapest_chit(state)]
        else:
            v += curfew_value(state, d)
    return v if act > 0 else 0.0


@njit(cache=True, inline="always")
def deploy_police_value(state, s):
    """A Police placed in ``s`` by Deploy (3.2.1), and the Restore it opens."""
    if state[AVAILABLE_POLICE] == 0:
        return 0.01
    v = police_marginal(state, s, state[at(s, POLICE)] + 1, NO)
    if state[at(s, POLICE)] == 0 and irgun_pieces(state, s) == 0 and state[at(s, TROOPS)] > 0:
        v += 0.8 * restore_value(state, s)
    return v


@njit(cache=True)
def spare_troops_each(state, out):
    """``out[s]``: :func:`spare_troops` of each space."""
    state, out = borrowed(state), borrowed(out)
    for s in range(N_MAP_SPACES):
        out[s] = spare_troops(state, s)


@njit(cache=True)
def troop_destination_values(state, out):
    """``out[d]``: :func:`troop_destination_value` of each space, the spare
    Troops (:func:`spare_troops`) counted once for all."""
    state, out = borrowed(state), borrowed(out)
    spare = local_array(N_MAP_SPACES, np.int64)
    spare_troops_each(state, spare)
    total = 0
    for s in range(N_MAP_SPACES):
        total += spare[s]
    for d in range(N_MAP_SPACES):
        out[d] = troop_destination_value(state, d, total - spare[d])


@njit(cache=True)
def troop_destination_value(state, d, free):
    """Deploy's Troops to one space (3.2.1): to Assault next card, or to
    Restore. ``free``: the spare Troops of every other space (:func:`spare_troops`)."""
    state = borrowed(state)
    v = 0.0
    if irgun_pieces(state, d) > 0:
        troops = state[at(d, TROOPS)]
        per = assault_per_piece(state)
        if (troops + free) // per > troops // per:     # else the same Assault: worth nothing more
            now = assault_value(state, d, troops, YES)
            later = assault_value(state, d, troops + free, YES)
            v = 0.6 * (max(later, 0.0) - max(now, 0.0))
    elif state[at(d, TROOPS)] == 0 and state[at(d, POLICE)] > 0 \
            and state[at(d, SABOTAGE)] + state[at(d, TERROR)] > 0 and free > 0:
        v = restore_value(state, d)
    return v


@njit(cache=True, inline="always")
def troops_wanted(state, d):
    pieces = state[at(d, CELLS_ACTIVE)] + (state[at(d, ARMS_CACHES)] if state[at(d, CELLS_UNDERGROUND)] == 0 else 0)
    want = assault_per_piece(state) * pieces
    if irgun_pieces(state, d) == 0:
        want = 1
    return want


@njit(cache=True, inline="always")
def negotiate_value(state):
    """Negotiate (4.2.2): a die plus Terror markers above the track shifts it left."""
    h = state[HAGANAH]
    if h == 0:
        return CHIT[1]
    t = map_total(state, TERROR)
    n = 0
    for d in range(1, 7):
        if d + t > h:
            n += 1
    return n / 6.0 * HAGANAH_DROP[h]


@njit(cache=True)
def mass_detention_value(state, c):
    """Mass Detention in City ``c`` (4.2.3): a die of Cells from the City and its
    District to Prison, the rest of the roll off Political Will."""
    state = borrowed(state)
    n = cells(state, c) + cells(state, adjacent_district(c))
    v = 0.0
    for d in range(1, 7):
        removed = min(d, n)
        v += CELL_PRISON * removed - (d - removed)
    return v / 6.0


@njit(cache=True)
def detention_cell_value(state, s, piece):
    """British: worth of removing this Cell by Mass Detention (4.2.3) rather
    than another. An Underground Cell is worth more (an Active one can still
    be Patrolled or Assaulted without Intel, 3.2.2, 3.2.4): more still when it
    is the last one that can Sabotage there (3.3.3) or the one that lets the
    Irgun Silence the Police there (4.3.1). A space the rest of the roll can
    empty opens its Arms Caches to Assault (3.2.4)."""
    state = borrowed(state)
    v = CELL_PRISON
    u = state[at(s, CELLS_UNDERGROUND)]
    if piece == CELLS_UNDERGROUND:
        v += 0.2
        if u == 1:
            v += 0.3 * threat(state, s, NO)
        if state[at(s, POLICE)] > 0 and u == state[at(s, POLICE)]:
            v += 0.3
    caches = state[at(s, ARMS_CACHES)]
    if caches > 0 and cells(state, s) <= state[DETAIN_LEFT]:
        troops = state[at(s, TROOPS)]
        share = 0.6 if troops >= assault_per_piece(state) else 0.3
        v += share * CACHE_OFF * min(caches, max(1, troops // assault_per_piece(state))) / cells(state, s)
    return v


@njit(cache=True)
def mass_detention_cell_decision(state, mask, scores):
    """Mass Detention: the Cell to remove (A_SPACE + s Underground, A_COUNT + s Active)."""
    state = borrowed(state)
    for s in range(N_MAP_SPACES):
        if mask[A_SPACE + s]:
            scores[A_SPACE + s] = detention_cell_value(state, s, np.int64(CELLS_UNDERGROUND))
        if mask[A_COUNT + s]:
            scores[A_COUNT + s] = detention_cell_value(state, s, np.int64(CELLS_ACTIVE))
    return pick(state, scores, mask)


@njit(cache=True, inline="always")
def restore_target_after_deploy(state):
    """Best Restore a Deploy can open or keep (4.2.1 needs Troops, Police, no Irgun)."""
    best = NEG
    any_troops = map_total(state, TROOPS) > 0
    for s in range(N_MAP_SPACES):
        if irgun_pieces(state, s) > 0 or state[at(s, SABOTAGE)] + state[at(s, TERROR)] + state[at(s, CURFEW)] == 0:
            continue
        pol = state[at(s, POLICE)] > 0
        tro = state[at(s, TROOPS)] > 0
        kind = SPACE_KIND[s]
        if (pol and (tro or any_troops)) or (tro and kind != RAILWAY and state[AVAILABLE_POLICE] > 0):
            best = max(best, restore_value(state, s))
    return best


@njit(cache=True)
def british_sa_value(state, sa, op, now):
    """Best use of a British Special Activity (4.2) with ``op``; ``now``: only
    where it is possible at once."""
    state = borrowed(state)
    if sa == SA_NEGOTIATE:
        return negotiate_value(state)
    if sa == SA_RESTORE:
        if now:
            best = NEG
            for s in range(N_MAP_SPACES):
                if can_restore_in(state, s):
                    best = max(best, restore_value(state, s))
            return best
        return restore_target_after_deploy(state)
    if sa == SA_MASS_DETENTION:
        best = NEG
        for s in range(N_MAP_SPACES):
            ok = can_mass_detain_in(state, s)
            if not now and op == OP_SEARCH and SPACE_KIND[s] == CITY \
                    and state[at(s, TROOPS)] >= state[RULE_PARAMETERS + P_MASS_DETENTION_TROOPS]:
                ok = True   # Search places the Curfew first
            if ok:
                best = max(best, mass_detention_value(state, s))
        return best
    return NEG


@njit(cache=True, inline="always")
def british_best_sa(state, op, now):
    res = british_sa_value(state, np.int64(SA_RESTORE), op, now) if sa_accompanies(op, SA_RESTORE) else NEG
    neg = british_sa_value(state, np.int64(SA_NEGOTIATE), op, now) if sa_accompanies(op, SA_NEGOTIATE) else NEG
    md = british_sa_value(state, np.int64(SA_MASS_DETENTION), op, now) if sa_accompanies(op, SA_MASS_DETENTION) else NEG
    return best_sa_of(op, BRITISH_SAS, (res, neg, md))


@njit(cache=True, inline="always")
def british_sa_worth(state):
    """Worth of the best planned Special Activity for each British Operation
    (OP_* index; NEG for Irgun ones), each Special Activity valued once."""
    res = british_sa_value(state, np.int64(SA_RESTORE), np.int64(OP_DEPLOY), NO)
    neg = british_sa_value(state, np.int64(SA_NEGOTIATE), np.int64(OP_DEPLOY), NO)
    md_search = british_sa_value(state, np.int64(SA_MASS_DETENTION), np.int64(OP_SEARCH), NO)
    md = british_sa_value(state, np.int64(SA_MASS_DETENTION), np.int64(OP_ASSAULT), NO)
    out = np.full(8, NEG)
    for op in range(8):
        if OP_FACTION[op] == BRITISH:
            out[op] = best_sa_of(op, BRITISH_SAS, (res, neg, md_search if op == OP_SEARCH else md))[1]
    return out


@njit(cache=True)
def british_space_value(state, op, s, target, spare):
    """British ``op`` in ``s``; ``target``: :func:`patrol_target` for Patrol;
    ``spare``: :func:`spare_troops_each` for Search."""
    state = borrowed(state)
    if op == OP_ASSAULT:
        return assault_value(state, s, state[at(s, TROOPS)], YES)
    if op == OP_SEARCH:
        return search_value(state, s, spare)
    if op == OP_DEPLOY:
        return deploy_police_value(state, s)
    if op == OP_PATROL:
        if s == target:
            return patrol_arrest_value(state, s, max(map_total(state, POLICE), state[at(s, POLICE)]))
        if state[at(s, CELLS_UNDERGROUND)] > 0:
            return police_marginal(state, s, state[at(s, POLICE)] + 1, NO) - 0.15
        return NEG
    return NEG


@njit(cache=True, inline="always")
def british_op_value(state, op, limit, limit_sa, sa_v):
    """Worth of British ``op`` in up to ``limit`` spaces (3.1), with an
    Intelligence Lead (2.3.7) when the extra space pays; and the same in up
    to ``limit_sa`` spaces with its best Special Activity, worth
    ``sa_v``. (NEG, NEG) if not feasible."""
    vals = local_array(N_MAP_SPACES, np.float64)
    if not op_space_values(state, np.int64(BRITISH), op, vals):
        return NEG, NEG
    lead = (op == OP_PATROL or op == OP_SEARCH or op == OP_ASSAULT) and intel_total(state) > 0
    chit = CHIT[cheapest_chit(state)] if lead else 0.0
    troops_best = 0.0
    if op == OP_DEPLOY:
        dest = local_array(N_MAP_SPACES, np.float64)
        troop_destination_values(state, dest)
        for d in range(N_MAP_SPACES):
            troops_best = max(troops_best, dest[d])
    t1, r1, t2, r2 = capped_top_sums(vals, limit, limit_sa,
                                     state[AVAILABLE_POLICE] if op == OP_DEPLOY else N_MAP_SPACES)
    if lead:
        if r1 - chit > STOP_VALUE:
            t1 += r1 - chit
        if r2 - chit > STOP_VALUE:
            t2 += r2 - chit
    if op == OP_DEPLOY:
        t1 += troops_best
        t2 += troops_best
    return op_pair_worth(t1, t2, sa_v)


# ------------------------------------------------------------- both sides --

@njit(cache=True)
def op_value(state, faction, op, limit, limit_sa, sa_v):
    """(worth of ``op`` as a Limited or plain Operation in ``limit`` spaces,
    worth in ``limit_sa`` spaces with its Special Activity worth ``sa_v``)."""
    state = borrowed(state)
    return op_value_with(state, faction, op, limit, limit_sa, sa_v, extra_space_cost(state, faction))


@njit(cache=True, inline="always")
def extra_space_cost(state, faction):
    """What the Irgun's Offensive space costs (:func:`offensive_cost`), the
    same for each of their Operations; NEG for the British (their Intelligence
    Lead's chit is counted by :func:`british_op_value`)."""
    return offensive_cost(state, setup_factor(state)) if faction == IRGUN else NEG


@njit(cache=True)
def op_value_with(state, faction, op, limit, limit_sa, sa_v, cost):
    """:func:`op_value`, the Offensive's cost given (:func:`extra_space_cost`)."""
    state = borrowed(state)
    if OP_FACTION[op] != faction:
        return NEG, NEG
    if faction == IRGUN:
        return irgun_op_value(state, op, limit, limit_sa, sa_v, cost)
    return british_op_value(state, op, limit, limit_sa, sa_v)


@njit(cache=True)
def sa_worth(state, faction):
    state = borrowed(state)
    return irgun_sa_worth(state) if faction == IRGUN else british_sa_worth(state)


@njit(cache=True, inline="always")
def space_limit(state, faction, limited):
    """Spaces of an Operation (3.1, 2.3.4, 6.5.3: the rule parameters); the
    capabilities that change them (P9, P13) are not foreseen."""
    k = state[RULE_PARAMETERS + (P_LIMITED_OPERATION_SPACES if limited else P_OPERATION_SPACES)]
    if faction == IRGUN and state[HAGANAH] == 4:
        k += state[RULE_PARAMETERS + P_HAGANAH_EXTRA_SPACES]
    return k


@njit(cache=True, inline="always")
def best_ops(state, faction, with_sa, memo):
    """Best worth of an Operation in the Limited Operation box and (with
    ``with_sa``) in the Op & Special Activity box, each Operation's spaces
    valued once for both; each Operation's two values go into ``memo``
    (engine/coin/bots.py) for the Operation decision."""
    lim = NEG
    full = NEG
    k_lim = space_limit(state, faction, True)
    k_full = space_limit(state, faction, False)
    worth = sa_worth(state, faction) if with_sa else NO_WORTH
    cost = extra_space_cost(state, faction)
    for op in range(8):
        if OP_FACTION[op] != faction:
            continue
        v_lim, v_full = op_value_with(state, faction, op, k_lim, k_full, worth[op], cost)
        memo[MEMO_LIMITED + op] = v_lim
        memo[MEMO_FULL + op] = v_full
        if v_lim > lim:
            lim = v_lim
        if v_full > full:
            full = v_full
    return lim, full


@njit(cache=True, inline="always")
def pass_value(state, faction):
    """Pass (2.3.3): British draw a chit; Irgun Rob in one space."""
    if faction == BRITISH:
        bag = 0
        v = 0.0
        for c in range(3):
            n = INTEL_CHITS_PER_VALUE - state[INTEL_HELD + c]
            bag += n
            v += n * CHIT[c]
        if bag == 0:
            return 0.0
        v /= bag
        if intel_total(state) >= 2:
            v *= 0.6    # half are discarded at the Propaganda Round (6.2.2)
        return v
    m = setup_factor(state)
    bare = no_caches_on_map(state)
    best = 0.0
    for s in range(N_MAP_SPACES):
        best = max(best, rob_value(state, s, m, bare))
    return best


@njit(cache=True)
def event_value(state, faction, card, side):
    """Worth to ``faction`` of executing ``side`` of ``card`` (5.0): the table,
    adjusted where the text plainly depends on the board."""
    state = borrowed(state)
    if card < 1 or card > N_CARDS:
        return -1.0
    v = EVENT_VALUE[faction, card, side]
    # the map's Terror markers and Curfews, counted only for the cards that read them
    terror = map_total(state, TERROR) if card == 3 or card == 24 else 0
    curfews = map_total(state, CURFEW) if card == 8 or card == 14 else 0
    if card == 3:
        if side == 0 and terror == 0:
            return -1.0
        if side == 1:
            ok = False
            for s in range(N_MAP_SPACES):
                if SPACE_KIND[s] == CITY and state[at(s, CELLS_UNDERGROUND)] > 0:
                    ok = True
            if not ok:
                return -1.0
    elif card == 4:
        sab = 0
        pieces = 0
        for s in range(N_MAP_SPACES):
            if COASTAL[s] and SPACE_KIND[s] == DISTRICT:
                sab += state[at(s, SABOTAGE)]
                pieces += irgun_pieces(state, s)
        delta = 2.0 if sab == 0 else -min(3.0, float((sab + pieces) // 2))
        return delta if faction == BRITISH else -delta
    elif card == 5:
        if side == 0 and faction == BRITISH:
            return 0.8 * min(2, state[PRISON]) if state[PRISON] > 0 else -1.0
        if side == 1 and faction == IRGUN:
            return 0.5 * state[PRISON] if state[PRISON] > 0 else -1.0
    elif card == 8 and side == 1 and faction == IRGUN:
        return float(curfews) if curfews > 0 else -1.0
    elif card == 13 and side == 0 and faction == BRITISH:
        return EVENT_NORMAL if state[HAGANAH] == 4 else -1.0
    elif card == 14 and side == 1 and faction == IRGUN:
        return 0.5 * curfews if curfews > 0 else -1.0
    elif card == 20 and side == 0 and faction == BRITISH:
        return 2.0 if not railway_sabotaged(state) else -1.0
    elif card == 24:
        if terror == 0:
            return -1.0
        return float(min(3, terror)) if (side == 0) == (faction == BRITISH) else -1.0
    elif card == 28 and side == 0 and faction == BRITISH:
        n = 0
        for s in range(N_MAP_SPACES):
            if state[at(s, POLICE)] > 0 and cells(state, s) > 0:
                n += 1
        return 0.45 * n if n > 0 else -1.0
    return v


@njit(cache=True)
def best_event(state, faction, card):
    state = borrowed(state)
    return max(event_value(state, faction, card, np.int64(0)), event_value(state, faction, card, np.int64(1)))


@njit(cache=True)
def box_decision(state, mask, faction, scores, memo):
    """Initiative Track (2.3.2-2.3.5): Limited Op, Event, Op & Special Activity,
    or Pass. An Operation box keeps its Operation values in ``memo``."""
    state, mask, scores, memo = borrowed(state), borrowed(mask), borrowed(scores), borrowed(memo)
    step = state[STEP]
    other = state[BOX + 1 - faction]
    card = state[CARD]
    events_live = mask[A_EVENT_SIDE] == 1 or mask[A_EVENT_SIDE + 1] == 1
    block = 0.0
    if step == 0 and events_live:
        block = EVENT_BLOCK * max(0.0, best_event(state, 1 - faction, card))
    lim = NEG
    full = NEG
    if mask[A_BOX + BOX_LIMITED] or mask[A_BOX + BOX_OP_SA]:
        lim, full = best_ops(state, faction, mask[A_BOX + BOX_OP_SA] == 1, memo)
    events = local_array(2, np.float64)
    events[:] = NEG
    for side in range(2):
        if mask[A_EVENT_SIDE + side]:
            events[side] = event_value(state, faction, card, side)
    score_boxes(scores, mask, step, other, lim, full, events, pass_value(state, faction), block, FIRST_ELIGIBLE_NEXT)
    a = pick(state, scores, mask)
    memo[MEMO_SEAT] = faction + 1 if a == A_BOX + BOX_LIMITED or a == A_BOX + BOX_OP_SA else 0
    return a


@njit(cache=True)
def operation_decision(state, mask, faction, scores, memo):
    """The Operation (3.0) of a box just taken: the values the box decision
    kept in ``memo`` when it made them for this seat, else valued afresh."""
    state, mask, scores, memo = borrowed(state), borrowed(mask), borrowed(scores), borrowed(memo)
    limited = state[LIMITED] == 1
    if memo[MEMO_SEAT] == faction + 1:
        for op in range(8):
            if mask[A_OP + op]:
                scores[A_OP + op] = memo[(MEMO_LIMITED if limited else MEMO_FULL) + op]
        return pick(state, scores, mask)
    k = space_limit(state, faction, limited)
    worth = NO_WORTH if limited else sa_worth(state, faction)
    for op in range(8):
        if mask[A_OP + op]:
            v_plain, v_sa = op_value(state, faction, op, k, k, worth[op])
            scores[A_OP + op] = v_plain if limited else v_sa
    return pick(state, scores, mask)


@njit(cache=True)
def sa_timing_now(op, sa, n_selected):
    """Special Activities the bots take before or between the Operation's
    spaces (4.1): Silence before the Sabotage it helps, Mass Detention before
    an Assault (so the Assault can reach the Arms Caches), Negotiate once the
    Operation has a space (a Negotiate first can empty the map of Cells
    through the Haganah Track, 6.5.2, and a Patrol left with no space has no
    arrest space: see docs/palestine.md, "Bots")."""
    if sa == SA_SILENCE:
        return True
    if sa == SA_NEGOTIATE:
        return n_selected >= 1
    return sa == SA_MASS_DETENTION and op == OP_ASSAULT


@njit(cache=True)
def space_decision(state, mask, faction, scores):
    """Choose a space for the Operation (or stop, add a space, or start the Special Activity)."""
    state, mask, scores = borrowed(state), borrowed(mask), borrowed(scores)
    op = state[OP]
    inputs = space_inputs(state, faction, op, local_matrix(2, N_MAP_SPACES, np.float64),
                          local_matrix(2, 3, np.int64), local_array(N_MAP_SPACES, np.int64))
    extra = mask[A_EXTRA] == 1       # else only the offered spaces need a value
    best_unselected = NEG
    for s in range(N_MAP_SPACES):
        if state[SELECTED + s] == 1 or not (extra or mask[A_SPACE + s]) or not op_space_ok(state, op, s):
            continue
        v = space_value(state, faction, op, s, inputs)
        if mask[A_SPACE + s]:
            scores[A_SPACE + s] = v
        best_unselected = max(best_unselected, v)
    if mask[A_STOP]:
        scores[A_STOP] = STOP_VALUE
    if mask[A_EXTRA]:
        if faction == BRITISH:
            scores[A_EXTRA] = best_unselected - CHIT[cheapest_chit(state)]
        else:
            scores[A_EXTRA] = best_unselected - offensive_cost(state, inputs[0])    # the setup factor
    # Only a Special Activity offered and timed now can be taken here; when
    # none is, or none of those is worth taking, the others need no value.
    now = NEG
    for sa in range(6):
        if mask[A_SA + sa] and sa_accompanies(op, sa) and sa_timing_now(op, sa, state[N_SELECTED]):
            now = max(now, irgun_sa_value(state, sa, op == OP_SABOTAGE) if faction == IRGUN
                      else british_sa_value(state, sa, op, YES))
    if now > STOP_VALUE:
        if faction == IRGUN:
            sa, v = irgun_best_sa(state, op)
        else:
            sa, v = british_best_sa(state, op, YES)
        if sa >= 0 and mask[A_SA + sa] and v > STOP_VALUE and sa_timing_now(op, sa, state[N_SELECTED]):
            scores[A_SA + sa] = MUST
    return pick(state, scores, mask)


@njit(cache=True)
def sa_after_decision(state, mask, faction, scores):
    state = borrowed(state)
    scores[A_STOP] = STOP_VALUE
    for sa in range(6):
        if mask[A_SA + sa]:
            if faction == IRGUN:
                scores[A_SA + sa] = irgun_sa_value(state, sa, NO)
            else:
                scores[A_SA + sa] = british_sa_value(state, sa, state[OP], YES)
    return pick(state, scores, mask)


@njit(cache=True)
def sa_space_decision(state, mask, scores):
    state = borrowed(state)
    sa = state[SA]
    if mask[A_STOP]:
        scores[A_STOP] = STOP_VALUE
    for s in range(N_MAP_SPACES):
        if not mask[A_SPACE + s]:
            continue
        if sa == SA_RESTORE:
            scores[A_SPACE + s] = restore_value(state, s)
        elif sa == SA_MASS_DETENTION:
            scores[A_SPACE + s] = mass_detention_value(state, s)
        elif sa == SA_SILENCE:
            scores[A_SPACE + s] = silence_value(state, s, state[OP] == OP_SABOTAGE)
        elif sa == SA_PROPAGANDIZE:
            scores[A_SPACE + s] = propagandize_city_value(state, s)
    return pick(state, scores, mask)


@njit(cache=True)
def intel_value_held(state):
    state = borrowed(state)
    return state[INTEL_HELD + 1] + 2 * state[INTEL_HELD + 2]


@njit(cache=True)
def chit_for(state, mask, need):
    """The chit to spend for ``need`` more Underground Cells: a 1 for one, else a 2."""
    state = borrowed(state)
    if need <= 1 and mask[A_CHIT + 1]:
        return A_CHIT + 1
    if mask[A_CHIT + 2]:
        return A_CHIT + 2
    if mask[A_CHIT + 1]:
        return A_CHIT + 1
    return A_STOP


@njit(cache=True)
def assault_chits_decision(state, mask):
    """Buy Underground Cells in the Assault space (3.2.4) when they, and the
    Arms Caches they guard, are worth the chits."""
    state = borrowed(state)
    s = state[CUR]
    budget = state[at(s, TROOPS)] // assault_per_piece(state)
    a = state[at(s, CELLS_ACTIVE)]
    u = state[at(s, CELLS_UNDERGROUND)]
    c = state[at(s, ARMS_CACHES)]
    need = min(min(budget, u) - state[PAID], intel_value_held(state))
    if need <= 0:
        return A_STOP
    # with every affordable Underground Cell bought, what would the Assault take?
    buy = state[PAID] + need
    rest = budget - buy
    take_a = min(rest, a)
    caches = min(rest - take_a, c) if (buy == u and take_a == a) else 0
    gain = CELL_OFF * need + CACHE_OFF * caches - CELL_OFF * (min(budget, a) - take_a)
    cost = chit_cost(state, need)
    if cost == NEG or gain - cost <= STOP_VALUE:
        return A_STOP
    return chit_for(state, mask, need)


@njit(cache=True)
def patrol_chits_decision(state, mask):
    """Buy Underground Cells in the arrest space (3.2.2) with Police to spare."""
    state = borrowed(state)
    s = state[CUR]
    spare = state[at(s, POLICE)] - state[at(s, CELLS_ACTIVE)] - state[PAID]
    need = min(min(spare, state[at(s, CELLS_UNDERGROUND)] - state[PAID]), intel_value_held(state))
    if need <= 0:
        return A_STOP
    cost = chit_cost(state, need)
    gain = CELL_PRISON * need + clear_bonus(state, s, state[at(s, CELLS_ACTIVE)] + state[PAID] + need)
    if cost == NEG or gain - cost <= STOP_VALUE:
        return A_STOP
    return chit_for(state, mask, need)


@njit(cache=True)
def lowest_chit(mask):
    for v in range(3):
        if mask[A_CHIT + v]:
            return A_CHIT + v
    return -1


@njit(cache=True)
def patrol_move_decision(state, mask, scores):
    """Patrol: bring Police into the arrest space, then guard the other
    destinations, from wherever a Police matters least (3.2.2)."""
    state = borrowed(state)
    t = patrol_target(state, YES)
    need = 0
    if t >= 0:
        need = min(map_total(state, POLICE), patrol_wanted(state, t)) - state[at(t, POLICE)]
    scores[A_STOP] = STOP_VALUE
    for src in range(N_MAP_SPACES):
        if not mask[A_SPACE + src]:
            continue
        loss = police_marginal(state, src, state[at(src, POLICE)], NO)
        if need > 0 and src != t:
            scores[A_SPACE + src] = 1.0 - loss
            continue
        gain = NEG
        for d in range(N_MAP_SPACES):
            if d != src and state[SELECTED + d] == 1 and d != t:
                gain = max(gain, police_marginal(state, d, state[at(d, POLICE)] + 1, NO))
        scores[A_SPACE + src] = gain - loss - 0.1
    return pick(state, scores, mask)


@njit(cache=True)
def patrol_move_to_decision(state, mask, scores):
    state = borrowed(state)
    t = patrol_target(state, YES)
    src = state[CUR]
    if t >= 0 and t != src and mask[A_SPACE + t]:
        need = min(map_total(state, POLICE), patrol_wanted(state, t)) - state[at(t, POLICE)]
        if need > 0:
            return A_SPACE + t
    for d in range(N_MAP_SPACES):
        if mask[A_SPACE + d]:
            scores[A_SPACE + d] = police_marginal(state, d, state[at(d, POLICE)] + 1, NO)
    return pick(state, scores, mask)


@njit(cache=True)
def search_move_value(state, src, d):
    """A Troop from ``src`` into Search destination ``d`` (3.2.3)."""
    state = borrowed(state)
    c = cubes(state, d)
    chit = SPACE_KIND[d] == CITY and intel_total(state) > 0
    gain = 0.35 * (search_activations(state, d, c + 1, chit) - search_activations(state, d, c, chit))
    gain += troop_marginal(state, d, state[at(d, TROOPS)] + 1, NO)
    return gain - troop_marginal(state, src, state[at(src, TROOPS)], NO)


@njit(cache=True)
def search_move_decision(state, mask, scores):
    state = borrowed(state)
    scores[A_STOP] = STOP_VALUE
    for src in range(N_MAP_SPACES):
        if not mask[A_SPACE + src]:
            continue
        best = NEG
        for d in range(N_MAP_SPACES):
            if d != src and state[SELECTED + d] == 1 and ADJACENT[src, d] == 1:
                best = max(best, search_move_value(state, src, d))
        scores[A_SPACE + src] = best
    return pick(state, scores, mask)


@njit(cache=True)
def search_city_decision(state, mask):
    """Search in a City (3.2.3): discard a chit to Activate a Cell per cube and
    place no Curfew, or take the Curfew (1.10). Mass Detention needs the Curfew."""
    state = borrowed(state)
    c = state[CUR]
    cb = cubes(state, c)
    u = state[at(c, CELLS_UNDERGROUND)]
    sa_md = sa_open(state) and sa_accompanies(state[OP], SA_MASS_DETENTION) \
        and state[at(c, TROOPS)] >= state[RULE_PARAMETERS + P_MASS_DETENTION_TROOPS] \
        and mass_detention_value(state, c) > STOP_VALUE
    v = lowest_chit(mask)
    if v < 0 or sa_md:
        return A_STOP
    with_chit = 0.35 * min(cb, u) - CHIT[v - A_CHIT]
    without = 0.35 * min(cb // 3, u) + curfew_value(state, c)
    return v if with_chit > without else A_STOP


@njit(cache=True)
def deploy_destination_decision(state, mask, scores):
    state = borrowed(state)
    scores[A_STOP] = STOP_VALUE
    dest = local_array(N_MAP_SPACES, np.float64)
    troop_destination_values(state, dest)
    for d in range(N_MAP_SPACES):
        if mask[A_SPACE + d]:
            scores[A_SPACE + d] = dest[d]
    return pick(state, scores, mask)


@njit(cache=True)
def deploy_troops_decision(state, mask, scores):
    state = borrowed(state)
    d = state[CUR]
    if state[at(d, TROOPS)] >= troops_wanted(state, d):
        return A_STOP
    scores[A_STOP] = STOP_VALUE
    for src in range(N_MAP_SPACES):
        if mask[A_SPACE + src]:
            scores[A_SPACE + src] = 0.35 - troop_marginal(state, src, state[at(src, TROOPS)], NO)
    return pick(state, scores, mask)


@njit(cache=True)
def travel_dest_decision(state, mask, scores):
    state = borrowed(state)
    o = state[CUR]
    m = setup_factor(state)
    arrive = local_matrix(2, N_MAP_SPACES, np.float64)
    travel_arrivals(state, m, arrive)
    leave = travel_leave(state, o, m)
    scores[A_STOP] = STOP_VALUE
    for t in range(N_MAP_SPACES):
        if mask[A_SPACE + t]:
            scores[A_SPACE + t] = travel_move_value(state, o, t, arrive, leave)
    return pick(state, scores, mask)


@njit(cache=True)
def travel_count_decision(state, mask):
    """How many Cells go to the chosen destination: the Active ones when
    flipping them back in place, else one (two into a City or District when
    the second still pays), never so many that they arrive Active."""
    state = borrowed(state)
    o = state[CUR]
    t = state[CUR2]
    hi = 0
    for k in range(1, MAX_COUNT + 1):
        if mask[A_COUNT + k - 1]:
            hi = k
    if hi == 0:
        return hash_legal(state, mask)
    n = 1
    if t == o:
        n = max(1, min(hi, travel_unmoved_active(state, o)))
        while n > 1 and exposed_arrival(state, t, n):
            n -= 1
    elif hi >= 2 and SPACE_KIND[t] != RAILWAY and not exposed_arrival(state, t, 2):
        m = setup_factor(state)
        extra = cell_add_value(state, t, state[at(t, CELLS_UNDERGROUND)] + 1, m, NO)
        if travel_unmoved_active(state, o) < 2:
            extra -= cell_add_value(state, o, state[at(o, CELLS_UNDERGROUND)] - 1, m, NO)
        if extra > STOP_VALUE:
            n = 2
    return A_COUNT + n - 1


@njit(cache=True)
def terror_decision(state, mask):
    """Declare Terror in this City's Sabotage (4.3.3) when it adds more than the
    Special Activity would bring elsewhere ("Haganah or bust")."""
    state = borrowed(state)
    s = state[CUR]
    gain = terror_gain(state, s)
    alt = max(irgun_sa_value(state, np.int64(SA_PROPAGANDIZE), NO), 0.0)
    if gain > alt + STOP_VALUE:
        return A_SA + SA_TERROR
    return A_STOP


@njit(cache=True)
def sabotage_cache_decision(state, mask, scores):
    """Spend an Arms Cache in or next to the Sabotage space for +2 (3.3.3)."""
    state = borrowed(state)
    s = state[CUR]
    pol = state[at(s, POLICE)]
    terror = state[TERROR_HERE] == 1
    g = marker_gain(state, s, terror, True, False)
    gain = (p_success(state, pol, 2) - p_success(state, pol, 0)) * g
    if terror:
        gain += (p_six(pol, 2) - p_six(pol, 0)) * (3.0 - HAGANAH_DROP[state[HAGANAH]])
    m = setup_factor(state)
    bare = no_caches_on_map(state)
    scores[A_STOP] = STOP_VALUE
    for src in range(N_MAP_SPACES):
        if mask[A_SPACE + src]:
            scores[A_SPACE + src] = gain - max(CACHE_SPEND, cache_value(state, src, m, bare)) + STOP_VALUE
    return pick(state, scores, mask)


@njit(cache=True)
def irgun_piece_loss(state, s, cells_owed, m, bare):
    """What the Irgun lose returning a piece from ``s`` to the Haganah Track (6.5.2)."""
    state = borrowed(state)
    if not cells_owed:
        return cache_value(state, s, m, bare)
    if state[at(s, CELLS_ACTIVE)] > 0:
        return 0.1
    return cell_add_value(state, s, state[at(s, CELLS_UNDERGROUND)] - 1, m, NO)


@njit(cache=True, inline="always")
def irgun_choice(state, mask, memo, scores):
    """The Irgun bot's switch: its scored choice for the pending decision
    (``mask`` filled), or -1 when it has none; ``scores`` (all NEG on entry)
    is left holding the values it weighed."""
    d = pending(state)
    if d == D_BOX:
        return box_decision(state, mask, np.int64(IRGUN), scores, memo)
    if d == D_OPERATION:
        return operation_decision(state, mask, np.int64(IRGUN), scores, memo)
    if d == D_SPACE:
        return space_decision(state, mask, np.int64(IRGUN), scores)
    if d == D_SA_AFTER:
        return sa_after_decision(state, mask, np.int64(IRGUN), scores)
    if d == D_SA_SPACE:
        return sa_space_decision(state, mask, scores)
    if d == D_TERROR_DECLARE:
        return terror_decision(state, mask)
    if d == D_SABOTAGE_CACHE:
        return sabotage_cache_decision(state, mask, scores)
    m = setup_factor(state)
    bare = no_caches_on_map(state)
    if d == D_RECRUIT_COUNT:
        s = state[CUR]
        n = 0
        for k in range(1, MAX_COUNT + 1):
            if mask[A_COUNT + k - 1]:
                if k == 1 or cell_add_value(state, s, state[at(s, CELLS_UNDERGROUND)] + k - 1, m, NO) > 0:
                    n = k
        return A_COUNT + n - 1 if n > 0 else hash_legal(state, mask)
    if d == D_TRAVEL_DEST:
        return travel_dest_decision(state, mask, scores)
    if d == D_TRAVEL_COUNT:
        return travel_count_decision(state, mask)
    if d == D_OFFENSIVE_CACHE:
        for s in range(N_MAP_SPACES):
            if mask[A_SPACE + s]:
                scores[A_SPACE + s] = -cache_value(state, s, m, bare)
        return pick(state, scores, mask)
    if d == D_PASS_ROB or d == D_PROP_ROB:
        scores[A_STOP] = 0.0
        for s in range(N_MAP_SPACES):
            if mask[A_SPACE + s]:
                scores[A_SPACE + s] = rob_value(state, s, m, bare)
        return pick(state, scores, mask)
    if d == D_PROP_CACHE:
        scores[A_STOP] = 0.0
        for s in range(N_MAP_SPACES):
            if mask[A_SPACE + s]:
                scores[A_SPACE + s] = cache_value(state, s, m, bare)
        return pick(state, scores, mask)
    if d == D_REFILL:
        cells_owed = state[OWED_CELLS_4] + state[OWED_CELLS_3] > 0
        for s in range(N_MAP_SPACES):
            if mask[A_SPACE + s]:
                scores[A_SPACE + s] = -irgun_piece_loss(state, s, cells_owed, m, bare)
        return pick(state, scores, mask)
    if d == D_REDEPLOY_CELL:
        # 6.3.2: one Cell into each City without a Curfew; all flip Underground at Reset (6.4)
        c = state[CUR]
        scores[A_STOP] = STOP_VALUE
        gain = cell_add_value(state, c, cells(state, c), m, YES)
        for s in range(N_MAP_SPACES):
            if mask[A_SPACE + s]:
                scores[A_SPACE + s] = gain - cell_add_value(state, s, cells(state, s) - 1, m, YES)
        return pick(state, scores, mask)
    if d == D_REDEPLOY_CACHE:
        scores[A_STOP] = 0.2
        worth = local_array(N_MAP_SPACES, np.float64)     # an Arms Cache in each space one may go to
        worth[:] = NEG
        for t in range(N_MAP_SPACES):
            if SPACE_KIND[t] != RAILWAY and cells(state, t) > 0 and state[at(t, ARMS_CACHES)] < 2:
                worth[t] = cache_value(state, t, m, bare)
        for src in range(N_MAP_SPACES):
            if mask[A_SPACE + src]:
                best = NEG
                for t in range(N_MAP_SPACES):
                    if t != src:
                        best = max(best, worth[t])
                scores[A_SPACE + src] = best - cache_value(state, src, m, bare)
        return pick(state, scores, mask)
    if d == D_REDEPLOY_CACHE_TO:
        for t in range(N_MAP_SPACES):
            if mask[A_SPACE + t]:
                scores[A_SPACE + t] = cache_value(state, t, m, bare)
        return pick(state, scores, mask)
    return fallback(state, mask, np.int64(IRGUN), scores)


@njit(cache=True, inline="always")
def british_choice(state, mask, memo, scores):
    """The British bot's switch: its scored choice for the pending decision
    (``mask`` filled), or -1 when it has none; ``scores`` (all NEG on entry)
    is left holding the values it weighed."""
    d = pending(state)
    if d == D_BOX:
        return box_decision(state, mask, np.int64(BRITISH), scores, memo)
    if d == D_OPERATION:
        return operation_decision(state, mask, np.int64(BRITISH), scores, memo)
    if d == D_SPACE:
        return space_decision(state, mask, np.int64(BRITISH), scores)
    if d == D_SA_AFTER:
        return sa_after_decision(state, mask, np.int64(BRITISH), scores)
    if d == D_SA_SPACE:
        return sa_space_decision(state, mask, scores)
    if d == D_ASSAULT_CHITS:
        return assault_chits_decision(state, mask)
    if d == D_PATROL_CHITS:
        return patrol_chits_decision(state, mask)
    if d == D_PATROL_MOVE:
        return patrol_move_decision(state, mask, scores)
    if d == D_PATROL_MOVE_TO:
        return patrol_move_to_decision(state, mask, scores)
    if d == D_PATROL_ARREST:
        for s in range(N_MAP_SPACES):
            if mask[A_SPACE + s]:
                scores[A_SPACE + s] = patrol_arrest_value(state, s, state[at(s, POLICE)])
        return pick(state, scores, mask)
    if d == D_SEARCH_MOVE:
        return search_move_decision(state, mask, scores)
    if d == D_SEARCH_MOVE_TO:
        src = state[CUR]
        for t in range(N_MAP_SPACES):
            if mask[A_SPACE + t]:
                scores[A_SPACE + t] = search_move_value(state, src, t)
        return pick(state, scores, mask)
    if d == D_SEARCH_CITY:
        return search_city_decision(state, mask)
    if d == D_MASS_DETENTION:
        return mass_detention_cell_decision(state, mask, scores)
    if d == D_DEPLOY_DESTINATION:
        return deploy_destination_decision(state, mask, scores)
    if d == D_DEPLOY_TROOPS:
        return deploy_troops_decision(state, mask, scores)
    if d == D_LEAD_CHIT or d == D_PROP_DISCARD:
        return lowest_chit(mask)
    if d == D_REDEPLOY_POLICE or d == D_REDEPLOY_TROOPS:
        # 6.3.1: move a piece while some move gains; markers go at Reset (6.4)
        police = d == D_REDEPLOY_POLICE
        scores[A_STOP] = 0.1
        gains = local_array(N_MAP_SPACES, np.float64)     # what one more piece adds in each space it may go to
        gains[:] = NEG
        for t in range(N_MAP_SPACES):
            if police:
                if SPACE_KIND[t] == RAILWAY or cubes(state, t) > 0:
                    gains[t] = police_marginal(state, t, state[at(t, POLICE)] + 1, YES)
            elif SPACE_KIND[t] != DISTRICT:
                gains[t] = troop_marginal(state, t, state[at(t, TROOPS)] + 1, YES)
        for src in range(N_MAP_SPACES):
            if not mask[A_SPACE + src]:
                continue
            piece = POLICE if police else TROOPS
            k = state[at(src, piece)]
            loss = police_marginal(state, src, k, YES) if police else troop_marginal(state, src, k, YES)
            best = NEG
            for t in range(N_MAP_SPACES):
                if t != src:
                    best = max(best, gains[t])
            scores[A_SPACE + src] = best - loss
        return pick(state, scores, mask)
    if d == D_REDEPLOY_POLICE_TO or d == D_REDEPLOY_TROOPS_TO:
        for t in range(N_MAP_SPACES):
            if mask[A_SPACE + t]:
                if d == D_REDEPLOY_POLICE_TO:
                    scores[A_SPACE + t] = police_marginal(state, t, state[at(t, POLICE)] + 1, YES)
                else:
                    scores[A_SPACE + t] = troop_marginal(state, t, state[at(t, TROOPS)] + 1, YES)
        return pick(state, scores, mask)
    return fallback(state, mask, np.int64(BRITISH), scores)


@njit(cache=True)
def fallback(state, mask, faction, scores):
    """Decisions without a rule here (the choices inside an event text): the
    preferred event side when one is offered, else a legal action chosen by the hash."""
    state = borrowed(state)
    card = state[CARD]
    for side in range(2):
        if mask[A_EVENT_SIDE + side]:
            scores[A_EVENT_SIDE + side] = event_value(state, faction, card, side)
    for a in range(N_ACTIONS):
        if mask[a] and scores[a] == NEG:
            scores[a] = -2.0
    return pick(state, scores, mask)


@njit(cache=True, inline="always")
def answer(state, mask, memo, a, scored):
    """The bot's answer ``a``: its switch's choice when ``scored`` (a legal
    action by the hash when the switch had none), else the only legal action.
    The memo's kept values are cleared except after the box decision that
    kept them (engine/coin/bots.py)."""
    if scored:
        if a < 0 or not mask[a]:
            a = hash_legal(state, mask)
        elif pending(state) == D_BOX:
            return a               # the box decision kept its Operation values, or cleared them
    memo[MEMO_SEAT] = 0            # kept values serve only the Operation decision right after their box
    return a


@njit(cache=True)
def irgun_action(state, mask, memo, scores):
    """The Irgun bot: :func:`bot_action` for the Irgun; ``scores`` (all NEG
    on entry) is left holding the values it weighed."""
    # views with no reference counting below this kernel (engine/borrow.py); the caller holds the arrays
    state, mask, memo, scores = borrowed(state), borrowed(mask), borrowed(memo), borrowed(scores)
    a = only_legal(mask)           # one legal action: nothing to score
    if a < 0:
        a = answer(state, mask, memo, irgun_choice(state, mask, memo, scores), YES)
    else:
        a = answer(state, mask, memo, a, NO)
    return a


@njit(cache=True)
def british_action(state, mask, memo, scores):
    """The British bot: :func:`bot_action` for the British; ``scores`` (all
    NEG on entry) is left holding the values it weighed."""
    # views with no reference counting below this kernel (engine/borrow.py); the caller holds the arrays
    state, mask, memo, scores = borrowed(state), borrowed(mask), borrowed(memo), borrowed(scores)
    a = only_legal(mask)           # one legal action: nothing to score
    if a < 0:
        a = answer(state, mask, memo, british_choice(state, mask, memo, scores), YES)
    else:
        a = answer(state, mask, memo, a, NO)
    return a


@njit(cache=True)
def bot_action(state, mask, faction, memo):
    """The heuristic bot of ``faction`` (0 British, 1 Irgun): a legal action for
    the pending decision. ``mask`` must hold the legal mask of ``state``;
    ``memo`` (:func:`new_memo`, one per game, or a fresh one per call) carries
    a box decision's Operation values to the Operation decision after it.
    Each faction's bot is a kernel of its own (:func:`irgun_action`,
    :func:`british_action`): Python callers take the one they need, so the
    two compile side by side and neither waits for this join."""
    # views with no reference counting below this kernel (engine/borrow.py); the caller holds the arrays
    state, mask, memo = borrowed(state), borrowed(mask), borrowed(memo)
    a = only_legal(mask)           # one legal action: nothing to score, no scores to fill
    if a >= 0:
        a = answer(state, mask, memo, a, NO)
    else:
        scores = local_array(N_ACTIONS, np.float64)     # on this kernel's stack, no allocation
        scores[:] = NEG
        if faction == IRGUN:
            a = irgun_action(state, mask, memo, scores)
        else:
            a = british_action(state, mask, memo, scores)
    return a


@njit(cache=True)
def choose_action(policy, state, mask, stream, memo):
    """Fill the legal mask and return the action of ``policy`` (POLICY_*) for
    the faction to act; ``stream``: the random policy's one-slot generator;
    ``memo``: the game's bot memo (:func:`new_memo`)."""
    state, mask, memo = borrowed(state), borrowed(mask), borrowed(memo)
    legal_mask(state, mask)
    if policy == POLICY_HEURISTIC:
        return bot_action(state, mask, actor(state), memo)
    return uniform_legal(mask, stream)


# ------------------------------------------------------------- Python API --

def new_memo() -> np.ndarray:
    """An empty bot memo (engine/coin/bots.py): one per game for compiled
    play; a fresh one per call values every decision afresh, with the same
    choices."""
    return np.zeros(MEMO_SIZE, dtype=np.float64)


def choose(game, policy: str = "heuristic", rng=None) -> int:
    """The action ``policy`` picks for ``game.current_agent`` (a :class:`PalestineGame`).

    ``"heuristic"``: the faction's scripted bot (deterministic given the open
    information). ``"random"``: a uniformly random legal action from ``rng``
    (a ``numpy.random.Generator``; default one seeded from the game's seed
    and length). ``"trained"`` (the shipped network of the seat) or a policy
    file path (``.npz``): the network's arg-max over the legal actions.
    """
    from agents.trained import is_learned, load_network

    from ...errors import StateError, UnknownPolicyError

    learned = is_learned(policy)
    if policy not in POLICY_NAMES and not learned:
        raise UnknownPolicyError(f"unknown policy {policy!r} for palestine: use one of {', '.join(POLICY_NAMES)}, "
                                 "'trained' or a policy file (.npz)")
    if game.is_terminal():
        raise StateError("the game is over: no action to choose")
    if learned:
        network = load_network(policy, "palestine", game.current_agent)
        return int(network.act(game.observation()[None], game.legal_mask()[None])[0])
    if policy == "heuristic":
        from ...warmup import notice_once

        notice_once("palestine", "bots")
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    legal_mask(game.state, mask)
    if policy == "random":
        if rng is None:
            rng = np.random.default_rng((game.seed & 0x7FFFFFFFFFFFFFFF, len(game.history)))
        return int(rng.choice(np.flatnonzero(mask)))
    return scored_choice(game)[0]


def scored_choice(game) -> tuple[int, np.ndarray]:
    """The scripted bot's action for ``game.current_agent`` (the action
    :func:`choose` gives for "heuristic") and the value it gave each action
    (``NEG`` where it scored none)."""
    from ...warmup import notice_once

    notice_once("palestine", "bots")
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    legal_mask(game.state, mask)
    scores = np.full(N_ACTIONS, NEG)
    faction_bot = irgun_action if actor(game.state) == IRGUN else british_action
    return int(faction_bot(game.state, mask, new_memo(), scores)), scores


def opponent(env, seat: str = "irgun", policy: str = "heuristic"):
    """``env`` (a ``palestine_v0`` env) with ``seat`` played by ``policy``
    ("heuristic", "random", "trained" or a policy file): ``agent_iter()``
    yields only the other seat (:class:`BotOpponent`)."""
    from agents.trained import is_learned, load_network

    from ...envs.opponent import BotOpponent
    from ...errors import UnknownPolicyError

    if is_learned(policy):
        load_network(policy, "palestine", seat)          # checked now, not at the bot's first move
    elif policy not in POLICY_NAMES:
        raise UnknownPolicyError(f"unknown policy {policy!r} for palestine: use one of {', '.join(POLICY_NAMES)}, "
                                 "'trained' or a policy file (.npz)")
    return BotOpponent(env, {seat: lambda game: choose(game, policy)})
