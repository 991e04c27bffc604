"""The volumes this package plays, each behind its :class:`~britishway_env.engine.spec.VolumeSpec`.

    from britishway_env.registry import spec, volume_names
    volume_names()                       # ('solo1948', 'palestine', 'cyprus', 'arab_revolt')
    spec("palestine").agents             # the seats, in order

A new volume is one more line here: its name and where its spec lives. The
specs are plain data; reading them imports no rules and compiles nothing.
"""

from __future__ import annotations

from .engine.spec import VolumeSpec, load
from .errors import UnknownVolumeError

# volume name -> "module:SPEC"
SPECS = {
    "solo1948": "britishway_env.solo1948.spec:SPEC",
    "palestine": "britishway_env.volumes.palestine.spec:SPEC",
    "cyprus": "britishway_env.volumes.cyprus.spec:SPEC",
    "arab_revolt": "britishway_env.volumes.arab_revolt.spec:SPEC",
}
DEFAULT_VOLUME = "solo1948"          # what `britishway play` starts when no volume is named


def volume_names() -> tuple[str, ...]:
    """The implemented volumes, in the order the command line lists them."""
    return tuple(SPECS)


def spec(name: str) -> VolumeSpec:
    """The spec of volume ``name``; :class:`UnknownVolumeError` naming the
    implemented volumes for any other value."""
    if not isinstance(name, str) or name not in SPECS:
        raise UnknownVolumeError(f"unknown volume {name!r}; implemented volumes: {', '.join(sorted(SPECS))}")
    found = load(SPECS[name])
    if found.name != name:
        raise UnknownVolumeError(f"the spec listed for {name!r} is {found.name!r}'s")
    return found


def specs() -> tuple[VolumeSpec, ...]:
    """Every volume's spec, in :func:`volume_names` order."""
    return tuple(spec(name) for name in SPECS)


def coin_volume_names() -> tuple[str, ...]:
    """The COIN volumes (a spec with a compiled vector step of two seats):
    those that variants, round summaries, leagues and the benchmarks serve,
    in :func:`volume_names` order."""
    return tuple(s.name for s in specs() if s.vector is not None)


def is_volume(name: object) -> bool:
    return isinstance(name, str) and name in SPECS
