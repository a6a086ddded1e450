"""Bridges between exact rationals and sympy, and identity checking.

sympy is used only where a parameter is symbolic (x, y, a, b, k); concrete values
stay ``mpq``.  :func:`is_identity` decides ``lhs == rhs`` as an identity by exact
simplification to zero (rational functions: ``cancel``; otherwise ``simplify``);
:func:`identity` does the same and returns the check as a result (:class:`Identity`) that a verdict can cite:
exact, with the equation as its source.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy as sp

from .numbers import mpq, to_mpq
from .results import Result

__all__ = ["to_sympy", "from_sympy", "is_identity", "identity", "Identity", "residual", "solve"]


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


@dataclass(frozen=True, eq=False)
class Identity(Result):
    """``lhs = rhs`` checked as an identity by exact simplification of ``lhs - rhs`` (:func:`residual`).

    True (``bool``) when it holds.  Its evidence is read off the arithmetic of the two sides (sympy's exact numbers
    and symbols: exact; a sympy Float anywhere: numeric); its source is the equation itself, after ``source``
    (what it implements: ``"ks69 (8)"``)."""

    lhs: Any
    rhs: Any
    residual: Any
    label: str = ""
    METHOD = "sympy: lhs - rhs brought to canonical form (together, cancel, simplify) and compared with 0"
    SOURCE = "an identity checked by exact simplification (exactcube.symbolic)"
    VALUES = ("lhs", "rhs", "residual")

    @property
    def holds(self) -> bool:
        return self.residual == 0

    def __bool__(self) -> bool:
        return self.holds

    @property
    def source(self) -> str:
        eq = f"{sp.sstr(self.lhs)} = {sp.sstr(self.rhs)}"
        if len(eq) > 160:
            eq = eq[:157] + "..."
        return f"{self.label}: {eq}" if self.label else eq

    def _provenance(self):
        p = super()._provenance()
        from dataclasses import replace

        return replace(p, source=self.source)


def identity(lhs, rhs, source: str = "") -> Identity:
    """Check ``lhs = rhs`` as an identity (as :func:`is_identity`) and return the check as an :class:`Identity`
    result (true when it holds) for a verdict to cite; ``source`` names what the equation implements."""
    from .certificates import record_identity

    lhs, rhs = sp.sympify(lhs), sp.sympify(rhs)
    result = Identity(lhs, rhs, residual(lhs, rhs), source)
    record_identity(result)  # verify --certificates: the identity for certcheck
    return result


def solve(lhs, rhs, unknown, method: str, source: str = ""):
    """The solutions of ``lhs = rhs`` for ``unknown`` (sympy's ``solve``), as a ``computed`` result (its value the
    tuple of solutions) with ``method`` and ``source``; recorded for ``verify --certificates``, where certcheck
    checks that a single solution is the only one (the equation of degree 1 in the unknown) and satisfies it."""
    from .certificates import record_solution
    from .results import computed

    lhs, rhs = sp.sympify(lhs), sp.sympify(rhs)
    result = computed(tuple(sp.solve(sp.Eq(lhs, rhs), unknown)), method, source)
    record_solution(result, (lhs, rhs), unknown)
    return result
