r"""Match play (Zadeh 1977, "On Doubling in Tournament Backgammon"; gnubg's ``matchequity.c``): match
equity tables and the cube at a score.

A match equity table (MET) gives :math:`M(a, b)`, the chance that the player who needs ``a`` points
wins the match against one who needs ``b``; a game's outcomes are worth their MET entries, so the
cube at a score compares match winning chances instead of points.  Tables are generated from a model
(``zadeh``, ``mec``, ``continuous``) in exact rationals where their denominators allow, else in
rigorous balls, or read from gnubg's XML files as printed.

>>> from exactcube.models import match
>>> met = match.table("continuous", 3, exact=True)
>>> met.equity(2, 2)
mpq(1,2)
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import match as _match
from ..errors import BadInput
from ..match import results as _results
from ..numbers import mpq
from ..results import Result

__all__ = ["table", "read_table", "cube_points", "last_roll", "race", "bearoff", "MatchRaceChance"]


def _table_of(met, a: int, b: int):
    """``met`` itself when it is a table; a model's name (``"zadeh"``, ``"mec"``, ``"continuous"``) made into its
    exact table to the longer of the two aways; anything else refused with :class:`~exactcube.BadInput`."""
    if isinstance(met, str):
        return table(met, max(int(a), int(b), 1), exact=None)
    if not hasattr(met, "pre") or not hasattr(met, "post"):
        raise BadInput(f"met: a match equity table (match.table('zadeh', 7), match.read_table(path)) or a model's "
                       f"name (zadeh, mec, continuous), not {type(met).__name__}")
    return met


@dataclass(frozen=True)
class MatchRaceChance(Result):
    """A pip-count race at a match score: the roller's exact chance of winning the game (``win``, zk77's model, no
    gammons) and of winning the match through the table ``met`` (``mwc``), cubeless at cube ``cube``."""

    mine: int
    theirs: int
    a: int
    b: int
    cube: int
    kind: str
    met: str
    win: mpq
    mwc: mpq
    SOURCE = "zk77's race model, the game's outcomes valued by the match equity table"
    METHOD = "exact race chance (zk77 (1)); match winning chance = win M(win) + (1 - win) M(loss)"
    EVIDENCE = "exact"


def table(model: str = "zadeh", length: int = 25, exact: bool | None = None, digits: int = 30):
    r"""The MET of ``model`` (``zadeh``, ``mec`` or ``continuous``) to ``length``-away: exact rationals when
    ``exact`` (``None``: when the model's denominators allow at that length), else balls to ``digits``."""
    return _match.generate(model, length, exact=exact, digits=digits)


def read_table(path: str):
    """A MET as printed in one of gnubg's XML files (``/usr/share/gnubg/met/*.xml``), as exact decimals."""
    return _match.read_gnubg_xml(path)


def cube_points(a: int, b: int, cube: int = 1, owner: str = "centred"):
    r"""Take point, cash point and doubling window of the continuous game at a-away/b-away with the cube
    at ``cube`` (``owner``: centred, mine, theirs), exact."""
    return _match.cube_points(a, b, cube, owner)


def last_roll(met, a: int, b: int, w, cube: int = 1, crawford: bool = False):
    r"""Double, take or pass on the last roll at a-away/b-away, when the roller wins with chance ``w``."""
    return _match.last_roll_action(met, a, b, w, cube, crawford)


def race(x: int, y: int, met, a: int, b: int, cube: int = 1, crawford: bool = False) -> MatchRaceChance:
    r"""A pip-count race (zk77's model) at a-away/b-away: the roller's exact chance of winning the game and
    of winning the match, a :class:`MatchRaceChance` (``.win``, ``.mwc``, with its provenance).  ``met`` is a table
    (:func:`table`, :func:`read_table`) or a model's name, whose exact table is made to the longer away.

    >>> r = race(40, 45, "zadeh", 3, 5)
    >>> r.a, r.b, r.kind, r.provenance.evidence.value
    (3, 5, 'normal', 'exact')
    """
    met = _table_of(met, a, b)
    win, mwc = _results.race_match(x, y, met, a, b, cube, crawford)
    return MatchRaceChance(int(x), int(y), int(a), int(b), int(cube), _results.game_kind(a, b, crawford),
                           getattr(met, "name", ""), win, mwc)


def bearoff(mine, theirs, met, a: int, b: int, cube: int = 1, owner: str = "centred", crawford: bool = False):
    r"""A bearoff solved with match payoffs: the roller's cubeful match winning chance and the cube action
    at a-away/b-away, exact for an exact ``met``."""
    return _results.bearoff_match(tuple(mine), tuple(theirs), _table_of(met, a, b), a, b, cube, owner, crawford)
