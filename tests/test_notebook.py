"""The balance notebook runs end to end on a small number of games.

Its code cells are executed in order in one namespace (no Jupyter kernel
needed), in a temporary directory so its report lands there.
"""

import json
import os
from pathlib import Path

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "palestine_balance.ipynb"


def run_notebook(path: Path, games: int, tmp_path, monkeypatch) -> dict:
    """Execute the notebook's code cells in order in one namespace, in ``tmp_path``, on ``games`` games."""
    monkeypatch.setenv("BRITISHWAY_NOTEBOOK_GAMES", str(games))
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    for cell in json.loads(path.read_text())["cells"]:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), path.name, "exec"), namespace)
    return namespace


def test_palestine_balance_notebook_runs(tmp_path, monkeypatch):
    namespace = run_notebook(NOTEBOOK, 400, tmp_path, monkeypatch)
    assert len(namespace["df"]) == 400
    comparison = namespace["comparison"]
    assert comparison["games"].sum() == 400
    assert (tmp_path / "report_palestine_balance" / "report.md").exists()
    assert os.path.getsize(tmp_path / "report_palestine_balance" / "win_rate_by_card.png") > 5000


LAB = NOTEBOOK.parent / "balance_lab.ipynb"


def test_balance_lab_notebook_answers_its_three_questions(tmp_path, monkeypatch):
    """notebooks/balance_lab.ipynb end to end on a small number of games: the
    balance per strength level, the paired effect of Political Will 20, and
    the card interventions ranked."""
    namespace = run_notebook(LAB, 60, tmp_path, monkeypatch)
    assert list(namespace["favoured"]["level"]) == ["scripted", "trained", "league"]
    assert (namespace["favoured"]["games"] == 60).all()
    pw = namespace["pw_table"]
    assert set(pw["level"]) == {"scripted", "league"} and set(pw["arm"]) == {"pw20"}
    effects = namespace["effects"]
    assert set(effects["family"]) == {"remove", "never"} and len(effects) == 32 * 3
    assert (tmp_path / "balance_lab_palestine" / "cards" / "cards.md").exists()
    assert (tmp_path / "balance_lab_palestine" / "political_will" / "report.md").exists()
