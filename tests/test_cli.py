"""Smoke tests of the `britishway` command (rollouts; play is in test_play.py) and the rollout API."""

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from britishway_env import Game, UnknownPolicyError, UnknownVolumeError, rollouts
from britishway_env.cli import app

runner = CliRunner()


def test_rollouts_cli_prints_summary_and_writes_parquet(tmp_path):
    out = tmp_path / "r.parquet"
    res = runner.invoke(app, ["rollouts", "solo1948", "--games", "3000", "--policy", "heuristic",
                              "--seed", "7", "--threads", "1", "--out", str(out), "--quiet"])
    assert res.exit_code == 0, res.output
    for word in ("decisive_victory", "complete_loss", "all victories", "95% CI"):
        assert word in res.output
    df = pd.read_parquet(out)
    assert len(df) == 3000 and df["game"].tolist() == list(range(3000))
    assert set(df["outcome"].unique()) <= {"decisive_victory", "attrition_victory", "complete_loss", "turn_limit"}


def test_rollouts_same_seed_same_rows_any_thread_count():
    a = rollouts.run("solo1948", 5000, seed=3, policy="random", threads=1)
    b = rollouts.run("solo1948", 5000, seed=3, policy="random", threads=2, chunk=777)
    pd.testing.assert_frame_equal(a, b)
    c = rollouts.run("solo1948", 5000, seed=4, policy="random")
    assert not a["seed"].equals(c["seed"])


def test_rollout_rows_match_single_games():
    df = rollouts.run("solo1948", 50, seed=5, policy="random")
    # A random-policy game's first row replayed from its seed through Game gives the same start.
    g = Game("solo1948", seed=int(df["seed"].iloc[0]))
    assert g.turn == 1 and not g.is_terminal()
    assert (df["turns"] >= 2).all()  # no battle on turn 1, so no game ends before turn 2


def test_summary_intervals_bracket_rates():
    df = rollouts.run("solo1948", 4000, seed=1, policy="heuristic")
    s = rollouts.summarize(df)
    assert np.isclose(s.loc[s.outcome == "all victories", "rate"].item(), df["israeli_win"].mean())
    assert ((s.ci95_low <= s.rate) & (s.rate <= s.ci95_high)).all()
    assert s.loc[s.outcome != "all victories", "games"].sum() == 4000


def test_unknown_policy_and_volume_are_clear():
    with pytest.raises(UnknownPolicyError, match="unknown policy 'smart'"):
        rollouts.run("solo1948", 10, policy="smart")
    with pytest.raises(UnknownVolumeError, match="no rollouts for volume 'kenya'"):
        rollouts.run("kenya", 10)
    res = runner.invoke(app, ["rollouts", "solo1948", "--games", "10", "--policy", "smart"])
    assert res.exit_code == 2 and "unknown policy" in res.output


def test_wilson_interval_known_values():
    from britishway_env.engine.stats import wilson_interval

    assert wilson_interval(0, 100)[0] == 0.0 and wilson_interval(100, 100)[1] == 1.0
    lo, hi = wilson_interval(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
