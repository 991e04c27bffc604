"""The vector env's opponent pool plays each entry in its share of the games,
its policy opponents are held to the learner's rules, and a saved env
continues exactly (envs/vector.py, engine/coin/vector.py)."""

import math

import numpy as np
import pytest

from britishway_env.envs.vector import VectorEnv
from britishway_env.errors import IllegalActionError, OpponentError, StateError


class Counting:
    """A policy opponent (uniform among the legal actions, from its own
    generator) that counts the decisions it was asked for."""

    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)
        self.calls = 0

    def act(self, obs, masks):
        self.calls += len(obs)
        return np.array([self.rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)


def play_out(env, seed=0):
    """Play every game of an evaluation env (``games=``) with a random learner;
    returns the pool entry of each finished game, in game order."""
    rng = np.random.default_rng(seed)
    drawn = np.full(env.games, -1, dtype=np.int64)
    obs, info = env.reset()
    while not env.done:
        masks = info["action_mask"]
        acts = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks], dtype=np.int64)
        obs, rewards, term, trunc, info = env.step(acts)
        if "final_info" in info:
            ended = info["_final_info"]
            drawn[info["final_info"]["game"][ended] - env.first_game] = info["final_info"]["opponent"][ended]
    return drawn


def final(info, key, n):
    """``info["final_info"][key]`` of a step (-1 for every slot when no game ended)."""
    return info["final_info"][key] if "final_info" in info else np.full(n, -1, dtype=np.int64)


def assert_binomial_shares(drawn, weights):
    """Each entry's count is within 5 standard deviations of its binomial mean."""
    n = len(drawn)
    assert (drawn >= 0).all()
    total = sum(weights)
    for k, w in enumerate(weights):
        p = w / total
        count = int((drawn == k).sum())
        assert abs(count - n * p) <= 5 * math.sqrt(n * p * (1 - p)), (k, count, n * p)


@pytest.mark.parametrize("volume", ["palestine", "arab_revolt"])
def test_a_two_entry_pool_plays_each_entry_in_half_the_games(volume):
    """50/50 random and a policy: before the draw was fixed every game went to
    the first entry and the policy was never called."""
    policy = Counting(1)
    env = VectorEnv(volume, num_envs=256, seat="british", opponent=[("random", 0.5), (policy, 0.5)], seed=5,
                    games=1200)
    drawn = play_out(env)
    assert_binomial_shares(drawn, [0.5, 0.5])
    assert policy.calls > 0


def test_a_four_entry_pool_matches_its_weights():
    a, b = Counting(2), Counting(3)
    weights = [0.7, 0.1, 0.1, 0.1]             # the training script's default shape: the first entry dominant
    env = VectorEnv("palestine", num_envs=512, seat="irgun",
                    opponent=[("heuristic", weights[0]), ("random", weights[1]), (a, weights[2]), (b, weights[3])],
                    seed=11, games=3000)
    drawn = play_out(env)
    assert_binomial_shares(drawn, weights)
    assert a.calls > 0 and b.calls > 0


def test_the_draw_depends_on_the_game_number_only():
    pool = [("random", 1), ("heuristic", 3)]
    a = VectorEnv("palestine", num_envs=8, seat="british", opponent=pool, seed=3)
    b = VectorEnv("palestine", num_envs=5, seat="british", opponent=pool, seed=3)
    a.reset(), b.reset()
    assert list(a.opponent_indices()[:5]) == list(b.opponent_indices())


def test_an_opponent_that_returns_whole_floats_is_read_like_the_learner():
    def floats(obs, masks):
        return np.array([float(np.flatnonzero(m)[0]) for m in masks])
    env = VectorEnv("palestine", num_envs=4, seat="british", opponent=floats, seed=1, games=4)
    play_out(env)
    assert (env.result_rows()[:, 0] != 0).any() or env.done


def test_an_opponent_that_raises_stops_the_env_and_says_so():
    calls = {"n": 0, "armed": False}

    def flaky(obs, masks):
        calls["n"] += calls["armed"]
        if calls["armed"] and calls["n"] == 3:
            raise RuntimeError("network on fire")
        return np.array([np.flatnonzero(m)[0] for m in masks])
    env = VectorEnv("palestine", num_envs=4, seat="british", opponent=flaky, seed=1)
    env.reset()
    calls["armed"] = True
    with pytest.raises(OpponentError, match="network on fire"):
        for _ in range(1000):
            obs, *_ = env.step(np.array([np.flatnonzero(m)[0] for m in env.action_masks()]))
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(np.zeros(4, dtype=np.int64))
    with pytest.raises(IllegalActionError, match="get_state"):
        env.get_state()
    calls["armed"] = False
    obs, info = env.reset()                     # usable again
    assert info["action_mask"].any(axis=1).all()


@pytest.mark.parametrize("bad", [np.array([0.5, 0, 0, 0]), np.array([1e300, 0, 0, 0])])
def test_an_opponent_that_returns_non_actions_stops_the_env(bad):
    env = VectorEnv("palestine", num_envs=4, seat="british", opponent=lambda o, m: bad[:len(o)], seed=1)
    with pytest.raises(OpponentError, match="opponent 0 of the pool"):
        env.reset()


def test_info_reports_each_ended_games_length_in_learner_decisions():
    env = VectorEnv("palestine", num_envs=3, seat="british", opponent="random", seed=2, games=3)
    rng = np.random.default_rng(0)
    obs, info = env.reset()
    masks = info["action_mask"]
    counted = np.zeros(3, dtype=np.int64)
    lengths = {}
    while not env.done:
        live = env.arrays["waiting"] == 0
        counted += live
        acts = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        obs, rewards, term, trunc, info = env.step(acts)
        for i in np.flatnonzero(info.get("_final_info", [])):
            game = int(info["final_info"]["game"][i])
            lengths[game] = int(info["final_info"]["length"][i])
            assert lengths[game] == counted[i]
            counted[i] = 0
        masks = info["action_mask"]
    assert len(lengths) == 3 and min(lengths.values()) > 10


def run_steps(env, rng, n):
    out = []
    masks = env.action_masks()
    for _ in range(n):
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, term, trunc, info = env.step(acts)
        out.append((obs.copy(), rewards.copy(), term.copy(), final(info, "game", env.num_envs).copy(),
                    final(info, "opponent", env.num_envs).copy()))
        masks = env.action_masks()
    return out


@pytest.mark.parametrize("volume", ["palestine", "cyprus", "arab_revolt"])
def test_a_saved_env_continues_exactly(volume):
    """Save after some steps, restore into a fresh env on the same pool: the
    next steps are those of the env that never stopped."""
    pool = [("random", 0.5), ("heuristic", 0.5)]
    seat = "british"
    a = VectorEnv(volume, num_envs=6, seat=seat, opponent=pool, seed=9)
    a.reset()
    run_steps(a, np.random.default_rng(1), 60)
    saved = {k: v.copy() for k, v in a.get_state().items()}
    straight = run_steps(a, np.random.default_rng(2), 80)
    b = VectorEnv(volume, num_envs=6, seat=seat, opponent=pool, seed=9)
    b.set_state(saved)
    resumed = run_steps(b, np.random.default_rng(2), 80)
    for x, y in zip(straight, resumed):
        for u, v in zip(x, y):
            assert np.array_equal(u, v)
    assert np.array_equal(a.states(), b.states())


def test_a_damaged_saved_env_is_refused_and_changes_nothing():
    env = VectorEnv("palestine", num_envs=4, seat="british", opponent="random", seed=9)
    env.reset()
    run_steps(env, np.random.default_rng(1), 20)
    good = env.get_state()
    fresh = VectorEnv("palestine", num_envs=4, seat="british", opponent="random", seed=9)
    fresh.reset()
    before = fresh.states()

    def tampered(**changes):
        d = {k: v.copy() for k, v in good.items()}
        for k, f in changes.items():
            d[k] = f(d[k])
        return d

    def row(s):
        s[1, 5] += 1000
        return s

    cases = [
        (tampered(states=row), "slot 1"),
        (tampered(states=lambda s: s.astype(np.float64)), "states must be"),
        (tampered(pool_index=lambda p: p + 3), "pool"),
        (tampered(waiting=lambda w: w + 7), "waits"),
        (tampered(episodes=lambda e: e + 1), "game number"),
        (tampered(memos=lambda m: m * np.nan), "NaN"),
        (tampered(config=lambda c: c + 1), "num_envs"),
        ({k: v for k, v in good.items() if k != "streams"}, "holds exactly"),
        ({**good, "extra": np.zeros(1)}, "holds exactly"),
        ({**good, "states": np.array([object()] * 4)}, "states must be"),
    ]
    for saved, match in cases:
        with pytest.raises(StateError, match=match):
            fresh.set_state(saved)
        assert np.array_equal(fresh.states(), before)
    other = VectorEnv("cyprus", num_envs=4, seat="british", opponent="random", seed=9)
    with pytest.raises(StateError):
        other.set_state(good)
