"""Chomp! with the neighbour channel of noisy §1."""

import pytest

from exactcube.errors import BadInput, TooLarge
from exactcube.noisy.games.chomp import neighbour_distribution, parse_board, solve_chomp
from exactcube.numbers import mpq
from tests.invariants import ProbabilityInvariants


@pytest.mark.parametrize("e", [mpq(0), mpq(1, 10), mpq(1, 2), mpq(3, 4), mpq(9, 10), mpq(1)], ids=str)
def test_two_by_two_by_hand(e):
    # §1, (3): aim at the far corner -> 3(1-e)/(3-e); either other square -> e/(3-e)
    s = solve_chomp(2, 2, e)
    assert s.p[(1,)] == 0 and s.p[(2,)] == 1 and s.p[(1, 1)] == 1 and s.p[(2, 1)] == 0
    assert s.p[(2, 2)] == max(3 * (1 - e), e) / (3 - e)
    if e < mpq(3, 4):
        assert s.optimal[(2, 2)] == ((1, 1),)
    elif e == mpq(3, 4):
        assert len(s.optimal[(2, 2)]) == 3 and s.p[(2, 2)] == mpq(1, 3)


@pytest.mark.parametrize("rows,cols", [(1, 5), (2, 3), (2, 6), (3, 3), (3, 6)], ids=str)
def test_noiseless_first_player_wins(rows, cols):
    # strategy stealing: every rectangle but 1x1 is an N-position in the classical game
    s = solve_chomp(rows, cols, 0)
    assert s.p[s.start] == 1 and all(v in (0, 1) for v in s.p.values())


def test_one_row_noiseless_by_hand():
    # 1 x n: a single row; the move (0, 1) leaves the poison alone: a win
    s = solve_chomp(1, 4, 0)
    assert s.optimal[(4,)] == ((0, 1),)


def test_neighbour_distribution_by_hand():
    # 2x3 bar, full position, aim at (0, 1): board neighbours (0,0),(0,2),(1,0),(1,1),(1,2): e/5 each;
    # the poison (0,0) is illegal, renormalise over the rest: total 1 - e/5
    e = mpq(1, 10)
    d = neighbour_distribution((3, 3), (0, 1), e, 2, 3)
    assert d[(0, 1)] == (1 - e) / (1 - e / 5)
    assert d[(1, 1)] == (e / 5) / (1 - e / 5)
    assert (0, 0) not in d and sum(d.values()) == 1
    with pytest.raises(BadInput):
        neighbour_distribution((3, 3), (0, 0), e, 2, 3)


def test_neighbours_position_variant_differs():
    a = solve_chomp(2, 3, mpq(1, 10), "board")
    b = solve_chomp(2, 3, mpq(1, 10), "position")
    assert a.p[(2, 2)] != b.p[(2, 2)]
    with pytest.raises(BadInput):
        solve_chomp(2, 3, mpq(1, 10), "diagonal")


class TestProbabilities(ProbabilityInvariants):
    def probabilities(self):
        for e in (mpq(1, 10), mpq(1, 2), None):
            s = solve_chomp(3, 6, e)
            for x, v in s.p.items():
                yield f"eps={e} {x}", v


@pytest.mark.parametrize("text,dims", [("2x3", (2, 3)), ("3X6", (3, 6)), (" 1x1 ", (1, 1))])
def test_parse_board(text, dims):
    assert parse_board(text) == dims


@pytest.mark.parametrize("text", ["2y3", "0x3", "2x", "x", "-1x2", "2.5x3"])
def test_parse_board_bad(text):
    with pytest.raises(BadInput):
        parse_board(text)


def test_bad_sizes():
    with pytest.raises(TooLarge):
        solve_chomp(10, 10, mpq(1, 10))
    with pytest.raises(BadInput):
        solve_chomp(2, 3, mpq(3, 2))
    with pytest.raises(BadInput):
        solve_chomp(0, 3, mpq(1, 10))
