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

from britishway_env.engine.borrow import borrowed, copy_row, keep, local_array, local_matrix

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


@njit
def _copied(dst, src):
    copy_row(dst, src)


def test_copy_row_copies_a_row_and_never_past_the_shorter_end():
    src = np.arange(7, dtype=np.int64) * 3 + 1
    dst = np.full(7, -1, dtype=np.int64)
    _copied(dst, src)
    assert (dst == src).all()
    short = np.full(9, -1, dtype=np.int64)
    guard = short[5:]                                # what follows the first five
    _copied(short[:5], src)                          # a destination shorter than the source
    assert list(short[:5]) == list(src[:5]) and (guard == -1).all()
    long = np.full(9, -1, dtype=np.int64)
    _copied(long, src[:3])                           # a source shorter than the destination
    assert list(long[:3]) == list(src[:3]) and (long[3:] == -1).all()


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


# Attributes of an array that are numbers or tuples of numbers, never the array's memory.
_NUMBER_ATTRIBUTES = {"shape", "size", "ndim", "strides", "itemsize", "nbytes", "dtype"}


def _has_slice(index: ast.AST) -> bool:
    return isinstance(index, ast.Slice) or (isinstance(index, ast.Tuple)
                                            and any(isinstance(e, ast.Slice) for e in index.elts))


def _may_be_view(node: ast.AST, views: set[str]) -> bool:
    """Whether ``node``'s value may be one of ``views`` or a part of its memory:
    the name itself, a slice of it, an attribute such as ``.T``, or a tuple,
    list or conditional holding one. Arithmetic, comparisons and calls make
    new values (no kernel of the package hands back an array it was given),
    and an index without a slice is taken for an element (the rules' rows are
    1-D; a row of a borrowed matrix returned by index would pass unseen)."""
    if isinstance(node, ast.Name):
        return node.id in views
    if isinstance(node, ast.Subscript):
        return _has_slice(node.slice) and _may_be_view(node.value, views)
    if isinstance(node, ast.Attribute):
        return node.attr not in _NUMBER_ATTRIBUTES and _may_be_view(node.value, views)
    if isinstance(node, (ast.Tuple, ast.List)):
        return any(_may_be_view(e, views) for e in node.elts)
    if isinstance(node, ast.IfExp):
        return _may_be_view(node.body, views) or _may_be_view(node.orelse, views)
    if isinstance(node, ast.BoolOp):
        return any(_may_be_view(v, views) for v in node.values)
    if isinstance(node, (ast.NamedExpr, ast.Starred)):
        return _may_be_view(node.value, views)
    return False


def _aliases(fn: ast.FunctionDef, views: set[str]) -> set[str]:
    """``views`` and every name the function binds to one of them or to a part of one."""
    views = set(views)
    while True:
        more = set()
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign) and _may_be_view(node.value, views):
                more |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        if more <= views:
            return views
        views |= more


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
        aliases = _aliases(fn, views)
        for node in ast.walk(fn):
            if isinstance(node, ast.Return) and node.value is not None and _may_be_view(node.value, aliases):
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
    returned_sliced = "def f(a):\n    v = borrowed(a)\n    return v[1:]\n"
    returned_in_a_tuple = "def f(a):\n    v = borrowed(a)\n    return 1, v[:, 0]\n"
    returned_by_another_name = "def f(a):\n    v = borrowed(a)\n    w = v[2:4]\n    u = w\n    return u\n"
    returned_transposed = "def f(a):\n    v = borrowed(a)\n    return v.T\n"
    returned_in_a_branch = "def f(a, b, c):\n    v = borrowed(a)\n    return v if c else b\n"
    for source in (inlined_argument, made_not_kept, kept_too_early, kept_in_a_branch, returned, returned_sliced,
                   returned_in_a_tuple, returned_by_another_name, returned_transposed, returned_in_a_branch):
        assert borrow_problems(source), source
    fine_argument = "@njit(cache=True)\ndef f(state, out):\n    state, out = borrowed(state), borrowed(out)\n"
    fine_kept = ("@njit(cache=True, inline='always')\n"
                 "def f(state):\n    a = np.zeros(3)\n    v, w = borrowed(a), borrowed(state)\n    v[0] = w[0]\n"
                 "    keep(a, state)\n")
    fine_kept_then_returned = ("def f():\n    a = np.zeros(3)\n    v = borrowed(a)\n    n = v[0]\n"
                               "    keep(a)\n    return n\n")
    fine_values_returned = ("@njit(cache=True)\ndef f(state, s):\n    state = borrowed(state)\n"
                            "    if state[s] > 0:\n        return state[s + 1]\n"
                            "    return g(state, s) and state[0] == 2 or state.shape[0] - s\n")
    for source in (fine_argument, fine_kept, fine_kept_then_returned, fine_values_returned):
        assert borrow_problems(source) == [], source


# ------------------------------------ the rules' kernels borrow the state they are handed --

# The modules of a COIN volume's rules and scripted bots (the generated turn
# skeleton and family regions are parts of turns.py, so their templates are
# read through it), and the engine's COIN kernels.
RULES_MODULES = ("turns", "operations", "events", "propaganda", "resources", "pieces", "setup", "evaluation",
                 "bots")


def _njit_kernel(fn: ast.FunctionDef) -> bool:
    for dec in fn.decorator_list:
        f = dec.func if isinstance(dec, ast.Call) else dec
        if getattr(f, "id", None) == "njit":
            return True
    return False


def unborrowed_state_kernels(source: str) -> list[str]:
    """Kernels of ``source`` that are not inlined and take ``state`` (with a
    body beyond a docstring), yet do not borrow it: numba wraps each of their
    calls in reference-count calls that LLVM cannot see through, so the row
    is read again after every one (docs/architecture.md, "Borrowed arrays")."""
    missing = []
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, ast.FunctionDef) or not _njit_kernel(fn) or _inlined(fn):
            continue
        if "state" not in {a.arg for a in fn.args.args}:
            continue
        body = fn.body[1:] if (fn.body and isinstance(fn.body[0], ast.Expr)
                               and isinstance(fn.body[0].value, ast.Constant)) else fn.body
        if not body:
            continue
        if "state" not in _views(fn):
            missing.append(fn.name)
    return missing


RULES_SOURCES = sorted([p for p in (PKG / "volumes").glob("*/*.py") if p.stem in RULES_MODULES]
                       + list((PKG / "engine" / "coin").glob("*.py")))


def test_the_rules_modules_are_found():
    names = {str(p.relative_to(PKG)) for p in RULES_SOURCES}
    assert {"volumes/palestine/turns.py", "volumes/cyprus/operations.py", "volumes/arab_revolt/pieces.py",
            "volumes/cyprus/bots.py", "engine/coin/deck.py"} <= names


@pytest.mark.parametrize("path", RULES_SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_rules_kernel_borrows_the_state_it_is_handed(path):
    assert unborrowed_state_kernels(path.read_text()) == []


def test_the_kernel_reader_finds_a_kernel_that_does_not_borrow():
    plain = "@njit(cache=True)\ndef f(state, s):\n    return state[s] + g(state, s)\n"
    borrowing = "@njit(cache=True)\ndef f(state, s):\n    \"\"\"Doc.\"\"\"\n    state = borrowed(state)\n    return state[s]\n"
    inlined = "@njit(cache=True, inline='always')\ndef f(state, s):\n    return state[s]\n"
    python = "def f(state, s):\n    return state[s]\n"
    assert unborrowed_state_kernels(plain) == ["f"]
    assert unborrowed_state_kernels(borrowing + inlined.replace("def f", "def h") + python.replace("def f", "def p")) \
        == []
