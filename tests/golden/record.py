"""Record a volume's golden games (tests/golden/<volume>_games.json.gz).

The record fixes how a volume plays before its kernels change (rule
parameters, restrictions, speed work): for each game the seed, the two
seats' policies, every action, and the state dict at a few positions along
the way and at the end. ``tests/test_golden.py`` replays every game and asks,
at every decision of a scripted seat, that the bot still chooses the recorded
action. It also records digests of compiled batch rows (the rollouts path).

Rewrite a record only for a deliberate change of rules or bots, and say so in
the commit:  python tests/golden/record.py VOLUME
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from britishway_env import Game  # noqa: E402

# Per volume: (counterinsurgent policy, insurgent policy, number of games, first seed).
# Events are on in every game: each policy may take any event a card offers.
_PAIRS = (("random", "random", 100, 0), ("heuristic", "heuristic", 100, 1000),
          ("heuristic", "random", 60, 2000), ("random", "heuristic", 60, 3000))
PAIRS = {"palestine": _PAIRS, "cyprus": _PAIRS, "arab_revolt": _PAIRS}
BATCH_GAMES = {"palestine": 400, "cyprus": 400, "arab_revolt": 400}
BATCH_SEED = 20261122


def record_path(volume: str) -> Path:
    return Path(__file__).with_name(f"{volume}_games.json.gz")


def modules(volume: str):
    batch = importlib.import_module(f"britishway_env.volumes.{volume}.batch")
    bots = importlib.import_module(f"britishway_env.volumes.{volume}.bots")
    return batch, bots


def positions(n: int) -> list[int]:
    """Decision counts at which the state dict is recorded: 0, quarters, the end."""
    return sorted({0, n // 4, n // 2, (3 * n) // 4, n})


def play(volume: str, seed: int, policies: dict[str, str]) -> tuple[list[int], dict[int, dict]]:
    _, bots = modules(volume)
    game = Game(volume, seed=seed)
    rng = np.random.default_rng(seed)
    actions: list[int] = []
    while not game.is_terminal():
        policy = policies[game.current_agent]
        a = bots.choose(game, policy, rng=rng) if policy == "random" else bots.choose(game, policy)
        game.apply(a)
        actions.append(a)
    replay = Game(volume, seed=seed)
    snapshots = {}
    marks = positions(len(actions))
    for i in range(len(actions) + 1):
        if i in marks:
            snapshots[i] = replay.to_dict()
        if i < len(actions):
            replay.apply(actions[i])
    return actions, snapshots


def batch_digest(volume: str, first: str, second: str, n_games: int) -> str:
    batch, bots = modules(volume)
    out = np.zeros((n_games, batch.N_RESULT_COLUMNS), dtype=np.int64)
    batch.play_games(BATCH_SEED, 0, n_games, bots.POLICY_NAMES.index(first), bots.POLICY_NAMES.index(second),
                     True, out)
    return hashlib.sha256(out.tobytes()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("volume", choices=sorted(PAIRS))
    volume = parser.parse_args().volume
    seats = Game(volume, seed=0).agents
    games = []
    for first, second, n, start in PAIRS[volume]:
        for seed in range(start, start + n):
            actions, snaps = play(volume, seed, {seats[0]: first, seats[1]: second})
            games.append({"seed": seed, seats[0]: first, seats[1]: second, "actions": actions,
                          "positions": {str(k): v for k, v in snaps.items()}})
    n_batch = BATCH_GAMES[volume]
    digests = {f"{a}-{b}": batch_digest(volume, a, b, n_batch) for a, b, _, _ in PAIRS[volume]}
    payload = {"volume": volume, "batch_seed": BATCH_SEED, "batch_games": n_batch,
               "batch_digests": digests, "games": games}
    data = gzip.compress(json.dumps(payload, separators=(",", ":"), sort_keys=True).encode(), mtime=0)
    path = record_path(volume)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    print(f"{len(games)} games, {sum(len(g['actions']) for g in games)} decisions, {len(data):,} bytes -> {path}")


if __name__ == "__main__":
    main()
