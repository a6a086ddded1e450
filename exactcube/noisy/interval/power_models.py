r"""The power inequality of Lemma B8 at every power of two up to a bound, in Taylor models (``noisy`` §3, Conjecture 9).

Lemma B8 (claim ``noisy.conjecture9.block_from_power``): for :math:`\varepsilon \in [0, 1/2)` and
:math:`K = 2^{k-1} \ge 2`, the **power inequality**

.. math::  p(K, m) - \tfrac12 < (1 - 2\varepsilon)\,(p(K) - \tfrac12) \qquad (1 \le m < K)

gives :math:`p(K + t, 0) > p(K + t, m)` at every heap of the block :math:`K \le n < 2K` and every low move m; with
Theorems B6 and B7 move 0 is then the unique optimum at every heap of the block.  So this module tests one inequality
per power of two, and no heap inside a block:

* per block, the moves of K by the channel's kernel bit by bit
  (:func:`exactcube.noisy.interval.block_models.power_moves`) and the K - 1 tests
  :math:`s A_0 - A_m > 0` (:math:`s = 1 - 2\varepsilon`, :math:`A_m = p(K, m) - 1/2`).  These are the power
  inequality only because :math:`p(K) - 1/2 \ge 0` (Theorem B5): if the best move at K were some m >= 1, then
  :math:`p(K) - 1/2 = A_m < s A_0 \le s (p(K) - 1/2)` would make :math:`p(K) - 1/2 < 0`; so move 0 is optimal,
  :math:`A_0 = p(K) - 1/2`, and :math:`A_m < s (p(K) - 1/2)` (the z3 step of
  ``proofs.noisy.frontier.power_test_is_the_inequality_steps``);
* per heap, only :math:`\beta(K + t) = ((1 - \varepsilon) A_0 - \varepsilon B_0)/((1 - \varepsilon) + \varepsilon W_0)`
  with the scalar block sums of move 0 (Lemma B1; move 0 is optimal there by Lemma B8 itself), for the next block.

That is :math:`O(N \log N\, J)` work a piece for every heap below :math:`N = 2^{k_{max}}`, against
:math:`O(N^2 J)` for the heap-by-heap test of :mod:`exactcube.noisy.interval.block_models`.  The power inequality
holds for every K on :math:`(0, \varepsilon^*]`, :math:`\varepsilon^* = 0.41024\ldots` the root of
:math:`2(1 - \varepsilon)^3 = \varepsilon` (Theorem N, ``noisy.conjecture9.power_every_k``), and fails for large K
above it (docs/noisy.md, "What the invariant attempt showed"), so the pieces stay away from 1/2: s_lo > 0.  Models, rounding and the test are those of
:mod:`exactcube.noisy.interval.block_models`.  Evidence ``rigorous``, resting on Lemmas B1, B8 and Theorems B6, B7.

References: ``noisy`` §3, equation (5), Conjecture 9; docs/noisy.md, "The block recursion" (Lemma B8).
"""

from __future__ import annotations

import numpy as np

from ...errors import BadInput, TooLarge
from ...numbers import mpq, to_mpq
from ..nim.channel import popcounts
from .arith import float_down, float_up, q_interval
from .block_models import (DEFAULT_ORDER, Linear, channel_linears, const_model, lower_split, power_moves, split_boxes,
                           tm_lin, tm_mul_batch, weight_models)
from ...results import IntervalProof
from .cover import ProofFailure
from .taylor_model import TM, dyadic_mid, pow_ranges, tm_add, tm_div, tm_sub

__all__ = ["MAX_POWER_K", "METHOD", "power_piece", "prove_power_inequality"]

#: the largest k: heaps below 2^k, the powers of two up to 2^(k-1)
MAX_POWER_K = 20
METHOD = ("Taylor models of order J in s = 1 - 2 eps of the moves of every power of two (Lemma B1 for the heaps in "
          "between), outward-rounded binary64")


def power_piece(k_max: int, s_lo, s_hi, order: int = DEFAULT_ORDER, on_power=None) -> None:
    """Prove on the piece s in [s_lo, s_hi] (0 < s_lo < s_hi <= 1, s = 1 - 2 eps) the power inequality at every
    K = 2^(k-1), k = 2..k_max; raises :class:`ProofFailure` naming the first K and move that fail.  ``on_power(K, A)``
    sees the models of A_m = p(K, m) - 1/2 (tests)."""
    J = int(order)
    s_lo, s_hi = to_mpq(s_lo), to_mpq(s_hi)
    if not 0 < s_lo < s_hi <= 1:
        raise BadInput(f"need 0 < s_lo < s_hi <= 1 (the power inequality fails near eps = 1/2), got [{s_lo}, {s_hi}]")
    if not 2 <= k_max <= MAX_POWER_K:
        raise TooLarge(f"k_max must lie in 2..{MAX_POWER_K}")
    sc = dyadic_mid(s_lo, s_hi)
    P = pow_ranges(s_lo - sc, s_hi - sc, 2 * J + 2)
    split = split_boxes(s_lo, s_hi, sc, J)
    e0, e1 = channel_linears(s_lo, s_hi, sc)
    s_lin = Linear(q_interval(sc), (1.0, 1.0), (float_down(s_lo), float_up(s_hi)))  # s = sc + delta
    N = 1 << k_max
    blo = np.zeros((N, J + 1))
    bhi = np.zeros((N, J + 1))
    brl = np.zeros(N)
    brh = np.zeros(N)
    blo[0, 0] = bhi[0, 0] = -0.5
    blo[1, 0] = bhi[1, 0] = 0.5
    pop = popcounts(N)
    one = const_model(e1, J)
    for k in range(2, k_max + 1):
        K = 1 << (k - 1)
        A = power_moves(TM((blo, bhi), (brl, brh)), k, e0, e1)
        if on_power is not None:
            on_power(K, A)
        A0 = A[0]
        # (1 - 2 eps) A_0 against every A_m, m >= 1: the power inequality because p(K) - 1/2 >= 0 (Theorem B5) makes
        # move 0 optimal once these hold, so A_0 = p(K) - 1/2 (docstring above)
        sA = tm_lin(s_lin, A0)
        T = tm_sub(TM(tuple(np.broadcast_to(c, (K - 1, J + 1)) for c in sA.c),
                      tuple(np.broadcast_to(r, (K - 1,)) for r in sA.r)), A[1:])
        ok = lower_split(T, P, 0, J, split) > 0
        if not ok.all():
            raise ProofFailure(f"K = {K}: the power inequality at move {int(np.argmax(~ok)) + 1} is not proved")
        # the heaps K + t of the block, move 0 optimal at each (Lemma B8): the scalar sums of move 0
        Wd = weight_models(k - 1, sc, J, P)
        B0, W0 = TM((np.zeros(J + 1), np.zeros(J + 1)), (0.0, 0.0)), TM((np.zeros(J + 1), np.zeros(J + 1)), (0.0, 0.0))
        beta = TM((A0.c[0].copy(), A0.c[1].copy()), (A0.r[0], A0.r[1]))
        a1 = tm_lin(e1, A0)  # (1 - eps) A_0
        for t in range(K):
            n = K + t
            if t:
                beta = tm_div(tm_sub(a1, tm_lin(e0, B0)), tm_add(one, tm_lin(e0, W0)), P,
                              what="a denominator of Lemma B1")
            blo[n], bhi[n] = beta.c
            brl[n], brh[n] = beta.r
            if t + 1 < K:
                w = Wd[[int(pop[t])]]
                B0 = tm_add(B0, tm_mul_batch(beta, w, P)[0])
                W0 = tm_add(W0, w[0])


def prove_power_inequality(k_max: int, eps_from=mpq(0), eps_to=mpq(2, 5), order: int = DEFAULT_ORDER,
                           **kw) -> IntervalProof:
    """The power inequality at every K = 2^(k-1), k = 2..k_max, for every eps in [eps_from, eps_to] (eps_to < 1/2),
    by the walk of the Taylor covers (:func:`exactcube.noisy.interval.taylor.prove_near_half` started at s_from =
    1 - 2 eps_to, so no end piece at 1/2): with Lemma B8 and Theorems B6, B7, move 0 is the unique optimum and p(n) > 1/2
    at every heap 2 <= n < 2^k_max on that range."""
    from .low_targets import LowMoveTargets
    from .taylor import prove_near_half

    eps_from, eps_to = to_mpq(eps_from), to_mpq(eps_to)
    if not 0 <= eps_from < eps_to < mpq(1, 2):
        raise BadInput(f"need 0 <= eps_from < eps_to < 1/2, got [{eps_from}, {eps_to}]")
    if not 2 <= k_max <= MAX_POWER_K:
        raise TooLarge(f"k_max must lie in 2..{MAX_POWER_K}")
    stmt = (f"for every K = 2^(k-1), k = 2..{k_max}: p(K, m) - 1/2 < (1 - 2 eps)(p(K) - 1/2) for every 1 <= m < K, "
            f"every eps in [{eps_from}, {eps_to}] (with Lemma B8 and Theorems B6, B7: move 0 the unique optimum and "
            f"p(n) > 1/2 at every heap 2..{(1 << k_max) - 1})")

    def attempt(a, b):
        power_piece(k_max, a, b, order)

    top = (1 << k_max) - 1
    targets = LowMoveTargets({n: 0 for n in range(2, top + 1)})  # every heap the statement covers
    return prove_near_half(top, 1, 1 - 2 * eps_from, targets, set(), stmt, order=order, s_from=1 - 2 * eps_to,
                           attempt=attempt, method=METHOD, **kw)
