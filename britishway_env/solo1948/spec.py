"""The 1948 solo deck as the shared tools see it (engine/spec.py)."""

from __future__ import annotations

from ..engine.spec import Kernels, Outcome, Rows, VolumeSpec
from .cards import EVENTS, FRONT_LONG_NAMES, FRONT_NAMES

PACKAGE = "britishway_env.solo1948"
PLAYER, OPPONENT = "israeli", "arab"
# Who wins by each outcome (solo rules: Victory Conditions); the Turn limit is the engine's.
WINNERS = {"decisive_victory": PLAYER, "attrition_victory": PLAYER, "complete_loss": OPPONENT, "turn_limit": None}


def warm_rollouts() -> None:
    """One compiled game of the random policy."""
    from .rollouts import run

    run(1, seed=0, policy="random")


def warm_vector() -> None:
    """The vector env's step (training): one slot to its second decision."""
    import numpy as np

    from ..envs.vector import VectorEnv, warm_step_helpers

    env = VectorEnv("solo1948", num_envs=1, seed=0)
    _, info = env.reset()
    env.step(np.array([int(np.flatnonzero(info["action_mask"][0])[0])]))
    warm_step_helpers()


def warm_policy() -> None:
    """The lock-step kernels a Python policy drives, then one compiled game."""
    import numpy as np

    from .rollouts import play_with

    play_with(lambda obs, masks: np.argmax(masks, axis=1), 1, 0)
    warm_rollouts()


SPEC = VolumeSpec(
    name="solo1948",
    title="1948 solo deck",
    agents=(PLAYER,),
    factions=("Israeli", "Arab"),
    pieces=(),                        # Unit cards, no pieces
    spaces=FRONT_NAMES + FRONT_LONG_NAMES,
    tracks=(),
    card_prefix="",
    cards=tuple(name for name, _, _ in EVENTS),                 # the Event deck, in list order
    capabilities={},
    policies=("random", "heuristic"),
    default_policy="random",
    policy_help="ppo (the shipped checkpoint) or a policy file (.npz, see docs/api.md)",
    max_games=20_000_000,             # about 0.12 KB of rows per game
    rows=Rows(outcome_column="outcome",
              outcomes=tuple(Outcome(name, name, winner) for name, winner in WINNERS.items()),
              all_wins="all victories",
              means=(("turns", ".2f"), ("decisions", ".2f")),
              check=f"{PACKAGE}.rollouts:victory_violations"),        # the rules' Victory Conditions
    game=f"{PACKAGE}.game:Solo1948Game",
    env="britishway_env.solo1948_v0",
    runner=f"{PACKAGE}.rollouts",
    renderer=f"{PACKAGE}.render:render_text",
    bot=None,
    solo_vector=f"{PACKAGE}.vector",
    table=f"{PACKAGE}.table",
    kernels=(
        Kernels("rollouts", f"{PACKAGE}.batch", ("play_games", "game_seeds"), f"{PACKAGE}.spec:warm_rollouts"),
        Kernels("policy", f"{PACKAGE}.batch", ("play_games", "game_seeds", "reset_batch", "observe_batch",
                                                "apply_batch", "record_batch"), f"{PACKAGE}.spec:warm_policy"),
        Kernels("vector", f"{PACKAGE}.vector", ("step_pieces",), f"{PACKAGE}.spec:warm_vector", "vector env"),
        Kernels("play", f"{PACKAGE}.rules", ("new_game", "legal_mask", "apply")),
    ),
)
