# Generated from engine/coin/templates/playout.py.tmpl by `python -m britishway_env.engine.coin.generate`; do not edit by hand.
"""Compiled Palestine games to their end, one result row each
(engine/coin/results.py): the step every batch loop shares, and random play
in both seats, which never needs the scripted bots (random rollouts and the
invariant fuzzer do not compile them; ``batch`` plays the bots).

Game ``i`` of a batch started from ``base_seed`` is seeded with
``seed_from(base_seed, i)`` and each seat's random choices draw from a stream
derived from that seed alone, so the rows depend neither on the thread count
nor on how the batch is chunked, nor on which runner plays random play.
"""

import numpy as np
from ...engine.jit import njit

from ...engine.borrow import borrowed, keep
from ...engine.coin import results as R
from ...engine.threads import in_threads
from ...engine.rng import game_seeds, seed_from  # noqa: F401  (game_seeds: the games' seeds, for the compile notice)
from .invariants import MAX_DECISIONS, NO_LEGAL_ACTION, OK, TOO_LONG, VIOLATIONS, check, random_action
from .layout import N_ACTIONS, STATE_SIZE
from ...engine.coin.variant import NO_PATCH
from .turns import actor, apply, is_over, new_game, new_variant_game, pending

ILLEGAL_ACTION = len(VIOLATIONS)
FAILURES = VIOLATIONS + ("a policy chose an action the mask does not offer",)
SALT = (0x5DEECE66D, 0x2545F4914F6CDD1D)   # random-policy streams per seat


@njit(cache=True, inline="always")
def start_game(seed, patch, out):
    """A new game from ``seed`` (of the variant whose row patch is ``patch``;
    empty: the base game), each seat's random stream and the row's tallies;
    ``out`` cleared."""
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    if patch.shape[0] > 0:
        new_variant_game(state, seed, patch)
    else:
        new_game(state, seed)
    out[:] = 0
    return state, seat_streams(seed), np.zeros(R.N_TALLIES, dtype=np.int64)


@njit(cache=True)
def seat_streams(seed):
    """Each seat's random stream (a one-slot generator per seat), from ``seed``."""
    return np.array([seed ^ SALT[0], seed ^ SALT[1]], dtype=np.int64)


@njit(cache=True, inline="always")
def decide(state, mask, action, faction, check_every_step, max_decisions, tally, out):
    """Apply ``action``, chosen by ``faction`` from ``mask`` (-1: there was no
    legal action), keeping the row's tallies; the failure code, OK to go on."""
    if action < 0:
        return NO_LEGAL_ACTION
    if mask[action] == 0:
        return ILLEGAL_ACTION
    R.note_decision(state, pending(state), action, faction, tally, out)
    apply(state, action)
    R.note_applied(state, tally, out)
    code = check(state) if check_every_step else OK
    if tally[R.T_DECISIONS] > max_decisions:
        code = TOO_LONG
    return code


@njit(cache=True, inline="always")
def play_out(state, streams, check_every_step, max_decisions, tally, out):
    """Random decisions in both seats from ``state`` (changed in place) until
    the game ends, a check fails (every invariant after every decision, when
    asked) or ``max_decisions`` were taken; ``out`` gets the result row."""
    owned_mask = np.zeros(N_ACTIONS, dtype=np.int8)
    # Every call of the loop passes borrowed views (engine/borrow.py); keep()
    # holds their owners until the loop is over.
    game, mask, rngs = borrowed(state), borrowed(owned_mask), borrowed(streams)
    counts, row = borrowed(tally), borrowed(out)
    code = check(game) if check_every_step else OK
    while code == OK and not is_over(game):
        faction = actor(game)
        a = random_action(game, mask, rngs[faction:faction + 1])
        code = decide(game, mask, a, faction, check_every_step, max_decisions, counts, row)
    R.finish_row(game, counts, code, row)
    keep(state, owned_mask, streams, tally, out)


@njit(cache=True)
def play_out_from(state, stream_seed, check_every_step, max_decisions, out):
    """:func:`play_out` from a loaded position (the state-dict fuzzer's
    play-outs, DESIGN.md), its streams from ``stream_seed``."""
    out[:] = 0
    play_out(state, seat_streams(stream_seed), check_every_step, max_decisions,
             np.zeros(R.N_TALLIES, dtype=np.int64), out)


@njit(cache=True, inline="always")
def play_random_one(seed, check_every_step, patch, out):
    """One game with both seats random; ``out`` gets its result row."""
    state, streams, tally = start_game(seed, patch, out)
    play_out(state, streams, check_every_step, MAX_DECISIONS, tally, out)


@njit(cache=True, nogil=True)
def play_random_rows(base_seed, first_game, n_games, check_every_step, patch, out):
    """Random games ``first_game .. first_game + n_games - 1`` into ``out``
    rows, one after another on the calling thread."""
    for i in range(n_games):
        play_random_one(seed_from(base_seed, first_game + i), check_every_step, patch, out[i])


def play_random_games(base_seed, first_game, n_games, check_every_step, out, patch=NO_PATCH):
    """Random games ``first_game .. first_game + n_games - 1`` into ``out``
    rows, on the numba thread count (the same rows whatever the count); with
    ``check_every_step``, the invariant fuzzer; ``patch``: a variant's
    (engine/coin/variant.py)."""
    in_threads(play_random_rows, base_seed, first_game, n_games, (bool(check_every_step), patch), out)
