"""A stable-baselines3 VecEnv that steps many 1948 solo games in numba.

Equivalent to ``DummyVecEnv`` over ``Solo1948Env`` (same observations,
masks, rewards, auto-reset) but steps all games in one compiled call, so
training time goes to the network rather than to Python loops.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from britishway_env.engine.rng import seed_from
from britishway_env.solo1948 import batch
from britishway_env.solo1948 import layout as L
from britishway_env.solo1948.observation import OBS_HIGH, OBS_SIZE

from .vec_env import MaskedVecEnv


class Solo1948VecEnv(MaskedVecEnv):
    def __init__(self, num_envs: int = 64, seed: int = 0):
        obs_space = spaces.Box(0.0, OBS_HIGH, shape=(OBS_SIZE,), dtype=np.float32)
        super().__init__(num_envs, obs_space, spaces.Discrete(L.N_ACTIONS))
        self.base_seed = int(seed)
        self.episodes = 0
        self.states = np.zeros((num_envs, L.STATE_SIZE), dtype=np.int64)
        self.obs = np.zeros((num_envs, OBS_SIZE), dtype=np.float32)
        self.masks = np.zeros((num_envs, L.N_ACTIONS), dtype=np.int8)
        self.active = np.zeros(num_envs, dtype=np.bool_)
        self.decisions = np.zeros(num_envs, dtype=np.int64)
        self._actions = np.zeros(num_envs, dtype=np.int64)

    def _next_seeds(self, n: int) -> np.ndarray:
        seeds = np.array([seed_from(self.base_seed, self.episodes + i) for i in range(n)], dtype=np.int64)
        self.episodes += n
        return seeds

    def reset(self):
        batch.reset_batch(self.states, self._next_seeds(self.num_envs))
        batch.observe_batch(self.states, self.obs, self.masks, self.active)
        return self.obs.copy()

    def step_async(self, actions):
        self._actions[:] = actions

    def step_wait(self):
        mask_ok = self.masks[np.arange(self.num_envs), self._actions].astype(bool)
        self.active[:] = mask_ok
        batch.apply_batch(self.states, self._actions, self.active, self.decisions)
        outcome = self.states[:, L.OUTCOME]
        over = self.states[:, L.PHASE] == L.PH_OVER
        rewards = np.where(over & ((outcome == L.DECISIVE_VICTORY) | (outcome == L.ATTRITION_VICTORY)), 1.0, 0.0)
        rewards = np.where(over & (outcome == L.COMPLETE_LOSS), -1.0, rewards)
        rewards = np.where(~mask_ok, -1.0, rewards).astype(np.float32)
        dones = over | ~mask_ok
        batch.observe_batch(self.states, self.obs, self.masks, self.active)
        infos = [{} for _ in range(self.num_envs)]
        done_idx = np.flatnonzero(dones)
        if len(done_idx):
            for i in done_idx:
                infos[i]["terminal_observation"] = self.obs[i].copy()
                infos[i]["outcome"] = L.OUTCOME_NAMES[int(outcome[i])]
                # The game's reward and decisions (SB3's ep_rew_mean and ep_len_mean).
                infos[i]["episode"] = {"r": float(rewards[i]), "l": int(self.decisions[i]) + int(not mask_ok[i])}
            fresh = self.states[done_idx]
            batch.reset_batch(fresh, self._next_seeds(len(done_idx)))
            self.states[done_idx] = fresh
            self.decisions[done_idx] = 0
            batch.observe_batch(self.states, self.obs, self.masks, self.active)
        return self.obs.copy(), rewards, dones, infos

    def action_masks(self) -> np.ndarray:
        return self.masks.astype(bool)

    def seed(self, seed=None):
        if seed is not None:
            self.base_seed = int(seed)
            self.episodes = 0
        return [None] * self.num_envs
