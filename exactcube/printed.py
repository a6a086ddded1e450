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

from .numbers import exact_bounds, format_decimal, mpq, parse_printed, printed_places
from .results import ErratumKind

__all__ = ["Printed", "printed", "cell", "recording", "substituting", "Access", "Arithmetic", "DOUBLE_15",
           "TRUNCATION", "KindRuling", "erratum_kind"]


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
    last-digit difference: its name as the erratum says it, and the test.

    ``explains(printed, lo, hi, places)`` gets the printed decimal and the true value's exact
    bounds, already known to put the printed decimal among the two decimals nearest every point
    of ``[lo, hi]``, and says whether this arithmetic produces that decimal.
    """

    said: str
    explains: Callable[[mpq, mpq, mpq, int], bool]


def _floor_units(x: mpq, places: int):
    s = x * mpq(10) ** places
    return s.numerator // s.denominator


#: A double-precision (binary64) computation printed at 15 decimals: a value in [0, 1] carries
#: about 16 significant digits, so the 15th decimal can fall on either side of the true value.
DOUBLE_15 = Arithmetic("double precision printed at 15 decimals (binary64 carries about 16 significant digits, "
                       "so the last printed digit can land on either neighbour of the true value)",
                       lambda v, lo, hi, places: places >= 15 and -1 <= lo and hi <= 1)

#: Digits cut off instead of rounded: the printed decimal is the true value truncated toward zero.
TRUNCATION = Arithmetic("truncation instead of rounding (the digits after the last printed place are cut off)",
                        lambda v, lo, hi, places: (
                            (lo >= 0 and _floor_units(lo, places) == _floor_units(hi, places)
                             == v * mpq(10) ** places)
                            or (hi <= 0 and _floor_units(-hi, places) == _floor_units(-lo, places)
                                == -v * mpq(10) ** places)))


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
    diff = [i for i, (a, b) in enumerate(zip(pd, cd)) if a != b]
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

    ``true`` is the true value of any type: exact rational, arb ball, mpmath mpf, or a ``(lo, hi)``
    interval (Monte Carlo), times ``scale`` (100 for percentages).  ``arithmetic`` is the arithmetic
    the source states (:data:`DOUBLE_15`, :data:`TRUNCATION`); ``method`` names a known computational
    cause of the difference that is not the source's stated arithmetic (a truncated series).

    1. ``rounding``: the printed decimal is one of the two decimals nearest the true value at
       the printed places (for every point of a ball or interval), *and* ``arithmetic``
       explains it;
    2. ``substantive``: a ``method`` explains the difference, or the printed decimal is a nearest
       one that no stated arithmetic explains;
    3. ``misprint``: the printed text is the correctly rounded text with one digit changed, two
       adjacent digits swapped, or the sign flipped;
    4. ``substantive`` otherwise.

    Under ``exactcube verify --strict`` the ``rounding`` kind is still given, but counts as wrong
    (:func:`exactcube.results.strict_errata`).
    """
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
    far = f"{format_decimal(units, 3)} units of the last printed place from the true value"
    nearest = v - unit < lo and hi < v + unit
    if nearest and arithmetic is not None and arithmetic.explains(v, lo, hi, places):
        return KindRuling(ErratumKind.ROUNDING, f"rounding: one of the two decimals nearest the true value ({far}), "
                                                f"explained by {arithmetic.said}")
    if method:
        return KindRuling(ErratumKind.SUBSTANTIVE, f"substantive: {far}, explained by {method}, "
                                                   "a method error of the source")
    if nearest:
        why = ("" if arithmetic is None else f" ({arithmetic.said} does not produce it)")
        return KindRuling(ErratumKind.SUBSTANTIVE, f"substantive: one of the two decimals nearest the true value "
                                                   f"({far}), but no stated arithmetic of the source explains "
                                                   f"the difference{why}")
    correct = {format_decimal(lo, places), format_decimal(hi, places)}
    if len(correct) == 1:
        slip = _slip(printed, correct.pop())
        if slip:
            return KindRuling(ErratumKind.MISPRINT, f"misprint: {slip} of the correctly rounded value ({far})")
    return KindRuling(ErratumKind.SUBSTANTIVE, f"substantive: {far}, not one of the two nearest decimals and "
                                               "no typographical slip of the correctly rounded value")
