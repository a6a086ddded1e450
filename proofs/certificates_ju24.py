"""Certificate builders of floyd's program claims and of ju24's claims (issue 41), for ``certcheck``.

floyd.order, floyd.exercise and floyd.algorithm: the printed values the claims read (the order's rows, the read
range, the loop bound, the table size, the written entry) for the ``floyd-program`` kind, which re-runs the
program from the note's definitions (no data: certcheck computes the order, the reads and the table itself).
"""

from __future__ import annotations

from exactcube.certificates import builder


def _printed():
    from proofs.floyd import race25 as fl

    return fl


@builder("floyd.order")
def floyd_order(result, steps):
    """The four printed rows of the order and the printed read range f(B, A-2) .. f(B, A-12), for a table to 25."""
    fl = _printed()
    if result.verdict.outcome.value != "verified":
        return []
    rows = [[list(p) for p in r.value] for r in fl.ORDER_ROWS]
    return [{"kind": "floyd-program", "data": {},
             "asserts": {"statement": "order", "size": 25, "reads": list(fl.READ_RANGE.value), "rows": rows}}]


@builder("floyd.exercise")
def floyd_exercise(result, steps):
    """The exercise's answer as the verdict gives it: initialise F[B, K], 1 <= B <= 25, -11 <= K <= 0; bounds
    F[1:25, -11:25]."""
    from exactcube.race.floyd import run_floyd

    if result.verdict.outcome.value != "verified":
        return []
    run = run_floyd(25)
    rows = sorted({b for b, _ in run.initialised})
    cols = sorted({k for _, k in run.initialised})
    return [{"kind": "floyd-program", "data": {},
             "asserts": {"statement": "exercise", "size": 25, "initialise": [[rows[0], rows[-1]], [cols[0], cols[-1]]],
                         "bounds": [list(run.first_bounds), list(run.second_bounds)]}}]


@builder("floyd.algorithm")
def floyd_algorithm(result, steps):
    """The printed loop bound, the table size ('up to 25') and WRITE F[25, 25]; the corrected bound when the
    verdict corrects it (an erratum of the bound)."""
    fl = _printed()
    if fl.UP_TO.value != fl.TOTAL.value:
        return []
    fixed = [e.true for e in result.verdict.errata if e.where == fl.LOOP_BOUND.where]
    return [{"kind": "floyd-program", "data": {},
             "asserts": {"statement": "algorithm", "size": fl.UP_TO.value, "bound": str(fl.LOOP_BOUND.value),
                         "written": list(fl.WRITTEN.value), "corrected": str(fixed[0]) if fixed else None}}]


@builder("ju24.notes.alpha_n")
def same_closed_form(result, steps):
    """ks69's alpha(n) and ju24's (1.1) as printed: one identity in the integer n (certcheck expands r^n as
    exp(n log r) by r's prime factors)."""
    from proofs.certificates_papers import identity_certificate
    from proofs.ju24.alternating import D_CLOSED, KS69_ALPHA

    same = {"lhs": KS69_ALPHA.value, "rhs": D_CLOSED.value, "holds": result.verdict.outcome.value == "verified",
            "label": "ks69's alpha(n) = ju24 (1.1)", "provenance": None}
    cert = identity_certificate(result, [same])
    return [cert] if cert else []


def _at(t, point: dict):
    """An expression tree with its variables replaced by the trees of ``point`` (no evaluation by sympy: certcheck
    evaluates the printed formula itself)."""
    from certcheck.symbolic import substitute

    for name, value in point.items():
        t = substitute(t, name, value)
    return t


def _num(v) -> list:
    from exactcube.certificates import spell

    return ["num", spell(v)]


#: Lemma 3.3 (R+) and Lemma 3.4 (R-): (indifference, its unknown's solution as 1 - printed recurrence, fixed point,
#: error ratio, the printed copies of the closed form, the closed form, the samples)
_LEMMAS = {"ju24.lemma3.3": ("(A.1)", "(A.2)", "(A.3)", "(A.4)", ("(3.3)", "(A.5)"), "(1.2)", "R_PLUS_SAMPLES"),
           "ju24.lemma3.4": ("(A.6)", "(A.7)", "(A.8)", "(A.9)", ("(3.5)", "(A.10)"), "(1.3)", "R_MINUS_SAMPLES")}


@builder(*_LEMMAS)
def stakes_lemma(result, steps):
    """ju24 Lemma 3.3 / 3.4 as the claim checks them, every step an identity or a solve for certcheck: the
    indifference (A.1)/(A.6) = -x has the one solution a_k = 1 - (A.2)/(A.7); (A.3)/(A.8) is the only fixed point;
    the error (A.4)/(A.9); the printed copies are the closed form (1.2)/(1.3), which satisfies the printed
    recurrence identically in the integer k and equals (3.1) at k = 1; and at each exact sample (x, y) the closed
    form equals, for k = 0..40, the model's recurrence ((1 + x)/2 at k = 0, (3.1) at k = 1, then the printed
    recurrence), each value an identity of numbers (the formula evaluated by certcheck, not by sympy)."""
    import sympy as sp

    from proofs.certificates_papers import identity_certificate, tree
    from proofs.ju24.stakes import formulas as fm

    from exactcube.brownian import stakes as st

    if result.verdict.outcome.value != "verified":
        return []
    ind_name, rec_name, fix_name, err_name, copies, closed_name, samples = _LEMMAS[result.claim.id]
    P = fm.printed_formula
    x, y, k, dprev = fm.x, fm.y, fm.k, fm.D_PREV
    a, dp = sp.symbols("a_k d_prev", positive=True)
    if result.claim.id == "ju24.lemma3.3":
        ind = -y * (dp - a) / dp + y * x * a / dp  # (A.1), as the claim writes it
    else:
        ind = y * (a - dp) / (1 - dp) + y * x * (1 - a) / (1 - dp)  # (A.6)
    rec, closed = P(rec_name).subs(dprev, dp), P(closed_name)
    p, e = sp.symbols("p eps")
    out = [{"equation": (ind, -x), "unknown": a, "solutions": (1 - rec,), "holds": True,
            "label": f"{ind_name} = -x has the one solution a_k = 1 - {rec_name}"},
           {"equation": (p, rec.subs(dp, p)), "unknown": p, "solutions": (P(fix_name),), "holds": True,
            "label": f"{fix_name} is the only fixed point of {rec_name}"},
           {"lhs": rec.subs(dp, P(fix_name) + e) - P(fix_name), "rhs": P(err_name) * e, "holds": True,
            "label": f"{err_name}: the error of {rec_name} about {fix_name}"}]
    out += [{"lhs": P(c), "rhs": closed, "holds": True, "label": f"{c} = {closed_name}"} for c in copies]
    out += [{"lhs": closed, "rhs": rec.subs(dp, closed.subs(k, k - 1)), "holds": True,
             "label": f"{closed_name} satisfies {rec_name} identically in the integer k"},
            {"lhs": closed.subs(k, 1), "rhs": P("(3.1)"), "holds": True, "label": f"{closed_name} at k = 1 is (3.1)"}]
    cert = identity_certificate(result, out)
    if cert is None:
        return []
    t_closed, t_rec, t_31 = tree(closed), tree(rec), tree(P("(3.1)"))
    for xa, yb in getattr(fm, samples):
        pt = {"x": _num(xa), "y": _num(yb)}
        for kk in range(41):
            v = st.doubling_point_recurrence(xa, yb, kk)
            prev = st.doubling_point_recurrence(xa, yb, kk - 1) if kk >= 2 else None
            step = (["+", ["num", "1/2"], ["*", ["num", "1/2"], pt["x"]]] if kk == 0 else _at(t_31, pt) if kk == 1
                    else _at(t_rec, {**pt, "d_prev": _num(prev)}))
            for lhs, label in ((_at(t_closed, {**pt, "k": ["num", str(kk)]}), f"{closed_name}"), (step, "the model's recurrence")):
                cert["asserts"]["identities"].append([f"{label} at (x, y) = ({xa}, {yb}), k = {kk}", True])
                cert["data"]["identities"].append({"lhs": lhs, "rhs": _num(v)})
    return [cert]


#: ju24's regions as SMT-LIB2 hypotheses (exactcube.brownian.stakes: R+ is 0 < x < y, y > 1; R- is 0 < -x < y < 1)
REGIONS = {"+": ["(< 0.0 x)", "(< x y)", "(> y 1.0)"], "-": ["(< 0.0 (- x))", "(< (- x) y)", "(< y 1.0)"]}


def smt_term(e) -> str:
    """A rational function of x, y (sympy) as an SMT-LIB2 real term."""
    import sympy as sp

    if e.is_Rational:
        n, d = int(e.p), int(e.q)
        t = f"{abs(n)}.0" if d == 1 else f"(/ {abs(n)}.0 {d}.0)"
        return t if n >= 0 else f"(- {t})"
    if e.is_Symbol:
        return e.name
    if e.is_Add or e.is_Mul:
        return f"({'+' if e.is_Add else '*'} {' '.join(smt_term(a) for a in e.args)})"
    if e.is_Pow and e.args[1].is_Integer:
        b, n = e.args[0], int(e.args[1])
        t = f"(* {' '.join([smt_term(b)] * abs(n))})" if abs(n) > 1 else smt_term(b)
        return t if n > 0 else f"(/ 1.0 {t})"
    raise ValueError(f"not a rational function: {sp.sstr(e)}")


@builder("ju24.eq3.4", "ju24.eq3.6")
def gap_and_maximum(result, steps):
    """(3.4)/(3.6) as the claim checks them: the identities (1 + x)/2 - d_2 = the printed expression and
    d_k = d_inf + c (-r)^k (d_inf the recurrence's fixed point), for certcheck; and the signs on the region (the
    printed expression, c, r and 1 - r positive) as SMT steps for cvc5 (the region's inequalities the hypotheses).
    That c > 0 and 0 < r < 1 put the maximum of d_k at k = 2 is the argument in words."""
    from proofs.certificates_papers import identity_certificate
    from proofs.ju24.stakes import formulas as fm

    import sympy as sp

    if result.verdict.outcome.value != "verified":
        return []
    side = "+" if result.claim.id == "ju24.eq3.4" else "-"
    name, closed_name = ("(3.4)", "(1.2)") if side == "+" else ("(3.6)", "(1.3)")
    printed, closed, k = fm.printed_formula(name), fm.printed_formula(closed_name), fm.k
    r = fm.R_PLUS if side == "+" else fm.R_MINUS
    lim = 1 / (1 + r) if side == "+" else r / (1 + r)
    c = sp.simplify((closed - lim) / (-r) ** k)
    if c.has(k):
        return []
    ident = identity_certificate(result, [
        {"lhs": (1 + fm.x) / 2 - closed.subs(k, 2), "rhs": printed, "holds": True,
         "label": f"(1 + x)/2 - d_2 = {name}, d_2 by {closed_name}"},
        {"lhs": closed, "rhs": lim + c * (-r) ** k, "holds": True,
         "label": f"{closed_name} = d_inf + c (-r)^k, d_inf = {sp.sstr(lim)}, c = {sp.sstr(sp.factor(c))}"}],
        name=f"{result.claim.id}.identities")
    if ident is None:
        return []
    decl = "(declare-fun x () Real)\n(declare-fun y () Real)"
    goals = [(f"{name} > 0 on R{side}", printed), (f"c > 0 on R{side}", c), (f"r > 0 on R{side}", r),
             (f"1 - r > 0 on R{side}", 1 - r)]
    smt_steps = [{"name": n, "declarations": decl, "hypotheses": REGIONS[side],
                  "goal": f"(> {smt_term(sp.sympify(g))} 0.0)"} for n, g in goals]
    return [ident, {"name": f"{result.claim.id}.smt", "kind": "smt",
                    "asserts": {"steps": len(smt_steps), "names": [s["name"] for s in smt_steps],
                                "outcome": "verified"}, "data": {"steps": smt_steps}}]


@builder("ju24.thm1.1")
def fold_point_optimal(result, steps):
    """Theorem 1.1 as :func:`proofs.shared.first_double_optimal_at_fold_point` checks it, from p0 = 1/2 with
    k = 1, 2, 3, 4, 5, 6, 8, 10, 12 and unlimited doubles left: B's fold point d is the only solution of "the take is
    worth 1" (take_val(t) = 1, for certcheck); A's equity V(t) from doubling first at t (h = (p0 - (1 - d))/(t - (1 - d))
    the chance of reaching t first; V = h take_val - (1 - h) before d, h - (1 - h) after) never decreases on (p0, d]
    and strictly decreases on [d, 1) (SMT steps in t1 < t2, for cvc5); at t = d the value is the library's (an
    identity of numbers)."""
    import sympy as sp

    from proofs.certificates_papers import identity_certificate, tree

    from exactcube.brownian import alternating as alt
    from exactcube.certificates import spell
    from exactcube.numbers import mpq
    from exactcube.symbolic import to_sympy

    if result.verdict.outcome.value != "verified":
        return []
    values = []
    t = sp.Symbol("t", real=True)
    p0 = sp.Rational(1, 2)
    out, smt_steps = [], []
    decl = "(declare-fun t1 () Real)\n(declare-fun t2 () Real)"
    for k in [1, 2, 3, 4, 5, 6, 8, 10, 12, None]:
        d, low, after = to_sympy(alt.doubling_point(k)), 1 - to_sympy(alt.doubling_point(k)), None if k is None else k - 1
        dd = None if after == 0 else to_sympy(alt.doubling_point(after))
        take_val = 2 * (2 * t - 1) if after == 0 else 2 * (2 * (t - (1 - dd)) / dd - 1)
        h = (p0 - low) / (t - low)
        before, past = h * take_val - (1 - h), h * 1 - (1 - h)
        kk = "unlimited" if k is None else str(k)
        out.append({"equation": (take_val, sp.Integer(1)), "unknown": t, "solutions": (d,), "holds": True,
                    "label": f"k = {kk}: B's fold point {d} is the only t where the take is worth 1"})
        v_lib = alt.value_of_first_double_at(alt.doubling_point(k), k, mpq(1, 2))
        values.append([f"k = {kk}: the value at the fold point is the library's {spell(v_lib)}",
                       {"lhs": _at(tree(past), {"t": _num(alt.doubling_point(k))}), "rhs": _num(v_lib)}])
        for name, expr, lo, hi, rel in ((f"k = {kk}: V never decreases on (1/2, {d}]", before, p0, d, "<="),
                                        (f"k = {kk}: V strictly decreases on [{d}, 1)", past, d, sp.Integer(1), ">")):
            v1, v2 = (smt_term(expr.subs(t, sp.Symbol(s))) for s in ("t1", "t2"))  # unsimplified
            hyp = [f"(<= {smt_term(lo)} t1)" if rel == ">" else f"(< {smt_term(lo)} t1)", "(< t1 t2)",
                   f"(<= t2 {smt_term(hi)})" if rel == "<=" else f"(< t2 {smt_term(hi)})"]
            smt_steps.append({"name": name, "declarations": decl, "hypotheses": hyp, "goal": f"({rel} {v1} {v2})"})
    cert = identity_certificate(result, out, name=f"{result.claim.id}.identities")
    if cert is None:
        return []
    for label, ident in values:  # the formula's tree with t replaced by d: certcheck evaluates it
        cert["asserts"]["identities"].append([label, True])
        cert["data"]["identities"].append(ident)
    return [cert, {"name": f"{result.claim.id}.smt", "kind": "smt",
                   "asserts": {"steps": len(smt_steps), "names": [s["name"] for s in smt_steps], "outcome": "verified"},
                   "data": {"steps": smt_steps}}]


#: the results ju24.fig1's verdict cites (proofs/ju24/alternating.py), each covered by the certificate below
FIG1_METHODS = ("d_k - 4/5 from the closed form (1.1) proved by ju24.thm1.2", "d_k - 4/5 at odd and even k",
                "ju24 (1.1)", "the logarithm of |d_k - 4/5| and the printed line")


@builder("ju24.fig1")
def figure1(result, steps):
    """Figure 1: the closed form (1.1) as ju24.thm1.2 exports it, a + c r^k, which certcheck proves solves d_0 = 1,
    d_k = 1 - d_(k-1)/4 for every k; the table d_0..d_199 (the model's d_k, k = 1..199, the verdict checked); the
    sides of 4/5 at odd and even k as the caption states them (certcheck: of the signs of c r and c); the printed
    orange line log(1/5) + k log(1/4) against log|c| + k log|r| (certcheck: logarithms of rationals by primes)."""
    import sympy as sp

    from proofs.certificates_papers import cited, tree
    from proofs.ju24.alternating import CLOSED_FORM, FIG1_LOG, k_

    from exactcube.brownian import alternating as alt
    from exactcube.certificates import spell
    from exactcube.numbers import mpq

    if result.verdict.outcome.value != "verified" or any(p.method not in FIG1_METHODS for p in cited(result.verdict)):
        return []
    expr = CLOSED_FORM.value(k_)
    f0, f1, f2 = (sp.Rational(expr.subs(k_, k)) for k in range(3))
    r = (f2 - f1) / (f1 - f0)
    c = (f1 - f0) / (r - 1)
    a = f0 - c
    d = [alt.doubling_point_recurrence(k) for k in range(200)]
    if any(sp.Rational(expr.subs(k_, k)) != a + c * r ** k or sp.Rational(spell(x)) != a + c * r ** k
           for k, x in enumerate(d)):
        return []  # the exported formula is not a + c r^k, or not the model's table: no certificate
    return [{"kind": "alternating-doubles",
             "asserts": {"closed_form": {x: spell(mpq(int(v.p), int(v.q))) for x, v in (("a", a), ("c", c), ("r", r))},
                         "table_to": 199, "sides": {"odd": "below", "even": "above"},
                         "log_line": tree(FIG1_LOG.value)},
             "data": {"d": [spell(x) for x in d]}}]
