"""Export a MaskablePPO policy to a policy file (``.npz`` + JSON config).

    python -m agents.export_sb3 model.zip policy.npz [--volume solo1948] [--activation tanh]

From a Stable-Baselines3 ``.zip`` only the ``policy.pth`` member is read, with
``torch.load(..., weights_only=True)`` (tensors only, nothing executed); the
``data`` member, which SB3 fills with cloudpickled objects, is never opened.
The network settings that live in ``data`` are therefore given here: the
activation (MaskablePPO's ``MlpPolicy`` default is tanh), while the layer
widths are read from the tensor shapes. Needs torch (the ``train`` extra).

The actor (``mlp_extractor.policy_net.*`` and ``action_net.*``) is what
plays; the critic (``mlp_extractor.value_net.*`` and ``value_net.*``) is
exported too, as the file's value head (``value_hidden``, ``value.*``; see
:mod:`agents.policy_file`). PPO's critic predicts the discounted return in
reward units for the learner's seat (+1 a win, -1 a loss at the game's
end, 0 before), which for a network playing its own seat is the value of the
position for the seat to act; the file's value is that prediction clipped to
[-1, 1]. A policy with a features extractor that has weights, or shared
actor/critic layers, is refused rather than exported wrongly.
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
_VALUE_LAYER = re.compile(r"mlp_extractor\.value_net\.(\d+)\.(weight|bias)")
VALUE_SOURCE = ("the MaskablePPO critic of the same run (mlp_extractor.value_net, value_net): its prediction of "
                "the discounted return in reward units for the learner's seat (+1 a win, -1 a loss at the game's "
                "end, 0 on every other step and for an end that is neither), i.e. the value of the position for "
                "this network's own seat, the seat to act; clipped to [-1, 1]")


def _layers_of(layers: dict[int, dict[str, np.ndarray]], prefix: str, what: str,
               arrays: dict[str, np.ndarray]) -> list[int]:
    widths = []
    for i, index in enumerate(sorted(layers)):
        layer = layers[index]
        if set(layer) != {"weight", "bias"}:
            raise UnknownPolicyError(f"{what} layer {index} lacks a weight or bias")
        arrays[f"{prefix}_{i}.weight"] = layer["weight"]
        arrays[f"{prefix}_{i}.bias"] = layer["bias"]
        widths.append(int(layer["weight"].shape[0]))
    return widths


def state_dict_arrays(state_dict: Mapping) -> tuple[list[int], dict[str, np.ndarray], list[int] | None,
                                                    dict[str, np.ndarray]]:
    """(hidden widths, actor arrays, value hidden widths or None, value arrays) from a
    MaskableActorCriticPolicy state dict (values: torch tensors or arrays); the
    value head is None when the state dict has no ``value_net``."""
    layers: dict[int, dict[str, np.ndarray]] = {}
    value_layers: dict[int, dict[str, np.ndarray]] = {}
    arrays: dict[str, np.ndarray] = {}
    value: dict[str, np.ndarray] = {}
    for key, tensor in state_dict.items():
        # A copy: a CPU tensor's numpy() shares its memory, and the optimizer updates
        # parameters in place (a snapshot must not follow the live weights).
        a = tensor.detach().cpu().numpy().copy() if hasattr(tensor, "detach") else np.array(tensor)
        m = _LAYER.fullmatch(key)
        v = _VALUE_LAYER.fullmatch(key)
        if m:
            layers.setdefault(int(m.group(1)), {})[m.group(2)] = a
        elif v:
            value_layers.setdefault(int(v.group(1)), {})[v.group(2)] = a
        elif key in ("action_net.weight", "action_net.bias"):
            arrays[key.replace("action_net", "action")] = a
        elif key in ("value_net.weight", "value_net.bias"):
            value[key.replace("value_net", "value")] = a
        else:
            raise UnknownPolicyError(f"cannot export policy weight {key!r}: only an MlpPolicy with a plain "
                                     "(flatten) features extractor and separate actor/critic layers is supported")
    hidden = _layers_of(layers, "hidden", "policy", arrays)
    if not value:
        if value_layers:
            raise UnknownPolicyError("the state dict has critic layers (mlp_extractor.value_net) but no value_net")
        return hidden, arrays, None, {}
    if set(value) != {"value.weight", "value.bias"}:
        raise UnknownPolicyError("the critic's value_net lacks a weight or bias")
    value_hidden = _layers_of(value_layers, "value_hidden", "critic", value)
    return hidden, arrays, value_hidden, value


def policy_file_arrays(state_dict: Mapping[str, "np.ndarray"]) -> tuple[list[int], dict[str, np.ndarray]]:
    """(hidden widths, actor arrays) from a MaskableActorCriticPolicy state dict
    (values: torch tensors or arrays); the critic is left out."""
    hidden, arrays, _, _ = state_dict_arrays(state_dict)
    return hidden, arrays


def policy_from_state_dict(state_dict: Mapping, volume: str = "solo1948", activation: str = "tanh",
                           source: str = "", manifest: Mapping | None = None, value: bool = True,
                           value_source: str = VALUE_SOURCE) -> policy_file.MlpPolicy:
    """The actor of a MaskableActorCriticPolicy ``state_dict`` as a NumPy policy
    (what its policy file holds), with the run's ``manifest`` when given, and the
    critic as its value head (unless ``value`` is False or the state dict has no
    critic); the value head's ``value_manifest`` is the run's ``manifest`` too."""
    hidden, arrays, value_hidden, value_arrays = state_dict_arrays(state_dict)
    obs_size, n_actions = policy_file.volume_sizes(volume)
    config = {"format": policy_file.FORMAT, "format_version": policy_file.FORMAT_VERSION, "volume": volume,
              "obs_size": obs_size, "n_actions": n_actions, "hidden": hidden, "activation": activation,
              "source": source}
    actor = policy_file.MlpPolicy(policy_file.with_manifest(config, manifest), arrays)
    if not value or value_hidden is None:
        return actor
    return policy_file.MlpPolicy(*policy_file.with_value(actor, value_hidden, value_arrays, value_source, manifest))


def export_state_dict(state_dict: Mapping, out: str | Path, volume: str = "solo1948",
                      activation: str = "tanh", source: str = "", manifest: Mapping | None = None,
                      value: bool = True) -> Path:
    """Write the policy file for a MaskableActorCriticPolicy ``state_dict`` (actor and,
    unless ``value`` is False, the critic as the value head)."""
    policy = policy_from_state_dict(state_dict, volume, activation, source, manifest, value=value)
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
