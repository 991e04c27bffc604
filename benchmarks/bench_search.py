"""What the networks and the search cost, against a random game measured in the same run.

    python benchmarks/bench_search.py                      # every COIN volume, one core
    python benchmarks/bench_search.py --quick              # a few games and decisions (the smoke test)
    python benchmarks/bench_search.py --write docs/results/benchmarks.md

Per volume, on one numba thread and one BLAS thread (NumPy's matrix products):

* a random game (compiled random play in both seats, ``playout.play_random_games``);
* a trained-vs-trained game (the shipped network in each seat) two ways: the
  forward pass inside the kernel (``search.play_games``, what rollouts use) and
  the vector env's lock-step NumPy batches (``envs/vector.play_policies``, what
  they used before), each as a multiple of the random game;
* the search: iterations per second (the default leaves, and ``+value``
  leaves), and the time per decision at each level, over positions met in
  trained-vs-trained games;
* the other bots' time per decision over the same positions, through
  ``Game.choose`` as a caller from Python meets it (the best of 5 passes).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("NUMBA_NUM_THREADS", "1")
# One core for the NumPy side too: the lock-step batches' matrix products would
# otherwise take every core OpenBLAS finds, and the kernel's forward pass one.
for _blas in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_blas, "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from britishway_env.registry import coin_volume_names  # noqa: E402
from benchmarks.common import command_line, cpu_model, fmt_s, loadavg, volumes_arg, write_section  # noqa: E402

HEADING = "# Benchmarks: networks in the kernels and the search bot"
VOLUMES = coin_volume_names()
LEVELS = ("search:50", "search", "search:400", "search:1600")
BOTS = ("heuristic", "trained", "league")


def positions(volume: str, n: int, seed: int = 0):
    """Rows of positions with several legal actions, from trained-vs-trained games."""
    from britishway_env import Game

    out, g, k = [], Game(volume, seed=seed), 0
    while len(out) < n:
        if g.is_terminal():
            seed += 1
            g = Game(volume, seed=seed)
        if len(g.legal_actions()) > 1 and k % 5 == 0:
            out.append(g.state.copy())
        k += 1
        g.apply(g.choose("trained"))
    return out


def timed(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def bench_volume(volume: str, games: int, decisions: int) -> dict:
    from importlib import import_module

    from agents.trained import load_network
    from britishway_env import search
    from britishway_env.engine import nn
    from britishway_env.engine.coin import results as R
    from britishway_env.registry import spec

    seats = spec(volume).agents
    package = spec(volume).loops.package
    playout, m = import_module(f"{package}.playout"), search.module(volume)
    nets = [load_network("trained", volume, seat) for seat in seats]
    params, meta = nn.pack(nets)
    out = np.zeros((games, R.N_RESULT_COLUMNS), dtype=np.int64)
    rollouts = import_module(f"{package}.rollouts").ROLLOUTS

    def random_games():
        playout.play_random_games(np.int64(7), np.int64(0), np.int64(games), False, out)

    def kernel_games():
        m.play_games(7, 0, games, *m.seat_tables([m.POLICY_NETWORK] * 2), [0, 0], [0.0, 0.0], [0, 0], [0, 0], params,
                     meta, params, meta, False, out)

    def lockstep_games():
        rollouts.learned_games(volume, dict(zip(seats, nets)), 7, 0, games)

    for fn in (random_games, kernel_games, lockstep_games):
        fn()                                           # compile / load
    t_random, t_kernel, t_lock = timed(random_games), timed(kernel_games), timed(lockstep_games)
    result = {"volume": volume, "games": games, "random": t_random / games, "kernel": t_kernel / games,
              "lockstep": t_lock / games, "values": search.has_values(volume), "levels": {}}
    rows = positions(volume, decisions)
    search.decide(volume, rows[0], search.parse("search:2"), trusted=True)   # rows of Games: valid
    for name in LEVELS + ("search:100+value",):
        agent = search.parse(name)
        t = time.perf_counter()
        for row in rows:
            search.decide(volume, row, agent, trusted=True)
        per = (time.perf_counter() - t) / len(rows)
        result["levels"][name] = (agent.iterations, per)
    game_class, result["bots"] = spec(volume).game_class, {}
    for name in BOTS:
        games_at = [game_class._bare(row.copy()) for row in rows]
        games_at[0].choose(name)                          # load the bot's kernels or network
        best = float("inf")
        for _ in range(5):
            t = time.perf_counter()
            for g in games_at:
                g.choose(name)
            best = min(best, time.perf_counter() - t)
        result["bots"][name] = best / len(rows)
    return result


def report(results: list[dict], args) -> str:
    lines = [HEADING, "",
             f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}. Command: `{command_line()}`; {cpu_model()}, "
             f"load {loadavg()}; one numba thread and one BLAS thread. Each game time is the best "
             f"of 3 runs of {results[0]['games']} games (seed 7); decision times are means over positions met in "
             "trained-vs-trained games (one decision in five with several legal actions).", "",
             "| volume | random game | trained vs trained, kernel | x random | trained vs trained, lock-step NumPy | "
             "x random | kernel speed-up |", "|---|---|---|---|---|---|---|"]
    for r in results:
        lines.append(f"| {r['volume']} | {fmt_s(r['random'])} | {fmt_s(r['kernel'])} | {r['kernel'] / r['random']:.1f}x | "
                     f"{fmt_s(r['lockstep'])} | {r['lockstep'] / r['random']:.1f}x | {r['lockstep'] / r['kernel']:.1f}x |")
    lines += ["", "| volume | level | iterations | time per decision | iterations/s (one core) | x a random game |",
              "|---|---|---|---|---|---|"]
    for r in results:
        for name, (iters, per) in r["levels"].items():
            lines.append(f"| {r['volume']} | `{name}` | {iters} | {fmt_s(per)} | {iters / per:,.0f} | "
                         f"{per / r['random']:.1f}x |")
    lines += ["", "Leaves are valued by the value head of the seat to act after the two networks play on 16 "
              "decisions; `+value` leaves by the value head at once.", "",
              "The other bots over the same positions, through `Game.choose` (the best of 5 passes):", "",
              "| volume | " + " | ".join(f"`{b}`" for b in BOTS) + " |", "|---|" + "---|" * len(BOTS)]
    for r in results:
        lines.append(f"| {r['volume']} | " + " | ".join(fmt_s(r["bots"][b]) for b in BOTS) + " |")
    lines.append("")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few games and decisions (smoke test)")
    parser.add_argument("--volumes", default=",".join(VOLUMES), help="comma-separated (default: all three)")
    parser.add_argument("--write", type=Path, help="replace this script's section of a Markdown report")
    args = parser.parse_args(argv)
    games, decisions = (4, 3) if args.quick else (200, 40)
    results = [bench_volume(v, games, decisions) for v in volumes_arg(parser, args.volumes, VOLUMES)]
    text = report(results, args)
    print(text)
    if args.write:
        write_section(args.write, HEADING, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
