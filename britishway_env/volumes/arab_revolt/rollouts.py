# Generated from engine/coin/templates/rollouts.py.tmpl by `python -m britishway_env.engine.coin.generate`; do not edit by hand.
"""Batch rollouts of Arab Revolt with a policy per seat: one row per game
(engine/coin/rollouts.py holds the frame and names the columns).

    from britishway_env import rollouts
    df = rollouts.run("arab_revolt", 10_000, seed=0, policies={"british": "heuristic", "rebels": "random"})

Random play in both seats runs :mod:`.playout` (the scripted bots are not
compiled for it); any scripted seat runs :mod:`.batch`; a trained network or
the search bot in a seat runs :mod:`.search` (the networks' forward pass in the
kernel, engine/nn.py). ``learned_games`` (the vector env's lock-step NumPy
batches, ``envs/vector.play_policies``) is what networks played before, kept
as the peer of benchmarks/bench_search.py.
"""

from __future__ import annotations

from ...engine.coin.rollouts import CoinRollouts
from ...envs.vector import play_policies
from ...search import agent_games
from . import layout as L
from .batch import play_games
from .bots import POLICY_NAMES
from .playout import FAILURES, play_random_games

ROLLOUTS = CoinRollouts(volume="arab_revolt", module=__name__, seats=L.FACTION_NAMES, prefix="A",
                        policies=POLICY_NAMES, random_games=play_random_games, policy_games=play_games,
                        failures=FAILURES, learned_games=play_policies, agent_games=agent_games)
COLUMNS = ROLLOUTS.columns
play = ROLLOUTS.play
event_names = ROLLOUTS.event_names
table = ROLLOUTS.table
run = ROLLOUTS.run
