"""Palestine scripted bots and batch rollouts with a policy per seat."""

import collections
import dataclasses
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from britishway_env import Game, StateError, UnknownPolicyError, palestine_v0, rollouts
from britishway_env.cli import app
from britishway_env.engine.stats import wilson_interval
from britishway_env.volumes.palestine import batch as B
from britishway_env.volumes.palestine import bots
from britishway_env.volumes.palestine import layout as L
from britishway_env.volumes.palestine import turns as T
from britishway_env.volumes.palestine.cards import DECK_SIZE
from britishway_env.volumes.palestine import playout
from britishway_env.volumes.palestine.rollouts import COLUMNS, event_names
from britishway_env.engine.coin.results import N_RESULT_COLUMNS, R_DECISIONS, R_OUTCOME, R_VIOLATION, encode_event

runner = CliRunner()
HEUR, RAND = bots.POLICY_HEURISTIC, bots.POLICY_RANDOM


def play(n, policy_british, policy_irgun, seed=11, check=True):
    out = np.zeros((n, N_RESULT_COLUMNS), dtype=np.int64)
    B.play_games(np.int64(seed), np.int64(0), np.int64(n), np.int64(policy_british), np.int64(policy_irgun), check, out)
    return out


@pytest.mark.parametrize("pb, pi", [(HEUR, HEUR), (HEUR, RAND), (RAND, HEUR)])
def test_bots_choose_only_legal_actions_and_keep_invariants(pb, pi):
    """Every bot action is in the mask; every invariant holds after every decision."""
    out = play(300, pb, pi)
    assert collections.Counter(playout.FAILURES[c] for c in out[:, R_VIOLATION]) == {"ok": 300}
    assert set(out[:, R_OUTCOME]) <= {L.BRITISH_WIN, L.IRGUN_WIN}


def test_bot_through_game_matches_the_batch_row():
    """A bot is a function of the open state: playing a batch game again through
    Game and bots.choose gives the same game."""
    df = rollouts.run("palestine", 3, seed=5, policies={"british": "heuristic", "irgun": "heuristic"})
    for row in df.itertuples():
        g = Game("palestine", seed=int(row.seed))
        while not g.is_terminal():
            g.apply(bots.choose(g, "heuristic"))
        assert len(g.history) == row.decisions
        assert g.winner == row.winner and int(g.state[L.POLITICAL_WILL]) == row.final_political_will
        assert [int(c) for c in g.state[L.DECK:L.DECK + g.state[L.DECK_DRAWN]]] == list(row.cards)


def test_bots_are_reproducible_and_random_policy_uses_its_rng():
    a = play(50, HEUR, RAND, seed=3, check=False)
    b = play(50, HEUR, RAND, seed=3, check=False)
    assert np.array_equal(a, b)
    g = Game("palestine", seed=1)
    assert bots.choose(g, "heuristic") == bots.choose(g.clone(), "heuristic")
    picks = {bots.choose(g, "random", rng=np.random.default_rng(k)) for k in range(30)}
    assert picks <= set(g.legal_actions()) and len(picks) > 1


def test_rollout_rows_do_not_depend_on_threads_or_chunks():
    pol = {"british": "heuristic", "irgun": "random"}
    a = rollouts.run("palestine", 300, seed=3, policies=pol, threads=1)
    b = rollouts.run("palestine", 300, seed=3, policies=pol, threads=2, chunk=77)
    import numba
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    pd.testing.assert_frame_equal(a, b)
    c = rollouts.run("palestine", 300, seed=4, policies=pol)
    assert not a["seed"].equals(c["seed"])


def test_rollout_rows_schema_and_meaning():
    """6.1, 7.0: Political Will after each Political Will Phase; the Irgun win at
    0, the British after the third Propaganda card."""
    df = rollouts.run("palestine", 200, seed=8, policies={"british": "random", "irgun": "heuristic"})
    assert tuple(df.columns) == COLUMNS
    assert df["seed"].dtype == np.int64 and df["game"].tolist() == list(range(200))
    for col in ("final_political_will", "victory_round", "decisions"):
        assert np.issubdtype(df[col].dtype, np.integer)
    assert set(df["winner"]) <= {"british", "irgun"}
    assert (df["policy_british"] == "random").all() and (df["policy_irgun"] == "heuristic").all()
    for row in df.itertuples():
        pw = row.political_will_after_round
        assert 1 <= row.victory_round <= 3 and len(pw) == row.victory_round
        assert pw[-1] == row.final_political_will and all(0 <= p <= 20 for p in pw)
        assert all(p > 0 for p in pw[:-1])                       # the game goes on only above 0 (6.1.3)
        assert (row.winner == "irgun") == (row.final_political_will == 0)
        assert row.winner == "irgun" or row.victory_round == 3   # 6.1.4, 7.0.2
        cards = list(row.cards)
        assert cards[-1] in (33, 34, 35) and sum(c >= 33 for c in cards) == row.victory_round
        assert len(set(cards)) == len(cards) and all(1 <= c <= 35 for c in cards)
        assert all(re.fullmatch(r"P([1-9]|[12]\d|3[0-2]):(unshaded|shaded):(british|irgun)", e) for e in row.events)


def test_event_codes_read_as_card_side_faction():
    codes = [int(encode_event(21, 1, L.IRGUN)), int(encode_event(12, 0, L.BRITISH))]
    assert event_names(codes) == ["P21:shaded:irgun", "P12:unshaded:british"]


@pytest.mark.parametrize("check", [False, True])
def test_random_play_gives_the_same_rows_without_the_bots_runner(check):
    """Random rollouts run the bot-free play-out kernel; it plays the games, seeds
    and random streams of the bots' batch runner, row for row."""
    n = 400
    out = np.zeros((n, N_RESULT_COLUMNS), dtype=np.int64)
    playout.play_random_games(np.int64(21), np.int64(5), np.int64(n), check, out)
    expected = np.zeros_like(out)
    B.play_games(np.int64(21), np.int64(5), np.int64(n), np.int64(RAND), np.int64(RAND), check, expected)
    assert np.array_equal(out, expected)
    assert (out[:, R_VIOLATION] == 0).all() and (out[:, R_DECISIONS] > 50).all()
    df = rollouts.run("palestine", n, seed=21, policies={"british": "random", "irgun": "random"})
    assert df["decisions"].tolist() == play(n, RAND, RAND, seed=21, check=False)[:, R_DECISIONS].tolist()


def test_random_rollouts_never_run_the_scripted_bots_kernels():
    """Random play in both seats (the command line's default) runs the play-out
    kernel, whose module imports no bot (so numba cannot compile one for it);
    a scripted seat runs the bots' batch runner."""
    from britishway_env.engine.jitcache import dependency_closure
    from britishway_env.volumes.palestine import rollouts as palestine_rollouts

    pkg = Path(playout.__file__).resolve().parents[2]
    assert Path(bots.__file__).resolve() not in dependency_closure(Path(playout.__file__).resolve(), pkg)
    ran = []
    spy = dataclasses.replace(palestine_rollouts.ROLLOUTS,
                              policy_games=lambda *a, **k: ran.append("bots") or B.play_games(*a, **k),
                              random_games=lambda *a, **k: ran.append("random") or playout.play_random_games(*a, **k))
    spy.run(3, seed=0)
    spy.run(3, seed=0, policies={"british": "random", "irgun": "random"})
    spy.run(3, seed=0, policies={"irgun": "heuristic"})
    assert ran == ["random", "random", "bots"]
    assert rollouts.compiled_use("palestine", policies={"british": "random", "irgun": "random"}) == "rollouts"
    assert rollouts.compiled_use("palestine", policies={"british": "heuristic", "irgun": "random"}) == "batch"


def test_cli_rollouts_palestine_end_to_end(tmp_path):
    out = tmp_path / "p.parquet"
    res = runner.invoke(app, ["rollouts", "palestine", "--games", "200", "--policy", "british=heuristic,irgun=random",
                              "--seed", "2", "--threads", "1", "--out", str(out), "--quiet"])
    assert res.exit_code == 0, res.output
    for words in ("british victory", "irgun victory", "95% CI", "victory timing", "Political Will", "after round 1"):
        assert words in res.output
    df = pd.read_parquet(out)
    assert tuple(df.columns) == COLUMNS and len(df) == 200
    assert isinstance(df["cards"].iloc[0][0], (int, np.integer))
    same = rollouts.run("palestine", 200, seed=2, policies={"british": "heuristic", "irgun": "random"})
    assert df["winner"].tolist() == same["winner"].tolist() and df["seed"].tolist() == same["seed"].tolist()


def test_unknown_policies_and_seats_are_clear_errors():
    with pytest.raises(UnknownPolicyError, match="unknown policy 'smart' for palestine"):
        rollouts.run("palestine", 10, policies={"british": "smart"})
    with pytest.raises(UnknownPolicyError, match="unknown seat 'arab' for palestine"):
        rollouts.run("palestine", 10, policies={"arab": "random"})
    with pytest.raises(UnknownPolicyError, match="solo1948 has one player"):
        rollouts.run("solo1948", 10, policies={"israeli": "random"})
    with pytest.raises(UnknownPolicyError, match="unknown policy 'smart'"):
        bots.choose(Game("palestine", seed=0), "smart")
    res = runner.invoke(app, ["rollouts", "palestine", "--games", "10", "--policy", "british=smart"])
    assert res.exit_code == 2 and "unknown policy 'smart'" in res.output
    res = runner.invoke(app, ["rollouts", "palestine", "--games", "10", "--policy", "british:heuristic,irgun=random"])
    assert res.exit_code == 2 and "seat=policy" in res.output


def test_choose_on_a_finished_game_is_an_error():
    g = Game("palestine", seed=2)
    while not g.is_terminal():
        g.apply(bots.choose(g, "heuristic"))
    with pytest.raises(StateError, match="game is over"):
        bots.choose(g, "heuristic")


def wins(df, side):
    k = int((df["winner"] == side).sum())
    return wilson_interval(k, len(df))


def test_each_bot_beats_random_in_its_seat():
    """Statistical, generous: each bot's win-rate interval lies above random's in
    the same seat against the same opponent (300 games each; the measured gaps
    are far wider, docs/results/palestine_bots.md)."""
    run = lambda b, i: rollouts.run("palestine", 300, seed=20, policies={"british": b, "irgun": i})
    irgun_bot = wins(run("random", "heuristic"), "irgun")
    irgun_random = wins(run("random", "random"), "irgun")
    assert irgun_bot[0] > irgun_random[1] + 0.3
    british_bot = wins(run("heuristic", "heuristic"), "british")
    british_random = wins(run("random", "heuristic"), "british")
    assert british_bot[0] > british_random[1] + 0.2


def test_bot_plays_the_preferred_event_side_when_offered():
    """The Event box (5.0): once events exist the mask offers a side during the
    box decision; the bots follow EVENT_VALUE (British unshaded, Irgun shaded,
    strong events over an Operation)."""
    g = Game("palestine", seed=0)
    s = g.state.copy()
    mask = np.zeros(L.N_ACTIONS, dtype=np.int8)
    T.legal_mask(s, mask)
    assert T.pending(s) == L.D_BOX and T.actor(s) == L.IRGUN
    mask[L.A_EVENT_SIDE:L.A_EVENT_SIDE + 2] = 1
    s[L.CARD] = 21                         # United Resistance Movement: strong for the Irgun
    assert bots.bot_action(s, mask, L.IRGUN, bots.new_memo()) == L.A_EVENT_SIDE + 1
    s[L.CARD] = 12                         # Peter Bergson: strong both ways
    assert bots.bot_action(s, mask, L.BRITISH, bots.new_memo()) == L.A_EVENT_SIDE + 0
    s[L.CARD] = 9                          # Ernest Bevin: not strong for the Irgun, a full Operation is better
    assert bots.bot_action(s, mask, L.IRGUN, bots.new_memo()) not in (L.A_EVENT_SIDE, L.A_EVENT_SIDE + 1)
    assert bots.EVENT_VALUE[L.BRITISH, 9, 0] > 0 > bots.EVENT_VALUE[L.BRITISH, 9, 1]


def test_unknown_decisions_fall_back_to_a_legal_action():
    g = Game("palestine", seed=0)
    s = g.state.copy()
    mask = np.zeros(L.N_ACTIONS, dtype=np.int8)
    mask[[L.A_STOP, L.A_SPACE + 3]] = 1
    s[L.DECISION] = len(L.DECISION_NAMES)          # a decision the bots do not know
    assert bots.bot_action(s, mask, L.BRITISH, bots.new_memo()) in (L.A_STOP, L.A_SPACE + 3)
    mask[L.A_EVENT_SIDE + 1] = 1
    s[L.CARD] = 3
    assert bots.bot_action(s, mask, L.IRGUN, bots.new_memo()) in (L.A_STOP, L.A_SPACE + 3, L.A_EVENT_SIDE + 1)


def test_cards_to_propaganda_uses_only_the_pile_structure():
    """2.1: each pile is 4 events over a Propaganda card shuffled with 2 events."""
    g = Game("palestine", seed=0)
    s = g.state.copy()
    s[L.DECK_DRAWN] = 1                     # first card of the first pile
    assert bots.cards_to_propaganda(s) == 3 + 1.0
    s[L.DECK_DRAWN] = 6                     # 2nd card of the bottom three, Propaganda not seen
    assert bots.cards_to_propaganda(s) == 0.0
    s[L.DECK_DRAWN], s[L.PROPAGANDA_DONE] = 6, 1   # ... seen: the rest of this pile, then the next
    assert bots.cards_to_propaganda(s) == 1 + 4 + 1.0


def test_aec_opponent_wrapper_yields_only_the_callers_seat():
    env = bots.opponent(palestine_v0.env(), seat="irgun", policy="heuristic")
    rng = np.random.default_rng(0)
    for episode in range(3):
        env.reset(seed=episode)
        seen, final = set(), None
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            seen.add(agent)
            if termination or truncation:
                final = (reward, info["outcome"])
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert seen == {"british"} and final[0] in (-1.0, 1.0)
    with pytest.raises(UnknownPolicyError, match="no seat"):
        bots.opponent(palestine_v0.env(), seat="arab")
    with pytest.raises(UnknownPolicyError, match="unknown policy"):
        bots.opponent(palestine_v0.env(), policy="smart")


def test_p12_patrol_emptied_by_negotiate_first_has_a_way_to_finish():
    """Negotiate first (4.1) shifts the Haganah Track from 3 (6.5.2): the map's
    last Cell goes to the track, the Patrol may end with no space (P-12), and
    then must not dead-end at 'Patrol: arrest space' (DESIGN.md 3)."""
    g = Game.from_dict({
        "volume": "palestine", "first_eligible": "british", "haganah_track": 3, "prison": 12,
        "track_pieces": {"cells_box4": 2, "cache_box4": 1},
        "available": {"troops": 8, "police": 4, "cells": 0, "arms_caches": 4},
        "spaces": {"Haifa City": {"troops": 2, "police": 1, "underground_cells": 1},
                   "Tel Aviv-Jaffa": {"troops": 2, "police": 1}},
    })
    g.force_chance([5])                                  # Negotiate rolls a 6 (> 3)
    for a in (L.A_BOX + L.BOX_OP_SA, L.A_OP + L.OP_PATROL, L.A_SA + L.SA_NEGOTIATE):
        g.apply(a)
    assert g.state[L.HAGANAH] == 2 and g.legal_actions() == [L.A_STOP]   # no Cell left on the map
    g.apply(L.A_STOP)                                    # no Patrol space: the action is over
    assert g.current_agent == "irgun" and g.phase == "choose a box", f"dead end at {g.phase!r}"
    assert g.legal_actions()


# ------------------------------------------------- shared bot helpers (engine/bots.py) --

def _reference_open_hash(state):
    """The tie-break hash as the bots first wrote it: one SplitMix64 round per
    open field in the fixed order TIEBREAK_ORDER, skipping the dice generator,
    forced chance and undrawn cards."""
    mask64 = (1 << 64) - 1

    def mix(z):
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask64
        return z ^ (z >> 31)

    h = 0x2545F4914F6CDD1D
    drawn = int(state[L.DECK_DRAWN])
    for k, i in enumerate(L.TIEBREAK_ORDER):            # the fields in their fixed hash order
        if i == L.RNG or L.FORCED <= i < L.FORCED + 2 + L.FORCED_CAPACITY \
                or L.DECK + drawn <= i < L.DECK + DECK_SIZE:
            continue
        h = mix(h ^ (((int(state[i]) & 0xFFFFFFFF) + k * 0x9E3779B97F4A7C15) & mask64))
    return h


def test_open_hash_mixes_every_open_field_and_no_hidden_one():
    """DESIGN.md 4, 5: the bots' tie-break reads only what both players see."""
    g = Game("palestine", seed=7)
    rng = np.random.default_rng(7)
    for _ in range(40):
        g.apply(int(rng.choice(g.legal_actions())))
    s = g.state.copy()
    assert int(bots.open_hash(s)) == _reference_open_hash(s)
    base = int(bots.open_hash(s))
    hidden = s.copy()
    hidden[L.RNG] += 12345                                   # the dice generator
    hidden[L.FORCED] = 1                                     # forced chance queued
    hidden[L.FORCED + 2] = 3
    undrawn = L.DECK + int(s[L.DECK_DRAWN])
    hidden[undrawn], hidden[undrawn + 1] = s[undrawn + 1], s[undrawn]   # the undrawn cards' order
    assert int(bots.open_hash(hidden)) == base
    for field in (L.SPACES, L.POLITICAL_WILL, L.DECK + int(s[L.DECK_DRAWN]) - 1, L.STATE_SIZE - 1):
        seen = s.copy()
        seen[field] += 1
        assert int(bots.open_hash(seen)) != base, field


def _reference_top_sum(vals, k, floor, none):
    vals = list(vals)
    total = 0.0
    for _ in range(k):
        b = -1
        for s, v in enumerate(vals):
            if v > floor and (b < 0 or v > vals[b]):
                b = s
        if b < 0:
            break
        total += vals[b]
        vals[b] = none
    rest = none
    for v in vals:
        if v > rest:
            rest = v
    return total, rest


def test_top_sums_match_taking_the_largest_value_k_times():
    """Both box sizes (a Limited Operation's one space, 2.3.4, and a full
    Operation's, 3.1) from one selection pass, bit for bit as striking out the
    largest value k times; vals unchanged."""
    from britishway_env.engine.bots import top_sums
    rng = np.random.default_rng(3)
    none = -1.0e9
    for trial in range(400):
        n = int(rng.integers(1, 14))
        vals = rng.choice([none, -0.3, 0.0, 0.05, 0.1, 0.2, 0.7, 1.3, 2.0], n) + \
            (rng.normal(0, 0.01, n) if trial % 2 else 0.0)
        before = vals.copy()
        for k1, k2 in ((1, 3), (2, 4), (3, 3), (0, 2), (4, 1), (20, 2), (-1, 2), (3, -2)):
            got = top_sums(vals, k1, k2, 0.05, none)
            want = _reference_top_sum(vals, k1, 0.05, none) + _reference_top_sum(vals, k2, 0.05, none)
            assert got == want, (vals, k1, k2)
        assert np.array_equal(vals, before)
    # more values than a 64-bit mask could mark (a larger board), and a k of 0
    # and k past the values kept on the stack (engine/bots.py TOP_ON_STACK), or past every value
    vals = rng.normal(0.5, 1.0, 150)
    for k1, k2 in ((0, 5), (7, 2), (100, 3), (2, 149), (200, 400)):
        assert top_sums(vals, k1, k2, 0.05, none) == \
            _reference_top_sum(vals, k1, 0.05, none) + _reference_top_sum(vals, k2, 0.05, none)


def test_pick_takes_the_best_and_breaks_ties_by_the_open_hash():
    from britishway_env.engine.bots import tie_index
    g = Game("palestine", seed=2)
    s = g.state.copy()
    mask = np.zeros(L.N_ACTIONS, dtype=np.int8)
    scores = np.full(L.N_ACTIONS, bots.NEG)
    mask[[L.A_STOP, L.A_SPACE + 1, L.A_SPACE + 4, L.A_SPACE + 9]] = 1
    scores[[L.A_STOP, L.A_SPACE + 1, L.A_SPACE + 4, L.A_SPACE + 9]] = [0.05, 0.7, 0.3, 0.7 + 1e-12]
    scores[L.A_SPACE + 2] = 5.0                      # best, but not legal
    tied = [L.A_SPACE + 1, L.A_SPACE + 9]
    assert bots.pick(s, scores, mask) == tied[tie_index(bots.open_hash(s), 2)]
    scores[L.A_SPACE + 4] = 0.8
    assert bots.pick(s, scores, mask) == L.A_SPACE + 4
    assert bots.pick(s, scores, np.zeros(L.N_ACTIONS, dtype=np.int8)) == -1


def test_every_bot_kernel_is_compiled_once():
    """Constants reach the bots' kernels as numpy scalars: numba compiles a
    kernel once per literal argument value, which doubled the bots' compile
    time. After scripted play through the batch runner and through choose,
    every kernel of the module holds one signature."""
    import subprocess
    import sys
    script = r"""
import numpy as np
from numba.core.registry import CPUDispatcher
from britishway_env import Game, rollouts
from britishway_env.volumes.palestine import bots
rollouts.run("palestine", 20, seed=1, policies={"british": "heuristic", "irgun": "heuristic"})
g = Game("palestine", seed=1)
while not g.is_terminal():
    g.apply(bots.choose(g, "heuristic"))
mine = (bots.__name__, "britishway_env.engine.bots")
many = {name: [str(s) for s in f.signatures] for name, f in vars(bots).items()
        if isinstance(f, CPUDispatcher) and f.py_func.__module__ in mine and len(f.signatures) > 1}
print(many)
"""
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.strip().splitlines()[-1] == "{}"


def test_only_legal_names_the_single_legal_action_and_nothing_else():
    from britishway_env.engine.bots import only_legal

    mask = np.zeros(L.N_ACTIONS, dtype=np.int8)
    assert only_legal(mask) == -1
    mask[7] = 1
    assert only_legal(mask) == 7
    mask[L.N_ACTIONS - 1] = 1
    assert only_legal(mask) == -1


def test_bots_answer_a_single_legal_action_with_it():
    """A position with one legal action is answered without scoring (a scored
    pick could only name that action; the golden record checks that every bot
    choice is unchanged)."""
    mask = np.zeros(L.N_ACTIONS, dtype=np.int8)
    seen = 0
    for seed in range(6):
        g = Game("palestine", seed=seed)
        while not g.is_terminal():
            T.legal_mask(g.state, mask)
            a = int(bots.bot_action(g.state, mask, int(T.actor(g.state)), bots.new_memo()))
            if mask.sum() == 1:
                seen += 1
                assert a == int(np.flatnonzero(mask)[0])
            g.apply(a)
    assert seen > 50


def test_each_factions_bot_kernel_is_bot_action_for_that_faction():
    """`irgun_action` / `british_action` (what `choose` calls, compiled side by
    side) choose as `bot_action` does and leave the game's memo as it does."""
    mask = np.zeros(L.N_ACTIONS, dtype=np.int8)
    for seed in range(4):
        g = Game("palestine", seed=seed)
        joined, alone = bots.new_memo(), bots.new_memo()
        while not g.is_terminal():
            T.legal_mask(g.state, mask)
            f = int(T.actor(g.state))
            faction_bot = bots.irgun_action if f == L.IRGUN else bots.british_action
            a = int(bots.bot_action(g.state, mask, f, joined))
            assert int(faction_bot(g.state, mask, alone, np.full(L.N_ACTIONS, bots.NEG))) == a
            assert np.array_equal(joined, alone)
            assert bots.choose(g, "heuristic") == a
            g.apply(a)


def test_operation_decision_reuses_the_box_decisions_values_with_the_same_choice():
    """A bot that takes an Operation box (2.3.2, 2.3.4) keeps each Operation's
    value in the game's memo; the Operation decision right after reads them
    instead of valuing the board again, and chooses what a fresh valuation
    chooses (taking the box changes only the track, the acting seat and the
    Limited flag, which no Operation value reads)."""
    from britishway_env.engine.coin.bots import MEMO_SEAT

    mask = np.zeros(L.N_ACTIONS, dtype=np.int8)
    reused = 0
    for seed in range(40):
        state = np.zeros(L.STATE_SIZE, dtype=np.int64)
        T.new_game(state, np.int64(seed))
        memo = bots.new_memo()
        while not T.is_over(state):
            T.legal_mask(state, mask)
            f = int(T.actor(state))
            if T.pending(state) == L.D_OPERATION and memo[MEMO_SEAT] == f + 1 and mask.sum() > 1:
                reused += 1
                fresh = int(bots.bot_action(state.copy(), mask.copy(), f, bots.new_memo()))
                a = int(bots.bot_action(state, mask, f, memo))
                assert a == fresh
                assert memo[MEMO_SEAT] == 0          # good for one decision only
            else:
                a = int(bots.bot_action(state, mask, f, memo))
            T.apply(state, a)
    assert reused > 100


def test_a_kept_memo_serves_only_the_operation_decision_of_its_own_seat():
    """Values kept for one seat are ignored by the other seat's Operation
    decision and dropped by any other decision."""
    from britishway_env.engine.coin.bots import MEMO_FULL, MEMO_LIMITED, MEMO_SEAT

    mask = np.zeros(L.N_ACTIONS, dtype=np.int8)
    g = Game("palestine", seed=3)
    op_seen = other_seen = 0
    while not g.is_terminal() and not (op_seen and other_seen):
        T.legal_mask(g.state, mask)
        f = int(T.actor(g.state))
        fresh = int(bots.bot_action(g.state.copy(), mask.copy(), f, bots.new_memo()))
        if mask.sum() > 1:
            memo = bots.new_memo()
            memo[MEMO_SEAT] = (1 - f) + 1                     # kept for the other seat
            memo[MEMO_LIMITED:MEMO_FULL + 8] = np.arange(16)[::-1] * 100.0
            assert int(bots.bot_action(g.state.copy(), mask.copy(), f, memo)) == fresh
            # afterwards the memo holds nothing, or this seat's box values
            assert memo[MEMO_SEAT] == (f + 1 if T.pending(g.state) == L.D_BOX
                                       and fresh in (L.A_BOX + L.BOX_LIMITED, L.A_BOX + L.BOX_OP_SA) else 0)
            if T.pending(g.state) == L.D_OPERATION:
                op_seen += 1
            elif T.pending(g.state) != L.D_BOX:
                other_seen += 1
        g.apply(fresh)
    assert op_seen and other_seen
