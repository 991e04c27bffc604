"""Export a MaskablePPO policy to a policy file (``.npz`` + JSON config).

    python -m agents.export_sb3 model.zip policy.npz [--volume solo1948] [--activation tanh]

From a Stable-Baselines3 ``.zip`` only the ``policy.pth`` member is read, with
``torch.load(..., weights_only=True)`` (tensors only, nothing executed); the
``data`` member, which SB3 fills with cloudpickled objects, is never opened.
The network settings that live in ``data`` are therefore given here: the
activation (MaskablePPO's ``MlpPolicy`` default is tanh), while the layer
widths are read from the tensor shapes. Needs torch (the ``train`` extra).

Only the actor is exported (``mlp_extractor.policy_net.*`` and
``action_net.*``); the critic is not needed to play. A policy with a
features extractor that has weights, or shared actor/critic layers, is
refused rather than exported wrongly.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
import warnings
import zipfile
from pathlib import Path
from typing import Mapping

import numpy as np

from britishway_env.errors import UnknownPolicyError

from . import policy_file

POLICY_MEMBER = "policy.pth"
MAX_POLICY_BYTES = 256 * 2**20
MAX_MODEL_BYTES = 2 * MAX_POLICY_BYTES        # the whole .zip: policy.pth, data, optimizer state
_LAYER = re.compile(r"mlp_extractor\.policy_net\.(\d+)\.(weight|bias)")
_IGNORED = re.compile(r"(mlp_extractor\.value_net\.\d+|value_net)\.(weight|bias)")


def policy_file_arrays(state_dict: Mapping[str, "np.ndarray"]) -> tuple[list[int], dict[str, np.ndarray]]:
    """(hidden widths, policy file arrays) from a MaskableActorCriticPolicy state dict
    (values: torch tensors or arrays)."""
    layers: dict[int, dict[str, np.ndarray]] = {}
    arrays: dict[str, np.ndarray] = {}
    for key, value in state_dict.items():
        # A copy: a CPU tensor's numpy() shares its memory, and the optimizer updates
        # parameters in place (a snapshot must not follow the live weights).
        a = value.detach().cpu().numpy().copy() if hasattr(value, "detach") else np.array(value)
        m = _LAYER.fullmatch(key)
        if m:
            layers.setdefault(int(m.group(1)), {})[m.group(2)] = a
        elif key in ("action_net.weight", "action_net.bias"):
            arrays[key.replace("action_net", "action")] = a
        elif not _IGNORED.fullmatch(key):
            raise UnknownPolicyError(f"cannot export policy weight {key!r}: only an MlpPolicy with a plain "
                                     "(flatten) features extractor and separate actor/critic layers is supported")
    hidden = []
    for i, index in enumerate(sorted(layers)):
        layer = layers[index]
        if set(layer) != {"weight", "bias"}:
            raise UnknownPolicyError(f"policy layer {index} lacks a weight or bias")
        arrays[f"hidden_{i}.weight"] = layer["weight"]
        arrays[f"hidden_{i}.bias"] = layer["bias"]
        hidden.append(int(layer["weight"].shape[0]))
    return hidden, arrays


def policy_from_state_dict(state_dict: Mapping, volume: str = "solo1948", activation: str = "tanh",
                           source: str = "", manifest: Mapping | None = None) -> policy_file.MlpPolicy:
    """The actor of a MaskableActorCriticPolicy ``state_dict`` as a NumPy policy
    (what its policy file holds), with the run's ``manifest`` when given."""
    hidden, arrays = policy_file_arrays(state_dict)
    obs_size, n_actions = policy_file.volume_sizes(volume)
    config = {"format": policy_file.FORMAT, "format_version": policy_file.FORMAT_VERSION, "volume": volume,
              "obs_size": obs_size, "n_actions": n_actions, "hidden": hidden, "activation": activation,
              "source": source}
    return policy_file.MlpPolicy(policy_file.with_manifest(config, manifest), arrays)


def export_state_dict(state_dict: Mapping, out: str | Path, volume: str = "solo1948",
                      activation: str = "tanh", source: str = "", manifest: Mapping | None = None) -> Path:
    """Write the policy file for a MaskableActorCriticPolicy ``state_dict``."""
    policy = policy_from_state_dict(state_dict, volume, activation, source, manifest)
    return policy_file.save(out, policy.config, policy.arrays)


def read_sb3_weights(zip_path: str | Path) -> dict:
    """The tensors of an SB3 ``.zip``'s ``policy.pth``, loaded with ``weights_only=True``."""
    import torch

    from britishway_env.io import read_regular_file

    zip_path = Path(zip_path)
    # A regular file only, read once and capped, as policy_file.load reads a policy file.
    data = read_regular_file(zip_path, MAX_MODEL_BYTES, UnknownPolicyError, f"model zip {str(zip_path)!r}",
                             kind="model zip")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            info = z.getinfo(POLICY_MEMBER)
            if info.file_size > MAX_POLICY_BYTES:
                raise UnknownPolicyError(f"{POLICY_MEMBER} in {str(zip_path)!r} is too large")
            if info.compress_type not in policy_file.COMPRESSIONS:
                raise UnknownPolicyError(f"{POLICY_MEMBER} in {str(zip_path)!r} uses compression method "
                                         f"{info.compress_type}; stored or deflated members only")
            raw = z.read(info)
    except UnknownPolicyError:
        raise
    except policy_file.READ_ERRORS as err:
        raise UnknownPolicyError(f"{str(zip_path)!r} is not a Stable-Baselines3 model zip with "
                                 f"{POLICY_MEMBER} ({type(err).__name__}: {err})") from None
    try:
        with warnings.catch_warnings():       # torch notes the pickle protocol; the refusal below says enough
            warnings.simplefilter("ignore")
            state = torch.load(io.BytesIO(raw), map_location="cpu", weights_only=True)
    except Exception as err:  # weights_only refuses anything but tensors and plain containers
        raise UnknownPolicyError(f"{POLICY_MEMBER} in {str(zip_path)!r} is not a plain tensor file "
                                 f"({type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''})") from None
    if not isinstance(state, dict) or not all(isinstance(k, str) and isinstance(v, torch.Tensor)
                                              for k, v in state.items()):
        raise UnknownPolicyError(f"{POLICY_MEMBER} in {str(zip_path)!r} is not a state dict of tensors")
    return state


def export_sb3_zip(zip_path: str | Path, out: str | Path, volume: str = "solo1948",
                   activation: str = "tanh") -> Path:
    """Convert an SB3 MaskablePPO ``.zip`` (reading only its weights) to a policy file."""
    from britishway_env.provenance import manifest

    state = read_sb3_weights(zip_path)
    return export_state_dict(state, out, volume=volume, activation=activation,
                             source=f"MaskablePPO MlpPolicy weights exported from {Path(zip_path).name}",
                             manifest=manifest(exported_from=str(zip_path)))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("model", type=Path, help="Stable-Baselines3 MaskablePPO .zip")
    p.add_argument("out", type=Path, help="policy file to write (.npz)")
    p.add_argument("--volume", default="solo1948")
    p.add_argument("--activation", default="tanh", choices=policy_file.ACTIVATIONS)
    args = p.parse_args(argv)
    try:
        path = export_sb3_zip(args.model, args.out, args.volume, args.activation)
    except UnknownPolicyError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
