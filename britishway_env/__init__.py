"""britishway-env: RL environments for The British Way and the 1948 solo deck.

Importing the package is light: numba kernels compile (or load from cache)
on first use of a game, and torch / stable-baselines3 are never imported here.
"""

from pathlib import Path

from .engine.jitcache import guard_package_cache

guard_package_cache(Path(__file__).parent)

__version__ = "0.1.0"
