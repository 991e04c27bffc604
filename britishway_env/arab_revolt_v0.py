"""``britishway_env.arab_revolt_v0``: Arab Revolt 1936-39 as a PettingZoo AEC env.

    from britishway_env import arab_revolt_v0
    env = arab_revolt_v0.env(render_mode="ansi")

Agents ``british`` and ``rebels``; observations ``{"observation", "action_mask"}``;
rewards +1/-1 at the end; ``env.unwrapped.game`` is the :class:`Game`.
``render_mode="ansi"`` gives the board as text, ``"rgb_array"`` a picture of the board.
All 32 events are playable through the Event box (docs/arab_revolt_events.md);
the Mandatory A11 and A24 resolve as they are revealed (5.4).
"""

from .envs.aec import KernelAECEnv, OrderEnforcing
from .volumes.arab_revolt.game import ArabRevoltGame
from .volumes.arab_revolt.observation import OBS_HIGH, OBS_SIZE, observe
from .volumes.arab_revolt.render import render_rgb, render_text
from .volumes.arab_revolt.stepper import step as step_kernel
from .volumes.arab_revolt.stepper import sync as sync_kernel


class raw_env(KernelAECEnv):
    metadata = {"render_modes": ["ansi", "rgb_array"], "name": "arab_revolt_v0", "is_parallelizable": False,
                "render_fps": 1}
    game_class = ArabRevoltGame
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
