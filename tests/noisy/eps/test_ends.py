"""The ends of the noise range for every heap (exactcube.noisy.eps.ends, proofs.noisy.every_k).

Each closed form is compared with a computation that does not use it: the exact solver of (5), the channel's
definition at eps = 1 by brute force, sympy series of the printed p(3) of noisy (2), the general sum of
exactcube.noisy.eps.ends, and certified floating point near eps = 1.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
import sympy as sp

from exactcube.errors import BadInput
from exactcube.noisy.eps import ends as E
from exactcube.noisy.nim import solve_nim
from exactcube.numbers import mpq


@pytest.fixture(scope="module")
def at_one():
    return solve_nim(300, 1)


# The sure wins at eps = 1 written out by hand from Theorem 2's statement (not from the code).
HAND_W = {1, 2, 4, 5, 6, 7, 8, 9, 13, 14, 15, 16, 17, 29, 30, 31, 32, 33, 61, 62, 63, 64, 65, 125, 126, 127, 128,
          129, 253, 254, 255, 256, 257}


def test_values_at_one_match_the_solver_and_the_hand_list(at_one):
    for r in range(301):
        want = mpq(0) if r in (0, 3) else mpq(1) if r in HAND_W else mpq(1, 2)
        assert E.value_at_one(r) == want, r
        assert at_one.p[r] == want, r


def test_optimal_moves_at_one_match_the_solver(at_one):
    for n in range(1, 301):
        assert E.optimal_at_one(n) == tuple(at_one.optimal[n]), n
    # from a power of two: the two moves arriving as 0 and 3 (Corollary 3)
    assert E.optimal_at_one(256) == (252, 255)


def _farthest(n, m):
    d = [bin(m ^ r).count("1") for r in range(n)]
    return tuple(r for r in range(n) if d[r] == max(d))


@pytest.mark.parametrize("n", list(range(1, 70)) + [127, 128, 129, 130, 131, 255, 256, 257, 259])
def test_received_words_at_one_are_the_farthest_legal_words(n):
    for m in range(n):
        assert E.received_at_one(n, m) == _farthest(n, m), (n, m)


def test_received_words_reject_illegal_moves():
    with pytest.raises(BadInput):
        E.received_at_one(5, 5)


def test_series_of_heap_3_is_the_printed_closed_form():
    # noisy (2): p(3) = eps (1 - eps^2)/(1 - eps + eps^2) for eps > 1/2; its series in tau = 1 - eps
    tau = sp.symbols("tau")
    e = 1 - tau
    ser = sp.series(e * (1 - e ** 2) / (1 - e + e ** 2), tau, 0, 4).removeO()
    want = tuple(mpq(int(sp.Rational(ser.coeff(tau, i)).p), int(sp.Rational(ser.coeff(tau, i)).q)) for i in range(4))
    S = E.series_at_one(8, 3)
    assert S.p[3] == want == (0, 2, -1, -2)


@pytest.fixture(scope="module")
def series():
    return E.series_at_one(130, 2)


def test_loss_rates_of_the_two_moves_from_every_power_of_two(series):
    for j in range(3, 8):
        n = 1 << j
        a, b = series.move(n, n - 1), series.move(n, n - 4)
        assert (a[0], -a[1]) == (1, j) == (1, E.power_move_rate(j, "n-1"))
        assert (b[0], -b[1]) == (1, mpq(j + 7, 2)) == (1, E.power_move_rate(j, "n-4"))


def test_the_second_order_decides_n_128_and_agrees_with_certified_floats(series):
    a, b = series.move(128, 127), series.move(128, 124)
    assert b[1] == a[1] == -7
    d2 = b[2] - a[2]
    assert d2 == mpq(-46, 3)
    # independent: certified floating point at eps = 1 - 10^-4, where the difference is d2 tau^2 + O(tau^3)
    from exactcube.noisy.eps.crossing import move_values_ball

    tau = mpq(1, 10 ** 4)
    v = move_values_ball(128, 1 - tau, (124, 127))
    diff = float(v[124][0] - v[127][0])
    rad = float(v[124][1] + v[127][1])
    assert rad < 1e-10
    assert abs(diff / float(tau) ** 2 - float(d2)) < 0.05  # the tau^3 term is about 1e-4 of tau^2 here
    assert series.best[128] == (127,)


def test_move_n_minus_4_wins_near_one_from_256_on_the_series():
    S = E.series_at_one(256, 1)
    a, b = S.move(256, 255), S.move(256, 252)
    assert (-a[1], -b[1]) == (8, mpq(15, 2))
    assert S.best[256] == (252,)


@pytest.mark.parametrize("room", [None, 1], ids=["int64", "python ints"])
@pytest.mark.parametrize("at,n_max", [("1-", 40), ("1/2-", 24), ("1/2+", 24)])
def test_series_of_all_moves_at_once_equal_one_move_at_a_time(monkeypatch, at, n_max, room):
    # _series forms every move's grade sums at once, in integers over common denominators (int64, or Python
    # integers once they could pass 2^62: room = 1 forces them); _move_series sums one move's grades in rationals.
    # Both must give the same series of every move, hence the same p(n) and optimal moves, heap by heap.
    from exactcube.noisy.nim.channel import distances_from
    if room is not None:
        monkeypatch.setattr(E, "_INT64_ROOM", room)
    E._combine_scaled.cache_clear()
    S = E._series(n_max, 2, at)
    for n in range(1, n_max + 1):
        rows = [E._move_series(n, distances_from(m, n), S.p, 2, at) for m in range(n)]
        assert max(rows) == S.p[n] and S.best[n] == tuple(m for m, r in enumerate(rows) if r == S.p[n]), n


def test_slopes_at_half_are_the_general_sum():
    from exactcube.noisy.eps.ends import first_order_at_half

    for side in ("left", "right"):
        F = first_order_at_half(120, side)
        for n in range(121):
            assert F.slope[n] == E.half_slope(n, side), (n, side)


def test_second_order_below_half_by_hand():
    # Derived by hand in the test's author's notes (docs/noisy.md, Theorem 8): from n = 5 the runner-up even
    # move is 4, behind move 0 by (4/5)(1/12 + 1/20) = 8/75 in the s^2 coefficient; from n = 9 move 8, behind
    # by (4/9)(1/56 + 1/72) = 8/567.
    T = E.series_at_half(9, "left", 2)
    assert T.move(5, 0)[2] - T.move(5, 4)[2] == mpq(8, 75)
    assert T.move(9, 0)[2] - T.move(9, 8)[2] == mpq(8, 567)
    assert max(T.move(9, m)[2] for m in range(2, 9, 2)) == T.move(9, 8)[2]
    assert E.half_second_order_key(5, 4) == mpq(1, 12) + mpq(1, 20)
    assert E.half_second_order_key(9, 8) == mpq(2, 63)
    # first order: p(5) = 1/2 + s/20 (Theorem 6), on both sides
    assert T.p[5][:2] == (mpq(1, 2), mpq(1, 20))
    R = E.series_at_half(16, "right", 2)
    assert [R.best[1 << j] for j in range(1, 5)] == [(1,), (3,), (7,), (15,)]


def test_near_zero_width_is_the_theorem_s():
    # Theorem 7 needs (1 - w)^k > 2/3 at the width w: 1/(3k) by hand for n = 2 (k = 2) and 255 (k = 8); a wider
    # width (1/k, 1/(2k)) breaks the inequality, so the test fails if the width is weakened
    assert E.near_zero_width(2) == mpq(1, 6) and E.near_zero_width(255) == mpq(1, 24)
    for n in (2, 3, 7, 8, 1000, 2 ** 40):
        k = n.bit_length()
        assert (1 - E.near_zero_width(n)) ** k > mpq(2, 3)
    assert (1 - mpq(1, 2 * 2)) ** 2 < mpq(2, 3)


@pytest.mark.parametrize("n", [2, 3, 5, 8, 13, 31, 40])
def test_near_zero_bounds_hold_as_bounds(n):
    # Theorem 7's two inequalities on instances: p(n, 0) >= a and p(n, m) <= 1 - a^2, a = (1 - eps)^k
    k = n.bit_length()
    for eps in (E.near_zero_width(n), mpq(1, 7), mpq(2, 5)):
        s = solve_nim(n, eps)
        a = (1 - eps) ** k
        assert s.move_value(n, 0) >= a
        assert all(s.move_value(n, m) <= 1 - a * a for m in range(1, n))
    s = solve_nim(n, E.near_zero_width(n))
    assert s.optimal[n] == (0,) and s.p[n] > mpq(2, 3)


def test_a_false_general_step_is_answered_by_a_counterexample():
    import z3

    from proofs.noisy.every_k import gap_sign_steps, theorem2_steps, theorem7_steps
    from proofs.noisy.smt import prove

    K = z3.Int("K")
    assert prove("K - 5 >= 0 from K >= 8", [K >= 8], K - 5 >= 0).proved
    bad = prove("K - 5 >= 0 from K >= 4", [K >= 4], K - 5 >= 0)
    assert not bad.proved and "K = 4" in bad.counterexample
    # Theorem 2's cases start at K = 8: from K = 4 the block [4, 8) meets W differently (4 is in {1, 2, 4})
    assert all(s.proved for s in theorem2_steps(4))
    assert not all(s.proved for s in theorem2_steps(2))
    # Bernoulli's inequality is strict only from k = 2 on
    assert all(s.proved for s in theorem7_steps(2)) and not all(s.proved for s in theorem7_steps(1))
    # the gap (j - 7)/2 is positive from j = 8 on, not from 7
    j = sp.symbols("j")
    assert all(s.proved for s in gap_sign_steps((j - 7) / 2, j, 8))
    assert not all(s.proved for s in gap_sign_steps((j - 7) / 2, j, 7))
    assert not all(s.proved for s in gap_sign_steps((j - 9) / 2, j, 8))


@pytest.mark.slow
def test_theorems_for_every_k():
    from exactcube.claims import REGISTRY
    from exactcube.catalog import load

    load()
    v = REGISTRY["noisy.conjecture10.every_k"].check()
    assert (v.outcome.value, v.evidence.value) == ("refuted", "exact")
    # the witness is a table: the scope from k = 8 on (the gap (k - 7)/2 > 0), and at n = 128 the second order
    # -46/3 tau^2 (docs/noisy.md, Conjecture 10 near eps = 1)
    from exactcube.content.model import to_plain

    w = to_plain(v.witness)
    assert "every n = 2^k ≥ 256" in w and "-46/3" in w
    for cid in ("noisy.ends.channel_at_one", "noisy.ends.values_at_one", "noisy.ends.power_channel",
                "noisy.ends.germ_at_one", "noisy.ends.half", "noisy.ends.half_second_order", "noisy.ends.near_zero",
                "noisy.conjecture9.ends", "noisy.conjecture10.ends"):
        assert REGISTRY[cid].check().outcome.value == "verified", cid


@pytest.mark.slow
def test_a_wrong_closed_form_makes_the_chain_open(monkeypatch):
    import proofs.noisy.every_k as EK

    for f in (EK.lemma1_verdict, EK.theorem2_verdict, EK.lemma4_verdict, EK.lemma5_verdict):
        f.cache_clear()
    monkeypatch.setattr(EK.E, "power_move_rate", lambda j, mv: mpq(j) if mv == "n-1" else mpq(j + 8, 2))
    try:
        v = EK.conjecture10_every_k()
        assert v.outcome.value == "open"
    finally:
        for f in (EK.lemma1_verdict, EK.theorem2_verdict, EK.lemma4_verdict, EK.lemma5_verdict):
            f.cache_clear()


@pytest.mark.slow
def test_verify_prints_the_scope():
    out = subprocess.run([sys.executable, "-m", "exactcube", "verify", "--claim", "noisy.conjecture9.ends"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "noisy.conjecture9.ends: verified [exact], scope: every n ≥ 2 near 0" in out.stdout


def test_series_input_is_bounded():
    with pytest.raises(BadInput):
        E.series_at_one(E.MAX_SERIES_HEAP + 1)
    with pytest.raises(BadInput):
        E.power_move_rate(2, "n-4")
    assert np.all(np.array([E.in_w(r) for r in (0, 3, 10, 11, 12, 18, 28, 34)]) == False)  # noqa: E712
