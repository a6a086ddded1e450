r"""Taylor models of the moves of 1-pile Nim on one piece of eps (``noisy`` (5)): the arithmetic of
:mod:`exactcube.noisy.interval.taylor`.

On a piece :math:`[s_l, s_h]` of :math:`s = |1 - 2\varepsilon|`, expanded at a centre :math:`s_c` in
:math:`\delta = s - s_c`, each weight :math:`w_d = (1 + \sigma s)^{k-d}(1 - \sigma s)^d` is a polynomial in
:math:`\delta` (:func:`shifted_weights`, exact coefficients rounded outwards); the grade sums :math:`G_d(m)`
carry Taylor models of :math:`1 - p(r)`; :func:`moves_model` forms :math:`p(n, m) = N/Z` for every move at
once (:math:`N = \sum_d w_d G_d`, :math:`Z = \sum_d c_d w_d`, the quotient by the series recurrence and a
rigorous remainder), and :func:`lower_bound` / :func:`upper_bound` bound a model over the piece.  Every
operation is outward rounded (:mod:`exactcube.noisy.interval.arith`); the mathematics is in the docstring
of :mod:`exactcube.noisy.interval.taylor`.

References: ``noisy`` §3, equation (5).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np

from ...errors import TooLarge
from ...numbers import mpq
from .arith import add, div_pos, dn, float_down, float_up, matmul, mul, q_interval, sub, sum0, up

__all__ = ["TaylorModels", "dyadic_mid", "pow_ranges", "shifted_weights", "coefficient_pairs", "moves_model", "lower_bound",
           "upper_bound"]


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
class TaylorModels:
    """Taylor models of many functions at once: coefficient intervals (lo, hi) of shape (M, J+1) and
    remainder intervals of shape (M,)."""

    clo: np.ndarray
    chi: np.ndarray
    rlo: np.ndarray
    rhi: np.ndarray


def coefficient_pairs(K: int, J: int):
    """Index arrays of the products of a weight coefficient i (0..K) and a model coefficient j (0..J): for each order
    e <= J the pairs with i + j = e, and the pairs with i + j > J (for the rest) with their power i + j - J - 1."""
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


def moves_model(Glo, Ghi, GRlo, GRhi, C, W, Wr, P, J):
    """Models of p(n, m) = N/Z for all moves (module docstring); G* of shape (k+1, n, J+1) / (k+1, n),
    C (k+1, n) counts, W the weight coefficients (k+1, k+1), Wr their ranges, P the ranges of delta^e.

    Every sum of products is formed at once: the products over the distance d by interval matrix products
    (:func:`~exactcube.noisy.interval.arith.matmul`), the sums over pairs of coefficients by :func:`sum0`."""
    k1, n = C.shape
    K = k1 - 1
    by_order, rest, zq = coefficient_pairs(K, J)
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
    if not np.all(Zr[0] > 0) or not np.all(Zlo[:, 0] > 0):
        raise TooLarge("the weight sum is not bounded away from 0 on this piece")
    # q = N / Z by the series recurrence q_e = (N_e - sum_{i=1}^{min(e, K)} Z_i q_{e-i}) / Z_0
    qlo = np.empty((n, J + 1))
    qhi = np.empty((n, J + 1))
    for e in range(J + 1):
        acc = (Nlo[:, e], Nhi[:, e])
        m = min(e, K)
        if m:
            prod = mul((Zlo[:, 1:m + 1], Zhi[:, 1:m + 1]), (qlo[:, e - 1::-1][:, :m], qhi[:, e - 1::-1][:, :m]))
            acc = sub(acc, sum0(prod[0].T, prod[1].T))
        qlo[:, e], qhi[:, e] = div_pos(acc, (Zlo[:, 0], Zhi[:, 0]))
    # remainder: (R_N - sum_{i+j>J, i>=1} Z_i q_j delta^(i+j-J-1)) / range(Z)
    i, j, p = zq
    t = mul(mul((Zlo[:, i], Zhi[:, i]), (qlo[:, j], qhi[:, j])), (P[0][p], P[1][p]))
    Rlo, Rhi = sub((Rlo, Rhi), sum0(t[0].T, t[1].T))
    Rlo, Rhi = div_pos((Rlo, Rhi), Zr)
    return TaylorModels(qlo, qhi, Rlo, Rhi)


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
