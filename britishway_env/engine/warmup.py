"""Compile (or load) a set of kernels before a command starts, saying so.

The first run of a command compiles its numba kernels, which takes from
seconds to minutes; later runs load them from numba's on-disk cache. A
:class:`Warmup` names the entry kernels of one use of one volume and how to
run them once on a tiny input; :func:`ready` checks whether numba's cache
holds them for this source and machine, prints a notice before compiling and
the time it took after, and warms them up so that a progress bar started
afterwards moves from its first update. The volumes' warm-ups are listed in
``britishway_env.warmup``.
"""

from __future__ import annotations

import hashlib
import importlib
import time
from typing import Callable, NamedTuple

Echo = Callable[[str], None]


class Warmup(NamedTuple):
    label: str                   # what the notice calls the kernels ("the rules of a volume")
    module: str                  # module holding the entry kernels
    kernels: tuple[str, ...]     # their names
    warm: Callable[[], None]     # runs them once on a tiny input


def _is_cached(dispatcher) -> bool:
    """Whether ``dispatcher`` is compiled in this process or numba's on-disk
    cache holds a fresh entry for it on this machine (same source, same
    bytecode, same target). Any doubt answers False."""
    try:
        if dispatcher.overloads:
            return True
        cache = dispatcher._cache
        index = cache._cache_file._load_index()       # {} when missing or stale (source changed)
        magic = dispatcher.targetctx.codegen().magic_tuple()
        code = hashlib.sha256(dispatcher.py_func.__code__.co_code).hexdigest()
        return any(key[1] == magic and key[2][0] == code for key in index)
    except Exception:  # numba internals differ: assume a compile is coming
        return False


def cached(warmup: Warmup) -> bool:
    """Whether every entry kernel of ``warmup`` is ready without compiling."""
    mod = importlib.import_module(warmup.module)
    return all(_is_cached(getattr(mod, name)) for name in warmup.kernels)


def ready(warmup: Warmup, echo: Echo | None = None) -> float:
    """Run ``warmup``; when its kernels must be compiled, ``echo`` gets a notice
    before and the time taken after. Returns the seconds spent."""
    cold = not cached(warmup)
    if cold and echo:
        echo(f"compiling {warmup.label}, first run only (this can take a few minutes)...")
    start = time.perf_counter()
    warmup.warm()
    elapsed = time.perf_counter() - start
    if cold and echo:
        echo(f"compiled {warmup.label} in {elapsed:.0f} s; later runs load them from numba's cache")
    return elapsed
