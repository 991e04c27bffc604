"""Smoke test of benchmarks/bench_rollouts_palestine.py: it runs on a
small number of games and prints its table. No timed assertions."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "bench_rollouts_palestine.py"


def test_bench_rollouts_quick_runs_and_prints_a_row_per_pair():
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick"], cwd=REPO,
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = proc.stdout
    assert out.startswith("# Benchmarks: Palestine rollouts")
    assert "2,000 Palestine games per policy pair" in out
    for pair in ("| random | random |", "| heuristic | heuristic |", "| heuristic | random |"):
        assert pair in out
    assert "1.0x" in out


def test_bench_rollouts_quick_for_cyprus():
    proc = subprocess.run([sys.executable, str(SCRIPT), "--volume", "cyprus", "--quick",
                           "--pairs", "random/random,heuristic/heuristic"], cwd=REPO,
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = proc.stdout
    assert out.startswith("# Benchmarks: Cyprus rollouts") and "2,000 Cyprus games per policy pair" in out
    assert "| British | EOKA |" in out and "| heuristic | heuristic |" in out


def test_bench_rollouts_quick_for_arab_revolt():
    proc = subprocess.run([sys.executable, str(SCRIPT), "--volume", "arab_revolt", "--quick",
                           "--pairs", "random/random,heuristic/heuristic"], cwd=REPO,
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = proc.stdout
    assert out.startswith("# Benchmarks: Arab Revolt rollouts") and "2,000 Arab Revolt games per policy pair" in out
    assert "| British | Rebels |" in out and "| heuristic | heuristic |" in out
