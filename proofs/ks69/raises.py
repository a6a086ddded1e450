"""ks69 §3: non-alternating raises: the Lemma, recurrences (6)-(9), Theorem 2, the coin reductions, Figures 1-2."""

from __future__ import annotations

import functools
import itertools
import math

import sympy as sp
from sympy.polys.domains import QQ
from sympy.polys.rings import ring

from exactcube.brownian import raises as R
from exactcube.claims import Erratum, ErratumKind, claim, erratum, part, refuted, verified
from exactcube.content.model import eq, formula, say, table, value
from exactcube.numbers import format_decimal, format_exact, latex_rational, mpq, parse_rational
from exactcube.printed import agrees_with_printed, erratum_kind, printed
from exactcube.results import assumption, computed
from exactcube.symbolic import from_sympy, identity, solve, to_sympy

from ..shared import RELATIONS, relation_tuple_mutants


#: (a, b) factor pairs on which the exact grid checks run (the paper's a = b = 2 first).
FACTORS = [(mpq(2), mpq(2)), (mpq(2), mpq(3)), (mpq(3), mpq(2)), (mpq(3, 2), mpq(5)), (mpq(10), mpq(10, 9)),
           (mpq(7, 3), mpq(7, 3))]
# Readings the verdicts rest on.
LEMMA_I_1 = assumption("ks69.lemma-i-1", r"In §3's Lemma the printed $\beta(i-i,j) < \alpha(i,j) \le \alpha(i-i,j)$ "
                                         r"stands for $\beta(i-1,j) < \alpha(i,j) \le \alpha(i-1,j)$ ($i-i$ is a scanning "
                                         "slip for $i-1$).")
LEMMA_LITERAL = assumption("ks69.lemma-literal", r"In §3's Lemma $i-i$ is read literally as 0: "
                                                 r"$\beta(0,j) < \alpha(i,j) \le \alpha(0,j)$.")

# What §3 prints, read by the checks through exactcube.printed (so `verify --mutate` can perturb it).
P_INITIAL_ALPHA = printed("§3, proof of Theorem 2, α(0,j) = 1", "1")
P_INITIAL_BETA = printed("§3, proof of Theorem 2, initial conditions", "1")
#: The proof's case split: which toss of A goes with K_a' <= K_b' and which with K_a' < K_b'.
P_TOSS_SPLIT = printed("§3, proof of Theorem 2, the first toss", r"tails $\le$, heads $<$")
_RELATION = {r"$\le$": "<=", "$<$": "<"}
P_EXAMPLE_10_3 = printed("§3 example, α(10,3) with a = b = 2", ".4938")
#: Figure 1-2 example: the states worked out in the text, the values -4 = 1/3 (12) + 2/3 (-12), and
#: α(2,1) = 3/4·5/6 + 1/4·1/4 = 11/16.
P_FIG_STATES = printed("§3 example, the states β(0,1), α(1,1), α(1,0), β(1,1), α(2,1), α(0,k)",
                       {"β(0,1)": mpq(1, 3), "α(1,1)": mpq(5, 6), "α(1,0)": mpq(3, 4), "β(1,1)": mpq(1, 4),
                        "α(2,1)": mpq(11, 16), "α(0,1)": mpq(1)})
P_FIG_VALUES = printed("§3 example, -4 = 1/3 (12) + 2/3 (-12)", (-4, 12, -12))
P_FIG_EDGES = printed("§3 example, β(0,1) = 1/3 α(0,0) + 2/3 β(0,0)", (mpq(1, 3), mpq(2, 3)))
P_FIG_SUM = printed("§3 example, α(2,1) = 3/4·5/6 + 1/4·1/4", (mpq(3, 4), mpq(5, 6), mpq(1, 4), mpq(1, 4)))
P_FIG_LAWS = printed("§3 example, P(K_1) = b(2,1/4,K_1), P(K_2) = b(1,1/3,K_2)", (2, mpq(1, 4), 1, mpq(1, 3)))
#: (found wrong: a term is missing; its mutant is the correction, which must clear the erratum)
P_PATHS = printed("§3, α(2,1) as a sum over paths", ((mpq(3, 4), mpq(1, 4), mpq(1, 3)), (mpq(1, 4), mpq(1, 3), mpq(3, 4))),
                  mutants=lambda v: [("the term 3/4·3/4 restored", ((mpq(3, 4), mpq(3, 4), mpq(1)),) + v)])

_a, _b, _A1, _B1, _A_, _B_ = sp.symbols("a b alpha1 beta1 alphaprime betaprime")
#: (8) α(i,j) = (a+1)/(2a) α(i-1,j) + (a-1)/(2a) β(i-1,j); (9) β(i,j) = (b-1)/(2b) α(i,j-1) + (b+1)/(2b) β(i,j-1);
#: the hold chance after a raise (1+a)/(2a).
P_EQ8 = printed("§3 (8)", (_a + 1) / (2 * _a) * _A1 + (_a - 1) / (2 * _a) * _B1)
P_EQ9 = printed("§3 (9)", (_b - 1) / (2 * _b) * _A_ + (_b + 1) / (2 * _b) * _B_)
P_HOLD = printed("§3 after (9), A gets the next double with probability (1+a)/(2a)", (1 + _a) / (2 * _a))

#: Theorem 2 (10)-(11): the success chances of K_a, K_b, and the comparisons giving α and β.
P_THM2_LAWS = printed("§3 Theorem 2 (10)-(11), K_a ~ b(m, (a-1)/(2a)), K_b ~ b(n, (b-1)/(2b))",
                      ((_a - 1) / (2 * _a), (_b - 1) / (2 * _b)))
P_THM2_RELATIONS = printed(r"§3 Theorem 2, $\alpha(m,n) = \operatorname{Prob}[K_a \le K_b]$, "
                           r"$\beta(m,n) = \operatorname{Prob}[K_a < K_b]$", ("<=", "<"),
                           mutants=relation_tuple_mutants)

#: Theorem 2 is checked as a polynomial identity in the upset chances for all i, j up to this bound.
THEOREM2_BOUND = 16


#: §3's Lemma: the two printed order relations of β(i-1,j) < α(i,j) <= α(i-1,j)
P_LEMMA_RELATIONS = printed(r"§3 Lemma, $\beta(i-1,j) < \alpha(i,j) \le \alpha(i-1,j)$", ("<", "<="),
                            mutants=relation_tuple_mutants)


@claim("ks69.sec3.lemma", "§3, Lemma",
       r"$\beta(i-1,j) < \alpha(i,j) \le \alpha(i-1,j)$.")
def lemma():
    # proof: (8) makes alpha(i,j) a proper convex combination of alpha(i-1,j) and beta(i-1,j), weights
    # (a+1)/(2a), (a-1)/(2a) in (0,1) for a > 1, and alpha - beta = P[K_a = K_b] > 0.
    a = sp.symbols("a", positive=True)
    w_hold, w_up = (a + 1) / (2 * a), (a - 1) / (2 * a)
    weights = identity(w_hold + w_up, 1, "ks69 (8): the weights sum to 1")
    if not weights:
        return refuted(weights, say("the weights of", eq(8), "do not sum to 1"), None)
    left, right = P_LEMMA_RELATIONS.value
    holds_left, holds_right = RELATIONS[left], RELATIONS[right]
    checked = 0
    grids = []
    for fa, fb in FACTORS:
        g = R.raising_grid(30, 30, fa, fb)
        grids.append(g)
        for i in range(1, 31):
            for j in range(31):
                lo, mid, hi = g.beta(i - 1, j), g.alpha(i, j), g.alpha(i - 1, j)
                if holds_left(lo, mid) and holds_right(mid, hi) and lo < mid < hi:
                    checked += 1
                    continue
                rels = {"<": "<", "<=": r"\le", ">": ">", ">=": r"\ge"}
                cells = table([rf"$\beta({i-1},{j})$", rf"$\alpha({i},{j})$", rf"$\alpha({i-1},{j})$"], [[lo, mid, hi]])
                if not (holds_left(lo, mid) and holds_right(mid, hi)):
                    return refuted(g, say(value(fa, name="a"), ",", value(fb, name="b"), ":",
                                              f"$\\beta({i-1},{j}) {rels[left]} \\alpha({i},{j}) {rels[right]} "
                                              f"\\alpha({i-1},{j})$ fails"), cells, assumptions=(LEMMA_I_1.id,))
                return refuted(g, "the proof's strict inequalities fail", cells, assumptions=(LEMMA_I_1.id,))
    # the literal reading i - i = 0: β(0,j) < α(i,j) fails as soon as A's raises outnumber B's enough
    g = R.raising_grid(9, 9)
    lit = next(((i, j) for i in range(1, 10) for j in range(1, 10) if not holds_left(g.beta(0, j), g.alpha(i, j))),
               None)
    rel_tex = {"<": "<", "<=": r"\le", ">": ">", ">=": r"\ge"}[left]
    literal = (refuted(g, say("read literally ($i-i = 0$) the left inequality fails: $a = b = 2$,",
                                  value(g.beta(0, lit[1]), name=f"\\beta(0,{lit[1]})"), f"is not ${rel_tex}$",
                                  value(g.alpha(lit[0], lit[1]), name=f"\\alpha({lit[0]},{lit[1]})")),
                       table(["$i$", "$j$"], [[lit[0], lit[1]]]), assumptions=(LEMMA_LITERAL.id,))
               if lit else verified(g, "read literally the inequalities hold too", assumptions=(LEMMA_LITERAL.id,)))
    return verified(
        [weights] + grids,
        say("Proof: by", eq(8), r"$\alpha(i,j) = h \alpha(i-1,j) + u \beta(i-1,j)$ with $h = (a+1)/(2a)$, "
            r"$u = (a-1)/(2a)$ in $(0,1)$ for $a > 1$, and $\alpha(i-1,j) - \beta(i-1,j) = P[K_a' = K_b] > 0$, so "
            r"$\beta(i-1,j) < \alpha(i,j) < \alpha(i-1,j)$ (the right inequality is even strict). Checked exactly on "
            f"{checked} cells ($i = 1, \\ldots, 30$, $j = 0, \\ldots, 30$) for $(a,b)$ in "
            + ", ".join(f"$({x},{y})$" for x, y in FACTORS) + "."),
        assumptions=(LEMMA_I_1.id,), alternatives=(literal,),
    )


@claim("ks69.eq6-9", "§3, (6)-(9)",
       "Indifference of the non-raiser, $-K = aK(\\ldots)$ (6), gives (7) and the recurrence (8); (9) similarly; "
       "after A's raise he reaches his next raising point first with probability $(1+a)/(2a)$.")
def eq6_9():
    a, b, K = sp.symbols("a b K", positive=True)
    al, al1, be1, be, al_, be_ = sp.symbols("alpha alpha1 beta1 beta alphaprime betaprime")
    # (6): B folds (-K) vs accepts at stake aK; the game goes to beta(i-1,j) or alpha(i-1,j) first
    p_up = (al1 - al) / (al1 - be1)  # reach beta(i-1,j) first (B "wins" aK)
    p_hold = (al - be1) / (al1 - be1)
    eq6 = sp.Eq(-K, a * K * (p_up - p_hold))
    solved6 = solve(eq6.lhs, eq6.rhs, al, "ks69 (6) solved for alpha(i,j) (sympy)", "ks69 (6)")
    sol = list(solved6.value)
    rhs8 = P_EQ8.value.subs({_a: a, _A1: al1, _B1: be1})
    same8 = identity(sol[0], rhs8, "ks69 (8)") if len(sol) == 1 else None
    if not same8:
        found = say(*[formula(x) for x in sol]) if sol else say("no solution")
        return refuted(solved6, say(eq(6), "solves to", found, ", not", eq(8)), found)
    # (7) is (6) multiplied by (alpha1 - beta1)/K
    lhs7 = -(al1 - be1)
    rhs7 = a * (al1 + be1 - 2 * al)
    same7 = identity((eq6.lhs - eq6.rhs) * (al1 - be1) / K, lhs7 - rhs7, "ks69 (7)")
    if not same7:
        return refuted(same7, say(eq(7), "is not", eq(6), r"times $(\alpha(i-1,j) - \beta(i-1,j))/K$"), None)
    # (9): A is indifferent at B's raise: -K (fold) = bK (P[reach alpha(i,j-1) first] - P[reach beta(i,j-1) first])
    q_a = (be - be_) / (al_ - be_)
    eq9 = sp.Eq(-K, b * K * (q_a - (1 - q_a)))
    solved9 = solve(eq9.lhs, eq9.rhs, be, "A's indifference at B's raise solved for beta(i,j) (sympy)", "ks69 (9)")
    sol9 = list(solved9.value)
    rhs9 = P_EQ9.value.subs({_b: b, _A_: al_, _B_: be_})
    same9 = identity(sol9[0], rhs9, "ks69 (9)") if len(sol9) == 1 else None
    if not same9:
        found = say(*[formula(x) for x in sol9]) if sol9 else say("no solution")
        return refuted(solved9, say("A's indifference solves to", found, ", not", eq(9)), found)
    # the hold probability after a raise
    hold = identity(p_hold.subs(al, rhs8), P_HOLD.value.subs(_a, a), "ks69 §3, the hold chance (1+a)/(2a)")
    if not hold:
        return refuted(hold, "the hold probability is not $(1+a)/(2a)$", None)
    return verified([solved6, same8, same7, solved9, same9, hold], say("solving", eq(6), r"for $\alpha(i,j)$ gives", eq(8), ";", eq(7), "is", eq(6),
                               r"times $(\alpha(i-1,j)-\beta(i-1,j))/K$; A's indifference at B's raise gives", eq(9),
                               "; with", eq(8), r", $(\alpha(i,j)-\beta(i-1,j))/(\alpha(i-1,j)-\beta(i-1,j)) = "
                               "(1+a)/(2a)$ (all symbolic in $a$, $b$, $K$ and the four states)."))


def binomial_law(n, u, one):
    """b(n, u, k) for k = 0..n (ks69 (10)-(11)), in whatever ring ``u`` and ``one`` live."""
    return [math.comb(n, k) * u**k * (one - u) ** (n - k) for k in range(n + 1)]


def prefix_sums(pa: list, zero) -> list:
    """[0, p_0, p_0 + p_1, ...]: P[K < k] for k = 0..n+1."""
    cum = [zero]
    for p in pa:
        cum.append(cum[-1] + p)
    return cum


def prob_compare(pa: list, pb: list, rel, zero, cum: list | None = None):
    """Prob[K_a rel K_b] from the two probability lists (polynomials or exact numbers): Σ_s P[K_b = s] P[K_a rel s]
    (for an order relation the k with ``rel(k, s)`` are consecutive, so each inner sum is a difference of prefix sums;
    ``cum``, the prefix sums of ``pa``, may be passed when many comparisons share ``pa``)."""
    cum = prefix_sums(pa, zero) if cum is None else cum
    total = zero
    for s, lo, hi in _index_ranges(len(pa), len(pb), rel):
        total += pb[s] * (cum[hi] - cum[lo])
    return total


@functools.lru_cache(maxsize=4096)
def _index_ranges(na: int, nb: int, rel) -> tuple:
    """For each s < nb, the k in [lo, hi) with ``rel(k, s)`` among k < na (consecutive for an order relation)."""
    out = []
    for s in range(nb):
        ks = [k for k in range(na) if rel(k, s)]
        if ks:
            out.append((s, ks[0], ks[-1] + 1))
    return tuple(out)


@claim("ks69.theorem2", "§3, Theorem 2 (10)-(11) and its proof",
       r"$\alpha(m,n) = \operatorname{Prob}[K_a \le K_b]$, $\beta(m,n) = \operatorname{Prob}[K_a < K_b]$ with "
       r"$K_a \sim b(m,(a-1)/(2a))$, $K_b \sim b(n,(b-1)/(2b))$: the formula satisfies (8)-(9) and the initial "
       "conditions.")
def theorem2():
    return _theorem2_check(THEOREM2_BOUND)


@claim("ks69.theorem2.large", "§3, Theorem 2 (10)-(11)",
       "Theorem 2's formula satisfies (8)-(9) and the initial conditions (checked as polynomial identities to a "
       "larger bound).", slow=True)
def theorem2_large():
    return _theorem2_check(32)


def _theorem2_check(N: int):
    # 1. the coupling identity behind the induction, symbolic in i, k, u (Pascal's rule on the binomial law):
    #    P[Bin(i,u) = k] = (1-u) P[Bin(i-1,u) = k] + u P[Bin(i-1,u) = k-1]
    i, k = sp.symbols("i k", integer=True, positive=True)
    u = sp.symbols("u", positive=True)
    P = lambda n, s: sp.binomial(n, s) * u**s * (1 - u) ** (n - s)  # noqa: E731
    e = (P(i, k) - ((1 - u) * P(i - 1, k) + u * P(i - 1, k - 1))) / (u**k * (1 - u) ** (i - k))
    e = sp.simplify(sp.gammasimp(sp.powsimp(sp.expand(e), force=True).rewrite(sp.gamma)))
    pascal = computed(e, "Pascal's rule on the binomial law, simplified by sympy (gammasimp)", "ks69 Theorem 2, proof")
    if e != 0:
        return refuted(pascal, "the coupling (Pascal) identity does not simplify to 0", say("it leaves", formula(e)))
    # 2. (8) and (9) as polynomial identities in the upset chances ua = (a-1)/(2a), ub = (b-1)/(2b)
    #    (a -> ua is a bijection of (1, oo) onto (0, 1/2), so an identity in ua is one in a)
    Rg, ua, ub = ring("ua,ub", QQ)
    one = Rg(1)
    rel_alpha, rel_beta = (RELATIONS[r] for r in P_THM2_RELATIONS.value)
    pa = [binomial_law(n, ua, one) for n in range(N + 1)]
    pb = [binomial_law(n, ub, one) for n in range(N + 1)]
    cums = [prefix_sums(p, Rg(0)) for p in pa]
    tab = {(n, m): (prob_compare(pa[n], pb[m], rel_alpha, Rg(0), cums[n]),
                    prob_compare(pa[n], pb[m], rel_beta, Rg(0), cums[n]))
           for n in range(N + 1) for m in range(N + 1)}
    polys = computed(tab, f"Theorem 2's alpha, beta as polynomials in the upset chances over QQ, i, j <= {N}",
                     "ks69 Theorem 2 (10)-(11)")
    for m in range(N + 1):
        if tab[(0, m)][0] != one:
            return refuted(polys, f"$\\alpha(0,{m}) \\ne 1$", say(f"$j = {m}$"))
    for n in range(N + 1):
        if tab[(n, 0)][1] != 0:
            return refuted(polys, f"$\\beta({n},0) \\ne 0$", say(f"$i = {n}$"))
    for n in range(1, N + 1):
        for m in range(N + 1):
            lhs = tab[(n, m)][0]
            rhs = (one - ua) * tab[(n - 1, m)][0] + ua * tab[(n - 1, m)][1]
            if lhs != rhs:
                return refuted(polys, say(eq(8), f"fails at $({n},{m})$ as a polynomial identity"),
                               say(f"$i = {n}$, $j = {m}$"))
    for n in range(N + 1):
        for m in range(1, N + 1):
            lhs = tab[(n, m)][1]
            rhs = ub * tab[(n, m - 1)][0] + (one - ub) * tab[(n, m - 1)][1]
            if lhs != rhs:
                return refuted(polys, say(eq(9), f"fails at $({n},{m})$ as a polynomial identity"),
                               say(f"$i = {n}$, $j = {m}$"))
    # 3. the printed laws (10)-(11) against the recurrence (8)-(9) run as integer dynamic programming
    #    (exactcube.brownian.raises.raising_grid), exactly on rational factors
    law_a, law_b = P_THM2_LAWS.value
    cells = 0
    grids = []
    for fa, fb in FACTORS:
        g = R.raising_grid(25, 25, fa, fb)
        grids.append(g)
        u_a = from_sympy(sp.Rational(law_a.subs(_a, to_sympy(fa))))
        u_b = from_sympy(sp.Rational(law_b.subs(_b, to_sympy(fb))))
        qa = [binomial_law(n, u_a, mpq(1)) for n in range(26)]
        qb = [binomial_law(n, u_b, mpq(1)) for n in range(26)]
        ca = [prefix_sums(q, mpq(0)) for q in qa]
        for n in range(26):
            for m in range(26):
                al = prob_compare(qa[n], qb[m], rel_alpha, mpq(0), ca[n])
                be = prob_compare(qa[n], qb[m], rel_beta, mpq(0), ca[n])
                if (al, be) != (g.alpha(n, m), g.beta(n, m)):
                    return refuted([g, computed((al, be), "Theorem 2's laws as printed, exact rationals")],
                                   say(f"Theorem 2 as printed differs from the recurrence at $({n},{m})$,",
                                              value(fa, name="a"), ",", value(fb, name="b")),
                                   table(["", r"$\alpha$", r"$\beta$"], [["Theorem 2", al, be],
                                                                         ["recurrence", g.alpha(n, m), g.beta(n, m)]]))
                cells += 1
    return verified(
        [pascal, polys] + grids,
        say(r"Proof for all $i, j$: writing $K_a = T + K_a'$ with an independent toss $T \sim \operatorname{Bernoulli}(u_a)$, "
            r"Pascal's rule $P[\operatorname{Bin}(i,u)=k] = (1-u)P[\operatorname{Bin}(i-1,u)=k] + "
            r"uP[\operatorname{Bin}(i-1,u)=k-1]$ (verified symbolically in $i$, $k$, $u$) gives "
            r"$P[K_a \le K_b] = (1-u_a)P[K_a' \le K_b] + u_a P[K_a' < K_b]$, i.e.", eq(8), "; the same split of $K_b$ "
            "gives", eq(9), r"; $\alpha(0,j) = P[0 \le K_b] = 1$ and $\beta(i,0) = P[K_a < 0] = 0$. Mechanically:",
            eq(8), ",", eq(9), "and the initial conditions hold as polynomial identities in $u_a$, $u_b$ (hence for "
            f"all factors $a, b > 1$) for all $i, j \\le {N}$; and the printed laws", eq(10), "and", eq(11),
            f"give exactly the integer recurrence's values on {cells} cells ($i, j \\le 25$, six factor pairs)."),
    )


@claim("ks69.theorem2.initial", "§3, proof of Theorem 2",
       r"The initial conditions are $\alpha(0,j) = 1$, $\beta(i,0) = 1$.")
def theorem2_initial():
    g = R.raising_grid(6, 6)
    p_alpha, p_beta = parse_rational(P_INITIAL_ALPHA.value), parse_rational(P_INITIAL_BETA.value)
    if any(g.alpha(0, j) != p_alpha for j in range(7)):
        return refuted(g, f"$\\alpha(0,j) \\ne {P_INITIAL_ALPHA.value}$", None)
    betas = {g.beta(i, 0) for i in range(7)}
    if betas != {0}:
        return refuted(g, say(r"$\beta(i,0)$ takes the values", *sorted(betas)), None)
    # the paper's own example uses beta(0,0) = 0: beta(0,1) = 1/3 alpha(0,0) + 2/3 beta(0,0) = 1/3
    example = R.raising_points_binomial(0, 1, 2, 3)
    ex = example.beta
    if ex != mpq(1, 3):
        return refuted(example, say(r"$\beta(0,1)$ for $a = 2$, $b = 3$ is", value(ex), ", not $1/3$"), say(value(ex)))
    if betas == {p_beta}:
        return verified([g, example], f"$\\alpha(0,j) = 1$ and $\\beta(i,0) = {P_INITIAL_BETA.value}$ for $i, j \\le 6$")
    return erratum(
        [g, example],
        r"$\alpha(0,j) = 1$ is right, but the printed $\beta(i,0) = 1$ must be $\beta(i,0) = 0$: with no raises left B "
        "never raises, the game's low end is the real end 0 (Theorem 2 gives $P[K_a < 0] = 0$), and the paper's own "
        r"example $\beta(0,1) = \frac{1}{3} \alpha(0,0) + \frac{2}{3} \beta(0,0) = 1/3$ needs $\beta(0,0) = 0$. "
        "(Possibly a misprint of the scan.)",
        [Erratum(P_INITIAL_BETA.where, f"$\\beta(i,0) = {P_INITIAL_BETA.value}$", r"$\beta(i,0) = 0$", "0",
                 note=r"the intended 0 is clear from the paper's own example ($\beta(0,0) = 0$)",
                 kind=ErratumKind.MISPRINT)],
    )


def raise_tree(m: int, n: int, a, b):
    """The tree of Figure 1 from α(m,n): nodes (label, state, value to A, children with edge probabilities).

    At A's raising point with stake K, A's value is K (B indifferent between folding and taking); the raise
    makes the stake aK and the game goes to α(i-1,j) (value aK) or β(i-1,j) (value -aK).  Symmetrically for B.
    """
    g = R.raising_grid(m, n, a, b)
    ha, ua = R.hold_probability(a), R.upset_probability(a)
    hb, ub = R.hold_probability(b), R.upset_probability(b)
    nodes = []

    def walk(kind, i, j, stake, depth):
        if kind == "alpha":
            label, state, value = f"α({i},{j})", g.alpha(i, j), stake
            terminal = i == 0
            kids = [] if terminal else [("alpha", i - 1, j, ha), ("beta", i - 1, j, ua)]
            factor = a
        else:
            label, state, value = f"β({i},{j})", g.beta(i, j), -stake
            terminal = j == 0
            kids = [] if terminal else [("alpha", i, j - 1, ub), ("beta", i, j - 1, hb)]
            factor = b
        idx = len(nodes)
        nodes.append({"label": label, "state": state, "value": value, "children": [], "depth": depth})
        for kk, ii, jj, pr in kids:
            c = walk(kk, ii, jj, stake * factor, depth + 1)
            nodes[idx]["children"].append((c, pr))
        return idx

    walk("alpha", m, n, mpq(1), 0)
    return nodes


@claim("ks69.fig1-2", "§3, Example and Figures 1-2",
       r"Two raises of 2 against one of 3: $\beta(0,1) = 1/3$ ($-4 = \frac{1}{3} \cdot 12 + \frac{2}{3} \cdot (-12)$), "
       r"$\alpha(1,1) = 5/6$, $\alpha(1,0) = 3/4$, $\beta(1,1) = 1/4$, $\alpha(2,1) = \frac{3}{4} \cdot \frac{5}{6} + "
       r"\frac{1}{4} \cdot \frac{1}{4} = 11/16 = \operatorname{Prob}[K_1 \le K_2]$, $K_1 \sim b(2,1/4)$, "
       r"$K_2 \sim b(1,1/3)$.")
def figures_1_2():
    nodes = raise_tree(2, 1, 2, 3)
    walked = computed(nodes, "the tree of Figure 1 from alpha(2,1), a = 2, b = 3: states from the exact grid, values "
                      "and edge chances exact", "ks69 §3, Figures 1-2")
    for nd in nodes:
        if nd["children"]:
            ps = [p for _, p in nd["children"]]
            if sum(ps) != 1:
                return refuted(walked, f"the edge probabilities at {_node(nd)} do not sum to 1", say(_node(nd)))
            # values: the node's value is the expectation of its children's (ks69 (6), Figure 1)
            if nd["value"] != sum(p * nodes[c]["value"] for c, p in nd["children"]):
                return refuted(walked, f"the values at {_node(nd)} are not consistent", say(_node(nd)))
            # states: the edge probabilities are the lemma's hitting chances (ks69 (2)), Figure 2
            if nd["state"] != sum(p * nodes[c]["state"] for c, p in nd["children"]):
                return refuted(walked, f"the states at {_node(nd)} break the lemma", say(_node(nd)))
    by = {nd["label"]: nd for nd in nodes}
    for lab, v in P_FIG_STATES.value.items():
        if by[lab]["state"] != v:
            return refuted(walked, say(value(by[lab]["state"], name=_tex(lab)), ", the text says", value(v)),
                           say(value(by[lab]["state"], name=_tex(lab))))
    b01 = by["β(0,1)"]
    kids = [(nodes[c]["value"], p) for c, p in b01["children"]]  # (value, edge) to α(0,0), β(0,0)
    v0, v_up, v_down = P_FIG_VALUES.value
    e_up, e_down = P_FIG_EDGES.value
    if [b01["value"], kids[0][0], kids[1][0]] != [v0, v_up, v_down] or [kids[0][1], kids[1][1]] != [e_up, e_down]:
        return refuted(walked, say(r"at $\beta(0,1)$ the tree and the text differ:",
                                  table(["", "value", "child values", "edges"],
                                        [["tree", b01["value"], say(kids[0][0], ",", kids[1][0]),
                                          say(kids[0][1], ",", kids[1][1])],
                                         ["text", v0, say(v_up, ",", v_down), say(e_up, ",", e_down)]])), None)
    if e_up * v_up + e_down * v_down != v0:
        return refuted(computed(e_up * v_up + e_down * v_down, "the printed expectation at beta(0,1), exact"), say(value(e_up), r"$\cdot$", value(v_up), "+", value(e_down), r"$\cdot$", value(v_down),
                                  "is not", value(v0)), None)
    h1, s11, u1, s_b11 = P_FIG_SUM.value
    theorem2 = R.raising_points_binomial(2, 1, 2, 3)
    k = theorem2.alpha
    true_sum = (R.hold_probability(2), by["α(1,1)"]["state"], R.upset_probability(2), by["β(1,1)"]["state"])
    if (h1, s11, u1, s_b11) != true_sum or h1 * s11 + u1 * s_b11 != k:
        return refuted([walked, theorem2], say(value(k, name=r"\alpha(2,1)"), "is not", value(h1), r"$\cdot$", value(s11), "+",
                                  value(u1), r"$\cdot$", value(s_b11)), say(value(k)))
    m, pa, n, pb = P_FIG_LAWS.value
    laws = computed((R.upset_probability(2), R.upset_probability(3)), "the upset chances (a-1)/(2a) for a = 2, 3")
    if (m, pa, n, pb) != (2, R.upset_probability(2), 1, R.upset_probability(3)):
        return refuted(laws, say("Theorem 2's laws for two raises of 2 against one of 3 are",
                                  formula(f"b(2, {R.upset_probability(2)})"), "and", formula(f"b(1, {R.upset_probability(3)})"),
                                  ", not", formula(f"b({m}, {pa})"), "and", formula(f"b({n}, {pb})")), None)
    tree = table(["node", "state", "value to A"], [[say(_node(nd)), nd["state"], nd["value"]] for nd in nodes])
    return verified([walked, theorem2, laws], say("every node of the tree (Figure 1) checked:", tree, "At every node the value is the "
                               "expectation of the children's values and the state is the expectation of the "
                               r"children's states (the lemma); $\alpha(2,1) = 11/16 = \operatorname{Prob}[K_1 \le K_2]$."),
                    witness=tree)


def _tex(label: str) -> str:
    """A node label of the tree (``α(2,1)``) in the delimited syntax (``\\alpha(2,1)``)."""
    return label.replace("α", r"\alpha").replace("β", r"\beta")


def _node(nd) -> str:
    """A node of the tree as mathematics in text: ``$\\alpha(2,1)$``."""
    return f"${_tex(nd['label'])}$"


@claim("ks69.fig2.paths", "§3, after Figure 1",
       r"Ignoring the intermediate nodes, $\alpha(2,1) = \frac{3}{4} \cdot \frac{1}{4} \cdot \frac{1}{3} + "
       r"\frac{1}{4} \cdot \frac{1}{3} \cdot \frac{3}{4} = \operatorname{prob} K_1 \le K_2$.")
def figure2_paths():
    printed = sum((x * y * z for x, y, z in P_PATHS.value), mpq(0))
    # enumerate the coin contest's winning paths from alpha(2,1): A's flips hold w.p. 3/4, B's w.p. 2/3
    paths = _coin_paths(2, 1, mpq(3, 4), mpq(2, 3))
    total = sum(p for p, _ in paths)
    sums = computed((total, printed), "the coin contest's winning paths from alpha(2,1) summed, and the printed sum")
    if total != mpq(11, 16):
        return refuted(sums, say("the winning paths sum to", value(total)), say(value(total)))
    if printed == mpq(11, 16):
        return verified(sums, "the printed sum is $11/16$")
    terms = " + ".join(desc for _, desc in paths)
    return erratum(
        sums,
        say("the sum as it stands in the text is", value(printed), ", not $11/16$. A's winning paths in the coin "
            f"contest are ${terms} = 11/16$: the term $\\frac{{3}}{{4}} \\cdot \\frac{{3}}{{4}}$ (A's two raises both "
            "reach his next raising point) is missing; it may have been lost in the extraction of the scan rather "
            "than in the original."),
        [Erratum(P_PATHS.where, r"$\frac{3}{4} \cdot \frac{1}{4} \cdot \frac{1}{3} + \frac{1}{4} \cdot \frac{1}{3} "
                                r"\cdot \frac{3}{4}$ (= 1/8)",
                 r"$\frac{3}{4} \cdot \frac{3}{4} + \frac{3}{4} \cdot \frac{1}{4} \cdot \frac{1}{3} + \frac{1}{4} "
                 r"\cdot \frac{1}{3} \cdot \frac{3}{4} = \frac{11}{16}$", "11/16",
                 note="a dropped term; the intended sum (= 11/16, stated on the same line) is clear",
                 kind=ErratumKind.MISPRINT)],
    )


def _coin_paths(m, n, ha, hb):
    """A's winning paths of the sequential coin contest, as (probability, the product of its steps in LaTeX)."""
    out = []

    def go(i, j, a_move, prob, desc):
        if a_move:
            if i == 0:
                out.append((prob, r" \cdot ".join(desc)))
                return
            go(i - 1, j, True, prob * ha, desc + [latex_rational(ha)])
            go(i - 1, j, False, prob * (1 - ha), desc + [latex_rational(1 - ha)])
        else:
            if j == 0:
                return
            go(i, j - 1, False, prob * hb, desc + [latex_rational(hb)])
            go(i, j - 1, True, prob * (1 - hb), desc + [latex_rational(1 - hb)])

    go(m, n, True, mpq(1), [])
    return out


@claim("ks69.sec3.coins", "§3, the coin-flipping reductions",
       r"The raising game from $\alpha(m,n)$ is the sequential coin contest (heads $(1+a)/(2a)$ keeps the move); "
       "A wins if and only if he throws less than or equal to as many tails as B.",
       unprinted="a qualitative equivalence of two games; the coin chances (1+a)/(2a) are judged in ks69.eq6-9")
def coins():
    # exact: for every pair of flip sequences the sequential contest's winner is [tails_A <= tails_B]
    played = 0
    for m in range(0, 7):
        for n in range(0, 7):
            for fa in itertools.product((0, 1), repeat=m):
                for fb in itertools.product((0, 1), repeat=n):
                    played += 1
                    if _sequential_winner(fa, fb) != (sum(fa) <= sum(fb)):
                        pair = computed((fa, fb, _sequential_winner(fa, fb)), "a pair of flip sequences played out")
                        return refuted(pair, "sequential contest and toss comparison differ",
                                       table(["A's flips", "B's flips"], [[" ".join("TH"[1 - x] for x in fa) or "none",
                                                                           " ".join("TH"[1 - x] for x in fb) or "none"]]))
    pathwise = computed(played, "every pair of flip sequences with m, n <= 6 played out: the winner is A exactly "
                        "when A's tails are at most B's (integers)", "ks69 §3")
    # exact: the contest's win probability (path enumeration) equals alpha(m, n)
    sums = []
    for fa_, fb_ in FACTORS[:4]:
        for m in range(0, 6):
            for n in range(0, 6):
                paths = _coin_paths(m, n, R.hold_probability(fa_), R.hold_probability(fb_))
                rp = R.raising_points_binomial(m, n, fa_, fb_)
                sums += [rp, computed(sum((p for p, _ in paths), mpq(0)), "the contest's winning paths summed")]
                if sums[-1].value != rp.alpha:
                    return refuted(sums[-2:], f"the contest's win probability is not $\\alpha({m},{n})$",
                                   say(value(fa_, name="a"), ",", value(fb_, name="b"), f", $m = {m}$, $n = {n}$"))
    # sampled: the seeded sampler lands within its 99.9% interval of alpha(10, 3)
    s = R.sample_alpha(10, 3, 2, 2, trials=4000, seed=1969)
    t = float(R.raising_points_binomial(10, 3).alpha)
    if not s.low <= t <= s.high:
        return refuted(s, f"the sampler's estimate ${s.estimate:.4f}$ (interval ${s.low:.4f}$ to ${s.high:.4f}$) "
                                f"misses $\\alpha(10,3) = {t:.4f}$", None)
    sampler = part("the seeded sampler", s, "4000 seeded plays estimate alpha(10, 3) within their 99.9% interval")
    return verified(
        [pathwise] + sums,
        r"for every pair of A's and B's flip sequences with $m, n \le 6$ the sequential contest's winner is A exactly "
        r"when A's tails are at most B's (so the two reductions are the same event, pathwise); the contest's winning "
        r"paths sum to $\alpha(m,n)$ exactly for $m, n \le 5$ and four factor pairs; the seeded sampler "
        f"(4000 plays, seed 1969) gives ${s.estimate:.4f}$ with 99.9% interval ${s.low:.4f}$ to ${s.high:.4f}$ "
        f"around $\\alpha(10,3) = {t:.4f}$.",
        parts=[sampler],
    )


def _sequential_winner(fa, fb) -> bool:
    """Winner of the sequential contest when A's successive flips are fa and B's fb (1 = tails/upset)."""
    i = j = 0
    a_move = True
    while True:
        if a_move:
            if i == len(fa):
                return True
            a_move = not fa[i]
            i += 1
        else:
            if j == len(fb):
                return False
            a_move = bool(fb[j])
            j += 1


@claim("ks69.sec3.example10-3", "§3, Example after Theorem 2",
       "With a = b = 2, if A starts with 10 doubles and B with 3, A should double at .4938 and therefore "
       "should double at the start of an even game.")
def example_10_3():
    from exactcube.brownian import continuous as C

    point = R.raising_points_binomial(10, 3, 2, 2)
    al = point.alpha
    if al > mpq(1, 2):
        return refuted(point, say(value(al, name=r"\alpha(10,3)"), "$> 1/2$: A should not double at once"),
                       say(value(al)))
    shown = P_EXAMPLE_10_3.value
    if agrees_with_printed(al, shown):
        return verified(point, say(value(al, name=r"\alpha(10,3)"), f"rounds to {shown}"))
    with C.working_precision(128):
        table3_cell = C.alpha(10, 3, 20)
        c = table3_cell.value  # Table III's cell: continuous raise potentials a = 10, b = 3, by (18)
    copied = agrees_with_printed(c, shown)
    if copied:
        origin = say("it is Table III's cell for continuous raise potentials $a = 10$, $b = 3$ ($\\alpha(10,3)$ by",
                     eq(18), f"is ${c.str(8, radius=False)}$, which rounds to {shown}), apparently copied from the "
                     "wrong table")
    else:
        origin = say(f"nor is it Table III's continuous $\\alpha(10,3) = {c.str(8, radius=False)}$")
    # the kind by the one rule (docs/design.md, "Erratum kinds"); a value copied from Table III is a method error
    ruling = erratum_kind(shown, al, method="the continuous α(10,3) of Table III, printed for the discrete one"
                          if copied else "")
    return erratum(
        point,
        say(value(al, name=r"\alpha(10,3)"), "for ten doubles against three, so the conclusion (double at the start "
            f"of an even game) holds, but the printed {shown} is not this point:", origin, "."),
        [Erratum(P_EXAMPLE_10_3.where, shown, format_exact(al), format_decimal(al, 4, leading_zero=False),
                 note=("the printed value is Table III's (continuous a = 10, b = 3), not the discrete point of the "
                       "example; Table I stops at 9 doubles; " if copied else "") + ruling.reason,
                 kind=ruling.kind)],
    )


@claim("ks69.theorem2.toss", "§3, proof of Theorem 2, last paragraph",
       r"$K_a \le K_b$ if and only if the first toss is tails and $K_a' \le K_b'$, or the first toss is heads and "
       r"$K_a' < K_b'$ (tails, the upset, has chance $(a-1)/(2a)$: the success counted by $K_a$).")
def theorem2_toss():
    # The split as printed, read literally: toss -> relation of K_a' to K_b that makes K_a <= K_b.
    split = {toss: _RELATION.get(rel, rel) for toss, rel in (part.split() for part in P_TOSS_SPLIT.value.split(","))}
    if set(split) != {"tails", "heads"} or not set(split.values()) <= {"<=", "<"}:
        raise ValueError(f"unreadable case split {P_TOSS_SPLIT.value!r}")
    # Exact check on a grid: P[K_a <= K_b] against the split's formula, tails = success (upset), chance u_a.
    points = []
    for fa, fb in FACTORS:
        u, h = R.upset_probability(fa), R.hold_probability(fa)
        for i in range(1, 8):
            for j in range(0, 8):
                prev = R.raising_points_binomial(i - 1, j, fa, fb)
                rel = {"<=": prev.alpha, "<": prev.beta}  # P[K_a' <= K_b], P[K_a' < K_b]
                by_split = u * rel[split["tails"]] + h * rel[split["heads"]]
                here = R.raising_points_binomial(i, j, fa, fb)
                true = here.alpha
                points += [prev, here]
                if by_split != true:
                    return erratum(
                        [prev, here, computed(by_split, "P[K_a <= K_b] by the case split as printed")],
                        say(r"$K_a = (\text{first toss}) + K_a'$ with the toss a success (tails, the upset, chance "
                            r"$u = (a-1)/(2a)$); so $K_a \le K_b$ if and only if heads and $K_a' \le K_b$, or tails "
                            r"and $K_a' < K_b$. The sentence swaps heads and tails: read as printed it gives, for",
                            value(fa, name="a"), ",", value(fb, name="b"), f", $i = {i}$, $j = {j}$,",
                            value(by_split, name=r"P[K_a \le K_b]"), "instead of", value(true, name=rf"\alpha({i},{j})"),
                            r". The displayed equation just above it (weight $(a+1)/(2a)$ on $K_a' \le K_b'$) is "
                            "right, so the intended statement is clear."),
                        [Erratum(P_TOSS_SPLIT.where, r"tails and $K_a' \le K_b'$, or heads and $K_a' < K_b'$",
                                 r"heads and $K_a' \le K_b'$, or tails and $K_a' < K_b'$", r"tails $<$, heads $\le$",
                                 note="heads and tails swapped; the displayed equation before it has them right",
                                 kind=ErratumKind.MISPRINT)],
                        witness=table(["$a$", "$b$", "$i$", "$j$", "as printed", "true"],
                                      [[fa, fb, i, j, by_split, true]]))
    return verified(points, r"the case split reproduces $P[K_a \le K_b]$ exactly for $i = 1, \ldots, 7$, "
                           r"$j = 0, \ldots, 7$ and all the factor pairs "
                           + ", ".join(f"$({x},{y})$" for x, y in FACTORS) + ".")

