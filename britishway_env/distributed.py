"""Ray backend for rollouts: the same seeded chunks as the local backend, run
as Ray tasks, merged in game order (so rows are identical for one seed).

    df = rollouts.run("palestine", 1_000_000, seed=0, backend="ray")                 # local Ray
    df = rollouts.run("palestine", 1_000_000, seed=0, backend="ray", address="auto")  # a running cluster

Every Ray worker must be able to import ``britishway_env`` (install the
project on each node). Each task plays its chunk on one numba thread; Ray
spreads the tasks over the cluster's CPUs. Ray is imported only here.
"""

from __future__ import annotations

from typing import Callable

import numpy as np


def _play_chunk(play_range: Callable, seed: int, start: int, n: int, kwargs: dict) -> np.ndarray:
    import numba

    numba.set_num_threads(1)          # one task per Ray CPU
    return play_range(seed, start, n, **kwargs)


def play_on_ray(play_range: Callable, games: int, seed: int, chunks: list[tuple[int, int]], columns: int,
                address: str | None = None, progress: Callable[[int], None] | None = None,
                **kwargs) -> np.ndarray:
    """Result rows of ``games`` games, chunk ``(start, n)`` by chunk, on Ray.

    Starts a local Ray instance when none is running and ``address`` is None
    (and stops it afterwards); connects to ``address`` otherwise.
    """
    try:
        import ray
    except ImportError:  # pragma: no cover - ray is a declared dependency
        raise ImportError("backend 'ray' needs the ray package: pip install 'ray>=2.9'") from None
    started = False
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False, configure_logging=False)
        started = True
    try:
        task = ray.remote(num_cpus=1)(_play_chunk)
        where = {}
        for start, n in chunks:
            where[task.remote(play_range, seed, start, n, kwargs)] = (start, n)
        out = np.zeros((games, columns), dtype=np.int64)
        waiting = list(where)
        while waiting:
            done, waiting = ray.wait(waiting, num_returns=1)
            start, n = where[done[0]]
            out[start:start + n] = ray.get(done[0])
            if progress:
                progress(n)
        return out
    finally:
        if started:
            ray.shutdown()
