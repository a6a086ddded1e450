r"""Effective doubling points (zk77 Lemma 2, Theorem 1) and the points the exact race implies.

zk77 approximates the discontinuous game by a continuous one in which A "wins" when
A's cubeless chance :math:`p` reaches :math:`D_A` and B wins when it falls to :math:`D_B`
(:math:`0.8 \le D_A \le 1`, :math:`0 \le D_B \le 0.2`).  By the consistency lemma
(zk77 Lemma 1, ks69 Lemma), A's chance of winning is

.. math::

    p(t, A) = \frac{p}{D_A} \;(1), \qquad
    p(t, B) = \frac{p - D_B}{1 - D_B} \;(2), \qquad
    p(t, M) = \frac{p - D_B}{D_A - D_B} \;(3)

with the cube at A, at B, in the middle; the equity per unit cube is :math:`2p(t,\cdot) - 1`.
Theorem 1:

.. math::

    M = 1 - \tfrac14 (1 - D_B) \;(4), \qquad
    r = \frac{3 D_A D_B + D_A}{4 D_A - 2(1 - D_B)} \;(5), \qquad
    d = \frac{D_B^2 + 3 D_B (1 - D_A) - D_A}{2 D_B - 4 D_A + 2} \;(6),

:math:`M` the largest :math:`p` at which B can take, :math:`r` the least :math:`p` at which A
should *redouble* (its proof equates holding an owned cube with redoubling, (8) = (10)),
:math:`d` the least :math:`p` at which A should *double* from the middle (proof of (6)).

**Implied points.**  Given the exact cubeless chance :math:`p` of a race position and its
exact cubeful equities (:mod:`exactcube.race.cubeful`), invert (1)-(3):

.. math::

    D_A = \frac{2p}{E_O + 1}, \qquad D_B = \frac{2p - 1 - E_T}{1 - E_T}, \qquad
    D_A^{\mathrm{sym}} = \frac{2p - 1 + E_C}{2 E_C} \;\;(\text{(3) with } D_B = 1 - D_A).

Reference: zk77 = Zadeh & Kobliska (1977), §"Effective doubling point in noncontinuous games".
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import BadInput
from ..numbers import mpq, to_mpq
from ..results import Result

__all__ = [
    "chance_owner",
    "chance_opponent_owns",
    "chance_centred",
    "min_take",
    "redouble_point",
    "double_point",
    "ImpliedPoints",
    "implied_points",
    "points_from_equities",
]


def _pts(da, db):
    da, db = to_mpq(da, "D_A"), to_mpq(db, "D_B")
    if not (0 <= db < da <= 1):
        raise BadInput(f"need 0 <= D_B < D_A <= 1, got D_A = {da}, D_B = {db}")
    return da, db


def _p(p):
    p = to_mpq(p, "p")
    if not 0 <= p <= 1:
        raise BadInput(f"p must lie in [0, 1], got {p}")
    return p


def chance_owner(p, da) -> mpq:
    """zk77 (1): :math:`p(t, A) = p / D_A` (A holds the cube), for :math:`p \\le D_A`."""
    p, (da, _) = _p(p), _pts(da, 0)
    return min(mpq(1), p / da)


def chance_opponent_owns(p, db) -> mpq:
    """zk77 (2): :math:`p(t, B) = (p - D_B)/(1 - D_B)` (B holds the cube), for :math:`p \\ge D_B`."""
    p, (_, db) = _p(p), _pts(1, db)
    return max(mpq(0), (p - db) / (1 - db))


def chance_centred(p, da, db) -> mpq:
    """zk77 (3): :math:`p(t, M) = (p - D_B)/(D_A - D_B)` (cube in the middle), clipped to [0, 1]."""
    p, (da, db) = _p(p), _pts(da, db)
    return min(mpq(1), max(mpq(0), (p - db) / (da - db)))


def min_take(db) -> mpq:
    """zk77 (4): :math:`M = 1 - \\tfrac14(1 - D_B)`, the largest p at which B can take."""
    _, db = _pts(1, db)
    return 1 - (1 - db) / 4


def redouble_point(da, db) -> mpq:
    """zk77 (5): :math:`(3D_AD_B + D_A)/(4D_A - 2(1 - D_B))`, the least p at which A redoubles ((8) = (10))."""
    da, db = _pts(da, db)
    den = 4 * da - 2 * (1 - db)
    if den == 0:
        raise BadInput("4 D_A = 2 (1 - D_B): (5) has no solution")
    return (3 * da * db + da) / den


def double_point(da, db) -> mpq:
    """zk77 (6): :math:`(D_B^2 + 3D_B(1 - D_A) - D_A)/(2D_B - 4D_A + 2)`, the least p at which A doubles."""
    da, db = _pts(da, db)
    den = 2 * db - 4 * da + 2
    if den == 0:
        raise BadInput("2 D_B - 4 D_A + 2 = 0: (6) has no solution")
    return (db * db + 3 * db * (1 - da) - da) / den


@dataclass(frozen=True)
class ImpliedPoints(Result):
    """Effective doubling points implied by exact equities at one race position (zk77 Lemma 2 inverted)."""

    SOURCE = 'zk77 Lemma 2 inverted on exact cubeful equities'
    VALUES = ("p", "equity_centred", "equity_owner", "equity_opponent_owns", "da_from_owner", "db_from_opponent",
              "da_symmetric", "db_from_centred")

    mine: int
    theirs: int
    p: mpq
    equity_centred: mpq
    equity_owner: mpq
    equity_opponent_owns: mpq
    da_from_owner: mpq | None  # (1) inverted
    db_from_opponent: mpq | None  # (2) inverted
    da_symmetric: mpq | None  # (3) with D_B = 1 - D_A
    db_from_centred: mpq | None  # (3) with D_A from (1)
    method: str


def implied_points(x: int, y: int, table=None, dice="backgammon") -> ImpliedPoints:
    """Invert zk77 (1)-(3) at the race position (x, y) using the exact cubeful equities."""
    from . import cubeful, cubeless

    if table is None:
        table = cubeful.solve(max(x, y), dice)
    p = cubeless.win_probability(x, y, dice).value
    ec = table.equity(x, y, "centred")
    eo = table.equity(x, y, "mine")
    et = table.equity(x, y, "theirs")
    return ImpliedPoints(x, y, p, ec, eo, et, *points_from_equities(p, ec, eo, et),
                         "zk77 (1)-(3) solved for D_A, D_B with exact cubeless p and exact cubeful equities")


def points_from_equities(p, ec, eo, et):
    """zk77 (1)-(3) inverted (module docstring): (D_A from (1), D_B from (2), D_A from (3) with
    D_B = 1 - D_A, D_B from (3) with D_A from (1)); None where an inversion is undefined.
    ``p`` is the cubeless chance, ``ec, eo, et`` the cubeful equities (centred, owned, theirs)."""
    da = 2 * p / (eo + 1) if eo > -1 else None
    db = (2 * p - 1 - et) / (1 - et) if et < 1 else None
    da_sym = (2 * p - 1 + ec) / (2 * ec) if ec != 0 else None
    db_c = None
    if da is not None:
        pm = (ec + 1) / 2  # (3): pm (da - db) = p - db  =>  db = (p - pm da)/(1 - pm)
        if pm != 1:
            db_c = (p - pm * da) / (1 - pm)
    return da, db, da_sym, db_c
