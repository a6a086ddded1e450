"""The printers of verdict content, one per format besides the plain text (:func:`exactcube.content.model.to_plain`):
:func:`to_rich` (the terminal), :func:`to_latex` (the PDF report), :func:`to_html` (MathML), :func:`to_markdown`,
and :func:`to_json` with its reader :func:`from_json` (schema version 3, exactcube/schema/verdicts.json).

Every printer is a table of one printer per part type, applied by :func:`exactcube.content.model.print_parts`.
"""

from __future__ import annotations

import html as _html
import re
import unicodedata
from typing import Callable

from .model import Content, Math, Ref, Table, Text, Value, legacy, print_parts, rows_note, to_plain
from .syntax import read, tree_mathml

__all__ = ["to_rich", "to_latex", "to_html", "to_markdown", "to_json", "from_json", "latex_escape", "LONG_DIGITS"]

# -- LaTeX escaping of text -------------------------------------------------------------------------

_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{",
    "}": r"\}", "~": r"\textasciitilde{}", "^": r"\^{}", "<": r"\textless{}", ">": r"\textgreater{}",
}
_LATEX_MATH = {
    "∞": r"\infty", "ε": r"\varepsilon", "·": r"\cdot", "±": r"\pm", "≤": r"\le", "≥": r"\ge",
    "≈": r"\approx", "×": r"\times", "√": r"\surd", "∑": r"\sum", "∏": r"\prod", "→": r"\to",
    "←": r"\leftarrow", "⇒": r"\Rightarrow", "≠": r"\ne", "∈": r"\in", "∉": r"\notin", "⊂": r"\subset",
    "∪": r"\cup", "∩": r"\cap", "∼": r"\sim", "≡": r"\equiv", "∂": r"\partial", "∇": r"\nabla",
    "⌊": r"\lfloor", "⌋": r"\rfloor", "⌈": r"\lceil", "⌉": r"\rceil", "−": "-", "′": "'",
    "∀": r"\forall", "∃": r"\exists", "∅": r"\emptyset", "⊆": r"\subseteq", "≪": r"\ll", "≫": r"\gg",
    "½": r"\frac12", "²": "^2", "³": "^3", "⁻": "^-", "¹": "^1", "ℓ": r"\ell", "∘": r"\circ", "∫": r"\int",
    "μ": r"\mu", "η": r"\eta", "δ": r"\delta", "≃": r"\simeq",
}
_LATEX_TEXT = {"–": "--", "—": "---", "‘": "`", "’": "'", "“": "``", "”": "''", "…": r"\ldots{}",
               "°": r"\textdegree{}", "§": r"\S{}", "\u00a0": "~"}
_GREEK_LATIN = {"Alpha": "A", "Beta": "B", "Epsilon": "E", "Zeta": "Z", "Eta": "H", "Iota": "I", "Kappa": "K",
                "Mu": "M", "Nu": "N", "Rho": "P", "Tau": "T", "Chi": "X", "O": "O"}


def _greek_name(ch: str) -> str | None:
    """``alpha`` for α, ``Phi`` for Φ; None for a character that is not a Greek letter."""
    name = unicodedata.name(ch, "")
    if not (name.startswith("GREEK ") and " LETTER " in name):
        return None
    letter = name.split(" LETTER ", 1)[1].split()[0].lower()
    letter = {"lamda": "lambda", "omicron": "o"}.get(letter, letter)
    return letter.capitalize() if "CAPITAL" in name else letter


def _latex_char(ch: str) -> str:
    if ch in _LATEX_SPECIAL:
        return _LATEX_SPECIAL[ch]
    if ord(ch) < 128:
        return ch
    if ch in _LATEX_TEXT:
        return _LATEX_TEXT[ch]
    if ch in _LATEX_MATH:
        return "$" + _LATEX_MATH[ch] + "$"
    g = _greek_name(ch)
    if g is not None:
        if g in _GREEK_LATIN or g == "o":
            return _GREEK_LATIN.get(g, "o")
        return "$\\" + g + "$"
    base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
    if base:
        return "".join(_latex_char(b) for b in base)
    return r"\textsf{" + unicodedata.name(ch, "character %04X" % ord(ch)).lower() + "}"


def latex_escape(s: str) -> str:
    """Escape text for LaTeX: special characters, and every non-ASCII character mapped to a
    LaTeX command (Greek letters and common math symbols in math mode), so that pdflatex
    never meets a character it cannot set; ``--`` stays two hyphens (an option, ``--slow``), never an en dash."""
    return re.sub(r"-(?=-)", "-{}", "".join(_latex_char(ch) for ch in str(s)))


def to_rich(c):
    """A :class:`rich.text.Text` for the terminal: the plain rendering, references in cyan, values in bold."""
    from rich.text import Text as RichText

    t = RichText()
    for text, style in print_parts(c, _RICH, set_apart=False):
        t.append(text, style=style)
    return t


#: the terminal's printers: (plain text, rich style) of each part
_RICH = {Text: lambda p: (p.text, None), Math: lambda p: (p.plain, "italic"), Value: lambda p: (to_plain(p), "bold"),
         Ref: lambda p: (p.text, "cyan" if p.typewriter else ""), Table: lambda p: (to_plain(p), None)}


APPROX = r"\approx"
#: Digit runs longer than this are handed to the printer's ``long`` callback (the report shows them as
#: leading digits and a count, whole in its appendix).
LONG_DIGITS = 30
_LONG_RUN = re.compile(r"\d{%d,}" % (LONG_DIGITS + 1))


def _cut_long(text: str, plain: Callable[[str], str], long: Callable[[str], str] | None) -> str:
    """``text`` printed by ``plain``, its digit runs longer than :data:`LONG_DIGITS` by ``long`` (when given)."""
    if long is None:
        return plain(text)
    out, pos = [], 0
    for m in _LONG_RUN.finditer(text):
        out += [plain(text[pos:m.start()]), long(m.group())]
        pos = m.end()
    return "".join(out) + plain(text[pos:])


def _latex_value(v: Value, long: Callable[[str], str] | None) -> str:
    r"""A value in LaTeX text mode: ``\(\frac{3}{4} = 0.75\)``; a fraction with a run of digits too long for a
    line (when ``long`` is given) as ``long(numerator)/long(denominator)`` beside its decimals."""
    from ..numbers import latex_rational

    dec, rel = v.approximation()
    name = v.name + " = " if v.name else ""
    rel_tex = "=" if rel == "=" else APPROX
    if long is not None and _LONG_RUN.search(v.exact):
        exact = "/".join(_cut_long(x, latex_escape, long) for x in v.exact.split("/"))
        return (rf"\({name}\)" if name else "") + exact + rf"\( {rel_tex} {dec}\)"
    exact = latex_rational(v.value)
    if dec == v.exact:
        return rf"\({name}{exact}\)"
    return rf"\({name}{exact} {rel_tex} {dec}\)"


def to_latex(c, ref: Callable[[Ref], str] | None = None, long: Callable[[str], str] | None = None) -> str:
    """LaTeX (text mode): mathematics in ``\\( \\)`` (sympy's ``latex`` for expressions, the subset as written),
    values as fractions with their decimals, claim ids in ``\\texttt``, ``(18)`` as text, tables as
    ``tabular``.  ``ref`` may print a reference (the report links claim ids to their sections); ``long``
    prints a digit run longer than :data:`LONG_DIGITS` in text and values (the report: leading digits and a link)."""
    return "".join(print_parts(c, {
        Text: lambda p: _cut_long(p.text, latex_escape, long),
        Math: lambda p: rf"\[{p.latex}\]" if p.display else rf"\({p.latex}\)",
        Value: lambda p: _latex_value(p, long),
        Ref: lambda p: ref(p) if ref else _latex_ref(p),
        Table: lambda p: _table_latex(p, ref, long)}))


def _latex_ref(p: Ref) -> str:
    if p.typewriter:
        return r"\texttt{" + latex_escape(p.text).replace(".", r".\allowbreak{}") + "}"
    return latex_escape(p.text)


#: Characters of footnote-size text across the text width of the report (4.3 pt a character, 2 cm margins)
#: and the characters a column's padding takes.
_LINE_CHARS, _PAD_CHARS = 108, 2


def _latex_columns(t: Table, rows) -> str:
    """The column specification of a witness table: right-aligned columns when the widest cells fit across the
    line, else paragraph columns sharing the line in proportion to their widest cells (so that a long cell wraps
    instead of running into the margin)."""
    cells = [list(t.columns)] + [list(r) for r in rows if r is not None]
    body = [max([1] + [len(to_plain(r[k])) for r in cells[1:]]) for k in range(len(t.columns))]
    heads = [len(to_plain(c)) for c in t.columns]
    if sum(max(b, h) for b, h in zip(body, heads, strict=True)) + _PAD_CHARS * len(body) <= _LINE_CHARS:
        return "r" * len(body)
    # paragraph columns: a heading may wrap between its words, so its longest word is what it needs
    widths = [max([b] + [len(w) for w in to_plain(c).split()]) for b, c in zip(body, t.columns, strict=True)]
    capped = [min(max(w, 4), 40) for w in widths]
    room = 0.95 - 0.02 * len(widths)  # of the line width, after the padding of the columns
    return "".join(rf">{{\raggedright\arraybackslash}}p{{{room * w / sum(capped):.3f}\linewidth}}" for w in capped)


def _table_latex(t: Table, ref, long) -> str:
    rows, left = t.shown()
    lead = ""
    if t.brief is not None and left:
        lead = to_latex(t.brief, ref, long) + " "
    elif t.caption is not None:
        lead = to_latex(t.caption, ref, long) + " "
    n = len(t.columns)
    body = [r"\begin{tabular}{" + _latex_columns(t, rows) + "}", r"\toprule",
            " & ".join(to_latex(c, ref, long) for c in t.columns) + r" \\", r"\midrule"]
    for r in rows:
        body.append((" & ".join(to_latex(x, ref, long) for x in r) if r is not None
                     else rf"\multicolumn{{{n}}}{{c}}{{\emph{{{latex_escape(rows_note(left))}}}}}") + r" \\")
    body += [r"\bottomrule", r"\end{tabular}"]
    return lead + r"\par{\centering\footnotesize " + "\n".join(body) + r"\par}"


def to_html(c, ref: Callable[[Ref], str] | None = None, long: Callable[[str], str] | None = None) -> str:
    """HTML: mathematics as presentation MathML (sympy's printer for expressions), values as MathML fractions with
    their decimals, claim ids in ``<code>``, tables as ``<table>``."""
    return "".join(print_parts(c, {
        Text: lambda p: _cut_long(p.text, lambda t: _html.escape(t, quote=False), long),
        Math: lambda p: ('<math display="block">' if p.display else "<math>") + _eq_entity(p.mathml) + "</math>",
        Value: lambda p: _html_value(p, long),
        Ref: lambda p: ref(p) if ref else _html_ref(p),
        Table: lambda p: _table_html(p, ref, long)}))


def _eq_entity(mathml: str) -> str:
    """``<mo>=</mo>`` written ``<mo>&#61;</mo>``: the same character, and the page's source never shows ``>=``, which a
    search for ASCII relations leaking from code (``>=`` for ``≥``) would find."""
    return mathml.replace("<mo>=</mo>", "<mo>&#61;</mo>")


def _html_value(v: Value, long: Callable[[str], str] | None = None) -> str:
    dec, rel = v.approximation()
    if long is not None and _LONG_RUN.search(v.exact):
        exact = "/".join(_cut_long(x, _html.escape, long) for x in v.exact.split("/"))
        return _eq_entity(f"{exact} <math><mo>{rel}</mo><mn>{_html.escape(dec)}</mn></math>")
    name = tree_mathml(read(v.name)) + "<mo>&#61;</mo>" if v.name else ""
    q = v.value
    if q.denominator == 1:
        exact = f"<mn>{'−' if q < 0 else ''}{abs(q.numerator)}</mn>"
    else:
        sign = "<mo>−</mo>" if q < 0 else ""
        exact = f"{sign}<mfrac><mn>{abs(q.numerator)}</mn><mn>{q.denominator}</mn></mfrac>"
    tail = "" if dec == v.exact else f"<mo>{rel}</mo><mn>{_html.escape(dec)}</mn>"
    return _eq_entity(f"<math><mrow>{name}{exact}{tail}</mrow></math>")


def _html_ref(p: Ref) -> str:
    return f'<code class="id">{_html.escape(p.text)}</code>' if p.typewriter else _html.escape(p.text)


def _table_html(t: Table, ref, long=None) -> str:
    rows, left = t.shown()
    lead = ""
    if t.brief is not None and left:
        lead = to_html(t.brief, ref, long)
    cap = f"<caption>{to_html(t.caption, ref, long)}</caption>" if t.caption is not None else ""
    head = "".join(f"<th>{to_html(c, ref, long)}</th>" for c in t.columns)
    body = "".join("<tr>" + "".join(f"<td>{to_html(x, ref, long)}</td>" for x in r) + "</tr>" if r is not None else
                   f'<tr><td colspan="{len(t.columns)}"><em>{rows_note(left)}</em></td></tr>' for r in rows)
    return f'{lead}<table class="witness">{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def to_markdown(c) -> str:
    """Markdown (one table cell or line): mathematics as ``$latex$``, values as ``3/4 = 0.75``, claim ids in
    backticks; a table is summarised in words (its brief, or its size), since a cell cannot hold one."""
    return " ".join("".join(print_parts(c, _MARKDOWN, set_apart=False)).split())


def _table_markdown(t: Table) -> str:
    words = t.brief if t.brief is not None else t.caption
    return to_markdown(words) if words is not None else f"a table of {len(t.rows)} row{'s' * (len(t.rows) != 1)}"


_MARKDOWN = {Text: lambda p: p.text.replace("|", "\\|"), Math: lambda p: f"${p.latex}$".replace("|", r"\vert "),
             Value: to_plain, Ref: lambda p: f"`{p.text}`" if p.typewriter else p.text, Table: _table_markdown}


def to_json(c) -> list[dict]:
    """The parts as JSON (schema version 3, exactcube/schema/verdicts.json): ``text``; ``math`` with ``latex``,
    ``mathml`` and ``text``; ``value`` with ``exact`` (``"p/q"``), ``digits``, ``decimal``, ``name``; ``table``
    with ``columns``, ``rows`` (every row), ``caption``, ``brief``; ``ref`` with ``kind``, ``target``, ``label``.
    Every part also carries ``text``, its plain rendering."""
    return print_parts(c, _JSON, set_apart=False)


def _value_json(p: Value) -> dict:
    dec, exact = p.decimal()
    return {"type": "value", "exact": p.exact, "digits": p.digits, "decimal": dec, "decimal_is_exact": exact,
            "name": p.name, "text": to_plain(p)}


def _table_json(p: Table) -> dict:
    return {"type": "table", "columns": [to_json(x) for x in p.columns], "rows": [[to_json(x) for x in r] for r in p.rows],
            "caption": to_json(p.caption) if p.caption is not None else None,
            "brief": to_json(p.brief) if p.brief is not None else None, "text": to_plain(p)}


_JSON = {Text: lambda p: {"type": "text", "text": p.text},
         Math: lambda p: {"type": "math", "latex": p.latex, "mathml": p.mathml, "text": p.plain,
                          **({"display": True} if p.display else {})},
         Value: _value_json,
         Ref: lambda p: {"type": "ref", "kind": p.kind, "target": p.target, "label": p.label, "text": p.text},
         Table: _table_json}


def from_json(parts) -> Content:
    """The content :func:`to_json` wrote (``report --from``): mathematics keeps its stored renderings, so
    nothing is recomputed; ValueError for a part of unknown type."""
    if parts is None:
        return Content()
    if isinstance(parts, str):  # a version-2 string
        return legacy(parts)
    out = []
    for d in parts:
        t = d.get("type")
        if t == "text":
            out.append(Text(d["text"]))
        elif t == "math":
            out.append(Math("", display=bool(d.get("display")), _rendered=(d["latex"], d["mathml"], d["text"])))
        elif t == "value":
            out.append(Value(d["exact"], int(d.get("digits", 6)), d.get("name", "")))
        elif t == "ref":
            out.append(Ref(d["kind"], d["target"], d.get("label", "")))
        elif t == "table":
            out.append(Table(tuple(from_json(x) for x in d["columns"]),
                             tuple(tuple(from_json(x) for x in r) for r in d["rows"]),
                             from_json(d["caption"]) if d.get("caption") is not None else None,
                             from_json(d["brief"]) if d.get("brief") is not None else None))
        else:
            raise ValueError(f"unknown content part {t!r}")
    return Content(tuple(out))
