"""The compiled forward pass (engine/nn.py) equals the NumPy reference (agents/policy_file.py)."""

import numpy as np
import pytest

from agents import policy_file
from agents.trained import SHIPPED_SEATS, load_network
from britishway_env import Game
from britishway_env.engine import nn

SEATS = sorted(SHIPPED_SEATS)


def observations(volume: str, n: int = 40, seed: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """Observations and masks of positions met in a random game (real, mostly-zero inputs)."""
    g = Game(volume, seed=seed)
    obs, masks = [], []
    while len(obs) < n and not g.is_terminal():
        obs.append(np.asarray(g.observation(), dtype=np.float32))
        masks.append(g.legal_mask())
        g.apply(g.choose("random"))
    return np.array(obs), np.array(masks)


@pytest.mark.parametrize("volume,seat", SEATS)
def test_shipped_network_logits_and_actions_equal_numpy(volume, seat):
    net = load_network("trained", volume, seat)
    params, meta = nn.pack([net])
    obs, masks = observations(volume)
    ref = net.logits(obs)
    out = np.zeros(net.config["n_actions"], dtype=np.float32)
    for i in range(len(obs)):
        assert nn.logits(params, meta[0], obs[i], out)
        np.testing.assert_allclose(out, ref[i], rtol=1e-5, atol=1e-4)
        assert nn.network_action(params, meta[0], obs[i], masks[i].astype(np.int8), out) == \
            net.act(obs[i:i + 1], masks[i:i + 1])[0]


def synthetic(volume: str, hidden, activation: str, rng) -> policy_file.MlpPolicy:
    obs_size, n_actions = policy_file.volume_sizes(volume)
    config = {"format": policy_file.FORMAT, "format_version": policy_file.FORMAT_VERSION, "volume": volume,
              "obs_size": obs_size, "n_actions": n_actions, "hidden": list(hidden), "activation": activation,
              "source": "test"}
    arrays = {name: rng.normal(0, 0.3, shape).astype(np.float32)
              for name, shape in policy_file.array_shapes(config).items()}
    return policy_file.MlpPolicy(config, arrays)


@pytest.mark.parametrize("activation,hidden", [("relu", [32, 16, 8]), ("tanh", [7]), ("relu", [64])])
def test_any_shape_and_activation(activation, hidden):
    rng = np.random.default_rng(0)
    net = synthetic("cyprus", hidden, activation, rng)
    params, meta = nn.pack([None, net])
    assert meta[0, nn.M_ACTOR_LAYERS] == 0                    # no network in the first seat
    x = rng.normal(0, 1, (20, net.config["obs_size"])).astype(np.float32)
    x[x < 0.5] = 0.0                                          # zero inputs are skipped: still equal
    out = np.zeros(net.config["n_actions"], dtype=np.float32)
    assert not nn.logits(params, meta[0], x[0], out)
    for i in range(len(x)):
        assert nn.logits(params, meta[1], x[i], out)
        np.testing.assert_allclose(out, net.logits(x[i:i + 1])[0], rtol=1e-5, atol=1e-4)


def test_value_head_equals_reference_and_is_clipped():
    """A value head (its own hidden layers, then one linear output clipped to [-1, 1])
    evaluates as its layers say."""
    rng = np.random.default_rng(1)
    net = synthetic("palestine", [16], "tanh", rng)

    class WithValue:
        config = dict(net.config, value_hidden=[8])
        arrays = dict(net.arrays)
        has_value = True

    wv = WithValue()
    w0 = rng.normal(0, 0.5, (8, net.config["obs_size"])).astype(np.float32)
    b0 = rng.normal(0, 0.5, 8).astype(np.float32)
    w1 = rng.normal(0, 2.0, (1, 8)).astype(np.float32)
    b1 = np.array([0.1], dtype=np.float32)
    wv.arrays.update({"value_hidden_0.weight": w0, "value_hidden_0.bias": b0, "value.weight": w1, "value.bias": b1})
    params, meta = nn.pack([wv, net])
    assert nn.has_value(meta[0]) and not nn.has_value(meta[1])
    x = rng.normal(0, 1, (50, net.config["obs_size"])).astype(np.float32)
    ref = np.clip((np.tanh(x @ w0.T + b0) @ w1.T + b1)[:, 0], -1, 1)
    got = np.array([nn.value(params, meta[0], x[i]) for i in range(len(x))])
    np.testing.assert_allclose(got, ref, atol=1e-5)
    assert (np.abs(ref) == 1).any() and (np.abs(ref) < 1).any()     # both the clip and the inside were met
    assert nn.value(params, meta[1], x[0]) == 0.0                   # no value head: 0
    out = np.zeros(net.config["n_actions"], dtype=np.float32)       # the actor is untouched by the value head
    nn.logits(params, meta[0], x[0], out)
    np.testing.assert_allclose(out, net.logits(x[:1])[0], rtol=1e-5, atol=1e-4)


def test_masked_softmax_is_a_distribution_over_the_legal_actions():
    z = np.array([1.0, 5.0, -2.0, 0.5], dtype=np.float32)
    mask = np.array([1, 0, 1, 1], dtype=np.int8)
    p = np.zeros(4)
    nn.masked_softmax(z, mask, p)
    e = np.exp(np.array([1.0, -2.0, 0.5]) - 1.0)
    np.testing.assert_allclose(p[[0, 2, 3]], e / e.sum())
    assert p[1] == 0.0
    nn.masked_softmax(np.zeros(4, dtype=np.float32), mask, p)       # no network: uniform
    np.testing.assert_allclose(p, [1 / 3, 0, 1 / 3, 1 / 3])


def test_the_kernels_tanh_is_tanh_to_float32_precision():
    import numba

    @numba.njit
    def many(xs, out):
        for i in range(xs.shape[0]):
            out[i] = nn._tanh(xs[i])

    xs = np.concatenate([np.linspace(-12, 12, 200_001), [0.0, -0.0, 1e-8, -1e-8, 9.0, -9.0, 50.0, -50.0]])
    xs = xs.astype(np.float32)
    out = np.zeros_like(xs)
    many(xs, out)
    assert np.abs(out.astype(np.float64) - np.tanh(xs.astype(np.float64))).max() < 4e-7
    assert (np.abs(out) <= 1.0).all() and out[-2] > 0.9999 and out[-1] < -0.9999
