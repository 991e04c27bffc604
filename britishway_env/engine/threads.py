"""Compiled games on every numba thread, from Python threads.

A batch kernel plays games ``first_game .. first_game + n_games - 1`` of a
run into ``out`` rows and releases the GIL (``nogil=True``). :func:`in_threads`
gives each thread a contiguous share of the games and of the rows; a game's
row depends only on its seed, so the rows are the same for any split. The
thread count is numba's (``numba.set_num_threads``), as for a ``prange``
kernel: a plain loop compiles in a third of the time of ``parallel=True``,
which compiles the loop's body, and so every rule it calls, a second time.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Callable

import numba
import numpy as np

MIN_GAMES_PER_THREAD = 64      # below this a thread costs more than it saves


def in_threads(kernel: Callable, base_seed, first_game, n_games, *args) -> None:
    """``kernel(base_seed, first_game, n_games, *args)`` split over numba's
    threads; the last of ``args`` is the ``out`` array of ``n_games`` rows."""
    *middle, out = args
    n = int(n_games)
    threads = max(1, min(numba.get_num_threads(), n // MIN_GAMES_PER_THREAD))
    if threads == 1:
        kernel(np.int64(base_seed), np.int64(first_game), np.int64(n), *middle, out)
        return
    bounds = [n * k // threads for k in range(threads + 1)]
    with ThreadPoolExecutor(max_workers=threads, thread_name_prefix="britishway-games") as pool:
        shares = [pool.submit(kernel, np.int64(base_seed), np.int64(int(first_game) + a), np.int64(b - a),
                              *middle, out[a:b])
                  for a, b in zip(bounds, bounds[1:])]
        for share in shares:
            share.result()
