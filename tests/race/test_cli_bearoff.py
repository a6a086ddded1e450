"""``exactcube bearoff``: answers, JSON, and bad input (one line on stderr, exit 2)."""

import json
import re

import pytest



def test_one_position(cli):
    code, text = cli(["bearoff", "0 0 0 0 0 1"])
    # one checker on 6: 27/36 in one roll, else two (hand count in test_bearoff.py)
    assert code == 0 and "1 roll: 3/4" in text and "2 rolls: 1/4" in text and "mean     = 5/4" in text


def test_two_positions_by_hand(cli):
    code, text = cli(["bearoff", "0 0 0 0 0 1", "0 0 0 0 0 1", "--cube", "centred"])
    # 13/16 by hand; the opponent is exactly indifferent between take and pass
    assert code == 0 and "13/16" in text and "exactly equal" in text


def test_json_stdout_and_file(tmp_path, cli):
    code, text = cli(["bearoff", "0 2 0 0 0 0", "1 0 0 0 0 0", "--json"])
    d = json.loads(text)
    # two on the 2 point get off unless a 1 is rolled with a larger die (10 of 36): 26/36
    assert code == 0 and d["win"] == "13/18" and set(d["cube"]) == {"centred", "mine", "theirs"}
    f = tmp_path / "o.json"
    code, text = cli(["bearoff", "0 0 0 0 0 1", "--json", str(f)])
    assert code == 0 and json.loads(f.read_text())["distribution"]["mean"] == "5/4"


@pytest.mark.parametrize("argv", [
    ["bearoff", "1 2 3"],
    ["bearoff", "0 0 0 0 0 16"],
    ["bearoff", "x 0 0 0 0 0"],
    ["bearoff", "0 0 0 0 0 1", "0 0 0 0 0 1", "0 0 0 0 0 1"],
    ["bearoff", "0 0 0 0 0 1", "--cube", "centred"],
    ["bearoff", "0 0 0 0 0 1", "0 0 0 0 0 0"],
    # 24,860,196 pairs of positions: beyond the exact limit, and --no-estimate refuses the estimate
    ["bearoff", "0 0 0 0 0 9", "0 0 0 0 0 9", "--no-estimate"],
    # an XGID whose cube is the roller's (value 2): another --cube conflicts with it
    ["bearoff", "XGID=--AA-----------------a----:1:1:1:00:0:0:0:0:10", "--cube", "centred"],
    ["bearoff", "--build", "--exact"],
    ["bearoff", "0 0 0 0 0 1", "--no-gammons"],
    ["bearoff", "4HPwATDgc/ABMA"],  # the starting position: not a bearoff
    ["bearoff", "AQAAcAAAAAAAA!"],  # not base64
    ["bearoff", "AQAAcAAAAAAAAA", "0 0 0 0 0 1"],  # an ID holds both sides
    ["bearoff", "XGID=------A---------------eee-:0:0:1:D:0:0:0:0:10"],  # a double offered
    ["bearoff", "0 0 0 0 0 1", "--roll", "6-5"],  # a roll needs both sides
    ["bearoff", "0 0 0 0 0 1", "0 0 0 0 0 1", "--roll", "7-1"],
    ["bearoff", "XGID=------A---------------eee-:0:0:1:52:0:0:0:0:10", "--roll", "6-5"],  # not its dice
    ["bearoff", "XGID=------A---------------eee-:0:0:1:00:0:0:0:7:10", "--match", "5"],  # a 7-point match, not 5
    ["bearoff", "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"],  # starting position
    ["bearoff", "0 0 0 0 0 1", "0 0 0 0 0 1", "--db", "/nonexistent/file"],
    ["bearoff", "0 0 0 0 0 1", "--json", "/nonexistent/dir/o.json"],
])
def test_bad_input(argv, capsys, cli):
    code, _ = cli(argv)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err


def test_xgid_cube_is_answered_and_echoed(cli):
    # two on points 2 and 3 against one on the 4 point, the roller owning a cube of 2 (cube field 1 =
    # log2 of 2, position 1 = bottom, the side on turn): the answer is for that cube, checked against
    # the brute-force solver of tests/race/brute_bearoff.py (an independent recursion over all plays)
    from fractions import Fraction

    from . import brute_bearoff as brute

    xgid = "XGID=--AA-----------------a----:1:1:1:00:0:0:0:0:10"
    code, text = cli(["bearoff", xgid, "--json"])
    d = json.loads(text)
    x, y = (0, 1, 1, 0, 0, 0), (0, 0, 0, 1, 0, 0)
    assert code == 0 and tuple(d["mine"]) == x and tuple(d["theirs"]) == y
    assert set(d["cube"]) == {"mine"} and d["cube_value"] == 2 and d["xgid"] == xgid
    assert Fraction(d["cube"]["mine"]["equity"]) == brute.cubeful(x, y, "mine")
    code, text = cli(["bearoff", xgid])
    assert code == 0 and "you own the cube" in text and "cube centred" not in text and xgid in text
    code, text = cli(["bearoff", xgid, "--cube", "mine"])  # the same cube: no conflict
    assert code == 0 and "you own the cube" in text


@pytest.mark.slow
def test_long_fractions_summarised_unless_exact(cli):
    # the one-sided estimate's values have 47 to 50 digits a side: summarised by digit counts (docs/cli.md,
    # "--exact"), and printed whole with --exact; the JSON keeps them whole either way
    argv = ["bearoff", "0 0 0 0 0 9", "0 0 0 0 0 9", "--cube", "centred"]
    code, text = cli(argv)
    win = json.loads(cli(argv + ["--json"])[1])["win"]
    num, den = win.split("/")
    assert code == 0 and len(win) > 60 and win not in text
    values = [line for line in text.splitlines() if re.search(r"= \S+  \(-?\d", line)]
    assert f"<{len(num)}-digit>/<{len(den)}-digit>" in text and len(values) == 5 and max(map(len, values)) < 80
    code, text = cli(argv + ["--exact"])
    assert code == 0 and f"= {win}  (" in text


def test_gammons_issue_case_json(cli):
    # one checker on the 6 point against 5-5-5 on points 1..3 (all 15 on the board): off at
    # once 27/36, a gammon; otherwise next roll, a single win.  Equity 1 + 3/4 = 7/4, and the
    # cube stays centred (double/pass gives only 1): hand derivation in test_bearoff_gammons.py
    code, text = cli(["bearoff", "0 0 0 0 0 1", "5 5 5 0 0 0", "--json", "-"])
    d = json.loads(text)
    assert code == 0 and d["win"] == "1" and d["win_gammon"] == "3/4" and d["lose_gammon"] == "0"
    assert d["cubeless_equity"] == "7/4" and d["cube"]["centred"]["equity"] == "7/4"
    assert d["cube"]["centred"]["equity_decimal"] == "1.750000" and d["cube"]["centred"]["too_good"]
    assert d["gammons"] == "counted" and "no Jacoby" in d["conventions"]


def test_certain_gammon_and_no_gammons(cli):
    # one checker on the 3 point is off whatever the roll; the opponent has all 15 on the board
    code, text = cli(["bearoff", "0 0 1 0 0 0", "15 0 0 0 0 0", "--json"])
    d = json.loads(text)
    assert code == 0 and d["win_gammon"] == "1" and d["cube"]["centred"]["equity"] == "2"
    code, text = cli(["bearoff", "0 0 1 0 0 0", "15 0 0 0 0 0", "--no-gammons"])
    assert code == 0 and "gammons: ignored (--no-gammons)" in text and "equity 1  (1.000000)" in text


def test_take_pass_tie_is_flagged(cli):
    # one checker on the 6 point each: 13/16 by hand; double/take = 2 * (1/2) = 1 = double/pass
    code, text = cli(["bearoff", "0 0 0 0 0 1", "0 0 0 0 0 1", "--json"])
    c = json.loads(text)["cube"]["centred"]
    assert code == 0 and c["tie"] and c["tie_take"] and c["action"] != "double, pass"
    assert c["double_take"] == c["double_pass"] == "1"


def test_position_ids_accepted_and_printed(cli):
    # gnubg 1.07 shows 3/cBAAAgAAAAAA as: on roll one checker on the 6 point, against 5-5-5
    code, text = cli(["bearoff", "3/cBAAAgAAAAAA", "--json"])
    d = json.loads(text)
    assert code == 0 and d["mine"] == [0, 0, 0, 0, 0, 1] and d["theirs"] == [5, 5, 5, 0, 0, 0]
    assert d["cube"]["centred"]["equity"] == "7/4" and d["gnubg_id"] == "3/cBAAAgAAAAAA"
    # the same pair as an XGID with the top player on turn: the top side is "you"
    # bottom: 5-5-5 on points 1..3 (characters 1..3); top: one checker on its 6 point,
    # character 25 - 6 = 19
    board = "-" + "EEE" + "-" * 15 + "a" + "-" * 6
    assert len(board) == 26 and board[19] == "a"
    code, text = cli(["bearoff", f"XGID={board}:0:0:-1:00:0:0:0:0:10"])
    assert code == 0 and "bearoff 0 0 0 0 0 1 (you, on roll) vs 5 5 5 0 0 0" in text
    assert "read from the XGID" in text and "equity 7/4" in text


def test_one_side_gammon_distribution_and_decimals(cli):
    # 14 on the 1 point and one on the 6: the first checker is off at once unless 3-2 is
    # rolled (2/36), then surely next roll (hand count in test_bearoff_gammons.py)
    code, text = cli(["bearoff", "14 0 0 0 0 1", "--json", "-", "--digits", "4"])
    d = json.loads(text)
    assert code == 0 and d["gammon"]["rolls"] == {"1": "17/18", "2": "1/18"}
    assert d["gammon"]["rolls_decimal"] == {"1": "0.9444", "2": "0.0556"}
    assert d["gammon"]["mean"] == "19/18" and d["distribution"]["rolls_decimal"].keys() == d["distribution"]["rolls"].keys()
    # fewer than 15 checkers: no gammon distribution
    code, text = cli(["bearoff", "0 0 0 0 0 1", "--json"])
    assert code == 0 and json.loads(text)["gammon"] is None


HEAVY = ("sympy", "mpmath", "flint", "numpy", "matplotlib", "dask", "rich")


@pytest.mark.parametrize("query", [["0 0 1 1 0 0"], ["0 0 1 1 0 0", "0 1 1 0 0 0"]], ids=["one side", "two sides"])
def test_warm_query_imports_only_its_own_path(tmp_path, query):
    """A query answered from built tables (plain output) imports neither the heavy libraries nor
    the other sub-commands: only the bearoff command's module is imported for the command line."""
    import subprocess
    import sys

    folder = str(tmp_path / "cache")
    code = ("import sys\nfrom exactcube.cli import main\n"
            f"rc = main({['bearoff', *query, '--cache-dir', folder]!r})\n"
            "mods = sorted(m for m in sys.modules if m.split('.')[0] in " + repr(HEAVY) +
            " or (m.startswith('exactcube.cli.') and m not in ('exactcube.cli.common', 'exactcube.cli.bearoff')))\n"
            "print('LOADED', rc, mods)\n")
    build = subprocess.run([sys.executable, "-m", "exactcube", "bearoff", "--build", "--checkers", "3",
                            "--cache-dir", folder], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "read from the cached table" in r.stdout
    assert r.stdout.splitlines()[-1] == "LOADED 0 []"


def _janowski_gammonless(p, x):
    """Janowski's no-double (cube centred) and double/take equities without gammons, written
    out from docs/bearoff.md: E(x) = (1 - x)(2p - 1) + x E_live(p); here 1/5 <= p < 4/5."""
    from fractions import Fraction

    assert Fraction(1, 5) <= p < Fraction(4, 5)
    nd = (1 - x) * (2 * p - 1) + x * (10 * p - 5) / 3
    dt = 2 * ((1 - x) * (2 * p - 1) + x * (5 * p - 3) / 2)
    return nd, dt


@pytest.mark.slow
@pytest.mark.parametrize("extra, x", [([], "3/5"), (["--cube-x", "1/2"], "1/2"), (["--cube-x", "0.25"], "1/4")])
def test_beyond_the_exact_limit_cubeful_by_janowski(cli, capsys, extra, x):
    # nine checkers on the 6 point each: 24,860,196 pairs, beyond the exact limit; the one-sided
    # estimate's win chance p, then Janowski's equities with x (default gnubg's 0.6), labelled a model
    from fractions import Fraction

    code, text = cli(["bearoff", "0 0 0 0 0 9", "0 0 0 0 0 9", "--json", "-"] + extra)
    assert code == 0
    d = json.loads(text)
    p, xq = Fraction(d["win"]), Fraction(x)
    nd, dt = _janowski_gammonless(p, xq)
    c = d["cube"]["centred"]
    assert Fraction(c["no_double"]) == nd and Fraction(c["double_take"]) == dt and c["double_pass"] == "1"
    assert c["action"] == ("double, take" if min(dt, 1) > nd else "no double")
    assert d["cube_x"] == x and d["evidence"] == "exact"
    assert d["provenance"]["assumptions"] == ["bearoff.one-sided-model", "bearoff.janowski-interpolation"]
    assert f"Janowski's interpolation with x = {x}" in d["cubeful"] and "two-sided recursion" in d["cubeful"]
    assert "one-sided estimate" in d["method"] and set(d["cube"]) == {"centred", "mine", "theirs"}
    capsys.readouterr()
    code, text = cli(["bearoff", "0 0 0 0 0 9", "0 0 0 0 0 9"] + extra)
    assert code == 0 and "evidence: model" not in text
    assert "evidence: exact, under the readings bearoff.one-sided-model, bearoff.janowski-interpolation" in text
    assert f"cubeful equities below, an approximation: one-sided model + Janowski's interpolation with x = {x}" in text
    assert "cube centred: equity" in text and "they own the cube: equity" in text and "action: " in text


@pytest.mark.parametrize("value, words", [("2", "between 0 and 1"), ("-1/3", "between 0 and 1"),
                                          ("abc", "cannot read"), ("1/0", "zero denominator")])
def test_bad_cube_x(value, words, capsys, cli):
    code, _ = cli(["bearoff", "0 0 0 0 0 9", "0 0 0 0 0 9", "--cube-x", value])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--cube-x" in err and words in err and "Traceback" not in err
    code, _ = cli(["bearoff", "0 0 0 0 0 9", "--cube-x", "1/2"])  # one position: no cube
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "--cube-x" in err


def test_beyond_the_exact_limit_gammons_enter_janowski(cli):
    # five on the 6 point against 15 on the 4 point: beyond the exact limit, with gammon wins in
    # the one-sided estimate.  gnubg's Cl2CfMoney written out here with fractions (docs/bearoff.md):
    # W = 1 + Wg/p, L = 1 (no gammon losses), TP = (L - 1/2)/(W + L + 1/2), CP = (L + 1)/(W + L + 1/2);
    # p >= CP, so centred and owned live equity 1 + (W - 1)(p - CP)/(1 - CP), opponent-owned
    # -1 + (W + 1)(p - TP)/(1 - TP); dead 2p - 1 + Wg; E = (1 - x) dead + x live, x = 3/5
    from fractions import Fraction as F

    code, text = cli(["bearoff", "0 0 0 0 0 5", "0 0 0 15 0 0", "--json", "-"])
    d = json.loads(text)
    p, wg, x = F(d["win"]), F(d["win_gammon"]), F(3, 5)
    assert code == 0 and wg > 0 and d["lose_gammon"] == "0" and d["gammons"] == "counted"
    W, L = 1 + wg / p, F(1)
    tp, cp = (L - F(1, 2)) / (W + L + F(1, 2)), (L + 1) / (W + L + F(1, 2))
    assert p >= cp
    dead = 2 * p - 1 + wg
    centred = (1 - x) * dead + x * (1 + (W - 1) * (p - cp) / (1 - cp))
    theirs = (1 - x) * dead + x * (-1 + (W + 1) * (p - tp) / (1 - tp))
    assert F(d["cube"]["centred"]["no_double"]) == F(d["cube"]["mine"]["no_double"]) == centred
    assert F(d["cube"]["theirs"]["no_double"]) == theirs
    assert F(d["cube"]["centred"]["double_take"]) == 2 * theirs
