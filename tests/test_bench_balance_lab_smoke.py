"""Smoke test of benchmarks/bench_balance_lab.py: it plays, copies, reads
and rates on a few thousand games and prints its section. No timed
assertions."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "bench_balance_lab.py"


def test_bench_balance_lab_quick_runs_and_prints_every_table(tmp_path):
    page = tmp_path / "benchmarks.md"
    page.write_text("# Benchmarks: something else\n\nkept\n")
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--write", str(page)], cwd=REPO,
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = proc.stdout
    assert out.startswith("# The balance lab at scale")
    assert "| 2,000 | 4 x 500 | heuristic / heuristic |" in out
    assert "| 2,000 | report on the played run's 4 parts (with their run's provenance) |" in out
    assert "| 6,000 | report on 3 copies of the run's rows |" in out
    assert "| 12,000 | compare: the copies as base and as arm (6,000 rows each) |" in out
    for volume in ("palestine", "cyprus", "arab_revolt"):
        for strength, policy in (("scripted", "heuristic"), ("trained", "trained")):
            assert f"| {volume} | {strength} | {policy} | 100 |" in out
    text = page.read_text()
    assert "kept" in text and text.count("# The balance lab at scale") == 1
