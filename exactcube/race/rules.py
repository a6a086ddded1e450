r"""Pip-count rules of thumb against the exact race cube strategy, and Janowski's cube efficiency.

The exact strategy is :mod:`exactcube.race.cubeful` (zk77's race model, money game, no
gammons).  Each rule decides, for the player on roll with count :math:`x` against
:math:`y` (:math:`\delta = y - x`), whether to double (cube centred), to redouble (cube
owned), and whether the opponent should take.

* **8-9-12 rule** (Trice, *Backgammon Boot Camp*): with the lead
  :math:`\lambda = (y - x)/x`, double iff :math:`\lambda \ge 8\%`, redouble iff
  :math:`\lambda \ge 9\%`, take iff :math:`\lambda \le 12\%`.
* **Kleinman count**: :math:`K = (\delta + 4)^2/(S - 4)`, :math:`S = x + y`, with winning-chance
  estimate :math:`\hat p = \tfrac12\bigl(1 + \operatorname{erf}\bigl((\delta + 4)/(2\sqrt{S-4})\bigr)\bigr)`
  (so :math:`\hat p` is increasing in :math:`K` when :math:`\delta + 4 > 0`).  Decisions use
  the key values usually quoted with it (rec.games.backgammon, Johansen 2001): double iff
  :math:`K \ge 1/2` (:math:`\hat p \approx 0.69`), redouble iff :math:`K \ge 7/10`
  (:math:`\approx 0.72`), take iff :math:`K \le 6/5` (:math:`\approx 0.78`); all need
  :math:`\delta + 4 > 0`.  Undefined for :math:`S \le 4` (such cells are skipped).
* **Keith count** (Tom Keith; bkgm.com glossary), on positions rather than pip counts
  (:func:`keith_count`, scored on real bearoffs by :mod:`exactcube.race.bearoff.realcube`):
  pips, plus 2 for each checker beyond one on the 1 point, 1 for each beyond one on the 2
  point, 1 for each beyond three on the 3 point, 1 for each empty point among 4, 5, 6; the
  roller adds a seventh of his count (rounded down); with :math:`d` the roller's count minus
  the opponent's, double iff :math:`d \le 4`, redouble iff :math:`d \le 3`, take iff
  :math:`d \ge 2` (:data:`KEITH_DOUBLE`, :data:`KEITH_REDOUBLE`, :data:`KEITH_TAKE`).
* **Thorp count, straight on pips** (E. O. Thorp; no checker adjustments, as the race
  model has none): the roller's count :math:`L = x`, increased by 10% when :math:`x > 30`;
  double iff :math:`L - y \le 2`, redouble iff :math:`L - y \le 1`, take iff
  :math:`y - L \le 2`.

**Kleinman's estimate against the exact chance** (:func:`kleinman_bands`): per band of the
roller's count, over the positions whose exact cubeless chance lies in the doubling window
:data:`KLEINMAN_WINDOW` (:math:`1/2 \le p \le 9/10`), the largest
:math:`|\hat p - p|`, an arb ball (:math:`\hat p` is transcendental).

All rule tests are exact rational comparisons.  The *cost* of a wrong action is the exact
equity lost by the player who takes it (per unit cube): for a double,
:math:`E - (\text{equity of the rule's action})` with the opponent replying optimally; for a
take decision, the taker's loss.  Cells where both actions are exactly equal in equity
are not errors.

**Janowski's interpolation.**  :math:`E = E_{\mathrm{dead}}(1 - x) + E_{\mathrm{live}}\,x` with
:math:`E_{\mathrm{dead}} = 2p - 1` and the live (continuous, no-gammon) equities of zk77
Lemma 2 at :math:`D_A = 4/5`, :math:`D_B = 1/5`.  The efficiency the exact equities imply
is fitted per band of the roller's pip count by exact least squares,
:math:`x^* = \sum (E - E_d)(E_l - E_d) / \sum (E_l - E_d)^2`, over the positions with
:math:`1/5 \le p \le 4/5`, and compared with the race rule used by GNU Backgammon,
:math:`x = 0.55 + 0.00125 \cdot \text{pips of the player on roll}`, clamped to
:math:`[0.6, 0.7]`.

References: zk77 (race model); Keeler & Spencer (1975) and Janowski (1993) for the live cube.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import BadInput
from ..numbers import ball_precision, mpq
from ..results import Result
from .cubeful import CubefulTable, solve

__all__ = [
    "Rule",
    "RULES",
    "rule_8_9_12",
    "rule_kleinman",
    "rule_thorp",
    "kleinman_K",
    "kleinman_estimate",
    "KLEINMAN_WINDOW",
    "keith_count",
    "KEITH_DOUBLE",
    "KEITH_REDOUBLE",
    "KEITH_TAKE",
    "KleinmanBand",
    "kleinman_bands",
    "count_bands",
    "ErrorCell",
    "RuleReport",
    "compare_rule",
    "compare_all",
    "live_equity",
    "engine_efficiency",
    "EfficiencyBand",
    "efficiency_bands",
]


@dataclass(frozen=True)
class Rule:
    """A rule of thumb: three exact predicates of (x, y); ``None`` means "not applicable"."""

    name: str
    double: Callable[[int, int], bool | None] = field(repr=False)
    redouble: Callable[[int, int], bool | None] = field(repr=False)
    take: Callable[[int, int], bool | None] = field(repr=False)
    source: str = ""


def _lead(x, y):
    return mpq(y - x, x)


rule_8_9_12 = Rule(
    "8-9-12",
    lambda x, y: _lead(x, y) >= mpq(8, 100),
    lambda x, y: _lead(x, y) >= mpq(9, 100),
    lambda x, y: _lead(x, y) <= mpq(12, 100),
    "double at a lead of 8% of the roller's count, redouble at 9%, take up to 12%",
)


def kleinman_K(x: int, y: int) -> mpq | None:
    """Kleinman's :math:`K = (\\delta + 4)^2 / (S - 4)` (None when :math:`S \\le 4`)."""
    s = x + y - 4
    if s <= 0:
        return None
    return mpq((y - x + 4) ** 2, s)


def _kl(threshold, ge=True):
    def f(x, y):
        k = kleinman_K(x, y)
        if k is None:
            return None
        if ge:
            return y - x + 4 > 0 and k >= threshold
        return y - x + 4 <= 0 or k <= threshold
    return f


rule_kleinman = Rule(
    "Kleinman",
    _kl(mpq(1, 2)),
    _kl(mpq(7, 10)),
    _kl(mpq(6, 5), ge=False),
    "K = (D+4)^2/(S-4): double K >= 1/2, redouble K >= 7/10, take K <= 6/5",
)


def _thorp_L(x):
    return mpq(11 * x, 10) if x > 30 else mpq(x)


rule_thorp = Rule(
    "Thorp",
    lambda x, y: _thorp_L(x) - y <= 2,
    lambda x, y: _thorp_L(x) - y <= 1,
    lambda x, y: y - _thorp_L(x) <= 2,
    "L = count (+10% if > 30): double L - y <= 2, redouble L - y <= 1, take y - L <= 2",
)

RULES = {"8-9-12": rule_8_9_12, "kleinman": rule_kleinman, "thorp": rule_thorp}


def keith_count(counts) -> int:
    """Tom Keith's adjusted count of a side with ``counts`` checkers on points 1..6 (module docstring), before
    the roller's seventh."""
    c = [int(v) for v in counts]
    k = sum((i + 1) * v for i, v in enumerate(c))
    k += 2 * max(c[0] - 1, 0) + max(c[1] - 1, 0) + max(c[2] - 3, 0)
    k += sum(1 for v in c[3:6] if v == 0)
    return k


#: Keith's thresholds on :math:`d` = the roller's count (plus its seventh, rounded down) minus the opponent's
#: (module docstring): double iff :math:`d \le 4`, redouble iff :math:`d \le 3`, take iff :math:`d \ge 2`.
KEITH_DOUBLE, KEITH_REDOUBLE, KEITH_TAKE = 4, 3, 2


def kleinman_estimate(x: int, y: int, prec: int = 64):
    """Kleinman's winning-chance estimate :math:`\\tfrac12(1 + \\mathrm{erf}((\\delta+4)/(2\\sqrt{S-4})))` as an arb ball."""
    import flint

    s = x + y - 4
    if s <= 0:
        raise BadInput(f"Kleinman's estimate needs x + y > 4, got {x} + {y}")
    with ball_precision(prec):
        z = flint.arb(y - x + 4) / (2 * flint.arb(s).sqrt())
        return (1 + z.erf()) / 2


#: The exact cubeless chances over which :func:`kleinman_bands` scores Kleinman's estimate: the doubling
#: window, from an even race to 9/10, beyond the Kleinman count's take limit (:math:`K = 6/5`,
#: :math:`\hat p \approx 0.78`).
KLEINMAN_WINDOW = (mpq(1, 2), mpq(9, 10))


def count_bands(lo: int, hi: int, width: int) -> list[tuple[int, int]]:
    """The bands ``(lo, lo + width - 1), (lo + width, ...), ...`` of the counts ``lo..hi``, the last one cut
    at ``hi``."""
    return [(a, min(hi, a + width - 1)) for a in range(lo, hi + 1, width)]


@dataclass(frozen=True)
class KleinmanBand(Result):
    r"""Kleinman's estimate against the exact chance over one band of the roller's count (module
    docstring): the positions scored, the largest :math:`|\hat p - p|` (an arb ball; None when no
    position lies in :data:`KLEINMAN_WINDOW`) and the position (x, y) where it is."""

    SOURCE = "Kleinman's estimate (Johansen 2001) scored against the exact race chance (zk77 model)"
    #: the largest error is an arb ball (rigorous); no position in the window: nothing inexact was computed
    VALUES = ("worst",)

    lo: int
    hi: int
    positions: int
    worst: Any = None
    at: tuple[int, int] | None = None


def kleinman_bands(win, size: int, band: int = 10, min_count: int = 1, prec: int = 64) -> list[KleinmanBand]:
    r"""Kleinman's winning-chance estimate (:func:`kleinman_estimate` at ``prec`` bits) against the exact chance
    ``win(x, y)`` (e.g. a :class:`~exactcube.race.cubeless.WinTable`), per band of the roller's count
    (:func:`count_bands` of ``min_count..size``), over :math:`1 \le y \le` ``size``, :math:`x + y > 4`, with
    the exact chance in :data:`KLEINMAN_WINDOW`: the largest error as a ball (the one of largest midpoint)."""
    from ..algebraic import to_ball

    low, high = KLEINMAN_WINDOW
    out = []
    for lo, hi in count_bands(min_count, size, band):
        worst, at, n = None, None, 0
        for x in range(lo, hi + 1):
            for y in range(1, size + 1):
                if x + y <= 4:
                    continue
                p = win(x, y)
                if not low <= p <= high:
                    continue
                exact = to_ball(p)
                err = abs(kleinman_estimate(x, y, prec) - exact)
                n += 1
                if worst is None or err.mid() > worst.mid():
                    worst, at = err, (x, y)
        out.append(KleinmanBand(lo, hi, n, worst, at))
    return out


@dataclass(frozen=True)
class ErrorCell:
    """One position where a rule's action differs from the exact one, and its exact cost."""

    decision: str  # double | redouble | take
    mine: int
    theirs: int
    rule_says: bool
    exact_says: bool
    cost: mpq


@dataclass(frozen=True)
class RuleReport(Result):
    """A rule against the exact strategy over all positions 1 <= y <= N, lo <= x <= N."""

    SOURCE = 'race formulas scored against the exact race'
    VALUES = ("cells", "errors")

    rule: str
    size: int
    min_count: int
    cells: dict = field(repr=False)  # decision -> number of positions judged
    errors: tuple[ErrorCell, ...] = field(repr=False)
    skipped: int = 0  # positions where the rule is undefined

    def count(self, decision: str) -> int:
        return sum(1 for e in self.errors if e.decision == decision)

    def total_cost(self, decision: str) -> mpq:
        return sum((e.cost for e in self.errors if e.decision == decision), mpq(0))

    def worst(self, decision: str) -> ErrorCell | None:
        es = [e for e in self.errors if e.decision == decision]
        return max(es, key=lambda e: (e.cost, -e.mine, -e.theirs)) if es else None


def compare_rule(rule: Rule, table: CubefulTable, min_count: int = 1, size: int | None = None) -> RuleReport:
    """Every position where ``rule`` acts differently from the exact strategy, with the exact cost."""
    N = table.size if size is None else size
    if N > table.size:
        raise BadInput(f"size {N} exceeds the solved table ({table.size})")
    one = table.scale
    errors = []
    skipped = 0
    judged = {"double": 0, "redouble": 0, "take": 0}
    for x in range(min_count, N + 1):
        for y in range(1, N + 1):
            ndc, ndo, ndt = table.nd_c[x][y], table.nd_o[x][y], table.nd_t[x][y]
            dt = 2 * ndt
            db = min(one, dt)
            for dec, nd, pred in (("double", ndc, rule.double), ("redouble", ndo, rule.redouble)):
                r = pred(x, y)
                if r is None:
                    skipped += 1
                    continue
                judged[dec] += 1
                best = max(nd, db)
                got = db if r else nd
                if got != best:
                    errors.append(ErrorCell(dec, x, y, bool(r), db > nd, mpq(best - got, one)))
            r = rule.take(x, y)
            if r is None:
                skipped += 1
                continue
            judged["take"] += 1
            # the taker's equity per unit of the cube before the double: take -dt, pass -1
            best = max(-dt, -one)
            got = -dt if r else -one
            if got != best:
                errors.append(ErrorCell("take", x, y, bool(r), -dt >= -one, mpq(best - got, one)))
    return RuleReport(rule.name, N, min_count, judged, tuple(errors), skipped)


def compare_all(size: int = 120, min_count: int = 1, table: CubefulTable | None = None) -> dict[str, RuleReport]:
    """:func:`compare_rule` for the three rules of :data:`RULES`."""
    table = table if table is not None and table.size >= size else solve(size)
    return {k: compare_rule(r, table, min_count, size) for k, r in RULES.items()}


# -- Janowski ---------------------------------------------------------------------

TP, CP = mpq(1, 5), mpq(4, 5)


def live_equity(p, cube: str) -> mpq:
    """Continuous-game (live cube) money equity without gammons: zk77 Lemma 2 with D_A = 4/5, D_B = 1/5."""
    if cube == "centred":
        if p <= TP:
            return mpq(-1)
        if p >= CP:
            return mpq(1)
        return -1 + 2 * (p - TP) / (CP - TP)
    if cube == "mine":
        return mpq(1) if p >= CP else -1 + 2 * p / CP
    if cube == "theirs":
        return mpq(-1) if p <= TP else -1 + 2 * (p - TP) / (1 - TP)
    raise BadInput(f"cube {cube!r}: use centred, mine or theirs")


def engine_efficiency(pips: int) -> mpq:
    """GNU Backgammon's race cube efficiency: 0.55 + 0.00125 * pips, clamped to [0.6, 0.7]."""
    x = mpq(55, 100) + mpq(125, 100000) * pips
    return min(mpq(7, 10), max(mpq(6, 10), x))


@dataclass(frozen=True)
class EfficiencyBand(Result):
    """Janowski efficiency implied by the exact equities over a band of the roller's pip count."""

    SOURCE = 'race formulas scored against the exact race'
    VALUES = ("implied", "engine_mean", "mean_abs_error_engine")

    lo: int
    hi: int
    cube: str
    positions: int
    implied: mpq | None  # exact least-squares x*
    engine_mean: mpq | None  # mean of the engine's x over the same positions
    mean_abs_error_engine: mpq | None  # mean |E_janowski(engine x) - E_exact|


def efficiency_bands(table: CubefulTable, win, size: int | None = None, band: int = 10,
                     cubes=("centred", "mine", "theirs")) -> list[EfficiencyBand]:
    """Exact least-squares Janowski :math:`x^*` per band of the roller's pips, against the engine's rule.

    ``win(x, y)`` is the exact cubeless chance (e.g. a :class:`~exactcube.race.cubeless.WinTable`).
    """
    N = table.size if size is None else size
    out = []
    for lo, hi in count_bands(1, N, band):
        for cube in cubes:
            num = den = mpq(0)
            n = 0
            eng = mpq(0)
            err = mpq(0)
            for x in range(lo, hi + 1):
                ex = engine_efficiency(x)
                for y in range(1, N + 1):
                    p = win(x, y)
                    if not (TP <= p <= CP):
                        continue
                    e = table.equity(x, y, cube)
                    ed = 2 * p - 1
                    el = live_equity(p, cube)
                    num += (e - ed) * (el - ed)
                    den += (el - ed) ** 2
                    n += 1
                    eng += ex
                    err += abs(ed * (1 - ex) + el * ex - e)
            out.append(EfficiencyBand(lo, hi, cube, n, num / den if den else None,
                                      eng / n if n else None, err / n if n else None))
    return out
