r"""1-pile Nim through the bit-flip channel at the ends of the noise range, for *every* heap (``noisy`` (5)).

Closed forms, each proved for all heaps in docs/noisy.md ("Every heap, every power of two: the ends of
the noise range"), and the independent exact computations that check them.  Notation: a heap
:math:`n` has :math:`k` binary digits, :math:`K = 2^{k-1} \le n < 2K`, :math:`n = K + t`; a move
leaves :math:`m < n` chips; :math:`Z = \{0, 3\}`; :math:`W = \{1, 2, 4\} \cup \bigcup_{i \ge 3}
[2^i - 3, 2^i + 1]`.

**At** :math:`\varepsilon = 1` (the continuous extension: the move arrives uniformly on the legal words
farthest from it).

* Lemma 1 (received words). If :math:`m \ge K - t` the move arrives surely as its complement
  :math:`2K - 1 - m`; otherwise uniformly on :math:`R(c) = \{c\} \cup \{K + c - 2^b : \text{bit } b
  \text{ of } c \text{ set}, c - 2^b < t\}` with :math:`c = K - 1 - m \ge t` (:func:`received_at_one`).
* Theorem 2 (values). :math:`p(r)(1) = 0` for :math:`r \in Z`, :math:`1` for :math:`r \in W`,
  :math:`1/2` otherwise (:func:`value_at_one`).
* Corollary 3 (optimal moves). A move is optimal at 1 iff its received set has as many words in
  :math:`Z` as in :math:`W` when :math:`p(n)(1) = 1/2`, iff it lies in :math:`Z` when
  :math:`p(n)(1) = 1`, and every move is when :math:`n = 3` (:func:`optimal_at_one`); from
  :math:`n = 2^j`, :math:`j \ge 2`: exactly :math:`n - 1` and :math:`n - 4`.

**Near** :math:`\varepsilon = 1` **from a power of two** :math:`n = 2^j`, with :math:`\tau = 1 - \varepsilon`:
the channel is exactly the binary symmetric channel on the low :math:`j` bits centred at
:math:`c = n - 1 - m`, :math:`\mu_n(m, r) = \tau^{d(c, r)} (1 - \tau)^{j - d(c, r)}` (Lemma 4), so

.. math::  p(n, m) = 1 - p(c)(1) - \tau\Big[q(c) + \sum_{b<j} \big(p(c \oplus 2^b)(1) - p(c)(1)\big)\Big] + O(\tau^2),

:math:`q(c)` the first coefficient of :math:`p(c)` in :math:`\tau`.  With Theorem 2,
:math:`q(0) = 0` and :math:`q(3) = 2`: the loss rates are :math:`j` for move :math:`n - 1` and
:math:`(j + 7)/2` for move :math:`n - 4` (:func:`power_move_rate`), every other move tends to at most
1/2.

**Near** :math:`\varepsilon = 0` (Theorem 7): move 0 is the unique optimum and :math:`p(n) > 2/3` for
:math:`0 < \varepsilon \le 1/(3k)` (:func:`near_zero_width`).

**Near** :math:`\varepsilon = 1/2` (Theorems 6 and 8): the one-sided slopes are
:math:`p'(n)(1/2^\pm) = \pm 2/(n(n-1))` (:func:`half_slope`; :func:`first_order_at_half` computes them by
the general sum, exactly and without the closed forms), and among moves of one parity the second-order coefficients in :math:`s = |1 - 2\varepsilon|`
differ by :math:`\mp\frac4n (H_n(m) - H_n(m'))` (:func:`half_second_order_key`).

:func:`series_at_one` and :func:`series_at_half` compute the exact Taylor coefficients of every
:math:`p(r)` at :math:`\varepsilon = 1` and on each side of 1/2 up to a stated order, from (5) alone,
without any of the closed forms: the second order at :math:`n = 128`, where the first order ties at 1, and
the checks of the closed forms.  :func:`first_order_at_half` is the first order at 1/2 alone, computed by
the derivative of (5) there, :math:`\mu'(m, r) = \frac4n (d(m, r) - \bar d(m))` (the same coefficients
as ``series_at_half(order=1)``, about a hundred times faster: one integer matrix product per heap).

References: ``noisy`` §3, equation (5), Conjectures 9 and 10.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
import math
from math import comb

import numpy as np

from ...errors import BadInput
from ...numbers import mpq
from ...results import Result
from ..nim.channel import check_heap, distance_matrix, distances_from

__all__ = [
    "received_at_one",
    "value_at_one",
    "in_w",
    "optimal_at_one",
    "power_move_rate",
    "near_zero_width",
    "half_slope",
    "EndSeries",
    "series_at_one",
    "series_at_half",
    "half_second_order_key",
    "MAX_SERIES_HEAP",
    "FirstOrder",
    "first_order_at_half",
    "MAX_HALF_HEAP",
]

#: the series solver is O(n^2 * order^2) exact rational work per heap: 256 takes about a minute
MAX_SERIES_HEAP = 512


def _digits(n: int) -> int:
    return max(1, int(n).bit_length())


def received_at_one(n: int, m: int) -> tuple[int, ...]:
    r"""Lemma 1: the words on which move ``m`` from heap ``n`` arrives at :math:`\varepsilon = 1`, ascending
    (each with chance 1/len).  ``noisy`` (5) at the end point, closed form (module docstring)."""
    if n < 1 or not 0 <= m < n:
        raise BadInput(f"move {m} is not legal from heap {n}")
    k = _digits(n)
    K = 1 << (k - 1)
    t = n - K
    if m >= K - t:
        return (2 * K - 1 - m,)
    c = K - 1 - m
    extra = [K + c - (1 << b) for b in range(k - 1) if (c >> b) & 1 and c - (1 << b) < t]
    return tuple(sorted([c] + extra))


def in_w(r: int) -> bool:
    r""":math:`r \in W = \{1, 2, 4\} \cup \bigcup_{i \ge 3} [2^i - 3, 2^i + 1]` (Theorem 2's sure wins)."""
    if r in (1, 2, 4):
        return True
    if r < 5:
        return False
    i = (r + 3).bit_length() - 1  # the power 2^i with 2^i <= r + 3 < 2^(i+1)
    return i >= 3 and (1 << i) - 3 <= r <= (1 << i) + 1


def value_at_one(r: int) -> mpq:
    r"""Theorem 2: :math:`p(r)(1)` (the continuous extension at :math:`\varepsilon = 1`): 0 on
    :math:`Z = \{0, 3\}`, 1 on :math:`W`, 1/2 elsewhere.  ``noisy`` (5), closed form."""
    if r < 0:
        raise BadInput(f"heap {r} is negative")
    if r in (0, 3):
        return mpq(0)
    return mpq(1) if in_w(r) else mpq(1, 2)


def optimal_at_one(n: int) -> tuple[int, ...]:
    r"""Corollary 3: the optimal moves from heap ``n`` at :math:`\varepsilon = 1`, from Lemma 1 and Theorem 2:
    the moves whose received words all lie in :math:`Z` when :math:`p(n)(1) = 1`, every move when
    :math:`p(n)(1) = 0` (n = 3), otherwise those whose received set meets :math:`Z` and :math:`W` equally often."""
    if n < 1:
        raise BadInput("a heap of 0 chips has no moves")
    v = value_at_one(n)
    if v == 0:  # n = 3: every move arrives in W surely, all moves lose alike
        return tuple(range(n))
    win = v == 1
    out = []
    for m in range(n):
        R = received_at_one(n, m)
        z = sum(1 for r in R if r in (0, 3))
        w = sum(1 for r in R if in_w(r))
        if (z == len(R)) if win else (z == w):
            out.append(m)
    return tuple(out)


def power_move_rate(j: int, move: str) -> mpq:
    r"""The loss rate at :math:`\varepsilon = 1` of move ``"n-1"`` (:math:`j`) or ``"n-4"``
    (:math:`(j + 7)/2`, :math:`j \ge 3`) from :math:`n = 2^j`: :math:`p(n, m) = 1 - \text{rate}\cdot\tau
    + O(\tau^2)`, :math:`\tau = 1 - \varepsilon` (module docstring; docs/noisy.md, Lemma 5)."""
    if move == "n-1":
        if j < 1:
            raise BadInput("n = 2^j needs j >= 1")
        return mpq(j)
    if move == "n-4":
        if j < 3:
            raise BadInput("the closed form (j + 7)/2 of move n - 4 needs j >= 3")
        return mpq(j + 7, 2)
    raise BadInput(f"move must be 'n-1' or 'n-4', got {move!r}")


def near_zero_width(n: int) -> mpq:
    r"""Theorem 7: for :math:`0 \le \varepsilon \le 1/(3k)`, :math:`k` the binary digits of ``n`` >= 2, move 0
    is the unique optimum and :math:`p(n) \ge (1-\varepsilon)^k > 2/3` (docs/noisy.md)."""
    if n < 2:
        raise BadInput("Conjecture 9 is about heaps n >= 2")
    return mpq(1, 3 * _digits(n))


def half_slope(n: int, side: str) -> mpq:
    r"""Theorem 6: the one-sided derivative of :math:`p(n)` at :math:`\varepsilon = 1/2`, :math:`\pm 2/(n(n-1))`
    for :math:`n \ge 2` (``+`` on the right), 0 for n = 0, 1."""
    if side not in ("left", "right"):
        raise BadInput("side must be 'left' or 'right'")
    if n < 2:
        return mpq(0)
    s = mpq(2, n * (n - 1))
    return s if side == "right" else -s


# ---------------------------------------------------------------------------
# exact Taylor series at eps = 1, from (5) alone
# ---------------------------------------------------------------------------

def _mul(a, b, N):
    out = [mpq(0)] * (N + 1)
    for i, x in enumerate(a):
        if x:
            for j in range(N + 1 - i):
                if b[j]:
                    out[i + j] += x * b[j]
    return out


def _div(a, b, N):
    """a / b truncated at order N (b[0] != 0)."""
    out = [mpq(0)] * (N + 1)
    for i in range(N + 1):
        s = a[i] - sum((out[j] * b[i - j] for j in range(i)), mpq(0))
        out[i] = s / b[0]
    return out


@dataclass(frozen=True)
class EndSeries(Result):
    r"""Exact Taylor coefficients of :math:`p(r)`, :math:`r \le n_{max}`, at an end of a germ: ``at`` is ``"1-"``
    (in :math:`\tau = 1 - \varepsilon`), ``"1/2-"`` (in :math:`s = 1 - 2\varepsilon`) or ``"1/2+"`` (in
    :math:`s = 2\varepsilon - 1`); ``p[r]`` a tuple of ``order + 1`` rationals, ``best[r]`` the moves whose series is
    lexicographically largest (the optimal moves on a one-sided neighbourhood, as far as the truncated series
    tell them apart)."""

    SOURCE = "noisy §3, (5) expanded at eps = 1 or on one side of 1/2"
    METHOD = "exact truncated power series of every move, lexicographic maximum"
    EVIDENCE = "exact"

    at: str
    n_max: int
    order: int
    p: tuple
    best: tuple

    def move(self, n: int, m: int) -> tuple:
        """The truncated series of p(n, m) (needs n <= n_max + 1)."""
        if not 1 <= n <= self.n_max + 1:
            raise BadInput(f"heap {n} is outside 1..{self.n_max + 1}")
        if not 0 <= m < n:
            raise BadInput(f"move {m} is not legal from heap {n}")
        d = distances_from(m, n)
        return _move_series(n, d, self.p, self.order, self.at)


@lru_cache(maxsize=4096)
def _weight(d: int, k: int, e: int, N: int, at: str) -> tuple:
    r"""The weight series of a word at distance d (k digits): at 1, :math:`(1-\tau)^d \tau^{e}` with
    :math:`e = d_{max} - d` (the common factor :math:`\tau^{k - d_{max}}` divided out); on a side
    :math:`\sigma` of 1/2, :math:`(1 - \sigma s)^d (1 + \sigma s)^{k-d}` (the factor :math:`2^{-k}` divided out)."""
    if at == "1-":
        w = [mpq(0)] * (N + 1)
        for i in range(N + 1 - e):
            w[e + i] = mpq((-1) ** i * comb(d, i))
        return tuple(w)
    sig = 1 if at == "1/2-" else -1
    a = [mpq(comb(d, i) * (-sig) ** i) for i in range(N + 1)]
    b = [mpq(comb(k - d, i) * sig ** i) for i in range(N + 1)]
    return tuple(_mul(a, b, N))


def _move_series(n: int, d_row, p, N: int, at: str):
    r"""Series of :math:`p(n, m) = \sum_r w_r (1 - p(r)) / \sum_r w_r` (``noisy`` (5)) from the distances
    ``d_row`` of the move to every legal word, grouped by distance (grade sums)."""
    d_row = d_row[:n]
    dmax = int(d_row.max())
    words = np.flatnonzero(d_row >= dmax - N) if at == "1-" else np.arange(n)
    by_grade = d_row[words]
    grades = []
    for d in np.unique(by_grade).tolist():
        rows = [p[r] for r in words[by_grade == d].tolist()]
        # the grade sum of 1 - p(r), coefficient by coefficient
        ysum = tuple(len(rows) - sum(col, mpq(0)) if i == 0 else -sum(col, mpq(0)) for i, col in enumerate(zip(*rows)))
        grades.append((d, len(rows), ysum))
    return _combine(_digits(n), dmax, tuple(grades), N, at)


def _combine(k: int, dmax: int, grades: tuple, N: int, at: str) -> tuple:
    """The series num/den of (5) from the grades (d, number of words at distance d, their sum of 1 - p(r)):
    num = sum_d w_d ysum_d, den = sum_d count_d w_d (many moves share their grades: cached)."""
    num = [mpq(0)] * (N + 1)
    den = [mpq(0)] * (N + 1)
    for d, count, ysum in grades:
        w = _weight(d, k, dmax - d, N, at)
        num = [x + y for x, y in zip(num, _mul(w, ysum, N))]
        den = [x + count * y for x, y in zip(den, w)]
    return tuple(_div(num, den, N))


@lru_cache(maxsize=1 << 16)
def _combine_scaled(k: int, dmax: int, grades: tuple, L: tuple, N: int, at: str) -> tuple:
    """:func:`_combine` of grades whose sums are integers over the common denominators ``L`` (one per order)."""
    return _combine(k, dmax, tuple((d, count, tuple(mpq(x, li) for x, li in zip(ys, L))) for d, count, ys in grades),
                    N, at)


#: the grade sums of :func:`_series` are formed in int64 while they stay below this (else Python integers)
_INT64_ROOM = 1 << 62


def _series(n_max: int, order: int, at: str) -> EndSeries:
    """Every heap's series at once per heap: the grade sums of all moves m < n by one masked sum over the words, in
    integers (column i of 1 - p(r) scaled by the common denominator L_i of its coefficients), then
    :func:`_combine` per move, exactly as :func:`_move_series` does one move."""
    if not 0 <= n_max <= MAX_SERIES_HEAP:
        raise BadInput(f"n_max must be in 0..{MAX_SERIES_HEAP} for the series, got {n_max}")
    if not 0 <= order <= 4:
        raise BadInput(f"order must be in 0..4, got {order}")
    N = order
    p = [tuple(mpq(0) for _ in range(N + 1))]  # p(0) = 0
    best = [()]
    D = distance_matrix(max(n_max, 1))
    L = [1] * (N + 1)  # Y[r, i] / L[i] = coefficient i of 1 - p(r)
    Y = np.zeros((n_max + 1, N + 1), dtype=np.int64)
    Y[0, 0] = 1
    for n in range(1, n_max + 1):
        k = _digits(n)
        d = D[:n, :n]
        dmax = d.max(axis=1)
        if at == "1-":  # the words within N of the largest distance (the others enter at higher order)
            targets = [dmax - j for j in range(N + 1)]
        else:
            targets = [np.full(n, g) for g in range(k + 1)]
        sums = []
        for t in targets:
            mask = d == t[:, None]
            sums.append((t, mask.sum(axis=1), np.where(mask[:, :, None], Y[None, :n, :], 0).sum(axis=1)))
        Lt = tuple(L)
        grade_rows = [list(zip(t.tolist(), c.tolist(), G.tolist())) for t, c, G in sums]
        rows = [_combine_scaled(k, int(dm), tuple(sorted((g[m][0], g[m][1], tuple(g[m][2])) for g in grade_rows
                                                         if g[m][1])), Lt, N, at)
                for m, dm in enumerate(dmax.tolist())]
        top = max(rows)
        p.append(top)
        best.append(tuple(m for m, s in enumerate(rows) if s == top))
        y = [1 - top[0]] + [-x for x in top[1:]]
        for i, yi in enumerate(y):
            den = int(yi.denominator)
            f = den // math.gcd(L[i], den)  # L[i] grows by f to hold the new coefficient
            new = int(yi.numerator) * (L[i] * f // den)
            if Y.dtype != object and (n_max + 1) * max(int(np.abs(Y[:n, i]).max()) * f, abs(new)) >= _INT64_ROOM:
                Y = Y.astype(object)  # Python integers from here on: every grade sum stays exact
            if f != 1:
                Y[:n, i] *= f
                L[i] *= f
            Y[n, i] = new
    return EndSeries(at, n_max, N, tuple(p), tuple(best))


def series_at_one(n_max: int, order: int = 1) -> EndSeries:
    r"""Exact Taylor coefficients at :math:`\varepsilon = 1` of every :math:`p(r)`, :math:`r \le n_{max}`, up to
    :math:`\tau^{order}` (``noisy`` (5); each :math:`p(r)` is one rational function analytic at 1 on a left
    neighbourhood of 1, the lexicographically largest of its moves'; see :class:`EndSeries`)."""
    return _series(n_max, order, "1-")


def series_at_half(n_max: int, side: str, order: int = 2) -> EndSeries:
    r"""Exact Taylor coefficients on one side of :math:`\varepsilon = 1/2` (``side`` ``"left"``: in
    :math:`s = 1 - 2\varepsilon`; ``"right"``: in :math:`s = 2\varepsilon - 1`) of every :math:`p(r)`,
    :math:`r \le n_{max}`, from (5) alone (:class:`EndSeries`)."""
    if side not in ("left", "right"):
        raise BadInput("side must be 'left' or 'right'")
    return _series(n_max, order, "1/2-" if side == "left" else "1/2+")


def half_second_order_key(n: int, m: int) -> mpq:
    r"""Theorem 8: :math:`H_n(m) = \sum_{r=2}^{n-1} |m \wedge r|/(r(r-1)) + A_n(m)/(n-1)`,
    :math:`A_n(m) = \frac1n \sum_{r<n} |m \wedge r|` (:math:`|\cdot|` the number of 1 bits).  Among moves of
    one parity the second-order coefficient of :math:`p(n, m)` at :math:`\varepsilon = 1/2` is a common part
    :math:`\mp \frac4n H_n(m)` (minus below 1/2, plus above): below 1/2 move 0 (:math:`H = 0`) wins, above it
    the odd move with the largest :math:`H`, which from :math:`n = 2^j` is :math:`n - 1`."""
    if n < 2 or not 0 <= m < n:
        raise BadInput(f"move {m} is not legal from heap {n} >= 2")
    s = sum((mpq((m & r).bit_count(), r * (r - 1)) for r in range(2, n)), mpq(0))
    a = mpq(sum((m & r).bit_count() for r in range(n)), n)
    return s + a / (n - 1)


# ---------------------------------------------------------------------------
# the first order at eps = 1/2 by the general sum
# ---------------------------------------------------------------------------

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
    r"""The one-sided first-order germ at eps = 1/2 for heaps 0..n_max, exact (``noisy`` (5) differentiated at 1/2).

    At 1/2 every move of heap n >= 2 has the value 1/2 (p(0) = 0, p(1) = 1), and
    :math:`p'(n, m) = \frac4n \sum_{r<n} (d(m, r) - \bar d(m))(1 - p(r)) - \frac1n \sum_{r<n} p'(r)`,
    computed here by that general sum (not by the closed form :func:`half_slope`, which it checks)."""
    n_max = check_heap(n_max, MAX_HALF_HEAP)
    if side not in ("left", "right"):
        raise ValueError("side must be 'left' or 'right'")
    D = distance_matrix(max(n_max, 2))
    # values at 1/2, doubled to stay integral: 2(1 - p(r)) = 2, 0, 1, 1, ...
    y2 = np.ones(max(n_max, 2), dtype=np.int64)
    y2[0], y2[1] = 2, 0
    slopes: list = [mpq(0), mpq(0)]  # p(0) = 0 and p(1) = 1 for every eps
    move_slopes: list = [(), (mpq(0),)]
    best: list = [(), (0,)]
    total = mpq(0)  # sum of p'(r), r < n
    for n in range(2, n_max + 1):
        d = D[:n, :n]  # d[m, r]
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
