"""Paired experiments and card effects by intervention (britishway_env/experiment.py,
docs/experiments.md): the base and every arm on the same games at each level,
kept runs reused, the comparison and the card ranking written."""

import pandas as pd
import pytest
from typer.testing import CliRunner

from britishway_env.cli import app
from britishway_env.experiment import ExperimentError, card_arms, experiment_from_dict, load_experiment
from britishway_env.rollouts import read_rows

FILE = """
volume = "palestine"
games = 60
seed = 3
[levels]
scripted = "heuristic"
mixed = {british = "heuristic", irgun = "random"}
[[variants]]
name = "pw20"
setup = {political_will = 20}
[[variants]]
file = "pw12.toml"
[cards]
only = ["P5"]
remove = true
never = true
campaign = [1, 3]
"""


def test_an_experiment_runs_every_arm_on_the_base_games_and_reports(tmp_path):
    (tmp_path / "pw12.toml").write_text('volume = "palestine"\nname = "pw12"\n[setup]\npolitical_will = 12\n')
    (tmp_path / "e.toml").write_text(FILE)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["experiment", str(tmp_path / "e.toml"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    exp = load_experiment(tmp_path / "e.toml")
    assert [a.name for a in exp.arms] == ["base", "pw20", "pw12", "remove_P5", "never_P5_unshaded",
                                          "never_P5_shaded", "campaign1_P5", "campaign3_P5"]
    for level in ("scripted", "mixed"):
        base = read_rows(out / level / "base.parquet").frame
        for arm in exp.arms[1:]:
            rows = read_rows(out / level / f"{arm.name}.parquet")
            assert rows.frame["seed"].tolist() == base["seed"].tolist()       # paired: the same games
            assert rows.run["variant"]["name"] == arm.name
    table = pd.read_csv(out / "table.csv")
    assert set(table["level"]) == {"scripted", "mixed"} and len(set(table["arm"])) == 7
    pw = table[(table.arm == "pw12") & (table.measure == "win_rate") & (table.seat == "british")]
    assert (pw["difference"] <= 0).all()                 # a lower start of Political Will helps the Irgun (6.1)
    assert float(pw[pw.level == "scripted"]["difference"].iloc[0]) < 0
    cards = (out / "cards.md").read_text()
    assert "P5" in cards and "campaign 3" in cards and "(shaded text)" in cards
    assert "holm" in (out / "report.md").read_text().lower()
    again = CliRunner().invoke(app, ["experiment", str(tmp_path / "e.toml"), "--out", str(out)])
    assert again.exit_code == 0 and again.output.count("kept") >= 16


def test_experiment_file_errors_name_the_field(tmp_path):
    with pytest.raises(ExperimentError, match="volume"):
        experiment_from_dict({"volume": "solo1948", "variants": [{"name": "x"}]})
    with pytest.raises(ExperimentError, match="games"):
        experiment_from_dict({"volume": "palestine", "games": 0, "variants": [{"name": "x"}]})
    with pytest.raises(ExperimentError, match="levels.strong"):
        experiment_from_dict({"volume": "palestine", "levels": {"strong": "alphazero"}, "variants": [{"name": "x"}]})
    with pytest.raises(ExperimentError, match=r"variants\[0\].*political_will"):
        experiment_from_dict({"volume": "palestine", "variants": [{"name": "x", "setup": {"political_will": -1}}]})
    with pytest.raises(ExperimentError, match="used twice"):
        experiment_from_dict({"volume": "palestine", "variants": [{"name": "x"}, {"name": "x"}]})
    with pytest.raises(ExperimentError, match="no arms"):
        experiment_from_dict({"volume": "palestine"})
    with pytest.raises(ExperimentError, match="campaign"):
        card_arms("palestine", {"campaign": [4]}, "cards")
    with pytest.raises(ExperimentError, match="unknown key"):
        experiment_from_dict({"volume": "palestine", "variants": [{"name": "x"}], "gamez": 3})


def test_card_arms_cover_every_event_card_and_change_only_that_card():
    arms = card_arms("cyprus", {"remove": True, "never": True, "campaign": [2]}, "cards")
    assert len(arms) == 32 * 4
    a = next(x for x in arms if x.name == "never_C7_shaded")
    assert a.variant.spec == {"restrict": {"british": {"events": ["C7:shaded"]}, "eoka": {"events": ["C7:shaded"]}}}
    b = next(x for x in arms if x.name == "campaign2_C7")
    assert b.variant.spec == {"deck": {"place": {"7": 2}}} and b.family == "campaign2" and b.card == 7
