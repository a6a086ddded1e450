"""Bridges between exact rationals and sympy, and identity checking.

sympy is used only where a parameter is symbolic (x, y, a, b, k); concrete values
stay ``mpq``.  :func:`is_identity` decides ``lhs == rhs`` as an identity by exact
simplification to zero (rational functions: ``cancel``; otherwise ``simplify``).
"""

from __future__ import annotations

import sympy as sp

from .numbers import mpq, to_mpq

__all__ = ["to_sympy", "from_sympy", "is_identity", "residual"]


def to_sympy(q) -> sp.Rational:
    """``mpq`` (or int) to ``sympy.Rational``."""
    q = to_mpq(q)
    return sp.Rational(int(q.numerator), int(q.denominator))


def from_sympy(r) -> mpq:
    """A sympy Rational/Integer to ``mpq``; anything else is refused."""
    r = sp.nsimplify(r) if not isinstance(r, sp.Basic) else r
    if not r.is_Rational:
        raise ValueError(f"{r} is not rational")
    return mpq(int(r.p), int(r.q))


def residual(lhs, rhs):
    """``lhs - rhs`` brought to canonical form (0 when the identity holds)."""
    d = sp.together(sp.sympify(lhs) - sp.sympify(rhs))
    d = sp.cancel(d)
    if d != 0:
        d = sp.simplify(sp.powsimp(sp.expand_power_base(d, force=True), force=True))
    return d


def is_identity(lhs, rhs) -> bool:
    """True when ``lhs - rhs`` simplifies to exactly 0."""
    return residual(lhs, rhs) == 0
