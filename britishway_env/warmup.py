"""Each volume's kernels, by use, for compile notices (engine/warmup.py).

    from britishway_env.warmup import ensure_compiled
    ensure_compiled("palestine", "rollouts", echo=lambda s: print(s, file=sys.stderr))
"""

from __future__ import annotations

from typing import Callable

from .engine.warmup import Echo, Warmup, cached, ready
from .errors import UnknownVolumeError


def _solo_rollouts() -> None:
    from .solo1948 import rollouts

    rollouts.run(1, seed=0, policy="random")


def _solo_policy() -> None:
    import numpy as np

    from .solo1948 import rollouts

    rollouts.play_with(lambda obs, masks: np.argmax(masks, axis=1), 1, 0)
    rollouts.run(1, seed=0, policy="random")


def _play(volume: str) -> Callable[[], None]:
    def warm() -> None:
        from .game import Game

        game = Game(volume, seed=0)
        game.apply(game.legal_actions()[0])
    return warm


def _palestine_rollouts() -> None:
    from .volumes.palestine import rollouts

    rollouts.run(1, seed=0)


# (volume, use) -> its entry kernels and warm-up
WARMUPS: dict[tuple[str, str], Warmup] = {
    ("solo1948", "rollouts"): Warmup("the 1948 solo deck rules", "britishway_env.solo1948.batch",
                                     ("play_games", "game_seeds"), _solo_rollouts),
    ("solo1948", "policy"): Warmup("the 1948 solo deck rules", "britishway_env.solo1948.batch",
                                   ("play_games", "game_seeds", "reset_batch", "observe_batch", "apply_batch",
                                    "record_batch"), _solo_policy),
    ("solo1948", "play"): Warmup("the 1948 solo deck rules", "britishway_env.solo1948.rules",
                                 ("new_game", "legal_mask", "apply"), _play("solo1948")),
    ("palestine", "rollouts"): Warmup("the Palestine rules", "britishway_env.volumes.palestine.batch",
                                      ("play_games", "game_seeds"), _palestine_rollouts),
    ("palestine", "play"): Warmup("the Palestine rules", "britishway_env.volumes.palestine.turns",
                                  ("new_game", "legal_mask", "apply"), _play("palestine")),
}


def _entry(volume: str, use: str) -> Warmup:
    try:
        return WARMUPS[(volume, use)]
    except KeyError:
        raise UnknownVolumeError(f"no compiled kernels for {volume!r} / {use!r}; known: "
                                 + ", ".join(f"{v}/{u}" for v, u in WARMUPS)) from None


def is_compiled(volume: str, use: str) -> bool:
    """Whether every entry kernel of ``use`` for ``volume`` is ready without compiling."""
    return cached(_entry(volume, use))


def ensure_compiled(volume: str, use: str = "rollouts", echo: Echo | None = None) -> float:
    """Make the kernels of ``use`` ("rollouts", "policy", "play") for ``volume``
    ready, with a notice and the time taken when they must be compiled."""
    return ready(_entry(volume, use), echo)
