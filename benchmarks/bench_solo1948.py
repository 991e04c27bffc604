"""Throughput of the 1948 solo deck: compiled batch games, compile time, and
the Gymnasium step loop next to Gymnasium's own ``Blackjack-v1``.

    python benchmarks/bench_solo1948.py                      # table to stdout
    python benchmarks/bench_solo1948.py --write docs/results/benchmarks.md
    python benchmarks/bench_solo1948.py --quick              # tiny sizes (smoke test)

Measured in one run, side by side:

1. ``batch.play_games`` (numba, ``prange`` over games) with the random and the
   heuristic in-kernel policy, on 1 thread and on all numba threads:
   games/s and decisions/s (decisions from column ``R_DECISIONS``).
2. Compile time: the first ``play_games`` call of this process (numba cache
   load, or compile if the package cache is stale) apart from steady state;
   a subprocess with ``NUMBA_CACHE_DIR`` set to a fresh temporary directory
   (true cold compile), and a second one with the same directory (warm
   cache load).
3. ``gymnasium.make("britishway/Solo1948-v0")`` step loop with uniformly
   random legal actions from ``env.unwrapped.action_masks()``: steps/s
   (also the unwrapped ``Solo1948Env`` for comparison).
4. ``gymnasium.make("Blackjack-v1")`` step loop with
   ``env.action_space.sample()``: steps/s, and the ratios.

All timings use ``time.perf_counter`` after a warm-up; each timed figure is
the median of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import os
import platform
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(REPO))

import gymnasium  # noqa: E402
import numba  # noqa: E402
from common import (  # noqa: E402  (benchmarks/ is on sys.path)
    busy_cores, cache_note, cold_compile_subprocesses, command_line, cpu_model, fmt_rate, fmt_s,
    loadavg, write_section,
)
import numpy as np  # noqa: E402

import britishway_env  # noqa: E402,F401  (registers britishway/Solo1948-v0)
from britishway_env.solo1948 import batch  # noqa: E402
from britishway_env.solo1948.env import Solo1948Env  # noqa: E402
from britishway_env.solo1948.policies import (  # noqa: E402
    POLICY_HEURISTIC, POLICY_NAMES, POLICY_RANDOM,
)

OUR_ENV_ID = "britishway/Solo1948-v0"
PEER_ENV_ID = "Blackjack-v1"
BASE_SEED = 20240607

# Run in a subprocess: import the package and play a few games once.
_COLD_SCRIPT = r"""
import json, sys, time
t0 = time.perf_counter()
import numpy as np
from britishway_env.solo1948 import batch
from britishway_env.solo1948.policies import POLICY_RANDOM
t1 = time.perf_counter()
out = np.zeros((8, batch.N_RESULT_COLUMNS), np.int64)
batch.play_games(1, 0, 8, POLICY_RANDOM, out)
t2 = time.perf_counter()
assert (out[:, batch.R_DECISIONS] > 0).all()
print(json.dumps({"import_s": t1 - t0, "first_call_s": t2 - t1}))
"""


# --------------------------------------------------------------- helpers --


# ----------------------------------------------------------------- batch --

def batch_first_call() -> tuple[float, str]:
    """Time of this process's first play_games call (cache load or compile)."""
    out = np.zeros((4, batch.N_RESULT_COLUMNS), np.int64)
    t0 = time.perf_counter()
    batch.play_games(BASE_SEED, 0, 4, POLICY_RANDOM, out)
    elapsed = time.perf_counter() - t0
    return elapsed, cache_note(batch.play_games)


def bench_batch(policy: int, n_games: int, threads: int, repeat: int) -> dict:
    numba.set_num_threads(threads)
    out = np.zeros((n_games, batch.N_RESULT_COLUMNS), np.int64)
    # Warm-up: threads started, caches hot.
    warm = min(n_games, 2000)
    batch.play_games(BASE_SEED, 0, warm, policy, out[:warm])
    times, cpu_ratios = [], []
    for _ in range(repeat):
        out[:] = 0
        c0 = time.process_time()
        t0 = time.perf_counter()
        batch.play_games(BASE_SEED, 0, n_games, policy, out)
        wall = time.perf_counter() - t0
        times.append(wall)
        cpu_ratios.append((time.process_time() - c0) / wall)
    decisions = int(out[:, batch.R_DECISIONS].sum())
    t = statistics.median(times)
    return {
        "policy": POLICY_NAMES[policy], "threads": threads, "games": n_games,
        "seconds": t, "games_per_s": n_games / t, "decisions_per_s": decisions / t,
        "decisions_per_game": decisions / n_games,
        "cpu_per_wall": statistics.median(cpu_ratios),
    }


# ------------------------------------------------------------ step loops --

def _our_loop(env, steps: int, rng: np.random.Generator, seed: int) -> int:
    """Random legal actions; returns the number of episodes finished."""
    base = env.unwrapped
    env.reset(seed=seed)
    episodes = 0
    for _ in range(steps):
        legal = np.flatnonzero(base.action_masks())
        action = legal[rng.integers(legal.size)]
        _, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            episodes += 1
            env.reset()
    return episodes


def _peer_loop(env, steps: int, seed: int) -> int:
    env.reset(seed=seed)
    env.action_space.seed(seed)
    episodes = 0
    for _ in range(steps):
        _, _, terminated, truncated, _ = env.step(env.action_space.sample())
        if terminated or truncated:
            episodes += 1
            env.reset()
    return episodes


def bench_step_loop(name: str, make_env, steps: int, repeat: int, ours: bool) -> dict:
    t0 = time.perf_counter()
    env = make_env()
    rng = np.random.default_rng(BASE_SEED)
    # First reset + step: for ours this loads (or compiles) the rules kernels.
    if ours:
        env.reset(seed=BASE_SEED)
        env.step(np.flatnonzero(env.unwrapped.action_masks())[0])
    else:
        env.reset(seed=BASE_SEED)
        env.step(env.action_space.sample())
    first = time.perf_counter() - t0
    warm = max(200, steps // 20)
    if ours:
        _our_loop(env, warm, rng, BASE_SEED)
    else:
        _peer_loop(env, warm, BASE_SEED)
    times, episodes = [], 0
    for r in range(repeat):
        t0 = time.perf_counter()
        if ours:
            episodes = _our_loop(env, steps, rng, BASE_SEED + 1 + r)
        else:
            episodes = _peer_loop(env, steps, BASE_SEED + 1 + r)
        times.append(time.perf_counter() - t0)
    # Reset alone: Blackjack's episodes last ~1.4 steps, so its reset weighs.
    n_resets = max(100, min(steps // 10, 5000))
    t0 = time.perf_counter()
    for _ in range(n_resets):
        env.reset()
    reset_s = (time.perf_counter() - t0) / n_resets
    env.close()
    t = statistics.median(times)
    return {"name": name, "steps": steps, "seconds": t, "steps_per_s": steps / t,
            "episodes": episodes, "first_s": first, "reset_s": reset_s}


# ---------------------------------------------------------------- report --

def per_ep(loop: dict) -> str:
    return f"{loop['steps'] / loop['episodes']:.2f}" if loop["episodes"] else "-"


def render(args, info: dict, first_call: tuple[float, str], cold: dict | None,
           batch_rows: list[dict], loops: dict[str, dict]) -> str:
    lines = []
    add = lines.append
    add("# Benchmarks: 1948 solo deck")
    add("")
    add(f"- Date: {info['date']}")
    add(f"- Machine: {info['cpu']}, {info['cores']} cores "
        f"(numba threads available: {info['numba_threads']})")
    add(f"- Other load before the run: {info['busy']:.2f} of {info['cores']} cores busy "
        f"(sampled from /proc/stat over 1 s; load average {info['loadavg']}); "
        f"after the run: {info['busy_after']:.2f}")
    if max(info["busy"], info["busy_after"]) > 0.25:  # False for NaN
        add("- **Warning: other processes were using the CPU before or after the run; "
            "the figures (thread scaling above all) are noisy.**")
    add(f"- Python {info['python']}, numpy {np.__version__}, numba {numba.__version__}, "
        f"gymnasium {gymnasium.__version__}")
    add(f"- Command: `{info['command']}`")
    add(f"- Sizes: {args.games:,} games per batch run, {args.steps:,} steps per step loop, "
        f"median of {args.repeat} timed runs after a warm-up")
    add("")

    add("## Compiled batch: `batch.play_games` (full games, in-kernel policy)")
    add("")
    add("| policy | threads | games | decisions/game | time | CPU/wall | games/s | decisions/s |")
    add("|---|---:|---:|---:|---:|---:|---:|---:|")
    for r in batch_rows:
        add(f"| {r['policy']} | {r['threads']} | {r['games']:,} | {r['decisions_per_game']:.2f} "
            f"| {fmt_s(r['seconds'])} | {r['cpu_per_wall']:.2f} | {fmt_rate(r['games_per_s'])} "
            f"| {fmt_rate(r['decisions_per_s'])} |")
    add("")
    by_policy: dict[str, dict[int, dict]] = {}
    for r in batch_rows:
        by_policy.setdefault(r["policy"], {})[r["threads"]] = r
    for pol, rows in by_policy.items():
        if 1 in rows and info["numba_threads"] in rows and info["numba_threads"] > 1:
            speedup = rows[info["numba_threads"]]["games_per_s"] / rows[1]["games_per_s"]
            add(f"- {pol}: {info['numba_threads']} threads vs 1 thread speed-up "
                f"{speedup:.2f}x")
    add("- CPU/wall: process CPU time over wall time of the timed call; well under the "
        "thread count means the threads did not get their cores (other load).")
    add("")

    add("## Compile time")
    add("")
    add("| measurement | import | first `play_games` call | process wall |")
    add("|---|---:|---:|---:|")
    add(f"| this process, first call ({first_call[1]}) | - | {fmt_s(first_call[0])} | - |")
    if cold is not None:
        c, w = cold["cold"], cold["warm_cache"]
        add(f"| subprocess, fresh `NUMBA_CACHE_DIR` (cold compile) | {fmt_s(c['import_s'])} "
            f"| {fmt_s(c['first_call_s'])} | {fmt_s(c['process_wall_s'])} |")
        add(f"| subprocess, same `NUMBA_CACHE_DIR` (warm cache load) | {fmt_s(w['import_s'])} "
            f"| {fmt_s(w['first_call_s'])} | {fmt_s(w['process_wall_s'])} |")
    else:
        add("| subprocesses | skipped (`--no-compile`) | | |")
    steady = next((r for r in batch_rows if r["policy"] == "random"
                   and r["threads"] == info["numba_threads"]), batch_rows[0])
    add(f"| steady state, one call of {steady['games']:,} random games "
        f"({steady['threads']} threads) | - | {fmt_s(steady['seconds'])} | - |")
    add("")

    ours, ours_raw, peer = loops["ours"], loops["ours_unwrapped"], loops["peer"]
    add("## Gymnasium step loop: ours vs Blackjack-v1")
    add("")
    add("| environment | policy | steps | episodes | steps/episode | first make+reset+step "
        "| one reset | steps/s |")
    add("|---|---|---:|---:|---:|---:|---:|---:|")
    add(f"| `gymnasium.make(\"{OUR_ENV_ID}\")` | random legal (`action_masks()` + numpy Generator) "
        f"| {ours['steps']:,} | {ours['episodes']:,} | {per_ep(ours)} "
        f"| {fmt_s(ours['first_s'])} | {fmt_s(ours['reset_s'])} "
        f"| {fmt_rate(ours['steps_per_s'])} |")
    add(f"| `Solo1948Env()` unwrapped | random legal (`action_masks()` + numpy Generator) "
        f"| {ours_raw['steps']:,} | {ours_raw['episodes']:,} | {per_ep(ours_raw)} "
        f"| {fmt_s(ours_raw['first_s'])} | {fmt_s(ours_raw['reset_s'])} "
        f"| {fmt_rate(ours_raw['steps_per_s'])} |")
    add(f"| `gymnasium.make(\"{PEER_ENV_ID}\")` | `action_space.sample()` "
        f"| {peer['steps']:,} | {peer['episodes']:,} | {per_ep(peer)} "
        f"| {fmt_s(peer['first_s'])} | {fmt_s(peer['reset_s'])} "
        f"| {fmt_rate(peer['steps_per_s'])} |")
    add("")
    add("Steps/s counts `step` calls only; the resets after each finished episode are "
        "inside the timed loop. \"one reset\" is timed separately.")
    add("")
    add(f"Caveat: {PEER_ENV_ID} episodes are very short ({per_ep(peer)} steps) and its reset is "
        "slow, so its steps/s largely measures resets; the step-loop ratio flatters us. "
        "The batch figures compare our compiled games with a Python step loop, not like with like.")
    add("")
    add("## Ratios")
    add("")
    add("| ratio | value |")
    add("|---|---:|")
    add(f"| step loop: ours (`gymnasium.make`) / {PEER_ENV_ID} steps/s "
        f"| {ours['steps_per_s'] / peer['steps_per_s']:.3f} |")
    add(f"| step loop: ours (unwrapped) / {PEER_ENV_ID} steps/s "
        f"| {ours_raw['steps_per_s'] / peer['steps_per_s']:.3f} |")
    for r in batch_rows:
        add(f"| batch decisions/s ({r['policy']}, {r['threads']} thread"
            f"{'s' if r['threads'] > 1 else ''}) / {PEER_ENV_ID} steps/s "
            f"| {r['decisions_per_s'] / peer['steps_per_s']:,.1f} |")
    add("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games per batch run (default 200000; 2000 with --quick)")
    parser.add_argument("--steps", type=int, default=None,
                        help="steps per step loop (default 100000; 1000 with --quick)")
    parser.add_argument("--repeat", type=int, default=None,
                        help="timed runs per figure, median reported (default 3; 1 with --quick)")
    parser.add_argument("--quick", action="store_true", help="tiny sizes, for the smoke test")
    parser.add_argument("--no-compile", action="store_true",
                        help="skip the cold/warm compile subprocesses")
    parser.add_argument("--write", type=Path, default=None, metavar="PATH",
                        help="also write the report into PATH, replacing only its own section")
    args = parser.parse_args(argv)
    if args.games is None:
        args.games = 2000 if args.quick else 200_000
    if args.steps is None:
        args.steps = 1000 if args.quick else 100_000
    if args.repeat is None:
        args.repeat = 1 if args.quick else 3
    if args.games < 1 or args.steps < 1 or args.repeat < 1:
        parser.error("--games, --steps and --repeat must be positive")

    all_threads = numba.config.NUMBA_NUM_THREADS
    info = {
        "date": _dt.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
        "cpu": cpu_model(), "cores": os.cpu_count(), "numba_threads": all_threads,
        "python": platform.python_version(), "command": command_line(),
        "busy": busy_cores(), "loadavg": loadavg(),
    }

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    log("batch: first call ...")
    first_call = batch_first_call()
    thread_counts = sorted({1, all_threads})
    batch_rows = []
    for policy in (POLICY_RANDOM, POLICY_HEURISTIC):
        for threads in thread_counts:
            log(f"batch: {POLICY_NAMES[policy]}, {threads} thread(s) ...")
            batch_rows.append(bench_batch(policy, args.games, threads, args.repeat))
    numba.set_num_threads(all_threads)

    cold = None
    if not args.no_compile:
        log("compile: cold and warm-cache subprocesses ...")
        cold = cold_compile_subprocesses(_COLD_SCRIPT, REPO)

    log("step loops ...")
    loops = {
        "ours": bench_step_loop("ours", lambda: gymnasium.make(OUR_ENV_ID),
                                args.steps, args.repeat, ours=True),
        "ours_unwrapped": bench_step_loop("ours_unwrapped", Solo1948Env,
                                          args.steps, args.repeat, ours=True),
        "peer": bench_step_loop("peer", lambda: gymnasium.make(PEER_ENV_ID),
                                args.steps, args.repeat, ours=False),
    }

    info["busy_after"] = busy_cores()
    report = render(args, info, first_call, cold, batch_rows, loops)
    print(report)
    if args.write is not None:
        write_section(args.write, report.splitlines()[0].strip(), report)
        log(f"written to {args.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
