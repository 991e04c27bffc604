"""Measure the Palestine scripted bots against random play and write the report.

    python experiments/palestine_bots.py                          # 10,000 games per pairing, writes the report
    python experiments/palestine_bots.py --games 500 --report ''  # smoke run, print only

Every pairing (British policy x Irgun policy) plays the same game seeds
(``rollouts.run("palestine", games, seed, policies=...)``), so the pairings
differ only by the policies. Intervals are Wilson 95%. Speeds are warm
(kernels compiled first) games per second on ``--threads`` numba threads.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_REPORT = ROOT / "docs" / "results" / "palestine_bots.md"
SEED = 20260705
PAIRINGS = (("random", "random"), ("heuristic", "random"), ("random", "heuristic"), ("heuristic", "heuristic"))


def measure(games: int, seed: int, threads: int) -> list[dict]:
    from britishway_env import rollouts

    rollouts.run("palestine", 20, seed=seed, policies={"british": "heuristic", "irgun": "heuristic"}, threads=threads)
    rows = []
    for b, i in PAIRINGS:
        start = time.perf_counter()
        df = rollouts.run("palestine", games, seed=seed, policies={"british": b, "irgun": i}, threads=threads)
        elapsed = time.perf_counter() - start
        s = rollouts.summarize(df).set_index("outcome")
        timing = rollouts.victory_timing(df)
        pw = rollouts.political_will_summary(df).set_index("political_will")
        rows.append({
            "british": b, "irgun": i, "games": games,
            "british_wins": int(s.loc["british victory", "games"]), "british_rate": s.loc["british victory", "rate"],
            "british_lo": s.loc["british victory", "ci95_low"], "british_hi": s.loc["british victory", "ci95_high"],
            "irgun_wins": int(s.loc["irgun victory", "games"]), "irgun_rate": s.loc["irgun victory", "rate"],
            "irgun_lo": s.loc["irgun victory", "ci95_low"], "irgun_hi": s.loc["irgun victory", "ci95_high"],
            "irgun_by_round": [int(timing.loc[r, "irgun"]) for r in (1, 2, 3)],
            "pw_round1": pw.loc["after round 1", "mean"], "pw_final": pw.loc["final", "mean"],
            "pw_final_median": pw.loc["final", "median"],
            "decisions": df["decisions"].mean(), "events": df["events"].map(len).mean(),
            "games_per_s": games / elapsed,
        })
        print(f"british={b:9s} irgun={i:9s}: British {rows[-1]['british_rate']:.4f} "
              f"[{rows[-1]['british_lo']:.4f}, {rows[-1]['british_hi']:.4f}], {rows[-1]['games_per_s']:,.0f} games/s",
              flush=True)
    return rows


def report(rows: list[dict], games: int, seed: int, threads: int) -> str:
    import numba

    r = {(x["british"], x["irgun"]): x for x in rows}
    lines = [
        "# Palestine: scripted bots against random play",
        "",
        f"Generated {date.today().isoformat()} by `experiments/palestine_bots.py` on {platform.machine()} "
        f"({os.cpu_count()} cores, {threads} numba threads), Python {platform.python_version()}, "
        f"numba {numba.__version__}. All 32 event cards are in play (5.0); \"events / game\" counts the "
        "event texts executed per game (the Event box taken and a text played).",
        "",
        f"Every pairing plays the same {games:,} games (base seed {seed}): game *i* has the same seed, deck and "
        "setup in every row, only the policies differ. Intervals are Wilson 95%.",
        "",
        "| British | Irgun | games | British wins | British win rate | 95% CI | Irgun win rate | 95% CI "
        "| Irgun wins in round 1 / 2 / 3 | mean PW after round 1 | mean final PW | events / game | decisions / game "
        "| games/s |",
        "|---|---|---:|---:|---:|---|---:|---|---|---:|---:|---:|---:|---:|",
    ]
    for x in rows:
        lines.append(
            f"| {x['british']} | {x['irgun']} | {x['games']:,} | {x['british_wins']:,} | {x['british_rate']:.4f} "
            f"| [{x['british_lo']:.4f}, {x['british_hi']:.4f}] | {x['irgun_rate']:.4f} "
            f"| [{x['irgun_lo']:.4f}, {x['irgun_hi']:.4f}] | {' / '.join(f'{n:,}' for n in x['irgun_by_round'])} "
            f"| {x['pw_round1']:.2f} | {x['pw_final']:.2f} | {x['events']:.1f} | {x['decisions']:.0f} "
            f"| {x['games_per_s']:,.0f} |")
    hb, rb = r[("heuristic", "heuristic")], r[("random", "heuristic")]
    hi, ri = r[("random", "heuristic")], r[("random", "random")]
    lines += [
        "",
        "## Each bot against random, in its own seat",
        "",
        f"- **Irgun seat** (British random): the Irgun bot wins {hi['irgun_rate']:.4f} "
        f"[{hi['irgun_lo']:.4f}, {hi['irgun_hi']:.4f}], random Irgun {ri['irgun_rate']:.4f} "
        f"[{ri['irgun_lo']:.4f}, {ri['irgun_hi']:.4f}].",
        f"- **British seat** (Irgun bot): the British bot wins {hb['british_rate']:.4f} "
        f"[{hb['british_lo']:.4f}, {hb['british_hi']:.4f}], random British {rb['british_rate']:.4f} "
        f"[{rb['british_lo']:.4f}, {rb['british_hi']:.4f}].",
        f"- Against a random Irgun both British policies almost always win (random Irgun rarely dents Political "
        f"Will): the British bot ends with mean Political Will {r[('heuristic', 'random')]['pw_final']:.2f}, random "
        f"British {ri['pw_final']:.2f}. The British seat is therefore compared against the Irgun bot.",
        "",
        "## Reproduce",
        "",
        "```",
        f"python experiments/palestine_bots.py --games {games} --seed {seed} --threads {threads}",
    ]
    for b, i in PAIRINGS:
        lines.append(f"britishway rollouts palestine --games {games} --seed {seed} --policy british={b},irgun={i}")
    lines += [
        "```",
        "",
        "Game speeds are warm (compiled kernels loaded) on a machine shared with other jobs; see "
        "[benchmarks.md](benchmarks.md) for controlled throughput figures. The bots: "
        "`britishway_env/volumes/palestine/bots.py`, described in [../palestine.md](../palestine.md#bots).",
        "",
    ]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--report", default=str(DEFAULT_REPORT), help="markdown file to write ('' to print only)")
    args = ap.parse_args()
    rows = measure(args.games, args.seed, args.threads)
    text = report(rows, args.games, args.seed, args.threads)
    if args.report:
        Path(args.report).parent.mkdir(parents=True, exist_ok=True)
        Path(args.report).write_text(text)
        print(f"wrote {args.report}")
    else:
        print(text)


if __name__ == "__main__":
    main()
