"""Evaluate the trained policies of a two-player volume and write its report
(Palestine: docs/results/training.md; Cyprus: docs/results/training_cyprus.md; Arab Revolt:
docs/results/training_arab_revolt.md).

    python experiments/training_report.py                        # the shipped policies, 4,000 games a pairing
    python experiments/training_report.py --volume cyprus         # Cyprus's
    python experiments/training_report.py --volume arab_revolt    # Arab Revolt's
    python experiments/training_report.py --games 200 --out /tmp/t.md --runs runs/train   # quick

Each policy plays its seat against random play and against the scripted bot
on the same games (base ``--seed``, never a training or training-evaluation
seed), next to the scripted bot and random play in that seat on those same
games: paired comparisons, every rate with its Wilson 95% interval. The
learning curves and the training figures are read from the training runs'
folders (``--runs``: ``<volume>_<seat>/log.csv``, ``train_state.json``,
``curve.png``, as ``experiments/train.py`` writes them); the curves are copied
next to the report.
"""

from __future__ import annotations

import argparse
import csv
import functools
import json
import platform
import shlex
import shutil
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

EVAL_SEED = 20261123
BAR_RANDOM = 0.95
OUT = {"palestine": "training.md", "cyprus": "training_cyprus.md", "arab_revolt": "training_arab_revolt.md"}


def evaluate(volume: str, games: int, seed: int, policies: dict[str, str]) -> list[dict]:
    """Each seat's network, the scripted bot and random play in that seat against
    random play and the scripted bot, then the two networks against each other:
    one row per pairing, every pairing on the same games."""
    from britishway_env import rollouts
    from britishway_env.engine.stats import wilson_interval

    seats = tuple(policies)
    rows = []
    for seat in seats:
        other = seats[1 - seats.index(seat)]
        for opponent in ("random", "heuristic"):
            for player in (policies[seat], "heuristic", "random"):
                t0 = time.perf_counter()
                df = rollouts.run(volume, games, seed=seed, policies={seat: player, other: opponent})
                wins = int((df["winner"] == seat).sum())
                lo, hi = wilson_interval(wins, games)
                rows.append({"seat": seat, "opponent": opponent, "player": player, "games": games, "wins": wins,
                             "rate": wins / games, "lo": lo, "hi": hi, "seconds": time.perf_counter() - t0})
    df = rollouts.run(volume, games, seed=seed, policies={s: policies[s] for s in seats})
    wins = int((df["winner"] == "british").sum())
    lo, hi = wilson_interval(wins, games)
    rows.append({"seat": "british", "opponent": "trained", "player": policies["british"], "games": games,
                 "wins": wins, "rate": wins / games, "lo": lo, "hi": hi, "seconds": 0.0})
    return rows


@functools.lru_cache(maxsize=None)
def _winners(volume: str, games: int, seed: int, pairing: tuple):
    """The winner of each of games 0 .. games - 1 (base ``seed``) with the
    seats' policies ``pairing``; played once per pairing (the comparison meets
    several pairings twice: the cross table repeats the per-seat rows)."""
    from britishway_env import rollouts

    df = rollouts.run(volume, games, seed=seed, policies=dict(pairing))
    return df.sort_values("game")["winner"].to_numpy()


def won_games(volume: str, games: int, seed: int, policies: dict[str, str], seat: str):
    """Whether ``seat`` won each of games 0 .. games - 1 (base ``seed``) with ``policies``."""
    return _winners(volume, games, seed, tuple(sorted(policies.items()))) == seat


def compare_candidates(volume: str, games: int, seed: int, policies: dict[str, str],
                       other: dict[str, str]) -> dict:
    """Each seat's shipped network against the other candidate for the seat, on
    the same games: against the scripted bot and against both networks of the
    other seat. Per seat and opponent: both win rates and their paired
    difference (shipped minus other) with Newcombe's interval; the cross table
    of British win rates; and whether either candidate is measurably the
    stronger overall: the mean over the three opponents, its paired difference
    per game with a 95% interval, which must exclude 0."""
    from britishway_env.engine.stats import mean_paired_difference, paired_difference, wilson_interval

    seats = tuple(policies)
    out = {"seats": {}, "cross": {}, "stronger": {}}
    for seat in seats:
        rival = seats[1 - seats.index(seat)]
        opponents = {"the scripted bot": "heuristic", f"the shipped {rival} network": policies[rival],
                     f"the other {rival} candidate": other[rival]}
        rows, per_game = [], []
        for label, opponent in opponents.items():
            mine = won_games(volume, games, seed, {seat: policies[seat], rival: opponent}, seat)
            theirs = won_games(volume, games, seed, {seat: other[seat], rival: opponent}, seat)
            diff, lo, hi = paired_difference(mine, theirs)
            rows.append({"opponent": label, "shipped": mine.mean(), "other": theirs.mean(),
                         "diff": diff, "lo": lo, "hi": hi})
            per_game.append(mine.astype(float) - theirs.astype(float))
        out["seats"][seat] = rows
        mean = {k: sum(r[k] for r in rows) / len(rows) for k in ("shipped", "other")}
        # Game i's difference averaged over the three opponents (all played on game i's seed): the games
        # are the independent units, so the interval of the mean accounts for every correlation.
        diff, lo, hi = mean_paired_difference(sum(per_game) / len(per_game))
        verdict = "shipped" if lo > 0 else "other" if hi < 0 else "neither"
        out["stronger"][seat] = (mean, (diff, lo, hi), verdict)
    for b_name, b in (("shipped", policies[seats[0]]), ("other", other[seats[0]])):
        for i_name, i in (("shipped", policies[seats[1]]), ("other", other[seats[1]])):
            won = won_games(volume, games, seed, {seats[0]: b, seats[1]: i}, seats[0])
            out["cross"][(b_name, i_name)] = (won.mean(), wilson_interval(int(won.sum()), games))
    return out


def describe_network(volume: str, seat: str, name: str) -> dict:
    """What the report says of the network behind a policy name: its file, the
    hash of its weights and the run that made it (from its manifest)."""
    from agents.trained import load_network, resolve

    path = resolve(name, volume, seat)
    net = load_network(name, volume, seat)
    try:
        shown = path.resolve().relative_to(ROOT)
    except ValueError:
        shown = path
    m = net.manifest or {}
    flags = m.get("flags") or {}
    if m:
        against = (f"each game drew from its pool by weight ({flags.get('pool', '?')})" if "pool" in flags
                   else "(not recorded)")
    else:
        # Policy files carry manifests from the change that fixed the pool's draw on: none trained since
        # lacks one, and every one trained before played the first entry of its pool in every game.
        against = "the scripted bot in every game (its pool drew the first entry for every game: fixed since)"
    return {"file": str(shown), "sha256": net.weights_sha256, "timesteps": m.get("timesteps"),
            "commit": m.get("git_commit"), "command": m.get("command"), "source": net.config["source"],
            "against": against}


# What was run, per volume (the recipe itself is in the commands; the numbers are in the generated sections).
HISTORY = [
    "- A network whose row in the tables above says *the scripted bot in every game* was trained by the same "
    "commands before a defect in the pool's draw was fixed: the draw was always below one half, so every game "
    "went to the pool's first entry. Its cloning data had the scripted bot as the opponent in every game, "
    "and PPO played the scripted bot in every game: no random play, no snapshots.",
    "- In one-seat training, `latest` and `snapshots` put the learner's own network (trained for its seat) in "
    "the other seat, a weak opponent there; the working pool is in effect the scripted bot 0.7 and weak play "
    "0.3. Self-play between two improving networks is `--seat both`, not used for these networks.",
    "- Each seat ships whichever of its two candidates is measurably the stronger overall in the comparison "
    "above: the mean win rate against the scripted bot and against both candidates of the other seat, on the "
    "same games, its paired difference with an interval that excludes 0. Where neither is, the network "
    "shipped before stays: a replacement has to show it is stronger. Three opponents are a coarse measure: "
    "a rating ladder over many opponents would decide better.",
    "- The shipped networks also carry value heads (the value of a position for the seat to act), fitted "
    "afterwards to the outcomes of games they played (`experiments/fit_value.py`; how, and how well: "
    "[value_heads.md](value_heads.md)). Their actors are untouched: the hashes above are the actors'.",
]
NOTES = {
    "palestine": [
        "- The recipe is in the commands: behaviour cloning on 20,000 games in which the seat plays the scripted "
        "bot (10% of its moves replaced by random legal ones, so the data covers positions the bot never reaches; "
        "the opponent of each game drawn from the scripted bot 0.75, random play 0.25), 10 epochs; then "
        "MaskablePPO (gamma 1, GAE 0.95, learning rate 1e-4, clip 0.1, entropy 0.003, 256 games x 128 steps per "
        "rollout, minibatch 4,096, 4 epochs) against a pool: the scripted bot 0.7, random play 0.1, the "
        "learner's latest actor 0.1, its last five snapshots (one every 500,000 steps) 0.1.",
        "- Cloning alone gives a network that beats random play but loses to the scripted bot (the first row of "
        "each training table); PPO from there raised the rate against the bot steadily.",
        *HISTORY,
    ],
    "cyprus": [
        "- The recipe is Palestine's (docs/results/training.md) at a smaller budget: behaviour cloning on 4,000 "
        "games of the scripted bot (a flat Monte-Carlo look at the rest of the turn, docs/cyprus.md), 8 epochs, "
        "then MaskablePPO against the pool (scripted bot 0.7, random 0.1, latest 0.1, snapshots 0.1), 128 games "
        "at a time, 3,000,000 learner steps per seat.",
        "- The scripted bot looks one turn ahead at random, so a network can learn plans it cannot see (Curfews "
        "left for Propagandize, Sabotage saved for the round); the first row of each training table is the "
        "cloned network before PPO.",
        *HISTORY,
    ],
    "arab_revolt": [
        "- The recipe is Cyprus's (docs/results/training_cyprus.md): behaviour cloning on 4,000 games of the "
        "scripted bot (the same flat Monte-Carlo look at the rest of the turn, docs/arab_revolt.md), 8 epochs, "
        "then MaskablePPO against the pool (scripted bot 0.7, random 0.1, latest 0.1, snapshots 0.1), 128 games "
        "at a time, 3,000,000 learner steps per seat.",
        "- The scripted Rebels bot wins most games against the scripted British bot, and the cloned Rebels "
        "network already beats it; the British seat is the one PPO has to lift (the first row of each training "
        "table is the cloned network before PPO).",
        *HISTORY,
    ],
}


def network_table(nets: dict) -> list[str]:
    """The networks as a table: file, weights hash, what they were trained against, steps, commit."""
    lines = ["| seat | policy file | weights (SHA-256, first 16) | opponents in training | learner steps | "
             "trained at commit |", "|---|---|---|---|---:|---|"]
    for seat, n in nets.items():
        lines.append(f"| {seat} | `{n['file']}` | `{n['sha256'][:16]}` | {n['against']} | "
                     f"{'' if n['timesteps'] is None else format(n['timesteps'], ',')} | "
                     f"{'(no manifest)' if n['commit'] is None else '`' + str(n['commit'])[:10] + '`'} |")
    return lines


def report(rows: list[dict], args, runs: dict) -> str:
    import numba

    from britishway_env.registry import spec

    policies = args.policies
    seats = tuple(policies)
    found = spec(args.volume)
    nets = {seat: describe_network(args.volume, seat, policies[seat]) for seat in seats}

    def name_of(player: str) -> str:
        return "**trained**" if player in policies.values() else player

    lines = [
        f"# {found.title}: trained policies", "",
        f"Generated {date.today().isoformat()} by `experiments/training_report.py` on {platform.machine()} "
        f"({numba.config.NUMBA_NUM_THREADS} cores), Python {platform.python_version()}.", "",
        "Two networks, one per seat (**trained** in the tables below), each trained by `experiments/train.py`: "
        "behaviour cloning of the scripted bot of its seat, then MaskablePPO on the compiled vector env against "
        "a pool of opponents. They are plain policy files (float32 weights and a JSON config, read with NumPy, "
        "nothing unpickled) and play without torch; `trained` names the shipped file of each seat.", "",
        *network_table(nets), "",
        "## Evaluation", "",
        f"Every pairing plays the same {args.games:,} games (base seed {args.seed}; game *i* has the same seed, "
        "deck and setup in every row: paired comparisons; no training or training-evaluation game used this "
        "seed). The policy in the seat plays deterministically (arg-max). Intervals are Wilson 95%.", "",
        "| seat | opponent | player in the seat | games | wins | win rate | 95% CI |",
        "|---|---|---|---:|---:|---:|---|",
    ]
    for r in rows:
        if r["opponent"] == "trained":
            continue
        lines.append(f"| {r['seat']} | {r['opponent']} | {name_of(r['player'])} | {r['games']:,} | "
                     f"{r['wins']:,} | {r['rate']:.4f} | [{r['lo']:.4f}, {r['hi']:.4f}] |")
    both = [r for r in rows if r["opponent"] == "trained"][0]
    lines += ["", f"Trained against trained: the British network wins {both['wins']:,} of {both['games']:,} "
                  f"({both['rate']:.4f} [{both['lo']:.4f}, {both['hi']:.4f}]).", "",
              "### Against the bar", "",
              "| seat | against random: win rate (bar >= 0.95) | against the scripted bot: lower end of the "
              "95% interval (bar > 0.50) | met |", "|---|---:|---:|---|"]
    for seat in seats:
        vr = [r for r in rows if r["seat"] == seat and r["opponent"] == "random" and r["player"] == policies[seat]][0]
        vh = [r for r in rows if r["seat"] == seat and r["opponent"] == "heuristic"
              and r["player"] == policies[seat]][0]
        ok = vr["rate"] >= BAR_RANDOM and vh["lo"] > 0.5
        lines.append(f"| {seat} | {vr['rate']:.4f} | {vh['lo']:.4f} (rate {vh['rate']:.4f}) | "
                     f"{'yes' if ok else 'no'} |")
    if getattr(args, "comparison", None):
        cmp = args.comparison
        others = {seat: describe_network(args.volume, seat, args.other[seat]) for seat in seats}
        lines += ["", "## The shipped networks against the other candidates", "",
                  "The other candidate for each seat:", "", *network_table(others), "",
                  "Each shipped network and the other candidate of its seat play the same "
                  f"{args.games:,} games against the same opponents; the difference is paired (Newcombe's "
                  "interval for paired proportions, 95%).", "",
                  f"British win rate, {seats[0]} network (rows) against {seats[1]} network (columns):", "",
                  f"| {seats[0]} \\ {seats[1]} | shipped | other candidate |", "|---|---:|---:|"]
        for b_name in ("shipped", "other"):
            cells = []
            for i_name in ("shipped", "other"):
                rate, (lo, hi) = cmp["cross"][(b_name, i_name)]
                cells.append(f"{rate:.4f} [{lo:.4f}, {hi:.4f}]")
            lines.append(f"| {'shipped' if b_name == 'shipped' else 'other candidate'} | " + " | ".join(cells) + " |")
        for seat in seats:
            rows_ = cmp["seats"][seat]
            lines += ["", f"{found.faction(seat)}: win rate of the shipped network and of the other candidate",
                      "", "| against | shipped | other candidate | shipped - other | 95% CI |",
                      "|---|---:|---:|---:|---|"]
            for r in rows_:
                lines.append(f"| {r['opponent']} | {r['shipped']:.4f} | {r['other']:.4f} | {r['diff']:+.4f} | "
                             f"[{r['lo']:+.4f}, {r['hi']:+.4f}] |")
            mean, (diff, lo, hi), stronger = cmp["stronger"][seat]
            verdict = {"shipped": "the shipped network is measurably the stronger overall",
                       "other": "**the other candidate is measurably the stronger overall: it should be shipped**",
                       "neither": f"no difference is measurable over {args.games:,} games, so the shipped "
                                  "network stays (a replacement must show it is stronger)"}[stronger]
            lines += ["", f"Mean over the three opponents: shipped {mean['shipped']:.4f}, other candidate "
                          f"{mean['other']:.4f}; per game, shipped - other {diff:+.4f} [{lo:+.4f}, {hi:+.4f}] "
                          f"(95%, games as the units): {verdict}."]
    lines += ["", "## Training", ""]
    for seat in seats:
        run = runs.get(seat)
        lines += [f"### {found.faction(seat)}", ""]
        if run is None:
            lines += ["(no training run folder given)", ""]
            continue
        state, log, curve, run_best = run
        if run_best is not None:
            if run_best == nets[seat]["sha256"]:
                lines += ["This run's `best.npz` is the shipped network.", ""]
            else:
                lines += [f"This run's `best.npz` (`{run_best[:16]}`) is not the shipped network"
                          + (" (it is the other candidate)." if getattr(args, "comparison", None)
                             and run_best == describe_network(args.volume, seat, args.other[seat])["sha256"]
                             else "."), ""]
        lines += ["```", *state.get("commands", [f"python experiments/train.py --seat {seat}"]), "```", "",
                  f"- behaviour cloning: agrees with the scripted bot on {state.get('bc_agreement') or 0:.3f} of "
                  "its decisions (training data, last epoch);",
                  f"- MaskablePPO: {int(state['timesteps']):,} learner steps in {state['wall_s'] / 60:.1f} min "
                  f"({int(state['timesteps']) / max(state['wall_s'], 1e-9):,.0f} steps/s with the evaluations);",
                  f"- best evaluation against the scripted bot: {state['best']:.3f} on the training-evaluation "
                  "games (`best.npz`).", ""]
        if curve is not None:
            lines += [f"![{seat} learning curve]({curve.name})", ""]
        lines += ["| learner steps | phase | vs scripted bot | 95% CI | vs random | won in training |",
                  "|---:|---|---:|---|---:|---:|"]
        for r in log:
            lines.append(f"| {int(r['timesteps']):,} | {r['phase']} | {float(r['vs_heuristic']):.3f} | "
                         f"[{float(r['vs_heuristic_lo']):.3f}, {float(r['vs_heuristic_hi']):.3f}] | "
                         f"{float(r['vs_random']):.3f} | {r['train_win_rate']} |")
        lines.append("")
    lines += [
        "### How, and what was tried", "",
        *NOTES[args.volume],
        "- The two runs above shared the 2 cores (one torch and one numba thread each), so their wall times "
        "are those of half the machine.",
        "- The scripted bots are deterministic: a network can learn where they err and exploit it. The rates "
        "against them measure that, on games never seen in training; they do not say the network plays well "
        "against other opponents. Against the other trained network see the line above the bar table.",
        "- The learner-steps column counts the steps the network has learnt from: each evaluation runs at a "
        "rollout boundary, after the update.", "",
    ]
    lines += ["## Reproduce", "", "```"]
    for seat in seats:
        run = runs.get(seat)
        if run is not None:
            lines += run[0].get("commands", [f"python experiments/train.py --seat {seat}"])
    lines.append(shlex.join(["python", "experiments/training_report.py", *args.argv]))
    for seat in seats:
        other = seats[1 - seats.index(seat)]
        for opponent in ("random", "heuristic"):
            lines.append(f"britishway rollouts {args.volume} --games {args.games} --seed {args.seed} "
                         f"--policy {seat}={policies[seat]},{other}={opponent}")
    lines += ["```", ""]
    return "\n".join(lines)


def read_run(folder: Path):
    state_path, log_path = folder / "train_state.json", folder / "log.csv"
    if not state_path.is_file() or not log_path.is_file():
        return None
    state = json.loads(state_path.read_text())
    state = state.get("counters", state)        # the counters (a flat file before training states had versions)
    log = list(csv.DictReader(log_path.open()))
    curve = folder / "curve.png"
    best = None
    if (folder / "best.npz").is_file():
        from agents import policy_file

        best = policy_file.load(folder / "best.npz").weights_sha256
    return state, log, curve if curve.is_file() else None, best


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--volume", default="palestine", choices=tuple(OUT), help="the volume (default palestine)")
    p.add_argument("--games", type=int, default=4000)
    p.add_argument("--seed", type=int, default=EVAL_SEED)
    p.add_argument("--british", default="trained", help="the British policy ('trained' or a policy file)")
    p.add_argument("--irgun", "--eoka", "--rebels", dest="insurgent", default="trained",
                   help="the insurgent seat's policy, Irgun, EOKA or the Rebels ('trained' or a policy file)")
    p.add_argument("--other-british", default=None,
                   help="another candidate British network (a policy file, e.g. the one shipped before): "
                        "compared with --british on the same games")
    p.add_argument("--other-irgun", "--other-eoka", "--other-rebels", dest="other_insurgent",
                   default=None, help="another candidate insurgent network (a policy file)")
    p.add_argument("--runs", type=Path, default=ROOT / "runs" / "train",
                   help="folder of the training runs (<volume>_<seat>/, as experiments/train.py writes them)")
    p.add_argument("--out", type=Path, help="the report (default docs/results/training.md, "
                                            "training_cyprus.md for Cyprus, training_arab_revolt.md for Arab Revolt)")
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be >= 1")
    from britishway_env.io import atomic_write_text
    from britishway_env.registry import spec

    from britishway_env.errors import UnknownPolicyError

    args.argv = sys.argv[1:] if argv is None else list(argv)
    seats = spec(args.volume).agents
    args.policies = {seats[0]: args.british, seats[1]: args.insurgent}
    if (args.other_british is None) != (args.other_insurgent is None):
        p.error("give both --other-british and --other-<insurgent>, or neither")
    args.other = None if args.other_british is None else {seats[0]: args.other_british,
                                                          seats[1]: args.other_insurgent}
    try:
        for named in (args.policies, args.other or {}):
            for seat, name in named.items():
                describe_network(args.volume, seat, name)       # refused by name before any game is played
    except UnknownPolicyError as err:
        p.error(str(err))
    args.out = args.out or ROOT / "docs" / "results" / OUT[args.volume]
    rows = evaluate(args.volume, args.games, args.seed, args.policies)
    args.comparison = None if args.other is None else compare_candidates(
        args.volume, args.games, args.seed, args.policies, args.other)
    runs = {}
    for seat in seats:
        run = read_run(args.runs / f"{args.volume}_{seat}")
        if run is not None and run[2] is not None:
            target = args.out.parent / f"training_{args.volume}_{seat}.png"
            if run[2].resolve() != target.resolve():
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(run[2], target)
            run = (run[0], run[1], target, run[3])
        if run is not None:
            runs[seat] = run
    text = report(rows, args, runs)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(args.out, text)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
