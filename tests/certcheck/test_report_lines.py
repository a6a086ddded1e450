"""``report --certificates DIR``: under each verdict, whether certcheck passed its certificates, with their SHA-256."""

from __future__ import annotations

import hashlib
import io
import json

import pytest

from exactcube.cli import Output, main


def _cli(argv):
    buf = io.StringIO()
    code = main(list(argv), Output(buf, force_plain=True))
    return code, buf.getvalue()


@pytest.fixture(scope="module")
def p2(tmp_path_factory):
    folder = tmp_path_factory.mktemp("certs")
    code, text = _cli(["verify", "--certificates", str(folder), "--claim", "noisy.sec3.p2"])
    assert code == 0, text
    from exactcube.catalog import load
    from exactcube.claims import REGISTRY, run_claims

    load()
    return folder, run_claims([REGISTRY["noisy.sec3.p2"], REGISTRY["noisy.example2"]])


def test_certified_line_names_every_hash(p2):
    from exactcube.report import certificate_lines, collect, render_html, render_latex

    folder, results = p2
    lines = certificate_lines(str(folder), results)
    files = sorted(f for f in json.loads((folder / "MANIFEST.json").read_text())["files"])
    assert files == ["noisy.sec3.p2.above.json", "noisy.sec3.p2.below.json", "noisy.sec3.p2.ends.json"]
    line = lines["noisy.sec3.p2"]
    assert line.startswith("certified by certcheck (")
    for f in files:  # the hash of the file's bytes, computed here
        assert f"{f[:-5]}, SHA-256 {hashlib.sha256((folder / f).read_bytes()).hexdigest()}" in line
    assert lines["noisy.example2"] == f"no certificate in {folder}"
    parts = collect(results)
    parts.certified = lines
    assert "<em>Independent check:</em> certified by certcheck" in render_html(parts)
    assert r"\emph{Independent check:} certified by certcheck" in render_latex(parts)


def test_a_rejected_certificate_is_said(p2, tmp_path):
    from exactcube.report import certificate_lines

    folder, results = p2
    for f in folder.iterdir():
        (tmp_path / f.name).write_bytes(f.read_bytes())
    bad = tmp_path / "noisy.sec3.p2.below.json"
    bad.write_bytes(bad.read_bytes().replace(b'"-1"', b'"-2"', 1))
    line = certificate_lines(str(tmp_path), results)["noisy.sec3.p2"]
    assert line.startswith("certcheck rejected noisy.sec3.p2.below: SHA-256 differs from the manifest")


def test_report_refuses_a_folder_without_manifest(tmp_path, capsys):
    code, _ = _cli(["report", "--paper", "noisy", "--certificates", str(tmp_path), "-o", str(tmp_path / "r.html")])
    assert code == 2
    assert "holds no MANIFEST.json" in capsys.readouterr().err
