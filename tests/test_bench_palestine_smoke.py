"""Smoke test of benchmarks/bench_palestine.py: it runs and prints its tables.

No timed assertions: the figures depend on the machine. The peers
(PettingZoo classic, OpenSpiel) come from the optional ``bench`` extra; when
they are not installed the script reports them as unavailable and still runs.
"""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "bench_palestine.py"


def test_bench_palestine_quick_runs_and_prints_tables():
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick"], cwd=REPO,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = proc.stdout
    assert out.startswith("# Benchmarks: Palestine")
    assert "connect_four" in out  # measured, or "unavailable: <reason>"
    assert "hearts" in out
    assert "ratio" in out.lower()
    assert "palestine_v0.env()" in out
    assert "|---|" in out  # a markdown table
