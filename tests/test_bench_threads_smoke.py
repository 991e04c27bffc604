"""Smoke test of benchmarks/bench_threads.py: a quick run writes a row per thread count."""

import subprocess
import sys
from pathlib import Path

import numba

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "bench_threads.py"


def test_bench_threads_quick_writes_both_hand_offs_for_each_thread_count(tmp_path):
    page = tmp_path / "bench.md"
    page.write_text("# Other section\n\nkept\n")
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--write", str(page)],
                          cwd=REPO, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    text = page.read_text()
    assert text.startswith("# Other section\n\nkept\n")
    section = text[text.index("# Benchmarks: a step's hand-off to threads"):]
    rows = [line.split("|") for line in section.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert [int(r[1]) for r in rows] == list(range(1, numba.config.NUMBA_NUM_THREADS + 1))
    for r in rows:
        assert float(r[2]) > 0 and float(r[3]) > 0
