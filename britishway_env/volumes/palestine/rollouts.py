"""Batch rollouts of Palestine with a policy per seat: one row per game.

    from britishway_env import rollouts
    df = rollouts.run("palestine", 10_000, seed=0, policies={"british": "heuristic", "irgun": "random"})

Columns: ``seed`` (the game's own seed), ``game``, ``winner``
("british"/"irgun"), ``final_political_will``, ``political_will_after_round``
(after each Political Will Phase, 6.1), ``victory_round`` (the Propaganda
Round that ended the game, 7.0), ``cards`` (card numbers in the order
revealed), ``events`` ("P<card>:<unshaded|shaded>:<faction>" in order),
``decisions``, ``policy_british``, ``policy_irgun``.
"""

from __future__ import annotations

from typing import Callable, Mapping

import numpy as np
import pandas as pd

from ...errors import UnknownPolicyError
from . import batch
from . import layout as L
from .bots import POLICY_NAMES

SEATS = L.FACTION_NAMES          # ("british", "irgun")
ProgressFn = Callable[[int], None]
COLUMNS = ("seed", "game", "winner", "final_political_will", "political_will_after_round", "victory_round",
           "cards", "events", "decisions", "policy_british", "policy_irgun")
SIDE_NAMES = ("unshaded", "shaded")


def per_seat(policies: Mapping[str, str] | None) -> dict[str, str]:
    """The policy of each seat, a seat left out playing random (the names are
    checked by ``britishway_env.rollouts``; here only that each is a bot's)."""
    chosen = {seat: "random" for seat in SEATS}
    chosen.update(policies or {})
    if set(chosen) != set(SEATS) or any(name not in POLICY_NAMES for name in chosen.values()):
        raise UnknownPolicyError(f"palestine policies are one of {', '.join(POLICY_NAMES)} for each seat "
                                 f"({', '.join(SEATS)}), got {dict(policies or {})!r}")
    return chosen


def policy_codes(policies: Mapping[str, str] | None) -> tuple[int, int]:
    """(British, Irgun) ``POLICY_*`` codes of :func:`per_seat`."""
    chosen = per_seat(policies)
    return POLICY_NAMES.index(chosen["british"]), POLICY_NAMES.index(chosen["irgun"])


def _chunks(games: int, chunk: int | None):
    size = chunk or max(500, min(20_000, games // 40 or 1))
    for start in range(0, games, size):
        yield start, min(size, games - start)


def play(games: int, seed: int, policies: Mapping[str, str], chunk: int | None = None,
         progress: ProgressFn | None = None, check_every_step: bool = False) -> np.ndarray:
    """Result rows (``batch.R_*`` columns) of ``games`` compiled games, all numba threads.

    ``check_every_step`` also checks every invariant after every decision
    (``invariants.check``). A game that breaks one, or a policy that picks an
    action the mask does not offer, raises ``RuntimeError`` naming the game.
    """
    out = np.zeros((games, batch.N_RESULT_COLUMNS), dtype=np.int64)
    for start, n in _chunks(games, chunk):
        out[start:start + n] = play_range(seed, start, n, policies, check_every_step)
        if progress:
            progress(n)
    return checked(out, seed)


def play_range(seed: int, start: int, n: int, policies: Mapping[str, str],
               check_every_step: bool = False) -> np.ndarray:
    """Result rows of games ``start .. start + n - 1`` of the run with base ``seed``
    (what a chunk of the local or the Ray backend plays)."""
    out = np.zeros((n, batch.N_RESULT_COLUMNS), dtype=np.int64)
    british, irgun = policy_codes(policies)
    batch.play_games(np.int64(seed), np.int64(start), np.int64(n), np.int64(british), np.int64(irgun),
                     bool(check_every_step), out)
    return out


def checked(out: np.ndarray, seed: int) -> np.ndarray:
    """Raise on the first game that broke an invariant or met an illegal policy action."""
    bad = np.flatnonzero(out[:, batch.R_VIOLATION])
    if len(bad):
        g = int(bad[0])
        raise RuntimeError(f"palestine game {g} (seed {int(batch.game_seeds(np.int64(seed), g, 1)[0])}): "
                           f"{batch.FAILURES[out[g, batch.R_VIOLATION]]}")
    return out


def event_names(codes) -> list[str]:
    return [f"P{c // 4}:{SIDE_NAMES[(c // 2) % 2]}:{SEATS[c % 2]}" for c in codes]


def table(seed: int, results: np.ndarray, policies: Mapping[str, str]) -> pd.DataFrame:
    """One row per game (see the module docstring for the columns)."""
    n = results.shape[0]
    outcome = results[:, batch.R_OUTCOME]
    rounds = results[:, batch.R_ROUNDS]
    n_cards = results[:, batch.R_N_CARDS]
    n_events = results[:, batch.R_N_EVENTS]
    pw = results[:, batch.R_PW_ROUND:batch.R_PW_ROUND + batch.N_ROUNDS].tolist()
    cards = results[:, batch.R_CARDS:batch.R_CARDS + batch.DECK_SIZE].tolist()
    events = results[:, batch.R_EVENTS:batch.R_EVENTS + batch.MAX_EVENTS].tolist()
    frame = {
        "seed": batch.game_seeds(np.int64(seed), np.int64(0), np.int64(n)),
        "game": np.arange(n, dtype=np.int64),
        "winner": np.where(outcome == L.BRITISH_WIN, "british", np.where(outcome == L.IRGUN_WIN, "irgun", "none")).astype(object),
        "final_political_will": results[:, batch.R_POLITICAL_WILL].copy(),
        "political_will_after_round": [pw[i][:rounds[i]] for i in range(n)],
        "victory_round": rounds.copy(),
        "cards": [cards[i][:n_cards[i]] for i in range(n)],
        "events": [event_names(events[i][:n_events[i]]) for i in range(n)],
        "decisions": results[:, batch.R_DECISIONS].copy(),
        "policy_british": policies["british"],
        "policy_irgun": policies["irgun"],
    }
    return pd.DataFrame(frame, columns=list(COLUMNS))


def run(games: int, seed: int = 0, policies: Mapping[str, str] | None = None, chunk: int | None = None,
        progress: ProgressFn | None = None, backend: str = "local", address: str | None = None) -> pd.DataFrame:
    """Play ``games`` games; ``policies``: {"british": name, "irgun": name} (random by default).

    ``backend="ray"`` plays the same chunks as Ray tasks (``address``: an
    existing cluster; none starts a local Ray) and gives the same rows.
    """
    chosen = per_seat(policies)
    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    if backend == "ray":
        from ...distributed import play_on_ray

        results = play_on_ray(play_range, games, seed, list(_chunks(games, chunk)), batch.N_RESULT_COLUMNS,
                              address=address, progress=progress, policies=chosen)
        return table(seed, checked(results, seed), chosen)
    if backend != "local":
        raise ValueError(f"unknown backend {backend!r}: use 'local' or 'ray'")
    return table(seed, play(games, seed, chosen, chunk, progress), chosen)
