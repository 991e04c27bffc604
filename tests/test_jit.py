"""engine/jit.py: kernels are compiled without numba's Python-callable wrapper;
a call from Python builds one on first use, in the same process or after the
kernel was loaded from numba's cache, and releases the GIL where the kernel
says ``nogil``."""

import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import numpy as np
import pytest
from numba.core.errors import TypingError
from numba.core.registry import CPUDispatcher

from britishway_env.engine.jit import Kernel, njit

REPO = Path(__file__).resolve().parents[1]


@njit
def _double(x):
    return 2 * x


@njit
def _double_plus_one(x):
    return _double(x) + 1


@njit(nogil=True)
def _total(values):
    t = 0
    for v in values:
        t += v
    return t


@njit
def _triple(x):
    return 3 * x


def _has_python_wrapper(cres) -> bool:
    return cres.library.get_pointer_to_function(cres.fndesc.llvm_cpython_wrapper_name) != 0


def test_a_kernel_compiled_for_another_has_no_python_wrapper_until_python_calls_it():
    assert isinstance(_double, Kernel)
    assert _double_plus_one(np.int64(3)) == 7            # compiles _double as the callee
    (compiled,) = _double.overloads.values()
    assert not _has_python_wrapper(compiled)
    assert not getattr(_double, "_python_entries", {})
    assert _double(np.int64(5)) == 10                     # Python's first call builds the entry
    assert list(_double._python_entries) == [tuple(compiled.signature.args)]
    assert _double(np.int64(-4)) == -8                    # and numba's own dispatch finds it after
    assert len(_double._python_entries) == 1 and len(_double.overloads) == 1


def test_each_argument_type_gets_its_own_entry():
    assert _triple(np.int64(2)) == 6
    assert _triple(np.float64(0.5)) == 1.5
    assert len(_triple._python_entries) == len(_triple.overloads) == 2


def test_the_entry_releases_the_gil_only_where_the_kernel_says_nogil():
    assert _total(np.arange(5, dtype=np.int64)) == 10
    assert _double(np.int64(1)) == 2
    ((_, nogil_library),) = _total._python_entries.values()
    ((_, gil_library),) = _double._python_entries.values()
    assert "PyEval_SaveThread" in nogil_library.get_llvm_str()
    assert "PyEval_SaveThread" not in gil_library.get_llvm_str()


def test_a_call_that_does_not_type_raises_and_leaves_the_kernel_usable():
    @njit
    def negate(x):
        return -x

    with pytest.raises(TypingError):
        negate(None)
    assert negate(np.int64(4)) == -4


def test_threads_that_first_call_a_kernel_from_python_together_all_get_its_entry():
    @njit(nogil=True)
    def add(a, b):
        return a + b

    @njit
    def add_one(a):
        return add(a, np.int64(1))

    assert add_one(np.int64(1)) == 2                      # compiled as a callee first
    results = []
    threads = [threading.Thread(target=lambda k=k: results.append(add(np.int64(k), np.int64(3))))
               for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [k + 3 for k in range(8)]
    assert len(add._python_entries) == 1


def test_without_the_numba_internals_a_kernel_needs_njit_gives_numba_own_dispatchers(monkeypatch):
    import britishway_env.engine.jit as jit

    monkeypatch.setattr(jit, "WRAPPER_LATER", False)
    plain = jit.njit(lambda x: x + 1)
    assert type(plain) is CPUDispatcher and plain(np.int64(1)) == 2


def test_parallel_kernels_stay_numba_dispatchers_and_the_package_uses_kernels():
    from britishway_env.engine.jit import WRAPPER_LATER

    assert WRAPPER_LATER                                  # this numba has what a Kernel uses
    def body(a):
        return a.sum()

    parallel = njit(parallel=True)(body)
    assert type(parallel) is CPUDispatcher and not isinstance(parallel, Kernel)
    from britishway_env.volumes.palestine import turns, vector

    assert isinstance(turns.apply, Kernel) and isinstance(turns.legal_mask, Kernel)
    assert not isinstance(vector.step_pieces, Kernel)
    with pytest.raises(TypeError):
        njit("int64(int64)")


def test_a_kernel_loaded_from_the_cache_without_its_wrapper_answers_python(tmp_path):
    """One process compiles a caller (its callee is cached without a wrapper);
    the next loads the callee from the cache and calls it from Python."""
    module = tmp_path / "cached_kernels.py"
    module.write_text(textwrap.dedent("""
        import numpy as np
        from britishway_env.engine.jit import njit

        @njit(cache=True)
        def inner(x):
            if x < 0:
                raise ValueError("a negative count")
            return np.full(2, 5 * x), x + 1

        @njit(cache=True)
        def outer(x):
            return inner(x)[0][0] - 1
    """))
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache"),
           "PYTHONPATH": os.pathsep.join([str(tmp_path), str(REPO)])}
    first = ("import numpy as np, cached_kernels as k; print(k.outer(np.int64(3)), "
             "k.inner.stats.cache_misses[next(iter(k.inner.overloads))])")
    out = subprocess.run([sys.executable, "-c", first], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["14", "1"]
    # Loaded from the cache: a new array and a tuple come back (reference
    # counted, as numba's own wrapper does it), and an exception is raised.
    second = ("import numpy as np, cached_kernels as k\n"
              "values, after = k.inner(np.int64(7))\n"
              "print(values.tolist(), after, k.inner.stats.cache_hits[next(iter(k.inner.overloads))], "
              "len(k.inner._python_entries))\n"
              "try:\n    k.inner(np.int64(-1))\nexcept ValueError as e:\n    print(e)")
    out = subprocess.run([sys.executable, "-c", second], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["[35, 35] 8 1 1", "a negative count"]
