"""A rating ladder with intervals: agents play each other in both seats on
the same games, every game is recorded, and a Bradley-Terry model with a seat
term is fitted to all the records (see docs/ladder.md).

    from britishway_env import ladder

    ladder.run("cyprus", ["random", "heuristic", "trained"], games=200, seed=0,
               out="runs/ladder/cyprus")                      # plays only what is missing
    fit = ladder.fit(ladder.read_records("runs/ladder/cyprus/games.jsonl"))
    print(fit.table)                                           # rating, SE, 95% interval, games, score
    print(fit.seat_term, fit.los, fit.seat_model)

An agent is a policy name that :func:`rollouts.run` takes (``random``,
``heuristic``, ``trained``, a policy file ``.npz``, and whatever policy
names it learns later): "this policy in whichever seat it sits".

The model: agent ``i`` in the first seat beats agent ``j`` in the second
with chance ``1 / (1 + 10 ** (-(r_i - r_j + h) / 400))``. It is fitted by
Newton's method on the log-likelihood plus a weak Gaussian prior (mean 0,
standard deviation :data:`PRIOR_SD` Elo) on every free rating and on ``h``,
which keeps an agent that never loses (or never wins) finite. The anchor
(``random`` when it plays, else the first agent of the records) is 0. The
standard errors are the square roots of the diagonal of the inverse of the
negative Hessian at the optimum; the 95% intervals are estimate +- 1.96 SE.

Nothing here imports torch or ray; the games are played by
:func:`rollouts.run`, with its backends.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path
from typing import Callable, Iterable, Sequence

import numpy as np
import pandas as pd

from .errors import BritishWayError

RECORDS_NAME = "games.jsonl"
ANCHOR = "random"
PRIOR_SD = 1000.0                   # Elo: the weak Gaussian prior on every free rating and on h
ELO = 400.0 / math.log(10.0)        # Elo points per unit of natural log-odds
Z95 = 1.959963984540054
MAX_SEED = 2**63 - 1
FIELDS = ("volume", "agents", "seed", "game", "game_seed", "winner", "decisions", "cards", "version")


class LadderError(BritishWayError, ValueError):
    """A ladder that cannot be played or fitted as asked (its arguments, or
    records of another ladder in the same folder)."""


class RecordsError(BritishWayError, ValueError):
    """A ladder records file that cannot be trusted: a line that is not a
    complete, well-formed record, or the same game twice."""


# ------------------------------------------------------------ arguments --

def _seats(volume: str) -> tuple[str, str]:
    from . import rollouts as ro

    found = ro.volume_spec(volume)          # UnknownVolumeError naming the volumes
    if not found.several_seats or len(found.agents) != 2:
        raise LadderError(f"a ladder needs a volume of two seats; {volume} has "
                          f"{len(found.agents)} seat{'s' if len(found.agents) != 1 else ''}")
    return tuple(found.agents)


def check_agents(volume: str, agents: Iterable[str], at_least: int = 2) -> list[str]:
    """The agents as a list, each checked in both seats by :func:`rollouts.resolve_policies`
    (an unknown name fails here, before anything is played), none twice."""
    from . import rollouts as ro

    seats = _seats(volume)
    if isinstance(agents, str):
        agents = [agents]
    out = []
    for name in agents:
        if not isinstance(name, str) or not name.strip():
            raise LadderError(f"an agent must be a policy name, got {name!r}")
        name = name.strip()
        if name in out:
            raise LadderError(f"agent {name!r} is named twice: give each agent once")
        out.append(name)
    if len(out) < at_least:
        raise LadderError(f"a ladder needs at least {at_least} agents, got {len(out)}: {', '.join(out) or 'none'}")
    for name in out:
        ro.resolve_policies(volume, None, {seat: name for seat in seats})
    return out


def check_games(games, what: str = "games") -> int:
    n = _int(games, what)
    if n < 1:
        raise LadderError(f"{what} must be at least 1, got {n}")
    return n


def check_seed(seed) -> int:
    n = _int(seed, "seed")
    if not 0 <= n <= MAX_SEED:
        raise LadderError(f"seed must be in 0..2**63-1, got {n}")
    return n


def _int(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise LadderError(f"{what} must be an integer, got {value!r}")
    return int(value)


def records_path(out: str | os.PathLike) -> Path:
    """The records file of the ladder in folder ``out``."""
    return Path(out) / RECORDS_NAME


def default_out(volume: str) -> Path:
    return Path("runs") / "ladder" / volume


# -------------------------------------------------------------- records --

def _bad(path, number: int, why: str) -> RecordsError:
    return RecordsError(f"{path}, line {number}: {why}")


def _check_record(rec, path, number: int) -> dict:
    from . import rollouts as ro

    if not isinstance(rec, dict):
        raise _bad(path, number, f"a record must be a JSON object, got {type(rec).__name__}")
    missing = [k for k in FIELDS if k not in rec]
    extra = sorted(set(rec) - set(FIELDS))
    if missing or extra:
        raise _bad(path, number, ("missing " + ", ".join(missing) if missing else "")
                   + ("; " if missing and extra else "") + ("unknown field " + ", ".join(extra) if extra else ""))
    volume = rec["volume"]
    if not isinstance(volume, str) or not ro.is_volume(volume):
        raise _bad(path, number, f"unknown volume {volume!r}")
    try:
        seats = _seats(volume)
    except BritishWayError as err:
        raise _bad(path, number, str(err)) from None
    agents = rec["agents"]
    if not isinstance(agents, dict) or list(agents) != list(seats):
        raise _bad(path, number, f"agents must name the seats {', '.join(seats)} in that order, got {agents!r}")
    for seat, name in agents.items():
        if not isinstance(name, str) or not name:
            raise _bad(path, number, f"the agent of seat {seat} must be a non-empty name, got {name!r}")
    if agents[seats[0]] == agents[seats[1]]:
        raise _bad(path, number, f"agent {agents[seats[0]]!r} plays itself")
    for key, low, high in (("seed", 0, MAX_SEED), ("game", 0, MAX_SEED), ("game_seed", -2**63, MAX_SEED),
                           ("decisions", 0, None), ("cards", 0, None)):
        value = rec[key]
        if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
            raise _bad(path, number, f"{key} must be an integer in {low}..{high if high is not None else 'any'}, "
                                     f"got {value!r}")
    if rec["winner"] not in seats:
        raise _bad(path, number, f"winner must be a seat ({', '.join(seats)}), got {rec['winner']!r}")
    if not isinstance(rec["version"], str):
        raise _bad(path, number, f"version must be a string, got {rec['version']!r}")
    return rec


def parse_records(data: bytes, path="records") -> list[dict]:
    """Every record of a records file's bytes, each line checked (:class:`RecordsError`
    naming the line): a complete JSON object with the fields and types of a
    record, known seats, one volume and one ladder seed for the whole file, the
    same game seed wherever a game number is played, no game recorded twice."""
    if data and not data.endswith(b"\n"):
        lines = data.split(b"\n")
        raise _bad(path, len(lines), "incomplete last line (no newline at its end): the file was cut off")
    out, seen, game_seeds = [], {}, {}
    for number, raw in enumerate(data.split(b"\n")[:-1] if data else [], start=1):
        try:
            rec = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as err:
            raise _bad(path, number, f"not a JSON record ({err})") from None
        rec = _check_record(rec, path, number)
        if out:
            first = out[0]
            for key in ("volume", "seed"):
                if rec[key] != first[key]:
                    raise _bad(path, number, f"{key} {rec[key]!r}, but line 1 has {first[key]!r}: one ladder "
                                             "(volume and seed) per records file")
        key = (tuple(rec["agents"].values()), rec["game"])
        if key in seen:
            raise _bad(path, number, f"game {rec['game']} of {' vs '.join(key[0])} is already recorded on line "
                                     f"{seen[key]}")
        seen[key] = number
        known = game_seeds.setdefault(rec["game"], (rec["game_seed"], number))
        if known[0] != rec["game_seed"]:
            raise _bad(path, number, f"game {rec['game']} has seed {rec['game_seed']}, but {known[0]} on line "
                                     f"{known[1]}: the games are not paired")
        out.append(rec)
    return out


def read_records(path: str | os.PathLike, volume: str | None = None, seed: int | None = None) -> pd.DataFrame:
    """The records of a ladder as a frame (no file: no records), checked line by
    line (:func:`parse_records`); ``volume`` and ``seed``, when given, must be
    the records' (:class:`LadderError` otherwise). Columns: ``volume, first,
    second`` (the agents in the first and second seats), ``seed, game,
    game_seed, winner`` (a seat), ``first_won, decisions, cards, version``;
    ``attrs["seats"]`` the seats and ``attrs["sha256"]`` the file's hash."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        data = b""
    records = parse_records(data, path)
    if records:
        for key, want in (("volume", volume), ("seed", seed)):
            if want is not None and records[0][key] != want:
                raise LadderError(f"{path} holds the records of a {key} {records[0][key]!r} ladder, not "
                                  f"{want!r}: use another --out folder")
    return _frame(records, volume, hashlib.sha256(data).hexdigest())


def _frame(records: list[dict], volume: str | None = None, sha256: str = "") -> pd.DataFrame:
    seats = _seats(records[0]["volume"] if records else volume) if (records or volume) else ("first", "second")
    rows = {
        "volume": [r["volume"] for r in records],
        "first": [r["agents"][seats[0]] for r in records],
        "second": [r["agents"][seats[1]] for r in records],
        **{k: [r[k] for r in records] for k in ("seed", "game", "game_seed", "winner")},
        "first_won": [r["winner"] == seats[0] for r in records],
        **{k: [r[k] for r in records] for k in ("decisions", "cards", "version")},
    }
    df = pd.DataFrame(rows)
    for k in ("seed", "game", "game_seed", "decisions", "cards"):
        df[k] = df[k].astype(np.int64) if len(df) else np.zeros(0, np.int64)
    df["first_won"] = df["first_won"].astype(bool)
    df.attrs["seats"] = tuple(seats)
    df.attrs["sha256"] = sha256
    return df


def records_from_rows(volume: str, df: pd.DataFrame, seed: int, first: str, second: str) -> list[dict]:
    """Ladder records of the rows of one :func:`rollouts.run` (``first`` in the first seat)."""
    from .provenance import package_version

    seats = _seats(volume)
    version = package_version()
    out = []
    for row in df.itertuples(index=False):
        out.append({"volume": volume, "agents": {seats[0]: first, seats[1]: second}, "seed": int(seed),
                    "game": int(row.game), "game_seed": int(row.seed), "winner": str(row.winner),
                    "decisions": int(row.decisions), "cards": int(len(row.cards)), "version": version})
    return out


def append_records(path: str | os.PathLike, records: Sequence[dict]) -> int:
    """Add ``records`` at the end of the records file ``path``: the file is
    rewritten whole, atomically (a temporary file renamed over it, see
    :mod:`io`), so it holds either every line before or every line after, never
    a half line; what was there is checked first and kept byte for byte.
    Returns the number of records in the file."""
    from .io import atomic_write_bytes, deferred_signals

    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        data = b""
    lines = b"".join(json.dumps(r, separators=(", ", ": ")).encode() + b"\n" for r in records)
    every = parse_records(data + lines, path)          # the new lines must be records that fit the file
    if records:
        with deferred_signals():
            atomic_write_bytes(path, data + lines)
    return len(every)


# --------------------------------------------------------------- playing --

@dataclass(frozen=True)
class Batch:
    """Games ``start .. start + count - 1`` of ``first`` (first seat) against ``second``."""

    first: str
    second: str
    start: int
    count: int


def missing_batches(records: pd.DataFrame, pairings: Iterable[tuple[str, str]], stop: int,
                    start: int = 0) -> list[Batch]:
    """The batches of games ``start .. stop - 1`` each seat assignment of
    ``pairings`` (``(first, second)`` agents) lacks in ``records``, in ranges of
    consecutive game numbers."""
    from .rollouts import ranges_of

    have = {}
    for (a, b), games in records.groupby(["first", "second"])["game"] if len(records) else []:
        have[(a, b)] = set(games.tolist())
    out = []
    for a, b in pairings:
        got = have.get((a, b), set())
        need = np.array([g for g in range(start, stop) if g not in got], dtype=np.int64)
        out.extend(Batch(a, b, lo, hi - lo) for lo, hi in ranges_of(need))
    return out


def seat_assignments(agents: Sequence[str]) -> list[tuple[str, str]]:
    """Every pairing of distinct agents in both seat assignments: (A, B), (B, A), ..."""
    return [pair for a, b in combinations(agents, 2) for pair in ((a, b), (b, a))]


def play_batches(volume: str, batches: Sequence[Batch], seed: int, out: str | os.PathLike,
                 threads: int | None = None, backend: str = "local", address: str | None = None,
                 progress: Callable[[int], None] | None = None) -> int:
    """Play each batch with :func:`rollouts.run` (base ``seed``, the batch's game
    numbers) and append its records once it is finished. Returns the games played."""
    from . import rollouts as ro

    seats = _seats(volume)
    played = 0
    path = records_path(out)
    for batch in batches:
        df = ro.run(volume, batch.count, seed=seed, policies={seats[0]: batch.first, seats[1]: batch.second},
                    threads=threads, backend=backend, address=address, first_game=batch.start, progress=progress)
        append_records(path, records_from_rows(volume, df, seed, batch.first, batch.second))
        played += len(df)
    return played


def prepare(volume: str, out: str | os.PathLike, seed: int, backend: str = "local", threads: int | None = None,
            address: str | None = None) -> pd.DataFrame:
    """Check what every ladder command shares (the seed, the backend, the threads, the
    out folder and the records there, which must be this volume's and seed's) and
    return the records."""
    from . import rollouts as ro
    from .io import check_output_path

    _seats(volume)
    seed = check_seed(seed)
    ro.check_threads(threads)
    if backend not in ro.BACKENDS:
        raise LadderError(f"backend must be one of {', '.join(ro.BACKENDS)}, got {backend!r}")
    if backend not in ro.volume_spec(volume).backends:
        raise LadderError(f"backend {backend!r} is available for {', '.join(ro.backend_volumes(backend))}, "
                          f"not {volume}")
    if backend == "ray":
        from .distributed import require_ray

        require_ray()
    elif address is not None:
        raise LadderError("address is only used with backend 'ray'")
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise LadderError(f"--out {str(out)!r} is a file; the ladder keeps its records in a folder")
    check_output_path(records_path(out), (".jsonl",), what="ladder records")
    return read_records(records_path(out), volume, seed)


def plan(volume: str, agents: Sequence[str], games: int, seed: int, out: str | os.PathLike,
         backend: str = "local", threads: int | None = None, address: str | None = None) -> list[Batch]:
    """Check every argument of a ladder run (nothing is played) and return the
    batches it has to play: the games the records lack."""
    agents = check_agents(volume, agents)
    games = check_games(games)
    seed = check_seed(seed)
    from . import rollouts as ro

    ro.check_run(volume, games, seed)               # at most a run's number of games per batch
    records = prepare(volume, out, seed, backend, threads, address)
    return missing_batches(records, seat_assignments(agents), games)


def run(volume: str, agents: Sequence[str], games: int, seed: int = 0, out: str | os.PathLike | None = None,
        backend: str = "local", threads: int | None = None, address: str | None = None,
        progress: Callable[[int], None] | None = None) -> pd.DataFrame:
    """Play the ladder of ``agents`` on ``volume``: every pairing in both seat
    assignments, games ``0 .. games - 1`` of base ``seed`` each (the same
    games for every pairing), only the games the records in ``out`` (default
    ``runs/ladder/<volume>``) lack; returns every record there
    (:func:`read_records`), to be fitted with :func:`fit`."""
    out = default_out(volume) if out is None else Path(out)
    batches = plan(volume, agents, games, seed, out, backend, threads, address)
    play_batches(volume, batches, seed, out, threads, backend, address, progress)
    return read_records(records_path(out), volume, seed)


# ------------------------------------------------------------------ fit --

def _norm_cdf(x):
    return 0.5 * (1.0 + np.vectorize(math.erf)(np.asarray(x, dtype=float) / math.sqrt(2.0)))


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square with ``df`` degrees of freedom (the regularised
    upper incomplete gamma function, by its series or continued fraction)."""
    if df <= 0:
        return float("nan")
    if x <= 0:
        return 1.0
    a, z = df / 2.0, x / 2.0
    lg = math.lgamma(a)
    if z < a + 1.0:                          # series for P, then 1 - P
        term = total = 1.0 / a
        ap = a
        for _ in range(10_000):
            ap += 1.0
            term *= z / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-z + a * math.log(z) - lg))
    tiny = 1e-300                            # Lentz's continued fraction for Q
    b = z + 1.0 - a
    c, d = 1.0 / tiny, 1.0 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return min(1.0, math.exp(-z + a * math.log(z) - lg) * h)


@dataclass
class Newton:
    """A fitted logistic model: ``theta`` (Elo), its covariance, the log-likelihood
    (without the prior) and Newton's iterations."""

    theta: np.ndarray
    cov: np.ndarray
    loglik: float
    iterations: int


def newton_logistic(X: np.ndarray, wins: np.ndarray, games: np.ndarray, prior_sd: float = PRIOR_SD,
                    tol: float = 1e-9, max_iter: int = 100) -> Newton:
    """Maximise ``sum(w log p + (n - w) log(1 - p)) - |theta|^2 / (2 prior_sd^2)``
    with ``p = 1 / (1 + 10 ** (-X theta / 400))`` (theta in Elo) by Newton's
    method, halving a step that does not raise it; the covariance is the inverse
    of the negative Hessian at the optimum."""
    X = np.asarray(X, dtype=float) / ELO             # X @ theta: natural log-odds, theta in Elo
    w = np.asarray(wins, dtype=float)
    n = np.asarray(games, dtype=float)
    lam = 1.0 / prior_sd ** 2                        # the prior's precision
    k = X.shape[1]
    theta = np.zeros(k)

    def objective(t):
        eta = X @ t
        ll = float(np.sum(w * -np.logaddexp(0.0, -eta) + (n - w) * -np.logaddexp(0.0, eta)))
        return ll - 0.5 * lam * float(t @ t), ll

    value, ll = objective(theta)
    it = 0
    for it in range(1, max_iter + 1):
        p = 1.0 / (1.0 + np.exp(-(X @ theta)))
        grad = X.T @ (w - n * p) - lam * theta
        info = (X * (n * p * (1 - p))[:, None]).T @ X + lam * np.eye(k)
        step = np.linalg.solve(info, grad)
        scale = 1.0
        while True:
            new_value, new_ll = objective(theta + scale * step)
            if new_value >= value - 1e-12 or scale < 1e-10:
                break
            scale /= 2
        theta = theta + scale * step
        value, ll = new_value, new_ll
        if np.max(np.abs(scale * step)) < tol:
            break
    p = 1.0 / (1.0 + np.exp(-(X @ theta)))
    info = (X * (n * p * (1 - p))[:, None]).T @ X + lam * np.eye(k)
    return Newton(theta, np.linalg.inv(info), ll, it)


def elo_win_probability(diff) -> np.ndarray:
    """The chance of winning at an Elo advantage ``diff``."""
    return 1.0 / (1.0 + 10.0 ** (-np.asarray(diff, dtype=float) / 400.0))


@dataclass
class Fit:
    """The ladder's fit: ``table`` (agent, rating, se, ci95_low, ci95_high, games,
    wins, score; best first), ``seat_term`` (h, se, interval and the first seat's
    chance against an equal agent), ``los`` (P(row stronger than column)),
    ``cov`` (of the ratings, anchor row and column 0) and ``seat_model`` (the
    comparison with one rating per agent and seat)."""

    volume: str | None
    seats: tuple[str, str]
    anchor: str
    agents: list[str]
    table: pd.DataFrame
    seat_term: dict
    los: pd.DataFrame
    cov: pd.DataFrame
    seat_model: dict
    records: int
    sha256: str = ""
    iterations: int = 0
    per_seat: pd.DataFrame = field(default_factory=pd.DataFrame)


def _cells(records: pd.DataFrame, agents: list[str]):
    index = {a: k for k, a in enumerate(agents)}
    grouped = records.groupby(["first", "second"], sort=False)["first_won"].agg(["sum", "count"]).reset_index()
    i = grouped["first"].map(index).to_numpy()
    j = grouped["second"].map(index).to_numpy()
    return i, j, grouped["sum"].to_numpy(float), grouped["count"].to_numpy(float)


def fit(records: pd.DataFrame, anchor: str | None = None, prior_sd: float = PRIOR_SD) -> Fit:
    """Fit the Bradley-Terry model with a seat term to ``records`` (a frame of
    :func:`read_records`, or any frame with columns ``first, second,
    first_won``), and the model with one rating per agent and seat beside it."""
    if not len(records):
        raise LadderError("no games to fit: play the ladder first")
    agents = list(dict.fromkeys(pd.concat([records["first"], records["second"]]).tolist()))
    if anchor is None:
        anchor = ANCHOR if ANCHOR in agents else agents[0]
    elif anchor not in agents:
        raise LadderError(f"anchor {anchor!r} has no games; agents: {', '.join(agents)}")
    agents = [anchor] + [a for a in agents if a != anchor]
    k = len(agents)
    i, j, w, n = _cells(records, agents)
    m = len(i)
    # One rating per agent (the anchor's fixed at 0) and the seat term h.
    X = np.zeros((m, k))
    X[np.arange(m), i] += 1.0
    X[np.arange(m), j] -= 1.0
    X = np.column_stack([X[:, 1:], np.ones(m)])
    one = newton_logistic(X, w, n, prior_sd)
    ratings = np.concatenate([[0.0], one.theta[:-1]])
    cov = np.zeros((k, k))
    cov[1:, 1:] = one.cov[:-1, :-1]
    se = np.sqrt(np.diag(cov))
    h, h_se = float(one.theta[-1]), float(math.sqrt(one.cov[-1, -1]))
    # Games and score of each agent, both seats together.
    first_won = records["first_won"].to_numpy(bool)
    won = pd.concat([records.loc[first_won, "first"], records.loc[~first_won, "second"]]).value_counts()
    played = pd.concat([records["first"], records["second"]]).value_counts()
    table = pd.DataFrame({
        "agent": agents, "rating": ratings, "se": se,
        "ci95_low": ratings - Z95 * se, "ci95_high": ratings + Z95 * se,
        "games": [int(played.get(a, 0)) for a in agents], "wins": [int(won.get(a, 0)) for a in agents],
    })
    table["score"] = table["wins"] / table["games"]
    table = table.sort_values("rating", ascending=False, kind="stable").reset_index(drop=True)
    diff_var = np.diag(cov)[:, None] + np.diag(cov)[None, :] - 2 * cov
    with np.errstate(divide="ignore", invalid="ignore"):
        z = (ratings[:, None] - ratings[None, :]) / np.sqrt(diff_var)
    los = _norm_cdf(np.nan_to_num(z))
    np.fill_diagonal(los, np.nan)
    order = [agents.index(a) for a in table["agent"]]
    los_frame = pd.DataFrame(los[np.ix_(order, order)], index=table["agent"], columns=table["agent"])
    seats = tuple(records.attrs.get("seats", ("first", "second")))
    seat_term = {"h": h, "se": h_se, "ci95_low": h - Z95 * h_se, "ci95_high": h + Z95 * h_se,
                 "first_seat_wins": float(elo_win_probability(h)),
                 "first_seat_wins_low": float(elo_win_probability(h - Z95 * h_se)),
                 "first_seat_wins_high": float(elo_win_probability(h + Z95 * h_se)),
                 "first_seat_rate": float(first_won.mean())}
    seat_model, per_seat = _per_seat_model(agents, i, j, w, n, one, X, prior_sd)
    volume = str(records["volume"].iloc[0]) if "volume" in records and len(records) else None
    return Fit(volume, seats, anchor, agents, table, seat_term, los_frame,
               pd.DataFrame(cov, index=agents, columns=agents), seat_model, len(records),
               records.attrs.get("sha256", ""), one.iterations, per_seat)


def _per_seat_model(agents, i, j, w, n, one: Newton, X_one: np.ndarray, prior_sd: float):
    """One rating per (agent, seat) (the anchor's first-seat rating fixed at 0;
    the seat term is then their difference), and the likelihood-ratio test
    against one rating per agent: the extra degrees of freedom are the
    difference of the two designs' ranks on the pairings played."""
    k, m = len(agents), len(i)
    Z = np.zeros((m, 2 * k))
    Z[np.arange(m), 2 * i] += 1.0                  # agent i in the first seat
    Z[np.arange(m), 2 * j + 1] -= 1.0              # agent j in the second seat
    Z = Z[:, 1:]
    two = newton_logistic(Z, w, n, prior_sd)
    theta = np.concatenate([[0.0], two.theta])
    dof = int(np.linalg.matrix_rank(Z) - np.linalg.matrix_rank(X_one))
    stat = max(0.0, 2.0 * (two.loglik - one.loglik))
    p = chi2_sf(stat, dof) if dof > 0 else float("nan")
    # On the one-rating model's scale: the anchor's second-seat rating 0, the first seat's ratings less the
    # seat term h of the one-rating model; where that model holds, both columns read each agent's rating.
    first, second = theta[0::2] - theta[1], theta[1::2] - theta[1]
    per_seat = pd.DataFrame({"agent": agents, "first_seat": first - one.theta[-1], "second_seat": second})
    return {"lr": stat, "dof": dof, "p": p, "loglik_one": one.loglik, "loglik_per_seat": two.loglik,
            "matters": bool(dof > 0 and p < 0.05)}, per_seat


# ----------------------------------------------------------------- SPRT --

def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's bounds on the log-likelihood ratio: accept H0 at or below
    ``log(beta / (1 - alpha))``, H1 at or above ``log((1 - beta) / alpha)``."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def sprt_llr(a_first: np.ndarray, a_won: np.ndarray, elo0: float, elo1: float, h: float) -> float:
    """The log-likelihood ratio of H1 (A stronger than B by ``elo1``) against H0
    (by ``elo0``) of games between A and B: ``a_first`` whether A sat in the
    first seat, ``a_won`` whether A won; ``h`` the first seat's advantage."""
    a_first = np.asarray(a_first, dtype=bool)
    a_won = np.asarray(a_won, dtype=bool)
    edge = np.where(a_first, h, -h)

    def loglik(d):
        p = elo_win_probability(d + edge)
        return np.sum(np.where(a_won, np.log(p), np.log1p(-p)))

    return float(loglik(elo1) - loglik(elo0))


@dataclass
class Sprt:
    """The outcome of a sequential test: ``decision`` ("H1", "H0" or
    "inconclusive"), the LLR after each batch (``trajectory``: (games, llr)),
    the games used (both seat assignments), the bounds and the seat term used last."""

    a: str
    b: str
    elo0: float
    elo1: float
    alpha: float
    beta: float
    bounds: tuple[float, float]
    decision: str
    trajectory: list[tuple[int, float]]
    games: int
    h: float
    played: int = 0

    @property
    def llr(self) -> float:
        return self.trajectory[-1][1] if self.trajectory else 0.0

    def summary(self) -> str:
        said = {"H1": f"{self.a} is stronger than {self.b} by at least {self.elo1:g} Elo (H1 accepted)",
                "H0": f"{self.a} is not stronger than {self.b} by more than {self.elo0:g} Elo (H0 accepted)",
                "inconclusive": "inconclusive: the games ran out before the LLR reached a bound"}[self.decision]
        return (f"SPRT {self.a} vs {self.b}: H0 elo {self.elo0:g}, H1 elo {self.elo1:g}, alpha {self.alpha:g}, "
                f"beta {self.beta:g}; bounds [{self.bounds[0]:.3f}, {self.bounds[1]:.3f}]; LLR {self.llr:.3f} "
                f"after {self.games:,} games (h {self.h:+.1f}); {said}")


def check_sprt(elo0, elo1, alpha, beta, max_games, batch) -> None:
    """Validate the sequential test's arguments (:class:`LadderError` naming the first bad one)."""
    for name, v in (("elo0", elo0), ("elo1", elo1), ("alpha", alpha), ("beta", beta)):
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise LadderError(f"{name} must be a number, got {v!r}")
    if not elo0 < elo1:
        raise LadderError(f"elo0 must be below elo1, got elo0 {elo0:g}, elo1 {elo1:g}")
    for name, v in (("alpha", alpha), ("beta", beta)):
        if not 0 < v < 0.5:
            raise LadderError(f"{name} must be in (0, 0.5), got {v:g}")
    if check_games(max_games, "max games") < 2:
        raise LadderError(f"max games must be at least 2 (one game in each seat assignment), got {max_games}")
    check_games(batch, "batch")


def sequential(next_games: Callable[[int], tuple[np.ndarray, np.ndarray]], elo0: float, elo1: float,
               alpha: float, beta: float, max_games: int, batch: int, seat_term: Callable[[], float] | float,
               a: str = "A", b: str = "B") -> Sprt:
    """Wald's sequential test, batch by batch: ``next_games(stop)`` gives
    (``a_first``, ``a_won``) of every game between A and B numbered below
    ``stop``, in both seat assignments; after each batch of ``batch`` game
    numbers the LLR is computed with the seat term ``seat_term()`` and the test
    stops at the first bound reached, or when ``max_games`` games (both seat
    assignments together) are used."""
    check_sprt(elo0, elo1, alpha, beta, max_games, batch)
    low, high = sprt_bounds(alpha, beta)
    last = max_games // 2
    trajectory, stop, decision, h, used = [], 0, "inconclusive", 0.0, 0
    while stop < last:
        stop = min(stop + batch, last)
        a_first, a_won = next_games(stop)
        h = float(seat_term() if callable(seat_term) else seat_term)
        llr = sprt_llr(a_first, a_won, elo0, elo1, h)
        used = len(a_first)
        trajectory.append((used, llr))
        if llr >= high:
            decision = "H1"
            break
        if llr <= low:
            decision = "H0"
            break
    return Sprt(a, b, float(elo0), float(elo1), float(alpha), float(beta), (low, high), decision, trajectory,
                used, h)


def plan_sprt(volume: str, a: str, b: str, seed: int, out, elo0: float = 0.0, elo1: float = 30.0,
              alpha: float = 0.05, beta: float = 0.05, max_games: int = 20_000, batch: int = 100,
              backend: str = "local", threads: int | None = None, address: str | None = None) -> pd.DataFrame:
    """Check every argument of :func:`sprt` (nothing is played); returns the records."""
    check_agents(volume, [a, b])
    check_sprt(elo0, elo1, alpha, beta, max_games, batch)
    seed = check_seed(seed)
    from . import rollouts as ro

    ro.check_run(volume, batch, seed)
    return prepare(volume, out, seed, backend, threads, address)


def sprt(volume: str, a: str, b: str, seed: int = 0, out=None, elo0: float = 0.0, elo1: float = 30.0,
         alpha: float = 0.05, beta: float = 0.05, max_games: int = 20_000, batch: int = 100,
         backend: str = "local", threads: int | None = None, address: str | None = None,
         progress: Callable[[int], None] | None = None) -> Sprt:
    """Test "A is stronger than B by ``elo1`` Elo" (H1) against "by ``elo0``"
    (H0) on paired games of the ladder in ``out``: game numbers 0, 1, 2, ... in
    both seat assignments, ``batch`` game numbers at a time (those the records
    already hold are not played again; the games played are added to them),
    the seat term from the fit of every record after each batch."""
    out = default_out(volume) if out is None else Path(out)
    plan_sprt(volume, a, b, seed, out, elo0, elo1, alpha, beta, max_games, batch, backend, threads, address)
    path = records_path(out)
    played = [0]
    state = {}

    def next_games(stop):
        records = read_records(path, volume, seed)
        todo = missing_batches(records, [(a, b), (b, a)], stop)
        if todo:
            played[0] += play_batches(volume, todo, seed, out, threads, backend, address, progress)
            records = read_records(path, volume, seed)
        state["records"] = records
        mine = records[(((records["first"] == a) & (records["second"] == b)) |
                        ((records["first"] == b) & (records["second"] == a))) & (records["game"] < stop)]
        a_first = (mine["first"] == a).to_numpy()
        return a_first, (mine["first_won"].to_numpy() == a_first)

    result = sequential(next_games, elo0, elo1, alpha, beta, max_games, batch,
                        lambda: fit(state["records"]).seat_term["h"], a, b)
    result.played = played[0]
    return result


# ---------------------------------------------------------------- output --

def fmt_rating(x: float) -> str:
    """Whole Elo points with a sign (0 without one)."""
    v = int(round(float(x)))
    return f"{v:+d}" if v else "0"


def table_lines(result: Fit) -> list[str]:
    """The ratings table as Markdown, best first."""
    out = [TABLE_HEAD, "|---|---:|---:|---|---:|---:|---:|"]
    for row in result.table.itertuples():
        anchor = " (anchor)" if row.agent == result.anchor else ""
        out.append(f"| {row.agent}{anchor} | {fmt_rating(row.rating)} | {row.se:.0f} | "
                   f"[{fmt_rating(row.ci95_low)}, {fmt_rating(row.ci95_high)}] | {row.games:,} | {row.wins:,} | "
                   f"{row.score:.3f} |")
    return out


TABLE_HEAD = "| agent | rating (Elo) | SE | 95% interval | games | wins | score |"


def read_table(text: str) -> dict[str, dict]:
    """The ratings table of a ladder page (as :func:`table_lines` writes it)
    read back: agent -> {rating, se, low, high, games, wins, score}; {} when
    the text holds no such table. What the bot menu shows (britishway_env/levels.py)."""
    lines = text.splitlines()
    try:
        start = lines.index(TABLE_HEAD) + 2
    except ValueError:
        return {}
    out: dict[str, dict] = {}
    for line in lines[start:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) != 7:
            break
        try:
            low, high = (int(x) for x in cells[3].strip("[]").split(","))
            out[cells[0].removesuffix(" (anchor)")] = {
                "rating": int(cells[1]), "se": int(cells[2]), "low": low, "high": high,
                "games": int(cells[4].replace(",", "")), "wins": int(cells[5].replace(",", "")),
                "score": float(cells[6])}
        except ValueError:
            break
    return out


def seat_term_line(result: Fit) -> str:
    """The seat term, its interval and the first seat's chance between equal agents, in words."""
    s = result.seat_term
    first = result.seats[0]
    return (f"seat term h = {fmt_rating(s['h'])} Elo (SE {s['se']:.0f}, 95% [{fmt_rating(s['ci95_low'])}, "
            f"{fmt_rating(s['ci95_high'])}]): "
            f"between equally strong agents {first} wins {s['first_seat_wins']:.3f} "
            f"(95% [{s['first_seat_wins_low']:.3f}, {s['first_seat_wins_high']:.3f}]) of games")


def seat_model_line(result: Fit) -> str:
    """The comparison with one rating per agent and seat, in words."""
    m = result.seat_model
    if m["dof"] <= 0:
        return ("one rating per agent and seat: not testable on these pairings (with two agents both models "
                "fit every seat assignment exactly); three or more agents are needed")
    verdict = ("seat-specific strength matters: an agent's strength differs between the seats (p < 0.05), "
               "so one rating per agent is a summary" if m["matters"] else
               "no evidence that an agent's strength differs between the seats (p >= 0.05)")
    return (f"one rating per agent and seat vs one per agent: likelihood ratio {m['lr']:.2f} on {m['dof']} "
            f"degrees of freedom, p = {m['p']:.3g}; {verdict}")


def los_lines(result: Fit) -> list[str]:
    """The likelihood-of-superiority matrix as Markdown."""
    names = list(result.los.columns)
    out = ["| P(row > column) | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
    for a in names:
        cells = ["" if a == b else f"{result.los.loc[a, b]:.3f}" for b in names]
        out.append(f"| {a} | " + " | ".join(cells) + " |")
    return out


def per_seat_lines(result: Fit) -> list[str]:
    """The ratings of the model with one rating per agent and seat, as Markdown."""
    first, second = result.seats
    out = [f"| agent | as {first} | as {second} |", "|---|---:|---:|"]
    order = {a: k for k, a in enumerate(result.table["agent"])}
    for row in sorted(result.per_seat.itertuples(), key=lambda r: order[r.agent]):
        out.append(f"| {row.agent} | {fmt_rating(row.first_seat)} | {fmt_rating(row.second_seat)} |")
    return out


def plot(result: Fit, path: str | os.PathLike) -> Path:
    """A PNG of the ratings with their 95% intervals (matplotlib, Agg), written atomically."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    from .io import save_figure

    t = result.table.iloc[::-1]
    fig, ax = plt.subplots(figsize=(6.4, 0.5 * len(t) + 1.4))
    try:
        y = np.arange(len(t))
        ax.errorbar(t["rating"], y, xerr=[t["rating"] - t["ci95_low"], t["ci95_high"] - t["rating"]],
                    fmt="o", color="tab:blue", ecolor="tab:gray", capsize=4)
        ax.set_yticks(y, t["agent"])
        ax.axvline(0, color="lightgray", lw=1, zorder=0)
        ax.set_xlabel(f"rating (Elo, {result.anchor} = 0) with 95% interval")
        ax.set_title(f"{result.volume or ''} ladder: {result.records:,} games".strip())
        fig.tight_layout()
        path = save_figure(fig, path, dpi=100)
    finally:
        plt.close(fig)
    return path


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def write_page(result: Fit, page: str | os.PathLike, command: str, records_file: str | os.PathLike) -> Path:
    """The ladder's Markdown page (written atomically) with its plot next to it (same name, .png)."""
    from .io import atomic_write_text

    page = Path(page)
    picture = plot(result, page.with_suffix(".png"))
    volume = result.volume or "?"
    first, second = result.seats
    lines = [f"# The {volume} ladder", "",
             f"Every pairing of agents played the same games in both seat assignments ({first} and {second}); "
             f"the ratings are a Bradley-Terry fit with a seat term to all {result.records:,} games "
             f"(docs/ladder.md). Elo scale, {result.anchor} = 0; the intervals are 95%, from the inverse "
             "Hessian of the fit.", "",
             *table_lines(result), "", f"![ratings with 95% intervals]({picture.name})", "",
             "## The seat term", "",
             _sentence(seat_term_line(result)) + ". This is the volume's balance between equally strong players: "
             f"0 would mean that {first} and {second} win equally often; the raw share of {first} wins in "
             f"these games is {result.seat_term['first_seat_rate']:.3f}.", "",
             "## Likelihood of superiority", "",
             "The chance that the row's agent is stronger than the column's (normal approximation, from "
             "the covariance of the two ratings).", "",
             *los_lines(result), "",
             "## One rating per agent, or one per seat", "",
             _sentence(seat_model_line(result)) + ".", "",
             *(["Ratings of the model with one rating per agent and seat (on the same scale: where one rating "
                "per agent holds, an agent's two columns agree up to their intervals):", "",
                *per_seat_lines(result), ""] if result.seat_model["dof"] > 0 else []),
             "## How it was made", "", "```", command, "```", "",
             f"Records: `{Path(records_file).as_posix()}`, {result.records:,} games, SHA-256 `{result.sha256}`.", ""]
    atomic_write_text(page, "\n".join(lines))
    return page
