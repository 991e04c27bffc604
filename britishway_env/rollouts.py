"""Batch rollouts for every volume, and their summary statistics.

    from britishway_env import rollouts
    df = rollouts.run("solo1948", games=100_000, seed=0, policy="heuristic")
    print(rollouts.summarize(df))
"""

from __future__ import annotations

import importlib

import numpy as np
import pandas as pd

from .engine.stats import wilson_interval
from .errors import UnknownVolumeError

# volume -> module with run(games, seed, policy, chunk, progress)
ROLLOUT_MODULES = {"solo1948": "britishway_env.solo1948.rollouts"}


def volume_module(volume: str):
    try:
        return importlib.import_module(ROLLOUT_MODULES[volume])
    except KeyError:
        raise UnknownVolumeError(
            f"no rollouts for volume {volume!r}; available: {', '.join(sorted(ROLLOUT_MODULES))}"
        ) from None


def run(volume: str, games: int, seed: int = 0, policy: str = "random",
        threads: int | None = None, chunk: int | None = None, progress=None) -> pd.DataFrame:
    """One row per game. Same seed, same rows, whatever ``threads`` is."""
    module = volume_module(volume)
    module.check_policy(policy)
    if threads is not None:
        import numba

        if not 1 <= threads <= numba.config.NUMBA_NUM_THREADS:
            raise ValueError(f"threads must be in 1..{numba.config.NUMBA_NUM_THREADS}, got {threads}")
        numba.set_num_threads(threads)
    return module.run(games, seed=seed, policy=policy, chunk=chunk, progress=progress)


def summarize(df: pd.DataFrame) -> pd.DataFrame:
    """Count, rate and Wilson 95% interval of each outcome, plus all wins."""
    n = len(df)
    rows = []
    counts = df["outcome"].value_counts()
    for outcome in df["outcome"].cat.categories if hasattr(df["outcome"], "cat") else counts.index:
        if outcome == "ongoing":
            continue
        k = int(counts.get(outcome, 0))
        lo, hi = wilson_interval(k, n)
        rows.append({"outcome": outcome, "games": k, "rate": k / n, "ci95_low": lo, "ci95_high": hi})
    if "israeli_win" in df:
        k = int(np.sum(df["israeli_win"]))
        lo, hi = wilson_interval(k, n)
        rows.append({"outcome": "all victories", "games": k, "rate": k / n, "ci95_low": lo, "ci95_high": hi})
    return pd.DataFrame(rows)
