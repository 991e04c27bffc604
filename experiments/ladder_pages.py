"""Each COIN volume's ladder page: the ratings of every bot, and the search against the shipped network seat by seat.

    python experiments/ladder_pages.py --volume cyprus            # plays what the records lack, then writes the page
    python experiments/ladder_pages.py --volume cyprus --games 50 --search-games 400 --threads 1

Two ladder commands, the second adding games to one pairing only (the records
keep every game; the fit is redone from all of them):

    britishway ladder V --agents random,heuristic,trained,league,search:100+value,search --games G --seed 0 --out runs/ladder/V
    britishway ladder V --agents trained,search --games S --seed 0 --out runs/ladder/V

then ``docs/results/ladder_<volume>.md`` (``ladder.write_page``) with one more
section: in each seat, the search's wins against the shipped network in the
other seat, next to the shipped network's own wins in that seat on the same
games (``rollouts.run`` with ``trained`` in both seats, games ``0 .. S-1`` of
the same seed), and the paired difference with its 95% interval
(``engine/stats.mean_paired_difference``): whether the search plays a seat
better than the network it searches with.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

AGENTS = ("random", "heuristic", "trained", "league", "search:100+value", "search")


def seat_section(volume: str, records, seed: int, games: int, threads: int | None) -> list[str]:
    from britishway_env import rollouts
    from britishway_env.engine.stats import mean_paired_difference
    from britishway_env.engine.threads import numba_threads

    seats = rollouts.seats(volume)
    with numba_threads(threads):
        base = rollouts.run(volume, games=games, seed=seed, policies={s: "trained" for s in seats})
    lines = ["## The search against the shipped network, seat by seat", "",
             f"Games 0 .. {games - 1} of seed {seed}: the search in one seat against the shipped network in the "
             "other, next to the shipped network in that seat on the same games (trained against trained, "
             f"`britishway rollouts {volume} --games {games} --seed {seed} --policy trained`). The difference "
             "is the search's wins minus the network's, paired by game, with its 95% interval.", "",
             "| seat | search wins | shipped network wins | difference | 95% interval | search better? |",
             "|---|---:|---:|---:|---|---|"]
    for k, seat in enumerate(seats):
        me, them = ("first", "second") if k == 0 else ("second", "first")
        mine = records[(records[me] == "search") & (records[them] == "trained") & (records["game"] < games)]
        mine = mine.sort_values("game")
        if len(mine) != games:
            lines.append(f"| {seat} | {len(mine)} games recorded, {games} asked | | | | |")
            continue
        won = (mine["winner"].to_numpy() == seat).astype(float)
        ref = (base.sort_values("game")["winner"].to_numpy() == seat).astype(float)
        d, lo, hi = mean_paired_difference(won - ref)
        verdict = "yes" if lo > 0 else ("no: worse" if hi < 0 else "not shown")
        lines.append(f"| {seat} | {int(won.sum())} of {games} ({won.mean():.3f}) | {int(ref.sum())} ({ref.mean():.3f}) "
                     f"| {d:+.3f} | [{lo:+.3f}, {hi:+.3f}] | {verdict} |")
    return lines + [""]


def head_to_head(fit, a: str = "search", b: str = "trained") -> str:
    from britishway_env.ladder import Z95, elo_win_probability

    t = fit.table.set_index("agent")
    if a not in t.index or b not in t.index:
        return ""
    diff = float(t.loc[a, "rating"] - t.loc[b, "rating"])
    var = float(fit.cov.loc[a, a] + fit.cov.loc[b, b] - 2 * fit.cov.loc[a, b])
    se = var ** 0.5
    p, lo, hi = (float(elo_win_probability(x)) for x in (diff, diff - Z95 * se, diff + Z95 * se))
    return (f"Head to head, seats alike (the seat term removed), `{a}` beats `{b}` with probability {p:.3f} "
            f"(95% [{lo:.3f}, {hi:.3f}]; the rating difference {diff:+.0f} Elo, SE {se:.0f}).")


def main(argv=None) -> int:
    from britishway_env import ladder
    from britishway_env.engine.threads import numba_threads
    from britishway_env.io import atomic_write_text

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--volume", required=True, choices=("palestine", "cyprus", "arab_revolt"))
    parser.add_argument("--games", type=int, default=50, help="games per seat assignment of every pairing")
    parser.add_argument("--search-games", type=int, default=400, help="games per seat of search against trained")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="the records' folder (default runs/ladder/<volume>)")
    parser.add_argument("--page", type=Path, help="default docs/results/ladder_<volume>.md")
    parser.add_argument("--threads", type=int)
    args = parser.parse_args(argv)
    out = args.out or Path("runs/ladder") / args.volume
    page = args.page or Path("docs/results") / f"ladder_{args.volume}.md"
    ladder.run(args.volume, list(AGENTS), args.games, args.seed, out, threads=args.threads)
    records = ladder.run(args.volume, ["trained", "search"], args.search_games, args.seed, out, threads=args.threads)
    fit = ladder.fit(records)
    commands = (f"britishway ladder {args.volume} --agents {','.join(AGENTS)} --games {args.games} --seed {args.seed} "
                f"--out {out.as_posix()}\n"
                f"britishway ladder {args.volume} --agents trained,search --games {args.search_games} "
                f"--seed {args.seed} --out {out.as_posix()}\n"
                f"# this page: python experiments/ladder_pages.py --volume {args.volume} --games {args.games} "
                f"--search-games {args.search_games} --seed {args.seed}")
    ladder.write_page(fit, page, commands, ladder.records_path(out))
    with numba_threads(args.threads):
        extra = seat_section(args.volume, records, args.seed, args.search_games, args.threads)
    text = page.read_text().rstrip("\n").split("\n")
    at = text.index("## The seat term")
    h2h = head_to_head(fit)
    text[at:at] = ([h2h, ""] if h2h else []) + extra
    atomic_write_text(page, "\n".join(text) + "\n")
    print(page.read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
