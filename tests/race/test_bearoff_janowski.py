"""Janowski's cube efficiency on real bearoffs: hand values, the exact x against the brute
force (tests/race/brute_bearoff.py) and a live-cube formula written out here from gnubg's
MoneyLive (eval.c), the decision scoring against costs computed independently, gnubg's
race rule, and the registered table and figure."""

from __future__ import annotations

from fractions import Fraction

import pytest

from exactcube.numbers import mpq
from exactcube.race.bearoff import janowski as jw
from exactcube.race.bearoff import realcube as rc
from exactcube.race.bearoff import twosided as ts

from . import brute_bearoff as brute


@pytest.fixture(scope="module")
def two():
    t = ts.build(2)
    c = rc.pairs_of(t)
    return t, c, jw.exact_efficiencies(t, c)


def _cell(t, c, x, y):
    idx = list(c[0])
    from exactcube.race.bearoff.positions import key_of

    return idx.index(t.index[key_of(x)]), idx.index(t.index[key_of(y)])


def test_hand_values_one_checker_on_six_each():
    # p = 13/16, N_O = 5/8, N_C = N_T = 1/2 (test_bearoff_twosided.py); dead 2p - 1 = 5/8.
    # Live (W = L = 1, TP = 1/5, CP = 4/5): centred and owned 1 (p >= 4/5), theirs (5p - 3)/2 = 17/32.
    # x = (N - 5/8) / (live - 5/8): centred (-1/8)/(3/8) = -1/3, owned 0, theirs (-1/8)/(-3/32) = 4/3.
    t = ts.build(1)
    c = rc.pairs_of(t)
    xs = jw.exact_efficiencies(t, c)
    i, j = _cell(t, c, (0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 1))
    assert (xs["centred"][i, j], xs["mine"][i, j], xs["theirs"][i, j]) == (mpq(-1, 3), 0, mpq(4, 3))
    assert jw.efficiency(mpq(13, 16), mpq(1, 2), "theirs") == mpq(4, 3)
    assert jw.janowski_equity(mpq(13, 16), mpq(4, 3), "theirs") == mpq(1, 2)


def _live_theirs(p):
    """gnubg MoneyLive, cube unavailable, W = L = 1: from (0, -1) to (TP, -1), then to (1, +1)."""
    tp = Fraction(1, 5)
    return Fraction(-1) if p < tp else -1 + 2 * (p - tp) / (1 - tp)


def test_exact_x_with_the_opponent_owning_against_brute_force(two):
    t, c, xs = two
    ps = [p for p in brute.all_positions(2) if any(p)]
    undefined = 0
    for x in ps:
        for y in ps:
            p = brute.win(x, y)
            nd = brute.cubeful(x, y, "theirs")  # with the opponent owning, the roller cannot double
            den = _live_theirs(p) - (2 * p - 1)
            i, j = _cell(t, c, x, y)
            got = xs["theirs"][i, j]
            if den == 0:
                undefined += 1
                assert got is None
            else:
                want = (nd - (2 * p - 1)) / den
                assert got == mpq(want.numerator, want.denominator), (x, y)
    assert undefined > 0  # sure wins (p = 1) are among them


def _nd_centred(x, y):
    """The roller's no-double equity with the cube centred, from the brute force's recursion."""
    return sum(max(-brute.cubeful(y, s, "centred") for s in brute.legal(x, a, b)) for a, b in brute.FACES) / 36


def test_dead_cube_rule_costs_against_brute_force(two):
    # x = 0: E = 2p - 1, so the rule doubles iff min(2(2p - 1), 1) > 2p - 1, i.e. p > 1/2 (p < 1)
    t, c, _xs = two
    sc = jw.score_x_rules(t, {"dead": lambda pips: mpq(0)}, c)[0]
    ps = [p for p in brute.all_positions(2) if any(p)]
    cost, errors = Fraction(0), 0
    for x in ps:
        for y in ps:
            p = brute.win(x, y)
            nd = _nd_centred(x, y)
            d = min(2 * brute.cubeful(x, y, "theirs"), Fraction(1))
            got = d if Fraction(1, 2) < p < 1 else nd
            cost += max(nd, d) - got
            errors += max(nd, d) > got
    assert sc.cost["double"] == mpq(cost.numerator, cost.denominator) and sc.errors["double"] == errors > 0


@pytest.mark.parametrize("pips, x", [(10, mpq(3, 5)), (40, mpq(3, 5)), (60, mpq(5, 8)), (100, mpq(27, 40)),
                                     (120, mpq(7, 10)), (150, mpq(7, 10))])
def test_gnubg_race_rule(pips, x):
    # 0.55 + 0.00125 * pips, clamped to [0.6, 0.7]: 40 pips -> 0.6, 60 -> 0.625 = 5/8, 100 -> 0.675 = 27/40
    assert jw.gnubg_race_x(pips) == x


def test_table_and_figure_commands(cli, tmp_path):
    code, text = cli(["table", "bearoff.janowski", "--checkers", "2", "--format", "csv"])
    lines = text.splitlines()
    # one checker on the 1 point (1 pip) always bears off: x is undefined at every pair
    assert code == 0 and lines[1].startswith("1,0,") and lines[1].endswith(",3/5")
    out = tmp_path / "j.png"
    code, text = cli(["plot", "bearoff.janowski", "--checkers", "2", "-o", str(out)])
    assert code == 0 and out.stat().st_size > 1000
