"""Claims of ``noisy``: the sign of the forcing term F_K of the recursion of D (issue 35, item 5).

D_2K = eps D_K + (1 - eps) F_K, F_K = (2 eps - 1) G_K (``noisy.conjecture10.d_recursion``), so above 1/2 the
sign of F_K is that of G_K = sum_{h<K/4} w(K/4 - 1, h) (p(K + 4h) - p(K + 4h + 3)).

* ``noisy.conjecture10.forcing_ends``: for every K = 2^(k-1) >= 8, F_K > 0 on an interval (1/2, 1/2 + delta_K) and
  on an interval (1 - eta_K, 1): G_K = c_K (eps - 1/2) + O((eps - 1/2)^2) with c_K > 0 (Theorem 6), and
  G_K -> 1/2 as eps -> 1 (Theorem 2, Lemma 0b).
* ``noisy.conjecture10.forcing_middle`` (slow, open): F_K > 0 on all of (1/2, 1) for every k is not proved; G_K > 0
  certified at points of (1/2, 1) for K <= 2048, and the candidate invariant G_K >= c_K (eps - 1/2).
"""

from __future__ import annotations


import sympy as sp
import z3

from exactcube.certificates import recorded_cache
from exactcube.claims import Outcome, claim, open_, verified
from exactcube.content.model import claim_ref, say, table
from exactcube.noisy.eps import star
from exactcube.noisy.nim import solve_nim
from exactcube.numbers import format_exact, mpq

from .blocks import d_recursion, forcing
from ..linked import Step as LinkedStep
from ..linked import cite, to_z3
from .every_k import HALF_SLOPE, at_one, chain_lemma, chain_open, ends_half, rests, values_at_one
from .readings import CHANNEL, resting_on
from .smt import first_failure, prove

_fail = chain_open
#: Instances: the exact F_K at 1/2 + H against 2 c_K H^2 (K <= _HALF_K), and at eps = 1 (K <= _ONE_K).
_H = mpq(1, 2_000_000)
_HALF_K, _ONE_K = 32, 128


def slope_steps():
    """c_K > 0: the right slope of p(n) at 1/2, 2 f(n) with f(n) = 1/(n(n - 1)) as Theorem 6 exports it
    (:data:`proofs.noisy.every_k.HALF_SLOPE`, taken into z3 by :func:`proofs.linked.to_z3`, not retyped), strictly
    decreases by a shift of 3, for every real n >= 2 (z3).  A failed step when the cited conclusion gives no slope."""
    c = cite(HALF_SLOPE.id)
    x = sp.Symbol("x", positive=True)
    s0, s3 = c.value(x), c.value(x + 3)
    if s0 is None or s3 is None:
        return [LinkedStep("the slope at 1/2 from Theorem 6's exported conclusion", False, c.formula, c.lemma, (c.id,))]
    n = z3.Real("n")
    return [prove("$1/(n(n - 1)) > 1/((n + 3)(n + 2))$ for every real $n \\ge 2$ (Theorem 6's slope, halved)", [n >= 2],
                  to_z3(s0, {x: n}) > to_z3(s3, {x: n}), source="noisy.conjecture10.forcing_ends", cites=(c.id,))]


def limit_values(K0: int):
    """The limits at eps = 1 that G_K -> p(K)(1) - p(K + 3)(1) takes, for every power of two K >= K0, from Theorem 2's
    exported closed form (:data:`proofs.noisy.every_k.VALUES_AT_ONE`, by :func:`~proofs.noisy.every_k.at_one`, seen
    from P = K): K lies in its own block [K - 3, K + 1] (p = 1) and K + 3 strictly between the blocks of K and 2K
    (p = 1/2), for K >= 8 (z3, linear arithmetic).  Returns ((p(K), p(K + 3)), the z3 steps); a value is None when
    the cited conclusion does not give it (or K0 is below its scope)."""
    K = z3.Int("K")
    hyp = [K >= K0]
    (a, s1), (b, s2) = at_one(K, K, hyp), at_one(K + 3, K, hyp)
    return (a, b), s1 + s2


def limit_steps(K0: int):
    """The z3 steps of :func:`limit_values`; the last fails when a value is not given."""
    return limit_values(K0)[1]


def _least_k0() -> int | None:
    """The least power of two K0 in 4..64 from which :func:`limit_steps` are all proved (the scope near 1)."""
    return next((K0 for K0 in (4, 8, 16, 32, 64) if first_failure(limit_steps(K0)) is None), None)


@recorded_cache
def forcing_ends_verdict():
    """The verdict of claim ``noisy.conjecture10.forcing_ends``, cached for the run.

    The claims resting on it share it; a test re-runs it after ``forcing_ends_verdict.cache_clear()``."""
    for dep, name in ((d_recursion(), "the recursion of D"), (ends_half(), "Theorem 6"),
                      (values_at_one(), "Theorem 2")):
        if dep.outcome is not Outcome.VERIFIED:
            return _fail(say(f"rests on {name}, which is not verified:", dep.details), rests(dep))
    bad = first_failure(slope_steps())
    if bad is not None:
        return _fail(say(bad.sentence()), bad)
    K0 = _least_k0()
    (pk, pk3) = limit_values(K0)[0] if K0 is not None else (None, None)
    if K0 is None or pk is None or pk3 is None:
        return _fail(say("the limit at $\\varepsilon = 1$ is not proved for any $K_0 \\le 64$:", first_failure(limit_steps(64)).sentence()))
    # instances: the exact F_K just above 1/2 against 2 c_K H^2, and at eps = 1 against 1/2 (0 below K0)
    e = mpq(1, 2) + _H
    sol = solve_nim(2 * _HALF_K, e)
    for i in range(2, _HALF_K.bit_length()):
        K = 1 << i
        ratio = forcing(e, sol, K) / (2 * star.forcing_slope_at_half(K) * _H ** 2)
        if not abs(ratio - 1) < mpq(1, 1000):
            return _fail(say(f"$F_K / (2 c_K (\\varepsilon - 1/2)^2) = {float(ratio):.6f}$ at $K = {K}$, $\\varepsilon = {format_exact(e)}$"))
    at1 = solve_nim(2 * _ONE_K, 1)
    for i in range(2, _ONE_K.bit_length()):
        K = 1 << i
        want = pk - pk3 if K >= K0 else None  # the limit of G_K, from Theorem 2's exported values
        got = forcing(mpq(1), at1, K)
        if want is not None and got != want:
            return _fail(say(f"$F_K$ at $\\varepsilon = 1$ is ${format_exact(got)}$, not $1/2$, at $K = {K}$"))
    k0 = max(K0, 4)
    scope = f"every $K = 2^{{k-1}} \\ge {k0}$ ($k \\ge {k0.bit_length()}$)"
    deps = (d_recursion(), ends_half(), values_at_one())
    return verified([slope_steps(), limit_steps(K0), sol, at1, rests(*deps)], say(
        f"scope: {scope}, near both ends of $(1/2, 1)$. Near $1/2$: every heap $n \\ge 2$ has $p(n) = 1/2$ at $1/2$ "
        "and right derivative $2/(n(n - 1))$ (Theorem 6,", claim_ref("noisy.ends.half"), ") and the weights are "
        "$4/K$ there, so $G_K = c_K (\\varepsilon - 1/2) + O((\\varepsilon - 1/2)^2)$ with "
        "$c_K = (4/K) \\sum_{h < K/4} 2 (f(K + 4h) - f(K + 4h + 3))$, $f(n) = 1/(n(n - 1))$, and $c_K > 0$ because "
        "$f$ decreases (z3, every real $n \\ge 2$); so $F_K = (2 \\varepsilon - 1) G_K > 0$ on some "
        "$(1/2, 1/2 + \\delta_K)$. Near 1: the weights tend to 1 at $h = 0$ and 0 elsewhere (in words), $p(r)$ tends "
        "to its value in the game at $\\varepsilon = 1$ (Lemma 0b, in words), where $p(K) = 1$ and $p(K + 3) = 1/2$ "
        "(Theorem 2,", claim_ref("noisy.ends.values_at_one"), f"; the block facts by z3 for $K \\ge {K0}$, false at "
        f"$K = {K0 // 2}$), so $F_K$ tends to $1/2$ and is positive on some $(1 - \\eta_K, 1)$. On instances: the exact "
        f"$F_K$ at $\\varepsilon = 1/2 + {format_exact(_H)}$ is $2 c_K (\\varepsilon - 1/2)^2$ to $1/1000$ for "
        f"$K = 4, \\ldots, {_HALF_K}$, and $F_K = 1/2$ exactly at $\\varepsilon = 1$ for $K = {K0}, \\ldots, {_ONE_K}$. "
        "$\\delta_K$ and $\\eta_K$ are not bounded below uniformly in $k$: the middle of $(1/2, 1)$ is",
        claim_ref("noisy.conjecture10.forcing_middle")),
        {"scope": scope, "slope_at_half": "$c_K = (4/K) \\sum_{h < K/4} 2 (f(K + 4h) - f(K + 4h + 3))$",
         "limit_at_one": "$1/2$"}, assumptions=(CHANNEL.id,))


forcing_ends = chain_lemma("noisy.conjecture10.forcing_ends", "§3, Conjecture 10",
    "For every $K = 2^{k-1} \\ge 8$ the forcing term $F_K$ of the recursion of $D$ is positive just above $1/2$ "
    "($G_K = c_K (\\varepsilon - 1/2) + O((\\varepsilon - 1/2)^2)$, $c_K > 0$) and just below 1 ($F_K \\to 1/2$)",
    forcing_ends_verdict)


#: The points of (1/2, 1) where noisy.conjecture10.forcing_middle certifies G_K > 0, and the largest k.
MIDDLE_EPS = tuple(mpq(x) for x in ("0.501", "0.51", "0.55", "0.6", "0.7", "0.8", "0.9", "0.95", "0.99"))
MIDDLE_K = 12


def middle_verdict(balls):
    """The verdict of ``noisy.conjecture10.forcing_middle`` from :class:`exactcube.noisy.eps.star.ForcingBalls` at
    each point: open (the statement for every k is not proved), with where G_K > 0 is certified and the smallest
    ratio G_K / (c_K (eps - 1/2)) there; a certified G_K <= 0 would refute the sign (an exact counterexample is not
    claimed: the verdict says where)."""
    rows, negative, low = [], [], None
    for b in balls:
        ks = sorted(b.mid)
        ok = [K for K in ks if b.positive(K)]
        neg = [K for K in ks if b.mid[K] < -b.radius[K]]
        negative += [(b.eps, K) for K in neg]
        ratios = [b.mid[K] / (star.forcing_slope_at_half(K) * (b.eps - mpq(1, 2))) for K in ok if K >= 8]
        r = min(ratios) if ratios else None
        if r is not None:
            low = r if low is None else min(low, r)
        top = max(ok) if ok and ok == ks[:len(ok)] else None
        rows.append([format_exact(b.eps), f"4..{top}" if top else "none", f"{float(r):.3g}" if r is not None else "-"])
    data = table(["$\\varepsilon$", "$K$ with $G_K > 0$ certified", "least $G_K / (c_K (\\varepsilon - 1/2))$, $K \\ge 8$"],
                 rows)
    if negative:
        e, K = negative[0]
        return open_(list(balls), say(f"G_K < 0 certified at K = {K}, eps = {format_exact(e)}: F_K is negative there, so "
                                   "the decrease of eps* cannot come from the sign of F_K alone;", data))
    return open_(list(balls), say(
        "not proved for every k: that F_K > 0 on all of $(1/2, 1)$. Proved for every k only near the ends",
        "(noisy.conjecture10.forcing_ends). Certified at points (binary64 balls; the weights exact, summing to 1):",
        data, "Where a row stops short of $K = 2048$ the ball radius (about $10^{-10}$) exceeds $G_K$, which decays "
        "like $(\\varepsilon - 1/2)/K^2$ near $1/2$. The data suggest the invariant $G_K \\ge c_K (\\varepsilon - 1/2)$ "
        f"for $K \\ge 8$ (least ratio {float(low):.3g} where certified; the ratio grows with $K$ at each point), which "
        "with an induction from $K$ to $2K$ would give $F_K > 0$ on all of $(1/2, 1)$ for every $k$; no such induction "
        "is known."), {"least_ratio": f"{float(low):.6g}" if low is not None else None})


@claim("noisy.conjecture10.forcing_middle", "§3, Conjecture 10",
       "F_K > 0 on all of (1/2, 1) for every K = 2^(k-1) >= 8 (hence eps*(2^k) decreasing wherever D changes sign "
       "once) [G_K certified at 9 points for K <= 2048, ~15 s CPU]", slow=True,
       unprinted="derived here, not printed in the note: open until proved; the check fails (refutes) where a ball "
                 "certifies G_K < 0")
@resting_on(CHANNEL)
def forcing_middle():
    return middle_verdict([star.forcing_balls(MIDDLE_K, e) for e in MIDDLE_EPS])
