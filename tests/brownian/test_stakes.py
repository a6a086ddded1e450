"""exactcube.brownian.stakes: the (x, y)-cube against hand values, the alternating model, and itself (hypothesis)."""

import pytest
from hypothesis import given, settings, strategies as st_

from exactcube.brownian import alternating as alt
from exactcube.brownian import stakes as st
from exactcube.errors import BadInput
from exactcube.numbers import mpq

from ..invariants import EquityInvariants, ProbabilityInvariants

# -- strategies: exact rationals in each region ------------------------------------------

fractions = st_.fractions(min_value=0, max_value=1).filter(lambda f: 0 < f < 1)


@st_.composite
def raising(draw):
    """(x, y) in R+ : y = 1 + v (v > 0), x = y*s with 0 < s < 1."""
    v = draw(st_.fractions(min_value=0, max_value=20, max_denominator=50).filter(lambda f: f > 0))
    s = draw(fractions)
    y = 1 + mpq(v.numerator, v.denominator)
    return y * mpq(s.numerator, s.denominator), y


@st_.composite
def reducing(draw):
    """(x, y) in R- : 0 < y < 1, x = -y*s with 0 < s < 1."""
    y = draw(fractions)
    s = draw(fractions)
    y = mpq(y.numerator, y.denominator)
    return -y * mpq(s.numerator, s.denominator), y


# -- regions -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "x, y, region, policy",
    [
        # regions read off ju24 Theorem 1.3 and Theorem 3.1 by hand
        pytest.param(1, 2, st.Region.RAISING, st.Policy.AT_THRESHOLD, id="(1,2) ordinary cube in R+"),
        pytest.param("-1/4", "1/2", st.Region.REDUCING, st.Policy.AT_THRESHOLD, id="R-"),
        pytest.param(3, 2, st.Region.T1, st.Policy.AT_ONE, id="(1) x>=y>1"),
        pytest.param(2, 2, st.Region.T1, st.Policy.AT_ONE, id="(1) on x=y"),
        pytest.param("1/2", "1/2", st.Region.T2, st.Policy.AT_ZERO, id="(2)"),
        pytest.param(1, 1, st.Region.T2, st.Policy.AT_ZERO, id="(2) corner (1,1)"),
        pytest.param(-2, "1/2", st.Region.T3, st.Policy.NEVER, id="(3) -x>1"),
        pytest.param("-1/2", 2, st.Region.T3, st.Policy.NEVER, id="(3) y>1"),
        pytest.param("-1/2", "1/4", st.Region.T4, st.Policy.AT_ZERO, id="(4)"),
        pytest.param("-1/2", "1/2", st.Region.T4, st.Policy.AT_ZERO, id="(4) on y=-x"),
        pytest.param(0, 3, st.Region.LINE_X0, st.Policy.NEVER, id="gap x=0,y>1"),
        pytest.param("-1/2", 1, st.Region.LINE_Y1, st.Policy.NEVER, id="gap y=1,-1<x<0"),
        pytest.param(-1, 1, st.Region.T4, st.Policy.AT_ZERO, id="(4) corner (-1,1)"),
    ],
)
def test_classify(x, y, region, policy):
    c = st.classify(x, y)
    assert c.region is region and c.policy is policy


@pytest.mark.parametrize("y", [0, -1, "-1/2"])
def test_y_not_positive_is_bad_input(y):
    with pytest.raises(BadInput, match="positive"):
        st.classify(1, y)


@pytest.mark.parametrize("x, y", [(3, 2), ("1/2", "1/2"), (0, 3)])
def test_thresholds_need_a_nontrivial_region(x, y):
    with pytest.raises(BadInput, match="defined only in R"):
        st.doubling_point(x, y, 2)


def test_binary_float_refused():
    with pytest.raises(BadInput):
        st.classify(0.5, 2)


@pytest.mark.parametrize("k", [-1, 1.5, True, 10**6])
def test_bad_k(k):
    with pytest.raises(BadInput):
        st.doubling_point(1, 2, k)


# -- thresholds --------------------------------------------------------------------------


@pytest.mark.parametrize("k", range(0, 12))
def test_standard_cube_reproduces_alternating(k):
    # (x, y) = (1, 2) must give ju24 (1.1), as computed by the foundation's alternating model
    assert st.doubling_point_closed_form(1, 2, k) == alt.doubling_point(k)
    assert st.doubling_point_recurrence(1, 2, k) == alt.doubling_point_recurrence(k)


def test_standard_limit_is_four_fifths():
    assert st.limit_point(1, 2) == mpq(4, 5)


@pytest.mark.parametrize(
    "x, y, k, d",
    [
        # R+ (1/2, 3) by hand: d_1 = 1/2 + (1/2)/6 = 7/12 (3.1); r = (5/2)/(3*3/2) = 5/9;
        # d_2 = 1 - (5/9)(7/12) = 73/108 (A.2); d_3 = 1 - (5/9)(73/108) = 607/972
        pytest.param(mpq(1, 2), mpq(3), 1, mpq(7, 12), id="R+ d1"),
        pytest.param(mpq(1, 2), mpq(3), 2, mpq(73, 108), id="R+ d2"),
        pytest.param(mpq(1, 2), mpq(3), 3, mpq(607, 972), id="R+ d3"),
        # R- (-1/4, 1/2) by hand: d_1 = 1/2 - 1/4 = 1/4; r = (1/4)/((1/2)(5/4)) = 2/5;
        # d_2 = (2/5)(3/4) = 3/10 (A.7); d_3 = (2/5)(7/10) = 7/25
        pytest.param(mpq(-1, 4), mpq(1, 2), 1, mpq(1, 4), id="R- d1"),
        pytest.param(mpq(-1, 4), mpq(1, 2), 2, mpq(3, 10), id="R- d2"),
        pytest.param(mpq(-1, 4), mpq(1, 2), 3, mpq(7, 25), id="R- d3"),
    ],
)
def test_thresholds_by_hand(x, y, k, d):
    assert st.doubling_point_closed_form(x, y, k) == d
    assert st.doubling_point_recurrence(x, y, k) == d
    assert st.take_point(x, y, k) == 1 - d


@pytest.mark.parametrize(
    "x, y, limit",
    [
        # fixed point p = 1 - (5/9)p  =>  p = 9/14 (by hand)
        pytest.param(mpq(1, 2), mpq(3), mpq(9, 14), id="R+"),
        # fixed point p = (2/5)(1 - p)  =>  p = 2/7 (by hand)
        pytest.param(mpq(-1, 4), mpq(1, 2), mpq(2, 7), id="R-"),
    ],
)
def test_limit_by_hand(x, y, limit):
    assert st.limit_point(x, y) == limit
    assert st.thresholds(x, y, None).double == limit


@settings(max_examples=40, deadline=None)
@given(raising(), st_.integers(0, 30))
def test_recurrence_equals_closed_form_raising(xy, k):
    x, y = xy
    assert st.doubling_point_recurrence(x, y, k) == st.doubling_point_closed_form(x, y, k)


@settings(max_examples=40, deadline=None)
@given(reducing(), st_.integers(0, 30))
def test_recurrence_equals_closed_form_reducing(xy, k):
    x, y = xy
    assert st.doubling_point_recurrence(x, y, k) == st.doubling_point_closed_form(x, y, k)


@settings(max_examples=40, deadline=None)
@given(st_.one_of(raising(), reducing()), st_.integers(1, 12))
def test_thresholds_oscillate_between_d1_and_d2(xy, k):
    # ju24 §3.2: c > 0 and 0 < r < 1, so d_1 <= d_k <= d_2 < (1+x)/2 and d_k - d_inf alternates in sign
    x, y = xy
    d = st.doubling_point(x, y, k)
    d1, d2, lim = st.doubling_point(x, y, 1), st.doubling_point(x, y, 2), st.limit_point(x, y)
    assert d1 <= d <= d2 < (1 + x) / 2
    assert (d < lim) == (k % 2 == 1)


@settings(max_examples=30, deadline=None)
@given(st_.one_of(raising(), reducing()), st_.integers(1, 8))
def test_opponent_indifferent_at_dk(xy, k):
    # ju24 Theorem 1.3 (β): accepting at d_k is worth exactly the fold value x to the proposer
    x, y = xy
    d = st.doubling_point(x, y, k)
    after = st.equity(x, y, k - 1, d, "theirs").value if k > 1 else 2 * d - 1
    assert y * after == x


@settings(max_examples=30, deadline=None)
@given(st_.one_of(raising(), reducing()), st_.integers(1, 8), fractions)
def test_proposing_at_dk_beats_never(xy, k, p):
    # ju24 Theorems 1.4, 1.5 second part, at any state p
    x, y = xy
    p = mpq(p.numerator, p.denominator)
    assert st.owner_equity(x, y, k, p) >= st.never_equity(p)


# -- equities ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "x, y, k, p, cube, value",
    [
        # consistency lemma by hand: reach d_1 = 7/12 (worth x = 1/2) before 0 (worth -1) with chance 6/7
        pytest.param(mpq(1, 2), mpq(3), 1, mpq(1, 2), "mine", mpq(2, 7), id="R+ owner below d1"),
        # above d_1, x < 1: wait for 1 (worth 1) or d_1 (worth 1/2): at 19/24, halfway -> 3/4
        pytest.param(mpq(1, 2), mpq(3), 1, mpq(19, 24), "mine", mpq(3, 4), id="R+ owner above d1, x<1"),
        # x = 3/2 >= 1: above d_1 = 7/8 the opponent folds at once -> 3/2
        pytest.param(mpq(3, 2), mpq(2), 1, mpq(15, 16), "mine", mpq(3, 2), id="R+ owner above d1, x>1"),
        # centred, (1/2, 3), k = 1: linear from -1/2 at 5/12 to 1/2 at 7/12; at 1/2 -> 0
        pytest.param(mpq(1, 2), mpq(3), 1, mpq(1, 2), "centre", mpq(0), id="R+ centred"),
        # R- owner, (-1/4, 1/2), k = 1 above d_1 = 1/4: from (1/4, -1/4) to (1, 1); at 5/8 -> 3/8
        pytest.param(mpq(-1, 4), mpq(1, 2), 1, mpq(5, 8), "mine", mpq(3, 8), id="R- owner above d1"),
        # below d_1 reduce at once, accepted: y(2p - 1) = (1/2)(-3/5) = -3/10 at p = 1/5
        pytest.param(mpq(-1, 4), mpq(1, 2), 1, mpq(1, 5), "mine", mpq(-3, 10), id="R- owner below d1"),
        pytest.param(mpq(1, 2), mpq(3), 0, mpq(3, 4), "centre", mpq(1, 2), id="dead: 2p-1"),
    ],
)
def test_equity_by_hand(x, y, k, p, cube, value):
    assert st.equity(x, y, k, p, cube).value == value


@pytest.mark.parametrize("k", [1, 2, 3, 5])
@pytest.mark.parametrize("cube", ["mine", "theirs", "centre", "dead"])
def test_standard_equity_is_alternating(k, cube):
    for i in range(41):
        p = mpq(i, 40)
        assert st.equity(1, 2, k, p, cube).value == alt.equity(p, cube, k).value


def test_bad_p():
    with pytest.raises(BadInput):
        st.equity(1, 2, 1, mpq(3, 2))


class TestStakesInvariants(ProbabilityInvariants, EquityInvariants):
    cubes = [(mpq(1, 2), mpq(3)), (mpq(3, 2), mpq(2)), (mpq(-1, 4), mpq(1, 2)), (mpq(-9, 10), mpq(19, 20))]
    ks = [1, 2, 3, 6]
    ps = [mpq(i, 24) for i in range(25)]

    def probabilities(self):
        for x, y in self.cubes:
            for k in self.ks + [None]:
                th = st.thresholds(x, y, k)
                yield f"d ({x},{y},{k})", th.double
                yield f"a ({x},{y},{k})", th.take

    def equities(self):
        for x, y in self.cubes:
            bound = max(mpq(1), abs(x))
            for k in self.ks:
                for p in self.ps:
                    for cube in ("mine", "theirs", "centre"):
                        yield f"{cube} ({x},{y}) k={k} p={p}", st.equity(x, y, k, p, cube).value, bound

    def mirrored_pairs(self):
        for x, y in self.cubes:
            for k in self.ks:
                for p in self.ps:
                    yield (f"centre ({x},{y}) k={k} p={p}", st.equity(x, y, k, p, "centre").value,
                           st.equity(x, y, k, 1 - p, "centre").value)
