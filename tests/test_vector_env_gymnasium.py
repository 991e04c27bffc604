"""The vector env (envs/vector.py) against Gymnasium's ``VectorEnv`` contract,
for every volume it serves. Gymnasium 1.x ships no checker for vector envs
(``gymnasium.utils.env_checker`` checks single envs only), so this test
walks the contract itself: the class and its spaces, ``reset`` returning
``(obs, info)``, ``step`` returning the five batched values, the declared
same-step auto-reset on a game's end with Gymnasium's ``final_obs`` /
``final_info`` keys and masks (read back by Gymnasium's own
``RecordEpisodeStatistics`` wrapper), new games on a second ``reset()``,
reproducible seeding, bad seeds and options refused, ``render`` and
``close``."""

import gymnasium
import numpy as np
import pytest
from gymnasium.error import ClosedEnvironmentError
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from gymnasium.wrappers.vector import RecordEpisodeStatistics

from britishway_env.envs.vector import VectorEnv
from britishway_env.errors import IllegalActionError, UnknownPolicyError

VOLUMES = ["palestine", "cyprus", "arab_revolt", "solo1948"]
N = 3


def make(volume, **kwargs):
    kwargs.setdefault("num_envs", N)
    kwargs.setdefault("seed", 4)
    if volume != "solo1948":
        kwargs.setdefault("opponent", "random")
    return VectorEnv(volume, **kwargs)


def random_actions(rng, info):
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in info["action_mask"]], dtype=np.int64)


def play_to_an_end(env, info, rng, limit=5000):
    """Step with random legal actions until a step ends a game; returns that step."""
    for _ in range(limit):
        out = env.step(random_actions(rng, info))
        info = out[4]
        if (out[2] | out[3]).any():
            return out
    raise AssertionError("no game ended")


def check_info(env, info):
    n, a = env.num_envs, env.single_action_space.n
    assert info["action_mask"].dtype == np.bool_ and info["action_mask"].shape == (n, a)
    np.testing.assert_array_equal(info["action_mask"], env.action_masks())
    np.testing.assert_array_equal(info["seat"], env.seats)
    assert info["waiting"].dtype == np.bool_ and info["waiting"].shape == (n,)
    for key in ("action_mask", "seat", "waiting"):
        assert info[f"_{key}"].dtype == np.bool_ and info[f"_{key}"].all()
    assert info["action_mask"][info["waiting"]].any(axis=1).all()


@pytest.mark.parametrize("volume", VOLUMES)
def test_the_class_and_its_spaces_are_gymnasiums(volume):
    env = make(volume)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    assert env.num_envs == N and env.unwrapped is env
    assert isinstance(env.single_observation_space, gymnasium.spaces.Box)
    assert env.single_observation_space.dtype == np.float32
    assert isinstance(env.single_action_space, gymnasium.spaces.Discrete)
    assert env.observation_space == batch_space(env.single_observation_space, N)
    assert env.action_space == batch_space(env.single_action_space, N)
    assert isinstance(env.action_space, gymnasium.spaces.MultiDiscrete)


@pytest.mark.parametrize("volume", VOLUMES)
def test_reset_step_and_the_same_step_auto_reset(volume):
    env = make(volume)
    out = env.reset(seed=7)
    assert isinstance(out, tuple) and len(out) == 2
    obs, info = out
    assert env.observation_space.contains(obs)
    check_info(env, info)
    rng = np.random.default_rng(0)
    acts = random_actions(rng, info)
    assert env.action_space.contains(acts)
    step = env.step(acts)
    assert isinstance(step, tuple) and len(step) == 5
    obs, rewards, terms, truncs, info = step
    assert env.observation_space.contains(obs)
    assert rewards.shape == terms.shape == truncs.shape == (N,)
    assert terms.dtype == truncs.dtype == np.bool_ and np.issubdtype(rewards.dtype, np.floating)
    check_info(env, info)

    before = env.arrays["episodes"].copy()
    obs, rewards, terms, truncs, info = play_to_an_end(env, info, rng)
    check_info(env, info)
    ended = terms | truncs
    # Gymnasium's same-step keys: the finished games' last observations and numbers, masked.
    np.testing.assert_array_equal(info["_final_obs"], ended)
    np.testing.assert_array_equal(info["_final_info"], ended)
    assert info["final_obs"].dtype == object and info["final_obs"].shape == (N,)
    final = info["final_info"]
    for key in ("game", "opponent", "length"):
        assert final[key].shape == (N,)
        np.testing.assert_array_equal(final[f"_{key}"], ended)
    for i in range(N):
        if not ended[i]:
            assert info["final_obs"][i] is None and final["game"][i] == -1 and rewards[i] == 0
            continue
        assert env.single_observation_space.contains(info["final_obs"][i])
        assert final["game"][i] == before[i] and final["length"][i] > 0
        if terms[i] and volume != "solo1948":
            assert rewards[i] in (-1.0, 1.0)
        # The slot shows its next game already: the first decision a fresh env shows for that game.
        nxt = int(before[i]) + N
        assert env.arrays["episodes"][i] == nxt
        fresh = make(volume, num_envs=1, first_game=nxt, seat=env.agents[env.seats[i]])
        fresh_obs, fresh_info = fresh.reset(seed=7)
        np.testing.assert_array_equal(obs[i], fresh_obs[0])
        np.testing.assert_array_equal(info["action_mask"][i], fresh_info["action_mask"][0])
        assert not np.array_equal(info["final_obs"][i], obs[i])


@pytest.mark.parametrize("volume", VOLUMES)
def test_gymnasiums_episode_statistics_read_the_declared_mode(volume):
    """RecordEpisodeStatistics counts by ``metadata["autoreset_mode"]``: its
    lengths are the env's own count of learner decisions per game."""
    env = RecordEpisodeStatistics(make(volume))
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(1)
    checked = 0
    for _ in range(3):
        _, rewards, terms, truncs, info = play_to_an_end(env, info, rng)
        ended = terms | truncs
        np.testing.assert_array_equal(info["_episode"], ended)
        np.testing.assert_array_equal(info["episode"]["l"][ended], info["final_info"]["length"][ended])
        np.testing.assert_array_equal(info["episode"]["r"][ended], rewards[ended])
        checked += int(ended.sum())
    assert checked >= 3


@pytest.mark.parametrize("volume", VOLUMES)
def test_a_second_reset_plays_new_games_and_a_seed_replays_them(volume):
    env = make(volume)
    first, _ = env.reset()
    np.testing.assert_array_equal(env.arrays["episodes"], np.arange(N))
    second, _ = env.reset()                               # no seed: each slot's next game, not a replay
    np.testing.assert_array_equal(env.arrays["episodes"], np.arange(N) + N)
    assert not np.array_equal(first, second)
    np.testing.assert_array_equal(second, make(volume, first_game=N).reset()[0])
    third, _ = env.reset()
    np.testing.assert_array_equal(env.arrays["episodes"], np.arange(N) + 2 * N)

    def run(env, seed):
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(5)
        out = [obs.copy()]
        for _ in range(40):
            obs, rewards, terms, truncs, info = env.step(random_actions(rng, info))
            out += [obs.copy(), rewards.copy(), terms.copy(), truncs.copy()]
        return out

    a = run(env, 11)
    b = run(env, 11)                                       # the same seed, the same games, step for step
    c = run(make(volume, seed=11), None)                   # a seed given at reset or at construction alike
    for x, y, z in zip(a, b, c):
        np.testing.assert_array_equal(x, y)
        np.testing.assert_array_equal(x, z)
    assert not np.array_equal(a[0], run(env, 12)[0])


@pytest.mark.parametrize("volume", VOLUMES)
def test_bad_seeds_options_and_actions_are_refused_with_nothing_changed(volume):
    env = make(volume)
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(np.zeros(N, dtype=np.int64))
    obs, info = env.reset(seed=2)
    states = env.states()
    for seed in ([1, 2, 3], -1, 2**63, 1.5, True, "3"):
        with pytest.raises(ValueError, match="seed"):
            env.reset(seed=seed)
    for options in ({"reset_mask": np.ones(N, dtype=bool)}, "x"):
        with pytest.raises(ValueError, match="options"):
            env.reset(options=options)
    illegal = np.array([np.flatnonzero(~m)[0] for m in info["action_mask"]])
    with pytest.raises(IllegalActionError, match="slot 0"):
        env.step(illegal)
    np.testing.assert_array_equal(env.states(), states)
    assert env.seed == 2
    env.reset(options={})                                  # an empty mapping is no option


@pytest.mark.parametrize("volume", VOLUMES)
def test_render_and_close(volume):
    env = make(volume)
    env.reset()
    assert env.render() is None
    shown = make(volume, render_mode="ansi")
    shown.reset()
    frames = shown.render()
    assert isinstance(frames, tuple) and len(frames) == N and all(isinstance(f, str) and f for f in frames)
    with pytest.raises(ValueError, match="render_mode"):
        make(volume, render_mode="human")
    env.close()
    assert env.closed
    env.close()                                            # a second close does nothing
    with pytest.raises(ClosedEnvironmentError):
        env.step(np.zeros(N, dtype=np.int64))
    with pytest.raises(ClosedEnvironmentError):
        env.reset()


@pytest.mark.parametrize("pythons_threads", [False, True])
def test_the_solo_deck_is_the_same_env_its_evaluation_rows_the_rollouts(pythons_threads, monkeypatch):
    """One seat: every decision is the learner's; an evaluation run following
    the heuristic keeps the rollouts' result rows, and a saved run continues
    exactly. ``pythons_threads``: the slots stepped by the serial kernel on
    Python's threads, as in a process forked after a parallel launch
    (engine/threads.py in_slot_pieces)."""
    from britishway_env.engine import threads
    from britishway_env.solo1948 import batch
    from britishway_env.solo1948.policies import POLICY_HEURISTIC

    monkeypatch.setattr(threads, "_forked_after_launch", pythons_threads)
    env = VectorEnv("solo1948", num_envs=4, seed=9, games=10, auto_single=False)
    assert env.agents == ("israeli",) and (env.seats == 0).all()
    env.reset()
    while not env.done:
        env.step(np.maximum(env.bot_actions(), 0))
    want = np.zeros((10, batch.N_RESULT_COLUMNS), dtype=np.int64)
    batch.play_games(9, 0, 10, POLICY_HEURISTIC, want)
    np.testing.assert_array_equal(env.result_rows(), want)

    a = VectorEnv("solo1948", num_envs=4, seed=3)
    _, info = a.reset()
    rng = np.random.default_rng(0)
    for _ in range(30):
        _, _, _, _, info = a.step(random_actions(rng, info))
    saved = {k: v.copy() for k, v in a.get_state().items()}
    b = VectorEnv("solo1948", num_envs=4, seed=3)
    b.set_state(saved)
    np.testing.assert_array_equal(b.observations(), a.observations())
    for _ in range(30):
        acts = random_actions(rng, info)
        x, y = a.step(acts), b.step(acts)
        info = x[4]
        for u, v in zip(x[:4], y[:4]):
            np.testing.assert_array_equal(u, v)
    with pytest.raises(UnknownPolicyError, match="one seat"):
        a.set_opponents("heuristic")
