"""Dice races solved by their recurrences, each entry re-computed from the others.

f(A, B) is the chance that the player to move, needing A more pips (or points), wins against an opponent
needing B, the two rolling in turn.  After a roll of total t the opponent is to move needing B against A - t:

    f(A, B) = sum over rolls t of P(t) (1 - f(B, A - t)),  with f(B, A') = 0 when A' <= 0 (the roller is off).

Every entry of the table (1 <= A, B <= size) is re-computed from the entries it reads (all of smaller A + B),
so a table that passes is the unique solution.  The roll distributions:

* ``floyd``: two plain dice, the total i + j (doubles not special), each ordered pair 1/36 (Floyd's note:
  "f(A, B) = 1 - (1/36) sum f(B, A - i - j)", f = 1 for A <= 0 and 0 for B <= 0);
* ``race``: backgammon dice, a double counting four times its face (6-6 moves 24), each ordered pair 1/36
  (Zadeh and Kobliska's race model).
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm

from .numbers import need, q, z


def _dice(double: int) -> dict[int, Fraction]:
    """Two dice, each ordered pair 1/36, moving i + j, or ``double`` times the face on a double i = j."""
    d: dict[int, Fraction] = {}
    for i in range(1, 7):
        for j in range(1, 7):
            t = double * i if i == j else i + j
            d[t] = d.get(t, Fraction(0)) + Fraction(1, 36)
    return d


class Family:
    def __init__(self, sentence: str, rolls: dict[int, Fraction]):
        self.sentence = sentence
        self.rolls = rolls
        if sum(rolls.values()) != 1:
            raise AssertionError("a roll distribution must sum to 1")

    def check(self, table: list[list[Fraction]]) -> None:
        size = len(table)

        def f(a: int, b: int) -> Fraction:
            if b <= 0:  # the player who just rolled (needing b) is off: the player to move has lost
                return Fraction(0)
            return table[a - 1][b - 1]

        for a in range(1, size + 1):
            for b in range(1, size + 1):
                want = sum((pr * (1 - f(b, a - t)) for t, pr in self.rolls.items()), Fraction(0))
                need(table[a - 1][b - 1] == want, f"the entry f({a}, {b}) is not what the recurrence gives from the "
                                                  "entries it reads")


FAMILIES = {
    "floyd": Family("Floyd's two-dice race (plain sums, each ordered pair of dice 1/36)", _dice(2)),
    "race": Family("the backgammon race of Zadeh and Kobliska (a double moves four times its face)", _dice(4)),
}


def family_table(asserts, data) -> list[list[Fraction]]:
    """The race table a certificate lists (``data["table"]``, ``asserts["family"]`` and ``["size"]``), every entry
    re-derived by its family's recurrence (:meth:`Family.check`)."""
    fam = asserts["family"]
    need(fam in FAMILIES, f"unknown recurrence {fam!r}")
    size = z(asserts["size"])
    need(1 <= size <= 200, "a table of size 1..200")
    rows = data["table"]
    need(isinstance(rows, list) and len(rows) == size and all(isinstance(r, list) and len(r) == size for r in rows),
         f"a {size} x {size} table")
    table = [[q(x) for x in r] for r in rows]
    FAMILIES[fam].check(table)
    return table


def check_cubeful(rolls: dict[int, Fraction], scale: int, nd: tuple, cubeless=None) -> None:
    """The money game with the doubling cube in the race (zk77 §5: no gammons, redoubles unlimited), every
    no-double equity re-derived from the equities it reads.  Per unit of the current cube, from the roller's side
    (count x against y), the values V/scale of the integer lists ``nd = (ND_C, ND_O, ND_T)`` (cube centred, the
    roller's, the opponent's; ``[x - 1][y - 1]``) must satisfy the Bellman equations

        ND_S(x, y) = sum over rolls r of P(r) ([r >= x] - [r < x] E_S'(y, x - r)),   S' = C, T, O for S = C, O, T,

    (the roller is off and wins 1, else the opponent rolls with the cube where it is: a cube owned by one side is
    the other's from the opponent's side), E_C = max(ND_C, DB), E_O = max(ND_O, DB), E_T = ND_T, with the double
    DB = min(1, 2 ND_T) (the opponent passes, or takes and owns a cube of twice the value).  In integers: the
    chances' common denominator D times each entry equals the sum of weights.  Every entry reads only entries of
    smaller x + y, so a table that passes is the unique solution.  ``cubeless``, when given, is the cubeless
    equity 2p - 1 (p the roller's chance of winning, no cube), the same equation reading itself: S = S' = none."""
    den = lcm(*(pr.denominator for pr in rolls.values()))
    w = [(r, int(pr * den)) for r, pr in rolls.items()]
    c, o, t = nd
    n = len(c)
    need(all(len(a) == n and all(len(row) == n for row in a) for a in nd), f"three {n} x {n} tables")
    e_c, e_o = ([[max(a[i][j], min(scale, 2 * t[i][j])) for j in range(n)] for i in range(n)] for a in (c, o))
    for name, mine, reads in (("ND_C", c, e_c), ("ND_O", o, t), ("ND_T", t, e_o)) + ((("2p - 1", cubeless, cubeless),)
                                                                                   if cubeless else ()):
        for i in range(n):
            for j in range(n):
                want = sum(wr * (scale if r > i else -reads[j][i - r]) for r, wr in w)
                need(den * mine[i][j] == want, f"{name}({i + 1}, {j + 1}) is not what the Bellman equation gives")


def cube_thresholds(scale: int, nd: tuple, x: int) -> list:
    """[x, double from, redouble from, take up to] at count x: the opponent's count minus yours from which
    (re)doubling is right (DB > ND; a position already won, ND = 1, counts as a double), and up to which the
    opponent takes (2 ND_T <= 1; ties: no double, take), over opponent's counts 1..N; each decision must switch
    once (the doubles an up-set, the takes a down-set), else the certificate is rejected."""
    c, o, t = (a[x - 1] for a in nd)
    dbl, rdb = ([min(scale, 2 * tt) > v or v == scale for v, tt in zip(a, t, strict=True)] for a in (c, o))
    take = [2 * tt <= scale for tt in t]
    need(dbl == sorted(dbl) and rdb == sorted(rdb) and take == sorted(take, reverse=True),
         f"the decisions at count {x} are not monotone in the opponent's count")
    first = [s.index(True) + 1 - x if True in s else None for s in (dbl, rdb)]
    return [x, *first, len(take) - take[::-1].index(True) - x if True in take else None]


def check_doubling_points(alpha: list[list[Fraction]], beta: list[list[Fraction]], a: Fraction, b: Fraction) -> None:
    """Keeler and Spencer's doubling points with i raises (factor a) left to A and j (factor b) to B, each entry
    re-computed from its predecessors by their (8) and (9):

        alpha(i, j) = (a + 1)/(2a) alpha(i - 1, j) + (a - 1)/(2a) beta(i - 1, j)     (i >= 1),
        beta(i, j)  = (b - 1)/(2b) alpha(i, j - 1) + (b + 1)/(2b) beta(i, j - 1)     (j >= 1),

    with alpha(0, j) = 1 (A has no raise left: the end of the game is the real end for B) and beta(i, 0) = 0."""
    size = len(alpha)
    need(len(beta) == size and all(len(r) == size for r in alpha + beta), "alpha and beta must be square tables "
                                                                          "of one size")
    need(a > 1 and b > 1, "raise factors must exceed 1")
    for i in range(size):
        for j in range(size):
            want_a = Fraction(1) if i == 0 else ((a + 1) / (2 * a) * alpha[i - 1][j] + (a - 1) / (2 * a) * beta[i - 1][j])
            want_b = Fraction(0) if j == 0 else ((b - 1) / (2 * b) * alpha[i][j - 1] + (b + 1) / (2 * b) * beta[i][j - 1])
            need(alpha[i][j] == want_a, f"alpha({i}, {j}) is not what (8) gives from its predecessors")
            need(beta[i][j] == want_b, f"beta({i}, {j}) is not what (9) gives from its predecessors")


def check_alternating(d: list[Fraction]) -> None:
    """The first doubling point d_k with k doubles left in all, the cube alternating (the continuous game of
    ks69 section 2 and ju24 section 2), each entry from its predecessor.

    With no double left, A never doubles: d_0 = 1.  A doubles at p = d_k to stake 2s; B, taking, will redouble
    when A's chance falls to 1 - d_{k-1}, where A is indifferent and may drop, losing 2s.  The state is a
    martingale with continuous paths, so from p the chance of reaching 1 before 1 - d_{k-1} is
    P = (p - (1 - d_{k-1})) / d_{k-1}.  B is indifferent between dropping (A wins s) and taking (A's equity
    2s P - 2s (1 - P)) when P = 3/4, that is d_k = 1 - d_{k-1} + (3/4) d_{k-1} = 1 - d_{k-1}/4."""
    need(bool(d) and d[0] == 1, "d_0 must be 1 (with no double left A never doubles)")
    for k in range(1, len(d)):
        need(d[k] == 1 - d[k - 1] / 4, f"d_{k} is not 1 - d_{k - 1}/4")


def closed_form_solves_alternating(a: Fraction, c: Fraction, r: Fraction) -> None:
    """d_k = a + c r^k solves d_0 = 1, d_k = 1 - d_{k-1}/4 for every k >= 0 exactly when a + c = 1 and, for every
    k >= 1, a + c r^k = 1 - a/4 - (c/4) r^(k-1): that is a = 1 - a/4 and c r = -c/4 (so a = 4/5 and, c being
    1 - a = 1/5, r = -1/4).  Checked on the three constants: a statement for every k, by induction."""
    need(a + c == 1, "the closed form at k = 0 is not 1")
    need(a == 1 - a / 4, "the closed form's constant is not the fixed point of d -> 1 - d/4")
    need(c * r == -c / 4, "the closed form's ratio does not satisfy the recurrence")


def even_game_gain(alpha: Fraction, beta: Fraction) -> Fraction:
    """A's expected gain (in units of the initial stake) at an even game, ks69 (19): with beta < 1/2 < alpha the
    game starts between the two doubling points and, all raises taken, A's gain is ((1/2 - beta) -
    (alpha - 1/2)) / (alpha - beta); otherwise a player dominates (doubles at once, the other drops): +1 for A
    when alpha <= 1/2, -1 when beta >= 1/2."""
    half = Fraction(1, 2)
    if beta < half < alpha:
        return (1 - beta - alpha) / (alpha - beta)
    return Fraction(1) if alpha <= half else Fraction(-1)
