"""Fit a value head for a shipped network and write it into the network's policy file.

    python experiments/fit_value.py --volume palestine --seat british
    python experiments/fit_value.py --volume cyprus --seat eoka --games 4000 --seed 1 --out /tmp/cyprus_eoka.npz

The shipped networks (``agents/checkpoints/<volume>_<seat>.npz``) hold their
actors only: no critic of their training runs survives. This script gives one
of them a value head (see :mod:`agents.policy_file`): the value of a position
for the seat to act, in [-1, 1], from the same observation.

1. **Data.** ``--games`` games on the vector env, the network playing its own
   seat (deterministic, as the policy name ``trained`` plays) against a pool
   in the other seat, each game drawing its opponent by weight (``--pool``,
   default ``trained=0.5,heuristic=0.35,random=0.15``: the other seat's
   shipped network, the scripted bot, uniform random legal play). Games are
   seeded as the rollouts' (base ``--seed``, games ``0 .. N-1``). Every
   position where the network's seat decided (single legal actions are
   applied by the env and not counted) is kept with probability ``--keep``,
   labelled with the game's final outcome from that seat's view: +1 a win, -1
   a loss, 0 a truncated game.
2. **Split.** 10% of the GAMES (a seeded draw) are held out: no position of a
   held-out game is trained on.
3. **Fit.** A tanh MLP (``--hidden``, the actor's activation) with a linear
   output, trained with MSE on the outcome (Adam, ``--epochs``; torch on the
   CPU, one thread). The inputs are standardised while fitting and the
   standardisation folded into the first layer afterwards, so the stored head
   takes the raw observation. The stored value is the linear output clipped
   to [-1, 1]; the validation figures are of exactly that (the policy file's
   NumPy :meth:`~agents.policy_file.MlpPolicy.value`).
4. **Write.** The policy file again: the same actor arrays, config and
   manifest (its actor hash unchanged), plus ``value_hidden``, the value
   arrays, ``value_source`` (the data, the opponents and their weights, the
   seeds, the validation MSE and sign accuracy beside a constant's) and
   ``value_manifest`` (this command, its seeds, the figures, the value
   weights' SHA-256).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DEFAULT_POOL = "trained=0.5,heuristic=0.35,random=0.15"
POOL_NAMES = ("trained", "heuristic", "random")
HOLDOUT = 0.1


def parse_pool(text: str) -> dict[str, float]:
    out = {}
    for part in text.split(","):
        name, _, weight = part.partition("=")
        if name not in POOL_NAMES or name in out:
            raise ValueError(f"entries are {'|'.join(POOL_NAMES)}=WEIGHT, each once; got {part!r}")
        out[name] = float(weight)
        if not np.isfinite(out[name]) or out[name] < 0:
            raise ValueError(f"a weight is a finite number >= 0, got {part!r}")
    if sum(out.values()) <= 0:
        raise ValueError("the weights add up to 0")
    return out


def collect(volume: str, seat: str, net, pool: list, games: int, seed: int, keep: float, envs: int,
            sample_seed: int):
    """(observations, game of each, outcome per game, opponent per game) of the
    positions where ``net`` (in ``seat``) decided, each kept with probability ``keep``."""
    from britishway_env.engine.coin import vector as V
    from britishway_env.envs.vector import VectorEnv

    env = VectorEnv(volume, num_envs=min(envs, games), seat=seat, opponent=pool, seed=seed, games=games)
    rng = np.random.default_rng(sample_seed)
    obs, info = env.reset()
    masks = info["action_mask"]
    outcome = np.full(games, np.nan)
    opponent = np.full(games, -1, dtype=np.int64)
    kept_obs, kept_game = [], []
    actions = np.zeros(env.num_envs, dtype=np.int64)
    while not env.done:
        live = np.flatnonzero(env.arrays["waiting"] == V.WAIT_LEARNER)
        take = live[rng.random(len(live)) < keep]
        kept_obs.append(obs[take].copy())
        kept_game.append(env.arrays["episodes"][take].copy())
        actions[:] = 0
        actions[live] = net.act(obs[live], masks[live])
        obs, rewards, terminated, truncated, info = env.step(actions)
        masks = info["action_mask"]
        if "final_info" in info:                        # games ended: their outcome and opponent
            final = info["final_info"]
            for i in np.flatnonzero(info["_final_info"]):
                g = int(final["game"][i])
                outcome[g] = 0.0 if truncated[i] else float(np.sign(rewards[i]))
                opponent[g] = int(final["opponent"][i])
    assert not np.isnan(outcome).any(), "every game ends"
    return (np.concatenate(kept_obs).astype(np.float32), np.concatenate(kept_game).astype(np.int64),
            outcome, opponent)


def fit(x, y, hidden: list[int], activation: str, epochs: int, lr: float, batch: int, seed: int, log):
    """An MLP (linear output) fitted with MSE; returns the policy file's value arrays
    (the input standardisation folded into the first layer)."""
    import torch

    torch.manual_seed(seed)
    mean = x.mean(axis=0)
    std = x.std(axis=0)
    std = np.where(std > 1e-6, std, 1.0).astype(np.float32)
    xs = torch.as_tensor((x - mean) / std, dtype=torch.float32)
    ys = torch.as_tensor(y, dtype=torch.float32)
    act = {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}[activation]
    layers, width = [], x.shape[1]
    for h in hidden:
        layers += [torch.nn.Linear(width, h), act()]
        width = h
    layers.append(torch.nn.Linear(width, 1))
    model = torch.nn.Sequential(*layers)
    opt = torch.optim.Adam(model.parameters(), lr=lr, weight_decay=1e-5)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=epochs)
    gen = torch.Generator().manual_seed(seed)
    for epoch in range(epochs):
        perm = torch.randperm(len(xs), generator=gen)
        total = 0.0
        for k in range(0, len(xs), batch):
            idx = perm[k:k + batch]
            loss = torch.mean((model(xs[idx])[:, 0] - ys[idx]) ** 2)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item() * len(idx)
        sched.step()
        log(f"epoch {epoch + 1}/{epochs}: training MSE {total / len(xs):.4f}")
    linears = [m for m in model if isinstance(m, torch.nn.Linear)]
    arrays = {}
    for i, lin in enumerate(linears):
        w = lin.weight.detach().numpy().astype(np.float64)
        b = lin.bias.detach().numpy().astype(np.float64)
        if i == 0:          # W ((x - mean) / std) + b = (W / std) x + (b - W (mean / std))
            b = b - w @ (mean / std)
            w = w / std
        name = "value" if i == len(linears) - 1 else f"value_hidden_{i}"
        arrays[f"{name}.weight"] = w.astype(np.float32)
        arrays[f"{name}.bias"] = b.astype(np.float32)
    return arrays


def figures(pred: np.ndarray, y: np.ndarray, constant: float) -> dict:
    decided = y != 0
    return {"positions": int(len(y)), "mse": float(np.mean((pred - y) ** 2)),
            "constant_mse": float(np.mean((constant - y) ** 2)),
            "sign_accuracy": float(np.mean(np.sign(pred[decided]) == y[decided])) if decided.any() else None,
            "constant_sign_accuracy": float(np.mean(np.sign(constant) == y[decided])) if decided.any() else None}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--volume", required=True)
    p.add_argument("--seat", required=True)
    p.add_argument("--games", type=int, default=4000)
    p.add_argument("--seed", type=int, default=1, help="base seed of the games (and of the split and the fit)")
    p.add_argument("--pool", default=DEFAULT_POOL)
    p.add_argument("--keep", type=float, default=0.5, help="probability of keeping each decision")
    p.add_argument("--hidden", default="256", help="value MLP widths, comma-separated ('' = linear)")
    p.add_argument("--epochs", type=int, default=12)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--batch", type=int, default=512)
    p.add_argument("--envs", type=int, default=256)
    p.add_argument("--out", type=Path, default=None, help="policy file to write (default: the shipped file)")
    argv = sys.argv[1:] if argv is None else list(argv)
    args = p.parse_args(argv)
    if args.games < 10 or args.epochs < 1 or not 0 < args.keep <= 1:
        p.error("--games >= 10, --epochs >= 1, --keep in (0, 1]")
    try:
        pool_weights = parse_pool(args.pool)
        hidden = [int(h) for h in args.hidden.split(",") if h.strip()]
    except ValueError as err:
        p.error(str(err))

    import torch

    from agents import policy_file
    from agents.trained import SHIPPED_SEATS, load_network
    from britishway_env import provenance
    from britishway_env.registry import spec

    torch.set_num_threads(1)
    provenance.git_state()      # the checkout as the run starts (the manifest is written at its end)
    vol = spec(args.volume)
    if (args.volume, args.seat) not in SHIPPED_SEATS:
        p.error(f"no shipped network for the {args.seat} seat of {args.volume}")
    shipped = SHIPPED_SEATS[(args.volume, args.seat)]
    out = args.out or shipped
    other = vol.agents[1 - vol.agents.index(args.seat)]
    net = load_network("trained", args.volume, args.seat)
    pool = [(load_network("trained", args.volume, other) if name == "trained" else name, w)
            for name, w in pool_weights.items() if w > 0]
    names = [name for name, w in pool_weights.items() if w > 0]
    start = time.perf_counter()

    def log(msg: str) -> None:
        print(f"[{time.perf_counter() - start:6.0f} s] {msg}", flush=True)

    seeds = {"games_seed": args.seed, "sample_seed": args.seed + 1, "split_seed": args.seed + 2,
             "fit_seed": args.seed + 3}
    x, game, outcome, opponent = collect(args.volume, args.seat, net, pool, args.games, args.seed, args.keep,
                                         args.envs, seeds["sample_seed"])
    collect_s = time.perf_counter() - start
    won = {name: f"{np.mean(outcome[opponent == k] > 0):.3f} of {int((opponent == k).sum())}"
           for k, name in enumerate(names)}
    log(f"{args.games:,} games, {len(x):,} positions kept; {args.seat} won {np.mean(outcome > 0):.3f} "
        f"(by opponent: {won}), {np.mean(outcome == 0):.3f} truncated")
    held = np.zeros(args.games, dtype=bool)
    held[np.random.default_rng(seeds["split_seed"]).permutation(args.games)[:round(HOLDOUT * args.games)]] = True
    val = held[game]
    y = outcome[game]
    arrays = fit(x[~val], y[~val], hidden, net.config["activation"], args.epochs, args.lr, args.batch,
                 seeds["fit_seed"], log)
    fit_s = time.perf_counter() - start - collect_s
    trial = policy_file.MlpPolicy(*policy_file.with_value(net, hidden, arrays))
    constant = float(np.mean(y[~val]))
    train_fig = figures(trial.value(x[~val]), y[~val], constant)
    val_fig = figures(trial.value(x[val]), y[val], constant)
    log(f"training positions: MSE {train_fig['mse']:.4f} (constant {train_fig['constant_mse']:.4f})")
    log(f"held-out games ({int(held.sum())}, {val_fig['positions']:,} positions): MSE {val_fig['mse']:.4f} "
        f"(constant {constant:+.3f}: {val_fig['constant_mse']:.4f}), sign right {val_fig['sign_accuracy']:.3f} "
        f"(constant {val_fig['constant_sign_accuracy']:.3f})")
    pool_text = ", ".join(f"{name} {w:g}" for name, w in pool_weights.items())
    value_source = (
        f"MLP {hidden} {net.config['activation']}, linear output clipped to [-1, 1], fitted by experiments/"
        f"fit_value.py (MSE on the outcome, Adam, {args.epochs} epochs) to the final outcome from the "
        f"{args.seat} seat's view (+1 win, -1 loss, 0 truncated) of {len(x):,} positions where this network "
        f"decided (each decision kept with probability {args.keep:g}) in {args.games:,} games (base seed "
        f"{args.seed}, games 0..{args.games - 1}) it played deterministically against a pool in the {other} seat "
        f"drawn per game by weight ({pool_text}; trained = the shipped {other} network). 10% of the games "
        f"({int(held.sum())}) held out: MSE {val_fig['mse']:.4f} against {val_fig['constant_mse']:.4f} for the "
        f"constant {constant:+.3f}; sign of the value right on {val_fig['sign_accuracy']:.3f} of the decided "
        f"held-out positions (constant {val_fig['constant_sign_accuracy']:.3f}).")
    m = provenance.manifest(command=provenance.command_line(["experiments/fit_value.py", *argv]), seeds=seeds,
                            volume=args.volume, seat=args.seat, games=args.games, pool=pool_weights,
                            keep=args.keep, holdout_games=int(held.sum()), positions=int(len(x)),
                            validation=val_fig, training=train_fig, collect_s=round(collect_s, 1),
                            fit_s=round(fit_s, 1))
    config, arrays = policy_file.with_value(net, hidden, arrays, value_source, m)
    policy_file.save(out, config, arrays)
    check = policy_file.load(out, args.volume)
    assert check.weights_sha256 == net.weights_sha256 and check.has_value
    log(f"wrote {out} (actor sha256 {check.weights_sha256[:12]}... unchanged, value sha256 "
        f"{check.value_sha256[:12]}...); collecting {collect_s:.0f} s, fitting {fit_s:.0f} s")
    print(json.dumps({"validation": val_fig, "training": train_fig}, indent=1))
    return 0


if __name__ == "__main__":
    os.environ.setdefault("NUMBA_NUM_THREADS", "1")
    raise SystemExit(main())
