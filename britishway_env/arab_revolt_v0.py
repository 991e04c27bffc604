"""``britishway_env.arab_revolt_v0``: Arab Revolt 1936-39 as a PettingZoo AEC env.

    from britishway_env import arab_revolt_v0
    env = arab_revolt_v0.env(render_mode="ansi")

Agents ``british`` and ``rebels``; observations ``{"observation", "action_mask"}``;
rewards +1/-1 at the end; ``env.unwrapped.game`` is the :class:`Game`.
``render_mode="ansi"`` gives the board as text, ``"rgb_array"`` a picture of the board.
All 32 events are playable through the Event box (docs/arab_revolt_events.md);
the Mandatory A11 and A24 resolve as they are revealed (5.4).
"""

from .envs.aec import coin_env
from .volumes.arab_revolt.game import ArabRevoltGame

raw_env, env = coin_env(ArabRevoltGame, __name__)

__all__ = ["env", "raw_env"]
