"""Bearoffs and races at a match score: hand derivations in the comments."""

import os

import pytest

from exactcube.cubeaction import Action
from exactcube.errors import BadInput
from exactcube.match import continuous_met, read_gnubg_xml, zadeh_met
from exactcube.match.results import bearoff_match, cubeless_mwc, race_match
from exactcube.numbers import mpq

ONE = (0, 0, 0, 0, 0, 1)  # one checker on the 6-point: borne off in one roll with chance 13/16


def test_crawford_bearoff_by_hand():
    # 1-away/2-away, Crawford game (no cube): you win the match with 13/16; otherwise the opponent wins
    # the game, 1-away/1-away, 1/2.  MWC = 13/16 + (3/16)(1/2) = 29/32, by the recursion and by the mapping.
    m = zadeh_met(3, exact=True)
    r = bearoff_match(ONE, ONE, m, 1, 2)
    assert r.kind == "crawford" and r.action.text == "no double (Crawford game)" and r.action.action is Action.CANNOT_DOUBLE
    assert r.win == mpq(13, 16) and r.no_double == r.cubeless_mwc == mpq(29, 32)


@pytest.mark.skipif(not os.path.isdir("/usr/share/gnubg/met"), reason="gnubg-data not installed")
def test_two_away_two_away_bearoff_by_hand():
    # 2-away/2-away: taken, the doubled game decides the match (the opponent's 2-cube is dead: he needs 2),
    # so double/take = the chance of winning, 13/16; double/pass = M(1, 2) = 0.67736 (Kazaross-XG2 as
    # printed).  13/16 > 0.67736: the opponent passes, and the double gains over not doubling.
    m = read_gnubg_xml("/usr/share/gnubg/met/Kazaross-XG2.xml")
    r = bearoff_match(ONE, ONE, m, 2, 2)
    assert (r.double_take, r.double_pass) == (mpq(13, 16), mpq(67736, 100000))
    assert r.action.action is Action.DOUBLE_PASS and r.action.text == "double, pass" and r.no_double < r.double_pass


def test_cubeless_mapping_by_hand():
    # continuous table to 4-away: M(1,3) = 3/4 (Crawford), M(2,2) = 1/2, M(0, .) = 1, M(2,1) = 1/4.
    # A 2-away/3-away game won with 1/2, half the wins gammons, no lost gammons:
    # (1/4) M(1,3) + (1/4) M(0,3) + (1/2) M(2,2) = 3/16 + 1/4 + 1/4 = 11/16.
    m = continuous_met(4, exact=True)
    assert cubeless_mwc(m, 2, 3, mpq(1, 2), mpq(1, 4), 0) == mpq(11, 16)
    with pytest.raises(BadInput):
        cubeless_mwc(m, 2, 3, mpq(1, 2), mpq(3, 4), 0)  # more gammons than wins


def test_race_by_hand():
    # a 1-pip race: the roller bears off at once (win 1), so the MWC is M(a - 1, b) = M(1, 3) = 3/4
    w, mwc = race_match(1, 1, continuous_met(4, exact=True), 2, 3)
    assert (w, mwc) == (1, mpq(3, 4))


def test_ball_tables_refused():
    with pytest.raises(BadInput):
        bearoff_match(ONE, ONE, zadeh_met(5), 2, 2)
