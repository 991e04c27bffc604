"""What Arab Revolt's scripted bots aim for: a position's worth to the
British (engine/coin/templates/bots.py.tmpl plays each action and scores
the positions reached with :func:`evaluate`)."""

from ...engine.coin.header import RULE_PARAMETERS
from ...engine.borrow import borrowed
from ...engine.jit import njit
from ..boards.palestine import DISTRICT, FOREIGN, N_SPACES, RAILWAY, SPACE_KIND
from .layout import (
    BASES, BRITISH_WIN, GUERRILLAS_ACTIVE, GUERRILLAS_UNDERGROUND, OPPOSITION, OPS_HELD, OUTCOME, POLICE,
    POLITICAL_WILL, PRISON_BASES, PRISON_GUERRILLAS, PUN_HELD, REBELS_WIN, SABOTAGE, TROOPS, UNITY,
)
from .parameters import P_CLEAR_RAILWAYS_PER_WILL, P_SABOTAGED_RAILWAY_WILL
from .pieces import at, british_pieces, guerrillas
from .propaganda import political_will_delta

WIN = 100.0


@njit(cache=True)
def projected_delta(state):
    """The next Political Will Phase's net shift (6.1), 6.1.1's Sabotage of
    Railways held by Guerrillas counted in (its rule parameters read)."""
    state = borrowed(state)
    extra = 0
    for s in range(N_SPACES):
        if SPACE_KIND[s] == RAILWAY and state[at(s, SABOTAGE)] == 0 and guerrillas(state, s) > british_pieces(state, s):
            extra += 1
    # a newly Sabotaged Railway costs 6.1.1's loss, and the clear Railways' gain drops by at most one per
    # clear_railways_per_will of them
    per = state[RULE_PARAMETERS + P_CLEAR_RAILWAYS_PER_WILL]
    return political_will_delta(state) - extra * state[RULE_PARAMETERS + P_SABOTAGED_RAILWAY_WILL] \
        - (extra + per - 1) // per


@njit(cache=True)
def evaluate(state):
    """The position's worth to the British (the Rebels' is its negative):
    Political Will and the next Political Will Phase (6.1), the Unity Track
    (6.6), Rebel pieces and Opposition in Palestine, British cubes, Prison,
    chits held."""
    state = borrowed(state)
    outcome = state[OUTCOME]
    if outcome == BRITISH_WIN:
        return WIN
    if outcome == REBELS_WIN:
        return -WIN
    v = 1.0 * state[POLITICAL_WILL] + 0.7 * projected_delta(state) - 0.5 * state[UNITY]
    for s in range(N_SPACES):
        kind = SPACE_KIND[s]
        far = 0.5 if kind == FOREIGN else 1.0
        v -= far * (0.35 * state[at(s, GUERRILLAS_UNDERGROUND)] + 0.2 * state[at(s, GUERRILLAS_ACTIVE)])
        v -= (0.9 if kind == DISTRICT else 0.4) * state[at(s, BASES)]
        v -= 0.3 * state[at(s, OPPOSITION)]
        v += 0.1 * (state[at(s, TROOPS)] + state[at(s, POLICE)])
    v += 0.2 * (state[PRISON_GUERRILLAS] + state[PRISON_BASES])
    for k in range(3):
        v += 0.2 * state[PUN_HELD + k] - 0.2 * state[OPS_HELD + k]
    return v
