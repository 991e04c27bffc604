"""The balance notebook runs end to end on a small number of games.

Its code cells are executed in order in one namespace (no Jupyter kernel
needed), in a temporary directory so its report lands there.
"""

import json
import os
from pathlib import Path

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "palestine_balance.ipynb"


def test_palestine_balance_notebook_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("BRITISHWAY_NOTEBOOK_GAMES", "400")
    monkeypatch.chdir(tmp_path)
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    namespace: dict = {}
    for cell in cells:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), f"{NOTEBOOK.name}", "exec"), namespace)
    assert len(namespace["df"]) == 400
    comparison = namespace["comparison"]
    assert comparison["games"].sum() == 400
    assert (tmp_path / "report_palestine_balance" / "report.md").exists()
    assert os.path.getsize(tmp_path / "report_palestine_balance" / "win_rate_by_card.png") > 5000
