r"""The cubeless race: turn-count distributions and exact winning chances (zk77 §4, floyd).

Race model (zk77): A, on roll, has count :math:`x_A`, B has :math:`x_B`; each turn reduces
the roller's count by the turn's total :math:`y` with probability :math:`f(y)` (a
:class:`~exactcube.race.dice.Dice`); A wins iff his count reaches :math:`\le 0` first.

**Turn counts.**  :math:`P(x, n)` = probability that a count :math:`x` gets off in exactly
:math:`n` turns (zk77):

.. math::

    P(x, 1) = \sum_{y \ge x} f(y), \qquad P(x, k+1) = \sum_{y} f(y)\, P(x - y, k)
    \quad (P(z, k) = 0 \text{ for } z \le 0).

**Winning chance** of the player on roll (zk77, "the probability that A wins is simply"):

.. math::

    W(x_A, x_B) = \sum_{j \ge 1} P(x_A, j) \sum_{k \ge j} P(x_B, k).

**Integer form.**  With :math:`f(y) = w_y / D` let :math:`S(x, n) = D^n\,\Pr[T_x > n]` (the
weighted number of :math:`n`-turn sequences after which :math:`x` is still positive); then
:math:`S(x,0)=1`, :math:`S(x,n) = \sum_y w_y S(x-y, n-1)` (zero for :math:`x - y \le 0`) and

.. math::

    W(x_A, x_B) = \frac{1}{D^{2M-1}} \sum_{n=1}^{M}
        \bigl(D\,S(x_A, n-1) - S(x_A, n)\bigr) D^{M-n} \cdot S(x_B, n-1)\, D^{M-n},

with :math:`M` the largest number of turns any count in the table can need.  For all pairs
up to :math:`N` this is one integer matrix product :math:`U V^{\mathsf T}` (python-flint
``fmpz_mat``), then one division per cell.

**Second method** (floyd's recurrence, for cross-checks):
:math:`f(a, b) = \sum_y f(y)\,[a \le y] + \sum_{y < a} f(y)\,(1 - f(b, a - y))`.

References: zk77 = Zadeh & Kobliska (1977), §"Optimal doubling and redoubling strategy for
running games", Table 1; floyd = R. W. Floyd, "More dynamic programming" (1983).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import BadInput, TooLarge
from ..numbers import check_whole, mpq
from ..results import Result
from .dice import BACKGAMMON, Dice
from .dice import parse as parse_dice

__all__ = [
    "check_count",
    "TurnDistribution",
    "turn_distribution",
    "survival_counts",
    "RaceChance",
    "win_probability",
    "win_probability_dp",
    "WinTable",
    "win_table",
    "win_table_dp",
    "MAX_TABLE",
]

#: Largest all-pairs table offered (400 x 400 takes about a second, 600 x 600 a few).
MAX_TABLE = 600
#: Largest single count accepted (a 1000-pip pair takes under a second).
MAX_COUNT = 1000


def check_count(x, name: str = "count") -> int:
    """A race count must be a whole number >= 1 (zk77: a count <= 0 means the player is off)."""
    return check_whole(x, name, 1, MAX_COUNT)


def _dice(dice) -> Dice:
    return dice if isinstance(dice, Dice) else parse_dice(dice)


def _max_turns(x: int, dice: Dice) -> int:
    """Most turns a count x can need: ceil(x / smallest total)."""
    m = dice.min_total
    return -(-x // m)


def survival_counts(n_max_count: int, dice: Dice = BACKGAMMON, turns: int | None = None) -> list[list[int]]:
    r"""``S[x][n]`` = :math:`D^n \Pr[T_x > n]` for ``x = 0..n_max_count`` and ``n = 0..turns`` (integers).

    Row 0 is all zeros (a count of 0 is off).  This is zk77's :math:`P(x, n)` recursion on
    survival counts: :math:`P(x, n) = (D\,S(x, n-1) - S(x, n)) / D^n`.
    """
    dice = _dice(dice)
    M = _max_turns(max(n_max_count, 1), dice) if turns is None else turns
    items = dice.items()
    S = [[0] * (M + 1) for _ in range(n_max_count + 1)]
    for x in range(1, n_max_count + 1):
        row = S[x]
        row[0] = 1
        for n in range(1, M + 1):
            s = 0
            for y, w in items:
                z = x - y
                if z <= 0:
                    break
                s += w * S[z][n - 1]
            row[n] = s
    return S


def _check_sorted(dice: Dice):
    # survival_counts breaks out of the loop at the first total >= x: totals must be increasing
    assert list(dice.totals) == sorted(dice.totals)


@dataclass(frozen=True)
class TurnDistribution(Result):
    r"""The exact law of the number of turns count ``x`` needs to get off (zk77 :math:`P(x, n)`).

    Indexed by turns: ``d[n]`` is :math:`P(x, n)`, the chance of getting off in exactly ``n`` turns
    (``n >= 1``), and :attr:`by_turns` is ``{n: P(x, n)}``.  The field ``probabilities`` is the tuple
    :math:`(P(x, 1), P(x, 2), \ldots)`: its index 0 is *one* turn (``probabilities[n - 1] == d[n]``).
    """

    SOURCE = 'zk77 P(x, n)'
    VALUES = ("probabilities",)

    count: int
    dice: str
    probabilities: tuple  # P(x, 1), P(x, 2), ...: index 0 is one turn
    method: str

    def __getitem__(self, n: int) -> mpq:
        """:math:`P(x, n)`, the chance of getting off in exactly ``n`` turns (0 outside the support)."""
        return self.probabilities[n - 1] if 1 <= n <= len(self.probabilities) else mpq(0)

    @property
    def by_turns(self) -> dict[int, mpq]:
        """``{n: P(x, n)}`` over the support: the number of turns maps to its chance."""
        return {n: p for n, p in enumerate(self.probabilities, 1) if p}

    def mean(self) -> mpq:
        """Expected number of turns."""
        return sum((n * p for n, p in enumerate(self.probabilities, 1)), mpq(0))

    def tail(self, n: int) -> mpq:
        """:math:`\\Pr[T \\ge n] = \\sum_{k \\ge n} P(x, k)`."""
        return sum(self.probabilities[max(n, 1) - 1:], mpq(0))


def turn_distribution(x: int, dice=BACKGAMMON) -> TurnDistribution:
    """:math:`P(x, n)`, n = 1, 2, ..., by zk77's recursion :math:`P(x,k+1) = \\sum_y f(y) P(x-y, k)` (exact)."""
    x = check_count(x)
    dice = _dice(dice)
    D = dice.denominator
    # zk77's recursion on the integers C(z, n) = D^n P(z, n)
    M = _max_turns(x, dice)
    items = dice.items()
    C = [[0] * (M + 1) for _ in range(x + 1)]
    for z in range(1, x + 1):
        C[z][1] = sum(w for y, w in items if y >= z)
        for k in range(1, M):
            C[z][k + 1] = sum(w * C[z - y][k] for y, w in items if z - y >= 1)
    probs = tuple(mpq(C[x][n], D**n) for n in range(1, M + 1))
    while probs and probs[-1] == 0:
        probs = probs[:-1]
    return TurnDistribution(x, dice.name, probs, "zk77 P(x, n) recursion on integer counts over D^n")


@dataclass(frozen=True)
class RaceChance(Result):
    """The chance that the player on roll wins the race (zk77 Table 1 entries, floyd f(A, B))."""

    SOURCE = 'zk77 (1)'
    VALUES = ("value",)

    mine: int
    theirs: int
    dice: str
    value: mpq
    method: str


def win_probability(x: int, y: int, dice=BACKGAMMON) -> RaceChance:
    """:math:`W(x, y)` for the player on roll with count ``x`` against ``y`` (zk77 §4 turn-count sum)."""
    x, y = check_count(x, "your count"), check_count(y, "opponent's count")
    dice = _dice(dice)
    _check_sorted(dice)
    D = dice.denominator
    M = max(_max_turns(x, dice), _max_turns(y, dice))
    S = survival_counts(max(x, y), dice, M)
    Sa, Sb = S[x], S[y]
    num = 0
    for n in range(1, M + 1):
        num += (D * Sa[n - 1] - Sa[n]) * D ** (2 * (M - n)) * Sb[n - 1]
    return RaceChance(x, y, dice.name, mpq(num, D ** (2 * M - 1)),
                      "zk77 turn-count convolution sum_j P(x,j) sum_{k>=j} P(y,k), integers over D^(2M-1)")


def win_probability_dp(x: int, y: int, dice=BACKGAMMON) -> RaceChance:
    """:math:`W(x, y)` by the position recursion (floyd's f(A, B); an independent second method)."""
    x, y = check_count(x, "your count"), check_count(y, "opponent's count")
    n = max(x, y)
    if n > 400:
        raise TooLarge(f"the position recursion is offered up to 400 pips (got {n}); use win_probability")
    t = win_table_dp(n, dice)
    return RaceChance(x, y, _dice(dice).name, t[x][y], "position recursion f(a,b) = sum_y f(y)(1 - f(b, a-y))")


@dataclass(frozen=True)
class WinTable(Result):
    """All :math:`W(x, y)`, :math:`1 \\le x, y \\le N`, as integer numerators over :math:`D^{2M-1}`."""

    SOURCE = 'zk77 Table 1'
    VALUES = ("numerators", "denominator")

    size: int
    dice: str
    numerators: object = field(repr=False)  # flint.fmpz_mat or list of lists of int (N x N, 0-based)
    denominator: int = field(repr=False)
    method: str = ""

    def numerator(self, x: int, y: int) -> int:
        if not (1 <= x <= self.size and 1 <= y <= self.size):
            raise BadInput(f"({x}, {y}) is outside this table (counts 1..{self.size})")
        v = self.numerators[x - 1, y - 1] if hasattr(self.numerators, "nrows") else self.numerators[x - 1][y - 1]
        return int(v)

    def __call__(self, x: int, y: int) -> mpq:
        """:math:`W(x, y)` exactly."""
        return mpq(self.numerator(x, y), self.denominator)

    def rows(self) -> list[list[mpq]]:
        """The table as reduced mpq, ``rows()[x-1][y-1] = W(x, y)``."""
        from gmpy2 import mpz

        d = mpz(self.denominator)
        n = self.size
        if hasattr(self.numerators, "entries"):
            flat = [mpq(mpz(int(v)), d) for v in self.numerators.entries()]
        else:
            flat = [mpq(v, d) for row in self.numerators for v in row]
        return [flat[i * n:(i + 1) * n] for i in range(n)]


def win_table(size: int, dice=BACKGAMMON) -> WinTable:
    """:math:`W(x, y)` for all :math:`1 \\le x, y \\le N` (zk77 Table 1 and beyond), exactly.

    Turn-count method as one integer matrix product (see the module docstring).
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise BadInput(f"table size must be a whole number >= 1, got {size!r}")
    if size > MAX_TABLE:
        raise TooLarge(f"table size {size} is too large (at most {MAX_TABLE})")
    dice = _dice(dice)
    _check_sorted(dice)
    D = dice.denominator
    M = _max_turns(size, dice)
    S = survival_counts(size, dice, M)
    U = []
    V = []
    # the scale D^(2(M-n)) is split evenly between the two factors (balanced operand sizes)
    pw = [D ** (M - n) for n in range(M + 1)]
    for x in range(1, size + 1):
        s = S[x]
        U.append([(D * s[n - 1] - s[n]) * pw[n] for n in range(1, M + 1)])
        V.append([s[n - 1] * pw[n] for n in range(1, M + 1)])
    try:
        import flint

        Um = flint.fmpz_mat(U)
        Vt = flint.fmpz_mat([[V[b][k] for b in range(size)] for k in range(M)])
        W = Um * Vt
        method = "zk77 turn counts; all pairs as one integer matrix product (flint fmpz_mat)"
    except ImportError:  # pragma: no cover - python-flint is a runtime dependency
        W = [[sum(u * v for u, v in zip(Ua, Vb, strict=True)) for Vb in V] for Ua in U]
        method = "zk77 turn counts; all pairs as integer dot products"
    return WinTable(size, dice.name, W, D ** (2 * M - 1), method)


def win_table_dp(size: int, dice=BACKGAMMON) -> list[list[mpq]]:
    """``t[a][b]`` = :math:`W(a, b)` for ``1 <= a, b <= size`` by the position recursion (mpq).

    :math:`f(a,b) = \\sum_y f(y)\\,[a \\le y] + \\sum_{y<a} f(y)(1 - f(b, a-y))`, in order of
    increasing :math:`a + b` (floyd's "increasing sums of A and B").  Index 0 is unused.
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise BadInput(f"table size must be a whole number >= 1, got {size!r}")
    if size > MAX_TABLE:
        raise TooLarge(f"table size {size} is too large (at most {MAX_TABLE})")
    dice = _dice(dice)
    items = [(y, mpq(w, dice.denominator)) for y, w in dice.items()]
    t = [[None] * (size + 1) for _ in range(size + 1)]
    for s in range(2, 2 * size + 1):
        for a in range(max(1, s - size), min(size, s - 1) + 1):
            b = s - a
            v = mpq(0)
            for y, p in items:
                if a <= y:
                    v += p
                else:
                    v += p * (1 - t[b][a - y])
            t[a][b] = v
    return t
