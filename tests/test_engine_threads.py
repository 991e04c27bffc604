"""engine/threads.py: a batch kernel's games split over numba's threads."""

import threading

import numba
import numpy as np
import pytest

from britishway_env.engine.threads import MIN_GAMES_PER_THREAD, in_threads


def _recorder(seen):
    def kernel(base_seed, first_game, n_games, scale, out):
        seen.append((int(first_game), int(n_games), threading.get_ident()))
        out[:, 0] = base_seed
        out[:, 1] = (first_game + np.arange(n_games)) * scale
    return kernel


@pytest.mark.parametrize("threads, games", [(1, 1000), (2, 1000), (2, 2 * MIN_GAMES_PER_THREAD - 1), (2, 1)])
def test_every_game_gets_its_own_row_whatever_the_split(threads, games):
    seen = []
    out = np.zeros((games, 2), dtype=np.int64)
    threads = min(threads, numba.config.NUMBA_NUM_THREADS)
    previous = numba.get_num_threads()
    numba.set_num_threads(threads)
    try:
        in_threads(_recorder(seen), 7, 100, games, np.int64(3), out)
    finally:
        numba.set_num_threads(previous)
    assert (out[:, 0] == 7).all()
    assert out[:, 1].tolist() == [(100 + i) * 3 for i in range(games)]      # each game's row from its index
    shares = sorted((first, n) for first, n, _ in seen)
    assert len(shares) == max(1, min(threads, games // MIN_GAMES_PER_THREAD))
    assert shares[0][0] == 100 and sum(n for _, n in shares) == games
    assert all(a + n == b for (a, n), (b, _) in zip(shares, shares[1:]))     # contiguous, no overlap
