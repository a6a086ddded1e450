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
from ..cubeaction import CubeAction, decide
from ..numbers import is_ball, mpq
from ..results import Result
from .arith import BallArithmetic, ExactArithmetic
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
    action: CubeAction  # by exactcube.cubeaction.decide, the rule of the money game too
    SOURCE = "the last roll at a match score (exactcube.match.lastroll)"
    EVIDENCE = "exact"


def _after(met: MatchEquityTable, a: int, b: int, post: bool, ar):
    if a <= 0:
        return ar.q(1)
    if b <= 0:
        return ar.q(0)
    v = met.equity(a, b, post_crawford=post)
    return v if is_ball(v) else ar.q(v)


def last_roll_action(met: MatchEquityTable, a: int, b: int, w, cube: int = 1, crawford: bool = False,
                     post_crawford: bool = False) -> LastRoll:
    """A's cube action on the last roll (module docstring) with winning chance ``w``.  After a
    post-Crawford (or Crawford) game the scores are read post-Crawford."""
    w = mpq(w)
    if not 0 <= w <= 1:
        raise BadInput(f"the winning chance must be in [0, 1], got {w}")
    post = crawford or post_crawford
    c = cube
    ar = BallArithmetic() if any(is_ball(v) for row in met.pre for v in row) else ExactArithmetic()
    wq = ar.q(w)
    nd = wq * _after(met, a - c, b, post, ar) + (1 - wq) * _after(met, a, b - c, post, ar)
    dt = wq * _after(met, a - 2 * c, b, post, ar) + (1 - wq) * _after(met, a, b - 2 * c, post, ar)
    dp = _after(met, a - c, b, post, ar)
    action = decide(nd, dt, dp, "centred", c, cannot="Crawford game" if crawford else None)
    return LastRoll(a, b, w, c, nd, dt, dp, action)


def last_roll_grid(met: MatchEquityTable, w, up_to: int = 11, cube: int = 1) -> dict:
    """``{(a, b): LastRoll}`` for every score 2..up_to-away each (pre-Crawford)."""
    if not 2 <= up_to <= met.length:
        raise BadInput(f"scores run 2..{met.length}-away for this table, got {up_to}")
    return {(a, b): last_roll_action(met, a, b, w, cube) for a in range(2, up_to + 1) for b in range(2, up_to + 1)}
