"""ks69 §1-2: the consistency lemma, standard backgammon betting, Theorem 1, the 80% point."""

from __future__ import annotations

import sympy as sp

from exactcube.brownian import alternating as alt
from exactcube.claims import Outcome, claim, refuted, verified
from exactcube.content.model import eq, math, say, table, value
from exactcube.numbers import mpq, parse_printed
from exactcube.printed import printed
from exactcube.results import assumption, computed
from exactcube.symbolic import identity, solve, to_sympy

from ..ju24.alternating import CLOSED_FORM
from ..linked import Formula, cite, export, unlinked
from ..shared import consistency_lemma_check, first_double_optimal_at_fold_point

THRESHOLDS = assumption("ks69.strategy-thresholds", "'Positive expectation against any other strategy' (§2) is "
                        "read as: against any other first-doubling threshold (A doubles the first time his chance "
                        "reaches t), B playing optimally.")

_al, _n = sp.symbols("alpha n")
# What §2 prints, read by the checks through exactcube.printed (so `verify --mutate` can perturb it).
P_WIN_FIRST = printed("§2, A wins before B can double with probability (2α-1)/α", (2 * _al - 1) / _al)
P_EQ4 = printed("§2 (4), -α = 2[2 - 3α]", sp.Eq(-_al, 2 * (2 - 3 * _al), evaluate=False))
P_EQ5 = printed("§2 (5), α = .8", ".8")
P_STRATEGY = printed("§2, doubles iff 80%, accepts iff at least 20%", ("80", "20"))
_x, _a, _b, _P = sp.symbols("x a b P")
P_LEMMA_EQ1 = printed("§1 (1), x = P(E)(x+b) + (1-P(E))(x-a)", sp.Eq(_x, _P * (_x + _b) + (1 - _P) * (_x - _a)))
P_LEMMA_EQ2 = printed("§1 (2), P(E) = a/(a+b)", _a / (_a + _b))
#: the Lemma's conclusion as proved (proofs.linked): from x, the chance of reaching x + b before x - a
LEMMA = export(Formula("ks69.lemma", _P, (_x, _a, _b), sp.Eq(_P, _a / (_a + _b)), scope="every a, b > 0"))
P_ALPHA_N = printed("§2 last paragraph, α(n) = 4/5 + (-1)^n/(4^n·5)", sp.Rational(4, 5) + (-1) ** _n / (4**_n * 5))


@claim("ks69.lemma", "§1, Lemma, (1)-(2)",
       "From state x, the chance that p(t) reaches x+b before x-a is a/(a+b).")
def lemma():
    return consistency_lemma_check(P_LEMMA_EQ1, P_LEMMA_EQ2, conclusion=cite(LEMMA.id))


@claim("ks69.eq3-5", "§2, (3)-(5)",
       r"$-K = 2K[(1-\alpha)/\alpha - (2\alpha-1)/\alpha]$ simplifies to $-\alpha = 2[2-3\alpha]$, so "
       r"$\alpha = .8 = 80\%$.")
def eq3_5():
    a, K = sp.symbols("alpha K", positive=True)
    # the win-before-redouble probability in (3) is the Lemma's chance from a of reaching 1 (b = 1 - a) before
    # 1 - a (a - (1 - a) below), taken from the Lemma's exported conclusion
    lem = cite(LEMMA.id)
    p_win = lem.value(a, a - (1 - a), 1 - a)
    if p_win is None:
        return unlinked(lem, "the win-before-redouble chance of (3)")
    printed_win = P_WIN_FIRST.value.subs(_al, a)
    win = identity(p_win, printed_win, "ks69 §2, the win-before-redouble chance")
    if not win:
        return refuted(win, say("the lemma gives", math(sp.simplify(p_win)), ", not", math(printed_win)),
                       say(math(sp.simplify(p_win))))
    eq3 = sp.Eq(-K, 2 * K * ((1 - printed_win) - printed_win))
    # (4) is (3) multiplied by α/K
    eq4 = P_EQ4.value.subs(_al, a)
    times = identity((eq3.lhs - eq3.rhs) * a / K, eq4.lhs - eq4.rhs, "ks69 (3) times alpha/K is (4)")
    if not times:
        return refuted(times, say(eq(4), "as printed,", math(P_EQ4.value), ", is not", eq(3),
                                  r"multiplied by $\alpha/K$"), None)
    solved = solve(eq3.lhs, eq3.rhs, a, "ks69 (3) solved for alpha (sympy)", "ks69 (5)")
    sols = list(solved.value)
    five = parse_printed(P_EQ5.value)
    if sols != [sp.Rational(4, 5)] or five != mpq(4, 5):
        found = say(*[math(x) for x in sols]) if sols else say("no solution")
        return refuted(solved, say(eq(3), "solves to", found, ", not", f"${P_EQ5.value}$"), found)
    model = alt.thresholds(None)
    if model.double != mpq(4, 5):
        return refuted(model, "the model's unlimited doubling point is not $4/5$",
                       say(value(alt.UNLIMITED_DOUBLING_POINT)))
    return verified([win, times, solved, model], say(eq(3), r"times $\alpha/K$ is", eq(4), "; the only solution of", eq(3),
                               r"is $\alpha = 4/5$; the win-before-redouble chance $(2\alpha-1)/\alpha$ follows from "
                               "the Lemma."))


@claim("ks69.theorem1", "§2, Theorem 1",
       r"$\alpha_0 = \beta_0$: A's doubling point equals B's folding point.",
       unprinted="an equality of two unnamed points: no printed value to perturb (the 80% is judged in ks69.eq3-5)")
def theorem1():
    return first_double_optimal_at_fold_point(doubles=[None], p0=mpq(1, 2))


@claim("ks69.sec2.strategy", "§2, after (5)",
       "A player doubles iff he has an 80% chance of winning and accepts a double iff he has at least 20%; "
       "the strategy has positive expectation against any other [first doubling point].")
def strategy():
    # B's take point: B is indifferent at A's state 4/5 (A's value after B takes equals +1 = B folding)
    double_pct, take_pct = (parse_printed(x) / 100 for x in P_STRATEGY.value)
    model = alt.thresholds(None)
    if double_pct != model.double or take_pct != model.take:
        return refuted(model, say("the doubling point is", value(alt.UNLIMITED_DOUBLING_POINT), "and the take point",
                                  value(1 - alt.UNLIMITED_DOUBLING_POINT), f", not {P_STRATEGY.value[0]}% and "
                                  f"{P_STRATEGY.value[1]}%"), None)
    after_take = alt.equity(double_pct, alt.Cube.THEIRS)
    take_value = 2 * after_take.value
    if take_value != 1:
        return refuted(after_take, f"at {P_STRATEGY.value[0]}% B is not indifferent between take and fold",
                       say("A's value after B takes:", value(take_value)))
    # Deviations, for every t in [1/2, 1] at once: A's value as a function of his first doubling point t
    # (B optimal, unlimited doubles) is shown symbolically to be monotone on each side of B's fold point 4/5,
    # increasing before and strictly decreasing after it (shared.first_double_optimal_at_fold_point).
    mono = first_double_optimal_at_fold_point(doubles=[None], p0=mpq(1, 2))
    if mono.outcome is not Outcome.VERIFIED:
        return mono
    # That check allows a value constant in t before 4/5; an exact value at t = 1/2 below the value at 4/5
    # rules it out, so (the derivative having no root on [1/2, 4/5]) the increase is strict there too.
    v_opt, v_half = alt.value_of_first_double_at(mpq(4, 5)), alt.value_of_first_double_at(mpq(1, 2))
    values_at = computed((v_opt, v_half), "A's value with the first double at t = 4/5 and t = 1/2 (exact)")
    if v_opt != 0 or not v_half < v_opt:
        values = table(["$t$", "A's value"], [["$4/5$", v_opt], ["$1/2$", v_half]])
        return refuted(values_at, say("the value at $t = 4/5$ is", value(v_opt), ", at $t = 1/2$ it is", value(v_half),
                                  ": a deviation does not lose"), values)
    return verified(
        [model, after_take, mono, values_at],
        say("At 80% the taker is indifferent (take value exactly $-1$, the value of a fold). From an even game, with "
            "unlimited doubles and B playing optimally, A's value as a function of his first doubling point $t$ is "
            "strictly increasing on $[1/2, 4/5]$ and strictly decreasing on $[4/5, 1]$ (the derivative's sign decided "
            "symbolically on each piece; value", value(v_opt), "at $t = 4/5$, e.g.", value(v_half),
            r"at $t = 1/2$), so every first doubling point $t \ne 4/5$ gives A a strictly negative expectation, for "
            "all $t$ exactly. The uniqueness is shown within first-doubling-threshold strategies only (A doubles the "
            "first time his chance reaches $t$), not against all strategies."),
        assumptions=(THRESHOLDS.id,),
    )


@claim("ks69.sec2.alpha_n", "§2, last paragraph",
       r"With at most $n$ raises in total, the first doubling point is $\alpha(n) = 4/5 + (-1)^n/(4^n \cdot 5)$.")
def alpha_n():
    n = sp.symbols("n", integer=True, nonnegative=True)
    ks = P_ALPHA_N.value.subs(_n, n)
    closed = cite(CLOSED_FORM.id)  # ju24 (1.1) as ju24.thm1.2 proves it (proofs.linked)
    ju = closed.value(n)
    if ju is None:
        return unlinked(closed, "the comparison with ju24 (1.1)")
    same = identity(ks, ju, "ks69 §2 alpha(n) against ju24 (1.1) as proved")
    if not same:
        return refuted(same, r"ks69's $\alpha(n)$ differs from ju24 (1.1) symbolically",
                       say("the difference is", math(sp.simplify(ks - ju))))
    rec = [alt.thresholds(k, "recurrence") for k in range(0, 301)]
    bad = [k for k in range(0, 301) if to_sympy(rec[k].double) != ks.subs(n, k)]
    if bad:
        return refuted([rec[k] for k in bad], r"$\alpha(n)$ differs from the recurrence $d_k = 1 - d_{k-1}/4$",
                       say("at", ", ".join(f"$n = {k}$" for k in bad[:3])))
    return verified([same] + rec, r"$\alpha(n)$ equals ju24 (1.1) as an identity in $n$ and equals the indifference recurrence "
                           r"(ju24 (2.3), $d_0 = 1$) exactly for $n = 0, 1, \ldots, 300$.")
