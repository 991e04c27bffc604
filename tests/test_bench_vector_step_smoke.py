"""Smoke test of benchmarks/bench_vector_step.py: one quick run of one volume
writes its section, every row a number, and a visit's split adds up to the
visit's fitted cost. No timed assertions."""

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "bench_vector_step.py"
HEADING = "# Benchmarks: the vector env's step, slot by slot"


def numbers(cell: str) -> list[float]:
    return [float(x) for x in re.findall(r"-?[\d,]*\.?\d+", cell.replace(",", ""))]


def test_bench_vector_step_quick_writes_its_section_and_the_split_adds_up(tmp_path):
    page = tmp_path / "bench.md"
    page.write_text("# Other section\n\nkept\n\n" + HEADING + "\n\nold\n\n# Next\n\nkept too\n")
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--volumes", "cyprus", "--write", str(page)],
                          cwd=REPO, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    text = page.read_text()
    assert text.startswith("# Other section\n\nkept\n") and text.endswith("# Next\n\nkept too\n")
    section = text[text.index(HEADING):text.index("# Next")]
    assert "old" not in section and "Command: `" in section
    assert "| | Cyprus |" in section and "Palestine" not in section.split("| | Cyprus |")[1]
    rows = {}
    for line in section.splitlines():
        if line.startswith("| ") and not line.startswith("| |"):
            label, cell = [c.strip() for c in line.strip("|").split("|")]
            rows[label] = numbers(cell)
    assert all(rows[k] for k in rows), rows                # every row a number
    for n in (4, 16):
        assert f"the step, {n:,} slots: µs a call / µs a visit" in rows
    a, b = rows["fit over the slot counts: a call's own µs (a) / a visit's µs (b)"]
    assert b > 0
    parts = [v[0] for k, v in rows.items() if k.startswith("a visit (b):")]
    assert len(parts) == 4
    assert abs(sum(parts) - b) <= 0.003                    # the four parts are the whole visit (rounding)
    assert rows["the step's games/s over random play's, 16 slots"][0] > 0


def test_bench_vector_step_refuses_bad_slots():
    for bad in ("x", "0", ""):
        proc = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--slots", bad], cwd=REPO,
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 2 and "--slots" in proc.stderr
