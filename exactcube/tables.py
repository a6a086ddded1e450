r"""Tables of exact cells, their published counterparts, and renderers.

A :class:`Table` holds cells keyed by (row label, column label).  A cell value is
an exact rational (``mpq``/``int``), a rigorous ball (``flint.arb``), a
high-precision float (``mpmath.mpf``, evidence ``numeric``), or plain text (an
optimal move, say).  Optionally it holds the *published* cells as printed
strings (``".8125"``, ``"+.430"``, ``"79"``), with a ``scale`` when the document
prints percentages.

:meth:`Table.compare` compares every published cell with the true one at the
printed precision (see :func:`exactcube.numbers.agrees_with_printed`); for a ball
the answer is decided only when the ball lies wholly inside or wholly outside
the printed interval.  :meth:`Table.errata` turns the disagreements into
:class:`~exactcube.results.Erratum` entries, classified by :func:`exactcube.printed.erratum_kind`.

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

from .printed import Arithmetic, erratum_kind
from .printed import cell as _printed_cell
from .results import Erratum, ErratumKind
from .errors import BadInput
from .mathtext import html_text, latex_escape, latex_text, plain_text
from .numbers import (
    agrees_with_printed,
    exact_bounds,
    format_decimal,
    format_exact,
    is_mpq,
    latex_rational,
    mpq,
    parse_printed,
    printed_places,
    to_mpq,
)

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


def _latex_pt(text) -> float:
    """Estimated width (points) of a cell's longest line at footnote size in Latin Modern: a digit 4 pt, a point or
    comma 2.3 pt, any other character :data:`LATEX_PT_PER_CHAR` (measured on the registered tables)."""
    return max((sum(4.0 if ch.isdigit() else 2.3 if ch in ".,:;" else LATEX_PT_PER_CHAR for ch in line)
                for line in str(text).splitlines()), default=0.0)


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
    """Exact cells with labels, optional published cells, and how the cells were obtained."""

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

    # -- building -----------------------------------------------------------
    def set(self, row, col, value) -> None:
        row, col = str(row), str(col)
        if row not in self.rows or col not in self.cols:
            raise KeyError(f"no cell ({row}, {col}) in table {self.id}")
        self.cells[(row, col)] = value

    def get(self, row, col):
        return self.cells.get((str(row), str(col)))

    def publish(self, row, col, printed: str) -> None:
        self.published[(str(row), str(col))] = printed

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
        places = printed_places(printed)
        scale = to_mpq(self.scale)
        if isinstance(v, str):
            same = self.text_judge(r, c, v, printed) if self.text_judge else v.strip() == printed.strip()
            return Comparison(r, c, printed, v, v, same)
        if _is_exact(v):
            t = to_mpq(v) * scale
            return Comparison(
                r, c, printed, format_exact(t), format_decimal(t, places), agrees_with_printed(v, printed, scale)
            )
        if _is_arb(v):
            lo, hi = _arb_bounds(v)
            lo, hi = lo * scale, hi * scale
            val = parse_printed(printed)
            half = mpq(1, 2 * 10**places)
            inside = val - half <= lo and hi <= val + half
            outside = hi < val - half or lo > val + half
            agrees = True if inside else (False if outside else None)
            rl, rh = format_decimal(lo, places), format_decimal(hi, places)
            true = (v * int(scale) if scale.denominator == 1 else v).str(places + 6, radius=True)
            return Comparison(r, c, printed, true, rl if rl == rh else f"{rl}..{rh}", agrees)
        if _is_mpf(v):
            t = _mpf_exact(v) * scale
            return Comparison(
                r, c, printed, format_decimal(t, places + 6), format_decimal(t, places),
                agrees_with_printed(t, printed),
            )
        raise TypeError(f"cannot compare cell of type {type(v).__name__}")

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
            out.append(Erratum(where=f"{self.id} row {c.row}, column {c.col}", printed=c.printed, true=c.true,
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
        return format_cell(self.cells.get((r, c)), self.digits if digits is None else digits, exact)

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

    def latex_cell(self, r, c, digits=None, exact=False) -> str:
        """One cell as LaTeX: exact rationals as fractions, decimals, text with its mathematics typeset."""
        v = self.cells.get((r, c))
        if v is None:
            return ""
        if isinstance(v, str):
            return latex_text(v)
        if _is_exact(v) and (exact or (digits is None and self.digits is None)):
            return "$" + latex_rational(v) + "$"
        return latex_escape(format_cell(v, self.digits if digits is None else digits, False))

    def latex_parts(self, digits: int | None = None, exact: bool = False, show_published: bool = True,
                    rows: Sequence[str] | None = None, cols: Sequence[str] | None = None,
                    wrap: dict[str, str] | None = None) -> tuple[str, list[str]]:
        r"""The booktabs ``tabular`` alone, and the notes on erratum cells (cell, printed value).

        ``rows`` and ``cols`` select a part of the table (to split a tall or wide one);
        ``wrap`` maps a column to a width (``"0.4\linewidth"``) in which its text wraps."""
        bad = self._erratum_keys() if show_published else set()
        cols = list(self.cols if cols is None else cols)
        wrap = wrap or {}
        spec = "r" + "".join(rf">{{\raggedright\arraybackslash}}p{{{wrap[c]}}}" if c in wrap else "r" for c in cols)
        lines = [
            r"\begin{tabular}{" + spec + "}",
            r"\toprule",
            " & ".join([latex_text(self.row_header)] + [latex_text(c) for c in cols]) + r" \\",
            r"\midrule",
        ]
        notes = []
        for r in (self.rows if rows is None else rows):
            row = [latex_text(r)]
            for c in cols:
                s = self.latex_cell(r, c, digits, exact)
                if c in wrap:  # a long integer (a polynomial's coefficient) may break in a narrow column
                    s = re.sub(r"(\d{10})(?=\d{3})", r"\1\\allowbreak{}", s)
                if (r, c) in bad:
                    s += r"$^\dagger$"
                    notes.append(f"({latex_text(r)}, {latex_text(c)}) printed {latex_escape(self.published[(r, c)])}")
                row.append(s)
            lines.append(" & ".join(row) + r" \\")
        lines += [r"\bottomrule", r"\end{tabular}"]
        return "\n".join(lines), notes

    def column_widths(self, digits: int | None = None, exact: bool = False) -> tuple[int, list[int]]:
        """Characters needed by the row labels and by each column (header or widest cell)."""
        label = max([_cell_width(self.row_header)] + [_cell_width(r) for r in self.rows])
        widths = [max([_cell_width(c)] + [_cell_width(self.text(r, c, digits, exact)) for r in self.rows])
                  for c in self.cols]
        return label, widths

    def to_latex(self, digits: int | None = None, exact: bool = False, show_published: bool = True,
                 caption: str | None = None, line_pt: float = LATEX_LINE_PT, rows_per_float: int = 40) -> str:
        r"""Booktabs ``tabular``\ s in floats at footnote size, never shrunk, that an author pastes unchanged into
        ``article``, ``amsart`` or a two-column class (``booktabs`` and ``array`` loaded): columns ``3pt`` apart; a
        table wider than ``line_pt`` points (estimated at :data:`LATEX_PT_PER_CHAR` a character) split into column
        groups (row labels repeated), a taller one into parts of ``rows_per_float`` rows, each captioned with its
        part; text columns (formulas) wrap; a part wider than a column of a two-column page is a ``table*`` (the
        whole page width there; the same as ``table`` on a one-column page); rows holding fractions get the room
        ``\arraystretch`` 1.5 gives, so that the fractions of adjacent rows never touch.  Erratum cells carry a
        dagger and a note with the printed value."""
        label, widths = self.column_widths(digits, exact)
        line_chars = int((line_pt - 2 * LATEX_COLSEP_PT) / LATEX_PT_PER_CHAR)
        wide_text = {c: w for c, w in zip(self.cols, widths, strict=True) if w > line_chars // 2}
        wrap = {}
        if wide_text:  # text columns (formulas, move lists) wrap in the room the others leave
            rest = label + sum(w + 2 for c, w in zip(self.cols, widths, strict=True) if c not in wide_text) + 2
            share = max(0.25, min(0.9, (line_chars - rest) / line_chars)) / len(wide_text)
            wrap = {c: f"{share:.2f}\\linewidth" for c in wide_text}
            widths = [int(line_chars * share) if c in wrap else w for c, w in zip(self.cols, widths, strict=True)]
        shown = list(self.rows)
        pts = [(LATEX_PT_PER_CHAR * w if c in wrap else
                max([_latex_pt(c)] + [_latex_pt(self.text(r, c, digits, exact)) for r in shown])) + 2 * LATEX_COLSEP_PT
               for c, w in zip(self.cols, widths, strict=True)]
        label_pt = max([_latex_pt(self.row_header)] + [_latex_pt(r) for r in shown]) + 2 * LATEX_COLSEP_PT
        groups = column_groups(pts, label_pt, line_pt)
        rows = list(self.rows)
        chunks = [rows[i:i + rows_per_float] for i in range(0, len(rows), rows_per_float)] or [[]]
        if caption is None:
            caption = rf"{latex_text(self.title)} ({latex_escape(self.id)})"
        n = len(groups) * len(chunks)
        out = []
        for k, (g, chunk) in enumerate(((g, c) for g in groups for c in chunks), 1):
            cols = [self.cols[i] for i in g]
            tabular, notes = self.latex_parts(digits, exact, show_published, rows=chunk, cols=cols, wrap=wrap)
            part = ([f"rows {latex_text(chunk[0])} to {latex_text(chunk[-1])}"] if len(chunks) > 1 else []) + (
                [f"columns {latex_text(cols[0])} to {latex_text(cols[-1])}"] if len(groups) > 1 else [])
            cont = f" (part {k} of {n}: {', '.join(part)})" if n > 1 else ""
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
            w.writerow([r] + [self.text(r, c, digits, exact) for c in self.cols])
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
