"""Fast exact solver for 1-pile Nim with bit-flip noise (placeholder: delegates to the plain method)."""

from __future__ import annotations


def solve_nim_fast(n_max, eps):
    """Same contract as :func:`exactcube.noisy.nim.solve_nim_plain` (temporary delegate)."""
    from .nim import solve_nim_plain

    return solve_nim_plain(n_max, eps)
