"""ks69 §3: non-alternating raises: the Lemma, recurrences (6)-(9), Theorem 2, the coin reductions, Figures 1-2."""

from __future__ import annotations

import functools
import itertools
import math

import sympy as sp
from sympy.polys.domains import QQ
from sympy.polys.rings import ring

from exactcube.brownian import raises as R
from exactcube.claims import Erratum, ErratumKind, Evidence, claim, erratum, refuted, verified
from exactcube.numbers import (agrees_with_printed, ball_agrees_with_printed, format_decimal, format_exact, mpq,
                               parse_rational)
from exactcube.printed import printed
from exactcube.results import assumption
from exactcube.symbolic import from_sympy, is_identity, to_sympy

from ..shared import RELATIONS, relation_tuple_mutants

EXACT = Evidence.EXACT
SAMPLED = Evidence.SAMPLED

#: (a, b) factor pairs on which the exact grid checks run (the paper's a = b = 2 first).
FACTORS = [(mpq(2), mpq(2)), (mpq(2), mpq(3)), (mpq(3), mpq(2)), (mpq(3, 2), mpq(5)), (mpq(10), mpq(10, 9)),
           (mpq(7, 3), mpq(7, 3))]
# Readings the verdicts rest on.
LEMMA_I_1 = assumption("ks69.lemma-i-1", "In §3's Lemma the printed 'β(i-i,j) < α(i,j) <= α(i-i,j)' stands for "
                                         "β(i-1,j) < α(i,j) <= α(i-1,j) (i-i is a scanning slip for i-1).")
LEMMA_LITERAL = assumption("ks69.lemma-literal", "In §3's Lemma 'i-i' is read literally as 0: "
                                                 "β(0,j) < α(i,j) <= α(0,j).")

# What §3 prints, read by the checks through exactcube.printed (so `verify --mutate` can perturb it).
P_INITIAL_ALPHA = printed("§3, proof of Theorem 2, α(0,j) = 1", "1")
P_INITIAL_BETA = printed("§3, proof of Theorem 2, initial conditions", "1")
#: The proof's case split: which toss of A goes with K_a' <= K_b' and which with K_a' < K_b'.
P_TOSS_SPLIT = printed("§3, proof of Theorem 2, the first toss", "tails <=, heads <")
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
P_THM2_RELATIONS = printed("§3 Theorem 2, α(m,n) = Prob[K_a <= K_b], β(m,n) = Prob[K_a < K_b]", ("<=", "<"),
                           mutants=relation_tuple_mutants)

#: Theorem 2 is checked as a polynomial identity in the upset chances for all i, j up to this bound.
THEOREM2_BOUND = 16


#: §3's Lemma: the two printed order relations of β(i-1,j) < α(i,j) <= α(i-1,j)
P_LEMMA_RELATIONS = printed("§3 Lemma, β(i-1,j) < α(i,j) <= α(i-1,j)", ("<", "<="), mutants=relation_tuple_mutants)


@claim("ks69.sec3.lemma", "§3, Lemma",
       "β(i-1,j) < α(i,j) <= α(i-1,j).")
def lemma():
    # proof: (8) makes alpha(i,j) a proper convex combination of alpha(i-1,j) and beta(i-1,j), weights
    # (a+1)/(2a), (a-1)/(2a) in (0,1) for a > 1, and alpha - beta = P[K_a = K_b] > 0.
    a = sp.symbols("a", positive=True)
    w_hold, w_up = (a + 1) / (2 * a), (a - 1) / (2 * a)
    if not is_identity(w_hold + w_up, 1):
        return refuted(EXACT, "the weights of (8) do not sum to 1", None)
    left, right = P_LEMMA_RELATIONS.value
    holds_left, holds_right = RELATIONS[left], RELATIONS[right]
    checked = 0
    for fa, fb in FACTORS:
        g = R.raising_grid(30, 30, fa, fb)
        for i in range(1, 31):
            for j in range(31):
                lo, mid, hi = g.beta(i - 1, j), g.alpha(i, j), g.alpha(i - 1, j)
                if not (holds_left(lo, mid) and holds_right(mid, hi)):
                    return refuted(EXACT, f"a={fa}, b={fb}: β({i-1},{j}) {left} α({i},{j}) {right} α({i-1},{j}) fails",
                                   (str(lo), str(mid), str(hi)), assumptions=(LEMMA_I_1.id,))
                if not lo < mid < hi:
                    return refuted(EXACT, "the proof's strict inequalities fail", (i, j), assumptions=(LEMMA_I_1.id,))
                checked += 1
    # the literal reading i - i = 0: β(0,j) < α(i,j) fails as soon as A's raises outnumber B's enough
    g = R.raising_grid(9, 9)
    lit = next(((i, j) for i in range(1, 10) for j in range(1, 10) if not holds_left(g.beta(0, j), g.alpha(i, j))),
               None)
    literal = (refuted(EXACT, f"read literally (i-i = 0) the left inequality fails: a = b = 2, β(0,{lit[1]}) = "
                              f"{format_exact(g.beta(0, lit[1]))} is not {left} α({lit[0]},{lit[1]}) = "
                              f"{format_exact(g.alpha(lit[0], lit[1]))}", lit, assumptions=(LEMMA_LITERAL.id,))
               if lit else verified(EXACT, "read literally the inequalities hold too", assumptions=(LEMMA_LITERAL.id,)))
    return verified(
        EXACT,
        "Proof: by (8) α(i,j) = h·α(i-1,j) + u·β(i-1,j) with h = (a+1)/(2a), u = (a-1)/(2a) in (0,1) for a > 1, "
        "and α(i-1,j) - β(i-1,j) = P[K_a' = K_b] > 0, so β(i-1,j) < α(i,j) < α(i-1,j) (the right inequality is even "
        f"strict). Checked exactly on {checked} cells (i = 1..30, j = 0..30) for (a,b) in "
        + ", ".join(f"({x},{y})" for x, y in FACTORS) + ".",
        assumptions=(LEMMA_I_1.id,), alternatives=(literal,),
    )


@claim("ks69.eq6-9", "§3, (6)-(9)",
       "Indifference of the non-raiser, -K = aK(...) (6), gives (7) and the recurrence (8); (9) similarly; "
       "after A's raise he reaches his next raising point first with probability (1+a)/(2a).")
def eq6_9():
    a, b, K = sp.symbols("a b K", positive=True)
    al, al1, be1, be, al_, be_ = sp.symbols("alpha alpha1 beta1 beta alphaprime betaprime")
    # (6): B folds (-K) vs accepts at stake aK; the game goes to beta(i-1,j) or alpha(i-1,j) first
    p_up = (al1 - al) / (al1 - be1)  # reach beta(i-1,j) first (B "wins" aK)
    p_hold = (al - be1) / (al1 - be1)
    eq6 = sp.Eq(-K, a * K * (p_up - p_hold))
    sol = sp.solve(eq6, al)
    rhs8 = P_EQ8.value.subs({_a: a, _A1: al1, _B1: be1})
    if len(sol) != 1 or not is_identity(sol[0], rhs8):
        return refuted(EXACT, f"(6) solves to {sol}, not (8)", sol)
    # (7) is (6) multiplied by (alpha1 - beta1)/K
    lhs7 = -(al1 - be1)
    rhs7 = a * (al1 + be1 - 2 * al)
    if not is_identity((eq6.lhs - eq6.rhs) * (al1 - be1) / K, lhs7 - rhs7):
        return refuted(EXACT, "(7) is not (6) times (α(i-1,j) - β(i-1,j))/K", None)
    # (9): A is indifferent at B's raise: -K (fold) = bK (P[reach alpha(i,j-1) first] - P[reach beta(i,j-1) first])
    q_a = (be - be_) / (al_ - be_)
    eq9 = sp.Eq(-K, b * K * (q_a - (1 - q_a)))
    sol9 = sp.solve(eq9, be)
    rhs9 = P_EQ9.value.subs({_b: b, _A_: al_, _B_: be_})
    if len(sol9) != 1 or not is_identity(sol9[0], rhs9):
        return refuted(EXACT, f"A's indifference solves to {sol9}, not (9)", sol9)
    # the hold probability after a raise
    if not is_identity(p_hold.subs(al, rhs8), P_HOLD.value.subs(_a, a)):
        return refuted(EXACT, "the hold probability is not (1+a)/(2a)", None)
    return verified(EXACT, "solving (6) for α(i,j) gives (8); (7) is (6)·(α(i-1,j)-β(i-1,j))/K; A's indifference at "
                           "B's raise gives (9); with (8), (α(i,j)-β(i-1,j))/(α(i-1,j)-β(i-1,j)) = (1+a)/(2a) "
                           "(all symbolic in a, b, K and the four states).")


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
       "α(m,n) = Prob[K_a <= K_b], β(m,n) = Prob[K_a < K_b] with K_a ~ b(m,(a-1)/(2a)), K_b ~ b(n,(b-1)/(2b)): "
       "the formula satisfies (8)-(9) and the initial conditions.")
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
    if e != 0:
        return refuted(EXACT, "the coupling (Pascal) identity does not simplify to 0", str(e))
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
    for m in range(N + 1):
        if tab[(0, m)][0] != one:
            return refuted(EXACT, f"α(0,{m}) != 1", m)
    for n in range(N + 1):
        if tab[(n, 0)][1] != 0:
            return refuted(EXACT, f"β({n},0) != 0", n)
    for n in range(1, N + 1):
        for m in range(N + 1):
            lhs = tab[(n, m)][0]
            rhs = (one - ua) * tab[(n - 1, m)][0] + ua * tab[(n - 1, m)][1]
            if lhs != rhs:
                return refuted(EXACT, f"(8) fails at ({n},{m}) as a polynomial identity", (n, m))
    for n in range(N + 1):
        for m in range(1, N + 1):
            lhs = tab[(n, m)][1]
            rhs = ub * tab[(n, m - 1)][0] + (one - ub) * tab[(n, m - 1)][1]
            if lhs != rhs:
                return refuted(EXACT, f"(9) fails at ({n},{m}) as a polynomial identity", (n, m))
    # 3. the printed laws (10)-(11) against the recurrence (8)-(9) run as integer dynamic programming
    #    (exactcube.brownian.raises.raising_grid), exactly on rational factors
    law_a, law_b = P_THM2_LAWS.value
    cells = 0
    for fa, fb in FACTORS:
        g = R.raising_grid(25, 25, fa, fb)
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
                    return refuted(EXACT, f"Theorem 2 as printed != recurrence at ({n},{m}), a={fa}, b={fb}",
                                   (str(al), format_exact(g.alpha(n, m))))
                cells += 1
    return verified(
        EXACT,
        "Proof for all i, j: writing K_a = T + K_a' with an independent toss T ~ Bernoulli(u_a), Pascal's rule "
        "P[Bin(i,u)=k] = (1-u)P[Bin(i-1,u)=k] + uP[Bin(i-1,u)=k-1] (verified symbolically in i, k, u) gives "
        "P[K_a <= K_b] = (1-u_a)P[K_a' <= K_b] + u_a P[K_a' < K_b], i.e. (8); the same split of K_b gives (9); "
        "α(0,j) = P[0 <= K_b] = 1 and β(i,0) = P[K_a < 0] = 0. Mechanically: (8), (9) and the initial conditions "
        f"hold as polynomial identities in u_a, u_b (hence for all factors a, b > 1) for all i, j <= {N}; and the "
        f"printed laws (10)-(11) give exactly the integer recurrence's values on {cells} cells (i, j <= 25, six factor pairs).",
    )


@claim("ks69.theorem2.initial", "§3, proof of Theorem 2",
       "The initial conditions are α(0,j) = 1, β(i,0) = 1.")
def theorem2_initial():
    g = R.raising_grid(6, 6)
    p_alpha, p_beta = parse_rational(P_INITIAL_ALPHA.value), parse_rational(P_INITIAL_BETA.value)
    if any(g.alpha(0, j) != p_alpha for j in range(7)):
        return refuted(EXACT, f"α(0,j) != {P_INITIAL_ALPHA.value}", None)
    betas = {g.beta(i, 0) for i in range(7)}
    if betas != {0}:
        return refuted(EXACT, f"β(i,0) takes values {betas}", None)
    # the paper's own example uses beta(0,0) = 0: beta(0,1) = 1/3 alpha(0,0) + 2/3 beta(0,0) = 1/3
    ex = R.raising_points_binomial(0, 1, 2, 3).beta
    if ex != mpq(1, 3):
        return refuted(EXACT, f"β(0,1) for a = 2, b = 3 is {ex}, not 1/3", ex)
    if betas == {p_beta}:
        return verified(EXACT, f"α(0,j) = 1 and β(i,0) = {P_INITIAL_BETA.value} for i, j <= 6")
    return erratum(
        EXACT,
        "α(0,j) = 1 is right, but the printed β(i,0) = 1 must be β(i,0) = 0: with no raises left B never raises, "
        "the game's low end is the real end 0 (Theorem 2 gives P[K_a < 0] = 0), and the paper's own example "
        "β(0,1) = 1/3·α(0,0) + 2/3·β(0,0) = 1/3 needs β(0,0) = 0. (Possibly a misprint of the scan.)",
        [Erratum(P_INITIAL_BETA.where, f"β(i,0) = {P_INITIAL_BETA.value}", "β(i,0) = 0", "0",
                 note="the intended 0 is clear from the paper's own example (β(0,0) = 0)", kind=ErratumKind.MISPRINT)],
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
       "Two raises of 2 against one of 3: β(0,1) = 1/3 (−4 = 1/3·12 + 2/3·(−12)), α(1,1) = 5/6, α(1,0) = 3/4, "
       "β(1,1) = 1/4, α(2,1) = 3/4·5/6 + 1/4·1/4 = 11/16 = Prob[K_1 <= K_2], K_1 ~ b(2,1/4), K_2 ~ b(1,1/3).")
def figures_1_2():
    nodes = raise_tree(2, 1, 2, 3)
    for nd in nodes:
        if nd["children"]:
            ps = [p for _, p in nd["children"]]
            if sum(ps) != 1:
                return refuted(EXACT, f"edge probabilities at {nd['label']} do not sum to 1", nd["label"])
            # values: the node's value is the expectation of its children's (ks69 (6), Figure 1)
            if nd["value"] != sum(p * nodes[c]["value"] for c, p in nd["children"]):
                return refuted(EXACT, f"values at {nd['label']} are not consistent", nd["label"])
            # states: the edge probabilities are the lemma's hitting chances (ks69 (2)), Figure 2
            if nd["state"] != sum(p * nodes[c]["state"] for c, p in nd["children"]):
                return refuted(EXACT, f"states at {nd['label']} break the lemma", nd["label"])
    by = {nd["label"]: nd for nd in nodes}
    for lab, v in P_FIG_STATES.value.items():
        if by[lab]["state"] != v:
            return refuted(EXACT, f"{lab} = {by[lab]['state']}, the text says {v}", lab)
    b01 = by["β(0,1)"]
    kids = [(nodes[c]["value"], p) for c, p in b01["children"]]  # (value, edge) to α(0,0), β(0,0)
    v0, v_up, v_down = P_FIG_VALUES.value
    e_up, e_down = P_FIG_EDGES.value
    if [b01["value"], kids[0][0], kids[1][0]] != [v0, v_up, v_down] or [kids[0][1], kids[1][1]] != [e_up, e_down]:
        return refuted(EXACT, f"at β(0,1) the tree has value {b01['value']} -> ({kids[0][0]}, {kids[1][0]}) with "
                              f"edges ({kids[0][1]}, {kids[1][1]}); the text says {v0} -> ({v_up}, {v_down}) with "
                              f"({e_up}, {e_down})", None)
    if e_up * v_up + e_down * v_down != v0:
        return refuted(EXACT, f"{e_up}·({v_up}) + {e_down}·({v_down}) != {v0}", None)
    h1, s11, u1, s_b11 = P_FIG_SUM.value
    k = R.raising_points_binomial(2, 1, 2, 3).alpha
    true_sum = (R.hold_probability(2), by["α(1,1)"]["state"], R.upset_probability(2), by["β(1,1)"]["state"])
    if (h1, s11, u1, s_b11) != true_sum or h1 * s11 + u1 * s_b11 != k:
        return refuted(EXACT, f"α(2,1) = {k} is not {h1}·{s11} + {u1}·{s_b11}", k)
    m, pa, n, pb = P_FIG_LAWS.value
    if (m, pa, n, pb) != (2, R.upset_probability(2), 1, R.upset_probability(3)):
        return refuted(EXACT, f"Theorem 2's laws for two raises of 2 against one of 3 are b(2, "
                              f"{R.upset_probability(2)}) and b(1, {R.upset_probability(3)}), not b({m}, {pa}) and "
                              f"b({n}, {pb})", None)
    listing = "; ".join(f"{nd['label']}: state {format_exact(nd['state'])}, value {format_exact(nd['value'])}"
                        for nd in nodes)
    return verified(EXACT, f"every node of the tree (Figure 1) checked: {listing}. At every node the value is the "
                           "expectation of the children's values and the state is the expectation of the "
                           "children's states (the lemma); α(2,1) = 11/16 = Prob[K_1 <= K_2].",
                    witness=[(nd["label"], format_exact(nd["state"]), format_exact(nd["value"])) for nd in nodes])


@claim("ks69.fig2.paths", "§3, after Figure 1",
       "Ignoring the intermediate nodes, α(2,1) = 3/4·1/4·1/3 + 1/4·1/3·3/4 = prob K_1 <= K_2.")
def figure2_paths():
    printed = sum((x * y * z for x, y, z in P_PATHS.value), mpq(0))
    # enumerate the coin contest's winning paths from alpha(2,1): A's flips hold w.p. 3/4, B's w.p. 2/3
    paths = _coin_paths(2, 1, mpq(3, 4), mpq(2, 3))
    total = sum(p for p, _ in paths)
    if total != mpq(11, 16):
        return refuted(EXACT, f"the winning paths sum to {total}", total)
    if printed == mpq(11, 16):
        return verified(EXACT, "the printed sum is 11/16")
    terms = " + ".join(desc for _, desc in paths)
    return erratum(
        EXACT,
        f"the sum as it stands in the text is {format_exact(printed)}, not 11/16. A's winning paths in the coin "
        f"contest are {terms} = 11/16: the term 3/4·3/4 (A's two raises both reach his next raising point) is "
        "missing; it may have been lost in the extraction of the scan rather than in the original.",
        [Erratum(P_PATHS.where, "3/4·1/4·1/3 + 1/4·1/3·3/4 (= 1/8)",
                 "3/4·3/4 + 3/4·1/4·1/3 + 1/4·1/3·3/4 = 11/16", "11/16",
                 note="a dropped term; the intended sum (= 11/16, stated on the same line) is clear",
                 kind=ErratumKind.MISPRINT)],
    )


def _coin_paths(m, n, ha, hb):
    """A's winning paths of the sequential coin contest, as (probability, description)."""
    out = []

    def go(i, j, a_move, prob, desc):
        if a_move:
            if i == 0:
                out.append((prob, "·".join(desc)))
                return
            go(i - 1, j, True, prob * ha, desc + [format_exact(ha)])
            go(i - 1, j, False, prob * (1 - ha), desc + [format_exact(1 - ha)])
        else:
            if j == 0:
                return
            go(i, j - 1, False, prob * hb, desc + [format_exact(hb)])
            go(i, j - 1, True, prob * (1 - hb), desc + [format_exact(1 - hb)])

    go(m, n, True, mpq(1), [])
    return out


@claim("ks69.sec3.coins", "§3, the coin-flipping reductions",
       "The raising game from α(m,n) is the sequential coin contest (heads (1+a)/(2a) keeps the move); "
       "A wins iff he throws less than or equal to as many tails as B.",
       unprinted="a qualitative equivalence of two games; the coin chances (1+a)/(2a) are judged in ks69.eq6-9")
def coins():
    # exact: for every pair of flip sequences the sequential contest's winner is [tails_A <= tails_B]
    for m in range(0, 7):
        for n in range(0, 7):
            for fa in itertools.product((0, 1), repeat=m):
                for fb in itertools.product((0, 1), repeat=n):
                    if _sequential_winner(fa, fb) != (sum(fa) <= sum(fb)):
                        return refuted(EXACT, "sequential contest and toss comparison differ", (fa, fb))
    # exact: the contest's win probability (path enumeration) equals alpha(m, n)
    for fa_, fb_ in FACTORS[:4]:
        for m in range(0, 6):
            for n in range(0, 6):
                paths = _coin_paths(m, n, R.hold_probability(fa_), R.hold_probability(fb_))
                if sum(p for p, _ in paths) != R.raising_points_binomial(m, n, fa_, fb_).alpha:
                    return refuted(EXACT, f"contest win probability != α({m},{n})", (m, n, str(fa_), str(fb_)))
    # sampled: the seeded sampler lands within its 99.9% interval of alpha(10, 3)
    s = R.sample_alpha(10, 3, 2, 2, trials=4000, seed=1969)
    t = float(R.raising_points_binomial(10, 3).alpha)
    if not s.low <= t <= s.high:
        return refuted(SAMPLED, f"sampler estimate {s.estimate} [{s.low:.4f}, {s.high:.4f}] misses α(10,3) = {t}",
                       s)
    return verified(
        EXACT,
        "for every pair of A's and B's flip sequences with m, n <= 6 the sequential contest's winner is A exactly "
        "when A's tails <= B's tails (so the two reductions are the same event, pathwise); the contest's winning "
        "paths sum to α(m,n) exactly for m, n <= 5 and four factor pairs; the seeded sampler "
        f"(4000 plays, seed 1969) gives {s.estimate:.4f} with 99.9% interval [{s.low:.4f}, {s.high:.4f}] "
        f"around α(10,3) = {t:.4f}.",
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

    al = R.raising_points_binomial(10, 3, 2, 2).alpha
    if al > mpq(1, 2):
        return refuted(EXACT, f"α(10,3) = {al} > 1/2: A should not double at once", al)
    shown = P_EXAMPLE_10_3.value
    if agrees_with_printed(al, shown):
        return verified(EXACT, f"α(10,3) = {format_exact(al)} ≈ {format_decimal(al, 6)} rounds to {shown}")
    with C.working_precision(128):
        c = C.alpha(10, 3, 20).value  # Table III's cell: continuous raise potentials a = 10, b = 3, by (18)
    if ball_agrees_with_printed(c, shown):
        origin = (f"it is Table III's cell for continuous raise potentials a = 10, b = 3 (α(10,3) by (18) = "
                  f"{c.str(8, radius=False)}, which rounds to {shown}), apparently copied from the wrong table")
    else:
        origin = f"nor is it Table III's continuous α(10,3) = {c.str(8, radius=False)}"
    return erratum(
        EXACT,
        f"α(10,3) = {format_exact(al)} = {format_decimal(al, 6)} for ten doubles against three, so the conclusion "
        f"(double at the start of an even game) holds, but the printed {shown} is not this point: {origin}.",
        [Erratum(P_EXAMPLE_10_3.where, shown, format_exact(al), format_decimal(al, 4, leading_zero=False),
                 note="the printed value is Table III's (continuous a = 10, b = 3), not the discrete point of the "
                      "example; Table I stops at 9 doubles", kind=ErratumKind.SUBSTANTIVE)],
    )


@claim("ks69.theorem2.toss", "§3, proof of Theorem 2, last paragraph",
       "K_a <= K_b iff the first toss is tails and K_a' <= K_b', or the first toss is heads and K_a' < K_b' "
       "(tails, the upset, has chance (a-1)/(2a): the success counted by K_a).")
def theorem2_toss():
    # The split as printed, read literally: toss -> relation of K_a' to K_b that makes K_a <= K_b.
    split = dict(part.split() for part in P_TOSS_SPLIT.value.split(","))
    if set(split) != {"tails", "heads"} or not set(split.values()) <= {"<=", "<"}:
        raise ValueError(f"unreadable case split {P_TOSS_SPLIT.value!r}")
    # Exact check on a grid: P[K_a <= K_b] against the split's formula, tails = success (upset), chance u_a.
    for fa, fb in FACTORS:
        u, h = R.upset_probability(fa), R.hold_probability(fa)
        for i in range(1, 8):
            for j in range(0, 8):
                prev = R.raising_points_binomial(i - 1, j, fa, fb)
                rel = {"<=": prev.alpha, "<": prev.beta}  # P[K_a' <= K_b], P[K_a' < K_b]
                by_split = u * rel[split["tails"]] + h * rel[split["heads"]]
                true = R.raising_points_binomial(i, j, fa, fb).alpha
                if by_split != true:
                    return erratum(
                        EXACT,
                        "K_a = (first toss) + K_a' with the toss a success (tails, the upset, chance u = (a-1)/(2a)); "
                        "so K_a <= K_b iff heads and K_a' <= K_b, or tails and K_a' < K_b. The sentence swaps heads "
                        f"and tails: read as printed it gives, for a = {fa}, b = {fb}, i = {i}, j = {j}, "
                        f"P[K_a <= K_b] = {format_exact(by_split)} instead of α({i},{j}) = {format_exact(true)}. "
                        "The displayed equation just above it (weight (a+1)/(2a) on K_a' <= K_b') is right, so the "
                        "intended statement is clear.",
                        [Erratum(P_TOSS_SPLIT.where, "tails and K_a' <= K_b', or heads and K_a' < K_b'",
                                 "heads and K_a' <= K_b', or tails and K_a' < K_b'", "tails <, heads <=",
                                 note="heads and tails swapped; the displayed equation before it has them right",
                                 kind=ErratumKind.MISPRINT)],
                        witness={"a": str(fa), "b": str(fb), "i": i, "j": j, "as_printed": format_exact(by_split),
                                 "true": format_exact(true)})
    return verified(EXACT, "the case split reproduces P[K_a <= K_b] exactly for i = 1..7, j = 0..7 and all the factor "
                           "pairs " + ", ".join(f"({x},{y})" for x, y in FACTORS) + ".")

