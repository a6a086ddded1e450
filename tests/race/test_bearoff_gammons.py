"""Gammons in bearoffs (one-sided gammon distributions, two-sided values with gammons) and
bearoff positions as gnubg position IDs and XGIDs.

Independent references: hand derivations written beside each value; the numpy two-sided
solver of exactcube.race.bearoff.twosided (a different program) where no gammon can arise;
the bit layout of gnubg's position key built by hand here with Python's base64 module, its
builder checked on gnubg's starting-position ID; IDs displayed by gnubg 1.07 (``gnubg -t``,
``set board ID``, ``show board``) for the side on roll; gnubg's gammon words in gnubg_os0.bd.
"""

from __future__ import annotations

import base64

import pytest

from exactcube.errors import BadInput
from exactcube.numbers import mpq
from exactcube.race.bearoff import gnubgfiles as gf
from exactcube.race.bearoff import gammons as G
from exactcube.race.bearoff import ids
from exactcube.race.bearoff import onesided as os_
from exactcube.race.bearoff import twosided as ts
from exactcube.race.bearoff.positions import key_of

# ------------------------------------------------------------------ one-sided gammon distribution


@pytest.mark.parametrize("counts, probs", [
    # 15 on the 1 point: every die bears one off in the first roll
    pytest.param((15, 0, 0, 0, 0, 0), [0, 1], id="15 on 1"),
    # a checker already off: no gammon to save, G = 0
    pytest.param((14, 0, 0, 0, 0, 0), [1], id="14 checkers"),
    # 15 on the 6 point: first roll bears one off with a 6 (11), 5-1 and 4-2 (6 -> 1 -> off,
    # 6 -> 2 -> off: 2 + 2), 3-3 and 2-2 (6 -> 3 -> off, 6 -> 4 -> 2 -> off): 17/36
    pytest.param((0, 0, 0, 0, 0, 15), [0, mpq(17, 36)], id="15 on 6"),
    # 14 on the 1 point and one on the 6: any roll with a 1 or a 6 takes one off; of the
    # others only 3-2 fails (5-x, 4-x, 3-3, 2-2, 4-4 all bring the 6 down and bear it or a
    # 1-point checker off): 34/36, then 15 checkers on points 1..3 and one comes off: 2/36
    pytest.param((14, 0, 0, 0, 0, 1), [0, mpq(34, 36), mpq(2, 36)], id="14 on 1, 1 on 6"),
])
def test_gammon_distribution_by_hand(counts, probs):
    d = os_.gammon_distribution(counts)
    assert d.probabilities[: len(probs)] == [mpq(p) for p in probs]
    assert sum(d.probabilities) == 1


@pytest.fixture(scope="module")
def gnubg_gammon():
    path = gf.find_gnubg_os()
    if path is None:
        pytest.skip("gnubg_os0.bd not installed (Debian package gnubg-data)")
    return gf.read_gnubg_os(path, gammon=True)


def test_gnubg_gammon_words_sampled(gnubg_gammon):
    """gnubg's gammon words for the first 300 positions with 15 checkers: every word within
    2 quanta of the exact probability, and gnubg's integer step replayed on its stored
    successors reproduces each entry.  Positions with fewer checkers store 65535 at roll 0."""
    first = 38760  # C(20, 6): the positions of up to 14 checkers come first in gnubg's index
    assert gnubg_gammon[first - 1][0] == 65535 and gnubg_gammon[first][0] == 0
    res = gf.compare_gammons(gnubg_gammon, range(first, first + 300))
    assert res.entries == 32 * 300
    assert res.replay_matches == res.replay_checked > 250
    assert res.max_dev < 2


# ------------------------------------------------------------------ two-sided with gammons


def test_issue_case_seven_quarters():
    # one checker on the 6 point (on roll) against 5-5-5 on points 1..3: the single checker
    # is off at once with 27/36 (a gammon: the opponent has all 15 on the board); otherwise
    # it is on points 1..3, the opponent bears off (every die takes one off, at most four)
    # and the checker is off next roll.  Win 1, gammon 3/4, cubeless 1 + 3/4 = 7/4; the
    # centred cube stays: double/pass gives only 1, so no double, equity 7/4.
    e = G.solve_pair((0, 0, 0, 0, 0, 1), (5, 5, 5, 0, 0, 0))
    assert (e.win, e.win_gammon, e.lose_gammon, e.cubeless) == (1, mpq(3, 4), 0, mpq(7, 4))
    entry = ts.Entry(e.mine, e.theirs, e.win, e.nd_centred, e.nd_owned, e.nd_theirs)
    assert ts.cube_action(entry, "centred")["equity"] == mpq(7, 4)
    assert ts.cube_action(entry, "centred")["action"] == "no double"
    # the one-sided estimate is exact here too (no play of either side matters)
    est = G.one_sided_estimate((0, 0, 0, 0, 0, 1), (5, 5, 5, 0, 0, 0))
    assert (est.win, est.win_gammon, est.lose_gammon, est.cubeless) == (1, mpq(3, 4), 0, mpq(7, 4))


@pytest.mark.slow
def test_one_sided_estimate_on_paper():
    # the two paper cases below, where no choice of play changes the chances: the estimate
    # (each side's one-sided distributions) must give the same values (15 on the 6 point
    # needs the whole one-sided table: slow)
    est = G.one_sided_estimate((0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 15))
    assert (est.win, est.win_gammon, est.lose_gammon, est.cubeless) == (1, mpq(127, 144), 0, mpq(271, 144))
    est = G.one_sided_estimate((0, 0, 0, 0, 0, 15), (1, 0, 0, 0, 0, 0))
    assert (est.win, est.lose_gammon, est.cubeless) == (0, mpq(19, 36), mpq(-55, 36))


def test_certain_gammon():
    # one checker on the 3 point: every roll bears it off (1-1 and 2-1 step it home); the
    # opponent's 15 are all on the board: a gammon, worth 2 whatever the cube
    e = G.solve_pair((0, 0, 1, 0, 0, 0), (15, 0, 0, 0, 0, 0))
    assert (e.win, e.win_gammon, e.cubeless) == (1, 1, 2)
    assert e.nd_centred == e.nd_owned == e.nd_theirs == 2


def test_paper_case_opponent_may_save_the_gammon():
    # one checker on the 6 point against 15 on the opponent's 6 point.  Roller off at once:
    # 3/4 (gammon).  Otherwise (1/4) the opponent rolls and saves the gammon only by taking a
    # checker off, 17/36 (test_gammon_distribution_by_hand); then the roller, on points 1..3,
    # is off next roll.  Win gammon = 3/4 + 1/4 * 19/36 = 127/144, win 1, cubeless 271/144.
    x, y = (0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 15)
    e = G.solve_pair(x, y)
    assert (e.win, e.win_gammon, e.lose_gammon, e.cubeless) == (1, mpq(127, 144), 0, mpq(271, 144))
    # no cube turns: the roller never wants to double (double/pass gives only 1)
    assert e.nd_centred == e.nd_owned == e.nd_theirs == mpq(271, 144)
    # Jacoby: with the cube centred a gammon counts single, so playing on is worth exactly
    # 1, the same as double/pass (double/take 2 * 271/144 > 1: the opponent passes) - a tie
    j = G.solve_pair(x, y, jacoby=True)
    assert j.nd_centred == 1 and j.nd_owned == mpq(271, 144)
    a = ts.cube_action(ts.Entry(x, y, j.win, j.nd_centred, j.nd_owned, j.nd_theirs), "centred")
    assert a["tie_double"] and a["equity"] == 1


def test_losing_a_gammon_on_paper():
    # 15 on the 6 point on roll against one checker on the 1 point: the roller is off with a
    # checker at once 17/36; otherwise the opponent's checker comes off and he is gammoned.
    # So lose gammon 19/36, win 0, cubeless -(1 + 19/36) = -55/36.
    e = G.solve_pair((0, 0, 0, 0, 0, 15), (1, 0, 0, 0, 0, 0))
    assert (e.win, e.lose_gammon, e.cubeless) == (0, mpq(19, 36), mpq(-55, 36))
    assert G.solve_pair((0, 0, 0, 0, 0, 15), (1, 0, 0, 0, 0, 0), gammons=False).cubeless == -1


@pytest.mark.parametrize("x, y", [((0, 1, 1, 0, 0, 0), (0, 0, 0, 1, 0, 0)),
                                  ((0, 0, 0, 0, 3, 1), (1, 1, 1, 1, 0, 0))])
def test_no_gammons_agrees_with_the_numpy_solver(x, y):
    # fewer than 15 checkers: no gammon can arise; the pure-Python recursion and the limb
    # solver of twosided.py are different programs for the same recurrences
    e = G.solve_pair(x, y)
    t = ts.build(keys=[key_of(x), key_of(y)]).entry(x, y)
    assert (e.win, e.nd_centred, e.nd_owned, e.nd_theirs) == (t.win, t.nd_centred, t.nd_owned, t.nd_theirs)
    assert e.win_gammon == e.lose_gammon == 0 and e.cubeless == 2 * e.win - 1


def test_pair_limit():
    # 9 checkers on the 6 point each: millions of pairs of positions reachable
    assert G.reachable_pairs((0, 0, 0, 0, 0, 9), (0, 0, 0, 0, 0, 9)) is None
    with pytest.raises(BadInput):
        G.solve_pair((0, 0, 0, 0, 0, 9), (0, 0, 0, 0, 0, 9))


# ------------------------------------------------------------------ gnubg position IDs and XGIDs


def _hand_key(first25, second25) -> str:
    """gnubg's key by its published layout: per side, per point 1..24 and the bar, that many
    1s then a 0; padded to 80 bits; bit b in byte b // 8 at bit b % 8; base64, 14 characters."""
    bits = ""
    for side in (first25, second25):
        for c in side:
            bits += "1" * c + "0"
    bits = bits.ljust(80, "0")
    data = bytes(int(bits[8 * i: 8 * i + 8][::-1], 2) for i in range(10))
    return base64.b64encode(data).decode()[:14]


def _home(counts):
    return list(counts) + [0] * 19


def test_hand_builder_gives_the_starting_position():
    start = [0] * 25
    start[5], start[7], start[12], start[23] = 5, 3, 5, 2  # 6, 8, 13 and 24 points
    assert _hand_key(start, start) == "4HPwATDgc/ABMA"


@pytest.mark.parametrize("on_roll, opponent", [
    ((0, 0, 0, 0, 0, 1), (5, 5, 5, 0, 0, 0)),
    ((0, 0, 1, 0, 0, 0), (15, 0, 0, 0, 0, 0)),
    ((1, 2, 3, 4, 5, 0), (0, 0, 0, 0, 0, 15)),
    ((0, 0, 3, 0, 0, 0), (1, 0, 0, 0, 0, 0)),
])
def test_gnubg_id_from_the_bit_layout(on_roll, opponent):
    # gnubg 1.07 writes the side not on roll first (see the next test)
    hand = _hand_key(_home(opponent), _home(on_roll))
    assert ids.gnubg_id(on_roll, opponent) == hand
    assert ids.parse_gnubg_id(hand) == (on_roll, opponent)


@pytest.mark.parametrize("pid, on_roll, opponent", [
    # read off gnubg 1.07's board display (`set board ID`, `show board`): the side with the
    # dice, its pip count, and the other side's
    ("AQAAcAAAAAAAAA", (0, 0, 3, 0, 0, 0), (1, 0, 0, 0, 0, 0)),
    ("HAAAEAAAAAAAAA", (1, 0, 0, 0, 0, 0), (0, 0, 3, 0, 0, 0)),
    ("3/cBAAAgAAAAAA", (0, 0, 0, 0, 0, 1), (5, 5, 5, 0, 0, 0)),
    ("4P8PAADt3gcAAA", (1, 2, 3, 4, 5, 0), (0, 0, 0, 0, 0, 15)),
])
def test_gnubg_ids_as_gnubg_shows_them(pid, on_roll, opponent):
    assert ids.parse_gnubg_id(pid) == (on_roll, opponent)


@pytest.mark.parametrize("text", [
    "4HPwATDgc/ABMA",  # starting position: checkers outside the home boards
    "AQAAcAAAAAA",  # too short
    "AQAAcAAAAAAA-A",  # not base64
    "AQAAcAAAAAAAAB",  # stray bits in the last character
    "//////////////",  # more than 15 checkers
])
def test_gnubg_id_rejects(text):
    with pytest.raises(BadInput):
        ids.parse_gnubg_id(text)


def test_xgid_by_hand():
    # bottom player on turn with one checker on his 6 point (character 6, "A"); the top
    # player's points 1, 2, 3 are characters 24, 23, 22 (25 - p), five each ("e")
    board = "-" + "-----A" + "-" * 15 + "eee" + "-"
    assert len(board) == 26
    text = f"XGID={board}:0:0:1:00:0:0:0:0:10"
    assert ids.xgid((0, 0, 0, 0, 0, 1), (5, 5, 5, 0, 0, 0)) == text
    me, them, f = ids.parse_xgid(text)
    assert (me, them, f["cube"]) == ((0, 0, 0, 0, 0, 1), (5, 5, 5, 0, 0, 0), "centred")
    # turn -1: the top player rolls; cube position 1 (bottom owns, value 2): "theirs" for him
    me, them, f = ids.parse_xgid(f"XGID={board}:1:1:-1:00:0:0:0:0:10")
    assert (me, them, f["cube"], f["cube_value"]) == ((5, 5, 5, 0, 0, 0), (0, 0, 0, 0, 0, 1), "theirs", 2)


@pytest.mark.parametrize("text", [
    "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",  # the starting position
    "XGID=------A---------------eee-:0:0:1:D:0:0:0:0:10",  # a double offered
    "XGID=------A---------------eee-:0:0:1:72:0:0:0:0:10",  # no die shows 7
    "XGID=------A---------------eee-:0:0:1:00:5:0:0:5:10",  # a score of 5 in a 5-point match
    "XGID=------A---------------eeZ-:0:0:1:00:0:0:0:0:10",  # bad character
    "XGID=------A----:0:0:1:00",  # short board
    "XGID=A-----A---------------eee-:0:0:1:00:0:0:0:0:10",  # a bottom checker in the top player's bar slot
])
def test_xgid_rejects(text):
    with pytest.raises(BadInput):
        ids.parse_xgid(text)


@pytest.mark.slow
def test_gnubg_gammon_words_every_entry(gnubg_gammon):
    # all 15,504 positions with 15 checkers (about 20 s of CPU): gnubg's integer step
    # replayed on its own stored gammon words reproduces every entry, and no word is more
    # than 2 quanta from the exact probability (16-bit rounding carried up the build)
    res = gf.compare_gammons(gnubg_gammon)
    assert res.entries == 32 * 15504
    assert res.replay_matches == res.replay_checked == 15504
    assert res.max_dev < 2 and res.positions_beyond == sum(res.causes.values())


# ------------------------------------------------------------------ against brute force, small games

def _brute(full, jacoby=False):
    """Independent recursion on tuples with the move generator of brute_bearoff.py: a side
    with all ``full`` checkers on the board when the other bears off loses double; the
    cubeless equity (both maximise it) and the cubeful equities after the cube decision."""
    from functools import lru_cache
    from fractions import Fraction

    from .brute_bearoff import EMPTY, FACES, legal

    def g(y):
        return Fraction(2 if sum(y) == full else 1)

    @lru_cache(maxsize=None)
    def cubeless(x, y):
        return sum(max(g(y) if s == EMPTY else -cubeless(y, s) for s in legal(x, a, b)) for a, b in FACES) / 36

    other = {"centred": "centred", "mine": "theirs", "theirs": "mine"}

    @lru_cache(maxsize=None)
    def cubeful(x, y, state):
        def nd(st):
            end = Fraction(1) if (jacoby and st == "centred") else g(y)
            return sum(max(end if s == EMPTY else -cubeful(y, s, other[st]) for s in legal(x, a, b))
                       for a, b in FACES) / 36

        v = nd(state)
        return v if state == "theirs" else max(v, min(Fraction(1), 2 * nd("theirs")))

    return cubeless, cubeful


@pytest.mark.slow
@pytest.mark.parametrize("jacoby", [False, True])
def test_small_games_with_gammons_against_brute_force(jacoby):
    """Games of 3 checkers a side (a side with all 3 on the board is gammoned): every pair of
    3-checker positions with the pip counts below, cubeless and all three cubeful values."""
    cubeless, cubeful = _brute(3, jacoby)
    sides = [p for p in _positions3() if sum(p) == 3 and 6 <= sum((i + 1) * c for i, c in enumerate(p)) <= 9]
    gammon_seen = double_seen = 0
    for x in sides:
        for y in sides:
            e = G.solve_pair(x, y, jacoby=jacoby, full=3)
            assert e.cubeless == cubeless(x, y) == 2 * e.win - 1 + e.win_gammon - e.lose_gammon
            entry = ts.Entry(x, y, e.win, e.nd_centred, e.nd_owned, e.nd_theirs)
            for c in ("centred", "mine", "theirs"):
                assert ts.cube_action(entry, c)["equity"] == cubeful(x, y, c), (x, y, c)
            gammon_seen += e.win_gammon > 0 and e.lose_gammon > 0
            double_seen += ts.cube_action(entry, "centred")["action"] != "no double"
    # the cases are not trivial: both sides can be gammoned, and some cube turns
    assert gammon_seen > 0 and double_seen > 0


def _positions3():
    from .brute_bearoff import all_positions

    return all_positions(3)
