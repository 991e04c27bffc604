"""``britishway_env.solo1948_v0``: the 1948 solo deck as a Gymnasium env.

    from britishway_env import solo1948_v0
    env = solo1948_v0.env(render_mode="ansi")

or ``gymnasium.make("britishway/Solo1948-v0")``.
"""

from .solo1948.env import Solo1948Env


def env(**kwargs) -> Solo1948Env:
    return Solo1948Env(**kwargs)


__all__ = ["Solo1948Env", "env"]
