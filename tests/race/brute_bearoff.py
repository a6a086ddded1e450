"""Independent reference for the bearoff tests: tuples, fractions.Fraction, memoised recursion.

Nothing here imports exactcube: plays are generated from the 36 ordered pairs of faces by
trying every sequence of single-checker moves and keeping those that use the most dice
(the rule "use both dice if you can, else the larger": with the same number of dice used,
a play using only the smaller die is dropped when one with the larger exists).
"""

from fractions import Fraction
from functools import lru_cache

FACES = [(i, j) for i in range(1, 7) for j in range(1, 7)]


def single(pos, d):
    """Positions after moving one checker by d (tuple of counts on points 1..6)."""
    out = []
    for i in range(6, 0, -1):
        if not pos[i - 1]:
            continue
        t = i - d
        higher = any(pos[k - 1] for k in range(i + 1, 7))
        if t < 0 and higher:
            continue
        p = list(pos)
        p[i - 1] -= 1
        if t >= 1:
            p[t - 1] += 1
        out.append(tuple(p))
    return out


def sequences(pos, dice):
    """All (final position, dice used) following the dice in the given order."""
    if not dice or not any(pos):
        return [(pos, ())]
    nxt = single(pos, dice[0])
    if not nxt:
        return [(pos, ())]
    res = []
    for q in nxt:
        for f, used in sequences(q, dice[1:]):
            res.append((f, (dice[0],) + used))
    return res


@lru_cache(maxsize=None)
def legal(pos, a, b):
    orders = [(a, a, a, a)] if a == b else [(a, b), (b, a)]
    cand = [r for o in orders for r in sequences(pos, o)]
    most = max(len(u) for _, u in cand)
    cand = [r for r in cand if len(r[1]) == most]
    if most == 1 and a != b:
        big = max(a, b)
        if any(u == (big,) for _, u in cand):
            cand = [r for r in cand if r[1] == (big,)]
    return frozenset(f for f, _ in cand)


EMPTY = (0,) * 6


@lru_cache(maxsize=None)
def win(x, y):
    """Cubeless chance that x, on roll, beats y (both maximise it)."""
    if x == EMPTY:
        return Fraction(1)
    if y == EMPTY:
        return Fraction(0)
    return sum(max(1 - win(y, s) for s in legal(x, a, b)) for a, b in FACES) / 36


@lru_cache(maxsize=None)
def cubeful(x, y, state):
    """Equity per unit cube of x on roll, after x's cube decision; state in
    'centred', 'mine' (x owns), 'theirs' (y owns); money play, no gammons."""
    if x == EMPTY:
        return Fraction(1)
    if y == EMPTY:
        return Fraction(-1)
    other = {"centred": "centred", "mine": "theirs", "theirs": "mine"}

    def no_double(st):
        return sum(max(-cubeful(y, s, other[st]) for s in legal(x, a, b)) for a, b in FACES) / 36

    nd = no_double(state)
    if state == "theirs":
        return nd
    return max(nd, min(Fraction(1), 2 * no_double("theirs")))


def all_positions(c):
    out = []

    def rec(prefix, left):
        if len(prefix) == 6:
            out.append(tuple(prefix))
            return
        for k in range(left + 1):
            rec(prefix + [k], left - k)

    rec([], c)
    return out


@lru_cache(maxsize=None)
def mean_rolls(x):
    """Least expected number of rolls to bear off x."""
    if x == EMPTY:
        return Fraction(0)
    return 1 + sum(min(mean_rolls(s) for s in legal(x, a, b)) for a, b in FACES) / 36
