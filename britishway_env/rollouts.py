"""Batch rollouts for every volume, and their summary statistics.

    from britishway_env import rollouts
    df = rollouts.run(volume, games=100_000, seed=0, policy="heuristic")
    print(rollouts.summarize(df))

A volume of several seats takes a policy per seat, ``policies={seat: name}``
(seats left out play ``policy``). What a volume's rows hold, its policies and
the module that plays its games come from its spec (britishway_env/registry.py).

A run is played in chunks (threads or Ray tasks), each kept as soon as it is
finished: :func:`run_to_file` keeps an interrupted run's finished games and
resumes it. :func:`write_rows` stores the rows with their provenance and the
SHA-256 of their values; :func:`read_rows` checks them against it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from .engine.spec import VolumeSpec
from .engine.statedict import as_integer, check_seed, show
from .engine.stats import wilson_interval
from .engine.threads import numba_threads
from .errors import BritishWayError, RowsFileError, UnknownPolicyError, UnknownVolumeError
from .io import atomic_path, atomic_write_text, check_output_path, deferred_signals
from .provenance import RowsHash, column_kind, manifest, rows_hash
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
    with a vector env) ``trained``, a policy file that loads for the volume,
    the search or ``league`` (the seat's league file loads: britishway_env/league.py)."""
    if found.vector is not None and isinstance(name, str):
        from agents.trained import is_learned, load_network

        from . import league, search

        if league.is_league(name):
            if seat is None:
                raise UnknownPolicyError("'league' is a mixture per seat: name the seat it plays")
            return league.check(found.name, seat)       # LeagueError naming what is wrong
        if is_learned(name):
            load_network(name, found.name, seat)       # UnknownPolicyError naming what is wrong
            return name
        if search.is_search(name):
            if search.check(found.name, name).timed:
                raise UnknownPolicyError(f"{name!r}: a time budget is not reproducible; rollouts take 'search' "
                                         "or 'search:N'")
            return name
    if not isinstance(name, str) or name not in found.policies:
        extra = ", 'trained', a policy file (.npz), 'search[:N]' or 'league'" if found.vector is not None else ""
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
    built-in policy), "batch" (a scripted seat), "search" (a trained network,
    the search bot or a league in a seat: the volume's search module plays the games) or "policy" (a Python
    policy steps the games)."""
    found = volume_spec(volume)
    if not found.several_seats:
        return "rollouts" if policy in found.policies else "policy"
    from agents.trained import is_learned

    from .league import is_league
    from .search import is_search

    if any(is_search(name) or is_learned(name) or is_league(name) for name in (policies or {}).values()):
        return "search"
    scripted = any(name != "random" for name in (policies or {}).values())
    return "batch" if scripted and any(k.use == "batch" for k in found.kernels) else "rollouts"


BACKENDS = ("local", "ray")
# Rows are held in memory until the run ends; a larger run is played in parts,
# each a range of its games (``first_game``), and reported together.
MAX_GAMES = {found.name: found.max_games for found in specs()}
MAX_GAME_NUMBER = 2**63 - 1
OUT_SUFFIXES = (".parquet", ".csv")
PROVENANCE_KEY = b"britishway"          # a Parquet rows file's schema metadata: the provenance (JSON)
SIDECAR_SUFFIX = ".meta.json"           # a CSV rows file's provenance: <file>.meta.json next to it
PARTIAL_SUFFIX = ".partial"             # an interrupted run's finished games: <out>.partial (Parquet)
ATTRS_KEY = "britishway"                # df.attrs[ATTRS_KEY]: the provenance of the run that made df
PLAYED_KEY = "britishway_played"        # df.attrs[PLAYED_KEY]: games run_to_file played (not read back)


def backend_volumes(backend: str) -> tuple[str, ...]:
    """The volumes whose runs may use ``backend``."""
    return tuple(found.name for found in specs() if backend in found.backends)


def check_run(volume: str, games, seed, first_game=0) -> tuple[int, int]:
    """Validate the size and base seed of a run (and its first game number)
    before anything is played; returns games and seed as ints. Seeds are
    0 .. 2**63 - 1; a run plays games ``first_game .. first_game + games - 1``."""
    found = volume_spec(volume)
    games = _strict_int(games, "games")
    seed = _strict_int(seed, "seed")
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    limit = found.max_games
    if games > limit:
        raise ValueError(f"at most {limit:,} {volume} games per run (every row is held in memory); "
                         f"split a larger run into parts with the same seed, each a range of its games "
                         f"(first_game=..., `--first-game`), and report the parts together")
    check_first_game(first_game, games)
    return games, check_seed(seed)


def check_first_game(first_game, games: int = 1) -> int:
    """``first_game`` as an int: the number of a run's first game, 0 .. 2**63 - 1 - games."""
    first_game = _strict_int(first_game, "first_game (--first-game)")
    if not 0 <= first_game <= MAX_GAME_NUMBER - games:
        raise ValueError(f"first_game (--first-game) must be in 0..{MAX_GAME_NUMBER - games} (game numbers are "
                         f"0..2**63-1), got {first_game}")
    return first_game


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


# ------------------------------------------------------------------ a run --

@dataclass(frozen=True)
class Plan:
    """A checked run: games ``first .. first + count - 1`` of ``volume`` from
    base ``seed``, ``chosen`` the policy (one seat) or the policy per seat."""

    volume: str
    seed: int
    first: int
    count: int
    chosen: str | dict
    backend: str = "local"
    address: str | None = None
    variant: Any = None             # a britishway_env.variants.Variant, None: the base game

    @property
    def patch(self):
        """The variant's row patch (None: the base game)."""
        return None if self.variant is None else self.variant.patch

    @property
    def spec(self) -> VolumeSpec:
        return volume_spec(self.volume)

    @property
    def runner(self):
        """The volume's ``ROLLOUTS``: ``chunk_size``, ``play_range``, ``table`` (and ``remote_range`` for Ray)."""
        return self.spec.runner_module.ROLLOUTS

    @property
    def per_seat(self) -> dict[str, str]:
        """Policy name of each seat, in seat order."""
        found = self.spec
        return dict(self.chosen) if found.several_seats else {found.agents[0]: self.chosen}

    @property
    def stop(self) -> int:
        return self.first + self.count

    def policies_record(self) -> dict[str, dict]:
        """Each seat's policy as the provenance records it: the name, and for a
        trained network the SHA-256 of its actor's weights (``provenance.weights_hash``; a value head
        the file may carry does not count: it plays no part in the games); for a league, its
        mixture (``league.record``: members, weights, each network's hash)."""
        found = self.spec
        out = {}
        for seat, name in self.per_seat.items():
            out[seat] = {"policy": name}
            from . import league, search

            if league.is_league(name):              # the seat's mixture: members, weights, networks' hashes
                out[seat]["league"] = league.record(found.name, seat)
            elif search.is_search(name):            # the search: its settings and the networks it reads
                out[seat].update(search.record(found.name, name))
            elif name not in found.policies:        # 'trained', 'ppo' or a policy file: a network
                from agents.trained import load_network

                out[seat]["weights_sha256"] = load_network(name, found.name, seat).weights_sha256
        return out

    def provenance(self, threads: int, command=None, **extra) -> dict:
        """The run's provenance (``provenance.manifest`` with the run's fields)."""
        run_fields = {"volume": self.volume, "seed": self.seed,
                      "games": {"first": self.first, "count": self.count},
                      "policies": self.policies_record(), "threads": int(threads), "backend": self.backend}
        if self.variant is not None:            # the variant played: its checked mapping and hash
            run_fields["variant"] = {**self.variant.to_dict(), "sha256": self.variant.sha256}
        run_fields.update(extra)
        return manifest(command=command, seeds={"seed": self.seed}, run=run_fields)


def plan(volume: str, games: int, seed: int = 0, policy: str | None = None, policies: dict | None = None,
         backend: str = "local", address: str | None = None, first_game: int = 0, variant=None) -> Plan:
    """Check every argument of a run (nothing is played) and return its :class:`Plan`;
    ``variant``: a variant file, mapping or ``Variant`` (britishway_env/variants.py) of a COIN volume."""
    found = volume_spec(volume)
    if variant is not None:
        from .variants import resolve

        variant = resolve(found.name, variant)
        variant = None if variant.is_base else variant
    games, seed = check_run(volume, games, seed, first_game)
    chosen = check_policies(volume, policy, policies)
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}: use one of {', '.join(BACKENDS)}")
    if backend not in found.backends:
        raise ValueError(f"backend {backend!r} is available for {', '.join(backend_volumes(backend))}, "
                         f"not {volume}")
    if address is not None and backend != "ray":
        raise ValueError("address is only used with backend='ray'")
    if backend == "ray":
        from .distributed import require_ray

        require_ray()                       # the ray extra, or how to install it
    return Plan(found.name, seed, check_first_game(first_game, games), games, chosen, backend, address, variant)


class Played:
    """The games of a run played so far: result rows by game, which games are
    done, and any rows read back from an interrupted run's partial file."""

    def __init__(self, run: Plan, before: pd.DataFrame | None = None, done_before=()):
        self.run = run
        self.results: np.ndarray | None = None
        self.done = np.zeros(run.count, dtype=bool)          # played in this process
        self.before = before                                 # rows read back (a partial file)
        self.had = np.zeros(run.count, dtype=bool)
        for a, b in done_before:
            self.had[a - run.first:b - run.first] = True

    def add(self, start: int, n: int, rows: np.ndarray) -> None:
        """Keep the result rows of games ``start .. start + n - 1`` (a finished chunk)."""
        if self.results is None:
            self.results = np.zeros((self.run.count, rows.shape[1]), dtype=np.int64)
        i = start - self.run.first
        self.results[i:i + n] = rows
        self.done[i:i + n] = True                            # last: a chunk counts once its rows are in

    @property
    def complete(self) -> np.ndarray:
        return self.done | self.had

    def new_games(self) -> int:
        return int(self.done.sum())

    def todo(self, chunk: int | None) -> list[tuple[int, int]]:
        """(start, n) chunks of the games not played yet, in game order."""
        size = chunk or self.run.runner.chunk_size(self.run.count, self.run.chosen)
        out = []
        for a, b in ranges_of(np.flatnonzero(~self.complete)):
            for start in range(a, b, size):
                out.append((self.run.first + start, min(size, b - start)))
        return out

    def frame(self) -> pd.DataFrame:
        """Rows of every game done (read back and played here), in game order."""
        idx = np.flatnonzero(self.done)
        parts = []
        if self.before is not None and len(self.before):
            parts.append(self.before)
        if len(idx):
            run = self.run
            parts.append(run.runner.table(run.seed, self.results[idx], run.chosen, games=run.first + idx))
        if len(parts) == 1:
            return parts[0].reset_index(drop=True)
        return pd.concat(parts, ignore_index=True).sort_values("game", kind="stable").reset_index(drop=True)

    def done_ranges(self) -> list[list[int]]:
        """[first, stop) game ranges of every game done."""
        return [[self.run.first + a, self.run.first + b] for a, b in ranges_of(np.flatnonzero(self.complete))]


def ranges_of(sorted_numbers: np.ndarray) -> list[tuple[int, int]]:
    """[a, b) ranges of consecutive numbers in an increasing array."""
    numbers = np.asarray(sorted_numbers, dtype=np.int64)
    if not len(numbers):
        return []
    breaks = np.flatnonzero(np.diff(numbers) != 1)
    starts = np.concatenate([[0], breaks + 1])
    ends = np.concatenate([breaks, [len(numbers) - 1]])
    return [(int(numbers[a]), int(numbers[b]) + 1) for a, b in zip(starts, ends)]


def _play(played: Played, threads: int | None, chunk: int | None, progress) -> int:
    """Play every game of ``played``'s run not done yet, chunk by chunk, each
    chunk kept as soon as it is finished; returns the numba thread count used."""
    run = played.run
    todo = played.todo(chunk)
    with numba_threads(threads) as used:
        extra = {} if run.patch is None else {"patch": run.patch}    # a variant's (COIN runners only)
        if run.backend == "ray":
            from .distributed import play_on_ray

            play_on_ray(run.runner.remote_range(), run.seed, todo, played.add, address=run.address,
                        progress=progress, policies=run.chosen, **extra)
            return 1                                  # each Ray task plays its chunk on one numba thread
        for start, n in todo:
            played.add(start, n, run.runner.play_range(run.seed, start, n, run.chosen, **extra))
            if progress:
                progress(n)
    return used


def _check_chunk(chunk) -> int | None:
    if chunk is None:
        return None
    chunk = _strict_int(chunk, "chunk")
    if chunk < 1:
        raise ValueError(f"chunk must be at least 1 game, got {chunk}")
    return chunk


def run(volume: str, games: int, seed: int = 0, policy: str | None = None,
        threads: int | None = None, chunk: int | None = None, progress=None,
        policies: dict[str, str] | None = None, backend: str = "local",
        address: str | None = None, first_game: int = 0, variant=None) -> pd.DataFrame:
    """One row per game. Same seed, same rows, whatever ``threads``, chunking or backend.

    One-player volumes take ``policy`` (the volume's default policy when
    None). Volumes of several seats take ``policies`` ({seat: policy name});
    seats it leaves out play ``policy``. The run plays games ``first_game ..
    first_game + games - 1`` (a part of a larger run: its rows are those
    games' rows of the whole run). ``threads`` sets numba's thread count for
    this call only. ``backend="ray"`` (volumes whose spec lists it) runs the
    chunks as Ray tasks on a local Ray instance or the cluster at ``address``
    (see :mod:`distributed`). ``variant`` (COIN volumes): a variant file,
    mapping or ``Variant`` (britishway_env/variants.py), played on the same
    seeds as the base game. The frame's ``attrs["britishway"]`` holds the
    run's provenance, which :func:`write_rows` stores with the rows.
    """
    run_plan = plan(volume, games, seed, policy, policies, backend, address, first_game, variant)
    threads, chunk = check_threads(threads), _check_chunk(chunk)
    played = Played(run_plan)
    used = _play(played, threads, chunk, progress)
    df = played.frame()
    df.attrs[ATTRS_KEY] = run_plan.provenance(used)
    return df


def run_to_file(out: str | os.PathLike, volume: str, games: int, seed: int = 0, policy: str | None = None,
                threads: int | None = None, chunk: int | None = None, progress=None,
                policies: dict[str, str] | None = None, backend: str = "local", address: str | None = None,
                first_game: int = 0, resume: bool = False, command=None, notice=None, variant=None) -> pd.DataFrame:
    """:func:`run`, writing the rows to ``out`` (.parquet or .csv) with their
    provenance; returns them.

    Interrupted (Ctrl-C, SIGTERM as the command line turns it into
    ``SystemExit``), it keeps the games of every finished chunk in
    ``<out>.partial`` (a Parquet rows file whose provenance lists the games it
    holds), written atomically, and re-raises. ``resume=True`` reads that file
    back, checks that it is this run (volume, seed, games, policies and their
    weights, package version and commit), plays the other games and writes
    ``out`` with exactly the rows an uninterrupted run writes; the partial file
    is then removed. Without ``resume`` a partial file for ``out`` is refused
    (it holds games not to be lost). ``notice(text)`` is told what was kept or
    resumed. The frame's ``attrs["britishway_played"]`` says how many games
    this call played.
    """
    out = check_out(out)
    run_plan = plan(volume, games, seed, policy, policies, backend, address, first_game, variant)
    threads, chunk = check_threads(threads), _check_chunk(chunk)
    partial = partial_path(out)
    say = notice or (lambda text: None)
    before, done_before = None, ()
    if resume:
        if partial.exists():
            kept = read_rows(partial)
            check_same_run(kept, run_plan, partial)
            before, done_before = kept.frame, kept.done
            say(f"resuming from {partial}: {len(before):,} of {run_plan.count:,} games already played")
        elif out.exists():
            kept = read_rows(out)
            check_same_run(kept, run_plan, out)
            if kept.done != [[run_plan.first, run_plan.stop]]:
                raise RowsFileError(f"{out} holds part of this run but no {partial.name} says what is missing")
            say(f"{out} already holds all {run_plan.count:,} games of this run; nothing to resume")
            if progress:
                progress(run_plan.count)
            kept.frame.attrs[PLAYED_KEY] = 0
            return kept.frame
        else:
            raise RowsFileError(f"nothing to resume: there is no {partial} (the games an interrupted run with "
                                f"this output kept) and no {out}")
    elif partial.exists():
        raise RowsFileError(f"{partial} holds the finished games of an interrupted run writing {out}: add "
                            f"--resume (resume=True) to finish it, or remove {partial.name} to start again")
    played = Played(run_plan, before, done_before)
    if progress and played.had.any():
        progress(int(played.had.sum()))
    used = threads if threads is not None else _current_threads()
    try:
        used = _play(played, threads, chunk, progress)
        df = played.frame()
        df.attrs[ATTRS_KEY] = run_plan.provenance(used, command, **({"resumed": True} if resume else {}))
        write_rows(df, out)
    except (KeyboardInterrupt, SystemExit):
        if played.new_games():
            with deferred_signals():            # a second Ctrl-C must not lose the games being saved
                kept = played.frame()
                done = played.done_ranges()
                write_rows(kept, partial, run_plan.provenance(used, command, done=done), _partial=True)
                say(f"interrupted: kept {len(kept):,} of {run_plan.count:,} games in {partial}; run the same "
                    f"command with --resume to finish the run")
        elif before is not None:
            say(f"interrupted: {partial} still holds {len(before):,} of {run_plan.count:,} games; run the "
                f"same command with --resume to finish the run")
        raise
    with contextlib.suppress(FileNotFoundError):
        partial.unlink()
    df.attrs[PLAYED_KEY] = played.new_games()
    return df


def _current_threads() -> int:
    import numba

    return numba.get_num_threads()


def partial_path(out: str | os.PathLike) -> Path:
    """Where an interrupted run writing ``out`` keeps its finished games."""
    out = Path(out)
    return out.with_name(out.name + PARTIAL_SUFFIX)


def check_same_run(kept: "RowsFile", run_plan: Plan, path: Path) -> None:
    """``kept`` (read back) must be rows of ``run_plan``'s run, by the same code."""
    theirs = kept.run
    if theirs is None:
        raise RowsFileError(f"{path} records no run (no provenance): it cannot be resumed")
    mine = run_plan.provenance(1)
    differ = []
    for key, label in (("volume", "volume"), ("seed", "--seed")):
        if theirs[key] != mine["run"][key]:
            differ.append(f"{label} {theirs[key]!r} there, {mine['run'][key]!r} here")
    if theirs["games"] != mine["run"]["games"]:
        differ.append(f"games {_games_text(theirs['games'])} there, {_games_text(mine['run']['games'])} here "
                      "(--games, --first-game)")
    if theirs.get("variant") != mine["run"].get("variant"):
        differ.append(f"variant {(theirs.get('variant') or {}).get('name', 'none')} there, "
                      f"{(mine['run'].get('variant') or {}).get('name', 'none')} here")
    if theirs["policies"] != mine["run"]["policies"]:
        differ.append(f"policies {policies_text(theirs['policies'])} there, "
                      f"{policies_text(mine['run']['policies'])} here")
    for key in ("version", "git_commit"):
        if kept.provenance.get(key) != mine.get(key):
            differ.append(f"britishway-env {key.replace('_', ' ')} {kept.provenance.get(key)} there, "
                          f"{mine.get(key)} here")
    if differ:
        raise RowsFileError(f"{path} is not this run: " + "; ".join(differ))


def _games_text(games: Mapping) -> str:
    first, count = int(games["first"]), int(games["count"])
    return f"{first}..{first + count - 1}"


def policies_text(policies: Mapping) -> str:
    """'seat=policy (weights sha256 ab12...)' per seat."""
    return ", ".join(f"{seat}={entry['policy']}" + (f" (weights sha256 {entry['weights_sha256'][:12]}...)"
                                                    if entry.get("weights_sha256") else "")
                     for seat, entry in policies.items())


# ------------------------------------------------------------ rows files --

def write_rows(df: pd.DataFrame | pa.Table, path: str | os.PathLike, provenance: Mapping | None | bool = True,
               _partial: bool = False) -> Path:
    """Write rollout rows to ``.parquet`` or ``.csv`` atomically (a temporary
    file renamed into place when complete), with their provenance: in the
    Parquet file's schema metadata (key ``britishway``), for a CSV in
    ``<file>.meta.json`` next to it (written atomically after the rows). In a
    CSV, list columns (a list per game) are JSON arrays.

    The provenance is ``provenance.manifest`` (package version, git commit,
    library versions, command) with the run (volume, base seed, game range,
    each seat's policy and its weights' hash, threads, backend) and the rows'
    count, columns and SHA-256 (``provenance.rows_hash``), which
    :func:`read_rows` checks. By default it is the run's record that
    :func:`run` leaves in ``df.attrs``, refused if the rows are no longer that
    run's games; ``provenance=None`` records no run (rows of unknown origin,
    still hashed). ``df`` may also be a ``pyarrow.Table`` of the same columns
    (rows never held as Python lists); a table carries no run's record, so by
    default it records none.
    """
    path = Path(path) if _partial else check_out(path)
    if provenance is True:
        provenance = df.attrs.get(ATTRS_KEY) if isinstance(df, pd.DataFrame) else None
    doc = dict(provenance) if provenance else manifest(command=None)
    doc.pop("rows", None)
    doc.pop("sha256", None)
    if isinstance(df, pa.Table):
        table, bare = df.replace_schema_metadata(None), None
        if doc.get("run") is not None:
            named = [c for c in table.column_names if c in ("game", "seed", "policy") or c.startswith("policy_")]
            _check_rows_match_run(table.select(named).to_pandas(), doc["run"], None)
    else:
        if doc.get("run") is not None:
            _check_rows_match_run(df, doc["run"], None)
        bare = df.copy(deep=False)
        bare.attrs = {}
        table = pa.Table.from_pandas(bare, preserve_index=False)
    doc["rows"] = {"count": table.num_rows, "sha256": rows_hash(table),
                   "columns": [[name, column_kind(t)] for name, t in zip(table.column_names, table.schema.types)]}
    doc["sha256"] = _record_hash(doc)
    text = json.dumps(doc, sort_keys=True)
    if path.suffix.lower() == ".csv":
        with atomic_path(path) as tmp:
            _json_lists(bare if bare is not None else table.to_pandas()).to_csv(tmp, index=False)
        atomic_write_text(sidecar_path(path), text + "\n")
    else:
        table = table.replace_schema_metadata({**(table.schema.metadata or {}), PROVENANCE_KEY: text.encode()})
        with atomic_path(path) as tmp:
            pq.write_table(table, tmp)
    return path


def sidecar_path(path: str | os.PathLike) -> Path:
    """A CSV rows file's provenance file: ``<file>.meta.json``."""
    path = Path(path)
    return path.with_name(path.name + SIDECAR_SUFFIX)


def _json_lists(df: pd.DataFrame) -> pd.DataFrame:
    out = df.copy(deep=False)
    for col in df.columns:
        if df[col].dtype == object and len(df) and isinstance(df[col].iloc[0], (list, tuple, np.ndarray)):
            out[col] = [json.dumps([v.item() if hasattr(v, "item") else v for v in x]) for x in df[col]]
    return out


class RunRecord:
    """What a rows file's ``provenance`` (None: it carries none) says of the run its rows come from."""

    provenance: dict | None

    @property
    def run(self) -> dict | None:
        """The run the rows come from (volume, seed, games, policies, threads, backend), if recorded."""
        return None if self.provenance is None else self.provenance.get("run")

    @property
    def partial(self) -> bool:
        """Whether the file holds part of an interrupted run (``<out>.partial``)."""
        return self.run is not None and "done" in self.run

    @property
    def done(self) -> list[list[int]]:
        """[first, stop) ranges of the run's games the file holds."""
        if self.run is None:
            return []
        if "done" in self.run:
            return [list(r) for r in self.run["done"]]
        first, count = self.run["games"]["first"], self.run["games"]["count"]
        return [[first, first + count]]


@dataclass
class RowsFile(RunRecord):
    """Rows read back from a file: ``frame``, its ``provenance`` (None: the
    file carries none), and ``warnings`` for whoever reads them."""

    path: Path
    frame: pd.DataFrame
    provenance: dict | None
    warnings: list[str]

    @property
    def rows(self) -> int:
        """How many rows (games) the file holds."""
        return len(self.frame)


def read_rows(path: str | os.PathLike) -> RowsFile:
    """Rollout rows from a ``.parquet`` or ``.csv`` file (or ``<out>.partial``),
    checked against the provenance written with them: the rows' SHA-256 (any
    changed byte of a row is refused), their count, and for a run its game
    numbers, their seeds and the policy columns. Rows without provenance
    (written by an older version or another tool) are read with a warning.
    Raises :class:`RowsFileError` naming the file and what is wrong.
    The whole file is held in memory (lists as Python objects, about 5 GB
    per million rows); :func:`open_rows` reads it in record batches."""
    path = _rows_path(path)
    suffix = path.suffix.lower()
    warnings = []
    if suffix == ".csv":
        table, doc = _read_csv(path, warnings)
    else:
        try:
            table = pq.read_table(path)
        except MemoryError:
            raise
        except Exception as err:  # pyarrow raises its own types for corrupt or foreign files
            raise RowsFileError(_unreadable(path, err)) from None
        meta = table.schema.metadata or {}
        doc = _parse_provenance(meta[PROVENANCE_KEY], path) if PROVENANCE_KEY in meta else None
        table = table.replace_schema_metadata({k: v for k, v in meta.items() if k != PROVENANCE_KEY} or None)
    try:
        frame = table.to_pandas()
    except MemoryError:
        raise
    except Exception as err:
        raise RowsFileError(f"cannot read the rows of {path} ({type(err).__name__}: {err})") from None
    if doc is None:
        warnings.append(f"{path} carries no provenance (written by an older version or another tool): where its "
                        "rows come from and whether they were changed since cannot be checked")
    else:
        _check_rows_hash(frame, doc, path)          # the rows as read, not only as stored
    if doc is not None and doc.get("run") is not None:
        _check_rows_match_run(frame, doc["run"], path)
        frame.attrs[ATTRS_KEY] = {k: v for k, v in doc.items() if k not in ("rows", "sha256")}
    elif doc is not None:
        warnings.append(f"{path} records no run (written with provenance=None): its rows are intact, but which "
                        "seed, games and policies they come from is not recorded")
    return RowsFile(path, frame, doc, warnings)


def _rows_path(path: str | os.PathLike) -> Path:
    """``path`` as a Path if it names a rows file that exists, or ``RowsFileError`` saying what it is."""
    path = Path(path)
    if not path.exists():
        raise RowsFileError(f"no such file: {path}")
    if not path.is_file():
        raise RowsFileError(f"{path} is not a file")
    if path.suffix.lower() not in OUT_SUFFIXES + (PARTIAL_SUFFIX,):
        raise RowsFileError(f"{path}: rollout rows are .parquet or .csv files (written by `britishway rollouts "
                            f"VOLUME --out rows.parquet`)")
    return path


# Rows per record batch when a rows file is read in a stream (:meth:`RowsStream.batches`): a batch of
# COIN rows (about 35 cards and 15 events a game) and the arrays the report derives from it take tens of MB.
BATCH_ROWS = 32_768


class RowsStream(RunRecord):
    """A rows file opened to be read in record batches (:func:`open_rows`):
    its ``path``, ``provenance`` (None: it carries none), ``warnings``, how
    many ``rows`` it holds and its ``columns``. Nothing of the rows is held
    but the batch being read: :meth:`batches` checks them against the
    provenance as they pass."""

    def __init__(self, path: Path, provenance: dict | None, warnings: list[str], rows: int, schema: pa.Schema,
                 read):
        self.path = path
        self.provenance = provenance
        self.warnings = warnings
        self.rows = rows
        self.schema = schema
        self._read = read                   # batch_size -> iterator of record batches (the file's columns)

    @property
    def columns(self) -> tuple[str, ...]:
        return tuple(self.schema.names)

    def batches(self, batch_size: int = BATCH_ROWS):
        """The rows, ``batch_size`` at a time, every column. As they pass, the
        checks :func:`read_rows` makes on a whole file are made batch by batch:
        the SHA-256 of the rows (``provenance.RowsHash``, the same hash) and for
        a run its game numbers, their seeds and the policy columns. They are
        settled when the last batch has been read: the iterator then raises
        :class:`RowsFileError` if the rows are not the ones written, so whatever
        was made of the batches must be dropped unless the iteration ends
        normally."""
        doc = self.provenance
        hasher = None
        if doc is not None:
            try:
                hasher = RowsHash(self.schema)
            except TypeError as err:
                raise RowsFileError(f"{self.path}: its rows cannot be hashed as rollout rows ({err})") from None
        match = _RunMatch(self.run, self.path) if self.run is not None else None
        read = 0
        for batch in self._read(batch_size):
            if hasher is not None:
                try:
                    hasher.update(batch)
                except (TypeError, ValueError, pa.ArrowException) as err:
                    raise RowsFileError(f"{self.path}: its rows cannot be hashed as rollout rows ({err})") from None
            if match is not None:
                match.update(batch)
            read += batch.num_rows
            yield batch
        if doc is not None:
            _check_count(read, doc, self.path)
            if hasher.hexdigest(read) != doc["rows"]["sha256"]:
                raise RowsFileError(_HASH_MISMATCH.format(path=self.path))
        if match is not None:
            match.check()


def open_rows(path: str | os.PathLike) -> RowsStream:
    """A ``.parquet`` or ``.csv`` rows file (or ``<out>.partial``) opened to be
    read in record batches (:meth:`RowsStream.batches`), its provenance read
    and checked (its own SHA-256, its row count). A Parquet file is read
    batch by batch from disk; a CSV file is read whole (CSV rows are for small
    runs) and handed out in batches. Raises :class:`RowsFileError` naming the
    file and what is wrong; the rows' own checks come with the batches."""
    path = _rows_path(path)
    warnings: list[str] = []
    if path.suffix.lower() == ".csv":
        table, doc = _read_csv(path, warnings)
        schema, rows = table.schema, table.num_rows

        def read(batch_size: int):
            yield from table.to_batches(max_chunksize=batch_size)
    else:
        try:
            with pq.ParquetFile(path) as parquet:          # a reader kept open keeps what it read: reopened below
                meta = parquet.schema_arrow.metadata or {}
                rows = parquet.metadata.num_rows
                fields = list(parquet.schema_arrow)
        except MemoryError:
            raise
        except Exception as err:  # pyarrow raises its own types for corrupt or foreign files
            raise RowsFileError(_unreadable(path, err)) from None
        doc = _parse_provenance(meta[PROVENANCE_KEY], path) if PROVENANCE_KEY in meta else None
        index = _pandas_index_columns(meta)             # a pandas index stored as a column is no row value
        schema = pa.schema([field for field in fields if field.name not in index])

        def read(batch_size: int):
            yield from _parquet_batches(path, list(schema.names), batch_size)
    if doc is not None:
        _check_count(rows, doc, path)
        if doc.get("run") is None:
            warnings.append(f"{path} records no run (written with provenance=None): its rows are intact, but "
                            "which seed, games and policies they come from is not recorded")
    else:
        warnings.append(f"{path} carries no provenance (written by an older version or another tool): where its "
                        "rows come from and whether they were changed since cannot be checked")
    return RowsStream(path, doc, warnings, rows, schema.remove_metadata(), read)


def _parquet_batches(path: Path, columns: list[str], batch_size: int):
    """The record batches of a Parquet file's ``columns``, its reader closed (and what it buffered freed)
    once they are read; a file pyarrow cannot read is ``RowsFileError``."""
    try:
        parquet = pq.ParquetFile(path)
    except MemoryError:
        raise
    except Exception as err:
        raise RowsFileError(_unreadable(path, err)) from None
    with parquet:
        batches = parquet.iter_batches(batch_size=batch_size, columns=columns, use_threads=False)
        while True:
            try:
                batch = next(batches)
            except StopIteration:
                return
            except MemoryError:
                raise
            except Exception as err:  # pyarrow raises its own types for corrupt or foreign files
                raise RowsFileError(_unreadable(path, err)) from None
            yield batch.replace_schema_metadata(None)


def _unreadable(path: Path, err: Exception) -> str:
    return (f"cannot read {path} as Parquet rollout rows ({type(err).__name__}: "
            f"{' '.join(str(err).split())[:200]})")


def _pandas_index_columns(meta: Mapping) -> set[str]:
    """Columns that hold a pandas index (``DataFrame.to_parquet``'s metadata), not rows' values."""
    try:
        found = json.loads(meta[b"pandas"]).get("index_columns", [])
    except (KeyError, ValueError, AttributeError, UnicodeDecodeError):
        return set()
    return {name for name in found if isinstance(name, str)}


class _RunMatch:
    """The checks of :func:`_check_rows_match_run` made on rows passing in
    batches: the game numbers (each once, in order), their seeds from the base
    seed, and the policy columns; :meth:`check` raises for the first that
    failed, in that order."""

    def __init__(self, run_fields: Mapping, path: Path):
        found = volume_spec(run_fields["volume"])
        self.path = path
        self.seed = run_fields["seed"]
        games = run_fields["games"]
        self.ranges = ([tuple(r) for r in run_fields["done"]] if "done" in run_fields
                       else [(games["first"], games["first"] + games["count"])])
        self.expected = sum(b - a for a, b in self.ranges)
        columns = [f"policy_{seat}" for seat in found.agents] if found.several_seats else ["policy"]
        self.policies = [(column, seat, entry["policy"])
                         for column, (seat, entry) in zip(columns, run_fields["policies"].items())]
        self.offset = 0
        self.no_columns = False
        self.games_ok = True
        self.bad_seed: tuple[int, int] | None = None
        self.bad_policy: set[str] = set()

    def update(self, batch: pa.RecordBatch) -> None:
        names = batch.schema.names
        n = batch.num_rows
        start, self.offset = self.offset, self.offset + n
        if "game" not in names or "seed" not in names:
            self.no_columns = True
            return
        if not self.games_ok:
            return
        pieces = _pieces(self.ranges, start, n)
        expected = np.concatenate([np.arange(a, b, dtype=np.int64) for a, b in pieces] or
                                  [np.zeros(0, dtype=np.int64)])
        numbers = batch.column("game").to_numpy(zero_copy_only=False)
        if len(expected) != n or not np.array_equal(numbers, expected):
            self.games_ok = False
            return
        if self.bad_seed is None:
            from .engine.coin.rollouts import seeds_of

            seeds = batch.column("seed").to_numpy(zero_copy_only=False)
            want = np.concatenate([seeds_of(self.seed, np.arange(a, b, dtype=np.int64)) for a, b in pieces] or
                                  [np.zeros(0, dtype=np.int64)])
            bad = np.flatnonzero(seeds != want)
            if len(bad):
                self.bad_seed = (int(expected[bad[0]]), int(seeds[bad[0]]))
        for column, _, policy in self.policies:
            if column not in names or not _all_equal(batch.column(column), policy):
                self.bad_policy.add(column)

    def check(self) -> None:
        where = f"{self.path}: "
        if self.no_columns:
            raise RowsFileError(f"{where}the rows have no 'game' and 'seed' columns, which every run's rows have")
        if not self.games_ok or self.offset != self.expected:
            raise RowsFileError(f"{where}the rows are not games {ranges_text(self.ranges)} of the run their "
                                f"provenance records (rows added, removed or reordered since the run)")
        if self.bad_seed is not None:
            game, seed = self.bad_seed
            raise RowsFileError(f"{where}game {game} has seed {seed}, not the seed of game {game} of a run from "
                                f"base seed {self.seed}")
        for column, seat, policy in self.policies:
            if column in self.bad_policy:
                raise RowsFileError(f"{where}column {column!r} is not the policy {policy!r} the run's provenance "
                                    f"records for {seat}")


def _pieces(ranges, start: int, n: int) -> list[tuple[int, int]]:
    """The game ranges at positions ``start .. start + n - 1`` of the games of
    ``ranges`` (half-open ranges, in order) taken one after another."""
    out, position = [], 0
    for a, b in ranges:
        lo, hi = max(start, position), min(start + n, position + b - a)
        if lo < hi:
            out.append((a + lo - position, a + hi - position))
        position += b - a
    return out


def _all_equal(column: pa.Array, value: str) -> bool:
    """Every value of ``column`` is ``value`` (none missing)."""
    if column.null_count:
        return False
    found = pc.unique(column).to_pylist() if len(column) else []
    return all(v == value for v in found)


def _check_count(rows: int, doc: Mapping, path: Path) -> None:
    if rows != doc["rows"]["count"]:
        raise RowsFileError(f"{path} holds {rows:,} rows but its provenance says {doc['rows']['count']:,}: the "
                            "file was changed after it was written; refusing it")


_HASH_MISMATCH = ("{path}: its rows do not match the SHA-256 written with them (provenance rows.sha256): they were "
                  "changed after `britishway rollouts` wrote them; refusing them")


def _read_csv(path: Path, warnings: list[str]):
    """(table, provenance) of a CSV rows file and its ``.meta.json``."""
    meta = sidecar_path(path)
    doc = None
    if meta.exists():
        try:
            raw = meta.read_bytes()
        except OSError as err:
            raise RowsFileError(f"cannot read {meta}: {err.strerror or err}") from None
        doc = _parse_provenance(raw, meta)
    try:
        df = pd.read_csv(path, dtype=str, keep_default_na=False, na_filter=False)
    except MemoryError:
        raise
    except Exception as err:
        raise RowsFileError(f"cannot read {path} as CSV rollout rows ({type(err).__name__}: "
                            f"{' '.join(str(err).split())[:200]})") from None
    kinds = dict(doc["rows"]["columns"]) if doc is not None else {c: _guess_kind(df[c]) for c in df.columns}
    if doc is not None and list(kinds) != list(df.columns):
        raise RowsFileError(f"{path}: its columns {list(df.columns)[:12]} are not the ones {meta.name} records "
                            f"({list(kinds)[:12]}): the file was changed after it was written")
    columns, types = {}, []
    for name in df.columns:
        columns[name], type_ = _csv_column(df[name], kinds[name], name, path)
        types.append(pa.field(name, type_))
    table = pa.Table.from_pydict(columns, schema=pa.schema(types))
    return table, doc


_KIND_TYPES = {"int": pa.int64(), "bool": pa.bool_(), "float": pa.float64(), "str": pa.large_string(),
               "null": pa.null()}


def _kind_type(kind: str):
    if kind.startswith("list<") and kind.endswith(">"):
        return pa.list_(_kind_type(kind[5:-1]))
    if kind not in _KIND_TYPES:
        raise KeyError(kind)
    return _KIND_TYPES[kind]


def _guess_kind(column: pd.Series) -> str:
    """A column's kind in a CSV written without provenance: JSON lists, integers, booleans or text."""
    values = column.to_numpy(dtype=object)
    if len(values) and all(v.startswith("[") for v in values):
        first = next((json.loads(v) for v in values if v != "[]"), [])
        return "list<str>" if first and isinstance(first[0], str) else "list<int>"
    if len(values) and all(v in ("True", "False") for v in values):
        return "bool"
    if len(values) and pd.to_numeric(column, errors="coerce").notna().all() and all("." not in v for v in values):
        return "int"
    return "str"


def _csv_column(column: pd.Series, kind, name: str, path: Path):
    """(values, Arrow type) of a CSV column of ``kind``, or ``RowsFileError`` naming the first bad value."""
    try:
        type_ = _kind_type(kind)
    except (KeyError, TypeError, AttributeError):
        raise RowsFileError(f"{path}: column {name!r} has an unknown kind {kind!r} in its provenance") from None
    values = column.to_numpy(dtype=object)

    def bad(i: int, what: str):
        raise RowsFileError(f"{path}: column {name!r} must hold {what}; row {i} has {values[i][:60]!r}")

    def scalar(text: str, i: int, k: str):
        if k == "int":
            try:
                return int(text)
            except ValueError:
                bad(i, "integers")
        if k == "bool":
            if text not in ("True", "False"):
                bad(i, "True or False")
            return text == "True"
        if k == "float":
            try:
                return float(text)
            except ValueError:
                bad(i, "numbers")
        if k == "null":
            if text != "":
                bad(i, "nothing")
            return None
        return text

    if not kind.startswith("list<"):
        return [scalar(v, i, kind) for i, v in enumerate(values)], type_
    inner = kind[5:-1]
    out = []
    for i, text in enumerate(values):
        try:
            items = json.loads(text)
        except ValueError:
            bad(i, "JSON lists")
        if not isinstance(items, list):
            bad(i, "JSON lists")
        ok = {"int": lambda v: isinstance(v, int) and not isinstance(v, bool), "str": lambda v: isinstance(v, str),
              "bool": lambda v: isinstance(v, bool), "float": lambda v: isinstance(v, (int, float)),
              "null": lambda v: v is None}.get(inner)
        if ok is None or not all(ok(v) for v in items):
            bad(i, f"lists of {inner}")
        out.append(items)
    return out, type_


_HEX64 = re.compile(r"^[0-9a-f]{64}$")
# What a run's provenance records of a seat's policy (Plan.policies_record): its name, a network's hash,
# the search's settings and networks (search.record), a league's mixture (league.record).
POLICY_RECORD_KEYS = {"policy", "weights_sha256", "search", "networks_sha256", "league"}


def _record_hash(doc: Mapping) -> str:
    """SHA-256 of a provenance record without its own ``sha256`` field (its JSON, keys sorted)."""
    import hashlib

    body = {k: v for k, v in doc.items() if k != "sha256"}
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode("utf-8")).hexdigest()


def _parse_provenance(raw: bytes, path: Path) -> dict:
    """The provenance JSON of a rows file, checked field by field (it comes from a file)."""
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise RowsFileError(f"{path}: its provenance is not readable JSON (the file was changed after it was "
                            "written)") from None

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise RowsFileError(f"{path}: its provenance is malformed: {what}")

    def is_int(v) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    need(isinstance(doc, dict), "not a JSON object")
    if doc.get("sha256") != _record_hash(doc):
        raise RowsFileError(f"{path}: its provenance does not match the SHA-256 written with it: it was changed "
                            "after it was written; refusing it")
    rows = doc.get("rows")
    need(isinstance(rows, dict), "no 'rows' entry")
    need(is_int(rows.get("count")) and rows["count"] >= 0, "rows.count must be a whole number")
    need(isinstance(rows.get("sha256"), str) and bool(_HEX64.match(rows["sha256"])),
         "rows.sha256 must be 64 hex digits")
    columns = rows.get("columns")
    need(isinstance(columns, list) and all(isinstance(c, list) and len(c) == 2 and all(isinstance(x, str) for x in c)
                                           for c in columns), "rows.columns must list [name, kind] pairs")
    run_fields = doc.get("run")
    if run_fields is not None:
        need(isinstance(run_fields, dict), "'run' must be an object")
        need(isinstance(run_fields.get("volume"), str) and is_volume(run_fields["volume"]),
             f"run.volume must be one of {', '.join(sorted(volume_names()))}")
        need(is_int(run_fields.get("seed")) and 0 <= run_fields["seed"] <= MAX_GAME_NUMBER,
             "run.seed must be in 0..2**63-1")
        games = run_fields.get("games")
        need(isinstance(games, dict) and is_int(games.get("first")) and is_int(games.get("count"))
             and games["first"] >= 0 and games["count"] >= 1 and games["first"] + games["count"] - 1 <= MAX_GAME_NUMBER,
             "run.games must hold whole numbers first >= 0 and count >= 1")
        seats_ = volume_spec(run_fields["volume"]).agents
        policies = run_fields.get("policies")
        need(isinstance(policies, dict) and list(policies) == list(seats_)
             and all(isinstance(e, dict) and isinstance(e.get("policy"), str) and set(e) <= POLICY_RECORD_KEYS
                     and (e.get("weights_sha256") is None or bool(_HEX64.match(str(e["weights_sha256"]))))
                     and all(isinstance(e.get(k, {}), dict) for k in ("league", "search", "networks_sha256"))
                     for e in policies.values()),
             f"run.policies must give each seat ({', '.join(seats_)}) its policy (and weights_sha256, or the "
             "search's or the league's record)")
        need(is_int(run_fields.get("threads")) and run_fields["threads"] >= 1, "run.threads must be a whole number")
        need(run_fields.get("backend") in BACKENDS, f"run.backend must be one of {', '.join(BACKENDS)}")
        if "variant" in run_fields:
            from .variants import variant_from_dict

            found = run_fields["variant"]
            need(isinstance(found, dict) and isinstance(found.get("sha256"), str), "run.variant must be an object "
                 "with its sha256")
            try:
                checked = variant_from_dict({k: v for k, v in found.items() if k != "sha256"},
                                            volume=run_fields["volume"])
            except BritishWayError as err:
                need(False, f"run.variant is not a valid variant ({err})")
            need(checked.sha256 == found["sha256"], "run.variant does not match its sha256")
        if "done" in run_fields:
            done = run_fields["done"]
            need(isinstance(done, list) and all(isinstance(r, list) and len(r) == 2 and all(is_int(x) for x in r)
                                                and r[0] < r[1] for r in done),
                 "run.done must list [first, stop) ranges")
            flat = [x for r in done for x in r]
            need(flat == sorted(flat) and all(a < b for a, b in zip(flat[1::2], flat[2::2]))
                 and (not flat or (flat[0] >= games["first"] and flat[-1] <= games["first"] + games["count"])),
                 "run.done ranges must be in order, apart, and inside run.games")
    return doc


def _check_rows_hash(frame: pd.DataFrame, doc: dict, path: Path) -> None:
    _check_count(len(frame), doc, path)
    try:
        found = rows_hash(frame)
    except (TypeError, ValueError, pa.ArrowException) as err:
        raise RowsFileError(f"{path}: its rows cannot be hashed as rollout rows ({err})") from None
    if found != doc["rows"]["sha256"]:
        raise RowsFileError(_HASH_MISMATCH.format(path=path))


def _check_rows_match_run(frame: pd.DataFrame, run_fields: Mapping, path: Path | None) -> None:
    """The rows must be the run's games: its game numbers (each once, in order),
    their seeds from the base seed, and its policy columns."""
    where = f"{path}: " if path is not None else ""
    found = volume_spec(run_fields["volume"])
    games = run_fields["games"]
    if "done" in run_fields:
        expected = np.concatenate([np.arange(a, b, dtype=np.int64) for a, b in run_fields["done"]] or
                                  [np.zeros(0, dtype=np.int64)])
    else:
        expected = np.arange(games["first"], games["first"] + games["count"], dtype=np.int64)
    if "game" not in frame or "seed" not in frame:
        raise RowsFileError(f"{where}the rows have no 'game' and 'seed' columns, which every run's rows have")
    numbers = frame["game"].to_numpy()
    if len(numbers) != len(expected) or not np.array_equal(numbers, expected):
        hint = "" if path is not None else ": write them with provenance=None (rows of no recorded run)"
        raise RowsFileError(f"{where}the rows are not games {ranges_text(ranges_of(expected))} of the run their "
                            f"provenance records (rows added, removed or reordered since the run){hint}")
    from .engine.coin.rollouts import seeds_of

    seeds = frame["seed"].to_numpy()
    bad = np.flatnonzero(seeds != seeds_of(run_fields["seed"], expected))
    if len(bad):
        raise RowsFileError(f"{where}game {int(expected[bad[0]])} has seed {int(seeds[bad[0]])}, not the seed of "
                            f"game {int(expected[bad[0]])} of a run from base seed {run_fields['seed']}")
    columns = [f"policy_{seat}" for seat in found.agents] if found.several_seats else ["policy"]
    for column, (seat, entry) in zip(columns, run_fields["policies"].items()):
        if column not in frame or not (frame[column].astype(object) == entry["policy"]).all():
            raise RowsFileError(f"{where}column {column!r} is not the policy {entry['policy']!r} the run's "
                                f"provenance records for {seat}")


def ranges_text(ranges) -> str:
    """Half-open ``(a, b)`` ranges of game numbers (:func:`ranges_of`) as '0..99, 200' ('none' when empty)."""
    return ", ".join(f"{a}..{b - 1}" if b - a > 1 else f"{a}" for a, b in ranges) or "none"


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
