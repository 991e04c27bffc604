"""Smoke test of benchmarks/bench_search.py: it runs on a few games and decisions and
prints its tables, the kernel against the lock-step batches and a random game. No timed
assertions."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "bench_search.py"


def test_bench_search_quick_prints_both_tables(tmp_path):
    report = tmp_path / "report.md"
    report.write_text("# Other section\n\nkept\n")
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--volumes", "cyprus", "--write", str(report)],
                          cwd=REPO, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = proc.stdout
    assert out.startswith("# Benchmarks: networks in the kernels and the search bot")
    assert "| cyprus | " in out and "x random" in out and "lock-step" in out
    for level in ("`search:50`", "`search`", "`search:400`", "`search:1600`", "`search:100+value`"):
        assert f"| cyprus | {level} |" in out
    bots = out[out.index("| volume | `heuristic` | `trained` | `league` |"):].splitlines()
    assert bots[2].startswith("| cyprus | ") and len(bots[2].split("|")) == 6   # a time for each of the three bots
    written = report.read_text()
    assert "# Other section\n\nkept" in written and "# Benchmarks: networks in the kernels" in written
