"""Smoke test of benchmarks/bench_aims.py: one quick run writes every aim's row for a volume."""

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "bench_aims.py"


def test_bench_aims_quick_writes_a_row_per_aim(tmp_path):
    page = tmp_path / "bench.md"
    page.write_text("# Other section\n\nkept\n")
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--volumes", "cyprus", "--write", str(page)],
                          cwd=REPO, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    text = page.read_text()
    assert text.startswith("# Other section\n\nkept\n")
    section = text[text.index("# Benchmarks: the speed aims"):]
    rows = [line for line in section.splitlines() if line.startswith("| Cyprus |")]
    assert any("scripted bots" in r and "<= 15x" in r for r in rows)
    assert any("vector env games/s" in r and ">= 0.8" in r for r in rows)
    assert any("16 slots" in r for r in rows)            # the sweep's row
    spiel = any("OpenSpiel" in r for r in rows)
    assert spiel or "OpenSpiel is not installed here" in section
    split = [r for r in rows if "a step's time" in r]
    assert len(split) == 1                                 # the vector env's step split in three shares
    shares = [float(x.strip().rstrip("%")) for x in split[0].split("|")[3].split("/")]
    assert len(shares) == 3 and all(0 <= x <= 100 for x in shares) and 97 <= sum(shares) <= 103
    assert any("were the env's Python and the learner's draws free" in r for r in rows)
    for r in rows:                                         # every other ratio a number
        if r not in split:
            ratio = r.split("|")[3].strip().split()[0].rstrip("x")
            assert float(ratio) > 0


def test_bench_aims_refuses_a_bad_sweep():
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--sweep", "x"], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "--sweep" in proc.stderr


def test_bench_aims_will_not_drop_the_openspiel_rows_where_openspiel_is_missing(tmp_path):
    """A run without OpenSpiel has no per-core rows: it must not replace a section that holds them."""
    shadow = tmp_path / "shadow"
    shadow.mkdir()
    (shadow / "pyspiel.py").write_text("raise ImportError('no OpenSpiel in this test')\n")
    page = tmp_path / "bench.md"
    text = ("# Benchmarks: the speed aims\n\n| volume | ratio |\n|---|---|\n"
            "| Cyprus | random play decisions/s per core / OpenSpiel C++ `hearts` | 2.54x |\n\n# Next\n\nkept\n")
    page.write_text(text)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(shadow), os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--volumes", "cyprus", "--write", str(page)],
                          cwd=REPO, capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 2 and "--without-openspiel" in proc.stderr, proc.stderr[-2000:]
    assert page.read_text() == text


def test_a_small_ratio_keeps_two_significant_digits():
    """A short block on a loaded machine can make a ratio of a few thousandths: printed to two
    decimals it would read 0.00, as if nothing had been measured."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("_bench_aims", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.path.remove(str(SCRIPT.parent))
    assert [mod.ratio_text(x) for x in (0.4531, 2.5, 0.0, 0.0123, 0.00414)] == ["0.45", "2.50", "0.00", "0.012",
                                                                               "0.0041"]
    assert mod.span([0.0041, 0.52]) == "0.0041-0.52"
