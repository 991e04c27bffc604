"""engine/coin/vector.py: the vector env's action checks, its learner view and
what a step returns, one pass each, against the plain NumPy they replace."""

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


def draw_masks(data):
    """(slots, actions, int8 masks of that shape) drawn by hypothesis."""
    n, k = data.draw(st.integers(1, 6)), data.draw(st.integers(1, 5))
    masks = np.array(data.draw(st.lists(st.lists(st.integers(0, 1), min_size=k, max_size=k), min_size=n,
                                        max_size=n)), dtype=np.int8)
    return n, k, masks


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_first_bad_action_finds_what_numpy_finds(data):
    n, k, masks = draw_masks(data)
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


WAITS = st.sampled_from([V.WAIT_LEARNER, V.WAIT_OPPONENT, V.WAIT_NONE])


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_learner_actions_check_the_learner_slots_and_write_only_when_all_are_good(data):
    n, k, masks = draw_masks(data)
    waiting = np.array(data.draw(st.lists(WAITS, min_size=n, max_size=n)), dtype=np.int64)
    acts = np.array(data.draw(st.lists(st.integers(-2, k + 1), min_size=n, max_size=n)), dtype=np.int64)
    learner = waiting == V.WAIT_LEARNER
    actions, act = np.full(n, 77, dtype=np.int64), np.full(n, 77, dtype=np.int64)
    found = tuple(V.learner_actions(masks, waiting, acts, actions, act))
    assert found == numpy_first_bad(masks, np.arange(n), acts, learner)
    if found[1] == V.ACTIONS_OK:
        assert np.array_equal(actions, np.where(learner, acts, 0))
        assert np.array_equal(act, np.where(learner, V.ACT_APPLY, V.ACT_NONE))
    else:       # a bad action: nothing written
        assert np.all(actions == 77) and np.all(act == 77)


def test_count_waiting_counts_the_slots_waiting_on_each():
    waiting = np.array([V.WAIT_LEARNER, V.WAIT_NONE, V.WAIT_OPPONENT, V.WAIT_NONE, V.WAIT_LEARNER, V.WAIT_NONE])
    assert [V.count_waiting(waiting, w) for w in (V.WAIT_LEARNER, V.WAIT_OPPONENT, V.WAIT_NONE)] == [2, 1, 3]
    assert V.count_waiting(waiting[:0], V.WAIT_NONE) == 0


ENDS = st.sampled_from([V.END_NONE, V.END_TERMINATED, V.END_TRUNCATED])


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_step_view_and_final_numbers_are_what_numpy_gives(data):
    n, k = data.draw(st.integers(1, 8)), data.draw(st.integers(1, 5))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    masks = rng.integers(0, 2, size=(n, k)).astype(np.int8)
    waiting = np.array(data.draw(st.lists(WAITS, min_size=n, max_size=n)), dtype=np.int64)
    ends = np.array(data.draw(st.lists(ENDS, min_size=n, max_size=n)), dtype=np.int64)
    rewards = rng.choice(np.array([-1.0, 0.0, 1.0], dtype=np.float32), size=n)
    action_mask, learner = np.ones((n, k), dtype=bool), np.ones(n, dtype=bool)
    out, terminated, truncated = np.full(n, 9, dtype=np.float32), np.ones(n, dtype=bool), np.ones(n, dtype=bool)
    ended = V.step_view(masks, waiting, ends, rewards, action_mask, learner, out, terminated, truncated)
    assert ended == np.count_nonzero(ends != V.END_NONE)
    assert np.array_equal(learner, waiting == V.WAIT_LEARNER)
    assert np.array_equal(action_mask, (masks != 0) & (waiting == V.WAIT_LEARNER)[:, None])
    assert np.array_equal(out, rewards)
    assert np.array_equal(terminated, ends == V.END_TERMINATED)
    assert np.array_equal(truncated, ends == V.END_TRUNCATED)

    episode, pool = rng.integers(0, 100, n), rng.integers(0, 4, n)
    start = rng.integers(0, 50, n)
    steps = start + rng.integers(0, 50, n)
    game_start = start.copy()
    final, game, opponent, length = (np.ones(n, dtype=bool), np.full(n, 5, dtype=np.int64),
                                     np.full(n, 5, dtype=np.int64), np.full(n, 5, dtype=np.int64))
    slots = V.final_numbers(ends, episode, pool, steps, game_start, final, game, opponent, length)
    done = ends != V.END_NONE
    assert np.array_equal(slots, np.flatnonzero(done))
    assert np.array_equal(final, done)
    assert np.array_equal(game, np.where(done, episode, -1))
    assert np.array_equal(opponent, np.where(done, pool, -1))
    assert np.array_equal(length, np.where(done, steps - start, 0))
    assert np.array_equal(game_start, np.where(done, steps, start))
