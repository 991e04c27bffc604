"""The bots' arrays without reference counting (volumes/palestine/unowned.py):
borrowed views of a kernel's arguments and scratch arrays on its stack."""

import sys

import numpy as np
import pytest
from numba import njit
from numba.core.errors import TypingError

from britishway_env.volumes.palestine.unowned import borrowed, local_array, local_matrix

ROWS, COLS = 3, 5


@njit
def _write(view, i, v):
    view[i] = v


@njit
def _write_through_a_borrowed_view(a, i, v):
    view = borrowed(a)
    _write(view, i, v)
    return view.shape[0], view.strides[0], view[i]


@njit
def _write_through_a_borrowed_matrix(m, i, j, v):
    view = borrowed(m)
    view[i, j] = v
    return view.shape[0], view.shape[1], view.strides[0], view.strides[1]


def test_a_borrowed_view_is_the_argument_itself():
    a = np.zeros(7)
    assert _write_through_a_borrowed_view(a, 4, 2.5) == (7, 8, 2.5)
    assert a[4] == 2.5 and a.sum() == 2.5           # the caller's array changed, nothing else
    m = np.zeros((ROWS, COLS), dtype=np.int64)
    assert _write_through_a_borrowed_matrix(m, 2, 3, 9) == (ROWS, COLS, COLS * 8, 8)
    assert m[2, 3] == 9 and m.sum() == 9


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
def _sized_at_run_time(n):
    return local_array(n, np.float64).shape[0]


def test_a_local_array_needs_a_constant_size():
    with pytest.raises(TypingError):
        _sized_at_run_time(4)


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
