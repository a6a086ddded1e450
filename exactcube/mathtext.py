r"""Mathematics in labels and titles, in the one delimited syntax: ``$...$`` (docs/design.md, "Verdict content").

Table labels, titles and cells, claim statements and locations are strings; the mathematics in them
stands between dollar signs in the small LaTeX subset :mod:`exactcube.content.syntax` reads.  These helpers
print such a string for the report and the tables: :func:`latex_text` (LaTeX text mode, mathematics in
``\( \)``) and :func:`html_text` (HTML with MathML).  Nothing outside the dollars is read as mathematics.
"""

from __future__ import annotations

from .content.model import legacy
from .content.printers import latex_escape, to_html, to_latex

__all__ = ["latex_text", "html_text", "plain_text", "latex_escape", "polynomial"]


def latex_text(s) -> str:
    """``s`` (a string in the delimited syntax) as LaTeX text."""
    return to_latex(legacy(str(s)))


def html_text(s) -> str:
    """``s`` (a string in the delimited syntax) as HTML with MathML."""
    return to_html(legacy(str(s)))


def plain_text(s) -> str:
    """``s`` (a string in the delimited syntax) as plain text: the terminal and pipes."""
    from .content.model import to_plain

    return to_plain(legacy(str(s)))


def polynomial(coefficients, variable: str = r"\varepsilon") -> str:
    r"""An integer polynomial in the delimited syntax's mathematics (no dollars), highest power first:
    ``polynomial([1, -11, 55])`` (constant term first, as ``fmpz_poly.coeffs()`` gives them) is
    ``55\varepsilon^{2} - 11\varepsilon + 1``, never program text (``55*x^2 + (-11)*x + 1``)."""
    terms = []
    for power in range(len(coefficients) - 1, -1, -1):
        c = int(coefficients[power])
        if c == 0:
            continue
        mono = "" if power == 0 else variable + ("" if power == 1 else f"^{{{power}}}")
        size = str(abs(c)) if abs(c) != 1 or power == 0 else ""
        sign = ("-" if c < 0 else "") if not terms else (" - " if c < 0 else " + ")
        terms.append(sign + size + mono)
    return "".join(terms) or "0"
