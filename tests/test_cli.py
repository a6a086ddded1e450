"""The command line: main jobs, formats, and bad input (one line on stderr, exit 2)."""

import json
import subprocess
import sys

import pytest


@pytest.mark.slow
def test_verify_and_json(tmp_path, cli):
    out = tmp_path / "v.json"
    code, text = cli(["verify", "--paper", "ju24", "--json", str(out)])
    assert code == 0
    assert "ju24.thm1.2" in text and "verified" in text
    data = json.loads(out.read_text())
    ids = {c["id"] for c in data["claims"]}
    assert "ju24.thm1.2" in ids and all(c["document"] == "ju24" for c in data["claims"])


def test_table_formats(cli):
    code, text = cli(["table", "ju24.dk", "--size", "3", "--exact"])
    assert code == 0 and "13/16" in text and "51/64" in text
    code, text = cli(["table", "ju24.dk", "--size", "2", "--format", "csv"])
    assert code == 0 and text.splitlines()[0] == "k,d_k,a_k,d_k − 4/5"  # labels as plain text (a minus sign)
    code, text = cli(["table", "ju24.dk", "--size", "2", "--format", "latex"])
    assert code == 0 and r"\begin{tabular}" in text
    code, text = cli(["table", "ju24.dk", "--format", "json", "--size", "2"])
    assert json.loads(text)["cells"][2][0]["exact"] == "13/16"
    code, text = cli(["table", "--list"])
    assert code == 0 and "ju24.dk" in text


def test_cube(cli):
    code, text = cli(["cube", "--doubles", "2", "--p", "7/10"])
    assert code == 0 and "13/16" in text and "3/16" in text
    # centred, window [3/16, 13/16]: (7/10 - 3/16)/(10/16) = 41/50 -> equity 32/50 = 16/25
    assert "16/25" in text


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["cube", "--doubles", "-1"], "at least 0"),
        (["cube", "--doubles", "1.5"], "whole number"),
        (["cube", "--p", "2"], "[0, 1]"),
        (["cube", "--p", "abc"], "cannot read"),
        (["cube", "--cube", "sideways"], "centred, mine"),
        (["table", "no.such"], "unknown table"),
        (["table", "ju24.dk", "--bogus", "1"], "no option"),
        (["table", "ju24.dk", "--size", "-3"], "at least 0"),
        (["table", "ju24.dk", "--size", "999999"], "too large"),
        (["verify", "--paper", "nosuch"], "unknown document"),
        (["nosuchcommand"], "invalid choice"),
    ],
)
def test_bad_input_one_line_exit_2(argv, fragment, capsys, cli):
    code, _ = cli(argv)
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("exactcube: error:"), err
    assert fragment in err
    assert "Traceback" not in err


def test_python_dash_m_entry_point(cli):
    r = subprocess.run([sys.executable, "-m", "exactcube", "--version"], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("exactcube ")
    r = subprocess.run([sys.executable, "-m", "exactcube", "cube", "--p", "7"], capture_output=True, text=True)
    assert r.returncode == 2 and "Traceback" not in r.stderr
