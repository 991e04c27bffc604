"""Actions and forced chance values are read strictly and applied atomically,
at every door: ``Game.apply``/``force_chance`` of both volumes, the
Palestine AEC envs (``raw_env`` and the order-enforcing ``env``) and the
1948 Gymnasium env; dead steps follow PettingZoo's rules."""

import itertools

import numpy as np
import pytest
from pettingzoo.utils.env_logger import EnvLogger

from britishway_env import Game, IllegalActionError, StateError, palestine_v0, solo1948_v0
from britishway_env.game import parse_action
from britishway_env.solo1948 import layout as SL
from britishway_env.volumes.palestine import layout as PL

VOLUMES = ("solo1948", "palestine")

# Not integers: each must be refused, never truncated, parsed or overflowed.
NOT_INTEGERS = [1.9, 1.0, "1", b"1", float("inf"), float("-inf"), float("nan"), True, False, None,
                np.float64(1.0), np.float32(1.0), np.bool_(True), np.array(1.0), np.array([1]),
                [1], 1 + 0j, "x"]


def snapshot(game):
    """Everything apply/force_chance may write: the row, the history, the queue."""
    return game.state.copy(), list(game.history), game.forced_chance_left()


def assert_unchanged(game, snap):
    state, history, forced = snap
    assert np.array_equal(game.state, state)
    assert game.history == history
    assert game.forced_chance_left() == forced


def first_legal(game):
    return game.legal_actions()[0]


# ------------------------------------------------------------- parse_action --

@pytest.mark.parametrize("bad", NOT_INTEGERS, ids=repr)
def test_parse_action_refuses_non_integers_naming_the_value(bad):
    with pytest.raises(IllegalActionError, match="an action must be an integer, got") as info:
        parse_action(bad, 10)
    assert type(bad).__name__ in str(info.value)


@pytest.mark.parametrize("bad", [-1, 10, 2**63, -(2**63) - 1, 2**200, np.uint64(2**64 - 1)], ids=repr)
def test_parse_action_refuses_integers_outside_the_action_space(bad):
    with pytest.raises(IllegalActionError, match=r"outside the action space 0\.\.9"):
        parse_action(bad, 10)


@pytest.mark.parametrize("good", [3, np.int64(3), np.int8(3), np.uint16(3), np.array(3), np.array(3, np.int32)],
                         ids=repr)
def test_parse_action_accepts_python_and_numpy_integers(good):
    a = parse_action(good, 10)
    assert a == 3 and type(a) is int


def test_parse_action_survives_hostile_index_and_repr():
    class Hostile:
        def __index__(self):
            raise RuntimeError("boom")

        def __repr__(self):
            raise RuntimeError("no repr")

    with pytest.raises(IllegalActionError, match="Hostile"):
        parse_action(Hostile(), 10)
    with pytest.raises(IllegalActionError, match=r"\.\.\.") as info:
        parse_action("1" * 10_000, 10)
    assert len(str(info.value)) < 200


# ------------------------------------------------------------- Game.apply --

@pytest.mark.parametrize("volume", VOLUMES)
@pytest.mark.parametrize("bad", NOT_INTEGERS + [2**63, -1, -(2**63)], ids=repr)
def test_game_apply_refuses_junk_and_leaves_everything_unchanged(volume, bad):
    g = Game(volume, seed=3)
    g.force_chance([0, 1])
    snap = snapshot(g)
    with pytest.raises(IllegalActionError):
        g.apply(bad)
    assert_unchanged(g, snap)


@pytest.mark.parametrize("volume", VOLUMES)
@pytest.mark.parametrize("bad", [1.9, "1", b"1", True, None, -1, 2**63], ids=repr)
def test_action_name_reads_actions_as_strictly_as_apply(volume, bad):
    g = Game(volume, seed=0)
    with pytest.raises(IllegalActionError):
        g.action_name(bad)
    a = first_legal(g)
    assert g.action_name(np.int64(a)) == g.action_name(np.array(a)) == g.action_name(a)


@pytest.mark.parametrize("volume", VOLUMES)
def test_game_apply_accepts_numpy_integers_as_the_same_action(volume):
    for convert in (np.int64, np.int32, np.uint8, np.array):
        g, ref = Game(volume, seed=5), Game(volume, seed=5)
        for _ in range(5):
            a = first_legal(g)
            g.apply(convert(a))
            ref.apply(a)
        assert np.array_equal(g.state, ref.state)
        assert g.history == ref.history and all(type(a) is int for a in g.history)


@pytest.mark.parametrize("volume", VOLUMES)
def test_game_apply_on_a_finished_game_changes_nothing(volume):
    g = Game(volume, seed=1)
    rng = np.random.default_rng(1)
    while not g.is_terminal():
        g.apply(int(rng.choice(g.legal_actions())))
    snap = snapshot(g)
    with pytest.raises(IllegalActionError, match="the game is over"):
        g.apply(0)
    assert_unchanged(g, snap)


# ------------------------------------------------------------ force_chance --

@pytest.mark.parametrize("volume", VOLUMES)
@pytest.mark.parametrize("bad, message", [
    ([2**63], "outside 0"),
    ([-1], "outside 0"),
    ([1.5], "must be integers"),
    ([1.0], "must be integers"),
    (["2"], "must be integers"),
    ("2", "must be integers"),
    ([b"2"], "must be integers"),
    ([True], "must be integers"),
    ([None], "must be integers"),
    ([np.float64(2.0)], "must be integers"),
    (5, "takes a list of integers"),
    (None, "takes a list of integers"),
    ([0, 1, 2**63], "outside 0"),        # the good values before the bad one are not queued either
], ids=repr)
def test_force_chance_refuses_junk_and_queues_nothing(volume, bad, message):
    g = Game(volume, seed=0)
    g.force_chance([1])
    snap = snapshot(g)
    with pytest.raises(StateError, match=message):
        g.force_chance(bad)
    assert_unchanged(g, snap)
    assert g.forced_chance_left() == [1]


@pytest.mark.parametrize("volume", VOLUMES)
def test_force_chance_refuses_values_too_big_for_any_roll(volume):
    g = Game(volume, seed=0)
    top = type(g).FORCED_FACES
    snap = snapshot(g)
    for bad in (top, top + 1, 10**6):
        with pytest.raises(StateError, match=f"outside 0..{top - 1}"):
            g.force_chance([bad])
        assert_unchanged(g, snap)
    g.force_chance([top - 1, np.int64(0), np.array(2)])
    assert g.forced_chance_left() == [top - 1, 0, 2]


def test_the_largest_face_bounds_are_the_volumes_largest_rolls():
    # Palestine: a six-sided die or a chit among the 9 of a full Intel bag (1.6.1).
    assert Game("palestine").FORCED_FACES == max(6, 3 * PL.INTEL_CHITS_PER_VALUE) == 9
    # 1948: a random Unit card among the Arab units at a front (53 cards in the deck).
    from britishway_env.solo1948.cards import ARAB_DECK_SIZE, ISRAELI_DECK_SIZE, N_EVENTS
    assert Game("solo1948").FORCED_FACES == max(3, ARAB_DECK_SIZE, ISRAELI_DECK_SIZE, N_EVENTS)


@pytest.mark.parametrize("volume", VOLUMES)
def test_force_chance_capacity_counts_the_queue_and_endless_iterables(volume):
    g = Game(volume, seed=0)
    cap = type(g).FORCED_CAPACITY
    g.force_chance([0] * (cap - 1))
    snap = snapshot(g)
    with pytest.raises(StateError, match=f"at most {cap}"):
        g.force_chance([0, 0])
    with pytest.raises(StateError, match=f"at most {cap}"):
        g.force_chance(itertools.repeat(0))
    assert_unchanged(g, snap)
    g.force_chance([1])
    assert g.forced_chance_left() == [0] * (cap - 1) + [1]


def test_solo_forced_value_too_big_for_its_roll_makes_apply_raise_with_state_restored():
    # Ending transfers starts the Battle Phase; the Israelis win at North, so
    # the Arabs discard one random unit of their 1: face 1 is out of range.
    g = Game.from_dict({"volume": "solo1948", "phase": "Transfer", "turn": 2, "rng": 12345, "fronts": {
        "North": {"israeli": {"Palmach Shock Troops": 1}, "arab": {"Air Force": 1}}}})
    g.force_chance([1])
    snap = snapshot(g)
    for _ in range(2):                      # the same each time: nothing was consumed
        with pytest.raises(StateError, match="forced chance value 1 is out of range"):
            g.apply(SL.A_END_TRANSFERS)
        assert_unchanged(g, snap)
    # Face 0 (the only unit) is in range: the same action now goes through.
    ok = Game.from_dict(g.to_dict() | {"forced_chance": [0], "history": []})
    ok.apply(SL.A_END_TRANSFERS)
    assert ok.forced_chance_left() == [] and ok.history == [SL.A_END_TRANSFERS]


def test_palestine_forced_die_face_beyond_six_makes_apply_raise_with_state_restored():
    # Face 7 is a valid Intel chit while the bag holds 8 or 9 chits (1.6.1)
    # but no face of a six-sided die: the first die roll refuses it.
    rng = np.random.default_rng(0)
    for seed in range(20):
        g = Game("palestine", seed=seed)
        while not g.is_terminal():
            if not g.forced_chance_left():
                g.force_chance([7])
            snap = snapshot(g)
            a = int(rng.choice(g.legal_actions()))
            try:
                g.apply(a)
            except StateError as e:
                assert "forced chance value 7 is out of range" in str(e)
                assert_unchanged(g, snap)
                # The rolls of the same action take a legal face, so it goes through.
                fixed = g.clone()
                fixed.state[PL.FORCED + 2 + fixed.state[PL.FORCED + 1]] = 5
                fixed.apply(a)
                assert fixed.history == snap[1] + [a]
                return
    pytest.fail("no die was rolled in 20 random games")


# ---------------------------------------------------------------- AEC envs --

def env_snapshot(env):
    raw = env.unwrapped
    obs = {a: raw.observe(a) for a in raw.agents}
    return (raw.agent_selection, list(raw.agents), dict(raw.rewards), dict(raw._cumulative_rewards),
            dict(raw.terminations), dict(raw.truncations), {a: dict(i) for a, i in raw.infos.items()},
            raw.game.state.copy(), list(raw.game.history),
            {a: (o["observation"].copy(), o["action_mask"].copy()) for a, o in obs.items()})


def assert_env_unchanged(env, snap):
    now = env_snapshot(env)
    assert now[:7] == snap[:7]
    assert np.array_equal(now[7], snap[7]) and now[8] == snap[8]
    for a in snap[9]:
        assert np.array_equal(now[9][a][0], snap[9][a][0])
        assert np.array_equal(now[9][a][1], snap[9][a][1])


@pytest.mark.parametrize("make", [palestine_v0.raw_env, palestine_v0.env], ids=["raw_env", "env"])
@pytest.mark.parametrize("bad", NOT_INTEGERS[:-2] + [2**63, -1, PL.N_ACTIONS], ids=repr)
def test_aec_step_refuses_junk_and_changes_nothing(make, bad):
    env = make()
    env.reset(seed=2)
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    snap = env_snapshot(env)
    with pytest.raises(IllegalActionError):
        env.step(bad)
    assert_env_unchanged(env, snap)


@pytest.mark.parametrize("make", [palestine_v0.raw_env, palestine_v0.env], ids=["raw_env", "env"])
def test_aec_step_accepts_numpy_integers(make):
    env, ref = make(), make()
    env.reset(seed=3)
    ref.reset(seed=3)
    for convert in (np.int64, np.int32, np.array, int):
        a = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
        env.step(convert(a))
        ref.step(a)
    assert env.unwrapped.game.history == ref.unwrapped.game.history
    assert np.array_equal(env.unwrapped.game.state, ref.unwrapped.game.state)


def test_aec_fast_path_restores_the_cache_when_a_forced_value_is_refused():
    # A forced face 7 is refused by the first die roll; the env's cached
    # observation and mask must still show the position before the step.
    rng = np.random.default_rng(1)
    env = palestine_v0.raw_env()
    for seed in range(20):
        env.reset(seed=seed)
        game = env.unwrapped.game
        while env.agents and not env.terminations[env.agent_selection]:
            if not game.forced_chance_left():
                game.force_chance([7])
            snap = env_snapshot(env)
            a = int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])))
            try:
                env.step(a)
            except StateError as e:
                assert "out of range" in str(e)
                assert_env_unchanged(env, snap)
                # Still playable: a legal face goes through the same step.
                game.state[PL.FORCED + 2 + game.state[PL.FORCED + 1]] = 5
                env.step(a)
                assert game.history == snap[8] + [a]
                return
    pytest.fail("no die was rolled in 20 random games")


def test_fused_step_kernel_declines_with_forced_chance_queued_and_writes_nothing():
    from britishway_env.engine.rng import STEP_DECLINED
    from britishway_env.volumes.palestine import stepper
    from britishway_env.volumes.palestine.observation import OBS_SIZE

    g = Game("palestine", seed=4)
    obs, mask = np.zeros(OBS_SIZE, np.float32), np.zeros(PL.N_ACTIONS, np.int8)
    stepper.sync(g.state, obs, mask)
    a = first_legal(g)
    g.force_chance([0])
    state, obs0, mask0 = g.state.copy(), obs.copy(), mask.copy()
    assert stepper.step(g.state, a, obs, mask) == STEP_DECLINED
    assert np.array_equal(g.state, state) and np.array_equal(obs, obs0) and np.array_equal(mask, mask0)
    # Once the queue is consumed the kernel steps again.
    g.state[PL.FORCED + 1] = g.state[PL.FORCED]
    assert stepper.step(g.state, a, obs, mask) != STEP_DECLINED


def play_to_the_end(env, seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while not env.terminations[env.agent_selection]:
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))


@pytest.mark.parametrize("make", [palestine_v0.raw_env, palestine_v0.env], ids=["raw_env", "env"])
def test_dead_steps_follow_pettingzoo(make):
    env = make()
    play_to_the_end(env, 0)
    raw = env.unwrapped
    assert all(raw.terminations.values()) and sorted(raw.agents) == ["british", "irgun"]
    # A finished agent steps with None only; anything else changes nothing.
    for bad in (0, 1.9, "1"):
        snap = env_snapshot(env)
        with pytest.raises(IllegalActionError, match="steps with None"):
            env.step(bad)
        assert_env_unchanged(env, snap)
    # Each None removes the selected agent (AECEnv._was_dead_step).
    first = env.agent_selection
    env.step(None)
    assert env.agents == [a for a in ("british", "irgun") if a != first]
    env.step(None)
    assert env.agents == []
    # No agent left: a no-op with PettingZoo's warning, never a KeyError.
    history = list(raw.game.history)
    EnvLogger.mqueue.clear()
    for action in (None, 0):
        env.step(action)
    assert raw.agents == [] and raw.game.history == history
    assert len(EnvLogger.mqueue) == 2 and all("after all agents are terminated" in m for m in EnvLogger.mqueue)
    EnvLogger.mqueue.clear()
    # reset plays again.
    env.reset(seed=1)
    assert sorted(env.agents) == ["british", "irgun"] and not any(env.terminations.values())


def test_raw_env_agent_iter_loop_ends_cleanly():
    env = palestine_v0.raw_env()
    env.reset(seed=6)
    rng = np.random.default_rng(6)
    for agent in env.agent_iter():
        _, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))
    assert env.agents == []


# ---------------------------------------------------------- Gymnasium env --

@pytest.mark.parametrize("bad", NOT_INTEGERS + [2**63, -1], ids=repr)
def test_gym_junk_action_loses_in_lose_mode_and_raises_in_raise_mode(bad):
    env = solo1948_v0.env()
    env.reset(seed=0)
    before = env.unwrapped.game.state.copy()
    _, reward, terminated, _, info = env.step(bad)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert np.array_equal(before, env.unwrapped.game.state)
    env = solo1948_v0.env(illegal_action="raise")
    env.reset(seed=0)
    with pytest.raises(IllegalActionError):
        env.step(bad)
    assert np.array_equal(before, env.unwrapped.game.state)


@pytest.mark.parametrize("mode", ["lose", "raise"])
def test_gym_refuses_step_after_the_game_ends_until_reset(mode):
    env = solo1948_v0.env(illegal_action=mode)
    env.reset(seed=7)
    terminated = False
    while not terminated:
        _, _, terminated, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
    state = env.unwrapped.game.state.copy()
    for action in (0, 1, 1.9):
        with pytest.raises(IllegalActionError, match=r"the episode is over .*call reset\(\)"):
            env.step(action)
    assert np.array_equal(state, env.unwrapped.game.state)
    env.reset(seed=8)
    env.step(int(np.flatnonzero(env.action_masks())[0]))


def test_gym_lose_mode_refuses_step_after_losing_by_an_illegal_action():
    env = solo1948_v0.env()
    env.reset(seed=0)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    legal = int(np.flatnonzero(env.action_masks())[0])
    _, reward, terminated, _, _ = env.step(illegal)
    assert (reward, terminated) == (-1.0, True)
    state = env.unwrapped.game.state.copy()
    for action in (legal, illegal):
        with pytest.raises(IllegalActionError, match="lost by an illegal action"):
            env.step(action)
    assert np.array_equal(state, env.unwrapped.game.state)
    env.reset(seed=0)
    _, reward, terminated, _, _ = env.step(legal)
    assert not terminated
    # The refusal follows env.game (as the AEC env's cache does): a fresh game put there plays on.
    env.step(illegal)
    env.unwrapped.game = Game("solo1948", seed=0)
    _, reward, terminated, _, _ = env.step(legal)
    assert not terminated


@pytest.mark.parametrize("volume", ("palestine", "cyprus", "arab_revolt", "solo1948"))
def test_an_action_outside_the_space_has_no_words(volume):
    """Naming an action reads it as strictly as applying it: every volume
    refuses one past its space, or a non-integer, with the same error."""
    g = Game(volume, seed=0)
    for bad in (g.N_ACTIONS, -1, 1.5):
        with pytest.raises(IllegalActionError, match="action"):
            g.generic_action_name(bad)
        with pytest.raises(IllegalActionError, match="action"):
            g.action_name(bad)
    assert all(g.generic_action_name(a) for a in range(g.N_ACTIONS))
