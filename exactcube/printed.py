r"""Printed items: what a document prints, read by the checks through one door.

A check compares the truth with what the document *prints*: a table cell
(``".4938"``), a threshold (``3/4``), a typed-in formula (``4/5 + (1/5)(-1/4)^k``), a
stated count.  Every such item is read through this module, so that ``exactcube
verify --mutate`` (:mod:`exactcube.mutate`) can replace it by a perturbed copy and
show that the check notices: a check that still passes when the printed value is
changed cannot fail, and is a defect.

Two doors:

* :func:`printed` wraps a value in a :class:`Printed`; the check reads ``item.value``.
* Published table cells (:meth:`exactcube.tables.Table.publish`) are read through
  :func:`cell` when the table compares them.

Outside a mutation run both return the printed value unchanged; the cost is one
context-variable lookup.

One judge.  A printed number is read once, where it is registered (:func:`printed`,
:meth:`~exactcube.tables.Table.publish`), by :func:`read_printed` into a
:class:`PrintedNumber` that knows its :class:`Form` (a decimal with its places, a
percentage, scientific notation, a fraction, a mixed number, an interval, "≈" before a
decimal); a text it cannot read is refused there (:class:`~exactcube.errors.BadInput`).
Each form has its own rule: :func:`agrees_with_printed` and :func:`erratum_kind` (the
erratum kinds of docs/design.md) ask the form, and so do the mutants of
:func:`exactcube.mutate.mutants_of`.
"""

from __future__ import annotations

import contextvars
import re
from abc import ABCMeta, abstractmethod
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable, Iterator

import gmpy2

from .errors import BadInput, TooLarge
from .numbers import (MAX_EXPONENT, MAX_INPUT_DIGITS, exact_bounds, format_decimal, format_exact, mpq, parse_printed,
                      printed_places, to_mpq)
from .results import ErratumKind

__all__ = ["Printed", "printed", "cell", "recording", "substituting", "Access", "Arithmetic", "DOUBLE_15",
           "TRUNCATION", "Sampled", "KindRuling", "erratum_kind", "agrees_with_printed", "read_printed",
           "try_read_printed", "Form", "PrintedNumber", "PrintedDecimal", "PrintedExact", "PrintedInterval",
           "PrintedApprox"]


@dataclass(frozen=True)
class Access:
    """One printed item a check read: its key, where it stands, and the value printed."""

    key: tuple
    where: str
    value: Any
    mutants: Callable[[Any], list] | None = None


# During a recording run: the dict key -> Access that the check read.
_RECORD: contextvars.ContextVar[dict | None] = contextvars.ContextVar("exactcube_printed_record", default=None)
# During a mutant run: the one key replaced and its replacement.
_SUBST: contextvars.ContextVar[tuple | None] = contextvars.ContextVar("exactcube_printed_subst", default=None)


def _read(key: tuple, where: str, value: Any, mutants=None) -> Any:
    rec = _RECORD.get()
    if rec is not None and key not in rec:
        rec[key] = Access(key, where, value, mutants)
    sub = _SUBST.get()
    if sub is not None and sub[0] == key:
        return sub[1]
    return value


class Printed:
    """A value as the document prints it.

    ``where`` is its place (``"§2.1"``, ``"Table I, row 3"``); ``value`` may be a
    string (a printed number or any other text), an integer, an exact rational, a sympy
    expression, or a tuple, list or dict of these.  A string that is a printed number is
    read once, here, into its form (:func:`read_printed`: ``.value`` is then a
    :class:`PrintedNumber`, still the text); with ``number=True`` a string that is not one is
    refused here (:class:`~exactcube.errors.BadInput`) instead of being kept as text.
    ``mutants`` (optional) returns the perturbed copies to try instead of the automatic ones
    (:func:`exactcube.mutate.mutants_of`).
    """

    __slots__ = ("where", "_value", "_mutants", "_key")

    def __init__(self, where: str, value: Any, mutants: Callable[[Any], list] | None = None, *,
                 number: bool = False):
        self.where = where
        self._value = _typed(value, where, number)
        self._mutants = mutants
        self._key = ("printed", where, id(self))

    @property
    def value(self) -> Any:
        """The printed value (or, in a mutation run, its perturbed copy)."""
        return _read(self._key, self.where, self._value, self._mutants)

    @property
    def original(self) -> Any:
        """The printed value, never substituted (for messages)."""
        return self._value

    def __repr__(self) -> str:
        return f"Printed({self.where!r}, {self._value!r})"


def _typed(value: Any, where: str, number: bool) -> Any:
    """``value`` with each string that is a printed number read into its form (in tuples, lists and dict values
    too); with ``number``, a string that is not one is refused."""
    if isinstance(value, str):
        return read_printed(value, where) if number else (try_read_printed(value) or value)
    if type(value) in (tuple, list):  # exactly these: a named tuple or a subclass is kept as it is
        return type(value)(_typed(x, where, number) for x in value)
    if type(value) is dict:
        return {k: _typed(x, where, number) for k, x in value.items()}
    return value


def printed(where: str, value: Any, mutants: Callable[[Any], list] | None = None, *, number: bool = False) -> Printed:
    """Wrap a printed value so the check reads it through :attr:`Printed.value` (see :class:`Printed`;
    ``number=True``: the value must be a printed number, or it is refused here)."""
    return Printed(where, value, mutants, number=number)


def cell(table_id: str, row: str, col: str, value: str) -> str:
    """A published table cell as a table's comparison reads it."""
    return _read(("cell", table_id, row, col), f"{table_id} row {row}, column {col}", value)


@contextmanager
def recording() -> Iterator[dict]:
    """Record every printed item read inside the block (key -> :class:`Access`)."""
    rec: dict = {}
    token = _RECORD.set(rec)
    try:
        yield rec
    finally:
        _RECORD.reset(token)


@contextmanager
def substituting(item: "Printed | tuple", value: Any) -> Iterator[None]:
    """Inside the block, the printed item (a :class:`Printed`, or the key of a table cell,
    ``("cell", table_id, row, col)``) reads as ``value``: how a test feeds a check a
    wrong printed value."""
    key = item._key if isinstance(item, Printed) else item
    token = _SUBST.set((key, value))
    try:
        yield
    finally:
        _SUBST.reset(token)


# -- the erratum-kind rule -------------------------------------------------------------------------


@dataclass(frozen=True)
class Arithmetic:
    """An arithmetic the source *states* (or that its stated method implies), which can explain a
    last-digit difference: its name as the erratum says it, and its *cell*.

    ``cell(printed, places)`` is the set of true values from which this arithmetic prints the
    decimal ``printed`` at ``places``, as ``(a, b, a_closed, b_closed)``, or ``None`` when it prints
    it from no value.  A true value (exact, ball) is explained when it lies wholly in the cell
    (:meth:`explains`); a sampled interval when some value of it does (:meth:`explains_some`).
    """

    said: str
    cell: Callable[[mpq, int], "tuple[mpq, mpq, bool, bool] | None"]

    def explains(self, printed: mpq, lo: mpq, hi: mpq, places: int) -> bool:
        """Whether every point of ``[lo, hi]`` is printed as ``printed`` by this arithmetic."""
        c = self.cell(printed, places)
        if c is None:
            return False
        a, b, a_closed, b_closed = c
        return (a <= lo if a_closed else a < lo) and (hi <= b if b_closed else hi < b)

    def explains_some(self, printed: mpq, sampled: "Sampled", places: int) -> bool:
        """Whether some value of the sampled interval is printed as ``printed`` by this arithmetic."""
        c = self.cell(printed, places)
        return c is not None and sampled.meets(*c)


def _double_cell(v: mpq, places: int):
    # the two decimals nearest a value in [-1, 1]: the value lies less than one unit from v
    if places < 15:
        return None
    u = mpq(1, 10 ** places)
    a, a_closed = (v - u, False) if v - u >= -1 else (mpq(-1), True)
    b, b_closed = (v + u, False) if v + u <= 1 else (mpq(1), True)
    return a, b, a_closed, b_closed


def _truncation_cell(v: mpq, places: int):
    # cutting toward zero prints v from [v, v + u) above zero, (v - u, v] below, (-u, u) at zero
    u = mpq(1, 10 ** places)
    if v > 0:
        return v, v + u, True, False
    if v < 0:
        return v - u, v, False, True
    return -u, u, False, False


#: A double-precision (binary64) computation printed at 15 decimals: a value in [0, 1] carries
#: about 16 significant digits, so the 15th decimal can fall on either side of the true value.
DOUBLE_15 = Arithmetic("double precision printed at 15 decimals (binary64 carries about 16 significant digits, "
                       "so the last printed digit can land on either neighbour of the true value)", _double_cell)

#: Digits cut off instead of rounded: the printed decimal is the true value truncated toward zero.
TRUNCATION = Arithmetic("truncation instead of rounding (the digits after the last printed place are cut off)",
                        _truncation_cell)


@dataclass(frozen=True)
class Sampled:
    """A true value known as an interval of acceptable values: the *sampled interval* of the
    erratum-kind rule (docs/design.md, "Erratum kinds").

    Any value in the interval is an acceptable true value, so a printed decimal is right when
    *some* value of it rounds to the decimal (an exact value or a ball is right only when *every*
    point does).  Two constructors: :meth:`estimate`, a Monte Carlo mean with its standard error
    and a stated confidence multiple (mean ± k·SE, compared exactly through squares: SE² =
    variance/n is rational); :meth:`spread`, an interval with rational ends, either of which may
    be open-ended (a sample's quantile interval, the range of a population, the values a set of
    readings gives, the side of a bound).  ``said`` names the interval in the erratum's reason.
    """

    said: str
    lo: mpq | None = None
    hi: mpq | None = None
    centre: mpq | None = None
    radius2: mpq | None = None

    @classmethod
    def estimate(cls, mean, variance, n, k, said: str = "") -> "Sampled":
        """The interval ``mean ± k·sqrt(variance/n)``: a mean of ``n`` independent samples of the given
        (exact) variance, ``k`` standard errors either side (the confidence multiple the check states)."""
        mean, variance, n, k = to_mpq(mean), to_mpq(variance), to_mpq(n), to_mpq(k)
        if variance < 0 or n <= 0 or k < 0:
            raise ValueError("estimate: variance and k must be >= 0, n > 0")
        return cls(said or f"{format_decimal(k, 2)} standard errors of a mean of {n} samples", centre=mean,
                   radius2=k * k * variance / n)

    @classmethod
    def spread(cls, lo, hi, said: str) -> "Sampled":
        """The interval ``[lo, hi]``; ``None`` for an open end (the other side of a printed bound)."""
        lo = None if lo is None else to_mpq(lo)
        hi = None if hi is None else to_mpq(hi)
        if lo is not None and hi is not None and lo > hi:
            raise ValueError(f"interval ({lo}, {hi}) has lo > hi")
        return cls(said, lo=lo, hi=hi)

    def scaled(self, k) -> "Sampled":
        """The interval times ``k > 0`` (100 for a percentage)."""
        k = to_mpq(k)
        if k <= 0:
            raise ValueError("a sampled interval is scaled by a positive factor")
        if self.centre is not None:
            return Sampled(self.said, centre=self.centre * k, radius2=self.radius2 * k * k)
        return Sampled(self.said, None if self.lo is None else self.lo * k, None if self.hi is None else self.hi * k)

    def _lo_below(self, x: mpq, strict: bool) -> bool:
        """lo <= x (lo < x when ``strict``)."""
        if self.centre is not None:  # lo = c - h: lo <= x iff c - x <= h
            d = self.centre - x
            return d < 0 or (d * d < self.radius2 if strict else d * d <= self.radius2)
        return self.lo is None or (self.lo < x if strict else self.lo <= x)

    def _hi_above(self, x: mpq, strict: bool) -> bool:
        """hi >= x (hi > x when ``strict``)."""
        if self.centre is not None:
            d = x - self.centre
            return d < 0 or (d * d < self.radius2 if strict else d * d <= self.radius2)
        return self.hi is None or (self.hi > x if strict else self.hi >= x)

    def meets(self, a: mpq, b: mpq, a_closed: bool = True, b_closed: bool = True) -> bool:
        """Whether the interval has a point in the interval from ``a`` to ``b`` (ends closed or open)."""
        return self._lo_below(b, not b_closed) and self._hi_above(a, not a_closed)

    def reaches(self, x: mpq, s: mpq, strict: bool = False) -> bool:
        """Whether some point of the interval lies within ``s`` of ``x`` (closer than ``s`` when ``strict``)."""
        return self.meets(x - s, x + s, not strict, not strict)

    def _end(self, upper: bool, places: int) -> mpq | None:
        """The lower or upper end, exact or (for an estimate) rounded toward the centre below 10^-places."""
        if self.centre is None:
            return self.hi if upper else self.lo
        scale = mpq(10) ** places
        h = mpq(int(gmpy2.isqrt(int(gmpy2.floor(self.radius2 * scale * scale)))), 1) / scale
        return self.centre + h if upper else self.centre - h

    def consistent_units(self, places: int) -> tuple[int, int] | None:
        """The least and greatest decimals at ``places`` that some value of the interval rounds to, in
        units of the last place; ``None`` for an open-ended interval."""
        lo, hi = self._end(False, places + 3), self._end(True, places + 3)
        if lo is None or hi is None:
            return None
        u = mpq(1, 10 ** places)
        half = u / 2

        def ok(n):
            return self.reaches(n * u, half)

        first = int(gmpy2.floor(lo / u)) - 1
        while not ok(first):
            first += 1
        while ok(first - 1):
            first -= 1
        last = int(gmpy2.ceil(hi / u)) + 1
        while not ok(last):
            last -= 1
        while ok(last + 1):
            last += 1
        return first, last

    def distance(self, x: mpq) -> mpq:
        """The distance from ``x`` to the interval (an estimate's ends to 30 decimals): for messages."""
        lo, hi = self._end(False, 30), self._end(True, 30)
        if lo is not None and x < lo:
            return lo - x
        if hi is not None and x > hi:
            return x - hi
        return mpq(0)

    def describe(self, places: int) -> str:
        """The interval as text, its ends at ``places`` + 1 decimals."""
        lo, hi = self._end(False, 30), self._end(True, 30)
        left = "-inf" if lo is None else format_decimal(lo, places + 1)
        right = "+inf" if hi is None else format_decimal(hi, places + 1)
        return f"[{left}, {right}] ({self.said})"


@dataclass(frozen=True)
class KindRuling:
    """The kind the rule gives a printed decimal that misses the truth, and the reason in words."""

    kind: ErratumKind
    reason: str


def _digits(text: str) -> tuple[str, str]:
    """Sign and digit string of a decimal text, leading zeros of the integer part dropped."""
    t = text.strip().rstrip("%")
    sign = "-" if t.startswith("-") else ""
    t = t.lstrip("+-")
    whole, _, frac = t.partition(".")
    return sign, (whole.lstrip("0") or "0") + "." + frac if "." in t else (whole.lstrip("0") or "0")


def _slip(printed: str, correct: str) -> str:
    """The typographical slip turning ``correct`` into ``printed`` (both at the same places), or ''."""
    ps, pd = _digits(printed)
    cs, cd = _digits(correct)
    if pd == cd and ps != cs:
        return "a sign slip"
    if ps != cs or len(pd) != len(cd):
        return ""
    diff = [i for i, (a, b) in enumerate(zip(pd, cd, strict=True)) if a != b]
    if len(diff) == 1:
        return f"a digit slip (the digit {cd[diff[0]]} printed as {pd[diff[0]]})"
    if len(diff) == 2 and diff[1] == diff[0] + 1 and pd[diff[0]] == cd[diff[1]] and pd[diff[1]] == cd[diff[0]] \
            and "." not in (pd[diff[0]], pd[diff[1]]):
        return f"a transposition (digits {cd[diff[0]]}{cd[diff[1]]} printed as {pd[diff[0]]}{pd[diff[1]]})"
    return ""


def erratum_kind(printed: "str | PrintedNumber", true, *, arithmetic: Arithmetic | None = None, method: str = "",
                 scale=1) -> KindRuling | None:
    """The one rule deciding the kind of a printed number that differs from the truth
    (docs/design.md, "Erratum kinds"); ``None`` when the printed number agrees.

    ``printed`` is the text as the document prints it (read once by :func:`read_printed`, which refuses
    a text it cannot read with :class:`~exactcube.errors.BadInput`), or a :class:`PrintedNumber`
    already read; its form fixes the rule (:meth:`PrintedNumber.ruling`).  ``true`` is the true
    value of any type: exact rational, arb ball, mpmath mpf, a ``(lo, hi)`` interval enclosing one
    value, or a :class:`Sampled` interval of acceptable values (a Monte Carlo estimate, a quantile
    interval), times ``scale`` (100 for a table printed as bare percentages).  ``arithmetic`` is
    the arithmetic the source states (:data:`DOUBLE_15`, :data:`TRUNCATION`); ``method`` names a
    known computational cause of the difference that is not the source's stated arithmetic (a
    truncated series).

    For a decimal (also a percentage, scientific notation, "≈" before a decimal), with the true
    value rounded at the printed places:

    1. ``rounding``: the printed decimal is one of the two decimals nearest the true value at
       the printed places (for every point of a ball or interval; for *some* point of a sampled
       interval: less than one unit from it), *and* ``arithmetic`` explains it;
    2. ``substantive``: a ``method`` explains the difference, or the printed decimal is a nearest
       one that no stated arithmetic explains;
    3. ``misprint``: the printed text is the correctly rounded text with one digit changed, two
       adjacent digits swapped, or the sign flipped (for a sampled interval: of a decimal some of its
       values round to, the changed digits and the sign being ones every such decimal shares);
    4. ``substantive`` otherwise.

    A fraction or a mixed number is exact: it agrees only when it equals the true value, and one
    that differs is never ``rounding``: ``substantive`` when a ``method`` explains it, ``misprint``
    when one typographical slip of its text (one digit changed, two adjacent digits swapped, the sign
    flipped) gives the true value, ``substantive`` otherwise.  An interval agrees when the true value
    lies in it (each end standing for what rounds to it); one that misses is ``substantive``.

    Under ``exactcube verify --strict`` the ``rounding`` kind is still given, but counts as wrong
    (:func:`exactcube.results.strict_errata`).
    """
    return read_printed(printed).ruling(true, arithmetic=arithmetic, method=method, scale=scale)


def agrees_with_printed(true, printed: "str | PrintedNumber", scale=1) -> bool:
    """Whether ``true * scale`` agrees with the printed number, by the rule of its form (:func:`read_printed`):
    a decimal with *n* places when every point of the true value lies within half a unit of its last place
    (closed: a value on the boundary is accepted, a rounding rule explains it either way; a ball straddling
    a boundary does not agree), a percentage the same in percent, a fraction or a mixed number only when
    equal (a ball never proves equality), an interval when every point lies in it.

    >>> agrees_with_printed(mpq(13, 16), ".8125"), agrees_with_printed(mpq(3, 16), "3/16")
    (True, True)
    >>> agrees_with_printed(mpq(3, 16), "0/1"), agrees_with_printed(mpq(3, 16), "3/17")
    (False, False)
    """
    return read_printed(printed).agrees(true, scale) is True


def _decimal_rule(printed: str, true, arithmetic: Arithmetic | None, method: str, scale) -> KindRuling | None:
    """:func:`erratum_kind` for a decimal text ``printed`` (sign, digits, point) against ``true * scale``."""
    if isinstance(true, Sampled):
        return _sampled_kind(printed, true if scale == 1 else true.scaled(scale), arithmetic, method)
    lo, hi = _scaled_bounds(true, scale)
    places = printed_places(printed)
    v = parse_printed(printed)
    unit = mpq(1, 10 ** places)
    half = unit / 2
    if v - half <= lo and hi <= v + half:
        return None
    units = max(abs(v - lo), abs(v - hi)) / unit
    nearest = v - unit < lo and hi < v + unit
    correct = {format_decimal(lo, places), format_decimal(hi, places)}
    return _steps(f"{format_decimal(units, 3)} units of the last printed place from the true value", nearest,
                  nearest and arithmetic is not None and arithmetic.explains(v, lo, hi, places), arithmetic, method,
                  lambda: _slip(printed, correct.pop()) if len(correct) == 1 else "",
                  "nearest the true value", "the correctly rounded value", "not one of the two nearest decimals")


def _scaled_bounds(true, scale) -> tuple[mpq, mpq]:
    """Exact bounds of ``true * scale`` (any true value but a :class:`Sampled`)."""
    lo, hi = exact_bounds(true)
    k = to_mpq(scale)
    return (lo * k, hi * k) if k >= 0 else (hi * k, lo * k)


def _steps(far: str, nearest: bool, explained: bool, arithmetic: Arithmetic | None, method: str,
           slip: Callable[[], str], near: str, of: str, not_near: str) -> KindRuling:
    """Steps 1-4 of the rule (docs/design.md, "Erratum kinds") once the value's type has answered its questions:
    ``nearest`` (one of the two decimals nearest / next to the value), ``explained`` (the stated arithmetic
    prints it), ``slip()`` (the typographical slip, or ''); the other arguments word the reason."""
    if nearest and explained:
        return KindRuling(ErratumKind.ROUNDING, f"rounding: one of the two decimals {near} ({far}), "
                                                f"explained by {arithmetic.said}")
    if method:
        return KindRuling(ErratumKind.SUBSTANTIVE, f"substantive: {far}, explained by {method}, "
                                                   "a cause in the source's method, not in its printing")
    if nearest:
        why = ("" if arithmetic is None else f" ({arithmetic.said} does not produce it)")
        return KindRuling(ErratumKind.SUBSTANTIVE, f"substantive: one of the two decimals {near} ({far}), but no "
                                                   f"stated arithmetic of the source explains the difference{why}")
    found = slip()
    if found:
        return KindRuling(ErratumKind.MISPRINT, f"misprint: {found} of {of} ({far})")
    return KindRuling(ErratumKind.SUBSTANTIVE, f"substantive: {far}, {not_near} and no typographical slip of {of}")


def _sampled_kind(printed: str, s: Sampled, arithmetic: Arithmetic | None, method: str) -> KindRuling | None:
    """:func:`erratum_kind` for a :class:`Sampled` interval (docs/design.md, "Erratum kinds": the
    sampled rule): the same four steps, each asked of *some* value of the interval."""
    places = printed_places(printed)
    v = parse_printed(printed)
    unit = mpq(1, 10 ** places)
    if s.reaches(v, unit / 2):
        return None
    nearest = s.reaches(v, unit, strict=True)
    return _steps(f"{format_decimal(s.distance(v) / unit, 3)} units of the last printed place from the interval "
                  f"{s.describe(places)}", nearest,
                  nearest and arithmetic is not None and arithmetic.explains_some(v, s, places), arithmetic, method,
                  lambda: _sampled_slip(v, places, s), "next to the interval",
                  "a decimal the interval rounds to (changing only what every such decimal shares)",
                  "not next to the interval")


def _sampled_slip(v: mpq, places: int, s: Sampled) -> str:
    """The slip turning a decimal that some value of ``s`` rounds to into ``v``, changing only the sign or
    digits that all such decimals share (so the interval fixes what was meant), or ''."""
    ends = s.consistent_units(places)
    if ends is None or ends[0] <= 0 <= ends[1]:
        return ""  # open-ended, or around zero: neither the sign nor any digit is fixed
    unit = mpq(1, 10 ** places)
    a, b = sorted((abs(ends[0]), abs(ends[1])))
    p = v / unit
    sign = -1 if p < 0 else 1
    mag = int(abs(p))

    def fixed(j):  # the digit of place 10^j (in units), and every digit above it, shared by all
        return a // 10 ** j == b // 10 ** j

    def ok(m):
        return s.reaches(sign * m * unit, unit / 2)

    if mag and s.reaches(-v, unit / 2):
        return "a sign slip"
    text = str(mag).rjust(places + 1, "0")
    n = len(text)
    for j in range(n):
        if not fixed(j):
            continue
        here = int(text[n - 1 - j])
        for d in range(10):
            if d != here and ok(mag + (d - here) * 10 ** j):
                return f"a digit slip (the digit {d} printed as {here})"
    for j in range(n - 1):
        lo_d, hi_d = int(text[n - 1 - j]), int(text[n - 2 - j])
        if lo_d != hi_d and fixed(j) and ok(mag + (hi_d - lo_d) * 10 ** j + (lo_d - hi_d) * 10 ** (j + 1)):
            return f"a transposition (digits {lo_d}{hi_d} printed as {hi_d}{lo_d})"
    return ""


# -- printed numbers: one reading per form, each with its rule ----------------------------------------------------


class Form(str, Enum):
    """The form of a printed number; the form fixes the rule that judges it (:meth:`PrintedNumber.ruling`)."""

    DECIMAL = "decimal"
    PERCENT = "percentage"
    SCIENTIFIC = "scientific notation"
    FRACTION = "fraction"
    MIXED = "mixed number"
    INTERVAL = "interval"
    APPROX = "approximate value"


#: Characters read as a minus sign, and spaces read as a space (papers print U+2212 and thin spaces).
_MINUS_SIGNS = "-\u2212"
_SPACES = {"\u00a0": " ", "\u2009": " ", "\u202f": " "}
_SIGN = r"(?P<sign>[+\-\u2212]?)"
_DEC_BODY = r"(?P<body>\d+(?:\.\d*)?|\.\d+)"
_RE_DECIMAL = re.compile(_SIGN + _DEC_BODY + r"(?P<tail>\s*%)?")
_RE_SCIENTIFIC = re.compile(_SIGN + _DEC_BODY +
                            r"(?P<pre>[eE]|\s*[x\u00d7\u00b7]\s*10\s*\^\s*\{?)(?P<exp>[+\-\u2212]?\d+)(?P<post>\}?)")
_RE_FRACTION = re.compile(_SIGN + r"(?:(?P<whole>\d+)(?P<gap>\s+))?(?P<num>\d+)(?P<bar>\s*/\s*)(?P<den>\d+)")
#: The fractions papers print as one character (zk77's half pips, "+5½").
GLYPHS = {"½": (1, 2), "⅓": (1, 3), "⅔": (2, 3), "¼": (1, 4), "¾": (3, 4), "⅕": (1, 5), "⅖": (2, 5), "⅗": (3, 5),
          "⅘": (4, 5), "⅙": (1, 6), "⅚": (5, 6), "⅛": (1, 8), "⅜": (3, 8), "⅝": (5, 8), "⅞": (7, 8)}
_GLYPH_OF = {v: k for k, v in GLYPHS.items()}
_RE_GLYPH = re.compile(_SIGN + r"(?P<whole>\d*)(?P<glyph>[" + "".join(GLYPHS) + "])")
_RE_APPROX = re.compile(r"(?P<mark>\u2248|~)(?P<gap>\s*)(?P<inner>\S.*)")
_RE_BRACKETS = re.compile(r"(?P<pre>\[\s*)(?P<lo>[^,\[\]]+?)(?P<sep>\s*,\s*)(?P<hi>[^,\[\]]+?)(?P<post>\s*\])")
_RE_DASHED = re.compile(r"(?P<pre>)(?P<lo>.+?)(?P<sep>\s*\u2013\s*|\s+to\s+)(?P<hi>.+?)(?P<post>)")


def _show(text: str) -> str:
    t = text.strip()
    return repr(t) if len(t) <= 40 else repr(t[:20] + "..." + t[-10:]) + f" ({len(t)} characters)"


class PrintedNumber(str, metaclass=ABCMeta):
    """A number as a document prints it, read once (:func:`read_printed`) into its form.

    It *is* the printed text (a ``str``: it prints, compares and serialises as the text), and it knows its
    form (:attr:`form`: :class:`Form`), whether a sign was printed (:attr:`signed`), the exact number it
    denotes (:attr:`number`; ``None`` for an interval) and the rule of its form: :meth:`agrees`,
    :meth:`ruling` (the erratum kind of docs/design.md, "Erratum kinds"), :meth:`correct` (the text this
    form should print for a true value) and :meth:`mutants` (the perturbed copies ``verify --mutate``
    tries).  The forms: :class:`PrintedDecimal` (a decimal, a percentage, scientific notation),
    :class:`PrintedExact` (a fraction, a mixed number), :class:`PrintedInterval` and
    :class:`PrintedApprox` ("≈" before a decimal).
    """

    form: Form
    signed: bool = False
    number: "mpq | None" = None
    #: decimal places of the last printed digit, in units of one (a percentage's are two more; None: exact)
    places: "int | None" = None

    def __new__(cls, text: str, **attrs):
        self = super().__new__(cls, text)
        self.__dict__.update(attrs)
        return self

    def __init__(self, text: str, **attrs):  # the work is done in __new__ (a str is made there)
        pass

    def __setattr__(self, name, value):
        raise AttributeError(f"a {type(self).__name__} is read once and never changed")

    def __reduce__(self):
        return (read_printed, (str(self),))

    @property
    def text(self) -> str:
        """The printed text, as a plain ``str``."""
        return str(self)

    @abstractmethod
    def agrees(self, true, scale=1) -> "bool | None":
        """Whether ``true * scale`` agrees with this printed number by the rule of its form: True, False,
        or None when a ball or an enclosure does not decide."""

    @abstractmethod
    def ruling(self, true, *, arithmetic: Arithmetic | None = None, method: str = "", scale=1) -> KindRuling | None:
        """The erratum kind and its reason when ``true * scale`` does not agree; ``None`` when it does."""

    @abstractmethod
    def correct(self, true, scale=1) -> str:
        """The text this form prints for ``true * scale`` ('' when the true value fixes none)."""

    @abstractmethod
    def mutants(self) -> "list[tuple[str, PrintedNumber]]":
        """Perturbed copies, each with a label; every one denotes another value than this one."""

    @abstractmethod
    def span(self) -> tuple[mpq, mpq]:
        """The values the printed number stands for: the closed interval of what rounds to a decimal, the
        one value of an exact form, the interval an interval prints."""


def _digit_slips(groups: list[str]) -> list[tuple[str, int, str]]:
    """One typographical slip in one of the digit strings ``groups``: ``(words, group index, new digits)`` for each
    digit changed (never to a leading zero of a longer number) and each two adjacent digits swapped."""
    out = []
    for g, digits in enumerate(groups):
        for i, here in enumerate(digits):
            for d in "0123456789":
                if d != here and not (d == "0" and i == 0 and len(digits) > 1):
                    out.append((f"a digit slip (the digit {d} printed as {here})", g, digits[:i] + d + digits[i + 1:]))
        for i in range(len(digits) - 1):
            a, b = digits[i], digits[i + 1]
            if a != b and not (i == 0 and b == "0"):
                out.append((f"a transposition (digits {b}{a} printed as {a}{b})", g,
                            digits[:i] + b + a + digits[i + 2:]))
    return out


def _flip(sign: str, minus: str) -> str:
    return "" if sign and sign in _MINUS_SIGNS else minus


def _sign_of(sign: str) -> int:
    return -1 if sign and sign in _MINUS_SIGNS else 1


class PrintedDecimal(PrintedNumber):
    """A decimal (``.8125``, ``+.430``, ``-0.25``, ``79``), a percentage (``12.5%``: the decimal 12.5 in percent,
    denoting 1/8) or scientific notation (``1.2e-5``, ``1.2 × 10^-5``: the decimal 1.2 in units of 10^-5).

    Its rule is the decimal rule of :func:`erratum_kind` in the printed unit: it agrees when every point of
    the true value lies within half a unit of its last printed digit."""

    @property
    def digits(self) -> str:
        """The decimal in its own unit, with its sign in ASCII (``"+.430"``, ``"12.5"`` for ``"12.5%"``)."""
        return ("-" if self.sign in ("-", "\u2212") else self.sign) + self.body

    def _k(self, scale) -> mpq:
        return to_mpq(scale) * self.factor

    def agrees(self, true, scale=1):
        k = self._k(scale)
        v = parse_printed(self.digits)
        half = mpq(1, 2 * 10 ** self.body_places)
        if isinstance(true, Sampled):
            return (true if k == 1 else true.scaled(k)).reaches(v, half)
        lo, hi = _scaled_bounds(true, k)
        if v - half <= lo and hi <= v + half:
            return True
        if hi < v - half or lo > v + half:
            return False
        return None

    def ruling(self, true, *, arithmetic=None, method="", scale=1):
        found = _decimal_rule(self.digits, true, arithmetic, method, self._k(scale))
        if found is None or found.kind is not ErratumKind.SUBSTANTIVE or method or self.form is not Form.SCIENTIFIC:
            return found
        for words, m in self._exponent_slips():  # the mantissa right, its exponent mistyped
            if m.agrees(true, scale) is True:
                return KindRuling(ErratumKind.MISPRINT, f"misprint: {words} (the text {m.text} would be right)")
        return found

    def _exponent_slips(self):
        exp = str(abs(self.exponent))
        out = [(f"an exponent slip ({exp} printed as {new})", int(new) * (-1 if self.exponent < 0 else 1))
               for _, _, new in _digit_slips([exp])]
        if self.exponent:
            out.append(("a sign slip in the exponent", -self.exponent))
        return [(w, self._with(self.sign + self.body, f"{self.exp_pre}{'-' if e < 0 else ''}{abs(e)}{self.exp_post}"))
                for w, e in out]

    def correct(self, true, scale=1) -> str:
        if isinstance(true, Sampled):
            return ""
        lo, hi = _scaled_bounds(true, self._k(scale))
        a, b = format_decimal(lo, self.body_places), format_decimal(hi, self.body_places)
        return a + self.tail if a == b else f"{a}{self.tail}..{b}{self.tail}"

    def span(self):
        v, half = self.number, mpq(1, 2 * 10 ** self.body_places) / self.factor
        return v - half, v + half

    def _with(self, digits: str, tail: str | None = None) -> "PrintedDecimal":
        return read_printed(digits + (self.tail if tail is None else tail))

    def mutants(self):
        sign, body = self.sign, self.body
        whole, _, frac = body.partition(".")
        places = len(frac) if "." in body else 0
        n = int(whole + frac or "0") * _sign_of(sign)

        def fmt(k: int) -> str:
            t = str(abs(k)).rjust(places + 1, "0") if places else str(abs(k))
            txt = f"{t[:-places]}.{t[-places:]}" if places else t
            if places and not whole and txt.startswith("0."):
                txt = txt[1:]
            lead = self.minus if k < 0 else ("+" if sign == "+" else "")
            return lead + txt

        out = [(f"last digit +1: {fmt(n + 1)}{self.tail}", self._with(fmt(n + 1))),
               (f"last digit -1: {fmt(n - 1)}{self.tail}", self._with(fmt(n - 1)))]
        if n != 0:
            out.append((f"sign flipped: {fmt(-n)}{self.tail}", self._with(fmt(-n))))
        if self.form is Form.SCIENTIFIC:
            for step in (1, -1):
                e = self.exponent + step
                tail = f"{self.exp_pre}{'-' if e < 0 else ''}{abs(e)}{self.exp_post}"
                out.append((f"exponent {step:+d}: {sign}{body}{tail}", self._with(sign + body, tail)))
        return out


class PrintedExact(PrintedNumber):
    """A fraction (``3/16``, ``-1/4``, ``½``) or a mixed number (``1 3/4``, ``+5½``): an exact value.

    Its rule: it agrees only when it equals the true value (a ball or an enclosure never shows equality: it
    is undecided when it contains the fraction); a fraction that differs is never ``rounding``: it is a
    ``misprint`` when one typographical slip of its text gives the true value (against a ball: a value the
    ball may hold), else ``substantive``."""

    def _text(self, sign: str, whole: str | None, num: str, den: str) -> str:
        glyph = _GLYPH_OF.get((int(num), int(den))) if self.glyph else None
        if glyph:  # printed with a fraction character: kept so where one exists
            return f"{sign}{whole or ''}{glyph}"
        lead = f"{whole}{self.gap or ' '}" if whole else ""
        return f"{sign}{lead}{num}{self.bar}{den}"

    def agrees(self, true, scale=1):
        v = self.number
        if isinstance(true, Sampled):
            return (true if scale == 1 else true.scaled(scale)).meets(v, v)
        lo, hi = _scaled_bounds(true, scale)
        if v < lo or v > hi:
            return False
        return True if lo == hi else None

    def ruling(self, true, *, arithmetic=None, method="", scale=1):
        if self.agrees(true, scale) is True:
            return None
        if isinstance(true, Sampled):
            s = true if scale == 1 else true.scaled(scale)
            far = f"the interval {s.describe(6)} does not hold {format_exact(self.number)}"
        else:
            lo, hi = _scaled_bounds(true, scale)
            far = (f"the true value is {format_exact(lo)}" if lo == hi else
                   f"the true value lies in [{format_decimal(lo, 12)}, {format_decimal(hi, 12)}], "
                   f"without {format_exact(self.number)}")
        exact = f"a {self.form.value} is exact: it is right only when equal, never a rounding"
        if method:
            return KindRuling(ErratumKind.SUBSTANTIVE, f"substantive: {far}, explained by {method}, a cause in the "
                                                       f"source's method, not in its printing ({exact})")
        for words, s in self._slips():
            if s.agrees(true, scale) is not False:
                return KindRuling(ErratumKind.MISPRINT, f"misprint: {words}: the text {s.text} would be right; "
                                                        f"printed {self.text}, {far} ({exact})")
        return KindRuling(ErratumKind.SUBSTANTIVE, f"substantive: printed {self.text}, {far} ({exact}), and no "
                                                   "typographical slip of it (one digit changed, two adjacent digits "
                                                   "swapped, the sign flipped) gives the true value")

    def correct(self, true, scale=1) -> str:
        if isinstance(true, Sampled):
            return ""
        lo, hi = _scaled_bounds(true, scale)
        if lo != hi:
            return ""
        sign = self.minus if lo < 0 else ("+" if self.sign == "+" else "")
        t = abs(lo)
        if self.form is Form.MIXED:
            w, r = divmod(t.numerator, t.denominator)
            return sign + (str(w) if r == 0 else self._text("", str(w), str(r), str(t.denominator)))
        return self._text(sign, None, str(t.numerator), str(t.denominator))

    def span(self):
        return self.number, self.number

    def _groups(self) -> list[str]:
        return [self.num, self.den] if self.whole is None else [self.whole, self.num, self.den]

    def _from(self, sign: str, groups: list[str]) -> "PrintedExact | None":
        whole, num, den = (None, *groups) if self.whole is None else groups
        if int(den) == 0:
            return None
        return read_printed(self._text(sign, whole, num, den))

    def mutants(self):
        out, seen = [], {self.number}
        names = ["numerator", "denominator"] if self.whole is None else ["whole part", "numerator", "denominator"]
        groups = self._groups()
        for g, name in enumerate(names):
            for step in (1, -1):
                n, sign = int(groups[g]) + step, self.sign
                if n < 0:  # 0/q moved down is -1/q; a whole part or a denominator is not moved below 0
                    if name != "numerator" or self.whole is not None:
                        continue
                    n, sign = 1, _flip(sign, self.minus)
                new = list(groups)
                new[g] = str(n)
                m = self._from(sign, new)
                if m is not None and m.number not in seen:
                    seen.add(m.number)
                    out.append((f"{name} {step:+d}: {m.text}", m))
        m = self._from(_flip(self.sign, self.minus), groups)
        if m.number not in seen:
            out.append((f"sign flipped: {m.text}", m))
        return out

    def _slips(self):
        """The texts one typographical slip away (one digit changed, two adjacent digits swapped, the sign
        flipped), each with the slip in words."""
        groups, out = self._groups(), []
        printed_digits = groups[:1] if self.glyph else groups  # a fraction character has no digit to mistype
        for words, g, new in _digit_slips(printed_digits):
            changed = list(groups)
            changed[g] = new
            m = self._from(self.sign, changed)
            if m is not None:
                out.append((words, m))
        if self.number:
            out.append(("a sign slip", self._from(_flip(self.sign, self.minus), groups)))
        return out


class PrintedInterval(PrintedNumber):
    """An interval (``[0.20, 0.25]``, ``0.20–0.25``, ``1/4 to 1/3``): the document says the value lies in it.

    Each end stands for what it stands for alone (a decimal end for what rounds to it, a fraction end for
    itself: "between 0.80 and 1" is right at its lower end from 0.795).  It agrees when every point of the
    true value lies in it; a miss is ``substantive``: an end is a bound, not a rounded value of the truth (no
    ``rounding``), and a slip of an end could excuse a value anywhere (no ``misprint``)."""

    form = Form.INTERVAL

    def span(self):
        return self.low.span()[0], self.high.span()[1]

    def agrees(self, true, scale=1):
        a, b = self.span()
        if isinstance(true, Sampled):
            return (true if scale == 1 else true.scaled(scale)).meets(a, b)
        lo, hi = _scaled_bounds(true, scale)
        if a <= lo and hi <= b:
            return True
        if hi < a or lo > b:
            return False
        return None

    def ruling(self, true, *, arithmetic=None, method="", scale=1):
        if self.agrees(true, scale) is True:
            return None
        a, b = self.span()
        if isinstance(true, Sampled):
            s = true if scale == 1 else true.scaled(scale)
            far = f"the interval {s.describe(6)} does not meet [{format_decimal(a, 12)}, {format_decimal(b, 12)}]"
        else:
            lo, hi = _scaled_bounds(true, scale)
            side = "below its lower end" if lo < a else "above its upper end"
            far = f"the true value ({format_decimal((lo + hi) / 2, 12)}) lies {side}"
        if method:
            return KindRuling(ErratumKind.SUBSTANTIVE, f"substantive: {far}, explained by {method}, a cause in the "
                                                       "source's method, not in its printing")
        return KindRuling(ErratumKind.SUBSTANTIVE, f"substantive: printed {self.text}, {far} (an interval's ends are "
                                                   "bounds, not rounded values: it holds the value or it is wrong)")

    def correct(self, true, scale=1) -> str:
        return ""

    def _with(self, low: PrintedNumber, high: PrintedNumber) -> "PrintedInterval | None":
        if low.number > high.number:
            return None
        return read_printed(f"{self.pre}{low.text}{self.sep}{high.text}{self.post}")

    def mutants(self):
        """Each end's mutants that narrow the interval (a widened interval holds whatever it held, so no judge
        could catch it); one survives when the printed bound is not tight."""
        out = []
        for name, end in (("lower end", self.low), ("upper end", self.high)):
            for lab, m in end.mutants():
                inward = m.number > end.number if name == "lower end" else m.number < end.number
                new = (self._with(m, self.high) if name == "lower end" else self._with(self.low, m)) if inward else None
                if new is not None:
                    out.append((f"{name}: {lab}", new))
        return out


class PrintedApprox(PrintedNumber):
    """"≈" (or "~") before a decimal, a percentage or scientific notation: the printed value is a rounded one,
    judged by the rule of the decimal after the mark."""

    form = Form.APPROX

    def _wrap(self, inner: PrintedNumber) -> "PrintedApprox":
        return read_printed(f"{self.mark}{self.gap}{inner.text}")

    def agrees(self, true, scale=1):
        return self.inner.agrees(true, scale)

    def ruling(self, true, *, arithmetic=None, method="", scale=1):
        return self.inner.ruling(true, arithmetic=arithmetic, method=method, scale=scale)

    def correct(self, true, scale=1) -> str:
        c = self.inner.correct(true, scale)
        return f"{self.mark}{self.gap}{c}" if c and ".." not in c else c

    def span(self):
        return self.inner.span()

    def mutants(self):
        return [(lab, self._wrap(m)) for lab, m in self.inner.mutants()]


def _read_plain(t: str) -> PrintedNumber | None:
    """A decimal, percentage, scientific notation, fraction or mixed number (``t`` normalised), or None."""
    m = _RE_DECIMAL.fullmatch(t)
    if m:
        sign, body, tail = m.group("sign"), m.group("body"), m.group("tail") or ""
        whole, _, frac = body.partition(".")
        places = len(frac)
        factor = mpq(100) if tail else mpq(1)
        number = _sign_of(sign) * parse_printed(body) / factor
        return PrintedDecimal(t, form=Form.PERCENT if tail else Form.DECIMAL, signed=bool(sign),
                              minus=sign if sign in ("-", "\u2212") else "-", sign=sign, body=body, tail=tail,
                              factor=factor, body_places=places, places=places + (2 if tail else 0), number=number)
    m = _RE_SCIENTIFIC.fullmatch(t)
    if m:
        sign, body = m.group("sign"), m.group("body")
        exp = int(m.group("exp").replace("\u2212", "-"))
        if abs(exp) > MAX_EXPONENT:
            raise TooLarge(f"printed value {_show(t)}: the exponent is too large (at most {MAX_EXPONENT} either way)")
        places = len(body.partition(".")[2])
        factor = mpq(10) ** (-exp) if exp <= 0 else mpq(1, 10 ** exp)
        tail = m.group("pre") + m.group("exp") + m.group("post")
        if m.group("post") and not m.group("pre").endswith("{"):
            return None
        return PrintedDecimal(t, form=Form.SCIENTIFIC, signed=bool(sign), minus=sign if sign in ("-", "\u2212") else "-",
                              sign=sign, body=body, tail=tail, factor=factor, body_places=places, places=places - exp,
                              number=_sign_of(sign) * parse_printed(body) / factor, exponent=exp, exp_pre=m.group("pre"),
                              exp_post=m.group("post"))
    m = _RE_FRACTION.fullmatch(t)
    if m:
        sign, whole, num, den = m.group("sign"), m.group("whole"), m.group("num"), m.group("den")
        if int(den) == 0:
            raise BadInput(f"printed value {_show(t)} has a zero denominator")
        magnitude = mpq(int(num), int(den)) + (int(whole) if whole is not None else 0)
        return PrintedExact(t, form=Form.FRACTION if whole is None else Form.MIXED, signed=bool(sign),
                            minus=sign if sign in ("-", "\u2212") else "-", sign=sign, whole=whole, num=num, den=den,
                            gap=m.group("gap") or "", bar=m.group("bar"), glyph=False, number=_sign_of(sign) * magnitude)
    m = _RE_GLYPH.fullmatch(t)
    if m:
        sign, whole = m.group("sign"), m.group("whole") or None
        num, den = GLYPHS[m.group("glyph")]
        return PrintedExact(t, form=Form.FRACTION if whole is None else Form.MIXED, signed=bool(sign),
                            minus=sign if sign in ("-", "\u2212") else "-", sign=sign, whole=whole, num=str(num),
                            den=str(den), gap="", bar="/", glyph=True,
                            number=_sign_of(sign) * (mpq(num, den) + (int(whole) if whole else 0)))
    return None


def _read_number(t: str) -> PrintedNumber | None:
    plain = _read_plain(t)
    if plain is not None:
        return plain
    m = _RE_APPROX.fullmatch(t)
    if m:
        inner = _read_plain(m.group("inner"))
        if inner is None or not isinstance(inner, PrintedDecimal):
            return None
        return PrintedApprox(t, mark=m.group("mark"), gap=m.group("gap"), inner=inner, signed=inner.signed,
                             number=inner.number, places=inner.places)
    for pattern in (_RE_BRACKETS, _RE_DASHED):
        m = pattern.fullmatch(t)
        if m:
            low, high = _read_plain(m.group("lo")), _read_plain(m.group("hi"))
            if low is None or high is None:
                continue
            if low.number > high.number:
                raise BadInput(f"printed interval {_show(t)}: its lower end is above its upper end")
            return PrintedInterval(t, low=low, high=high, pre=m.group("pre"), sep=m.group("sep"), post=m.group("post"))
    return None


#: What :func:`read_printed` reads, for its refusal.
READABLE = ("a decimal (.8125), a fraction (3/16, ½), a mixed number (1 3/4, 5½), a percentage (12.5%), "
            "scientific notation (1.2e-5), an interval ([0.20, 0.25]) or ≈ 0.43")


def read_printed(text: "str | PrintedNumber", where: str = "") -> PrintedNumber:
    """Read a printed number once into its form (:class:`PrintedNumber`), or refuse it with one clear
    :class:`~exactcube.errors.BadInput` naming ``where``; a :class:`PrintedNumber` is returned as it is.

    >>> read_printed("3/16").form.value, read_printed(".8125").places, read_printed("12.5%").number
    ('fraction', 4, mpq(1,8))
    """
    if isinstance(text, PrintedNumber):
        return text
    name = where or "printed value"
    if not isinstance(text, str):
        raise BadInput(f"{name}: a printed value is text, not {type(text).__name__}")
    longest = max((len(run) for run in re.findall(r"\d+", text)), default=0)
    if longest > MAX_INPUT_DIGITS:
        raise TooLarge(f"{name}: {_show(text)} has a part of {longest} digits (at most {MAX_INPUT_DIGITS})")
    t = text.strip()
    for ch, sp in _SPACES.items():
        t = t.replace(ch, sp)
    got = _read_number(t)
    if got is None:
        raise BadInput(f"{name}: cannot read {_show(text)}; a printed number is {READABLE}")
    if t != text:  # the text exactly as printed; its parts as read
        got = type(got)(text, **got.__dict__)
    return got


def try_read_printed(text) -> PrintedNumber | None:
    """:func:`read_printed`, or None for a text that is not a printed number (a word, a formula)."""
    try:
        return read_printed(text)
    except BadInput:
        return None
