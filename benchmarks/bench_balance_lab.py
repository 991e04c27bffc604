"""The balance lab at scale: a million scripted Palestine games played into
Parquet parts, ten million rows reported and compared in a stream, and the
time a million games take for every COIN volume at each strength.

    python benchmarks/bench_balance_lab.py                 # the full run (20 to 30 minutes on 2 cores)
    python benchmarks/bench_balance_lab.py --write docs/results/benchmarks.md
    python benchmarks/bench_balance_lab.py --quick         # smoke test: a few thousand games and rows

(a) Play: ``rollouts.run_to_file`` plays ``--games`` Palestine games with the
scripted bots in both seats (``--policy heuristic``) into a folder of parts of
``--part`` games each (``--first-game``: the parts of one run), on all numba
threads, after a 64-game warm-up (numba cache load or compile, timed apart).
The time is the whole of it: play, the one-row-per-game table and the Parquet
file of each part. The process's peak RSS (Linux's ``VmHWM``, :func:`peak_rss_mb`)
holds one part's rows.

(b) Read in a stream: in a fresh process each (so that its peak RSS is the
reading's alone), ``report.load`` and ``report.write`` (the whole balance
report, plots included) on the played run, whose parts carry their run's
provenance (rows hash, game numbers, seeds and policies checked batch by
batch); then on ``--copies`` copies of the played rows, ten million rows for a
million games: each copy renumbered after the one before, each game's seed
changed (xor a copy's own bits) so that no game is there twice, written with
no run's provenance (``provenance=None``: still hashed and checked), as many
files as the run has parts per copy. ``compare.compare`` then reads those rows
twice, as a base and as an arm (a second folder of links to the same files):
a comparison of twice ten million rows. Each line gives the time, the rows per
second, the process's peak RSS and its RSS once the package is imported.

(c) A million games per volume and strength: for each COIN volume,
``rollouts.run`` of ``--rate-games`` games (the compiled play and the table)
with the scripted bots (``heuristic``) and with the trained networks
(``trained``) in both seats, after a 64-game warm-up, timed; the games per
second give the time a million games take.

``--write`` replaces only the section headed ``# The balance lab at scale``.
``--work`` keeps the rows in a folder of your choice (default: a temporary
folder, removed at the end).
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from britishway_env.registry import coin_volume_names  # noqa: E402
from common import busy_cores, command_line, cpu_model, fmt_rate, fmt_s, loadavg, write_section  # noqa: E402

HEADING = "# The balance lab at scale"
SEED = 2_026
VOLUMES = coin_volume_names()
STRENGTHS = (("scripted", "heuristic"), ("trained", "trained"))
# Games timed per volume and strength in (c): enough for a few seconds of play each on 2 cores.
RATE_GAMES = {("palestine", "heuristic"): 20_000, ("cyprus", "heuristic"): 2_000,
              ("arab_revolt", "heuristic"): 1_000, ("palestine", "trained"): 4_000,
              ("cyprus", "trained"): 4_000, ("arab_revolt", "trained"): 2_000}
QUICK_RATE_GAMES = 100
WARMUP_GAMES = 64
AIM_PLAY_S = 600.0          # a million scripted Palestine games within 10 minutes on 2 cores
AIM_PEAK_MB = 1_000.0       # a report on ten million rows within 1 GB (10**9 bytes)
MB = 1e6                    # the page's MB and GB are 10**6 and 10**9 bytes


def _status_kb(field: str) -> float | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return float(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


def peak_rss_mb() -> float:
    """This process's peak resident memory so far, in MB: Linux's ``VmHWM``, the high-water mark of this
    program's own memory. ``resource.getrusage``'s ``ru_maxrss`` (the fallback elsewhere) keeps the peak of
    the process that started it across ``exec``, so a fresh process would start at its parent's peak."""
    kib = _status_kb("VmHWM")                               # Linux's "kB" are KiB, as ru_maxrss's
    return (kib if kib is not None else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024 / MB


def rss_mb() -> float:
    """This process's resident memory now, in MB (``VmRSS``; the peak where Linux does not say)."""
    kib = _status_kb("VmRSS")
    return kib * 1024 / MB if kib is not None else peak_rss_mb()


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.iterdir() if p.is_file())


def duration(seconds: float) -> str:
    """Seconds as a person reads a long time: '42 s', '7.5 min', '2.3 h'."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.1f} min"
    return f"{seconds / 3600:.1f} h"


# ------------------------------------------------------------------ (a) play --

def play_run(folder: Path, games: int, part: int) -> dict:
    """Play ``games`` scripted Palestine games into parts of ``part`` games; the timing and the files."""
    from britishway_env import rollouts

    folder.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    rollouts.run("palestine", WARMUP_GAMES, seed=SEED, policy="heuristic")
    warmup = time.perf_counter() - t0
    t0 = time.perf_counter()
    for first in range(0, games, part):
        n = min(part, games - first)
        rollouts.run_to_file(folder / f"part{first:010d}.parquet", "palestine", n, seed=SEED, policy="heuristic",
                             first_game=first, command=command_line())
    seconds = time.perf_counter() - t0
    return {"games": games, "parts": -(-games // part), "part": part, "seconds": seconds, "warmup": warmup,
            "peak_rss_mb": peak_rss_mb(), "bytes": folder_bytes(folder)}


# -------------------------------------------------------------- (b) streams --

def write_copies(run: Path, out: Path, copies: int, games: int) -> dict:
    """``copies`` copies of the run's rows in ``out``: copy k's games numbered on by k x ``games``, its
    seeds xor k's bits, no run's provenance (each part read once as an Arrow table: no Python lists)."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.parquet as pq

    from britishway_env import rollouts

    out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    for part in sorted(run.glob("*.parquet")):
        table = pq.read_table(part).replace_schema_metadata(None)
        game = table.column("game").to_numpy()
        seed = table.column("seed").to_numpy()
        for k in range(copies):
            copy = table.set_column(table.column_names.index("game"), "game", pa.array(game + k * games))
            copy = copy.set_column(copy.column_names.index("seed"), "seed",
                                   pa.array(seed ^ np.int64(k << 40)))
            rollouts.write_rows(copy, out / f"copy{k:03d}_{part.name}", provenance=None)
    return {"seconds": time.perf_counter() - t0, "bytes": folder_bytes(out),
            "files": len(list(out.glob("*.parquet")))}


def links_to(folder: Path, out: Path) -> Path:
    """A second folder whose files are links to ``folder``'s: the same rows read as another input."""
    out.mkdir(parents=True, exist_ok=True)
    for path in folder.glob("*.parquet"):
        target = out / path.name
        if not target.exists():
            target.symlink_to(path.resolve())
    return out


def measure(kind: str, paths: list[str], out: str) -> dict:
    """In this process: read the rows in a stream (``report`` or ``compare``), timed, with peak RSS."""
    from britishway_env import compare, report

    imported = rss_mb()
    t0 = time.perf_counter()
    if kind == "report":
        source = report.load(paths)
        report.write(source, out)
        rows = source.n
    else:
        result = compare.compare(paths, bootstrap=2_000)
        compare.write_report(result, Path(out) / "report.md", "britishway compare " + " ".join(paths))
        rows = sum(p.games for p in result.pairings) * 2
    return {"kind": kind, "rows": rows, "seconds": time.perf_counter() - t0, "peak_rss_mb": peak_rss_mb(),
            "imported_rss_mb": imported}


def measure_in_child(kind: str, paths: list[Path], out: Path) -> dict:
    """:func:`measure` in a fresh process, its JSON line read back."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p)
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--measure", kind, "--measure-out", str(out),
                           *map(str, paths)], env=env, cwd=REPO, capture_output=True, text=True, timeout=3600)
    if proc.returncode != 0:
        raise RuntimeError(f"measuring {kind} on {paths} failed:\n{proc.stderr[-4000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


# ----------------------------------------------------------------- (c) rates --

def rate(volume: str, policy: str, games: int) -> dict:
    """Games per second of ``rollouts.run`` of ``volume`` with ``policy`` in every seat, after a warm-up."""
    from britishway_env import rollouts

    t0 = time.perf_counter()
    rollouts.run(volume, WARMUP_GAMES, seed=SEED, policy=policy)
    warmup = time.perf_counter() - t0
    t0 = time.perf_counter()
    df = rollouts.run(volume, games, seed=SEED + 1, policy=policy)
    seconds = time.perf_counter() - t0
    return {"volume": volume, "policy": policy, "games": games, "seconds": seconds, "warmup": warmup,
            "rate": games / seconds, "decisions": float(df["decisions"].mean())}


# ----------------------------------------------------------------- the page --

def machine() -> str:
    import numba

    try:
        total = next(int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines()
                     if line.startswith("MemTotal")) / 1e6
        memory = f"{total:.0f} GB of memory"
    except (OSError, StopIteration, ValueError):
        memory = "memory unknown"
    return (f"{cpu_model()}, {os.cpu_count()} cores ({numba.config.NUMBA_NUM_THREADS} numba threads), {memory}; "
            f"Python {sys.version.split()[0]}")


def render(results: dict) -> str:
    play, reads, rates = results["play"], results["reads"], results["rates"]
    lines = [HEADING, "",
             f"{results['date']}, {results['machine']}; load average {results['load']} and "
             f"{results['busy']:.1f} cores busy with other work before the run (a shared machine: the times "
             f"are what this machine gave then). Command: `{results['command']}`.", "",
             "## Playing a million scripted Palestine games into Parquet parts", "",
             "| games | parts | policy | time (play, table, Parquet) | games/s | warm-up | peak RSS | rows on disk |",
             "|---|---|---|---|---|---|---|---|",
             f"| {play['games']:,} | {play['parts']} x {play['part']:,} | heuristic / heuristic | "
             f"{duration(play['seconds'])} | {fmt_rate(play['games'] / play['seconds'])} | {fmt_s(play['warmup'])} | "
             f"{play['peak_rss_mb']:,.0f} MB | {play['bytes'] / MB:,.1f} MB |", "",
             f"`rollouts.run_to_file` (what `britishway rollouts palestine --games {play['part']} --first-game N "
             f"--policy heuristic --out DIR/partN.parquet` runs) for each part in turn, base seed {SEED}; a part's "
             "rows are held in memory until written, so the peak RSS is one part's. "
             + (f"Aim: a million games within {AIM_PLAY_S / 60:.0f} minutes on 2 cores: **"
                f"{'met' if play['seconds'] * 1e6 / play['games'] <= AIM_PLAY_S else 'not met'}** "
                f"({duration(play['seconds'] * 1e6 / play['games'])} for a million at this rate)."), "",
             "## Reading the rows in a stream: `britishway report` and `britishway compare`", "",
             "| rows read | what | time | rows/s | peak RSS | RSS after imports |", "|---|---|---|---|---|---|"]
    for r in reads:
        lines.append(f"| {r['rows']:,} | {r['label']} | {fmt_s(r['seconds'])} | {fmt_rate(r['rows'] / r['seconds'])} | "
                     f"{r['peak_rss_mb']:,.0f} MB | {r['imported_rss_mb']:,.0f} MB |")
    copies = results["copies"]
    report10 = next(r for r in reads if r["label"].startswith("report") and "copies" in r["label"])
    lines += ["",
              "Each line is a fresh process (`--measure`); its peak RSS includes the package's imports (the "
              "next column: RSS once imported). The files are read in record batches "
              "(`rollouts.open_rows`, `report.load`): each batch is hashed (the rows' SHA-256 as written, "
              "`provenance.RowsHash`), checked against its run's provenance where it has one (game numbers, "
              "seeds, policies), checked as `report.parse` checks a table (columns, values, the victory "
              "conditions of 7.0) and reduced to the report's counts and a few bytes per game (winner, victory "
              "round, decisions, cards, lead changes, seed and game number); the same game twice is sought in "
              "each pair's sorted seeds at the end. Peak RSS is Linux's `VmHWM` (`ru_maxrss` would carry the "
              "parent's peak into a fresh process).", "",
              f"The {copies['rows']:,} rows are {results['copies_n']} copies of the played run's rows, each copy "
              "renumbered after the one before and its seeds changed, written with no run's provenance "
              f"({copies['files']} files, {copies['bytes'] / MB:,.0f} MB, written in {duration(copies['seconds'])}); "
              "the comparison reads them twice, as its base and as an arm (a folder of links to the same files), "
              "so its changes are all 0.", "",
              f"Aim: a report on ten million rows within {AIM_PEAK_MB / 1e3:.0f} GB: **"
              f"{'met' if report10['peak_rss_mb'] <= AIM_PEAK_MB else 'not met'}** "
              f"({report10['peak_rss_mb']:,.0f} MB for {report10['rows']:,} rows). Before, the report and the "
              "comparison read every file whole into one pandas frame, lists as Python objects: about 5 GB per "
              "million rows.", "",
              "## A million games per volume and strength", "",
              "| volume | strength | policy (both seats) | games timed | decisions/game | time | warm-up | games/s | "
              "a million games |", "|---|---|---|---|---|---|---|---|---|"]
    for r in rates:
        lines.append(f"| {r['volume']} | {r['strength']} | {r['policy']} | {r['games']:,} | {r['decisions']:.0f} | "
                     f"{fmt_s(r['seconds'])} | {fmt_s(r['warmup'])} | {fmt_rate(r['rate'])} | "
                     f"{duration(1e6 / r['rate'])} |")
    lines += ["",
              "`rollouts.run` on all numba threads (the compiled play and the one-row-per-game table, not the "
              "Parquet file): the scripted bots (`heuristic`) and the trained networks (`trained`: "
              "agents/checkpoints, their forward pass in the kernel) in both seats. A million games is the "
              "games/s carried to 1,000,000; play a run that long in parts (`--first-game`) and report or "
              "compare the folder of parts.", ""]
    return "\n".join(lines)


# ------------------------------------------------------------------ driver --

def run_all(args, work: Path) -> dict:
    busy, load = busy_cores(), loadavg()
    played = work / "run"
    say = (lambda text: print(text, file=sys.stderr, flush=True))
    say(f"(a) playing {args.games:,} games in parts of {args.part:,}")
    play = play_run(played, args.games, args.part)
    say(f"    {play['seconds']:.1f} s")
    copies_dir = work / "copies"
    say(f"(b) writing {args.copies} copies of the rows")
    copies = write_copies(played, copies_dir, args.copies, args.games)
    copies["rows"] = args.games * args.copies
    reads = []
    for label, kind, paths in (
            (f"report on the played run's {play['parts']} parts (with their run's provenance)", "report", [played]),
            (f"report on {args.copies} copies of the run's rows", "report", [copies_dir]),
            (f"compare: the copies as base and as arm ({args.games * args.copies:,} rows each)", "compare",
             [copies_dir, f"arm={links_to(copies_dir, work / 'arm')}"])):
        say(f"    {label}")
        got = measure_in_child(kind, paths, work / f"out_{kind}_{len(reads)}")
        got["label"] = label
        reads.append(got)
        say(f"    {got['seconds']:.1f} s, peak RSS {got['peak_rss_mb']:.0f} MB")
    rates = []
    for volume in VOLUMES:
        for strength, policy in STRENGTHS:
            n = QUICK_RATE_GAMES if args.quick else RATE_GAMES[(volume, policy)]
            say(f"(c) {volume} {strength}: {n:,} games")
            rates.append({**rate(volume, policy, n), "strength": strength})
    return {"date": _dt.date.today().isoformat(), "machine": machine(), "load": load, "busy": busy,
            "command": command_line(), "play": play, "copies": copies, "copies_n": args.copies, "reads": reads,
            "rates": rates}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1_000_000, help="scripted Palestine games to play (a)")
    parser.add_argument("--part", type=int, default=100_000, help="games per part (a Parquet file)")
    parser.add_argument("--copies", type=int, default=10, help="copies of the played rows read in (b)")
    parser.add_argument("--quick", action="store_true", help="a smoke test: 2,000 games, 3 copies, 100 games a rate")
    parser.add_argument("--work", type=Path, default=None, help="folder for the rows (default: a temporary one)")
    parser.add_argument("--write", type=Path, default=None, help="replace the section in this markdown file")
    parser.add_argument("--json", type=Path, default=None, help="also write the measurements here")
    parser.add_argument("--measure", choices=("report", "compare"), help=argparse.SUPPRESS)
    parser.add_argument("--measure-out", default=None, help=argparse.SUPPRESS)
    parser.add_argument("paths", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(args.measure, args.paths, args.measure_out)))
        return 0
    if args.quick:
        args.games, args.part, args.copies = 2_000, 500, 3
    work = args.work or Path(tempfile.mkdtemp(prefix="balance-lab-"))
    try:
        results = run_all(args, work)
    finally:
        if args.work is None:
            shutil.rmtree(work, ignore_errors=True)
    text = render(results)
    print(text)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")
    if args.write:
        write_section(args.write, HEADING, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
