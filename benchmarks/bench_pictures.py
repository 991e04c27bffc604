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
(``io.png_bytes``: Pillow at zlib level 1) and, the peer, as matplotlib's
``imsave`` writes it (the page's encoder before). Each row: the median over
``--rounds`` rounds of the mean ms a picture; the board's layer is drawn
before the first round.

``--write`` replaces only the section headed ``# Benchmarks: map pictures``, keeping its
hand-written ``## Observations``.
"""

from __future__ import annotations

import argparse
import importlib
import io
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from common import busy_cores, command_line, cpu_model, loadavg, volumes_arg, write_section_keeping_notes  # noqa: E402

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


def matplotlib_png(rgb) -> bytes:
    import matplotlib.image as mpimg

    buf = io.BytesIO()
    mpimg.imsave(buf, rgb, format="png")
    return buf.getvalue()


def measure(volume: str, count: int, rounds: int) -> dict:
    render = importlib.import_module(f"britishway_env.volumes.{volume}.render").render_rgb
    games = positions(volume, count)
    pictures = [render(g) for g in games]          # the board's layer drawn and kept
    times = {"kept": [], "once": [], "png": [], "imsave": []}
    for _ in range(rounds):
        times["kept"].append(mean_ms(render, games))
        times["once"].append(mean_ms(lambda g: render(g, one_pass=True), games))
        times["png"].append(mean_ms(png_bytes, pictures))
        times["imsave"].append(mean_ms(matplotlib_png, pictures))
    row = {k: statistics.median(v) for k, v in times.items()}
    row["kb"] = statistics.mean(len(png_bytes(p)) for p in pictures) / 1024
    row["imsave_kb"] = statistics.mean(len(matplotlib_png(p)) for p in pictures) / 1024
    return row


def report(rows: dict, count: int, rounds: int, busy: float, before: str) -> str:
    out = [HEADING, "",
           f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {cpu_model()}; other load before the run: "
           f"{busy:.2f} cores busy (load average {before}). Command: `{command_line()}`.", "",
           f"{count} positions of one random game per volume; median of {rounds} rounds of the mean ms a "
           "picture (800 x 1000 pixels).", "",
           "| volume | board layer kept (ms) | both layers at once (ms) | kept / at once | PNG (ms, KiB) "
           "| matplotlib's imsave (ms, KiB) | PNG / imsave |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    for volume, r in rows.items():
        out.append(f"| {volume} | {r['kept']:.1f} | {r['once']:.1f} | {r['kept'] / r['once']:.2f} | {r['png']:.1f}, "
                   f"{r['kb']:.0f} | {r['imsave']:.1f}, {r['imsave_kb']:.0f} | {r['png'] / r['imsave']:.2f} |")
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
        write_section_keeping_notes(args.write, HEADING, text)
    print(text)
    return text


if __name__ == "__main__":
    main()
