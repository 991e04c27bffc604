"""benchmarks/profile_kernels.py: perf's samples named by compiled function.
The naming and the report's arithmetic are tested everywhere; the run itself
where Linux perf can attach to a process (skipped otherwise). No timed assertions."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "profile_kernels.py"
HEADING = "# Benchmarks: compiled functions by time"
sys.path.insert(0, str(REPO / "benchmarks"))

import profile_kernels as pk  # noqa: E402


def test_numba_symbols_are_named_module_dot_function_and_others_are_left_out():
    rules = "_ZN14britishway_env7volumes6cyprus5turns10rules_maskB4v217B52c8tJTIeFIjxB2IKSgI4E5ArrayIxLi1E1C7mutable"
    engine = "_ZN14britishway_env6engine6policy13uniform_legalB2v9B42c8tJTIeFIjxB2IKSgI4CrvQClUaPLJhwEUSBJgA_3dE"
    wrapper = "_ZN7cpython14britishway_env7volumes6cyprus7playout16play_random_rowsB2v1"
    assert pk.function_name(rules) == "turns.rules_mask"
    assert pk.function_name(engine) == "engine.policy.uniform_legal"
    assert pk.function_name(wrapper) is None
    assert pk.function_name("_PyEval_EvalFrameDefault") is None
    assert pk.function_name("_ZN5numba7cpython8builtins3maxB2v1") is None


def test_the_report_counts_only_the_package_s_compiled_code_and_adds_a_function_s_copies():
    text = "\n".join([
        "# Samples: 1K of event 'cpu-clock'",
        "    40.00%  [.] _ZN14britishway_env7volumes9palestine5turns10rules_maskB4v1E5Array",
        "    10.00%  [.] _ZN14britishway_env7volumes9palestine5turns10rules_maskB4v2E5Array",
        "    30.00%  [.] _ZN14britishway_env7volumes9palestine7playout16play_random_rowsB2v1",
        "    15.00%  [.] _PyEval_EvalFrameDefault",
        "     5.00%  [k] clear_page_erms",
    ])
    shares, total = pk.parse_report(text)
    assert total == pytest.approx(80.0)
    assert shares == {"turns.rules_mask": pytest.approx(50.0), "playout.play_random_rows": pytest.approx(30.0)}


def perf_can_attach() -> bool:
    perf = shutil.which("perf")
    if perf is None:
        return False
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3)"])
    try:
        probe = subprocess.run([perf, "record", "-q", "-e", "cpu-clock", "-p", str(sleeper.pid), "-o", "/dev/null",
                                "--", "sleep", "0.2"], capture_output=True, text=True, timeout=30)
        return probe.returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False
    finally:
        sleeper.kill()
        sleeper.wait()


def perf_maps() -> set:
    return set(Path("/tmp").glob("perf-*.map")) | set(Path("/tmp").glob("perf-*.part"))


@pytest.mark.skipif(not perf_can_attach(), reason="Linux perf is missing or may not attach to a process here")
def test_profile_quick_names_the_rules_kernels_and_writes_its_section(tmp_path):
    report = tmp_path / "report.md"
    report.write_text("# Other\n\nkept\n\n" + HEADING + "\n\nold\n\n## Observations (by hand)\n\nnotes kept\n")
    maps_before = perf_maps()
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--volumes", "cyprus", "--top", "8",
                           "--write", str(report)], cwd=REPO, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = proc.stdout
    assert out.startswith(HEADING) and "## cyprus" in out and "## palestine" not in out
    rows = re.findall(r"^\| `([^`]+)` \| ([\d.]+)% \|$", out, re.M)
    assert 1 <= len(rows) <= 8
    names = [name for name, _ in rows]
    assert any(name.startswith("turns.") for name in names), names   # the rules are where random play spends
    others = re.search(r"^\| (\d+) others \| ([\d.]+)% \|$", out, re.M)
    total = sum(float(share) for _, share in rows) + (float(others.group(2)) if others else 0.0)
    assert total == pytest.approx(100.0, abs=0.6)
    assert perf_maps() == maps_before            # the child's map of JIT code is removed, none half-written
    text = report.read_text()
    assert text.startswith("# Other\n\nkept\n") and "notes kept" in text and "old\n" not in text


def test_bad_arguments_are_refused():
    for args in (["--seconds", "0"], ["--seconds", "nan"], ["--top", "0"]):
        proc = subprocess.run([sys.executable, str(SCRIPT), *args], cwd=REPO, capture_output=True, text=True,
                              timeout=120)
        assert proc.returncode == 2, (args, proc.stderr)
