"""Value heads in policy files: the format (optional, checked as strictly as the
actor, its own hash beside the actor's), the SB3 critic exported as one, and
the heads fitted for the shipped networks."""

import io
import json
import zipfile

import numpy as np
import pytest

from agents import policy_file
from agents.trained import SHIPPED, SHIPPED_SEATS
from britishway_env import UnknownPolicyError
from britishway_env.solo1948 import layout as L
from britishway_env.solo1948.observation import OBS_SIZE

# The actors' hashes of the shipped networks before they were given value heads: adding one changes none.
SHIPPED_ACTOR_SHA256 = {
    ("arab_revolt", "british"): "727d1c04eea033482c079a8df0b87de0e6312baa8f328fa43f0ccaebf9cb47b4",
    ("arab_revolt", "rebels"): "b8b16a3d0f6be5f9e633784a882f887b7d996670016b6bff2e1b2092de68a91b",
    ("cyprus", "british"): "90fe5df228ff554b5f0fd9d740ce753b8e86e64cbc3f9c77a4a0d47f1919390d",
    ("cyprus", "eoka"): "11e4487b9fe771b661897cfc27c1854f99d8416490a50c84c3326077f539aec7",
    ("palestine", "british"): "faad69be6a66e18f69aa192e0d5992b50ef8b098fc615c61dc72feb101e114dc",
    ("palestine", "irgun"): "559443456e14cb4d2980fd85bc47f29c9343ca6e5a67ffdae2d09f423c367cc9",
}


def small_config(hidden=(8,), value_hidden=None, activation="tanh"):
    config = {"format": policy_file.FORMAT, "format_version": policy_file.FORMAT_VERSION, "volume": "solo1948",
              "obs_size": OBS_SIZE, "n_actions": L.N_ACTIONS, "hidden": list(hidden), "activation": activation,
              "source": "test"}
    if value_hidden is not None:
        config["value_hidden"] = list(value_hidden)
        config["value_source"] = "test value"
    return config


def small_arrays(config, seed=0):
    rng = np.random.default_rng(seed)
    return {name: rng.normal(0, 0.3, shape).astype(np.float32)
            for name, shape in policy_file.array_shapes(config).items()}


def write_raw(path, config, arrays):
    """A policy file written without the saver's validation."""
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("config.json", json.dumps(config))
        for name, a in arrays.items():
            buf = io.BytesIO()
            np.lib.format.write_array(buf, a, allow_pickle=False)
            z.writestr(f"{name}.npy", buf.getvalue())
    return path


def observations(n=64, seed=1):
    return np.random.default_rng(seed).uniform(0, 2, (n, OBS_SIZE)).astype(np.float32)


def reference_value(config, arrays, x):
    act = np.tanh if config["activation"] == "tanh" else (lambda v: np.maximum(v, 0))
    x = x.astype(np.float64)
    for i in range(len(config["value_hidden"])):
        x = act(x @ arrays[f"value_hidden_{i}.weight"].T.astype(np.float64) + arrays[f"value_hidden_{i}.bias"])
    out = x @ arrays["value.weight"].T.astype(np.float64) + arrays["value.bias"]
    return np.clip(out[:, 0], -1, 1)


# ----------------------------------------------------------------- the format --

@pytest.mark.parametrize("value_hidden", [[16], [16, 4], []])
@pytest.mark.parametrize("activation", ["tanh", "relu"])
def test_round_trip_with_a_value_head(tmp_path, value_hidden, activation):
    from britishway_env.provenance import manifest

    config = small_config(value_hidden=value_hidden, activation=activation)
    config["manifest"] = {"command": "test"}
    config["value_manifest"] = manifest(command="test value", seeds={"seed": 3})
    arrays = small_arrays(config)
    path = policy_file.save(tmp_path / "v.npz", config, arrays)
    net = policy_file.load(path)
    assert net.has_value and net.config["value_hidden"] == value_hidden
    assert len(net.value_layers) == len(value_hidden)
    assert net.value_out[0].shape == ((value_hidden or [OBS_SIZE])[-1], 1) and net.value_out[1].shape == (1,)
    assert all(w.dtype == np.float32 and w.flags.c_contiguous for w, _ in net.value_layers)
    x = observations()
    v = net.value(x)
    assert v.dtype == np.float32 and v.shape == (len(x),) and np.all(np.abs(v) <= 1)
    np.testing.assert_allclose(v, reference_value(config, arrays, x), atol=1e-5)
    # the actor's hash is the actor's alone; the value head has its own
    actor_only = {k: v for k, v in arrays.items() if not k.startswith("value")}
    plain = policy_file.save(tmp_path / "plain.npz", policy_file.without_value(config), actor_only)
    assert policy_file.load(plain).weights_sha256 == net.weights_sha256 == net.manifest["weights_sha256"]
    assert net.config["value_manifest"]["value_sha256"] == net.value_sha256 != net.weights_sha256
    # what loads saves back to the same bytes
    again = policy_file.save(tmp_path / "again.npz", net.config, net.arrays)
    assert again.read_bytes() == path.read_bytes()
    np.testing.assert_array_equal(net.act(x, np.ones((len(x), L.N_ACTIONS), bool)),
                                  policy_file.load(plain).act(x, np.ones((len(x), L.N_ACTIONS), bool)))


def test_files_without_a_value_head_load_unchanged(tmp_path):
    net = policy_file.load(SHIPPED["solo1948"])
    assert not net.has_value and net.value_layers is None and net.value_out is None
    assert net.value_sha256 is None and net.value_arrays == {}
    with pytest.raises(UnknownPolicyError, match="no value head"):
        net.value(observations(2))
    config = small_config()
    path = policy_file.save(tmp_path / "p.npz", config, small_arrays(config))
    assert set(json.loads(zipfile.ZipFile(path).read("config.json"))) == set(config)
    assert not policy_file.load(path).has_value


def test_with_value_keeps_the_actor_and_replaces_the_head(tmp_path):
    config = small_config()
    config["manifest"] = {"command": "actor run"}
    net = policy_file.MlpPolicy(config, small_arrays(config))
    head = {k: v for k, v in small_arrays(small_config(value_hidden=[4]), seed=5).items() if k.startswith("value")}
    cfg, arrays = policy_file.with_value(net, [4], head, "fitted to nothing", {"command": "value run",
                                                                             "weights_sha256": "0" * 64})
    assert "weights_sha256" not in {k for k in cfg["value_manifest"] if k != "value_sha256"}
    assert cfg["value_manifest"]["value_sha256"] == policy_file.value_hash(cfg, arrays)
    assert cfg["manifest"] == config["manifest"] and cfg["source"] == "test"
    path = policy_file.save(tmp_path / "v.npz", cfg, arrays)
    loaded = policy_file.load(path)
    assert loaded.weights_sha256 == net.weights_sha256 and loaded.config["value_source"] == "fitted to nothing"
    linear = {"value.weight": np.ones((1, OBS_SIZE), np.float32), "value.bias": np.zeros(1, np.float32)}
    cfg2, arrays2 = policy_file.with_value(loaded, [], linear)
    assert cfg2["value_hidden"] == [] and set(arrays2) - set(net.arrays) == set(linear)
    assert "value_manifest" not in cfg2


def refused(tmp_path, config, arrays, match):
    path = write_raw(tmp_path / "bad.npz", config, arrays)
    with pytest.raises(UnknownPolicyError, match=match):
        policy_file.load(path)
    with pytest.raises(UnknownPolicyError, match=match):
        policy_file.save(tmp_path / "resaved.npz", config, arrays)


def test_value_arrays_without_value_hidden_are_refused(tmp_path):
    config = small_config(value_hidden=[4])
    arrays = small_arrays(config)
    refused(tmp_path, policy_file.without_value(config), arrays, "value-head arrays .* no value_hidden")


def test_value_keys_without_value_hidden_are_refused(tmp_path):
    config = small_config()
    arrays = small_arrays(config)
    refused(tmp_path, {**config, "value_source": "x"}, arrays, "value_source without value_hidden")
    refused(tmp_path, {**config, "value_manifest": {}}, arrays, "value_manifest without value_hidden")


@pytest.mark.parametrize("value_hidden, match", [
    ("16", "value_hidden must be a list"), ([0], "value_hidden must be a list"), ([True], "value_hidden must be"),
    ([8] * 17, "value_hidden must be a list"), ([10**6], "value_hidden must be a list")])
def test_bad_value_hidden_is_refused(tmp_path, value_hidden, match):
    config = small_config(value_hidden=[4])
    arrays = small_arrays(config)
    refused(tmp_path, {**config, "value_hidden": value_hidden}, arrays, match)


def test_bad_value_source_and_manifest_are_refused(tmp_path):
    config = small_config(value_hidden=[4])
    arrays = small_arrays(config)
    refused(tmp_path, {**config, "value_source": "x" * 2001}, arrays, "value_source must be a string")
    refused(tmp_path, {**config, "value_source": 3}, arrays, "value_source must be a string")
    refused(tmp_path, {**config, "value_manifest": []}, arrays, "value_manifest must be a JSON object")
    refused(tmp_path, {**config, "value_manifest": {"value_sha256": "ABC"}}, arrays,
            "value_manifest.value_sha256 must be 64")


def test_a_value_array_of_the_wrong_shape_is_refused(tmp_path):
    config = small_config(value_hidden=[4])
    arrays = small_arrays(config)
    arrays["value_hidden_0.weight"] = np.zeros((5, OBS_SIZE), np.float32)
    refused(tmp_path, config, arrays, r"'value_hidden_0.weight' must be float32 \(4, %d\)" % OBS_SIZE)
    arrays = small_arrays(config)
    arrays["value.weight"] = np.zeros((2, 4), np.float32)
    refused(tmp_path, config, arrays, r"'value.weight' must be float32 \(1, 4\)")
    arrays = small_arrays(config)
    arrays["value.bias"] = np.zeros(1, np.float64)
    refused(tmp_path, config, arrays, r"'value.bias' must be float32 \(1,\)")


def test_a_missing_or_extra_value_array_is_refused(tmp_path):
    config = small_config(value_hidden=[4])
    arrays = small_arrays(config)
    del arrays["value.bias"]
    refused(tmp_path, config, arrays, r"missing \['value.bias")
    arrays = small_arrays(config)
    arrays["value_hidden_1.weight"] = np.zeros((1, 4), np.float32)
    refused(tmp_path, config, arrays, r"unexpected \['value_hidden_1.weight")


@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_a_non_finite_value_array_is_refused(tmp_path, bad):
    config = small_config(value_hidden=[4])
    arrays = small_arrays(config)
    arrays["value_hidden_0.bias"][2] = bad
    refused(tmp_path, config, arrays, "'value_hidden_0.bias' holds NaN or infinite")


def test_an_altered_value_head_is_refused_by_its_hash(tmp_path):
    config = small_config(value_hidden=[4])
    config["manifest"] = {"command": "actor"}
    config["value_manifest"] = {"command": "value"}
    path = policy_file.save(tmp_path / "v.npz", config, small_arrays(config))
    net = policy_file.load(path)
    arrays = dict(net.arrays)
    arrays["value.bias"] = arrays["value.bias"] + np.float32(0.5)
    path2 = write_raw(tmp_path / "altered.npz", net.config, arrays)
    with pytest.raises(UnknownPolicyError, match="value head does not match the value_sha256"):
        policy_file.load(path2)
    # the actor's hash does not see the value head, nor the value hash the actor
    arrays = dict(net.arrays)
    arrays["action.bias"] = arrays["action.bias"] + np.float32(0.5)
    with pytest.raises(UnknownPolicyError, match="do not match the weights_sha256"):
        policy_file.load(write_raw(tmp_path / "altered2.npz", net.config, arrays))


# ------------------------------------------------------------- the exporter --

@pytest.mark.parametrize("activation", ["tanh", "relu"])
def test_the_exported_critic_is_sb3s_value(tmp_path, activation):
    torch = pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    from gymnasium import spaces
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy

    from agents.export_sb3 import export_state_dict
    from britishway_env.provenance import manifest
    from britishway_env.solo1948.observation import OBS_HIGH

    torch.manual_seed(0)
    sb3 = MaskableActorCriticPolicy(spaces.Box(0.0, OBS_HIGH, shape=(OBS_SIZE,), dtype=np.float32),
                                    spaces.Discrete(L.N_ACTIONS), lambda _: 3e-4,
                                    net_arch={"pi": [64, 32], "vf": [48, 24]},
                                    activation_fn={"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}[activation])
    with torch.no_grad():   # a spread of values inside [-1, 1]
        for p in sb3.parameters():
            p.normal_(0.0, 0.05)
    path = export_state_dict(sb3.state_dict(), tmp_path / "p.npz", activation=activation,
                             manifest=manifest(command="test"))
    mine = policy_file.load(path)
    assert mine.config["hidden"] == [64, 32] and mine.config["value_hidden"] == [48, 24]
    assert "critic" in mine.config["value_source"]
    assert mine.config["value_manifest"]["value_sha256"] == mine.value_sha256
    assert mine.manifest["weights_sha256"] == mine.weights_sha256
    x = observations(500)
    with torch.no_grad():
        ref = sb3.predict_values(torch.as_tensor(x)).numpy()[:, 0]
    assert np.abs(ref).max() < 1 and ref.std() > 0.01
    np.testing.assert_allclose(mine.value(x), ref, rtol=1e-4, atol=1e-5)
    # without the critic: the actor alone, as before
    plain = policy_file.load(export_state_dict(sb3.state_dict(), tmp_path / "a.npz", activation=activation,
                                               value=False))
    assert not plain.has_value and plain.weights_sha256 == mine.weights_sha256


def test_a_maskable_ppo_model_exports_its_critic(tmp_path):
    torch = pytest.importorskip("torch")
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    from agents.export_sb3 import policy_from_state_dict
    from agents.vec_env import SB3VectorEnv

    venv = SB3VectorEnv("palestine", num_envs=2, seat="british", opponent="random", seed=0)
    model = MaskablePPO("MlpPolicy", venv, n_steps=8, batch_size=16, policy_kwargs={"net_arch": [32, 32]},
                        seed=0, device="cpu")
    net = policy_from_state_dict(model.policy.state_dict(), "palestine", "tanh", "test")
    assert net.has_value and net.config["value_hidden"] == [32, 32]
    obs = venv.reset()
    with torch.no_grad():
        ref = model.policy.predict_values(torch.as_tensor(obs)).numpy()[:, 0]
    np.testing.assert_allclose(net.value(obs), np.clip(ref, -1, 1), rtol=1e-4, atol=1e-5)


def test_a_critic_without_its_output_layer_is_refused():
    from agents.export_sb3 import policy_from_state_dict

    config = small_config()
    arrays = small_arrays(config)
    state = {"mlp_extractor.policy_net.0.weight": arrays["hidden_0.weight"],
             "mlp_extractor.policy_net.0.bias": arrays["hidden_0.bias"],
             "action_net.weight": arrays["action.weight"], "action_net.bias": arrays["action.bias"],
             "mlp_extractor.value_net.0.weight": arrays["hidden_0.weight"],
             "mlp_extractor.value_net.0.bias": arrays["hidden_0.bias"]}
    with pytest.raises(UnknownPolicyError, match="no value_net"):
        policy_from_state_dict(state)
    state["value_net.weight"] = np.zeros((1, 8), np.float32)
    with pytest.raises(UnknownPolicyError, match="value_net lacks"):
        policy_from_state_dict(state)
    state["value_net.bias"] = np.zeros(1, np.float32)
    assert policy_from_state_dict(state).config["value_hidden"] == [8]


# ------------------------------------------------------- the shipped networks --

@pytest.mark.parametrize("volume, seat", sorted(SHIPPED_SEATS))
def test_the_shipped_networks_have_value_heads_and_the_same_actors(volume, seat):
    net = policy_file.load(SHIPPED_SEATS[(volume, seat)], volume)
    assert net.weights_sha256 == SHIPPED_ACTOR_SHA256[(volume, seat)]
    assert net.has_value and net.config["value_hidden"] in ([256], [64])
    m = net.config["value_manifest"]
    assert m["value_sha256"] == net.value_sha256
    assert m["command"].startswith(f"python experiments/fit_value.py --volume {volume} --seat {seat}")
    assert m["volume"] == volume and m["seat"] == seat and m["games"] >= 3000
    val = m["validation"]                # on the held-out games: better than the training games' mean
    assert val["mse"] < val["constant_mse"] and val["positions"] > 10_000
    assert val["sign_accuracy"] > 0.85
    assert m["training"]["positions"] + val["positions"] == m["positions"]
    assert f"MSE {val['mse']:.4f} against {val['constant_mse']:.4f}" in net.config["value_source"]


@pytest.mark.parametrize("seat", ["british", "irgun"])
def test_a_shipped_value_head_predicts_fresh_games_better_than_a_constant(seat):
    from experiments.fit_value import collect

    from agents.trained import load_network

    net = load_network("trained", "palestine", seat)
    other = "irgun" if seat == "british" else "british"
    x, game, outcome, _ = collect("palestine", seat, net, [(load_network("trained", "palestine", other), 0.5),
                                                           ("heuristic", 0.35), ("random", 0.15)],
                                  games=80, seed=987_654, keep=0.5, envs=80, sample_seed=0)
    assert len(np.unique(game)) == 80
    y = outcome[game]
    best_constant = float(np.mean(y))            # the best constant for these very games, in hindsight
    assert np.mean((net.value(x) - y) ** 2) < np.mean((best_constant - y) ** 2)


def test_rollouts_record_the_actors_hash_of_a_network_with_a_value_head():
    from britishway_env import rollouts

    df = rollouts.run("palestine", 4, seed=3, policies={"british": "trained", "irgun": "heuristic"})
    entry = df.attrs["britishway"]["run"]["policies"]["british"]
    assert entry == {"policy": "trained", "weights_sha256": SHIPPED_ACTOR_SHA256[("palestine", "british")]}
