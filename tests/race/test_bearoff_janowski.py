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


# -- cubeful equities of the one-sided estimate (issue 23, item 1, beyond the exact limit) --

def test_janowski_with_gammons_by_hand():
    # p = 1/2, gammon wins 1/4, no gammon losses, x = 1/2 (gnubg Cl2CfMoney / MoneyLive):
    # W = 1 + (1/4)/(1/2) = 3/2, L = 1, TP = (1/2)/3 = 1/6, CP = 2/(3) = 2/3, dead = 0 + 1/4 = 1/4.
    # centred: -1 + 2(1/2 - 1/6)/(2/3 - 1/6) = 1/3, E = 1/8 + 1/6 = 7/24;
    # owned: -1 + 2 (1/2)/(2/3) = 1/2, E = 1/8 + 1/4 = 3/8;
    # theirs: -1 + (5/2)(1/3)/(5/6) = 0, E = 1/8; double/take 2 * 1/8 = 1/4 < 7/24: no double, take.
    e = jw.cubeful_from_chances((0,) * 5 + (1,), (0,) * 5 + (1,), mpq(1, 2), mpq(1, 4), 0, mpq(1, 2))
    assert (e.nd_centred, e.nd_owned, e.nd_theirs) == (mpq(7, 24), mpq(3, 8), mpq(1, 8))
    a = ts.cube_action(e, "centred")
    assert a["action"] == "no double" and a["take"] and a["double_take"] == mpq(1, 4)
    # Jacoby: gammons single with the cube centred: W = L = 1, dead 0, live (10p - 5)/3 = 0
    ej = jw.cubeful_from_chances((1,), (1,), mpq(1, 2), mpq(1, 4), 0, mpq(1, 2), jacoby=True)
    assert (ej.nd_centred, ej.nd_owned) == (0, mpq(3, 8))


def test_janowski_symmetric_and_certain_by_hand():
    # symmetric, gammonless p = 1/2, x = 3/5: dead 0; live centred 0, owned 5/4 - 1 = 1/4,
    # theirs (5/2 - 3)/2 = -1/4: E = 0, 3/20, -3/20; double/take -3/10 < 0: no double, take
    e = jw.cubeful_from_chances((1,), (1,), mpq(1, 2), 0, 0)
    assert (e.nd_centred, e.nd_owned, e.nd_theirs) == (0, mpq(3, 20), mpq(-3, 20))
    assert ts.cube_action(e, "centred")["action"] == "no double"
    # p = 1: dead and live equities are 1 at every cube state and x; with a certain gammon
    # (W = 2) the live line ends at (1, W): 2 everywhere
    for x in (0, mpq(3, 5), 1):
        e = jw.cubeful_from_chances((1,), (1,), 1, 0, 0, x)
        assert (e.nd_centred, e.nd_owned, e.nd_theirs) == (1, 1, 1)
        e = jw.cubeful_from_chances((1,), (1,), 1, 1, 0, x)
        assert (e.nd_centred, e.nd_owned, e.nd_theirs) == (2, 2, 2)
    # the live lines run from (0, -L) to (1, W) (gnubg MoneyLive)
    for cube in jw.CUBES:
        assert jw.live_equity(mpq(0), cube, mpq(3, 2), mpq(7, 4)) == mpq(-7, 4)
        assert jw.live_equity(mpq(1), cube, mpq(3, 2), mpq(7, 4)) == mpq(3, 2)


def test_one_sided_approximation_scored_pair_by_pair():
    # score_one_sided (integer arrays over the table) against a pair-by-pair computation:
    # the one-sided estimate, Janowski's entry and the cube action of each, as the CLI does
    from exactcube.race.bearoff.gammons import one_sided_estimate
    from exactcube.race.bearoff.positions import counts_of

    t = ts.build(2)
    c = rc.pairs_of(t)
    xs = [mpq(3, 5), mpq(1, 2)]
    got = jw.score_one_sided(t, xs, c, block=5)  # 27 roller rows in 6 blocks
    for x, sc in zip(xs, got, strict=True):
        mx = {k: mpq(0) for k in jw.CUBES}
        tot = {k: mpq(0) for k in jw.CUBES}
        wrong = {"double": 0, "redouble": 0, "take": 0}
        n = 0
        for i in c[0]:
            for j in c[0]:
                a, b = counts_of(t.keys[i]), counts_of(t.keys[j])
                est = one_sided_estimate(a, b)
                e = jw.cubeful_from_chances(a, b, est.win, est.win_gammon, est.lose_gammon, x)
                ex = t.entry(a, b)
                n += 1
                for cube in jw.CUBES:
                    d = abs(ts.cube_action(e, cube)["equity"] - ts.cube_action(ex, cube)["equity"])
                    mx[cube], tot[cube] = max(mx[cube], d), tot[cube] + d
                for cube, dec in (("centred", "double"), ("mine", "redouble")):
                    ae, aa = ts.cube_action(ex, cube), ts.cube_action(e, cube)
                    got_eq = min(ae["double_take"], 1) if aa["action"] != "no double" else ae["no_double"]
                    wrong[dec] += got_eq < ae["equity"]
                dt = 2 * ex.nd_theirs
                taker = -dt if 2 * e.nd_theirs < 1 else mpq(-1)
                wrong["take"] += taker < max(-dt, mpq(-1))
        assert sc.pairs == n == 27 * 27  # positions of at most 2 checkers: C(8, 2) = 28, one empty
        assert sc.max_error == mx and sc.mean_error == {k: v / n for k, v in tot.items()}
        assert {d: v[0] for d, v in sc.decisions.items()} == wrong
    assert got[0].max_error != got[1].max_error  # x matters
