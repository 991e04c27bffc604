"""The validator never rejects a real state: every visited state of random and
bot games (a dense sample: every few decisions and every state of a rare
decision kind) saves and loads to the same row, with and without its history."""

from __future__ import annotations

import json

import numpy as np

from britishway_env import Game
from britishway_env.volumes.palestine import bots
from britishway_env.volumes.palestine import layout as L
from britishway_env.volumes.palestine import turns

from statedict_fuzz import without_history

# Decision kinds a random sample would mostly miss: sub-decisions of
# Operations, events, Propaganda Rounds, refills and the end.
COMMON = {L.D_BOX, L.D_OPERATION, L.D_SPACE}


def round_trip(g, with_history: bool):
    d = json.loads(json.dumps(g.to_dict()))
    h = Game.from_dict(d if with_history else without_history(d))
    assert np.array_equal(h.state, g.state), (g.volume, g.phase, len(g.history))
    if with_history:
        assert h.history == g.history and h.history_from_seed == g.history_from_seed


def play_palestine(seed, policies, rng):
    g = Game("palestine", seed=seed)
    seen = set()
    while True:
        d = int(turns.pending(g.state))
        n = len(g.history)
        if d not in COMMON or n % 5 == 0 or g.is_terminal():
            round_trip(g, with_history=False)
            seen.add(d)
        if n % 97 == 0 or g.is_terminal():
            round_trip(g, with_history=True)
        if g.is_terminal():
            return seen
        policy = policies[0] if g.current_agent == "british" else policies[1]
        g.apply(bots.choose(g, policy, rng=rng))


def test_palestine_real_states_round_trip():
    rng = np.random.default_rng(3)
    seen = set()
    pairs = [("random", "random"), ("heuristic", "heuristic"), ("heuristic", "random"), ("random", "heuristic")]
    for seed in range(160):
        seen |= play_palestine(seed, pairs[seed % 4], rng)
    # The sample reached the Propaganda Round, events, refills and the end.
    for kind in (L.D_REFILL, L.D_PROP_DISCARD, L.D_REDEPLOY_CELL, L.D_EVENT_SPACE, L.D_EVENT_OP,
                 L.D_SA_SPACE, L.D_TRAVEL_COUNT, L.D_OVER):
        assert kind in seen, L.DECISION_NAMES[kind]


def test_palestine_mass_detention_and_travel_states_round_trip():
    """The British choosing Mass Detention's Cells (4.2.3, P-5) and Cells that
    arrived mid-Travel (3.3.2, P-9) are rare: seek them out."""
    rng = np.random.default_rng(5)
    found = {"mass detention": 0, "travel": 0}
    seed = 0
    while min(found.values()) < 3:
        g = Game("palestine", seed=seed)
        while not g.is_terminal():
            s = g.state
            if s[L.DECISION] == L.D_MASS_DETENTION:
                round_trip(g, with_history=False)
                found["mass detention"] += 1
            elif s[L.OP] == L.OP_TRAVEL and s[L.MOVED_ACTIVE:L.MOVED_ACTIVE + L.N_MAP_SPACES].any():
                round_trip(g, with_history=False)
                found["travel"] += 1
            g.apply(int(rng.choice(g.legal_actions())))
        seed += 1
        assert seed < 2000, found


def test_solo1948_real_states_round_trip():
    rng = np.random.default_rng(4)
    for seed in range(150):
        g = Game("solo1948", seed=seed)
        while True:
            round_trip(g, with_history=False)
            if len(g.history) % 40 == 0 or g.is_terminal():
                round_trip(g, with_history=True)
            if g.is_terminal():
                break
            g.apply(int(rng.choice(g.legal_actions())))
