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
import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from britishway_env import report, rollouts
from britishway_env.cli import app
from britishway_env.engine.stats import difference_interval, wilson_interval


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
    # the survival curve beside them: the share of all games that reached each round, and those ending in it
    assert bands["reached_share"].tolist() == pytest.approx([1, 1, 4 / 6, 4 / 6])
    assert bands["ended"].tolist() == [0, 2, 0, 4]


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
    path = report.write(table(), tmp_path / "rep", min_games=1)
    text = path.read_text()
    assert "| irgun | 6 | 4 | 0.6667 |" in text
    assert "| 3 | P5 Acre Prison Break |" in text                     # titles, not only numbers
    assert "P2 Exodus Affair: shaded by irgun | 0.5000 [" in text
    assert "## Cards, compared within a campaign" in text and "What this is not" in text
    assert "when each card is drawn" not in text
    for png in report.PLOTS[:3]:
        assert (tmp_path / "rep" / png).stat().st_size > 5000
    # the only capability executed (P9) has no other game that drew the card to compare with: folded, no plot
    assert "Folded capability texts (1)" in text and not (tmp_path / "rep" / "capabilities.png").exists()
    assert not [p for p in os.listdir(tmp_path / "rep") if p.endswith(".tmp")]
    report.write(table(), tmp_path / "rep", min_games=1)
    (tmp_path / "rep" / "capabilities.png").write_bytes(b"an older report's plot")
    quiet = table().assign(events=[[]] * 6)             # no event executed: no event plots, none left over
    text = report.write(quiet, tmp_path / "rep", min_games=1).read_text()
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


# ------------------------------------------------- what the plots and text say --

@pytest.fixture(scope="module")
def bots():
    """400 games with the scripted bots in both seats: rates in the middle, intervals far narrower than 0..1."""
    return rollouts.run("palestine", 400, seed=11, policies={"british": "heuristic", "irgun": "heuristic"})


@pytest.fixture
def figures(monkeypatch):
    """The figures the report draws, by file name, drawn (so their texts have sizes) before they are saved."""
    drawn = {}
    save = report._save_figure

    def keep(fig, path):
        fig.canvas.draw()
        fig.test_renderer = fig.canvas.get_renderer()                   # closing the figure drops its canvas
        drawn[path.name] = fig
        save(fig, path)

    monkeypatch.setattr(report, "_save_figure", keep)
    return drawn


def _span(shown):
    """The lowest and highest ends of the intervals of both groups of the rows shown."""
    return (shown[["ci95_low", "without_ci95_low"]].min().min(), shown[["ci95_high", "without_ci95_high"]].max().max())


def test_comparison_axes_are_fitted_to_the_intervals_shown(bots, figures, tmp_path):
    games = report.parse(bots)
    report.write(bots, tmp_path / "rep")
    rates = report.card_campaign_rates(games)
    shown = rates[~report.folded(rates)]
    low, high = _span(shown)
    for ax in figures["win_rate_by_card.png"].axes:
        a, b = ax.get_xlim()
        assert a < low and b > high                                   # every interval drawn lies inside
        assert low - a <= 0.05 and b - high <= 0.05                   # with a little margin, not 0..1
        assert b - a < 0.75
    events = report.event_rates(games)
    shown = events[~report.folded(events)]
    a, b = figures["win_rate_by_event.png"].axes[0].get_xlim()
    low, high = _span(shown)
    assert a < low and b > high and low - a <= 0.05 and b - high <= 0.05 and (a, b) != (0, 1)


def _window(artist, fig):
    return artist.get_window_extent(fig.test_renderer)


def test_sample_sizes_meet_neither_markers_nor_intervals_nor_each_other(bots, figures, tmp_path):
    report.write(bots, tmp_path / "rep")
    for name in ("win_rate_by_card.png", "win_rate_by_event.png", "capabilities.png"):
        fig = figures[name]
        boxes = [_window(t, fig) for ax in fig.axes for t in ax.texts if "/" in t.get_text()]
        assert len(boxes) >= 5, name
        areas = [_window(ax, fig) for ax in fig.axes]             # the data areas: markers and intervals
        for box in boxes:
            assert not any(box.overlaps(area) for area in areas), name
        for i, box in enumerate(boxes):
            assert not any(box.overlaps(other) for other in boxes[i + 1:]), name
        rows = [t for ax in fig.axes for t in ax.texts if "/" in t.get_text() and not t.get_text().startswith("n:")]
        assert all(" / " in t.get_text() for t in rows)
    labels = [t.get_text() for t in figures["win_rate_by_event.png"].axes[0].get_yticklabels()]
    assert labels and not [label for label in labels if "n=" in label]      # sizes in their own column


def test_rows_with_too_few_games_are_folded_counted_and_listed(bots, figures, tmp_path):
    games = report.parse(bots)
    events = report.event_rates(games).sort_values(["card", "side", "faction"], ascending=[True, False, True])
    few = report.folded(events)
    assert few.tolist() == ((events["games"] < 30) | (events["without_games"] < 30)).tolist()
    assert 0 < few.sum() < len(events)                               # some rows each way in these games
    text = report.write(bots, tmp_path / "rep").read_text()
    main, listed = text.split("## Event texts")[1].split("<details>")[0], text.split("## Event texts")[1]
    assert f"{len(events) - few.sum()} of {len(events)} event texts by faction are shown; " \
           f"**{few.sum()} folded**" in text
    assert f"Folded event texts ({few.sum()})" in listed
    for label, n in zip(events.loc[few, "label"], events.loc[few, "games"]):
        assert f"| {label} |" not in main and f"| {label} | {n:,} |" in listed
    for label in events.loc[~few, "label"]:
        assert f"| {label} | 0." in main or f"| {label} | 1." in main
    plotted = [t.get_text() for t in figures["win_rate_by_event.png"].axes[0].get_yticklabels()]
    assert plotted == events.loc[~few, "label"].tolist()
    # a higher threshold folds more; the command line takes it too
    strict = report.write(bots, tmp_path / "strict", min_games=60).read_text()
    assert "min_games" in strict and f"**{report.folded(events, 60).sum()} folded**" in strict
    rows = tmp_path / "bots.parquet"
    rollouts.write_rows(bots, rows)
    res = CliRunner().invoke(app, ["report", str(rows), "--out", str(tmp_path / "cli"), "--min-games", "60"])
    assert res.exit_code == 0, res.output
    assert f"**{report.folded(events, 60).sum()} folded**" in (tmp_path / "cli" / "report.md").read_text()


def test_the_command_line_default_is_the_documented_one(tmp_path):
    import inspect

    from britishway_env import cli

    default = inspect.signature(cli.report).parameters["min_games"].default.default
    assert default == report.DEFAULT_MIN_GAMES == inspect.signature(report.write).parameters["min_games"].default


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "30", None])
def test_a_bad_min_games_is_refused(bad, tmp_path):
    with pytest.raises(report.ReportError, match=r"min_games \(--min-games\) must be a whole number of games, at "
                                                 r"least 1"):
        report.write(table(), tmp_path / "rep", min_games=bad)
    assert not (tmp_path / "rep").exists()


def test_bad_min_games_on_the_command_line(tmp_path):
    rows = tmp_path / "rows.parquet"
    table().to_parquet(rows)
    res = CliRunner().invoke(app, ["report", str(rows), "--out", str(tmp_path / "r"), "--min-games", "0"])
    assert res.exit_code == 2 and "at least 1" in res.output and not (tmp_path / "r").exists()


def test_political_will_is_shown_round_by_round_beside_the_games_still_going(figures, tmp_path):
    text = report.write(table(), tmp_path / "rep").read_text()
    fig = figures["political_will.png"]
    alive, will = fig.axes
    assert [bar.get_height() for bar in alive.patches] == pytest.approx([1, 4 / 6, 4 / 6])
    # no line joins the rounds: each round's games are a different set (those that ended earlier are gone)
    for line in will.get_lines():                                     # the start level is a dotted reference
        x = np.asarray(line.get_xdata(), dtype=float)
        assert x.max() - x.min() < 1 or line.get_linestyle() == ":", x
    ticks = [t.get_text() for t in will.get_xticklabels()]
    assert ticks == ["after round 1\nn=6", "after round 2\nn=4", "after round 3\nn=4"]
    assert "each box describes a different set of games" in text and "survival curve" in text
    assert "| 3 | 4 | 66.7% | 4 |" in text                             # round, games, share, ended in it


def test_comparisons_are_against_the_games_compared_with_and_labelled_correlational(figures, tmp_path):
    rates = report.event_rates(report.parse(table()))
    p1 = rates_of(rates, card=1, side="shaded", faction="irgun")      # with 2/2, the others 0/2, all games 4/6
    assert p1["difference"] == 1.0                                   # not 1 - 4/6
    assert (p1["difference_ci95_low"], p1["difference_ci95_high"]) == pytest.approx(
        difference_interval(2, 2, 0, 2)[1:])
    cards = report.card_campaign_rates(report.parse(table()))
    c2 = rates_of(cards, campaign=2, card=1)                         # 1/1 against 1/3
    assert c2["difference"] == pytest.approx(1 - 1 / 3)
    text = report.write(table(), tmp_path / "rep", min_games=1).read_text()
    assert "**Correlational.**" in text and "not the card's effect" in text
    assert "games that drew more cards last longer" in text and "difference [Newcombe 95%]" in text
    assert "| P1 Operation Agatha: shaded by irgun | 1.0000 [" in text and "| +1.0000 [" in text
    for name in ("win_rate_by_card.png", "win_rate_by_event.png"):     # no line at a rate of other games
        labels = [h.get_label() for ax in figures[name].axes for h in ax.get_lines()]
        assert not [label for label in labels if "all games" in label], name
        assert not [ax for ax in figures[name].axes for line in ax.get_lines()
                    if len(set(line.get_xdata())) == 1 and len(line.get_xdata()) == 2], name


@pytest.mark.parametrize("policies", [{"irgun": "random"}, {"british": "random", "irgun": "random"}])
def test_random_play_is_not_called_a_balance_report(policies, tmp_path):
    text = report.write(table(**policies), tmp_path / "rep", min_games=1).read_text()
    seats = " and ".join(f"{seat}=random" for seat in ("british", "irgun") if policies.get(seat) == "random")
    assert text.startswith(f"# Palestine rollout report (random play)\n\n> **Random play** ({seats}): these rates "
                           "describe random play, not the game's balance.")
    assert "balance report" not in text.split("\n")[0]
    assert "## Cards" not in text and "## Event texts" not in text and "## Capabilities" not in text
    assert sorted(os.listdir(tmp_path / "rep")) == ["political_will.png", "report.md"]
    assert "## Who wins" in text and "## Political Will over the game" in text
    assert report.random_seats(table(**policies)) == [s for s in ("british", "irgun") if policies.get(s) == "random"]
    assert report.random_seats(table()) == []


def test_the_command_line_warns_of_random_play(tmp_path):
    rows = tmp_path / "rows.parquet"
    table(british="random").to_parquet(rows)
    res = CliRunner().invoke(app, ["report", str(rows), "--out", str(tmp_path / "r"), "--title", "Mine"])
    assert res.exit_code == 0, res.output
    assert "random play (british=random): these rates describe random play, not the game's balance" in res.output
    text = (tmp_path / "r" / "report.md").read_text()
    assert text.startswith("# Mine\n\n> **Random play** (british=random)")
