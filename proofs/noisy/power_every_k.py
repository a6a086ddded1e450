r"""noisy §3, Conjecture 9 for every heap on (0, eps*]: Lemma X, Theorem N and their corollary (issue 42).

Notation of docs/noisy.md ("The block recursion"): K = 2^(k-1), a = p(K) - 1/2, A_m = p(K, m) - 1/2,
beta(h) = p(h) - 1/2, w(u, s) the binary symmetric channel on the low k - 1 bits, c = 1 - eps, lam = 1 - 2 eps,
B_u = sum_{s<K} w(u, s) beta(K + s).

* ``noisy.conjecture9.lemma_x`` (Lemma X): for 0 < eps < 1/2, if move 0 is optimal at K then B_0 > (1 - eps) a.
  The Q argument: Q_s = u_s v_s with u_s / v_s the value of move 0 at K + s (Lemma B1) decreases by a factor
  1 - tau_s^2 (or stays below 0), strictly at s = 0, and Q_K = c a - eps B_0.
* ``noisy.conjecture9.power_every_k`` (Theorem N): for every eps in (0, eps*] the power inequality
  H(K): A_m < lam a (1 <= m < K) holds at every K = 2^(k-1) >= 2, eps* the root in (0, 1/2) of
  2 (1 - eps)^3 = eps.  Induction from K = 2 by Lemma B1 at t = K with facts (1)-(4); fact (4) is Lemma X.
* ``noisy.conjecture9.every_n_to_eps_star`` (the corollary): with Lemma B8 and Theorems B5, B7, Conjecture 9
  (move 0 the unique optimum and p(n) > 1/2) holds for every n >= 2 and every eps in (0, eps*].
* ``noisy.conjecture9.open_above_eps_star``: what is left, eps in (eps*, 1/2) at heaps n >= 16385, open.

Every general step is decided by z3 over the reals (:mod:`proofs.noisy.smt`) under exactly the hypotheses it
uses, taking the cited lemmas' exported conclusions (:class:`proofs.noisy.smt.Conclusion`) as hypotheses;
eps* is an exact algebraic number (:class:`exactcube.algebraic.AlgebraicNumber`) and the range (0, eps*] enters
z3 as 0 < eps < 1/2 and 2 (1 - eps)^3 - eps >= 0 (the polynomial decreases, proved by z3).  Instances: the exact
solver of (5) at rational eps below eps*.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import z3
from flint import fmpz_poly

from exactcube.algebraic import AlgebraicNumber, real_roots_in, sign_at
from exactcube.certificates import recorded_cache
from exactcube.claims import Outcome, claim, open_, verified
from exactcube.content.model import claim_ref, say
from exactcube.numbers import format_exact, mpq
from exactcube.results import computed

from .blocks import (BOUND_K, BOUND_N, RECURSION_LOW, RECURSION_TOP, TOP, WITHIN, block_sum_step, bound_every_k,
                     bound_every_n, bsc,
                     exact_solution, linked,
                     recursion, rests, top_moves)
from .every_k import chain_open
from .frontier import BLOCK_FROM_POWER, block_bounds_step, block_from_power
from .readings import CHANNEL, resting_on
from .smt import Conclusion, EpsRange, cite, establish, export, first_failure, prove

__all__ = ["EPS_STAR", "ToEpsStar", "TO_EPS_STAR", "eps_star", "eps_star_text", "LEMMA_X", "THEOREM_N",
           "COROLLARY", "lemma_x_steps", "theorem_n_steps", "corollary_steps", "x_ratio", "fact4_margin"]

DERIVED = ("a lemma derived here for every heap, not a printed statement: the check fails when z3 finds a "
           "counterexample to a step (from the cited lemmas' exported formulas) or an exact instance disagrees")
STATEMENT = ("the conjecture's own statement (move 0, the bound 1/2): the check fails when a lemma it rests on is "
             "not verified or z3 finds a counterexample to a step")

#: 2 (1 - eps)^3 - eps = 2 - 7 eps + 6 eps^2 - 2 eps^3, whose root in (0, 1/2) is eps*
STAR_POLY = fmpz_poly([2, -7, 6, -2])


def star_poly(e):
    """2 (1 - eps)^3 - eps (exact rationals, sympy or z3 terms)."""
    return 2 * (1 - e) ** 3 - e


@recorded_cache
def eps_star() -> AlgebraicNumber:
    """eps*: the root of 2 (1 - eps)^3 = eps in (0, 1/2), exact (isolated by exact signs; the only one there)."""
    roots = real_roots_in(STAR_POLY, AlgebraicNumber.rational(0), AlgebraicNumber.rational(mpq(1, 2)))
    if len(roots) != 1:
        raise ArithmeticError(f"2 (1 - eps)^3 - eps has {len(roots)} roots in (0, 1/2)")
    return roots[0]


def enclosure(digits: int = 30) -> tuple[mpq, mpq]:
    """Rationals lo < eps* < hi with ``digits`` decimal places, certified by the exact signs of the polynomial."""
    r = eps_star().refine(mpq(1, 10 ** (digits + 2)))
    scale = 10 ** digits
    lo, hi = mpq(math.floor(r.lo * scale), scale), mpq(math.ceil(r.hi * scale), scale)
    if not (sign_at(STAR_POLY, lo) > 0 > sign_at(STAR_POLY, hi)):  # the polynomial decreases through its root
        raise ArithmeticError("the enclosure of eps* is not certified by the signs of its polynomial")
    return lo, hi


def _decimal(q: mpq, digits: int) -> str:
    s = str(int(q * 10 ** digits))
    return "0." + s.rjust(digits, "0")


def eps_star_text(digits: int = 30) -> str:
    """eps* as text: the root of 2 (1 - eps)^3 = eps in (0, 1/2), in a certified interval of ``digits`` places."""
    lo, hi = enclosure(digits)
    return (f"$\\varepsilon^*$ the root of $2 (1 - \\varepsilon)^3 = \\varepsilon$ in $(0, 1/2)$, in "
            f"$[{_decimal(lo, digits)}, {_decimal(hi, digits)}]$")


EPS_STAR = "ε*"


def _approx(q) -> str:
    """An exact rational shown to 3 significant digits in prose (the exact value stays in the computed result)."""
    return f"{float(q):.3g}"


@dataclass(frozen=True)
class ToEpsStar:
    """The range (0, eps*] of eps: for z3 the hypotheses 0 < eps < 1/2 and 2 (1 - eps)^3 - eps >= 0 (the
    polynomial decreases, so these say exactly eps <= eps*); printed as (0, eps*]."""

    def hypotheses(self, e):
        return [e > 0, e < z3.Q(1, 2), star_poly(e) >= 0]

    def contains(self, x) -> bool:
        return 0 < x < mpq(1, 2) and star_poly(mpq(x)) >= 0

    def text(self) -> str:
        return "(0, \\varepsilon^*]"


TO_EPS_STAR = ToEpsStar()
#: (0, 1/2), the range of Lemma X
OPEN_HALF = EpsRange(mpq(0), mpq(1, 2), lo_closed=False)

_e, _a, _A0, _B0, _Am = z3.Reals("eps a A0 B0 Am")
_V0, _Vm, _Vt = z3.Reals("V0 Vm Vt")

LEMMA_X = export(Conclusion(
    "noisy.conjecture9.lemma_x", (_e, _a, _A0, _B0), OPEN_HALF, (_a > 0, _A0 == _a), _B0 > (1 - _e) * _a,
    "a = p(K) - 1/2, A0 = p(K, 0) - 1/2 (move 0 optimal at K: A0 = a), B0 = sum_{s<K} w(0, s) (p(K + s) - 1/2)"))
THEOREM_N = export(Conclusion(
    "noisy.conjecture9.power_every_k", (_e, _a, _Am), TO_EPS_STAR, (), _Am < (1 - 2 * _e) * _a,
    "a = p(K) - 1/2 and Am = p(K, m) - 1/2 for a move 1 <= m < K, K = 2^(k-1) >= 2"))
COROLLARY = export(Conclusion(
    "noisy.conjecture9.every_n_to_eps_star", (_e, _V0, _Vm, _Vt), TO_EPS_STAR, (),
    z3.And(_V0 > 0, _Vm < _V0, _Vt < _V0),
    "V0 = p(n, 0) - 1/2, Vm = p(n, m) - 1/2 for a low move 1 <= m < K, Vt = p(n, K + u) - 1/2 for a top move, "
    "n = K + t >= 2"))


def range_steps(rng=TO_EPS_STAR):
    """The range (0, eps*] as z3 hypotheses says eps <= eps*: 2 (1 - eps)^3 - eps strictly decreases."""
    x, y = z3.Reals("x y")
    return [prove("$2 (1 - \\varepsilon)^3 - \\varepsilon$ strictly decreases", [x < y], star_poly(x) > star_poly(y),
                  source=THEOREM_N.lemma)]


# ---------------------------------------------------------------------------
# Lemma X
# ---------------------------------------------------------------------------

def named_step_quantities(e, A0, Bp, Wp, mu, beta):
    """The named quantities of one step s -> s + 1 of the Q argument: u_s = c A0 - eps B, v_s = c + eps W (so move 0's
    value at K + s is u_s / v_s by Lemma B1), u_{s+1} = u_s - eps mu beta, v_{s+1} = v_s + eps mu and
    tau_s = eps mu / v_s (as tau v = eps mu).  Returns (u, v, u1, v1, tau) and the equations naming them.  Each step
    below is stated over these names: written over the expanded polynomials in one piece, cvc5 gives no answer
    within 120 s, where z3 decides either form."""
    u, v, u1, v1, T = z3.Reals("u v u1 v1 tau")
    c = 1 - e
    return (u, v, u1, v1, T), [u == c * A0 - e * Bp, v == c + e * Wp, u1 == u - e * mu * beta, v1 == v + e * mu,
                               T * v == e * mu]


def q_step_parts(e, A0, Bp, Wp, mu, beta, val, R, low, lemma: str, exact: bool):
    """The Q step of Lemma X (``exact=False``: beta(K + s) >= move 0's value u_s / v_s, so
    Q_{s+1} <= Q_s (1 - tau_s^2) <= max(Q_s, 0)) or of Lemma B8' (``exact=True``: beta is that value, and
    Q_{s+1} = Q_s (1 - tau_s^2)), with Q_s = u_s v_s, in small steps over the names of
    :func:`named_step_quantities`."""
    (u, v, u1, v1, T), names = named_step_quantities(e, A0, Bp, Wp, mu, beta)
    Q = z3.Real("Q")
    bounds = [Wp >= 0, mu >= 0, Wp + mu <= 1]
    value = prove("move 0 is worth $u_s / v_s$ at $K + s$, $v_s > 0$ (Lemma B1)",
                  R + bounds + [low.at(e, A0, Bp, Wp, val)] + names, z3.And(val * v == u, v > 0),
                  source=lemma, cites=[low])
    tau = prove("$v_{s+1} = v_s (1 + \\tau_s)$ and $0 \\le \\tau_s \\le 1$",
                R + bounds + names, z3.And(v1 == v * (1 + T), v > 0, T >= 0, T <= 1), source=lemma)
    given = [e > 0, mu >= 0, v > 0, val * v == u, T * v == e * mu, u1 == u - e * mu * beta]
    if exact:
        u_part = prove("$u_{s+1} = u_s (1 - \\tau_s)$ (move 0 optimal at $K + s$: $\\beta(K + s)$ is its value)",
                       given + [beta == val], u1 == u * (1 - T), source=lemma)
        prod = prove("$Q_{s+1} = u_{s+1} v_{s+1} = Q_s (1 - \\tau_s^2)$",
                     [u1 == u * (1 - T), v1 == v * (1 + T), Q == u * v], u1 * v1 == Q * (1 - T * T), source=lemma)
        return [value, tau, u_part, prod]
    u_part = prove("$u_{s+1} \\le u_s (1 - \\tau_s)$ ($\\beta(K + s) \\ge$ the value $u_s / v_s$ of move 0 there)",
                   given + [beta >= val], u1 <= u * (1 - T), source=lemma)
    prod = prove("$Q_{s+1} = u_{s+1} v_{s+1} \\le Q_s (1 - \\tau_s^2)$",
                 [u1 <= u * (1 - T), v1 == v * (1 + T), v > 0, T >= 0, Q == u * v], u1 * v1 <= Q * (1 - T * T),
                 source=lemma)
    top = prove("$Q_s (1 - \\tau_s^2) \\le \\max(Q_s, 0)$ for $0 \\le \\tau_s \\le 1$",
                [T >= 0, T <= 1, Q == u * v, u1 * v1 <= Q * (1 - T * T)], u1 * v1 <= z3.If(Q >= 0, Q, 0),
                source=lemma)
    return [value, tau, u_part, prod, top]


def lemma_x_steps(rng: EpsRange = OPEN_HALF):
    """The steps of Lemma X over the reals.  With mu_s = w(0, s), u_s = c A0 - eps sum_{s'<s} mu_s' beta(K + s'),
    v_s = c + eps sum_{s'<s} mu_s' (so u_s / v_s is move 0's value at K + s by Lemma B1, and beta(K + s) >= it):
    the Q step, the strict first step (mu_0 = (1 - eps)^(k-1) > 0), the telescoping and the end at s = K
    (v_K = 1: the row of w sums to 1)."""
    e, a, A0, Bp, Wp, mu, beta, val, B0, Q1, Qs, Qn, QK, WK = z3.Reals("eps a A0 Bp Wp mu beta val B0 Q1 Qs Qn QK WK")
    low, lx = cite(RECURSION_LOW.id), cite(LEMMA_X.id)
    c = 1 - e
    R = rng.hypotheses(e)
    base = R + [a > 0, A0 == a]
    q = q_step_parts(e, A0, Bp, Wp, mu, beta, val, R, low, lx.lemma, exact=False)

    def pos(x):
        return z3.If(x >= 0, x, 0)

    first = prove("the first step is strict: $Q_1 < Q_0 = c^2 a$ ($\\mu_0 = (1 - \\varepsilon)^{k-1} > 0$)",
                  base + [mu > 0, low.at(e, A0, 0, 0, val), beta >= val],
                  (c * A0 - e * mu * beta) * (c + e * mu) < c * c * a, source=lx.lemma, cites=[low])
    tele = prove("by induction over $s$: $Q_s \\le \\max(Q_1, 0) < c^2 a$ for every $1 \\le s \\le K$",
                 [e < z3.Q(1, 2), a > 0, Q1 < c * c * a, Qs <= pos(Q1), Qn <= pos(Qs)], z3.And(Qn <= pos(Q1), pos(Q1) < c * c * a),
                 source=lx.lemma)
    end = establish(lx, "at $s = K$: $v_K = 1$ and $Q_K = c a - \\varepsilon B_0 < c^2 a$, so "
                    "$B_0 > c a (1 - c) / \\varepsilon = (1 - \\varepsilon) a$",
                    [QK < c * c * a, QK == (c * A0 - e * B0) * (c + e * WK), WK == 1], (e, a, A0, B0), rng=rng)
    return [*q, first, tele, end]


def x_ratio(sol, K: int, e):
    """x_K = B_0 / a exactly, from a solution up to 2K - 1 (B_0 over the whole block K, a = p(K) - 1/2)."""
    j = K.bit_length() - 1
    a = sol.p[K] - mpq(1, 2)
    B0 = sum((bsc(e, j, 0, s) * (sol.p[K + s] - mpq(1, 2)) for s in range(K)), mpq(0))
    return B0 / a


#: the rational eps of the exact instances, all below eps* (0.41024...): checked against the algebraic number
INSTANCE_EPS = tuple(mpq(a, b) for a, b in ((1, 20), (1, 7), (1, 4), (1, 3), (2, 5), (41, 100)))
#: the largest K of the instances (heaps up to 2K <= 256 of the shared solutions up to 512)
_K_MAX = 128


@recorded_cache
def lemma_x_verdict():
    """The verdict of claim ``noisy.conjecture9.lemma_x``, cached for the run.

    The claims resting on it share it; a test re-runs it after ``lemma_x_verdict.cache_clear()``."""
    steps = lemma_x_steps()
    bad = first_failure(steps)
    if bad is not None:
        return chain_open(say(bad.sentence()), bad)
    dep = recursion()
    if dep.outcome is not Outcome.VERIFIED:
        return chain_open(say("rests on", claim_ref("noisy.blocks.recursion"), ", which is not verified:",
                              dep.details), rests(dep))
    rows, least = 0, None
    for e in INSTANCE_EPS + (mpq(21, 50), mpq(9, 20)):  # Lemma X holds on all of (0, 1/2): also above eps*
        sol = exact_solution(e)
        for i in range(1, _K_MAX.bit_length()):
            K = 1 << i
            if not sol.optimal[K] == (0,):
                continue  # the lemma's hypothesis (move 0 optimal at K) fails there
            x = x_ratio(sol, K, e)
            if not x > 1 - e:
                return chain_open(say(f"Lemma X fails at $K = {K}$, $\\varepsilon = {format_exact(e)}$:",
                                      "$B_0 / a$ =", x), computed(x, "x_K = B_0 / a, exactly"))
            rows += 1
            gap = x - (1 - e)
            least = gap if least is None else min(least, gap)
    inst = computed({"rows": rows, "least gap": least}, "x_K = B_0 / a against 1 - eps, exactly", "noisy §3, (5)")
    scope = f"every $K = 2^{{k-1}} \\ge 1$, $\\varepsilon \\in {OPEN_HALF.text()}$"
    return verified([steps, inst, rests(dep)],
                    say(f"scope: {scope}. The Q argument (docs/noisy.md): its {len(steps)} steps decided by z3 over "
                        "the reals from the exported formula of", claim_ref("noisy.blocks.recursion"),
                        "(in words only: $p(K + s) \\ge$ the value of move 0 there, and the row $w(0, \\cdot)$ sums "
                        f"to 1); exactly, $x_K = B_0 / a > 1 - \\varepsilon$ in {rows} blocks $K = 2, \\ldots, "
                        f"{_K_MAX}$ at {len(INSTANCE_EPS) + 2} values of $\\varepsilon$ where move 0 is optimal at $K$ "
                        f"(least $x_K - (1 - \\varepsilon)$ about {_approx(least)})"),
                    {"scope": scope, "steps": [s.name for s in steps], **linked(steps, [LEMMA_X])},
                    assumptions=(CHANNEL.id,))


@claim("noisy.conjecture9.lemma_x", "§3, Conjecture 9",
       "Lemma X: for $0 < \\varepsilon < 1/2$ and $K = 2^{k-1} \\ge 1$, if move 0 is optimal at $K$ then "
       "$B_0 = \\sum_{s<K} w(0, s)(p(K + s) - 1/2) > (1 - \\varepsilon)(p(K) - 1/2)$", unprinted=DERIVED)
@resting_on(CHANNEL)
def lemma_x():
    return lemma_x_verdict()


# ---------------------------------------------------------------------------
# Theorem N: the power inequality at every power of two on (0, eps*]
# ---------------------------------------------------------------------------

#: the range Theorem N and the corollary are proved on (tests replace it: eps* by 7/16 must fail)
RANGE = TO_EPS_STAR


def theorem_n_steps(rng=None):
    """The steps of Theorem N over the reals: the base K = 2, then from K to 2K by Lemma B1 at t = K (W = 1):
    A'_u = c A_u - eps B_u, A'_{K+u} = eps A_u - c B_u with lam a <= B_u <= a (Lemmas B2, B4 summed), a > 0
    (Theorem B5), move 0 optimal at K (H(K)), facts (1)-(4) (fact (4) by Lemma X), and H(2K) for each kind of
    move (a' = p(2K) - 1/2 >= A'_0)."""
    rng = RANGE if rng is None else rng
    e, a, x, A0, Au, B0, Bu, P0, Pu, Tu, TK, a2 = z3.Reals("eps a x A0 Au B0 Bu P0 Pu Tu TK a2")
    low, top, bk, lx, H = (cite(c.id) for c in (RECURSION_LOW, RECURSION_TOP, BOUND_K, LEMMA_X, THEOREM_N))
    lam, src = 1 - 2 * e, H.lemma
    R = OPEN_HALF.hypotheses(e)  # facts (1)-(3) hold on all of (0, 1/2); only fact (4) needs eps <= eps*
    half = z3.Q(1, 2)
    base = establish(H, "the base $K = 2$: $A_1 = \\varepsilon - 1/2 < (1 - 2 \\varepsilon)(1/2 - \\varepsilon)$",
                     [], (e, half - e, e - half), rng=rng)
    positive = prove("$a = p(K) - 1/2 > 0$ (Theorem B5, $x = (1 - 2 \\varepsilon)^{k-1} > 0$)",
                     R + [x > 0, bk.at(e, x, a)], a > 0, source=src, cites=[bk])
    optimal = prove("move 0 is optimal at $K$: the best move is 0 or some $m \\ge 1$, which $H(K)$ excludes",
                    R + [a > 0, H.statement(e, a, Au), z3.Or(a == A0, a == Au)], A0 == a, source=src)
    sums = block_bounds_step(src, EpsRange(mpq(0), mpq(1, 2)))
    k = R + [a > 0, A0 == a]
    f1 = prove("(1) $A'_0 \\ge (1 - 2 \\varepsilon) a > 0$", k + [B0 <= a, low.at(e, A0, B0, 1, P0)],
               z3.And(P0 >= lam * a, P0 > 0), source=src, cites=[low])
    f2 = prove("(2) the low moves $u \\ge 1$: $\\lambda A'_0 - A'_u = c (\\lambda a - A_u) + \\varepsilon (B_u - "
               "\\lambda B_0) > 0$", R + [A0 == a, H.statement(e, a, Au), lam * a <= Bu, B0 <= a, low.at(e, A0, B0, 1, P0),
                                     low.at(e, Au, Bu, 1, Pu)],
               lam * P0 - Pu > 0, source=src, cites=[low])
    f3 = prove("(3) the top moves $K + u$, $u \\ge 1$: $\\lambda A'_0 - A'_{K+u} > 2 \\lambda^2 a \\ge 0$",
               k + [H.statement(e, a, Au), lam * a <= Bu, B0 <= a, low.at(e, A0, B0, 1, P0), top.at(e, Au, Bu, 1, Tu)],
               z3.And(lam * P0 - Tu > 2 * lam * lam * a, 2 * lam * lam * a >= 0), source=src, cites=[low, top])
    f4 = prove("(4) the top move $K$: $\\lambda A'_0 - A'_K > a (2 (1 - \\varepsilon)^3 - \\varepsilon) \\ge 0$ by "
               "Lemma X", rng.hypotheses(e) + [a > 0, A0 == a, lx.at(e, a, A0, B0), low.at(e, A0, B0, 1, P0),
                                               top.at(e, A0, B0, 1, TK)],
               z3.And(lam * P0 - TK > a * star_poly(e), a * star_poly(e) >= 0), source=src, cites=[low, top, lx])
    up = [a2 >= P0]
    h_low = establish(H, "$H(2K)$ at the low moves $u \\ge 1$", [f1.goal, f2.goal] + up, (e, a2, Pu), rng=rng)
    h_top = establish(H, "$H(2K)$ at the top moves $K + u$, $u \\ge 1$", [f1.goal, f3.goal] + up, (e, a2, Tu), rng=rng)
    h_k = establish(H, "$H(2K)$ at the top move $K$", [f1.goal, f4.goal] + up, (e, a2, TK), rng=rng)
    return [base, positive, optimal, sums, f1, f2, f3, f4, h_low, h_top, h_k]


def fact4_margin(sol, K: int, e):
    """lam A'_0 - A'_K - a (2 (1 - eps)^3 - eps) at 2K, exactly (fact (4) says it is positive)."""
    a = sol.p[K] - mpq(1, 2)
    P0 = sol.move_value(2 * K, 0) - mpq(1, 2)
    TK = sol.move_value(2 * K, K) - mpq(1, 2)
    return (1 - 2 * e) * P0 - TK - a * star_poly(e)


def power_holds(sol, K: int, e) -> bool:
    """H(K) exactly: p(K, m) - 1/2 < (1 - 2 eps)(p(K) - 1/2) for every 1 <= m < K."""
    a = sol.p[K] - mpq(1, 2)
    return all(sol.move_value(K, m) - mpq(1, 2) < (1 - 2 * e) * a for m in range(1, K))


def _instance_eps():
    """The instance eps, each checked exactly to lie in (0, eps*] (against the algebraic number)."""
    star = eps_star()
    return [e for e in INSTANCE_EPS if star.cmp_rational(e) >= 0 and TO_EPS_STAR.contains(e)]


@recorded_cache
def theorem_n_verdict():
    """The verdict of claim ``noisy.conjecture9.power_every_k``, cached for the run.

    The claims resting on it share it; a test re-runs it after ``theorem_n_verdict.cache_clear()``."""
    steps = range_steps() + theorem_n_steps()
    bad = first_failure(steps)
    if bad is not None:
        return chain_open(say(bad.sentence()), bad)
    deps = []
    for cid, check in (("noisy.blocks.recursion", recursion), ("noisy.conjecture9.block_from_power",
                                                                block_from_power),
                       ("noisy.conjecture10.bound_every_k", bound_every_k), ("noisy.conjecture9.lemma_x", lemma_x)):
        dep = check()
        if dep.outcome is not Outcome.VERIFIED:
            return chain_open(say("rests on", claim_ref(cid), ", which is not verified:", dep.details), rests(dep))
        deps.append(dep)
    eps = _instance_eps()
    if len(eps) != len(INSTANCE_EPS):
        return chain_open(say("an instance value of $\\varepsilon$ is not below $\\varepsilon^*$"),
                          computed(eps, "the instances against eps*"))
    rows, least = 0, None
    for e in eps:
        sol = exact_solution(e)
        if not (sol.move_value(2, 1) - mpq(1, 2) == e - mpq(1, 2) and sol.p[2] - mpq(1, 2) == mpq(1, 2) - e):
            return chain_open(say(f"the base values at $K = 2$ differ from the solver at "
                                  f"$\\varepsilon = {format_exact(e)}$"), computed(sol.p[2], "p(2), exactly"))
        for i in range(1, _K_MAX.bit_length()):
            K = 1 << i
            if not (power_holds(sol, K, e) and (K < _K_MAX or power_holds(sol, 2 * K, e))):
                return chain_open(say(f"$H(K)$ fails at $K = {K}$ or $2K$, $\\varepsilon = {format_exact(e)}$"),
                                  computed((K, e), "an exact instance"))
            x, m4 = x_ratio(sol, K, e), fact4_margin(sol, K, e)
            if not (x >= 1 - e and m4 > 0):
                return chain_open(say(f"at $K = {K}$, $\\varepsilon = {format_exact(e)}$: $x_K$ =", x,
                                      ", the margin of fact (4) =", m4), computed((x, m4), "an exact instance"))
            rows += 1
            least = m4 if least is None else min(least, m4)
    inst = computed({"rows": rows, "least fact-4 margin": least}, "H(K), x_K and fact (4) exactly", "noisy §3, (5)")
    star = computed(eps_star(), "eps*, isolated by exact signs of 2 (1 - eps)^3 - eps", "issue 42")
    scope = f"every $K = 2^{{k-1}} \\ge 2$, $\\varepsilon \\in {TO_EPS_STAR.text()}$, {eps_star_text()}"
    return verified([steps, inst, star, rests(*deps)],
                    say(f"scope: {scope}. By induction on $k$ (docs/noisy.md, Theorem N): {len(steps)} steps decided by "
                        "z3 over the reals from the exported formulas of", claim_ref("noisy.blocks.recursion"), ",",
                        claim_ref("noisy.conjecture9.block_from_power"), "(the block sums),",
                        claim_ref("noisy.conjecture10.bound_every_k"), "and", claim_ref("noisy.conjecture9.lemma_x"),
                        "; the range $(0, \\varepsilon^*]$ enters z3 as $0 < \\varepsilon < 1/2$ and "
                        "$2 (1 - \\varepsilon)^3 - \\varepsilon \\ge 0$; exactly, $H(K)$, $x_K \\ge 1 - \\varepsilon$ "
                        f"and the margin of fact (4) at every $K = 2, \\ldots, {_K_MAX}$ at {len(eps)} rational values "
                        f"of $\\varepsilon \\le \\varepsilon^*$ (least margin about {_approx(least)})"),
                    {"scope": scope, "eps_star": eps_star().describe(30), **linked(steps, [THEOREM_N])},
                    assumptions=(CHANNEL.id,))


@claim("noisy.conjecture9.power_every_k", "§3, Conjecture 9",
       "Theorem N: for every $\\varepsilon \\in (0, \\varepsilon^*]$, $\\varepsilon^*$ the root of "
       "$2 (1 - \\varepsilon)^3 = \\varepsilon$ in $(0, 1/2)$, the power inequality $p(K, m) - 1/2 < "
       "(1 - 2 \\varepsilon)(p(K) - 1/2)$ holds for every $1 \\le m < K$ at every $K = 2^{k-1} \\ge 2$",
       unprinted=DERIVED)
@resting_on(CHANNEL)
def power_every_k():
    return theorem_n_verdict()


# ---------------------------------------------------------------------------
# the corollary: Conjecture 9 for every n >= 2 on (0, eps*]
# ---------------------------------------------------------------------------

def corollary_steps(rng=None):
    """Conjecture 9 at a heap n = K + t >= 2 from the exported formulas: Theorem N at K (every low move m >= 1),
    move 0 optimal at K, Lemma B8 (move 0 at least lam a > 0, a low move m below that) and Theorem B7 (a top move
    K + u below its low move u, which is move 0 or a low move m >= 1, or below 1/2)."""
    rng = RANGE if rng is None else rng
    e, a, x, A0, Am, Au, V0, Vm, Lu, Vt = z3.Reals("eps a x A0 Am Au V0 Vm Lu Vt")
    H, b8, tp, bk, cor = (cite(c.id) for c in (THEOREM_N, BLOCK_FROM_POWER, TOP, BOUND_K, COROLLARY))
    R = rng.hypotheses(e)
    optimal = prove("move 0 is optimal at $K$ ($a > 0$ by Theorem B5; Theorem N excludes every $m \\ge 1$)",
                    R + [x > 0, bk.at(e, x, a), H.at(e, a, Am), z3.Or(a == A0, a == Am)], z3.And(a > 0, A0 == a),
                    source=cor.lemma, cites=[bk, H])
    end = establish(cor, "move 0 beats every low move $m \\ge 1$ (Lemma B8 with Theorem N) and every top move "
                    "(Theorem B7), and is worth more than $1/2$",
                    [optimal.goal, H.at(e, a, Am), b8.at(e, a, A0, Am, V0, Vm), tp.at(e, Lu, Vt),
                     z3.Or(Lu == V0, z3.And(H.at(e, a, Au), b8.at(e, a, A0, Au, V0, Lu)))],
                    (e, V0, Vm, Vt), rng=rng, cites=[H, b8, tp])
    return [optimal, end]


@recorded_cache
def corollary_verdict():
    """The verdict of claim ``noisy.conjecture9.every_n_to_eps_star``, cached for the run.

    The claims resting on it share it; a test re-runs it after ``corollary_verdict.cache_clear()``."""
    steps = corollary_steps()
    bad = first_failure(steps)
    if bad is not None:
        return chain_open(say(bad.sentence()), bad)
    deps = []
    for cid, check in (("noisy.conjecture9.power_every_k", power_every_k),
                       ("noisy.conjecture9.block_from_power", block_from_power),
                       ("noisy.conjecture9.top_moves", top_moves), ("noisy.conjecture10.bound_every_k", bound_every_k)):
        dep = check()
        if dep.outcome is not Outcome.VERIFIED:
            return chain_open(say("rests on", claim_ref(cid), ", which is not verified:", dep.details), rests(dep))
        deps.append(dep)
    heaps = 0
    for e in _instance_eps():
        sol = exact_solution(e)
        for n in range(2, 512):
            if not (sol.optimal[n] == (0,) and sol.p[n] > mpq(1, 2)):
                return chain_open(say(f"Conjecture 9 fails at $n = {n}$, $\\varepsilon = {format_exact(e)}$"),
                                  computed((n, e), "an exact instance"))
            heaps += 1
    inst = computed(heaps, "Conjecture 9 on exact instances", "noisy §3, Conjecture 9")
    scope = f"every $n \\ge 2$, $\\varepsilon \\in {TO_EPS_STAR.text()}$, {eps_star_text()}"
    return verified([steps, inst, rests(*deps)],
                    say(f"scope: {scope}. Move 0 is the unique optimal move and $p(n) > 1/2$: at $K$ by",
                        claim_ref("noisy.conjecture9.power_every_k"), ", through the block by",
                        claim_ref("noisy.conjecture9.block_from_power"), ", the top moves by",
                        claim_ref("noisy.conjecture9.top_moves"), f"; {len(steps)} steps decided by z3 over the reals "
                        "from their exported formulas; exactly, move 0 the unique optimum and $p(n) > 1/2$ at every "
                        f"heap $2, \\ldots, 511$ at {len(_instance_eps())} rational values of "
                        "$\\varepsilon \\le \\varepsilon^*$"),
                    {"scope": scope, "eps_star": eps_star().describe(30), **linked(steps, [COROLLARY])},
                    assumptions=(CHANNEL.id,))


@claim("noisy.conjecture9.every_n_to_eps_star", "§3, Conjecture 9",
       "Conjecture 9 for every heap on $(0, \\varepsilon^*]$: for every $n \\ge 2$ and every "
       "$\\varepsilon \\in (0, \\varepsilon^*]$, $\\varepsilon^*$ the root of $2 (1 - \\varepsilon)^3 = \\varepsilon$ "
       "in $(0, 1/2)$, $p(n) > 1/2$ and move 0 is the unique optimal move", unprinted=STATEMENT)
@resting_on(CHANNEL)
def every_n_to_eps_star():
    return corollary_verdict()


#: the claims above, with the functions giving their general steps (the mutation tests walk them)
ALL_N_STEPS = {"noisy.conjecture9.lemma_x": lemma_x_steps, "noisy.conjecture9.power_every_k": theorem_n_steps,
               "noisy.conjecture9.every_n_to_eps_star": corollary_steps}
CACHED = (lemma_x_verdict, theorem_n_verdict, corollary_verdict)  # (the claims of item 2 below add theirs)


# ---------------------------------------------------------------------------
# what is left of Conjecture 9: eps in (eps*, 1/2), heaps beyond 16384 (issue 42, item 2)
# ---------------------------------------------------------------------------

_P0, _TK = z3.Reals("P0 TK")
#: the ratio of the move K at 2K: alpha_K(2K) = A'_K / A'_0 < alpha_top(eps) = eps / (1 - eps)^2 - 1
TOP_RATIO = export(Conclusion(
    "noisy.conjecture9.top_ratio", (_e, _a, _P0, _TK), OPEN_HALF, (_a > 0, _P0 > 0),
    _TK < (_e / ((1 - _e) * (1 - _e)) - 1) * _P0,
    "a = p(K) - 1/2 with move 0 optimal at K, P0 = p(2K, 0) - 1/2, TK = p(2K, K) - 1/2"))


def alpha_top(e):
    """alpha_top(eps) = eps / (1 - eps)^2 - 1: the limit of A'_K / A'_0 (the move K at 2K), and its bound."""
    return e / ((1 - e) * (1 - e)) - 1


def top_ratio_steps(rng: EpsRange = OPEN_HALF):
    """Item 2(b) for the move K of 2K: with Lemma X (B_0 > (1 - eps) a) and B_0 <= a (Lemma B2 summed), Lemma B1 at
    t = K gives A'_0 = c a - eps B_0 > 0 and A'_K = eps a - c B_0 < alpha_top(eps) A'_0 (the difference is
    increasing in x = B_0 / a and zero at x = 1 - eps)."""
    e, a, A0, B0, P0, TK = z3.Reals("eps a A0 B0 P0 TK")
    low, top, lx, wb, tr = (cite(c.id) for c in (RECURSION_LOW, RECURSION_TOP, LEMMA_X, WITHIN, TOP_RATIO))
    sums = block_sum_step("the block sums of heaps worth at most $1/2 + a$ (Lemma B2) satisfy $B \\le W a$",
                          tr.lemma, lambda e, a, beta: [wb.at(e, a, beta)], None, lambda e: 1,
                          EpsRange(mpq(0), mpq(1, 2)), cites=[wb])
    base = rng.hypotheses(e) + [a > 0, A0 == a, B0 <= a]
    pos = prove("$A'_0 = c a - \\varepsilon B_0 \\ge (1 - 2 \\varepsilon) a > 0$", base + [low.at(e, A0, B0, 1, P0)],
                P0 > 0, source=tr.lemma, cites=[low])
    end = establish(tr, "$A'_K < \\alpha_{top}(\\varepsilon) A'_0$ from $B_0 > (1 - \\varepsilon) a$ (Lemma X)",
                    base + [pos.goal, lx.at(e, a, A0, B0), low.at(e, A0, B0, 1, P0), top.at(e, A0, B0, 1, TK)],
                    (e, a, P0, TK), rng=rng, cites=[lx, low, top])
    return [sums, pos, end]


@recorded_cache
def top_ratio_verdict():
    """The verdict of claim ``noisy.conjecture9.top_ratio``, cached for the run.

    The claims resting on it share it; a test re-runs it after ``top_ratio_verdict.cache_clear()``."""
    steps = top_ratio_steps()
    bad = first_failure(steps)
    if bad is not None:
        return chain_open(say(bad.sentence()), bad)
    dep = lemma_x()
    if dep.outcome is not Outcome.VERIFIED:
        return chain_open(say("rests on", claim_ref("noisy.conjecture9.lemma_x"), ", which is not verified:",
                              dep.details), rests(dep))
    rows, closest = 0, None
    for e in INSTANCE_EPS + (mpq(21, 50), mpq(9, 20)):
        sol = exact_solution(e)
        for i in range(1, _K_MAX.bit_length()):
            K = 1 << i
            if sol.optimal[K] != (0,):
                continue
            ratio = (sol.move_value(2 * K, K) - mpq(1, 2)) / (sol.move_value(2 * K, 0) - mpq(1, 2))
            if not ratio < alpha_top(e):
                return chain_open(say(f"at $K = {K}$, $\\varepsilon = {format_exact(e)}$ the ratio is", ratio),
                                  computed(ratio, "A'_K / A'_0, exactly"))
            rows += 1
            gap = alpha_top(e) - ratio
            closest = gap if closest is None else min(closest, gap)
    inst = computed({"rows": rows, "least gap": closest}, "A'_K / A'_0 against alpha_top, exactly", "noisy §3, (5)")
    scope = f"every $K = 2^{{k-1}} \\ge 1$ with move 0 optimal at $K$, $\\varepsilon \\in {OPEN_HALF.text()}$"
    return verified([steps, inst, rests(dep)],
                    say(f"scope: {scope}. Issue 42, item 2(b), for the move $K$ of $2K$ only: "
                        "$\\alpha_K(2K) = A'_K / A'_0 < \\alpha_{top}(\\varepsilon) = \\varepsilon/(1 - \\varepsilon)^2 - 1$;"
                        f" {len(steps)} steps decided by z3 from the exported formulas of",
                        claim_ref("noisy.conjecture9.lemma_x"), "and", claim_ref("noisy.blocks.recursion"),
                        f"; exactly in {rows} blocks $K \\le {_K_MAX}$ (least gap about {_approx(closest)}). The bound "
                        "for the other moves of $2K$ is open"),
                    {"scope": scope, **linked(steps, [TOP_RATIO])}, assumptions=(CHANNEL.id,))


@claim("noisy.conjecture9.top_ratio", "§3, Conjecture 9",
       "For $0 < \\varepsilon < 1/2$ and every $K = 2^{k-1}$ at which move 0 is optimal: "
       "$(p(2K, K) - 1/2)/(p(2K, 0) - 1/2) < \\varepsilon/(1 - \\varepsilon)^2 - 1$ (issue 42, item 2(b) for the move "
       "$K$ of $2K$)", unprinted=DERIVED)
@resting_on(CHANNEL)
def top_ratio():
    return top_ratio_verdict()


#: the heaps up to which Conjecture 9 is proved on all of [0, 1/2), heap by heap (noisy.conjecture9.low_moves_n16384)
HEAP_BY_HEAP = 16384
#: the rational points of (eps*, 1/2) where the open claim measures the power inequality exactly
ABOVE_EPS = (mpq(21, 50), mpq(9, 20), mpq(49, 100))


@recorded_cache
def _open_above():
    star = eps_star()
    rows = []
    for e in ABOVE_EPS:
        if not star.cmp_rational(e) < 0:
            return chain_open(say(f"${format_exact(e)}$ is not above $\\varepsilon^*$"), computed(e, "eps"))
        sol = exact_solution(e)
        fails = [K for K in (1 << i for i in range(1, 9)) if not power_holds(sol, K, e)]
        rows.append((format_exact(e), star_poly(e), fails[0] if fails else None))
    data = computed(rows, "the power inequality H(K), K <= 256, and 2 (1 - eps)^3 - eps, exactly", "issue 42")
    scope = (f"every heap $n \\ge {HEAP_BY_HEAP + 1}$, $\\varepsilon \\in (\\varepsilon^*, 1/2)$, {eps_star_text()}")
    return open_([data, computed(eps_star(), "eps*", "issue 42")],
                 say(f"scope: {scope}. Open: Conjecture 9 there (heaps up to {HEAP_BY_HEAP} are proved on all of "
                     "$[0, 1/2)$ by the slow claim", claim_ref("noisy.conjecture9.low_moves_n16384"), "; on "
                     "$(0, \\varepsilon^*]$ every heap by", claim_ref("noisy.conjecture9.every_n_to_eps_star"), "). "
                     "Theorem N's method stops at $\\varepsilon^*$: fact (4) needs $2 (1 - \\varepsilon)^3 - "
                     "\\varepsilon \\ge 0$, and above $\\varepsilon^*$ the power inequality itself fails for large $K$ "
                     "(exactly: at $\\varepsilon$ = 21/50, 9/20, 49/100 it first fails at $K$ = " +
                     ", ".join(str(r[2]) for r in rows) + "), so Lemma B8 says nothing there. What remains is the "
                     "low-move inequality $p(n, 0) > p(n, m)$, $1 \\le m < K$, at every heap of those blocks; "
                     "docs/noisy.md (\"What is left of Conjecture 9\") states the routes (a)-(d) with their "
                     "inequalities and measured margins; (a) is proved as Lemma B8' (",
                     claim_ref("noisy.conjecture9.block_from_power_sharp"), ") but not its condition at every heap, "
                     "(b) for the move $K$ of $2K$ (", claim_ref("noisy.conjecture9.top_ratio"), "; the other moves measured: ",
                     claim_ref("noisy.conjecture9.uniform_ratio"), "), (c) for every $K$ (",
                     claim_ref("noisy.conjecture9.weights_bound"), "); (d), the corner $\\lambda K$ small, is open "
                     "with its margins measured (", claim_ref("noisy.conjecture9.corner"), ")"),
                 {"scope": scope, "power_inequality_first_fails_at": {r[0]: r[2] for r in rows}},
                 assumptions=(CHANNEL.id,))


@claim("noisy.conjecture9.open_above_eps_star", "§3, Conjecture 9",
       "What is left of Conjecture 9: for $\\varepsilon \\in (\\varepsilon^*, 1/2)$ and every heap $n \\ge 16385$, "
       "$p(n) > 1/2$ with move 0 the unique optimal move (open)", unprinted=STATEMENT)
def open_above_eps_star():
    return _open_above()


ALL_N_STEPS["noisy.conjecture9.top_ratio"] = top_ratio_steps
CACHED = CACHED + (top_ratio_verdict, _open_above)


# ---------------------------------------------------------------------------
# item 2(a): Lemma B8', by the Q argument
# ---------------------------------------------------------------------------

_Pt, _v0, _vm = z3.Reals("Pt v0 vm")
#: Lemma B8': if move 0 is optimal at every heap K + s, s < t, then move 0 is worth 1/2 + c^2 a P_t / (v^0_t)^2 at
#: K + t, and a low move m with alpha_m = A_m / a < P_t (v^m_t / v^0_t)^2 is worth less
LEMMA_B8P = export(Conclusion(
    "noisy.conjecture9.block_from_power_sharp", (_e, _a, _Am, _Pt, _v0, _vm, _V0, _Vm), OPEN_HALF,
    (_a > 0, _Pt > 0, _Pt <= 1, _v0 >= 1 - _e, _v0 <= 1, _vm >= 1 - _e, _vm <= 1),
    z3.And(_V0 * _v0 * _v0 == (1 - _e) * (1 - _e) * _a * _Pt,
           z3.Implies(_Am < _a * _Pt * _vm * _vm / (_v0 * _v0), _Vm < _V0)),
    "a = p(K) - 1/2 (move 0 optimal at K), Am = p(K, m) - 1/2, Pt = prod_{s<t} (1 - (eps mu_s / v^0_s)^2), v0 and vm "
    "= (1 - eps) + eps sum_{s<t} w(0 or m, s), V0 and Vm = p(K + t, 0 or m) - 1/2, move 0 optimal at K + s, s < t"))


def b8p_end_steps(e, a, Am, B0, Bm, W0, Wm, P, v0, vm, V0, Vm, R, low, lb, rng):
    """The end of Lemma B8' at K + t: move 0 is worth c^2 a P_t / (v^0_t)^2 and move m at most c^2 A_m / (v^m_t)^2,
    so alpha_m < P_t (v^m_t / v^0_t)^2 puts move m below move 0.  In small steps over X = (v^0_t)^2,
    Y = (v^m_t)^2 and k = c^2 (cvc5 gives no answer within 120 s on the comparison in one piece); the last step,
    the exported formula, takes each earlier step as the implication it proved."""
    X, Y, k2 = z3.Reals("X Y k2")
    c = 1 - e
    H = [a > 0, P > 0, P <= 1, v0 >= 1 - e, v0 <= 1, vm >= 1 - e, vm <= 1]
    ante = Am < a * P * vm * vm / (v0 * v0)
    names = [X == v0 * v0, Y == vm * vm, k2 == c * c]
    steps = [
        prove("move 0 and move $m$ at $K + t$ by Lemma B1: $V_0 v^0_t = c a - \\varepsilon B_0$, "
              "$V_m v^m_t = c A_m - \\varepsilon B_m$",
              R + H + [W0 >= 0, W0 <= 1, Wm >= 0, Wm <= 1, v0 == c + e * W0, vm == c + e * Wm,
                       low.at(e, a, B0, W0, V0), low.at(e, Am, Bm, Wm, Vm)],
              z3.And(V0 * v0 == c * a - e * B0, Vm * vm == c * Am - e * Bm), source=lb.lemma, cites=[low]),
        prove("move 0 is worth $c^2 a P_t / (v^0_t)^2$", [V0 * v0 == c * a - e * B0, (c * a - e * B0) * v0 == c * c * a * P],
              V0 * v0 * v0 == c * c * a * P, source=lb.lemma),
        prove("move $m$ is worth at most $c^2 A_m / (v^m_t)^2$",
              [Vm * vm == c * Am - e * Bm, (c * Am - e * Bm) * vm <= c * c * Am], Vm * vm * vm <= c * c * Am,
              source=lb.lemma),
        prove("the names: $X, Y, k > 0$, $V_0 X = k a P_t$, $V_m Y \\le k A_m$",
              R + H + names + [V0 * v0 * v0 == c * c * a * P, Vm * vm * vm <= c * c * Am],
              z3.And(X > 0, Y > 0, k2 > 0, V0 * X == k2 * a * P, Vm * Y <= k2 * Am), source=lb.lemma),
        prove("$\\alpha_m < P_t (v^m_t / v^0_t)^2$ is $A_m X < a P_t Y$", R + H + names,
              z3.Implies(ante, Am * X < a * P * Y), source=lb.lemma),
        prove("$V_m Y X \\le k A_m X$", [X > 0, Vm * Y <= k2 * Am], Vm * Y * X <= k2 * Am * X, source=lb.lemma),
        prove("$k A_m X < k a P_t Y$", [k2 > 0, Am * X < a * P * Y], k2 * Am * X < k2 * a * P * Y, source=lb.lemma),
        prove("$k a P_t Y = V_0 X Y$", [V0 * X == k2 * a * P], k2 * a * P * Y == V0 * X * Y, source=lb.lemma),
        prove("so $V_m X Y < V_0 X Y$", [Vm * Y * X <= k2 * Am * X, k2 * Am * X < k2 * a * P * Y,
                                         k2 * a * P * Y == V0 * X * Y], Vm * X * Y < V0 * X * Y, source=lb.lemma),
        prove("and $V_m < V_0$", [X > 0, Y > 0, Vm * X * Y < V0 * X * Y], Vm < V0, source=lb.lemma),
    ]
    proved = [z3.Implies(z3.And(*s.hypotheses), s.goal) for s in steps]
    end = establish(lb, "at $K + t$: move 0 is worth $c^2 a P_t / (v^0_t)^2$ and move $m$ at most "
                    "$c^2 A_m / (v^m_t)^2$ (each step above as the implication it proved)",
                    R + [W0 >= 0, W0 <= 1, Wm >= 0, Wm <= 1, v0 == c + e * W0, vm == c + e * Wm,
                         low.at(e, a, B0, W0, V0), low.at(e, Am, Bm, Wm, Vm),
                         (c * a - e * B0) * v0 == c * c * a * P, (c * Am - e * Bm) * vm <= c * c * Am] + names + proved,
                    (e, a, Am, P, v0, vm, V0, Vm), rng=rng, cites=[low])
    return [*steps, end]


def lemma_b8p_steps(rng: EpsRange = OPEN_HALF):
    """Lemma B8' over the reals: with u_s / v_s a low move's value at K + s (Lemma B1), Q_s = u_s v_s; for move 0,
    optimal at K + s (beta(K + s) = its value), Q^0_{s+1} = Q^0_s (1 - tau_s^2) exactly, so Q^0_t = c^2 a P_t; for a
    move m, beta(K + s) >= its value and beta > 0 (Theorem B6) give Q^m_{s+1} <= Q^m_s, so Q^m_t <= c^2 A_m; the
    comparison at K + t follows."""
    e, x, A, Bp, Wp, mu, beta, val, a, Am, B0, W0, Bm, Wm, P, v0, vm, V0, Vm = z3.Reals(
        "eps x A Bp Wp mu beta val a Am B0 W0 Bm Wm Pt v0 vm V0 Vm")
    low, bn, lb = cite(RECURSION_LOW.id), cite(BOUND_N.id), cite(LEMMA_B8P.id)
    R = rng.hypotheses(e)
    block = [Wp >= 0, mu >= 0, Wp + mu <= 1, low.at(e, A, Bp, Wp, val)]
    q0 = q_step_parts(e, A, Bp, Wp, mu, beta, val, R, low, lb.lemma, exact=True)
    (u, v, u1, v1, _), names = named_step_quantities(e, A, Bp, Wp, mu, beta)
    qm_value = prove("a move $m$ is worth $u_s / v_s$ at $K + s$, $v_s > 0$, and $p(K + s) > 1/2$ (Lemma B1, "
                     "Theorem B6)", R + block + names + [x > 0, x <= 1, bn.at(e, x, beta)],
                     z3.And(val * v == u, v > 0, beta > 0), source=lb.lemma, cites=[low, bn])
    qm = prove("a move $m$: $p(K + s) \\ge$ its value and $p(K + s) > 1/2$ give $Q^m_{s+1} \\le Q^m_s$",
               [e > 0, mu >= 0, v > 0, val * v == u, beta >= val, beta > 0, u1 == u - e * mu * beta,
                v1 == v + e * mu], u1 * v1 <= u * v, source=lb.lemma)
    end = b8p_end_steps(e, a, Am, B0, Bm, W0, Wm, P, v0, vm, V0, Vm, R, low, lb, rng)
    return [*q0, qm_value, qm, *end]


def b8p_instances(e, k_max: int = 5):
    """Exactly, in the blocks K = 2..2^(k_max-1) where move 0 is optimal at K: at each heap K + t with move 0
    optimal at K..K + t - 1, p(K + t, 0) - 1/2 = c^2 a P_t / (v^0_t)^2, and every low move m with
    alpha_m < P_t (v^m_t / v^0_t)^2 below move 0.  Returns (pairs where the condition held, the first failure)."""
    sol, c = exact_solution(e), 1 - e
    held = 0
    for i in range(1, k_max):
        K = 1 << i
        if sol.optimal[K] != (0,):
            continue
        a = sol.p[K] - mpq(1, 2)
        mu = [bsc(e, i, 0, s) for s in range(K)]
        P, v0 = mpq(1), c
        for t in range(K):
            n = K + t
            if sol.move_value(n, 0) - mpq(1, 2) != c * c * a * P / (v0 * v0):
                return held, (n, "the value of move 0")
            for m in range(1, K):
                vm = c + e * sum((bsc(e, i, m, s) for s in range(t)), mpq(0))
                if (sol.move_value(K, m) - mpq(1, 2)) / a < P * (vm / v0) ** 2:
                    held += 1
                    if not sol.move_value(n, 0) > sol.move_value(n, m):
                        return held, (n, m)
            if sol.optimal[n] != (0,):
                break  # the lemma's hypothesis ends here
            P *= 1 - (e * mu[t] / v0) ** 2
            v0 += e * mu[t]
    return held, None


@recorded_cache
def lemma_b8p_verdict():
    """The verdict of claim ``noisy.conjecture9.block_from_power_sharp``, cached for the run.

    The claims resting on it share it; a test re-runs it after ``lemma_b8p_verdict.cache_clear()``."""
    steps = lemma_b8p_steps()
    bad = first_failure(steps)
    if bad is not None:
        return chain_open(say(bad.sentence()), bad)
    for cid, check in (("noisy.blocks.recursion", recursion), ("noisy.conjecture9.bound_every_n", bound_every_n)):
        dep = check()
        if dep.outcome is not Outcome.VERIFIED:
            return chain_open(say("rests on", claim_ref(cid), ", which is not verified:", dep.details), rests(dep))
    held = 0
    for e in ABOVE_EPS + (mpq(2, 5),):
        h, where = b8p_instances(e)
        if where is not None:
            return chain_open(say(f"Lemma B8' fails at $\\varepsilon = {format_exact(e)}$, heap {where[0]}"),
                              computed(where, "an exact instance"))
        held += h
    inst = computed(held, "Lemma B8' on exact blocks K <= 16", "issue 42, item 2(a)")
    scope = f"every $K = 2^{{k-1}} \\ge 1$, $0 \\le t \\le K$, $\\varepsilon \\in {OPEN_HALF.text()}$"
    return verified([steps, inst, rests(recursion(), bound_every_n())],
                    say(f"scope: {scope}. Issue 42, item 2(a): if move 0 is optimal at $K, \\ldots, K + t - 1$, then "
                        "$p(K + t, 0) - 1/2 = c^2 a P_t / (v^0_t)^2$ and a low move $m$ with "
                        "$\\alpha_m < P_t (v^m_t / v^0_t)^2$ is worth less; the Q argument, "
                        f"{len(steps)} steps by z3 from the exported formulas of", claim_ref("noisy.blocks.recursion"),
                        "and", claim_ref("noisy.conjecture9.bound_every_n"), "(in words: the products over $s$); "
                        f"exactly, the value of move 0 and {held} pairs where the condition held, blocks $K \\le 16$ "
                        f"at {len(ABOVE_EPS) + 1} values of $\\varepsilon$. Whether the condition holds at every "
                        "heap above $\\varepsilon^*$ is open"),
                    {"scope": scope, **linked(steps, [LEMMA_B8P])}, assumptions=(CHANNEL.id,))


@claim("noisy.conjecture9.block_from_power_sharp", "§3, Conjecture 9",
       "Lemma B8': for $0 < \\varepsilon < 1/2$, if move 0 is optimal at $K, \\ldots, K + t - 1$ ($K = 2^{k-1}$), then "
       "$p(K + t, 0) - 1/2 = (1 - \\varepsilon)^2 (p(K) - 1/2) P_t / (v^0_t)^2$ and every low move $m$ with "
       "$\\alpha_m = (p(K, m) - 1/2)/(p(K) - 1/2) < P_t (v^m_t / v^0_t)^2$ is worth less at $K + t$, "
       "$P_t = \\prod_{s<t} (1 - (\\varepsilon w(0, s) / v^0_s)^2)$, $v^u_t = 1 - \\varepsilon + \\varepsilon "
       "\\sum_{s<t} w(u, s)$", unprinted=DERIVED)
@resting_on(CHANNEL)
def block_from_power_sharp():
    return lemma_b8p_verdict()


ALL_N_STEPS["noisy.conjecture9.block_from_power_sharp"] = lemma_b8p_steps
CACHED = CACHED + (lemma_b8p_verdict,)


def all_steps() -> dict:
    """Every general z3 step of the noisy every-n chains, by claim id ({claim id: [Step]}): for a second solver
    (each :class:`proofs.noisy.smt.Step` gives its SMT-LIB2 text by ``smtlib()``, unsatisfiable when proved)."""
    from . import blocks as B
    from . import every_k as EK
    from . import forcing as FO
    from . import frontier as F

    fns = {"noisy.blocks.recursion": B.recursion_steps, "noisy.blocks.within_block": B.within_block_steps,
           "noisy.blocks.power_step": B.power_step_steps, "noisy.blocks.low_step": B.low_step_steps,
           "noisy.conjecture10.bound_every_k": B.bound_k_steps, "noisy.conjecture9.bound_every_n": B.bound_n_steps,
           "noisy.conjecture9.top_moves": B.top_move_steps, "noisy.conjecture10.d_recursion": B.d_recursion_steps,
           "noisy.conjecture9.block_from_power": F.power_test_steps,
           "noisy.conjecture9.power_k17": F.power_test_is_the_inequality_steps,
           "noisy.ends.channel_at_one": EK.lemma1_steps,
           "noisy.ends.values_at_one": lambda: EK.theorem2_steps(EK.T2_HALF_K0),
           "noisy.ends.near_zero": lambda: EK.theorem7_steps(EK.T7_K0),
           "noisy.ends.germ_at_one": EK.neighbour_steps,
           "noisy.conjecture10.forcing_ends": lambda: FO.slope_steps() + FO.limit_steps(8),
           **ALL_N_STEPS}
    out = {cid: list(f()) for cid, f in fns.items()}
    out["noisy.conjecture9.power_every_k"] = range_steps() + out["noisy.conjecture9.power_every_k"]
    return out
