r"""zk77's race claims and the race formulas on real bearoff positions (exact two-sided table).

zk77 tests its effective doubling points, and the race formulas are usually tested, in the
*pip-count model* (a side is its pip count; zk77 §"Optimal doubling ... running games").
Here the same questions are asked of real positions of up to six checkers a side
(:mod:`.twosided`), exactly.

* **Pip-model gap**: for every pair :math:`(x, y)` the real winning chance :math:`P(x, y)`
  against the race model's :math:`W(\mathrm{pips}(x), \mathrm{pips}(y))`
  (:func:`exactcube.race.cubeless.win_table`): the largest gap, and the mean gap.
* **Rules scored**: a rule decides double (cube centred), redouble (cube owned) and take
  from the two positions; its *cost* at a pair is the exact equity the acting player loses
  by following it (per unit cube, opponent replying optimally), as in
  :mod:`exactcube.race.rules`: for a double, :math:`\max(N, D) - (\text{rule} ? D : N)` with
  :math:`D = \min(1, 2N_T)`; for a take, :math:`\max(-2N_T, -1) - (\text{take} ? -2N_T : -1)`.
  Exact ties are not errors.  Rules: 8-9-12, Kleinman and Thorp on pip counts
  (:data:`exactcube.race.rules.RULES`); the exact pip-count model's own decisions
  (:mod:`exactcube.race.cubeful` at the two pip counts); and the **Keith count** on the
  positions themselves (:func:`exactcube.race.rules.keith_count` and its thresholds).
  These rules were made for 15-checker races; here they meet short bearoffs.
* **Effective doubling points** (zk77 §3, Lemma 2 inverted as in
  :func:`exactcube.race.effective.points_from_equities`) at pairs with equal pip counts.

Floats never decide here: every extreme, count and cost is computed on exact integers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ...numbers import mpq
from ...results import Result
from ..rules import KEITH_DOUBLE, KEITH_REDOUBLE, KEITH_TAKE, keith_count
from .positions import counts_of, pips
from .twosided import TwoSided

__all__ = ["keith_count", "pip_model_gap", "score_rules", "score_decisions", "RuleScore", "effective_points",
           "PipGap", "pairs_of", "effective_from_entries"]


def pairs_of(t: TwoSided):
    """Non-empty positions: their indices, pip counts, and the exact objects of each field."""
    keep = np.array([k != 0 for k in t.keys])
    idx = np.nonzero(keep)[0]
    pip = np.array([pips(t.keys[i]) for i in idx])
    sub = np.ix_(idx, idx)
    obj = {name: t.objects(name)[sub] for name in ("P", "NO", "NC", "NT")}
    return idx, pip, obj


@dataclass
class PipGap(Result):
    """Real winning chance vs the pip-count model at the same counts."""

    pairs: int
    max_gap: mpq  # max |P_real - W_model|
    at: tuple
    model_at: mpq
    real_at: mpq
    mean_gap: mpq  # mean of P_real - W_model (signed)
    method: str = "exact: real two-sided table vs zk77's race model at equal pip counts"
    evidence: str = "exact"
    source: str = "zk77 race model; this package"


def pip_model_gap(t: TwoSided, _cached=None) -> PipGap:
    """Largest and mean gap between the real and the pip-model cubeless chance (module docstring)."""
    from ..cubeless import win_table

    idx, pip, obj = _cached or pairs_of(t)
    S = t.scale
    W = win_table(int(pip.max()))
    best = None
    total_real, total_model, n = 0, mpq(0), 0
    P = obj["P"]
    for a in np.unique(pip):
        ra = pip == a
        for b in np.unique(pip):
            cell = P[np.ix_(ra, pip == b)]
            w = W(int(a), int(b))
            lo, hi = min(cell.ravel()), max(cell.ravel())
            for v in (lo, hi):
                g = abs(mpq(int(v), S) - w)
                if best is None or g > best[0]:
                    i, j = np.argwhere(cell == v)[0]
                    xi = idx[np.nonzero(ra)[0][i]]
                    yi = idx[np.nonzero(pip == b)[0][j]]
                    best = (g, (counts_of(t.keys[xi]), counts_of(t.keys[yi])), w, mpq(int(v), S))
            total_real += int(cell.sum())
            total_model += cell.size * w
            n += cell.size
    mean = (mpq(total_real, S) - total_model) / n
    return PipGap(n, best[0], best[1], best[2], best[3], mean)


@dataclass
class RuleScore(Result):
    """One rule's decision errors and exact equity lost over all real pairs."""

    SOURCE = 'race formulas (8-9-12, Thorp, Keith, Kleinman) scored on real bearoffs'

    rule: str
    judged: dict = field(default_factory=dict)
    errors: dict = field(default_factory=dict)
    cost: dict = field(default_factory=dict)  # total exact equity lost
    worst: dict = field(default_factory=dict)  # decision -> (cost, (x, y))
    method: str = "exact costs on the real two-sided table (module docstring)"
    evidence: str = "exact"


def _decisions_from_pips(pip, f):
    """Tabulate a pip-count predicate ``f(x, y) -> bool | None`` for all pairs (bool, judged)."""
    m = int(pip.max())
    tab = np.zeros((m + 1, m + 1), dtype=bool)
    ok = np.zeros((m + 1, m + 1), dtype=bool)
    for a in np.unique(pip):
        for b in np.unique(pip):
            r = f(int(a), int(b))
            if r is not None:
                tab[a, b], ok[a, b] = bool(r), True
    return tab[np.ix_(pip, pip)], ok[np.ix_(pip, pip)]


def _rule_tables(t, idx, pip):
    """Decision arrays (double, redouble, take) and judged masks for every rule."""
    from ..cubeful import solve
    from ..rules import RULES

    out = {}
    for _name, rule in RULES.items():
        out[rule.name] = tuple(_decisions_from_pips(pip, f) for f in (rule.double, rule.redouble, rule.take))
    race = solve(int(pip.max()))
    out["pip-count model (exact race)"] = (
        _decisions_from_pips(pip, lambda a, b: race.should_double(a, b, "centred")),
        _decisions_from_pips(pip, lambda a, b: race.should_double(a, b, "mine")),
        _decisions_from_pips(pip, lambda a, b: race.should_take(a, b)))
    k = np.array([keith_count(counts_of(t.keys[i])) for i in idx])
    diff = (k + k // 7)[:, None] - k[None, :]
    allj = np.ones_like(diff, dtype=bool)
    out["Keith"] = ((diff <= KEITH_DOUBLE, allj), (diff <= KEITH_REDOUBLE, allj), (diff >= KEITH_TAKE, allj))
    return out


def score_rules(t: TwoSided, _cached=None) -> list[RuleScore]:
    """Every rule's errors and exact cost on every real pair (module docstring)."""
    idx, pip, obj = _cached or pairs_of(t)
    return [score_decisions(t, name, decs, (idx, pip, obj)) for name, decs in _rule_tables(t, idx, pip).items()]


def score_decisions(t: TwoSided, name: str, decs, cached) -> RuleScore:
    """Errors and exact equity lost (module docstring) of the decisions ``decs``: three
    ``(act, judged)`` pairs of boolean arrays over the non-empty pairs (double with the cube
    centred, redouble, take), ``cached`` being ``pairs_of(t)``."""
    idx, _pip, obj = cached
    S = t.scale
    nc, no, nt = obj["NC"], obj["NO"], obj["NT"]
    dt = 2 * nt
    D = np.minimum(dt, S)
    best = {"double": np.maximum(nc, D), "redouble": np.maximum(no, D)}
    take_best = np.maximum(-dt, -S)
    sc = RuleScore(name)
    for dec, (act, judged) in zip(("double", "redouble", "take"), decs, strict=True):
        if dec == "take":
            got = np.where(act, -dt, -S)
            cost = take_best - got
        else:
            got = np.where(act, D, nc if dec == "double" else no)
            cost = best[dec] - got
        cost = np.where(judged, cost, 0)
        wrong = (cost > 0).astype(bool)
        sc.judged[dec] = int(judged.sum())
        sc.errors[dec] = int(wrong.sum())
        sc.cost[dec] = mpq(int(cost.sum()), S)
        if wrong.any():
            flat = int(np.argmax(cost))
            i, j = divmod(flat, cost.shape[1])
            sc.worst[dec] = (mpq(int(cost[i, j]), S),
                             (counts_of(t.keys[idx[i]]), counts_of(t.keys[idx[j]])))
    return sc


@dataclass
class EffectivePoints(Result):
    """Implied effective doubling points over the real pairs with given pip counts."""

    SOURCE = 'zk77 Lemma 2 (1)-(3) on real bearoff positions'

    pips: int
    pairs: int
    da_owner: tuple  # (min, median, max) of D_A from zk77 (1)
    db_opponent: tuple  # (min, median, max) of D_B from (2)
    da_symmetric: tuple  # (min, median, max) of D_A from (3) with D_B = 1 - D_A
    #: every pair's D_A by (1) and D_B by (2), sorted, each as (value, checkers of the player on roll, of the other)
    da_values: tuple = field(default=(), repr=False)
    db_values: tuple = field(default=(), repr=False)
    method: str = "zk77 Lemma 2 inverted at every real pair with equal pip counts (exact)"
    evidence: str = "exact"


def effective_points(t: TwoSided, count: int, _cached=None) -> EffectivePoints | None:
    """D_A, D_B implied by the exact real equities at every pair with ``count`` pips a side
    (zk77 §3 "effective doubling points"); None if no such pair."""
    from .twosided import Entry

    idx, pip, obj = _cached or pairs_of(t)
    sel = np.nonzero(pip == count)[0]
    if len(sel) == 0:
        return None
    S = t.scale
    return effective_from_entries(count, (
        Entry(counts_of(t.keys[idx[i]]), counts_of(t.keys[idx[j]]), mpq(int(obj["P"][i, j]), S),
              mpq(int(obj["NC"][i, j]), S), mpq(int(obj["NO"][i, j]), S), mpq(int(obj["NT"][i, j]), S))
        for i in sel for j in sel))


def effective_from_entries(count: int, entries) -> EffectivePoints | None:
    """zk77 Lemma 2 (1)-(3) inverted (:func:`exactcube.race.effective.points_from_equities`)
    at every given pair (:class:`.twosided.Entry`, all with ``count`` pips a side): the
    (min, median, max) of each implied point, and every pair's D_A by (1) and D_B by (2)
    with the checker counts of the two sides; None if there is no pair."""
    from ..effective import points_from_equities

    vals = {"da": [], "db": [], "ds": []}
    tagged = {"da": [], "db": []}
    n = 0
    for e in entries:
        n += 1
        eq = {c: e.equity(c) for c in ("centred", "mine", "theirs")}
        da, db, ds, _ = points_from_equities(e.win, eq["centred"], eq["mine"], eq["theirs"])
        for k, v in (("da", da), ("db", db), ("ds", ds)):
            if v is not None:
                vals[k].append(v)
                if k in tagged:
                    tagged[k].append((v, sum(e.mine), sum(e.theirs)))
    if n == 0:
        return None

    def rng(v):
        """(min, median, max); the median of an even count is the lower middle value."""
        v = sorted(v)
        return (v[0], v[(len(v) - 1) // 2], v[-1]) if v else (None, None, None)

    return EffectivePoints(count, n, rng(vals["da"]), rng(vals["db"]), rng(vals["ds"]),
                           tuple(sorted(tagged["da"])), tuple(sorted(tagged["db"])))
