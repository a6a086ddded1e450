"""``exactcube bearoff``: answers, JSON, and bad input (one line on stderr, exit 2)."""

import json

import pytest



def test_one_position(cli):
    code, text = cli(["bearoff", "0 0 0 0 0 1"])
    # one checker on 6: 27/36 in one roll, else two (hand count in test_bearoff.py)
    assert code == 0 and "1 rolls: 3/4" in text and "2 rolls: 1/4" in text and "mean     = 5/4" in text


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
    assert code == 0 and json.loads(f.read_text())["mean"] == "5/4"


@pytest.mark.parametrize("argv", [
    ["bearoff", "1 2 3"],
    ["bearoff", "0 0 0 0 0 16"],
    ["bearoff", "x 0 0 0 0 0"],
    ["bearoff", "0 0 0 0 0 1", "0 0 0 0 0 1", "0 0 0 0 0 1"],
    ["bearoff", "0 0 0 0 0 1", "--cube", "centred"],
    ["bearoff", "0 0 0 0 0 1", "0 0 0 0 0 0"],
    # 24,860,196 pairs of positions: beyond the exact limit, and --exact refuses the estimate
    ["bearoff", "0 0 0 0 0 9", "0 0 0 0 0 9", "--exact"],
    ["bearoff", "0 0 0 0 0 1", "--no-gammons"],
    ["bearoff", "4HPwATDgc/ABMA"],  # the starting position: not a bearoff
    ["bearoff", "AQAAcAAAAAAAA!"],  # not base64
    ["bearoff", "AQAAcAAAAAAAAA", "0 0 0 0 0 1"],  # an ID holds both sides
    ["bearoff", "XGID=------A---------------eee-:0:0:1:52:0:0:0:0:10"],  # dice already rolled
    ["bearoff", "XGID=------A---------------eee-:0:0:1:00:0:0:0:7:10"],  # a 7-point match
    ["bearoff", "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"],  # starting position
    ["bearoff", "0 0 0 0 0 1", "0 0 0 0 0 1", "--db", "/nonexistent/file"],
    ["bearoff", "0 0 0 0 0 1", "--json", "/nonexistent/dir/o.json"],
])
def test_bad_input(argv, capsys, cli):
    code, _ = cli(argv)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
