r"""Real bearoffs: checkers on points 1-6, every play under the full rules of backgammon.

A side is a tuple of six counts (checkers on points 1..6).  The one-sided problem (the
distribution of the number of rolls :math:`N` to bear off, the play that minimises
:math:`E[N]`) and the two-sided problem (the roller's chance to win, to win a gammon, to
lose one, with the cube) are solved exactly by the recurrences of gnubg's
``makebearoff.c`` (one-sided: :math:`P(N = k)` over the 21 rolls; two-sided: the roller
maximises :math:`2W - 1 + W_g - L_g` over its plays), in exact rationals over
:math:`36^k`.

>>> from exactcube.models import bearoff
>>> bearoff.rolls((1, 0, 0, 0, 0, 0)).mean
mpq(1,1)
>>> bearoff.pair((0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 1)).win
mpq(13,16)
"""

from __future__ import annotations

from ..errors import BadInput
from ..race.bearoff import gammons as _gammons
from ..race.bearoff import ids as _ids
from ..race.bearoff import onesided as _onesided
from ..race.bearoff import plays as _plays
from ..race.bearoff import query as _query

__all__ = ["side", "position", "rolls", "pair", "cube_decisions", "plays"]


def side(counts) -> tuple[int, ...]:
    """One side as six whole counts of checkers on points 1..6 (1 to 15 checkers in all)."""
    try:
        c = tuple(int(x) for x in counts)
    except (TypeError, ValueError):
        raise BadInput(f"a side is six whole counts of checkers on points 1..6, got {counts!r}") from None
    if len(c) != 6 or any(x < 0 for x in c) or not 1 <= sum(c) <= 15:
        raise BadInput(f"a side is six counts >= 0 on points 1..6 with 1 to 15 checkers, got {counts!r}")
    return c


def position(text: str) -> tuple[tuple[int, ...], tuple[int, ...], dict]:
    """The two sides of a gnubg position ID or an XGID (the side on roll first), and what
    else the ID says (cube, dice, score), as :func:`exactcube.race.bearoff.ids.parse_pair` reads it."""
    return _ids.parse_pair(text)


def rolls(counts) -> _onesided.Distribution:
    r"""The exact distribution of the number of rolls to bear off ``counts`` with the play that
    minimises the expected number (gnubg's one-sided policy, ``makebearoff.c``)."""
    return _onesided.distribution(side(counts))


def pair(mine, theirs, gammons: bool = True, jacoby: bool = False) -> _gammons.GammonEntry:
    r"""The roller's exact cubeless chances with ``mine`` against ``theirs`` (win, win a gammon,
    lose a gammon, equity :math:`2W - 1 + W_g - L_g`) and the no-double cubeful equities, by
    the two-sided recurrence with gammon end states over every pair reachable from the
    query (refused, with :class:`BadInput`, beyond the pairs solved on the fly)."""
    return _gammons.solve_pair(side(mine), side(theirs), gammons=gammons, jacoby=jacoby)


def cube_decisions(mine, theirs, cubes=("centred", "mine", "theirs"), gammons: bool = True,
                   jacoby: bool = False) -> _query.PairAnswer:
    r"""The pair's cubeless chances and, for each cube state in ``cubes``, the money-game cube decision
    (``answer.cube[state]``, a :class:`exactcube.race.cubeful.Decision`: no double, double/take,
    double/pass, with every equity it compares), exact when the two-sided recursions reach the pair
    (the answer's ``evidence`` says so; beyond their limit it is refused rather than estimated)."""
    return _query.pair(side(mine), side(theirs), cubes, gammons=gammons, jacoby=jacoby, estimate=False)


def plays(mine, theirs, roll, cube: str = "centred", gammons: bool = True, jacoby: bool = False) -> _plays.RollPlays:
    r"""Every legal play of ``roll`` (two dice, e.g. ``(6, 5)`` or ``"6-5"``) for the side on roll, best
    first, with the exact cubeless and cubeful equities after it (the opponent then on roll)."""
    if isinstance(roll, str):
        roll = _plays.parse_roll(roll)
    return _plays.best_plays(side(mine), side(theirs), tuple(roll), cube, gammons=gammons, jacoby=jacoby)
