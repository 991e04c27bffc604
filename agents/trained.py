"""Load a trained policy file as a batch policy: NumPy only, nothing unpickled.

Policy files (``.npz`` weights plus a JSON config) are described in
:mod:`agents.policy_file`; ``agents/export_sb3.py`` makes one from a
MaskablePPO model. Stable-Baselines3 ``.zip`` files are refused here:
loading them unpickles their contents, which can run code. Every policy
this package plays is read by :func:`agents.policy_file.load` (through
:func:`load_network` or :func:`load_policy`), the one loader that checks the
file: a regular file, its size capped, every member checked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import numpy as np

from britishway_env.errors import UnknownPolicyError

from . import policy_file

CHECKPOINTS = Path(__file__).parent / "checkpoints"
SHIPPED = {"solo1948": CHECKPOINTS / "solo1948_ppo.npz"}
# The shipped policy of each seat of a two-player volume: what the policy name "trained" plays.
SHIPPED_SEATS = {("palestine", "british"): CHECKPOINTS / "palestine_british.npz",
                 ("palestine", "irgun"): CHECKPOINTS / "palestine_irgun.npz",
                 ("cyprus", "british"): CHECKPOINTS / "cyprus_british.npz",
                 ("cyprus", "eoka"): CHECKPOINTS / "cyprus_eoka.npz",
                 ("arab_revolt", "british"): CHECKPOINTS / "arab_revolt_british.npz",
                 ("arab_revolt", "rebels"): CHECKPOINTS / "arab_revolt_rebels.npz"}
TRAINED = "trained"


def is_learned(name) -> bool:
    """Whether a policy name is a trained network: ``trained`` (the shipped
    policy of the seat) or a policy file path (``.npz``)."""
    return isinstance(name, (str, Path)) and (str(name) == TRAINED or str(name).lower().endswith(".npz"))


def resolve(path: str | Path, volume: str, seat: str | None = None) -> Path:
    """The file behind a policy argument: 'ppo' is the volume's shipped
    policy, 'trained' the shipped policy of ``seat``; anything else a path."""
    if str(path) == "ppo":
        if volume not in SHIPPED:
            raise UnknownPolicyError(f"no shipped policy for volume {volume!r}")
        return SHIPPED[volume]
    if str(path) == TRAINED:
        shipped = SHIPPED_SEATS.get((volume, seat))
        if shipped is None or not shipped.is_file():
            raise UnknownPolicyError(f"no shipped trained policy for the {seat} seat of {volume}")
        return shipped
    path = Path(path)
    if not path.exists():
        raise UnknownPolicyError(f"no policy file at {str(path)!r}")
    return path          # read only by policy_file.load: a regular file, its size capped


_LOADED: dict = {}


def load_network(name: str | Path, volume: str, seat: str | None = None) -> policy_file.MlpPolicy:
    """The :class:`~agents.policy_file.MlpPolicy` behind a learned policy name
    (checked: a policy file of ``volume``), read once per file and change."""
    path = resolve(name, volume, seat)
    try:
        st = path.stat()
    except OSError as err:
        raise UnknownPolicyError(f"cannot read policy file {str(path)!r}: {err.strerror or err}") from None
    key = (str(path.resolve()), st.st_mtime_ns, st.st_size, volume)
    if key not in _LOADED:
        _LOADED[key] = policy_file.load(path, volume=volume)
    return _LOADED[key]


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
