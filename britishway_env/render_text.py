"""Text rendering for any volume's game (dispatch by volume)."""

from __future__ import annotations

from .errors import UnknownVolumeError


def render_text(game) -> str:
    if game.volume == "solo1948":
        from .solo1948.render import render_text as solo

        return solo(game)
    if game.volume == "palestine":
        from .volumes.palestine.render import render_text as palestine

        return palestine(game)
    raise UnknownVolumeError(f"no text renderer for volume {game.volume!r}")
