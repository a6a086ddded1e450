r"""Zadeh's 1977 match equity model, exactly, as GNU Backgammon states it.

N. Zadeh, *On doubling in tournament backgammon*, Management Science 23(9), 986-993
(1977), as implemented in gnubg's ``matchequity.c`` (``initPostCrawfordMET``,
``initMETZadeh``), with the parameters of ``met/zadeh.xml`` read as exact decimals.
Indices are gnubg's: :math:`i = a - 1`, :math:`j = b - 1` (0 is 1-away), and

.. math::

    G(i, j) = 1 \ (i < 0), \qquad G(i, j) = 0 \ (j < 0), \qquad G(i, j) = A_{ij} \text{ otherwise}.

**Post-Crawford** (trailer's equity :math:`\tilde B_i` at (i+1)-away, leader at 1-away;
gammon rate :math:`g` of the trailer, free drops :math:`f_2, f_4`):

.. math::

    \tilde B_i = \tfrac g2\,\tilde B_{i-4} + \tfrac{1-g}{2}\,\tilde B_{i-2}
    - f_2[i = 1] - f_4[i = 3], \qquad \tilde B_{k} = 1 \ (k < 0).

**Crawford game** (gammon rate :math:`g_1` of the leader's table):
:math:`A_{i0} = \tfrac{g_1}{2}\tilde B_{i-2} + \tfrac{1-g_1}{2}\tilde B_{i-1}`, :math:`A_{0i} = 1 - A_{i0}`.

**Pre-Crawford** (gammon rates :math:`g_1` leader, :math:`g_2` trailer; cube
efficiencies :math:`\delta, \bar\delta`).  For a cube :math:`c = 2^k` let
:math:`c' = 2c` if :math:`i < 2c \le j` (the opponent's automatic redouble) else :math:`c`, and

.. math::

    \bar D_1(i,j,c) = \frac{G(i-c, j) - g_2 G(i, j-4c') - (1-g_2) G(i, j-2c')}
    {g_1 G(i-4c', j) + (1-g_1) G(i-2c', j) - g_2 G(i, j-4c') - (1-g_2) G(i, j-2c')},

the equity (as a winning chance) of player 1 at player 2's drop point with a dead cube;
:math:`\bar D_2(i,j,c) = \bar D_1(j,i,c)`.  With live recubes (both :math:`i, j \ge 2c`)

.. math::

    D_1(i,j,c) = 1 + (D_2(i,j,2c) + \delta)(\bar D_1(i,j,c) - 1), \qquad
    D_2(i,j,c) = 1 + (D_1(i,j,2c) + \delta)(\bar D_2(i,j,c) - 1),

else :math:`D_k = \bar D_k`; and for :math:`i, j \ge 1`

.. math::

    A_{ij} = \frac{(D_2 + \bar\delta - \tfrac12)\,G(i-1, j) + (D_1 + \bar\delta - \tfrac12)\,G(i, j-1)}
    {D_1 + D_2 + 2\bar\delta - 1}, \qquad D_k = D_k(i, j, 1).

Every operation is a field operation on rationals, so :math:`A_{ij}` is an exact
rational, but a large one: each entry is a ratio of expressions in earlier entries, and
the digits of its denominator grow exponentially with :math:`i + j` (29 digits at
4-away, 1289 at 6-away, beyond 4300 at 8-away).  The table to 25-away is therefore
computed in ball arithmetic (python-flint ``arb``, evidence ``rigorous``): the same
recurrences on balls that contain the exact rationals, the precision raised until every
entry is known to the asked accuracy; exact rationals are given for short tables
(``exact=True``, at most :data:`EXACT_LENGTH`-away).  One remark on gnubg's program, not on the model: gnubg computes
:math:`A_{ij}` for :math:`i \ge j` and sets :math:`A_{ji} = 1 - A_{ij}`; here both are
computed by the formula, so that symmetry is a check rather than a construction
(it holds: :math:`D_2(i,j,c) = D_1(j,i,c)` by induction on the cube level from the dead
level down, and the two numerators of :math:`A_{ij}` and :math:`A_{ji}` sum to the common
denominator).
"""

from __future__ import annotations

from functools import lru_cache

from ..errors import BadInput
from ..numbers import mpq
from .arith import ExactArithmetic, solve_table
from .met import MAX_LENGTH, MatchEquityTable

__all__ = ["ZADEH_GNUBG", "EXACT_LENGTH", "MAX_EXACT_LENGTH", "EXACT_SECONDS", "zadeh_post_crawford", "zadeh_met"]

#: the longest Zadeh table computed in exact rationals by default and served to queries at a score (its largest
#: denominator has 10,378 digits at 7-away)
EXACT_LENGTH = 7
#: the longest exact Zadeh table given on request (``exact=True``, ``match met --exact``)
MAX_EXACT_LENGTH = 9
#: CPU seconds of the exact table beyond :data:`EXACT_LENGTH`, measured here (issue 45): 8-away 0.37 s (89,301
#: digits), 9-away 6.9 s (798,874 digits); the command line says them before it starts
EXACT_SECONDS = {8: 0.37, 9: 6.9}

#: the parameters of gnubg's ``met/zadeh.xml`` as exact decimals
ZADEH_GNUBG = {
    "gammon-rate-leader": mpq(1, 4),
    "gammon-rate-trailer": mpq(3, 20),
    "delta": mpq(2, 25),
    "delta-bar": mpq(3, 50),
    "post-gammon-rate-trailer": mpq(1, 4),
    "free-drop-2-away": mpq(3, 200),
    "free-drop-4-away": mpq(1, 250),
}


def zadeh_post_crawford(n: int, g, fd2, fd4, ar=ExactArithmetic()) -> tuple:
    r"""The post-Crawford trailer's equities :math:`\tilde B_0..\tilde B_{n-1}` (1- to n-away):
    gnubg ``initPostCrawfordMET`` (Zadeh 1977), exact (or in the arithmetic ``ar``)."""
    g, fd2, fd4 = ar.q(g), ar.q(fd2), ar.q(fd4)
    b: list = []
    one = ar.q(1)

    def get(k):
        return one if k < 0 else b[k]

    for i in range(n):
        v = g / 2 * get(i - 4) + (1 - g) / 2 * get(i - 2)
        if i == 1:
            v -= fd2
        if i == 3:
            v -= fd4
        b.append(v)
    return tuple(b)


def _zadeh(n: int, p: dict, ar) -> tuple[tuple, tuple]:
    """The recurrences of the module docstring to n-away in the arithmetic ``ar``."""
    q = ar.q
    g1, g2 = q(p["gammon-rate-leader"]), q(p["gammon-rate-trailer"])
    delta, dbar = q(p["delta"]), q(p["delta-bar"])
    one, zero, half = q(1), q(0), q(mpq(1, 2))
    post = zadeh_post_crawford(n, p["post-gammon-rate-trailer"], p["free-drop-2-away"], p["free-drop-4-away"], ar)
    A = [[None] * n for _ in range(n)]

    def pc(k):
        return one if k < 0 else post[k]

    for i in range(n):  # the Crawford game
        A[i][0] = g1 / 2 * pc(i - 2) + (1 - g1) / 2 * pc(i - 1)
        A[0][i] = 1 - A[i][0]

    def G(i, j):
        if i < 0:
            return one
        if j < 0:
            return zero
        return A[i][j]

    def d1bar(i, j, c):
        cp = 2 * c if (i < 2 * c and j >= 2 * c) else c
        lose = g2 * G(i, j - 4 * cp) + (1 - g2) * G(i, j - 2 * cp)
        return (G(i - c, j) - lose) / (g1 * G(i - 4 * cp, j) + (1 - g1) * G(i - 2 * cp, j) - lose)

    @lru_cache(maxsize=None)
    def d1(i, j, c):
        if i < 2 * c or j < 2 * c:
            return d1bar(i, j, c)
        return 1 + (d1(j, i, 2 * c) + delta) * (d1bar(i, j, c) - 1)  # D2(i,j,2c) = D1(j,i,2c)

    for s in range(2, 2 * n - 1):  # by i + j: every entry used has a smaller sum
        for i in range(max(1, s - n + 1), min(n - 1, s - 1) + 1):
            j = s - i
            D1, D2 = d1(i, j, 1), d1(j, i, 1)
            A[i][j] = ((D2 + dbar - half) * G(i - 1, j) + (D1 + dbar - half) * G(i, j - 1)) / (
                D1 + D2 + 2 * dbar - 1)
    return tuple(tuple(row) for row in A), post


def _exact_edges(pre, p: dict, n: int):
    """The table with its post-Crawford row and Crawford row and column replaced by exact rationals."""
    post = zadeh_post_crawford(n, p["post-gammon-rate-trailer"], p["free-drop-2-away"], p["free-drop-4-away"])
    g1 = p["gammon-rate-leader"]

    def pc(k):
        return mpq(1) if k < 0 else post[k]

    rows = [list(r) for r in pre]
    for i in range(n):
        rows[i][0] = g1 / 2 * pc(i - 2) + (1 - g1) / 2 * pc(i - 1)
        rows[0][i] = 1 - rows[i][0]
    return tuple(tuple(r) for r in rows), post


def zadeh_met(length: int = 25, params: dict | None = None, exact: bool = False,
              digits: int = 30) -> MatchEquityTable:
    """Zadeh's table to ``length``-away with gnubg's ``zadeh.xml`` parameters (or ``params``):
    the recurrences of the module docstring (gnubg ``initMETZadeh``), as exact rationals
    (``exact=True``, at most :data:`EXACT_LENGTH`-away) or as balls each of radius below
    ``10**-digits`` around the exact rationals."""
    if not 1 <= length <= MAX_LENGTH:
        raise BadInput(f"length must be 1..{MAX_LENGTH}, got {length}")
    if exact and length > MAX_EXACT_LENGTH:
        raise BadInput(f"the exact Zadeh table is given to {MAX_EXACT_LENGTH}-away at most (its denominators grow about "
                       "ninefold an away: 798,874 digits at 9-away); leave out --exact for balls of any accuracy")
    p = dict(ZADEH_GNUBG)
    p.update({k: mpq(v) for k, v in (params or {}).items()})
    pre, post, how = solve_table(lambda ar: _zadeh(length, p, ar), exact, digits)
    if not exact:  # the post-Crawford row and the Crawford game need no division: exact at any length
        pre, post = _exact_edges(pre, p, length)
    return MatchEquityTable(
        name="Zadeh (1977), gnubg's parameters", length=length, pre=pre, post=post, model="zadeh",
        parameters=tuple(sorted(p.items())), method=how,
        source="N. Zadeh, Management Science 23(9), 986 (1977), as gnubg matchequity.c initMETZadeh / "
               "initPostCrawfordMET states it; parameters of gnubg met/zadeh.xml as exact decimals")
