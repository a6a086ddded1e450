"""The certificate builders of the built-in claims (:mod:`exactcube.certificates`), one per claim kind.

Each builder reads the claim's verdict (its witness, its errata) and the exact results it rests on, and returns
the certificates' ``asserts`` and ``data``; the sentence each certifies is written by the checker's own
``describe`` (:func:`certcheck.core.certified_sentence`), so producer and checker cannot say different things.
"""

from __future__ import annotations

from exactcube.certificates import builder, spell
from exactcube.numbers import mpq, parse_printed


# ---------------------------------------------------------------------------------------------------------------
# (a) noisy: 1-pile Nim at rational eps
# ---------------------------------------------------------------------------------------------------------------

def nim_tables(n: int, grid, values: bool = True) -> list[dict]:
    """p(0..n), the optimal moves and (``values``) every move's value of every heap 1..n at each eps of ``grid``."""
    from exactcube.noisy.nim import solve_nim

    out = []
    for e in grid:
        s = solve_nim(n, e)
        t = {"eps": spell(e), "p": [spell(x) for x in s.p[:n + 1]],
             "optimal": {str(h): [int(m) for m in s.optimal[h]] for h in range(1, n + 1)}}
        if values:
            t["values"] = {str(h): [spell(x) for x in s.move_values(h)] for h in range(1, n + 1)}
        out.append(t)
    return out


@builder(*(f"noisy.appendix.n{n}" for n in range(4, 11)))
def appendix_table(result, steps):
    """The Appendix table of n chips: the exact game at every printed eps and the printed cells."""
    from proofs.noisy.appendix_data import APPENDIX

    n = int(result.claim.id.rsplit("n", 1)[1])
    rows = APPENDIX[n]
    grid = [parse_printed(e) for e, _, _ in rows]
    printed = []
    for e, p, opt in rows:
        printed += [[spell(parse_printed(e)), "p", p], [spell(parse_printed(e)), "opt", opt]]
    disagree = []
    for er in result.verdict.errata:
        if er.kind.value in ("substantive", "misprint"):
            where = str(er.where)  # "noisy.nim row 0.77, column opt."
            row, col = where.split(" row ", 1)[1].split(", column ")
            disagree.append([spell(parse_printed(row)), "opt" if col.startswith("opt") else "p"])
    return [{"kind": "nim-table", "asserts": {"heap": n, "eps": [spell(e) for e in grid], "printed": printed,
                                              "disagree": disagree},
             "data": {"tables": nim_tables(n, grid)}}]


@builder("noisy.conjecture10")
def conjecture10_witness(result, steps):
    """The counterexample to Conjecture 10: at the witness's heap and eps the conjectured move n - 1 is not
    optimal (every smaller heap re-derived by (5))."""
    from exactcube.noisy.nim import solve_nim

    if result.verdict.outcome.value != "refuted":
        return []
    row = result.verdict.witness.parts[0].rows[0]
    n, e, conj = (int(row[i].parts[0].value) if i != 1 else mpq(row[i].parts[0].value) for i in (0, 1, 4))
    better = int(str(row[2].parts[0].text).split(",")[0])
    s = solve_nim(n - 1, e)
    return [{"kind": "nim-refutation",
             "asserts": {"heap": n, "eps": spell(e), "statement": "optimal-move", "move": conj, "better": better},
             "data": {"p": [spell(x) for x in s.p[:n]]}}]


# ---------------------------------------------------------------------------------------------------------------
# (b) exact recurrence tables
# ---------------------------------------------------------------------------------------------------------------

@builder("floyd.f25")
def floyd_table(result, steps):
    """Floyd's f(A, B), 1 <= A, B <= 25, every entry re-computed from the ones it reads; f(25, 25)."""
    from exactcube.race.floyd import run_floyd

    run = run_floyd(25)
    table = [[spell(run(a, b)) for b in range(1, 26)] for a in range(1, 26)]
    return [{"kind": "recurrence", "asserts": {"family": "floyd", "size": 25, "values": [[25, 25, spell(run(25, 25))]]},
             "data": {"table": table}}]


@builder("zk77.recursion")
def race_table(result, steps):
    """The backgammon race f(a, b), 1 <= a, b <= 80 (the claim's range), by the position recursion."""
    from exactcube.race import cubeless as cl
    from exactcube.race import dice as dm

    size = 80
    f = cl.win_table(size, dm.BACKGAMMON)
    table = [[spell(f(a, b)) for b in range(1, size + 1)] for a in range(1, size + 1)]
    return [{"kind": "recurrence", "asserts": {"family": "race", "size": size}, "data": {"table": table}}]


@builder("ks69.table1", "ks69.table2")
def doubling_points_table(result, steps):
    """ks69 Tables I and II: alpha(i, j), beta(i, j), 0 <= i, j <= 9, a = b = 2, by (8)-(9); the printed alpha
    cells (Table I) or the printed expected gains by (19) (Table II)."""
    from proofs.ks69.tables import PUBLISHED_1, PUBLISHED_2, _grid

    from exactcube.brownian.raises import raising_grid

    if any(e.kind.value in ("substantive", "misprint") for e in result.verdict.errata):
        return []  # the places of wrong cells are not carried over yet: no certificate rather than a wrong one
    size = 10
    g = raising_grid(size - 1, size - 1, 2, 2)
    cells = [(i, j) for i in range(size) for j in range(size)]
    data = {"alpha": [[spell(g.alpha(i, j)) for j in range(size)] for i in range(size)],
            "beta": [[spell(g.beta(i, j)) for j in range(size)] for i in range(size)]}
    if result.claim.id == "ks69.table1":
        pub = _grid(PUBLISHED_1)
        asserts = {"size": size, "a": "2", "b": "2", "disagree": [], "printed": [[i, j, pub[i][j]] for i, j in cells]}
    else:
        pub = _grid(PUBLISHED_2)
        asserts = {"size": size, "a": "2", "b": "2", "disagree": [], "printed": [], "disagree_values": [],
                   "printed_values": [[i, j, pub[i][j]] for i, j in cells]}
        data["values"] = [[spell(g.value(i, j).value) for j in range(size)] for i in range(size)]
    return [{"kind": "doubling-points", "asserts": asserts, "data": data}]


# ---------------------------------------------------------------------------------------------------------------
# (e) bearoff: a random audit of the two-sided table
# ---------------------------------------------------------------------------------------------------------------

def bearoff_audit(max_checkers: int = 6, count: int = 10_000, seed: int = 41, table=None) -> dict:
    """A certificate of ``count`` entries, drawn with ``seed`` by :func:`certcheck.bearoff.sample` (the checker
    draws them again, so no entry is chosen), of the two-sided bearoff table of up to ``max_checkers`` checkers a
    side (:func:`exactcube.race.bearoff.twosided.build`): each entry's cubeless win chance, the plays of its 21
    rolls and the values of every successor the plays reach."""
    import hashlib

    from exactcube.race.bearoff import twosided
    from exactcube.race.bearoff.positions import counts_of, plays

    t = table if table is not None else twosided.build(max_checkers)
    P = t.objects("P")
    scale = t.scale
    digest = hashlib.sha256()
    for row in P:
        digest.update((",".join(map(str, row)) + "\n").encode())
    from certcheck.bearoff import sample  # the one definition of the draw, shared with the checker

    from exactcube.race.bearoff.positions import key_of

    pairs = [(key_of(x), key_of(y)) for x, y in sample(max_checkers, count, seed)]

    def name(k) -> str:
        return ",".join(map(str, counts_of(k)))

    entries = []
    for kx, ky in pairs:
        i, j = t.index[kx], t.index[ky]
        rolls, succ = [], {}
        for a in range(1, 7):
            for b in range(a, 7):
                ss = plays(kx, (a, b))
                rolls.append([[a, b], sorted(name(s) for s in ss)])
                for s in ss:
                    if any(counts_of(s)):
                        succ[name(s)] = spell(mpq(int(P[t.index[ky], t.index[s]]), scale))
        entries.append({"x": name(kx), "y": name(ky), "value": spell(mpq(int(P[i, j]), scale)), "plays": rolls,
                        "successors": succ})
    return {"kind": "bearoff-audit",
            "asserts": {"max_checkers": max_checkers, "audited": len(entries), "seed": seed,
                        "table_sha256": digest.hexdigest()},
            "data": {"entries": entries}}


@builder("gnubg.twosided")
def bearoff_table_audit(result, steps):
    """gnubg's two-sided database is compared with the exact table of up to 6 checkers a side: a random audit of
    10,000 of that table's entries by the Bellman equation."""
    return [{"name": f"{result.claim.id}.audit", **bearoff_audit(6, 10_000)}]


@builder("ju24.thm1.2", "ks69.sec2.alpha_n", "ju24.eq2.1-2.3", "ju24.eq2.4")
def alternating_doubles(result, steps):
    """The printed closed form of d_k (ju24 (1.1); ks69's alpha(n)) as a + c r^k, and the model's d_0..d_40."""
    import sympy as sp

    from proofs.ju24.alternating import D_CLOSED, KS69_ALPHA, k_

    from exactcube.brownian import alternating as alt
    from exactcube.symbolic import to_sympy

    expr = (KS69_ALPHA if result.claim.id.startswith("ks69") else D_CLOSED).value
    f0, f1, f2 = (sp.Rational(expr.subs(k_, k)) for k in range(3))
    if f1 == f0:
        return []
    r = (f2 - f1) / (f1 - f0)
    c = (f1 - f0) / (r - 1)
    a = f0 - c
    if any(sp.simplify(expr.subs(k_, k) - (a + c * r ** k)) != 0 for k in range(3, 12)):
        return []  # the printed formula is not of the form a + c r^k: no certificate rather than a wrong one
    d = [alt.doubling_point_recurrence(k) for k in range(41)]
    if any(to_sympy(x) != a + c * r ** k for k, x in enumerate(d)):
        return []
    return [{"kind": "alternating-doubles",
             "asserts": {"closed_form": {"a": spell(mpq(int(a.p), int(a.q))), "c": spell(mpq(int(c.p), int(c.q))),
                                         "r": spell(mpq(int(r.p), int(r.q)))}, "table_to": 40},
             "data": {"d": [spell(x) for x in d]}}]
