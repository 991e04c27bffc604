"""What Cyprus's scripted bots aim for: a position's worth to the British
(engine/coin/templates/bots.py.tmpl plays each action and scores the
positions reached with :func:`evaluate`)."""

from ...engine.coin.header import RULE_PARAMETERS
from ...engine.borrow import borrowed
from ...engine.jit import njit
from ..boards.cyprus import MOUNTAIN, N_MAP_SPACES, SPACE_KIND
from .layout import (
    ARMS_CACHES, BRITISH_WIN, CELLS_ACTIVE, CELLS_UNDERGROUND, EOKA_WIN, INTEL_HELD, OPINION, OUTCOME, POLICE,
    POLITICAL_WILL, PRISON, SPACE_FIELDS, SPACES, TROOPS,
)
from .parameters import P_EOKA_VICTORY_WILL
from .propaganda import political_will_delta

WIN = 100.0


@njit(cache=True)
def evaluate(state):
    """The position's worth to the British (EOKA's is its negative): Political
    Will above EOKA's victory level (7.0.1, the rule parameter
    ``eoka_victory_will``) and what the next Propaganda Round would do to it
    (6.1, with its rule parameters),
    International Opinion (6.5), the pieces each side has on the map, Prison,
    Intel Chits."""
    state = borrowed(state)
    outcome = state[OUTCOME]
    if outcome == BRITISH_WIN:
        return WIN
    if outcome == EOKA_WIN:
        return -WIN
    above_defeat = state[POLITICAL_WILL] - state[RULE_PARAMETERS + P_EOKA_VICTORY_WILL]
    v = 1.0 * above_defeat + 0.7 * political_will_delta(state) - 0.4 * state[OPINION]
    for s in range(N_MAP_SPACES):
        base = SPACES + s * SPACE_FIELDS
        v -= 0.45 * state[base + CELLS_UNDERGROUND] + 0.25 * state[base + CELLS_ACTIVE]
        v -= 0.6 * state[base + ARMS_CACHES]
        if SPACE_KIND[s] == MOUNTAIN:
            v -= 0.15 * state[base + TROOPS]        # Troops in the Mountains go back to a Base (6.3.1)
        v += 0.1 * state[base + POLICE]
    v += 0.2 * state[PRISON]
    v += 0.15 * (state[INTEL_HELD + 1] + 2 * state[INTEL_HELD + 2]) + 0.05 * state[INTEL_HELD]
    return v
