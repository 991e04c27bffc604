"""The self-play league (experiments/league.py): the equilibrium and gain
arithmetic on known cells, the warm start of a best response, a tiny league in
the suite, and resume equal to a straight run."""

from __future__ import annotations

import json
import types
from pathlib import Path

import numpy as np
import pytest

from experiments import league as L


def _args(**kw):
    base = dict(volume="cyprus", seed=1, iterations=1, games=4, br_steps=256, exploit_steps=0, margin=0.02,
                envs=8, eval_games=4, lr=1e-4, ent_coef=0.003, n_steps=32, batch=64, epochs=1, threads=1)
    base.update(kw)
    return types.SimpleNamespace(**base)


def _league(tmp_path, cells: dict, first: list, second: list, iterations=()):
    state = L.fresh_state(_args(), "test")
    state["populations"]["first"] = [{"name": n, "policy": "heuristic", "added": a} for n, a in first]
    state["populations"]["second"] = [{"name": n, "policy": "heuristic", "added": a} for n, a in second]
    state["cells"] = cells
    state["iterations"] = list(iterations)
    return L.League(_args(), state, tmp_path, lambda msg: None)


def test_value_and_mixtures_from_the_cells(tmp_path):
    # Matching pennies in win rates: per game, the first seat wins on the diagonal.
    g = 10
    cells = {"a|x": [1.0] * g, "a|y": [0.0] * g, "b|x": [0.0] * g, "b|y": [1.0] * g}
    lg = _league(tmp_path, cells, [("a", 0), ("b", 0)], [("x", 0), ("y", 0)])
    rec = lg.record(0)
    assert rec["first_mixture"] == pytest.approx([0.5, 0.5]) and rec["second_mixture"] == pytest.approx([0.5, 0.5])
    assert rec["value"] == pytest.approx(0.5) and rec["first_mixture_exact"] == ["1/2", "1/2"]
    assert rec["value_games"][0] == pytest.approx(0.5) and rec["gains"] is None


def test_gain_is_the_new_members_payoff_against_the_old_mixture_minus_the_old_value(tmp_path):
    g = 8
    # Iteration 0: a pure saddle, first seat 'a' against 'x', value 0.25.
    cells = {"a|x": [1.0, 0.0, 0.0, 0.0] * 2}
    lg0 = _league(tmp_path, cells, [("a", 0)], [("x", 0)])
    rec0 = lg0.record(0)
    assert rec0["value"] == pytest.approx(0.25)
    # Round 1: 'b' wins 3 of 4 against 'x'; 'y' holds 'a' and 'b' to 0.
    cells.update({"b|x": [1.0, 1.0, 1.0, 0.0] * 2, "a|y": [0.0] * g, "b|y": [0.0] * g})
    lg1 = _league(tmp_path, cells, [("a", 0), ("b", 1)], [("x", 0), ("y", 1)], [rec0])
    rec1 = lg1.record(1)
    first, second = rec1["gains"]["first"], rec1["gains"]["second"]
    assert first[0] == pytest.approx(0.75 - 0.25)            # b against x, minus the old value
    assert second[0] == pytest.approx(1.0 - 0.75)             # y against a scores 1, the old value for x was 0.75
    assert first[1] < first[0] < first[2]
    assert rec1["value"] == pytest.approx(0.0)                # y holds every first-seat member to 0
    assert lg1.should_stop(rec1) is None                      # the gains are far above the margin


def test_the_league_stops_when_no_gain_clears_the_margin(tmp_path):
    rec = {"iteration": 2, "gains": {"first": [0.005, -0.005, 0.015], "second": [0.0, -0.019, 0.019]}}
    lg = _league(tmp_path, {}, [("a", 0)], [("x", 0)])
    assert "every new best response gains less than the margin" in lg.should_stop(rec)
    rec["gains"]["first"] = [0.01, -0.005, 0.025]        # not shown to be below the margin: go on
    assert lg.should_stop(rec) is None


def test_the_strongest_member_is_a_network_with_the_best_payoff(tmp_path):
    lg = _league(tmp_path, {}, [("a", 0), ("b", 0)], [("x", 0)])
    lg.state["populations"]["first"][1]["policy"] = "trained"
    rec = {"matrix": [[0.9], [0.4]], "first_mixture": [1.0, 0.0], "second_mixture": [1.0]}
    # 'a' (the scripted bot) scores more, but only a network can start a best response.
    assert lg.strongest("first", rec)["name"] == "b"


def test_init_puts_the_file_actor_into_the_model(tmp_path):
    from agents.trained import load_network
    from experiments import train

    out = tmp_path / "br"
    code = train.main(["--volume", "cyprus", "--seat", "eoka", "--timesteps", "0", "--envs", "4", "--bc-games", "0",
                       "--init", "trained", "--eval-games", "2", "--threads", "1", "--out-dir", str(out)])
    assert code == 0
    shipped = load_network("trained", "cyprus", "eoka")
    started = load_network(out / "latest.npz", "cyprus")
    for name in ("hidden_0.weight", "hidden_1.bias", "action.weight", "action.bias"):
        np.testing.assert_array_equal(started.arrays[name], shipped.arrays[name])
    manifest = json.loads((out / "manifest.json").read_text())["runs"][0]
    assert manifest["init"]["critic_loaded"] is False           # the shipped head is [256], the critic [256, 256]


def test_init_refuses_cloning_and_both_seats(tmp_path, capsys):
    from experiments import train

    with pytest.raises(SystemExit):
        train.main(["--volume", "cyprus", "--seat", "eoka", "--init", "trained", "--out-dir", str(tmp_path)])
    assert "--bc-games 0" in capsys.readouterr().err


def _run(out: Path, *extra) -> int:
    return L.main(["--volume", "cyprus", "--games", "6", "--br-steps", "256", "--envs", "8", "--eval-games", "2",
                   "--n-steps", "32", "--batch", "64", "--epochs", "1", "--threads", "1", "--exploit-steps", "256",
                   "--margin", "0", "--out-dir", str(out), *extra])


def _stripped(path: Path) -> dict:
    state = json.loads((path / "league.json").read_text())
    state.pop("wall_s")
    state.pop("commands")
    return state


@pytest.mark.slow
def test_a_tiny_league_runs_and_resume_equals_a_straight_run(tmp_path, monkeypatch):
    straight, resumed = tmp_path / "straight", tmp_path / "resumed"
    assert _run(straight, "--iterations", "1") == 0
    assert _run(resumed, "--iterations", "0") == 0
    assert _run(resumed, "--iterations", "1", "--resume") == 0
    a, b = _stripped(straight), _stripped(resumed)
    assert len(a["iterations"]) == 2 and a["iterations"][1]["gains"].keys() == {"first", "second"}
    for key in ("cells", "iterations", "populations", "best_responses", "exploit"):
        assert a[key] == b[key], key
    # The best responses were trained against the mixture (the pool the command names) from the strongest member.
    cmds = json.loads((straight / "league.json").read_text())["commands"]
    trains = [c for c in cmds if "experiments/train.py" in c]
    assert len(trains) == 4 and all("--init" in c and "--bc-games 0" in c for c in trains)
    assert (straight / "iterations.csv").read_text().count("\n") == 3 and (straight / "league.png").stat().st_size
    # Shipping writes the mixtures as league files, weights summing to 1, each network's hash.
    assert _run(straight, "--iterations", "1", "--ship", "--ship-dir", str(tmp_path / "ship")) == 0
    from britishway_env import league

    monkeypatch.setattr(league, "LEAGUE_DIR", tmp_path / "ship")
    for seat in ("british", "eoka"):
        doc = json.loads((tmp_path / "ship" / f"cyprus_{seat}.json").read_text())
        mix = league.load("cyprus", seat)                  # the policy name's own checks pass
        assert np.allclose(mix.weights, [m["weight"] for m in doc["members"]])
        assert doc["format"] == "britishway-league/1" and doc["seat"] == seat
        assert sum(m["weight"] for m in doc["members"]) == pytest.approx(1.0)
        for m in doc["members"]:
            if m["policy"].endswith(".npz"):
                assert L.sha256_file(tmp_path / "ship" / m["policy"]) == m["sha256"]


def test_resume_with_other_flags_is_refused(tmp_path, capsys):
    out = tmp_path / "run"
    out.mkdir()
    state = L.fresh_state(_args(games=6), "x")
    (out / "league.json").write_text(json.dumps(state))
    assert _run(out, "--resume") == 2
    assert "resume with the run's own flags" in capsys.readouterr().err
    assert _run(tmp_path / "none", "--resume") == 2
    assert "nothing to resume" in capsys.readouterr().err


@pytest.mark.parametrize("volume", ["palestine", "cyprus", "arab_revolt"])
def test_the_shipped_league_policies_load_and_say_where_they_came_from(volume):
    from britishway_env import league
    from britishway_env.registry import spec

    for seat in spec(volume).agents:
        mix = league.load(volume, seat)                       # every check of the policy name passes
        assert abs(float(mix.weights.sum()) - 1.0) < 1e-12
        doc = json.loads((league.LEAGUE_DIR / f"{volume}_{seat}.json").read_text())
        prov = doc["provenance"]
        assert prov["made_by"] == "experiments/league.py" and len(prov["member_names"]) == len(doc["members"])
        assert any(c.startswith(f"python experiments/league.py --volume {volume}") for c in prov["commands"])
        low, high = prov["balance_fresh_seeds"][1:]
        assert 0.0 <= low <= prov["balance_fresh_seeds"][0] <= high <= 1.0
