r"""The continuous game at a match score: the cube, its take and doubling points, and the MET.

The model (Keeler and Spencer's continuous game, ks69, played for match points): A's
chance :math:`p` of winning the game moves continuously, as a martingale, from
:math:`p = 1/2` at the start of a game; no gammons; a player doubles the moment the
opponent is indifferent between taking and passing (a *perfectly efficient* cube: no
market is lost, since :math:`p` never jumps).  A game at a-away/b-away with the cube at
:math:`c` and owner *A*, *B* or centred ends in

.. math::

    W = M(a - c, b) \quad (p = 1 \text{ or B passes}), \qquad
    L = M(a, b - c) \quad (p = 0 \text{ or A passes}),

with :math:`M` read at the start of the next game (Crawford rule: after the game in which
a player first reaches 1-away comes the Crawford game, without doubling; then
post-Crawford games).  Between cube turns A's equity is linear in :math:`p` (a bounded
martingale stopped at the ends), so each cube state is a segment
:math:`[\ell, r]` with :math:`f(\ell) = L`, :math:`f(r) = W`:

* **A's cash point** :math:`r`: if A may double (A owns or the cube is centred, the game is
  not the Crawford game, and :math:`a > c`: a player who needs no more than *c* never gains
  by doubling), :math:`r` is B's take point, the root of :math:`H_B(r) = W` where
  :math:`H_B` is A's equity after B takes (state :math:`2c`, owner B); else :math:`r = 1`;
* **B's cash point** :math:`\ell`: likewise from :math:`H_A(\ell) = L` (state :math:`2c`,
  owner A), else :math:`\ell = 0`;

and the MET is :math:`M(a, b) = f(1/2)` for the centred cube at 1.  All operations are
rational, so every point and equity is an exact rational.  Since the continuation value
must not fall below what doubling earlier gives, :meth:`ContinuousMatch.early_doubles`
lists every state where doubling before the opponent's take point would gain (the model
then understates the doubler); an empty list is the check that the take-point rule is
optimal in every state used.

The **doubling window** of A at a state is :math:`[d, r]`: :math:`d` the least
:math:`p` from which doubling (B taking) gives A no less than waiting, :math:`r` the cash
point.  As the match grows long at an even score the take point tends to the money
game's 1/5 (ks69: double and cash at 4/5); tests/match/test_met.py checks it at 25-away.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..errors import BadInput
from ..numbers import is_ball, mpq, sign
from ..owner import Owner
from ..results import Result
from .arith import BallArithmetic, ExactArithmetic, bounds, solve_table
from .met import MAX_LENGTH, MatchEquityTable

__all__ = ["Segment", "ContinuousMatch", "CubePoints", "continuous_met", "cube_points", "NORMAL", "CRAWFORD",
           "POST_CRAWFORD", "EXACT_LENGTH"]

NORMAL, CRAWFORD, POST_CRAWFORD = "normal", "crawford", "post-crawford"
OWNERS = ("centred", "A", "B")
#: the cube's place (:class:`exactcube.owner.Owner`) as this module's players name it
_SIDE = {Owner.CENTRED: "centred", Owner.MINE: "A", Owner.THEIRS: "B"}

#: the longest continuous-model table computed in exact rationals by default
EXACT_LENGTH = 9


@dataclass(frozen=True)
class Segment:
    """A's equity on a cube state: linear from (l, fl) to (r, fr), constant outside."""

    l: object
    r: object
    fl: object
    fr: object

    def at(self, p):
        if p is self.l or _le(p, self.l) or not _pos(self.r - self.l):
            return self.fl if not _lt(self.l, p) else self.fr
        if p is self.r or _le(self.r, p):
            return self.fr
        # undecided near an end: the formula is continuous there, so its ball holds the truth
        return self.fl + (p - self.l) * (self.fr - self.fl) / (self.r - self.l)


def _le(x, y) -> bool:
    """x <= y, decided (False when a ball cannot tell)."""
    s = sign(x - y)
    return s is not None and s <= 0


def _lt(x, y) -> bool:
    s = sign(x - y)
    return s is not None and s < 0


def _pos(x) -> bool:
    s = sign(x)
    return s is not None and s > 0


def _root(seg: Segment, target):
    """The p in [seg.l, seg.r] where seg's linear part equals target (clamped to the segment; the
    clamp is continuous, so where a ball cannot decide the formula's ball holds the truth)."""
    if _le(target, seg.fl) or not _pos(seg.fr - seg.fl):
        return seg.l if _le(target, seg.fl) else seg.r
    if _le(seg.fr, target):
        return seg.r
    return seg.l + (target - seg.fl) * (seg.r - seg.l) / (seg.fr - seg.fl)


class ContinuousMatch:
    """The continuous game at match scores (module docstring).  ``payoff`` is a table for the
    scores after the game (None: the model's own equities, recursively)."""

    def __init__(self, ar=None, payoff: MatchEquityTable | None = None):
        if ar is None:
            ar = BallArithmetic() if payoff is not None and any(is_ball(v) for r in payoff.pre for v in r) else ExactArithmetic()
        self.ar = ar
        self.payoff = payoff
        self.half = self.ar.q(mpq(1, 2))
        self.early: list[tuple] = []
        self._start = lru_cache(maxsize=None)(self._start_uncached)
        self.segment = lru_cache(maxsize=None)(self._segment)

    # -- equities between games ---------------------------------------------
    def next_kind(self, a: int, b: int, kind: str) -> str:
        if kind in (CRAWFORD, POST_CRAWFORD):
            return POST_CRAWFORD
        return CRAWFORD if (a == 1) != (b == 1) else NORMAL

    def after(self, a: int, b: int, kind: str):
        """M(a, b) at the start of the game after one of kind ``kind`` (1 if a <= 0, 0 if b <= 0)."""
        if a <= 0:
            return self.ar.q(1)
        if b <= 0:
            return self.ar.q(0)
        return self.start(a, b, self.next_kind(a, b, kind))

    def start(self, a: int, b: int, kind: str):
        """A's equity at the start of a game of kind ``kind`` at a-away/b-away."""
        if self.payoff is not None:
            v = self.payoff.equity(a, b, post_crawford=kind == POST_CRAWFORD)
            return v if is_ball(v) else self.ar.q(v)
        return self._start(a, b, kind)

    def _start_uncached(self, a, b, kind):
        if a == 1 and b == 1:
            return self.half
        return self.segment(a, b, 1, "centred", kind).at(self.half)

    # -- a cube state ----------------------------------------------------------
    def can_double(self, away: int, c: int, owner: str, who: str, kind: str) -> bool:
        return kind != CRAWFORD and owner in ("centred", who) and away > c

    def _segment(self, a: int, b: int, c: int, owner: str, kind: str) -> Segment:
        q = self.ar.q
        W, L = self.after(a - c, b, kind), self.after(a, b - c, kind)
        l, fl, r, fr = q(0), L, q(1), W
        if self.can_double(a, c, owner, "A", kind):
            r = _root(self.segment(a, b, 2 * c, "B", kind), W)
        if self.can_double(b, c, owner, "B", kind):
            l = _root(self.segment(a, b, 2 * c, "A", kind), L)
        if _lt(r, l):
            raise ArithmeticError(f"cash points cross at {a}-away/{b}-away, cube {c} ({owner})")
        seg = Segment(l, r, fl, fr)
        self._check_early(a, b, c, owner, kind, seg)
        return seg

    def _check_early(self, a, b, c, owner, kind, seg: Segment) -> None:
        """Record a state where doubling before the take point gains (checked at the breakpoints)."""
        if self.can_double(a, c, owner, "A", kind) and _pos(seg.r - seg.l):
            h = self.segment(a, b, 2 * c, "B", kind)
            for p in (seg.l, h.l, seg.r):
                if not _lt(p, seg.l) and not _lt(seg.r, p) and sign(h.at(p) - seg.at(p)) == 1:
                    self.early.append((a, b, c, owner, kind, "A", p))
        if self.can_double(b, c, owner, "B", kind) and _pos(seg.r - seg.l):
            h = self.segment(a, b, 2 * c, "A", kind)
            for p in (seg.l, h.r, seg.r):
                if not _lt(p, seg.l) and not _lt(seg.r, p) and sign(seg.at(p) - h.at(p)) == 1:
                    self.early.append((a, b, c, owner, kind, "B", p))

    def early_doubles(self) -> list[tuple]:
        """Every state met so far where doubling before the opponent's take point would gain."""
        return list(self.early)


@dataclass(frozen=True)
class CubePoints(Result):
    """A's cube at a score in the continuous game: A's take point (B's cash point) and cash point,
    A's doubling window [double_from, cash], and the equities at the ends: exact rationals, or arb balls
    containing them (``evidence`` says which arithmetic ran: :func:`cube_points`)."""

    a: int
    b: int
    cube: int
    owner: str
    kind: str
    take: object  # A's take point if B doubles (0 when B cannot double)
    cash: object  # A's cash point = B's take point (1 when A cannot double)
    double_from: object | None  # least p from which A's double (B taking) loses nothing; None if A cannot double
    pass_equity: object  # A's match equity when A passes B's double
    cash_equity: object  # A's match equity when B passes A's double
    equity_at_half: object
    evidence: str = "exact"
    SOURCE = "the continuous game (ks69) at a match score, perfectly efficient cube (exactcube.match.continuous)"


def _window_start(seg: Segment, h: Segment):
    """Least p in [seg.l, seg.r] with h(p) >= seg(p) (both piecewise linear; breakpoints checked, the
    crossing solved on the linear piece)."""
    pts = sorted([seg.l, h.l, h.r, seg.r], key=lambda x: bounds(x)[0])
    pts = [p for p in pts if not _lt(p, seg.l) and not _lt(seg.r, p)]
    prev = None
    for p in pts:
        g = h.at(p) - seg.at(p)
        if not _lt(g, 0):
            if prev is None:
                return p
            p0, g0 = prev
            return p0 + (0 - g0) * (p - p0) / (g - g0)
        prev = (p, g)
    return seg.r


def cube_points(a: int, b: int, cube: int = 1, owner: str = "centred", kind: str | None = None,
                payoff: MatchEquityTable | None = None, exact: bool | None = None, digits: int = 30) -> CubePoints:
    """The take and cash points and doubling window of A at a-away/b-away with the cube at
    ``cube`` owned by ``owner`` (any spelling of :class:`exactcube.owner.Owner`: centred, mine or A,
    theirs or B), in the continuous game of the module
    docstring; the later scores' equities from ``payoff`` (None: the continuous model's own).

    Without ``payoff`` the model's own recursion runs in exact rationals when ``exact`` (the default up to
    :data:`EXACT_LENGTH`-away: the rationals' digits grow several-fold with each away, so 3-away/64-away took
    13 s and 25-away/25-away over 110 s of CPU), else in arb balls whose radii are all below ``10**-digits``
    (the precision doubled from 256 bits until they are; evidence rigorous, well under a second at 64-away).
    With a ``payoff`` table its own arithmetic is used."""
    for v, name in ((a, "a"), (b, "b")):
        if not 1 <= v <= MAX_LENGTH:
            raise BadInput(f"{name}-away must be 1..{MAX_LENGTH}, got {v}")
    if cube < 1 or cube & (cube - 1):
        raise BadInput(f"the cube must be a power of 2, got {cube}")
    owner = _SIDE[Owner.parse(owner)]
    kind = kind or (CRAWFORD if (a == 1) != (b == 1) else NORMAL)
    if payoff is not None or (exact if exact is not None else max(a, b) <= EXACT_LENGTH):
        return _points(ContinuousMatch(payoff=payoff), a, b, cube, owner, kind)
    from .arith import radius_ok, ball_precision

    bits, eps = max(256, int(digits * 3.33) + 64), mpq(1, 10 ** digits)
    while True:
        with ball_precision(bits):
            pts = _points(ContinuousMatch(BallArithmetic()), a, b, cube, owner, kind)
            values = [v for v in (pts.take, pts.cash, pts.double_from, pts.pass_equity, pts.cash_equity,
                                  pts.equity_at_half) if is_ball(v)]
            if radius_ok(values, eps) or bits >= 1 << 16:  # a wider ball still holds the exact value
                return pts
        bits *= 2


def _points(m: ContinuousMatch, a, b, cube, owner, kind) -> CubePoints:
    seg = m.segment(a, b, cube, owner, kind)
    d = None
    if m.can_double(a, cube, owner, "A", kind):
        d = _window_start(seg, m.segment(a, b, 2 * cube, "B", kind))
    values = (seg.l, seg.r, d, seg.fl, seg.fr, seg.at(m.half))
    return CubePoints(a, b, cube, owner, kind, *values,
                      evidence="rigorous" if any(is_ball(v) for v in values) else "exact")


def continuous_met(length: int = 25, exact: bool = False, digits: int = 30) -> MatchEquityTable:
    """The continuous model's table to ``length``-away (module docstring), exact rationals (or balls)."""
    if not 1 <= length <= MAX_LENGTH:
        raise BadInput(f"length must be 1..{MAX_LENGTH}, got {length}")
    early: list = []

    def run(ar):
        m = ContinuousMatch(ar)
        pre = tuple(tuple(m.start(i, j, NORMAL if i > 1 and j > 1 else CRAWFORD) if (i, j) != (1, 1) else m.half
                          for j in range(1, length + 1)) for i in range(1, length + 1))
        post = tuple(m.start(i, 1, POST_CRAWFORD) if i > 1 else m.half for i in range(1, length + 1))
        early[:] = m.early_doubles()
        return pre, post

    pre, post, how = solve_table(run, exact, digits)
    note = ("doubling at the opponent's take point is optimal in every cube state used" if not early else
            f"in {len(early)} cube states doubling before the take point would gain: the table understates "
            "those doublers")
    return MatchEquityTable(
        name="continuous game, no gammons, perfectly efficient cube", length=length, pre=pre, post=post,
        model="continuous", parameters=(), method=how,
        notes=(note,),
        source="Keeler and Spencer's continuous game (ks69) at match scores; Crawford rule; exactcube.match.continuous")
