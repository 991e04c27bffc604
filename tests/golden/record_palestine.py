"""Record the Palestine golden games (tests/golden/palestine_games.json.gz).

The record fixes how Palestine plays before its machinery moves into the
shared COIN engine: for each game the seed, the two seats' policies, every
action, and the state dict at a few positions along the way and at the end.
``tests/test_golden_palestine.py`` replays every game and asks, at every
decision of a scripted seat, that the bot still chooses the recorded action.
It also records digests of compiled batch rows (the rollouts path).

Rewrite the record only for a deliberate change of rules or bots, and say so
in the commit:  python tests/golden/record_palestine.py
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from britishway_env import Game  # noqa: E402
from britishway_env.volumes.palestine import batch  # noqa: E402
from britishway_env.volumes.palestine.bots import POLICY_NAMES, choose  # noqa: E402

RECORD = Path(__file__).with_name("palestine_games.json.gz")

# (British policy, Irgun policy, number of games, first seed). Events are on in
# every game: each policy may take any event a card offers.
PAIRS = (("random", "random", 100, 0), ("heuristic", "heuristic", 100, 1000),
         ("heuristic", "random", 60, 2000), ("random", "heuristic", 60, 3000))
BATCH_GAMES = 400
BATCH_SEED = 20261122


def positions(n: int) -> list[int]:
    """Decision counts at which the state dict is recorded: 0, quarters, the end."""
    return sorted({0, n // 4, n // 2, (3 * n) // 4, n})


def play(seed: int, policies: dict[str, str]) -> tuple[list[int], dict[int, dict]]:
    game = Game("palestine", seed=seed)
    rng = np.random.default_rng(seed)
    actions: list[int] = []
    while not game.is_terminal():
        policy = policies[game.current_agent]
        a = choose(game, policy, rng=rng) if policy == "random" else choose(game, policy)
        game.apply(a)
        actions.append(a)
    replay = Game("palestine", seed=seed)
    snapshots = {}
    marks = positions(len(actions))
    for i in range(len(actions) + 1):
        if i in marks:
            snapshots[i] = replay.to_dict()
        if i < len(actions):
            replay.apply(actions[i])
    return actions, snapshots


def batch_digest(british: str, irgun: str) -> str:
    out = np.zeros((BATCH_GAMES, batch.N_RESULT_COLUMNS), dtype=np.int64)
    batch.play_games(BATCH_SEED, 0, BATCH_GAMES, POLICY_NAMES.index(british), POLICY_NAMES.index(irgun),
                     True, out)
    return hashlib.sha256(out.tobytes()).hexdigest()


def main() -> None:
    games = []
    for british, irgun, n, first in PAIRS:
        for seed in range(first, first + n):
            actions, snaps = play(seed, {"british": british, "irgun": irgun})
            games.append({"seed": seed, "british": british, "irgun": irgun, "actions": actions,
                          "positions": {str(k): v for k, v in snaps.items()}})
    digests = {f"{b}-{i}": batch_digest(b, i) for b, i, _, _ in PAIRS}
    payload = {"volume": "palestine", "batch_seed": BATCH_SEED, "batch_games": BATCH_GAMES,
               "batch_digests": digests, "games": games}
    data = gzip.compress(json.dumps(payload, separators=(",", ":"), sort_keys=True).encode(), mtime=0)
    tmp = RECORD.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(RECORD)
    print(f"{len(games)} games, {sum(len(g['actions']) for g in games)} decisions, {len(data):,} bytes -> {RECORD}")


if __name__ == "__main__":
    main()
