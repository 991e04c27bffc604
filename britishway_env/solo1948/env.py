"""Gymnasium environment of the 1948 solo deck (``britishway/Solo1948-v0``).

Observation: the float32 vector of :mod:`observation` (what the player can
see). Action: ``Discrete(N_ACTIONS)``; :meth:`Solo1948Env.action_masks`
gives the legal ones (sb3-contrib's MaskablePPO reads it). Reward: +1 for a
Decisive or Attrition Victory, -1 for Complete Loss, 0 otherwise.

An illegal action ends the episode with reward -1 and ``info["illegal_action"]``
(``illegal_action="lose"``, the default, which keeps generic Gymnasium tools
such as ``check_env`` working), or raises :class:`IllegalActionError`
(``illegal_action="raise"``). An action that is not an integer (a float, a
string, a bool) counts as illegal. Once an episode has ended, ``step``
raises :class:`IllegalActionError` in both modes until ``reset``.
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..engine.statedict import check_seed
from ..errors import IllegalActionError, NotResetError
from . import layout as L
from . import rules
from .game import ACTION_NAMES, Solo1948Game
from .observation import OBS_HIGH, OBS_SIZE, observe
from .render import render_text


class Solo1948Env(gym.Env):
    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, render_mode: str | None = None, illegal_action: str = "lose"):
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', got {illegal_action!r}")
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.observation_space = spaces.Box(0.0, OBS_HIGH, shape=(OBS_SIZE,), dtype=np.float32)
        self.action_space = spaces.Discrete(L.N_ACTIONS)
        self.action_names = ACTION_NAMES
        self.game: Solo1948Game | None = None
        self._mask = np.zeros(L.N_ACTIONS, dtype=np.int8)
        self._lost = None                   # the game lost by an illegal action (lose mode)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            seed = check_seed(seed, "reset: seed")          # True, 1.5, -1 are refused, not read as numbers
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.game = Solo1948Game(seed=game_seed)
        self._lost = None
        return self._obs(), self._info()

    def step(self, action):
        self._require_game("step()")
        game = self.game
        if game.is_terminal() or self._lost is game:
            # Not an illegal action to lose by: the episode has ended (by the
            # rules or by an illegal action), in both modes. Both follow
            # env.game, so a fresh game put there plays on.
            why = "lost by an illegal action" if self._lost is game else game.outcome
            raise IllegalActionError(f"the episode is over ({why}); call reset() before step()")
        try:
            game.apply(action)              # parse_action: a non-integer is an IllegalActionError
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._lost = game
            info = self._info()
            info["illegal_action"] = True
            return self._obs(), -1.0, True, False, info
        reward = 0.0
        if game.is_terminal():
            reward = {"israeli": 1.0, "arab": -1.0}.get(game.winner, 0.0)
        return self._obs(), reward, game.is_terminal(), False, self._info()

    def _require_game(self, what: str) -> None:
        if self.game is None:
            raise NotResetError(f"{what} before reset(): call env.reset() first to start a game")

    def action_masks(self) -> np.ndarray:
        """Boolean mask of legal actions (sb3-contrib MaskablePPO convention)."""
        self._require_game("action_masks()")
        rules.legal_mask(self.game.state, self._mask)
        return self._mask.astype(bool)

    def action_name(self, action: int) -> str:
        self._require_game("action_name()")
        return self.game.action_name(action)

    def render(self):
        if self.render_mode == "ansi":
            self._require_game("render()")
            return render_text(self.game)
        return None

    def _obs(self) -> np.ndarray:
        out = np.zeros(OBS_SIZE, dtype=np.float32)
        observe(self.game.state, out)
        return out

    def _info(self) -> dict:
        return {
            "action_mask": self.action_masks(),
            "turn": self.game.turn,
            "phase": self.game.phase,
            "outcome": self.game.outcome,
        }
