"""exactcube.brownian.alternating against hand values and an independent grid solver."""

import pytest
from hypothesis import given, settings, strategies as st

from exactcube.brownian import alternating as alt
from exactcube.errors import BadInput
from exactcube.numbers import mpq

from ..invariants import EquityInvariants, ProbabilityInvariants


@pytest.mark.parametrize(
    "k, d",
    [
        pytest.param(0, mpq(1), id="d0=1 (ju24 §2.2 initial condition)"),
        # by hand: one double, 2p - 2(1-p) = 1  =>  p = 3/4 (ju24 §2.1)
        pytest.param(1, mpq(3, 4), id="d1=3/4 by hand"),
        # by hand: a_2 = d_1/4 = 3/16 from (2.1), so d_2 = 1 - 3/16 = 13/16
        pytest.param(2, mpq(13, 16), id="d2=13/16 by hand"),
        # by hand: d_3 = 1 - (13/16)/4 = 51/64
        pytest.param(3, mpq(51, 64), id="d3=51/64 by hand"),
    ],
)
def test_doubling_points_by_hand(k, d):
    assert alt.doubling_point_recurrence(k) == d
    assert alt.doubling_point_closed_form(k) == d
    assert alt.take_point(k) == 1 - d


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 500))
def test_closed_form_equals_recurrence(k):
    assert alt.doubling_point_closed_form(k) == alt.doubling_point_recurrence(k)


def test_unlimited_is_four_fifths():
    assert alt.doubling_point(None) == mpq(4, 5) and alt.take_point(None) == mpq(1, 5)


@pytest.mark.parametrize("bad", [-1, 1.5, True, 10**7])
def test_bad_k(bad):
    with pytest.raises(BadInput):
        alt.doubling_point(bad)


@pytest.mark.parametrize("p", [mpq(-1, 10), mpq(11, 10)])
def test_bad_p(p):
    with pytest.raises(BadInput):
        alt.equity(p)


@pytest.mark.parametrize(
    "p, cube, k, value",
    [
        # zk77 Lemma 2 with D_A = 4/5, D_B = 1/5, typed in from the paper:
        # p(t,A) = p/D_A  -> equity 2p/D_A - 1 ; at p = 1/2: 2*(1/2)/(4/5) - 1 = 1/4
        (mpq(1, 2), "mine", None, mpq(1, 4)),
        # p(t,B) = (p - D_B)/(1 - D_B) -> at 1/2: (3/10)/(4/5) = 3/8 -> equity -1/4
        (mpq(1, 2), "theirs", None, mpq(-1, 4)),
        # p(t,M) = (p - D_B)/(D_A - D_B) -> at 7/10: (1/2)/(3/5) = 5/6 -> equity 2/3
        (mpq(7, 10), "centre", None, mpq(2, 3)),
        # one double left, centred, window [1/4, 3/4]: at 5/8 -> (3/8)/(1/2) = 3/4 -> equity 1/2
        (mpq(5, 8), "centre", 1, mpq(1, 2)),
        # no doubles: 2p - 1
        (mpq(9, 10), "centre", 0, mpq(4, 5)),
        # beyond the doubling point: the owner cashes
        (mpq(9, 10), "mine", None, mpq(1)),
        (mpq(1, 10), "theirs", None, mpq(-1)),
    ],
)
def test_equity_hand_values(p, cube, k, value):
    assert alt.equity(p, cube, k).value == value


def _concave_majorant(g):
    """Least concave majorant of g on 0..N (value of optimal stopping of a symmetric walk), exactly."""
    n = len(g) - 1
    hull = [0]
    for i in range(1, n + 1):
        while len(hull) >= 2:
            a, b = hull[-2], hull[-1]
            # drop b if it lies on or below the chord a-i
            if (g[b] - g[a]) * (i - a) <= (g[i] - g[a]) * (b - a):
                hull.pop()
            else:
                break
        hull.append(i)
    v = [None] * (n + 1)
    for a, b in zip(hull, hull[1:], strict=False):
        for i in range(a, b + 1):
            v[i] = g[a] + (g[b] - g[a]) * mpq(i - a, b - a)
    return v


def _grid_owner_equity(k, n):
    """Independent check: A owns the cube with k doubles left, walk on the grid i/n.

    Backward induction over k on single-stopper problems: the owner stops (doubles)
    where the opponent's best reply (min of fold = +1 and take = 2 x value with the
    cube turned) beats continuing.  Values of the opponent-owned game follow by symmetry.
    """
    own = [mpq(2 * i, n) - 1 for i in range(n + 1)]  # k = 0: dead cube
    for _ in range(k):
        theirs = [-own[n - i] for i in range(n + 1)]  # B owns: mirror of A owning
        g = [min(mpq(1), 2 * theirs[i]) for i in range(n + 1)]
        g[0] = mpq(-1)  # the game is over at 0 and at n
        g[n] = mpq(1)
        own = _concave_majorant(g)
    return own


@pytest.mark.parametrize("k", [1, 2, 3])
def test_owner_equity_matches_grid_optimal_stopping(k):
    n = 5 * 4**k  # every d_j, j <= k, lies on this grid
    grid = _grid_owner_equity(k, n)
    for i in range(n + 1):
        p = mpq(i, n)
        assert alt.equity(p, "mine", k).value == grid[i], (k, p)


class TestAlternatingInvariants(ProbabilityInvariants, EquityInvariants):
    ks = [None, 0, 1, 2, 3, 7, 20]
    ps = [mpq(i, 40) for i in range(41)]

    def probabilities(self):
        for k in self.ks:
            th = alt.thresholds(k)
            yield f"d_{k}", th.double
            yield f"a_{k}", th.take

    def equities(self):
        for k in self.ks:
            for p in self.ps:
                for cube in alt.Cube:
                    yield f"{cube} k={k} p={p}", alt.equity(p, cube, k).value, 1

    def mirrored_pairs(self):
        for k in self.ks:
            for p in self.ps:
                yield f"k={k} p={p}", alt.equity(p, "mine", k).value, alt.equity(1 - p, "theirs", k).value
                yield f"k={k} p={p} centre", alt.equity(p, "centre", k).value, alt.equity(1 - p, "centre", k).value


def test_first_double_value_peaks_at_fold_point():
    # from an even game, doubling at 4/5 (unlimited) is worth 0; earlier or later is worse
    assert alt.value_of_first_double_at(mpq(4, 5)) == 0
    assert alt.value_of_first_double_at(mpq(3, 4)) < 0
    assert alt.value_of_first_double_at(mpq(17, 20)) < 0
