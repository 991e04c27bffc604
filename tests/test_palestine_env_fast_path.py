"""The Palestine AEC env's fast path (one fused kernel call per step, cached
observation and mask) against the generic path and the Game API.

No timings here: speed is measured in benchmarks/bench_palestine.py.
"""

import numpy as np
import pytest

from britishway_env import IllegalActionError, palestine_v0
from britishway_env.volumes.palestine import layout as L
from britishway_env.volumes.palestine import stepper, turns
from britishway_env.volumes.palestine.game import PalestineGame
from britishway_env.volumes.palestine.observation import OBS_SIZE, observe


class SlowEnv(palestine_v0.raw_env):
    """The generic path: game.apply, then the observe kernel, game.legal_mask
    and game.current_agent one by one."""
    sync_kernel = None
    step_kernel = None


def reference_observation(game, agent):
    """What the env showed before the fast path: computed from scratch."""
    obs = np.zeros(OBS_SIZE, np.float32)
    observe(game.state, obs)
    mask = np.zeros(L.N_ACTIONS, np.int8)
    if agent == game.current_agent:
        mask[:] = game.legal_mask()
    return obs, mask


def snapshot(env):
    return (env.agent_selection, list(env.agents), dict(env.rewards), dict(env._cumulative_rewards),
            dict(env.terminations), dict(env.truncations), {a: dict(i) for a, i in env.infos.items()})


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_fast_path_matches_slow_path_and_reference_over_whole_games(seed):
    fast, slow = palestine_v0.raw_env(), SlowEnv()
    fast.reset(seed=seed)
    slow.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    for agent in fast.agent_iter():
        assert agent == slow.agent_selection
        f_obs, f_rew, f_term, f_trunc, f_info = fast.last()
        s_obs, s_rew, s_term, s_trunc, s_info = slow.last()
        assert (f_rew, f_term, f_trunc, f_info) == (s_rew, s_term, s_trunc, s_info)
        for a in fast.possible_agents:
            if a not in fast.agents:
                continue
            fo, so = fast.observe(a), slow.observe(a)
            ro, rm = reference_observation(fast.game, a)
            assert fo["observation"].dtype == np.float32 and fo["action_mask"].dtype == np.int8
            assert np.array_equal(fo["observation"], so["observation"])
            assert np.array_equal(fo["observation"], ro)
            assert np.array_equal(fo["action_mask"], so["action_mask"])
            assert np.array_equal(fo["action_mask"], rm)
        if f_term or f_trunc:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(f_obs["action_mask"])))
            steps += 1
        fast.step(action)
        slow.step(action)
        assert snapshot(fast) == snapshot(slow)
        assert fast.game.history == slow.game.history
        assert np.array_equal(fast.game.state, slow.game.state)
    assert steps > 50 and fast.agents == [] and slow.agents == []
    assert fast._cumulative_rewards == {} == slow._cumulative_rewards  # removed by the dead steps
    replayed = PalestineGame.replay("palestine", fast.game.seed, fast.game.history)
    assert np.array_equal(replayed.state, fast.game.state)


def test_fused_kernels_equal_the_separate_kernels():
    game = PalestineGame(seed=9)
    obs, mask = np.zeros(OBS_SIZE, np.float32), np.zeros(L.N_ACTIONS, np.int8)
    state = game.state.copy()
    rng = np.random.default_rng(9)
    actor = stepper.sync(state, obs, mask)
    while True:
        ro, rm = reference_observation(game, game.current_agent)
        assert np.array_equal(obs, ro) and np.array_equal(mask, rm)
        assert actor == (-1 if game.current_agent is None else L.FACTION_NAMES.index(game.current_agent))
        if actor < 0:
            assert game.is_terminal() and not mask.any()
            break
        action = int(rng.choice(np.flatnonzero(mask)))
        game.apply(action)
        actor = stepper.step(state, action, obs, mask)
        assert np.array_equal(state, game.state)


@pytest.mark.parametrize("action", [-1, L.N_ACTIONS, 10**6, "x", 2.5j, None])
def test_illegal_or_malformed_action_raises_and_changes_nothing(action):
    env = palestine_v0.raw_env()
    env.reset(seed=3)
    for _ in range(5):  # a few steps in, so the cache has been refreshed by the fast path
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    state, history = env.game.state.copy(), list(env.game.history)
    before, obs = snapshot(env), env.observe(env.agent_selection)
    with pytest.raises(IllegalActionError):
        env.step(action)
    assert np.array_equal(state, env.game.state) and env.game.history == history
    assert snapshot(env) == before
    after = env.observe(env.agent_selection)
    assert np.array_equal(obs["observation"], after["observation"])
    assert np.array_equal(obs["action_mask"], after["action_mask"])


def test_every_masked_out_action_raises_through_env():
    env = palestine_v0.env()
    env.reset(seed=5)
    mask = env.last()[0]["action_mask"]
    state = env.unwrapped.game.state.copy()
    for a in np.flatnonzero(mask == 0):
        with pytest.raises(IllegalActionError, match=f"action {a} "):
            env.step(int(a))
        with pytest.raises(IllegalActionError):
            env.step(np.int64(a))
    assert np.array_equal(state, env.unwrapped.game.state)
    env.step(np.int64(np.flatnonzero(mask)[0]))        # numpy integers take the fast path too
    assert len(env.unwrapped.game.history) == 1


def test_observations_handed_out_are_never_changed_later():
    env = palestine_v0.env()
    env.reset(seed=6)
    rng = np.random.default_rng(6)
    kept = []
    for _ in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        again = env.observe(env.agent_selection)
        assert obs["observation"] is not again["observation"]
        assert obs["action_mask"] is not again["action_mask"]
        obs["action_mask"][:] = 0                       # a user scribbling on it changes nothing
        assert np.array_equal(env.observe(env.agent_selection)["action_mask"], again["action_mask"])
        kept.append((again, {k: v.copy() for k, v in again.items()}))
        env.step(int(rng.choice(np.flatnonzero(again["action_mask"]))))
    for obs, copy in kept:
        assert np.array_equal(obs["observation"], copy["observation"])
        assert np.array_equal(obs["action_mask"], copy["action_mask"])
    assert len(kept) > 50


def test_cache_follows_the_game_when_played_or_replaced_directly():
    env = palestine_v0.raw_env()
    env.reset(seed=8)
    game = env.game
    for _ in range(3):
        game.apply(game.legal_actions()[-1])            # through the Game API, not env.step
        agent = game.current_agent
        ro, rm = reference_observation(game, agent)
        o = env.observe(agent)
        assert np.array_equal(o["observation"], ro) and np.array_equal(o["action_mask"], rm)
    env.game = PalestineGame(seed=99)                   # a different game, same history length 0
    ro, rm = reference_observation(env.game, env.game.current_agent)
    o = env.observe(env.game.current_agent)
    assert np.array_equal(o["observation"], ro) and np.array_equal(o["action_mask"], rm)
    # a written state: resync() picks it up
    env.game.state[L.POLITICAL_WILL] -= 3
    env.resync()
    ro, _ = reference_observation(env.game, env.game.current_agent)
    assert np.array_equal(env.observe(env.game.current_agent)["observation"], ro)


def test_mask_only_for_the_acting_agent_and_empty_once_over():
    env = palestine_v0.raw_env()
    env.reset(seed=2)
    other = [a for a in env.agents if a != env.agent_selection][0]
    assert env.observe(env.agent_selection)["action_mask"].any()
    assert not env.observe(other)["action_mask"].any()
    rng = np.random.default_rng(2)
    while not env.terminations[env.agent_selection]:
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    for a in env.agents:
        assert not env.observe(a)["action_mask"].any()
    assert turns.is_over(env.game.state)
    with pytest.raises(IllegalActionError, match="the game is over"):
        env.game.apply(0)
