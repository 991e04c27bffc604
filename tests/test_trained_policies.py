"""Trained networks in every seat-taking tool: rollouts (lock-step batches on
the vector env), the CLI, Game.choose, bots.choose and BotOpponent; the
shipped Palestine policies; the training script end to end (small budget)."""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from agents import policy_file
from agents.trained import SHIPPED_SEATS
from britishway_env import Game, rollouts
from britishway_env.errors import UnknownPolicyError
from britishway_env.volumes.palestine.bots import choose

REPO = Path(__file__).resolve().parents[1]


def random_policy_file(path, seed=0, hidden=(32,)):
    obs_size, n_actions = policy_file.volume_sizes("palestine")
    config = {"format": policy_file.FORMAT, "format_version": policy_file.FORMAT_VERSION, "volume": "palestine",
              "obs_size": obs_size, "n_actions": n_actions, "hidden": list(hidden), "activation": "tanh",
              "source": "test: random weights"}
    rng = np.random.default_rng(seed)
    arrays = {name: rng.normal(0, 1, shape).astype(np.float32)
              for name, shape in policy_file.array_shapes(config).items()}
    return policy_file.save(path, config, arrays)


@pytest.fixture(scope="module")
def net(tmp_path_factory):
    return str(random_policy_file(tmp_path_factory.mktemp("nets") / "net.npz"))


def play_in_python(seed, policies):
    """One game through Game.choose, decision by decision."""
    game = Game("palestine", seed=seed)
    while not game.is_terminal():
        game.apply(game.choose(policies[game.current_agent]))
    return game


def test_rollouts_with_a_network_seat_equal_the_game_played_decision_by_decision(net):
    from britishway_env.engine.rng import game_seeds

    policies = {"british": net, "irgun": "heuristic"}
    df = rollouts.run("palestine", 12, seed=5, policies=policies)
    again = rollouts.run("palestine", 12, seed=5, policies=policies, chunk=5)   # chunks start mid-run
    assert df.equals(again)
    assert list(df["policy_british"].unique()) == [net]
    for i, seed in enumerate(game_seeds(np.int64(5), np.int64(0), np.int64(4))):
        game = play_in_python(int(seed), policies)
        row = df.iloc[i]
        assert row["winner"] == game.winner
        assert row["decisions"] == len(game.history)
        assert row["final_political_will"] == game.to_dict()["political_will"]


def test_a_network_in_both_seats_and_against_random(net, tmp_path):
    other = str(random_policy_file(tmp_path / "other.npz", seed=1))
    both = rollouts.run("palestine", 10, seed=1, policies={"british": net, "irgun": other})
    assert set(both["winner"]) <= {"british", "irgun"} and len(both) == 10
    for seed in both["seed"][:2]:
        game = play_in_python(int(seed), {"british": net, "irgun": other})
        assert both.set_index("seed").loc[seed, "decisions"] == len(game.history)
    vs_random = rollouts.run("palestine", 10, seed=1, policies={"irgun": net})
    assert (vs_random["policy_british"] == "random").all()


def test_bad_policy_files_are_refused_by_name(tmp_path):
    solo = tmp_path / "solo.npz"
    import agents.trained as trained

    cfg_solo = dict(policy_file.load(trained.SHIPPED["solo1948"]).config)
    arrays = {name: np.zeros(shape, np.float32) for name, shape in policy_file.array_shapes(cfg_solo).items()}
    policy_file.save(solo, cfg_solo, arrays)
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    for name, msg in ((str(solo), "is for volume 'solo1948'"), (str(tmp_path / "none.npz"), "no policy file"),
                      (str(tmp_path / "junk.npz"), "not a valid policy file")):
        with pytest.raises(UnknownPolicyError, match=msg):
            rollouts.run("palestine", 2, policies={"british": name})
        with pytest.raises(UnknownPolicyError, match=msg):
            choose(Game("palestine", seed=0), name)


def test_cli_takes_a_policy_file_per_seat(net, tmp_path):
    out = tmp_path / "rows.csv"
    cmd = [sys.executable, "-m", "britishway_env.cli", "rollouts", "palestine", "--games", "8", "--seed", "2",
           "--policy", f"british=heuristic,irgun={net}", "--out", str(out)]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert out.is_file() and net in out.read_text()
    bad = subprocess.run(cmd[:-2] + ["--policy", f"irgun={tmp_path / 'missing.npz'}"], capture_output=True,
                         text=True, cwd=REPO, timeout=600)
    assert bad.returncode != 0 and "no policy file" in bad.stderr and "Traceback" not in bad.stderr


def test_game_choose_and_bot_opponent_take_a_network(net):
    from britishway_env import palestine_v0
    from britishway_env.envs.opponent import BotOpponent

    game = Game("palestine", seed=4)
    a = game.choose(net)
    assert a in game.legal_actions()
    assert a == choose(game, net)
    from britishway_env.volumes.palestine.bots import opponent

    for env in (BotOpponent(palestine_v0.env(), {"irgun": lambda g: choose(g, net)}),
                opponent(palestine_v0.env(), seat="irgun", policy=net)):
        env.reset(seed=0)
        for agent in env.agent_iter(max_iter=400):
            assert agent == "british"
            obs, reward, term, trunc, info = env.last()
            env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(UnknownPolicyError, match="no policy file"):
        opponent(palestine_v0.env(), seat="irgun", policy="nowhere.npz")
    with pytest.raises(UnknownPolicyError, match="no bots"):
        Game("solo1948", seed=0).choose("heuristic")


@pytest.mark.parametrize("volume, seat", [("palestine", "british"), ("palestine", "irgun"), ("cyprus", "british"),
                                          ("cyprus", "eoka"), ("arab_revolt", "british"), ("arab_revolt", "rebels")])
def test_shipped_policies_load_and_beat_random_play_in_their_seat(volume, seat):
    path = SHIPPED_SEATS[(volume, seat)]
    assert path.is_file(), f"{path} must be shipped"
    net = policy_file.load(path, volume=volume)
    assert "experiments/train.py" in net.config["source"]
    df = rollouts.run(volume, 200, seed=424242, policies={seat: "trained"})
    assert (df["winner"] == seat).mean() >= 0.9
    assert (df[f"policy_{seat}"] == "trained").all()


def test_training_script_clones_trains_evaluates_and_resumes(tmp_path):
    import csv

    import experiments.train as train

    out = tmp_path / "palestine_irgun"
    common = ["--volume", "palestine", "--seat", "irgun", "--envs", "16", "--bc-games", "24", "--bc-epochs", "1",
              "--eval-games", "24", "--eval-every", "2048", "--snapshot-every", "1024", "--n-steps", "64",
              "--batch", "512", "--out-dir", str(out), "--threads", "1"]
    assert train.main(common + ["--timesteps", "2048"]) == 0
    rows = list(csv.DictReader((out / "log.csv").open()))
    assert rows[0]["phase"] == "cloned" and int(rows[-1]["timesteps"]) >= 2048
    assert (out / "curve.png").stat().st_size > 1000
    best = policy_file.load(out / "best.npz", volume="palestine")
    assert best.config["hidden"] == train.NET
    assert train.main(common + ["--timesteps", "4096", "--resume"]) == 0
    more = list(csv.DictReader((out / "log.csv").open()))
    assert len(more) > len(rows) and int(more[-1]["timesteps"]) >= 4096
    assert not any(p.suffix in (".zip", ".pkl", ".pt") for p in out.iterdir())   # nothing pickled
    state = __import__("json").loads((out / "train_state.json").read_text())
    assert len(state["counters"]["commands"]) == 2 and "--resume" in state["counters"]["commands"][1]

    import experiments.training_report as training_report

    md = tmp_path / "docs" / "training.md"
    assert training_report.main(["--games", "20", "--british", str(out / "best.npz"), "--irgun",
                                 str(out / "latest.npz"), "--runs", str(tmp_path), "--out", str(md)]) == 0
    text = md.read_text()
    assert "| irgun | heuristic | **trained** | 20 |" in text and "### Against the bar" in text
    assert (md.parent / "training_palestine_irgun.png").is_file() and "training_palestine_irgun.png" in text


def test_self_play_training_scores_both_seats(tmp_path):
    import csv

    import experiments.train as train

    out = tmp_path / "both"
    assert train.main(["--seat", "both", "--envs", "8", "--bc-games", "8", "--bc-epochs", "1", "--eval-games", "8",
                       "--eval-every", "100000", "--n-steps", "32", "--batch", "256", "--timesteps", "256",
                       "--out-dir", str(out), "--threads", "1"]) == 0
    rows = list(csv.DictReader((out / "log.csv").open()))
    assert {r["seat"] for r in rows} == {"british", "irgun"}
    assert {r["phase"] for r in rows} == {"cloned", "final"}
