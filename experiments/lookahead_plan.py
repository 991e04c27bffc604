"""Does a cheaper look-ahead bot (its turn's plan kept, or fewer finishes) play as well as the shipped one?

    python experiments/lookahead_plan.py --volume cyprus --games 400
    python experiments/lookahead_plan.py --volume arab_revolt --games 400 --variants 2/40,4/40,2/1
    python experiments/lookahead_plan.py --volume cyprus --games 500 --variants keep:2/2,keep:3/2
    python experiments/lookahead_plan.py --volume arab_revolt --games 500 --variants stop:2,stop:3
    python experiments/lookahead_plan.py --volume cyprus --games 4 --variants 2/40   # a smoke run

The shipped scripted bot of Cyprus and Arab Revolt (``heuristic``,
engine/coin/templates/bots.py.tmpl) looks afresh at every decision with a
choice: every legal action played on a resampled future, the faction's turn
finished at random twice, the action worth the better finish. Most of a turn's
decisions are its own (the Operation, then each space, then the Special
Activity), so each turn pays for several looks, and each look finishes the
rest of the turn again.

The planning bot (a variant ``samples/horizon``) looks like the shipped bot,
with ``samples`` finishes per action, at a decision it has no plan for. It
then replays the finish that gave the chosen action its value on the same
resampled future and keeps that finish's next ``horizon`` decisions with a
choice as its plan: each decision's open-information hash (the one the
shipped bot breaks ties with) and the action the finish took. At its next
decision it plays the plan's next action without looking when the game's open
hash is the one the plan expected there and the action is legal; otherwise
(the real dice or a card went another way, the other faction acted) it looks
afresh. Its memo is per game and per seat.

The keeping bot (a variant ``keep:samples/keep``) looks afresh at every
decision, as the shipped bot does, but gives the finishes after the first
only to the ``keep`` actions worth the most after their first finish
(``score_actions``'s ``keep``); the others keep their first finish's worth.

The stopping bot (a variant ``stop:samples``) looks as the shipped bot does,
with ``samples`` finishes per action, but its finishes shun Stop only at the
decisions every volume shares (the Operation's, the Special Activity's and an
event's spaces, and the Special Activity after the Operation); at the
volume's own decisions (a piece's move, a placement) Stop is one choice among
the others, so a finish of a long run of moves (Arab Revolt's Patrol) ends
sooner instead of moving every piece it can.

Each variant, on the same games (``--games`` seeds from ``--seed``; in every
seed once in each seat), against the shipped bot and against random play, is
set beside the shipped bot in the same seat against the same opponent on the
same games: the paired difference in win share with its 95% interval
(engine/stats.py ``mean_paired_difference``, the seed and seat as the unit).
Looks and plan steps per game, and the variant's time per game against random
play over the shipped bot's, measured in the same run on one thread, show what
it costs. docs/results/lookahead_bots.md quotes these runs.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

VOLUMES = ("cyprus", "arab_revolt")
RANDOM, SHIPPED, PLANNING, KEEPING, STOPPING = 0, 1, 2, 3, 4
# The memo of a planning bot: how long its plan is, where it stands in it, the
# plan's open hashes and actions (at most PLAN_MAX decisions).
PLAN_MAX = 40
M_LEN, M_POS, M_HASH = 0, 1, 2
M_ACTION = M_HASH + PLAN_MAX
MEMO = M_ACTION + PLAN_MAX
# Counters the games keep.
C_LOOKS, C_PLAN_STEPS, C_DECISIONS = 0, 1, 2


def variant(text: str) -> tuple[int, int, int]:
    """``samples/horizon`` (a planning bot), ``keep:samples/keep`` (a bot that
    looks afresh at every decision, giving the finishes after the first only
    to the ``keep`` actions worth the most after it) or ``stop:samples`` (finishes
    that may Stop at the volume's own decisions): (kind, samples, horizon, keep or 0)."""
    if text.startswith("stop:"):
        kind, body = STOPPING, text[5:] + "/0"
    else:
        kind, body = (KEEPING, text[5:]) if text.startswith("keep:") else (PLANNING, text)
    try:
        samples, last = (int(x) for x in body.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a variant is samples/horizon, keep:samples/keep or stop:samples, "
                                         f"got {text!r}") from None
    if not 1 <= samples <= 16:
        raise argparse.ArgumentTypeError(f"samples must be 1..16, got {text!r}")
    if kind == PLANNING and not 1 <= last <= PLAN_MAX:
        raise argparse.ArgumentTypeError(f"horizon must be 1..{PLAN_MAX}, got {text!r}")
    if kind == KEEPING and not 1 <= last <= 99:
        raise argparse.ArgumentTypeError(f"keep must be 1..99, got {text!r}")
    return kind, samples, last


def variant_name(v: tuple[int, int, int]) -> str:
    kind, samples, last = v
    if kind == STOPPING:
        return f"stop:{samples}"
    return f"keep:{samples}/{last}" if kind == KEEPING else f"{samples}/{last}"


def kernels(volume: str):
    """The planning bot (``planning_action``) and the game loop (``play``) over ``volume``'s own kernels."""
    from britishway_env.engine.bots import only_legal, pick_best
    from britishway_env.engine.coin.header import COUNTERINSURGENT, INSURGENT_WIN, OUTCOME
    from britishway_env.engine.jit import njit
    from britishway_env.engine.policy import uniform_legal
    from britishway_env.engine.rng import seed_from

    def mod(name):
        return importlib.import_module(f"britishway_env.volumes.{volume}.{name}")

    bots, layout, turns, setup, playout = mod("bots"), mod("layout"), mod("turns"), mod("setup"), mod("playout")
    n_actions, state_size = layout.N_ACTIONS, layout.STATE_SIZE
    rng_field, max_finish = layout.RNG, bots.MAX_FINISH
    shipped, open_hash, score_actions = bots.bot_action, bots.open_hash, bots.score_actions
    finish_turn, look_streams, sample_dice = bots.finish_turn, bots.look_streams, bots.sample_dice
    actor, apply, is_over, legal_mask, new_game = turns.actor, turns.apply, turns.is_over, turns.legal_mask, turns.new_game
    determinize, seat_streams = setup.determinize, playout.seat_streams
    neg = bots.NEG

    @njit
    def keep_plan(state, a, h, samples, horizon, best_sample, memo):
        """Replay the finish that gave ``a`` its value; keep its next
        ``horizon`` decisions with a choice (hash and action) in ``memo``."""
        me = actor(state)
        seed, streams = look_streams(h, samples)
        work = state.copy()
        determinize(work, seed)
        stream = np.array([streams[best_sample[a]]], dtype=np.int64)
        work[rng_field] = sample_dice(stream[0])
        apply(work, a)
        played = np.empty(max_finish, dtype=np.int64)
        inner = np.zeros(n_actions, dtype=np.int8)
        replay = work.copy()
        n = finish_turn(work, me, inner, stream, played, True)
        kept = 0
        for j in range(n):
            legal_mask(replay, inner)
            if only_legal(inner) < 0 and kept < horizon:
                memo[M_HASH + kept] = np.int64(open_hash(replay))
                memo[M_ACTION + kept] = played[j]
                kept += 1
            apply(replay, played[j])
        memo[M_LEN] = kept
        memo[M_POS] = 0

    @njit
    def planning_action(state, mask, scores, samples, horizon, memo, counts):
        a = only_legal(mask)
        if a >= 0:
            return a
        h = open_hash(state)
        pos = memo[M_POS]
        if pos < memo[M_LEN] and np.uint64(memo[M_HASH + pos]) == h and mask[memo[M_ACTION + pos]]:
            memo[M_POS] = pos + 1
            counts[C_PLAN_STEPS] += 1
            return memo[M_ACTION + pos]
        counts[C_LOOKS] += 1
        scores[:] = neg
        best_sample = np.zeros(n_actions, dtype=np.int64)
        score_actions(state, mask, scores, h, samples, best_sample, n_actions, True)
        a = pick_best(scores, mask, neg * 10.0, h)
        keep_plan(state, a, h, samples, horizon, best_sample, memo)
        return a

    @njit
    def looking_action(state, mask, scores, samples, keep, shun_stop_everywhere):
        """The shipped bot's look with ``samples`` finishes, the later ones only
        for the ``keep`` actions worth the most after the first (all of them:
        ``keep`` >= the actions), the finishes' Stop shunned at every decision
        (``shun_stop_everywhere``: the shipped look) or only at the shared ones
        (``finish_turn``)."""
        a = only_legal(mask)
        if a >= 0:
            return a
        h = open_hash(state)
        scores[:] = neg
        score_actions(state, mask, scores, h, samples, np.zeros(n_actions, dtype=np.int64), keep,
                      shun_stop_everywhere)
        return pick_best(scores, mask, neg * 10.0, h)

    @njit
    def play(base_seed, n_seeds, first_kind, first, second_kind, second, wins, counts):
        """Game ``2 s + k`` (seed ``s``, ``k`` = 0, 1): the first policy in
        seat ``k``; ``wins`` gets whether it won. A kind is RANDOM, SHIPPED,
        PLANNING, KEEPING or STOPPING, its (samples, horizon, keep or 0) in ``first`` / ``second``."""
        mask = np.zeros(n_actions, dtype=np.int8)
        scores = np.empty(n_actions)
        memos = np.zeros((2, MEMO), dtype=np.int64)
        for g in range(2 * n_seeds):
            seed = seed_from(base_seed, g // 2)
            state = np.zeros(state_size, dtype=np.int64)
            new_game(state, seed)
            streams = seat_streams(seed)
            memos[:] = 0
            first_seat = g % 2
            while not is_over(state):
                legal_mask(state, mask)
                seat = 0 if actor(state) == COUNTERINSURGENT else 1
                mine = seat == first_seat
                kind = first_kind if mine else second_kind
                setting = first if mine else second
                if kind == RANDOM:
                    a = uniform_legal(mask, streams[seat:seat + 1])
                elif kind == SHIPPED or kind == KEEPING or kind == STOPPING:
                    if mine and only_legal(mask) < 0:
                        counts[C_LOOKS] += 1
                    if kind == SHIPPED:
                        a = shipped(state, mask, scores)
                    elif kind == KEEPING:
                        a = looking_action(state, mask, scores, setting[0], setting[1], True)
                    else:
                        a = looking_action(state, mask, scores, setting[0], n_actions, False)
                else:
                    a = planning_action(state, mask, scores, setting[0], setting[1], memos[seat], counts)
                if mine:
                    counts[C_DECISIONS] += 1
                apply(state, a)
            won_first_seat = (state[OUTCOME] == INSURGENT_WIN) == (first_seat == 1)
            wins[g] = 1 if won_first_seat else 0

    return SimpleNamespace(play=play, planning_action=planning_action, looking_action=looking_action)


def run(play, base_seed: int, n_seeds: int, first, second) -> tuple[np.ndarray, np.ndarray, float]:
    """Wins of the first policy (kind, samples, horizon) in each game, its counters, and the wall time."""
    wins = np.zeros(2 * n_seeds, dtype=np.int64)
    counts = np.zeros(3, dtype=np.int64)
    t0 = time.perf_counter()
    play(np.int64(base_seed), np.int64(n_seeds), np.int64(first[0]), np.array(first[1:], dtype=np.int64),
         np.int64(second[0]), np.array(second[1:], dtype=np.int64), wins, counts)
    return wins, counts, time.perf_counter() - t0


def main(argv=None) -> int:
    from britishway_env.engine.stats import mean_paired_difference
    from britishway_env.engine.threads import numba_threads

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--volume", choices=VOLUMES, required=True)
    ap.add_argument("--games", type=int, default=400, help="seeds; each is played once in each seat (default 400)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--variants", type=lambda t: [variant(x) for x in t.split(",")],
                    default=[(PLANNING, 2, PLAN_MAX)],
                    help="samples/horizon (a plan kept), keep:samples/keep (later finishes for the best "
                         "actions only) or stop:samples (finishes that may Stop at the volume's own "
                         "decisions), comma-separated (default 2/40)")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")

    with numba_threads(1):
        play = kernels(args.volume).play
        shipped, rand = (SHIPPED, 0, 0), (RANDOM, 0, 0)
        run(play, args.seed, 1, (PLANNING, 2, 2), shipped)          # compile before timing
        base = {name: run(play, args.seed, args.games, shipped, opp) for name, opp in
                (("shipped", shipped), ("random", rand))}
        print(f"# {args.volume}: {args.games} seeds from {args.seed}, each in both seats; python "
              f"experiments/lookahead_plan.py --volume {args.volume} --games {args.games} --seed {args.seed} "
              f"--variants {','.join(variant_name(v) for v in args.variants)}")
        print()
        print("| bot | against | win share | paired difference to the shipped bot [95%] | its decisions a game | "
              "looks a game | plan steps a game | time a game against random, over the shipped bot's |")
        print("|---|---|---:|---|---:|---:|---:|---:|")
        for name, (wins, counts, _) in base.items():
            per_game = counts / len(wins)
            print(f"| shipped | {name} | {wins.mean():.3f} | | {per_game[C_DECISIONS]:.1f} | {per_game[C_LOOKS]:.1f} | "
                  f"0 | {'1.00' if name == 'random' else ''} |")
        for v in args.variants:
            me = v
            label = (f"keep {v[1]}/{v[2]}" if v[0] == KEEPING else f"stop {v[1]}" if v[0] == STOPPING
                     else f"plan {v[1]}/{v[2]}")
            for name, opp in (("shipped", shipped), ("random", rand)):
                wins, counts, wall = run(play, args.seed, args.games, me, opp)
                d, lo, hi = mean_paired_difference(wins - base[name][0])
                per_game = counts / len(wins)
                cost = f"{wall / base['random'][2]:.2f}" if name == "random" else ""
                print(f"| {label} | {name} | {wins.mean():.3f} | {d:+.3f} [{lo:+.3f}, {hi:+.3f}] | "
                      f"{per_game[C_DECISIONS]:.1f} | {per_game[C_LOOKS]:.1f} | {per_game[C_PLAN_STEPS]:.1f} | {cost} |",
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
