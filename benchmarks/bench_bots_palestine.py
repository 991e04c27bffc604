"""Where the Palestine scripted bots spend their time, decision kind by
decision kind, against the rules' own cost per decision.

    python benchmarks/bench_bots_palestine.py                 # 300 games, table to stdout
    python benchmarks/bench_bots_palestine.py --write docs/results/benchmarks.md
    python benchmarks/bench_bots_palestine.py --quick         # 10 games (smoke test)

It plays ``--games`` games with the scripted bots in both seats through the
compiled rules (``turns.legal_mask``, ``bots.bot_action``, ``turns.apply``),
keeping every position a bot decided. It then times, position by position, the bot's
choice (``bot_action``), the legal mask and the rules' move (``apply``), each
called from Python, in ``--repeat`` passes that take every measurement in
turn, a slice of the positions at a time (the machine's speed drifts); the
cost of one call into numba (a compiled function that does nothing, same
arguments) is measured the same way and taken off. Those per-decision figures
are a map of where the bots' time goes.

The aim's budget (a scripted game at most 3x the time of a random game,
bench_rollouts_palestine.py) is measured without Python in the way: one
compiled call plays the random games, one replays the scripted games' actions
through the rules alone, one hashes every scripted position with the bots'
tie-break (``bots.open_hash``). The ties are counted by replaying the same
games with ``NUMBA_DISABLE_JIT=1`` in a second process (the kernels as plain
Python, so ``open_hash`` can be counted; the bots' choices are checked to be
the same as the compiled bots').

``--write`` replaces only the section headed ``# Benchmarks: Palestine scripted bots``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from numba import njit  # noqa: E402

from britishway_env.engine.policy import uniform_legal  # noqa: E402
from britishway_env.engine.rng import seed_from  # noqa: E402
from britishway_env.volumes.palestine import bots, turns  # noqa: E402
from britishway_env.volumes.palestine.layout import DECISION_NAMES, N_ACTIONS, RNG, STATE_SIZE  # noqa: E402
from common import command_line, cpu_model, loadavg, write_section  # noqa: E402

SECTION_HEADING = "# Benchmarks: Palestine scripted bots"
SEED = 7
AIM_BOTS_RATIO = 3.0


@njit
def _nothing(state, mask, faction):
    return faction


def play(games: int):
    """Positions the scripted bots decided in ``games`` games from SEED:
    (state, mask, faction, kind, the game's bot memo before the decision, a
    working copy of it, the action played, the game's number) each."""
    out = []
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    for g in range(games):
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        memo = bots.new_memo()
        turns.new_game(state, seed_from(SEED, g))
        while not turns.is_over(state):
            turns.legal_mask(state, mask)
            faction = int(turns.actor(state))
            before = memo.copy()
            a = int(bots.bot_action(state, mask, faction, memo))
            out.append((state.copy(), mask.copy(), faction, int(turns.pending(state)), before, before.copy(), a, g))
            turns.apply(state, a)
    return out


@njit
def _random_games(seeds, stream):
    """Uniform random play of a game from each seed, all in one compiled
    call; returns the decisions taken."""
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    decisions = 0
    for g in range(seeds.shape[0]):
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        turns.new_game(state, seeds[g])
        while not turns.is_over(state):
            turns.legal_mask(state, mask)
            turns.apply(state, uniform_legal(mask, stream))
            decisions += 1
    return decisions


@njit
def _replay(seeds, starts, actions):
    """The scripted games' rules alone: each game's recorded actions replayed
    (legal mask and move, no bot), all in one compiled call."""
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    for g in range(seeds.shape[0]):
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        turns.new_game(state, seeds[g])
        for i in range(starts[g], starts[g + 1]):
            turns.legal_mask(state, mask)
            turns.apply(state, actions[i])


@njit
def _scripted_games(seeds):
    """The scripted bots in both seats, a game from each seed, all in one
    compiled call (a bot memo per game, as the batch runner keeps)."""
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    for g in range(seeds.shape[0]):
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        memo = np.zeros(bots.MEMO_SIZE)
        turns.new_game(state, seeds[g])
        while not turns.is_over(state):
            turns.legal_mask(state, mask)
            turns.apply(state, bots.bot_action(state, mask, turns.actor(state), memo))


HASH_REPEAT = 4   # each position hashed this many times from a row in cache, as a bot hashes its own


@njit
def _hash_all(states):
    """The tie-break hash of every row of ``states``, HASH_REPEAT times each
    from a copy in cache, in one compiled call. The copy's dice-generator
    field changes before each hash: the hash skips it (hidden information), so
    the value is the same, but the compiler cannot reuse one hash for all."""
    row = np.empty(states.shape[1], dtype=np.int64)
    h = np.uint64(0)
    for i in range(states.shape[0]):
        row[:] = states[i]
        for k in range(HASH_REPEAT):
            row[RNG] = k
            h ^= bots.open_hash(row)
    return h


def compiled_costs(scripted, games: int, repeat: int) -> dict:
    """Seconds, measured in compiled loops on one thread (no Python call per
    decision, so no call overhead to take off): per game, a random game, a
    scripted game, and the rules of a scripted game (its actions replayed
    without the bots); one tie-break hash (over the scripted positions). The
    fastest of ``repeat`` rounds, each taking the four in turn."""
    seeds = np.array([seed_from(SEED, g) for g in range(games)], dtype=np.int64)
    starts = np.zeros(games + 1, dtype=np.int64)
    game = -1
    for i, p in enumerate(scripted):
        if p[7] != game:
            game = p[7]
            starts[game] = i
    starts[games] = len(scripted)
    actions = np.array([p[6] for p in scripted], dtype=np.int64)
    states = np.stack([p[0] for p in scripted])
    _random_games(seeds[:1], np.array([SEED], dtype=np.int64))      # compile outside the timing
    _replay(seeds[:1], starts[:2], actions)
    _hash_all(states[:1])
    _scripted_games(seeds[:1])
    random_decisions = _random_games(seeds, np.array([SEED], dtype=np.int64))   # the same games each round
    best = {"random": float("inf"), "replay": float("inf"), "hash": float("inf"), "scripted": float("inf")}
    for _ in range(repeat):
        for name, run in (("random", lambda: _random_games(seeds, np.array([SEED], dtype=np.int64))),
                          ("replay", lambda: _replay(seeds, starts, actions)),
                          ("hash", lambda: _hash_all(states)),
                          ("scripted", lambda: _scripted_games(seeds))):
            t0 = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - t0)
    return {"random_game": best["random"] / games, "random_decisions": random_decisions / games,
            "scripted_rules": best["replay"] / games,
            "hash_call": best["hash"] / (HASH_REPEAT * len(scripted)), "scripted_game": best["scripted"] / games}


def count_ties(games: int) -> dict:
    """Replay ``games`` scripted games from SEED with the kernels as plain
    Python (this process must run with ``NUMBA_DISABLE_JIT=1``) and count the
    calls of the tie-break hash: ``{"decisions", "hash_calls", "actions"}``,
    ``actions`` a digest of every choice, to compare with the compiled bots'."""
    calls = [0]
    hashed = bots.open_hash

    def counted(state):
        calls[0] += 1
        return hashed(state)

    bots.open_hash = counted   # bots.pick looks it up at each call when nothing is compiled
    actions = []
    for g in range(games):
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        memo = bots.new_memo()
        mask = np.zeros(N_ACTIONS, dtype=np.int8)
        turns.new_game(state, seed_from(SEED, g))
        while not turns.is_over(state):
            turns.legal_mask(state, mask)
            a = int(bots.bot_action(state, mask, int(turns.actor(state)), memo))
            actions.append(a)
            turns.apply(state, a)
    return {"decisions": len(actions), "hash_calls": calls[0], "actions": action_digest(actions)}


def counted_ties(games: int) -> dict:
    """:func:`count_ties` in a fresh process with ``NUMBA_DISABLE_JIT=1``."""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    proc = subprocess.run([sys.executable, "-W", "ignore", __file__, "--count-ties", str(games)],
                          env=env, capture_output=True, text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def action_digest(actions) -> int:
    """The digest :func:`count_ties` makes of a sequence of choices."""
    digest = 0
    for a in actions:
        digest = (digest * 1000003 + int(a)) % (1 << 61)
    return digest


CHUNKS = 50   # each pass takes every task in turn this many times, a slice of its items each


def per_call(tasks: dict, repeat: int) -> dict:
    """Seconds of one call of ``fn(item)`` for each item of each task
    (``name: (fn, items)`` or ``(fn, items, reset)``): the median of ``repeat``
    passes. A pass cuts every task's items into CHUNKS slices and takes the
    tasks in turn slice by slice, so that drift in the machine's speed hits
    them alike; ``reset(slice)`` runs, untimed, before a task's slice."""
    passes = {name: [] for name in tasks}
    for _ in range(repeat):
        times = {name: [] for name in tasks}
        for k in range(CHUNKS):
            for name, (fn, items, *reset) in tasks.items():
                part = items[k * len(items) // CHUNKS:(k + 1) * len(items) // CHUNKS]
                if reset:
                    reset[0](part)
                for item in part:
                    t0 = time.perf_counter()
                    fn(item)
                    times[name].append(time.perf_counter() - t0)
        for name in tasks:
            passes[name].append(times[name])
    return {name: [statistics.median(ts) for ts in zip(*runs)] for name, runs in passes.items()}


def timings(scripted, repeat: int):
    """Per scripted position: (bot, legal mask, apply) seconds, each
    called from Python; the cost of one call into numba, taken off every call
    timed."""
    _nothing(scripted[0][0], scripted[0][1], 0)          # compile the yardstick
    scratch = np.zeros(STATE_SIZE, dtype=np.int64)
    mask = np.zeros(N_ACTIONS, dtype=np.int8)

    def reset(positions):
        """Each bot call starts from its game's memo as it stood (a call may use and clear it)."""
        for p in positions:
            p[5][:] = p[4]

    def bot_then_apply(p):
        scratch[:] = p[0]
        turns.apply(scratch, int(bots.bot_action(p[0], p[1], p[2], p[5])))

    t = per_call({
        "call": (lambda p: _nothing(p[0], p[1], p[2]), scripted),
        "bot": (lambda p: bots.bot_action(p[0], p[1], p[2], p[5]), scripted, reset),
        "legal": (lambda p: turns.legal_mask(p[0], mask), scripted),
        "bot_apply": (bot_then_apply, scripted, reset),
        "copy": (lambda p: scratch.__setitem__(slice(None), p[0]), scripted),
    }, repeat)
    call = statistics.median(t["call"])
    net = lambda x: max(0.0, x - call)  # noqa: E731
    per_position = [(net(b), net(m), net(ab - c - b))
                    for b, m, ab, c in zip(t["bot"], t["legal"], t["bot_apply"], t["copy"])]
    return per_position, call


def report(games: int, repeat: int) -> str:
    scripted = play(games)
    ties = counted_ties(games)
    same_choices = ties["decisions"] == len(scripted) and ties["actions"] == action_digest(p[6] for p in scripted)
    t, overhead = timings(scripted, repeat)
    kinds = defaultdict(lambda: [0, 0.0, 0.0])
    for (state, mask, faction, kind, *_), (b, m, a) in zip(scripted, t):
        row = kinds[(kind, faction)]
        row[0] += 1
        row[1] += b
        row[2] += m + a
    bot_game = sum(r[1] for r in kinds.values()) / games
    us = 1e6
    lines = [
        SECTION_HEADING,
        "",
        f"{games:,} games with the scripted bots in both seats from seeds {SEED}/0..{games - 1}, "
        f"replayed position by position (median of {repeat} timed pass{'es' if repeat > 1 else ''}, each taking "
        f"every measurement in turn, {CHUNKS} slices of the positions each; one call into numba, "
        f"{overhead * us:.2f} µs, taken off each). {time.strftime('%Y-%m-%d')}, {cpu_model()}, "
        f"load average {loadavg()}; `{command_line()}`.",
        "",
        "| decision | seat | per game | bot µs / decision | bot µs / game | share of bot time | rules µs / decision |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for i, ((kind, faction), (n, b, r)) in enumerate(sorted(kinds.items(), key=lambda kv: -kv[1][1])):
        if b / games < 0.5 and i >= 12:
            continue
        lines.append(f"| {DECISION_NAMES[kind]} | {('british', 'irgun')[faction]} | {n / games:.1f} "
                     f"| {b / n * us:.2f} | {b / games * us:.1f} | {b / games / bot_game:.0%} | {r / n * us:.2f} |")
    n_scripted = len(scripted) / games
    costs = compiled_costs(scripted, games, repeat)
    rand_c, rules_c, hash_c = costs["random_game"], costs["scripted_rules"], costs["hash_call"]
    scripted_c = costs["scripted_game"]
    bots_c = max(0.0, scripted_c - rules_c)
    n_random = costs["random_decisions"]
    budget_c = AIM_BOTS_RATIO * rand_c - rules_c
    hashes_c = ties["hash_calls"] / games * hash_c
    lines += [
        "",
        "Decisions with less than 0.5 µs of bot time per game are left out after the first 12 rows.",
        "",
        "| per game | scripted game | random game |",
        "|---|---:|---:|",
        f"| decisions | {n_scripted:.1f} | {n_random:.1f} |",
        f"| rules (legal mask + move: a scripted game's actions replayed alone) | {rules_c * us:.1f} µs "
        f"| {rand_c * us:.1f} µs |",
        f"| bot choices (the whole game less its rules) | {bots_c * us:.1f} µs | - |",
        f"| whole game | {scripted_c * us:.1f} µs | {rand_c * us:.1f} µs |",
        "",
        "Each figure one compiled call over all the games (one thread, the fastest of "
        f"{repeat}; no Python per decision), so these are the compiled loop's speed; the per-decision "
        "table above, timed call by call from Python, is a map of where the bots' time goes "
        f"(it sums to {bot_game * us:.1f} µs of bot time per game).",
        "",
        f"- A scripted game costs {scripted_c / rand_c:.1f}x a random one here "
        f"(the rules alone: {rules_c / rand_c:.1f}x, with {n_scripted / n_random:.2f}x as many decisions).",
        "",
        "The aim's budget and the tie-break's share of it, compiled as above:",
        "",
        "| per game | µs | random games |",
        "|---|---:|---:|",
        f"| a random game (uniform random play, the same seeds) | {rand_c * us:.1f} | 1.00 |",
        f"| the rules of a scripted game (its actions replayed, no bot) | {rules_c * us:.1f} | {rules_c / rand_c:.2f} |",
        f"| what the {AIM_BOTS_RATIO:.0f}x aim leaves the bots | {max(0.0, budget_c) * us:.1f} "
        f"| {max(0.0, budget_c) / rand_c:.2f} |",
        f"| what the bots take now | {bots_c * us:.1f} | {bots_c / rand_c:.2f} |",
        f"| the tie-break hashes ({ties['hash_calls'] / games:.1f} a game, {hash_c * us:.2f} µs each) "
        f"| {hashes_c * us:.1f} | {hashes_c / rand_c:.2f} |",
        "",
        f"- {ties['hash_calls'] / ties['decisions']:.0%} of the bots' decisions tie and take the hash "
        f"(`open_hash`, one serial chain over the open fields): "
        + (f"{hashes_c / budget_c:.0%} of what the {AIM_BOTS_RATIO:.0f}x aim leaves the bots"
           if budget_c > 0 else f"the rules alone exceed {AIM_BOTS_RATIO:.0f}x")
        + (". Which action a tie picks is part of the bots' choices (the golden record), so this part cannot "
           "be made cheaper with the choices unchanged."
           if same_choices else
           ". (The plain-Python replay that counts the ties chose differently from the compiled bots: "
           "the count is not exact.)"),
    ]
    return "\n".join(lines) + "\n"


def main(argv=None) -> str:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="games per policy (default 300)")
    ap.add_argument("--repeat", type=int, default=3, help="timed passes over the positions (default 3)")
    ap.add_argument("--quick", action="store_true", help="10 games, 1 pass (smoke test)")
    ap.add_argument("--write", type=Path, help="replace this report's section in PATH")
    ap.add_argument("--count-ties", type=int, metavar="GAMES", help=argparse.SUPPRESS)   # counted_ties' process
    args = ap.parse_args(argv)
    if args.count_ties is not None:
        print(json.dumps(count_ties(args.count_ties)))
        return ""
    games, repeat = (10, 1) if args.quick else (args.games, args.repeat)
    if games < 1 or repeat < 1:
        ap.error("--games and --repeat must be at least 1")
    text = report(games, repeat)
    print(text)
    if args.write:
        write_section(args.write, SECTION_HEADING, text)
    return text


if __name__ == "__main__":
    main()
