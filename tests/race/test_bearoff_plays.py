"""The legal plays of a roll and their exact equities (exactcube.race.bearoff.plays): plays derived by hand,
and the best play's value averaged over the 21 rolls against the no-double equities of the recursion."""

import pytest

from exactcube.errors import BadInput, TooLarge
from exactcube.numbers import mpq
from exactcube.race.bearoff import gammons as gm
from exactcube.race.bearoff.plays import best_plays, legal_plays, move_text, parse_roll
from exactcube.race.bearoff.positions import ROLLS


@pytest.mark.parametrize("text, roll", [("6-5", (6, 5)), ("56", (6, 5)), ("3 3", (3, 3)), ("1,2", (2, 1))])
def test_parse_roll(text, roll):
    assert parse_roll(text) == roll


@pytest.mark.parametrize("text", ["7-1", "0-3", "6", "6-5-4", "a-b", "66-1", ""])
def test_parse_roll_refuses(text):
    with pytest.raises(BadInput):
        parse_roll(text)


def test_move_text_joins_a_checker_moving_on_and_counts_equal_moves():
    assert move_text([(6, 4), (4, 1)]) == "6/1"
    assert move_text([(6, 0), (6, 0), (5, 2), (3, 1)]) == "6/off(2) 5/2 3/1"


def test_only_one_legal_play():
    # checkers on 3, 4, 5; 6-5: the 5 bears off the checker on 5 (by either order the 6, larger than the
    # highest point, takes the highest checker), the 6 then the one on 4: always 5/off 4/off, leaving the 3.
    assert legal_plays((0, 0, 1, 1, 1, 0), (6, 5)) == {(0, 0, 1, 0, 0, 0): "5/off 4/off"}
    # and gnubg's hint shows that single play with 0.861 for the win: the opponent (1 1 0 1 0 0) then needs two
    # rolls unless it rolls doubles (6/36) while our one checker on 3 bears off with any roll: we win unless
    # they roll doubles of 2 or more... worked out exactly: 1 - W_opp with W_opp = 5/36 (doubles 2-2..6-6).
    r = best_plays((0, 0, 1, 1, 1, 0), (1, 1, 0, 1, 0, 0), (6, 5))
    assert [p.moves for p in r.plays] == ["5/off 4/off"] and r.plays[0].win == 1 - mpq(5, 36)
    assert r.plays[0].cubeless == 2 * (1 - mpq(5, 36)) - 1


def test_a_roll_that_bears_off_everything():
    # two checkers on 5 and 6, roll 6-5: both off, the game is won: +1 (a gammon, +2, when the opponent
    # still has all 15 checkers on the board), whatever the cube state.  The other legal play, 6/1 5/off (the 5
    # first, then the 6 takes the highest checker, on 5), leaves a checker on 1 that comes off next roll unless
    # the opponent's three checkers on 6 come off first, which only 6-6 does: win 35/36, equity 2 (35/36) - 1 =
    # 17/18, and cubeful also 17/18 (the opponent at 1/36 does not double; our double next roll gains nothing
    # over the sure single win).
    r = best_plays((0, 0, 0, 0, 1, 1), (0, 0, 0, 0, 0, 3), (6, 5))
    assert [(p.moves, p.after, p.cubeless, p.cubeful) for p in r.plays] == [
        ("6/off 5/off", (0,) * 6, 1, 1), ("6/1 5/off", (1, 0, 0, 0, 0, 0), mpq(17, 18), mpq(17, 18))]
    assert r.plays[1].win == mpq(35, 36)
    # a small game of 3 checkers a side (full=3): the opponent's three checkers all on the board lose a gammon
    r = best_plays((0, 0, 0, 0, 1, 1), (0, 0, 0, 0, 0, 3), (6, 5), cube="mine", full=3)
    assert (r.plays[0].cubeless, r.plays[0].cubeful, r.plays[0].win_gammon) == (2, 2, 1)
    r = best_plays((0, 0, 0, 0, 1, 1), (0, 0, 0, 0, 0, 3), (6, 5), jacoby=True, full=3)
    assert (r.plays[0].cubeless, r.plays[0].cubeful) == (2, 1)  # Jacoby: a gammon counts single, cube centred


def test_plays_that_tie():
    # two checkers on 6, roll 2-1: 6/4 6/5 or 6/3 (two plays); the opponent's last checker is on its 1 point and
    # comes off with any roll, so both plays lose surely: cubeless -1, and cubeful -1 (they double, we pass, or
    # they just bear off): an exact tie.
    r = best_plays((0, 0, 0, 0, 0, 2), (1, 0, 0, 0, 0, 0), (2, 1))
    assert sorted(p.moves for p in r.plays) == ["6/3", "6/5 6/4"]
    assert all(p.cubeless == -1 and p.cubeful == -1 and p.tie == 2 for p in r.plays) and len(r.best) == 2


@pytest.mark.parametrize("x, y, gammons, full", [((0, 1, 1, 0, 1, 0), (1, 0, 2, 0, 0, 0), True, 15),
                                                 ((1, 0, 1, 0, 0, 1), (0, 1, 0, 1, 0, 0), True, 15),
                                                 ((0, 1, 0, 0, 0, 1), (0, 0, 1, 0, 0, 1), True, 2),
                                                 ((0, 1, 0, 0, 0, 1), (0, 0, 1, 0, 0, 1), False, 2)])
def test_best_plays_average_to_the_no_double_equities(x, y, gammons, full):
    # the recursion's no-double equity of (x, y) is the average over the 21 rolls of the best play's value, for
    # each cube state (gammons module docstring): N_C with the cube centred, N_O owned, N_T the opponent's
    e = gm.solve_pair(x, y, gammons=gammons, full=full)
    for cube, nd in (("centred", e.nd_centred), ("mine", e.nd_owned), ("theirs", e.nd_theirs)):
        total = sum(w * best_plays(x, y, roll, cube, gammons=gammons, full=full).plays[0].cubeful
                    for roll, w in ROLLS)
        assert total / 36 == nd, cube
    # and cubeless: the best cubeless play (not always the best cubeful one) averages to E
    total = sum(w * max(p.cubeless for p in best_plays(x, y, roll, gammons=gammons, full=full).plays)
                for roll, w in ROLLS)
    assert total / 36 == e.cubeless


def test_best_first_and_refusals():
    r = best_plays((1, 0, 1, 1, 0, 1), (0, 1, 1, 1, 0, 0), (4, 2))
    vals = [(p.cubeful, p.cubeless) for p in r.plays]
    assert vals == sorted(vals, reverse=True) and len(r.plays) > 3
    with pytest.raises(BadInput):
        best_plays((0,) * 6, (1, 0, 0, 0, 0, 0), (2, 1))
    with pytest.raises(TooLarge):
        best_plays((0, 0, 0, 0, 0, 15), (0, 0, 0, 0, 0, 15), (6, 5), limit=1000)


def test_cli_roll_for_counts_gnubg_id_and_xgid_with_dice(cli):
    from exactcube.race.bearoff.ids import gnubg_id

    # the tie of test_plays_that_tie, given as counts, as a gnubg position ID with --roll
    for argv in (["bearoff", "0 0 0 0 0 2", "1 0 0 0 0 0", "--roll", "2-1"],
                 ["bearoff", gnubg_id((0, 0, 0, 0, 0, 2), (1, 0, 0, 0, 0, 0)), "--roll", "12"]):
        code, text = cli(argv)
        assert code == 0 and "2 legal plays" in text and "2 plays tie for best" in text, text
        assert "= 1. 6/" in text and "cubeful -1.000000 (-1)" in text
    # an XGID with its dice (5-2): one checker on the 6 point comes off with any roll; the opponent has all 15
    # on the board, so it is a gammon: +2 with the cube centred (no Jacoby rule)
    code, text = cli(["bearoff", "XGID=------A---------------eee-:0:0:1:52:0:0:0:0:10"])
    assert code == 0 and "roll 5-2" in text and "1. 6/off" in text and "cubeful +2.000000 (2)" in text, text
