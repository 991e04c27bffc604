"""Palestine's observation vector stays exactly as it is: users' trained agents read it.

200 seeded random games (events on), the observation hashed at every decision
and at the end: same length, same fields in the same order, same values, bit
for bit. What both players see is open information (2.2: the map, the tracks,
the card in play, the played cards and the size of the deck; never the order
of the undrawn deck). The digests were computed before the shared part of the
observation moved into the engine (engine/coin/observation.py); never
re-record them to make a change pass.
"""

import hashlib

import numpy as np
import pytest

from britishway_env import Game
from britishway_env.volumes.palestine.observation import OBS, OBS_SIZE, observe

GAMES, BLOCK = 200, 20

FIELDS = [
    ("decision", 0, 42), ("actor", 42, 2), ("operation", 44, 8), ("special_activity", 52, 6),
    ("flags", 58, 6), ("boxes", 64, 6), ("spaces", 70, 104), ("pools", 174, 6), ("haganah", 180, 5),
    ("track_pieces", 185, 6), ("political_will", 191, 1), ("intel_held", 192, 3), ("card", 195, 35),
    ("played", 230, 35), ("deck", 265, 2), ("selected", 267, 13), ("current_space", 280, 13),
    ("second_space", 293, 13), ("moved_here", 306, 13), ("moved_here_active", 319, 13),
    ("travel_destinations", 332, 13), ("special_activity_spaces", 345, 13), ("counts", 358, 5),
    ("capabilities", 363, 16), ("event", 379, 6), ("event_pick", 385, 20),
]

# sha256 over the float32 bytes of every observation of games BLOCK*k .. BLOCK*k + BLOCK - 1,
# and how many observations that was.
DIGESTS = [
    (3710, "58ac2286de8b014dc877d3373a0e08889b4801155dd3340742cbe511b8ea12b6"),
    (3578, "d23693e8654f6768351ca4dccd1fa4d38abcff89479065ab044e122ce55eac68"),
    (3601, "7052ddd3afb3c8557ae2399e313c457e0d51913d0e3d09d309e91a328c4840f0"),
    (3894, "42478ef4f5daa11012a2d9f6036c018e7d7cc916cad3acad50d53a55438e2e88"),
    (3863, "c4d011375cd38e5f2d971aed3f8e8672d3235f5f6665cdc7a893c813cb2610d7"),
    (3771, "30cc60bad62cc62d7b2f4343eba8f7767a934fc8b0097eb6f72d5e8c8f3acca9"),
    (3793, "224aed92057768553572896d2ab7fe02d7ceaf09e1343bac8aa7589f1657f3d9"),
    (3832, "6adbcc0eca8c08ac1791bc3faa6ef06e8251b35d78b15e92cf9c4d45046b183a"),
    (3823, "4c9ee0ed5014a90bbc7041a72a32d0fb3e183d8398cfdba2669dbf2e4b8eea9b"),
    (3751, "38554fe6b4eb673289a620b8ba37759d133381d4c65ade993d0f06ac29492d8e"),
]


def _play(seed: int, out: np.ndarray, seen: np.ndarray, digest) -> int:
    """One random game (moves drawn from its own seeded generator); returns the observations hashed."""
    game = Game("palestine", seed=seed)
    rng = np.random.default_rng(1000 + seed)
    n = 0
    while True:
        observe(game.state, out)
        seen |= out != 0
        digest.update(out.tobytes())
        n += 1
        if game.is_terminal():
            return n
        game.apply(int(rng.choice(game.legal_actions())))


@pytest.fixture(scope="module")
def recorded():
    out = np.zeros(OBS_SIZE, np.float32)
    seen = np.zeros(OBS_SIZE, bool)
    blocks = []
    for first in range(0, GAMES, BLOCK):
        digest = hashlib.sha256()
        n = sum(_play(seed, out, seen, digest) for seed in range(first, first + BLOCK))
        blocks.append((n, digest.hexdigest()))
    return blocks, seen


def test_observation_fields_keep_their_names_order_and_lengths():
    assert OBS_SIZE == 405
    assert OBS.describe() == FIELDS


def test_random_games_observe_every_field(recorded):
    """The digests cover every field: each is non-zero at some decision of the games."""
    _, seen = recorded
    blank = [name for name, offset, length in OBS.describe() if not seen[offset:offset + length].any()]
    assert blank == []


def test_observations_of_random_games_are_bit_for_bit_the_recorded_ones(recorded):
    blocks, _ = recorded
    for k, (got, want) in enumerate(zip(blocks, DIGESTS)):
        assert got == want, f"games {k * BLOCK}..{k * BLOCK + BLOCK - 1}: observation changed"
    assert len(blocks) == len(DIGESTS)
