"""The intervals the reports state: Wilson, Newcombe's paired difference, and
the mean of per-game paired differences (the training report's verdict)."""
import math

import numpy as np
import pytest

from britishway_env.engine.stats import mean_paired_difference, paired_difference, wilson_interval


def test_wilson_interval_matches_the_formula_and_stays_inside_0_1():
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == pytest.approx(1.0)


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
