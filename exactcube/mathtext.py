r"""Mathematics inside prose, typeset: LaTeX for the PDF report, MathML for the HTML one.

Claims, verdict details and table labels are plain text written with ASCII
mathematics (``x^{2i}/i!^2``, ``e^{-L} L^K/K!``, ``sqrt(pi x)``, ``a, b -> oo``,
``ε_k = -ε_(k-1)/4``).  :func:`segments` finds the mathematical spans in such a
text; each span is read by a small recursive-descent parser (no ``eval``) into an
*unevaluated* sympy expression (``evaluate=False``, so ``2/4`` stays ``2/4``) and
printed by sympy's LaTeX printer or sympy's presentation-MathML printer
(:func:`latex_text`, :func:`html_text`).  A span the parser does not understand is
kept as text, escaped: never dropped, never cut.

Accepted in a span: numbers (``3``, ``0.0161``, ``1e-20``), names with subscripts
(``d_k``, ``I_0``, ``ε_(k-1)``), Greek letters (``α`` or ``alpha``), ``+ - * / · ^ !``,
implicit products (``2x``, ``pi x``), function calls (``f(x)``, ``log(a/b)``,
``sqrt(ab)``), ``log a``, ``√x``, ``oo``/``∞``, and between terms the relations
``= != < > <= >= -> ~ ≈``, separated by commas.
"""

from __future__ import annotations

import html
import re
import unicodedata

import sympy as sp
from sympy.printing.mathml import MathMLPresentationPrinter

__all__ = ["segments", "to_sympy", "latex_math", "mathml_math", "latex_text", "html_text", "latex_escape"]

# -- LaTeX escaping of plain text (math characters in math mode) ---------------------------------------

_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{",
    "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "<": r"\textless{}", ">": r"\textgreater{}",
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
    return f"[U+{ord(ch):04X}]"


def latex_escape(s: str) -> str:
    """Escape text for LaTeX: special characters, and every non-ASCII character mapped to a
    LaTeX command (Greek letters and common math symbols in math mode), so that pdflatex
    never meets a character it cannot set."""
    return "".join(_latex_char(ch) for ch in str(s))


# -- tokens ------------------------------------------------------------------------------------------

_FUNCS = {"sqrt": sp.sqrt, "log": sp.log, "exp": sp.exp, "sin": sp.sin, "cos": sp.cos, "ln": sp.log}
_WORDS = {"oo": sp.oo, "inf": sp.oo, "pi": sp.pi, "π": sp.pi, "∞": sp.oo}
_GREEK_WORDS = {"alpha", "beta", "gamma", "delta", "epsilon", "eps", "zeta", "eta", "theta", "lambda", "mu",
                "nu", "xi", "rho", "sigma", "tau", "phi", "chi", "psi", "omega", "Gamma", "Delta", "Theta",
                "Lambda", "Sigma", "Phi", "Psi", "Omega"}
_RELATIONS = {"=": "=", "!=": r"\ne", "<=": r"\le", ">=": r"\ge", "<": "<", ">": ">", "->": r"\to",
              "~": r"\sim", "≈": r"\approx", "≤": r"\le", "≥": r"\ge", "→": r"\to", "≠": r"\ne", "∼": r"\sim"}
_REL_MATHML = {"=": "=", "!=": "≠", "<=": "≤", ">=": "≥", "<": "&lt;", ">": "&gt;", "->": "→", "~": "∼",
               "≈": "≈", "≤": "≤", "≥": "≥", "→": "→", "≠": "≠", "∼": "∼"}
_NAME = r"(?:[A-Za-z]+|[\u0370-\u03ff])(?:_(?:\{[^{}\s]+\}|\([\w+\-]+\)|[A-Za-z0-9]+)|\d+(?![\d.]))?"
_TOKEN = re.compile(
    r"\s*(?:(?P<num>\d+(?:\.\d+)?(?:e-?\d+)?|\.\d+)|(?P<name>" + _NAME + r")|"
    r"(?P<rel>->|<=|>=|!=|[=<>~≈≤≥→≠∼])|(?P<op>[-+*/^!(){},·−√|_∫]))"
)


class _Unparsed(ValueError):
    """The span is not mathematics this parser reads; it stays text."""


def _tokens(text: str) -> list[tuple[str, str]]:
    out, pos = [], 0
    text = text.rstrip().replace("²", "^2").replace("³", "^3")
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise _Unparsed(text[pos:])
        kind = m.lastgroup
        tok = m.group(kind)
        if kind == "name" and out and out[-1][1] in ("^", "_") and len(tok) > 1 and "_" not in tok \
                and tok not in _KNOWN:  # M^iM^j: the exponent is one letter
            out += [(kind, tok[0]), ("imp", "*")]
            tok = tok[1:]
        out.append((kind, {"·": "*", "−": "-"}.get(tok, tok)))
        pos = m.end()
    return out


def _symbol(name: str) -> sp.Basic:
    """A sympy symbol for a name: Greek letters by name (ε -> epsilon), subscripts as ``_k``."""
    base, _, sub = name.partition("_")
    digits = re.search(r"\d+$", base) if not sub else None
    if digits:  # α0 is α with subscript 0
        base, sub = base[:digits.start()], digits.group()
    if base in ("Σ", "∑") or not re.fullmatch(r"[\w+\-]*", sub.strip("{}()")):
        raise _Unparsed(name)  # a sum or a subscript with relations: token by token
    sub = sub.strip("{}()") if sub else ""
    g = _greek_name(base) if len(base) == 1 else None
    if g is not None:
        base = g
    elif base == "eps":
        base = "epsilon"
    if not sub and base in _WORDS:
        return _WORDS[base]
    return sp.Symbol(base + ("_" + sub if sub else ""))


class _Parser:
    """Recursive descent over the tokens of one term (no relations, no commas)."""

    def __init__(self, toks):
        self.toks, self.i = toks, 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else ("end", "")

    def take(self, value=None):
        tok = self.peek()
        if value is not None and tok[1] != value:
            raise _Unparsed(f"expected {value!r}")
        self.i += 1
        return tok

    def parse(self):
        e = self.sum()
        if self.peek()[0] != "end":
            raise _Unparsed(f"unexpected {self.peek()[1]!r}")
        return e

    def sum(self):
        terms = [self.product()]
        while self.peek()[1] in ("+", "-"):
            op = self.take()[1]
            t = self.product()
            terms.append(t if op == "+" else _neg(t))
        return terms[0] if len(terms) == 1 else sp.Add(*terms, evaluate=False)

    def _starts_atom(self):
        kind, v = self.peek()
        return kind in ("num", "name") or v in ("(", "√")

    def product(self):
        if self.peek()[1] == "-":
            self.take()
            return _neg(self.product())
        factors = [self.power()]
        divided = False
        while True:
            v = self.peek()[1]
            if divided and v in ("/", "*"):  # 3/4·1/4·1/3: written as it stands, token by token
                raise _Unparsed("chained products and quotients")
            if v == "/":
                self.take()
                divided = True
                num = factors[0] if len(factors) == 1 else sp.Mul(*factors, evaluate=False)
                factors = [_quotient(num, self.power())]
                continue
            if v == "*":
                self.take()
            elif not self._starts_atom():
                break
            factors.append(self.power())
        return factors[0] if len(factors) == 1 else sp.Mul(*factors, evaluate=False)

    def power(self):
        base = self.postfix()
        if self.peek()[1] == "^":
            self.take()
            if self.peek()[1] == "{":
                self.take()
                exp = self.sum()
                self.take("}")
            elif self.peek()[1] == "-":
                self.take()
                exp = _neg(self.power())
            else:
                exp = self.power()
            if isinstance(base, sp.Integer):
                base = sp.UnevaluatedExpr(base)  # 10^-5 stays a power of ten
            return sp.Pow(base, exp, evaluate=False)
        return base

    def postfix(self):
        e = self.atom()
        while self.peek()[1] == "!":
            self.take()
            e = sp.factorial(e, evaluate=False)
        return e

    def atom(self):
        kind, v = self.take()
        if kind == "num":
            if re.fullmatch(r"\d+", v):
                return sp.Integer(int(v))
            mant, _, exp = v.partition("e")
            if exp:  # 1.18e-5 as 1.18 times a power of ten
                return sp.Mul(sp.Symbol(mant) if "." in mant else sp.Integer(int(mant)),
                              sp.Pow(sp.UnevaluatedExpr(sp.Integer(10)), sp.Integer(int(exp))), evaluate=False)
            return sp.Symbol(v)  # a printed decimal keeps its printed digits
        if v == "(":
            e = self.sum()
            self.take(")")
            return e
        if v == "|":
            e = self.sum()
            self.take("|")
            return sp.Abs(e, evaluate=False)
        if v == "√":
            return sp.sqrt(self.postfix(), evaluate=False)
        if kind == "name":
            if self.peek()[1] == "(":
                self.take()
                args = [self.sum()]
                while self.peek()[1] == ",":
                    self.take()
                    args.append(self.sum())
                self.take(")")
                if v in _FUNCS and len(args) == 1:
                    return _FUNCS[v](args[0], evaluate=False)
                return sp.Function(_symbol(v).name if v not in _WORDS else v)(*args)
            if v in _FUNCS and self._starts_atom():  # log a
                return _FUNCS[v](self.power(), evaluate=False)
            if v in _FUNCS:
                raise _Unparsed(v)
            return _symbol(v)
        raise _Unparsed(v)


def _neg(e):
    if isinstance(e, sp.Integer):
        return sp.Integer(-e)
    return sp.Mul(sp.Integer(-1), e, evaluate=False)


def _quotient(num, den):
    den = sp.Pow(den, -1, evaluate=False)
    return den if num == 1 and isinstance(num, sp.Integer) else sp.Mul(num, den, evaluate=False)


def _split_top(toks, kinds_or_values):
    """Split a token list at depth 0 on the given token kinds or values; keep the separators."""
    parts, cur, depth = [], [], 0
    for tok in toks:
        if tok[1] in ("(", "{"):
            depth += 1
        elif tok[1] in (")", "}"):
            depth -= 1
        if depth == 0 and (tok[0] in kinds_or_values or tok[1] in kinds_or_values):
            parts.append(cur)
            parts.append(tok)
            cur = []
        else:
            cur.append(tok)
    parts.append(cur)
    return parts


def to_sympy(text: str) -> list:
    """``text`` as a list of unevaluated sympy expressions and separators (``("rel", "->")``,
    ``("op", ",")``); raises ValueError if it is not mathematics this module reads."""
    toks = _tokens(text)
    if not toks:
        raise _Unparsed(text)
    out = []
    for part in _split_top(toks, {",", "rel"}):
        if isinstance(part, tuple):
            out.append(part)
        elif not part:
            raise _Unparsed(text)
        else:
            out.append(_Parser(part).parse())
    return out


# -- printers ------------------------------------------------------------------------------------------


class _MathML(MathMLPresentationPrinter):
    """sympy's presentation MathML, with undefined functions named as written (sympy lower-cases
    them and drops Greek letters and subscripts) and decimals as numbers."""

    def _print_Function(self, e):
        from sympy.core.function import AppliedUndef

        if not isinstance(e, AppliedUndef):
            return super()._print_Function(e)
        mrow = self.dom.createElement("mrow")
        mrow.appendChild(self._print(sp.Symbol(e.func.__name__)))
        inner = self.dom.createElement("mrow")
        for i, a in enumerate(e.args):
            if i:
                comma = self.dom.createElement("mo")
                comma.appendChild(self.dom.createTextNode(","))
                inner.appendChild(comma)
            inner.appendChild(self._print(a))
        mrow.appendChild(self._paren_bracket(inner))
        return mrow

    def _paren_bracket(self, inner):
        row = self.dom.createElement("mrow")
        for ch, node in (("(", None), (None, inner), (")", None)):
            if node is None:
                node = self.dom.createElement("mo")
                node.appendChild(self.dom.createTextNode(ch))
            row.appendChild(node)
        return row

    def _print_UnevaluatedExpr(self, e):
        return self._print(e.args[0])

    def _print_Pow(self, e):
        if isinstance(e.base, sp.UnevaluatedExpr):  # 10^-5 as a power, not as 1/10^5
            sup = self.dom.createElement("msup")
            sup.appendChild(self._print(e.base.args[0]))
            sup.appendChild(self._print(e.exp))
            return sup
        return super()._print_Pow(e)

    def _print_Symbol(self, sym, style="plain"):
        if re.fullmatch(r"[\d.]+(e-?\d+)?", sym.name):
            mn = self.dom.createElement("mn")
            mn.appendChild(self.dom.createTextNode(sym.name))
            return mn
        return super()._print_Symbol(sym, style)


def _latex_expr(e) -> str:
    s = sp.latex(e, order="none")
    return re.sub(r"\\epsilon(?![a-zA-Z])", r"\\varepsilon", s)


def _mathml_expr(e) -> str:
    s = _MathML({"order": "none"}).doprint(e)
    # a product of two numbers needs a visible dot (as sympy's LaTeX printer writes \cdot)
    return re.sub(r"</mn><mo>&InvisibleTimes;</mo>(<mn>|<msup><mn>)", r"</mn><mo>&#183;</mo>\1", s)


def _latex_tokens(text: str) -> str:
    """Math-mode LaTeX written token by token, for a span the parser cannot read as one expression
    (``Σ_{i<=j} L^i M^j``): names and operators typeset, no structure assumed but ``^``."""
    toks = _braced(text)
    out, depth = [], 0
    for i, (kind, v) in enumerate(toks):
        if kind == "name":
            if v[0] in "Σ∑":
                out.append(r"\sum" + (("_{" + latex_math(v[2:].strip("{}()")) + "}") if "_" in v else ""))
            else:
                out.append(_latex_expr(_symbol(v)) if v not in _FUNCS else "\\" + {"ln": "log"}.get(v, v))
        elif kind == "num":
            out.append(v)
        elif kind == "rel":
            out.append(" " + _RELATIONS[v] + " ")
        elif v in "{}":
            depth += 1 if v == "{" else -1
            if depth < 0:
                raise _Unparsed(text)
            out.append(v)
        elif kind == "imp":
            out.append(" ")
        else:
            out.append({"*": r"\cdot ", "√": r"\surd ", ",": r",\allowbreak ", "|": "|", "∫": r"\int",
                        "/": r"/\allowbreak{}"}.get(v, v))
        if out[-1] and out[-1][-1].isalpha() and i + 1 < len(toks) and toks[i + 1][0] in ("name", "num"):
            out.append(" ")
    if depth:
        raise _Unparsed(text)
    return "".join(out)


def _braced(text: str) -> list[tuple[str, str]]:
    """Tokens with the argument of every ``^`` and ``_`` in braces (x^10 -> x^{10})."""
    toks, raw = [], _tokens(text)
    for i, tok in enumerate(raw):
        if i and raw[i - 1][1] in ("^", "_") and tok[1] != "{":
            if tok[0] not in ("name", "num"):
                raise _Unparsed(text)
            toks += [("op", "{"), tok, ("op", "}")]
        else:
            toks.append(tok)
    return toks


def _mathml_tokens(text: str) -> str:
    """Presentation MathML written token by token (the MathML twin of :func:`_latex_tokens`)."""
    toks = _braced(text)
    pos = 0

    def group():
        nonlocal pos
        items = []
        while pos < len(toks):
            kind, v = toks[pos]
            pos += 1
            if v == "}":
                return items
            if v == "{":
                items.append("<mrow>" + "".join(group()) + "</mrow>")
            elif v in ("^", "_") and items and pos < len(toks) and toks[pos][1] == "{":
                pos += 1
                tag = "msup" if v == "^" else "msub"
                items[-1] = f"<{tag}>{items[-1]}<mrow>{''.join(group())}</mrow></{tag}>"
            elif kind == "name":
                base, _, sub = v.partition("_")
                if base in ("Σ", "∑"):
                    items.append("<mo>&#8721;</mo>")
                    if sub:
                        toks[pos:pos] = [("op", "_")] + _braced(sub.strip("{}()")) if sub[0] != "{" else \
                            [("op", "_"), ("op", "{")] + _tokens(sub[1:-1]) + [("op", "}")]
                else:
                    items.append(_mathml_expr(_symbol(v)) if v not in _FUNCS else f"<mi>{v}</mi>")
            elif kind == "num":
                items.append(f"<mn>{v}</mn>")
            elif kind == "rel":
                items.append(f"<mo>{_REL_MATHML[v]}</mo>")
            elif kind == "imp":
                continue
            else:
                items.append(f"<mo>{ {'*': '&#183;', '∫': '&#8747;', '√': '&#8730;'}.get(v, html.escape(v)) }</mo>")
        return items

    return "<math><mrow>" + "".join(group()) + "</mrow></math>"


def latex_math(text: str) -> str:
    """The LaTeX (math mode, without dollars) of a mathematical span; ValueError if unreadable."""
    out = []
    for item in to_sympy(text):
        if isinstance(item, tuple):
            out.append(", " if item[1] == "," else " " + _RELATIONS[item[1]] + " ")
        else:
            out.append(_latex_expr(item))
    return "".join(out).strip()


def mathml_math(text: str) -> str:
    """The presentation MathML (``<math>...</math>``) of a mathematical span; ValueError if unreadable."""
    out = []
    for item in to_sympy(text):
        if isinstance(item, tuple):
            out.append(f"<mo>{_REL_MATHML.get(item[1], html.escape(item[1]))}</mo>")
        else:
            out.append(_mathml_expr(item))
    return "<math><mrow>" + "".join(out) + "</mrow></math>"


# -- finding the mathematics in prose ---------------------------------------------------------------

_MATHY_CHARS = re.compile(r"[\^_=<>~≤≥→∞√∫·≈≠∼]|->|[\u0370-\u03ff]")
_CALL = re.compile(r"^(?:[A-Za-z]{1,4}|[\u0370-\u03ff])(?:_\w+)?\(.*\)$")
_FRACTION = re.compile(r"^-?\d+/\d+$")
_OPERATOR_WORDS = {"+", "-", "*", "/", "=", "->", "<=", ">=", "<", ">", "~", "≈", "≤", "≥", "→", "·", "−", "!="}
_ATOM = re.compile(r"^(?:[A-Za-z]|[\u0370-\u03ff]|\d+(?:\.\d+)?|oo|pi|[A-Z][A-Z0-9]+)$")  # LARGER: a program's variable
_TRAIL = ".,;:"


def _words(text: str) -> list[str]:
    """Whitespace-separated words, merged so that brackets balance inside each word."""
    out, cur, depth = [], [], 0
    for w in re.split(r"(\s+)", text):
        cur.append(w)
        depth += sum(w.count(c) for c in "({[") - sum(w.count(c) for c in ")}]")
        if depth <= 0 and not w.isspace():
            out.append("".join(cur))
            cur, depth = [], 0
    if cur:
        out.append("".join(cur))
    return out


_CLAIM_ID = re.compile(r"^\(?[a-z]+\d*\.[\w.\-]+\)?$")
_KNOWN = set(_FUNCS) | set(_WORDS) | _GREEK_WORDS
_ARITH = re.compile(r"[\w)!]\s*[+*/·]|[+*/·]\s*[\w(]")


def _exprlike(w: str) -> bool:
    """No English word in it: every run of three or more letters is a known name (log, sqrt, pi)."""
    return all(r in _KNOWN for r in re.findall(r"[A-Za-z]{3,}", w)) and not _CLAIM_ID.match(w)


def _is_mathy(word: str) -> bool:
    w = word.strip().rstrip(_TRAIL)
    if not w or _CLAIM_ID.match(w):
        return False
    return bool(_MATHY_CHARS.search(w) or _CALL.match(w) or _FRACTION.match(w) or w in ("oo", "∞")
                or (_exprlike(w) and _ARITH.search(w)))


def segments(text: str) -> list[tuple[bool, str]]:
    """``text`` cut into (is_math, piece) pieces; the pieces join back to ``text``."""
    words = _words(str(text))
    core = [w.strip() for w in words]
    flags = [_is_mathy(w) for w in words]
    for i, w in enumerate(core):  # an operator joins the atoms on either side
        if w in _OPERATOR_WORDS:
            flags[i] = True
            for j in (i - 1, i + 1):
                if 0 <= j < len(core) and core[j] and (_ATOM.match(core[j].rstrip(_TRAIL)) or _exprlike(core[j])):
                    flags[j] = True
        elif w in _FUNCS and i + 1 < len(core) and flags[i + 1]:  # "log a", "sqrt (x)"
            flags[i] = True
    for i, w in enumerate(core):  # "log" before a mathematical word
        if w in _FUNCS and i + 1 < len(core) and (flags[i + 1] or _ATOM.match(core[i + 1].rstrip(_TRAIL))):
            flags[i] = flags[i + 1] = True
    pieces: list[tuple[bool, str]] = []
    i = 0
    while i < len(words):
        if not flags[i]:
            pieces.append((False, words[i]))
            i += 1
            continue
        j = i
        while j + 1 < len(words) and flags[j + 1] and not words[j].rstrip().endswith((";", ":")):
            j += 1
        span = "".join(words[i:j + 1])
        lead = span[: len(span) - len(span.lstrip())]
        body = span.strip()
        tail = ""
        while body and body[-1] in _TRAIL:
            body, tail = body[:-1], body[-1] + tail
        if lead:
            pieces.append((False, lead))
        if body:
            pieces.append((True, body))
        if tail or span != span.rstrip():
            pieces.append((False, tail + span[len(span.rstrip()):]))
        i = j + 1
    return pieces


_FAILED = (ValueError, TypeError, AttributeError, RecursionError)

# -- the last resort: a span with scripts that neither parser reads, typeset piece by piece ------------

#: a span needs typesetting when it has a superscript, a braced subscript or a one-letter name with a short
#: subscript (``E_B(0)``, ``K_a'``); ``current_step_x`` (code) has none of these and stays text
_SCRIPTED = re.compile(r"\^|_\{|(?<![A-Za-z0-9_])(?:[A-Za-z]|[\u0370-\u03ff])_(?:[A-Za-z0-9]{1,2}|\()(?![A-Za-z0-9_])")
_LOOSE = re.compile(r"(?P<ws>\s+)|(?P<code>[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+){2,}|"
                    r"[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9]{3,}|[A-Za-z]{2,}[A-Za-z0-9]*_[A-Za-z0-9]+)(?![A-Za-z0-9_])|"
                    r"(?P<word>[A-Za-z]{2,})|(?P<name>[A-Za-z]|[\u0370-\u03ff])|"
                    r"(?P<num>\d+(?:\.\d+)?(?:e-?\d+)?)|(?P<rel>->|<=|>=|!=|[=<>~≈≤≥→≠∼])|(?P<other>.)", re.S)
_LOOSE_OPS = {"*": r"\cdot ", "·": r"\cdot ", "−": "-", "∞": r"\infty ", "√": r"\surd ", "∫": r"\int ",
              "±": r"\pm ", "²": "^{2}", "³": "^{3}", "{": r"\{", "}": r"\}", "%": r"\%", "#": r"\#",
              "&": r"\&", "$": r"\$", "∪": r"\cup ", "∩": r"\cap ", "∈": r"\in ", "×": r"\times ",
              "'": "'", "′": "'", "½": r"\tfrac12", "\\": r"\backslash "}
_LOOSE_MATHML_OPS = {"*": "&#183;", "·": "&#183;", "−": "-", "∞": "&#8734;", "√": "&#8730;", "∫": "&#8747;",
                     "'": "&#8242;", "′": "&#8242;"}
#: two-letter words that are English, not a product of two letters (``ab``, ``LM``, ``dx`` are products)
_SHORT_WORDS = {"as", "on", "of", "is", "or", "by", "to", "if", "in", "at", "be", "so", "it", "we", "an", "no", "up",
                "do", "eg", "ie", "vs", "In", "If", "As", "On", "Of", "By", "To", "At", "So", "It", "We", "An", "No"}
_MATH_WORDS = _KNOWN | {"lim", "max", "min", "sup", "inf", "exp", "sum"}


def _loose_tokens(text: str) -> list[tuple[str, str]]:
    out = []
    text = text.replace("²", "^2").replace("³", "^3")
    quoted, skip = False, 0
    for m in _LOOSE.finditer(text):
        kind, v = m.lastgroup, m.group()
        if skip > m.start():
            continue
        if v == "'" and out and out[-1][0] == "word" and re.match(r"s(?![\w'])", text[m.end():]):
            out.append(("word", "'s"))  # the text's: English
            skip = m.end() + 1
            continue
        if v == "'":  # a prime after a name (K_a', u'), else a quotation mark (a witness's 'D_A'): text
            if quoted or m.start() == 0 or not re.match(r"[\w)}'\u0370-\u03ff]", text[m.start() - 1]):
                quoted = not quoted
                out.append(("word", v))
                continue
        if kind == "code" and v.split("_")[0] in _MATH_WORDS and v.count("_") == 1:  # alpha_n
            out += _loose_tokens(v.split("_")[0]) + [("other", "_")] + _loose_tokens(v.split("_")[1])
        elif kind == "code":  # larger_count, current_step_x: a program's name, text
            out.append(("word", v))
        elif kind == "other" and v in ".,;:" and (m.end() == len(text) or text[m.end()].isspace()):
            out.append(("word", v))  # punctuation of the sentence, not of the formula
        elif kind == "word" and len(v) == 2 and v not in _SHORT_WORDS and v not in _MATH_WORDS:
            out += [("name", v[0]), ("name", v[1])]  # ab, LM: a product
        else:
            out.append((kind, v))
    return out


def _script_arg(toks, i):
    """The argument of a ``^`` or ``_`` at ``toks[i]``: (its tokens, next index).  ``{...}`` and ``(...)``
    give their inside (``e^(-x²/2)``, ``ε_(k-1)``); otherwise one name or number (``M^iM^j``: one letter)."""
    if i < len(toks) and toks[i][1] in ("{", "("):
        close = "}" if toks[i][1] == "{" else ")"
        depth, j = 0, i
        while j < len(toks):
            if toks[j][1] == toks[i][1]:
                depth += 1
            elif toks[j][1] == close:
                depth -= 1
                if depth == 0:
                    return toks[i + 1:j], j + 1
            j += 1
        raise _Unparsed("unbalanced script")
    if i < len(toks) and toks[i][0] == "word":
        return [("name", toks[i][1][0])], (i, toks[i][1][1:])
    if i < len(toks) and toks[i][0] in ("name", "num"):
        return [toks[i]], i + 1
    if i < len(toks) and toks[i][1] == "-" and i + 1 < len(toks) and toks[i + 1][0] in ("name", "num"):
        return toks[i:i + 2], i + 2
    raise _Unparsed("a script without an argument")


def _loose_items(toks, latex: bool, inner: bool = False) -> list[tuple[bool, str]]:
    """(is_math, rendered) items of a token list: words are text (inside a script: upright in the formula),
    everything else mathematics, ``^``/``_`` applied to the item before them."""
    items: list[tuple[bool, str]] = []
    toks = list(toks)
    i = 0
    while i < len(toks):
        kind, v = toks[i]
        i += 1
        if v in ("^", "_"):
            if not items or not items[-1][0] and not items[-1][1].strip():
                items.append((True, "{}" if latex else "<mrow></mrow>"))  # nothing to carry the script
            elif not items[-1][0]:  # a word carries it: upright, in the formula
                w = toks[i - 2][1] if i >= 2 else ""
                items[-1] = (True, r"\mathrm{" + latex_escape(w) + "}" if latex else f"<mi>{html.escape(w)}</mi>")
            arg, nxt = _script_arg(toks, i)
            if isinstance(nxt, tuple):  # one letter of a word; the rest goes on
                toks[nxt[0]] = ("word" if len(nxt[1]) > 1 else "name", nxt[1]) if nxt[1] else ("ws", "")
                nxt = nxt[0]
            body = _join([r for _, r in _loose_items(arg, latex, inner=True)])
            if latex:
                base = items[-1][1]
                items[-1] = (True, ("{" + base + "}" if re.search(r"[\^_]", base) else base) + v + "{" + body + "}")
            else:
                tag = "msup" if v == "^" else "msub"
                items[-1] = (True, f"<{tag}><mrow>{items[-1][1]}</mrow><mrow>{body}</mrow></{tag}>")
            i = nxt
            continue
        if kind == "ws":
            items.append((False, "" if inner else v))
        elif kind == "word" and v in ("oo", "inf"):
            items.append((True, r"\infty " if latex else "<mi>&#8734;</mi>"))
        elif kind == "word" and (v in _MATH_WORDS or inner):
            if latex:
                items.append((True, "\\" + v + " " if v in ("lim", "max", "min", "sup", "log", "exp", "sin", "cos", "ln")
                               else r"\surd " if v == "sqrt" else _latex_expr(_symbol(v)) if v in _GREEK_WORDS
                               else r"\mathrm{" + v + "}"))
            else:
                items.append((True, _mathml_expr(_symbol(v)) if v in _GREEK_WORDS else "<mo>&#8730;</mo>" if v == "sqrt"
                               else f'<mi>{html.escape(v)}</mi><mspace width="0.17em"></mspace>' if v in _FUNCS
                               or v in ("lim", "max", "min", "sup") else f"<mi>{html.escape(v)}</mi>"))
        elif kind == "word":
            items.append((False, latex_escape(v) if latex else html.escape(v)))
        elif kind == "name" and v in "Σ∑":
            items.append((True, r"\sum " if latex else "<mo>&#8721;</mo>"))
        elif kind == "name":
            items.append((True, (_latex_expr(_symbol(v)) if latex else _mathml_expr(_symbol(v)))))
        elif kind == "num":
            mant, _, exp = v.partition("e")
            items.append((True, (mant + (rf"\cdot 10^{{{exp}}}" if exp else "")) if latex else f"<mn>{v}</mn>"))
        elif kind == "rel":
            items.append((True, " " + _RELATIONS[v] + " " if latex else f"<mo>{_REL_MATHML[v]}</mo>"))
        elif latex:
            items.append((True, _LOOSE_OPS.get(v) or (v if ord(v) < 128 else _LATEX_MATH[v] + " " if v in _LATEX_MATH
                                                       else r"\text{" + latex_escape(v) + "}")))
        else:
            items.append((True, f"<mo>{_LOOSE_MATHML_OPS.get(v, html.escape(v))}</mo>"))
    return items


def _join(pieces: list[str]) -> str:
    """LaTeX pieces joined, with a space where a control word would run into a letter (``\\pi L``, not ``\\piL``)."""
    out = ""
    for p in pieces:
        if re.search(r"\\[A-Za-z]+$", out) and re.match(r"[A-Za-z]", p):
            out += " "
        out += p
    return out


def _loose(text: str, latex: bool) -> str:
    """A span with scripts (``lim_{n->oo} n(a^{1/n} - 1)``, ``e^{-u²}·u'``) that neither parser reads:
    names, numbers, operators and scripts typeset, English words kept as text, nothing dropped."""
    items = _loose_items(_loose_tokens(text), latex)
    out, run, space = [], [], ""

    def flush():
        if run:
            out.append("$" + re.sub(r" {2,}", " ", _join(run).strip()) + "$" if latex
                       else "<math><mrow>" + "".join(run) + "</mrow></math>")
            run.clear()

    for is_math, r in items:
        if is_math:
            if space and run:  # a space inside a formula
                run.append(" " if latex else "")
            elif space:
                out.append(space)
            space = ""
            run.append(r)
        elif not r.strip():
            space += r
        else:
            flush()
            out.append(space + r)
            space = ""
    flush()
    return "".join(out) + space


def _render(text: str, math, fallback, escape) -> str:
    """Prose with its mathematical spans through ``math`` (then ``fallback``); text through ``escape``.

    A span that neither reads is, when bracketed, opened up and its inside rendered the
    same way (``(radii < 1e-20)``), and otherwise kept as escaped text."""
    out = []
    for is_math, piece in segments(text):
        if is_math:
            for fn in (math, fallback):
                try:
                    if fn is not None and _exprlike(piece):
                        out.append(fn(piece))
                        break
                except _FAILED:
                    pass
            else:
                if len(piece) > 2 and piece[0] == "(" and piece[-1] == ")":
                    out.append(escape("(") + _render(piece[1:-1], math, fallback, escape) + escape(")"))
                elif _SCRIPTED.search(piece):
                    out.append(_loose_script(piece, escape))
                else:
                    out.append(escape(piece))
            continue
        out.append(escape(piece))
    return "".join(out)


def _loose_script(piece: str, escape) -> str:
    """:func:`_loose` in the output language of ``escape``; escaped text only if even that fails."""
    try:
        return _loose(piece, latex=escape is latex_escape)
    except _FAILED:
        return escape(piece)


def latex_text(text: str) -> str:
    """Prose for LaTeX: plain words escaped, mathematical spans typeset in math mode by sympy."""
    text = re.sub(r'"([^"\n]*)"', "\u201c\\1\u201d", str(text))  # "title" with typographic quotes
    return _render(text, lambda s: "$" + latex_math(s) + "$", lambda s: "$" + _latex_tokens(s) + "$",
                   latex_escape)


def html_text(text: str) -> str:
    """Prose for HTML: plain words escaped, mathematical spans as presentation MathML (sympy)."""
    return _render(str(text), mathml_math, _mathml_tokens, html.escape)
