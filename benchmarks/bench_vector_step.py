"""The vector env's compiled step, slot by slot: what one slot's turn in a
step costs against the decisions it plays, for each COIN volume.

    python benchmarks/bench_vector_step.py                    # all volumes, table to stdout
    python benchmarks/bench_vector_step.py --write docs/results/benchmarks.md
    python benchmarks/bench_vector_step.py --quick            # tiny sizes (smoke test)
    python benchmarks/bench_vector_step.py --volumes cyprus --slots 4,64,1024

Everything on one numba thread. For each volume it times, in ``--rounds``
rounds, each taking every measurement in turn so drift hits them alike:

- compiled random play (``playout.play_random_games``): µs a decision and
  decisions a game;
- the vector env (``envs.vector.VectorEnv``: ``seat="both"``, random
  opponents, every decision of a learner seat handed out, ``auto_single=False``,
  ``copy=False``), the learner's actions drawn by
  ``engine.policy.uniform_legal_rows`` outside the timing, at each slot count
  of ``--slots``: the compiled step's call alone (``env._kernel``, the one
  call a step makes into the compiled kernel) per call, per slot's turn
  ("visit": the slot plays the learner's action, the opponent's decisions
  after it, and writes the next observation), and the games ended;
- random play with the games' rows taken in turn, as the step takes its
  slots (benchmarks/kernel_drivers.py ``t_slots_in_turn``: two random
  decisions a visit, ``invariants.random_action`` and ``turns.apply``), on
  one game throughout and on as many games as the largest slot count,
  without and with ``observation.observe`` after each visit.

The step's time a call is fitted as ``a + b * slots`` (least squares over the
slot counts): ``a`` is the call's own cost (the dispatch of the kernel's
arguments, the threads' launch), ``b`` a visit's. A visit plays about two
decisions (the learner's, then the opponent's up to the learner's next), so
``b`` is split into: two random decisions of one game; what taking another
game's row each visit adds; what the observation adds; and the rest, the
step's own work (its tallies and result row, which slot waits on whom, the
learner's action checked). The last rows bound what the vector env can reach
against random play: the compiled step's games/s over random play's, as
measured, were the step's own work free, and were the observation free too
(the env's Python and the learner's draws come on top, see "the speed aims").

``--write`` replaces only the section headed ``# Benchmarks: the vector env's step, slot by slot``,
keeping at its end the notes written by hand under ``## Observations``.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numba  # noqa: E402
import numpy as np  # noqa: E402

from britishway_env.engine.threads import numba_threads  # noqa: E402
from britishway_env.registry import coin_volume_names  # noqa: E402
from common import busy_cores, command_line, cpu_model, loadavg, volumes_arg, write_section_keeping_notes  # noqa: E402

HEADING = "# Benchmarks: the vector env's step, slot by slot"
NOTES_HEADING = "## Observations"
VOLUMES = coin_volume_names()
TITLES = {"palestine": "Palestine", "cyprus": "Cyprus", "arab_revolt": "Arab Revolt"}
SEED = 2027
PER_VISIT = 2          # random decisions a visit of the slots-in-turn play (a step's visit plays about two)


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def random_play(volume: str, games: int, first: int) -> tuple[float, int]:
    """(seconds, decisions) of ``games`` compiled random games on the calling thread count."""
    playout = importlib.import_module(f"britishway_env.volumes.{volume}.playout")
    results = importlib.import_module("britishway_env.engine.coin.results")
    out = np.zeros((games, results.N_RESULT_COLUMNS), np.int64)
    t0 = time.perf_counter()
    playout.play_random_games(np.int64(SEED), np.int64(first), np.int64(games), False, out)
    wall = time.perf_counter() - t0
    return wall, int(out[:, results.R_DECISIONS].sum())


class Slots:
    """A vector env of ``slots`` slots kept between rounds: each block steps it on."""

    def __init__(self, volume: str, slots: int, seed: int):
        from britishway_env.envs.vector import VectorEnv

        self.env = VectorEnv(volume, num_envs=slots, seat="both", opponent="random", seed=seed,
                             auto_single=False, copy=False)
        _, self.info = self.env.reset()
        self.streams = np.arange(slots, dtype=np.int64) * 7919 + 1
        self.acts = np.zeros(slots, dtype=np.int64)
        self.compiled = self.env._kernel              # the step's one call into the compiled kernel
        self.in_kernel = 0.0
        self.calls = 0

        def timed(act):
            t0 = time.perf_counter()
            self.compiled(act)
            self.in_kernel += time.perf_counter() - t0
            self.calls += 1

        self.env._kernel = timed
        self.block(0.0, steps=3)                     # first games under way, kernels loaded

    def block(self, seconds: float, steps: int = 0) -> tuple[float, int, int, int]:
        """Step for about ``seconds`` (or ``steps`` steps): (seconds in the compiled
        step, calls, visits, games ended)."""
        from britishway_env.engine.policy import uniform_legal_rows

        k0, c0, v0 = self.in_kernel, self.calls, self.env.learner_steps
        games, n = 0, 0
        t0 = time.perf_counter()
        while (n < steps) if steps else (time.perf_counter() - t0 < seconds):
            uniform_legal_rows(self.info["action_mask"], self.streams, self.acts)
            _, _, term, trunc, self.info = self.env.step(self.acts)
            games += int(np.count_nonzero(term | trunc))
            n += 1
        return self.in_kernel - k0, self.calls - c0, self.env.learner_steps - v0, games

    def close(self) -> None:
        self.env.close()


def fit_line(xs, ys) -> tuple[float, float]:
    """Least squares ``y = a + b x``."""
    x, y = np.asarray(xs, float), np.asarray(ys, float)
    b, a = np.polyfit(x, y, 1)
    return float(a), float(b)


def measure(args) -> dict:
    from bench_kernels import drivers

    info = {}
    with numba_threads(1):
        for volume in args.volumes:
            log(f"{volume}: loading kernels")
            d = drivers(volume)
            layout = importlib.import_module(f"britishway_env.volumes.{volume}.layout")
            turns = importlib.import_module(f"britishway_env.volumes.{volume}.turns")
            observation = importlib.import_module(f"britishway_env.volumes.{volume}.observation")
            from britishway_env.engine.rng import seed_from

            random_play(volume, 20, 0)
            envs = {n: Slots(volume, n, SEED + n) for n in args.slots}
            turn_counts = sorted({1, max(args.slots)})
            in_turn = {}
            for n in turn_counts:
                states = np.zeros((n, layout.STATE_SIZE), np.int64)
                for i in range(n):
                    turns.new_game(states[i], seed_from(SEED, i))
                in_turn[n] = (states, np.zeros((n, layout.N_ACTIONS), np.int8),
                              np.arange(n, dtype=np.int64) * 7919 + 1, np.zeros((n, observation.OBS_SIZE), np.float32))
                d.t_slots_in_turn(*in_turn[n], PER_VISIT, n, True, SEED + 1)
            rows = {"random": [], "turn": [], **{n: [] for n in args.slots}}
            first = 1000
            for r in range(args.rounds):
                log(f"{volume}: round {r + 1} of {args.rounds}")
                wall, decisions = random_play(volume, args.random_games, first)
                first += args.random_games
                rows["random"].append((wall, decisions, args.random_games))
                for n in args.slots:
                    rows[n].append(envs[n].block(args.seconds))
                turn = {}
                for n in turn_counts:
                    visits = max(n, args.turn_visits // n * n)
                    for observe in (False, True):
                        t0 = time.perf_counter()
                        d.t_slots_in_turn(*in_turn[n], PER_VISIT, visits, observe, SEED + 2 + r)
                        turn[n, observe] = (time.perf_counter() - t0) / visits
                rows["turn"].append(turn)
            for e in envs.values():
                e.close()
            info[volume] = rows
    return info


def summarise(args, rows: dict) -> dict:
    """Medians over the rounds, the fit, and the split of a visit."""
    us_decision = statistics.median(w / dcs for w, dcs, _ in rows["random"]) * 1e6
    decisions_game = sum(dcs for _, dcs, _ in rows["random"]) / sum(g for _, _, g in rows["random"])
    per_call, per_visit = {}, {}
    visits_total = games_total = 0
    for n in args.slots:
        per_call[n] = statistics.median(k / c for k, c, _, _ in rows[n] if c) * 1e6
        per_visit[n] = statistics.median(k / v for k, _, v, _ in rows[n] if v) * 1e6
        visits_total += sum(v for _, _, v, _ in rows[n])
        games_total += sum(g for _, _, _, g in rows[n])
    if len(args.slots) > 1:
        a, b = fit_line(list(per_call), list(per_call.values()))
    else:
        a, b = 0.0, per_visit[args.slots[0]]
    largest = max(args.slots)

    def turn(n, observe):
        return statistics.median(t[n, observe] for t in rows["turn"]) * 1e6

    one_game, in_turn, in_turn_obs = turn(1, False), turn(largest, False), turn(largest, True)
    visits_game = visits_total / games_total if games_total else float("nan")
    random_game = decisions_game * us_decision
    step_game = visits_game * per_visit[largest]
    own = b - in_turn_obs
    observation = in_turn_obs - in_turn
    return dict(us_decision=us_decision, decisions_game=decisions_game, per_call=per_call, per_visit=per_visit,
                a=a, b=b, visits_game=visits_game, decisions_visit=decisions_game / visits_game,
                one_game=one_game, in_turn=in_turn, in_turn_obs=in_turn_obs, largest=largest,
                turns=in_turn - one_game, observation=observation, own=own,
                ratio=random_game / step_game,
                ratio_no_own=random_game / (step_game - visits_game * max(own, 0.0)),
                ratio_no_own_obs=random_game / (step_game - visits_game * (max(own, 0.0) + observation)))


def render(args, info: dict, before: str, after: str) -> str:
    now = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    out = [HEADING, ""]
    add = out.append
    add(f"{now}, {cpu_model()}, one numba thread; other load before the run {before}, after it {after}; "
        f"Python {sys.version.split()[0]}, numpy {np.__version__}, numba {numba.__version__}. "
        f"Command: `{command_line()}`.")
    add("")
    add("The vector env's compiled step (seat \"both\", random opponents, every decision of a learner seat "
        "handed out, `auto_single=False`, `copy=False`) at each slot count, its call timed alone, against "
        f"compiled random play, both on one thread; median of {args.rounds} rounds, each taking every "
        f"measurement in turn ({args.random_games:,} random games and {args.seconds:g} s of steps per slot "
        "count a round). A visit is one slot's turn in a step: the learner's action, the opponent's "
        "decisions after it, and the next observation written. How it is split: benchmarks/bench_vector_step.py.")
    add("")
    vols = [v for v in VOLUMES if v in info]
    s = {v: summarise(args, info[v]) for v in vols}
    add("| | " + " | ".join(TITLES[v] for v in vols) + " |")
    add("|---|" + "---:|" * len(vols))

    def row(label, fmt, key):
        add(f"| {label} | " + " | ".join(fmt.format(key(s[v])) for v in vols) + " |")

    row("random play: µs a decision / decisions a game", "{}",
        lambda x: f"{x['us_decision']:.3f} / {x['decisions_game']:.1f}")
    for n in args.slots:
        row(f"the step, {n:,} slots: µs a call / µs a visit", "{}",
            lambda x, n=n: f"{x['per_call'][n]:,.1f} / {x['per_visit'][n]:.3f}")
    row("fit over the slot counts: a call's own µs (a) / a visit's µs (b)", "{}",
        lambda x: f"{x['a']:.1f} / {x['b']:.3f}")
    row("visits a game / decisions a visit", "{}", lambda x: f"{x['visits_game']:.1f} / {x['decisions_visit']:.2f}")
    big = max(args.slots)
    row(f"{PER_VISIT} random decisions a visit, one game throughout: µs a visit", "{:.3f}", lambda x: x["one_game"])
    row(f"the same, {big:,} games' rows in turn: µs a visit, without / with the observation", "{}",
        lambda x: f"{x['in_turn']:.3f} / {x['in_turn_obs']:.3f}")
    row(f"a visit (b): {PER_VISIT} random decisions of one game", "{}",
        lambda x: f"{x['one_game']:.3f} ({x['one_game'] / x['b']:.0%})")
    row("a visit (b): another game's row each visit", "{}",
        lambda x: f"{x['turns']:.3f} ({x['turns'] / x['b']:.0%})")
    row("a visit (b): the observation", "{}",
        lambda x: f"{x['observation']:.3f} ({x['observation'] / x['b']:.0%})")
    row("a visit (b): the step's own work (tallies, waiting, the mask handed out, the learner's action checked)",
        "{}", lambda x: f"{x['own']:.3f} ({x['own'] / x['b']:.0%})")
    row(f"the step's games/s over random play's, {big:,} slots", "{:.2f}", lambda x: x["ratio"])
    row("the same, were the step's own work free", "{:.2f}", lambda x: x["ratio_no_own"])
    row("the same, were the observation free too", "{:.2f}", lambda x: x["ratio_no_own_obs"])
    add("")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> str:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--volumes", default=",".join(VOLUMES),
                    help=f"comma-separated COIN volumes (default {','.join(VOLUMES)})")
    ap.add_argument("--slots", default="4,16,64,256,1024",
                    help="slot counts, comma-separated (default 4,16,64,256,1024)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of every measurement (default 3)")
    ap.add_argument("--random-games", type=int, default=5000, help="random games a round (default 5000)")
    ap.add_argument("--seconds", type=float, default=1.5, help="seconds of steps per slot count a round (default 1.5)")
    ap.add_argument("--turn-visits", type=int, default=400000,
                    help="visits of the slots-in-turn random play timed a round (default 400000)")
    ap.add_argument("--quick", action="store_true", help="tiny sizes, one round (smoke test)")
    ap.add_argument("--write", type=Path, help="replace this script's section of the given Markdown page")
    args = ap.parse_args(argv)
    args.volumes = volumes_arg(ap, args.volumes, VOLUMES)
    try:
        args.slots = sorted({int(x) for x in args.slots.split(",") if x.strip()})
    except ValueError:
        ap.error(f"--slots takes whole numbers separated by commas, got {args.slots!r}")
    if not args.slots or any(n < 1 or n > 1 << 16 for n in args.slots):
        ap.error("--slots takes slot counts in 1..65536")
    for name in ("rounds", "random_games", "turn_visits"):
        if getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1")
    if not args.seconds > 0:
        ap.error("--seconds must be positive")
    if args.quick:
        args.rounds, args.random_games, args.seconds, args.turn_visits = 1, 50, 0.05, 2000
        args.slots = [4, 16]
    before = f"{busy_cores():.2f} of {numba.config.NUMBA_NUM_THREADS} cores busy (load average {loadavg()})"
    info = measure(args)
    after = f"load average {loadavg()}"
    report = render(args, info, before, after)
    print(report)
    if args.write:
        write_section_keeping_notes(args.write, HEADING, report, NOTES_HEADING)
    return report


if __name__ == "__main__":
    main()
