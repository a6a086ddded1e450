r"""Certified arithmetic shared by the whole-interval proofs of 1-pile Nim (``noisy`` (5), Conjectures 9-10).

One home for what :mod:`exactcube.noisy.intervalproof` (first-order enclosures in u) and
:mod:`exactcube.noisy.taylorproof` (Taylor models in s = |1 - 2 eps|) both rest on:

* **Outward rounding.**  Every operation is one IEEE binary64 operation rounded to nearest,
  followed by a step outwards of at least one unit in the last place (:func:`dn`, :func:`up`):
  for a result :math:`x` rounded to nearest, :math:`x - (|x|\,2^{-52} + 2^{-1074})` is at or
  below the next float down (also for 0 and subnormals), so the exact result lies between
  :func:`dn` and :func:`up` of the rounded one.  Intervals are ``(lo, hi)`` pairs of floats
  or float arrays: :func:`add`, :func:`sub`, :func:`mul`, :func:`div_pos` (divisor > 0),
  :func:`sum0` (a sum over the first axis, with the float sum's error bound
  :math:`n u \sum |x|` taken twice), :func:`matmul` (a product of interval matrices by
  midpoint and radius, one BLAS product for the midpoints and one for the radii, with the
  dot product's error bound).  Exact rationals enter once, rounded outwards
  (:func:`float_down`, :func:`float_up`, :func:`q_interval`).
* **The piece and the cover.**  A statement is proved on a closed interval piece by piece
  (:class:`Piece`); :func:`cover` walks an interval from left to right, doubling the width
  after a proved piece and halving it after a failure (:class:`ProofFailure`), and records a
  gap where a piece below the minimal width still fails.  :class:`IntervalProof` is the
  result: the statement, the pieces that cover it, the gaps (none when proved).

Evidence ``rigorous``.  What stays elsewhere, and why: :mod:`exactcube.noisy.intervals`
encloses in arb balls (python-flint's own outward rounding, any precision) and decides near
the end points with exact germs; :mod:`exactcube.noisy._nimball` and
:mod:`exactcube.noisy.crossing` bound the error of a whole floating-point recursion a priori
(a radius, not interval arithmetic).

References: ``noisy`` §3, equation (5); IEEE 754 round to nearest (a correctly rounded result
is within half a unit in the last place).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import TooLarge
from ..numbers import mpq
from ..results import Result

__all__ = ["STEP", "TINY", "dn", "up", "add", "sub", "mul", "div_pos", "sum0", "matmul", "float_down", "float_up",
           "q_interval", "Piece", "IntervalProof", "ProofFailure", "cover"]

#: the relative step of :func:`dn` and :func:`up` (one unit in the last place of binary64 at most)
STEP = 2.0 ** -52
#: the smallest subnormal binary64
TINY = 5e-324


def dn(x):
    """A float below x by at least one unit in the last place (x - |x| 2^-52 is at or below the next float
    down, also for 0 and subnormals): applied to a result rounded to nearest it gives a lower bound."""
    return x - (np.abs(x) * STEP + TINY)


def up(x):
    """A float above x by at least one unit in the last place (see :func:`dn`)."""
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
    return (dn(np.sum(lo, axis=0) - np.sum(np.abs(lo), axis=0) * g),
            up(np.sum(hi, axis=0) + np.sum(np.abs(hi), axis=0) * g))


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


class ProofFailure(Exception):
    """A piece on which a statement could not be proved (the message says which test failed)."""


@dataclass(frozen=True)
class Piece:
    """One closed interval [ul, uh] of the proof's variable and the test that proved the statement on it:
    'centred', 'end' (a tie at an end point, excluded from the statement), 'crossing' (the unique crossing of two
    moves inside), 'taylor', 'end-one' (Taylor models; see :mod:`exactcube.noisy.taylorproof`)."""

    ul: float
    uh: float
    test: str


@dataclass(frozen=True)
class IntervalProof(Result):
    r"""A statement proved (or not) on a whole interval of eps piece by piece: ``pieces`` cover [eps_lo, eps_hi]
    (``open_lo``/``open_hi``: the end point itself is excluded, a tie or a crossing); ``gaps`` are intervals of the
    proof's variable where the tests failed down to the minimal width (empty when proved)."""

    SOURCE = "noisy §3, (5), Conjectures 9-10: whole intervals of eps"
    EVIDENCE = "rigorous"

    statement: str
    heaps: tuple
    eps_lo: mpq
    eps_hi: mpq
    open_lo: bool
    open_hi: bool
    pieces: tuple
    gaps: tuple
    seconds: float
    evidence: str = "rigorous"

    @property
    def proved(self) -> bool:
        return not self.gaps

    def scope(self) -> str:
        lo = f"{float(self.eps_lo):.6g}"
        hi = f"{float(self.eps_hi):.6g}"
        return (("(" if self.open_lo else "[") + lo + ", " + hi + (")" if self.open_hi else "]"))


def cover(lo, hi, width, prove, *, min_width, max_pieces: int, tries: int = 0, stop_at_gap: bool = False,
          on_piece=None):
    """Cover [lo, hi] from left to right: ``prove(a, b)`` returns the piece proved on [a, b] or raises
    :class:`ProofFailure` (or :class:`exactcube.errors.TooLarge`); the width starts at ``width``, doubles after a
    proved piece and halves after a failure.  A piece that fails below ``min_width``, or after ``max_pieces`` tries
    in all (``tries`` already made), is a gap (a, b, reason): the walk goes on past it, or stops there with
    ``stop_at_gap``.  ``on_piece(piece, count)`` sees each proved piece.  Returns (pieces, gaps, tries); works for
    float and rational end points alike."""
    pieces, gaps = [], []
    a, w = lo, width
    while a < hi:
        b = min(a + w, hi)
        tries += 1
        try:
            if tries > max_pieces:
                raise ProofFailure("too many pieces")
            piece = prove(a, b)
        except (ProofFailure, TooLarge) as exc:
            if b - a < min_width or tries > max_pieces:
                gaps.append((a, b, str(exc)))
                if stop_at_gap:
                    break
                a = b
                continue
            w = (b - a) / 2
            continue
        pieces.append(piece)
        if on_piece is not None:
            on_piece(piece, len(pieces))
        a = b
        w = 2 * w
    return pieces, gaps, tries
