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

__all__ = ["Printed", "printed", "cell", "recording", "substituting", "Access"]


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
