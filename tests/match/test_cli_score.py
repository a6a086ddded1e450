"""``exactcube bearoff|race ... --match N --score A-B``: match winning chances at a score on the commands
themselves, a gnubg match ID's or an XGID's own score, and every contradiction refused (status 2)."""

import io
import json

import pytest

from exactcube.cli import Output, main
from exactcube.numbers import parse_rational


def run(argv):
    buf = io.StringIO()
    code = main(argv, Output(buf, force_plain=True))
    return code, buf.getvalue()


def values(text: str) -> dict:
    """``label = 0.6875 (= 11/16)`` lines as {label: exact value} (only lines that print the fraction)."""
    out = {}
    for line in text.splitlines():
        if "= " in line and "(= " in line:
            label, rest = line.split("= ", 1)
            out[label.strip()] = parse_rational(rest.split("(= ")[1].split(")")[0])
    return out


def test_sure_win_at_two_away_each():
    # One checker on the ace each: the roller wins surely, a single game (the opponent has 1 checker).
    # 5-5 to 7 is 2-away/2-away.  No double: he wins 1 point, 1-away/2-away, the Crawford game, where
    # Zadeh's table (gnubg parameters, g1 = 1/4, post-Crawford B_0 = 1/2) gives the trailer
    # A(2-away, 1-away) = g1/2 + (1 - g1)/2 * 1/2 = 5/16, so the leader 11/16.  Doubling: a take loses
    # the match (1), a pass gives the same 11/16: doubling and not are equal.
    code, out = run(["bearoff", "1 0 0 0 0 0", "1 0 0 0 0 0", "--match", "7", "--score", "5-5"])
    assert code == 0, out
    v = values(out)
    assert v["cubeful MWC, no double"] == parse_rational("11/16")
    assert v["double, pass"] == parse_rational("11/16") and v["double, take"] == 1
    assert "action: double or not (equal)" in out and "table: Zadeh (1977)" in out


def test_gnubg_match_id_brings_its_score():
    # gnubg -t printed 3/cBAAAgAAAAAA:cAngADAAKAAE for the user (5 points, on roll, one checker on his
    # 6 point) against gnubg (3 points, three checkers on each of his points 1-3), a 7-point match.
    # The roller misses only with 1-1, 2-1, 3-1, 4-1, 3-2 (9/36) and then wins next turn, so he wins
    # surely, a gammon with 3/4 (the opponent bears a checker off whenever he rolls).  At 2-away a
    # gammon wins the match; a single win leaves 1-away/4-away (Crawford), worth 1 - A(4-away, 1-away)
    # = 1 - (1/8 B_1 + 3/8 B_2) with B_1 = 1/2 - 3/200 and B_2 = 1/8 + 3/16: 10524/12800.
    # Cubeless MWC = 3/4 + 1/4 * 10524/12800 = 12231/12800; a double is passed (2631/3200): too good.
    code, out = run(["bearoff", "3/cBAAAgAAAAAA:cAngADAAKAAE"])
    assert code == 0, out
    v = values(out)
    assert v["cubeless match winning chance"] == parse_rational("12231/12800")
    assert v["double, pass"] == parse_rational("2631/3200")
    assert "match to 7 at 5-3 (2-away/4-away" in out and "action: no double; they would pass" in out


def test_race_at_a_score_names_its_table():
    code, out = run(["race", "3", "3", "--match", "3", "--score", "1-1"])
    assert code == 0 and "table: Zadeh (1977)" in out
    # 3 pips each: the roller wins on any roll (every roll moves 3 or more pips), so at 2-away/2-away
    # the MWC is M(1-away, 2-away) in the Crawford game, 11/16 (derived above)
    v = values(out)
    assert v["chance you win the race"] == 1 and v["cubeless match winning chance"] == parse_rational("11/16")
    # the cube at 2-away/2-away: a take loses the match (1 for the roller), a pass gives 11/16 again
    assert v["double, take"] == 1 and v["double, pass"] == parse_rational("11/16")
    assert "action: double or not (equal)" in out


def test_race_in_the_crawford_game_is_its_cubeless_value():
    # no cube in the Crawford game: the recursion with match payoffs must give the cubeless MWC, computed
    # by another route (zk77's turn-count sums through the table)
    from exactcube.match import generate
    from exactcube.match.results import race_cube_match

    met = generate("zadeh", 5, exact=True)
    for x, y in ((9, 11), (30, 27)):
        r = race_cube_match(x, y, met, 1, 4, crawford=True)
        assert r.no_double == r.cubeless_mwc and r.double_take is None


def test_bearoff_at_score_json():
    code, out = run(["bearoff", "1 0 0 0 0 0", "1 0 0 0 0 0", "--match", "7", "--score", "5-5", "--json"])
    d = json.loads(out)
    assert code == 0 and d["score"]["length"] == 7 and d["no_double"] == "11/16"


@pytest.mark.parametrize("argv", [
    ["bearoff", "3/cBAAAgAAAAAA:cAngADAAKAAE", "--match", "5"],          # the ID says 7 points
    ["bearoff", "3/cBAAAgAAAAAA:cAngADAAKAAE", "--score", "3-5"],       # the ID says 5-3 (roller first)
    ["bearoff", "3/cBAAAgAAAAAA:cAngADAAKAAE", "--crawford"],           # no side is 1-away
    ["bearoff", "3/cBAAAgAAAAAA:UYnqADAAKAAE"],                         # dice rolled: no cube decision
    ["bearoff", "3/cBAAAgAAAAAA:UYnqADAAKAAE", "--cube", "theirs"],     # the ID's cube is the roller's
    ["bearoff", "XGID=------A---------------eee-:0:0:1:00:0:0:0:0:10", "--match", "7", "--score", "1-1"],  # money
    ["bearoff", "1 0 0 0 0 0", "1 0 0 0 0 0", "--match", "7"],          # no --score
    ["bearoff", "1 0 0 0 0 0", "1 0 0 0 0 0", "--score", "1-1"],        # no --match
    ["bearoff", "1 0 0 0 0 0", "1 0 0 0 0 0", "--match", "7", "--score", "7-1"],  # a score of 7 to 7
    ["bearoff", "1 0 0 0 0 0", "1 0 0 0 0 0", "--match", "7", "--score", "1-1", "--crawford"],  # no 1-away
    ["bearoff", "1 0 0 0 0 0", "1 0 0 0 0 0", "--match", "7", "--score", "6-1", "--cube-value", "2"],  # Crawford
    ["bearoff", "1 0 0 0 0 0", "1 0 0 0 0 0", "--match", "7", "--score", "1-1", "--cube-value", "3"],
    ["bearoff", "1 0 0 0 0 0", "1 0 0 0 0 0", "--match", "7", "--score", "1-1", "--jacoby"],
    ["bearoff", "1 0 0 0 0 0", "1 0 0 0 0 0", "--match", "12", "--score", "1-1"],  # Zadeh exact to 7-away
    ["bearoff", "1 0 0 0 0 0", "1 0 0 0 0 0", "--met", "mec"],          # a table without a score
    ["race", "70", "75", "--match", "7", "--score", "6-1", "--cube", "mine"],  # a cube in the Crawford game
    ["race", "70", "75", "--match", "7", "--score", "1-1", "--dice", "plain"],
])
def test_refused(argv, capsys):
    code, out = run(argv)
    assert code == 2 and "Traceback" not in capsys.readouterr().err


def test_the_options_bound_is_the_tables():
    # the command line bounds --match without importing the match package (it loads flint): the same number
    from exactcube.cli.common import MAX_MATCH
    from exactcube.match.met import MAX_LENGTH

    assert MAX_MATCH == MAX_LENGTH
