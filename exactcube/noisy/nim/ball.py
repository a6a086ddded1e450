r"""Certified floating-point decision of the optimal moves of 1-pile Nim (``noisy`` (5)).

The exact solver (:mod:`exactcube.noisy.nim.exact`) carries every :math:`p(r)` as an
exact rational; its cost is the big-integer arithmetic (about :math:`N^3 \log b` bit
operations for heaps up to :math:`N` at :math:`\varepsilon = a/b`).  Deciding *which*
move is optimal, and on which side of 1/2 :math:`p(n)` lies, usually needs far less:
this module runs the whole recursion in one floating format with an a priori error
bound (a ball: midpoint and radius) and no exact arithmetic at all.

Error bound.  Let :math:`v_r` be the computed value of :math:`1 - p(r)` and
:math:`\delta` a bound on :math:`|v_r - (1 - p(r))|` for every :math:`r < n`.  The
screened ratio of move :math:`m` is the quotient of two Kronecker transforms with
nonnegative terms (module :mod:`exactcube.noisy.nim.exact`, item 3): computed from the
*given* :math:`v_r` it is within relative :math:`(10k+3)u` of the exact ratio
:math:`R_m(v) = \sum_r \mu_n(m, r) v_r` (first order, :math:`u` the unit roundoff, the
same accounting as there with the input rounding replaced by the division).  Since
:math:`\mu_n(m, \cdot)` is a probability vector, :math:`|R_m(v) - p(n, m)| \le \delta`,
and :math:`R_m(v) \le 1 + \delta`.  Hence every computed :math:`p(n, m)` is within

.. math::

   \rho_n = \delta + 2 (10k + 3) u + \tau

of the true value (the factor 2 covers the second-order terms and :math:`R \le 1+\delta`;
:math:`\tau` bounds the absolute error of subnormal intermediate products,
:math:`2^k (k+1)` times the smallest subnormal over the smallest row sum).  The computed
:math:`p(n)` is the computed maximum, so it is within :math:`\rho_n` too, and
:math:`v_n = 1 - p(n)` costs one more rounding: :math:`\delta \leftarrow \rho_n + u`.
The radius grows linearly in :math:`n` (about :math:`10^{-10}` at :math:`n = 4096` in
binary64), because :math:`p(n, m)` is an average and does not amplify errors.

Decision.  Move :math:`m` is certified the unique optimum when its computed value exceeds
every other computed value by more than :math:`2\rho_n` (the balls are disjoint).  When
the balls of the two best moves overlap (an exact tie, or a difference below the
radius) this module gives up at that heap and the caller falls back to exact rationals
(:func:`exactcube.noisy.nim.solve_nim`).  At :math:`\varepsilon = 1/2` every move ties and
at :math:`\varepsilon = 1` the channel is the continuous extension, so both always go to
the exact solver.

References: ``noisy`` §3 equation (5), Example 3; error accounting of
:mod:`exactcube.noisy.nim.exact`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...numbers import mpq
from ...results import Result
from .channel import MAX_HEAP, check_eps, check_heap, kron_apply
from .exact import to_format

__all__ = ["BallSolution", "decide_nim_ball"]


@dataclass(frozen=True)
class BallSolution(Result):
    r"""Certified optimal moves and enclosures of :math:`p(n)`, heaps 0..``n_max`` (or fewer).

    ``optimal[n]`` is heap n's unique optimal move (as a 1-tuple, like
    :class:`exactcube.noisy.nim.NimSolution`); ``mid[n]`` and ``rad[n]`` bound p(n):
    :math:`|p(n) - \mathrm{mid}| \le \mathrm{rad}`.  ``n_max`` is the last heap decided;
    ``stopped`` is the first heap whose best moves could not be separated (None when
    every heap up to the requested bound was decided).  ``method`` names the format.
    """

    SOURCE = 'noisy (5), Example 3'
    EVIDENCE = 'rigorous'

    eps: mpq
    n_max: int
    optimal: tuple
    mid: tuple
    rad: tuple
    stopped: int | None
    method: str

    def _provenance(self):
        from dataclasses import replace

        p = super()._provenance()  # the field keeps its short name ("ball (float64)"), which grid records carry
        fmt = self.method[len("ball ("):-1] if self.method.startswith("ball (") else self.method
        return replace(p, method=f"(5) in {fmt} with an a priori error radius, its bound argued in words "
                                 f"(exactcube.noisy.nim.ball, 'Error bound') ({self.method})")

    def encloses(self, n: int, value) -> bool:
        """True if the exact value lies in heap n's ball (used by tests against the exact solver)."""
        x = mpq(value)
        m = mpq(float(self.mid[n]))
        return abs(x - m) <= mpq(float(self.rad[n]))

    def above(self, n: int, bound) -> bool | None:
        """p(n) > bound certified (True), p(n) < bound certified (False), or None (undecided)."""
        b = float(bound)
        if self.mid[n] - self.rad[n] > b:
            return True
        if self.mid[n] + self.rad[n] < b:
            return False
        return None


class _Stop(Exception):
    pass


def decide_nim_ball(n_max: int, eps, dtype=np.float64) -> BallSolution | None:
    r"""Optimal moves of heaps 1..n_max (``noisy`` (5)) decided in the floating format ``dtype`` with the
    certified radius of the module docstring; stops at the first heap whose two best moves overlap.

    Returns None when the format cannot be used at all (eps = 1/2 or 1, or the weights would underflow).
    """

    return run_ball(n_max, eps, certified_best, dtype)


def gap_above(ratio, keep) -> float:
    """The smallest computed value among the moves ``keep`` minus the largest among the others (inf if none)."""
    keep = list(keep)
    if len(keep) >= len(ratio):
        return float("inf")
    rest = ratio.copy()
    rest[keep] = -np.inf
    return float(min(ratio[m] for m in keep) - rest.max())


def certified_best(n: int, ratio, rho: float) -> int:
    """The move with the largest computed value if its ball lies above every other (gap > 2 rho), else _Stop."""
    best = int(np.argmax(ratio))
    if n > 1 and not gap_above(ratio, (best,)) > 2 * rho:
        raise _Stop
    return best


def run_ball(n_max: int, eps, choose, dtype=np.float64, bound: int = MAX_HEAP) -> BallSolution | None:
    r"""The floating-point recursion of (5) with the a priori radius of the module docstring; at each heap n,
    ``choose(n, ratio, rho)`` receives the computed p(n, m) for every m < n (each within ``rho`` of the true
    value) and returns the move whose value is p(n) (raising :class:`_Stop` ends the run with ``stopped = n``).
    Returns None when the format cannot be used (eps = 1/2 or 1, or the weights would underflow).  ``bound`` is the
    largest heap accepted (the fast exact solver's :data:`MAX_HEAP` unless a caller needs more: the memory is
    two arrays of :math:`2^k` numbers)."""

    e = check_eps(eps)
    n_max = check_heap(n_max, bound)
    half = mpq(1, 2)
    if e == half or e == 1:
        return None
    info = np.finfo(dtype)
    u = float(info.eps) / 2
    small = e / (1 - e) if e < half else (1 - e) / e
    t = to_format(small, dtype)
    K = max(1, n_max.bit_length())
    if small != 0 and (t == 0 or not np.isfinite(t) or float(t) ** K < float(info.tiny) * 1e10):
        return None
    alpha, beta = (dtype(1), t) if e < half else (t, dtype(1))
    # relative error of the rounded kernel t is part of the 5u per stage of _nimfast's accounting
    min_row = float(small) ** K if small != 0 else 1.0
    sub = float(info.smallest_subnormal) if hasattr(info, "smallest_subnormal") else float(info.tiny)
    v = np.zeros(1 << K, dtype=dtype)
    v[0] = 1
    optimal = [()]
    mid = [0.0]
    rad = [0.0]
    delta = 0.0
    to_double = 0.0 if dtype is np.float64 else 2.0 ** -53  # rounding the midpoint to binary64
    x = np.zeros((2, 1 << K), dtype=dtype)
    method = f"ball ({info.dtype})"
    for n in range(1, n_max + 1):
        k = n.bit_length()
        size = 1 << k
        xs = x[:, :size]
        xs[0, :n] = v[:n]
        xs[0, n:] = 0
        xs[1, :n] = 1
        xs[1, n:] = 0
        y = kron_apply(xs, k, alpha, beta)
        ratio = y[0, :n] / y[1, :n]
        tau = size * (k + 1) * sub / min_row
        rho = delta + 2 * (10 * k + 3) * u + tau
        try:
            best = choose(n, ratio.copy(), rho)
        except _Stop:
            return BallSolution(e, n - 1, tuple(optimal), tuple(mid), tuple(rad), n, method)
        top = ratio[best]
        optimal.append((best,))
        mid.append(float(top))
        rad.append(rho + to_double)
        v[n] = dtype(1) - top
        delta = rho + u
    return BallSolution(e, n_max, tuple(optimal), tuple(mid), tuple(rad), None, method)
