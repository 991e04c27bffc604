"""experiments/lab_pages.py writes the balance lab's page from experiments on disk (a smoke test on few games)."""

import subprocess
import sys
from pathlib import Path

from britishway_env.experiment import experiment_from_dict, run

ROOT = Path(__file__).resolve().parent.parent


def test_the_lab_page_is_written_from_the_experiments(tmp_path):
    balance = experiment_from_dict({"volume": "palestine", "games": 40, "seed": 1,
                                    "levels": {"scripted": "heuristic", "mixed": {"british": "heuristic",
                                                                                  "irgun": "random"}},
                                    "variants": [{"name": "pw20", "setup": {"political_will": 20}}]})
    run(balance, tmp_path / "palestine")
    cards = experiment_from_dict({"volume": "palestine", "games": 40, "seed": 2, "adjust": "bh",
                                  "cards": {"only": ["P1", "P2"], "remove": True}})
    run(cards, tmp_path / "palestine_cards")
    page = tmp_path / "page.md"
    done = subprocess.run([sys.executable, str(ROOT / "experiments" / "lab_pages.py"), "--volume", "palestine",
                           "--runs", str(tmp_path), "--out", str(page), "--top", "1"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    text = page.read_text()
    assert "| pw20 |" in text and "scripted" in text and "mixed" in text
    assert "P1 Operation Agatha" in text or "P2 Exodus Affair" in text
    assert page.with_suffix(".png").stat().st_size > 5000
