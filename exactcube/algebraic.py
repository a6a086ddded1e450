r"""Real algebraic numbers, exact root isolation and rational functions over the integers.

A real algebraic number :math:`\beta` is held as an irreducible primitive polynomial
:math:`P \in \mathbb{Z}[x]` and an isolating interval :math:`(a, b)` with rational end points in
which :math:`P` changes sign and has no other root (:class:`AlgebraicNumber`); comparisons refine
the intervals by exact bisection until they separate.  Roots are isolated with FLINT's certified
complex root finder (``fmpz_poly.complex_roots``: real roots come back with an exactly zero
imaginary part) and every isolating interval is then certified by an exact sign change of the
defining polynomial at its end points (:func:`real_roots_in`).  Descartes' rule of signs on
:math:`(a, b)`, after the Möbius map :math:`x = a + (b - a)/(1 + y)`, bounds the number of roots
there (:func:`descartes_bound`); with bisection (Vincent-Collins-Akritas) it proves that a
polynomial has no root in an interval (:func:`has_no_root_in`).  :class:`RationalFunction` is a
quotient of integer polynomials in lowest terms.

Used by the phase diagram of the ``noisy`` model (:mod:`exactcube.noisy.eps.phases`), and open to
any model whose values are rational functions of a parameter.

References: Collins and Akritas, "Polynomial real root isolation using Descartes' rule of signs"
(SYMSAC 1976); FLINT's ``fmpz_poly_complex_roots`` (python-flint documentation).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from flint import arb, ctx, fmpq, fmpz_poly

from .numbers import format_decimal, format_exact, mpq, to_mpq

__all__ = ["to_fmpq", "to_ball", "fmpq_to_mpq", "sign_at", "arb_exact", "primitive", "AlgebraicNumber", "rational_between",
           "descartes_bound", "has_no_root_in", "real_roots_in", "RationalFunction", "exact_div"]

# ---------------------------------------------------------------------------
# exact scalars between gmpy2 and flint
# ---------------------------------------------------------------------------


def to_fmpq(q) -> fmpq:
    """The exact rational q (any form :func:`exactcube.numbers.to_mpq` reads) as a flint fmpq."""
    q = to_mpq(q)
    return fmpq(int(q.numerator), int(q.denominator))


def to_ball(q) -> arb:
    """The exact rational q (any form :func:`exactcube.numbers.to_mpq` reads) as an arb ball at the current
    python-flint precision: exact when q's binary expansion fits, else the tightest ball around it (the one
    mpq -> arb conversion: every model and document with ball arithmetic uses it)."""
    return arb(to_fmpq(q))


def fmpq_to_mpq(q: fmpq) -> mpq:
    """A flint fmpq as an exact gmpy2 rational."""
    return mpq(int(q.p), int(q.q))


def sign_at(P: fmpz_poly, q) -> int:
    """The sign (-1, 0, 1) of the integer polynomial P at the rational q, exactly."""
    v = P(to_fmpq(q))
    return (v > 0) - (v < 0)


def arb_exact(x) -> mpq:
    """The midpoint of the arb ball x as an exact rational (a dyadic number)."""
    man, exp = x.mid().man_exp()
    man, exp = int(man), int(exp)
    return mpq(man) * mpq(2) ** exp if exp >= 0 else mpq(man, 2 ** (-exp))


# ---------------------------------------------------------------------------
# real algebraic numbers
# ---------------------------------------------------------------------------


def primitive(P: fmpz_poly) -> fmpz_poly:
    """P divided by its content, with a positive leading coefficient (the primitive part)."""
    c = P.content()
    if c != 1 and c != 0:
        P = fmpz_poly([x // c for x in P.coeffs()])
    if P.degree() >= 0 and P.leading_coefficient() < 0:
        P = -P
    return P


@dataclass(frozen=True)
class AlgebraicNumber:
    r"""A real algebraic number :math:`\beta`: the unique root of the irreducible
    primitive integer polynomial ``poly`` in the open interval ``(lo, hi)``
    (``lo == hi`` for a rational :math:`\beta`, whose ``poly`` has degree 1).

    The isolation is exact: ``poly`` changes sign between ``lo`` and ``hi``.
    """

    poly: fmpz_poly = field(compare=False)
    lo: mpq
    hi: mpq
    key: tuple = field(default=(), repr=False)  # (coefficients) for equality

    @staticmethod
    def rational(q) -> "AlgebraicNumber":
        q = to_mpq(q)
        P = fmpz_poly([-int(q.numerator), int(q.denominator)])
        return AlgebraicNumber(P, q, q, tuple(int(c) for c in P.coeffs()))

    @property
    def is_rational(self) -> bool:
        return self.lo == self.hi

    def __str__(self) -> str:
        """What a reader sees (a notebook, ``str()``): ``1/2`` for a rational; for an irrational the root of its
        polynomial in its interval, with 12 decimals (``the root of 2x^2 − 1 in (0, 1), 0.707106781187``)."""
        if self.is_rational:
            return format_exact(self.lo)
        from .mathtext import plain_text, polynomial

        poly = plain_text("$" + polynomial(self.poly.coeffs(), "x") + "$")
        return f"the root of {poly} in ({format_exact(self.lo)}, {format_exact(self.hi)}), {self.decimal(12)}"

    @property
    def degree(self) -> int:
        return self.poly.degree()

    def refine(self, width) -> "AlgebraicNumber":
        """Bisect the isolating interval (exact signs) until it is narrower than ``width``."""
        if self.is_rational:
            return self
        width = to_mpq(width)
        lo, hi = self.lo, self.hi
        slo = sign_at(self.poly, lo)
        while hi - lo >= width:
            mid = (lo + hi) / 2
            s = sign_at(self.poly, mid)
            if s == 0:  # cannot happen for an irreducible poly of degree >= 2
                return AlgebraicNumber.rational(mid)
            if s == slo:
                lo = mid
            else:
                hi = mid
        return AlgebraicNumber(self.poly, lo, hi, self.key)

    def refined_arb(self, bits: int = 200) -> "AlgebraicNumber":
        """Shrink the interval quickly: a certified arb root at ``bits`` bits, checked by exact signs."""
        if self.is_rational:
            return self
        return self.refine(mpq(1, 2**bits))

    def decimal(self, digits: int = 30) -> str:
        """The number correctly rounded to ``digits`` places (the interval is refined until both ends agree)."""
        if self.is_rational:
            return format_decimal(self.lo, digits)
        a = self
        w = mpq(1, 10 ** (digits + 2))
        while True:
            a = a.refine(w)
            s, t = format_decimal(a.lo, digits), format_decimal(a.hi, digits)
            if s == t:
                return s
            w /= 1000

    def __float__(self) -> float:
        return float((self.lo + self.hi) / 2)

    def _cmp(self, other: "AlgebraicNumber") -> int:
        a, b = self, other
        if a.is_rational and b.is_rational:
            return (a.lo > b.lo) - (a.lo < b.lo)
        if a.key == b.key:
            # same irreducible polynomial: refined isolating intervals of one isolation
            # are disjoint for distinct roots
            if a.hi <= b.lo:
                return -1
            if b.hi <= a.lo:
                return 1
            return 0
        while True:  # distinct algebraic numbers separate after finitely many refinements
            if a.hi <= b.lo and not (a.is_rational and a.lo == b.lo and b.is_rational):
                if a.hi < b.lo or not (a.is_rational and b.is_rational):
                    return -1
            if b.hi <= a.lo:
                return 1
            if not a.is_rational:
                a = a.refine((a.hi - a.lo) / 4)
            if not b.is_rational:
                b = b.refine((b.hi - b.lo) / 4)

    def __lt__(self, other):
        return self._cmp(other) < 0

    def __le__(self, other):
        return self._cmp(other) <= 0

    def __gt__(self, other):
        return self._cmp(other) > 0

    def __ge__(self, other):
        return self._cmp(other) >= 0

    def equals(self, other) -> bool:
        return self._cmp(other) == 0

    def cmp_rational(self, q) -> int:
        """Sign of self - q for a rational q (exact)."""
        return self._cmp(AlgebraicNumber.rational(q))

    def describe(self, digits: int = 30) -> str:
        """'0.7654... (root of P in (lo, hi))'."""
        if self.is_rational:
            return f"{self.lo.numerator}/{self.lo.denominator}" if self.lo.denominator != 1 else str(self.lo.numerator)
        return f"{self.decimal(digits)} (root of {self.poly} in ({self.lo}, {self.hi}))"


def rational_between(a: AlgebraicNumber, b: AlgebraicNumber) -> mpq:
    """A short dyadic rational strictly between the algebraic numbers a < b."""
    while True:
        if a.hi <= b.lo:
            lo, hi = a.hi, b.lo
            if lo < hi:
                d = 1
                while True:
                    c = math.floor(lo * d) + 1
                    if mpq(c, d) < hi:
                        return mpq(c, d)
                    d *= 2
            if not a.is_rational and not b.is_rational:
                return lo  # a < a.hi = b.lo < b
        if not a.is_rational:
            a = a.refine((a.hi - a.lo) / 4)
        if not b.is_rational:
            b = b.refine((b.hi - b.lo) / 4)


# ---------------------------------------------------------------------------
# root isolation and sign certificates (exact)
# ---------------------------------------------------------------------------


def _to_unit_interval(P: fmpz_poly, a: mpq, b: mpq):
    r"""A polynomial whose positive roots correspond one-to-one to the roots of P in (a, b):
    :math:`(1+y)^d P_1(1/(1+y))` with :math:`P_1(x) = P(a + (b - a) x)`."""
    from flint import fmpq_poly

    P1 = fmpq_poly(P)(fmpq_poly([to_fmpq(a), to_fmpq(b - a)]))
    d = P1.degree()
    rev = fmpq_poly(list(reversed(P1.coeffs())) + [0] * 0)
    # x^d P1(1/x): reversed coefficients (degree may drop if P1(0) = P(a) = 0)
    return rev(fmpq_poly([1, 1])) if d > 0 else rev


def descartes_bound(P: fmpz_poly, a, b) -> int:
    """Descartes' rule of signs on (a, b): an upper bound on the number of roots of P in (a, b),
    with the same parity; 0 proves that P has no root in the open interval (exact)."""
    a, b = to_mpq(a), to_mpq(b)
    if P.degree() <= 0:
        return 0
    Q = _to_unit_interval(P, a, b)
    signs = [(c > 0) - (c < 0) for c in Q.coeffs() if c != 0]
    return sum(1 for s, t in zip(signs, signs[1:], strict=False) if s != t)


def has_no_root_in(P: fmpz_poly, a, b, depth: int = 12) -> bool:
    """Exact proof (Descartes' rule with bisection, Vincent-Collins-Akritas) that P has no real root
    in the open interval (a, b) and none at its interior bisection points; False when not proved."""
    a, b = to_mpq(a), to_mpq(b)
    v = descartes_bound(P, a, b)
    if v == 0:
        return True
    if v == 1 or depth == 0:
        return False
    m = (a + b) / 2
    if sign_at(P, m) == 0:
        return False
    return has_no_root_in(P, a, m, depth - 1) and has_no_root_in(P, m, b, depth - 1)


@lru_cache(maxsize=20000)
def _isolate_irreducible(coeffs: tuple) -> tuple[AlgebraicNumber, ...]:
    """All real roots of an irreducible primitive integer polynomial, isolated exactly."""
    P = fmpz_poly(list(coeffs))
    if P.degree() == 1:
        c0, c1 = coeffs
        return (AlgebraicNumber.rational(mpq(-c0, c1)),)
    prec = 64
    while True:
        with ctx.workprec(prec):
            roots = [r for r, _ in P.complex_roots()]
            reals = [r.real for r in roots if r.imag.is_zero()]
            cand = []
            ok = True
            for r in reals:
                lo, hi = arb_exact(arb(r.lower())), arb_exact(arb(r.upper()))
                if lo == hi or sign_at(P, lo) * sign_at(P, hi) >= 0:
                    ok = False
                    break
                cand.append(AlgebraicNumber(P, lo, hi, coeffs))
        cand.sort(key=lambda a: a.lo)
        if ok and all(x.hi <= y.lo for x, y in zip(cand, cand[1:], strict=False)):
            return tuple(cand)
        prec *= 2
        if prec > 1 << 16:
            raise RuntimeError(f"could not certify the real roots of {P}")


def real_roots_in(P: fmpz_poly, lo: AlgebraicNumber, hi: AlgebraicNumber) -> list[AlgebraicNumber]:
    """The distinct real roots of P in the open interval (lo, hi), sorted, each exact."""
    if P.is_zero():
        raise ValueError("the zero polynomial has every number as a root")
    if P.degree() <= 0:
        return []
    if descartes_bound(P, lo.lo, hi.hi) == 0:
        return []
    _, factors = P.factor()
    out = []
    for f, _e in factors:
        f = primitive(f)
        if f.degree() <= 0:
            continue
        if descartes_bound(f, lo.lo, hi.hi) == 0:
            continue
        for r in _isolate_irreducible(tuple(int(c) for c in f.coeffs())):
            if lo < r and r < hi:
                out.append(r)
    out.sort()
    ded = []
    for r in out:
        if not ded or not ded[-1].equals(r):
            ded.append(r)
    return ded


# ---------------------------------------------------------------------------
# rational functions
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class RationalFunction:
    """num/den in Z[eps], in lowest terms, den > 0 on (0, 1)."""

    num: fmpz_poly
    den: fmpz_poly

    @staticmethod
    def reduced(num: fmpz_poly, den: fmpz_poly) -> "RationalFunction":
        g = num.gcd(den)
        if not g.is_one():
            num = exact_div(num, g)
            den = exact_div(den, g)
        c = num.content().gcd(den.content()) if not num.is_zero() else den.content()
        if c != 1 and c != 0:
            num = fmpz_poly([x // c for x in num.coeffs()])
            den = fmpz_poly([x // c for x in den.coeffs()])
        if den(fmpq(1, 2)) < 0:
            num, den = -num, -den
        return RationalFunction(num, den)

    def __call__(self, eps) -> mpq:
        e = to_fmpq(eps)
        d = self.den(e)
        if d == 0:
            raise ZeroDivisionError(f"denominator vanishes at eps = {eps}")
        return fmpq_to_mpq(self.num(e) / d)

    def to_sympy(self, symbol=None):
        import sympy as sp

        x = symbol or sp.Symbol("epsilon")
        n = sum(int(c) * x**i for i, c in enumerate(self.num.coeffs()))
        d = sum(int(c) * x**i for i, c in enumerate(self.den.coeffs()))
        return n / d

    def __str__(self) -> str:
        return f"({self.num}) / ({self.den})".replace("x", "ε")


def exact_div(a: fmpz_poly, b: fmpz_poly) -> fmpz_poly:
    """a / b for integer polynomials where b divides a (ArithmeticError otherwise)."""
    q, r = divmod(a, b)
    if not r.is_zero():
        raise ArithmeticError("inexact polynomial division")
    return q
