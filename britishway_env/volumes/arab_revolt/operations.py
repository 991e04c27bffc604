"""What Operations, Special Activities and chits do in one space (1.7, 1.8,
3.2, 3.3, 4.2, 4.3).

Each kernel carries out one space's procedure with the choices already made
(passed as arguments); the ``can_*`` helpers say where a procedure may be
chosen. The decision layer (:mod:`turns`) calls these. Readings of what the
rulebook leaves open are in docs/design/arab_revolt_decisions.md.
"""

import numpy as np

from ...engine.coin.header import RULE_PARAMETERS
from ...engine.borrow import borrowed
from ...engine.jit import njit
from ..boards.palestine import CITY, DISTRICT, FOREIGN, N_SPACES, RAILWAY, SPACE_KIND, adjacency_matrix
from .layout import (
    AVAILABLE_BASES, AVAILABLE_GUERRILLAS, AVAILABLE_IRREGULARS, AVAILABLE_POLICE, AVAILABLE_TROOPS, BASES,
    CAP_HUMAN_SHIELDS, CAP_MASS_DETENTION, CAP_SHADED, CAP_TEGART_FORTS, CAP_UNSHADED, CURFEW, GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND, IRREGULARS_ACTIVE, IRREGULARS_UNDERGROUND, OPPOSITION, POLICE, PRISON_BASES,
    OP_AMBUSH, OP_ASSAULT, OP_DEPLOY, OP_MARCH, OP_PATROL, OP_RALLY, OP_SABOTAGE, OP_SWEEP, PRISON_GUERRILLAS,
    SABOTAGE, TROOPS,
)
from .parameters import P_ASSAULT_OPPOSITION_CUBES
from .pieces import (
    at, british_pieces, cubes, guerrillas, in_play, irregulars, is_palestine, lift_curfews, place_sabotage,
    rebel_pieces, takes_markers,
)
from .resources import capability, shift_unity

ADJACENT = adjacency_matrix(include_foreign=True)


def _operation_spaces():
    """``OPERATION_SPACES[op, s]``: 1 where Operation ``op`` may act in space
    ``s`` at all, by its kind: Deploy and Sweep in Districts and Cities
    (3.2.1, 3.2.3), Patrol in Cities and Railways (3.2.2), Assault, Sabotage
    and Ambush in Palestine (3.2.4, 3.3.3, 3.3.4), Rally anywhere but a
    Railway (3.3.1), March anywhere (3.3.2). Each Operation's space rule below
    tests it first, so a space it rules out is one no rule of the Operation
    takes, and :func:`turns.op_feasible` skips it."""
    kinds = np.zeros((8, 4), dtype=np.int8)
    kinds[OP_DEPLOY, [DISTRICT, CITY]] = 1
    kinds[OP_SWEEP, [DISTRICT, CITY]] = 1
    kinds[OP_PATROL, [CITY, RAILWAY]] = 1
    for op in (OP_ASSAULT, OP_SABOTAGE, OP_AMBUSH):
        kinds[op, [DISTRICT, CITY, RAILWAY]] = 1
    kinds[OP_RALLY, [DISTRICT, CITY, FOREIGN]] = 1
    kinds[OP_MARCH, :] = 1
    return kinds[:, SPACE_KIND].copy()


OPERATION_SPACES = _operation_spaces()


@njit(cache=True, inline="always")
def available_field(piece):
    """The Available box of a piece kind (placed pieces go in Underground, 1.4.3)."""
    if piece == TROOPS:
        return AVAILABLE_TROOPS
    if piece == POLICE:
        return AVAILABLE_POLICE
    if piece == IRREGULARS_UNDERGROUND or piece == IRREGULARS_ACTIVE:
        return AVAILABLE_IRREGULARS
    if piece == GUERRILLAS_UNDERGROUND or piece == GUERRILLAS_ACTIVE:
        return AVAILABLE_GUERRILLAS
    return AVAILABLE_BASES


@njit(cache=True)
def place_from_available(state, s, piece):
    """Place one ``piece`` (Guerrillas and Irregulars Underground, 1.4.3) in
    ``s`` from Available; False if none is Available."""
    state = borrowed(state)
    f = available_field(piece)
    if state[f] == 0:
        return False
    state[f] -= 1
    state[at(s, piece)] += 1
    return True


@njit(cache=True)
def on_map(state, s, piece):
    """Pieces of ``piece``'s kind in ``s`` (both states for Guerrillas and Irregulars)."""
    state = borrowed(state)
    if piece == GUERRILLAS_UNDERGROUND:
        return guerrillas(state, s)
    if piece == IRREGULARS_UNDERGROUND:
        return irregulars(state, s)
    return state[at(s, piece)]


@njit(cache=True)
def take_source_ok(state, piece, dst, src):
    """May a ``piece`` to be placed in ``dst`` be taken from ``src`` (1.4.1)?
    Only when none is Available; any map space holding one (never Prison or
    Out of Play); a Guerrilla or Irregular may come from ``dst`` itself (it
    goes back Underground), a cube or Base from elsewhere."""
    state = borrowed(state)
    if state[available_field(piece)] > 0 or on_map(state, src, piece) == 0:
        return False
    if src == dst:
        return piece == GUERRILLAS_UNDERGROUND or piece == IRREGULARS_UNDERGROUND
    return True


@njit(cache=True)
def any_take_source(state, piece, dst):
    state = borrowed(state)
    for src in range(N_SPACES):
        if take_source_ok(state, piece, dst, src):
            return True
    return False


@njit(cache=True)
def take_and_place(state, piece, src, dst):
    """Move a piece taken from the map at ``src`` to ``dst`` (1.4.1): of
    Guerrillas and Irregulars an Active one if ``src`` has one, placed
    Underground (docs/design/arab_revolt_decisions.md)."""
    state = borrowed(state)
    if piece == GUERRILLAS_UNDERGROUND:
        if state[at(src, GUERRILLAS_ACTIVE)] > 0:
            state[at(src, GUERRILLAS_ACTIVE)] -= 1
        else:
            state[at(src, GUERRILLAS_UNDERGROUND)] -= 1
    elif piece == IRREGULARS_UNDERGROUND:
        if state[at(src, IRREGULARS_ACTIVE)] > 0:
            state[at(src, IRREGULARS_ACTIVE)] -= 1
        else:
            state[at(src, IRREGULARS_UNDERGROUND)] -= 1
    else:
        state[at(src, piece)] -= 1
    state[at(dst, piece)] += 1
    lift_curfews(state)


@njit(cache=True)
def supply(state, piece, dst, from_map):
    """Pieces of ``piece``'s kind that could be placed in ``dst``: Available,
    plus (``from_map``) those the map could give once the Available ones are
    placed (1.4.1)."""
    state = borrowed(state)
    n = state[available_field(piece)]
    if from_map:
        guerrilla_like = piece == GUERRILLAS_UNDERGROUND or piece == IRREGULARS_UNDERGROUND
        for src in range(N_SPACES):
            if src != dst or guerrilla_like:
                n += on_map(state, src, piece)
    return n


@njit(cache=True)
def move(state, src, dst, piece, n):
    state = borrowed(state)
    state[at(src, piece)] -= n
    state[at(dst, piece)] += n


@njit(cache=True)
def activate_guerrillas(state, s, n):
    """Activate up to ``n`` Underground Guerrillas in ``s`` (1.4.3); how many."""
    state = borrowed(state)
    k = min(n, state[at(s, GUERRILLAS_UNDERGROUND)])
    state[at(s, GUERRILLAS_UNDERGROUND)] -= k
    state[at(s, GUERRILLAS_ACTIVE)] += k
    return k


@njit(cache=True)
def activate_irregular(state, s):
    state = borrowed(state)
    state[at(s, IRREGULARS_UNDERGROUND)] -= 1
    state[at(s, IRREGULARS_ACTIVE)] += 1


@njit(cache=True)
def remove_guerrilla(state, s, to_prison, underground_first):
    """One Guerrilla leaves ``s`` to Available or Prison (1.3.6, 1.4.1)."""
    state = borrowed(state)
    if (underground_first and state[at(s, GUERRILLAS_UNDERGROUND)] > 0) or state[at(s, GUERRILLAS_ACTIVE)] == 0:
        state[at(s, GUERRILLAS_UNDERGROUND)] -= 1
    else:
        state[at(s, GUERRILLAS_ACTIVE)] -= 1
    if to_prison:
        state[PRISON_GUERRILLAS] += 1
    else:
        state[AVAILABLE_GUERRILLAS] += 1


@njit(cache=True)
def remove_irregular(state, s):
    """One Irregular leaves ``s`` to Available, an Underground one first."""
    state = borrowed(state)
    if state[at(s, IRREGULARS_UNDERGROUND)] > 0:
        state[at(s, IRREGULARS_UNDERGROUND)] -= 1
    else:
        state[at(s, IRREGULARS_ACTIVE)] -= 1
    state[AVAILABLE_IRREGULARS] += 1
    lift_curfews(state)


@njit(cache=True)
def remove_police(state, s):
    state = borrowed(state)
    state[at(s, POLICE)] -= 1
    state[AVAILABLE_POLICE] += 1
    lift_curfews(state)


@njit(cache=True)
def remove_base(state, s, to_prison):
    state = borrowed(state)
    state[at(s, BASES)] -= 1
    if to_prison:
        state[PRISON_BASES] += 1
    else:
        state[AVAILABLE_BASES] += 1


# ------------------------------------------------------ British Operations --

@njit(cache=True)
def is_district_or_city(s):
    return SPACE_KIND[s] == DISTRICT or SPACE_KIND[s] == CITY


@njit(cache=True)
def can_deploy_in(state, s):
    """3.2.1: a District or City with more British than Rebel pieces."""
    state = borrowed(state)
    return OPERATION_SPACES[OP_DEPLOY, s] == 1 and british_pieces(state, s) > rebel_pieces(state, s)


@njit(cache=True)
def can_patrol_to(state, s):
    """3.2.2: a City or Railway."""
    state = borrowed(state)
    return OPERATION_SPACES[OP_PATROL, s] == 1


@njit(cache=True)
def can_sweep_to(state, s):
    """3.2.3: a City or District."""
    state = borrowed(state)
    return OPERATION_SPACES[OP_SWEEP, s] == 1


@njit(cache=True)
def can_assault_in(state, s):
    """3.2.4: a space in Palestine with British cubes and Rebel pieces."""
    state = borrowed(state)
    return OPERATION_SPACES[OP_ASSAULT, s] == 1 and cubes(state, s) > 0 and rebel_pieces(state, s) > 0


@njit(cache=True)
def assault_budget(state, s):
    """Active Rebel pieces Assault removes in ``s`` (3.2.4): per Troop in a
    Neutral District, per cube in a Neutral City or a Railway, per two Troops
    in an Opposition District, per two cubes in an Opposition City (two: the
    rule parameter ``assault_opposition_cubes``)."""
    state = borrowed(state)
    opposed = state[at(s, OPPOSITION)] > 0
    per = state[RULE_PARAMETERS + P_ASSAULT_OPPOSITION_CUBES]
    if SPACE_KIND[s] == DISTRICT:
        troops = state[at(s, TROOPS)]
        return troops // per if opposed else troops
    n = cubes(state, s)
    return n // per if opposed else n


@njit(cache=True)
def assault_space(state, s):
    """Assault in ``s`` (3.2.4): Active Guerrillas first, Bases only once no
    Guerrilla is left (even Underground), each Base shifting Unity one step
    toward Decentralized (6.6.1); what is removed goes to Available."""
    state = borrowed(state)
    budget = assault_budget(state, s)
    k = min(budget, state[at(s, GUERRILLAS_ACTIVE)])
    state[at(s, GUERRILLAS_ACTIVE)] -= k
    state[AVAILABLE_GUERRILLAS] += k
    budget -= k
    if guerrillas(state, s) == 0:
        b = min(budget, state[at(s, BASES)])
        for _ in range(b):
            remove_base(state, s, False)
            shift_unity(state, -1)


@njit(cache=True)
def patrol_activation(state, s):
    """3.2.2: on a selected Railway, one Guerrilla Activated per cube there."""
    state = borrowed(state)
    if SPACE_KIND[s] == RAILWAY:
        activate_guerrillas(state, s, cubes(state, s))


@njit(cache=True)
def sweep_activation(state, s, with_irregular):
    """3.2.3: one Guerrilla per two cubes, or per cube when the British
    Activate an Underground Irregular there."""
    state = borrowed(state)
    if with_irregular:
        activate_irregular(state, s)
        activate_guerrillas(state, s, cubes(state, s))
    else:
        activate_guerrillas(state, s, cubes(state, s) // 2)


@njit(cache=True)
def sweep_irregular_helps(state, s):
    """Activating an Irregular would Activate more Guerrillas in ``s``."""
    state = borrowed(state)
    return state[at(s, IRREGULARS_UNDERGROUND)] > 0 \
        and state[at(s, GUERRILLAS_UNDERGROUND)] > cubes(state, s) // 2 and cubes(state, s) > 0


@njit(cache=True)
def place_curfew_ok(state, s, curfews_available):
    """Deploy's Curfew step may place one in a selected space with none (3.2.1, 1.12)."""
    state = borrowed(state)
    return state[at(s, CURFEW)] == 0 and curfews_available > 0 and takes_markers(s) and british_pieces(state, s) > 0


# -------------------------------------------------------- Rebel Operations --

@njit(cache=True)
def can_rally_in(state, s, foreign_assistance):
    """3.3.1: a non-Railway space in play with no Curfew and with Rebel pieces
    or Opposition; Foreign Assistance (6.2.3): any Foreign Country in play."""
    state = borrowed(state)
    if not in_play(state, s) or OPERATION_SPACES[OP_RALLY, s] == 0:
        return False
    if foreign_assistance:
        return SPACE_KIND[s] == FOREIGN
    return state[at(s, CURFEW)] == 0 and (rebel_pieces(state, s) > 0 or state[at(s, OPPOSITION)] > 0)


@njit(cache=True)
def rally_limit(state, s):
    """3.3.1: one Guerrilla, up to two with a Base."""
    state = borrowed(state)
    return 2 if state[at(s, BASES)] > 0 else 1


@njit(cache=True)
def rally_opposition_ok(state, s):
    """3.3.1: a District selected for Rally with a Base, more Rebel than
    British pieces and no Opposition yet."""
    state = borrowed(state)
    return SPACE_KIND[s] == DISTRICT and state[at(s, BASES)] > 0 and state[at(s, OPPOSITION)] == 0 \
        and rebel_pieces(state, s) > british_pieces(state, s)


@njit(cache=True)
def march_destination_ok(state, src, dst):
    """3.3.2: an adjacent space in play."""
    state = borrowed(state)
    return dst != src and ADJACENT[src, dst] == 1 and in_play(state, dst)


@njit(cache=True)
def march_group_activates(state, src, dst, n):
    """3.3.2: a group turns Active entering a Railway or Curfew space when it
    and the British pieces there exceed three; TEGART FORTS (A28): any
    Guerrilla leaving a Foreign Country turns Active."""
    state = borrowed(state)
    if capability(state, CAP_TEGART_FORTS, CAP_UNSHADED) and SPACE_KIND[src] == FOREIGN:
        return True
    return (SPACE_KIND[dst] == RAILWAY or state[at(dst, CURFEW)] > 0) and n + british_pieces(state, dst) > 3


@njit(cache=True)
def can_sabotage_in(state, s):
    """3.3.3: a space in Palestine with an Underground Guerrilla."""
    state = borrowed(state)
    return OPERATION_SPACES[OP_SABOTAGE, s] == 1 and state[at(s, GUERRILLAS_UNDERGROUND)] > 0


@njit(cache=True)
def sabotage_space(state, s):
    """3.3.3: Activate an Underground Guerrilla; a Railway gets a Sabotage
    marker (if one of the 15 is left, A-26), a District or City Opposition if
    it has none."""
    state = borrowed(state)
    activate_guerrillas(state, s, 1)
    if SPACE_KIND[s] == RAILWAY:
        place_sabotage(state, s)
    else:
        state[at(s, OPPOSITION)] = 1


@njit(cache=True)
def can_ambush_in(state, s):
    """3.3.4: a space in Palestine with an Underground Guerrilla and a Police or Irregular."""
    state = borrowed(state)
    return OPERATION_SPACES[OP_AMBUSH, s] == 1 and state[at(s, GUERRILLAS_UNDERGROUND)] > 0 \
        and state[at(s, POLICE)] + irregulars(state, s) > 0


@njit(cache=True)
def ambush_target_ok(state, s, irregular):
    """Ambush may remove a Police (``irregular`` False) or an Irregular in ``s``."""
    state = borrowed(state)
    if not can_ambush_in(state, s):
        return False
    return irregulars(state, s) > 0 if irregular else state[at(s, POLICE)] > 0


@njit(cache=True)
def ambush_space(state, s, irregular):
    """3.3.4: Activate an Underground Guerrilla and remove a Police or an
    Irregular (an Underground one first)."""
    state = borrowed(state)
    activate_guerrillas(state, s, 1)
    if irregular:
        remove_irregular(state, s)
    else:
        remove_police(state, s)


# ------------------------------------------------------ Special Activities --

@njit(cache=True)
def can_punish_in(state, s):
    """4.2.1: a District or City with Troops."""
    state = borrowed(state)
    return is_district_or_city(s) and state[at(s, TROOPS)] > 0


@njit(cache=True)
def fine_railway_ok(state, s, r):
    """Fine (1.7.2): a Railway adjacent to ``s`` with a Sabotage marker."""
    state = borrowed(state)
    return SPACE_KIND[r] == RAILWAY and ADJACENT[s, r] == 1 and state[at(r, SABOTAGE)] > 0


@njit(cache=True)
def detain(state, s, base_instead):
    """Detain (1.7.2): a Guerrilla to Prison, an Underground one first (or a
    Base, REBEL COURTS unshaded, A27), one more in a Curfew space with MASS
    DETENTION unshaded (A1); then Opposition if none (Mobilization)."""
    state = borrowed(state)
    if base_instead:
        remove_base(state, s, True)
    elif guerrillas(state, s) > 0:
        remove_guerrilla(state, s, True, True)
    if capability(state, CAP_MASS_DETENTION, CAP_UNSHADED) and state[at(s, CURFEW)] > 0 and guerrillas(state, s) > 0:
        remove_guerrilla(state, s, True, True)
    detain_mobilization(state, s)


@njit(cache=True)
def detain_mobilization(state, s):
    state = borrowed(state)
    if takes_markers(s):
        state[at(s, OPPOSITION)] = 1


@njit(cache=True)
def demolish(state, s):
    """Demolish (1.7.2): Opposition off, then an Available Guerrilla placed."""
    state = borrowed(state)
    state[at(s, OPPOSITION)] = 0
    demolish_mobilization(state, s)


@njit(cache=True)
def demolish_mobilization(state, s):
    state = borrowed(state)
    place_from_available(state, s, GUERRILLAS_UNDERGROUND)


@njit(cache=True)
def fine(state, r):
    """Fine (1.7.2): one Sabotage marker off Railway ``r``; with HUMAN SHIELDS
    shaded (A15) an Available Guerrilla takes its place."""
    state = borrowed(state)
    state[at(r, SABOTAGE)] -= 1
    if capability(state, CAP_HUMAN_SHIELDS, CAP_SHADED):
        place_from_available(state, r, GUERRILLAS_UNDERGROUND)


@njit(cache=True)
def can_divide_from(state, s):
    """4.2.2: a space in Palestine with an Underground Irregular and a
    Guerrilla in it or adjacent (in Palestine) to replace."""
    state = borrowed(state)
    if not is_palestine(s) or state[at(s, IRREGULARS_UNDERGROUND)] == 0:
        return False
    for t in range(N_SPACES):
        if divide_target_ok(state, s, t):
            return True
    return False


@njit(cache=True)
def divide_target_ok(state, s, t):
    """A Guerrilla Divide may replace: in or adjacent to ``s``, in Palestine
    (no British piece enters a Foreign Country, 1.4.2)."""
    state = borrowed(state)
    return (t == s or ADJACENT[s, t] == 1) and is_palestine(t) and guerrillas(state, t) > 0


@njit(cache=True)
def can_air_recon_in(state, s):
    """4.2.3: a District or Railway; offered where an Underground Guerrilla is."""
    state = borrowed(state)
    return (SPACE_KIND[s] == DISTRICT or SPACE_KIND[s] == RAILWAY) and state[at(s, GUERRILLAS_UNDERGROUND)] > 0


@njit(cache=True)
def can_mobilize_in(state, s):
    """4.3.1: a District with more Guerrillas than Irregulars, or a Foreign
    Country in play, with room for a Base (1.4.2) and a Base to place."""
    state = borrowed(state)
    if not in_play(state, s) or state[at(s, BASES)] >= 2:
        return False
    if SPACE_KIND[s] == DISTRICT:
        if guerrillas(state, s) <= irregulars(state, s):
            return False
    elif SPACE_KIND[s] != FOREIGN:
        return False
    return supply(state, BASES, s, True) > 0


@njit(cache=True)
def raid_source_ok(state, s, src):
    """4.3.3: Guerrillas come from an adjacent space with a Base."""
    state = borrowed(state)
    return ADJACENT[s, src] == 1 and state[at(src, BASES)] > 0 and guerrillas(state, src) > 0


@njit(cache=True)
def can_raid_in(state, s):
    """4.3.3: a space in play adjacent to a Base with Guerrillas to move;
    with HUMAN SHIELDS unshaded (A15), not a Railway next to a Curfew space."""
    state = borrowed(state)
    if not in_play(state, s):
        return False
    if capability(state, CAP_HUMAN_SHIELDS, CAP_UNSHADED) and SPACE_KIND[s] == RAILWAY:
        for t in range(N_SPACES):
            if ADJACENT[s, t] == 1 and state[at(t, CURFEW)] > 0:
                return False
    for src in range(N_SPACES):
        if raid_source_ok(state, s, src):
            return True
    return False


@njit(cache=True, inline="always")
def active_guerrilla_in_palestine(state, s):
    """An Operations chit effect's target (1.8.2): an Active Guerrilla in
    Palestine (the British never act in a Foreign Country, 1.3.7)."""
    return is_palestine(s) and state[at(s, GUERRILLAS_ACTIVE)] > 0


@njit(cache=True)
def chit_effect(state, s, value):
    """1.8.2: value 3 replaces an Active Guerrilla with an Available Irregular
    (removed only, if none is Available, 1.4.1); value 2 removes it."""
    state = borrowed(state)
    state[at(s, GUERRILLAS_ACTIVE)] -= 1
    state[AVAILABLE_GUERRILLAS] += 1
    if value == 3:
        place_from_available(state, s, IRREGULARS_UNDERGROUND)
