"""exactcube.numbers: parsing never goes through a float; rounding is half to even."""

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from exactcube.errors import BadInput
from exactcube.numbers import (
    format_decimal,
    format_exact,
    latex_rational,
    mpq,
    parse_int,
    parse_rational,
    printed_places,
    round_decimal,
    to_mpq,
)


@pytest.mark.parametrize(
    "text, expected",
    [
        pytest.param("3/4", mpq(3, 4), id="fraction"),
        pytest.param("0.77", mpq(77, 100), id="decimal-is-not-binary-float"),
        pytest.param("1e-3", mpq(1, 1000), id="scientific"),
        pytest.param("-2", mpq(-2), id="negative-int"),
        pytest.param(".5", mpq(1, 2), id="leading-dot"),
        pytest.param("2.5E2", mpq(250), id="upper-E"),
        pytest.param(" 6/-8 ", mpq(-3, 4), id="negative-denominator"),
        pytest.param("+0.125", mpq(1, 8), id="plus-sign"),
        pytest.param("1.", mpq(1), id="trailing-dot"),
    ],
)
def test_parse_rational(text, expected):
    assert parse_rational(text) == expected


@pytest.mark.parametrize("text", ["", "abc", "1/0", "0x10", "1//2", "nan", "inf", "1e99999", "3/4.5", "--1"])
def test_parse_rational_rejects(text):
    with pytest.raises(BadInput):
        parse_rational(text)


def test_parse_int():
    assert parse_int("12") == 12
    assert parse_int("4/2") == 2  # an exact whole number written as a fraction is fine
    with pytest.raises(BadInput):
        parse_int("1.5")
    with pytest.raises(BadInput, match="at least 0"):
        parse_int("-1", minimum=0)


def test_to_mpq_refuses_floats():
    with pytest.raises(BadInput, match="binary float"):
        to_mpq(0.77)
    assert to_mpq(Fraction(3, 4)) == mpq(3, 4)
    import sympy

    assert to_mpq(sympy.Rational(-5, 7)) == mpq(-5, 7)


@pytest.mark.parametrize(
    "value, places, expected",
    [
        # hand-computed: 13/16 = 0.8125 -> a tie at 3 places goes to the even last digit (2, not 3)
        (mpq(13, 16), 3, "0.812"),
        (mpq(13, 16), 4, "0.8125"),
        (mpq(-13, 16), 3, "-0.812"),
        (mpq(15, 16), 3, "0.938"),  # 0.9375: the even neighbour is the upper one
        (mpq(-15, 16), 3, "-0.938"),
        (mpq(1, 3), 5, "0.33333"),
        (mpq(2, 3), 5, "0.66667"),
        (mpq(5, 2), 0, "2"),
        (mpq(7, 2), 0, "4"),
        (mpq(-1, 8), 2, "-0.12"),
        (mpq(-3, 8), 2, "-0.38"),
        (mpq(-1, 1000), 2, "0.00"),  # rounds to zero: printed without a minus sign
        (mpq(999, 1000), 2, "1.00"),
    ],
)
def test_format_decimal(value, places, expected):
    assert format_decimal(value, places) == expected


def test_format_decimal_no_leading_zero():
    assert format_decimal(mpq(4938, 10000), 4, leading_zero=False) == ".4938"


@given(st.fractions(), st.integers(0, 12))
def test_round_decimal_is_nearest(f, places):
    q = mpq(f.numerator, f.denominator)
    r = round_decimal(q, places)
    unit = mpq(1, 10**places)
    assert abs(r - q) <= unit / 2
    assert (r * 10**places).denominator == 1
    # the printed text reads back as the rounded value
    assert parse_rational(format_decimal(q, places)) == r


def test_halfway_complements_sum_to_100():
    """Issue 45 row 16: Zadeh's 4-away/1-away entry is 569/32 percent = 17.78125 exactly, its complement
    2631/32 = 82.21875 (by hand: 569 + 2631 = 3200 = 100 * 32).  Half up printed 17.7813 + 82.2188 = 100.0001."""
    a, b = format_decimal(mpq(569, 32), 4), format_decimal(mpq(2631, 32), 4)
    assert (a, b) == ("17.7812", "82.2188")
    assert parse_rational(a) + parse_rational(b) == 100


@given(st.fractions(), st.integers(0, 3), st.integers(-5, 5))
def test_printed_complements_sum_exactly(f, places, whole):
    """Whenever p + q is a whole number, the printed p and q sum to it exactly (ties included: half to even)."""
    q = mpq(f.numerator, f.denominator)
    # make ties likely: snap q to a half unit of the last place half of the time
    if f.denominator % 2 == 0:
        q = mpq(round(q * 2 * 10**places) * 2 + 1, 2 * 2 * 10**places)
    p = whole - q
    assert parse_rational(format_decimal(p, places)) + parse_rational(format_decimal(q, places)) == whole


@given(st.fractions())
def test_format_exact_round_trips(f):
    q = mpq(f.numerator, f.denominator)
    assert parse_rational(format_exact(q)) == q


def test_latex():
    assert latex_rational(mpq(13, 16)) == r"\frac{13}{16}"
    assert latex_rational(mpq(-3, 4)) == r"-\frac{3}{4}"
    assert latex_rational(mpq(5)) == "5"
    assert latex_rational(mpq(1, 3), 3) == "0.333"


def test_printed_places():
    assert printed_places(".8125") == 4
    assert printed_places("+.430") == 3
    assert printed_places("79") == 0
    assert printed_places("12.5%") == 1


def test_ball_precision_is_local_and_restored_on_an_exception():
    import flint

    from exactcube.numbers import ball_precision

    before = flint.ctx.prec
    with ball_precision(300):
        assert flint.ctx.prec == 300
        with ball_precision(100):
            assert flint.ctx.prec == 100
        assert flint.ctx.prec == 300
    with pytest.raises(KeyError):
        with ball_precision(200):
            raise KeyError
    assert flint.ctx.prec == before
