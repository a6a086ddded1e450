"""exactcube.triangle.doubling: the cube in the triangle game, against hand values and exact certificates."""

import pytest

from exactcube.triangle import board as T
from exactcube.triangle import doubling as TD
from exactcube.errors import BadInput, TooLarge
from exactcube.numbers import mpq

from ..invariants import EquityInvariants

ONE = mpq(1)


def _rot(p):
    """Rotate the players A -> B -> C -> A: B gets A's count, C gets B's, A gets C's."""
    return T.Position(p.c, p.a, p.b)


# ---------------------------------------------------------------------------------- hand values


def test_no_doubles_is_three_x_minus_one():
    # ju24 §4.2: winner +2, others -1 per unit stake; with Theorem 4.1 the value is 3x - 1 (by hand)
    g = TD.solve_game(9, 0, "both", check=False)
    for p in T.positions(9):
        assert g.at(g.levels[(0, None)], p) == tuple(3 * x - 1 for x in T.barycentric(p))


@pytest.mark.parametrize(
    "ejected, value, cash_optimal",
    [
        # side 2, one double, at the midpoint (0,1,1) of BC (A ejected), worked by hand:
        # liable: B's cubeless value 3/2 - 1 = 1/2; after an accepted double 2 * 1/2 = 1 > 1/2, and C likewise,
        #   so both double at once (random order): values (-2, 1, 1); the cash policy (never doubling here,
        #   since nobody would fold: C's value after a double is 1 >= -1) is not a best response.
        pytest.param("liable", (mpq(-2), ONE, ONE), False, id="liable: both double, A pays 2"),
        # settled: A owes 1 (r = 1).  B's value x(1 + r) - (1 - x) = 1/2; after a double r = 1/2 and
        #   2 * (1/2 * 3/2 - 1/2) = 1/2: indifferent, so nobody doubles (smallest optimal set): (-1, 1/2, 1/2).
        pytest.param("settled", (mpq(-1), mpq(1, 2), mpq(1, 2)), True, id="settled: indifferent, no double"),
    ],
)
def test_side_two_by_hand(ejected, value, cash_optimal):
    g = TD.equilibrium(2, 1, "both", ejected=ejected)
    assert g.is_equilibrium()
    assert g.at(g.top, T.Position(0, 1, 1)) == value
    cash = TD.solve_game(2, 1, "both", check=True, ejected=ejected)
    assert cash.is_equilibrium() is cash_optimal


@pytest.mark.parametrize("n", [6, 7, 12, 13])
def test_fold_set_is_below_one_sixth(n):
    # ju24 Theorem 4.4 by hand: with one double, B accepts A's double iff 2(3y - 1) >= -1, i.e. y >= 1/6
    # (every responder must accept; the ejected-player convention does not enter with no double left)
    g = TD.solve_game(n, 1, "both", check=False)
    folds = g.fold_region(1, doubler=0)
    want = {p for p in T.positions(n) if p.kind != "vertex" and p.a > 0 and p.b > 0 and mpq(p.b, n) < mpq(1, 6)}
    assert set(folds) == want


def test_both_rule_cash_region_by_hand():
    # both must accept: A's double is dropped iff some opponent has chance < 1/6 (and is still in the game)
    n = 12
    g = TD.solve_game(n, 1, "both", check=False)
    want = {p for p in T.positions(n) if p.a > 0 and p.kind != "vertex"
            and any(p.coords[j] > 0 and mpq(p.coords[j], n) < mpq(1, 6) for j in (1, 2))}
    assert set(g.doubling_region(0)) == want


def test_theorem_4_4_region_by_hand():
    # side 6: both opponents <= 1/6 means b, c <= 1 (non-vertex points)
    d, f = TD.theorem_4_4_regions(6)
    assert d[0] == {T.Position(5, 1, 0), T.Position(5, 0, 1), T.Position(4, 1, 1)}
    assert f[0] == set()  # x < 1/6 means a < 1 and a > 0: empty at side 6


# ------------------------------------------------------------------------- the two-player control


@pytest.mark.parametrize("L, region", [
    # ju24 §2.1: with one double the two-player doubling point is 3/4; the opponent folds iff his chance < 1/4
    pytest.param(20, {16, 17, 18, 19}, id="L=20: t/L > 3/4"),
    pytest.param(8, {7}, id="L=8: t/L > 3/4"),
])
def test_segment_cash_region(L, region):
    e = TD._Engine(L, 1, "one", "cash", True)
    lv = e.segment_level(L, 1, None)
    assert set(lv.doubles[0]) == region


def test_segment_overshoot_gain_by_hand():
    # L = 4, one double: at t = 3 the opponent (chance 1/4) still takes, so there is no cash point;
    # doubling at t = 3 gives 2(2*3/4 - 1) = 1 against the cubeless 1/2: gain 1/2 (by hand)
    e = TD._Engine(4, 1, "one", "cash", True)
    gains = dict(e.segment_level(4, 1, None).improvements[0])
    assert gains[3] == mpq(1, 2)


# ------------------------------------------------------------------ exact certificates, invariants


def _check_bellman(game, player, level):
    """Independent certificate: the values satisfy the equations of the policy and, for an equilibrium, the
    optimal-stopping inequalities V >= S (doubling) and V >= mean of the neighbours, with equality where used."""
    tri = TD._Triangle(game.n, game.ejected, game.doubles)
    lv = level
    for s in tri.states:
        ds = [i for i in range(3) if s in lv.doubles.get(i, ())]
        v = lv.values[s]
        if ds:
            mean = [sum(lv.responses[(s, i)].outcome[j] for i in ds) / len(ds) for j in range(3)]
            assert tuple(mean) == v
        elif tri.nbrs(s):
            mean = tuple(sum(w * lv.values[t][j] for t, w in tri.nbrs(s)) for j in range(3))
            assert mean == v, s
        if not ds and (s, player) in lv.responses and lv.k > 0:
            # not doubling is at least as good as doubling alone here
            assert lv.responses[(s, player)].outcome[player] <= v[player], s


@pytest.mark.parametrize("rule, ejected", [("one", "liable"), ("both", "settled")])
def test_equilibrium_certificate(rule, ejected):
    g = TD.equilibrium(9, 1, rule, ejected=ejected)
    assert g.is_equilibrium()
    _check_bellman(g, 0, g.top)


def test_cash_policy_values_satisfy_their_equations():
    g = TD.solve_game(9, 2, "one", check=False)
    for key, lv in g.levels.items():
        if key[0] > 0:
            tri = TD._Triangle(9, "liable", 2)
            for s in tri.states:
                ds = [i for i in range(3) if s in lv.doubles.get(i, ())]
                if not ds and tri.nbrs(s):
                    assert lv.values[s] == tuple(sum(w * lv.values[t][j] for t, w in tri.nbrs(s)) for j in range(3))


@pytest.mark.parametrize("rule", ["one", "both"])
def test_rotation_symmetry(rule):
    # the rules do not name the players: rotating A -> B -> C maps each player's region to the next one's
    g = TD.equilibrium(9, 2, rule)
    for i in range(3):
        assert {_rot(p) for p in g.doubling_region(i)} == set(g.doubling_region((i + 1) % 3))
        assert {_rot(p) for p in g.fold_region(i)} == set(g.fold_region((i + 1) % 3))


class TestZeroSum(EquityInvariants):
    """Payoffs per unit stake are bounded by the largest stake the doubles can reach, and sum to zero."""

    def equities(self):
        g = TD.equilibrium(6, 2, "one")
        for key, lv in g.levels.items():
            for s, v in lv.values.items():
                assert sum(v) == 0, (key, s)
                for x in v:
                    # two doubles: at most 4 times the stake from each of two players
                    yield f"{key} {s}", x, 8


# ----------------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "kw, exc",
    [
        pytest.param({"n": 0}, BadInput, id="side 0"),
        pytest.param({"n": 2.5}, BadInput, id="float side"),
        pytest.param({"n": 61}, TooLarge, id="side too large"),
        pytest.param({"n": 6, "doubles": -1}, BadInput, id="negative doubles"),
        pytest.param({"n": 6, "doubles": 5}, TooLarge, id="too many doubles"),
        pytest.param({"n": 6, "rule": "maybe"}, BadInput, id="unknown rule"),
        pytest.param({"n": 6, "ejected": "gone"}, BadInput, id="unknown ejection rule"),
    ],
)
def test_bad_input(kw, exc):
    with pytest.raises(exc):
        TD.solve_game(**kw)


@pytest.mark.parametrize("rule", ["one", "both"])
def test_rotated_levels_equal_direct_solve(rule):
    # the levels with last doubler B and C are obtained by renaming the players; solve one of them directly
    g = TD.solve_game(9, 2, rule, check=False)
    eng = TD._Engine(9, 2, TD.Acceptance.parse(rule), "cash", False)
    levels = {(0, i): g.levels[(0, None)] for i in (None, 0, 1, 2)}

    def prev(doubler, s):
        return levels[(0, doubler)].values[s]

    partial = None
    if rule == "one":
        def partial(s, i, folder, accepter):
            ci, cj = s[0].coords[i], s[0].coords[accepter]
            seg = eng.segment_value(ci + cj, ci, 0, i, accepter)
            out = [mpq(0)] * 3
            out[folder], out[i], out[accepter] = mpq(-1), 1 + 2 * seg[i], 2 * seg[accepter]
            return tuple(out)
    direct = eng._solve_level(eng.tri, 1, 1, prev, partial)
    assert direct.values == g.levels[(1, 1)].values
    assert direct.doubles == g.levels[(1, 1)].doubles


def test_resume_from_checkpoint():
    seen = []
    full = TD.solve_game(6, 2, "one", on_level=lambda key, lv: seen.append(key))
    assert seen == [(1, 0), (1, 1), (1, 2), (2, None)]
    part = {key: full.levels[key] for key in [(1, 0), (1, 1), (1, 2)]}
    again = TD.solve_game(6, 2, "one", resume=part)
    assert again.top.values == full.top.values


# ------------------------------------------------------------------ tie convention and doubling priority


@pytest.mark.parametrize(
    "tie, folders, cash",
    [
        # by hand, side 12, one double, A doubles at (8,2,2): y = z = 1/6, so B and C each get 2(3/6 - 1) = -1 by
        # taking, exactly what folding gives: indifferent.  "accept": both take; "fold": both fold (A cashes).
        pytest.param("accept", (), False, id="indifferent responders take"),
        pytest.param("fold", (1, 2), True, id="indifferent responders fold"),
    ],
)
def test_tie_convention_at_one_sixth(tie, folders, cash):
    g = TD.solve_game(12, 1, "both", check=False, tie=tie)
    r = g.top.responses[((T.Position(8, 2, 2), ONE), 0)]
    assert r.tie and r.folders == folders and r.cash is cash
    # either way A's outcome is 2 per unit: 2(3·2/3 - 1) = 2 if taken, +2 if dropped
    assert r.outcome[0] == 2
    assert ((T.Position(8, 2, 2), ONE), 0) in set(g.top.ties())


def test_no_ties_off_one_sixth():
    # side 13, one double, both must accept: a responder is indifferent only at evaluation exactly 1/6 (interior and
    # liable edge, 2(3y - 1) = -1), and 13y = 13/6 has no integer solution (by hand)
    assert TD.solve_game(13, 1, "both", check=False).ties() == []


def test_priority_breaks_the_race():
    # side 12, both must accept, one double, at (7,1,4): B (y = 1/12 < 1/6) folds to a double by A or by C, so A and C
    # both cash there.  Fair draw: A gets (2 - 1)/2 = 1/2 (by hand); with A first he gets +2.
    p = (T.Position(7, 1, 4), ONE)
    fair = TD.solve_game(12, 1, "both", check=False)
    first = TD.solve_game(12, 1, "both", check=False, priority=0)
    assert fair.top.values[p][0] == mpq(1, 2)
    assert first.top.values[p] == (2, -1, -1)


@pytest.mark.parametrize("kwargs", [{"tie": "maybe"}, {"priority": 3}, {"priority": True}])
def test_tie_and_priority_bad_input(kwargs):
    with pytest.raises(BadInput):
        TD.solve_game(6, 1, "both", **kwargs)


def test_best_and_double_values_on_the_liable_edge():
    # side 23, one double, B ejected (liable) at (20,0,3): C folds (3/23 < 1/6), so doubling is worth +2 now; waiting
    # for z' = 4/23 (C takes, A worth 2(2x - z) = 4 - 24/23) or z = 0 (+2) is worth 2 + (3/4)(2 - 24/23) = 2 + 33/46
    # (by hand, the edge walk reaches 4 before 0 from 3 with chance 3/4)
    g = TD.solve_game(23, 1, "both", check=True)
    s = (T.Position(20, 0, 3), ONE)
    assert g.top.double_values[0][s] == 2
    assert g.top.best_values[0][s] == 2 + mpq(33, 46)
