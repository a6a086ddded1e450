"""Notebook display: exact values as fractions, results as LaTeX and HTML.

:class:`ExactDisplay` is a mixin for the frozen result dataclasses: in Jupyter a
result shows as a small table whose rational fields are typeset as fractions
(:math:`\\frac{13}{16}`), not as ``mpq(13,16)``.  :func:`latex_value` is the
conversion used for one value.
"""

from __future__ import annotations

import dataclasses
import html

from .numbers import is_mpq, latex_rational

__all__ = ["ExactDisplay", "latex_value", "text_value"]


def latex_value(v) -> str:
    """LaTeX of one value: fractions for rationals, ``\\infty``-free text otherwise."""
    if is_mpq(v) or type(v).__name__ == "mpz":
        return latex_rational(v)
    if isinstance(v, bool) or v is None:
        return r"\text{" + str(v) + "}"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(latex_value(x) for x in v) + ")"
    if hasattr(v, "value") and isinstance(v.value, str):  # enums
        return r"\text{" + v.value + "}"
    return r"\text{" + str(v).replace("_", r"\_") + "}"


def text_value(v) -> str:
    """Plain text of one value: ``13/16`` for rationals."""
    if is_mpq(v):
        return f"{v.numerator}/{v.denominator}" if v.denominator != 1 else str(v.numerator)
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(text_value(x) for x in v) + ")"
    if hasattr(v, "value") and isinstance(v.value, str):
        return v.value
    return str(v)


class ExactDisplay:
    """Mixin: ``_repr_latex_`` and ``_repr_html_`` for dataclass results."""

    def _fields(self):
        return [(f.name, getattr(self, f.name)) for f in dataclasses.fields(self) if f.repr]

    def _repr_latex_(self) -> str:
        rows = r" \\ ".join(rf"\text{{{n.replace('_', ' ')}}} & {latex_value(v)}" for n, v in self._fields())
        return rf"$\begin{{array}}{{ll}}\textbf{{{type(self).__name__}}} & \\ {rows}\end{{array}}$"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><th style='text-align:left'>{html.escape(n)}</th><td>{html.escape(text_value(v))}</td></tr>"
            for n, v in self._fields()
        )
        return f"<table><caption>{html.escape(type(self).__name__)}</caption>{rows}</table>"
