"""The compiled vector env (``britishway_env.envs.vector``, a Gymnasium
``VectorEnv``) as a Stable-Baselines3 ``VecEnv``, with ``action_masks()``
for sb3-contrib's MaskablePPO.

    from sb3_contrib import MaskablePPO
    from agents.vec_env import SB3VectorEnv, quiet_logger

    venv = SB3VectorEnv("palestine", num_envs=256, seat="irgun", opponent="heuristic", seed=0)
    model = MaskablePPO("MlpPolicy", venv, gamma=1.0)
    model.set_logger(quiet_logger())       # else SB3 makes an empty folder in /tmp at every learn()
    model.learn(100_000)

It serves every volume the vector env does, the 1948 solo deck included
(``SB3VectorEnv("solo1948", num_envs=64, seed=0)``, which takes no
opponent). ``opponent`` is anything ``VectorEnv`` takes: ``"random"``,
``"heuristic"``, ``"search[:N]"``, ``"league"`` (the other seat's league
mixture, expanded into its members: britishway_env/league.py), a policy, or
a pool of ``(opponent, weight)``; ``set_opponents`` changes it for the games
to come.

Each slot is one trajectory of the learner's seat, so SB3's returns and
value targets never cross a change of seat: the other seat's decisions are
played inside ``step`` and the learner's reward (+1/-1) arrives on the step
whose actions ended the game. ``dones`` are terminations and truncations
(a game past the rules' decision limit, flagged ``TimeLimit.truncated``);
``infos[i]["terminal_observation"]`` holds a finished game's last
observation, as SB3 expects (the vector env's ``info["final_obs"][i]``), and
``infos[i]["episode"]`` the learner's reward and its number of decisions in
that game (SB3's ``ep_rew_mean`` and ``ep_len_mean``). ``seed(s)`` makes
``s`` the seed of the next ``reset()``, as SB3's ``VecEnv.seed`` does; a
``reset()`` without one moves on to new games (the vector env's rule).
"""

from __future__ import annotations

import numpy as np
from stable_baselines3.common.vec_env.base_vec_env import VecEnv

from britishway_env.envs.vector import VectorEnv


def quiet_logger():
    """An SB3 logger that keeps the values (``name_to_value``) and writes them
    nowhere. ``model.set_logger(quiet_logger())`` before ``learn``: SB3's own
    default makes an empty ``SB3-<time>`` folder in the system's temporary
    folder at every ``learn`` call, even with ``verbose=0``."""
    from stable_baselines3.common.logger import Logger

    return Logger(folder=None, output_formats=[])


class MaskedVecEnv(VecEnv):
    """What an SB3 ``VecEnv`` over compiled games answers besides stepping: its
    action masks (``action_masks()``, and as MaskablePPO asks for them through
    ``env_method``), no attributes, no wrappers. Subclasses define
    ``action_masks``."""

    def action_masks(self) -> np.ndarray:     # pragma: no cover - each subclass defines it
        raise NotImplementedError

    def env_method(self, method_name, *args, indices=None, **kwargs):
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in self._get_indices(indices)]
        raise AttributeError(f"{type(self).__name__} has no env method {method_name!r}")

    def has_attr(self, attr_name: str) -> bool:
        return attr_name == "action_masks"

    def get_attr(self, attr_name, indices=None):
        if attr_name == "render_mode":
            return [None] * len(self._get_indices(indices))
        raise AttributeError(f"{type(self).__name__} has no attribute {attr_name!r}")

    def set_attr(self, attr_name, value, indices=None):
        raise AttributeError(f"{type(self).__name__} has no attribute {attr_name!r}")

    def env_is_wrapped(self, wrapper_class, indices=None):
        return [False] * len(self._get_indices(indices))

    def close(self):
        pass


class SB3VectorEnv(MaskedVecEnv):
    def __init__(self, volume: str = "palestine", num_envs: int = 64, seat: str | None = None,
                 opponent=None, seed: int = 0, auto_single: bool = True, variant=None):
        self.venv = VectorEnv(volume, num_envs=num_envs, seat=seat, opponent=opponent, seed=seed,
                              auto_single=auto_single, variant=variant)
        super().__init__(num_envs, self.venv.single_observation_space, self.venv.single_action_space)
        self._actions = np.zeros(num_envs, dtype=np.int64)
        self._next_seed: int | None = None          # seed(s): the seed of the next reset
        self.episode_rewards: list[float] = []      # the learner's reward of every game finished

    def set_opponents(self, opponent) -> None:
        self.venv.set_opponents(opponent)

    def reset(self):
        seed, self._next_seed = self._next_seed, None
        obs, _ = self.venv.reset(seed=seed)
        return obs

    def step_async(self, actions):
        self._actions = np.asarray(actions)

    def step_wait(self):
        obs, rewards, terminated, truncated, info = self.venv.step(self._actions)
        dones = terminated | truncated
        infos = [{} for _ in range(self.num_envs)]
        if "final_info" in info:
            length = info["final_info"]["length"]
            for i in np.flatnonzero(info["_final_obs"]):       # the slots whose game ended
                infos[i]["terminal_observation"] = info["final_obs"][i]
                infos[i]["TimeLimit.truncated"] = bool(truncated[i])
                # The learner's reward and decisions in the game (what SB3's Monitor would report).
                infos[i]["episode"] = {"r": float(rewards[i]), "l": int(length[i])}
                self.episode_rewards.append(float(rewards[i]))
        return obs, rewards, dones, infos

    def action_masks(self) -> np.ndarray:
        return self.venv.action_masks()

    def seed(self, seed=None):
        if seed is not None:
            self._next_seed = VectorEnv._check_seed(seed)
        return [None] * self.num_envs

    def close(self):
        self.venv.close()
