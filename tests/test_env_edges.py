"""The envs before their first reset, and seeds that are not seeds."""

import gymnasium as gym
import numpy as np
import pytest

import britishway_env  # noqa: F401  (registers the Gymnasium env)
from britishway_env import arab_revolt_v0, cyprus_v0, palestine_v0
from britishway_env.errors import NotResetError, StateError

RAW = [palestine_v0.raw_env, cyprus_v0.raw_env, arab_revolt_v0.raw_env]


@pytest.mark.parametrize("make", RAW)
def test_a_raw_env_used_before_reset_says_to_reset(make):
    env = make(render_mode="ansi")
    agent = env.possible_agents[0]
    for call in (lambda: env.step(0), lambda: env.observe(agent), lambda: env.last(), lambda: env.render(),
                 lambda: env.action_mask(agent)):
        with pytest.raises(NotResetError, match="before reset"):
            call()
    env.reset(seed=1)
    assert env.observe(env.agent_selection)["action_mask"].any()


@pytest.mark.parametrize("make", RAW)
@pytest.mark.parametrize("seed", [True, False, 1.5, -1, 2**63, "3"])
def test_reset_refuses_a_seed_that_is_not_a_seed(make, seed):
    env = make()
    with pytest.raises(StateError, match="seed"):
        env.reset(seed=seed)
    env.reset(seed=np.int64(3))                 # numpy integers are seeds


def test_the_solo_env_refuses_bad_seeds_and_use_before_reset():
    env = gym.make("britishway/Solo1948-v0").unwrapped
    with pytest.raises(NotResetError, match="before reset"):
        env.step(0)
    with pytest.raises(NotResetError, match="before reset"):
        env.action_masks()
    for seed in (True, 1.5, -1):
        with pytest.raises(StateError, match="seed"):
            env.reset(seed=seed)
    obs, info = env.reset(seed=4)
    assert info["action_mask"].any()
