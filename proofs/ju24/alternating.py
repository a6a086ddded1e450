"""ju24 §1-2: limited alternating doubles; Theorems 1.1 and 1.2; (2.1)-(2.5); Figure 1; the d_k table."""

from __future__ import annotations

import sympy as sp

from exactcube import models
from exactcube.brownian import alternating as alt
from exactcube.claims import claim, refuted, verified
from exactcube.content.model import eq, math, say, value
from exactcube.numbers import mpq
from exactcube.printed import printed
from exactcube.results import computed
from exactcube.symbolic import identity, is_identity, solve, to_sympy

from ..linked import Formula, cite, establish, export, unlinked
from ..shared import consistency_lemma_check, first_double_optimal_at_fold_point

k_ = sp.symbols("k", integer=True, nonnegative=True)
p_, d_prev_, a_k_, d_k_ = sp.symbols("p d_km1 a_k d_k")
#: ju24's printed statements, read by the checks through printed() (``verify --mutate`` perturbs them)
D_CLOSED = printed("§1.3 Theorem 1.2, (1.1)", sp.Rational(4, 5) + sp.Rational(1, 5) * sp.Rational(-1, 4) ** k_)
SEC21_EQ = printed("§2.1: accepted double = declined double", sp.Eq(2 * p_ - 2 * (1 - p_), 1))
SEC21_P = printed("§2.1: the doubling point", mpq(3, 4))
EQ21 = printed("§2.2, (2.1)", sp.Eq(-1, -2 * (d_prev_ - a_k_) / d_prev_ + 2 * a_k_ / d_prev_))
EQ23 = printed("§2.2, (2.3)", 1 - d_prev_ / 4)
EQ24_RATIO = printed("§2.2, (2.4): ε_k / ε_(k-1)", mpq(-1, 4))
LIMIT = printed("§2.2, after (2.3): the limit", mpq(4, 5))
FIG1_LOG = printed("§1.3, Figure 1 caption: the orange line", sp.log(sp.Rational(1, 5)) + k_ * sp.log(sp.Rational(1, 4)))
KS69_ALPHA = printed("ks69 §2: α(n)", sp.Rational(4, 5) + (-1) ** k_ / (4**k_ * 5))

#: the conclusions the lemmas of the all-k argument export (issue 40, item 4; proofs.linked): (2.3) as proved from
#: the model's indifference (2.1), and the closed form (1.1) as proved from (2.3) by induction
RECURRENCE = export(Formula("ju24.eq2.1-2.3", d_k_, (d_prev_,), sp.Eq(d_k_, 1 - d_prev_ / 4),
                            scope="every k >= 1, d_(k-1) > 0 the doubling point with k - 1 doubles left"))
CLOSED_FORM = export(Formula("ju24.thm1.2", d_k_, (k_,), sp.Eq(d_k_, sp.Rational(4, 5) + sp.Rational(1, 5)
                                                                * sp.Rational(-1, 4) ** k_),
                             scope="every k >= 0"))


@claim("ju24.consistency", "§1.2.2",
       "Game state equals evaluation: within any interval, the chance of reaching the right end first is the "
       "proportion of the interval to the left of the current point.",
       unprinted="a property of the walk stated in words; the check proves it, there is no printed number")
def consistency():
    return consistency_lemma_check()


@claim("ju24.thm1.1", "§1.2.3, Theorem 1.1",
       "The optimal doubling state α equals the state β at which the opponent is indifferent between "
       "accepting and declining.",
       unprinted="the statement α = β names no value; the check compares A's exact equity at every doubling point")
def thm1_1():
    return first_double_optimal_at_fold_point(doubles=[1, 2, 3, 4, 5, 6, 8, 10, 12, None])


@claim("ju24.sec2.1", "§2.1",
       r"With one double allowed, $2p - 2(1-p) = 1$ gives the doubling point $p = 3/4$.")
def one_double():
    p = p_
    said_eq = SEC21_EQ.value
    if not isinstance(said_eq, sp.Equality):
        return refuted(computed(said_eq, "the printed equation, read", "ju24 §2.1"),
                       say("the printed equation", math(said_eq), "is not $2(2p - 1) = 1$ (accepted = declined)"),
                       math(said_eq))
    solved = solve(said_eq.lhs, said_eq.rhs, p, "sympy solve of the printed equation", "ju24 §2.1")
    sol = list(solved.value)
    # the model's values: an accepted double doubles the stake, 2(2p - 1); a declined one pays the stake, 1
    same = identity(said_eq.lhs - said_eq.rhs, 2 * (2 * p - 1) - 1, "ju24 §2.1: the printed equation is accepted = "
                                                                    "declined")
    ran = [solved, same]
    if not same:
        return refuted(ran, say("the printed equation", math(said_eq), "is not $2(2p - 1) = 1$ (accepted = declined)"),
                       math(said_eq))
    said = SEC21_P.value
    ran.append(computed((alt.doubling_point(1), alt.ONE_DOUBLE_POINT), "the model's one-double point", "ju24 §2.1"))
    if sol != [to_sympy(said)] or alt.doubling_point(1) != said or alt.ONE_DOUBLE_POINT != said:
        found = say(*[math(t) for t in sol]) if sol else say("no solution")
        return refuted(ran, say("the one-double point is", found, ", not the printed", said), found)
    return verified(ran, say("$2p - 2(1-p) = 1$ has the single solution $p = 3/4$, which is $d_1$ of", eq("1.1"),
                               "and of", eq("2.3"), "."))


@claim("ju24.eq2.1-2.3", "§2.2, (2.1)-(2.3)",
       r"Indifference (2.1) at $a_k$ with $d_0 = 1$, and $d_k = 1 - a_k$ (Theorem 1.1), give (2.2), which simplifies "
       r"to $d_k = 1 - d_{k-1}/4$ (2.3).")
def eq2_1_to_2_3():
    a, dprev, dk = a_k_, d_prev_, d_k_
    # (2.1) from the model: accepting is worth -2 on reaching 0 first, +2 on reaching d_(k-1) first; folding -1
    model21 = -2 * (dprev - a) / dprev + 2 * a / dprev
    eq21 = EQ21.value
    ran = [computed((model21, eq21), "the model's accept value against the printed (2.1)", "ju24 (2.1)")]
    if not isinstance(eq21, sp.Equality) or not is_identity(eq21.rhs - eq21.lhs, model21 + 1):
        return refuted(ran, say("the printed", eq("2.1"), ",", math(eq21), ", is not 'fold ($-1$) = accept' of the "
                                  "model"), math(eq21))
    sol_a = sp.solve(eq21, a)
    ran.append(computed(sol_a, "sympy solve of (2.1) for a_k", "ju24 (2.1)"))
    if len(sol_a) != 1 or not is_identity(sol_a[0], dprev / 4):
        found = say(*[math(x) for x in sol_a]) if sol_a else say("no solution")
        return refuted(ran, say(eq("2.1"), "gives $a_k$ =", found, ", not $d_{k-1}/4$"), found)
    eq22 = eq21.subs(a, 1 - dk)
    printed22 = sp.Eq(-1, -2 * ((dprev - (1 - dk)) / dprev) + 2 * ((1 - dk) / dprev))
    if not is_identity(eq22.lhs - eq22.rhs, printed22.lhs - printed22.rhs):
        return refuted(ran, say(eq("2.2"), "is not", eq("2.1"), "with $a_k = 1 - d_k$"), None)
    sol_d = sp.solve(eq22, dk)
    ran.append(computed((eq22, sol_d), "(2.2) and its solution for d_k", "ju24 (2.2), (2.3)"))
    # the exported conclusion, proved from the model's (2.1) (the printed (2.1) equals it, checked above)
    model_d = sp.solve(sp.Eq(-1, model21.subs(a, 1 - dk)), dk)
    proved = establish(cite(RECURRENCE.id), model_d[0] if len(model_d) == 1 else sp.nan,
                       "(2.3) from the model's indifference (2.1) with a_k = 1 - d_k")
    ran.append(proved)
    if not proved:
        return refuted(ran, say("the model's", eq("2.1"), "with $a_k = 1 - d_k$ does not give", math(proved.formula)),
                       None)
    if len(sol_d) != 1 or not is_identity(sol_d[0], EQ23.value):
        found = say(*[math(x) for x in sol_d]) if sol_d else say("no solution")
        return refuted(ran, say(eq("2.2"), "gives $d_k$ =", found, ", not the printed", eq("2.3"), ",",
                                  math(EQ23.value)), found)
    # the model's take point is the one the payoff computation says
    takes = [(alt.take_point(k), alt.doubling_point(k - 1)) for k in range(1, 40)]
    ran.append(computed(takes, "the model's a_k and d_(k-1), k = 1..39", "ju24 (2.1)-(2.3)"))
    for k in range(1, 40):
        if alt.take_point(k) != alt.doubling_point(k - 1) / 4:
            return refuted(ran, say(f"$a_{{{k}}} \\ne d_{{{k - 1}}}/4$ in the model"), say(f"$k = {k}$"))
    return verified(ran, say(eq("2.1"), "solves to $a_k = d_{k-1}/4$; substituting $a_k = 1 - d_k$ gives", eq("2.2"),
                               "as printed, whose unique solution is $d_k = 1 - d_{k-1}/4$; the model's "
                               "$a_k = d_{k-1}/4$ for $k = 1, \\ldots, 39$."))


@claim("ju24.eq2.4", "§2.2, (2.4)",
       r"The error $\varepsilon_k = d_k - 4/5$ satisfies $\varepsilon_k = -\varepsilon_{k-1}/4$; $4/5$ is the fixed point "
       r"of (2.3).")
def eq2_4():
    e = sp.symbols("eps")
    lim, ratio = to_sympy(LIMIT.value), to_sympy(EQ24_RATIO.value)
    d = lim + e
    rec_c = cite(RECURRENCE.id)  # (2.3) as ju24.eq2.1-2.3 proves it
    nxt = rec_c.value(d)
    if nxt is None:
        return unlinked(rec_c, "the error recursion (2.4)")
    lhs = nxt - lim
    ran = [computed((lhs, ratio), "(2.3) at 4/5 + eps, minus 4/5", "ju24 (2.4)")]
    if not is_identity(lhs, ratio * e):
        return refuted(ran, say("$\\varepsilon_k \\ne$", math(ratio * sp.Symbol("varepsilon_k-1")), ":", eq("2.3"),
                                  "gives", math(sp.simplify(lhs))), math(sp.simplify(lhs)))
    f = sp.Symbol("f")
    fixed = sp.solve(sp.Eq(f, rec_c.value(f)), f)
    ran.append(computed(fixed, "sympy solve of the fixed point of (2.3)", "ju24 (2.4)"))
    if fixed != [lim]:
        found = say(*[math(x) for x in fixed]) if fixed else say("none")
        return refuted(ran, say("the fixed point of", eq("2.3"), "is", found, ", not the printed", math(lim)), found)
    return verified(ran, say("$1 - (4/5 + \\varepsilon)/4 - 4/5 = -\\varepsilon/4$ identically; the only fixed point "
                               "of", eq("2.3"), "is $4/5$."))


@claim("ju24.thm1.2", "§1.3 Theorem 1.2, (1.1), (2.5)",
       r"With $k \ge 1$ doubles remaining, the optimal doubling state is $d_k = 4/5 + (1/5)(-1/4)^k$.")
def thm1_2():
    # the induction, from (2.3) as ju24.eq2.1-2.3 exports it: the exported closed form c(k) satisfies
    # c(k) = 1 - c(k - 1)/4 identically in k and c(0) = 1 = d_0
    rec_c, cf = cite(RECURRENCE.id), cite(CLOSED_FORM.id)
    c_k, c_prev = cf.value(k_), cf.value(k_ - 1)
    rec = rec_c.value(c_prev) if c_prev is not None else None
    if rec is None:
        return unlinked(rec_c, "the induction step of (1.1)")
    step = establish(cf, rec, "(1.1) at k from (2.3) applied to (1.1) at k - 1", cites=(rec_c,))
    base = establish(cf, 1, "(1.1) at k = 0 is d_0 = 1", values=(0,))
    ran = [step, base]
    if not (step and base):
        return refuted(ran, say("the closed form does not satisfy", eq("2.3"), "identically, or not $d_0 = 1$"),
                       say(math(cf.formula)))
    closed = D_CLOSED.value
    judged = computed(sp.simplify(closed - c_k), "the printed (1.1) minus the closed form proved", "ju24 (1.1)")
    ran.append(judged)
    if not is_identity(closed, c_k):
        return refuted(ran, say("the printed", eq("1.1"), "is not the closed form proved from", eq("2.3"), "by induction"),
                       say("difference:", math(sp.simplify(closed - c_k))))
    pairs = [(alt.doubling_point_recurrence(k), alt.doubling_point_closed_form(k)) for k in range(0, 501)]
    ran.append(computed(pairs, "the model's recurrence and closed form, k = 0..500", "ju24 (1.1), (2.3)"))
    for k in range(0, 501):
        if pairs[k][0] != pairs[k][1]:
            return refuted(ran, say(f"the recurrence and the closed form differ at $k = {k}$"), say(f"$k = {k}$"))
    for k in range(0, 41):  # the printed closed form against the model's recurrence
        if to_sympy(alt.doubling_point_recurrence(k)) != closed.subs(k_, k):
            return refuted(ran, say("the printed", eq("1.1"), f"differs from the recurrence at $k = {k}$"),
                           say(f"$k = {k}$"))
    return verified(ran, say("$d_k = 4/5 + (1/5)(-1/4)^k$ satisfies $d_k = 1 - d_{k-1}/4$ as an identity in symbolic "
                               "$k$ and $d_0 = 1$, so by induction it is the solution for every $k$; the exact "
                               "recurrence agrees for $k = 0, \\ldots, 500$."))


@claim("ju24.fig1", "§1.3, Figure 1 and its caption",
       r"Thresholds with an odd number of doubles left lie below $4/5$, even ones above; "
       r"$\log|d_k - 4/5| = \log(1/5) + k \log(1/4)$ (the orange line).")
def fig1():
    cf = cite(CLOSED_FORM.id)  # (1.1) as ju24.thm1.2 proves it
    closed = cf.value(k_)
    if closed is None:
        return unlinked(cf, "the error d_k - 4/5 of Figure 1")
    err = sp.simplify(closed - sp.Rational(4, 5))
    ran = [computed(err, "d_k - 4/5 from the closed form (1.1) proved by ju24.thm1.2", "ju24 Figure 1")]
    if not is_identity(sp.Abs(err).rewrite(sp.Piecewise), sp.Rational(1, 5) * sp.Rational(1, 4) ** k_) and \
            not is_identity(err * err, (sp.Rational(1, 5) * sp.Rational(1, 4) ** k_) ** 2):
        return refuted(ran, say("$|d_k - 4/5| \\ne (1/5) 4^{-k}$"), say("$d_k - 4/5$ =", math(err)))
    kk = sp.symbols("kk", integer=True, nonnegative=True)
    odd = sp.simplify(err.subs(k_, 2 * kk + 1))
    even = sp.simplify(err.subs(k_, 2 * kk))
    ran.append(computed((odd, even), "d_k - 4/5 at odd and even k", "ju24 Figure 1"))
    if not (odd.is_negative and even.is_positive):
        return refuted(ran, say("the sign pattern fails: odd", math(odd), ", even", math(even)),
                       say("odd", math(odd), ", even", math(even)))
    for k in range(1, 200):
        th = models.cube.thresholds(k)  # through the stable model facade
        ran.append(th)
        dk = th.double
        if (dk < mpq(4, 5)) != (k % 2 == 1) or abs(dk - mpq(4, 5)) != mpq(1, 5 * 4**k):
            return refuted(ran, say(f"$k = {k}$:", value(dk, name="d_k")), say(f"$k = {k}$"))
    # |d_k - 4/5| = (1/5)(1/4)^k was shown above; its logarithm against the printed line
    logline = sp.expand_log(sp.log(sp.Rational(1, 5) * sp.Rational(1, 4) ** k_), force=True)
    ran.append(computed((logline, FIG1_LOG.value), "the logarithm of |d_k - 4/5| and the printed line", "ju24 Figure 1"))
    if not is_identity(logline, FIG1_LOG.value):
        return refuted(ran, say("$\\log|d_k - 4/5|$ =", math(logline), ", not the printed", math(FIG1_LOG.value)),
                       math(logline))
    return verified(ran, say("$d_k - 4/5 = (1/5)(-1/4)^k$: negative for odd $k$, positive for even $k$ (symbolic in "
                               "$k$), $|d_k - 4/5| = (1/5) 4^{-k}$, so $\\log|d_k - 4/5| = \\log(1/5) + k \\log(1/4)$ "
                               "exactly; model checked for $k = 1, \\ldots, 199$."))


@claim("ju24.notes.alpha_n", "ks69 §2 vs ju24 (1.1)",
       r"ks69's $\alpha(n) = 4/5 + (-1)^n/(4^n \cdot 5)$ is the same statement as ju24 (1.1).")
def same_as_ks69():
    ks, ju = KS69_ALPHA.value, D_CLOSED.value
    ran = computed(sp.simplify(ks - ju), "ks69's alpha(n) minus ju24 (1.1), simplified", "ks69 §2; ju24 (1.1)")
    if not is_identity(ks, ju):
        return refuted(ran, say("the two formulas differ"), say("difference:", math(sp.simplify(ks - ju))))
    return verified(ran, say("$4/5 + (-1)^n/(4^n \\cdot 5) - [4/5 + (1/5)(-1/4)^n]$ simplifies to 0 for symbolic "
                               "$n$."))


# The d_k table (ju24.dk) lives in proofs/ju24/stakes/tables.py, generalised to any (x, y).
