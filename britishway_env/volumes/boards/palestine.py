"""The Palestine board (used by *Palestine* and *Arab Revolt*): spaces and adjacency.

The setup diagrams are pictures we do not have, so every adjacency edge below
carries its source: ``PROVEN`` edges follow from the rules text (rule number
or example of play); ``INFERRED`` edges come from the real geography of
Mandatory Palestine and may be revised if a map becomes available.
"""

from __future__ import annotations

import numpy as np

from . import adjacency, index_in

DISTRICT, CITY, RAILWAY, FOREIGN = 0, 1, 2, 3
KIND_NAMES = ("District", "City", "Railway", "Foreign Country")

# name, kind, Sabotage value in the Political Will phase (1.3.2, 1.3.3), coastal (1.3.2)
SPACES = (
    ("Galilee", DISTRICT, 1, True),
    ("Haifa District", DISTRICT, 1, True),
    ("Samaria", DISTRICT, 1, True),
    ("Lydda", DISTRICT, 1, True),
    ("Jerusalem District", DISTRICT, 1, False),   # the one non-coastal District (1.3.2)
    ("Gaza", DISTRICT, 1, True),
    ("Haifa City", CITY, 2, False),
    ("Tel Aviv-Jaffa", CITY, 2, False),
    ("Jerusalem City", CITY, 2, False),
    ("Egypt-Tel Aviv Railway", RAILWAY, 0, False),
    ("Tel Aviv-Jerusalem Railway", RAILWAY, 0, False),
    ("Tel Aviv-Haifa Railway", RAILWAY, 0, False),
    ("Haifa-Syria Railway", RAILWAY, 0, False),
    # Foreign Countries: flavour only in Palestine (1.3.1), playable in Arab Revolt.
    ("Lebanon", FOREIGN, 0, False),
    ("Syria", FOREIGN, 0, False),
    ("Transjordan", FOREIGN, 0, False),
    ("Egypt", FOREIGN, 0, False),
)
SPACE_NAMES = tuple(s[0] for s in SPACES)
N_SPACES = len(SPACES)
N_MAP_SPACES = sum(1 for s in SPACES if s[1] != FOREIGN)   # Palestine's playable spaces

PROVEN, INFERRED = "proven", "inferred"

# (space, space, PROVEN/INFERRED, source)
EDGES = (
    # 1.3.5 example: the Tel Aviv-Haifa Railway touches these five spaces.
    ("Tel Aviv-Haifa Railway", "Tel Aviv-Jaffa", PROVEN, "1.3.5 example"),
    ("Tel Aviv-Haifa Railway", "Haifa City", PROVEN, "1.3.5 example"),
    ("Tel Aviv-Haifa Railway", "Haifa District", PROVEN, "1.3.5 example"),
    ("Tel Aviv-Haifa Railway", "Samaria", PROVEN, "1.3.5 example"),
    ("Tel Aviv-Haifa Railway", "Lydda", PROVEN, "1.3.5 example"),
    # 4.2.3: each City has exactly one adjacent District.
    ("Haifa City", "Haifa District", PROVEN, "4.2.3"),
    ("Tel Aviv-Jaffa", "Lydda", PROVEN, "4.2.3"),
    ("Jerusalem City", "Jerusalem District", PROVEN, "4.2.3"),
    # 1.3.4: railways end at Tel Aviv-Jaffa, Jerusalem and Haifa.
    ("Tel Aviv-Jaffa", "Egypt-Tel Aviv Railway", PROVEN, "1.3.4"),
    ("Tel Aviv-Jaffa", "Tel Aviv-Jerusalem Railway", PROVEN, "1.3.4"),
    ("Jerusalem City", "Tel Aviv-Jerusalem Railway", PROVEN, "1.3.4"),
    # Examples of play (Palestine 8.0, Arab Revolt).
    ("Gaza", "Lydda", PROVEN, "example of play"),
    ("Lydda", "Tel Aviv-Jerusalem Railway", PROVEN, "example of play"),
    ("Lydda", "Egypt-Tel Aviv Railway", PROVEN, "example of play"),
    ("Samaria", "Haifa District", PROVEN, "example of play"),
    ("Samaria", "Jerusalem District", PROVEN, "example of play"),
    ("Galilee", "Samaria", PROVEN, "example of play"),
    ("Syria", "Haifa-Syria Railway", PROVEN, "example of play (Arab Revolt)"),
    # Real geography.
    ("Haifa City", "Haifa-Syria Railway", INFERRED, "railway starts in Haifa (1.3.4)"),
    ("Galilee", "Haifa District", INFERRED, "geography"),
    ("Galilee", "Haifa-Syria Railway", INFERRED, "geography: the line runs through Galilee"),
    ("Haifa District", "Haifa-Syria Railway", INFERRED, "geography"),
    ("Samaria", "Lydda", INFERRED, "geography"),
    ("Lydda", "Jerusalem District", INFERRED, "geography"),
    ("Jerusalem District", "Gaza", INFERRED, "geography"),
    ("Jerusalem District", "Tel Aviv-Jerusalem Railway", INFERRED, "geography: the line climbs to Jerusalem"),
    ("Gaza", "Egypt-Tel Aviv Railway", INFERRED, "geography: the coastal line runs through Gaza"),
    ("Galilee", "Lebanon", INFERRED, "geography"),
    ("Galilee", "Syria", INFERRED, "geography"),
    ("Galilee", "Transjordan", INFERRED, "geography"),
    ("Samaria", "Transjordan", INFERRED, "geography"),
    ("Jerusalem District", "Transjordan", INFERRED, "geography"),
    ("Gaza", "Transjordan", INFERRED, "geography (uncertain: the Negev border)"),
    ("Gaza", "Egypt", INFERRED, "geography"),
    ("Egypt", "Egypt-Tel Aviv Railway", INFERRED, "railway starts in Egypt (1.3.4)"),
    ("Lebanon", "Syria", INFERRED, "geography"),
    ("Syria", "Transjordan", INFERRED, "geography"),
)


def space_index(name: str) -> int:
    return index_in(SPACE_NAMES, name)


def adjacency_matrix(include_foreign: bool) -> np.ndarray:
    """Symmetric 0/1 matrix over ``SPACES`` (foreign rows/columns zero unless included)."""
    return adjacency(SPACE_NAMES, EDGES, None if include_foreign else lambda i: SPACES[i][1] != FOREIGN)


SPACE_KIND = np.array([s[1] for s in SPACES], dtype=np.int64)
SABOTAGE_VALUE = np.array([s[2] for s in SPACES], dtype=np.int64)
COASTAL = np.array([1 if s[3] else 0 for s in SPACES], dtype=np.int64)
