"""What Operations and Special Activities do in one space (3.2, 3.3, 4.2, 4.3).

Each kernel carries out one space's procedure with the choices already
made (passed as arguments); eligibility helpers say where a procedure may
be chosen. The decision layer (spaces, counts, chits) calls these.
"""

from ...engine.borrow import borrowed
from ...engine.jit import njit

from ...engine.coin.header import RULE_PARAMETERS
from ...engine.coin.propaganda import shift_political_will
from ..boards.palestine import CITY, DISTRICT, N_MAP_SPACES, RAILWAY, SPACE_KIND
from .layout import (
    ARMS_CACHES, AVAILABLE_CACHES, AVAILABLE_CELLS, AVAILABLE_POLICE, CAP_AIRBORNE, CAP_BEGIN,
    CAP_BEVINGRADS, CAP_FACTORIES, CAP_SHADED, CAP_UNSHADED, CAPABILITIES, CELLS_ACTIVE,
    CELLS_UNDERGROUND, CURFEW, POLICE, PRISON, PW_MAX, SABOTAGE, SPACE_FIELDS,
    SPACES, TERROR, TOTAL_CURFEWS, TROOPS,
)
from .parameters import P_ASSAULT_TROOPS_PER_PIECE, P_MASS_DETENTION_TROOPS, P_SABOTAGE_SUCCESS_ABOVE
from .resources import die, draw_intel, haganah_shift_left, map_total, markers_left


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
def irgun_pieces(state, s):
    state = borrowed(state)
    return cells(state, s) + state[at(s, ARMS_CACHES)]


@njit(cache=True)
def cubes(state, s):
    state = borrowed(state)
    return state[at(s, TROOPS)] + state[at(s, POLICE)]


def _adjacency():
    from ..boards.palestine import adjacency_matrix
    return adjacency_matrix(include_foreign=False)[:N_MAP_SPACES, :N_MAP_SPACES].copy()


ADJACENT = _adjacency()


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
def adjacent_district(city):
    """The one District adjacent to a City (4.2.3)."""
    for t in range(N_MAP_SPACES):
        if ADJACENT[city, t] and SPACE_KIND[t] == DISTRICT:
            return t
    return -1


@njit(cache=True)
def move(state, src, dst, piece, n):
    state = borrowed(state)
    state[at(src, piece)] -= n
    state[at(dst, piece)] += n


@njit(cache=True)
def add_political_will(state, delta):
    """Shift Political Will within 0..20 (1.8); the ways it rises and falls
    (7.1, 7.2) are each encoded in their own rule's kernel."""
    state = borrowed(state)
    shift_political_will(state, delta, PW_MAX)


# ---------------------------------------------------------------- British --

@njit(cache=True)
def can_deploy_in(state, s):
    """Deploy selects Districts or Cities with more Troops than Irgun pieces (3.2.1)."""
    state = borrowed(state)
    kind = SPACE_KIND[s]
    return (kind == DISTRICT or kind == CITY) and state[at(s, TROOPS)] > irgun_pieces(state, s)


@njit(cache=True, inline="always")
def deploy_police(state, s):
    """Deploy: one Police from Available into the space (3.2.1, 1.4.1)."""
    if state[AVAILABLE_POLICE] > 0:
        state[AVAILABLE_POLICE] -= 1
        state[at(s, POLICE)] += 1


@njit(cache=True, inline="always")
def patrol_arrest(state, s, underground):
    """Patrol's arrests in one destination (3.2.2): up to one Cell per Police,
    ``underground`` of them Underground (paid for with Intel), the rest
    Active; all to Prison. Returns the number arrested."""
    budget = state[at(s, POLICE)] - underground
    active = min(state[at(s, CELLS_ACTIVE)], max(0, budget))
    state[at(s, CELLS_ACTIVE)] -= active
    state[at(s, CELLS_UNDERGROUND)] -= underground
    state[PRISON] += active + underground
    return active + underground


@njit(cache=True)
def search_space(state, s, discard_intel):
    """Search's activation in one space after Troops moved in (3.2.3).

    Districts and Railways: one Cell per two cubes. Cities: a Curfew (if the
    City has none and one is left) and one Cell per three cubes (four with
    BEVINGRADS shaded, P17), or, when the British discard a chit, one Cell
    per cube and no Curfew.
    """
    state = borrowed(state)
    n = cubes(state, s)
    if SPACE_KIND[s] == CITY:
        if discard_intel:
            per = n
        else:
            per = n // (4 if capability(state, CAP_BEVINGRADS, CAP_SHADED) else 3)
            if state[at(s, CURFEW)] == 0 and map_total(state, CURFEW) < TOTAL_CURFEWS:
                state[at(s, CURFEW)] = 1
    else:
        per = n // 2
    flips = min(per, state[at(s, CELLS_UNDERGROUND)])
    state[at(s, CELLS_UNDERGROUND)] -= flips
    state[at(s, CELLS_ACTIVE)] += flips
    return flips


@njit(cache=True, inline="always")
def assault_space(state, s, underground, cells_removed_before):
    """Assault in one space (3.2.4): one piece per two Troops; Active Cells
    (and ``underground`` Cells paid with Intel) first, Arms Caches only when
    no Cell is left. Cells alternate Available/Prison over the whole
    Operation, Available first; each Arms Cache gives +1 Political Will and
    an Intel Chit. Returns the Operation's running count of Cells removed.

    Capabilities: 6TH AIRBORNE (P18) unshaded, one piece per Troop; shaded,
    every Cell to Available. MENACHEM BEGIN (P25) unshaded, +2 Political
    Will and two chits per Arms Cache instead."""
    budget = assault_budget(state, s)
    removed = cells_removed_before
    all_available = capability(state, CAP_AIRBORNE, CAP_SHADED)
    take_ug = min(underground, budget, state[at(s, CELLS_UNDERGROUND)])
    budget -= take_ug
    take_active = min(budget, state[at(s, CELLS_ACTIVE)])
    budget -= take_active
    state[at(s, CELLS_UNDERGROUND)] -= take_ug
    state[at(s, CELLS_ACTIVE)] -= take_active
    for _ in range(take_ug + take_active):
        if removed % 2 == 0 or all_available:
            state[AVAILABLE_CELLS] += 1
        else:
            state[PRISON] += 1
        removed += 1
    documents = capability(state, CAP_BEGIN, CAP_UNSHADED)
    while budget > 0 and cells(state, s) == 0 and state[at(s, ARMS_CACHES)] > 0:
        state[at(s, ARMS_CACHES)] -= 1
        state[AVAILABLE_CACHES] += 1
        add_political_will(state, 2 if documents else 1)
        draw_intel(state)
        if documents:
            draw_intel(state)
        budget -= 1
    return removed


@njit(cache=True)
def assault_budget(state, s):
    """Pieces Assault may remove in a space: one per two Troops (3.2.4; the
    ``assault_troops_per_piece`` parameter), one per Troop with 6TH AIRBORNE
    unshaded (P18)."""
    state = borrowed(state)
    if capability(state, CAP_AIRBORNE, CAP_UNSHADED):
        return state[at(s, TROOPS)]
    return state[at(s, TROOPS)] // state[RULE_PARAMETERS + P_ASSAULT_TROOPS_PER_PIECE]


@njit(cache=True)
def can_restore_in(state, s):
    """Restore: a space with Troops, Police and no Irgun (4.2.1)."""
    state = borrowed(state)
    return state[at(s, TROOPS)] > 0 and state[at(s, POLICE)] > 0 and irgun_pieces(state, s) == 0


@njit(cache=True, inline="always")
def restore(state, s):
    """Restore (4.2.1): Curfew and Sabotage off, Terror flipped to Sabotage."""
    state[at(s, CURFEW)] = 0
    state[at(s, SABOTAGE)] = state[at(s, TERROR)]
    state[at(s, TERROR)] = 0


@njit(cache=True)
def can_mass_detain_in(state, s):
    """Mass Detention: a City with a Curfew and at least three Troops (4.2.3;
    the ``mass_detention_troops`` parameter)."""
    state = borrowed(state)
    return SPACE_KIND[s] == CITY and state[at(s, CURFEW)] > 0 \
        and state[at(s, TROOPS)] >= state[RULE_PARAMETERS + P_MASS_DETENTION_TROOPS]


@njit(cache=True, inline="always")
def mass_detention_cells(state, city):
    """Cells Mass Detention may take: the City's and its District's (4.2.3)."""
    return cells(state, city) + cells(state, adjacent_district(city))


@njit(cache=True, inline="always")
def mass_detention_roll(state, city, roll_result):
    """Mass Detention (4.2.3): the die says how many Cells leave the City and
    its District; the part of the roll no Cell answers comes off Political
    Will at once. Returns how many Cells the British must now remove: the
    roll, or every Cell there when fewer (targeted pieces are affected to the
    maximum extent, 3.1). Which ones is theirs to choose (rules decision P-5),
    one at a time with :func:`detain`."""
    take = min(roll_result, mass_detention_cells(state, city))
    add_political_will(state, -(roll_result - take))
    return take


@njit(cache=True)
def detain(state, s, piece):
    """One Cell of kind ``piece`` (CELLS_UNDERGROUND or CELLS_ACTIVE) from ``s``
    to Prison by Mass Detention (4.2.3), to Available with 6TH AIRBORNE
    shaded (P18)."""
    state = borrowed(state)
    state[at(s, piece)] -= 1
    if capability(state, CAP_AIRBORNE, CAP_SHADED):
        state[AVAILABLE_CELLS] += 1
    else:
        state[PRISON] += 1


# ------------------------------------------------------------------ Irgun --

@njit(cache=True)
def recruit_limit(state, s):
    """Cells Recruit may place in a space (3.3.1): 2 with or next to an Arms
    Cache, else 1 in a City, else 0; never under a Curfew."""
    state = borrowed(state)
    if state[at(s, CURFEW)] > 0:
        return 0
    if cache_in_or_adjacent(state, s):
        return 2
    return 1 if SPACE_KIND[s] == CITY else 0


@njit(cache=True)
def place_cells(state, s, n):
    """Place ``n`` Underground Cells from Available (1.4.1, 1.4.3)."""
    state = borrowed(state)
    n = min(n, state[AVAILABLE_CELLS])
    state[AVAILABLE_CELLS] -= n
    state[at(s, CELLS_UNDERGROUND)] += n


@njit(cache=True, inline="always")
def travel(state, src, dst, underground, active):
    """Travel moves Cells from one origin to one destination (3.3.2): Active
    if the destination is a Railway or has a Curfew and the movers plus the
    cubes there exceed three, otherwise Underground. Returns True when they
    arrive Active."""
    n = underground + active
    state[at(src, CELLS_UNDERGROUND)] -= underground
    state[at(src, CELLS_ACTIVE)] -= active
    exposed = SPACE_KIND[dst] == RAILWAY or state[at(dst, CURFEW)] > 0
    if exposed and n + cubes(state, dst) > 3:
        state[at(dst, CELLS_ACTIVE)] += n
        return True
    state[at(dst, CELLS_UNDERGROUND)] += n
    return False


@njit(cache=True)
def sabotage_modifier(state, s, cache_spent):
    """What Sabotage (and Terror) add to the die in ``s`` (3.3.3, 4.3.3): +2
    for an Arms Cache spent, -1 per Police in the space."""
    state = borrowed(state)
    return (2 if cache_spent else 0) - state[at(s, POLICE)]


@njit(cache=True, inline="always")
def sabotage_space(state, s, cache_from, terror):
    """Sabotage in one space (3.3.3), with Terror (4.3.3) if asked.

    Activate an Underground Cell; an Arms Cache spent (1.6.2) from ``cache_from``
    (the space or an adjacent one, -1 for none) adds 2; each Police there
    subtracts 1. Above 2 (the ``sabotage_success_above`` parameter) places
    Sabotage (Terror: a Terror marker; at 6 or more two, and the Haganah
    Track shifts left). Returns the modified roll.

    Only the Sabotage/Terror markers off the map are placed: with none left a
    success places none (the Haganah shift at 6 stays; rules decision P-39).
    Capabilities: BEVINGRADS unshaded (P17) caps Terror at one marker (the
    Haganah shift at 6 stays, rules decision P-21); WEAPON FACTORIES
    unshaded (P32) removes the Activated Cell to Available on a rolled 1.
    """
    state[at(s, CELLS_UNDERGROUND)] -= 1
    state[at(s, CELLS_ACTIVE)] += 1
    if cache_from >= 0:
        state[at(cache_from, ARMS_CACHES)] -= 1
        state[AVAILABLE_CACHES] += 1
    rolled = die(state)
    if rolled == 1 and capability(state, CAP_FACTORIES, CAP_UNSHADED):
        state[at(s, CELLS_ACTIVE)] -= 1
        state[AVAILABLE_CELLS] += 1
    result = rolled + sabotage_modifier(state, s, cache_from >= 0)
    if result > state[RULE_PARAMETERS + P_SABOTAGE_SUCCESS_ABOVE]:
        left = markers_left(state)             # only markers off the map are placed (rules decision P-39)
        if terror:
            if result >= 6:
                state[at(s, TERROR)] += min(left, 1 if capability(state, CAP_BEVINGRADS, CAP_UNSHADED) else 2)
                haganah_shift_left(state)
            else:
                state[at(s, TERROR)] += min(left, 1)
        else:
            state[at(s, SABOTAGE)] += min(left, 1)
    return result


@njit(cache=True)
def can_rob_in(state, s):
    """Rob: a District or City with more Cells than Police (3.3.4)."""
    state = borrowed(state)
    kind = SPACE_KIND[s]
    return (kind == DISTRICT or kind == CITY) and cells(state, s) > state[at(s, POLICE)]


@njit(cache=True)
def rob_space(state, s):
    """Rob (3.3.4): above 2 on a die adds an Arms Cache (Available, at most
    two a space); with Police present an Underground Cell Activates. With
    WEAPON FACTORIES shaded (P32) no die is rolled: the Arms Cache comes."""
    state = borrowed(state)
    result = 6 if capability(state, CAP_FACTORIES, CAP_SHADED) else die(state)
    if result > 2 and state[AVAILABLE_CACHES] > 0 and state[at(s, ARMS_CACHES)] < 2:
        state[AVAILABLE_CACHES] -= 1
        state[at(s, ARMS_CACHES)] += 1
    if state[at(s, POLICE)] > 0 and state[at(s, CELLS_UNDERGROUND)] > 0:
        state[at(s, CELLS_UNDERGROUND)] -= 1
        state[at(s, CELLS_ACTIVE)] += 1
    return result


@njit(cache=True)
def can_silence_in(state, s):
    """Silence: Police present and at least as many Underground Cells (4.3.1)."""
    state = borrowed(state)
    return state[at(s, POLICE)] > 0 and state[at(s, CELLS_UNDERGROUND)] >= state[at(s, POLICE)]


@njit(cache=True, inline="always")
def silence(state, s):
    state[at(s, POLICE)] -= 1
    state[AVAILABLE_POLICE] += 1


@njit(cache=True)
def can_propagandize_in(state, s):
    """Propagandize: a City with a Cell and a Curfew (4.3.2)."""
    state = borrowed(state)
    return SPACE_KIND[s] == CITY and cells(state, s) > 0 and state[at(s, CURFEW)] > 0


@njit(cache=True, inline="always")
def propagandize(state, s, loss):
    """Activate a Cell if none is Active, then lower Political Will by ``loss``
    (1; 2 with MENACHEM BEGIN shaded, P25)."""
    if state[at(s, CELLS_ACTIVE)] == 0:
        state[at(s, CELLS_UNDERGROUND)] -= 1
        state[at(s, CELLS_ACTIVE)] += 1
    add_political_will(state, -loss)
