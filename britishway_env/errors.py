"""Exceptions raised at the package's edges. Each names what was wrong."""


class BritishWayError(Exception):
    """Base class of every error this package raises on purpose."""


class IllegalActionError(BritishWayError, ValueError):
    """An action the legal mask does not offer; the state is unchanged."""


class NotResetError(BritishWayError, RuntimeError):
    """An env used before its first ``reset()``: there is no game yet."""


class OpponentError(BritishWayError, RuntimeError):
    """A policy opponent of the vector env failed (raised, or returned no
    legal action); the env stops and must be ``reset()``."""


class StateError(BritishWayError, ValueError):
    """A malformed or inconsistent state (dict or row)."""


class UnknownVolumeError(BritishWayError, KeyError):
    """A volume name that is not implemented."""

    def __str__(self) -> str:  # KeyError quotes its message; keep it readable
        return str(self.args[0]) if self.args else ""


class UnknownPolicyError(BritishWayError, ValueError):
    """A policy name that is neither built in nor a checkpoint path."""


class LeagueError(UnknownPolicyError):
    """A league file (britishway_env/league.py) that cannot be played: none for
    the seat, malformed, or a member that does not load or whose file is not
    the one its SHA-256 names."""


class OutputPathError(BritishWayError, ValueError):
    """An output file that cannot be written where asked (extension, folder, permissions)."""


class ClusterAddressError(BritishWayError, ValueError):
    """A Ray cluster address that is malformed or does not answer."""


class ReportError(BritishWayError, ValueError):
    """A rollout table that cannot be reported on (missing or inconsistent
    columns, no games, several policy pairs not pooled on purpose)."""


class RowsFileError(BritishWayError, ValueError):
    """A rollout rows file that cannot be trusted or resumed: unreadable, changed
    since it was written (its rows no longer match their recorded hash), not
    the run its provenance records, or not the run being resumed."""


class MissingExtraError(BritishWayError, ImportError):
    """A feature whose optional dependencies (an extra of the package) are not installed."""


class CompareError(BritishWayError, ValueError):
    """Rows files that cannot be compared game by game (britishway_env/compare.py): not rows of a
    two-seat COIN volume, of different volumes, not the same games, or arms named ambiguously."""


class VariantError(BritishWayError, ValueError):
    """A variant file or mapping (britishway_env/variants.py) is not valid; the message names the field."""
