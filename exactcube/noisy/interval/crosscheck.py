r"""The first generation of whole-interval statements, kept as the independent cross-check: arb balls and exact germs.

Mathematics (``noisy`` (5), reconstruction in docs/noisy.md).  For :math:`\varepsilon` in a closed
interval :math:`J = [a, b]` we enclose every :math:`p(r)` and :math:`p(n, m)` in an
arb ball: :math:`\varepsilon` becomes the ball :math:`J`, the channel weights of
the :math:`2^k` words are applied as the Kronecker power of
:math:`\begin{pmatrix}1-\varepsilon & \varepsilon\\ \varepsilon & 1-\varepsilon\end{pmatrix}`
(each factor written :math:`x_0 + \varepsilon (x_1 - x_0)` to limit the
dependency effect), :math:`p(n, m)` is a quotient of two such transforms and
:math:`p(n)` the ball maximum of the candidates — a rigorous enclosure whatever
move is optimal, even where a smaller heap changes its optimal move inside
:math:`J`.  A statement about heap :math:`n` ("move :math:`t` is the unique
optimum and :math:`p(n) > c`") is *proved on J* when the balls separate:
:math:`\underline{p(n,t)} > \overline{p(n,m)}` for every :math:`m \ne t`; it is
*refuted on J* when some :math:`\underline{p(n,m)} > \overline{p(n,t)}`.
Otherwise :math:`J` is bisected (adaptive bisection).

Balls cannot separate the candidates where they tie: at :math:`\varepsilon = 1/2`
every move has the same value, and at :math:`\varepsilon = 1` several moves can
have the same limit.  There the exact germ of :mod:`exactcube.noisy.eps.phases` is
used: the largest interval reaching the end point on which every heap keeps one
set of optimal moves, with :math:`p(r)` an exact rational function on it; the
statement is then an exact polynomial sign condition, proved by Descartes' rule
of signs (no root in the open interval) and one exact evaluation.

Why this module stays beside :mod:`exactcube.noisy.interval.firstorder` and
:mod:`exactcube.noisy.interval.taylor` (whose shared certified arithmetic is
:mod:`exactcube.noisy.interval.arith`): it is the oldest method and the slowest (heaps up to
:data:`MAX_RIGOROUS_HEAP`), but it is an independent one: arb's own outward rounding at any
precision instead of binary64 stepped outwards, and the exact germs at the end points
(:func:`check_germ`, :func:`positive_on`: Descartes' rule on integer polynomials) instead of
Taylor models.  The claims ``noisy.conjecture9`` (exact germs) and
``noisy.conjecture10.interval`` rest on it, and the newer methods are checked against the same
statements.

References: ``noisy`` §3, Conjectures 9 and 10.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from flint import arb, ctx, fmpq, fmpz_poly

from ...algebraic import to_ball
from ...errors import BadInput, TooLarge
from ...numbers import mpq, to_mpq
from ...results import IntervalProof, Result
from ..eps import phases as ph
from ..nim.channel import kron_apply_seq

__all__ = [
    "enclose",
    "Enclosure",
    "check_move_on_interval",
    "check_germ",
    "germ_proof",
    "positive_on",
    "MAX_RIGOROUS_HEAP",
]

MAX_RIGOROUS_HEAP = 1024


def _ball(a: mpq, b: mpq) -> arb:
    """The arb ball containing the closed interval [a, b] (rational end points)."""
    A, B = to_ball(a), to_ball(b)
    return A.union(B)


class _Slope:
    r"""First-order slope arithmetic: a function f on J = c + [-h, h] as the ball f(c) and a ball s with
    f(x) - f(c) in s (x - c) for every x in J (rigorous; the enclosure of f on J is f(c) + s H, with ``H`` the
    ball [-h, h] of the interval the model lives on, carried by every model)."""

    __slots__ = ("v", "s", "H")

    def __init__(self, v, s, H: arb):
        self.v = v
        self.s = s
        self.H = H

    def range(self) -> arb:
        return self.v + self.s * self.H

    def __add__(self, o):
        return _Slope(self.v + o.v, self.s + o.s, self.H)

    def __sub__(self, o):
        return _Slope(self.v - o.v, self.s - o.s, self.H)

    def __mul__(self, o):
        # uv(x) - uv(c) = u(x)(v(x) - v(c)) + v(c)(u(x) - u(c))
        return _Slope(self.v * o.v, self.range() * o.s + o.v * self.s, self.H)

    def __truediv__(self, o):
        # (u/v)(x) - (u/v)(c) = [(u(x)-u(c)) v(c) - u(c)(v(x)-v(c))] / (v(x) v(c))
        return _Slope(self.v / o.v, (self.s * o.v - self.v * o.s) / (o.range() * o.v), self.H)


def _max_slope(vals: list, h: arb) -> "_Slope":
    r"""A slope model of max_m f_m on J: value max_m f_m(c); slope in the hull of the slopes of the moves
    that can be maximal somewhere on J (max f(x) - max f(c) lies between min_m and max_m of f_m(x) - f_m(c))."""
    rng = [v.range() for v in vals]
    lower = rng[0]
    for r in rng[1:]:
        lower = lower.max(r)
    floor = arb(lower.lower())
    active = [v for v, r in zip(vals, rng) if not (r.upper() < floor)]
    val = vals[0].v
    for v in vals[1:]:
        val = val.max(v.v)
    s = active[0].s
    for v in active[1:]:
        s = s.union(v.s)
    return _Slope(val, s, vals[0].H)


@dataclass(frozen=True)
class Enclosure(Result):
    """Balls for eps in [lo, hi]: ``p[r]`` encloses p(r) for r <= n_max, ``moves[n][m]`` encloses p(n, m)
    for the heaps in ``heaps`` (rigorous: arb at ``prec`` bits, first-order slope arithmetic)."""

    SOURCE = 'noisy §3, (5): p(r) enclosed for every eps of an interval'
    EVIDENCE = 'rigorous'
    METHOD = 'arb balls with first-order slope arithmetic'

    lo: mpq
    hi: mpq
    p: tuple
    moves: dict
    prec: int


def enclose(n_max: int, lo, hi, heaps=(), prec: int = 64) -> Enclosure:
    r"""Rigorous enclosures of p(r) (r <= n_max) and of p(n, m) for n in ``heaps``, valid for every eps in
    [lo, hi] (``noisy`` (5)).  Mean-value (slope) form around the midpoint c: each quantity is f(c) plus a
    slope ball times [lo - c, hi - c], so the enclosure width shrinks like (hi - lo) times a slope bound."""
    lo, hi = to_mpq(lo), to_mpq(hi)
    if not 0 <= lo <= hi <= 1:
        raise BadInput(f"need 0 <= lo <= hi <= 1, got [{lo}, {hi}]")
    if n_max > MAX_RIGOROUS_HEAP:
        raise TooLarge(f"rigorous enclosures are limited to heaps n <= {MAX_RIGOROUS_HEAP}")
    heaps = set(heaps)
    with ctx.workprec(prec):
        c = (lo + hi) / 2
        H = _ball(-(hi - lo) / 2, (hi - lo) / 2)
        e = _Slope(to_ball(c), arb(1), H)
        f = _Slope(to_ball(1 - c), arb(-1), H)
        zero, one = _Slope(arb(0), arb(0), H), _Slope(arb(1), arb(0), H)
        unit = arb(fmpq(1, 2), fmpq(1, 2))  # [0, 1]
        p = [zero]
        mv = {}
        for n in range(1, n_max + 1):
            k = n.bit_length()
            size = 1 << k
            q = [one - p[r] if r < n else zero for r in range(size)]
            ind = [one if r < n else zero for r in range(size)]
            num = kron_apply_seq(q, k, f, e)
            den = kron_apply_seq(ind, k, f, e)
            vals = [num[m] / den[m] for m in range(n)]
            best = _max_slope(vals, H)
            p.append(best)
            if n in heaps:
                # p(n, m) is an average of values in [0, 1]
                mv[n] = tuple(v.range().intersection(unit) for v in vals)
        out_p = tuple(x.range().intersection(unit) for x in p)
        return Enclosure(lo, hi, out_p, mv, prec)


def _lower(b: arb) -> mpq:
    """An exact rational lower bound of the ball (-1 for a ball that is not finite: p is in [0, 1])."""
    try:
        return ph.arb_exact(arb(b.lower()).mid())
    except ValueError:
        return mpq(-1)


def _upper(b: arb) -> mpq:
    """An exact rational upper bound of the ball (2 for a ball that is not finite)."""
    try:
        return ph.arb_exact(arb(b.upper()).mid())
    except ValueError:
        return mpq(2)


#: what the bisection and the germs implement (the ``source`` of their :class:`IntervalProof`)
SOURCE = "noisy (5) on an interval of eps"
GERM_SOURCE = "noisy (5) near an end of an interval"
#: the method of :func:`check_move_on_interval`
BISECTION = "arb balls with first-order slope arithmetic, adaptive bisection"
#: the method of :func:`check_germ`
GERM = "exact germ at an end point: optimal moves fixed, p(n) - bound signed by Descartes' rule"


def check_move_on_interval(n: int, target: int, lo, hi, above=None, min_width="1/1000000", prec: int = 64,
                           max_boxes: int = 100000) -> IntervalProof:
    """Prove or refute, with arb balls and adaptive bisection, that ``target`` is heap n's unique optimal move
    (and p(n) > ``above``) for every eps in [lo, hi] (``noisy`` (5)): an :class:`IntervalProof` of kind
    ``bisection``."""
    t0 = time.time()
    lo, hi, mw = to_mpq(lo), to_mpq(hi), to_mpq(min_width)
    if not 0 <= target < n:
        raise BadInput(f"move {target} is not legal from heap {n}")
    above = None if above is None else to_mpq(above)
    pieces = 16
    stack = [(lo + (hi - lo) * i / pieces, lo + (hi - lo) * (i + 1) / pieces) for i in reversed(range(pieces))]
    proved, refuted, undecided = [], [], []
    boxes = 0
    while stack:
        a, b = stack.pop()
        boxes += 1
        if boxes > max_boxes:
            undecided.append((a, b))
            continue
        enc = enclose(n, a, b, heaps=(n,), prec=prec)
        vals = enc.moves[n]
        t_lo = _lower(vals[target])
        others_hi = max((_upper(v) for m, v in enumerate(vals) if m != target), default=mpq(-1))
        beat = [m for m, v in enumerate(vals) if m != target and _lower(v) > _upper(vals[target])]
        ok_above = above is None or t_lo > above
        if t_lo > others_hi and ok_above:
            proved.append((a, b))
        elif beat:
            refuted.append((a, b, beat[0]))
        elif above is not None and _upper(vals[target]) < above and t_lo > others_hi:
            refuted.append((a, b, None))
        elif b - a < mw:
            undecided.append((a, b))
        else:
            c = (a + b) / 2
            stack.append((c, b))
            stack.append((a, c))
    refuted, undecided = _merge3(refuted), _merge(undecided)
    gaps = [(a, b, f"move {m} is better" if m is not None else f"p({n}) <= {above}") for a, b, m in refuted]
    gaps += [(a, b, "undecided") for a, b in undecided]
    stmt = f"at heap {n} move {target} is the unique optimal move" + (f" and p({n}) > {above}" if above is not None
                                                                       else "") + f" for every eps in [{lo}, {hi}]"
    return IntervalProof(statement=stmt, heaps=(n,), eps_lo=lo, eps_hi=hi, pieces=_merge(proved),
                         gaps=tuple(sorted(gaps, key=lambda g: g[0])), seconds=time.time() - t0, method=BISECTION,
                         source=SOURCE, kind="bisection", target=target, refuted=refuted, boxes=boxes,
                         evidence=Enclosure.EVIDENCE)  # every box decided on arb enclosures


def _merge(iv):
    out = []
    for a, b in sorted(iv):
        if out and out[-1][1] == a:
            out[-1] = (out[-1][0], b)
        else:
            out.append((a, b))
    return tuple(out)


def _merge3(iv):
    out = []
    for a, b, m in sorted(iv, key=lambda t: t[0]):
        if out and out[-1][1] == a and out[-1][2] == m:
            out[-1] = (out[-1][0], b, m)
        else:
            out.append((a, b, m))
    return tuple(out)


# ---------------------------------------------------------------------------
# exact germs at the end points where balls cannot separate
# ---------------------------------------------------------------------------


def positive_on(P: fmpz_poly, lo: ph.AlgebraicNumber, hi: ph.AlgebraicNumber) -> bool:
    """Exact: P > 0 on the open interval (lo, hi) (no root inside, positive at an interior rational)."""
    x = ph.rational_between(lo, hi)
    if ph.sign_at(P, x) <= 0:
        return False
    return not ph.real_roots_in(P, lo, hi)


def check_germ(n_max: int, at, side: str, bound="1/2", heaps=None) -> IntervalProof:
    """The exact germ at ``at`` ('left' or 'right' side), and for each heap in ``heaps`` whether
    p(n) > ``bound`` on the whole germ interval (exact polynomial sign argument): an :class:`IntervalProof` of
    kind ``germ``."""
    t0 = time.time()
    g = ph.germ(n_max, at, side)
    bound = to_mpq(bound)
    heaps = range(2, n_max + 1) if heaps is None else heaps
    ok = {}
    for n in heaps:
        f = g.p[n]
        # p(n) - bound = (den_b * num - num_b * den) / (den_b * den), den > 0 on (0, 1)
        P = int(bound.denominator) * f.num - int(bound.numerator) * f.den
        if f.den(fmpq(1, 2)) < 0:
            P = -P
        ok[n] = positive_on(P, g.lo, g.hi) if not P.is_zero() else False
    return germ_proof(g, at, side, n_max, ok, bound, t0)


def germ_proof(g: ph.Germ, at, side: str, n_max: int, above_ok: dict, bound, t0: float) -> IntervalProof:
    """The :class:`IntervalProof` (kind ``germ``) of the exact germ ``g`` at ``at`` ('left' or 'right' side) for heaps
    2..n_max: on the open germ interval every heap keeps its optimal moves, and ``above_ok[n]`` says whether
    p(n) > ``bound`` there (each False one a gap); ``t0`` the wall clock at the start."""
    gaps = tuple((g.lo, g.hi, f"p({n}) > {bound} not proved") for n, ok in above_ok.items() if not ok)
    stmt = (f"for every heap 2..{n_max}: one set of optimal moves, and p(n) > {bound} for the heaps checked, on the "
            f"open germ interval at {at} ({side} side)")
    return IntervalProof(statement=stmt, heaps=tuple(range(2, n_max + 1)), eps_lo=g.lo, eps_hi=g.hi, open_lo=True,
                         open_hi=True, pieces=((g.lo, g.hi),), gaps=gaps, seconds=time.time() - t0, method=GERM,
                         source=GERM_SOURCE, evidence=g.provenance.evidence.value, kind="germ", at=to_mpq(at), side=side, moves=g.moves,
                         above_ok=above_ok, germ=g)
