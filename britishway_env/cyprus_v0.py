"""``britishway_env.cyprus_v0``: Cyprus 1955-59 as a PettingZoo AEC env.

    from britishway_env import cyprus_v0
    env = cyprus_v0.env(render_mode="ansi")

Agents ``british`` and ``eoka``; observations ``{"observation", "action_mask"}``;
rewards +1/-1 at the end; ``env.unwrapped.game`` is the :class:`Game`.
``render_mode="ansi"`` gives the board as text, ``"rgb_array"`` a picture of the map.
All 32 events are playable through the Event box (docs/cyprus_events.md).
"""

from .envs.aec import KernelAECEnv, OrderEnforcing
from .volumes.cyprus.game import CyprusGame
from .volumes.cyprus.observation import OBS_HIGH, OBS_SIZE, observe
from .volumes.cyprus.render import render_rgb, render_text
from .volumes.cyprus.stepper import step as step_kernel
from .volumes.cyprus.stepper import sync as sync_kernel


class raw_env(KernelAECEnv):
    metadata = {"render_modes": ["ansi", "rgb_array"], "name": "cyprus_v0", "is_parallelizable": False,
                "render_fps": 1}
    game_class = CyprusGame
    observe_kernel = staticmethod(observe)
    sync_kernel = staticmethod(sync_kernel)
    step_kernel = staticmethod(step_kernel)
    obs_size = OBS_SIZE
    obs_high = OBS_HIGH
    render_text = staticmethod(render_text)
    render_rgb = staticmethod(render_rgb)


def env(**kwargs):
    """``raw_env`` inside PettingZoo's order enforcing checks (:class:`OrderEnforcing`)."""
    return OrderEnforcing(raw_env(**kwargs))


__all__ = ["env", "raw_env"]
