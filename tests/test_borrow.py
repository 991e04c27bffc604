"""Borrowed arrays (engine/borrow.py): what a view is, the rule that keeps
every use in the package safe (a view never outlives its owner), and the
scratch arrays on a kernel's stack."""

import ast
import sys
from pathlib import Path

import numpy as np
import pytest
from numba import njit
from numba.core.errors import TypingError

from britishway_env.engine.borrow import borrowed, keep, local_array, local_matrix

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "britishway_env"


@njit
def _write_through(a):
    v = borrowed(a)
    v[1] = 7
    return v.shape[0], v.strides[0]


@njit
def _owner_kept():
    """A view of an array the kernel made: without keep(), numba would free
    ``owned`` right after borrowed() and the next allocation could take its memory."""
    owned = np.zeros(1000)
    view = borrowed(owned)
    other = np.ones(1000)
    seen = view[0] + 0.0 * other[0]
    keep(owned)
    return seen


@njit
def _slice_of_view(a):
    v = borrowed(a)
    w = v[2:4]
    w[0] = 5
    return w.shape[0]


def test_a_view_is_the_same_memory_shape_and_strides():
    a = np.zeros(5, dtype=np.int64)
    assert _write_through(a) == (5, 8)
    assert a.tolist() == [0, 7, 0, 0, 0]
    assert _slice_of_view(a) == 2 and a[2] == 5


def test_a_view_has_the_type_of_its_array():
    """A kernel called with a view compiles no second version."""
    a = np.zeros(3, dtype=np.int64)
    _write_through(a)
    assert len(_write_through.signatures) == 1


def test_keep_holds_the_owner_until_it_is_called():
    for _ in range(20):
        assert _owner_kept() == 0.0


def test_only_arrays_are_borrowed():
    with pytest.raises(Exception):
        njit(lambda x: borrowed(x))(3)


@njit
def _write(view, i, v):
    view[i] = v


@njit
def _write_through_a_borrowed_matrix(m, i, j, v):
    view = borrowed(m)
    view[i, j] = v
    return view.shape[0], view.shape[1], view.strides[0], view.strides[1]


def test_a_view_of_a_matrix_is_the_matrix_itself():
    m = np.zeros((3, 5), dtype=np.int64)
    assert _write_through_a_borrowed_matrix(m, 2, 3, 9) == (3, 5, 5 * 8, 8)
    assert m[2, 3] == 9 and m.sum() == 9


@njit
def _borrow_many_times(a, k):
    t = 0.0
    for _ in range(k):
        view = borrowed(a)
        _write(view, 0, view[0] + 1.0)
        t += view[0]
    return t


def test_borrowing_takes_and_drops_no_reference_of_the_callers_array():
    a = np.zeros(3)
    before = sys.getrefcount(a)
    assert _borrow_many_times(a, 1000) == 1000 * 1001 / 2
    assert sys.getrefcount(a) == before and a[0] == 1000.0


# ---------------------------------------------------------------- stack arrays --

ROWS, COLS = 3, 5


@njit
def _fill(out, v):
    for i in range(out.shape[0]):
        out[i] = v + i


@njit
def _scratch_sums(v):
    a = local_array(COLS, np.float64)
    _fill(a, v)                                      # a callee fills the caller's stack array
    m = local_matrix(ROWS, COLS, np.int64)
    for r in range(ROWS):
        for c in range(COLS):
            m[r, c] = r * COLS + c
    return a.sum(), a.shape[0], m.sum(), m.shape[0], m.shape[1], m.strides[0], m.strides[1], m[2, 4]


def test_local_arrays_have_the_asked_shape_and_c_order_and_hold_what_is_written():
    n = ROWS * COLS
    assert _scratch_sums(1.0) == (5 * 1.0 + 10, COLS, n * (n - 1) // 2, ROWS, COLS, COLS * 8, 8, 2 * COLS + 4)
    assert _scratch_sums(2.0)[0] == 5 * 2.0 + 10     # each call has its own frame


@njit
def _flags(k):
    f = local_array(COLS, np.bool_)
    f[:] = False
    f[k] = True
    return f.sum(), f[k], f[(k + 1) % COLS], f.strides[0]


def test_a_local_array_of_booleans_holds_a_byte_each():
    assert _flags(3) == (1, True, False, 1)
    assert _flags(0) == (1, True, False, 1)


@njit
def _sized_at_run_time(n):
    return local_array(n, np.float64).shape[0]


def test_a_local_array_needs_a_constant_size():
    with pytest.raises(TypingError):
        _sized_at_run_time(4)


# ----------------------------------------------------------- the rule, in the sources --

def _inlined(fn: ast.FunctionDef) -> bool:
    for dec in fn.decorator_list:
        if isinstance(dec, ast.Call):
            for kw in dec.keywords:
                if kw.arg == "inline" and isinstance(kw.value, ast.Constant) and kw.value.value == "always":
                    return True
    return False


def _kept_at_end(fn: ast.FunctionDef, views: set[str]) -> set[str]:
    """Names passed to a keep() in the function's body after which no statement reads a view."""
    for k, stmt in enumerate(fn.body):
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) \
                and isinstance(stmt.value.func, ast.Name) and stmt.value.func.id == "keep":
            later = {n.id for rest in fn.body[k + 1:] for n in ast.walk(rest) if isinstance(n, ast.Name)}
            if not later & views:
                return {a.id for a in stmt.value.args if isinstance(a, ast.Name)}
    return set()


def _views(fn: ast.FunctionDef) -> set[str]:
    """Names the function binds to borrowed() views."""
    views = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign):
            values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
            targets = node.targets[0].elts if isinstance(node.targets[0], ast.Tuple) else node.targets
            for t, v in zip(targets, values):
                if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "borrowed" \
                        and isinstance(t, ast.Name):
                    views.add(t.id)
    return views


def borrow_problems(source: str) -> list[str]:
    """Each use of borrowed() in ``source`` that breaks the rule of engine/borrow.py."""
    problems = []
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, ast.FunctionDef):
            continue
        params = {a.arg for a in fn.args.args}
        views = _views(fn)
        kept = _kept_at_end(fn, views)
        for node in ast.walk(fn):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "borrowed":
                owner = node.args[0].id if node.args and isinstance(node.args[0], ast.Name) else None
                own_argument = owner in params and not _inlined(fn)
                if owner is None or not (own_argument or owner in kept):
                    problems.append(f"{fn.name}: borrowed({ast.unparse(node.args[0]) if node.args else ''}) "
                                    "is neither an argument of a kernel that is not inlined nor kept at the end")
        for node in ast.walk(fn):
            if isinstance(node, ast.Return) and node.value is not None:
                returned = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
                if returned & views:
                    problems.append(f"{fn.name}: returns a borrowed view")
    return problems


SOURCES = sorted(p for folder in (PKG, ROOT / "benchmarks") for p in folder.rglob("*.py")
                 if "borrowed(" in p.read_text() and p.name != "borrow.py")


def test_the_package_borrows():
    names = {str(p.relative_to(ROOT)) for p in SOURCES}
    assert {"britishway_env/engine/policy.py", "britishway_env/volumes/palestine/playout.py",
            "britishway_env/volumes/palestine/bots.py", "benchmarks/kernel_drivers.py"} <= names


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_borrow_in_the_package_keeps_to_the_rule(path):
    assert borrow_problems(path.read_text()) == []


def test_the_rule_reader_finds_each_way_to_break_it():
    inlined_argument = (
        "@njit(cache=True, inline='always')\n"
        "def f(state):\n    s = borrowed(state)\n    return s[0]\n")
    made_not_kept = "def f():\n    a = np.zeros(3)\n    v = borrowed(a)\n    return v[0]\n"
    kept_too_early = "def f():\n    a = np.zeros(3)\n    v = borrowed(a)\n    keep(a)\n    v[0] = 1\n"
    kept_in_a_branch = "def f(x):\n    a = np.zeros(3)\n    v = borrowed(a)\n    if x:\n        keep(a)\n    return 0\n"
    returned = "def f(a):\n    v = borrowed(a)\n    return v\n"
    for source in (inlined_argument, made_not_kept, kept_too_early, kept_in_a_branch, returned):
        assert borrow_problems(source), source
    fine_argument = "@njit(cache=True)\ndef f(state, out):\n    state, out = borrowed(state), borrowed(out)\n"
    fine_kept = ("@njit(cache=True, inline='always')\n"
                 "def f(state):\n    a = np.zeros(3)\n    v, w = borrowed(a), borrowed(state)\n    v[0] = w[0]\n"
                 "    keep(a, state)\n")
    fine_kept_then_returned = ("def f():\n    a = np.zeros(3)\n    v = borrowed(a)\n    n = v[0]\n"
                               "    keep(a)\n    return n\n")
    for source in (fine_argument, fine_kept, fine_kept_then_returned):
        assert borrow_problems(source) == [], source
