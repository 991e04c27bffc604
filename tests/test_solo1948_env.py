"""Gymnasium env, Game API edges, and errors (solo1948)."""

import json

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import britishway_env
from britishway_env import Game, IllegalActionError, StateError, UnknownVolumeError, solo1948_v0
from britishway_env.solo1948 import layout as L
from britishway_env.solo1948.observation import OBS_SIZE


def test_check_env_passes():
    check_env(gym.make("britishway/Solo1948-v0", render_mode="ansi").unwrapped, skip_render_check=False)


def test_registered_id_makes_the_env():
    env = gym.make("britishway/Solo1948-v0")
    obs, info = env.reset(seed=3)
    assert obs.shape == (OBS_SIZE,)
    assert info["action_mask"].any()


def test_import_is_light():
    import subprocess
    import sys

    code = "import britishway_env, sys; print('torch' in sys.modules, 'stable_baselines3' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def _play(env, seed, rng_seed):
    rng = np.random.default_rng(rng_seed)
    obs, info = env.reset(seed=seed)
    trace = [obs.copy()]
    rewards = []
    done = False
    while not done:
        legal = np.flatnonzero(env.action_masks())
        obs, reward, done, trunc, info = env.step(int(rng.choice(legal)))
        trace.append(obs.copy())
        rewards.append(reward)
    return np.array(trace), rewards, info


def test_seeded_determinism():
    a = _play(solo1948_v0.env(), 11, 5)
    b = _play(solo1948_v0.env(), 11, 5)
    assert np.array_equal(a[0], b[0]) and a[1] == b[1]
    c = _play(solo1948_v0.env(), 12, 5)
    assert c[0].shape != a[0].shape or not np.array_equal(a[0], c[0])


def test_terminal_reward_matches_outcome():
    for seed in range(40):
        _, rewards, info = _play(solo1948_v0.env(), seed, seed)
        expected = {"decisive_victory": 1.0, "attrition_victory": 1.0, "complete_loss": -1.0}[info["outcome"]]
        assert rewards[-1] == expected
        assert all(r == 0.0 for r in rewards[:-1])


def test_illegal_action_lose_mode_ends_episode_state_unchanged():
    env = solo1948_v0.env()
    env.reset(seed=0)
    before = env.unwrapped.game.state.copy()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert np.array_equal(before, env.unwrapped.game.state)


def test_illegal_action_raise_mode_names_the_action():
    env = solo1948_v0.env(illegal_action="raise")
    env.reset(seed=0)
    before = env.game.state.copy()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    with pytest.raises(IllegalActionError, match=f"action {illegal}"):
        env.step(illegal)
    assert np.array_equal(before, env.game.state)


def test_render_ansi_shows_fronts_and_tokens():
    env = solo1948_v0.env(render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    for word in ("Northern Front", "Central Front", "Southern Front", "tokens [IIIAAA]"):
        assert word in text


def test_game_factory_and_unknown_volume():
    assert isinstance(Game("solo1948", seed=1), britishway_env.game.Game)
    with pytest.raises(UnknownVolumeError, match="unknown volume 'malaya'"):
        Game("malaya")


def test_game_apply_rejects_bad_actions_and_keeps_state():
    g = Game("solo1948", seed=4)
    before = g.to_dict()
    for bad in (-1, L.N_ACTIONS, "x", L.A_END_TRANSFERS if g.phase != "Transfer" else L.A_DEPLOY):
        with pytest.raises(IllegalActionError):
            g.apply(bad)
    assert g.to_dict() == before and g.history == []


def test_action_names_read_like_the_rules():
    g = Game.from_dict({"volume": "solo1948", "phase": "Israeli deploy",
                        "cards_to_deploy": ["Palmach Shock Troops"]})
    assert g.action_name(L.A_DEPLOY + 2) == "Deploy Palmach Shock Troops to South front"
    assert britishway_env.solo1948.game.ACTION_NAMES[L.A_TRANSFER] == "Transfer Haganah Brigades: North -> Central"


@pytest.mark.parametrize("bad, message", [
    ({"volume": "solo1948", "turn": 0}, "'turn' must be in"),
    ({"volume": "solo1948", "fronts": {"East": {}}}, "unknown front 'East'"),
    ({"volume": "solo1948", "fronts": {"North": {"israeli": {"Tanks": 2}}}}, "more 'Tanks' cards"),
    ({"volume": "solo1948", "fronts": {"North": {"arab_tokens": 7}}}, "'arab_tokens' must be in 0..6"),
    ({"volume": "solo1948", "event": "Nope"}, "unknown event 'Nope'"),
    ({"volume": "solo1948", "colour": 1}, "unknown keys"),
    ({"volume": "solo1948", "undrawn": {"events": ["Siege", "Siege"]}}, "'Siege' appears more often"),
    ({"volume": "solo1948", "phase": "Event target", "event": "Siege"}, "Target front"),
    ({"nothing": 1}, "'volume' key"),
])
def test_from_dict_errors_are_specific(bad, message):
    with pytest.raises(StateError, match=message):
        Game.from_dict(bad)


def test_state_dict_round_trip_is_json_and_exact():
    g = Game("solo1948", seed=9)
    rng = np.random.default_rng(0)
    while not g.is_terminal():
        d = json.loads(json.dumps(g.to_dict()))
        h = Game.from_dict(d)
        assert h.to_dict() == g.to_dict()
        a = int(rng.choice(g.legal_actions()))
        g.apply(a)
        h.apply(a)
        assert h.to_dict() == g.to_dict()


def test_replay_reproduces_the_game():
    g = Game("solo1948", seed=21)
    rng = np.random.default_rng(1)
    while not g.is_terminal():
        g.apply(int(rng.choice(g.legal_actions())))
    r = Game.replay("solo1948", 21, g.history)
    assert r.to_dict() == g.to_dict()
