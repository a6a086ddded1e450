r"""The cube decision: one rule for the money game and for match play.

The player on roll compares three values of his, in any unit (money equity per unit cube, or match winning
chance): ND, holding the cube; DT, doubling and being taken; DP, doubling and being passed.  The opponent
takes iff :math:`DT \le DP` (a take leaves the roller no more than a pass); the roller doubles iff
:math:`\min(DT, DP) > ND`.  Ties are reported (``tie_take``: take and pass are exactly equal; ``tie_double``:
doubling and holding are) and resolved as "take" and "no double".  Values may be exact rationals or arb balls
(:func:`exactcube.numbers.sign`): when a ball holds a tie the action is :attr:`Action.UNDECIDED`, never
guessed.

:func:`decide` is the one implementation, used by the money game (:func:`exactcube.race.cubeful.decide`, real
bearoffs) and by match play (:mod:`exactcube.match.results`, :mod:`exactcube.match.lastroll`); it returns a
:class:`CubeAction`, typed: the :class:`Action`, the reply, the ties, where the cube is (:class:`~exactcube.owner.Owner`)
and its value.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .numbers import sign
from .owner import Owner

__all__ = ["Action", "CubeAction", "decide"]


class Action(str, Enum):
    """The right action of the player on roll: hold, or double (and the reply it gets)."""

    NO_DOUBLE = "no double"
    DOUBLE_TAKE = "double, take"
    DOUBLE_PASS = "double, pass"
    CANNOT_DOUBLE = "cannot double (opponent owns the cube)"
    UNDECIDED = "undecided"


@dataclass(frozen=True)
class CubeAction:
    """A cube decision (:func:`decide`): ``action``; ``take`` the opponent's right reply to a double (None when the
    roller cannot double, or the balls do not decide it); ``tie_double`` / ``tie_take`` the exact ties; ``owner``
    where the cube is before the decision and ``cube`` its value; ``why`` says why the roller cannot double, or
    what the balls left undecided."""

    action: Action
    take: bool | None
    tie_double: bool
    tie_take: bool
    owner: Owner
    cube: int
    why: str = ""

    @property
    def tie(self) -> bool:
        return self.tie_double or self.tie_take

    @property
    def text(self) -> str:
        """The decision in words: "double, take", "double, take or pass" (an exact tie), "double or not (equal)",
        "no double; they would pass", "no double (Crawford game)", "undecided (take and pass within the balls)"."""
        if self.action is Action.CANNOT_DOUBLE:
            return f"no double ({self.why})" if self.why else self.action.value
        if self.action is Action.UNDECIDED:
            return f"undecided ({self.why})"
        if self.tie_double:
            return "double or not (equal)"
        if self.action is Action.NO_DOUBLE:
            if self.take is None:
                return f"no double ({self.why})"
            return "no double; they would " + ("take or pass" if self.tie_take else "take" if self.take else "pass")
        return "double, take or pass" if self.tie_take else self.action.value

    @property
    def short(self) -> str:
        """Table shorthand: ND, D/T, D/P, ND=D/T (doubling and holding tie), D/T=D/P (take and pass tie), or the
        text when the roller cannot double or the balls do not decide."""
        if self.tie_double:
            return "ND=D/T"
        if self.action is Action.NO_DOUBLE:
            return "ND"
        if self.action in (Action.DOUBLE_TAKE, Action.DOUBLE_PASS):
            return "D/T=D/P" if self.tie_take else {Action.DOUBLE_TAKE: "D/T", Action.DOUBLE_PASS: "D/P"}[self.action]
        return self.text

    def as_dict(self) -> dict:
        return {"action": self.action.value, "text": self.text, "take": self.take, "tie_double": self.tie_double,
                "tie_take": self.tie_take, "owner": self.owner.value, "cube": self.cube, "why": self.why}

    def __str__(self) -> str:
        return self.text


def decide(no_double, double_take=None, double_pass=None, owner=Owner.CENTRED, cube: int = 1,
           cannot: str | None = None, over: bool = False) -> CubeAction:
    r"""The cube decision (module docstring) from the roller's values ND, DT, DP (exact rationals or balls, any
    unit).  ``cannot``: the roller cannot double, and why ("Crawford game", "opponent owns the cube"); DT and DP
    are then not needed (the roller cannot double, too, when either is None).  ``over``: the game has ended (a
    side has borne off): no double, with no reply."""
    owner = Owner.parse(owner, allowed=tuple(Owner))
    if over:
        return CubeAction(Action.NO_DOUBLE, None, False, False, owner, cube, "the game is over")
    if cannot is not None or double_take is None or double_pass is None:
        return CubeAction(Action.CANNOT_DOUBLE, None, False, False, owner, cube, cannot or "")
    t = sign(double_take - double_pass)
    if t is None:
        return CubeAction(Action.UNDECIDED, None, False, False, owner, cube, "take and pass within the balls")
    take = t <= 0
    g = sign((double_take if take else double_pass) - no_double)
    if g is None:
        return CubeAction(Action.UNDECIDED, take, False, t == 0, owner, cube, "double and no double within the balls")
    if g > 0:
        action = Action.DOUBLE_TAKE if take else Action.DOUBLE_PASS
    else:
        action = Action.NO_DOUBLE
    return CubeAction(action, take, g == 0, t == 0, owner, cube)
