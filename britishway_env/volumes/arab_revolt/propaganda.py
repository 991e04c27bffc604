"""Propaganda Round steps with no player choice: the Political Will Phase
(6.1) and the Reset's board clean-up (6.5). The Resources (6.2), Support
(6.3) and Redeploy (6.4) phases and Munich's Troops (A34) involve decisions
and come with the decision machinery."""

import numpy as np

from ...engine.coin.header import RULE_PARAMETERS
from ...engine.coin.propaganda import total_shift
from ...engine.borrow import borrowed, local_matrix
from ...engine.jit import njit
from ..boards.palestine import CITY, DISTRICT, N_SPACES, RAILWAY, SPACE_KIND
from .layout import (
    AVAILABLE_BASES, AVAILABLE_GUERRILLAS, BASES, CAP_REBEL_COURTS, CAP_SHADED, CURFEW, GUERRILLAS_ACTIVE,
    GUERRILLAS_UNDERGROUND, IRREGULARS_ACTIVE, IRREGULARS_UNDERGROUND, OPPOSITION, PRISON_BASES, PRISON_GUERRILLAS,
    SABOTAGE,
)
from .parameters import (
    P_CLEAR_RAILWAYS_PER_WILL, P_CONTAINED_SPACES_PER_WILL, P_IRREGULARS_PER_WILL, P_REBEL_LEADERS_WILL,
    P_REBEL_VICTORY_WILL, P_REBELLION_SPACE_WILL, P_SABOTAGED_RAILWAY_WILL,
)
from .pieces import at, british_pieces, guerrillas, irregulars_on_map, opposition_spaces, place_sabotage, rebel_pieces
from .resources import add_political_will, capability


@njit(cache=True)
def sabotage_railways(state):
    """6.1.1, first: a Sabotage marker on each Railway with more Guerrillas
    than British pieces, while any of the 15 is left (A-26)."""
    state = borrowed(state)
    for s in range(N_SPACES):
        if SPACE_KIND[s] == RAILWAY and guerrillas(state, s) > british_pieces(state, s):
            place_sabotage(state, s)


# The Political Will Phase's terms (6.1.1-6.1.4, REBEL COURTS A27), in the
# order :func:`political_will_terms` fills them: one row each of (applies,
# count, shift). A round's summary (britishway_env/summaries.py) names them.
TERM_SABOTAGED_RAILWAYS, TERM_CLEAR_RAILWAYS, TERM_REBELLION_SPACES, TERM_CONTAINED_SPACES, \
    TERM_REBEL_LEADERS, TERM_IRREGULARS, TERM_REBEL_COURTS = range(7)
N_TERMS = 7


@njit(cache=True)
def fill_political_will_terms(state, out):
    """:func:`political_will_terms` written into ``out``, an (N_TERMS, 3)
    array it clears first: :func:`political_will_delta` hands it one on its
    stack, so that an evaluation of the look-ahead bots allocates nothing."""
    state, out = borrowed(state), borrowed(out)
    out[:, :] = 0
    for s in range(N_SPACES):
        kind = SPACE_KIND[s]
        if kind == RAILWAY:
            if state[at(s, SABOTAGE)] > 0:
                out[TERM_SABOTAGED_RAILWAYS, 1] += 1
            else:
                out[TERM_CLEAR_RAILWAYS, 1] += 1
        elif kind == DISTRICT or kind == CITY:
            if rebel_pieces(state, s) > british_pieces(state, s):
                out[TERM_REBELLION_SPACES, 1] += 1
            if rebel_pieces(state, s) == 0 and state[at(s, OPPOSITION)] == 0:
                out[TERM_CONTAINED_SPACES, 1] += 1
            if kind == DISTRICT and state[at(s, BASES)] > 0:
                out[TERM_REBEL_LEADERS, 1] += 1
    out[TERM_IRREGULARS, 1] = irregulars_on_map(state)
    out[TERM_SABOTAGED_RAILWAYS, 2] = -out[TERM_SABOTAGED_RAILWAYS, 1] * state[RULE_PARAMETERS + P_SABOTAGED_RAILWAY_WILL]
    out[TERM_CLEAR_RAILWAYS, 2] = out[TERM_CLEAR_RAILWAYS, 1] // state[RULE_PARAMETERS + P_CLEAR_RAILWAYS_PER_WILL]
    out[TERM_REBELLION_SPACES, 2] = -out[TERM_REBELLION_SPACES, 1] * state[RULE_PARAMETERS + P_REBELLION_SPACE_WILL]
    out[TERM_CONTAINED_SPACES, 2] = out[TERM_CONTAINED_SPACES, 1] // state[RULE_PARAMETERS + P_CONTAINED_SPACES_PER_WILL]
    out[TERM_REBEL_LEADERS, 2] = -out[TERM_REBEL_LEADERS, 1] * state[RULE_PARAMETERS + P_REBEL_LEADERS_WILL]
    out[TERM_IRREGULARS, 2] = -(out[TERM_IRREGULARS, 1] // state[RULE_PARAMETERS + P_IRREGULARS_PER_WILL])
    for t in range(N_TERMS - 1):
        out[t, 0] = 1
    if capability(state, CAP_REBEL_COURTS, CAP_SHADED):
        out[TERM_REBEL_COURTS, 0] = 1
        out[TERM_REBEL_COURTS, 1] = opposition_spaces(state)
        out[TERM_REBEL_COURTS, 2] = -(out[TERM_REBEL_COURTS, 1] // 2)


@njit(cache=True)
def political_will_terms(state):
    """The Political Will Phase's terms (6.1), from the board after
    :func:`sabotage_railways`: -1 per Sabotaged Railway and +1 per two clear
    ones (6.1.1); -2 per City or District with more Rebel than British pieces
    and +1 per two with no Rebel piece and no Opposition (6.1.2); -1 per
    District with a Base (6.1.3); -1 per three Irregulars on the map (6.1.4);
    with REBEL COURTS shaded (A27), -1 per two spaces with Opposition. Each
    number of 6.1.1-6.1.4 is a rule parameter (parameters.py). An (N_TERMS, 3)
    array of rows (applies, count, shift): REBEL COURTS applies only while
    shaded in play; the counts are spaces, or Irregulars."""
    state = borrowed(state)
    out = np.empty((N_TERMS, 3), dtype=np.int64)
    fill_political_will_terms(state, out)
    return out


@njit(cache=True)
def political_will_delta(state):
    """Net Political Will shift of the Political Will Phase (6.1), from the
    board after :func:`sabotage_railways`: the sum of
    :func:`political_will_terms`' shifts."""
    state = borrowed(state)
    terms = local_matrix(N_TERMS, 3, np.int64)     # on the stack: the look-ahead bots evaluate with it
    fill_political_will_terms(state, terms)
    return total_shift(terms)


@njit(cache=True)
def political_will_phase(state):
    """6.1.1's Sabotage, then the net shift applied once within 0..20 (6.1
    note); the victory check (6.1.5, 6.1.6) is the caller's."""
    state = borrowed(state)
    sabotage_railways(state)
    add_political_will(state, political_will_delta(state))


@njit(cache=True)
def reset_board(state):
    """Reset Phase (6.5), its first three steps: Curfews and Sabotage off the
    map, Prison to Available, every Guerrilla and Irregular Underground.
    Eligibility is not reset (2.3.6); A34's Troops are placed by the British
    after this."""
    state = borrowed(state)
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


# What a round's summary (britishway_env/summaries.py) calls the round's phases
# (6.0) and the Political Will terms; the kind of a term's count, or
# "capability" for a term counted only while its capability is in play.
SUMMARY = {
    "phases": {0: ("6.1", "Political Will Phase"), 1: ("6.2", "Resources Phase"), 2: ("6.3", "Support Phase"),
               3: ("6.4", "Redeploy Phase"), 4: ("6.5", "Reset Phase")},
    "victory": ("6.1.5-6.1.6", "Victory check"),
    "insurgent_rule": "6.1.5, 7.0.1",
    "final_rule": "6.1.6, 7.0.2",
    "insurgent_win_parameter": P_REBEL_VICTORY_WILL,
    "terms": (("6.1.1", "Sabotaged Railways", "Railways"), ("6.1.1", "Railways without Sabotage (1 per 2)", "Railways"),
              ("6.1.2", "Cities or Districts with more Rebel than British pieces", "spaces"),
              ("6.1.2", "Cities or Districts without Rebel pieces or Opposition (1 per 2)", "spaces"),
              ("6.1.3", "Districts with a Rebel Base", "Districts"),
              ("6.1.4", "Irregulars on the map (1 per 3)", "Irregulars"),
              ("A27", "REBEL COURTS shaded: spaces with Opposition (1 per 2)", "capability")),
    "board": sabotage_railways,        # 6.1.1's Sabotage comes before the terms are counted
    "reset": reset_board,
}
