"""Smoke tests of training (MaskablePPO on the numba VecEnv) and the shipped checkpoint."""

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

from agents.trained import SHIPPED, load_policy  # noqa: E402
from agents.vec_env import SB3VectorEnv  # noqa: E402
from britishway_env import UnknownPolicyError, rollouts  # noqa: E402
from britishway_env.solo1948 import batch  # noqa: E402
from britishway_env.solo1948 import layout as L  # noqa: E402
from britishway_env.solo1948.env import Solo1948Env  # noqa: E402


def test_vec_env_matches_the_gymnasium_env():
    """The vector env of the solo deck (through the SB3 adapter, every decision
    handed out) gives the same observations, rewards and ends as Solo1948Env
    on the same games: slot 0 plays games 0, 1, 2, ... of its seed."""
    venv = SB3VectorEnv("solo1948", num_envs=1, seed=0, auto_single=False)
    obs = venv.reset()
    env = Solo1948Env()
    env.reset(seed=0)
    env.game = type(env.game)(seed=int(batch.game_seeds(0, 0, 1)[0]))
    assert np.array_equal(obs[0], env._obs())
    rng = np.random.default_rng(0)
    games = 0
    for _ in range(200):
        a = int(rng.choice(np.flatnonzero(venv.action_masks()[0])))
        obs, rew, done, info = venv.step(np.array([a]))
        _, r, term, _, _ = env.step(a)
        assert rew[0] == r and done[0] == term
        if done[0]:
            assert np.array_equal(info[0]["terminal_observation"], env._obs())
            games += 1
            env.game = type(env.game)(seed=int(batch.game_seeds(0, games, 1)[0]))
        assert np.array_equal(obs[0], env._obs())
    assert games >= 1


def test_training_script_runs_and_writes_a_usable_checkpoint(tmp_path):
    import experiments.train_solo1948 as train

    out = tmp_path / "p.npz"
    report = tmp_path / "r.md"
    assert train.main(["--timesteps", "4096", "--envs", "16", "--out", str(out), "--eval-games", "300",
                       "--report", str(report), "--no-progress"]) == 0
    assert out.is_file() and not (tmp_path / "p.zip").exists()    # a policy file, no pickled model
    text = report.read_text()
    assert "trained (MaskablePPO)" in text and "heuristic" in text and "britishway rollouts" in text
    df = rollouts.run("solo1948", 200, seed=1, policy=str(out))
    assert len(df) == 200 and set(df["outcome"]) <= set(L.OUTCOME_NAMES[1:])


def test_training_into_a_folder_reports_on_the_new_file_and_names_it(tmp_path):
    import numba

    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    """--out-dir: the report evaluates the policy file trained there, and its
    commands name that file (not the shipped one); --threads bounds numba too."""
    import numba

    import experiments.train_solo1948 as train
    from agents import policy_file

    assert train.main(["--timesteps", "2048", "--envs", "16", "--out-dir", str(tmp_path), "--eval-games", "200",
                       "--no-progress", "--threads", "1"]) == 0
    out = tmp_path / "solo1948_ppo.npz"
    text = (tmp_path / "solo1948.md").read_text()
    assert f"--policy {out} --seed" in text and "--policy ppo" not in text
    assert "--out-dir" in text and "--threads 1" in text                 # the command that ran
    assert "1 numba thread used" in text and "## Provenance" in text and net_hash(out) in text
    assert numba.get_num_threads() == numba.config.NUMBA_NUM_THREADS           # put back after the run
    net = policy_file.load(out)
    assert net.manifest["weights_sha256"] == net.weights_sha256 and net.manifest["timesteps"] >= 2048
    assert "experiments/train_solo1948.py" in net.manifest["command"]


def net_hash(path):
    from agents import policy_file

    return policy_file.load(path).weights_sha256


def test_the_solo_vec_env_reports_episode_lengths():
    venv = SB3VectorEnv("solo1948", num_envs=4, seed=0, auto_single=False)
    venv.reset()
    rng = np.random.default_rng(0)
    lengths = np.zeros(4, dtype=np.int64)
    seen = 0
    while seen < 6:
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in venv.action_masks()])
        obs, rew, done, info = venv.step(acts)
        lengths += 1
        for i in np.flatnonzero(done):
            assert info[i]["episode"]["l"] == lengths[i] and info[i]["episode"]["r"] == rew[i]
            lengths[i] = 0
            seen += 1


def test_shipped_checkpoint_plays_legal_games():
    assert SHIPPED["solo1948"].is_file(), "agents/checkpoints/solo1948_ppo.npz must be shipped"
    a = rollouts.run("solo1948", 300, seed=2, policy="ppo")
    b = rollouts.run("solo1948", 300, seed=2, policy="ppo", chunk=64)
    assert a.equals(b)


def test_missing_checkpoint_is_a_clear_error(tmp_path):
    with pytest.raises(UnknownPolicyError, match="no policy file"):
        load_policy(tmp_path / "none.npz")
