"""Each volume's kernels, by use, for compile notices (engine/warmup.py): read
from the volumes' specs (``VolumeSpec.kernels``).

    from britishway_env.warmup import ensure_compiled
    ensure_compiled(volume, "rollouts", echo=lambda s: print(s, file=sys.stderr))
"""

from __future__ import annotations

import sys
from typing import Callable

from .engine.spec import Kernels, VolumeSpec, load
from .engine.warmup import Echo, Warmup, cached, ready
from .errors import UnknownVolumeError
from .registry import specs


def _play(volume: str) -> Callable[[], None]:
    """A fresh game of ``volume`` takes its first legal action."""
    def warm() -> None:
        from .game import Game

        game = Game(volume, seed=0)
        game.apply(game.legal_actions()[0])
    return warm


def _warmup(found: VolumeSpec, entry: Kernels) -> Warmup:
    if entry.warm is None:
        warm = _play(found.name)
    else:
        def warm(ref: str = entry.warm) -> None:
            load(ref)()
    return Warmup(f"the {found.title} {entry.what}", entry.module, entry.kernels, warm, entry.split)


# (volume, use) -> its entry kernels and warm-up
WARMUPS: dict[tuple[str, str], Warmup] = {
    (found.name, entry.use): _warmup(found, entry) for found in specs() for entry in found.kernels
}


def _entry(volume: str, use: str) -> Warmup:
    try:
        return WARMUPS[(volume, use)]
    except KeyError:
        raise UnknownVolumeError(f"no compiled kernels for {volume!r} / {use!r}; known: "
                                 + ", ".join(f"{v}/{u}" for v, u in WARMUPS)) from None


def is_compiled(volume: str, use: str) -> bool:
    """Whether every entry kernel of ``use`` for ``volume`` is ready without compiling."""
    return cached(_entry(volume, use))


# (volume, use) made ready in this process: the notice comes once at most.
_READY: set[tuple[str, str]] = set()


def ensure_compiled(volume: str, use: str = "rollouts", echo: Echo | None = None) -> float:
    """Make the kernels of ``use`` ("rollouts", "policy", "play", "check", "env",
    "bots", "variant": those the volume's spec lists) for ``volume`` ready, with a notice
    and the time taken when they must be compiled."""
    entry = _entry(volume, use)
    _READY.add((volume, use))
    return ready(entry, echo)


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def notice_once(volume: str, use: str) -> None:
    """For the Python API and the environments: before the first ``use`` of
    ``volume`` in this process, make its kernels ready, saying on stderr that
    they compile when numba's cache does not hold them. A use the volume's
    spec does not list is left to compile silently."""
    key = (volume, use)
    if key in _READY or key not in WARMUPS:
        return
    if use != "play":          # every other use builds on the rules: their notice comes first
        notice_once(volume, "play")
    ensure_compiled(volume, use, _stderr)


def compile_for_play(volume: str, echo: Echo | None = None) -> None:
    """Make ready what a person's game of ``volume`` runs: the rules, and the bots where it has a bot
    seat (``britishway play`` before its game, ``britishway serve`` before a volume's first game)."""
    from .registry import spec

    ensure_compiled(volume, "play", echo)
    found = spec(volume)
    if found.bot is not None and found.several_seats:
        ensure_compiled(volume, "bots", echo)
