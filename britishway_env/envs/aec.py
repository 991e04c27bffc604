"""One PettingZoo AEC environment class for every two-player volume.

A volume plugs in its ``KernelGame`` subclass, its observation kernel and
size, its text renderer and, optionally, its picture renderer
(``render_rgb``, for ``render_mode="rgb_array"``; the volume's ``metadata``
then lists ``"rgb_array"``). The acting agent of each micro-decision is
whoever the volume's rules say decides it (``game.current_agent``), so
turns do not simply alternate.

Speed: the env keeps the observation, the acting agent's legal mask and the
acting agent of the current position in preallocated arrays, refreshed once
per step. A volume that supplies the fused kernels ``sync_kernel(state, obs,
mask) -> actor`` and ``step_kernel(state, action, obs, mask) -> actor``
(actor: index into ``game_class.agents``, -1 once the game is over; a
step kernel returns ``STEP_DECLINED``, -2, having written nothing, when the step
must go through ``Game.apply`` instead, e.g. with forced chance queued) gets one
numba call per step; without them the env composes the same from the game's
verbs. ``observe`` hands out copies, never the cached arrays. The cache
follows ``env.game``: replacing the game, or playing it through
``game.apply``, is noticed (by identity and history length); after writing
into ``game.state`` directly, call :meth:`KernelAECEnv.resync`.
"""

from __future__ import annotations

import importlib
from typing import Callable

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from ..errors import IllegalActionError, NotResetError
from ..engine.rng import STEP_DECLINED
from ..engine.statedict import check_seed
from ..game import parse_action
from ..warmup import notice_once


class KernelAECEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "britishway_kernel_v0", "is_parallelizable": False}

    game_class: type = None
    observe_kernel: Callable = staticmethod(lambda state, out: None)
    sync_kernel: Callable | None = None     # (state, obs, mask) -> actor index, -1 when over
    step_kernel: Callable | None = None     # (state, action, obs, mask) -> actor index: apply, then sync
    obs_size = 0
    obs_high = 1.0
    render_text: Callable = staticmethod(lambda game: "")
    render_rgb: Callable | None = None      # volumes with a map picture set it (render_mode "rgb_array")

    def __init__(self, render_mode: str | None = None, variant=None):
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}")
        if render_mode == "rgb_array" and self.render_rgb is None:
            raise ValueError(f"{type(self).__name__} lists 'rgb_array' but has no render_rgb")
        self.render_mode = render_mode
        self.variant = None
        if variant is not None:         # a COIN volume's variant (britishway_env/variants.py): every game plays it
            from ..variants import resolve

            self.variant = resolve(self.game_class.volume, variant)
        self.possible_agents = list(self.game_class.agents)
        n_actions = self.game_class.N_ACTIONS
        self.action_spaces = {a: gymnasium.spaces.Discrete(n_actions) for a in self.possible_agents}
        obs = gymnasium.spaces.Box(0.0, self.obs_high, shape=(self.obs_size,), dtype=np.float32)
        mask = gymnasium.spaces.Box(0, 1, shape=(n_actions,), dtype=np.int8)
        self.observation_spaces = {
            a: gymnasium.spaces.Dict({"observation": obs, "action_mask": mask}) for a in self.possible_agents
        }
        self.game = None
        self._np_random_seed = None
        # The current position as the env hands it out (see the module docstring).
        self._n_actions = n_actions
        self._obs = np.zeros(self.obs_size, dtype=np.float32)
        self._mask = np.zeros(n_actions, dtype=np.int8)
        self._actor = None                  # name of the acting agent, None when the game is over
        self._synced_game = None            # the game and history length the cache shows
        self._synced_len = -1

    def _require_game(self, what: str) -> None:
        if self.game is None:
            raise NotResetError(f"{what} before reset(): call env.reset() first to start a game")

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def resync(self) -> None:
        """Recompute the cached observation, mask and actor from ``game.state``."""
        game = self.game
        if self.sync_kernel is not None:
            a = self.sync_kernel(game.state, self._obs, self._mask)
            self._actor = None if a < 0 else self.possible_agents[a]
        else:
            self.observe_kernel(game.state, self._obs)
            self._mask[:] = game.legal_mask()
            self._actor = game.current_agent
        self._synced_game = game
        self._synced_len = len(game.history)

    def reset(self, seed: int | None = None, options: dict | None = None):
        """A new game. Its seed is drawn from the env's generator (seeded by
        ``seed``), or given as ``options={"game_seed": k}`` (0..2**63-1): the
        game the rollouts and the vector env play as ``seed_from(base, i)``,
        for paired comparisons."""
        if seed is not None:
            seed = check_seed(seed, "reset: seed")          # True, 1.5, -1 are refused, not read as numbers
        game_seed = None
        if isinstance(options, dict) and "game_seed" in options:      # other options are ignored
            game_seed = options["game_seed"]
            if isinstance(game_seed, bool) or not isinstance(game_seed, (int, np.integer)) \
                    or not 0 <= game_seed < 2**63:
                raise ValueError(f"reset options: game_seed must be an integer in 0..2**63-1, got {game_seed!r}")
        if seed is not None or self._np_random_seed is None:
            self._rng = np.random.default_rng(seed)
            self._np_random_seed = seed
        notice_once(self.game_class.volume, "env")
        if game_seed is None:
            game_seed = int(self._rng.integers(0, 2**63 - 1))
        extra = {} if self.variant is None else {"variant": self.variant}
        self.game = self.game_class(seed=int(game_seed), **extra)
        self.resync()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._actor

    def observe(self, agent):
        self._require_game("observe()")
        game = self.game
        if game is not self._synced_game or len(game.history) != self._synced_len:
            self.resync()
        if agent == self._actor:
            mask = self._mask.copy()
        else:
            mask = np.zeros(self._n_actions, dtype=np.int8)
        return {"observation": self._obs.copy(), "action_mask": mask}

    def action_mask(self, agent=None):
        self._require_game("action_mask()")
        agent = agent or self.agent_selection
        return self.observe(agent)["action_mask"].astype(bool)

    def step(self, action):
        """One decision of ``agent_selection``, or a dead step.

        Dead steps follow PettingZoo's rules (``AECEnv._was_dead_step``):
        once the game is over every agent is terminated and each must step
        with ``None``, which removes it. An action other than ``None`` for a
        finished agent is an :class:`IllegalActionError`, and a step with
        no agent left is a no-op with PettingZoo's warning, as
        ``OrderEnforcingWrapper`` (``env()``) does; ``reset`` starts again.
        Every rejection leaves the env and the game as they were.
        """
        self._require_game("step()")
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalActionError(
                    f"{agent} is done (the game is over); it steps with None, got {action!r}")
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is only for finished agents")
        if type(action) is int and 0 <= action < self._n_actions:
            a = action                      # what parse_action returns for it, without the call
        else:
            a = parse_action(action, self._n_actions)  # IllegalActionError naming it, nothing changed
        game = self.game
        if game is not self._synced_game or len(game.history) != self._synced_len:
            self.resync()
        actor = STEP_DECLINED
        if self.step_kernel is not None and self._mask[a]:
            # Legal by the cached mask: the game's own checks would pass, so
            # apply and refresh in one kernel call and record it as apply does
            # (unless the kernel declines: forced chance is queued).
            actor = self.step_kernel(game.state, a, self._obs, self._mask)
        if actor != STEP_DECLINED:
            game.history.append(a)
            self._synced_len += 1
            self._actor = None if actor < 0 else self.possible_agents[actor]
        else:
            game.apply(a)                   # raises with the game unchanged if not legal
            self.resync()
        self._cumulative_rewards[agent] = 0.0
        if self._actor is None:
            winner = game.winner
            for a in self.agents:
                self.rewards[a] = 0.0 if winner is None else (1.0 if a == winner else -1.0)
                self.terminations[a] = True
                self.infos[a] = {"outcome": game.outcome}
            self._accumulate_rewards()
        else:
            # Rewards are 0 until the end (and dead steps clear them), so
            # _accumulate_rewards() would add nothing here.
            self.agent_selection = self._actor

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        self._require_game("render()")
        if self.render_mode == "rgb_array":
            return self.render_rgb(self.game)
        return self.render_text(self.game)

    def last(self, observe: bool = True):
        self._require_game("last()")
        return super().last(observe)

    def close(self):
        pass


def _forwarded(name: str, checked: bool) -> property:
    def get(self):
        if checked and not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)
    return property(get, doc=f"``env.{name}`` (forwarded)")


class OrderEnforcing(OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper`` with the attributes the AEC loop
    reads every step forwarded by properties instead of ``__getattr__``.

    The checks are the parent's (the same ``AttributeError`` before
    ``reset``, the same errors and warnings from ``step``/``observe``); only
    the lookup is direct, which roughly halves the per-step cost of the
    wrapper (docs/results/benchmarks.md).
    """

    agents = _forwarded("agents", True)
    agent_selection = _forwarded("agent_selection", True)
    terminations = _forwarded("terminations", True)
    truncations = _forwarded("truncations", True)
    rewards = _forwarded("rewards", True)
    infos = _forwarded("infos", True)
    _cumulative_rewards = _forwarded("_cumulative_rewards", False)


def coin_env(game_class: type, module: str) -> tuple[type, Callable]:
    """A COIN volume's ``<volume>_v0`` module, written once: its ``raw_env``
    class (the volume's game, observation, fused step kernels and renderers,
    read from the game's package: ``observation``, ``stepper``, ``render``) and
    ``env``, ``raw_env`` inside :class:`OrderEnforcing`. ``module`` is the
    ``__name__`` of the module that holds them (it names the env and owns
    the class, so both pickle and print as that module's)."""
    package = game_class.__module__.rpartition(".")[0]
    observation = importlib.import_module(f"{package}.observation")
    render = importlib.import_module(f"{package}.render")
    stepper = importlib.import_module(f"{package}.stepper")
    raw_env = type("raw_env", (KernelAECEnv,), {
        "__module__": module,
        "__qualname__": "raw_env",
        "metadata": {"render_modes": ["ansi", "rgb_array"], "name": module.rpartition(".")[2],
                     "is_parallelizable": False, "render_fps": 1},
        "game_class": game_class,
        "observe_kernel": staticmethod(observation.observe),
        "sync_kernel": staticmethod(stepper.sync),
        "step_kernel": staticmethod(stepper.step),
        "obs_size": observation.OBS_SIZE,
        "obs_high": observation.OBS_HIGH,
        "render_text": staticmethod(render.render_text),
        "render_rgb": staticmethod(render.render_rgb),
    })

    def env(**kwargs):
        """``raw_env`` inside PettingZoo's order enforcing checks (:class:`OrderEnforcing`)."""
        return OrderEnforcing(raw_env(**kwargs))

    env.__module__ = module
    return raw_env, env
