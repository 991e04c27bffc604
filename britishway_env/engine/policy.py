"""Policy helpers shared by every volume's compiled rollouts."""

from .borrow import borrowed
from .jit import njit

from .rng import uniform


@njit(cache=True)
def uniform_legal(mask, stream):
    """A uniformly random action among those set in ``mask`` (-1 if none),
    drawn from the policy's own one-slot int64 ``stream``."""
    mask, stream = borrowed(mask), borrowed(stream)      # no reference counting below (borrow.py)
    n = 0
    for a in range(mask.shape[0]):
        n += mask[a]
    if n == 0:
        return -1
    k = uniform(stream, 0, n)
    for a in range(mask.shape[0]):
        if mask[a]:
            if k == 0:
                return a
            k -= 1
    return -1


@njit(cache=True)
def uniform_legal_shunning(mask, stream, shunned):
    """:func:`uniform_legal`, with action ``shunned`` left out while any other
    action is set in ``mask`` (-1, or any number outside the mask: none left
    out): the same draw and the same action as clearing ``mask[shunned]``
    first and then :func:`uniform_legal`, in one pass less and without
    writing the mask."""
    mask, stream = borrowed(mask), borrowed(stream)      # no reference counting below (borrow.py)
    n = 0
    for a in range(mask.shape[0]):
        n += mask[a]
    skip = -1
    if 0 <= shunned < mask.shape[0] and mask[shunned] and n > 1:
        skip = shunned
        n -= 1
    if n == 0:
        return -1
    k = uniform(stream, 0, n)
    for a in range(mask.shape[0]):
        if mask[a] and a != skip:
            if k == 0:
                return a
            k -= 1
    return -1


@njit(cache=True, nogil=True)
def uniform_legal_rows(masks, streams, out):
    """:func:`uniform_legal` for every row of ``masks`` (bool or int8), row
    ``i`` drawing from ``streams[i]``; -1 where a row offers nothing."""
    for i in range(masks.shape[0]):
        out[i] = uniform_legal(masks[i], streams[i:i + 1])
