"""Smoke test of benchmarks/bench_training.py: every route runs on a tiny
budget and the tables come out. No timed assertions."""

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "bench_training.py"


def test_bench_training_quick_measures_every_route(tmp_path):
    pytest.importorskip("sb3_contrib")
    report = tmp_path / "report.md"
    report.write_text("# Other section\n\nkept\n")
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--write", str(report)], cwd=REPO,
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = proc.stdout
    assert out.startswith("# Benchmarks: training")
    for row in ("| vector env, 64 games |", "| AEC `raw_env` loop |", "| tutorial route (`DummyVecEnv`, 1 env) |",
                "| vector env (16 games, `SB3VectorEnv`) |", "| tutorial route as written (1 env) |",
                "| tutorial route, 8 `DummyVecEnv` copies |", "`copy=False`"):
        assert row in out
    assert "Aims: the vector env at least 1,000,000 learner steps/s" in out
    written = report.read_text()
    assert "# Other section\n\nkept" in written and "# Benchmarks: training" in written
