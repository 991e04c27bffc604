"""The balance lab's results page for a volume, from experiments already run.

    britishway experiment experiments/lab/palestine_balance.toml --out runs/lab/palestine
    britishway experiment experiments/lab/palestine_cards.toml --out runs/lab/palestine_cards
    python experiments/lab_pages.py --volume palestine

Reads each experiment's folder (``experiment.json``, ``table.csv``, the rows'
provenance through ``report.md``) and writes ``docs/results/balance_lab_<volume>.md``
with the forest plot beside it: the variants' paired effects per strength
level, the levels' disagreements, and the card interventions ranked. Every
number on the page is read from those files; the page names the commands
that made them.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _where(folder: Path) -> Path:
    return folder.relative_to(ROOT) if folder.resolve().is_relative_to(ROOT) else folder


def _file_levels(file: str) -> list[str]:
    """The levels in the experiment file's order (older experiment.json files sort them)."""
    from britishway_env.experiment import load_experiment

    path = ROOT / file
    return list(load_experiment(path).levels) if path.exists() else []


def _played(rows: Path) -> str:
    """Which code played an experiment's rows (from their provenance)."""
    from britishway_env.rollouts import read_rows

    doc = read_rows(rows).provenance
    return (f"Played by britishway-env {doc.get('version')} at commit {str(doc.get('git_commit'))[:10]}"
            f"{' (uncommitted changes)' if doc.get('git_dirty') else ''}; the games are fixed by their seeds, "
            "so any machine plays the same ones.")


def _policies(per_seat: dict) -> str:
    names = set(per_seat.values())
    return f"{names.pop()} in both seats" if len(names) == 1 else ", ".join(f"{s} {p}" for s, p in per_seat.items())


def _p(p: float) -> str:
    return "< 1e-300" if p < 1e-300 else f"{p:.2g}"


def _interval(r) -> str:
    return f"{r['difference']:+.3f} [{r['low']:+.3f}, {r['high']:+.3f}]"


def variants_section(folder: Path, file: str, seat: str) -> list[str]:
    exp = json.loads((folder / "experiment.json").read_text())
    table = pd.read_csv(folder / "table.csv")
    table["level"] = table["level"].fillna("")
    wins = table[(table["measure"] == "win_rate") & (table["seat"] == seat)]
    levels = exp.get("level_order") or _file_levels(file) or list(exp["levels"])
    lines = [f"`britishway experiment {file} --out {_where(folder)}`"
             f" ({exp['games']:,} games per arm and level, base seed {exp['seed']}; levels: "
             + "; ".join(f"{k}: {_policies(exp['levels'][k])}" for k in levels) + ")", "",
             f"The change in the {seat} win rate, arm - base on the same games, with Newcombe's paired 95% interval "
             f"(adjusted p: {exp['adjust']} over every arm and level):", "",
             "| arm | what changes | " + " | ".join(levels) + " |", "|---|---|" + "---|" * len(levels)]
    for arm in exp["arms"][1:]:
        spec = {k: v for k, v in (arm["variant"] or {}).items() if k in ("setup", "deck", "rules", "restrict")}
        cells = []
        for level in levels:
            r = wins[(wins["level"] == level) & (wins["arm"] == arm["name"])].iloc[0]
            cells.append(f"{_interval(r)}, p {_p(r['p_adjusted'])}")
        lines.append(f"| {arm['name']} | `{json.dumps(spec, sort_keys=True)}` | " + " | ".join(cells) + " |")
    lines += [_played(folder / levels[0] / "base.parquet"), ""]
    base = wins.groupby("level")["base"].first()
    lines += ["", "The base game's " + seat + " win rate at each level: "
              + ", ".join(f"{lv} {base[lv]:.3f}" for lv in levels) + ".", ""]
    report = (folder / "report.md").read_text()
    warnings = [ln for ln in report.splitlines() if "opposite signs at different levels" in ln]
    if warnings:
        lines += ["Where the levels disagree in sign (the report's warnings: the effect depends on the players' strength):", ""] + [f"- {w.lstrip('- ')}" for w in warnings] + [""]
    return lines


def cards_section(folder: Path, file: str, top: int) -> list[str]:
    exp = json.loads((folder / "experiment.json").read_text())
    text = (folder / "cards.md").read_text().splitlines()
    lines = [f"`britishway experiment {file} --out {_where(folder)}`"
             f" ({exp['games']:,} games per arm, base seed {exp['seed']}, {len(exp['arms']) - 1} arms; adjusted p: "
             f"{exp['adjust']}). The {top} largest effects of each intervention; `{folder.name}/cards.md` ranks "
             "them all.", "", _played(folder / next(iter(exp["levels"])) / "base.parquet"), ""]
    kept = 0
    for ln in text[1:]:
        if ln.startswith("## "):
            kept = 0
            lines += ["#" + ln, ""]
        elif ln.startswith("| rank") or ln.startswith("|---"):
            lines.append(ln)
        elif ln.startswith("| "):
            kept += 1
            if kept <= top:
                lines.append(ln)
        elif not ln.strip() and lines and lines[-1].startswith("|"):
            lines.append("")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--volume", default="palestine")
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("--runs", type=Path, default=ROOT / "runs" / "lab",
                        help="the folder holding the experiments' --out folders <volume> and <volume>_cards")
    parser.add_argument("--out", type=Path, default=None, help="the page (default docs/results/balance_lab_<volume>.md)")
    args = parser.parse_args()
    from britishway_env.registry import spec

    found = spec(args.volume)
    seat = found.agents[0]
    lab = args.runs
    balance, cards = lab / args.volume, lab / f"{args.volume}_cards"
    out = args.out or ROOT / "docs" / "results" / f"balance_lab_{args.volume}.md"
    lines = [f"# {found.title}: the balance lab", "",
             "Written by `python experiments/lab_pages.py --volume " + args.volume + "` from the experiments below "
             "(docs/experiments.md). Every arm plays the base game's seeds with the same policies, so each number "
             "is a paired difference. Read each change from its own interval, not from whether two rates' intervals "
             "overlap; a level is the policies both seats play, and a change measured under weak play can reverse "
             "under strong play.", "", "## Rule variants at several strengths", ""]
    lines += variants_section(balance, f"experiments/lab/{args.volume}_balance.toml", seat)
    picture = out.with_suffix(".png")
    shutil.copyfile(balance / "report.png", picture)
    lines += [f"![the win-rate changes per level]({picture.name})", ""]
    if (cards / "cards.md").exists():
        lines += ["## Card effects by intervention (scripted strength)", ""]
        lines += cards_section(cards, f"experiments/lab/{args.volume}_cards.toml", args.top)
    from britishway_env.io import atomic_write_text

    atomic_write_text(out, "\n".join(lines).rstrip() + "\n")
    print(f"wrote {out} and {picture}")


if __name__ == "__main__":
    main()
