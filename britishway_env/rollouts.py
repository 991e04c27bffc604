"""Batch rollouts for every volume, and their summary statistics.

    from britishway_env import rollouts
    df = rollouts.run(volume, games=100_000, seed=0, policy="heuristic")
    print(rollouts.summarize(df))

A volume of several seats takes a policy per seat, ``policies={seat: name}``
(seats left out play ``policy``). What a volume's rows hold, its policies and
the module that plays its games come from its spec (britishway_env/registry.py).
"""

from __future__ import annotations

import json
import os
from typing import Mapping

import numpy as np
import pandas as pd

from .engine.spec import VolumeSpec
from .engine.statedict import as_integer, check_seed, show
from .engine.stats import wilson_interval
from .errors import UnknownPolicyError, UnknownVolumeError
from .io import atomic_path, check_output_path
from .registry import is_volume, spec, specs, volume_names


def volume_spec(volume: str) -> VolumeSpec:
    """The spec of ``volume``, or :class:`UnknownVolumeError` naming the volumes with rollouts."""
    if not is_volume(volume):
        raise UnknownVolumeError(
            f"no rollouts for volume {volume!r}; available: {', '.join(sorted(volume_names()))}")
    return spec(volume)


def volume_module(volume: str):
    """The module that plays ``volume``'s runs (its spec's ``runner``)."""
    return volume_spec(volume).runner_module


def seats(volume: str) -> tuple[str, ...] | None:
    """The seats of a volume of several seats (None for a one-player volume)."""
    found = volume_spec(volume)
    return found.agents if found.several_seats else None


def check_policy_name(found: VolumeSpec, name, seat: str | None = None) -> str:
    """``name`` if it is one of the volume's built-in policies, or (volumes
    with a vector env) ``trained`` or a policy file that loads for the volume."""
    if found.vector is not None and isinstance(name, str):
        from agents.trained import is_learned, load_network

        if is_learned(name):
            load_network(name, found.name, seat)       # UnknownPolicyError naming what is wrong
            return name
    if not isinstance(name, str) or name not in found.policies:
        extra = ", 'trained' or a policy file (.npz)" if found.vector is not None else ""
        raise UnknownPolicyError(f"unknown policy {name!r} for {found.name}: use one of "
                                 f"{', '.join(found.policies)}{extra}")
    return name


def resolve_policies(volume: str, policy: str | None = None,
                     policies: Mapping[str, str] | None = None) -> dict[str, str]:
    """Policy per seat, in seat order: ``policies`` names seats, the others get
    ``policy`` (the volume's default policy when None)."""
    found = volume_spec(volume)
    default = policy if policy is not None else found.default_policy
    per_seat = {seat: default for seat in found.agents}
    if policies is not None and not isinstance(policies, Mapping):
        raise UnknownPolicyError(f"policies must map seats to policy names, got {show(policies)}")
    for seat, name in dict(policies or {}).items():
        if seat not in found.agents:
            raise UnknownPolicyError(f"unknown seat {seat!r} for {found.name}: seats are {', '.join(found.agents)}")
        per_seat[seat] = name
    for seat, name in per_seat.items():
        check_policy_name(found, name, seat)
    return per_seat


def parse_policies(volume: str, text: str) -> dict[str, str]:
    """``"seat=policy,seat=policy"`` (or one name for every seat) -> policy per seat."""
    found = volume_spec(volume)
    if "=" not in text:
        return resolve_policies(volume, text.strip())
    pairs = {}
    for item in text.split(","):
        seat, sep, name = item.partition("=")
        if not sep or not seat.strip() or not name.strip():
            raise UnknownPolicyError(f"cannot read policy {item!r}: write seat=policy, e.g. {policy_example(found)}")
        seat = seat.strip()
        if seat in pairs:
            raise UnknownPolicyError(f"seat {seat!r} is named twice in {text!r}: give each seat one policy")
        pairs[seat] = name.strip()
    return resolve_policies(volume, None, pairs)


def policy_example(found: VolumeSpec) -> str:
    """'seat=policy,...' with the volume's seats and policies, for help and messages."""
    names = found.policies[::-1]
    return ",".join(f"{seat}={names[i % len(names)]}" for i, seat in enumerate(found.agents))


def check_policies(volume: str, policy: str | None = None, policies: dict | None = None):
    """Validate the policy arguments of :func:`run` without playing; returns
    the policy (one seat) or the policy per seat."""
    found = volume_spec(volume)
    if not found.several_seats:
        if policies is not None:
            raise UnknownPolicyError(f"{volume} has one player: give policy=..., not policies=...")
        policy = policy if policy is not None else found.default_policy
        found.runner_module.check_policy(policy)
        return policy
    return resolve_policies(volume, policy, policies)


def compiled_use(volume: str, policy: str | None = None, policies: Mapping[str, str] | None = None,
                 **_run_options) -> str:
    """Which of the volume's kernels a run with these (checked) policies
    compiles: "rollouts" (random play in every seat, or a one-player volume's
    built-in policy), "batch" (a scripted seat), "vector" (a trained network in
    a seat: the vector env steps the games) or "policy" (a Python policy
    steps the games)."""
    found = volume_spec(volume)
    if not found.several_seats:
        return "rollouts" if policy in found.policies else "policy"
    from agents.trained import is_learned

    if any(is_learned(name) for name in (policies or {}).values()):
        return "vector"
    scripted = any(name != "random" for name in (policies or {}).values())
    return "batch" if scripted and any(k.use == "batch" for k in found.kernels) else "rollouts"


BACKENDS = ("local", "ray")
# Rows are held in memory until the run ends; a larger run is several runs
# with different base seeds (their games are independent).
MAX_GAMES = {found.name: found.max_games for found in specs()}
OUT_SUFFIXES = (".parquet", ".csv")


def backend_volumes(backend: str) -> tuple[str, ...]:
    """The volumes whose runs may use ``backend``."""
    return tuple(found.name for found in specs() if backend in found.backends)


def check_run(volume: str, games, seed) -> tuple[int, int]:
    """Validate the size and base seed of a run before anything is played;
    returns them as ints. Seeds are 0 .. 2**63 - 1."""
    found = volume_spec(volume)
    games = _strict_int(games, "games")
    seed = _strict_int(seed, "seed")
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    limit = found.max_games
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
    file renamed into place when complete). In a CSV, list columns (a list
    per game) are JSON arrays."""
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

    One-player volumes take ``policy`` (the volume's default policy when
    None). Volumes of several seats take ``policies`` ({seat: policy name});
    seats it leaves out play ``policy``. ``backend="ray"`` (volumes whose spec
    lists it) runs the chunks as Ray tasks on a local Ray instance or the
    cluster at ``address`` (see :mod:`distributed`).
    """
    found = volume_spec(volume)
    games, seed = check_run(volume, games, seed)
    chosen = check_policies(volume, policy, policies)
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: use one of {', '.join(BACKENDS)}")
    if backend not in found.backends:
        raise ValueError(f"backend {backend!r} is available for {', '.join(backend_volumes(backend))}, "
                         f"not {volume}")
    if address is not None and backend != "ray":
        raise ValueError("address is only used with backend='ray'")
    threads = check_threads(threads)
    if threads is not None:
        import numba

        numba.set_num_threads(threads)
    where = {}
    if backend == "ray":
        from .distributed import play_on_ray

        where = {"remote": play_on_ray, "address": address}
    if found.several_seats:
        return found.runner_module.run(games, seed=seed, policies=chosen, chunk=chunk, progress=progress, **where)
    return found.runner_module.run(games, seed=seed, policy=chosen, chunk=chunk, progress=progress, **where)


def rows_spec(df: pd.DataFrame) -> VolumeSpec:
    """The volume whose rows ``df`` holds: the one whose outcome column and
    ``policy_<seat>`` columns (several seats) or ``policy`` column (one) it has."""
    for found in specs():
        policy_columns = [f"policy_{seat}" for seat in found.agents] if found.several_seats else ["policy"]
        if found.rows.outcome_column in df and all(c in df for c in policy_columns):
            return found
    raise UnknownVolumeError(f"these rows are no volume's rollout rows (columns {list(df.columns)[:12]})")


def summarize(df: pd.DataFrame) -> pd.DataFrame:
    """Count, rate and Wilson 95% interval of each way a game ends (each
    seat's victories, for a volume of several seats), and for a one-player
    volume a last row counting all its victories."""
    found = rows_spec(df)
    n = len(df)
    ended = df[found.rows.outcome_column].astype(object).to_numpy()
    rows = []

    def add(label: str, k: int) -> None:
        lo, hi = wilson_interval(k, n)
        rows.append({"outcome": label, "games": k, "rate": k / n, "ci95_low": lo, "ci95_high": hi})

    for outcome in found.rows.outcomes:
        add(outcome.label, int(np.sum(ended == outcome.value)))
    if found.rows.all_wins is not None:
        won = [o.value for o in found.rows.outcomes if o.winner in found.agents]
        add(found.rows.all_wins, int(np.isin(ended, won).sum()))
    return pd.DataFrame(rows)


def coin_spec(df: pd.DataFrame) -> VolumeSpec:
    """The spec of a COIN volume's rows (one with a balance report: campaigns, Political Will)."""
    found = rows_spec(df)
    if found.report is None:
        raise ValueError(f"{found.name} rows have no Propaganda Rounds or Political Will")
    return found


def victory_timing(df: pd.DataFrame) -> pd.DataFrame:
    """Games by the Propaganda Round that ended them (rows) and winner (columns)."""
    found = coin_spec(df)
    last = max(len(found.report.propaganda_cards), int(df["victory_round"].max()))
    t = pd.crosstab(df["victory_round"], df["winner"]).reindex(index=list(range(1, last + 1)),
                                                             columns=list(found.agents), fill_value=0)
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
