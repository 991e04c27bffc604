"""Borrowed arrays (engine/borrow.py): what a view is, and the rule that keeps
every use in the package safe (a view never outlives its owner)."""

import ast
from pathlib import Path

import numpy as np
import pytest
from numba import njit

from britishway_env.engine.borrow import borrowed, keep

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
            "benchmarks/kernel_drivers.py"} <= names


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
