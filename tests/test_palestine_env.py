"""Palestine's Game API and PettingZoo AEC env (the event texts are tested in test_palestine_events_*)."""

import json

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from britishway_env import Game, IllegalActionError, StateError, palestine_v0
from britishway_env.volumes.palestine import layout as L
from britishway_env.volumes.palestine.observation import OBS_SIZE, observe


def test_pettingzoo_api_test():
    api_test(palestine_v0.env(render_mode="ansi"), num_cycles=500, verbose_progress=False)


def test_pettingzoo_seed_test():
    seed_test(palestine_v0.env, num_cycles=500)


def test_aec_game_runs_to_the_end_with_plus_minus_one():
    env = palestine_v0.env()
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    totals = {"british": 0.0, "irgun": 0.0}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        assert agent == env.unwrapped.game.current_agent
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(totals.values()) == [-1.0, 1.0]
    winner = max(totals, key=totals.get)
    assert info["outcome"] == f"{winner}_victory"


def test_illegal_action_raises_and_leaves_state_unchanged():
    env = palestine_v0.raw_env()
    env.reset(seed=0)
    before = env.game.state.copy()
    illegal = int(np.flatnonzero(~env.action_mask())[0])
    with pytest.raises(IllegalActionError, match=f"action {illegal}"):
        env.step(illegal)
    assert np.array_equal(before, env.game.state)


def test_game_api_names_clone_replay_and_state_dict():
    g = Game("palestine", seed=7)
    assert g.current_agent == "irgun" and g.phase == "choose a box"
    assert "Take the Op & Special Activity box" in [g.action_name(a) for a in g.legal_actions()]
    g.apply(L.A_BOX + L.BOX_OP_SA)
    g.apply(L.A_OP + L.OP_SABOTAGE)
    names = [g.action_name(a) for a in g.legal_actions()]
    assert "Sabotage in Galilee" in names
    c = g.clone()
    c.apply(L.A_SPACE + 0)
    assert g.history != c.history and not np.array_equal(g.state, c.state)
    rng = np.random.default_rng(1)
    while not g.is_terminal():
        g.apply(int(rng.choice(g.legal_actions())))
    d = json.loads(json.dumps(g.to_dict()))
    assert Game.from_dict(d).to_dict() == d
    assert Game.replay("palestine", 7, g.history).to_dict() == g.to_dict()
    assert g.winner in ("british", "irgun") and g.current_agent is None


def test_determinize_hides_only_the_future():
    g = Game("palestine", seed=3)
    for _ in range(30):
        g.apply(g.legal_actions()[0])
    a, b = np.zeros(OBS_SIZE, np.float32), np.zeros(OBS_SIZE, np.float32)
    observe(g.state, a)
    d = g.determinize(11)
    observe(d.state, b)
    assert np.array_equal(a, b)                       # nothing visible changes
    drawn = int(g.state[L.DECK_DRAWN])
    assert list(d.state[L.DECK:L.DECK + drawn]) == list(g.state[L.DECK:L.DECK + drawn])
    assert list(d.state[L.DECK + drawn:L.DECK + 21]) != list(g.state[L.DECK + drawn:L.DECK + 21])


def test_observation_independent_of_undrawn_order():
    g = Game("palestine", seed=5)
    d = g.to_dict()
    d2 = dict(d, undrawn_cards=list(reversed(d["undrawn_cards"])))
    a, b = np.zeros(OBS_SIZE, np.float32), np.zeros(OBS_SIZE, np.float32)
    observe(Game.from_dict(d).state, a)
    observe(Game.from_dict(d2).state, b)
    assert np.array_equal(a, b)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["spaces"].update({"Beersheba": {"troops": 1}}), "unknown space 'Beersheba'"),
    (lambda d: d["spaces"]["Galilee"].update({"tanks": 1}), "unknown piece 'tanks'"),
    (lambda d: d["spaces"]["Galilee"].update({"troops": 3}), "Troops on the map"),
    (lambda d: d.update(political_will=21), "political_will must be an integer in 0..20"),
    (lambda d: d["spaces"]["Lydda"].update({"curfew": 1}), "only in Cities"),
    (lambda d: d.update(undrawn_cards=d["undrawn_cards"][:-1]), "the deck must be 21 distinct cards"),
    (lambda d: d.update(intel_chits=[2, 2, 2, 2]), "at most 3 Intel Chits"),
    (lambda d: d.update(weather="rain"), "unknown keys"),
])
def test_from_dict_errors_are_specific(change, message):
    d = Game("palestine", seed=0).to_dict()
    change(d)
    with pytest.raises(StateError, match=message):
        Game.from_dict(d)


def test_render_ansi_lists_every_space():
    env = palestine_v0.env(render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    for name in ("Galilee", "Jerusalem City", "Haifa-Syria Railway", "Political Will 18/20"):
        assert name in text


def test_scenario_in_game_terms_with_defaults():
    """A scenario needs only the pieces: Available is what is left, the deck is
    fresh, and the 1st Eligible faction is about to choose a box."""
    g = Game.from_dict({"volume": "palestine", "seed": 3, "first_eligible": "british",
                        "spaces": {"Haifa City": {"troops": 3, "police": 1, "active_cells": 2, "curfew": 1},
                                   "Galilee": {"underground_cells": 1}}})
    d = g.to_dict()
    assert d["available"] == {"troops": 9, "police": 5, "cells": 12, "arms_caches": 5}
    assert g.current_agent == "british" and g.phase == "choose a box" and len(d["undrawn_cards"]) == 20
    g.apply(L.A_BOX + L.BOX_OP_SA)
    g.apply(L.A_OP + L.OP_ASSAULT)
    g.apply(L.A_SPACE + 6)                       # Haifa City: 3 Troops remove one piece
    assert g.to_dict()["spaces"]["Haifa City"]["active_cells"] == 1
    with pytest.raises(StateError, match="more troops on the map"):
        Game.from_dict({"volume": "palestine", "spaces": {"Galilee": {"troops": 13}}})


def test_env_wrapper_is_pettingzoos_order_enforcing_with_the_same_checks():
    """palestine_v0.env() keeps PettingZoo's OrderEnforcingWrapper checks; only the
    per-step attribute lookups are direct (envs/aec.py OrderEnforcing)."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    from britishway_env import palestine_v0

    env = palestine_v0.env()
    assert isinstance(env, OrderEnforcingWrapper)
    for name in ("agents", "agent_selection", "terminations", "truncations", "rewards", "infos"):
        with pytest.raises(AttributeError, match="cannot be accessed before reset"):
            getattr(env, name)
    env.reset(seed=3)
    raw = env.unwrapped
    assert env.agents is raw.agents and env.agent_selection == raw.agent_selection
    assert env.terminations is raw.terminations and env._cumulative_rewards is raw._cumulative_rewards
    with pytest.raises(AttributeError, match="private attribute"):
        env._rng
