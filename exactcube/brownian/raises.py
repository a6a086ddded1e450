r"""Non-alternating raises (ks69 §3): A has :math:`i` raises of factor :math:`a`, B has :math:`j` of factor :math:`b`.

Either player may raise whenever he pleases; the raises need not alternate.
:math:`\alpha(i,j)` is A's (smallest) raising point and B's folding point,
:math:`\beta(i,j)` is B's raising point (A's folding point), both as states
:math:`p \in [0,1]` of the P-game (A's chance of winning).

**Recurrences** (ks69 (6)-(9)).  At a raise the non-raiser is indifferent between
folding and playing on, so the game effectively ends at the next raising points;
the consistency lemma (ks69 (2)) and indifference :math:`-K = aK(\dots)` (ks69 (6))
give

.. math::

    \alpha(i,j) = \frac{a+1}{2a}\,\alpha(i-1,j) + \frac{a-1}{2a}\,\beta(i-1,j), \qquad
    \beta(i,j)  = \frac{b-1}{2b}\,\alpha(i,j-1) + \frac{b+1}{2b}\,\beta(i,j-1),

with :math:`\alpha(0,j) = 1` (A without raises plays to the real end) and
:math:`\beta(i,0) = 0`.  (The text prints :math:`\beta(i,0) = 1`; its own example,
:math:`\beta(0,1) = \tfrac13\alpha(0,0) + \tfrac23\beta(0,0) = \tfrac13`, needs
:math:`\beta(0,0) = 0`; see ``proofs/ks69/raises.py``.)

**Theorem 2** (ks69 (10)-(11)).  With :math:`K_a \sim \mathrm{Bin}(i, u_a)`,
:math:`K_b \sim \mathrm{Bin}(j, u_b)` independent, :math:`u_x = (x-1)/(2x)` (the
"upset" chance),

.. math::

    \alpha(i,j) = P[K_a \le K_b], \qquad \beta(i,j) = P[K_a < K_b].

**Coin flipping** (ks69 §3).  From :math:`\alpha(m,n)` the game is a contest of
biased coins: the player to move flips; heads (chance :math:`1-u`) he keeps the
move, tails (an upset) the move passes; every flip uses one of the flipper's
raises.  A wins when it is his move and he has no raise left (state
:math:`\alpha(0,j) = 1`), B when it is his move with none left
(:math:`\beta(i,0) = 0`).

**Value of the game** (ks69 (19)).  At state :math:`p` with no raise made yet,
A's expected gain per unit stake is
:math:`((p-\beta) - (\alpha-p))/(\alpha-\beta)` if :math:`\beta < p < \alpha`, and
:math:`\pm 1` if one player dominates (:math:`p \ge \alpha`: A raises, B folds;
:math:`p \le \beta`: B raises, A folds).  Since :math:`\beta < \alpha` always, the
value is the formula clamped to :math:`[-1, 1]`.

References: E. Keeler and J. Spencer, *Proper raising points in a generalization
of backgammon*, RAND P-4078 (1969), §3 and Tables I-II.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import gmpy2
from flint import arb

from ..errors import BadInput
from ..numbers import check_whole, mpq, mpz, to_mpq
from ..algebraic import to_ball
from ..results import Result

__all__ = [
    "MAX_RAISES",
    "RaisingPoints",
    "RaisingGrid",
    "GameValue",
    "check_factor",
    "check_raises",
    "upset_probability",
    "hold_probability",
    "raising_points",
    "raising_points_recurrence",
    "raising_points_binomial",
    "raising_grid",
    "game_value",
    "expected_value",
    "coin_game_sample",
    "coin_toss_sample",
    "sample_alpha",
]

#: Largest number of raises per player accepted (exact numbers grow like 2i log2(2a) bits).
MAX_RAISES = 5000


def check_factor(a, name: str = "a") -> mpq:
    """A raise factor: an exact rational strictly greater than 1 (BadInput otherwise)."""
    q = to_mpq(a, name)
    if q <= 1:
        raise BadInput(f"raise factor {name} must be greater than 1, got {q}")
    return q


def check_raises(i, name: str = "i", limit: int = MAX_RAISES) -> int:
    """A number of raises: a whole number in 0..limit (BadInput / TooLarge otherwise)."""
    return check_whole(i, f"number of raises {name}", 0, limit)


def upset_probability(a) -> mpq:
    r""":math:`u_a = (a-1)/(2a)`: chance that a raise of factor ``a`` is answered (ks69 (11), "tails")."""
    a = check_factor(a)
    return (a - 1) / (2 * a)


def hold_probability(a) -> mpq:
    r""":math:`(a+1)/(2a)`: chance the raiser reaches his next raising point first (ks69 §3, "heads")."""
    return 1 - upset_probability(a)


@dataclass(frozen=True)
class RaisingPoints(Result):
    """:math:`\\alpha(i,j)` and :math:`\\beta(i,j)` for raise factors ``a``, ``b``, and how they were computed."""

    SOURCE = 'ks69 (8)-(9), Theorem 2'
    VALUES = ("alpha", "beta")

    i: int
    j: int
    a: mpq
    b: mpq
    alpha: mpq
    beta: mpq
    method: str


def _binomial_pmf(n: int, u: mpq) -> list[mpq]:
    h = 1 - u
    return [gmpy2.comb(n, k) * u**k * h ** (n - k) for k in range(n + 1)]


def raising_points_binomial(i: int, j: int, a=2, b=2) -> RaisingPoints:
    """ks69 Theorem 2: :math:`\\alpha = P[K_a \\le K_b]`, :math:`\\beta = P[K_a < K_b]`, binomial laws (11)."""
    i, j = check_raises(i, "i"), check_raises(j, "j")
    a, b = check_factor(a, "a"), check_factor(b, "b")
    pa = _binomial_pmf(i, upset_probability(a))
    pb = _binomial_pmf(j, upset_probability(b))
    alpha = mpq(0)
    beta = mpq(0)
    cdf = mpq(0)  # P[K_a <= k]
    for k in range(j + 1):
        below = cdf  # P[K_a < k]
        if k <= i:
            cdf += pa[k]
        alpha += pb[k] * cdf
        beta += pb[k] * below
    return RaisingPoints(i, j, a, b, alpha, beta, "ks69 Theorem 2 (binomial comparison)")


def raising_points_recurrence(i: int, j: int, a=2, b=2) -> RaisingPoints:
    """ks69 (8)-(9) from :math:`\\alpha(0,j)=1`, :math:`\\beta(i,0)=0`, by dynamic programming over the grid."""
    g = raising_grid(i, j, a, b)
    return RaisingPoints(g.imax, g.jmax, g.a, g.b, g.alpha(i, j), g.beta(i, j), "ks69 (8)-(9) recurrence")


def raising_points(i: int, j: int, a=2, b=2, method: str = "binomial") -> RaisingPoints:
    """:math:`(\\alpha(i,j), \\beta(i,j))` by ``"binomial"`` (Theorem 2) or ``"recurrence"`` ((8)-(9))."""
    if method == "binomial":
        return raising_points_binomial(i, j, a, b)
    if method == "recurrence":
        return raising_points_recurrence(i, j, a, b)
    raise BadInput(f"method {method!r}: use 'binomial' or 'recurrence'")


@dataclass(frozen=True)
class RaisingGrid(Result):
    r"""All :math:`\alpha(i,j), \beta(i,j)` for :math:`0 \le i \le` imax, :math:`0 \le j \le` jmax.

    Stored as integers scaled by :math:`D_a^i D_b^j` (:math:`D_x = 2p_x` for
    :math:`x = p_x/q_x` in lowest terms), in which (8)-(9) have integer
    coefficients: :math:`A_{ij} = (p_a+q_a)A_{i-1,j} + (p_a-q_a)B_{i-1,j}`,
    :math:`B_{ij} = (p_b-q_b)A_{i,j-1} + (p_b+q_b)B_{i,j-1}`.
    """

    SOURCE = 'ks69 (8)-(9)'
    VALUES = ("scaled_alpha", "scaled_beta")

    imax: int
    jmax: int
    a: mpq
    b: mpq
    scaled_alpha: tuple  # tuple of rows of mpz
    scaled_beta: tuple
    method: str = "ks69 (8)-(9), integer-scaled dynamic programming"

    def _scale(self, i: int, j: int) -> mpz:
        return (2 * self.a.numerator) ** i * (2 * self.b.numerator) ** j

    def _check(self, i, j):
        if not (0 <= i <= self.imax and 0 <= j <= self.jmax):
            raise BadInput(f"({i}, {j}) is outside the grid 0..{self.imax} x 0..{self.jmax}")

    def alpha(self, i: int, j: int) -> mpq:
        """:math:`\\alpha(i,j)` exactly."""
        self._check(i, j)
        return mpq(self.scaled_alpha[i][j], self._scale(i, j))

    def beta(self, i: int, j: int) -> mpq:
        """:math:`\\beta(i,j)` exactly."""
        self._check(i, j)
        return mpq(self.scaled_beta[i][j], self._scale(i, j))

    def value(self, i: int, j: int, p=mpq(1, 2)) -> "GameValue":
        """A's expected gain (ks69 (19)) with ``i`` and ``j`` raises left, at state ``p``."""
        return game_value(self.alpha(i, j), self.beta(i, j), p)


@dataclass(frozen=True)
class BallRaisingGrid(RaisingGrid):
    """The grid of (8)-(9) run in arb balls (the scaled integers as balls at the working precision): what
    :func:`raising_grid` returns under ``verify --mutate``'s arithmetic operator (:mod:`exactcube.weaker`), one
    arithmetic weaker than the exact integers.  ``alpha``, ``beta`` and ``value`` give balls."""

    method: str = "ks69 (8)-(9) in arb balls (53 bits): verify --mutate's weaker arithmetic"

    def alpha(self, i: int, j: int):
        self._check(i, j)
        return self.scaled_alpha[i][j] / arb(int(self._scale(i, j)))

    def beta(self, i: int, j: int):
        self._check(i, j)
        return self.scaled_beta[i][j] / arb(int(self._scale(i, j)))

    def value(self, i: int, j: int, p=mpq(1, 2)) -> "GameValue":
        """ks69 (19) on the balls; ArithmeticError when a ball cannot decide which of its three cases holds."""
        al, be = self.alpha(i, j), self.beta(i, j)
        x = to_ball(mpq(p))
        if x >= al:
            return GameValue(p, al, be, arb(1), "A")
        if x <= be:
            return GameValue(p, al, be, arb(-1), "B")
        if be < x < al:
            return GameValue(p, al, be, ((x - be) - (al - x)) / (al - be), None)
        raise ArithmeticError(f"the balls of alpha({i}, {j}) and beta({i}, {j}) cannot decide the case of (19)")


def raising_grid(imax: int, jmax: int, a=2, b=2) -> RaisingGrid:
    """Every :math:`\\alpha(i,j)`, :math:`\\beta(i,j)` up to (imax, jmax) by ks69 (8)-(9), exact, in integers.
    Under ``verify --mutate``'s arithmetic operator (:func:`exactcube.weaker.weaken`) the same recurrence runs in
    arb balls (:class:`BallRaisingGrid`)."""
    from ..weaker import weaken

    imax, jmax = check_raises(imax, "i"), check_raises(jmax, "j")
    a, b = check_factor(a, "a"), check_factor(b, "b")
    balls = weaken("brownian.raises.raising_grid", "exact") == "rigorous"
    lift = (lambda x: arb(int(x))) if balls else mpz
    pa, qa = lift(a.numerator), lift(a.denominator)
    pb, qb = lift(b.numerator), lift(b.denominator)
    ha, ua = pa + qa, pa - qa
    hb, ub = pb + qb, pb - qb
    db = 2 * pb
    A = [[lift(0)] * (jmax + 1) for _ in range(imax + 1)]
    B = [[lift(0)] * (jmax + 1) for _ in range(imax + 1)]
    # row i = 0: alpha(0, j) = 1, beta(0, j) by (9)
    for j in range(jmax + 1):
        A[0][j] = db**j
        B[0][j] = 0 if j == 0 else ub * A[0][j - 1] + hb * B[0][j - 1]
    for i in range(1, imax + 1):
        Ai, Bi, Ap, Bp = A[i], B[i], A[i - 1], B[i - 1]
        Ai[0] = ha * Ap[0] + ua * Bp[0]  # beta(i, 0) = 0
        for j in range(1, jmax + 1):
            Ai[j] = ha * Ap[j] + ua * Bp[j]
            Bi[j] = ub * Ai[j - 1] + hb * Bi[j - 1]
    return (BallRaisingGrid if balls else RaisingGrid)(imax, jmax, a, b, tuple(tuple(r) for r in A),
                                                       tuple(tuple(r) for r in B))


@dataclass(frozen=True)
class GameValue(Result):
    """A's expected gain per unit stake at state ``p`` (ks69 (19)); ``dominated`` is "A", "B" or None."""

    SOURCE = 'ks69 (19)'
    VALUES = ("value",)

    p: mpq
    alpha: mpq
    beta: mpq
    value: mpq
    dominated: str | None
    method: str = "ks69 (19)"


def game_value(alpha, beta, p=mpq(1, 2)) -> GameValue:
    """ks69 (19): :math:`((p-\\beta)-(\\alpha-p))/(\\alpha-\\beta)` between the raising points, else ±1."""
    alpha, beta, p = to_mpq(alpha, "alpha"), to_mpq(beta, "beta"), to_mpq(p, "p")
    if not (0 <= beta < alpha <= 1):
        raise BadInput(f"need 0 <= beta < alpha <= 1, got beta = {beta}, alpha = {alpha}")
    if not 0 <= p <= 1:
        raise BadInput(f"p must lie in [0, 1], got {p}")
    if p >= alpha:
        return GameValue(p, alpha, beta, mpq(1), "A")
    if p <= beta:
        return GameValue(p, alpha, beta, mpq(-1), "B")
    return GameValue(p, alpha, beta, ((p - beta) - (alpha - p)) / (alpha - beta), None)


def expected_value(i: int, j: int, a=2, b=2, p=mpq(1, 2)) -> GameValue:
    """A's expected gain with ``i`` raises of ``a`` against ``j`` of ``b`` at state ``p`` (ks69 (19), Table II)."""
    rp = raising_points_binomial(i, j, a, b)
    return game_value(rp.alpha, rp.beta, p)


# -- the coin-flipping reduction (ks69 §3) ------------------------------------------


def _flip(rng: random.Random, u: mpq) -> bool:
    """True with probability exactly ``u`` (a rational), using integer randomness."""
    return rng.randrange(int(u.denominator)) < int(u.numerator)


def coin_game_sample(m: int, n: int, a=2, b=2, rng: random.Random | None = None) -> bool:
    """One play of ks69 §3's sequential coin contest from :math:`\\alpha(m,n)`; True when A wins.

    A flips (heads :math:`(a+1)/(2a)` keeps the move, tails passes it to B), B
    likewise with :math:`(b+1)/(2b)`; each flip spends one of the flipper's raises.
    A wins on his move with no raise left; B wins on his move with none left.
    ``P[A wins] = alpha(m, n)``.
    """
    m, n = check_raises(m, "m"), check_raises(n, "n")
    ua, ub = upset_probability(a), upset_probability(b)
    rng = rng if rng is not None else random.Random(0)
    i, j, a_to_move = m, n, True
    while True:
        if a_to_move:
            if i == 0:
                return True
            i -= 1
            if _flip(rng, ua):
                a_to_move = False
        else:
            if j == 0:
                return False
            j -= 1
            if _flip(rng, ub):
                a_to_move = True


def coin_toss_sample(m: int, n: int, a=2, b=2, rng: random.Random | None = None) -> bool:
    """ks69 §3's second reduction: A tosses m coins, B n; A wins iff his tails <= B's. True when A wins."""
    m, n = check_raises(m, "m"), check_raises(n, "n")
    ua, ub = upset_probability(a), upset_probability(b)
    rng = rng if rng is not None else random.Random(0)
    ka = sum(_flip(rng, ua) for _ in range(m))
    kb = sum(_flip(rng, ub) for _ in range(n))
    return ka <= kb


@dataclass(frozen=True)
class Sample(Result):
    """A Monte Carlo estimate of :math:`\\alpha(m,n)` with a 99.9% Wilson interval."""

    SOURCE = 'ks69 §3 coin contest'
    #: a seeded Monte Carlo estimate: the one arithmetic of this class
    EVIDENCE = "sampled"

    wins: int
    trials: int
    estimate: float
    low: float
    high: float
    method: str


def sample_alpha(m: int, n: int, a=2, b=2, trials: int = 10_000, seed: int = 0,
                 sequential: bool = True) -> Sample:
    """Estimate :math:`\\alpha(m,n)` by playing the coin contest ``trials`` times (seeded)."""
    import math

    if trials < 1:
        raise BadInput(f"trials must be at least 1, got {trials}")
    rng = random.Random(seed)
    play = coin_game_sample if sequential else coin_toss_sample
    wins = sum(play(m, n, a, b, rng) for _ in range(trials))
    z = 3.2905  # two-sided 99.9%
    ph = wins / trials
    den = 1 + z * z / trials
    centre = (ph + z * z / (2 * trials)) / den
    half = z * math.sqrt(ph * (1 - ph) / trials + z * z / (4 * trials * trials)) / den
    return Sample(wins, trials, ph, centre - half, centre + half,
                  "ks69 §3 sequential coin contest" if sequential else "ks69 §3 simultaneous tosses")
