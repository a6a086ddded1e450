"""ju24 §3.2 and Appendix A: the printed formulas for the proposal points d_k and their exact checks; Lemmas 3.2-3.4, (3.4), (3.6) and the sentences around them.

The printed formulas are typed in below as sympy expressions (``PRINTED``); each
check takes the formula as an argument so that the tests can feed it a wrong one
and see the check fail.  The other modules of :mod:`proofs.ju24.stakes` read them through
:func:`printed_formula`.
"""

from __future__ import annotations

import functools

import sympy as sp

from exactcube.brownian import stakes as st
from exactcube.brownian import stopping as solver
from exactcube.claims import Erratum, ErratumKind, claim, erratum, open_, refuted, verified
from exactcube.content.model import Content, Text, claim_ref, eq, math, say, value
from exactcube.numbers import mpq
from exactcube.printed import printed
from exactcube.results import computed
from exactcube.symbolic import is_identity, to_sympy

x, y = sp.symbols("x y", real=True)
k = sp.symbols("k", integer=True, positive=True)
s_, v_, w_ = sp.symbols("s v w", positive=True)

D_PLUS = 2 * y + x * y - x
D_MINUS = 2 * y - y * x + x
R_PLUS = (y - x) / (y * (x + 1))
R_MINUS = (y + x) / (y * (1 - x))
_FORMULAS = {
    "(1.2)": y * (x + 1) / D_PLUS + x * (1 + x) * (y - 1) / (2 * D_PLUS) * (-(y - x) / (y * (1 + x))) ** k,
    "(3.3)": y * (x + 1) / (2 * y + x * y - x) + x * (x + 1) * (y - 1) / (2 * (2 * y + x * y - x))
    * (-(y - x) / (y * (x + 1))) ** k,
    "(A.5)": y * (x + 1) / (2 * y + x * (y - 1)) + x * (x + 1) * (y - 1) / (2 * (2 * y + x * y - x))
    * (-(y - x) / (y * (x + 1))) ** k,
    "(1.3)": (y + x) / D_MINUS + (-x) * (1 - x) * (1 - y) / (2 * D_MINUS) * (-(y + x) / (y * (1 - x))) ** k,
    "(3.5)": (y + x) / (2 * y - y * x + x) + (-x) * (1 - x) * (1 - y) / (2 * (2 * y - y * x + x))
    * (-(y + x) / (y * (1 - x))) ** k,
    "(A.10)": (y + x) / (2 * y - y * x + x) + (-x) * (1 - x) * (1 - y) / (2 * (2 * y - y * x + x))
    * (-(y + x) / (y * (1 - x))) ** k,
    "(3.1)": sp.Rational(1, 2) + x / (2 * y),
    "(A.3)": (y + y * x) / (2 * y + y * x - x),
    "(A.8)": (y + x) / (2 * y - y * x + x),
    "(3.4)": x**2 * (y**2 - 1) / (2 * y**2 * (x + 1)),
    "(3.6)": x**2 * (1 - y**2) / (2 * y**2 * (1 - x)),
}

D_PREV = sp.Symbol("d_prev", positive=True)
_FORMULAS.update({
    "(A.2)": 1 - D_PREV * ((y - x) / (y * (x + 1))),
    "(A.4)": -(y - x) / (y + y * x),
    "(A.7)": (y + x) / (y * (1 - x)) * (1 - D_PREV),
    "(A.9)": -(y + x) / (y * (1 - x)),
})
#: where each formula stands in ju24
_WHERE = {"(1.2)": "§1.3 Theorem 1.4, (1.2)", "(3.3)": "§3.2.1 Lemma 3.3, (3.3)", "(A.5)": "Appendix A, (A.5)",
          "(1.3)": "§1.3 Theorem 1.5, (1.3)", "(3.5)": "§3.2.2 Lemma 3.4, (3.5)", "(A.10)": "Appendix A, (A.10)",
          "(3.1)": "§3.2.1 Lemma 3.2, (3.1)", "(A.3)": "Appendix A, (A.3)", "(A.8)": "Appendix A, (A.8)",
          "(3.4)": "§3.2.1, (3.4)", "(3.6)": "§3.2.2, (3.6)", "(A.2)": "Appendix A, (A.2)", "(A.4)": "Appendix A, (A.4)",
          "(A.7)": "Appendix A, (A.7)", "(A.9)": "Appendix A, (A.9)"}
#: the printed formulas, read by the checks through printed() (``verify --mutate`` perturbs them)
PRINTED = {name: printed(_WHERE[name], f) for name, f in _FORMULAS.items()}


def printed_formula(name):
    """The printed formula ``name`` as the checks read it (``.value``: perturbed in a mutation run)."""
    return PRINTED[name].value


#: exact parametrisations of the open regions by positive parameters s, v (bijections)
REGION_PARAM = {
    # R+: y = 1 + v > 1, x = y s/(1+s) in (0, y)
    "R+": {y: 1 + v_, x: (1 + v_) * s_ / (1 + s_)},
    # R-: y = 1/(1+w) in (0, 1), x = -y s/(1+s) in (-y, 0)
    "R-": {y: 1 / (1 + w_), x: -s_ / ((1 + s_) * (1 + w_))},
}


def region_tex(region: str) -> str:
    """``R+`` as mathematics: ``$R^+$``."""
    return f"$R^{region[-1]}$"


def positive_on_region(expr, region: str):
    """Decide ``expr > 0`` on the open region exactly: substitute the region's positive
    parametrisation and check that numerator and denominator are polynomials in positive
    variables whose coefficients all have one sign.  Returns (True/False/None, reason)."""
    e = sp.factor(sp.together(sp.sympify(expr).subs(REGION_PARAM[region], simultaneous=True)))
    extra = e.free_symbols - {s_, v_, w_}
    if extra:
        # a (perturbed) formula that is no rational function of x, y alone, e.g. (1.3) - (A.8) not of the form
        # c (-r)^k with c free of k: the sign cannot be decided by this method, and the check says so
        return None, say(math(sp.factor(expr)), "depends on", ", ".join(f"${sp.latex(v)}$" for v in sorted(extra, key=str)),
                         f", so it is not a rational function of $x, y$ on {region_tex(region)}")
    num, den = sp.fraction(e)
    signs = []
    for part in (num, den):
        poly = sp.Poly(sp.expand(part), s_, v_, w_)
        coeffs = poly.coeffs()
        if all(c > 0 for c in coeffs):
            signs.append(1)
        elif all(c < 0 for c in coeffs):
            signs.append(-1)
        else:
            return None, say(math(part), "has coefficients of both signs")
    ok = signs[0] * signs[1] > 0
    words = {1: "positive", -1: "negative"}
    return ok, say("after substitution", math(e), f": the numerator is {words[signs[0]]} and the denominator "
                   f"{words[signs[1]]} (every coefficient of one sign)")


def freeze_powers(expr):
    """Replace every power b**(k + m) (m free of k) by Q_b * b**m, Q_b a new symbol standing for b**k.

    An identity in k between expressions of the form A + C b^k then becomes a rational
    identity in x, y and Q_b, which ``cancel`` decides exactly."""
    symbols = {}

    def q_of(base):
        key = sp.cancel(sp.together(base))
        if key not in symbols:
            symbols[key] = sp.Symbol(f"Q{len(symbols)}")
        return symbols[key]

    def rep(t):
        m = sp.expand(t.exp - k)
        return q_of(t.base) * t.base ** m

    return sp.sympify(expr).replace(lambda t: t.is_Pow and t.exp.has(k) and not sp.expand(t.exp - k).has(k), rep)


def check_recurrence_solution(closed, ratio_expr, d1, kind: str, name: str, ran: list):
    """``closed`` (in k) satisfies the recurrence d_k = 1 - r d_(k-1) (kind '+') or d_k = r(1 - d_(k-1))
    (kind '-') identically for symbolic k >= 2, and equals ``d1`` at k = 1.  The residuals computed are appended to
    ``ran`` (the results a verdict cites)."""
    prev = closed.subs(k, k - 1)
    rec = 1 - ratio_expr * prev if kind == "+" else ratio_expr * (1 - prev)
    diff = sp.cancel(sp.together(freeze_powers(closed - rec)))
    ran.append(computed(diff, f"{name} minus the recurrence applied to it, powers of k frozen and cancelled", f"ju24 {name}"))
    if diff != 0:
        return refuted(ran, say(eq(name.strip("()")), "does not satisfy the recurrence identically: residual",
                                  math(diff)), math(diff))
    at1 = sp.simplify(closed.subs(k, 1) - d1)
    ran.append(computed(at1, f"{name} at k = 1 minus (3.1)", f"ju24 {name}, (3.1)"))
    if at1 != 0:
        return refuted(ran, say(eq(name.strip("()")), "at $k = 1$ differs from", eq("3.1"), "by", math(at1)), math(at1))
    return None


def _model_agrees(samples, kmax, ran: list):
    """The first (x, y, k, recurrence, closed form) where the model's two computations of d_k differ, or None; the
    values compared are appended to ``ran``."""
    for (a, b) in samples:
        for kk in range(0, kmax + 1):
            r, c = st.doubling_point_recurrence(a, b, kk), st.doubling_point_closed_form(a, b, kk)
            ran.append(computed((r, c), f"the model's d_{kk}({a}, {b}) by recurrence and closed form", "ju24 (A.2)-(A.10)"))
            if r != c:
                return (a, b, kk, r, c)
    return None


R_PLUS_SAMPLES = [(mpq(1, 10), mpq(11, 10)), (mpq(1, 2), mpq(3)), (mpq(1), mpq(2)), (mpq(9, 10), mpq(11, 10)),
                  (mpq(3, 2), mpq(2)), (mpq(5), mpq(6)), (mpq(1, 3), mpq(10)), (mpq(7, 2), mpq(9, 2)),
                  (mpq(1, 100), mpq(3, 2)), (mpq(8), mpq(81, 10))]
R_MINUS_SAMPLES = [(mpq(-1, 4), mpq(1, 2)), (mpq(-1, 10), mpq(9, 10)), (mpq(-9, 10), mpq(19, 20)),
                   (mpq(-1, 100), mpq(1, 50)), (mpq(-1, 3), mpq(1, 2)), (mpq(-3, 5), mpq(7, 10)),
                   (mpq(-1, 20), mpq(1, 10)), (mpq(-1, 2), mpq(99, 100))]


LEMMA32_AT_12 = printed("§3.2.1, after Lemma 3.2: (x, y) = (1, 2) gives p", mpq(3, 4))


@claim("ju24.lemma3.2", "§3.2.1, Lemma 3.2, (3.1)-(3.2)",
       r"For $(x, y)$ in $R^+$ ∪ $R^-$ with one proposal left, the opponent is indifferent at $p = 1/2 + x/(2y)$; "
       r"$(x, y) = (1, 2)$ gives $3/4$.")
def lemma3_2(formula=None):
    formula = printed_formula("(3.1)") if formula is None else formula
    p = sp.symbols("p")
    sol = sp.solve(sp.Eq(y * p - y * (1 - p), x), p)
    ran = [computed((sol, formula), "sympy solve of y p - y(1-p) = x, against the printed (3.1)", "ju24 (3.1)")]
    if len(sol) != 1 or not is_identity(sol[0], formula):
        found = say(*[math(t) for t in sol]) if sol else say("no solution")
        return refuted(ran, say("$y p - y(1-p) = x$ solves to $p$ =", found, ", not", math(formula)), found)
    at12 = LEMMA32_AT_12.value
    ran.append(computed(formula.subs({x: 1, y: 2}), "(3.1) at (x, y) = (1, 2)", "ju24 (3.2)"))
    if formula.subs({x: 1, y: 2}) != to_sympy(at12):
        return refuted(ran, say("$(x, y) = (1, 2)$ gives", math(formula.subs({x: 1, y: 2})), ", not the printed",
                                  value(at12)), math(formula.subs({x: 1, y: 2})))
    # on the exact model with the independent solver: one proposal, A's proposal value
    # min(x, y(2p-1)) meets x exactly at the point, for every sample of both regions
    for a, b in R_PLUS_SAMPLES + R_MINUS_SAMPLES:
        d = st.one_proposal_point(a, b)
        ran.append(computed(d, f"the model's d_1({a}, {b})", "ju24 (3.1)"))
        if to_sympy(d) != formula.subs({x: to_sympy(a), y: to_sympy(b)}):
            return refuted(ran, say("the model's", value(d, name=f"d_1({a}, {b})")), say(f"$(x, y) = ({a}, {b})$"))
        sol1 = solver.solve(a, b, 1)
        ran.append(sol1)
        vb = sol1.level(0, "B").value
        if b * vb(d) != a:
            return refuted(ran, say(f"at $(x, y) = ({a}, {b})$ the opponent is not indifferent at", value(d)),
                           say(f"$(x, y) = ({a}, {b})$"))
    return verified(ran, say("$y p - y(1-p) = x$ has the single solution $p = 1/2 + x/(2y)$ (symbolic); "
                               "$(x, y) = (1, 2)$ gives $3/4$; at "
                               f"{len(R_PLUS_SAMPLES) + len(R_MINUS_SAMPLES)} exact $(x, y)$ of $R^+$ and $R^-$ the "
                               "solver's accept value $y V_B(d_1)$ equals the fold value $x$."))


@claim("ju24.lemma3.3", "§3.2.1 Lemma 3.3 (3.3); App. A (A.1)-(A.5); Theorem 1.4 (1.2)",
       r"In $R^+$, indifference (A.1) $= -x$ with $a_k = 1 - d_k$ gives $d_k = 1 - d_{k-1}(y-x)/(y(x+1))$ (A.2), whose "
       r"fixed point is $y(1+x)/(2y+yx-x)$ (A.3), error $\varepsilon_k = -((y-x)/(y+yx)) \varepsilon_{k-1}$ (A.4), and "
       r"solution (3.3) = (A.5) = (1.2).")
def lemma3_3(closed=None):
    closed = printed_formula("(1.2)") if closed is None else closed
    a, dprev = sp.symbols("a_k d_prev", positive=True)
    a1 = -y * (dprev - a) / dprev + y * x * a / dprev  # (A.1)
    sol = sp.solve(sp.Eq(a1, -x), a)
    a2 = printed_formula("(A.2)")
    ran = [computed((sol, a2), "sympy solve of (A.1) = -x, against the printed (A.2)", "ju24 (A.1), (A.2)")]
    if len(sol) != 1 or not is_identity(1 - sol[0], a2):
        found = say(*[math(1 - t) for t in sol]) if sol else say("no solution")
        return refuted(ran, say(eq("A.1"), "$= -x$ gives $d_k = 1 - a_k$ =", found, ", not", eq("A.2"), ",", math(a2)),
                       found)
    p = sp.symbols("p")
    fix = sp.solve(sp.Eq(p, a2.subs(D_PREV, p)), p)
    ran.append(computed((fix, printed_formula("(A.3)")), "the fixed points of (A.2), against the printed (A.3)", "ju24 (A.3)"))
    if len(fix) != 1 or not is_identity(fix[0], printed_formula("(A.3)")):
        found = say(*[math(t) for t in fix]) if fix else say("none")
        return refuted(ran, say("the fixed points of", eq("A.2"), "are", found), found)
    e = sp.symbols("eps")
    err4 = a2.subs(D_PREV, printed_formula("(A.3)") + e) - printed_formula("(A.3)")
    ran.append(computed((err4, printed_formula("(A.4)")), "(A.2) at (A.3) + eps, minus (A.3), against (A.4)", "ju24 (A.4)"))
    if not is_identity(err4, printed_formula("(A.4)") * e):
        return refuted(ran, say(eq("A.4"), "fails"), None)
    for name in ("(3.3)", "(A.5)"):
        ran.append(computed((printed_formula(name), closed), f"the printed {name} and the formula checked", f"ju24 {name}"))
        if not is_identity(printed_formula(name), closed):
            return refuted(ran, say(eq(name.strip("()")), "differs from the formula checked"), say(eq(name.strip("()"))))
    bad = check_recurrence_solution(closed, R_PLUS, printed_formula("(3.1)"), "+", "(1.2)", ran)
    if bad:
        return bad
    m = _model_agrees(R_PLUS_SAMPLES, 40, ran)
    if m:
        at = say(f"$(x, y) = ({m[0]}, {m[1]})$, $k = {m[2]}$")
        return refuted(ran, say("the model's recurrence and closed form differ at", at), at)
    k0 = sp.factor(closed.subs(k, 0))
    return verified(ran, say(eq("A.1"), "$= -x$ solves to $a_k = d_{k-1}(y-x)/(y(x+1))$, i.e.", eq("A.2"),
                               "; its only fixed point is", eq("A.3"), ";", eq("A.4"), "holds identically;", eq("3.3"), ",",
                               eq("A.5"), "and", eq("1.2"), "are the same expression, which satisfies", eq("A.2"),
                               "identically in symbolic $x, y, k$ and equals", eq("3.1"), "at $k = 1$, so it is the "
                               "solution for every $k \\ge 1$ (the recurrence is valid from $k = 2$). At $k = 0$ it gives",
                               math(k0), ", which for $(1, 2)$ is ju24's $d_0 = 1$. The model's recurrence and closed "
                               f"form agree for $k \\le 40$ at {len(R_PLUS_SAMPLES)} exact $(x, y)$."))


@claim("ju24.lemma3.4", "§3.2.2 Lemma 3.4 (3.5); App. A (A.6)-(A.10); Theorem 1.5 (1.3)",
       r"In $R^-$, indifference (A.6) $= -x$ with $a_k = 1 - d_k$ gives $d_k = ((y+x)/(y(1-x)))(1 - d_{k-1})$ (A.7), "
       r"fixed point $(y+x)/(2y-yx+x)$ (A.8), error $\varepsilon_k = -((y+x)/(y(1-x))) \varepsilon_{k-1}$ (A.9), and "
       r"solution (3.5) = (A.10) = (1.3).")
def lemma3_4(closed=None):
    closed = printed_formula("(1.3)") if closed is None else closed
    a, dprev = sp.symbols("a_k d_prev", positive=True)
    a6 = y * (a - dprev) / (1 - dprev) + y * x * (1 - a) / (1 - dprev)  # (A.6)
    sol = sp.solve(sp.Eq(a6, -x), a)
    a7 = printed_formula("(A.7)")
    ran = [computed((sol, a7), "sympy solve of (A.6) = -x, against the printed (A.7)", "ju24 (A.6), (A.7)")]
    if len(sol) != 1 or not is_identity(1 - sol[0], a7):
        found = say(*[math(t) for t in sol]) if sol else say("no solution")
        return refuted(ran, say(eq("A.6"), "$= -x$ gives $a_k$ =", found, ", so $d_k$ is not", eq("A.7")), found)
    p = sp.symbols("p")
    fix = sp.solve(sp.Eq(p, a7.subs(D_PREV, p)), p)
    ran.append(computed((fix, printed_formula("(A.8)")), "the fixed points of (A.7), against the printed (A.8)", "ju24 (A.8)"))
    if len(fix) != 1 or not is_identity(fix[0], printed_formula("(A.8)")):
        found = say(*[math(t) for t in fix]) if fix else say("none")
        return refuted(ran, say("the fixed points of", eq("A.7"), "are", found), found)
    e = sp.symbols("eps")
    err9 = a7.subs(D_PREV, printed_formula("(A.8)") + e) - printed_formula("(A.8)")
    ran.append(computed((err9, printed_formula("(A.9)")), "(A.7) at (A.8) + eps, minus (A.8), against (A.9)", "ju24 (A.9)"))
    if not is_identity(err9, printed_formula("(A.9)") * e):
        return refuted(ran, say(eq("A.9"), "fails"), None)
    for name in ("(3.5)", "(A.10)"):
        ran.append(computed((printed_formula(name), closed), f"the printed {name} and the formula checked", f"ju24 {name}"))
        if not is_identity(printed_formula(name), closed):
            return refuted(ran, say(eq(name.strip("()")), "differs from the formula checked"), say(eq(name.strip("()"))))
    bad = check_recurrence_solution(closed, R_MINUS, printed_formula("(3.1)"), "-", "(1.3)", ran)
    if bad:
        return bad
    m = _model_agrees(R_MINUS_SAMPLES, 40, ran)
    if m:
        at = say(f"$(x, y) = ({m[0]}, {m[1]})$, $k = {m[2]}$")
        return refuted(ran, say("the model's recurrence and closed form differ at", at), at)
    k0 = sp.factor(closed.subs(k, 0))
    return verified(ran, say(eq("A.6"), "$= -x$ solves to $1 - a_k = ((y+x)/(y(1-x)))(1 - d_{k-1})$, i.e.", eq("A.7"),
                               "; its only fixed point is", eq("A.8"), ";", eq("A.9"), "holds identically;", eq("3.5"),
                               ",", eq("A.10"), "and", eq("1.3"), "are the same expression, which satisfies", eq("A.7"),
                               "identically in symbolic $x, y, k$ and equals", eq("3.1"), "at $k = 1$. At $k = 0$ it "
                               "gives", math(k0), ". The model's recurrence equals the closed form for $k \\le 40$ at "
                               f"{len(R_MINUS_SAMPLES)} exact $(x, y)$."))


def check_gap_identity(printed, region: str, kind: str):
    """(1+x)/2 - d_2 equals ``printed`` identically, and ``printed`` > 0 on the region (proved by sign of
    coefficients after an exact positive parametrisation)."""
    closed = printed_formula("(1.2)") if kind == "+" else printed_formula("(1.3)")
    gap = (1 + x) / 2 - closed.subs(k, 2)
    ran = [computed((gap, printed), "(1+x)/2 - d_2 against the printed expression", "ju24 (3.4), (3.6)")]
    if not is_identity(gap, printed):
        return refuted(ran, say("$(1+x)/2 - d_2$ =", math(sp.factor(gap)), ", not the printed", math(printed)),
                       math(sp.factor(gap)))
    ok, why = positive_on_region(printed, region)
    ran.append(computed(sp.factor(sp.together(sp.sympify(printed).subs(REGION_PARAM[region], simultaneous=True))),
                        f"the printed expression on {region}, parametrised by positive variables", "ju24 §3.2"))
    if ok is None:
        return open_(ran, say(f"could not decide the sign on {region_tex(region)}:", why))
    if not ok:
        return refuted(ran, say(f"the printed expression is negative on {region_tex(region)}:", why), why)
    return verified(ran, say("$(1+x)/2 - d_2$ simplifies to", math(sp.factor(gap)), "identically; positive on all of "
                               f"{region_tex(region)}:", why, "."))


def check_max_at_two(kind: str, ran: list):
    """c > 0 and 0 < r < 1 on the region, so d_k = d_∞ + c(-r)^k is largest at k = 2 and d_1 < d_k < d_2.  d_∞ is
    the fixed point of the recurrence (1/(1 + r) for R+, r/(1 + r) for R-), not the printed (A.3)/(A.8), which
    ju24.lemma3.3 and ju24.lemma3.4 judge: a step of this proof does not rest on a lemma printed elsewhere.  The
    expressions decided are appended to ``ran``."""
    region = "R+" if kind == "+" else "R-"
    closed = printed_formula("(1.2)") if kind == "+" else printed_formula("(1.3)")
    r = R_PLUS if kind == "+" else R_MINUS
    lim = 1 / (1 + r) if kind == "+" else r / (1 + r)
    c = sp.simplify((closed - lim) / (-r) ** k)
    ran.append(computed((c, r, 1 - r), f"c, r and 1 - r of d_k = d_inf + c(-r)^k on {region}", "ju24 §3.2"))
    facts = []
    for name, e in (("c", c), ("r", r), ("1 - r", 1 - r)):
        ok, why = positive_on_region(e, region)
        if not ok:
            return False, say(f"${name}$ =", math(sp.factor(e)), f"is not proved positive on {region_tex(region)} (",
                              why, ")")
        facts.append(say(f"${name}$ =", math(sp.factor(e)), "$> 0$"))
    return True, say(*[say(f, ";") for f in facts[:-1]], facts[-1])


@claim("ju24.eq3.4", "§3.2.1, proof of Theorem 1.4, (3.4)",
       r"$(1+x)/2 - d_2 = x^2(y^2-1)/(2y^2(x+1))$, which is positive since $y > 1$; $d_k$ is largest at $k = 2$.")
def eq3_4(printed=None):
    printed = printed_formula("(3.4)") if printed is None else printed
    v = check_gap_identity(printed, "R+", "+")
    if v.outcome.value != "verified":
        return v
    ran = list(v.rests_on)
    ok, why = check_max_at_two("+", ran)
    if not ok:
        return open_(ran, why)
    return verified(ran, say(v.details, "And", why, "on $R^+$, so $d_k \\le d_2 < (1+x)/2$ for every $k \\ge 1$."))


@claim("ju24.eq3.6", "§3.2.2, proof of Theorem 1.5, (3.6)",
       r"$(1+x)/2 - d_2 = x^2(1-y^2)/(2y^2(1-x))$, which is positive since $y < 1$ and $x < 0$; $d_k$ is largest at "
       r"$k = 2$.")
def eq3_6(printed=None):
    printed = printed_formula("(3.6)") if printed is None else printed
    v = check_gap_identity(printed, "R-", "-")
    if v.outcome.value != "verified":
        return v
    ran = list(v.rests_on)
    ok, why = check_max_at_two("-", ran)
    if not ok:
        return open_(ran, why)
    return verified(ran, say(v.details, "And", why, "on $R^-$, so $d_k \\le d_2 < (1+x)/2$ for every $k \\ge 1$."))


#: the sentences of §3.2 around (3.4) and (3.6), as printed
SEC32_RAISE = printed("§3.2.1, after Lemma 3.3", "doubling is preferable to doubling")
SEC32_REDUCE = printed("§3.2.2, after Lemma 3.4", "doubling is preferable to doubling")
SEC32_SINCE = printed("§3.2.1, after (3.3)", "both positive, since n > 1")


def _comparison_slip(sentence: str):
    """None if ``sentence`` ('A is preferable to B') compares two different courses of action, else the reason."""
    parts = sentence.split(" is preferable to ")
    if len(parts) != 2:
        return Content((Text(f"cannot read {sentence!r} as 'A is preferable to B'"),))
    a, b = (" ".join(t.split()) for t in parts)
    return say(f"it compares '{a}' with itself") if a == b else None


def _since_slip(sentence: str, why_plus: str):
    """None if ``sentence`` ('both positive, since <conditions>') gives conditions that make the constant term and the
    coefficient of (3.3) positive on R+ and only names §3's variables; else the reason.  The conditions needed are
    x > 0 and y > 1 (the coefficient x(x+1)(y-1)/(2(2y+xy-x)) changes sign with x and with y - 1)."""
    head = "both positive, since "
    if not sentence.startswith(head):
        return Content((Text(f"cannot read {sentence!r}"),))
    conds = set()
    for c in sentence[len(head):].split(" and "):
        t = c.split()
        if len(t) != 3 or t[1] not in (">", "<", ">=", "<="):
            return Content((Text(f"cannot read the condition {c!r}"),))
        conds.add((t[0], t[1], t[2]))
    names = {v for v, _, _ in conds}
    if not names <= {"x", "y"}:
        return say("there is no", ", ".join(f"${v}$" for v in sorted(names - {"x", "y"})),
                   "in §3 (its variables are $x$, $y$ and $k$)")
    if not {("x", ">", "0"), ("y", ">", "1")} <= conds:
        return say("$x > 0$ and $y > 1$ are what make the coefficient positive on $R^+$ (", why_plus, ")")
    return None


@claim("ju24.sec3.2.text", "§3.2.1 and §3.2.2, the sentences around (3.4) and (3.6)",
       "The proofs say '... whenever $d_k$ is less than $(1+x)/2$, doubling is preferable to doubling' (twice) and "
       "'the constant term and the coefficient of the exponential term are both positive, since n > 1'.")
def sec3_2_text():
    # the sentences are about (3.3) = (1.2) and its limit (A.3): first, those are the model's
    ran = []
    off = printed_matches_model(R_PLUS_SAMPLES[:3], 3, "(1.2)", ran)
    limits = [(st.limit_point(a, b), printed_formula("(A.3)").subs({x: to_sympy(a), y: to_sympy(b)})) for a, b in R_PLUS_SAMPLES[:3]]
    ran.append(computed(limits, "the model's limits against the printed (A.3)", "ju24 (A.3)"))
    if off or any(to_sympy(m) != f for m, f in limits):
        return refuted(ran, say("the printed", eq("1.2"), "or", eq("A.3"), "is not the model's indifference point or "
                                  "limit"), None)
    ok_plus, why_plus = check_max_at_two("+", ran)
    lim_ok, lim_why = positive_on_region(printed_formula("(A.3)"), "R+")
    ran.append(computed(printed_formula("(A.3)"), "the printed (A.3), decided positive on R+", "ju24 (A.3)"))
    if not (ok_plus and lim_ok):
        return refuted(ran, say("the positivity argument fails:", why_plus, ";", lim_why), None)
    errs = []
    for item, right, note in (
            (SEC32_RAISE, "doubling (at $d_k$) is preferable to not doubling",
             "a word is missing; the comparison is with the dead-cube payoff 2p - 1 of never doubling"),
            (SEC32_REDUCE, "reducing (at $d_k$) is preferable to not reducing", "same slip, in the reducing section")):
        why = _comparison_slip(item.value)
        if why:
            errs.append(Erratum(item.where, item.value, right, right, note=say(why, ";", note), kind=ErratumKind.MISPRINT))
    why = _since_slip(SEC32_SINCE.value, why_plus)
    if why:
        right = "both positive, since x > 0 and y > 1"
        errs.append(Erratum(SEC32_SINCE.where, SEC32_SINCE.value, right, right,
                            note=say(why, "; on $R^+$:", why_plus, "; and the constant term", eq("A.3"), "is positive"),
                            kind=ErratumKind.MISPRINT))
    if not errs:
        return verified(ran, say("the sentences compare different actions and give the conditions that make the "
                                   "terms positive"))
    return erratum(ran, say("Textual slips in the proofs of Theorems 1.4 and 1.5; the mathematics they state is "
                              "checked in", claim_ref("ju24.eq3.4"), "and", claim_ref("ju24.eq3.6"), "(positivity proved "
                              "on the whole regions)."), errs)


@functools.lru_cache(maxsize=4096)
def _in_k(expr, a, b):
    """``expr`` at (x, y) = (a, b) (sympy Rationals), an expression in k (cached: the checks evaluate it for many k)."""
    return expr.xreplace({x: a, y: b})


def closed_at(name, a, b, kk):
    """The printed closed form ``name`` ((1.2) or (1.3)) at exact (x, y) = (a, b) and k = kk, as an mpq (None if
    it is not rational there)."""
    v = _in_k(printed_formula(name), to_sympy(a), to_sympy(b)).xreplace({k: sp.Integer(kk)})
    return mpq(int(v.p), int(v.q)) if v.is_Rational else None


def printed_matches_model(samples, kmax, name, ran: list):
    """The first (x, y, k) among ``samples`` where the model's d_k differs from the printed closed form, or None; the
    values compared are appended to ``ran``."""
    for a, b in samples:
        for kk in range(1, kmax + 1):
            pair = (st.doubling_point(a, b, kk), closed_at(name, a, b, kk))
            ran.append(computed(pair, f"the model's d_{kk}({a}, {b}) and the printed {name} there", f"ju24 {name}"))
            if pair[0] != pair[1]:
                return (a, b, kk)
    return None
