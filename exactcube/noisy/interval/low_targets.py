r"""What the Taylor covers need to know of Conjecture 9's reduced form (:mod:`exactcube.noisy.interval.low_moves`):
which targets ask for it, which moves are low, and the largest heap.  Its own module so that the cover
(:mod:`exactcube.noisy.interval.taylor`) and the reduced statement (which runs the cover) import it without a circle.

References: ``noisy`` §3, Conjecture 9; docs/noisy.md, "The reduced frontier".
"""

from __future__ import annotations

__all__ = ["MAX_LOW_MOVE_HEAP", "LowMoveTargets", "low_moves_below"]

#: The largest heap of the reduced statement: the grade sums of a piece hold (k + 1) 2^k (J + 1) numbers per array,
#: 16 MB at 2^14.
MAX_LOW_MOVE_HEAP = 1 << 14


class LowMoveTargets(dict):
    r"""Targets {heap: 0} of Conjecture 9 in its reduced form (module docstring): at heap :math:`n = K + t` move 0 is
    compared with the low moves :math:`1 \le m < K` only, and only their models are computed; give the cover an
    empty ``half_above`` (Theorem B6 proves p(n) > 1/2 for every n).  Valid below 1/2 only."""


def low_moves_below(n: int) -> int:
    """K = 2^(k-1) for a heap n with k binary digits: the low moves of n are 0..K - 1 (all moves when n = K)."""
    return 1 << (n.bit_length() - 1) if n >= 1 else 0
