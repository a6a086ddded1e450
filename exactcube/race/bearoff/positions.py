r"""Bearoff positions, the legal plays of a roll, and GNU Backgammon's position index.

**Position.**  One side's checkers on its home points 1..6, written as the six counts
:math:`(c_1, \dots, c_6)`, :math:`\sum c_i \le C` (checkers already borne off are not shown).
Internally a position is the integer key :math:`\sum_i c_i\,16^{i-1}` (four bits a point).

**Moves** (the rules of backgammon with every checker at home and no contact).  A die
:math:`d` moves one checker from point :math:`i` to :math:`i-d` when :math:`i > d`; bears it
off when :math:`i = d`; and, when :math:`d` is larger than the highest occupied point
:math:`h`, bears off a checker from :math:`h` (and only from :math:`h`).  A roll of two
different dice plays both (either order); doubles play the number four times.  While a
checker is left some checker can always use any die (the one on the highest point can move
or bear off), so "both dice must be used if possible, otherwise the larger" only ever stops
a play when the side has borne off its last checker, and then the game is over whichever die
was used: the set of plays below is the set the full rules allow.

**Index** (GNU Backgammon's ``PositionBearoff``, positionid.c).  Write the position as a
row of :math:`C + 6` cells: reading from the top, a marker after the checkers of each
point, i.e. set bits at :math:`j_0 = 5 + \sum c_i` and :math:`j_{k+1} = j_k - c_{k+1} - 1`
(:math:`k = 0..4`); the index is the rank of this 6-subset of :math:`\{0..C+5\}` in the
combinatorial number system, read from the top bit:

.. math::

    F(b, n, r) = \begin{cases} 0 & n = r\\
        \binom{n-1}{r} + F(b, n-1, r-1) & \text{bit } n-1 \text{ of } b \text{ set}\\
        F(b, n-1, r) & \text{otherwise,}\end{cases}
    \qquad \mathrm{index} = F(b, C + 6, 6).

The empty position has index 0 and the positions of up to :math:`C` checkers fill
:math:`0 .. \binom{C+6}{6}-1` (54,264 for :math:`C = 15`, 924 for :math:`C = 6`).  Every
legal play lowers the index (gnubg's builders rely on it; :func:`check_index_order`
verifies it over all positions).

Reference: GNU Backgammon 1.07, ``positionid.c`` (PositionBearoff, PositionF) and
``bearoff.c`` (database layouts); the facts are restated here in our own code.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from ...errors import BadInput

__all__ = [
    "POINTS",
    "MAX_CHECKERS",
    "ROLLS",
    "key_of",
    "counts_of",
    "pips",
    "checkers",
    "gnubg_index",
    "positions",
    "n_positions",
    "die_moves",
    "plays",
    "parse_position",
    "check_index_order",
]

POINTS = 6
MAX_CHECKERS = 15

#: The 21 distinct rolls (high die, low die) with their weights out of 36.
ROLLS = tuple(((a, b), 1 if a == b else 2) for a in range(1, 7) for b in range(1, a + 1))


def key_of(counts) -> int:
    """The integer key :math:`\\sum c_i 16^{i-1}` of the counts on points 1..6."""
    k = 0
    for i, c in enumerate(counts):
        k |= int(c) << (4 * i)
    return k


def counts_of(key: int) -> tuple[int, ...]:
    """The six counts of a key (points 1..6)."""
    return tuple((key >> (4 * i)) & 15 for i in range(POINTS))


def pips(key: int) -> int:
    """Pip count :math:`\\sum i\\,c_i`."""
    return sum((i + 1) * ((key >> (4 * i)) & 15) for i in range(POINTS))


def checkers(key: int) -> int:
    """Number of checkers :math:`\\sum c_i`."""
    return sum((key >> (4 * i)) & 15 for i in range(POINTS))


def gnubg_index(counts, max_checkers: int = MAX_CHECKERS) -> int:
    """GNU Backgammon's bearoff index of ``counts`` (points 1..6) among positions of up to
    ``max_checkers`` checkers: ``PositionBearoff(anBoard, 6, max_checkers)`` (module docstring)."""
    counts = [int(c) for c in counts]
    n_bits = max_checkers + POINTS
    j = POINTS - 1 + sum(counts)
    bits = 1 << j
    for c in counts[:-1]:
        j -= c + 1
        bits |= 1 << j
    idx, n, r = 0, n_bits, POINTS
    while n > r:
        if bits >> (n - 1) & 1:
            idx += comb(n - 1, r)
            r -= 1
        n -= 1
    return idx


def n_positions(max_checkers: int) -> int:
    """:math:`\\binom{C+6}{6}`, the number of positions of up to ``C`` checkers."""
    return comb(max_checkers + POINTS, POINTS)


@lru_cache(maxsize=None)
def positions(max_checkers: int) -> tuple[int, ...]:
    """All keys with at most ``max_checkers`` checkers, in the order of gnubg's index
    (``positions(C)[gnubg_index(p, C)] == key_of(p)``)."""
    # The index ranks the marker bits j0 > j1 > ... > j5 (module docstring) in the combinatorial
    # number system, i.e. in colex order: nested ascending loops over j0, j1, ..., j5 list the
    # 6-subsets in index order.  The counts are the gaps between markers: c_1 = j0 - j1 - 1, ...,
    # c_5 = j4 - j5 - 1, and c_6 = j5 (j0 = 5 + sum c).
    return tuple((j0 - j1 - 1) | (j1 - j2 - 1) << 4 | (j2 - j3 - 1) << 8 | (j3 - j4 - 1) << 12
                 | (j4 - j5 - 1) << 16 | j5 << 20
                 for j0 in range(POINTS - 1, max_checkers + POINTS) for j1 in range(4, j0) for j2 in range(3, j1)
                 for j3 in range(2, j2) for j4 in range(1, j3) for j5 in range(j4))


_die_cache: list[dict[int, tuple[int, ...]]] = [{} for _ in range(7)]  # [d][key]
_two_cache: list[dict[int, frozenset]] = [{} for _ in range(7)]  # [d][key]: after two moves of d


def die_moves(key: int, d: int) -> tuple[int, ...]:
    """The distinct positions after playing one die ``d`` from ``key`` (module docstring,
    rules of bearing off); the empty position stays empty."""
    cache = _die_cache[d]
    hit = cache.get(key)
    if hit is not None:
        return hit
    if key == 0:
        res = (0,)
    else:
        top = (key.bit_length() - 1) // 4 + 1  # highest occupied point
        out = set()
        for i in range(1, POINTS + 1):
            if not (key >> (4 * (i - 1))) & 15:
                continue
            if i > d:
                out.add(key - (1 << (4 * (i - 1))) + (1 << (4 * (i - 1 - d))))
            elif i == d or i == top:
                out.add(key - (1 << (4 * (i - 1))))
        res = tuple(sorted(out))
    cache[key] = res
    return res


def _two(key: int, d: int) -> frozenset:
    """Positions after two moves of ``d`` (half of a double), cached."""
    cache = _two_cache[d]
    hit = cache.get(key)
    if hit is None:
        hit = cache[key] = frozenset(t for s in die_moves(key, d) for t in die_moves(s, d))
    return hit


def plays(key: int, roll: tuple[int, int]) -> tuple[int, ...]:
    """All distinct positions a roll ``(a, b)`` can leave from ``key`` under the full rules
    (module docstring): both orders of two different dice, four moves for doubles."""
    a, b = roll
    if a == b:
        out = set()
        for s in _two(key, a):
            out |= _two(s, a)
        return tuple(sorted(out))
    out = set()
    for s in die_moves(key, a):
        out.update(die_moves(s, b))
    for s in die_moves(key, b):
        out.update(die_moves(s, a))
    return tuple(sorted(out))


def parse_position(text: str, max_checkers: int = MAX_CHECKERS) -> tuple[int, ...]:
    """Read six counts for points 1..6 (``"0 0 2 3 1 0"``, commas allowed); BadInput unless
    they are whole numbers >= 0 with at most ``max_checkers`` checkers in all."""
    from ...numbers import parse_int

    parts = text.replace(",", " ").split()
    if len(parts) != POINTS:
        raise BadInput(f"a bearoff position is six counts for points 1 to 6, like \"0 0 2 3 1 0\"; got {text!r}")
    counts = tuple(parse_int(p, "checkers on a point", 0) for p in parts)
    if any(c > max_checkers for c in counts) or sum(counts) > max_checkers:
        raise BadInput(f"a bearoff position has at most {max_checkers} checkers; {text!r} has {sum(counts)}")
    return counts


def check_index_order(max_checkers: int) -> int:
    """Verify that every legal play lowers gnubg's index (so databases can be built in index
    order); returns the number of (position, roll) pairs checked.  AssertionError otherwise."""
    keys = positions(max_checkers)
    index = {k: i for i, k in enumerate(keys)}
    n = 0
    for i, k in enumerate(keys):
        if k == 0:
            continue
        for roll, _w in ROLLS:
            for s in plays(k, roll):
                if index[s] >= i:
                    raise AssertionError(f"play {counts_of(k)} -> {counts_of(s)} does not lower the index")
            n += 1
    return n
