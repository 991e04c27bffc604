"""Policy files: weights-only checkpoints that load without running code.

A crafted checkpoint must never execute anything: the payloads below would
create a marker file when unpickled, and every load must fail cleanly with
the marker absent. The NumPy forward pass must choose the actions that
stable-baselines3 chooses for the same weights.
"""

import io
import json
import pathlib
import pickle
import zipfile

import numpy as np
import pytest
from typer.testing import CliRunner

from agents import policy_file
from agents.trained import SHIPPED, load_policy
from britishway_env import UnknownPolicyError, rollouts
from britishway_env.cli import app
from britishway_env.solo1948 import batch
from britishway_env.solo1948 import layout as L
from britishway_env.solo1948.observation import OBS_SIZE

runner = CliRunner()


class Payload:
    """Unpickling this calls Path.touch(marker): proof that code ran."""

    def __init__(self, marker):
        self.marker = pathlib.Path(marker)

    def __reduce__(self):
        return pathlib.Path.touch, (self.marker,)


def small_config(hidden=(8,), activation="tanh"):
    return {"format": policy_file.FORMAT, "format_version": policy_file.FORMAT_VERSION, "volume": "solo1948",
            "obs_size": OBS_SIZE, "n_actions": L.N_ACTIONS, "hidden": list(hidden), "activation": activation,
            "source": "test"}


def small_arrays(config, seed=0):
    rng = np.random.default_rng(seed)
    return {name: rng.normal(0, 0.3, shape).astype(np.float32)
            for name, shape in policy_file.array_shapes(config).items()}


def write_raw(path, config, arrays, extra=None):
    """A policy file written without the saver's validation (for hostile cases)."""
    with zipfile.ZipFile(path, "w") as z:
        if config is not None:
            z.writestr("config.json", config if isinstance(config, (str, bytes)) else json.dumps(config))
        for name, a in arrays.items():
            buf = io.BytesIO()
            np.lib.format.write_array(buf, a, allow_pickle=True)
            z.writestr(f"{name}.npy", buf.getvalue())
        for name, data in (extra or {}).items():
            z.writestr(name, data)
    return path


def observations(n_games=600, steps=12, seed=3):
    """Observations and masks from real solo games (random legal play)."""
    states = np.zeros((n_games, L.STATE_SIZE), dtype=np.int64)
    batch.reset_batch(states, batch.game_seeds(np.int64(seed), np.int64(0), np.int64(n_games)))
    obs = np.zeros((n_games, OBS_SIZE), dtype=np.float32)
    masks = np.zeros((n_games, L.N_ACTIONS), dtype=np.int8)
    active = np.zeros(n_games, dtype=np.bool_)
    decisions = np.zeros(n_games, dtype=np.int64)
    rng = np.random.default_rng(seed)
    all_obs, all_masks = [], []
    for _ in range(steps):
        batch.observe_batch(states, obs, masks, active)
        idx = np.flatnonzero(active)
        if not len(idx):
            break
        all_obs.append(obs[idx].copy())
        all_masks.append(masks[idx].astype(bool))
        actions = np.zeros(n_games, dtype=np.int64)
        actions[idx] = [rng.choice(np.flatnonzero(m)) for m in masks[idx]]
        batch.apply_batch(states, actions, active, decisions)
    return np.concatenate(all_obs), np.concatenate(all_masks)


def test_shipped_policy_is_a_policy_file_and_plays_legal_games():
    assert SHIPPED["solo1948"].suffix == ".npz" and SHIPPED["solo1948"].is_file()
    policy = policy_file.load(SHIPPED["solo1948"], volume="solo1948")
    assert policy.config["hidden"] == [256, 256] and policy.config["activation"] == "tanh"
    a = rollouts.run("solo1948", 300, seed=2, policy="ppo")
    b = rollouts.run("solo1948", 300, seed=2, policy="ppo", chunk=64)
    assert a.equals(b) and set(a["outcome"]) <= set(L.OUTCOME_NAMES[1:])
    # the trained policy beats random play on the same games (it is not a random net)
    assert a["israeli_win"].mean() > rollouts.run("solo1948", 300, seed=2, policy="random")["israeli_win"].mean()


def test_save_load_round_trip_and_masked_choices(tmp_path):
    config = small_config(hidden=(16, 8), activation="relu")
    arrays = small_arrays(config)
    path = policy_file.save(tmp_path / "p.npz", config, arrays)
    policy = policy_file.load(path)
    obs, masks = observations(n_games=100, steps=4)
    z = policy.logits(obs)
    h = np.maximum(obs @ arrays["hidden_0.weight"].T + arrays["hidden_0.bias"], 0)
    h = np.maximum(h @ arrays["hidden_1.weight"].T + arrays["hidden_1.bias"], 0)
    np.testing.assert_allclose(z, h @ arrays["action.weight"].T + arrays["action.bias"], rtol=1e-5, atol=1e-5)
    chosen = policy.act(obs, masks)
    assert masks[np.arange(len(obs)), chosen].all()
    assert (chosen == np.argmax(np.where(masks, z, -np.inf), axis=1)).all()
    sampled = policy.act(obs, masks, deterministic=False, rng=np.random.default_rng(1))
    assert masks[np.arange(len(obs)), sampled].all()
    again = policy.act(obs, masks, deterministic=False, rng=np.random.default_rng(1))
    assert (sampled == again).all() and (sampled != chosen).any()
    assert (tmp_path / "p.npz").read_bytes() == policy_file.save(tmp_path / "q.npz", config, arrays).read_bytes()


def test_crafted_sb3_zip_runs_no_code(tmp_path):
    """A .zip whose `data` and `policy.pth` unpickle to code that writes a file."""
    marker = tmp_path / "pwned"
    evil = tmp_path / "evil.zip"
    with zipfile.ZipFile(evil, "w") as z:
        z.writestr("data", pickle.dumps(Payload(marker)))
        z.writestr("policy.pth", pickle.dumps({"mlp_extractor.policy_net.0.weight": Payload(marker)}))
    with pytest.raises(UnknownPolicyError, match="not a policy file"):
        load_policy(evil)
    with pytest.raises(UnknownPolicyError):
        rollouts.run("solo1948", 10, policy=str(evil))
    res = runner.invoke(app, ["rollouts", "solo1948", "--games", "10", "--policy", str(evil)])
    assert res.exit_code == 2 and "convert one with" in res.output and "Traceback" not in res.output
    assert not marker.exists()
    try:
        import torch  # noqa: F401
    except ImportError:
        pass
    else:
        from agents.export_sb3 import export_sb3_zip

        with pytest.raises(UnknownPolicyError, match="not a plain tensor file"):
            export_sb3_zip(evil, tmp_path / "out.npz")
        assert not (tmp_path / "out.npz").exists()
    assert not marker.exists()
    pickle.loads(zipfile.ZipFile(evil).read("data"))    # the payload is real: unpickling it runs code
    assert marker.exists()


def test_npz_with_object_array_runs_no_code(tmp_path):
    marker = tmp_path / "pwned"
    config = small_config()
    arrays = small_arrays(config)
    arrays["action.bias"] = np.array([Payload(marker)] * L.N_ACTIONS, dtype=object)
    crafted = write_raw(tmp_path / "evil.npz", config, arrays)
    plain = tmp_path / "plain.npz"
    np.savez(plain, **{"action.bias": np.array([Payload(marker)], dtype=object)})
    for path in (crafted, plain):
        with pytest.raises(UnknownPolicyError):
            load_policy(path)
        assert not marker.exists()
    np.load(crafted, allow_pickle=True)["action.bias"]  # the payload is real
    assert marker.exists()


def _mutations():
    def cfg(**kw):
        def f(config, arrays):
            config.update(kw)
        return f

    def drop_key(key):
        return lambda config, arrays: config.pop(key)

    def arr(name, value):
        def f(config, arrays):
            arrays[name] = value(arrays[name]) if callable(value) else value
        return f

    return {
        "unknown format": (cfg(format="pickle"), "format must be"),
        "future version": (cfg(format_version=2), "format_version"),
        "bool version": (cfg(format_version=True), "format_version"),
        "other volume": (cfg(volume="palestine"), "no trained policies|not 'solo1948'"),
        "wrong obs size": (cfg(obs_size=OBS_SIZE + 1), "obs_size"),
        "wrong action count": (cfg(n_actions=3), "n_actions"),
        "float width": (cfg(hidden=[8.0]), "hidden"),
        "no layers": (cfg(hidden=[]), "hidden"),
        "huge layer": (cfg(hidden=[10**9]), "hidden"),
        "unknown activation": (cfg(activation="os.system"), "activation"),
        "missing key": (drop_key("activation"), "missing"),
        "extra key": (cfg(extra=1), "unknown"),
        "float64 weights": (arr("hidden_0.weight", lambda a: a.astype(np.float64)), "float32|larger than"),
        "float64 bias": (arr("action.bias", lambda a: a.astype(np.float64)), "float32"),
        "wrong shape": (arr("hidden_0.bias", np.zeros(9, np.float32)), r"\(8,\)"),
        "nan": (arr("action.bias", lambda a: np.where(np.arange(a.size) == 3, np.nan, a).astype(np.float32)),
                "NaN"),
        "inf": (arr("hidden_0.weight", lambda a: np.full_like(a, np.inf)), "NaN or infinite"),
        "fortran order": (arr("hidden_0.weight", lambda a: np.asfortranarray(a)), "C order"),
        "int array": (arr("action.bias", np.zeros(L.N_ACTIONS, np.int32)), "float32"),
        "missing array": (lambda config, arrays: arrays.pop("action.weight"), "missing"),
        "extra array": (lambda config, arrays: arrays.update(stowaway=np.zeros(1, np.float32)), "unexpected"),
    }


@pytest.mark.parametrize("case", sorted(_mutations()))
def test_malformed_policy_files_are_rejected(tmp_path, case):
    mutate, message = _mutations()[case]
    config = small_config()
    arrays = small_arrays(config)
    mutate(config, arrays)
    path = write_raw(tmp_path / "bad.npz", config, arrays)
    with pytest.raises(UnknownPolicyError, match=message):
        load_policy(path)


@pytest.mark.parametrize("content", [b"not a zip", b"PK\x03\x04broken", b""])
def test_non_zip_files_are_rejected(tmp_path, content):
    path = tmp_path / "junk.npz"
    path.write_bytes(content)
    with pytest.raises(UnknownPolicyError, match="not a valid policy file"):
        load_policy(path)


def test_bad_json_and_lying_headers_are_rejected(tmp_path):
    config = small_config()
    arrays = small_arrays(config)
    for bad, message in ((b"{not json", "not valid JSON"), (b'{"format": NaN}', "not a valid policy file"),
                         (b'{"a": 1, "a": 2}', "not a valid policy file"), (b"[1, 2]", "JSON object")):
        with pytest.raises(UnknownPolicyError, match=message):
            load_policy(write_raw(tmp_path / "b.npz", bad, arrays))
    # an .npy header that declares a huge array is refused before anything is allocated
    path = tmp_path / "h.npz"
    write_raw(path, config, {k: v for k, v in arrays.items() if k != "action.weight"},
              extra={"action.weight.npy": _npy_header((10**12, 8)) + b"\0" * 64})
    with pytest.raises(UnknownPolicyError, match="action.weight"):
        load_policy(path)


def _npy_header(shape):
    buf = io.BytesIO()
    np.lib.format.write_array_header_1_0(buf, {"descr": "<f4", "fortran_order": False, "shape": shape})
    return buf.getvalue()


def test_only_policy_files_are_accepted_by_name(tmp_path):
    with pytest.raises(UnknownPolicyError, match="no policy file"):
        load_policy(tmp_path / "none.npz")
    other = tmp_path / "p.pkl"
    other.write_bytes(b"x")
    with pytest.raises(UnknownPolicyError, match="not a policy file"):
        load_policy(other)


@pytest.mark.parametrize("activation", ["tanh", "relu"])
def test_numpy_policy_chooses_the_actions_sb3_chooses(tmp_path, activation):
    torch = pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    from gymnasium import spaces
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    from agents.export_sb3 import export_state_dict
    from britishway_env.solo1948.observation import OBS_HIGH

    torch.manual_seed(0)
    sb3 = MaskableActorCriticPolicy(spaces.Box(0.0, OBS_HIGH, shape=(OBS_SIZE,), dtype=np.float32),
                                    spaces.Discrete(L.N_ACTIONS), lambda _: 3e-4, net_arch=[64, 32],
                                    activation_fn={"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}[activation])
    with torch.no_grad():   # spread the logits (a fresh SB3 head starts near zero)
        for p in sb3.parameters():
            p.normal_(0.0, 0.2)
    path = export_state_dict(sb3.state_dict(), tmp_path / "p.npz", activation=activation)
    mine = policy_file.load(path)
    obs, masks = observations()
    assert len(obs) >= 3000
    expected, _ = sb3.predict(obs, action_masks=masks, deterministic=True)
    got = mine.act(obs, masks)
    assert (got == expected).all(), f"{(got != expected).sum()} of {len(obs)} actions differ"
    with torch.no_grad():
        ref = sb3.action_net(sb3.mlp_extractor.forward_actor(torch.as_tensor(obs))).numpy()
    np.testing.assert_allclose(mine.logits(obs), ref, rtol=1e-4, atol=1e-4)


def test_export_refuses_unknown_network_parts(tmp_path):
    from agents.export_sb3 import export_state_dict

    config = small_config()
    arrays = small_arrays(config)
    state = {"mlp_extractor.policy_net.0.weight": arrays["hidden_0.weight"],
             "mlp_extractor.policy_net.0.bias": arrays["hidden_0.bias"],
             "action_net.weight": arrays["action.weight"], "action_net.bias": arrays["action.bias"]}
    export_state_dict(state, tmp_path / "ok.npz")
    state["features_extractor.cnn.0.weight"] = np.zeros((2, 2), np.float32)
    with pytest.raises(UnknownPolicyError, match="features_extractor"):
        export_state_dict(state, tmp_path / "bad.npz")
    assert not (tmp_path / "bad.npz").exists()


# ----------------------------------------------------------- files from outside --
# Every path that plays a policy reads it through policy_file.load: only a regular file, capped, each member
# decompressed into no more than its config allows; whatever is wrong is the same UnknownPolicyError.

REPO = pathlib.Path(__file__).resolve().parent.parent
SHIPPED_PALESTINE = REPO / "agents" / "checkpoints" / "palestine_british.npz"


def _member_data_offset(data: bytes, info: zipfile.ZipInfo) -> int:
    """Where a member's (compressed) bytes start: after its local header."""
    name_len, extra_len = int.from_bytes(data[info.header_offset + 26:info.header_offset + 28], "little"), \
        int.from_bytes(data[info.header_offset + 28:info.header_offset + 30], "little")
    return info.header_offset + 30 + name_len + extra_len


def garbled(src: pathlib.Path, dest: pathlib.Path, member: str) -> pathlib.Path:
    """A copy of ``src`` whose ``member`` deflate stream starts with a reserved block type (zlib.error)."""
    data = bytearray(src.read_bytes())
    with zipfile.ZipFile(src) as z:
        info = z.getinfo(member)
        assert info.compress_type == zipfile.ZIP_DEFLATED
    data[_member_data_offset(bytes(data), info)] |= 0b110       # BTYPE 11: not a deflate block
    dest.write_bytes(bytes(data))
    return dest


@pytest.mark.parametrize("member", ["config.json", "hidden_0.weight.npy", "action.bias.npy"])
def test_a_garbled_deflate_stream_is_the_same_refusal_as_any_bad_policy_file(tmp_path, member):
    import zlib

    from agents.trained import load_network

    path = garbled(SHIPPED_PALESTINE, tmp_path / "garbled.npz", member)
    with zipfile.ZipFile(path) as z, pytest.raises(zlib.error):
        z.read(member)                              # the stream really is garbled
    with pytest.raises(UnknownPolicyError, match=r"garbled.npz' is not a valid policy file \(zlib.error"):
        policy_file.load(path)
    with pytest.raises(UnknownPolicyError, match="not a valid policy file"):
        load_network(str(path), "palestine", "british")
    with pytest.raises(UnknownPolicyError, match="not a valid policy file"):
        rollouts.run("palestine", 2, policies={"british": str(path)})


def test_random_damage_to_a_policy_file_is_always_an_unknown_policy_error(tmp_path):
    """Bytes overwritten anywhere in a shipped policy (a fixed seed): it loads (the damage hit bytes
    nothing reads, such as a timestamp) or it is refused as a bad policy file; nothing else escapes."""
    src = SHIPPED["solo1948"].read_bytes()
    rng = np.random.default_rng(7)
    path = tmp_path / "damaged.npz"
    refused = 0
    for k in range(300):
        data = bytearray(src)
        for _ in range(int(rng.integers(1, 9))):
            i = int(rng.integers(len(data))) if k % 2 else len(data) - 1 - int(rng.integers(400))
            data[i] = int(rng.integers(256))
        path.write_bytes(bytes(data))
        try:
            policy_file.load(path)
        except UnknownPolicyError:
            refused += 1
    assert refused > 200


def _set_sizes(data: bytearray, member: str, size: int) -> None:
    """Make the zip's local header and central directory both say ``member`` is ``size`` bytes unpacked."""
    name = member.encode()
    for sig, at in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        start = 0
        while (local := data.find(sig, start)) >= 0:
            name_at = local + (30 if sig == b"PK\x03\x04" else 46)
            if data[name_at:name_at + len(name)] == name:
                data[local + at:local + at + 4] = size.to_bytes(4, "little")
            start = local + 4


def test_a_member_whose_size_lies_is_refused_without_unpacking_it(tmp_path):
    config = small_config()
    arrays = small_arrays(config)
    # A config.json that unpacks to 32 MiB (a few KiB deflated) under a directory that says 300 bytes.
    bomb = json.dumps(config).encode() + b" " * (32 * 2**20)
    path = tmp_path / "bomb.npz"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("config.json", bomb)
        for name, a in arrays.items():
            buf = io.BytesIO()
            np.lib.format.write_array(buf, a)
            z.writestr(f"{name}.npy", buf.getvalue())
    with pytest.raises(UnknownPolicyError, match="config.json in .* is too large"):
        policy_file.load(path)                      # the honest size: refused before unpacking
    data = bytearray(path.read_bytes())
    _set_sizes(data, "config.json", 300)
    path.write_bytes(bytes(data))
    with pytest.raises(UnknownPolicyError, match="not a valid policy file"):
        policy_file.load(path)                      # the lying size: at most 300 bytes unpacked, then refused
    # An array whose directory says it is smaller than it is, and one that says it is larger.
    for lie in (64, 1000):
        path = write_raw(tmp_path / f"lie{lie}.npz", config, arrays)
        data = bytearray(path.read_bytes())
        _set_sizes(data, "action.bias.npy", lie)
        path.write_bytes(bytes(data))
        with pytest.raises(UnknownPolicyError, match="action.bias"):
            policy_file.load(path)


def test_a_member_compressed_another_way_is_refused_unread(tmp_path):
    config = small_config()
    path = tmp_path / "bz.npz"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_BZIP2) as z:
        z.writestr("config.json", json.dumps(config))
    with pytest.raises(UnknownPolicyError, match="compression method 12"):
        policy_file.load(path)


def _not_regular_files(folder: pathlib.Path) -> dict:
    import os

    fifo = folder / "fifo.npz"
    os.mkfifo(fifo)
    zero = folder / "zero.npz"
    zero.symlink_to("/dev/zero")
    (folder / "dir.npz").mkdir()
    return {"fifo": (fifo, "is not a regular file"), "/dev/zero": (zero, "is not a regular file"),
            "folder": (folder / "dir.npz", "is a folder")}


# Run in a fresh process whose memory is capped: the code as it was read /dev/zero without bound and
# blocked forever opening a FIFO; a timeout or MemoryError there fails the test instead of the machine.
_ONLY_REGULAR = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (8 * 2**30, 8 * 2**30))
from agents import policy_file
from agents.trained import load_network, load_policy
from britishway_env import UnknownPolicyError, rollouts
path, volume = sys.argv[1], sys.argv[2]
for what, call in (("load", lambda: policy_file.load(path)),
                   ("load_network", lambda: load_network(path, volume, "british")),
                   ("load_policy", lambda: load_policy(path, volume)),
                   ("rollouts", lambda: rollouts.run(volume, 2, policies={"british": path}))):
    try:
        call()
    except UnknownPolicyError as err:
        print(what, "refused:", err)
    else:
        print(what, "LOADED")
"""


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero", "folder"])
def test_only_a_regular_file_is_read_as_a_policy(tmp_path, kind):
    import subprocess
    import sys

    path, fragment = _not_regular_files(tmp_path)[kind]
    proc = subprocess.run([sys.executable, "-c", _ONLY_REGULAR, str(path), "palestine"], capture_output=True,
                          text=True, cwd=REPO, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.splitlines()
    assert len(lines) == 4 and all("refused:" in ln for ln in lines), proc.stdout
    assert fragment in lines[0] and str(path) in lines[0]


def test_the_read_is_capped_by_the_bytes_read_not_only_the_size_the_file_reports(tmp_path):
    from britishway_env.io import read_regular_file

    f = tmp_path / "x.bin"
    f.write_bytes(b"x" * 100)
    assert read_regular_file(f, 100, UnknownPolicyError, "f") == b"x" * 100
    with pytest.raises(UnknownPolicyError, match=r"f: more than a file can hold \(99 bytes\)"):
        read_regular_file(f, 99, UnknownPolicyError, "f")
    # A regular file that reports size 0 but holds more (as a file that grows after it was opened does).
    maps = pathlib.Path("/proc/self/maps")
    if maps.is_file() and maps.stat().st_size == 0:
        with pytest.raises(UnknownPolicyError, match="more than a file can hold"):
            read_regular_file(maps, 16, UnknownPolicyError, "f")
    link = tmp_path / "link.npz"                    # a symbolic link to a regular file is followed
    link.symlink_to(SHIPPED["solo1948"])
    assert policy_file.load(link).volume == "solo1948"


@pytest.mark.parametrize("kind", ["garbled", "fifo", "/dev/zero", "folder"])
def test_the_cli_refuses_a_bad_policy_file_in_one_line(tmp_path, kind):
    import subprocess
    import sys

    if kind == "garbled":
        path, fragment = garbled(SHIPPED_PALESTINE, tmp_path / "g.npz", "config.json"), "not a valid policy"
    else:
        path, fragment = _not_regular_files(tmp_path)[kind]
    for args in (["rollouts", "palestine", "--games", "2", "--quiet", "--policy", f"british={path}"],
                 ["rollouts", "solo1948", "--games", "2", "--quiet", "--policy", str(path)],
                 ["play", "palestine", "--as", "irgun", "--vs", str(path), "--save", str(tmp_path / "s.json")]):
        proc = subprocess.run([sys.executable, "-m", "britishway_env.cli", *args], capture_output=True, text=True,
                              cwd=REPO, timeout=300, stdin=subprocess.DEVNULL)
        err = proc.stderr.strip()
        assert proc.returncode == 2, (args, proc.stderr[-2000:])
        assert err.startswith("error: ") and "\n" not in err and fragment in err and "Traceback" not in err, err
    assert not (tmp_path / "s.json").exists()


def test_the_sb3_exporter_reads_only_a_regular_file(tmp_path):
    pytest.importorskip("torch")
    from agents.export_sb3 import read_sb3_weights

    for path, fragment in _not_regular_files(tmp_path).values():
        with pytest.raises(UnknownPolicyError, match=fragment):
            read_sb3_weights(path)
