r"""Taylor models on one piece of eps (``noisy`` (5)): the one model type of :mod:`exactcube.noisy.interval`, its
sums and its one quotient, and the models of the moves of 1-pile Nim that :mod:`exactcube.noisy.interval.taylor`
forms.

:class:`TM` holds the models of many functions at once (coefficient intervals and remainder intervals, the
convention of the docstring of :mod:`exactcube.noisy.interval.taylor`); :func:`tm_add`, :func:`tm_sub` and
:func:`poly_range` are its sums and the range of its polynomial part, and :func:`tm_div` the quotient N/Z by the
series recurrence with a rigorous remainder: the Taylor covers divide by an exact polynomial (the weight sum), the
block recursion (:mod:`exactcube.noisy.interval.block_models`) and the powers of two
(:mod:`exactcube.noisy.interval.power_models`) by a model; the recurrence is written once, here.

On a piece :math:`[s_l, s_h]` of :math:`s = |1 - 2\varepsilon|`, expanded at a centre :math:`s_c` in
:math:`\delta = s - s_c`, each weight :math:`w_d = (1 + \sigma s)^{k-d}(1 - \sigma s)^d` is a polynomial in
:math:`\delta` (:func:`shifted_weights`, exact coefficients rounded outwards); the grade sums :math:`G_d(m)`
carry Taylor models of :math:`1 - p(r)`; :func:`moves_model` forms :math:`p(n, m) = N/Z` for every move at
once (:math:`N = \sum_d w_d G_d`, :math:`Z = \sum_d c_d w_d`, then :func:`tm_div`), and :func:`lower_bound` /
:func:`upper_bound` bound a model over the piece.  Every operation is outward rounded
(:mod:`exactcube.noisy.interval.arith`).

References: ``noisy`` §3, equation (5).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np

from ...numbers import mpq
from .arith import add, div_pos, dn, float_down, float_up, matmul, mul, q_interval, sub, sum0, up
from .cover import ProofFailure

__all__ = ["TM", "tm_add", "tm_sub", "poly_range", "tm_div", "dyadic_mid", "pow_ranges", "shifted_weights",
           "coefficient_pairs", "moves_model", "lower_bound", "upper_bound"]


def dyadic_mid(a: mpq, b: mpq) -> mpq:
    """A dyadic rational (denominator 2^60 at most) inside [a, b], near the midpoint: the centre of a piece's models."""
    m = (a + b) / 2
    q = mpq(int(m * (1 << 60)), 1 << 60)
    return q if a <= q <= b else m


def pow_ranges(dl: mpq, dh: mpq, E: int):
    """range(delta^e) for delta in [dl, dh], e = 0..E, as (lo, hi) float arrays (exact, rounded outwards)."""
    lo = np.empty(E + 1)
    hi = np.empty(E + 1)
    for e in range(E + 1):
        a, b = dl ** e, dh ** e
        if e == 0:
            c, d = mpq(1), mpq(1)
        elif e % 2 == 0 and dl < 0 < dh:
            c, d = mpq(0), max(a, b)
        else:
            c, d = min(a, b), max(a, b)
        lo[e], hi[e] = float_down(c), float_up(d)
    return lo, hi


def shifted_weights(k: int, sigma: int, sc: mpq, s_lo: mpq, s_hi: mpq, top: int | None = None):
    r"""w_d(s_c + delta) = (1 + sigma s)^(k-d) (1 - sigma s)^d for d = 0..k: coefficients in delta (intervals,
    shape (k+1, k+1)) and ranges over [s_lo, s_hi] (shape (k+1,)); exact rationals rounded outwards.

    Above 1/2 (sigma = -1) the moves whose farthest legal word is at distance ``top`` < k get the weights divided
    by their common factor (1 - s)^(k - top): (1 - s)^(top - d) (1 + s)^d, d <= top (0 beyond), so that the weight
    sum stays positive at eps = 1 (s = 1)."""
    top = k if top is None or sigma > 0 else top
    a, b = 1 + sigma * sc, 1 - sigma * sc
    Wlo = np.zeros((k + 1, k + 1))
    Whi = np.zeros((k + 1, k + 1))
    rlo = np.zeros(k + 1)
    rhi = np.zeros(k + 1)
    up_a, dn_a = (1 + s_hi, 1 + s_lo) if sigma > 0 else (1 - s_lo, 1 - s_hi)
    up_b, dn_b = (1 - s_lo, 1 - s_hi) if sigma > 0 else (1 + s_hi, 1 + s_lo)
    for d in range(top + 1):
        ea = top - d  # k - d, less the common factor's exponent k - top
        A = [comb(ea, j) * a ** (ea - j) * sigma ** j for j in range(ea + 1)]
        B = [comb(d, j) * b ** (d - j) * (-sigma) ** j for j in range(d + 1)]
        for i in range(k + 1):
            c = sum((A[j] * B[i - j] for j in range(max(0, i - d), min(i, ea) + 1)), mpq(0))
            Wlo[d, i], Whi[d, i] = q_interval(c)
        rlo[d] = float_down(dn_a ** ea * dn_b ** d)
        rhi[d] = float_up(up_a ** ea * up_b ** d)
    return (Wlo, Whi), (rlo, rhi)


@dataclass
class TM:
    """Taylor models of several functions (the one model type of :mod:`exactcube.noisy.interval`): coefficient
    intervals ``c = (lo, hi)`` of shape (..., J + 1) and remainder intervals ``r = (lo, hi)`` of shape (...); ``r``
    None for an exact polynomial (interval coefficients, no remainder: the weight sum Z of :func:`moves_model`)."""

    c: tuple
    r: tuple | None

    def __getitem__(self, idx):
        return TM((self.c[0][idx], self.c[1][idx]), None if self.r is None else (self.r[0][idx], self.r[1][idx]))


def tm_add(f: TM, g: TM) -> TM:
    """f + g for models of the same shape (coefficients and remainders add, outward rounded)."""
    return TM(add(f.c, g.c), add(f.r, g.r))


def tm_sub(f: TM, g: TM) -> TM:
    """f - g for models of the same shape (outward rounded)."""
    return TM(sub(f.c, g.c), sub(f.r, g.r))


def poly_range(f: TM, P) -> tuple:
    """An interval that holds the polynomial part sum_j f_j delta^j over the piece (P the ranges of delta^e)."""
    J = f.c[0].shape[-1] - 1
    lo, hi = mul((f.c[0], f.c[1]), (P[0][:J + 1], P[1][:J + 1]))
    return sum0(_last_first(lo), _last_first(hi))


def coefficient_pairs(K: int, J: int):
    """Index arrays of the products of a coefficient i (0..K) of a weight or denominator and a coefficient j (0..J) of
    a model: for each order e <= J the pairs with i + j = e; the pairs with i + j > J (for the rest) with their power
    i + j - J - 1; and those of them with i >= 1 (the rest of a quotient, :func:`tm_div`)."""
    key = (K, J)
    if key not in _PAIRS:
        ii, jj = np.meshgrid(np.arange(K + 1), np.arange(J + 1), indexing="ij")
        ii, jj = ii.ravel(), jj.ravel()
        by_order = [(ii[ii + jj == e], jj[ii + jj == e]) for e in range(J + 1)]
        hi = ii + jj > J
        # the rest of the quotient: Z_i q_j with i >= 1 and i + j > J
        zq = hi & (ii >= 1)
        _PAIRS[key] = (by_order, (ii[hi], jj[hi], (ii + jj - J - 1)[hi]), (ii[zq], jj[zq], (ii + jj - J - 1)[zq]))
    return _PAIRS[key]


_PAIRS: dict = {}


def _last_first(x):
    """The view of ``x`` with its last axis first (``np.moveaxis(x, -1, 0)``, without its argument checks)."""
    return x.transpose((x.ndim - 1,) + tuple(range(x.ndim - 1)))


def tm_div(N: TM, Z: TM, P, z_range=None, what: str = "the denominator") -> TM:
    r"""N / Z, the one quotient of Taylor models: N of shape (..., J + 1), Z > 0 on the piece with coefficients of shape
    (..., K + 1), either a model of order J (K = J, remainder ``Z.r``) or an exact polynomial of degree K
    (``Z.r`` None).  The coefficients by the series recurrence
    :math:`q_e = (N_e - \sum_{i=1}^{\min(e, K)} Z_i q_{e-i}) / Z_0`, the remainder
    :math:`(
ho_N - \sum_{i \ge 1, i+j>J} Z_i q_j\,\mathrm{range}(\delta^{i+j-J-1}) - 
ho_Z\,\mathrm{range}(Q))
    / \mathrm{range}(Z)` (the last term only with a remainder of Z), ``z_range`` the range of Z over the piece (by
    default its polynomial part's plus :math:`
ho_Z\,\mathrm{range}(\delta^{J+1})`).  Raises :class:`ProofFailure`
    (``what`` names Z) unless Z and :math:`Z_0` are bounded away from 0."""
    J = N.c[0].shape[-1] - 1
    K = Z.c[0].shape[-1] - 1
    if z_range is None:
        z_range = poly_range(Z, P) if Z.r is None else add(poly_range(Z, P), mul(Z.r, (P[0][J + 1], P[1][J + 1])))
    if not (np.all(z_range[0] > 0) and np.all(Z.c[0][..., 0] > 0)):
        raise ProofFailure(f"{what} is not bounded away from 0 on this piece")
    qlo = np.empty(N.c[0].shape)
    qhi = np.empty(N.c[0].shape)
    for e in range(J + 1):
        acc = (N.c[0][..., e], N.c[1][..., e])
        m = min(e, K)
        if m:
            pr = mul((Z.c[0][..., 1:m + 1], Z.c[1][..., 1:m + 1]),
                     (qlo[..., e - 1::-1][..., :m], qhi[..., e - 1::-1][..., :m]))
            acc = sub(acc, sum0(_last_first(pr[0]), _last_first(pr[1])))
        qlo[..., e], qhi[..., e] = div_pos(acc, (Z.c[0][..., 0], Z.c[1][..., 0]))
    i, j, p = coefficient_pairs(K, J)[2]
    t = mul(mul((Z.c[0][..., i], Z.c[1][..., i]), (qlo[..., j], qhi[..., j])), (P[0][p], P[1][p]))
    rest = sub(N.r, sum0(_last_first(t[0]), _last_first(t[1])))
    if Z.r is not None:
        rest = sub(rest, mul(Z.r, poly_range(TM((qlo, qhi), None), P)))
    return TM((qlo, qhi), div_pos(rest, z_range))


def moves_model(Glo, Ghi, GRlo, GRhi, C, W, Wr, P, J) -> TM:
    """Models of p(n, m) = N/Z for all moves (module docstring); G* of shape (k+1, n, J+1) / (k+1, n),
    C (k+1, n) counts, W the weight coefficients (k+1, k+1), Wr their ranges, P the ranges of delta^e.

    Every sum of products is formed at once: the products over the distance d by interval matrix products
    (:func:`~exactcube.noisy.interval.arith.matmul`), the sums over pairs of coefficients by :func:`sum0`; the
    quotient is :func:`tm_div` (Z an exact polynomial of degree k, its range from the weights' ranges)."""
    k1, n = C.shape
    K = k1 - 1
    by_order, rest, _ = coefficient_pairs(K, J)
    # S[i, m, j] = sum_d W[d, i] G[d, m, j], for every j at once: N = sum_d w_d G_d has the coefficients
    # N_e = sum_{i + j = e} S[i, :, j] (e <= J), and the rest sum_{i + j > J} S[i, :, j] range(delta^(i + j - J - 1))
    Slo, Shi = matmul((W[0].T, W[1].T), (Glo.reshape(k1, -1), Ghi.reshape(k1, -1)))
    Slo, Shi = Slo.reshape(k1, n, J + 1), Shi.reshape(k1, n, J + 1)
    Nlo = np.empty((n, J + 1))
    Nhi = np.empty((n, J + 1))
    for e, (i, j) in enumerate(by_order):
        Nlo[:, e], Nhi[:, e] = sum0(Slo[i, :, j], Shi[i, :, j])
    i, j, p = rest
    Rlo, Rhi = sum0(*mul((Slo[i, :, j], Shi[i, :, j]), (P[0][p][:, None], P[1][p][:, None])))
    t = sum0(*mul((Wr[0][:, None], Wr[1][:, None]), (GRlo, GRhi)))
    Rlo, Rhi = add((Rlo, Rhi), t)
    # Z = sum_d c_d w_d (exact integer counts times interval coefficients), its range
    Ct = C.T.astype(np.float64)  # (n, d)
    Zlo, Zhi = matmul((Ct, Ct), W)  # sum_d c_d[m] W[d, i]: shape (n, K+1)
    Zr = sum0(*mul((C.astype(np.float64), C.astype(np.float64)), (Wr[0][:, None], Wr[1][:, None])))
    return tm_div(TM((Nlo, Nhi), (Rlo, Rhi)), TM((Zlo, Zhi), None), P, z_range=Zr, what="the weight sum")


def lower_bound(glo, ghi, rlo, rhi, P, j0: int, J: int):
    """Lower bound over the piece of sum_{j >= j0} [g_j] delta^(j - j0) + [rho] delta^(J + 1 - j0), for arrays
    of differences (shape (M, J+1) and (M,))."""
    lo = glo[:, j0].copy()
    for j in range(j0 + 1, J + 1):
        lo = dn(lo + mul((glo[:, j], ghi[:, j]), (P[0][j - j0], P[1][j - j0]))[0])
    return dn(lo + mul((rlo, rhi), (P[0][J + 1 - j0], P[1][J + 1 - j0]))[0])


def upper_bound(glo, ghi, rlo, rhi, P, j0: int, J: int):
    """Upper bound over the piece of the same sum as :func:`lower_bound`."""
    hi = ghi[:, j0].copy()
    for j in range(j0 + 1, J + 1):
        hi = up(hi + mul((glo[:, j], ghi[:, j]), (P[0][j - j0], P[1][j - j0]))[1])
    return up(hi + mul((rlo, rhi), (P[0][J + 1 - j0], P[1][J + 1 - j0]))[1])
