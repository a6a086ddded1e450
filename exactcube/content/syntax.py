r"""The delimited syntax of verdict content: a small LaTeX subset read into a tree, and a formula's one-line and
MathML renderings (of that tree, and of a sympy expression).

:func:`read` parses the mathematics between ``$...$`` (the subset is listed in :mod:`exactcube.content`);
an unknown command raises :class:`MathSyntaxError`, never guessed.  :func:`tree_plain` and
:func:`tree_mathml` print the tree as one line of text (``x^2``, ``√x``, ``≤``) and as presentation MathML;
:func:`sympy_plain` and :func:`sympy_mathml` do the same for a sympy expression.  The parts of
:mod:`exactcube.content.model` (``Math``) print their formulas through these.
"""

from __future__ import annotations

import html as _html
import re
from dataclasses import dataclass

__all__ = ["MathSyntaxError", "Node", "read", "tree_plain", "tree_mathml", "sympy_plain", "sympy_mathml"]

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
class Node:
    """A node of a formula's tree: its kind, its text (a symbol, number, operator), its children."""

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

    def row(self, stop=None) -> Node:
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
        return Node("row", kids=tuple(items))

    def arg(self) -> Node:
        t = self.take()
        if t == "{":
            return self.row("}")
        self.i -= 1
        return self.atom()

    def delim(self) -> Node:
        t = self.take()
        if t not in _DELIMS:
            self.fail(f"{t!r} is not a delimiter")
        if t == ".":
            return Node("row")
        return Node("mo", _OPS.get(t.lstrip("\\"), t))

    def atom(self) -> Node:
        t = self.take()
        if t == "{":
            return self.row("}")
        if t[0].isdigit() or t[0] == ".":
            return Node("mn", t) if t != "." else Node("mo", ".")
        if len(t) == 1 and t.isalpha():
            return Node("mi", t)
        if t in _CHARS:
            return Node("mo", {"-": "−"}.get(t, t))
        if not t.startswith("\\"):
            self.fail(f"character {t!r} is outside the subset")
        name = t[1:]
        if name in _GREEK_UNI:
            return Node("mi", _GREEK_UNI[name])
        if name in _OPS:
            return Node("mo", _OPS[name])
        if name in _SPACES:
            return Node("space", _SPACES[name])
        if name in ("$", "%"):
            return Node("mo", name)
        if name in _NAMED_FUNCS:
            return Node("mi", name, ("fn",))
        if name in ("frac", "dfrac", "tfrac"):
            return Node("frac", kids=(self.arg(), self.arg()))
        if name == "binom":
            return Node("binom", kids=(self.arg(), self.arg()))
        if name == "sqrt":
            if self.peek() == "[":
                self.i += 1
                index = self.row("]")
                return Node("root", kids=(self.arg(), index))
            return Node("sqrt", kids=(self.arg(),))
        if name in _ACCENTS:
            return Node("accent", _ACCENTS[name], (self.arg(),))
        arg = ""
        if "{" in name:  # \text{...}, \operatorname{...}, \mathbb{...}: one token with its argument
            name, _, arg = name.partition("{")
            name, arg = name.strip(), re.sub(r"\s+", " ", arg[:-1])
        if name in ("text", "textrm", "mbox", "operatorname", "mathrm", "mathbb") and not arg:
            self.fail(rf"\{name} needs a braced argument")
        if name in ("text", "textrm", "mbox"):
            return Node("mtext", arg)
        if name in ("operatorname", "mathrm"):
            return Node("mi", arg, ("fn",))
        if name == "mathbb":
            letter = arg
            if letter not in _BB:
                self.fail(rf"\mathbb{{{letter}}} is outside the subset (R, N, Z, Q, C)")
            return Node("mi", _BB[letter])
        if name == "left":
            opener = self.delim()
            inner = self.row(r"\right")
            return Node("row", kids=(opener,) + inner.kids)
        self.fail(f"unknown command {t}")

    def scripts(self, base: Node) -> Node:
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
            return Node("subsup", kids=(base, sub, sup))
        if sup is not None:
            return Node("sup", kids=(base, sup))
        if sub is not None:
            return Node("sub", kids=(base, sub))
        return base


def read(src: str) -> Node:
    """The tree of ``src`` (the mathematics between the dollars); MathSyntaxError outside the subset."""
    r = _Reader(src)
    node = r.row()
    if r.i != len(r.toks):
        r.fail("unbalanced braces")
    return node


def _flat(n: Node) -> list[Node]:
    return [k for c in n.kids for k in _flat(c)] if n.kind == "row" else [n]


_BLOCKS = ("sup", "sub", "subsup", "frac", "sqrt", "root", "binom")


def tree_plain(n: Node) -> str:
    """A formula's tree as one line of text: ``x^2``, ``√x``, ``a/b``, ``≤`` spaced."""
    k = n.kind
    if k == "row":
        out = []
        for i, c in enumerate(n.kids):
            s = tree_plain(c)
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
        return tree_plain(n.kids[0]) + "^" + _wrap(n.kids[1])
    if k == "sub":
        return tree_plain(n.kids[0]) + "_" + _wrap(n.kids[1])
    if k == "subsup":
        return tree_plain(n.kids[0]) + "_" + _wrap(n.kids[1]) + "^" + _wrap(n.kids[2])
    if k == "frac":
        return _wrap(n.kids[0]) + "/" + _wrap(n.kids[1])
    if k == "sqrt":
        inner = _flat(n.kids[0])
        bare = len(inner) == 1 and inner[0].kind in ("mi", "mn")
        return "√" + (tree_plain(n.kids[0]) if bare else f"({tree_plain(n.kids[0])})")
    if k == "root":
        return _wrap(n.kids[1]) + "√" + _wrap(n.kids[0])
    if k == "binom":
        return f"C({tree_plain(n.kids[0])}, {tree_plain(n.kids[1])})"
    if k == "accent":
        inner = tree_plain(n.kids[0])
        return inner + n.text if len(inner) == 1 else f"({inner}){n.text}"
    raise AssertionError(k)


def _wrap(n: Node) -> str:
    """A script, numerator or radicand in plain text: bare when it is one symbol or number."""
    s = tree_plain(n)
    return s if len(_flat(n)) <= 1 else f"({s})"


def tree_mathml(n: Node) -> str:
    """A formula's tree as presentation MathML, without the ``<math>`` element."""
    k = n.kind
    e = _html.escape
    if k == "row":
        return "<mrow>" + "".join(tree_mathml(c) for c in n.kids) + "</mrow>"
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
        return f"<{tags[k]}>" + "".join(tree_mathml(c) for c in n.kids) + f"</{tags[k]}>"
    if k == "root":
        return "<mroot>" + tree_mathml(n.kids[0]) + tree_mathml(n.kids[1]) + "</mroot>"
    if k == "binom":
        return ('<mrow><mo>(</mo><mfrac linethickness="0">' + tree_mathml(n.kids[0]) + tree_mathml(n.kids[1])
                + "</mfrac><mo>)</mo></mrow>")
    if k == "accent":
        mark = {"\u0304": "¯", "\u0302": "^", "\u0303": "~", "\u0305": "¯"}[n.text]
        return f'<mover accent="true">{tree_mathml(n.kids[0])}<mo>{mark}</mo></mover>'
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


def sympy_plain(expr) -> str:
    """A sympy expression as one line of text, in mathematical notation (never ``**`` or ``sqrt(``)."""
    global _PLAIN
    if _PLAIN is None:
        _PLAIN = _plain_printer()
    return _PLAIN.doprint(expr).replace("*", "·").replace("-", "−")


def sympy_mathml(expr) -> str:
    """A sympy expression as presentation MathML (sympy's printer)."""
    from sympy.printing.mathml import mathml

    return mathml(expr, printer="presentation")
