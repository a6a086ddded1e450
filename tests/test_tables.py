"""exactcube.tables: comparisons with printed cells, and the four renderers."""

import csv
import io
import json
import shutil
import subprocess

import pytest

from exactcube.numbers import mpq, parse_rational
from exactcube.tables import Table


def small_table():
    t = Table("demo.t", "Demo & test_table", ["1", "2"], ["d_k", "a_k"], row_header="k")
    t.set(1, "d_k", mpq(3, 4))
    t.set(1, "a_k", mpq(1, 4))
    t.set(2, "d_k", mpq(13, 16))
    t.set(2, "a_k", mpq(3, 16))
    return t


def test_compare_and_errata():
    t = small_table()
    t.publish(1, "d_k", ".750")  # right
    t.publish(2, "d_k", ".8126")  # wrong: 13/16 = .8125 exactly
    t.publish(2, "a_k", ".19")  # right after rounding (.1875 -> .19)
    errs = t.errata()
    assert len(errs) == 1
    e = errs[0]
    assert (e.printed, e.true, e.true_rounded) == (".8126", "13/16", "0.8125")
    assert "row 2" in e.where and "d_k" in e.where


def test_printed_fractions_are_exact_cells():
    # a/b printed as a fraction: exact, right only when equal (3/16 for a_2 = 3/16; 1/5 for a_1 = 1/4 is not)
    t = small_table()
    t.publish(2, "a_k", "3/16")
    t.publish(1, "a_k", "1/5")
    errs = t.errata()
    assert [(e.where, e.printed, e.true, e.kind.value) for e in errs] == [
        ("demo.t row 1, column a_k", "1/5", "1/4", "misprint")]  # 1/4 with one digit changed
    assert type(errs[0].printed) is str  # an erratum's printed value is plain text
    back = Table.from_saved(json.loads(json.dumps(t.saved())))
    assert [(e.where, e.kind) for e in back.errata()] == [(e.where, e.kind) for e in errs]
    assert back.published[("2", "a_k")].form.value == "fraction"


def test_an_unreadable_cell_is_refused_when_published():
    from exactcube.errors import BadInput

    t = small_table()
    with pytest.raises(BadInput, match=r"demo\.t row 1, column d_k: .*cannot read '\.7S'"):
        t.publish(1, "d_k", ".7S")


def test_percent_scale():
    t = Table("demo.p", "pct", ["r"], ["c"], scale=100)
    t.set("r", "c", mpq(2, 3))  # 66.666..%
    t.publish("r", "c", "67")
    assert t.errata() == []
    t.publish("r", "c", "66")
    assert len(t.errata()) == 1


def test_arb_cells_compare_rigorously():
    flint = pytest.importorskip("flint")
    t = Table("demo.b", "ball", ["r"], ["c"], evidence="rigorous")
    t.set("r", "c", flint.arb(2).sqrt())  # 1.41421356...
    t.publish("r", "c", "1.414")
    assert t.compare()[0].agrees is True
    t.publish("r", "c", "1.415")
    assert t.compare()[0].agrees is False


def test_csv_round_trips_exact_values():
    t = small_table()
    rows = list(csv.reader(io.StringIO(t.to_csv(exact=True))))
    assert rows[0] == ["k", "d_k", "a_k"]
    assert parse_rational(rows[2][1]) == mpq(13, 16)
    back = {(r[0], c): parse_rational(v) for r in rows[1:] for c, v in zip(rows[0][1:], r[1:], strict=True)}
    assert back == {k: v for k, v in t.cells.items()}


def test_json_has_exact_and_decimal():
    t = small_table()
    t.publish(2, "d_k", ".8126")
    d = json.loads(json.dumps(t.to_json(digits=4)))
    cell = d["cells"][1][0]
    assert cell == {"exact": "13/16", "decimal": "0.8125", "published": ".8126", "agrees": False}


def test_rich_renders_and_marks_errata():
    from rich.console import Console

    t = small_table()
    t.publish(2, "d_k", ".8126")
    con = Console(file=io.StringIO(), width=120, no_color=True)
    con.print(t.to_rich(digits=4))
    text = con.file.getvalue()
    assert "0.8125" in text and "printed .8126" in text


def test_latex_escapes_and_marks():
    t = small_table()
    t.publish(2, "d_k", ".8126")
    tex = t.to_latex(exact=True)
    assert r"\frac{13}{16}" in tex and r"\toprule" in tex and r"Demo \& test\_table" in tex
    assert r"$^\dagger$" in tex


def test_notebook_reprs():
    t = small_table()
    assert "<table>" in t._repr_html_()
    assert t._repr_latex_().startswith("$$")


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex not installed")
def test_latex_compiles(tmp_path):
    from exactcube import catalog
    from exactcube.tables import TABLES

    catalog.load()
    t = TABLES["ju24.dk"](size=12)
    for exact in (True, False):
        doc = tmp_path / f"t{int(exact)}.tex"
        doc.write_text(t.to_latex_document(digits=6, exact=exact), encoding="utf-8")
        r = subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", doc.name],
            cwd=tmp_path, capture_output=True, text=True, timeout=120,
        )
        assert r.returncode == 0, r.stdout[-2000:]
        assert (tmp_path / f"t{int(exact)}.pdf").stat().st_size > 1000


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex not installed")
def test_latex_escape_survives_any_unicode(tmp_path):
    from exactcube.tables import latex_escape

    text = "Σ α_k ≤ β ∞ ε·x ± ½ é — “q” ℵ 5% & #1 {a} ~ ^ \\ < >"
    doc = tmp_path / "u.tex"
    doc.write_text("\\documentclass{article}\\begin{document}" + latex_escape(text) + "\\end{document}\n")
    r = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", doc.name], cwd=tmp_path,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout[-1500:]


def test_integer_columns_print_as_integers_at_any_digits():
    """Issue 45, item 8: a column of counts printed with --digits 4 reads 1275, not 1275.0000 (in LaTeX, HTML, the
    terminal and CSV); a column of fractions that holds an integer (a probability 1) keeps its decimals."""
    t = Table("demo.n", "counts", ["1", "2"], ["N", "p"], row_header="k")
    t.set(1, "N", 1275)
    t.set(2, "N", mpq(4))  # an integer stored as a rational is still a count
    t.set(1, "p", mpq(1))
    t.set(2, "p", mpq(13, 16))
    tex, html, csv_text = t.to_latex(digits=4), t.to_html(digits=4), t.to_csv(digits=4, exact=False)
    for text in (tex, html, csv_text):
        assert "1275" in text and "1275.0000" not in text and "4.0000" not in text, text
        assert "1.0000" in text and "0.8125" in text, text
    assert t.text("1", "N", 4) == "1275" and t.text("1", "p", 4) == "1.0000"


def test_mathematics_in_headers_is_written_between_dollars_as_documented():
    """Issue 45, item 5: a header "d_k" came out as d\\_k in LaTeX and captions with nothing saying how to write
    mathematics there.  The Table's documentation says it (dollars), and each format does what it says."""
    assert '``"$d_k$"``' in Table.__doc__ and r"``d\_k``" in Table.__doc__
    t = Table("demo.m", "Points $d_k$", ["1"], ["$d_k$", "d_k"], row_header="$k$")
    t.set(1, "$d_k$", mpq(3, 4))
    t.set(1, "d_k", mpq(3, 4))
    tex = t.to_latex()
    assert r"\(d_k\) & d\_k" in tex and r"Points \(d_k\)" in tex
    assert "<msub>" in t.to_html() and t.to_csv().splitlines()[0] == "k,d_k,d_k"
