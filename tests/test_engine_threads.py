"""engine/threads.py: the rows of compiled games shared out over threads."""

import multiprocessing

import numba
import numpy as np
import pytest
from numba import njit

from britishway_env.engine.threads import (
    in_slot_pieces, in_slot_ranges, in_threads, numba_threads, parallel_kernels_usable, slices,
)


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


@njit(cache=False, nogil=True)
def _slots_serial(lo, hi, scale, out, who):
    for i in range(lo, hi):
        out[i] = i * scale
        who[i] = 1


@njit(cache=False, nogil=True, parallel=True)
def _slots_parallel(pieces, scale, out, who):
    n = out.shape[0]
    for p in numba.prange(pieces):
        for i in range(n * p // pieces, n * (p + 1) // pieces):
            out[i] = i * scale
            who[i] = 2


def _step_both_ways():
    out, who = np.zeros(37, dtype=np.int64), np.zeros(37, dtype=np.int64)
    in_slot_pieces(_slots_parallel, _slots_serial, 37, (np.int64(3), out, who))
    return out, who


def test_in_slot_pieces_steps_every_slot_on_numba_threads_whatever_the_thread_count():
    with numba_threads(None) as most:
        for threads in range(1, most + 1):
            with numba_threads(threads):
                out, who = _step_both_ways()
            assert out.tolist() == (np.arange(37) * 3).tolist()
            assert set(who.tolist()) == {2}          # the parallel kernel ran, on every slot


def _child_steps(queue):
    out, who = _step_both_ways()
    queue.put((out.tolist(), sorted(set(who.tolist())), parallel_kernels_usable()))


def test_a_child_forked_after_a_parallel_launch_steps_on_pythons_threads():
    # GNU OpenMP's threads do not survive a fork and numba stops a child that
    # launches on them: the child must take the serial kernel, with the same slots.
    _step_both_ways()                              # this process has launched one
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    child = ctx.Process(target=_child_steps, args=(queue,))
    child.start()
    child.join(timeout=120)
    assert child.exitcode == 0                     # numba stops a child that launches on OpenMP's threads
    out, kinds, usable = queue.get(timeout=10)
    assert out == (np.arange(37) * 3).tolist()
    assert kinds == [1] and usable is False
    assert parallel_kernels_usable()               # the parent goes on with numba's threads


def test_a_child_forked_after_python_threads_stepped_slots_steps_too():
    # Python's executor of in_slot_ranges comes over a fork without its threads: the
    # child must start its own, not wait for ever on the parent's (it did, when another
    # test had stepped slots on Python's threads in the same worker first).
    out, who = np.zeros(37, dtype=np.int64), np.zeros(37, dtype=np.int64)
    with numba_threads(2):
        in_slot_ranges(_slots_serial, 37, (np.int64(3), out, who))     # the parent's executor, its threads up
        _step_both_ways()
        ctx = multiprocessing.get_context("fork")
        queue = ctx.Queue()
        child = ctx.Process(target=_child_steps, args=(queue,))
        child.start()
        child.join(timeout=120)
        if child.exitcode is None:
            child.kill()
    assert child.exitcode == 0
    out, kinds, usable = queue.get(timeout=10)
    assert out == (np.arange(37) * 3).tolist()
    assert kinds == [1] and usable is False
