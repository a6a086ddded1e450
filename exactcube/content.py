r"""What a verdict says, as data: a sequence of typed parts, printed by one printer per format.

A verdict's details, its witness and an erratum's note are :class:`Content`: a tuple of parts.

* :class:`Text`: prose.  Prose holds no mathematics: no ``<=``, ``**``, ``sqrt(``, no Python
  repr (``{'``, ``['``); :func:`say` refuses them (:data:`PROSE_FORBIDDEN`).
* :class:`Math`: mathematics, either a sympy expression (printed by sympy's own printers:
  ``latex``, presentation MathML, and a one-line plain printer) or a string in the one delimited
  syntax below.
* :class:`Value`: an exact value (int or rational) shown with its decimals: ``3/4 = 0.75``,
  ``1/3 ≈ 0.333333``.
* :class:`Table`: a small witness table (column names and rows of cells); a long one is shown
  as its first and last rows with a sentence (``brief``) the way a paper would, and whole in JSON.
* :class:`Ref`: a typed reference: a claim id (typewriter type), an equation ``(18)`` (text, never
  a fraction), a table or figure id, a reading id, or a place in the document (``Theorem 2``).

The delimited syntax.  Inside text given to :func:`say` (or to a verdict as ``str``), mathematics
stands between dollar signs, ``$p = 3/4$``; ``\$`` is a literal dollar.  Between the dollars one
small LaTeX subset is accepted and checked when the content is built (an unknown command is an
error, never guessed):

* letters (each letter one variable, as in TeX), numbers (``0.0161``), and the characters
  ``+ - = < > ( ) [ ] , ; : / | ! '``;
* ``^`` and ``_`` followed by one character or a ``{group}``;
* Greek letters by name (``\alpha`` ... ``\omega``, ``\varepsilon``, ``\Gamma`` ...);
* relations and operators: ``\le \ge \ne \approx \sim \simeq \equiv \to \mapsto \in \notin
  \subset \cdot \times \pm \ll \gg \infty \partial \ldots \cdots \mid \Rightarrow \iff``;
* big operators and functions: ``\sum \prod \int \lim \max \min \sup \inf \log \ln \exp
  \sin \cos \Pr``; ``\operatorname{name}``;
* ``\frac{a}{b}`` (``\dfrac``, ``\tfrac``), ``\sqrt{x}``, ``\sqrt[n]{x}``, ``\binom{n}{k}``,
  ``\bar{x}``, ``\hat{x}``, ``\tilde{x}``, ``\text{words}``, ``\mathrm{d}``, ``\mathbb{R}``;
* ``\left( ... \right)`` with ``( ) [ ] | . \{ \}``, ``\lfloor \rfloor \lceil \rceil``, spaces
  ``\, \; \quad``.

Constructors (the API a claim uses)::

    from exactcube.content import say, math, value, table, claim_ref, eq, reading, place

    say("the series cut at", math(sp.Symbol("N")), "gives", value(mpq(3, 4)), "against",
        eq(18), "; see", claim_ref("ks69.sec5.alpha_aa"), ".")
    say("$P(M) \\le 1/2$ for every $M \\ge 2$")

:func:`say` joins its pieces with one space (none before ``.,;:)`` or after ``(``); strings are
read for ``$...$``; sympy expressions become :class:`Math`, ints and rationals :class:`Value`.

Printers (one per format, all here): :func:`to_plain` (pipes, ``verify --details``),
:func:`to_rich` (the terminal), :func:`to_latex`, :func:`to_html` (MathML), :func:`to_markdown`,
and :func:`to_json` / :func:`from_json` (schema version 3, exactcube/schema/verdicts.json).
"""

from __future__ import annotations

import html as _html
import re
import unicodedata
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable

__all__ = [
    "Content", "Text", "Math", "Value", "Table", "Ref", "Part",
    "say", "math", "formula", "value", "decimal", "table", "claim_ref", "eq", "table_ref", "figure_ref", "reading", "place",
    "as_content", "legacy", "PROSE_FORBIDDEN",
    "to_plain", "to_rich", "to_latex", "to_html", "to_markdown", "to_json", "from_json",
    "latex_escape", "TABLE_ROWS_SHOWN", "LONG_DIGITS", "MathSyntaxError",
]

#: What prose (a :class:`Text` built by :func:`say`) must not hold: mathematics written as code,
#: and Python reprs.  Write mathematics as ``$...$`` or a sympy expression instead.
PROSE_FORBIDDEN = ("^", "**", "<=", ">=", "!=", ">>", "sqrt(", "{'", "['", "Derivative(", "mpq(")

#: A table with more rows than this is shown in prose formats as its first and last rows.
TABLE_ROWS_SHOWN = 8
_HEAD, _TAIL = 5, 2


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



# -- the delimited syntax: a small LaTeX subset, read into a tree --------------------------------------

_GREEK = ["alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "vartheta", "iota",
          "kappa", "lambda", "mu", "nu", "xi", "pi", "rho", "sigma", "tau", "upsilon", "phi", "varphi", "chi", "psi",
          "omega", "Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma", "Phi", "Psi", "Omega"]
_GREEK_UNI = dict(zip(_GREEK, "αβγδϵεζηθϑικλμνξπρστυϕφχψωΓΔΘΛΞΠΣΦΨΩ", strict=True))
#: operator and relation commands: plain text, and whether the plain printer spaces them
_OPS = {"le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠", "neq": "≠", "approx": "≈", "sim": "∼",
        "simeq": "≃", "equiv": "≡", "to": "→", "mapsto": "↦", "in": "∈", "notin": "∉", "subset": "⊂",
        "cdot": "·", "times": "×", "pm": "±", "ll": "≪", "gg": "≫", "mid": "|", "Rightarrow": "⇒",
        "iff": "⇔", "lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈", "rceil": "⌉", "{": "{", "}": "}",
        "sum": "∑", "prod": "∏", "int": "∫", "partial": "∂", "ldots": "…", "cdots": "⋯", "infty": "∞",
        "|": "‖"}
_SPACED = {"≤", "≥", "≠", "≈", "∼", "≃", "≡", "→", "↦", "∈", "∉", "⊂", "≪", "≫", "⇒", "⇔", "=", "<", ">", "×",
           "±", "|"}
_NAMED_FUNCS = {"log", "ln", "exp", "sin", "cos", "tan", "lim", "max", "min", "sup", "inf", "Pr", "det", "gcd"}
_SPACES = {",": " ", ";": " ", ":": " ", "quad": "  ", "qquad": "   ", "!": "", " ": " "}
_ACCENTS = {"bar": "\u0304", "hat": "\u0302", "tilde": "\u0303", "overline": "\u0305"}
_BB = {"R": "ℝ", "N": "ℕ", "Z": "ℤ", "Q": "ℚ", "C": "ℂ"}
_DELIMS = set("()[]|.") | {r"\{", r"\}", r"\lfloor", r"\rfloor", r"\lceil", r"\rceil", r"\|"}
_CHARS = set("+-=<>()[],;:/|!'*")
_TOK = re.compile(r"\s*(\\(?:text|textrm|mbox|operatorname|mathrm|mathbb)\s*\{[^{}]*\}|\\[A-Za-z]+|\\[,;:! {}|$%]"
                  r"|\d+(?:\.\d+)?|\.\d+|[A-Za-z]|[{}^_]|.)", re.S)


class MathSyntaxError(ValueError):
    """Text between ``$...$`` outside the documented subset (docs/design.md, "Verdict content")."""


@dataclass(frozen=True)
class _Node:
    kind: str  # mi, mn, mo, mtext, space, row, sup, sub, subsup, frac, sqrt, root, binom, accent
    text: str = ""
    kids: tuple = ()


def _tokens(src: str) -> list[str]:
    out, pos = [], 0
    while pos < len(src):
        m = _TOK.match(src, pos)
        if not m:
            break
        out.append(m.group(1))
        pos = m.end()
    return [t for t in out if t.strip() or t == "\\ "]


class _Reader:
    """Recursive descent over the tokens of the subset."""

    def __init__(self, src: str):
        self.src = src
        self.toks = _tokens(src)
        self.i = 0

    def fail(self, why: str):
        raise MathSyntaxError(f"${self.src}$: {why} (the accepted subset is in docs/design.md, 'Verdict content')")

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self):
        t = self.peek()
        if t is None:
            self.fail("ends too early")
        self.i += 1
        return t

    def row(self, stop=None) -> _Node:
        items = []
        while True:
            t = self.peek()
            if t is None:
                if stop is not None:
                    self.fail(f"missing {stop!r}")
                break
            if t == stop or (stop == "}" and t == "}"):
                self.i += 1
                break
            if t == r"\right":
                if stop != r"\right":
                    self.fail(r"\right without \left")
                self.i += 1
                items.append(self.delim())
                break
            if t == "}":
                self.fail("unbalanced '}'")
            items.append(self.scripts(self.atom()))
        return _Node("row", kids=tuple(items))

    def arg(self) -> _Node:
        t = self.take()
        if t == "{":
            return self.row("}")
        self.i -= 1
        return self.atom()

    def delim(self) -> _Node:
        t = self.take()
        if t not in _DELIMS:
            self.fail(f"{t!r} is not a delimiter")
        if t == ".":
            return _Node("row")
        return _Node("mo", _OPS.get(t.lstrip("\\"), t))

    def atom(self) -> _Node:
        t = self.take()
        if t == "{":
            return self.row("}")
        if t[0].isdigit() or t[0] == ".":
            return _Node("mn", t) if t != "." else _Node("mo", ".")
        if len(t) == 1 and t.isalpha():
            return _Node("mi", t)
        if t in _CHARS:
            return _Node("mo", {"-": "−"}.get(t, t))
        if not t.startswith("\\"):
            self.fail(f"character {t!r} is outside the subset")
        name = t[1:]
        if name in _GREEK_UNI:
            return _Node("mi", _GREEK_UNI[name])
        if name in _OPS:
            return _Node("mo", _OPS[name])
        if name in _SPACES:
            return _Node("space", _SPACES[name])
        if name in ("$", "%"):
            return _Node("mo", name)
        if name in _NAMED_FUNCS:
            return _Node("mi", name, ("fn",))
        if name in ("frac", "dfrac", "tfrac"):
            return _Node("frac", kids=(self.arg(), self.arg()))
        if name == "binom":
            return _Node("binom", kids=(self.arg(), self.arg()))
        if name == "sqrt":
            if self.peek() == "[":
                self.i += 1
                index = self.row("]")
                return _Node("root", kids=(self.arg(), index))
            return _Node("sqrt", kids=(self.arg(),))
        if name in _ACCENTS:
            return _Node("accent", _ACCENTS[name], (self.arg(),))
        arg = ""
        if "{" in name:  # \text{...}, \operatorname{...}, \mathbb{...}: one token with its argument
            name, _, arg = name.partition("{")
            name, arg = name.strip(), re.sub(r"\s+", " ", arg[:-1])
        if name in ("text", "textrm", "mbox", "operatorname", "mathrm", "mathbb") and not arg:
            self.fail(rf"\{name} needs a braced argument")
        if name in ("text", "textrm", "mbox"):
            return _Node("mtext", arg)
        if name in ("operatorname", "mathrm"):
            return _Node("mi", arg, ("fn",))
        if name == "mathbb":
            letter = arg
            if letter not in _BB:
                self.fail(rf"\mathbb{{{letter}}} is outside the subset (R, N, Z, Q, C)")
            return _Node("mi", _BB[letter])
        if name == "left":
            opener = self.delim()
            inner = self.row(r"\right")
            return _Node("row", kids=(opener,) + inner.kids)
        self.fail(f"unknown command {t}")

    def scripts(self, base: _Node) -> _Node:
        sub = sup = None
        while self.peek() in ("^", "_"):
            which = self.take()
            a = self.arg()
            if which == "^":
                if sup is not None:
                    self.fail("double superscript")
                sup = a
            else:
                if sub is not None:
                    self.fail("double subscript")
                sub = a
        if sub is not None and sup is not None:
            return _Node("subsup", kids=(base, sub, sup))
        if sup is not None:
            return _Node("sup", kids=(base, sup))
        if sub is not None:
            return _Node("sub", kids=(base, sub))
        return base


def _read(src: str) -> _Node:
    r = _Reader(src)
    node = r.row()
    if r.i != len(r.toks):
        r.fail("unbalanced braces")
    return node


def _flat(n: _Node) -> list[_Node]:
    return [k for c in n.kids for k in _flat(c)] if n.kind == "row" else [n]


_BLOCKS = ("sup", "sub", "subsup", "frac", "sqrt", "root", "binom")


def _plain_node(n: _Node) -> str:
    k = n.kind
    if k == "row":
        out = []
        for i, c in enumerate(n.kids):
            s = _plain_node(c)
            if c.kind == "mo" and s in _SPACED:
                s = f" {s} "
            elif c.kind == "mo" and s in ("+", "−") and i > 0 and (n.kids[i - 1].kind != "mo"
                                                                 or n.kids[i - 1].text in ")]}|!'"):
                s = f" {s} "
            elif c.kind == "mo" and s == ",":
                s = ", "
            elif c.kind == "mi" and c.kids == ("fn",) and i + 1 < len(n.kids) and n.kids[i + 1].kind not in ("mo",):
                s += " "
            elif c.kind in _BLOCKS and i + 1 < len(n.kids) and n.kids[i + 1].kind not in ("mo", "space"):
                s += " "  # e^(-L) L^K, not e^(-L)L^K: a script's end is not glued to the next factor
            out.append(s)
        return re.sub(r" {2,}", " ", "".join(out)).strip() if len(n.kids) > 1 else "".join(out)
    if k in ("mi", "mn", "mo", "mtext", "space"):
        return n.text
    if k == "sup":
        return _plain_node(n.kids[0]) + "^" + _wrap(n.kids[1])
    if k == "sub":
        return _plain_node(n.kids[0]) + "_" + _wrap(n.kids[1])
    if k == "subsup":
        return _plain_node(n.kids[0]) + "_" + _wrap(n.kids[1]) + "^" + _wrap(n.kids[2])
    if k == "frac":
        return _wrap(n.kids[0]) + "/" + _wrap(n.kids[1])
    if k == "sqrt":
        inner = _flat(n.kids[0])
        bare = len(inner) == 1 and inner[0].kind in ("mi", "mn")
        return "√" + (_plain_node(n.kids[0]) if bare else f"({_plain_node(n.kids[0])})")
    if k == "root":
        return _wrap(n.kids[1]) + "√" + _wrap(n.kids[0])
    if k == "binom":
        return f"C({_plain_node(n.kids[0])}, {_plain_node(n.kids[1])})"
    if k == "accent":
        inner = _plain_node(n.kids[0])
        return inner + n.text if len(inner) == 1 else f"({inner}){n.text}"
    raise AssertionError(k)


def _wrap(n: _Node) -> str:
    """A script, numerator or radicand in plain text: bare when it is one symbol or number."""
    s = _plain_node(n)
    return s if len(_flat(n)) <= 1 else f"({s})"


def _mathml_node(n: _Node) -> str:
    k = n.kind
    e = _html.escape
    if k == "row":
        return "<mrow>" + "".join(_mathml_node(c) for c in n.kids) + "</mrow>"
    if k == "mi":
        if n.kids == ("fn",) or len(n.text) > 1:
            return f'<mi mathvariant="normal">{e(n.text)}</mi>' if len(n.text) == 1 else f"<mi>{e(n.text)}</mi>"
        return f"<mi>{e(n.text)}</mi>"
    if k == "mn":
        return f"<mn>{e(n.text)}</mn>"
    if k == "mo":
        stretch = ' stretchy="false"' if n.text in "()[]{}|" else ""
        return f"<mo{stretch}>{e(n.text)}</mo>"
    if k == "mtext":
        return f"<mtext>{e(n.text)}</mtext>"
    if k == "space":
        return f'<mspace width="{0.17 * max(1, len(n.text)):.2f}em"/>' if n.text else ""
    tags = {"sup": "msup", "sub": "msub", "subsup": "msubsup", "frac": "mfrac", "sqrt": "msqrt"}
    if k in tags:
        return f"<{tags[k]}>" + "".join(_mathml_node(c) for c in n.kids) + f"</{tags[k]}>"
    if k == "root":
        return "<mroot>" + _mathml_node(n.kids[0]) + _mathml_node(n.kids[1]) + "</mroot>"
    if k == "binom":
        return ('<mrow><mo>(</mo><mfrac linethickness="0">' + _mathml_node(n.kids[0]) + _mathml_node(n.kids[1])
                + "</mfrac><mo>)</mo></mrow>")
    if k == "accent":
        mark = {"\u0304": "¯", "\u0302": "^", "\u0303": "~", "\u0305": "¯"}[n.text]
        return f'<mover accent="true">{_mathml_node(n.kids[0])}<mo>{mark}</mo></mover>'
    raise AssertionError(k)


# -- sympy expressions: the plain one-line printer -----------------------------------------------------

def _plain_printer():
    from sympy import S
    from sympy.printing.precedence import precedence
    from sympy.printing.str import StrPrinter

    class PlainPrinter(StrPrinter):
        """sympy's str printer with mathematical notation: ``x^2``, ``√x``, ``≤``, ``π``, ``∞``, ``d/dM``;
        never ``**`` or ``sqrt(``."""

        def _print_Pow(self, expr, rational=False):
            b, ex = expr.base, expr.exp
            if ex is S.Half:
                return "√" + self._wrap(b)
            if ex == -S.Half:
                return "1/√" + self._wrap(b)
            if ex.is_Number and ex.is_negative:
                inv = self._print(b ** (-ex))
                return "1/" + (inv if _simple(inv) else f"({inv})")
            base = self.parenthesize(b, precedence(expr), strict=True)
            e = self._print(ex)
            return f"{base}^{e if _simple(e) else '(' + e + ')'}"

        def _wrap(self, x):
            s = self._print(x)
            return s if _simple(s) else f"({s})"

        def _print_Relational(self, expr):
            op = {"<=": "≤", ">=": "≥", "!=": "≠", "==": "=", "<": "<", ">": ">"}[expr.rel_op]
            return f"{self._print(expr.lhs)} {op} {self._print(expr.rhs)}"

        def _print_Derivative(self, expr):
            f = self._print(expr.expr)
            vs = "".join(f"d{self._print(v)}" + (f"^{n}" if n != 1 else "") for v, n in expr.variable_count)
            order = sum(n for _, n in expr.variable_count)
            d = "d" if order == 1 else f"d^{order}"
            return f"{d}/{vs} {f if _simple(f) or f.endswith(')') else '(' + f + ')'}"

        def _print_Integral(self, expr):
            f = self._print(expr.function)
            out = []
            for lim in expr.limits:
                v = self._print(lim[0])
                if len(lim) == 3:
                    out.append((f"∫_{self._wrap(lim[1])}^{self._wrap(lim[2])}", v))
                else:
                    out.append(("∫", v))
            return " ".join(a for a, _ in out) + f" {f} " + " ".join(f"d{v}" for _, v in reversed(out))

        def _print_Symbol(self, expr):
            name = expr.name
            base, sep, sub = name.partition("_")
            base = _GREEK_UNI.get(base, base)
            return base + (sep + sub if sep else "")

        _print_Dummy = _print_Symbol

        def _print_Infinity(self, expr):
            return "∞"

        def _print_NegativeInfinity(self, expr):
            return "−∞"

        def _print_Pi(self, expr):
            return "π"

        def _print_Exp1(self, expr):
            return "e"

        def _print_Abs(self, expr):
            return f"|{self._print(expr.args[0])}|"

        def _print_Rational(self, expr):
            return f"{expr.p}/{expr.q}" if expr.q != 1 else str(expr.p)

    return PlainPrinter()


def _simple(s: str) -> bool:
    return bool(re.fullmatch(r"−?[\w.]+|[\w.]+\([^()]*\)", s))


_PLAIN = None


def _sympy_plain(expr) -> str:
    global _PLAIN
    if _PLAIN is None:
        _PLAIN = _plain_printer()
    return _PLAIN.doprint(expr).replace("*", "·").replace("-", "−")


def _sympy_mathml(expr) -> str:
    from sympy.printing.mathml import mathml

    return mathml(expr, printer="presentation")


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
            _read(self.source)  # checked when built: an unknown command is an error here, not in the report

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
            return _sympy_mathml(self.expr)
        return _mathml_node(_read(self.source))

    @property
    def plain(self) -> str:
        if self._rendered:
            return self._rendered[2]
        if self.expr is not None:
            return _sympy_plain(self.expr)
        return _plain_node(_read(self.source))


def _as_mpq(x):
    from .numbers import to_mpq

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
            _read(self.name)

    @property
    def exact(self) -> str:
        q = self.value
        return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"

    def decimal(self) -> tuple[str, bool]:
        """(decimals, whether they are the value exactly).  Terminating decimals are given whole when they
        fit in ``digits`` places."""
        from .numbers import format_decimal, round_decimal

        q = self.value
        if q.denominator == 1:
            return str(q.numerator), True
        exact = round_decimal(q, self.digits) == q
        s = format_decimal(q, self.digits)
        if exact and "." in s:
            s = s.rstrip("0").rstrip(".")
        return s, exact

    def _parts(self):
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


# -- printers ------------------------------------------------------------------------------------------

def _rows_note(left: int) -> str:
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


def _each(c, printers: dict) -> str:
    """The parts of ``c`` printed one by one by the printer of their type, joined (one dispatch for every format)."""
    return "".join(printers[type(p)](p) for p in _after_tables(as_content(c).parts))


def to_plain(c) -> str:
    """Plain text (pipes, ``verify --details``): mathematics in one line (``x^2``, ``√x``, ``≤``), values as
    ``3/4 = 0.75``, references as their ids, tables as aligned columns."""
    out = []
    for p in _after_tables(as_content(c).parts):
        if isinstance(p, Text):
            out.append(p.text)
        elif isinstance(p, Math):
            out.append(p.plain)
        elif isinstance(p, Value):
            out.append(_value_plain(p))
        elif isinstance(p, Ref):
            out.append(p.text)
        elif isinstance(p, Table):
            out.append(_table_plain(p))
    return "".join(out)


def _value_plain(v: Value) -> str:
    dec, rel = v._parts()
    name = _plain_node(_read(v.name)) + " = " if v.name else ""
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
        lines.append("  " + ("  ".join(s.rjust(w) for s, w in zip(r, widths, strict=True)) if r else _rows_note(left)))
    return "\n" + "\n".join(lines) + "\n"


def to_rich(c):
    """A :class:`rich.text.Text` for the terminal: the plain rendering, references in cyan, values in bold."""
    from rich.text import Text as RichText

    t = RichText()
    for p in as_content(c).parts:
        if isinstance(p, Ref):
            t.append(p.text, style="cyan" if p.typewriter else "")
        elif isinstance(p, Value):
            t.append(_value_plain(p), style="bold")
        elif isinstance(p, Math):
            t.append(p.plain, style="italic")
        else:
            t.append(to_plain(Content((p,))))
    return t


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
    from .numbers import latex_rational

    dec, rel = v._parts()
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
    return _each(c, {
        Text: lambda p: _cut_long(p.text, latex_escape, long),
        Math: lambda p: rf"\[{p.latex}\]" if p.display else rf"\({p.latex}\)",
        Value: lambda p: _latex_value(p, long),
        Ref: lambda p: ref(p) if ref else _latex_ref(p),
        Table: lambda p: _table_latex(p, ref, long)})


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
                     else rf"\multicolumn{{{n}}}{{c}}{{\emph{{{latex_escape(_rows_note(left))}}}}}") + r" \\")
    body += [r"\bottomrule", r"\end{tabular}"]
    return lead + r"\par{\centering\footnotesize " + "\n".join(body) + r"\par}"


def to_html(c, ref: Callable[[Ref], str] | None = None, long: Callable[[str], str] | None = None) -> str:
    """HTML: mathematics as presentation MathML (sympy's printer for expressions), values as MathML fractions with
    their decimals, claim ids in ``<code>``, tables as ``<table>``."""
    return _each(c, {
        Text: lambda p: _cut_long(p.text, lambda t: _html.escape(t, quote=False), long),
        Math: lambda p: ('<math display="block">' if p.display else "<math>") + _eq_entity(p.mathml) + "</math>",
        Value: lambda p: _html_value(p, long),
        Ref: lambda p: ref(p) if ref else _html_ref(p),
        Table: lambda p: _table_html(p, ref, long)})


def _eq_entity(mathml: str) -> str:
    """``<mo>=</mo>`` written ``<mo>&#61;</mo>``: the same character, and the page's source never shows ``>=``, which a
    search for ASCII relations leaking from code (``>=`` for ``≥``) would find."""
    return mathml.replace("<mo>=</mo>", "<mo>&#61;</mo>")


def _html_value(v: Value, long: Callable[[str], str] | None = None) -> str:
    dec, rel = v._parts()
    if long is not None and _LONG_RUN.search(v.exact):
        exact = "/".join(_cut_long(x, _html.escape, long) for x in v.exact.split("/"))
        return _eq_entity(f"{exact} <math><mo>{rel}</mo><mn>{_html.escape(dec)}</mn></math>")
    name = _mathml_node(_read(v.name)) + "<mo>&#61;</mo>" if v.name else ""
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
                   f'<tr><td colspan="{len(t.columns)}"><em>{_rows_note(left)}</em></td></tr>' for r in rows)
    return f'{lead}<table class="witness">{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def to_markdown(c) -> str:
    """Markdown (one table cell or line): mathematics as ``$latex$``, values as ``3/4 = 0.75``, claim ids in
    backticks; a table is summarised in words (its brief, or its size), since a cell cannot hold one."""
    out = []
    for p in as_content(c).parts:
        if isinstance(p, Text):
            out.append(p.text.replace("|", "\\|"))
        elif isinstance(p, Math):
            out.append(f"${p.latex}$".replace("|", r"\vert "))
        elif isinstance(p, Value):
            out.append(_value_plain(p))
        elif isinstance(p, Ref):
            out.append(f"`{p.text}`" if p.typewriter else p.text)
        elif isinstance(p, Table):
            words = t_brief = p.brief if p.brief is not None else p.caption
            out.append(to_markdown(t_brief) if words is not None else
                       f"a table of {len(p.rows)} row{'s' * (len(p.rows) != 1)}")
    return " ".join("".join(out).split())


def to_json(c) -> list[dict]:
    """The parts as JSON (schema version 3, exactcube/schema/verdicts.json): ``text``; ``math`` with ``latex``,
    ``mathml`` and ``text``; ``value`` with ``exact`` (``"p/q"``), ``digits``, ``decimal``, ``name``; ``table``
    with ``columns``, ``rows`` (every row), ``caption``, ``brief``; ``ref`` with ``kind``, ``target``, ``label``.
    Every part also carries ``text``, its plain rendering."""
    out = []
    for p in as_content(c).parts:
        if isinstance(p, Text):
            out.append({"type": "text", "text": p.text})
        elif isinstance(p, Math):
            out.append({"type": "math", "latex": p.latex, "mathml": p.mathml, "text": p.plain,
                        **({"display": True} if p.display else {})})
        elif isinstance(p, Value):
            dec, exact = p.decimal()
            out.append({"type": "value", "exact": p.exact, "digits": p.digits, "decimal": dec,
                        "decimal_is_exact": exact, "name": p.name, "text": _value_plain(p)})
        elif isinstance(p, Ref):
            out.append({"type": "ref", "kind": p.kind, "target": p.target, "label": p.label, "text": p.text})
        elif isinstance(p, Table):
            out.append({"type": "table", "columns": [to_json(x) for x in p.columns],
                        "rows": [[to_json(x) for x in r] for r in p.rows],
                        "caption": to_json(p.caption) if p.caption is not None else None,
                        "brief": to_json(p.brief) if p.brief is not None else None, "text": _table_plain(p)})
    return out


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
