"""experiments/lookahead_plan.py: the planning look-ahead bot it weighs against
the shipped one (Cyprus; the mechanism is the same for Arab Revolt)."""

import numpy as np
import pytest

from britishway_env.engine.bots import only_legal
from britishway_env.engine.policy import uniform_legal
from britishway_env.volumes.cyprus import bots, turns
from britishway_env.volumes.cyprus.layout import N_ACTIONS, STATE_SIZE
from experiments import lookahead_plan as lp


@pytest.fixture(scope="module")
def k():
    return lp.kernels("cyprus")


def positions(n_games=3):
    """Positions with a choice from random games, each with its legal mask."""
    out = []
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    for g in range(n_games):
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        turns.new_game(state, 100 + g)
        stream = np.array([g + 1], dtype=np.int64)
        while not turns.is_over(state):
            turns.legal_mask(state, mask)
            if only_legal(mask) < 0:
                out.append((state.copy(), mask.copy()))
            turns.apply(state, uniform_legal(mask, stream))
    return out


def test_without_a_plan_it_chooses_as_the_shipped_bot_does(k):
    # Two finishes per action and no plan kept: the same look as the shipped
    # bot, hence the same action, at every position.
    scores = np.empty(N_ACTIONS)
    for state, mask in positions(1)[:60]:
        memo = np.zeros(lp.MEMO, dtype=np.int64)
        counts = np.zeros(3, dtype=np.int64)
        mine = k.planning_action(state.copy(), mask, scores, 2, lp.PLAN_MAX, memo, counts)
        assert mine == bots.bot_action(state.copy(), mask, np.empty(N_ACTIONS))
        assert counts[lp.C_LOOKS] == 1 and counts[lp.C_PLAN_STEPS] == 0
        assert 0 <= memo[lp.M_LEN] <= lp.PLAN_MAX and memo[lp.M_POS] == 0


def test_it_follows_its_plan_only_where_the_open_hash_is_the_planned_one(k):
    scores = np.empty(N_ACTIONS)
    followed = 0
    for state, mask in positions(2)[:150]:
        memo = np.zeros(lp.MEMO, dtype=np.int64)
        counts = np.zeros(3, dtype=np.int64)
        a = k.planning_action(state, mask, scores, 2, lp.PLAN_MAX, memo, counts)
        turns.apply(state, a)
        while not turns.is_over(state):            # forced decisions are not the bot's to plan
            turns.legal_mask(state, mask)
            if only_legal(mask) < 0:
                break
            turns.apply(state, only_legal(mask))
        if turns.is_over(state) or memo[lp.M_LEN] == 0:
            continue
        expected = np.uint64(memo[lp.M_HASH]) == bots.open_hash(state)
        b = k.planning_action(state, mask, scores, 2, lp.PLAN_MAX, memo, counts)
        assert mask[b]
        if expected:
            assert b == memo[lp.M_ACTION] and counts[lp.C_PLAN_STEPS] == 1 and counts[lp.C_LOOKS] == 1
            followed += 1
        else:
            assert counts[lp.C_PLAN_STEPS] == 0 and counts[lp.C_LOOKS] == 2
    assert followed > 10


def test_a_short_run_writes_the_table(capsys):
    assert lp.main(["--volume", "cyprus", "--games", "2", "--variants", "2/40,4/2"]) == 0
    out = capsys.readouterr().out
    assert "| plan 2/40 | shipped |" in out and "| plan 4/2 | random |" in out
    assert "| shipped | shipped | 0.500 |" in out      # the deterministic bot against itself, in both seats


@pytest.mark.parametrize("bad", ["2", "0/4", "2/41", "x/y"])
def test_a_bad_variant_is_refused(bad):
    with pytest.raises(SystemExit) as e:
        lp.main(["--volume", "cyprus", "--variants", bad])
    assert e.value.code == 2


def test_best_sample_names_the_finish_that_gave_each_action_its_value():
    # Replaying the named finish on the same resampled future gives the action's score
    # exactly: what the planning bot keeps as its plan is the finish the look valued.
    from britishway_env.volumes.cyprus.evaluation import evaluate
    from britishway_env.volumes.cyprus.layout import BRITISH, RNG
    from britishway_env.volumes.cyprus.setup import determinize

    inner = np.zeros(N_ACTIONS, dtype=np.int8)
    played = np.empty(bots.MAX_FINISH, dtype=np.int64)
    checked = 0
    for state, mask in positions(1)[:40]:
        h = np.uint64(bots.open_hash(state))
        scores = np.full(N_ACTIONS, bots.NEG)
        best_sample = np.full(N_ACTIONS, -1, dtype=np.int64)
        bots.score_actions(state, mask, scores, h, 3, best_sample, N_ACTIONS, True)
        seed, streams = bots.look_streams(h, 3)
        me = turns.actor(state)
        for a in np.flatnonzero(mask):
            k = best_sample[a]
            assert 0 <= k < 3
            work = state.copy()
            determinize(work, seed)
            stream = np.array([streams[k]], dtype=np.int64)
            work[RNG] = bots.sample_dice(stream[0])
            turns.apply(work, a)
            n = bots.finish_turn(work, me, inner, stream, played, True)
            assert 0 <= n <= bots.MAX_FINISH
            sign = 1.0 if me == BRITISH else -1.0
            assert sign * evaluate(work) == scores[a]
            checked += 1
    assert checked > 100


def test_keep_gives_the_later_finishes_to_the_best_actions_only():
    # keep >= the legal actions: every action gets every finish (the shipped bot's scores).
    # keep = 2: the actions under the second-best first finish keep that finish's worth;
    # the best two get the best of all their finishes, never less than their first.
    differed = 0
    for state, mask in positions(1)[:60]:
        h = np.uint64(bots.open_hash(state))
        first, full, kept = (np.full(N_ACTIONS, bots.NEG) for _ in range(3))
        spare = np.zeros(N_ACTIONS, dtype=np.int64)
        bots.score_actions(state, mask, first, h, 1, spare, N_ACTIONS, True)
        bots.score_actions(state, mask, full, h, 2, spare, N_ACTIONS, True)
        bots.score_actions(state, mask, kept, h, 2, spare, 2, True)
        shipped = np.full(N_ACTIONS, bots.NEG)
        bots.bot_action(state, mask, shipped)
        assert np.array_equal(shipped, full)           # the shipped bot: every action, every finish
        legal = np.flatnonzero(mask)
        cut = np.sort(first[legal])[-2] if len(legal) > 2 else -np.inf
        for a in legal:
            assert kept[a] == (full[a] if first[a] >= cut else first[a])
            assert kept[a] >= first[a]
        differed += int(not np.array_equal(kept, full))
    assert differed > 0        # the cut left some action with its first finish only


def test_kth_largest():
    from britishway_env.engine.bots import kth_largest

    scores = np.array([3.0, 9.0, 1.0, 9.0, 5.0])
    mask = np.array([1, 1, 0, 1, 1], dtype=np.int8)
    assert [kth_largest(scores, mask, k) for k in (1, 2, 3, 4, 5)] == [9.0, 9.0, 5.0, 3.0, 3.0]
    assert kth_largest(scores, mask, 0) == np.inf
    assert kth_largest(scores, np.zeros(5, dtype=np.int8), 1) == np.inf


def test_a_keep_variant_is_read_and_runs(capsys):
    assert lp.variant("keep:3/2") == (lp.KEEPING, 3, 2)
    assert lp.variant("4/40") == (lp.PLANNING, 4, 40)
    for bad in ("keep:2/0", "keep:0/2", "keep:2", "keep:2/100"):
        with pytest.raises(Exception):
            lp.variant(bad)
    assert lp.main(["--volume", "cyprus", "--games", "2", "--variants", "keep:2/2"]) == 0
    assert "| keep 2/2 | shipped |" in capsys.readouterr().out


def test_the_stopping_look_is_the_shipped_look_when_stop_is_shunned_everywhere(k):
    # Stop shunned at every decision: the shipped bot's finish, hence its action.
    scores = np.empty(N_ACTIONS)
    differ = 0
    for state, mask in positions(1)[:60]:
        shipped = bots.bot_action(state.copy(), mask, np.empty(N_ACTIONS))
        assert k.looking_action(state.copy(), mask, scores, 2, N_ACTIONS, True) == shipped
        differ += k.looking_action(state.copy(), mask, scores, 2, N_ACTIONS, False) != shipped
    assert differ > 0            # Stop among the others at the volume's own decisions: other finishes, other choices
    assert lp.variant("stop:3") == (lp.STOPPING, 3, 0) and lp.variant_name(lp.variant("stop:3")) == "stop:3"
