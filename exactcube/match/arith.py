r"""The two arithmetics a match equity recurrence runs in: exact rationals and balls.

A recurrence of this package is written once against an *arithmetic* that supplies
its constants (``ar.q(3/20)``); ``+ - * /`` are the numbers' own.  :class:`ExactArithmetic`
gives gmpy2 ``mpq`` (evidence ``exact``); :class:`BallArithmetic` gives python-flint
``arb`` balls at a stated precision, each containing the exact rational the same
recurrence gives (evidence ``rigorous``).  :func:`solve_table` raises the precision
until every entry's radius is below the asked accuracy.

:func:`exactcube.numbers.sign` decides the sign of either kind (``None`` when a ball contains 0), the one
way a comparison is made on table entries.
"""

from __future__ import annotations


from ..algebraic import to_ball
from ..numbers import ball_precision, exact_bounds, is_ball, mpq

__all__ = ["ExactArithmetic", "BallArithmetic", "FloatArithmetic", "lift", "minus", "solve_table", "bounds",
           "ball_precision", "radius_ok"]


class ExactArithmetic:
    """Constants as exact rationals."""

    evidence = "exact"

    def q(self, x):
        return mpq(x)


class BallArithmetic:
    """Constants as arb balls (the current python-flint precision)."""

    evidence = "rigorous"

    def q(self, x):
        return to_ball(mpq(x))


class FloatArithmetic:
    """Constants as binary floats (gmpy2 ``mpfr``) of ``bits`` bits: the arithmetic one step weaker than balls, used
    only by ``verify --mutate``'s arithmetic operator (:mod:`exactcube.weaker`): a table of floats is ``numeric``."""

    evidence = "numeric"

    def __init__(self, bits: int = 53):
        self.bits = bits

    def q(self, x):
        import gmpy2

        x = mpq(x)
        return gmpy2.mpfr(x, self.bits)


def lift(x):
    """An exact number as a ball when it must meet balls (the ball of an mpq at the current precision)."""
    return x if is_ball(x) else BallArithmetic().q(x)


def minus(x, y):
    """x - y for any mix of exact numbers and balls (exact when both are exact)."""
    if is_ball(x) or is_ball(y):
        return lift(x) - lift(y)
    return x - y


def bounds(x) -> tuple[mpq, mpq]:
    """Exact rational bounds of a ball (or the number twice)."""
    if is_ball(x):
        return exact_bounds(x)
    return mpq(x), mpq(x)


def radius_ok(values, eps: mpq) -> bool:
    """Whether every ball of ``values`` has a radius of at most ``eps`` (an exact number counts as radius 0)."""
    for v in values:
        lo, hi = exact_bounds(v)
        if hi - lo > 2 * eps:
            return False
    return True


def solve_table(run, exact: bool, digits: int, start_bits: int = 128, max_bits: int = 1 << 16):
    """Run ``run(arithmetic)`` (returning ``(pre, post)``) exactly, or in balls whose radii are all
    below ``10**-digits``, doubling the precision from ``start_bits`` as needed.  Returns
    ``(pre, post, method)``.  Under ``verify --mutate``'s arithmetic operator (:func:`exactcube.weaker.weaken`) it
    runs one arithmetic weaker: balls for exact, floats for balls."""
    from ..weaker import weaken

    weaker = weaken("match.solve_table", "exact" if exact else "rigorous")
    if weaker == "rigorous":
        exact = False
    elif weaker == "numeric":
        bits = int(digits * 3.33) + 64
        pre, post = run(FloatArithmetic(bits))
        return pre, post, f"the recurrence in binary floats ({bits} bits): verify --mutate's weaker arithmetic"
    if exact:
        pre, post = run(ExactArithmetic())
        return pre, post, "exact rational recurrence"
    eps = mpq(1, 10 ** digits)
    bits = max(start_bits, int(digits * 3.33) + 64)
    while True:
        with ball_precision(bits):
            pre, post = run(BallArithmetic())
            flat = [v for row in pre for v in row] + list(post)
            ok = radius_ok(flat, eps)
        if ok:
            return pre, post, f"the exact recurrence in ball arithmetic ({bits} bits; every radius < 1e-{digits})"
        if bits >= max_bits:
            raise ArithmeticError(f"balls still wider than 1e-{digits} at {bits} bits")
        bits *= 2
