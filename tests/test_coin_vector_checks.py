"""engine/coin/vector.py: the vector env's action check and learner view, one
pass each, against the plain NumPy they replace."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from britishway_env.engine.coin import vector as V


def numpy_first_bad(masks, rows, acts, deciding):
    out = deciding & ((acts < 0) | (acts >= masks.shape[1]))
    if out.any():
        return int(np.flatnonzero(out)[0]), V.ACTION_OUT_OF_RANGE
    legal = masks[rows, np.where(deciding, acts, 0)] != 0
    bad = deciding & ~legal
    if bad.any():
        return int(np.flatnonzero(bad)[0]), V.ACTION_NOT_LEGAL
    return -1, V.ACTIONS_OK


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_first_bad_action_finds_what_numpy_finds(data):
    n, k = data.draw(st.integers(1, 6)), data.draw(st.integers(1, 5))
    masks = np.array(data.draw(st.lists(st.lists(st.integers(0, 1), min_size=k, max_size=k), min_size=n,
                                        max_size=n)), dtype=np.int8)
    m = data.draw(st.integers(0, n))
    rows = np.array(data.draw(st.lists(st.integers(0, n - 1), min_size=m, max_size=m)), dtype=np.int64)
    acts = np.array(data.draw(st.lists(st.integers(-2, k + 1), min_size=m, max_size=m)), dtype=np.int64)
    deciding = np.array(data.draw(st.lists(st.booleans(), min_size=m, max_size=m)), dtype=bool)
    assert tuple(V.first_bad_action(masks, rows, acts, deciding)) == numpy_first_bad(masks, rows, acts, deciding)


def test_an_action_out_of_range_is_named_before_an_earlier_illegal_one():
    masks = np.array([[1, 0], [1, 0]], dtype=np.int8)
    rows = np.arange(2, dtype=np.int64)
    deciding = np.ones(2, dtype=bool)
    assert tuple(V.first_bad_action(masks, rows, np.array([1, 5]), deciding)) == (1, V.ACTION_OUT_OF_RANGE)
    assert tuple(V.first_bad_action(masks, rows, np.array([1, 1]), deciding)) == (0, V.ACTION_NOT_LEGAL)
    assert tuple(V.first_bad_action(masks, rows, np.array([0, 0]), deciding)) == (-1, V.ACTIONS_OK)
    # a slot that does not decide is not checked, whatever its action
    assert tuple(V.first_bad_action(masks, rows, np.array([0, -9]), np.array([True, False]))) == (-1, V.ACTIONS_OK)


def test_learner_view_is_the_mask_of_the_slots_waiting_on_the_learner():
    rng = np.random.default_rng(3)
    masks = rng.integers(0, 2, size=(7, 11)).astype(np.int8)
    waiting = np.array([V.WAIT_LEARNER, V.WAIT_OPPONENT, V.WAIT_NONE, V.WAIT_LEARNER, V.WAIT_LEARNER,
                        V.WAIT_NONE, V.WAIT_OPPONENT], dtype=np.int64)
    action_mask = np.ones(masks.shape, dtype=bool)
    learner = np.ones(7, dtype=bool)
    V.learner_view(masks, waiting, action_mask, learner)
    assert np.array_equal(learner, waiting == V.WAIT_LEARNER)
    assert np.array_equal(action_mask, (masks != 0) & (waiting == V.WAIT_LEARNER)[:, None])
