"""Every benchmark that takes ``--volumes`` reads it with one helper
(benchmarks/common.py ``volumes_arg``): an unknown volume, or none, is
refused with the same message and exit status 2 before anything is timed."""

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BENCHMARKS = ("bench_aims", "bench_compile", "bench_kernels", "bench_search", "bench_vector_step", "profile_kernels")


CASES = [(name, "nope", "['nope']") for name in BENCHMARKS] + [
    ("bench_search", "palestine,nope", "['nope']"), ("bench_kernels", ",", "none")]


@pytest.mark.parametrize("name, text, named", CASES)
def test_a_bad_volumes_argument_is_refused_alike(name, text, named):
    proc = subprocess.run([sys.executable, str(REPO / "benchmarks" / f"{name}.py"), "--volumes", text],
                          cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.endswith(f"error: --volumes takes some of palestine, cyprus, arab_revolt; got {named}"), last
    assert proc.stdout == ""


def test_volumes_arg_keeps_the_order_given_and_strips_spaces():
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        from common import volumes_arg
    finally:
        sys.path.remove(str(REPO / "benchmarks"))
    import argparse
    ap = argparse.ArgumentParser()
    assert volumes_arg(ap, " arab_revolt , palestine", ("palestine", "cyprus", "arab_revolt")) == ["arab_revolt",
                                                                                                   "palestine"]
