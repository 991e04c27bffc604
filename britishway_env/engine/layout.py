"""Named offsets into a flat int64 state row.

Each game defines its layout once, at import time, as module-level integer
constants built with :class:`Layout`. Numba kernels read those constants as
compile-time values, so a field access is a plain array index.
"""

from __future__ import annotations


class Layout:
    """Allocates consecutive slices of a state row and remembers their names."""

    def __init__(self, name: str, version: int):
        self.name = name
        self.version = version
        self.fields: dict[str, tuple[int, int]] = {}
        self.size = 0

    def field(self, name: str, length: int = 1) -> int:
        """Reserve ``length`` slots for ``name``; return the first offset."""
        if name in self.fields:
            raise ValueError(f"layout {self.name!r}: field {name!r} defined twice")
        offset = self.size
        self.fields[name] = (offset, length)
        self.size += length
        return offset

    def describe(self) -> list[tuple[str, int, int]]:
        """(name, offset, length) for every field, in row order."""
        return [(n, o, ln) for n, (o, ln) in self.fields.items()]
