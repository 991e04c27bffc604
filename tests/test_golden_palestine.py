"""Palestine plays exactly as recorded (tests/golden/record_palestine.py).

320 seeded games (random and scripted seats, events on): replayed action by
action, the state dict must equal the record at every recorded position, and
every decision of a scripted seat must be the action the bot chose when the
record was made. The compiled batch runner must reproduce its recorded rows.
"""

import gzip
import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from britishway_env import Game
from britishway_env.volumes.palestine import batch
from britishway_env.volumes.palestine.bots import POLICY_NAMES, choose

RECORD = json.loads(gzip.decompress((Path(__file__).parent / "golden" / "palestine_games.json.gz").read_bytes()))
GAMES = RECORD["games"]


def _differences(got: dict, want: dict, path: str = "") -> list[str]:
    if isinstance(got, dict) and isinstance(want, dict):
        out = []
        for k in sorted(set(got) | set(want)):
            out += _differences(got.get(k), want.get(k), f"{path}.{k}")
        return out
    return [] if got == want else [f"{path}: {got!r} != recorded {want!r}"]


def test_the_record_covers_every_policy_pair_with_events():
    pairs = {(g["british"], g["irgun"]) for g in GAMES}
    assert len(GAMES) >= 300
    assert pairs == {("random", "random"), ("heuristic", "heuristic"), ("heuristic", "random"),
                     ("random", "heuristic")}
    events = sum("Event" in json.dumps(g["positions"]) for g in GAMES)
    assert events > 0
    outcomes = {g["positions"][max(g["positions"], key=int)]["outcome"] for g in GAMES}
    assert outcomes == {"british_victory", "irgun_victory"}


@pytest.mark.parametrize("chunk", range(8))
def test_golden_games_replay_to_the_same_dicts_and_bot_choices(chunk):
    for g in GAMES[chunk::8]:
        game = Game("palestine", seed=g["seed"])
        policies = {"british": g["british"], "irgun": g["irgun"]}
        marks = {int(k): v for k, v in g["positions"].items()}
        for i, a in enumerate(g["actions"] + [None]):
            if i in marks:
                diff = _differences(game.to_dict(), marks[i])
                assert not diff, f"seed {g['seed']} after {i} decisions: {diff[:5]}"
            if a is None:
                break
            if policies[game.current_agent] == "heuristic":
                assert choose(game, "heuristic") == a, f"seed {g['seed']} decision {i}: the bot chose differently"
            game.apply(a)
        assert game.is_terminal()


@pytest.mark.parametrize("pair", sorted(RECORD["batch_digests"]))
def test_compiled_batch_rows_are_as_recorded(pair):
    british, irgun = pair.split("-")
    out = np.zeros((RECORD["batch_games"], batch.N_RESULT_COLUMNS), dtype=np.int64)
    batch.play_games(RECORD["batch_seed"], 0, RECORD["batch_games"], POLICY_NAMES.index(british),
                     POLICY_NAMES.index(irgun), True, out)
    assert hashlib.sha256(out.tobytes()).hexdigest() == RECORD["batch_digests"][pair]
