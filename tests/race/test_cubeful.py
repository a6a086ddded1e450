"""exactcube.race.cubeful: Bellman equations, an independent memoised Fraction solver, hand values."""

from fractions import Fraction

import pytest

from exactcube.cubeaction import Action
from exactcube.errors import BadInput
from exactcube.numbers import mpq
from exactcube.race import cubeful as cf
from exactcube.race import cubeless as cl
from exactcube.race import dice as dm

from ..invariants import EquityInvariants
from .brute import bg_move, make_cubeful, plain_move

N = 30
TABLE = cf.solve(N, moments=True)
ND, EQ = make_cubeful(bg_move)


def F(q):
    return Fraction(int(q.numerator), int(q.denominator))


@pytest.mark.parametrize("cube, key", [("centred", "c"), ("mine", "o"), ("theirs", "t")])
def test_against_independent_solver(cube, key):
    for x in range(1, N + 1):
        for y in range(1, N + 1):
            assert F(TABLE.equity(x, y, cube)) == EQ(x, y, key), (x, y, cube)
            assert F(TABLE.no_double(x, y, cube)) == ND(x, y, key), (x, y, cube)


def test_plain_dice_against_independent_solver():
    nd, eq = make_cubeful(plain_move)
    T = cf.solve(14, dm.PLAIN)
    for x in range(1, 15):
        for y in range(1, 15):
            assert F(T.equity(x, y, "centred")) == eq(x, y, "c")


def test_bellman_equations_exactly():
    d = dm.BACKGAMMON
    f = [(r, mpq(w, d.denominator)) for r, w in d.items()]
    T = cf.solve(40)
    nxt = {"centred": "centred", "mine": "theirs", "theirs": "mine"}
    for x in range(1, 41):
        for y in range(1, 41):
            for cube in ("centred", "mine", "theirs"):
                # the Bellman equation, written from the accessors: hold = sum f(r)[win or -E(y, x - r)]
                hold = sum((p if x <= r else -p * T.equity(y, x - r, nxt[cube]) for r, p in f), mpq(0))
                assert T.no_double(x, y, cube) == hold
                dbl = min(mpq(1), 2 * T.no_double(x, y, "theirs"))
                best = hold if cube == "theirs" else max(hold, dbl)
                assert T.equity(x, y, cube) == best


def test_owner_never_below_cubeless():
    W = cl.win_table(N)
    for x in range(1, N + 1):
        for y in range(1, N + 1):
            dead = 2 * W(x, y) - 1
            assert TABLE.equity(x, y, "mine") >= dead  # owning the cube is worth >= 0
            assert TABLE.equity(x, y, "theirs") <= dead  # the opponent's cube is worth >= 0 to him


def test_six_six_by_hand():
    # by hand (see proofs/zk77.lemmas M_range): 6 vs 6: roller finishes with 27/36; after a miss
    # (3, 4 or 5: 9/36) the opponent at 6 owns the cube against <= 3 pips: he redoubles and the
    # roller is indifferent (the opponent's no-double value is 27/36 - 9/36 = 1/2, doubled = 1).
    # So ND_T(6,6) = 27/36 - 9/36 = 1/2 and a double at 6-6 is taken or passed with equity 1.
    assert TABLE.no_double(6, 6, "theirs") == mpq(1, 2)
    assert TABLE.double_take(6, 6) == 1
    d = cf.decision(6, 6, "centred", table=TABLE)
    assert d.tie_take and d.equity == 1 and d.cubeless_win == mpq(13, 16)


@pytest.mark.parametrize("x", [1, 2, 3])
def test_sure_win(x):
    for y in (1, 10, 30):
        assert TABLE.equity(x, y, "theirs") == 1 and TABLE.no_double(x, y, "centred") == 1


def test_second_moments_bounds():
    # payoffs are +-1 per unit cube unless a take quadruples the square: E[X^2] >= E[X]^2 and >= 1 when no take
    for x in range(1, N + 1):
        for y in range(1, N + 1):
            e = TABLE.equity(x, y, "centred")
            m = TABLE.second_moment(x, y, "centred")
            assert m >= e * e and m >= 1


def test_thresholds_count_20_as_printed():
    # zk77 §5 (text below Table 3): at 20, redouble if his count is 19½ or more, double at 18½ or more,
    # drop at 23 or higher; the exact model agrees (a published statement, checked not copied)
    th = cf.thresholds(20, TABLE)
    assert (th.redouble_from, th.double_from, th.take_to) == (0, -1, 2) and th.monotone


def test_decision_actions():
    d = cf.decision(70, 80, "centred")
    assert d.action is Action.DOUBLE_TAKE and d.take
    d = cf.decision(70, 80, "theirs")
    assert d.action is Action.CANNOT_DOUBLE and d.take is None
    d = cf.decision(40, 40, "centred")
    assert d.action is Action.NO_DOUBLE
    d = cf.decision(20, 30, "centred")
    assert d.action is Action.DOUBLE_PASS and d.equity == 1


class TestCubefulInvariants(EquityInvariants):
    def equities(self):
        for x in range(1, N + 1, 3):
            for y in range(1, N + 1, 2):
                for cube in ("centred", "mine", "theirs"):
                    yield f"{cube} {x}-{y}", TABLE.equity(x, y, cube), 1


@pytest.mark.parametrize("bad", [0, -2, 1.5, 10**7, True])
def test_bad_input(bad):
    with pytest.raises(BadInput):
        cf.decision(bad, 5)
    with pytest.raises(BadInput):
        cf.solve(bad)


def test_bad_cube():
    with pytest.raises(BadInput, match="centred, mine or theirs"):
        cf.decision(5, 5, "sideways")
    with pytest.raises(BadInput):
        TABLE.equity(N + 1, 3)
