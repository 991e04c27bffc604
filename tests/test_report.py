"""Balance report: statistics on a hand-made rollout table, the checks on its
input, and the files written.

The hand-made table is built so that the old "win rate when the card is
drawn" misleads: card P5 is drawn only in games that reach the third
campaign (2.1, 6.0), where the Irgun wins less often (victory is checked in
Propaganda Rounds only, 7.0), so over all games it looks bad for the Irgun
(1/2 when drawn against 3/4 when not); within the third campaign it makes no
difference (1/2 against 1/2).
"""

import os

import matplotlib.figure
import pandas as pd
import pytest
from typer.testing import CliRunner

from britishway_env import report, rollouts
from britishway_env.cli import app
from britishway_env.engine.stats import wilson_interval


def table(**policies):
    return pd.DataFrame({
        "seed": [101, 102, 103, 104, 105, 106],
        "game": [0, 1, 2, 3, 4, 5],
        "winner": ["irgun", "irgun", "british", "irgun", "irgun", "british"],
        "final_political_will": [0, 0, 5, 0, 0, 9],
        "political_will_after_round": [[0], [0], [10, 8, 5], [12, 6, 0], [9, 4, 0], [15, 12, 9]],
        "victory_round": [1, 1, 3, 3, 3, 3],
        "cards": [[1, 33], [2, 9, 33], [1, 33, 2, 34, 5, 35], [2, 33, 3, 34, 5, 35], [3, 33, 1, 34, 2, 35],
                  [3, 33, 2, 34, 1, 35]],
        "events": [["P1:shaded:irgun"], ["P9:unshaded:irgun"], ["P1:unshaded:british", "P2:shaded:irgun"],
                   ["P2:shaded:irgun"], ["P1:shaded:irgun"], ["P2:shaded:british", "P1:unshaded:british"]],
        "decisions": [100, 120, 300, 310, 290, 305],
        "policy_british": policies.get("british", "heuristic"),
        "policy_irgun": policies.get("irgun", "heuristic"),
    })


def rates_of(frame, **where):
    mask = pd.Series(True, index=frame.index)
    for column, value in where.items():
        mask &= frame[column] == value
    assert mask.sum() == 1, where
    return frame[mask].iloc[0]


def test_cards_are_compared_within_the_campaign_not_over_all_games():
    rates = report.card_campaign_rates(report.parse(table()))
    p5 = rates_of(rates, campaign=3, card=5)
    assert (p5["games"], p5["irgun_wins"], p5["without_games"], p5["without_irgun_wins"]) == (2, 1, 2, 1)
    assert p5["difference"] == 0.0                       # over all games it would read 0.5 against 0.75
    assert (p5["ci95_low"], p5["ci95_high"]) == pytest.approx(wilson_interval(1, 2))
    # P1 in each campaign, among the games that reached it
    c1, c2, c3 = (rates_of(rates, campaign=k, card=1) for k in (1, 2, 3))
    assert (c1["games"], c1["irgun_wins"], c1["without_games"], c1["without_irgun_wins"]) == (2, 1, 4, 3)
    assert (c2["games"], c2["irgun_wins"], c2["without_games"], c2["without_irgun_wins"]) == (1, 1, 3, 1)
    assert (c3["games"], c3["irgun_wins"], c3["without_games"], c3["without_irgun_wins"]) == (1, 0, 3, 2)
    assert (c2["without_ci95_low"], c2["without_ci95_high"]) == pytest.approx(wilson_interval(1, 3))
    # a card never drawn in a campaign: no games, no rate, everyone who reached it on the other side
    p7 = rates_of(rates, campaign=2, card=7)
    assert p7["games"] == 0 and pd.isna(p7["irgun_win_rate"]) and p7["without_games"] == 4
    assert rates_of(rates, campaign=1, card=21)["label"] == "P21 United Resistance Movement"
    assert len(rates) == 3 * 32                          # event cards only, never the Propaganda cards


def test_events_are_split_by_executing_faction_against_the_other_games_that_drew_the_card():
    rates = report.event_rates(report.parse(table()))
    by_irgun = rates_of(rates, card=2, side="shaded", faction="irgun")
    by_british = rates_of(rates, card=2, side="shaded", faction="british")
    assert (by_irgun["games"], by_irgun["irgun_wins"]) == (2, 1)
    assert (by_irgun["without_games"], by_irgun["without_irgun_wins"]) == (3, 2)     # games 1, 4, 5
    assert (by_british["games"], by_british["irgun_wins"]) == (1, 0)
    assert (by_british["without_games"], by_british["without_irgun_wins"]) == (4, 3)
    assert by_british["label"] == "P2 Exodus Affair: shaded by british"
    p1 = rates_of(rates, card=1, side="shaded", faction="irgun")
    assert (p1["games"], p1["irgun_wins"], p1["without_games"], p1["without_irgun_wins"]) == (2, 2, 2, 0)
    assert (p1["without_ci95_low"], p1["without_ci95_high"]) == pytest.approx(wilson_interval(0, 2))


def test_capabilities_count_a_text_whoever_executed_it():
    caps = report.capability_impact(report.parse(table()))
    assert caps["card"].tolist() == [9]                  # the only capability (5.3) executed here
    p9 = caps.iloc[0]
    assert p9["label"] == "P9 Ernest Bevin: unshaded" and (p9["games"], p9["irgun_wins"]) == (1, 1)
    assert p9["without_games"] == 0 and pd.isna(p9["without_irgun_win_rate"])
    both = report.event_rates(report.parse(table()), by_faction=False)
    p2 = rates_of(both, card=2, side="shaded")
    assert (p2["games"], p2["irgun_wins"], p2["without_games"]) == (3, 1, 2)


def test_political_will_bands_per_round_over_games_reaching_it():
    bands = report.political_will_bands(table()).set_index("round")
    assert bands.loc[0, "median"] == 18
    assert bands.loc[1, "games"] == 6 and bands.loc[1, "median"] == pytest.approx(9.5)
    assert bands.loc[3, "games"] == 4 and bands.loc[3, "median"] == pytest.approx(2.5)


def test_rows_of_different_policy_pairs_are_refused_unless_pooled(tmp_path):
    mixed = pd.concat([table(), table(irgun="random")], ignore_index=True)
    with pytest.raises(report.ReportError, match=r"2 policy pairs \(british=heuristic vs irgun=heuristic: 6 games, "
                                                 r"british=heuristic vs irgun=random: 6 games\)"):
        report.write(mixed, tmp_path / "refused")
    assert not (tmp_path / "refused").exists()
    text = report.write(mixed, tmp_path / "pooled", pool=True).read_text()
    assert "**Pooled over 2 policy pairs**" in text and "12 games" in text
    assert "| heuristic | random | 6 | 4 | 0.6667 |" in text            # each pair on its own
    single = report.write(table(), tmp_path / "single").read_text()
    assert "6 games; british=heuristic vs irgun=heuristic." in single and "Pooled" not in single


def test_cli_report_refuses_mixed_pairs_and_pools_with_the_flag(tmp_path):
    rows = tmp_path / "mixed.parquet"
    pd.concat([table(), table(british="random")], ignore_index=True).to_parquet(rows)
    runner = CliRunner()
    res = runner.invoke(app, ["report", str(rows), "--out", str(tmp_path / "r")])
    assert res.exit_code == 2 and "2 policy pairs" in res.output and "--pool" in res.output
    res = runner.invoke(app, ["report", str(rows), "--out", str(tmp_path / "r"), "--pool"])
    assert res.exit_code == 0, res.output
    assert "Pooled over 2 policy pairs" in (tmp_path / "r" / "report.md").read_text()


def test_write_makes_markdown_with_titles_and_plots(tmp_path):
    path = report.write(table(), tmp_path / "rep")
    text = path.read_text()
    assert "| irgun | 6 | 4 | 0.6667 |" in text
    assert "| P5 Acre Prison Break |" in text                         # titles, not only numbers
    assert "P2 Exodus Affair: shaded by irgun | 0.5000 [" in text
    assert "## Cards, compared within a campaign" in text and "What this is not" in text
    assert "when each card is drawn" not in text
    for png in report.PLOTS:
        assert (tmp_path / "rep" / png).stat().st_size > 5000
    assert not [p for p in os.listdir(tmp_path / "rep") if p.endswith(".tmp")]
    quiet = table().assign(events=[[]] * 6)             # no event executed: no event plots, none left over
    text = report.write(quiet, tmp_path / "rep").read_text()
    assert "No event was executed in these games." in text
    assert not (tmp_path / "rep" / "win_rate_by_event.png").exists()
    assert not (tmp_path / "rep" / "capabilities.png").exists()


def test_a_failed_write_leaves_the_previous_report_and_no_temporary_file(tmp_path, monkeypatch):
    out = tmp_path / "rep"
    out.mkdir()
    (out / "report.md").write_text("previous report")

    def broken_savefig(self, fname, **kwargs):
        with open(fname, "wb") as f:
            f.write(b"half a png")
        raise OSError("disk full")

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", broken_savefig)
    with pytest.raises(OSError, match="disk full"):
        report.write(table(), out)
    assert (out / "report.md").read_text() == "previous report"
    assert sorted(os.listdir(out)) == ["report.md"]


@pytest.mark.parametrize("column, value, message", [
    ("winner", ["irgun", "irgun", "british", "irgun", "nobody", "british"], "'winner' must be"),
    ("victory_round", [1, 1, 3, 3, 3, 4], r"'victory_round' must be in 1\.\.3: game 5"),
    ("cards", [[1, 33], [2, 9, 33], [1, 33, 2, 34, 5], [2, 33, 3, 34, 5, 35], [3, 33, 1, 34, 2, 35],
               [3, 33, 2, 34, 1, 35]], r"one Propaganda card per Propaganda Round played .*game 2"),
    ("cards", [[1, 33], [2, 9, 33], [1, 33, 2, 34, 5, 35], [2, 33, 3, 34, 5, 35], [3, 33, 1, 34, 35, 2],
               [3, 33, 2, 34, 1, 35]], r"must end with the Propaganda card .*game 4"),
    ("cards", [[1, 33], [2, 2, 33], [1, 33, 2, 34, 5, 35], [2, 33, 3, 34, 5, 35], [3, 33, 1, 34, 2, 35],
               [3, 33, 2, 34, 1, 35]], r"card drawn twice \(game 1\)"),
    ("cards", [[1, 33], [2, 99, 33], [1, 33, 2, 34, 5, 35], [2, 33, 3, 34, 5, 35], [3, 33, 1, 34, 2, 35],
               [3, 33, 2, 34, 1, 35]], r"card numbers 1\.\.35 \(game 1\)"),
    ("cards", [[1, 33], "P2", [], None, [], []], "'cards' must hold lists"),
    ("events", [["P1:shaded:irgun"], ["P21:shaded:irgun"], [], [], [], []], r"did not draw \(game 1\)"),
    ("events", [["P1:shaded:irgun"], ["P9 unshaded"], [], [], [], []], "'P9 unshaded'"),
    ("events", [["P1:shaded:irgun"], ["P33:shaded:irgun"], [], [], [], []], r"event cards 1\.\.32 \(game 1\)"),
    ("events", [["P1:shaded:irgun"], ["P9:shaded:irgun", "P9:unshaded:british"], [], [], [], []],
     r"two events on one card .*\(game 1\)"),
    ("political_will_after_round", [[0], [0], [10, 8], [12, 6, 0], [9, 4, 0], [15, 12, 9]],
     r"one value per Propaganda Round played .*game 2"),
    ("political_will_after_round", [[0], [0], [10, 8, 5], [12, 6, 0], [9, 4, -1], [15, 12, 9]],
     r"0\.\.20 \(game 4\)"),
])
def test_inconsistent_tables_are_refused_naming_column_and_game(column, value, message):
    bad = table()
    bad[column] = value
    with pytest.raises(report.ReportError, match=message):
        report.parse(bad)


def test_bad_table_is_a_clear_error():
    with pytest.raises(report.ReportError, match="lacks columns"):
        report.write(pd.DataFrame({"winner": ["irgun"]}), "unused")
    with pytest.raises(report.ReportError, match="no games"):
        report.parse(table().iloc[:0])


def test_compiled_rollout_rows_are_read_as_played():
    df = rollouts.run("palestine", 120, seed=4, policies={"british": "heuristic", "irgun": "random"})
    games = report.parse(df)
    rates = report.card_campaign_rates(games)
    for k in (1, 2, 3):
        reached = int((df["victory_round"] >= k).sum())
        in_k = rates[rates["campaign"] == k]
        assert ((in_k["games"] + in_k["without_games"]) == reached).all()
        # every game that reached campaign k drew that campaign's cards: 4 to 8 event cards (2.1)
        drawn_per_game = (games.campaign_of[:, 1:33] == k).sum(axis=1)[df["victory_round"].to_numpy() >= k]
        assert drawn_per_game.min() >= 4 and drawn_per_game.max() <= 8
        assert in_k["games"].sum() == drawn_per_game.sum()
    executed = report.event_rates(games)
    assert executed["games"].sum() == df["events"].map(len).sum()
