"""The search bot (engine/coin/search.py, each volume's search.py, britishway_env/search.py):
legal, seeded, thread-independent, blind to what no player knows (the leak test),
and the same in compiled play as through the Python API."""

import importlib

import numba
import numpy as np
import pytest

from britishway_env import Game, rollouts, search
from britishway_env.errors import UnknownPolicyError

VOLUMES = ("palestine", "cyprus", "arab_revolt")


def positions(volume: str, n: int, seed: int = 0, every: int = 7):
    """Games after random play, at decisions with several legal actions."""
    out = []
    g = Game(volume, seed=seed)
    k = 0
    while len(out) < n:
        if g.is_terminal():
            seed += 1
            g = Game(volume, seed=seed)
            continue
        if len(g.legal_actions()) > 1 and k % every == 0:
            out.append(g.clone())
        k += 1
        g.apply(g.choose("random"))
    return out


@pytest.mark.parametrize("volume", VOLUMES)
def test_decisions_are_legal_and_seeded(volume):
    for g in positions(volume, 6):
        a, visits, values = search.decide(volume, g.state, search.parse("search:40"))
        assert g.legal_mask()[a]
        assert visits.sum() == 40 and (visits[~g.legal_mask()] == 0).all()
        again, visits2, values2 = search.decide(volume, g.state.copy(), search.parse("search:40"))
        assert again == a and np.array_equal(visits, visits2) and np.array_equal(values, values2, equal_nan=True)
        assert np.all(np.abs(values[visits > 0]) <= 1.0)
        assert g.choose("search:40") == a


def hidden_variant(volume: str, g: Game, seed: int) -> np.ndarray:
    """The same open position with another undrawn order and other dice and chit draws."""
    setup = importlib.import_module(f"britishway_env.volumes.{volume}.setup")
    row = g.state.copy()
    setup.determinize(row, np.int64(seed))
    return row


@pytest.mark.parametrize("volume", VOLUMES)
def test_leak_the_search_never_reads_the_hidden_order(volume):
    """Two positions alike in all that is open but with another undrawn order, other
    dice and other chit draws give the same visits, so the same move; the positions
    really differ in what is hidden, and the search's visits do change with its seed."""
    m = search.module(volume)
    layout = importlib.import_module(f"britishway_env.volumes.{volume}.layout")
    checked = 0
    for g in positions(volume, 5, seed=3):
        other = hidden_variant(volume, g, 12345)
        drawn = int(g.state[layout.DECK_DRAWN])
        hidden = slice(layout.DECK + drawn, layout.DECK + 21)
        if np.array_equal(other[hidden], g.state[hidden]):
            continue                             # nothing left to hide in this deck
        assert other[layout.RNG] != g.state[layout.RNG]
        assert m.open_hash(other) == m.open_hash(g.state)
        agent = search.parse("search:60")
        a, v, q = search.decide(volume, g.state, agent)
        b, w, r = search.decide(volume, other, agent)
        assert a == b and np.array_equal(v, w) and np.array_equal(q, r, equal_nan=True)
        checked += 1
    assert checked >= 3
    differs = 0
    for g in positions(volume, 6, seed=3):        # the agent's seed does reach the sampled futures
        q0 = search.decide(volume, g.state, search.SearchAgent("s", 60, playout=-1, seed=0))[2]
        q1 = search.decide(volume, g.state, search.SearchAgent("s", 60, playout=-1, seed=1))[2]
        differs += not np.array_equal(q0, q1, equal_nan=True)
    assert differs >= 1


@pytest.mark.parametrize("volume", VOLUMES)
def test_compiled_play_equals_the_python_api_and_ignores_the_thread_count(volume):
    seats = rollouts.seats(volume)
    policies = {seats[0]: "search:8", seats[1]: "heuristic"}
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = rollouts.run(volume, games=3, seed=4, policies=policies)
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = rollouts.run(volume, games=3, seed=4, policies=policies)
    finally:
        numba.set_num_threads(before)
    assert one.drop(columns=[]).equals(two)
    g = Game(volume, seed=int(one.seed[0]))
    while not g.is_terminal():
        g.apply(g.choose(policies[g.current_agent]))
    assert one.winner[0] in g.outcome
    assert len(g.history) == one.decisions[0]


def test_names_and_errors():
    assert search.parse("search").iterations == search.DEFAULT_ITERATIONS
    assert search.parse("search:25").iterations == 25
    assert search.parse("search:0.25s").seconds == 0.25
    assert search.parse("search:25").playout == search.PLAYOUT_DECISIONS
    assert search.parse("search:25+value").playout == 0
    for bad in ("search:0", "search:-3", "search:abc", "search:1.5", "search:0s", "search:700s", "search+x",
                "search:5+value+value", "search:5+playout"):
        with pytest.raises(UnknownPolicyError):
            search.parse(bad)
    with pytest.raises(UnknownPolicyError, match="time budget"):
        rollouts.run("cyprus", games=1, seed=0, policies={"british": "search:1s"})
    with pytest.raises(UnknownPolicyError):
        Game("cyprus", seed=0).choose("search:x")


def test_time_budget_decides_legally():
    g = positions("cyprus", 1, seed=2)[0]
    a = g.choose("search:0.05s")
    assert g.legal_mask()[a]


def test_vector_env_takes_the_search_as_opponent():
    from britishway_env.envs.vector import VectorEnv

    env = VectorEnv("cyprus", num_envs=2, seat="eoka", opponent="search:4", seed=0)
    env.reset()
    for _ in range(40):
        masks = env.action_masks()
        env.step(np.array([np.flatnonzero(m)[-1] for m in masks]))
    assert env.opponent_indices().tolist() == [0, 0]


def test_a_row_from_outside_is_checked_before_any_kernel_reads_it():
    from britishway_env.errors import StateError

    g = positions("cyprus", 1, seed=2)[0]
    assert search.decide("cyprus", g, "search:5")[0] == search.decide("cyprus", g.state.copy(), "search:5")[0]
    bad = g.state.copy()
    bad[5] = 10**9
    with pytest.raises(StateError, match="not a cyprus position"):
        search.decide("cyprus", bad, "search:5")
    with pytest.raises(StateError, match="int64"):
        search.decide("cyprus", np.zeros(3), "search:5")
    with pytest.raises(StateError, match="not a palestine one"):
        search.decide("palestine", g, "search:5")


def test_a_search_runs_rows_read_back_with_its_record(tmp_path):
    df = rollouts.run("cyprus", games=1, seed=0, policies={"british": "search:2", "eoka": "trained"})
    record = df.attrs["britishway"]["run"]["policies"]["british"]
    assert record["search"]["iterations"] == 2 and set(record["networks_sha256"]) == {"british", "eoka"}
    back = rollouts.read_rows(rollouts.write_rows(df, tmp_path / "rows.parquet"))
    assert back.warnings == [] and back.run["policies"] == df.attrs["britishway"]["run"]["policies"]
