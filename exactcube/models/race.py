r"""Races in the pip-count model (zk77 §4): each turn lowers the roller's count by the dice total.

With dice distribution :math:`f`, the chance that the player on roll with count
:math:`x_A` wins against :math:`x_B` is

.. math:: W(x_A, x_B) = \sum_{j \ge 1} P(x_A, j) \sum_{k \ge j} P(x_B, k) \qquad \text{(zk77 (1))},

:math:`P(x, n)` the chance that :math:`x` gets off in exactly :math:`n` turns.  The cube
decision solves the money-game Bellman equations exactly (zk77 §2).  This is a *model*:
a count stands for a position, which real positions with the same count are not; the
bearoff family answers for real positions.

>>> from exactcube.models import race
>>> race.win_chance(8, 10).value
mpq(10193,11664)
>>> race.cube_decision(8, 10).action.value
'double, pass'
"""

from __future__ import annotations

from ..race import cubeful as _cubeful
from ..race import cubeless as _cubeless
from ..race import dice as _dice

__all__ = ["dice", "turns", "win_chance", "cube_decision"]


def dice(spec: str = "backgammon") -> _dice.Dice:
    """A dice distribution: ``backgammon`` (doubles count four times), ``plain`` (two dice
    summed), or ``total:probability`` pairs whose probabilities sum to 1, such as Keeler and
    Spencer's ``"5:11/24,10:11/24,20:2/24"`` or ``"1:1/2,2:1/2"`` (:func:`exactcube.race.dice.from_spec`);
    weights that do not sum to 1, such as ``"1:1,2:1"``, are refused.

    >>> dice("5:11/24,10:11/24,20:2/24").probability(20)
    mpq(1,12)
    """
    return _dice.parse(spec)


def turns(x: int, dice="backgammon") -> _cubeless.TurnDistribution:
    r"""The exact distribution of the number of turns count ``x`` needs to get off, :math:`P(x, n)` (zk77),
    indexed by the number of turns: ``turns(x)[n]`` is the chance of getting off in exactly ``n`` turns
    (``n = 1, 2, ...``; 0 outside the support), and ``.by_turns`` the same as a mapping.  The tuple
    ``.probabilities`` starts at one turn: ``.probabilities[0]`` is :math:`P(x, 1)`, not zero turns.

    >>> t = turns(4)          # a count of 4 gets off in one turn unless the roll is 1-2 (2 of 36)
    >>> t[1], t[2]
    (mpq(17,18), mpq(1,18))
    >>> t.by_turns
    {1: mpq(17,18), 2: mpq(1,18)}
    """
    return _cubeless.turn_distribution(x, dice)


def win_chance(x: int, y: int, dice="backgammon") -> _cubeless.RaceChance:
    r""":math:`W(x, y)`, the on-roll player's exact chance with count ``x`` against ``y`` (zk77 (1))."""
    return _cubeless.win_probability(x, y, dice)


def cube_decision(x: int, y: int, cube: str = "centred", dice="backgammon") -> _cubeful.Decision:
    r"""The money-game cube action at (``x``, ``y``) with the cube ``centred``, ``mine`` or
    ``theirs``, with every equity it compares (zk77 §2, Table 3's question; no gammons)."""
    return _cubeful.decision(x, y, cube, dice)
