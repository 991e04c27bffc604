"""Propaganda Round phases with no player choice: Political Will (6.1) and Reset (6.4).

Expropriations, Intel, Haganah cooperation (6.2) and the Redeploys (6.3)
involve decisions and come with the decision machinery.
"""

import numpy as np

from ...engine.borrow import borrowed, local_matrix
from ...engine.jit import njit

from ...engine.coin.header import RULE_PARAMETERS
from ...engine.coin.propaganda import shift_political_will, total_shift
from ..boards.palestine import CITY, DISTRICT, N_MAP_SPACES, RAILWAY, SPACE_KIND
from .layout import (
    AVAILABLE_CELLS, CELLS_ACTIVE, CELLS_UNDERGROUND, CURFEW, FIRST_ELIGIBLE, IRGUN,
    POLITICAL_WILL, PRISON, PW_MAX, SABOTAGE, SPACE_FIELDS, SPACES, TERROR,
)
from .parameters import (
    P_CITY_SABOTAGE_LOSS, P_CITY_TERROR_LOSS, P_CLEAN_CITY_GAIN, P_DISTRICT_SABOTAGE_LOSS,
    P_IRGUN_VICTORY_POLITICAL_WILL, P_NO_RAILWAY_SABOTAGE_GAIN, P_RAILWAY_SABOTAGE_LOSS,
)


# The Political Will Phase's terms (6.1.1, 6.1.2), in the order
# :func:`political_will_terms` fills them: one row each of (applies, count,
# shift). A round's summary (britishway_env/summaries.py) names them.
TERM_DISTRICT_SABOTAGE, TERM_SABOTAGED_RAILWAYS, TERM_CITY_SABOTAGE, TERM_CITY_TERROR, \
    TERM_NO_RAILWAY_SABOTAGED, TERM_CLEAN_CITIES = range(6)
N_TERMS = 6


@njit(cache=True)
def fill_political_will_terms(state, out):
    """:func:`political_will_terms` written into ``out``, an (N_TERMS, 3)
    array it clears first: :func:`political_will_delta` hands it one on its
    stack, so that an evaluation of the look-ahead bots allocates nothing."""
    state, out = borrowed(state), borrowed(out)
    district = state[RULE_PARAMETERS + P_DISTRICT_SABOTAGE_LOSS]
    railway = state[RULE_PARAMETERS + P_RAILWAY_SABOTAGE_LOSS]
    city_sabotage = state[RULE_PARAMETERS + P_CITY_SABOTAGE_LOSS]
    city_terror = state[RULE_PARAMETERS + P_CITY_TERROR_LOSS]
    clean_city = state[RULE_PARAMETERS + P_CLEAN_CITY_GAIN]
    out[:, :] = 0
    for s in range(N_MAP_SPACES):
        base = SPACES + s * SPACE_FIELDS
        sabotage = state[base + SABOTAGE]
        terror = state[base + TERROR]
        kind = SPACE_KIND[s]
        if kind == DISTRICT:
            out[TERM_DISTRICT_SABOTAGE, 1] += sabotage                  # per Sabotage in a District
        elif kind == RAILWAY:
            if sabotage > 0:
                out[TERM_SABOTAGED_RAILWAYS, 1] += 1                    # per Sabotaged Railway, once
        elif kind == CITY:
            out[TERM_CITY_SABOTAGE, 1] += sabotage                      # per Sabotage in a City
            out[TERM_CITY_TERROR, 1] += terror                          # per Terror in a City
            if sabotage == 0 and terror == 0:
                out[TERM_CLEAN_CITIES, 1] += 1                          # per clean City
    out[TERM_DISTRICT_SABOTAGE, 2] = -district * out[TERM_DISTRICT_SABOTAGE, 1]
    out[TERM_SABOTAGED_RAILWAYS, 2] = -railway * out[TERM_SABOTAGED_RAILWAYS, 1]
    out[TERM_CITY_SABOTAGE, 2] = -city_sabotage * out[TERM_CITY_SABOTAGE, 1]
    out[TERM_CITY_TERROR, 2] = -city_terror * out[TERM_CITY_TERROR, 1]
    out[TERM_CLEAN_CITIES, 2] = clean_city * out[TERM_CLEAN_CITIES, 1]
    if out[TERM_SABOTAGED_RAILWAYS, 1] == 0:                            # no Railway Sabotaged
        out[TERM_NO_RAILWAY_SABOTAGED, 2] = state[RULE_PARAMETERS + P_NO_RAILWAY_SABOTAGE_GAIN]
    for t in range(N_TERMS):
        out[t, 0] = 1
    out[TERM_NO_RAILWAY_SABOTAGED, 0] = 1 if out[TERM_SABOTAGED_RAILWAYS, 1] == 0 else 0


@njit(cache=True)
def political_will_terms(state):
    """The Political Will Phase's terms (6.1.1, 6.1.2), by the rule
    parameters (printed: -1 per Sabotage in a District, -2 per Sabotaged
    Railway, -2 per Sabotage and -3 per Terror in a City; +2 with no Railway
    Sabotaged, +1 per clean City): an (N_TERMS, 3) array of rows (applies,
    count, shift), the count being markers, Railways or Cities."""
    state = borrowed(state)
    out = np.empty((N_TERMS, 3), dtype=np.int64)
    fill_political_will_terms(state, out)
    return out


@njit(cache=True)
def political_will_delta(state):
    """Net Political Will shift of the Political Will Phase (6.1.1, 6.1.2):
    the sum of :func:`political_will_terms`' shifts."""
    state = borrowed(state)
    terms = local_matrix(N_TERMS, 3, np.int64)     # on the stack: the look-ahead bots evaluate with it
    fill_political_will_terms(state, terms)
    return total_shift(terms)


@njit(cache=True)
def political_will_phase(state):
    """Shift Political Will by the net delta, within 0..20 (1.8).

    Returns True when the Irgun win at once: Political Will at 0 (6.1.3,
    7.0.1), or at or below the ``irgun_victory_political_will`` parameter;
    the final-card British victory (6.1.4) is the caller's, who knows the
    deck.
    """
    state = borrowed(state)
    shift_political_will(state, political_will_delta(state), PW_MAX)
    return state[POLITICAL_WILL] <= state[RULE_PARAMETERS + P_IRGUN_VICTORY_POLITICAL_WILL]


@njit(cache=True)
def reset_phase(state):
    """Reset Phase (6.4): markers off, half of Prison (rounded down) back,
    Cells Underground, Irgun 1st Eligible."""
    state = borrowed(state)
    for s in range(N_MAP_SPACES):
        base = SPACES + s * SPACE_FIELDS
        state[base + CURFEW] = 0
        state[base + SABOTAGE] = 0
        state[base + TERROR] = 0
        state[base + CELLS_UNDERGROUND] += state[base + CELLS_ACTIVE]
        state[base + CELLS_ACTIVE] = 0
    released = state[PRISON] // 2
    state[PRISON] -= released
    state[AVAILABLE_CELLS] += released
    state[FIRST_ELIGIBLE] = IRGUN


# What a round's summary (britishway_env/summaries.py) calls the round's phases
# (6.0) and the Political Will terms; the kind of a term's count ("markers",
# "Railways", "Cities") or "if" for a term that applies or not.
SUMMARY = {
    "phases": {0: ("6.1", "Political Will Phase"), 1: ("6.2", "Resource Phase"), 3: ("6.3", "Redeploy Phase"),
               4: ("6.4", "Reset Phase")},
    "victory": ("6.1.3-6.1.4", "Victory check"),
    "insurgent_rule": "6.1.3, 7.0.1",
    "final_rule": "6.1.4, 7.0.2",
    "insurgent_win_parameter": P_IRGUN_VICTORY_POLITICAL_WILL,
    "terms": (("6.1.1", "Sabotage in Districts", "markers"), ("6.1.1", "Sabotaged Railways", "Railways"),
              ("6.1.1", "Sabotage in Cities", "markers"), ("6.1.1", "Terror in Cities", "markers"),
              ("6.1.2", "no Railway Sabotaged", "if"), ("6.1.2", "Cities without Sabotage or Terror", "Cities")),
    "reset": reset_phase,
}
