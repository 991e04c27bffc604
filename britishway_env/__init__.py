"""britishway-env: RL environments for The British Way and the 1948 solo deck.

Importing the package is light: numba kernels compile (or load from cache)
on first use of a game, and torch / stable-baselines3 are never imported here.
"""

from pathlib import Path

import gymnasium

from .engine import compile_jobs, jitargs
from .engine.jitcache import guard_package_cache

guard_package_cache(Path(__file__).parent)
jitargs.install()
compile_jobs.share_compiles()     # processes on one cold cache compile each kernel once

from .errors import (  # noqa: E402
    IllegalActionError, StateError, UnknownPolicyError, UnknownVolumeError,
)
from .game import Game  # noqa: E402

__version__ = "0.1.0"

if "britishway/Solo1948-v0" not in gymnasium.registry:
    gymnasium.register(id="britishway/Solo1948-v0",
                       entry_point="britishway_env.solo1948.env:Solo1948Env")


def __getattr__(name: str):
    # Environment modules load on first use, keeping `import britishway_env` light.
    if name in ("solo1948_v0", "palestine_v0", "cyprus_v0"):
        import importlib
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'britishway_env' has no attribute {name!r}")


__all__ = ["Game", "IllegalActionError", "StateError", "UnknownPolicyError",
           "UnknownVolumeError", "cyprus_v0", "palestine_v0", "solo1948_v0"]
