"""``exactcube match``: the table through the one table machinery, and bad input refused with status 2."""

import io
import json
import os

import pytest

from exactcube.cli import Output, main
from exactcube.numbers import parse_rational


def run(argv):
    buf = io.StringIO()
    code = main(argv, Output(buf, force_plain=True))
    return code, buf.getvalue()


def test_met_json_exact_reads_back():
    code, out = run(["match", "met", "--model", "zadeh", "--length", "3", "--exact", "--format", "json"])
    assert code == 0
    data = json.loads(out)
    row = data["rows"].index("2-away")
    # the Crawford game 2-away/1-away is 5/16 = 31.25 percent (tests/match/test_met.py derives it)
    assert parse_rational(data["cells"][row][0]["exact"]) == parse_rational("125/4")


def test_met_csv_file_and_summary(tmp_path):
    path = tmp_path / "z.csv"
    code, out = run(["match", "met", "--model", "mec", "--length", "4", "--exact", "-o", str(path)])
    assert code == 0 and f"wrote {path}" in out and "largest denominator" in out
    rows = path.read_text().splitlines()
    assert rows[0] == ",1-away,2-away,3-away,4-away"
    assert parse_rational(rows[1].split(",")[2]) == parse_rational("137/2")  # mec's Crawford 1-away/2-away 68.5%


def test_met_latex():
    code, out = run(["match", "met", "--model", "continuous", "--length", "3", "--format", "latex"])
    assert code == 0 and r"\begin{tabular}" in out


@pytest.mark.parametrize("argv", [
    ["match", "met", "--model", "foo"],
    ["match", "met", "--length", "0"],
    ["match", "met", "--length", "65"],
    ["match", "met", "--model", "zadeh", "--length", "20", "--exact"],
    ["match", "met", "--file", "/nonexistent.xml"],
    ["match", "cube", "3"],
    ["match", "cube", "3", "5", "--level", "3"],
    ["match", "cube", "3", "x"],
    ["match", "last-roll"],
    ["match", "last-roll", "--win", "3/2"],
    ["match", "met", "--win", "1/2"],
], ids=lambda a: " ".join(a[1:]))
def test_bad_input_status_2(argv, capsys):
    code, _ = run(argv)
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("exactcube: error:") and err.count("\n") == 1


def test_cube_two_two():
    """Each value on its own line (issue 45, item 25: the test passed with the take and cash points swapped).

    By hand, at 2-away/2-away with the cube at 1 and no gammons: a taken double to 2 plays the match on this game,
    so the taker's match chance is his game chance q.  A pass gives the doubler 1 point: the taker is 2-away
    against 1-away and must win the Crawford game and then the post-Crawford game at 1-away/1-away, each an even
    game of the continuous model: 1/2 * 1/2 = 1/4.  He takes iff q >= 1/4: the take point is 1/4, and the doubler's
    cash point (the taker passes above it) is 1 - 1/4 = 3/4; the window is [1/4, 3/4]; at p = 1/2 the equity is 1/2
    by symmetry."""
    code, out = run(["match", "cube", "2", "2"])
    assert code == 0
    lines = {line.split(":")[0].strip(): line.split(":", 1)[1].strip() for line in out.splitlines()[1:] if ":" in line}
    assert lines["take point (pass below)"] == "1/4 = 0.2500"
    assert lines["cash point (they pass above)"] == "3/4 = 0.7500"
    assert lines["doubling window"] == "[1/4 = 0.2500, 3/4 = 0.7500]"
    assert lines["match equity at p = 1/2"] == "1/2 = 0.5000"


@pytest.mark.skipif(not os.path.isdir("/usr/share/gnubg/met"), reason="gnubg-data not installed")
def test_last_roll_table():
    code, out = run(["match", "last-roll", "--win", "0.6", "--up-to", "4", "--met",
                     "/usr/share/gnubg/met/Kazaross-XG2.xml", "--format", "csv"])
    assert code == 0
    assert out.splitlines()[1].split(",")[1] == "D/T"  # 2-away/2-away at w = 0.6 (tests/match/test_met.py)


def test_bearoff_at_a_score():
    # 1-away/2-away Crawford game: 29/32 (tests/match/test_match_games.py derives it)
    code, out = run(["match", "bearoff", "0 0 0 0 0 1", "0 0 0 0 0 1", "--match", "5", "--score", "4-3"])
    assert code == 0 and "(= 29/32)" in out and "Crawford game" in out


@pytest.mark.parametrize("argv", [
    ["match", "bearoff", "0 0 0 0 0 1", "0 0 0 0 0 1"],
    ["match", "bearoff", "0 0 0 0 0 1", "0 0 0 0 0 1", "--match", "5", "--score", "5-1"],
    ["match", "bearoff", "0 0 0 0 0 1", "0 0 0 0 0 1", "--match", "5", "--score", "3"],
    ["match", "bearoff", "0 0 0 0 0 1", "0 0 0 0 0 1", "--match", "9", "--score", "0-0"],
    ["match", "race", "70", "75", "--match", "5", "--score", "1-1", "--crawford"],
    ["match", "race", "70", "x", "--match", "5", "--score", "1-1"],
    ["match", "met", "--match", "5"],
], ids=lambda a: " ".join(a[1:]))
def test_bad_match_queries_status_2(argv, capsys):
    code, _ = run(argv)
    assert code == 2 and capsys.readouterr().err.startswith("exactcube: error:")
