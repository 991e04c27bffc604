"""Smoke test of benchmarks/bench_solo1948.py: it runs and prints its table.

No timed assertions: the figures depend on the machine.
"""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "bench_solo1948.py"


def test_bench_quick_runs_and_prints_table():
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick"], cwd=REPO,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = proc.stdout
    assert "Blackjack-v1" in out
    assert "ratio" in out.lower()
    assert "| random |" in out and "| heuristic |" in out
    assert "britishway/Solo1948-v0" in out
    assert "|---|" in out  # a markdown table
