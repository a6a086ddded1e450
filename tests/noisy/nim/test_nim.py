"""1-pile Nim with bit-flip noise (noisy Example 3, (5)) and n-pile Nim (Example 4, Corollary 8)."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exactcube.errors import BadInput, TooLarge
from exactcube.noisy.nim import channel_weights, solve_multipile, solve_nim
from exactcube.numbers import mpq
from exactcube.printed import agrees_with_printed
from tests.invariants import ProbabilityInvariants

EPS = [mpq(0), mpq(1, 10), mpq(1, 3), mpq(1, 2), mpq(3, 5), mpq(77, 100), mpq(9, 10), mpq(1)]


def p3_by_hand(e):
    """Equation (2), derived by hand from Example 3 (see proofs/noisy/examples.py for the derivation)."""
    if e <= mpq(1, 2):
        return (1 - e + e * e) / (1 + e), (0,) if e < mpq(1, 2) else (0, 1, 2)
    return e * (1 - e * e) / (1 - e + e * e), (1,)


@pytest.mark.parametrize("method", ["plain", "fast"])
@pytest.mark.parametrize("e", [e for e in EPS if e < 1], ids=str)
def test_heaps_one_to_three_by_hand(e, method):
    s = solve_nim(3, e, method)
    assert s.p[0] == 0 and s.optimal[0] == ()
    assert s.p[1] == 1 and s.optimal[1] == (0,)
    # p(2, 0) = 1 - e (sent 00: kept w.p. 1-e, else 01), p(2, 1) = e
    assert s.p[2] == max(e, 1 - e)
    assert s.move_value(2, 0) == 1 - e and s.move_value(2, 1) == e
    p3, opt3 = p3_by_hand(e)
    assert s.p[3] == p3 and s.optimal[3] == opt3


@pytest.mark.parametrize("heap,eps,printed,opt", [
    pytest.param(4, "0.10", "0.820727272727273", (0,), id="NOTES: 4 chips eps 0.10"),
    pytest.param(5, "0.77", "0.458703309461914", (4,), id="NOTES: 5 chips eps 0.77"),
    pytest.param(10, "0.50", "0.500000000000000", tuple(range(10)), id="Appendix: 10 chips eps 0.50"),
])
def test_published_values(heap, eps, printed, opt):
    s = solve_nim(heap, eps)
    assert agrees_with_printed(s.p[heap], printed)
    assert s.optimal[heap] == opt


def test_eps_zero_is_the_classical_game():
    # Example 2: take the whole pile; every other move leaves an N-position
    s = solve_nim(100, 0)
    assert all(s.p[n] == 1 and s.optimal[n] == (0,) for n in range(1, 101))


def test_eps_half_is_fair_from_two_chips_on():
    # every row of the channel is uniform: p(n) = (1 + 0 + (n-2)/2)/n = 1/2 for n >= 2
    s = solve_nim(200, mpq(1, 2))
    assert all(s.p[n] == mpq(1, 2) and s.optimal[n] == tuple(range(n)) for n in range(2, 201))


def test_eps_one_continuous_extension():
    # at eps = 1 a move is received as the legal word farthest from it: from 4 = 100, 3 = 011 -> 000,
    # 0 = 000 -> 011 = 3; p(3) = 0 at eps = 1 (every move from 11 reaches 1 or 2, both won by the mover)
    s = solve_nim(4, 1)
    assert s.p[3] == 0 and s.move_value(4, 3) == 1 and s.move_value(4, 0) == 1
    assert s.optimal[4] == (0, 3)
    x, y = solve_nim(30, 1, "plain"), solve_nim(30, 1, "fast")
    assert x.p == y.p and x.optimal == y.optimal


@pytest.mark.parametrize("e", EPS, ids=str)
def test_channel_rows_are_distributions_and_match_formula(e):
    fe = Fraction(int(e.numerator), int(e.denominator))
    for n in range(1, 20):
        k = n.bit_length()
        ch = channel_weights(n, e)
        for m in range(n):
            row = ch.row(m)
            assert sum(row) == 1 and all(x >= 0 for x in row)
            if 0 < e < 1:
                w = [fe ** bin(m ^ r).count("1") * (1 - fe) ** (k - bin(m ^ r).count("1")) for r in range(n)]
                assert [Fraction(int(x.numerator), int(x.denominator)) for x in row] == [x / sum(w) for x in w]


@settings(max_examples=40, deadline=None)
@given(b=st.integers(1, 40), a=st.integers(0, 40), n=st.integers(1, 40))
def test_fast_equals_plain(b, a, n):
    e = mpq(min(a, b), b)
    x, y = solve_nim(n, e, "plain"), solve_nim(n, e, "fast")
    assert x.p == y.p and x.optimal == y.optimal
    assert x.method == "plain" and y.method == "fast"


def test_optimal_moves_are_the_maximisers():
    s = solve_nim(16, mpq(77, 100))
    for n in range(1, 17):
        vals = s.move_values(n)
        assert s.p[n] == max(vals)
        assert s.optimal[n] == tuple(m for m in range(n) if vals[m] == s.p[n])


class TestProbabilities(ProbabilityInvariants):
    def probabilities(self):
        for e in EPS:
            s = solve_nim(24, e)
            for n in range(25):
                yield f"eps={e} n={n}", s.p[n]
                for m in range(n):
                    yield f"eps={e} p({n},{m})", s.move_value(n, m)


@pytest.mark.parametrize("args,exc", [
    pytest.param((10, "3/2"), BadInput, id="eps above 1"),
    pytest.param((10, "-1/10"), BadInput, id="negative eps"),
    pytest.param((10, 0.77), BadInput, id="binary float eps"),
    pytest.param((10, "abc"), BadInput, id="not a number"),
    pytest.param((-1, "1/2"), BadInput, id="negative heap"),
    pytest.param((2.5, "1/2"), BadInput, id="fractional heap"),
    pytest.param((10 ** 6, "1/2"), TooLarge, id="heap too large"),
])
def test_bad_input(args, exc):
    with pytest.raises(exc):
        solve_nim(*args)


def test_bad_method_and_moves():
    with pytest.raises(BadInput, match="method"):
        solve_nim(3, "1/2", method="magic")
    s = solve_nim(3, "1/2")
    with pytest.raises(BadInput):
        s.move_value(3, 3)
    with pytest.raises(BadInput):
        channel_weights(0, "1/2")
    with pytest.raises(TooLarge):
        solve_nim(1000, "1/3", method="plain")


@pytest.mark.parametrize("heaps", [(1, 2, 3), (2, 2), (1, 4, 5), (3, 5, 6), (7,), (1, 1)], ids=str)
def test_multipile_noiseless_is_bouton(heaps):
    s = solve_multipile(heaps, noiseless=True)
    for x, v in s.p.items():
        ns = 0
        for h in x:
            ns ^= h
        assert v == (0 if ns == 0 else 1)


def test_multipile_equiprobable_is_fair():
    # Corollary 8: every start that is not made only of 1-chip piles gives 1/2
    assert solve_multipile((2, 3, 4)).p[(2, 3, 4)] == mpq(1, 2)
    assert solve_multipile((1, 1, 1)).p[(1, 1, 1)] == 1
    assert solve_multipile((1, 1)).p[(1, 1)] == 0
    with pytest.raises(BadInput):
        solve_multipile((2, -1))


def test_exact_certification_of_every_move(monkeypatch):
    # with the screening margin opened to 1 every move is certified exactly: same answer as plain
    import exactcube.noisy.nim.exact as fast
    kernel = fast.float_kernel

    def wide_open(eps, k, dtype):
        alpha, beta, _ = kernel(eps, k, dtype)
        return alpha, beta, dtype(1e300)

    monkeypatch.setattr(fast, "float_kernel", wide_open)
    for e in (mpq(1, 10), mpq(77, 100)):
        x, y = solve_nim(20, e, "plain"), solve_nim(20, e, "fast")
        assert x.p == y.p and x.optimal == y.optimal


@pytest.mark.parametrize("room", [None, 1], ids=["int64", "python ints"])
def test_fast_at_one_equals_plain(monkeypatch, room):
    # eps = 1: the fast path evaluates every move of a heap at once in machine integers (or Python integers once
    # the products could pass 2^62; room = 1 forces them from the start); the plain recursion takes each row of
    # the channel's continuous extension one move at a time, in rationals.  Heaps to 80 cross 2^3..2^6.
    import exactcube.noisy.nim.exact as fast
    if room is not None:
        monkeypatch.setattr(fast, "INT64_ROOM", room)
    e, n, p, optimal = fast.solve_nim_fast(80, 1)
    x = solve_nim(80, 1, "plain")
    assert p == x.p and optimal == x.optimal


def test_progress_callback():
    seen = []
    solve_nim(12, mpq(1, 3), progress=lambda done, total: seen.append((done, total)))
    assert seen == [(n, 12) for n in range(1, 13)]  # progress(done, total), the one protocol


def test_memory_guard_offers_a_bound():
    with pytest.raises(TooLarge, match="use a heap of at most"):
        solve_nim(8192, "1/1000000000000")


@pytest.mark.parametrize("e,n", [
    pytest.param(mpq(1, 10 ** 60), 30, id="tiny eps: binary64 weights underflow, long double screens"),
    pytest.param(1 - mpq(1, 10 ** 60), 30, id="eps near 1"),
    pytest.param(mpq(1, 10 ** 1300), 9, id="every format underflows: all moves certified"),
    pytest.param(mpq(500001, 1000000), 30, id="eps near 1/2: moves nearly tie"),
    pytest.param(mpq(5000000001, 10000000000), 30, id="eps nearer 1/2"),
])
def test_fast_equals_plain_at_extreme_eps(e, n):
    x, y = solve_nim(n, e, "plain"), solve_nim(n, e, "fast")
    assert x.p == y.p and x.optimal == y.optimal


def test_underflow_detection():
    import numpy as np

    import exactcube.noisy.nim.exact as fast
    e = mpq(1, 10 ** 1300)
    assert all(fast.float_kernel(e, 4, dt) is None for dt in (np.float64, np.longdouble))
    assert fast.float_kernel(mpq(1, 10 ** 60), 5, np.float64) is None  # 1e-300 is below 1e10 * tiny
    assert fast.float_kernel(mpq(1, 10), 4, np.float64) is not None


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 600), data=st.data())
def test_farthest_words_by_blocks_equal_brute_force(n, data):
    # eps = 1: the legal words at maximal Hamming distance from m, by the block argument vs by search
    import numpy as np

    import exactcube.noisy.nim.channel as channel
    m = data.draw(st.integers(0, n - 1))
    words, far = channel.farthest_words(n, np.array([m]), channel.popcounts(1 << 12))
    got = sorted(int(w) for w in words[far[:, 0], 0])
    d = [bin(m ^ r).count("1") for r in range(n)]
    assert got == [r for r in range(n) if d[r] == max(d)]


def test_a_solutions_provenance_says_what_its_method_did():
    """3 December: a verdict citing a fast solution showed the bare option name "fast" as its method.  The
    provenance now says what ran, and the words pass the exact-label audit (floats named only as a screen)."""
    from exactcube.results import inexact_word

    for method in ("plain", "fast"):
        prov = solve_nim(12, mpq(1, 7), method=method).provenance
        assert prov.method.startswith("exact solution of (5)") and f"method {method}" in prov.method
        assert prov.evidence.value == "exact" and inexact_word(prov.method) == ""
