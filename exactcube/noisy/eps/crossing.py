r"""Where heap n's optimal move changes: brackets, certificates and 50-digit values (``noisy`` (5)).

Setting.  At heap :math:`n` move :math:`a` is the unique optimum at :math:`L` and move :math:`b` at
:math:`H > L`; the crossing :math:`\varepsilon^*` is where :math:`f = p(n, a) - p(n, b)` changes sign.
Three steps, each rigorous:

1. *Bracket* (:func:`bracket`): bisection of :math:`[L, H]` with the certified floating-point
   decision :func:`exactcube.noisy.nim.decide_nim` (exact rationals only where its balls overlap).

2. *Winners fixed on* :math:`[L, H]` (:func:`certify_bracket`).  Every :math:`p(r, m)` is Lipschitz in
   :math:`\varepsilon` with constant :math:`L_1(r) = \sum_{s \le r} k(s)/q`,
   :math:`q = \min_{[L,H]} \varepsilon(1-\varepsilon)`: with :math:`w_s = \varepsilon^{d}(1-\varepsilon)^{k-d}`
   and :math:`\ell_s = (\log w_s)'` (which ranges over an interval of length :math:`k/(\varepsilon(1-\varepsilon))`),
   :math:`\mu_s' = \mu_s(\ell_s - \bar\ell)`, so :math:`\sum_s |\mu_s'| \le k/q`, and
   :math:`p(r, m)' = \sum_s \mu_s'(1 - p(s)) - \sum_s \mu_s p(s)'`.  If at the midpoint :math:`c` (balls of
   radius :math:`\rho_r`, :mod:`exactcube.noisy.nim.ball`) the best move of every heap :math:`r < n` beats the
   runner-up by more than :math:`2(\rho_r + L_1(r) h)`, :math:`h = (H - L)/2`, no heap :math:`r < n` changes
   its move on :math:`[L, H]`; likewise at heap :math:`n` every move other than :math:`a, b` stays below
   both.  Then :math:`f` is one rational function on :math:`[L, H]`.

3. *The root.*  (a) Exact route (:func:`exactcube.noisy.conjectures.locate_crossing`): the integer
   polynomial :math:`S_a Z_n(b) - S_b Z_n(a)` of :mod:`exactcube.noisy.eps.phases`, squarefree, with exactly one
   root in :math:`(L, H)` by Descartes' rule; feasible to :math:`n = 512` (its degree is about
   :math:`2\sum_{r<n} k(r)`, its coefficients about as many bits).  (b) Rigorous route (:func:`certify_root`):
   :math:`f` evaluated in MPFR at ``prec`` bits with the winners fixed, one grouped row per heap, with an a
   priori error bound :math:`\rho` (below); a sign change :math:`f(\ell) > 2\rho`, :math:`f(u) < -2\rho` on an
   interval narrower than :math:`10^{-55}` proves a root there; uniqueness on :math:`[L, H]`: the mean value
   theorem gives :math:`f'(\xi) \in (f(x_2) - f(x_1) \pm 4\rho)/(x_2 - x_1)` for some :math:`\xi`, and
   :math:`|f''| \le 2 L_2(n)` on :math:`[L, H]` with

   .. math::

      L_2(r) = \frac{k^2}{2q^2} + \frac{k}{\min(\varepsilon, 1-\varepsilon)^2} + \frac{2k}{q} L_1(r-1) + L_2(r-1)

   (from :math:`\mu_s'' = \mu_s[(\ell_s - \bar\ell)^2 + (\ell_s' - \overline{\ell'}) - \mathrm{Var}\,\ell]`,
   Popoviciu's bound :math:`\mathrm{Var}\,\ell \le (k/q)^2/4` and :math:`|\ell_s' - \overline{\ell'}| \le
   k/\min(\varepsilon,1-\varepsilon)^2`), so :math:`f'` keeps one sign on :math:`[L, H]` when the enclosure of
   :math:`f'(\xi)` stays away from 0 by more than :math:`2 L_2(n)(H - L)`.

Error bound of the MPFR row (unit roundoff :math:`u = 2^{-\mathrm{prec}}`, all terms nonnegative): the group
sums :math:`G_d` of at most :math:`r` values, the weights :math:`t^d` (:math:`t` rounded once, at most
:math:`2k` products), the products and the sum over :math:`d` give a relative error below
:math:`(r + 6k + 3)u` for the ratio (first order); with inputs within :math:`\delta` of the true
:math:`1 - p(s)` the row is within :math:`\rho = \delta + 2(r + 6k + 3)u` of :math:`p(r, m)`, and
:math:`\delta \leftarrow \rho + u` for the next heap.

References: ``noisy`` §3 equation (5), Conjecture 10; :mod:`exactcube.noisy.eps.phases`.
"""

from __future__ import annotations

from dataclasses import dataclass

import gmpy2
import numpy as np

from ...errors import BadInput
from ...numbers import format_decimal, mpq, to_mpq
from ...results import Result

__all__ = ["optimal_at", "Expansion", "expansion_at_one", "move_values_ball", "find_bracket", "bracket", "BracketCertificate", "certify_bracket", "RootCertificate", "certify_root",
           "lipschitz_bounds", "row_values"]


def optimal_at(n: int, eps: mpq):
    """Heap n's optimal moves at eps in certified floating point; None when only heap n's balls overlap (its two
    best moves are closer than the radius); exact rationals when a smaller heap's balls overlap."""
    from ..nim import decide_nim, solve_nim

    b = decide_nim(n, eps)
    if b is not None and b.stopped is None:
        return b.optimal[n]
    if b is not None and b.stopped == n:
        return None
    return solve_nim(n, eps).optimal[n]


def bracket(n: int, a: int, b: int, lo, hi, width="1e-15") -> tuple[mpq, mpq]:
    """Bisection: [lo, hi] with move a the unique optimum of heap n at lo and b at hi, narrower than ``width`` or
    as narrow as the certified floating point separates the two moves (their balls overlap at the midpoint)."""
    lo, hi, w = to_mpq(lo), to_mpq(hi), to_mpq(width)
    if optimal_at(n, lo) != (a,) or optimal_at(n, hi) != (b,):
        raise BadInput(f"heap {n}: need move {a} the unique optimum at {lo} and {b} at {hi}")
    while hi - lo >= w:
        mid = (lo + hi) / 2
        opt = optimal_at(n, mid)
        if opt is None:
            break
        if opt == (a,):
            lo = mid
        elif opt == (b,):
            hi = mid
        else:
            raise BadInput(f"heap {n} at eps = {mid}: optimal moves {list(opt)} (neither {a} nor {b} alone)")
    return lo, hi


def find_bracket(n: int, step=mpq(1, 100), progress=None) -> tuple[mpq, mpq, int] | None:
    r"""Scan eps = 1 - step, 1 - 2 step, ... down to 1/2 for the last point where move n - 1 is heap n's unique
    optimum (Conjecture 10's move); returns (lo, lo + step, rival) with ``rival`` the unique optimum at
    lo + step, or None if move n - 1 is optimal at 1 - step already.  ``progress(done, total)``
    (:mod:`exactcube.progress`) after each point."""
    step = to_mpq(step)
    if not 0 < step < mpq(1, 2):
        raise BadInput(f"step must lie in (0, 1/2), got {step}")
    prev = None
    x = 1 - step
    total = -(-mpq(1, 2) // step) - 1  # the points 1 - k step > 1/2
    done = 0
    while x > mpq(1, 2):
        opt = optimal_at(n, x)
        done += 1
        if progress:
            progress(done, int(total))
        if opt is None:
            raise BadInput(f"heap {n} at eps = {x}: two moves too close for the certified floating point")
        if opt == (n - 1,):
            if prev is None:
                return None
            if len(prev) != 1:
                raise BadInput(f"heap {n} at eps = {x + step}: several optimal moves {list(prev)}")
            return x, x + step, prev[0]
        prev = opt
        x -= step
    raise BadInput(f"heap {n}: move {n - 1} is not the unique optimum anywhere on the scanned grid above 1/2")


def lipschitz_bounds(n: int, lo: mpq, hi: mpq) -> tuple[list, list]:
    r"""Exact rational bounds L_1(r), L_2(r) (r = 0..n) on |p(r, m)'| and |p(r, m)''| over [lo, hi] (module docstring);
    L_2 assumes every heap below keeps one optimal move on [lo, hi]."""
    q = min(lo * (1 - lo), hi * (1 - hi))  # eps(1 - eps) is concave: its minimum is at an end
    mn = min(lo, 1 - hi)  # min(eps, 1 - eps) over [lo, hi]
    if q <= 0:
        raise BadInput("the interval must lie inside (0, 1)")
    L1, L2 = [mpq(0)], [mpq(0)]
    for r in range(1, n + 1):
        k = r.bit_length()
        L1.append(k / q + L1[-1])
        L2.append(mpq(k * k, 2) / (q * q) + k / (mn * mn) + 2 * k / q * L1[-2] + L2[-1])
    return L1, L2


@dataclass(frozen=True)
class BracketCertificate(Result):
    """On [lo, hi] every heap r < n keeps the unique optimal move ``winners[r]`` and at heap n every move other
    than a and b stays below both (rigorous: balls at the midpoint plus Lipschitz bounds)."""

    SOURCE = 'noisy §3, (5): which moves compete on an interval of eps'
    EVIDENCE = 'rigorous'
    METHOD = 'certified floating point at the midpoint and exact Lipschitz bounds'

    n: int
    a: int
    b: int
    lo: mpq
    hi: mpq
    winners: tuple
    min_slack: float  # smallest (gap - 2 (rho + L1 h)) over the heaps, > 0
    evidence: str = "rigorous"


def certify_bracket(n: int, a: int, b: int, lo, hi) -> BracketCertificate:
    """Prove that heaps < n keep their moves on [lo, hi] and that only a, b compete at heap n (module docstring, 2)."""
    from ..nim.ball import gap_above, run_ball

    lo, hi = to_mpq(lo), to_mpq(hi)
    c, h = (lo + hi) / 2, (hi - lo) / 2
    L1, _ = lipschitz_bounds(n, lo, hi)
    slack = []

    def choose(r, ratio, rho):
        lip = 2 * (rho + float(L1[r]) * float(h) * 1.0000001)
        if r < n:
            best = int(np.argmax(ratio))
            gap = gap_above(ratio, (best,)) if r > 1 else 1.0
            s = gap - lip
            if not s > 1e-12 * gap:  # also absorbs the rounding of this comparison
                raise BadInput(f"heap {r} may change its move on [{lo}, {hi}]: narrow the interval")
            slack.append(s)
            return best
        gap = gap_above(ratio, (a, b))
        s = gap - lip
        if not s > 1e-12 * gap:
            raise BadInput(f"at heap {n} a move other than {a} and {b} may compete on [{lo}, {hi}]")
        slack.append(s)
        return a

    sol = run_ball(n, c, choose)
    if sol is None:
        raise BadInput(f"eps = {c}: floating point cannot be used here")
    return BracketCertificate(n, a, b, lo, hi, tuple(m[0] if m else None for m in sol.optimal[:n]), min(slack))


def row_values(n: int, x: mpq, winners, moves, prec: int):
    """MPFR values of p(n, m) for m in ``moves`` at x with heaps r < n playing ``winners[r]``, and the radius
    rho of the module docstring (as an exact rational upper bound)."""
    from ..nim.channel import grade_sums

    half = mpq(1, 2)
    u = mpq(1, 2**prec)
    with gmpy2.context(gmpy2.get_context(), precision=prec):
        small = x / (1 - x) if x < half else (1 - x) / x
        t = gmpy2.mpfr(small)
        v = [gmpy2.mpfr(1)]
        delta = mpq(0)
        out = None
        for r in range(1, n + 1):
            k = r.bit_length()
            # weight of distance d relative to the largest: t^d (x < 1/2) or t^(k-d) (x > 1/2)
            tp = [gmpy2.mpfr(1)]
            for _ in range(k):
                tp.append(tp[-1] * t)
            wd = tp if x < half else tp[::-1]
            rows = moves if r == n else (winners[r],)
            vals = []
            for m in rows:
                G, C = grade_sums(r, m, v, gmpy2.mpfr(0))
                num = gmpy2.fsum([wd[d] * G[d] for d in range(k + 1) if C[d]])
                den = gmpy2.fsum([wd[d] * C[d] for d in range(k + 1) if C[d]])
                vals.append(num / den)
            rho = delta + 2 * (r + 6 * k + 3) * u
            if r == n:
                out = vals
            else:
                v.append(1 - vals[0])
                delta = rho + u
    return out, rho


@dataclass(frozen=True)
class RootCertificate(Result):
    r"""eps* in (lo, hi): the unique zero of p(n, a) - p(n, b) on the bracket [L, H] (``bracket``), where moves
    a (left) and b (right) are heap n's only optimal moves.  ``slope`` encloses f' at a point of [L, H];
    ``curvature`` is the bound 2 L_2(n) on |f''|; ``prec`` the MPFR precision; evidence rigorous."""

    SOURCE = 'noisy §3, (5): a crossing of two moves as a ball'
    EVIDENCE = 'rigorous'
    METHOD = 'MPFR recursion with an a priori radius, sign change certified at the ends'

    n: int
    a: int
    b: int
    lo: mpq
    hi: mpq
    bracket: BracketCertificate
    slope: tuple
    curvature: mpq
    prec: int
    evidence: str = "rigorous"

    def decimal(self, digits: int = 50) -> str:
        s, t = format_decimal(self.lo, digits), format_decimal(self.hi, digits)
        if s != t:
            raise ValueError(f"the isolating interval does not fix {digits} digits")
        return s


def certify_root(n: int, a: int, b: int, lo, hi, digits: int = 50, prec: int = 384) -> RootCertificate:
    """The crossing of heap n from move a to move b in the bracket [lo, hi], to ``digits`` decimals, rigorous
    (module docstring, route 3b).  The bracket must already satisfy :func:`certify_bracket`."""
    lo, hi = to_mpq(lo), to_mpq(hi)
    cert = certify_bracket(n, a, b, lo, hi)
    w = cert.winners

    def f(x):
        if not lo <= x <= hi:  # the winners are certified on [lo, hi] only
            raise ArithmeticError(f"evaluation point {x} outside the bracket")
        (va, vb), rho = row_values(n, x, w, (a, b), prec)
        return mpq(va) - mpq(vb), 2 * rho  # the difference exactly

    target = mpq(1, 10 ** (digits + 6))
    x0, x1 = lo, hi
    f0, e0 = f(x0)
    f1, e1 = f(x1)
    if not (f0 > e0 and f1 < -e1):
        raise BadInput(f"no certified sign change of p({n}, {a}) - p({n}, {b}) on [{lo}, {hi}]")
    # Illinois regula falsi on exact rationals (values from MPFR), keeping a certified sign change
    side = 0
    for _ in range(200):
        if x1 - x0 < target:
            break
        xm = x0 + (x1 - x0) * f0 / (f0 - f1)
        den = 2 ** prec
        xm = mpq(round(xm * den), den)
        if not x0 < xm < x1:
            xm = (x0 + x1) / 2
        # keep the step away from the ends so that both ends move
        fm, em = f(xm)
        if abs(fm) <= em:  # too close to the root for the precision: step off on both sides
            eta = max((x1 - x0) / 4, target / 4) if x1 - x0 > target else target / 4
            eta = min(eta, target / 4)
            xa, xb = max(x0, xm - eta), min(x1, xm + eta)
            fa, ea = f(xa)
            fb, eb = f(xb)
            if fa > ea and fb < -eb:
                x0, f0, x1, f1 = xa, fa, xb, fb
                break
            raise BadInput("the precision is too low to separate the crossing; raise prec")
        if fm > em:
            x0, f0 = xm, fm
            if side == 1:
                f1 = f1 / 2
            side = 1
        else:
            x1, f1 = xm, fm
            if side == -1:
                f0 = f0 / 2
            side = -1
    if x1 - x0 >= target:
        raise BadInput("regula falsi did not converge")
    # restore true values at the ends (Illinois halves them) and check the signs once more
    f0, e0 = f(x0)
    f1, e1 = f(x1)
    if not (f0 > e0 and f1 < -e1):
        raise BadInput("sign change lost")
    # uniqueness on [lo, hi]: enclosure of f'(xi) by a difference quotient, |f''| <= 2 L2(n) on [lo, hi]
    _, L2 = lipschitz_bounds(n, lo, hi)
    M2 = 2 * L2[n]
    step = mpq(1, 10**30)
    xa = max(lo, x0 - step)
    xb = min(hi, xa + 2 * step)
    fa, ea = f(xa)
    fb, eb = f(xb)
    s_lo = (fb - fa - ea - eb) / (xb - xa)
    s_hi = (fb - fa + ea + eb) / (xb - xa)
    var = M2 * (hi - lo)
    if not s_hi + var < 0:
        raise BadInput(f"could not prove f' < 0 on the bracket (f' in [{float(s_lo)}, {float(s_hi)}], "
                       f"|f''| (H - L) <= {float(var)}): narrow the bracket")
    return RootCertificate(n, a, b, x0, x1, cert, (s_lo, s_hi), M2, prec)


# ---------------------------------------------------------------------------
# why n - 4 overtakes n - 1 near eps = 1 (first-order expansion)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Expansion(Result):
    r"""First-order expansion of p(n, m) at eps = 1 for n = 2^j: with :math:`\delta = (1-\varepsilon)/\varepsilon`,
    :math:`p(n, m) = \text{value} - \text{slope}\cdot\delta + O(\delta^2)`.  ``centre`` is the complement c of m
    in the low j bits (where the channel sends m as eps -> 1); ``terms`` lists (r, p(r)(1)) over the words r at
    Hamming distance 1 from c; ``own`` is :math:`\lim (p(c) - p(c)(1))/\delta`."""

    SOURCE = 'noisy §3, (5): the first order at eps = 1 from n = 2^j (Lemma 4)'
    EVIDENCE = 'exact'
    METHOD = 'exact germs at eps = 1'

    n: int
    move: int
    centre: int
    value: mpq
    slope: mpq
    own: mpq
    terms: tuple


def expansion_at_one(n: int, move: int, at_one=None) -> Expansion:
    r"""The expansion of :class:`Expansion`, exactly.  For n = 2^j and m < n every received word r < n is legal and
    shares m's top bit, so :math:`\mu_n(m, r) = \delta^{d(r, c)}/(1+\delta)^j` with c the complement of m in the
    low j bits, and

    .. math::  p(n, m) = 1 - \frac{\sum_r \delta^{d(r,c)} p(r)}{(1+\delta)^j}
               = 1 - p(c)(1) - \delta\Big[\lim\frac{p(c) - p(c)(1)}{\delta}
                 + \sum_{d(r,c)=1} \big(p(r)(1) - p(c)(1)\big)\Big] + O(\delta^2).

    p(r)(1) are the exact values of the continuous extension at eps = 1 (:func:`exactcube.noisy.nim.solve_nim`,
    or ``at_one``, a solution at eps = 1 covering the words needed); the own term comes from the exact germ of
    heap c at 1 (:func:`exactcube.noisy.eps.phases.germ`), so c must be small (at most 16).
    """
    from ..nim import solve_nim

    if n < 2 or n & (n - 1):
        raise BadInput(f"n must be a power of two, got {n}")
    if not 0 <= move < n:
        raise BadInput(f"move {move} is not legal from heap {n}")
    j = n.bit_length() - 1
    c = (n - 1) ^ move
    if c > 16:
        raise BadInput(f"the complement {c} of move {move} is too large for the exact germ (at most 16)")
    nbrs = tuple(c ^ (1 << i) for i in range(j))
    need = max(nbrs + (c,))
    s1 = at_one if at_one is not None and at_one.n_max >= need else solve_nim(need, 1)
    pc1 = s1.p[c]
    own = mpq(0)
    if c > 0:
        from flint import fmpq

        g = ph_germ(c)
        f = g.p[c]  # p(c) = N/D near 1; (p(c) - p(c)(1))/delta -> -p(c)'(1) (delta ~ 1 - eps)
        N, D = f.num, f.den
        d1 = fmpq(1)
        val = N(d1) / D(d1)
        deriv = (N.derivative()(d1) * D(d1) - N(d1) * D.derivative()(d1)) / (D(d1) ** 2)
        if mpq(int(val.p), int(val.q)) != pc1:
            raise ArithmeticError("germ and exact solution disagree at eps = 1")
        own = -mpq(int(deriv.p), int(deriv.q))
    terms = tuple((r, s1.p[r]) for r in nbrs)
    slope = own + sum((v - pc1 for _, v in terms), mpq(0))
    return Expansion(n, move, c, 1 - pc1, slope, own, terms)


def ph_germ(c: int):
    """The exact germ of heaps 1..c at eps = 1 (left side)."""
    from . import phases as ph

    return ph.germ(c, 1, "left")


def move_values_ball(n: int, eps, moves, dtype=np.longdouble) -> dict:
    """Certified floating-point values of p(n, m) for the given moves (``noisy`` (5)): {m: (value, radius)}; the
    heaps below play their certified optimal moves (:func:`exactcube.noisy.nim.decide_nim`); ``dtype`` is the
    floating format (default the x87 long double where the platform has it)."""
    from ..nim.ball import certified_best, run_ball

    out = {}

    def choose(r, ratio, rho):
        if r == n:
            for m in moves:
                out[m] = (float(ratio[m]), rho)
            return int(np.argmax(ratio))
        return certified_best(r, ratio, rho)

    sol = run_ball(n, eps, choose, dtype)
    if sol is None or sol.stopped is not None:
        raise BadInput(f"eps = {eps}: the certified floating point cannot decide the heaps below {n}")
    return out
