"""The verification report, the JSON schema of `verify --json`, and notebook display."""

import io
import json
import shutil
from importlib import resources

import pytest

from exactcube.cli import Output, main


def _run(argv):
    buf = io.StringIO()
    return main(argv, Output(buf, force_plain=True)), buf.getvalue()


def test_verify_json_validates_against_shipped_schema(tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(resources.files("exactcube").joinpath("schema/verdicts.json").read_text())
    out = tmp_path / "v.json"
    code, _ = _run(["verify", "--paper", "ks69", "--json", str(out)])
    assert code == 0
    data = json.loads(out.read_text())
    jsonschema.validate(data, schema)
    assert data["claims"], "no claims written"
    # the schema is not vacuous: a wrong outcome is rejected
    data["claims"][0]["outcome"] = "probably"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema)


def test_report_tex(tmp_path):
    out = tmp_path / "r.tex"
    code, text = _run(["report", "-o", str(out), "--paper", "ju24", "--no-figures"])
    assert code == 0
    tex = out.read_text()
    assert r"\begin{document}" in tex and "ju24.thm1.2" in tex and "Provenance" in tex and "Errata" in tex


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex not installed")
def test_report_pdf_compiles(tmp_path):
    out = tmp_path / "r.pdf"
    code, text = _run(["report", "-o", str(out), "--paper", "ju24", "--paper", "ks69", "--no-figures"])
    assert code == 0, text
    assert out.stat().st_size > 10_000


def test_report_bad_output(capsys):
    code, _ = _run(["report", "-o", "report.docx"])
    assert code == 2 and "pdf or .tex" in capsys.readouterr().err


def test_notebook_display_of_results():
    from exactcube.brownian import alternating as alt
    from exactcube.claims import verified

    th = alt.thresholds(2)
    assert r"\frac{13}{16}" in th._repr_latex_()
    assert "13/16" in th._repr_html_()
    v = verified("exact", "fine")
    assert "verified" in v._repr_html_() and "exact" in v._repr_latex_()
