"""Where the Palestine scripted bots spend their time, decision kind by
decision kind, against the rules' own cost per decision.

    python benchmarks/bench_bots_palestine.py                 # 300 games, table to stdout
    python benchmarks/bench_bots_palestine.py --write docs/results/benchmarks.md
    python benchmarks/bench_bots_palestine.py --quick         # 10 games (smoke test)

It plays ``--games`` games with the scripted bots in both seats through the
compiled rules (``turns.legal_mask``, ``bots.bot_action``, ``turns.apply``),
keeping every position a bot decided, and as many random games from the same
seeds. It then times, position by position, the bot's choice
(``bot_action``), the legal mask and the rules' move (``apply``), and the
tie-break hash (``bots.open_hash``, taken only when scores tie), each called
from Python, in ``--repeat`` passes that take every measurement in turn (the
machine's speed drifts); the cost of one call into numba (a compiled function
that does nothing, same arguments) is measured the same way and taken off.
Figures are per decision and per game; the last table says how much bot time
per game the rollouts' aim (a scripted game at most 3x the time of a random
game, bench_rollouts_palestine.py) leaves, and how much of it the tie-break
hash alone takes: the ties are counted by replaying the same games with
``NUMBA_DISABLE_JIT=1`` in a second process (the kernels as plain Python, so
``open_hash`` can be counted; the bots' choices are checked to be the same).

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

from britishway_env.engine.rng import seed_from  # noqa: E402
from britishway_env.volumes.palestine import bots, turns  # noqa: E402
from britishway_env.volumes.palestine.layout import DECISION_NAMES, N_ACTIONS, STATE_SIZE  # noqa: E402
from common import command_line, cpu_model, loadavg, write_section  # noqa: E402

SECTION_HEADING = "# Benchmarks: Palestine scripted bots"
SEED = 7
AIM_BOTS_RATIO = 3.0


@njit
def _nothing(state, mask, faction):
    return faction


def play(games: int, scripted: bool):
    """Positions decided in ``games`` games from SEED: (state, mask, faction,
    kind, the game's bot memo before the decision, a working copy of it, the
    action played) each."""
    out = []
    rng = np.random.default_rng(SEED)
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    for g in range(games):
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        memo = bots.new_memo()
        turns.new_game(state, seed_from(SEED, g))
        while not turns.is_over(state):
            turns.legal_mask(state, mask)
            faction = int(turns.actor(state))
            before = memo.copy()
            if scripted:
                a = int(bots.bot_action(state, mask, faction, memo))
            else:
                a = int(rng.choice(np.flatnonzero(mask)))
            out.append((state.copy(), mask.copy(), faction, int(turns.pending(state)), before, before.copy(), a))
            turns.apply(state, a)
    return out


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


def per_call(tasks: dict, repeat: int, reset=None) -> dict:
    """Seconds of one call of ``fn(item)`` for each item of each task
    (``name: (fn, items)``): the median of ``repeat`` passes, each pass taking
    every task in turn, so that drift in the machine's speed hits them alike;
    ``reset()`` runs, untimed, before each task's pass."""
    passes = {name: [] for name in tasks}
    for _ in range(repeat):
        for name, (fn, items) in tasks.items():
            if reset:
                reset()
            times = []
            for item in items:
                t0 = time.perf_counter()
                fn(item)
                times.append(time.perf_counter() - t0)
            passes[name].append(times)
    return {name: [statistics.median(ts) for ts in zip(*runs)] for name, runs in passes.items()}


def timings(scripted, randoms, repeat: int):
    """Per scripted position: (bot, legal mask, apply, hash) seconds; the rules'
    seconds (legal mask + apply) summed over the random positions; the cost of
    one call into numba. The call cost is taken off every call timed."""
    _nothing(scripted[0][0], scripted[0][1], 0)          # compile the yardstick
    scratch = np.zeros(STATE_SIZE, dtype=np.int64)
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    rng = np.random.default_rng(SEED)
    moves = [(p[0], int(rng.choice(np.flatnonzero(p[1])))) for p in randoms]

    def reset():
        """Each bot call starts from its game's memo as it stood (a call may use and clear it)."""
        for p in scripted:
            p[5][:] = p[4]

    def bot_then_apply(p):
        scratch[:] = p[0]
        turns.apply(scratch, int(bots.bot_action(p[0], p[1], p[2], p[5])))

    def apply_random(m):
        scratch[:] = m[0]
        turns.apply(scratch, m[1])

    t = per_call({
        "call": (lambda p: _nothing(p[0], p[1], p[2]), scripted),
        "bot": (lambda p: bots.bot_action(p[0], p[1], p[2], p[5]), scripted),
        "legal": (lambda p: turns.legal_mask(p[0], mask), scripted),
        "bot_apply": (bot_then_apply, scripted),
        "copy": (lambda p: scratch.__setitem__(slice(None), p[0]), scripted),
        "hash": (lambda p: bots.open_hash(p[0]), scripted),
        "random_legal": (lambda p: turns.legal_mask(p[0], mask), randoms),
        "random_apply": (apply_random, moves),
        "random_copy": (lambda m: scratch.__setitem__(slice(None), m[0]), moves),
    }, repeat, reset)
    call = statistics.median(t["call"])
    net = lambda x: max(0.0, x - call)  # noqa: E731
    per_position = [(net(b), net(m), net(ab - c - b), net(h))
                    for b, m, ab, c, h in zip(t["bot"], t["legal"], t["bot_apply"], t["copy"], t["hash"])]
    random_rules = sum(net(m) + net(a - c) for m, a, c in zip(t["random_legal"], t["random_apply"], t["random_copy"]))
    return per_position, random_rules, call


def report(games: int, repeat: int) -> str:
    scripted = play(games, True)
    randoms = play(games, False)
    ties = counted_ties(games)
    same_choices = ties["decisions"] == len(scripted) and ties["actions"] == action_digest(p[6] for p in scripted)
    t, rand_rules, overhead = timings(scripted, randoms, repeat)
    rand_rules /= games
    kinds = defaultdict(lambda: [0, 0.0, 0.0, 0.0])
    for (state, mask, faction, kind, _, _, _), (b, m, a, h) in zip(scripted, t):
        row = kinds[(kind, faction)]
        row[0] += 1
        row[1] += b
        row[2] += m + a
        row[3] += h
    bot_game = sum(r[1] for r in kinds.values()) / games
    rules_game = sum(r[2] for r in kinds.values()) / games
    hash_call = statistics.median(x[3] for x in t)
    us = 1e6
    lines = [
        SECTION_HEADING,
        "",
        f"{games:,} games with the scripted bots in both seats and {games:,} random games from the same seeds, "
        f"replayed position by position (median of {repeat} timed pass{'es' if repeat > 1 else ''}, each taking "
        f"every measurement in turn; one call into numba, "
        f"{overhead * us:.2f} µs, taken off each). {time.strftime('%Y-%m-%d')}, {cpu_model()}, "
        f"load average {loadavg()}; `{command_line()}`.",
        "",
        "| decision | seat | per game | bot µs / decision | bot µs / game | share of bot time | rules µs / decision |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for i, ((kind, faction), (n, b, r, _)) in enumerate(sorted(kinds.items(), key=lambda kv: -kv[1][1])):
        if b / games < 0.5 and i >= 12:
            continue
        lines.append(f"| {DECISION_NAMES[kind]} | {('british', 'irgun')[faction]} | {n / games:.1f} "
                     f"| {b / n * us:.2f} | {b / games * us:.1f} | {b / games / bot_game:.0%} | {r / n * us:.2f} |")
    n_scripted = len(scripted) / games
    n_random = len(randoms) / games
    budget = AIM_BOTS_RATIO * rand_rules - rules_game
    lines += [
        "",
        "Decisions with less than 0.5 µs of bot time per game are left out after the first 12 rows.",
        "",
        "| per game | scripted game | random game |",
        "|---|---:|---:|",
        f"| decisions | {n_scripted:.1f} | {n_random:.1f} |",
        f"| rules (legal mask + move) | {rules_game * us:.1f} µs | {rand_rules * us:.1f} µs |",
        f"| bot choices | {bot_game * us:.1f} µs | - |",
        f"| total | {(rules_game + bot_game) * us:.1f} µs | {rand_rules * us:.1f} µs |",
        "",
        f"- A scripted game costs {(rules_game + bot_game) / rand_rules:.1f}x a random one here "
        f"(the rules alone: {rules_game / rand_rules:.1f}x, from {n_scripted / n_random:.2f}x as many decisions).",
        f"- The {AIM_BOTS_RATIO:.0f}x aim leaves the bots {max(0.0, budget) * us:.1f} µs per game: "
        f"{bot_game / budget:.1f}x less than they take now." if budget > 0 else
        f"- The rules of a scripted game alone exceed {AIM_BOTS_RATIO:.0f}x a random game.",
        f"- The tie-break hash (`open_hash`, taken only on tied scores) costs {hash_call * us:.2f} µs a call; "
        f"{ties['hash_calls'] / ties['decisions']:.0%} of the decisions take it, {ties['hash_calls'] / games:.1f} "
        f"per game: {ties['hash_calls'] / games * hash_call * us:.1f} µs per game"
        + (f", {ties['hash_calls'] / games * hash_call / budget:.0%} of what the {AIM_BOTS_RATIO:.0f}x aim leaves "
           f"the bots" if budget > 0 else "")
        + (". Which action a tie picks is part of the bots' choices (the golden record), so this part cannot "
           "be made cheaper with the choices unchanged (the hash is one serial chain over the open fields)."
           if same_choices else
           ". (The plain-Python replay that counts the ties chose differently from the compiled bots: "
           "the count is not exact.)"),
        "- Per-call timing from Python: the figures are a map of where the time goes, not the compiled "
        "loop's speed (bench_rollouts_palestine.py measures that).",
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
