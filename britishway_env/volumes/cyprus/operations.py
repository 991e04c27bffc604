"""What Operations and Special Activities do in one space (3.2, 3.3, 4.2, 4.3).

Each kernel carries out one space's procedure with the choices already made
(passed as arguments); eligibility helpers say where a procedure may be
chosen. The decision layer (:mod:`turns`: spaces, counts, chits) calls these.
"""

from ...engine.coin.header import RULE_PARAMETERS
from ...engine.borrow import borrowed
from ...engine.jit import njit
from ..boards.cyprus import BASE, MOUNTAIN, N_MAP_SPACES, SPACE_KIND, TOWN, adjacency_matrix
from .layout import (
    ARMS_CACHES, AVAILABLE_CACHES, AVAILABLE_CELLS, AVAILABLE_POLICE, CAP_BLOCKADE, CAP_CORDON,
    CAP_HUMAN_RIGHTS, CAP_SHADED, CAP_SPECIAL_BRANCH, CAP_STREET_RIOTS, CAP_TURKISH_POLICE, CAP_UNSHADED,
    CAPABILITIES, OPINION, CELLS_ACTIVE, CELLS_UNDERGROUND, CURFEW, CURFEW_OWED, POLICE, PRISON, SABOTAGE, SPACE_FIELDS,
    SPACES, TOTAL_CURFEWS, TROOPS, CAP_ROAD_AMBUSHES, CAP_ROUGH_HANDLING,
)
from .parameters import (
    P_ASSAULT_CACHE_WILL, P_DIPLOMACY_CALM_TOWNS, P_INTERROGATE_CELLS_PER_CHIT, P_PROPAGANDIZE_OPINION_STEPS,
    P_SABOTAGE_CACHE_BONUS, P_SABOTAGE_ROLL_ABOVE,
)
from .resources import add_political_will, die, discard_highest_intel, draw_intel, map_total, place_sabotage, \
    shift_opinion

ADJACENT = adjacency_matrix()


@njit(cache=True)
def at(space, piece):
    return SPACES + space * SPACE_FIELDS + piece


@njit(cache=True, inline="always")
def capability(state, slot, side):
    """Is the capability in ``slot`` in play with ``side`` (CAP_UNSHADED/CAP_SHADED) (5.3)?"""
    return state[CAPABILITIES + slot] == side


@njit(cache=True)
def cells(state, s):
    state = borrowed(state)
    return state[at(s, CELLS_UNDERGROUND)] + state[at(s, CELLS_ACTIVE)]


@njit(cache=True)
def eoka_pieces(state, s):
    state = borrowed(state)
    return cells(state, s) + state[at(s, ARMS_CACHES)]


@njit(cache=True)
def cubes(state, s):
    """British pieces in a space: Troops and Police (1.4)."""
    state = borrowed(state)
    return state[at(s, TROOPS)] + state[at(s, POLICE)]


@njit(cache=True)
def is_town_or_mountain(s):
    return SPACE_KIND[s] == TOWN or SPACE_KIND[s] == MOUNTAIN


@njit(cache=True)
def cache_in_or_adjacent(state, s):
    state = borrowed(state)
    if state[at(s, ARMS_CACHES)] > 0:
        return True
    for t in range(N_MAP_SPACES):
        if ADJACENT[s, t] and state[at(t, ARMS_CACHES)] > 0:
            return True
    return False


@njit(cache=True)
def cache_room(state, s):
    """May an Arms Cache be placed in ``s`` from Available: never in a Base,
    at most two a space (1.3.4, 1.4.2, 5.1.1)?"""
    state = borrowed(state)
    return SPACE_KIND[s] != BASE and state[at(s, ARMS_CACHES)] < 2 and state[AVAILABLE_CACHES] > 0


@njit(cache=True)
def place_cache(state, s):
    state = borrowed(state)
    state[AVAILABLE_CACHES] -= 1
    state[at(s, ARMS_CACHES)] += 1


@njit(cache=True)
def remove_cache(state, s):
    state = borrowed(state)
    state[at(s, ARMS_CACHES)] -= 1
    state[AVAILABLE_CACHES] += 1


@njit(cache=True)
def place_cells(state, s, n):
    """Place up to ``n`` Underground Cells from Available (1.4.1, 1.4.3)."""
    state = borrowed(state)
    n = min(n, state[AVAILABLE_CELLS])
    state[AVAILABLE_CELLS] -= n
    state[at(s, CELLS_UNDERGROUND)] += n


@njit(cache=True)
def activate(state, s):
    """Flip one Underground Cell Active (1.4.3), if there is one."""
    state = borrowed(state)
    if state[at(s, CELLS_UNDERGROUND)] > 0:
        state[at(s, CELLS_UNDERGROUND)] -= 1
        state[at(s, CELLS_ACTIVE)] += 1


@njit(cache=True)
def move(state, src, dst, piece, n):
    state = borrowed(state)
    state[at(src, piece)] -= n
    state[at(dst, piece)] += n


@njit(cache=True)
def remove_police(state, s):
    state = borrowed(state)
    state[at(s, POLICE)] -= 1
    state[AVAILABLE_POLICE] += 1


@njit(cache=True)
def towns_marked(state):
    """Towns with a Sabotage or a Curfew marker (4.2.2, 6.4)."""
    state = borrowed(state)
    n = 0
    for s in range(N_MAP_SPACES):
        if SPACE_KIND[s] == TOWN and (state[at(s, SABOTAGE)] > 0 or state[at(s, CURFEW)] > 0):
            n += 1
    return n


# ---------------------------------------------------------------- Curfews --

@njit(cache=True)
def curfew_source_ok(state, s):
    """1.10: with no Curfew Available, one moves from elsewhere on the map."""
    state = borrowed(state)
    return state[at(s, CURFEW)] > 0 and state[CURFEW_OWED] != s + 1


@njit(cache=True)
def place_curfew(state, s):
    """Place a Curfew in Town ``s`` (1.10, 3.2.3): none if it has one, or has
    no British piece (a Curfew there would leave at once, rules decision
    C-3); from the pool, or, with all four on the map, one the British move
    from another Town (CURFEW_OWED: their choice comes next, D_CURFEW_FROM)."""
    state = borrowed(state)
    if SPACE_KIND[s] != TOWN or state[at(s, CURFEW)] > 0 or cubes(state, s) == 0:
        return
    if map_total(state, CURFEW) < TOTAL_CURFEWS:
        state[at(s, CURFEW)] = 1
    else:
        state[CURFEW_OWED] = s + 1


@njit(cache=True)
def move_owed_curfew(state, src):
    state = borrowed(state)
    dst = state[CURFEW_OWED] - 1
    state[at(src, CURFEW)] = 0
    state[at(dst, CURFEW)] = 1
    state[CURFEW_OWED] = 0


# ---------------------------------------------------------------- British --

@njit(cache=True)
def can_deploy_in(state, s):
    """Deploy selects Towns or Bases with more Troops than EOKA pieces (3.2.1)."""
    state = borrowed(state)
    kind = SPACE_KIND[s]
    return (kind == TOWN or kind == BASE) and state[at(s, TROOPS)] > eoka_pieces(state, s)


@njit(cache=True, inline="always")
def deploy_police(state, s):
    """Deploy: one Police from Available into the space (3.2.1, 1.4.1)."""
    if state[AVAILABLE_POLICE] > 0:
        state[AVAILABLE_POLICE] -= 1
        state[at(s, POLICE)] += 1


@njit(cache=True)
def can_patrol_to(state, s):
    """Patrol selects non-Mountain destinations with Cells (3.2.2)."""
    state = borrowed(state)
    return SPACE_KIND[s] != MOUNTAIN and cells(state, s) > 0


@njit(cache=True)
def patrol_capacity(state, s):
    """Cells Patrol may remove in one space: one per Police (3.2.2), one per
    two with SPECIAL BRANCH shaded (C17)."""
    state = borrowed(state)
    if capability(state, CAP_SPECIAL_BRANCH, CAP_SHADED):
        return state[at(s, POLICE)] // 2
    return state[at(s, POLICE)]


@njit(cache=True, inline="always")
def patrol_arrest(state, s, underground):
    """Patrol's removals in its one space (3.2.2): up to its capacity,
    ``underground`` of them Underground (paid for with Intel, counted in the
    capacity), the rest Active; all to Prison. Returns how many."""
    budget = patrol_capacity(state, s) - underground
    active = min(state[at(s, CELLS_ACTIVE)], max(0, budget))
    state[at(s, CELLS_ACTIVE)] -= active
    state[at(s, CELLS_UNDERGROUND)] -= underground
    state[PRISON] += active + underground
    return active + underground


@njit(cache=True)
def search_space(state, s, discard_intel):
    """Search's activation in one space after Troops moved in (3.2.3).

    Mountains and Bases: one Cell per cube. Towns: a Curfew (1.10) and one
    Cell per three cubes, or, when the British discard a chit, one Cell per
    cube and no Curfew. Returns the Cells Activated."""
    state = borrowed(state)
    n = cubes(state, s)
    per = n
    if SPACE_KIND[s] == TOWN and not discard_intel:
        per = n // 3
        place_curfew(state, s)
    flips = min(per, state[at(s, CELLS_UNDERGROUND)])
    state[at(s, CELLS_UNDERGROUND)] -= flips
    state[at(s, CELLS_ACTIVE)] += flips
    return flips


@njit(cache=True)
def assault_budget(state, s):
    """Pieces Assault may remove in a space: one per Troop, one per two Troops
    in Mountains (3.2.4)."""
    state = borrowed(state)
    if SPACE_KIND[s] == MOUNTAIN:
        return state[at(s, TROOPS)] // 2
    return state[at(s, TROOPS)]


@njit(cache=True)
def assault_remove_caches(state, s, budget, any_cells_block):
    """Arms Caches Assault removes: +1 Political Will (the rule parameter
    ``assault_cache_will``) and an Intel Chit each (3.2.4, 7.1). Returns the
    budget left."""
    state = borrowed(state)
    while budget > 0 and state[at(s, ARMS_CACHES)] > 0 and not (any_cells_block and cells(state, s) > 0):
        remove_cache(state, s)
        add_political_will(state, state[RULE_PARAMETERS + P_ASSAULT_CACHE_WILL])
        draw_intel(state)
        budget -= 1
    return budget


@njit(cache=True, inline="always")
def assault_space(state, s, underground, cells_removed_before, caches_first):
    """Assault in one space (3.2.4): Active Cells (and ``underground`` Cells paid
    with Intel) first, Arms Caches only when no Cell is left; with
    ``caches_first`` (GEORGIOS GRIVAS unshaded, C2) the Arms Caches go first.
    Cells alternate Available/Prison over the whole Operation, Available first
    (rules decision C-1). Returns the Operation's running count of Cells removed."""
    budget = assault_budget(state, s)
    if caches_first:
        budget = assault_remove_caches(state, s, budget, False)
    removed = cells_removed_before
    take_ug = min(underground, budget, state[at(s, CELLS_UNDERGROUND)])
    budget -= take_ug
    take_active = min(budget, state[at(s, CELLS_ACTIVE)])
    budget -= take_active
    state[at(s, CELLS_UNDERGROUND)] -= take_ug
    state[at(s, CELLS_ACTIVE)] -= take_active
    for _ in range(take_ug + take_active):
        if removed % 2 == 0:
            state[AVAILABLE_CELLS] += 1
        else:
            state[PRISON] += 1
        removed += 1
    assault_remove_caches(state, s, budget, True)
    return removed


@njit(cache=True)
def can_restore_in(state, s):
    """Restore: a space with Troops, Police and no EOKA (4.2.1)."""
    state = borrowed(state)
    return state[at(s, TROOPS)] > 0 and state[at(s, POLICE)] > 0 and eoka_pieces(state, s) == 0


@njit(cache=True, inline="always")
def restore(state, s):
    """Restore (4.2.1): the space's Curfew and Sabotage markers come off."""
    state[at(s, CURFEW)] = 0
    state[at(s, SABOTAGE)] = 0


@njit(cache=True)
def diplomacy(state):
    """Diplomacy (4.2.2): International Opinion one step left when three or
    fewer Towns (the rule parameter ``diplomacy_calm_towns``) have Sabotage
    or Curfew markers, otherwise only on a die above its current value."""
    state = borrowed(state)
    if towns_marked(state) <= state[RULE_PARAMETERS + P_DIPLOMACY_CALM_TOWNS]:
        shift_opinion(state, -1)
    elif die(state) > state[OPINION]:
        shift_opinion(state, -1)


@njit(cache=True)
def interrogate_draws(state, by_spaces):
    """Intel Chits Interrogate draws (4.2.3): one per two Cells in Prison (the
    rule parameter ``interrogate_cells_per_chit``), one per Cell with ROUGH
    HANDLING unshaded (C10); with SPECIAL BRANCH unshaded
    (C17) the British may instead take one per space with Police and Cells
    (``by_spaces``)."""
    state = borrowed(state)
    if by_spaces:
        n = 0
        for s in range(N_MAP_SPACES):
            if state[at(s, POLICE)] > 0 and cells(state, s) > 0:
                n += 1
        return n
    if capability(state, CAP_ROUGH_HANDLING, CAP_UNSHADED):
        return state[PRISON]
    return state[PRISON] // state[RULE_PARAMETERS + P_INTERROGATE_CELLS_PER_CHIT]


@njit(cache=True)
def interrogate(state, by_spaces):
    """Interrogate (4.2.3); with ROUGH HANDLING shaded (C10) it also lowers
    Political Will by 1."""
    state = borrowed(state)
    for _ in range(interrogate_draws(state, by_spaces)):
        draw_intel(state)
    if capability(state, CAP_ROUGH_HANDLING, CAP_SHADED):
        add_political_will(state, -1)


# ------------------------------------------------------------------- EOKA --

@njit(cache=True)
def recruit_limit(state, s):
    """Cells Recruit may place in a space (3.3.1): Mountains and Towns with no
    Curfew, with or next to an Arms Cache; two in a Mountain with an Arms
    Cache, else one; never in a Base."""
    state = borrowed(state)
    if not is_town_or_mountain(s) or state[at(s, CURFEW)] > 0 or not cache_in_or_adjacent(state, s):
        return 0
    if SPACE_KIND[s] == MOUNTAIN and state[at(s, ARMS_CACHES)] > 0:
        return 2
    return 1


@njit(cache=True, inline="always")
def travel_exposed(state, dst, n):
    """Do ``n`` Cells Travelling together into ``dst`` arrive Active (3.3.2)?
    Into a Base or a Curfew space when they and the cubes there exceed three.
    CORDON AND SEARCH (C18): unshaded, into a Curfew space always; shaded, a
    single Cell into a Curfew space never."""
    curfew = state[at(dst, CURFEW)] > 0
    if curfew and capability(state, CAP_CORDON, CAP_UNSHADED):
        return True
    if curfew and n == 1 and capability(state, CAP_CORDON, CAP_SHADED):
        return False
    return (SPACE_KIND[dst] == BASE or curfew) and n + cubes(state, dst) > 3


@njit(cache=True, inline="always")
def travel(state, src, dst, underground, active):
    """Travel moves Cells from one origin to one destination (3.3.2); they
    arrive Active or Underground (:func:`travel_exposed`). Returns True
    when they arrive Active."""
    n = underground + active
    state[at(src, CELLS_UNDERGROUND)] -= underground
    state[at(src, CELLS_ACTIVE)] -= active
    if travel_exposed(state, dst, n):
        state[at(dst, CELLS_ACTIVE)] += n
        return True
    state[at(dst, CELLS_UNDERGROUND)] += n
    return False


@njit(cache=True)
def can_sabotage_in(state, s):
    """Sabotage selects Towns or Bases with an Underground Cell (3.3.3)."""
    state = borrowed(state)
    return SPACE_KIND[s] != MOUNTAIN and state[at(s, CELLS_UNDERGROUND)] > 0


@njit(cache=True)
def sabotage_cell(state, s, use_active):
    """The Cell a Sabotage space uses (3.3.3): with STREET RIOTS unshaded (C23)
    a space with British pieces and more than one Cell first loses one to
    Available (an Active one when there is one: EOKA's choice, rules decision
    C-5); then an Underground Cell Activates, or, with ``use_active``
    (STREET RIOTS shaded), an Active Cell is used as it is."""
    state = borrowed(state)
    if capability(state, CAP_STREET_RIOTS, CAP_UNSHADED) and cubes(state, s) > 0 and cells(state, s) > 1:
        piece = CELLS_ACTIVE if state[at(s, CELLS_ACTIVE)] > 0 else CELLS_UNDERGROUND
        state[at(s, piece)] -= 1
        state[AVAILABLE_CELLS] += 1
    if not use_active:
        activate(state, s)


@njit(cache=True)
def sabotage_modifier(state, s, cache_spent):
    """What Sabotage adds to its die in ``s`` (3.3.3): the rule parameter
    ``sabotage_cache_bonus`` (2) for an Arms Cache spent, -1 per Police there
    (none with TURKISH POLICE unshaded, C31)."""
    state = borrowed(state)
    bonus = state[RULE_PARAMETERS + P_SABOTAGE_CACHE_BONUS] if cache_spent else 0
    police = 0 if capability(state, CAP_TURKISH_POLICE, CAP_UNSHADED) else state[at(s, POLICE)]
    return bonus - police


@njit(cache=True, inline="always")
def sabotage_roll(state, s, cache_from):
    """Sabotage's roll in one space (3.3.3): an Arms Cache spent (1.6.2) from
    ``cache_from`` (the space or an adjacent one, -1 for none) adds 2; each
    Police there subtracts 1 (not with TURKISH POLICE, C31). Above 2 places a
    Sabotage marker, if one of the 15 is left (C-29). The 2 added and the 2
    to beat are the rule parameters ``sabotage_cache_bonus`` and
    ``sabotage_roll_above``. Returns the modified roll."""
    if cache_from >= 0:
        remove_cache(state, cache_from)
    result = die(state) + sabotage_modifier(state, s, cache_from >= 0)
    if result > state[RULE_PARAMETERS + P_SABOTAGE_ROLL_ABOVE]:
        place_sabotage(state, s)
    return result


@njit(cache=True)
def can_ambush_in(state, s):
    """Ambush selects Towns with an Underground Cell (3.3.4)."""
    state = borrowed(state)
    return SPACE_KIND[s] == TOWN and state[at(s, CELLS_UNDERGROUND)] > 0


@njit(cache=True)
def ambush_cache_space_ok(state, s, t):
    """Where a successful Ambush in ``s`` places its Arms Cache: ``s`` or an
    adjacent Town or Mountain, within stacking (3.3.4, 1.4.2)."""
    state = borrowed(state)
    return (t == s or (ADJACENT[s, t] == 1 and is_town_or_mountain(t))) and cache_room(state, t)


@njit(cache=True)
def ambush_space(state, s, lorries):
    """Ambush in one space up to its roll (3.3.4): Activate a Cell, remove a
    Police if there is one, roll. ROAD AMBUSHES (C32): unshaded, in a space
    with Troops the Activated Cell goes to Available too; shaded, with
    ``lorries`` no Police goes and success lowers Political Will by 1.
    Returns True when the roll beats the cubes left (an Arms Cache is due)."""
    state = borrowed(state)
    activate(state, s)
    if not lorries and state[at(s, POLICE)] > 0:
        remove_police(state, s)
    if capability(state, CAP_ROAD_AMBUSHES, CAP_UNSHADED) and state[at(s, TROOPS)] > 0:
        state[at(s, CELLS_ACTIVE)] -= 1
        state[AVAILABLE_CELLS] += 1
    success = die(state) > cubes(state, s)
    if success and lorries:
        add_political_will(state, -1)
    return success


@njit(cache=True)
def smuggle_place_ok(state, s):
    """Smuggle places an Arms Cache in a Mountain or Town with a Cell and no
    cubes (4.3.1); ROYAL NAVY BLOCKADE shaded (C9): in any Mountain or Town."""
    state = borrowed(state)
    if not is_town_or_mountain(s) or not cache_room(state, s):
        return False
    if capability(state, CAP_BLOCKADE, CAP_SHADED):
        return True
    return cells(state, s) > 0 and cubes(state, s) == 0


@njit(cache=True)
def smuggle_move_ok(state, src, dst):
    """Smuggle moves an Arms Cache from a space with a Cell to an adjacent
    Mountain or Town with a Cell (4.3.1; C9 shaded: any adjacent Mountain or
    Town, rules decision C-7), within stacking."""
    state = borrowed(state)
    if src == dst or ADJACENT[src, dst] == 0 or state[at(src, ARMS_CACHES)] == 0 or cells(state, src) == 0:
        return False
    if not is_town_or_mountain(dst) or state[at(dst, ARMS_CACHES)] >= 2:
        return False
    return cells(state, dst) > 0 or capability(state, CAP_BLOCKADE, CAP_SHADED)


@njit(cache=True)
def smuggle_place(state, s):
    """Smuggle's placement (4.3.1): with ROYAL NAVY BLOCKADE unshaded (C9) only
    on a die above 3, else the Special Activity is spent for nothing."""
    state = borrowed(state)
    if capability(state, CAP_BLOCKADE, CAP_UNSHADED) and die(state) <= 3:
        return
    place_cache(state, s)


@njit(cache=True)
def can_infiltrate_in(state, s):
    """Infiltrate: Police present and at least as many Underground Cells (4.3.2)."""
    state = borrowed(state)
    return state[at(s, POLICE)] > 0 and state[at(s, CELLS_UNDERGROUND)] >= state[at(s, POLICE)]


@njit(cache=True)
def can_assassinate_in(state, s):
    """ASSASSINATIONS shaded (C25): instead, any space with Police and an Underground Cell."""
    state = borrowed(state)
    return state[at(s, POLICE)] > 0 and state[at(s, CELLS_UNDERGROUND)] > 0


@njit(cache=True)
def infiltrate(state, s, police, replace, discard):
    """Infiltrate's procedure (4.3.2): a Police removed (``police``) and replaced
    by a Cell (``replace``; just removed when no Cell is Available, 1.4.1),
    then the highest chit the British hold discarded (``discard``). The
    capabilities (C25, C31) decide the flags."""
    state = borrowed(state)
    if police:
        remove_police(state, s)
    if replace:
        place_cells(state, s, 1)
    if discard:
        discard_highest_intel(state)


@njit(cache=True)
def can_propagandize_in(state, s, need_cell):
    """Propagandize: a space with a Cell (unless ``need_cell`` is False,
    SCHOOL CHILDREN REVOLT shaded, C8) and a Sabotage or Curfew marker (4.3.3)."""
    state = borrowed(state)
    if need_cell and cells(state, s) == 0:
        return False
    return state[at(s, SABOTAGE)] > 0 or state[at(s, CURFEW)] > 0


@njit(cache=True)
def propagandize(state, s, opinion):
    """Propagandize (4.3.3): Activate a Cell if all there are Underground;
    then Political Will -1 (a Sabotage marker there), or, with ``opinion``,
    International Opinion two steps right (a Curfew there: the rule parameter
    ``propagandize_opinion_steps``; at most one step with HUMAN RIGHTS
    COMMITTEES unshaded, C13)."""
    state = borrowed(state)
    if state[at(s, CELLS_ACTIVE)] == 0:
        activate(state, s)
    if opinion:
        steps = state[RULE_PARAMETERS + P_PROPAGANDIZE_OPINION_STEPS]
        shift_opinion(state, min(1, steps) if capability(state, CAP_HUMAN_RIGHTS, CAP_UNSHADED) else steps)
    else:
        add_political_will(state, -1)
