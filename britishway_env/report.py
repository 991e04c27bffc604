"""Balance reports for a COIN volume's rollouts: statistics with intervals, plots, markdown.

    from britishway_env import report, rollouts
    df = rollouts.run(volume, games=100_000, seed=0, policy="heuristic")
    report.write(df, "report/")          # report/report.md and its PNG plots

The input is the rollout table (one row per game; the columns of
``COIN_COLUMNS`` and ``policy_<seat>`` per seat; see the volume's docs page). The
volume is the one whose seats the ``policy_<seat>`` columns name; its spec
(``VolumeSpec.report``, britishway_env/registry.py) gives the cards, the
Propaganda cards, the Political Will track and the seat whose win rate the
report gives (the insurgent). Every rate comes with its sample size and a
Wilson 95% interval, every difference of two groups with its Newcombe 95%
interval, and every comparison says what it conditions on:

* Political Will is shown round by round beside the share of games that
  reached each round (a survival curve): a game ends only in a Propaganda
  Round (7.0), so each round's distribution is of a different set of games.
* the card and event comparisons are correlational (games that drew a card
  against games that did not, not the card's effect), each against the games
  it is compared with (its complement), never against all games.
* cards are compared within a campaign (the cards up to and including one
  Propaganda card, 2.1, 6.0): among the games that reached campaign k, the
  games that drew the card in campaign k against those that did not. A game
  can end only in a Propaganda Round (7.0), so every game that reached
  campaign k drew all of that campaign's cards; game length does not enter.
* event texts are split by the faction that executed them and compared with
  the other games that drew the same card; the
  executing faction chose the event, so the rate is that of the text and the
  choice together.
* a comparison one of whose groups has fewer than ``min_games`` games
  (``DEFAULT_MIN_GAMES``) is folded: counted and listed with its counts, not
  plotted or tabled with rates.
* rows where a seat plays the random policy get no card or event
  comparisons, and a warning at the top instead of the name "balance
  report": random play says nothing about the game's balance.
* rows from different policy pairs are pooled only when asked
  (``pool=True``), and the report then says so.

Before any of that, the rows must be able to be one honest run
(:func:`check_rows`, for every volume): no game twice, and no row that breaks
the volume's own victory conditions (its spec's row check). Rows read from
files (:func:`load`) must also match the SHA-256 written with them, and the
files of one policy pair must be parts of one run; the report says where the
rows come from.

Rows files are read in a stream (:func:`load`): record batches, each hashed,
checked as :func:`parse` checks a table (:class:`_Reader`, the same code) and
reduced to the counts the report is made of (:class:`Tally`) and a few bytes
per game (what ``compare`` reads), so memory holds one batch, not the rows.
A table in memory is read as one batch.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from .engine.coin.rollouts import setup_political_will
from .engine.spec import VolumeSpec
from .engine.stats import difference_interval, wilson_interval
from .errors import BritishWayError, ReportError
from .io import atomic_path
from .registry import spec, specs
from .rollouts import ATTRS_KEY, ranges_text

__all__ = ["ReportError", "Games", "Tally", "Source", "load", "check_rows", "parse", "policy_pairs", "overall",
           "card_campaign_rates", "event_rates",
           "capability_impact", "political_will_bands", "victory_timing", "folded", "check_min_games",
           "random_seats", "DEFAULT_MIN_GAMES", "write"]

# What every COIN volume's rows hold besides ``policy_<seat>`` per seat.
COIN_COLUMNS = ("seed", "game", "winner", "final_political_will", "political_will_after_round", "victory_round",
                "cards", "events", "decisions")
# How the Python call and the command line name the volume of the rows (messages name both).
VOLUME_OPTION = "volume=... in Python, --volume on the command line"
SIDES = ("unshaded", "shaded")
PLOTS = ("political_will.png", "win_rate_by_card.png", "win_rate_by_event.png", "capabilities.png")
# A comparison (card x campaign, event text, capability) is plotted and tabled on its own only when each of its
# two groups of games has at least this many games; the others are counted and listed apart (``min_games``).
DEFAULT_MIN_GAMES = 30
# The policy whose play says nothing about the game's balance (a seat playing it makes the report say so).
RANDOM_POLICY = "random"


def report_spec(df: pd.DataFrame | None = None, volume: str | None = None) -> VolumeSpec:
    """The spec of the volume whose rows ``df`` holds (or of ``volume``): the
    volume with a balance report whose ``policy_<seat>`` columns are all there.
    With none, the only volume with a report (the check of the columns then
    names what is missing)."""
    if volume is not None:
        found = spec(volume)
        if found.report is None:
            raise ReportError(f"{volume} has no balance report")
        return found
    candidates = [found for found in specs() if found.report is not None]
    columns = set(df.columns) if isinstance(df, pd.DataFrame) else set()
    matching = [found for found in candidates if {f"policy_{seat}" for seat in found.agents} <= columns]
    if len(matching) == 1 or (not matching and len(candidates) == 1):
        return (matching or candidates)[0]
    named = "; ".join(f"{found.name}: {', '.join(_policy_columns(found))}" for found in candidates)
    if not matching:
        other = _other_volume(df)
        if other is not None:
            raise ReportError(f"these are {other.name} rows; the balance report is for the COIN volumes "
                              f"({', '.join(found.name for found in candidates)})")
        raise ReportError(f"rollout table lacks columns: it has no volume's policy columns ({named}); it must "
                          f"come from a COIN volume's rollouts (or name the volume: {VOLUME_OPTION})")
    raise ReportError(f"cannot tell which volume's rows these are from their policy columns ({named}); "
                      f"name the volume: {VOLUME_OPTION}")


def _other_volume(df) -> VolumeSpec | None:
    """The volume without a balance report whose rows ``df`` holds, if any."""
    from .rollouts import rows_spec

    if not isinstance(df, pd.DataFrame):
        return None
    try:
        found = rows_spec(df)
    except BritishWayError:
        return None
    return found if found.report is None else None


def _policy_columns(found: VolumeSpec) -> list[str]:
    return [f"policy_{seat}" for seat in found.agents]


def _required_columns(found: VolumeSpec) -> tuple[str, ...]:
    return COIN_COLUMNS + tuple(_policy_columns(found))


def _insurgent(found: VolumeSpec) -> str:
    return found.report.insurgent


def _campaigns(found: VolumeSpec) -> int:
    """One campaign per Propaganda card (2.1)."""
    return len(found.report.propaganda_cards)


def _event_cards(found: VolumeSpec) -> np.ndarray:
    return np.array(found.event_cards, dtype=np.int64)


def _capability_cards(found: VolumeSpec) -> tuple[int, ...]:
    return tuple(sorted(found.capabilities))                               # 5.3


def _event_pattern(found: VolumeSpec) -> re.Pattern:
    """'<prefix><card>:<side>:<seat>', as the volume's rows write an executed event."""
    seats = "|".join(re.escape(seat) for seat in found.agents)
    return re.compile(rf"^{re.escape(found.card_prefix)}(\d{{1,3}}):({'|'.join(SIDES)}):({seats})$")


def _range_text(cards) -> str:
    """'1..32' for consecutive numbers, else the numbers."""
    cards = list(cards)
    if cards == list(range(cards[0], cards[-1] + 1)):
        return f"{cards[0]}..{cards[-1]}"
    return ", ".join(str(c) for c in cards)


# ------------------------------------------------------------------ input --

@dataclass(frozen=True)
class Games:
    """A checked rollout table as arrays (one entry per game unless noted).

    ``winner[g]`` is the index of game ``g``'s winner in the volume's agents.
    ``campaign_of[g, c]`` is the campaign (1, 2, ...) in which game ``g`` drew
    card ``c`` (column 0 unused), 0 if it never drew it. The ``event_*`` arrays
    have one entry per executed event: its game, card, side (0 unshaded, 1
    shaded) and executing faction (its index in the volume's agents).
    """

    volume: str
    winner: np.ndarray
    victory_round: np.ndarray
    campaign_of: np.ndarray
    event_game: np.ndarray
    event_card: np.ndarray
    event_side: np.ndarray
    event_faction: np.ndarray
    pairs: tuple[tuple, ...]
    pooled: bool

    @property
    def n(self) -> int:
        return len(self.winner)

    @property
    def spec(self) -> VolumeSpec:
        return report_spec(volume=self.volume)

    @property
    def insurgent_won(self) -> np.ndarray:
        """Per game: the insurgent won (the seat whose win rate the report gives)."""
        found = self.spec
        return self.winner == found.agents.index(_insurgent(found))


def policy_pairs(df: pd.DataFrame, volume: str | None = None) -> tuple[tuple, ...]:
    """(policy of each seat in seat order..., games) of each policy pair in the rows."""
    columns = _policy_columns(report_spec(df, volume))
    sizes = df.groupby(columns, sort=True).size()
    return tuple((*(str(p) for p in (key if isinstance(key, tuple) else (key,))), int(n))
                 for key, n in sizes.items())


def _int_column(df: pd.DataFrame, name: str, low: int, high: int, labels: np.ndarray | None = None) -> np.ndarray:
    values = df[name].to_numpy()
    if values.dtype.kind not in "iu":
        raise ReportError(f"column {name!r} must hold integers, not {values.dtype}")
    bad = np.flatnonzero((values < low) | (values > high))
    if len(bad):
        where = f"game {labels[bad[0]]}" if labels is not None else f"row {int(bad[0])}"
        raise ReportError(f"column {name!r} must be in {low}..{high}: {where} has {values[bad[0]]}")
    return values.astype(np.int64)


def _first_bad(mask: np.ndarray, what: str, labels: np.ndarray) -> None:
    """Raise naming the first game where ``mask`` (one entry per row) holds, by
    its number (``labels``), and how many more rows do."""
    bad = np.flatnonzero(mask)
    if len(bad):
        more = f", and {len(bad) - 1:,} more" if len(bad) > 1 else ""
        raise ReportError(f"{what} (game {labels[bad[0]]}{more})")


def check_rows(df: pd.DataFrame, found: VolumeSpec | None = None) -> None:
    """Refuse rows that cannot be one honest run, for any volume: the same game
    twice (its seed twice among the rows of one policy pair), or a row that
    breaks the volume's own rules, as its spec's row check says (``Rows.check``:
    the victory conditions, 7.0 for the COIN volumes). Raises ``ReportError``
    naming the rule and the first game that breaks it."""
    from .rollouts import rows_spec

    if not isinstance(df, pd.DataFrame):
        raise ReportError(f"a rollout table is a pandas DataFrame, not {type(df).__name__}")
    found = found or rows_spec(df)
    for column in ("seed", "game"):
        if column not in df:
            raise ReportError(f"rollout table lacks column {column!r}, which every rollout row has (the game's "
                              "seed and number)")
    df = df.reset_index(drop=True)
    _int_column(df, "game", 0, np.iinfo(np.int64).max)
    _int_column(df, "seed", 0, np.iinfo(np.int64).max)
    labels = df["game"].to_numpy()
    policy = _policy_columns(found) if found.several_seats else ["policy"]
    repeated = df.duplicated(policy + ["seed"], keep="first").to_numpy()
    if repeated.any():
        i = int(np.flatnonzero(repeated)[0])
        seed = int(df["seed"].iloc[i])
        times = int((df["seed"] == seed).to_numpy()[(df[policy] == df[policy].iloc[i]).all(axis=1).to_numpy()].sum())
        raise ReportError(f"the same game twice: seed {seed} (game {labels[i]}) is in the rows {times} times, "
                          f"{int(repeated.sum()):,} rows repeat an earlier game; one run plays each game once "
                          "(rows copied, or a file of the run given twice)")
    for mask, what in found.row_violations(df):
        _first_bad(np.asarray(mask, dtype=bool), f"{what}: no game of {found.title} ends so", labels)


def _games_with(mask: np.ndarray, game: np.ndarray, n: int) -> np.ndarray:
    """Per game: does any of its list entries (``game`` = the entry's game) satisfy ``mask``?"""
    return np.bincount(game[mask], minlength=n) > 0


def _games_with_repeats(game: np.ndarray, card: np.ndarray, n: int, n_cards: int) -> np.ndarray:
    """Per game: does a card occur twice among its entries? (sorting, not an n x cards table)"""
    key = np.sort(game * (n_cards + 1) + card)
    repeated = key[1:][key[1:] == key[:-1]]
    return np.isin(np.arange(n), repeated // (n_cards + 1))


def parse(df: pd.DataFrame, pool: bool = False, volume: str | None = None) -> Games:
    """Check a rollout table and turn it into arrays; any inconsistency is a
    ``ReportError`` naming the column and the first game concerned.

    Rows of more than one policy pair are refused unless ``pool`` is true.
    ``volume``: whose rows these are (default: read from the policy columns).
    The checks are those :func:`load` makes on rows files batch by batch
    (:class:`_Reader`), here on the table as one batch.
    """
    return _parse(df, pool, volume)[0]


def _parse(df: pd.DataFrame, pool: bool = False, volume: str | None = None) -> tuple[Games, "Tally"]:
    """:func:`parse`, and the table's :class:`Tally`."""
    if not isinstance(df, pd.DataFrame):
        raise ReportError(f"a rollout table is a pandas DataFrame, not {type(df).__name__}")
    found = report_spec(df, volume)
    missing = [c for c in _required_columns(found) if c not in df.columns]
    if missing:
        raise ReportError(f"rollout table lacks columns {missing}; it must come from "
                          f"rollouts.run({found.name!r}, ...) or `britishway rollouts {found.name} --out`")
    if len(df) == 0:
        raise ReportError("rollout table has no games")
    df = df.reset_index(drop=True)
    reader = _Reader(found, len(df))
    games = reader.add(_FrameColumns(df), _run_variant(df.attrs.get(ATTRS_KEY)))
    tally = reader.finish().check(pool)            # raises for the first check the rows fail
    return dataclasses.replace(games, pairs=tally.pairs, pooled=tally.pooled), tally


def _run_variant(doc) -> dict | None:
    """The variant a run's provenance records (None: the base game): its rule
    parameters and deck rules are what the victory check reads (7.0)."""
    run_fields = (doc or {}).get("run") or {}
    return run_fields.get("variant")


# The checks of a rollout table, in the order :func:`parse` makes them: rows that fail several are refused for
# the first. "policies" and "same_game" look at all the rows at once; the others at one batch of rows at a time.
CHECKS = ("game", "policies", "winner", "victory_round", "decisions", "final_political_will",
          "political_will_after_round", "political_will_rounds", "political_will_range", "cards", "cards_empty",
          "cards_range", "cards_twice", "cards_propaganda", "cards_last", "events", "events_text", "events_card",
          "events_drawn", "events_twice", "seed", "same_game", "victory")
_STEP = {name: i for i, name in enumerate(CHECKS)}
INT64_MAX = int(np.iinfo(np.int64).max)


class _Faults:
    """What the checks found wrong in the rows read so far: for each check (its
    place in ``CHECKS``; the victory conditions take one place per rule after
    "victory"), the first row it refused, in the order the rows were read, and
    how many rows it refused. The rows are refused for the first check that
    found anything, as if the checks had been made one after another on all
    the rows at once."""

    def __init__(self):
        self.found: dict[int, list] = {}           # step -> [message, or (what, first game), rows refused]

    def copy(self) -> "_Faults":
        out = _Faults()
        out.found = {k: list(v) for k, v in self.found.items()}
        return out

    def message(self, step: int, text: str) -> bool:
        """A fault told by its first occurrence alone (a column of the wrong kind, a text that reads as no
        event); returns True."""
        self.found.setdefault(step, [text, 1])
        return True

    def rows(self, step: int, mask: np.ndarray, what: str, labels: np.ndarray) -> bool:
        """The rows (``mask``) that fail a check, named by their games (``labels``); returns whether any did."""
        bad = np.flatnonzero(mask)
        if not len(bad):
            return False
        entry = self.found.setdefault(step, [(what, labels[bad[0]]), 0])
        entry[1] += len(bad)
        return True

    def first(self, before: int | None = None) -> str | None:
        """The message of the first check that found anything (of those before ``before``), or None."""
        steps = [s for s in self.found if before is None or s < before]
        if not steps:
            return None
        text, count = self.found[min(steps)]
        if isinstance(text, tuple):
            what, label = text
            more = f", and {count - 1:,} more" if count > 1 else ""
            return f"{what} (game {label}{more})"
        return text


class _FrameColumns:
    """The columns of a rollout table in memory, as the checks read them."""

    def __init__(self, df: pd.DataFrame):
        self.df = df
        self.n = len(df)

    def ints(self, name: str) -> np.ndarray:
        return self.df[name].to_numpy()

    def lists(self, name: str, value_type: pa.DataType) -> pa.ListArray | str:
        """The column as an Arrow list array, or what keeps it from being one."""
        try:
            return pa.array(self.df[name], type=pa.list_(value_type))
        except (pa.ArrowInvalid, pa.ArrowTypeError, TypeError, ValueError, OverflowError) as err:
            return f"column {name!r} must hold lists of {value_type} per game: {err}"

    def codes(self, name: str) -> tuple[np.ndarray, list]:
        """(code of each row's value, -1 where missing; the distinct values)."""
        codes, uniques = pd.factorize(self.df[name].astype(object), use_na_sentinel=True)
        return np.asarray(codes, dtype=np.int64), list(uniques)


class _BatchColumns:
    """The columns of one record batch of a rows file, as the checks read them.
    A column not of the kind a rollout writes is read as pandas reads it, so
    that it is refused in the same words."""

    def __init__(self, batch: pa.RecordBatch):
        self.batch = batch
        self.n = batch.num_rows

    def ints(self, name: str) -> np.ndarray:
        return self.batch.column(name).to_numpy(zero_copy_only=False)

    def lists(self, name: str, value_type: pa.DataType) -> pa.ListArray | str:
        column = self.batch.column(name)
        kind = column.type
        if pa.types.is_list(kind) or pa.types.is_large_list(kind):
            inner = kind.value_type
            if ((pa.types.is_integer(inner) and pa.types.is_integer(value_type))
                    or (pa.types.is_string(value_type) and (pa.types.is_string(inner)
                                                            or pa.types.is_large_string(inner)))):
                try:
                    return pc.cast(column, pa.list_(value_type))
                except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
                    pass
        return _FrameColumns(pd.DataFrame({name: column.to_pandas()})).lists(name, value_type)

    def codes(self, name: str) -> tuple[np.ndarray, list]:
        column = self.batch.column(name)
        try:
            encoded = pc.dictionary_encode(column)
        except (pa.ArrowNotImplementedError, pa.ArrowInvalid, pa.ArrowTypeError):   # e.g. a column of lists
            return _FrameColumns(pd.DataFrame({name: column.to_pandas()})).codes(name)
        codes = encoded.indices.fill_null(-1).to_numpy(zero_copy_only=False).astype(np.int64)
        return codes, encoded.dictionary.to_pylist()


# Each game's measures kept from the rows read in a stream (compare's per-game arrays, the report's check of
# the same game twice): name and dtype. ``pair`` is the game's policy pair (its index in the order first read);
# a game's cards, rounds and lead changes are at most the volume's cards and Propaganda cards (checked first);
# ``decisions`` widens to int64 if a game ever needs it.
GAME_ARRAYS = (("game", np.int64), ("seed", np.int64), ("pair", np.int16), ("winner", np.int8),
               ("victory_round", np.int8), ("decisions", np.int32), ("cards", np.int8),
               ("lead_changes", np.int8))


class _Reader:
    """Rollout rows of one COIN volume read a batch at a time (a table in
    memory is one batch). Each batch is checked as :func:`parse` checks a
    table, in ``CHECKS`` order, stopping at its first fault (later checks may
    not be computable; an earlier fault is refused first anyway); what the
    checks find is kept in :class:`_Faults`, refused only once every batch is
    read (:meth:`Streamed.check`). A batch that passes adds its counts to a
    :class:`Tally` and each game's measures to compact arrays (``GAME_ARRAYS``):
    nothing per row outlives its batch."""

    def __init__(self, found: VolumeSpec, capacity: int):
        if max(len(found.cards), _campaigns(found)) > np.iinfo(np.int8).max:
            raise ValueError(f"{found.name}: more cards or rounds than GAME_ARRAYS' one-byte counts hold")
        self.spec = found
        self.faults = _Faults()
        self.n = 0
        self.arrays = {name: np.zeros(capacity, dtype=dtype) for name, dtype in GAME_ARRAYS}
        self.tally = Tally.empty(found)
        self.values: list[dict] = [{} for _ in found.agents]    # per seat: policy -> id
        self.pairs: dict[tuple, int] = {}                      # policy ids per seat -> pair index
        self.pair_values: list[tuple] = []                     # pair index -> policy per seat
        self.pair_games: list[int] = []
        self.pair_wins: list[int] = []

    def add(self, cols, variant: dict | None = None) -> Games | None:
        """Check one batch of rows (``cols``: :class:`_FrameColumns` or
        :class:`_BatchColumns`) and keep what it adds; returns its games as
        arrays, or None if a check failed in it. ``variant``: the run's
        variant as its provenance records it (its insurgent victory level,
        Propaganda cards and setup Political Will)."""
        start, n = self.n, cols.n
        self.n += n
        out = self._check(cols, start, variant)
        if out is None:
            return None
        games, pw, decisions, pair, lengths = out
        found = self.spec
        stop = start + n
        a = self.arrays
        if decisions.max(initial=0) > np.iinfo(a["decisions"].dtype).max:
            a["decisions"] = a["decisions"].astype(np.int64)
        a["winner"][start:stop] = games.winner
        a["victory_round"][start:stop] = games.victory_round
        a["decisions"][start:stop] = decisions
        a["cards"][start:stop] = lengths
        from .compare import lead_changes_of, neutral_point

        a["lead_changes"][start:stop] = lead_changes_of(pw, setup_political_will(found, variant), neutral_point(found))
        self.tally.add(Tally.of_games(games, pw, decisions))
        for i, wins in enumerate(np.bincount(pair, weights=games.insurgent_won, minlength=len(self.pair_wins))):
            self.pair_wins[i] += int(wins)
        return games

    def _check(self, cols, start: int, variant):
        """The checks of one batch, in ``CHECKS`` order; None at the first that fails."""
        found, faults = self.spec, self.faults
        seats, n = found.agents, cols.n
        n_cards, campaigns, top = len(found.cards), _campaigns(found), found.report.political_will_max
        rows = np.arange(start, start + n)
        game = cols.ints("game")
        if not self._ints(_STEP["game"], game, "game", 0, INT64_MAX, None, rows):
            return None
        labels = game.astype(np.int64)
        a = self.arrays
        a["game"][start:start + n] = labels

        def bad(step: str, mask, what: str) -> bool:
            return faults.rows(_STEP[step], mask, what, labels)

        pair = self._pairs(cols)
        if pair is None:
            return None
        a["pair"][start:start + n] = pair
        codes, values = cols.codes("winner")
        lookup = np.array([seats.index(v) if v in seats else -1 for v in values] + [-1],
                          dtype=np.int64)
        winner = lookup[codes]
        if bad("winner", winner < 0, f"column 'winner' must be {' or '.join(repr(seat) for seat in seats)}"):
            return None
        rounds = cols.ints("victory_round")
        if not self._ints(_STEP["victory_round"], rounds, "victory_round", 1, campaigns, labels):
            return None
        rounds = rounds.astype(np.int64)
        decisions = cols.ints("decisions")
        if not self._ints(_STEP["decisions"], decisions, "decisions", 0, INT64_MAX, labels):
            return None
        decisions = decisions.astype(np.int64)
        final = cols.ints("final_political_will")
        if not self._ints(_STEP["final_political_will"], final, "final_political_will", 0, top, labels):
            return None

        pw = self._lists(cols, "political_will_after_round", pa.int64(), labels)
        if pw is None:
            return None
        pw_lengths = pc.list_value_length(pw).to_numpy(zero_copy_only=False)
        if bad("political_will_rounds", pw_lengths != rounds,
               "column 'political_will_after_round' must have one value per Propaganda Round played "
               "(victory_round)"):
            return None
        pw_values = pc.list_flatten(pw).to_numpy(zero_copy_only=False)
        pw_parents = pc.list_parent_indices(pw).to_numpy(zero_copy_only=False)
        if bad("political_will_range", _games_with((pw_values < 0) | (pw_values > top), pw_parents, n),
               f"column 'political_will_after_round' must be in 0..{top}"):
            return None

        cards = self._lists(cols, "cards", pa.int64(), labels)
        if cards is None:
            return None
        values = pc.list_flatten(cards).to_numpy(zero_copy_only=False)
        parents = pc.list_parent_indices(cards).to_numpy(zero_copy_only=False)
        lengths = pc.list_value_length(cards).to_numpy(zero_copy_only=False)
        if bad("cards_empty", lengths == 0, "column 'cards' has a game with no card"):
            return None
        if bad("cards_range", _games_with((values < 1) | (values > n_cards), parents, n),
               f"column 'cards' must hold card numbers 1..{n_cards}"):
            return None
        if bad("cards_twice", _games_with_repeats(parents, values, n, n_cards),
               "column 'cards' has a card drawn twice"):
            return None
        propaganda = np.isin(values, found.report.propaganda_cards)
        if bad("cards_propaganda", np.bincount(parents, weights=propaganda, minlength=n) != rounds,
               "column 'cards' must hold one Propaganda card per Propaganda Round played (victory_round)"):
            return None
        ends = np.cumsum(lengths) - 1
        if bad("cards_last", ~propaganda[ends], "column 'cards' must end with the Propaganda card of the last round "
                                               "(7.0)"):
            return None
        # campaign of each drawn card: 1 + the Propaganda cards drawn before it in its game
        before = np.cumsum(propaganda) - propaganda
        campaign = 1 + before - before[ends - lengths + 1][parents]
        campaign_of = np.zeros((n, n_cards + 1), dtype=np.int8)
        campaign_of[parents, values] = campaign

        events = self._lists(cols, "events", pa.string(), labels)
        if events is None:
            return None
        event = self._events(events, labels)
        if event is None:
            return None
        event_game, event_card, event_side, event_faction = event
        if bad("events_card", _games_with(~np.isin(event_card, found.event_cards), event_game, n),
               f"column 'events' names a card outside the event cards {_range_text(found.event_cards)}"):
            return None
        if bad("events_drawn", _games_with(campaign_of[event_game, event_card] == 0, event_game, n),
               "column 'events' names a card the game did not draw"):
            return None
        if bad("events_twice", _games_with_repeats(event_game, event_card, n, n_cards),
               "column 'events' has two events on one card (one Event box per card, 2.3.2)"):
            return None

        seed = cols.ints("seed")
        if not self._ints(_STEP["seed"], seed, "seed", 0, INT64_MAX, None, rows):
            return None
        a["seed"][start:start + n] = seed
        from .engine.coin.rollouts import victory_faults

        for k, (mask, what) in enumerate(victory_faults(found, pw, winner, final, rounds, variant)):
            if faults.rows(_STEP["victory"] + k, np.asarray(mask, dtype=bool),
                           f"{what}: no game of {found.title} ends so", labels):
                return None
        games = Games(volume=found.name, winner=winner, victory_round=rounds, campaign_of=campaign_of,
                      event_game=event_game, event_card=event_card, event_side=event_side,
                      event_faction=event_faction, pairs=(), pooled=False)
        return games, pw, decisions, pair, lengths

    def _ints(self, step: int, values: np.ndarray, name: str, low: int, high: int, labels,
              rows: np.ndarray | None = None) -> bool:
        """Whether an integer column is in ``low..high`` (:func:`_int_column`'s check and words); a row
        out of range is named by its game (``labels``) or, with none, by its place among all rows (``rows``)."""
        if values.dtype.kind not in "iu":
            return not self.faults.message(step, f"column {name!r} must hold integers, not {values.dtype}")
        bad = np.flatnonzero((values < low) | (values > high))
        if len(bad):
            where = f"game {labels[bad[0]]}" if labels is not None else f"row {int(rows[bad[0]])}"
            return not self.faults.message(step, f"column {name!r} must be in {low}..{high}: {where} has "
                                                 f"{values[bad[0]]}")
        return True

    def _lists(self, cols, name: str, value_type: pa.DataType, labels: np.ndarray) -> pa.ListArray | None:
        """A list column of lists with no missing list or value, or None (with the fault) if it is not one."""
        step = _STEP[name]
        arr = cols.lists(name, value_type)
        if isinstance(arr, str):
            self.faults.message(step, arr)
            return None
        if arr.null_count:
            first = np.flatnonzero(arr.is_null().to_numpy(zero_copy_only=False))[0]
            self.faults.message(step, f"column {name!r} has a missing list (game {labels[first]})")
            return None
        if pc.list_flatten(arr).null_count:
            self.faults.message(step, f"column {name!r} has a missing value inside a list")
            return None
        return arr

    def _pairs(self, cols) -> np.ndarray | None:
        """Each row's policy pair (its index among the pairs read so far), or None with a fault if a policy is
        missing."""
        found = self.spec
        columns = _policy_columns(found)
        ids = []
        missing = np.zeros(cols.n, dtype=bool)
        for seat, column in enumerate(columns):
            codes, values = cols.codes(column)
            known = self.values[seat]
            lookup = np.array([known.setdefault(v, len(known)) for v in values] + [-1], dtype=np.int64)
            ids.append(lookup[codes])
            missing |= codes < 0
        if missing.any():
            self.faults.message(_STEP["policies"], f"columns {' and '.join(repr(c) for c in columns)} have "
                                                   "missing values")
            return None
        if not cols.n:
            return np.zeros(0, dtype=np.int64)
        code = np.zeros(cols.n, dtype=np.int64)            # one number per combination of the seats' ids
        for seat, seat_ids in enumerate(ids):
            code = code * (len(self.values[seat]) + 1) + seat_ids
        if np.all(code == code[0]):                         # one pair in the batch (a run's rows)
            inverse = np.zeros(cols.n, dtype=np.int64)
            combos = np.stack([seat_ids[:1] for seat_ids in ids], axis=1)
        else:
            _, first, inverse = np.unique(code, return_index=True, return_inverse=True)
            combos = np.stack([seat_ids[first] for seat_ids in ids], axis=1)
        names = [list(v) for v in self.values]
        index = []
        for combo in combos:
            key = tuple(int(x) for x in combo)
            if key not in self.pairs:
                self.pairs[key] = len(self.pair_values)
                self.pair_values.append(tuple(names[seat][x] for seat, x in enumerate(key)))
                self.pair_games.append(0)
                self.pair_wins.append(0)
            index.append(self.pairs[key])
        pair = np.asarray(index, dtype=np.int64)[np.asarray(inverse).reshape(-1)]
        for i, count in enumerate(np.bincount(pair, minlength=len(self.pair_games))):
            self.pair_games[i] += int(count)
        return pair

    def _events(self, events: pa.ListArray, labels: np.ndarray):
        """(game, card, side, faction) of each executed event, or None with a fault
        if a text reads as no event. Each distinct text is read once."""
        found, seats = self.spec, self.spec.agents
        event_game = pc.list_parent_indices(events).to_numpy(zero_copy_only=False).astype(np.int64)
        encoded = pc.dictionary_encode(pc.list_flatten(events))
        index = encoded.indices.to_numpy(zero_copy_only=False).astype(np.int64)
        texts = encoded.dictionary.to_pylist()
        parts = pd.Series(texts, dtype=object).str.extract(_event_pattern(found))
        unread = parts[0].isna().to_numpy()
        wrong = np.flatnonzero(unread[index]) if len(index) else []
        if len(wrong):
            i = wrong[0]
            self.faults.message(_STEP["events_text"], f"column 'events' must hold '{found.card_prefix}<card>:"
                                f"<{'|'.join(SIDES)}>:<{'|'.join(seats)}>' texts: game {labels[event_game[i]]} has "
                                f"{texts[index[i]]!r}")
            return None
        card = np.array([int(c) for c in parts[0]], dtype=np.int64)
        side = (parts[1] == "shaded").to_numpy(dtype=np.int64)
        faction = np.array([seats.index(f) for f in parts[2]], dtype=np.int64)
        return event_game, card[index], side[index], faction[index]

    def finish(self) -> "Streamed":
        """What was read: the checks' findings, the counts and each game's measures."""
        arrays = {k: v[:self.n] for k, v in self.arrays.items()}
        return Streamed(self.spec.name, self.n, arrays, self.tally, tuple(self.pair_values),
                        tuple(self.pair_games), tuple(self.pair_wins), self.faults)


@dataclass
class Streamed:
    """Rollout rows of one COIN volume read by :class:`_Reader`: ``n`` games,
    each game's measures (``arrays``: ``GAME_ARRAYS``, in the order read), the
    report's counts (``tally``), the policy pairs met (policy per seat, in the
    order first read; games and insurgent wins of each) and what the checks
    found (``faults``), refused by :meth:`check`."""

    volume: str
    n: int
    arrays: dict
    tally: "Tally"
    pair_values: tuple
    pair_games: tuple
    pair_wins: tuple
    faults: _Faults
    _same_game: str | None = field(default=None, repr=False)
    _same_game_done: bool = field(default=False, repr=False)

    @property
    def spec(self) -> VolumeSpec:
        return report_spec(volume=self.volume)

    def pairs(self) -> tuple[tuple, ...]:
        """(policy of each seat..., games) of each policy pair, in the order :func:`policy_pairs` gives them."""
        return tuple((*(str(v) for v in self.pair_values[i]), self.pair_games[i]) for i in self._pair_order())

    def _pair_order(self) -> list[int]:
        try:
            return sorted(range(len(self.pair_values)), key=lambda i: self.pair_values[i])
        except TypeError:                   # policies of different types: as text
            return sorted(range(len(self.pair_values)), key=lambda i: tuple(map(str, self.pair_values[i])))

    def check(self, pool: bool = False) -> "Tally":
        """Refuse the rows for the first check they fail (``ReportError``, as
        :func:`parse` words it): besides each batch's, the checks on all the
        rows at once, several policy pairs (unless ``pool``) and the same game
        twice. Returns the :class:`Tally`, with the policy pairs."""
        faults = self.faults.copy()
        found = self.spec
        pairs = self.pairs()
        if len(pairs) > 1 and not pool:
            faults.message(_STEP["policies"], f"the rows come from {len(pairs)} policy pairs "
                           f"({_pairs_text(found, pairs)}); a report on them would mix different players: report "
                           f"one pair at a time, or pool them on purpose with pool=True (`britishway report --pool`)")
        if faults.first(before=_STEP["same_game"]) is None:
            same = self._same_game_text()
            if same is not None:
                faults.message(_STEP["same_game"], same)
        text = faults.first()
        if text is not None:
            raise ReportError(text)
        order = self._pair_order()
        return dataclasses.replace(self.tally, pairs=pairs, pair_wins=tuple(self.pair_wins[i] for i in order))

    def _same_game_text(self) -> str | None:
        """:func:`check_rows`'s refusal of the same game twice (its seed twice among one policy pair's rows)."""
        if not self._same_game_done:
            self._same_game = _same_game(self.arrays["seed"], self.arrays["pair"], self.arrays["game"])
            self._same_game_done = True
        return self._same_game


def _same_game(seed: np.ndarray, pair: np.ndarray, labels: np.ndarray) -> str | None:
    """The refusal of a seed met twice among the rows of one policy pair (in
    :func:`check_rows`'s words: the first row that repeats an earlier one), or
    None. Each pair's seeds are sorted in a copy (8 bytes a game); only rows
    that repeat a game pay for finding the first of them."""
    pairs = np.unique(pair)
    for p in pairs:
        s = np.sort(seed if len(pairs) == 1 else seed[pair == p])
        if np.any(s[1:] == s[:-1]):
            break
    else:
        return None
    order = np.lexsort((seed, pair))            # stable: an earlier row first among equal keys
    same = (seed[order[1:]] == seed[order[:-1]]) & (pair[order[1:]] == pair[order[:-1]])
    repeats = order[1:][same]
    i = int(repeats.min())
    times = int(((seed == seed[i]) & (pair == pair[i])).sum())
    return (f"the same game twice: seed {int(seed[i])} (game {labels[i]}) is in the rows {times} times, "
            f"{len(repeats):,} rows repeat an earlier game; one run plays each game once "
            "(rows copied, or a file of the run given twice)")


@dataclass
class Tally:
    """The counts a balance report is made of, summed over games: rows read in
    batches add up (:meth:`add`) to the counts of all of them, so a report on
    millions of games needs no per-game lists. Indexes: ``k`` a campaign or
    Propaganda Round (1, 2, ...; 0 unused), ``card`` a card number (0 unused),
    ``side`` 0 unshaded and 1 shaded, ``seat``/``faction`` an index in the
    volume's agents, ``value`` a Political Will."""

    volume: str
    n: int
    wins: np.ndarray            # [seat]: games the seat won
    reached: np.ndarray         # [k]: games that reached campaign k (victory_round >= k)
    reached_won: np.ndarray     # [k]: of those, the insurgent's wins
    drawn: np.ndarray           # [k, card]: games that drew the card in campaign k
    drawn_won: np.ndarray       # [k, card]: of those, the insurgent's wins
    executed: np.ndarray        # [card, side, faction]: games where the faction executed that text of the card
    executed_won: np.ndarray    # [card, side, faction]: of those, the insurgent's wins
    ended: np.ndarray           # [k, seat]: games the seat won in Propaganda Round k
    will: np.ndarray            # [k - 1, value]: games whose Political Will after round k was value
    decisions: int = 0          # decisions of all games together
    pairs: tuple = ()           # (policy of each seat..., games) per policy pair, as policy_pairs gives them
    pair_wins: tuple = ()       # the insurgent's wins in each pair's games

    @property
    def spec(self) -> VolumeSpec:
        return report_spec(volume=self.volume)

    @property
    def pooled(self) -> bool:
        """Whether the rows pool several policy pairs."""
        return len(self.pairs) > 1

    @classmethod
    def empty(cls, found: VolumeSpec) -> "Tally":
        seats, campaigns, cards = len(found.agents), _campaigns(found), len(found.cards)
        top = found.report.political_will_max

        def zeros(*shape):
            return np.zeros(shape, dtype=np.int64)

        return cls(found.name, 0, zeros(seats), zeros(campaigns + 1), zeros(campaigns + 1),
                   zeros(campaigns + 1, cards + 1), zeros(campaigns + 1, cards + 1), zeros(cards + 1, 2, seats),
                   zeros(cards + 1, 2, seats), zeros(campaigns + 1, seats), zeros(campaigns, top + 1))

    @classmethod
    def of_games(cls, games: Games, political_will: pa.ListArray | None = None,
                 decisions: np.ndarray | None = None) -> "Tally":
        """The counts of ``games`` (:func:`parse`'s arrays); with their Political
        Will after each round (a list per game) and decisions, those too."""
        found = games.spec
        out = cls.empty(found)
        seats, campaigns, cards = len(found.agents), _campaigns(found), len(found.cards)
        won = games.insurgent_won
        out.n = games.n
        out.wins = np.bincount(games.winner, minlength=seats).astype(np.int64)
        for k in range(1, campaigns + 1):
            reached = games.victory_round >= k
            out.reached[k], out.reached_won[k] = int(reached.sum()), int((reached & won).sum())
            drawn = games.campaign_of == k
            out.drawn[k] = drawn.sum(axis=0)
            out.drawn_won[k] = (drawn & won[:, None]).sum(axis=0)
        key = (games.event_card * 2 + games.event_side) * seats + games.event_faction
        size = (cards + 1) * 2 * seats
        out.executed = np.bincount(key, minlength=size).astype(np.int64).reshape(cards + 1, 2, seats)
        out.executed_won = np.bincount(key, weights=won[games.event_game],
                                       minlength=size).astype(np.int64).reshape(cards + 1, 2, seats)
        out.ended = np.bincount(games.victory_round * seats + games.winner,
                                minlength=(campaigns + 1) * seats).astype(np.int64).reshape(campaigns + 1, seats)
        if political_will is not None:
            top = found.report.political_will_max
            values = pc.list_flatten(political_will).to_numpy(zero_copy_only=False).astype(np.int64)
            lengths = pc.list_value_length(political_will).to_numpy(zero_copy_only=False)
            position = np.arange(len(values)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
            out.will = np.bincount(position * (top + 1) + values,
                                   minlength=campaigns * (top + 1)).astype(np.int64).reshape(campaigns, top + 1)
        if decisions is not None:
            out.decisions = int(np.asarray(decisions, dtype=np.int64).sum())
        return out

    def add(self, other: "Tally") -> None:
        """Add the counts of other games (of the same volume) to these."""
        self.n += other.n
        self.decisions += other.decisions
        for name in ("wins", "reached", "reached_won", "drawn", "drawn_won", "executed", "executed_won", "ended",
                     "will"):
            getattr(self, name).__iadd__(getattr(other, name))


def _tally(games) -> Tally:
    """The counts of :func:`parse`'s ``Games`` (or a :class:`Tally` itself)."""
    return games if isinstance(games, Tally) else Tally.of_games(games)


def _percentiles(counts: np.ndarray, q) -> np.ndarray:
    """``np.percentile`` of the values 0, 1, ... each taken ``counts[value]``
    times (the same figures: the values are laid out in one byte each)."""
    values = np.arange(len(counts), dtype=np.min_scalar_type(max(len(counts) - 1, 0)))
    return np.percentile(np.repeat(values, counts), q)


def _pairs_text(found: VolumeSpec, pairs) -> str:
    return ", ".join(_who(found, pair[:-1]) + f": {pair[-1]:,} games" for pair in pairs)


def _who(found: VolumeSpec, policies) -> str:
    """'seat=policy vs seat=policy'."""
    return " vs ".join(f"{seat}={policy}" for seat, policy in zip(found.agents, policies))


# ------------------------------------------------------------ rows files --

class Source:
    """Rows for a report and where they come from: the rows files (each with
    its provenance, or none; :func:`load`), or a frame in memory
    (:meth:`of_frame`), and ``notes`` the report prints (files without
    provenance, games missing between parts of a run).

    Rows read from files were read in a stream (``streamed``: each game's
    measures and the report's counts, :class:`Streamed`); ``frame`` reads
    them again into one pandas frame only when asked for (lists as Python
    objects: about 5 GB per million rows)."""

    def __init__(self, frame: pd.DataFrame | None, files, notes=(), streamed: "Streamed | None" = None,
                 by_game: bool = False):
        self._frame = frame
        self.files = tuple(files)
        self.notes = tuple(notes)
        self.streamed = streamed
        self._by_game = by_game             # the files' rows, concatenated, are sorted by game number

    @classmethod
    def of_frame(cls, df: pd.DataFrame) -> "Source":
        """The rows of a run in memory (``rollouts.run`` leaves its provenance in ``df.attrs``)."""
        from .rollouts import RowsFile

        doc = df.attrs.get(ATTRS_KEY) if isinstance(df, pd.DataFrame) else None
        notes = () if doc else ("these rows carry no provenance (not the frame rollouts.run returned): where they "
                                "come from cannot be checked",)
        return cls(df, (RowsFile(Path("(rows in memory)"), df, doc, []),), notes)

    @property
    def frame(self) -> pd.DataFrame:
        """All the rows in one frame, in game order (read from the files, and checked again, on first use)."""
        if self._frame is None:
            from .rollouts import read_rows

            frames = []
            for f in self.files:
                try:
                    frames.append(read_rows(f.path).frame)
                except BritishWayError as err:
                    raise ReportError(str(err)) from None
            frame = pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]
            if self._by_game:
                frame = frame.sort_values("game", kind="stable").reset_index(drop=True)
            self._frame = frame
        return self._frame

    @property
    def n(self) -> int:
        """How many rows (games) the files hold."""
        return sum(f.rows for f in self.files)

    @property
    def columns(self) -> list[str]:
        """The rows' columns (of every file, in the order first met)."""
        if self._frame is not None:
            return list(self._frame.columns)
        return list(dict.fromkeys(c for f in self.files for c in f.columns))

    def tally(self, pool: bool = False, volume: str | None = None) -> "Tally":
        """The rows checked as :func:`parse` checks them (``ReportError`` for the
        first check they fail) and counted for the report: from the stream
        :func:`load` read, or from the frame (rows in memory, rows of no COIN
        volume's report, or a ``volume`` other than the one the files hold)."""
        if self.streamed is not None and (volume is None or report_spec(volume=volume).name == self.streamed.volume):
            return self.streamed.check(pool)
        return _parse(self.frame, pool, volume)[1]

    def pairs(self, volume: str | None = None) -> tuple[tuple, ...]:
        """(policy of each seat..., games) of each policy pair in the rows (:func:`policy_pairs`)."""
        if self.streamed is not None and (volume is None or report_spec(volume=volume).name == self.streamed.volume):
            return self.streamed.pairs()
        return policy_pairs(self.frame, volume)

    def lines(self) -> list[str]:
        """Where the rows come from, as lines a person reads (the report prints them)."""
        from .provenance import describe
        from .rollouts import policies_text

        out, runs = [], []
        for f in self.files:
            run = f.run
            if run is not None:
                key = (run["volume"], run["seed"], policies_text(run["policies"]))
                if key not in runs:
                    runs.append(key)
        for volume, seed, policies in runs:
            out.append(f"run: {volume}, base seed {seed}, {policies}")
        for f in self.files:
            n = f.rows
            if f.provenance is None:
                out.append(f"{f.path}: {n:,} rows, no provenance")
                continue
            run = f.run
            if run is not None:
                threads = f"{run['threads']} numba thread{'s' if run['threads'] != 1 else ''}" + \
                    (" per Ray task" if run["backend"] == "ray" else "")
                where = f"games {ranges_text(f.done)} ({n:,} rows), {threads}, {run['backend']} backend"
            else:
                where = f"{n:,} rows of no recorded run"
            digest = (f.provenance.get("rows") or {}).get("sha256")
            out.append(f"{f.path}: {where}" + (f", rows sha256 {digest[:16]}..." if digest else ""))
            m = {k: v for k, v in f.provenance.items()
                 if k in ("package", "version", "git_commit", "git_dirty", "python", "versions", "command")}
            out += [f"  {line}" for line in describe(m)]
        return out


def rows_files(paths) -> list[Path]:
    """The rows files named by ``paths``: files, and the ``.parquet`` and
    ``.csv`` files of folders (an interrupted run's ``.partial`` file in a
    folder is refused: its run is not finished)."""
    from .rollouts import OUT_SUFFIXES, PARTIAL_SUFFIX

    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    found: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            inside = sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
            partial = [p for p in inside if p.suffix == PARTIAL_SUFFIX]
            if partial:
                raise ReportError(f"{partial[0]} holds the games of an interrupted run: finish it with the same "
                                  "`britishway rollouts ... --resume` before reporting on this folder")
            rows = [p for p in inside if p.suffix.lower() in OUT_SUFFIXES]
            if not rows:
                raise ReportError(f"no rows files (.parquet, .csv) in the folder {path}")
            found += rows
        elif not path.exists():
            raise ReportError(f"no such file or folder: {path}")
        else:
            found.append(path)
    if not found:
        raise ReportError("no rows files given")
    resolved = [p.resolve() for p in found]
    for i, p in enumerate(resolved):
        if p in resolved[:i]:
            raise ReportError(f"{found[i]} is given twice: each file of a run is read once")
    return found


def load(paths, pool: bool = False, batch_size: int | None = None) -> Source:
    """Read rows files for a report, and refuse what cannot be one honest run.

    ``paths``: rows files (``.parquet``, or ``.csv`` with its ``.meta.json``)
    and folders of them: the parts of one run played in game ranges
    (``--first-game``), or one file. Each file's rows must match the SHA-256
    written with them and be the games its provenance records. Files of one
    policy pair must be one run: the same volume, base seed, policies (a
    network by the hash of its weights), package version and commit, with no
    game in two files; games missing between the parts are allowed (each game's
    seed is fixed by its number, so the parts are games of the same run) but
    listed in ``notes`` and the report, since leaving out a part is a choice
    made after seeing it. Files of several policy pairs need ``pool``. A file
    without provenance (an older version) is read with a note, but not
    together with files that have one (nothing ties it to their run).

    The files' provenance is checked first; then the files are read once, one
    after another in the order of their first game (rows of several runs
    pooled: run after run, so a refusal names the first game in that order),
    in record batches of ``batch_size`` rows
    (``rollouts.open_rows``), each batch hashed, checked against its run and,
    for a COIN volume, checked and reduced as the report reads rows
    (:class:`_Reader`): memory holds one batch and a few bytes per game, not
    the rows. What the report's checks find is refused when the rows are
    reported (:func:`write`, :meth:`Source.tally`).
    """
    from .rollouts import open_rows, rows_spec

    files = []
    for path in rows_files(paths):
        try:
            f = open_rows(path)
        except BritishWayError as err:
            raise ReportError(str(err)) from None
        if f.partial:
            raise ReportError(f"{path} holds {f.rows:,} games of an interrupted run: finish it with the "
                              "same `britishway rollouts ... --resume` command, then report on its --out file")
        files.append(f)
    notes = [w for f in files for w in f.warnings]
    volumes = {}
    for f in files:
        volumes.setdefault(f.run["volume"] if f.run is not None else rows_spec(_columns_frame(f.columns)).name,
                           []).append(f.path)
    if len(volumes) > 1:
        raise ReportError("the files hold rows of different volumes: " +
                          "; ".join(f"{v}: {', '.join(map(str, ps))}" for v, ps in volumes.items()))
    with_run = [f for f in files if f.run is not None]
    without = [f for f in files if f.run is None]
    if with_run and without:
        raise ReportError(f"{without[0].path} records no run, so nothing ties its rows to the run of "
                          f"{with_run[0].path}; report them separately")
    groups: dict = {}
    for f in with_run:
        names = tuple((seat, e["policy"]) for seat, e in f.run["policies"].items())
        groups.setdefault(names, []).append(f)
    for names, group in groups.items():
        notes += _one_run(group)
    if len(groups) > 1 and not pool:
        pairs = "; ".join(", ".join(f"{seat}={name}" for seat, name in names) for names in groups)
        raise ReportError(f"the files hold {len(groups)} policy pairs ({pairs}); a report on them would mix "
                          f"different players: report one pair at a time, or pool them on purpose with pool=True "
                          f"(`britishway report --pool`)")
    dirty = [f for f in files if f.provenance is not None and f.provenance.get("git_dirty")]
    if dirty:
        commits = sorted({str(f.provenance.get("git_commit")) for f in dirty})
        notes.append(f"{', '.join(str(f.path) for f in dirty)} {'was' if len(dirty) == 1 else 'were'} written "
                     f"from a checkout with uncommitted changes: commit {', '.join(commits)} does not say exactly "
                     "which code played the games")
    ordered = sorted(files, key=lambda f: (f.done[0][0] if f.done else 0))
    streamed = _stream(ordered, batch_size)
    return Source(None, tuple(ordered), tuple(notes), streamed, by_game=len(ordered) > 1 and bool(with_run))


def _columns_frame(columns) -> pd.DataFrame:
    """An empty frame with these columns: what the checks of a rows file's columns read."""
    return pd.DataFrame(columns=list(columns))


def _stream(files: list, batch_size: int | None = None) -> "Streamed | None":
    """Read the files one after another in record batches, checking each
    against its provenance (a file that fails is refused, ``ReportError``),
    and, when they are rows of a volume with a balance report and have its
    columns, check and reduce them (:class:`_Reader`). Returns what was read
    (None when there is nothing a report reads in a stream: another volume's
    rows, missing columns, no rows; those are read whole when reported, and
    refused in :func:`parse`'s words)."""
    from .rollouts import BATCH_ROWS

    columns = list(dict.fromkeys(c for f in files for c in f.columns))
    try:
        found = report_spec(_columns_frame(columns))
    except BritishWayError:
        found = None
    total = sum(f.rows for f in files)
    if (found is not None and total
            and all(set(_required_columns(found)) <= set(f.columns) for f in files)):
        reader = _Reader(found, total)
    else:
        reader = None
    for f in files:
        variant = _run_variant(f.provenance)
        try:
            for batch in f.batches(batch_size or BATCH_ROWS):
                if reader is not None and batch.num_rows:
                    reader.add(_BatchColumns(batch), variant)
        except BritishWayError as err:
            raise ReportError(str(err)) from None
    return None if reader is None else reader.finish()


def _one_run(group: list) -> list[str]:
    """Files of one policy pair: refuse them unless they are parts of one run
    with no game twice; return a note for each stretch of games none holds."""
    first = group[0]
    for f in group[1:]:
        for key, label in (("seed", "base seeds"), ("policies", "policies (and their weights)")):
            if f.run[key] != first.run[key]:
                raise ReportError(f"{first.path} and {f.path} are not one run: their {label} differ "
                                  f"({_show(first.run[key])} and {_show(f.run[key])})")
        for key in ("version", "git_commit"):
            if f.provenance.get(key) != first.provenance.get(key):
                raise ReportError(f"{first.path} and {f.path} are not one run: britishway-env "
                                  f"{key.replace('_', ' ')} {first.provenance.get(key)} and "
                                  f"{f.provenance.get(key)} (different code may play different games)")
    spans = sorted((a, b, f.path) for f in group for a, b in f.done)
    for (a1, b1, p1), (a2, b2, p2) in zip(spans, spans[1:]):
        if a2 < b1:
            raise ReportError(f"games {ranges_text([(a2, min(b1, b2))])} are in both {p1} and {p2}: one run "
                              "plays each game once")
    notes = []
    gaps = [(b1, a2) for (_, b1, _), (a2, _, _) in zip(spans, spans[1:]) if a2 > b1]
    if gaps:
        notes.append(f"games {ranges_text(gaps)} of the run (base seed {first.run['seed']}) are in none of the "
                     f"files: the rows are games {ranges_text(_merge([(a, b) for a, b, _ in spans]))}")
    return notes


def _merge(spans) -> list[tuple[int, int]]:
    out: list[list[int]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return [tuple(x) for x in out]


def _show(value) -> str:
    if isinstance(value, dict) and all(isinstance(v, dict) and "policy" in v for v in value.values()):
        from .rollouts import policies_text

        return policies_text(value)
    return str(value)


# ------------------------------------------------------------- statistics --

def _rates(prefix: str, seat: str, wins: np.ndarray, games: np.ndarray) -> dict:
    """Columns ``<prefix>games, <prefix><seat>_wins, <prefix><seat>_win_rate,
    <prefix>ci95_low, <prefix>ci95_high`` for arrays of counts."""
    wins, games = np.asarray(wins, dtype=np.int64), np.asarray(games, dtype=np.int64)
    ci = np.array([wilson_interval(int(k), int(m)) for k, m in zip(wins, games)], dtype=float).reshape(-1, 2)
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = np.where(games > 0, wins / np.maximum(games, 1), np.nan)
    return {f"{prefix}games": games, f"{prefix}{seat}_wins": wins, f"{prefix}{seat}_win_rate": rate,
            f"{prefix}ci95_low": ci[:, 0], f"{prefix}ci95_high": ci[:, 1]}


def overall(games: "Games | Tally") -> pd.DataFrame:
    """Win rate of each side with Wilson 95% intervals."""
    t = _tally(games)
    rows = []
    for i, side in enumerate(t.spec.agents):
        k = int(t.wins[i])
        lo, hi = wilson_interval(k, t.n)
        rows.append({"side": side, "games": t.n, "wins": k, "win_rate": k / t.n,
                     "ci95_low": lo, "ci95_high": hi})
    return pd.DataFrame(rows)


def _with_difference(out: pd.DataFrame, seat: str) -> pd.DataFrame:
    """Add ``difference`` (with - without, the rates of the two groups
    compared) and its Newcombe 95% interval ``difference_ci95_low/high``
    (NaN where a group has no games)."""
    d = np.array([difference_interval(int(k1), int(n1), int(k2), int(n2)) for k1, n1, k2, n2 in
                  zip(out[f"{seat}_wins"], out["games"], out[f"without_{seat}_wins"], out["without_games"])],
                 dtype=float).reshape(-1, 3)
    return out.assign(difference=d[:, 0], difference_ci95_low=d[:, 1], difference_ci95_high=d[:, 2])


def card_campaign_rates(games: "Games | Tally") -> pd.DataFrame:
    """For each campaign k and event card: among the games that reached
    campaign k, the insurgent's win rate of those that drew the card in
    campaign k (``games``, ``<insurgent>_win_rate``...) and of those that did
    not (``without_games``, ``without_<insurgent>_win_rate``...), each with
    its Wilson 95% interval, and ``difference`` = with - without with its
    Newcombe 95% interval (``difference_ci95_low``, ``difference_ci95_high``)."""
    t = _tally(games)
    found = t.spec
    seat = _insurgent(found)
    event_cards = _event_cards(found)
    frames = []
    for k in range(1, _campaigns(found) + 1):
        n_drawn, wins_drawn = t.drawn[k, event_cards], t.drawn_won[k, event_cards]    # drawn implies reached (7.0)
        n_reached, wins_reached = int(t.reached[k]), int(t.reached_won[k])
        frame = pd.DataFrame({"campaign": k, "card": event_cards,
                              "label": [found.card_label(c) for c in event_cards],
                              **_rates("", seat, wins_drawn, n_drawn),
                              **_rates("without_", seat, wins_reached - wins_drawn, n_reached - n_drawn)})
        frames.append(frame)
    return _with_difference(pd.concat(frames, ignore_index=True), seat)


def event_rates(games: "Games | Tally", by_faction: bool = True) -> pd.DataFrame:
    """For each event text executed (card and side, and with ``by_faction``
    the executing faction): the insurgent's win rate of the games where it
    was executed, next to the other games that drew the same card
    (``without_*``: the card drawn, and this text not executed, or not by
    this faction), each with its Wilson 95% interval, and ``difference`` =
    with - without (the rate of the games compared with, not of all games)
    with its Newcombe 95% interval."""
    t = _tally(games)
    found = t.spec
    seat, seats = _insurgent(found), found.agents
    executed, executed_won = t.executed, t.executed_won
    if not by_faction:                         # either faction: one text per card and side
        executed, executed_won = executed.sum(axis=2, keepdims=True), executed_won.sum(axis=2, keepdims=True)
    card, side, fac = (a.astype(np.int64) for a in np.nonzero(executed))     # in card, side, faction order
    n_exec, wins_exec = executed[card, side, fac], executed_won[card, side, fac]
    n_drawn, wins_drawn = t.drawn.sum(axis=0), t.drawn_won.sum(axis=0)      # an executed event's card was drawn
    labels = [f"{found.card_label(c)}: {SIDES[s]}" + (f" by {seats[f]}" if by_faction else "")
              for c, s, f in zip(card, side, fac)]
    out = pd.DataFrame({"card": card, "side": [SIDES[s] for s in side], "label": labels,
                        **_rates("", seat, wins_exec, n_exec),
                        **_rates("without_", seat, wins_drawn[card] - wins_exec, n_drawn[card] - n_exec)})
    if by_faction:
        out.insert(2, "faction", [seats[f] for f in fac])
    return _with_difference(out, seat)


def capability_impact(games: "Games | Tally") -> pd.DataFrame:
    """Capability cards (5.3): each text executed (by either faction) against
    the other games that drew the card (the other text or no event)."""
    rates = event_rates(games, by_faction=False)
    return rates[rates["card"].isin(_capability_cards(_tally(games).spec))].reset_index(drop=True)


def political_will_bands(df: "pd.DataFrame | Tally", volume: str | None = None) -> pd.DataFrame:
    """Political Will at the start (round 0) and after each Propaganda Round's
    Political Will phase (6.1): median, the 10-90 and 25-75 percentile bands
    and the mean, over the games that reached that round (``games``).

    A game ends only in a Propaganda Round (7.0), so each round's figures
    describe a different set of games: ``reached_share`` is the share of all
    games that reached the round (the survival curve) and ``ended`` how many
    of them ended in it. The rows are not a trajectory of the same games: a
    later round has lost the games that ended earlier. ``df``: the rollout
    table, or the :class:`Tally` of checked rows (the same figures from the
    counts of each value)."""
    if isinstance(df, Tally):
        return _bands_of_tally(df)
    found = report_spec(df, volume)
    start = found.report.political_will_start
    rounds = df["political_will_after_round"]
    total = len(df)
    last = df["victory_round"].to_numpy()
    rows = [_start_band(start, total)]
    arr = pa.array(rounds, type=pa.list_(pa.int64()))
    values = pc.list_flatten(arr).to_numpy(zero_copy_only=False)
    parents = pc.list_parent_indices(arr).to_numpy(zero_copy_only=False)
    lengths = pc.list_value_length(arr).to_numpy(zero_copy_only=False)
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    position = np.arange(len(values)) - starts[parents]
    for r in range(_campaigns(found)):
        v = values[position == r]
        q = np.percentile(v, [10, 25, 50, 75, 90]) if len(v) else np.full(5, np.nan)
        rows.append(_band(r + 1, len(v), total, int((last == r + 1).sum()), q, float(v.mean()) if len(v) else np.nan))
    return pd.DataFrame(rows)


def _bands_of_tally(t: Tally) -> pd.DataFrame:
    """:func:`political_will_bands` from the counts of each Political Will after each round."""
    found = t.spec
    rows = [_start_band(found.report.political_will_start, t.n)]
    for r in range(_campaigns(found)):
        counts = t.will[r]
        m = int(counts.sum())
        q = _percentiles(counts, [10, 25, 50, 75, 90]) if m else np.full(5, np.nan)
        mean = int(counts @ np.arange(len(counts))) / m if m else np.nan
        rows.append(_band(r + 1, m, t.n, int(t.ended[r + 1].sum()), q, mean))
    return pd.DataFrame(rows)


def _start_band(start: int, total: int) -> dict:
    return {"round": 0, "games": total, "reached_share": 1.0, "ended": 0, "p10": start, "p25": start,
            "median": start, "p75": start, "p90": start, "mean": float(start)}


def _band(round_: int, games: int, total: int, ended: int, q, mean: float) -> dict:
    return {"round": round_, "games": games, "reached_share": games / total, "ended": ended, "p10": q[0],
            "p25": q[1], "median": q[2], "p75": q[3], "p90": q[4], "mean": mean}


def victory_timing(df: "pd.DataFrame | Tally", volume: str | None = None) -> pd.DataFrame:
    """Games won by each side in each Propaganda Round (7.0); ``df``: the
    rollout table, or the :class:`Tally` of checked rows."""
    if isinstance(df, Tally):
        seats = list(df.spec.agents)
        played = [k for k in range(len(df.ended)) if df.ended[k].sum()]
        table = pd.DataFrame(df.ended[played], columns=pd.Index(seats, name="winner"))
        table.insert(0, "victory_round", np.asarray(played, dtype=np.int64))
        return table
    seats = list(report_spec(df, volume).agents)
    table = df.groupby(["victory_round", "winner"]).size().unstack(fill_value=0)
    for side in seats:
        if side not in table:
            table[side] = 0
    return table[seats].reset_index()


def _save_figure(fig, path: Path) -> None:
    from .io import save_figure

    save_figure(fig, path, dpi=110)


# ------------------------------------------------------------------ plots --

def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


# The win-rate axis of the comparison plots: the intervals drawn plus this share of their span on each side
# (at least MIN_X_MARGIN), within 0..1.
X_MARGIN = 0.05
MIN_X_MARGIN = 0.01


def _x_range(tables) -> tuple[float, float]:
    """The win-rate axis fitted to the intervals drawn (both groups of every
    row shown), with a margin: 0..1 only where the data span it."""
    lows, highs = [], []
    for table in tables:
        for prefix in ("", "without_"):
            has = table[f"{prefix}games"].to_numpy() > 0
            lows.append(table[f"{prefix}ci95_low"].to_numpy(dtype=float)[has])
            highs.append(table[f"{prefix}ci95_high"].to_numpy(dtype=float)[has])
    low, high = np.concatenate(lows or [[]]), np.concatenate(highs or [[]])
    if not len(low):
        return (0.0, 1.0)
    a, b = float(low.min()), float(high.max())
    margin = max(X_MARGIN * (b - a), MIN_X_MARGIN)
    return (max(0.0, a - margin), min(1.0, b + margin))


def _draw_comparison(ax, table: pd.DataFrame, seat: str, with_label: str, without_label: str,
                     shown: np.ndarray | None = None) -> None:
    """Each row: the rate with (red) and without (grey), with Wilson 95%
    intervals; rows not ``shown`` (folded) are left empty."""
    y = np.arange(len(table))
    shown = np.ones(len(table), dtype=bool) if shown is None else np.asarray(shown, dtype=bool)
    for prefix, colour, offset, name in (("", "#c62828", -0.17, with_label),
                                         ("without_", "#607d8b", 0.17, without_label)):
        rate = np.where(shown, table[f"{prefix}{seat}_win_rate"].to_numpy(dtype=float), np.nan)
        err = np.vstack([rate - table[f"{prefix}ci95_low"].to_numpy(dtype=float),
                         table[f"{prefix}ci95_high"].to_numpy(dtype=float) - rate])
        ax.errorbar(rate, y + offset, xerr=np.nan_to_num(err), fmt="o", ms=3, color=colour, ecolor=colour,
                    elinewidth=1, capsize=1.5, label=name)
    ax.set_ylim(len(table) - 0.5, -0.5)
    ax.grid(axis="x", color="#eeeeee")


def _n_column(ax, table: pd.DataFrame, header: str, shown: np.ndarray | None = None) -> None:
    """The sample sizes of each row (``n`` of the two groups), in a column
    right of the axes (x in axes coordinates, y on the row): outside the
    data area, so they cannot meet the markers or intervals, one per row so
    they cannot meet each other. Folded rows say so, in grey."""
    shown = np.ones(len(table), dtype=bool) if shown is None else np.asarray(shown, dtype=bool)
    where = ax.get_yaxis_transform()
    for y, (a, b, ok) in enumerate(zip(table["games"], table["without_games"], shown)):
        ax.text(1.03, y, f"{a:,} / {b:,}" + ("" if ok else " folded"), fontsize=7, ha="left", va="center",
                color="#37474f" if ok else "#9e9e9e", transform=where, clip_on=False)
    ax.text(1.03, 1.0, header, fontsize=7, ha="left", va="bottom", color="#37474f", transform=ax.transAxes,
            clip_on=False)


def _plot_campaigns(found: VolumeSpec, rates: pd.DataFrame, shown: np.ndarray, path: Path) -> None:
    """``shown``: per row of ``rates``, not folded. Cards folded in every campaign are left out."""
    plt = _pyplot()
    seat, campaigns = _insurgent(found), _campaigns(found)
    cards = _event_cards(found)
    by_card = shown.reshape(campaigns, len(cards))
    keep = by_card.any(axis=0)
    cards = cards[keep]
    fig, axes = plt.subplots(1, campaigns, figsize=(15, 0.24 * len(cards) + 2.4), sharey=True, squeeze=False)
    axes = axes[0]
    tables = []
    for k, ax in enumerate(axes, start=1):
        table = rates[rates["campaign"] == k].reset_index(drop=True)[keep].reset_index(drop=True)
        ok = by_card[k - 1][keep]
        tables.append(table[ok])
        _draw_comparison(ax, table, seat, "drew the card in campaign k",
                         "reached campaign k, did not draw the card in it", ok)
        _n_column(ax, table, "n: drew / did not", ok)
        reached = int(rates.loc[rates["campaign"] == k, "games"].iloc[0]
                      + rates.loc[rates["campaign"] == k, "without_games"].iloc[0])
        ax.set_title(f"campaign {k}: {reached:,} games reached it", fontsize=9, loc="left")
        ax.set_xlabel(f"{found.faction(seat)} win rate (Wilson 95%)", fontsize=8)
    low, high = _x_range(tables)
    for ax in axes:
        ax.set_xlim(low, high)
    axes[0].set_yticks(np.arange(len(cards)), [found.card_label(c) for c in cards], fontsize=7)
    fig.legend(*axes[0].get_legend_handles_labels(), loc="lower center", ncol=2, fontsize=8, frameon=False)
    fig.suptitle(f"Cards within a campaign: {found.faction(seat)} win rate of the games that drew the card in "
                 "campaign k vs the games that reached campaign k without drawing it there\n"
                 "correlational, not the card's effect (the report says why)", fontsize=9)
    fig.tight_layout(rect=(0, 0.035, 1, 1))
    _save_figure(fig, path)


def _plot_texts(found: VolumeSpec, table: pd.DataFrame, title: str, with_label: str,
                without_label: str, header: str, path: Path) -> None:
    plt = _pyplot()
    seat = _insurgent(found)
    fig, ax = plt.subplots(figsize=(9, max(3.0, 0.24 * len(table) + 1.9)))
    _draw_comparison(ax, table, seat, with_label, without_label)
    _n_column(ax, table, header)
    ax.set_xlim(*_x_range([table]))
    ax.set_yticks(np.arange(len(table)), list(table["label"]), fontsize=7)
    ax.set_xlabel(f"{found.faction(seat)} win rate (Wilson 95% interval)")
    ax.set_title(title, fontsize=9)
    fig.legend(*ax.get_legend_handles_labels(), loc="lower center", ncol=2, fontsize=7, frameon=False)
    fig.tight_layout(rect=(0, 0.3 / fig.get_figheight(), 1, 1))
    _save_figure(fig, path)


def _plot_political_will(found: VolumeSpec, bands: pd.DataFrame, path: Path) -> None:
    """Left: the share of games that reached each Propaganda Round (a
    survival curve). Right: the Political Will after each round of the games
    that reached it, one box per round with its n, not joined: each round's
    games are a different set (the games that ended earlier are not in it)."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    plt = _pyplot()
    fig, (alive, ax) = plt.subplots(1, 2, figsize=(11.5, 4.4), gridspec_kw={"width_ratios": [1, 1.5]})
    played = bands[bands["round"] > 0]
    rounds = played["round"].to_numpy()
    share = played["reached_share"].to_numpy(dtype=float)
    alive.bar(rounds, share, width=0.6, color="#90a4ae")
    for r, value, n in zip(rounds, share, played["games"]):
        alive.text(r, value + 0.02, f"{value:.0%}\nn={n:,}", ha="center", va="bottom", fontsize=8)
    alive.set_xticks(rounds, [f"round {r}" for r in rounds])
    alive.set_ylim(0, 1.2)
    alive.set_yticks(np.linspace(0, 1, 6), [f"{v:.0%}" for v in np.linspace(0, 1, 6)])
    alive.set_ylabel("share of all games")
    alive.set_title("Games still going: the share that reached\neach Propaganda Round (7.0)", fontsize=9)

    start = found.report.political_will_start
    drawn = played[played["games"] > 0]
    stats = [{"whislo": row.p10, "q1": row.p25, "med": row.median, "q3": row.p75, "whishi": row.p90,
              "fliers": [], "label": f"after round {row.round}\nn={row.games:,}"} for row in drawn.itertuples()]
    if stats:
        ax.bxp(stats, positions=drawn["round"].to_numpy(), widths=0.5, patch_artist=True, showfliers=False,
               boxprops={"facecolor": "#90caf9", "edgecolor": "#1e88e5"},
               medianprops={"color": "#0d47a1", "linewidth": 2}, whiskerprops={"color": "#1e88e5"},
               capprops={"color": "#1e88e5"})
    ax.axhline(start, color="#616161", ls=":", lw=1)
    ax.set_xlim(rounds.min() - 0.6, rounds.max() + 0.6)
    ax.set_ylim(-0.5, found.report.political_will_max + 0.5)
    ax.set_ylabel(f"{_counterinsurgent_title(found)} Political Will")
    ax.set_title("Political Will after each round, games that reached it\n"
                 "(each box a different set of games: not a trajectory)", fontsize=9)
    ax.legend(handles=[Patch(facecolor="#90caf9", edgecolor="#1e88e5", label="25-75%"),
                       Line2D([], [], color="#1e88e5", label="whiskers 10-90%"),
                       Line2D([], [], color="#0d47a1", lw=2, label="median"),
                       Line2D([], [], color="#616161", ls=":", label=f"start ({start})")],
              fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)     # never over a box
    fig.tight_layout()
    _save_figure(fig, path)


# ----------------------------------------------------------------- report --

def _counterinsurgent_title(found: VolumeSpec) -> str:
    """The other seat's name in prose: the side whose Political Will the track shows."""
    return " and ".join(found.faction(seat) for seat in found.agents if seat != _insurgent(found))


def _markdown_table(table: pd.DataFrame, columns: list[str], fmt: dict | None = None,
                    headers: list[str] | None = None) -> str:
    fmt = fmt or {}
    lines = ["| " + " | ".join(headers or columns) + " |", "|" + "---|" * len(columns)]
    for row in table[columns].itertuples(index=False):
        shown = [fmt.get(c, "{}").format(v) if not (isinstance(v, float) and np.isnan(v)) else "-"
                 for c, v in zip(columns, row)]
        lines.append("| " + " | ".join(shown) + " |")
    return "\n".join(lines)


def _rate_cell(table: pd.DataFrame, seat: str, prefix: str) -> pd.Series:
    """'0.4821 [0.4432, 0.5212] n=612' per row."""
    return pd.Series([
        f"{r:.4f} [{lo:.4f}, {hi:.4f}] n={n:,}" if n else "n=0"
        for r, lo, hi, n in zip(table[f"{prefix}{seat}_win_rate"], table[f"{prefix}ci95_low"],
                                table[f"{prefix}ci95_high"], table[f"{prefix}games"])], index=table.index)


def _difference_cell(table: pd.DataFrame) -> pd.Series:
    """'+0.0423 [-0.0123, +0.0967]' per row (with - without, Newcombe 95%)."""
    return pd.Series([f"{d:+.4f} [{lo:+.4f}, {hi:+.4f}]" if not np.isnan(d) else "-"
                      for d, lo, hi in zip(table["difference"], table["difference_ci95_low"],
                                           table["difference_ci95_high"])], index=table.index)


def _comparison_table(table: pd.DataFrame, seat: str, first: list[str], with_header: str,
                      without_header: str, headers: list[str] | None = None) -> str:
    shown = table.assign(with_=_rate_cell(table, seat, ""), without=_rate_cell(table, seat, "without_"),
                         diff_=_difference_cell(table))
    return _markdown_table(shown, first + ["with_", "without", "diff_"],
                           headers=(headers or first) + [with_header, without_header,
                                                         "difference [Newcombe 95%]"])


def check_min_games(min_games) -> int:
    """``min_games`` (the fewest games each group of a comparison needs to be
    plotted and tabled on its own), checked: a whole number, at least 1."""
    if isinstance(min_games, (bool, np.bool_)) or not isinstance(min_games, (int, np.integer)) or min_games < 1:
        raise ReportError(f"min_games (--min-games) must be a whole number of games, at least 1, not {min_games!r}")
    return int(min_games)


def folded(table: pd.DataFrame, min_games: int = DEFAULT_MIN_GAMES) -> np.ndarray:
    """Per row of a comparison (:func:`card_campaign_rates`, :func:`event_rates`,
    :func:`capability_impact`): True where either group has fewer than
    ``min_games`` games; the report counts and lists such rows instead of
    plotting and tabling them."""
    min_games = check_min_games(min_games)
    return ((table["games"].to_numpy() < min_games) | (table["without_games"].to_numpy() < min_games))


def random_seats(games: "Games | Tally | Source | pd.DataFrame", volume: str | None = None) -> list[str]:
    """The seats that play the random policy in any policy pair of the rows
    (:func:`parse`'s ``Games``, a :class:`Tally`, a :class:`Source` or the rows
    themselves), read from the ``policy_<seat>`` columns, which a rows file's
    provenance is checked against."""
    if isinstance(games, (Games, Tally)):
        seats, pairs = games.spec.agents, games.pairs
    elif isinstance(games, Source):
        pairs = games.pairs(volume)
        seats = (report_spec(volume=games.streamed.volume) if games.streamed is not None and volume is None
                 else report_spec(_columns_frame(games.columns), volume)).agents
    else:
        seats, pairs = report_spec(games, volume).agents, policy_pairs(games, volume)
    return [seat for i, seat in enumerate(seats) if any(pair[i] == RANDOM_POLICY for pair in pairs)]


def _counts_list(table: pd.DataFrame, seat: str, first: list[str], headers: list[str], what: str,
                 min_games: int) -> list[str]:
    """The folded rows of a section, in a collapsed list with their counts only."""
    if table.empty:
        return []
    columns = first + ["games", f"{seat}_wins", "without_games", f"without_{seat}_wins"]
    fmt = {c: "{:,}" for c in columns[len(first):]}
    return ["<details>",
            f"<summary>Folded {what} ({len(table):,}): fewer than {min_games:,} games in a group; their counts, "
            "no rates</summary>", "",
            _markdown_table(table, columns, fmt, headers + ["games", "wins", "other games", "their wins"]),
            "", "</details>", ""]


def _fold_line(shown: int, total: int, what: str, min_games: int) -> str:
    folded_rows = total - shown
    if not folded_rows:
        return f"All {total:,} {what} have at least {min_games:,} games in each group."
    return (f"{shown:,} of {total:,} {what} are shown; **{folded_rows:,} folded**: fewer than {min_games:,} games "
            "in one of the two groups (`min_games`, `--min-games`), listed with their counts only at the end of "
            "this section.")


def _chance_line(table: pd.DataFrame, what: str) -> str:
    """How many of the rows shown have a difference interval that excludes 0, next to chance alone."""
    k = int(((table["difference_ci95_low"] > 0) | (table["difference_ci95_high"] < 0)).sum())
    return (f"Of the {len(table):,} {what} shown, {k:,} have a difference interval that excludes 0; if none made "
            f"any difference, about 1 in 20 ({len(table) / 20:.1f}) would by chance alone.")


def write(df: pd.DataFrame | Source, out_dir: str | Path, title: str | None = None, pool: bool = False,
          volume: str | None = None, min_games: int = DEFAULT_MIN_GAMES) -> Path:
    """Write ``report.md`` and its PNG plots into ``out_dir``; return the markdown path.

    ``df``: the rows (a frame, or the :class:`Source` that :func:`load` read
    from files). The report says where they come from (each file's
    provenance, or that there is none) and prints the notes on them. Each file
    is written to a temporary file in ``out_dir`` and renamed into place;
    ``report.md`` last. Rows from several policy pairs raise ``ReportError``
    unless ``pool`` is true (the report then says so); rows that cannot be one
    honest run (:func:`check_rows`) raise it always. ``title`` defaults to
    "<volume title> balance report", or "<volume title> rollout report
    (random play)" when a seat plays the random policy: the report then says
    at the top that its rates describe random play, not the game's balance,
    and leaves out the card, event and capability comparisons.
    ``min_games``: a comparison (card x campaign, event text, capability) is
    plotted and tabled only when each of its two groups has at least this
    many games; the others are counted and listed with their counts.
    """
    min_games = check_min_games(min_games)
    source = df if isinstance(df, Source) else Source.of_frame(df)
    games = source.tally(pool=pool, volume=volume)         # checked rows, counted: no frame of files' rows
    found = games.spec
    seat, seats = _insurgent(found), list(found.agents)
    rated = found.faction(seat)
    randoms = random_seats(games)
    if title is None:
        title = f"{found.title} rollout report (random play)" if randoms else f"{found.title} balance report"
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ReportError(f"cannot create the report folder {out}: {err.strerror or err}") from None
    if not os.access(out, os.W_OK):
        raise ReportError(f"the report folder {out} is not writable")
    sides = overall(games)
    bands = political_will_bands(games)
    timing = victory_timing(games)
    _plot_political_will(found, bands, out / PLOTS[0])
    drawn = [PLOTS[0]]
    if not randoms:
        by_campaign = card_campaign_rates(games)
        campaign_shown = ~folded(by_campaign, min_games)
        by_event = event_rates(games).sort_values(["card", "side", "faction"], ascending=[True, False, True])
        event_shown = ~folded(by_event, min_games)
        caps = capability_impact(games).sort_values(["card", "side"], ascending=[True, False])
        caps_shown = ~folded(caps, min_games)
        if campaign_shown.any():
            _plot_campaigns(found, by_campaign, campaign_shown, out / PLOTS[1])
            drawn.append(PLOTS[1])
        if event_shown.any():
            _plot_texts(found, by_event[event_shown], f"Event texts by executing faction: {rated} win rate of the "
                        "games where it was executed\nvs the other games that drew the card; correlational, "
                        "not the text's effect", "text executed by this faction",
                        "card drawn, text not executed by this faction", "n: executed / other", out / PLOTS[2])
            drawn.append(PLOTS[2])
        if caps_shown.any():
            _plot_texts(found, caps[caps_shown], f"Capabilities (5.3): {rated} win rate with each text in play\n"
                        "vs the other games that drew the card; correlational, not the text's effect",
                        "text in play (either faction executed it)", "card drawn, text not in play",
                        "n: in play / other", out / PLOTS[3])
            drawn.append(PLOTS[3])

    if games.pooled:
        who = (f"**Pooled over {len(games.pairs)} policy pairs** ({_pairs_text(found, games.pairs)}), as asked "
               f"(`pool=True` / `--pool`): every figure below mixes different players and describes none of them.")
    else:
        who = _who(found, games.pairs[0][:-1]) + "."
    parts = [f"# {title}", ""]
    if randoms:
        parts += [f"> **Random play** ({' and '.join(f'{s}=random' for s in randoms)}): these rates describe "
                  "random play, not the game's balance. This is not a balance report: the comparisons of cards, "
                  "event texts and capabilities are left out, since which cards or events go with winning when a "
                  "seat plays at random says nothing about the game.", ""]
    parts += [
        f"{games.n:,} games; {who} Rates are {rated} win rates with Wilson 95% intervals and the number of games "
        "each is computed on (`n`).",
        "",
        "## Where these rows come from",
        "",
        *[f"- {line.strip()}" if not line.startswith("  ") else f"  - {line.strip()}" for line in source.lines()],
        *[f"- **Note:** {note}" for note in source.notes],
        "",
        "## Who wins",
        "",
        _markdown_table(sides, ["side", "games", "wins", "win_rate", "ci95_low", "ci95_high"],
                        {"games": "{:,}", "wins": "{:,}", "win_rate": "{:.4f}", "ci95_low": "{:.4f}",
                         "ci95_high": "{:.4f}"}),
        "",
    ]
    if games.pooled:
        columns = _policy_columns(found)
        per_pair = pd.DataFrame(games.pairs, columns=columns + ["games"])
        per_pair[f"{seat}_wins"] = list(games.pair_wins)
        per_pair = per_pair.assign(**{k: v for k, v in _rates("", seat, per_pair[f"{seat}_wins"],
                                                                per_pair["games"]).items()
                                      if k not in ("games", f"{seat}_wins")})
        parts += ["Each pair on its own:", "",
                  _markdown_table(per_pair, columns + ["games", f"{seat}_wins", f"{seat}_win_rate", "ci95_low",
                                                       "ci95_high"],
                                  {"games": "{:,}", f"{seat}_wins": "{:,}", f"{seat}_win_rate": "{:.4f}",
                                   "ci95_low": "{:.4f}", "ci95_high": "{:.4f}"}), ""]
    campaigns = _campaigns(found)
    later = "2 and 3" if campaigns == 3 else f"2 to {campaigns}"
    counter = _counterinsurgent_title(found)
    parts += [
        "## When the game ends (Propaganda Round of victory, 7.0)",
        "",
        _markdown_table(timing, ["victory_round", *seats], {side: "{:,}" for side in seats}),
        "",
        "## Political Will over the game",
        "",
        "A game ends only in a Propaganda Round (7.0). For each round: left, the share of all games that reached "
        "it (a survival curve: the games still going); right, the "
        f"{counter} Political Will after that round's Political Will phase (6.1) of the games that reached it "
        "(box 25-75%, whiskers 10-90%, line the median, with its n). The games that ended in an earlier round are "
        "not in a later round's box, so each box describes a different set of games: the boxes are not joined "
        "into a line, and a lower box in a later round does not say that Political Will fell in the games that "
        "went on (the games where it fell furthest may have ended earlier). Read each box with the share of games "
        "beside it.",
        "",
        "![Political Will](political_will.png)",
        "",
        _markdown_table(bands, ["round", "games", "reached_share", "ended", "p10", "p25", "median", "p75", "p90",
                                "mean"],
                        {"games": "{:,}", "reached_share": "{:.1%}", "ended": "{:,}", "p10": "{:.0f}",
                         "p25": "{:.0f}", "median": "{:.0f}", "p75": "{:.0f}", "p90": "{:.0f}", "mean": "{:.2f}"},
                        ["round (0: start)", "games that reached it", "share of all games", "ended in it",
                         "p10", "p25", "median", "p75", "p90", "mean"]),
        "",
    ]
    if not randoms:
        parts += _comparison_sections(found, by_campaign, campaign_shown, by_event, event_shown, caps, caps_shown,
                                      min_games, later)
    parts += [f"Mean game length: {games.decisions / games.n:.1f} decisions.", ""]
    path = out / "report.md"
    with atomic_path(path) as tmp:
        tmp.write_text("\n".join(parts), encoding="utf-8")
    for name in set(PLOTS) - set(drawn):    # a plot this report did not draw must not linger from an older one
        with contextlib.suppress(FileNotFoundError):
            (out / name).unlink()
    return path


def _comparison_sections(found: VolumeSpec, by_campaign: pd.DataFrame, campaign_shown: np.ndarray,
                         by_event: pd.DataFrame, event_shown: np.ndarray, caps: pd.DataFrame,
                         caps_shown: np.ndarray, min_games: int, later: str) -> list[str]:
    """The correlational part of the report: cards within a campaign, event texts, capabilities."""
    seat = _insurgent(found)
    rated = found.faction(seat)
    parts = [
        "## How to read the comparisons below",
        "",
        "**Correlational.** The card, event and capability sections compare games that drew the card (or saw the "
        "event) with games that did not; that is not the card's effect: the policies choose events, and games "
        "that drew more cards last longer. The comparisons below are built to keep game length out (cards are "
        "compared within a campaign, events only among games that drew the card), not the policies' choices. "
        "For a card's effect, run its interventions: `britishway experiment` with `[cards]` plays each card "
        "removed, each text never executed and the card placed in a campaign against the base game on the same "
        "seeds, and ranks the paired differences with multiple-comparison control (docs/experiments.md).",
        "",
        "- Each row sets two groups of games side by side, each with its win rate, Wilson 95% interval and `n`, "
        "and gives their difference (with - without) with its own Newcombe 95% interval. The baseline is the "
        "other group, the games the row is compared with, not all games. Read a difference from its interval, "
        "not from whether the two rates' intervals overlap: two intervals can overlap while the difference's "
        "excludes 0, and an interval that includes 0 says the data do not separate the groups at this size, not "
        "that they are alike.",
        "- More games narrow the intervals; they do not remove selection. A difference that more games make clear "
        "is still a difference between games that the policies' choices made different.",
        "- Many rows are compared at once: if nothing made any difference, about 1 in 20 intervals would exclude 0 "
        "by chance alone.",
        f"- A row is plotted and tabled only when each of its two groups has at least {min_games:,} games "
        f"(`min_games`, `--min-games`, default {DEFAULT_MIN_GAMES}); each section says how many rows it folded "
        "and lists them, with their counts only, in a collapsed list at its end.",
        "",
        "## Cards, compared within a campaign",
        "",
        "Campaign k is the run of cards up to and including the k-th Propaganda card (2.1, 6.0). For each "
        f"campaign and card: among the games that reached campaign k, the {rated} win rate of those that drew the "
        "card in campaign k, next to those that reached campaign k and did not draw it there, and the difference.",
        "",
        "What this is: victory is checked only in Propaganda Rounds (7.0), so every game that reached a campaign "
        "drew all of its cards, and longer games do not draw a card more often than shorter ones in this "
        "comparison. Which cards fall in which campaign is fixed by the shuffle at setup (2.1), so in campaign 1 "
        "the two groups differ only by chance and the card as these policies played it. What this is not: the "
        "effect of the event text (the difference includes whatever both policies chose to do with the card, "
        f"event or not, and all that followed), nor, in campaigns {later}, a comparison of like with like (the "
        "games that reach them survived earlier campaigns, whose cards were different). A card's win rate over "
        "all games that drew it at any time is not shown: longer games draw more cards, so it mostly measures "
        "game length.",
        "",
        _fold_line(int(campaign_shown.sum()), len(by_campaign), "card x campaign rows", min_games),
        "",
    ]
    shown = by_campaign[campaign_shown]
    if not shown.empty:
        parts += [_chance_line(shown, "card x campaign rows"), "",
                  "![cards by campaign](win_rate_by_card.png)", "",
                  _comparison_table(shown, seat, ["campaign", "label"], "drew the card in campaign k",
                                    "reached campaign k, did not draw it there", ["campaign", "card"]), ""]
    parts += _counts_list(by_campaign[~campaign_shown], seat, ["campaign", "label"], ["campaign", "card"],
                          "card x campaign rows", min_games)
    parts += [
        "## Event texts, by executing faction",
        "",
        f"For each event text and the faction that executed it (5.1): the {rated} win rate of the games where it "
        "was executed, next to the other games that drew the same card (the other text, the other faction, or "
        "no event), and the difference. Both groups drew the card, so game length enters both alike; the campaign "
        "in which it was drawn is not held fixed. What this is not: the effect of the text. The executing faction "
        "chose the event, and that side, over its other options because its policy preferred it in that "
        "position, so the rate describes the text together with the positions in which that policy plays it.",
        "",
    ]
    if by_event.empty:
        parts += ["No event was executed in these games.", ""]
    else:
        parts += [_fold_line(int(event_shown.sum()), len(by_event), "event texts by faction", min_games), ""]
        shown = by_event[event_shown]
        if not shown.empty:
            parts += [_chance_line(shown, "event texts by faction"), "", "![by event](win_rate_by_event.png)", "",
                      _comparison_table(shown, seat, ["label"], "executed", "other games that drew the card",
                                        ["event text"]), ""]
        parts += _counts_list(by_event[~event_shown], seat, ["label"], ["event text"], "event texts", min_games)
    parts += [
        "## Capabilities (5.3)",
        "",
        "A capability stays in play for the rest of the game once executed. Each text, executed by either "
        "faction, against the other games that drew the card (the other text, or no event); the same caveat as "
        "for events holds: correlational, not the text's effect.",
        "",
    ]
    if caps.empty:
        parts += ["No capability was executed in these games.", ""]
    else:
        parts += [_fold_line(int(caps_shown.sum()), len(caps), "capability texts", min_games), ""]
        shown = caps[caps_shown]
        if not shown.empty:
            parts += ["![capabilities](capabilities.png)", "",
                      _comparison_table(shown, seat, ["label"], "in play", "other games that drew the card",
                                        ["capability text"]), ""]
        parts += _counts_list(caps[~caps_shown], seat, ["label"], ["capability text"], "capability texts",
                              min_games)
    return parts
