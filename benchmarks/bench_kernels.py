"""Where a random game's time goes, kernel by kernel, for each COIN volume.

    python benchmarks/bench_kernels.py                      # 300 games per volume, tables to stdout
    python benchmarks/bench_kernels.py --write docs/results/benchmarks.md
    python benchmarks/bench_kernels.py --quick              # 3 games, 1 pass (smoke test)
    python benchmarks/bench_kernels.py --volumes cyprus --games 100

For each volume it plays ``--games`` random games from seed SEED exactly as
the compiled random play does (``playout.play_random_games``: each seat's
stream from ``playout.seat_streams``, the choice by
``invariants.random_action``) and records every decision: the state before
it, the legal mask, the acting seat's stream before the draw and the action
taken. It checks that the recorded choices replay (the mask and stream pick
the recorded action) and that apply's seam holds (``settle`` after the switch
alone gives ``apply``'s state, bit for bit, at every position).

It then times, in compiled loops over the recorded positions (one thread,
each position restored from its copy before every call, in blocks of
``--block`` positions taken ``--reps`` times each so a block's records stay
in cache as a game's state does), each part of a decision: the legal mask,
the random choice, ``apply``, and apply split at its seam (the switch alone;
``settle`` from the state the switch leaves) and, beside them, the
observation (``observation.observe``: no part of random play, but the vector
env makes one at each decision it hands out); the restore alone is timed
the same way and taken off the parts. A new game (setup and first card) is
timed per game. The whole compiled random game (``playout.play_random_rows``,
what ``play_random_games`` runs on each thread) of the same seeds is timed
in the same passes as the peer: the parts should sum to about it, and what
is left over is the batch loop's own work (whose turn, the result row's
tallies, the end test). ``--repeat`` passes each take every part in turn,
a slice of the games at a time, so drift in the machine's speed hits them
alike; each figure is the median over the passes. The same games are also
replayed from their start without restoring, adding one part at a time (new
game and apply; the legal mask; the random choice; the whole), so the parts'
cost inside a flowing game shows as increments. Last, the legal mask and apply
are timed by the decision pending, to show which decisions cost the most.

The drivers are compiled per volume from one source (benchmarks/kernel_drivers.py).

``--write`` replaces only the section headed ``# Benchmarks: where a random game's time goes``,
keeping at its end the notes written by hand under ``## Observations`` (they
name the run they read).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
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

from britishway_env.engine.coin import results as R  # noqa: E402
from britishway_env.engine.coin.variant import NO_PATCH  # noqa: E402
from britishway_env.engine.rng import game_seeds  # noqa: E402
from britishway_env.registry import coin_volume_names  # noqa: E402
from common import busy_cores, command_line, cpu_model, loadavg, volumes_arg, write_section_keeping_notes  # noqa: E402

SECTION_HEADING = "# Benchmarks: where a random game's time goes"
VOLUMES = coin_volume_names()
TITLES = {"palestine": "Palestine", "cyprus": "Cyprus", "arab_revolt": "Arab Revolt"}
SEED = 7
NOTES_HEADING = "## Observations"
DRIVERS = Path(__file__).resolve().parent / "kernel_drivers.py"

# The parts timed, in the order of the table; "switch" and "settle" split "apply".
PARTS = ("copy", "legal", "choice", "apply", "switch", "settle", "new_game",
         "replay_apply", "replay_legal", "replay_random", "whole", "observe")


def drivers(volume: str):
    """benchmarks/kernel_drivers.py loaded as a module of its own bound to ``volume``'s kernels."""
    spec = importlib.util.spec_from_file_location(f"_kernel_drivers_{volume}", DRIVERS)
    mod = importlib.util.module_from_spec(spec)
    mod.VOLUME = volume
    spec.loader.exec_module(mod)
    return mod


def record(d, games: int) -> dict:
    """The positions of ``games`` random games from SEED, with the checks that
    they are the compiled random play's games and that the seam holds."""
    playout = importlib.import_module(f"britishway_env.volumes.{d.VOLUME}.playout")
    rows = np.zeros((games, R.N_RESULT_COLUMNS), dtype=np.int64)
    playout.play_random_rows(np.int64(SEED), np.int64(0), np.int64(games), False, NO_PATCH, rows)
    if rows[:, R.R_VIOLATION].any():
        raise RuntimeError(f"{d.VOLUME}: a random game failed a check")
    per_game = rows[:, R.R_DECISIONS]
    starts = np.zeros(games + 1, dtype=np.int64)
    starts[1:] = np.cumsum(per_game)
    n = int(starts[-1])
    seeds = game_seeds(np.int64(SEED), np.int64(0), np.int64(games))
    states = np.empty((n, d.STATE_SIZE), dtype=np.int64)
    masks = np.empty((n, d.N_ACTIONS), dtype=np.int8)
    streams = np.empty(n, dtype=np.int64)
    actions = np.empty(n, dtype=np.int64)
    if d.record(seeds, starts, states, masks, streams, actions) != n:
        raise RuntimeError(f"{d.VOLUME}: the recorded games are not play_random_games' games")
    after_switch = np.empty_like(states)
    d.switched(states, actions, after_switch)
    seam_bad = int(d.seam_mismatches(states, actions, after_switch))
    choice_bad = int(d.choice_mismatches(masks, streams, actions))
    if seam_bad or choice_bad:
        raise RuntimeError(f"{d.VOLUME}: {seam_bad} positions break apply's seam, "
                           f"{choice_bad} do not replay their choice")
    return {"seeds": seeds, "starts": starts, "states": states, "masks": masks, "streams": streams,
            "actions": actions, "after_switch": after_switch, "rows": rows}


def time_parts(d, rec: dict, repeat: int, slices: int, block: int, reps: int) -> dict:
    """Seconds per call of each part, summed over all positions (per game for
    ``new_game`` and ``whole``): the median over ``repeat`` passes."""
    playout = importlib.import_module(f"britishway_env.volumes.{d.VOLUME}.playout")
    seeds, starts = rec["seeds"], rec["starts"]
    states, masks, streams, actions, after = (rec[k] for k in ("states", "masks", "streams", "actions",
                                                                "after_switch"))
    games = seeds.shape[0]
    scratch = np.zeros(d.STATE_SIZE, dtype=np.int64)
    mask = np.zeros(d.N_ACTIONS, dtype=np.int8)
    obs = np.zeros(d.observation.OBS_SIZE, dtype=np.float32)
    rows = np.zeros((games, R.N_RESULT_COLUMNS), dtype=np.int64)
    blk, rp = np.int64(block), np.int64(reps)

    def whole(g0, g1, p0, p1):
        for _ in range(reps):
            playout.play_random_rows(np.int64(SEED), np.int64(g0), np.int64(g1 - g0), False, NO_PATCH,
                                     rows[g0:g1])

    calls = {
        "copy": lambda g0, g1, p0, p1: d.t_copy(states, p0, p1, blk, rp, scratch),
        "legal": lambda g0, g1, p0, p1: d.t_fill(d.turns.legal_mask, states, p0, p1, blk, rp, scratch, mask),
        "choice": lambda g0, g1, p0, p1: d.t_choice(masks, streams, p0, p1, blk, rp),
        "apply": lambda g0, g1, p0, p1: d.t_apply(states, actions, p0, p1, blk, rp, scratch),
        "switch": lambda g0, g1, p0, p1: d.t_switch(states, actions, p0, p1, blk, rp, scratch),
        "settle": lambda g0, g1, p0, p1: d.t_settle(after, p0, p1, blk, rp, scratch),
        "new_game": lambda g0, g1, p0, p1: d.t_new_game(seeds, g0, g1, rp, scratch),
        "replay_apply": lambda g0, g1, p0, p1: d.t_replay_apply(seeds, starts, actions, g0, g1, rp, scratch),
        "replay_legal": lambda g0, g1, p0, p1: d.t_replay_legal(seeds, starts, actions, g0, g1, rp, scratch,
                                                                mask),
        "replay_random": lambda g0, g1, p0, p1: d.t_replay_random(seeds, starts, actions, g0, g1, rp, scratch,
                                                                  mask),
        "whole": whole,
        "observe": lambda g0, g1, p0, p1: d.t_fill(d.observation.observe, states, p0, p1, blk, rp, scratch, obs),
    }
    for name in PARTS:   # compile (or load) outside the timing
        calls[name](0, 1, 0, int(starts[1]))
    cuts = [games * k // slices for k in range(slices + 1)]
    passes = {name: [] for name in PARTS}
    for _ in range(repeat):
        total = dict.fromkeys(PARTS, 0.0)
        for g0, g1 in zip(cuts, cuts[1:]):
            if g1 == g0:
                continue
            p0, p1 = int(starts[g0]), int(starts[g1])
            for name in PARTS:
                t0 = time.perf_counter()
                calls[name](g0, g1, p0, p1)
                total[name] += time.perf_counter() - t0
        for name in PARTS:
            passes[name].append(total[name] / reps)
    return {name: statistics.median(ts) for name, ts in passes.items()}


def time_kinds(d, rec: dict, repeat: int, block: int, reps: int) -> dict:
    """By the decision pending (``turns.pending``): ``{kind: (positions, legal s, apply s)}``,
    seconds summed over the kind's positions, the restore taken off; the
    median of ``repeat`` passes, each taking every kind in turn."""
    states, actions = rec["states"], rec["actions"]
    pend = np.empty(states.shape[0], dtype=np.int64)
    d.pending_kinds(states, pend)
    idx = {int(k): np.flatnonzero(pend == k).astype(np.int64) for k in np.unique(pend)}
    scratch = np.zeros(d.STATE_SIZE, dtype=np.int64)
    mask = np.zeros(d.N_ACTIONS, dtype=np.int8)
    blk, rp = np.int64(block), np.int64(reps)
    calls = {
        "copy": lambda ix: d.t_copy_at(states, ix, blk, rp, scratch),
        "legal": lambda ix: d.t_legal_at(states, ix, blk, rp, scratch, mask),
        "apply": lambda ix: d.t_apply_at(states, actions, ix, blk, rp, scratch),
    }
    first = next(iter(idx.values()))[:1]
    for call in calls.values():   # compile outside the timing
        call(first)
    passes = {k: {name: [] for name in calls} for k in idx}
    for _ in range(repeat):
        for k, ix in idx.items():
            for name, call in calls.items():
                t0 = time.perf_counter()
                call(ix)
                passes[k][name].append((time.perf_counter() - t0) / reps)
    out = {}
    for k, ix in idx.items():
        med = {name: statistics.median(ts) for name, ts in passes[k].items()}
        out[k] = (len(ix), med["legal"] - med["copy"], med["apply"] - med["copy"])
    return out


KIND_ROWS = 8   # decision kinds shown per volume, the costliest first


def kind_table(m: dict, whole: float) -> list[str]:
    """The decision kinds that cost the most legal mask and apply time a game."""
    names = importlib.import_module(f"britishway_env.volumes.{m['volume']}.layout").DECISION_NAMES
    games, us = m["games"], 1e6
    kinds = sorted(m["kinds"].items(), key=lambda kv: -(kv[1][1] + kv[1][2]))
    lines = [
        "",
        f"By the decision pending (`turns.pending`), the {min(KIND_ROWS, len(kinds))} kinds that cost the most "
        f"(legal mask and apply, timed as in the first table over each kind's positions) of {len(kinds)}:",
        "",
        "| decision | per game | legal mask µs / decision | apply µs / decision | both µs / game | share of the whole |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for k, (n, legal, apply) in kinds[:KIND_ROWS]:
        both = (legal + apply) / games
        lines.append(f"| {names[k] or k} | {n / games:.1f} | {legal / n * us:.3f} | {apply / n * us:.3f} "
                     f"| {both * us:.1f} | {both / whole:.1%} |")
    total = sum(legal + apply for _, legal, apply in m["kinds"].values()) / games
    lines += ["", f"- All {len(kinds)} kinds together: {total * us:.1f} µs a game of legal mask and apply "
                  f"({total / whole:.0%} of the whole; a negative figure is a part too small to tell from the "
                  f"restore it is measured with)."]
    return lines


def measure(volume: str, games: int, repeat: int, slices: int, block: int, reps: int) -> dict:
    t0 = time.perf_counter()
    d = drivers(volume)
    rec = record(d, games)
    prepared = time.perf_counter() - t0
    t = time_parts(d, rec, repeat, slices, block, reps)
    kinds = time_kinds(d, rec, repeat, block, reps)
    n = rec["states"].shape[0]
    return {"volume": volume, "games": games, "decisions": n, "seconds": t, "prepare_s": prepared, "kinds": kinds,
            "state_size": d.STATE_SIZE, "n_actions": d.N_ACTIONS,
            "legal_actions": float(rec["masks"].sum()) / n}


def figures(m: dict) -> dict:
    """µs per decision and per game of each row of the table; ``rest`` is the whole less the parts."""
    t, n, games = m["seconds"], m["decisions"], m["games"]
    net = {k: t[k] - t["copy"] for k in ("legal", "apply", "switch", "settle", "observe")}
    per_game = {
        "legal": net["legal"] / games, "choice": t["choice"] / games, "apply": net["apply"] / games,
        "switch": net["switch"] / games, "settle": net["settle"] / games, "new_game": t["new_game"] / games,
        "whole": t["whole"] / games, "copy": t["copy"] / games,
        "replay_apply": t["replay_apply"] / games, "replay_legal": t["replay_legal"] / games,
        "replay_random": t["replay_random"] / games, "observe": net["observe"] / games,
    }
    per_game["parts"] = per_game["legal"] + per_game["choice"] + per_game["apply"] + per_game["new_game"]
    per_game["rest"] = per_game["whole"] - per_game["parts"]
    dpg = n / games
    return {"per_game": per_game, "per_decision": {k: v / dpg for k, v in per_game.items()},
            "decisions_per_game": dpg}


ROWS = (
    ("legal", "legal mask"),
    ("choice", "random choice"),
    ("apply", "apply"),
    ("switch", "&nbsp;&nbsp;of which the switch"),
    ("settle", "&nbsp;&nbsp;of which the automatic steps"),
    ("new_game", "new game (per game)"),
    ("rest", "the loop's own work (the whole less the parts)"),
    ("whole", "**whole random game**"),
    ("copy", "restoring a position (taken off each part; not in a game)"),
    ("observe", "the observation (not in random play; the vector env makes one at each decision it hands out)"),
)
TOTALS = ("legal", "choice", "apply", "new_game", "rest")   # these sum to the whole


def table(m: dict) -> list[str]:
    f = figures(m)
    us = 1e6
    whole = f["per_game"]["whole"]
    lines = [
        f"## {TITLES[m['volume']]}",
        "",
        f"{m['games']:,} games, {f['decisions_per_game']:.1f} decisions a game ({m['decisions']:,} positions; "
        f"{m['legal_actions']:.1f} legal actions a decision on average; a state row of {m['state_size']} int64, "
        f"a mask of {m['n_actions']}). The whole random game: {whole * us:.1f} µs a game, "
        f"**{f['decisions_per_game'] / whole:,.0f} decisions/s** on one core "
        f"({1 / whole:,.0f} games/s).",
        "",
        "| part | µs / decision | µs / game | share of the whole |",
        "|---|---:|---:|---:|",
    ]
    for key, label in ROWS:
        pd, pg = f["per_decision"][key], f["per_game"][key]
        lines.append(f"| {label} | {pd * us:.3f} | {pg * us:.1f} | {pg / whole:.1%} |")
    parts = sum(f["per_game"][k] for k in ("legal", "choice", "apply", "new_game"))
    split = f["per_game"]["switch"] + f["per_game"]["settle"]
    lines += [
        "",
        f"- The parts (legal mask, choice, apply, new game) sum to {parts * us:.1f} µs a game, "
        f"{parts / whole:.0%} of the whole; the switch and the automatic steps timed apart sum to "
        f"{split / f['per_game']['apply']:.0%} of apply timed whole.",
        "",
        "The same games replayed from their start without restoring (the state flows from decision to "
        "decision as in the game), each row adding one part; the increments are the parts as they cost "
        "inside a game:",
        "",
        "| replayed game | µs / game | increment: µs / game | µs / decision | share of the whole |",
        "|---|---:|---:|---:|---:|",
    ]
    g, dpg = f["per_game"], f["decisions_per_game"]
    prev = 0.0
    for key, label in (("replay_apply", "new game, then apply of each recorded action"),
                       ("replay_legal", "+ the legal mask before each"),
                       ("replay_random", "+ the random choice (`turns.actor`, `invariants.random_action`, "
                                         "the seats' streams): random play less the batch loop"),
                       ("whole", "+ the batch loop's own work (`playout.play_out`: tallies, result row) "
                                 "= the whole random game")):
        inc = g[key] - prev
        lines.append(f"| {label} | {g[key] * us:.1f} | {inc * us:.1f} | {inc / dpg * us:.3f} | {inc / whole:.1%} |")
        prev = g[key]
    return lines + kind_table(m, whole)


def report(results: list[dict], args, busy: float, load_before: str) -> str:
    us = 1e6
    lines = [
        SECTION_HEADING,
        "",
        f"{time.strftime('%Y-%m-%d %H:%M %Z')}, {cpu_model()}, one thread; other load before the run "
        f"{busy:.2f} cores busy (load average {load_before}), after it load average {loadavg()}; "
        f"Python {sys.version.split()[0]}, numpy {np.__version__}, numba {numba.__version__}. "
        f"Command: `{command_line()}`.",
        "",
        f"Random games from seeds {SEED}/0..{args.games - 1} (`rng.seed_from`), each volume's decisions "
        f"recorded as its compiled random play takes them and replayed part by part in compiled loops "
        f"(benchmarks/kernel_drivers.py, compiled per volume, which hand the kernels borrowed views of "
        f"their arrays as the batch loop does, engine/borrow.py): each position restored from its record "
        f"before every call, in blocks of {args.block} positions taken {args.reps} times each "
        f"(a block's records stay in cache, as a game's state does; the same block repeated also "
        f"lets the branch predictor learn it, so the parts can come out a little under the whole); "
        f"the median of {args.repeat} passes, each taking every part in turn over {args.slices} slices "
        f"of the games. Every recorded choice replays (mask and stream pick the recorded action) and "
        f"at every position `settle` after the switch alone leaves the state `apply` leaves, bit for bit.",
        "",
        "What each part is (file and function of each volume, `britishway_env/volumes/<volume>/`):",
        "",
        "- **legal mask**: `turns.legal_mask` (`rules_mask`, less a restricted seat's actions), "
        "as `invariants.random_action` calls it.",
        "- **random choice**: `engine/policy.py` `uniform_legal` on the mask: count the legal "
        "actions, one SplitMix64 draw from the seat's one-slot stream (`engine/rng.py` `uniform`), "
        "walk the mask to the chosen one.",
        "- **apply**: `turns.apply`, the decision and every automatic step it triggers up to the "
        "next decision. Its seam: `apply` is `act(state, action)` then `settle(state)`.",
        "  - **the switch**: `turns.act` "
        "(the decision's own rules, the end-of-action clean-ups written before `settle` — "
        "each volume's `after_decision`: the Curfews lifted from spaces with no British piece — and any "
        "Propaganda Round phases that `continue_round` runs when the decision ends one).",
        "  - **the automatic steps**: `turns.settle` from the state the switch leaves: revealing "
        "the next card (`next_card`, which starts the Propaganda Round on a Propaganda card and runs "
        "its phases until one waits for a decision), carrying an event text on (`event_resume`), "
        "and per volume Cyprus's Search activation (`continue_search`) and Arab Revolt's Rebel chit "
        "draw (`rebel_turn_start`).",
        "- **new game**: `turns.new_game` (setup, the deck, the first card and its automatic steps), "
        "once a game.",
        "- **the loop's own work**: the whole less the parts: `playout.play_out`'s loop around "
        "them (`turns.actor`, `turns.is_over`, `turns.pending`, the result row's tallies in "
        "`engine/coin/results.py`, the fresh state and streams of `start_game`).",
        "- **whole random game**: `playout.play_random_rows` (what `play_random_games` runs on each "
        "thread, invariant checks off) over the same seeds, in the same passes.",
        "- **restoring a position**: copying the recorded state row into the scratch row; timed "
        "alone and taken off legal mask, apply, the switch, the automatic steps and the observation.",
        "- **the observation**: `observation.observe`, the float32 vector a learner sees. Random play never "
        "makes one; the vector env makes one at every decision it hands out, so this row, beside the legal "
        "mask, is the compiled work the vector env adds to each such decision. Not part of the whole.",
        "",
    ]
    for m in results:
        lines += table(m) + [""]
    summary = ["| volume | decisions / game | µs / game | decisions/s per core | legal mask | choice | apply | "
               "switch | automatic steps |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for m in results:
        f = figures(m)
        g, w = f["per_game"], f["per_game"]["whole"]
        summary.append(f"| {TITLES[m['volume']]} | {f['decisions_per_game']:.1f} | {w * us:.1f} | "
                       f"{f['decisions_per_game'] / w:,.0f} | {g['legal'] / w:.0%} | {g['choice'] / w:.0%} | "
                       f"{g['apply'] / w:.0%} | {g['switch'] / w:.0%} | {g['settle'] / w:.0%} |")
    lines += ["## All volumes (shares of the whole random game)", ""] + summary
    return "\n".join(lines) + "\n"


def main(argv=None) -> str:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--volumes", default=",".join(VOLUMES), help="comma-separated (default: all three)")
    ap.add_argument("--games", type=int, default=300, help="random games per volume (default 300)")
    ap.add_argument("--repeat", type=int, default=21, help="timed passes (default 21)")
    ap.add_argument("--slices", type=int, default=20, help="slices of the games per pass (default 20)")
    ap.add_argument("--block", type=int, default=32, help="positions per block (default 32)")
    ap.add_argument("--reps", type=int, default=4, help="times each block is taken (default 4)")
    ap.add_argument("--quick", action="store_true", help="3 games, 1 pass, 1 slice (smoke test)")
    ap.add_argument("--write", type=Path, help="replace this report's section in PATH")
    args = ap.parse_args(argv)
    if args.quick:
        args.games, args.repeat, args.slices, args.reps = 3, 1, 1, 1
    volumes = volumes_arg(ap, args.volumes, VOLUMES)
    if min(args.games, args.repeat, args.slices, args.block, args.reps) < 1:
        ap.error("--games, --repeat, --slices, --block and --reps must be at least 1")
    busy, load_before = busy_cores(), loadavg()
    results = []
    for v in volumes:
        m = measure(v, args.games, args.repeat, args.slices, args.block, args.reps)
        print(f"[{v}: prepared in {m['prepare_s']:.0f} s]", file=sys.stderr, flush=True)
        results.append(m)
    text = report(results, args, busy, load_before)
    print(text)
    if args.write:
        write_section_keeping_notes(args.write, SECTION_HEADING, text, NOTES_HEADING)
    return text


if __name__ == "__main__":
    main()
