"""Polynomials with integer coefficients, and the sign of a polynomial on an open interval with rational ends.

A polynomial is the list of its integer coefficients, constant first (``[1, -1]`` is 1 - x).  The sign of P on
an open interval (a, b) is decided by Descartes' rule of signs after the Moebius map of (a, b) onto (0, oo):
with x = a + (b - a) y, y in (0, 1), and y = 1 / (1 + t), t in (0, oo), the polynomial
T(t) = (1 + t)^d R(1 / (1 + t)), R(y) = P(a + (b - a) y), has as many positive roots as P has roots in (a, b)
(a root at an end of the interval goes to t = 0 or to t = oo and is no root of the open interval).  When T's
coefficients have no sign change T has no positive root, so P keeps one sign on (a, b), that of its non-zero
coefficients.  Otherwise the interval is halved (Vincent, Collins and Akritas) up to a fixed depth; a root at a
midpoint is found exactly.  Every step is integer arithmetic.
"""

from __future__ import annotations

from fractions import Fraction

from .numbers import Bad, need, z


def poly(coeffs) -> list[int]:
    """A polynomial as a certificate lists it: JSON integers, or integer strings, constant first."""
    need(isinstance(coeffs, list), f"not a coefficient list: {coeffs!r}")
    out = []
    for c in coeffs:
        if isinstance(c, str):
            need(c.lstrip("-").isdigit(), f"not an integer coefficient: {c!r}")
            out.append(int(c))
        else:
            out.append(z(c))
    return trim(out)


def trim(p: list[int]) -> list[int]:
    p = list(p)
    while p and p[-1] == 0:
        p.pop()
    return p


def add(p, q):
    n = max(len(p), len(q))
    return trim([(p[i] if i < len(p) else 0) + (q[i] if i < len(q) else 0) for i in range(n)])


def scale(p, c: int):
    return trim([c * x for x in p])


def sub(p, q):
    return add(p, scale(q, -1))


def mul(p, q):
    if not p or not q:
        return []
    out = [0] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        if a:
            for j, b in enumerate(q):
                out[i + j] += a * b
    return trim(out)


def power(p, k: int):
    out = [1]
    for _ in range(k):
        out = mul(out, p)
    return out


def divide_exactly(p, q):
    """p / q when q divides p in Z[x] (else :class:`Bad`)."""
    q = trim(q)
    need(bool(q), "division by the zero polynomial")
    r = [Fraction(x) for x in p]
    out = [Fraction(0)] * max(len(p) - len(q) + 1, 0)
    lead = q[-1]
    for i in range(len(r) - len(q), -1, -1):
        c = r[i + len(q) - 1] / lead
        out[i] = c
        if c:
            for j, b in enumerate(q):
                r[i + j] -= c * b
    need(not any(r), "a listed common denominator is not divisible by a heap's denominator")
    need(all(c.denominator == 1 for c in out), "a cofactor of the common denominator is not an integer polynomial")
    return trim([int(c) for c in out])


def value(p, x: Fraction) -> Fraction:
    v = Fraction(0)
    for c in reversed(p):
        v = v * x + c
    return v


def _shift(p, a: int):
    """p(x + a), a an integer (Taylor shift by repeated synthetic division)."""
    c = list(p)
    n = len(c)
    for i in range(n):
        for j in range(n - 2, i - 1, -1):
            c[j] += a * c[j + 1]
    return c


def _on_unit(p, a: Fraction, b: Fraction):
    """An integer multiple (by a positive constant) of R(y) = p(a + (b - a) y)."""
    den = a.denominator * b.denominator
    A, W = int(a * den), int((b - a) * den)  # x = (A + W y) / den
    d = len(p) - 1
    # den^d p((A + W y)/den) = sum c_i den^(d - i) (A + W y)^i: first s = A + W y as t + A, then t = W y
    q = [c * den ** (d - i) for i, c in enumerate(p)]
    q = _shift(q, A)
    return [c * W ** j for j, c in enumerate(q)]


def _changes(coeffs) -> int:
    signs = [c > 0 for c in coeffs if c]
    return sum(1 for i in range(1, len(signs)) if signs[i] != signs[i - 1])


def _sign_on_unit(r, depth: int) -> int:
    """+1 or -1 if r keeps that sign on (0, 1); raises :class:`Bad` if r has a root there (or the depth runs out)."""
    r = trim(r)
    need(bool(r), "the zero polynomial has no sign")
    d = len(r) - 1
    t = _shift(list(reversed(r)), 1)
    if _changes(t) == 0:
        return 1 if [c for c in t if c][0] > 0 else -1
    need(depth > 0, "the sign could not be decided by halving the interval (a root, or roots too close)")
    half = sum(c * 2 ** (d - i) for i, c in enumerate(r))  # 2^d r(1/2)
    if half == 0:
        raise Bad("the polynomial has a root inside the interval")
    left = [c * 2 ** (d - i) for i, c in enumerate(r)]  # 2^d r(y / 2)
    right = _shift(left, 1)  # 2^d r((y + 1) / 2)
    s1, s2 = _sign_on_unit(left, depth - 1), _sign_on_unit(right, depth - 1)
    if s1 != s2:
        raise Bad("the polynomial changes sign inside the interval")
    return s1


def sign_on(p, a: Fraction, b: Fraction, depth: int = 40) -> int:
    """The sign (+1 or -1) that p keeps on the open interval (a, b), a < b; :class:`Bad` when p vanishes
    somewhere inside (or the sign cannot be decided)."""
    need(a < b, "an interval (a, b) needs a < b")
    p = trim(p)
    need(bool(p), "the zero polynomial has no sign")
    if len(p) == 1:
        return 1 if p[0] > 0 else -1
    return _sign_on_unit(_on_unit(p, a, b), depth)
