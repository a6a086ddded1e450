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
"""

from __future__ import annotations

import contextvars
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import gmpy2

from .numbers import exact_bounds, format_decimal, mpq, parse_printed, printed_places, to_mpq
from .results import ErratumKind

__all__ = ["Printed", "printed", "cell", "recording", "substituting", "Access", "Arithmetic", "DOUBLE_15",
           "TRUNCATION", "Sampled", "KindRuling", "erratum_kind"]


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
    string of digits, an integer, an exact rational, a sympy expression, or a tuple
    or dict of these.  ``mutants`` (optional) returns the perturbed copies to try
    instead of the automatic ones (:func:`exactcube.mutate.mutants_of`).
    """

    __slots__ = ("where", "_value", "_mutants", "_key")

    def __init__(self, where: str, value: Any, mutants: Callable[[Any], list] | None = None):
        self.where = where
        self._value = value
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


def printed(where: str, value: Any, mutants: Callable[[Any], list] | None = None) -> Printed:
    """Wrap a printed value so the check reads it through :attr:`Printed.value`."""
    return Printed(where, value, mutants)


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


def erratum_kind(printed: str, true, *, arithmetic: Arithmetic | None = None, method: str = "",
                 scale=1) -> KindRuling | None:
    """The one rule deciding the kind of a printed decimal that differs from the truth
    (docs/design.md, "Erratum kinds"); ``None`` when the printed decimal agrees (the true value
    rounds to it at the printed places).

    ``true`` is the true value of any type: exact rational, arb ball, mpmath mpf, a ``(lo, hi)``
    interval enclosing one value, or a :class:`Sampled` interval of acceptable values (a Monte Carlo
    estimate, a quantile interval), times ``scale`` (100 for percentages).  ``arithmetic`` is the
    arithmetic the source states (:data:`DOUBLE_15`, :data:`TRUNCATION`); ``method`` names a known
    computational cause of the difference that is not the source's stated arithmetic (a truncated
    series).

    1. ``rounding``: the printed decimal is one of the two decimals nearest the true value at
       the printed places (for every point of a ball or interval; for *some* point of a sampled
       interval: less than one unit from it), *and* ``arithmetic`` explains it;
    2. ``substantive``: a ``method`` explains the difference, or the printed decimal is a nearest
       one that no stated arithmetic explains;
    3. ``misprint``: the printed text is the correctly rounded text with one digit changed, two
       adjacent digits swapped, or the sign flipped (for a sampled interval: of a decimal some of its
       values round to, the changed digits and the sign being ones every such decimal shares);
    4. ``substantive`` otherwise.

    Under ``exactcube verify --strict`` the ``rounding`` kind is still given, but counts as wrong
    (:func:`exactcube.results.strict_errata`).
    """
    if isinstance(true, Sampled):
        return _sampled_kind(printed, true if scale == 1 else true.scaled(scale), arithmetic, method)
    lo, hi = exact_bounds(true)
    k = mpq(scale)
    lo, hi = (lo * k, hi * k) if k >= 0 else (hi * k, lo * k)
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
