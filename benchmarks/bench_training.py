"""Training throughput on Palestine, three routes side by side in one run.

    python benchmarks/bench_training.py                          # ~5 min on 2 cores
    python benchmarks/bench_training.py --write docs/results/benchmarks.md
    python benchmarks/bench_training.py --quick                  # smoke (the suite runs it)

Routes:

* **vector env**: ``britishway_env.envs.vector.VectorEnv``, many games in one
  compiled call, the other seat played inside the call (random here);
* **AEC raw_env**: ``palestine_v0.raw_env()`` stepped in a Python loop,
  ``observe`` read at every step (the loop any PettingZoo learner runs);
* **tutorial route**: PettingZoo's SB3 action-mask tutorial, as a new user
  would set it up: a wrapper that makes the AEC env a Gymnasium env (every
  decision of either seat is a step; the observation and mask of whoever
  acts next), sb3-contrib's ``ActionMasker``, SB3's ``DummyVecEnv``.

Two measurements each (the AEC loop has no learner):

1. **env steps/s** with uniformly random legal actions, observations and masks
   included: a step is one decision handed to the learner (the vector env
   hands out only the learner seat's decisions with more than one legal
   action; the other routes every decision);
2. **MaskablePPO steps/s end to end** (collection and updates), the same
   network ([256, 256] tanh, separate actor and critic) on every route: the
   vector env (``--ppo-envs`` games) with the training settings of
   ``experiments/train.py`` (rollouts of 32,768 steps, minibatch 4,096, 4
   epochs), the tutorial route as the tutorial writes it (one env,
   MaskablePPO's defaults), and the tutorial route with 8 ``DummyVecEnv``
   copies and the vector env's update settings (the env's own share).

``--write`` replaces only the section headed ``# Benchmarks: training``.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import command_line, cpu_model, loadavg, write_section  # noqa: E402

SECTION_HEADING = "# Benchmarks: training"
NET = [256, 256]


# ------------------------------------------------------------ the routes --

def vector_steps(seconds: float, envs: int, auto_single: bool = True, copy: bool = True) -> tuple[float, int]:
    from britishway_env.engine.policy import uniform_legal_rows
    from britishway_env.envs.vector import VectorEnv

    env = VectorEnv("palestine", num_envs=envs, seat="both", opponent="random", seed=0, auto_single=auto_single,
                    copy=copy)
    _, info = env.reset()
    streams = np.arange(envs, dtype=np.int64) * 7919 + 1
    acts = np.zeros(envs, dtype=np.int64)
    for _ in range(3):                                       # warm: compiled, threads started
        uniform_legal_rows(info["action_mask"], streams, acts)
        _, _, _, _, info = env.step(acts)
    before = env.learner_steps
    t0 = time.perf_counter()
    while True:
        for _ in range(10):
            uniform_legal_rows(info["action_mask"], streams, acts)
            obs, rewards, term, trunc, info = env.step(acts)
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return (env.learner_steps - before) / dt, env.learner_steps - before


def aec_steps(seconds: float) -> tuple[float, int]:
    from britishway_env import palestine_v0

    env = palestine_v0.raw_env()
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(200):
            agent = env.agent_selection
            obs = env.observe(agent)
            if env.terminations[agent]:
                env.reset()
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return steps / (time.perf_counter() - t0), steps


def tutorial_env():
    """The tutorial's set-up: AEC env -> Gymnasium-like wrapper -> ActionMasker."""
    import gymnasium
    import pettingzoo.utils
    from sb3_contrib.common.wrappers import ActionMasker

    from britishway_env import palestine_v0

    class AECAsGym(pettingzoo.utils.BaseWrapper, gymnasium.Env):
        """Every decision of either seat is a step; what is returned belongs to whoever acts next
        (the tutorial's design: its reward goes to the wrong seat when turns do not alternate)."""

        def reset(self, seed=None, options=None):
            super().reset(seed, options)
            self.observation_space = super().observation_space(self.possible_agents[0])["observation"]
            self.action_space = super().action_space(self.possible_agents[0])
            return self.observe(self.agent_selection), {}

        def step(self, action):
            current = self.agent_selection
            super().step(action)
            nxt = self.agent_selection
            return (self.observe(nxt), self._cumulative_rewards[current], self.terminations[current],
                    self.truncations[current], self.infos[current])

        def observe(self, agent):
            return super().observe(agent)["observation"]

        def action_mask(self):
            return super().observe(self.agent_selection)["action_mask"].astype(bool)

    env = AECAsGym(palestine_v0.env())
    env.reset(seed=0)
    return ActionMasker(env, lambda e: e.action_mask())


def tutorial_steps(seconds: float) -> tuple[float, int]:
    from stable_baselines3.common.vec_env import DummyVecEnv

    venv = DummyVecEnv([tutorial_env])
    venv.reset()
    rng = np.random.default_rng(0)
    steps = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for _ in range(100):
            mask = venv.env_method("action_masks")[0]
            venv.step(np.array([rng.choice(np.flatnonzero(mask))]))
            steps += 1
    return steps / (time.perf_counter() - t0), steps


def ppo_steps(route: str, timesteps: int, envs: int, rollout: int) -> tuple[float, int]:
    """MaskablePPO steps/s end to end. ``vector``: the vector env with the training settings of
    experiments/train.py; ``tutorial``: the tutorial's set-up as written (one env, MaskablePPO's
    defaults); ``tutorial8``: 8 tutorial envs with the vector env's update settings."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    from agents.vec_env import SB3VectorEnv, quiet_logger

    torch.manual_seed(0)
    kwargs = {"policy_kwargs": {"net_arch": NET}, "seed": 0, "device": "cpu", "verbose": 0}
    if route == "tutorial":
        model = MaskablePPO("MlpPolicy", DummyVecEnv([tutorial_env]), **kwargs)
    else:
        venv = (SB3VectorEnv("palestine", num_envs=envs, seat="both", opponent="random", seed=0)
                if route == "vector" else DummyVecEnv([tutorial_env] * 8))
        n_steps = max(1, rollout // venv.num_envs)
        model = MaskablePPO("MlpPolicy", venv, n_steps=n_steps, batch_size=min(4096, n_steps * venv.num_envs),
                            n_epochs=4, gamma=1.0, learning_rate=1e-4, **kwargs)
    model.set_logger(quiet_logger())
    t0 = time.perf_counter()
    model.learn(timesteps)
    return model.num_timesteps / (time.perf_counter() - t0), int(model.num_timesteps)


# ---------------------------------------------------------------- report --

def report(args) -> str:
    import numba
    import torch

    numba.set_num_threads(min(args.threads, numba.config.NUMBA_NUM_THREADS))
    torch.set_num_threads(args.threads)
    vector_steps(0.5, min(args.envs, 64))                       # compile before any clock runs
    env_rows = []
    for _ in range(args.rounds):                               # routes taken in turn: drift hits all alike
        env_rows.append({"vector": vector_steps(args.seconds, args.envs),
                         "vector_nocopy": vector_steps(args.seconds, args.envs, copy=False),
                         "vector_all": vector_steps(args.seconds, args.envs, auto_single=False),
                         "aec": aec_steps(args.seconds), "tutorial": tutorial_steps(args.seconds)})
    best = {k: max(r[k][0] for r in env_rows) for k in env_rows[0]}
    vec_ppo = ppo_steps("vector", args.ppo_steps, args.ppo_envs, args.rollout)
    tut_ppo = ppo_steps("tutorial", args.ppo_steps_tutorial, args.ppo_envs, args.rollout)
    tut8_ppo = ppo_steps("tutorial8", args.ppo_steps_tutorial8, args.ppo_envs, args.rollout)
    lines = [
        SECTION_HEADING, "",
        f"Generated by `{command_line()}` on {cpu_model()} ({platform.machine()}, "
        f"{numba.config.NUMBA_NUM_THREADS} cores; numba and torch on {args.threads} threads), Python "
        f"{platform.python_version()}, numba {numba.__version__}, torch {torch.__version__}; load average "
        f"before: {args.load}.", "",
        f"Env steps/s with uniformly random legal actions, observations and masks included; the best of "
        f"{args.rounds} rounds of {args.seconds:g} s each, the routes taken in turn.", "",
        "| route | env steps/s | vs the AEC loop | what a step is |",
        "|---|---:|---:|---|",
        f"| vector env, {args.envs:,} games | {best['vector']:,.0f} | {best['vector'] / best['aec']:.0f}x | "
        "a learner decision with a choice (single legal actions applied in the call) |",
        f"| vector env, {args.envs:,} games, `copy=False` | {best['vector_nocopy']:,.0f} | "
        f"{best['vector_nocopy'] / best['aec']:.0f}x | the same, observations not copied out |",
        f"| vector env, {args.envs:,} games, `auto_single=False` | {best['vector_all']:,.0f} | "
        f"{best['vector_all'] / best['aec']:.0f}x | every learner decision |",
        f"| AEC `raw_env` loop | {best['aec']:,.0f} | 1x | every decision |",
        f"| tutorial route (`DummyVecEnv`, 1 env) | {best['tutorial']:,.0f} | {best['tutorial'] / best['aec']:.2f}x "
        "| every decision |", "",
        "MaskablePPO end to end (rollout collection and updates), the same network ([256, 256] tanh, separate "
        "actor and critic) on every route:", "",
        "| route | update settings | learner steps | steps/s | vs the tutorial route |",
        "|---|---|---:|---:|---:|",
        f"| vector env ({args.ppo_envs} games, `SB3VectorEnv`) | train.py's: rollouts of {args.rollout:,} steps, "
        f"minibatch 4,096, 4 epochs | {vec_ppo[1]:,} | {vec_ppo[0]:,.0f} | {vec_ppo[0] / tut_ppo[0]:.1f}x |",
        f"| tutorial route as written (1 env) | MaskablePPO's defaults: rollouts of 2,048, minibatch 64, 10 epochs "
        f"| {tut_ppo[1]:,} | {tut_ppo[0]:,.0f} | 1x |",
        f"| tutorial route, 8 `DummyVecEnv` copies | train.py's | {tut8_ppo[1]:,} | {tut8_ppo[0]:,.0f} | "
        f"{tut8_ppo[0] / tut_ppo[0]:.1f}x |", "",
        f"With the same update settings the vector env trains {vec_ppo[0] / tut8_ppo[0]:.1f}x as fast as the "
        "tutorial's env: there the updates (the network's backward passes, the same work on both routes) "
        "take most of the time once the env is compiled.", "",
        f"Aims: the vector env at least 1,000,000 learner steps/s on 2 cores "
        f"({'met' if best['vector'] >= 1e6 else 'not met'}: {best['vector']:,.0f}); end-to-end training at "
        f"least 10x the tutorial route ({'met' if vec_ppo[0] >= 10 * tut_ppo[0] else 'not met'}: "
        f"{vec_ppo[0] / tut_ppo[0]:.1f}x).", "",
    ]
    return "\n".join(lines)


def main(argv=None) -> str:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=5.0, help="per route and round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--envs", type=int, default=4096, help="games in the vector env (env steps/s)")
    ap.add_argument("--ppo-envs", type=int, default=256)
    ap.add_argument("--rollout", type=int, default=32768)
    ap.add_argument("--ppo-steps", type=int, default=131072)
    ap.add_argument("--ppo-steps-tutorial", type=int, default=8192)
    ap.add_argument("--ppo-steps-tutorial8", type=int, default=32768)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--quick", action="store_true", help="tiny run: a smoke test, not a measurement")
    ap.add_argument("--write", type=Path, help="replace this report's section in PATH")
    args = ap.parse_args(argv)
    if args.quick:
        args.seconds, args.rounds, args.envs, args.ppo_envs, args.rollout = 0.3, 1, 64, 16, 256
        args.ppo_steps = args.ppo_steps_tutorial = args.ppo_steps_tutorial8 = 512
    args.load = loadavg()
    text = report(args)
    print(text)
    if args.write:
        write_section(args.write, SECTION_HEADING, text)
    return text


if __name__ == "__main__":
    main()
