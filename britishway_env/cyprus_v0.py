"""``britishway_env.cyprus_v0``: Cyprus 1955-59 as a PettingZoo AEC env.

    from britishway_env import cyprus_v0
    env = cyprus_v0.env(render_mode="ansi")

Agents ``british`` and ``eoka``; observations ``{"observation", "action_mask"}``;
rewards +1/-1 at the end; ``env.unwrapped.game`` is the :class:`Game`.
``render_mode="ansi"`` gives the board as text, ``"rgb_array"`` a picture of the map.
All 32 events are playable through the Event box (docs/cyprus_events.md).
"""

from .envs.aec import coin_env
from .volumes.cyprus.game import CyprusGame

raw_env, env = coin_env(CyprusGame, __name__)

__all__ = ["env", "raw_env"]
