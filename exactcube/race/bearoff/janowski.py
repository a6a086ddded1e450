r"""Janowski's cube efficiency :math:`x`, measured exactly on real bearoff positions.

**Janowski's interpolation** (R. Janowski, "Take-points in money games", 1993; the form
GNU Backgammon uses to turn cubeless chances into cubeful equities, eval.c ``Cl2CfMoney``
and ``MoneyLive``).  With :math:`p` the cubeless chance that the player on roll wins, no
gammons (so the average win and loss are :math:`W = L = 1`), the *dead-cube* equity is
:math:`E_{dead} = 2p - 1` and the *live-cube* equity is piecewise linear between the take
point :math:`TP = (L - \tfrac12)/(W + L + \tfrac12) = \tfrac15` and the cash point
:math:`CP = (L + 1)/(W + L + \tfrac12) = \tfrac45`:

.. math::

    E_{live}^{centred}(p) = \begin{cases} -1 & p < \tfrac15 \\ \tfrac{10p - 5}{3} & \tfrac15 \le p < \tfrac45
        \\ 1 & p \ge \tfrac45 \end{cases}, \quad
    E_{live}^{owned}(p) = \begin{cases} \tfrac{5p}{2} - 1 & p < \tfrac45 \\ 1 & p \ge \tfrac45 \end{cases}, \quad
    E_{live}^{theirs}(p) = \begin{cases} -1 & p < \tfrac15 \\ \tfrac{5p - 3}{2} & p \ge \tfrac15 \end{cases}

and the cubeful equity is :math:`E(x) = (1 - x)\,E_{dead} + x\,E_{live}`.  gnubg takes
:math:`E(x)` as the no-double equity with the cube centred or owned, :math:`2E(x)` with the
opponent owning the cube as double/take, 1 as double/pass; it doubles when both exceed the
no-double equity and the opponent passes when double/take is at least 1.

**The exact x.**  For a pair of positions and a cube state with exact no-double equity
:math:`N` (:mod:`.twosided`: :math:`N_C`, :math:`N_O`, :math:`N_T`), the efficiency that
reproduces it is

.. math::

    x = \frac{N - E_{dead}}{E_{live}(p) - E_{dead}},

an exact rational, undefined where :math:`E_{live}(p) = E_{dead}` (for instance :math:`p = 0`
or :math:`p = 1`).  It need not lie in :math:`[0, 1]`.

**gnubg's race rule** (eval.c ``EvalEfficiency``, ``CLASS_RACE``): :math:`x = 0.55 + 0.00125
\cdot \text{pips}` of the player on roll, clamped to :math:`[0.6, 0.7]`; for positions in its
one-sided bearoff database gnubg uses the constant ``rOSCubeX`` = 0.6.  Rules are scored by
the decisions they make with :math:`E(x)` (double with the cube centred, redouble, take)
against the exact optimum, and the exact equity those decisions lose
(:func:`.realcube.score_decisions`).

**With gammons** (:func:`cubeful_from_chances`, eval.c ``Cl2CfMoney``): :math:`W = 1 +
W_g/p`, :math:`L = 1 + L_g/(1 - p)`, the dead equity is the cubeless equity :math:`2p - 1 +
W_g - L_g`, and the live equity is the broken line through :math:`(0, -L)`, :math:`(TP, -1)`,
:math:`(CP, 1)`, :math:`(1, W)` (owned cube: without :math:`TP`; opponent-owned: without
:math:`CP`), with :math:`TP` and :math:`CP` as above for general :math:`W, L`.

**The one-sided approximation** (the CLI's cubeful equities beyond the exact limit): the
one-sided estimate's chances (:func:`.gammons.one_sided_estimate`) put through
:func:`cubeful_from_chances` with a constant x (default gnubg's 0.6);
:func:`score_one_sided` measures it against an exact table (equity errors after the cube
decision, decisions that lose exact equity).

Floats never decide: every :math:`x`, decision and cost is computed on exact integers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ...numbers import mpq
from ...results import Result
from .positions import checkers, counts_of, pips
from .realcube import RuleScore, pairs_of, score_decisions
from .twosided import Entry, TwoSided

__all__ = ["live_equity", "janowski_equity", "cubeful_from_chances", "ONE_SIDED_X", "score_one_sided",
           "efficiency", "gnubg_race_x", "exact_efficiencies", "EfficiencySummary", "summarise", "score_x_rules",
           "CUBES", "one_sided_win", "OneSidedScore"]

CUBES = ("centred", "mine", "theirs")


def live_equity(p, cube: str, W=1, L=1):
    """Janowski's live-cube equity :math:`E_{live}(p)` (module docstring; gnubg eval.c
    ``MoneyLive``) for cube ``centred``, ``mine`` (owned by the player on roll) or ``theirs``,
    with average win ``W`` and loss ``L`` (1 without gammons): piecewise linear through
    :math:`(0, -L)`, :math:`(TP, -1)`, :math:`(CP, 1)`, :math:`(1, W)`, with
    :math:`TP = (L - \\tfrac12)/(W + L + \\tfrac12)` and :math:`CP = (L + 1)/(W + L + \\tfrac12)`;
    the owned cube skips :math:`TP`, the opponent-owned cube skips :math:`CP`."""
    W, L = mpq(W), mpq(L)
    tp = (L - mpq(1, 2)) / (W + L + mpq(1, 2))
    cp = (L + 1) / (W + L + mpq(1, 2))
    if cube in ("centred", "theirs") and p < tp:
        return -L + (L - 1) * p / tp
    if cube == "theirs":
        return -1 + (W + 1) * (p - tp) / (1 - tp)
    if p >= cp:
        return 1 + (W - 1) * (p - cp) / (1 - cp)
    if cube == "mine":
        return -L + (1 + L) * p / cp
    return -1 + 2 * (p - tp) / (cp - tp)


def janowski_equity(p, x, cube: str):
    """:math:`E(x) = (1 - x)(2p - 1) + x E_{live}(p)` (module docstring)."""
    return (1 - x) * (2 * p - 1) + x * live_equity(p, cube)


#: gnubg's cube-life index for positions in its one-sided bearoff database (``rOSCubeX``).
ONE_SIDED_X = mpq(3, 5)


def cubeful_from_chances(mine, theirs, win, win_gammon, lose_gammon, x=ONE_SIDED_X, jacoby: bool = False) -> Entry:
    r"""No-double cubeful money equities from cubeless chances by Janowski's interpolation with
    gammons (gnubg eval.c ``Cl2CfMoney``): :math:`W = 1 + W_g/p` (1 if :math:`p = 0`),
    :math:`L = 1 + L_g/(1 - p)` (1 if :math:`p = 1`), dead equity :math:`2p - 1 + W_g - L_g`,
    :math:`E(x) = (1 - x) E_{dead} + x E_{live}(p; W, L)` per cube state, as an
    :class:`.twosided.Entry` so that :meth:`.twosided.Entry.decision` reads the cube action the
    way gnubg does (double/take :math:`2E_T(x)`, double/pass 1).  ``jacoby``: gammons count
    single while the cube is centred (the centred state uses :math:`W_g = L_g = 0`)."""
    p, x = mpq(win), mpq(x)

    def E(cube, wg, lg):
        W = 1 + wg / p if p > 0 else mpq(1)
        L = 1 + lg / (1 - p) if p < 1 else mpq(1)
        return (1 - x) * (2 * p - 1 + wg - lg) + x * live_equity(p, cube, W, L)

    wg, lg = mpq(win_gammon), mpq(lose_gammon)
    cw, cl = (mpq(0), mpq(0)) if jacoby else (wg, lg)
    return Entry(tuple(mine), tuple(theirs), p, E("centred", cw, cl), E("mine", wg, lg), E("theirs", wg, lg))


def efficiency(p, nd, cube: str):
    """The exact :math:`x` with :math:`E(x) = N` for the no-double equity ``nd`` (module
    docstring); None where the live and dead equities coincide."""
    dead = 2 * p - 1
    den = live_equity(p, cube) - dead
    return None if den == 0 else (nd - dead) / den


def gnubg_race_x(roller_pips: int):
    """gnubg's race efficiency :math:`0.55 + 0.00125\\,\\text{pips}` clamped to [0.6, 0.7]
    (eval.c ``EvalEfficiency``), exactly."""
    return min(max(mpq(11, 20) + mpq(roller_pips, 800), mpq(3, 5)), mpq(7, 10))


def _live_scaled(P, S, cube):
    """:math:`6S\\,E_{live}(P/S)` as exact integers (object arrays), by the formulas above."""
    if cube == "centred":
        return np.where(5 * P < S, -6 * S, np.where(5 * P < 4 * S, 2 * (10 * P - 5 * S), 6 * S))
    if cube == "mine":
        return np.where(5 * P < 4 * S, 3 * (5 * P - 2 * S), 6 * S)
    return np.where(5 * P < S, -6 * S, 3 * (5 * P - 3 * S))


def exact_efficiencies(t: TwoSided, cached=None) -> dict:
    """Per cube state, an object array (non-empty roller x non-empty opponent, in the
    table's order) of the exact :math:`x` (:class:`mpq`, None where undefined)."""
    idx, _pip, obj = cached or pairs_of(t)
    S = t.scale
    P = obj["P"]
    dead = 6 * (2 * P - S)
    out = {}
    for cube, name in zip(CUBES, ("NC", "NO", "NT"), strict=True):
        num = 6 * obj[name] - dead
        den = _live_scaled(P, S, cube) - dead
        x = np.empty(P.shape, dtype=object)
        flat_n, flat_d, flat_x = num.ravel(), den.ravel(), x.ravel()
        for k in range(flat_x.size):
            d = flat_d[k]
            flat_x[k] = None if d == 0 else mpq(int(flat_n[k]), int(d))
        out[cube] = x
    return out


@dataclass
class EfficiencySummary(Result):
    """Exact x grouped by a property of the pair: per group and cube state, the number of
    pairs where x is defined and its quartiles (exact)."""

    by: str
    rows: list = field(default_factory=list)  # (group label, {cube: (n, q1, median, q3)})
    method: str = "exact x = (N - E_dead) / (E_live - E_dead) at every pair (module docstring), quartiles exact"
    evidence: str = "exact"
    source: str = "Janowski 1993 interpolation as in gnubg eval.c Cl2CfMoney; exact two-sided table"


def _quartiles(vals):
    v = sorted(vals)
    if not v:
        return (0, None, None, None)
    n = len(v)
    return (n, v[(n - 1) // 4], v[(n - 1) // 2], v[(3 * (n - 1)) // 4])


def summarise(t: TwoSided, xs: dict, by: str = "roller pips", groups=None, cached=None) -> EfficiencySummary:
    """Quartiles of the exact x (lower middle values for even counts) per group of pairs:
    ``by`` is ``"roller pips"`` (groups: ranges of the roller's pip count, default 5-pip
    bins) or ``"roller checkers"``."""
    idx, pip, _obj = cached or pairs_of(t)
    if by == "roller checkers":
        prop = np.array([checkers(t.keys[i]) for i in idx])
        groups = groups or [(c, c) for c in range(1, int(prop.max()) + 1)]
    else:
        prop = pip
        top = int(prop.max())
        groups = groups or [(a, min(a + 4, top)) for a in range(1, top + 1, 5)]
    res = EfficiencySummary(by)
    for lo, hi in groups:
        rows = np.nonzero((prop >= lo) & (prop <= hi))[0]
        cells = {}
        for cube in CUBES:
            vals = [v for v in xs[cube][rows].ravel() if v is not None]
            cells[cube] = _quartiles(vals)
        res.rows.append((f"{lo}" if lo == hi else f"{lo}-{hi}", cells))
    return res


def _decisions(t: TwoSided, cached, xnum, xden: int):
    """Decisions (double, redouble, take) by Janowski's E(x) with x = xnum / xden, xnum an
    integer array over roller positions (module docstring): exact integer comparisons."""
    return _decisions_on(cached[2]["P"], t.scale, xnum[:, None].astype(object), xden)[0]


def _decisions_on(P, S: int, a, b: int):
    """Janowski's decisions and equities (no gammons) from the cubeless chances ``P / S``
    (integer array) with x = a / b: the three ``(act, judged)`` pairs (double, redouble,
    take) and the scaled integers :math:`6Sb\\,E` of the equity after the decision with the
    cube centred, owned and opponent-owned, and the scale :math:`6Sb`."""
    dead6 = 6 * (2 * P - S)

    def J(cube):  # 6 S b E(x)
        return (b - a) * dead6 + a * _live_scaled(P, S, cube)

    nd_c, nd_o, dt = J("centred"), J("mine"), 2 * J("theirs")
    dp = 6 * S * b
    dv = np.minimum(dt, dp)
    allj = np.ones(P.shape, dtype=bool)
    decs = ((dv > nd_c).astype(bool), allj), ((dv > nd_o).astype(bool), allj), ((dt < dp).astype(bool), allj)
    return decs, (np.maximum(nd_c, dv), np.maximum(nd_o, dv), dt // 2), dp


def score_x_rules(t: TwoSided, rules: dict, cached=None) -> list[RuleScore]:
    """Score efficiency rules: ``rules`` maps a name to a function of the roller's pip count
    returning an exact x with denominator dividing 20000; errors and exact equity lost as in
    :func:`.realcube.score_decisions`."""
    cached = cached or pairs_of(t)
    idx, _pip, _obj = cached
    roller_pips = [pips(t.keys[i]) for i in idx]
    res = []
    for name, rule in rules.items():
        xs = [rule(p) * 20000 for p in roller_pips]
        if any(v.denominator != 1 for v in xs):
            raise ValueError(f"{name}: x must be a multiple of 1/20000")
        xnum = np.array([int(v) for v in xs], dtype=object)
        res.append(score_decisions(t, name, _decisions(t, cached, xnum, 20000), cached))
    return res


@dataclass
class OneSidedScore(Result):
    """How far the one-sided approximation (one-sided estimate of the cubeless chance, then
    Janowski's interpolation with a constant x) is from the exact cubeful values of a table."""

    x: mpq
    pairs: int
    max_error: dict = field(default_factory=dict)  # cube -> max |E_approx - E_exact| (after the decision)
    mean_error: dict = field(default_factory=dict)  # cube -> mean of the same
    decisions: dict = field(default_factory=dict)  # double/redouble/take -> (differ, judged, exact equity lost)
    method: str = ("one-sided win chance (exact sums over the two one-sided distributions), Janowski's "
                   "E(x) and gnubg's cube decisions, against the exact two-sided table; integers decide")
    evidence: str = "exact"
    source: str = "gnubg eval.c Cl2CfMoney; exact two-sided and one-sided tables of this package"


def one_sided_win(t: TwoSided, cached=None):
    """The one-sided estimate's win chance (:func:`.gammons.one_sided_estimate`: the roller wins
    iff :math:`N_x \\le N_y`) at every non-empty pair of the table, as integers ``P`` over a
    scale ``S`` (a power of 36)."""
    from .onesided import distribution

    idx = (cached or pairs_of(t))[0]
    dists = [distribution(counts_of(t.keys[i])).probabilities for i in idx]
    K = max(len(d) for d in dists)
    S1 = 36 ** K
    A = np.array([[int(p * S1) for p in d] + [0] * (K - len(d)) for d in dists], dtype=object)
    T = np.array([[sum(row[k:]) for k in range(K)] for row in A.tolist()], dtype=object)
    return A.dot(T.T), S1 * S1


def score_one_sided(t: TwoSided, xs, cached=None, win=None, block: int = 256) -> list[OneSidedScore]:
    """For each constant x in ``xs``: the errors of the one-sided approximation against the
    exact table (:class:`OneSidedScore`); cube decisions scored by
    :func:`.realcube.score_decisions` (ties are not errors), ``block`` roller rows at a time.
    No gammons arise (at most 6 or 8 checkers a side)."""
    cached = cached or pairs_of(t)
    idx, pip, obj = cached
    P, S2 = win or one_sided_win(t, cached)
    S = t.scale
    n = P.size
    out = []
    for x in xs:
        x = mpq(x)
        a, b = int(x.numerator), int(x.denominator)
        sc = OneSidedScore(x, n)
        worst = {k: 0 for k in CUBES}
        total = {k: 0 for k in CUBES}
        decided = {d: [0, 0, mpq(0)] for d in ("double", "redouble", "take")}
        for lo in range(0, P.shape[0], block):
            rows = slice(lo, lo + block)
            part = {name: obj[name][rows] for name in ("NC", "NO", "NT")}
            nc, no, nt = part["NC"], part["NO"], part["NT"]
            D = np.minimum(2 * nt, S)
            exact = (np.maximum(nc, D), np.maximum(no, D), nt)
            decs, approx, scale = _decisions_on(P[rows], S2, a, b)
            for cube, ap, ex in zip(CUBES, approx, exact, strict=True):
                err = abs(ap * S - ex * scale)
                worst[cube] = max(worst[cube], int(err.max()))
                total[cube] += int(err.sum())
            rs = score_decisions(t, f"x = {x}", decs, (idx, pip, part))  # its "worst" is unused (rows offset)
            for d in decided:
                decided[d][0] += rs.errors[d]
                decided[d][1] += rs.judged[d]
                decided[d][2] += rs.cost[d]
        for cube in CUBES:
            sc.max_error[cube] = mpq(worst[cube], S * scale)
            sc.mean_error[cube] = mpq(total[cube], S * scale * n)
        sc.decisions = {d: tuple(v) for d, v in decided.items()}
        out.append(sc)
    return out
