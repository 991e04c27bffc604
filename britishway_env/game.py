"""``Game``: one game of any volume, readable at the edges.

``Game(volume, seed=0)`` returns a game of the volume's class (its spec's
``game``, britishway_env/registry.py). Every volume's
game offers the same verbs: ``legal_actions``, ``apply``, ``current_agent``,
``is_terminal``, ``winner``, ``clone``, ``determinize``, ``action_name``,
``history``, ``to_dict``/``from_dict`` and ``replay``.
"""

from __future__ import annotations

import abc
import contextvars
import itertools
from typing import Any, Callable

import numpy as np

from .engine.statedict import Fields, as_integer, check_seed, guarded, show
from .errors import IllegalActionError, StateError, UnknownPolicyError, UnknownVolumeError
from .registry import is_volume, spec, volume_names


def parse_action(action: Any, n_actions: int) -> int:
    """The action as an int in ``0..n_actions - 1``, or :class:`IllegalActionError`
    naming the bad value. Every door an action comes in by (``Game.apply``,
    the AEC and Gymnasium envs) reads it here."""
    a = as_integer(action)
    if a is None:
        raise IllegalActionError(
            f"an action must be an integer, got {show(action)} ({type(action).__name__})")
    if not 0 <= a < n_actions:
        raise IllegalActionError(f"action {a} is outside the action space 0..{n_actions - 1}")
    return a


# engine/rng.py's SplitMix64 in Python integers, for reading rolls back (KernelGame.apply_reading_rolls).
_GOLDEN = 0x9E3779B97F4A7C15
_GOLDEN_INVERSE = pow(_GOLDEN, -1, 2**64)


def _mix64(z: int) -> int:
    m = 2**64 - 1
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & m
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & m
    return z ^ (z >> 31)


# True while a loaded game's own to_dict() is read back (KernelGame._finish_load):
# the inner read checks the same row, so it skips the guards that read back.
_READING_BACK: contextvars.ContextVar[bool] = contextvars.ContextVar("britishway_reading_back", default=False)


def game_class(volume: str) -> type["Game"]:
    """The ``Game`` subclass of ``volume`` (its spec's ``game``); UnknownVolumeError otherwise."""
    return spec(volume).game_class


class Game:
    """Base class and factory of the volumes' games."""

    volume: str = ""

    def __new__(cls, volume: str | None = None, *args: Any, **kwargs: Any):
        if cls is Game:
            if volume is None:
                raise UnknownVolumeError(f"Game() needs a volume name, e.g. Game({volume_names()[0]!r})")
            return super().__new__(game_class(volume))
        return super().__new__(cls)

    @staticmethod
    def from_dict(d: dict) -> "Game":
        """Rebuild a game from :meth:`to_dict` output (``d["volume"]`` picks the class).

        Every field is checked (docs/api.md, state dicts); anything wrong raises
        :class:`StateError` naming the field, and no other exception escapes.
        """
        if not isinstance(d, dict) or "volume" not in d:
            raise StateError("a state dict must be a dict with a 'volume' key")
        volume = d["volume"]
        if not is_volume(volume):
            raise StateError(f"state dict: volume must be one of {', '.join(sorted(volume_names()))}, "
                             f"got {_show(volume)}")
        cls = game_class(volume)
        return guarded(f"{volume} state dict", "loading", lambda: cls._from_dict(d))

    @staticmethod
    def replay(volume: str, seed: int, actions: list[int]) -> "Game":
        """Play ``actions`` from a fresh game of ``volume`` seeded with ``seed``."""
        game = Game(volume, seed=seed)
        if not isinstance(actions, (list, tuple)):
            raise IllegalActionError(f"actions must be a list of integers, got {_show(actions)}")
        for a in actions:
            game.apply(a)
        return game

    @classmethod
    def _from_dict(cls, d: dict) -> "Game":  # pragma: no cover - each volume overrides
        raise UnknownVolumeError(f"volume {cls.volume!r} cannot load state dicts")


def _show(value: Any) -> str:
    return show(value)


def _notice_once(volume: str, use: str) -> None:
    """The compile notice of the first ``use`` of ``volume`` in this process (britishway_env.warmup)."""
    from .warmup import notice_once

    notice_once(volume, use)


class KernelGame(Game, abc.ABC):
    """A game whose rules are numba kernels over one int64 state row.

    Subclasses name their kernels and layout constants; this class checks
    actions against the legal mask, keeps the history, clones, queues forced
    dice and determinizes.
    """

    agents: tuple[str, ...] = ()
    N_ACTIONS = 0
    STATE_SIZE = 0
    RNG = 0                 # offset of the generator state
    FORCED = 0              # offset of the forced-chance queue: queued, used, values...
    FORCED_CAPACITY = 0
    FORCED_FACES = 1        # forced values are 0..FORCED_FACES - 1: the most faces of any roll in play
    new_game_kernel: Callable = staticmethod(lambda state, seed: None)
    legal_mask_kernel: Callable = staticmethod(lambda state, out: None)
    apply_kernel: Callable = staticmethod(lambda state, action: None)
    determinize_kernel: Callable = staticmethod(lambda state, seed: None)
    check_kernel: Callable = staticmethod(lambda state: 0)   # the invariants: 0 when all hold
    VIOLATIONS: tuple[str, ...] = ("ok",)                      # what each other code of check_kernel means
    ROW_LAYOUT = None       # the row's engine.layout.Layout, to name a field in messages
    MAX_HISTORY = 0         # the longest history a state dict may carry
    variant = None          # the variant played (britishway_env/variants.py), None: the base game

    def __init__(self, volume: str | None = None, seed: int = 0, variant: Any = None):
        if volume not in (None, self.volume):
            raise StateError(f"{type(self).__name__} cannot play volume {volume!r}")
        self.seed = check_seed(seed)
        _notice_once(self.volume, "play")
        self.state = np.zeros(self.STATE_SIZE, dtype=np.int64)
        self.history: list[int] = []
        self._mask = np.zeros(self.N_ACTIONS, dtype=np.int8)
        # True while the history replays from the seed (only apply used since).
        self.history_from_seed = True
        if variant is None:
            self.new_game_kernel(self.state, np.int64(self.seed))
        else:
            self._new_variant_game(variant)

    def _new_variant_game(self, variant: Any) -> None:
        """Start the seed's game of ``variant`` (COIN volumes: britishway_env/variants.py)."""
        raise StateError(f"{self.volume} has no variants (they exist for the COIN volumes)")

    # Each volume says these.
    @abc.abstractmethod
    def is_terminal(self) -> bool:
        """The game is over."""

    @property
    @abc.abstractmethod
    def outcome(self) -> str:
        """How the game ended ('ongoing' before)."""

    @property
    @abc.abstractmethod
    def phase(self) -> str:
        """The pending decision or phase, in words."""

    @abc.abstractmethod
    def generic_action_name(self, action: int) -> str:
        """The action's meaning independent of the position."""

    def action_name(self, action: int) -> str:
        return self.generic_action_name(parse_action(action, self.N_ACTIONS))

    # Shared.
    def legal_mask(self) -> np.ndarray:
        self.legal_mask_kernel(self.state, self._mask)
        return self._mask.astype(bool)

    def legal_actions(self) -> list[int]:
        return [int(a) for a in np.flatnonzero(self.legal_mask())]

    def choose(self, policy: str = "heuristic") -> int:
        """The action ``policy`` picks for ``current_agent`` (not applied):
        a policy the volume's bot takes ("heuristic", "random"; "trained", the
        shipped network of the seat, or a policy file path, where the volume
        has trained policies; "search", "search:N" or "search:Ts", the search
        bot, where it has one: britishway_env/search.py; "league", the
        member of the seat's league mixture that this game plays, drawn from
        the game's ``seed`` as the compiled rollouts draw it:
        britishway_env/league.py)."""
        found = spec(self.volume)
        if found.bot is None:
            raise UnknownPolicyError(f"{self.volume} has no bots to choose for a Game; use its rollouts policies")
        from . import league, search

        if league.is_league(policy):
            if self.is_terminal():
                raise StateError("the game is over: no action to choose")
            policy = league.member(self.volume, self.current_agent, self.seed)
        if search.is_search(policy):
            search.check(self.volume, policy)
            return search.choose(self, policy)
        return int(found.resolve(found.bot)(self, policy))

    def apply(self, action: int) -> None:
        """Take a legal action; raise :class:`IllegalActionError` (state unchanged) otherwise.

        The kernel's only raise is a queued forced chance value out of range
        for the roll that consumes it (engine/rng.py): then the row is put
        back as it was and :class:`StateError` names the value.
        """
        action = parse_action(action, self.N_ACTIONS)
        if self.is_terminal():
            raise IllegalActionError(f"the game is over ({self.outcome}); no action is legal")
        if not self.legal_mask()[action]:
            legal = ", ".join(f"{a} {self.action_name(a)}" for a in self.legal_actions())
            raise IllegalActionError(
                f"action {action} ({self.generic_action_name(action)}) is not legal now "
                f"({self.phase}); legal: {legal}"
            )
        before = self.state.copy()
        try:
            self.apply_kernel(self.state, action)
        except BaseException as exc:
            f = self.FORCED
            used_before, used_after = int(before[f + 1]), int(self.state[f + 1])
            self.state[:] = before
            if isinstance(exc, ValueError) and used_after > used_before:
                value = int(self.state[f + 1 + used_after])
                raise StateError(
                    f"forced chance value {value} is out of range for the roll that consumed it "
                    f"(action {action} not applied; the state is unchanged)") from None
            raise
        self.history.append(action)

    def apply_reading_rolls(self, action: int) -> list[tuple[int, int]]:
        """:meth:`apply`, returning the chance it consumed, in order: one
        ``(faces, value)`` per roll, ``value`` 0-based (a die's 1..6 is 0..5).

        Read back exactly, without the kernels keeping a record: the rolls
        come from a SplitMix64 generator (engine/rng.py) whose state moves by
        one fixed step per draw, so the number of draws is the distance the
        state moved; each roll's number of faces is found by replaying the
        decision on a copy with that roll forced to each candidate value (a
        value too big for its roll is refused, engine/rng.py). Meant for
        people watching a game (play, the server), not for rollouts.
        """
        if self.forced_chance_left():
            raise StateError("apply_reading_rolls reads the generator: queue no forced chance values first")
        before = self.clone()
        self.apply(action)
        start, end = int(before.state[self.RNG]) % 2**64, int(self.state[self.RNG]) % 2**64
        draws = ((end - start) * _GOLDEN_INVERSE) % 2**64
        if draws > self.FORCED_CAPACITY:       # not a count of draws one decision makes: report none
            return []
        rolls: list[tuple[int, int]] = []
        for i in range(draws):
            raw = _mix64((start + (i + 1) * _GOLDEN) % 2**64) >> 11
            faces = self.FORCED_FACES
            for candidate in range(1, self.FORCED_FACES):
                probe = before.clone()
                probe.force_chance([v for _, v in rolls] + [candidate])
                try:
                    probe.apply(action)
                except StateError:
                    faces = candidate
                    break
            rolls.append((faces, raw % faces))
        return rolls

    def force_chance(self, values: list[int]) -> None:
        """Queue die results (0-based faces) for the next random choices: tests and
        replays of rulebook examples.

        Each value must be an integer in ``0..FORCED_FACES - 1`` (no roll
        during play has more faces); a value too big for the roll that
        consumes it makes that :meth:`apply` raise, state unchanged. On any
        error nothing is queued.
        """
        try:
            # One more than fits, so that an endless iterable is refused, not read forever.
            new = list(itertools.islice(iter(values), self.FORCED_CAPACITY + 1))
        except Exception:
            raise StateError(f"force_chance takes a list of integers, got {show(values)}") from None
        parsed = []
        for v in new:
            i = as_integer(v)
            if i is None:
                raise StateError(f"forced chance values must be integers, got {show(v)} ({type(v).__name__})")
            if not 0 <= i < self.FORCED_FACES:
                raise StateError(
                    f"forced chance value {i} is outside 0..{self.FORCED_FACES - 1} "
                    f"(0-based faces; no {self.volume} roll has more than {self.FORCED_FACES})")
            parsed.append(i)
        queued = self.forced_chance_left()
        if len(queued) + len(parsed) > self.FORCED_CAPACITY:
            raise StateError(f"at most {self.FORCED_CAPACITY} forced chance values can be queued "
                             f"({len(queued)} already are)")
        values = queued + parsed
        f = self.FORCED
        self.state[f] = len(values)
        self.state[f + 1] = 0
        self.state[f + 2:f + 2 + len(values)] = values
        self.history_from_seed = False

    def forced_chance_left(self) -> list[int]:
        f = self.FORCED
        return [int(v) for v in self.state[f + 2 + int(self.state[f + 1]):f + 2 + int(self.state[f])]]

    def clone(self):
        copy = object.__new__(type(self))
        copy.seed = self.seed
        copy.state = self.state.copy()
        copy.history = list(self.history)
        copy.history_from_seed = self.history_from_seed
        copy._mask = np.zeros(self.N_ACTIONS, dtype=np.int8)
        copy.variant = self.variant
        return copy

    def determinize(self, seed: int):
        """A copy whose hidden future (undrawn cards, dice) is resampled.

        Use it in any planner that clones the state: the copy keeps
        everything the players can see and forgets the real future.
        """
        copy = self.clone()
        self.determinize_kernel(copy.state, np.int64(seed))
        copy.history_from_seed = False
        return copy

    # ------------------------------------------------ loading state dicts --
    # Keys every volume's state dict shares (chance and provenance).
    COMMON_KEYS = ("rng", "forced_chance", "seed", "history", "history_from_seed")

    def invariant_violation(self) -> str | None:
        """The first broken invariant of the row, in words, or None."""
        code = int(self.check_kernel(self.state))
        return None if code == 0 else self.VIOLATIONS[code]

    @classmethod
    def from_row(cls, row: Any, variant: Any = None) -> "KernelGame":
        """A game at a raw state row that came from outside (a saved training
        run's games): accepted only when the row is exactly the position its
        own state dict describes, so every field has passed the state-dict
        reader's checks before any rules kernel reads the row. No history
        (``history_from_seed`` False). ``variant``: the variant the row's game
        plays (a checked ``Variant``; its rule parameters, restrictions and
        deck rules are in the row, and the row's state dict records it).
        Anything else is a :class:`StateError`."""
        if not isinstance(row, np.ndarray) or row.dtype != np.int64 or row.shape != (cls.STATE_SIZE,):
            raise StateError(f"a {cls.volume} state row is int64 ({cls.STATE_SIZE},), got "
                             f"{getattr(row, 'dtype', type(row).__name__)} {getattr(row, 'shape', '')}")
        game = cls._bare(row.copy())
        game.variant = variant
        try:
            d = game.to_dict()      # reads fields by Python indexing: a wild value fails here, not in a kernel
        except Exception as err:    # noqa: BLE001 (any failure to describe the row means it is not a position)
            raise StateError(f"not a {cls.volume} position: the row cannot be described "
                             f"({type(err).__name__}: {err})") from None
        d.pop("history", None)
        d["history_from_seed"] = False
        loaded = Game.from_dict(d)
        if not np.array_equal(loaded.state, row):
            at = np.flatnonzero(loaded.state != row)
            raise StateError(f"not a {cls.volume} position: the row differs from the position it describes "
                             f"at offsets {at[:6].tolist()}")
        loaded.seed = 0
        loaded.history = []
        loaded.history_from_seed = False
        return loaded

    def _provenance(self) -> dict:
        """The keys every volume's state dict ends with (COMMON_KEYS): chance and provenance."""
        return {"rng": int(self.state[self.RNG]), "forced_chance": self.forced_chance_left(), "seed": self.seed,
                "history": list(self.history), "history_from_seed": self.history_from_seed}

    @classmethod
    def _bare(cls, state: np.ndarray) -> "KernelGame":
        """A game object around ``state`` as it is (seed 0, no history): for
        readers that fill or read a row themselves."""
        game = object.__new__(cls)
        game.seed = 0
        game.history = []
        game.history_from_seed = False
        game._mask = np.zeros(cls.N_ACTIONS, dtype=np.int8)
        game.state = state
        game.variant = None
        return game

    @classmethod
    def _new_loaded(cls, fields: Fields, d: dict) -> "KernelGame":
        """An empty game for a reader to fill: seed, rng and forced chance read
        from ``d`` (the history is read and checked by :meth:`_finish_load`)."""
        _notice_once(cls.volume, "play")
        _notice_once(cls.volume, "check")
        game = cls._bare(np.zeros(cls.STATE_SIZE, dtype=np.int64))
        game.seed = fields.seed(d["seed"]) if "seed" in d else 0
        s = game.state
        s[cls.RNG] = fields.integer(d.get("rng", game.seed), "rng", -(2**63), 2**63 - 1)
        forced = fields.integers(d.get("forced_chance", []), "forced_chance", 0, cls.FORCED_FACES - 1,
                                 cls.FORCED_CAPACITY)
        s[cls.FORCED] = len(forced)
        s[cls.FORCED + 2:cls.FORCED + 2 + len(forced)] = forced
        return game

    def _finish_load(self, fields: Fields, d: dict) -> "KernelGame":
        """After a reader built the row, whatever the volume: the invariants
        hold, an unfinished game has a legal action, every legal action leads
        to a position that keeps the invariants and can go on (the pending
        decision can be taken and completed), the game's own :meth:`to_dict`
        loads back to the same row, and a history given with a seed replays to
        this state. The readers' own checks name the field first; these catch
        what no field-by-field check saw."""
        bad = self.invariant_violation()
        if bad is not None:
            fields.fail("", f"describes an impossible state: {bad}")
        if not self.is_terminal() and not self.legal_mask().any():
            fields.fail("", f"leaves no legal action in an unfinished game (pending: {self.phase})")
        if not _READING_BACK.get():
            self._check_every_action_goes_on(fields)
            self._check_reads_back(fields)
        history = fields.integers(d.get("history", []), "history", 0, self.N_ACTIONS - 1, self.MAX_HISTORY)
        claimed = d.get("history_from_seed")
        if claimed is not None:
            claimed = fields.boolean(claimed, "history_from_seed")
        if claimed and "seed" not in d:
            fields.fail("history_from_seed", "is true but the dict gives no seed")
        self.history = history
        if "seed" in d and claimed is not False and history:
            replayed = self._replay_from_seed(fields, history)
            if self._comparable(replayed) != self._comparable(self):
                fields.fail("history", f"does not replay from seed {self.seed}: the state it reaches "
                            "differs from the dict's")
            self.state = replayed.state
            self.history_from_seed = True
        elif "seed" in d and claimed is not False:
            # No history: replayable exactly when this is the seed's fresh game
            # (a position edited by hand is not).
            fresh = type(self)(seed=self.seed, variant=self.variant)
            self.history_from_seed = self._comparable(fresh) == self._comparable(self)
        return self

    def _check_every_action_goes_on(self, fields: Fields) -> None:
        """Each legal action, tried on a copy, leaves a position whose invariants
        hold and that is over or has a legal action: a pending decision whose
        context the board cannot back (an origin with nothing left to move, a
        piece to move that is not there) fails here even where no check of the
        volume's reader names it. A forced chance value too large for the roll
        an action meets is skipped: :meth:`apply` refuses it, state unchanged."""
        if self.is_terminal():
            return
        probe = self.clone()
        for a in self.legal_actions():
            probe.state[:] = self.state
            try:
                self.apply_kernel(probe.state, a)
            except ValueError:
                if self.forced_chance_left():
                    continue
                raise
            what = f"action {a} ({self.generic_action_name(a)}) from its pending decision ({self.phase})"
            bad = probe.invariant_violation()
            if bad is not None:
                fields.fail("", f"describes an impossible position: {what} breaks an invariant: {bad}")
            if not probe.is_terminal() and not probe.legal_mask().any():
                fields.fail("", f"describes an impossible position: {what} leaves no legal action in an "
                            f"unfinished game (pending: {probe.phase})")

    def _check_reads_back(self, fields: Fields) -> None:
        """What loads must save and load again, to the same row (history left
        out: the row is what is compared)."""
        saved = dict(self.to_dict(), history=[], history_from_seed=False)
        token = _READING_BACK.set(True)
        try:
            again = type(self)._from_dict(saved)
        except StateError as exc:
            fields.fail("", f"loads, but its own to_dict() does not load back: {exc}")
        finally:
            _READING_BACK.reset(token)
        if again.forced_chance_left() != self.forced_chance_left():
            fields.fail("", "loads, but its own to_dict() loads back to other forced chance values")
        ours, theirs = self._without_forced_queue(self.state), self._without_forced_queue(again.state)
        if not np.array_equal(ours, theirs):
            at = int(np.flatnonzero(ours != theirs)[0])
            fields.fail("", f"loads, but its own to_dict() loads back to another state ({self._field_at(at)})")

    def _without_forced_queue(self, state: np.ndarray) -> np.ndarray:
        """The row with its forced-chance queue blanked: the values still to
        come are what a dict saves (the queue's used part is not kept)."""
        out = state.copy()
        out[self.FORCED:self.FORCED + 2 + self.FORCED_CAPACITY] = 0
        return out

    def _field_at(self, index: int) -> str:
        """The name of the row field holding ``index``, for messages."""
        layout = self.ROW_LAYOUT
        for name, (offset, length) in (layout.fields.items() if layout is not None else ()):
            if offset <= index < offset + length:
                return f"field {name!r}, slot {index - offset}"
        return f"row slot {index}"

    def _replay_from_seed(self, fields: Fields, history: list[int]) -> "KernelGame":
        game = type(self)(seed=self.seed, variant=self.variant)
        s, mask = game.state, game._mask
        for i, a in enumerate(history):
            self.legal_mask_kernel(s, mask)
            if not mask[a]:
                fields.fail("history", f"does not replay from seed {self.seed}: action {i} ({a}) is not legal")
            self.apply_kernel(s, a)
        game.history = list(history)
        return game

    def _comparable(self, game: "KernelGame") -> dict:
        d = game.to_dict()
        for key in ("seed", "history", "history_from_seed"):
            d.pop(key, None)
        return d
