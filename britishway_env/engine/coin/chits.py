"""Typed chit pools: a volume's chits of a few kinds (values 0/1/2, 3 of
each; values 1/2/3, 3 of each; three named kinds, 2 of each).

A pool is described by ``per_kind`` (how many chits of each kind exist, an
int64 array) and the offset ``taken`` of a slice of the state row counting,
per kind, the chits out of the pool (held by a player or set aside). Chits
come out at random (:func:`draw_chit`) or by choice (:func:`take_chit`) and
go back with :func:`return_chit`.
"""

from ..jit import njit

from ..rng import roll
from .header import FORCED, FORCED_CAPACITY, RNG


@njit(cache=True, inline="always")
def in_pool(state, taken, per_kind, kind):
    """Chits of ``kind`` still in the pool."""
    return per_kind[kind] - state[taken + kind]


@njit(cache=True, inline="always")
def pool_size(state, taken, per_kind):
    n = 0
    for kind in range(per_kind.shape[0]):
        n += in_pool(state, taken, per_kind, kind)
    return n


@njit(cache=True, inline="always")
def held(state, taken, per_kind):
    """Chits out of the pool, all kinds together."""
    n = 0
    for kind in range(per_kind.shape[0]):
        n += state[taken + kind]
    return n


@njit(cache=True, inline="always")
def draw_chit(state, taken, per_kind):
    """Draw one chit at random; its kind, or -1 if the pool is empty.

    A forced roll picks the chit by its index in the pool counted kind by
    kind (all chits of kind 0 first, then kind 1, ...)."""
    total = pool_size(state, taken, per_kind)
    if total == 0:
        return -1
    k = roll(state, total, RNG, FORCED, FORCED_CAPACITY)
    for kind in range(per_kind.shape[0]):
        n = in_pool(state, taken, per_kind, kind)
        if k < n:
            state[taken + kind] += 1
            return kind
        k -= n
    return -1


@njit(cache=True, inline="always")
def take_chit(state, taken, per_kind, kind):
    """Take a chit of ``kind`` by choice; False if none is left in the pool."""
    if in_pool(state, taken, per_kind, kind) <= 0:
        return False
    state[taken + kind] += 1
    return True


@njit(cache=True, inline="always")
def return_chit(state, taken, kind):
    """A spent or discarded chit goes back to the pool."""
    state[taken + kind] -= 1
