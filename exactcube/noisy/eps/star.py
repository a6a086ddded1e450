r"""Certified enclosures of the crossing :math:`\varepsilon^*(2^k)` of Conjecture 10 for :math:`2^k \le 16384`.

At :math:`n = 2^k` (:math:`k \ge 8`) move :math:`n - 1` is optimal just above :math:`\varepsilon = 1/2` and move
:math:`n - 4` near 1 (``noisy`` §3, Conjecture 10 and the claims ``noisy.conjecture10.ends`` and
``noisy.conjecture10.every_k``).  This module locates where they swap, cheaply and for heaps beyond the reach of
the exact and MPFR routes (:mod:`exactcube.noisy.eps.crossing`):

1. *Values.*  The recursion (5) is run once in binary64 with the a priori radius :math:`\rho_n` of
   :mod:`exactcube.noisy.nim.ball`: every computed :math:`p(r, m)` is within :math:`\rho_r` of the true value.
   Every heap :math:`r < n` takes its *computed maximum* as :math:`p(r)`; that needs no unique optimum at
   :math:`r`, because the maximum of numbers each within :math:`\rho` of the true ones is within :math:`\rho` of
   the true maximum (the ball module's accounting, unchanged).  So near-ties of smaller heaps (heap 1456 near
   :math:`\varepsilon = 0.9309`, which stops the MPFR route at 4096) cost nothing here.
2. *Screen.*  :math:`D(\varepsilon) = p(n, n - 4) - p(n, n - 1)` from the midpoints (floats, to screen only):
   a scan down in steps of 1/1000 from an upper start finds a step where :math:`D` changes sign; Illinois
   regula falsi narrows it.
3. *Certificate.*  At two rationals :math:`L < H` around the screened root: move :math:`n - 1` is the unique
   optimum of heap :math:`n` at :math:`L` (its ball lies above every other move's by more than
   :math:`2\rho_n`) and move :math:`n - 4` at :math:`H`.  Every :math:`p(n, m)` is continuous on
   :math:`(1/2, 1)` (the denominators of (5) are positive and :math:`p(r)` is a maximum of continuous
   functions), so :math:`D` has a zero in :math:`(L, H)`: move :math:`n - 1` stops being optimal there.
   Where the shape of Conjecture 10 is proved (:math:`n - 1` the unique optimum on :math:`(1/2, \varepsilon^*)`,
   :math:`n - 4` on :math:`(\varepsilon^*, 1)`: the region claims, :math:`2^k \le 4096`) this zero is
   :math:`\varepsilon^*(2^k)` itself; beyond, it is *a* crossing, and the first point above 1/2 where
   :math:`n - 1` stops being the unique optimum is at most :math:`H`.

Cost (measured, one core): one run of (5) takes about 1 s at :math:`n = 4096`, 3.3 s at 8192 and 12 s at 16384
(the Kronecker transform costs :math:`O(2^k k)` per heap); an enclosure takes about six runs.

References: ``noisy`` §3, equation (5), Conjecture 10; :mod:`exactcube.noisy.nim.ball` (the radius).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from ...errors import BadInput
from ...numbers import mpq, to_mpq
from ...results import Result

__all__ = ["MAX_K", "MoveBalls", "move_balls", "StarEnclosure", "enclose_star", "enclose_stars", "strictly_decreasing",
           "ForcingBalls", "forcing_balls", "forcing_slope_at_half"]

#: The largest k of :func:`enclose_star` (heap 2^14 = 16384: two arrays of 2^14 numbers, about 12 s per run).
MAX_K = 14
#: The smallest k with a crossing: for 2^k <= 128 move n - 1 is still the unique optimum at eps = 99/100.
MIN_K = 8


@dataclass(frozen=True)
class MoveBalls(Result):
    r"""Heap n's move values at one :math:`\varepsilon` as balls: ``mid[m]`` within ``radius`` of :math:`p(n, m)`
    for the moves ``n - 1`` and ``n - 4``, and for each of them the ``gap`` to the best other move (computed
    value minus the largest other; the move is the certified unique optimum when gap > 2 radius)."""

    SOURCE = 'noisy §3, (5): move values of one heap as binary64 balls'
    EVIDENCE = 'rigorous'
    METHOD = 'binary64 recursion with the a priori radius of exactcube.noisy.nim.ball, every heap at its computed maximum'

    n: int
    eps: mpq
    mid: dict
    gap: dict
    radius: float

    def d(self) -> float:
        """Screened D = p(n, n - 4) - p(n, n - 1) (a float: to screen only)."""
        return self.mid[self.n - 4] - self.mid[self.n - 1]

    def unique_optimum(self, m: int) -> bool:
        """Move m's ball lies above every other move's ball: m is certified heap n's unique optimum."""
        return self.gap[m] > 2 * self.radius


def move_balls(n: int, eps) -> MoveBalls:
    """Balls of p(n, n - 1) and p(n, n - 4) at ``eps`` in (1/2, 1) for n = 2^k <= 2^MAX_K (module docstring, 1)."""
    from ..nim.ball import gap_above, run_ball

    e = to_mpq(eps, "eps")
    if not (mpq(1, 2) < e < 1):
        raise BadInput(f"eps must lie in (1/2, 1), got {e}")
    if n < 8 or n & (n - 1) or n > 1 << MAX_K:
        raise BadInput(f"n must be a power of two in 8..{1 << MAX_K}, got {n}")
    out = {}

    def choose(r, ratio, rho):
        if r == n:
            for m in (n - 1, n - 4):
                out[m] = (float(ratio[m]), gap_above(ratio, (m,)))
            out["rho"] = rho
        return int(np.argmax(ratio))

    sol = run_ball(n, e, choose, np.float64, bound=1 << MAX_K)
    if sol is None:
        raise BadInput(f"eps = {e}: binary64 cannot carry the channel's weights at heap {n}")
    return MoveBalls(n, e, {m: out[m][0] for m in (n - 1, n - 4)}, {m: out[m][1] for m in (n - 1, n - 4)},
                     out["rho"])


@dataclass(frozen=True)
class StarEnclosure(Result):
    r""":math:`D = p(2^k, 2^k - 4) - p(2^k, 2^k - 1)` has a zero in :math:`(L, H)` = (``lo``, ``hi``): move
    :math:`2^k - 1` is the certified unique optimum at ``lo`` and :math:`2^k - 4` at ``hi`` (module docstring, 3).
    ``at_lo``/``at_hi`` hold the balls; ``runs`` counts the runs of (5) and ``cpu_seconds`` their process time."""

    SOURCE = 'noisy §3, Conjecture 10: where move n - 1 stops being optimal at n = 2^k'
    EVIDENCE = 'rigorous'
    METHOD = 'binary64 balls, a certified unique optimum at both ends of the enclosure'

    k: int
    lo: mpq
    hi: mpq
    at_lo: MoveBalls
    at_hi: MoveBalls
    runs: int
    cpu_seconds: float

    @property
    def n(self) -> int:
        return 1 << self.k

    @property
    def width(self) -> mpq:
        return self.hi - self.lo


def _decimal(x: float, digits: int) -> mpq:
    return mpq(round(x * 10 ** digits), 10 ** digits)


def enclose_star(k: int, below, step=mpq(1, 1000), digits: int = 12) -> StarEnclosure:
    """A certified enclosure of the crossing of moves 2^k - 1 and 2^k - 4 below ``below`` (module docstring):
    scan eps = below - step, below - 2 step, ... until D < 0 (screened), narrow by Illinois regula falsi to about
    10^-``digits`` (or until the screened D is below a sixteenth of the radius), then certify a unique optimum at
    both ends of an interval around the screened root where D is about three radii from 0, doubled (at most five
    times) while the balls do not separate."""
    if not MIN_K <= k <= MAX_K:
        raise BadInput(f"k must lie in {MIN_K}..{MAX_K}, got {k}")
    n = 1 << k
    t0 = time.process_time()
    runs = 0

    def at(x):
        nonlocal runs
        runs += 1
        return move_balls(n, x)

    hi = to_mpq(below, "below")
    b_hi = at(hi)
    if not b_hi.d() > 0:
        raise BadInput(f"heap {n}: move {n - 4} is not above move {n - 1} at the start {hi}")
    lo = hi - step
    b_lo = at(lo)
    while b_lo.d() > 0:
        hi, b_hi = lo, b_lo
        lo = lo - step
        if lo <= mpq(1, 2):
            raise BadInput(f"heap {n}: no sign change of p(n, n - 4) - p(n, n - 1) above 1/2")
        b_lo = at(lo)
    # Illinois regula falsi on the screened D (floats only choose the points; the certificate is below)
    x0, f0, x1, f1 = lo, b_lo.d(), hi, b_hi.d()
    slope = (f1 - f0) / float(x1 - x0)
    best = min((x0, f0), (x1, f1), key=lambda p: abs(p[1]))
    tol = mpq(1, 10 ** digits)
    side = 0
    while x1 - x0 > tol and abs(best[1]) > b_hi.radius / 16 and runs < 60:
        xm = _decimal(float(x0) + float(x1 - x0) * f0 / (f0 - f1), digits + 2)
        if not x0 < xm < x1:
            xm = (x0 + x1) / 2
        fm = at(xm).d()
        best = min(best, (xm, fm), key=lambda p: abs(p[1]))
        if fm < 0:
            x0, f0 = xm, fm
            f1 = f1 / 2 if side == -1 else f1
            side = -1
        else:
            x1, f1 = xm, fm
            f0 = f0 / 2 if side == 1 else f0
            side = 1
    # the enclosure: where the screened D is 3 radii from 0 on each side (the gap must exceed 2 radii), widened
    root = best[0]
    w = max(tol, _decimal(3 * b_hi.radius / slope, digits + 2))
    for _ in range(6):
        lo, hi = root - w, root + w
        b_lo, b_hi = at(lo), at(hi)
        if b_lo.unique_optimum(n - 1) and b_hi.unique_optimum(n - 4):
            return StarEnclosure(k, lo, hi, b_lo, b_hi, runs, time.process_time() - t0)
        w *= 2
    raise BadInput(f"heap {n}: the balls do not separate moves {n - 1} and {n - 4} within {float(w):.1e} of the "
                   f"screened crossing {float(root):.12f}")


def enclose_stars(k_max: int = MAX_K, start=mpq(999, 1000), progress=None) -> list:
    """:func:`enclose_star` for k = 8..``k_max``, each scan starting at the previous enclosure's upper end (the
    first at ``start``); ``progress(done, total)`` (:mod:`exactcube.progress`) after each k."""
    out = []
    below = to_mpq(start, "start")
    for k in range(MIN_K, k_max + 1):
        s = enclose_star(k, below)
        out.append(s)
        if progress:
            progress(k - MIN_K + 1, k_max - MIN_K + 1)
        below = s.hi
    return out


def strictly_decreasing(enclosures) -> tuple | None:
    """None when the enclosures, in order of k, are pairwise disjoint and decreasing (each upper end below the
    previous lower end); else the first pair (k, k + 1) that overlaps or is out of order."""
    for a, b in zip(enclosures, enclosures[1:]):
        if not b.hi < a.lo:
            return a.k, b.k
    return None


# ---------------------------------------------------------------------------
# the forcing term of the recursion of D (docs/noisy.md, "Conjecture 10 for every power of two")
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ForcingBalls(Result):
    r"""At one :math:`\varepsilon`, for :math:`K = 4, 8, \ldots`: :math:`G_K = \sum_{h < K/4} w(K/4 - 1, h)
    (p(K + 4h) - p(K + 4h + 3))` (``noisy.conjecture10.d_recursion``: :math:`F_K = (2\varepsilon - 1) G_K`) as
    ``mid[K]`` within ``radius[K]``: the weights are exact rationals summing to 1, so the radius is twice the
    largest radius of the heaps involved."""

    SOURCE = 'noisy §3, Conjecture 10: the forcing term of the recursion of D'
    EVIDENCE = 'rigorous'
    METHOD = 'binary64 balls of every p(r) (exactcube.noisy.nim.ball), the weighted sum in exact rationals'

    eps: mpq
    mid: dict
    radius: dict

    def positive(self, K: int) -> bool:
        """G_K > 0 certified (so F_K > 0 when eps > 1/2)."""
        return self.mid[K] > self.radius[K]


def forcing_balls(k_max: int, eps) -> ForcingBalls:
    """:class:`ForcingBalls` for K = 4..2^(k_max - 1) at ``eps`` (one run of (5) up to 2^k_max)."""
    from ..nim.ball import run_ball

    e = to_mpq(eps, "eps")
    if not (mpq(1, 2) < e < 1):
        raise BadInput(f"eps must lie in (1/2, 1), got {e}")
    if not 3 <= k_max <= MAX_K:
        raise BadInput(f"k_max must lie in 3..{MAX_K}, got {k_max}")
    sol = run_ball(1 << k_max, e, lambda r, ratio, rho: int(np.argmax(ratio)), np.float64, bound=1 << MAX_K)
    if sol is None:
        raise BadInput(f"eps = {e}: binary64 cannot carry the channel's weights")
    mid, rad = {}, {}
    for i in range(2, k_max):
        K, J = 1 << i, i - 2
        w = [e ** (J - (h.bit_count())) * (1 - e) ** h.bit_count() for h in range(K >> 2)]  # d(1...1, h) = J - |h|
        mid[K] = sum((x * (mpq(sol.mid[K + 4 * h]) - mpq(sol.mid[K + 4 * h + 3])) for h, x in enumerate(w)), mpq(0))
        rad[K] = 2 * max(sol.rad[K + s] for s in range(K))
    return ForcingBalls(e, mid, rad)


def forcing_slope_at_half(K: int) -> mpq:
    r"""c_K with :math:`G_K = c_K (\varepsilon - 1/2) + O((\varepsilon - 1/2)^2)` as :math:`\varepsilon \to 1/2^+`:
    at 1/2 the weights are :math:`4/K` and :math:`p(n)' = 2/(n(n - 1))` (Theorem 6, ``noisy.ends.half``), so
    :math:`c_K = (4/K) \sum_{h < K/4} 2 (f(K + 4h) - f(K + 4h + 3))`, :math:`f(n) = 1/(n(n - 1))`."""
    if K < 4 or K & (K - 1):
        raise BadInput(f"K must be a power of two >= 4, got {K}")

    def f(n):
        return mpq(1, n * (n - 1))

    return mpq(4, K) * sum((2 * (f(K + 4 * h) - f(K + 4 * h + 3)) for h in range(K >> 2)), mpq(0))
