"""A cold compile on several cores (engine/compile_jobs.py): kernel references
are checked, helpers' kernels reach this process through numba's cache, a
helper that fails costs nothing but time, and each volume's groups name their
kernels with the argument types their callers use (else a helper's work would
be saved under a key nobody looks up)."""

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from britishway_env.engine import compile_jobs
from britishway_env.engine.compile_jobs import KernelRefError
from britishway_env.registry import specs
from britishway_env.warmup import ensure_compiled

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("ref", [
    42,
    "britishway_env.engine.bots:only_legal",                  # no argument types
    "britishway_env.engine.bots.only_legal(int8[::1])",      # no module separator
    "os:system(int64)",                                       # outside the package
    "britishway_env.engine.bots:only_legal(int8[::1]); rm",  # trailing text
])
def test_a_malformed_or_foreign_reference_is_refused(ref):
    with pytest.raises(KernelRefError):
        compile_jobs.parse(ref)


@pytest.mark.parametrize("ref", [
    "britishway_env.engine.bots:no_such_kernel(int8[::1])",
    "britishway_env.engine.no_such_module:f(int64)",
    "britishway_env.engine.compile_jobs:jobs()",             # a Python function, not a kernel
    "britishway_env.engine.bots:only_legal(no_such_type)",
])
def test_a_reference_to_no_kernel_is_refused(ref):
    with pytest.raises(KernelRefError):
        compile_jobs.kernel(ref)


def test_argument_types_are_the_tuple_a_call_gives():
    from numba import types

    assert compile_jobs.argument_types("int64[::1], int8[::1], int64") == (
        types.int64[::1], types.int8[::1], types.int64)
    assert compile_jobs.argument_types("int64[::1]") == (types.int64[::1],)
    assert compile_jobs.argument_types("") == ()


@pytest.mark.parametrize("value", ["0", "-1", "two", "1.5"])
def test_the_jobs_variable_must_be_a_whole_number(monkeypatch, value):
    monkeypatch.setenv(compile_jobs.JOBS_VARIABLE, value)
    with pytest.raises(ValueError, match=compile_jobs.JOBS_VARIABLE):
        compile_jobs.jobs()


def test_jobs_default_to_the_usable_cores_and_follow_the_variable(monkeypatch):
    monkeypatch.delenv(compile_jobs.JOBS_VARIABLE, raising=False)
    assert compile_jobs.jobs() >= 1
    monkeypatch.setenv(compile_jobs.JOBS_VARIABLE, "3")
    assert compile_jobs.jobs() == 3


def test_groups_fold_onto_the_processes_in_order():
    groups = [["a"], ["b", "c"], ["d"]]
    assert compile_jobs._groups_for(groups, 1) == [["a", "b", "c", "d"]]
    assert compile_jobs._groups_for(groups, 2) == [["a", "d"], ["b", "c"]]
    assert compile_jobs._groups_for(groups, 8) == [["a"], ["b", "c"], ["d"]]


def test_splits_join_group_by_group():
    rules = (("r1", "r2"), ("r3",))
    bots = (("b1",), ("b2",), ("b3",))
    assert compile_jobs.joined(rules, bots) == (("r1", "r2", "b1"), ("r3", "b2"), ("b3",))
    assert compile_jobs.joined() == ()


def test_a_bad_reference_is_refused_before_any_process_starts(monkeypatch):
    started = []
    monkeypatch.setattr(compile_jobs.subprocess, "Popen", lambda *a, **k: started.append(a))
    with pytest.raises(KernelRefError):
        compile_jobs.side_by_side([["britishway_env.engine.bots:only_legal(int8[::1])"], ["os:system(int64)"]])
    assert started == []


def _run(code: str, cache: Path, jobs: str = "2") -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), NUMBA_CACHE_DIR=str(cache))
    env[compile_jobs.JOBS_VARIABLE] = jobs
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=env, capture_output=True, text=True,
                          timeout=600)


def test_a_helpers_kernels_reach_this_process_through_the_cache(tmp_path):
    """Two small engine kernels on a fresh cache: one compiled here, one by a
    helper; afterwards the helper's loads from the cache (a hit, no compile),
    and a helper whose kernel cannot compile leaves the call unharmed."""
    code = """
        import numpy as np
        from britishway_env.engine import bots, compile_jobs
        here = "britishway_env.engine.bots:tie_index(uint64, int64)"
        there = "britishway_env.engine.bots:only_legal(int8[::1])"
        assert not compile_jobs.is_cached(bots.only_legal)
        assert compile_jobs.side_by_side([[here], [there]]) == 1
        assert bots.tie_index.signatures                 # compiled in this process
        assert not bots.only_legal.signatures            # not here ...
        assert compile_jobs.is_cached(bots.only_legal)   # ... but in the cache, from the helper
        assert bots.only_legal(np.array([0, 1, 0], dtype=np.int8)) == 1
        assert sum(bots.only_legal._cache_hits.values()) == 1 and not bots.only_legal._cache_misses
        # cached kernels start no helper
        assert compile_jobs.side_by_side([[here], [there]]) == 0
        # a helper that fails (no such overload): nothing raised here
        bad = "britishway_env.engine.bots:only_legal(float64)"
        good = "britishway_env.engine.bots:kth_best(float64[::1], int8[::1], float64, int64)"
        assert compile_jobs.side_by_side([[good], [bad]]) == 1
        assert bots.kth_best.signatures
        print("ok")
    """
    done = _run(code, tmp_path / "cache")
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_one_job_compiles_everything_here(tmp_path):
    code = """
        from britishway_env.engine import bots, compile_jobs
        groups = [["britishway_env.engine.bots:tie_index(uint64, int64)"],
                  ["britishway_env.engine.bots:only_legal(int8[::1])"]]
        assert compile_jobs.side_by_side(groups) == 0
        assert bots.tie_index.signatures and bots.only_legal.signatures
        print("ok")
    """
    done = _run(code, tmp_path / "cache", jobs="1")
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_the_helper_refuses_a_foreign_reference():
    done = subprocess.run([sys.executable, "-m", "britishway_env.engine.compile_jobs", "os:system(int64)"],
                          env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and "only modules of britishway_env." in done.stderr


def _index_signatures(dispatcher) -> list:
    return [key[0] for key in dispatcher._cache._cache_file._load_index()]


def test_each_volumes_groups_name_the_argument_types_their_callers_use():
    """After normal use (the warm-ups, which compile through the callers),
    numba's cache index of every kernel a volume's groups name holds one
    signature, the one the group gives: a helper's entry is the one the
    callers load."""
    checked = 0
    for spec in specs():
        for entry in spec.kernels:
            if not entry.split:
                continue
            ensure_compiled(spec.name, entry.use)
            for group in entry.split:
                for ref in group:
                    dispatcher, args = compile_jobs.kernel(ref)
                    assert _index_signatures(dispatcher) == [args], ref
                    checked += 1
    assert checked > 0


def _compile_at_once(tmp_path: Path, before: str, compile_line: str) -> list:
    """Two fresh processes on a fresh cache, started together, run ``before``
    and then, at one signal, ``compile_line`` for one engine kernel; each
    prints its (compiles, cache loads) of that kernel, returned sorted."""
    go = tmp_path / "go"
    code = f"""
        import os, time
        from britishway_env.engine import bots, compile_jobs
        ref = "britishway_env.engine.bots:top_sums(float64[::1], int64, int64, float64, float64)"
        {before}
        compile_jobs.kernel(ref)
        open(os.path.join({str(tmp_path)!r}, "ready-%d" % os.getpid()), "w").close()
        while not os.path.exists({str(go)!r}):
            time.sleep(0.005)
        {compile_line}
        print(sum(bots.top_sums._cache_misses.values()), sum(bots.top_sums._cache_hits.values()))
    """
    env = dict(os.environ, PYTHONPATH=str(ROOT), NUMBA_CACHE_DIR=str(tmp_path / "cache"))
    procs = [subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(2)]
    deadline = time.monotonic() + 300
    while len(list(tmp_path.glob("ready-*"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)                  # both have imported numba and the package
    go.write_text("")
    outs = [p.communicate(timeout=600) for p in procs]
    assert all(p.returncode == 0 for p in procs), [err for _, err in outs]
    return sorted(tuple(map(int, out.split())) for out, _ in outs)


def test_two_processes_needing_one_kernel_compile_it_once(tmp_path):
    """Under the kernel locks, of two processes that need the same kernel at
    the same moment one compiles it and the other waits and loads it from the
    cache (without the locks both would compile it)."""
    locks = tmp_path / "locks"
    locks.mkdir()
    counts = _compile_at_once(tmp_path, "pass",
                              f"with compile_jobs._sharing({str(locks)!r}): compile_jobs.compile_refs([ref])")
    assert counts == [(0, 1), (1, 0)], counts          # one compiled (a miss), one loaded (a hit)


def test_any_two_processes_on_one_cold_cache_compile_a_kernel_once(tmp_path):
    """Without a warm-up or helper: the package puts the locks in place on
    import (one folder per user and cache), so two processes that start a
    compile at the same moment, such as two test workers or a server and a
    command line, compile the kernel once between them."""
    counts = _compile_at_once(
        tmp_path, 'assert compile_jobs._SHARING["dir"] == compile_jobs.machine_lock_folder() is not None',
        "compile_jobs.compile_refs([ref])")
    assert counts == [(0, 1), (1, 0)], counts


def test_the_lock_folder_is_one_per_cache_and_private_or_none(tmp_path, monkeypatch):
    monkeypatch.setattr(compile_jobs.tempfile, "gettempdir", lambda: str(tmp_path))
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "a"))
    folder = compile_jobs.machine_lock_folder()
    assert folder is not None and Path(folder).parent == tmp_path
    assert os.stat(folder).st_mode & 0o777 == 0o700
    assert compile_jobs.machine_lock_folder() == folder             # the same for every process alike
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "b"))
    other = compile_jobs.machine_lock_folder()
    assert other not in (None, folder)                                # another cache, other locks
    os.chmod(other, 0o777)                                            # opened to others: not used
    assert compile_jobs.machine_lock_folder() is None
    os.rmdir(other)
    os.symlink(folder, other)                                         # a link at its name: not used
    assert compile_jobs.machine_lock_folder() is None
    os.remove(other)
    Path(other).write_text("")                                        # a file at its name: not used
    assert compile_jobs.machine_lock_folder() is None


def test_a_block_of_other_locks_gives_back_the_process_folder(tmp_path):
    before = compile_jobs._SHARING["dir"]
    with compile_jobs._sharing(str(tmp_path)):
        assert compile_jobs._SHARING["dir"] == str(tmp_path)
    assert compile_jobs._SHARING["dir"] == before
