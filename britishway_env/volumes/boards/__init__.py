"""Map boards: the Palestine board (shared by Palestine and Arab Revolt) and
the Cyprus board. Each lists its spaces and its adjacency edges with their
evidence; the two helpers below read any of them."""

from __future__ import annotations

import numpy as np


def index_in(names: tuple[str, ...], name: str) -> int:
    """The index of space ``name`` in a board's ``names``; KeyError naming the spaces otherwise."""
    try:
        return names.index(name)
    except ValueError:
        raise KeyError(f"unknown space {name!r}; spaces: {', '.join(names)}") from None


def adjacency(names: tuple[str, ...], edges, keep=None) -> np.ndarray:
    """Symmetric 0/1 matrix over ``names`` from ``edges`` (space, space, evidence, source);
    ``keep(i)`` False leaves space ``i``'s edges out."""
    adj = np.zeros((len(names), len(names)), dtype=np.int64)
    for a, b, _, _ in edges:
        i, j = index_in(names, a), index_in(names, b)
        if keep is None or (keep(i) and keep(j)):
            adj[i, j] = adj[j, i] = 1
    return adj
