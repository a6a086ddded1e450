"""Keeler and Spencer's continuous raises, ks69 (16)-(20), re-derived in exact rational interval arithmetic.

With raise potentials a, b >= 1 the numbers of upsets are X ~ Poisson(L), Y ~ Poisson(M), L = (1/2) log a,
M = (1/2) log b (ks69 (16)-(17)), and A's raising point is (18)

    alpha(a, b) = P[X <= Y] = e^(-L-M) S(L, M),   S(L, M) = sum over i <= j of L^i M^j / (i! j!),

with e^(-L-M) = 1/sqrt(ab).  Every quantity is an interval with rational ends:

* L: the certificate lists [lo, hi]; certcheck checks e^(2 lo) <= a <= e^(2 hi), e^x (x >= 0) enclosed by its
  Taylor polynomial below and that plus the remainder bound x^n/n! (n+1)/(n+1-x) above (the remainder's terms
  fall at least geometrically with ratio x/(n+1) < 1);
* sqrt(r), r = u/v: by integer square roots, s = isqrt(u v 4^p) gives s/(v 2^p) <= sqrt(r) <= (s+1)/(v 2^p)
  (exact when s^2 = u v 4^p);
* S: its terms are non-negative and increasing in L and M, so S_N(lo) <= S <= S_N(hi) + tail, S_N the terms with
  j < N and the tail (j >= N) at most e^L sum_{j >= N} M^j/j! <= sqrt(a) M^N/N! (N+1)/(N+1-M).

A's expected gain at an even game, (19)-(20) with beta(a, b) = 1 - alpha(b, a): when beta < 1/2 < alpha it is
(alpha(b, a) - alpha(a, b))/(alpha(a, b) + alpha(b, a) - 1); otherwise a player dominates: +1 (A) when
alpha(a, b) <= 1/2, else -1 (B).  A cell "gain-at-least" asserts the gain's interval lies at or above a given
rational.  Table V's potential at which B resigns is the root a of alpha(a, b) = 1/2: X grows stochastically with
L, so alpha(., b) decreases (continuously), and alpha(a_lo, b) >= 1/2 >= alpha(a_hi, b) puts the root in
[a_lo, a_hi].  A printed decimal agrees when the whole interval lies within half a unit of
its last place (closed); an interval straddling that bound is undecided and the certificate is rejected.
"""

from __future__ import annotations

from fractions import Fraction
from math import isqrt

from .core import describes, kind
from .numbers import Bad, decimal, judged, need, places, q, z

HALF = Fraction(1, 2)


def exp_bound(x: Fraction, upper: bool) -> Fraction:
    """A rational lower (or upper) bound of e^x, x >= 0."""
    term, total, n = Fraction(1), Fraction(0), 0
    while n + 1 <= 2 * x or term > Fraction(1, 2 ** 140):
        total += term
        n += 1
        term = term * x / n
    return total + term * (n + 1) / (n + 1 - x) if upper else total


def sqrt_bounds(r: Fraction, p: int = 96) -> tuple[Fraction, Fraction]:
    n = r.numerator * r.denominator << (2 * p)
    s = isqrt(n)
    lo = Fraction(s, r.denominator << p)
    return lo, lo if s * s == n else Fraction(s + 1, r.denominator << p)


def _partial(L: Fraction, M: Fraction, N: int) -> tuple[Fraction, Fraction]:
    """(S_N(L, M), M^N/N!)."""
    s, cum, li, mj = Fraction(0), Fraction(0), Fraction(1), Fraction(1)
    for j in range(N):
        cum += li
        s += mj * cum
        li, mj = li * L / (j + 1), mj * M / (j + 1)
    return s, mj


def alpha(a, b, logs, N):
    (la, ha), (lb, hb) = logs[a], logs[b]
    need(hb < N + 1, f"M = log({b})/2 needs more than {N} terms")
    sa, sab = sqrt_bounds(a), sqrt_bounds(a * b)
    lo = _partial(la, lb, N)[0]
    hi, mN = _partial(ha, hb, N)
    return lo / sab[1], (hi + sa[1] * mN * (N + 1) / (N + 1 - hb)) / sab[0]


def gain(x, y):
    if x[1] <= HALF:
        return Fraction(1), Fraction(1)
    need(x[0] > HALF, "alpha(a, b) against 1/2 is undecided at this width")
    if y[1] <= HALF:
        return Fraction(-1), Fraction(-1)
    need(y[0] > HALF, "alpha(b, a) against 1/2 is undecided at this width")
    num, den = (y[0] - x[1], y[1] - x[0]), (x[0] + y[0] - 1, x[1] + y[1] - 1)
    need(den[0] > 0, "alpha(a, b) + alpha(b, a) - 1 is not above 0")
    qs = [u / v for u in num for v in den]
    return min(qs), max(qs)


def agrees(iv, text: str) -> bool:
    v, u = decimal(text), Fraction(1, 2 * 10 ** places(text))
    if v - u <= iv[0] and iv[1] <= v + u:
        return True
    need(iv[1] < v - u or iv[0] > v + u, f"the printed {text} is undecided at this width")
    return False


@kind("poisson-raises")
def poisson_raises(asserts, data):
    """Printed cells of ks69's continuous raising game: alpha(a, b) by (18), the gain by (19)-(20), or who
    dominates ("A", "B", "none"), each re-derived from the listed enclosures of log(a)/2 (checked by e^x)."""
    N = z(data["terms"])
    need(1 <= N <= 400, "1..400 terms")
    logs = {}
    for k, (lo, hi) in data["half_logs"].items():
        a, lo, hi = q(k), q(lo), q(hi)
        need(a >= 1 and 0 <= lo <= hi and exp_bound(2 * lo, True) <= a <= exp_bound(2 * hi, False),
             f"[{lo}, {hi}] is not shown to enclose log({k})/2")
        logs[a] = (lo, hi)
    wrong, memo = [], {}
    for k, (fa, fb, what, text, *rest) in enumerate(asserts["cells"]):
        a, b = q(fa), q(fb)
        need(a in logs and b in logs, f"cell {k}: no enclosure of log(a)/2 or log(b)/2")
        x = memo.get((a, b)) or memo.setdefault((a, b), alpha(a, b, logs, N))
        if what == "alpha":
            ok = agrees(x, text)
        elif what == "resign":  # [a_lo, b, "resign", printed a, a_hi]: alpha(., b) = 1/2 in [a_lo, a_hi]
            hi = q(rest[0])
            need(hi in logs and x[0] >= HALF >= alpha(hi, b, logs, N)[1], f"cell {k}: no root of alpha = 1/2 shown")
            ok = agrees((a, hi), text)
        elif what in ("gain", "dominates", "gain-at-least"):
            g = gain(x, memo.get((b, a)) or memo.setdefault((b, a), alpha(b, a, logs, N)))
            ok = (agrees(g, text) if what == "gain" else g[0] >= q(text) if what == "gain-at-least" else
                  text == {1: "A", -1: "B"}.get(g[0] if g[0] == g[1] else 0, "none"))
        else:
            raise Bad(f"cell {k}: unknown quantity {what!r}")
        if not ok:
            wrong.append(k)
    return judged(wrong, sorted(asserts["disagree"]))


@describes("poisson-raises")
def poisson_raises_text(asserts) -> str:
    cells, bad = asserts["cells"], set(asserts["disagree"])
    kinds = sorted({c[2] for c in cells})
    pots = sorted({q(c[i]) for c in cells for i in (0, 1)})
    return (f"Keeler and Spencer's continuous raises, alpha(a, b) = P[X <= Y] by (18) (X, Y Poisson of means "
            f"log(a)/2, log(b)/2, in exact rational intervals with a bounded tail), the gain and who dominates by "
            f"(19)-(20), potentials {pots[0]}..{pots[-1]}: {len(cells) - len(bad)} of {len(cells)} printed cells "
            f"({', '.join(kinds)}) agree within half a unit of their last place (who dominates and a lower bound of "
            "the gain: exactly; resign: the root a of alpha(a, b) = 1/2, alpha decreasing in a, enclosed by a sign "
            "change)"
            + "".join(f"; {cells[k][2]}({cells[k][0]}, {cells[k][1]}) is not {cells[k][3]}" for k in sorted(bad)))
