"""Batch rollouts for every volume, and their summary statistics.

    from britishway_env import rollouts
    df = rollouts.run("solo1948", games=100_000, seed=0, policy="heuristic")
    print(rollouts.summarize(df))

    # two seats: a policy per seat
    df = rollouts.run("palestine", 10_000, seed=0, policies={"british": "heuristic", "irgun": "random"})
    print(rollouts.summarize(df))
"""

from __future__ import annotations

import importlib
import json
import os

import numpy as np
import pandas as pd

from .engine.statedict import as_integer, check_seed, show
from .engine.stats import wilson_interval
from .errors import UnknownPolicyError, UnknownVolumeError
from .io import atomic_path, check_output_path

# volume -> module with run(games, seed, policy, chunk, progress); a module with
# SEATS takes run(games, seed, policies, chunk, progress) with a policy per seat.
ROLLOUT_MODULES = {
    "solo1948": "britishway_env.solo1948.rollouts",
    "palestine": "britishway_env.volumes.palestine.rollouts",
}


def volume_module(volume: str):
    try:
        return importlib.import_module(ROLLOUT_MODULES[volume])
    except KeyError:
        raise UnknownVolumeError(
            f"no rollouts for volume {volume!r}; available: {', '.join(sorted(ROLLOUT_MODULES))}"
        ) from None


def seats(volume: str) -> tuple[str, ...] | None:
    """The seats of a multi-player volume (None for the solo deck)."""
    return getattr(volume_module(volume), "SEATS", None)


def check_policies(volume: str, policy: str | None = None, policies: dict | None = None):
    """Validate the policy arguments of :func:`run` without playing; returns
    the policy (one seat) or the policy per seat."""
    module = volume_module(volume)
    if getattr(module, "SEATS", None) is None:
        if policies is not None:
            raise UnknownPolicyError(f"{volume} has one player: give policy=..., not policies=...")
        policy = policy if policy is not None else "random"
        module.check_policy(policy)
        return policy
    return module.resolve_policies(policy, policies)


BACKENDS = ("local", "ray")
# Rows are held in memory until the run ends (peak about 2.4 KB per Palestine
# game and 0.12 KB per solo game); a larger run is several runs with different
# base seeds (their games are independent).
MAX_GAMES = {"solo1948": 20_000_000, "palestine": 2_000_000}
OUT_SUFFIXES = (".parquet", ".csv")


def check_run(volume: str, games, seed) -> tuple[int, int]:
    """Validate the size and base seed of a run before anything is played;
    returns them as ints. Seeds are 0 .. 2**63 - 1."""
    module = volume_module(volume)  # noqa: F841 - unknown volumes fail here
    games = _strict_int(games, "games")
    seed = _strict_int(seed, "seed")
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    limit = MAX_GAMES.get(volume, min(MAX_GAMES.values()))
    if games > limit:
        raise ValueError(f"at most {limit:,} {volume} games per run (every row is held in memory); "
                         f"split a larger run into runs with different seeds and concatenate their rows")
    return games, check_seed(seed)


def _strict_int(value, name: str) -> int:
    n = as_integer(value)
    if n is None:
        raise ValueError(f"{name} must be an integer, got {show(value)}")
    return n


def check_threads(threads) -> int | None:
    """``threads`` as an int in 1..NUMBA_NUM_THREADS (None: all)."""
    if threads is None:
        return None
    import numba

    threads = _strict_int(threads, "threads")
    if not 1 <= threads <= numba.config.NUMBA_NUM_THREADS:
        raise ValueError(f"threads must be in 1..{numba.config.NUMBA_NUM_THREADS} (this machine's numba threads), "
                         f"got {threads}")
    return threads


def check_out(path: str | os.PathLike):
    """Validate a rows destination before a run: .parquet or .csv, folder
    created and writable (see :func:`io.check_output_path`)."""
    return check_output_path(path, OUT_SUFFIXES, what="--out file")


def write_rows(df: pd.DataFrame, path: str | os.PathLike):
    """Write rollout rows to ``.parquet`` or ``.csv`` atomically (a temporary
    file renamed into place when complete). In a CSV, list columns (cards,
    events, political_will_after_round) are JSON arrays."""
    path = check_out(path)
    with atomic_path(path) as tmp:
        if path.suffix.lower() == ".csv":
            _json_lists(df).to_csv(tmp, index=False)
        else:
            df.to_parquet(tmp, index=False)
    return path


def _json_lists(df: pd.DataFrame) -> pd.DataFrame:
    out = df.copy(deep=False)
    for col in df.columns:
        if df[col].dtype == object and len(df) and isinstance(df[col].iloc[0], (list, tuple, np.ndarray)):
            out[col] = [json.dumps([v.item() if hasattr(v, "item") else v for v in x]) for x in df[col]]
    return out


def run(volume: str, games: int, seed: int = 0, policy: str | None = None,
        threads: int | None = None, chunk: int | None = None, progress=None,
        policies: dict[str, str] | None = None, backend: str = "local",
        address: str | None = None) -> pd.DataFrame:
    """One row per game. Same seed, same rows, whatever ``threads``, chunking or backend.

    One-player volumes take ``policy`` ("random" by default). Two-seat
    volumes take ``policies`` ({"british": "heuristic", "irgun": "random"});
    seats it leaves out play ``policy`` ("random" by default).
    ``backend="ray"`` (two-seat volumes) runs the chunks as Ray tasks on a
    local Ray instance or the cluster at ``address`` (see :mod:`distributed`).
    """
    module = volume_module(volume)
    games, seed = check_run(volume, games, seed)
    chosen = check_policies(volume, policy, policies)
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: use one of {', '.join(BACKENDS)}")
    if backend != "local" and not isinstance(chosen, dict):
        raise ValueError(f"backend {backend!r} is available for palestine, not {volume}")
    if address is not None and backend != "ray":
        raise ValueError("address is only used with backend='ray'")
    threads = check_threads(threads)
    if threads is not None:
        import numba

        numba.set_num_threads(threads)
    if isinstance(chosen, dict):
        return module.run(games, seed=seed, policies=chosen, chunk=chunk, progress=progress,
                          backend=backend, address=address)
    return module.run(games, seed=seed, policy=chosen, chunk=chunk, progress=progress)


def summarize(df: pd.DataFrame) -> pd.DataFrame:
    """Count, rate and Wilson 95% interval of each outcome: the solo deck's
    outcomes plus all wins; for two-seat volumes each seat's victories."""
    n = len(df)
    rows = []
    if "winner" in df:
        for seat in _seats_of(df):
            k = int((df["winner"] == seat).sum())
            lo, hi = wilson_interval(k, n)
            rows.append({"outcome": f"{seat} victory", "games": k, "rate": k / n, "ci95_low": lo, "ci95_high": hi})
        return pd.DataFrame(rows)
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


def _seats_of(df: pd.DataFrame) -> list[str]:
    """Seats of a two-seat table, from its ``policy_<seat>`` columns."""
    return [c[len("policy_"):] for c in df.columns if c.startswith("policy_")]


def victory_timing(df: pd.DataFrame) -> pd.DataFrame:
    """Games by the Propaganda Round that ended them (rows) and winner (columns)."""
    rounds = list(range(1, max(3, int(df["victory_round"].max())) + 1))
    t = pd.crosstab(df["victory_round"], df["winner"]).reindex(index=rounds, columns=_seats_of(df), fill_value=0)
    t.index.name = "victory_round"
    t.columns.name = None
    return t


def political_will_summary(df: pd.DataFrame) -> pd.DataFrame:
    """Political Will after each Propaganda Round's Political Will Phase (over
    the games that reached it) and at the end: games, mean and quartiles."""
    pw = df["political_will_after_round"]
    rows = []
    for r in range(max((len(p) for p in pw), default=0)):
        rows.append(_describe(f"after round {r + 1}", np.array([p[r] for p in pw if len(p) > r], dtype=float)))
    rows.append(_describe("final", df["final_political_will"].to_numpy(dtype=float)))
    return pd.DataFrame(rows)


def _describe(name: str, vals: np.ndarray) -> dict:
    q = np.percentile(vals, [0, 25, 50, 75, 100]) if len(vals) else [np.nan] * 5
    return {"political_will": name, "games": len(vals), "mean": float(vals.mean()) if len(vals) else np.nan,
            "min": q[0], "p25": q[1], "median": q[2], "p75": q[3], "max": q[4]}
