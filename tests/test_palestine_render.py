"""Palestine renderers: the board as text and as a picture (rgb_array)."""

import numpy as np
import pytest

from britishway_env import Game, palestine_v0
from britishway_env.volumes.palestine.render import render_rgb


def test_rgb_array_env_returns_a_picture_during_play():
    env = palestine_v0.env(render_mode="rgb_array")
    env.reset(seed=1)
    first = env.render()
    assert first.dtype == np.uint8 and first.ndim == 3 and first.shape[2] == 3
    assert first.shape[0] >= 600 and first.shape[1] >= 800
    rng = np.random.default_rng(1)
    for _ in range(40):
        obs, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert env.render().shape == first.shape


def test_picture_changes_with_the_pieces():
    d = Game("palestine", seed=0).to_dict()
    a = render_rgb(Game.from_dict(d))
    d["spaces"]["Galilee"]["sabotage"] = 2
    d["political_will"] = 11
    b = render_rgb(Game.from_dict(d))
    assert a.shape == b.shape and (a != b).any(axis=2).sum() > 200


def test_unknown_render_mode_is_rejected():
    with pytest.raises(ValueError, match="render_mode"):
        palestine_v0.raw_env(render_mode="human")
