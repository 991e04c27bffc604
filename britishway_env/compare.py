"""Paired comparison of rollout arms: what a change did to the same games.

    britishway compare base.parquet random_irgun=arm.parquet --out cmp/report.md --csv cmp/table.csv

A *base* run and one or more *arms* are rows files that ``britishway rollouts
VOLUME --seed S --out FILE`` wrote for the same games (same volume, base seed
and game numbers) with one thing changed: a policy pair, or a rule variant
(``--variant``, britishway_env/variants.py; ``britishway experiment`` writes
whole sets of them). Game *g* of a run always has the same seed, so game *g* of the base and
game *g* of an arm start from the same deal and dice stream: every measure is
compared game by game, and the games (not the rows) are the independent units.
The games are paired by ``(seed, game)``; an arm must hold exactly the base's
games (``allow_partial`` compares the games both hold, and says how many were
left out).

For each arm against its base this module gives, per seat and per game-level
measure, the base's value, the arm's value (each with its own 95% interval)
and the difference arm - base with a 95% interval:

``win_rate`` (per seat)
    The share of games the seat won. Own intervals: Wilson. Difference:
    Newcombe's interval for paired proportions (method 10,
    ``engine/stats.paired_difference``), and McNemar's exact p-value
    (``stats.mcnemar_exact``: only the games the two arms split count). These
    p-values are the family corrected for multiple comparisons (Holm by
    default, or Benjamini-Hochberg, or none) over every arm of every level. In
    a game of two seats with exactly one winner, one seat's win is the other's
    loss: the two seats' tests are one test (the same split games) and count
    once in the family.
``balance``
    Ludii's Balance (Browne's criterion; Ludii's ``metrics.single.outcome.Balance``):
    how alike the seats' win rates are, one minus the largest gap between two
    seats' win rates; 1 is even, 0 is one seat winning every game. Here
    ``1 - |w_first - w_second|``. Own interval: the Wilson interval of the
    first seat's win rate carried through ``p -> 1 - |2p - 1|`` (every game
    has one winner, so the second seat's rate is ``1 - p``); the image of a
    95% confidence set is one, so it covers at least 95%, up to 1 when the
    interval holds 1/2. Difference: paired bootstrap percentile interval
    (games resampled with replacement, both arms' results of a game kept
    together; ``bootstrap`` resamples, fixed seed). Near perfect balance
    (both win rates about 1/2) the bootstrap interval of a difference of
    ``|.|`` is unreliable: read the win-rate test there.
``decisiveness``
    Ludii's decisiveness measures (``DecisivenessMoves``, ``DecisivenessThreshold``)
    need a state evaluation after every move, which the rows do not hold.
    What the rows do say is whether the game was decided before the deck ran
    out: the share of games that ended before the final Propaganda Round, by
    the insurgent's Early Victory at an earlier round's victory check (7.0.1,
    all three volumes), against those played to the final Propaganda Round
    (where either 7.0.1 or the Final Victory, 7.0.2, ends them). Own
    intervals: Wilson; difference: Newcombe's paired interval.
``decisions``, ``cards``
    Ludii's Duration (``DurationMoves``, ``DurationTurns``): the mean number
    of decisions (every choice a seat made) and of cards revealed per game.
    Own intervals and difference: the normal interval of a mean, the
    difference being the mean of per-game differences
    (``stats.mean_difference_interval``, on the raw scale).
``victory_round``
    The mean Propaganda Round that ended the game (all games); normal
    intervals as above.
``early_victory_round``
    The victory timing per victory type: the mean round of the insurgent's
    Early Victories (7.0.1), over the games that ended so in each arm (a
    Final Victory, 7.0.2, always comes in the last round, so its timing does
    not change). Own intervals: normal, over those games; difference: paired
    bootstrap percentile interval (the two arms' early victories are
    different sets of games).
``lead_changes``
    Ludii's Lead Change (``metrics.single.stateEvaluation.LeadChange``:
    how often the expected winner changes in a game, per move) read from
    the one position every game records, British Political Will after each
    Propaganda Round's Political Will Phase (``political_will_after_round``,
    6.1), starting from its setup value (2.1): the number of times it
    crosses the volume's neutral point, half the Political Will track
    (:func:`neutral_point`; docs/rules_decisions.md V-1). Above it the
    British lead, below it the insurgent; a value on the point keeps the
    last leader. A count per game, not divided by the moves (a game has at
    most one point per Propaganda Round). Own intervals and difference:
    normal, as for the means.

Strength levels: the same arms compared under several bases (scripted
bots, trained networks...) are *levels*; each level is compared with its own
base, arms are matched across levels by name, and a warning names every arm
whose win-rate change is significant at one level (adjusted p at most
:data:`ALPHA`) and has the opposite sign at another.

The result (:class:`Comparison`) holds a tidy table (one row per level, arm,
seat and measure; :data:`COLUMNS`), written as CSV (:func:`write_csv`) and as
a Markdown report with a forest plot of the win-rate differences beside it
(:func:`write_report`).
"""

from __future__ import annotations

import dataclasses
import math
import os
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from .engine.coin.rollouts import final_round, setup_political_will
from .engine.spec import VolumeSpec
from .engine.stats import (benjamini_hochberg, holm, mcnemar_exact, mean_difference_interval, paired_difference,
                           wilson_interval)
from .errors import BritishWayError, CompareError, UnknownVolumeError

__all__ = ["CompareError", "Input", "Level", "Run", "Comparison", "parse_inputs", "load_run", "run_of_source",
           "compare", "compare_runs", "compare_frames", "lead_changes", "lead_changes_of", "neutral_point",
           "balance_interval", "write_csv", "write_report", "plot", "COLUMNS", "MEASURES", "ADJUSTMENTS", "ALPHA"]

ALPHA = 0.05                    # "significant": adjusted p at most this (the levels' warning, the report's marks)
ADJUSTMENTS = {"holm": "Holm's step-down (family-wise error rate)",
               "bh": "Benjamini-Hochberg (false discovery rate)",
               "none": "none (each p-value on its own)"}
DEFAULT_BOOTSTRAP = 2000
BOOTSTRAP_SEED = 0
ALL_SEATS = "all"               # the seat column of a game-level measure

# measure -> (what it is, how its own values' intervals are made, how the difference's)
MEASURES = {
    "win_rate": ("share of games the seat won", "Wilson",
                 "Newcombe's paired interval (method 10); McNemar's exact p"),
    "balance": ("1 - |first seat's win rate - second seat's|", "Wilson interval of the first seat's win rate "
                "through 1 - |2p - 1|", "paired bootstrap percentile"),
    "decisiveness": ("share of games ended before the final Propaganda Round (7.0.1)", "Wilson",
                     "Newcombe's paired interval (method 10)"),
    "decisions": ("mean decisions per game", "normal", "normal, mean of per-game differences"),
    "cards": ("mean cards revealed per game", "normal", "normal, mean of per-game differences"),
    "victory_round": ("mean Propaganda Round that ended the game", "normal", "normal, mean of per-game differences"),
    "early_victory_round": ("mean round of the insurgent's Early Victories (7.0.1)", "normal, over those games",
                            "paired bootstrap percentile"),
    "lead_changes": ("mean crossings of the neutral Political Will per game", "normal",
                     "normal, mean of per-game differences"),
}
COLUMNS = ("level", "arm", "seat", "measure", "base", "arm_value", "difference", "low", "high", "p", "p_adjusted",
           "base_low", "base_high", "arm_low", "arm_high", "games", "method")


# ------------------------------------------------------------------ inputs --

@dataclass(frozen=True)
class Input:
    """One rows file (or folder of the parts of one run) named on the command line."""

    name: str
    path: Path


@dataclass(frozen=True)
class Level:
    """A base and the arms compared with it (``name`` "" when there is one level)."""

    name: str
    base: Input
    arms: tuple[Input, ...]


def _input(token: str) -> Input:
    """``NAME=FILE``, or ``FILE`` (named by its stem; a folder by its name). A
    token that is an existing path is a file even if it holds ``=``."""
    token = str(token)
    if "=" in token and not Path(token).exists():
        name, _, path = token.partition("=")
        name = name.strip()
        if not name or "/" in name or os.sep in name:
            raise CompareError(f"{token!r}: no such file, and not NAME=FILE (a name before '=', without '/')")
        if not path:
            raise CompareError(f"{token!r} names no file after '=': write NAME=FILE")
        return Input(name, Path(path))
    p = Path(token)
    return Input(p.stem or p.name or token, p)


def parse_inputs(tokens) -> tuple[Level, ...]:
    """The command line's inputs: ``BASE ARM [ARM ...]``, each ``FILE`` or
    ``NAME=FILE``, or several levels, each started by a word ending in ``:``
    (``scripted: BASE ARM ... trained: BASE ARM ...``): the first file after
    it is the level's base, the others its arms. Names must differ within a
    level; an arm is matched across levels by its name."""
    tokens = [str(t) for t in tokens]
    if not tokens:
        raise CompareError("nothing to compare: give a base rows file and at least one arm")
    marked = [t for t in tokens if t.endswith(":") and not Path(t).exists()]
    groups: list[tuple[str, list[str]]] = []
    if not marked:
        groups.append(("", tokens))
    else:
        if not (tokens[0].endswith(":") and not Path(tokens[0]).exists()):
            raise CompareError(f"the inputs name levels ({', '.join(marked)}) but {tokens[0]!r} comes before the "
                               "first one: start with a level (LEVEL: BASE ARM ...)")
        for t in tokens:
            if t.endswith(":") and not Path(t).exists():
                name = t[:-1].strip()
                if not name:
                    raise CompareError("a level marker ':' needs a name: LEVEL: BASE ARM ...")
                if any(name == g for g, _ in groups):
                    raise CompareError(f"level {name!r} is named twice")
                groups.append((name, []))
            else:
                groups[-1][1].append(t)
    levels = []
    for name, words in groups:
        where = f" of level {name!r}" if name else ""
        if len(words) < 2:
            raise CompareError(f"the inputs{where} need a base and at least one arm (BASE ARM [ARM ...]); "
                               f"got {len(words)} file{'s' if len(words) != 1 else ''}")
        inputs = [_input(w) for w in words]
        seen: dict[str, Path] = {}
        for x in inputs:
            if x.name in seen:
                raise CompareError(f"two inputs{where} are named {x.name!r} ({seen[x.name]} and {x.path}): "
                                   "name them with NAME=FILE")
            seen[x.name] = x.path
        levels.append(Level(name, inputs[0], tuple(inputs[1:])))
    return tuple(levels)


# -------------------------------------------------------------------- runs --

@dataclass(frozen=True)
class Run:
    """One side of a comparison: checked rows, as one array per game.

    ``winner`` is the index of each game's winner in the volume's seats;
    ``cards`` the cards revealed; ``lead_changes`` per :func:`lead_changes`.
    ``base_seed`` is the run's base seed where its provenance records it."""

    name: str
    where: str
    volume: str
    seed: np.ndarray
    game: np.ndarray
    winner: np.ndarray
    decisions: np.ndarray
    cards: np.ndarray
    victory_round: np.ndarray
    lead_changes: np.ndarray
    base_seed: int | None = None
    final_round: int = 3            # the final Propaganda Round (7.0.2): the volume's, or the run's variant's
    policies: str = ""
    commit: str | None = None
    lines: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def n(self) -> int:
        return len(self.winner)

    @property
    def spec(self) -> VolumeSpec:
        from .registry import spec

        return spec(self.volume)

    def take(self, index: np.ndarray) -> "Run":
        """The run restricted to the games at ``index`` (in that order)."""
        arrays = {k: getattr(self, k)[index] for k in ("seed", "game", "winner", "decisions", "cards",
                                                       "victory_round", "lead_changes")}
        return Run(self.name, self.where, self.volume, base_seed=self.base_seed, final_round=self.final_round,
                   policies=self.policies,
                   commit=self.commit, lines=self.lines, notes=self.notes, **arrays)


def _coin_spec(df: pd.DataFrame, where: str) -> VolumeSpec:
    """The two-seat COIN volume whose rows ``df`` holds, or a CompareError saying what they are."""
    from .rollouts import rows_spec

    coin = [found.name for found in _coin_volumes()]
    try:
        found = rows_spec(df)
    except BritishWayError as err:
        raise CompareError(f"{where} is not a rollout rows file: {err}") from None
    if not found.several_seats or len(found.agents) != 2 or found.report is None:
        seats = len(found.agents)
        raise CompareError(f"{where} holds {found.name} rows ({seats} seat{'s' if seats != 1 else ''}"
                           f"{', no Propaganda Rounds or Political Will' if found.report is None else ''}): "
                           f"a paired comparison of seats' win rates needs a two-seat COIN volume "
                           f"({', '.join(coin)})")
    return found


def _coin_volumes() -> list[VolumeSpec]:
    from .registry import specs

    return [found for found in specs() if found.several_seats and len(found.agents) == 2 and found.report]


def run_of_frame(name: str, df: pd.DataFrame, where: str | None = None, provenance: dict | None = None,
                 lines=(), notes=()) -> Run:
    """A :class:`Run` from rows in memory, checked as the balance report checks them
    (``report.parse``: columns, values, the victory conditions, no game twice)."""
    from . import report
    from .rollouts import ATTRS_KEY, policies_text

    where = where or name
    if not isinstance(df, pd.DataFrame):
        raise CompareError(f"{where}: rollout rows are a pandas DataFrame, not {type(df).__name__}")
    found = _coin_spec(df, where)
    try:
        report.parse(df, volume=found.name)
    except BritishWayError as err:
        raise CompareError(f"{where}: {err}") from None
    df = df.reset_index(drop=True)
    doc = provenance if provenance is not None else df.attrs.get(ATTRS_KEY)
    run = (doc or {}).get("run") or None
    seats = found.agents
    cards = pc.list_value_length(pa.array(df["cards"], type=pa.list_(pa.int64()))).to_numpy(zero_copy_only=False)
    return Run(
        name=name, where=where, volume=found.name,
        seed=df["seed"].to_numpy(dtype=np.int64), game=df["game"].to_numpy(dtype=np.int64),
        winner=df["winner"].astype(object).map(seats.index).to_numpy(dtype=np.int64),
        decisions=df["decisions"].to_numpy(dtype=np.int64), cards=cards.astype(np.int64),
        victory_round=df["victory_round"].to_numpy(dtype=np.int64),
        lead_changes=lead_changes(df["political_will_after_round"],
                                  setup_political_will(found, (run or {}).get("variant")), neutral_point(found)),
        final_round=final_round(found, (run or {}).get("variant")),
        base_seed=None if run is None else int(run["seed"]),
        policies=policies_text(run["policies"]) if run else
        ", ".join(f"{seat}={'/'.join(sorted(map(str, df[f'policy_{seat}'].unique())))}" for seat in seats),
        commit=(doc or {}).get("git_commit"), lines=tuple(lines), notes=tuple(notes))


def load_run(item: Input) -> Run:
    """Read and check one input: a rows file, or a folder holding the parts of
    one run (``report.load``: each file's rows match the SHA-256
    written with them; parts are one run; a file cut off by an interrupted run
    is refused), then the rows themselves (:func:`run_of_source`). The files
    are read in record batches, into a few bytes per game."""
    from . import report

    path = Path(item.path)
    if path.is_file() and path.suffix.lower() not in (".parquet", ".csv", ".partial"):
        raise CompareError(f"{path} is not a rollout rows file: rows are .parquet or .csv files written by "
                           "`britishway rollouts VOLUME --out FILE`")
    try:
        source = report.load([path])
    except BritishWayError as err:
        text = str(err)
        if isinstance(err, UnknownVolumeError):
            text = f"{path} is not a rollout rows file: {text}"
        raise CompareError(text if str(path) in text else f"{path}: {text}") from None
    doc = source.files[0].provenance       # parts of one run share its seed and policies (report.load)
    return run_of_source(item.name, source, where=str(path), provenance=doc)


def run_of_source(name: str, source, where: str | None = None, provenance: dict | None = None) -> Run:
    """A :class:`Run` from rows ``report.load`` read (a ``report.Source``),
    checked as :func:`run_of_frame` checks rows in memory (``report.parse``'s
    checks, here on the stream ``report.load`` read: ``Source.tally``). Each
    game's measures come from the stream's compact arrays (winner and victory
    round one byte a game); rows in memory, or of no stream, go through
    :func:`run_of_frame`."""
    where = where or name
    streamed = source.streamed
    if streamed is None:
        return run_of_frame(name, source.frame, where=where, provenance=provenance, lines=source.lines(),
                            notes=source.notes)
    from .report import _columns_frame
    from .rollouts import policies_text

    found = _coin_spec(_columns_frame(source.columns), where)
    try:
        tally = source.tally(volume=found.name)
    except BritishWayError as err:
        raise CompareError(f"{where}: {err}") from None
    run = (provenance or {}).get("run") or None
    a = streamed.arrays
    return Run(
        name=name, where=where, volume=found.name, seed=a["seed"], game=a["game"], winner=a["winner"],
        decisions=a["decisions"], cards=a["cards"], victory_round=a["victory_round"],
        lead_changes=a["lead_changes"], base_seed=None if run is None else int(run["seed"]),
        final_round=final_round(found, (run or {}).get("variant")),
        policies=policies_text(run["policies"]) if run else
        ", ".join(f"{seat}={'/'.join(sorted({str(pair[i]) for pair in tally.pairs}))}"
                  for i, seat in enumerate(found.agents)),
        commit=(provenance or {}).get("git_commit"), lines=tuple(source.lines()), notes=tuple(source.notes))


# ---------------------------------------------------------------- measures --

def neutral_point(found: VolumeSpec) -> float:
    """The Political Will at which neither side leads: half the track (Palestine and
    Cyprus 1.8, Arab Revolt 1.10: 0-20, 0-15, 0-20), between the insurgent's
    Early Victory at 0 (7.0.1) and the top of the track. The rules define no
    lead; docs/rules_decisions.md V-1 gives the reasons."""
    return found.report.political_will_max / 2


def lead_changes(trajectories, start: float, neutral: float) -> np.ndarray:
    """Per game, how often Political Will crosses ``neutral``: the sides of
    ``[start, *trajectory]`` (above: the counterinsurgent leads, below: the
    insurgent) change, a value on ``neutral`` keeping the last leader (and no
    leader before the first value off it). ``trajectories``: one sequence of
    values per game (``political_will_after_round``)."""
    try:
        arr = pa.array(list(trajectories), type=pa.list_(pa.float64()))
    except (pa.ArrowInvalid, pa.ArrowTypeError, TypeError, ValueError) as err:
        raise CompareError(f"Political Will trajectories must be lists of numbers per game: {err}") from None
    return lead_changes_of(arr, start, neutral)


def lead_changes_of(arr: pa.ListArray, start: float, neutral: float) -> np.ndarray:
    """:func:`lead_changes` of trajectories held in an Arrow list array (a batch of a rows file's
    ``political_will_after_round``)."""
    n = len(arr)
    if arr.null_count or pc.list_flatten(arr).null_count:
        raise CompareError("a Political Will trajectory is missing, or holds a missing value")
    lengths = pc.list_value_length(arr).to_numpy(zero_copy_only=False).astype(np.int64)
    values = pc.list_flatten(arr).to_numpy(zero_copy_only=False).astype(np.float64)
    total = lengths + 1
    first = np.concatenate([[0], np.cumsum(total)[:-1]]).astype(np.int64)
    is_first = np.zeros(int(total.sum()), dtype=bool)
    is_first[first] = True
    flat = np.empty(len(is_first))
    flat[is_first] = start
    flat[~is_first] = values
    side = np.sign(flat - neutral)
    anchor = (side != 0) | is_first
    filled = side[np.maximum.accumulate(np.where(anchor, np.arange(len(side)), 0))]
    group = np.repeat(np.arange(n), total)
    change = ((filled[1:] != filled[:-1]) & (filled[1:] != 0) & (filled[:-1] != 0) & ~is_first[1:])
    return np.bincount(group[1:][change], minlength=n).astype(np.int64)


def balance_interval(first_wins: int, n: int) -> tuple[float, float]:
    """95% interval of ``1 - |2p - 1|``, ``p`` the first seat's win rate in
    ``n`` games each won by one of two seats: the Wilson interval of ``p``
    carried through the function (up to 1 when it holds 1/2)."""
    lo, hi = wilson_interval(int(first_wins), int(n))
    g_lo, g_hi = 1 - abs(2 * lo - 1), 1 - abs(2 * hi - 1)
    if lo <= 0.5 <= hi:
        return (min(g_lo, g_hi), 1.0)
    return (min(g_lo, g_hi), max(g_lo, g_hi))


def _balance(winner: np.ndarray) -> float:
    w = [float(np.mean(winner == i)) for i in (0, 1)]
    return 1.0 - abs(w[0] - w[1])


def _mean_row(values: np.ndarray) -> tuple[float, float, float]:
    return mean_difference_interval(np.asarray(values, dtype=np.float64))


@dataclass(frozen=True)
class Pairing:
    """How one arm was paired with its base: the games both hold (their count,
    game numbers, base seed) and what was left out (``allow_partial``)."""

    level: str
    arm: str
    base_where: str
    arm_where: str
    games: int
    ranges: str
    base_seed: int | None
    base_only: int = 0
    arm_only: int = 0


def _ranges_text(numbers: np.ndarray) -> str:
    from .rollouts import ranges_of, ranges_text

    numbers = np.asarray(numbers, dtype=np.int64)
    if not np.all(numbers[1:] >= numbers[:-1]):            # a run's games come in order: no sorted copy
        numbers = np.sort(numbers)
    spans = ranges_of(numbers)
    return ranges_text(spans[:6]) + (f" and {len(spans) - 6} more stretches" if len(spans) > 6 else "")


def pair(base: Run, arm: Run, allow_partial: bool = False, level: str = "") -> tuple[Run, Run, Pairing]:
    """The base's and the arm's rows of the same games, in the same order, paired
    by ``(seed, game)``. Refused when the runs record different base seeds, when
    they share no game, and (unless ``allow_partial``) when either holds a game
    the other lacks."""
    what = f"arm {arm.name!r} ({arm.where})"
    if base.base_seed is not None and arm.base_seed is not None and base.base_seed != arm.base_seed:
        raise CompareError(f"{what} was played from base seed {arm.base_seed}, the base {base.name!r} "
                           f"({base.where}) from base seed {base.base_seed}: paired games need the same seed "
                           f"(play the arm with --seed {base.base_seed})")
    if _same_games(base, arm):              # the common case: no merge, no copy
        seed = base.base_seed if base.base_seed is not None else arm.base_seed
        return base, arm, Pairing(level, arm.name, base.where, arm.where, base.n, _ranges_text(base.game), seed)
    b = pd.DataFrame({"seed": base.seed, "game": base.game, "i": np.arange(base.n)})
    a = pd.DataFrame({"seed": arm.seed, "game": arm.game, "j": np.arange(arm.n)})
    both = b.merge(a, on=["seed", "game"], how="inner", sort=False).sort_values("game", kind="stable")
    base_only, arm_only = base.n - len(both), arm.n - len(both)
    if not len(both):
        same_numbers = np.intersect1d(base.game, arm.game)
        why = (f"{len(same_numbers):,} game numbers are in both but with other seeds: the runs have different "
               "base seeds" if len(same_numbers) else
               f"the base holds games {_ranges_text(base.game)}, the arm games {_ranges_text(arm.game)}")
        raise CompareError(f"{what} and the base {base.name!r} ({base.where}) share no game: {why}")
    if (base_only or arm_only) and not allow_partial:
        raise CompareError(f"{what} and the base {base.name!r} ({base.where}) do not hold the same games: "
                           f"{base_only:,} of the base's {base.n:,} games are not in the arm and {arm_only:,} of "
                           f"the arm's {arm.n:,} are not in the base (base games {_ranges_text(base.game)}, arm "
                           f"games {_ranges_text(arm.game)}); play the same games (--seed, --games, --first-game), "
                           f"or compare the {len(both):,} games both hold with --allow-partial")
    pb, pa_ = base.take(both["i"].to_numpy()), arm.take(both["j"].to_numpy())
    seed = base.base_seed if base.base_seed is not None else arm.base_seed
    return pb, pa_, Pairing(level, arm.name, base.where, arm.where, len(both), _ranges_text(pb.game), seed,
                            base_only, arm_only)


def _same_games(base: Run, arm: Run) -> bool:
    """Whether both runs hold the same (seed, game) in the same order, by increasing game number: the
    pairing :func:`pair` would make is then each run as it is."""
    return (base.n == arm.n and base.n > 0 and np.array_equal(base.game, arm.game)
            and np.array_equal(base.seed, arm.seed) and bool(np.all(base.game[1:] > base.game[:-1])))


def _row(level, arm, seat, measure, base, arm_value, diff, base_ci, arm_ci, n, p=math.nan) -> dict:
    return {"level": level, "arm": arm, "seat": seat, "measure": measure, "base": base, "arm_value": arm_value,
            "difference": diff[0], "low": diff[1], "high": diff[2], "p": p, "p_adjusted": math.nan,
            "base_low": base_ci[0], "base_high": base_ci[1], "arm_low": arm_ci[0], "arm_high": arm_ci[1],
            "games": n, "method": MEASURES[measure][2]}


def _bootstrap(found: VolumeSpec, base: Run, arm: Run, resamples: int, rng: np.random.Generator) -> dict:
    """Paired bootstrap percentile intervals (games resampled with replacement,
    a game's base and arm results together) of the balance difference and the
    early-victory round difference. Drawn as multinomial counts of each
    combination of (base winner, arm winner, base round, arm round), which is
    the same as resampling games and costs nothing per game."""
    insurgent = found.agents.index(found.report.insurgent)
    rounds = int(max(base.victory_round.max(), arm.victory_round.max()))
    r1 = rounds + 1
    k = 4 * r1 * r1
    counts = _cell_counts(base, arm, insurgent, r1)
    n = base.n
    cells = np.arange(k)
    c_ea, c_eb = cells % r1, (cells // r1) % r1
    c_wa, c_wb = (cells // (r1 * r1)) % 2, cells // (2 * r1 * r1)
    draws = rng.multinomial(n, counts / n, size=resamples).astype(np.float64)
    out = {}
    first_b, first_a = draws @ (c_wb == 0), draws @ (c_wa == 0)
    bal = (1 - np.abs(2 * first_a / n - 1)) - (1 - np.abs(2 * first_b / n - 1))
    out["balance"] = tuple(np.quantile(bal, [0.025, 0.975]))
    with np.errstate(invalid="ignore", divide="ignore"):
        mb = (draws @ c_eb) / (draws @ (c_eb > 0))
        ma = (draws @ c_ea) / (draws @ (c_ea > 0))
    d = ma - mb
    d = d[np.isfinite(d)]
    out["early_victory_round"] = tuple(np.quantile(d, [0.025, 0.975])) if len(d) else (math.nan, math.nan)
    return out


# Games per slice when every game's cell is counted (:func:`_cell_counts`): a few MB of temporaries a slice.
CELL_CHUNK = 1 << 20


def _cell_counts(base: Run, arm: Run, insurgent: int, r1: int) -> np.ndarray:
    """Games in each cell ((base winner * 2 + arm winner) * r1 + base round) * r1 + arm round, a round
    counted only for the insurgent's wins (0 otherwise): :func:`_bootstrap`'s table, counted a slice of
    games at a time whatever the runs' integer types."""
    k = 4 * r1 * r1
    counts = np.zeros(k, dtype=np.int64)
    for start in range(0, base.n, CELL_CHUNK):
        part = slice(start, start + CELL_CHUNK)
        wb, wa = base.winner[part].astype(np.int64), arm.winner[part].astype(np.int64)
        eb = np.where(wb == insurgent, base.victory_round[part], 0)
        ea = np.where(wa == insurgent, arm.victory_round[part], 0)
        counts += np.bincount(((wb * 2 + wa) * r1 + eb) * r1 + ea, minlength=k)
    return counts


def _measure_rows(found: VolumeSpec, level: str, base: Run, arm: Run, resamples: int,
                  rng: np.random.Generator) -> list[dict]:
    """Every measure of one arm against its base (paired games, ``base`` and ``arm`` aligned)."""
    n = base.n
    name = arm.name
    rows = []
    for i, seat in enumerate(found.agents):
        xb, xa = base.winner == i, arm.winner == i
        rows.append(_row(level, name, seat, "win_rate", float(xb.mean()), float(xa.mean()), paired_difference(xa, xb),
                         wilson_interval(int(xb.sum()), n), wilson_interval(int(xa.sum()), n), n,
                         mcnemar_exact(xa, xb)))
    boot = _bootstrap(found, base, arm, resamples, rng)
    bb, ba = _balance(base.winner), _balance(arm.winner)
    rows.append(_row(level, name, ALL_SEATS, "balance", bb, ba, (ba - bb, *boot["balance"]),
                     balance_interval(int((base.winner == 0).sum()), n),
                     balance_interval(int((arm.winner == 0).sum()), n), n))
    db, da = base.victory_round < base.final_round, arm.victory_round < arm.final_round
    rows.append(_row(level, name, ALL_SEATS, "decisiveness", float(db.mean()), float(da.mean()),
                     paired_difference(da, db), wilson_interval(int(db.sum()), n), wilson_interval(int(da.sum()), n),
                     n))
    for measure in ("decisions", "cards", "victory_round", "lead_changes"):
        vb, va = getattr(base, measure), getattr(arm, measure)       # integers: one float copy at a time
        mb, mb_lo, mb_hi = _mean_row(vb)
        ma, ma_lo, ma_hi = _mean_row(va)
        rows.append(_row(level, name, ALL_SEATS, measure, mb, ma, _mean_row(np.subtract(va, vb, dtype=np.float64)),
                         (mb_lo, mb_hi), (ma_lo, ma_hi), n))
    insurgent = found.agents.index(found.report.insurgent)
    eb = base.victory_round[base.winner == insurgent].astype(np.float64)
    ea = arm.victory_round[arm.winner == insurgent].astype(np.float64)
    mb, mb_lo, mb_hi = _mean_row(eb)
    ma, ma_lo, ma_hi = _mean_row(ea)
    rows.append(_row(level, name, found.report.insurgent, "early_victory_round", mb, ma,
                     (ma - mb, *boot["early_victory_round"]), (mb_lo, mb_hi), (ma_lo, ma_hi), n))
    return rows


# --------------------------------------------------------------- comparison --

@dataclass(frozen=True)
class Comparison:
    """A comparison's result: the tidy ``table`` (:data:`COLUMNS`), how each arm
    was paired, the multiple-comparison ``adjust`` method over ``hypotheses``
    tests, and the notes and warnings the report prints."""

    volume: str
    table: pd.DataFrame
    pairings: tuple[Pairing, ...]
    adjust: str
    hypotheses: int
    bootstrap: int
    neutral: float
    notes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    sources: tuple[tuple[str, str, tuple[str, ...]], ...] = field(default=())

    @property
    def levels(self) -> list[str]:
        return list(dict.fromkeys(self.table["level"]))

    def win_rates(self) -> pd.DataFrame:
        return self.table[self.table["measure"] == "win_rate"].reset_index(drop=True)

    def methods(self) -> list[str]:
        """The interval methods and the test, in words."""
        insurgent = self.spec.report.insurgent
        return [
            "Games are paired by (seed, game): game g of the base and of an arm start from the same seed. "
            "All intervals are 95%.",
            "Win rates: Wilson intervals; the change arm - base: Newcombe's interval for paired proportions "
            "(method 10) and McNemar's exact test (two-sided, the games the two arms split).",
            f"Multiple comparisons: {ADJUSTMENTS[self.adjust]} over {self.hypotheses} test"
            f"{'s' if self.hypotheses != 1 else ''} (one per arm and level: with one winner per game the two "
            "seats' changes are one test); significant: adjusted p at most "
            f"{ALPHA}.",
            "Balance (1 - |first seat's win rate - second seat's|): the Wilson interval of the first seat's win "
            "rate carried through 1 - |2p - 1|; its change: paired bootstrap percentile interval "
            f"({self.bootstrap:,} resamples of the games, seed {BOOTSTRAP_SEED}).",
            "Decisiveness (share of games ended before the final Propaganda Round, by the insurgent's Early "
            "Victory 7.0.1): Wilson; its change: Newcombe's paired interval.",
            "Decisions, cards, victory round, lead changes: normal intervals of the mean; their changes: "
            "normal interval of the mean of per-game differences.",
            f"Early victory round ({insurgent} wins, 7.0.1; over the games that ended so): normal interval of "
            "the mean; its change: paired bootstrap percentile interval.",
            f"Lead changes: crossings of Political Will {self.neutral:g} (half the track) from its setup value, "
            "after each Political Will Phase (docs/rules_decisions.md V-1).",
        ]

    @property
    def spec(self) -> VolumeSpec:
        from .registry import spec

        return spec(self.volume)


def _adjust(p: list[float], method: str) -> list[float]:
    if method == "holm":
        return holm(p)
    if method == "bh":
        return benjamini_hochberg(p)
    return [float(v) for v in p]


def check_adjust(method: str) -> str:
    if method not in ADJUSTMENTS:
        raise CompareError(f"--adjust must be one of {', '.join(ADJUSTMENTS)}, not {method!r}")
    return method


def check_bootstrap(resamples) -> int:
    if isinstance(resamples, bool) or not isinstance(resamples, (int, np.integer)) or not 100 <= resamples <= 100_000:
        raise CompareError(f"--bootstrap must be a whole number of resamples in 100..100000, not {resamples!r}")
    return int(resamples)


def _seat_groups(base: Run, arm: Run) -> list[list[int]]:
    """Seats whose win-rate tests are one test: a seat won exactly the games
    another lost, in both runs (one winner per game)."""
    groups: list[list[int]] = []
    for i in range(2):
        for g in groups:
            j = g[0]
            if np.array_equal(base.winner == i, base.winner != j) and np.array_equal(arm.winner == i, arm.winner != j):
                g.append(i)
                break
        else:
            groups.append([i])
    return groups


def compare_runs(levels, allow_partial: bool = False, adjust: str = "holm",
                 bootstrap: int = DEFAULT_BOOTSTRAP) -> Comparison:
    """Compare checked runs: ``levels`` is a sequence of ``(level name, base Run,
    [arm Run, ...])``. Every run must be of the same two-seat COIN volume."""
    adjust = check_adjust(adjust)
    bootstrap = check_bootstrap(bootstrap)
    levels = [(str(name), base, list(arms)) for name, base, arms in levels]
    if not levels or any(not arms for _, _, arms in levels):
        raise CompareError("a comparison needs a base and at least one arm")
    for name, base, arms in levels:
        names = [run.name for run in (base, *arms)]
        twice = sorted({x for x in names if names.count(x) > 1})
        if twice:
            raise CompareError(f"{'level ' + repr(name) + ': ' if name else ''}the base and arms must have "
                               f"different names; {', '.join(map(repr, twice))} is given twice")
    if len({name for name, _, _ in levels}) != len(levels):
        raise CompareError("every level needs its own name")
    runs = [run for _, base, arms in levels for run in (base, *arms)]
    volumes: dict[str, list[str]] = {}
    for run in runs:
        volumes.setdefault(run.volume, []).append(run.where)
    if len(volumes) > 1:
        raise CompareError("the inputs hold rows of different volumes: " +
                           "; ".join(f"{v}: {', '.join(ws)}" for v, ws in volumes.items()))
    found = runs[0].spec
    rows, pairings, notes = [], [], []
    hypotheses: list[tuple[float, list[int]]] = []          # (p, row indices)
    for level, base, arms in levels:
        for arm in arms:
            b, a, pairing = pair(base, arm, allow_partial, level)
            pairings.append(pairing)
            start = len(rows)
            # a fresh stream per arm: an arm's intervals do not depend on the other arms given
            rows += _measure_rows(found, level, b, a, bootstrap, np.random.default_rng(BOOTSTRAP_SEED))
            for group in _seat_groups(b, a):
                members = [start + i for i in group]
                hypotheses.append((rows[members[0]]["p"], members))
            where = f"{level}: " if level else ""
            if pairing.base_only or pairing.arm_only:
                notes.append(f"{where}{arm.name}: compared on the {pairing.games:,} games both hold "
                             f"(--allow-partial); {pairing.base_only:,} games of the base and "
                             f"{pairing.arm_only:,} of the arm left out")
            if np.array_equal(b.winner, a.winner) and np.array_equal(b.decisions, a.decisions):
                notes.append(f"{where}{arm.name}: every game has the base's winner and number of decisions: "
                             "the arm may be the base run again")
            if base.commit and arm.commit and base.commit != arm.commit:
                notes.append(f"{where}{arm.name} was played by commit {arm.commit[:12]}, the base by "
                             f"{base.commit[:12]}: the code differs as well as what the arm changes")
    adjusted = _adjust([p for p, _ in hypotheses], adjust)
    for (_, members), q in zip(hypotheses, adjusted):
        for m in members:
            rows[m]["p_adjusted"] = q
    table = pd.DataFrame(rows, columns=list(COLUMNS))
    for run in runs:
        notes += [f"{run.name}: {note}" for note in run.notes]
    sources, seen = [], set()
    for level, base, arms in levels:
        for run in (base, *arms):
            if (level, run.name) not in seen:
                seen.add((level, run.name))
                sources.append((level, run.name, run.lines or (f"{run.where}: {run.n:,} rows; {run.policies}",)))
    return Comparison(found.name, table, tuple(pairings), adjust, len(hypotheses), bootstrap, neutral_point(found),
                      tuple(dict.fromkeys(notes)), tuple(_level_warnings(table, found)), tuple(sources))


def _level_warnings(table: pd.DataFrame, found: VolumeSpec) -> list[str]:
    """Arms whose win-rate change is significant at one level and of the opposite
    sign at another (the insurgent's row speaks for both seats)."""
    levels = list(dict.fromkeys(table["level"]))
    if len(levels) < 2:
        return []
    seat = found.report.insurgent
    rows = table[(table["measure"] == "win_rate") & (table["seat"] == seat)]
    out = []
    for arm, group in rows.groupby("arm", sort=False):
        if group["level"].nunique() < 2:
            continue
        significant = group[group["p_adjusted"] <= ALPHA]
        signs = np.sign(group["difference"].to_numpy())
        for _, s in significant.iterrows():
            if np.any(signs == -np.sign(s["difference"])) and np.sign(s["difference"]) != 0:
                text = "; ".join(f"{r['level']}: {r['difference']:+.3f} [{r['low']:+.3f}, {r['high']:+.3f}], "
                                 f"adjusted p {_p_text(r['p_adjusted'])}"
                                 f"{' (significant)' if r['p_adjusted'] <= ALPHA else ''}"
                                 for _, r in group.iterrows())
                out.append(f"{arm}: the change of the {seat} win rate has opposite signs at different levels, "
                           f"significant at {', '.join(significant['level'])} ({text}): the effect depends on "
                           "the players' strength")
                break
    return out


def compare(tokens, allow_partial: bool = False, adjust: str = "holm",
            bootstrap: int = DEFAULT_BOOTSTRAP) -> Comparison:
    """Read the inputs (:func:`parse_inputs`: ``BASE ARM ...``, ``NAME=FILE``,
    ``LEVEL:`` markers) and compare each arm with its level's base."""
    adjust = check_adjust(adjust)
    bootstrap = check_bootstrap(bootstrap)
    levels = parse_inputs(tokens)
    loaded: dict[Path, Run] = {}

    def run(item: Input) -> Run:
        key = Path(item.path).resolve()
        if key not in loaded:
            loaded[key] = load_run(item)
        got = loaded[key]
        return got if got.name == item.name else dataclasses.replace(got, name=item.name)

    return compare_runs([(lv.name, run(lv.base), [run(a) for a in lv.arms]) for lv in levels],
                        allow_partial=allow_partial, adjust=adjust, bootstrap=bootstrap)


def compare_frames(base: pd.DataFrame, arms: dict, allow_partial: bool = False, adjust: str = "holm",
                   bootstrap: int = DEFAULT_BOOTSTRAP) -> Comparison:
    """Compare rows in memory: ``arms`` maps each arm's name to its rows."""
    if not isinstance(arms, dict) or not arms:
        raise CompareError("arms must be a dict of at least one name -> rows")
    return compare_runs([("", run_of_frame("base", base), [run_of_frame(str(k), v) for k, v in arms.items()])],
                        allow_partial=allow_partial, adjust=adjust, bootstrap=bootstrap)


# ----------------------------------------------------------------- outputs --

def _p_text(p: float) -> str:
    if p is None or not np.isfinite(p):
        return ""
    return f"{p:.1e}" if p < 1e-4 else f"{p:.4f}"


def _fmt(value: float, measure: str) -> str:
    if value is None or not np.isfinite(value):
        return "n/a"
    return f"{value:.1f}" if measure in ("decisions", "cards") else f"{value:.3f}"


def _signed(value: float, measure: str) -> str:
    if value is None or not np.isfinite(value):
        return "n/a"
    return f"{value:+.1f}" if measure in ("decisions", "cards") else f"{value:+.3f}"


def interval_text(row, prefix: str = "") -> str:
    lo, hi = row[f"{prefix}low"], row[f"{prefix}high"]
    sign = _signed if not prefix else _fmt
    return f"[{sign(lo, row['measure'])}, {sign(hi, row['measure'])}]"


def _with_interval(row, column: str, prefix: str) -> str:
    """'value [low, high]'; 'n/a' without a value (no game to average)."""
    value, m = row[column], row["measure"]
    if value is None or not np.isfinite(value):
        return "n/a"
    return f"{(_signed if column == 'difference' else _fmt)(value, m)} {interval_text(row, prefix)}"


def write_csv(result: Comparison, path: str | os.PathLike) -> Path:
    """The tidy table as CSV, written atomically."""
    from .io import atomic_write_text, check_output_path

    path = check_output_path(path, (".csv",), what="the CSV table")
    return atomic_write_text(path, result.table.to_csv(index=False))


def plot(result: Comparison, path: str | os.PathLike) -> Path:
    """A forest plot (PNG, matplotlib Agg, written atomically): one row per level,
    arm and seat, the win-rate change arm - base with its 95% interval, and a
    line at zero."""
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    from .io import save_figure

    t = result.win_rates().iloc[::-1].reset_index(drop=True)
    fig, ax = plt.subplots(figsize=(7.0, 0.45 * len(t) + 1.6))
    try:
        y = np.arange(len(t))
        d = t["difference"].to_numpy()
        ax.errorbar(d, y, xerr=[d - t["low"].to_numpy(), t["high"].to_numpy() - d], fmt="o", color="tab:blue",
                    ecolor="tab:gray", capsize=4)
        labels = [(f"{r.level}: " if r.level else "") + f"{r.arm}, {r.seat}" for r in t.itertuples()]
        ax.set_yticks(y, labels)
        ax.axvline(0, color="black", lw=1, zorder=0)
        ax.set_xlabel("change in win rate, arm - base (Newcombe paired 95% interval)")
        ax.set_title(f"{result.volume}: win-rate changes on paired games")
        fig.tight_layout()
        path = save_figure(fig, path, dpi=100)
    finally:
        plt.close(fig)
    return path


def table_lines(result: Comparison, level: str, arm: str) -> list[str]:
    """One arm's measures as a Markdown table."""
    t = result.table[(result.table["level"] == level) & (result.table["arm"] == arm)]
    lines = ["| measure | seat | base [95%] | arm [95%] | change [95%] | p | adjusted p |",
             "|---|---|---|---|---|---|---|"]
    for _, r in t.iterrows():
        m = r["measure"]
        mark = " *" if np.isfinite(r["p_adjusted"]) and r["p_adjusted"] <= ALPHA else ""
        lines.append(f"| {m} | {r['seat']} | {_with_interval(r, 'base', 'base_')} | "
                     f"{_with_interval(r, 'arm_value', 'arm_')} | {_with_interval(r, 'difference', '')} | "
                     f"{_p_text(r['p'])} | {_p_text(r['p_adjusted'])}{mark} |")
    return lines


def write_report(result: Comparison, path: str | os.PathLike, command: str) -> Path:
    """The Markdown report (written atomically) with its forest plot beside it
    (same name, ``.png``): the command, the pairing, the methods, one table per
    arm, warnings and notes, and where the rows come from."""
    from .io import atomic_write_text, check_output_path

    path = check_output_path(path, (".md",), what="the report")
    picture = plot(result, check_output_path(path.with_suffix(".png"), (".png",), what="the plot"))
    found = result.spec
    lines = [f"# {found.title}: paired comparison of {len(result.pairings)} arm"
             f"{'s' if len(result.pairings) != 1 else ''}", "", "```", command, "```", "", "## Pairing", ""]
    for p in result.pairings:
        seed = f"base seed {p.base_seed}" if p.base_seed is not None else \
            "base seed not recorded (rows without provenance; paired by each game's own seed)"
        left = (f"; left out (--allow-partial): {p.base_only:,} base games, {p.arm_only:,} arm games"
                if p.base_only or p.arm_only else "")
        lines.append(f"- {(p.level + ': ') if p.level else ''}**{p.arm}** (`{p.arm_where}`) against the base "
                     f"(`{p.base_where}`): {p.games:,} paired games, games {p.ranges}, {seed}{left}")
    lines += ["", "## Methods", "", *[f"- {m}" for m in result.methods()],
              "- Measures: " + "; ".join(f"`{k}`: {v[0]}" for k, v in MEASURES.items()) + " (docs/compare.md).",
              "", "## Win-rate changes", "", f"![win-rate changes with 95% intervals]({picture.name})", ""]
    if result.warnings:
        lines += ["## Warnings", "", *[f"- {w}" for w in result.warnings], ""]
    for p in result.pairings:
        lines += [f"## {(p.level + ': ') if p.level else ''}{p.arm}", "", *table_lines(result, p.level, p.arm), ""]
    lines += ["`*`: significant after the correction (adjusted p at most "
              f"{ALPHA}). The change is arm - base.", ""]
    if result.notes:
        lines += ["## Notes", "", *[f"- {n}" for n in result.notes], ""]
    lines += ["## Where the rows come from", ""]
    for level, name, src in result.sources:
        lines += [f"- {(level + ': ') if level else ''}**{name}**",
                  *[f"    - {x.strip()}" if x.startswith(" ") else f"  - {x}" for x in src]]
    lines.append("")
    atomic_write_text(path, "\n".join(lines))
    return path
