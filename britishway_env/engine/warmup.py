"""Compile (or load) a set of kernels before a command starts, saying so.

The first run of a command compiles its numba kernels, which takes from
seconds to minutes; later runs load them from numba's on-disk cache. A
:class:`Warmup` names the entry kernels of one use of one volume and how to
run them once on a tiny input; :func:`ready` checks whether numba's cache
holds them for this source and machine, prints a notice before compiling and
the time it took after, and warms them up so that a progress bar started
afterwards moves from its first update. On a cold cache the groups a volume
lists for the use compile side by side on the machine's cores first
(engine/compile_jobs.py). The volumes' warm-ups are listed in
``britishway_env.warmup``.
"""

from __future__ import annotations

import importlib
import time
from typing import Callable, NamedTuple

from .compile_jobs import is_cached, side_by_side

Echo = Callable[[str], None]


class Warmup(NamedTuple):
    label: str                   # what the notice calls the kernels ("the rules of a volume")
    module: str                  # module holding the entry kernels
    kernels: tuple[str, ...]     # their names
    warm: Callable[[], None]     # runs them once on a tiny input
    split: tuple[tuple[str, ...], ...] = ()   # on a cold cache, groups compiled side by side first
                                              # (engine/compile_jobs.py)


def cached(warmup: Warmup) -> bool:
    """Whether every entry kernel of ``warmup`` is ready without compiling."""
    mod = importlib.import_module(warmup.module)
    return all(is_cached(getattr(mod, name)) for name in warmup.kernels)


def ready(warmup: Warmup, echo: Echo | None = None) -> float:
    """Run ``warmup``; when its kernels must be compiled, ``echo`` gets a notice
    before and the time taken after. Returns the seconds spent."""
    cold = not cached(warmup)
    if cold and echo:
        echo(f"compiling {warmup.label}, first run only (this can take a few minutes)...")
    start = time.perf_counter()
    if cold and warmup.split:
        side_by_side(warmup.split)
    warmup.warm()
    elapsed = time.perf_counter() - start
    if cold and echo:
        echo(f"compiled {warmup.label} in {elapsed:.0f} s; later runs load them from numba's cache")
    return elapsed
