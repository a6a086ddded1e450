r"""Three players on a triangular grid: the triangle game of ju24 §4.1, exactly.

**The game** (ju24 §4.1, Figure 5).  Fix the side :math:`n \ge 1`.  A position is a
triple of integers :math:`(a, b, c)` with :math:`a, b, c \ge 0` and :math:`a+b+c = n`;
its barycentric coordinates are :math:`(x, y, z) = (a, b, c)/n`.  The walk moves

* from an *interior* point (:math:`a, b, c \ge 1`) to one of its six neighbours
  :math:`(a\pm1, b\mp1, c)`, :math:`(a\pm1, b, c\mp1)`, :math:`(a, b\pm1, c\mp1)`,
  each with probability :math:`1/6`;
* from an *edge* point (exactly one coordinate 0: that player has been ejected) to
  one of its two neighbours along the edge, each with probability :math:`1/2`;
* and stops at a *vertex* (:math:`n` in one coordinate): that player wins.

The evaluation :math:`(P_A, P_B, P_C)` of a position is the vector of the three
players' chances to win.  It is the unique solution of the discrete Dirichlet
problem

.. math::

    P(v) = \frac{1}{|N(v)|}\sum_{w \in N(v)} P(w) \quad (v \text{ not a vertex}),
    \qquad P(A) = (1,0,0),\; P(B) = (0,1,0),\; P(C) = (0,0,1),

(unique because every non-vertex reaches a vertex with positive probability, so
the sub-stochastic matrix of the non-vertex part has spectral radius < 1).

**Lemma 4.2** (ju24): for the simple symmetric walk on :math:`\{0, \dots, n\}` the
chance to reach :math:`n` before :math:`0` from :math:`k` is :math:`k/n`
(the :math:`p_k` form an arithmetic sequence, (4.1)).

**Theorem 4.1** (ju24): :math:`(P_A, P_B, P_C) = (x, y, z) = (a, b, c)/n`.  A linear
function is its own six-neighbour average (the six steps cancel in pairs) and
its own two-neighbour average along an edge; it has the right vertex values; by
uniqueness it is the evaluation.

This module solves the system *exactly* (python-flint ``fmpz_mat.solve``, a
p-adic/multimodular exact solver, on the integer system :math:`6P(v) - \sum P(w)
= \dots`), so Theorem 4.1 can be checked against an independent computation, and
gives the closed forms.  Edge values are first obtained from Lemma 4.2 (their own
exact tridiagonal solve) and enter the interior system as boundary data.

References: ju24 §4.1 (Theorem 4.1, Lemma 4.2, Figure 5), Appendix B.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..display import ExactDisplay
from ..errors import BadInput, TooLarge
from ..numbers import mpq
from ..results import Result

__all__ = [
    "MAX_SIDE",
    "PLAYERS",
    "STEPS",
    "Position",
    "position",
    "parse_position",
    "positions",
    "interior_positions",
    "neighbours",
    "barycentric",
    "Evaluation",
    "evaluation",
    "edge_walk_probabilities",
    "solve",
    "GridSolution",
    "harmonic_defect",
]

#: Largest side accepted by the exact solver (side 120 has 7021 interior unknowns).
MAX_SIDE = 120

#: Player names in coordinate order (a, b, c) <-> (A, B, C).
PLAYERS = ("A", "B", "C")

#: The six unit steps of the triangular lattice in barycentric integer coordinates (ju24 Figure 5).
STEPS = ((1, -1, 0), (-1, 1, 0), (1, 0, -1), (-1, 0, 1), (0, 1, -1), (0, -1, 1))


@dataclass(frozen=True, order=True)
class Position(ExactDisplay):
    """A vertex :math:`(a, b, c)` of the side-``n`` tiling, :math:`a+b+c = n` (ju24 §4.1)."""

    a: int
    b: int
    c: int

    @property
    def n(self) -> int:
        return self.a + self.b + self.c

    @property
    def coords(self) -> tuple[int, int, int]:
        return (self.a, self.b, self.c)

    @property
    def kind(self) -> str:
        """``"vertex"``, ``"edge"`` or ``"interior"``."""
        zeros = sum(1 for t in self.coords if t == 0)
        return {0: "interior", 1: "edge", 2: "vertex"}[zeros]

    @property
    def alive(self) -> tuple[int, ...]:
        """Indices of the players still in the game (non-zero coordinate; ju24 §4.1 ejection)."""
        return tuple(i for i, t in enumerate(self.coords) if t > 0)

    def __str__(self) -> str:
        return f"({self.a},{self.b},{self.c})"


def position(a, b, c, n: int | None = None) -> Position:
    """Validated :class:`Position`; ``n``, when given, must equal :math:`a+b+c`."""
    for name, t in zip("abc", (a, b, c), strict=True):
        if isinstance(t, bool) or not isinstance(t, int):
            raise BadInput(f"coordinate {name} must be a whole number, got {t!r}")
        if t < 0:
            raise BadInput(f"coordinate {name} must be >= 0, got {t}")
    if a + b + c == 0:
        raise BadInput("a position needs a + b + c = n >= 1, got (0,0,0)")
    if n is not None and a + b + c != n:
        raise BadInput(f"position ({a},{b},{c}) has a + b + c = {a + b + c}, but the side is n = {n}")
    return Position(a, b, c)


def parse_position(text: str, n: int | None = None) -> Position:
    """Read ``"10,10,10"`` as a position (whole numbers only; ``n`` checks the sum)."""
    from ..numbers import parse_int

    parts = [p for p in str(text).replace(" ", "").split(",")]
    if len(parts) != 3 or any(p == "" for p in parts):
        raise BadInput(f"position {text!r}: give three whole numbers a,b,c with a + b + c = n, e.g. 10,10,10")
    a, b, c = (parse_int(p, f"coordinate {nm}") for p, nm in zip(parts, "abc", strict=True))
    return position(a, b, c, n)


def _check_side(n, limit: int = MAX_SIDE) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise BadInput(f"side n must be a whole number, got {n!r}")
    if n < 1:
        raise BadInput(f"side n must be at least 1, got {n}")
    if n > limit:
        raise TooLarge(f"side n = {n} is too large for the exact solver (at most {limit})")
    return n


def positions(n: int) -> list[Position]:
    """All :math:`(n+1)(n+2)/2` positions of the side-``n`` grid, in lexicographic order."""
    _check_side(n, 10**4)
    return [Position(a, b, n - a - b) for a in range(n + 1) for b in range(n + 1 - a)]


def interior_positions(n: int) -> list[Position]:
    """The :math:`(n-1)(n-2)/2` interior positions (all coordinates >= 1)."""
    _check_side(n, 10**4)
    return [Position(a, b, n - a - b) for a in range(1, n) for b in range(1, n - a)]


def neighbours(p: Position) -> tuple[tuple[Position, mpq], ...]:
    """Transitions of ju24 §4.1: six neighbours w.p. 1/6 inside, two w.p. 1/2 on an edge, none at a vertex."""
    kind = p.kind
    if kind == "vertex":
        return ()
    out = []
    for d in STEPS:
        q = (p.a + d[0], p.b + d[1], p.c + d[2])
        if min(q) < 0:
            continue
        if kind == "edge":
            # stay on the edge: the zero coordinate must stay zero
            if any(t == 0 and d[i] != 0 for i, t in enumerate(p.coords)):
                continue
        out.append(Position(*q))
    w = mpq(1, len(out))
    return tuple((q, w) for q in out)


def barycentric(p: Position) -> tuple[mpq, mpq, mpq]:
    """:math:`(x, y, z) = (a, b, c)/n`, the barycentric coordinates (ju24 §4.1, Figure 5)."""
    n = p.n
    return (mpq(p.a, n), mpq(p.b, n), mpq(p.c, n))


@dataclass(frozen=True)
class Evaluation(Result):
    """The evaluation :math:`(P_A, P_B, P_C)` of one position and how it was obtained."""

    SOURCE = 'ju24 Theorem 4.1'
    VALUES = ("probabilities",)

    position: Position
    probabilities: tuple[mpq, mpq, mpq]
    method: str


def evaluation(p: Position, method: str = "theorem 4.1") -> Evaluation:
    """:math:`(P_A, P_B, P_C)` at ``p``: by ju24 Theorem 4.1 (barycentric coordinates), or by ``"solve"``.

    ``"solve"`` runs the exact linear solve of the whole side-``n`` grid
    (:func:`solve`), an independent computation that does not use Theorem 4.1.
    """
    if not isinstance(p, Position):
        raise BadInput(f"expected a Position, got {p!r}")
    if method == "theorem 4.1":
        return Evaluation(p, barycentric(p), "ju24 Theorem 4.1: barycentric coordinates")
    if method == "solve":
        sol = solve(p.n)
        return Evaluation(p, sol.values[p], sol.method)
    raise BadInput(f"method {method!r}: use 'theorem 4.1' or 'solve'")


def edge_walk_probabilities(n: int) -> tuple[mpq, ...]:
    """ju24 Lemma 4.2: :math:`p_k` = P(reach n before 0 from k), k = 0..n, by an exact tridiagonal solve.

    The system :math:`2p_k - p_{k-1} - p_{k+1} = 0`, :math:`p_0 = 0`, :math:`p_n = 1` is
    solved by exact elimination (Thomas algorithm in ``mpq``), not by the closed form.
    """
    _check_side(n, 10**5)
    m = n - 1  # unknowns p_1..p_{n-1}
    if m <= 0:
        return tuple(mpq(k, 1) for k in range(n + 1))  # n = 1: p_0 = 0, p_1 = 1
    # rows: -p_{k-1} + 2 p_k - p_{k+1} = 0, with p_0 = 0 and p_n = 1 moved to the right
    diag = [mpq(2)] * m
    rhs = [mpq(0)] * m
    rhs[-1] = mpq(1)
    cprime = [mpq(0)] * m
    dprime = [mpq(0)] * m
    cprime[0] = mpq(-1) / diag[0]
    dprime[0] = rhs[0] / diag[0]
    for i in range(1, m):
        den = diag[i] - (-1) * cprime[i - 1]
        cprime[i] = mpq(-1) / den
        dprime[i] = (rhs[i] - (-1) * dprime[i - 1]) / den
    x = [mpq(0)] * m
    x[-1] = dprime[-1]
    for i in range(m - 2, -1, -1):
        x[i] = dprime[i] - cprime[i] * x[i + 1]
    return (mpq(0), *x, mpq(1))


@dataclass(frozen=True)
class GridSolution(Result):
    """Exact evaluations of every position of the side-``n`` grid and how they were obtained."""

    SOURCE = 'ju24 §4.1 on a grid'
    VALUES = ("values",)

    n: int
    values: dict  # Position -> (P_A, P_B, P_C)
    method: str

    def __getitem__(self, p: Position):
        return self.values[p]


def solve(n: int) -> GridSolution:
    r"""Exact :math:`(P_A, P_B, P_C)` at every position of the side-``n`` grid (ju24 §4.1), without Theorem 4.1.

    Vertices are fixed; edges by Lemma 4.2 (:func:`edge_walk_probabilities`, an exact
    1-D solve); the interior by one exact solve of the integer system
    :math:`6P(v) - \sum_{w \sim v,\, w \text{ interior}} P(w) = \sum_{w \sim v,\, w \text{ on the boundary}} P(w)`
    with python-flint (``fmpz_mat.solve``, exact).  Three right-hand sides, one per player.
    """
    import flint

    _check_side(n)
    values: dict = {}
    for i in range(3):
        v = [0, 0, 0]
        v[i] = n
        values[Position(*v)] = tuple(mpq(int(j == i)) for j in range(3))
    edge = edge_walk_probabilities(n)
    for k in range(1, n):
        # edge AB (c = 0): A's chance k/n by Lemma 4.2 with k = a; similarly for the other edges
        values[Position(k, n - k, 0)] = (edge[k], edge[n - k], mpq(0))
        values[Position(0, k, n - k)] = (mpq(0), edge[k], edge[n - k])
        values[Position(n - k, 0, k)] = (edge[n - k], mpq(0), edge[k])
    inner = interior_positions(n)
    if inner:
        idx = {p: i for i, p in enumerate(inner)}
        N = len(inner)
        # scale the boundary data by the common denominator n of Lemma 4.2's values
        den = n
        A = flint.fmpz_mat(N, N)
        B = flint.fmpz_mat(N, 3)
        for i, p in enumerate(inner):
            A[i, i] = 6
            for d in STEPS:
                q = Position(p.a + d[0], p.b + d[1], p.c + d[2])
                j = idx.get(q)
                if j is not None:
                    A[i, j] = -1
                else:
                    bv = values[q]
                    for col in range(3):
                        t = bv[col] * den
                        if t.denominator != 1:  # pragma: no cover - Lemma 4.2 values have denominator n
                            raise ArithmeticError("boundary value not a multiple of 1/n")
                        B[i, col] += int(t)
        X = A.solve(B)
        for i, p in enumerate(inner):
            values[p] = tuple(
                mpq(int(X[i, col].p), int(X[i, col].q)) / den for col in range(3)
            )
    return GridSolution(n, values, "exact linear solve (python-flint fmpz_mat.solve); edges by Lemma 4.2")


def harmonic_defect(n: int, f) -> list[tuple[Position, tuple]]:
    r"""Positions where ``f`` (Position -> 3 exact values) fails the walk's mean-value property.

    Returns the list of :math:`(v, f(v) - \text{mean}_{w \sim v} f(w))` that are not zero, plus
    vertices where ``f`` is not the winner's unit vector.  Empty means ``f`` solves the
    Dirichlet problem of ju24 §4.1, so ``f`` is the evaluation (uniqueness).
    """
    bad = []
    for p in positions(n):
        fv = tuple(f(p))
        nb = neighbours(p)
        if not nb:
            want = tuple(mpq(int(t == n)) for t in p.coords)
            if fv != want:
                bad.append((p, tuple(x - y for x, y in zip(fv, want, strict=True))))
            continue
        mean = [mpq(0)] * 3
        for q, w in nb:
            fq = f(q)
            for i in range(3):
                mean[i] += w * fq[i]
        d = tuple(fv[i] - mean[i] for i in range(3))
        if any(d):
            bad.append((p, d))
    return bad

