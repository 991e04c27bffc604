"""engine/policy.py: the random policies' draws over a legal mask."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from britishway_env.engine.policy import uniform_legal, uniform_legal_shunning


def _cleared_then_drawn(mask, stream, shunned):
    """The reference: ``mask[shunned]`` cleared when another action is set, then :func:`uniform_legal`."""
    m = mask.copy()
    if 0 <= shunned < m.shape[0] and m[shunned] and m.sum() > 1:
        m[shunned] = 0
    return uniform_legal(m, stream)


@settings(max_examples=300, deadline=None)
@given(bits=st.lists(st.booleans(), min_size=1, max_size=70), seed=st.integers(1, 2**62),
       pick=st.integers(-3, 75))
def test_shunning_draws_what_clearing_the_shunned_action_first_draws(bits, seed, pick):
    mask = np.array(bits, dtype=np.int8)
    shunned = pick                                  # outside the mask (or -1): none left out
    ours, ref = np.array([seed], np.int64), np.array([seed], np.int64)
    before = mask.copy()
    assert uniform_legal_shunning(mask, ours, shunned) == _cleared_then_drawn(mask, ref, shunned)
    assert ours[0] == ref[0]                        # the same use of the stream
    assert (mask == before).all()                   # the mask is not written


def test_the_shunned_action_is_drawn_only_when_it_is_the_one_legal_action():
    mask = np.zeros(6, np.int8)
    mask[0] = 1
    assert uniform_legal_shunning(mask, np.array([5], np.int64), 0) == 0
    mask[4] = 1
    draws = {uniform_legal_shunning(mask, np.array([s], np.int64), 0) for s in range(1, 200)}
    assert draws == {4}
    both = {uniform_legal_shunning(mask, np.array([s], np.int64), -1) for s in range(1, 200)}
    assert both == {0, 4}
    assert uniform_legal_shunning(np.zeros(6, np.int8), np.array([5], np.int64), 0) == -1
