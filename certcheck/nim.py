"""1-pile Nim through the bit-flip channel, re-evaluated from its definition (noisy paper, equation (5)).

The game: a heap of n chips; a move leaves m chips, 0 <= m < n; the player facing an empty heap has lost
(normal play), so p(0) = 0.  The move is sent as the binary word of m with k digits, k the number of binary
digits of the current heap n; each digit flips independently with probability eps; a received word r that is
not a legal move (r >= n) is sent again, so the received move r < n has probability proportional to
eps^d (1 - eps)^(k - d), d the number of digits where m and r differ.  The player to move wins with

    p(n, m) = sum over r < n of mu_n(m, r) (1 - p(r)),        p(n) = max over m of p(n, m),

and the optimal moves are the maximisers.  At eps = 1 the formula is 0/0 for some moves (every received word
is the complement, which may be illegal); the certificate uses the limit as eps -> 1: mu_n(m, .) is uniform on
the legal words at the largest distance from m (the terms eps^d (1 - eps)^(k - d) with the largest d dominate).

Arithmetic: eps = a/b; the weights are the integers a^d (b - a)^(k - d) (the common factor b^-k cancels) and
1 - p(r) = Q_r / L over a common denominator L, so each move value is one exact fraction of integers.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm

from .numbers import Bad, need


def _weights(n: int, eps: Fraction) -> list[int]:
    """The integer weight of a received word at each Hamming distance 0..k (k digits of n), at eps = a/b < 1."""
    k = n.bit_length()
    a, b = eps.numerator, eps.denominator
    return [a ** d * (b - a) ** (k - d) for d in range(k + 1)]


def move_values(n: int, eps: Fraction, p: list[Fraction]) -> list[Fraction]:
    """p(n, m) for m = 0..n-1 by equation (5), from p(0), ..., p(n-1) (the list ``p``, at least n long)."""
    need(n >= 1, f"heap {n} has no moves")
    need(0 <= eps <= 1, f"eps = {eps} is not a probability")
    L = lcm(*(x.denominator for x in p[:n]))
    Q = [(p[r].denominator - p[r].numerator) * (L // p[r].denominator) for r in range(n)]
    out = []
    if eps == 1:
        for m in range(n):
            dist = [(m ^ r).bit_count() for r in range(n)]
            rs = [r for r in range(n) if dist[r] == max(dist)]
            out.append(Fraction(sum(Q[r] for r in rs), L * len(rs)))
        return out
    w = _weights(n, eps)
    for m in range(n):
        ws = [(w[(m ^ r).bit_count()], Q[r]) for r in range(n)]
        den = sum(x for x, _ in ws)
        need(den > 0, f"heap {n}, move {m}: no legal word can be received")
        out.append(Fraction(sum(x * c for x, c in ws), L * den))
    return out


def solve_row(n: int, eps: Fraction, p: list[Fraction]) -> tuple[Fraction, tuple[int, ...], list[Fraction]]:
    """(p(n), the optimal moves, every move's value) from the values of the smaller heaps."""
    v = move_values(n, eps, p)
    best = max(v)
    return best, tuple(m for m in range(n) if v[m] == best), v


def check_heaps(eps: Fraction, p: list[Fraction], optimal: dict | None = None, values: dict | None = None) -> None:
    """Re-evaluate equation (5) at every heap 1..len(p)-1: each listed p(n) must be the maximum of its move values
    (computed from the listed values of the smaller heaps), each listed optimal-move set the set of maximisers,
    each listed move value the value (5) gives.  Raises :class:`Bad` at the first heap that fails."""
    need(p and p[0] == 0, "p(0) must be 0 (the player facing an empty heap has lost)")
    for n in range(1, len(p)):
        best, moves, v = solve_row(n, eps, p)
        need(best == p[n], f"eps = {eps}, heap {n}: the listed p({n}) is not the maximum of its move values by (5)")
        if optimal is not None and n in optimal:
            need(tuple(optimal[n]) == moves, f"eps = {eps}, heap {n}: the listed optimal moves {list(optimal[n])} are "
                                             f"not the maximisers {list(moves)}")
        if values is not None and n in values:
            need(len(values[n]) == n, f"eps = {eps}, heap {n}: {len(values[n])} move values listed, {n} moves")
            for m, (x, y) in enumerate(zip(values[n], v, strict=True)):
                if x != y:
                    raise Bad(f"eps = {eps}, heap {n}: the listed value of move {m} is not the value (5) gives")
