"""The policy name ``league``: a seat's equilibrium mixture of policies.

A league (experiments/league.py, a PSRO run) ends with a *mixture* per seat
and volume: member policies with weights. The policy name ``league`` plays
it: each game draws one member per seat by its weight and keeps it for the
whole game. The draw reads the game's seed and the seat alone
(:func:`britishway_env.engine.mixture.member_index`), so
``Game(volume, seed=S).choose("league")`` plays exactly the member the
compiled rollouts play in their game of seed ``S`` (a run's game seeds are
``engine.rng.seed_from(base_seed, game)``), whatever the thread count or the
chunking.

The league file
---------------

``LEAGUE_DIR/<volume>_<seat>.json`` (:data:`LEAGUE_DIR` is ``agents/league``)::

    {"format": "britishway-league/1", "volume": "palestine", "seat": "british",
     "members": [{"policy": "heuristic", "weight": 0.25},
                 {"policy": "palestine_british_1.npz", "weight": 0.75,
                  "sha256": "<SHA-256 of the file's bytes, 64 lower-case hex digits>"}],
     "provenance": {"...": "any JSON object: how the league made it"}}

* ``format``: ``britishway-league/1``; ``volume`` and ``seat``: the file's
  own (a file copied to another seat's name is refused).
* ``members``: 1 to :data:`MAX_MEMBERS`, each ``{"policy", "weight"}`` (and
  ``sha256`` for a file), no policy twice. ``policy`` is ``random``,
  ``heuristic``, ``trained`` (the seat's shipped network, agents/checkpoints)
  or the bare name of a ``.npz`` policy file in the same folder (no ``/``,
  ``\\``, ``..``; a regular file, a link to one followed) whose bytes have
  the SHA-256 ``sha256``. A file is read only by
  :func:`agents.trained.load_network` (a policy file: weights and a JSON
  config, nothing unpickled).
* ``weight``: a finite number >= 0; the weights add up to 1 within
  :data:`TOLERANCE` (they are then divided by their sum, so the mixture is
  exactly a distribution). A member of weight 0 is never drawn.
* ``provenance`` (optional): a JSON object, not read here.
* No other key, at most :data:`MAX_FILE_BYTES` bytes, a regular file.

Anything else is a :class:`~britishway_env.errors.LeagueError` (an
``UnknownPolicyError``) naming the file and what is wrong; a seat without a
file is one too ("no league policy for the british seat of palestine:
experiments/league.py makes one").

    from britishway_env import league
    mix = league.load("palestine", "british")       # checked, cached per file and change
    league.member("palestine", "british", game_seed) # the member that game plays
    league.record("palestine", "british")           # what a run's provenance records
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .engine.mixture import LEAGUE, is_league, member_index
from .errors import BritishWayError, LeagueError, UnknownVolumeError

LEAGUE_DIR = Path(__file__).resolve().parent.parent / "agents" / "league"
FORMAT = "britishway-league/1"
MAX_FILE_BYTES = 2**20              # a league file: a list of members and a small provenance
MAX_MEMBERS = 32
TOLERANCE = 1e-9                    # the weights add up to 1 within this
BUILT_IN = ("random", "heuristic", "trained")
KEYS = ("format", "volume", "seat", "members")
OPTIONAL_KEYS = ("provenance",)
MEMBER_KEYS = ("policy", "weight", "sha256")
MAKER = "experiments/league.py makes one"
_HEX64 = re.compile(r"^[0-9a-f]{64}$")


@dataclass(frozen=True, eq=False)
class Mixture:
    """A seat's league, checked. ``members``: what each member plays, as
    ``Game.choose`` and the rollouts take it (a file member as its absolute
    path, the others by name); ``names``: the members as the file writes
    them; ``weights`` (float64, summing to 1) and ``cum`` (their cumulative
    sums, the last exactly 1.0, read-only); ``sha256``: each file member's
    SHA-256 ("" for the others); ``file_sha256``: the league file's."""

    volume: str
    seat: str
    path: str
    members: tuple[str, ...]
    names: tuple[str, ...]
    weights: np.ndarray
    cum: np.ndarray
    sha256: tuple[str, ...]
    file_sha256: str

    def __len__(self) -> int:
        return len(self.members)


def league_path(volume: str, seat: str) -> Path:
    """Where the league file of ``seat`` of ``volume`` lives (under :data:`LEAGUE_DIR` as it is now)."""
    return Path(LEAGUE_DIR) / f"{volume}_{seat}.json"


def _check_seat(volume: str, seat: str) -> None:
    from .registry import is_volume, spec, volume_names

    if not is_volume(volume):
        raise UnknownVolumeError(f"unknown volume {volume!r}; implemented volumes: {', '.join(sorted(volume_names()))}")
    agents = spec(volume).agents
    if not spec(volume).several_seats or spec(volume).vector is None:
        raise LeagueError(f"{volume} has no league policy: a league plays volumes of two seats with networks")
    if seat not in agents:
        raise LeagueError(f"unknown seat {seat!r} for {volume}: seats are {', '.join(agents)}")


def _stat_key(path: Path):
    st = path.stat()
    return (st.st_mtime_ns, st.st_size, st.st_ino)


_CACHE: dict = {}


def load(volume: str, seat: str) -> Mixture:
    """The league of ``seat`` of ``volume``, checked completely (module
    text); read again only when its file, or a member's file, changes."""
    _check_seat(volume, seat)
    path = league_path(volume, seat)
    try:
        key = (str(path.resolve()), _stat_key(path), volume, seat)
    except FileNotFoundError:
        raise LeagueError(f"no league policy for the {seat} seat of {volume}: {MAKER} ({path})") from None
    except OSError as err:
        raise LeagueError(f"league file {str(path)!r} cannot be read ({err.strerror or err})") from None
    kept = _CACHE.get(key)
    if kept is not None:
        mixture, member_keys = kept
        try:
            if all(_stat_key(Path(p)) == k for p, k in member_keys):
                return mixture
        except OSError:
            pass                          # a member file went away: read everything again (and say so)
    mixture, member_keys = _read(path, volume, seat)
    _CACHE[key] = (mixture, member_keys)
    return mixture


def _read(path: Path, volume: str, seat: str):
    """(:class:`Mixture`, [(member file, its stat key)]) of the league file at ``path``."""
    from .io import read_regular_file

    where = f"league file {str(path)!r}"
    data = read_regular_file(path, MAX_FILE_BYTES, LeagueError, where, kind="league file")

    def bad(what: str):
        raise LeagueError(f"{where}: {what}")

    try:
        doc = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        bad("not UTF-8 text")
    except (ValueError, RecursionError) as err:
        bad(f"not valid JSON ({err})")
    if not isinstance(doc, dict):
        bad(f"must be a JSON object with the keys {', '.join(KEYS)}")
    unknown = sorted(str(k) for k in doc if k not in KEYS + OPTIONAL_KEYS)
    if unknown:
        bad(f"unknown key(s) {', '.join(map(repr, unknown))}: a league file holds {', '.join(KEYS + OPTIONAL_KEYS)}")
    missing = [k for k in KEYS if k not in doc]
    if missing:
        bad(f"missing {', '.join(map(repr, missing))}")
    if doc["format"] != FORMAT:
        bad(f"format must be {FORMAT!r}, got {_show(doc['format'])}")
    if doc["volume"] != volume:
        bad(f"volume is {_show(doc['volume'])}, but the file is the league of {volume} (its name says so)")
    if doc["seat"] != seat:
        bad(f"seat is {_show(doc['seat'])}, but the file is the league of the {seat} seat (its name says so)")
    if "provenance" in doc and not isinstance(doc["provenance"], dict):
        bad("provenance must be a JSON object")
    members = doc["members"]
    if not isinstance(members, list) or not 1 <= len(members) <= MAX_MEMBERS:
        bad(f"members must be a list of 1..{MAX_MEMBERS} members, got "
            f"{len(members) if isinstance(members, list) else _show(members)}")
    folder = path.parent
    played, names, weights, hashes, member_keys = [], [], [], [], []
    for i, m in enumerate(members):
        at = f"members[{i}]"
        if not isinstance(m, dict):
            bad(f"{at} must be an object with policy and weight, got {_show(m)}")
        unknown = sorted(str(k) for k in m if k not in MEMBER_KEYS)
        if unknown:
            bad(f"{at}: unknown key(s) {', '.join(map(repr, unknown))}: a member holds policy, weight and, for a "
                "policy file, sha256")
        for k in ("policy", "weight"):
            if k not in m:
                bad(f"{at}: missing {k!r}")
        name, weight = m["policy"], m["weight"]
        if not _is_weight(weight):
            bad(f"{at}: weight must be a finite number >= 0, got {_show(weight)}")
        if not isinstance(name, str):
            bad(f"{at}: policy must be a string, got {_show(name)}")
        if name in names:
            bad(f"{at}: policy {name!r} is a member already: give each member once")
        if name in BUILT_IN:
            if "sha256" in m:
                bad(f"{at}: sha256 is for a policy file, not {name!r}")
            if name == "trained":
                _load_network("trained", volume, seat, f"{where}: {at}")
            played.append(name)
            hashes.append("")
        else:
            file, digest, stat_key = _member_file(folder, name, m, at, where, volume, seat)
            played.append(file)
            hashes.append(digest)
            member_keys.append((file, stat_key))
        names.append(name)
        weights.append(float(weight))
    total = math.fsum(weights)
    if abs(total - 1.0) > TOLERANCE:
        bad(f"the weights add up to {total!r}, not 1 (within {TOLERANCE:g})")
    w = np.array(weights, dtype=np.float64) / total
    cum = np.cumsum(w)
    cum[int(np.flatnonzero(w > 0)[-1]):] = 1.0      # exactly 1 from the last member that can be drawn
    w.setflags(write=False)
    cum.setflags(write=False)
    mixture = Mixture(volume, seat, str(path.resolve()), tuple(played), tuple(names), w, cum, tuple(hashes),
                      hashlib.sha256(data).hexdigest())
    return mixture, member_keys


def _member_file(folder: Path, name: str, m: dict, at: str, where: str, volume: str, seat: str):
    """(absolute path, SHA-256, stat key) of a policy file member, checked."""
    from agents.policy_file import MAX_FILE_BYTES as POLICY_BYTES

    from .io import read_regular_file

    def bad(what: str):
        raise LeagueError(f"{where}: {at}: {what}")

    if not name.lower().endswith(".npz") or len(name) > 255:
        bad(f"policy must be {', '.join(BUILT_IN)} or the name of a policy file (.npz) in the league's folder, "
            f"got {name!r}")
    if "/" in name or "\\" in name or ".." in name or "\0" in name or name.startswith(".") or ":" in name:
        bad(f"policy {name!r} must be the bare name of a file in the league's folder (no '/', '\\\\', '..')")
    digest = m.get("sha256")
    if not isinstance(digest, str) or not _HEX64.match(digest):
        bad(f"sha256 of {name!r} must be 64 lower-case hex digits (the SHA-256 of the file's bytes), "
            f"got {_show(digest)}")
    file = folder / name
    what = f"{where}: {at}: policy file {name!r}"
    try:
        before = _stat_key(file)
    except FileNotFoundError:
        bad(f"no policy file {name!r} in {str(folder)!r}")
    except OSError as err:
        bad(f"policy file {name!r} cannot be read ({err.strerror or err})")
    data = read_regular_file(file, POLICY_BYTES, LeagueError, what, kind="policy file")
    found = hashlib.sha256(data).hexdigest()
    if found != digest:
        bad(f"policy file {name!r} has SHA-256 {found}, not the {digest} the league names: it is not the "
            "file the league was made with")
    absolute = str(file.resolve())
    _load_network(absolute, volume, seat, what)
    if _stat_key(file) != before:
        bad(f"policy file {name!r} changed while it was read: read it again")
    return absolute, digest, before


def _load_network(name: str, volume: str, seat: str, where: str):
    from agents.trained import load_network

    from .errors import UnknownPolicyError

    try:
        return load_network(name, volume, seat)
    except UnknownPolicyError as err:
        raise LeagueError(f"{where}: {err}") from None


def _is_weight(value) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        value = float(value)
    except OverflowError:             # an integer too large for a float
        return False
    return math.isfinite(value) and value >= 0


def _show(value) -> str:
    from .engine.statedict import show

    return show(value)


def seat_index(volume: str, seat: str) -> int:
    from .registry import spec

    return spec(volume).agents.index(seat)


def draw(volume: str, seat: str, game_seed: int) -> int:
    """The member (0-based index into ``load(volume, seat).members``) that
    ``seat`` plays in the game seeded ``game_seed``."""
    from .engine.statedict import check_seed

    mixture = load(volume, seat)
    seed = check_seed(game_seed, "game seed")
    return int(member_index(np.int64(seed), np.int64(seat_index(volume, seat)), mixture.cum))


def member(volume: str, seat: str, game_seed: int) -> str:
    """The policy ``seat`` plays in the game seeded ``game_seed``: a member's
    name (``random``, ``heuristic``, ``trained``) or its file's absolute path."""
    return load(volume, seat).members[draw(volume, seat, game_seed)]


def record(volume: str, seat: str) -> dict:
    """What a run's provenance records of a seat's league: its file's name
    and SHA-256, and each member's policy, weight and, for a network, the
    SHA-256 of its arrays (``provenance.weights_hash``) and of its file."""
    from agents.trained import load_network

    from .provenance import weights_hash

    mixture = load(volume, seat)
    members = []
    for k, name in enumerate(mixture.names):
        entry = {"policy": name, "weight": float(mixture.weights[k])}
        if mixture.sha256[k]:
            entry["sha256"] = mixture.sha256[k]
        if name == "trained" or mixture.sha256[k]:
            entry["weights_sha256"] = weights_hash(load_network(mixture.members[k], volume, seat).arrays)
        members.append(entry)
    return {"file": Path(mixture.path).name, "file_sha256": mixture.file_sha256, "format": FORMAT,
            "members": members}


def check(volume: str, seat: str) -> str:
    """:data:`LEAGUE` if ``seat`` of ``volume`` has a league that loads; :class:`LeagueError` otherwise."""
    load(volume, seat)
    return LEAGUE


def available(volume: str) -> bool:
    """Every seat of ``volume`` has a league file that loads (what a menu may offer)."""
    from .registry import is_volume, spec

    if not is_volume(volume):
        return False
    try:
        for seat in spec(volume).agents:
            load(volume, seat)
    except BritishWayError:
        return False
    return True


__all__ = ["FORMAT", "LEAGUE", "LEAGUE_DIR", "Mixture", "available", "check", "draw", "is_league",
           "league_path", "load", "member", "record"]
