"""Time to play a million Palestine (or Cyprus, or Arab Revolt) games per policy pair, through the
public rollout API that balance analysts use.

    python benchmarks/bench_rollouts_palestine.py                 # 1,000,000 games per pair, table to stdout
    python benchmarks/bench_rollouts_palestine.py --write docs/results/benchmarks.md
    python benchmarks/bench_rollouts_palestine.py --quick         # 2,000 games per pair (smoke test)
    python benchmarks/bench_rollouts_palestine.py --pairs random/random,heuristic/heuristic
    python benchmarks/bench_rollouts_palestine.py --cold-compile  # also the bots' cold compile
    python benchmarks/bench_rollouts_palestine.py --volume cyprus --write docs/results/benchmarks.md

For each pair (random/random, heuristic/random, random/heuristic,
heuristic/heuristic) it times ``rollouts.run("palestine", N, ...)`` on all
numba threads, split into the compiled play (``volumes.palestine.rollouts.play``)
and the building of the one-row-per-game table, after a warm-up that loads or
compiles the kernels (timed separately). The pairs are timed side by side in
the same run: ``--rounds`` rounds, each playing its share of the games of
every pair in turn, so that drift in the machine's speed hits them alike.
The random pair is the yardstick: the report gives each pair's play time and
total time as a ratio to it (the scripted bots aim at most 3x the play time
of random play), and the Irgun win rate with its Wilson 95% interval as a
sanity check. ``--volume cyprus`` does the same for Cyprus (seats british and
eoka), ``--volume arab_revolt`` for Arab Revolt (british and rebels), each in a
section of its own next to Palestine's.

``--cold-compile`` also times, with a fresh ``NUMBA_CACHE_DIR``, the first
heuristic game after the rules are cached: one process plays a random game
through ``Game`` (compiling the rules), the next plays one scripted game
through ``bots.choose`` (compiling the bots alone), a third its first batch
game (the batch runner and invariant checks), and a fourth the scripted game
again (loading the bots from the cache).

``--write`` replaces only the section headed ``# Benchmarks: <Volume> rollouts``.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numba  # noqa: E402

from britishway_env.engine.stats import wilson_interval  # noqa: E402
from britishway_env.registry import coin_volume_names, spec  # noqa: E402
from britishway_env.rollouts import check_policy_name  # noqa: E402
from common import command_line, cpu_model, fmt_rate, fmt_s, loadavg, write_section  # noqa: E402

VOLUMES = coin_volume_names()
PAIRS = (("random", "random"), ("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic"))
SEED = 1_000_000
AIM_BOTS_RATIO = 3.0      # Palestine's heuristic/heuristic play time over random/random play time

# --cold-compile: each step runs in its own process with one fresh NUMBA_CACHE_DIR.
_COLD_STEPS = (
    ("rules", "a random game through `Game` (rules compile)", r"""
import numpy as np
from britishway_env import Game
g = Game("{volume}", seed=3)
rng = np.random.default_rng(3)
while not g.is_terminal():
    g.apply(int(rng.choice(g.legal_actions())))
"""),
    ("bots", "first scripted game through `bots.choose` after the rules are cached (bots compile)", r"""
from britishway_env import Game
from britishway_env.volumes.{volume}.bots import choose
g = Game("{volume}", seed=3)
while not g.is_terminal():
    g.apply(choose(g, "heuristic"))
"""),
    ("batch", "first heuristic/heuristic batch game after rules and bots are cached (batch runner, invariants)", r"""
from britishway_env.volumes.{volume} import rollouts as pr
pr.ROLLOUTS.play(1, 3, {{seat: "heuristic" for seat in pr.ROLLOUTS.seats}})
"""),
    ("bots_warm", "the scripted game again (bots loaded from the cache)", r"""
from britishway_env import Game
from britishway_env.volumes.{volume}.bots import choose
g = Game("{volume}", seed=3)
while not g.is_terminal():
    g.apply(choose(g, "heuristic"))
"""),
)
_TIMED = r"""
import json, time
t0 = time.perf_counter()
exec(compile({body!r}, "<cold step>", "exec"))
print(json.dumps({{"s": time.perf_counter() - t0}}))
"""


def cold_compile(volume: str) -> list[tuple[str, str, float]]:
    """(step, what, seconds) of each ``_COLD_STEPS`` process, with one fresh numba cache."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p)
    out = []
    with tempfile.TemporaryDirectory(prefix="numba-cold-") as cache_dir:
        env["NUMBA_CACHE_DIR"] = cache_dir
        for step, what, body in _COLD_STEPS:
            code = _TIMED.format(body=body.replace("{volume}", volume).replace("{{", "{").replace("}}", "}"))
            proc = subprocess.run([sys.executable, "-c", code], env=env, cwd=REPO,
                                  capture_output=True, text=True, timeout=900)
            if proc.returncode != 0:
                raise RuntimeError(f"cold compile step {step!r} failed:\n{proc.stderr[-4000:]}")
            out.append((step, what, json.loads(proc.stdout.strip().splitlines()[-1])["s"]))
    return out


def _runner(volume: str):
    """The volume's rollouts (its ``CoinRollouts``): seats, play, table."""
    return spec(volume).runner_module.ROLLOUTS


def warm_up(volume: str, british: str, insurgent: str) -> float:
    pr = _runner(volume)
    t0 = time.perf_counter()
    pr.play(64, SEED, dict(zip(pr.seats, (british, insurgent))))     # cache load or compile
    return time.perf_counter() - t0


def measure(volume: str, games: int, british: str, insurgent: str, seed: int = SEED) -> dict:
    pr = _runner(volume)
    policies = dict(zip(pr.seats, (british, insurgent)))
    t0 = time.perf_counter()
    results = pr.play(games, seed, policies)
    t1 = time.perf_counter()
    df = pr.table(seed, results, policies)
    t2 = time.perf_counter()
    return {"play_s": t1 - t0, "table_s": t2 - t1, "total_s": t2 - t0,
            "wins": int((df["winner"] == pr.seats[1]).sum()), "decisions": int(df["decisions"].sum())}


def measure_pairs(volume: str, games: int, pairs, rounds: int) -> list[dict]:
    """Every pair's ``games``, played in ``rounds`` rounds that take the pairs in
    turn (each round its own seeds), after every pair's warm-up."""
    rows = [{"british": b, "insurgent": i, "warm_up_s": warm_up(volume, b, i), "play_s": 0.0, "table_s": 0.0,
             "total_s": 0.0, "wins": 0, "decisions": 0} for b, i in pairs]
    sizes = [games // rounds + (1 if r < games % rounds else 0) for r in range(rounds)]
    for r, n in enumerate(sizes):
        if n == 0:
            continue
        for row in rows:
            print(f"... round {r + 1}/{rounds}: {n:,} games british={row['british']} insurgent={row['insurgent']}",
                  file=sys.stderr, flush=True)
            m = measure(volume, n, row["british"], row["insurgent"], SEED + r)
            for k in ("play_s", "table_s", "total_s", "wins", "decisions"):
                row[k] += m[k]
    for row in rows:
        row["insurgent_rate"] = row["wins"] / games
        row["ci"] = wilson_interval(row["wins"], games)
    return rows


def main(argv=None) -> str:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--volume", choices=VOLUMES, default="palestine", help="the COIN volume (default palestine)")
    ap.add_argument("--games", type=int, default=1_000_000, help="games per policy pair")
    ap.add_argument("--quick", action="store_true", help="2,000 games per pair (smoke test)")
    ap.add_argument("--write", type=Path, help="replace this report's section in PATH")
    ap.add_argument("--pairs", default=",".join(f"{b}/{i}" for b, i in PAIRS),
                    help="british/insurgent policy pairs, comma-separated (the first is the yardstick)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds taking the pairs in turn (default 3)")
    ap.add_argument("--cold-compile", action="store_true",
                    help="also time the bots' cold compile in fresh processes (a fresh NUMBA_CACHE_DIR)")
    args = ap.parse_args(argv)
    games = 2_000 if args.quick else args.games
    if games < 1 or args.rounds < 1:
        ap.error("--games and --rounds must be at least 1")
    pairs = [tuple(p.split("/")) for p in args.pairs.split(",")]
    for pair in pairs:
        if len(pair) != 2:
            ap.error("--pairs: write british/insurgent pairs, e.g. random/random,heuristic/heuristic "
                     f"(got {'/'.join(pair)!r})")
        for name in pair:
            check_policy_name(spec(args.volume), name)
    found = spec(args.volume)
    title, insurgent = found.title, found.faction(found.agents[1])
    cold = None
    if args.cold_compile:
        print("... cold compile in fresh processes", file=sys.stderr, flush=True)
        cold = cold_compile(args.volume)
    rows = measure_pairs(args.volume, games, pairs, args.rounds)
    base = rows[0]
    yardstick = f"{base['british']}/{base['insurgent']}"
    heading = f"# Benchmarks: {title} rollouts"
    lines = [
        heading,
        "",
        f"{games:,} {title} games per policy pair through `rollouts.run` (compiled play on "
        f"{numba.get_num_threads()} numba threads, then the one-row-per-game table), the pairs timed side by "
        f"side in {args.rounds} round(s) that take them in turn. "
        f"{_dt.date.today().isoformat()}, {cpu_model()}, load average {loadavg()}; "
        f"`{command_line()}`.",
        "",
        f"| British | {insurgent} | play | table | total | games/s (play) | decisions/s (play) | play vs {yardstick} "
        f"| total vs {yardstick} | {insurgent} win rate [95% CI] | warm-up |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['british']} | {r['insurgent']} | {fmt_s(r['play_s'])} | {fmt_s(r['table_s'])} | {fmt_s(r['total_s'])} "
            f"| {fmt_rate(games / r['play_s'])} | {fmt_rate(r['decisions'] / r['play_s'])} "
            f"| {r['play_s'] / base['play_s']:.1f}x | {r['total_s'] / base['total_s']:.1f}x "
            f"| {r['insurgent_rate']:.4f} [{r['ci'][0]:.4f}, {r['ci'][1]:.4f}] | {fmt_s(r['warm_up_s'])} |")
    lines += [
        "",
        "`play` is the compiled games alone; `table` builds the rows (lists of cards and events per game); "
        "`warm-up` is the first 64-game call of the process (numba cache load, or compile when the "
        "package changed). The heuristic bots score the legal actions of every decision, so their "
        "pairs cost more per decision than random play (and their games are longer); the ratio columns "
        "say how many times longer a pair takes than random play.",
    ]
    bots_row = next((r for r in rows if r["british"] == r["insurgent"] == "heuristic"), None)
    if bots_row is not None and yardstick == "random/random":
        ratio = bots_row["play_s"] / base["play_s"]
        aim = (f"aim: at most {AIM_BOTS_RATIO:.0f}x; {'met' if ratio <= AIM_BOTS_RATIO else 'not met'}"
               if args.volume == "palestine" else f"a Monte-Carlo look-ahead at every decision, docs/{args.volume}.md")
        lines += [
            "",
            f"- Scripted bots vs random play, side by side: heuristic/heuristic plays "
            f"{fmt_rate(games / bots_row['play_s'])} games/s against {fmt_rate(games / base['play_s'])}, "
            f"**{ratio:.2f}x** the play time ({aim}); "
            f"{bots_row['total_s'] / base['total_s']:.2f}x with the table.",
        ]
    if cold is not None:
        lines += [
            "",
            "Cold compile (a fresh `NUMBA_CACHE_DIR`, each step its own process, in this order):",
            "",
            "| step | what | time |",
            "|---|---|---:|",
        ]
        lines += [f"| {step} | {what} | {fmt_s(t)} |" for step, what, t in cold]
    report = "\n".join(lines) + "\n"
    if args.write:
        write_section(args.write, heading, report)
    return report


if __name__ == "__main__":
    print(main())
