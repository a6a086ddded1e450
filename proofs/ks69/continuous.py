"""ks69 §4-5 and Appendix: continuous raises, the Poisson limit, (18)-(28), the asymptotics."""

from __future__ import annotations

import sympy as sp
from flint import arb, fmpq

from exactcube.brownian import continuous as C
from exactcube.brownian import raises as R
from exactcube.claims import Erratum, ErratumKind, Evidence, claim, erratum, refuted, verified
from exactcube.numbers import agrees_with_printed, format_exact, mpq, parse_printed, printed_places
from exactcube.printed import printed
from exactcube.results import assumption
from exactcube.symbolic import is_identity

EXACT = Evidence.EXACT
RIGOROUS = Evidence.RIGOROUS
NUMERIC = Evidence.NUMERIC


# Readings the verdicts rest on.
TEN_TEN = assumption("ks69.1010-is-10^10", "In §5's last paragraph the printed '1/sqrt(1010)' stands for "
                                          "1/sqrt(10^10), the raise factor 10^10 named in the same sentence.")
TEN_TEN_LITERAL = assumption("ks69.1010-literal", "In §5's last paragraph '1/sqrt(1010)' is read literally "
                                                  "(one thousand and ten).")

# What §4-5 print, read by the checks through exactcube.printed (so `verify --mutate` can perturb it).
P_B1_THRESHOLD = printed("§4 example, 'if a > 4 ... A should raise immediately'", 4)
P_SHIFT = printed("§5, Table II +.430 (3 doubles vs 2) and Table IV +.581 (8 vs 4)", (".430", ".581"))
P_1E10 = printed("§5 last paragraph, 1/sqrt(10^10) = 10^-5 (exponents 10 and -5)", (10, -5))
P_EQ14 = printed("§4 (14), the limit (1/2) log a", sp.log(sp.Symbol("a", positive=True)) / 2)
P_EQ20 = printed("§5 (20), E Gain(A) = (α(b,a) - α(a,b))/(α(a,b) + α(b,a) - 1)",
                 (sp.Symbol("alphaT") - sp.Symbol("alpha"), sp.Symbol("alpha") + sp.Symbol("alphaT") - 1))
P_SIMILARLY = printed("§4 after (15), 'Similarly with P(K_a)'", "K_a")
P_EQ22 = printed("§5 (22), α(a,b) = Prob(X-Y < 0)", "0")
P_PHI_PRIME = printed("§5 before (26), Φ'(u) = e^{-u²}·u' (the coefficient of u² in the exponent)", "1")


def _s(x: arb, n: int = 10) -> str:
    return x.str(n, radius=False)


def _q(x: mpq) -> arb:
    return arb(fmpq(int(x.numerator), int(x.denominator)))


def ball_rounds_to(x: arb, text: str) -> bool:
    """Whether the whole ball ``x`` lies within half a unit of the printed decimal's last place (rigorous)."""
    v, half = parse_printed(text), mpq(1, 2 * 10 ** printed_places(text))
    return bool(_q(v - half) <= x.lower() and x.upper() <= _q(v + half))


@claim("ks69.eq14-15", "§4, (14)-(15)",
       "lim_{n->oo} n(a^{1/n} - 1)/(2a^{1/n}) = (1/2) log a, and likewise for b.")
def eq14_15():
    a, n = sp.symbols("a n", positive=True)
    lim = sp.limit(n * (a ** (1 / n) - 1) / (2 * a ** (1 / n)), n, sp.oo)
    if not is_identity(lim, P_EQ14.value.subs(sp.Symbol("a", positive=True), a)):
        return refuted(EXACT, f"the limit is {lim}", str(lim))
    p = (a ** (1 / n) - 1) / (2 * a ** (1 / n))
    if sp.limit(p, n, sp.oo) != 0:
        return refuted(EXACT, "the upset chance does not tend to 0", None)
    return verified(EXACT, "sympy: n(a^{1/n}-1)/(2a^{1/n}) -> log(a)/2 and the upset chance (a^{1/n}-1)/(2a^{1/n}) -> 0 "
                           "as n -> oo, for symbolic a > 0 ((15) is the same statement for b).")


@claim("ks69.eq12-17", "§4, (12)-(13) -> (17)",
       "As n -> oo the binomial law b(n, (a^{1/n}-1)/(2a^{1/n}), K) approaches the Poisson law of mean (1/2) log a, "
       "P(K) = e^{-L} L^K/K! = L^K/(sqrt(a) K!), so α with n raises of a^{1/n} tends to (18).")
def eq12_17():
    L, k, a = sp.symbols("L k a", positive=True)
    if not is_identity(sp.exp(-L) * L**k / sp.factorial(k), (L**k / (sp.sqrt(a) * sp.factorial(k))).subs(
            a, sp.exp(2 * L))):
        return refuted(EXACT, "e^{-L} != 1/sqrt(a) with L = log(a)/2", None)
    rows = []
    ok = True
    for (pa, pb) in ((mpq(4), mpq(2)), (mpq(10), mpq(3))):
        exact = C.alpha(pa, pb, 25).value
        prev = None
        for n in (1, 2, 4, 8, 16, 64, 256, 1024):
            with C.working_precision(128):
                err = abs(C.alpha_split(pa, pb, n, n, 25) - exact)
            rows.append(f"a={pa}, b={pb}, n={n}: |α_n - α| = {_s(err, 3)}")
            if prev is not None and not err < prev:
                ok = False
            prev = err
        # the error decays like 1/n: n * err settles
        with C.working_precision(128):
            last = C.alpha_split(pa, pb, 1024, 1024, 25) - exact
        rows.append(f"1024·(α_1024 - α) = {_s(1024 * last, 4)}")
    if not ok:
        return refuted(RIGOROUS, "the error of the n-raise approximation does not shrink", rows)
    return verified(
        EXACT,
        "(17): e^{-L}L^K/K! = L^K/(sqrt(a)K!) symbolically with L = log(a)/2; n·p_n -> L ((14), exact) with p_n -> 0 "
        "is the hypothesis of the Poisson limit theorem. Shown on the raising point itself (balls, strictly "
        "decreasing errors, about c/n): " + "; ".join(rows),
    )


@claim("ks69.eq18", "§4, (18)",
       "α(a,b) = (1/sqrt(ab)) Σ_{i<=j} L^i M^j/(i! j!) with L = (1/2) log a, M = (1/2) log b.")
def eq18():
    # independent check: alpha(a,b) + alpha(b,a) - 1 = P[X=Y] = e^{-L-M} I_0(2 sqrt(LM)) (Bessel, arb)
    n = 0
    for a in range(1, 13):
        for b in range(1, 13):
            with C.working_precision(160):
                s = C.alpha(a, b, 25).value + C.alpha(b, a, 25).value - 1
                t = C.tie_probability(a, b, 25)
            if not s.overlaps(t):
                return refuted(RIGOROUS, f"α({a},{b}) + α({b},{a}) - 1 = {_s(s)} but P[X=Y] = {_s(t)}", (a, b))
            if not (s - t).rad() < arb(10) ** -20:
                return refuted(RIGOROUS, "balls too wide to compare", (a, b))
            n += 1
    # the series is the Poisson comparison: (18) with the prefactor 1/sqrt(ab) = e^{-L-M}
    L, M = sp.symbols("L M", positive=True)
    if not is_identity(1 / sp.sqrt(sp.exp(2 * L) * sp.exp(2 * M)), sp.exp(-L - M)):
        return refuted(EXACT, "1/sqrt(ab) != e^{-L-M}", None)
    return verified(RIGOROUS, f"for all {n} pairs a, b = 1..12 the ball of (18) for α(a,b) + α(b,a) - 1 overlaps "
                              "the independent Bessel ball e^{-L-M} I_0(2 sqrt(LM)) = P[X = Y] (radii < 1e-20); "
                              "1/sqrt(ab) = e^{-L-M} symbolically.")


@claim("ks69.sec4.b1", "§4, example after (18)",
       "If b = 1, α(a,b) = 1/sqrt(a); thus if a > 4 and the game is fair A should raise immediately and B resign.")
def b_equals_1():
    for a in (mpq(2), mpq(4), mpq(9, 2), mpq(100), mpq(10) ** 10):
        v = C.alpha(a, 1, 30).value
        with C.working_precision(200):
            w = _q(a).rsqrt()
        if not (v.overlaps(w) and v.rad() < arb(10) ** -30):
            return refuted(RIGOROUS, f"α({a},1) = {_s(v)} does not contain 1/sqrt(a)", a)
    four = mpq(P_B1_THRESHOLD.value)
    for a in (four, four + mpq(1, 10), four + 1, mpq(100)):
        if C.expected_value(a, 1).dominated != "A":
            return refuted(EXACT, f"a = {a} >= {four}: A does not dominate", a)
    for a in (four / 2, four - mpq(1, 10)):
        if C.expected_value(a, 1).dominated is not None:
            return refuted(EXACT, f"a = {a} < {four} dominates", a)
    return verified(EXACT, "with M = 0 only i = j = 0 survives in (18), so α(a,1) = a^{-1/2} (the library's balls "
                           "contain 1/sqrt(a) for a = 2, 4, 9/2, 100, 10^10); α(a,1) <= 1/2 iff a >= 4, so at an even "
                           "game A raises at once and B folds for a >= 4 (a = 4 exactly is the boundary, E = 1).")


@claim("ks69.eq19-20", "§5, (19)-(20)",
       "E = ((1/2 - β) - (α - 1/2))/(α - β) if β < 1/2 < α, else one player dominates with gain 1; by symmetry "
       "β(a,b) = 1 - α(b,a), so E = (α(b,a) - α(a,b))/(α(a,b) + α(b,a) - 1).")
def eq19_20():
    al, be, alt = sp.symbols("alpha beta alphaT", positive=True)
    e19 = ((sp.Rational(1, 2) - be) - (al - sp.Rational(1, 2))) / (al - be)
    if not is_identity(e19, (1 - be - al) / (al - be)):
        return refuted(EXACT, "the two forms of (19) differ", None)
    num20, den20 = (x.subs({sp.Symbol("alpha"): al, sp.Symbol("alphaT"): alt}) for x in P_EQ20.value)
    if not is_identity(e19.subs(be, 1 - alt), num20 / den20):
        return refuted(EXACT, "(19) with β = 1 - α(b,a) is not (20)", None)
    # (19) >= 1 exactly when alpha <= 1/2 (for beta < alpha): (19) - 1 = (1 - 2 alpha)/(alpha - beta)
    if not is_identity(e19 - 1, (1 - 2 * al) / (al - be)) or not is_identity(e19 + 1, (1 - 2 * be) / (al - be)):
        return refuted(EXACT, "the domination boundary is not α = 1/2", None)
    # symmetry beta = 1 - alpha(b,a), exactly on the discrete model (its Poisson limit is the continuous one)
    for fa, fb in ((mpq(2), mpq(3)), (mpq(3, 2), mpq(5))):
        g, h = R.raising_grid(12, 12, fa, fb), R.raising_grid(12, 12, fb, fa)
        for i in range(13):
            for j in range(13):
                if g.beta(i, j) != 1 - h.alpha(j, i):
                    return refuted(EXACT, f"β({i},{j}) != 1 - α({j},{i}) with factors swapped", (i, j))
    return verified(EXACT, "(19) = (1-β-α)/(α-β); substituting β = 1-α(b,a) gives (20) (symbolic); (19)-1 = "
                           "(1-2α)/(α-β) and (19)+1 = (1-2β)/(α-β), so the formula leaves [-1,1] exactly when a "
                           "player dominates, i.e. the value is (20) clamped to [-1,1]; β(i,j;a,b) = 1-α(j,i;b,a) "
                           "exactly for i, j <= 12 (P[K_a < K_b] = 1 - P[K_b <= K_a]).")


@claim("ks69.sec5.1e10", "§5, last paragraph",
       "With a raise factor 10^10 against none: raising once, A must wait until he has a 50% chance; raising "
       "continuously he may force B out at probability 1/sqrt(10^10) = 10^-5.")
def one_e10():
    e_a, e_p = P_1E10.value
    a = mpq(10) ** e_a
    once = R.raising_points_binomial(1, 0, a, 2).alpha
    if once != (a + 1) / (2 * a):
        return refuted(EXACT, f"one raise: α(1,0) = {once}", once)
    cont = C.alpha(a, 1, 30).value
    with C.working_precision(200):
        tenth5 = _q(mpq(10) ** e_p)
    if not (cont.overlaps(tenth5) and cont.rad() < arb(10) ** -35) or C.resign_potential(1).a.mid() != 4:
        return refuted(RIGOROUS, f"continuous: α(10^10, 1) = {_s(cont)}", None)
    with C.working_precision(64):
        lit = _q(mpq(1010)).rsqrt()
    literal = (verified(RIGOROUS, "read literally, 1/sqrt(1010) = 10^-5 too", assumptions=(TEN_TEN_LITERAL.id,))
               if lit.overlaps(tenth5) else
               refuted(RIGOROUS, f"read literally, 1/sqrt(1010) = {_s(lit, 6)}, not 10^{e_p}", _s(lit, 6),
                       assumptions=(TEN_TEN_LITERAL.id,)))
    return verified(EXACT, f"one raise: α(1,0) = (a+1)/(2a) = {format_exact(once)} = 1/2 + 5·10^-11 ('50%'); "
                           "continuous: α(a,1) = a^{-1/2} = 10^-5 exactly for a = 10^10 (the text's 1/sqrt(1010) "
                           "is read as 1/sqrt(10^10), the exponent lost in extraction).",
                    assumptions=(TEN_TEN.id,), alternatives=(literal,))


@claim("ks69.sec5.shift", "§5, after Table V",
       "Table II: A with 3 doubles against 2 has +.430; Table IV: raise factor 8 against 4 has +.581; in general "
       "making the raises continuous helps the player with positive expectation.")
def shift():
    d = R.expected_value(3, 2).value
    c = C.expected_value(8, 4, 20)
    p_d, p_c = P_SHIFT.value
    if not agrees_with_printed(d, p_d):
        return refuted(EXACT, f"E(3,2) = {format_exact(d)} does not round to {p_d}", format_exact(d))
    if not ball_rounds_to(c.value, p_c):
        return refuted(RIGOROUS, f"E(8,4) = {_s(c.value)} does not round to {p_c}", None)
    cells = 0
    for i in range(10):
        for j in range(10):
            ed = R.expected_value(i, j).value
            if ed > 0:
                ec = C.expected_value(2**i, 2**j, 15).value
                if not ec >= _q(ed):
                    return refuted(RIGOROUS, f"{i} doubles vs {j}: discrete {ed} > continuous {_s(ec)}",
                                   (i, j, str(ed), _s(ec)))
                cells += 1
    return verified(RIGOROUS, f"E(3,2) = {format_exact(d)} (.430); E(8,4) = {_s(c.value, 8)} (.581). On all {cells} "
                              "cells of Tables II/IV's range (i, j = 0..9, potentials 2^i, 2^j) where the discrete "
                              "value is positive, the continuous value (ball) is at least the discrete one — the "
                              "'in general' is confirmed on that range, not proved.")


def _asymptotic_rows(ts, Ms, digits=20):
    rows, errs = [], {}
    for t in ts:
        prev = None
        for M in Ms:
            e = C.expected_value_means(mpq(M) + t, mpq(M), digits)
            with C.working_precision(128):
                err = e - 2 * _q(t)
            errs[(t, M)] = err
            rows.append(f"t={format_exact(t)}, M={M}: E - 2t = {_s(err, 4)}")
            if prev is not None and not abs(err) < abs(prev):
                return rows, errs, False
            prev = err
    return rows, errs, True


@claim("ks69.eq26", "§5, (24)-(26)",
       "With L = M + t, t fixed, lim_{M->oo} E Gain(A) = 2t = log(a/b).")
def eq26():
    tt = sp.symbols("t")
    lim = (-(sp.Rational(1, 2) + tt) + (sp.Rational(1, 2) - tt)) / (-(sp.Rational(1, 2) + tt) - (sp.Rational(1, 2) - tt))
    if not is_identity(lim, 2 * tt):
        return refuted(EXACT, "the last step of (26) is not 2t", str(lim))
    rows, errs, ok = _asymptotic_rows([mpq(1, 10), mpq(1, 4), mpq(1, 2), mpq(-1, 4)], [1, 10, 100, 1000, 10000])
    if not ok:
        return refuted(RIGOROUS, "the error E - 2t does not shrink with M", rows)
    rate = [f"M·(E-2t) at t={format_exact(t)}: {_s(errs[(t, 10000)] * 10000, 4)}" for t in (mpq(1, 4), mpq(1, 2))]
    return verified(NUMERIC, "the last step of (26) simplifies to 2t (symbolic). E(M+t, M) as rigorous balls (Poisson "
                             "means; a = e^{2(M+t)}, b = e^{2M}): " + "; ".join(rows) + ". The error shrinks "
                             "like 1/M (" + "; ".join(rate) + "). The limit itself is supported numerically, not "
                             "proved here.")


@claim("ks69.appendix.eq27", "Appendix, Theorem (27)-(28)",
       "E(a,b) = log(a/b) + o(1) as a, b -> oo (the two doubling points on different sides of 1/2).")
def eq27():
    rows, errs, ok = _asymptotic_rows([mpq(-1, 3), mpq(1, 5), mpq(1, 3)], [1, 10, 100, 1000, 10000])
    if not ok:
        return refuted(RIGOROUS, "the error E - log(a/b) does not shrink", rows)
    return verified(NUMERIC, "E(a,b) - log(a/b) as rigorous balls along L = M + t: " + "; ".join(rows) + ". The "
                             "error shrinks like 1/M; numeric support for the o(1), not a proof.")


@claim("ks69.appendix.bessel", "Appendix, f(x) = Σ x^{2i}/i!^2",
       "f(x) = I_0(2x), so f(x) ~ e^{2x}/(2 sqrt(pi x)).")
def bessel():
    for x in (mpq(1, 2), mpq(3), mpq(10)):
        with C.working_precision(120):
            X = _q(x)
            s, term, i = arb(0), arb(1), 0
            while True:
                s += term
                i += 1
                term = term * X * X / (i * i)
                if i > 4 * x + 10 and term < arb(2) ** -130:
                    # remaining terms decrease at least geometrically with ratio x^2/(i+1)^2 <= 1/16
                    s += arb(0, term * 2)
                    break
            if not s.overlaps(C.bessel_f(x, 30)):
                return refuted(RIGOROUS, f"series f({x}) = {_s(s)} but I_0(2x) = {_s(C.bessel_f(x, 30))}", x)
    rows, prev = [], None
    for x in (10, 100, 1000, 10**4, 10**5, 10**6):
        r = C.bessel_f(x, 25) / C.bessel_f_asymptotic(x, 25) - 1
        rows.append(f"x={x}: f/asym - 1 = {_s(r, 4)} (16x times it: {_s(16 * x * r, 6)})")
        if prev is not None and not abs(r) < abs(prev):
            return refuted(RIGOROUS, "the relative error does not shrink", rows)
        prev = r
    return verified(RIGOROUS, "the series Σ x^{2i}/i!^2 (with a geometric tail bound) overlaps arb's I_0(2x) at x = "
                              "1/2, 3, 10; the relative error of e^{2x}/(2 sqrt(pi x)) shrinks as 1/(16x), the next "
                              "term of the Hankel expansion: " + "; ".join(rows) + ".")


@claim("ks69.eq23", "§5, (22)-(23)",
       "For L, M >> 0, α(a,b) ~ Φ((1/2 - (L-M))/sqrt(L+M)) (normal approximation with continuity correction).")
def eq23():
    rows, prev = [], None
    for M in (1, 10, 100, 1000, 10000):
        for t in (mpq(0), mpq(1, 2)):
            ex = C.alpha_means(mpq(M) + t, mpq(M), 20)
            with C.working_precision(128):
                L_, M_ = _q(mpq(M) + t), _q(mpq(M))
                z = (arb(fmpq(1, 2)) - (L_ - M_)) / (L_ + M_).sqrt()
                nm = (-z / arb(2).sqrt()).erfc() / 2
                err = ex - nm
            rows.append(f"M={M}, t={format_exact(t)}: α - Φ = {_s(err, 3)}")
        if prev is not None and not abs(err) < abs(prev):
            return refuted(RIGOROUS, "the error of (23) does not shrink", rows)
        prev = err
    return verified(NUMERIC, "with Φ the standard normal distribution function, the error of (23) shrinks as M grows "
                             "(balls): " + "; ".join(rows) + ". (The text defines Φ(t) = ∫_{-oo}^t e^{-x²/2}dx "
                             "without the factor 1/sqrt(2π); (23) is right only with it — see ks69.sec5.alpha_aa.)")


@claim("ks69.sec5.alpha_aa", "§5, Results",
       "If a = b, E Gain(A) = 0, and α(a,b) ~ Φ(1/(2 sqrt(2L))) ~ 1/2 + 1/(2 sqrt(log a)), so α(a,a) -> 1/2 "
       "quite slowly.")
def alpha_aa():
    for a in (2, 7, 50):
        v = C.expected_value(a, a, 20).value
        if not v.contains(0):
            return refuted(RIGOROUS, f"E({a},{a}) = {_s(v)}", a)
    # alpha(a,a) - 1/2 = P[X=Y]/2 = e^{-2L} I_0(2L)/2 ~ 1/(4 sqrt(pi L)) = 1/(2 sqrt(2 pi log a))
    rows, ratios = [], []
    for L in (10, 100, 1000, 10000):
        with C.working_precision(128):
            ex = C.alpha_means(L, L, 20) - arb(fmpq(1, 2))
        log_a = arb(2 * L)
        printed = 1 / (2 * log_a.sqrt())
        true_lead = 1 / (2 * (2 * arb.pi() * log_a).sqrt())
        ratios.append(ex / true_lead)
        rows.append(f"log a = {2 * L}: α - 1/2 = {_s(ex, 5)}, printed form 1/(2 sqrt(log a)) = {_s(printed, 5)}, "
                    f"1/(2 sqrt(2π log a)) = {_s(true_lead, 5)}")
    if not all(abs(r - 1) < arb("0.01") for r in ratios[1:]):
        return refuted(RIGOROUS, "α(a,a) - 1/2 is not ~ 1/(2 sqrt(2π log a))", rows)
    return erratum(
        RIGOROUS,
        "E(a,a) = 0 (numerator of (20) vanishes; balls contain 0). α(a,a) = (1 + P[X=Y])/2 = 1/2 + e^{-2L}I_0(2L)/2 "
        "~ 1/2 + 1/(4 sqrt(πL)) = 1/2 + 1/(2 sqrt(2π log a)); the middle form Φ(1/(2 sqrt(2L))) agrees with this for "
        "the standard normal Φ, but the printed last form drops the factor 1/sqrt(2π) (as does the text's "
        "definition of Φ). Qualitatively right: α(a,a) -> 1/2 like (log a)^{-1/2}. " + "; ".join(rows),
        [Erratum("§5 Results, α(a,a) asymptotics", "1/2 + 1/(2 sqrt(log a))", "1/2 + 1/(2 sqrt(2π log a)) (1 + o(1))",
                 note="the printed form is too large by the factor sqrt(2π) ≈ 2.507 in the excess over 1/2",
                 kind=ErratumKind.SUBSTANTIVE),
         Erratum("§5 after (23), definition of Φ", "Φ(t) = ∫_{-oo}^t e^{-x²/2} dx",
                 "Φ(t) = (2π)^{-1/2} ∫_{-oo}^t e^{-x²/2} dx", kind=ErratumKind.MISPRINT)],
    )


@claim("ks69.sec5.a_be", "§5, before Table V",
       "The potential a that makes B resign satisfies a ~ b e, approaching it from above.")
def a_be():
    rows, prev = [], None
    for k in range(0, 16):
        b = mpq(10) ** k
        r = C.resign_potential(b, 20)
        with C.working_precision(128):
            ratio = r.a / _q(b)
            gap = ratio - arb(1).exp()
        if not gap > 0:
            return refuted(RIGOROUS, f"b = 10^{k}: a/b = {_s(ratio)} is not above e", k)
        if prev is not None and not gap < prev:
            return refuted(RIGOROUS, f"b = 10^{k}: a/b - e does not decrease", k)
        prev = gap
        if k % 3 == 0:
            rows.append(f"b=10^{k}: a/b - e = {_s(gap, 4)}")
    # Evidence NUMERIC for the claim as a whole: each sign below is rigorous (arb balls), but only at the sampled
    # b = 10^0 .. 10^15; "a ~ be" is a limit statement that finitely many b cannot prove.
    return verified(NUMERIC, "Rigorous at each sampled b: a/b - e > 0 and strictly decreasing for b = 10^0 .. 10^15 "
                             "(certified roots, arb balls): " + "; ".join(rows) + ". It shrinks slowly, about like "
                             "1/log b (t - 1/2 ~ c/M). The asymptotic statement a ~ be is supported only numerically "
                             "(these 16 values, and (26) with E = 1), not proved here; hence evidence 'numeric'.")


@claim("ks69.sec4.clocks", "§4, the chess-clock analogy",
       "Both clocks start at one time unit; A's runs until an upset (Poisson with mean (1/2) log a), then B's "
       "(mean (1/2) log b); A wins iff his clock runs out before B's does.",
       unprinted="a qualitative analogy; its Poisson means are the (1/2) log a judged in ks69.eq14-15")
def clocks():
    import math
    import random

    rng = random.Random(1969)
    rows = []
    for a, b in ((10, 3), (8, 4), (2, 1)):
        n = 4000
        wins = sum(C.chess_clock_sample(a, b, rng) for _ in range(n))
        z, ph = 3.2905, wins / n
        den = 1 + z * z / n
        centre = (ph + z * z / (2 * n)) / den
        half = z * math.sqrt(ph * (1 - ph) / n + z * z / (4 * n * n)) / den
        t = float(C.alpha(a, b, 15).value.mid())
        rows.append(f"a={a}, b={b}: {wins}/{n} = {ph:.4f}, 99.9% interval [{centre - half:.4f}, {centre + half:.4f}], "
                    f"α = {t:.4f}")
        if not centre - half <= t <= centre + half:
            return refuted(Evidence.SAMPLED, "the clock contest's win rate misses α(a,b)", rows)
    return verified(Evidence.SAMPLED, "A wins iff the upsets X ~ Poisson(L) on his unit of clock time are at most "
                                      "B's Y ~ Poisson(M) (the continuous form of the coin argument), so the clock "
                                      "contest is won with probability P[X <= Y] = α(a,b). Seeded simulation (seed "
                                      "1969): " + "; ".join(rows) + ".")


@claim("ks69.appendix.ck", "Appendix, expansion of the numerator of (28)",
       "Numerator = Σ c_k t^k/k! with C_k = Σ_{j=i} + 2Σ_{i<j<i+k} + Σ_{j=i+k} M^iM^j/(i!j!), bounded by e^{2M}; "
       "C_k ~ 2k f(M) for k < log M, so Numerator ~ 2t f(M) e^t.")
def appendix_ck():
    # C_k in Bessel form: sum over j - i = d of M^i M^j/(i! j!) is I_|d|(2M), so C_k = I_0 + 2 sum_{d<k} I_d + I_k
    def ck(M, k):
        z = 2 * _q(mpq(M))
        return z.bessel_i(0) + 2 * sum((z.bessel_i(d) for d in range(1, k)), arb(0)) + z.bessel_i(k)

    tt = sp.symbols("t")
    kk = sp.symbols("k", integer=True, positive=True)
    if not is_identity(sp.summation(2 * kk * tt**kk / sp.factorial(kk), (kk, 1, sp.oo)), 2 * tt * sp.exp(tt)):
        return refuted(EXACT, "Σ 2k t^k/k! != 2t e^t", None)
    rows = []
    with C.working_precision(160):
        # 1. the expansion itself: e^{L+M}(α(b,a) - α(a,b)) = Σ_k C_k t^k/k!, L = M + t
        for M, t in ((3, mpq(1, 2)), (10, mpq(1, 4))):
            lhs = (_q(mpq(M) + t) + M).exp() * (C.alpha_means(mpq(M), mpq(M) + t, 30)
                                                 - C.alpha_means(mpq(M) + t, mpq(M), 30))
            T = _q(t)
            s, fact, K = arb(0), arb(1), 60
            for k in range(1, K + 1):
                fact = fact * k
                s += ck(M, k) * T**k / fact
            bound = (2 * _q(mpq(M))).exp() * T ** (K + 1) / (fact * (K + 1)) * 2
            s += arb(0, bound.upper())
            if not (lhs.overlaps(s) and s.rad() < arb(10) ** -20 * abs(s.mid())):
                return refuted(RIGOROUS, f"M={M}, t={t}: numerator {_s(lhs)} != Σ C_k t^k/k! {_s(s)}", (M, str(t)))
            if not all(ck(M, k) < (2 * _q(mpq(M))).exp() for k in range(1, 30)):
                return refuted(RIGOROUS, f"C_k exceeds e^(2M) at M = {M}", M)
        # 2. C_k / f(M) -> 2k
        for k in (1, 2, 4):
            prev = None
            for M in (10, 100, 1000, 10000):
                r = ck(M, k) / (2 * _q(mpq(M))).bessel_i(0) - 2 * k
                rows.append(f"k={k}, M={M}: C_k/f(M) - 2k = {_s(r, 3)}")
                if prev is not None and not abs(r) < abs(prev):
                    return refuted(RIGOROUS, "C_k/f(M) does not approach 2k", rows)
                prev = r
    return verified(RIGOROUS, "C_k = e^{2M} P[-k <= D <= k-1] for D = j - i ~ Skellam(M, M), i.e. "
                              "I_0(2M) + 2Σ_{0<d<k} I_d(2M) + I_k(2M) (so 0 < C_k < e^{2M}); the expansion "
                              "e^{L+M}(α(b,a) - α(a,b)) = Σ_k C_k t^k/k! holds as overlapping balls at (M,t) = (3,1/2), "
                              "(10,1/4); Σ 2k t^k/k! = 2t e^t (sympy); C_k/f(M) -> 2k: " + "; ".join(rows) + ".")


@claim("ks69.sec4.similarly", "§4, after (15)",
       "As n -> oo, Prob(K_a) approaches the Poisson law of mean (1/2) log a. 'Similarly with P(K_a)' (as printed).")
def similarly():
    a, b, n = sp.symbols("a b n", positive=True)
    # the two laws (12), (13): the base of each variable's raises, and the limit mean of n·(upset chance)
    laws = {"K_a": a, "K_b": b}
    means = {k: sp.limit(n * (x ** (1 / n) - 1) / (2 * x ** (1 / n)), n, sp.oo) for k, x in laws.items()}
    first = means["K_a"]  # the sentence before: Prob(K_a) -> Poisson of mean (1/2) log a
    named = P_SIMILARLY.value
    if named not in laws:
        raise ValueError(f"unknown variable {named!r}")
    if not is_identity(first, sp.log(a) / 2):
        return refuted(EXACT, f"the limit mean for K_a is {first}", str(first))
    if not is_identity(means[named], first):
        return verified(EXACT, f"'Similarly with P({named})' is the other law: its limit mean is {means[named]}")
    return erratum(
        EXACT,
        f"the limit mean of (13) is {means['K_b']} (sympy), so the sentence 'Similarly with P(K_a)' must name K_b: "
        "as printed it repeats the statement just made for K_a. The intended K_b is clear from (13) and (16).",
        [Erratum(P_SIMILARLY.where, "P(K_a)", "P(K_b)", "K_b", note="the second variable's name repeated",
                 kind=ErratumKind.MISPRINT)])


@claim("ks69.eq22", "§5, (22)",
       "α(a,b) = Prob(X <= Y) = Prob(X - Y < 0), X ~ Poisson(L), Y ~ Poisson(M) (as printed).")
def eq22():
    c = parse_printed(P_EQ22.value)
    # X - Y is an integer, so X <= Y iff X - Y < c exactly when 0 < c <= 1.  For c <= 0 the event misses X = Y
    # (at least), whose chance is >= P[X = Y = 0] = e^{-L-M} = 1/sqrt(ab) > 0; for c > 1 it adds X - Y = 1.
    if 0 < c <= 1:
        return verified(EXACT, f"for integer X - Y, X - Y < {P_EQ22.value} iff X <= Y")
    with C.working_precision(128):
        al = C.alpha(4, 4, 20).value
        tie = C.tie_probability(4, 4, 20)
        lt = al - tie  # P[X < Y] at a = b = 4
    if c <= 0:
        missing = "X = Y, of chance at least P[X = Y = 0] = e^{-L-M} = 1/sqrt(ab) > 0"
    else:
        missing = "X - Y = 1 is added, of positive chance"
    return erratum(
        EXACT,
        f"X - Y is an integer, so Prob(X - Y < {P_EQ22.value}) differs from Prob(X <= Y) = α(a,b): the event {missing}. "
        f"E.g. a = b = 4 (L = M = log 2): α(4,4) = {_s(al, 6)} (Table III: .6927) but Prob(X - Y < 0) = "
        f"{_s(lt, 6)} (balls). The next line (α ≃ Prob(Z <= 0)) and the continuity correction of (23) (Z < 1/2) use "
        "the intended Prob(X - Y <= 0). (The same display also gives Y the law P(M,X) for P(M,Y).)",
        [Erratum(P_EQ22.where, "Prob(X-Y < 0)", "Prob(X-Y <= 0) = Prob(X-Y < 1)", "1",
                 note="'<' for '<=' (or the bar of <= lost in the scan); the following lines use <=",
                 kind=ErratumKind.MISPRINT)],
        witness={"alpha(4,4)": _s(al, 8), "P[X<Y]": _s(lt, 8)})


@claim("ks69.sec5.phi-prime", "§5, before (26)",
       "Since Φ'(u) = e^{-u²}·u' (Φ(t) = ∫_{-oo}^t e^{-x²/2} dx as defined after (23)), by L'Hôpital's rule ...")
def phi_prime():
    x, M = sp.symbols("x M", real=True)
    u = sp.Function("u")(M)
    phi = sp.Integral(sp.exp(-x**2 / 2), (x, -sp.oo, u))  # the text's Φ (without 1/sqrt(2π))
    true = sp.diff(phi, M).doit()
    c = sp.Rational(str(parse_printed(P_PHI_PRIME.value)))
    as_printed = sp.exp(-c * u**2) * sp.diff(u, M)
    if sp.simplify(true - as_printed) == 0:
        return verified(EXACT, f"d/dM Φ(u(M)) = {true} (sympy)")
    return erratum(
        EXACT,
        f"with the text's Φ(t) = ∫ e^(-x²/2) dx, d/dM Φ(u(M)) = {true} (sympy): the exponent is -u²/2, not -u². "
        "The very next display (c = e^{-1/2 (1/2+t)²/(2M+t)} ...) uses the right -1/2, so the intended formula is "
        "clear and the limit (26) is unaffected.",
        [Erratum(P_PHI_PRIME.where, "Φ'(u) = e^{-u²}·u'", "Φ'(u) = e^{-u²/2}·u'", "1/2",
                 note="the factor 1/2 in the exponent dropped; the next display has it", kind=ErratumKind.MISPRINT)])
