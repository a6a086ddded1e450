"""Checks shared by several documents (ks69 and ju24 state the same facts)."""

from __future__ import annotations

import flint
import sympy as sp

from exactcube.brownian import alternating as alt
from exactcube.claims import refuted, verified
from exactcube.content.model import eq, math, say, table, value
from exactcube.numbers import mpq
from exactcube.results import computed
from exactcube.symbolic import identity as sym_identity
from exactcube.symbolic import solve, to_sympy


def _walk_hitting(n: int, lo: int, hi: int) -> list:
    """Exact P(reach hi before lo) from every lo < x < hi for the simple symmetric walk, by a linear solve."""
    m = hi - lo - 1
    A = flint.fmpq_mat(m, m)
    b = flint.fmpq_mat(m, 1)
    for r in range(m):
        A[r, r] = 1
        if r > 0:
            A[r, r - 1] = flint.fmpq(-1, 2)
        if r < m - 1:
            A[r, r + 1] = flint.fmpq(-1, 2)
    b[m - 1, 0] = flint.fmpq(1, 2)
    x = A.solve(b)
    return [x[r, 0] for r in range(m)]


#: The order relations a printed comparison may name, and how each reads on integers.
RELATIONS = {"<": lambda x, y: x < y, "<=": lambda x, y: x <= y, ">": lambda x, y: x > y, ">=": lambda x, y: x >= y}


def relation_mutants(rel: str) -> list:
    """Mutants of a printed order relation (for ``printed(..., mutants=...)``): each other relation."""
    return [(f"{rel} -> {r}", r) for r in RELATIONS if r != rel]


def relation_tuple_mutants(rels: tuple) -> list:
    """Mutants of a tuple of printed relations: each one replaced by each other relation in turn."""
    return [(f"[{i}] {lab}", rels[:i] + (m,) + rels[i + 1:]) for i, r in enumerate(rels) for lab, m in relation_mutants(r)]


_LX, _LA, _LB, _LP = sp.symbols("x a b P")
#: The Lemma's identity and conclusion (ks69 §1 (1)-(2), ju24 §1.2.2), for documents that print no such formula.
LEMMA_IDENTITY = sp.Eq(_LX, _LP * (_LX + _LB) + (1 - _LP) * (_LX - _LA))
LEMMA_ANSWER = _LA / (_LA + _LB)


def conditioning_chance(x, a, b):
    """The conditioning identity of the consistency lemma (ks69 (1), zk77 Lemma 1), x = P (x + b) + (1 - P)(x - a),
    solved for P (sympy): the chance of reaching x + b before x - a."""
    P = sp.Symbol("P")
    sol = sp.solve(sp.Eq(x, P * (x + b) + (1 - P) * (x - a)), P)
    if len(sol) != 1:
        raise ValueError(f"the conditioning identity has {len(sol)} solutions for P")
    return sp.simplify(sol[0])


def consistency_lemma_check(identity=None, answer=None, conclusion=None):
    """ks69 Lemma / ju24 §1.2.2: P(reach x+b before x-a) = a/(a+b).

    ``identity`` (the conditioning identity (1), an equation in the symbols x, a, b, P) and ``answer``
    (the conclusion (2), in a, b) are the document's printed items (:func:`exactcube.printed.printed`)
    when it prints them, else the formulas above.  The truth is computed independently: hitting
    probabilities of the simple symmetric walk on 0..16, solved exactly as linear systems.  The printed
    answer must equal them at every state, the printed identity must hold there, and it must have a
    unique solution P, which must be the printed answer.  ``conclusion`` (a :class:`proofs.linked.Formula` in
    ``P``, ``x``, ``a``, ``b``): the conclusion the lemma exports to its dependents, proved here from the
    conditioning identity (:func:`conditioning_chance`) and cited by the verdict.
    """
    eq1 = identity.value if identity is not None else LEMMA_IDENTITY
    eq2 = answer.value if answer is not None else LEMMA_ANSWER
    x, a, b, P = (sp.Symbol(n, positive=True) for n in "xabP")
    by_name = {x.name: x, a.name: a, b.name: b, P.name: P}
    # (1) as lhs - rhs: an equation with positive symbols may evaluate to False (a perturbed (1) that no P
    # satisfies), which is then judged (refuted below), never a crash
    eq1 = sp.sympify(eq1.lhs - eq1.rhs)
    eq1 = eq1.xreplace({s: by_name[s.name] for s in eq1.free_symbols if s.name in by_name})
    eq2 = eq2.xreplace({s: by_name[s.name] for s in eq2.free_symbols if s.name in by_name})
    f_answer = sp.lambdify((a, b), eq2, modules="sympy")
    f_identity = sp.lambdify((x, a, b, P), eq1, modules="sympy")
    n = 16
    hitting = []  # (from, up to, down to, exact chance) of every state solved
    for lo in range(0, n):
        for hi in range(lo + 2, n + 1):
            probs = _walk_hitting(n, lo, hi)
            for i, pr in enumerate(probs):
                xx = lo + 1 + i
                truth = sp.Rational(int(pr.p), int(pr.q))
                ga, gb = sp.Integer(xx - lo), sp.Integer(hi - xx)
                walk = table(["from", "up to", "down to", "hitting chance"], [[xx, hi, lo, truth]])
                hitting.append((xx, hi, lo, pr))
                answer = f_answer(ga, gb)
                if answer != truth:
                    step = computed((pr, answer), f"hitting chance of the walk from {xx} on [{lo}, {hi}] by an exact "
                                    "linear solve, and the printed answer there", "ks69 Lemma (2)")
                    return refuted(step, say(f"the walk from {xx} reaches {hi} before {lo} with chance", value(truth),
                                              ", not", math(eq2), "=", f_answer(ga, gb)), walk)
                left = f_identity(sp.Integer(xx), ga, gb, truth)
                if left != 0:
                    step = computed((pr, left), f"(1) at the walk's hitting chance from {xx} on [{lo}, {hi}]",
                                    "ks69 Lemma (1)")
                    return refuted(step, say(eq(1), f"fails at the walk's hitting chance from {xx} on $[{lo}, {hi}]$"),
                                   walk)
    solved = solve(eq1, 0, P, "sympy solve of (1) for P", "ks69 Lemma (1)")
    sol = list(solved.value)
    same = sym_identity(sol[0], eq2, "ks69 Lemma (2)") if len(sol) == 1 else None
    if not same:
        found = say(*[math(x) for x in sol]) if sol else say("no solution")
        return refuted([solved] + ([same] if same is not None else []),
                       say("solving", eq(1), "for $P$ gives", found, ", not", math(eq2)), found)
    walks = computed(tuple(hitting), f"hitting chances of the simple symmetric walk on 0..{n}, exact linear solves",
                     "ks69 Lemma (2)")
    basis = [solved, same, walks]
    if conclusion is not None:
        from .linked import establish

        proved = establish(conclusion, conditioning_chance(*conclusion.variables),
                           "the exported conclusion from the conditioning identity solved for P")
        if not proved:
            return refuted(proved, say("the conditioning identity does not give", math(conclusion.formula)), None)
        basis.append(proved)
    return verified(
        basis,
        say("solving the martingale identity", eq(1), ", $x = P(x+b) + (1-P)(x-a)$, gives $P = a/(a+b)$ "
            "symbolically; and for the simple symmetric random walk on $0, 1, \\ldots, 16$ the hitting probabilities, "
            "solved exactly as a linear system for every interval $[l, h]$, equal $(x-l)/(h-l)$ and satisfy", eq(1),
            "."),
    )


def first_double_optimal_at_fold_point(doubles, p0=mpq(1, 2)):
    """Theorem 1 (ks69) / Theorem 1.1 (ju24) on the exact model.

    For each number of doubles left (None: unlimited), A's equity from ``p0`` as a
    function of his first doubling point t (B optimal) is a rational function of t
    on each side of B's fold point d; the derivative's sign is decided exactly (its
    numerator has no root inside the piece), so the maximum is at t = d.
    """
    t = sp.symbols("t", real=True)
    checked = []
    flat = []
    steps = []  # what each k's argument computed: the fold point, the derivatives' roots and signs, the value
    for k in doubles:
        d = to_sympy(alt.doubling_point(k))
        th = alt.thresholds(k)
        # B's fold point: after a take, A's value is 2*E_theirs(t); B folds when that exceeds 1
        low = 1 - d
        after = None if k is None else k - 1
        if after == 0:
            take_val = 2 * (2 * t - 1)
        else:
            dd = to_sympy(alt.doubling_point(after))
            take_val = 2 * (2 * (t - (1 - dd)) / dd - 1)
        fold_point = sp.solve(sp.Eq(take_val, 1), t)
        fold = computed((tuple(fold_point), th), f"B's fold point with k = {k}: sympy solve", "ks69 Theorem 1")
        if fold_point != [d]:
            found = say(*[math(x) for x in fold_point]) if fold_point else say("none")
            return refuted(fold, say(f"with $k = {k}$ doubles left B's fold point is", found, ", not", math(sp.Eq(sp.Symbol("d"), d))),
                           say(f"$k = {k}$:", found))
        h = (to_sympy(p0) - low) / (t - low)
        pieces = [(h * take_val - (1 - h), to_sympy(p0), d, +1), (h * 1 - (1 - h), d, sp.Integer(1), -1)]
        for expr, a, b, sign in pieces:
            deriv = sp.together(sp.diff(expr, t))
            slope = computed(deriv, f"the derivative in t with k = {k} (sympy)", "ks69 Theorem 1")
            if sp.simplify(deriv) == 0:
                if sign < 0:
                    return refuted([fold, slope], say(f"with $k = {k}$ doubles left the value is flat after the fold point"),
                                   say(f"$k = {k}$"))
                flat.append(r"\infty" if k is None else str(k))
                continue
            num, _den = sp.fraction(deriv)
            poly = sp.Poly(sp.expand(num), t)
            roots = computed((poly.as_expr(), poly.count_roots(a, b) if b > a else 0),
                             f"real roots of the derivative's numerator in ({a}, {b}), by exact root counting",
                             "ks69 Theorem 1")
            steps += [slope, roots]
            if b > a and poly.count_roots(a, b) != 0:
                return refuted([fold, roots], say(f"with $k = {k}$ doubles left the derivative changes sign on the interval from",
                                          math(a), "to", math(b)), say("numerator of the derivative:", math(poly.as_expr())))
            s = sp.sign(deriv.subs(t, (a + b) / 2))
            if s != sign:
                return refuted([fold, computed(s, "the derivative's sign at the midpoint")], say(f"with $k = {k}$ doubles left the value is not "
                                          f"{'increasing' if sign > 0 else 'decreasing'} on the interval from", math(a),
                                          "to", math(b)), say("sign of the derivative at the midpoint:", math(s)))
        # the library's value function agrees with the symbolic one at the optimum
        v_lib = alt.value_of_first_double_at(alt.doubling_point(k), k, p0)
        v_sym = (pieces[1][0]).subs(t, d)
        at_fold = computed((v_lib, v_sym), f"the value at the fold point with k = {k}: library and symbolic")
        steps += [fold, at_fold]
        if to_sympy(v_lib) != sp.nsimplify(v_sym):
            return refuted(at_fold, say(f"with $k = {k}$ doubles left the library's value", value(v_lib),
                                      "differs from the symbolic", math(v_sym)), say(f"$k = {k}$"))
        checked.append(r"\infty" if k is None else str(k))
    ks = lambda xs: ", ".join(f"${x}$" for x in xs)  # noqa: E731
    return verified(
        steps,
        say("from", value(p0, name="p_0"), ", A's equity as a function of his first doubling point $t$ (B optimal) "
            f"never decreases up to B's fold point $d$ and strictly decreases after it, for {ks(checked)} doubles "
            "left; so the optimal doubling point $\\alpha$ equals the fold point $\\beta$.")
        + (say(f" Finding: for {ks(flat)} doubles left the value is constant in $t$ before the fold point "
               "(doubling early, if taken, is exactly as good as waiting: the centred equity is linear with the same "
               "slope as the dead cube's), so $\\beta$ is the largest optimal doubling point, not the only one.")
           if flat else ""),
    )
