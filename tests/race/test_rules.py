"""exactcube.race.rules: rule predicates and the Keith count by hand, costs recomputed, Kleinman (and its bands)
against mpmath, Janowski pieces."""

import mpmath
import pytest

from exactcube.numbers import mpq
from exactcube.race import cubeful as cf
from exactcube.race import cubeless as cl
from exactcube.race import rules as ru

T = cf.solve(60)


@pytest.mark.parametrize("rule, x, y, double, redouble, take", [
    # 8-9-12 at 100 pips by hand: double from 108, redouble from 109, take up to 112
    pytest.param(ru.rule_8_9_12, 100, 107, False, False, True, id="8-9-12 107"),
    pytest.param(ru.rule_8_9_12, 100, 108, True, False, True, id="8-9-12 108"),
    pytest.param(ru.rule_8_9_12, 100, 109, True, True, True, id="8-9-12 109"),
    pytest.param(ru.rule_8_9_12, 100, 113, True, True, False, id="8-9-12 113"),
    # Thorp at 50: L = 55; double iff y >= 53, redouble iff y >= 54, take iff y <= 57
    pytest.param(ru.rule_thorp, 50, 52, False, False, True, id="thorp 52"),
    pytest.param(ru.rule_thorp, 50, 53, True, False, True, id="thorp 53"),
    pytest.param(ru.rule_thorp, 50, 57, True, True, True, id="thorp 57"),
    pytest.param(ru.rule_thorp, 50, 58, True, True, False, id="thorp 58"),
    # Thorp at 30: no 10% (count not above 30): double iff y >= 28
    pytest.param(ru.rule_thorp, 30, 28, True, False, True, id="thorp 30 no markup"),
    # Kleinman, 100 vs 106: K = 10^2/202 = 0.495 < 1/2 (Johansen's example 2): no double
    pytest.param(ru.rule_kleinman, 100, 106, False, False, True, id="kleinman 106"),
    # 100 vs 113: K = 289/209 = 1.383 > 6/5: pass (Johansen's example 1)
    pytest.param(ru.rule_kleinman, 100, 113, True, True, False, id="kleinman 113"),
])
def test_rule_predicates_by_hand(rule, x, y, double, redouble, take):
    assert (rule.double(x, y), rule.redouble(x, y), rule.take(x, y)) == (double, redouble, take)


def test_kleinman_K_and_estimate():
    # Johansen (rgb, 2001), example 1: D = 17, S = 209, K = 289/209
    assert ru.kleinman_K(100, 113) == mpq(289, 209)
    assert ru.kleinman_K(1, 2) is None
    with mpmath.workdps(40):
        ref = (1 + mpmath.erf(mpmath.mpf(17) / (2 * mpmath.sqrt(209)))) / 2
        est = ru.kleinman_estimate(100, 113)
        lo, hi = mpmath.mpf(est.lower().str(40, radius=False)), mpmath.mpf(est.upper().str(40, radius=False))
        assert lo - mpmath.mpf(10) ** -30 <= ref <= hi + mpmath.mpf(10) ** -30


def test_error_costs_recomputed():
    rep = ru.compare_rule(ru.rule_8_9_12, T, 10)
    assert rep.errors
    for e in rep.errors:
        assert e.cost > 0
        if e.decision == "take":
            dt = T.double_take(e.mine, e.theirs)
            best, got = max(-dt, mpq(-1)), (-dt if e.rule_says else mpq(-1))
        else:
            cube = "centred" if e.decision == "double" else "mine"
            nd, db = T.no_double(e.mine, e.theirs, cube), T.double(e.mine, e.theirs)
            best, got = max(nd, db), (db if e.rule_says else nd)
        assert e.cost == best - got


def test_live_equity_and_engine_x():
    # zk77 (1) at D_A = 4/5, p = 1/2: 2(5/8) - 1 = 1/4; centred at 1/2: 0
    assert ru.live_equity(mpq(1, 2), "mine") == mpq(1, 4) and ru.live_equity(mpq(1, 2), "centred") == 0
    # engine: 0.55 + 0.00125 * pips clamped to [0.6, 0.7]: 40 -> 0.6, 100 -> 0.675, 200 -> 0.7
    assert ru.engine_efficiency(40) == mpq(3, 5)
    assert ru.engine_efficiency(100) == mpq(27, 40)
    assert ru.engine_efficiency(200) == mpq(7, 10)


def test_efficiency_bands_small():
    W = cl.win_table(60)
    bands = ru.efficiency_bands(T, W, 60, 30, cubes=("mine",))
    assert [b.lo for b in bands] == [1, 31]
    for b in bands:
        assert b.positions > 0 and 0 < b.implied < 2


def test_count_bands_by_hand():
    # 3..40 in bands of 7: 3-9, 10-16, 17-23, 24-30, 31-37, and the last cut at 40
    assert ru.count_bands(3, 40, 7) == [(3, 9), (10, 16), (17, 23), (24, 30), (31, 37), (38, 40)]
    assert ru.count_bands(1, 10, 10) == [(1, 10)]


def test_kleinman_bands_against_mpmath():
    """Each band's count and largest error recomputed independently: Kleinman's estimate in mpmath at 40
    digits over the positions of the band with the exact chance in [1/2, 9/10]."""
    from exactcube.results import Evidence

    W = cl.win_table(30)
    bands = ru.kleinman_bands(W, 30, 10)
    assert [(b.lo, b.hi) for b in bands] == [(1, 10), (11, 20), (21, 30)]
    with mpmath.workdps(40):
        for b in bands:
            errs = {}
            for x in range(b.lo, b.hi + 1):
                for y in range(1, 31):
                    p = W(x, y)
                    if x + y > 4 and mpq(1, 2) <= p <= mpq(9, 10):
                        est = (1 + mpmath.erf(mpmath.mpf(y - x + 4) / (2 * mpmath.sqrt(x + y - 4)))) / 2
                        errs[(x, y)] = abs(est - mpmath.mpf(p.numerator) / p.denominator)
            assert b.positions == len(errs) > 0
            worst = max(errs.values())
            lo, hi = (mpmath.mpf(v.str(40, radius=False)) for v in (b.worst.lower(), b.worst.upper()))
            assert lo - mpmath.mpf(10) ** -30 <= worst <= hi + mpmath.mpf(10) ** -30
            assert errs[b.at] == worst
            assert b.provenance.evidence is Evidence.RIGOROUS


@pytest.mark.parametrize("counts, value", [
    # pips 6, nothing else: 4 and 5 empty (+2); 6 occupied
    pytest.param((0, 0, 0, 0, 0, 1), 6 + 2, id="one on 6"),
    # three on 1 (pips 3): +2 for each beyond one (+4); 4, 5, 6 empty (+3)
    pytest.param((3, 0, 0, 0, 0, 0), 3 + 4 + 3, id="three on 1"),
    # 2 on 2, 5 on 3, one on 4, 5, 6: pips 4+15+15 = 34; +1 (2-pt) +2 (3-pt beyond three)
    pytest.param((0, 2, 5, 1, 1, 1), 34 + 1 + 2, id="mixed"),
])
def test_keith_count_by_hand(counts, value):
    assert ru.keith_count(counts) == value
