r"""1-pile Nim at eps = 1/2 to first order: why whole-interval proofs stall there (``noisy`` (5)).

At :math:`\varepsilon = 1/2` the channel is uniform on the legal words, so every move from heap
:math:`n \ge 2` has the value :math:`p(n, m) = 1 - \frac1n \sum_{r<n} (1 - p(r)) = 1/2` (by induction,
:math:`p(0) = 0`, :math:`p(1) = 1`, :math:`p(r) = 1/2` otherwise).  Differentiating (5) there
(:math:`W(m, r) = \varepsilon^d (1-\varepsilon)^{k-d}`, :math:`W'/W = d/\varepsilon - (k-d)/(1-\varepsilon)`,
so :math:`\mu'(m, r) = \frac4n (d(m, r) - \bar d(m))` at 1/2) gives, for the one-sided derivatives,

.. math::

   p'(n, m) = \frac4n \sum_{r<n} (d(m, r) - \bar d(m))\,(1 - p(r)) - \frac1n \sum_{r<n} p'(r)
            = \pm\frac2n - \frac1n \sum_{r<n} p'(r),

with :math:`+` for odd :math:`m` (only :math:`p(0) = 0` and :math:`p(1) = 1` differ from 1/2, and
:math:`d(m, 0) - d(m, 1) = \pm 1` by the last bit of :math:`m`).  So to first order in
:math:`\varepsilon - 1/2` the moves split by parity only: above 1/2 the odd moves are best and all tie,
below 1/2 the even moves, and by induction :math:`p'(n)(1/2^\pm) = \pm 2/(n(n-1))`, i.e.

.. math::

   p(n) - \tfrac12 = \frac{|1 - 2\varepsilon|}{n(n-1)} + O((1-2\varepsilon)^2).

Conjecture 9 (move 0 among the even moves) and Conjecture 10 (move :math:`n-1` among the odd ones) are
therefore decided at second order near 1/2, and :math:`p(n) - 1/2` is only about :math:`10^{-6}|1-2\varepsilon|`
at :math:`n = 1024`: a proof that reaches 1/2 needs the second-order germ, not first-order enclosures.

This module computes the one-sided derivatives of every move by the general sum (exact rationals), without
using the closed forms, so that the closed forms can be checked against it.

References: ``noisy`` §3, equation (5), Conjectures 9 and 10.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..numbers import mpq
from ..results import Result
from ._nimcore import check_heap

__all__ = ["FirstOrder", "first_order_at_half", "MAX_HALF_HEAP"]

MAX_HALF_HEAP = 512


@dataclass(frozen=True)
class FirstOrder(Result):
    r"""One-sided derivatives at eps = 1/2 (``side`` 'left' or 'right'): ``move_slopes[n][m]`` = d p(n, m)/d eps
    and ``slope[n]`` = d p(n)/d eps (the largest move slope on the right, the smallest on the left: the
    optimal moves there), ``best[n]`` the moves attaining it; exact."""

    SOURCE = "noisy §3, (5) differentiated at eps = 1/2"
    METHOD = "exact forward differentiation of (5) at eps = 1/2"
    EVIDENCE = "exact"

    side: str
    n_max: int
    move_slopes: tuple
    slope: tuple
    best: tuple


def first_order_at_half(n_max: int, side: str) -> FirstOrder:
    """The one-sided first-order germ at eps = 1/2 for heaps 0..n_max (module docstring), exact."""
    n_max = check_heap(n_max, MAX_HALF_HEAP)
    if side not in ("left", "right"):
        raise ValueError("side must be 'left' or 'right'")
    K = max(1, n_max.bit_length())
    words = np.arange(1 << K)
    pop = np.zeros(1 << K, dtype=np.int64)
    for j in range(K):
        pop += (words >> j) & 1
    # values at 1/2, doubled to stay integral: 2(1 - p(r)) = 2, 0, 1, 1, ...
    y2 = np.ones(max(n_max, 2), dtype=np.int64)
    y2[0], y2[1] = 2, 0
    slopes: list = [mpq(0), mpq(0)]  # p(0) = 0 and p(1) = 1 for every eps
    move_slopes: list = [(), (mpq(0),)]
    best: list = [(), (0,)]
    total = mpq(0)  # sum of p'(r), r < n
    for n in range(2, n_max + 1):
        d = pop[words[:n, None] ^ words[None, :n]]  # d[m, r]
        # sum_r (d - dbar) y = (n sum_r d y - sum_r d sum_r y) / n, in halves
        s_dy = d @ y2[:n]
        s_d = d.sum(axis=1)
        s_y = int(y2[:n].sum())
        vals = [mpq(4, n) * mpq(int(n * a - b * s_y), 2 * n) - total / n for a, b in zip(s_dy.tolist(), s_d.tolist())]
        pick = max(vals) if side == "right" else min(vals)
        slopes.append(pick)
        move_slopes.append(tuple(vals))
        best.append(tuple(m for m, v in enumerate(vals) if v == pick))
        total += pick
    return FirstOrder(side, n_max, tuple(move_slopes), tuple(slopes), tuple(best))
