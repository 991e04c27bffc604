"""Train a MaskablePPO policy for the 1948 solo deck and write the report.

    python experiments/train_solo1948.py                      # train, evaluate, write report
    python experiments/train_solo1948.py --eval-only          # evaluate the shipped checkpoint
    python experiments/train_solo1948.py --timesteps 20000 --envs 16 --eval-games 500 --out-dir /tmp/smoke  # smoke

Training steps many games at once in numba (the vector env,
britishway_env/envs/vector.py, through agents/vec_env.py's SB3 adapter), every
decision the policy's, forced ones included (``auto_single=False``). The
trained actor is written as a policy file (``--out``, ``.npz`` weights plus a
JSON config, see agents/policy_file.py) that loads without torch and without
unpickling; ``--sb3-out`` also keeps the full Stable-Baselines3 model zip
(for resuming training; never loaded by the project). The evaluation plays
random, heuristic and the trained policy on the same game seeds and reports
win rates with Wilson 95% intervals.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "agents" / "checkpoints" / "solo1948_ppo.npz"
DEFAULT_REPORT = ROOT / "docs" / "results" / "solo1948.md"
EVAL_SEED = 20260611


def train(timesteps: int, envs: int, seed: int, out: Path, progress: bool, threads: int = 2,
          sb3_out: Path | None = None, command: str | None = None) -> float:
    import torch
    from sb3_contrib import MaskablePPO

    from agents.export_sb3 import export_state_dict
    from agents.vec_env import SB3VectorEnv, quiet_logger
    from britishway_env.provenance import manifest

    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    venv = SB3VectorEnv("solo1948", num_envs=envs, seed=seed, auto_single=False)
    model = MaskablePPO(
        "MlpPolicy", venv, n_steps=128, batch_size=2048, n_epochs=4, learning_rate=3e-4,
        gamma=1.0, gae_lambda=0.95, ent_coef=0.01, clip_range=0.2,
        policy_kwargs={"net_arch": [256, 256]}, seed=seed, verbose=0, device="cpu",
    )
    model.set_logger(quiet_logger())
    start = time.perf_counter()
    model.learn(total_timesteps=timesteps, progress_bar=progress)
    elapsed = time.perf_counter() - start
    out.parent.mkdir(parents=True, exist_ok=True)
    export_state_dict(model.policy.state_dict(), out, volume="solo1948", activation="tanh",
                      source=f"MaskablePPO MlpPolicy [256, 256] tanh, {timesteps} steps, seed {seed}, "
                             "experiments/train_solo1948.py",
                      manifest=manifest(command=command, seeds={"seed": seed}, volume="solo1948",
                                        timesteps=int(model.num_timesteps), threads=threads))
    if sb3_out is not None:
        model.save(str(sb3_out))
    return elapsed


def evaluate(games: int, checkpoint: Path, seed: int = EVAL_SEED) -> list[dict]:
    from britishway_env import rollouts

    rows = []
    for policy in ("random", "heuristic", str(checkpoint)):
        df = rollouts.run("solo1948", games, seed=seed, policy=policy)
        s = rollouts.summarize(df).set_index("outcome")
        win = s.loc["all victories"]
        name = "trained (MaskablePPO)" if policy == str(checkpoint) else policy
        rows.append({
            "policy": name, "games": games, "wins": int(win["games"]), "rate": win["rate"],
            "lo": win["ci95_low"], "hi": win["ci95_high"],
            "decisive": int(s.loc["decisive_victory", "games"]),
            "attrition": int(s.loc["attrition_victory", "games"]),
            "loss": int(s.loc["complete_loss", "games"]),
            "turns": float(df["turns"].mean()),
        })
    return rows


def report(rows: list[dict], args: argparse.Namespace, train_seconds: float | None) -> str:
    import numba
    import sb3_contrib
    import torch

    lines = [
        "# 1948 solo deck: policy evaluation",
        "",
        f"Generated {date.today().isoformat()} by `experiments/train_solo1948.py` on "
        f"{platform.machine()} ({numba.config.NUMBA_NUM_THREADS} cores, {numba.get_num_threads()} numba "
        f"thread{'s' if numba.get_num_threads() > 1 else ''} used), Python {platform.python_version()}, "
        f"torch {torch.__version__}, sb3-contrib {sb3_contrib.__version__}.",
        "",
        f"Every policy plays the same {rows[0]['games']:,} games (base seed {EVAL_SEED}); "
        "a win is a Decisive or Attrition Victory. Intervals are Wilson 95%.",
        "",
        "| policy | games | wins | win rate | 95% CI | decisive | attrition | complete loss | mean turns |",
        "|---|---:|---:|---:|---|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['policy']} | {r['games']:,} | {r['wins']:,} | {r['rate']:.4f} | "
            f"[{r['lo']:.4f}, {r['hi']:.4f}] | {r['decisive']:,} | {r['attrition']:,} | {r['loss']:,} | {r['turns']:.2f} |"
        )
    shipped = args.out.resolve() == DEFAULT_OUT.resolve()
    evaluated = "ppo" if shipped else str(args.out)
    lines += ["", "## Commands", "", "```"]
    if train_seconds is not None:
        lines.append(args.command)
        lines.append(f"# training took {train_seconds / 60:.1f} min on this machine")
    for policy in ("random", "heuristic", evaluated):
        lines.append(f"britishway rollouts solo1948 --games {rows[0]['games']} --policy {policy} --seed {EVAL_SEED}")
    lines += ["```", "",
              ("`--policy ppo` is the shipped policy file `agents/checkpoints/solo1948_ppo.npz`" if shipped
               else f"The trained policy is the policy file `{args.out}`")
              + " (weights and a JSON config; loaded with NumPy, nothing unpickled).",
              "The heuristic is the greedy one-step look-ahead of `britishway_env/solo1948/policies.py`.", ""]
    from agents import policy_file
    from britishway_env.provenance import describe, manifest

    net = policy_file.load(args.out, volume="solo1948")
    lines += ["## Provenance", "", "This report:", "", "```",
              *describe(manifest(command=args.command, seeds={"eval_seed": EVAL_SEED})), "```", "",
              f"The policy file `{args.out.name}` (weights SHA-256 `{net.weights_sha256}`):", "", "```",
              *(describe(net.manifest) if net.manifest else ["written before policy files carried a manifest"]),
              "```", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--timesteps", type=int, default=3_000_000)
    p.add_argument("--envs", type=int, default=128)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path, default=None,
                   help=f"policy file to write (.npz; default {DEFAULT_OUT.relative_to(ROOT)})")
    p.add_argument("--sb3-out", type=Path, default=None,
                   help="also save the full Stable-Baselines3 model zip here (to resume training)")
    p.add_argument("--eval-games", type=int, default=10_000)
    p.add_argument("--report", type=str, default=None,
                   help=f"report (default {DEFAULT_REPORT.relative_to(ROOT)}); '' to skip writing")
    p.add_argument("--out-dir", type=Path, default=None,
                   help="write the checkpoint and the report into this folder instead of the shipped ones")
    p.add_argument("--eval-only", action="store_true", help="skip training; evaluate --out")
    p.add_argument("--no-progress", action="store_true")
    p.add_argument("--threads", "--torch-threads", dest="threads", type=int, default=2,
                   help="threads for torch and for numba's compiled games (default 2; 1 on a busy machine)")
    argv = sys.argv[1:] if argv is None else list(argv)
    args = p.parse_args(argv)
    if min(args.timesteps, args.envs, args.eval_games, args.threads) < 1:
        p.error("--timesteps, --envs, --eval-games and --threads must be >= 1")
    from britishway_env.provenance import command_line

    args.command = command_line(["experiments/train_solo1948.py", *argv])
    if args.out is None:
        args.out = DEFAULT_OUT if args.out_dir is None else args.out_dir / DEFAULT_OUT.name
    if args.report is None:
        args.report = str(DEFAULT_REPORT if args.out_dir is None else args.out_dir / DEFAULT_REPORT.name)

    sys.path.insert(0, str(ROOT))
    from britishway_env.engine.threads import numba_threads

    # Numba's compiled games run on --threads too: left at every core, they wait on a busy machine's other
    # processes at each batch and training slows many times over.
    with numba_threads(args.threads):
        return run(args)


def run(args: argparse.Namespace) -> int:
    train_seconds = None
    if not args.eval_only:
        if args.out.suffix != ".npz":
            p.error(f"--out must be a .npz policy file, got {args.out}")
        train_seconds = train(args.timesteps, args.envs, args.seed, args.out, not args.no_progress,
                              args.threads, args.sb3_out, args.command)
        print(f"trained {args.timesteps:,} steps in {train_seconds:.0f} s -> {args.out}")
    rows = evaluate(args.eval_games, args.out)
    for r in rows:
        print(f"{r['policy']:>22}: win rate {r['rate']:.4f} [{r['lo']:.4f}, {r['hi']:.4f}] over {r['games']:,} games")
    if args.report:
        from britishway_env.io import atomic_write_text

        Path(args.report).parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(args.report, report(rows, args, train_seconds))
        print(f"wrote {args.report}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
