"""Palestine as the shared tools see it (engine/spec.py): names, cards, policies,
rows and entry points."""

from __future__ import annotations

from ...engine.spec import CoinReport, Kernels, Outcome, Rows, VolumeSpec
from ..boards.palestine import N_MAP_SPACES, SPACE_NAMES
from .cards import CARDS, NO_CAPABILITY, PROPAGANDA_CARDS
from .layout import FACTION_NAMES, PW_MAX

PACKAGE = "britishway_env.volumes.palestine"


def warm_rollouts() -> None:
    """One compiled game with both seats random (random rollouts' entry kernels)."""
    from .rollouts import run

    run(1, seed=0)


def warm_batch() -> None:
    """One compiled game with the scripted bots in both seats (the entry
    kernels of rollouts with a scripted seat)."""
    from .rollouts import run

    run(1, seed=0, policies={seat: "heuristic" for seat in FACTION_NAMES})


def warm_check() -> None:
    """The invariant check every loaded state dict passes."""
    from ...game import Game

    Game("palestine", seed=0).invariant_violation()


def warm_env() -> None:
    """The AEC env's fused step and observation."""
    from ... import palestine_v0

    env = palestine_v0.raw_env()
    env.reset(seed=0)
    env.step(int(env.observe(env.agent_selection)["action_mask"].nonzero()[0][0]))


def warm_bots() -> None:
    """The scripted bots' first decision."""
    from ...game import Game
    from .bots import choose

    choose(Game("palestine", seed=0), "heuristic")


SPEC = VolumeSpec(
    name="palestine",
    title="Palestine",
    agents=FACTION_NAMES,
    factions=("British", "Irgun"),                              # 1.5
    pieces=("Troops", "Police", "Cells", "Arms Caches"),        # 1.4
    spaces=SPACE_NAMES[:N_MAP_SPACES],                          # 1.3
    tracks=("Haganah",),                                        # 1.9
    card_prefix="P",
    cards=tuple(title for _, title, _, _ in CARDS),
    capabilities={number: title for number, title, _, cap in CARDS if cap != NO_CAPABILITY},   # 5.3
    policies=("random", "heuristic"),
    default_policy="random",
    policy_help="",
    max_games=2_000_000,              # about 2.4 KB of rows per game
    rows=Rows(outcome_column="winner",
              outcomes=tuple(Outcome(seat, f"{seat} victory", seat) for seat in FACTION_NAMES),
              means=(("decisions", ".1f"),)),
    game=f"{PACKAGE}.game:PalestineGame",
    env="britishway_env.palestine_v0",
    runner=f"{PACKAGE}.rollouts",
    renderer=f"{PACKAGE}.render:render_text",
    bot=f"{PACKAGE}.bots:choose",
    kernels=(
        Kernels("rollouts", f"{PACKAGE}.playout", ("play_random_rows", "game_seeds"),
                f"{PACKAGE}.spec:warm_rollouts", "rollout runner (random play)"),
        Kernels("batch", f"{PACKAGE}.batch", ("play_rows",), f"{PACKAGE}.spec:warm_batch",
                "rollout runner with the scripted bots"),
        Kernels("play", f"{PACKAGE}.turns", ("new_game", "legal_mask", "apply")),
        Kernels("check", f"{PACKAGE}.invariants", ("check",), f"{PACKAGE}.spec:warm_check", "invariant check"),
        Kernels("env", f"{PACKAGE}.stepper", ("step",), f"{PACKAGE}.spec:warm_env", "environment step"),
        Kernels("bots", f"{PACKAGE}.bots", ("bot_action",), f"{PACKAGE}.spec:warm_bots", "scripted bots"),
    ),
    backends=("local", "ray"),
    report=CoinReport(insurgent="irgun", political_will_start=18,      # 2.1
                      political_will_max=PW_MAX, propaganda_cards=PROPAGANDA_CARDS),
)
