"""`britishway compare`: paired comparison of rollout arms (britishway_env/compare.py).

Hand-made Palestine rows (valid under the victory conditions, 7.0.1 and 7.0.2:
the Irgun win in the round Political Will reaches 0, the British in the third
and last round with it above 0) give measures computed here by hand; files with
a run's provenance test the pairing checks; one small real run tests the
command end to end.
"""

import math
import statistics

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from britishway_env import compare, rollouts
from britishway_env.cli import app
from britishway_env.engine.coin.rollouts import seeds_of
from britishway_env.engine.stats import benjamini_hochberg, holm, mcnemar_exact, paired_difference, wilson_interval
from britishway_env.errors import CompareError

PROPAGANDA = (33, 34, 35)                 # Palestine's Propaganda cards, one per campaign (2.1)
POLICIES = {"british": "heuristic", "irgun": "heuristic"}


def game(winner: str, pw: list[int], decisions: int, extra_cards: int = 0) -> dict:
    """One game's row: ``pw`` after each Propaganda Round; one event card per
    campaign (plus ``extra_cards`` in the first), then its Propaganda card."""
    cards, events = [], iter(range(1, 33))
    for r in range(len(pw)):
        cards += [next(events) for _ in range(1 + (extra_cards if r == 0 else 0))] + [PROPAGANDA[r]]
    return {"winner": winner, "final_political_will": pw[-1], "political_will_after_round": pw,
            "victory_round": len(pw), "cards": cards, "events": [], "decisions": decisions}


def frame(games: list[dict], seed: int = 0, first: int = 0, provenance: bool = False, **policies) -> pd.DataFrame:
    """Rows of games ``first..`` of a run from base ``seed`` (each game's seed as a run derives it)."""
    chosen = {**POLICIES, **policies}
    numbers = np.arange(first, first + len(games), dtype=np.int64)
    df = pd.DataFrame(games)
    df.insert(0, "game", numbers)
    df.insert(0, "seed", seeds_of(seed, numbers))
    for seat, name in chosen.items():
        df[f"policy_{seat}"] = name
    if provenance:
        plan = rollouts.plan("palestine", len(games), seed=seed, policies=chosen, first_game=first)
        df.attrs[rollouts.ATTRS_KEY] = plan.provenance(threads=1)
    return df


def by_winners(winners: str, irgun_round: int = 2) -> list[dict]:
    """A game per letter: 'I' an Irgun win in ``irgun_round``, 'B' a British win."""
    out = []
    for i, w in enumerate(winners):
        if w == "I":
            out.append(game("irgun", [12] * (irgun_round - 1) + [0], 150 + i))
        else:
            out.append(game("british", [15, 12, 9], 250 + i))
    return out


BASE = [game("irgun", [0], 100),                     # 18 -> 0: one lead change
        game("irgun", [12, 0], 110),                 # 18 -> 12 -> 0: one
        game("irgun", [8, 12, 0], 120, extra_cards=2),   # 18 -> 8 -> 12 -> 0: three
        game("british", [15, 12, 9], 300),           # one (9 < 10)
        game("british", [16, 14, 11], 310),          # none
        game("british", [5, 9, 10], 320)]            # one (18 -> 5); 10 is on the point: no change
ARM = [game("irgun", [5, 0], 90),
       game("british", [15, 12, 9], 130),
       game("british", [15, 12, 9], 150),
       game("british", [16, 14, 11], 300),
       game("british", [16, 14, 11], 280),
       game("irgun", [9, 4, 0], 200)]


def row(result, measure, seat="all", arm=None, level=""):
    t = result.table
    mask = (t["measure"] == measure) & (t["seat"] == seat) & (t["level"] == level)
    if arm is not None:
        mask &= t["arm"] == arm
    assert mask.sum() == 1, (measure, seat, arm, level)
    return t[mask].iloc[0]


def test_paired_measures_equal_hand_computed_ones_on_synthetic_rows():
    result = compare.compare_frames(frame(BASE), {"variant": frame(ARM, irgun="random")})
    assert list(result.table.columns) == list(compare.COLUMNS)
    # Irgun wins: base games 0, 1, 2; arm games 0, 5. Both: 1, arm only: 1, base only: 2, neither: 2.
    irgun = row(result, "win_rate", "irgun")
    assert irgun["base"] == pytest.approx(3 / 6) and irgun["arm_value"] == pytest.approx(2 / 6)
    assert irgun["difference"] == pytest.approx(-1 / 6) and irgun["games"] == 6
    xb, xa = np.array([1, 1, 1, 0, 0, 0], bool), np.array([1, 0, 0, 0, 0, 1], bool)
    assert (irgun["low"], irgun["high"]) == pytest.approx(paired_difference(xa, xb)[1:])
    assert irgun["p"] == pytest.approx(1.0)          # McNemar: 1 and 2 split games, 2 * P(X <= 1 | 3) = 1
    assert (irgun["base_low"], irgun["base_high"]) == pytest.approx(wilson_interval(3, 6))
    british = row(result, "win_rate", "british")
    assert british["difference"] == pytest.approx(1 / 6) and british["p_adjusted"] == irgun["p_adjusted"]
    # decisions: the mean of per-game differences, sample standard deviation over sqrt(6)
    d = [90 - 100, 130 - 110, 150 - 120, 300 - 300, 280 - 310, 200 - 320]
    half = 1.959963984540054 * statistics.stdev(d) / math.sqrt(6)
    dec = row(result, "decisions")
    assert dec["difference"] == pytest.approx(sum(d) / 6) and dec["low"] == pytest.approx(sum(d) / 6 - half)
    assert dec["base"] == pytest.approx(1260 / 6) and dec["arm_value"] == pytest.approx(1150 / 6)
    cards = row(result, "cards")                       # 2 cards per round played, game 2 two more
    assert cards["base"] == pytest.approx((2 + 4 + 8 + 6 + 6 + 6) / 6)
    assert cards["arm_value"] == pytest.approx((4 + 6 * 5) / 6)
    # balance: 1 - |british - irgun|; base 3/6 each -> 1, arm 4/6 against 2/6 -> 2/3
    bal = row(result, "balance")
    assert bal["base"] == pytest.approx(1.0) and bal["arm_value"] == pytest.approx(2 / 3)
    assert bal["difference"] == pytest.approx(-1 / 3) and bal["base_high"] == 1.0
    assert bal["low"] <= bal["difference"] <= bal["high"]
    # decisiveness: ended before the third (final) Propaganda Round: base games 0 and 1, arm game 0
    dv = row(result, "decisiveness")
    assert (dv["base"], dv["arm_value"]) == pytest.approx((2 / 6, 1 / 6))
    assert dv["difference"] == pytest.approx(-1 / 6)
    rounds = row(result, "victory_round")
    assert (rounds["base"], rounds["arm_value"]) == pytest.approx((15 / 6, 17 / 6))
    early = row(result, "early_victory_round", "irgun")          # Irgun wins: rounds 1, 2, 3 and 2, 3
    assert (early["base"], early["arm_value"], early["difference"]) == pytest.approx((2.0, 2.5, 0.5))
    lead = row(result, "lead_changes")                # base 1, 1, 3, 1, 0, 1; arm 1, 1, 1, 0, 0, 1
    assert (lead["base"], lead["arm_value"]) == pytest.approx((7 / 6, 4 / 6))
    assert result.hypotheses == 1 and np.isnan(row(result, "decisions")["p"])


def test_lead_changes_count_crossings_of_the_neutral_point():
    trajectories = [[16, 9, 9], [5, 0], [10, 12], [10, 8, 12], [], [12, 11, 10]]
    assert compare.lead_changes(trajectories, start=18, neutral=10).tolist() == [1, 1, 0, 2, 0, 0]
    assert compare.lead_changes([[8, 7, 7, 8]], start=14, neutral=7.5).tolist() == [2]      # Cyprus
    assert compare.lead_changes([[10, 12, 8]], start=10, neutral=10).tolist() == [1]       # no leader at first
    from britishway_env.registry import spec

    assert [compare.neutral_point(spec(v)) for v in ("palestine", "cyprus", "arab_revolt")] == [10, 7.5, 10]


def test_balance_interval_is_the_wilson_interval_through_one_minus_the_gap():
    lo, hi = wilson_interval(30, 100)                  # first seat 0.3: balance 0.6, one side of 1/2
    assert compare.balance_interval(30, 100) == pytest.approx((1 - abs(2 * lo - 1), 1 - abs(2 * hi - 1)))
    assert compare.balance_interval(50, 100)[1] == 1.0 and compare.balance_interval(50, 100)[0] < 1


def write(df: pd.DataFrame, path, provenance=True):
    rollouts.write_rows(df, path, provenance=provenance if provenance is not True else df.attrs.get(
        rollouts.ATTRS_KEY))
    return str(path)


def test_arms_of_another_seed_are_refused(tmp_path):
    base = write(frame(BASE, seed=0, provenance=True), tmp_path / "base.parquet")
    other = write(frame(ARM, seed=1, provenance=True, irgun="random"), tmp_path / "other.parquet")
    with pytest.raises(CompareError, match=r"played from base seed 1, the base 'base' .* from base seed 0"):
        compare.compare([base, other])
    # without provenance the games' own seeds tell
    with pytest.raises(CompareError, match="6 game numbers are in both but with other seeds"):
        compare.compare_frames(frame(BASE, seed=0), {"other": frame(ARM, seed=1)})


def test_partial_overlap_is_refused_unless_allowed(tmp_path):
    base = write(frame(BASE, seed=0, provenance=True), tmp_path / "base.parquet")
    shifted = write(frame(ARM, seed=0, first=2, provenance=True, irgun="random"), tmp_path / "shifted.parquet")
    with pytest.raises(CompareError, match=r"2 of the base's 6 games are not in the arm and 2 of the arm's 6 are "
                                           r"not in the base .*--allow-partial"):
        compare.compare([base, shifted])
    result = compare.compare([base, shifted], allow_partial=True)
    (pairing,) = result.pairings
    assert (pairing.games, pairing.base_only, pairing.arm_only, pairing.ranges) == (4, 2, 2, "2..5")
    assert row(result, "win_rate", "irgun")["games"] == 4
    assert any("compared on the 4 games both hold" in n for n in result.notes)
    parts = tmp_path / "parts"                             # a folder of two parts of one run is one input
    parts.mkdir()
    write(frame(ARM[:3], seed=0, provenance=True, irgun="random"), parts / "a.parquet")
    write(frame(ARM[3:], seed=0, first=3, provenance=True, irgun="random"), parts / "b.parquet")
    (pairing,) = compare.compare([base, f"arm={parts}"]).pairings
    assert (pairing.arm, pairing.games, pairing.ranges) == ("arm", 6, "0..5")


def test_holm_and_bh_adjust_the_win_rate_tests_of_every_arm():
    base = frame(by_winners("I" * 30 + "B" * 30))
    arms = {"strong": frame(by_winners("B" * 20 + "I" * 10 + "B" * 30)),     # 20 games lost
            "weak": frame(by_winners("B" * 6 + "I" * 24 + "I" * 2 + "B" * 28)),   # 6 lost, 2 won
            "same": frame(by_winners("B" + "I" * 29 + "I" + "B" * 29))}          # 1 lost, 1 won
    p = [mcnemar_exact(np.array(list(a)) == "I", np.array(list("I" * 30 + "B" * 30)) == "I")
         for a in ("B" * 20 + "I" * 10 + "B" * 30, "B" * 6 + "I" * 26 + "B" * 28, "B" + "I" * 30 + "B" * 29)]
    for method, expected in (("holm", holm(p)), ("bh", benjamini_hochberg(p)), ("none", p)):
        result = compare.compare_frames(base, arms, adjust=method)
        assert result.hypotheses == 3
        got = [row(result, "win_rate", "irgun", arm)["p_adjusted"] for arm in arms]
        assert got == pytest.approx(expected)
        assert [row(result, "win_rate", "irgun", arm)["p"] for arm in arms] == pytest.approx(p)
        assert [row(result, "win_rate", "british", arm)["p_adjusted"] for arm in arms] == pytest.approx(expected)
    assert holm(p) != pytest.approx(p)                 # the correction changes something here
    alone = compare.compare_frames(base, {"weak": arms["weak"]})        # an arm's bootstrap ignores the others
    assert (row(alone, "balance", arm="weak")[["low", "high"]].tolist() ==
            row(result, "balance", arm="weak")[["low", "high"]].tolist())
    with pytest.raises(CompareError, match="--adjust must be one of holm, bh, none"):
        compare.compare_frames(base, arms, adjust="bonferroni")


def test_levels_warn_where_a_significant_change_has_the_opposite_sign_at_another_level():
    def run(name, winners):
        return compare.run_of_frame(name, frame(by_winners(winners)))

    scripted = ("scripted", run("base", "I" * 30 + "B" * 30), [run("variant", "B" * 20 + "I" * 10 + "B" * 30)])
    trained = ("trained", run("base", "B" * 60), [run("variant", "I" * 20 + "B" * 40)])
    agreeing = ("trained", run("base", "I" * 60), [run("variant", "B" * 15 + "I" * 45)])
    result = compare.compare_runs([scripted, trained])
    assert result.levels == ["scripted", "trained"] and result.hypotheses == 2
    assert row(result, "win_rate", "irgun", "variant", "scripted")["difference"] < 0
    assert row(result, "win_rate", "irgun", "variant", "trained")["difference"] > 0
    (warning,) = result.warnings
    assert warning.startswith("variant: the change of the irgun win rate has opposite signs") and \
        "significant at scripted, trained" in warning
    assert compare.compare_runs([scripted, agreeing]).warnings == ()


def test_inputs_name_arms_and_levels():
    levels = compare.parse_inputs(["s:", "b.parquet", "bigdeck=x/a.parquet", "t:", "c.parquet", "bigdeck=d.parquet"])
    assert [(lv.name, lv.base.name, [a.name for a in lv.arms]) for lv in levels] == \
        [("s", "b", ["bigdeck"]), ("t", "c", ["bigdeck"])]
    assert str(levels[0].arms[0].path) == "x/a.parquet"
    (one,) = compare.parse_inputs(["base.parquet", "runs/arm.parquet"])
    assert (one.name, one.base.name, one.arms[0].name) == ("", "base", "arm")
    for tokens, message in ((["b.parquet"], "need a base and at least one arm"),
                            (["b.parquet", "x:", "c.parquet", "d.parquet"], "comes before the first one"),
                            (["a/b.parquet", "a/b.parquet"], "named 'b'"),
                            (["b.parquet", "=c.parquet"], "not NAME=FILE"),
                            (["s:", "b.parquet", "c.parquet", "s:", "d.parquet", "e.parquet"], "named twice")):
        with pytest.raises(CompareError, match=message):
            compare.parse_inputs(tokens)


def test_files_that_are_not_two_seat_coin_rows_are_refused(tmp_path):
    base = write(frame(BASE, provenance=True), tmp_path / "base.parquet")
    text = tmp_path / "notes.txt"
    text.write_text("not rows")
    with pytest.raises(CompareError, match="notes.txt is not a rollout rows file"):
        compare.compare([base, str(text)])
    foreign = tmp_path / "foreign.parquet"
    pd.DataFrame({"a": [1, 2]}).to_parquet(foreign)
    with pytest.raises(CompareError, match="foreign.parquet is not a rollout rows file"):
        compare.compare([base, str(foreign)])
    solo = pd.DataFrame({"seed": [1, 2], "game": [0, 1], "outcome": ["decisive_victory", "complete_loss"],
                         "policy": ["random", "random"]})
    solo_file = write(solo, tmp_path / "solo.parquet", provenance=None)
    with pytest.raises(CompareError, match=r"solo1948 rows \(1 seat.*needs a two-seat COIN volume"):
        compare.compare([solo_file, base])
    cyprus = frame([BASE[0], BASE[1], BASE[3]])           # Political Will within Cyprus's 0-15 (1.8)
    cyprus = cyprus.rename(columns={"policy_irgun": "policy_eoka"})
    cyprus["winner"] = cyprus["winner"].replace({"irgun": "eoka"})
    with pytest.raises(CompareError, match="different volumes: palestine: .*; cyprus"):
        compare.compare_runs([("", compare.run_of_frame("base", frame(BASE)),
                               [compare.run_of_frame("cy", cyprus, where="cyprus rows")])])


def test_cli_compares_a_real_arm_end_to_end(tmp_path, monkeypatch):
    """60 Palestine games of the scripted bots as the base, the same games with a random Irgun as the arm:
    the Irgun win rate drops and its interval excludes 0; CSV, Markdown and PNG are written."""
    runner = CliRunner()
    base, arm = tmp_path / "base.parquet", tmp_path / "irgun_random.parquet"
    for path, policy in ((base, "british=heuristic,irgun=heuristic"), (arm, "british=heuristic,irgun=random")):
        res = runner.invoke(app, ["rollouts", "palestine", "--games", "60", "--seed", "0", "--policy", policy,
                                  "--out", str(path), "--quiet", "--threads", "1"])
        assert res.exit_code == 0, res.output
    out, csv = tmp_path / "cmp" / "report.md", tmp_path / "cmp" / "table.csv"
    args = ["compare", str(base), str(arm), "--out", str(out), "--csv", str(csv)]
    monkeypatch.setattr("sys.argv", ["britishway", *args])         # the command the report shows
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    table = pd.read_csv(csv, keep_default_na=False, na_values=[""])
    irgun = table[(table["measure"] == "win_rate") & (table["seat"] == "irgun")].iloc[0]
    assert irgun["arm"] == "irgun_random" and irgun["games"] == 60
    assert irgun["difference"] < 0 and irgun["high"] < 0 and irgun["p_adjusted"] < 0.05
    text = out.read_text()
    assert text.split("```")[1].strip() == f"britishway compare {base} {arm} --out {out} --csv {csv}"
    assert "60 paired games, games 0..59, base seed 0" in text
    assert "Newcombe's interval for paired proportions (method 10)" in text and "Holm's step-down" in text
    assert "paired bootstrap percentile" in text and "![win-rate changes" in text
    assert out.with_suffix(".png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    res = runner.invoke(app, ["compare", str(base), str(arm), "--csv", str(tmp_path / "t.txt")])
    assert res.exit_code == 2 and "--csv" in res.output and "must end in .csv" in res.output
