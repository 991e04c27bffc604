"""Paired experiments: a base game and its variants on the same seeds, at one
or more strength levels, compared game by game (docs/experiments.md).

    britishway experiment FILE.toml --out DIR [--backend ray] [--resume]

An experiment file (TOML) names the volume, the games and base seed, the
strength levels (any policy names per seat: ``heuristic``, ``trained``,
``league``, ``search:64``, ...) and the arms: variants (inline tables or
``file = "variant.toml"``, britishway_env/variants.py) and, with ``[cards]``,
one arm per event card and intervention (card effects by intervention):

- ``remove``: the card never dealt (its effect in the deck is base - arm);
- ``never``: neither seat ever executes the text (restricted play; one arm
  per text: ``never_P7_unshaded``, ``never_P7_shaded``);
- ``campaign = [k, ...]``: the card always dealt into the top of pile k, so it
  arrives in campaign k (2.1).

Every arm of a level plays the level's base seed and game numbers, so game g
of each arm starts from the base game's seed; each run is a rows file
``DIR/<level>/<arm>.parquet`` written by the rollouts runner (resumable; a
file already holding its whole run is kept), and the comparison
(britishway_env/compare.py: Newcombe paired intervals, McNemar with Holm or
Benjamini-Hochberg over every arm and level, Ludii-style measures, the forest
plot) is written to ``DIR/report.md``, ``DIR/report.png`` and
``DIR/table.csv``, with the card arms ranked in ``DIR/cards.md``.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .errors import BritishWayError, VariantError

MAX_FILE_BYTES = 1 << 20
KEYS = ("volume", "games", "seed", "adjust", "bootstrap", "levels", "variants", "cards")
CARD_KEYS = ("remove", "never", "campaign", "only")


class ExperimentError(BritishWayError, ValueError):
    """An experiment file is not valid; the message names the field."""


@dataclass(frozen=True)
class Arm:
    name: str
    variant: Any            # a Variant, or None for the base game
    family: str = ""        # "", or the card intervention: remove, never, campaign<k>
    card: int = 0


@dataclass(frozen=True)
class Experiment:
    volume: str
    games: int
    seed: int
    adjust: str
    bootstrap: int
    levels: dict            # level name -> {seat: policy}
    arms: tuple             # Arm, the base first

    def rows_path(self, out: Path, level: str, arm: str) -> Path:
        return Path(out) / level / f"{arm}.parquet"


def load_experiment(path: str | Path) -> Experiment:
    """Read and check an experiment file; :class:`ExperimentError` names the field."""
    p = Path(path)
    where = f"experiment file {p}"
    if not p.is_file():
        raise ExperimentError(f"{where}: no such file")
    if p.stat().st_size > MAX_FILE_BYTES:
        raise ExperimentError(f"{where}: larger than {MAX_FILE_BYTES} bytes")
    try:
        data = tomllib.loads(p.read_bytes().decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise ExperimentError(f"{where}: not valid UTF-8 TOML ({err})") from None
    return experiment_from_dict(data, where, p.parent)


def _int(data: dict, key: str, lo: int, hi: int, default: int, where: str) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise ExperimentError(f"{where}: {key}: an integer {lo}..{hi}, got {value!r}")
    return value


def experiment_from_dict(data: Any, where: str = "experiment", folder: Path | None = None) -> Experiment:
    from . import compare as cp
    from . import rollouts as ro
    from .variants import COIN_VOLUMES, facts, resolve, variant_from_dict

    if not isinstance(data, dict):
        raise ExperimentError(f"{where}: a table of {', '.join(KEYS)}")
    for key in data:
        if key not in KEYS:
            raise ExperimentError(f"{where}: unknown key {key!r}; keys: {', '.join(KEYS)}")
    volume = data.get("volume")
    if volume not in COIN_VOLUMES:
        raise ExperimentError(f"{where}: volume: one of {', '.join(COIN_VOLUMES)}, got {volume!r}")
    games = _int(data, "games", 1, 100_000_000, 1000, where)
    seed = _int(data, "seed", 0, 2**63 - 1, 0, where)
    bootstrap = _int(data, "bootstrap", 100, 100_000, 2000, where)
    try:
        adjust = cp.check_adjust(data.get("adjust", "holm"))
    except BritishWayError as err:
        raise ExperimentError(f"{where}: adjust: {err}") from None
    seats = facts(volume).seats
    levels_in = data.get("levels", {"scripted": "heuristic"})
    if not isinstance(levels_in, dict) or not levels_in:
        raise ExperimentError(f"{where}: levels: a table of level name = policy (both seats) or {{seat = policy}}")
    levels = {}
    for name, chosen in levels_in.items():
        if not isinstance(name, str) or not name.replace("_", "").isalnum():
            raise ExperimentError(f"{where}: levels.{name}: a level name is letters, digits and '_'")
        if isinstance(chosen, str):
            chosen = {seat: chosen for seat in seats}
        if not isinstance(chosen, dict) or set(chosen) != set(seats):
            raise ExperimentError(f"{where}: levels.{name}: a policy name, or a table giving each seat "
                                  f"({', '.join(seats)}) its policy")
        try:
            ro.check_policies(volume, None, dict(chosen))
        except BritishWayError as err:
            raise ExperimentError(f"{where}: levels.{name}: {err}") from None
        levels[name] = {seat: chosen[seat] for seat in seats}
    arms = [Arm("base", None)]
    names = {"base"}
    variants_in = data.get("variants", [])
    if not isinstance(variants_in, list):
        raise ExperimentError(f"{where}: variants: an array of tables ([[variants]])")
    for i, v in enumerate(variants_in):
        at = f"{where}: variants[{i}]"
        if not isinstance(v, dict):
            raise ExperimentError(f"{at}: a table (a variant, or file = \"variant.toml\")")
        try:
            if "file" in v:
                if set(v) != {"file"}:
                    raise ExperimentError(f"{at}: give either file = ... or the variant's own keys")
                f = Path(v["file"])
                variant = resolve(volume, f if f.is_absolute() or folder is None else folder / f)
            else:
                variant = variant_from_dict({"volume": volume, **v}, volume=volume, where=at)
        except VariantError as err:
            raise ExperimentError(str(err)) from None
        if variant.name in names:
            raise ExperimentError(f"{at}: the name {variant.name!r} is used twice")
        names.add(variant.name)
        arms.append(Arm(variant.name, variant))
    if "cards" in data:
        for arm in card_arms(volume, data["cards"], f"{where}: cards"):
            if arm.name in names:
                raise ExperimentError(f"{where}: cards: arm {arm.name!r} is also a variant's name")
            names.add(arm.name)
            arms.append(arm)
    if len(arms) < 2:
        raise ExperimentError(f"{where}: no arms: give [[variants]] or [cards]")
    return Experiment(volume, games, seed, adjust, bootstrap, levels, tuple(arms))


def card_arms(volume: str, cards: Any, where: str) -> list[Arm]:
    """One arm per event card and intervention (module docstring)."""
    from .variants import facts, variant_from_dict

    f = facts(volume)
    if not isinstance(cards, dict):
        raise ExperimentError(f"{where}: a table of {', '.join(CARD_KEYS)}")
    for key in cards:
        if key not in CARD_KEYS:
            raise ExperimentError(f"{where}: unknown key {key!r}; keys: {', '.join(CARD_KEYS)}")
    for key in ("remove", "never"):
        if not isinstance(cards.get(key, False), bool):
            raise ExperimentError(f"{where}.{key}: true or false")
    campaigns = cards.get("campaign", [])
    if not isinstance(campaigns, list) or any(isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= f.piles
                                              for k in campaigns):
        raise ExperimentError(f"{where}.campaign: a list of campaigns 1..{f.piles}")
    only = cards.get("only")
    try:
        numbers = list(range(1, f.n_events + 1)) if only is None else \
            sorted({f.card(c, f"{where}.only") for c in (only if isinstance(only, list) else [only])})
    except VariantError as err:
        raise ExperimentError(str(err)) from None
    prefix = f.reader.prefix
    out = []
    for n in numbers:
        card = f"{prefix}{n}"
        specs = []
        if cards.get("remove", False):
            specs.append(("remove", f"remove_{card}", {"deck": {"remove": [card]}}))
        if cards.get("never", False):
            for side in ("unshaded", "shaded"):
                text = f"{card}:{side}"
                specs.append(("never", f"never_{card}_{side}",
                              {"restrict": {seat: {"events": [text]} for seat in f.seats}}))
        for k in sorted(set(campaigns)):
            specs.append((f"campaign{k}", f"campaign{k}_{card}", {"deck": {"place": {card: k}}}))
        for family, name, spec in specs:
            variant = variant_from_dict({"volume": volume, "name": name, **spec}, volume=volume, where=where)
            out.append(Arm(name, variant, family, n))
    if not out:
        raise ExperimentError(f"{where}: no card arms: set remove, never or campaign")
    return out


def run(exp: Experiment, out: str | Path, backend: str = "local", address: str | None = None,
        resume: bool = False, threads: int | None = None, say: Callable[[str], None] = lambda t: None,
        command: str | None = None):
    """Play every (level, arm) run not already on disk and compare; returns the
    :class:`~britishway_env.compare.Comparison`."""
    from . import compare as cp
    from . import rollouts as ro
    from .io import atomic_write_text

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    atomic_write_text(out / "experiment.json", json.dumps(describe(exp), indent=1, sort_keys=True) + "\n")
    tokens = []
    for level, policies in exp.levels.items():
        tokens.append(f"{level}:")
        for arm in exp.arms:
            path = exp.rows_path(out, level, arm.name)
            path.parent.mkdir(parents=True, exist_ok=True)
            partial = ro.partial_path(path)
            if path.exists() and not partial.exists():
                kept = ro.read_rows(path)
                ro.check_same_run(kept, ro.plan(exp.volume, exp.games, exp.seed, policies=policies,
                                                 variant=arm.variant), path)
                say(f"{level}/{arm.name}: kept ({path})")
            else:
                say(f"{level}/{arm.name}: playing {exp.games:,} games")
                ro.run_to_file(path, exp.volume, exp.games, seed=exp.seed, policies=policies, threads=threads,
                               backend=backend, address=address, resume=resume and partial.exists(),
                               variant=arm.variant, command=command, notice=say)
            tokens.append(f"{arm.name}={path}")
    result = cp.compare(tokens, adjust=exp.adjust, bootstrap=exp.bootstrap)
    cp.write_report(result, out / "report.md", command or "britishway experiment")
    cp.write_csv(result, out / "table.csv")
    if any(a.family for a in exp.arms):
        atomic_write_text(out / "cards.md", cards_report(exp, result))
    return result


def describe(exp: Experiment) -> dict:
    return {"volume": exp.volume, "games": exp.games, "seed": exp.seed, "adjust": exp.adjust,
            "levels": exp.levels, "level_order": list(exp.levels),
            "arms": [{"name": a.name, "family": a.family, "card": a.card,
                      "variant": None if a.variant is None else a.variant.to_dict()} for a in exp.arms]}


FAMILY_TEXT = {
    "remove": "the card in the deck (base - removed: what the card's presence is worth)",
    "never": "the text executed when offered (base - never executed)",
}


def card_effects(exp: Experiment, result):
    """The card arms' effects on the first seat's win rate, ranked by size per
    level and intervention: a frame of level, family, card, effect, low, high,
    p_adjusted. The sign is made the card's: for ``remove`` and ``never``
    arms the effect is base - arm (what having / executing the card gives);
    for ``campaign<k>`` arms it is arm - base (what its arrival in campaign k
    does, against the base game's random deal)."""
    import pandas as pd

    seat = result.spec.agents[0]
    wr = result.win_rates()
    wr = wr[wr["seat"] == seat]
    by_name = {a.name: a for a in exp.arms if a.family}
    rows = []
    for _, r in wr.iterrows():
        arm = by_name.get(r["arm"])
        if arm is None:
            continue
        sign = -1.0 if arm.family in ("remove", "never") else 1.0
        lo, hi = sign * r["low"], sign * r["high"]
        rows.append({"level": r["level"], "family": arm.family, "arm": arm.name, "card": arm.card,
                     "effect": sign * r["difference"], "low": min(lo, hi), "high": max(lo, hi),
                     "p_adjusted": r["p_adjusted"]})
    df = pd.DataFrame(rows)
    if len(df):
        df["size"] = df["effect"].abs()
        df = df.sort_values(["level", "family", "size"], ascending=[True, True, False]).drop(columns="size")
    return df.reset_index(drop=True)


def cards_report(exp: Experiment, result) -> str:
    from .variants import facts

    f = facts(exp.volume)
    seat = result.spec.agents[0]
    df = card_effects(exp, result)
    lines = [f"# {result.spec.title}: card effects by intervention", "",
             f"Each effect is a paired difference in the {seat} win rate on the same {exp.games:,} games per arm "
             f"(base seed {exp.seed}), with Newcombe's paired 95% interval and McNemar's exact p adjusted by "
             f"{result.adjust} over all {result.hypotheses} tests of the experiment (report.md). Interventions, "
             "not correlations: each arm changes only the card's place in the deck or whether its text is ever "
             "executed.", ""]
    for (level, family), part in df.groupby(["level", "family"], sort=True):
        what = FAMILY_TEXT.get(family, f"the card arriving in campaign {family[len('campaign'):]} "
                                       "(arm - base, against the base game's random deal)")
        lines += [f"## {('level ' + level + ': ') if level else ''}{what}", "",
                  f"| rank | card | effect on {seat} wins | 95% interval | adjusted p |", "|---|---|---|---|---|"]
        for i, (_, r) in enumerate(part.iterrows(), 1):
            title = f.reader.card_titles[r["card"] - 1]
            if r["family"] == "never":
                title += f" ({r['arm'].rsplit('_', 1)[1]} text)"
            p = r["p_adjusted"]
            lines.append(f"| {i} | {title} | {r['effect']:+.3f} | [{r['low']:+.3f}, {r['high']:+.3f}] | "
                         f"{'< 1e-300' if p < 1e-300 else f'{p:.3g}'} |")
        lines.append("")
    return "\n".join(lines)
