"""The API reference builds from the docstrings with Sphinx, warnings as errors.

A broken docstring (a bad ``:math:`` role, a malformed ``.. math::`` block, a reference to
a name that is gone) fails this test, as it fails ``sphinx-build -W`` for a reader.
"""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent

pytest.importorskip("sphinx")
pytest.importorskip("myst_parser")


def test_api_reference_builds_without_warnings(tmp_path):
    out = tmp_path / "html"
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                           "-d", str(tmp_path / "doctrees"), str(ROOT / "docs"), str(out)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-4000:]
    page = (out / "api" / "models.html").read_text(encoding="utf-8")
    # the facade's docstrings are there, and their mathematics is typeset (MathJax), not raw roles
    assert "exactcube.models.cube.thresholds" in page
    assert ":math:" not in page and "\\(" in page
