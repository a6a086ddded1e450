"""Match equity tables: values derived by hand (in the comments) or printed by gnubg 1.07, an
independent program, and the checks shown to fail on broken tables."""

import dataclasses
import os

import pytest

from exactcube.errors import BadInput
from exactcube.match import (continuous_met, cube_points, last_roll_action, mec_met, read_gnubg_xml, zadeh_met)
from exactcube.match.arith import ball_precision
from exactcube.match.continuous import NORMAL, ContinuousMatch
from exactcube.match.zadeh import zadeh_post_crawford
from exactcube.numbers import exact_bounds, format_decimal, mpq

MET_DIR = "/usr/share/gnubg/met"


def pct4(v) -> str:
    """An entry as gnubg prints it: percent at 4 decimals (a ball must round one way)."""
    with ball_precision(256):
        lo, hi = exact_bounds(v * 100)
    a, b = format_decimal(lo, 4), format_decimal(hi, 4)
    assert a == b, f"{v} straddles a rounding boundary"
    return a


def test_zadeh_post_crawford_by_hand():
    # gnubg initPostCrawfordMET with g = 1/4, f2 = 3/200, f4 = 1/250:
    # B0 = g/2 + (1-g)/2 = 1/2; B1 = 1/2 - 3/200 = 97/200; B2 = g/2 + (1-g)/2 B0 = 1/8 + 3/16 = 5/16;
    # B3 = 1/8 + (3/8)(97/200) - 1/250 = 200/1600 + 291/1600 - 1/250 = 491/1600 - 1/250 = 2423/8000
    b = zadeh_post_crawford(4, mpq(1, 4), mpq(3, 200), mpq(1, 250))
    assert b == (mpq(1, 2), mpq(97, 200), mpq(5, 16), mpq(2423, 8000))


def test_zadeh_crawford_row_by_hand():
    # A[1][0] (2-away against a leader at 1-away, Crawford game) = g1/2 * 1 + (1-g1)/2 * B0 = 1/8 + 3/16 = 5/16
    m = zadeh_met(3, exact=True)
    assert m.pre[1][0] == mpq(5, 16) and m.pre[0][1] == mpq(11, 16)


# gnubg 1.07 prints these for met/zadeh.xml with <length> set to 64 (so that its own Zadeh recurrence
# is what it prints; show matchequitytable 8), in float32: an independent implementation.
GNUBG_ZADEH = {(2, 3): "60.3017", (3, 2): "39.6983", (4, 5): "57.7182", (5, 8): "67.9336", (8, 7): "44.4706",
               (6, 6): "50.0000", (7, 2): "15.3766"}


@pytest.mark.parametrize("a, b", list(GNUBG_ZADEH), ids=[f"{a}-{b}" for a, b in GNUBG_ZADEH])
def test_zadeh_against_gnubg_print(a, b):
    m = zadeh_met(8)
    assert pct4(m.pre[a - 1][b - 1]) == GNUBG_ZADEH[(a, b)]


def test_zadeh_exact_and_balls_agree():
    e, z = zadeh_met(6, exact=True), zadeh_met(6)
    with ball_precision(256):
        for i in range(6):
            for j in range(6):
                lo, hi = exact_bounds(z.pre[i][j])
                assert lo <= e.pre[i][j] <= hi


# gnubg 1.07, met/mec.xml with <length> 64: rows 2.. before the 4-away free drop matter
GNUBG_MEC = {(2, 3): "59.5300", (3, 2): "40.4700", (3, 4): "57.1582", (4, 3): "42.8418"}


@pytest.mark.parametrize("a, b", list(GNUBG_MEC), ids=[f"{a}-{b}" for a, b in GNUBG_MEC])
def test_mec_against_gnubg_print(a, b):
    assert pct4(mec_met(8).pre[a - 1][b - 1]) == GNUBG_MEC[(a, b)]


def test_mec_post_crawford_by_hand():
    # mec post_crawford, g = 13/50, w = 1/2: E1 = 1/2; E2 = E1 - 3/200 = 97/200;
    # E3 = w(1-g) E1 + w g E0 = (37/100)(1/2) + 13/100 = 63/200; E4 = E3 - 1/250 (the stated rule) = 311/1000
    # and E3 + 1/250 = 319/1000 as gnubg's mec.c codes it
    assert mec_met(4, exact=True).post == (mpq(1, 2), mpq(97, 200), mpq(63, 200), mpq(311, 1000))
    assert mec_met(4, exact=True, four_away_as_coded=True).post[3] == mpq(319, 1000)


def test_tables_symmetric_and_monotone_exactly():
    for m in (zadeh_met(6, exact=True), mec_met(6, exact=True), continuous_met(6, exact=True)):
        assert [c.holds for c in m.checks()] == [True, True, True], m.name


def test_checks_fail_on_broken_tables():
    m = zadeh_met(4, exact=True)
    rows = [list(r) for r in m.pre]
    rows[2][1] += mpq(1, 10)  # 3-away/2-away raised: M(3,2) + M(2,3) = 11/10, not 1
    rows[1][1] = mpq(9, 10)   # 2-away/2-away above 2-away/3-away: needing one point more would help
    broken = dataclasses.replace(m, pre=tuple(tuple(r) for r in rows))
    assert broken.check_symmetry().holds is False
    assert broken.check_monotonicity().holds is False
    post = list(m.post)
    post[3] = post[2] + mpq(1, 100)  # the trailer better at 4-away than at 3-away
    assert dataclasses.replace(m, post=tuple(post)).check_free_drops().holds is False


def test_continuous_by_hand():
    # Post-Crawford (no gammons): the trailer doubles at once, the leader is indifferent at p = 1/2, so the
    # trailer at k-away has 2^-ceil(k/2).  Crawford game: M(1, 2) = 1/2 + (1/2)(1/2) = 3/4 = M(1, 3).
    # 2-away/2-away: doubled, the game is for the match (A's equity p); B takes while p <= 3/4 = M(1, 2),
    # so A's take point is 1/4 and the equity p = 1/2 at the start.
    m = continuous_met(4, exact=True)
    assert m.post == (mpq(1, 2), mpq(1, 2), mpq(1, 4), mpq(1, 4))
    assert m.pre[0][1] == m.pre[0][2] == mpq(3, 4)
    assert m.pre[1][1] == mpq(1, 2)


def test_continuous_two_three_by_hand():
    # A 2-away, B 3-away, cube centred.  W = M(1,3) = 3/4, L = M(2,2) = 1/2.
    # A doubles to 2: B owns it and may redouble to 4 (B needs 3); A takes the 4-cube (a game for the match,
    # equity p) while p >= M(2,1) = 1/4, so after B's take A's equity is p on [1/4, 1]: B's take point
    # (A's cash point) solves p = W, p = 3/4.
    # B doubles to 2: A owns a dead cube (A needs 2): A's equity 1/4 + 3p/4 (from M(2,1) to 1);
    # A takes while 1/4 + 3p/4 >= L = 1/2, p >= 1/3.
    # M(2,3) = 1/2 + (1/2 - 1/3)(3/4 - 1/2)/(3/4 - 1/3) = 1/2 + 1/10 = 3/5.
    c = cube_points(2, 3)
    assert (c.take, c.cash, c.equity_at_half) == (mpq(1, 3), mpq(3, 4), mpq(3, 5))
    assert c.double_from == mpq(3, 4)  # the window is one point: no earlier double gains
    two = cube_points(2, 2)  # at 2-away/2-away every double in [1/4, 3/4] is as good as waiting
    assert (two.take, two.cash, two.double_from) == (mpq(1, 4), mpq(3, 4), mpq(1, 4))


def test_continuous_take_point_tends_to_money():
    # ks69: the money game with a live cube doubles and cashes at 4/5, takes down to 1/5.  At a long even
    # score the take point approaches 1/5 from above; at 25-away it is within 0.002, at 5-away not.
    m = ContinuousMatch(__import__("exactcube.match.arith", fromlist=["BallArithmetic"]).BallArithmetic())
    with ball_precision(300):
        far = m.segment(25, 25, 1, "centred", NORMAL).l
        near = m.segment(5, 5, 1, "centred", NORMAL).l
        lo, hi = exact_bounds(far)
        nlo, _ = exact_bounds(near)
    assert mpq(1, 5) < lo and hi < mpq(1, 5) + mpq(2, 1000)
    assert nlo > mpq(1, 5) + mpq(1, 100)


@pytest.mark.skipif(not os.path.isdir(MET_DIR), reason="gnubg-data not installed")
def test_read_xml_as_printed_and_last_roll_by_hand():
    m = read_gnubg_xml(os.path.join(MET_DIR, "Kazaross-XG2.xml"))
    assert m.length == 25 and m.pre[0][1] == mpq(67736, 100000)  # the file's row 1, second <me>: 0.67736
    # 2-away/2-away, last roll: ND = w M(1,2) + (1-w) M(2,1), DT = w, DP = M(1,2) = 0.67736.
    # w = 3/5: DT = 0.6 < DP, so B takes; ND = 0.6(0.67736) + 0.4(0.32264) = 0.535472 < 0.6: double, take.
    # w = 7/10: DT = 0.7 > DP, B passes; ND = 0.570944 < 0.67736: double, pass.
    assert last_roll_action(m, 2, 2, mpq(3, 5)).action.text == "double, take"
    assert last_roll_action(m, 2, 2, mpq(3, 5)).no_double == mpq(535472, 1000000)
    assert last_roll_action(m, 2, 2, mpq(7, 10)).action.text == "double, pass"
    assert last_roll_action(m, 2, 2, mpq(1, 2)).action.text == "double or not (equal)"  # ND = DT = 1/2


def test_bad_sizes_refused():
    with pytest.raises(BadInput):
        zadeh_met(0)
    with pytest.raises(BadInput):
        zadeh_met(12, exact=True)
    with pytest.raises(BadInput):
        cube_points(2, 2, cube=3)


# gnubg 1.07 prints these for met/mec.xml with <length> 64 where the model as stated differs: its 4-away
# free drop added (mec.c) and player 1's post-Crawford row from gnubg's defaults (gammon rate 0.25)
GNUBG_MEC_AS_CODED = {(1, 4): "82.1325", (1, 5): "84.2270", (5, 1): "15.8980", (2, 5): "73.6693"}


@pytest.mark.parametrize("a, b", list(GNUBG_MEC_AS_CODED), ids=[f"{a}-{b}" for a, b in GNUBG_MEC_AS_CODED])
def test_mec_as_gnubg_codes_it(a, b):
    m = mec_met(8, four_away_as_coded=True, leader_post_gammon_rate=mpq(1, 4))
    assert pct4(m.pre[a - 1][b - 1]) == GNUBG_MEC_AS_CODED[(a, b)]
    assert pct4(mec_met(8).pre[a - 1][b - 1]) != GNUBG_MEC_AS_CODED[(a, b)]  # the stated model differs there
