"""Invariants of a Palestine game, and compiled random play that checks them
after every decision (DESIGN.md quality bar: fuzzing, no dead ends)."""

import numpy as np
from numba import njit, prange

from ...engine.policy import uniform_legal
from ...engine.rng import seed_from
from ..boards.palestine import CITY, N_MAP_SPACES, RAILWAY, SPACE_KIND
from .layout import (
    ARMS_CACHES, AVAILABLE_CACHES, AVAILABLE_CELLS, AVAILABLE_POLICE, AVAILABLE_TROOPS,
    CELLS_ACTIVE, CELLS_OUT_OF_GAME, CELLS_UNDERGROUND, CURFEW, HAGANAH, INTEL_CHITS_PER_VALUE,
    INTEL_HELD, N_ACTIONS, OUTCOME, A_EVENT_SIDE, A_OP, CAPABILITIES, CARD, D_BOX, DECISION, EV_CARD,
    EV_MODE, POLICE, POLITICAL_WILL, PRISON, PW_MAX, SPACE_FIELDS, SPACES,
    STATE_SIZE, TOTAL_CACHES, TOTAL_CELLS, TOTAL_CURFEWS, TOTAL_POLICE, TOTAL_TROOPS, TRACK_CACHE_4,
    TRACK_CELLS_3, TRACK_CELLS_4, TROOPS, D_MASS_DETENTION, DETAIN_LEFT, MOVED_ACTIVE, MOVED_HERE, OP,
    OP_TRAVEL,
)
from .turns import apply, is_over, legal_mask, new_game, pending

(OK, BAD_TROOPS, BAD_POLICE, BAD_CELLS, BAD_CACHES, BAD_STACKING, BAD_CURFEW, BAD_TRACKS,
 NEGATIVE, NO_LEGAL_ACTION, TOO_LONG, BAD_EVENT, BAD_TALLY) = range(13)
VIOLATIONS = ("ok", "Troops not conserved (12)", "Police not conserved (6)", "Cells not conserved (15)",
              "Arms Caches not conserved (5)", "Arms Cache stacking (1.4.2)", "Curfew rules (1.4.2, 1.10)",
              "Political Will / Haganah / Intel out of bounds", "negative piece count",
              "no legal action in an unfinished game", "game too long",
              "event state left over outside an event, or a capability out of range",
              "Mass Detention or Travel tally out of range (4.2.3, 3.3.2)")
MAX_DECISIONS = 20000
R_OUTCOME, R_DECISIONS, R_POLITICAL_WILL, R_VIOLATION, R_EVENTS = range(5)
N_RESULT_COLUMNS = 5   # R_EVENTS: bit 2 * (card - 1) + side for each event text executed


@njit(cache=True)
def check(state):
    troops = state[AVAILABLE_TROOPS]
    police = state[AVAILABLE_POLICE]
    cells = (state[AVAILABLE_CELLS] + state[PRISON] + state[CELLS_OUT_OF_GAME] + state[TRACK_CELLS_4]
             + state[TRACK_CELLS_3])
    caches = state[AVAILABLE_CACHES] + state[TRACK_CACHE_4]
    curfews = 0
    for s in range(N_MAP_SPACES):
        base = SPACES + s * SPACE_FIELDS
        for p in range(SPACE_FIELDS):
            if state[base + p] < 0:
                return NEGATIVE
        troops += state[base + TROOPS]
        police += state[base + POLICE]
        cells += state[base + CELLS_UNDERGROUND] + state[base + CELLS_ACTIVE]
        caches += state[base + ARMS_CACHES]
        if state[base + ARMS_CACHES] > 2 or (SPACE_KIND[s] == RAILWAY and state[base + ARMS_CACHES] > 0):
            return BAD_STACKING
        if state[base + CURFEW] > 0:
            if SPACE_KIND[s] != CITY or state[base + CURFEW] > 1 \
                    or state[base + TROOPS] + state[base + POLICE] == 0:
                return BAD_CURFEW
            curfews += 1
    if troops != TOTAL_TROOPS:
        return BAD_TROOPS
    if police != TOTAL_POLICE:
        return BAD_POLICE
    if cells != TOTAL_CELLS:
        return BAD_CELLS
    if caches != TOTAL_CACHES:
        return BAD_CACHES
    if curfews > TOTAL_CURFEWS:
        return BAD_CURFEW
    if not 0 <= state[POLITICAL_WILL] <= PW_MAX or not 0 <= state[HAGANAH] <= 4:
        return BAD_TRACKS
    for v in range(3):
        if not 0 <= state[INTEL_HELD + v] <= INTEL_CHITS_PER_VALUE:
            return BAD_TRACKS
    for c in range(8):
        if not 0 <= state[CAPABILITIES + c] <= 2:
            return BAD_EVENT
    if state[DECISION] == D_BOX and (state[EV_CARD] != 0 or state[EV_MODE] != 0):
        return BAD_EVENT
    if (state[DETAIN_LEFT] != 0) != (state[DECISION] == D_MASS_DETENTION) or not 0 <= state[DETAIN_LEFT] <= 6:
        return BAD_TALLY
    for s in range(N_MAP_SPACES):
        base = SPACES + s * SPACE_FIELDS
        if not 0 <= state[MOVED_ACTIVE + s] <= state[MOVED_HERE + s] \
                or (state[MOVED_ACTIVE + s] != 0 and state[OP] != OP_TRAVEL):
            return BAD_TALLY
        if state[OP] == OP_TRAVEL and (state[MOVED_ACTIVE + s] > state[base + CELLS_ACTIVE]
                                       or state[MOVED_HERE + s] - state[MOVED_ACTIVE + s]
                                       > state[base + CELLS_UNDERGROUND]):
            return BAD_TALLY
    return OK


@njit(cache=True)
def random_action(state, mask, stream):
    legal_mask(state, mask)
    return uniform_legal(mask, stream)


@njit(cache=True)
def play_out(state, stream_seed, check_every_step, max_decisions, out):
    """Random decisions from ``state`` (changed in place) until the game ends or
    ``max_decisions`` were taken, checking the invariants after every one when
    asked; ``out`` gets the ``R_*`` columns (a loaded state's fuzzing, DESIGN.md)."""
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    stream = np.full(1, stream_seed, dtype=np.int64)
    decisions = 0
    events = 0
    code = check(state) if check_every_step else OK
    while code == OK and not is_over(state):
        a = random_action(state, mask, stream)
        if a < 0:
            code = NO_LEGAL_ACTION
            break
        if A_EVENT_SIDE <= a < A_OP and pending(state) == D_BOX:
            events |= 1 << (2 * (state[CARD] - 1) + a - A_EVENT_SIDE)
        apply(state, a)
        decisions += 1
        if check_every_step:
            code = check(state)
        if decisions > max_decisions:
            code = TOO_LONG
    out[R_OUTCOME] = state[OUTCOME]
    out[R_DECISIONS] = decisions
    out[R_POLITICAL_WILL] = state[POLITICAL_WILL]
    out[R_VIOLATION] = code
    out[R_EVENTS] = events


@njit(cache=True)
def play_one(seed, out, check_every_step):
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    new_game(state, seed)
    play_out(state, seed ^ 0x5DEECE66D, check_every_step, MAX_DECISIONS, out)


@njit(cache=True, parallel=True)
def play_games(base_seed, first_game, n_games, check_every_step, out):
    """Random-vs-random games ``first_game ..`` into ``out`` rows (any thread count)."""
    for i in prange(n_games):
        play_one(seed_from(base_seed, first_game + i), out[i], check_every_step)
