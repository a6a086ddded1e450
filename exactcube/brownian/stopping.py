r"""An independent exact solver of the cube game as an optimal-stopping game.

No indifference principle, recurrence or closed form is used here: the game is
solved by backward induction over the number :math:`j` of proposals left, each
level being a zero-sum *stopping game* for the state :math:`p` (a Brownian motion
absorbed at 0 and 1).  It serves to check ju24 Theorems 1.1-1.5 and 3.1, and
(with :math:`(x,y) = (1,2)`) :mod:`exactcube.brownian.alternating`.

**Rules** (ju24 §1.2.1, §1.3).  Stake 1; a proposal by A at state :math:`p` with
:math:`j` proposals left: B folds (A receives :math:`x`) or accepts (stake
:math:`\times y`, B holds the right to propose, :math:`j-1` left).  Values are A's
expected payoff per unit of the current stake; ``A``/``B``/``centre`` says who may
propose next.  With :math:`j = 0`: :math:`V(p) = 2p - 1`.  For :math:`j \ge 1`
the stopping payoffs are

.. math::

    L_j(p) = \min\bigl(x,\ y\,V^B_{j-1}(p)\bigr) \ (\text{A proposes}),\qquad
    U_j(p) = \max\bigl(-x,\ y\,V^A_{j-1}(p)\bigr) \ (\text{B proposes}),

and the terminal payoff is :math:`-1` at 0 and :math:`+1` at 1; a proposal is also
allowed *at* 0 and 1 (ju24 §1.2.1), so :math:`V^A_j(0) = \max(L_j(0), -1)`, etc.

**Solution of one level.**  Observed at the times it hits the points of a grid
:math:`0 = t_0 < \dots < t_n = 1`, the Brownian state is a Markov chain that moves
from :math:`t_i` to a neighbour with the consistency-lemma probabilities, so a
value is *linear* between grid points where nobody stops.  The value :math:`W`
of the stopping game (A maximises and may stop where :math:`L` is defined, B
minimises and may stop where :math:`U` is) is the unique solution of

.. math::

    W_i = \operatorname{median}\bigl(L_i,\ U_i,\ \text{linear interpolation of } W_{i-1}, W_{i+1}\bigr)

(one-sided obstacles: the least concave majorant of :math:`L`, the greatest
convex minorant of :math:`U`): the *taut string* between the obstacles.  It is
computed exactly (``gmpy2.mpq``) by recursive chords: on a segment with fixed
ends, the point where the chord violates an obstacle most is a contact point
(there the string is locally convex on each side of a non-contact run, which
cannot exceed its ends), so it is fixed and both halves are solved.  Where
:math:`L > U` both players want to propose; ``priority`` says who moves first
(A: :math:`\max(L, \min(U, \cdot))`), and :func:`solve` reports both orders.

**Continuous game exactly.**  With ``refine=True`` (default) every breakpoint of
:math:`L_j, U_j` (the breakpoints of the previous level and the points where
:math:`yV = \pm x`) is added to the grid.  The taut string between
piecewise-linear obstacles bends only at obstacle breakpoints, so the continuous
value restricted to the grid satisfies the grid equations, whose solution is
unique: the computed piecewise-linear functions are the exact values of the
continuous game (every rule-allowed option, proposals at 0 and 1 included).  With
``refine=False`` the players may act only at grid points (an exact solution of
the grid-restricted game, which converges to the continuous one).

:func:`evaluate_policy` computes the value of *given* proposal regions (both
players forced to propose there, answers optimal), to compare a paper's policy
with the optimum.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from ..errors import BadInput, TooLarge
from ..numbers import format_exact, mpq, to_mpq
from ..results import Result

__all__ = [
    "PiecewiseLinear",
    "LevelSolution",
    "GameSolution",
    "taut_string",
    "solve",
    "evaluate_policy",
    "uniform_grid",
]

OWNERS = ("A", "B", "centre")
_MAX_GRID = 200_000
_MAX_K = 200


@dataclass(frozen=True)
class PiecewiseLinear:
    """A continuous piecewise-linear function on [0, 1], exact breakpoints ``xs`` and values ``ys``."""

    xs: tuple
    ys: tuple

    def __call__(self, p) -> mpq:
        p = to_mpq(p, "p")
        if not 0 <= p <= 1:
            raise BadInput(f"p must lie in [0, 1], got {format_exact(p)}")
        i = bisect.bisect_left(self.xs, p)
        if i < len(self.xs) and self.xs[i] == p:
            return self.ys[i]
        a, b = i - 1, i
        return self.ys[a] + (self.ys[b] - self.ys[a]) * (p - self.xs[a]) / (self.xs[b] - self.xs[a])

    def simplified(self) -> "PiecewiseLinear":
        """The same function with collinear interior points removed (its true breakpoints)."""
        xs, ys = [self.xs[0]], [self.ys[0]]
        for i in range(1, len(self.xs) - 1):
            x0, y0 = xs[-1], ys[-1]
            x1, y1 = self.xs[i], self.ys[i]
            x2, y2 = self.xs[i + 1], self.ys[i + 1]
            if (y1 - y0) * (x2 - x0) != (y2 - y0) * (x1 - x0):
                xs.append(x1)
                ys.append(y1)
        xs.append(self.xs[-1])
        ys.append(self.ys[-1])
        return PiecewiseLinear(tuple(xs), tuple(ys))

    def mirrored(self) -> "PiecewiseLinear":
        """:math:`p \\mapsto -f(1-p)` (the same position seen by the other player)."""
        return PiecewiseLinear(tuple(1 - t for t in reversed(self.xs)), tuple(-v for v in reversed(self.ys)))

    def crossings(self, level) -> list:
        """Points strictly inside a piece where the function equals ``level``."""
        out = []
        pieces = zip(self.xs, self.ys, strict=True)
        for (a, fa), (b, fb) in zip(pieces, zip(self.xs[1:], self.ys[1:], strict=True), strict=False):
            if (fa - level) * (fb - level) < 0:
                out.append(a + (level - fa) * (b - a) / (fb - fa))
        return out


def uniform_grid(n: int) -> tuple:
    """The rational grid :math:`\\{i/n\\}_{i=0..n}`."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise BadInput(f"grid size must be a whole number >= 1, got {n!r}")
    if n > _MAX_GRID:
        raise TooLarge(f"grid size {n} is too large (at most {_MAX_GRID})")
    return tuple(mpq(i, n) for i in range(n + 1))


def taut_string(ts: Sequence, lower: Sequence, upper: Sequence, left, right) -> list:
    """The solution :math:`W` of the two-obstacle problem on grid ``ts`` with fixed end values.

    ``lower[i]``/``upper[i]`` are mpq or None (no obstacle); on return
    ``lower[i] <= W[i] <= upper[i]`` where defined, and W is linear wherever it
    touches neither.  Interior points with ``lower > upper`` must be given as
    fixed by the caller (pass equal lower and upper there).
    """
    n = len(ts) - 1
    w = [None] * (n + 1)
    w[0], w[n] = left, right
    fixed = [0] + [i for i in range(1, n) if lower[i] is not None and upper[i] is not None
                   and lower[i] == upper[i]] + [n]
    for i in fixed[1:-1]:
        w[i] = lower[i]
    stack = list(zip(fixed, fixed[1:], strict=False))
    while stack:
        a, b = stack.pop()
        if b - a < 2:
            continue
        ta, tb, wa, wb = ts[a], ts[b], w[a], w[b]
        slope = (wb - wa) / (tb - ta)
        best, arg, val = 0, None, None
        for i in range(a + 1, b):
            c = wa + slope * (ts[i] - ta)
            lo, hi = lower[i], upper[i]
            if lo is not None and lo - c > best:
                best, arg, val = lo - c, i, lo
            if hi is not None and c - hi > best:
                best, arg, val = c - hi, i, hi
        if arg is None:
            for i in range(a + 1, b):
                w[i] = wa + slope * (ts[i] - ta)
            continue
        w[arg] = val
        stack.append((a, arg))
        stack.append((arg, b))
    return w


@dataclass(frozen=True)
class LevelSolution(Result):
    """One level (j proposals left, who may propose) of the solved game."""

    SOURCE = 'optimal stopping of the (x, y)-cube game (ju24 §3)'
    VALUES = ("value", "stop_A", "stop_B")

    j: int
    owner: str
    value: PiecewiseLinear
    stop_A: tuple  # closed intervals (a, b) of A's states where proposing attains the value
    stop_B: tuple  # the same for B, in A's state p
    priority_matters: bool  # both orders of simultaneous proposals give different values


@dataclass(frozen=True)
class GameSolution(Result):
    """The exact solution of the (x, y)-cube game with up to ``k`` proposals left."""

    SOURCE = 'optimal stopping of the (x, y)-cube game (ju24 §3)'
    VALUES = ("levels",)

    x: mpq
    y: mpq
    k: int
    levels: dict = field(repr=False)  # (j, owner) -> LevelSolution
    method: str
    continuous: bool
    grid_points: int

    def value(self, p, j: int | None = None, owner: str = "centre") -> mpq:
        """A's value per unit stake at state ``p`` with ``j`` proposals left (default ``k``)."""
        return self.level(j, owner).value(p)

    def level(self, j: int | None = None, owner: str = "centre") -> LevelSolution:
        j = self.k if j is None else j
        if owner not in OWNERS:
            raise BadInput(f"owner {owner!r}: use A, B or centre")
        if (j, owner) not in self.levels:
            raise BadInput(f"no level j = {j} (solved for 0..{self.k})")
        return self.levels[(j, owner)]

    def proposes_A(self, p, j: int | None = None, owner: str = "centre") -> bool:
        """Whether A proposing at ``p`` attains the value (an optimal action)."""
        p = to_mpq(p)
        return any(a <= p <= b for a, b in self.level(j, owner).stop_A)


def _intervals(ts, flags, continuous: bool) -> tuple:
    out = []
    for i, f in enumerate(flags):
        if not f:
            continue
        if out and continuous and flags[i - 1] and i > 0:
            out[-1] = (out[-1][0], ts[i])
        else:
            out.append((ts[i], ts[i]))
    return tuple(out)


def _pl(ts, ws) -> PiecewiseLinear:
    return PiecewiseLinear(tuple(ts), tuple(ws))


def _merge_grid(base: Iterable, extra: Iterable) -> list:
    return sorted(set(base) | {t for t in extra if 0 <= t <= 1})


Allow = Callable[[int, str, mpq], bool]


def _obstacles(x, y, j, VA_prev, VB_prev, ts, allow: Allow | None, endpoint_proposals: bool):
    n = len(ts) - 1
    L, U = [], []
    for i, t in enumerate(ts):
        at_end = i in (0, n)
        okA = (endpoint_proposals or not at_end) and (allow is None or allow(j, "A", t))
        okB = (endpoint_proposals or not at_end) and (allow is None or allow(j, "B", 1 - t))
        L.append(min(x, y * VB_prev(t)) if okA else None)
        U.append(max(-x, y * VA_prev(t)) if okB else None)
    return L, U


def _solve_level(ts, L, U, owner: str, priority: str):
    n = len(ts) - 1
    lower = list(L) if owner in ("A", "centre") else [None] * (n + 1)
    upper = list(U) if owner in ("B", "centre") else [None] * (n + 1)

    def decide(lo, hi, cont):
        if priority == "A":
            v = cont if hi is None else min(hi, cont)
            return v if lo is None else max(lo, v)
        v = cont if lo is None else max(lo, cont)
        return v if hi is None else min(hi, v)

    left = decide(lower[0], upper[0], mpq(-1))
    right = decide(lower[n], upper[n], mpq(1))
    for i in range(1, n):  # both want to propose: the one with priority does
        if lower[i] is not None and upper[i] is not None and lower[i] > upper[i]:
            v = lower[i] if priority == "A" else upper[i]
            lower[i] = upper[i] = v
    return taut_string(ts, lower, upper, left, right), lower, upper


def solve(x, y, k: int, grid: int | Sequence | None = None, refine: bool = True,
          allow: Allow | None = None, endpoint_proposals: bool = True) -> GameSolution:
    """Solve the (x, y)-cube game exactly for j = 0..k proposals left and every cube position.

    ``grid``: None (only the breakpoints: the continuous game), an int ``n`` (the
    grid i/n) or a sequence of rationals in [0, 1].  ``refine``: add the obstacles'
    breakpoints (the exact continuous game; see the module docstring); False: the
    game in which players may act only at grid points.  ``allow(j, player, s)``
    restricts where ``player`` ('A' or 'B') may propose with j left, ``s`` being his
    own (subjective) state.  ``endpoint_proposals=False`` forbids proposals at 0, 1.
    Both orders of simultaneous proposals are solved; where they differ
    ``priority_matters`` is set and A's priority is reported.
    """
    x, y = to_mpq(x, "x"), to_mpq(y, "y")
    if y <= 0:
        raise BadInput(f"y must be positive, got y = {format_exact(y)}")
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise BadInput(f"number of proposals must be a whole number >= 0, got {k!r}")
    if k > _MAX_K:
        raise TooLarge(f"k = {k} proposals is too many for the exact solver (at most {_MAX_K})")
    if grid is None:
        base = [mpq(0), mpq(1)]
        if not refine:
            raise BadInput("a grid-restricted game (refine=False) needs a grid")
    elif isinstance(grid, int) and not isinstance(grid, bool):
        base = list(uniform_grid(grid))
    else:
        base = sorted({to_mpq(t, "grid point") for t in grid} | {mpq(0), mpq(1)})
        if base[0] < 0 or base[-1] > 1:
            raise BadInput("grid points must lie in [0, 1]")
        if len(base) > _MAX_GRID:
            raise TooLarge(f"grid of {len(base)} points is too large (at most {_MAX_GRID})")
    dead = _pl((mpq(0), mpq(1)), (mpq(-1), mpq(1)))
    if not refine:
        dead = _pl(base, [2 * t - 1 for t in base])
    levels = {}
    for owner in OWNERS:
        levels[(0, owner)] = LevelSolution(0, owner, dead, (), (), False)
    for j in range(1, k + 1):
        VA, VB = levels[(j - 1, "A")].value, levels[(j - 1, "B")].value
        if refine:
            extra = list(VA.xs) + list(VB.xs) + VB.crossings(x / y) + VA.crossings(-x / y)
            ts = _merge_grid(base, extra)
        else:
            ts = base
        L, U = _obstacles(x, y, j, VA, VB, ts, allow, endpoint_proposals)
        for owner in OWNERS:
            wA, lo, hi = _solve_level(ts, L, U, owner, "A")
            if owner == "centre":
                wB, _, _ = _solve_level(ts, L, U, owner, "B")
                matters = wA != wB
            else:
                matters = False
            stopA = [lo[i] is not None and wA[i] == lo[i] for i in range(len(ts))]
            stopB = [hi[i] is not None and wA[i] == hi[i] for i in range(len(ts))]
            value = _pl(ts, wA)
            levels[(j, owner)] = LevelSolution(
                j, owner, value.simplified() if refine else value,
                _intervals(ts, stopA, refine), _intervals(ts, stopB, refine), matters)
    method = ("exact continuous game: taut string between piecewise-linear obstacles, grid refined at every "
              "obstacle breakpoint" if refine else f"exact grid-restricted game on {len(base)} points")
    return GameSolution(x, y, k, levels, method, refine, len(base))


def evaluate_policy(x, y, k: int, propose: Callable[[int, mpq], bool], points: Callable[[int], Iterable] = None,
                    grid: int | Sequence | None = None) -> GameSolution:
    """Values when both players propose exactly where ``propose(j, own_state)`` is true, answering optimally.

    The proposal regions must be unions of intervals whose ends are listed by
    ``points(j)`` (added to the grid); between the states where someone must
    propose the value is linear (consistency lemma).  A proposal at a state where
    both may propose is made by A.
    """
    x, y = to_mpq(x, "x"), to_mpq(y, "y")
    if y <= 0:
        raise BadInput(f"y must be positive, got y = {format_exact(y)}")
    base = [mpq(0), mpq(1)] if grid is None else (
        list(uniform_grid(grid)) if isinstance(grid, int) else sorted({to_mpq(t) for t in grid} | {mpq(0), mpq(1)}))
    dead = _pl((mpq(0), mpq(1)), (mpq(-1), mpq(1)))
    levels = {(0, o): LevelSolution(0, o, dead, (), (), False) for o in OWNERS}
    for j in range(1, k + 1):
        VA, VB = levels[(j - 1, "A")].value, levels[(j - 1, "B")].value
        pts = list(points(j)) if points else []
        extra = list(VA.xs) + list(VB.xs) + VB.crossings(x / y) + VA.crossings(-x / y) + pts + [1 - t for t in pts]
        ts = _merge_grid(base, extra)
        # midpoints make every interval of a proposal region visible on the grid
        ts = _merge_grid(ts, [(a + b) / 2 for a, b in zip(ts, ts[1:], strict=False)])
        n = len(ts) - 1
        L = [min(x, y * VB(t)) for t in ts]
        U = [max(-x, y * VA(t)) for t in ts]
        for owner in OWNERS:
            fixed = {}
            for i, t in enumerate(ts):
                if owner in ("A", "centre") and propose(j, t):
                    fixed[i] = L[i]
                elif owner in ("B", "centre") and propose(j, 1 - t):
                    fixed[i] = U[i]
            fixed.setdefault(0, mpq(-1))
            fixed.setdefault(n, mpq(1))
            keys = sorted(fixed)
            w = [None] * (n + 1)
            for a, b in zip(keys, keys[1:], strict=False):
                for i in range(a, b + 1):
                    w[i] = fixed[a] + (fixed[b] - fixed[a]) * (ts[i] - ts[a]) / (ts[b] - ts[a])
            stopA = [owner in ("A", "centre") and propose(j, t) for t in ts]
            stopB = [owner in ("B", "centre") and propose(j, 1 - t) and not stopA[i] for i, t in enumerate(ts)]
            levels[(j, owner)] = LevelSolution(j, owner, _pl(ts, w).simplified(), _intervals(ts, stopA, True),
                                               _intervals(ts, stopB, True), False)
    return GameSolution(x, y, k, levels, "value of a given proposal policy (forced proposals, optimal answers)",
                        True, len(base))
