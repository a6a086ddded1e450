r"""Tables of exact cells, their published counterparts, and renderers.

A :class:`Table` holds cells keyed by (row label, column label).  A cell value is
an exact rational (``mpq``/``int``), a rigorous ball (``flint.arb``), a
high-precision float (``mpmath.mpf``, evidence ``numeric``), or plain text (an
optimal move, say).  Optionally it holds the *published* cells as printed
strings (``".8125"``, ``"+.430"``, ``"79"``), with a ``scale`` when the document
prints percentages.

:meth:`Table.compare` compares every published cell with the true one by the rule of
its printed form (:meth:`Table.publish` reads it once, :func:`exactcube.printed.read_printed`):
a decimal at its printed precision, a fraction exactly; for a ball the answer is
decided only when the ball lies wholly inside or wholly outside what the cell prints.
:meth:`Table.errata` turns the disagreements into :class:`~exactcube.results.Erratum`
entries, classified by :func:`exactcube.printed.erratum_kind`.

Renderers: :meth:`to_rich`, :meth:`to_latex` (booktabs), :meth:`to_csv`,
:meth:`to_json`.  CSV and JSON carry exact values as ``p/q`` text, which
:func:`exactcube.numbers.parse_rational` reads back exactly.

Tables are produced by *builders* registered with :func:`table_builder` under an
id (``ks69.table1``); builders declare their parameters (:class:`Param`) so the
command line can offer ``--size``, ``--x`` and the like per table.
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from .printed import Arithmetic, Form, erratum_kind, read_printed
from .printed import cell as _printed_cell
from .results import Erratum, ErratumKind
from .errors import BadInput
from .mathtext import html_text, latex_escape, latex_text, plain_text
from .numbers import exact_bounds, format_decimal, format_exact, is_mpq, mpq, to_mpq

__all__ = [
    "Table",
    "Comparison",
    "Param",
    "Builder",
    "TableBuilder",
    "TABLES",
    "table_builder",
    "format_cell",
    "latex_escape",
    "column_groups",
]


def _is_exact(v) -> bool:
    return is_mpq(v) or (isinstance(v, int) and not isinstance(v, bool)) or type(v).__name__ == "mpz"


def _is_arb(v) -> bool:
    return type(v).__name__ == "arb"


def _is_mpf(v) -> bool:
    return type(v).__name__ == "mpf"


def format_cell(v, digits: int | None = None, exact: bool = False) -> str:
    """Text of a cell: exact ``p/q`` when ``exact`` (or when no digits are given), else ``digits`` decimals."""
    if v is None:
        return ""
    if isinstance(v, str):
        return v
    if _is_exact(v):
        if exact or digits is None:
            return format_exact(v)
        return format_decimal(v, digits)
    if _is_arb(v):
        d = digits if digits is not None else 15
        if exact:  # the ball at its own accuracy, with its radius
            acc = v.rel_accuracy_bits() if hasattr(v, "rel_accuracy_bits") else 0
            digits_ok = int(acc * 0.30103) if 0 < acc < 10**6 else d + 3  # exact balls report huge accuracy
            return v.str(min(max(d + 3, digits_ok), 300), radius=True)
        return _arb_decimal(v, d)
    if _is_mpf(v):
        import mpmath

        d = digits if digits is not None else 15
        return mpmath.nstr(v, d + 2, min_fixed=-1e9, max_fixed=1e9) if exact else _mpf_decimal(v, d)
    return str(v)


def _arb_decimal(v, digits: int) -> str:
    """Round a ball to ``digits`` places; if the ball straddles a rounding boundary, say so with '~'."""
    lo, hi = _arb_bounds(v)
    a, b = format_decimal(lo, digits), format_decimal(hi, digits)
    return a if a == b else "~" + format_decimal((lo + hi) / 2, digits)


def _arb_bounds(v) -> tuple[mpq, mpq]:
    """Exact rational bounds of an arb ball."""
    return exact_bounds(v)


def _mpf_exact(v) -> mpq:
    """The exact dyadic rational an mpmath mpf holds."""
    return exact_bounds(v)[0]


def _mpf_decimal(v, digits: int) -> str:
    return format_decimal(_mpf_exact(v), digits)


def _compact(text: str) -> str:
    """``123456…(57 digits)/789…(58 digits)``: a long exact value shortened, saying so."""
    import re

    return re.sub(r"\d{16,}", lambda m: f"{m.group()[:8]}…({len(m.group())} digits)", text)


def _cell_width(text: str) -> int:
    """Characters a cell needs on one line (its longest line)."""
    return max((len(line) for line in str(text).splitlines()), default=0)


#: LaTeX output (:meth:`Table.to_latex`): the width a table may take (points; ``article``'s text is 345 pt wide,
#: ``amsart``'s 360 pt), the width of a column of a two-column page (``article``'s: 229.5 pt; a wider part spans
#: the page as a ``table*``), the space on each side of a column, and the width of one character of a cell at
#: footnote size (measured on the registered tables with Latin Modern: 3.0 to 4.7 pt, 4.25 pt typical).
LATEX_LINE_PT = 340.0
LATEX_COLUMN_PT = 225.0
LATEX_COLSEP_PT = 3.0
LATEX_PT_PER_CHAR = 4.6
#: A digit at footnote size (Latin Modern, measured with pdflatex: 4.25 pt), a digit of a fraction's numerator or
#: denominator (script size: 3.67 pt), a minus sign before a fraction, and one line of stacked digits (a broken
#: number) in a 12 pt class (9.5 pt in a 10 pt one).
LATEX_DIGIT_PT = 4.25
LATEX_SCRIPT_DIGIT_PT = 3.7
LATEX_MINUS_PT = 6.7
LATEX_SCRIPT_ROW_PT = 12.0
#: The height one float of a pasted table may take (points): ``article``'s text at 11 pt is 541 pt tall (550 at 10 pt,
#: 548.5 at 12 pt, ``amsart`` 584), less the rules, the header row and a margin (the caption and notes are counted
#: per table); one line of a footnote-size row in a
#: 12 pt class (its footnote size is 10 pt on 12 pt; the 10 pt class's 9.5), a caption line at normal size.
LATEX_FLOAT_PT = 500.0
LATEX_ROW_PT = 12.0
LATEX_CAPTION_LINE_PT = 14.5


def _latex_pt(text) -> float:
    """Estimated width (points) of a cell's longest line at footnote size in Latin Modern: a digit
    :data:`LATEX_DIGIT_PT`, a point or comma 2.3 pt, any other character :data:`LATEX_PT_PER_CHAR` (measured on the
    registered tables)."""
    return max((sum(LATEX_DIGIT_PT if ch.isdigit() else 2.3 if ch in ".,:;" else LATEX_PT_PER_CHAR for ch in line)
                for line in str(text).splitlines()), default=0.0)


def _latex_digits(text: str, width_pt: float | None, digit_pt: float, script: bool = False) -> str:
    r"""Math-mode digits; broken into stacked lines of digits when wider than ``width_pt`` (a left-aligned
    ``array``, at script size for a fraction's numerator or denominator)."""
    per = len(text) if width_pt is None else max(1, int(width_pt // digit_pt))
    if len(text) <= per:
        return text
    style = r"\scriptstyle " if script else ""
    lines = [style + text[i:i + per] for i in range(0, len(text), per)]
    return r"{\def\arraystretch{1}\begin{array}{@{}l@{}}" + r"\\".join(lines) + r"\end{array}}"


def _row_chunks(rows: list, heights: list[float], budget: float) -> list[list]:
    """The rows in consecutive parts no taller than ``budget`` (a row taller than it alone): as few parts as the
    greedy cut needs, then as even in rows as that many parts allow (rows 1 to 13 and 14 to 25, not 1 to 22 and
    23 to 25)."""
    def greedy(cap):
        out, cur, used = [], [], 0.0
        for r, h in zip(rows, heights, strict=True):
            if cur and used + h > cap:
                out.append(cur)
                cur, used = [], 0.0
            cur.append(r)
            used += h
        return out + [cur]

    parts = greedy(budget)
    m = len(parts)
    if m > 1:
        size = -(-len(rows) // m)
        even = [rows[i:i + size] for i in range(0, len(rows), size)]
        pos = 0
        fits = True
        for chunk in even:
            fits &= len(chunk) == 1 or sum(heights[pos:pos + len(chunk)]) <= budget
            pos += len(chunk)
        if fits and len(even) == m:
            return even
    return parts


def _latex_columns_phrase(cols) -> str:
    """``column X`` or ``columns X to Y``: the columns of one part of a split table, for its caption."""
    if len(cols) == 1:
        return f"column {latex_text(cols[0])}"
    if len(cols) == 2:
        return f"columns {latex_text(cols[0])} and {latex_text(cols[1])}"
    return f"columns {latex_text(cols[0])} to {latex_text(cols[-1])}"


def column_groups(widths: Sequence[float], label_width: float, limit: float) -> list[list[int]]:
    """Split columns (by index) into consecutive groups whose widths, with the row labels
    repeated in each group, fit in ``limit``; a column wider than ``limit`` stands alone."""
    groups: list[list[int]] = []
    cur: list[int] = []
    used = label_width
    for i, w in enumerate(widths):
        if cur and used + w > limit:
            groups.append(cur)
            cur, used = [], label_width
        cur.append(i)
        used += w
    if cur or not groups:
        groups.append(cur)
    return groups


@dataclass(frozen=True)
class Comparison:
    """A published cell against the truth.  ``agrees`` is None when a ball could not decide."""

    row: str
    col: str
    printed: str
    true: str
    true_rounded: str
    agrees: bool | None


@dataclass
class Table:
    r"""Exact cells with labels, optional published cells, and how the cells were obtained.

    Mathematics in the title, the row and column labels, the notes and text cells is written between dollars,
    in the delimited syntax of :mod:`exactcube.mathtext` (docs/design.md, "Verdict content"): a column named
    ``"$d_k$"`` is typeset :math:`d_k` in LaTeX (``\(d_k\)``) and as MathML in HTML, and reads ``d_k`` in the
    terminal and CSV; a bare ``"d_k"`` is text, printed as it stands (``d\_k`` in LaTeX, an underscore).
    """

    id: str
    title: str
    rows: list[str]
    cols: list[str]
    cells: dict[tuple[str, str], Any] = field(default_factory=dict)
    row_header: str = ""
    published: dict[tuple[str, str], str] = field(default_factory=dict)
    scale: Any = 1  # published = true * scale (100 for percentages)
    evidence: str = "exact"
    source: str = ""
    notes: str = ""
    digits: int = 4  # default decimals when printing
    #: the one judge of a printed text cell, ``text_judge(row, col, true_text, printed) -> bool``, for a table whose
    #: text cells agree by more than equal spelling (a printed optimal move among several, noisy.nim); None: equal text
    text_judge: Callable[[str, str, str, str], bool] | None = None

    _integer_cols: frozenset | None = field(default=None, init=False, repr=False, compare=False)

    # -- building -----------------------------------------------------------
    def set(self, row, col, value) -> None:
        row, col = str(row), str(col)
        if row not in self.rows or col not in self.cols:
            raise KeyError(f"no cell ({row}, {col}) in table {self.id}")
        self.cells[(row, col)] = value
        self._integer_cols = None

    def integer_columns(self) -> frozenset:
        """The columns whose every cell is an exact integer (counts, a threshold b*): printed as integers at any
        ``digits`` (4, never 4.0000)."""
        if self._integer_cols is None:
            seen: dict[str, bool] = {}
            for (_, c), v in self.cells.items():
                ok = v is None or (_is_exact(v) and to_mpq(v).denominator == 1)
                seen[c] = seen.get(c, True) and ok
            self._integer_cols = frozenset(c for c, ok in seen.items() if ok)
        return self._integer_cols

    def get(self, row, col):
        return self.cells.get((str(row), str(col)))

    def publish(self, row, col, printed: str) -> None:
        """Record what the document prints in the cell (row, col), read once here by the one judge
        (:func:`exactcube.printed.read_printed`) into its form: a decimal (compared at its printed places), a
        fraction or a mixed number (exact: it agrees only when equal), a percentage (``"12.5%"`` denotes 1/8:
        the table's ``scale`` must then be 1), scientific notation, an interval, "≈" before a decimal.  A text
        the judge cannot read is refused here (:class:`~exactcube.errors.BadInput`); a cell whose computed value
        is text (an optimal move) keeps its printed text, compared as text (:attr:`text_judge`)."""
        key = (str(row), str(col))
        where = f"{self.id} row {key[0]}, column {key[1]}: printed value"
        if isinstance(self.cells.get(key), str):
            self.published[key] = printed
            return
        number = read_printed(printed, where)
        if number.form is Form.PERCENT and to_mpq(self.scale) != 1:
            raise BadInput(f"{where} {printed!r} is a percentage, which carries its own scale, but the table's scale "
                           f"is {format_exact(self.scale)}: print it without % or give the table scale 1")
        self.published[key] = number

    @property
    def provenance(self):
        """The table as a result a verdict can cite (issue 40): its cells, the evidence read off their arithmetic
        (:func:`exactcube.results.evidence_of`: exact rationals, balls, floats), its source."""
        from .results import computed

        return computed(tuple(self.cells.values()), f"the cells of table {self.id}", self.source).provenance

    # -- comparison ---------------------------------------------------------
    def compare(self) -> list[Comparison]:
        """Every published cell compared with the true cell at its printed precision."""
        out = []
        for (r, c), printed in self.published.items():
            printed = _printed_cell(self.id, r, c, printed)
            v = self.cells.get((r, c))
            if v is None:
                raise KeyError(f"{self.id}: published cell ({r}, {c}) has no computed value")
            out.append(self._compare_one(r, c, v, printed))
        return out

    def _compare_one(self, r, c, v, printed) -> Comparison:
        if isinstance(v, str):
            same = self.text_judge(r, c, v, printed) if self.text_judge else v.strip() == printed.strip()
            return Comparison(r, c, printed, v, v, same)
        if not (_is_exact(v) or _is_arb(v) or _is_mpf(v)):
            raise TypeError(f"cannot compare cell of type {type(v).__name__}")
        # read once by publish (a PrintedNumber is returned as it is); a substituted text is read here
        judged = read_printed(printed, f"{self.id} row {r}, column {c}: printed value")
        scale = to_mpq(self.scale)
        digits = (judged.places if judged.places is not None else 15) + 6  # the true value, six digits past the print
        if _is_exact(v):
            true = format_exact(to_mpq(v) * scale)
        elif _is_arb(v):
            true = (v * int(scale) if scale.denominator == 1 else v).str(max(digits, 1), radius=True)
        else:
            true = format_decimal(_mpf_exact(v) * scale, max(digits, 0))
        return Comparison(r, c, judged, true, judged.correct(v, scale), judged.agrees(v, scale))

    def errata(self, note: str = "", *, arithmetic: Arithmetic | None = None,
               method: "str | Callable[[str, str], str]" = "",
               cause: "str | Callable[[str, str], str]" = "") -> list[Erratum]:
        """Published cells that disagree with the truth beyond printed rounding, each classified
        by the one erratum-kind rule :func:`exactcube.printed.erratum_kind` (docs/design.md,
        "Erratum kinds"): ``arithmetic`` is the arithmetic the source states for the table
        (:data:`exactcube.printed.DOUBLE_15`, :data:`exactcube.printed.TRUNCATION`), ``method`` a
        known cause that is not (a truncated series), or a function of (row, column) giving it per
        cell ('' where it does not explain the cell).  The rule's reason ends each note.  ``cause`` names
        the one cause the wrong cells share (:attr:`Erratum.cause`; a function of (row, column) as for
        ``method``): the headline counts it once, with its cells beside it.
        Text cells that differ are ``substantive``.
        """
        out = []
        for c in self.compare():
            if c.agrees is not False:
                continue
            v = self.cells.get((c.row, c.col))
            if isinstance(v, str):
                kind, reason = ErratumKind.SUBSTANTIVE, "substantive: a text cell that differs"
            else:
                why = method(c.row, c.col) if callable(method) else method
                ruling = erratum_kind(c.printed, v, arithmetic=arithmetic, method=why, scale=self.scale)
                kind, reason = ruling.kind, ruling.reason
            out.append(Erratum(where=f"{self.id} row {c.row}, column {c.col}", printed=str(c.printed), true=c.true,
                               true_rounded=c.true_rounded, note="; ".join(x for x in (note, reason) if x),
                               kind=kind, cause=cause(c.row, c.col) if callable(cause) else cause))
        return out

    def undecided(self) -> list[Comparison]:
        return [c for c in self.compare() if c.agrees is None]

    def _erratum_keys(self) -> set[tuple[str, str]]:
        if not self.published:
            return set()
        return {(c.row, c.col) for c in self.compare() if c.agrees is False}

    # -- a saved run -----------------------------------------------------------
    def saved(self) -> dict | None:
        """The table as a saved run keeps it (``verify --json``, its ``tables``; exactcube/schema/verdicts.json):
        every field, each cell tagged with its kind (``["q", "p/q"]`` a rational, ``["i", "n"]`` an integer,
        ``["s", text]`` text) so that :meth:`from_saved` rebuilds it exactly; None when a cell (or the scale) is a
        ball or a float, which has no exact text (such a table is built again)."""

        def tag(v):
            if isinstance(v, str):
                return ["s", v]
            if isinstance(v, bool) or not _is_exact(v):
                return None
            return ["q", format_exact(v)] if is_mpq(v) else ["i", str(int(v))]

        cells = []
        for (r, c), v in self.cells.items():
            t = tag(v)
            if t is None:
                return None
            cells.append([r, c, *t])
        scale = tag(self.scale)
        if scale is None:
            return None
        return {"id": self.id, "title": self.title, "rows": list(self.rows), "cols": list(self.cols),
                "row_header": self.row_header, "cells": cells,
                "published": [[r, c, p] for (r, c), p in self.published.items()], "scale": scale,
                "evidence": self.evidence, "source": self.source, "notes": self.notes, "digits": self.digits}

    @classmethod
    def from_saved(cls, d: dict) -> "Table":
        """The table :meth:`saved` wrote, exactly; ValueError when ``d`` is not such a table."""
        def untag(kind, text):
            if not isinstance(text, str):
                raise ValueError(f"saved table {d.get('id')!r}: a cell's text is not a string")
            if kind == "s":
                return text
            if kind == "i" and re.fullmatch(r"-?\d+", text):
                return int(text)
            if kind == "q" and re.fullmatch(r"-?\d+(/\d+)?", text):
                return mpq(text)
            raise ValueError(f"saved table {d.get('id')!r}: cannot read the cell {kind}:{text[:40]!r}")

        try:
            t = cls(d["id"], d["title"], [str(r) for r in d["rows"]], [str(c) for c in d["cols"]],
                    row_header=d["row_header"], scale=untag(*d["scale"]), evidence=d["evidence"],
                    source=d["source"], notes=d["notes"], digits=int(d["digits"]))
            for r, c, kind, text in d["cells"]:
                t.set(r, c, untag(kind, text))
            for r, c, p in d["published"]:
                t.publish(r, c, str(p))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"saved table {d.get('id') if isinstance(d, dict) else d!r}: {exc}") from None
        return t

    # -- renderers ----------------------------------------------------------
    def text(self, r, c, digits=None, exact=False) -> str:
        v = self.cells.get((r, c))
        if c in self.integer_columns():
            return format_cell(v, None, True)
        return format_cell(v, self.digits if digits is None else digits, exact)

    def shown_text(self, r, c, digits=None, exact=False) -> str:
        """A cell as a reader sees it in one line: a text cell's ``$...$`` as plain text, a value as :meth:`text`
        (what the layouts measure)."""
        v = self.cells.get((r, c))
        return plain_text(v) if isinstance(v, str) else self.text(r, c, digits, exact)

    def to_rich(self, digits: int | None = None, exact: bool = False, show_published: bool = True,
                cols: Sequence[str] | None = None, max_cell: int | None = None, part: str = ""):
        """A rich Table; erratum cells in red with the printed value beside them.

        ``cols`` selects columns (to split a wide table); a value longer than ``max_cell``
        characters is shown by its leading digits and its length, and the caption says so."""
        from rich.markup import escape
        from rich.table import Table as RichTable

        bad = self._erratum_keys() if show_published else set()
        cols = list(self.cols if cols is None else cols)
        cut = False
        t = RichTable(title=escape(f"{self.id}: {plain_text(self.title)}{part}"))
        t.add_column(escape(plain_text(self.row_header)), style="bold", justify="right", no_wrap=True)
        for c in cols:
            t.add_column(escape(plain_text(c)), justify="right")
        for r in self.rows:
            cells = []
            for c in cols:
                text = self.text(r, c, digits, exact)
                if max_cell is not None and len(text) > max_cell and not isinstance(self.cells.get((r, c)), str):
                    text, cut = _compact(text), True
                s = escape(plain_text(text) if isinstance(self.cells.get((r, c)), str) else text)
                if (r, c) in bad:
                    s = f"[red]{s}[/red] [dim](printed {escape(self.published[(r, c)])})[/dim]"
                cells.append(s)
            t.add_row(escape(r), *cells)
        caption = [plain_text(self.notes)] if self.notes else []
        if cut:
            caption.append("Values marked … are shown by their leading digits and length; "
                           "--format csv or --format json prints them whole.")
        t.caption = escape(" ".join(caption)) if caption else None
        return t

    def rich_parts(self, width: int, digits: int | None = None, exact: bool = False, show_published: bool = True):
        """The table as rich Tables no wider than ``width`` characters: column groups with the row
        labels repeated, long exact values shortened (and said to be)."""
        max_cell = max(24, width // 3)
        bad = self._erratum_keys() if show_published else set()
        label = max([_cell_width(self.row_header)] + [_cell_width(r) for r in self.rows])
        widths = []
        for c in self.cols:
            w = _cell_width(c)
            for r in self.rows:
                n = min(len(self.text(r, c, digits, exact)), max_cell + 2)
                if (r, c) in bad:
                    n += len(self.published[(r, c)]) + 11
                w = max(w, n)
            widths.append(w + 3)
        groups = column_groups(widths, label + 4, width)
        out = []
        for k, g in enumerate(groups, 1):
            cols = [self.cols[i] for i in g]
            part = f" (columns {cols[0]} to {cols[-1]}, part {k} of {len(groups)})" if len(groups) > 1 else ""
            out.append(self.to_rich(digits, exact, show_published, cols, max_cell, part))
        return out

    def latex_cell(self, r, c, digits=None, exact=False, width_pt: float | None = None) -> str:
        r"""One cell as LaTeX: exact rationals as fractions, decimals, text with its mathematics typeset.  A number
        wider than ``width_pt`` points (a fraction's numerator or denominator, a long decimal) is broken into lines
        of digits stacked in the cell (the exact value whole, never cut short)."""
        v = self.cells.get((r, c))
        if v is None:
            return ""
        if isinstance(v, str):
            return latex_text(v)
        if self._is_fraction(v, digits, exact):
            q = to_mpq(v)
            if q.denominator == 1:
                return "$" + _latex_digits(str(q.numerator), width_pt, LATEX_DIGIT_PT) + "$"
            sign = "-" if q < 0 else ""
            room = None if width_pt is None else width_pt - 2.4 - (LATEX_MINUS_PT if sign else 0.0)
            num, den = (_latex_digits(str(x), room, LATEX_SCRIPT_DIGIT_PT, script=True)
                        for x in (abs(q.numerator), q.denominator))
            return f"${sign}\\frac{{{num}}}{{{den}}}$"
        text = self.text(r, c, digits, False)
        if width_pt is not None and _latex_pt(text) > width_pt and re.fullmatch(r"[-+]?[\d.]+", text):
            return "$" + _latex_digits(text, width_pt, LATEX_DIGIT_PT) + "$"
        return latex_escape(text)

    def _is_fraction(self, v, digits, exact) -> bool:
        """Whether the cell prints as an exact rational (a fraction, or an integer) in LaTeX."""
        return _is_exact(v) and (exact or (digits is None and self.digits is None))

    def latex_cell_pt(self, r, c, digits=None, exact=False) -> float:
        """The estimated width (points, footnote size) of a cell as :meth:`latex_cell` prints it unbroken."""
        v = self.cells.get((r, c))
        if v is None:
            return 0.0
        if self._is_fraction(v, digits, exact):
            q = to_mpq(v)
            if q.denominator == 1:
                return _latex_pt(str(q.numerator))
            return (LATEX_MINUS_PT if q < 0 else 0.0) + 2.4 + LATEX_SCRIPT_DIGIT_PT * max(
                len(str(abs(q.numerator))), len(str(q.denominator)))
        return _latex_pt(self.shown_text(r, c, digits, exact))

    def latex_parts(self, digits: int | None = None, exact: bool = False, show_published: bool = True,
                    rows: Sequence[str] | None = None, cols: Sequence[str] | None = None,
                    wrap: dict[str, str] | None = None, width_pt: dict[str, float] | None = None,
                    longtable: str | None = None) -> tuple[str, list[str]]:
        r"""The booktabs ``tabular`` alone, and the notes on erratum cells (cell, printed value).

        ``rows`` and ``cols`` select a part of the table (to split a tall or wide one);
        ``wrap`` maps a column to a width (``"0.4\linewidth"``) in which its text wraps; ``width_pt`` maps a column
        to the points its numbers may take (wider ones are broken into lines, :meth:`latex_cell`).  With
        ``longtable`` (the caption), the rows are a ``longtable`` that breaks across pages, its header repeated
        (needs the ``longtable`` package)."""
        bad = self._erratum_keys() if show_published else set()
        cols = list(self.cols if cols is None else cols)
        wrap = wrap or {}
        width_pt = width_pt or {}
        spec = "r" + "".join(rf">{{\raggedright\arraybackslash}}p{{{wrap[c]}}}" if c in wrap else "r" for c in cols)
        head = " & ".join([latex_text(self.row_header)] + [latex_text(c) for c in cols]) + r" \\"
        if longtable is None:
            lines = [r"\begin{tabular}{" + spec + "}", r"\toprule", head, r"\midrule"]
        else:
            lines = [r"\begin{longtable}{" + spec + "}", rf"\caption{{{longtable}}}\\", r"\toprule", head,
                     r"\midrule", r"\endfirsthead",
                     rf"\multicolumn{{{len(cols) + 1}}}{{l}}{{\emph{{(continued)}}}}\\", r"\toprule", head,
                     r"\midrule", r"\endhead", r"\bottomrule", r"\endlastfoot"]
        notes = []
        for r in (self.rows if rows is None else rows):
            row = [latex_text(r)]
            for c in cols:
                s = self.latex_cell(r, c, digits, exact, width_pt.get(c))
                if c in wrap:  # a long integer (a polynomial's coefficient) or a fraction may break in a narrow column
                    s = re.sub(r"(\d{10})(?=\d{3})", r"\1\\allowbreak{}", s)
                    s = re.sub(r"(?<=\d)(/|, )(?=\d)", r"\1\\allowbreak{}", s)
                if (r, c) in bad:
                    s += r"$^\dagger$"
                    notes.append(f"({latex_text(r)}, {latex_text(c)}) printed {latex_escape(self.published[(r, c)])}")
                row.append(s)
            lines.append(" & ".join(row) + r" \\")
        lines += [r"\end{longtable}"] if longtable is not None else [r"\bottomrule", r"\end{tabular}"]
        return "\n".join(lines), notes

    def column_widths(self, digits: int | None = None, exact: bool = False) -> tuple[int, list[int]]:
        """Characters needed by the row labels and by each column (header or widest cell)."""
        label = max([_cell_width(self.row_header)] + [_cell_width(r) for r in self.rows])
        widths = [max([_cell_width(plain_text(c))] + [_cell_width(self.shown_text(r, c, digits, exact))
                                                       for r in self.rows]) for c in self.cols]
        return label, widths

    def _latex_layout(self, digits, exact, line_pt):
        """The columns' layout on a line of ``line_pt`` points: (text columns that wrap and their widths, the
        points each column may take before its numbers break, the column groups, the row labels' points)."""
        _, widths = self.column_widths(digits, exact)
        line_chars = int((line_pt - 2 * LATEX_COLSEP_PT) / LATEX_PT_PER_CHAR)
        texts = {c for c in self.cols if any(isinstance(self.cells.get((r, c)), str) for r in self.rows)}
        wide_text = {c: w for c, w in zip(self.cols, widths, strict=True) if c in texts and w > line_chars // 2}
        label_pt = max([_latex_pt(plain_text(self.row_header))] + [_latex_pt(plain_text(r)) for r in self.rows]) \
            + 2 * LATEX_COLSEP_PT
        need = {c: max([_latex_pt(plain_text(c))] + [self.latex_cell_pt(r, c, digits, exact) for r in self.rows])
                for c in self.cols}
        wrap = {}
        if wide_text:  # text columns (formulas, move lists) wrap in the room the others leave
            rest = label_pt + sum(need[c] + 2 * LATEX_COLSEP_PT for c in self.cols if c not in wide_text)
            share = max(0.25, min(0.9, (line_pt - rest) / line_pt)) / len(wide_text)
            wrap = {c: f"{share:.2f}\\linewidth" for c in wide_text}
            need.update({c: share * line_pt - 2 * LATEX_COLSEP_PT for c in wide_text})
        # a column wider than the line beside the row labels alone breaks its numbers into lines of digits
        room = line_pt - label_pt - 2 * LATEX_COLSEP_PT
        breaks = {c: room for c in self.cols if c not in wrap and need[c] > room}
        pts = [min(need[c], room) + 2 * LATEX_COLSEP_PT for c in self.cols]
        return wrap, breaks, column_groups(pts, label_pt, line_pt), label_pt, pts

    def _latex_row_pt(self, r, cols, digits, exact, wrap, breaks, line_pt=LATEX_LINE_PT) -> float:
        """The estimated height (points) of row ``r`` in a 12 pt class (the tallest that pastes the fragment):
        :data:`LATEX_ROW_PT` a line, 1.5 times that for a row of fractions; a broken number or wrapped text one line
        a line of it."""
        lines = 1.0
        for c in cols:
            v = self.cells.get((r, c))
            if v is None:
                continue
            if c in wrap:
                width = float(wrap[c].split("\\")[0]) * line_pt
                lines = max(lines, -(-_latex_pt(self.shown_text(r, c, digits, exact)) // max(width, 1.0)))
            elif c in breaks:
                if self._is_fraction(v, digits, exact) and to_mpq(v).denominator != 1:
                    q = to_mpq(v)
                    per = max(1, int(breaks[c] // LATEX_SCRIPT_DIGIT_PT))
                    n = sum(-(-len(str(x)) // per) for x in (abs(q.numerator), q.denominator))
                    lines = max(lines, n * LATEX_SCRIPT_ROW_PT / LATEX_ROW_PT)
                else:
                    per = max(1, int(breaks[c] // LATEX_DIGIT_PT))
                    lines = max(lines, -(-len(self.text(r, c, digits, exact)) // per))
        return lines * LATEX_ROW_PT

    def to_latex(self, digits: int | None = None, exact: bool = False, show_published: bool = True,
                 caption: str | None = None, line_pt: float = LATEX_LINE_PT, longtable: bool = False) -> str:
        r"""Booktabs ``tabular``\ s in floats at footnote size, never shrunk, that an author pastes unchanged into
        ``article``, ``amsart`` or a two-column class, at 10, 11 or 12 pt (``booktabs`` and ``array`` loaded): columns
        ``3pt`` apart; a table wider than ``line_pt`` points split into column groups (row labels repeated), a taller
        one into parts that each fit a page (:data:`LATEX_FLOAT_PT`, rows estimated at :data:`LATEX_ROW_PT`), each
        captioned with its part; text columns (formulas) wrap; a number wider than the line beside the row labels is
        broken into stacked lines of digits (whole); a part wider than a column of a two-column page is a ``table*``
        (the whole page width there; the same as ``table`` on a one-column page); rows holding fractions get the room
        ``\arraystretch`` 1.5 gives, so that the fractions of adjacent rows never touch.  Erratum cells carry a
        dagger and a note with the printed value.

        ``longtable=True`` (a one-column document that loads ``longtable``, as the report does): each column group is
        one ``longtable`` that breaks across pages, its header repeated, instead of floats."""
        wrap, breaks, groups, label_pt, pts = self._latex_layout(digits, exact, line_pt)
        if caption is None:
            caption = rf"{latex_text(self.title)} ({latex_escape(self.id)})"
        rows = list(self.rows)
        out = []
        if longtable:
            for k, g in enumerate(groups, 1):
                cols = [self.cols[i] for i in g]
                part = f" (part {k} of {len(groups)}: {_latex_columns_phrase(cols)})" if len(groups) > 1 else ""
                tabular, notes = self.latex_parts(digits, exact, show_published, cols=cols, wrap=wrap,
                                                  width_pt=breaks, longtable=f"{caption}{part}. Evidence: {self.evidence}.")
                frac = r"\frac" in tabular
                out += [r"\begingroup\footnotesize\setlength{\tabcolsep}{%gpt}" % LATEX_COLSEP_PT
                        + (r"\renewcommand{\arraystretch}{1.5}" if frac else ""), tabular]
                if notes:
                    out.append(r"$^\dagger$ differs from the printed value beyond its rounding: " + "; ".join(notes) + ".")
                if self.notes and k == len(groups):
                    out.append(r"\par\smallskip " + latex_text(self.notes))
                out.append(r"\par\endgroup")
            return "\n".join(out) + "\n"
        parts = []  # (column group, rows)
        for g in groups:
            cols = [self.cols[i] for i in g]
            # the caption (normal size) and the notes (footnote size) share the float with the rows
            cap_pt = LATEX_CAPTION_LINE_PT * (1 + len(plain_text(caption)) * 5.0 // line_pt) + 16.0
            cap_pt += LATEX_ROW_PT * (len(plain_text(self.notes)) * LATEX_PT_PER_CHAR // line_pt + 2) if self.notes else 0
            bad = self._erratum_keys() if show_published else set()
            stretch = 1.5 if any(self._is_fraction(v, digits, exact) and to_mpq(v).denominator != 1
                                 for (_, c), v in self.cells.items() if c in cols) else 1.0
            heights = []
            for r in rows:
                h = self._latex_row_pt(r, cols, digits, exact, wrap, breaks, line_pt)
                h = max(h + 6.0, stretch * LATEX_ROW_PT)  # a row's strut: 1.5 lines with fractions
                heights.append(h + sum(LATEX_ROW_PT * 40 * LATEX_PT_PER_CHAR / line_pt for c in cols if (r, c) in bad))
            parts += [(cols, chunk) for chunk in _row_chunks(rows, heights, LATEX_FLOAT_PT - cap_pt)]
        n = len(parts)
        if n > 10:  # more floats than LaTeX holds unplaced (18, its own and the text's): room for them all, and
            # for the output routine's passes over them before a page ships (100 by default)
            out.append(rf"\extrafloats{{{n}}}\maxdeadcycles={max(100, 20 * n)}\relax")
        for k, (cols, chunk) in enumerate(parts, 1):
            tabular, notes = self.latex_parts(digits, exact, show_published, rows=chunk, cols=cols, wrap=wrap,
                                              width_pt=breaks)
            part = (([f"row {latex_text(chunk[0])}"] if len(chunk) == 1 else
                     [f"rows {latex_text(chunk[0])} to {latex_text(chunk[-1])}"]) if len(chunk) < len(rows) else []) + (
                [_latex_columns_phrase(cols)] if len(groups) > 1 else [])
            cont = f" (part {k} of {n}: {', '.join(part)})" if n > 1 else ""
            g = [self.cols.index(c) for c in cols]
            env = "table*" if label_pt + sum(pts[i] for i in g) > LATEX_COLUMN_PT or wrap else "table"
            out += [rf"\begin{{{env}}}[htbp]\centering\footnotesize\setlength{{\tabcolsep}}{{{LATEX_COLSEP_PT:g}pt}}"
                    + (r"\renewcommand{\arraystretch}{1.5}" if r"\frac" in tabular else ""),
                    rf"\caption{{{caption}{cont}. Evidence: {self.evidence}.}}", tabular]
            if notes:
                out.append(r"\par\smallskip $^\dagger$ differs from the printed value beyond its rounding: "
                           + "; ".join(notes) + ".")
            if self.notes and k == n:
                out.append(r"\par\smallskip " + latex_text(self.notes))
            out.append(rf"\end{{{env}}}")
        return "\n".join(out) + "\n"

    def to_latex_document(self, digits: int | None = None, exact: bool = False) -> str:
        """A complete LaTeX document holding the table (for pdflatex)."""
        return (
            "\\documentclass{article}\n\\usepackage{booktabs}\n\\usepackage{array}\n"
            "\\usepackage[margin=2cm]{geometry}\n"
            "\\begin{document}\n" + self.to_latex(digits, exact) + "\\end{document}\n"
        )

    def to_csv(self, digits: int | None = None, exact: bool = True) -> str:
        """CSV with a header row; exact cells as ``p/q`` (read back with ``parse_rational``)."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow([plain_text(h) for h in [self.row_header] + list(self.cols)])  # labels' $...$ as plain text
        for r in self.rows:
            w.writerow([r] + [plain_text(v) if isinstance(v := self.cells.get((r, c)), str) else
                              self.text(r, c, digits, exact) for c in self.cols])  # text's $...$ as plain text
        return buf.getvalue()

    def to_json(self, digits: int | None = None) -> dict:
        """A JSON-ready dict: every cell with its exact text and its decimal text."""
        d = self.digits if digits is None else digits
        comps = {(c.row, c.col): c for c in self.compare()} if self.published else {}
        cells = []
        for r in self.rows:
            row = []
            for c in self.cols:
                v = self.cells.get((r, c))
                cell = {"exact": format_cell(v, None, True) if v is not None else None,
                        "decimal": format_cell(v, d, False) if v is not None else None}
                if (r, c) in comps:
                    cm = comps[(r, c)]
                    cell["published"] = cm.printed
                    cell["agrees"] = cm.agrees
                row.append(cell)
            cells.append(row)
        return {
            "id": self.id,
            "title": self.title,
            "evidence": self.evidence,
            "source": self.source,
            "notes": self.notes,
            "row_header": self.row_header,
            "rows": list(self.rows),
            "cols": list(self.cols),
            "scale": format_exact(self.scale) if not isinstance(self.scale, str) else self.scale,
            "cells": cells,
        }

    def to_json_text(self, digits: int | None = None) -> str:
        return json.dumps(self.to_json(digits), indent=2)

    def to_html(self, digits: int | None = None, exact: bool = False, show_published: bool = True) -> str:
        """An HTML ``table``: labels with their mathematics as MathML, erratum cells with the
        printed value beside the true one (class ``erratum``)."""
        import html

        bad = self._erratum_keys() if show_published else set()
        head = "".join(f"<th>{html_text(c)}</th>" for c in [self.row_header] + list(self.cols))
        body = []
        for r in self.rows:
            tds = [f'<th scope="row">{html_text(r)}</th>']
            for c in self.cols:
                v = self.cells.get((r, c))
                s = html_text(v) if isinstance(v, str) else html.escape(self.text(r, c, digits, exact))
                if (r, c) in bad:
                    s = (f'<span class="true">{s}</span> <span class="printed">printed '
                         f'{html.escape(self.published[(r, c)])}</span>')
                    tds.append(f'<td class="erratum">{s}</td>')
                else:
                    tds.append(f"<td>{s}</td>")
            body.append("<tr>" + "".join(tds) + "</tr>")
        return (f'<table class="data"><thead><tr>{head}</tr></thead>'
                f"<tbody>{''.join(body)}</tbody></table>")

    # notebook display
    def _repr_latex_(self) -> str:
        body, _ = self.latex_parts()
        return "$$" + body.replace(r"\toprule", r"\hline").replace(r"\midrule", r"\hline").replace(
            r"\bottomrule", r"\hline") + "$$"

    def _repr_html_(self) -> str:
        import html

        caption = f"<table><caption>{html.escape(self.id)}: {html_text(self.title)}</caption>"
        return self.to_html().replace('<table class="data">', caption, 1)


# -- builders registry ---------------------------------------------------------


def _typed(v) -> str:
    """One value as typed on the command line: ``13/16`` for a rational, the text of a string."""
    if _is_exact(v):
        return format_exact(v)
    return str(v)


@dataclass(frozen=True)
class Param:
    """A parameter of a table or figure builder, offered on the command line as ``--name``.

    ``parse`` turns the user's text into the value (use the parsers in
    :mod:`exactcube.numbers`, which raise :class:`BadInput`).
    """

    name: str
    parse: Callable[[str], Any]
    default: Any
    help: str = ""

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    @property
    def default_text(self) -> str:
        """The default as a user would type it: the first spelling that ``parse`` reads back to it
        (``backgammon`` for a dice model, ``2x3`` for a board, ``1/100`` for a rational)."""
        v = self.default
        items = [_typed(x) for x in v] if isinstance(v, (tuple, list)) else None
        candidates = [getattr(v, "name", None), _typed(v)]
        if items is not None:
            candidates += [",".join(items), "x".join(items), " ".join(items)]
        for text in candidates:
            if not isinstance(text, str):
                continue
            try:
                if self.parse(text) == v:
                    return text
            except Exception:  # a spelling the parser refuses is simply not the one
                continue
        return ",".join(items) if items is not None else _typed(v)


@dataclass(frozen=True)
class Builder:
    """A registered builder (of a table or a figure): id, title, function, declared parameters."""

    id: str
    title: str
    build: Callable = field(repr=False)
    params: tuple[Param, ...] = ()

    kind = "builder"

    def __call__(self, **kwargs):
        known = {p.name for p in self.params}
        unknown = set(kwargs) - known
        if unknown:
            raise BadInput(f"{self.kind} {self.id} takes no option {sorted(unknown)[0]!r}")
        args = {p.name: p.default for p in self.params}
        args.update(kwargs)
        return self.build(**args)


class TableBuilder(Builder):
    """A registered table: calling it with keyword parameters returns a :class:`Table`."""

    kind = "table"


#: Table builders by id, filled by importing the ``proofs`` modules.
TABLES: dict[str, TableBuilder] = {}


def table_builder(id: str, title: str, params: Sequence[Param] = ()):
    """Decorator registering ``fn(**params) -> Table`` as the table ``id``."""

    def deco(fn):
        TABLES[id] = TableBuilder(id, title, fn, tuple(params))
        return fn

    return deco
