"""Train a policy for one seat of a two-player volume with MaskablePPO on the
compiled vector env, against a pool of opponents.

    python experiments/train.py --volume palestine --seat irgun
    python experiments/train.py --volume palestine --seat british --timesteps 3000000 --out-dir runs/train/british
    python experiments/train.py --volume palestine --seat irgun --resume      # go on from the last checkpoint
    python experiments/train.py --volume palestine --seat irgun --timesteps 20000 --bc-games 40 --eval-games 40 \\
        --envs 16 --out-dir /tmp/smoke                                       # smoke

Stages, all written under ``--out-dir`` (default ``runs/train/<volume>_<seat>``):

1. **Behaviour cloning** (``--bc-games``, 0 to skip): the learner's seat plays
   the scripted bot's choices (``--bc-noise`` of them replaced by random legal
   actions, so the data also covers positions the bot never reaches) against
   the pool's scripted and random opponents; the actor learns the bot's
   action at every learner decision (cross-entropy on the masked logits) and
   the critic the game's result (+1/-1) from there.
2. **MaskablePPO** (sb3-contrib) for ``--timesteps`` learner steps, each
   game's opponent drawn from the pool (``--pool``: ``heuristic``,
   ``random``, ``latest`` (the learner's own actor as of the last rollout)
   and ``snapshots`` (frozen copies taken every ``--snapshot-every`` steps,
   the last ``--keep-snapshots``), ``trained`` (the shipped network of the
   other seat), ``league`` (the other seat's shipped equilibrium mixture,
   docs/league.md: its members join the pool, each weighted by its share) or
   a policy file of the other seat (``FILE.npz``), with weights; each game
   draws one by the weights). ``--init FILE.npz`` (or ``trained``) starts
   the learner from a network of its seat instead of behaviour cloning, as
   the league's best responses do. With a single ``--seat``,
   ``latest`` and the snapshots are the learner's own network answering the
   other seat's decisions, which it never learns: they play little better than
   random there (the script says so when it starts); the networks of the other
   seat are ``trained`` and policy files. With ``--seat both`` they are the
   real self-play opponents.
3. **Evaluation** every ``--eval-every`` steps: the deterministic actor
   against the scripted bot and random play on ``--eval-games`` paired games
   (the same seeds for both opponents, never the training seeds), win rates
   with Wilson 95% intervals; a row in ``log.csv`` and the curve
   ``curve.png``. The best actor against the scripted bot so far is
   ``best.npz``; the last ``latest.npz``.

``--seat both`` is self-play with one network: half the games put the
learner in each seat (each game a trajectory of one seat, so nothing is
bootstrapped across a change of seat; the observation says whose decision it
is), ``latest`` and the snapshots play the other seat, cloning learns both
bots, and every evaluation scores each seat (the best actor is the best mean).

Policy files (``.npz``: the actor's float32 weights and a JSON config,
``agents/policy_file.py``) load with NumPy, nothing unpickled, no torch.
Each carries the run's manifest (package version, git commit, library
versions, the full command, seeds, the steps trained and the weights'
SHA-256); ``manifest.json`` beside them lists every invocation of the run.
Each also carries the critic as its value head (``value_hidden``,
``value.*``: the learner seat's expected outcome, +1 a win, -1 a loss; the
run's manifest with the value weights' SHA-256 as ``value_manifest``).

**Resuming.** The full training state (actor, critic, Adam moments, counters,
the snapshots, every game the vector env is playing with its opponent draw and
random stream, torch's and NumPy's generators, SB3's last observations) is
``train_state.npz`` plus ``train_state.json`` (each array's SHA-256), written
atomically after the start, at every evaluation or snapshot and at the end, at
a rollout boundary (after the update). ``--resume`` (same flags; a larger
``--timesteps``) goes on from there exactly: training N steps and then
resuming to M gives the weights, ``best.npz``, ``latest.npz`` and ``log.csv``
of a run of M steps straight (bar the wall-clock column and each file's
manifest, which names the command that wrote it). For that, evaluations and
snapshots happen on their schedule only (the first rollout boundary at or
past each multiple of ``--eval-every`` / ``--snapshot-every``); a run that
ends off the schedule adds a ``final`` evaluation to the log (written to
``latest.npz``, not a candidate for ``best.npz``), which a resumed run
replaces. A damaged or foreign state (another volume, seat or flags,
truncated, altered, object arrays) is one error naming the problem, and
``--resume`` on a folder with no state says there is nothing to resume.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from britishway_env.engine.stats import wilson_interval  # noqa: E402

EVAL_SEED = 7_000_003          # evaluation games during training: never a training seed (those are --seed)
LOG_FIELDS = ("timesteps", "wall_s", "phase", "seat", "vs_heuristic", "vs_heuristic_lo", "vs_heuristic_hi",
              "vs_random", "vs_random_lo", "vs_random_hi", "train_win_rate", "eval_games")
NET = [256, 256]


# ----------------------------------------------------------------- helpers --

def actor_of(model, volume: str, source: str, manifest=None):
    """The model's actor as a NumPy policy (what the policy file holds), its critic
    as the file's value head; ``manifest`` (the run) for both when given."""
    from agents.export_sb3 import VALUE_SOURCE, policy_from_state_dict

    return policy_from_state_dict(model.policy.state_dict(), volume, "tanh", source, manifest,
                                  value_source=VALUE_SOURCE + "; trained with gamma 1 (undiscounted), so it "
                                  "predicts the expected outcome, a truncated game counting 0")


def load_actor(model, policy) -> bool:
    """Put a policy file's actor into the model's actor (``policy_net`` and
    ``action_net``), and its value head into the critic where the file's head
    has the critic's shapes; True when the critic was loaded too. A file whose
    actor has other shapes than the model's is a ValueError."""
    import torch

    sd = model.policy.state_dict()
    actor_keys = sorted({int(k.split(".")[2]) for k in sd if k.startswith("mlp_extractor.policy_net.")})
    critic_keys = sorted({int(k.split(".")[2]) for k in sd if k.startswith("mlp_extractor.value_net.")})
    arrays = policy.arrays

    def mapping(prefix: str, indices: list[int], file_prefix: str, out: str, file_out: str) -> dict:
        m = {f"mlp_extractor.{prefix}.{j}.{part}": f"{file_prefix}_{i}.{part}"
             for i, j in enumerate(indices) for part in ("weight", "bias")}
        m.update({f"{out}.{part}": f"{file_out}.{part}" for part in ("weight", "bias")})
        return m

    actor = mapping("policy_net", actor_keys, "hidden", "action_net", "action")
    critic = mapping("value_net", critic_keys, "value_hidden", "value_net", "value")
    for key, name in actor.items():
        if name not in arrays or tuple(arrays[name].shape) != tuple(sd[key].shape):
            raise ValueError(f"the file's {name} does not fit the model's {key} {tuple(sd[key].shape)} "
                             f"(the model is an MlpPolicy {NET})")
    with_critic = all(name in arrays and tuple(arrays[name].shape) == tuple(sd[key].shape)
                      for key, name in critic.items())
    chosen = actor | (critic if with_critic else {})
    with torch.no_grad():
        for key, name in chosen.items():
            sd[key].copy_(torch.as_tensor(np.asarray(arrays[name], dtype=np.float32)))
    return with_critic


class Live:
    """An opponent that is always the learner's actor as last refreshed."""

    def __init__(self, policy):
        self.policy = policy

    def act(self, obs, masks):
        return self.policy.act(obs, masks)


def win_rate(volume: str, seat: str, policy, opponent, games: int, seed: int, envs: int) -> tuple[int, int]:
    """(wins, games) of ``policy`` (deterministic) in ``seat`` against ``opponent`` on games
    ``0 .. games - 1`` of base seed ``seed``."""
    from britishway_env.engine.coin.header import COUNTERINSURGENT_WIN, INSURGENT_WIN
    from britishway_env.engine.coin.results import R_OUTCOME
    from britishway_env.envs.vector import play_policies
    from britishway_env.registry import spec

    agents = spec(volume).agents
    other = agents[1 - agents.index(seat)]
    rows = play_policies(volume, {seat: policy, other: opponent}, seed, 0, games, num_envs=envs)
    won = (COUNTERINSURGENT_WIN, INSURGENT_WIN)[agents.index(seat)]
    return int((rows[:, R_OUTCOME] == won).sum()), games


# --------------------------------------------------------- the checkpoint --

STATE_FORMAT = "britishway-train-state"
STATE_VERSION = 2
STATE_FILES = ("train_state.json", "train_state.npz")
MAX_STATE_BYTES = 1 << 30               # far above any run's state (weights, Adam moments, snapshots, games)
# The flags a resumed run must share with the run it continues: each changes what is trained.
TRAINING_FLAGS = ("volume", "seat", "envs", "seed", "bc_games", "bc_noise", "bc_epochs", "pool", "snapshot_every",
                  "keep_snapshots", "lr", "n_steps", "batch", "epochs", "ent_coef", "clip", "init")


class ResumeError(Exception):
    """A training state that cannot be resumed (missing, damaged, foreign, another run's flags)."""


def _array_digest(a: np.ndarray) -> str:
    import hashlib

    return hashlib.sha256(a.dtype.str.encode() + repr(a.shape).encode() + np.ascontiguousarray(a).tobytes()
                          ).hexdigest()


def save_state(out_dir: Path, model, venv, counters: dict, snapshots: list, args) -> None:
    """Everything --resume needs to go on exactly as if the run had not stopped:
    weights, Adam moments, the snapshots, every game the vector env is playing
    (rows, opponent draws, random streams, bot memos, game counters), torch's
    and NumPy's generators and SB3's last observations; atomic, no pickle,
    each array's SHA-256 in the JSON so a damaged file is named, not read."""
    import torch

    from britishway_env.io import atomic_path, atomic_write_text

    arrays = {f"policy/{k}": v.detach().cpu().numpy() for k, v in model.policy.state_dict().items()}
    opt = model.policy.optimizer.state_dict()
    for idx, st in opt["state"].items():
        for key, value in st.items():
            arrays[f"adam/{idx}/{key}"] = np.asarray(value.detach().cpu().numpy() if hasattr(value, "detach")
                                                     else value)
    for k, snap in enumerate(snapshots):
        for name, value in snap["policy"].arrays.items():
            arrays[f"snapshot/{k}/{name}"] = value
    for name, value in venv.venv.get_state().items():
        arrays[f"venv/{name}"] = value
    arrays["venv/episode_rewards"] = np.asarray(venv.episode_rewards, dtype=np.float64)
    arrays["sb3/last_episode_starts"] = np.asarray(model._last_episode_starts, dtype=bool)
    arrays["rng/torch"] = torch.get_rng_state().numpy().copy()
    kind, keys, pos, has_gauss, cached = np.random.get_state()
    arrays["rng/numpy_keys"] = np.asarray(keys, dtype=np.uint32)
    meta = {"format": STATE_FORMAT, "version": STATE_VERSION,
            "flags": {name: getattr(args, name) for name in TRAINING_FLAGS},
            "counters": counters, "n_updates": int(model._n_updates),
            "numpy_rng": {"kind": kind, "pos": int(pos), "has_gauss": int(has_gauss), "cached": float(cached)},
            "snapshots": [{"config": s["policy"].config, "timesteps": s["timesteps"]} for s in snapshots],
            "arrays": {name: _array_digest(a) for name, a in arrays.items()}}
    with atomic_path(out_dir / "train_state.npz") as tmp:
        with open(tmp, "wb") as f:
            np.savez(f, **arrays)
    atomic_write_text(out_dir / "train_state.json", json.dumps(meta, indent=1))


def _read_bounded(path: Path, what: str) -> bytes:
    """A regular file's bytes, at most MAX_STATE_BYTES (io.read_regular_file: a pipe or a device is not read)."""
    from britishway_env.io import read_regular_file

    return read_regular_file(path, MAX_STATE_BYTES, ResumeError, what, kind="training state")


def read_state_files(out_dir: Path) -> tuple[dict, dict]:
    """(meta, arrays) of a saved training state, every array's digest checked;
    ResumeError naming what is wrong otherwise."""
    import io
    import zipfile
    import zlib

    present = [name for name in STATE_FILES if (out_dir / name).exists()]
    if not present:
        raise ResumeError(f"nothing to resume in {out_dir}: no train_state.json or train_state.npz (start the run "
                          "without --resume)")
    if len(present) < 2:
        missing = sorted(set(STATE_FILES) - set(present))
        raise ResumeError(f"{out_dir / missing[0]} is missing (a training state is both {' and '.join(STATE_FILES)})")
    try:
        meta = json.loads(_read_bounded(out_dir / "train_state.json", "train_state.json").decode("utf-8"),
                          parse_constant=lambda name: (_ for _ in ()).throw(ValueError(f"{name} is not JSON")))
    except (UnicodeDecodeError, ValueError, RecursionError) as err:
        raise ResumeError(f"train_state.json is not valid JSON ({err})") from None
    if not isinstance(meta, dict) or meta.get("format") != STATE_FORMAT:
        raise ResumeError("train_state.json is not a training state of experiments/train.py")
    if meta.get("version") != STATE_VERSION:
        raise ResumeError(f"train_state.json is version {meta.get('version')!r}; this script resumes version "
                          f"{STATE_VERSION} (a run saved by an older script cannot be continued exactly)")
    for key, kind in (("flags", dict), ("counters", dict), ("n_updates", int), ("numpy_rng", dict),
                      ("snapshots", list), ("arrays", dict)):
        if not isinstance(meta.get(key), kind) or isinstance(meta.get(key), bool):
            raise ResumeError(f"train_state.json: {key} is missing or not a {kind.__name__}")
    data = _read_bounded(out_dir / "train_state.npz", "train_state.npz")
    arrays = {}
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as z:
            for name in z.files:
                arrays[name] = z[name]
    except (ValueError, OSError, EOFError, KeyError, zipfile.BadZipFile, zlib.error, RuntimeError,
            NotImplementedError) as err:
        raise ResumeError(f"train_state.npz is damaged or not a plain array file ({type(err).__name__}: "
                          f"{str(err).splitlines()[0] if str(err) else ''})") from None
    digests = meta["arrays"]
    if set(digests) != set(arrays):
        raise ResumeError("train_state.npz does not hold the arrays train_state.json lists (the two files are "
                          "from different saves)")
    for name, a in arrays.items():
        if a.dtype.hasobject or _array_digest(a) != digests[name]:
            raise ResumeError(f"train_state.npz: array {name!r} is damaged (its SHA-256 differs from the one "
                              "train_state.json records)")
    return meta, arrays


def load_state(out_dir: Path, model, venv, args) -> tuple[dict, list]:
    """Restore a saved run into ``model`` (built with the same flags); returns
    (counters, snapshots, the vector env's saved games: :func:`restore_games`
    puts them back once the pool is set). Anything wrong is a ResumeError and
    the run does not start."""
    import torch

    from agents import policy_file
    from britishway_env.errors import BritishWayError

    meta, arrays = read_state_files(out_dir)
    flags = meta["flags"]
    for name in TRAINING_FLAGS:
        if flags.get(name) != getattr(args, name):
            raise ResumeError(f"the saved run has --{name.replace('_', '-')} {flags.get(name)!r}, this command "
                              f"{getattr(args, name)!r}: resume with the run's own flags")
    sd = model.policy.state_dict()
    for k, v in sd.items():
        a = arrays.get(f"policy/{k}")
        if a is None or a.shape != tuple(v.shape) or a.dtype != np.float32 or not np.isfinite(a).all():
            raise ResumeError(f"train_state.npz: policy/{k} is missing or not float32 {tuple(v.shape)}")
    params = [p for group in model.policy.optimizer.param_groups for p in group["params"]]
    opt_state: dict = {}
    for key, value in arrays.items():
        if key.startswith("adam/"):
            parts = key.split("/")
            if len(parts) != 3 or not parts[1].isdigit() or int(parts[1]) >= len(params) \
                    or parts[2] not in ("step", "exp_avg", "exp_avg_sq"):
                raise ResumeError(f"train_state.npz: unexpected optimizer array {key!r}")
            idx = int(parts[1])
            want = () if parts[2] == "step" else tuple(params[idx].shape)
            if value.shape != want or value.dtype != np.float32 or not np.isfinite(value).all():
                raise ResumeError(f"train_state.npz: {key} must be float32 {want}")
            opt_state.setdefault(idx, {})[parts[2]] = torch.as_tensor(value)
    if any(set(st) != {"step", "exp_avg", "exp_avg_sq"} for st in opt_state.values()):
        raise ResumeError("train_state.npz: an optimizer entry lacks step or moments")
    snapshots = []
    for k, s in enumerate(meta["snapshots"]):
        prefix = f"snapshot/{k}/"
        snap_arrays = {key[len(prefix):]: v for key, v in arrays.items() if key.startswith(prefix)}
        try:
            if not isinstance(s, dict) or not isinstance(s.get("timesteps"), int):
                raise ValueError("a snapshot is {config, timesteps}")
            snap = policy_file.MlpPolicy(policy_file.check_config(s.get("config"), args.volume), snap_arrays)
        except (BritishWayError, ValueError, TypeError, KeyError) as err:
            raise ResumeError(f"train_state: snapshot {k}: {err}") from None
        snapshots.append({"timesteps": s["timesteps"], "policy": snap})
    venv_state = {key[len("venv/"):]: v for key, v in arrays.items()
                  if key.startswith("venv/") and key != "venv/episode_rewards"}
    rewards = arrays.get("venv/episode_rewards")
    starts = arrays.get("sb3/last_episode_starts")
    torch_rng = arrays.get("rng/torch")
    keys = arrays.get("rng/numpy_keys")
    nr = meta["numpy_rng"]
    if rewards is None or rewards.dtype != np.float64 or rewards.ndim != 1 or not np.isin(rewards, (-1, 0, 1)).all():
        raise ResumeError("train_state.npz: venv/episode_rewards must be the finished games' rewards (-1, 0, +1)")
    if starts is None or starts.dtype != bool or starts.shape != (args.envs,):
        raise ResumeError(f"train_state.npz: sb3/last_episode_starts must be bool ({args.envs},)")
    if torch_rng is None or torch_rng.dtype != np.uint8 or torch_rng.shape != tuple(torch.get_rng_state().shape):
        raise ResumeError("train_state.npz: rng/torch is not a torch CPU generator state")
    if keys is None or keys.dtype != np.uint32 or keys.shape != (624,) or nr.get("kind") != "MT19937" \
            or not isinstance(nr.get("pos"), int) or not 0 <= nr["pos"] <= 624 \
            or nr.get("has_gauss") not in (0, 1) or not isinstance(nr.get("cached"), float):
        raise ResumeError("train_state: the NumPy generator state is malformed")
    counters = meta["counters"]
    for key, kind in (("timesteps", int), ("next_eval", int), ("next_snap", int), ("last_eval", int),
                      ("best", float), ("wall_s", float), ("commands", list)):
        if not isinstance(counters.get(key), kind) or isinstance(counters.get(key), bool):
            raise ResumeError(f"train_state.json: counters.{key} is missing or not a {kind.__name__}")
    try:
        torch.set_rng_state(torch.as_tensor(torch_rng))
    except RuntimeError as err:
        raise ResumeError(f"train_state: torch's generator state is refused ({err})") from None
    # Everything is checked: restore.
    model.policy.load_state_dict({k: torch.as_tensor(arrays[f"policy/{k}"]) for k in sd})
    groups = model.policy.optimizer.state_dict()["param_groups"]
    model.policy.optimizer.load_state_dict({"state": opt_state, "param_groups": groups})
    np.random.set_state(("MT19937", keys, nr["pos"], nr["has_gauss"], nr["cached"]))
    venv.episode_rewards[:] = rewards.tolist()
    model.num_timesteps = counters["timesteps"]
    model._n_updates = meta["n_updates"]
    model._last_episode_starts = starts.copy()
    return counters, snapshots, venv_state


def restore_games(model, venv, venv_state: dict) -> None:
    """The vector env's games as saved (once its pool is the saved run's pool)."""
    from britishway_env.errors import BritishWayError

    try:
        venv.venv.set_state(venv_state)
    except BritishWayError as err:
        raise ResumeError(f"train_state: the games in play: {err}") from None
    model._last_obs = venv.venv.observations()


# -------------------------------------------------------- behaviour cloning --

def collect_bot_decisions(volume: str, seat: str, games: int, envs: int, seed: int, noise: float):
    """(observations, masks, bot actions, results) of the learner seat's decisions in ``games``
    games where the seat follows the scripted bot (a ``noise`` share of moves random)."""
    from britishway_env.envs.vector import VectorEnv

    env = VectorEnv(volume, num_envs=min(envs, games), seat=seat,
                    opponent=[("heuristic", 0.75), ("random", 0.25)], seed=seed, games=games)
    rng = np.random.default_rng(seed)
    obs, info = env.reset()
    masks = info["action_mask"]
    xs, ms, ys, gs = [], [], [], []
    reward_of = np.zeros(games, dtype=np.float32)
    while not env.done:
        live = masks.any(axis=1)                        # slots with a learner decision (not idle)
        teacher = env.bot_actions()
        idx = np.flatnonzero(live)
        xs.append(obs[idx])
        ms.append(masks[idx])
        ys.append(teacher[idx])
        gs.append(env.arrays["episodes"][idx].copy())
        acts = np.where(live, teacher, 0)
        flip = idx[rng.random(len(idx)) < noise]
        for i in flip:
            acts[i] = rng.choice(np.flatnonzero(masks[i]))
        obs, rewards, term, trunc, info = env.step(acts)
        if "final_info" in info:                        # games ended: their learner's reward
            ended = info["_final_info"]
            reward_of[info["final_info"]["game"][ended]] = rewards[ended]
        masks = info["action_mask"]
    g = np.concatenate(gs)
    return (np.concatenate(xs), np.concatenate(ms), np.concatenate(ys), reward_of[g])


def behaviour_clone(model, data, epochs: int, batch: int, lr: float, seed: int, log) -> float:
    """Fit the actor to the bot's actions and the critic to the results; returns the agreement."""
    import torch
    import torch.nn.functional as F

    x, m, y, v = (torch.as_tensor(a) for a in data)
    m = m.bool()
    y = y.long()
    policy = model.policy
    opt = torch.optim.Adam(policy.parameters(), lr=lr)
    gen = torch.Generator().manual_seed(seed)
    n = len(x)
    for epoch in range(epochs):
        order = torch.randperm(n, generator=gen)
        total, right = 0.0, 0
        for start in range(0, n, batch):
            b = order[start:start + batch]
            features = policy.extract_features(x[b])
            latent_pi, latent_vf = policy.mlp_extractor(features)
            logits = policy.action_net(latent_pi).masked_fill(~m[b], -1e8)
            value = policy.value_net(latent_vf).squeeze(-1)
            loss = F.cross_entropy(logits, y[b]) + 0.5 * F.mse_loss(value, v[b])
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.detach()) * len(b)
            right += int((logits.argmax(1) == y[b]).sum())
        log(f"behaviour cloning epoch {epoch + 1}/{epochs}: loss {total / n:.4f}, agrees with the bot "
            f"{right / n:.3f}")
    return right / n


# ------------------------------------------------------------------- main --

def plot(log_path: Path, png: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from britishway_env.io import save_figure

    rows = list(csv.DictReader(log_path.open()))
    if not rows:
        return
    fig, ax = plt.subplots(figsize=(7, 4))
    seats = sorted({r.get("seat") or "" for r in rows})
    for seat in seats:
        mine = [r for r in rows if (r.get("seat") or "") == seat]
        t = [int(r["timesteps"]) for r in mine]
        for key, label in (("vs_heuristic", "against the scripted bot"), ("vs_random", "against random play")):
            y = [float(r[key]) for r in mine]
            lo = [float(r[key + "_lo"]) for r in mine]
            hi = [float(r[key + "_hi"]) for r in mine]
            ax.plot(t, y, marker="o", label=f"{seat}: {label}" if len(seats) > 1 else label)
            ax.fill_between(t, lo, hi, alpha=0.2)
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_ylim(0, 1)
    ax.set_xlabel("learner steps (PPO; 0 = after behaviour cloning)")
    ax.set_ylabel("win rate (Wilson 95%)")
    ax.set_title(title)
    ax.legend(loc="lower right")
    fig.tight_layout()
    save_figure(fig, png, dpi=110)


def write_log(path: Path, rows: list[dict]) -> None:
    """log.csv with ``rows`` (atomically: a stopped run never leaves half a row)."""
    import io

    from britishway_env.io import atomic_write_text

    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=LOG_FIELDS)
    w.writeheader()
    for r in rows:
        w.writerow({k: r[k] for k in LOG_FIELDS})
    atomic_write_text(path, buf.getvalue())


POOL_NAMES = ("heuristic", "random", "latest", "snapshots", "trained", "league")


def parse_pool(text: str) -> dict[str, float]:
    """``--pool``: NAME=WEIGHT entries, NAME one of POOL_NAMES or a policy file
    (``.npz``) of the other seat; weights finite, >= 0, not all 0."""
    pool = {}
    for part in text.split(","):
        name, _, weight = part.partition("=")
        if (name not in POOL_NAMES and not name.lower().endswith(".npz")) or not weight:
            raise ValueError(f"entries are {'|'.join(POOL_NAMES)}|FILE.npz=WEIGHT, got {part!r}")
        if name in pool:
            raise ValueError(f"{name} is named twice")
        try:
            w = float(weight)
        except ValueError:
            raise ValueError(f"the weight of {name} is not a number: {weight!r}") from None
        if not (w >= 0 and np.isfinite(w)):
            raise ValueError(f"the weight of {name} must be a finite number >= 0, got {weight!r}")
        pool[name] = w
    if sum(pool.values()) <= 0:
        raise ValueError("the weights add up to 0")
    return pool


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--volume", default="palestine")
    p.add_argument("--seat", required=True)
    p.add_argument("--timesteps", type=int, default=2_000_000, help="PPO learner steps (after cloning)")
    p.add_argument("--envs", type=int, default=256)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out-dir", type=Path, default=None)
    p.add_argument("--resume", action="store_true")
    p.add_argument("--init", default=None, metavar="FILE.npz",
                   help="start the actor (and the critic, where its layers have the same shapes) from a policy "
                        "file of the seat instead of behaviour cloning (needs --bc-games 0)")
    p.add_argument("--bc-games", type=int, default=20_000)
    p.add_argument("--bc-noise", type=float, default=0.1)
    p.add_argument("--bc-epochs", type=int, default=8)
    p.add_argument("--pool", default="heuristic=0.6,random=0.1,latest=0.15,snapshots=0.15")
    p.add_argument("--snapshot-every", type=int, default=250_000)
    p.add_argument("--keep-snapshots", type=int, default=5)
    p.add_argument("--eval-every", type=int, default=250_000)
    p.add_argument("--eval-games", type=int, default=1000)
    p.add_argument("--lr", type=float, default=1e-4)
    p.add_argument("--n-steps", type=int, default=128)
    p.add_argument("--batch", type=int, default=4096)
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--ent-coef", type=float, default=0.003)
    p.add_argument("--clip", type=float, default=0.1)
    p.add_argument("--threads", type=int, default=2, help="torch and numba threads")
    argv = sys.argv[1:] if argv is None else list(argv)
    args = p.parse_args(argv)
    for name in ("timesteps", "envs", "eval_games", "eval_every", "snapshot_every", "threads", "n_steps",
                 "batch", "epochs", "keep_snapshots"):
        if getattr(args, name) < (0 if name == "timesteps" else 1):
            p.error(f"--{name.replace('_', '-')} must be positive")
    if not 0 <= args.bc_noise <= 1 or args.bc_games < 0:
        p.error("--bc-noise must be in 0..1 and --bc-games >= 0")
    if not 0 <= args.seed < 2**31:
        p.error("--seed must be in 0..2**31-1")
    if args.init is not None and args.bc_games:
        p.error("--init starts from a network: behaviour cloning would overwrite it; add --bc-games 0")
    if args.init is not None and args.seat == "both":
        p.error("--init takes a network of one seat; --seat both learns both seats with one network")
    try:
        pool_weights = parse_pool(args.pool)
    except ValueError as err:
        p.error(f"--pool: {err}")

    import torch

    from britishway_env.engine.threads import numba_threads

    torch_threads = torch.get_num_threads()
    try:
        with numba_threads(args.threads):
            torch.set_num_threads(args.threads)
            return run(args, argv, p, pool_weights)
    finally:
        torch.set_num_threads(torch_threads)         # a run in a process (tests, notebooks) leaves it as it was


def run(args, argv: list[str], p: argparse.ArgumentParser, pool_weights: dict) -> int:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    from agents import policy_file
    from agents.vec_env import SB3VectorEnv, quiet_logger
    from britishway_env import provenance
    from britishway_env.io import atomic_write_text
    from britishway_env.registry import spec

    vol = spec(args.volume)
    if args.seat not in vol.agents + ("both",):
        p.error(f"--seat must be one of {', '.join(vol.agents)} or both (self-play: one network, both seats)")
    networks = {}                   # the pool's fixed networks of the other seat, by their --pool name
    for name in pool_weights:
        if name == "trained" or name.lower().endswith(".npz"):
            if args.seat == "both":
                p.error(f"--pool {name}: a network plays one seat; with --seat both the pool's networks are "
                        "latest and snapshots")
            from agents.trained import load_network
            from britishway_env.errors import UnknownPolicyError

            other = vol.agents[1 - vol.agents.index(args.seat)]
            try:
                networks[name] = load_network(name, args.volume, other)
            except UnknownPolicyError as err:
                p.error(f"--pool {name}: {err}")
    eval_seats = vol.agents if args.seat == "both" else (args.seat,)
    out_dir = args.out_dir or ROOT / "runs" / "train" / f"{args.volume}_{args.seat}"
    if args.resume and not out_dir.is_dir():
        print(f"train.py: cannot resume: nothing to resume in {out_dir} (no such folder)", file=sys.stderr)
        return 2
    out_dir.mkdir(parents=True, exist_ok=True)
    log_path, png = out_dir / "log.csv", out_dir / "curve.png"
    torch.manual_seed(args.seed)
    start_wall = time.perf_counter()
    bc_seed = args.seed + 1_000_003
    command = provenance.command_line(["experiments/train.py", *argv])
    run_manifest = provenance.manifest(command=command, seeds={"seed": args.seed, "bc_seed": bc_seed,
                                                               "eval_seed": EVAL_SEED},
                                       volume=args.volume, seat=args.seat, flags=vars(args) | {"out_dir": None})

    def log(msg: str) -> None:
        print(f"[{time.perf_counter() - start_wall:7.0f} s] {msg}", flush=True)

    venv = SB3VectorEnv(args.volume, num_envs=args.envs, seat=args.seat, opponent="heuristic", seed=args.seed)
    model = MaskablePPO("MlpPolicy", venv, n_steps=args.n_steps, batch_size=args.batch, n_epochs=args.epochs,
                        learning_rate=args.lr, gamma=1.0, gae_lambda=0.95, ent_coef=args.ent_coef,
                        clip_range=args.clip, policy_kwargs={"net_arch": NET}, seed=args.seed, verbose=0,
                        device="cpu")
    model.set_logger(quiet_logger())
    init_note = ""
    if args.init is not None and not args.resume:
        from agents.trained import load_network
        from britishway_env.errors import UnknownPolicyError
        from britishway_env.provenance import weights_hash

        try:
            start = load_network(args.init, args.volume, args.seat)
        except UnknownPolicyError as err:
            p.error(f"--init: {err}")
        try:
            critic = load_actor(model, start)
        except ValueError as err:
            p.error(f"--init: {err}")
        init_note = f", started from {Path(args.init).name} (actor {weights_hash(start.arrays)[:16]})"
        run_manifest["init"] = {"file": str(args.init), "actor_sha256": weights_hash(start.arrays),
                                "critic_loaded": critic}
    # last_eval: the steps of the last evaluation; next_eval / next_snap: when the schedule next evaluates
    # and snapshots (both advance at rollout boundaries only, so a resumed run keeps the straight run's schedule).
    counters = {"timesteps": 0, "wall_s": 0.0, "best": -1.0, "bc_agreement": None, "commands": [],
                "next_eval": args.eval_every, "next_snap": args.snapshot_every, "last_eval": -1}
    snapshots: list = []
    source = (f"MaskablePPO MlpPolicy {NET} tanh, experiments/train.py --volume {args.volume} --seat {args.seat} "
              f"--seed {args.seed}{init_note}")

    def policy_now(note: str):
        return actor_of(model, args.volume, source + note, run_manifest | {"timesteps": counters["timesteps"]})

    def set_pool() -> None:
        pool = []
        for name, w in pool_weights.items():
            if w <= 0:
                continue
            if name in ("heuristic", "random", "league"):     # league: the vector env adds its members
                pool.append((name, w))
            elif name in networks:
                pool.append((networks[name], w))
            elif name == "latest":
                pool.append((latest, w))
            elif snapshots:                 # no snapshot yet: the weight waits for the first
                pool += [(s["policy"], w / len(snapshots)) for s in snapshots]
        venv.set_opponents(pool)

    def evaluate_now(phase: str, counts_for_best: bool = True) -> None:
        actor = policy_now(f", {counters['timesteps']} steps")
        recent = venv.episode_rewards[-2000:]
        train_rate = float(np.mean(np.array(recent) > 0)) if recent else float("nan")
        venv.episode_rewards.clear()
        score = []
        rows = []
        for seat in eval_seats:
            h, n = win_rate(args.volume, seat, actor, "heuristic", args.eval_games, EVAL_SEED, args.envs)
            r, _ = win_rate(args.volume, seat, actor, "random", args.eval_games, EVAL_SEED, args.envs)
            score.append(h / n)
            (h_lo, h_hi), (r_lo, r_hi) = wilson_interval(h, n), wilson_interval(r, n)
            rows.append({"timesteps": counters["timesteps"], "wall_s": round(counters["wall_s"], 1), "phase": phase,
                         "seat": seat, "vs_heuristic": h / n, "vs_heuristic_lo": h_lo, "vs_heuristic_hi": h_hi,
                         "vs_random": r / n, "vs_random_lo": r_lo, "vs_random_hi": r_hi,
                         "train_win_rate": train_rate, "eval_games": n})
            log(f"{counters['timesteps']:>10,} steps, {seat}: vs scripted {h / n:.3f} [{h_lo:.3f}, {h_hi:.3f}], "
                f"vs random {r / n:.3f}, training games won {train_rate:.3f}")
        old = list(csv.DictReader(log_path.open())) if log_path.exists() else []
        write_log(log_path, old + rows)
        counters["last_eval"] = counters["timesteps"]
        policy_file.save(out_dir / "latest.npz", actor.config, actor.arrays)
        if counts_for_best and np.mean(score) > counters["best"]:
            counters["best"] = float(np.mean(score))
            policy_file.save(out_dir / "best.npz", actor.config, actor.arrays)
        plot(log_path, png, f"{vol.title}: {args.seat} learner")

    def boundary() -> None:
        """What the schedule does when the model has trained on ``num_timesteps``
        steps and the next rollout is about to start (or the run ends there)."""
        counters["timesteps"] = int(model.num_timesteps)
        latest.policy = actor_of(model, args.volume, source)
        changed = False
        if counters["timesteps"] >= counters["next_snap"]:
            while counters["next_snap"] <= counters["timesteps"]:
                counters["next_snap"] += args.snapshot_every
            snap = actor_of(model, args.volume, source + f", snapshot at {counters['timesteps']} steps")
            snapshots.append({"timesteps": counters["timesteps"], "policy": snap})
            del snapshots[:-args.keep_snapshots]
            set_pool()
            changed = True
        if counters["timesteps"] >= counters["next_eval"]:
            while counters["next_eval"] <= counters["timesteps"]:
                counters["next_eval"] += args.eval_every
            evaluate_now("ppo")
            changed = True
        if changed:
            save_state(out_dir, model, venv, counters, snapshots, args)

    class Hooks(BaseCallback):
        def __init__(self):
            super().__init__()
            self.t0 = time.perf_counter()

        def _on_step(self) -> bool:
            return True

        def _on_rollout_start(self) -> None:
            # SB3 calls this after the previous rollout's update: the model has
            # learnt from every step counted, so a state saved now resumes exactly.
            now = time.perf_counter()
            counters["wall_s"] += now - self.t0
            boundary()
            self.t0 = time.perf_counter()

    if args.seat != "both" and (pool_weights.get("latest", 0) > 0 or pool_weights.get("snapshots", 0) > 0):
        log(f"note: with --seat {args.seat}, the pool's latest and snapshots are the learner's own {args.seat} "
            "network answering the other seat's decisions, which it never learns: they play little better than "
            "random there. Name a network of the other seat (trained, or FILE.npz) to train against one.")
    if args.resume:
        try:
            counters, snapshots, venv_state = load_state(out_dir, model, venv, args)
            latest = Live(actor_of(model, args.volume, source))
            set_pool()
            restore_games(model, venv, venv_state)
        except ResumeError as err:
            print(f"train.py: cannot resume from {out_dir}: {err}", file=sys.stderr)
            return 2
        log(f"resumed at {counters['timesteps']:,} steps from {out_dir / 'train_state.npz'}")
        # Rows a continued run supersedes: the previous invocation's end-of-run evaluation, and
        # anything logged after the saved state (a run stopped between its log and its state).
        if log_path.exists():
            kept = [r for r in csv.DictReader(log_path.open())
                    if r.get("phase") != "final" and int(r["timesteps"]) <= counters["timesteps"]]
            write_log(log_path, kept)
        manifests = json.loads((out_dir / "manifest.json").read_text()) if (out_dir / "manifest.json").is_file() \
            else {"runs": []}
        if not isinstance(manifests, dict) or not isinstance(manifests.get("runs"), list):
            manifests = {"runs": []}
    else:
        for stale in (log_path, out_dir / "train_state.json", out_dir / "train_state.npz"):
            if stale.exists():
                stale.unlink()
        manifests = {"runs": []}
        if args.bc_games:
            log(f"behaviour cloning: {args.bc_games:,} games of the scripted {args.seat}")
            data = collect_bot_decisions(args.volume, args.seat, args.bc_games, args.envs, bc_seed, args.bc_noise)
            log(f"{len(data[0]):,} decisions")
            counters["bc_agreement"] = behaviour_clone(model, data, args.bc_epochs, 2048, 1e-3, args.seed, log)
            del data
        latest = Live(actor_of(model, args.volume, source))
    manifests["runs"].append(run_manifest | {"resumed_at": counters["timesteps"] if args.resume else None})
    atomic_write_text(out_dir / "manifest.json", json.dumps(manifests, indent=1))

    counters["commands"].append(command)

    if not args.resume:
        evaluate_now("cloned" if args.bc_games else "initial")   # with --init: the starting network
        set_pool()
        # Start the games here rather than in SB3's learn(), so the state can be saved before the first rollout.
        model._last_obs = venv.reset()
        model._last_episode_starts = np.ones(args.envs, dtype=bool)
        save_state(out_dir, model, venv, counters, snapshots, args)
    remaining = args.timesteps - counters["timesteps"]
    if remaining > 0:
        log(f"MaskablePPO to {args.timesteps:,} learner steps, {args.envs} games at a time, pool {pool_weights}")
        hooks = Hooks()
        model.learn(total_timesteps=remaining, callback=hooks, progress_bar=False, reset_num_timesteps=False)
        counters["wall_s"] += time.perf_counter() - hooks.t0
        boundary()                  # the schedule at the last step, as a longer run would meet it
        if counters["last_eval"] != counters["timesteps"]:
            # Not on the schedule: reported, not a candidate for best.npz (a resumed run drops the row).
            evaluate_now("final", counts_for_best=False)
        save_state(out_dir, model, venv, counters, snapshots, args)
    log(f"done: {counters['timesteps']:,} steps, {counters['wall_s'] / 60:.1f} min of PPO; best against the "
        f"scripted bot {counters['best']:.3f}; policy files {out_dir / 'best.npz'}, {out_dir / 'latest.npz'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
