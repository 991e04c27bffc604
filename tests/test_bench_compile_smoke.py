"""Smoke test of benchmarks/bench_compile.py (the cold-compile figures live in
docs/results/benchmarks.md; measuring them takes minutes, so here the stage
machinery runs on a tiny kernel and on the package's warm cache)."""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_compile  # noqa: E402


def test_compile_events_are_timed_per_module_with_callees_excluded(tmp_path):
    code = ("from numba import njit\n"
            "@njit\ndef inner(x):\n    return x + 1\n"
            "@njit\ndef outer(x):\n    return inner(x) * 2\n"
            "assert outer(1) == 4\n")
    data = bench_compile.run_stage(code, str(tmp_path))
    assert set(data["per_module"]) == {"__main__"}
    assert 0 < data["per_module"]["__main__"] <= data["wall_s"] <= data["process_s"]


def test_report_on_the_warm_cache(tmp_path):
    out = tmp_path / "bench.md"
    out.write_text("# Other section\n\nkept\n")
    text = bench_compile.main(["--warm", "--stages", "rules", "--volumes", "palestine,cyprus", "--write", str(out)])
    assert text.startswith(bench_compile.HEADING)
    assert len(re.findall(r"^\| rules \| \d", text, re.M)) == 2 and "## palestine" in text and "## cyprus" in text
    written = out.read_text()
    assert "# Other section" in written and "kept" in written and bench_compile.HEADING in written
