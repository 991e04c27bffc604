"""Rows of compiled games shared out over threads, from Python.

A volume's game runners are plain ``@njit(cache=True, nogil=True)`` loops
over rows: ``kernel(base_seed, first_game, n_games, *args, out)`` fills
``out[i]`` with game ``first_game + i``. :func:`in_threads` hands slices of
the rows to ``numba.get_num_threads()`` threads (what ``numba.set_num_threads``
and the ``threads`` argument of the rollouts set). Each game's seed comes from
``base_seed`` and its own number (``rng.seed_from``), so the rows are the
same whatever the thread count and the slicing.

Why not ``parallel=True`` and ``prange``: numba compiles a parallel loop as
three more functions (the loop body, its gufunc wrapper and the parallel
wrapper), and each links and optimises again every kernel the loop calls.
For a runner that calls all of a volume's rules, that was about 6 s of a
10 s compile; a loop called from Python threads compiles the rules once.

The exception is a vector env's step (:func:`in_slot_pieces`): thousands of
calls a second, each a few hundred microseconds of work, where handing the
slots to Python's threads and waiting for them took about 110 µs a call on
2 threads (waking a sleeping thread), up to a third of the step. Numba's own
threads (the OpenMP layer) take about 4 µs (benchmarks/bench_threads.py), so
the step is one parallel kernel whose loop body is the slot's step inlined:
the rules compile into it once, at about twice the serial kernel's compile
time (docs/architecture.md, "The vector env").
"""

from __future__ import annotations

import contextlib
import os
import threading
from concurrent.futures import ThreadPoolExecutor

import numba
import numpy as np

@contextlib.contextmanager
def numba_threads(n: int | None):
    """Run the block with ``n`` numba threads (at most the machine's; None:
    leave the count as it is), yielding the count in use, then put the
    caller's count back on any exit: numba keeps the count per calling thread
    for the rest of the process, and a run that asked for one thread must not
    leave later ones on one."""
    before = numba.get_num_threads()
    try:
        if n is not None:
            numba.set_num_threads(max(1, min(int(n), numba.config.NUMBA_NUM_THREADS)))
        yield numba.get_num_threads()
    finally:
        numba.set_num_threads(before)


PIECES_PER_THREAD = 4      # games differ in length: smaller slices even out the threads' work


def slices(n_games: int, threads: int) -> list[tuple[int, int]]:
    """``(start, stop)`` row ranges covering ``0 .. n_games - 1`` in order,
    at most ``PIECES_PER_THREAD`` per thread, none empty."""
    pieces = max(1, min(n_games, threads * PIECES_PER_THREAD if threads > 1 else 1))
    bounds = [n_games * k // pieces for k in range(pieces + 1)]
    return [(a, b) for a, b in zip(bounds, bounds[1:]) if b > a]


def in_threads(kernel, base_seed, first_game, n_games, args: tuple, out: np.ndarray) -> None:
    """Run ``kernel`` over rows ``0 .. n_games - 1`` of ``out`` on the numba
    thread count, each thread taking whole slices; the first exception a
    slice raises is raised here after every slice has finished."""
    n = int(n_games)
    if n > out.shape[0]:
        raise ValueError(f"{n} games need {n} rows; out has {out.shape[0]}")
    base_seed, first_game = np.int64(base_seed), np.int64(first_game)
    parts = slices(n, numba.get_num_threads())
    if len(parts) <= 1:
        kernel(base_seed, first_game, np.int64(n), *args, out)
        return
    with ThreadPoolExecutor(max_workers=min(len(parts), numba.get_num_threads())) as pool:
        futures = [pool.submit(kernel, base_seed, first_game + np.int64(a), np.int64(b - a), *args, out[a:b])
                   for a, b in parts]
    for future in futures:
        future.result()


def in_slot_ranges(kernel, n_slots: int, args: tuple) -> None:
    """Run ``kernel(lo, hi, *args)`` over slot ranges covering ``0 .. n_slots - 1``
    on the numba thread count: for kernels that step many independent games
    held in whole arrays (a vector env), each call touching only its rows."""
    n = int(n_slots)
    threads = numba.get_num_threads()
    parts = slices(n, threads) if n else []
    if len(parts) <= 1:
        kernel(np.int64(0), np.int64(n), *args)
        return
    futures = [_pool(threads).submit(kernel, np.int64(a), np.int64(b), *args) for a, b in parts]
    for future in futures:
        future.result()


_POOLS: dict[int, ThreadPoolExecutor] = {}


def _pool(threads: int) -> ThreadPoolExecutor:
    """One long-lived executor per thread count: a vector env steps thousands
    of times a second, and starting threads on every step would cost more
    than the step."""
    if threads not in _POOLS:
        _POOLS[threads] = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="britishway-slots")
    return _POOLS[threads]


# A parallel kernel launched in this process: a child forked after it must not
# launch one (GNU OpenMP's threads do not survive a fork, and numba stops the
# child that tries), so the child steps its slots through Python's threads.
_launched = False
_forked_after_launch = False
# numba's workqueue layer (the one used where no OpenMP library is installed)
# stops the process when two threads launch parallel kernels at once.
_LAUNCH = threading.Lock()


def _after_fork_in_child() -> None:
    global _forked_after_launch, _LAUNCH
    _forked_after_launch = _forked_after_launch or _launched
    # The parent's executors come over without their threads (only the forking thread
    # survives a fork): work handed to them would wait for ever. The child starts its own,
    # and a fresh launch lock (another of the parent's threads may have held it).
    _POOLS.clear()
    _LAUNCH = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def parallel_kernels_usable() -> bool:
    """False in a process forked from one that had launched a parallel kernel."""
    return not _forked_after_launch


def in_slot_pieces(parallel_kernel, serial_kernel, n_slots: int, args: tuple) -> None:
    """Run ``parallel_kernel(pieces, *args)`` (a ``parallel=True`` kernel
    cutting slots ``0 .. n_slots - 1`` into ``pieces`` ranges, one a numba
    thread); where that cannot run (:func:`parallel_kernels_usable`), the
    same slots through :func:`in_slot_ranges` and ``serial_kernel(lo, hi,
    *args)``. Both give the same arrays: each slot's step reads and writes
    only its own rows."""
    if not parallel_kernels_usable():
        in_slot_ranges(serial_kernel, n_slots, args)
        return
    global _launched
    with _LAUNCH:
        _launched = True
        parallel_kernel(np.int64(numba.get_num_threads()), *args)
