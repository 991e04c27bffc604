"""Compile (or load) a volume's kernels before a command starts, saying so.

The first run of a command compiles its numba kernels, which takes from
seconds (the solo deck) to minutes (Palestine); later runs load them from
numba's on-disk cache. :func:`ensure_compiled` knows, for each volume and
use, which kernels are its entry points, checks whether numba's cache holds
them for this source and machine, prints a notice before compiling and the
time it took after, and warms the kernels up on one tiny game so that a
progress bar started afterwards moves from its first update.

    from britishway_env.engine.warmup import ensure_compiled
    ensure_compiled("palestine", "rollouts", echo=lambda s: print(s, file=sys.stderr))
"""

from __future__ import annotations

import hashlib
import importlib
import time
from typing import Callable

from ..errors import UnknownVolumeError

Echo = Callable[[str], None]


def _solo_rollouts() -> None:
    from ..solo1948 import rollouts

    rollouts.run(1, seed=0, policy="random")


def _solo_policy() -> None:
    import numpy as np

    from ..solo1948 import rollouts

    rollouts.play_with(lambda obs, masks: np.argmax(masks, axis=1), 1, 0)
    rollouts.run(1, seed=0, policy="random")


def _play(volume: str) -> Callable[[], None]:
    def warm() -> None:
        from ..game import Game

        game = Game(volume, seed=0)
        game.apply(game.legal_actions()[0])
    return warm


def _palestine_rollouts() -> None:
    from ..volumes.palestine import rollouts

    rollouts.run(1, seed=0)


# (volume, use) -> (what the notice calls it, module of the entry kernels, their names, warm-up)
WARMUPS: dict[tuple[str, str], tuple[str, str, tuple[str, ...], Callable[[], None]]] = {
    ("solo1948", "rollouts"): ("the 1948 solo deck rules", "britishway_env.solo1948.batch",
                               ("play_games", "game_seeds"), _solo_rollouts),
    ("solo1948", "policy"): ("the 1948 solo deck rules", "britishway_env.solo1948.batch",
                             ("play_games", "game_seeds", "reset_batch", "observe_batch", "apply_batch",
                              "record_batch"), _solo_policy),
    ("solo1948", "play"): ("the 1948 solo deck rules", "britishway_env.solo1948.rules",
                           ("new_game", "legal_mask", "apply"), _play("solo1948")),
    ("palestine", "rollouts"): ("the Palestine rules", "britishway_env.volumes.palestine.batch",
                                ("play_games", "game_seeds"), _palestine_rollouts),
    ("palestine", "play"): ("the Palestine rules", "britishway_env.volumes.palestine.turns",
                            ("new_game", "legal_mask", "apply"), _play("palestine")),
}


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


def is_compiled(volume: str, use: str) -> bool:
    """Whether every entry kernel of ``use`` for ``volume`` is ready without compiling."""
    _, module, names, _ = _entry(volume, use)
    mod = importlib.import_module(module)
    return all(_is_cached(getattr(mod, name)) for name in names)


def _entry(volume: str, use: str):
    try:
        return WARMUPS[(volume, use)]
    except KeyError:
        raise UnknownVolumeError(f"no compiled kernels for {volume!r} / {use!r}; known: "
                                 + ", ".join(f"{v}/{u}" for v, u in WARMUPS)) from None


def ensure_compiled(volume: str, use: str = "rollouts", echo: Echo | None = None) -> float:
    """Make the kernels of ``use`` ("rollouts", "policy", "play") for ``volume``
    ready. When they must be compiled, ``echo`` gets a notice before and the
    time taken after. Returns the seconds spent."""
    label, _, _, warm = _entry(volume, use)
    cold = not is_compiled(volume, use)
    if cold and echo:
        echo(f"compiling {label}, first run only (this can take a few minutes)...")
    start = time.perf_counter()
    warm()
    elapsed = time.perf_counter() - start
    if cold and echo:
        echo(f"compiled {label} in {elapsed:.0f} s; later runs load them from numba's cache")
    return elapsed
