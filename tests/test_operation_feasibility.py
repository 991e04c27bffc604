"""Every COIN volume: ``turns.any_op_feasible`` (is any Operation of a
faction possible: the box decision's Operation boxes, 2.3.2) asks the
Operations in ``turns.FEASIBILITY_ORDER``, cheapest first; the answer must be
the one asking each Operation of the faction in turn gives."""

import importlib

import numpy as np
import pytest

from britishway_env.engine.policy import uniform_legal


@pytest.mark.parametrize("volume", ["palestine", "cyprus", "arab_revolt"])
def test_any_operation_feasible_is_the_same_in_any_order(volume):
    turns = importlib.import_module(f"britishway_env.volumes.{volume}.turns")
    layout = importlib.import_module(f"britishway_env.volumes.{volume}.layout")
    playout = importlib.import_module(f"britishway_env.volumes.{volume}.playout")
    assert sorted(turns.FEASIBILITY_ORDER.tolist()) == list(range(8))
    mask = np.zeros(layout.N_ACTIONS, dtype=np.int8)
    seen = {True: 0, False: 0}
    for seed in range(30):
        state = np.zeros(layout.STATE_SIZE, dtype=np.int64)
        turns.new_game(state, seed + 100)
        streams = playout.seat_streams(seed + 100)
        while not turns.is_over(state):
            for faction in (0, 1):
                got = bool(turns.any_op_feasible(state, faction))
                each = any(turns.op_feasible(state, op) for op in range(8) if layout.OP_FACTION[op] == faction)
                if volume == "arab_revolt" and faction == layout.REBELS:
                    each = each and turns.operations_value(state) > 0      # no chit, no Rebel Operation
                assert got == each
                seen[got] += 1
            turns.legal_mask(state, mask)
            f = turns.actor(state)
            turns.apply(state, uniform_legal(mask, streams[f:f + 1]))
    assert seen[True] > 100
