"""Load a trained policy file as a batch policy: NumPy only, nothing unpickled.

Policy files (``.npz`` weights plus a JSON config) are described in
:mod:`agents.policy_file`; ``agents/export_sb3.py`` makes one from a
MaskablePPO model. Stable-Baselines3 ``.zip`` files are refused here:
loading them unpickles their contents, which can run code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import numpy as np

from britishway_env.errors import UnknownPolicyError

from . import policy_file

CHECKPOINTS = Path(__file__).parent / "checkpoints"
SHIPPED = {"solo1948": CHECKPOINTS / "solo1948_ppo.npz"}


def resolve(path: str | Path, volume: str) -> Path:
    """The file behind a policy argument: 'ppo' is the volume's shipped policy."""
    if str(path) == "ppo":
        if volume not in SHIPPED:
            raise UnknownPolicyError(f"no shipped policy for volume {volume!r}")
        return SHIPPED[volume]
    path = Path(path)
    if not path.is_file():
        raise UnknownPolicyError(f"no policy file at {str(path)!r}")
    return path


def load_policy(path: str | Path, volume: str = "solo1948", deterministic: bool = True,
                seed: int | None = None) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """``act(observations, masks) -> actions`` from a policy file.

    ``path`` may be 'ppo' for the shipped policy of ``volume``. Actions are
    the arg-max of the masked logits, or (``deterministic=False``) samples
    from the masked softmax drawn from a generator seeded with ``seed``.
    """
    policy = policy_file.load(resolve(path, volume), volume=volume)
    rng = np.random.default_rng(seed)

    def act(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        return policy.act(observations, masks, deterministic=deterministic, rng=rng)

    return act
