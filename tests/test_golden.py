"""Every COIN volume plays exactly as recorded (tests/golden/record.py).

Per volume 320 seeded games (random and scripted seats, events on): replayed
action by action, the state dict must equal the record at every recorded
position, and every decision of a scripted seat must be the action the bot
chose when the record was made. The compiled batch runner must reproduce its
recorded rows. The records were made before the rule parameters, restrictions
and deck rules entered the state row, so they also pin that the base game
(no variant) is unchanged by them.
"""

import gzip
import hashlib
import importlib
import json
from pathlib import Path

import numpy as np
import pytest

from britishway_env import Game

VOLUMES = ("palestine", "cyprus", "arab_revolt")
_RECORDS: dict = {}


def record(volume: str) -> dict:
    if volume not in _RECORDS:
        path = Path(__file__).parent / "golden" / f"{volume}_games.json.gz"
        _RECORDS[volume] = json.loads(gzip.decompress(path.read_bytes()))
    return _RECORDS[volume]


def _differences(got: dict, want: dict, path: str = "") -> list[str]:
    if isinstance(got, dict) and isinstance(want, dict):
        out = []
        for k in sorted(set(got) | set(want)):
            out += _differences(got.get(k), want.get(k), f"{path}.{k}")
        return out
    return [] if got == want else [f"{path}: {got!r} != recorded {want!r}"]


@pytest.mark.parametrize("volume", VOLUMES)
def test_the_record_covers_every_policy_pair_with_events(volume):
    games = record(volume)["games"]
    seats = Game(volume, seed=0).agents
    pairs = {(g[seats[0]], g[seats[1]]) for g in games}
    assert len(games) >= 300
    assert pairs == {("random", "random"), ("heuristic", "heuristic"), ("heuristic", "random"),
                     ("random", "heuristic")}
    assert sum("Event" in json.dumps(g["positions"]) for g in games) > 0
    outcomes = {g["positions"][max(g["positions"], key=int)]["outcome"] for g in games}
    assert len(outcomes) == 2 and "ongoing" not in outcomes


@pytest.mark.parametrize("volume,chunk", [(v, c) for v in VOLUMES for c in range(4)])
def test_golden_games_replay_to_the_same_dicts_and_bot_choices(volume, chunk):
    bots = importlib.import_module(f"britishway_env.volumes.{volume}.bots")
    seats = Game(volume, seed=0).agents
    for g in record(volume)["games"][chunk::4]:
        game = Game(volume, seed=g["seed"])
        policies = {seat: g[seat] for seat in seats}
        marks = {int(k): v for k, v in g["positions"].items()}
        for i, a in enumerate(g["actions"] + [None]):
            if i in marks:
                diff = _differences(game.to_dict(), marks[i])
                assert not diff, f"{volume} seed {g['seed']} after {i} decisions: {diff[:5]}"
            if a is None:
                break
            if policies[game.current_agent] == "heuristic":
                assert bots.choose(game, "heuristic") == a, \
                    f"{volume} seed {g['seed']} decision {i}: the bot chose differently"
            game.apply(a)
        assert game.is_terminal()


@pytest.mark.parametrize("volume,pair", [(v, p) for v in VOLUMES for p in
                                         ("random-random", "heuristic-heuristic", "heuristic-random",
                                          "random-heuristic")])
def test_compiled_batch_rows_are_as_recorded(volume, pair):
    rec = record(volume)
    batch = importlib.import_module(f"britishway_env.volumes.{volume}.batch")
    bots = importlib.import_module(f"britishway_env.volumes.{volume}.bots")
    first, second = pair.split("-")
    out = np.zeros((rec["batch_games"], batch.N_RESULT_COLUMNS), dtype=np.int64)
    batch.play_games(rec["batch_seed"], 0, rec["batch_games"], bots.POLICY_NAMES.index(first),
                     bots.POLICY_NAMES.index(second), True, out)
    assert hashlib.sha256(out.tobytes()).hexdigest() == rec["batch_digests"][pair]
