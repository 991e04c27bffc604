"""Propaganda Round steps with no player choice: the Political Will Phase
(6.1) and the Reset's board clean-up (6.5). The Resources (6.2), Support
(6.3) and Redeploy (6.4) phases and Munich's Troops (A34) involve decisions
and come with the decision machinery."""

from ...engine.coin.header import RULE_PARAMETERS
from ...engine.jit import njit
from ..boards.palestine import CITY, DISTRICT, N_SPACES, RAILWAY, SPACE_KIND
from .layout import (
    AVAILABLE_BASES, AVAILABLE_GUERRILLAS, BASES, CAP_REBEL_COURTS, CAP_SHADED, CURFEW, GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND, IRREGULARS_ACTIVE, IRREGULARS_UNDERGROUND, OPPOSITION, PRISON_BASES, PRISON_GUERRILLAS,
    SABOTAGE,
)
from .parameters import (
    P_CLEAR_RAILWAYS_PER_WILL, P_CONTAINED_SPACES_PER_WILL, P_IRREGULARS_PER_WILL, P_REBEL_LEADERS_WILL,
    P_REBELLION_SPACE_WILL, P_SABOTAGED_RAILWAY_WILL,
)
from .pieces import at, british_pieces, guerrillas, irregulars_on_map, opposition_spaces, place_sabotage, rebel_pieces
from .resources import add_political_will, capability


@njit(cache=True)
def sabotage_railways(state):
    """6.1.1, first: a Sabotage marker on each Railway with more Guerrillas
    than British pieces, while any of the 15 is left (A-26)."""
    for s in range(N_SPACES):
        if SPACE_KIND[s] == RAILWAY and guerrillas(state, s) > british_pieces(state, s):
            place_sabotage(state, s)


@njit(cache=True)
def political_will_delta(state):
    """Net Political Will shift of the Political Will Phase (6.1), from the
    board after :func:`sabotage_railways`: -1 per Sabotaged Railway and +1 per
    two clear ones (6.1.1); -2 per City or District with more Rebel than
    British pieces and +1 per two with no Rebel piece and no Opposition
    (6.1.2); -1 per District with a Base (6.1.3); -1 per three Irregulars on
    the map (6.1.4); with REBEL COURTS shaded (A27), -1 per two spaces with
    Opposition. Each number of 6.1.1-6.1.4 is a rule parameter (parameters.py)."""
    delta = 0
    clear_railways = 0
    clear_spaces = 0
    for s in range(N_SPACES):
        kind = SPACE_KIND[s]
        if kind == RAILWAY:
            if state[at(s, SABOTAGE)] > 0:
                delta -= state[RULE_PARAMETERS + P_SABOTAGED_RAILWAY_WILL]
            else:
                clear_railways += 1
        elif kind == DISTRICT or kind == CITY:
            if rebel_pieces(state, s) > british_pieces(state, s):
                delta -= state[RULE_PARAMETERS + P_REBELLION_SPACE_WILL]
            if rebel_pieces(state, s) == 0 and state[at(s, OPPOSITION)] == 0:
                clear_spaces += 1
            if kind == DISTRICT and state[at(s, BASES)] > 0:
                delta -= state[RULE_PARAMETERS + P_REBEL_LEADERS_WILL]
    delta += clear_railways // state[RULE_PARAMETERS + P_CLEAR_RAILWAYS_PER_WILL]
    delta += clear_spaces // state[RULE_PARAMETERS + P_CONTAINED_SPACES_PER_WILL]
    delta -= irregulars_on_map(state) // state[RULE_PARAMETERS + P_IRREGULARS_PER_WILL]
    if capability(state, CAP_REBEL_COURTS, CAP_SHADED):
        delta -= opposition_spaces(state) // 2
    return delta


@njit(cache=True)
def political_will_phase(state):
    """6.1.1's Sabotage, then the net shift applied once within 0..20 (6.1
    note); the victory check (6.1.5, 6.1.6) is the caller's."""
    sabotage_railways(state)
    add_political_will(state, political_will_delta(state))


@njit(cache=True)
def reset_board(state):
    """Reset Phase (6.5), its first three steps: Curfews and Sabotage off the
    map, Prison to Available, every Guerrilla and Irregular Underground.
    Eligibility is not reset (2.3.6); A34's Troops are placed by the British
    after this."""
    for s in range(N_SPACES):
        state[at(s, CURFEW)] = 0
        state[at(s, SABOTAGE)] = 0
        state[at(s, GUERRILLAS_UNDERGROUND)] += state[at(s, GUERRILLAS_ACTIVE)]
        state[at(s, GUERRILLAS_ACTIVE)] = 0
        state[at(s, IRREGULARS_UNDERGROUND)] += state[at(s, IRREGULARS_ACTIVE)]
        state[at(s, IRREGULARS_ACTIVE)] = 0
    state[AVAILABLE_GUERRILLAS] += state[PRISON_GUERRILLAS]
    state[PRISON_GUERRILLAS] = 0
    state[AVAILABLE_BASES] += state[PRISON_BASES]
    state[PRISON_BASES] = 0
