"""Batch rollouts of the 1948 solo game: many games, one results table.

:data:`ROLLOUTS` is what ``britishway_env.rollouts`` plays a run with (a range
of games at a time, in chunks); :func:`victory_violations` checks rows
against the solo rules' victory conditions (``Rows.check`` of the spec).
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import pandas as pd

from ..errors import IllegalActionError, UnknownPolicyError
from . import batch
from . import layout as L
from .cards import FRONT_NAMES
from .observation import OBS_SIZE
from .policies import POLICY_NAMES
from .spec import PLAYER, WINNERS

BUILTIN_POLICIES = POLICY_NAMES
ProgressFn = Callable[[int], None]


def _table(seed: int, results: np.ndarray, policy: str, games: np.ndarray | None = None) -> pd.DataFrame:
    from ..engine.coin.rollouts import seeds_of

    n = results.shape[0]
    games = np.arange(n, dtype=np.int64) if games is None else np.asarray(games, dtype=np.int64)
    outcome = results[:, batch.R_OUTCOME]
    frame = {
        "game": games.copy(),
        "seed": seeds_of(seed, games),
        "policy": policy,
        "outcome": pd.Categorical.from_codes(outcome, categories=list(L.OUTCOME_NAMES)),
        "israeli_win": (outcome == L.DECISIVE_VICTORY) | (outcome == L.ATTRITION_VICTORY),
        "turns": results[:, batch.R_TURNS],
        "decisions": results[:, batch.R_DECISIONS],
    }
    for f, name in enumerate(FRONT_NAMES):
        frame[f"arab_tokens_{name.lower()}"] = results[:, batch.R_ARAB_TT + f]
    frame["israeli_units_left"] = results[:, batch.R_ISRAELI_UNITS]
    frame["arab_units_left"] = results[:, batch.R_ARAB_UNITS]
    frame["israeli_cards_drawn"] = results[:, batch.R_ISRAELI_DRAWN]
    frame["arab_cards_drawn"] = results[:, batch.R_ARAB_DRAWN]
    return pd.DataFrame(frame)


def _chunks(games: int, chunk: int | None):
    size = chunk or chunk_size(games, BUILTIN_POLICIES[0])
    for start in range(0, games, size):
        yield start, min(size, games - start)


def chunk_size(games: int, policy: str) -> int:
    """Games per chunk: a built-in policy plays whole games in the kernels; a
    Python policy steps lock-step batches of 4096."""
    return max(1000, min(50_000, games // 40 or 1)) if policy in BUILTIN_POLICIES else 4096


def play_builtin(games: int, seed: int, policy: str, chunk: int | None = None,
                 progress: ProgressFn | None = None) -> np.ndarray:
    """Result rows of ``games`` games of an in-kernel policy (all numba threads)."""
    out = np.zeros((games, batch.N_RESULT_COLUMNS), dtype=np.int64)
    for start, n in _chunks(games, chunk):
        out[start:start + n] = play_range(seed, start, n, policy)
        if progress:
            progress(n)
    return out


def play_range(seed: int, start: int, n: int, policy: str) -> np.ndarray:
    """Result rows of games ``start .. start + n - 1`` of the run with base ``seed``."""
    out = np.zeros((n, batch.N_RESULT_COLUMNS), dtype=np.int64)
    if policy in BUILTIN_POLICIES:
        batch.play_games(np.int64(seed), np.int64(start), np.int64(n), np.int64(BUILTIN_POLICIES.index(policy)), out)
    else:
        from agents.trained import load_network  # NumPy weights; nothing unpickled, no torch; read once

        network = load_network(policy, "solo1948")
        _play_range_with(lambda obs, masks: network.act(obs, masks, deterministic=True), seed, start, n, out)
    return out


def play_with(act: Callable[[np.ndarray, np.ndarray], np.ndarray], games: int, seed: int,
              chunk: int | None = None, progress: ProgressFn | None = None) -> np.ndarray:
    """Result rows of games played by a Python policy, in lock-step batches.

    ``act(observations, masks)`` returns one action per row; the numba
    kernels step every unfinished game of the batch in parallel between calls.
    """
    out = np.zeros((games, batch.N_RESULT_COLUMNS), dtype=np.int64)
    for start, n in _chunks(games, chunk or 4096):
        _play_range_with(act, seed, start, n, out[start:start + n])
        if progress:
            progress(n)
    return out


def _play_range_with(act, seed: int, start: int, n: int, out: np.ndarray) -> None:
    """Games ``start .. start + n - 1`` stepped by ``act`` in one lock-step batch, into ``out``."""
    states = np.zeros((n, L.STATE_SIZE), dtype=np.int64)
    batch.reset_batch(states, batch.game_seeds(np.int64(seed), np.int64(start), np.int64(n)))
    obs = np.zeros((n, OBS_SIZE), dtype=np.float32)
    masks = np.zeros((n, L.N_ACTIONS), dtype=np.int8)
    active = np.zeros(n, dtype=np.bool_)
    decisions = np.zeros(n, dtype=np.int64)
    while True:
        batch.observe_batch(states, obs, masks, active)
        if not active.any():
            break
        actions = np.zeros(n, dtype=np.int64)
        idx = np.flatnonzero(active)
        actions[idx] = act(obs[idx], masks[idx].astype(bool))
        if not masks[idx, actions[idx]].all():
            bad = idx[masks[idx, actions[idx]] == 0][0]
            raise IllegalActionError(f"policy chose illegal action {actions[bad]} in game {start + bad}")
        batch.apply_batch(states, actions, active, decisions)
    batch.record_batch(states, decisions, out)


def run(games: int, seed: int = 0, policy: str = "random", chunk: int | None = None,
        progress: ProgressFn | None = None) -> pd.DataFrame:
    """Play ``games`` games; ``policy`` is 'random', 'heuristic', 'ppo' or a policy file (.npz)."""
    check_policy(policy)
    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    if policy in BUILTIN_POLICIES:
        results = play_builtin(games, seed, policy, chunk, progress)
    else:
        from agents.trained import load_policy  # NumPy weights; nothing unpickled, no torch

        act = load_policy(policy, volume="solo1948")
        results = play_with(act, games, seed, chunk, progress)
    return _table(seed, results, policy)


def check_policy(policy: str) -> None:
    """A built-in policy name, 'ppo' or a policy file that loads (fully validated)."""
    from pathlib import Path

    if not isinstance(policy, str):
        raise UnknownPolicyError(f"a policy is a name or a file path, got {policy!r}")
    if policy in BUILTIN_POLICIES:
        return
    if policy != "ppo" and not Path(policy).exists():      # what is there is checked by policy_file.load
        raise UnknownPolicyError(
            f"unknown policy {policy!r}: use one of {', '.join(BUILTIN_POLICIES)}, "
            "'ppo' (the shipped policy) or a policy file (.npz)"
        )
    from agents.trained import load_policy

    load_policy(policy, volume="solo1948")


def victory_violations(df: pd.DataFrame, found):
    """Rows that break the solo rules' victory conditions (Victory Conditions,
    End Phase; decisions S13-S17 in docs/rules_decisions.md): the ``(mask,
    what)`` pairs ``report.check_rows`` reads (``Rows.check`` of the spec).

    The End Phase checks a Complete Loss (the Arabs hold all 6 TT of a front)
    first, then a Decisive Victory (all three battles won in two turns in a
    row; turn 1 has no battle, so not before turn 3), then an Attrition
    Victory (Arab deck drawn out and no Arab unit on the map); the turn limit
    ends a game only at turn ``MAX_TURNS``. A row names its outcome, the TT
    per front, the units left on the map and the cards drawn, which is what
    these checks read.
    """
    from .cards import ARAB_DECK_SIZE, ISRAELI_DECK_SIZE, TOKENS_PER_FRONT

    n = len(df)
    outcome = df["outcome"].astype(object).to_numpy()
    known = np.isin(outcome, list(L.OUTCOME_NAMES[1:]))
    yield ~known, f"column 'outcome' must be one of {', '.join(L.OUTCOME_NAMES[1:])}"
    ints = {}
    for column, low, high in ([(f"arab_tokens_{name.lower()}", 0, TOKENS_PER_FRONT) for name in FRONT_NAMES]
                              + [("turns", 1, L.MAX_TURNS), ("decisions", 0, np.iinfo(np.int64).max),
                                 ("israeli_cards_drawn", 0, ISRAELI_DECK_SIZE), ("arab_cards_drawn", 0, ARAB_DECK_SIZE),
                                 ("israeli_units_left", 0, ISRAELI_DECK_SIZE), ("arab_units_left", 0, ARAB_DECK_SIZE)]):
        values = pd.to_numeric(df[column], errors="coerce").to_numpy(dtype=float)
        bad = ~np.isfinite(values) | (values != np.round(values)) | (values < low) | (values > high)
        yield bad, f"column {column!r} must hold whole numbers in {low}..{high}"
        ints[column] = np.where(bad, low, values).astype(np.int64)
    won = np.isin(outcome, [name for name, winner in WINNERS.items() if winner == PLAYER])
    flag = df["israeli_win"].astype(object).to_numpy()
    yield ~np.isin(flag, [True, False]) | (flag.astype(bool) != won), \
        "column 'israeli_win' must say whether the outcome is a decisive or attrition victory"
    yield ints["israeli_units_left"] > ints["israeli_cards_drawn"], \
        "more Israeli units on the map than Israeli cards drawn"
    yield ints["arab_units_left"] > ints["arab_cards_drawn"], "more Arab units on the map than Arab cards drawn"
    full_front = np.zeros(n, dtype=bool)
    for name in FRONT_NAMES:
        full_front |= ints[f"arab_tokens_{name.lower()}"] == TOKENS_PER_FRONT
    no_arab_cards = (ints["arab_cards_drawn"] == ARAB_DECK_SIZE) & (ints["arab_units_left"] == 0)
    yield (outcome == "complete_loss") & ~full_front, \
        f"a Complete Loss with no front where the Arabs hold all {TOKENS_PER_FRONT} TT"
    yield known & (outcome != "complete_loss") & full_front, \
        f"the Arabs hold all {TOKENS_PER_FRONT} TT of a front, which the End Phase scores as a Complete Loss " \
        "before any victory (S15)"
    yield (outcome == "attrition_victory") & ~no_arab_cards, \
        "an Attrition Victory while the Arabs still have unit cards (deck not drawn out or units on the map, S14)"
    yield np.isin(outcome, ["turn_limit"]) & no_arab_cards & ~full_front, \
        "the Arabs have no unit cards left, which the End Phase scores as an Attrition Victory (S14, S15)"
    yield (outcome == "decisive_victory") & (ints["turns"] < 3), \
        "a Decisive Victory before turn 3: turn 1 has no battle and it takes two turns of battles won (S13)"
    yield (outcome == "turn_limit") & (ints["turns"] != L.MAX_TURNS), \
        f"the turn limit ends a game only at turn {L.MAX_TURNS} (S17)"


class SoloRollouts:
    """The solo deck's runs as ``britishway_env.rollouts`` plays them: the same
    interface as ``engine.coin.rollouts.CoinRollouts`` (a range of games at a
    time, the table of any games), with one policy name for the one seat."""

    def chunk_size(self, games: int, policy: str) -> int:
        return chunk_size(games, policy)

    def play_range(self, seed: int, start: int, n: int, policy: str) -> np.ndarray:
        return play_range(seed, start, n, policy)

    def table(self, seed: int, results: np.ndarray, policy: str, games: np.ndarray | None = None) -> pd.DataFrame:
        return _table(seed, results, policy, games)


ROLLOUTS = SoloRollouts()
