"""The shared COIN machinery (engine/coin/), tested on bare header rows.

Rule numbers are those of every volume (2.1 deck preparation, 2.3 the
Initiative Track, 1.6.1 / 1.7 / 1.8 chit pools): the engine serves Palestine,
Cyprus and Arab Revolt alike.
"""

import numpy as np
import pytest

from britishway_env.engine.coin import deck, header as H

EVENTS = 32
PROPAGANDA = np.array([33, 34, 35], dtype=np.int64)


def _row(seed: int) -> np.ndarray:
    state = np.zeros(H.HEADER_SIZE, dtype=np.int64)
    state[H.RNG] = seed
    return state


def _dealt(seed: int, shuffle_propaganda: bool) -> np.ndarray:
    state = _row(seed)
    deck.build_deck(state, EVENTS, PROPAGANDA, 4, 3, shuffle_propaganda)
    return state


def _check_piles(cards: np.ndarray) -> list[int]:
    """2.1: 21 distinct cards; each pile of 7 has one Propaganda card, among its bottom 3."""
    assert len(set(cards.tolist())) == 21
    order = []
    for p in range(3):
        pile = cards[7 * p:7 * p + 7].tolist()
        props = [c for c in pile if c in PROPAGANDA]
        assert len(props) == 1 and pile.index(props[0]) >= 4, pile
        assert all(1 <= c <= EVENTS for c in pile if c not in PROPAGANDA)
        order.append(props[0])
    return order


@pytest.mark.parametrize("shuffle_propaganda", [False, True])
def test_2_1_deck_is_three_piles_with_a_propaganda_card_in_each_bottom_three(shuffle_propaganda):
    orders = set()
    for seed in range(200):
        state = _dealt(seed, shuffle_propaganda)
        orders.add(tuple(_check_piles(state[H.DECK:H.DECK + H.DECK_SIZE])))
        assert state[H.DECK_DRAWN] == 0
    if shuffle_propaganda:           # a Propaganda card that differs (Arab Revolt's A34) may be in any pile
        assert len(orders) == 6
    else:
        assert orders == {(33, 34, 35)}


@pytest.mark.parametrize("shuffle_propaganda", [False, True])
@pytest.mark.parametrize("drawn", [0, 3, 5, 8, 13, 20])
def test_determinize_keeps_what_was_seen_and_the_piles_structure(shuffle_propaganda, drawn):
    seen_orders = set()
    for seed in range(60):
        state = _dealt(seed, shuffle_propaganda)
        state[H.DECK_DRAWN] = drawn
        before = state[H.DECK:H.DECK + drawn].copy()
        deck.determinize_deck(state, 1000 + seed, EVENTS, PROPAGANDA, 4, 3, shuffle_propaganda)
        cards = state[H.DECK:H.DECK + H.DECK_SIZE]
        assert (cards[:drawn] == before).all()
        order = _check_piles(cards)
        seen_orders.add(tuple(order))
        if not shuffle_propaganda:
            assert order == [33, 34, 35]
        assert state[H.RNG] != 1000 + seed          # the dice were reseeded and used
    if shuffle_propaganda and drawn < 4:             # no Propaganda card seen: which pile holds which is hidden
        assert len(seen_orders) == 6


def test_determinize_with_shuffled_propaganda_deals_only_unseen_propaganda_cards():
    """After the first pile's Propaganda card came up, the other two stay hidden
    between piles 2 and 3, and the seen one is never dealt again."""
    for seed in range(40):
        state = _dealt(seed, True)
        first = _check_piles(state[H.DECK:H.DECK + H.DECK_SIZE])[0]
        state[H.DECK_DRAWN] = 7
        results = set()
        for k in range(30):
            copy = state.copy()
            deck.determinize_deck(copy, k, EVENTS, PROPAGANDA, 4, 3, True)
            order = _check_piles(copy[H.DECK:H.DECK + H.DECK_SIZE])
            assert order[0] == first and first not in order[1:]
            results.add(tuple(order))
        assert len(results) == 2
