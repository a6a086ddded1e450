"""Bearoffs: the plays of a roll by the rules, and the Bellman equation of the cubeless win chance.

A side's position is the number of its checkers on its points 1 to 6 (a list of six counts; all checkers at
home, no contact).  A die d moves a checker from point i to point i - d when i > d, bears it off when i = d,
and, when d is larger than the highest occupied point, bears off a checker from that point (and from no
other).  Two different dice are played in either order; a double is played four times; while checkers remain
some checker can always use a die, so every die is played until the last checker is off (the game is then
over).  The side on roll, at x against y, wins with

    P(x, y) = sum over the 21 rolls of w/36 * max over the plays s of the roll of (1 - P(y, s)),

w = 1 for a double and 2 otherwise, and P(y, s) = 0 when s is empty (the side that just rolled is off).
"""

from __future__ import annotations

from fractions import Fraction

from .numbers import need

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def _die(c: tuple, d: int) -> set:
    """The positions after one die d from c (c not empty)."""
    high = max(i for i in range(6) if c[i])  # index of the highest occupied point (point high + 1)
    out = set()
    for i in range(6):
        if not c[i]:
            continue
        point = i + 1
        if point > d:
            n = list(c)
            n[i] -= 1
            n[i - d] += 1
            out.add(tuple(n))
        elif point == d or (point < d and i == high):
            n = list(c)
            n[i] -= 1
            out.add(tuple(n))
    return out


def plays(c: tuple, roll: tuple[int, int]) -> set:
    """Every position the roll can leave from c (c not empty)."""
    a, b = roll
    orders = [(a,) * 4] if a == b else [(a, b), (b, a)]
    out = set()
    for dice in orders:
        now = {tuple(c)}
        for d in dice:
            nxt = set()
            for p in now:
                if any(p):
                    nxt |= _die(p, d)
                else:
                    nxt.add(p)
            now = nxt
        out |= now
    return out


def bellman(x: tuple, y: tuple, value_of) -> Fraction:
    """The right side of the Bellman equation at (x, y); ``value_of(s)`` gives P(y, s) for a non-empty s."""
    need(any(x) and any(y), "the Bellman equation is for two sides with checkers")
    total = Fraction(0)
    for roll in ROLLS:
        w = 1 if roll[0] == roll[1] else 2
        best = max((Fraction(1) if not any(s) else 1 - value_of(s)) for s in plays(x, roll))
        total += Fraction(w, 36) * best
    return total


def counts(text) -> tuple:
    """A bearoff position spelled ``"0,0,2,3,1,0"`` (checkers on points 1..6)."""
    need(isinstance(text, str), f"not a position: {text!r}")
    c = tuple(int(x) for x in text.split(","))
    need(len(c) == 6 and all(0 <= x <= 15 for x in c) and sum(c) <= 15, f"not a bearoff position: {text!r}")
    return c


def positions(max_checkers: int) -> list[tuple]:
    """Every non-empty position of at most ``max_checkers`` checkers, in lexicographic order of the counts."""
    out = []

    def rec(prefix, left):
        if len(prefix) == 6:
            if any(prefix):
                out.append(tuple(prefix))
            return
        for c in range(left + 1):
            rec(prefix + [c], left - c)

    rec([], max_checkers)
    return sorted(out)


def sample(max_checkers: int, count: int, seed: int) -> list[tuple]:
    """The audited pairs (roller, opponent): drawn with ``random.Random(seed)``, roller then opponent uniformly
    from :func:`positions`, until ``count`` distinct pairs; in the order drawn.  The producer draws the same, so a
    certificate cannot choose its entries."""
    import random

    pos = positions(max_checkers)
    need(0 < count <= len(pos) ** 2, "the audit's size must be between 1 and the number of pairs")
    rng = random.Random(seed)
    seen, out = set(), []
    while len(out) < count:
        pair = (pos[rng.randrange(len(pos))], pos[rng.randrange(len(pos))])
        if pair not in seen:
            seen.add(pair)
            out.append(pair)
    return out
