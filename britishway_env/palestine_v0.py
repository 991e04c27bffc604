"""``britishway_env.palestine_v0``: Palestine 1945-47 as a PettingZoo AEC env.

    from britishway_env import palestine_v0
    env = palestine_v0.env(render_mode="ansi")

Agents ``british`` and ``irgun``; observations ``{"observation", "action_mask"}``;
rewards +1/-1 at the end; ``env.unwrapped.game`` is the :class:`Game`.
``render_mode="ansi"`` gives the board as text, ``"rgb_array"`` a picture of the map.
All 32 events are playable through the Event box (docs/palestine_events.md).
"""

from .envs.aec import coin_env
from .volumes.palestine.game import PalestineGame

raw_env, env = coin_env(PalestineGame, __name__)

__all__ = ["env", "raw_env"]
