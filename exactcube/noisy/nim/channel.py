r"""The bit-flip channel of 1-pile Nim (``noisy`` Example 3, equation (5)): its combinatorics, once.

From heap :math:`n` a move :math:`m < n` is sent as a word of :math:`k = k(n)` binary digits
(:func:`word_length`), each flipped with chance :math:`\varepsilon`; a received word :math:`r \ge n` is sent
again, so

.. math::  \mu_n(m, r) = \frac{\varepsilon^{d(m,r)}(1-\varepsilon)^{k-d(m,r)}}{\sum_{r' < n}
           \varepsilon^{d(m,r')}(1-\varepsilon)^{k-d(m,r')}}, \qquad 0 \le m, r < n,

with :math:`d` the Hamming distance (:func:`distance`, :func:`popcounts`, :func:`distances_from`,
:func:`distance_matrix`).  Every evaluator of (5) groups the legal words by their distance from the move
(the *grades*: :func:`grade_counts`, :func:`grade_sums`) or applies all rows at once as the Kronecker power
:math:`\begin{pmatrix}\alpha & \beta\\ \beta & \alpha\end{pmatrix}^{\otimes k}` to the indicator of the legal
words (:func:`kron_apply` on arrays, :func:`kron_apply_seq` on any ring, e.g. arb balls).  At
:math:`\varepsilon = 1` the channel is the limit from below: uniform on the legal words farthest from
:math:`m` (:func:`farthest_words`).  This module holds that shared, exact part and the limits and argument
checks of the solvers; each evaluator keeps its own arithmetic (exact integers, floats with an error bound,
arb balls, outward-rounded intervals, polynomials, Taylor models).

References: ``noisy`` Example 3 (the word length k(n)) and equation (5).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ...errors import BadInput, TooLarge
from ...numbers import mpq, mpz, to_mpq

__all__ = ["MAX_HEAP", "MAX_HEAP_PLAIN", "MAX_EXACT_BYTES", "word_length", "check_eps", "check_heap", "estimated_bytes",
           "check_memory", "distance", "popcounts", "distances_from", "distance_matrix", "grade_counts", "grade_sums",
           "kron_apply", "kron_apply_seq", "farthest_words", "ChannelWeights", "channel_weights"]

#: Largest heap the fast 1-pile solver accepts (it does about :math:`N^2`
#: big-integer operations on integers of about :math:`N k \log_2 b` bits).
MAX_HEAP = 1 << 13
#: Largest heap the plain :math:`O(N^3)` method accepts.
MAX_HEAP_PLAIN = 600


def word_length(n: int) -> int:
    """k(n): the number of binary digits of the heap ``n`` (Example 3); k(0) = 0."""
    return int(n).bit_length()


def check_eps(eps) -> mpq:
    """eps as an exact rational, refused unless it is a bit-flip probability in [0, 1] (Example 3)."""
    e = to_mpq(eps, "eps")
    if e < 0 or e > 1:
        raise BadInput(f"eps: the bit-flip probability must lie in [0, 1], got {e}")
    return e


def check_heap(n_max, bound: int, what: str = "n_max") -> int:
    """A heap as an int, refused unless it is a whole number in 0..``bound`` (the solver's limit)."""
    if isinstance(n_max, bool) or not isinstance(n_max, (int, type(mpz(0)))):
        raise BadInput(f"{what}: expected a whole number of chips, got {n_max!r}")
    n_max = int(n_max)
    if n_max < 0:
        raise BadInput(f"{what}: the heap must be at least 0, got {n_max}")
    if n_max > bound:
        raise TooLarge(f"{what} = {n_max} is too large for this solver; use at most {bound}")
    return n_max


#: Memory the fast solver may use for its exact integers (bytes, estimated).
MAX_EXACT_BYTES = 10 ** 9


def estimated_bytes(n_max: int, eps: mpq) -> int:
    r"""Estimated memory of the exact answer p(0..n_max): the common denominator grows by
    about :math:`k \log_2 b` bits per heap (eps = a/b), and about :math:`2 n` integers of that
    size are held (the values and the numerators over the common denominator)."""
    bits_per_heap = max(1, n_max.bit_length()) * max(1.0, math.log2(int(eps.denominator)) + 1)
    return int(n_max * n_max * bits_per_heap / 8)


def check_memory(n_max: int, eps: mpq) -> None:
    """Refuse (TooLarge, naming a heap that fits) an exact solution whose integers would exceed :data:`MAX_EXACT_BYTES`."""
    need = estimated_bytes(n_max, eps)
    if need > MAX_EXACT_BYTES:
        n = n_max
        while n > 1 and estimated_bytes(n, eps) > MAX_EXACT_BYTES:
            n = int(n * 0.9)
        raise TooLarge(f"the exact solution up to heap {n_max} at eps = {eps} would hold about "
                       f"{need / 1e9:.1f} GB of integers; use a heap of at most {n} at this eps "
                       "(or an eps with a smaller denominator)")


# ---------------------------------------------------------------------------
# Hamming distances and grades
# ---------------------------------------------------------------------------


def distance(m: int, r: int) -> int:
    """d(m, r): the Hamming distance of the binary words of m and r (Example 3)."""
    return (m ^ r).bit_count()


_POP = None


def popcounts(size: int) -> np.ndarray:
    """The table of the number of 1 bits of 0, 1, ..., at least ``size`` - 1 (int64; shared and cached, never
    written by callers): ``popcounts(2**k)[m ^ r]`` is the Hamming distance d(m, r) of k-digit words."""
    global _POP
    if _POP is None or len(_POP) < size:
        n = max(size, 1 << 12)
        pop = np.zeros(n, dtype=np.int64)
        for j in range(n.bit_length()):
            pop += (np.arange(n) >> j) & 1
        _POP = pop
    return _POP


def kron_apply(x: np.ndarray, k: int, alpha, beta) -> np.ndarray:
    """Apply [[alpha, beta], [beta, alpha]]^{(x) k} along the last axis (length 2^k) of x."""
    lead = x.shape[:-1]
    for j in range(k):
        y = x.reshape(lead + (1 << (k - 1 - j), 2, 1 << j))
        x0 = y[..., 0, :]
        x1 = y[..., 1, :]
        out = np.empty_like(y)
        out[..., 0, :] = alpha * x0 + beta * x1
        out[..., 1, :] = beta * x0 + alpha * x1
        x = out.reshape(lead + (1 << k,))
    return x


def distances_from(m: int, n: int) -> np.ndarray:
    """[d(m, r) for r < n] as an int64 array (the distances of one move to every legal word)."""
    return popcounts(1 << max(n - 1, m, 1).bit_length())[np.arange(n) ^ m]


def distance_matrix(n: int) -> np.ndarray:
    """The n x n matrix d(m, r), m, r < n (int64)."""
    w = np.arange(n)
    return popcounts(1 << max(n - 1, 1).bit_length())[w[:, None] ^ w[None, :]]


def grade_counts(n: int, m: int) -> list[int]:
    """c_d = #{r < n : d(m, r) = d} for d = 0..k(n): how many legal words the move m reaches at each distance
    (the row sum of (5) is sum_d c_d eps^d (1 - eps)^(k - d))."""
    counts = [0] * (word_length(n) + 1)
    for d in distances_from(m, n).tolist():
        counts[d] += 1
    return counts


def grade_sums(n: int, m: int, values, zero):
    """(G, c): G_d = sum of ``values[r]`` over the legal words r < n at distance d from m, and the counts c_d,
    for d = 0..k(n), in the arithmetic of ``values`` (``zero`` its 0).  The numerator of (5) for move m is
    sum_d eps^d (1 - eps)^(k - d) G_d."""
    k = word_length(n)
    G = [zero] * (k + 1)
    cnt = [0] * (k + 1)
    for r, d in enumerate(distances_from(m, n).tolist()):
        G[d] += values[r]
        cnt[d] += 1
    return G, cnt


def kron_apply_seq(x: list, k: int, keep, flip) -> list:
    """[[keep, flip], [flip, keep]]^{(x) k} applied to the sequence x (length 2^k) of any ring's elements (arb balls,
    slope models): the same transform as :func:`kron_apply`, one butterfly at a time, written as
    ``keep * x0 + flip * x1`` so that with keep = 1 - eps, flip = eps each step is a convex combination."""
    x = list(x)
    size = 1 << k
    h = 1
    while h < size:
        for i in range(0, size, 2 * h):
            for j in range(i, i + h):
                x0, x1 = x[j], x[j + h]
                x[j] = keep * x0 + flip * x1
                x[j + h] = flip * x0 + keep * x1
        h *= 2
    return x


def farthest_words(n: int, ms: np.ndarray, pop: np.ndarray):
    """For each move m in ``ms``: the legal words r < n at maximal Hamming distance from m.

    Writing c for the k-bit complement of m, these are the legal words nearest to c.  The
    legal words split into blocks, one per 1-bit i of n: n's bits above i, a 0 at bit i, any
    bits below.  In block i the nearest word to c copies c below bit i, at distance
    d_i = |n XOR c above i| + c_i; the farthest set is {word_i : d_i minimal}, at most k words.
    Returns (words, is_farthest): arrays of shape (blocks, len(ms)).
    """
    k = n.bit_length()
    mask = (1 << k) - 1
    c = (~ms) & mask
    blocks = [i for i in range(k) if (n >> i) & 1]
    words = np.empty((len(blocks), len(ms)), dtype=np.int64)
    dist = np.empty_like(words)
    for j, i in enumerate(blocks):
        above = mask & ~((1 << (i + 1)) - 1)
        words[j] = (n & above) | (c & ((1 << i) - 1))
        dist[j] = pop[words[j] ^ c]
    return words, dist == dist.min(axis=0)[None, :]


# ---------------------------------------------------------------------------
# the channel of one heap, exact
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ChannelWeights:
    r"""The channel :math:`\mu_n` of Example 3 for one heap ``n`` in structured form.

    ``eps`` = a/b; ``a``, ``c`` = b - a are the integer per-digit weights (flip,
    keep); ``k`` = k(n).  :meth:`weight` gives the unnormalised integer weight
    :math:`W(m, r) = a^d c^{k-d}` (at eps = 1: 1 on the legal words farthest
    from m, else 0 -- the continuous extension, see the module docstring);
    :meth:`row` the exact row :math:`\mu_n(m, \cdot)` over r = 0..n-1;
    :meth:`matrix` all rows.  The full :math:`2^k \times 2^k` weight matrix is
    :math:`\begin{pmatrix} c & a\\ a & c\end{pmatrix}^{\otimes k}`.
    """

    n: int
    eps: mpq
    k: int
    a: int
    c: int

    def weight(self, m: int, r: int) -> int:
        """Unnormalised integer weight W(m, r) for legal m, r < n."""
        if self.eps == 1:
            dmax = max(distance(m, s) for s in range(self.n))
            return 1 if distance(m, r) == dmax else 0
        d = distance(m, r)
        return self.a ** d * self.c ** (self.k - d)

    def weights(self, m: int) -> list[int]:
        """[W(m, r) for r < n]: one row of unnormalised integer weights."""
        if self.eps == 1:
            ds = distances_from(m, self.n).tolist()
            dmax = max(ds)
            return [1 if d == dmax else 0 for d in ds]
        pw = [mpz(self.a) ** d * mpz(self.c) ** (self.k - d) for d in range(self.k + 1)]
        return [pw[d] for d in distances_from(m, self.n).tolist()]

    def row_sum(self, m: int) -> int:
        """S_n(m) = sum over r < n of W(m, r) (the normaliser of Example 3)."""
        return sum(self.weights(m))

    def row(self, m: int) -> tuple[mpq, ...]:
        r"""Exact :math:`\mu_n(m, r)` for r = 0..n-1 (Example 3); sums to 1."""
        if not 0 <= m < self.n:
            raise BadInput(f"move m = {m} is not legal from a heap of {self.n} (need 0 <= m < {self.n})")
        w = self.weights(m)
        s = sum(w)
        return tuple(mpq(x, s) for x in w)

    def matrix(self) -> tuple[tuple[mpq, ...], ...]:
        """All rows: matrix()[m][r] = mu_n(m, r)."""
        return tuple(self.row(m) for m in range(self.n))


def channel_weights(n: int, eps) -> ChannelWeights:
    r"""The move error distribution :math:`\mu_n` of Example 3 for heap ``n`` at ``eps``.

    Returns a :class:`ChannelWeights` (structured form: integer weights
    :math:`a^d c^{k-d}` with :math:`\varepsilon = a/b`, :math:`c = b-a`; rows
    exact via ``.row(m)``, the whole matrix via ``.matrix()``).
    """
    e = check_eps(eps)
    n = check_heap(n, MAX_HEAP, "n")
    if n < 1:
        raise BadInput("n: a heap of 0 chips has no moves, so no channel")
    a = int(e.numerator)
    b = int(e.denominator)
    return ChannelWeights(n=n, eps=e, k=word_length(n), a=a, c=b - a)
