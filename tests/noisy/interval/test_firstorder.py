"""Whole-interval enclosures of 1-pile Nim (exactcube.noisy.interval.firstorder) and the first-order germ at 1/2
(exactcube.noisy.eps.ends), checked against the exact solver (a second method) and hand formulas."""

import pytest

from exactcube.noisy.interval import firstorder as ip
from exactcube.noisy.eps.ends import first_order_at_half
from exactcube.noisy.nim import solve_nim
from exactcube.numbers import mpq

N = 40


def _exact(eps):
    return solve_nim(N, eps).p


@pytest.mark.parametrize("above, ul, uh", [
    (False, 0.0, 0.05),      # eps in [0, 0.0476]: touches eps = 0
    (False, 0.4, 0.43),      # around eps = 0.29
    (False, 0.95, 1.0),      # up to eps = 1/2
    (True, 0.9, 1.0),        # from eps = 1/2 up
    (True, 0.25, 0.3),       # around eps = 0.79 (heaps change moves inside)
    (True, 0.0, 0.02),       # eps in [0.98, 1]: touches eps = 1
])
def test_enclosures_contain_exact_values_and_slopes(above, ul, uh):
    E = ip.enclose_on(N, above, ul, uh)
    pts = [mpq(ul) + (mpq(uh) - mpq(ul)) * mpq(i, 4) for i in range(5)]
    vals = [_exact(1 / (1 + u) if above else u / (1 + u)) for u in pts]
    centre = _exact(ip.eps_of(E.uc, above))
    for r in range(N + 1):
        assert E.V[0][r] <= centre[r] <= E.V[1][r], r
        for u, v in zip(pts, vals):
            assert E.R[0][r] <= v[r] <= E.R[1][r], (r, u)
        # mean value: every difference quotient lies in the derivative enclosure
        for (u1, v1), (u2, v2) in zip(zip(pts, vals), zip(pts[1:], vals[1:])):
            q = (v2[r] - v1[r]) / (u2 - u1)
            assert E.D[0][r] - 1e-12 <= q <= E.D[1][r] + 1e-12, (r, float(q), E.D[0][r], E.D[1][r])


def test_centre_is_tight_and_candidates_are_the_optimal_moves():
    E = ip.enclose_on(N, False, 0.3, 0.3)  # a point: eps = 3/13
    s = solve_nim(N, ip.eps_of(0.3, False))
    for r in range(2, N + 1):
        assert E.V[1][r] - E.V[0][r] < 1e-13
        assert set(s.optimal[r]) <= set(E.candidates[r])


def test_conjecture9_pieces_prove_and_a_wrong_target_fails():
    r = ip.prove_conjecture9_on(24, mpq(1, 4))
    assert r.proved and r.pieces
    assert r.pieces[0].ul == 0.0 and r.pieces[-1].uh >= float(mpq(1, 3))  # u(1/4) = 1/3, covered
    # the same cover with move 1 as the target must fail (move 0 is better everywhere there)
    pieces, gaps = [], []
    ip._cover(8, False, 0.1, 0.2, {8: 1}, set(), 1e-3, 20, pieces, gaps)
    assert gaps and not pieces


def test_conjecture10_beyond_the_crossing_small_piece_and_a_wrong_target_fails():
    # move 255 is beaten on (eps*, 1) at n = 256: asking for it as the target must leave gaps
    pieces, gaps = [], []
    ip._cover(256, True, 0.005, 0.006, {256: 255}, set(), 1e-4, 6, pieces, gaps)
    assert gaps and not pieces
    pieces, gaps = [], []
    ip._cover(256, True, 0.005, 0.006, {256: 252}, {256}, 1e-6, 20, pieces, gaps)
    assert pieces and not gaps


def test_first_order_at_half_against_the_solver():
    # (p(n)(1/2 + h) - 1/2)/h -> p'(n)(1/2+) = 2/(n(n-1)); the second-order term is O(h)
    h = mpq(1, 10**9)
    right = first_order_at_half(12, "right")
    left = first_order_at_half(12, "left")
    up = solve_nim(12, mpq(1, 2) + h).p
    down = solve_nim(12, mpq(1, 2) - h).p
    for n in range(2, 13):
        assert right.slope[n] == mpq(2, n * (n - 1))  # hand formula
        assert left.slope[n] == -mpq(2, n * (n - 1))
        assert abs((up[n] - mpq(1, 2)) / h - right.slope[n]) < mpq(1, 10**6)
        assert abs((down[n] - mpq(1, 2)) / (-h) - left.slope[n]) < mpq(1, 10**6)
    # heap 3 by hand: p(3, 1) = eps(1 - eps^2)/(1 - eps + eps^2) above 1/2 has slope (1/4)(3/4)/(9/16) = 1/3;
    # the even moves have slope -2/3 - p'(2)/3 = -1
    assert right.move_slopes[3] == (mpq(-1), mpq(1, 3), mpq(-1))


def test_cli_region(cli, capsys):
    code, text = cli(["conjecture", "9", "--region", "12", "--eps-to", "1/3"])
    assert code == 0
    assert "Conjecture 9, whole intervals: proved  [rigorous]" in text
    assert "for every heap 2..12: move 0 is the unique optimal move and p(n) > 1/2 for every eps in [0, 1/3]" in text
    for argv in (["conjecture", "10", "--region", "100"],             # not a power of two
                 ["conjecture", "10", "--region", "128"],             # no crossing below 256
                 ["conjecture", "9", "--region", "12", "--eps-to", "1/2"],
                 ["conjecture", "9", "--region", "12", "--eps-from", "3/5"],
                 ["conjecture", "9", "--rigorous", "--eps-to", "1/3"],
                 ["conjecture", "9", "--eps-from", "1/2", "--eps-to", "1/3"],   # empty sub-range
                 ["conjecture", "9", "--region", "5000"],
                 ["conjecture", "9", "--region", "12", "--fast"]):
        code, _ = cli(argv)
        err = capsys.readouterr().err
        assert code == 2, argv
        assert err.count("\n") == 1 and "error" in err, (argv, err)
