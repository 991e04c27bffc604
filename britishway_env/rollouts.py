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

import numpy as np
import pandas as pd

from .engine.stats import wilson_interval
from .errors import UnknownPolicyError, UnknownVolumeError

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
    chosen = check_policies(volume, policy, policies)
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: use one of {', '.join(BACKENDS)}")
    if backend != "local" and not isinstance(chosen, dict):
        raise ValueError(f"backend {backend!r} is available for palestine, not {volume}")
    if address is not None and backend != "ray":
        raise ValueError("address is only used with backend='ray'")
    if threads is not None:
        import numba

        if not 1 <= threads <= numba.config.NUMBA_NUM_THREADS:
            raise ValueError(f"threads must be in 1..{numba.config.NUMBA_NUM_THREADS}, got {threads}")
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
