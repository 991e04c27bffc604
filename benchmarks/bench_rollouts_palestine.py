"""Time to play a million Palestine games per policy pair, through the
public rollout API that balance analysts use.

    python benchmarks/bench_rollouts_palestine.py                 # 1,000,000 games per pair, table to stdout
    python benchmarks/bench_rollouts_palestine.py --write docs/results/benchmarks.md
    python benchmarks/bench_rollouts_palestine.py --quick         # 2,000 games per pair (smoke test)
    python benchmarks/bench_rollouts_palestine.py --pairs random/random,heuristic/heuristic

For each pair (random/random, heuristic/random, random/heuristic,
heuristic/heuristic) it times ``rollouts.run("palestine", N, ...)`` on all
numba threads, split into the compiled play (``volumes.palestine.rollouts.play``)
and the building of the one-row-per-game table, after a warm-up that loads or
compiles the kernels (timed separately). The random pair is the yardstick: the
report gives each pair's time as a ratio to it, and the Irgun win rate with its
Wilson 95% interval as a sanity check.

``--write`` replaces only the section headed ``# Benchmarks: Palestine rollouts``.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numba  # noqa: E402

from britishway_env.engine.stats import wilson_interval  # noqa: E402
from britishway_env.volumes.palestine import rollouts as pr  # noqa: E402
from common import command_line, cpu_model, fmt_rate, fmt_s, loadavg, write_section  # noqa: E402

SECTION_HEADING = "# Benchmarks: Palestine rollouts"
PAIRS = (("random", "random"), ("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic"))
SEED = 1_000_000


def measure(games: int, british: str, irgun: str) -> dict:
    policies = {"british": british, "irgun": irgun}
    t0 = time.perf_counter()
    pr.play(64, SEED, policies)                       # warm-up: cache load or compile
    warm = time.perf_counter() - t0
    t0 = time.perf_counter()
    results = pr.play(games, SEED, policies)
    t1 = time.perf_counter()
    df = pr.table(SEED, results, policies)
    t2 = time.perf_counter()
    wins = int((df["winner"] == "irgun").sum())
    lo, hi = wilson_interval(wins, games)
    return {"british": british, "irgun": irgun, "warm_up_s": warm, "play_s": t1 - t0, "table_s": t2 - t1,
            "total_s": t2 - t0, "irgun_rate": wins / games, "ci": (lo, hi),
            "decisions": int(df["decisions"].sum())}


def main(argv=None) -> str:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1_000_000, help="games per policy pair")
    ap.add_argument("--quick", action="store_true", help="2,000 games per pair (smoke test)")
    ap.add_argument("--write", type=Path, help="replace this report's section in PATH")
    ap.add_argument("--pairs", default=",".join(f"{b}/{i}" for b, i in PAIRS),
                    help="british/irgun policy pairs, comma-separated (the first is the yardstick)")
    args = ap.parse_args(argv)
    games = 2_000 if args.quick else args.games
    pairs = [tuple(p.split("/")) for p in args.pairs.split(",")]
    rows = []
    for british, irgun in pairs:
        print(f"... {games:,} games british={british} irgun={irgun}", file=sys.stderr, flush=True)
        rows.append(measure(games, british, irgun))
    base = rows[0]["total_s"]
    yardstick = f"{rows[0]['british']}/{rows[0]['irgun']}"
    lines = [
        SECTION_HEADING,
        "",
        f"{games:,} Palestine games per policy pair through `rollouts.run` (compiled play on "
        f"{numba.get_num_threads()} numba threads, then the one-row-per-game table). "
        f"{_dt.date.today().isoformat()}, {cpu_model()}, load average {loadavg()}; "
        f"`{command_line()}`.",
        "",
        f"| British | Irgun | play | table | total | games/s | decisions/s | time vs {yardstick} | Irgun win rate [95% CI] | warm-up |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['british']} | {r['irgun']} | {fmt_s(r['play_s'])} | {fmt_s(r['table_s'])} | {fmt_s(r['total_s'])} "
            f"| {fmt_rate(games / r['total_s'])} | {fmt_rate(r['decisions'] / r['play_s'])} "
            f"| {r['total_s'] / base:.1f}x | {r['irgun_rate']:.4f} [{r['ci'][0]:.4f}, {r['ci'][1]:.4f}] "
            f"| {fmt_s(r['warm_up_s'])} |")
    lines += [
        "",
        "`play` is the compiled games alone; `table` builds the rows (lists of cards and events per game); "
        "`warm-up` is the first 64-game call of the process (numba cache load, or compile when the "
        "package changed). The heuristic bots score every legal action of every decision, so their "
        "pairs cost more per decision than random play; the ratio column says how many times longer a "
        "pair takes than random play.",
    ]
    report = "\n".join(lines) + "\n"
    if args.write:
        write_section(args.write, SECTION_HEADING, report)
    return report


if __name__ == "__main__":
    print(main())
