"""A self-play league (PSRO) for a two-seat volume: a population per seat, each
new member a best response to the other seat's equilibrium mixture, the
matrix game between the populations solved exactly, and the game's balance
read at that equilibrium.

    python experiments/league.py --volume palestine                       # the recorded run
    python experiments/league.py --volume palestine --resume              # go on after an interruption
    python experiments/league.py --volume palestine --iterations 4 --resume   # more iterations
    python experiments/league.py --volume palestine --ship                # the shipped `league` policies
    python experiments/league.py --volume cyprus --br-steps 4096 --games 40 --envs 16 \\
        --exploit-steps 4096 --out-dir /tmp/league_smoke                  # smoke

What it does (Lanctot et al. 2017, "A Unified Game-Theoretic Approach to
Multiagent Reinforcement Learning"), all written under ``--out-dir``
(default ``runs/league/<volume>``):

1. **Populations**: each seat starts with the scripted bot (``heuristic``)
   and the shipped network (``trained``).
2. **The payoff matrix**: every pairing of a first-seat member with a
   second-seat member plays ``--games`` games on the same seeds (games
   ``0 .. games-1`` of base seed ``MATRIX_SEED + --seed``: every cell on the
   same deals, dice and draws); a cell is the first seat's (British) score,
   1 a win and 0 a loss (a game with neither winner would count 1/2; the
   COIN volumes have none). Cells are played once and kept.
3. **The equilibrium**: the matrix game solved exactly (a linear program in
   rational arithmetic, ``britishway_env/engine/matrix_game.py``): each seat's
   mixture and the value, the British win probability when both seats play
   their mixtures. Its interval is the per-game mean over the common seeds
   (``engine/stats.mean_paired_difference``); the mixtures are fitted to the
   same games, so that interval is optimistic: the balance quoted is the one
   re-measured on fresh seeds (step 6).
4. **Best responses**: for each seat, MaskablePPO (``experiments/train.py``
   with ``--init``, no behaviour cloning) warm-started from the seat's strongest
   network member (its highest payoff against the other seat's mixture),
   training ``--br-steps`` learner steps against the other seat's mixture as
   the vector env's opponent pool (each game draws a member by its weight).
   Its final network (``latest.npz``) joins the population.
5. **Gains and stopping**: once the new members' cells are played, each new
   member's payoff against the mixture it was trained against minus that
   mixture pair's value is its *gain*, a paired difference on the common
   seeds with its 95% interval. The league stops when every seat's gain is
   below ``--margin`` with its whole interval (shown to gain less than the
   margin), or after ``--iterations`` rounds of best responses.
6. **Exploitability** (``--exploit-steps``, 0 to skip): a fresh best response
   per seat (the recipe of step 4, another seed) against the final mixture;
   then on fresh seeds (base ``EVAL_SEED + --seed``, never a matrix or training
   seed) the new network and the seat's mixture each play every member of the
   other seat's mixture: the gain (expected payoff of the best response minus
   the mixture's, game by game on the same seeds) with its interval estimates
   how much a seat can still gain against the equilibrium, and the mixture
   against the mixture on these seeds is the balance to quote.

Every iteration's matrix, mixtures, value and gains are in ``league.json``
(with every command that ran), ``iterations.csv`` and ``league.png``.
**Resuming**: the state is written after every step (a cell block, a best
response, an iteration's record); ``--resume`` with the same flags (a larger
``--iterations`` allowed) goes on from there, and a best response
interrupted mid-training resumes through ``train.py --resume``: a resumed
league ends with the same matrix, mixtures and values as one run straight
(only wall times differ). ``--ship`` writes the final mixtures as the
``league`` policies (``agents/league/<volume>_<seat>.json`` and the member
networks beside them).
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import sys
import time
from fractions import Fraction
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

FORMAT = "britishway-league-run/1"
MATRIX_SEED = 8_100_000       # + --seed: the payoff matrix's games
EVAL_SEED = 8_200_000         # + --seed: the exploitability and balance games (fresh seeds)
BUILT_IN = ("heuristic", "random", "trained")
# Flags a resumed run must share with the run it continues (--iterations may grow).
RUN_FLAGS = ("volume", "seed", "games", "br_steps", "envs", "margin", "exploit_steps", "eval_games", "lr",
             "ent_coef", "n_steps", "batch", "epochs")
CSV_FIELDS = ("iteration", "first_members", "second_members", "value", "value_lo", "value_hi", "first_gain",
              "first_gain_lo", "first_gain_hi", "second_gain", "second_gain_lo", "second_gain_hi", "first_mixture",
              "second_mixture", "wall_s")


class LeagueError(Exception):
    """A league run that cannot go on (foreign state, other flags, nothing to resume)."""


# ------------------------------------------------------------------ pieces --

def seats_of(volume: str) -> tuple[str, str]:
    from britishway_env.registry import spec

    found = spec(volume)
    if not found.several_seats or len(found.agents) != 2 or found.vector is None:
        raise LeagueError(f"{volume} is not a two-seat volume with a vector env")
    return tuple(found.agents)


def first_seat_scores(df, first: str, second: str) -> np.ndarray:
    """The first seat's score per game, in game order: 1 a win, 0 a loss, 1/2 neither."""
    df = df.sort_values("game")
    w = df["winner"].astype(str).to_numpy()
    return np.where(w == first, 1.0, np.where(w == second, 0.0, 0.5))


def play_cell(volume: str, policies: dict, games: int, seed: int, threads: int) -> list[float]:
    from britishway_env import rollouts

    first, second = seats_of(volume)
    df = rollouts.run(volume, games, seed=seed, policies=policies, threads=threads)
    return first_seat_scores(df, first, second).tolist()


def member_policy(member: dict, out_dir: Path) -> str:
    """What the rollouts and the vector env are told for a member."""
    return member["policy"] if member["policy"] in BUILT_IN else str(out_dir / member["policy"])


def mixture_value(scores: np.ndarray, row: np.ndarray, col: np.ndarray) -> np.ndarray:
    """Per game, the first seat's expected score when each seat draws a member
    by its mixture: ``scores[i, j, g]`` weighted by ``row[i] * col[j]``."""
    return np.einsum("i,j,ijg->g", row, col, scores)


def exact_matrix(scores: np.ndarray) -> list[list[Fraction]]:
    """Each cell's mean score as an exact fraction (scores are whole or half
    points, so twice their sum is an integer)."""
    games = scores.shape[2]
    return [[Fraction(int(round(2 * float(cell.sum()))), 2 * games) for cell in row] for row in scores]


def solve(scores: np.ndarray) -> tuple[np.ndarray, np.ndarray, float, list[str], list[str]]:
    """(first seat's mixture, second seat's mixture, value, both mixtures as exact
    fractions in text) of the matrix game of the cells' mean scores (the first
    seat maximises its score)."""
    from britishway_env.engine.matrix_game import solve as lp

    sol = lp(exact_matrix(scores))
    row, col, value = sol.as_floats()
    return row, col, value, [str(x) for x in sol.row], [str(x) for x in sol.col]


def interval(values: np.ndarray) -> tuple[float, float, float]:
    from britishway_env.engine.stats import mean_paired_difference

    return mean_paired_difference(values)


def sha256_file(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def weights_sha256(path: Path, volume: str) -> str:
    """The SHA-256 of a network's actor weights (what it plays; the file itself
    also holds the command that wrote it)."""
    from agents.trained import load_network
    from britishway_env.provenance import weights_hash

    return weights_hash(load_network(path, volume).arrays)


def probability_interval(values) -> list[float]:
    """Mean of per-game scores in 0..1 with its normal-approximation 95% interval, kept in 0..1."""
    mean, lo, hi = interval(np.asarray(values, dtype=np.float64))
    return [mean, max(0.0, lo), min(1.0, hi)]


# ------------------------------------------------------------------- state --

def fresh_state(args, command: str) -> dict:
    return {"format": FORMAT, "flags": {k: getattr(args, k) for k in RUN_FLAGS},
            "commands": [command],
            "populations": {"first": [{"name": "scripted", "policy": "heuristic", "added": 0},
                                      {"name": "shipped", "policy": "trained", "added": 0}],
                            "second": [{"name": "scripted", "policy": "heuristic", "added": 0},
                                       {"name": "shipped", "policy": "trained", "added": 0}]},
            "cells": {}, "iterations": [], "best_responses": [], "stopped": None, "exploit": None,
            "wall_s": {"cells": 0.0, "best_responses": 0.0, "exploit": 0.0}}


def load_state(path: Path, args) -> dict:
    try:
        state = json.loads(path.read_text())
    except (OSError, ValueError) as err:
        raise LeagueError(f"cannot read {path}: {err}") from None
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise LeagueError(f"{path} is not a league run ({FORMAT})")
    for name in RUN_FLAGS:
        if state["flags"].get(name) != getattr(args, name):
            raise LeagueError(f"the saved run has --{name.replace('_', '-')} {state['flags'].get(name)!r}, this "
                              f"command {getattr(args, name)!r}: resume with the run's own flags")
    return state


def save_state(path: Path, state: dict) -> None:
    from britishway_env.io import atomic_write_text

    atomic_write_text(path, json.dumps(state, indent=1))


def cell_key(first: dict, second: dict) -> str:
    return f"{first['name']}|{second['name']}"


# -------------------------------------------------------------- the league --

class League:
    def __init__(self, args, state: dict, out_dir: Path, log):
        self.args, self.state, self.out_dir, self.log = args, state, out_dir, log
        self.first, self.second = seats_of(args.volume)
        self.path = out_dir / "league.json"

    def save(self) -> None:
        save_state(self.path, self.state)

    def pops(self):
        return self.state["populations"]["first"], self.state["populations"]["second"]

    def fill_cells(self) -> None:
        first_pop, second_pop = self.pops()
        seed = MATRIX_SEED + self.args.seed
        for a in first_pop:
            for b in second_pop:
                key = cell_key(a, b)
                if key in self.state["cells"]:
                    continue
                t0 = time.perf_counter()
                self.state["cells"][key] = play_cell(
                    self.args.volume, {self.first: member_policy(a, self.out_dir),
                                       self.second: member_policy(b, self.out_dir)},
                    self.args.games, seed, self.args.threads)
                self.state["wall_s"]["cells"] += time.perf_counter() - t0
                self.log(f"cell {a['name']} ({self.first}) vs {b['name']} ({self.second}): "
                         f"{np.mean(self.state['cells'][key]):.3f} over {self.args.games} games")
                self.save()

    def scores(self, first_pop=None, second_pop=None) -> np.ndarray:
        f, s = self.pops()
        first_pop, second_pop = first_pop or f, second_pop or s
        return np.array([[self.state["cells"][cell_key(a, b)] for b in second_pop] for a in first_pop])

    def record(self, k: int) -> dict:
        """Iteration ``k``'s record: populations after ``k`` rounds of best responses."""
        first_pop, second_pop = self.pops()
        scores = self.scores()
        matrix = scores.mean(axis=2)
        row, col, value, row_exact, col_exact = solve(scores)
        v, v_lo, v_hi = probability_interval(mixture_value(scores, row, col))
        rec = {"iteration": k, "first_members": [m["name"] for m in first_pop],
               "second_members": [m["name"] for m in second_pop], "matrix": matrix.tolist(),
               "first_mixture": row.tolist(), "second_mixture": col.tolist(),
               "first_mixture_exact": row_exact, "second_mixture_exact": col_exact,
               "value": value, "value_games": [v, v_lo, v_hi], "gains": None}
        if k > 0:
            prev = self.state["iterations"][k - 1]
            n1, n2 = len(prev["first_members"]), len(prev["second_members"])
            p_row, p_col = np.array(prev["first_mixture"]), np.array(prev["second_mixture"])
            base = mixture_value(scores[:n1, :n2], p_row, p_col)      # the previous equilibrium, game by game
            gains = {}
            new_first = [i for i, m in enumerate(first_pop) if m["added"] == k]
            new_second = [j for j, m in enumerate(second_pop) if m["added"] == k]
            for i in new_first:       # the first seat's new member against the mixture it was trained against
                ours = np.einsum("j,jg->g", p_col, scores[i, :n2])
                gains["first"] = list(interval(ours - base))
            for j in new_second:      # the second seat's score is 1 - the first seat's
                ours = 1.0 - np.einsum("i,ig->g", p_row, scores[:n1, j])
                gains["second"] = list(interval(ours - (1.0 - base)))
            rec["gains"] = gains
        return rec

    def should_stop(self, rec: dict) -> str | None:
        if rec["gains"] is None:
            return None
        if all(g[2] < self.args.margin for g in rec["gains"].values()):
            worst = ", ".join(f"{seat} {g[0]:+.3f} [{g[1]:+.3f}, {g[2]:+.3f}]" for seat, g in rec["gains"].items())
            return (f"iteration {rec['iteration']}: every new best response gains less than the margin "
                    f"{self.args.margin}, its whole interval below it ({worst})")
        return None

    def strongest(self, side: str, rec: dict) -> dict:
        """The seat's network member with the highest payoff against the other seat's mixture."""
        first_pop, second_pop = self.pops()
        matrix = np.array(rec["matrix"])
        if side == "first":
            payoff = matrix @ np.array(rec["second_mixture"])
            pop = first_pop
        else:
            payoff = 1.0 - np.array(rec["first_mixture"]) @ matrix
            pop = second_pop
        best = max((i for i, m in enumerate(pop) if m["policy"] not in ("heuristic", "random")),
                   key=lambda i: (payoff[i], i))
        return pop[best]

    def train_best_response(self, side: str, against: list[tuple[dict, float]], init: dict, seed: int,
                            out: Path) -> Path:
        """Train (or finish training) one best response; its final network."""
        from experiments import train

        seat = self.first if side == "first" else self.second
        pool = ",".join(f"{member_policy(m, self.out_dir)}={w!r}" for m, w in against if w > 0)
        argv = ["--volume", self.args.volume, "--seat", seat, "--timesteps", str(self.args.br_steps),
                "--envs", str(self.args.envs), "--seed", str(seed), "--bc-games", "0",
                "--init", member_policy(init, self.out_dir), "--pool", pool,
                "--eval-every", str(self.args.br_steps), "--snapshot-every", str(10 * self.args.br_steps),
                "--eval-games", str(self.args.eval_games), "--lr", repr(self.args.lr),
                "--ent-coef", repr(self.args.ent_coef), "--n-steps", str(self.args.n_steps),
                "--batch", str(self.args.batch), "--epochs", str(self.args.epochs),
                "--threads", str(self.args.threads), "--out-dir", str(out)]
        state_json = out / "train_state.json"
        if state_json.is_file():
            saved = json.loads(state_json.read_text())
            if saved.get("counters", {}).get("timesteps", 0) >= self.args.br_steps and (out / "latest.npz").is_file():
                self.log(f"best response {out.name}: already trained")
                return out / "latest.npz"
            argv.append("--resume")
        self.state["commands"].append("python experiments/train.py " + " ".join(argv))
        self.save()
        t0 = time.perf_counter()
        code = train.main(argv)
        self.state["wall_s"]["best_responses"] += time.perf_counter() - t0
        if code != 0:
            raise LeagueError(f"train.py {' '.join(argv)} failed ({code})")
        return out / "latest.npz"

    def add_best_responses(self, k: int, rec: dict) -> None:
        """Round ``k`` (1, 2, ...): a best response per seat against ``rec``'s mixtures."""
        first_pop, second_pop = self.pops()
        new = {}
        for s, (side, other_pop, other_mix) in enumerate((("first", second_pop, rec["second_mixture"]),
                                                          ("second", first_pop, rec["first_mixture"]))):
            name = f"br{k}"
            out = self.out_dir / "best_responses" / f"{k}_{side}"
            init = self.strongest(side, rec)
            path = self.train_best_response(side, list(zip(other_pop, other_mix)), init,
                                            self.args.seed * 1000 + 10 * k + s, out)
            new[side] = {"name": name, "policy": str(path.relative_to(self.out_dir)), "added": k,
                         "init": init["name"],
                         "weights_sha256": weights_sha256(path, self.args.volume)}
            self.log(f"best response {name} for the {side} seat: {path} (from {init['name']})")
        first_pop.append(new["first"])
        second_pop.append(new["second"])
        self.state["best_responses"].append({"round": k, **new})
        self.save()

    def run(self) -> None:
        while True:
            first_pop, _ = self.pops()
            k = max(m["added"] for m in first_pop)
            self.fill_cells()
            if len(self.state["iterations"]) <= k:
                rec = self.record(k)
                self.state["iterations"].append(rec)
                self.state["stopped"] = self.should_stop(rec)
                self.save()
                self.write_outputs()
                self.log(self.describe(rec))
            rec = self.state["iterations"][k]
            self.state["stopped"] = self.should_stop(rec)
            if self.state["stopped"]:
                self.log(f"stopped: {self.state['stopped']}")
                break
            if k >= self.args.iterations:
                self.log(f"budget: {self.args.iterations} rounds of best responses")
                break
            self.add_best_responses(k + 1, rec)
        if self.args.exploit_steps:
            self.exploitability()
        self.write_outputs()

    def describe(self, rec: dict) -> str:
        mix = lambda names, w: ", ".join(f"{n} {x:.2f}" for n, x in zip(names, w) if x > 0)  # noqa: E731
        text = (f"iteration {rec['iteration']}: value {rec['value']:.3f} (British win probability); "
                f"{self.first} mixture {mix(rec['first_members'], rec['first_mixture'])}; "
                f"{self.second} mixture {mix(rec['second_members'], rec['second_mixture'])}")
        if rec["gains"]:
            text += "; gains " + ", ".join(f"{s} {g[0]:+.3f} [{g[1]:+.3f}, {g[2]:+.3f}]"
                                            for s, g in rec["gains"].items())
        return text

    # ------------------------------------------------------- exploitability --

    def exploitability(self) -> None:
        final = self.state["iterations"][-1]
        if self.state.get("exploit") and self.state["exploit"].get("iteration") == final["iteration"] \
                and self.state["exploit"].get("done"):
            return
        first_pop, second_pop = self.pops()
        ex = self.state.get("exploit") or {}
        if ex.get("iteration") != final["iteration"]:
            if ex.get("done"):           # an earlier iteration's estimate: kept, without its per-game cells
                self.state.setdefault("exploit_history", []).append({k: v for k, v in ex.items() if k != "cells"})
            ex = {"iteration": final["iteration"], "cells": {}, "best_responses": {}}
        self.state["exploit"] = ex
        support = {"first": [(m, w) for m, w in zip(first_pop, final["first_mixture"]) if w > 0],
                   "second": [(m, w) for m, w in zip(second_pop, final["second_mixture"]) if w > 0]}
        t0 = time.perf_counter()
        for s, side in enumerate(("first", "second")):
            if side not in ex["best_responses"]:
                other = "second" if side == "first" else "first"
                out = self.out_dir / "exploit" / f"{final['iteration']}_{side}"
                init = self.strongest(side, final)
                path = self.train_best_response(side, support[other], init, self.args.seed * 1000 + 900 + s, out)
                ex["best_responses"][side] = {"name": f"exploit_{side}", "policy": str(path.relative_to(self.out_dir)),
                                              "init": init["name"],
                                              "weights_sha256": weights_sha256(path, self.args.volume)}
                self.save()
        seed = EVAL_SEED + self.args.seed
        firsts = [m for m, _ in support["first"]] + [ex["best_responses"]["first"]]
        seconds = [m for m, _ in support["second"]] + [ex["best_responses"]["second"]]
        for a in firsts:
            for b in seconds:
                if a is ex["best_responses"]["first"] and b is ex["best_responses"]["second"]:
                    continue
                key = cell_key(a, b)
                if key not in ex["cells"]:
                    ex["cells"][key] = play_cell(self.args.volume, {self.first: member_policy(a, self.out_dir),
                                                                    self.second: member_policy(b, self.out_dir)},
                                                 self.args.games, seed, self.args.threads)
                    self.save()
        row = np.array([w for _, w in support["first"]])
        col = np.array([w for _, w in support["second"]])
        cells = lambda a, b: np.array(ex["cells"][cell_key(a, b)])   # noqa: E731
        base = sum(wa * wb * cells(a, b) for a, wa in support["first"] for b, wb in support["second"])
        br_first = sum(wb * cells(ex["best_responses"]["first"], b) for b, wb in support["second"])
        br_second = sum(wa * (1.0 - cells(a, ex["best_responses"]["second"])) for a, wa in support["first"])
        ex["balance"] = probability_interval(base)
        ex["gains"] = {"first": list(interval(br_first - base)), "second": list(interval(br_second - (1.0 - base)))}
        ex["best_response_payoff"] = {"first": probability_interval(br_first),
                                      "second": probability_interval(br_second)}
        ex["games"], ex["seed"] = self.args.games, seed
        ex["support"] = {"first": [m["name"] for m, _ in support["first"]], "first_weights": row.tolist(),
                         "second": [m["name"] for m, _ in support["second"]], "second_weights": col.tolist()}
        ex["done"] = True
        self.state["wall_s"]["exploit"] += time.perf_counter() - t0
        self.save()
        self.log(f"balance on fresh seeds: British {ex['balance'][0]:.3f} [{ex['balance'][1]:.3f}, "
                 f"{ex['balance'][2]:.3f}]; exploitability: " + ", ".join(
                     f"{s} gains {g[0]:+.3f} [{g[1]:+.3f}, {g[2]:+.3f}]" for s, g in ex["gains"].items()))

    # -------------------------------------------------------------- outputs --

    def write_outputs(self) -> None:
        from britishway_env.io import atomic_write_text

        rows = []
        for rec in self.state["iterations"]:
            g = rec["gains"] or {}
            row = {"iteration": rec["iteration"], "first_members": " ".join(rec["first_members"]),
                   "second_members": " ".join(rec["second_members"]), "value": rec["value"],
                   "value_lo": rec["value_games"][1], "value_hi": rec["value_games"][2],
                   "first_mixture": " ".join(f"{x:.4f}" for x in rec["first_mixture"]),
                   "second_mixture": " ".join(f"{x:.4f}" for x in rec["second_mixture"]), "wall_s": ""}
            for side in ("first", "second"):
                got = g.get(side)
                row[f"{side}_gain"], row[f"{side}_gain_lo"], row[f"{side}_gain_hi"] = got if got else ("", "", "")
            rows.append(row)
        import io

        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=CSV_FIELDS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
        atomic_write_text(self.out_dir / "iterations.csv", buf.getvalue())
        if self.state["iterations"]:
            self.plot()

    def plot(self) -> None:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        from britishway_env.io import save_figure

        its = self.state["iterations"]
        fig, axes = plt.subplots(1, 3, figsize=(14, 4))
        x = [r["iteration"] for r in its]
        v = np.array([r["value_games"] for r in its])
        axes[0].errorbar(x, v[:, 0], yerr=[v[:, 0] - v[:, 1], v[:, 2] - v[:, 0]], fmt="o-", capsize=3)
        ex = self.state.get("exploit")
        if ex and ex.get("done"):
            b = ex["balance"]
            axes[0].errorbar([x[-1] + 0.15], [b[0]], yerr=[[b[0] - b[1]], [b[2] - b[0]]], fmt="s", color="C3",
                             capsize=3, label="final, fresh seeds")
            axes[0].legend(fontsize=8)
        axes[0].set_xlabel("iteration (rounds of best responses)")
        axes[0].set_ylabel("British win probability at equilibrium")
        axes[0].set_xticks(x)
        for side, colour, seat in (("first", "C0", self.first), ("second", "C1", self.second)):
            pts = [(r["iteration"], r["gains"][side]) for r in its if r["gains"] and side in r["gains"]]
            if pts:
                xs = np.array([p[0] for p in pts]) + (0.05 if side == "second" else -0.05)
                g = np.array([p[1] for p in pts])
                axes[1].errorbar(xs, g[:, 0], yerr=[g[:, 0] - g[:, 1], g[:, 2] - g[:, 0]], fmt="o-", capsize=3,
                                 color=colour, label=seat)
        axes[1].axhline(self.args.margin, color="grey", ls="--", lw=1, label="margin")
        axes[1].axhline(0, color="black", lw=0.5)
        axes[1].set_xlabel("iteration")
        axes[1].set_ylabel("new best response's gain over the value")
        axes[1].legend(fontsize=8)
        last = its[-1]
        m = np.array(last["matrix"])
        im = axes[2].imshow(m, vmin=0, vmax=1, cmap="RdBu_r")
        axes[2].set_xticks(range(m.shape[1]), last["second_members"], rotation=45, fontsize=8)
        axes[2].set_yticks(range(m.shape[0]), last["first_members"], fontsize=8)
        axes[2].set_xlabel(self.second)
        axes[2].set_ylabel(self.first)
        axes[2].set_title("British win rate per pairing", fontsize=9)
        for i in range(m.shape[0]):
            for j in range(m.shape[1]):
                axes[2].text(j, i, f"{m[i, j]:.2f}", ha="center", va="center", fontsize=7)
        fig.colorbar(im, ax=axes[2], fraction=0.046)
        fig.suptitle(f"{self.args.volume}: league (PSRO), {self.args.games} games per pairing")
        fig.tight_layout()
        save_figure(fig, self.out_dir / "league.png", dpi=90)

    # ----------------------------------------------------------------- ship --

    def ship(self, dest: Path) -> list[Path]:
        """The final mixtures as the ``league`` policies: a JSON file per seat and
        the member networks beside it."""
        from britishway_env import provenance
        from britishway_env.io import atomic_write_bytes, atomic_write_text

        final = self.state["iterations"][-1]
        dest.mkdir(parents=True, exist_ok=True)
        written = []
        for side, seat in (("first", self.first), ("second", self.second)):
            pop = self.state["populations"][side]
            members, names = [], []
            weights = [Fraction(x) for x in final[f"{side}_mixture_exact"]]
            for k, (m, w) in enumerate(zip(pop, weights)):
                if w == 0:
                    continue
                entry = {"policy": m["policy"], "weight": float(w)}
                if m["policy"] not in BUILT_IN:
                    name = f"{self.args.volume}_{seat}_{m['name']}.npz"
                    data = (self.out_dir / m["policy"]).read_bytes()
                    atomic_write_bytes(dest / name, data)
                    entry = {"policy": name, "weight": float(w), "sha256": hashlib.sha256(data).hexdigest()}
                    written.append(dest / name)
                members.append(entry)
                names.append(m["name"])
            total = sum(e["weight"] for e in members)
            for e in members:
                e["weight"] = e["weight"] / total
            ex = self.state.get("exploit") or {}
            doc = {"format": "britishway-league/1", "volume": self.args.volume, "seat": seat, "members": members,
                   "provenance": {"made_by": "experiments/league.py", "member_names": names,
                                  "commands": self.state["commands"],
                                  "iteration": final["iteration"], "value": final["value"],
                                  "balance_fresh_seeds": ex.get("balance"),
                                  "exploitability": (ex.get("gains") or {}).get(side),
                                  "git_commit": provenance.manifest().get("git_commit")}}
            path = dest / f"{self.args.volume}_{seat}.json"
            atomic_write_text(path, json.dumps(doc, indent=1) + "\n")
            written.append(path)
        return written


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--volume", default="palestine")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--iterations", type=int, default=2, help="rounds of best responses at most")
    p.add_argument("--games", type=int, default=2000, help="games per pairing (the same seeds for every pairing)")
    p.add_argument("--br-steps", type=int, default=200_000, help="learner steps per best response")
    p.add_argument("--exploit-steps", type=int, default=200_000,
                   help="learner steps of the final exploitability best responses (0: none)")
    p.add_argument("--margin", type=float, default=0.02, help="stop when no gain is above this beyond its interval")
    p.add_argument("--envs", type=int, default=128)
    p.add_argument("--eval-games", type=int, default=200, help="train.py's own evaluation games")
    p.add_argument("--lr", type=float, default=1e-4)
    p.add_argument("--ent-coef", type=float, default=0.003)
    p.add_argument("--n-steps", type=int, default=128)
    p.add_argument("--batch", type=int, default=4096)
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--out-dir", type=Path, default=None)
    p.add_argument("--resume", action="store_true")
    p.add_argument("--ship", action="store_true", help="write the final mixtures as the shipped league policies")
    p.add_argument("--ship-dir", type=Path, default=ROOT / "agents" / "league", help=argparse.SUPPRESS)
    argv = sys.argv[1:] if argv is None else list(argv)
    args = p.parse_args(argv)
    for name in ("games", "br_steps", "envs", "eval_games", "threads", "n_steps", "batch", "epochs"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be positive")
    if args.iterations < 0 or args.exploit_steps < 0:
        p.error("--iterations and --exploit-steps must be >= 0")
    if not 0 <= args.seed < 2**20:
        p.error("--seed must be in 0..2**20-1")
    if not 0 <= args.margin < 1:
        p.error("--margin must be in [0, 1)")
    try:
        seats_of(args.volume)
    except Exception as err:                    # noqa: BLE001 - an unknown volume or a one-seat one
        p.error(f"--volume: {err}")
    from britishway_env import provenance

    out_dir = args.out_dir or ROOT / "runs" / "league" / args.volume
    path = out_dir / "league.json"
    command = provenance.command_line(["experiments/league.py", *argv])
    start = time.perf_counter()

    def log(msg: str) -> None:
        print(f"[{time.perf_counter() - start:7.0f} s] {msg}", flush=True)

    try:
        if args.resume or args.ship:
            if not path.is_file():
                raise LeagueError(f"nothing to resume in {out_dir} (no league.json)")
            state = load_state(path, args)
            if not args.ship:
                state["commands"].append(command)
        else:
            if path.exists():
                raise LeagueError(f"{path} exists: --resume to go on, or another --out-dir")
            out_dir.mkdir(parents=True, exist_ok=True)
            state = fresh_state(args, command)
        league = League(args, state, out_dir, log)
        if args.ship:
            if not state["iterations"]:
                raise LeagueError("the run has no iteration to ship")
            for f in league.ship(args.ship_dir):
                log(f"wrote {f}")
            return 0
        league.save()
        league.run()
    except LeagueError as err:
        print(f"league.py: {err}", file=sys.stderr)
        return 2
    log(f"done: {out_dir / 'league.json'}, {out_dir / 'iterations.csv'}, {out_dir / 'league.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
