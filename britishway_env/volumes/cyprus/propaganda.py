"""Propaganda Round phases with no player choice: Political Will (6.1) and the
Reset's board clean-up (6.4). The Resources (6.2) and Redeploy (6.3) phases
involve decisions and come with the decision machinery (:mod:`turns`)."""

from ...engine.coin.header import RULE_PARAMETERS
from ...engine.jit import njit
from ..boards.cyprus import MOUNTAIN, N_MAP_SPACES, SABOTAGE_VALUE, SPACE_KIND, TOWN
from .layout import (
    ARMS_CACHES, AVAILABLE_CELLS, CAP_CORDON, CAP_UNSHADED, CELLS_ACTIVE, CELLS_UNDERGROUND, CURFEW, EOKA,
    FIRST_ELIGIBLE, OPINION, PRISON, SABOTAGE, SPACE_FIELDS, SPACES,
)
from .operations import capability, towns_marked
from .parameters import P_CLEAN_TOWNS_PER_WILL, P_NO_MOUNTAIN_CACHES_WILL, P_PRISON_RELEASE_DIVISOR, P_RESET_CALM_TOWNS
from .resources import add_political_will, shift_opinion


@njit(cache=True)
def political_will_delta(state):
    """Net Political Will shift of the Political Will Phase, summed before the
    marker moves (6.1): minus International Opinion (6.1.1); minus each
    Sabotage marker's space value, 1 or 2 in Towns and 2 in Bases (6.1.2);
    plus 2 with no Arms Cache in the Mountains, plus 1 per two Towns without
    Sabotage (6.1.3): those two numbers are the rule parameters
    ``no_mountain_caches_will`` and ``clean_towns_per_will``."""
    delta = -state[OPINION]
    caches_in_mountains = 0
    clean_towns = 0
    for s in range(N_MAP_SPACES):
        base = SPACES + s * SPACE_FIELDS
        delta -= state[base + SABOTAGE] * SABOTAGE_VALUE[s]
        if SPACE_KIND[s] == MOUNTAIN:
            caches_in_mountains += state[base + ARMS_CACHES]
        if SPACE_KIND[s] == TOWN and state[base + SABOTAGE] == 0:
            clean_towns += 1
    if caches_in_mountains == 0:
        delta += state[RULE_PARAMETERS + P_NO_MOUNTAIN_CACHES_WILL]
    return delta + clean_towns // state[RULE_PARAMETERS + P_CLEAN_TOWNS_PER_WILL]


@njit(cache=True)
def political_will_phase(state):
    """Shift Political Will by the net delta within 0..15 (6.1, 1.8); the
    victory check (6.1.4, 6.1.5) is the caller's."""
    add_political_will(state, political_will_delta(state))


@njit(cache=True)
def reset_phase(state):
    """Reset Phase (6.4): CORDON AND SEARCH unshaded (C18) first sends the
    Cells in Curfew spaces to Prison; International Opinion one step towards
    Ignored with three or fewer Towns marked; markers off; half of Prison
    (rounded down) to Available; Cells Underground; EOKA 1st Eligible. The
    three and the half are the rule parameters ``reset_calm_towns`` and
    ``prison_release_divisor``."""
    if capability(state, CAP_CORDON, CAP_UNSHADED):
        for s in range(N_MAP_SPACES):
            base = SPACES + s * SPACE_FIELDS
            if state[base + CURFEW] > 0:
                state[PRISON] += state[base + CELLS_UNDERGROUND] + state[base + CELLS_ACTIVE]
                state[base + CELLS_UNDERGROUND] = 0
                state[base + CELLS_ACTIVE] = 0
    if towns_marked(state) <= state[RULE_PARAMETERS + P_RESET_CALM_TOWNS]:
        shift_opinion(state, -1)
    for s in range(N_MAP_SPACES):
        base = SPACES + s * SPACE_FIELDS
        state[base + CURFEW] = 0
        state[base + SABOTAGE] = 0
        state[base + CELLS_UNDERGROUND] += state[base + CELLS_ACTIVE]
        state[base + CELLS_ACTIVE] = 0
    released = state[PRISON] // state[RULE_PARAMETERS + P_PRISON_RELEASE_DIVISOR]
    state[PRISON] -= released
    state[AVAILABLE_CELLS] += released
    state[FIRST_ELIGIBLE] = EOKA
