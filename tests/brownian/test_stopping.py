"""exactcube.brownian.stopping: the independent exact game solver.

Expected values come from hand computations with the consistency lemma, from the
foundation's alternating model (a different method: closed forms), and from the
solver itself run in a different mode (grid-restricted game vs continuous game).
"""

import pytest
from hypothesis import given, settings, strategies as st_

from exactcube.brownian import alternating as alt
from exactcube.brownian import stakes as st
from exactcube.brownian import stopping as solver
from exactcube.errors import BadInput, TooLarge
from exactcube.numbers import mpq

PS = [mpq(i, 48) for i in range(49)]


# -- the taut string on small hand examples ----------------------------------------------------


def test_taut_string_single_obstacle_is_concave_majorant():
    # obstacle 1 at the midpoint of 0..4, ends fixed at 0: the majorant is the tent 0, 1/2, 1, 1/2, 0
    ts = [mpq(i, 4) for i in range(5)]
    w = solver.taut_string(ts, [None, None, mpq(1), None, None], [None] * 5, mpq(0), mpq(0))
    assert w == [0, mpq(1, 2), 1, mpq(1, 2), 0]


def test_taut_string_two_obstacles():
    # lower obstacle 1 at t = 3/4 and upper obstacle -1 at t = 1/4, ends 0: the string goes 0, -1, 0, 1, 0
    ts = [mpq(i, 4) for i in range(5)]
    lo = [None, None, None, mpq(1), None]
    hi = [None, mpq(-1), None, None, None]
    assert solver.taut_string(ts, lo, hi, mpq(0), mpq(0)) == [0, -1, 0, 1, 0]


def test_taut_string_slack_obstacles_give_the_chord():
    ts = [mpq(i, 3) for i in range(4)]
    w = solver.taut_string(ts, [None, mpq(-5), mpq(-5), None], [None, mpq(5), mpq(5), None], mpq(-1), mpq(1))
    assert w == [-1, mpq(-1, 3), mpq(1, 3), 1]


# -- the ordinary cube: the foundation's closed forms ------------------------------------------


@pytest.mark.parametrize("k", range(0, 7))
@pytest.mark.parametrize("cube, owner", [("mine", "A"), ("theirs", "B"), ("centre", "centre")])
def test_standard_cube_equals_alternating(k, cube, owner):
    sol = solver.solve(1, 2, 6)
    f = sol.level(k, owner).value
    for p in sorted(set(PS) | set(f.xs)):
        assert f(p) == alt.equity(p, cube, k).value, (k, cube, p)


@pytest.mark.parametrize("k", [1, 2, 3])
def test_standard_owner_doubles_at_dk(k):
    # A owning the cube doubles from d_k on (x = 1: the opponent folds there, so every p >= d_k is optimal)
    sol = solver.solve(1, 2, k)
    assert sol.level(k, "A").stop_A == ((alt.doubling_point(k), mpq(1)),)


@pytest.mark.parametrize("k", [1, 2])
def test_grid_game_equals_continuous_when_the_grid_holds_every_breakpoint(k):
    # every d_j (j <= k) of the ordinary cube lies on the grid i/(5*4^k): the grid-restricted game
    # (players may act only at grid points) then has the continuous game's values at grid points
    n = 5 * 4**k
    cont = solver.solve(1, 2, k)
    disc = solver.solve(1, 2, k, grid=n, refine=False)
    for owner in solver.OWNERS:
        for i in range(n + 1):
            p = mpq(i, n)
            assert disc.value(p, k, owner) == cont.value(p, k, owner)


def test_grid_game_off_grid_thresholds_is_below_for_the_owner():
    # (1/2, 3): d_1 = 7/12 is not on the grid i/10; the owner, restricted to grid states, does worse
    cont = solver.solve(mpq(1, 2), 3, 1)
    disc = solver.solve(mpq(1, 2), 3, 1, grid=10, refine=False)
    assert disc.value(mpq(1, 2), 1, "A") < cont.value(mpq(1, 2), 1, "A")
    fine = solver.solve(mpq(1, 2), 3, 1, grid=12, refine=False)  # 7/12 on the grid
    assert fine.value(mpq(1, 2), 1, "A") == cont.value(mpq(1, 2), 1, "A")


# -- hand values in other regions ----------------------------------------------------------------


@pytest.mark.parametrize("k", [1, 2, 3])
def test_reducing_cube_hand_values(k):
    # (-1/4, 1/2) in R-: by hand (consistency lemma), the owner who reduces at his state 0 (accepted, loses y)
    # gets -y + (1+y)p; this beats every interior reduction, so it is the value; a centred cube is worth y(2p-1)
    x, y = mpq(-1, 4), mpq(1, 2)
    sol = solver.solve(x, y, 3)
    for p in PS:
        assert sol.value(p, k, "A") == -y + (1 + y) * p
        assert sol.value(p, k, "centre") == y * (2 * p - 1)
    assert sol.level(k, "A").stop_A == ((0, 0),)


def test_region_1_hand_value():
    # (3, 2): the opponent never folds; the owner raises at p = 1 only: chord from (0, -1) to (1, y = 2)
    sol = solver.solve(3, 2, 1)
    for p in PS:
        assert sol.value(p, 1, "A") == -1 + 3 * p
    assert sol.level(1, "A").stop_A == ((1, 1),)


def test_no_endpoint_proposals_grid():
    # R-, k = 1, owner, grid i/8, no proposals at 0: reduce at 1/8, accepted: L = y(2/8 - 1) = -3/8;
    # from 1/2 the value is on the chord from (1/8, -3/8) to (1, 1): -3/8 + (11/8)(3/7) = -21/56 + 33/56 = 3/14
    sol = solver.solve(mpq(-1, 4), mpq(1, 2), 1, grid=8, refine=False, endpoint_proposals=False)
    assert sol.value(mpq(1, 2), 1, "A") == mpq(3, 14)


# -- symmetry and the paper's policy -------------------------------------------------------------

rationals = st_.fractions(min_value=-3, max_value=3, max_denominator=12)
positive = st_.fractions(min_value=0, max_value=3, max_denominator=12).filter(lambda f: f > 0)


@settings(max_examples=25, deadline=None)
@given(rationals, positive, st_.integers(1, 3))
def test_symmetry_between_players(x, y, k):
    # any (x, y): B owning is A owning seen from the other side; a centred cube is antisymmetric
    x, y = mpq(x.numerator, x.denominator), mpq(y.numerator, y.denominator)
    sol = solver.solve(x, y, k)
    for p in PS[::4]:
        assert sol.value(p, k, "B") == -sol.value(1 - p, k, "A")
        assert sol.value(p, k, "centre") == -sol.value(1 - p, k, "centre")


def _paper_policy(x, y):
    region = st.classify(x, y).region

    def propose(j, s):
        d = st.doubling_point(x, y, j)
        if region is st.Region.RAISING:
            return s == d or (x >= 1 and s >= d)
        return s <= d

    return propose, (lambda j: [st.doubling_point(x, y, j)])


@pytest.mark.parametrize("x, y", [(mpq(1, 2), mpq(3)), (mpq(3, 2), mpq(2)), (mpq(-1, 4), mpq(1, 2)),
                                  (mpq(-1, 10), mpq(9, 10))])
def test_policy_evaluation_equals_stakes_closed_forms(x, y):
    # two independent computations of the value of ju24's policy
    propose, points = _paper_policy(x, y)
    ev = solver.evaluate_policy(x, y, 4, propose, points)
    for k in range(1, 5):
        for cube, owner in (("mine", "A"), ("theirs", "B"), ("centre", "centre")):
            for p in PS:
                assert ev.value(p, k, owner) == st.equity(x, y, k, p, cube).value, (k, cube, p)


@pytest.mark.parametrize("bad", [
    dict(x=1, y=0, k=1), dict(x=1, y=2, k=-1), dict(x=1, y=2, k=1.5), dict(x=1, y=2, k=1, grid=0),
    dict(x=1, y=2, k=1, grid=[mpq(3, 2)]), dict(x=1, y=2, k=1, refine=False),
])
def test_bad_input(bad):
    with pytest.raises(BadInput):
        solver.solve(**bad)


def test_too_large():
    with pytest.raises(TooLarge):
        solver.solve(1, 2, 10**4)
    with pytest.raises(TooLarge):
        solver.solve(1, 2, 1, grid=10**7)
