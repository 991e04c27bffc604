"""The policy file: a trained network's weights, read without running code.

A policy file is a ``.npz`` (a zip of ``.npy`` arrays) holding

* ``config.json``: UTF-8 JSON with the keys of :data:`CONFIG_KEYS`
  (``format``, ``format_version``, ``volume``, ``obs_size``, ``n_actions``,
  ``hidden`` (layer widths), ``activation`` ("tanh" or "relu"), ``source``
  (free text: where the weights came from)) and optionally ``manifest``: the
  run that made the file (package version, git commit, library versions, the
  full command, seeds; :mod:`britishway_env.provenance`) with
  ``weights_sha256``, the hash of the arrays below, which :func:`save` writes
  and every load checks (a file whose weights were altered afterwards is
  refused);
* ``hidden_<i>.weight`` (``hidden[i]`` x previous width) and
  ``hidden_<i>.bias`` for each hidden layer, then ``action.weight``
  (``n_actions`` x last width) and ``action.bias``: little-endian float32,
  C order, finite.

Optionally a *value head* (a critic): the value of the position for the
seat to act, in [-1, 1] (+1: that seat wins), from the same observation.
It is present exactly when the config has ``value_hidden`` (the hidden
widths of the value MLP, possibly ``[]``: a linear value of the
observation; same ``activation`` as the actor), and then the file holds
``value_hidden_<i>.weight`` (``value_hidden[i]`` x previous width),
``value_hidden_<i>.bias``, ``value.weight`` (1 x last width) and
``value.bias`` (1,), float32 like the actor's. The value is the linear
output clipped to [-1, 1]. Two more optional keys go with it:
``value_source`` (free text: what the value was fitted to) and
``value_manifest`` (the run that fitted it, with ``value_sha256``, the hash
of the value arrays, checked on every load as ``weights_sha256`` is). The
manifest's ``weights_sha256`` stays the hash of the actor's arrays alone, so
adding a value head to a file leaves its actor's hash unchanged.

Nothing in the file is unpickled: arrays are read with
``numpy.lib.format.read_array(..., allow_pickle=False)`` after their headers
were checked against the shapes the config implies, and the JSON is parsed
with ``json``. The file itself is read by :func:`load` only: a regular file
(a symbolic link to one is followed), at most :data:`MAX_FILE_BYTES`, each
member decompressed into no more bytes than the config allows. Anything
else in the file, or anything missing, is an
:class:`~britishway_env.errors.UnknownPolicyError` naming the problem.

Inference is a NumPy forward pass (:class:`MlpPolicy`): the hidden layers,
the action logits, illegal actions masked out, then the arg-max (or a sample
from the masked softmax). No torch is needed to play.
"""

from __future__ import annotations

import io
import json
import math
import struct
import zipfile
import zlib
from pathlib import Path
from typing import Mapping

import numpy as np

from britishway_env.errors import UnknownPolicyError

FORMAT = "britishway-policy"
FORMAT_VERSION = 1
SUFFIX = ".npz"
CONFIG_NAME = "config.json"
CONFIG_KEYS = ("format", "format_version", "volume", "obs_size", "n_actions", "hidden", "activation", "source")
# Files written before manifests (or value heads) existed load without them.
OPTIONAL_KEYS = ("manifest", "value_hidden", "value_source", "value_manifest")
VALUE_KEYS = ("value_hidden", "value_source", "value_manifest")
WEIGHTS_HASH = "weights_sha256"     # in manifest: the actor's arrays
VALUE_HASH = "value_sha256"         # in value_manifest: the value head's arrays
ACTIVATIONS = ("tanh", "relu")
MAX_FILE_BYTES = 256 * 2**20        # far above any policy this project trains
MAX_CONFIG_BYTES = 64 * 2**10
MAX_LAYERS = 16
MAX_WIDTH = 8192
MAX_SOURCE_CHARS = 2000
DTYPE = np.dtype("<f4")


def volume_sizes(volume: str) -> tuple[int, int]:
    """(observation size, action count) of a volume whose policies take flat observations."""
    if volume == "solo1948":
        from britishway_env.solo1948 import layout as L
        from britishway_env.solo1948.observation import OBS_SIZE

        return OBS_SIZE, L.N_ACTIONS
    from britishway_env.registry import spec, volume_names

    with_policies = ["solo1948"] + [name for name in volume_names() if spec(name).vector is not None]
    if volume not in with_policies:
        raise UnknownPolicyError(f"no trained policies for volume {volume!r}; policy files exist for: "
                                 f"{', '.join(with_policies)}")
    module = spec(volume).resolve(spec(volume).vector)
    return int(module.OBS_SIZE), int(module.N_ACTIONS)


def actor_shapes(config: Mapping) -> dict[str, tuple[int, ...]]:
    """Name -> shape of the actor's arrays, in layer order."""
    shapes = {}
    width = config["obs_size"]
    for i, h in enumerate(config["hidden"]):
        shapes[f"hidden_{i}.weight"] = (h, width)
        shapes[f"hidden_{i}.bias"] = (h,)
        width = h
    shapes["action.weight"] = (config["n_actions"], width)
    shapes["action.bias"] = (config["n_actions"],)
    return shapes


def value_shapes(config: Mapping) -> dict[str, tuple[int, ...]]:
    """Name -> shape of the value head's arrays, in layer order (none without ``value_hidden``)."""
    if "value_hidden" not in config:
        return {}
    shapes = {}
    width = config["obs_size"]
    for i, h in enumerate(config["value_hidden"]):
        shapes[f"value_hidden_{i}.weight"] = (h, width)
        shapes[f"value_hidden_{i}.bias"] = (h,)
        width = h
    shapes["value.weight"] = (1, width)
    shapes["value.bias"] = (1,)
    return shapes


def array_shapes(config: Mapping) -> dict[str, tuple[int, ...]]:
    """Name -> shape of every array a policy file with ``config`` holds: the
    actor's, then the value head's (when the config has ``value_hidden``)."""
    return {**actor_shapes(config), **value_shapes(config)}


def _is_hex64(digest) -> bool:
    return isinstance(digest, str) and len(digest) == 64 and all(c in "0123456789abcdef" for c in digest)


def check_config(config, expect_volume: str | None = None) -> dict:
    """Validate a policy config (keys, types, ranges, the volume's sizes); returns it."""
    def bad(msg: str):
        raise UnknownPolicyError(f"policy file config: {msg}")

    def is_int(v) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    if not isinstance(config, dict):
        bad("must be a JSON object")
    keys = set(config)
    if not set(CONFIG_KEYS) <= keys <= set(CONFIG_KEYS + OPTIONAL_KEYS):
        missing = sorted(set(CONFIG_KEYS) - keys)
        extra = sorted(keys - set(CONFIG_KEYS + OPTIONAL_KEYS))
        bad(f"keys must be {', '.join(CONFIG_KEYS)} (and optionally {', '.join(OPTIONAL_KEYS)})"
            + (f"; missing {missing}" if missing else "") + (f"; unknown {extra}" if extra else ""))
    if "manifest" in config:
        manifest = config["manifest"]
        if not isinstance(manifest, dict):
            bad("manifest must be a JSON object")
        digest = manifest.get(WEIGHTS_HASH)
        if digest is not None and not _is_hex64(digest):
            bad(f"manifest.{WEIGHTS_HASH} must be 64 lower-case hex digits")
    if "value_hidden" not in config:
        stray = [k for k in VALUE_KEYS if k in config]
        if stray:
            bad(f"{', '.join(stray)} without value_hidden (a value head is described by value_hidden)")
    else:
        value_hidden = config["value_hidden"]
        if (not isinstance(value_hidden, list) or not len(value_hidden) <= MAX_LAYERS
                or not all(is_int(h) and 1 <= h <= MAX_WIDTH for h in value_hidden)):
            bad(f"value_hidden must be a list of 0..{MAX_LAYERS} layer widths in 1..{MAX_WIDTH}, "
                f"got {value_hidden!r}")
        if "value_source" in config and (not isinstance(config["value_source"], str)
                                         or len(config["value_source"]) > MAX_SOURCE_CHARS):
            bad(f"value_source must be a string of at most {MAX_SOURCE_CHARS} characters")
        if "value_manifest" in config:
            if not isinstance(config["value_manifest"], dict):
                bad("value_manifest must be a JSON object")
            digest = config["value_manifest"].get(VALUE_HASH)
            if digest is not None and not _is_hex64(digest):
                bad(f"value_manifest.{VALUE_HASH} must be 64 lower-case hex digits")
    if config["format"] != FORMAT:
        bad(f"format must be {FORMAT!r}, got {config['format']!r}")
    if not is_int(config["format_version"]) or config["format_version"] != FORMAT_VERSION:
        bad(f"format_version must be {FORMAT_VERSION}, got {config['format_version']!r}")
    volume = config["volume"]
    if not isinstance(volume, str):
        bad(f"volume must be a string, got {volume!r}")
    if expect_volume is not None and volume != expect_volume:
        raise UnknownPolicyError(f"policy file is for volume {volume!r}, not {expect_volume!r}")
    obs_size, n_actions = volume_sizes(volume)
    for key, want in (("obs_size", obs_size), ("n_actions", n_actions)):
        if not is_int(config[key]) or config[key] != want:
            bad(f"{key} must be {want} for {volume}, got {config[key]!r}")
    hidden = config["hidden"]
    if (not isinstance(hidden, list) or not 1 <= len(hidden) <= MAX_LAYERS
            or not all(is_int(h) and 1 <= h <= MAX_WIDTH for h in hidden)):
        bad(f"hidden must be a list of 1..{MAX_LAYERS} layer widths in 1..{MAX_WIDTH}, got {hidden!r}")
    if config["activation"] not in ACTIVATIONS:
        bad(f"activation must be one of {', '.join(ACTIVATIONS)}, got {config['activation']!r}")
    if not isinstance(config["source"], str) or len(config["source"]) > MAX_SOURCE_CHARS:
        bad(f"source must be a string of at most {MAX_SOURCE_CHARS} characters")
    return config


def _no_value_config(extra) -> None:
    """Value-head arrays where the config describes none: said as such."""
    stray = sorted(name for name in extra if name.startswith("value"))
    if stray:
        raise UnknownPolicyError(f"policy file holds value-head arrays {stray} but its config has no "
                                 "value_hidden (a value head's arrays come with value_hidden in the config)")


def check_arrays(config: Mapping, arrays: Mapping[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Validate the arrays against ``config``: exact names, shapes, float32, finite."""
    shapes = array_shapes(config)
    if set(arrays) != set(shapes):
        missing = sorted(set(shapes) - set(arrays))
        extra = sorted(set(arrays) - set(shapes))
        if "value_hidden" not in config:
            _no_value_config(extra)
        raise UnknownPolicyError("policy file arrays do not match its config"
                                 + (f"; missing {missing}" if missing else "")
                                 + (f"; unexpected {extra}" if extra else ""))
    out = {}
    for name, shape in shapes.items():
        a = arrays[name]
        if not isinstance(a, np.ndarray) or a.dtype != DTYPE or a.shape != shape:
            got = f"{getattr(a, 'dtype', type(a).__name__)} {getattr(a, 'shape', '')}"
            raise UnknownPolicyError(f"policy array {name!r} must be float32 {shape}, got {got}")
        if not np.isfinite(a).all():
            raise UnknownPolicyError(f"policy array {name!r} holds NaN or infinite values")
        out[name] = np.ascontiguousarray(a)
    return out


def actor_hash(config: Mapping, arrays: Mapping[str, np.ndarray]) -> str:
    """:func:`~britishway_env.provenance.weights_hash` of the actor's arrays (what
    ``manifest.weights_sha256`` records; the value head does not count)."""
    from britishway_env.provenance import weights_hash

    return weights_hash({name: arrays[name] for name in actor_shapes(config)})


def value_hash(config: Mapping, arrays: Mapping[str, np.ndarray]) -> str | None:
    """:func:`~britishway_env.provenance.weights_hash` of the value head's arrays
    (what ``value_manifest.value_sha256`` records); None without a value head."""
    from britishway_env.provenance import weights_hash

    names = value_shapes(config)
    return weights_hash({name: arrays[name] for name in names}) if "value_hidden" in config else None


def check_weights_hash(config: Mapping, arrays: Mapping[str, np.ndarray]) -> None:
    """The actor's arrays are the ones the manifest's ``weights_sha256`` names, and
    the value head's the ones ``value_manifest.value_sha256`` names (when they name any)."""
    digest = (config.get("manifest") or {}).get(WEIGHTS_HASH)
    if digest is not None and digest != actor_hash(config, arrays):
        raise UnknownPolicyError(f"policy file weights do not match the {WEIGHTS_HASH} its manifest records "
                                 "(the weights were altered after the file was written)")
    digest = (config.get("value_manifest") or {}).get(VALUE_HASH)
    if digest is not None and digest != value_hash(config, arrays):
        raise UnknownPolicyError(f"policy file value head does not match the {VALUE_HASH} its value_manifest "
                                 "records (the value weights were altered after the file was written)")


def with_manifest(config: Mapping, manifest: Mapping | None) -> dict:
    """``config`` carrying ``manifest`` (the run that made the weights; :func:`save`
    adds the weights' hash), or without one when ``manifest`` is None."""
    out = {k: v for k, v in config.items() if k != "manifest"}
    if manifest is not None:
        out["manifest"] = dict(manifest)
    return out


def with_value(policy: "MlpPolicy", value_hidden, value_arrays: Mapping[str, np.ndarray], value_source: str = "",
               value_manifest: Mapping | None = None) -> tuple[dict, dict[str, np.ndarray]]:
    """(config, arrays) of ``policy`` with the value head ``value_arrays``
    (``value_hidden_<i>.weight/bias``, ``value.weight``, ``value.bias``) in place of
    any it had: the actor's arrays, config and manifest as they are. With
    ``value_manifest`` (the run that fitted the head) the hash of the value arrays
    is written into it here (and checked on every load); ``save(path, *result)``
    writes the file. Everything is validated."""
    config = without_value(policy.config)
    config["value_hidden"] = [int(h) for h in value_hidden]
    config["value_source"] = value_source
    if value_manifest is not None:      # the actor's hash, if it came along, is not the value head's
        config["value_manifest"] = {k: v for k, v in value_manifest.items() if k != WEIGHTS_HASH}
    config = check_config(config)
    arrays = {name: np.asarray(policy.arrays[name]) for name in actor_shapes(config)}
    for name, a in value_arrays.items():
        arrays[name] = np.asarray(a)
    arrays = check_arrays(config, arrays)
    if value_manifest is not None:
        config["value_manifest"] = {**config["value_manifest"], VALUE_HASH: value_hash(config, arrays)}
    return config, arrays


def without_value(config: Mapping) -> dict:
    """``config`` with no value head (its actor, source and manifest unchanged)."""
    return {k: v for k, v in config.items() if k not in VALUE_KEYS}


def save(path: str | Path, config: Mapping, arrays: Mapping[str, np.ndarray]) -> Path:
    """Write a policy file (validated first; atomically). A config with a
    ``manifest`` gets the hash of the actor's arrays written into it, one with a
    ``value_manifest`` the hash of the value head's."""
    from britishway_env.io import atomic_path

    config = check_config(dict(config))
    arrays = check_arrays(config, {k: np.asarray(v) for k, v in arrays.items()})
    if "manifest" in config:
        config["manifest"] = {**config["manifest"], WEIGHTS_HASH: actor_hash(config, arrays)}
    if "value_manifest" in config:
        config["value_manifest"] = {**config["value_manifest"], VALUE_HASH: value_hash(config, arrays)}
    path = Path(path)
    if path.suffix != SUFFIX:
        raise UnknownPolicyError(f"a policy file must end in {SUFFIX}, got {str(path)!r}")
    with atomic_path(path) as tmp:
        with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as z:
            _write_member(z, CONFIG_NAME, json.dumps(config, indent=1, sort_keys=True).encode())
            for name in array_shapes(config):
                buf = io.BytesIO()
                np.lib.format.write_array(buf, arrays[name], allow_pickle=False)
                _write_member(z, f"{name}.npy", buf.getvalue())
    return path


def _write_member(z: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))   # same weights, same bytes
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    z.writestr(info, data)


def load(path: str | Path, volume: str | None = None) -> "MlpPolicy":
    """Read and validate a policy file; never executes anything from it.

    Only a regular file is read (a symbolic link to one is followed; a
    folder, a device such as ``/dev/zero``, a pipe or a socket is refused),
    opened once and read into memory, never more than :data:`MAX_FILE_BYTES`;
    each member is decompressed into a buffer no larger than its config
    allows. Whatever is wrong (a broken zip, a garbled deflate stream, a
    member larger than it says) is an :class:`UnknownPolicyError`.
    """
    from britishway_env.io import read_regular_file

    path = Path(path)
    if path.suffix.lower() != SUFFIX:
        hint = (" Stable-Baselines3 .zip checkpoints are not loaded because unpickling them can run code;"
                " convert one with `python -m agents.export_sb3 model.zip policy.npz`"
                if path.suffix.lower() == ".zip" else "")
        raise UnknownPolicyError(f"{str(path)!r} is not a policy file (.npz).{hint}")
    data = read_regular_file(path, MAX_FILE_BYTES, UnknownPolicyError, f"policy file {str(path)!r}",
                             kind="policy file")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            return _load_zip(z, path, volume)
    except UnknownPolicyError:
        raise
    except READ_ERRORS as err:
        kind = "zlib.error" if isinstance(err, zlib.error) else type(err).__name__
        raise UnknownPolicyError(f"policy file {str(path)!r} is not a valid policy file ({kind}: {err})") from None


# What reading a broken zip, a garbled member or a bad .npy header raises (zlib.error: a deflate stream
# that does not decode).
READ_ERRORS = (zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error, OSError, EOFError, ValueError, KeyError,
               UnicodeDecodeError, RuntimeError, NotImplementedError, struct.error)
COMPRESSIONS = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)   # what save writes; others are refused unread


def _read_member(z: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int, path: Path) -> bytes:
    """A member's bytes, decompressed into at most ``limit`` bytes (its size in the zip's
    directory is checked first, and again against what the stream really holds)."""
    if info.compress_type not in COMPRESSIONS:
        raise UnknownPolicyError(f"{info.filename} in {str(path)!r} uses compression method {info.compress_type}; "
                                 "a policy file's members are stored or deflated")
    if info.file_size > limit:
        raise UnknownPolicyError(f"{info.filename} in {str(path)!r} is larger than its config allows "
                                 f"({info.file_size:,} > {limit:,} bytes)")
    with z.open(info) as f:
        data = f.read(limit + 1)
    if len(data) > limit or len(data) != info.file_size:
        raise UnknownPolicyError(f"{info.filename} in {str(path)!r} holds {len(data):,}"
                                 f"{'+' if len(data) > limit else ''} bytes, not the {info.file_size:,} "
                                 "its zip directory says")
    return data


def _load_zip(z: zipfile.ZipFile, path: Path, volume: str | None) -> "MlpPolicy":
    infos = {info.filename: info for info in z.infolist()}
    if len(infos) != len(z.infolist()):
        raise UnknownPolicyError(f"policy file {str(path)!r} holds a member twice")
    if CONFIG_NAME not in infos:
        raise UnknownPolicyError(f"{str(path)!r} has no {CONFIG_NAME}: not a britishway policy file")
    if infos[CONFIG_NAME].file_size > MAX_CONFIG_BYTES:
        raise UnknownPolicyError(f"{CONFIG_NAME} in {str(path)!r} is too large")
    try:
        config = json.loads(_read_member(z, infos[CONFIG_NAME], MAX_CONFIG_BYTES, path).decode("utf-8"),
                            parse_constant=_reject_constant, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as err:
        raise UnknownPolicyError(f"{CONFIG_NAME} in {str(path)!r} is not valid JSON ({err})") from None
    config = check_config(config, volume)
    shapes = array_shapes(config)
    expected = {f"{name}.npy" for name in shapes} | {CONFIG_NAME}
    if set(infos) != expected:
        extra = sorted(set(infos) - expected)
        missing = sorted(expected - set(infos))
        if "value_hidden" not in config:
            _no_value_config(name[:-len(".npy")] for name in extra if name.endswith(".npy"))
        raise UnknownPolicyError(f"policy file {str(path)!r} members do not match its config"
                                 + (f"; missing {missing}" if missing else "")
                                 + (f"; unexpected {extra}" if extra else ""))
    arrays = {}
    for name, shape in shapes.items():
        info = infos[f"{name}.npy"]
        limit = 4096 + DTYPE.itemsize * math.prod(shape)
        if info.file_size > limit:
            raise UnknownPolicyError(f"policy array {name!r} is larger than its shape {shape} allows")
        f = io.BytesIO(_read_member(z, info, limit, path))
        version = np.lib.format.read_magic(f)
        if version == (1, 0):
            header = np.lib.format.read_array_header_1_0(f)
        elif version == (2, 0):
            header = np.lib.format.read_array_header_2_0(f)
        else:
            raise UnknownPolicyError(f"policy array {name!r}: unsupported .npy version {version}")
        got_shape, fortran, dtype = header
        if got_shape != shape or fortran or dtype != DTYPE:
            raise UnknownPolicyError(f"policy array {name!r} must be float32 {shape} in C order, got "
                                     f"{dtype} {got_shape}{' (Fortran order)' if fortran else ''}")
        f.seek(0)
        arrays[name] = np.lib.format.read_array(f, allow_pickle=False)
    return MlpPolicy(config, check_arrays(config, arrays))


def _unique_keys(pairs):
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("a JSON object repeats a key")
    return dict(pairs)


def _reject_constant(name: str):
    raise ValueError(f"JSON constant {name} is not allowed")


class MlpPolicy:
    """A masked multi-layer perceptron policy evaluated with NumPy."""

    def __init__(self, config: Mapping, arrays: Mapping[str, np.ndarray]):
        self.config = check_config(dict(config))
        self.arrays = arrays = check_arrays(self.config, arrays)      # as in the file: save(path, config, arrays)
        check_weights_hash(self.config, arrays)
        self.layers = [(arrays[f"hidden_{i}.weight"].T.copy(), arrays[f"hidden_{i}.bias"])
                       for i in range(len(self.config["hidden"]))]
        self.action = (arrays["action.weight"].T.copy(), arrays["action.bias"])
        if self.has_value:
            self.value_layers = [(arrays[f"value_hidden_{i}.weight"].T.copy(), arrays[f"value_hidden_{i}.bias"])
                                 for i in range(len(self.config["value_hidden"]))]
            self.value_out = (arrays["value.weight"].T.copy(), arrays["value.bias"])
        else:
            self.value_layers = self.value_out = None
        self.activation = np.tanh if self.config["activation"] == "tanh" else (lambda x: np.maximum(x, 0, out=x))

    @property
    def volume(self) -> str:
        return self.config["volume"]

    @property
    def has_value(self) -> bool:
        """Whether the file has a value head (:meth:`value`)."""
        return "value_hidden" in self.config

    @property
    def actor_arrays(self) -> dict[str, np.ndarray]:
        return {name: self.arrays[name] for name in actor_shapes(self.config)}

    @property
    def value_arrays(self) -> dict[str, np.ndarray]:
        """The value head's arrays (empty without one)."""
        return {name: self.arrays[name] for name in value_shapes(self.config)}

    @property
    def weights_sha256(self) -> str:
        """The hash of the actor's weights (:func:`britishway_env.provenance.weights_hash`):
        the same for two files exactly when they hold the same actor, whether or
        not either has a value head."""
        return actor_hash(self.config, self.arrays)

    @property
    def value_sha256(self) -> str | None:
        """The hash of the value head's weights (None without one)."""
        return value_hash(self.config, self.arrays)

    @property
    def manifest(self) -> dict | None:
        """The run that made the weights (None for files written before manifests)."""
        return self.config.get("manifest")

    def logits(self, observations: np.ndarray) -> np.ndarray:
        """Action logits (float32, one row per observation), before masking."""
        x = np.asarray(observations, dtype=np.float32)
        if x.ndim != 2 or x.shape[1] != self.config["obs_size"]:
            raise ValueError(f"observations must have shape (n, {self.config['obs_size']}), got {x.shape}")
        for w, b in self.layers:
            x = self.activation(x @ w + b)
        w, b = self.action
        return x @ w + b

    def value(self, observations: np.ndarray) -> np.ndarray:
        """The value of each position for the seat to act (float32, one per
        observation): the value head's linear output clipped to [-1, 1]."""
        if not self.has_value:
            raise UnknownPolicyError("this policy file has no value head")
        x = np.asarray(observations, dtype=np.float32)
        if x.ndim != 2 or x.shape[1] != self.config["obs_size"]:
            raise ValueError(f"observations must have shape (n, {self.config['obs_size']}), got {x.shape}")
        for w, b in self.value_layers:
            x = self.activation(x @ w + b)
        w, b = self.value_out
        return np.clip((x @ w + b)[:, 0], -1.0, 1.0).astype(np.float32)

    def masked_logits(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        masks = np.asarray(masks, dtype=bool)
        logits = self.logits(observations)
        if masks.shape != logits.shape:
            raise ValueError(f"masks must have shape {logits.shape}, got {masks.shape}")
        if not masks.any(axis=1).all():
            raise ValueError("a mask row offers no legal action")
        return np.where(masks, logits, -np.inf)

    def act(self, observations: np.ndarray, masks: np.ndarray, deterministic: bool = True,
            rng: np.random.Generator | None = None) -> np.ndarray:
        """One legal action per row: the arg-max of the masked logits, or a
        sample from their softmax (``deterministic=False``; ``rng`` seeds it)."""
        z = self.masked_logits(observations, masks)
        if deterministic:
            return np.argmax(z, axis=1).astype(np.int64)
        rng = rng if rng is not None else np.random.default_rng()
        z = z - z.max(axis=1, keepdims=True)
        p = np.exp(z.astype(np.float64))
        p /= p.sum(axis=1, keepdims=True)
        u = 1.0 - rng.random((p.shape[0], 1))          # in (0, 1]: never picks a zero-probability action
        choice = (np.cumsum(p, axis=1) < u).sum(axis=1)
        # rounding can push u past the last cumulative sum: fall back to the last legal action
        last_legal = p.shape[1] - 1 - np.argmax(p[:, ::-1] > 0, axis=1)
        return np.minimum(choice, last_legal).astype(np.int64)
