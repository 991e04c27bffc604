"""The speed aims of every COIN volume, side by side in one run, in one table.

    python benchmarks/bench_aims.py                                  # tables to stdout
    python benchmarks/bench_aims.py --write docs/results/benchmarks.md
    python benchmarks/bench_aims.py --quick                          # tiny sizes (smoke test)
    python benchmarks/bench_aims.py --volumes cyprus --rounds 5

Each aim is a ratio of two things measured in the same run on the same
machine, so that a faster or slower machine (or one shared with other work)
moves both sides alike; absolute figures are printed beside them.

Per volume, in ``--rounds`` rounds that take the measurements in turn (the
ratio of each round is taken, the table gives their median and range):

- **random play per core against OpenSpiel**: the volume's compiled random
  play on one numba thread (``playout.play_random_games``: both seats
  uniformly random over the legal actions, no observations), decisions per
  second, against OpenSpiel's C++ ``hearts`` random play
  (``pyspiel.evaluate_bots`` with ``make_uniform_random_bot`` in every seat,
  one core), its decisions per second estimated as games per second times
  the mean player moves of a hearts game (chance nodes not counted; a Python
  loop over ``legal_actions`` counts them once per run). Each OpenSpiel block
  is followed at once by the volume's block, so the pair meets the same
  machine. Aim: at least 2x.
- **scripted bots against random play**: time per game of the volume's
  scripted bots in both seats (``heuristic``: Palestine's hand-written
  scoring, the Monte-Carlo look-ahead of Cyprus and Arab Revolt) against
  random play in both seats, both through the compiled rollouts
  (``ROLLOUTS.play``, every numba thread, no table). Aim: Palestine at most
  3x, Cyprus and Arab Revolt at most 15x.
- **the vector env against compiled random games**: games per second of
  ``envs.vector.VectorEnv`` with ``--envs`` slots (the aim's row; ``--sweep``
  adds rows at other slot counts), ``seat="both"``,
  ``opponent="random"`` and ``auto_single=False`` (every decision of the
  learner seat handed out, even a forced one; the learner's choices drawn by
  ``engine.policy.uniform_legal_rows`` from ``info["action_mask"]``, the
  opponent random inside the step: both seats random), against compiled
  random games per second (``playout.play_random_games``) on the same
  thread count. Aim: at least 0.8. Every step reads and writes each slot's
  state row, observation and mask, so past a few thousand slots the step
  waits on memory more than on the rules: the sweep shows where. Two more
  rows split the aim's run: the share of its time in the step's compiled
  kernel (the env's one call into numba a step, timed around it), in the rest
  of ``step`` (the env's Python: checks, copies, the info dict) and in the
  learner's draws; and the ratio the vector env would reach were the last two
  free (its games over the compiled kernel's time alone), a bound on what
  cheaper Python could give. Two more give that bound on one thread (the
  compiled step's games over its time, against random play on one thread)
  and what the threads gain each side: the step's slots are cut into one
  range a thread, random play's games shared out whole.

``--write`` replaces only the section headed ``# Benchmarks: the speed aims``.
Where OpenSpiel is not installed the run has no per-core rows, so it refuses
(exit 2, before measuring anything) to replace a section that holds them,
unless ``--without-openspiel`` says to drop them.
"""

from __future__ import annotations

import argparse
import importlib
import random
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
from common import (  # noqa: E402
    busy_cores, command_line, cpu_model, loadavg, section_lines, spiel_random_play, volumes_arg, write_section,
)

HEADING = "# Benchmarks: the speed aims"
VOLUMES = coin_volume_names()
TITLES = {"palestine": "Palestine", "cyprus": "Cyprus", "arab_revolt": "Arab Revolt"}
BOT_AIM = {"palestine": 3.0, "cyprus": 15.0, "arab_revolt": 15.0}
SPIEL_AIM = 2.0
VECTOR_AIM = 0.8
SEED = 2026
HEARTS_ROW = "random play decisions/s per core / OpenSpiel C++ `hearts`"   # the per-core aim's rows
HEARTS_MOVES = 61    # about a hearts game's player moves (52 cards, 12 passed in three deals of four): sizes the loop


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# ------------------------------------------------------------ measurements --

class Volume:
    """One volume's measurements, each a function returning (seconds, amount)."""

    def __init__(self, name: str):
        self.name = name
        base = f"britishway_env.volumes.{name}"
        self.playout = importlib.import_module(f"{base}.playout")
        self.results = importlib.import_module("britishway_env.engine.coin.results")
        self.rollouts = importlib.import_module(f"{base}.rollouts").ROLLOUTS
        self.policies = {
            "random": dict.fromkeys(self.rollouts.seats, "random"),
            "heuristic": dict.fromkeys(self.rollouts.seats, "heuristic"),
        }
        self.first = 0                 # the next game number: every timed block plays new games

    def random_games(self, n: int, threads: int) -> tuple[float, int, int]:
        """(seconds, games, decisions) of ``n`` compiled random games on ``threads`` threads."""
        out = np.zeros((n, self.results.N_RESULT_COLUMNS), np.int64)
        with numba_threads(threads):
            t0 = time.perf_counter()
            self.playout.play_random_games(np.int64(SEED), np.int64(self.first), np.int64(n), False, out)
            wall = time.perf_counter() - t0
        self.first += n
        return wall, n, int(out[:, self.results.R_DECISIONS].sum())

    def bot_games(self, n: int, policy: str) -> tuple[float, int]:
        """(seconds, games) of ``n`` games with ``policy`` in both seats through the compiled rollouts."""
        t0 = time.perf_counter()
        self.rollouts.play(n, SEED + self.first, self.policies[policy])
        wall = time.perf_counter() - t0
        self.first += n
        return wall, n

    def vector_games(self, seconds: float, envs: int, threads: int | None = None
                     ) -> tuple[float, int, int, float, float]:
        """(seconds, games ended, learner steps, seconds in the compiled step,
        seconds in the learner's draws) of the vector env for about ``seconds``
        (longer until as many games have ended as there are slots), on ``threads`` numba threads
        (None: as many as now)."""
        with numba_threads(threads):
            return self._vector_games(seconds, envs)

    def _vector_games(self, seconds: float, envs: int) -> tuple[float, int, int, float, float]:
        from britishway_env.engine.policy import uniform_legal_rows
        from britishway_env.envs.vector import VectorEnv

        env = VectorEnv(self.name, num_envs=envs, seat="both", opponent="random", seed=SEED + self.first,
                        auto_single=False)
        self.first += 1
        _, info = env.reset()
        streams = np.arange(envs, dtype=np.int64) * 7919 + 1
        acts = np.zeros(envs, dtype=np.int64)
        for _ in range(3):                                   # threads started, first games under way
            uniform_legal_rows(info["action_mask"], streams, acts)
            _, _, term, trunc, info = env.step(acts)
        compiled = env._kernel                               # the step's one call into the compiled kernel
        in_kernel = [0.0]

        def timed(act):
            k0 = time.perf_counter()
            compiled(act)
            in_kernel[0] += time.perf_counter() - k0

        env._kernel = timed
        games, draws = 0, 0.0
        before = env.learner_steps
        t0 = time.perf_counter()
        while True:
            for _ in range(20):
                d0 = time.perf_counter()
                uniform_legal_rows(info["action_mask"], streams, acts)
                draws += time.perf_counter() - d0
                _, _, term, trunc, info = env.step(acts)
                games += int(np.count_nonzero(term | trunc))
            wall = time.perf_counter() - t0
            # As many games ended as there are slots, so that a short block (--quick, a loaded machine)
            # measures a rate: the slots' first games all start together and end near one another, so a
            # block stopped at the first to end counts a few games over a whole game's time (a ratio
            # printed as 0.00). A minute past its time, a block reports what it has.
            if wall >= seconds and (games >= envs or wall >= seconds + 60.0):
                env.close()
                return wall, games, env.learner_steps - before, in_kernel[0], draws


def hearts(n_games: int) -> tuple[float, int] | None:
    """(seconds, games) of ``n_games`` OpenSpiel hearts games between C++ uniform random bots."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    bots = [pyspiel.make_uniform_random_bot(p, SEED + p) for p in range(game.num_players())]
    t0 = time.perf_counter()
    for i in range(n_games):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, SEED + i)
    return time.perf_counter() - t0, n_games


def hearts_moves_per_game(n_games: int) -> float:
    """Mean player moves of a hearts game (chance nodes not counted), from a
    Python loop of about ``n_games`` games."""
    import pyspiel

    run = spiel_random_play(pyspiel.load_game("hearts"), n_games * HEARTS_MOVES, random.Random(SEED))
    return run["finished_decisions"] / max(1, run["games"])


# ------------------------------------------------------------------ driver --

def spiel_missing() -> str | None:
    """Why OpenSpiel's Python module cannot be imported here (None: it can)."""
    try:
        import pyspiel  # noqa: F401
    except ImportError as err:
        return str(err)
    return None


def measure(args) -> dict:
    spiel_reason = spiel_missing()
    spiel = spiel_reason is None
    threads = numba.config.NUMBA_NUM_THREADS
    info = {"threads": threads, "volumes": {}, "spiel": spiel}
    if spiel:
        info["hearts_moves"] = hearts_moves_per_game(args.hearts_sample)
        hearts(max(5, args.hearts_games // 20))                       # warm-up
    else:
        info["spiel_reason"] = spiel_reason
    for name in args.volumes:
        v = Volume(name)
        log(f"{name}: warming up (numba cache load, or compile)")
        v.random_games(64, 1)
        v.random_games(64, threads)
        v.bot_games(4, "heuristic")
        v.bot_games(4, "random")
        v.vector_games(0.05, 64)
        rows = {"spiel": [], "bots": [], "vector": [], "random_1": [], "bots_abs": [], "vector_abs": [],
                "vector_parts": [], "vector_one_thread": [], "hearts_abs": [], "sweep": {n: [] for n in args.sweep}}
        for r in range(args.rounds):
            log(f"{name}: round {r + 1}/{args.rounds}")
            if spiel:
                hs, hg = hearts(args.hearts_games)
                s1, g1, d1 = v.random_games(args.random_games, 1)
                hearts_dps = hg / hs * info["hearts_moves"]
                rows["spiel"].append((d1 / s1) / hearts_dps)
                rows["hearts_abs"].append(hearts_dps)
            else:
                s1, g1, d1 = v.random_games(args.random_games, 1)
            rows["random_1"].append((d1 / s1, g1 / s1, d1 / g1))
            rs, rg, _ = v.random_games(args.bot_random_games, threads)
            bs, bg = v.bot_games(args.bot_games, "heuristic")
            rows["bots"].append((bs / bg) / (rs / rg))
            rows["bots_abs"].append((bg / bs, rg / rs))
            vs, vg, vsteps, ks, ds = v.vector_games(args.vector_seconds, args.envs)
            cs, cg, _ = v.random_games(args.random_games, threads)
            rows["vector"].append((vg / vs) / (cg / cs))
            rows["vector_abs"].append((vg / vs, cg / cs, vsteps / vs))
            rows["vector_parts"].append((ks / vs, (vs - ks - ds) / vs, ds / vs, (vg / ks) / (cg / cs)))
            # The compiled step alone on one thread against random play on one thread (this
            # round's per-core block), and what the threads gain each of them.
            _, vg1, _, ks1, _ = v.vector_games(args.vector_seconds, args.envs, threads=1)
            rows["vector_one_thread"].append(((vg1 / ks1) / (g1 / s1), (vg / ks) / (vg1 / ks1), (cg / cs) / (g1 / s1)))
            for n in args.sweep:
                vs, vg, vsteps, _, _ = v.vector_games(args.vector_seconds, n)
                cs, cg, _ = v.random_games(args.random_games, threads)
                rows["sweep"][n].append(((vg / vs) / (cg / cs), vg / vs, vsteps / vs))
        info["volumes"][name] = rows
    return info


def med(xs):
    return statistics.median(xs)


def ratio_text(x: float) -> str:
    """A ratio to two decimals, or to two significant digits below 0.1, so that a
    small one (a short block on a loaded machine) is not printed as 0.00."""
    return f"{x:.2f}" if x == 0 or abs(x) >= 0.1 else f"{x:.2g}"


def span(xs):
    return f"{ratio_text(min(xs))}-{ratio_text(max(xs))}"


def render(args, info: dict, before: str, after: str) -> str:
    out = [HEADING, ""]
    add = out.append
    add(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {cpu_model()}, {info['threads']} numba threads; "
        f"other load before the run: {before}; after it: {after}; Python {sys.version.split()[0]}, "
        f"numpy {np.__version__}, numba {numba.__version__}. Command: `{command_line()}`.")
    add("")
    add(f"{args.rounds} rounds, each taking every measurement of a volume in turn; the ratio of each round, "
        "the median and (range) over the rounds. What is measured, and how, is this script's docstring "
        "(benchmarks/bench_aims.py).")
    add("")
    add("| volume | ratio | median (range) | aim | met? | what the two sides did (medians) |")
    add("|---|---|---:|---:|---|---|")
    for name, rows in info["volumes"].items():
        t = TITLES[name]
        if info["spiel"]:
            r = med(rows["spiel"])
            dps = med([x[0] for x in rows["random_1"]])
            add(f"| {t} | {HEARTS_ROW} | {ratio_text(r)}x "
                f"({span(rows['spiel'])}) | >= {SPIEL_AIM:g}x | {'yes' if r >= SPIEL_AIM else 'no'} | "
                f"{dps:,.0f} decisions/s ({med([x[2] for x in rows['random_1']]):.1f} a game) against "
                f"{med(rows['hearts_abs']):,.0f} |")
        r = med(rows["bots"])
        bg = med([x[0] for x in rows["bots_abs"]])
        rg = med([x[1] for x in rows["bots_abs"]])
        add(f"| {t} | scripted bots (both seats) time per game / random play | {ratio_text(r)}x ({span(rows['bots'])}) | "
            f"<= {BOT_AIM[name]:g}x | {'yes' if r <= BOT_AIM[name] else 'no'} | {bg:,.0f} games/s against "
            f"{rg:,.0f} |")
        r = med(rows["vector"])
        vg = med([x[0] for x in rows["vector_abs"]])
        cg = med([x[1] for x in rows["vector_abs"]])
        vsteps = med([x[2] for x in rows["vector_abs"]])
        add(f"| {t} | vector env games/s / compiled random games/s | {ratio_text(r)} ({span(rows['vector'])}) | "
            f">= {VECTOR_AIM:g} | {'yes' if r >= VECTOR_AIM else 'no'} | {vg:,.0f} games/s "
            f"({vsteps:,.0f} steps/s, {args.envs:,} slots) against {cg:,.0f} |")
        parts = [med([x[k] for x in rows["vector_parts"]]) for k in range(4)]
        add(f"| {t} | the same, a step's time: in the compiled step / the env's Python / the learner's draws | "
            f"{parts[0]:.0%} / {parts[1]:.0%} / {parts[2]:.0%} | | | |")
        add(f"| {t} | the same, were the env's Python and the learner's draws free: games/s over the compiled "
            f"step's time alone / compiled random games/s | {ratio_text(parts[3])} "
            f"({span([x[3] for x in rows['vector_parts']])}) | | | |")
        one = [med([x[k] for x in rows["vector_one_thread"]]) for k in range(3)]
        add(f"| {t} | the same on one thread: games/s over the compiled step's time alone / compiled random "
            f"games/s, both on one thread | {ratio_text(one[0])} ({span([x[0] for x in rows['vector_one_thread']])}) "
            f"| | | |")
        add(f"| {t} | what {info['threads']} threads gain over one: the compiled step / compiled random play | "
            f"{ratio_text(one[1])}x / {ratio_text(one[2])}x | | | |")
        for n, got in rows["sweep"].items():
            r = med([x[0] for x in got])
            add(f"| {t} | the same, {n:,} slots | {ratio_text(r)} ({span([x[0] for x in got])}) | | | "
                f"{med([x[1] for x in got]):,.0f} games/s ({med([x[2] for x in got]):,.0f} steps/s) |")
    if not info["spiel"]:
        add("")
        add(f"OpenSpiel is not installed here ({info['spiel_reason']}): no OpenSpiel row.")
    else:
        add("")
        add(f"OpenSpiel hearts: {args.hearts_games:,} games a block; {info['hearts_moves']:.1f} player moves a "
            f"game (from about {args.hearts_sample:,} games of a Python loop).")
    add("")
    add(f"Sizes: {args.random_games:,} random games a block for the per-core and vector rows, "
        f"{args.bot_games:,} scripted games against {args.bot_random_games:,} random ones, "
        f"{args.vector_seconds:g} s of vector env steps a block.")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> str:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--volumes", default=",".join(VOLUMES),
                    help=f"comma-separated COIN volumes (default {','.join(VOLUMES)})")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of every measurement (default 3)")
    ap.add_argument("--random-games", type=int, default=20000, help="random games a block (default 20000)")
    ap.add_argument("--bot-games", type=int, default=2000, help="scripted games a block (default 2000)")
    ap.add_argument("--bot-random-games", type=int, default=20000,
                    help="random games timed beside the scripted block (default 20000)")
    ap.add_argument("--vector-seconds", type=float, default=4.0, help="seconds of vector env a block (default 4)")
    ap.add_argument("--envs", type=int, default=1024, help="vector env slots of the aim's row (default 1024)")
    ap.add_argument("--sweep", default="256,4096",
                    help="other slot counts timed the same way, comma-separated (default 256,4096; '' for none)")
    ap.add_argument("--hearts-games", type=int, default=10000, help="OpenSpiel hearts games a block (default 10000)")
    ap.add_argument("--hearts-sample", type=int, default=500,
                    help="about this many hearts games of the Python loop that counts moves a game (default 500)")
    ap.add_argument("--quick", action="store_true", help="tiny sizes, one round (smoke test)")
    ap.add_argument("--write", type=Path, help="replace this script's section of the given Markdown page")
    ap.add_argument("--without-openspiel", action="store_true",
                    help="with --write: replace a section that holds OpenSpiel's rows even where OpenSpiel is not "
                         "installed (the per-core rows are then dropped)")
    args = ap.parse_args(argv)
    args.volumes = volumes_arg(ap, args.volumes, VOLUMES)
    for name in ("rounds", "random_games", "bot_games", "bot_random_games", "envs", "hearts_games", "hearts_sample"):
        if getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1")
    try:
        args.sweep = [int(x) for x in args.sweep.split(",") if x.strip()]
    except ValueError:
        ap.error(f"--sweep takes whole numbers separated by commas, got {args.sweep!r}")
    if any(n < 1 or n > 1 << 20 for n in args.sweep):
        ap.error("--sweep slot counts must be in 1..1048576")
    if not args.vector_seconds > 0:
        ap.error("--vector-seconds must be positive")
    if args.quick:
        args.rounds, args.random_games, args.bot_games, args.bot_random_games = 1, 50, 2, 50
        args.vector_seconds, args.envs, args.hearts_games, args.hearts_sample = 0.05, 32, 20, 5
        args.sweep = args.sweep[:1] and [16]
    if args.write and not args.without_openspiel and spiel_missing() is not None \
            and any(HEARTS_ROW in line for line in section_lines(args.write, HEADING)):
        ap.error(f"OpenSpiel is not installed here, and the section of {args.write} this run would replace holds "
                 "its per-core rows: install the benchmarks' peers (pip install -e '.[bench]', or make bench), or "
                 "pass --without-openspiel to drop them")
    before = f"{busy_cores():.2f} of {numba.config.NUMBA_NUM_THREADS} cores busy (load average {loadavg()})"
    info = measure(args)
    after = f"load average {loadavg()}"
    report = render(args, info, before, after)
    print(report)
    if args.write:
        write_section(args.write, HEADING, report)
    return report


if __name__ == "__main__":
    main()
