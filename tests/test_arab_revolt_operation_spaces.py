"""Arab Revolt 3.2-3.3: where each Operation may act at all, by the kind of
space, and the feasibility check that skips the other spaces
(``operations.OPERATION_SPACES``, ``turns.op_feasible``)."""

import numpy as np
import pytest

from britishway_env.engine.policy import uniform_legal
from britishway_env.volumes.arab_revolt import layout as L
from britishway_env.volumes.arab_revolt import playout, turns
from britishway_env.volumes.arab_revolt.operations import OPERATION_SPACES
from britishway_env.volumes.boards import palestine as board

DISTRICTS = {"Galilee", "Haifa District", "Samaria", "Lydda", "Jerusalem District", "Gaza"}
CITIES = {"Haifa City", "Tel Aviv-Jaffa", "Jerusalem City"}
RAILWAYS = {"Egypt-Tel Aviv Railway", "Tel Aviv-Jerusalem Railway", "Tel Aviv-Haifa Railway", "Haifa-Syria Railway"}
FOREIGN = {"Lebanon", "Syria", "Transjordan", "Egypt"}
EVERYWHERE = DISTRICTS | CITIES | RAILWAYS | FOREIGN


@pytest.mark.parametrize("name, spaces", [
    ("Deploy", DISTRICTS | CITIES),                # 3.2.1
    ("Patrol", CITIES | RAILWAYS),                 # 3.2.2
    ("Sweep", CITIES | DISTRICTS),                 # 3.2.3
    ("Assault", DISTRICTS | CITIES | RAILWAYS),    # 3.2.4 (1.3.7: never a Foreign Country)
    ("Rally", DISTRICTS | CITIES | FOREIGN),       # 3.3.1: no Railway
    ("March", EVERYWHERE),                         # 3.3.2
    ("Sabotage", DISTRICTS | CITIES | RAILWAYS),   # 3.3.3
    ("Ambush", DISTRICTS | CITIES | RAILWAYS),     # 3.3.4
])
def test_3_2_and_3_3_each_operation_acts_only_in_its_kinds_of_space(name, spaces):
    op = L.OP_NAMES.index(name)
    assert {board.SPACES[s][0] for s in np.flatnonzero(OPERATION_SPACES[op])} == spaces
    assert len(EVERYWHERE) == board.N_SPACES


def test_an_operation_is_feasible_exactly_where_some_space_takes_it():
    # op_feasible skips the spaces OPERATION_SPACES rules out: over the positions of
    # random games it must agree with asking every space, and no Operation may take
    # a space the table rules out.
    rng = np.random.default_rng(5)
    mask = np.zeros(L.N_ACTIONS, dtype=np.int8)
    checked = 0
    for seed in range(40):
        state = np.zeros(L.STATE_SIZE, dtype=np.int64)
        turns.new_game(state, seed + 1)
        streams = playout.seat_streams(seed + 1)
        while not turns.is_over(state):
            if rng.random() < 0.25:
                for op in range(8):
                    takes = [bool(turns.op_space_ok(state, op, s) or turns.op_alt_ok(state, op, s))
                             for s in range(board.N_SPACES)]
                    assert not any(t and not OPERATION_SPACES[op, s] for s, t in enumerate(takes))
                    assert bool(turns.op_feasible(state, op)) == any(takes)
                    checked += 1
            turns.legal_mask(state, mask)
            f = turns.actor(state)
            turns.apply(state, uniform_legal(mask, streams[f:f + 1]))
    assert checked > 1000
