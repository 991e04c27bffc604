"""Text rendering for any volume's game: the renderer its spec names."""

from __future__ import annotations

from .registry import spec


def render_text(game) -> str:
    """The board of ``game`` as text (UnknownVolumeError for a game of no implemented volume)."""
    return spec(game.volume).render_text(game)
