"""The 1948 solo deck's compiled vector env step: many games, one call (the
Python side is ``envs/vector.py``, the same class as the COIN volumes'; the
slot codes and helpers are ``engine/coin/vector.py``'s, shared by every
vector env).

The deck has one seat, the Israeli player: every slot's learner decides
every decision, and the rules play the Arab side inside :func:`rules.apply`,
so there is no opponent to play here or to hand out. Slot ``i`` plays games
``first + i, first + i + n_slots, ...``, game ``k`` seeded with
``seed_from(base_seed, k)`` as in the rollouts (``batch.play_games``), so
an evaluation run's result rows are the rollouts' rows. Decisions with a
single legal action are applied here when ``auto_single`` is set. The
player's reward is the solo rules' Victory Conditions: +1 for a Decisive or
Attrition Victory, -1 for a Complete Loss, 0 at the Turn limit; every end is
a termination (the Turn limit is the rules' own end, not a cut).

The module has the names ``envs/vector.py`` reads from a COIN volume's
vector module (``step``, ``observe``, ``legal_mask``, ``bot_choices`` and
the sizes), with the same arguments; those it has no use for (the seats, the
opponent pool, a variant's patch) are taken and left alone.
"""

import numpy as np
from numba import prange

from ..engine.borrow import borrowed
from ..engine.coin.variant import NO_PATCH
from ..engine.coin.vector import (
    ACT_NONE, ACT_START, END_TERMINATED, WAIT_LEARNER, WAIT_NONE, legal_count, next_episode,
)
from ..engine.jit import njit
from ..engine.rng import seed_from
from ..engine.threads import in_slot_pieces, in_slot_ranges
from .batch import N_RESULT_COLUMNS, record_result  # noqa: F401  (N_RESULT_COLUMNS: read by envs/vector.py)
from .layout import (  # noqa: F401  (STATE_SIZE: read by envs/vector.py)
    ATTRITION_VICTORY, COMPLETE_LOSS, DECISIVE_VICTORY, N_ACTIONS, OUTCOME, PH_OVER, PHASE, STATE_SIZE,
)
from .observation import OBS_HIGH, OBS_SIZE, observe  # noqa: F401  (re-exported: what envs/vector.py reads)
from .policies import heuristic_action
from .rules import apply, legal_mask, new_game

MEMO_SIZE = 0            # no bot plays inside a step: nothing to remember between decisions
N_TALLIES = 1            # decisions taken in the slot's game (the result row's ``decisions``)


@njit(cache=True, inline="always")
def player_reward(state):
    """+1 for a Decisive or Attrition Victory, -1 for a Complete Loss, 0 otherwise (the Turn limit)."""
    outcome = state[OUTCOME]
    if outcome == DECISIVE_VICTORY or outcome == ATTRITION_VICTORY:
        return 1.0
    if outcome == COMPLETE_LOSS:
        return -1.0
    return 0.0


@njit(cache=True, inline="always")
def step_slot(i, base_seed, first_game, n_slots, limit, auto_single, act, actions, opponents, pool_index,
               episodes, states, obs, masks, terminal_obs, tallies, rows, results, waiting, ends, ended_episode,
               ended_pool, rewards, learner_steps):
    """Slot ``i``'s step (:func:`step_slots`), its arrays borrowed by the caller."""
    what = act[i]
    if what == ACT_NONE or waiting[i] == WAIT_NONE:
        return
    state = states[i]
    mask = masks[i]
    if what == ACT_START:
        new_game(state, seed_from(base_seed, episodes[i]))
        tallies[i, :] = 0
        rows[i, :] = 0
        opponents[i] = 0
        pool_index[i] = 0
    else:
        learner_steps[i] += 1
        apply(state, actions[i])
        tallies[i, 0] += 1
    while True:
        if state[PHASE] == PH_OVER:
            record_result(state, tallies[i, 0], rows[i])
            game = episodes[i]
            if 0 <= game - first_game < results.shape[0]:
                results[game - first_game, :] = rows[i]
            ended_episode[i] = game
            ended_pool[i] = 0
            rewards[i] += player_reward(state)
            ends[i] = END_TERMINATED
            observe(state, terminal_obs[i])
            if not next_episode(episodes, i, n_slots, limit):
                waiting[i] = WAIT_NONE
                mask[:] = 0
                break
            new_game(state, seed_from(base_seed, episodes[i]))
            tallies[i, :] = 0
            rows[i, :] = 0
            continue
        legal_mask(state, mask)
        if auto_single:
            n, last = legal_count(mask)
            if n == 1:
                apply(state, last)
                tallies[i, 0] += 1
                continue
        observe(state, obs[i])
        waiting[i] = WAIT_LEARNER
        break


@njit(cache=True, nogil=True)
def step_slots(lo, hi, base_seed, first_game, n_slots, limit, auto_single, act, actions, opponents, pool_index,
               episodes, states, obs, masks, terminal_obs, tallies, rows, results, waiting, ends, ended_episode,
               ended_pool, rewards, learner_steps):
    """Slots ``lo .. hi - 1``: what ``act`` asks of each (``ACT_*``), then play
    on until the slot waits on its player's decision (its observation in
    ``obs``, its legal actions in ``masks``) or has played its last game
    (``limit``). A game that ends adds the player's reward to ``rewards``,
    sets ``ends``, keeps its observation in ``terminal_obs`` and its number in
    ``ended_episode``, writes its result row to ``results[game - first_game]``
    when ``results`` has that row, and the slot's next game starts. The
    caller clears ``rewards`` and ``ends`` before a step."""
    # The slots' arrays as views with no reference counting (engine/borrow.py): each
    # slot's rows are handed to the rules kernels at every decision.
    act, actions, opponents, pool_index, episodes, states, obs, masks = \
        borrowed(act), borrowed(actions), borrowed(opponents), borrowed(pool_index), borrowed(episodes), \
        borrowed(states), borrowed(obs), borrowed(masks)
    terminal_obs, tallies, rows, results, waiting, ends, ended_episode, ended_pool, rewards, learner_steps = \
        borrowed(terminal_obs), borrowed(tallies), borrowed(rows), borrowed(results), borrowed(waiting), \
        borrowed(ends), borrowed(ended_episode), borrowed(ended_pool), borrowed(rewards), borrowed(learner_steps)
    for i in range(lo, hi):
        step_slot(i, base_seed, first_game, n_slots, limit, auto_single, act, actions, opponents, pool_index,
                  episodes, states, obs, masks, terminal_obs, tallies, rows, results, waiting, ends, ended_episode,
                  ended_pool, rewards, learner_steps)


@njit(cache=True, nogil=True, parallel=True)
def step_pieces(pieces, base_seed, first_game, n_slots, limit, auto_single, act, actions, opponents, pool_index,
               episodes, states, obs, masks, terminal_obs, tallies, rows, results, waiting, ends, ended_episode,
               ended_pool, rewards, learner_steps):
    """:func:`step_slots` over every slot, cut into ``pieces`` ranges that
    numba's threads share (engine/threads.py ``in_slot_pieces``)."""
    # The slots' arrays as views with no reference counting (engine/borrow.py), as in step_slots.
    act, actions, opponents, pool_index, episodes, states, obs, masks = \
        borrowed(act), borrowed(actions), borrowed(opponents), borrowed(pool_index), borrowed(episodes), \
        borrowed(states), borrowed(obs), borrowed(masks)
    terminal_obs, tallies, rows, results, waiting, ends, ended_episode, ended_pool, rewards, learner_steps = \
        borrowed(terminal_obs), borrowed(tallies), borrowed(rows), borrowed(results), borrowed(waiting), \
        borrowed(ends), borrowed(ended_episode), borrowed(ended_pool), borrowed(rewards), borrowed(learner_steps)
    for p in prange(pieces):
        lo, hi = n_slots * p // pieces, n_slots * (p + 1) // pieces
        for i in range(lo, hi):
            step_slot(i, base_seed, first_game, n_slots, limit, auto_single, act, actions, opponents, pool_index,
                      episodes, states, obs, masks, terminal_obs, tallies, rows, results, waiting, ends, ended_episode,
                      ended_pool, rewards, learner_steps)


def step(arrays: dict, base_seed: int, first_game: int, n_slots: int, limit: int, auto_single: bool, act,
         actions, seats, pool_codes, pool_cum, results, patch=NO_PATCH) -> None:
    """The step of every slot (:func:`step_pieces` on numba's threads, or
    :func:`step_slots` on Python's where a parallel kernel cannot run), with
    the arguments of a COIN volume's ``vector.step``; ``seats``,
    ``pool_codes``, ``pool_cum`` and ``patch`` are not used: one seat, the
    rules play the other side, no variants."""
    a = arrays
    in_slot_pieces(step_pieces, step_slots, n_slots,
                   (np.int64(base_seed), np.int64(first_game), np.int64(n_slots), np.int64(limit), bool(auto_single),
                    act, actions, a["opponents"], a["pool_index"], a["episodes"], a["states"], a["obs"], a["masks"],
                    a["terminal_obs"], a["tallies"], a["rows"], results, a["waiting"], a["ends"],
                    a["ended_episode"], a["ended_pool"], a["rewards"], a["learner_steps"]))


@njit(cache=True, nogil=True)
def bot_slots(lo, hi, states, waiting, scratch, out):
    """The heuristic policy's choice for each slot ``lo .. hi - 1`` waiting on
    a decision, -1 for idle slots (``scratch``: a mask row per slot)."""
    stream = np.zeros(1, dtype=np.int64)          # the heuristic draws nothing: ties go to the first candidate
    for i in range(lo, hi):
        if waiting[i] == WAIT_NONE:
            out[i] = -1
            continue
        out[i] = heuristic_action(states[i], scratch[i], stream)


def bot_choices(arrays: dict, out) -> None:
    """The heuristic policy's action for every slot's pending decision (a
    teacher for behaviour cloning)."""
    n = arrays["states"].shape[0]
    scratch = arrays.setdefault("bot_scratch", np.zeros((n, N_ACTIONS), dtype=np.int8))
    in_slot_ranges(bot_slots, n, (arrays["states"], arrays["waiting"], scratch, out))
