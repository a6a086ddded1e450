"""Rigorous enclosures and interval checks (exactcube.noisy.interval.crosscheck) against the exact solver."""

import pytest
from hypothesis import given, settings, strategies as st

from exactcube.errors import BadInput
from exactcube.noisy.interval import crosscheck as iv
from exactcube.noisy.nim import solve_nim
from exactcube.numbers import mpq


def _contains(ball, q):
    return iv._lower(ball) <= q <= iv._upper(ball)


@settings(max_examples=12, deadline=None)
@given(st.integers(1, 998), st.integers(1, 50), st.integers(0, 4))
def test_enclosure_contains_exact_values(i, w, j):
    lo = mpq(i, 1000)
    hi = min(lo + mpq(w, 10000), mpq(1))
    x = lo + (hi - lo) * j / 4
    enc = iv.enclose(20, lo, hi, heaps=(20,))
    s = solve_nim(20, x)  # the independent exact solver at a point of the interval
    for n in range(21):
        assert _contains(enc.p[n], s.p[n]), (n, x)
    for m in range(20):
        assert _contains(enc.moves[20][m], s.move_value(20, m))


def test_enclosure_narrows_with_the_interval():
    wide = iv.enclose(16, mpq(3, 10), mpq(31, 100))
    narrow = iv.enclose(16, mpq(3, 10), mpq(3001, 10000))
    assert narrow.p[16].rad() < wide.p[16].rad() / 5


@pytest.mark.parametrize(
    "n, target, lo, hi, proved",
    [
        # Appendix, 5 chips: opt. 0 for eps = 0.00..0.49; opt. 4 for 0.77..1.00 (printed)
        pytest.param(5, 0, "1/10", "2/5", True, id="5-chips-move-0"),
        pytest.param(5, 4, "4/5", "9/10", True, id="5-chips-move-4"),
        pytest.param(5, 3, "4/5", "9/10", False, id="5-chips-move-3-refuted"),
    ],
)
def test_check_move_on_interval(n, target, lo, hi, proved):
    c = iv.check_move_on_interval(n, target, lo, hi)
    assert c.holds is proved
    if not proved:
        assert c.refuted and all(m != target for _, _, m in c.refuted)


def test_germ_at_half_reaches_zero():
    g = iv.check_germ(8, "1/2", "left")
    assert g.eps_lo.is_rational and g.eps_lo.lo == 0 and g.kind == "germ"
    assert all(g.moves[n] == (0,) for n in range(2, 9))
    assert all(g.above_ok.values())


def test_bad_input():
    with pytest.raises(BadInput):
        iv.enclose(4, mpq(1, 2), mpq(1, 4))
    with pytest.raises(BadInput):
        iv.check_move_on_interval(4, 4, "0.1", "0.2")
