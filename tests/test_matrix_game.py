"""The exact zero-sum matrix-game solver (engine/matrix_game.py): known
solutions derived by hand, the optimality certificates on random matrices,
exploitability, and the validation of its input."""

import copy
from decimal import Decimal
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from britishway_env.engine.matrix_game import MAX_STRATEGIES, Solution, _simplex, exploitability, solve


def exact(payoff):
    return [[F(x) for x in row] for row in payoff]


def assert_certificate(payoff, s):
    """The solution proves its own optimality: both strategies are distributions, the row
    strategy earns at least the value against every column and the column strategy concedes
    at most the value against every row (all in exact arithmetic)."""
    a = exact(payoff)
    m, n = len(a), len(a[0])
    assert isinstance(s, Solution)
    assert len(s.row) == m and len(s.col) == n
    assert all(type(p) is F for p in s.row + s.col) and type(s.value) is F
    assert all(p >= 0 for p in s.row) and sum(s.row) == 1
    assert all(q >= 0 for q in s.col) and sum(s.col) == 1
    for j in range(n):
        assert sum(s.row[i] * a[i][j] for i in range(m)) >= s.value
    for i in range(m):
        assert sum(a[i][j] * s.col[j] for j in range(n)) <= s.value
    assert exploitability(payoff, s.row, s.col) == (0, 0)


def closed_form_2x2(a):
    """The unique solution of a 2 x 2 game without a saddle point: both players make the other
    indifferent."""
    (a11, a12), (a21, a22) = exact(a)
    den = a11 - a12 - a21 + a22
    x = (a22 - a21) / den
    y = (a22 - a12) / den
    return (x, 1 - x), (y, 1 - y), (a11 * a22 - a12 * a21) / den


def has_saddle(a):
    a = exact(a)
    maximin = max(min(r) for r in a)
    minimax = min(max(r[j] for r in a) for j in range(len(a[0])))
    return maximin == minimax


RPS = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
THIRD = (F(1, 3),) * 3


def test_rock_paper_scissors():
    s = solve(RPS)
    assert s == Solution(THIRD, THIRD, F(0))
    assert_certificate(RPS, s)
    # A constant added to every entry moves the value and nothing else.
    for c in (1000, F(-10**6, 7), 2.5):
        assert solve([[x + c for x in r] for r in RPS]) == Solution(THIRD, THIRD, F(c))


def test_biased_rock_paper_scissors():
    # Paper beats rock by 1, rock beats scissors by 2, scissors beats paper by 3. For the
    # antisymmetric [[0, -a, b], [a, 0, -c], [-b, c, 0]] the mix proportional to (c, b, a) makes
    # every reply score 0: x'A = (a x2 - b x3, c x3 - a x1, b x1 - c x2) = 0. It is the unique
    # equilibrium (fully mixed, and A has rank 2), for both players, and the value is 0.
    a = [[0, -1, 2], [1, 0, -3], [-2, 3, 0]]
    mix = (F(1, 2), F(1, 3), F(1, 6))
    assert solve(a) == Solution(mix, mix, F(0))
    # The same game as win rates: (A + 3) / 6 lies in [0, 1]; strategies unchanged, value 1/2.
    rates = [[F(x + 3, 6) for x in r] for r in a]
    s = solve(rates)
    assert s == Solution(mix, mix, F(1, 2))
    assert_certificate(rates, s)


def test_matching_pennies_with_unequal_payoffs():
    # [[a, -b], [-c, d]] with a, b, c, d > 0: the row player plays row 0 with (c + d) / D, the
    # column player column 0 with (b + d) / D, value (ad - bc) / D, D = a + b + c + d.
    a_, b_, c_, d_ = 3, 1, 2, 5
    a = [[a_, -b_], [-c_, d_]]
    D = a_ + b_ + c_ + d_
    s = solve(a)
    assert s.row == (F(c_ + d_, D), F(a_ + b_, D))
    assert s.col == (F(b_ + d_, D), F(a_ + c_, D))
    assert s.value == F(a_ * d_ - b_ * c_, D) == F(13, 11)
    assert_certificate(a, s)


def test_2x2_without_saddle_point_against_the_closed_form():
    a = [[0.7, 0.2], [0.4, 0.6]]  # floats, taken at their exact binary values
    assert not has_saddle(a)
    x, y, v = closed_form_2x2(a)
    s = solve(np.array(a))
    assert (s.row, s.col, s.value) == (x, y, v)
    # The binary values, not the decimals the floats were written as.
    assert s.value != closed_form_2x2([[F(7, 10), F(2, 10)], [F(4, 10), F(6, 10)]])[2]
    assert abs(float(s.value) - (0.42 - 0.08) / 0.7) < 1e-15


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-20, 20), min_size=4, max_size=4))
def test_random_2x2_without_saddle_point_against_the_closed_form(entries):
    a = [entries[:2], entries[2:]]
    if has_saddle(a):
        return
    x, y, v = closed_form_2x2(a)
    assert solve(a) == Solution(x, y, v)


def test_strictly_dominated_strategies_get_no_weight():
    # Row 3 is strictly dominated by the uniform mix of rows 0-2, which earns (0, 0, 0, 4/3),
    # though by none of those rows alone; column 3 is strictly dominated, for the minimiser, by
    # column 0 (every entry larger).
    a = [[0, -1, 1, 1],
         [1, 0, -1, 2],
         [-1, 1, 0, 1],
         [F(-1, 10), F(-1, 10), F(-1, 10), 1]]
    s = solve(a)
    assert s.row == THIRD + (0,)
    assert s.col == THIRD + (0,)
    assert s.value == 0
    assert_certificate(a, s)


def test_pure_saddle_point():
    # Entry (0, 1) = 2 is the least of its row and the greatest of its column.
    a = [[4, 2, 5], [1, 0, 7], [3, 1, 6]]
    s = solve(a)
    assert s == Solution((1, 0, 0), (0, 1, 0), F(2))
    assert_certificate(a, s)


def test_one_row_and_one_column():
    s = solve([[3, 1, 2]])  # the column player picks the smallest entry
    assert s == Solution((1,), (0, 1, 0), F(1))
    s = solve([[3], [1], [2]])  # the row player picks the largest entry
    assert s == Solution((1, 0, 0), (1,), F(3))
    assert solve([[F(-7, 3)]]) == Solution((1,), (1,), F(-7, 3))
    tie = [[1, 4, 1]]  # two best columns: any mix of them is optimal
    s = solve(tie)
    assert s.value == 1 and s.col[1] == 0
    assert_certificate(tie, s)


@pytest.mark.parametrize("const", [0, 5, F(-2, 7), 0.1])
def test_all_equal_matrix(const):
    a = [[const] * 4 for _ in range(3)]
    s = solve(a)
    assert s.value == F(const)
    assert_certificate(a, s)


def test_degenerate_program_terminates_under_every_rule():
    # Found by search: on this matrix the simplex makes degenerate pivots (steps of length 0 at
    # a vertex where more constraints are tight than there are basic variables), the situation in
    # which a pivot rule without a safeguard can cycle. Bland's rule, the default rule (which
    # falls back to Bland's after a degenerate pivot) and plain Dantzig (which happens not to
    # cycle here; no game matrix on which it does was found) reach the same optimum.
    b = [[3, 1, 2, 1, 1], [2, 2, 1, 1, 2], [1, 3, 3, 1, 1], [3, 1, 3, 2, 1], [2, 2, 2, 2, 3]]
    values = set()
    for rule in ("auto", "bland", "dantzig"):
        t, z, d, basis, pivots, degenerate = _simplex(b, rule)
        assert degenerate > 0
        values.add(F(z[-1], d))
    assert len(values) == 1
    s = solve(b)  # entries already >= 1 and integers: the program solved is b's own
    assert 1 / s.value == values.pop()
    assert_certificate(b, s)
    # Duplicated and scaled strategies tie every ratio test.
    c = [[2, 1, 2, 1], [1, 2, 1, 2], [2, 1, 2, 1], [1, 2, 1, 2]]
    s = solve(c)
    assert s.value == F(3, 2)
    assert_certificate(c, s)


matrices = st.integers(1, 7).flatmap(lambda m: st.integers(1, 7).flatmap(
    lambda n: st.lists(st.lists(st.integers(-6, 6), min_size=n, max_size=n), min_size=m, max_size=m)))


@settings(max_examples=150, deadline=None)
@given(matrices)
def test_random_integer_matrices_certificates(a):
    before = copy.deepcopy(a)
    s = solve(a)
    assert a == before
    assert_certificate(a, s)
    # The value moves with a constant added and flips for the other seat's matrix, -A'.
    assert solve([[x + 3 for x in r] for r in a]).value == s.value + 3
    assert solve([[-a[i][j] for i in range(len(a))] for j in range(len(a[0]))]).value == -s.value


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5).flatmap(lambda n: st.lists(
    st.lists(st.floats(0, 1), min_size=n, max_size=n), min_size=1, max_size=5)))
def test_random_win_rate_matrices_certificates(a):
    arr = np.array(a)
    s = solve(arr)
    assert np.array_equal(arr, np.array(a))
    assert_certificate(a, s)
    row, col, value = s.as_floats()
    assert row.dtype == col.dtype == np.float64 and isinstance(value, float)
    assert abs(row.sum() - 1) < 1e-12 and abs(col.sum() - 1) < 1e-12
    assert 0 <= value <= 1


def test_larger_game_is_solved_exactly():
    rng = np.random.default_rng(5)
    a = rng.integers(-9, 10, size=(24, 20))
    s = solve(a)
    assert_certificate(a.tolist(), s)


def test_bland_and_default_rules_agree():
    rng = np.random.default_rng(9)
    for _ in range(20):
        b = rng.integers(1, 6, size=(6, 6)).tolist()
        z1, d1 = _simplex(b, "auto")[1:3]
        z2, d2 = _simplex(b, "bland")[1:3]
        assert F(z1[-1], d1) == F(z2[-1], d2)


def test_as_floats():
    row, col, value = solve([[3, -1], [-2, 5]]).as_floats()
    np.testing.assert_array_equal(row, [7 / 11, 4 / 11])
    np.testing.assert_array_equal(col, [6 / 11, 5 / 11])
    assert value == 13 / 11


def test_solution_is_frozen():
    s = solve(RPS)
    with pytest.raises(AttributeError):
        s.value = F(1)


def test_input_kinds():
    ref = solve(RPS)
    assert solve(tuple(map(tuple, RPS))) == ref
    assert solve(np.array(RPS, dtype=np.int8)) == ref
    assert solve(np.array(RPS, dtype=np.float32)) == ref
    assert solve([np.array(r) for r in RPS]) == ref
    assert solve([[np.int64(x) for x in r] for r in RPS]) == ref
    assert solve([[Decimal(x) for x in r] for r in RPS]) == ref
    assert solve([[F(x) for x in r] for r in RPS]) == ref
    assert solve([[0.5, 0.25]]).value == F(1, 4)


# --- exploitability -------------------------------------------------------------------------

def test_exploitability_of_non_equilibria():
    # Pure rock against uniform: rock earns 0, as does every reply of the row player (gain 0);
    # the column player gains 1 by answering paper.
    assert exploitability(RPS, (1, 0, 0), THIRD) == (0, 1)
    # Both pure rock: payoff 0; paper gains the row player 1, and the column player 1.
    assert exploitability(RPS, [1, 0, 0], [1, 0, 0]) == (1, 1)
    # Weights are divided by their sum: counts (2, 1, 1) mean (1/2, 1/4, 1/4), which earns
    # (0, -1/4, 1/4) against the three columns and 0 against the uniform column mix, so the
    # column player gains 1/4 (paper) and the row player nothing (every row earns 0).
    assert exploitability(RPS, [2, 1, 1], np.array([1.0, 1.0, 1.0])) == (0, F(1, 4))
    g = exploitability([[1, 0], [0, 1]], [0.5, 0.5], [F(1), 0])
    assert g == (F(1, 2), F(0))


def test_exploitability_validation():
    with pytest.raises(ValueError, match="row has 2 weights; the matrix has 3 rows"):
        exploitability(RPS, [1, 0], THIRD)
    with pytest.raises(ValueError, match="col has 4 weights; the matrix has 3 columns"):
        exploitability(RPS, THIRD, [1, 0, 0, 0])
    with pytest.raises(ValueError, match="negative weight"):
        exploitability(RPS, [2, -1, 0], THIRD)
    with pytest.raises(ValueError, match="no positive weight"):
        exploitability(RPS, [0, 0, 0], THIRD)
    with pytest.raises(ValueError, match="not finite"):
        exploitability(RPS, [float("nan"), 0, 1], THIRD)
    with pytest.raises(ValueError, match="1-D"):
        exploitability(RPS, [[1, 0, 0]], THIRD)


# --- validation -----------------------------------------------------------------------------

@pytest.mark.parametrize("payoff, message", [
    ([1, 2, 3], "must be 2-D.*row 0 is not a sequence"),
    (np.array([1, 2, 3]), "must be 2-D.*1-D array"),
    (np.zeros((2, 2, 2)), "must be 2-D.*3-D array"),
    (5, "must be 2-D.*int"),
    ("ab", "must be 2-D.*str"),
    ([[[1, 2]], [[3, 4]]], r"payoff\[0\]\[0\] is a sequence"),
    ([], "payoff is empty"),
    ([[]], "payoff is empty"),
    (np.zeros((0, 3)), "payoff is empty"),
    (np.zeros((3, 0)), "payoff is empty"),
    ([[1, 2], [3]], r"ragged: its rows have lengths \[1, 2\]"),
    ([[1], []], "ragged"),
    (np.zeros((MAX_STRATEGIES + 1, 2)), "65 x 2; at most 64 rows and 64 columns"),
    ([[0] * (MAX_STRATEGIES + 1)], "1 x 65"),
    ([[1, float("nan")]], r"payoff\[0\]\[1\] is not finite \(nan\)"),
    ([[1], [float("inf")]], r"payoff\[1\]\[0\] is not finite \(inf\)"),
    (np.array([[1.0, -np.inf]]), r"payoff\[0\]\[1\] is not finite"),
    ([[Decimal("NaN")]], "not finite"),
    ([[1, "2"]], r"payoff\[0\]\[1\] is a string \('2'\)"),
    (np.array([["a", "b"]]), "is a string"),
    ([[True, 0]], r"payoff\[0\]\[0\] is a bool"),
    (np.array([[True, False]]), "is a bool"),
    ([[np.bool_(True)]], "is a bool"),
    ([[1j]], r"payoff\[0\]\[0\] is not a real number \(complex"),
    ([[None, 1]], r"is not a real number \(NoneType"),
    ([[object()]], r"is not a real number \(object"),
    (np.array([[1, None]], dtype=object), r"payoff\[0\]\[1\] is not a real number"),
])
def test_validation(payoff, message):
    if isinstance(payoff, np.ndarray):
        before = payoff.copy()
    elif isinstance(payoff, list):  # new containers holding the same entries
        before = [list(r) if isinstance(r, list) else r for r in payoff]
    else:  # an int or a str
        before = payoff
    with pytest.raises(ValueError, match=message):
        solve(payoff)
    with pytest.raises(ValueError, match=message):
        exploitability(payoff, [1], [1])
    if isinstance(payoff, np.ndarray):
        assert payoff.dtype == before.dtype and payoff.shape == before.shape
        assert np.array_equal(payoff, before, equal_nan=payoff.dtype.kind == "f")
    else:
        assert payoff == before


def test_largest_allowed_size_is_accepted():
    a = np.eye(MAX_STRATEGIES, dtype=np.int64)[:, :3]
    s = solve(a)
    assert s.value == F(1, 3)  # three columns, each a unit vector on its own row
    assert_certificate(a.tolist(), s)
    a = np.random.default_rng(2).integers(-3, 4, size=(MAX_STRATEGIES, MAX_STRATEGIES))
    assert_certificate(a.tolist(), solve(a))
