"""exactcube.brownian.continuous (ks69 §4-5) against closed forms, mpmath, the discrete model, and bad input."""

from fractions import Fraction

import flint
import mpmath
import pytest
from flint import arb, fmpq
from hypothesis import given, settings, strategies as st

from exactcube.brownian import continuous as C
from exactcube.brownian import raises as R
from exactcube.errors import BadInput, TooLarge
from exactcube.numbers import mpq
from exactcube.printed import agrees_with_printed


def _q(x):
    x = mpq(x)
    return arb(fmpq(int(x.numerator), int(x.denominator)))


def _mp_alpha(a: Fraction, b: Fraction, dps: int = 40):
    """Independent: α = Σ_j P[Y=j] P[X<=j], P[X<=j] = Q(j+1, L) (mpmath's regularized upper gamma)."""
    with mpmath.workdps(dps):
        L = mpmath.log(mpmath.mpf(a.numerator) / a.denominator) / 2
        M = mpmath.log(mpmath.mpf(b.numerator) / b.denominator) / 2
        if M == 0:
            return mpmath.exp(-L)
        return mpmath.nsum(lambda j: mpmath.exp(-M) * M**j / mpmath.factorial(j)
                           * mpmath.gammainc(j + 1, L, regularized=True), [0, mpmath.inf])


@pytest.mark.parametrize(
    "a, expected",
    [
        # ks69 §4 example: b = 1 gives alpha(a, 1) = 1/sqrt(a)
        pytest.param(4, mpq(1, 2), id="alpha(4,1)=1/2"),
        pytest.param(9, mpq(1, 3), id="alpha(9,1)=1/3"),
        pytest.param(mpq(10) ** 10, mpq(1, 10**5), id="alpha(1e10,1)=1e-5 (ks69 §5)"),
        pytest.param(mpq(25, 4), mpq(2, 5), id="alpha(25/4,1)=2/5"),
    ],
)
def test_alpha_b_equals_one(a, expected):
    v = C.alpha(a, 1, 30).value
    with C.working_precision(200):
        assert v.overlaps(_q(expected))
    assert v.rad() < arb(10) ** -30


def test_alpha_a_equals_one_is_one():
    # L = 0: X = 0 surely, so P[X <= Y] = 1 (Table III row 1)
    assert C.alpha(1, 7).value == arb(1)


def test_precision_restored_even_after_errors():
    before = flint.ctx.prec
    C.alpha(3, 5, 40)
    with pytest.raises(BadInput):
        C.alpha(mpq(1, 2), 3)
    C.resign_potential(7, 20)
    assert flint.ctx.prec == before


positive = st.fractions(min_value=1, max_value=60, max_denominator=20)


@settings(max_examples=25, deadline=None)
@given(positive, positive)
def test_ball_contains_mpmath_value(a, b):
    ball = C.alpha(mpq(a.numerator, a.denominator), mpq(b.numerator, b.denominator), 25).value
    v = _mp_alpha(a, b)
    with mpmath.workdps(40):
        d = abs(mpmath.mpf(ball.mid().str(40, radius=False)) - v)
        assert d <= mpmath.mpf(ball.rad().str(5, radius=False)) + mpmath.mpf(10) ** -30


@settings(max_examples=20, deadline=None)
@given(st.fractions(min_value=Fraction(11, 10), max_value=30, max_denominator=10),
       st.fractions(min_value=Fraction(11, 10), max_value=30, max_denominator=10))
def test_one_raise_each_matches_discrete_model(a, b):
    # n = m = 1 in ks69 (12)-(13) is one raise of a against one of b: exactly ks69 §3's alpha(1,1)
    qa, qb = mpq(a.numerator, a.denominator), mpq(b.numerator, b.denominator)
    exact = R.raising_points_binomial(1, 1, qa, qb).alpha
    ball = C.alpha_split(qa, qb, 1, 1, 25)
    with C.working_precision(200):
        assert ball.overlaps(_q(exact))


def test_split_tends_to_continuous():
    with C.working_precision(128):
        target = C.alpha(4, 2, 25).value
        errs = [abs(C.alpha_split(4, 2, n, n, 25) - target) for n in (4, 16, 64)]
    assert errs[0] > errs[1] > errs[2]


@pytest.mark.parametrize(
    "a, b, printed",
    [
        # ks69 Table III / IV cells typed in from the paper
        pytest.param(2, 1, ".7071", id="Table III (2,1)"),
        pytest.param(10, 3, ".4938", id="Table III (10,3)"),
        pytest.param(7, 10, ".6934", id="Table III (7,10)"),
    ],
)
def test_table3_cells(a, b, printed):
    v = C.alpha(a, b, 20).value
    assert agrees_with_printed(mpq(v.mid().str(25, radius=False)), printed)


def test_expected_value_printed_and_symmetric():
    # ks69 §5 text: raise factor 8 against 4 has +.581
    e = C.expected_value(8, 4, 20)
    assert arb("0.5805") < e.value < arb("0.5815") and e.dominated is None
    # antisymmetry E(a,b) = -E(b,a) and E(a,a) = 0
    with C.working_precision(120):
        assert (e.value + C.expected_value(4, 8, 20).value).contains(0)
    assert C.expected_value(5, 5).value.contains(0)
    # dominated exactly at a = 4 against b = 1 (alpha(4,1) = 1/2)
    assert C.expected_value(4, 1).dominated == "A" and C.expected_value(1, 4).dominated == "B"
    assert C.expected_value(3, 1).dominated is None


def test_tie_probability_is_alpha_sum_minus_one():
    with C.working_precision(160):
        s = C.alpha(3, 7, 25).value + C.alpha(7, 3, 25).value - 1
        assert s.overlaps(C.tie_probability(3, 7, 25))


@pytest.mark.parametrize("b", [mpq(3, 2), mpq(7), mpq(100)])
def test_resign_root_is_certified(b):
    r = C.resign_potential(b, 20)
    with C.working_precision(120):
        v, _, _ = C.alpha_LM(r.L, C.half_log(b))
        assert v.contains(arb(fmpq(1, 2)))
    assert r.a.rad() < arb(10) ** -15 * r.a.mid()


def test_resign_closed_form_and_printed():
    # ks69 §4: b = 1 gives a = 4 exactly
    assert C.resign_potential(1).a == arb(4)
    # Table V cells for small b typed in from the paper (correct there; see proofs for the large-b errata)
    assert agrees_with_printed(mpq(C.resign_potential(2).a.mid().str(20, radius=False)), "6.7952")
    # independent Newton root in mpmath (30 dps on (18)) for b = 1000: 2786.0125..., printed 2819.971
    a = C.resign_potential(1000, 20).a
    assert arb("2786.012") < a < arb("2786.013")


def test_normal_approximation_improves():
    with C.working_precision(128):
        e1 = abs(C.alpha_normal(10, 10) - C.alpha(10, 10).value)
        e2 = abs(C.alpha_normal(10**6, 10**6) - C.alpha(10**6, 10**6).value)
    assert e2 < e1


def test_bessel_asymptotics_relative_error():
    # f(x) = I0(2x) ~ e^{2x}/(2 sqrt(pi x)) (1 + 1/(16x) + ...): Hankel's expansion, independent of ks69
    with C.working_precision(120):
        r = C.bessel_f(1000) / C.bessel_f_asymptotic(1000) - 1
        assert abs(r * 16000 - 1) < arb("0.001")


@pytest.mark.parametrize(
    "call, exc",
    [
        pytest.param(lambda: C.alpha(mpq(1, 2), 2), BadInput, id="a<1"),
        pytest.param(lambda: C.alpha(2, "0.3"), BadInput, id="b<1"),
        pytest.param(lambda: C.alpha(2.5, 2), BadInput, id="float potential"),
        pytest.param(lambda: C.alpha(2, 2, 0), BadInput, id="digits 0"),
        pytest.param(lambda: C.alpha(2, 2, 10**6), TooLarge, id="digits huge"),
        pytest.param(lambda: C.alpha_means(-1, 2), BadInput, id="negative mean"),
        pytest.param(lambda: C.alpha_normal(1, 1), BadInput, id="normal needs L+M>0"),
        pytest.param(lambda: C.alpha_split(2, 2, 0, 1), BadInput, id="n=0"),
        pytest.param(lambda: C.resign_potential(mpq(9, 10)), BadInput, id="resign b<1"),
        pytest.param(lambda: C.bessel_f_asymptotic(0), BadInput, id="asymptotic at 0"),
    ],
)
def test_bad_input(call, exc):
    with pytest.raises(exc):
        call()


def test_chess_clock_sampler_seeded():
    import random

    # b = 1: B's clock never gets an upset, so A wins iff his clock has no upset: P = e^{-L} = 1/sqrt(a)
    rng = random.Random(5)
    n = 4000
    wins = sum(C.chess_clock_sample(4, 1, rng) for _ in range(n))
    assert abs(wins / n - 0.5) < 3.3 * (0.25 / n) ** 0.5
    assert [C.chess_clock_sample(3, 2, random.Random(9)) for _ in range(3)] == \
        [C.chess_clock_sample(3, 2, random.Random(9)) for _ in range(3)]
