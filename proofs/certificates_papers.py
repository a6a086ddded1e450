"""The certificate builders of the papers' symbolic and table claims (ks69, ju24, zk77, floyd; issue 41).

Loaded with the documents (:mod:`proofs`), like :mod:`proofs.certificates`.  The identities a claim checks with
:func:`exactcube.symbolic.identity` are recorded while it runs (:func:`exactcube.certificates.record_identity`);
a claim whose verdict rests on nothing else gets an ``identities`` certificate, which ``certcheck`` re-decides by
its own expansion (:mod:`certcheck.symbolic`).  A claim resting on more gets a certificate only from a builder
here that covers every result it cites; otherwise it stays uncertified, listed as such.
"""

from __future__ import annotations

import re

import sympy as sp

from exactcube.certificates import builder, spell
from exactcube.numbers import mpq


class NotExpressible(ValueError):
    """A sympy expression outside what :mod:`certcheck.symbolic` reads (sqrt, pi, a symbolic power, ...)."""


def tree(e) -> list:
    """A sympy expression as the JSON tree :mod:`certcheck.symbolic` reads."""
    e = sp.sympify(e)
    if e.is_Rational:
        return ["num", spell(mpq(int(e.p), int(e.q)))]
    if e.is_Symbol:
        return ["var", e.name]
    if e.is_Add:
        return ["+", *(tree(a) for a in e.args)]
    if e.is_Mul:
        return ["*", *(tree(a) for a in e.args)]
    if e.is_Pow:
        b, k = e.args
        if b is sp.E:
            return ["exp", tree(k)]
        if not k.is_Integer and k.is_polynomial() and k.free_symbols and all(v.is_integer for v in k.free_symbols):
            return ["pow", tree(b), tree(k)]  # b^P, P integer-valued (certcheck.symbolic: exp(P log b))
        if not k.is_Integer:
            raise NotExpressible(f"a power with exponent {k}")
        return ["^", tree(b), int(k)]
    if isinstance(e, sp.exp):
        return ["exp", tree(e.args[0])]
    if isinstance(e, sp.log) and len(e.args) == 1:
        return ["log", tree(e.args[0])]
    raise NotExpressible(f"{type(e).__name__}: {sp.sstr(e)[:60]}")


def _witness(lhs, rhs) -> dict | None:
    """Small rational values of the free symbols at which lhs and rhs are defined and differ (None if none of
    the first few tried)."""
    syms = sorted(lhs.free_symbols | rhs.free_symbols, key=lambda s: s.name)
    tries = [sp.Rational(k, 7) for k in (3, 5, 11, 2, 13, 17, 19, 23)]
    for shift in range(len(tries)):
        point = {s: tries[(i + shift) % len(tries)] + i for i, s in enumerate(syms)}
        try:
            a, b = sp.Rational(lhs.subs(point)), sp.Rational(rhs.subs(point))
        except (TypeError, ZeroDivisionError):
            continue
        if a != b:
            return {s.name: spell(mpq(int(v.p), int(v.q))) for s, v in point.items()}
    return None


def identity_certificate(result, identities, name: str | None = None, witness=None) -> dict | None:
    """The ``identities`` certificate of the identities and solutions a claim checked (each once), or None when
    one cannot be written for certcheck (a failing identity without a rational witness, an expression it does not
    read, a solve with other than one solution).  ``witness(lhs, rhs)``: the witness point's search (default
    :func:`_witness`, rational values)."""
    seen, said, given = set(), [], []
    for d in identities:
        try:
            if "unknown" in d:
                if len(d["solutions"]) != 1:
                    return None
                lhs, rhs = d["equation"]
                key = ("solve", sp.srepr(lhs), sp.srepr(rhs), d["unknown"].name)
                entry = {"equation": [tree(lhs), tree(rhs)], "unknown": d["unknown"].name,
                         "solution": tree(d["solutions"][0])}
            else:
                key = (sp.srepr(d["lhs"]), sp.srepr(d["rhs"]))
                entry = {"lhs": tree(d["lhs"]), "rhs": tree(d["rhs"])}
        except NotExpressible:
            return None
        if key in seen:
            continue
        seen.add(key)
        if not d["holds"]:
            w = (witness or _witness)(d["lhs"], d["rhs"])
            if w is None:
                return None
            entry["witness"] = w
        said.append([d["label"] or f"identity {len(said) + 1}", bool(d["holds"])])
        given.append(entry)
    if not given or (all(h for _, h in said) and result.verdict.outcome.value != "verified"):
        return None  # nothing to check, or a verdict the identities alone do not decide
    cert = {"kind": "identities", "asserts": {"identities": said, "outcome": result.verdict.outcome.value},
            "data": {"identities": given}}
    if name:
        cert["name"] = name
    return cert


def cited(verdict) -> list:
    """The provenances of the results a verdict and its parts cite (``rests_on``), in order."""
    provs = list(verdict.rests_on)
    for p in getattr(verdict, "parts", ()) or ():
        provs += list(p.rests_on)
    return provs


def covered_by(verdict, identities) -> bool:
    """Whether every result the verdict (and its parts) cites is one of the recorded identities and solutions."""
    recorded = [d["provenance"] for d in identities]
    provs = cited(verdict)
    return bool(provs) and all(p in recorded for p in provs)


@builder("ks69.*", "ju24.*", "zk77.*", records="identities")
def identities_only(result, identities):
    """A claim whose verdict cites nothing but sympy identities and solutions: those, for certcheck."""
    if not covered_by(result.verdict, identities):
        return []
    cert = identity_certificate(result, identities)
    return [cert] if cert else []


def _grid_claim_identities(result, identities) -> dict | None:
    """The identities certificate of a verified ks69 claim checked on the grids of (8)-(9), or None when its verdict
    cites a result that is neither a recorded identity nor a grid (then the claim gets no certificate)."""
    if result.verdict.outcome.value != "verified":
        return None
    recorded = [d["provenance"] for d in identities]
    if not all(p in recorded or p.method.startswith("ks69 (8)-(9)") for p in cited(result.verdict)):
        return None
    return identity_certificate(result, identities, name=f"{result.claim.id}.identities")


@builder("ks69.sec3.lemma", records="identities")
def doubling_lemma(result, identities):
    """ks69's Lemma beta(i-1, j) < alpha(i, j) < alpha(i-1, j): the grids of (8)-(9) it was checked on (every
    entry re-derived by certcheck) with the inequalities at every cell, and the identity (the weights of (8) sum
    to 1) it cites."""
    from proofs.ks69.raises import FACTORS

    from exactcube.brownian.raises import raising_grid

    ident = _grid_claim_identities(result, identities)
    if ident is None:
        return []
    size = 31
    grids = []
    for fa, fb in FACTORS:
        g = raising_grid(size - 1, size - 1, fa, fb)
        grids.append({"a": spell(fa), "b": spell(fb),
                      "alpha": [[spell(g.alpha(i, j)) for j in range(size)] for i in range(size)],
                      "beta": [[spell(g.beta(i, j)) for j in range(size)] for i in range(size)]})
    return [ident, {"kind": "doubling-lemma",
                    "asserts": {"size": size, "factors": [[g["a"], g["b"]] for g in grids]},
                    "data": {"grids": grids}}]


WALK_METHOD = "hitting chances of the simple symmetric walk on 0..16, exact linear solves"


@builder("ks69.lemma", "ju24.consistency", "zk77.lemma1", records="identities")
def walk_lemma(result, identities):
    """The consistency lemma P = a/(a + b) (:func:`proofs.shared.consistency_lemma_check`): the solve of (1) and
    the identity with (2) (an ``identities`` certificate), and the hitting chances of the simple symmetric walk on
    0..16 at which the printed answer and identity were checked (a ``walk-lemma`` certificate: certcheck re-derives
    every chance from the walk's equations)."""
    from proofs.shared import _walk_hitting

    if result.verdict.outcome.value != "verified":
        return []
    provs = cited(result.verdict)
    recorded = [d["provenance"] for d in identities]
    if not provs or not all(p in recorded or p.method == WALK_METHOD for p in provs):
        return []
    solve_ = next((d for d in identities if "unknown" in d and d["unknown"].name == "P"), None)
    answer = next((d["rhs"] for d in identities if d["label"] == "ks69 Lemma (2)"), None)
    if solve_ is None or answer is None:
        return []
    ident = identity_certificate(result, identities, name=f"{result.claim.id}.identities")
    if ident is None:
        return []
    n = 16
    chances = {f"{lo},{hi}": [spell(mpq(int(x.p), int(x.q))) for x in _walk_hitting(n, lo, hi)]
               for lo in range(n) for hi in range(lo + 2, n + 1)}
    return [ident, {"name": f"{result.claim.id}.walk", "kind": "walk-lemma",
                    "asserts": {"n": n, "answer": tree(answer), "identity": tree(solve_["equation"][0])},
                    "data": {"chances": chances}}]


EDGE_WALK = re.compile(r"the exact solve of the edge walk, n = (\d+)")


@builder("ju24.lemma4.2", records="identities")
def edge_walk_lemma(result, identities):
    """ju24's Lemma 4.2 (the chance of reaching n before 0 from k is k/n): the identities it checks (the printed k/n
    satisfies (4.1) and the boundary values, an ``identities`` certificate) and the exact solves of the edge walk on
    0..m it cites, m up to 200 (a ``walk-lemma`` certificate on the intervals [0, m] alone: certcheck re-derives
    every chance from the walk's equations and evaluates the printed k/n, at a = k and b = m - k, at every state)."""
    from proofs.ju24.triangle.sec4_1 import K_, LEMMA42, N_

    from exactcube.triangle import board as T

    if result.verdict.outcome.value != "verified":
        return []
    recorded = [d["provenance"] for d in identities]
    walks = [EDGE_WALK.fullmatch(p.method) for p in cited(result.verdict) if p not in recorded]
    if not walks or not all(walks):
        return []  # a cited result that is neither a recorded identity nor an edge walk's solve
    ident = identity_certificate(result, identities, name=f"{result.claim.id}.identities")
    if ident is None:
        return []
    a, b, P = sp.symbols("a b P")
    answer = LEMMA42.value.subs({K_: a, N_: a + b}, simultaneous=True)
    n = max(int(w.group(1)) for w in walks)
    chances = {f"0,{m}": [spell(x) for x in T.edge_walk_probabilities(m)[1:-1]] for m in range(1, n + 1)}
    return [ident, {"name": f"{result.claim.id}.walk", "kind": "walk-lemma",
                    "asserts": {"n": n, "edges": True, "answer": tree(answer), "identity": tree(P - answer)},
                    "data": {"chances": chances}}]


def _grid(fa, fb, size):
    from exactcube.brownian.raises import raising_grid

    g = raising_grid(size - 1, size - 1, fa, fb)
    return {"a": spell(fa), "b": spell(fb), "alpha": [[spell(g.alpha(i, j)) for j in range(size)] for i in range(size)],
            "beta": [[spell(g.beta(i, j)) for j in range(size)] for i in range(size)]}


@builder("ks69.eq19-20", records="identities")
def doubling_symmetry(result, identities):
    """ks69 (19)-(20): the identities it checks and the symmetry beta(i, j; a, b) = 1 - alpha(j, i; b, a) on the
    grids of (8)-(9) it was checked on (certcheck re-derives every entry)."""
    ident = _grid_claim_identities(result, identities)
    if ident is None:
        return []
    factors = [(mpq(2), mpq(3)), (mpq(3, 2), mpq(5))]
    grids = [_grid(x, y, 13) for fa, fb in factors for x, y in ((fa, fb), (fb, fa))]
    return [ident, {"name": f"{result.claim.id}.symmetry", "kind": "doubling-symmetry",
                    "asserts": {"size": 13, "factors": [[spell(a), spell(b)] for a, b in factors]},
                    "data": {"grids": grids}}]


@builder("ks69.eq3-5", records="identities")
def unlimited_point(result, identities):
    """ks69 (3)-(5): the identities and the solve of (3) it checks, and the model's unlimited doubling point 4/5
    re-derived for certcheck as the only fixed point of the alternating cube's d = 1 - d/4 (the equation the
    ``alternating-doubles`` kind derives from the gambler's-ruin lemma)."""
    from exactcube.brownian import alternating as alt

    model = alt.thresholds(None)
    recorded = [d["provenance"] for d in identities]
    if result.verdict.outcome.value != "verified" or not all(
            p in recorded or p == model.provenance for p in cited(result.verdict)):
        return []
    d = sp.Symbol("d")
    fixed = {"equation": (d, 1 - d / 4), "unknown": d, "solutions": (sp.Rational(int(model.double.numerator),
                                                                                  int(model.double.denominator)),),
             "holds": True, "label": "the model's unlimited doubling point: the only solution of d = 1 - d/4"}
    cert = identity_certificate(result, list(identities) + [fixed])
    return [cert] if cert else []


@builder("ju24.sec2.1", records="identities")
def one_double(result, identities):
    """ju24 §2.1: the solve of the printed equation and its identity with accepted = declined, and the model's
    one-double point d_1 re-derived for certcheck from d_1 = 1 - d_0/4, d_0 = 1 (the equation of the
    ``alternating-doubles`` kind)."""
    from exactcube.brownian import alternating as alt

    recorded = [d["provenance"] for d in identities]
    if result.verdict.outcome.value != "verified" or not all(
            p in recorded or p.method == "the model's one-double point" for p in cited(result.verdict)):
        return []
    d1 = alt.doubling_point(1)
    model = {"lhs": sp.Rational(int(d1.numerator), int(d1.denominator)), "rhs": 1 - sp.Integer(1) / 4, "holds": True,
             "label": "the model's one-double point is d_1 = 1 - d_0/4 with d_0 = 1"}
    cert = identity_certificate(result, list(identities) + [model])
    return [cert] if cert else []


@builder("floyd.bet")
def race_bet(result, steps):
    """floyd's bet: the race table to 25 (every entry re-derived by certcheck), the break-even chance of 3 to 1
    against the printed 0.25, the bettor's chance 1 - f(25, 25), his expectation and the decision."""
    from proofs.floyd.race25 import ODDS, THRESHOLD

    from exactcube.numbers import parse_printed
    from exactcube.race.floyd import run_floyd

    if result.verdict.outcome.value != "verified":
        return []
    run = run_floyd(25)
    odds, threshold = int(ODDS.value), parse_printed(THRESHOLD.value)
    mine = 1 - run(25, 25)
    ev = odds * mine - (1 - mine)
    table = [[spell(run(a, b)) for b in range(1, 26)] for a in range(1, 26)]
    return [{"kind": "race-bet", "asserts": {"family": "floyd", "size": 25, "odds": odds,
                                             "threshold": spell(threshold), "chance": spell(mine),
                                             "expectation": spell(ev), "decision": "accept" if ev > 0 else "decline"},
             "data": {"table": table}}]


@builder("ks69.theorem2.toss")
def toss_split(result, steps):
    """ks69's case split on the first toss, as printed, refuted at the first cell where it fails (the claim's
    witness), by the binomial laws (certcheck computes them from the statement of Theorem 2)."""
    from proofs.ks69.raises import _RELATION, FACTORS, P_TOSS_SPLIT

    from exactcube.brownian import raises as R

    if result.verdict.outcome.value != "erratum":
        return []
    split = {toss: _RELATION.get(rel, rel) for toss, rel in (p.split() for p in P_TOSS_SPLIT.value.split(","))}
    for fa, fb in FACTORS:
        u, h = R.upset_probability(fa), R.hold_probability(fa)
        for i in range(1, 8):
            for j in range(8):
                prev = R.raising_points_binomial(i - 1, j, fa, fb)
                rel = {"<=": prev.alpha, "<": prev.beta}
                by_split = u * rel[split["tails"]] + h * rel[split["heads"]]
                true = R.raising_points_binomial(i, j, fa, fb).alpha
                if by_split != true:
                    return [{"kind": "toss-split",
                             "asserts": {"a": spell(fa), "b": spell(fb), "i": i, "j": j, "split": split},
                             "data": {"by_split": spell(by_split), "true": spell(true)}}]
    return []


@builder("ks69.theorem2.initial")
def initial_conditions(result, steps):
    """ks69's initial conditions alpha(0, j) = 1 and beta(i, 0) as printed, j, i <= 6 (a = b = 2), and the
    paper's example beta(0, 1) = 1/3 (a = 2, b = 3), against grids certcheck re-derives by (8)-(9)."""
    from proofs.ks69.raises import P_INITIAL_ALPHA, P_INITIAL_BETA

    from exactcube.numbers import parse_rational

    pa, pb = spell(parse_rational(P_INITIAL_ALPHA.value)), spell(parse_rational(P_INITIAL_BETA.value))
    cells = ([["2", "2", "alpha", 0, j, pa] for j in range(7)] + [["2", "2", "beta", i, 0, pb] for i in range(7)]
             + [["2", "3", "beta", 0, 1, "1/3"]])
    grids = [_grid(mpq(2), mpq(2), 7), _grid(mpq(2), mpq(3), 7)]
    tables = {(g["a"], g["b"]): g for g in grids}
    disagree = [k for k, (a, b, w, i, j, v) in enumerate(cells) if tables[(a, b)][w][i][j] != v]
    if ("erratum" if disagree else "verified") != result.verdict.outcome.value:
        return []
    return [{"kind": "doubling-cells", "asserts": {"size": 7, "cells": cells, "disagree": disagree},
             "data": {"grids": grids}}]


def _cube_table(T, dice) -> tuple:
    """A solved cubeful race table (:func:`exactcube.race.cubeful.solve`) as certcheck reads it: the dice ("race"
    for backgammon dice, else totals and chances) and the no-double equities' integer numerators over its scale."""
    from exactcube.race import dice as dm

    spec = "race" if dice == dm.BACKGAMMON else {str(r): spell(mpq(w, dice.denominator)) for r, w in dice.items()}
    n = T.size
    return spec, {"scale": str(T.scale), **{k: [[str(v) for v in getattr(T, k)[x][1:n + 1]] for x in range(1, n + 1)]
                                            for k in ("nd_c", "nd_o", "nd_t")}}


def _cube_thresholds(T, counts) -> list:
    from exactcube.race import cubeful as cf

    return [[x, th.double_from, th.redouble_from, th.take_to] for x in counts for th in [cf.thresholds(x, T)]]


@builder("zk77.table3", "zk77.ks_strategy")
def cube_race(result, steps):
    """zk77's cube races: the money game's equities of counts 1..130 (certcheck re-derives each by the Bellman
    equations), the thresholds at your count 20, 40, 70, 110, and Table 3's printed entries with those the verdict
    finds wrong (zk77.table3, read by zk77.half-pip), or the number of cells where the Keeler-Spencer dice's
    thresholds differ from real dice's (zk77.ks_strategy)."""
    from proofs.zk77.cube import TABLE3_CELLS, TABLE3_COUNTS, TABLE3_PRINTED, _table

    from exactcube.race import dice as dm

    models = [dm.BACKGAMMON] + ([dm.from_spec("5:11/24,10:11/24,20:2/24")] if result.claim.id == "zk77.ks_strategy"
                                else [])
    tables = [_table("backgammon" if d == dm.BACKGAMMON else d.spec(), False) for d in models]
    specs, data = zip(*(_cube_table(T, d) for T, d in zip(tables, models, strict=True)), strict=True)
    found = [_cube_thresholds(T, TABLE3_COUNTS) for T in tables]
    asserts = {"dice": list(specs), "size": tables[0].size, "counts": list(TABLE3_COUNTS), "thresholds": found}
    if result.claim.id == "zk77.table3":
        cells = [(r, x) for r in TABLE3_PRINTED for x in TABLE3_COUNTS]
        wrong = {str(e.where) for e in result.verdict.errata}
        asserts["printed"] = [[r, x, TABLE3_CELLS[(r, x)].value] for r, x in cells]
        asserts["disagree"] = [k for k, c in enumerate(cells) if TABLE3_CELLS[c].where in wrong]
    else:
        asserts["differ"] = sum(a != b for ra, rb in zip(*found, strict=True) for a, b in zip(ra[1:], rb[1:], strict=True))
    return [{"kind": "cube-race", "asserts": asserts, "data": {"tables": list(data)}}]


#: zk77.effective's inversions of Lemma 2 (proofs/zk77/cube.py ``_inversions``) by the names certcheck reads
_EFFECTIVE_NAMES = {("D_A", "(3) with $D_B = 1 - D_A$"): "D_A by (3) with D_B = 1 - D_A",
                    ("D_A", "(1) owned cube"): "D_A by (1)", ("D_A", "(3) with $D_B$ from (2)"): "D_A by (3) with D_B by (2)",
                    ("D_B", "(3) with $D_B = 1 - D_A$"): "D_B by (3) with D_B = 1 - D_A",
                    ("D_B", "(2) opponent owns"): "D_B by (2)", ("D_B", "(3) with $D_A$ from (1)"): "D_B by (3) with D_A by (1)"}


@builder("zk77.effective", "zk77.effective.range", "zk77.effective.trend")
def effective_points(result, steps):
    """zk77's effective doubling points: the race money game's no-double equities and cubeless chances of counts
    1..40 (the even races 40-40, 20-20) or 1..120 (the range over every position, the trend along 15..120), which
    certcheck re-derives by their Bellman equations, with the inversions of Lemma 2 the verdict reads, the printed
    values and those it finds wrong (or where the trend breaks)."""
    from proofs.zk77.cube import (EFFECTIVE_PRINTED, RANGE_ENDS, TREND, _inversions, _table, range_inversions,
                                   trend_breaks)

    from exactcube.race import cubeless as cl
    from exactcube.race import dice as dm
    from exactcube.race import effective as ef

    cid, T = result.claim.id, _table("backgammon", False)
    n = 40 if cid == "zk77.effective" else 120
    full, W, S = _cube_table(T, dm.BACKGAMMON)[1], cl.win_table(n), T.scale
    data = {"scale": full["scale"], **{k: [row[:n] for row in full[k][:n]] for k in ("nd_c", "nd_o", "nd_t")}}
    p = [[W(x, y) * S for y in range(1, n + 1)] for x in range(1, n + 1)]
    if any(v.denominator != 1 for row in p for v in row):
        return []
    data["p"] = [[str(v.numerator) for v in row] for row in p]
    wrong = {str(e.where) for e in result.verdict.errata}
    asserts = {"size": n}
    if cid == "zk77.effective":
        names = list(_EFFECTIVE_NAMES.values())
        inv = {x: _inversions(x, T) for x in (40, 20)}
        vals = {(x, _EFFECTIVE_NAMES[(w, how)]): v for x in inv for w in ("D_A", "D_B") for how, v in inv[x][w].items()}
        keys = [(w, x) for x in (40, 20) for w in ("D_A", "D_B")]
        asserts.update(reading="even", inversions=names, printed=[[w, x, EFFECTIVE_PRINTED[(w, x)].value] for w, x in keys],
                       points=[[x, x, m, spell(vals[(x, m)])] for x in (40, 20) for m in names],
                       disagree=[k for k, c in enumerate(keys) if str(EFFECTIVE_PRINTED[c].where) in wrong])
        outcome = "erratum" if asserts["disagree"] else "verified"
    elif cid == "zk77.effective.range":
        names = ["D_A by (1)", "D_B by (2)"]
        found = {m: [t[:3] for t in v] for m, v in zip(names, range_inversions(T, W, n).values(), strict=True)}
        ext = [t for m in names for t in (min(found[m], key=lambda t: t[0]), max(found[m], key=lambda t: t[0]))]
        keys = list(RANGE_ENDS)
        asserts.update(reading="range", inversions=names, printed=[[w, e, RANGE_ENDS[(w, e)].value] for w, e in keys],
                       points=[[x, y, m, spell(v)] for m, (v, x, y) in zip([m for m in names for _ in (0, 1)], ext,
                                                                           strict=True)],
                       disagree=[k for k, c in enumerate(keys) if str(RANGE_ENDS[c].where) in wrong])
        outcome = "refuted" if asserts["disagree"] else "verified"
    else:
        names, counts = ["D_A by (3) with D_B = 1 - D_A", "D_A by (1)"], list(range(15, 121, 5))
        ips = {x: ef.implied_points(x, x, T) for x in counts}
        pts = {x: (ip.da_symmetric, ip.da_from_owner) for x, ip in ips.items()}
        vals = {(x, m): v for x, vs in pts.items() for m, v in zip(names, vs, strict=True)}
        breaks = [[names[k], a, b] for k, lst in enumerate(trend_breaks(pts, counts, TREND.value)) for a, b in lst]
        asserts.update(reading="trend", inversions=names, printed=TREND.value, counts=counts, breaks=breaks,
                       points=[[x, x, m, spell(vals[(x, m)])] for x in counts for m in names])
        broken = {m for m, _, _ in breaks}
        outcome = "refuted" if broken == set(names) else "open" if broken else "verified"
    if outcome != result.verdict.outcome.value:
        return []
    return [{"kind": "effective-points", "asserts": asserts, "data": data}]
