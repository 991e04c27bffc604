"""Summary statistics for rollouts."""

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
