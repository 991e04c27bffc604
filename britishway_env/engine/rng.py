"""The random number generator kept inside a state row, and forced chance.

Chance in every game comes from :func:`roll`, which first consumes values a
test has queued in the row (forced dice) and otherwise draws from a SplitMix64
generator whose 64-bit state is stored, bit for bit, in one int64 slot. The
caller passes the offsets, so this module knows no game layout.
"""

import numpy as np
from .jit import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S11 = np.uint64(11)


@njit(cache=True, inline="always")
def mix64(z):
    """SplitMix64 finaliser: a bijective scramble of a uint64."""
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True)
def seed_from(base, index):
    """Seed of game ``index`` in a batch started from ``base``.

    Independent of how the batch is split across threads or chunks.
    """
    z = np.uint64(base) * _GOLDEN + np.uint64(index) + _GOLDEN
    return np.int64(mix64(mix64(z)) >> np.uint64(1))


@njit(cache=True)
def game_seeds(base_seed, first_game, n_games):
    """Seeds of games ``first_game .. first_game + n_games - 1`` of a batch
    started from ``base_seed`` (:func:`seed_from`)."""
    seeds = np.empty(n_games, dtype=np.int64)
    for i in range(n_games):
        seeds[i] = seed_from(base_seed, first_game + i)
    return seeds


@njit(cache=True, inline="always")
def next_u64(state, rng_offset):
    s = np.uint64(state[rng_offset]) + _GOLDEN
    state[rng_offset] = np.int64(s)
    return mix64(s)


@njit(cache=True, inline="always")
def uniform(state, rng_offset, n):
    """A uniform integer in ``[0, n)`` from the generator at ``state[rng_offset]``."""
    return np.int64((next_u64(state, rng_offset) >> _S11) % np.uint64(n))


# What a fused step kernel (envs/aec.py) returns, having written nothing, while
# forced values are queued: one out of range for its roll makes :func:`roll`
# raise half-way through a step, which only ``Game.apply`` can undo.
STEP_DECLINED = -2


@njit(cache=True, inline="always")
def forced_queued(state, forced_offset):
    """Forced values wait to be consumed (see :func:`roll`)."""
    return state[forced_offset + 1] < state[forced_offset]


@njit(cache=True)
def roll(state, n, rng_offset, forced_offset, forced_capacity):
    """A uniform integer in ``[0, n)``.

    ``state[forced_offset]`` holds how many forced values are queued,
    ``state[forced_offset + 1]`` how many were consumed, and the values follow.
    """
    queued = state[forced_offset]
    used = state[forced_offset + 1]
    if used < queued:
        value = state[forced_offset + 2 + used]
        state[forced_offset + 1] = used + 1
        if value < 0 or value >= n:
            raise ValueError("forced chance value out of range for this roll")
        return value
    return uniform(state, rng_offset, n)


@njit(cache=True)
def shuffle_slice(state, start, stop, rng_offset, forced_offset, forced_capacity):
    """Fisher-Yates shuffle of ``state[start:stop]`` in place."""
    for i in range(stop - 1, start, -1):
        j = start + roll(state, i - start + 1, rng_offset, forced_offset, forced_capacity)
        tmp = state[i]
        state[i] = state[j]
        state[j] = tmp
