"""A policy file's network inside compiled code: the forward pass as kernels.

A policy file (``agents/policy_file.py``) is a float32 multi-layer
perceptron: hidden layers (tanh or relu), then the action logits; optionally a
value head (its own hidden layers, then one linear output, clipped to
[-1, 1]: the value of the position for the seat to act). Compiled code cannot
hold the Python object, so :func:`pack` lays the networks of a game's seats
out as two flat arrays:

* ``params`` (float32): every weight matrix transposed (``in x out``, C
  order) and bias, one after the other;
* ``meta`` (int64, one row per seat): :data:`M_ACTIVATION`,
  :data:`M_ACTOR_LAYERS` (0: no network for the seat), :data:`M_VALUE_LAYERS`
  (0: no value head), :data:`M_MAX_WIDTH`, :data:`M_OBS`, :data:`M_ACTIONS`,
  then per layer (the actor's, then the value head's) its input width, output
  width and the offsets of its weights and bias in ``params``.

:func:`logits` and :func:`value` are the kernels; they equal
``MlpPolicy.logits`` / ``MlpPolicy.value`` to float32 rounding
(tests/test_nn_kernel.py). A layer adds, for each non-zero input, its
contiguous row of weights to the outputs (vectorised; an observation is
mostly zeros, so the first and largest layer costs a fraction of its size).
"""

from __future__ import annotations

import numpy as np

from .jit import njit

ACT_TANH, ACT_RELU = 0, 1
MAX_LAYERS = 16                     # per head; agents/policy_file.MAX_LAYERS hidden layers + the output
M_ACTIVATION, M_ACTOR_LAYERS, M_VALUE_LAYERS, M_MAX_WIDTH, M_OBS, M_ACTIONS = range(6)
M_LAYERS = 6                        # first layer record
LAYER_FIELDS = 4                    # n_in, n_out, weight offset, bias offset
META_SIZE = M_LAYERS + LAYER_FIELDS * 2 * (MAX_LAYERS + 1)


def empty(n_seats: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """``(params, meta)`` with no network in any seat."""
    return np.zeros(1, dtype=np.float32), np.zeros((n_seats, META_SIZE), dtype=np.int64)


def pack(networks) -> tuple[np.ndarray, np.ndarray]:
    """``(params, meta)`` for a sequence of ``MlpPolicy`` (or None: no network),
    one per seat."""
    chunks: list[np.ndarray] = []
    offset = 0
    meta = np.zeros((len(networks), META_SIZE), dtype=np.int64)

    def put(a: np.ndarray) -> int:
        nonlocal offset
        a = np.ascontiguousarray(a, dtype=np.float32).ravel()
        chunks.append(a)
        at = offset
        offset += a.size
        return at

    for seat, net in enumerate(networks):
        if net is None:
            continue
        row = meta[seat]
        row[M_ACTIVATION] = ACT_TANH if net.config["activation"] == "tanh" else ACT_RELU
        row[M_OBS] = net.config["obs_size"]
        row[M_ACTIONS] = net.config["n_actions"]
        layers = [(net.arrays[f"hidden_{i}.weight"], net.arrays[f"hidden_{i}.bias"])
                  for i in range(len(net.config["hidden"]))]
        layers.append((net.arrays["action.weight"], net.arrays["action.bias"]))
        value = []
        if getattr(net, "has_value", False):
            value = [(net.arrays[f"value_hidden_{i}.weight"], net.arrays[f"value_hidden_{i}.bias"])
                     for i in range(len(net.config["value_hidden"]))]
            value.append((net.arrays["value.weight"], net.arrays["value.bias"]))
        if len(layers) > MAX_LAYERS + 1 or len(value) > MAX_LAYERS + 1:
            raise ValueError(f"a network of more than {MAX_LAYERS} hidden layers cannot be packed")
        row[M_ACTOR_LAYERS] = len(layers)
        row[M_VALUE_LAYERS] = len(value)
        widest = 0
        for k, (w, b) in enumerate(layers + value):
            at = M_LAYERS + LAYER_FIELDS * k
            row[at], row[at + 1] = w.shape[1], w.shape[0]
            row[at + 2], row[at + 3] = put(w.T), put(b)       # weights transposed: in x out
            widest = max(widest, w.shape[0], w.shape[1])
        row[M_MAX_WIDTH] = widest
    params = np.concatenate(chunks) if chunks else np.zeros(1, dtype=np.float32)
    return params, meta


# tanh as a rational function, x * P(u) / Q(u) with u = (x / 9)^2 on [-9, 9] (tanh is 1 to float32
# precision beyond): fitted here by iterated least squares on the relative error; within 3.5e-7 of
# tanh everywhere in float32 (tests/test_nn_kernel.py), and plain arithmetic, so a layer's activations
# vectorise where a call of the library's tanh per unit cost about 40 % of a forward pass.
TANH_RANGE = 9.0
P0, P1, P2, P3, P4, P5, P6 = (0.9999999999303846, 11.227022203829012, 26.90144347489155, 17.609930963564988,
                              1.986454111894387, -0.1125994286077338, 0.007495573046598786)
Q1, Q2, Q3, Q4 = 38.22702214174916, 184.23105049205532, 231.7915825811614, 72.32808278919498


@njit(cache=True, inline="always")
def _tanh(x):
    x = min(max(x, np.float32(-TANH_RANGE)), np.float32(TANH_RANGE))
    u = x * x * np.float32(1.0 / (TANH_RANGE * TANH_RANGE))
    num = ((((((np.float32(P6) * u + np.float32(P5)) * u + np.float32(P4)) * u + np.float32(P3)) * u
             + np.float32(P2)) * u + np.float32(P1)) * u + np.float32(P0))
    den = (((np.float32(Q4) * u + np.float32(Q3)) * u + np.float32(Q2)) * u + np.float32(Q1)) * u + np.float32(1.0)
    return min(max(x * num / den, np.float32(-1.0)), np.float32(1.0))


@njit(cache=True, fastmath={"reassoc", "contract", "nsz", "arcp"})
def _dense(params, n_in, n_out, w_at, b_at, x, y, activate, activation):
    """``y = act(W x + b)``, ``W`` kept transposed (``in x out``): each input adds its
    row of weights to the outputs, so a zero input (most of an observation, a
    relu's negative half) costs nothing and every row vectorises."""
    for j in range(n_out):
        y[j] = params[b_at + j]
    for i in range(n_in):
        xi = x[i]
        if xi == 0.0:
            continue
        w = params[w_at + i * n_out:w_at + (i + 1) * n_out]
        for j in range(n_out):
            y[j] += xi * w[j]
    if activate:
        if activation == ACT_TANH:
            for j in range(n_out):
                y[j] = _tanh(y[j])
        else:
            for j in range(n_out):
                if y[j] < 0.0:
                    y[j] = 0.0


@njit(cache=True)
def _run(params, meta, first, n_layers, obs, out, a, b):
    """Layers ``first .. first + n_layers - 1`` of ``meta`` on ``obs`` (float32);
    the last layer's outputs (no activation) into ``out``; ``a``, ``b``: scratch
    of the widest layer."""
    activation = meta[M_ACTIVATION]
    x = obs
    for k in range(first, first + n_layers):
        at = M_LAYERS + LAYER_FIELDS * k
        n_in, n_out, w_at, b_at = meta[at], meta[at + 1], meta[at + 2], meta[at + 3]
        last = k == first + n_layers - 1
        y = out if last else (a if (k - first) % 2 == 0 else b)
        _dense(params, n_in, n_out, w_at, b_at, x, y, not last, activation)
        x = y


@njit(cache=True)
def logits(params, meta, obs, out):
    """The action logits of the network in ``meta`` (one seat's row) for the
    observation ``obs`` into ``out`` (float32, ``n_actions``); False when the
    seat has no network (``out`` untouched)."""
    n = meta[M_ACTOR_LAYERS]
    if n == 0:
        return False
    width = meta[M_MAX_WIDTH]
    _run(params, meta, 0, n, obs, out, np.empty(width, np.float32), np.empty(width, np.float32))
    return True


@njit(cache=True)
def has_value(meta):
    return meta[M_VALUE_LAYERS] > 0


@njit(cache=True)
def value(params, meta, obs):
    """The value head's estimate for the seat to act, clipped to [-1, 1]
    (0.0 when the network has no value head)."""
    n = meta[M_VALUE_LAYERS]
    if n == 0:
        return 0.0
    width = meta[M_MAX_WIDTH]
    out = np.empty(1, np.float32)
    _run(params, meta, meta[M_ACTOR_LAYERS], n, obs, out, np.empty(width, np.float32), np.empty(width, np.float32))
    v = float(out[0])
    return min(1.0, max(-1.0, v))


@njit(cache=True)
def masked_argmax(z, mask):
    """The legal action of highest logit (the lowest index among equals); -1
    when ``mask`` offers none. Equal to ``MlpPolicy.act(deterministic=True)``."""
    best = -1
    for a in range(mask.shape[0]):
        if mask[a] and (best < 0 or z[a] > z[best]):
            best = a
    return best


@njit(cache=True)
def masked_softmax(z, mask, out):
    """The network's prior over the legal actions (float64, zero elsewhere;
    uniform over the legal actions for a seat without a network: pass ``z``
    all zeros)."""
    top = -np.inf
    for a in range(mask.shape[0]):
        if mask[a] and z[a] > top:
            top = z[a]
    total = 0.0
    for a in range(mask.shape[0]):
        if mask[a]:
            out[a] = np.exp(float(z[a]) - top)
            total += out[a]
        else:
            out[a] = 0.0
    if total > 0.0:
        for a in range(mask.shape[0]):
            out[a] /= total


@njit(cache=True)
def network_action(params, meta, obs, mask, z):
    """The network's arg-max over the legal actions (``z``: scratch for the
    logits); -1 when the seat has no network or no action is legal."""
    if not logits(params, meta, obs, z):
        return -1
    return masked_argmax(z, mask)


__all__ = ["ACT_RELU", "ACT_TANH", "META_SIZE", "empty", "has_value", "logits", "masked_argmax",
           "masked_softmax", "network_action", "pack", "value"]
