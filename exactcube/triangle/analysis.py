r"""Analyses of the triangle game's doubling model (:mod:`exactcube.triangle.doubling`) that ju24's claims ask for.

* :func:`fold_threshold`: with one double, the least count :math:`b^*` at which B takes A's double on the
  side-:math:`n` grid (ju24 Theorem 4.4 says the take point is :math:`y = 1/6`, so :math:`b^*/n \to 1/6`).
* :func:`robust_deviations`, :func:`gain_at`: A's exact gains from optimal stopping over ju24 Theorem 4.3's
  principle ("double when both opponents are first willing to fold"), under each of the conventions the paper
  leaves open (:data:`CONVENTIONS`): the tests of Theorem 4.3 and 4.4 as best responses.

:data:`VARIANTS` are the four readings of ju24 §4.2 (acceptance rule x what an ejected player owes) these
analyses are run under; :data:`CONVENTIONS` the tie and priority conventions of :func:`~exactcube.triangle.doubling.solve_game`.

References: ju24 §4.2-§4.3, Theorems 4.3 and 4.4.
"""

from __future__ import annotations

from ..numbers import mpq
from . import board as T
from . import doubling as TD

__all__ = ["VARIANTS", "CONVENTIONS", "fold_threshold", "robust_deviations", "gain_at"]

#: the acceptance rule x what an ejected player owes: the four readings of ju24 §4.2
VARIANTS = [("one", "liable"), ("one", "settled"), ("both", "liable"), ("both", "settled")]
#: an exactly indifferent responder accepts / folds x simultaneous wishes to double settled by a fair draw / A first
CONVENTIONS = [("accept", None), ("fold", None), ("accept", 0), ("fold", 0)]


def fold_threshold(n, rule="both"):
    """Smallest b with B accepting a double by A at (n - b - c0, b, c0) on the grid, 1 double (from the engine):
    (b*, B's fold set against A, the counts b at which B accepts) (ju24 Theorem 4.4)."""
    g = TD.solve_game(n, 1, rule, check=False)
    folds = g.fold_region(1, doubler=0)
    # B's fold set against A, on interior positions: the largest b that folds, plus one
    bs = sorted({p.b for p in folds if p.kind == "interior"})
    accepting = sorted({p.b for p in T.interior_positions(n)} - set(bs))
    return (max(bs) + 1 if bs else 1), folds, accepting


def robust_deviations(n, K, rule, ejected):
    """A's profitable deviations at the start from ju24 Theorem 4.3's principle that survive every convention.

    For each tie convention (an exactly indifferent responder accepts / folds; "fold" is Theorem 4.3's
    "willing to fold") and each rule for simultaneous wishes to double (a fair draw / A first), the exact gains
    of A's optimal stopping over the principle at positions with r = 1; returns ``{position: [gains in the order
    of CONVENTIONS]}`` for the positions where all four gains are positive, and ``{convention: count}`` of the
    positions with a gain under that convention alone."""
    per, counts = [], {}
    for tie, prio in CONVENTIONS:
        g = TD.solve_game(n, K, rule, check=True, ejected=ejected, tie=tie, priority=prio)
        gains = {s[0]: gv for s, gv in g.top.improvements.get(0, []) if s[1] == 1 and gv > 0}
        per.append(gains)
        counts[(tie, prio)] = len(gains)
    common = set(per[0]).intersection(*per[1:])
    return {p: [d[p] for d in per] for p in common}, counts


def gain_at(n, K, rule, ejected, p):
    """A's exact gain from deviating from ju24 Theorem 4.3's principle at position ``p`` at the start (ties accept,
    fair draw), side ``n``."""
    g = TD.solve_game(n, K, rule, check=True, ejected=ejected)
    return dict((s[0], gv) for s, gv in g.top.improvements.get(0, []) if s[1] == 1).get(p, mpq(0))
