"""Batch rollouts of the 1948 solo game: many games, one results table."""

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

BUILTIN_POLICIES = POLICY_NAMES
ProgressFn = Callable[[int], None]


def _table(seed: int, results: np.ndarray, policy: str) -> pd.DataFrame:
    n = results.shape[0]
    outcome = results[:, batch.R_OUTCOME]
    frame = {
        "game": np.arange(n, dtype=np.int64),
        "seed": batch.game_seeds(np.int64(seed), 0, n),
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
    size = chunk or max(1000, min(50_000, games // 40 or 1))
    for start in range(0, games, size):
        yield start, min(size, games - start)


def play_builtin(games: int, seed: int, policy: str, chunk: int | None = None,
                 progress: ProgressFn | None = None) -> np.ndarray:
    """Result rows of ``games`` games of an in-kernel policy (all numba threads)."""
    code = BUILTIN_POLICIES.index(policy)
    out = np.zeros((games, batch.N_RESULT_COLUMNS), dtype=np.int64)
    for start, n in _chunks(games, chunk):
        batch.play_games(np.int64(seed), np.int64(start), np.int64(n), np.int64(code), out[start:start + n])
        if progress:
            progress(n)
    return out


def play_with(act: Callable[[np.ndarray, np.ndarray], np.ndarray], games: int, seed: int,
              chunk: int | None = None, progress: ProgressFn | None = None) -> np.ndarray:
    """Result rows of games played by a Python policy, in lock-step batches.

    ``act(observations, masks)`` returns one action per row; the numba
    kernels step every unfinished game of the batch in parallel between calls.
    """
    out = np.zeros((games, batch.N_RESULT_COLUMNS), dtype=np.int64)
    for start, n in _chunks(games, chunk or 4096):
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
        batch.record_batch(states, decisions, out[start:start + n])
        if progress:
            progress(n)
    return out


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
