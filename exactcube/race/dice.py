r"""Dice models of the race: the exact distribution of one turn's total.

A dice model is a finite distribution :math:`f(y)` of the total :math:`y \ge 1` by which
one turn reduces the roller's count (zk77 §"Optimal doubling ... running games": "let
:math:`f(y)` denote the probability that a player's total in one roll is :math:`y`").
It is stored as integer weights over a common denominator,

.. math::

    f(y) = \frac{w_y}{D}, \qquad \sum_y w_y = D, \quad w_y \in \mathbb{Z}_{\ge 0},

so that race computations can run on integer counts of weighted dice sequences over
:math:`D^n` instead of fractions.

* **backgammon** (zk77): two dice, doubles count four times; :math:`D = 36`, 13 totals

  ===== === === === === === === === === === === === === ===
  y      3   4   5   6   7   8   9  10  11  12  16  20  24
  36f    2   3   4   4   6   5   4   2   2   1   1   1   1
  ===== === === === === === === === === === === === === ===

* **plain** (floyd): the sum of two dice, 2..12, :math:`36 f(y) = 6 - |y - 7|`.
* **user** distributions, e.g. ``"5:11/24,10:11/24,20:2/24"``: the model zk77 attributes
  to Keeler and Spencer (totals 5, 10, 20 with probabilities 11/24, 11/24, 2/24).

References: zk77 = Zadeh & Kobliska, Management Science 23 (1977); floyd = R. W. Floyd,
"More dynamic programming" (Stanford teaching note, 1983).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import reduce
from math import gcd

from ..errors import BadInput
from ..numbers import mpq, parse_rational

__all__ = ["Dice", "backgammon", "plain", "from_spec", "parse", "BACKGAMMON", "PLAIN"]

#: Largest single total a user model may have (keeps tables finite and small).
MAX_TOTAL = 1000
#: Largest common denominator a user model may have.
MAX_DENOMINATOR = 10**12


@dataclass(frozen=True)
class Dice:
    """A turn-total distribution: ``weights[y] / denominator`` is :math:`f(y)` (zk77 §4)."""

    name: str
    totals: tuple[int, ...]
    weights: tuple[int, ...]
    denominator: int

    def __post_init__(self):
        if len(self.totals) != len(self.weights) or not self.totals:
            raise BadInput("dice: need at least one total, with one weight per total")
        if any(t < 1 for t in self.totals):
            raise BadInput("dice: every total must be a positive whole number of pips")
        if any(w < 0 for w in self.weights):
            raise BadInput("dice: probabilities must be non-negative")
        if sum(self.weights) != self.denominator:
            raise BadInput("dice: the probabilities must sum to 1")
        if list(self.totals) != sorted(set(self.totals)):
            raise BadInput("dice: totals must be distinct and increasing")

    @property
    def min_total(self) -> int:
        """The smallest total with positive probability (3 for backgammon, 2 for plain)."""
        return min(t for t, w in zip(self.totals, self.weights, strict=True) if w)

    @property
    def max_total(self) -> int:
        return max(t for t, w in zip(self.totals, self.weights, strict=True) if w)

    def probability(self, y: int) -> mpq:
        """:math:`f(y)` exactly."""
        for t, w in zip(self.totals, self.weights, strict=True):
            if t == y:
                return mpq(w, self.denominator)
        return mpq(0)

    def items(self):
        """(total, weight) pairs with positive weight."""
        return [(t, w) for t, w in zip(self.totals, self.weights, strict=True) if w]

    def mean(self) -> mpq:
        """Expected total of one turn (8 1/6 pips for backgammon)."""
        return mpq(sum(t * w for t, w in self.items()), self.denominator)

    def spec(self) -> str:
        """The model as ``total:p`` text that :func:`from_spec` reads back."""
        return ",".join(f"{t}:{w}/{self.denominator}" for t, w in self.items())


def backgammon() -> Dice:
    """Two dice, doubles moving four times the face (docs/zk77.md conventions; 13 totals 3..24)."""
    counts: dict[int, int] = {}
    for i in range(1, 7):
        for j in range(1, 7):
            y = 4 * i if i == j else i + j
            counts[y] = counts.get(y, 0) + 1
    ts = tuple(sorted(counts))
    return Dice("backgammon", ts, tuple(counts[t] for t in ts), 36)


def plain() -> Dice:
    """Plain sum of two dice, 2..12 (floyd: "rolls two dice, getting numbers i and j")."""
    counts: dict[int, int] = {}
    for i in range(1, 7):
        for j in range(1, 7):
            counts[i + j] = counts.get(i + j, 0) + 1
    ts = tuple(sorted(counts))
    return Dice("plain", ts, tuple(counts[t] for t in ts), 36)


BACKGAMMON = backgammon()
PLAIN = plain()


def from_spec(text: str) -> Dice:
    """Parse ``"5:11/24,10:11/24,20:2/24"`` (total:probability, comma separated) exactly.

    Probabilities may be fractions or decimals (``0.25``); they must be non-negative and sum
    to exactly 1; totals must be distinct positive whole numbers.
    """
    if not isinstance(text, str) or not text.strip():
        raise BadInput("dice: empty distribution; use e.g. '5:11/24,10:11/24,20:2/24'")
    probs: dict[int, mpq] = {}
    for part in text.split(","):
        if ":" not in part:
            raise BadInput(f"dice: cannot read {part.strip()!r}; write total:probability, e.g. 5:11/24")
        t_text, p_text = part.split(":", 1)
        t = parse_rational(t_text, "dice total")
        if t.denominator != 1 or t < 1:
            raise BadInput(f"dice: total {t_text.strip()!r} must be a positive whole number")
        if t > MAX_TOTAL:
            raise BadInput(f"dice: total {int(t)} is too large (at most {MAX_TOTAL})")
        p = parse_rational(p_text, "dice probability")
        if p < 0:
            raise BadInput(f"dice: probability {p_text.strip()!r} is negative")
        t = int(t)
        if t in probs:
            raise BadInput(f"dice: total {t} is given twice")
        probs[t] = p
    total = sum(probs.values(), mpq(0))
    if total != 1:
        raise BadInput(f"dice: probabilities sum to {total}, not 1")
    den = reduce(lambda a, b: a * b // gcd(a, b), (int(p.denominator) for p in probs.values()), 1)
    if den > MAX_DENOMINATOR:
        raise BadInput(f"dice: common denominator {den} is too large (at most {MAX_DENOMINATOR})")
    ts = tuple(sorted(t for t, p in probs.items() if p))
    ws = tuple(int(probs[t] * den) for t in ts)
    return Dice(f"user({text.strip()})", ts, ws, den)


def parse(text: str) -> Dice:
    """``backgammon`` | ``plain`` | a ``total:probability,...`` spec (see :func:`from_spec`)."""
    if isinstance(text, Dice):
        return text
    key = (text or "").strip().lower()
    if key in ("backgammon", "bg", "zk77"):
        return BACKGAMMON
    if key in ("plain", "floyd", "sum"):
        return PLAIN
    if ":" not in key:
        raise BadInput(f"dice {text!r}: use backgammon, plain, or a distribution like '5:11/24,10:11/24,20:2/24'")
    return from_spec(text)
