"""exactcube.triangle.board: the triangle game of ju24 §4.1, against hand values and a second solver."""

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from exactcube.triangle import board as T
from exactcube.errors import BadInput, TooLarge
from exactcube.numbers import mpq

from ..invariants import ProbabilityInvariants


# ---------------------------------------------------------------------------------- the grid


@pytest.mark.parametrize(
    "n, count, interior",
    [
        # by hand: side 1 is the three vertices; side 2 adds the three edge midpoints
        pytest.param(1, 3, 0, id="side 1: 3 vertices"),
        pytest.param(2, 6, 0, id="side 2: 3 vertices + 3 midpoints"),
        # (n+1)(n+2)/2 points, (n-1)(n-2)/2 interior: side 3 has 10 points, the centre (1,1,1) inside
        pytest.param(3, 10, 1, id="side 3: 10 points, 1 interior"),
        pytest.param(30, 496, 406, id="side 30"),
    ],
)
def test_grid_counts(n, count, interior):
    assert len(T.positions(n)) == count
    assert len(T.interior_positions(n)) == interior


def test_neighbours_by_hand():
    # ju24 §4.1: the centre of side 3 moves to the six points around it, 1/6 each
    nb = dict(T.neighbours(T.position(1, 1, 1)))
    assert set(nb) == {T.Position(2, 0, 1), T.Position(0, 2, 1), T.Position(2, 1, 0),
                       T.Position(0, 1, 2), T.Position(1, 2, 0), T.Position(1, 0, 2)}
    assert all(w == mpq(1, 6) for w in nb.values())
    # an edge point moves along its edge only (the missing player is ejected), 1/2 each
    nb = dict(T.neighbours(T.position(1, 0, 2)))
    assert nb == {T.Position(2, 0, 1): mpq(1, 2), T.Position(0, 0, 3): mpq(1, 2)}
    # a vertex is absorbing
    assert T.neighbours(T.position(3, 0, 0)) == ()


# ------------------------------------------------------------------------- exact values by hand


@pytest.mark.parametrize(
    "n, p, want",
    [
        # side 1: every point is a vertex: the winner's unit vector
        pytest.param(1, (1, 0, 0), (1, 0, 0), id="side 1 vertex A"),
        pytest.param(1, (0, 0, 1), (0, 0, 1), id="side 1 vertex C"),
        # side 2: the midpoint of AB moves to A or B w.p. 1/2 each: (1/2, 1/2, 0) by hand
        pytest.param(2, (1, 1, 0), (Fraction(1, 2), Fraction(1, 2), 0), id="side 2 midpoint AB"),
        pytest.param(2, (0, 1, 1), (0, Fraction(1, 2), Fraction(1, 2)), id="side 2 midpoint BC"),
        # side 3, centre: symmetric under rotating the players, and the three chances sum to 1: 1/3 each
        pytest.param(3, (1, 1, 1), (Fraction(1, 3),) * 3, id="side 3 centre by symmetry"),
        # side 3, edge point (2,1,0): gambler's ruin on 0..3 from 2: 2/3 (Lemma 4.2 by hand)
        pytest.param(3, (2, 1, 0), (Fraction(2, 3), Fraction(1, 3), 0), id="side 3 edge point"),
    ],
)
def test_small_grids_by_hand(n, p, want):
    sol = T.solve(n)
    got = sol[T.position(*p, n=n)]
    assert got == tuple(mpq(Fraction(w)) for w in want)


def test_side_4_interior_by_hand():
    # side 4 has 3 interior points.  Let u = P_A(2,1,1), v = P_A(1,2,1) = P_A(1,1,2) (B <-> C symmetry).
    # Edge values by Lemma 4.2: P_A(3,1,0) = P_A(3,0,1) = 3/4, P_A(2,2,0) = P_A(2,0,2) = 1/2, P_A(1,3,0) = 1/4,
    # P_A = 0 on the edge a = 0.  Six-neighbour averages:
    #   6u = 3/4 + 3/4 + 1/2 + 1/2 + 2v        (neighbours (3,0,1) (3,1,0) (2,2,0) (2,0,2) (1,2,1) (1,1,2))
    #   6v = u + 0 + 1/2 + 0 + 1/4 + v         (neighbours (2,1,1) (0,3,1) (2,2,0) (0,2,2) (1,3,0) (1,1,2))
    # so 5v = u + 3/4 and 6u = 5/2 + 2v, whence 28v = 7: v = 1/4, u = 1/2.
    sol = T.solve(4)
    assert sol[T.position(2, 1, 1)][0] == mpq(1, 2)
    assert sol[T.position(1, 2, 1)][0] == mpq(1, 4)
    assert sol[T.position(1, 1, 2)][0] == mpq(1, 4)


@pytest.mark.parametrize("n", [1, 2, 3, 7, 12, 25])
def test_lemma_4_2_edge_walk(n):
    # ju24 Lemma 4.2: p_k = k/n (the closed form is independent of the Thomas elimination used here)
    assert T.edge_walk_probabilities(n) == tuple(mpq(k, n) for k in range(n + 1))


# ------------------------------------------------------------ Theorem 4.1 two independent ways


def _fraction_solve(n):
    """A second solver: plain Fraction Gauss-Jordan elimination on the whole grid (no flint, no Lemma 4.2)."""
    pts = T.positions(n)
    free = [p for p in pts if p.kind != "vertex"]
    idx = {p: i for i, p in enumerate(free)}
    m = len(free)
    rows = []
    for p in free:
        row = [Fraction(0)] * m + [Fraction(0)] * 3
        row[idx[p]] += 1
        for q, w in T.neighbours(p):
            w = Fraction(int(w.numerator), int(w.denominator))
            if q in idx:
                row[idx[q]] -= w
            else:
                row[m + q.coords.index(n)] += w
        rows.append(row)
    for c in range(m):
        piv = next(r for r in range(c, m) if rows[r][c] != 0)
        rows[c], rows[piv] = rows[piv], rows[c]
        pv = rows[c][c]
        rows[c] = [x / pv for x in rows[c]]
        for r in range(m):
            if r != c and rows[r][c] != 0:
                f = rows[r][c]
                rows[r] = [x - f * y for x, y in zip(rows[r], rows[c], strict=True)]
    return {p: tuple(rows[idx[p]][m + j] for j in range(3)) for p in free}


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_flint_solve_equals_fraction_solve(n):
    a = T.solve(n)
    b = _fraction_solve(n)
    for p, v in b.items():
        assert a[p] == tuple(mpq(x) for x in v), p


@pytest.mark.parametrize("n", [1, 2, 3, 4, 9, 17, 30])
def test_exact_solve_equals_barycentric(n):
    # ju24 Theorem 4.1
    sol = T.solve(n)
    for p in T.positions(n):
        assert sol[p] == T.barycentric(p)


@pytest.mark.parametrize("n", [1, 2, 5, 13])
def test_barycentric_is_harmonic(n):
    assert T.harmonic_defect(n, T.barycentric) == []


def test_harmonic_defect_detects_a_wrong_function():
    # the squares of the coordinates are not harmonic: the check must be able to fail
    bad = T.harmonic_defect(6, lambda p: tuple(x * x for x in T.barycentric(p)))
    assert bad


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 20).flatmap(
    lambda n: st.integers(0, n).flatmap(lambda a: st.tuples(st.just(n), st.just(a), st.integers(0, n - a)))))
def test_evaluation_methods_agree(args):
    n, a, b = args
    p = T.position(a, b, n - a - b, n)
    assert T.evaluation(p, "solve").probabilities == T.evaluation(p).probabilities


class TestInvariants(ProbabilityInvariants):
    def probabilities(self):
        sol = T.solve(8)
        for p, v in sol.values.items():
            assert sum(v) == 1
            for x in v:
                yield str(p), x


# ----------------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "args, kw, fragment",
    [
        pytest.param((3, 3, 3), {"n": 10}, "a + b + c = 9", id="sum differs from n"),
        pytest.param((-1, 5, 6), {}, ">= 0", id="negative coordinate"),
        pytest.param((0, 0, 0), {}, "n >= 1", id="empty"),
        pytest.param((1.5, 1, 1), {}, "whole number", id="float coordinate"),
        pytest.param((True, 1, 1), {}, "whole number", id="boolean coordinate"),
    ],
)
def test_bad_positions(args, kw, fragment):
    with pytest.raises(BadInput, match=fragment.replace("+", r"\+")):
        T.position(*args, **kw)


@pytest.mark.parametrize("text", ["1,2", "a,b,c", "1,2,3,4", "1/2,1,1", "1,,2"])
def test_bad_position_text(text):
    with pytest.raises(BadInput):
        T.parse_position(text)


def test_parse_position():
    assert T.parse_position("10, 10,10", 30) == T.Position(10, 10, 10)
    with pytest.raises(BadInput, match="side is n = 31"):
        T.parse_position("10,10,10", 31)


@pytest.mark.parametrize("n, exc", [(0, BadInput), (-3, BadInput), (2.0, BadInput), (10**6, TooLarge)])
def test_bad_sides(n, exc):
    with pytest.raises(exc):
        T.solve(n)


def test_bad_method():
    with pytest.raises(BadInput):
        T.evaluation(T.position(1, 1, 1), "guess")
