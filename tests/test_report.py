"""Balance report: statistics on a hand-made rollout table, and the files written."""

import pandas as pd
import pytest

from britishway_env import report
from britishway_env.engine.stats import wilson_interval


def table():
    return pd.DataFrame({
        "winner": ["irgun", "british", "british", "irgun"],
        "political_will_after_round": [[10, 0], [12, 14, 15], [16], [3]],
        "victory_round": [2, 3, 1, 1],
        "cards": [[21, 1, 33], [21, 2, 33, 3, 34, 35], [5, 33], [1, 33]],
        "events": [["P21:shaded:irgun"], ["P21:unshaded:british", "P9:unshaded:british"], [], ["P21:shaded:irgun"]],
        "decisions": [100, 300, 50, 70],
    })


def test_card_rates_count_each_game_once_with_wilson_intervals():
    rates = report.conditional_rates(table(), "cards", report.card_label).set_index("label")
    assert rates.loc["P21", "games"] == 2 and rates.loc["P21", "irgun_wins"] == 1
    assert rates.loc["P1", "games"] == 2 and rates.loc["P1", "irgun_win_rate"] == 1.0
    assert rates.loc["P1", "rate_without"] == 0.0                 # the two games without P1: British wins
    assert (rates.loc["P21", "ci95_low"], rates.loc["P21", "ci95_high"]) == pytest.approx(wilson_interval(1, 2))


def test_event_rates_group_by_text_and_capabilities_by_side():
    events = report.conditional_rates(table(), "events", report.event_label).set_index("label")
    assert events.loc["P21 shaded", "games"] == 2 and events.loc["P21 shaded", "irgun_win_rate"] == 1.0
    assert events.loc["P21 unshaded", "irgun_win_rate"] == 0.0
    caps = report.capability_impact(table()).set_index("label")
    assert caps.loc["P9 unshaded", "games"] == 1 and caps.loc["P9 not executed", "games"] == 3
    assert caps.loc["P9 not executed", "irgun_wins"] == 2


def test_political_will_bands_per_round_over_games_reaching_it():
    bands = report.political_will_bands(table()).set_index("round")
    assert bands.loc[0, "median"] == 18
    assert bands.loc[1, "games"] == 4 and bands.loc[1, "median"] == pytest.approx(11.0)
    assert bands.loc[2, "games"] == 2 and bands.loc[3, "games"] == 1 and bands.loc[3, "median"] == 15


def test_write_makes_markdown_and_plots(tmp_path):
    path = report.write(table(), tmp_path / "rep")
    text = path.read_text()
    assert "| irgun | 4 | 2 | 0.5000 |" in text and "P21 shaded" in text
    for png in ("political_will.png", "win_rate_by_card.png", "win_rate_by_event.png", "capabilities.png"):
        assert (tmp_path / "rep" / png).stat().st_size > 5000


def test_bad_table_is_a_clear_error():
    with pytest.raises(report.ReportError, match="lacks columns"):
        report.write(pd.DataFrame({"winner": ["irgun"]}), "unused")
