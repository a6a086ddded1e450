"""The content model: the parts of what a verdict says (:class:`Text`, :class:`Math`, :class:`Value`,
:class:`Table`, :class:`Ref`), :class:`Content` (a tuple of parts), the constructors a claim uses (:func:`say`,
:func:`math`, :func:`value`, :func:`table`, the references), and the plain text of content (:func:`to_plain`,
what ``str()`` of content is and what a table's columns are named by).

Strings are read for ``$...$`` by :mod:`exactcube.content.syntax`; the other formats are printed by
:mod:`exactcube.content.printers`, through :func:`print_parts`, the one dispatch every printer uses (a table of
one printer per part type).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Iterable

from .syntax import MathSyntaxError, read, sympy_mathml, sympy_plain, tree_mathml, tree_plain

__all__ = [
    "Content", "Text", "Math", "Value", "Table", "Ref", "Part",
    "say", "math", "formula", "value", "decimal", "table", "claim_ref", "eq", "table_ref", "figure_ref", "reading", "place",
    "as_content", "legacy", "PROSE_FORBIDDEN", "TABLE_ROWS_SHOWN", "to_plain", "print_parts", "rows_note",
]

#: What prose (a :class:`Text` built by :func:`say`) must not hold: mathematics written as code,
#: and Python reprs.  Write mathematics as ``$...$`` or a sympy expression instead.
PROSE_FORBIDDEN = ("^", "**", "<=", ">=", "!=", ">>", "sqrt(", "{'", "['", "Derivative(", "mpq(")

#: A table with more rows than this is shown in prose formats as its first and last rows.
TABLE_ROWS_SHOWN = 8
_HEAD, _TAIL = 5, 2


# -- the parts -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Text:
    """Prose, printed as it is (escaped for each format)."""

    text: str


@dataclass(frozen=True)
class Math:
    """Mathematics: a sympy expression (``expr``) or a string of the delimited subset (``source``, without
    the dollars).  ``display``: set apart on its own line in the formats that can.

    Built from JSON (``report --from``), a Math holds its three renderings and no expression."""

    source: str = ""
    expr: Any = field(default=None, compare=False)
    display: bool = False
    _rendered: tuple = field(default=(), compare=False, repr=False)

    def __post_init__(self):
        if self.expr is None and not self._rendered:
            read(self.source)  # checked when built: an unknown command is an error here, not in the report

    @property
    def latex(self) -> str:
        if self._rendered:
            return self._rendered[0]
        if self.expr is not None:
            import sympy

            return sympy.latex(self.expr)
        return self.source

    @property
    def mathml(self) -> str:
        """Presentation MathML of the formula, without the ``<math>`` element."""
        if self._rendered:
            return self._rendered[1]
        if self.expr is not None:
            return sympy_mathml(self.expr)
        return tree_mathml(read(self.source))

    @property
    def plain(self) -> str:
        if self._rendered:
            return self._rendered[2]
        if self.expr is not None:
            return sympy_plain(self.expr)
        return tree_plain(read(self.source))


def _as_mpq(x):
    from ..numbers import to_mpq

    return to_mpq(x)


@dataclass(frozen=True)
class Value:
    """An exact value shown with its decimals (``digits`` places): ``3/4 = 0.75``, ``1/3 ≈ 0.333333``;
    ``name`` (delimited syntax, optional) is printed before it: ``p = 3/4``."""

    value: Any
    digits: int = 6
    name: str = ""

    def __post_init__(self):
        object.__setattr__(self, "value", _as_mpq(self.value))
        if self.name:
            read(self.name)

    @property
    def exact(self) -> str:
        q = self.value
        return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"

    def decimal(self) -> tuple[str, bool]:
        """(decimals, whether they are the value exactly).  Terminating decimals are given whole when they
        fit in ``digits`` places."""
        from ..numbers import format_decimal, round_decimal

        q = self.value
        if q.denominator == 1:
            return str(q.numerator), True
        exact = round_decimal(q, self.digits) == q
        s = format_decimal(q, self.digits)
        if exact and "." in s:
            s = s.rstrip("0").rstrip(".")
        return s, exact

    def approximation(self) -> tuple[str, str]:
        """(decimals, ``=`` when they are the value exactly, else ``≈``): what is printed after the exact value."""
        dec, exact = self.decimal()
        return dec, ("=" if exact else "≈")


def _is_sympy(x) -> bool:
    return hasattr(x, "free_symbols") and hasattr(x, "func") and type(x).__module__.startswith("sympy")


def _cell(x) -> "Content":
    return x if isinstance(x, Content) else say(x)


@dataclass(frozen=True)
class Table:
    """A small witness table: column names and rows (each cell :class:`Content`).  ``caption`` says what it
    is; ``brief`` is the sentence a paper would write for a long table (``"for the 60 heaps 2..61, ..."``),
    printed with the first and last rows when there are more than :data:`TABLE_ROWS_SHOWN`."""

    columns: tuple
    rows: tuple
    caption: "Content | None" = None
    brief: "Content | None" = None

    def __post_init__(self):
        cols = tuple(_cell(c) for c in self.columns)
        rows = tuple(tuple(_cell(c) for c in r) for r in self.rows)
        for r in rows:
            if len(r) != len(cols):
                raise ValueError(f"a table row has {len(r)} cells for {len(cols)} columns")
        object.__setattr__(self, "columns", cols)
        object.__setattr__(self, "rows", rows)
        if self.caption is not None:
            object.__setattr__(self, "caption", _cell(self.caption))
        if self.brief is not None:
            object.__setattr__(self, "brief", _cell(self.brief))

    def cells(self, name: str) -> list:
        """The cells (:class:`Content`) of the column headed ``name`` (the heading's plain text)."""
        k = [to_plain(c) for c in self.columns].index(name)
        return [r[k] for r in self.rows]

    def column(self, name: str) -> list[str]:
        """The cells of the column headed ``name`` (the heading's plain text), as plain text."""
        return [to_plain(c) for c in self.cells(name)]

    def shown(self) -> tuple[list, int]:
        """The rows prose formats show and how many are left out (between the first and the last rows)."""
        rows = list(self.rows)
        if len(rows) <= TABLE_ROWS_SHOWN:
            return rows, 0
        return rows[:_HEAD] + [None] + rows[-_TAIL:], len(rows) - _HEAD - _TAIL


#: kinds of reference: claim, equation, table, figure, reading, place
_REF_KINDS = ("claim", "equation", "table", "figure", "reading", "place")


@dataclass(frozen=True)
class Ref:
    """A typed reference.  ``kind``: ``claim`` (an id, in typewriter type), ``equation`` (``(18)``: printed as
    text, never a fraction), ``table`` and ``figure`` (registered ids), ``reading`` (an assumption id), ``place``
    (``Theorem 2``, ``§3.1``: text).  ``target`` is the id or number; ``label`` overrides the printed text."""

    kind: str
    target: str
    label: str = ""

    def __post_init__(self):
        if self.kind not in _REF_KINDS:
            raise ValueError(f"reference kind {self.kind!r}: use one of {', '.join(_REF_KINDS)}")
        object.__setattr__(self, "target", str(self.target))

    @property
    def text(self) -> str:
        if self.label:
            return self.label
        return f"({self.target})" if self.kind == "equation" else self.target

    @property
    def typewriter(self) -> bool:
        return self.kind in ("claim", "table", "figure", "reading") and not self.label


Part = Text | Math | Value | Table | Ref


@dataclass(frozen=True)
class Content:
    """A verdict's details, a witness or a note: a tuple of parts (:class:`Text`, :class:`Math`,
    :class:`Value`, :class:`Table`, :class:`Ref`).  ``str()`` is the plain-text rendering; ``+`` joins
    content (and strings, read for ``$...$``) as written, with no space added."""

    parts: tuple = ()

    def __str__(self) -> str:
        return to_plain(self)

    def __bool__(self) -> bool:
        return bool(self.parts)

    def __contains__(self, s: str) -> bool:
        return s in to_plain(self)

    def __add__(self, other) -> "Content":
        return Content(_merge(self.parts + _pieces(other, strict=False)))

    def __radd__(self, other) -> "Content":
        return Content(_merge(_pieces(other, strict=False) + self.parts))

    def startswith(self, s: str) -> bool:
        return to_plain(self).startswith(s)

    def values(self) -> list:
        """The exact values among the parts (:class:`Value`), in order."""
        return [p.value for p in self.parts if isinstance(p, Value)]

    def tables(self) -> list:
        """The witness tables among the parts (:class:`Table`), in order."""
        return [p for p in self.parts if isinstance(p, Table)]


def _merge(parts: Iterable) -> tuple:
    """Adjacent texts joined into one."""
    out: list = []
    for p in parts:
        if isinstance(p, Text) and out and isinstance(out[-1], Text):
            out[-1] = Text(out[-1].text + p.text)
        elif not (isinstance(p, Text) and not p.text):
            out.append(p)
    return tuple(out)


_DOLLAR = re.compile(r"(?<!\\)\$")


def _split_text(s: str, strict: bool) -> tuple:
    """A string read for the delimited syntax: text outside ``$...$``, :class:`Math` inside."""
    pieces = _DOLLAR.split(s)
    if len(pieces) % 2 == 0:
        raise MathSyntaxError(f"unbalanced '$' in {s!r}")
    out = []
    for i, p in enumerate(pieces):
        if i % 2:
            out.append(Math(p.strip()))
        elif p:
            p = p.replace(r"\$", "$")
            if strict:
                bad = [f for f in PROSE_FORBIDDEN if f in p]
                if bad:
                    raise ValueError(f"prose holds mathematics or a repr ({bad[0]!r}) in {p!r}: write it as $...$, "
                                     "a sympy expression, value() or table()")
            out.append(Text(p))
    return tuple(out)


def _pieces(x, strict: bool = True) -> tuple:
    if isinstance(x, Content):
        return x.parts
    if isinstance(x, (Text, Math, Value, Table, Ref)):
        return (x,)
    if isinstance(x, str):
        return _split_text(x, strict)
    if isinstance(x, bool) or x is None:
        raise TypeError(f"{x!r} is not content: say it in words")
    if isinstance(x, (int, Fraction)) or type(x).__name__ in ("mpq", "mpz"):
        return (Value(x),)
    if _is_sympy(x):
        if getattr(x, "is_Rational", False):
            return (Value(Fraction(int(x.p), int(x.q))),)
        return (Math(expr=x),)
    raise TypeError(f"{type(x).__name__} is not content: use say(), math(), value(), table() or a reference")


_NO_SPACE_BEFORE = tuple(".,;:)!?%") + ("'s",)


def say(*pieces) -> Content:
    """Content from pieces joined by one space (none before ``. , ; : ) ! ?``, none after ``(``): strings read for
    ``$...$`` (prose must not hold mathematics: :data:`PROSE_FORBIDDEN`), sympy expressions as :class:`Math`,
    ints and rationals as :class:`Value`, parts and content as they are."""
    out: list = []
    for x in pieces:
        ps = _pieces(x)
        if not ps:
            continue
        if out:
            prev, first = out[-1], ps[0]
            lead = first.text if isinstance(first, Text) else ""
            trail = prev.text if isinstance(prev, Text) else ""
            if not (lead.startswith(_NO_SPACE_BEFORE) or lead[:1].isspace() or trail.endswith(("(", " "))
                    or (trail and trail[-1].isspace())):
                out.append(Text(" "))
        out.extend(ps)
    return Content(_merge(out))


def math(x, display: bool = False) -> Math:
    """Mathematics: a sympy expression, or a string of the delimited subset (without the dollars)."""
    if isinstance(x, str):
        return Math(x.strip().strip("$"), display=display)
    if _is_sympy(x):
        return Math(expr=x, display=display)
    raise TypeError(f"math() takes a sympy expression or a string of the subset, not {type(x).__name__}")


#: :func:`math` under a name that does not shadow the standard library's ``math`` module.
formula = math


def value(x, digits: int = 6, name: str = "") -> Value:
    """An exact value (int, mpq, Fraction, sympy Rational) with its decimals at ``digits`` places; ``name``
    (delimited syntax) is printed before it (``value(q, name="p")`` is ``p = 3/4 = 0.75``)."""
    if _is_sympy(x):
        if not getattr(x, "is_Rational", False):
            raise TypeError("value() takes an exact rational; use math() for an expression")
        x = Fraction(int(x.p), int(x.q))
    return Value(x, digits, name)


_SCI = re.compile(r"([-+]?\d*\.?\d+)(?:[eE]([-+]?\d+))?")


def decimal(text: str) -> Math:
    r"""A decimal written by a program (``"0.0161"``, ``"-3.2e-11"``, an arb midpoint) as mathematics:
    ``-3.2 \cdot 10^{-11}``.  ValueError for anything else."""
    m = _SCI.fullmatch(str(text).strip())
    if not m:
        raise ValueError(f"decimal() takes a decimal number, not {text!r}")
    mant, exp = m.group(1), m.group(2)
    if exp is None or int(exp) == 0:
        return Math(mant)
    return Math(rf"{mant} \cdot 10^{{{int(exp)}}}" if mant not in ("1", "1.0") else f"10^{{{int(exp)}}}")


def table(columns: Iterable, rows: Iterable[Iterable], caption=None, brief=None) -> Table:
    """A witness table: column names (strings, read for ``$...$``) and rows of cells (anything :func:`say`
    takes).  ``brief``: the sentence shown with the first and last rows of a long table."""
    return Table(tuple(columns), tuple(tuple(r) for r in rows), caption, brief)


def claim_ref(claim_id: str) -> Ref:
    """A reference to a claim by id (typewriter type, linked in the report)."""
    return Ref("claim", claim_id)


def eq(number, label: str = "") -> Ref:
    """A reference to an equation of the document: ``eq(18)`` prints ``(18)``."""
    return Ref("equation", str(number), label)


def table_ref(table_id: str, label: str = "") -> Ref:
    """A reference to a registered table (``ks69.table5``) or, with ``label``, to a table of the document."""
    return Ref("table", table_id, label)


def figure_ref(figure_id: str, label: str = "") -> Ref:
    """A reference to a registered figure."""
    return Ref("figure", figure_id, label)


def reading(reading_id: str) -> Ref:
    """A reference to a registered reading (an assumption id)."""
    return Ref("reading", reading_id)


def place(text: str) -> Ref:
    """A place in the document named in words: ``place("Theorem 2")``, ``place("§3.1")``."""
    return Ref("place", text, text)


def as_content(x) -> Content:
    """Content for a verdict field: Content as it is, a part wrapped, a string read for ``$...$`` (:func:`legacy`
    rules: prose is not checked, so that unconverted claims still run)."""
    if x is None:
        return Content()
    if isinstance(x, Content):
        return x
    if isinstance(x, (Text, Math, Value, Table, Ref)):
        return Content((x,))
    if isinstance(x, str):
        return legacy(x)
    return Content(_pieces(x))


def legacy(s: str) -> Content:
    """A plain string of an unconverted claim: read for ``$...$`` when its dollars balance, else one text part.
    Its prose is not checked (the scan of the outputs finds what is left to convert)."""
    try:
        return Content(_merge(_split_text(s, strict=False)))
    except MathSyntaxError:
        return Content((Text(s),))


# -- the plain text of content, and the one dispatch of every printer ----------------------------------

def rows_note(left: int) -> str:
    """The line that stands for the ``left`` rows a long table leaves out in prose formats."""
    return f"… {left} more row{'s' * (left != 1)} …"


def _after_tables(parts) -> list:
    """The parts with the punctuation that follows a table in a sentence (``say(..., table, ".")``) dropped: a table
    is set apart as a block in every format, and a stray full stop under it reads as a slip."""
    out = []
    for p in parts:
        if isinstance(p, Text) and out and isinstance(out[-1], Table):
            rest = p.text.lstrip(" .,;:")
            if not rest:
                continue
            p = Text(" " + rest if rest != p.text else p.text)
        out.append(p)
    return out


def print_parts(c, printers: dict, set_apart: bool = True) -> list:
    """The parts of ``c`` (anything :func:`as_content` takes), each printed by the printer of its type in
    ``printers`` (a dict from part type to a function of the part): the one dispatch of every printer.
    ``set_apart``: drop the punctuation that follows a table (the formats that set a table apart as a block)."""
    parts = as_content(c).parts
    return [printers[type(p)](p) for p in (_after_tables(parts) if set_apart else parts)]


def to_plain(c) -> str:
    """Plain text (pipes, ``verify --details``, ``str()`` of content): mathematics in one line (``x^2``, ``√x``,
    ``≤``), values as ``3/4 = 0.75``, references as their ids, tables as aligned columns."""
    return "".join(print_parts(c, _PLAIN))


def _value_plain(v: Value) -> str:
    dec, rel = v.approximation()
    name = tree_plain(read(v.name)) + " = " if v.name else ""
    return name + (v.exact if dec == v.exact else f"{v.exact} {rel} {dec}")


def _table_plain(t: Table) -> str:
    rows, left = t.shown()
    cells = [[to_plain(c) for c in t.columns]] + [[to_plain(c) for c in r] if r else None for r in rows]
    widths = [max(len(r[i]) for r in cells if r) for i in range(len(t.columns))]
    lines = []
    if t.brief is not None and left:
        lines.append(to_plain(t.brief))
    elif t.caption is not None:
        lines.append(to_plain(t.caption))
    for r in cells:
        lines.append("  " + ("  ".join(s.rjust(w) for s, w in zip(r, widths, strict=True)) if r else rows_note(left)))
    return "\n" + "\n".join(lines) + "\n"


_PLAIN = {Text: lambda p: p.text, Math: lambda p: p.plain, Value: _value_plain, Ref: lambda p: p.text,
          Table: _table_plain}
