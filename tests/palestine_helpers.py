"""Shared helpers for the Palestine kernel tests."""

import numpy as np

from britishway_env.volumes.palestine import layout as L
from britishway_env.volumes.palestine import turns as T
from britishway_env.volumes.palestine.setup import setup


def new_state(seed=0):
    """A state row right after setup (2.1), before any card."""
    s = np.zeros(L.STATE_SIZE, dtype=np.int64)
    setup(s, np.int64(seed))
    return s


def new_game(seed=0, deck=None):
    """A row with the first card revealed (2.2); ``deck``: the first cards."""
    s = np.zeros(L.STATE_SIZE, dtype=np.int64)
    T.new_game(s, np.int64(seed))
    if deck is not None:
        s[L.DECK:L.DECK + len(deck)] = deck
        s[L.CARD] = deck[0]
    return s


def mask(s):
    """The legal mask of a row."""
    m = np.zeros(L.N_ACTIONS, dtype=np.int8)
    T.legal_mask(s, m)
    return m


def act(s, action):
    """Apply a legal action to a row (AssertionError naming the decision otherwise)."""
    assert mask(s)[action], (L.DECISION_NAMES[T.pending(s)], action, np.flatnonzero(mask(s)))
    T.apply(s, action)


def force(s, *faces):
    """Queue forced die faces (0-based) in the row."""
    s[L.FORCED] = len(faces)
    s[L.FORCED + 1] = 0
    s[L.FORCED + 2:L.FORCED + 2 + len(faces)] = faces


def play(game, *actions):
    """Apply each action to a Game, which must be legal (IllegalActionError otherwise)."""
    for a in actions:
        game.apply(a)


def legal(game):
    """The legal actions of a Game, as a set."""
    return set(game.legal_actions())
