"""Verdict content (exactcube.content): the parts, the one delimited syntax, and one printer per format.

Every expected string here is written from the mathematics and the documented rules (docs/design.md,
"Verdict content"), not pasted from the printers: e.g. a fraction is ``\\frac{3}{4}`` in LaTeX and an
``<mfrac>`` of two ``<mn>`` in MathML, 3/4 has the terminating decimal 0.75 (so ``=``) and 1/3 does not
(so ``≈`` and six places), a braced group is one ``<mrow>``.
"""

import json
import re
import shutil
import subprocess
from fractions import Fraction

import pytest
import sympy as sp

from exactcube.content.model import (Content, claim_ref, decimal, eq, math, place, reading, say, table, table_ref,
                                     to_plain, value)
from exactcube.content.printers import from_json, to_html, to_json, to_latex, to_markdown
from exactcube.content.syntax import MathSyntaxError
from exactcube.numbers import mpq


# -- the delimited syntax ------------------------------------------------------------------------------

@pytest.mark.parametrize("src, plain, mathml", [
    # d_k: a subscript; one letter each side
    ("d_k", "d_k", "<mrow><msub><mi>d</mi><mi>k</mi></msub></mrow>"),
    # a braced group is one mrow, and in plain text a script of more than one symbol is bracketed
    ("x^{2i}", "x^(2i)", "<mrow><msup><mi>x</mi><mrow><mn>2</mn><mi>i</mi></mrow></msup></mrow>"),
    (r"\frac{a}{b}", "a/b", "<mrow><mfrac><mrow><mi>a</mi></mrow><mrow><mi>b</mi></mrow></mfrac></mrow>"),
    (r"\frac{a+b}{2}", "(a + b)/2",
     "<mrow><mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mrow><mn>2</mn></mrow></mfrac></mrow>"),
    (r"\sqrt{\pi x}", "√(πx)", "<mrow><msqrt><mrow><mi>π</mi><mi>x</mi></mrow></msqrt></mrow>"),
    (r"\sqrt{a}", "√a", "<mrow><msqrt><mrow><mi>a</mi></mrow></msqrt></mrow>"),
    (r"n \to \infty", "n → ∞", "<mrow><mi>n</mi><mo>→</mo><mo>∞</mo></mrow>"),
    (r"p \le 1/4", "p ≤ 1/4", "<mrow><mi>p</mi><mo>≤</mo><mn>1</mn><mo>/</mo><mn>4</mn></mrow>"),
    (r"M \gg 0", "M ≫ 0", "<mrow><mi>M</mi><mo>≫</mo><mn>0</mn></mrow>"),
    (r"\varepsilon_{k-1}", "ε_(k − 1)",
     "<mrow><msub><mi>ε</mi><mrow><mi>k</mi><mo>−</mo><mn>1</mn></mrow></msub></mrow>"),
    (r"\text{for all } n", "for all n", "<mrow><mtext>for all </mtext><mi>n</mi></mrow>"),
    # a script's end is not glued to the next factor; d x written dx is the product dx, as in TeX
    (r"\int_{-\infty}^t e^{-x^2/2} dx", "∫_(−∞)^t e^(−x^2/2) dx",
     "<mrow><msubsup><mo>∫</mo><mrow><mo>−</mo><mo>∞</mo></mrow><mi>t</mi></msubsup><msup><mi>e</mi><mrow><mo>−</mo>"
     "<msup><mi>x</mi><mn>2</mn></msup><mo>/</mo><mn>2</mn></mrow></msup><mi>d</mi><mi>x</mi></mrow>"),
])
def test_the_subset_in_plain_text_and_mathml(src, plain, mathml):
    m = math(src)
    assert m.plain == plain
    assert m.mathml == mathml
    assert m.latex == src  # LaTeX is the source itself: the subset is LaTeX


@pytest.mark.parametrize("src", [r"\foo x", "x^", "{x", "x}", r"\frac{a}", r"\left( x", "a # b", r"\mathbb{S}"])
def test_what_is_outside_the_subset_is_refused_when_built(src):
    with pytest.raises(MathSyntaxError):
        math(src)


def test_prose_refuses_mathematics_written_as_code():
    for bad in ("x <= 3", "x**2", "sqrt(x)", "{'a': 1}", "['a']", "M >> 0", "e^x", "Derivative(u, M)"):
        with pytest.raises(ValueError):
            say(bad)
    assert to_plain(say(r"costs \$3")) == "costs $3"  # a dollar in prose is \$
    with pytest.raises(MathSyntaxError):
        say("an $unbalanced dollar")


# -- values, references, joining --------------------------------------------------------------------------

def test_values_show_their_decimals():
    # 3/4 = 0.75 exactly; 1/3 = 0.333333... (six places, rounded); an integer alone
    assert to_plain(value(mpq(3, 4))) == "3/4 = 0.75"
    assert to_plain(value(mpq(1, 3))) == "1/3 ≈ 0.333333"
    assert to_plain(value(mpq(2, 3), 4)) == "2/3 ≈ 0.6667"
    assert to_plain(value(5)) == "5"
    assert to_plain(value(mpq(3, 4), name="p")) == "p = 3/4 = 0.75"
    assert to_latex(value(mpq(3, 4), name="p")) == r"\(p = \frac{3}{4} = 0.75\)"
    assert to_latex(value(mpq(1, 3))) == r"\(\frac{1}{3} \approx 0.333333\)"
    assert to_html(value(mpq(3, 4))) == ("<math><mrow><mfrac><mn>3</mn><mn>4</mn></mfrac><mo>&#61;</mo><mn>0.75</mn>"
                                         "</mrow></math>")
    assert to_latex(value(sp.Rational(-1, 2))) == r"\(-\frac{1}{2} = -0.5\)"


def test_references_are_typed():
    # a claim id in typewriter type (breakable at its dots), never mathematics; an equation as the text (18)
    assert to_latex(claim_ref("ks69.sec5.alpha_aa")) == r"\texttt{ks69.\allowbreak{}sec5.\allowbreak{}alpha\_aa}"
    assert to_html(claim_ref("ks69.sec5.alpha_aa")) == '<code class="id">ks69.sec5.alpha_aa</code>'
    eqs = say(eq(18)) + "/" + say(eq(28))
    assert to_latex(eqs) == "(18)/(28)" and to_html(eqs) == "(18)/(28)" and to_plain(eqs) == "(18)/(28)"
    assert to_markdown(say("see", claim_ref("zk77.thm1.eq5"))) == "see `zk77.thm1.eq5`"
    assert to_latex(place("Theorem 2")) == "Theorem 2" and to_plain(reading("zk77.race-model")) == "zk77.race-model"
    assert to_latex(table_ref("ks69.table5")) == r"\texttt{ks69.\allowbreak{}table5}"


def test_say_joins_with_one_space_and_none_before_punctuation():
    c = say("gives", value(mpq(3, 4), name="p"), ", so", eq(4), "holds (", claim_ref("a.b"), ").")
    assert to_plain(c) == "gives p = 3/4 = 0.75, so (4) holds (a.b)."


# -- sympy expressions: sympy's own printers, and a plain one without code -------------------------------

def test_sympy_expressions_use_sympys_printers():
    x, M = sp.symbols("x M")
    u = sp.Function("u")(M)
    e = sp.exp(-u**2 / 2) * sp.Derivative(u, M)
    m = math(e)
    assert m.latex == sp.latex(e) and m.mathml == sp.printing.mathml(e, printer="presentation")
    # plain: powers with ^, the derivative as d/dM, no ** / sqrt( / Derivative(
    assert m.plain == "exp(−u(M)^2/2)·d/dM u(M)"
    assert math(sp.sqrt(x)).plain == "√x" and math(sp.sqrt(x + 1)).plain == "√(x + 1)"
    assert math(sp.Le(x, sp.Rational(1, 2))).plain == "x ≤ 1/2"
    assert math(sp.Symbol("alpha") / 2).plain == "α/2"


# -- tables ----------------------------------------------------------------------------------------------

def test_a_long_witness_is_a_sentence_and_its_first_and_last_rows():
    # 60 heaps n = 2..61 with p(n) = n/(n+1): five rows, a count of the rest, the last two (docs/design.md)
    rows = [[n, mpq(n, n + 1)] for n in range(2, 62)]
    t = table(["$n$", "$p(n)$"], rows, brief=say("for the 60 heaps $2 \\le n \\le 61$, $p(n)$ rises from",
                                                 value(mpq(2, 3)), "to", value(mpq(61, 62))))
    lines = to_plain(say(t)).strip().splitlines()
    assert lines[0] == "for the 60 heaps 2 ≤ n ≤ 61, p(n) rises from 2/3 ≈ 0.666667 to 61/62 ≈ 0.983871"
    assert [ln.split()[0] for ln in lines[2:7]] == ["2", "3", "4", "5", "6"]
    assert lines[7].strip() == "… 53 more rows …" and [ln.split()[0] for ln in lines[8:]] == ["60", "61"]
    assert t.column("n")[:2] == ["2", "3"] and t.cells("p(n)")[0].values() == [Fraction(2, 3)]
    # JSON keeps every row
    (part,) = to_json(say(t))
    assert len(part["rows"]) == 60 and part["rows"][59][1][0]["exact"] == "61/62"
    # a table is a block: the full stop written after it in a sentence is not printed under it
    assert not to_latex(say("see", t, ".")).endswith(".") and r"\begin{tabular}" in to_latex(t)


# -- JSON: every part carries its plain text; report --from reads it back without recomputing ----------------

def test_json_round_trip_keeps_every_rendering():
    x = sp.Symbol("x")
    c = say("at", value(mpq(1, 3), name="p"), "the bound", math(x**2), "and $d_k$ hold (", claim_ref("a.b"), "):",
            table(["$k$", "value"], [[1, mpq(1, 2)]]))
    data = json.loads(json.dumps(to_json(c)))
    assert [p["type"] for p in data] == ["text", "value", "text", "math", "text", "math", "text", "ref", "text",
                                         "table"]
    assert all(isinstance(p["text"], str) for p in data)
    back = from_json(data)
    for printer in (to_plain, to_latex, to_html, to_markdown):
        assert printer(back) == printer(c)
    assert from_json("a plain version-2 string") == Content(from_json("a plain version-2 string").parts)


def test_decimals_from_programs():
    assert decimal("-3.2e-11").latex == r"-3.2 \cdot 10^{-11}" and decimal("0.0161").plain == "0.0161"
    with pytest.raises(ValueError):
        decimal("[1.3 +/- 2]")


# -- no code or repr reaches any output of the default run (issue 30) ------------------------------------

#: What must not appear in any output: Python reprs, sympy's str(), ASCII relations and powers, escaped carets,
#: characters LaTeX could not set.
FORBIDDEN = ("{'", "['", "Derivative(", "**", "sqrt(", "<=", ">=", ">>", r"\textasciicircum", "[U+")

#: What must not appear in the text a referee reads (the PDF's text, the HTML with its tags removed; issue 45, item
#: 26): LaTeX source (a dollar, a command), ASCII mathematics (a one-letter subscript ``d_k``, an arrow ``->``), a
#: module's dotted name in prose, an option's ``--`` set as an en dash.
FORBIDDEN_READ = {"a dollar": r"\$", "a LaTeX command": r"\\[A-Za-z]{2,}", "an ASCII arrow": r"(?<!-)->",
                  "an ASCII subscript": r"(?<![\w.])(?:[A-Za-z]|mu|alpha|beta|eps)_[A-Za-z0-9](?!\w)",
                  "a module name": r"\bexactcube\.[a-z]", "an option as an en dash": r"–[a-z]"}


def _found_read(text: str) -> dict:
    """Each kind of :data:`FORBIDDEN_READ` found in ``text``, with up to three places (40 characters around)."""
    out = {}
    for what, pattern in FORBIDDEN_READ.items():
        hits = [text[max(0, m.start() - 40):m.end() + 20].replace("\n", " ") for m in re.finditer(pattern, text)]
        if hits:
            out[what] = (len(hits), hits[:3])
    return out


def _html_read(page: str) -> str:
    """The text of an HTML report as a reader sees it: no style, script or tags, entities resolved."""
    import html

    page = re.sub(r"(?s)<(style|script)\b.*?</\1>", " ", page)
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def test_the_reader_scan_finds_each_kind():
    """The scan itself: each kind is found in a sample of it, and none in clean text (ids, program names)."""
    for bad in ("$-K = 2K$", r"so \alpha = 4/5", "b/n -> 1/6", "at d_k the", "E_B(0) = y", "mu_x(y, z)",
                "as exactcube.brownian.alternating says", "with –slow"):
        assert _found_read(bad), bad
    assert not _found_read(r"ks69.sec5.alpha_aa, Backgammon_Triangle, q_offer, A ≥ B → C, 1–2, <!-- x -->, A\B")


#: The five documents of the default run (the opt-in gnubg has its own, slow, test below).
DOCUMENTS = ["ks69", "zk77", "floyd", "ju24", "noisy"]


def _outputs(results) -> dict:
    """Every output a referee reads, for ``results``: the LaTeX and HTML reports (tables included, no figures),
    ``verify --details`` and ``verify --errata --format md``."""
    from exactcube.baseline import errata_markdown
    from exactcube.cli.verify import details_text, readings_legend
    from exactcube.report import collect, render_html, render_latex

    parts = collect(results)
    return {"report.tex": render_latex(parts), "report.html": render_html(parts),
            "--details": "\n".join([details_text(r) for r in results] + readings_legend(results)),
            "--errata --format md": errata_markdown(results)}


@pytest.mark.parametrize("doc", DOCUMENTS)
def test_no_code_or_repr_in_any_output(doc, verdicts):
    results = [r for r in verdicts.values() if r.claim.document == doc]
    assert results
    outputs = _outputs(results)
    found = {(name, bad): text.count(bad) for name, text in outputs.items() for bad in FORBIDDEN
             if bad in text}
    assert not found, found
    assert not _found_read(_html_read(outputs["report.html"]))


def _found(outputs: dict) -> dict:
    return {(name, bad): text.count(bad) for name, text in outputs.items() for bad in FORBIDDEN if bad in text}


@pytest.mark.skipif(shutil.which("pdflatex") is None or shutil.which("pdftotext") is None,
                    reason="pdflatex or pdftotext (poppler-utils) not installed")
@pytest.mark.slow
def test_no_code_or_repr_in_the_pdf(verdicts, tmp_path):
    """The text of the typeset report of the five documents (no figures), as pdftotext extracts it."""
    from exactcube.report import build_pdf, collect, render_latex

    ok, log = build_pdf(render_latex(collect(list(verdicts.values()))), str(tmp_path))
    assert ok, log[-2000:]
    subprocess.run(["pdftotext", "-enc", "UTF-8", str(tmp_path / "report.pdf"), str(tmp_path / "report.txt")],
                   check=True, timeout=120)
    text = (tmp_path / "report.txt").read_text(encoding="utf-8")
    assert not _found({"report.pdf": text})
    assert not _found_read(text)


@pytest.mark.slow
def test_no_code_or_repr_in_the_gnubg_outputs(tmp_path):
    """``--paper gnubg`` (opt-in; its claims read GNU Backgammon's databases and build makebearoff's, about 70 s of
    CPU and 1.3 GB): every output, the PDF's text included when pdflatex is installed."""
    from exactcube import catalog
    from exactcube.claims import REGISTRY, run_claims
    from exactcube.report import build_pdf

    catalog.load()
    results = run_claims(sorted((c for c in REGISTRY.values() if c.document == "gnubg"), key=lambda c: c.id))
    if all(r.outcome == "open" for r in results):
        pytest.skip("GNU Backgammon's databases are not installed: every gnubg claim is open")
    assert results and not any(r.crashed for r in results)
    outputs = _outputs(results)
    if shutil.which("pdflatex") and shutil.which("pdftotext"):
        ok, log = build_pdf(outputs["report.tex"], str(tmp_path))
        assert ok, log[-2000:]
        subprocess.run(["pdftotext", "-enc", "UTF-8", str(tmp_path / "report.pdf"), str(tmp_path / "report.txt")],
                       check=True, timeout=600)
        outputs["report.pdf"] = (tmp_path / "report.txt").read_text(encoding="utf-8")
    assert not _found(outputs)


def test_an_option_never_becomes_an_en_dash_in_latex():
    """Issue 45, item 26: a figure caption showed ``--doubles`` as an en dash (LaTeX's ``--`` ligature)."""
    from exactcube.content.printers import latex_escape

    assert latex_escape("with --doubles 2") == "with -{}-doubles 2" and latex_escape("a-b") == "a-b"
