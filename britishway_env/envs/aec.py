"""One PettingZoo AEC environment class for every two-player volume.

A volume plugs in its ``KernelGame`` subclass, its observation kernel and
size, its text renderer and, optionally, its picture renderer
(``render_rgb``, for ``render_mode="rgb_array"``; the volume's ``metadata``
then lists ``"rgb_array"``). The acting agent of each micro-decision is
whoever the volume's rules say decides it (``game.current_agent``), so
turns do not simply alternate.
"""

from __future__ import annotations

from typing import Callable

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from ..errors import IllegalActionError


class KernelAECEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "britishway_kernel_v0", "is_parallelizable": False}

    game_class: type = None
    observe_kernel: Callable = staticmethod(lambda state, out: None)
    obs_size = 0
    obs_high = 1.0
    render_text: Callable = staticmethod(lambda game: "")
    render_rgb: Callable | None = None      # volumes with a map picture set it (render_mode "rgb_array")

    def __init__(self, render_mode: str | None = None):
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, got {render_mode!r}")
        if render_mode == "rgb_array" and self.render_rgb is None:
            raise ValueError(f"{type(self).__name__} lists 'rgb_array' but has no render_rgb")
        self.render_mode = render_mode
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

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None or self._np_random_seed is None:
            self._rng = np.random.default_rng(seed)
            self._np_random_seed = seed
        self.game = self.game_class(seed=int(self._rng.integers(0, 2**63 - 1)))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.game.current_agent

    def observe(self, agent):
        out = np.zeros(self.obs_size, dtype=np.float32)
        self.observe_kernel(self.game.state, out)
        mask = np.zeros(self.game_class.N_ACTIONS, dtype=np.int8)
        if agent == self.game.current_agent:
            mask[:] = self.game.legal_mask()
        return {"observation": out, "action_mask": mask}

    def action_mask(self, agent=None):
        agent = agent or self.agent_selection
        return self.observe(agent)["action_mask"].astype(bool)

    def step(self, action):
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        agent = self.agent_selection
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is only for finished agents")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(int(action))          # IllegalActionError, state unchanged, if not legal
        if self.game.is_terminal():
            winner = self.game.winner
            for a in self.agents:
                self.rewards[a] = 0.0 if winner is None else (1.0 if a == winner else -1.0)
                self.terminations[a] = True
                self.infos[a] = {"outcome": self.game.outcome}
        else:
            self.agent_selection = self.game.current_agent
        self._accumulate_rewards()

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode")
            return None
        if self.render_mode == "rgb_array":
            return self.render_rgb(self.game)
        return self.render_text(self.game)

    def close(self):
        pass
