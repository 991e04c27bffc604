"""The intervals the reports state: Wilson, Newcombe's difference of two
separate win rates, Newcombe's paired difference, and
the mean of per-game paired differences (the training report's verdict)."""
import math

import numpy as np
import pytest

from britishway_env.engine.stats import (difference_interval, mean_difference_interval, mean_paired_difference,
                                         paired_difference, wilson_interval)


def test_wilson_interval_matches_the_formula_and_stays_inside_0_1():
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)


@pytest.mark.parametrize("k1, n1, k2, n2, low, high", [
    (56, 70, 48, 80, 0.0524, 0.3339), (9, 10, 3, 10, 0.1705, 0.8090), (6, 7, 2, 7, 0.0582, 0.8062),
    (5, 56, 0, 29, -0.0381, 0.1926), (0, 10, 0, 20, -0.1611, 0.2775), (10, 10, 0, 20, 0.6791, 1.0),
])
def test_difference_interval_matches_newcombes_published_method_10(k1, n1, k2, n2, low, high):
    # Newcombe 1998, Statistics in Medicine 17: 873-890, Table II, method 10
    diff, lo, hi = difference_interval(k1, n1, k2, n2)
    assert diff == pytest.approx(k1 / n1 - k2 / n2)
    assert (lo, hi) == pytest.approx((low, high), abs=1e-4)


def test_difference_interval_of_an_empty_set_is_not_a_number():
    assert all(math.isnan(v) for v in difference_interval(3, 10, 0, 0))


def test_paired_difference_narrows_when_the_arms_agree_game_by_game():
    rng = np.random.default_rng(0)
    x = rng.random(2000) < 0.6
    same_games = x.copy()
    same_games[:100] = ~same_games[:100]               # differs on 100 games only
    independent = rng.random(2000) < x.mean()
    d1, lo1, hi1 = paired_difference(x, same_games)
    d2, lo2, hi2 = paired_difference(x, independent)
    assert lo1 <= d1 <= hi1 and lo2 <= d2 <= hi2
    assert hi1 - lo1 < hi2 - lo2
    assert paired_difference(x, x)[0] == 0.0


def test_mean_paired_difference_is_the_mean_with_z_standard_errors():
    d = np.array([1.0] * 60 + [0.0] * 40)
    mean, lo, hi = mean_paired_difference(d)
    half = 1.959963984540054 * math.sqrt(0.24 * 100 / 99) / 10
    assert mean == pytest.approx(0.6) and lo == pytest.approx(0.6 - half) and hi == pytest.approx(0.6 + half)


def test_mean_paired_difference_of_identical_arms_excludes_nothing_and_a_clear_lead_excludes_0():
    assert mean_paired_difference(np.zeros(500)) == (0.0, 0.0, 0.0)    # neither lo > 0 nor hi < 0
    rng = np.random.default_rng(1)
    lead = (rng.random(4000) < 0.55).astype(float) - (rng.random(4000) < 0.45).astype(float)
    assert mean_paired_difference(lead)[1] > 0
    noise = (rng.random(200) < 0.5).astype(float) - (rng.random(200) < 0.5).astype(float)
    _, lo, hi = mean_paired_difference(noise)
    assert lo < 0 < hi
    with pytest.raises(ValueError):
        mean_paired_difference(np.zeros((2, 2)))


def test_mean_difference_interval_is_the_mean_with_z_standard_errors_on_any_scale():
    d = np.array([10.0, 20.0, 30.0, 40.0])                     # decisions: far outside -1..1
    mean, lo, hi = mean_difference_interval(d)
    half = 1.959963984540054 * math.sqrt(500.0 / 3.0) / 2       # sample variance 500/3, n = 4
    assert mean == 25.0 and lo == pytest.approx(25 - half) and hi == pytest.approx(25 + half)
    assert hi > 1 and mean_paired_difference(d / 100)[2] <= 1   # the win-rate version clamps, this one not
    assert mean_difference_interval(np.array([-3.0, -5.0]))[2] < -1
    assert math.isnan(mean_difference_interval(np.zeros(0))[0])
    mean, lo, hi = mean_difference_interval(np.array([7.0]))    # one game: no standard error
    assert mean == 7.0 and math.isnan(lo) and math.isnan(hi)
    with pytest.raises(ValueError, match="1-D"):
        mean_difference_interval(np.zeros((2, 2)))
    with pytest.raises(ValueError, match="finite"):
        mean_difference_interval(np.array([1.0, np.nan]))


def test_paired_difference_covers_the_true_difference_about_95_percent_of_the_time():
    """Simulated paired arms (correlated per game, as two arms on the same seeds are):
    the interval holds the true difference in about 95% of 1,500 experiments."""
    rng = np.random.default_rng(7)
    p1, p2, agree = 0.55, 0.48, 0.8
    hits = 0
    trials = 1500
    for _ in range(trials):
        base = rng.random(300)
        x = base < p1
        # the second arm repeats the first's luck on most games, and draws afresh on the rest
        fresh = rng.random(300) < agree
        y = np.where(fresh, base < p2, rng.random(300) < p2)
        d, lo, hi = paired_difference(x, y)
        hits += lo <= p1 - p2 <= hi
    assert 0.93 <= hits / trials <= 0.975


def test_mcnemar_exact_counts_only_the_split_games():
    from britishway_env.engine.stats import mcnemar_exact

    x = np.array([True] * 10 + [False] * 2 + [True] * 50 + [False] * 30)
    y = np.array([False] * 10 + [True] * 2 + [True] * 50 + [False] * 30)
    assert mcnemar_exact(x, y) == pytest.approx(2 * (1 + 12 + 66) / 4096)      # b = 10, c = 2 of 12 splits
    assert mcnemar_exact(x, x) == 1.0
    assert mcnemar_exact(y, x) == mcnemar_exact(x, y)


def test_holm_and_benjamini_hochberg_adjust_as_their_definitions_say():
    from britishway_env.engine.stats import benjamini_hochberg, holm

    p = [0.01, 0.04, 0.03, 0.005]
    assert holm(p) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert benjamini_hochberg(p) == pytest.approx([0.02, 0.04, 0.04, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0]) and benjamini_hochberg([]) == []
    with pytest.raises(ValueError):
        holm([0.1, float("nan")])
    with pytest.raises(ValueError):
        benjamini_hochberg([1.5])


def test_holm_controls_the_family_wise_error_on_simulated_null_p_values():
    from britishway_env.engine.stats import holm

    rng = np.random.default_rng(3)
    false_alarms = sum(min(holm(rng.random(20))) <= 0.05 for _ in range(2000))
    assert false_alarms / 2000 <= 0.06
