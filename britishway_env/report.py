"""Balance reports for Palestine rollouts: statistics with intervals, plots, markdown.

    from britishway_env import report, rollouts
    df = rollouts.run("palestine", games=100_000, seed=0,
                      policies={"british": "heuristic", "irgun": "heuristic"})
    report.write(df, "report/")          # report/report.md and its PNG plots

The input is the rollout table (one row per game; columns ``winner``,
``political_will_after_round``, ``victory_round``, ``cards``, ``events``,
``decisions``; see docs/palestine.md). Every rate comes with its sample size
and a Wilson 95% interval.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from .engine.stats import wilson_interval
from .errors import BritishWayError

REQUIRED_COLUMNS = ("winner", "political_will_after_round", "victory_round", "cards", "events", "decisions")
START_POLITICAL_WILL = 18           # Palestine setup (2.1)
CAPABILITY_CARDS = (9, 13, 17, 18, 23, 25, 29, 32)
SIDES = ("unshaded", "shaded")


class ReportError(BritishWayError, ValueError):
    """The rollout table cannot be reported on (missing columns, no games)."""


def check_table(df: pd.DataFrame) -> None:
    missing = [c for c in REQUIRED_COLUMNS if c not in df.columns]
    if missing:
        raise ReportError(f"rollout table lacks columns {missing}; it must come from "
                          f"rollouts.run('palestine', ...) or `britishway rollouts palestine --out`")
    if len(df) == 0:
        raise ReportError("rollout table has no games")


def rate_row(label: str, wins: int, n: int) -> dict:
    lo, hi = wilson_interval(int(wins), int(n))
    return {"label": label, "games": int(n), "irgun_wins": int(wins),
            "irgun_win_rate": wins / n if n else float("nan"), "ci95_low": lo, "ci95_high": hi}


def overall(df: pd.DataFrame) -> pd.DataFrame:
    """Win rate of each side with Wilson 95% intervals."""
    n = len(df)
    rows = []
    for side in ("british", "irgun"):
        k = int((df["winner"] == side).sum())
        lo, hi = wilson_interval(k, n)
        rows.append({"side": side, "games": n, "wins": k, "win_rate": k / n, "ci95_low": lo, "ci95_high": hi})
    return pd.DataFrame(rows)


def _flatten(column: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """(values, game row) of a list column, without a Python loop over games."""
    arr = pa.array(column, type=pa.list_(pa.string()) if column.name == "events" else pa.list_(pa.int64()))
    return (pc.list_flatten(arr).to_numpy(zero_copy_only=False),
            pc.list_parent_indices(arr).to_numpy(zero_copy_only=False))


def conditional_rates(df: pd.DataFrame, column: str, key=lambda v: v) -> pd.DataFrame:
    """Irgun win rate among games where each value of list ``column`` occurs
    (counted once per game), next to the rate in the games where it does not."""
    irgun = (df["winner"] == "irgun").to_numpy()
    total_wins = int(irgun.sum())
    values, rows = _flatten(df[column])
    if len(values) == 0:
        return pd.DataFrame(columns=["label", "games", "irgun_wins", "irgun_win_rate", "ci95_low", "ci95_high",
                                     "rate_without", "without_low", "without_high"])
    labels = np.array([key(v) for v in values]) if key is not None else values
    pairs = pd.DataFrame({"label": labels, "row": rows}).drop_duplicates()
    pairs["win"] = irgun[pairs["row"].to_numpy()]
    grouped = pairs.groupby("label")["win"].agg(["sum", "count"])
    out = []
    for label, (wins, n) in grouped.iterrows():
        row = rate_row(str(label), wins, n)
        n_without, wins_without = len(df) - n, total_wins - wins
        lo, hi = wilson_interval(int(wins_without), int(n_without))
        row.update(rate_without=wins_without / n_without if n_without else float("nan"),
                   without_low=lo, without_high=hi)
        out.append(row)
    return pd.DataFrame(out)


def card_label(card: int) -> str:
    return f"P{int(card)}"


def event_label(text: str) -> str:
    """'P21:shaded:irgun' -> 'P21 shaded' (the text, whoever executed it)."""
    card, side, _ = str(text).split(":")
    return f"{card} {side}"


def sort_by_card(table: pd.DataFrame) -> pd.DataFrame:
    if table.empty:
        return table
    order = table["label"].str.extract(r"P(\d+)\s*(\w*)")
    return table.assign(_c=order[0].astype(int), _s=order[1]).sort_values(["_c", "_s"]).drop(columns=["_c", "_s"])


def capability_impact(df: pd.DataFrame) -> pd.DataFrame:
    """Irgun win rate when each capability was executed unshaded, shaded, or not at all."""
    irgun = (df["winner"] == "irgun").to_numpy()
    values, rows = _flatten(df["events"])
    executed = pd.DataFrame({"text": values, "row": rows})
    out = []
    for card in CAPABILITY_CARDS:
        seen = np.zeros(len(df), dtype=bool)
        for side in SIDES:
            mask = executed["text"].str.startswith(f"P{card}:{side}:").to_numpy()
            games = np.unique(executed["row"].to_numpy()[mask])
            seen[games] = True
            out.append(dict(rate_row(f"P{card} {side}", irgun[games].sum(), len(games)), capability=f"P{card}"))
        out.append(dict(rate_row(f"P{card} not executed", irgun[~seen].sum(), int((~seen).sum())),
                        capability=f"P{card}"))
    return pd.DataFrame(out)


def political_will_bands(df: pd.DataFrame) -> pd.DataFrame:
    """Political Will at the start and after each Propaganda Round's Political
    Will phase (6.1): median and the 10-90 and 25-75 percentile bands, over the
    games that reached that round."""
    rounds = df["political_will_after_round"]
    rows = [{"round": 0, "games": len(df), "p10": START_POLITICAL_WILL, "p25": START_POLITICAL_WILL,
             "median": START_POLITICAL_WILL, "p75": START_POLITICAL_WILL, "p90": START_POLITICAL_WILL,
             "mean": float(START_POLITICAL_WILL)}]
    values, parents = _flatten(rounds)
    lengths = rounds.map(len).to_numpy()
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    position = np.arange(len(values)) - starts[parents]
    for r in range(3):
        v = values[position == r]
        if len(v):
            q = np.percentile(v, [10, 25, 50, 75, 90])
            rows.append({"round": r + 1, "games": len(v), "p10": q[0], "p25": q[1], "median": q[2],
                         "p75": q[3], "p90": q[4], "mean": float(v.mean())})
    return pd.DataFrame(rows)


def victory_timing(df: pd.DataFrame) -> pd.DataFrame:
    """Games won by each side in each Propaganda Round (7.0)."""
    table = df.groupby(["victory_round", "winner"]).size().unstack(fill_value=0)
    for side in ("british", "irgun"):
        if side not in table:
            table[side] = 0
    return table[["british", "irgun"]].reset_index()


# ------------------------------------------------------------------ plots --

def _plot_rates(table: pd.DataFrame, overall_rate: float, title: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    height = max(3.0, 0.22 * len(table) + 1.2)
    fig, ax = plt.subplots(figsize=(7.5, height))
    y = np.arange(len(table))
    rate = table["irgun_win_rate"].to_numpy(dtype=float)
    err = np.vstack([rate - table["ci95_low"].to_numpy(dtype=float), table["ci95_high"].to_numpy(dtype=float) - rate])
    ax.barh(y, rate, xerr=err, color="#c62828", alpha=0.75, ecolor="#37474f", capsize=2)
    ax.axvline(overall_rate, color="#1565c0", ls="--", lw=1, label=f"all games {overall_rate:.3f}")
    ax.set_yticks(y, [f"{lab} (n={n:,})" for lab, n in zip(table["label"], table["games"])], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("Irgun win rate (Wilson 95% interval)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _plot_political_will(bands: pd.DataFrame, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.5, 4))
    x = bands["round"].to_numpy()
    ax.fill_between(x, bands["p10"], bands["p90"], color="#90caf9", alpha=0.5, label="10-90%")
    ax.fill_between(x, bands["p25"], bands["p75"], color="#1e88e5", alpha=0.5, label="25-75%")
    ax.plot(x, bands["median"], color="#0d47a1", marker="o", label="median")
    ax.set_xticks(x, ["start"] + [f"after round {r}" for r in x[1:]])
    ax.set_ylim(0, 20)
    ax.set_ylabel("British Political Will")
    ax.set_title("Political Will over the game (games reaching each round)", fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# ----------------------------------------------------------------- report --

def _markdown_table(table: pd.DataFrame, columns: list[str], fmt: dict | None = None) -> str:
    fmt = fmt or {}
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for row in table[columns].itertuples(index=False):
        cells = [fmt.get(c, "{}").format(v) for c, v in zip(columns, row)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


RATE_FMT = {"games": "{:,}", "irgun_wins": "{:,}", "irgun_win_rate": "{:.4f}", "ci95_low": "{:.4f}",
            "ci95_high": "{:.4f}", "rate_without": "{:.4f}", "without_low": "{:.4f}", "without_high": "{:.4f}"}


def write(df: pd.DataFrame, out_dir: str | Path, title: str = "Palestine balance report") -> Path:
    """Write ``report.md`` and its PNG plots into ``out_dir``; return the markdown path."""
    check_table(df)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    sides = overall(df)
    irgun_rate = float(sides.loc[sides["side"] == "irgun", "win_rate"].iloc[0])
    by_card = sort_by_card(conditional_rates(df, "cards", card_label))
    by_card = by_card[by_card["label"].str.extract(r"P(\d+)")[0].astype(int) <= 32]   # events, not Propaganda
    by_event = sort_by_card(conditional_rates(df, "events", event_label))
    caps = capability_impact(df)
    bands = political_will_bands(df)
    timing = victory_timing(df)
    _plot_political_will(bands, out / "political_will.png")
    _plot_rates(by_card, irgun_rate, "Irgun win rate when each card is drawn", out / "win_rate_by_card.png")
    if not by_event.empty:
        _plot_rates(by_event, irgun_rate, "Irgun win rate when each event text is executed",
                    out / "win_rate_by_event.png")
    _plot_rates(caps, irgun_rate, "Capabilities: Irgun win rate by the text in play", out / "capabilities.png")

    policies = ""
    if {"policy_british", "policy_irgun"} <= set(df.columns):
        pairs = df.groupby(["policy_british", "policy_irgun"]).size()
        policies = ", ".join(f"british={b} vs irgun={i} ({n:,} games)" for (b, i), n in pairs.items())
    parts = [
        f"# {title}",
        "",
        f"{len(df):,} games{'; ' + policies if policies else ''}. Rates are Irgun wins with Wilson 95% "
        "intervals; `games` is the sample each rate is computed on.",
        "",
        "## Who wins",
        "",
        _markdown_table(sides, ["side", "games", "wins", "win_rate", "ci95_low", "ci95_high"],
                        {"games": "{:,}", "wins": "{:,}", "win_rate": "{:.4f}", "ci95_low": "{:.4f}",
                         "ci95_high": "{:.4f}"}),
        "",
        "## When the game ends (Propaganda Round of victory, 7.0)",
        "",
        _markdown_table(timing, ["victory_round", "british", "irgun"], {"british": "{:,}", "irgun": "{:,}"}),
        "",
        "## Political Will over the game",
        "",
        "![Political Will](political_will.png)",
        "",
        _markdown_table(bands, ["round", "games", "p10", "p25", "median", "p75", "p90", "mean"],
                        {"games": "{:,}", "p10": "{:.0f}", "p25": "{:.0f}", "median": "{:.0f}", "p75": "{:.0f}",
                         "p90": "{:.0f}", "mean": "{:.2f}"}),
        "",
        "## Win rate when each card is drawn",
        "",
        "![by card](win_rate_by_card.png)",
        "",
        _markdown_table(by_card, ["label", "games", "irgun_win_rate", "ci95_low", "ci95_high", "rate_without"],
                        RATE_FMT),
        "",
        "## Win rate when each event text is executed",
        "",
    ]
    if by_event.empty:
        parts += ["No event was executed in these games.", ""]
    else:
        parts += ["![by event](win_rate_by_event.png)", "",
                  _markdown_table(by_event, ["label", "games", "irgun_win_rate", "ci95_low", "ci95_high",
                                             "rate_without"], RATE_FMT), ""]
    parts += [
        "## Capability impact (5.3)",
        "",
        "![capabilities](capabilities.png)",
        "",
        _markdown_table(caps, ["label", "games", "irgun_win_rate", "ci95_low", "ci95_high"], RATE_FMT),
        "",
        f"Mean game length: {df['decisions'].mean():.1f} decisions.",
        "",
    ]
    path = out / "report.md"
    path.write_text("\n".join(parts))
    return path
