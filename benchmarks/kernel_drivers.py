"""Compiled drivers of bench_kernels.py: one copy of this module per COIN
volume, its kernels bound as module-level names.

Do not import it directly: :func:`bench_kernels.drivers` loads this file once
per volume as a module of its own, with ``VOLUME`` set before the code runs,
so the same source compiles against each volume's ``turns``, ``invariants``
and ``playout`` (numba resolves module-level names when it compiles). The
drivers are compiled without numba's cache: the three copies share a file
and a cache entry would not tell them apart.

Every timing driver takes positions ``lo .. hi - 1`` and goes over them in
blocks of ``block`` positions, each block ``reps`` times, restoring each
position from its recorded copy before every call (so the state and its dice
are the same each time); it returns a checksum so that the compiler keeps
the work. Like the batch loop (``playout.play_out``), the drivers hand the
kernels borrowed views of their arrays (engine/borrow.py: no reference
counting), so each part is timed as a game calls it.
"""

import importlib

import numpy as np
from numba import njit

VOLUME = globals()["VOLUME"]   # set by the loader before this runs
turns = importlib.import_module(f"britishway_env.volumes.{VOLUME}.turns")
invariants = importlib.import_module(f"britishway_env.volumes.{VOLUME}.invariants")
playout = importlib.import_module(f"britishway_env.volumes.{VOLUME}.playout")
layout = importlib.import_module(f"britishway_env.volumes.{VOLUME}.layout")
observation = importlib.import_module(f"britishway_env.volumes.{VOLUME}.observation")
from britishway_env.engine.borrow import borrowed, keep  # noqa: E402
from britishway_env.engine.policy import uniform_legal  # noqa: E402
from britishway_env.engine.rng import seed_from  # noqa: E402

N_ACTIONS = layout.N_ACTIONS
STATE_SIZE = layout.STATE_SIZE
DECISION = layout.DECISION


# The decision's own rules without the automatic steps: each volume's ``apply`` is ``act`` then ``settle``.
apply_switch = turns.act


# ------------------------------------------------------------- recording --

@njit
def record(seeds, starts, states, masks, streams, actions):
    """Random play of the game from each of ``seeds`` as ``playout.play_out``
    plays it (each seat's stream from ``playout.seat_streams``, the choice by
    ``invariants.random_action``); decision ``i`` (game ``g``'s decisions are
    ``starts[g] .. starts[g + 1] - 1``) keeps the state before it, the mask,
    the acting seat's stream before the draw and the action. Returns how many
    decisions were recorded (-1 when a game did not end where ``starts`` says)."""
    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    i = 0
    for g in range(seeds.shape[0]):
        state = np.zeros(STATE_SIZE, dtype=np.int64)
        turns.new_game(state, seeds[g])
        seat = playout.seat_streams(seeds[g])
        while not turns.is_over(state):
            if i >= starts[g + 1]:
                return -1
            faction = turns.actor(state)
            states[i] = state
            streams[i] = seat[faction]
            a = invariants.random_action(state, mask, seat[faction:faction + 1])
            masks[i] = mask
            actions[i] = a
            turns.apply(state, a)
            i += 1
        if i != starts[g + 1]:
            return -1
    return i


@njit
def switched(states, actions, out):
    """``out[i]``: position ``i`` after the switch of its action alone (no settle)."""
    for i in range(states.shape[0]):
        out[i] = states[i]
        apply_switch(out[i], actions[i])


@njit
def seam_mismatches(states, actions, after_switch):
    """How many positions where ``settle(switch(state))`` differs from ``apply(state)``."""
    a = np.empty(STATE_SIZE, dtype=np.int64)
    b = np.empty(STATE_SIZE, dtype=np.int64)
    bad = 0
    for i in range(states.shape[0]):
        a[:] = states[i]
        turns.apply(a, actions[i])
        b[:] = after_switch[i]
        turns.settle(b)
        for k in range(STATE_SIZE):
            if a[k] != b[k]:
                bad += 1
                break
    return bad


@njit
def choice_mismatches(masks, streams, actions):
    """How many positions where the recorded mask and stream do not pick the recorded action."""
    stream = np.zeros(1, dtype=np.int64)
    bad = 0
    for i in range(masks.shape[0]):
        stream[0] = streams[i]
        if uniform_legal(masks[i], stream) != actions[i]:
            bad += 1
    return bad


# ---------------------------------------------------------------- timing --

@njit
def t_copy(states, lo, hi, block, reps, scratch):
    """The restore alone: the state copied from its record."""
    states, scratch = borrowed(states), borrowed(scratch)
    acc = 0
    for b0 in range(lo, hi, block):
        b1 = min(hi, b0 + block)
        for _ in range(reps):
            for i in range(b0, b1):
                scratch[:] = states[i]
                acc += scratch[DECISION]
    return acc


@njit
def t_fill(fill, states, lo, hi, block, reps, scratch, out):
    """Restore, then ``fill(scratch, out)``: ``turns.legal_mask`` (the legal
    mask) or ``observation.observe`` (the observation: not in random play,
    what the vector env adds at each decision it hands out)."""
    states, scratch, out = borrowed(states), borrowed(scratch), borrowed(out)
    acc = 0
    for b0 in range(lo, hi, block):
        b1 = min(hi, b0 + block)
        for _ in range(reps):
            for i in range(b0, b1):
                scratch[:] = states[i]
                fill(scratch, out)
                acc += scratch[DECISION] + (out[i % out.shape[0]] != 0)
    return acc


@njit
def t_choice(masks, streams, lo, hi, block, reps):
    """The random choice from the recorded mask (``engine.policy.uniform_legal``:
    count the legal actions, one SplitMix64 draw, walk to the chosen one),
    the seat's stream restored first."""
    masks, streams = borrowed(masks), borrowed(streams)
    owned_stream = np.zeros(1, dtype=np.int64)
    stream = borrowed(owned_stream)
    acc = 0
    for b0 in range(lo, hi, block):
        b1 = min(hi, b0 + block)
        for _ in range(reps):
            for i in range(b0, b1):
                stream[0] = streams[i]
                acc += uniform_legal(masks[i], stream)
    keep(owned_stream)
    return acc


@njit
def t_apply(states, actions, lo, hi, block, reps, scratch):
    """Restore, then ``turns.apply`` (the switch and the automatic steps)."""
    states, actions, scratch = borrowed(states), borrowed(actions), borrowed(scratch)
    acc = 0
    for b0 in range(lo, hi, block):
        b1 = min(hi, b0 + block)
        for _ in range(reps):
            for i in range(b0, b1):
                scratch[:] = states[i]
                turns.apply(scratch, actions[i])
                acc += scratch[DECISION]
    return acc


@njit
def t_switch(states, actions, lo, hi, block, reps, scratch):
    """Restore, then the switch alone (``apply`` less its closing ``settle``)."""
    states, actions, scratch = borrowed(states), borrowed(actions), borrowed(scratch)
    acc = 0
    for b0 in range(lo, hi, block):
        b1 = min(hi, b0 + block)
        for _ in range(reps):
            for i in range(b0, b1):
                scratch[:] = states[i]
                apply_switch(scratch, actions[i])
                acc += scratch[DECISION]
    return acc


@njit
def t_settle(after_switch, lo, hi, block, reps, scratch):
    """Restore the position as the switch left it, then ``turns.settle``."""
    after_switch, scratch = borrowed(after_switch), borrowed(scratch)
    acc = 0
    for b0 in range(lo, hi, block):
        b1 = min(hi, b0 + block)
        for _ in range(reps):
            for i in range(b0, b1):
                scratch[:] = after_switch[i]
                turns.settle(scratch)
                acc += scratch[DECISION]
    return acc


@njit
def t_new_game(seeds, lo, hi, reps, scratch):
    """``turns.new_game`` (setup, deck, first card and its automatic steps) for games ``lo .. hi - 1``."""
    seeds, scratch = borrowed(seeds), borrowed(scratch)
    acc = 0
    for g in range(lo, hi):
        for _ in range(reps):
            scratch[:] = 0
            turns.new_game(scratch, seeds[g])
            acc += scratch[DECISION]
    return acc


# ------------------------------------------------- replays (no restoring) --

@njit
def t_replay_apply(seeds, starts, actions, g0, g1, reps, state):
    """Games ``g0 .. g1 - 1`` replayed: ``turns.new_game``, then each recorded action applied."""
    seeds, starts, actions, state = borrowed(seeds), borrowed(starts), borrowed(actions), borrowed(state)
    acc = 0
    for g in range(g0, g1):
        for _ in range(reps):
            state[:] = 0
            turns.new_game(state, seeds[g])
            for i in range(starts[g], starts[g + 1]):
                turns.apply(state, actions[i])
            acc += state[DECISION]
    return acc


@njit
def t_replay_legal(seeds, starts, actions, g0, g1, reps, state, mask):
    """As :func:`t_replay_apply`, with ``turns.legal_mask`` before each action."""
    seeds, starts = borrowed(seeds), borrowed(starts)
    actions, state, mask = borrowed(actions), borrowed(state), borrowed(mask)
    acc = 0
    for g in range(g0, g1):
        for _ in range(reps):
            state[:] = 0
            turns.new_game(state, seeds[g])
            for i in range(starts[g], starts[g + 1]):
                turns.legal_mask(state, mask)
                acc += mask[i % N_ACTIONS]
                turns.apply(state, actions[i])
            acc += state[DECISION]
    return acc


@njit
def t_replay_random(seeds, starts, actions, g0, g1, reps, state, mask):
    """As :func:`t_replay_legal`, the action chosen at random as the random game
    chooses it (each seat's stream, ``invariants.random_action``)."""
    seeds, starts = borrowed(seeds), borrowed(starts)
    actions, state, mask = borrowed(actions), borrowed(state), borrowed(mask)
    owned_seat = np.zeros(2, dtype=np.int64)
    seat = borrowed(owned_seat)
    acc = 0
    for g in range(g0, g1):
        for _ in range(reps):
            state[:] = 0
            turns.new_game(state, seeds[g])
            seat[:] = playout.seat_streams(seeds[g])
            for i in range(starts[g], starts[g + 1]):
                f = turns.actor(state)
                turns.apply(state, invariants.random_action(state, mask, seat[f:f + 1]))
            acc += state[DECISION]
    keep(owned_seat)
    return acc


# ------------------------------------------- by decision kind (index lists) --

@njit
def pending_kinds(states, out):
    """``out[i]``: the decision pending at position ``i`` (``turns.pending``)."""
    for i in range(states.shape[0]):
        out[i] = turns.pending(states[i])


@njit
def t_copy_at(states, idx, block, reps, scratch):
    """:func:`t_copy` over the positions listed in ``idx``."""
    states, idx, scratch = borrowed(states), borrowed(idx), borrowed(scratch)
    acc = 0
    for b0 in range(0, idx.shape[0], block):
        b1 = min(idx.shape[0], b0 + block)
        for _ in range(reps):
            for j in range(b0, b1):
                scratch[:] = states[idx[j]]
                acc += scratch[DECISION]
    return acc


@njit
def t_legal_at(states, idx, block, reps, scratch, mask):
    """:func:`t_fill` of the legal mask over the positions listed in ``idx``."""
    states, idx, scratch, mask = borrowed(states), borrowed(idx), borrowed(scratch), borrowed(mask)
    acc = 0
    for b0 in range(0, idx.shape[0], block):
        b1 = min(idx.shape[0], b0 + block)
        for _ in range(reps):
            for j in range(b0, b1):
                scratch[:] = states[idx[j]]
                turns.legal_mask(scratch, mask)
                acc += scratch[DECISION] + mask[j % N_ACTIONS]
    return acc


@njit
def t_apply_at(states, actions, idx, block, reps, scratch):
    """:func:`t_apply` over the positions listed in ``idx``."""
    states, actions, idx, scratch = borrowed(states), borrowed(actions), borrowed(idx), borrowed(scratch)
    acc = 0
    for b0 in range(0, idx.shape[0], block):
        b1 = min(idx.shape[0], b0 + block)
        for _ in range(reps):
            for j in range(b0, b1):
                i = idx[j]
                scratch[:] = states[i]
                turns.apply(scratch, actions[i])
                acc += scratch[DECISION]
    return acc


@njit
def t_slots_in_turn(states, masks, streams, obs, per_visit, visits, observe, base_seed):
    """Random play with the games' rows taken in turn, as the vector env's step
    takes its slots: each visit plays ``per_visit`` random decisions of one
    slot's game (``invariants.random_action`` and ``turns.apply``; a game that
    ends is followed by a new one from ``base_seed``) and, with ``observe``,
    writes the slot's observation; ``visits`` visits over the slots in turn.
    Returns the games started (a checksum)."""
    states, masks, streams, obs = borrowed(states), borrowed(masks), borrowed(streams), borrowed(obs)
    n = states.shape[0]
    games = 0
    for r in range(visits // n):
        for i in range(n):
            state = states[i]
            mask = masks[i]
            for _ in range(per_visit):
                if turns.is_over(state):
                    turns.new_game(state, seed_from(base_seed, games))
                    games += 1
                a = invariants.random_action(state, mask, streams[i:i + 1])
                if a < 0:            # no legal action: never in a game, but never an index either
                    turns.new_game(state, seed_from(base_seed, games))
                    games += 1
                    continue
                turns.apply(state, a)
            if observe:
                observation.observe(state, obs[i])
    return games
