"""exactcube.race.cubeless against hand values, face enumeration, and a second method."""

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from exactcube.errors import BadInput
from exactcube.numbers import mpq
from exactcube.printed import agrees_with_printed
from exactcube.race import cubeless as cl
from exactcube.race import dice as dm

from ..invariants import ProbabilityInvariants
from .brute import bg_move, make_win, plain_move

BG_WIN = make_win(bg_move)
PLAIN_WIN = make_win(plain_move)


def as_fraction(q):
    return Fraction(int(q.numerator), int(q.denominator))


@pytest.mark.parametrize("y", [1, 2, 5, 40, 200])
def test_count_up_to_three_always_wins(y):
    # the smallest backgammon total is 3: the roller gets off at once
    for x in (1, 2, 3):
        assert cl.win_probability(x, y).value == 1


@pytest.mark.parametrize("x, y, value", [
    # by hand: 4 vs 1: 34 of 36 rolls finish; after a 3 (2/36) the opponent's 1 finishes
    pytest.param(4, 1, mpq(34, 36), id="4v1"),
    # 4 vs 100: after a 3 the opponent cannot finish in one roll, then the roller finishes
    pytest.param(4, 100, mpq(1), id="4v100"),
    # 5 vs 5: 31/36 finish at once; else the opponent needs >= 5 (31/36) else the roller finishes
    pytest.param(5, 5, mpq(31, 36) + mpq(5, 36) * mpq(5, 36), id="5v5"),
    # 6 vs 6: 27/36 at once (totals >= 6); else opponent 27/36: 3/4 + (1/4)(1/4) = 13/16
    pytest.param(6, 6, mpq(13, 16), id="6v6"),
])
def test_hand_values(x, y, value):
    assert cl.win_probability(x, y).value == value
    assert cl.win_probability_dp(x, y).value == value


def test_turn_distribution_by_hand():
    td = cl.turn_distribution(10)
    # P(10, 1) = P(total >= 10) = (2 + 2 + 1 + 1 + 1 + 1)/36 = 2/9 (totals 10, 11, 12, 16, 20, 24)
    assert td[1] == mpq(2, 9)
    assert sum(td.probabilities, mpq(0)) == 1
    assert td[0] == 0 and td[99] == 0


@pytest.mark.parametrize("x, y", [(a, b) for a in (1, 4, 7, 12, 19) for b in (1, 5, 9, 16, 22)])
def test_against_face_enumeration(x, y):
    assert as_fraction(cl.win_probability(x, y).value) == BG_WIN(x, y)


def test_plain_dice_against_face_enumeration():
    for x, y in [(1, 1), (3, 1), (7, 9), (25, 25), (13, 2)]:
        assert as_fraction(cl.win_probability(x, y, "plain").value) == PLAIN_WIN(x, y)
    # Floyd's table by hand: f(3, 1) = 1 - P(sum = 2) = 35/36
    assert cl.win_probability(3, 1, "plain").value == mpq(35, 36)


def test_printed_example_70_vs_80():
    # zk77 §4: "when A's count is 70 and he is 10 pips ahead, his probability of winning is 77.9%"
    assert agrees_with_printed(cl.win_probability(70, 80).value, "77.9", 100)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 60), st.integers(1, 60))
def test_turn_counts_equal_position_recursion(x, y):
    assert cl.win_probability(x, y).value == cl.win_probability_dp(x, y).value


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 40), st.integers(1, 40),
       st.lists(st.integers(1, 9), min_size=1, max_size=4, unique=True), st.lists(st.integers(1, 5), min_size=4,
                                                                                    max_size=4))
def test_user_dice_two_methods(x, y, totals, ws):
    totals = sorted(totals)
    ws = ws[: len(totals)]
    spec = ",".join(f"{t}:{w}/{sum(ws)}" for t, w in zip(totals, ws, strict=True))
    d = dm.parse(spec)
    assert cl.win_probability(x, y, d).value == cl.win_probability_dp(x, y, d).value


def test_table_equals_single_pairs_and_dp():
    T = cl.win_table(45)
    dp = cl.win_table_dp(45)
    for a in range(1, 46):
        for b in range(1, 46):
            assert T(a, b) == dp[a][b]
    assert T(30, 37) == cl.win_probability(30, 37).value


def test_monotone():
    T = cl.win_table(60)
    for a in range(1, 60):
        for b in range(1, 60):
            assert T(a, b) >= T(a + 1, b) and T(a, b) <= T(a, b + 1)


class TestCubelessInvariants(ProbabilityInvariants):
    def probabilities(self):
        T = cl.win_table(30)
        for a in range(1, 31, 3):
            for b in range(1, 31, 4):
                yield f"W({a},{b})", T(a, b)


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "7", None])
def test_bad_counts(bad):
    with pytest.raises(BadInput):
        cl.win_probability(bad, 10)
    with pytest.raises(BadInput):
        cl.win_probability(10, bad)


@pytest.mark.parametrize("bad", [0, -1, 10**6, 1.5])
def test_bad_table_size(bad):
    with pytest.raises(BadInput):
        cl.win_table(bad)
