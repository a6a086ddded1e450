r"""Floyd's dice race to a target, by his own dynamic program (floyd, "More dynamic programming").

Two players alternately roll two dice and add the faces; the first to reach his target
total wins.  :math:`f(A, B)` is the chance of the player to move when he still needs
:math:`A` and his opponent :math:`B`:

.. math::

    f(A, B) = 1 \;(A \le 0), \qquad f(A, B) = 0 \;(B \le 0), \qquad
    f(A, B) = 1 - \frac{1}{36} \sum_{i=1}^{6}\sum_{j=1}^{6} f(B, A - i - j).

Floyd evaluates it in the order ``FOR LARGER := 1 TO 25: GETF(LARGER, K), K < LARGER;
GETF(K, LARGER), K <= LARGER`` and asks (his exercise) which entries of the array ``F``
must be initialised and what its subscript bounds must be.  :func:`run_floyd` executes his
algorithm literally on an instrumented array (exact rationals instead of his ``36.0``), and
records every subscript read and written, which answers the exercise mechanically.

Reference: R. W. Floyd, Stanford CS 106A teaching note "More Dynamic Programming", 1983.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import BadInput, TooLarge
from ..numbers import mpq
from ..results import Result
from .dice import PLAIN, Dice
from .dice import parse as parse_dice

__all__ = ["FloydRun", "run_floyd", "floyd_order", "sum_order"]


@dataclass(frozen=True)
class FloydRun(Result):
    """The result of Floyd's algorithm for targets up to ``size``."""

    SOURCE = "floyd's recurrence"
    VALUES = ("values",)

    size: int
    values: dict = field(repr=False)  # (A, B) -> mpq, 1 <= A, B <= size
    initialised: frozenset = field(repr=False)  # entries read but never computed (must be initialised)
    first_bounds: tuple[int, int]  # min/max of the first subscript used
    second_bounds: tuple[int, int]  # min/max of the second subscript used
    read_before_written: tuple = ()  # computed entries read before GETF wrote them (order errors)
    order: str = ""
    method: str = "floyd's recurrence f(A,B) = 1 - (1/36) sum f(B, A-i-j), exact rationals"

    def __call__(self, a: int, b: int) -> mpq:
        return self.values[(a, b)]


def floyd_order(size: int):
    """Floyd's evaluation order: for LARGER = 1..size, GETF(LARGER, K) for K < LARGER, then GETF(K, LARGER)."""
    for larger in range(1, size + 1):
        for k in range(1, larger):
            yield (larger, k)
        for k in range(1, larger + 1):
            yield (k, larger)


def sum_order(size: int):
    """Floyd's alternative: by increasing A + B."""
    for s in range(2, 2 * size + 1):
        for a in range(max(1, s - size), min(size, s - 1) + 1):
            yield (a, s - a)


def run_floyd(size: int = 25, dice=PLAIN, order: str = "floyd") -> FloydRun:
    """Run Floyd's algorithm literally (floyd, GETF) with exact arithmetic, instrumenting ``F``.

    Entries with second subscript :math:`\\le 0` are the initialised ones (value 0: the
    opponent has already reached his target); every other read must be of an entry the
    order has already computed, else it is recorded in ``read_before_written``.
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise BadInput(f"size must be a whole number >= 1, got {size!r}")
    if size > 400:
        raise TooLarge(f"size {size} is too large for Floyd's table (at most 400)")
    dice = dice if isinstance(dice, Dice) else parse_dice(dice)
    items = [(y, w) for y, w in dice.items()]
    D = dice.denominator
    F: dict = {}
    init: set = set()
    bad = []
    firsts, seconds = [], []
    seq = floyd_order(size) if order == "floyd" else sum_order(size)
    for a, b in seq:
        total = mpq(0)
        for y, w in items:
            key = (b, a - y)
            firsts.append(key[0])
            seconds.append(key[1])
            if key in F:
                v = F[key]
            elif key[1] <= 0:  # f(B, <= 0) = 0: must be initialised
                init.add(key)
                v = mpq(0)
            else:
                bad.append(((a, b), key))
                v = mpq(0)
            total += w * v
        F[(a, b)] = 1 - total / D
        firsts.append(a)
        seconds.append(b)
    return FloydRun(size, {k: v for k, v in F.items()}, frozenset(init), (min(firsts), max(firsts)),
                    (min(seconds), max(seconds)), tuple(bad), order)
