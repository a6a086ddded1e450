r"""Outward-rounded interval arithmetic shared by the whole-interval proofs of 1-pile Nim (``noisy`` (5), Conjectures 9-10).

One home for the arithmetic that :mod:`exactcube.noisy.interval.firstorder` (first-order enclosures in u)
and :mod:`exactcube.noisy.interval.taylor` (Taylor models in s = |1 - 2 eps|) both rest on
(the piece-by-piece cover is :mod:`exactcube.noisy.interval.cover`):

* **Outward rounding.**  Every operation is one IEEE binary64 operation rounded to nearest,
  followed by a step outwards to the next float or beyond (:func:`dn`, :func:`up`): a result
  :math:`x` rounded to nearest has the exact result between the two floats next to it, so it
  lies between :func:`dn` and :func:`up` of the rounded one.  For small arrays the step is
  numpy's ``nextafter`` (one call); for large ones :math:`x \mp (|x|\,2^{-52} + 2^{-1074})`,
  at or beyond the next float (also for 0 and subnormals), which numpy computes faster there.  Intervals are ``(lo, hi)`` pairs of floats
  or float arrays: :func:`add`, :func:`sub`, :func:`mul`, :func:`div_pos` (divisor > 0),
  :func:`sum0` (a sum over the first axis, with the float sum's error bound
  :math:`n u \sum |x|` taken twice), :func:`matmul` (a product of interval matrices by
  midpoint and radius, one BLAS product for the midpoints and one for the radii, with the
  dot product's error bound).  Exact rationals enter once, rounded outwards
  (:func:`float_down`, :func:`float_up`, :func:`q_interval`).
Evidence ``rigorous``.  What stays elsewhere, and why: :mod:`exactcube.noisy.interval.crosscheck`
encloses in arb balls (python-flint's own outward rounding, any precision) and decides near
the end points with exact germs; :mod:`exactcube.noisy.nim.ball` and
:mod:`exactcube.noisy.eps.crossing` bound the error of a whole floating-point recursion a priori
(a radius, not interval arithmetic).

References: ``noisy`` §3, equation (5); IEEE 754 round to nearest (a correctly rounded result
is within half a unit in the last place).
"""

from __future__ import annotations

import numpy as np

from ...errors import TooLarge
from ...numbers import mpq

__all__ = ["STEP", "TINY", "dn", "up", "add", "sub", "mul", "div_pos", "sum0", "matmul", "float_down", "float_up",
           "q_interval", "fixed_down", "fixed_up", "from_fixed", "powers", "dot_powers"]

#: the relative step of :func:`dn` and :func:`up` (one unit in the last place of binary64 at most)
STEP = 2.0 ** -52
#: the smallest subnormal binary64
TINY = 5e-324


#: below this many floats :func:`dn` and :func:`up` take the next float (one ufunc call, the cheaper there);
#: above it the three-operation step, vectorised better by numpy
_NEXT_BELOW = 256


def dn(x):
    """A float below x by at least one unit in the last place: applied to a result rounded to nearest it gives a
    lower bound.  The next float down (``nextafter``) for up to :data:`_NEXT_BELOW` floats; beyond,
    x - (|x| 2^-52 + 2^-1074), at or below the next float down (also for 0 and subnormals)."""
    if getattr(x, "size", 1) < _NEXT_BELOW:
        return np.nextafter(x, -np.inf)
    return x - (np.abs(x) * STEP + TINY)


def up(x):
    """A float above x by at least one unit in the last place (see :func:`dn`)."""
    if getattr(x, "size", 1) < _NEXT_BELOW:
        return np.nextafter(x, np.inf)
    return x + (np.abs(x) * STEP + TINY)


def add(a, b):
    """a + b for intervals (lo, hi), outward rounded."""
    return dn(a[0] + b[0]), up(a[1] + b[1])


def sub(a, b):
    """a - b for intervals (lo, hi), outward rounded."""
    return dn(a[0] - b[1]), up(a[1] - b[0])


def mul(a, b):
    """a b for intervals (lo, hi), outward rounded (the four end-point products)."""
    p = (a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1])
    return dn(np.minimum(np.minimum(p[0], p[1]), np.minimum(p[2], p[3]))), \
        up(np.maximum(np.maximum(p[0], p[1]), np.maximum(p[2], p[3])))


def div_pos(a, b):
    """a / b for b > 0 (every lower end positive), outward rounded."""
    p = (a[0] / b[0], a[0] / b[1], a[1] / b[0], a[1] / b[1])
    return dn(np.minimum(np.minimum(p[0], p[1]), np.minimum(p[2], p[3]))), \
        up(np.maximum(np.maximum(p[0], p[1]), np.maximum(p[2], p[3])))


def sum0(lo, hi):
    """Interval sum over axis 0 (outward: the float sum of n terms errs by less than n u sum|x|, taken twice)."""
    n = lo.shape[0]
    if n == 1:
        return lo[0], hi[0]
    g = n * STEP
    add_ = np.add.reduce  # what np.sum calls for an array, without its dispatch (the same floats)
    return (dn(add_(lo, axis=0) - add_(np.abs(lo), axis=0) * g),
            up(add_(hi, axis=0) + add_(np.abs(hi), axis=0) * g))


def _mid_rad(lo, hi):
    """Midpoint and radius of float intervals: [lo, hi] is inside [m - r, m + r] (r an upper bound of both distances)."""
    m = (lo + hi) * 0.5
    return m, np.maximum(up(hi - m), up(m - lo))


def matmul(a, b):
    r"""a @ b for interval matrices a = (lo, hi) of shape (p, q) and b of shape (q, r): an interval matrix that contains
    A B for every A in a and B in b.

    By midpoint and radius (a in :math:`[a_m \pm a_r]`, b in :math:`[b_m \pm b_r]`):
    :math:`|AB - a_m b_m| \le |a_m|\,b_r + a_r(|b_m| + b_r)`, and the float product :math:`c = \mathrm{fl}(a_m b_m)`
    (any order of summation, with or without fused multiply-add) errs by at most
    :math:`\gamma_q |a_m|\,|b_m| + q\,\eta`, :math:`\gamma_q = qu/(1 - qu)`, :math:`u = 2^{-53}`, :math:`\eta` the
    smallest subnormal (Higham, *Accuracy and Stability of Numerical Algorithms*, 2nd ed., §3.1, with underflow).
    So the radius is at most :math:`S + q\eta`, :math:`S = |a_m| x + a_r y` with :math:`x \ge b_r + g_1|b_m|`,
    :math:`g_1 = (q + 1) u \ge \gamma_q` (as :math:`q(q + 1)u \le 1`), and :math:`y \ge |b_m| + b_r` elementwise.
    With :math:`g = (2q + 4) 2^{-52} \ge 2\gamma_{q+1}`: S is a sum of
    nonnegative products, so its float value s (two products and a sum: 2q terms' worth of rounding at most
    :math:`\gamma_{q+1}` relative, plus :math:`2q\eta`) gives :math:`S \le (s + 2q\eta)(1 + g)`.  The radius used is
    :math:`s(1 + g) + (4q + 4)\eta` rounded up, and the result :math:`[c - r, c + r]` rounded outwards.  Two BLAS
    products of the size of the problem replace the four products of every pair of entries of :func:`mul`."""
    am, ar = _mid_rad(*a)
    bm, br = _mid_rad(*b)
    q = am.shape[-1]
    g1 = (q + 1) * STEP / 2
    g = (2 * q + 4) * STEP
    c = am @ bm
    bma = np.abs(bm)
    x = up(br + up(bma * g1))
    y = up(bma + br)
    s = np.abs(am) @ x + ar @ y
    r = up(up(s * (1.0 + g)) + (4 * q + 4) * TINY)
    if not np.all(np.isfinite(r)) or not np.all(np.isfinite(c)):
        raise TooLarge("an interval matrix product overflowed")
    return dn(c - r), up(c + r)


def float_down(q: mpq) -> float:
    """A float lower bound of the rational q (q itself when it is a float)."""
    f = float(q)
    return float(dn(f)) if mpq(f) > q else f


def float_up(q: mpq) -> float:
    """A float upper bound of the rational q (q itself when it is a float)."""
    f = float(q)
    return float(up(f)) if mpq(f) < q else f


def q_interval(q: mpq) -> tuple[float, float]:
    """(float_down(q), float_up(q)): the rational q as a float interval."""
    return float_down(q), float_up(q)


# -- fixed point (exact integer sums) and powers -----------------------------------------------------------


def fixed_down(x, scale):
    """x as integers in units of 2^-scale, rounded down (exact sums of such integers fit in int64)."""
    return np.floor(np.ldexp(x, scale)).astype(np.int64)


def fixed_up(x, scale):
    """x as integers in units of 2^-scale, rounded up."""
    return np.ceil(np.ldexp(x, scale)).astype(np.int64)


def from_fixed(G, scale):
    """Integer sums in units of 2^-scale as (lo, hi) floats (one rounding of the int64, outwards)."""
    f = G.astype(np.float64)
    return np.ldexp(dn(f), -scale), np.ldexp(up(f), -scale)


def powers(u, k):
    """[u^0, ..., u^k] as (lo, hi) arrays (u = (lo, hi) scalars, u >= 0)."""
    lo = np.empty(k + 1)
    hi = np.empty(k + 1)
    lo[0] = hi[0] = 1.0
    for i in range(1, k + 1):
        lo[i] = dn(lo[i - 1] * u[0])
        hi[i] = up(hi[i - 1] * u[1])
    return lo, hi


def dot_powers(P, G):
    """sum_i P_i G_i over the grade axis (axis 0): P (lo, hi) of shape (k+1,), G (lo, hi) of shape (k+1, M)."""
    lo, hi = mul((P[0][:, None], P[1][:, None]), G)
    s_lo, s_hi = lo[0], hi[0]
    for i in range(1, lo.shape[0]):
        s_lo = dn(s_lo + lo[i])
        s_hi = up(s_hi + hi[i])
    return s_lo, s_hi
