# Generated from engine/coin/templates/vector.py.tmpl by `python -m britishway_env.engine.coin.generate`; do not edit by hand.
"""Arab Revolt's compiled vector env step: many games, one call (the Python side
is ``envs/vector.py``; the slot codes and helpers ``engine/coin/vector.py``).

Slot ``i`` plays games ``first + i, first + i + n_slots, ...``, game ``k`` seeded with
``seed_from(base_seed, k)`` as in every batch runner, so the same games come
out whatever the thread count. In each game the slot's learner seat decides
through the caller; the other seat is played here (random from the seat's
stream of :func:`playout.seat_streams`, or the scripted bot, its scores in the
slot's memo row), or handed out too (``OPP_EXTERNAL``). Decisions with a single legal
action are applied here when ``auto_single`` is set. Every action goes
through :func:`playout.decide`, so a finished game leaves the result row
the batch runners write. Every game of a variant (britishway_env/variants.py)
starts with ``new_variant_game`` and the variant's row patch; an empty patch
(``NO_PATCH``) is the base game's ``new_game``.
"""

import numpy as np
from numba import prange

from ...engine.borrow import borrowed
from ...engine.coin import results as R
from ...engine.coin.variant import NO_PATCH
from ...engine.coin.vector import (
    ACT_NONE, ACT_START, END_TERMINATED, END_TRUNCATED, OPP_EXTERNAL, OPP_HEURISTIC, WAIT_LEARNER, WAIT_NONE,
    WAIT_OPPONENT, legal_count, next_episode, pool_pick, seat_reward,
)
from ...engine.jit import njit
from ...engine.policy import uniform_legal
from ...engine.rng import seed_from
from ...engine.threads import in_slot_pieces, in_slot_ranges
from .bots import bot_action
from .invariants import MAX_DECISIONS, OK
from .layout import N_ACTIONS, STATE_SIZE  # noqa: F401  (re-exported: the sizes envs/vector.py reads)
from .observation import OBS_HIGH, OBS_SIZE, observe  # noqa: F401  (re-exported: what envs/vector.py reads)
from .playout import decide, seat_streams
from .turns import actor, is_over, legal_mask, new_game, new_variant_game

MEMO_SIZE = N_ACTIONS          # the bot's scores of a decision, one row per slot
N_TALLIES = R.N_TALLIES
N_RESULT_COLUMNS = R.N_RESULT_COLUMNS


@njit(cache=True, inline="always")
def start_slot(i, base_seed, patch, seats, pool_codes, pool_cum, opponents, pool_index, episodes, states,
               streams, memos, tallies, rows):
    """Slot ``i``'s current game from its seed (of the variant whose row patch
    is ``patch``; empty: the base game), its opponent drawn from the pool."""
    seed = seed_from(base_seed, episodes[i])
    if patch.shape[0] > 0:
        new_variant_game(states[i], seed, patch)
    else:
        new_game(states[i], seed)
    k = pool_pick(base_seed, episodes[i], pool_cum)
    pool_index[i] = k
    opponents[i] = pool_codes[k]
    streams[i] = seat_streams(seed)[1 - seats[i]]
    memos[i, :] = 0.0
    tallies[i, :] = 0
    rows[i, :] = 0


@njit(cache=True, inline="always")
def step_slot(i, base_seed, patch, first_game, n_slots, limit, auto_single, act, actions, seats, pool_codes,
               pool_cum, opponents, pool_index, episodes, states, obs, masks, terminal_obs, streams, memos, tallies,
               rows, results, waiting, ends, ended_episode, ended_pool, rewards, learner_steps):
    """Slot ``i``'s step (:func:`step_slots`), its arrays borrowed by the caller."""
    what = act[i]
    if what == ACT_NONE or waiting[i] == WAIT_NONE:
        return
    state = states[i]
    mask = masks[i]
    code = OK
    if what == ACT_START:
        start_slot(i, base_seed, patch, seats, pool_codes, pool_cum, opponents, pool_index, episodes, states,
                   streams, memos, tallies, rows)
    else:
        if waiting[i] == WAIT_LEARNER:
            learner_steps[i] += 1
        code = decide(state, mask, actions[i], actor(state), False, MAX_DECISIONS, tallies[i], rows[i])
    while True:
        if code != OK or is_over(state):
            R.finish_row(state, tallies[i], code, rows[i])
            game = episodes[i]
            if 0 <= game - first_game < results.shape[0]:
                results[game - first_game, :] = rows[i]
            ended_episode[i] = game
            ended_pool[i] = pool_index[i]
            if code == OK:
                rewards[i] += seat_reward(state, seats[i])
                ends[i] = END_TERMINATED
            else:
                ends[i] = END_TRUNCATED
            observe(state, terminal_obs[i])
            if not next_episode(episodes, i, n_slots, limit):
                waiting[i] = WAIT_NONE
                mask[:] = 0
                break
            start_slot(i, base_seed, patch, seats, pool_codes, pool_cum, opponents, pool_index, episodes, states,
                       streams, memos, tallies, rows)
            code = OK
            continue
        legal_mask(state, mask)
        faction = actor(state)
        learner = faction == seats[i]
        if learner or opponents[i] == OPP_EXTERNAL:
            if auto_single:                    # a decision with one legal action is played here
                n, last = legal_count(mask)
                if n == 1:
                    code = decide(state, mask, last, faction, False, MAX_DECISIONS, tallies[i], rows[i])
                    continue
            observe(state, obs[i])
            waiting[i] = WAIT_LEARNER if learner else WAIT_OPPONENT
            break
        if opponents[i] == OPP_HEURISTIC:
            a = bot_action(state, mask, memos[i])
        else:
            a = uniform_legal(mask, streams[i:i + 1])
        code = decide(state, mask, a, faction, False, MAX_DECISIONS, tallies[i], rows[i])


@njit(cache=True, nogil=True)
def step_slots(lo, hi, base_seed, patch, first_game, n_slots, limit, auto_single, act, actions, seats, pool_codes,
               pool_cum, opponents, pool_index, episodes, states, obs, masks, terminal_obs, streams, memos, tallies,
               rows, results, waiting, ends, ended_episode, ended_pool, rewards, learner_steps):
    """Slots ``lo .. hi - 1``: what ``act`` asks of each (``ACT_*``), then play
    on until the slot waits for a decision handed out (its observation in
    ``obs``, its legal actions in ``masks``, ``waiting`` saying whose) or has
    played its last game (``limit``). A game that ends adds the learner's
    reward (+1/-1) to ``rewards``, sets ``ends`` (terminated, or truncated past
    ``MAX_DECISIONS``), keeps its observation in ``terminal_obs`` and its
    number in ``ended_episode`` and its pool entry in ``ended_pool``, writes its result row to
    ``results[game - first_game]`` when ``results`` has that row, and the slot's next game starts. The
    caller clears ``rewards`` and ``ends`` before a step.
    """
    # The slots' arrays as views with no reference counting (engine/borrow.py): each
    # slot's rows are handed to the rules kernels at every decision.
    act, actions, seats, opponents, pool_index, episodes = \
        borrowed(act), borrowed(actions), borrowed(seats), borrowed(opponents), borrowed(pool_index), borrowed(episodes)
    states, obs, masks, terminal_obs, streams, memos, tallies, rows, results = \
        borrowed(states), borrowed(obs), borrowed(masks), borrowed(terminal_obs), borrowed(streams), borrowed(memos), \
        borrowed(tallies), borrowed(rows), borrowed(results)
    waiting, ends, ended_episode, ended_pool, rewards, learner_steps = \
        borrowed(waiting), borrowed(ends), borrowed(ended_episode), borrowed(ended_pool), borrowed(rewards), \
        borrowed(learner_steps)
    for i in range(lo, hi):
        step_slot(i, base_seed, patch, first_game, n_slots, limit, auto_single, act, actions, seats, pool_codes,
                  pool_cum, opponents, pool_index, episodes, states, obs, masks, terminal_obs, streams, memos,
                  tallies, rows, results, waiting, ends, ended_episode, ended_pool, rewards, learner_steps)


@njit(cache=True, nogil=True, parallel=True)
def step_pieces(pieces, base_seed, patch, first_game, n_slots, limit, auto_single, act, actions, seats, pool_codes,
               pool_cum, opponents, pool_index, episodes, states, obs, masks, terminal_obs, streams, memos, tallies,
               rows, results, waiting, ends, ended_episode, ended_pool, rewards, learner_steps):
    """:func:`step_slots` over every slot, cut into ``pieces`` ranges that
    numba's threads share (engine/threads.py ``in_slot_pieces``: numba's
    threads take a step's work in a few microseconds, Python's in about a
    hundred, benchmarks/bench_threads.py)."""
    # The slots' arrays as views with no reference counting (engine/borrow.py), as in step_slots.
    act, actions, seats, opponents, pool_index, episodes = \
        borrowed(act), borrowed(actions), borrowed(seats), borrowed(opponents), borrowed(pool_index), borrowed(episodes)
    states, obs, masks, terminal_obs, streams, memos, tallies, rows, results = \
        borrowed(states), borrowed(obs), borrowed(masks), borrowed(terminal_obs), borrowed(streams), borrowed(memos), \
        borrowed(tallies), borrowed(rows), borrowed(results)
    waiting, ends, ended_episode, ended_pool, rewards, learner_steps = \
        borrowed(waiting), borrowed(ends), borrowed(ended_episode), borrowed(ended_pool), borrowed(rewards), \
        borrowed(learner_steps)
    for p in prange(pieces):
        lo, hi = n_slots * p // pieces, n_slots * (p + 1) // pieces
        for i in range(lo, hi):
            step_slot(i, base_seed, patch, first_game, n_slots, limit, auto_single, act, actions, seats, pool_codes,
                      pool_cum, opponents, pool_index, episodes, states, obs, masks, terminal_obs, streams, memos,
                      tallies, rows, results, waiting, ends, ended_episode, ended_pool, rewards, learner_steps)


def step(arrays: dict, base_seed: int, first_game: int, n_slots: int, limit: int, auto_single: bool, act,
         actions, seats, pool_codes, pool_cum, results, patch=NO_PATCH) -> None:
    """The step of every slot (:func:`step_pieces` on numba's threads, or
    :func:`step_slots` on Python's where a parallel kernel cannot run);
    ``patch``: the variant's row patch (engine/coin/variant.py), every game
    started from it (empty: the base game)."""
    a = arrays
    in_slot_pieces(step_pieces, step_slots, n_slots,
                   (np.int64(base_seed), patch, np.int64(first_game), np.int64(n_slots), np.int64(limit),
                    bool(auto_single), act, actions, seats, pool_codes, pool_cum, a["opponents"], a["pool_index"],
                    a["episodes"], a["states"], a["obs"], a["masks"], a["terminal_obs"], a["streams"], a["memos"],
                    a["tallies"], a["rows"], results, a["waiting"], a["ends"], a["ended_episode"], a["ended_pool"],
                    a["rewards"], a["learner_steps"]))


@njit(cache=True, nogil=True)
def bot_slots(lo, hi, states, masks, waiting, scratch, out):
    """The scripted bot's choice for each slot ``lo .. hi - 1`` waiting on a
    decision (``masks`` its legal actions), -1 for idle slots."""
    for i in range(lo, hi):
        if waiting[i] == WAIT_NONE:
            out[i] = -1
            continue
        scratch[i, :] = 0.0
        out[i] = bot_action(states[i], masks[i], scratch[i])


def bot_choices(arrays: dict, out) -> None:
    """The scripted bot's action for every slot's pending decision (the
    teacher of behaviour cloning, a baseline for agreement rates)."""
    n = arrays["states"].shape[0]
    scratch = arrays.setdefault("bot_scratch", np.zeros((n, MEMO_SIZE), dtype=np.float64))
    in_slot_ranges(bot_slots, n, (arrays["states"], arrays["masks"], arrays["waiting"], scratch, out))
