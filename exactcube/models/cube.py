r"""The continuous game (ks69 §2-3, ju24 §1-3): the cube when the chance of winning moves continuously.

A's cubeless chance :math:`p` moves as a continuous martingale.  With :math:`k` alternating
doubles left a player doubles at

.. math:: d_k = \frac45 + \frac15\left(-\frac14\right)^k \qquad \text{(ju24 (1.1))},

and the opponent takes down to :math:`a_k = 1 - d_k`; with unlimited doubles
:math:`d = 4/5` (ks69 (5)).  The :math:`(x, y)`-cube of ju24 §1.3 multiplies the stake by
:math:`x` when a proposal is refused and by :math:`y` when it is accepted.

>>> from exactcube.models import cube
>>> cube.thresholds(1).double, cube.thresholds(None).take
(mpq(3,4), mpq(1,5))
>>> cube.equity("7/10", doubles_left=2).value
mpq(16,25)
"""

from __future__ import annotations

from ..brownian import alternating as _alternating
from ..brownian import raises as _raises
from ..brownian import stakes as _stakes

__all__ = ["hit_chance", "thresholds", "equity", "classify", "xy_thresholds", "xy_equity", "raising_points"]


def hit_chance(x, low, high):
    r"""The consistency lemma (ks69 (1)-(2); Keeler and Spencer 1975, Lemma 1): from state ``x`` a
    continuous game reaches ``high`` before ``low`` with chance :math:`(x - low)/(high - low)`,
    because :math:`x = P\,high + (1 - P)\,low`.  An exact rational (``mpq``)."""
    return _alternating.hit_probability(x, low, high)


def thresholds(k: int | None = None) -> _alternating.Thresholds:
    r"""Doubling point :math:`d_k` and take point :math:`a_k = 1 - d_k` with ``k`` alternating
    doubles left (``None``: unlimited, :math:`4/5` and :math:`1/5`), ju24 (1.1), ks69 (5)."""
    return _alternating.thresholds(k)


def equity(p, cube: str = "centre", doubles_left: int | None = None) -> _alternating.Equity:
    r"""A's equity per unit stake at state ``p`` with optimal play (ks69 §2; zk77 Lemma 2):
    linear between the points where the game effectively ends.  ``cube`` is ``centre``,
    ``mine``, ``theirs`` or ``dead``."""
    return _alternating.equity(p, cube, doubles_left)


def classify(x, y) -> _stakes.Classification:
    r"""The region of ju24 Theorems 1.3 and 3.1 holding the :math:`(x, y)`-cube, and its policy."""
    return _stakes.classify(x, y)


def xy_thresholds(x, y, k: int | None = None) -> _stakes.Thresholds:
    r"""Proposal point :math:`d_k` and acceptance point of the :math:`(x, y)`-cube with ``k``
    proposals left (ju24 (1.2), (1.3); ``None``: the limit (A.3)/(A.8))."""
    return _stakes.thresholds(x, y, k)


def xy_equity(x, y, k: int, p, cube: str = "centre") -> _stakes.Equity:
    r"""A's equity in the :math:`(x, y)`-cube game with ``k`` proposals left (ju24 §3)."""
    return _stakes.equity(x, y, k, p, cube)


def raising_points(i: int, j: int, a=2, b=2) -> _raises.RaisingPoints:
    r"""Raising points :math:`\alpha(i, j)`, :math:`\beta(i, j)` of the non-alternating game
    with ``i`` and ``j`` raises left and raise factors ``a``, ``b`` (ks69 §3)."""
    return _raises.raising_points(i, j, a, b)
