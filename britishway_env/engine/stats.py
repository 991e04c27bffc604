"""Summary statistics for rollouts and paired experiments: Wilson intervals,
the difference of win rates of two separate sets of games (Newcombe's
interval for independent proportions), differences of win rates measured on
the same games (Newcombe's interval, the
mean of per-game differences: win rates clamped to -1..1, or on any scale),
McNemar's exact test of "any difference", and the corrections for testing
many differences at once (Holm's step-down for the family-wise error,
Benjamini-Hochberg for the false discovery rate)."""

from __future__ import annotations

import math


def wilson_interval(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% by default)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return (lo, hi)


def difference_interval(k1: int, n1: int, k2: int, n2: int,
                        z: float = 1.959963984540054) -> tuple[float, float, float]:
    """The difference of two win rates measured on separate sets of games
    (``k1`` wins of ``n1`` games, ``k2`` of ``n2``), with its interval:
    ``(k1/n1 - k2/n2, low, high)``; NaNs when either set is empty.

    Newcombe's method 10 for independent proportions (Newcombe 1998,
    Statistics in Medicine 17: 873-890): the two Wilson intervals combined.
    It is the interval to read a difference from: two 95% intervals of the
    rates can overlap while the difference's interval excludes 0."""
    if n1 <= 0 or n2 <= 0:
        return (math.nan, math.nan, math.nan)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson_interval(k1, n1, z)
    l2, u2 = wilson_interval(k2, n2, z)
    theta = p1 - p2
    return (theta, max(-1.0, theta - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)),
            min(1.0, theta + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)))


def paired_difference(first, second, z: float = 1.959963984540054) -> tuple[float, float, float]:
    """The difference of two win rates measured on the same games, with its
    interval: ``(p_first - p_second, low, high)``.

    ``first[i]`` and ``second[i]`` say whether game ``i`` was won under each
    of the two arms (booleans, the same seeds in both). The interval is
    Newcombe's method 10 for paired proportions (Newcombe 1998, Statistics in
    Medicine 17: 2635-2650): the two Wilson intervals combined through the
    correlation of the pairs, so that games both arms win or both lose narrow
    it, as a paired design should."""
    import numpy as np

    x = np.asarray(first, dtype=bool)
    y = np.asarray(second, dtype=bool)
    if x.shape != y.shape or x.ndim != 1:
        raise ValueError("paired_difference needs two equal-length 1-D arrays of results")
    n = len(x)
    if n == 0:
        return (0.0, -1.0, 1.0)
    a = int(np.sum(x & y))
    b = int(np.sum(x & ~y))
    c = int(np.sum(~x & y))
    d = n - a - b - c
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson_interval(a + b, n, z)
    l2, u2 = wilson_interval(a + c, n, z)
    denom = (a + b) * (c + d) * (a + c) * (b + d)
    phi = 0.0 if denom == 0 else (a * d - b * c) / math.sqrt(denom)
    theta = p1 - p2
    delta = math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    eps = math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    return (theta, max(-1.0, theta - delta), min(1.0, theta + eps))


def mean_paired_difference(differences, z: float = 1.959963984540054) -> tuple[float, float, float]:
    """The mean of per-game differences measured on the same games, with its
    normal-approximation interval: ``(mean, low, high)``.

    ``differences[i]`` is what game ``i`` gave the first arm minus what it
    gave the second (each in -1..1; for example a win rate averaged over
    several opponents, all played on game ``i``'s seed). The games are the
    independent units, so the interval is the mean plus or minus ``z``
    standard errors of the per-game values: correlation between the arms and
    between the opponents is accounted for by pairing within each game."""
    import numpy as np

    d = np.asarray(differences, dtype=np.float64)
    if d.ndim != 1:
        raise ValueError("mean_paired_difference needs a 1-D array of per-game differences")
    n = len(d)
    if n == 0:
        return (0.0, -1.0, 1.0)
    mean = float(d.mean())
    half = 0.0 if n == 1 else z * float(d.std(ddof=1)) / math.sqrt(n)
    return (mean, max(-1.0, mean - half), min(1.0, mean + half))


def mean_difference_interval(values, z: float = 1.959963984540054) -> tuple[float, float, float]:
    """The mean of per-game values with its normal-approximation interval,
    unbounded: ``(mean, low, high)``.

    ``values[i]`` is one number per game, on any scale: a per-game difference
    between two arms played on the same games (decisions, cards, rounds: the
    mean difference), or one arm's own values (its mean). The games are the
    independent units: the interval is the mean plus or minus ``z`` standard
    errors (sample standard deviation over the square root of the games), not
    clamped (:func:`mean_paired_difference` clamps to -1..1, for win rates).
    With no game the mean is NaN, and with one game there is no standard
    error: the bounds are NaN."""
    import numpy as np

    d = np.asarray(values, dtype=np.float64)
    if d.ndim != 1:
        raise ValueError("mean_difference_interval needs a 1-D array of per-game values")
    if not np.isfinite(d).all():
        raise ValueError("mean_difference_interval needs finite per-game values")
    n = len(d)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = float(d.mean())
    if n == 1:
        return (mean, math.nan, math.nan)
    half = z * float(d.std(ddof=1)) / math.sqrt(n)
    return (mean, mean - half, mean + half)


def mcnemar_exact(first, second) -> float:
    """McNemar's exact two-sided test that two arms played on the same games win
    equally often: only the games they split count (``b``: the first arm won
    and the second lost, ``c``: the reverse), and under no difference each
    split goes either way with probability 1/2, so the p-value is twice the
    smaller binomial tail of ``b`` among ``b + c`` (at most 1; 1 when no game
    split). ``first``, ``second``: per-game wins (booleans)."""
    import numpy as np

    x = np.asarray(first, dtype=bool)
    y = np.asarray(second, dtype=bool)
    if x.shape != y.shape or x.ndim != 1:
        raise ValueError("mcnemar_exact needs two equal-length 1-D arrays of results")
    b = int(np.sum(x & ~y))
    c = int(np.sum(~x & y))
    return binomial_two_sided(min(b, c), b + c)


def binomial_two_sided(k: int, n: int) -> float:
    """Twice P(X <= k) for X ~ Binomial(n, 1/2), capped at 1 (k the smaller count)."""
    if n == 0:
        return 1.0
    # the tail summed in log space: exact enough for the millions of games a run holds
    log_half_n = -n * math.log(2.0)
    tail = 0.0
    for i in range(0, k + 1):
        tail += math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + log_half_n)
    return min(1.0, 2.0 * tail)


def holm(p_values) -> list[float]:
    """Holm's step-down adjusted p-values (the family-wise error rate): the k-th
    smallest p-value times ``m - k + 1``, made non-decreasing in that order and
    capped at 1. A hypothesis is rejected at level alpha when its adjusted
    value is at most alpha."""
    p = [float(v) for v in p_values]
    _check_p(p)
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i])
    out = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        out[i] = running
    return out


def benjamini_hochberg(p_values) -> list[float]:
    """Benjamini-Hochberg adjusted p-values (q-values; the false discovery rate
    under independence or positive dependence): the k-th smallest p-value
    times ``m / k``, made non-increasing from the largest down, capped at 1."""
    p = [float(v) for v in p_values]
    _check_p(p)
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i], reverse=True)
    out = [0.0] * m
    running = 1.0
    for back, i in enumerate(order):
        rank = m - back                       # 1-based rank from the smallest
        running = min(running, m * p[i] / rank)
        out[i] = min(1.0, running)
    return out


def _check_p(p: list[float]) -> None:
    if any(not (0.0 <= v <= 1.0) for v in p):      # NaN fails both comparisons
        raise ValueError("p-values must lie in [0, 1]")
