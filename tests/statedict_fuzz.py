"""Shared pieces of the state-dict tests: real dicts from seeded games, and
one-leaf mutations of them (junk values, deleted keys, unknown keys)."""

from __future__ import annotations

import copy
import json
import math

import numpy as np
from hypothesis import strategies as st

from britishway_env import Game
from britishway_env.volumes.palestine import bots

JUNK_FIXED = [
    -1, 0, 1, 2, 3, 7, 13, 15, 21, 99, 10**7, -10**7, 2**31, 2**63 - 1, 2**63, 2**64, -(2**63), -(2**63) - 1,
    0.0, 1.0, 0.5, -1.5, math.nan, math.inf, -math.inf, "1", "", "x", "Galilee", b"1", True, False, None,
    [], [0], [1, 2], [[]], {}, {"a": 1}, {"troops": 1}, np.int64(5), np.float64(1.0), np.bool_(True),
]


def random_game_dicts(volume: str, seeds, points: int, rng_seed: int = 0) -> list[dict]:
    """For each seed, ``points`` to_dict()s taken along a random game (and its end)."""
    rng = np.random.default_rng(rng_seed)
    out = []
    for seed in seeds:
        g = Game(volume, seed=seed)
        states = []
        while True:
            states.append(g.clone())
            if g.is_terminal():
                break
            if volume == "palestine" and seed % 2:
                g.apply(bots.choose(g, "heuristic"))
            else:
                g.apply(int(rng.choice(g.legal_actions())))
        picks = sorted(set(np.linspace(0, len(states) - 1, points).astype(int).tolist()))
        out.extend(json.loads(json.dumps(states[i].to_dict())) for i in picks)
    return out


def without_history(d: dict) -> dict:
    """The same position, not replayable: every other field is then checked on its own."""
    return dict(copy.deepcopy(d), history=[], history_from_seed=False)


def leaf_paths(node, prefix=()):
    """Every key path into the dict (containers included)."""
    paths = []
    if isinstance(node, dict):
        for k, v in node.items():
            paths.append(prefix + (k,))
            paths.extend(leaf_paths(v, prefix + (k,)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            paths.append(prefix + (i,))
            paths.extend(leaf_paths(v, prefix + (i,)))
    return paths


def strings_in(node, out=None):
    """Every string in the dict (names of spaces, cards, phases...)."""
    out = set() if out is None else out
    if isinstance(node, str):
        out.add(node)
    elif isinstance(node, dict):
        for k, v in node.items():
            strings_in(k, out)
            strings_in(v, out)
    elif isinstance(node, list):
        for v in node:
            strings_in(v, out)
    return out


def junk_for(value, names=()):
    """Junk aimed at one value: half the time something nearly right (integers
    next to it, a valid name from elsewhere in the dict), else any junk."""
    near = []
    if isinstance(value, int) and not isinstance(value, bool):
        near = [value - 2, value - 1, value + 1, value + 2, -value, value * 2 + 5, float(value)]
    elif isinstance(value, str):
        near = sorted(names)
    if not near:
        return st.sampled_from(JUNK_FIXED)
    return st.one_of(st.sampled_from(near), st.sampled_from(JUNK_FIXED))


@st.composite
def mutated(draw, bases):
    """(a base dict with one leaf replaced, a key deleted or a key added, a description)."""
    d = copy.deepcopy(draw(st.sampled_from(bases)))
    paths = leaf_paths(d)
    path = draw(st.sampled_from(paths))
    parent = d
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    kind = draw(st.sampled_from(("replace", "replace", "replace", "delete", "add")))
    if kind == "replace":
        junk = draw(junk_for(parent[key], strings_in(d)))
        parent[key] = junk
        what = f"{path} = {junk!r}"
    elif kind == "delete":
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
        what = f"del {path}"
    else:
        if isinstance(parent, dict):
            extra = draw(st.sampled_from(["junk", "", 1, None]))
            parent[extra] = draw(junk_for(None))
            what = f"{path[:-1]} + key {extra!r}"
        else:
            parent.append(draw(junk_for(None)))
            what = f"{path[:-1]} + item"
    return d, what
