"""exactcube.brownian.raises (ks69 §3) against hand values, Theorem 2 vs (8)-(9), and bad input."""

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from exactcube.brownian import raises as R
from exactcube.errors import BadInput, TooLarge
from exactcube.numbers import mpq

from ..invariants import EquityInvariants, ProbabilityInvariants


@pytest.mark.parametrize(
    "i, j, a, b, alpha, beta",
    [
        # ks69 §3 initial conditions: alpha(0, j) = 1; beta(i, 0) = 0 (B cannot raise)
        pytest.param(0, 0, 2, 2, mpq(1), mpq(0), id="alpha(0,0)=1, beta(0,0)=0"),
        # by hand: one double against none, 2p - 2(1-p) = 1 -> p = 3/4 (= (a+1)/(2a))
        pytest.param(1, 0, 2, 2, mpq(3, 4), mpq(0), id="alpha(1,0)=3/4 by hand"),
        # by hand: K_a, K_b ~ Bin(1, 1/4): P[K_a <= K_b] = 3/4 + 1/4*1/4 = 13/16, P[K_a < K_b] = 3/4*1/4 = 3/16
        pytest.param(1, 1, 2, 2, mpq(13, 16), mpq(3, 16), id="alpha(1,1)=13/16 by hand"),
        # ks69 §3 example (Figures 1-2), values in the text: beta(0,1) = 1/3, alpha(1,1) = 5/6, beta(1,1) = 1/4,
        # alpha(2,1) = 11/16 for two raises of 2 against one of 3
        pytest.param(0, 1, 2, 3, mpq(1), mpq(1, 3), id="ks69 text beta(0,1)=1/3"),
        pytest.param(1, 1, 2, 3, mpq(5, 6), mpq(1, 4), id="ks69 text alpha(1,1)=5/6, beta(1,1)=1/4"),
        pytest.param(2, 1, 2, 3, mpq(11, 16), mpq(3, 16), id="ks69 text alpha(2,1)=11/16"),
        # by hand: beta(2,1) (a=2,b=3) = P[Bin(2,1/4) < Bin(1,1/3)] = 1/3 * 9/16 = 3/16
    ],
)
def test_hand_values(i, j, a, b, alpha, beta):
    for method in ("binomial", "recurrence"):
        rp = R.raising_points(i, j, a, b, method)
        assert (rp.alpha, rp.beta) == (alpha, beta), method


@pytest.mark.parametrize(
    "i, j, printed",
    [
        # ks69 Table I, typed in from the paper at its printed precision
        pytest.param(1, 2, ".8594", id="Table I (1,2)"),
        pytest.param(5, 5, ".6451", id="Table I (5,5)"),
        pytest.param(9, 9, ".6082", id="Table I (9,9)"),
        pytest.param(9, 0, ".0751", id="Table I (9,0)"),
    ],
)
def test_table1_cells_at_printed_precision(i, j, printed):
    from exactcube.printed import agrees_with_printed

    assert agrees_with_printed(R.raising_points_binomial(i, j).alpha, printed)


def _fraction_recurrence(i, j, a, b):
    """Independent: ks69 (8)-(9) with fractions.Fraction, memoised, straight from the text."""
    a, b = Fraction(int(a.numerator), int(a.denominator)), Fraction(int(b.numerator), int(b.denominator))
    memo = {}

    def ab(i, j):
        if (i, j) in memo:
            return memo[(i, j)]
        al = Fraction(1) if i == 0 else (a + 1) / (2 * a) * ab(i - 1, j)[0] + (a - 1) / (2 * a) * ab(i - 1, j)[1]
        be = Fraction(0) if j == 0 else (b - 1) / (2 * b) * ab(i, j - 1)[0] + (b + 1) / (2 * b) * ab(i, j - 1)[1]
        memo[(i, j)] = (al, be)
        return al, be

    return ab(i, j)


factors = st.fractions(min_value=Fraction(101, 100), max_value=20).map(lambda f: mpq(f.numerator, f.denominator))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 14), st.integers(0, 14), factors, factors)
def test_theorem2_equals_recurrence(i, j, a, b):
    t = R.raising_points_binomial(i, j, a, b)
    g = R.raising_grid(i, j, a, b)
    f = _fraction_recurrence(i, j, a, b)
    assert (t.alpha, t.beta) == (g.alpha(i, j), g.beta(i, j))
    assert (t.alpha, t.beta) == (mpq(f[0].numerator, f[0].denominator), mpq(f[1].numerator, f[1].denominator))


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 12), st.integers(0, 12), factors, factors)
def test_lemma_ordering(i, j, a, b):
    g = R.raising_grid(i, j, a, b)
    assert g.beta(i - 1, j) < g.alpha(i, j) <= g.alpha(i - 1, j)


def test_game_value_hand():
    # by hand, Table II (1,0): alpha = 3/4, beta = 0, value (1/2 - 0 - 1/4)/(3/4) = 1/3
    assert R.expected_value(1, 0).value == mpq(1, 3)
    # Table II (0,1): alpha = 1, beta = 1/4: ((1/2 - 1/4) - 1/2)/(3/4) = -1/3
    assert R.expected_value(0, 1).value == mpq(-1, 3)
    # dominated: alpha(10,3) <= 1/2, so A raises at once and B folds
    v = R.expected_value(10, 3)
    assert v.value == 1 and v.dominated == "A"


def test_sampler_seeded_and_close():
    s1 = R.sample_alpha(2, 1, 2, 3, trials=3000, seed=7)
    s2 = R.sample_alpha(2, 1, 2, 3, trials=3000, seed=7)
    assert s1 == s2
    assert s1.low <= 11 / 16 <= s1.high


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda: R.raising_points(1, 1, 1, 2), id="a=1"),
        pytest.param(lambda: R.raising_points(1, 1, 2, "1/2"), id="b<1"),
        pytest.param(lambda: R.raising_points(-1, 1), id="negative i"),
        pytest.param(lambda: R.raising_points(1, -2), id="negative j"),
        pytest.param(lambda: R.raising_points(1.5, 1), id="fractional count"),
        pytest.param(lambda: R.raising_points(1, 1, 2.0, 2), id="float factor"),
        pytest.param(lambda: R.raising_points(1, 1, method="magic"), id="unknown method"),
        pytest.param(lambda: R.game_value(mpq(1, 4), mpq(1, 2)), id="beta > alpha"),
        pytest.param(lambda: R.sample_alpha(1, 1, trials=0), id="no trials"),
    ],
)
def test_bad_input(call):
    with pytest.raises(BadInput):
        call()


def test_too_large():
    with pytest.raises(TooLarge):
        R.raising_grid(R.MAX_RAISES + 1, 1)


class TestRaisesInvariants(ProbabilityInvariants, EquityInvariants):
    pairs = [(mpq(2), mpq(2)), (mpq(3), mpq(2)), (mpq(3, 2), mpq(7))]

    def probabilities(self):
        for a, b in self.pairs:
            g = R.raising_grid(6, 6, a, b)
            for i in range(7):
                for j in range(7):
                    yield f"alpha({i},{j}) a={a} b={b}", g.alpha(i, j)
                    yield f"beta({i},{j}) a={a} b={b}", g.beta(i, j)

    def equities(self):
        for a, b in self.pairs:
            for i in range(6):
                for j in range(6):
                    yield f"E({i},{j})", R.expected_value(i, j, a, b).value, 1

    def mirrored_pairs(self):
        # A with i raises of a against B with j of b is B's game seen from the other side
        for a, b in self.pairs:
            for i in range(6):
                for j in range(6):
                    yield f"E({i},{j})", R.expected_value(i, j, a, b).value, R.expected_value(j, i, b, a).value
