"""engine/threads.py: the rows of compiled games shared out over threads."""

import numba
import numpy as np
import pytest
from numba import njit

from britishway_env.engine.threads import in_threads, slices


@pytest.mark.parametrize("n, threads", [(0, 2), (1, 2), (7, 1), (7, 2), (9, 3), (100, 2), (3, 8)])
def test_slices_cover_rows_in_order_without_gaps(n, threads):
    parts = slices(n, threads)
    rows = [r for a, b in parts for r in range(a, b)]
    assert rows == list(range(n))
    assert all(b > a for a, b in parts)
    assert len(parts) <= max(1, threads * 4)
    if threads == 1:
        assert len(parts) <= 1


@njit(cache=False, nogil=True)
def _fill(base_seed, first_game, n_games, scale, out):
    for i in range(n_games):
        if first_game + i == 13:
            raise ValueError("game 13")
        out[i, 0] = base_seed + (first_game + i) * scale


def test_in_threads_gives_each_row_its_own_game_whatever_the_thread_count():
    expected = 5 + (20 + np.arange(40)) * 7
    before = numba.get_num_threads()
    try:
        for threads in range(1, numba.config.NUMBA_NUM_THREADS + 1):
            numba.set_num_threads(threads)
            out = np.zeros((40, 1), dtype=np.int64)
            in_threads(_fill, 5, 20, 40, (np.int64(7),), out)
            assert out[:, 0].tolist() == expected.tolist()
    finally:
        numba.set_num_threads(before)


def test_in_threads_raises_a_slices_error_and_rejects_too_few_rows():
    with pytest.raises(ValueError, match="game 13"):
        in_threads(_fill, 0, 0, 20, (np.int64(1),), np.zeros((20, 1), dtype=np.int64))
    with pytest.raises(ValueError, match="5 games need 5 rows"):
        in_threads(_fill, 0, 0, 5, (np.int64(1),), np.zeros((4, 1), dtype=np.int64))
