"""What it costs to hand a vector env step's slots to threads and wait for them.

    python benchmarks/bench_threads.py                                  # table to stdout
    python benchmarks/bench_threads.py --write docs/results/benchmarks.md
    python benchmarks/bench_threads.py --quick                          # a few calls (smoke test)

A vector env step shares its slots out over the threads
(britishway_env/engine/threads.py): through Python's threads
(``in_slot_ranges``: a long-lived pool, one call of the serial kernel per
range) or through numba's own (``in_slot_pieces``: one ``parallel=True``
kernel whose ``prange`` loop takes a range a thread). Both run here with a
kernel that does almost nothing to 1,024 slots (a sum over one int64 array,
the vector step's 29 arguments passed as 27 arrays), so the time of a call
is the hand-off itself: starting the threads' work and waiting for all of
it. Each row: the median over ``--rounds`` rounds of the mean over
``--calls`` calls, for each thread count from 1 to numba's.

``--write`` replaces only the section headed ``# Benchmarks: a step's hand-off to threads``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numba
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import busy_cores, command_line, cpu_model, loadavg, write_section  # noqa: E402

from britishway_env.engine.jit import njit  # noqa: E402
from britishway_env.engine.threads import in_slot_pieces, in_slot_ranges, numba_threads  # noqa: E402

HEADING = "# Benchmarks: a step's hand-off to threads"
SLOTS = 1024
N_ARRAYS = 27


@njit(cache=True, nogil=True)
def _serial(lo, hi, *arrays):
    total = 0
    for i in range(lo, hi):
        total += arrays[0][i]
    arrays[1][lo] = total


@njit(cache=True, nogil=True, parallel=True)
def _parallel(pieces, *arrays):
    n = arrays[0].shape[0]
    for p in numba.prange(pieces):
        lo, hi = n * p // pieces, n * (p + 1) // pieces
        total = 0
        for i in range(lo, hi):
            total += arrays[0][i]
        arrays[1][lo] = total


def per_call(fn, calls: int) -> float:
    """Mean µs of ``fn()`` over ``calls`` calls."""
    fn()
    t0 = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - t0) / calls * 1e6


def measure(calls: int, rounds: int) -> list[tuple[int, float, float]]:
    arrays = tuple(np.zeros(SLOTS, dtype=np.int64) for _ in range(N_ARRAYS))
    rows = []
    with numba_threads(None) as most:
        for threads in range(1, most + 1):
            with numba_threads(threads):
                python = [per_call(lambda: in_slot_ranges(_serial, SLOTS, arrays), calls) for _ in range(rounds)]
                own = [per_call(lambda: in_slot_pieces(_parallel, _serial, SLOTS, arrays), calls)
                       for _ in range(rounds)]
            rows.append((threads, statistics.median(python), statistics.median(own)))
    return rows


def render(rows, calls: int, rounds: int, busy: float, before: str) -> str:
    layer = numba.threading_layer()
    out = [HEADING, "",
           f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {cpu_model()}; other load before the run: "
           f"{busy:.2f} cores busy (load average {before}); numba {numba.__version__}, threading layer "
           f"`{layer}`. Command: `{command_line()}`.", "",
           f"{SLOTS:,} slots, {N_ARRAYS} arrays, a kernel that sums one array: the time of a call is the "
           f"hand-off. Median of {rounds} rounds of {calls:,} calls; µs a call.", "",
           "| threads | Python's threads (`in_slot_ranges`) | numba's threads (`in_slot_pieces`) |",
           "|---:|---:|---:|"]
    for threads, python, own in rows:
        out.append(f"| {threads} | {python:.1f} | {own:.1f} |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> str:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--calls", type=int, default=2000, help="calls a round (default 2000)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    ap.add_argument("--quick", action="store_true", help="a few calls (smoke test)")
    ap.add_argument("--write", type=Path, help="replace this script's section of the given Markdown page")
    args = ap.parse_args(argv)
    if args.calls < 1 or args.rounds < 1:
        ap.error("--calls and --rounds must be at least 1")
    if args.quick:
        args.calls, args.rounds = 20, 1
    before = loadavg()
    busy = busy_cores()
    report = render(measure(args.calls, args.rounds), args.calls, args.rounds, busy, before)
    if args.write:
        write_section(args.write, HEADING, report)
    print(report)
    return report


if __name__ == "__main__":
    main()
