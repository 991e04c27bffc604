"""Propaganda Round phases with no player choice: Political Will (6.1) and the
Reset's board clean-up (6.4). The Resources (6.2) and Redeploy (6.3) phases
involve decisions and come with the decision machinery (:mod:`turns`)."""

import numpy as np

from ...engine.coin.header import RULE_PARAMETERS
from ...engine.coin.propaganda import total_shift
from ...engine.borrow import borrowed, local_matrix
from ...engine.jit import njit
from ..boards.cyprus import MOUNTAIN, N_MAP_SPACES, SABOTAGE_VALUE, SPACE_KIND, TOWN
from .layout import (
    ARMS_CACHES, AVAILABLE_CELLS, CAP_CORDON, CAP_UNSHADED, CELLS_ACTIVE, CELLS_UNDERGROUND, CURFEW, EOKA,
    FIRST_ELIGIBLE, OPINION, PRISON, SABOTAGE, SPACE_FIELDS, SPACES,
)
from .operations import capability, towns_marked
from .parameters import (
    P_CLEAN_TOWNS_PER_WILL, P_EOKA_VICTORY_WILL, P_NO_MOUNTAIN_CACHES_WILL, P_PRISON_RELEASE_DIVISOR, P_RESET_CALM_TOWNS,
)
from .resources import add_political_will, shift_opinion


# The Political Will Phase's terms (6.1.1-6.1.3), in the order
# :func:`political_will_terms` fills them: one row each of (applies, count,
# shift). A round's summary (britishway_env/summaries.py) names them.
TERM_OPINION, TERM_SABOTAGE, TERM_NO_MOUNTAIN_CACHES, TERM_CLEAN_TOWNS = range(4)
N_TERMS = 4


@njit(cache=True)
def fill_political_will_terms(state, out):
    """:func:`political_will_terms` written into ``out``, an (N_TERMS, 3)
    array it clears first: :func:`political_will_delta` hands it one on its
    stack, so that an evaluation of the look-ahead bots allocates nothing."""
    state, out = borrowed(state), borrowed(out)
    out[:, :] = 0
    out[TERM_OPINION, 1] = state[OPINION]
    out[TERM_OPINION, 2] = -state[OPINION]
    for s in range(N_MAP_SPACES):
        base = SPACES + s * SPACE_FIELDS
        out[TERM_SABOTAGE, 1] += state[base + SABOTAGE]
        out[TERM_SABOTAGE, 2] -= state[base + SABOTAGE] * SABOTAGE_VALUE[s]
        if SPACE_KIND[s] == MOUNTAIN:
            out[TERM_NO_MOUNTAIN_CACHES, 1] += state[base + ARMS_CACHES]
        if SPACE_KIND[s] == TOWN and state[base + SABOTAGE] == 0:
            out[TERM_CLEAN_TOWNS, 1] += 1
    if out[TERM_NO_MOUNTAIN_CACHES, 1] == 0:
        out[TERM_NO_MOUNTAIN_CACHES, 2] = state[RULE_PARAMETERS + P_NO_MOUNTAIN_CACHES_WILL]
    out[TERM_CLEAN_TOWNS, 2] = out[TERM_CLEAN_TOWNS, 1] // state[RULE_PARAMETERS + P_CLEAN_TOWNS_PER_WILL]
    for t in range(N_TERMS):
        out[t, 0] = 1
    out[TERM_NO_MOUNTAIN_CACHES, 0] = 1 if out[TERM_NO_MOUNTAIN_CACHES, 1] == 0 else 0


@njit(cache=True)
def political_will_terms(state):
    """The Political Will Phase's terms, summed before the marker moves
    (6.1): minus International Opinion (6.1.1); minus each Sabotage marker's
    space value, 1 or 2 in Towns and 2 in Bases (6.1.2); plus 2 with no Arms
    Cache in the Mountains, plus 1 per two Towns without Sabotage (6.1.3):
    those two numbers are the rule parameters ``no_mountain_caches_will`` and
    ``clean_towns_per_will``. An (N_TERMS, 3) array of rows (applies, count,
    shift); the counts: Opinion, Sabotage markers, Arms Caches in the
    Mountains, clean Towns."""
    state = borrowed(state)
    out = np.empty((N_TERMS, 3), dtype=np.int64)
    fill_political_will_terms(state, out)
    return out


@njit(cache=True)
def political_will_delta(state):
    """Net Political Will shift of the Political Will Phase (6.1): the sum of
    :func:`political_will_terms`' shifts."""
    state = borrowed(state)
    terms = local_matrix(N_TERMS, 3, np.int64)     # on the stack: the look-ahead bots evaluate with it
    fill_political_will_terms(state, terms)
    return total_shift(terms)


@njit(cache=True)
def political_will_phase(state):
    """Shift Political Will by the net delta within 0..15 (6.1, 1.8); the
    victory check (6.1.4, 6.1.5) is the caller's."""
    state = borrowed(state)
    add_political_will(state, political_will_delta(state))


@njit(cache=True)
def reset_phase(state):
    """Reset Phase (6.4): CORDON AND SEARCH unshaded (C18) first sends the
    Cells in Curfew spaces to Prison; International Opinion one step towards
    Ignored with three or fewer Towns marked; markers off; half of Prison
    (rounded down) to Available; Cells Underground; EOKA 1st Eligible. The
    three and the half are the rule parameters ``reset_calm_towns`` and
    ``prison_release_divisor``."""
    state = borrowed(state)
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


# What a round's summary (britishway_env/summaries.py) calls the round's phases
# (6.0) and the Political Will terms; the kind of a term's count, or "if" for
# a term that applies or not.
SUMMARY = {
    "phases": {0: ("6.1", "Political Will Phase"), 1: ("6.2", "Resource Phase"), 3: ("6.3", "Redeploy Phase"),
               4: ("6.4", "Reset Phase")},
    "victory": ("6.1.4-6.1.5", "Victory check"),
    "insurgent_rule": "6.1.4, 7.0.1",
    "final_rule": "6.1.5, 7.0.2",
    "insurgent_win_parameter": P_EOKA_VICTORY_WILL,
    "terms": (("6.1.1", "International Opinion", "steps"),
              ("6.1.2", "Sabotage in Towns and Bases (each its space's value)", "markers"),
              ("6.1.3", "no Arms Cache in the Mountains", "if"),
              ("6.1.3", "Towns without Sabotage (1 per 2)", "Towns")),
    "reset": reset_phase,
}
