r"""1-pile Nim played through the bit-flip channel: the facade of the game at one eps.

Model (``noisy`` §1, Example 3, §3 equation (5); reconstruction in docs/noisy.md).
A position is the number :math:`n` of chips left; the player to move chooses the
heap size :math:`m < n` to leave and transmits the binary word of :math:`m` with
:math:`k = k(n)` digits, the number of binary digits of the *current* heap
:math:`n`.  Each digit flips independently with probability :math:`\varepsilon`.
A received word :math:`r \ge n` is not a legal move and is retransmitted, so

.. math::

   \mu_n(m, r) = \frac{\varepsilon^{d(m,r)}(1-\varepsilon)^{k-d(m,r)}}
                      {\sum_{r' < n} \varepsilon^{d(m,r')}(1-\varepsilon)^{k-d(m,r')}},
   \qquad 0 \le m, r < n,

with :math:`d` the Hamming distance.  Equation (4) becomes (5):

.. math::

   p(0) = 0, \qquad p(n, m) = \sum_{r < n} \mu_n(m, r)\,(1 - p(r)), \qquad
   p(n) = \max_{0 \le m < n} p(n, m).

Structure used by the fast solver.  Write :math:`\varepsilon = a/b` in lowest
terms and :math:`c = b - a`.  The factor :math:`b^{-k}` cancels in
:math:`\mu_n`, so the *integer* weights :math:`W(m, r) = a^{d(m,r)} c^{k-d(m,r)}`
define the same channel.  Over all :math:`2^k` words, :math:`W` is the
:math:`k`-fold Kronecker power of :math:`\begin{pmatrix} c & a \\ a & c\end{pmatrix}`;
truncating to legal words :math:`r < n` is multiplication by the indicator of
:math:`\{r < n\}` before the transform, so every row numerator
:math:`\sum_{r<n} W(m,r)(1-p(r))` and every row sum is obtained for all
:math:`m` at once in :math:`O(k 2^k)` operations.

The end point :math:`\varepsilon = 1`.  There the formula gives a zero row sum
for moves whose complement word is not legal (e.g. every move from a power of
two).  exactcube defines :math:`\mu_n` at :math:`\varepsilon = 1` by continuity,
as the limit :math:`\varepsilon \to 1^-`: the uniform distribution on the legal
words at maximal Hamming distance from :math:`m`.  Every :math:`p(n, m)` is then
continuous on :math:`[0, 1]`.  At :math:`\varepsilon = 0` the formula is used as
written (:math:`0^0 = 1`): the classical game (Example 2).

Where the parts live: the channel and its combinatorics (word lengths, Hamming
distances, grade counts, the Kronecker transform, the limits) in :mod:`.channel`; the fast
exact solver in :mod:`.exact`; the certified floating-point decision in :mod:`.ball`.
n-pile Nim (Example 4) is :mod:`exactcube.noisy.games.multipile`.

References: ``noisy`` §1 (three chips, equation (2)), Example 3, Example 4,
§3 equation (5), the Appendix tables (4..10 chips).
"""

from __future__ import annotations

from dataclasses import dataclass

from gmpy2 import lcm

from ...errors import BadInput
from ...numbers import mpq, mpz

__all__ = [
    "NimSolution",
    "ChannelWeights",
    "channel_weights",
    "solve_nim",
    "solve_nim_plain",
    "decide_nim",
    "word_length",
    "MAX_HEAP",
    "MAX_HEAP_PLAIN",
    "check_size",
    "estimated_bytes",
    "MultipileSolution",
    "multipile_followers",
    "solve_multipile",
]

from ...results import Result
from .channel import (  # noqa: F401
    ChannelWeights,
    channel_weights,
    MAX_EXACT_BYTES,
    MAX_HEAP,
    MAX_HEAP_PLAIN,
    check_eps,
    check_heap,
    check_memory,
    estimated_bytes,
    word_length,
)


@dataclass(frozen=True)
class NimSolution(Result):
    r"""Exact solution of 1-pile Nim through the bit-flip channel, heaps 0..n_max.

    ``p[n]`` is :math:`p(n)` of (5), ``optimal[n]`` every maximising sent move
    (the heap left), exact ties included; ``method`` is ``"plain"`` (the direct
    :math:`O(N^3)` rational recursion) or ``"fast"`` (floating-point screening
    certified exactly; same exact answer).  Both methods return exact rationals, so every solution is exact.
    """

    SOURCE = 'noisy (5), Example 3'
    EVIDENCE = 'exact'
    #: What each ``method`` did, in the words a verdict's provenance shows (the field keeps the option's name).
    METHOD_WORDS = {"plain": "exact solution of (5) by the direct rational recursion (method plain)",
                    "fast": "exact solution of (5), every heap decided in rationals, floats only to screen "
                            "(method fast)"}

    eps: mpq
    n_max: int
    p: tuple
    optimal: tuple
    method: str

    def _provenance(self):
        from dataclasses import replace

        p = super()._provenance()
        return replace(p, method=self.METHOD_WORDS.get(self.method, p.method))

    def move_value(self, n: int, m: int) -> mpq:
        r"""Exact :math:`p(n, m) = \sum_{r<n} \mu_n(m, r)(1 - p(r))` (equation (5))."""
        if not 1 <= n <= self.n_max:
            raise BadInput(f"heap n = {n} is outside the solved range 1..{self.n_max}")
        if not 0 <= m < n:
            raise BadInput(f"move m = {m} is not legal from a heap of {n} (need 0 <= m < {n})")
        L, Q = self._common_numerators(n)
        ch = channel_weights(n, self.eps)
        w = ch.weights(m)
        num = mpz(0)
        for x, q in zip(w, Q):
            if x:
                num += x * q
        return mpq(num, sum(w) * L)

    def move_values(self, n: int) -> tuple[mpq, ...]:
        """p(n, m) for m = 0..n-1."""
        return tuple(self.move_value(n, m) for m in range(n))

    def _common_numerators(self, n: int):
        """(L, Q): 1 - p(r) = Q[r] / L for r < n, L the lcm of the denominators (cached per n)."""
        cache = self.__dict__.get("_cache")
        if cache is None:
            cache = {}
            object.__setattr__(self, "_cache", cache)
        if n not in cache:
            L = mpz(1)
            for r in range(n):
                L = lcm(L, self.p[r].denominator)
            Q = [(1 - self.p[r]).numerator * (L // self.p[r].denominator) for r in range(n)]
            if len(cache) > 8:
                cache.clear()
            cache[n] = (L, Q)
        return cache[n]

    def classify(self, n: int) -> str:
        """'P' if p(n) = 0, 'N' if p(n) = 1, else 'chance' (§2)."""
        v = self.p[n]
        return "P" if v == 0 else "N" if v == 1 else "chance"


def solve_nim_plain(n_max: int, eps) -> NimSolution:
    """Equation (5) solved directly over exact rationals, heaps 0..n_max: O(n_max^3) operations."""
    e = check_eps(eps)
    n_max = check_heap(n_max, MAX_HEAP_PLAIN)
    p = [mpq(0)]
    optimal = [()]
    for n in range(1, n_max + 1):
        ch = channel_weights(n, e)
        q = [1 - p[r] for r in range(n)]
        best = None
        moves: list[int] = []
        for m in range(n):
            w = [ch.weight(m, r) for r in range(n)]
            v = sum((x * qr for x, qr in zip(w, q)), mpq(0)) / sum(w)
            if best is None or v > best:
                best, moves = v, [m]
            elif v == best:
                moves.append(m)
        p.append(best)
        optimal.append(tuple(moves))
    return NimSolution(eps=e, n_max=n_max, p=tuple(p), optimal=tuple(optimal), method="plain")


def check_size(n_max: int, eps, method: str = "fast") -> mpq:
    """Refuse, before any work, a 1-pile Nim request (``noisy`` (5), heaps 1..n_max) that :func:`solve_nim`
    would refuse: a heap above :data:`MAX_HEAP` (fast) or :data:`MAX_HEAP_PLAIN` (plain), or exact values
    that would not fit in memory (fast; :func:`estimated_bytes`).  Returns eps as an exact rational."""
    e = check_eps(eps)
    if method not in ("fast", "plain"):
        raise BadInput(f"method: expected 'plain' or 'fast', got {method!r}")
    n_max = check_heap(n_max, MAX_HEAP if method == "fast" else MAX_HEAP_PLAIN,
                       "heap" if method == "fast" else "heap (method plain)")
    if method == "fast":
        check_memory(n_max, e)
    return e


def solve_nim(n_max: int, eps, method: str = "fast", *, progress=None) -> NimSolution:
    r"""Solve 1-pile Nim with bit-flip noise (``noisy`` (5)) exactly for heaps 0..n_max.

    ``eps`` is any exact rational in [0, 1] (text like ``"77/100"`` accepted).
    ``method="plain"`` runs the direct rational recursion; ``"fast"`` screens
    the moves in floating point via the Kronecker structure and certifies the
    maximisers exactly.  Both return the same exact ``p`` and ``optimal``.
    ``progress`` (keyword only, fast method) is called with each heap solved.

    Cost of ``"fast"``: one exact evaluation per heap; the integers grow by about
    :math:`k \log_2 b` bits per heap (eps = a/b), so the run is about one second
    for N = 1024 at eps = 77/100 and grows like :math:`N^3 \log b`.

    >>> s = solve_nim(5, "77/100")
    >>> s.p[2], s.optimal[5], s.method
    (mpq(77,100), (4,), 'fast')
    >>> from exactcube.numbers import format_decimal
    >>> format_decimal(s.p[5], 15)   # Appendix, 5 chips, eps = 0.77
    '0.458703309461914'
    """
    if method == "plain":
        return solve_nim_plain(n_max, eps)
    if method == "fast":
        from .exact import solve_nim_fast

        e = check_eps(eps)
        hit = _SOLVED.get(e)
        if progress is None and hit is not None and isinstance(n_max, int) and 0 <= n_max <= hit.n_max:
            return hit if n_max == hit.n_max else NimSolution(eps=e, n_max=n_max, p=hit.p[:n_max + 1],
                                                              optimal=hit.optimal[:n_max + 1], method="fast")
        e, n, p, optimal = solve_nim_fast(n_max, eps, progress=progress)
        s = NimSolution(eps=e, n_max=n, p=p, optimal=optimal, method="fast")
        if n <= _SOLVED_HEAPS and (hit is None or n > hit.n_max):
            _SOLVED.pop(e, None)
            _SOLVED[e] = s
            while len(_SOLVED) > _SOLVED_KEEP:
                _SOLVED.pop(next(iter(_SOLVED)))
        return s
    raise BadInput(f"method: expected 'plain' or 'fast', got {method!r}")


#: The largest fast solve of the last few eps (:func:`solve_nim`): p(r) and its optimal moves depend only on the
#: smaller heaps, so a solve for fewer heaps at the same eps is a prefix of it (``verify`` solves eps = 1 for 2,100
#: heaps and again for 2,051).  At most :data:`_SOLVED_KEEP` eps of at most :data:`_SOLVED_HEAPS` heaps are kept.
_SOLVED: dict = {}
_SOLVED_KEEP = 2
_SOLVED_HEAPS = 4096


def decide_nim(n_max: int, eps):
    r"""Certified optimal moves and enclosures of p(1..n_max) without exact arithmetic (``noisy`` (5)).

    Runs the recursion in binary64 with the a priori error bound of :mod:`exactcube.noisy.nim.ball`; where the
    two best moves of a heap cannot be separated it retries in the x87 long double (where the platform has it).
    Returns a :class:`exactcube.noisy.nim.ball.BallSolution` (``stopped`` is the first undecided heap, None
    when all are decided), or None at eps = 1/2 and eps = 1 (use :func:`solve_nim` there).

    >>> b = decide_nim(5, "77/100")
    >>> b.optimal[5], b.stopped, b.rad[5] < 1e-12
    ((4,), None, True)
    """
    import numpy as np

    from .ball import decide_nim_ball

    best = decide_nim_ball(n_max, eps)
    if best is None or best.stopped is None:
        return best
    if np.finfo(np.longdouble).eps < np.finfo(np.float64).eps:
        wide = decide_nim_ball(n_max, eps, np.longdouble)
        if wide is not None and wide.n_max > best.n_max:
            best = wide
    return best


# n-pile Nim (Example 4) lives with the other games; its names stay importable from here
from ..games.multipile import MultipileSolution, multipile_followers, solve_multipile  # noqa: E402,F401
