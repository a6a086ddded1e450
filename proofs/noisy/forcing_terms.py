"""Claim of ``noisy``: the forcing term F_K is not positive term by term (issue 42, item 4).

D_2K = eps D_K + (1 - eps) F_K with F_K = (2 eps - 1) G_K and G_K = sum_{h<K/4} w(K/4 - 1, h)(p(K + 4h) - p(K + 4h + 3))
(``noisy.conjecture10.d_recursion``).  The simplest route to F_K > 0 in the middle of (1/2, 1) would be that every
term is positive, p(K + 4h) > p(K + 4h + 3).  ``noisy.conjecture10.forcing_not_termwise`` shows that route is closed:
at eps = 9/10 the term of largest weight, h = K/4 - 1 (heaps 2K - 4 and 2K - 1, weight (1 - eps)^(k-3)), is
certified negative at every K = 8..2048 (binary64 balls of :func:`exactcube.noisy.nim.ball.run_ball`), while G_K > 0
is certified at the same points (``noisy.conjecture10.forcing_middle``): the positivity of G_K comes from the sum.
"""

from __future__ import annotations


import numpy as np

from exactcube.certificates import recorded_cache
from exactcube.claims import claim, open_, verified
from exactcube.content.model import claim_ref, say
from exactcube.noisy.nim.ball import run_ball
from exactcube.numbers import format_exact, mpq

from .readings import CHANNEL, resting_on

#: the point of (1/2, 1) and the largest K of the check
TERM_EPS = mpq(9, 10)
TERM_K = 2048


@recorded_cache
def term_balls(e=TERM_EPS, K_max: int = TERM_K):
    """The ball solution of (5) at ``e`` for every heap below 2 K_max (every heap at its computed maximum)."""
    return run_ball(2 * K_max - 1, e, lambda n, ratio, rho: int(np.argmax(ratio)))


def term_rows(e=TERM_EPS, K_max: int = TERM_K) -> list:
    """Rows (K, the term h = K/4 - 1's upper end p(2K - 4) - p(2K - 1) + radii, how many of the K/4 terms are
    certified negative): the upper end negative certifies the term negative."""
    sol = term_balls(e, K_max)
    mid, rad = np.array(sol.mid), np.array(sol.rad)
    rows = []
    K = 8
    while K <= K_max:
        h = np.arange(K // 4)
        a, b = K + 4 * h, K + 4 * h + 3
        upper = mid[a] - mid[b] + rad[a] + rad[b]
        rows.append((K, float(upper[-1]), int((upper < 0).sum())))
        K *= 2
    return rows


@recorded_cache
def _not_termwise():
    sol = term_balls()
    rows = term_rows()
    bad = [K for K, top, _ in rows if not top < 0]
    if bad:
        return open_(sol, say(f"the term $h = K/4 - 1$ is not certified negative at $K = {bad[0]}$"))
    text = ", ".join(f"{K}: {top:.3g} ({neg} of {K // 4})" for K, top, neg in rows)
    return verified(sol, say(
        f"at $\\varepsilon = {format_exact(TERM_EPS)}$, for every $K = 8, \\ldots, {TERM_K}$, the term of $G_K$ of "
        "largest weight, $h = K/4 - 1$, is negative: $p(2K - 4) - p(2K - 1)$ plus both ball radii is below 0 "
        "(binary64 balls with the a priori radius, every heap at its computed maximum). Upper ends, and how many of "
        f"the $K/4$ terms are certified negative: {text}. So $F_K > 0$ in the middle of $(1/2, 1)$ cannot be proved "
        "term by term; $G_K > 0$ is certified at this point for the same $K$ (", claim_ref(
            "noisy.conjecture10.forcing_middle"), "), from the sum"),
        {"eps": format_exact(TERM_EPS), "rows": [[K, f"{top:.4g}", neg] for K, top, neg in rows]},
        assumptions=(CHANNEL.id,))


@claim("noisy.conjecture10.forcing_not_termwise", "§3, Conjecture 10",
       "The terms of $G_K = \\sum_h w(K/4 - 1, h)(p(K + 4h) - p(K + 4h + 3))$ are not all positive in the middle of "
       "$(1/2, 1)$: at $\\varepsilon = 9/10$ the term $h = K/4 - 1$ is negative for every $K = 8..2048$ (issue 42, "
       "item 4: the term-by-term route to $F_K > 0$ is closed)",
       unprinted=("derived here about a proof route, not printed in the note: the check fails when a ball does not "
                  "certify the term negative"))
@resting_on(CHANNEL)
def forcing_not_termwise():
    return _not_termwise()


CACHED = (term_balls, _not_termwise)
