r"""The best plays of a given roll in a bearoff, with their exact equities.

The side on roll (counts :math:`x`) has rolled :math:`r = (a, b)` against the opponent's
:math:`y`.  Its legal plays are the distinct positions :math:`s` the roll can leave under the
full rules (:func:`.positions.plays`, the move generator of the one-sided and two-sided
solvers).  After a play the opponent is on roll at :math:`(y, s)`, so with the values
:math:`E, X_C, X_O, X_T` of :mod:`.gammons` (cubeless equity; cubeful equities after the
cube decision, cube centred, owned by the roller, owned by the other side) the roller's
equity after the play :math:`s \ne \emptyset` is

.. math::

    e_{\text{cubeless}}(s) = -E(y, s), \qquad
    e_{\text{centred}}(s) = -X_C(y, s), \quad
    e_{\text{mine}}(s) = -X_T(y, s), \quad
    e_{\text{theirs}}(s) = -X_O(y, s),

(the cube the roller owns is, for the opponent, owned by the other side), and a play that
bears off the last checker is worth :math:`g(y)` (2 when :math:`y` still has all 15 checkers
and gammons count, else 1; under the Jacoby rule 1 while the cube is centred).  These are
the terms inside the maxima of the recurrences of :mod:`.gammons`, so the best play's
cubeful value, averaged over the 21 rolls, is the no-double equity of :math:`(x, y)` (a test
checks it).  Money game, cube value normalised to 1, unlimited redoubles, no beavers.

Plays are ranked by the cubeful equity for the cube state given, then by the cubeless
equity; plays of exactly equal cubeful equity are reported as tied.

Reference: the rules of backgammon (bearing off; both dice must be played); the recurrences
of gnubg makebearoff.c ``BearOff2`` with gammon end states (:mod:`.gammons`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import BadInput, TooLarge
from ...numbers import mpq
from ...results import Result
from .gammons import EXACT_PAIR_LIMIT, reachable_pairs, solve_pairs
from .positions import MAX_CHECKERS, POINTS, checkers, counts_of, die_moves, key_of, plays

__all__ = ["Play", "RollPlays", "parse_roll", "legal_plays", "move_text", "best_plays", "CUBES"]

#: The cube states a play is valued for: centred, owned by the roller ("mine"), owned by the opponent.
CUBES = ("centred", "mine", "theirs")
# the opponent's value after the play, by the roller's cube state: index into gammons.VALUE_FIELDS
_AFTER = {"centred": 7, "mine": 9, "theirs": 8}


def parse_roll(text: str) -> tuple[int, int]:
    """A roll written ``6-5``, ``65``, ``6 5`` or ``6,5`` (either order): the two dice, the higher first.
    BadInput unless both are 1..6."""
    t = str(text).strip()
    parts = t.replace("-", " ").replace(",", " ").split()
    if len(parts) == 1 and len(parts[0]) == 2:
        parts = list(parts[0])
    if len(parts) != 2 or not all(p.isdigit() and len(p) == 1 and "1" <= p <= "6" for p in parts):
        raise BadInput(f"a roll is two dice from 1 to 6, like 6-5 or 3-3; got {text!r}")
    a, b = int(parts[0]), int(parts[1])
    return (max(a, b), min(a, b))


def _step(before: int, after: int, d: int) -> tuple[int, int]:
    """The checker move (from point, to point; 0 = off) that takes ``before`` to ``after`` with one die ``d``."""
    for i in range(1, POINTS + 1):
        if not (before >> (4 * (i - 1))) & 15:
            continue
        if i > d and after == before - (1 << (4 * (i - 1))) + (1 << (4 * (i - 1 - d))):
            return (i, i - d)
        if i <= d and after == before - (1 << (4 * (i - 1))):
            return (i, 0)
    raise AssertionError("not a move of one die")  # pragma: no cover - die_moves only gives moves


def _paths(key: int, dice: tuple[int, ...]):
    """Every sequence of single-die moves playing ``dice`` in this order from ``key``: (end key, moves)."""
    if not dice or key == 0:
        yield key, ()
        return
    for nxt in die_moves(key, dice[0]):
        for end, rest in _paths(nxt, dice[1:]):
            yield end, (_step(key, nxt, dice[0]),) + rest


def move_text(moves) -> str:
    """Moves (from, to) in the usual notation, highest first: a checker moved on is written as one move
    (``6/4 4/1`` becomes ``6/1``), equal moves once with a count (``6/off(2)``), 0 is ``off``."""
    moves = list(moves)
    merged = True
    while merged:  # join a move ending where another starts: one checker moving on
        merged = False
        for i, (f1, t1) in enumerate(moves):
            j = next((j for j, (f2, _t2) in enumerate(moves) if j != i and t1 != 0 and f2 == t1), None)
            if j is not None:
                moves[i] = (f1, moves[j][1])
                del moves[j]
                merged = True
                break
    moves.sort(key=lambda m: (-m[0], -m[1]))
    out = []
    for m in dict.fromkeys(moves):
        n = moves.count(m)
        out.append(f"{m[0]}/{'off' if m[1] == 0 else m[1]}" + (f"({n})" if n > 1 else ""))
    return " ".join(out)


def legal_plays(counts, roll) -> dict:
    """The legal plays of ``roll`` from ``counts`` under the full rules: ``{counts after: moves}``, one entry per
    distinct resulting position (:func:`.positions.plays`), with the moves of one way to reach it."""
    a, b = roll
    key = key_of(counts)
    dice = (a,) * 4 if a == b else None
    orders = [dice] if dice else [(a, b), (b, a)]
    ends = set(plays(key, roll))
    found: dict = {}
    for order in orders:
        for end, moves in _paths(key, order):
            if end in ends and end not in found:
                found[end] = moves
    assert set(found) == ends  # the same generator: every play has a path
    return {counts_of(k): move_text(found[k]) for k in sorted(ends)}


@dataclass(frozen=True)
class Play(Result):
    """One legal play: its moves, the position it leaves, and the roller's exact equities after it (the
    opponent then on roll): cubeless (money, gammons as counted), and cubeful for the cube state asked, per
    unit cube; ``tie`` is the number of plays (this one included) of exactly this cubeful equity."""

    SOURCE = "bearoff plays of a roll (exactcube.race.bearoff.plays, module docstring)"
    VALUES = ("cubeless", "cubeful", "win", "win_gammon", "lose_gammon")

    moves: str
    after: tuple
    cubeless: mpq
    cubeful: mpq
    win: mpq
    win_gammon: mpq
    lose_gammon: mpq
    tie: int = 1


@dataclass(frozen=True)
class RollPlays(Result):
    """Every legal play of ``roll`` for the side on roll (``mine``) against ``theirs``, best first (cubeful equity
    for ``cube``, then cubeless), with the exact values of :class:`Play`."""

    SOURCE = "bearoff plays of a roll (exactcube.race.bearoff.plays, module docstring)"

    mine: tuple
    theirs: tuple
    roll: tuple
    cube: str
    plays: tuple
    gammons: bool
    jacoby: bool
    pairs: int
    method: str = "legal plays under the full rules, each valued by the exact two-sided recursion with gammons"
    evidence: str = "exact"

    @property
    def best(self) -> tuple:
        """The plays of the highest cubeful equity (several when they tie exactly)."""
        return tuple(p for p in self.plays if p.cubeful == self.plays[0].cubeful)

    def ranked(self) -> list[tuple[int, bool, "Play"]]:
        """``(rank, tied, play)`` best first: plays of exactly equal cubeful equity share a rank, and every
        one but the first of them is ``tied``."""
        out: list = []
        for i, p in enumerate(self.plays):
            tied = i > 0 and p.cubeful == self.plays[i - 1].cubeful
            out.append((out[-1][0] if tied else i + 1, tied, p))
        return out


def best_plays(x, y, roll, cube: str = "centred", gammons: bool = True, jacoby: bool = False,
               limit: int = EXACT_PAIR_LIMIT, progress=None, full: int = MAX_CHECKERS) -> RollPlays:
    """Every legal play of ``roll`` = (a, b) for ``x`` (on roll) against ``y``, with exact equities (module
    docstring), best first.  The pairs reachable after the plays are solved once (:func:`.gammons.solve_pairs`);
    TooLarge beyond ``limit`` pairs.  ``full``: the checkers a side starts with, as in
    :func:`.gammons.solve_pair` (15; smaller for small games in tests)."""
    if cube not in CUBES:
        raise BadInput(f"cube: one of {', '.join(CUBES)}, got {cube!r}")
    x, y = tuple(x), tuple(y)
    if not any(x) or not any(y):
        raise BadInput("both sides need a checker left (a side with none has already won)")
    if sum(x) > MAX_CHECKERS or sum(y) > MAX_CHECKERS:
        raise BadInput(f"a side has at most {MAX_CHECKERS} checkers")
    a, b = roll
    if not (1 <= b <= a <= 6):
        raise BadInput(f"a roll is two dice from 1 to 6, higher first; got {roll!r}")
    found = legal_plays(x, (a, b))
    ky = key_of(y)
    g = mpq(2) if gammons and checkers(ky) == full else mpq(1)
    gc = mpq(1) if jacoby else g
    pairs: set = set()
    for s in found:
        if any(s):
            more = reachable_pairs(y, s, limit)
            if more is None or len(pairs | more) > limit:
                raise TooLarge(f"the plays reach more than {limit:,} pairs of positions, the most solved exactly")
            pairs |= more
    val = solve_pairs(pairs, gammons, jacoby, progress, full) if pairs else {}
    rows = []
    for s, moves in found.items():
        if not any(s):  # the last checker is off: the roller wins g (gc while the cube is centred)
            won = gc if cube == "centred" else g
            rows.append(Play(moves, s, g, won, mpq(1), mpq(1) if g == 2 else mpq(0), mpq(0)))
            continue
        v = val[(ky, key_of(s))]
        rows.append(Play(moves, s, -v[0], -v[_AFTER[cube]], 1 - v[1], v[3], v[2]))
    rows.sort(key=lambda p: (-p.cubeful, -p.cubeless, key_of(p.after)))
    ties = {}
    for p in rows:
        ties[p.cubeful] = ties.get(p.cubeful, 0) + 1
    rows = [Play(p.moves, p.after, p.cubeless, p.cubeful, p.win, p.win_gammon, p.lose_gammon, ties[p.cubeful])
            for p in rows]
    return RollPlays(x, y, (a, b), cube, tuple(rows), gammons, jacoby, len(pairs))
