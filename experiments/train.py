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
   the last ``--keep-snapshots``), with weights).
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
The full training state (actor, critic, Adam moments, counters, the
snapshots) is ``train_state.npz`` plus ``train_state.json``, written
atomically at every evaluation and read back with ``allow_pickle=False``
by ``--resume``.
"""

from __future__ import annotations

import argparse
import csv
import json
import shlex
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

def actor_of(model, volume: str, source: str):
    """The model's actor as a NumPy policy (what the policy file holds)."""
    from agents.export_sb3 import policy_from_state_dict

    return policy_from_state_dict(model.policy.state_dict(), volume, "tanh", source)


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

def save_state(out_dir: Path, model, counters: dict, snapshots: list) -> None:
    """Everything --resume needs: weights, Adam moments, counters, snapshots (atomic, no pickle)."""
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
    meta = dict(counters, param_groups=[{k: v for k, v in g.items() if k != "params"} | {"params": g["params"]}
                                        for g in opt["param_groups"]],
                snapshots=[{"config": s["policy"].config, "timesteps": s["timesteps"]} for s in snapshots])
    with atomic_path(out_dir / "train_state.npz") as tmp:
        with open(tmp, "wb") as f:
            np.savez(f, **arrays)
    atomic_write_text(out_dir / "train_state.json", json.dumps(meta, indent=1))


def load_state(out_dir: Path, model) -> tuple[dict, list]:
    import torch

    from agents import policy_file

    meta = json.loads((out_dir / "train_state.json").read_text())
    with np.load(out_dir / "train_state.npz", allow_pickle=False) as z:
        arrays = {k: z[k] for k in z.files}
    sd = model.policy.state_dict()
    missing = [k for k in sd if f"policy/{k}" not in arrays]
    if missing:
        raise SystemExit(f"train_state.npz does not match this network (missing {missing[:3]})")
    model.policy.load_state_dict({k: torch.as_tensor(arrays[f"policy/{k}"]) for k in sd})
    opt_state: dict = {}
    for key, value in arrays.items():
        if key.startswith("adam/"):
            _, idx, name = key.split("/")
            opt_state.setdefault(int(idx), {})[name] = torch.as_tensor(value)
    model.policy.optimizer.load_state_dict({"state": opt_state, "param_groups": meta.pop("param_groups")})
    snapshots = []
    for k, s in enumerate(meta.pop("snapshots")):
        prefix = f"snapshot/{k}/"
        snap_arrays = {key[len(prefix):]: v for key, v in arrays.items() if key.startswith(prefix)}
        snapshots.append({"timesteps": s["timesteps"], "policy": policy_file.MlpPolicy(s["config"], snap_arrays)})
    return meta, snapshots


# -------------------------------------------------------- behaviour cloning --

def collect_bot_decisions(volume: str, seat: str, games: int, envs: int, seed: int, noise: float):
    """(observations, masks, bot actions, results) of the learner seat's decisions in ``games``
    games where the seat follows the scripted bot (a ``noise`` share of moves random)."""
    from britishway_env.envs.vector import VectorEnv

    env = VectorEnv(volume, num_envs=min(envs, games), seat=seat,
                    opponent=[("heuristic", 0.75), ("random", 0.25)], seed=seed, games=games)
    rng = np.random.default_rng(seed)
    obs, masks = env.reset()
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
        ended = info["ended"]
        reward_of[info["game"][ended]] = rewards[ended]
        masks = env.action_masks()
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

    from britishway_env.io import atomic_path

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
    with atomic_path(png) as tmp:
        fig.savefig(tmp, format="png", dpi=110)
    plt.close(fig)


def parse_pool(text: str) -> dict[str, float]:
    pool = {}
    for part in text.split(","):
        name, _, weight = part.partition("=")
        if name not in ("heuristic", "random", "latest", "snapshots") or not weight:
            raise SystemExit(f"--pool: entries are heuristic|random|latest|snapshots=WEIGHT, got {part!r}")
        pool[name] = float(weight)
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
    args = p.parse_args(argv)
    for name in ("timesteps", "envs", "eval_games", "eval_every", "snapshot_every", "threads", "n_steps",
                 "batch", "epochs", "keep_snapshots"):
        if getattr(args, name) < (0 if name == "timesteps" else 1):
            p.error(f"--{name.replace('_', '-')} must be positive")
    if not 0 <= args.bc_noise <= 1 or args.bc_games < 0:
        p.error("--bc-noise must be in 0..1 and --bc-games >= 0")
    pool_weights = parse_pool(args.pool)

    import numba
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    from agents import policy_file
    from agents.vec_env import SB3VectorEnv
    from britishway_env.registry import spec

    vol = spec(args.volume)
    if args.seat not in vol.agents + ("both",):
        p.error(f"--seat must be one of {', '.join(vol.agents)} or both (self-play: one network, both seats)")
    eval_seats = vol.agents if args.seat == "both" else (args.seat,)
    out_dir = args.out_dir or ROOT / "runs" / "train" / f"{args.volume}_{args.seat}"
    out_dir.mkdir(parents=True, exist_ok=True)
    log_path, png = out_dir / "log.csv", out_dir / "curve.png"
    numba.set_num_threads(min(args.threads, numba.config.NUMBA_NUM_THREADS))
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    start_wall = time.perf_counter()

    def log(msg: str) -> None:
        print(f"[{time.perf_counter() - start_wall:7.0f} s] {msg}", flush=True)

    venv = SB3VectorEnv(args.volume, num_envs=args.envs, seat=args.seat, opponent="heuristic", seed=args.seed)
    model = MaskablePPO("MlpPolicy", venv, n_steps=args.n_steps, batch_size=args.batch, n_epochs=args.epochs,
                        learning_rate=args.lr, gamma=1.0, gae_lambda=0.95, ent_coef=args.ent_coef,
                        clip_range=args.clip, policy_kwargs={"net_arch": NET}, seed=args.seed, verbose=0,
                        device="cpu")
    counters = {"timesteps": 0, "wall_s": 0.0, "best": -1.0, "bc_agreement": None, "commands": []}
    snapshots: list = []
    resumed = args.resume and (out_dir / "train_state.npz").exists()
    if resumed:
        counters, snapshots = load_state(out_dir, model)
        log(f"resumed at {counters['timesteps']:,} steps from {out_dir / 'train_state.npz'}")
    else:
        if log_path.exists():
            log_path.unlink()
        if args.bc_games:
            log(f"behaviour cloning: {args.bc_games:,} games of the scripted {args.seat}")
            data = collect_bot_decisions(args.volume, args.seat, args.bc_games, args.envs, args.seed + 1_000_003,
                                         args.bc_noise)
            log(f"{len(data[0]):,} decisions")
            counters["bc_agreement"] = behaviour_clone(model, data, args.bc_epochs, 2048, 1e-3, args.seed, log)
            del data

    source = (f"MaskablePPO MlpPolicy {NET} tanh, experiments/train.py --volume {args.volume} --seat {args.seat} "
              f"--seed {args.seed}")
    counters.setdefault("commands", []).append(shlex.join(["python", "experiments/train.py",
                                                           *(sys.argv[1:] if argv is None else argv)]))
    latest = Live(actor_of(model, args.volume, source))

    def set_pool() -> None:
        pool = []
        for name, w in pool_weights.items():
            if w <= 0:
                continue
            if name in ("heuristic", "random"):
                pool.append((name, w))
            elif name == "latest":
                pool.append((latest, w))
            elif snapshots:
                pool += [(s["policy"], w / len(snapshots)) for s in snapshots]
        venv.set_opponents(pool)

    def evaluate_now(phase: str) -> None:
        actor = actor_of(model, args.volume, source + f", {counters['timesteps']} steps")
        recent = venv.episode_rewards[-2000:]
        train_rate = float(np.mean(np.array(recent) > 0)) if recent else float("nan")
        venv.episode_rewards.clear()
        score = []
        for seat in eval_seats:
            h, n = win_rate(args.volume, seat, actor, "heuristic", args.eval_games, EVAL_SEED, args.envs)
            r, _ = win_rate(args.volume, seat, actor, "random", args.eval_games, EVAL_SEED, args.envs)
            score.append(h / n)
            (h_lo, h_hi), (r_lo, r_hi) = wilson_interval(h, n), wilson_interval(r, n)
            row = {"timesteps": counters["timesteps"], "wall_s": round(counters["wall_s"], 1), "phase": phase,
                   "seat": seat, "vs_heuristic": h / n, "vs_heuristic_lo": h_lo, "vs_heuristic_hi": h_hi,
                   "vs_random": r / n, "vs_random_lo": r_lo, "vs_random_hi": r_hi, "train_win_rate": train_rate,
                   "eval_games": n}
            new = not log_path.exists()
            with log_path.open("a", newline="") as f:
                w = csv.DictWriter(f, fieldnames=LOG_FIELDS)
                if new:
                    w.writeheader()
                w.writerow(row)
            log(f"{counters['timesteps']:>10,} steps, {seat}: vs scripted {h / n:.3f} [{h_lo:.3f}, {h_hi:.3f}], "
                f"vs random {r / n:.3f}, training games won {train_rate:.3f}")
        policy_file.save(out_dir / "latest.npz", actor.config, actor.arrays)
        if np.mean(score) > counters["best"]:
            counters["best"] = float(np.mean(score))
            policy_file.save(out_dir / "best.npz", actor.config, actor.arrays)
        plot(log_path, png, f"{vol.title}: {args.seat} learner")
        save_state(out_dir, model, counters, snapshots)

    class Hooks(BaseCallback):
        def __init__(self):
            super().__init__()
            self.t0 = time.perf_counter()
            self.next_eval = counters["timesteps"] + args.eval_every
            self.next_snap = counters["timesteps"] + args.snapshot_every

        def _on_step(self) -> bool:
            return True

        def _on_rollout_end(self) -> None:
            now = time.perf_counter()
            counters["wall_s"] += now - self.t0
            self.t0 = now
            counters["timesteps"] = done_before + self.model.num_timesteps
            latest.policy = actor_of(self.model, args.volume, source)
            if counters["timesteps"] >= self.next_snap:
                self.next_snap += args.snapshot_every
                snap = actor_of(self.model, args.volume, source + f", snapshot at {counters['timesteps']} steps")
                snapshots.append({"timesteps": counters["timesteps"], "policy": snap})
                del snapshots[:-args.keep_snapshots]
                set_pool()
            if counters["timesteps"] >= self.next_eval:
                self.next_eval += args.eval_every
                evaluate_now("ppo")
                self.t0 = time.perf_counter()

    if not resumed:
        evaluate_now("cloned" if args.bc_games else "initial")
    set_pool()
    done_before = counters["timesteps"]
    remaining = args.timesteps - done_before
    if remaining > 0:
        log(f"MaskablePPO for {remaining:,} learner steps, {args.envs} games at a time, pool {pool_weights}")
        model.learn(total_timesteps=remaining, callback=Hooks(), progress_bar=False, reset_num_timesteps=True)
        counters["timesteps"] = done_before + model.num_timesteps
        evaluate_now("final")
    log(f"done: {counters['timesteps']:,} steps, {counters['wall_s'] / 60:.1f} min of PPO; best against the "
        f"scripted bot {counters['best']:.3f}; policy files {out_dir / 'best.npz'}, {out_dir / 'latest.npz'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
