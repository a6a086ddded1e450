r"""Continuous raises (ks69 §4-5 and Appendix): total raise potentials :math:`a, b \ge 1`.

Each player may raise by any factor greater than one at any time, provided the
product of his raises stays within his potential (:math:`a` for A, :math:`b` for
B).  Splitting :math:`a` into :math:`n` raises of :math:`a^{1/n}` (ks69 (12)-(13))
and letting :math:`n \to \infty`, :math:`n(a^{1/n}-1)/(2a^{1/n}) \to L` (ks69
(14)-(15)), so the binomial laws of Theorem 2 tend to Poisson laws (ks69 (17)):

.. math::

    L = \tfrac12 \log a, \quad M = \tfrac12 \log b, \qquad
    X \sim \mathrm{Poisson}(L),\ Y \sim \mathrm{Poisson}(M), \qquad
    P[X = k] = \frac{e^{-L}L^k}{k!} = \frac{L^k}{\sqrt a\, k!},

.. math::

    \alpha(a,b) = P[X \le Y] = \frac{1}{\sqrt{ab}} \sum_{0 \le i \le j} \frac{L^i M^j}{i!\,j!}
    \quad\text{(ks69 (18))}, \qquad \beta(a,b) = 1 - \alpha(b,a).

**Rigorous evaluation.**  :math:`\alpha = \sum_{j \ge 0} P[Y=j]\,P[X \le j]`
is summed to :math:`j = N` in ball arithmetic (python-flint ``arb``); since
:math:`0 \le P[X \le j] \le 1`, the rest lies in
:math:`[0,\ P[Y=N+1]/(1 - M/(N+2))]` for :math:`N + 2 > M`, which is added as a
ball.  Precision is raised until the ball is as narrow as asked.

**Expected value** (ks69 (19)-(20)), at an even game:
:math:`E(a,b) = (\alpha(b,a) - \alpha(a,b))/(\alpha(a,b) + \alpha(b,a) - 1)` when
:math:`\beta < \tfrac12 < \alpha`, else :math:`\pm 1`; the denominator is
:math:`P[X = Y] = e^{-L-M} I_0(2\sqrt{LM})`, and since (19) exceeds 1 exactly
when :math:`\alpha \le \tfrac12`, :math:`E` is (20) clamped to :math:`[-1, 1]`.

**Resign potential** (Table V).  For B's potential :math:`b`, the :math:`a` with
:math:`\alpha(a,b) = \tfrac12`: from there on A raises at once in an even game and
B must fold (:math:`E = +1`).  As a function of :math:`L`,
:math:`\partial\alpha/\partial L = -P[X = Y] < 0` (since
:math:`\partial_L P[X \le j] = -P[X = j]`), so the root is unique; it is found by
Newton's method and *certified* by evaluating :math:`\alpha - \tfrac12` as balls of
opposite signs at both ends of the returned enclosure.

**Asymptotics** (ks69 (23)-(27), Appendix).  Normal approximation
:math:`\alpha(a,b) \approx \Phi\big((\tfrac12 - (L-M))/\sqrt{L+M}\big)` with the
standard normal :math:`\Phi`; :math:`E(a,b) = \log(a/b) + o(1)` for
:math:`L = M + t`, :math:`t` fixed, :math:`M \to \infty`; and
:math:`f(x) = \sum x^{2i}/i!^2 = I_0(2x) \sim e^{2x}/(2\sqrt{\pi x})`.

References: E. Keeler and J. Spencer, *Proper raising points in a generalization
of backgammon*, RAND P-4078 (1969), §4-5, Appendix, Tables III-V, Figure 3.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import flint
from flint import arb, fmpq

from ..algebraic import to_ball
from ..errors import BadInput, TooLarge
from ..numbers import ball_precision, mpq, to_mpq
from ..results import Result

__all__ = [
    "working_precision",
    "check_potential",
    "half_log",
    "RaisingPointBall",
    "ContinuousValue",
    "ResignPotential",
    "alpha",
    "alpha_LM",
    "alpha_table",
    "beta",
    "tie_probability",
    "expected_value",
    "expected_value_limit",
    "alpha_means",
    "expected_value_means",
    "resign_potential",
    "alpha_normal",
    "alpha_split",
    "bessel_f",
    "bessel_f_asymptotic",
    "bits_for_digits",
    "chess_clock_sample",
    "ClockSample",
    "sample_clock_alpha",
]

#: Largest potential accepted (the Poisson means are log(a)/2; beyond this the series gets long).
MAX_POTENTIAL_LOG = 2 * 10**5
_GUARD = 24


#: python-flint's precision for a block (the one helper in :mod:`exactcube.numbers`)
working_precision = ball_precision


def bits_for_digits(digits: int) -> int:
    """Bits of working precision for ``digits`` correct decimals, plus guard bits."""
    if isinstance(digits, bool) or not isinstance(digits, int) or digits < 1:
        raise BadInput(f"digits must be a whole number >= 1, got {digits!r}")
    if digits > 10_000:
        raise TooLarge(f"digits = {digits} is too many (at most 10000)")
    return int(math.ceil(digits * math.log2(10))) + _GUARD


def check_potential(a, name: str = "a") -> mpq:
    """A raise potential: an exact rational >= 1 (1 means no raising at all)."""
    q = to_mpq(a, name)
    if q < 1:
        raise BadInput(f"raise potential {name} must be at least 1, got {q}")
    if q > 1 and math.log(q.numerator) - math.log(q.denominator) > MAX_POTENTIAL_LOG:
        raise TooLarge(f"raise potential {name} is too large (log {name} at most {MAX_POTENTIAL_LOG})")
    return q


def half_log(a) -> arb:
    """:math:`\\tfrac12\\log a` as a ball at the current precision (ks69 (16)); exactly 0 for a = 1."""
    a = check_potential(a)
    if a == 1:
        return arb(0)
    return to_ball(a).log() / 2


def _tail_ok(tail: arb, s: arb, bits: int) -> bool:
    return tail.upper() < s.lower() * arb(2) ** (-(bits + 4)) if s.lower() > 0 else False


def alpha_LM(L: arb, M: arb, max_terms: int = 10**7) -> tuple[arb, int, arb]:
    """ks69 (18) as a ball at the current precision, for Poisson means L, M >= 0 (balls).

    Returns (enclosure of :math:`P[X \\le Y]`, terms summed, upper bound of the tail).
    """
    bits = flint.ctx.prec
    if M.upper() <= 0:  # b = 1: only j = 0 contributes
        return (-L).exp(), 1, arb(0)
    pX = (-L).exp()  # P[X = j]
    pY = (-M).exp()  # P[Y = j]
    cdf = pX  # P[X <= j]
    s = pY * cdf
    j = 0
    mup = M.upper()
    while True:
        j += 1
        if j > max_terms:
            raise TooLarge(f"series (18) needs more than {max_terms} terms; use smaller potentials")
        pX = pX * L / j
        pY = pY * M / j
        if j + 1 > 2 * mup:
            # rest after j-1 terms: sum_{k>=j} P[Y=k] <= P[Y=j] / (1 - M/(j+1))
            tail = pY / (1 - M / (j + 1))
            if _tail_ok(tail, s, bits):
                t = arb(tail.upper())
                return s + arb(t / 2, t / 2), j, t
        cdf = cdf + pX
        s = s + pY * cdf


@dataclass(frozen=True)
class RaisingPointBall(Result):
    """A's continuous raising point :math:`\\alpha(a,b)` (ks69 (18)) as a rigorous ball."""

    SOURCE = 'ks69 (18)'

    a: mpq
    b: mpq
    value: arb
    digits: int
    terms: int
    tail_bound: arb
    method: str = "ks69 (18): Poisson double series with a proven tail bound (arb)"
    evidence: str = "rigorous"


def _accurate(x: arb, digits: int) -> bool:
    return x.rad() <= arb(10) ** (-digits - 1) * max(arb(1), abs(x.mid()))


def alpha(a, b, digits: int = 30) -> RaisingPointBall:
    """:math:`\\alpha(a,b)` of ks69 (18), a ball of radius below :math:`10^{-\\text{digits}-1}` (relative)."""
    a, b = check_potential(a, "a"), check_potential(b, "b")
    bits = bits_for_digits(digits)
    for _ in range(8):
        with working_precision(bits):
            if a == 1:  # L = 0: X = 0 surely, alpha = 1
                v, n, t = arb(1), 0, arb(0)
            else:
                v, n, t = alpha_LM(half_log(a), half_log(b))
        if _accurate(v, digits):
            return RaisingPointBall(a, b, v, digits, n, t)
        bits *= 2
    raise TooLarge(f"could not reach {digits} digits for alpha({a}, {b})")  # pragma: no cover


def alpha_table(pots_a, pots_b, digits: int = 30) -> dict:
    """:math:`\\alpha(a,b)` of ks69 (18) for every a in ``pots_a`` and b in ``pots_b`` (Table III), as balls.

    The logarithms are computed once per potential; a cell whose ball is too wide is recomputed by
    :func:`alpha` at higher precision.  Returns ``{(a, b): arb}`` keyed by the exact potentials.
    """
    from ..weaker import as_asked, weaken

    pa = [check_potential(a, "a") for a in pots_a]
    pb = [check_potential(b, "b") for b in pots_b]
    if weaken("brownian.continuous.alpha_table", "rigorous") == "numeric":
        with as_asked():
            return _float_table(alpha_table(pots_a, pots_b, digits), digits)
    bits = bits_for_digits(digits)
    out = {}
    with working_precision(bits):
        logs = {q: half_log(q) for q in set(pa) | set(pb)}
        for a in pa:
            for b in pb:
                v = arb(1) if a == 1 else alpha_LM(logs[a], logs[b])[0]
                out[(a, b)] = v if _accurate(v, digits) else alpha(a, b, digits).value
    return out


def _float_table(balls: dict, digits: int) -> dict:
    """The balls' midpoints as mpmath floats of ``digits`` + 5 digits, the radii dropped: the table one arithmetic
    weaker (``numeric``), for ``verify --mutate``'s arithmetic operator (:mod:`exactcube.weaker`)."""
    import mpmath

    with mpmath.workdps(digits + 5):
        return {k: mpmath.mpf(v.mid().str(digits + 5, radius=False)) for k, v in balls.items()}


def beta(a, b, digits: int = 30) -> arb:
    """B's raising point :math:`\\beta(a,b) = 1 - \\alpha(b,a)` (ks69 §5, symmetry), a ball."""
    return 1 - alpha(b, a, digits).value


def tie_probability(a, b, digits: int = 30) -> arb:
    """:math:`P[X=Y] = \\alpha(a,b)+\\alpha(b,a)-1 = e^{-L-M}I_0(2\\sqrt{LM})` (denominator of ks69 (20), (28))."""
    a, b = check_potential(a, "a"), check_potential(b, "b")
    with working_precision(bits_for_digits(digits)):
        L, M = half_log(a), half_log(b)
        return (-(L + M)).exp() * (2 * (L * M).sqrt()).bessel_i(0)


@dataclass(frozen=True)
class ContinuousValue(Result):
    """A's expected gain at an even game (ks69 (19)-(20)), a ball; ``dominated`` is "A", "B", None or "?"."""

    SOURCE = 'ks69 (18), (20)'

    a: mpq
    b: mpq
    value: arb
    alpha: arb
    beta: arb
    dominated: str | None
    digits: int
    method: str = "ks69 (20) clamped to [-1, 1], alpha by (18) in arb"
    evidence: str = "rigorous"


def _clamp(x: arb) -> arb:
    return x.min(arb(1)).max(arb(-1))


def expected_value(a, b, digits: int = 30) -> ContinuousValue:
    """A's expected gain at an even game with potentials ``a``, ``b`` (ks69 (19)-(20), Table IV), a ball."""
    a, b = check_potential(a, "a"), check_potential(b, "b")
    half = arb(fmpq(1, 2))
    with working_precision(bits_for_digits(digits) + 16):
        x = alpha(a, b, digits + 5).value
        y = alpha(b, a, digits + 5).value
        bt = 1 - y
        f = (y - x) / (x + y - 1)
        # the domination flags, decided exactly where the values are algebraic (b = 1 or a = 1)
        if b == 1:
            dom = "A" if a >= 4 else None
        elif a == 1:
            dom = "B" if b >= 4 else None
        elif x < half:
            dom = "A"
        elif bt > half:
            dom = "B"
        elif x > half and bt < half:
            dom = None
        else:
            dom = "?"
        value = arb(1) if dom == "A" else arb(-1) if dom == "B" else _clamp(f)
    return ContinuousValue(a, b, value, x, bt, dom, digits)


def _check_mean(x, name: str) -> mpq:
    q = to_mpq(x, name)
    if q < 0:
        raise BadInput(f"Poisson mean {name} must be >= 0, got {q}")
    if q > MAX_POTENTIAL_LOG:
        raise TooLarge(f"Poisson mean {name} = {q} is too large (at most {MAX_POTENTIAL_LOG})")
    return q


def alpha_means(L, M, digits: int = 30) -> arb:
    """ks69 (22): :math:`P[X \\le Y]`, :math:`X \\sim` Poisson(L), :math:`Y \\sim` Poisson(M), for exact means L, M >= 0.

    This is :math:`\\alpha(a,b)` with :math:`a = e^{2L}`, :math:`b = e^{2M}` (ks69 (16), (21)); used by the
    asymptotic checks, where the means, not the potentials, are the natural parameters.
    """
    L, M = _check_mean(L, "L"), _check_mean(M, "M")
    bits = bits_for_digits(digits)
    for _ in range(8):
        with working_precision(bits):
            v = alpha_LM(to_ball(L), to_ball(M))[0]
        if _accurate(v, digits):
            return v
        bits *= 2
    raise TooLarge(f"could not reach {digits} digits for means ({L}, {M})")  # pragma: no cover


def expected_value_means(L, M, digits: int = 30) -> arb:
    """ks69 (20)/(28) for Poisson means L, M: :math:`E = (P[X>Y]-P[X<Y])/P[X=Y]` clamped to [-1, 1], a ball."""
    with working_precision(bits_for_digits(digits) + 16):
        x = alpha_means(L, M, digits + 10)
        y = alpha_means(M, L, digits + 10)
        return _clamp((y - x) / (x + y - 1))


def expected_value_limit(a, b) -> arb:
    """The Appendix's leading term :math:`\\log(a/b)` of :math:`E(a,b)` (ks69 (26)-(27)), a ball."""
    a, b = check_potential(a, "a"), check_potential(b, "b")
    return to_ball(a / b).log()


@dataclass(frozen=True)
class ResignPotential(Result):
    """Table V: the potential :math:`a` with :math:`\\alpha(a,b) = 1/2`, enclosed rigorously."""

    SOURCE = 'ks69 §5, (20)'

    b: mpq
    a: arb
    L: arb
    digits: int
    iterations: int
    method: str
    evidence: str = "rigorous"


def _g(L: arb, M: arb) -> arb:
    return alpha_LM(L, M)[0] - arb(fmpq(1, 2))


def resign_potential(b, digits: int = 20) -> ResignPotential:
    """The least potential ``a`` for which B should resign an even game (ks69 Table V), as a certified ball.

    Solves :math:`\\alpha(a,b) = 1/2` in :math:`L = \\tfrac12\\log a` by Newton's method
    (:math:`\\partial\\alpha/\\partial L = -e^{-L-M}I_0(2\\sqrt{LM})`), then proves the enclosure:
    :math:`\\alpha - 1/2` is a positive ball at its left end and a negative ball at its right end.
    """
    b = check_potential(b, "b")
    if b == 1:  # alpha(a, 1) = a^(-1/2) = 1/2 exactly at a = 4 (ks69 §4 example)
        return ResignPotential(b, arb(4), arb(4).log() / 2, digits, 0, "closed form alpha(a,1) = 1/sqrt(a)", "exact")
    bits = bits_for_digits(digits) + 16
    with working_precision(bits):
        M = half_log(b)
        # bracket: alpha(M, M) > 1/2 (ties have positive chance); widen hi until alpha < 1/2
        lo = arb(M.mid())
        hi = lo + 1
        while not (_g(hi, M) < 0):
            hi = hi + 1
        L = arb((M + fmpq(1, 2)).mid())
        if not (L > lo and L < hi):
            L = arb(((lo + hi) / 2).mid())
        its = 0
        tol = arb(2) ** (-(bits - 12))
        while True:
            its += 1
            g = _g(L, M)
            if g > 0:
                lo = L
            elif g < 0:
                hi = L
            d = -(-(L + M)).exp() * (2 * (L * M).sqrt()).bessel_i(0)
            step = arb((g / d).mid())
            newL = arb((L - step).mid())
            if not (newL > lo and newL < hi):  # keep inside the bracket (bisection fallback)
                newL = arb(((lo + hi) / 2).mid())
            L = newL
            if abs(step) < tol * (1 + abs(L)) or its > 200:
                break
        # certify
        delta = tol * (1 + abs(L)) * 4
        for _ in range(12):
            Llo, Lhi = arb((L - delta).mid()), arb((L + delta).mid())
            if _g(Llo, M) > 0 and _g(Lhi, M) < 0:
                Lint = Llo.union(Lhi)
                a = (2 * Lint).exp()
                return ResignPotential(b, a, Lint, digits, its,
                                       "Newton on L = log(a)/2, root certified by a sign change of balls")
            delta = delta * 16
    raise TooLarge(f"could not certify the resign potential for b = {b}")  # pragma: no cover


def alpha_normal(a, b, digits: int = 30) -> arb:
    """ks69 (23): :math:`\\Phi((1/2 - (L-M))/\\sqrt{L+M})` with the *standard* normal :math:`\\Phi`, a ball."""
    a, b = check_potential(a, "a"), check_potential(b, "b")
    if a == 1 and b == 1:
        raise BadInput("the normal approximation (23) needs a > 1 or b > 1 (L + M > 0)")
    with working_precision(bits_for_digits(digits)):
        L, M = half_log(a), half_log(b)
        z = (arb(fmpq(1, 2)) - (L - M)) / (L + M).sqrt()
        return (-z / arb(2).sqrt()).erfc() / 2


def alpha_split(a, b, n: int, m: int, digits: int = 30) -> arb:
    """ks69 (12)-(13): :math:`\\alpha` when A's potential is split into ``n`` raises of :math:`a^{1/n}`, B's into ``m``.

    :math:`P[K_a \\le K_b]` with :math:`K_a \\sim \\mathrm{Bin}(n, (a^{1/n}-1)/(2a^{1/n}))`, likewise
    :math:`K_b`; a ball (the factors are irrational in general).  Tends to ks69 (18) as n, m grow.
    """
    a, b = check_potential(a, "a"), check_potential(b, "b")
    for k, nm in ((n, "n"), (m, "m")):
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise BadInput(f"{nm} must be a whole number >= 1, got {k!r}")
        if k > 10**5:
            raise TooLarge(f"{nm} = {k} is too large (at most 100000)")
    with working_precision(bits_for_digits(digits) + 2 * int(math.log2(n + m + 2)) + 16):
        def pmf(x: mpq, k: int) -> list:
            f = to_ball(x).root(k) if x != 1 else arb(1)
            u = (f - 1) / (2 * f)
            h = 1 - u
            out = []
            term = h ** k
            for s in range(k + 1):
                out.append(term)
                if s < k:
                    term = term * u * (k - s) / ((s + 1) * h)
            return out

        pa, pb = pmf(a, n), pmf(b, m)
        cdf, s = arb(0), arb(0)
        for j in range(m + 1):
            if j <= n:
                cdf = cdf + pa[j]
            s = s + pb[j] * cdf
        return s


def bessel_f(x, digits: int = 30) -> arb:
    """The Appendix's :math:`f(x) = \\sum_i x^{2i}/i!^2 = I_0(2x)`, a ball."""
    x = to_mpq(x, "x")
    if x < 0:
        raise BadInput(f"x must be >= 0, got {x}")
    with working_precision(bits_for_digits(digits)):
        return (2 * to_ball(x)).bessel_i(0)


def bessel_f_asymptotic(x, digits: int = 30) -> arb:
    """The Appendix's :math:`f(x) \\sim e^{2x}/(2\\sqrt{\\pi x})`, a ball (x > 0)."""
    x = to_mpq(x, "x")
    if x <= 0:
        raise BadInput(f"x must be > 0, got {x}")
    with working_precision(bits_for_digits(digits)):
        X = to_ball(x)
        return (2 * X).exp() / (2 * (arb.pi() * X).sqrt())


def chess_clock_sample(a, b, rng=None) -> bool:
    """One play of ks69 §4's chess-clock contest; True when A wins (``P = alpha(a, b)``).

    Both clocks hold one time unit.  A's clock runs until an upset (a Poisson process of rate
    :math:`L = \\tfrac12\\log a` in A's clock time), then B's until an upset (rate :math:`M`), and so
    on; A wins iff his clock runs out first.  Sampling uses binary floats (evidence: sampled).
    """
    import random

    a, b = check_potential(a, "a"), check_potential(b, "b")
    rng = rng if rng is not None else random.Random(0)
    rates = (math.log(a.numerator) - math.log(a.denominator)) / 2, (math.log(b.numerator) - math.log(b.denominator)) / 2
    left = [1.0, 1.0]
    turn = 0
    while True:
        rate = rates[turn]
        wait = rng.expovariate(rate) if rate > 0 else math.inf
        if wait >= left[turn]:
            return turn == 0
        left[turn] -= wait
        turn = 1 - turn


@dataclass(frozen=True)
class ClockSample(Result):
    """A seeded Monte Carlo estimate of :math:`\alpha(a, b)` by ks69 §4's chess-clock contest, with a 99.9% Wilson
    interval (``low``, ``high``)."""

    SOURCE = "ks69 §4, the chess-clock analogy"
    METHOD = "ks69 §4 chess-clock contest, seeded"
    #: a seeded Monte Carlo estimate: the one arithmetic of this class
    EVIDENCE = "sampled"

    a: mpq
    b: mpq
    wins: int
    trials: int
    seed: int
    estimate: float
    low: float
    high: float


def sample_clock_alpha(a, b, trials: int = 4000, seed: int = 1969) -> ClockSample:
    """Estimate :math:`\alpha(a, b)` by playing the chess-clock contest (:func:`chess_clock_sample`) ``trials``
    times from ``random.Random(seed)``: a sampled result with its 99.9% Wilson interval."""
    import random

    a, b = check_potential(a, "a"), check_potential(b, "b")
    if trials < 1:
        raise BadInput(f"trials must be at least 1, got {trials}")
    rng = random.Random(seed)
    wins = sum(chess_clock_sample(a, b, rng) for _ in range(trials))
    z, ph = 3.2905, wins / trials  # two-sided 99.9%
    den = 1 + z * z / trials
    centre = (ph + z * z / (2 * trials)) / den
    half = z * math.sqrt(ph * (1 - ph) / trials + z * z / (4 * trials * trials)) / den
    return ClockSample(a, b, wins, trials, seed, ph, centre - half, centre + half)
