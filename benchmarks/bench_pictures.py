"""What a map picture costs: the page (`britishway serve`) draws one after every decision.

    python benchmarks/bench_pictures.py                                  # table to stdout
    python benchmarks/bench_pictures.py --write docs/results/benchmarks.md
    python benchmarks/bench_pictures.py --quick                          # a few pictures (smoke test)

For each COIN volume, ``--positions`` positions of one random game (seeded,
the same for every row), each drawn three ways in turn: with the board's
layer kept (``render_rgb``, what the page and the env's ``rgb_array`` use:
volumes/board_drawing.py ``board_picture``), with both layers drawn in one
figure (``render_rgb(game, one_pass=True)``, the peer: the drawing as it was
before the layers), and the kept picture encoded as the page's PNG
(``io.png_bytes``). Each row: the median over ``--rounds`` rounds of the
mean ms a picture; the board's layer is drawn before the first round.

``--write`` replaces only the section headed ``# Benchmarks: map pictures``.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import busy_cores, command_line, cpu_model, loadavg, volumes_arg, write_section  # noqa: E402

from britishway_env import Game  # noqa: E402
from britishway_env.io import png_bytes  # noqa: E402
from britishway_env.registry import coin_volume_names  # noqa: E402

HEADING = "# Benchmarks: map pictures"


def positions(volume: str, count: int, seed: int = 0) -> list:
    """``count`` positions spread over one random game of ``volume``."""
    rng = np.random.default_rng(seed)
    g = Game(volume, seed=seed)
    games = [g.clone()]
    while not g.is_terminal():
        g.apply(int(rng.choice(g.legal_actions())))
        games.append(g.clone())
    picks = np.linspace(0, len(games) - 1, count).round().astype(int)
    return [games[i] for i in picks]


def mean_ms(fn, items) -> float:
    t0 = time.perf_counter()
    for item in items:
        fn(item)
    return (time.perf_counter() - t0) / len(items) * 1e3


def measure(volume: str, count: int, rounds: int) -> tuple[float, float, float]:
    render = importlib.import_module(f"britishway_env.volumes.{volume}.render").render_rgb
    games = positions(volume, count)
    pictures = [render(g) for g in games]          # the board's layer drawn and kept
    kept, once, png = [], [], []
    for _ in range(rounds):
        kept.append(mean_ms(render, games))
        once.append(mean_ms(lambda g: render(g, one_pass=True), games))
        png.append(mean_ms(png_bytes, pictures))
    return statistics.median(kept), statistics.median(once), statistics.median(png)


def report(rows: dict, count: int, rounds: int, busy: float, before: str) -> str:
    out = [HEADING, "",
           f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {cpu_model()}; other load before the run: "
           f"{busy:.2f} cores busy (load average {before}). Command: `{command_line()}`.", "",
           f"{count} positions of one random game per volume; median of {rounds} rounds of the mean ms a "
           "picture (800 x 1000 pixels).", "",
           "| volume | board layer kept (ms) | both layers at once (ms) | kept / at once | PNG (ms) |",
           "|---|---:|---:|---:|---:|"]
    for volume, (kept, once, png) in rows.items():
        out.append(f"| {volume} | {kept:.1f} | {once:.1f} | {kept / once:.2f} | {png:.1f} |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> str:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=20, help="positions a volume (default 20)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    ap.add_argument("--quick", action="store_true", help="2 positions, 1 round (smoke test)")
    ap.add_argument("--write", type=Path, help="replace this script's section of the given Markdown page")
    ap.add_argument("--volumes", default=",".join(coin_volume_names()),
                    help="comma-separated COIN volumes (default: all)")
    args = ap.parse_args(argv)
    volumes = volumes_arg(ap, args.volumes, coin_volume_names())
    if args.positions < 1 or args.rounds < 1:
        ap.error("--positions and --rounds must be at least 1")
    if args.quick:
        args.positions, args.rounds = 2, 1
    before = loadavg()
    busy = busy_cores()
    rows = {v: measure(v, args.positions, args.rounds) for v in volumes}
    text = report(rows, args.positions, args.rounds, busy, before)
    if args.write:
        write_section(args.write, HEADING, text)
    print(text)
    return text


if __name__ == "__main__":
    main()
