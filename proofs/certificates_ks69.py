"""The certificate builders of ks69's continuous raises and worked examples (issue 41), loaded with the documents.

The continuous game's cells (Tables III-IV, §4's b = 1 example, §5's 10^10) get a ``poisson-raises`` certificate:
the printed cells and, for every potential, an enclosure of log(a)/2 with dyadic ends, from which certcheck
re-derives (18)-(20) in rational intervals (:mod:`certcheck.series`).  The discrete examples of §3 get
``doubling-cells`` or ``doubling-points`` certificates (grids by (8)-(9)).
"""

from __future__ import annotations

from exactcube.certificates import builder, smt_certificate, spell
from exactcube.numbers import mpq

#: the enclosures of log(a)/2 are rounded outward to multiples of 2^-GRID_BITS
GRID_BITS = 72


def _exact(x) -> "mpq":
    m, e = x.man_exp()
    return mpq(int(m)) * mpq(2) ** int(e)


def half_log_enclosure(a) -> list[str]:
    """[lo, hi], dyadic, enclosing log(a)/2 (a rational >= 1), rounded outward to 2^-GRID_BITS."""
    import math

    from flint import ctx

    from exactcube.algebraic import to_ball

    a = mpq(a)
    if a == 1:
        return ["0", "0"]
    old, ctx.prec = ctx.prec, 256
    try:
        L = to_ball(a).log() / 2
        lo, hi = _exact(L.lower()), _exact(L.upper())
    finally:
        ctx.prec = old
    s = 2 ** GRID_BITS
    return [spell(mpq(math.floor(lo * s), s)), spell(mpq(math.ceil(hi * s), s))]


def terms_for(a_max) -> int:
    """The least N whose tail bound sqrt(a) M^N/N! (N+1)/(N+1-M) is below 10^-30 at the largest potential."""
    import math

    M = math.log(float(a_max)) / 2 + 1e-9
    N = 1
    while N + 1 <= M or math.sqrt(float(a_max)) * M ** N / math.factorial(N) * (N + 1) / (N + 1 - M) > 1e-30:
        N += 1
    return N


def poisson_certificate(cells, disagree=(), name: str | None = None) -> dict:
    """A ``poisson-raises`` certificate of ``cells`` ([a, b, "alpha" | "gain" | "dominates", printed])."""
    pots = sorted({mpq(c[i]) for c in cells for i in (0, 1)})
    cert = {"kind": "poisson-raises",
            "asserts": {"cells": [[spell(mpq(a)), spell(mpq(b)), w, t] for a, b, w, t in cells],
                        "disagree": list(disagree)},
            "data": {"terms": terms_for(max(pots)), "half_logs": {spell(a): half_log_enclosure(a) for a in pots}}}
    if name:
        cert["name"] = name
    return cert


def _no_errata(result) -> bool:
    return not any(e.kind.value in ("substantive", "misprint") for e in result.verdict.errata)


@builder("ks69.table3", "ks69.table4")
def continuous_tables(result, steps):
    """Tables III (alpha(a, b)) and IV (the gain), a, b = 1..10, every printed cell."""
    from proofs.ks69.tables import PUBLISHED_3, PUBLISHED_4, _grid

    if result.verdict.outcome.value != "verified" or not _no_errata(result):
        return []
    t3 = result.claim.id == "ks69.table3"
    pub = _grid(PUBLISHED_3 if t3 else PUBLISHED_4)
    return [poisson_certificate([[a, b, "alpha" if t3 else "gain", pub[a - 1][b - 1]]
                                 for a in range(1, 11) for b in range(1, 11)])]


@builder("ks69.sec4.b1")
def b_equals_one(result, steps):
    """§4's example: alpha(a, 1) = 1/sqrt(a) at square potentials (to 12 places), and A dominates exactly from the
    printed threshold on (a = 4, 4.1, 5, 100) and no one below it (a = 2, 3.9)."""
    from proofs.ks69.continuous import P_B1_THRESHOLD

    from exactcube.numbers import format_decimal

    if result.verdict.outcome.value != "verified":
        return []
    four = mpq(P_B1_THRESHOLD.value)
    cells = [[a, 1, "alpha", format_decimal(1 / mpq(r), 12)] for a, r in ((4, 2), (100, 10), (10 ** 10, 10 ** 5))]
    cells += [[a, 1, "dominates", "A"] for a in (four, four + mpq(1, 10), four + 1, mpq(100))]
    cells += [[a, 1, "dominates", "none"] for a in (four / 2, four - mpq(1, 10))]
    return [poisson_certificate(cells)]


@builder("ks69.sec5.1e10")
def one_e10(result, steps):
    """§5's 10^10: one raise, alpha(1, 0) = (a + 1)/(2a) on the grid of (8)-(9); continuous, alpha(a, 1) = 10^-5
    (to 16 places) by (18)."""
    from proofs.certificates_papers import _grid
    from proofs.ks69.continuous import P_1E10

    from exactcube.numbers import format_decimal

    e_a, e_p = P_1E10.value
    a = mpq(10) ** e_a
    if result.verdict.outcome.value != "verified" or a <= 1:
        return []
    once = {"kind": "doubling-cells", "name": f"{result.claim.id}.once",
            "asserts": {"size": 2, "cells": [[spell(a), "2", "alpha", 1, 0, spell((a + 1) / (2 * a))]],
                        "disagree": []},
            "data": {"grids": [_grid(a, mpq(2), 2)]}}
    return [once, poisson_certificate([[a, 1, "alpha", format_decimal(mpq(10) ** e_p, 16)]],
                                      name=f"{result.claim.id}.continuous")]


@builder("ks69.fig1-2")
def figures_1_2(result, steps):
    """The states the example prints (beta(0,1) = 1/3, alpha(1,1) = 5/6, ..., alpha(2,1) = 11/16; a = 2, b = 3)
    against the grid of (8)-(9)."""
    from proofs.certificates_papers import _grid
    from proofs.ks69.raises import P_FIG_STATES

    if result.verdict.outcome.value != "verified":
        return []
    cells = []
    for label, v in P_FIG_STATES.value.items():
        which = "alpha" if label.startswith("α") else "beta"
        i, j = (int(x) for x in label[2:-1].split(","))
        cells.append(["2", "3", which, i, j, spell(v)])
    return [{"kind": "doubling-cells", "asserts": {"size": 3, "cells": cells, "disagree": []},
             "data": {"grids": [_grid(mpq(2), mpq(3), 3)]}}]


@builder("ks69.fig2.paths")
def figure2_paths(result, steps):
    """The printed sum over paths, as the value it gives for alpha(2, 1) (a = 2, b = 3), against the grid of
    (8)-(9): an erratum exactly when it is not alpha(2, 1)."""
    from proofs.certificates_papers import _grid
    from proofs.ks69.raises import P_PATHS

    printed = sum((x * y * w for x, y, w in P_PATHS.value), mpq(0))
    wrong = printed != mpq(11, 16)
    if result.verdict.outcome.value != ("erratum" if wrong else "verified"):
        return []
    return [{"kind": "doubling-cells",
             "asserts": {"size": 3, "cells": [["2", "3", "alpha", 2, 1, spell(printed)]],
                         "disagree": [0] if wrong else []},
             "data": {"grids": [_grid(mpq(2), mpq(3), 3)]}}]


@builder("ks69.sec3.example10-3")
def example_10_3(result, steps):
    """The printed alpha(10, 3) (a = b = 2) against the table of (8)-(9) to 10 doubles."""
    from proofs.ks69.raises import P_EXAMPLE_10_3

    from exactcube.brownian.raises import raising_grid

    size = 11
    g = raising_grid(size - 1, size - 1, 2, 2)
    if result.verdict.outcome.value not in ("erratum", "verified"):
        return []
    wrong = result.verdict.outcome.value == "erratum"
    return [{"kind": "doubling-points",
             "asserts": {"size": size, "a": "2", "b": "2", "printed": [[10, 3, P_EXAMPLE_10_3.value]],
                         "disagree": [[10, 3]] if wrong else []},
             "data": {"alpha": [[spell(g.alpha(i, j)) for j in range(size)] for i in range(size)],
                      "beta": [[spell(g.beta(i, j)) for j in range(size)] for i in range(size)]}}]


def _decimal_enclosure(ball, places: int = 12) -> tuple:
    """Rational ends enclosing an arb ball, rounded outward to ``places`` decimals."""
    import math

    s = 10 ** places
    lo, hi = _exact(ball.lower()), _exact(ball.upper())
    return mpq(math.floor(lo * s), s), mpq(math.ceil(hi * s), s)


@builder("ks69.table5")
def resign_table(result, steps):
    """Table V: for each printed b, the root a of alpha(a, b) = 1/2 enclosed by a sign change (the library's
    certified root, rounded outward), against the printed a; the wrong cells are the verdict's errata."""
    from proofs.ks69.tables import published_table5

    from exactcube.brownian import continuous as C
    from exactcube.numbers import parse_rational

    if result.verdict.outcome.value not in ("verified", "erratum"):
        return []
    wrong_rows = {str(e.where).split(" row ", 1)[1].split(",")[0] for e in result.verdict.errata
                  if str(e.where).startswith("ks69.table5 row ")}
    cells, disagree = [], []
    for s, printed in published_table5():
        b = parse_rational(s, "b")
        lo, hi = _decimal_enclosure(C.resign_potential(b, 20).a)
        if s in wrong_rows:
            disagree.append(len(cells))
        cells.append([lo, b, "resign", printed, spell(hi)])
    if len(disagree) != len(wrong_rows):
        return []
    cert = poisson_certificate([c[:4] for c in cells], disagree)
    for c, full in zip(cert["asserts"]["cells"], cells, strict=True):
        c.append(full[4])
    cert["data"]["half_logs"].update({c[4]: half_log_enclosure(mpq(c[4])) for c in cells})
    return [cert]


@builder("ks69.sec5.shift")
def shift(result, steps):
    """§5's shift: Table II's E(3, 2) (printed .430) with every discrete gain re-derived by (8)-(9) and (19); the
    continuous E(8, 4) (printed .581) and, at every cell of i, j <= 9 with a positive discrete gain, the continuous
    gain of potentials 2^i, 2^j at least that discrete gain (the bound is the discrete table's exact value)."""
    from proofs.ks69.continuous import P_SHIFT

    from exactcube.brownian import raises as R
    from exactcube.brownian.raises import raising_grid

    if result.verdict.outcome.value != "verified":
        return []
    p_d, p_c = P_SHIFT.value
    size = 10
    g = raising_grid(size - 1, size - 1, 2, 2)
    discrete = {"kind": "doubling-points", "name": f"{result.claim.id}.discrete",
                "asserts": {"size": size, "a": "2", "b": "2", "disagree": [], "printed": [], "disagree_values": [],
                            "printed_values": [[3, 2, p_d]]},
                "data": {"alpha": [[spell(g.alpha(i, j)) for j in range(size)] for i in range(size)],
                         "beta": [[spell(g.beta(i, j)) for j in range(size)] for i in range(size)],
                         "values": [[spell(g.value(i, j).value) for j in range(size)] for i in range(size)]}}
    cells = [[8, 4, "gain", p_c]]
    for i in range(size):
        for j in range(size):
            ed = R.expected_value(i, j).value
            if ed > 0:
                cells.append([2 ** i, 2 ** j, "gain-at-least", spell(ed)])
    return [discrete, poisson_certificate(cells, name=f"{result.claim.id}.continuous")]


@builder("zk77.table1")
def race_table1(result, steps):
    """zk77 Table 1: the backgammon race f(A, B), 1 <= A, B <= 140 (every entry re-derived by certcheck), and the
    121 printed percentages 100 f(x, x + delta); the wrong cells are the verdict's errata."""
    from proofs.zk77.race import COLS, ROWS, TABLE1_PRINTED

    from exactcube.race import cubeless as cl
    from exactcube.race import dice as dm

    if result.verdict.outcome.value not in ("verified", "erratum"):
        return []
    wrong = {str(e.where).split("zk77.table1 ", 1)[1] for e in result.verdict.errata
             if str(e.where).startswith("zk77.table1 row ")}
    size = 140
    f = cl.win_table(size, dm.BACKGAMMON)
    printed, disagree = [], []
    for label, d in ROWS:
        for x, text in zip(COLS, TABLE1_PRINTED[label].split(), strict=True):
            if f"row {label}, column {x}" in wrong:
                disagree.append(len(printed))
            printed.append([x, x + d, text])
    if len(disagree) != len(wrong):
        return []
    table = [[spell(f(a, b)) for b in range(1, size + 1)] for a in range(1, size + 1)]
    return [{"kind": "recurrence", "asserts": {"family": "race", "size": size, "printed": printed,
                                               "disagree": disagree},
             "data": {"table": table}}]


@builder("ks69.theorem2")
def theorem2_laws(result, steps):
    """Theorem 2's printed laws against the grids of (8)-(9) (the six factor pairs, i, j <= 25, the claim's third
    check); the Pascal step and the polynomial identities in the upset chances (its first two) are not in it."""
    from proofs.certificates_papers import _grid
    from proofs.ks69.raises import _a, _b, FACTORS, P_THM2_LAWS, P_THM2_RELATIONS

    if result.verdict.outcome.value != "verified" or tuple(P_THM2_RELATIONS.value) != ("<=", "<"):
        return []
    import sympy as sp

    if any(sp.simplify(law - (s - 1) / (2 * s)) != 0 for law, s in zip(P_THM2_LAWS.value, (_a, _b), strict=True)):
        return []  # the printed laws are not b(i, (a-1)/(2a)), b(j, (b-1)/(2b)): no certificate rather than a wrong one
    size = 26
    return [{"kind": "binomial-laws", "asserts": {"size": size, "factors": [[spell(a), spell(b)] for a, b in FACTORS]},
             "data": {"grids": [_grid(a, b, size) for a, b in FACTORS]}}]


@builder("ks69.sec3.coins")
def coin_paths(result, steps):
    """The coin contest's winning paths summed (exact) at every m, n <= 5 for the first four factor pairs, as cells
    against the grids of (8)-(9); the pathwise part (every pair of flip sequences, m, n <= 6) is not in it."""
    from proofs.certificates_papers import _grid
    from proofs.ks69.raises import FACTORS, _coin_paths

    from exactcube.brownian import raises as R

    if result.verdict.outcome.value != "verified":
        return []
    cells = []
    for a, b in FACTORS[:4]:
        for m in range(6):
            for n in range(6):
                total = sum((p for p, _ in _coin_paths(m, n, R.hold_probability(a), R.hold_probability(b))), mpq(0))
                cells.append([spell(a), spell(b), "alpha", m, n, spell(total)])
    return [{"kind": "doubling-cells", "asserts": {"size": 6, "cells": cells, "disagree": []},
             "data": {"grids": [_grid(a, b, 6) for a, b in FACTORS[:4]]}}]


@builder("ks69.eq12-17", records="identities")
def poisson_limit(result, identities):
    """(12)-(13) on factors with rational roots: n raises of a^(1/n) is the game of factor a^(1/n), whose alpha the
    binomial laws of upset chance (f - 1)/(2f) give at every cell (a ``binomial-laws`` certificate, i, j <= 4, the
    factors f of a = 16, 81 as 1, 2, 4 raises against b = 9, 4 as 1, 2); (17)'s generating functions (the
    recorded identities).  The printed (12)'s value at those roots and the c/n rate (balls, a part) are not in it."""
    from proofs.certificates_papers import _grid, identity_certificate

    if result.verdict.outcome.value != "verified":
        return []
    root = {16: {1: 16, 2: 4, 4: 2}, 81: {1: 81, 2: 9, 4: 3}, 9: {1: 9, 2: 3}, 4: {1: 4, 2: 2}}  # a^(1/n)
    pairs = [(mpq(root[a][n]), mpq(root[b][m])) for a, b in ((16, 9), (81, 4)) for n in (1, 2, 4) for m in (1, 2)]
    out = [{"name": f"{result.claim.id}.laws", "kind": "binomial-laws",
            "asserts": {"size": 5, "factors": [[spell(a), spell(b)] for a, b in pairs]},
            "data": {"grids": [_grid(a, b, 5) for a, b in pairs]}}]
    ident = identity_certificate(result, identities, name=f"{result.claim.id}.identities")
    return out + ([ident] if ident else [])


@builder("ks69.sec5.phi-prime", records="identities")
def phi_prime(result, identities):
    """§5's Phi'(u): the recorded identity "d/dM Phi(u(M)) = e^(-u^2) u'" (the left side sympy's derivative of the
    text's Phi), with u(M) and u'(M) written as the variables u and du (their values at one M are arbitrary: u(M) =
    u0 + du0 (M - M0) takes any pair), refuted at a rational witness where the sides are r e^a and r e^b, a != b."""
    import sympy as sp

    from proofs.certificates_papers import covered_by, identity_certificate

    if result.verdict.outcome.value != "erratum" or not covered_by(result.verdict, identities):
        return []
    M = sp.Symbol("M", real=True)
    u, du = sp.Function("u")(M), sp.Symbol("du")

    def plainly(e):  # u(M) and u'(M) as the variables u and du
        return e.subs(sp.Derivative(u, M), du).subs(u, sp.Symbol("u"))

    plain = [{**d, "lhs": plainly(d["lhs"]), "rhs": plainly(d["rhs"])} for d in identities]
    cert = identity_certificate(result, plain, witness=_exp_witness)
    return [cert] if cert else []


def _exp_witness(lhs, rhs) -> dict | None:
    """Small rational values of the free symbols at which lhs and rhs are r e^a and r e^b with a != b (r != 0, a,
    b rational): there they differ, exp being strictly increasing (certcheck decides it again)."""
    import sympy as sp

    syms = sorted(lhs.free_symbols | rhs.free_symbols, key=lambda s: s.name)
    for k in range(1, 6):
        point = {s: sp.Rational(k + i, 2) for i, s in enumerate(syms)}
        (ra, ea), (rb, eb) = (_r_exp(side.subs(point)) for side in (lhs, rhs))
        if ra is not None and rb is not None and ra == rb != 0 and ea != eb:
            return {s.name: spell(mpq(int(v.p), int(v.q))) for s, v in point.items()}
    return None


def _r_exp(x):
    """(r, a) with x = r e^a, r and a rational, or (None, None)."""
    import sympy as sp

    r, e = sp.Integer(1), sp.Integer(0)
    for f in sp.Mul.make_args(sp.powsimp(x)):
        if isinstance(f, sp.exp) and f.args[0].is_Rational:
            e += f.args[0]
        elif f.is_Rational:
            r *= f
        else:
            return None, None
    return r, e


#: (22)'s bound decided by its z3 steps (:func:`proofs.ks69.continuous.eq22_steps`), for the second solver: X - Y < c
#: is X <= Y for integers exactly when 0 < c <= 1, and the printed c = 0 is not (the example at a = b = 4 in balls
#: is a part of its own, not in the certificate)
builder("ks69.eq22")(smt_certificate)
