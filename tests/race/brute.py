"""Independent reference solvers for the race tests: raw dice faces, fractions.Fraction, memoised recursion.

Nothing here imports exactcube.race: moves are computed from the 36 ordered pairs of faces.
"""

from fractions import Fraction
from functools import lru_cache


def bg_move(i, j):
    """Backgammon race: doubles move four times the face (zk77)."""
    return 4 * i if i == j else i + j


def plain_move(i, j):
    """Floyd: the plain sum of the faces."""
    return i + j


PAIRS = [(i, j) for i in range(1, 7) for j in range(1, 7)]


def make_win(move):
    @lru_cache(maxsize=None)
    def win(a, b):
        """Chance that the player to move, needing a, beats the one needing b."""
        s = Fraction(0)
        for i, j in PAIRS:
            r = a - move(i, j)
            s += 1 if r <= 0 else 1 - win(b, r)
        return s / 36

    return win


def make_cubeful(move):
    """Straightforward memoised money-game solver: (x, y, cube) -> roller's equity per unit cube."""

    @lru_cache(maxsize=None)
    def nd(x, y, cube):
        nxt = {"c": "c", "o": "t", "t": "o"}[cube]
        s = Fraction(0)
        for i, j in PAIRS:
            r = x - move(i, j)
            s += 1 if r <= 0 else -eq(y, r, nxt)
        return s / 36

    @lru_cache(maxsize=None)
    def eq(x, y, cube):
        hold = nd(x, y, cube)
        if cube == "t":
            return hold
        dbl = min(Fraction(1), 2 * nd(x, y, "t"))
        return max(hold, dbl)

    return nd, eq
