r"""Conjecture 9 in its reduced form: move 0 against the low moves only (``noisy`` §3, Conjecture 9).

A heap :math:`n = K + t` (:math:`K = 2^{k-1}`, k the binary digits of n) has the low moves :math:`0 \le m < K` and
the top moves :math:`K + u < n`.  Below :math:`\varepsilon = 1/2` every top move is worth less than its low move u
or less than :math:`1/2 < p(n)` (Theorem B7, claim ``noisy.conjecture9.top_moves``, which rests on Theorem B6,
``noisy.conjecture9.bound_every_n``: :math:`p(n) > 1/2` for every n).  So Conjecture 9 at n is exactly the
low-move inequality :math:`p(n, 0) > p(n, m)` for :math:`1 \le m < K`, and :math:`p(n) > 1/2` needs no check.
The Taylor covers of :mod:`exactcube.noisy.interval.taylor` take this form when their targets are a
:class:`LowMoveTargets`: at each heap of the statement only the models of the low moves are formed and compared.

References: ``noisy`` §3, Conjecture 9; docs/noisy.md, "The block recursion" (Theorems B6, B7) and "The reduced
frontier".
"""

from __future__ import annotations

from ...errors import BadInput
from ...numbers import mpq, to_mpq
from .low_targets import MAX_LOW_MOVE_HEAP, LowMoveTargets, low_moves_below

__all__ = ["MAX_LOW_MOVE_HEAP", "LowMoveTargets", "low_moves_below", "prove_conjecture9_low_moves"]

def prove_conjecture9_low_moves(n_max: int, eps_from=mpq(1, 4), **kw):
    """Conjecture 9 on [eps_from, 1/2) in its reduced form: for every heap 2..n_max move 0 beats every low move (an
    :class:`exactcube.results.IntervalProof` of :func:`exactcube.noisy.interval.taylor.prove_near_half`); with
    Theorems B6 and B7 (every n) move 0 is then the unique optimum and p(n) > 1/2."""
    from .taylor import prove_near_half

    eps_from = to_mpq(eps_from)
    if not 0 <= eps_from < mpq(1, 2):
        raise BadInput(f"eps_from must lie in [0, 1/2), got {eps_from}")
    targets = LowMoveTargets({n: 0 for n in range(2, n_max + 1)})
    stmt = (f"for every heap n = K + t in 2..{n_max}: p(n, 0) > p(n, m) for every low move 1 <= m < K, every eps in "
            f"[{eps_from}, 1/2) (with Theorems B6, B7: move 0 the unique optimum and p(n) > 1/2)")
    return prove_near_half(n_max, 1, 1 - 2 * eps_from, targets, set(), stmt, **kw)
