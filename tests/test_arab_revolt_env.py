"""arab_revolt_v0 (PettingZoo AEC), Game("arab_revolt") as a whole, the scripted bots,
rollouts and the invariant fuzzing of compiled games (DESIGN.md quality bar)."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from britishway_env import Game, arab_revolt_v0, rollouts
from britishway_env.engine.coin import results as R
from britishway_env.errors import IllegalActionError, UnknownPolicyError
from britishway_env.volumes.arab_revolt import bots, playout
from britishway_env.volumes.arab_revolt import layout as L
from britishway_env.volumes.arab_revolt.render import render_rgb, render_text


def test_pettingzoo_api_test():
    api_test(arab_revolt_v0.env(), num_cycles=400)
    api_test(arab_revolt_v0.raw_env(), num_cycles=200)


def test_pettingzoo_seed_test():
    seed_test(arab_revolt_v0.env, num_cycles=200)


def test_aec_game_runs_to_the_end_with_plus_minus_one():
    env = arab_revolt_v0.env()
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    totals = {"british": 0.0, "rebels": 0.0}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        assert agent == env.unwrapped.game.current_agent
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(totals.values()) == [-1.0, 1.0]
    assert info["outcome"] == f"{max(totals, key=totals.get)}_victory"


def test_render_modes():
    env = arab_revolt_v0.env(render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    for name in ("Galilee", "Haifa-Syria Railway", "Syria", "Transjordan", "Unity Track", "Political Will 18/20",
                 "Operations chits", "Punishment chits"):
        assert name in text
    env = arab_revolt_v0.env(render_mode="rgb_array")
    env.reset(seed=1)
    img = env.render()
    assert img.shape == (800, 1000, 3) and img.dtype == np.uint8 and img.std() > 10


def test_picture_changes_with_the_board():
    g = Game("arab_revolt", seed=2)
    before = render_rgb(g)
    g.apply(g.legal_actions()[0])
    while g.current_agent == "rebels":
        g.apply(g.legal_actions()[-1])
    assert (render_rgb(g) != before).any()
    assert "Card in play: A" in render_text(g)


def test_game_api_clone_replay_and_determinize():
    g = Game("arab_revolt", seed=9)
    rng = np.random.default_rng(1)
    for _ in range(80):
        g.apply(int(rng.choice(g.legal_actions())))
    assert (Game.replay("arab_revolt", 9, g.history).state == g.state).all()
    c = g.clone()
    c.apply(c.legal_actions()[0])
    assert len(c.history) == len(g.history) + 1
    other = g.determinize(5)
    d1, d2 = g.to_dict(), other.to_dict()
    assert d1["spaces"] == d2["spaces"] and d1["played_cards"] == d2["played_cards"]
    assert sorted(d1["undrawn_cards"]) != sorted(d2["undrawn_cards"]) or d1["undrawn_cards"] != d2["undrawn_cards"]


def test_illegal_actions_are_refused_with_the_state_unchanged():
    g = Game("arab_revolt", seed=0)
    before = g.state.copy()
    for bad in (-1, L.N_ACTIONS, L.A_STOP, 2.5, "3"):
        with pytest.raises(IllegalActionError):
            g.apply(bad)
    assert (g.state == before).all()


def test_every_action_has_a_name_in_every_decision():
    g = Game("arab_revolt", seed=4)
    rng = np.random.default_rng(2)
    seen = set()
    while not g.is_terminal():
        for a in g.legal_actions():
            name = g.action_name(a)
            assert name and "other way" not in name, (g.phase, a, name)
        seen.add(g.phase)
        g.apply(int(rng.choice(g.legal_actions())))
    assert len(seen) > 15


def test_random_games_keep_every_invariant_5000():
    """The invariant fuzzer: 5,000 compiled random games, every invariant after
    every decision, no dead end, chit cups run dry included (1,000,000 are run
    by hand: docs/arab_revolt.md)."""
    out = np.zeros((5000, R.N_RESULT_COLUMNS), dtype=np.int64)
    playout.play_random_games(np.int64(7), np.int64(0), np.int64(5000), True, out)
    assert not out[:, R.R_VIOLATION].any()
    assert set(np.unique(out[:, R.R_OUTCOME])) <= {L.BRITISH_WIN, L.REBELS_WIN}


def test_bot_games_keep_every_invariant():
    from britishway_env.volumes.arab_revolt.rollouts import ROLLOUTS

    for policies in ({"british": "heuristic", "rebels": "heuristic"}, {"british": "random", "rebels": "heuristic"}):
        rows = ROLLOUTS.play(300, 5, policies, check_every_step=True)
        assert not rows[:, R.R_VIOLATION].any() and rows[:, R.R_OUTCOME].all()


def test_each_bot_beats_random_in_its_seat():
    random = rollouts.run("arab_revolt", 400, seed=2)
    british = rollouts.run("arab_revolt", 400, seed=2, policies={"british": "heuristic"})
    rebels = rollouts.run("arab_revolt", 400, seed=2, policies={"rebels": "heuristic"})
    rate = lambda df, seat: float((df.winner == seat).mean())   # noqa: E731
    assert rate(british, "british") >= max(0.95, rate(random, "british") + 0.15)
    assert rate(rebels, "rebels") >= rate(random, "rebels") + 0.5


def test_bot_is_deterministic_given_the_open_information():
    g = Game("arab_revolt", seed=8)
    for _ in range(12):
        a = bots.choose(g, "heuristic")
        assert a in g.legal_actions()
        other = g.determinize(123)           # a different hidden future
        assert bots.choose(other, "heuristic") == a
        g.apply(a)


def test_bot_policies_and_errors():
    g = Game("arab_revolt", seed=1)
    assert bots.choose(g, "random") in g.legal_actions()
    assert bots.choose(g, "trained") in g.legal_actions()         # the shipped network of the seat
    with pytest.raises(UnknownPolicyError):
        bots.choose(g, "genius")
    with pytest.raises(UnknownPolicyError):
        bots.choose(g, "nowhere.npz")
    action, scores = bots.scored_choice(g)
    assert scores[action] == max(scores[a] for a in g.legal_actions())


def test_rollout_rows_do_not_depend_on_chunks():
    a = rollouts.run("arab_revolt", 60, seed=4, policies={"british": "heuristic"}, chunk=60)
    b = rollouts.run("arab_revolt", 60, seed=4, policies={"british": "heuristic"}, chunk=7)
    assert a.equals(b)
    assert set(a.columns) >= {"winner", "final_political_will", "events", "policy_rebels"}
    assert all(e.startswith("A") for events in a.events for e in events)


def test_vector_env_rows_equal_the_batch_runner_rows_when_the_learner_plays_the_bot():
    """Arab Revolt's compiled vector env (volumes/arab_revolt/vector.py): with the learner
    playing the scripted bot's choices against the scripted bot, an evaluation
    run's rows are those of the batch runner with the bots in both seats; the
    mask handed out is the rules' mask."""
    from britishway_env.envs.vector import VectorEnv
    from britishway_env.volumes.arab_revolt import batch

    games, base = 8, 321
    env = VectorEnv("arab_revolt", num_envs=3, seat="rebels", opponent="heuristic", seed=base, games=games,
                    auto_single=False)
    env.reset()
    while not env.done:
        env.step(np.maximum(env.bot_actions(), 0))
    want = np.zeros((games, batch.N_RESULT_COLUMNS), dtype=np.int64)
    batch.play_games(base, 0, games, bots.POLICY_HEURISTIC, bots.POLICY_HEURISTIC, False, want)
    np.testing.assert_array_equal(env.result_rows(), want)


# ------------------------------------------------------------ hidden information --

def _positions(seed, n):
    g = Game("arab_revolt", seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    while not g.is_terminal() and len(out) < n:
        out.append(g.clone())
        g.apply(int(rng.choice(g.legal_actions())))
    return out


def test_observation_ignores_the_undrawn_deck_and_the_chits_still_in_their_cups():
    """2.2, 1.7.1, 1.8.1: what is seen is the same whatever the undrawn cards'
    order and content and whichever chit a cup will yield next (determinize
    resamples both); it changes with the open information."""
    for g in _positions(11, 120)[::7]:
        seen = g.observation()
        for k in range(3):
            other = g.determinize(1000 + k)
            assert (other.observation() == seen).all()
            assert other.to_dict()["operations_chits"] == g.to_dict()["operations_chits"]
    a, b = _positions(12, 2)
    assert (a.observation() != b.observation()).any()


def test_determinize_hides_which_pile_holds_munich():
    """2.1: the Propaganda cards are shuffled before going to the piles, so
    which pile holds A34 is unknown until it is revealed: resampling the
    hidden future puts it in different piles, always among a pile's bottom three."""
    g = Game("arab_revolt", seed=3)
    piles = set()
    for k in range(40):
        deck = g.determinize(k).to_dict()["undrawn_cards"]
        full = g.to_dict()["played_cards"] + deck
        at = full.index(34)
        assert at % 7 >= 4                       # the bottom three of its pile of seven
        piles.add(at // 7)
        assert sorted(c for c in full if c > 32) == [33, 34, 35]
    assert piles == {0, 1, 2}


def test_state_dicts_are_checked_field_by_field():
    """Hostile state dicts are refused with an error naming the field (DESIGN.md 9)."""
    from britishway_env.errors import StateError
    from britishway_env.volumes.arab_revolt.game import ArabRevoltGame

    base = {"volume": "arab_revolt", "spaces": {"Galilee": {"underground_guerrillas": 1}},
            "played_cards": [5], "undrawn_cards": [c for c in range(1, 33) if c not in (5, 11, 24)][:17] + [33, 34, 35],
            "first_eligible": "british"}
    ArabRevoltGame._from_dict(base)
    cases = [
        ({"spaces": {"Syria": {"troops": 1}}}, "British pieces never enter a Foreign Country"),
        ({"spaces": {"Transjordan": {"underground_guerrillas": 1}}}, "out of play until A30"),
        ({"spaces": {"Tel Aviv-Haifa Railway": {"bases": 1}}}, "Railways never hold Bases"),
        ({"spaces": {"Gaza": {"sabotage": 1}}}, "Sabotage markers only on Railways"),
        ({"spaces": {"Gaza": {"curfew": 1}}}, "a Curfew stays only in a space with British pieces"),
        ({"spaces": {"Galilee": {"bases": 3}}}, "spaces.Galilee.bases"),
        ({"operations_chits": {"held": [3, 3], "set_aside": [3, 3]}}, "at most 3 chits of 3"),
        ({"punishment_chits": {"held": ["Torture"]}}, "is not a chit"),
        ({"unity_track": 5}, "unity_track"),
        ({"political_will": 21}, "political_will"),
        ({"played_cards": [11]}, "cannot be a Mandatory event"),
        ({"prison": {"guerrillas": 16}}, "prison.guerrillas"),
        ({"transjordan_egypt_in_play": "yes"}, "transjordan_egypt_in_play"),
    ]
    for change, message in cases:
        d = dict(base, **change)
        if change.get("played_cards") == [11]:
            d["undrawn_cards"] = [c for c in range(1, 33) if c not in (11, 24)][:17] + [33, 34, 35]
        with pytest.raises(StateError, match=message):
            ArabRevoltGame._from_dict(d)
