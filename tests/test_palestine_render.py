"""Palestine renderers: the board as text and as a picture (rgb_array)."""

import subprocess
import sys

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


def test_moving_pieces_changes_the_picture():
    d = Game("palestine", seed=0).to_dict()
    a = render_rgb(Game.from_dict(d))
    troops = d["spaces"]["Galilee"].pop("troops")
    d["spaces"]["Gaza"]["troops"] = d["spaces"]["Gaza"].get("troops", 0) + troops
    b = render_rgb(Game.from_dict(d))
    assert (a != b).any(axis=2).sum() > 50
    assert np.array_equal(render_rgb(Game.from_dict(d)), b)   # same position, same picture


def test_crowded_position_with_every_marker_renders():
    d = Game("palestine", seed=3).to_dict()
    d["spaces"] = {
        "Tel Aviv-Jaffa": {"troops": 12, "police": 6, "underground_cells": 10, "active_cells": 3,
                           "arms_caches": 2, "sabotage": 1, "terror": 3, "curfew": 1},
        "Egypt-Tel Aviv Railway": {"active_cells": 1, "sabotage": 1, "terror": 2},
        "Lydda": {"arms_caches": 2, "sabotage": 1, "terror": 1},
    }
    d["available"] = {"troops": 0, "police": 0, "cells": 0, "arms_caches": 0}
    d["prison"] = 0
    d["track_pieces"] = {"cells_box4": 1, "cache_box4": 1, "cells_box3": 0}
    d["haganah_track"] = 2
    d["played_cards"] = [33, 34] + d["played_cards"]          # two Propaganda Rounds done (2.4)
    d["undrawn_cards"] = [c for c in d["undrawn_cards"] if c not in (33, 34)]
    d["context"]["propaganda_rounds"] = 2
    d["context"]["current_space"] = 7
    img = render_rgb(Game.from_dict(d))
    assert img.shape == (800, 1000, 3) and img.dtype == np.uint8


def test_rgb_array_needs_a_picture_renderer():
    class NoPicture(palestine_v0.raw_env):
        render_rgb = None

    with pytest.raises(ValueError, match="render_rgb"):
        NoPicture(render_mode="rgb_array")


def test_render_leaves_pyplot_alone():
    # rcParams' raw "backend" entry: matplotlib.get_backend() itself would import pyplot.
    code = ("import sys, matplotlib; from britishway_env import Game;"
            "from britishway_env.volumes.palestine.render import render_rgb;"
            "raw = lambda: dict.__getitem__(matplotlib.rcParams, 'backend');"
            "b = raw(); render_rgb(Game('palestine', seed=0));"
            "assert 'matplotlib.pyplot' not in sys.modules and raw() == b")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
