"""The forcing term is not positive term by term (proofs.noisy.forcing_terms, issue 42 item 4).  The values pinned
are recomputed by the exact solver."""

from __future__ import annotations

from exactcube.claims import Outcome
from exactcube.noisy.nim import solve_nim
from exactcube.numbers import mpq
import proofs.noisy.forcing_terms as F


def test_the_heaviest_term_is_negative_exactly_at_small_K():
    # eps = 9/10, exact: p(2K - 4) < p(2K - 1) at K = 8 and 16 (heaps 12, 15 and 28, 31), and the balls agree
    sol = solve_nim(31, mpq(9, 10))
    for K in (8, 16):
        exact = sol.p[2 * K - 4] - sol.p[2 * K - 1]
        assert exact < 0
        row = next(r for r in F.term_rows() if r[0] == K)
        assert row[1] < 0 and abs(row[1] - float(exact)) < 1e-8


def test_near_one_half_the_terms_are_positive():
    # at eps = 11/20 every term is positive (the same check, at a point where it must fail): no term is negative
    assert all(top > 0 and neg == 0 for _, top, neg in F.term_rows(mpq(11, 20), 64))


def test_claim_verified_rigorous():
    v = F.forcing_not_termwise()
    assert v.outcome is Outcome.VERIFIED and v.evidence.value == "rigorous"
    assert "2048: -0.0468" in str(v.details)
