"""Hostile state dicts (issue: trust boundaries): one leaf of a real
``to_dict()`` replaced with junk, a key deleted or an unknown key added.

Every example must either raise StateError (from an explicit check, not the
loader's last line of defence) or load a state that then plays random
decisions to the end with every invariant holding and never a dead end
(compiled play-outs: ``playout.play_out_from``). The fuzz runs once more in a
subprocess with NUMBA_BOUNDSCHECK=1 and its own numba cache, so an index
outside the state row fails a test instead of corrupting memory.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from britishway_env import Game, StateError
from britishway_env.solo1948 import invariants as solo_inv
from britishway_env.solo1948.policies import POLICY_RANDOM
from britishway_env.engine.coin import results
from britishway_env.volumes.arab_revolt import invariants as ar_inv
from britishway_env.volumes.arab_revolt import playout as ar_playout
from britishway_env.volumes.cyprus import invariants as cy_inv
from britishway_env.volumes.cyprus import playout as cy_playout
from britishway_env.volumes.palestine import invariants as pal_inv
from britishway_env.volumes.palestine import playout as pal_playout

from statedict_fuzz import mutated, random_game_dicts, without_history

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = int(os.environ.get("BRITISHWAY_FUZZ_EXAMPLES", "3000"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))


@functools.lru_cache(maxsize=None)
def bases(volume: str) -> tuple:
    """Real dicts from seeded games at varied points: some replayable from
    their seed, most with the history emptied so that the other fields'
    validators are reached (a replayable dict rejects any edit by replay)."""
    real = random_game_dicts(volume, range(8), 10, rng_seed=1)
    return tuple(real[::4] + [without_history(d) for d in real])


# Capability cards a scenario may put in play, per volume (5.3).
CAPABILITY_CARDS = {"palestine": ("P9", "P17", "P25", "P32"), "cyprus": ("C9", "C13", "C23", "C25"),
                    "arab_revolt": ("A1", "A2", "A8", "A15")}


@functools.lru_cache(maxsize=None)
def scenario_bases(volume: str) -> tuple:
    """Scenarios (no context): a seed's setup map and deck, capabilities in
    play whose cards were never played, some fields left to the setup (2.1)."""
    out = []
    for seed in range(6):
        d = Game(volume, seed=seed).to_dict()
        caps = CAPABILITY_CARDS[volume]
        scenario = {"volume": volume, "seed": seed, "spaces": d["spaces"], "played_cards": d["played_cards"],
                    "undrawn_cards": d["undrawn_cards"],
                    "capabilities": {caps[seed % 4]: "unshaded", caps[(seed + 1) % 4]: "shaded"}}
        if seed % 2:
            scenario["political_will"] = d["political_will"] - 3
            scenario["first_eligible"] = Game(volume).agents[seed % 3 // 2]
        out.append(json.loads(json.dumps(scenario)))
    return tuple(out)


def load_or_reject(d):
    try:
        return Game.from_dict(d)
    except StateError as e:
        assert "failed:" not in str(e), f"rejected by the last line of defence, not a check: {e}"
        return None


def reloads(g):
    """What loads must save and load again, to the same row (the forced-chance
    queue compared by the values still to come, which is what a dict keeps)."""
    again = Game.from_dict(g.to_dict())
    assert again.forced_chance_left() == g.forced_chance_left()
    f = g.FORCED
    ours, theirs = g.state.copy(), again.state.copy()
    ours[f:f + 2 + g.FORCED_CAPACITY] = theirs[f:f + 2 + g.FORCED_CAPACITY] = 0
    assert np.array_equal(ours, theirs)


def forced_roll_error(g, err: ValueError) -> bool:
    """A queued forced value too large for the roll it meets is refused by the
    roll itself (engine/rng.py); only possible while values are queued."""
    return bool(g.forced_chance_left()) and "forced chance value" in str(err)


COIN = {"palestine": (pal_inv, pal_playout), "cyprus": (cy_inv, cy_playout), "arab_revolt": (ar_inv, ar_playout)}


def coin_fuzz_case(volume, case):
    """Load ``case`` or reject it; what loads plays out compiled with every invariant checked."""
    inv, playout = COIN[volume]
    d, what = case
    g = load_or_reject(d)
    if g is None:
        return
    reloads(g)
    out = np.zeros(results.N_RESULT_COLUMNS, dtype=np.int64)
    try:
        playout.play_out_from(g.state.copy(), np.int64(len(what)), True, inv.MAX_DECISIONS, out)
    except ValueError as err:
        assert forced_roll_error(g, err), f"{what}: {err}"
        return
    assert out[results.R_VIOLATION] == inv.OK, \
        f"{what}: accepted, then {playout.FAILURES[out[results.R_VIOLATION]]} after {out[results.R_DECISIONS]}"


@FUZZ
@given(case=st.deferred(lambda: mutated(bases("palestine"))))
def test_palestine_state_dict_fuzz(case):
    coin_fuzz_case("palestine", case)


@FUZZ
@given(case=st.deferred(lambda: mutated(bases("cyprus"))))
def test_cyprus_state_dict_fuzz(case):
    coin_fuzz_case("cyprus", case)


@FUZZ
@given(case=st.deferred(lambda: mutated(bases("arab_revolt"))))
def test_arab_revolt_state_dict_fuzz(case):
    coin_fuzz_case("arab_revolt", case)


SCENARIO_FUZZ = settings(FUZZ, max_examples=max(EXAMPLES // 3, 50))


@SCENARIO_FUZZ
@given(case=st.deferred(lambda: mutated(scenario_bases("palestine"))))
def test_palestine_scenario_dict_fuzz(case):
    """Scenarios (no context) edited one leaf at a time: what loads saves and
    loads back to the same row (capabilities in play included) and plays on."""
    coin_fuzz_case("palestine", case)


@SCENARIO_FUZZ
@given(case=st.deferred(lambda: mutated(scenario_bases("cyprus"))))
def test_cyprus_scenario_dict_fuzz(case):
    coin_fuzz_case("cyprus", case)


@SCENARIO_FUZZ
@given(case=st.deferred(lambda: mutated(scenario_bases("arab_revolt"))))
def test_arab_revolt_scenario_dict_fuzz(case):
    coin_fuzz_case("arab_revolt", case)


@FUZZ
@given(case=st.deferred(lambda: mutated(bases("solo1948"))))
def test_solo1948_state_dict_fuzz(case):
    d, what = case
    g = load_or_reject(d)
    if g is None:
        return
    reloads(g)
    stream = np.full(1, len(what), dtype=np.int64)
    try:
        code, steps = solo_inv.play_out(g.state.copy(), POLICY_RANDOM, stream, solo_inv.MAX_STEPS)
    except ValueError as err:
        assert forced_roll_error(g, err), f"{what}: {err}"
        return
    assert code == solo_inv.OK, f"{what}: accepted, then {solo_inv.VIOLATIONS[code]} after {steps} steps"


def test_fuzz_bases_load_unchanged():
    """The unmutated dicts load (the fuzz starts from real states)."""
    for volume in ("palestine", "cyprus", "arab_revolt", "solo1948"):
        for d in bases(volume):
            g = Game.from_dict(d)
            assert g.to_dict()["history"] == d["history"]
    for volume in CAPABILITY_CARDS:
        for d in scenario_bases(volume):
            assert Game.from_dict(d).to_dict()["capabilities"] == d["capabilities"]


def test_fuzz_runs_with_numba_boundscheck():
    """The fuzz again with every array index bounds-checked (own numba cache dir,
    guarded against stale kernels by engine/jitcache.py)."""
    if os.environ.get("NUMBA_BOUNDSCHECK") == "1":
        pytest.skip("already the bounds-checked run")
    env = dict(os.environ, NUMBA_BOUNDSCHECK="1", NUMBA_CACHE_DIR=str(ROOT / ".numba-boundscheck"),
               BRITISHWAY_FUZZ_EXAMPLES="150")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-n", "0",
                          str(Path(__file__)), "-k", "fuzz and not boundscheck or boundscheck_is_on"],
                         env=env, cwd=ROOT, capture_output=True, text=True, timeout=1800)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    assert "9 passed" in run.stdout, run.stdout[-2000:]


def test_boundscheck_is_on_when_asked():
    if os.environ.get("NUMBA_BOUNDSCHECK") != "1":
        pytest.skip("only in the bounds-checked run")
    assert numba.config.BOUNDSCHECK
