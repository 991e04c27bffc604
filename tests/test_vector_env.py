"""The compiled vector env (envs/vector.py, volumes/palestine/vector.py):
the learner's reward whoever moves last, only legal actions, the same game
as the AEC env decision for decision, determinism, evaluation rows equal to
the rollouts', and every bad input refused with nothing changed."""

import numba
import numpy as np
import pytest

from britishway_env import palestine_v0
from britishway_env.engine import threads as threads_module
from britishway_env.engine.rng import seed_from
from britishway_env.envs.vector import VectorEnv
from britishway_env.errors import IllegalActionError, OpponentError, UnknownPolicyError
from britishway_env.volumes.palestine import bots
from britishway_env.volumes.palestine.layout import BRITISH_WIN, IRGUN_WIN


def pick(obs, mask, salt=0):
    """A legal action chosen from the observation alone (the same wherever the position is seen)."""
    legal = np.flatnonzero(mask)
    h = int(np.round(obs * 97).astype(np.int64).sum()) + salt
    return int(legal[h % len(legal)])


def pick_rows(salt):
    def act(obs, masks):
        return np.array([pick(o, m, salt) for o, m in zip(obs, masks)], dtype=np.int64)
    return act


def random_rows(seed):
    rng = np.random.default_rng(seed)

    def act(obs, masks):
        return np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)
    return act


def aec_game(game_seed):
    env = palestine_v0.raw_env()
    env.reset(options={"game_seed": game_seed})
    return env


@pytest.mark.parametrize("seat", ["british", "irgun"])
@pytest.mark.parametrize("auto_single", [False, True])
def test_vector_env_equals_the_aec_env_decision_for_decision(seat, auto_single):
    """Slot i plays game seed_from(seed, i): the same observations, masks and
    final reward as the AEC env on that game, the opponent's decisions made
    by the same (policy) opponent."""
    base, n = 11, 3
    other = "irgun" if seat == "british" else "british"
    env = VectorEnv("palestine", num_envs=n, seat=seat, opponent=pick_rows(5), seed=base,
                    auto_single=auto_single, games=n)
    obs, info = env.reset()
    masks = info["action_mask"]
    aecs = [aec_game(seed_from(base, i)) for i in range(n)]
    finished = [False] * n

    def advance_aec(e):
        """Play the AEC game to the learner's next handed-out decision, as the vector env does."""
        while e.agents:
            agent = e.agent_selection
            o = e.observe(agent)
            if e.terminations[agent]:
                return
            legal = np.flatnonzero(o["action_mask"])
            if auto_single and len(legal) == 1:
                e.step(int(legal[0]))
            elif agent == other:
                e.step(pick(o["observation"], o["action_mask"], 5))
            else:
                return

    for e in aecs:
        advance_aec(e)
    steps = 0
    while not env.done:
        acts = np.zeros(n, dtype=np.int64)
        for i, e in enumerate(aecs):
            if finished[i]:
                continue
            o = e.observe(seat)
            assert e.agent_selection == seat
            np.testing.assert_array_equal(o["observation"], obs[i])
            np.testing.assert_array_equal(o["action_mask"].astype(bool), masks[i])
            acts[i] = pick(obs[i], masks[i], 1)
            e.step(int(acts[i]))
            advance_aec(e)
        obs, rewards, term, trunc, info = env.step(acts)
        masks = env.action_masks()
        steps += 1
        for i, e in enumerate(aecs):
            if finished[i]:
                continue
            over = not e.agents or e.terminations[e.agent_selection]
            assert bool(term[i]) == over
            if over:
                assert rewards[i] == (1.0 if e.game.winner == seat else -1.0)
                assert info["_final_obs"][i]
                np.testing.assert_array_equal(info["final_obs"][i], e.observe(seat)["observation"])
                finished[i] = True
            else:
                assert rewards[i] == 0.0
    assert all(finished) and steps > 20


def test_a_losing_learner_gets_minus_one_even_when_the_opponent_moved_last():
    """The reward goes to the learner's seat by the game's winner, not to
    whoever made the final move (the opponent's last decisions are played
    inside the learner's step)."""
    for seat, opponent in (("irgun", "random"), ("british", "heuristic")):
        moved_last = {"opponent": 0, "learner": 0}
        called = [False]
        rng = random_rows(3)

        def opp(obs, masks):
            called[0] = True
            return rng(obs, masks)

        env = VectorEnv("palestine", num_envs=1, seat=seat, opponent=opp if opponent == "random" else opponent,
                        seed=4, auto_single=False, games=12)
        obs, info = env.reset()
        masks = info["action_mask"]
        learner_rng = np.random.default_rng(0)
        losses = 0
        while not env.done:
            called[0] = False
            act = np.array([learner_rng.choice(np.flatnonzero(masks[0]))])
            obs, rewards, term, trunc, info = env.step(act)
            masks = env.action_masks()
            if term[0]:
                winner = env.result_rows()[info["final_info"]["game"][0]][0]
                want = 1.0 if winner == (BRITISH_WIN if seat == "british" else IRGUN_WIN) else -1.0
                assert rewards[0] == want
                losses += want < 0
                if opponent == "random":
                    moved_last["opponent" if called[0] else "learner"] += 1
            else:
                assert rewards[0] == 0.0
        assert losses >= 10
        if opponent == "random":
            assert moved_last["opponent"] > 0          # the case the PettingZoo tutorial's wrapper gets wrong


def test_rows_equal_the_batch_runner_rows_when_the_learner_plays_the_bot():
    """An evaluation run (games=G) keeps the rollouts' result rows: with the
    learner playing the scripted bot's choices against the scripted bot, the
    rows are those of the compiled batch runner with the bots in both seats."""
    from britishway_env.volumes.palestine import batch
    from britishway_env.volumes.palestine.batch import N_RESULT_COLUMNS

    games, base = 10, 123
    env = VectorEnv("palestine", num_envs=4, seat="irgun", opponent="heuristic", seed=base, games=games,
                    auto_single=False)
    env.reset()
    while not env.done:
        env.step(np.maximum(env.bot_actions(), 0))
    want = np.zeros((games, N_RESULT_COLUMNS), dtype=np.int64)
    batch.play_games(base, 0, games, bots.POLICY_HEURISTIC, bots.POLICY_HEURISTIC, False, want)
    np.testing.assert_array_equal(env.result_rows(), want)


def test_random_opponent_rows_follow_the_seed_not_the_threads_or_the_slots(monkeypatch):
    def run(threads, n_slots, pythons_threads=False):
        # pythons_threads: the slots on Python's threads and the serial kernel, as in a
        # process forked after a parallel launch (engine/threads.py in_slot_pieces).
        monkeypatch.setattr(threads_module, "_forked_after_launch", pythons_threads)
        numba.set_num_threads(threads)
        try:
            env = VectorEnv("palestine", num_envs=n_slots, seat="british", opponent="random", seed=99, games=16)
            obs, info = env.reset()
            masks = info["action_mask"]
            rng_act = pick_rows(2)
            while not env.done:
                acts = np.zeros(n_slots, dtype=np.int64)
                live = np.flatnonzero(masks.any(axis=1))
                acts[live] = rng_act(obs[live], masks[live])
                obs, *_ = env.step(acts)
                masks = env.action_masks()
            return env.result_rows()
        finally:
            numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)

    a = run(1, 4)
    np.testing.assert_array_equal(a, run(numba.config.NUMBA_NUM_THREADS, 4))
    np.testing.assert_array_equal(a, run(1, 7))
    np.testing.assert_array_equal(a, run(numba.config.NUMBA_NUM_THREADS, 4, pythons_threads=True))
    assert (a[:, 0] > 0).all()


def test_the_same_seed_gives_the_same_run_and_the_mask_is_the_rules_mask():
    from britishway_env.volumes.palestine.layout import N_ACTIONS
    from britishway_env.volumes.palestine.turns import actor, legal_mask

    def run():
        env = VectorEnv("palestine", num_envs=5, seat="both", opponent=[("heuristic", 1), ("random", 1)], seed=7)
        obs, info = env.reset()
        masks = info["action_mask"]
        out = [obs.copy()]
        rng = np.random.default_rng(1)
        for _ in range(60):
            for i in range(env.num_envs):       # the mask is the rules' legal mask of the slot's state
                state = env.states()[i]
                rules = np.zeros(N_ACTIONS, dtype=np.int8)
                legal_mask(state, rules)
                np.testing.assert_array_equal(masks[i], rules.astype(bool))
                assert actor(state) == env.seats[i]
            acts = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
            obs, rewards, term, trunc, info = env.step(acts)
            masks = env.action_masks()
            out.append(obs.copy())
            out.append(rewards.copy())
        return out

    for x, y in zip(run(), run()):
        np.testing.assert_array_equal(x, y)


def test_every_bad_input_is_refused_with_nothing_changed():
    env = VectorEnv("palestine", num_envs=3, seat="irgun", opponent="random", seed=1)
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(np.zeros(3, dtype=np.int64))
    obs, info = env.reset()
    masks = info["action_mask"]
    before = env.states()
    illegal = int(np.flatnonzero(~masks[1])[0])
    good = np.array([np.flatnonzero(m)[0] for m in masks])
    for bad, msg in ((np.array([0, 0]), "array of 3"), (np.array([good[0], illegal, good[2]]), "slot 1"),
                     (np.array([good[0], good[1], 55]), "out of range"), (np.array([-1, good[1], good[2]]), "slot 0"),
                     (np.array([0.5, 0, 0]), "whole"), ("abc", "integers"), (None, "integers")):
        with pytest.raises(IllegalActionError, match=msg):
            env.step(bad)
        np.testing.assert_array_equal(env.states(), before)
    for kwargs, err in (({"seat": "haganah"}, UnknownPolicyError), ({"opponent": "expert"}, UnknownPolicyError),
                        ({"opponent": []}, UnknownPolicyError), ({"opponent": [("random", -1.0)]}, ValueError),
                        ({"opponent": [("random", 0.0)]}, ValueError), ({"num_envs": 0}, ValueError),
                        ({"seed": -1}, ValueError), ({"games": 0}, ValueError), ({"opponent": 3}, UnknownPolicyError)):
        with pytest.raises(err):
            VectorEnv("palestine", **kwargs)
    with pytest.raises(UnknownPolicyError, match="one seat"):
        VectorEnv("solo1948", opponent="heuristic")

    def cheat(obs, masks):
        return np.array([int(np.flatnonzero(~m)[0]) for m in masks])
    env = VectorEnv("palestine", num_envs=2, seat="british", opponent=cheat, seed=1)
    with pytest.raises(OpponentError, match="opponent 0 of the pool .* illegal action"):
        env.reset()


def test_the_pool_draws_each_games_opponent_from_its_number():
    a = VectorEnv("palestine", num_envs=8, seat="british", opponent=[("random", 1), ("heuristic", 3)], seed=3)
    b = VectorEnv("palestine", num_envs=5, seat="british", opponent=[("random", 1), ("heuristic", 3)], seed=3)
    a.reset(), b.reset()
    assert list(a.arrays["pool_index"][:5]) == list(b.arrays["pool_index"])
    assert set(a.arrays["pool_index"]) == {0, 1}


def test_sb3_vec_env_trains_maskable_ppo_a_few_steps():
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.env_checker import check_env  # noqa: F401  (SB3 present)

    from agents.vec_env import SB3VectorEnv, quiet_logger

    venv = SB3VectorEnv("palestine", num_envs=8, seat="irgun", opponent="random", seed=0)
    model = MaskablePPO("MlpPolicy", venv, n_steps=16, batch_size=64, n_epochs=1, gamma=1.0, seed=0, device="cpu",
                        policy_kwargs={"net_arch": [32]})
    model.set_logger(quiet_logger())
    model.learn(2048)
    # SB3's episode statistics (ep_len_mean, ep_rew_mean) come from infos["episode"]: real lengths
    lengths = [e["l"] for e in model.ep_info_buffer]
    assert lengths and min(lengths) > 5 and all(e["r"] in (-1.0, 0.0, 1.0) for e in model.ep_info_buffer)
    obs = venv.reset()
    masks = venv.action_masks()
    acts, _ = model.predict(obs, action_masks=masks, deterministic=True)
    assert masks[np.arange(8), acts].all()


def test_aec_reset_takes_a_checked_game_seed():
    from britishway_env.game import Game

    env = aec_game(seed_from(3, 2))
    assert env.game.seed == seed_from(3, 2)
    np.testing.assert_array_equal(env.game.state, Game("palestine", seed=seed_from(3, 2)).state)
    env.reset(options={"something": 1})                   # other options are left alone (PettingZoo's api_test)
    for bad in (-1, 2**63, 1.5, True, "7"):
        with pytest.raises(ValueError, match="game_seed"):
            env.reset(options={"game_seed": bad})


@pytest.mark.parametrize("volume", ["palestine", "solo1948"])
def test_observations_handed_out_are_the_callers_and_the_same_with_or_without_copy(volume, monkeypatch):
    # copy=True hands each reset/step a new array the env never writes again (no copy of the
    # whole array is made: the step writes into it); copy=False hands out the env's own. Both
    # show the same observations. An evaluation run's slots go idle as its games run out: an
    # idle slot's row stays its last observation, as with copy=False.
    from britishway_env.envs import vector as vector_module

    # The new array's unwritten values are NaN here, so a row the step left unwritten shows.
    monkeypatch.setattr(vector_module, "_unwritten", lambda like: np.full_like(like, np.nan))
    kw = dict(num_envs=6, seed=11, games=9) | ({} if volume == "solo1948" else {"seat": "both"})
    own = VectorEnv(volume, copy=False, **kw)
    given = VectorEnv(volume, copy=True, **kw)
    o_own, info = own.reset()
    o_given, _ = given.reset()
    held = []                      # (array handed out, its values then)
    rng = np.random.default_rng(3)
    steps = 0
    while not own.done:
        np.testing.assert_array_equal(o_given, o_own)
        assert o_given is given.arrays["obs"]          # handed out as written, not copied
        held.append((o_given, o_given.copy()))
        masks = info["action_mask"]
        acts = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        o_own, _, _, _, info = own.step(acts)
        o_given, _, _, _, _ = given.step(acts)
        assert o_own is own.arrays["obs"]
        steps += 1
    assert given.done and steps > 5
    np.testing.assert_array_equal(o_given, o_own)
    for array, then in held:       # never written after it was handed out
        np.testing.assert_array_equal(array, then)
    assert len({id(a) for a, _ in held}) == len(held)
    idle = ~info["waiting"]
    assert idle.all() and np.abs(o_given).sum() > 0     # the last observations, not an empty array


def test_a_restored_run_does_not_write_the_array_handed_out_before():
    env = VectorEnv("palestine", num_envs=4, seat="irgun", seed=5)
    obs, info = env.reset()
    saved = env.get_state()
    obs, _, _, _, info = env.step(np.array([np.flatnonzero(m)[0] for m in info["action_mask"]]))
    then = obs.copy()
    env.set_state(saved)
    np.testing.assert_array_equal(obs, then)
    assert not np.array_equal(env.observations(), then)
