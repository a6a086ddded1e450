"""Crossings of the optimal move: rigorous MPFR route against the exact polynomial route and the phase diagram."""


import pytest

from exactcube.errors import BadInput
from exactcube.noisy import conjectures as cj
from exactcube.noisy.eps import crossing as cr
from exactcube.noisy.eps import phases as ph
from exactcube.noisy.nim import solve_nim
from exactcube.numbers import mpq


def test_root_certificate_matches_exact_breakpoint():
    # heap 5: move 3 -> move 4 in (0.76, 0.77) (Appendix); the exact phase diagram gives the breakpoint
    lo, hi = cr.bracket(5, 3, 4, mpq(76, 100), mpq(77, 100))
    r = cr.certify_root(5, 3, 4, lo, hi, digits=40)
    bp = ph.phase_diagram(5).heap(5).breakpoints[1]
    assert r.decimal(40) == bp.decimal(40)
    assert bp.cmp_rational(r.lo) > 0 and bp.cmp_rational(r.hi) < 0
    assert r.slope[1] < 0 and r.evidence == "rigorous"


def test_root_certificate_matches_polynomial_route():
    lo, hi = cr.bracket(5, 3, 4, mpq(76, 100), mpq(77, 100))
    c = cj.locate_crossing(5, 3, 4, lo, hi)
    assert cr.certify_root(5, 3, 4, lo, hi).decimal(50) == c.decimal(50)


def test_lipschitz_bounds_hold_for_exact_values():
    # |p(r)(x2) - p(r)(x1)| <= L1(r) |x2 - x1| for the exact values (L1 is an upper bound of the slope)
    x1, x2 = mpq(7, 10), mpq(71, 100)
    L1, L2 = cr.lipschitz_bounds(40, x1, x2)
    s1, s2 = solve_nim(40, x1), solve_nim(40, x2)
    for r in range(1, 41):
        assert abs(s2.p[r] - s1.p[r]) <= L1[r] * (x2 - x1)
    assert all(b > a for a, b in zip(L2[1:], L2[2:]))


def test_certify_bracket_refuses_wide_brackets():
    # between 0.6 and 0.99 smaller heaps change their moves (heap 5 at about 0.766): no certificate
    with pytest.raises(BadInput):
        cr.certify_bracket(8, 7, 4, mpq(6, 10), mpq(99, 100))


def test_cli_crossing_small_heap_has_none(cli):
    code, text = cli(["conjecture", "10", "--crossing", "16", "--certificate", "balls"])
    assert code == 0 and "no crossing located" in text


@pytest.mark.parametrize("argv", [["conjecture", "10", "--crossing", "12"],
                                  ["conjecture", "9", "--crossing", "256"],
                                  ["conjecture", "10", "--crossing", "4096"],
                                  ["conjecture", "10", "--crossing", "1024", "--certificate", "polynomial"],
                                  ["conjecture", "10", "--crossing", "256", "--n-max", "8"]])
def test_cli_crossing_bad_input(argv, capsys, cli):
    code, _ = cli(argv)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.slow
def test_cli_crossing_256_rigorous_matches_polynomial(cli):
    code, text = cli(["conjecture", "10", "--crossing", "256", "--certificate", "balls"])
    assert code == 0 and "rival move: 252" in text
    # the 50 digits of the exact polynomial route (degree 1705; noisy.conjecture10.crossing_n256)
    assert "eps*(256) = 0.97404749131549347846521263952826094993178088302180" in text


@pytest.mark.parametrize("j", [3, 4, 5, 6])
def test_expansion_at_one_hand_rates_and_second_method(j):
    # hand calculation (docs/noisy.md): move n-1 aims at word 0, whose j neighbours 2^i all have p(2^i) = 1 at
    # eps = 1 -> rate j; move n-4 aims at word 3: p(3) = (e - e^3)/(e^2 - e + 1) ~ 2 delta, neighbours 1, 2, 7
    # (p = 1) and 2^i + 3, i >= 3 (p = 1/2) -> rate 2 + 3 + (j - 3)/2
    n = 2**j
    a, b = cr.expansion_at_one(n, n - 1), cr.expansion_at_one(n, n - 4)
    assert (a.value, a.slope) == (1, j)
    assert (b.value, b.slope, b.own) == (1, 5 + mpq(j - 3, 2), 2)
    # second method: certified floating-point values at eps = 1 - 1e-5
    e = 1 - mpq(1, 10**5)
    d = float((1 - e) / e)
    v = cr.move_values_ball(n, e, (n - 1, n - 4))
    assert abs((1 - v[n - 1][0]) / d - float(a.slope)) < 1e-3
    assert abs((1 - v[n - 4][0]) / d - float(b.slope)) < 1e-3
