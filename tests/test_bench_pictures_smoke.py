"""Smoke test of benchmarks/bench_pictures.py: a quick run writes a row per COIN volume asked for, the
kept board layer and the one-figure peer both timed."""

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "bench_pictures.py"


def test_bench_pictures_quick_writes_a_row_per_volume(tmp_path):
    page = tmp_path / "bench.md"
    page.write_text("# Other section\n\nkept\n")
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--volumes", "cyprus,palestine",
                           "--write", str(page)], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    text = page.read_text()
    assert text.startswith("# Other section\n\nkept\n")
    section = text[text.index("# Benchmarks: map pictures"):]
    rows = [line.split("|") for line in section.splitlines()
            if line.startswith("| ") and not line.startswith("| volume")]
    assert [r[1].strip() for r in rows] == ["cyprus", "palestine"]
    for r in rows:
        kept, once, ratio = (float(x) for x in r[2:5])
        (png, kb), (imsave, imsave_kb) = ([float(x) for x in cell.split(",")] for cell in r[5:7])
        assert min(kept, once, png, kb, imsave, imsave_kb) > 0
        assert abs(ratio - kept / once) < 0.01 + 0.01 * ratio
        assert abs(float(r[7]) - png / imsave) < 0.01 + 0.01 * png / imsave


def test_bench_pictures_refuses_an_unknown_volume():
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--volumes", "narnia"], cwd=REPO,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 2 and "--volumes" in proc.stderr
