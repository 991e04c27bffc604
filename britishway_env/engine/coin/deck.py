"""Deck preparation and determinization (2.1, all volumes).

A volume's deck is 3 piles of 7 cards: each pile is ``pile_top`` events on
top of its Propaganda card shuffled with ``pile_bottom - 1`` events, and the
piles are stacked. Events are numbered 1..n_events; the Propaganda cards are
given as an array, one per pile. A volume whose Propaganda cards differ from
each other shuffles them before they go to the piles
(``shuffle_propaganda``), so which pile holds which is hidden too.

A variant changes the deck through the row's deck rules (header ``DR_*``,
written by the setup with the base values, :func:`write_base_rules`): events
never dealt, events always dealt, events dealt into the top of a given pile
(so drawn in that campaign), and how many events lie above the part of a pile
where its Propaganda card is shuffled in. With the base rules the deal is the
printed one, draw for draw; with others it consumes the same draws, so a
variant's game shares the base game's dice.
"""

import numpy as np
from ..borrow import borrowed
from ..jit import njit

from ..rng import roll, shuffle_slice
from .header import DECK, DECK_DRAWN, DECK_RULES, DR_CAMPAIGNS, DR_EXCLUDED, DR_INCLUDED, DR_PILE_TOP, DR_PLACED, \
    FORCED, FORCED_CAPACITY, N_DECK_RULES, RNG
from .initiative import is_propaganda


@njit(cache=True)
def _shuffle(state, values, n):
    """Fisher-Yates over ``values[:n]`` with the row's generator."""
    state = borrowed(state)
    for i in range(n - 1, 0, -1):
        j = roll(state, i + 1, RNG, FORCED, FORCED_CAPACITY)
        values[i], values[j] = values[j], values[i]


@njit(cache=True)
def write_base_rules(state, pile_top, piles):
    """The printed deck preparation (2.1) as the row's deck rules: nothing
    removed, added or placed; ``pile_top`` events above each pile's shuffled
    part; the game ends at the last of the ``piles`` Propaganda cards (7.0.2)."""
    state = borrowed(state)
    for k in range(N_DECK_RULES):
        state[DECK_RULES + k] = 0
    state[DECK_RULES + DR_PILE_TOP] = pile_top
    state[DECK_RULES + DR_CAMPAIGNS] = piles


@njit(cache=True, inline="always")
def _has(bits, card):
    return (bits >> card) & 1 == 1


@njit(cache=True)
def build_deck(state, n_events, propaganda, pile_top, pile_bottom, shuffle_propaganda):
    """Deal the deck into ``state[DECK:DECK + DECK_SIZE]`` (2.1) by the row's
    deck rules; the events not dealt are set aside unseen. ``pile_top +
    pile_bottom`` is a pile's size; how it splits is the rules' ``DR_PILE_TOP``
    (the printed ``pile_top`` unless a variant changed it)."""
    state = borrowed(state)
    piles = propaganda.shape[0]
    size = pile_top + pile_bottom
    top = state[DECK_RULES + DR_PILE_TOP]
    excluded = state[DECK_RULES + DR_EXCLUDED]
    forced = state[DECK_RULES + DR_INCLUDED]
    for p in range(piles):
        forced |= state[DECK_RULES + DR_PLACED + p]
    order = propaganda.copy()
    if shuffle_propaganda:
        _shuffle(state, order, piles)
    events = np.arange(1, n_events + 1)
    _shuffle(state, events, n_events)
    n_forced = 0
    for c in range(1, n_events + 1):
        if _has(forced, c):
            n_forced += 1
    # The unplaced events dealt, in shuffled order: the forced ones where they
    # fell, the others first come first served, skipping the removed ones.
    seq = np.zeros(n_events, dtype=np.int64)
    n_seq = 0
    free = piles * (size - 1) - n_forced
    for c in events:
        placed = False
        for p in range(piles):
            if _has(state[DECK_RULES + DR_PLACED + p], c):
                placed = True
        if placed:
            continue
        if _has(forced, c) or (not _has(excluded, c) and free > 0):
            if not _has(forced, c):
                free -= 1
            seq[n_seq] = c
            n_seq += 1
    k = 0
    pos = DECK
    for p in range(piles):
        mine = state[DECK_RULES + DR_PLACED + p]
        i = 0                                   # next placed card of this pile, shuffled order
        for _ in range(top):
            while i < n_events and not _has(mine, events[i]):
                i += 1
            if i < n_events:
                state[pos] = events[i]
                i += 1
            else:
                state[pos] = seq[k]
                k += 1
            pos += 1
        bottom = pos
        state[pos] = order[p]
        pos += 1
        for _ in range(size - top - 1):
            state[pos] = seq[k]
            pos += 1
            k += 1
        shuffle_slice(state, bottom, pos, RNG, FORCED, FORCED_CAPACITY)
    state[DECK_DRAWN] = 0


@njit(cache=True)
def determinize_deck(state, seed, n_events, propaganda, pile_top, pile_bottom, shuffle_propaganda):
    """Resample what no player knows: the undrawn cards and the dice.

    The undrawn positions keep the piles' structure (2.1): a pile whose
    Propaganda card has not come up gets one back at a random undrawn spot
    among its bottom cards; every other undrawn spot gets an event drawn from
    those not yet played (the set-aside events are unknown too). With
    ``shuffle_propaganda`` the Propaganda cards not yet seen are dealt to those
    piles at random; otherwise each pile gets its own back. A variant's deck
    rules hold too (:func:`keep_deck_rules`): the piles' split, events removed
    never drawn, events always dealt and placed ones where the rules put them.
    """
    state = borrowed(state)
    state[RNG] = seed
    state[FORCED] = 0
    state[FORCED + 1] = 0
    drawn = state[DECK_DRAWN]
    piles = propaganda.shape[0]
    size = pile_top + pile_bottom
    pile_top = state[DECK_RULES + DR_PILE_TOP]
    excluded = state[DECK_RULES + DR_EXCLUDED]
    top_card = n_events
    for c in propaganda:
        top_card = max(top_card, c)
    played = np.zeros(top_card + 1, dtype=np.int64)
    for i in range(drawn):
        played[state[DECK + i]] = 1
    unseen = np.zeros(piles, dtype=np.int64)          # Propaganda cards still to come, pile order
    n_unseen = 0
    for p in range(piles):
        if played[propaganda[p]] == 0:
            unseen[n_unseen] = propaganda[p]
            n_unseen += 1
    if shuffle_propaganda:
        _shuffle(state, unseen, n_unseen)
    pool = np.zeros(n_events, dtype=np.int64)
    n_pool = 0
    for e in range(1, n_events + 1):
        if played[e] == 0 and not _has(excluded, e):
            pool[n_pool] = e
            n_pool += 1
    _shuffle(state, pool, n_pool)
    k = 0
    u = 0
    for p in range(piles):
        start = DECK + p * size
        seen = False                                   # this pile's Propaganda card has come up
        for pos in range(start, min(start + size, DECK + drawn)):
            if is_propaganda(state[pos], propaganda):
                seen = True
        mine = propaganda[p] if not shuffle_propaganda else -1
        spot = -1
        if not seen and (mine < 0 or played[mine] == 0):
            first = max(start + pile_top, DECK + drawn)
            spot = first + roll(state, start + size - first, RNG, FORCED, FORCED_CAPACITY)
        for pos in range(max(start, DECK + drawn), start + size):
            if pos == spot:
                state[pos] = unseen[u] if shuffle_propaganda else mine
                if shuffle_propaganda:
                    u += 1
            else:
                state[pos] = pool[k]
                k += 1
    keep_deck_rules(state, n_events, piles, size, pile_top)


@njit(cache=True)
def keep_deck_rules(state, n_events, piles, size, pile_top):
    """After a resample: each always-dealt or placed event not yet played is
    swapped into an undrawn spot the rules allow it (a placed one: the top
    part of its pile, 2.1), chosen at random among the spots holding an event
    the rules do not force. Nothing happens without such events (the printed
    rules), so the base game's resamples are unchanged draw for draw."""
    state = borrowed(state)
    forced = state[DECK_RULES + DR_INCLUDED]
    for p in range(piles):
        forced |= state[DECK_RULES + DR_PLACED + p]
    if forced == 0:
        return
    drawn = state[DECK_DRAWN]
    for c in range(1, n_events + 1):
        if not _has(forced, c):
            continue
        played = False
        for i in range(drawn):
            if state[DECK + i] == c:
                played = True
        if played:
            continue
        lo, hi = DECK + drawn, DECK + piles * size      # where an always-dealt event may lie
        for p in range(piles):
            if _has(state[DECK_RULES + DR_PLACED + p], c):
                lo, hi = max(DECK + p * size, DECK + drawn), DECK + p * size + pile_top
        at = -1
        n_free = 0
        for pos in range(lo, hi):
            if state[pos] == c:
                at = pos
            elif 1 <= state[pos] <= n_events and not _has(forced, state[pos]):
                n_free += 1
        if at >= 0 or n_free == 0:
            continue
        pick = roll(state, n_free, RNG, FORCED, FORCED_CAPACITY)
        for pos in range(lo, hi):
            if 1 <= state[pos] <= n_events and not _has(forced, state[pos]):
                if pick == 0:
                    for other in range(DECK + drawn, DECK + piles * size):
                        if state[other] == c:             # c drawn elsewhere in the sample: swap
                            state[other] = state[pos]
                    state[pos] = c
                    break
                pick -= 1
