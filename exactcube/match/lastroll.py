r"""The last roll at a match score: double, take or pass when the game ends on this roll.

A is on roll with chance :math:`w` of winning the game on it (and losing it otherwise), the
cube at :math:`c` (centred or A's).  With :math:`M` a match equity table read at the start of
the next game (Crawford rule):

.. math::

    ND = w M(a-c, b) + (1-w) M(a, b-c), \quad
    DT = w M(a-2c, b) + (1-w) M(a, b-2c), \quad
    DP = M(a-c, b).

B takes when :math:`DT \le DP` (B's equity :math:`1 - DT \ge 1 - DP`); A doubles when
:math:`\min(DT, DP) > ND`; at equality either action is right and the answer says so.
In the Crawford game nobody may double.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import BadInput
from ..numbers import mpq
from ..results import Result
from .met import MatchEquityTable

__all__ = ["LastRoll", "last_roll_action", "last_roll_grid"]


@dataclass(frozen=True)
class LastRoll(Result):
    """The cube action of A on the last roll at a-away/b-away, with the three equities (exact)."""

    a: int
    b: int
    w: mpq
    cube: int
    no_double: mpq
    double_take: mpq
    double_pass: mpq
    action: str  # "no double", "double, take", "double, pass", or a tie named as such
    SOURCE = "the last roll at a match score (exactcube.match.lastroll)"
    EVIDENCE = "exact"


def _after(met: MatchEquityTable, a: int, b: int, post: bool):
    if a <= 0:
        return mpq(1)
    if b <= 0:
        return mpq(0)
    nxt = post or (a == 1) != (b == 1)
    return met.equity(a, b, post_crawford=post and nxt)


def last_roll_action(met: MatchEquityTable, a: int, b: int, w, cube: int = 1, crawford: bool = False,
                     post_crawford: bool = False) -> LastRoll:
    """A's cube action on the last roll (module docstring) with winning chance ``w``.  After a
    post-Crawford (or Crawford) game the scores are read post-Crawford."""
    w = mpq(w)
    if not 0 <= w <= 1:
        raise BadInput(f"the winning chance must be in [0, 1], got {w}")
    post = crawford or post_crawford
    c = cube
    nd = w * _after(met, a - c, b, post) + (1 - w) * _after(met, a, b - c, post)
    dt = w * _after(met, a - 2 * c, b, post) + (1 - w) * _after(met, a, b - 2 * c, post)
    dp = _after(met, a - c, b, post)
    if crawford:
        action = "no double (Crawford game)"
    else:
        take = dt <= dp
        best = dt if take else dp
        if best > nd:
            action = "double, take" if dt < dp else ("double, pass" if dt > dp else "double, take or pass")
        elif best == nd:
            action = "double or not (equal)"
        else:
            action = "no double"
    return LastRoll(a, b, w, c, nd, dt, dp, action)


def last_roll_grid(met: MatchEquityTable, w, up_to: int = 11, cube: int = 1) -> dict:
    """``{(a, b): LastRoll}`` for every score 2..up_to-away each (pre-Crawford)."""
    if not 2 <= up_to <= met.length:
        raise BadInput(f"scores run 2..{met.length}-away for this table, got {up_to}")
    return {(a, b): last_roll_action(met, a, b, w, cube) for a in range(2, up_to + 1) for b in range(2, up_to + 1)}
