"""ju24 §1.3, §3 and Appendix A: the (x, y)-cube; Theorems 1.3-1.5, 3.1; Lemmas 3.2-3.4; (3.4), (3.6); the d_k table.

The printed formulas are typed in below as sympy expressions (``PRINTED``); each
check takes the formula as an argument so that the tests can feed it a wrong one
and see the check fail.  Optimality is decided by the independent solver
:mod:`exactcube.brownian.stopping` (no indifference principle, no recurrence).
"""

from __future__ import annotations

import functools

import sympy as sp

from exactcube.brownian import alternating as alt
from exactcube.brownian import stakes as st
from exactcube.brownian import stopping as solver
from exactcube.claims import Erratum, ErratumKind, claim, erratum, open_, refuted, verified
from exactcube.content.model import Content, Text, claim_ref, eq, math, say, table, value
from exactcube.errors import TooLarge
from exactcube.numbers import format_exact, mpq, parse_int, parse_rational
from exactcube.printed import printed
from exactcube.results import computed
from exactcube.symbolic import is_identity, to_sympy
from exactcube.tables import Param, Table, table_builder

#: the optimum of a game depends only on (x, y, k): Theorems 1.3-1.5 share the solutions
_solve = functools.lru_cache(maxsize=1024)(solver.solve)
x, y = sp.symbols("x y", real=True)
k = sp.symbols("k", integer=True, positive=True)
s_, v_, w_ = sp.symbols("s v w", positive=True)

# -- the printed formulas, typed in from ju24 ------------------------------------------
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


def _p(name):
    """The printed formula ``name`` as the checks read it (``.value``: perturbed in a mutation run)."""
    return PRINTED[name].value


#: exact parametrisations of the open regions by positive parameters s, v (bijections)
REGION_PARAM = {
    # R+: y = 1 + v > 1, x = y s/(1+s) in (0, y)
    "R+": {y: 1 + v_, x: (1 + v_) * s_ / (1 + s_)},
    # R-: y = 1/(1+w) in (0, 1), x = -y s/(1+s) in (-y, 0)
    "R-": {y: 1 / (1 + w_), x: -s_ / ((1 + s_) * (1 + w_))},
}


def _region_tex(region: str) -> str:
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
                         f", so it is not a rational function of $x, y$ on {_region_tex(region)}")
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


# -- checks, parametrised by the formula they check ---------------------------------------


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
# wider sweeps for the optimality claims: x from 1/100 to 50 (both sides of x = 1), y from 101/100 to 100
_XS = [mpq(1, 100), mpq(1, 10), mpq(1, 4), mpq(1, 2), mpq(3, 4), mpq(99, 100), mpq(1), mpq(101, 100), mpq(3, 2),
       mpq(3), mpq(10), mpq(50)]
_YS = [mpq(101, 100), mpq(11, 10), mpq(3, 2), mpq(2), mpq(3), mpq(10), mpq(51), mpq(100)]
R_PLUS_SWEEP = R_PLUS_SAMPLES + [(a, b) for a in _XS for b in _YS if a < b]
R_MINUS_SWEEP = R_MINUS_SAMPLES + [(-b * f, b) for b in (mpq(1, 100), mpq(1, 10), mpq(1, 2), mpq(9, 10), mpq(99, 100))
                                   for f in (mpq(1, 100), mpq(1, 2), mpq(99, 100))]


LEMMA32_AT_12 = printed("§3.2.1, after Lemma 3.2: (x, y) = (1, 2) gives p", mpq(3, 4))


@claim("ju24.lemma3.2", "§3.2.1, Lemma 3.2, (3.1)-(3.2)",
       r"For $(x, y)$ in $R^+$ ∪ $R^-$ with one proposal left, the opponent is indifferent at $p = 1/2 + x/(2y)$; "
       r"$(x, y) = (1, 2)$ gives $3/4$.")
def lemma3_2(formula=None):
    formula = _p("(3.1)") if formula is None else formula
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
    closed = _p("(1.2)") if closed is None else closed
    a, dprev = sp.symbols("a_k d_prev", positive=True)
    a1 = -y * (dprev - a) / dprev + y * x * a / dprev  # (A.1)
    sol = sp.solve(sp.Eq(a1, -x), a)
    a2 = _p("(A.2)")
    ran = [computed((sol, a2), "sympy solve of (A.1) = -x, against the printed (A.2)", "ju24 (A.1), (A.2)")]
    if len(sol) != 1 or not is_identity(1 - sol[0], a2):
        found = say(*[math(1 - t) for t in sol]) if sol else say("no solution")
        return refuted(ran, say(eq("A.1"), "$= -x$ gives $d_k = 1 - a_k$ =", found, ", not", eq("A.2"), ",", math(a2)),
                       found)
    p = sp.symbols("p")
    fix = sp.solve(sp.Eq(p, a2.subs(D_PREV, p)), p)
    ran.append(computed((fix, _p("(A.3)")), "the fixed points of (A.2), against the printed (A.3)", "ju24 (A.3)"))
    if len(fix) != 1 or not is_identity(fix[0], _p("(A.3)")):
        found = say(*[math(t) for t in fix]) if fix else say("none")
        return refuted(ran, say("the fixed points of", eq("A.2"), "are", found), found)
    e = sp.symbols("eps")
    err4 = a2.subs(D_PREV, _p("(A.3)") + e) - _p("(A.3)")
    ran.append(computed((err4, _p("(A.4)")), "(A.2) at (A.3) + eps, minus (A.3), against (A.4)", "ju24 (A.4)"))
    if not is_identity(err4, _p("(A.4)") * e):
        return refuted(ran, say(eq("A.4"), "fails"), None)
    for name in ("(3.3)", "(A.5)"):
        ran.append(computed((_p(name), closed), f"the printed {name} and the formula checked", f"ju24 {name}"))
        if not is_identity(_p(name), closed):
            return refuted(ran, say(eq(name.strip("()")), "differs from the formula checked"), say(eq(name.strip("()"))))
    bad = check_recurrence_solution(closed, R_PLUS, _p("(3.1)"), "+", "(1.2)", ran)
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
    closed = _p("(1.3)") if closed is None else closed
    a, dprev = sp.symbols("a_k d_prev", positive=True)
    a6 = y * (a - dprev) / (1 - dprev) + y * x * (1 - a) / (1 - dprev)  # (A.6)
    sol = sp.solve(sp.Eq(a6, -x), a)
    a7 = _p("(A.7)")
    ran = [computed((sol, a7), "sympy solve of (A.6) = -x, against the printed (A.7)", "ju24 (A.6), (A.7)")]
    if len(sol) != 1 or not is_identity(1 - sol[0], a7):
        found = say(*[math(t) for t in sol]) if sol else say("no solution")
        return refuted(ran, say(eq("A.6"), "$= -x$ gives $a_k$ =", found, ", so $d_k$ is not", eq("A.7")), found)
    p = sp.symbols("p")
    fix = sp.solve(sp.Eq(p, a7.subs(D_PREV, p)), p)
    ran.append(computed((fix, _p("(A.8)")), "the fixed points of (A.7), against the printed (A.8)", "ju24 (A.8)"))
    if len(fix) != 1 or not is_identity(fix[0], _p("(A.8)")):
        found = say(*[math(t) for t in fix]) if fix else say("none")
        return refuted(ran, say("the fixed points of", eq("A.7"), "are", found), found)
    e = sp.symbols("eps")
    err9 = a7.subs(D_PREV, _p("(A.8)") + e) - _p("(A.8)")
    ran.append(computed((err9, _p("(A.9)")), "(A.7) at (A.8) + eps, minus (A.8), against (A.9)", "ju24 (A.9)"))
    if not is_identity(err9, _p("(A.9)") * e):
        return refuted(ran, say(eq("A.9"), "fails"), None)
    for name in ("(3.5)", "(A.10)"):
        ran.append(computed((_p(name), closed), f"the printed {name} and the formula checked", f"ju24 {name}"))
        if not is_identity(_p(name), closed):
            return refuted(ran, say(eq(name.strip("()")), "differs from the formula checked"), say(eq(name.strip("()"))))
    bad = check_recurrence_solution(closed, R_MINUS, _p("(3.1)"), "-", "(1.3)", ran)
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
    closed = _p("(1.2)") if kind == "+" else _p("(1.3)")
    gap = (1 + x) / 2 - closed.subs(k, 2)
    ran = [computed((gap, printed), "(1+x)/2 - d_2 against the printed expression", "ju24 (3.4), (3.6)")]
    if not is_identity(gap, printed):
        return refuted(ran, say("$(1+x)/2 - d_2$ =", math(sp.factor(gap)), ", not the printed", math(printed)),
                       math(sp.factor(gap)))
    ok, why = positive_on_region(printed, region)
    ran.append(computed(sp.factor(sp.together(sp.sympify(printed).subs(REGION_PARAM[region], simultaneous=True))),
                        f"the printed expression on {region}, parametrised by positive variables", "ju24 §3.2"))
    if ok is None:
        return open_(ran, say(f"could not decide the sign on {_region_tex(region)}:", why))
    if not ok:
        return refuted(ran, say(f"the printed expression is negative on {_region_tex(region)}:", why), why)
    return verified(ran, say("$(1+x)/2 - d_2$ simplifies to", math(sp.factor(gap)), "identically; positive on all of "
                               f"{_region_tex(region)}:", why, "."))


def check_max_at_two(kind: str, ran: list):
    """c > 0 and 0 < r < 1 on the region, so d_k = d_∞ + c(-r)^k is largest at k = 2 and d_1 < d_k < d_2.  d_∞ is
    the fixed point of the recurrence (1/(1 + r) for R+, r/(1 + r) for R-), not the printed (A.3)/(A.8), which
    ju24.lemma3.3 and ju24.lemma3.4 judge: a step of this proof does not rest on a lemma printed elsewhere.  The
    expressions decided are appended to ``ran``."""
    region = "R+" if kind == "+" else "R-"
    closed = _p("(1.2)") if kind == "+" else _p("(1.3)")
    r = R_PLUS if kind == "+" else R_MINUS
    lim = 1 / (1 + r) if kind == "+" else r / (1 + r)
    c = sp.simplify((closed - lim) / (-r) ** k)
    ran.append(computed((c, r, 1 - r), f"c, r and 1 - r of d_k = d_inf + c(-r)^k on {region}", "ju24 §3.2"))
    facts = []
    for name, e in (("c", c), ("r", r), ("1 - r", 1 - r)):
        ok, why = positive_on_region(e, region)
        if not ok:
            return False, say(f"${name}$ =", math(sp.factor(e)), f"is not proved positive on {_region_tex(region)} (",
                              why, ")")
        facts.append(say(f"${name}$ =", math(sp.factor(e)), "$> 0$"))
    return True, say(*[say(f, ";") for f in facts[:-1]], facts[-1])


@claim("ju24.eq3.4", "§3.2.1, proof of Theorem 1.4, (3.4)",
       r"$(1+x)/2 - d_2 = x^2(y^2-1)/(2y^2(x+1))$, which is positive since $y > 1$; $d_k$ is largest at $k = 2$.")
def eq3_4(printed=None):
    printed = _p("(3.4)") if printed is None else printed
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
    printed = _p("(3.6)") if printed is None else printed
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
    limits = [(st.limit_point(a, b), _p("(A.3)").subs({x: to_sympy(a), y: to_sympy(b)})) for a, b in R_PLUS_SAMPLES[:3]]
    ran.append(computed(limits, "the model's limits against the printed (A.3)", "ju24 (A.3)"))
    if off or any(to_sympy(m) != f for m, f in limits):
        return refuted(ran, say("the printed", eq("1.2"), "or", eq("A.3"), "is not the model's indifference point or "
                                  "limit"), None)
    ok_plus, why_plus = check_max_at_two("+", ran)
    lim_ok, lim_why = positive_on_region(_p("(A.3)"), "R+")
    ran.append(computed(_p("(A.3)"), "the printed (A.3), decided positive on R+", "ju24 (A.3)"))
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


# -- regions ---------------------------------------------------------------------------

#: the constants in the inequalities of Theorem 3.1 and of Theorem 1.3 (R+, R-) as printed
THM31_BOUNDS = printed("§3.1 Theorem 3.1: the constants of its regions' inequalities",
                       {"3.1(1): y >": 1, "3.1(2): y <=": 1, "3.1(3): -x >": 1, "3.1(3): y >": 1, "3.1(4): x >=": -1})
R_BOUNDS = printed("§1.3 Theorem 1.3: the constants of R+ and R-", {"R+: y >": 1, "R-: y <": 1})


def printed_regions(bounds=None, which=("3.1", "R")):
    """Theorem 3.1's four regions and R+, R- as predicates on exact (x, y), y > 0, built from the printed constants
    (``THM31_BOUNDS``, ``R_BOUNDS``; or ``bounds``, one dict with all seven): (1) x ≥ y ≥ 0, y > 1; (2) x ≥ 0,
    y ≤ 1; (3) x < 0 and (-x > 1 or y > 1); (4) -1 ≤ x ≤ 0, y ≤ -x; R+: 0 < x < y, y > 1; R-: 0 < -x < y < 1.
    ``which`` names the printed items to read ("3.1", "R")."""
    out = {}
    if "3.1" in which:
        c = THM31_BOUNDS.value if bounds is None else bounds
        out.update({
            "3.1(1)": lambda a, b: a >= b >= 0 and b > c["3.1(1): y >"],
            "3.1(2)": lambda a, b: a >= 0 and b <= c["3.1(2): y <="],
            "3.1(3)": lambda a, b: a < 0 and (-a > c["3.1(3): -x >"] or b > c["3.1(3): y >"]),
            "3.1(4)": lambda a, b: c["3.1(4): x >="] <= a <= 0 and b <= -a,
        })
    if "R" in which:
        d = R_BOUNDS.value if bounds is None else bounds
        out.update({
            "R+": lambda a, b: 0 < a < b and b > d["R+: y >"],
            "R-": lambda a, b: 0 < -a < b < d["R-: y <"],
        })
    return out


#: the regions with the constants as printed (for the tests and the figure)
PRINTED_REGIONS = printed_regions({**THM31_BOUNDS.original, **R_BOUNDS.original})


def region_grid(n=8, span=3):
    """Exact (x, y) with y > 0 on a grid that contains the boundary lines x = 0, y = 1, y = ±x, x = -1."""
    xs = sorted({mpq(i, n) for i in range(-span * n, span * n + 1)})
    ys = [mpq(i, n) for i in range(1, span * n + 1)]
    return [(a, b) for a in xs for b in ys]


def check_regions(regions=None, n=8):
    regions = printed_regions() if regions is None else regions
    overlaps, gaps = [], []
    for a, b in region_grid(n):
        hit = [name for name, f in regions.items() if f(a, b)]
        if len(hit) > 1:
            overlaps.append((a, b, hit))
        if not hit:
            gaps.append((a, b))
    return overlaps, gaps


@claim("ju24.regions", "§1.3 Theorem 1.3; §3.1 Theorem 3.1; §3.2 first sentence; Figure 4",
       "The four trivial regions of Theorem 3.1 and R+, R- of Theorem 1.3 are 'the remaining nontrivial values of "
       "(x, y)': together they cover y > 0 (Figure 4).")
def regions_claim():
    overlaps, gaps = check_regions()
    ran = computed((region_grid(), overlaps, gaps), "the regions holding each point of an exact grid",
                   "ju24 Theorems 1.3, 3.1")
    if overlaps:
        a, b, names = overlaps[0]
        at = say(f"$(x, y) = ({format_exact(a)}, {format_exact(b)})$ lies in", ", ".join(names))
        return refuted(ran, say("the regions overlap, e.g.", at), at)
    on_x0 = all(a == 0 and b > 1 for a, b in gaps if a == 0)
    on_y1 = all(b == 1 and -1 < a < 0 for a, b in gaps if a != 0)
    if not gaps:
        return verified(ran, say("the regions partition the sampled half-plane"))
    if not (on_x0 and on_y1):
        at = say(f"$(x, y) = ({format_exact(gaps[0][0])}, {format_exact(gaps[0][1])})$")
        return refuted(ran, say("uncovered points off the two lines, e.g.", at), at)
    ex = ", ".join(f"$({format_exact(a)}, {format_exact(b)})$" for a, b in gaps[:3])
    return erratum(
        ran,
        say(f"On an exact grid of {len(region_grid())} points (step $1/8$, containing every boundary line) the six "
            f"regions never overlap, but {len(gaps)} points lie in none, all on two lines (e.g. {ex}): the boundary "
            "$x = 0$, $y > 1$ of $R^+$ and the boundary $y = 1$, $-1 < x < 0$ of $R^-$. (Reading the regions' "
            "inequalities shows these lines are exactly what is missed.) On both lines never proposing is optimal: "
            "claim", claim_ref("ju24.thm3.1.gaps"), "."),
        [Erratum("§3.2, first sentence (and Figure 4)",
                 "the remaining nontrivial values of (x, y) are those in R+ or R-",
                 "the remaining values are R+, R- and the two lines {x = 0, y > 1} and {y = 1, -1 < x < 0}; on these "
                 "lines one should never double (exact solver)", kind=ErratumKind.SUBSTANTIVE)],
        witness=say("uncovered points, e.g.", ex),
    )


def restricted_equals_optimal(a, b, policy: st.Policy, kmax=3, ran: list | None = None):
    """Whether restricting every proposal to the policy's states loses nothing, at every level and cube position
    (None, or the first difference); the two solutions compared are appended to ``ran`` when given."""
    allow = {st.Policy.AT_ONE: lambda j, pl, t: t == 1, st.Policy.AT_ZERO: lambda j, pl, t: t == 0,
             st.Policy.NEVER: lambda j, pl, t: False}[policy]
    opt, res = solver.solve(a, b, kmax), solver.solve(a, b, kmax, allow=allow)
    if ran is not None:
        ran += [opt, res]
    for j in range(1, kmax + 1):
        for o in solver.OWNERS:
            f, g = opt.level(j, o).value, res.level(j, o).value
            for t in sorted(set(f.xs) | set(g.xs)):
                if f(t) != g(t):
                    return (j, o, t, f(t), g(t))
    return None


#: Theorem 3.1 as printed: the optimal time to double in each trivial region
THM31_POLICIES = printed("§3.1 Theorem 3.1: when to double", {"3.1(1)": "p = 1", "3.1(2)": "p = 0",
                                                               "3.1(3)": "never", "3.1(4)": "p = 0"})
_POLICY_WORDS = {"p = 1": st.Policy.AT_ONE, "p = 0": st.Policy.AT_ZERO, "never": st.Policy.NEVER}


@claim("ju24.thm3.1", "§3.1, Theorem 3.1",
       "(1) x ≥ y ≥ 0, y > 1: double at p = 1; (2) x ≥ 0, y ≤ 1: double at p = 0; (3) x < 0 and (-x > 1 or y > 1): "
       "never double; (4) -1 ≤ x ≤ 0, y ≤ -x: double at p = 0.")
def thm3_1(n=4, kmax=3, policies=None):
    if policies is None:
        said = THM31_POLICIES.value
        policies = {r: _POLICY_WORDS.get(w) for r, w in said.items()}
        unknown = [r for r, pol in policies.items() if pol is None]
        if unknown:
            # a printed policy that names no time to double is a wrong printed item; what is true there is the
            # set of the three policies the exact solver finds optimal at every grid point of the region
            regions = printed_regions(which=("3.1",))
            errs, ran = [], [computed(said, "Theorem 3.1's policies as read", "ju24 Theorem 3.1")]
            for r in unknown:
                pts = [(a, b) for a, b in region_grid(n) if regions[r](a, b)]
                good = [w for w, pol in _POLICY_WORDS.items()
                        if all(restricted_equals_optimal(a, b, pol, kmax, ran) is None for a, b in pts)]
                true = " or ".join(f"'{w}'" for w in good) if good else "none of 'p = 1', 'p = 0', 'never'"
                errs.append(Erratum(f"{THM31_POLICIES.where}, {r}", said[r], true, kind=ErratumKind.SUBSTANTIVE,
                                    note=say("the printed words name no time to double (one of 'p = 1', 'p = 0', "
                                             f"'never'); the exact solver at the {len(pts)} grid points of {r}, "
                                             f"$k = 1, \\ldots, {kmax}$, says which of them are optimal at every one")))
            return erratum(ran, say("Theorem 3.1 as printed names no policy in", ", ".join(unknown), "; the exact "
                                      "solver (every option of the rules) says which policies are optimal there."),
                           errs)
    counts = {r: 0 for r in policies}
    ran = []
    regions = printed_regions(which=("3.1",))
    for a, b in region_grid(n):
        for name, pol in policies.items():
            if regions[name](a, b):
                counts[name] += 1
                bad = restricted_equals_optimal(a, b, pol, kmax, ran)
                if bad:
                    at = say(f"$(x, y) = ({a}, {b})$ in {name}, with $j = {bad[0]}$ proposals left, cube {bad[1]}, "
                             f"$p = {bad[2]}$")
                    return refuted(ran, say(at, f": proposing only '{pol.value}' is worth", value(bad[4]),
                                              ", less than the optimum", value(bad[3])), at)
    # strictness: in (1), (2), (4) the stated proposal gains something over never proposing
    gains = []
    for name, (a, b) in (("3.1(1)", (mpq(3), mpq(2))), ("3.1(2)", (mpq(1, 2), mpq(1, 2))),
                         ("3.1(4)", (mpq(-1, 2), mpq(1, 4)))):
        if restricted_equals_optimal(a, b, st.Policy.NEVER, 1, ran) is None:
            at = say(f"$(x, y) = ({a}, {b})$")
            return refuted(ran, say(f"in {name} at", at, "proposing gains nothing over never"), at)
        gains.append(name)
    return verified(ran, say("brute force with the exact solver (every option of the rules, proposals at 0 and 1 "
                               f"included), $k = 1, \\ldots, {kmax}$, every cube position, on the exact grid of step "
                               f"$1/{n}$ in $[-3, 3] \\times (0, 3]$ (",
                               "; ".join(f"{r}: {c} points" for r, c in counts.items()), "): allowing proposals only "
                               "where the theorem says gives exactly the optimal value function; in", ", ".join(gains),
                               "the stated proposal beats never proposing. (The stated point need not be the only "
                               "optimal one: e.g. in (1) with the cube centred and $k = 1$ every $p$ is.)"))


@claim("ju24.thm3.1.gaps", "§3.1-3.2 (not covered by the paper)",
       "On the lines x = 0, y > 1 and y = 1, -1 < x < 0, which no region of ju24 covers, never proposing is optimal.",
       unprinted="not a statement of the paper: the lines it leaves out (ju24.regions)")
def thm3_1_gaps(kmax=3):
    pts = [(mpq(0), b) for b in (mpq(5, 4), mpq(2), mpq(7, 2), mpq(10))] + \
          [(a, mpq(1)) for a in (mpq(-99, 100), mpq(-1, 2), mpq(-1, 8), mpq(-1, 1000))]
    ran = []
    for a, b in pts:
        bad = restricted_equals_optimal(a, b, st.Policy.NEVER, kmax, ran)
        if bad:
            at = say(f"$(x, y) = ({a}, {b})$")
            return refuted(ran, say("at", at, f"proposing gains, with $j = {bad[0]}$ proposals left, cube {bad[1]}, "
                                      f"$p = {bad[2]}$"), at)
    return verified(ran, say(f"exact solver, $k = 1, \\ldots, {kmax}$, all cube positions, at {len(pts)} exact points "
                               "of the two lines: forbidding every proposal leaves the value function unchanged "
                               "($2p - 1$)."))


# -- Theorems 1.3-1.5 --------------------------------------------------------------------


@claim("ju24.thm1.3.indifference", "§1.3 Theorem 1.3 (β); App. A (A.1), (A.6)",
       "At $d_k$ the opponent is indifferent: the proposer's value if the proposal is accepted equals the fold value $x$.")
def thm1_3_indifference():
    dprev = sp.symbols("d_prev", positive=True)
    # R+: B accepts at A's state d_k = 1 - a_k; a_k = r d_(k-1) <= d_(k-1): value y(-1 + (1+x) a_k/d_(k-1)) ... from
    # B's owner view; from A's side: y * V_B(d_k) = -y * V_owner(1 - d_k)
    ak = 1 - _p("(A.2)")  # a_k = 1 - d_k
    val_plus = -y * (-1 + (1 + x) * ak / dprev)
    ran = [computed(val_plus, "R+: the accept value at d_k, from (A.2)", "ju24 (A.1)")]
    if not is_identity(val_plus, x):
        return refuted(ran, say("$R^+$: the accept value", math(sp.simplify(val_plus)), "is not $x$"),
                       math(sp.simplify(val_plus)))
    ak = 1 - _p("(A.7)")
    val_minus = -y * (x + (1 - x) * (ak - dprev) / (1 - dprev))
    ran.append(computed(val_minus, "R-: the accept value at d_k, from (A.7)", "ju24 (A.6)"))
    if not is_identity(val_minus, x):
        return refuted(ran, say("$R^-$: the accept value", math(sp.simplify(val_minus)), "is not $x$"),
                       math(sp.simplify(val_minus)))
    n = 0
    for a, b in R_PLUS_SAMPLES + R_MINUS_SAMPLES:
        for kk in range(1, 9):
            d = st.doubling_point(a, b, kk)
            ran.append(computed((d, closed_at("(1.2)" if a > 0 else "(1.3)", a, b, kk)),
                                f"the model's d_{kk}({a}, {b}) and the printed closed form", "ju24 (1.2), (1.3)"))
            if d != closed_at("(1.2)" if a > 0 else "(1.3)", a, b, kk):
                at = say(f"$(x, y) = ({a}, {b})$, $k = {kk}$")
                return refuted(ran, say(at, ": the model's", value(d, name="d_k"), "is not the printed closed form"), at)
            vb = st.equity(a, b, kk - 1, d, "theirs").value if kk > 1 else 2 * d - 1
            ran.append(computed(vb, f"the opponent's equity at d_{kk}({a}, {b})", "ju24 Theorem 1.3"))
            if b * vb != a:
                at = say(f"$(x, y) = ({a}, {b})$, $k = {kk}$")
                return refuted(ran, say(at, ": the accept value", value(b * vb), "is not $x$"), at)
            n += 1
    return verified(ran, say("symbolically ($x$, $y$, $d_{k-1}$ free): in $R^+$ the accept value "
                               "$-y(-1 + (1+x) a_k/d_{k-1})$ with $a_k = d_{k-1}(y-x)/(y(1+x))$ is $x$; in $R^-$ likewise "
                               "with", eq("A.7"), "; on the model, $y V_B(d_k) = x$ exactly for $k = 1, \\ldots, 8$ at "
                               f"{len(R_PLUS_SAMPLES) + len(R_MINUS_SAMPLES)} exact $(x, y)$ ({n} cases)."))


@functools.lru_cache(maxsize=4096)
def _in_k(expr, a, b):
    """``expr`` at (x, y) = (a, b) (sympy Rationals), an expression in k (cached: the checks evaluate it for many k)."""
    return expr.xreplace({x: a, y: b})


def closed_at(name, a, b, kk):
    """The printed closed form ``name`` ((1.2) or (1.3)) at exact (x, y) = (a, b) and k = kk, as an mpq (None if
    it is not rational there)."""
    v = _in_k(_p(name), to_sympy(a), to_sympy(b)).xreplace({k: sp.Integer(kk)})
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


def optimality_report(samples, kmax, paper_policy_value=st.equity, threshold=st.doubling_point, ran=None):
    """Compare ju24's policy with the exact optimum: value functions and whether d_k is an optimal proposal state
    (the solutions compared are appended to ``ran`` when given)."""
    mismatches, d_not_optimal, weak = [], [], []
    for a, b in samples:
        sol = _solve(a, b, kmax)
        if ran is not None:
            ran.append(sol)
        for kk in range(1, kmax + 1):
            d = threshold(a, b, kk)
            for cube, o in (("mine", "A"), ("theirs", "B"), ("centre", "centre")):
                f = sol.level(kk, o).value
                pts = sorted(set(f.xs) | {d, 1 - d})
                for t in pts:
                    pv = paper_policy_value(a, b, kk, t, cube).value
                    if pv != f(t):
                        mismatches.append((a, b, kk, cube, t, pv, f(t)))
                        break
                if o != "B" and not sol.proposes_A(d, kk, o):
                    d_not_optimal.append((a, b, kk, o, d, f(d)))
            st_c = sol.level(kk, "centre").stop_A
            if any(lo < hi for lo, hi in st_c):
                weak.append((a, b, kk, st_c))
    return mismatches, d_not_optimal, weak


def grid_cross_check(a, b, kmax: int, n: int, ran=None):
    """The grid-restricted game on i/n (players act only at grid points; no breakpoints inserted) against the
    continuous solution, at every grid point: equal when the grid holds every threshold.  Returns a mismatch or None."""
    cont = _solve(a, b, kmax)
    disc = solver.solve(a, b, kmax, grid=n, refine=False)
    if ran is not None:
        ran += [cont, disc]
    for j in range(1, kmax + 1):
        for o in solver.OWNERS:
            f, g = cont.level(j, o).value, disc.level(j, o).value
            for i in range(n + 1):
                t = mpq(i, n)
                if f(t) != g(t):
                    return (a, b, j, o, t, f(t), g(t))
    return None


def _fmt_case(c):
    """A case (x, y, k, cube, p, ...) of the solver's comparison in words."""
    a, b, kk = c[:3]
    more = "".join(f", cube {v}" if isinstance(v, str) else f", $p = {format_exact(v)}$" for v in c[3:5])
    return say(f"$(x, y) = ({format_exact(a)}, {format_exact(b)})$, $k = {kk}${more}")


@claim("ju24.thm1.4", "§1.3 Theorem 1.4; §3.2.1",
       r"In $R^+$ the optimal state to raise with $k \ge 1$ proposals left is $d_k$ of (1.2); raising at $d_k$ is "
       r"preferable to not raising at all.")
def thm1_4(samples=None, kmax=8):
    samples = list(dict.fromkeys(samples or R_PLUS_SWEEP))
    ran = []
    off = printed_matches_model(samples, kmax, "(1.2)", ran)
    if off:
        a, b, kk = off
        at = _fmt_case(off)
        given = closed_at("(1.2)", a, b, kk)
        return refuted(ran, say("at", at, "the printed", eq("1.2"), "gives", value(given) if given is not None else
                                  "no rational value", ", but the opponent's indifference point (the exact optimum's "
                                  "proposal state) is", value(st.doubling_point(a, b, kk))), at)
    return r_plus_optimality(samples, kmax, ran)


def r_plus_optimality(samples, kmax, ran=None):
    """Theorem 1.4 with d_k the opponent's indifference point (the model's, not the printed (1.2)): the exact solver
    at ``samples`` (in R+), k = 1..kmax, finds proposing at d_k optimal and better than never raising (verified), or
    a refuted verdict with the first exact counterexample.  ``ran``: results the caller computed on the way, cited
    too."""
    ran = list(ran or ())
    mism, notopt, weak = optimality_report(samples, kmax, ran=ran)
    if mism:
        at = _fmt_case(mism[0])
        return refuted(ran, say("ju24's policy value differs from the exact optimum at", at, ":", value(mism[0][5]),
                                  "against", value(mism[0][6])), at)
    if notopt:
        at = _fmt_case(notopt[0])
        return refuted(ran, say("proposing at $d_k$ is not optimal at", at), at)
    # "preferable to not raising": owner value >= 2p - 1 everywhere (piecewise linear: check breakpoints)
    for a, b in samples:
        for kk in range(1, kmax + 1):
            d = st.doubling_point(a, b, kk)
            for t in (mpq(0), d, mpq(1)):
                ran.append(computed((st.owner_equity(a, b, kk, t), st.never_equity(t)),
                                    f"the owner's equity and never raising at p = {t}", "ju24 Theorem 1.4"))
                if st.owner_equity(a, b, kk, t) < st.never_equity(t):
                    return refuted(ran, say("raising at $d_k$ loses to never raising at", _fmt_case((a, b, kk, t))),
                                   None)
    # the grid-restricted game (a plain Markov chain on i/972, which holds d_1..d_3 of (1/2, 3)) agrees
    gx = grid_cross_check(mpq(1, 2), mpq(3), 3, 972, ran)
    if gx:
        return refuted(ran, say("the grid game on $i/972$ and the continuous solution differ at", _fmt_case(gx)),
                       _fmt_case(gx))
    # the shape of the optimal proposal sets, computed (not asserted)
    shapes = {"owner x<1 only d_k": 0, "owner x>=1 [d_k,1]": 0, "centre k=1 contains [1-d_1,d_1]": 0,
              "centre k>=2 same as owner": 0}
    other = []
    for a, b in samples:
        sol = _solve(a, b, kmax)
        for kk in range(1, kmax + 1):
            d = st.doubling_point(a, b, kk)
            own = sol.level(kk, "A").stop_A
            cen = sol.level(kk, "centre").stop_A
            want = ((d, d),) if a < 1 else ((d, mpq(1)),)
            if own == want:
                shapes["owner x<1 only d_k" if a < 1 else "owner x>=1 [d_k,1]"] += 1
            else:
                other.append((a, b, kk, "A", own))
            if kk == 1:
                if any(lo <= 1 - d and d <= hi for lo, hi in cen):
                    shapes["centre k=1 contains [1-d_1,d_1]"] += 1
                else:
                    other.append((a, b, kk, "centre", cen))
            elif cen == want:
                shapes["centre k>=2 same as owner"] += 1
            else:
                other.append((a, b, kk, "centre", cen))
    words = {"owner x<1 only d_k": "owned cube, $x < 1$: only $d_k$",
             "owner x>=1 [d_k,1]": "owned cube, $x \\ge 1$: $[d_k, 1]$",
             "centre k=1 contains [1-d_1,d_1]": "centred cube, $k = 1$: contains $[1 - d_1, d_1]$",
             "centre k>=2 same as owner": "centred cube, $k \\ge 2$: as for an owned cube"}
    rows = [[words[k_], v] for k_, v in shapes.items()]
    if other:
        rows.append([say("other shapes, e.g.", _fmt_case(other[0])), len(other)])
    found = table(["optimal proposal set", "cases"], rows)
    distinct = len(samples)
    return verified(ran, say("independent exact solver (continuous game, every option, proposals at 0 and 1 allowed) "
                               f"at {distinct} exact $(x, y)$ in $R^+$ ($x$ from $1/100$ to 50, $y$ from $101/100$ to "
                               f"100), $k = 1, \\ldots, {kmax}$: the value of ju24's policy equals the optimal value for "
                               "the owner, the opponent and the centred cube at every breakpoint, and proposing at $d_k$ "
                               "is optimal; the owner's value under the policy is at least $2p - 1$ (never raising). "
                               "Finding: $d_k$ is an optimal proposal state, the only one for an owned cube with $x < 1$, "
                               "but not always the only one. The grid-restricted game on $i/972$ for $(x, y) = (1/2, 3)$, "
                               "$k \\le 3$ (no breakpoints inserted) has the same values at all 973 grid points. Shapes "
                               "of the optimal proposal sets:", found, "($x \\ge 1$: the opponent folds anywhere above "
                               "$d_k$; centred with $k = 1$: an accepted proposal leaves a dead cube worth $y(2p-1)$, the "
                               "same as waiting.)"))


@claim("ju24.thm1.4.sweep", "§1.3 Theorem 1.4 (dense sweep)",
       "In R+ the optimal state to raise with k ≥ 1 proposals left is d_k of (1.2) (checked on a dense exact grid).",
       slow=True)
def thm1_4_sweep(n=8, ymax=10, kmax=12):
    samples = [(mpq(i, n), 1 + mpq(j, n)) for j in range(1, (ymax - 1) * n + 1) for i in range(1, (ymax + 1) * n)
               if mpq(i, n) < 1 + mpq(j, n)]
    ran = []
    off = printed_matches_model(samples, kmax, "(1.2)", ran)
    if off:
        return refuted(ran, say("the printed", eq("1.2"), "differs from the indifference point at", _fmt_case(off)),
                       _fmt_case(off))
    mism, notopt, _ = optimality_report(samples, kmax, ran=ran)
    matters = sum(_solve(a, b, kmax).level(kk, "centre").priority_matters for a, b in samples
                  for kk in range(1, kmax + 1))
    if mism:
        return refuted(ran, say("the policy value differs from the optimum at", _fmt_case(mism[0])), _fmt_case(mism[0]))
    if notopt:
        return refuted(ran, say("$d_k$ is not optimal at", _fmt_case(notopt[0])), _fmt_case(notopt[0]))
    return verified(ran, say(f"exact solver at all {len(samples)} $(x, y) = (i/{n}, 1 + j/{n})$ in $R^+$ with "
                               f"$y \\le {ymax}$, $k = 1, \\ldots, {kmax}$: ju24's policy value equals the optimum "
                               "(owner, opponent, centred) and proposing at $d_k$ is optimal; the order of simultaneous "
                               f"proposals mattered in {matters} levels."))


@claim("ju24.thm1.5", "§1.3 Theorem 1.5; §3.2.2",
       r"In $R^-$ the optimal state to reduce with $k \ge 1$ reductions left is $d_k$ of (1.3); reducing at $d_k$ is "
       r"preferable to not reducing at all.")
def thm1_5(samples=None, kmax=8):
    samples = list(dict.fromkeys(samples or R_MINUS_SWEEP))
    # (i) the exact solver (continuous game, every option; no printed formula): the owner's optimal reduction
    #     states at every sample, against the model's indifference point d_k
    cases, owner_only_zero, centre, ran = 0, True, [], []
    for a, b in samples:
        sol = _solve(a, b, kmax)
        ran.append(sol)
        for kk in range(1, kmax + 1):
            d = st.doubling_point(a, b, kk)
            cases += 1
            A = sol.level(kk, "A")
            if A.stop_A != ((mpq(0), mpq(0)),) or any(A.value(t) != -b + (1 + b) * t for t in A.value.xs):
                owner_only_zero = False
            if A.value(d) <= a:
                return refuted(ran, say(f"at $(x, y) = ({format_exact(a)}, {format_exact(b)})$, $k = {kk}$ the "
                                          "owner's optimum at $d_k$ is not above $x$"), None)
            C = sol.level(kk, "centre")
            centre.append((kk, C.stop_A))
    gx = grid_cross_check(mpq(-1, 4), mpq(1, 2), 3, 100, ran)  # i/100 holds d_1, d_2, d_3 = 1/4, 3/10, 7/25
    if gx:
        return open_(ran, say("the grid game on $i/100$ and the continuous solution differ at", _fmt_case(gx)),
                     _fmt_case(gx))
    if not owner_only_zero:
        return open_(ran, say("the solver's owner policy is not 'reduce only at 0' at some sample"))
    # (ii) the state the statement names: d_k of the printed (1.3), at the first sample and k where it is not 0,
    #      is then not an optimal reduction state of the owner: one exact counterexample refutes the statement
    named = _named_reduction_state(samples, kmax)
    ran.append(computed(named, "the first rational state other than 0 that the printed (1.3) names", "ju24 (1.3)"))
    if named is None:
        return open_(ran, say("the printed", eq("1.3"), f"names the state 0 (or no rational state) at every sample "
                                f"$(x, y)$ and $k = 1, \\ldots, {kmax}$, the owner's only optimal reduction state: "
                                "nothing refutes the statement"))
    na, nb, nk, nt = named
    # (iii) for every (x, y) in R- and every k (symbolic): the owner who waits until his state is 0 and reduces there
    #      is worth -y + (1+y)p; at p = d_k >= d_1 this exceeds the at most x that reducing at d_k yields
    gain = -y + (1 + y) * _p("(3.1)") - x
    ok, why = positive_on_region(gain, "R-")
    ran.append(computed(gain, "waiting until 0 minus reducing at d_1, decided positive on R-", "ju24 §3.2.2"))
    okd, whyd = check_max_at_two("-", ran)  # gives d_1 < d_k for k >= 2 (c > 0, 0 < r < 1)
    centre_k1 = all(sa == ((mpq(0), st_d),) for (kk, sa), st_d in
                    zip([c for c in centre if c[0] == 1], [st.doubling_point(a, b, 1) for a, b in samples],
                        strict=True))
    centre_k2 = all(sa == ((mpq(0), mpq(0)),) for kk, sa in centre if kk >= 2)
    solver_text = say(
        f"The independent exact solver (continuous game, every option) at {len(samples)} exact $(x, y)$, "
        f"$k = 1, \\ldots, {kmax}$ ({cases} cases; and the grid-restricted game on $i/100$ for "
        "$(x, y) = (-1/4, 1/2)$, $k \\le 3$, agrees at every grid point) finds: the owner's only optimal reduction "
        "state is 0 and his value is $-y + (1+y)p$; with the cube centred the value is $y(2p-1)$, the optimal states "
        "are $[0, d_1]$ when $k = 1$ (", "all samples" if centre_k1 else "NOT all samples",
        ") and only 0 when $k \\ge 2$ (", "all samples" if centre_k2 else "NOT all samples", ").")
    if nt != st.doubling_point(na, nb, nk) or not (ok and okd):
        # the statement as printed names another state (or the general argument does not go through on the
        # printed lemmas): the counterexample alone refutes it
        general = () if ok and okd else (say("(The argument for every $(x, y)$ in $R^-$ through", eq("3.1"), "and",
                                             eq("1.3"), "does not go through as printed:", why if not ok else whyd,
                                             ".)"),)
        return refuted(ran, say(f"Refuted as an optimality statement. At $(x, y) = ({format_exact(na)}, "
                                  f"{format_exact(nb)})$, owner, $k = {nk}$, $d_k$ of", eq("1.3"), "names the state",
                                  value(nt), ", but 0 is the owner's only optimal reduction state.", solver_text,
                                  *general),
                       witness=table(["$x$", "$y$", "$k$", "$d_k$", "optimal reduction states"],
                                     [[value(na), value(nb), nk, value(nt), "0"]],
                                     caption="the owner of the cube:"))
    # the second sentence: d_k < (1+x)/2, i.e. (3.6), is true
    gap36 = check_gap_identity(_p("(3.6)"), "R-", "-")
    ran += gap36.rests_on
    never = gap36.outcome.value == "verified"
    a0, b0 = samples[0]
    d1 = st.doubling_point(a0, b0, 1)
    wait = -b0 + (1 + b0) * d1
    return refuted(
        ran,
        say("Refuted as an optimality statement. For the owner of the cube, every $(x, y)$ in $R^-$ and every "
            "$k \\ge 1$, by a strategy the rules allow (ju24 §1.2.1 permits proposals at the extreme states): the owner "
            "who waits until his state is 0 and reduces there (the opponent accepts, so he loses $y$ instead of 1) is "
            "worth $-y + (1+y)p$, and at $p = d_k$ ($d_k \\ge d_1$, since", whyd, ") this exceeds the $x$ obtained by "
            "reducing at $d_k$ by at least $(x+y)(1-y)/(2y) > 0$ (", why, ").", solver_text,
            "So $d_k$ is only the opponent's indifference point (", claim_ref("ju24.thm1.3.indifference"),
            "); it is optimal only for the first reduction of a centred cube with $k = 1$, as the largest optimal "
            f"state. Example: $(x, y) = ({format_exact(a0)}, {format_exact(b0)})$, owner, $k = 1$: reducing at",
            value(d1, name="d_1"), "yields", value(a0), ", waiting yields", value(wait),
            ". The second sentence ('reducing at $d_k$ is preferable to not reducing at all') is true:", eq("3.6"),
            "holds (", "verified" if never else "NOT verified", "), but 'not reducing' is the wrong comparison: "
            "reducing at 0 beats both. What is true: in $R^-$ it is optimal to reduce only at one's own state 0 (the "
            "opponent accepts): the owner's value is $-y + (1+y)p$, a centred cube's $y(2p-1)$; waiting until 0 beats "
            "reducing at $d_k$ by at least $(x+y)(1-y)/(2y) > 0$ for the owner."),
        witness=table(["$x$", "$y$", "$k$", "$d_1$", "reduce at $d_1$", "wait until 0"],
                      [[value(a0), value(b0), 1, value(d1), value(a0), value(wait)]],
                      caption="the owner of the cube, one reduction left:"),
    )


def _named_reduction_state(samples, kmax):
    """(x, y, k, t): the first sample and k at which d_k of the printed (1.3) is a rational state t other than 0
    (k = 1 first, then the samples in order); None when it names 0, or no rational number, everywhere."""
    closed = _p("(1.3)")
    for kk in range(1, kmax + 1):
        for a, b in samples:
            try:
                t = sp.nsimplify(closed.subs({x: to_sympy(a), y: to_sympy(b), k: kk}))
            except (ValueError, TypeError, ZeroDivisionError):
                continue
            if t.is_Rational and t != 0:
                return a, b, kk, mpq(int(t.p), int(t.q))
    return None


#: the proof of Theorem 1.3: B's payoff on accepting at A's states 0 and 1
THM13_EB0 = printed("§3.2, proof of Theorem 1.3: $E_B(0)$", y)
THM13_EB1 = printed("§3.2, proof of Theorem 1.3: $E_B(1)$", -y)


@claim("ju24.thm1.3", "§1.3 Theorem 1.3 and its proof in §3.2",
       "For (x, y) in R+ or R-, Player A's optimal evaluation α for proposing equals the opponent's indifference "
       "threshold β.")
def thm1_3():
    # the statement names no closed form: its part on R+ is Theorem 1.4 with d_k the indifference point itself
    # (whatever (1.2) prints, judged by ju24.thm1.4)
    v4 = r_plus_optimality(list(dict.fromkeys(R_PLUS_SWEEP)), 8)
    v5 = thm1_5()
    ran = [*v4.rests_on, *v5.rests_on]
    if v4.outcome.value != "verified":
        return open_(ran, say("the part on $R^+$ is not verified:", v4.details))
    if v5.outcome.value != "refuted":
        return open_(ran, say("the part on $R^-$:", v5.details))
    # the proof's endpoint values of B's accept payoff E_B, on the exact model, k = 2 (one proposal after the take)
    a1, b1 = mpq(3, 2), mpq(2)  # R+ with x > 1
    s1 = solver.solve(a1, b1, 1)
    eb0 = -b1 * s1.level(1, "B").value(0)
    a2, b2 = mpq(-1, 4), mpq(1, 2)  # R-
    s2 = solver.solve(a2, b2, 1)
    eb1 = -b2 * s2.level(1, "B").value(1)
    ran += [s1, s2]
    endpoint = []
    if to_sympy(eb0) != THM13_EB0.value.subs({x: to_sympy(a1), y: to_sympy(b1)}):
        endpoint.append(Erratum(THM13_EB0.where, f"$E_B(0) = {THM13_EB0.value}$",
                                f"$E_B(0) = y \\max(1, x)$ when proposals remain after the take (e.g. "
                                f"$(x, y) = (3/2, 2)$, $k = 2$: $E_B(0) = {format_exact(eb0)}$: B re-raises and A folds "
                                "paying $x$)",
                                note=say("the existence of $\\beta$ is unaffected ($E_B(0) \\ge y > -x$)"),
                                kind=ErratumKind.SUBSTANTIVE))
    if to_sympy(eb1) != THM13_EB1.value.subs({x: to_sympy(a2), y: to_sympy(b2)}):
        endpoint.append(Erratum(THM13_EB1.where, f"$E_B(1) = {THM13_EB1.value}$",
                                f"$E_B(1) = -y^2$ in $R^-$ when proposals remain after the take (e.g. "
                                f"$(x, y) = (-1/4, 1/2)$, $k = 2$: $E_B(1) = {format_exact(eb1)}$: B reduces again at his "
                                "state 0)",
                                note=say("the existence of $\\beta$ is unaffected ($E_B(1) < 0 < -x$)"),
                                kind=ErratumKind.SUBSTANTIVE))
    return refuted(
        ran,
        say("$R^+$ (Case 1): true on every sample of the exact solver ($\\beta = d_k$ is an optimal proposal state; it "
            "is the only one for an owned cube with $x < 1$; for a centred cube with $k = 1$ every state in "
            "$[1 - d_1, d_1]$ is optimal, and for $x \\ge 1$ every state in $[d_k, 1]$). $R^-$ (Case 2): false. The "
            "proof's step 'if Player B prefers to accept, it would have been better for Player A to double earlier and "
            "cut the losses to $-x$' ignores waiting until the state is 0 and reducing there, which cuts the loss to $y$ "
            "on the losing paths only; see", claim_ref("ju24.thm1.5"), "."),
        v5.witness,
        errata=endpoint,
    )


@claim("ju24.thm1.4.standard", "§1.3 after Theorem 1.3; Lemma 3.2 remark",
       "R+ contains the standard cube (1, 2); there (1.2) reduces to (1.1), and the (x, y) model to the alternating "
       "game of §2.")
def standard_cube(kmax=8):
    e = sp.simplify(_p("(1.2)").subs({x: 1, y: 2}) - (sp.Rational(4, 5) + sp.Rational(1, 5) * sp.Rational(-1, 4) ** k))
    ran = [computed(e, "(1.2) at (1, 2) minus (1.1), simplified", "ju24 (1.1), (1.2)")]
    if e != 0:
        return refuted(ran, say(eq("1.2"), "at $(x, y) = (1, 2)$ minus", eq("1.1"), "is", math(e)), math(e))
    sol = solver.solve(1, 2, kmax)
    ran.append(sol)
    pts = [mpq(i, 64) for i in range(65)]
    for kk in range(kmax + 1):
        for cube, o in (("mine", "A"), ("theirs", "B"), ("centre", "centre")):
            f = sol.level(kk, o).value
            for t in sorted(set(pts) | set(f.xs)):
                eq_t = alt.equity(t, cube, kk)
                ran.append(eq_t)
                if eq_t.value != f(t):
                    return refuted(ran, say(f"the solver and alternating.equity differ at $k = {kk}$, cube {cube},",
                                              value(t, name="p")), None)
    return verified(ran, say(eq("1.2"), "at $(x, y) = (1, 2)$ equals", eq("1.1"), "for symbolic $k$; the independent "
                               "exact solver with $(x, y) = (1, 2)$ reproduces the equities of the alternating-doubles model "
                               f"for $k = 0, \\ldots, {kmax}$, owner, opponent and centred cube, at all breakpoints and 65 "
                               "further states."))


#: the text on Figures 2 and 3: the values d_k approaches on the boundary lines
FIG23_LIMITS = printed("§1.3, text on Figures 2 and 3: boundary values",
                       {"R+, x = 0": mpq(1, 2), "R+, y = x": mpq(1), "R-, y = -x": mpq(0), "R-, x = 0": mpq(1, 2)})


@claim("ju24.fig2-3.text", "§1.3, text on Figures 2 and 3",
       r"Over $R^+$ the $d_k$ approach $1/2$ along $x = 0$ and 1 along $y = x$ (contours from $1/2$ to 1); over $R^-$ "
       r"they approach 0 along $y = -x$ and $1/2$ along $x = 0$, with a discontinuity at $(0, 0)$ (contours from 0 to "
       r"$1/2$).")
def fig23_text():
    cp, cm = _p("(1.2)"), _p("(1.3)")
    ran = []
    # the contours are of the closed forms as printed: they must be the indifference points (the model) first
    for name, samples in (("(1.2)", R_PLUS_SAMPLES[:4]), ("(1.3)", R_MINUS_SAMPLES[:4])):
        off = printed_matches_model(samples, 3, name, ran)
        if off:
            return refuted(ran, say("the printed", eq(name.strip("()")), "is not the indifference point at",
                                      _fmt_case(off)), _fmt_case(off))
    ran.append(computed((cp.subs(k, 1), cm.subs(k, 1), _p("(3.1)")), "d_1 of (1.2) and (1.3), and (3.1)", "ju24 (3.1)"))
    if not (is_identity(cp.subs(k, 1), _p("(3.1)")) and is_identity(cm.subs(k, 1), _p("(3.1)"))):
        return refuted(ran, say("the printed", eq("3.1"), "is not $d_1$ of", eq("1.2"), "and", eq("1.3")), None)
    lim = {key: to_sympy(v) for key, v in FIG23_LIMITS.value.items()}
    checks = [
        ("R+, x -> 0", sp.simplify(cp.subs(x, 0)), lim["R+, x = 0"]),
        ("R+, y -> x", sp.simplify(cp.subs(x, y)), lim["R+, y = x"]),
        ("R-, y -> -x", sp.simplify(cm.subs(y, -x)), lim["R-, y = -x"]),
        ("R-, x -> 0", sp.simplify(cm.subs(x, 0)), lim["R-, x = 0"]),
        ("R+ limit, x -> 0", sp.simplify(_p("(A.3)").subs(x, 0)), lim["R+, x = 0"]),
        ("R+ limit, y -> x", sp.simplify(_p("(A.3)").subs(x, y)), lim["R+, y = x"]),
        ("R- limit, y -> -x", sp.simplify(_p("(A.8)").subs(y, -x)), lim["R-, y = -x"]),
        ("R- limit, x -> 0", sp.simplify(_p("(A.8)").subs(x, 0)), lim["R-, x = 0"]),
    ]
    ran.append(computed([(got, want) for _, got, want in checks], "the closed forms and limits on the boundary lines",
                        "ju24 §1.3, Figures 2 and 3"))
    for name, got, want in checks:
        if sp.simplify(got - want) != 0:
            return refuted(ran, say(f"{name}: $d_k$ tends to", math(got), ", not", math(want)), say(name))
    # ranges: d_1 and d_2 bound every d_k (oscillation), so the ranges follow from d_1, d_2 and the limits
    rng = [("R+", _p("(3.1)") - sp.Rational(1, 2)), ("R+", 1 - cp.subs(k, 2)),
           ("R-", _p("(3.1)")), ("R-", sp.Rational(1, 2) - cm.subs(k, 2))]
    ran.append(computed([e for _, e in rng], "d_1 and d_2 against the contour ranges, decided positive", "ju24 §1.3"))
    for region, e in rng:
        ok, why = positive_on_region(e, region)
        if not ok:
            return refuted(ran, say(f"the range on {_region_tex(region)}:", math(e), "is not proved positive (", why,
                                      ")"), None)
    return verified(ran, say("the closed forms (symbolic $k \\ge 1$, where $0^k = 0$) and limits", eq("A.3"), ",",
                               eq("A.8"), "take the stated values on the boundary lines: on $R^+$ $1/2$ at $x = 0$ and 1 "
                               "at $y = x$; on $R^-$ 0 at $y = -x$ and $1/2$ at $x = 0$, so two boundary limits differ at "
                               "$(0, 0)$: a discontinuity. Since $d_1 < d_k < d_2$ ($c > 0$, $0 < r < 1$), "
                               "$1/2 < d_k < 1$ on $R^+$ and $0 < d_k < 1/2$ on $R^-$ (proved positive by coefficient "
                               "signs after an exact parametrisation), matching the contour ranges."))


# -- the d_k table -----------------------------------------------------------------------


def _int(name, minimum=0):
    return lambda s: parse_int(s, name, minimum)


def _rat(name):
    return lambda s: parse_rational(s, name)


@table_builder("ju24.dk", "Proposal point d_k and take point a_k with k proposals left ((x, y)-cube; (1, 2) = "
               "alternating doubles)",
               params=[Param("size", _int("--size", 0), 10, "largest k (number of proposals left)"),
                       Param("x", _rat("--x"), mpq(1), "fold multiplier x (default 1)"),
                       Param("y", _rat("--y"), mpq(2), "accept multiplier y > 0 (default 2)")])
def dk_table(size: int, x=mpq(1), y=mpq(2)) -> Table:
    """ju24 (1.1)/(2.3) for (1, 2); (1.2)/(A.2) in R+, (1.3)/(A.7) in R-: d_k and a_k = 1 - d_k, k = 0..size, and the limit."""
    if size > 5000:
        raise TooLarge(f"--size {size} is too large for a printed table (at most 5000); d_k converges geometrically")
    th = st.thresholds(x, y, None)  # BadInput for a trivial region or y <= 0
    lim = th.limit
    standard = (th.x, th.y) == (1, 2)
    rows = [str(kk) for kk in range(size + 1)] + ["∞"]
    D, A, col = "$d_k$", "$a_k$", f"$d_k - {format_exact(lim)}$"  # labels in the delimited syntax
    if standard:
        title = "Doubling and take points, alternating doubles"
        source = "ju24 (1.1), (2.3); ks69 §2"
        notes = "$d_k = 4/5 + (1/5)(-1/4)^k$; $a_k = 1 - d_k$; the last row is the unlimited game (ks69 (5))."
    else:
        eq = "(1.2), (A.2), (A.3)" if th.region is st.Region.RAISING else "(1.3), (A.7), (A.8)"
        title = f"Proposal and take points, ({format_exact(th.x)}, {format_exact(th.y)})-cube, {th.region.value}"
        source = f"ju24 {eq}"
        notes = (f"(x, y) = ({format_exact(th.x)}, {format_exact(th.y)}) in {th.region.value}; k = 0 row: the closed "
                 "form at k = 0, (1+x)/2; last row: the limit.")
        if th.region is st.Region.REDUCING:
            notes += (" In R- these are the opponent's indifference points; the exact optimum is to reduce only at "
                      "p = 0 (claim ju24.thm1.5).")
    t = Table("ju24.dk", title, rows, [D, A, col], row_header="k", source=source, evidence="exact",
              notes=notes)
    for kk in range(size + 1):
        d = alt.doubling_point(kk) if standard else st.doubling_point(th.x, th.y, kk)
        t.set(kk, D, d)
        t.set(kk, A, 1 - d)
        t.set(kk, col, d - lim)
    t.set("∞", D, lim)
    t.set("∞", A, 1 - lim)
    t.set("∞", col, mpq(0))
    return t
