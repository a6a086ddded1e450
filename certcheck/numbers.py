"""Exact numbers as certificates spell them: integers and fractions as strings, dyadic numbers as pairs.

A certificate never holds a float.  An integer is ``"-12"``; a fraction is ``"3/4"`` (any sign on the
numerator, a positive denominator); a dyadic number m * 2^e is the pair ``[m, e]`` of JSON integers.  Anything
else is refused with :class:`Bad`, which the checker reports as a rejection.
"""

from __future__ import annotations

import re
from fractions import Fraction

_RATIONAL = re.compile(r"-?[0-9]+(/[0-9]+)?")


class Bad(Exception):
    """A certificate is malformed or wrong: the message is the reason printed after REJECTED."""


def q(text) -> Fraction:
    """The exact rational a certificate spells as a string (``"7"``, ``"-3/4"``)."""
    need(isinstance(text, str) and _RATIONAL.fullmatch(text), f"not an exact rational string: {text!r}")
    num, _, den = text.partition("/")
    need(not den or int(den) != 0, f"zero denominator: {text!r}")
    return Fraction(int(num), int(den) if den else 1)


def z(x) -> int:
    """A JSON integer (a bool is refused)."""
    need(isinstance(x, int) and not isinstance(x, bool), f"not an integer: {x!r}")
    return x


def dyadic(pair) -> Fraction:
    """The number m * 2^e of the pair [m, e]."""
    need(isinstance(pair, list) and len(pair) == 2, f"not a dyadic pair [m, e]: {pair!r}")
    m, e = z(pair[0]), z(pair[1])
    need(abs(e) <= 100000, f"dyadic exponent out of range: {e}")
    return Fraction(m) * Fraction(2) ** e


def spell(x: Fraction) -> str:
    """The string a certificate uses for an exact rational (the inverse of :func:`q`)."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def decimal(text) -> Fraction:
    """The exact value of a printed decimal (``"0.458703309461914"``, ``"1"``, ``"-0.25"``)."""
    need(isinstance(text, str) and re.fullmatch(r"-?([0-9]+(\.[0-9]+)?|[0-9]*\.[0-9]+)", text.strip()),
         f"not a printed decimal: {text!r}")
    return Fraction(text.strip())


def places(text: str) -> int:
    """The number of decimal places a printed decimal shows."""
    return len(text.strip().partition(".")[2])


def need(cond: bool, reason: str) -> None:
    """Reject with ``reason`` unless ``cond``."""
    if not cond:
        raise Bad(reason)


def judged(wrong, listed, bad: str = "erratum") -> str:
    """The printed cells found to disagree with the computed values (``wrong``) against those the certificate lists
    (``listed``, in the order the kind reads them): the two must be the same; the outcome is ``bad`` when a cell
    disagrees, else ``verified``."""
    need(sorted(wrong) == listed, f"the printed cells that disagree are {sorted(wrong)}, listed: {listed}")
    return bad if wrong else "verified"
