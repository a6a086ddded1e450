r"""Conjecture 9's low-move inequality by the block recursion, in Taylor models (``noisy`` §3, (5), Conjecture 9).

Why a third form.  By Theorems B6 and B7 (claims ``noisy.conjecture9.bound_every_n``, ``noisy.conjecture9.top_moves``,
every n) Conjecture 9 at a heap :math:`n = K + t` (:math:`K = 2^{k-1}`, :math:`0 \le t < K`) is exactly the low-move
inequality :math:`p(n, 0) > p(n, m)` for :math:`1 \le m < K`.  The Taylor covers of
:mod:`exactcube.noisy.interval.taylor` form the model of every move of every heap from grade sums over all
:math:`2^{k}` words (:math:`O(N^2 k J)` work a piece).  Lemma B1 (claim ``noisy.blocks.recursion``) writes the low
moves of :math:`n = K + t` through the moves of the heap :math:`K` and the heaps of the block below :math:`n`:

.. math::

   p(n, m) - \tfrac12 = \frac{(1 - \varepsilon) A_m - \varepsilon B_m}{(1 - \varepsilon) + \varepsilon W_m},\qquad
   A_m = p(K, m) - \tfrac12,\quad B_m = \sum_{s<t} w(m, s)\,\beta(K + s),\quad W_m = \sum_{s<t} w(m, s),

with :math:`\beta(r) = p(r) - 1/2` and :math:`w(m, s) = \varepsilon^{d}(1 - \varepsilon)^{k-1-d}`, :math:`d` the
Hamming distance of the (k - 1)-bit words m and s.  Since the denominators are positive, the inequality at m is

.. math::

   T_m = (1 - \varepsilon)(\beta_n - A_m) + \varepsilon\,(B_m + \beta_n W_m) > 0,
   \qquad \beta_n = p(n, 0) - \tfrac12,

and once it holds for every m, :math:`\beta(n) = \beta_n` (Theorem B7 disposes of the top moves).  So a piece costs:

* per block, the moves of the heap K, :math:`p(K, m) = \sum_{s<K} w(m, s)(1 - p(s))`, by the bit-by-bit transform of
  the channel's tensor-product kernel (each bit: :math:`x_m \mapsto (1 - \varepsilon) x_m + \varepsilon x_{m \oplus b}`),
  :math:`O(K k J)`;
* per heap, :math:`\beta_n` (one quotient of models), the K tests :math:`T_m > 0` (the products
  :math:`\beta_n W_m` as one interval matrix product), and the updates :math:`B_m \mathrel{+}= w(m, t)\beta_n`,
  :math:`W_m \mathrel{+}= w(m, t)` (a gather of the k products :math:`w_d \beta_n`): :math:`O(K J)` a heap, with
  no factor k and no top moves.

Taylor models (the one type of :mod:`exactcube.noisy.interval.taylor_model`, whose quotient
:func:`~exactcube.noisy.interval.taylor_model.tm_div` this module divides by): on a piece :math:`s = s_c + \delta`,
:math:`s = 1 - 2\varepsilon`, a model of f holds intervals containing its true Taylor coefficients
:math:`f_0..f_J` at :math:`s_c` and an interval :math:`\rho` with
:math:`f - \sum_{j \le J} f_j \delta^j \in \rho\,\delta^{J+1}` on the piece.  Products and quotients of two models
(:func:`tm_mul_batch`, :func:`~exactcube.noisy.interval.taylor_model.tm_div`) keep this: the coefficients by the
Cauchy product and the series recurrence,
the rest from the products of order above J, the ranges of the polynomial parts and the two remainders.  On the end
piece :math:`[0, s_1]` (:math:`\varepsilon = 1/2` excluded) the true values are known there: every heap :math:`n \ge 2`
has :math:`\beta = 0` at :math:`s = 0`, and two moves of the same parity have the same slope
(:mod:`exactcube.noisy.eps.ends`), so :math:`T_m` vanishes to order 1 (m odd) or 2 (m even), and
:math:`T_m / s^{j_0} > 0` on the piece is the test (the interval of a coefficient known to vanish must contain 0, or
the piece fails).  A test that the ranges over the whole piece do not pass is tried again on :data:`SPLIT` sub-boxes
(:func:`lower_split`): the sum of the terms' ranges, not the order, is what limits the width of a piece.  Every float operation is rounded outwards (:mod:`exactcube.noisy.interval.arith`); exact rationals
enter once, rounded outwards.  Evidence ``rigorous``, resting on Lemma B1 and Theorems B6, B7.

References: ``noisy`` §3, equation (5), Conjecture 9; docs/noisy.md, "The block recursion" (Lemma B1, Theorems B6, B7)
and "The reduced frontier by blocks".
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...errors import BadInput, TooLarge
from ...numbers import mpq, to_mpq
from ...results import Result
from ..nim.channel import popcounts
from .arith import add, dn, float_down, float_up, matmul, mul, q_interval, sub, sum0, up
from ...results import IntervalProof
from .cover import ProofFailure
from .taylor_model import TM, dyadic_mid, lower_bound, poly_range, pow_ranges, tm_add, tm_div, tm_sub

__all__ = ["MAX_BLOCK_HEAP", "DEFAULT_ORDER", "BlockPiece", "block_piece", "prove_conjecture9_blocks", "METHOD",
           "Linear", "tm_lin", "tm_mul_batch", "kernel_bit", "weight_models",
           "const_model", "lower_split", "split_boxes", "channel_linears", "power_moves"]

#: the largest heap: the block arrays hold 2^(k-1) (J + 1) floats each, 1 MB at 2^15
MAX_BLOCK_HEAP = 1 << 15
DEFAULT_ORDER = 7
#: sub-boxes of a piece on which a test that fails over the whole piece is tried again (:func:`_lower`)
SPLIT = 16
#: the method of the proofs of this module (their provenance)
METHOD = "Taylor models of order J in s = 1 - 2 eps by the block recursion (Lemma B1), outward-rounded binary64"


def _zeros(shape, J):
    return TM((np.zeros(shape + (J + 1,)), np.zeros(shape + (J + 1,))), (np.zeros(shape), np.zeros(shape)))


@dataclass(frozen=True)
class Linear:
    """An exact polynomial a + b delta of the piece (a, b intervals) with its range over the piece."""

    a: tuple
    b: tuple
    range: tuple


def scale(a: tuple, x: tuple) -> tuple:
    """a x for a scalar interval a = (a0, a1) with 0 <= a0 <= a1 (the values of eps and 1 - eps, the exact 1/2) and an
    interval array x, outward rounded: two products where :func:`~exactcube.noisy.interval.arith.mul` forms four."""
    a0, a1 = a
    if a0 == a1:
        return dn(a0 * x[0]), up(a0 * x[1])
    return dn(np.where(x[0] >= 0, a0 * x[0], a1 * x[0])), up(np.where(x[1] >= 0, a1 * x[1], a0 * x[1]))


def _times(a: tuple, x: tuple) -> tuple:
    """a x for a scalar interval of one sign (:func:`scale`, mirrored for a <= 0)."""
    if a[0] >= 0:
        return scale(a, x)
    lo, hi = scale((-a[1], -a[0]), x)
    return -hi, -lo


def tm_lin(L: Linear, f: TM) -> TM:
    r"""(a + b delta) f: coefficients :math:`a f_j + b f_{j-1}`, remainder :math:`b f_J + \mathrm{range}(L)\rho`
    (a, b and the range each of one sign: the values of eps and 1 - eps and their slopes)."""
    lo, hi = _times(L.a, f.c)
    blo, bhi = _times(L.b, f.c)
    clo, chi = lo.copy(), hi.copy()
    clo[..., 1:], chi[..., 1:] = add((lo[..., 1:], hi[..., 1:]), (blo[..., :-1], bhi[..., :-1]))
    r = add((blo[..., -1], bhi[..., -1]), _times(L.range, f.r))
    return TM((clo, chi), r)


def tm_mul_batch(f: TM, g: TM, P) -> TM:
    r"""The products :math:`f\,g_i` of one model f (shape (J + 1,)) with a batch of models g (shape (M, J + 1)): the
    Cauchy coefficients of order <= J and the orders above J (times the ranges of :math:`\delta^{e - J - 1}`) as one
    interval matrix product; the remainder adds :math:`\mathrm{range}(F)\rho_g + \mathrm{range}(G)\rho_f +
    \rho_f\rho_g\,\mathrm{range}(\delta^{J+1})` (F, G the polynomial parts)."""
    J = f.c[0].shape[-1] - 1
    Mlo, Mhi = _product_matrix(f, P)
    Slo, Shi = matmul(g.c, (Mlo, Mhi))
    rng_f = poly_range(f, P)
    rest = add((Slo[:, J + 1], Shi[:, J + 1]), mul(rng_f, g.r))
    rest = add(rest, mul((Slo[:, J + 2], Shi[:, J + 2]), f.r))
    rest = add(rest, mul(mul(f.r, g.r), (P[0][J + 1], P[1][J + 1])))
    return TM((Slo[:, :J + 1], Shi[:, :J + 1]), rest)


def _product_matrix(f: TM, P):
    """The interval matrix (J + 1) x (J + 3) of :func:`tm_mul_batch`: column e <= J holds f_(e - j) at row j; column
    J + 1 the orders above J, sum_{i > J - j} f_i range(delta^(i + j - J - 1)); column J + 2 range(delta^j), so that the
    product gives range(G) of each row of the batch."""
    J = f.c[0].shape[-1] - 1
    key = (J, id(P))
    if key not in _SHAPES or _SHAPES[key][0] is not P:
        j, e = np.meshgrid(np.arange(J + 1), np.arange(J + 1), indexing="ij")
        low = e >= j
        over = e + j > J  # here e plays i, the order of f
        p = np.where(over, e + j - J - 1, 0)
        _SHAPES.clear()
        _SHAPES[key] = (P, low, np.where(low, e - j, 0), over, np.where(over, P[0][p], 0.0), np.where(over, P[1][p], 0.0))
    _, low, idx, over, plo, phi = _SHAPES[key]
    Mlo = np.zeros((J + 1, J + 3))
    Mhi = np.zeros((J + 1, J + 3))
    Mlo[:, :J + 1] = np.where(low, f.c[0][idx], 0.0)
    Mhi[:, :J + 1] = np.where(low, f.c[1][idx], 0.0)
    olo, ohi = mul((np.broadcast_to(f.c[0], (J + 1, J + 1)), np.broadcast_to(f.c[1], (J + 1, J + 1))), (plo, phi))
    Mlo[:, J + 1], Mhi[:, J + 1] = sum0(olo.T, ohi.T)
    Mlo[:, J + 2], Mhi[:, J + 2] = P[0][:J + 1], P[1][:J + 1]
    return Mlo, Mhi


_SHAPES: dict = {}


def _poly_model(coeffs: list, J: int, P) -> TM:
    """The model of an exact polynomial sum_e coeffs[e] delta^e (rationals): coefficients up to J rounded outwards,
    the orders above J in the remainder."""
    c = np.array([q_interval(x) for x in coeffs[:J + 1]] + [(0.0, 0.0)] * max(0, J + 1 - len(coeffs)))
    rlo = rhi = 0.0
    for e in range(J + 1, len(coeffs)):
        lo, hi = mul(q_interval(coeffs[e]), (P[0][e - J - 1], P[1][e - J - 1]))
        rlo, rhi = dn(rlo + lo), up(rhi + hi)
    return TM((c[:, 0].copy(), c[:, 1].copy()), (rlo, rhi))


def _polymul(a: list, b: list) -> list:
    out = [mpq(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def weight_models(bits: int, sc: mpq, J: int, P, sigma: int = 1) -> TM:
    r"""Models of :math:`w_d = \varepsilon^d (1 - \varepsilon)^{bits - d}`, d = 0..bits, with
    :math:`\varepsilon = (1 - \sigma(s_c + \delta))/2` (exact polynomials in delta)."""
    eps = [(1 - sigma * sc) / 2, mpq(-sigma, 2)]
    one = [(1 + sigma * sc) / 2, mpq(sigma, 2)]
    out = []
    for d in range(bits + 1):
        p = [mpq(1)]
        for _ in range(d):
            p = _polymul(p, eps)
        for _ in range(bits - d):
            p = _polymul(p, one)
        out.append(_poly_model(p, J, P))
    return TM((np.array([m.c[0] for m in out]), np.array([m.c[1] for m in out])),
              (np.array([m.r[0] for m in out]), np.array([m.r[1] for m in out])))


@dataclass(frozen=True)
class BlockPiece(Result):
    """One piece [s_lo, s_hi] of s = 1 - 2 eps on which the low-move inequality holds for every heap 2..n_max;
    ``end`` when s_lo = 0 (eps = 1/2, excluded)."""

    SOURCE = "noisy §3, (5), Conjecture 9: the low-move inequality on one piece of eps (Lemma B1)"
    EVIDENCE = "rigorous"
    METHOD = METHOD

    s_lo: mpq
    s_hi: mpq
    end: bool
    order: int


def block_piece(n_max: int, s_lo, s_hi, order: int = DEFAULT_ORDER, on_heap=None, sigma: int = 1) -> BlockPiece:
    r"""Prove on the piece s in [s_lo, s_hi] (0 <= s_lo < s_hi <= 1, s = 1 - 2 eps, so eps in [0, 1/2]; s_lo = 0 is the
    end piece with eps = 1/2 excluded) that p(n, 0) > p(n, m) for every heap n = K + t in 2..n_max and every low move
    1 <= m < K (module docstring).  Raises :class:`ProofFailure` naming the first heap and move that fail.
    ``on_heap(n, beta)`` sees the model of beta(n) = p(n) - 1/2 of every heap (for tests).  ``sigma = -1`` reads
    eps = (1 + s)/2, the mirror above 1/2, where the statement is false (move n - 1 wins there): the same tests must
    then fail (for tests); Theorem B7 and with it the reduction hold below 1/2 only."""
    J = int(order)
    s_lo, s_hi = to_mpq(s_lo), to_mpq(s_hi)
    if not 0 <= s_lo < s_hi <= 1:
        raise BadInput(f"need 0 <= s_lo < s_hi <= 1, got [{s_lo}, {s_hi}]")
    if not 2 <= n_max <= MAX_BLOCK_HEAP:
        raise TooLarge(f"the block recursion is limited to heaps 2..{MAX_BLOCK_HEAP}")
    half = s_lo == 0
    sc = mpq(0) if half else dyadic_mid(s_lo, s_hi)
    P = pow_ranges(s_lo - sc, s_hi - sc, 2 * J + 2)
    split = split_boxes(s_lo, s_hi, sc, J)
    if sigma not in (1, -1):
        raise BadInput(f"sigma must be 1 or -1, got {sigma}")
    e0, e1 = channel_linears(s_lo, s_hi, sc, sigma)
    # beta(r) of every heap so far: beta(0) = -1/2, beta(1) = 1/2 (exact)
    blo = np.zeros((n_max + 1, J + 1))
    bhi = np.zeros((n_max + 1, J + 1))
    brl = np.zeros(n_max + 1)
    brh = np.zeros(n_max + 1)
    blo[0, 0] = bhi[0, 0] = -0.5
    blo[1, 0] = bhi[1, 0] = 0.5
    pop = popcounts(1 << max(1, n_max.bit_length()))
    k = 2
    while (1 << (k - 1)) <= n_max:
        K = 1 << (k - 1)
        A = power_moves(TM((blo, bhi), (brl, brh)), k, e0, e1)
        Wd = weight_models(k - 1, sc, J, P, sigma)
        B = _zeros((K,), J)
        W = _zeros((K,), J)
        parity = np.arange(K) % 2
        for t in range(min(K, n_max - K + 1)):
            n = K + t
            # beta_n = ((1 - eps) A_0 - eps B_0) / ((1 - eps) + eps W_0)
            if t == 0:  # heap K itself: B = W = 0
                beta = TM((A.c[0][0].copy(), A.c[1][0].copy()), (A.r[0][0], A.r[1][0]))
            else:
                num = tm_sub(tm_lin(e1, A[0]), tm_lin(e0, B[0]))
                den = tm_add(const_model(e1, J), tm_lin(e0, W[0]))
                beta = tm_div(num, den, P, what="a denominator of Lemma B1")
            if half:
                _vanish(beta, 0, n, "p(n) = 1/2")
            # T_m = (1 - eps)(beta_n - A_m) + eps (B_m + beta_n W_m), m = 1..K-1
            # beta_n W_m (m >= 1) and beta_n w_d (d = 0..k-1) in one product
            both = tm_mul_batch(beta, TM((np.concatenate([W.c[0][1:], Wd.c[0]]), np.concatenate([W.c[1][1:], Wd.c[1]])),
                                         (np.concatenate([W.r[0][1:], Wd.r[0]]), np.concatenate([W.r[1][1:], Wd.r[1]]))),
                                P)
            Am = A[1:]  # K >= 2: at least one low move besides 0
            diff = TM(sub((beta.c[0][None, :], beta.c[1][None, :]), Am.c), sub(beta.r, Am.r))
            T = tm_add(tm_lin(e1, diff), tm_lin(e0, tm_add(B[1:], both[:K - 1])))
            _test(T, parity[1:], half, P, J, n, split)
            blo[n], bhi[n] = beta.c
            brl[n], brh[n] = beta.r
            if on_heap is not None:
                on_heap(n, beta)
            if t + 1 < K and n < n_max:
                d = pop[np.arange(K) ^ t]
                wb = both[K - 1:]
                B = tm_add(B, wb[d])
                W = tm_add(W, Wd[d])
        k += 1
    return BlockPiece(s_lo, s_hi, half, J)


def channel_linears(s_lo: mpq, s_hi: mpq, sc: mpq, sigma: int = 1) -> tuple:
    """(eps, 1 - eps) as exact linear polynomials in delta = s - sc, eps = (1 - sigma s)/2, with their ranges over the
    piece [s_lo, s_hi]."""
    up_, dn_ = (1 + s_hi) / 2, (1 + s_lo) / 2
    lo_, hi_ = (1 - s_hi) / 2, (1 - s_lo) / 2
    e1 = Linear(q_interval((1 + sigma * sc) / 2), (sigma / 2, sigma / 2),
                (float_down(dn_), float_up(up_)) if sigma > 0 else (float_down(lo_), float_up(hi_)))
    e0 = Linear(q_interval((1 - sigma * sc) / 2), (-sigma / 2, -sigma / 2),
                (float_down(lo_), float_up(hi_)) if sigma > 0 else (float_down(dn_), float_up(up_)))
    return e0, e1


def power_moves(beta: TM, k: int, e0: Linear, e1: Linear) -> TM:
    """A_m = p(K, m) - 1/2 for every move m < K = 2^(k-1), from the models beta of p(s) - 1/2, s < K (rows of
    ``beta``): y_s = 1 - p(s) = 1/2 - beta(s) through the channel's kernel on the k - 1 bits, bit by bit."""
    K = 1 << (k - 1)
    ylo, yhi = -beta.c[1][:K], -beta.c[0][:K]
    ylo[:, 0], yhi[:, 0] = dn(0.5 - beta.c[1][:K, 0]), up(0.5 - beta.c[0][:K, 0])
    x = TM((ylo, yhi), (-beta.r[1][:K], -beta.r[0][:K]))
    for b in range(k - 1):
        x = kernel_bit(x, b, e0, e1)
    x.c[0][:, 0], x.c[1][:, 0] = dn(x.c[0][:, 0] - 0.5), up(x.c[1][:, 0] - 0.5)
    return x


def const_model(L: Linear, J: int) -> TM:
    """The model of the exact linear polynomial L itself."""
    c0 = np.zeros(J + 1)
    c1 = np.zeros(J + 1)
    c0[0], c1[0] = L.a
    c0[1], c1[1] = L.b
    return TM((c0, c1), (0.0, 0.0))


def kernel_bit(x: TM, b: int, e0: Linear, e1: Linear) -> TM:
    """One bit of the channel's kernel on the (k - 1)-bit words: x_m -> (1 - eps) x_m + eps x_(m xor 2^b)."""
    K = x.c[0].shape[0]
    J1 = x.c[0].shape[1]
    shape = (K >> (b + 1), 2, 1 << b)

    def part(i):
        return TM((x.c[0].reshape(shape + (J1,))[:, i], x.c[1].reshape(shape + (J1,))[:, i]),
                  (x.r[0].reshape(shape)[:, i], x.r[1].reshape(shape)[:, i]))

    x0, x1 = part(0), part(1)
    y0 = tm_add(tm_lin(e1, x0), tm_lin(e0, x1))
    y1 = tm_add(tm_lin(e0, x0), tm_lin(e1, x1))
    clo = np.stack([y0.c[0], y1.c[0]], axis=1).reshape(K, J1)
    chi = np.stack([y0.c[1], y1.c[1]], axis=1).reshape(K, J1)
    rlo = np.stack([y0.r[0], y1.r[0]], axis=1).reshape(K)
    rhi = np.stack([y0.r[1], y1.r[1]], axis=1).reshape(K)
    return TM((clo, chi), (rlo, rhi))


def _vanish(f: TM, j: int, n: int, what: str):
    """Set the coefficient j of f to the exact 0 that is known (end piece), after checking that its interval holds 0."""
    lo, hi = f.c[0][..., j], f.c[1][..., j]
    if np.any(lo > 0) or np.any(hi < 0):
        raise ProofFailure(f"heap {n}: the enclosure of {what} at eps = 1/2 misses its exact value")
    f.c[0][..., j] = 0.0
    f.c[1][..., j] = 0.0


def split_boxes(s_lo: mpq, s_hi: mpq, sc: mpq, J: int) -> list:
    """The ranges of the powers of delta on each of :data:`SPLIT` equal sub-boxes of the piece (for :func:`lower_split`)."""
    dl, w = s_lo - sc, (s_hi - s_lo) / SPLIT
    return [pow_ranges(dl + i * w, dl + (i + 1) * w, J + 2) for i in range(SPLIT)] if SPLIT > 1 else []


def lower_split(T: TM, P, j0: int, J: int, split) -> np.ndarray:
    """A lower bound over the piece of T / delta^j0 (rows of T): the ranges of the powers of delta over the whole piece
    first; the rows it does not prove positive again on each of the sub-boxes ``split`` (their power ranges), the
    least of those bounds (the sum of the terms' ranges loses less on a narrower box)."""
    lo = lower_bound(T.c[0], T.c[1], T.r[0], T.r[1], P, j0, J)
    bad = np.nonzero(~(lo > 0))[0]
    if len(bad) and split:
        Tb = T[bad]
        lo[bad] = np.min([lower_bound(Tb.c[0], Tb.c[1], Tb.r[0], Tb.r[1], Q, j0, J) for Q in split], axis=0)
    return lo


def _test(T: TM, parity, half: bool, P, J: int, n: int, split=()):
    """T_m > 0 on the piece for every low move m = 1..K-1 (on the end piece T_m / s^j0 > 0, j0 = 1 for odd m, 2 for
    even m, after the coefficients known to vanish are set to 0)."""
    ok = np.empty(len(parity), dtype=bool)
    if half:
        _vanish(T, 0, n, "T_m")
        even = parity == 0
        if even.any():
            Te = T[even]
            _vanish(Te, 1, n, "the slope of T_m (m even)")
            ok[even] = lower_split(Te, P, 2, J, split) > 0
        odd = ~even
        if odd.any():
            ok[odd] = lower_split(T[odd], P, 1, J, split) > 0
    else:
        ok = lower_split(T, P, 0, J, split) > 0
    if not ok.all():
        m = int(np.argmax(~ok)) + 1
        raise ProofFailure(f"heap {n}: low move {m} not excluded below move 0")


def prove_conjecture9_blocks(n_max: int, eps_from=mpq(0), order: int = DEFAULT_ORDER, s_from=0, **kw) -> IntervalProof:
    """Conjecture 9 on [eps_from, 1/2) in its reduced form by the block recursion: for every heap n = K + t in
    2..n_max, p(n, 0) > p(n, m) for every low move 1 <= m < K; with Theorems B6 and B7 (every n) move 0 is then the
    unique optimum and p(n) > 1/2.  The same walk as the Taylor covers
    (:func:`exactcube.noisy.interval.taylor.prove_near_half`: an end piece at 1/2, then pieces that double after a
    success and halve after a failure), each piece tested by :func:`block_piece`; ``s_from > 0`` covers from
    s = s_from only (a sub-range of eps)."""
    from .taylor import prove_near_half
    from .low_targets import LowMoveTargets

    eps_from = to_mpq(eps_from)
    if not 0 <= eps_from < mpq(1, 2):
        raise BadInput(f"eps_from must lie in [0, 1/2), got {eps_from}")
    if not 2 <= n_max <= MAX_BLOCK_HEAP:
        raise TooLarge(f"the block recursion is limited to heaps 2..{MAX_BLOCK_HEAP}")
    targets = LowMoveTargets({n: 0 for n in range(2, n_max + 1)})
    stmt = (f"for every heap n = K + t in 2..{n_max}: p(n, 0) > p(n, m) for every low move 1 <= m < K, every eps in "
            f"[{eps_from}, 1/2) (with Theorems B6, B7: move 0 the unique optimum and p(n) > 1/2)")

    def attempt(a, b):
        block_piece(n_max, a, b, order)

    return prove_near_half(n_max, 1, 1 - 2 * eps_from, targets, set(), stmt, order=order, s_from=s_from,
                           attempt=attempt, method=METHOD, **kw)
