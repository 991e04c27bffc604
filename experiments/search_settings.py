"""The search's settings side by side: one seat searches, the other plays the shipped network.

    python experiments/search_settings.py --volume cyprus --seat eoka --games 30 400/1.5/0 400/1.5/16
    python experiments/search_settings.py --volume palestine --seat irgun --games 30 100/1.5/0 400/1.5/0 1600/1.5/0

Each setting is ``iterations/c_puct/playout`` (``playout``: the decisions the
two networks play on before the value head values a leaf; 0: the value head
at once, ``+value``; -1: to the end of the game). Every setting plays the
same games (base seed ``--seed``, games ``0 .. N-1``), and the first line is
the shipped network in the searching seat on those games, so each row is a
paired comparison with it: the seat's wins, the network's, and the paired
difference with its 95% interval (engine/stats.py). docs/search.md quotes
these runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def setting(text: str) -> tuple[int, float, int]:
    try:
        n, c, playout = text.split("/")
        return int(n), float(c), int(playout)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a setting is iterations/c_puct/playout, got {text!r}") from None


def main(argv=None) -> int:
    from agents.trained import load_network
    from britishway_env import search
    from britishway_env.engine import nn
    from britishway_env.engine.coin import results as R
    from britishway_env.engine.stats import mean_paired_difference
    from britishway_env.registry import spec

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--volume", required=True, choices=("palestine", "cyprus", "arab_revolt"))
    parser.add_argument("--seat", required=True)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("settings", nargs="+", type=setting)
    args = parser.parse_args(argv)
    seats = spec(args.volume).agents
    if args.seat not in seats:
        parser.error(f"--seat must be one of {', '.join(seats)}")
    k = seats.index(args.seat)
    m = search.module(args.volume)
    params, meta = nn.pack([load_network("trained", args.volume, s) for s in seats])
    out = np.zeros((args.games, R.N_RESULT_COLUMNS), dtype=np.int64)
    from britishway_env.engine.coin.header import COUNTERINSURGENT_WIN, INSURGENT_WIN

    win = COUNTERINSURGENT_WIN if k == 0 else INSURGENT_WIN

    def play(code: int, iters: int, c: float, playout: int) -> np.ndarray:
        codes, its, cs, pos = [m.POLICY_NETWORK] * 2, [0, 0], [0.0, 0.0], [0, 0]
        codes[k], its[k], cs[k], pos[k] = code, iters, c, playout
        m.play_games(args.seed, 0, args.games, *m.seat_tables(codes), its, cs, pos, [0, 0], params, meta, params, meta,
                     False, out)
        return (out[:, R.R_OUTCOME] == win).astype(float)

    base = play(m.POLICY_NETWORK, 0, 0.0, 0)
    print(f"{args.volume} {args.seat}, {args.games} games from seed {args.seed}: the shipped network wins "
          f"{int(base.sum())}", flush=True)
    for iters, c, playout in args.settings:
        t = time.perf_counter()
        won = play(m.POLICY_SEARCH, iters, c, playout)
        d = mean_paired_difference(won - base)
        print(f"  iterations {iters}, c {c:g}, playout {playout}: wins {int(won.sum())}; minus the network's "
              f"{d[0]:+.3f} [{d[1]:+.3f}, {d[2]:+.3f}] ({time.perf_counter() - t:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
