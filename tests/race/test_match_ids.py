"""gnubg match IDs and XGIDs with a match score (exactcube.race.bearoff.ids), read against gnubg itself.

The recorded IDs below were printed by ``gnubg -t`` (GNU Backgammon 1.07) after setting the state
named beside each: player 0 is "gnubg", player 1 the user; the position ID 3/cBAAAgAAAAAA is one
checker on the roller's 6 point against three each on the other side's 1, 2 and 3 points."""

import re
import shutil
import subprocess

import pytest

from exactcube.errors import BadInput
from exactcube.race.bearoff.ids import parse_match_id, parse_pair, parse_xgid

ROLLER, OTHER = (0, 0, 0, 0, 0, 1), (5, 5, 5, 0, 0, 0)

RECORDED = [
    # 7-point match, gnubg 3 and the user 5, the user on roll, cube 1 centred
    pytest.param("3/cBAAAgAAAAAA:cAngADAAKAAE", ROLLER, OTHER,
                 dict(match_length=7, score=(5, 3), crawford=False, cube="centred", cube_value=1), id="7pt-3-5"),
    # the same after "set cube value 2", "set cube owner 1" (the user), with the dice 5-2 rolled
    pytest.param("3/cBAAAgAAAAAA:UYnqADAAKAAE", ROLLER, OTHER,
                 dict(match_length=7, score=(5, 3), crawford=False, cube="mine", cube_value=2, dice=(5, 2)),
                 id="7pt-cube2-rolled"),
    # "set score 6 5", "set crawford on", "set turn gnubg": gnubg (6 points) on roll, the user owns the 2-cube
    pytest.param("IAAAfN8HAAAAAA:kQHgAGAAKAAE", OTHER, ROLLER,
                 dict(match_length=7, score=(6, 5), crawford=True, cube="theirs", cube_value=2), id="crawford"),
    # 9-point match, gnubg 4 and the user 7, gnubg on roll and owning a 4-cube
    pytest.param("3/cBAAAgAAAAAA:AgEgAUAAOAAE", ROLLER, OTHER,
                 dict(match_length=9, score=(4, 7), crawford=False, cube="mine", cube_value=4), id="9pt-4-7"),
]


@pytest.mark.parametrize("text,me,them,want", RECORDED)
def test_recorded_gnubg_ids(text, me, them, want):
    x, y, fields = parse_pair(text)
    assert (x, y) == (me, them)
    assert {k: fields.get(k) for k in want} == want
    assert "dice" in fields or "dice" not in want


def test_xgid_with_a_score():
    # bottom player (on turn) one checker on his ace ('A' at cell 1), top player one on his ace
    # ('a' at cell 24); scores 3 (bottom) and 5 (top) to 7; cube 2^1 owned by the bottom player
    _, _, f = parse_xgid("XGID=-A----------------------a-:1:1:1:00:3:5:0:7:10")
    assert f["match_length"] == 7 and f["score"] == (3, 5) and f["cube"] == "mine" and f["crawford"] is False
    # the top player on turn: his score first, the cube now the opponent's; rules field 1 = Crawford game
    _, _, f = parse_xgid("XGID=-A----------------------a-:1:1:-1:00:6:4:1:7:10")
    assert f["score"] == (4, 6) and f["cube"] == "theirs" and f["crawford"] is True


@pytest.mark.parametrize("text", [
    "XGID=-A----------------------a-:0:0:1:00:7:4:0:7:10",  # a score equal to the match length
    "XGID=-A----------------------a-:0:0:1:00:x:4:0:7:10",  # a score that is no number
])
def test_xgid_bad_scores(text):
    with pytest.raises(BadInput):
        parse_xgid(text)


def _pack(fields: dict) -> str:
    """A match ID packed by gnubg matchid.c's layout: {first bit: (width, value)}."""
    key = sum(v << pos for pos, (_, v) in fields.items())
    six = int.from_bytes(key.to_bytes(9, "little"), "big")
    b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    return "".join(b64[six >> (6 * (11 - i)) & 63] for i in range(12))


PLAYING = {4: (2, 3), 8: (3, 1)}  # the cube centred, the game in play


def test_pack_matches_gnubg():
    # cube centred, player 1 on roll and to decide, 7-point match, 3-5: gnubg's cAngADAAKAAE
    assert _pack({**PLAYING, 6: (1, 1), 11: (1, 1), 21: (15, 7), 36: (15, 3), 51: (15, 5), 66: (1, 1)}) == "cAngADAAKAAE"


@pytest.mark.parametrize("text", [
    "cAngADAA",        # too short
    "cAngADAAKAA!",    # not base64
    _pack({**PLAYING, 12: (1, 1), 21: (15, 7)}),  # a double offered
    _pack({**PLAYING, 36: (15, 3), 51: (15, 5)}),  # money (length 0) with a score of 3-5
    _pack({**PLAYING, 21: (15, 7), 36: (15, 7)}),  # a score of 7 in a 7-point match
    _pack({**PLAYING, 21: (15, 7), 15: (3, 5)}),  # one die rolled
    _pack({4: (2, 3), 8: (3, 2), 21: (15, 7)}),  # the game over
])
def test_bad_match_ids(text):
    with pytest.raises(BadInput):
        parse_match_id(text)


def _gnubg_ids(commands: str) -> list[tuple[str, str]]:
    out = subprocess.run(["/usr/games/gnubg", "-t", "-q"], input=commands, capture_output=True, text=True,
                         timeout=120).stdout
    return re.findall(r"Position ID: (\S+)\s+Match ID\s*: (\S+)", out)


@pytest.mark.skipif(shutil.which("gnubg") is None and not shutil.os.path.exists("/usr/games/gnubg"),
                    reason="gnubg is not installed")
@pytest.mark.parametrize("length,s0,s1,cube,owner,crawford", [
    (5, 2, 1, 2, 0, False), (11, 0, 9, 1, None, False), (3, 2, 0, 1, None, True), (25, 13, 20, 8, 1, False),
])
def test_against_gnubg(length, s0, s1, cube, owner, crawford):
    """Set a state in gnubg (player 0, on roll; ``owner`` 0 or 1 or centred), read the IDs it prints, decode them here."""
    cmds = [f"new match {length}", f"set score {s0} {s1}", "set turn gnubg",
            "set board 3/cBAAAgAAAAAA", f"set cube value {cube}"]
    cmds += [f"set cube owner {owner}"] if owner is not None else ["set cube centre"]
    cmds += ["set crawford on"] if crawford else []
    ids = _gnubg_ids("\n".join(cmds + ["show board", ""]))
    x, y, f = parse_pair(":".join(ids[-1]))
    assert (x, y) == (ROLLER, OTHER)
    assert (f["match_length"], f["score"], f["crawford"], f["cube_value"]) == (length, (s0, s1), crawford, cube)
    assert f["cube"] == {0: "mine", 1: "theirs", None: "centred"}[owner]
