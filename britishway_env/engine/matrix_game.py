"""Exact solutions of two-player zero-sum matrix games.

A payoff matrix ``A`` holds, in entry ``A[i][j]``, the expected score of the
row player when the row player plays row ``i`` and the column player column
``j`` (a win rate, for instance). The row player maximises, the column player
minimises. :func:`solve` returns a pair of optimal mixed strategies and the
value of the game, all as :class:`fractions.Fraction`:

>>> from britishway_env.engine.matrix_game import solve, exploitability
>>> s = solve([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])   # rock, paper, scissors
>>> s.row
(Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))
>>> s.col == s.row, s.value
(True, Fraction(0, 1))
>>> exploitability([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], s.row, s.col)
(Fraction(0, 1), Fraction(0, 1))
>>> row, col, value = s.as_floats()   # NumPy arrays and a float

The solution is a certificate that can be checked exactly: for every column
``j``, ``sum_i row[i] * A[i][j] >= value`` (the row strategy guarantees at
least the value), and for every row ``i``, ``sum_j A[i][j] * col[j] <= value``
(the column strategy concedes at most the value).

Method. Every entry is converted with ``Fraction(x)``, so a float is taken at
its exact binary value. The matrix is shifted so that its smallest entry is 1
and scaled to integers, ``B = k (A - s)`` with ``s = min(A) - 1`` and ``k`` the
least common multiple of the entries' denominators; this multiplies the value
by ``k`` after moving it by ``-s`` and changes no strategy. The linear program

    maximise  sum_j w_j   subject to  B w <= 1,  w >= 0

is feasible at ``w = 0`` and bounded (every entry of ``B`` is at least 1, so
each ``w_j <= 1``); its optimum ``S`` is positive. It is solved by the primal
simplex method on an exact tableau, kept in integers over one common
denominator (fraction-free pivoting, the same numbers a tableau of Fractions
would hold), starting from the slack basis. The entering variable is the one
with the most negative reduced cost at the start and after a pivot that raised
the objective, and the lowest-numbered one with a negative reduced cost (Bland's rule) after
a degenerate pivot, which did not; ties in the ratio test leave by the
lowest-numbered basic variable. The method therefore cannot cycle (see
:func:`_simplex`). At the optimum, ``col = w / S``; the reduced costs of the
slack columns are an optimal solution ``u`` of the dual ``minimise sum_i u_i
subject to B' u >= 1, u >= 0``, whose optimum is also ``S``, and
``row = u / S``. The value of ``B`` is ``1 / S``, the value of ``A`` is
``1 / (k S) + s``.

Cost. The numbers in the tableau are minors of ``B``, so their length grows
with the size of the matrix and of its entries. With small integers, or
Fractions with small denominators (win rates passed as ``Fraction(wins,
games)``), a 64 x 64 game takes well under a second; with floats, whose exact
binary values have denominators near ``2**53``, it takes of the order of ten
seconds.

When a game has several optimal strategies, :func:`solve` returns one of them
(a vertex of the optimal set), always the same one for the same matrix.

Matrices have at most :data:`MAX_STRATEGIES` rows and columns. Entries may be
``int``, ``float``, ``fractions.Fraction``, ``decimal.Decimal`` or NumPy
integers and floats; bools, strings, complex numbers, other objects, NaN and
infinities are refused with a ``ValueError``. The input is never modified.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

import numpy as np

__all__ = ["MAX_STRATEGIES", "Solution", "solve", "exploitability"]

MAX_STRATEGIES = 64
"""The most rows, and the most columns, a payoff matrix may have."""


@dataclass(frozen=True)
class Solution:
    """Optimal mixed strategies of both players and the value of the game.

    ``row[i]`` is the probability the row player puts on row ``i``, ``col[j]``
    the probability the column player puts on column ``j``; each tuple sums to
    exactly 1. ``value`` is the row player's expected payoff when both play
    optimally: ``row`` guarantees the row player at least ``value`` against
    any column, ``col`` holds the row player to at most ``value`` against any
    row."""

    row: tuple[Fraction, ...]
    col: tuple[Fraction, ...]
    value: Fraction

    def as_floats(self) -> tuple[np.ndarray, np.ndarray, float]:
        """``(row, col, value)`` as two float64 arrays and a float (each
        probability rounded to the nearest float)."""
        return (np.array([float(p) for p in self.row], dtype=np.float64),
                np.array([float(p) for p in self.col], dtype=np.float64),
                float(self.value))


def solve(payoff) -> Solution:
    """Solve the zero-sum game with matrix ``payoff`` exactly.

    ``payoff`` is a 2-D array-like (a list or tuple of rows, or a 2-D NumPy
    array) of row-player payoffs; the row player maximises, the column player
    minimises. Returns a :class:`Solution`. Raises ``ValueError`` for a matrix
    that is not 2-D, is empty or ragged, has more than
    :data:`MAX_STRATEGIES` rows or columns, or has an entry that is not a
    finite real number (see the module docstring)."""
    a = _matrix(payoff)
    shift = min(min(r) for r in a) - 1
    scale = math.lcm(*(x.denominator for r in a for x in r))
    b = [[int((x - shift) * scale) for x in r] for r in a]
    t, z, d, basis, _, _ = _simplex(b)
    m, n = len(b), len(b[0])
    total = Fraction(z[-1], d)
    w = [Fraction(0)] * n
    for i, j in enumerate(basis):
        if j < n:
            w[j] = Fraction(t[i][-1], d)
    u = [Fraction(x, d) for x in z[n:n + m]]
    assert total > 0 and sum(w) == total == sum(u), "strong duality"
    return Solution(row=tuple(x / total for x in u), col=tuple(x / total for x in w),
                    value=1 / (total * scale) + shift)


def exploitability(payoff, row, col) -> tuple[Fraction, Fraction]:
    """How far the pair of mixed strategies ``(row, col)`` is from an
    equilibrium of ``payoff``, exactly.

    Returns ``(row_gain, col_gain)``: with ``p = row' A col`` the payoff of the
    pair, ``row_gain = max_i (A col)_i - p`` is what the row player gains by
    switching to its best pure reply to ``col``, and ``col_gain = p - min_j
    (row' A)_j`` what the column player gains (by lowering the row player's
    payoff) with its best pure reply to ``row``. Both are ``>= 0`` and both are
    0 exactly when the pair is an equilibrium; their sum is the duality gap
    ``max_i (A col)_i - min_j (row' A)_j``.

    ``row`` and ``col`` are sequences of non-negative weights of the matrix's
    length (Fractions, ints or floats, converted exactly); each is divided by
    its sum, so the weights need not sum to exactly 1 (float strategies such
    as :meth:`Solution.as_floats` gives, or counts, are accepted)."""
    a = _matrix(payoff)
    m, n = len(a), len(a[0])
    x = _mix(row, m, "row", "rows")
    y = _mix(col, n, "col", "columns")
    ay = [sum(a[i][j] * y[j] for j in range(n)) for i in range(m)]
    xa = [sum(x[i] * a[i][j] for i in range(m)) for j in range(n)]
    p = sum(x[i] * ay[i] for i in range(m))
    return max(ay) - p, p - min(xa)


def _simplex(b, rule="auto"):
    """Maximise ``sum(w)`` subject to ``b w <= 1``, ``w >= 0`` for a matrix
    ``b`` of positive ints, by the primal simplex method from the slack basis.

    The tableau is kept in integers (fraction-free pivoting): ``t`` holds the
    constraint rows ``[b | I | 1]`` and ``z`` the objective row (reduced costs,
    then the objective), all multiplied by the common positive denominator
    ``d``. Pivoting on ``t[r][c] = p`` replaces every other row ``x`` by
    ``(p x - x[c] t[r]) / d``, a division that is always exact (each entry is
    a minor of the initial tableau), and then ``d = p``.

    ``rule`` picks the entering variable: ``"bland"``, the lowest-numbered one
    with a negative reduced cost; ``"dantzig"``, the one with the most
    negative reduced cost (lowest-numbered among equals); ``"auto"``, Dantzig's
    rule after a pivot that raised the objective and Bland's after one that
    did not. The leaving variable is the lowest-numbered basic variable among
    the rows of least ratio. ``"auto"`` and ``"bland"`` always terminate: the
    objective never falls, so a repeating sequence of pivots would raise it at
    none of them, and under ``"auto"`` each of those pivots would follow
    Bland's rule, which never returns to a basis it has left. ``"dantzig"``
    alone may cycle on a degenerate program; it is here for comparison.

    Returns ``(t, z, d, basis, pivots, degenerate)`` at the optimum, where
    ``basis[i]`` is the variable basic in row ``i`` (``0..n-1`` for ``w``,
    ``n..n+m-1`` for the slacks), ``pivots`` counts the pivots made and
    ``degenerate`` those of them that left the objective where it was."""
    m, n = len(b), len(b[0])
    t = [list(r) + [0] * m + [1] for r in b]
    for i in range(m):
        t[i][n + i] = 1
    z = [-1] * n + [0] * (m + 1)
    d = 1
    basis = list(range(n, n + m))
    pivots = degenerate = 0
    rising = True
    while True:
        if rule == "dantzig" or (rule == "auto" and rising):
            enter = min(range(n + m), key=z.__getitem__)
            if z[enter] >= 0:
                break
        else:
            enter = next((j for j in range(n + m) if z[j] < 0), None)
            if enter is None:
                break
        leave = None
        for i in range(m):
            p = t[i][enter]
            if p > 0:
                # ratio t[i][-1] / p (the common denominator cancels), compared across rows.
                if leave is None:
                    leave, num, den = i, t[i][-1], p
                else:
                    lhs, rhs = t[i][-1] * den, num * p
                    if lhs < rhs or (lhs == rhs and basis[i] < basis[leave]):
                        leave, num, den = i, t[i][-1], p
        # Bounded: every entry of b is positive, so each w_j and each slack is at most 1.
        assert leave is not None, "a bounded program always has a pivot row"
        pr = t[leave]
        p = pr[enter]
        rising = pr[-1] > 0
        for x in t + [z]:
            if x is not pr:
                f = x[enter]
                if f:
                    x[:] = [(v * p - f * w) // d for v, w in zip(x, pr)]
                else:
                    x[:] = [v * p // d for v in x]
        d = p
        basis[leave] = enter
        pivots += 1
        degenerate += not rising
    return t, z, d, basis, pivots, degenerate


def _matrix(payoff) -> list[list[Fraction]]:
    """``payoff`` as a list of rows of Fractions, validated (see :func:`solve`)."""
    if isinstance(payoff, np.ndarray):
        if payoff.ndim != 2:
            raise ValueError(f"payoff must be 2-D (rows of entries); got a {payoff.ndim}-D array")
        rows = payoff.tolist()
    elif _is_sequence(payoff):
        rows = list(payoff)
        for i, r in enumerate(rows):
            if not _is_sequence(r):
                raise ValueError(f"payoff must be 2-D (rows of entries); row {i} is not a sequence "
                                 f"({type(r).__name__})")
        rows = [list(r.tolist() if isinstance(r, np.ndarray) else r) for r in rows]
    else:
        raise ValueError(f"payoff must be 2-D (rows of entries); got {type(payoff).__name__}")
    if any(len(r) != len(rows[0]) for r in rows):
        raise ValueError(f"payoff is ragged: its rows have lengths {sorted({len(r) for r in rows})}")
    if not rows or not rows[0]:
        raise ValueError(f"payoff is empty ({len(rows)} rows, {len(rows[0]) if rows else 0} columns); "
                         "a game needs at least one row and one column")
    if len(rows) > MAX_STRATEGIES or len(rows[0]) > MAX_STRATEGIES:
        raise ValueError(f"payoff is {len(rows)} x {len(rows[0])}; at most {MAX_STRATEGIES} rows and "
                         f"{MAX_STRATEGIES} columns are allowed")
    return [[_exact(v, f"payoff[{i}][{j}]") for j, v in enumerate(r)] for i, r in enumerate(rows)]


def _mix(weights, size, name, strategies) -> list[Fraction]:
    """A mixed strategy of ``size`` entries, validated and divided by its sum."""
    if isinstance(weights, np.ndarray):
        weights = weights.tolist() if weights.ndim == 1 else None
    if not _is_sequence(weights) or any(_is_sequence(v) for v in weights):
        raise ValueError(f"{name} must be a 1-D sequence of weights")
    if len(weights) != size:
        raise ValueError(f"{name} has {len(weights)} weights; the matrix has {size} {strategies}")
    w = [_exact(v, f"{name}[{k}]") for k, v in enumerate(weights)]
    if any(v < 0 for v in w):
        raise ValueError(f"{name} has a negative weight")
    total = sum(w)
    if total == 0:
        raise ValueError(f"{name} has no positive weight")
    return [v / total for v in w]


def _is_sequence(x) -> bool:
    return isinstance(x, (list, tuple, np.ndarray)) and not (isinstance(x, np.ndarray) and x.ndim != 1)


def _exact(v, where) -> Fraction:
    """The number ``v`` as an exact Fraction; ``ValueError`` naming ``where`` if it is none."""
    if isinstance(v, np.ndarray) and v.ndim == 0:
        v = v.item()
    if isinstance(v, (bool, np.bool_)):
        raise ValueError(f"{where} is a bool ({v}); payoffs must be numbers, not truth values")
    if isinstance(v, (str, bytes)):
        raise ValueError(f"{where} is a string ({v!r}); payoffs must be numbers")
    if isinstance(v, numbers.Integral):
        return Fraction(int(v))
    if isinstance(v, numbers.Rational):
        return Fraction(v.numerator, v.denominator)
    if isinstance(v, (float, np.floating)):
        if not np.isfinite(v):
            raise ValueError(f"{where} is not finite ({v})")
        return Fraction(*v.as_integer_ratio())
    if isinstance(v, Decimal):
        if not v.is_finite():
            raise ValueError(f"{where} is not finite ({v})")
        return Fraction(v)
    if isinstance(v, (list, tuple, np.ndarray)):
        raise ValueError(f"{where} is a sequence; payoff must be 2-D (rows of numbers)")
    raise ValueError(f"{where} is not a real number ({type(v).__name__}: {v!r})")
