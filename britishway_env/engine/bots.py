"""Scripted-bot helpers shared by every volume: scored picks with a
deterministic tie-break, and the hash of the open information it uses.

A volume's bot scores the legal actions of the pending decision and plays
the best one. Ties are broken by a hash of the open information only (the
state row less its hidden ranges: the dice generator, forced chance, the
undrawn cards), so a bot is a deterministic function of what both players
see (DESIGN.md 4, 5). The hash is dear (one SplitMix64 round per open
field), so a bot that does not need it otherwise takes it only when
:func:`best_and_ties` finds a tie; one that has it already (the look-ahead
bots seed their resampled future with it) hands it to :func:`pick_best`.

The helpers take plain arrays and numbers (no volume layout): the caller
passes its hidden ranges and its "worse than anything" score.
"""

import numpy as np
from .borrow import borrowed, local_array
from .jit import njit

from .rng import mix64

HASH_SEED = np.uint64(0x2545F4914F6CDD1D)
FIELD_MIX = np.uint64(0x9E3779B97F4A7C15)
TIE = 1e-9           # scores closer than this are tied


@njit(cache=True)
def open_hash(state, order, hidden, b_lo, b_hi, c_lo, c_hi):
    """SplitMix64 chain over the fields of ``state`` taken in the volume's fixed
    ``order`` (row offsets; the k-th is mixed with k), skipping the hidden ones:
    the field ``hidden`` and the ranges ``[b_lo, b_hi)`` and ``[c_lo, c_hi)``.
    A fixed order keeps the tie-break independent of where the row keeps each
    field. The chain is serial (about 13 cycles a field), hence taken only on ties."""
    state = borrowed(state)
    h = HASH_SEED
    for k in range(order.shape[0]):
        i = order[k]
        if i == hidden or (b_lo <= i < b_hi) or (c_lo <= i < c_hi):
            continue
        h = mix64(h ^ (np.uint64(state[i] & 0xFFFFFFFF) + np.uint64(k) * FIELD_MIX))
    return h


@njit(cache=True)
def only_legal(mask):
    """The one action set in ``mask`` when exactly one is; -1 otherwise. A
    scored pick can only return that action, so a bot need not score it."""
    found = -1
    for a in range(mask.shape[0]):
        if mask[a]:
            if found >= 0:
                return -1
            found = a
    return found


@njit(cache=True)
def best_and_ties(scores, mask, floor):
    """(best score among the actions set in ``mask``, how many are tied at
    it); ``floor``, below every score, when ``mask`` is empty."""
    best = floor
    n = 0
    for a in range(mask.shape[0]):
        if mask[a]:
            if scores[a] > best + TIE:
                best = scores[a]
                n = 1
            elif scores[a] > best - TIE:
                n += 1
    return best, n


@njit(cache=True)
def tie_index(h, n):
    """Which of ``n`` tied actions hash ``h`` picks."""
    return np.int64((h >> np.uint64(11)) % np.uint64(n))


@njit(cache=True)
def pick_best(scores, mask, floor, h):
    """The legal action with the best score, ties broken by the open-information
    hash ``h``; -1 when ``mask`` is empty (``floor``: below every score)."""
    best, n = best_and_ties(scores, mask, floor)
    k = 0
    if n > 1:
        k = tie_index(h, n)
    return kth_best(scores, mask, best, k)


@njit(cache=True)
def kth_largest(scores, mask, k):
    """The ``k``-th largest score (ties counted apart) among the actions of
    ``mask``; the smallest of them when it has fewer than ``k``; +inf when
    ``k`` < 1 or ``mask`` is empty (no score reaches it)."""
    n = 0
    for a in range(mask.shape[0]):
        if mask[a]:
            n += 1
    if k < 1 or n == 0:
        return np.inf
    legal = np.empty(n)
    j = 0
    for a in range(mask.shape[0]):
        if mask[a]:
            legal[j] = scores[a]
            j += 1
    legal.sort()
    return legal[max(n - k, 0)]


@njit(cache=True)
def kth_best(scores, mask, best, k):
    """The ``k``-th action (0-based, in action order) of ``mask`` tied at ``best``; -1 if none."""
    for a in range(mask.shape[0]):
        if mask[a] and scores[a] > best - TIE:
            if k == 0:
                return a
            k -= 1
    return -1


TOP_ON_STACK = 64            # top_sums keeps this many values on the stack (a volume has fewer spaces)


@njit(cache=True)
def top_sums(vals, k1, k2, floor, none):
    """The ``k`` largest values above ``floor`` summed, and the largest value
    left over, for ``k = k1`` and ``k = k2``: ``(sum1, left1, sum2, left2)``.

    The values are summed largest first, as a loop that takes the largest
    value and strikes it out, ``k`` times, would; the left-over maximum is
    ``none`` when nothing left exceeds it. ``vals`` is unchanged. One pass
    keeps the ``max(k1, k2) + 1`` largest values above ``floor`` in order
    (an insertion into a short list) and the largest one at or below it,
    so it serves both ``k`` (a volume's Operation valued in one space and in
    several)."""
    vals = borrowed(vals)
    # A negative k takes nothing (as k = 0), and no k more values than there are: top[:j]
    # holds the largest values above floor, largest first, on the stack where they fit.
    k1 = max(k1, 0)
    k2 = max(k2, 0)
    kmax = min(max(k1, k2), vals.shape[0])
    if kmax < TOP_ON_STACK:
        top = local_array(TOP_ON_STACK, np.float64)
    else:
        top = np.empty(kmax + 1)
    j = 0
    low = none                    # the largest value at or below floor (none if none exceeds it)
    for s in range(vals.shape[0]):
        v = vals[s]
        if v > floor:
            if j <= kmax:
                i = j
                j += 1
            elif v > top[kmax]:
                i = kmax
            else:
                continue
            while i > 0 and v > top[i - 1]:
                top[i] = top[i - 1]
                i -= 1
            top[i] = v
        elif v > low:
            low = v
    sum1 = 0.0
    sum2 = 0.0
    left1 = none
    left2 = none
    for p in range(j):
        if p == k1:
            left1 = top[p]
        if p == k2:
            left2 = top[p]
        if p < k1:
            sum1 += top[p]
        if p < k2:
            sum2 += top[p]
    if j <= kmax:
        # every value above the floor is in top: what is left lies at or below it
        if j <= k1:
            left1 = low
        if j <= k2:
            left2 = low
    return sum1, left1, sum2, left2
