"""Strict readers for state dicts, shared by every volume.

A state dict comes from outside (a file, a user, an attacker), so every value
is checked before it reaches a state row: integers must be real integers
(``int`` or a numpy integer, never ``bool``, ``float``, ``str`` or ``bytes``)
inside their range, containers must be of the expected kind and size, names
must be among the known ones. Every failure is a :class:`StateError` whose
message names the dotted path of the field (``spaces.<space>.<piece>``).

This module knows no game: each volume passes its own field names and bounds.
"""

from __future__ import annotations

import operator

from typing import Any, Callable, Iterable, Sequence, TypeVar

import numpy as np

from ..errors import StateError

T = TypeVar("T")

SEED_LIMIT = 2**63          # seeds are 0 <= seed < 2**63 (one int64 slot)
_SHOW = 60                  # characters of a bad value quoted in a message


def show(value: Any) -> str:
    """A short, safe ``repr`` of ``value`` for an error message."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a hostile __repr__ must not escape
        text = f"<{type(value).__name__}>"
    return text if len(text) <= _SHOW else text[:_SHOW - 3] + "..."


def as_integer(value: Any) -> int | None:
    """``value`` as an int if it is an integer (``operator.index``: Python and
    numpy integers, 0-d integer arrays), else None. bools are not integers
    here, and floats, strings and bytes are never truncated or parsed."""
    if type(value) is int:              # the common case, without the calls below
        return value
    if isinstance(value, (bool, np.bool_)):
        return None
    try:
        return operator.index(value)
    except Exception:                   # noqa: BLE001 - TypeError, or whatever a hostile __index__ raises
        return None


def is_integer(value: Any) -> bool:
    """``int`` or numpy integer, not ``bool`` (nor numpy's bool)."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


class Fields:
    """The strict readers of one volume's state dict (``what`` prefixes every message)."""

    # How an integer out of range reads; {field} is the dotted path, {parent}
    # the path up to the last dot (with the dot), {leaf} the last name.
    INTEGER = "{field} must be an integer in {lo}..{hi}, got {got}"

    def __init__(self, what: str, integer_message: str | None = None):
        self.what = what
        if integer_message is not None:
            self.INTEGER = integer_message

    def fail(self, field: str, message: str):
        where = f"{field} " if field else ""
        raise StateError(f"{self.what}: {where}{message}")

    def integer(self, value: Any, field: str, lo: int, hi: int) -> int:
        """An integer in ``lo..hi``."""
        if not is_integer(value) or not lo <= value <= hi:
            parent, _, leaf = field.rpartition(".")
            raise StateError(f"{self.what}: " + self.INTEGER.format(
                field=field, parent=parent + "." if parent else "", leaf=leaf, lo=lo, hi=hi, got=show(value)))
        return int(value)

    def boolean(self, value: Any, field: str) -> bool:
        if not isinstance(value, (bool, np.bool_)):
            self.fail(field, f"must be true or false, got {show(value)}")
        return bool(value)

    def mapping(self, value: Any, field: str, what: str = "a mapping") -> dict:
        if not isinstance(value, dict):
            self.fail(field, f"must be {what}, got {show(value)}")
        return value

    def sequence(self, value: Any, field: str, max_len: int, min_len: int = 0) -> list:
        """A list or tuple of at most ``max_len`` items (strings are not sequences here)."""
        if not isinstance(value, (list, tuple)):
            self.fail(field, f"must be a list, got {show(value)}")
        if not min_len <= len(value) <= max_len:
            size = f"{max_len}" if min_len == max_len else f"{min_len}..{max_len}"
            self.fail(field, f"must list {size} items, got {len(value)}")
        return list(value)

    def integers(self, value: Any, field: str, lo: int, hi: int, max_len: int, min_len: int = 0) -> list[int]:
        """A list of integers in ``lo..hi``; errors name the item (``history[3]``)."""
        items = self.sequence(value, field, max_len, min_len)
        return [self.integer(v, f"{field}[{i}]", lo, hi) for i, v in enumerate(items)]

    def choice(self, value: Any, field: str, options: Sequence[T]) -> T:
        """One of ``options`` (compared by equality, hashable or not, type-strict for
        strings so that ``1`` never matches ``True``)."""
        for option in options:
            if type(value) is type(option) and value == option:
                return option
        listed = ", ".join(show(o) for o in options)
        if len(listed) > 200:
            listed = listed[:197] + "..."
        self.fail(field, f"must be one of {listed}, got {show(value)}")

    def index(self, value: Any, field: str, names: Sequence[str]) -> int:
        """The position of the name ``value`` in ``names``."""
        return list(names).index(self.choice(value, field, tuple(names)))

    def keys(self, d: dict, field: str, allowed: Iterable[str], required: Iterable[str] = ()) -> None:
        """No unknown key, every required key present."""
        allowed = set(allowed)
        unknown = [k for k in d if k not in allowed]
        if unknown:
            self.fail(field, f"has unknown keys {sorted(show(k) for k in unknown)}; known: "
                      f"{', '.join(sorted(allowed))}")
        missing = [k for k in required if k not in d]
        if missing:
            self.fail(field, f"is missing keys {missing}")

    def seed(self, value: Any, field: str = "seed") -> int:
        return self.integer(value, field, 0, SEED_LIMIT - 1)


def check_seed(value: Any, what: str = "seed") -> int:
    """A game seed: an integer with 0 <= seed < 2**63."""
    if not is_integer(value) or not 0 <= value < SEED_LIMIT:
        raise StateError(f"{what} must be an integer in 0..2**63-1, got {show(value)}")
    return int(value)


def guarded(what: str, stage: str, read: Callable[[], T]) -> T:
    """Run ``read``; any exception other than a StateError becomes one naming
    the stage (a last line of defence: readers check types explicitly first)."""
    try:
        return read()
    except StateError:
        raise
    except RecursionError:
        raise StateError(f"{what}: {stage}: the dict is nested too deeply") from None
    except Exception as exc:  # noqa: BLE001 - nothing but StateError may escape a load
        raise StateError(f"{what}: {stage} failed: {type(exc).__name__}: {show(str(exc))}") from None
