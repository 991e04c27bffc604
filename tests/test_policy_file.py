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
