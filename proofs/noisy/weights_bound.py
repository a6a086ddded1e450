r"""noisy §3, Conjecture 9 above eps*: issue 42 item 2(c), the weights-only lower bound R_K >= R_inf - C sigma^(k-1).

Lemma B8' (``noisy.conjecture9.block_from_power_sharp``) excludes a low move m at the heap K + t of block K when
alpha_m = A_m / a < P_t (v^m_t / v^0_t)^2, with v^u_t = c + eps W_u(t), W_u(t) = sum_{s<t} w(u, s) (the channel on
the k - 1 low bits, c = 1 - eps) and P_t = prod_{s<t} (1 - tau_s^2), tau_s = eps mu_s / v^0_s, mu_s = w(0, s).  The
right side depends on the channel's weights only.  Let

    R_K(eps) = min over 0 <= t <= K, 1 <= m < K of P_t (v^m_t / v^0_t)^2,
    sigma = c^2 + eps^2,  R_inf = (sigma / c)^2,  C = (eps sigma / c^2)^2.

**Theorem W** (``noisy.conjecture9.weights_bound``): for every K = 2^(k-1) >= 2 and every eps in (0, 1/2),
R_K >= R_inf - C sigma^(k-1), and R_inf is the limit (the bound is sharp at t = 0101...01 in binary, m = K - 1).

*Proof.* (1) Ratios.  The set {s < t} is a down-set of the bitwise order (s' <= s bit by bit implies s' <= s as
numbers), and for a down-set the chance that u is received inside it does not increase when a bit of u turns from 0
to 1 (that bit is received as 0 with chance c against eps, and a section of a down-set along one bit is empty, {0}
or {0, 1}).  So W_m(t) >= W_{K-1}(t), and it suffices that sigma W_0(t) - c W_{K-1}(t) <= c lam (lam = 1 - 2 eps):
that is v^m_t c >= sigma v^0_t, because c - sigma = eps lam.  Write F_p(t) for the chance that a word of j bits,
each 1 with chance p, is below t (F_eps = W_0, F_c = W_{K-1}), and M_j(r) = max_t (F_eps(t) - r F_c(t)).  By the top
bit, M_{j+1}(r) = max(c M_j(r q), c - r eps + eps M_j(r / q)), q = eps / c, M_0(r) = max(0, 1 - r).  On the orbit
r_n = r0 q^n (n an integer, r0 = c / sigma) let

    U_n = 1 - r_n - eps^n D (n >= 0),  U_n = c^|n| U_0 (n < 0),  D = (eps - c r0)/(1 - c eps),  U_0 = c lam / sigma

(the value of F_eps - r_n F_c at the point whose binary digits are n ones, or |n| zeros, then 0101...).  U is a
supersolution: U_n >= c U_{n+1} and U_n >= c - r_n eps + eps U_{n-1} (one of the two with equality) and
U_n >= M_0(r_n), each decided by z3 below; by induction on j, M_j(r_n) <= U_n for every j and n, so
M_{k-1}(r0) <= U_0 = c lam / sigma, which is the inequality.  (2) The product.  prod (1 - x_s) >= 1 - sum x_s for
x_s in [0, 1], tau_s <= eps mu_s / c (v^0_s >= c), and sum_s mu_s^2 = prod over the k - 1 bits of (c^2 + eps^2)
= sigma^(k-1); so P_t >= 1 - (eps / c)^2 sigma^(k-1).  (3) Together, P_t (v^m_t / v^0_t)^2
>= (sigma / c)^2 (1 - (eps / c)^2 sigma^(k-1)) = R_inf - C sigma^(k-1).  ∎

R_inf - alpha_top = (4 lam + 3 lam^2 + lam^4)/(1 + lam)^2 > 0, alpha_top = eps / c^2 - 1 the bound of item 2(b): so
wherever item 2(b) holds at K (max_m alpha_m(K) <= alpha_top) and C sigma^(k-1) < R_inf - alpha_top, the condition of
Lemma B8' holds at every heap of block K and Conjecture 9 follows there (by induction on t).  The least such k, k_0(eps),
grows like log2(1 / (4 lam)) near 1/2: that is the corner lam K below about 1/4 of item 2(d).

Checked: 14 steps by z3 over the reals, the down-set monotonicity and the induction over j in words; exactly, for
K = 2..128 at eps = 2/5, 21/50, 9/20, 49/100: every ratio v^m_t / v^0_t >= sigma / c (least at m = K - 1), every
P_t >= 1 - (eps / c)^2 sigma^(k-1), and R_K >= R_inf - C sigma^(k-1), with the margins in the witness.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from exactcube.certificates import recorded_cache
from exactcube.claims import claim, open_, verified
from exactcube.content.model import claim_ref, say
from exactcube.numbers import format_exact, mpq
from exactcube.results import Result, computed

from .every_k import chain_open
from .readings import CHANNEL, resting_on
from .smt import EpsRange, first_failure, prove

__all__ = ["weights_bound_steps", "weights_margins", "k0", "R_inf", "C_const", "alpha_top_gap", "INSTANCE_EPS",
           "K_MAX"]

OPEN_HALF = EpsRange(mpq(0), mpq(1, 2), lo_closed=False)
#: the rational points of the exact instances (eps* is about 0.41025: three of them above it)
INSTANCE_EPS = (mpq(2, 5), mpq(21, 50), mpq(9, 20), mpq(49, 100))
#: the largest K of the exact instances
K_MAX = 128
SOURCE = "noisy §3, Conjecture 9 (issue 42, item 2(c))"


def sigma(e):
    return (1 - e) ** 2 + e * e


def R_inf(e):
    """R_inf(eps) = (sigma / (1 - eps))^2."""
    return (sigma(e) / (1 - e)) ** 2


def C_const(e):
    """C(eps) = (eps sigma / (1 - eps)^2)^2, the constant of R_K >= R_inf - C sigma^(k-1)."""
    return (e * sigma(e) / (1 - e) ** 2) ** 2


def alpha_top_gap(e):
    """R_inf(eps) - alpha_top(eps), alpha_top = eps / (1 - eps)^2 - 1 (item 2(b))."""
    return R_inf(e) - (e / (1 - e) ** 2 - 1)


def k0(e) -> int:
    """The least k with C sigma^(k-1) < R_inf - alpha_top (exactly): from that block on, item 2(b) would suffice."""
    k, s, gap, C = 1, sigma(e), alpha_top_gap(e), C_const(e)
    while not C * s ** (k - 1) < gap:
        k += 1
    return k


def descent_steps(e, r0, y, z, base, U, src):
    """The steps n = 1 and n >= 2 of the supersolution, c U_{n+1} <= U_n, in small steps over q named by q c = eps
    (y = q^n, z = eps^n): U_n - c U_{n+1} = eps - c r0 y - z (eps - c r0); at n = 1 that is eps (c - r0 eps) >= 0
    (r0 eps <= c, that is eps <= sigma); at n >= 2 (y <= q^2) c r0 > eps (eps sigma < c^2) and c r0 y <= eps.  Each
    last step takes the parts as the implications they proved.  In one piece over q = eps / c, cvc5 gives no answer within 120 s, where z3 decides it."""
    c, q = 1 - e, z3.Real("q")
    H = base + [q * c == e, y > 0, y <= q * q, z > 0]
    parts = [
        prove("$U_n - c\\,U_{n+1} = \\varepsilon - c r_0 q^n - \\varepsilon^n (\\varepsilon - c r_0)$", base + [q * c == e],
              U(y, z) - c * U(y * q, z * e) == e - c * r0 * y - z * (e - c * r0), source=src),
        prove("$c r_0 > \\varepsilon$ ($\\varepsilon \\sigma < c^2$) and $r_0 > 0$", base, z3.And(c * r0 > e, r0 > 0),
              source=src),
        prove("$r_0 \\varepsilon \\le c$ ($\\varepsilon \\le \\sigma$)", base, r0 * e <= c, source=src),
        prove("$c r_0 q^n \\le c r_0 q^2 \\le \\varepsilon$", [e > 0, e < z3.Q(1, 2), r0 > 0, q * c == e, y > 0,
                                                              y <= q * q, r0 * e <= c], c * r0 * y <= e, source=src),
    ]
    one = prove("$n = 1$: $\\varepsilon - c r_0 q - \\varepsilon (\\varepsilon - c r_0) = \\varepsilon (c - r_0 \\varepsilon) \\ge 0$",
                [e > 0, q * c == e, r0 * e <= c], e - c * r0 * q - e * (e - c * r0) >= 0, source=src)
    n1 = joined([parts[0], parts[2], one], "$n = 1$: $c\\,U_2 \\le U_1$", base + [q * c == e, y == q, z == e],
                c * U(y * q, z * e) <= U(y, z), src)[-1]
    return [one, n1] + joined(parts, "$n \\ge 2$: $c\\,U_{n+1} \\le U_n$ (from $q^n \\le q^2$)", H,
                              c * U(y * q, z * e) <= U(y, z), src)


def below_zero_steps(e, r0, U0, X, Y, Rn, base, src):
    """The step n <= -1 of the supersolution, c - r_n eps + eps U_{n-1} <= U_n with U_n = X U0, X = c^|n|,
    r_n = Rn, Rn Y = r0 X, Y = eps^|n| (X eps >= c Y): U0 > 0, r0 > 1 (c - sigma = eps lam), Rn eps >= c r0, and
    then U_n (1 - c eps) >= 0 > c - r_n eps.  In one piece cvc5 gives no answer within 120 s."""
    c = 1 - e
    H = base + [X > 0, Y > 0, X * e >= c * Y, Rn * Y == r0 * X]
    parts = [prove("$U_0 > 0$ and $r_0 > 1$ ($c - \\sigma = \\varepsilon \\lambda$)", base, z3.And(U0 > 0, r0 > 1),
                   source=src),
             prove("$r_n \\varepsilon^{|n|} \\varepsilon = r_0 c^{|n|} \\varepsilon \\ge r_0 c\\,\\varepsilon^{|n|}$",
                   [r0 > 1, X * e >= c * Y, Rn * Y == r0 * X], Rn * e * Y >= c * r0 * Y, source=src),
             prove("$r_n \\varepsilon \\ge c\\,r_0$", [Y > 0, Rn * e * Y >= c * r0 * Y], Rn * e >= c * r0, source=src),
             prove("$c - r_n \\varepsilon \\le c (1 - r_0) < 0 \\le (1 - c \\varepsilon) U_n$",
                   [e > 0, e < z3.Q(1, 2), X > 0, U0 > 0, r0 > 1, Rn * e >= c * r0],
                   c - Rn * e + e * c * X * U0 <= X * U0, source=src)]
    return joined(parts, "$n \\le -1$: $c - r_n \\varepsilon + \\varepsilon U_{n-1} \\le U_n$, $U_n = c^{|n|} U_0$, "
                  "$r_n = r_0 (c/\\varepsilon)^{|n|}$", H, c - Rn * e + e * c * X * U0 <= X * U0, src)


def ratio_steps(e, s, r0, U0, W0, Wm, Wl, base, unit, src):
    """The ratio bound c v^m_t >= sigma v^0_t (v^u_t = c + eps W_u) from sigma W_0 - c W_{K-1} <= c lam and
    W_m >= W_{K-1}, in small steps: c - sigma = eps lam; the hypothesis W_0 - r0 W_{K-1} <= U0 times sigma;
    c lam + c W_m - sigma W_0 >= c (W_m - W_{K-1}) >= 0; and c v^m_t - sigma v^0_t = eps (c lam + c W_m - sigma W_0).
    In one piece cvc5 gives no answer within 120 s, where z3 decides it."""
    c, lam = 1 - e, 1 - 2 * e
    parts = [
        prove("$\\sigma > 0$ and $c - \\sigma = \\varepsilon \\lambda$", base, z3.And(s > 0, c - s == e * lam),
              source=src),
        prove("$\\sigma W_0 - c W_{K-1} \\le c \\lambda$ ($W_0 - r_0 W_{K-1} \\le U_0$ times $\\sigma$)",
              [s > 0, r0 * s == c, U0 * s == c * lam, W0 - r0 * Wl <= U0], s * W0 - c * Wl <= c * lam, source=src),
        prove("$c \\lambda + c W_m - \\sigma W_0 \\ge c (W_m - W_{K-1}) \\ge 0$",
              [e < 1, Wm >= Wl, s * W0 - c * Wl <= c * lam], c * lam + c * Wm - s * W0 >= 0, source=src),
        prove("$c\\,v^m_t - \\sigma v^0_t = \\varepsilon (c \\lambda + c W_m - \\sigma W_0) \\ge 0$",
              [e > 0, c - s == e * lam, c * lam + c * Wm - s * W0 >= 0], c * (c + e * Wm) >= s * (c + e * W0),
              source=src),
    ]
    return joined(parts, "$\\sigma W_0 - c W_{K-1} \\le c \\lambda$ and $W_m \\ge W_{K-1}$ give "
                  "$c\\,v^m_t \\ge \\sigma v^0_t$", base + unit + [W0 - r0 * Wl <= U0],
                  c * (c + e * Wm) >= s * (c + e * W0), src)


def product_steps(e, s, P, S, rho, base, src):
    """P_t (v^m_t/v^0_t)^2 >= R_oo - C sigma^(k-1) from P_t >= 1 - (eps/c)^2 S and rho = v^m_t/v^0_t >= sigma/c, in
    small steps over R = sigma/c and Q = eps/c named by R c = sigma, Q c = eps: rho >= R > 0, rho^2 >= R^2,
    P rho^2 >= P R^2, P >= 1 - Q^2 S, P R^2 >= R^2 - Q^2 R^2 S.  In one piece cvc5 gives no answer within 120 s."""
    c = 1 - e
    R, Q = z3.Reals("R Q")
    names = [R * c == s, Q * c == e]
    parts = [
        prove("$c > 0$ and $\\sigma > 0$", base, z3.And(c > 0, s > 0), source=src),
        prove("$\\rho \\ge R = \\sigma / c > 0$", [c > 0, s > 0, rho * c >= s, R * c == s], z3.And(rho >= R, R > 0),
              source=src),
        prove("$\\rho^2 \\ge R^2$", [rho >= R, R > 0], rho * rho >= R * R, source=src),
        prove("$P_t \\rho^2 \\ge P_t R^2$", [P > 0, rho * rho >= R * R], P * rho * rho >= P * R * R, source=src),
        prove("$P_t \\ge 1 - Q^2 S$, $Q = \\varepsilon / c$", [c > 0, Q * c == e, P * c * c >= c * c - e * e * S],
              P >= 1 - Q * Q * S, source=src),
        prove("$P_t R^2 \\ge R^2 - Q^2 R^2 S$", [P >= 1 - Q * Q * S], P * R * R >= R * R - (Q * R) * (Q * R) * S,
              source=src),
        prove("$R = \\sigma / c$", [c > 0, R * c == s], R == s / c, source=src),
        prove("$Q R = \\varepsilon \\sigma / c^2$", [c > 0] + names, Q * R == e * s / (c * c), source=src),
        prove("$R^2 - Q^2 R^2 S = (\\sigma/c)^2 - (\\varepsilon \\sigma / c^2)^2 S$", [R == s / c, Q * R == e * s / (c * c)],
              R * R - (Q * R) * (Q * R) * S == (s / c) * (s / c) - (e * s / (c * c)) * (e * s / (c * c)) * S,
              source=src),
    ]
    return joined(parts, "$P_t \\ge 1 - (\\varepsilon/c)^2 \\sigma^{k-1}$ and $v^m_t / v^0_t \\ge \\sigma / c$ give "
                  "$P_t (v^m_t/v^0_t)^2 \\ge R_\\infty - C \\sigma^{k-1}$",
                  base + names + [S > 0, S <= 1, P * c * c >= c * c - e * e * S, rho * c >= s, P > 0],
                  P * rho * rho >= (s / c) * (s / c) - (e * s / (c * c)) * (e * s / (c * c)) * S, src)


def joined(parts, name, hypotheses, goal, src):
    """``parts`` and the step they make: ``goal`` from ``hypotheses`` with each part as the implication it proved
    (so the last step holds by itself, and a part that fails fails it)."""
    proved = [z3.Implies(z3.And(*p.hypotheses), p.goal) for p in parts]
    return parts + [prove(name + " (each step above as the implication it proved)", hypotheses + proved, goal,
                          source=src)]


def weights_bound_steps(rng: EpsRange = OPEN_HALF):
    """The z3 steps of Theorem W (module docstring): the supersolution U on the orbit r_n = r0 q^n, the ratio bound
    from it, the product bound, and the combination."""
    e, s, r0, U0, D, y, z, X, Y, Rn, yp, zp = z3.Reals("eps sigma r0 U0 D y z X Y Rn yp zp")
    c, lam = 1 - e, 1 - 2 * e
    q = e / c
    base = rng.hypotheses(e) + [s == c * c + e * e, r0 * s == c, U0 * s == c * lam, D * (1 - c * e) == e - c * r0]

    def U(yy, zz):  # U_n for n >= 0 at y = q^n, z = eps^n
        return 1 - r0 * yy - zz * D

    src = "noisy.conjecture9.weights_bound"
    steps = [
        prove("$U_0 = 1 - r_0 - D$ (the closed form at $n = 0$)", base, U0 == U(1, 1), source=src),
        prove("$n = 0$: $U_0 = c\\,U_1$ (the top bit 0, equality)", base, U0 == c * U(q, e), source=src),
        prove("$n = 0$: $c - r_0 \\varepsilon + \\varepsilon U_{-1} < U_0$, $U_{-1} = c U_0$", base,
              c - r0 * e + e * c * U0 < U0, source=src),
        *descent_steps(e, r0, y, z, base, U, src),
        prove("$n \\ge 1$: $U_n = c - r_n \\varepsilon + \\varepsilon U_{n-1}$ (the top bit 1, equality)",
              base + [y == q * yp, z == e * zp], U(y, z) == c - r0 * y * e + e * U(yp, zp), source=src),
        prove("$n \\ge 0$: $U_n \\ge \\max(0, 1 - r_n)$ ($D < 0$; $r_n \\le \\varepsilon/\\sigma < 1$ for $n \\ge 1$)",
              base + [z3.Or(z3.And(y == 1, z == 1), z3.And(y > 0, y <= q, z > 0))],
              z3.And(U(y, z) >= 1 - r0 * y, U(y, z) >= 0), source=src),
        *below_zero_steps(e, r0, U0, X, Y, Rn, base, src),
        prove("$n \\le -1$: $U_n \\ge \\max(0, 1 - r_n)$", base + [X > 0, Y > 0, X * e >= c * Y, Rn * Y == r0 * X],
              z3.And(X * U0 > 0, 1 - Rn < 0), source=src),
    ]
    W0, Wm, Wl, P, T, x, mu, v0, tau, S, rho = z3.Reals("W0 Wm Wl P T x mu v0 tau S rho")
    unit = [W0 >= 0, W0 <= 1, Wl >= 0, Wl <= 1, Wm >= Wl, Wm <= 1]
    steps += ratio_steps(e, s, r0, U0, W0, Wm, Wl, base, unit, src)
    steps += product_steps(e, s, P, S, rho, base, src)
    steps += [
        prove("$\\prod (1 - x_s) \\ge 1 - \\sum x_s$: the step", [P >= 1 - T, T >= 0, x >= 0, x <= 1, P >= 0],
              P * (1 - x) >= 1 - T - x, source=src),
        prove("$\\tau_s = \\varepsilon \\mu_s / v^0_s \\le \\varepsilon \\mu_s / c$ ($v^0_s \\ge c$), so "
              "$\\tau_s^2 \\le (\\varepsilon/c)^2 \\mu_s^2$", rng.hypotheses(e) + [mu >= 0, mu <= 1, v0 >= c,
                                                                                 tau * v0 == e * mu],
              tau * tau * c * c <= e * e * mu * mu, source=src),
        *gap_steps(e, s, base, src),
    ]
    return steps


def gap_steps(e, s, base, src):
    """R_oo - alpha_top = (4 lam + 3 lam^2 + lam^4)/(1 + lam)^2 > 0 (R_oo = (sigma/c)^2, alpha_top = eps/c^2 - 1),
    in three steps over the named quantities R = sigma/c and A = alpha_top with the denominators cleared (1 + lam
    = 2c), so that each is a polynomial statement cvc5 decides as z3 does: the identity 4(sigma^2 - eps + c^2) =
    4 lam + 3 lam^2 + lam^4, its positivity for lam > 0, and R^2 - A = (sigma^2 - eps + c^2)/c^2 > 0."""
    R, A = z3.Reals("R A")
    c, lam = 1 - e, 1 - 2 * e
    poly = 4 * lam + 3 * lam * lam + lam * lam * lam * lam
    named = base + [R * c == s, A * c * c == e - c * c]
    return [
        prove("$4(\\sigma^2 - \\varepsilon + c^2) = 4\\lambda + 3\\lambda^2 + \\lambda^4$ "
              "($1 + \\lambda = 2c$)", base, 4 * (s * s - e + c * c) == poly, source=src),
        prove("$4\\lambda + 3\\lambda^2 + \\lambda^4 > 0$ ($\\lambda = 1 - 2\\varepsilon > 0$)", base, poly > 0,
              source=src),
        prove("$R_\\infty - \\alpha_{top} = R^2 - A = (\\sigma^2 - \\varepsilon + c^2)/c^2 > 0$, $R = \\sigma/c$, "
              "$A = \\varepsilon/c^2 - 1$", named + [s * s - e + c * c > 0],
              z3.And((R * R - A) * c * c == s * s - e + c * c, R * R - A > 0), source=src),
    ]


def _block(e, k: int) -> dict:
    """The exact instance at K = 2^(k-1): the least ratio v^m_t / v^0_t (and where), the least P_t, R_K."""
    K, c = 1 << (k - 1), 1 - e
    w = [[e ** bin(u ^ t).count("1") * c ** (k - 1 - bin(u ^ t).count("1")) for t in range(K)] for u in range(K)]
    cum = []
    for u in range(K):
        row, acc = [mpq(0)], mpq(0)
        for t in range(K):
            acc += w[u][t]
            row.append(acc)
        cum.append(row)
    v = [[c + e * x for x in row] for row in cum]
    P, Ps = mpq(1), [mpq(1)]
    for t in range(K):
        tau = e * w[0][t] / v[0][t]
        P *= 1 - tau * tau
        Ps.append(P)
    least, at, RK = None, None, None
    for m in range(1, K):
        for t in range(K + 1):
            ratio = v[m][t] / v[0][t]
            if least is None or ratio < least:
                least, at = ratio, (m, t)
            val = Ps[t] * ratio * ratio
            RK = val if RK is None or val < RK else RK
    return {"ratio": least, "at": at, "P_min": min(Ps), "R_K": RK}


@recorded_cache
def weights_margins() -> tuple:
    """Rows (eps, K, least ratio - sigma / c, its (m, t), least P_t - the product bound, R_K - (R_inf - C
    sigma^(k-1)), R_K - alpha_top), exactly."""
    rows = []
    for e in INSTANCE_EPS:
        c, s = 1 - e, sigma(e)
        for k in range(2, K_MAX.bit_length() + 1):
            b = _block(e, k)
            rows.append((e, 1 << (k - 1), b["ratio"] - s / c, b["at"], b["P_min"] - (1 - (e / c) ** 2 * s ** (k - 1)),
                         b["R_K"] - (R_inf(e) - C_const(e) * s ** (k - 1)), b["R_K"] - (e / c ** 2 - 1)))
    return tuple(rows)


@recorded_cache
def _weights_bound():
    steps = weights_bound_steps()
    bad = first_failure(steps)
    if bad is not None:
        return chain_open(say(bad.sentence()), bad)
    rows = weights_margins()
    for e, K, dr, at, dp, dR, _ in rows:
        if not (dr >= 0 and dp >= 0 and dR >= 0):
            return chain_open(say(f"at $K = {K}$, $\\varepsilon = {format_exact(e)}$ the bound fails"),
                              computed([dr, dp, dR], "the ratio, product and R_K margins, exactly", SOURCE))
        if at[0] != K - 1:
            return chain_open(say(f"at $K = {K}$, $\\varepsilon = {format_exact(e)}$ the least ratio is at $m = {at[0]}$"),
                              computed(at, "the least ratio's (m, t), exactly", SOURCE))
    table = [[format_exact(e), K, f"{float(dr):.3g}", f"{float(dR):.3g}", f"{float(dRa):.3g}"]
             for e, K, dr, _, _, dR, dRa in rows]
    inst = computed({"rows": len(rows), "least ratio margin": min(r[2] for r in rows),
                     "least R_K margin": min(r[5] for r in rows)}, "v^m_t / v^0_t, P_t and R_K, exactly", SOURCE)
    k0s = {format_exact(e): k0(e) for e in INSTANCE_EPS + (mpq(99, 200), mpq(999, 2000))}
    scope = f"every $K = 2^{{k-1}} \\ge 2$, $\\varepsilon \\in {OPEN_HALF.text()}$"
    return verified([steps, inst, computed(k0s, "k_0(eps), the least k with C sigma^(k-1) < R_inf - alpha_top, "
                                                "exactly", SOURCE)],
                    say(f"scope: {scope}. Issue 42, item 2(c): $R_K \\ge R_\\infty - C \\sigma^{{k-1}}$ with "
                        "$R_\\infty = (\\sigma/(1 - \\varepsilon))^2$, $C = (\\varepsilon\\sigma/(1 - \\varepsilon)^2)^2$, "
                        f"$\\sigma = (1 - \\varepsilon)^2 + \\varepsilon^2$; {len(steps)} steps decided by z3 (a "
                        "supersolution of the top-bit recursion of the prefix masses, and the product bound), the "
                        f"down-set monotonicity and the induction in words; exactly for $K \\le {K_MAX}$ at "
                        f"{len(INSTANCE_EPS)} values of $\\varepsilon$ (least ratio at $m = K - 1$). With item 2(b) "
                        "the condition of Lemma B8' would follow from block $k_0(\\varepsilon)$ on: " +
                        ", ".join(f"{k}: {v}" for k, v in k0s.items())),
                    {"scope": scope, "steps": [s.name for s in steps], "k0": k0s,
                     "margins (eps, K, ratio - sigma/c, R_K - bound, R_K - alpha_top)": table},
                    assumptions=(CHANNEL.id,))


@claim("noisy.conjecture9.weights_bound", "§3, Conjecture 9",
       "For $0 < \\varepsilon < 1/2$ and every $K = 2^{k-1} \\ge 2$: $\\min_{t \\le K, 1 \\le m < K} P_t (v^m_t/v^0_t)^2 "
       "\\ge (\\sigma/(1 - \\varepsilon))^2 - (\\varepsilon\\sigma/(1 - \\varepsilon)^2)^2 \\sigma^{k-1}$, "
       "$\\sigma = (1 - \\varepsilon)^2 + \\varepsilon^2$ (issue 42, item 2(c): the right side of Lemma B8''s "
       "condition, from the channel's weights alone)",
       unprinted=("a lemma derived here for every K, not a printed statement: the check fails when z3 finds a "
                  "counterexample to a step or an exact instance disagrees"))
@resting_on(CHANNEL)
def weights_bound():
    return _weights_bound()


CACHED = (_weights_bound, weights_margins)


# ---------------------------------------------------------------------------
# item 2(d): the corner lam K small, measured
# ---------------------------------------------------------------------------

#: the blocks K and the values of theta = lam K of the corner's measured margins
CORNER_K = (8, 16, 32, 64, 128, 256)
CORNER_THETA = (mpq(1, 20), mpq(1, 10), mpq(1, 4), mpq(1, 2))


def corner_ratio(K: int, theta) -> float:
    r"""The least certified ratio, over the heaps n = K..2K-1 and the low moves 1 <= m < K, of
    p(n, 0) - p(n, m) (its lower end: the computed difference minus twice the ball radius, binary80 balls of
    :func:`exactcube.noisy.nim.ball.run_ball`) to its leading term at eps = 1/2 - s/2, s = lam = theta / K:
    2 s / n for odd m (Theorem 6), (4/n) H_n(m) s^2 for even m (Theorem 8).  A ratio in (0, 1] says the margin is
    positive and the expansion's remainder is at most 1 - ratio of its leading term there; the final division is
    rounded to nearest (the ratio is reported, the sign is certified)."""
    import numpy as np

    from exactcube.noisy.nim.ball import run_ball

    s = mpq(theta) / K
    n_hi = 2 * K - 1
    pc = np.array([bin(i).count("1") for i in range(1 << n_hi.bit_length())], dtype=float)
    ms = np.arange(K)
    S = np.zeros(K)  # sum_{r=2}^{n-1} |m & r| / (r (r - 1)) at heap n
    acc = np.zeros(K)  # sum_{r<n} |m & r|
    sf, least = float(s), [None]

    def choose(n, ratio, rho):
        if n >= K:
            lead = np.where(ms % 2 == 1, 2 * sf / n, sf * sf * 4 / n * (S + acc / n / (n - 1)))
            diff = (ratio[0] - ratio[1:K]).astype(float) - 2 * rho
            r = float((diff / lead[1:]).min())
            least[0] = r if least[0] is None else min(least[0], r)
        acc[:] += pc[ms & n]
        if n >= 2:
            S[:] += pc[ms & n] / (n * (n - 1))
        return int(np.argmax(ratio))

    run_ball(n_hi, (1 - s) / 2, choose, dtype=np.longdouble)
    return least[0]


@recorded_cache
def corner_table() -> tuple:
    """Rows (K, ratios at CORNER_THETA) of :func:`corner_ratio`."""
    from flint import arb

    # the ratio's floating-point error: the difference of two values in [1/4, 1] is exact (Sterbenz), then three
    # roundings to binary64 and the leading term's sums of at most 2K terms; 1e-9 relative covers them
    return tuple((K, tuple(arb(r, abs(r) * 1e-9) for r in (corner_ratio(K, th) for th in CORNER_THETA)))
                 for K in CORNER_K)


@recorded_cache
def _corner():
    rows = corner_table()
    least_ball = min((x for _, r in rows for x in r), key=lambda x: float(x.mid()))
    least = float(least_ball.lower())
    data = computed({"theta": [format_exact(t) for t in CORNER_THETA], "rows": [[K, list(r)] for K, r in rows],
                     "least": least_ball},
                    "the least ratio of p(n, 0) - p(n, m) (ball lower end) to its leading term at lam = theta / K, "
                    "heaps K..2K-1, low moves; binary80 balls", SOURCE)
    k0s = {format_exact(e): k0(e) for e in (mpq(49, 100), mpq(99, 200), mpq(999, 2000))}
    scope = "every block $K = 2^{k-1}$ with $\\lambda K \\le 1/2$, $\\lambda = 1 - 2\\varepsilon$"
    return open_(data, say(
        f"scope: {scope}. Open (issue 42, item 2(d)): a bound on the remainder of the expansion at $1/2$ (Theorems "
        "6 and 8), uniform in $n$, that keeps $p(n, 0) - p(n, m) > 0$ for every low move in the corner. The "
        "inequality: $p(n, 0) - p(n, m) \\ge (1 - \\delta) L_n(m)$ with $\\delta < 1$, $L_n(m) = 2\\lambda/n$ ($m$ odd) "
        "and $(4/n) H_n(m) \\lambda^2$ ($m$ even). Measured (rigorous lower ends, binary80 balls): the least ratio "
        f"of the margin to $L_n(m)$ over the heaps of the block is {least:.4f} for $K \\le {CORNER_K[-1]}$ and "
        "$\\lambda K \\in \\{" + ", ".join(format_exact(t) for t in CORNER_THETA) + "\\}$, so the remainder is at "
        f"most {1 - least:.3f} of the leading term there. The corner is what items 2(b) and 2(c) leave: the least "
        "block from which 2(c) would suffice with 2(b), $k_0(\\varepsilon)$, is " +
        ", ".join(f"{k} at {e}" for e, k in k0s.items()) + " (that is $\\lambda 2^{k_0 - 1}$ about 0.16-0.32)"),
        {"scope": scope, "k0": k0s, "theta": [format_exact(t) for t in CORNER_THETA],
         "ratios": [[K, [f"{float(x.mid()):.4f}" for x in r]] for K, r in rows]}, assumptions=(CHANNEL.id,))


@claim("noisy.conjecture9.corner", "§3, Conjecture 9",
       "For every block $K = 2^{k-1}$ and $0 < \\lambda = 1 - 2\\varepsilon \\le 1/(2K)$: at every heap "
       "$K \\le n < 2K$ and every low move $1 \\le m < K$, $p(n, 0) - p(n, m)$ is at least a fixed fraction of its "
       "leading term at $\\varepsilon = 1/2$ (issue 42, item 2(d); open, with measured margins)",
       unprinted=("a step of a proof attempt, not a printed statement: open, with its margins measured by balls"))
def corner():
    return _corner()


CACHED = CACHED + (corner_table, _corner)


# ---------------------------------------------------------------------------
# item 2(b): the uniform ratio bound, measured exactly
# ---------------------------------------------------------------------------

#: the points above eps* and the blocks of the exact margins of item 2(b)
RATIO_EPS = (mpq(21, 50), mpq(9, 20), mpq(49, 100))
RATIO_K = tuple(1 << i for i in range(2, 9))


@recorded_cache
def ratio_margins() -> tuple:
    """Rows (eps, K, alpha_top - alpha_{K/2}(K), the runner-up move m != K/2, alpha_top - alpha_m(K)), exactly, with
    alpha_m(K) = (p(K, m) - 1/2)/(p(K) - 1/2) from the exact solution of (5)."""
    from .blocks import exact_solution

    rows = []
    for e in RATIO_EPS:
        sol = exact_solution(e)
        top = e / (1 - e) ** 2 - 1
        for K in RATIO_K:
            a = sol.p[K] - mpq(1, 2)
            vals = sol.move_values(K)
            al = {m: (vals[m] - mpq(1, 2)) / a for m in range(1, K)}
            rest = max((m for m in al if m != K // 2), key=lambda m: al[m])
            rows.append((e, K, top - al[K // 2], rest, top - al[rest]))
    return tuple(rows)


@recorded_cache
def _uniform_ratio():
    rows = ratio_margins()
    data = computed([[format_exact(e), K, half, m, rest] for e, K, half, m, rest in rows],
                    "alpha_top - alpha_m(K) at m = K/2 and at the runner-up, exactly", SOURCE)
    last = {format_exact(e): (float(half), m, float(rest)) for e, K, half, m, rest in rows if K == RATIO_K[-1]}
    scope = "every $K = 2^{k-1} \\ge 4$, $\\varepsilon \\in (\\varepsilon^*, 1/2)$"
    return open_(data, say(
        f"scope: {scope}. Open (issue 42, item 2(b)): $\\max_{{m \\ge 1}} \\alpha_m(K) \\le \\alpha_{{top}}(\\varepsilon) "
        "= \\varepsilon/(1 - \\varepsilon)^2 - 1$ for every $K$. The move $m = K/2$ is proved ($K/2$ is the move "
        "$K'$ of $2K'$, $K' = K/2$:", claim_ref("noisy.conjecture9.top_ratio"), "); its margin tends to 0 (the bound "
        "is its limit). Measured exactly at $K = 4..256$: every other move has a margin that does not tend to 0, "
        "from $K = 8$ the runner-up is $m = K/4$, and at $K = 256$ the margins (move $K/2$; runner-up) are " +
        "; ".join(f"{e}: {h:.2g}, m = {m}: {r:.3g}" for e, (h, m, r) in last.items()) +
        ". So what is open of (b) is an invariant for the moves $m \\ne K/2$, which have that slack"),
        {"scope": scope, "at_K_256": {e: {"K/2": f"{h:.4g}", "runner_up": m, "margin": f"{r:.4g}"}
                                      for e, (h, m, r) in last.items()}}, assumptions=(CHANNEL.id,))


@claim("noisy.conjecture9.uniform_ratio", "§3, Conjecture 9",
       "For $\\varepsilon^* < \\varepsilon < 1/2$ and every $K = 2^{k-1} \\ge 4$ (move 0 optimal at $K$): "
       "$\\max_{m \\ge 1} (p(K, m) - 1/2)/(p(K) - 1/2) \\le \\varepsilon/(1 - \\varepsilon)^2 - 1$ (issue 42, item "
       "2(b); open, with exact margins)",
       unprinted=("a step of a proof attempt, not a printed statement: open, with its margins computed exactly"))
def uniform_ratio():
    return _uniform_ratio()


CACHED = CACHED + (ratio_margins, _uniform_ratio)


# ---------------------------------------------------------------------------
# items 2(a)-(c) together: the ratios at the powers of two by a recursion on the weights alone (a screen)
# ---------------------------------------------------------------------------

#: the first block of the recursion (its ratios from the exact solution) and the last block screened
RECURSION_K0 = 8
RECURSION_KMAX = 1 << 20


def _kernel(x, bits: int, e: float):
    """sum_s w(u, s) x_s for every u: the channel on ``bits`` bits, one bit at a time (floats)."""
    import numpy as np

    idx = np.arange(len(x))
    for b in range(bits):
        x = (1 - e) * x + e * x[idx ^ (1 << b)]
    return x


def weights_recursion(ef, K0: int = RECURSION_K0, K_max: int = RECURSION_KMAX) -> list:
    r"""The ratios alpha_m(K) = (p(K, m) - 1/2)/(p(K) - 1/2) at every power of two K0 < K <= K_max by the weights alone
    (floats, a screen): while move 0 is optimal through block K, beta(K + s) = c^2 a P_s / (v^0_s)^2 exactly (Lemma
    B8'), so B_u = a y_u with y_u = sum_s w(u, s) c^2 P_s / (v^0_s)^2, and Lemma B1 at t = K gives
    alpha_u(2K) = (c alpha_u - eps y_u)/(c - eps y_0), alpha_{K+u}(2K) = (eps alpha_u - c y_u)/(c - eps y_0).  Rows
    (K, max_m alpha_m(K) - alpha_top, whether the maximum is at m = K/2, alpha_top - max_{m != K/2} alpha_m(K),
    R_inf - C sigma^(k-1) - max_m alpha_m(K) (the margin of Lemma B8''s condition by Theorem W), the largest
    difference to the exact ratios where the exact solution reaches)."""
    import numpy as np

    from .blocks import exact_solution

    e = float(ef)
    c = 1 - e
    sol = exact_solution(ef)

    def exact_alpha(K):
        a = sol.p[K] - mpq(1, 2)
        return np.array([float((v - mpq(1, 2)) / a) for v in sol.move_values(K)])

    al, K, rows = exact_alpha(K0), K0, []
    top, s = e / c ** 2 - 1, c * c + e * e
    while K < K_max:
        bits = K.bit_length() - 1
        pop = np.array([bin(i).count("1") for i in range(K)])
        mu = e ** pop * c ** (bits - pop)
        v0 = c + e * np.concatenate([[0.0], np.cumsum(mu)[:-1]])
        P = np.concatenate([[1.0], np.cumprod(1 - (e * mu / v0) ** 2)[:-1]])
        y = _kernel(c * c * P / v0 ** 2, bits, e)
        den = c - e * y[0]
        al = np.concatenate([(c * al - e * y) / den, (e * al - c * y) / den])
        K *= 2
        k = K.bit_length()
        big = float(al[1:].max())
        rest = float(np.delete(al[1:], K // 2 - 1).max())
        err = float(np.abs(exact_alpha(K) - al).max()) if 2 * K <= len(sol.p) else None
        rows.append((K, big - top, int(np.argmax(al[1:])) + 1 == K // 2, top - rest,
                     (s / c) ** 2 - (e * s / c ** 2) ** 2 * s ** (k - 1) - big, err))
    return rows


@recorded_cache
def recursion_rows() -> tuple:
    return tuple((e, tuple(weights_recursion(e))) for e in RATIO_EPS)


@recorded_cache
def _recursion_screen():
    table = recursion_rows()
    ok = all(r[1] < 0 and r[4] > 0 for _, rows in table for r in rows)
    err = max(r[5] for _, rows in table for r in rows if r[5] is not None)
    last = {format_exact(e): rows[-1] for e, rows in table}
    data = computed({format_exact(e): [[K, big, half, rest, b8, er] for K, big, half, rest, b8, er in rows]
                     for e, rows in table}, "the weights-only recursion of the ratios alpha_m(K), binary64 (a screen)",
                    SOURCE)
    scope = f"every $K = 2^{{k-1}} \\le 2^{{{RECURSION_KMAX.bit_length() - 1}}}$ at $\\varepsilon$ = " + ", ".join(
        format_exact(e) for e in RATIO_EPS)
    return open_(data, say(
        f"scope: {scope}. A screen in binary64, not a proof. While move 0 is optimal through block $K$, Lemma B8' "
        "gives every $\\beta(K + s)$ from the weights alone, so Lemma B1 at $t = K$ makes the ratios $\\alpha(2K)$ an "
        "affine image of $\\alpha(K)$ with coefficients from the weights alone (items 2(a)-(c) together). Run from the "
        f"exact ratios at $K = {RECURSION_K0}$, it agrees with the exact ratios to {err:.1e} up to $K = 256$. Up to "
        f"$K = 2^{{{RECURSION_KMAX.bit_length() - 1}}}$ its maximum stays below $\\alpha_{{top}}$ (at $m = K/2$), and "
        "below the bound of Theorem W by " + ", ".join(f"{e}: {r[4]:.3g}" for e, r in last.items()) +
        " at the last $K$; every other move stays below $\\alpha_{top}$ by " +
        ", ".join(f"{r[3]:.3g}" for r in last.values()) + (". So, in floating point, the condition of Lemma B8' holds at "
        "every block screened, which would give Conjecture 9 at every heap below $2^{21}$ at these points; the same "
        "recursion in balls would certify it, and a bound on the recursion for every $K$ would prove it" if ok else
        ". The condition fails somewhere in the screen")),
        {"scope": scope, "agreement_with_exact": f"{err:.2e}"}, assumptions=(CHANNEL.id,))


@claim("noisy.conjecture9.weights_recursion", "§3, Conjecture 9",
       "Above $\\varepsilon^*$, while Conjecture 9 holds through block $K$, the ratios "
       "$\\alpha_m(2K) = (p(2K, m) - 1/2)/(p(2K) - 1/2)$ are an affine image of those at $K$ with coefficients from the "
       "channel's weights alone; screened at 21/50, 9/20, 49/100 to $K = 2^{20}$ (issue 42, items 2(a)-(c); open)",
       unprinted=("a screen of a proof route, not a printed statement: open, floating point"))
def weights_recursion_screen():
    return _recursion_screen()


CACHED = CACHED + (recursion_rows, _recursion_screen)


# ---------------------------------------------------------------------------
# the same recursion in outward-rounded binary64 intervals: Conjecture 9 at three points above eps*, every heap
# below 2^21
# ---------------------------------------------------------------------------

#: the last block of the certified recursion (heaps below 2 CERTIFY_KMAX; about 0.6 s of CPU per eps)
CERTIFY_KMAX = 1 << 18


@dataclass(frozen=True)
class RecursionCertificate(Result):
    """The interval recursion at one eps: rows (K, upper end of max_m alpha_m(K), lower end of the bound of Theorem
    W, their difference)."""

    SOURCE = "noisy §3, Conjecture 9 (issue 42): the ratios at the powers of two by the weights alone"
    EVIDENCE = "rigorous"
    METHOD = "the weights-only recursion of the ratios in outward-rounded binary64 intervals"

    eps: mpq
    rows: tuple


class _Iv:
    """Arrays of closed intervals [lo, hi] in binary64, every operation rounded outwards by one ulp (binary64
    operations are correctly rounded, so one step of nextafter covers the rounding)."""

    def __init__(self, lo, hi):
        import numpy as np

        self.lo, self.hi = np.asarray(lo, dtype=float), np.asarray(hi, dtype=float)

    @staticmethod
    def out(lo, hi):
        import numpy as np

        return _Iv(np.nextafter(lo, -np.inf), np.nextafter(hi, np.inf))

    @staticmethod
    def of(q):
        """The interval of an exact rational (or an array of them)."""
        import numpy as np

        x = np.array([float(v) for v in q]) if isinstance(q, (list, tuple)) else float(q)
        return _Iv.out(x, x)

    def __add__(self, o):
        return _Iv.out(self.lo + o.lo, self.hi + o.hi)

    def __sub__(self, o):
        return _Iv.out(self.lo - o.hi, self.hi - o.lo)

    def __mul__(self, o):
        import numpy as np

        p = [self.lo * o.lo, self.lo * o.hi, self.hi * o.lo, self.hi * o.hi]
        return _Iv.out(np.minimum.reduce(p), np.maximum.reduce(p))

    def div_pos(self, d):
        """self / d for d > 0 (checked)."""
        import numpy as np

        if not (d.lo > 0).all():
            raise ValueError("division by an interval that is not positive")
        p = [self.lo / d.lo, self.lo / d.hi, self.hi / d.lo, self.hi / d.hi]
        return _Iv.out(np.minimum.reduce(p), np.maximum.reduce(p))

    def __getitem__(self, i):
        return _Iv(self.lo[i], self.hi[i])


def _inflate(lo, hi, n: int) -> _Iv:
    """Recursive sums or products of n nonnegative binary64 numbers are within a factor (1 +- u)^n of the exact
    result of their (interval) inputs; 1 +- 2 n u covers it for n u < 1/4 (u = 2^-53)."""
    import numpy as np

    g = 2 * n * 2.0 ** -53
    assert n * 2.0 ** -53 < 0.25
    return _Iv.out(np.nextafter(lo * (1 - g), -np.inf), np.nextafter(hi * (1 + g), np.inf))


def certified_recursion(ef, K0: int = RECURSION_K0, K_max: int = CERTIFY_KMAX) -> list:
    r""":func:`weights_recursion` in outward-rounded intervals: rows (K, the upper end of max_m alpha_m(K), the lower
    end of R_inf - C sigma^(k-1), their difference), for K = K0 .. K_max (K0 from the exact ratios).  A positive
    difference at every K is Lemma B8''s condition at every block 2 K0..K_max (by Theorem W), so by induction (Lemma
    B8' on t, Theorem B7 for the top moves) move 0 is the unique optimum at every heap 2 K0 <= n < 2 K_max."""
    import numpy as np

    from .blocks import exact_solution

    e = _Iv.of(ef)
    one = _Iv.of(mpq(1))
    c = one - e
    sol = exact_solution(ef)
    a = sol.p[K0] - mpq(1, 2)
    if not (a > 0 and all(v < sol.p[K0] for v in sol.move_values(K0)[1:])):
        raise ValueError(f"move 0 is not the unique optimum at K0 = {K0}")
    al = _Iv.of([(v - mpq(1, 2)) / a for v in sol.move_values(K0)])
    K, rows = K0, []
    s = ef ** 2 + (1 - ef) ** 2

    def check(K, al):
        k = K.bit_length()
        bound = R_inf(ef) - C_const(ef) * s ** (k - 1)  # exact
        b = float(np.nextafter(float(bound), -np.inf))
        top = float(al.hi[1:].max())
        rows.append((K, top, b, b - top))

    # block K0 itself is decided by the exact solution (heaps below 2 K0): the recursion starts there
    if not all(sol.optimal[n] == (0,) and sol.p[n] > mpq(1, 2) for n in range(2, 2 * K0)):
        raise ValueError(f"move 0 is not the unique optimum at every heap below {2 * K0}")
    while K < K_max:
        bits = K.bit_length() - 1
        pop = np.array([bin(i).count("1") for i in range(K)])
        pe, pc = [one], [one]
        for _ in range(bits):
            pe.append(pe[-1] * e)
            pc.append(pc[-1] * c)
        E = _Iv(np.array([x.lo for x in pe])[pop], np.array([x.hi for x in pe])[pop])
        Cc = _Iv(np.array([x.lo for x in pc])[bits - pop], np.array([x.hi for x in pc])[bits - pop])
        mu = E * Cc
        cum = _inflate(np.concatenate([[0.0], np.cumsum(mu.lo)[:-1]]), np.concatenate([[0.0], np.cumsum(mu.hi)[:-1]]), K)
        v0 = _Iv(np.full(K, c.lo), np.full(K, c.hi)) + e * cum
        tau = (e * mu).div_pos(v0)
        term = one - tau * tau
        if not (term.lo > 0).all():
            raise ValueError("a factor 1 - tau^2 is not positive")
        P = _inflate(np.concatenate([[1.0], np.cumprod(term.lo)[:-1]]), np.concatenate([[1.0], np.cumprod(term.hi)[:-1]]),
                     K)
        f = (c * c * P).div_pos(v0 * v0)
        idx = np.arange(K)
        for b in range(bits):  # y_u = sum_s w(u, s) f_s, one bit at a time (every term nonnegative)
            f = c * f + e * f[idx ^ (1 << b)]
        den = c - e * f[0]
        low = (c * al - e * f).div_pos(den)
        top = (e * al - c * f).div_pos(den)
        al = _Iv(np.concatenate([low.lo, top.lo]), np.concatenate([low.hi, top.hi]))
        K *= 2
        check(K, al)
    return rows


@recorded_cache
def certified_rows() -> tuple:
    return tuple(RecursionCertificate(e, tuple(certified_recursion(e))) for e in RATIO_EPS)


@recorded_cache
def _points_above():
    from .blocks import rests

    certs = certified_rows()
    table = [(x.eps, x.rows) for x in certs]
    bad = [(e, r[0]) for e, rows in table for r in rows if not r[3] > 0]
    data = list(certs)
    if bad:
        return open_(data, say(f"the condition is not certified at $\\varepsilon = {format_exact(bad[0][0])}$, "
                               f"$K = {bad[0][1]}$"))
    deps = [weights_bound()]
    from .power_every_k import block_from_power_sharp
    from .blocks import top_moves, bound_every_n, recursion

    deps += [block_from_power_sharp(), top_moves(), bound_every_n(), recursion()]
    for d in deps:
        if d.outcome.value != "verified":
            return open_(data, say("rests on a lemma that is not verified:", d.details))
    least = {format_exact(e): min(r[3] for r in rows) for e, rows in table}
    scope = (f"every heap $2 \\le n < 2^{{{(2 * CERTIFY_KMAX).bit_length() - 1}}}$ at $\\varepsilon$ = " +
             ", ".join(format_exact(e) for e in RATIO_EPS))
    return verified(data + [rests(d) for d in deps], say(
        f"scope: {scope}. Heaps below {2 * RECURSION_K0} by the exact solution of (5); from $K = {2 * RECURSION_K0}$ on, "
        "by induction over the powers of two: the ratios $\\alpha_m(K)$ by the weights-only recursion (Lemma B8' "
        "gives every $\\beta(K + s)$ of a block where move 0 is optimal, Lemma B1 at $t = K$ the ratios at $2K$) in "
        "outward-rounded binary64 intervals, and at every block $\\max_m \\alpha_m(K) < R_\\infty - C\\sigma^{k-1} "
        "\\le P_t (v^m_t/v^0_t)^2$ (", claim_ref("noisy.conjecture9.weights_bound"), "), which is the condition of",
        claim_ref("noisy.conjecture9.block_from_power_sharp"), "at every heap of the block; the top moves by",
        claim_ref("noisy.conjecture9.top_moves"), ", $p(n) > 1/2$ by", claim_ref("noisy.conjecture9.bound_every_n"),
        ". Least certified margin over the blocks: " + ", ".join(f"{e}: {m:.3g}" for e, m in least.items())),
        {"scope": scope, "least_margin": {e: f"{m:.4g}" for e, m in least.items()}}, assumptions=(CHANNEL.id,))


@claim("noisy.conjecture9.points_above_eps_star", "§3, Conjecture 9",
       "At $\\varepsilon$ = 21/50, 9/20 and 49/100 (above $\\varepsilon^*$), for every heap $2 \\le n < 2^{19}$: "
       "$p(n) > 1/2$ and move 0 is the unique optimal move [the weights-only recursion in intervals]",
       unprinted=("the conjecture's own statement at three points: the check fails when a lemma it rests on is not "
                  "verified or the interval recursion does not certify the condition at a block"))
def points_above_eps_star():
    return _points_above()


CACHED = CACHED + (certified_rows, _points_above)
