"""Cold compile time of a volume's kernels, stage by stage and module by module.

    python benchmarks/bench_compile.py                                  # every COIN volume, tables to stdout
    python benchmarks/bench_compile.py --volumes cyprus                 # one volume
    python benchmarks/bench_compile.py --write docs/results/benchmarks.md
    python benchmarks/bench_compile.py --warm                           # the package's own cache (smoke test)
    python benchmarks/bench_compile.py --repeat 3 --serial --write docs/results/benchmarks.md   # medians of 3 runs

For each volume, every stage runs in its own fresh process, in order, sharing
one empty ``NUMBA_CACHE_DIR`` (unless ``--warm``; each volume starts from an
empty one), so a stage's time is what it compiles beyond the stages before
it, as a user of that volume meets it:

1. ``rules``: ``Game(volume)`` and random games through the Python API
   (setup, deck, legal actions, every rule an action can reach);
2. ``env``: the AEC env's fused step and observation (``<volume>_v0.env()``);
3. ``random``: random rollouts and the invariant fuzzer (``playout``: compiled
   random games, every invariant checked after every decision);
4. ``bots``: the scripted bots choosing through ``bots.choose``;
5. ``batch``: the compiled rollout runner with the bots in both seats;
6. ``vector``: the vector env's step (``envs.vector.VectorEnv``), each slot's
   opponent the scripted bot or random play.

A stage's figure is the wall time a user waits, with the default number of
compile processes (one per core: on a cold cache a volume's large call trees
compile side by side, engine/compile_jobs.py), and the CPU seconds of all
its processes. ``--serial`` also runs the stages with one process, in turn
with the default runs, for the per-module table: numba's compile events, a
kernel's time excluding the kernels it compiled on the way (callees).
``--write`` replaces only the section headed ``# Benchmarks: compile time``
in PATH.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import busy_cores, command_line, cpu_model, loadavg, volumes_arg, write_section  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from britishway_env.engine.compile_jobs import JOBS_VARIABLE, jobs as default_jobs  # noqa: E402
from britishway_env.registry import coin_volume_names  # noqa: E402

HEADING = "# Benchmarks: compile time"
AIMS = {"rules and random play": 30.0, "bots": 20.0}

RECORD = r"""
import json, resource, sys, time
import numba.core.event as ev
recorder = ev.RecordingListener()
ev.register("numba:compile", recorder)
t0 = time.perf_counter()
exec(sys.argv[1])
wall = time.perf_counter() - t0
ev.unregister("numba:compile", recorder)
stack, per_module = [], {}
for t, e in recorder.buffer:
    if e.is_start:
        stack.append([t, e.data["dispatcher"].py_func.__module__, 0.0])
    else:
        start, module, children = stack.pop()
        took = t - start
        per_module[module] = per_module.get(module, 0.0) + took - children
        if stack:
            stack[-1][2] += took
cpu = sum(getattr(resource.getrusage(who), f) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
          for f in ("ru_utime", "ru_stime"))
print(json.dumps({"wall_s": wall, "cpu_s": cpu, "per_module": per_module}))
"""

VOLUMES = coin_volume_names()
STAGES = (                 # each stage's code, with VOLUME standing for the volume's name
    ("rules", """
from britishway_env import Game
import numpy as np
rng = np.random.default_rng(0)
for seed in range(3):
    g = Game("VOLUME", seed=seed)
    while not g.is_terminal():
        g.apply(int(rng.choice(g.legal_actions())))
"""),
    ("env", """
import random
from britishway_env import VOLUME_v0
env = VOLUME_v0.env()
env.reset(seed=0)
r = random.Random(0)
for agent in env.agent_iter():
    obs, reward, term, trunc, info = env.last()
    env.step(None if term or trunc else r.choice(list(obs["action_mask"].nonzero()[0])))
"""),
    ("random", """
import numpy as np
from britishway_env.engine.coin.results import N_RESULT_COLUMNS
from britishway_env.volumes.VOLUME import playout
out = np.zeros((4, N_RESULT_COLUMNS), dtype=np.int64)
playout.play_random_games(0, 0, 4, True, out)
"""),
    ("bots", """
from britishway_env import Game
from britishway_env.volumes.VOLUME.bots import choose
g = Game("VOLUME", seed=0)
while not g.is_terminal():
    g.apply(choose(g, "heuristic"))
"""),
    ("batch", """
import numpy as np
from britishway_env.volumes.VOLUME import batch
from britishway_env.volumes.VOLUME.bots import POLICY_HEURISTIC
out = np.zeros((4, batch.N_RESULT_COLUMNS), dtype=np.int64)
batch.play_games(0, 0, 4, POLICY_HEURISTIC, POLICY_HEURISTIC, False, out)
"""),
    ("vector", """
import numpy as np
from britishway_env.envs.vector import VectorEnv
env = VectorEnv("VOLUME", num_envs=4, seat="both", opponent=[("heuristic", 1), ("random", 1)], seed=0)
obs, info = env.reset()
for _ in range(20):
    obs, reward, term, trunc, info = env.step(np.array([int(np.flatnonzero(m)[0]) for m in info["action_mask"]]))
"""),
)


def run_stage(code: str, cache_dir: str | None, jobs: int | None = None) -> dict:
    """Run ``code`` in a fresh process on ``cache_dir`` (None: the package's
    own cache) with at most ``jobs`` compile processes (None: the default,
    every core): its wall seconds, CPU seconds (its helpers' included) and
    compile seconds per module (this process's kernels)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    env.pop("NUMBA_CACHE_DIR", None)
    env.pop(JOBS_VARIABLE, None)
    if jobs is not None:
        env[JOBS_VARIABLE] = str(jobs)
    if cache_dir is not None:
        env["NUMBA_CACHE_DIR"] = cache_dir
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", RECORD, code], env=env, cwd=REPO, capture_output=True, text=True,
                          timeout=1800)
    if proc.returncode != 0:
        raise RuntimeError(f"stage failed:\n{proc.stderr[-3000:]}")
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    data["process_s"] = time.perf_counter() - t0
    return data


def measure(warm: bool, stages: list[str], jobs: int | None = None, volume: str = "palestine") -> dict:
    """The stages of ``volume`` in order, in fresh processes sharing one empty
    cache (or the package's own, ``warm``)."""
    results = {}
    with tempfile.TemporaryDirectory(prefix="numba-cold-") as tmp:
        for name, code in STAGES:
            if name in stages:
                results[name] = run_stage(code.replace("VOLUME", volume), None if warm else tmp, jobs)
    return results


def report(by_volume: dict[str, tuple[list[dict], list[dict] | None]], warm: bool, jobs: int) -> str:
    """The report: for each volume, its runs of the stages (with up to
    ``jobs`` compile processes, and the ``serial`` runs with one, or None):
    each figure is the median over the runs (a shared machine's speed drifts
    by a quarter from one minute to the next), with the range when there
    were several. The aims read the wall time a user waits, with the default
    processes."""
    runs, serial = next(iter(by_volume.values()))
    lines = [HEADING, "",
             f"Command: `{command_line()}`  ",
             f"Machine: {cpu_model()}, {os.cpu_count()} cores; load average before: {loadavg()}; "
             f"cores busy with other work: {busy_cores():.1f}  ",
             ("Cache: the package's own numba cache (warm: loading, not compiling)" if warm else
              "Cache: for each volume, one fresh NUMBA_CACHE_DIR shared by its stages, run in order, each in a "
              "fresh process"),
             f"Runs: {len(runs)} (each from an empty cache); figures are medians"
             + (" (min-max)" if len(runs) > 1 else "") + "; seconds", "",
             f"Compile processes: up to {jobs} (`{JOBS_VARIABLE}`; the default is one per core: on a cold cache "
             "a volume's large call trees compile side by side, engine/compile_jobs.py)"
             + ("; the last column is the same stages with one process" if serial else ""), ""]
    for volume, (runs, serial) in by_volume.items():
        lines += volume_lines(volume, runs, jobs, serial)
    return "\n".join(lines) + "\n"


def volume_lines(volume: str, runs: list[dict], jobs: int, serial: list[dict] | None) -> list[str]:
    """One volume's tables: the stages, the aims' sums, and compile seconds per module."""
    results = runs[0]

    def spread(values) -> str:
        values = list(values)
        return f"{statistics.median(values):.1f}" + (f" ({min(values):.1f}-{max(values):.1f})" if len(values) > 1 else "")

    def wall(name, rs):
        return [r[name]["wall_s"] for r in rs]

    lines = [f"## {volume}", ""]
    head = f"| stage | wall, up to {jobs} processes | CPU, all processes |"
    rule = "|---|---:|---:|"
    if serial:
        head += " wall, one process |"
        rule += "---:|"
    lines += [head, rule]
    for name in results:
        row = f"| {name} | {spread(wall(name, runs))} | {spread(r[name]['cpu_s'] for r in runs)} |"
        if serial:
            row += f" {spread(wall(name, serial))} |"
        lines.append(row)
    aim = AIMS["rules and random play"]
    combined = []
    if "rules" in results:
        combined.append((f"rules and random play through `Game` (aim <= {aim:.0f} s)", ("rules",)))
    for extra, what in (("random", "compiled random games (random rollouts, the fuzzer)"), ("env", "the AEC env")):
        if {"rules", extra} <= set(results):
            combined.append((f"rules + {what} (aim <= {aim:.0f} s)", ("rules", extra)))
    if "bots" in results:
        combined.append((f"bots (aim <= {AIMS['bots']:.0f} s)", ("bots",)))
    for label, names in combined:
        row = f"| {label} | {spread(sum(r[n]['wall_s'] for n in names) for r in runs)} | |"
        if serial:
            row += f" {spread(sum(r[n]['wall_s'] for n in names) for r in serial)} |"
        lines.append(row)
    table_runs = serial or runs
    modules = sorted({m for run in table_runs for v in run.values() for m in v["per_module"]})
    lines += ["", "Compile seconds per module (a kernel's own time, callees excluded; "
              + ("the one-process runs" if serial else "this process's kernels only") + "):", "",
              "| module | " + " | ".join(results) + " |", "|---|" + "---:|" * len(results)]
    for m in modules:
        cells = [f"{statistics.median(run[k]['per_module'].get(m, 0.0) for run in table_runs):.1f}" for k in results]
        lines.append(f"| `{m}` | " + " | ".join(cells) + " |")
    return lines + [""]


def main(argv=None) -> str:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--warm", action="store_true", help="use the package's own cache (a quick smoke run)")
    p.add_argument("--volumes", default=",".join(VOLUMES),
                   help=f"comma-separated volumes, each measured from its own empty cache (default: {','.join(VOLUMES)})")
    p.add_argument("--stages", default=",".join(n for n, _ in STAGES),
                   help="comma-separated stages to run, in order (default: all)")
    p.add_argument("--repeat", type=int, default=1, help="run the stages this many times, each from an empty "
                                                         "cache, and report medians (default 1)")
    p.add_argument("--jobs", type=int, default=None,
                   help=f"compile processes ({JOBS_VARIABLE}; default: one per core)")
    p.add_argument("--serial", action="store_true",
                   help="also run every stage with one compile process, for the per-module table")
    p.add_argument("--write", type=Path, help="replace this report's section in PATH")
    args = p.parse_args(argv)
    stages = [s for s in args.stages.split(",") if s]
    unknown = sorted(set(stages) - {n for n, _ in STAGES})
    if unknown:
        p.error(f"unknown stages {unknown}; choose from {[n for n, _ in STAGES]}")
    volumes = volumes_arg(p, args.volumes, VOLUMES)
    if args.repeat < 1:
        p.error("--repeat must be at least 1")
    if args.jobs is not None and args.jobs < 1:
        p.error("--jobs must be at least 1")
    jobs = default_jobs() if args.jobs is None else args.jobs
    by_volume = {}
    for volume in volumes:
        runs, serial = [], []
        for _ in range(args.repeat):           # the two settings in turn, so that drift hits both alike
            runs.append(measure(args.warm, stages, jobs, volume))
            if args.serial and jobs > 1:
                serial.append(measure(args.warm, stages, 1, volume))
        by_volume[volume] = (runs, serial or None)
    text = report(by_volume, args.warm, jobs)
    if args.write:
        write_section(args.write, HEADING, text)
    print(text)
    return text


if __name__ == "__main__":
    main()
