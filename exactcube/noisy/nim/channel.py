"""Shared limits and argument checks of the 1-pile Nim solvers (:mod:`.nim`, :mod:`._nimfast`,
:mod:`._nimball`), kept apart so that the solvers import it and never each other in a circle.

References: ``noisy`` Example 3 (the word length k(n)) and equation (5).
"""

from __future__ import annotations

import math

from ...errors import BadInput, TooLarge
from ...numbers import mpq, mpz, to_mpq

#: Largest heap the fast 1-pile solver accepts (it does about :math:`N^2`
#: big-integer operations on integers of about :math:`N k \log_2 b` bits).
MAX_HEAP = 1 << 13
#: Largest heap the plain :math:`O(N^3)` method accepts.
MAX_HEAP_PLAIN = 600


def word_length(n: int) -> int:
    """k(n): the number of binary digits of the heap ``n`` (Example 3); k(0) = 0."""
    return int(n).bit_length()


def check_eps(eps) -> mpq:
    e = to_mpq(eps, "eps")
    if e < 0 or e > 1:
        raise BadInput(f"eps: the bit-flip probability must lie in [0, 1], got {e}")
    return e


def check_heap(n_max, bound: int, what: str = "n_max") -> int:
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
    need = estimated_bytes(n_max, eps)
    if need > MAX_EXACT_BYTES:
        n = n_max
        while n > 1 and estimated_bytes(n, eps) > MAX_EXACT_BYTES:
            n = int(n * 0.9)
        raise TooLarge(f"the exact solution up to heap {n_max} at eps = {eps} would hold about "
                       f"{need / 1e9:.1f} GB of integers; use a heap of at most {n} at this eps "
                       "(or an eps with a smaller denominator)")


