"""``Game``: one game of any volume, readable at the edges.

``Game("solo1948", seed=0)`` returns the volume's game class. Every volume's
game offers the same verbs: ``legal_actions``, ``apply``, ``current_agent``,
``is_terminal``, ``winner``, ``clone``, ``determinize``, ``action_name``,
``history``, ``to_dict``/``from_dict`` and ``replay``.
"""

from __future__ import annotations

import importlib
from typing import Any

from .errors import StateError, UnknownVolumeError

# volume name -> "module:Class" of its Game subclass (imported on first use).
VOLUMES = {
    "solo1948": "britishway_env.solo1948.game:Solo1948Game",
}


def game_class(volume: str) -> type["Game"]:
    try:
        target = VOLUMES[volume]
    except KeyError:
        raise UnknownVolumeError(
            f"unknown volume {volume!r}; implemented volumes: {', '.join(sorted(VOLUMES))}"
        ) from None
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


class Game:
    """Base class and factory of the volumes' games."""

    volume: str = ""

    def __new__(cls, volume: str | None = None, *args: Any, **kwargs: Any):
        if cls is Game:
            if volume is None:
                raise UnknownVolumeError("Game() needs a volume name, e.g. Game('solo1948')")
            return super().__new__(game_class(volume))
        return super().__new__(cls)

    @staticmethod
    def from_dict(d: dict) -> "Game":
        """Rebuild a game from :meth:`to_dict` output (``d["volume"]`` picks the class)."""
        if not isinstance(d, dict) or "volume" not in d:
            raise StateError("a state dict must be a dict with a 'volume' key")
        return game_class(d["volume"])._from_dict(d)

    @staticmethod
    def replay(volume: str, seed: int, actions: list[int]) -> "Game":
        """Play ``actions`` from a fresh game of ``volume`` seeded with ``seed``."""
        game = Game(volume, seed=seed)
        for a in actions:
            game.apply(a)
        return game

    @classmethod
    def _from_dict(cls, d: dict) -> "Game":  # pragma: no cover - each volume overrides
        raise UnknownVolumeError(f"volume {cls.volume!r} cannot load state dicts")
