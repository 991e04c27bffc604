"""Throughput of Palestine 1945-47: compiled random-play batch, compile time,
and the PettingZoo AEC step loop next to PettingZoo classic and OpenSpiel peers.

    python benchmarks/bench_palestine.py                      # table to stdout
    python benchmarks/bench_palestine.py --write docs/results/benchmarks.md
    python benchmarks/bench_palestine.py --quick              # tiny sizes (smoke test)

``--write`` replaces only the section headed ``# Benchmarks: Palestine`` in
PATH (appending it if absent) and keeps everything else in the file.

Measured in one run, side by side:

1. ``playout.play_random_games`` (numba, ``prange`` over games): random-vs-random
   full games, on 1 thread, 2 threads and all numba threads, with
   ``check_every_step`` False, plus one all-threads row with it True (the
   cost of checking every invariant after every decision, i.e. fuzzing):
   games/s and decisions/s (decisions from column ``R_DECISIONS``).
2. Compile time: this process's first ``play_games`` call (cache load, or
   compile if the package cache is stale); a subprocess with a fresh
   ``NUMBA_CACHE_DIR`` (cold compile), and a second one with the same
   directory (warm cache load).
3. ``palestine_v0.env()`` and ``palestine_v0.raw_env()`` driven by the
   standard AEC loop (``agent_iter`` / ``last`` / ``step``) with a uniformly
   random legal action, ``rng.choice(obs["action_mask"].nonzero()[0])`` where
   ``rng`` is a ``random.Random`` (the numpy spelling
   ``np.random.Generator.choice(np.flatnonzero(mask))`` costs several µs a
   call, more than a whole Palestine step; its cost is reported too),
   resetting whenever ``env.agents`` is empty: decisions (non-None steps)/s.
   Also, as floors: the same loop over PettingZoo's ``OrderEnforcingWrapper``,
   and over ``envs.aec.OrderEnforcing`` (its subclass that ``palestine_v0.env()``
   uses), around a two-agent AEC env that does nothing (the fixed cost of the
   wrapper and the loop).
4. Peers, same loop: PettingZoo classic ``connect_four_v3`` (``env()`` and
   ``raw_env()``) and ``chess_v6``;
   OpenSpiel ``hearts`` as a Python loop over ``pyspiel`` states (chance
   outcomes sampled from ``state.chance_outcomes()``) and through the C++
   ``pyspiel.evaluate_bots`` with uniform random bots. A peer that cannot be
   imported (``pip install -e '.[bench]'``) is reported as unavailable.
5. Ratios against the throughput aims (``AIM_*`` below).

All timings use ``time.perf_counter`` after a warm-up; each timed figure is
the median of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import importlib
import importlib.metadata
import math
import os
import platform
import random
import statistics
import sys
import time
import warnings
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pygame prints to stdout on import

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(REPO))

import numba  # noqa: E402
import numpy as np  # noqa: E402

from britishway_env import palestine_v0  # noqa: E402
from britishway_env.engine.coin import results as R  # noqa: E402
from britishway_env.volumes.palestine import playout  # noqa: E402
from common import (  # noqa: E402  (benchmarks/ is on sys.path)
    spiel_random_play,
    busy_cores, cache_note, cold_compile_subprocesses, command_line, cpu_model, fmt_rate, fmt_s,
    loadavg, write_section,
)

SECTION_HEADING = "# Benchmarks: Palestine"
BASE_SEED = 20240607
AIM_AEC_RATIO = 10.0
AIM_GAMES_PER_S_2_CORES = 5000.0
N_RESULT_COLUMNS = R.N_RESULT_COLUMNS

# Run in a subprocess: import the kernels and play a few games once.
_COLD_SCRIPT = r"""
import json, time
t0 = time.perf_counter()
import numpy as np
from britishway_env.engine.coin import results as R
from britishway_env.volumes.palestine import playout
t1 = time.perf_counter()
out = np.zeros((8, R.N_RESULT_COLUMNS), np.int64)
playout.play_random_games(np.int64(1), np.int64(0), np.int64(8), False, out)
t2 = time.perf_counter()
assert (out[:, R.R_DECISIONS] > 0).all()
print(json.dumps({"import_s": t1 - t0, "first_call_s": t2 - t1}))
"""


# --------------------------------------------------------------- helpers --


def steal_s() -> float:
    """Cumulative CPU time the hypervisor took from this VM (all cores), /proc/stat."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
        return int(fields[7]) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def dist_version(name: str) -> str:
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def try_import(module: str):
    """(module, None) or (None, reason)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pettingzoo's "create env without registry" notice
            return importlib.import_module(module), None
    except Exception as exc:  # ImportError, or a peer failing at import time
        return None, f"{type(exc).__name__}: {exc}".strip()


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# ----------------------------------------------------------------- batch --

def batch_first_call() -> tuple[float, str]:
    """Time of this process's first play_games call (cache load or compile)."""
    out = np.zeros((4, N_RESULT_COLUMNS), np.int64)
    t0 = time.perf_counter()
    playout.play_random_games(np.int64(BASE_SEED), np.int64(0), np.int64(4), False, out)
    elapsed = time.perf_counter() - t0
    return elapsed, cache_note(playout.play_random_rows)


def bench_batch(configs: list[tuple[bool, int]], n_games: int, repeat: int) -> list[dict]:
    """One row per (check_every_step, threads) config. The timed runs go
    round-robin over the configs, so drift in machine speed (a shared VM)
    hits every config alike instead of whichever one ran during it."""
    out = np.zeros((n_games, N_RESULT_COLUMNS), np.int64)
    warm = min(n_games, 200)
    for check, threads in configs:  # warm-up: threads started, caches hot
        numba.set_num_threads(threads)
        playout.play_random_games(np.int64(BASE_SEED), np.int64(0), np.int64(warm), check, out[:warm])
    times = {c: [] for c in configs}
    cpu_ratios = {c: [] for c in configs}
    results = {}
    for _ in range(repeat):
        for check, threads in configs:
            numba.set_num_threads(threads)
            out[:] = 0
            c0 = time.process_time()
            t0 = time.perf_counter()
            playout.play_random_games(np.int64(BASE_SEED), np.int64(0), np.int64(n_games), check, out)
            wall = time.perf_counter() - t0
            times[(check, threads)].append(wall)
            cpu_ratios[(check, threads)].append((time.process_time() - c0) / wall)
            results[(check, threads)] = (int(out[:, R.R_DECISIONS].sum()),
                                         int((out[:, R.R_VIOLATION] != 0).sum()))
    rows = []
    for c in configs:
        decisions, violations = results[c]
        t = statistics.median(times[c])
        rows.append({
            "check": c[0], "threads": c[1], "games": n_games, "seconds": t,
            "games_per_s": n_games / t, "decisions_per_s": decisions / t,
            "decisions_per_game": decisions / n_games, "violations": violations,
            "cpu_per_wall": statistics.median(cpu_ratios[c]),
            "spread": (min(times[c]), max(times[c])),
        })
    return rows


# -------------------------------------------------------- AEC step loops --

def _null_env(wrapper=None):
    """An order-enforcing wrapper (PettingZoo's by default) around a two-agent
    AEC env that does nothing: one fixed observation dict, agents alternate, no
    game ever ends. The loop over it costs what an ``env()`` with that wrapper
    pays before any rules."""
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

    class NullAEC(AECEnv):
        metadata = {"name": "null_v0", "render_modes": [], "is_parallelizable": False}
        _OBS = {"observation": np.zeros(1, np.float32), "action_mask": np.ones(2, np.int8)}

        def __init__(self):
            super().__init__()
            self.possible_agents = ["a", "b"]

        def reset(self, seed=None, options=None):
            self.agents = list(self.possible_agents)
            self.rewards = {a: 0.0 for a in self.agents}
            self._cumulative_rewards = {a: 0.0 for a in self.agents}
            self.terminations = {a: False for a in self.agents}
            self.truncations = {a: False for a in self.agents}
            self.infos = {a: {} for a in self.agents}
            self.agent_selection = "a"

        def observe(self, agent):
            return self._OBS

        def step(self, action):
            self.agent_selection = "b" if self.agent_selection == "a" else "a"

    return (wrapper or wrappers.OrderEnforcingWrapper)(NullAEC())


def _null_env_ours():
    from britishway_env.envs.aec import OrderEnforcing

    return _null_env(OrderEnforcing)


def _aec_loop(env, target: int, rng: random.Random, seed: int) -> dict:
    """The standard AEC loop with random legal actions, until ``target``
    decisions (non-None steps); resets whenever ``env.agents`` is empty."""
    env.reset(seed=seed)
    decisions = games = finished_decisions = 0
    in_game = 0
    t0 = time.perf_counter()
    while decisions < target:
        for _agent in env.agent_iter():
            obs, _reward, term, trunc, _info = env.last()
            if term or trunc:
                action = None
            else:
                action = rng.choice(obs["action_mask"].nonzero()[0])
                decisions += 1
                in_game += 1
            env.step(action)
            if decisions >= target:
                break
        if not env.agents:
            games += 1
            finished_decisions += in_game
            in_game = 0
            env.reset()
    return {"seconds": time.perf_counter() - t0, "decisions": decisions, "games": games,
            "finished_decisions": finished_decisions}


class AECBench:
    """One environment of the round-robin AEC comparison."""

    def __init__(self, label: str, make_env, target: int):
        self.label, self.target, self.runs = label, target, []
        t0 = time.perf_counter()
        self.env = make_env()
        self.env.reset(seed=BASE_SEED)
        obs, _, _, _, _ = self.env.last()
        self.env.step(np.flatnonzero(obs["action_mask"])[0])
        self.first_s = time.perf_counter() - t0
        self.rng = random.Random(BASE_SEED)
        _aec_loop(self.env, max(50, target // 10), self.rng, BASE_SEED)  # warm-up

    def run(self) -> None:
        self.runs.append(_aec_loop(self.env, self.target, self.rng,
                                   BASE_SEED + 1 + len(self.runs)))

    def result(self) -> dict:
        # Cost of the policy line alone, on one of this env's masks.
        env, rng = self.env, self.rng
        env.reset(seed=BASE_SEED)
        mask = env.last()[0]["action_mask"]
        n_pol = max(200, min(self.target, 20000))
        t1 = time.perf_counter()
        for _ in range(n_pol):
            rng.choice(mask.nonzero()[0])
        policy_s = (time.perf_counter() - t1) / n_pol
        np_rng = np.random.default_rng(BASE_SEED)  # the numpy spelling, for reference
        t1 = time.perf_counter()
        for _ in range(n_pol):
            np_rng.choice(np.flatnonzero(mask))
        policy_numpy_s = (time.perf_counter() - t1) / n_pol
        env.close()
        runs = self.runs
        t = statistics.median(r["seconds"] for r in runs)
        games = sum(r["games"] for r in runs)
        fin = sum(r["finished_decisions"] for r in runs)
        return {"label": self.label, "available": True, "decisions": runs[0]["decisions"],
                "seconds": t, "decisions_per_s": runs[0]["decisions"] / t,
                "games": runs[0]["games"],
                "decisions_per_game": fin / games if games else float("nan"),
                "first_s": self.first_s, "policy_s": policy_s, "policy_numpy_s": policy_numpy_s,
                "spread": (min(r["seconds"] for r in runs), max(r["seconds"] for r in runs))}


def bench_aec_all(specs: list[tuple[str, str, str | None, object, int]], repeat: int) -> dict:
    """specs: (key, label, peer "module" or "module:factory" (default ``env``) or
    None, make_env or None, target). Peers that fail to import or to run are
    reported unavailable with the reason; the timed runs go round-robin over
    the environments."""
    benches, results = {}, {}
    for key, label, module, make_env, target in specs:
        log(f"AEC loops: {key} (set-up, warm-up) ...")
        if module is not None:
            module, _, factory = module.partition(":")
            mod, reason = try_import(module)
            if mod is None:
                results[key] = {"label": label, "available": False, "reason": reason}
                continue
            make_env = getattr(mod, factory or "env")
        try:
            benches[key] = AECBench(label, make_env, target)
        except Exception as exc:
            if module is None:
                raise  # ours must work
            results[key] = {"label": label, "available": False,
                            "reason": f"failed while running: {type(exc).__name__}: {exc}"}
    for r in range(repeat):
        log(f"AEC loops: timed round {r + 1}/{repeat} ...")
        for key in list(benches):
            try:
                benches[key].run()
            except Exception as exc:
                if key in ("ours", "ours_raw"):
                    raise
                results[key] = {"label": benches.pop(key).label, "available": False,
                                "reason": f"failed while running: {type(exc).__name__}: {exc}"}
    for key, bench in benches.items():
        results[key] = bench.result()
    return results


# --------------------------------------------------------------- OpenSpiel --

def _batch_one_thread(n_games: int) -> float:
    """Decisions/s of one 1-thread ``play_games`` call (the paired measurement)."""
    numba.set_num_threads(1)
    out = np.zeros((n_games, N_RESULT_COLUMNS), np.int64)
    t0 = time.perf_counter()
    playout.play_random_games(np.int64(BASE_SEED), np.int64(0), np.int64(n_games), False, out)
    wall = time.perf_counter() - t0
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)
    return float(out[:, R.R_DECISIONS].sum()) / wall


def bench_openspiel(game_name: str, target: int, n_games: int, repeat: int,
                    pair_games: int) -> dict:
    pyspiel, reason = try_import("pyspiel")
    if pyspiel is None:
        return {"available": False, "reason": reason}
    try:
        game = pyspiel.load_game(game_name)
        rng = random.Random(BASE_SEED)
        spiel_random_play(game, max(50, target // 10), rng)  # warm-up
        runs = [spiel_random_play(game, target, rng) for _ in range(repeat)]
        t = statistics.median(r["seconds"] for r in runs)
        games = sum(r["games"] for r in runs)
        fin = sum(r["finished_decisions"] for r in runs)
        dpg = fin / games if games else float("nan")
        py = {"decisions": runs[0]["decisions"], "seconds": t,
              "decisions_per_s": runs[0]["decisions"] / t, "games": runs[0]["games"],
              "decisions_per_game": dpg, "games_sampled": games,
              "spread": (min(r["seconds"] for r in runs), max(r["seconds"] for r in runs))}

        # C++: evaluate_bots plays a whole game (chance included) per call.
        # Each timed block is paired with a 1-thread batch run right after it,
        # so the per-core ratio is taken under the same machine conditions.
        bots = [pyspiel.make_uniform_random_bot(p, BASE_SEED + p) for p in range(game.num_players())]
        for i in range(max(5, n_games // 10)):  # warm-up
            pyspiel.evaluate_bots(game.new_initial_state(), bots, BASE_SEED + i)
        times, ratios = [], []
        for r in range(repeat):
            t0 = time.perf_counter()
            for i in range(n_games):
                pyspiel.evaluate_bots(game.new_initial_state(), bots, BASE_SEED + r * n_games + i)
            wall = time.perf_counter() - t0
            times.append(wall)
            ratios.append(_batch_one_thread(pair_games) / (n_games / wall * dpg))
        t = statistics.median(times)
        cpp = {"games": n_games, "seconds": t, "games_per_s": n_games / t,
               "decisions_per_game_est": dpg, "decisions_per_s": n_games / t * dpg,
               "spread": (min(times), max(times)), "paired_ratio": statistics.median(ratios),
               "paired_ratios": ratios, "pair_games": pair_games}
        return {"available": True, "python": py, "cpp": cpp,
                "version": dist_version("open_spiel")}
    except Exception as exc:
        return {"available": False, "reason": f"failed while running: {type(exc).__name__}: {exc}"}


# ---------------------------------------------------------------- report --

def spread(r: dict) -> str:
    lo, hi = r["spread"]
    return f"{fmt_s(lo)}-{fmt_s(hi)}"


def _unavailable(reason: str) -> str:
    return "unavailable: " + reason.replace("|", "/").replace("\n", " ")[:200]


def render(args, info: dict, first_call: tuple[float, str], cold: dict | None,
           batch_rows: list[dict], loops: dict[str, dict], spiel: dict) -> str:
    lines = []
    add = lines.append
    add(SECTION_HEADING)
    add("")
    add(f"- Date: {info['date']}")
    add(f"- Machine: {info['cpu']}, {info['cores']} cores "
        f"(numba threads available: {info['numba_threads']})")
    add(f"- Other load before the run: {info['busy']:.2f} of {info['cores']} cores busy "
        f"(sampled from /proc/stat over 1 s; load average {info['loadavg']}); "
        f"after the run: {info['busy_after']:.2f} (load average {info['loadavg_after']})")
    add(f"- Hypervisor steal during the run: {info['steal']:.1f} CPU-s over "
        f"{info['run_s']:.0f} s of wall time (/proc/stat)")
    if max(info["busy"], info["busy_after"]) > 0.25:  # False for NaN
        add("- **Warning: other processes were using the CPU before or after the run; "
            "the figures (thread scaling above all) are noisy.**")
    add(f"- Python {info['python']}, numpy {np.__version__}, numba {numba.__version__}, "
        f"pettingzoo {dist_version('pettingzoo')}, open_spiel {dist_version('open_spiel')}, "
        f"chess {dist_version('chess')}, pygame-ce {dist_version('pygame-ce')}")
    add(f"- Command: `{info['command']}`")
    add(f"- Sizes: {args.games:,} games per batch run; {args.steps:,} decisions per AEC / "
        f"OpenSpiel Python loop ({args.chess_steps:,} for chess); {args.spiel_games:,} "
        f"OpenSpiel `evaluate_bots` games; median of {args.repeat} timed runs after a warm-up; "
        f"the batch configs and the AEC environments are timed round-robin (run 1 of each, "
        f"then run 2 of each, ...) so drift in machine speed hits them alike")
    if args.quick:
        add("- **`--quick`: tiny sizes for the smoke test; the figures are not meaningful.**")
    add("")

    add("## Compiled batch: `playout.play_random_games` (random-vs-random full games)")
    add("")
    add("| check every step | threads | games | decisions/game | time (min-max) | CPU/wall "
        "| games/s | decisions/s | violations |")
    add("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in batch_rows:
        add(f"| {'yes' if r['check'] else 'no'} | {r['threads']} | {r['games']:,} "
            f"| {r['decisions_per_game']:.1f} | {fmt_s(r['seconds'])} ({spread(r)}) "
            f"| {r['cpu_per_wall']:.2f} "
            f"| {fmt_rate(r['games_per_s'])} | {fmt_rate(r['decisions_per_s'])} "
            f"| {r['violations']} |")
    add("")
    plain = {r["threads"]: r for r in batch_rows if not r["check"]}
    top = max(plain)
    if top > 1:
        add(f"- {top} threads vs 1 thread speed-up {plain[top]['games_per_s'] / plain[1]['games_per_s']:.2f}x")
    checked = [r for r in batch_rows if r["check"]]
    if checked and checked[0]["threads"] in plain:
        c = checked[0]
        add(f"- Checking every invariant after every decision (the fuzzer) costs "
            f"{c['seconds'] / plain[c['threads']]['seconds']:.2f}x the time "
            f"({c['threads']} threads).")
    add("- CPU/wall: process CPU time over wall time of the timed call; well under the "
        "thread count means the threads did not get their cores (other load here, or on the "
        "VM's host: this machine's speed drifts by 10-40% between runs with nothing else running).")
    add("")

    add("## Compile time")
    add("")
    add("| measurement | import | first `play_games` call | process wall |")
    add("|---|---:|---:|---:|")
    add(f"| this process, first call: {first_call[1]} | - | {fmt_s(first_call[0])} | - |")
    if cold is not None:
        c, w = cold["cold"], cold["warm_cache"]
        add(f"| subprocess, fresh `NUMBA_CACHE_DIR` (cold compile) | {fmt_s(c['import_s'])} "
            f"| {fmt_s(c['first_call_s'])} | {fmt_s(c['process_wall_s'])} |")
        add(f"| subprocess, same `NUMBA_CACHE_DIR` (warm cache load) | {fmt_s(w['import_s'])} "
            f"| {fmt_s(w['first_call_s'])} | {fmt_s(w['process_wall_s'])} |")
    else:
        add("| subprocesses | skipped (`--no-compile`) | | |")
    steady = plain[top]
    add(f"| steady state, one call of {steady['games']:,} games ({steady['threads']} threads) "
        f"| - | {fmt_s(steady['seconds'])} | - |")
    add("")

    add("## AEC step loop: ours vs PettingZoo classic")
    add("")
    add("Loop: `for agent in env.agent_iter(): obs, r, term, trunc, info = env.last(); "
        "action = None if term or trunc else rng.choice(obs[\"action_mask\"].nonzero()[0]); "
        "env.step(action)` with `rng = random.Random(seed)`, `env.reset()` when `env.agents` is "
        "empty (inside the timed loop). The same loop and policy line for every environment.")
    add("")
    add("| environment | decisions | games finished | decisions/game | first make+reset+step "
        "| policy line alone | time (min-max) | decisions/s |")
    add("|---|---:|---:|---:|---:|---:|---:|---:|")
    for key in ("ours", "ours_raw", "connect_four", "connect_four_raw", "chess", "floor", "floor_ours"):
        r = loops[key]
        if not r["available"]:
            add(f"| {r['label']} | {_unavailable(r['reason'])} | | | | | | |")
            continue
        dpg = "-" if math.isnan(r["decisions_per_game"]) else f"{r['decisions_per_game']:.1f}"
        add(f"| {r['label']} | {r['decisions']:,} | {r['games']:,} | {dpg} "
            f"| {fmt_s(r['first_s'])} | {fmt_s(r['policy_s'])} | {fmt_s(r['seconds'])} ({spread(r)}) "
            f"| {fmt_rate(r['decisions_per_s'])} |")
    add("")
    add("\"policy line alone\": `rng.choice(mask.nonzero()[0])` timed by itself on one of the "
        "env's masks; it is part of every decision in the loop above. The numpy spelling, "
        "`np.random.default_rng().choice(np.flatnonzero(mask))`, takes "
        f"{loops['ours']['policy_numpy_s'] * 1e6:.1f} µs on a Palestine mask "
        f"(the line above: {loops['ours']['policy_s'] * 1e6:.1f} µs).")
    add("")
    add("\"floor\": PettingZoo's `OrderEnforcingWrapper` (`connect_four_v3.env()` has it and two "
        "more) around an AEC env whose `observe` returns one fixed dict and whose `step` only flips "
        "`agent_selection`: the cost of the loop, the policy line and the wrapper's attribute "
        "forwarding alone. \"floor, ours\": the same with `envs.aec.OrderEnforcing`, the wrapper of "
        "`palestine_v0.env()`: a subclass of PettingZoo's with the same checks that forwards the "
        "attributes read every step (`agents`, `agent_selection`, `terminations`, ...) by "
        "properties instead of `__getattr__`.")
    add("")

    add("## OpenSpiel `hearts` (random play)")
    add("")
    if not spiel["available"]:
        add(f"- hearts: {_unavailable(spiel['reason'])}")
    else:
        py, cpp = spiel["python"], spiel["cpp"]
        add("| driver | games | decisions/game | time (min-max) | games/s | decisions/s |")
        add("|---|---:|---:|---:|---:|---:|")
        add(f"| Python loop: `rng.choice(legal_actions())`, chance `rng.choices(outcomes, probs)` "
            f"| {py['games']:,} | {py['decisions_per_game']:.1f} | {fmt_s(py['seconds'])} ({spread(py)}) "
            f"| {fmt_rate(py['games'] / py['seconds'])} | {fmt_rate(py['decisions_per_s'])} |")
        add(f"| C++ `pyspiel.evaluate_bots`, `make_uniform_random_bot` x4 (1 core) "
            f"| {cpp['games']:,} | {cpp['decisions_per_game_est']:.1f} (est.) "
            f"| {fmt_s(cpp['seconds'])} ({spread(cpp)}) "
            f"| {fmt_rate(cpp['games_per_s'])} | {fmt_rate(cpp['decisions_per_s'])} (est.) |")
        add("")
        add(f"Decisions counted are player moves only (hearts also has about 53 chance nodes per "
            f"game: pass direction and the deal). `evaluate_bots` returns only the returns, so its "
            f"decisions/s is its games/s times the mean decisions per game of the "
            f"{py['games_sampled']:,} games the Python loop finished (a hearts game has 52 player "
            f"moves, plus 12 card passes in the three deals out of four that pass: 61 expected).")
    add("")

    add("## Ratios and aims")
    add("")
    add("| ratio | value | aim | met? |")
    add("|---|---:|---:|---|")
    ours, raw, c4 = loops["ours"], loops["ours_raw"], loops["connect_four"]
    aims = []
    if c4["available"]:
        v = ours["decisions_per_s"] / c4["decisions_per_s"]
        met = v >= AIM_AEC_RATIO
        aims.append(f"AEC step loop >= {AIM_AEC_RATIO:.0f}x connect_four_v3: "
                    f"**{'met' if met else 'not met'}** ({v:.2f}x)")
        add(f"| AEC decisions/s: `palestine_v0.env()` / `connect_four_v3.env()` | {v:.2f}x "
            f"| >= {AIM_AEC_RATIO:.0f}x | {'yes' if met else 'no'} |")
        add(f"| AEC decisions/s: `palestine_v0.raw_env()` / `connect_four_v3.env()` "
            f"| {raw['decisions_per_s'] / c4['decisions_per_s']:.2f}x | - | (info) |")
        c4raw = loops.get("connect_four_raw", {"available": False})
        if c4raw["available"]:
            add(f"| AEC decisions/s: `palestine_v0.raw_env()` / `connect_four_v3.raw_env()` "
                f"| {raw['decisions_per_s'] / c4raw['decisions_per_s']:.2f}x | - | (info) |")
        add(f"| ceiling with PettingZoo's own wrapper: floor decisions/s / `connect_four_v3.env()` "
            f"(what an `env()` keeping `OrderEnforcingWrapper` as it is would reach with free rules) "
            f"| {loops['floor']['decisions_per_s'] / c4['decisions_per_s']:.2f}x | - | (info) |")
    else:
        aims.append(f"AEC step loop >= {AIM_AEC_RATIO:.0f}x connect_four_v3: **cannot tell** "
                    "(connect_four_v3 unavailable)")
        add(f"| AEC decisions/s: ours / connect_four_v3 | n/a (connect_four_v3 unavailable) "
            f"| >= {AIM_AEC_RATIO:.0f}x | cannot tell |")
    if loops["chess"]["available"]:
        add(f"| AEC decisions/s: `palestine_v0.env()` / `chess_v6.env()` "
            f"| {ours['decisions_per_s'] / loops['chess']['decisions_per_s']:.2f}x | - | (info) |")
    else:
        add("| AEC decisions/s: ours / chess_v6 | n/a (chess_v6 unavailable) | - | (info) |")
    if spiel["available"]:
        c = spiel["cpp"]
        cpp = c["decisions_per_s"]
        add(f"| batch decisions/s per core (1 thread) / OpenSpiel C++ hearts decisions/s "
            f"(`evaluate_bots`, 1 core), paired runs | {c['paired_ratio']:.2f}x "
            f"({', '.join(f'{x:.2f}' for x in c['paired_ratios'])}) | - "
            f"| (no aim; > 1 is faster per core) |")
        add(f"| same, from the batch table's 1-thread row | "
            f"{plain[1]['decisions_per_s'] / cpp:.2f}x | - | (info) |")
        if top > 1:
            vt = plain[top]["decisions_per_s"] / top / cpp
            add(f"| batch decisions/s per core ({top} threads / {top}) / OpenSpiel C++ hearts "
                f"decisions/s | {vt:.2f}x | - | (info) |")
        add(f"| AEC decisions/s: `palestine_v0.env()` / OpenSpiel Python-loop hearts "
            f"| {ours['decisions_per_s'] / spiel['python']['decisions_per_s']:.2f}x | - | (info) |")
    else:
        add("| batch decisions/s per core / OpenSpiel C++ hearts decisions/s | n/a (hearts: "
            "OpenSpiel unavailable) | - | (info) |")
    if 2 in plain:
        g2 = plain[2]["games_per_s"]
        met = g2 >= AIM_GAMES_PER_S_2_CORES
        aims.append(f"full Palestine games/s on 2 cores >= {AIM_GAMES_PER_S_2_CORES:,.0f}: "
                    f"**{'met' if met else 'not met'}** ({fmt_rate(g2)} games/s)")
        add(f"| full Palestine games/s, batch on 2 threads (no per-step checks) | {fmt_rate(g2)} "
            f"| >= {AIM_GAMES_PER_S_2_CORES:,.0f} | {'yes' if met else 'no'} |")
    else:
        aims.append(f"full Palestine games/s on 2 cores >= {AIM_GAMES_PER_S_2_CORES:,.0f}: "
                    "**cannot tell** (fewer than 2 numba threads)")
    add("")
    for a in aims:
        add(f"- Aim: {a}")
    if c4["available"]:
        add(f"- Budget: at {AIM_AEC_RATIO:.0f}x `connect_four_v3.env()` a whole loop iteration "
            f"would get {1e6 / (AIM_AEC_RATIO * c4['decisions_per_s']):.1f} µs per decision; "
            f"the policy line alone takes {ours['policy_s'] * 1e6:.1f} µs, the floor (loop, policy "
            f"line and `OrderEnforcingWrapper`, no env work) {1e6 / loops['floor']['decisions_per_s']:.1f} µs "
            f"({1e6 / loops['floor_ours']['decisions_per_s']:.1f} µs with `envs.aec.OrderEnforcing`), "
            f"and `palestine_v0.env()` takes {1e6 / ours['decisions_per_s']:.1f} µs "
            f"(`raw_env()`: {1e6 / raw['decisions_per_s']:.1f} µs).")
    add("")
    if spiel["available"]:
        add(f"Paired runs: each timed `evaluate_bots` block is followed at once by a 1-thread "
            f"`play_games` call of {spiel['cpp']['pair_games']:,} games; the ratio is the median "
            f"of the per-pair ratios (listed), which cancels slow drift in machine speed.")
        add("")
    add("Caveats:")
    add("")
    add("- AEC ratio: both sides run the same Python AEC loop and the same policy line, so "
        "it compares per-decision API overhead plus rules work as a Python user sees it. It does "
        "not compare like games: a connect_four decision is one column drop on a 6x7 board, a "
        "Palestine decision is one micro-step (a space, a piece, a choice) of a far larger game, "
        "so per-decision rates say nothing about per-turn or per-game cost.")
    add("- Batch vs OpenSpiel: both are compiled random play on one core, but of different games "
        "(Palestine micro-decisions vs hearts card plays, ~61 per game with ~53 cheap chance nodes "
        "not counted), and `evaluate_bots` goes through virtual Bot calls and builds the legal "
        "action vector per move while our kernel samples from a mask in place; it compares "
        "engines' raw random-play speed, not rules complexity or usefulness for learning.")
    add("- Games/s: random-vs-random games end differently from played ones (length "
        "and outcome), and the batch skips observations entirely; it is a fuzzing/rollout "
        "throughput, not a training-loop throughput.")
    add("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=None,
                        help="games per batch run (default 50000; 500 with --quick)")
    parser.add_argument("--steps", type=int, default=None,
                        help="decisions per AEC / OpenSpiel Python loop (default 50000; 500 with --quick)")
    parser.add_argument("--chess-steps", type=int, default=None,
                        help="decisions per chess_v6 loop (default --steps / 10, at least 300)")
    parser.add_argument("--spiel-games", type=int, default=None,
                        help="OpenSpiel evaluate_bots games per timed run (default 20000; 100 with --quick)")
    parser.add_argument("--repeat", type=int, default=None,
                        help="timed runs per figure, median reported (default 3; 1 with --quick)")
    parser.add_argument("--quick", action="store_true", help="tiny sizes, for the smoke test")
    parser.add_argument("--no-compile", action="store_true",
                        help="skip the cold/warm compile subprocesses")
    parser.add_argument("--write", type=Path, default=None, metavar="PATH",
                        help=f"also write the report into PATH, replacing only its "
                             f"'{SECTION_HEADING}' section")
    args = parser.parse_args(argv)
    if args.games is None:
        args.games = 500 if args.quick else 50_000
    if args.steps is None:
        args.steps = 500 if args.quick else 50_000
    if args.chess_steps is None:
        args.chess_steps = max(300, args.steps // 10)
    if args.spiel_games is None:
        args.spiel_games = 100 if args.quick else 20_000
    if args.repeat is None:
        args.repeat = 1 if args.quick else 3
    if min(args.games, args.steps, args.chess_steps, args.spiel_games, args.repeat) < 1:
        parser.error("sizes and --repeat must be positive")

    all_threads = numba.config.NUMBA_NUM_THREADS
    info = {
        "date": _dt.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
        "cpu": cpu_model(), "cores": os.cpu_count(), "numba_threads": all_threads,
        "python": platform.python_version(), "command": command_line(),
        "busy": busy_cores(), "loadavg": loadavg(), "steal0": steal_s(),
    }
    t_run = time.perf_counter()

    log("batch: first call ...")
    first_call = batch_first_call()
    configs = [(False, t) for t in sorted({1, min(2, all_threads), all_threads})]
    configs.append((True, all_threads))
    log(f"batch: {len(configs)} configs x {args.repeat} round(s) ...")
    batch_rows = bench_batch(configs, args.games, args.repeat)
    numba.set_num_threads(all_threads)

    cold = None
    if not args.no_compile:
        log("compile: cold and warm-cache subprocesses ...")
        cold = cold_compile_subprocesses(_COLD_SCRIPT, REPO)

    loops = bench_aec_all([
        ("ours", "`palestine_v0.env()`", None, palestine_v0.env, args.steps),
        ("ours_raw", "`palestine_v0.raw_env()`", None, palestine_v0.raw_env, args.steps),
        ("connect_four", "`pettingzoo.classic.connect_four_v3.env()`",
         "pettingzoo.classic.connect_four_v3", None, args.steps),
        ("connect_four_raw", "`pettingzoo.classic.connect_four_v3.raw_env()`",
         "pettingzoo.classic.connect_four_v3:raw_env", None, args.steps),
        ("chess", "`pettingzoo.classic.chess_v6.env()`", "pettingzoo.classic.chess_v6", None,
         args.chess_steps),
        ("floor", "floor: `OrderEnforcingWrapper` around a do-nothing AEC env", None, _null_env,
         args.steps),
        ("floor_ours", "floor, ours: `envs.aec.OrderEnforcing` around a do-nothing AEC env", None,
         _null_env_ours, args.steps),
    ], args.repeat)
    log("OpenSpiel hearts ...")
    spiel = bench_openspiel("hearts", args.steps, args.spiel_games, args.repeat,
                            pair_games=max(50, args.games // 5))

    info["busy_after"] = busy_cores()
    info["loadavg_after"] = loadavg()
    info["steal"] = steal_s() - info["steal0"]
    info["run_s"] = time.perf_counter() - t_run
    report = render(args, info, first_call, cold, batch_rows, loops, spiel)
    print(report)
    if args.write is not None:
        write_section(args.write, SECTION_HEADING, report)
        log(f"written to {args.write} (section '{SECTION_HEADING}')")
    return 0


if __name__ == "__main__":
    sys.exit(main())
