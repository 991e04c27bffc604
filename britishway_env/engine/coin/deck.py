"""Deck preparation and determinization (2.1, all volumes).

A volume's deck is 3 piles of 7 cards: each pile is ``pile_top`` events on
top of its Propaganda card shuffled with ``pile_bottom - 1`` events, and the
piles are stacked. Events are numbered 1..n_events; the Propaganda cards are
given as an array, one per pile. A volume whose Propaganda cards differ from
each other shuffles them before they go to the piles
(``shuffle_propaganda``), so which pile holds which is hidden too.
"""

import numpy as np
from ..jit import njit

from ..rng import roll, shuffle_slice
from .header import DECK, DECK_DRAWN, FORCED, FORCED_CAPACITY, RNG
from .initiative import is_propaganda


@njit(cache=True)
def _shuffle(state, values, n):
    """Fisher-Yates over ``values[:n]`` with the row's generator."""
    for i in range(n - 1, 0, -1):
        j = roll(state, i + 1, RNG, FORCED, FORCED_CAPACITY)
        values[i], values[j] = values[j], values[i]


@njit(cache=True)
def build_deck(state, n_events, propaganda, pile_top, pile_bottom, shuffle_propaganda):
    """Deal the deck into ``state[DECK:DECK + DECK_SIZE]`` (2.1); the events
    not dealt are set aside unseen."""
    piles = propaganda.shape[0]
    order = propaganda.copy()
    if shuffle_propaganda:
        _shuffle(state, order, piles)
    events = np.arange(1, n_events + 1)
    _shuffle(state, events, n_events)
    k = 0
    pos = DECK
    for p in range(piles):
        for _ in range(pile_top):
            state[pos] = events[k]
            pos += 1
            k += 1
        bottom = pos
        state[pos] = order[p]
        pos += 1
        for _ in range(pile_bottom - 1):
            state[pos] = events[k]
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
    piles at random; otherwise each pile gets its own back.
    """
    state[RNG] = seed
    state[FORCED] = 0
    state[FORCED + 1] = 0
    drawn = state[DECK_DRAWN]
    piles = propaganda.shape[0]
    size = pile_top + pile_bottom
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
        if played[e] == 0:
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

