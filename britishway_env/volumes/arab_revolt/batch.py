# Generated from engine/coin/templates/batch.py.tmpl by `python -m britishway_env.engine.coin.generate`; do not edit by hand.
"""Compiled batch play of Arab Revolt with a policy per seat (``POLICY_*`` of
the bots), one result row per game (engine/coin/results.py).

The games, seeds and random streams are those of :mod:`.playout`: random
play here gives the rows ``playout.play_random_games`` gives.
"""

import numpy as np
from ...engine.jit import njit

from ...engine.borrow import borrowed, keep
from ...engine.coin import results as R
from ...engine.coin.bots import MEMO_SIZE
from ...engine.coin.variant import NO_PATCH
from ...engine.coin.results import N_RESULT_COLUMNS  # noqa: F401  (re-exported: the rows' width)
from ...engine.rng import seed_from
from ...engine.threads import in_threads
from .bots import choose_action
from .invariants import MAX_DECISIONS, OK, check
from .layout import BRITISH, N_ACTIONS
from .playout import decide, start_game
from .turns import actor, is_over


@njit(cache=True, inline="always")
def play_one(seed, policy_british, policy_rebels, check_every_step, patch, out):
    """One game; ``out`` gets its result row."""
    owned_state, owned_streams, owned_tally = start_game(seed, patch, out)
    owned_mask = np.zeros(N_ACTIONS, dtype=np.int8)
    owned_memo = np.zeros(MEMO_SIZE, dtype=np.float64)
    # Every call of the loop passes borrowed views (engine/borrow.py); keep()
    # holds their owners until the loop is over.
    state, streams, tally = borrowed(owned_state), borrowed(owned_streams), borrowed(owned_tally)
    mask, memo, row = borrowed(owned_mask), borrowed(owned_memo), borrowed(out)
    code = check(state) if check_every_step else OK
    while code == OK and not is_over(state):
        faction = actor(state)
        policy = policy_british if faction == BRITISH else policy_rebels
        a = choose_action(policy, state, mask, streams[faction:faction + 1], memo)
        code = decide(state, mask, a, faction, check_every_step, MAX_DECISIONS, tally, row)
    R.finish_row(state, tally, code, row)
    keep(owned_state, owned_streams, owned_tally, owned_mask, owned_memo, out)


@njit(cache=True, nogil=True)
def play_rows(base_seed, first_game, n_games, policy_british, policy_rebels, check_every_step, patch,
              out):
    """Games ``first_game .. first_game + n_games - 1`` into ``out`` rows,
    one after another on the calling thread."""
    for i in range(n_games):
        play_one(seed_from(base_seed, first_game + i), policy_british, policy_rebels, check_every_step, patch,
                 out[i])


def play_games(base_seed, first_game, n_games, policy_british, policy_rebels, check_every_step, out,
               patch=NO_PATCH):
    """Games ``first_game .. first_game + n_games - 1`` into ``out`` rows, on
    the numba thread count (the same rows whatever the count); ``patch``: a
    variant's (engine/coin/variant.py)."""
    in_threads(play_rows, base_seed, first_game, n_games,
               (np.int64(policy_british), np.int64(policy_rebels), bool(check_every_step), patch), out)
