"""Propaganda Round phases with no player choice: Political Will (6.1) and Reset (6.4).

Expropriations, Intel, Haganah cooperation (6.2) and the Redeploys (6.3)
involve decisions and come with the decision machinery.
"""

from ...engine.jit import njit

from ...engine.coin.header import RULE_PARAMETERS
from ...engine.coin.propaganda import shift_political_will
from ..boards.palestine import CITY, DISTRICT, N_MAP_SPACES, RAILWAY, SPACE_KIND
from .layout import (
    AVAILABLE_CELLS, CELLS_ACTIVE, CELLS_UNDERGROUND, CURFEW, FIRST_ELIGIBLE, IRGUN,
    POLITICAL_WILL, PRISON, PW_MAX, SABOTAGE, SPACE_FIELDS, SPACES, TERROR,
)
from .parameters import (
    P_CITY_SABOTAGE_LOSS, P_CITY_TERROR_LOSS, P_CLEAN_CITY_GAIN, P_DISTRICT_SABOTAGE_LOSS,
    P_IRGUN_VICTORY_POLITICAL_WILL, P_NO_RAILWAY_SABOTAGE_GAIN, P_RAILWAY_SABOTAGE_LOSS,
)


@njit(cache=True)
def political_will_delta(state):
    """Net Political Will shift of the Political Will Phase (6.1.1, 6.1.2), by
    the rule parameters (printed: -1 per Sabotage in a District, -2 per
    Sabotaged Railway, -2 per Sabotage and -3 per Terror in a City; +2 with
    no Railway Sabotaged, +1 per clean City)."""
    district = state[RULE_PARAMETERS + P_DISTRICT_SABOTAGE_LOSS]
    railway = state[RULE_PARAMETERS + P_RAILWAY_SABOTAGE_LOSS]
    city_sabotage = state[RULE_PARAMETERS + P_CITY_SABOTAGE_LOSS]
    city_terror = state[RULE_PARAMETERS + P_CITY_TERROR_LOSS]
    clean_city = state[RULE_PARAMETERS + P_CLEAN_CITY_GAIN]
    delta = 0
    railway_sabotaged = False
    for s in range(N_MAP_SPACES):
        base = SPACES + s * SPACE_FIELDS
        sabotage = state[base + SABOTAGE]
        terror = state[base + TERROR]
        kind = SPACE_KIND[s]
        if kind == DISTRICT:
            delta -= district * sabotage            # per Sabotage in a District
        elif kind == RAILWAY:
            if sabotage > 0:
                delta -= railway                    # per Sabotaged Railway, once
                railway_sabotaged = True
        elif kind == CITY:
            delta -= city_sabotage * sabotage + city_terror * terror   # per Sabotage, per Terror
            if sabotage == 0 and terror == 0:
                delta += clean_city                 # per clean City
    if not railway_sabotaged:
        delta += state[RULE_PARAMETERS + P_NO_RAILWAY_SABOTAGE_GAIN]   # no Railway Sabotaged
    return delta


@njit(cache=True)
def political_will_phase(state):
    """Shift Political Will by the net delta, within 0..20 (1.8).

    Returns True when the Irgun win at once: Political Will at 0 (6.1.3,
    7.0.1), or at or below the ``irgun_victory_political_will`` parameter;
    the final-card British victory (6.1.4) is the caller's, who knows the
    deck.
    """
    shift_political_will(state, political_will_delta(state), PW_MAX)
    return state[POLITICAL_WILL] <= state[RULE_PARAMETERS + P_IRGUN_VICTORY_POLITICAL_WILL]


@njit(cache=True)
def reset_phase(state):
    """Reset Phase (6.4): markers off, half of Prison (rounded down) back,
    Cells Underground, Irgun 1st Eligible."""
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
