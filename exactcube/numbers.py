r"""Exact scalars, parsing of user numbers, and honest decimal output.

Every rational in exactcube is a :class:`gmpy2.mpq`.  User text is parsed into
an exact rational without ever passing through a binary float: ``"0.77"`` is
:math:`77/100`, ``"1e-3"`` is :math:`1/1000`, ``"3/4"`` is :math:`3/4`.

Rounding rule.  :func:`round_decimal` rounds to ``n`` places *half to even*:
the exact value :math:`q` becomes the nearest multiple of :math:`10^{-n}`; a
tie (an exact value halfway between two) goes to the one whose last digit is
even.  Because the input is exact, the last printed digit is always the
correctly rounded one.  Half to even keeps complements consistent: when
:math:`p + q` is a whole number (two chances summing to 1, two percentages to
100), the printed values sum to it too, ties included (:math:`569/32 =
17.78125` prints 17.7812 and its complement :math:`2631/32 = 82.21875` prints
82.2188; half up would print 17.7813 and a sum of 100.0001).  It is also
symmetric in sign.  The source documents mostly round half up; their printed
values are judged by interval (below), so either tie is judged right.

A printed decimal with ``n`` places stands for the interval
:math:`[v - \tfrac12 10^{-n}, v + \tfrac12 10^{-n}]`; the one judge of printed values,
:func:`exactcube.printed.agrees_with_printed`, says whether an exact value lies in it (so
``.8125`` for :math:`13/16` is right, ``.8126`` is not) and judges every other printed form.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Union

import gmpy2
from gmpy2 import mpq, mpz

from .errors import BadInput, TooLarge

__all__ = [
    "mpq",
    "mpz",
    "Q",
    "Rational",
    "to_mpq",
    "parse_rational",
    "parse_int",
    "round_decimal",
    "format_decimal",
    "format_exact",
    "latex_rational",
    "printed_places",
    "parse_printed",
    "is_mpq",
    "exact_bounds",
    "is_ball",
    "sign",
    "check_whole",
    "MAX_INPUT_DIGITS",
    "MAX_EXPONENT",
    "MAX_PLACES",
]

Rational = Union[int, Fraction, "mpq", "mpz", str]

#: The exact scalar type.
Q = mpq

_MPQ = type(mpq(0))
_MPZ = type(mpz(0))

_DECIMAL = re.compile(
    r"""^\s*(?P<sign>[+-]?)
        (?:(?P<int>\d+)(?:\.(?P<frac>\d*))?|\.(?P<frac2>\d+))
        (?:[eE](?P<exp>[+-]?\d+))?\s*$""",
    re.VERBOSE,
)
_FRACTION = re.compile(r"^\s*(?P<num>[+-]?\d+)\s*/\s*(?P<den>[+-]?\d+)\s*$")
#: Most digits accepted in one typed number (each of numerator, denominator, mantissa).
MAX_INPUT_DIGITS = 1000
#: Largest |exponent| accepted in scientific notation (``1e1000`` is read, ``1e1001`` is refused).
MAX_EXPONENT = 1000
#: Most decimal places printed (``--digits``): more than the decimals of any value a command shows.
MAX_PLACES = 1000


def is_mpq(x) -> bool:
    """True when ``x`` is a gmpy2 rational."""
    return isinstance(x, _MPQ)


def parse_rational(text: str, name: str = "number") -> mpq:
    """Parse user text into an exact rational.

    Accepts integers (``"-2"``), fractions (``"3/4"``), decimals (``"0.77"``,
    ``".5"``) and scientific notation (``"1e-3"``, ``"2.5E2"``).  Never uses a
    binary float.  Raises :class:`BadInput` with a one-line message otherwise.

    >>> parse_rational("0.77")
    mpq(77,100)
    >>> parse_rational("3/4"), parse_rational("1e-3"), parse_rational("-2")
    (mpq(3,4), mpq(1,1000), mpq(-2,1))
    """
    if not isinstance(text, str):
        raise BadInput(f"{name}: expected text, got {type(text).__name__}")
    _check_length(text, name)
    m = _FRACTION.match(text)
    if m:
        den = int(m.group("den"))
        if den == 0:
            raise BadInput(f"{name}: {_show(text)} has a zero denominator")
        return mpq(int(m.group("num")), den)
    m = _DECIMAL.match(text)
    if not m:
        raise BadInput(
            f"{name}: cannot read {_show(text)} as a number "
            "(use an integer, a fraction like 3/4, or a decimal like 0.77 or 1e-3)"
        )
    frac = m.group("frac") if m.group("frac") is not None else (m.group("frac2") or "")
    digits = (m.group("int") or "") + frac
    exp = int(m.group("exp") or 0)
    if abs(exp) > MAX_EXPONENT:
        raise TooLarge(f"{name}: the exponent of {_show(text)} is too large (at most {MAX_EXPONENT} either way)")
    value = mpq(int(digits or "0"), 1)
    shift = exp - len(frac)
    value = value * mpq(10) ** shift if shift >= 0 else value / mpq(10) ** (-shift)
    return -value if m.group("sign") == "-" else value


def _show(text: str) -> str:
    """The user's text for a message: stripped, and cut when long (a message is one short line)."""
    t = text.strip()
    return repr(t) if len(t) <= 40 else repr(t[:20] + "..." + t[-10:]) + f" ({len(t)} characters)"


def _check_length(text: str, name: str) -> None:
    """Refuse, before any arithmetic, a number with more than MAX_INPUT_DIGITS digits in one part."""
    longest = max((len(run) for run in re.findall(r"\d+", text)), default=0)
    if longest > MAX_INPUT_DIGITS:
        raise TooLarge(f"{name}: {_show(text)} has a part of {longest} digits (at most {MAX_INPUT_DIGITS})")


def parse_int(text: str, name: str = "integer", minimum: int | None = None, maximum: int | None = None) -> int:
    """Parse user text into an ``int`` in ``minimum..maximum``; reject fractions and decimals clearly.

    Below ``minimum`` is :class:`BadInput`, above ``maximum`` is :class:`TooLarge`;
    the number is bounded (:data:`MAX_INPUT_DIGITS`, :data:`MAX_EXPONENT`) before
    it is formed, so ``"1e100000"`` is refused at once.
    """
    q = parse_rational(text, name)
    if q.denominator != 1:
        raise BadInput(f"{name}: expected a whole number, got {_show(text)}")
    n = int(q.numerator)
    if minimum is not None and n < minimum:
        raise BadInput(f"{name}: must be at least {minimum}, got {_show(text)}")
    if maximum is not None and n > maximum:
        raise TooLarge(f"{name}: {_show(text)} is too large (at most {maximum})")
    return n


def to_mpq(x, name: str = "number") -> mpq:
    """Convert an exact value (int, Fraction, mpz, mpq, sympy Rational, or text) to ``mpq``.

    Binary floats are refused: a float such as ``0.77`` is not ``77/100``, and
    exactcube never guesses which rational was meant.
    """
    if isinstance(x, _MPQ):
        return x
    if isinstance(x, bool):
        raise BadInput(f"{name}: expected a number, got a boolean")
    if isinstance(x, (int, _MPZ)):
        return mpq(x)
    if isinstance(x, Fraction):
        return mpq(x.numerator, x.denominator)
    if isinstance(x, str):
        return parse_rational(x, name)
    if isinstance(x, float):
        raise BadInput(
            f"{name}: got the binary float {x!r}; pass an exact value such as '77/100' or Fraction"
        )
    p = getattr(x, "p", None)
    q = getattr(x, "q", None)
    if isinstance(p, int) and isinstance(q, int):  # sympy Rational / Integer
        return mpq(p, q)
    num = getattr(x, "numerator", None)
    den = getattr(x, "denominator", None)
    if num is not None and den is not None:
        return mpq(int(num), int(den))
    raise BadInput(f"{name}: cannot use {x!r} as an exact rational")


def _round_scaled(q: mpq, places: int) -> mpz:
    """The integer nearest to q * 10**places, ties to the even one (the rounding rule above)."""
    scaled = q * mpq(10) ** places
    num, den = scaled.numerator, scaled.denominator
    neg = num < 0
    num = -num if neg else num
    quot, rem = gmpy2.f_divmod(num, den)
    if 2 * rem > den or (2 * rem == den and quot % 2 == 1):
        quot += 1
    return -quot if neg else quot


def round_decimal(q, places: int) -> mpq:
    """``q`` rounded to ``places`` decimals, half to even, as an exact rational."""
    q = to_mpq(q)
    if places < 0:
        raise BadInput("places must be non-negative")
    return mpq(_round_scaled(q, places), 10**places)


def format_decimal(q, places: int, leading_zero: bool = True) -> str:
    """Decimal string of ``q`` correctly rounded to ``places`` (half to even).

    >>> format_decimal(mpq(13, 16), 3), format_decimal(mpq(-1, 8), 2), format_decimal(mpq(-3, 8), 2)
    ('0.812', '-0.12', '-0.38')
    """
    q = to_mpq(q)
    n = _round_scaled(q, places)
    sign = "-" if n < 0 else ""
    n = abs(n)
    s = str(n).rjust(places + 1, "0")
    whole, frac = (s[:-places], s[-places:]) if places else (s, "")
    if not leading_zero and whole == "0" and places:
        whole = ""
    return f"{sign}{whole}.{frac}" if places else f"{sign}{whole}"


def format_exact(q) -> str:
    """``"13/16"``, ``"-2"``: the exact value as text that :func:`parse_rational` reads back."""
    q = to_mpq(q)
    if q.denominator == 1:
        return str(q.numerator)
    return f"{q.numerator}/{q.denominator}"


def latex_rational(q, places: int | None = None) -> str:
    r"""LaTeX for ``q``: ``\frac{13}{16}`` (exact), or a rounded decimal when ``places`` is given.

    >>> latex_rational(mpq(-13, 16)), latex_rational(mpq(13, 16), 4)
    ('-\\frac{13}{16}', '0.8125')
    """
    q = to_mpq(q)
    if places is not None:
        return format_decimal(q, places)
    if q.denominator == 1:
        return str(q.numerator)
    sign = "-" if q < 0 else ""
    return rf"{sign}\frac{{{abs(q.numerator)}}}{{{q.denominator}}}"


def _dyadic(x) -> mpq:
    """The exact rational an arb midpoint or an mpmath mpf holds: ``man * 2**exp``."""
    man, exp = x.mid().man_exp() if hasattr(x, "mid") else x.man_exp
    man, exp = int(man), int(exp)
    return mpq(man) * mpq(2) ** exp if exp >= 0 else mpq(man, 2 ** (-exp))


def exact_bounds(v) -> tuple[mpq, mpq]:
    """Exact rational bounds ``(lo, hi)`` of a true value, whatever its type: an exact rational or
    integer (``lo == hi``), a python-flint arb ball (its end points), an mpmath mpf (the dyadic
    it holds), or a ``(lo, hi)`` pair (an interval known to enclose the one true value; an interval of
    acceptable values, such as a Monte Carlo estimate's, is an :class:`exactcube.printed.Sampled`)."""
    if isinstance(v, tuple) and len(v) == 2:
        lo, hi = to_mpq(v[0]), to_mpq(v[1])
        if lo > hi:
            raise ValueError(f"interval ({lo}, {hi}) has lo > hi")
        return lo, hi
    kind = type(v).__name__
    if kind == "arb":  # midpoint and radius are exact dyadics: no rounding at python-flint's current precision
        if not v.is_finite():
            return _dyadic(v.lower()), _dyadic(v.upper())
        mid, rad = _dyadic(v), _dyadic(v.rad())
        return mid - rad, mid + rad
    if kind == "mpf":
        q = _dyadic(v)
        return q, q
    q = to_mpq(v)
    return q, q


def printed_places(printed: str) -> int:
    """Number of decimal places in a printed decimal (``".8125"`` -> 4, ``"+.430"`` -> 3, ``"12"`` -> 0).

    Only a decimal has places: a fraction is refused (it is exact), and so is scientific notation; the one
    judge of every printed form is :func:`exactcube.printed.read_printed`."""
    s = printed.strip().rstrip("%")
    if "/" in s:
        raise BadInput(f"printed value {printed!r} is a fraction: it has no decimal places (it is exact)")
    if "e" in s.lower():
        raise BadInput(f"printed value {printed!r}: scientific notation has no fixed precision")
    return len(s.split(".", 1)[1]) if "." in s else 0


def parse_printed(printed: str) -> mpq:
    """The exact rational a printed decimal denotes (``"+.430"`` -> 43/100; a trailing % is kept as written)."""
    return parse_rational(printed.strip().rstrip("%"), "printed value")


def check_whole(value, what: str, minimum: int = 0, maximum: int | None = None, hint: str = "") -> int:
    """A whole number (int, mpz, or an integral mpq) in ``minimum..maximum``, as an ``int``.

    Raises :class:`BadInput` for a non-integer or a value below ``minimum`` and
    :class:`TooLarge` above ``maximum`` (the message offers the bound and ``hint``).
    Booleans and floats are refused.
    """
    if isinstance(value, bool):
        raise BadInput(f"{what} must be a whole number, got {value!r}")
    if isinstance(value, _MPZ):
        value = int(value)
    elif isinstance(value, _MPQ) and value.denominator == 1:
        value = int(value.numerator)
    if not isinstance(value, int):
        raise BadInput(f"{what} must be a whole number, got {value!r}")
    if value < minimum:
        raise BadInput(f"{what} must be at least {minimum}, got {value}")
    if maximum is not None and value > maximum:
        extra = f"; {hint}" if hint else ""
        raise TooLarge(f"{what} = {value} is too large (at most {maximum}){extra}")
    return value


def ball_precision(bits: int):
    """A context in which python-flint's precision is ``bits``; the caller's precision is restored after, also on an
    exception (the one such helper: every model with ball arithmetic uses it; python-flint's own ``ctx.workprec``)."""
    import flint

    return flint.ctx.workprec(int(bits))




def is_ball(x) -> bool:
    """Whether ``x`` is a python-flint ball (else an exact number); never imports python-flint (no ball can exist
    before it is imported), so a command that meets no ball does not pay its import."""
    import sys

    arb = getattr(sys.modules.get("flint"), "arb", None)
    return arb is not None and isinstance(x, arb)


def sign(x) -> int | None:
    """-1, 0 or 1 for an exact number; for a ball the sign of every point, None when it holds 0 (the one way a
    comparison is decided on values that may be balls: match tables, cube actions)."""
    if is_ball(x):
        if x > 0:
            return 1
        if x < 0:
            return -1
        return None
    return (x > 0) - (x < 0)
