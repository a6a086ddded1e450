"""Issue 42, items 2(c) and 2(d) (proofs.noisy.weights_bound): the weights-only bound R_K >= R_inf - C sigma^(k-1)
(Theorem W, verified) and the corner lam K <= 1/2 (open, measured).  Values pinned here are derived by hand in the
comments or by an independent method (the exact solver, plain fractions)."""

from __future__ import annotations

from fractions import Fraction

import pytest
import z3

import proofs.noisy.weights_bound as W
from exactcube.catalog import load
from exactcube.claims import Outcome
from exactcube.noisy.nim import solve_nim
from exactcube.numbers import mpq
import proofs.noisy.smt as smt
from proofs.noisy.smt import EpsRange, first_failure


@pytest.fixture
def fresh():
    load()
    for f in W.CACHED:
        f.cache_clear()
    yield
    for f in W.CACHED:
        f.cache_clear()


def test_constants_by_hand():
    # eps = 2/5: sigma = 9/25 + 4/25 = 13/25, R_inf = ((13/25)/(3/5))^2 = (13/15)^2, eps sigma / c^2 = 26/45
    e = mpq(2, 5)
    assert W.R_inf(e) == mpq(169, 225)
    assert W.C_const(e) == mpq(676, 2025)
    # R_inf - alpha_top = (4 lam + 3 lam^2 + lam^4)/(1 + lam)^2 at lam = 1/5: (4/5 + 3/25 + 1/625)/(36/25)
    assert W.alpha_top_gap(e) == (mpq(4, 5) + mpq(3, 25) + mpq(1, 625)) / mpq(36, 25)


def test_k0_from_plain_fractions():
    # eps = 49/100: the least k with C sigma^(k-1) < R_inf - alpha_top, recomputed with fractions.Fraction
    e = Fraction(49, 100)
    c, s = 1 - e, (1 - e) ** 2 + e * e
    C, gap = (e * s / c ** 2) ** 2, (s / c) ** 2 - (e / c ** 2 - 1)
    k = next(k for k in range(1, 60) if C * s ** (k - 1) < gap)
    assert W.k0(mpq(49, 100)) == k == 5
    assert C * s ** 3 >= gap  # k = 4 is not enough: the bound is tight in k


def test_theorem_w_is_verified_exact(fresh):
    v = W.weights_bound()
    assert v.outcome is Outcome.VERIFIED and v.evidence.value == "exact"
    assert "every K = 2^(k − 1) ≥ 2" in str(v.details) and "(0, 1/2)" in str(v.details)


def test_the_bound_is_sharp_and_attained_at_the_all_ones_move():
    # the least ratio v^m_t / v^0_t sits at m = K - 1 and approaches sigma / c from above (the limit is attained at
    # t = 0101...01 in binary: 43 = 0b101011 at K = 128, and 341 would be at 1024): a bound larger by 1e-3 fails
    rows = [r for r in W.weights_margins() if r[0] == mpq(9, 20)]
    last = rows[-1]
    assert last[1] == 128 and last[3] == (127, 43)
    assert 0 < last[2] < mpq(1, 1000)
    assert all(r[2] > 0 and r[4] >= 0 and r[5] >= 0 for r in W.weights_margins())


def test_supersolution_steps_fail_beyond_one_half():
    # above 1/2 (c < eps) the orbit's supersolution is no longer one: some step of Theorem W has a counterexample
    assert first_failure(W.weights_bound_steps(EpsRange(mpq(1, 2), mpq(3, 4), lo_closed=False))) is not None


def test_a_stronger_ratio_bound_is_refuted_by_z3():
    # the key inequality sigma W_0 - c W_{K-1} <= c lam is tight: with c lam replaced by 0.9 c lam the point
    # x = 1/3 (W_0 = c^2/(1 - c eps), W_{K-1} = eps^2/(1 - c eps), the limit of t = 0101...) violates it
    e = z3.Real("e")
    c = 1 - e
    W0, Wl = c * c / (1 - c * e), e * e / (1 - c * e)
    s = c * c + e * e
    lam = 1 - 2 * e
    solver = z3.Solver()
    solver.add(e > 0, e < z3.Q(1, 2), s * W0 - c * Wl > z3.Q(9, 10) * c * lam)
    assert solver.check() == z3.sat
    solver = z3.Solver()
    solver.add(e > 0, e < z3.Q(1, 2), s * W0 - c * Wl != c * lam)
    assert solver.check() == z3.unsat  # equality in the limit: the bound cannot be improved


def test_corner_ratio_against_the_exact_solver():
    # K = 8, lam K = 1/2: eps = 1/2 - 1/32 = 15/32; the exact values of every move of heaps 8..15, the leading
    # terms 2 lam / n (odd m) and (4/n) H_n(m) lam^2 (even m) with H_n from its definition (Theorem 8)
    e = mpq(15, 32)
    lam = 1 - 2 * e
    sol = solve_nim(15, e)
    best = None
    for n in range(8, 16):
        for m in range(1, 8):
            if m % 2:
                lead = 2 * lam / n
            else:
                A = mpq(sum(bin(m & r).count("1") for r in range(n)), n)
                H = sum(mpq(bin(m & r).count("1"), r * (r - 1)) for r in range(2, n)) + A / (n - 1)
                lead = 4 * H * lam * lam / n
            ratio = (sol.move_value(n, 0) - sol.move_value(n, m)) / lead
            best = ratio if best is None else min(best, ratio)
    assert abs(W.corner_ratio(8, mpq(1, 2)) - float(best)) < 1e-9


def test_corner_is_open_with_rigorous_margins(fresh):
    v = W.corner()
    assert v.outcome is Outcome.OPEN and v.evidence.value == "rigorous"
    assert "remainder is at most 0.03" in str(v.details)


def test_uniform_ratio_is_open_and_only_the_move_K_over_2_comes_close(fresh):
    # item 2(b): the move K/2 approaches alpha_top (its margin about halves with each doubling of K), every other
    # move keeps a margin of at least 0.1 from K = 16 on; the runner-up is K/4 from K = 8 (halving checked from K = 8)
    rows = W.ratio_margins()
    for e in W.RATIO_EPS:
        mine = [r for r in rows if r[0] == e]
        assert all(r[2] > 0 and r[4] > 0 for r in mine)
        assert all(r[3] == r[1] // 4 for r in mine if r[1] >= 8)
        assert all(r[4] > mpq(1, 10) for r in mine if r[1] >= 16)
        big = [r for r in mine if r[1] >= 8]
        for x, y in zip(big, big[1:], strict=False):
            assert mpq(2, 5) < y[2] / x[2] < mpq(3, 5)
    v = W.uniform_ratio()
    assert v.outcome is Outcome.OPEN and v.evidence.value == "exact"


def test_weights_recursion_reproduces_the_exact_ratios():
    # the recursion from K = 8 uses only the weights; the exact solver (heaps to 512) gives the ratios at K = 16..256
    # independently: they agree to rounding, and the maximum is the move K/2 below alpha_top
    rows = W.weights_recursion(mpq(9, 20), K_max=1 << 10)
    assert [r[0] for r in rows] == [16, 32, 64, 128, 256, 512, 1024]
    assert all(r[5] < 1e-10 for r in rows if r[5] is not None) and sum(r[5] is not None for r in rows) == 5
    assert all(r[1] < 0 and r[2] and r[4] > 0 for r in rows)


def test_weights_recursion_screen_is_open_and_numeric(fresh):
    v = W.weights_recursion_screen()
    assert v.outcome is Outcome.OPEN and v.evidence.value == "numeric"
    assert "A screen in binary64, not a proof" in str(v.details)


def test_certified_recursion_encloses_the_screen_and_fails_in_the_corner():
    # the interval recursion's upper ends lie above the binary64 screen's maxima (same recursion, no rounding
    # control), within 1e-9; in the corner (eps = 499/1000, lam K small) the condition is not met at small K, so a
    # claim built on it would be open there
    e = mpq(9, 20)
    cert = W.certified_recursion(e, K_max=1 << 10)
    screen = W.weights_recursion(e, K_max=1 << 10)
    top = float(e / (1 - e) ** 2 - 1)
    for (K, hi, _, margin), row in zip(cert, screen, strict=True):
        assert K == row[0] and margin > 0
        assert hi >= row[1] + top and hi - (row[1] + top) < 1e-9
    assert any(r[3] <= 0 for r in W.certified_recursion(mpq(499, 1000), K_max=64))


@pytest.mark.slow
def test_points_above_eps_star_verified_rigorous(fresh):
    v = W.points_above_eps_star()
    assert v.outcome is Outcome.VERIFIED and v.evidence.value == "rigorous"
    assert "every heap 2 ≤ n < 2^19" in str(v.details)


@pytest.mark.parametrize("step, dropped", [("$n \\ge 2$", "q^n <= q^2"), ("$n \\le -1$: $c - r_n", "c^|n| eps >= c eps^|n|")])
def test_the_supersolution_steps_in_parts_need_their_hypotheses(step, dropped):
    # the steps n >= 2 and n <= -1, each joined from small parts (cvc5 decides each in seconds): without the
    # hypothesis that makes them true (y <= q^2; X eps >= c Y) z3 finds a counterexample, the parts included
    q, y, e, X, Y = (z3.Real(v) for v in ("q", "y", "eps", "X", "Y"))
    hyp = y <= q * q if dropped == "q^n <= q^2" else X * e >= (1 - e) * Y
    s = next(s for s in W.weights_bound_steps() if s.name.startswith(step) and "each step above" in s.name)
    assert s.proved and any(z3.eq(h, hyp) for h in s.hypotheses)
    weaker = [h for h in s.hypotheses if not z3.eq(h, hyp)]
    assert not smt.prove(f"{step} without {dropped}", weaker, s.goal).proved
