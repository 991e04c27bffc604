"""Each COIN volume's league page: balance at approximate equilibrium, next to
the balance other pairings of players would suggest.

    python experiments/league_pages.py --volume palestine
    python experiments/league_pages.py --volume palestine --games 2000 --seed 5

Reads the league run (``runs/league/<volume>/league.json``, written by
``experiments/league.py``) and the volume's ladder records
(``runs/ladder/<volume>``, ``experiments/ladder_pages.py``), plays on fresh
seeds (base ``--seed``, games ``0 .. games-1``; neither the league's matrix nor
its evaluation seeds) the pairings the page compares, and writes
``docs/results/league_<volume>.md`` and its figure:

- the league's iterations: value, mixtures, each new best response's gain;
- the balance at the final equilibrium (re-measured by the league on fresh
  seeds) and each seat's exploitability estimate;
- the British win rate between other pairs of players: scripted against
  scripted, shipped network against shipped network, the shipped ``league``
  policies against each other (``rollouts`` with ``league`` in both seats: each
  game draws its members), and the ladder's seat term;
- the shipped ``league`` policy of each seat against the scripted bot and the
  shipped network of the other seat.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def rate(volume: str, policies: dict, games: int, seed: int, seat: str) -> tuple[float, float, float, int]:
    """``seat``'s win rate with its Wilson 95% interval over games ``0 .. games-1`` of ``seed``."""
    from britishway_env import rollouts
    from britishway_env.engine.stats import wilson_interval

    df = rollouts.run(volume, games, seed=seed, policies=policies)
    wins = int((df["winner"].astype(str) == seat).sum())
    lo, hi = wilson_interval(wins, games)
    return wins / games, lo, hi, wins


def fmt(x: float, lo: float, hi: float) -> str:
    return f"{x:.3f} [{lo:.3f}, {hi:.3f}]"


def main(argv=None) -> int:
    from britishway_env import ladder, rollouts
    from britishway_env.io import atomic_write_text

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--volume", required=True, choices=("palestine", "cyprus", "arab_revolt"))
    parser.add_argument("--games", type=int, default=2000, help="games per pairing compared (fresh seeds)")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--search-games", type=int, default=200, help="games per seat of the search against the "
                        "league (0: skip)")
    parser.add_argument("--run", type=Path, help="the league run's folder (default runs/league/<volume>)")
    parser.add_argument("--ladder", type=Path, help="the ladder records' folder (default runs/ladder/<volume>)")
    parser.add_argument("--page", type=Path, help="default docs/results/league_<volume>.md")
    args = parser.parse_args(argv)
    run = args.run or ROOT / "runs" / "league" / args.volume
    page = args.page or ROOT / "docs" / "results" / f"league_{args.volume}.md"
    state = json.loads((run / "league.json").read_text())
    first, second = rollouts.seats(args.volume)
    its = state["iterations"]
    final = its[-1]
    ex = state.get("exploit") or {}
    flags = state["flags"]
    wall = state["wall_s"]
    g, s = args.games, args.seed

    lines = [f"# {args.volume.replace('_', ' ').title()}: balance at approximate equilibrium (a self-play league)", "",
             "Made by `experiments/league.py` (PSRO: a population per seat, each new member a best response to the "
             "other seat's equilibrium mixture, the matrix game between the populations solved exactly as a linear "
             "program) and this page by "
             f"`python experiments/league_pages.py --volume {args.volume} --games {g} --seed {s} "
             f"--search-games {args.search_games}`. "
             "docs/league.md explains the method and how to read it.", "",
             "The league's commands, in order:", "", "```"]
    lines += [c for c in state["commands"] if "league.py" in c]
    lines += ["```", "",
              f"Budget: {len(its) - 1} round(s) of best responses of {flags['br_steps']:,} learner steps each "
              f"(MaskablePPO warm-started from the seat's strongest network), {flags['games']:,} games per pairing, "
              f"then a fresh best response per seat of {flags['exploit_steps']:,} steps against the final mixture. "
              f"It took {wall['best_responses'] / 60:.1f} min of best-response training, "
              f"{wall['exploit'] / 60:.1f} min for the exploitability step and {wall['cells'] / 60:.1f} min of "
              "matrix games on this machine (2 cores; the training shared them with other work).", ""]

    # ---- the answer
    lines += ["## The balance", ""]
    if ex.get("done"):
        b = ex["balance"]
        gf, gs = ex["gains"]["first"], ex["gains"]["second"]
        lines += [f"**At the final equilibrium the {first} seat wins {fmt(*b)}** of games (95% interval; "
                  f"{ex['games']:,} fresh games, base seed {ex['seed']}, each seat's mixture against the other's: "
                  "every member of one seat's mixture plays every member of the other's on the same games, "
                  "weighted by the mixtures).", "",
                  "How far from an equilibrium this is: a fresh best response per seat, trained against the "
                  f"final mixture ({flags['exploit_steps']:,} learner steps, warm-started like the league's), then "
                  "played on the same fresh games as the mixture it replaces:", "",
                  "| seat | the best response's payoff | the mixture's payoff | gain (exploitability estimate) | "
                  "95% interval |", "|---|---:|---:|---:|---|",
                  f"| {first} | {ex['best_response_payoff']['first'][0]:.3f} | {b[0]:.3f} | {gf[0]:+.3f} | "
                  f"[{gf[1]:+.3f}, {gf[2]:+.3f}] |",
                  f"| {second} | {ex['best_response_payoff']['second'][0]:.3f} | {1 - b[0]:.3f} | {gs[0]:+.3f} | "
                  f"[{gs[1]:+.3f}, {gs[2]:+.3f}] |", "",
                  "A gain near zero says this budget of training finds nothing better against the mixture; a "
                  "stronger learner might (the estimate bounds the exploitability from below, not above). In a "
                  "zero-sum game the value V lies between what the second seat's best response holds the first "
                  "seat's mixture to and what the first seat's best response takes from the second's: "
                  f"V in [{b[0] - max(gs[0], 0):.3f}, {b[0] + max(gf[0], 0):.3f}] if these best responses were "
                  "the best there are; a stronger exploiter widens it (the search bot below).", ""]
    # ---- iterations
    lines += ["## The league, iteration by iteration", "",
              f"Iteration k is the populations after k rounds of best responses. The value is the {first} win "
              "probability when both seats play their equilibrium mixture (on the matrix's own games, which the "
              "mixture was fitted to: an optimistic interval); a gain is the new best response's payoff against "
              "the mixture it was trained against minus that mixture pair's value, paired by game.", "",
              f"| iteration | {first} mixture | {second} mixture | value [95%] | {first} gain [95%] | "
              f"{second} gain [95%] |", "|---|---|---|---|---|---|"]
    for rec in its:
        mix = lambda names, w: ", ".join(f"{n} {x:.2f}" for n, x in zip(names, w) if x > 0)  # noqa: E731
        gains = rec["gains"] or {}
        gtxt = [f"{gains[side][0]:+.3f} [{gains[side][1]:+.3f}, {gains[side][2]:+.3f}]" if side in gains else ""
                for side in ("first", "second")]
        lines.append(f"| {rec['iteration']} | {mix(rec['first_members'], rec['first_mixture'])} | "
                     f"{mix(rec['second_members'], rec['second_mixture'])} | {fmt(*rec['value_games'])} | "
                     f"{gtxt[0]} | {gtxt[1]} |")
    lines += ["", f"Stopped: {state['stopped']}" if state.get("stopped") else
              f"Stopped at the budget of {len(its) - 1} round(s).", "",
              f"The final payoff matrix ({first} win rate with its Wilson 95% interval, {flags['games']:,} games "
              "per pairing, the same games in every cell):", ""]
    from britishway_env.engine.stats import wilson_interval

    def cell(a: str, b: str) -> str:
        games = np.asarray(state["cells"][f"{a}|{b}"], dtype=float)
        lo, hi = wilson_interval(int(round(games.sum())), len(games))
        return f"{games.mean():.3f} [{lo:.3f}, {hi:.3f}]"

    lines += [f"| {first} \\ {second} | " + " | ".join(final["second_members"]) + " |",
              "|---|" + "---:|" * len(final["second_members"])]
    for name in final["first_members"]:
        lines.append(f"| {name} | " + " | ".join(cell(name, b) for b in final["second_members"]) + " |")
    lines += ["", f"![the league](league_{args.volume}.png)", ""]

    # ---- balance as other pairings would read it
    lines += ["## Why the equilibrium number is the one to quote", "",
              f"The {first} win rate between other pairs of players, on games 0 .. {g - 1} of seed {s} "
              "(`britishway rollouts` with the policies named; Wilson 95% intervals):", "",
              f"| who plays | {first} wins [95%] | command |", "|---|---|---|"]
    pairs = [("scripted bot against scripted bot", "heuristic", "heuristic"),
             ("shipped network against shipped network", "trained", "trained"),
             ("league against league (each game draws its members)", "league", "league")]
    for label, a, bname in pairs:
        r = rate(args.volume, {first: a, second: bname}, g, s, first)
        lines.append(f"| {label} | {fmt(*r[:3])} | `britishway rollouts {args.volume} --games {g} --seed {s} "
                     f"--policy {first}={a},{second}={bname}` |")
    records_dir = args.ladder or ROOT / "runs" / "ladder" / args.volume
    if ladder.records_path(records_dir).is_file():
        fit = ladder.fit(ladder.read_records(ladder.records_path(records_dir), volume=args.volume))
        st = fit.seat_term
        lines.append(f"| the ladder's seat term (between equally rated agents, every pairing of its "
                     f"{len(fit.table)} agents) | {fmt(st['first_seat_wins'], st['first_seat_wins_low'], st['first_seat_wins_high'])} | "
                     f"`python experiments/ladder_pages.py --volume {args.volume}` |")
    if ex.get("done"):
        b = ex["balance"]
        lines.append(f"| **the league's equilibrium mixtures** (fresh seeds) | **{fmt(*b)}** | "
                     f"`python experiments/league.py --volume {args.volume}` |")
    lines += ["", "Scripted bots and networks trained against one opponent each exploit some players and are "
              "exploited by others, so their balance says as much about them as about the game; the ladder's "
              "seat term averages over whichever agents it holds. At an equilibrium neither seat can do better by "
              "changing its play (up to the exploitability above), which is what balance between strong players "
              "means.", ""]

    # ---- a stronger exploiter: the search bot
    if args.search_games:
        from britishway_env.engine.stats import mean_paired_difference

        n = args.search_games
        lines += ["## The search bot against the league", "",
                  "A best response trained for a few minutes is a weak exploiter. The search bot (`search`, 100 "
                  "iterations a decision, guided by the shipped networks; docs/search.md) is a stronger player "
                  "that was never trained against the league: in each seat, its wins against the other seat's "
                  f"`league` policy on games 0 .. {n - 1} of seed {s}, next to the `league` policy's own wins in "
                  "that seat on the same games (each game draws the same members for the other seat), and the "
                  "paired difference: how much more a strong player takes from the equilibrium mixture than "
                  "the mixture itself does.", "",
                  "| seat | search wins [95%] | league wins, same games | difference [95%] |", "|---|---|---|---|"]
        for seat, other in ((first, second), (second, first)):
            srch = rollouts.run(args.volume, n, seed=s, policies={seat: "search", other: "league"}).sort_values("game")
            base = rollouts.run(args.volume, n, seed=s, policies={seat: "league", other: "league"}).sort_values("game")
            a = (srch["winner"].astype(str).to_numpy() == seat).astype(float)
            b = (base["winner"].astype(str).to_numpy() == seat).astype(float)
            from britishway_env.engine.stats import wilson_interval

            lo, hi = wilson_interval(int(a.sum()), n)
            d, dlo, dhi = mean_paired_difference(a - b)
            lines.append(f"| {seat} | {fmt(a.mean(), lo, hi)} | {b.mean():.3f} | {d:+.3f} [{dlo:+.3f}, {dhi:+.3f}] |")
        lines += ["", f"(`britishway rollouts {args.volume} --games {n} --seed {s} --policy {first}=search,"
                  f"{second}=league`, and the other seat likewise.)", ""]

    # ---- the shipped league policy against named opponents
    lines += ["## The shipped `league` policies against named opponents", "",
              f"Unseen games (0 .. {g - 1} of seed {s}); the win rate of the seat playing `league`:", "",
              "| league seat | against | league wins [95%] | the shipped network in that seat, same games [95%] |",
              "|---|---|---|---|"]
    for seat, other in ((first, second), (second, first)):
        for opp in ("heuristic", "trained"):
            r = rate(args.volume, {seat: "league", other: opp}, g, s, seat)
            ref = rate(args.volume, {seat: "trained", other: opp}, g, s, seat)
            lines.append(f"| {seat} | {opp} ({other}) | {fmt(*r[:3])} | {fmt(*ref[:3])} |")
    lines.append("")
    for path in sorted((ROOT / "agents" / "league").glob(f"{args.volume}_*.json")):
        doc = json.loads(path.read_text())
        names = doc.get("provenance", {}).get("member_names") or [m["policy"] for m in doc["members"]]
        members = ", ".join(f"{n} (`{m['policy']}`) {m['weight']:.3f}" for n, m in zip(names, doc["members"]))
        lines.append(f"- `agents/league/{path.name}`: {members}")
    lines.append("")
    if (run / "league.png").is_file():
        shutil.copyfile(run / "league.png", page.with_name(f"league_{args.volume}.png"))
    atomic_write_text(page, "\n".join(lines))
    print(page.read_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
