"""Load a trained MaskablePPO checkpoint as a batch policy.

Imports torch and stable-baselines3 only when called.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import numpy as np

from britishway_env.errors import UnknownPolicyError

CHECKPOINTS = Path(__file__).parent / "checkpoints"
SHIPPED = {"solo1948": CHECKPOINTS / "solo1948_ppo.zip"}


def load_policy(path: str | Path, volume: str = "solo1948",
                deterministic: bool = True) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """``act(observations, masks) -> actions`` from a MaskablePPO ``.zip``.

    ``path`` may be 'ppo' for the shipped checkpoint of ``volume``.
    """
    if str(path) == "ppo":
        path = SHIPPED.get(volume, Path(""))
    path = Path(path)
    if not path.is_file():
        raise UnknownPolicyError(f"no policy checkpoint at {str(path)!r}")
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(max(1, torch.get_num_threads()))
    model = MaskablePPO.load(str(path), device="cpu")

    def act(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        actions, _ = model.predict(observations, action_masks=masks, deterministic=deterministic)
        return np.asarray(actions, dtype=np.int64)

    return act
