"""The Cyprus board (*The British Way: Cyprus*, 1.3): spaces and adjacency.

Towns (1.3.2), Mountains (1.3.3) and British Bases (1.3.4), each with the
value of a Sabotage marker there in the Political Will phase (6.1). The map
is a picture we do not have (the setup diagram's text is garbled), so every
adjacency edge carries its source: ``PROVEN`` edges follow from the rules
text (1.3.5's example lists all of Famagusta's neighbours; the Example of
Play, 8.0, moves and recruits across others); ``INFERRED`` edges come from
the island's geography and may be revised if a map becomes available.
"""

from __future__ import annotations

import numpy as np

from . import adjacency, index_in

TOWN, MOUNTAIN, BASE = 0, 1, 2
KIND_NAMES = ("Town", "Mountain", "British Base")

# name, kind, Sabotage value in the Political Will phase (1.3.2-1.3.4, 6.1)
SPACES = (
    ("Paphos", TOWN, 1),
    ("Limassol", TOWN, 1),
    ("Nicosia", TOWN, 2),
    ("Larnaca", TOWN, 1),
    ("Famagusta", TOWN, 1),
    ("Karpas", TOWN, 1),
    ("Troodos", MOUNTAIN, 0),
    ("Kyrenia", MOUNTAIN, 0),
    ("Akrotiri", BASE, 2),
    ("Dhekelia", BASE, 2),
)
SPACE_NAMES = tuple(s[0] for s in SPACES)
N_SPACES = N_MAP_SPACES = len(SPACES)

PROVEN, INFERRED = "proven", "inferred"

# (space, space, PROVEN/INFERRED, source)
EDGES = (
    # 1.3.5 example: Famagusta's neighbours, all of them.
    ("Famagusta", "Karpas", PROVEN, "1.3.5 example"),
    ("Famagusta", "Nicosia", PROVEN, "1.3.5 example"),
    ("Famagusta", "Larnaca", PROVEN, "1.3.5 example"),
    ("Famagusta", "Kyrenia", PROVEN, "1.3.5 example"),
    ("Famagusta", "Troodos", PROVEN, "1.3.5 example"),
    ("Famagusta", "Dhekelia", PROVEN, "1.3.5 example"),
    # Example of Play (8.0): Recruit beside Troodos's only Arms Cache (Nicosia, Paphos),
    # Search moving Troops into Troodos and out of the Bases, Sabotage spending Troodos's Cache for Nicosia.
    ("Troodos", "Nicosia", PROVEN, "8.0 Recruit, Search and Sabotage"),
    ("Troodos", "Paphos", PROVEN, "8.0 Recruit"),
    ("Troodos", "Limassol", PROVEN, "8.0 Search"),
    ("Troodos", "Larnaca", PROVEN, "8.0 Search"),
    ("Akrotiri", "Limassol", PROVEN, "8.0 Search"),
    # The island's geography.
    ("Paphos", "Limassol", INFERRED, "geography: the south-west coast"),
    ("Limassol", "Larnaca", INFERRED, "geography: the south coast"),
    ("Larnaca", "Dhekelia", INFERRED, "geography: the base lies beside Larnaca bay"),
    ("Nicosia", "Kyrenia", INFERRED, "geography: the range north of the capital"),
    ("Nicosia", "Larnaca", INFERRED, "geography"),
    ("Kyrenia", "Karpas", INFERRED, "geography: the range runs into the panhandle"),
    ("Paphos", "Nicosia", INFERRED, "geography (uncertain: the north-west)"),
)


def space_index(name: str) -> int:
    return index_in(SPACE_NAMES, name)


def adjacency_matrix() -> np.ndarray:
    """Symmetric 0/1 matrix over ``SPACES``."""
    return adjacency(SPACE_NAMES, EDGES)


SPACE_KIND = np.array([s[1] for s in SPACES], dtype=np.int64)
SABOTAGE_VALUE = np.array([s[2] for s in SPACES], dtype=np.int64)
