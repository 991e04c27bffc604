"""Cyprus as the shared tools see it (engine/spec.py): names, cards, policies,
rows and entry points."""

from __future__ import annotations

from ...engine.compile_jobs import joined
from ...engine.spec import CoinReport, Kernels, LoopModules, Outcome, Rows, VolumeSpec
from ..boards.cyprus import SPACE_NAMES
from .cards import CARDS, NO_CAPABILITY, PROPAGANDA_CARDS
from .layout import FACTION_NAMES, PW_MAX
from .setup import SETUP_POLITICAL_WILL

PACKAGE = "britishway_env.volumes.cyprus"


def warm_rollouts() -> None:
    """One compiled game with both seats random (random rollouts' entry kernels)."""
    from .rollouts import run

    run(1, seed=0)


def warm_batch() -> None:
    """One compiled game with the scripted bots in both seats."""
    from .rollouts import run

    run(1, seed=0, policies={seat: "heuristic" for seat in FACTION_NAMES})


def warm_search() -> None:
    """The search bot and networks in compiled play: one game of one iteration a
    decision against the shipped network, and one decision through the Python API."""
    from ...search import warm

    warm("cyprus")


def warm_vector() -> None:
    """The vector env's step (training): one slot against the scripted bot, to the learner's second decision."""
    import numpy as np

    from ...envs.vector import VectorEnv

    env = VectorEnv("cyprus", num_envs=1, seat="british", opponent="heuristic", seed=0)
    _, info = env.reset()
    env.step(np.array([int(np.flatnonzero(info["action_mask"][0])[0])]))


def warm_check() -> None:
    """The invariant check every loaded state dict passes."""
    from ...game import Game

    Game("cyprus", seed=0).invariant_violation()


def warm_env() -> None:
    """The AEC env's fused step and observation."""
    from ... import cyprus_v0

    env = cyprus_v0.raw_env()
    env.reset(seed=0)
    env.step(int(env.observe(env.agent_selection)["action_mask"].nonzero()[0][0]))


def warm_bots() -> None:
    """The scripted bot's first decision with a choice."""
    from ...game import Game
    from .bots import choose

    game = Game("cyprus", seed=0)
    game.apply(choose(game, "heuristic"))


# On a cold cache the large call trees compile side by side (engine/compile_jobs.py).
STATE, MASK = "int64[::1]", "int8[::1]"
_T = f"{PACKAGE}.turns"
RULES_SPLIT = (
    (f"{_T}:settle({STATE})", f"{_T}:new_game({STATE}, int64)"),
    (f"{_T}:legal_mask({STATE}, {MASK})", f"{_T}:apply({STATE}, int64)"),
)
BOTS_SPLIT = ((f"{PACKAGE}.bots:bot_action({STATE}, {MASK}, float64[::1])",),)

SPEC = VolumeSpec(
    name="cyprus",
    title="Cyprus",
    agents=FACTION_NAMES,
    factions=("British", "EOKA"),                               # 1.5
    pieces=("Troops", "Police", "Cells", "Arms Caches"),        # 1.4
    spaces=SPACE_NAMES,                                         # 1.3
    tracks=("International Opinion", "Curfew"),                 # 1.9, 1.10
    card_prefix="C",
    cards=tuple(title for _, title, _, _ in CARDS),
    capabilities={number: title for number, title, cap, _ in CARDS if cap != NO_CAPABILITY},   # 5.3
    policies=("random", "heuristic"),
    default_policy="random",
    policy_help=("trained (the shipped network of the seat, where one is shipped), a policy file (.npz, docs/api.md), "
                 "search or search:N (the search bot, docs/search.md) or league (the seat's league mixture, "
                 "agents/league)"),
    max_games=2_000_000,
    rows=Rows(outcome_column="winner",
              outcomes=tuple(Outcome(seat, f"{seat} victory", seat) for seat in FACTION_NAMES),
              means=(("decisions", ".1f"),),
              check="britishway_env.engine.coin.rollouts:victory_violations"),     # 7.0
    game=f"{PACKAGE}.game:CyprusGame",
    env="britishway_env.cyprus_v0",
    runner=f"{PACKAGE}.rollouts",
    renderer=f"{PACKAGE}.render:render_text",
    bot=f"{PACKAGE}.bots:choose",
    kernels=(
        Kernels("rollouts", f"{PACKAGE}.playout", ("play_random_rows", "game_seeds"),
                f"{PACKAGE}.spec:warm_rollouts", "rollout runner (random play)", RULES_SPLIT),
        Kernels("batch", f"{PACKAGE}.batch", ("play_rows",), f"{PACKAGE}.spec:warm_batch",
                "rollout runner with the scripted bots", joined(RULES_SPLIT, BOTS_SPLIT)),
        Kernels("vector", f"{PACKAGE}.vector", ("step_slots",), f"{PACKAGE}.spec:warm_vector", "vector env",
                joined(RULES_SPLIT, BOTS_SPLIT)),
        Kernels("play", f"{PACKAGE}.turns", ("new_game", "legal_mask", "apply"), split=RULES_SPLIT),
        Kernels("check", f"{PACKAGE}.invariants", ("check",), f"{PACKAGE}.spec:warm_check", "invariant check"),
        Kernels("env", f"{PACKAGE}.stepper", ("step",), f"{PACKAGE}.spec:warm_env", "environment step",
                RULES_SPLIT),
        Kernels("bots", f"{PACKAGE}.bots", ("bot_action",), f"{PACKAGE}.spec:warm_bots", "scripted bots",
                BOTS_SPLIT),
        Kernels("search", f"{PACKAGE}.search", ("play_rows", "run_iterations"), f"{PACKAGE}.spec:warm_search",
                "search bot and networks in compiled play", joined(RULES_SPLIT, BOTS_SPLIT)),
    ),
    backends=("local", "ray"),
    vector=f"{PACKAGE}.vector",
    loops=LoopModules(PACKAGE, bot_game_memo=False, lookahead_bots=True),   # engine/coin/templates
    table=f"{PACKAGE}.table",
    report=CoinReport(insurgent="eoka", political_will_start=SETUP_POLITICAL_WILL,      # 2.1
                      political_will_max=PW_MAX, propaganda_cards=PROPAGANDA_CARDS,
                      insurgent_victory_parameter="eoka_victory_will"),   # 7.0.1, parameters.py
)
