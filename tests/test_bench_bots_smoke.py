"""Smoke test of benchmarks/bench_bots_palestine.py: it runs on a few games
and prints its tables. No timed assertions."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "bench_bots_palestine.py"


def test_bench_bots_quick_prints_the_bots_time_by_decision_and_the_budget(tmp_path):
    report = tmp_path / "report.md"
    report.write_text("# Other section\n\nkept\n")
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--write", str(report)], cwd=REPO,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = proc.stdout
    assert out.startswith("# Benchmarks: Palestine scripted bots")
    assert "| choose a box | british |" in out and "| choose a box | irgun |" in out
    assert "| decisions |" in out and "| bot choices (" in out and "| whole game |" in out
    assert "A scripted game costs" in out
    # the aim's budget, measured in compiled loops, and the tie-break hash's share of it; the ties
    # are counted by a plain-Python replay that must choose as the compiled bots do
    assert "| a random game (uniform random play, the same seeds) |" in out
    assert "| what the 3x aim leaves the bots |" in out and "| the tie-break hashes (" in out
    assert "cannot be made cheaper with the choices unchanged" in out
    written = report.read_text()
    assert "# Other section\n\nkept" in written and "# Benchmarks: Palestine scripted bots" in written
