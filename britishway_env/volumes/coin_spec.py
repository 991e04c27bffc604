"""What every COIN volume's ``spec.py`` says alike: the warm-ups of its
compiled uses, its entry kernels by use (with the groups that compile side by
side on a cold cache, engine/compile_jobs.py) and its rollout rows. A volume's
spec passes its name and package; what differs (the bots' kernels, larger
compile groups, the report) stays in the volume's own spec."""

from __future__ import annotations

import importlib
from functools import partial
from typing import Callable, NamedTuple

from ..engine.compile_jobs import joined
from ..engine.spec import Kernels, Outcome, Rows

STATE, MASK, SCORES = "int64[::1]", "int8[::1]", "float64[::1]"


def warm_rollouts(package: str) -> None:
    """One compiled game with both seats random (random rollouts' entry kernels)."""
    importlib.import_module(f"{package}.rollouts").run(1, seed=0)


def warm_batch(package: str) -> None:
    """One compiled game with the scripted bots in both seats (the entry
    kernels of rollouts with a scripted seat)."""
    seats = importlib.import_module(f"{package}.layout").FACTION_NAMES
    importlib.import_module(f"{package}.rollouts").run(1, seed=0, policies={seat: "heuristic" for seat in seats})


def warm_search(volume: str) -> None:
    """The search bot and networks in compiled play: one game of one iteration a
    decision against the shipped network, and one decision through the Python API."""
    from ..search import warm

    warm(volume)


def warm_vector(volume: str, package: str) -> None:
    """The vector env's step (trained networks in the rollouts, training): one
    slot, in the first seat, against the scripted bot, to the learner's second decision."""
    import numpy as np

    from ..envs.vector import VectorEnv, warm_step_helpers

    seat = importlib.import_module(f"{package}.layout").FACTION_NAMES[0]
    env = VectorEnv(volume, num_envs=1, seat=seat, opponent="heuristic", seed=0)
    _, info = env.reset()
    env.step(np.array([int(np.flatnonzero(info["action_mask"][0])[0])]))
    warm_step_helpers()


def warm_check(volume: str) -> None:
    """The invariant check every loaded state dict passes."""
    from ..game import Game

    Game(volume, seed=0).invariant_violation()


def warm_env(volume: str) -> None:
    """The AEC env's fused step and observation."""
    env = importlib.import_module(f"britishway_env.{volume}_v0").raw_env()
    env.reset(seed=0)
    env.step(int(env.observe(env.agent_selection)["action_mask"].nonzero()[0][0]))


def warm_bots(volume: str, package: str) -> None:
    """The scripted bot's first decision with a choice."""
    from ..game import Game

    game = Game(volume, seed=0)
    game.apply(importlib.import_module(f"{package}.bots").choose(game, "heuristic"))


def warm_variant(volume: str) -> None:
    """The setup of a variant's game (``new_variant_game``, called from Python by
    ``Game(volume, variant=...)``; the compiled runners inline it)."""
    from ..game import Game

    Game(volume, seed=0, variant={"volume": volume, "name": "warm-up"})


class Warmups(NamedTuple):
    """A volume's warm-ups, each called with no argument (``Kernels.warm`` names them in the spec)."""

    rollouts: Callable[[], None]
    batch: Callable[[], None]
    search: Callable[[], None]
    vector: Callable[[], None]
    check: Callable[[], None]
    env: Callable[[], None]
    bots: Callable[[], None]
    variant: Callable[[], None]


def warmups(volume: str, package: str) -> Warmups:
    """The warm-ups of ``volume``, whose modules live in ``package``."""
    return Warmups(partial(warm_rollouts, package), partial(warm_batch, package), partial(warm_search, volume),
                   partial(warm_vector, volume, package), partial(warm_check, volume), partial(warm_env, volume),
                   partial(warm_bots, volume, package), partial(warm_variant, volume))


def rules_split(package: str) -> tuple:
    """The rules' two compile groups: settle's tree (which ``new_game`` and
    ``apply`` share), then the volume's own decisions (``own_act``, which
    ``apply`` reaches last), then ``new_game``; and the legal mask's tree,
    then ``apply``. Each group is about half of the rules' compile: before
    ``own_act`` moved to the first, the first process sat idle for the last
    third of the second's; with ``own_act`` after ``new_game``, the second
    waited on it for a few seconds in Arab Revolt."""
    turns = f"{package}.turns"
    return ((f"{turns}:settle({STATE})", f"{turns}:own_act({STATE}, int64, int64)",
             f"{turns}:new_game({STATE}, int64)"),
            (f"{turns}:legal_mask({STATE}, {MASK})", f"{turns}:apply({STATE}, int64)"))


def kernels(package: str, rules: tuple, bots: tuple, bot_kernels: tuple[str, ...]) -> tuple[Kernels, ...]:
    """Every compiled use of a COIN volume: its module, entry kernels, warm-up
    (``<package>.spec:warm_<use>``) and compile groups (``rules``, ``bots``)."""
    warm = f"{package}.spec:warm_"
    both = joined(rules, bots)
    return (
        Kernels("rollouts", f"{package}.playout", ("play_random_rows", "game_seeds"), f"{warm}rollouts",
                "rollout runner (random play)", rules),
        Kernels("batch", f"{package}.batch", ("play_rows",), f"{warm}batch",
                "rollout runner with the scripted bots", both),
        Kernels("vector", f"{package}.vector", ("step_pieces",), f"{warm}vector", "vector env", both),
        Kernels("play", f"{package}.turns", ("new_game", "legal_mask", "apply"), split=rules),
        Kernels("variant", f"{package}.turns", ("new_variant_game",), f"{warm}variant", "setup of a variant's game"),
        Kernels("check", f"{package}.invariants", ("check",), f"{warm}check", "invariant check"),
        Kernels("env", f"{package}.stepper", ("step",), f"{warm}env", "environment step", rules),
        Kernels("bots", f"{package}.bots", bot_kernels, f"{warm}bots", "scripted bots", bots),
        Kernels("search", f"{package}.search", ("play_rows", "run_iterations"), f"{warm}search",
                "search bot and networks in compiled play", both),
    )


def rows(seats: tuple[str, ...]) -> Rows:
    """The rollout rows of a COIN game: the winner, the decisions, the victory check (7.0)."""
    return Rows(outcome_column="winner",
                outcomes=tuple(Outcome(seat, f"{seat} victory", seat) for seat in seats),
                means=(("decisions", ".1f"),),
                check="britishway_env.engine.coin.rollouts:victory_violations")
