"""Policy helpers shared by every volume's compiled rollouts."""

from .jit import njit

from .rng import uniform


@njit(cache=True)
def uniform_legal(mask, stream):
    """A uniformly random action among those set in ``mask`` (-1 if none),
    drawn from the policy's own one-slot int64 ``stream``."""
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
