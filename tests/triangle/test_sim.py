"""exactcube.triangle.sim: the seeded vectorised simulator and its intervals (ju24 Appendix B)."""

import pytest

from exactcube.triangle import board as T
from exactcube.triangle import sim as TS
from exactcube.errors import BadInput, TooLarge
from exactcube.numbers import mpq


# ------------------------------------------------------------------------------------ intervals


def test_wilson_by_hand():
    # 30/100 at 95%: z = 1.959964, z^2 = 3.841459; centre (0.3 + z^2/200)/(1 + z^2/100) = 0.319207/1.038415
    # = 0.307398; half-width z*sqrt(0.0021 + z^2/40000)/(1 + z^2/100) = 0.091848/1.038415 = 0.088450
    # ->  [0.218948, 0.395848] (by hand, 6 digits)
    iv = TS.wilson(30, 100, 0.95)
    assert abs(iv.low - 0.218948) < 2e-6 and abs(iv.high - 0.395848) < 2e-6


def test_clopper_pearson_zero_successes_closed_form():
    # k = 0: the upper limit solves (1 - p)^m = alpha/2, so p = 1 - 0.025^(1/10) = 0.308497 for m = 10, 95%
    iv = TS.clopper_pearson(0, 10, 0.95)
    assert iv.low == 0.0 and abs(iv.high - (1 - 0.025 ** 0.1)) < 1e-9


def test_clopper_pearson_contains_wilson_centre_and_is_wider():
    cp, w = TS.clopper_pearson(30, 100, 0.99), TS.wilson(30, 100, 0.99)
    assert cp.low < w.low < 0.3 < w.high < cp.high


# ------------------------------------------------------------------------------------ the walks


def test_seeded_and_reproducible():
    a = TS.simulate_wins(12, 5000, seed=3)
    b = TS.simulate_wins(12, 5000, seed=3)
    c = TS.simulate_wins(12, 5000, seed=4)
    assert a.wins == b.wins and a.wins != c.wins
    assert sum(a.wins) == 5000


@pytest.mark.parametrize(
    "n, start, edges",
    [
        pytest.param(12, (2, 3, 7), "walk", id="off-centre, edges walked"),
        pytest.param(12, (2, 3, 7), "lemma", id="off-centre, edges by Lemma 4.2"),
        pytest.param(18, None, "walk", id="centre of side 18"),
    ],
)
def test_estimate_within_interval_of_exact(n, start, edges):
    # Theorem 4.1 gives the exact chances (a, b, c)/n; seed fixed in advance (2024), 99.9% intervals
    wf = TS.simulate_wins(n, 40_000, seed=2024, start=start, edges=edges, level=0.999)
    assert wf.exact == T.barycentric(wf.start)
    assert wf.all_within(), (wf.wins, wf.intervals)


def test_vertex_and_edge_starts():
    # from a vertex the game is over: that player wins every game
    wf = TS.simulate_wins(6, 100, seed=1, start=(6, 0, 0))
    assert wf.wins == (100, 0, 0)
    # from an edge, C (ejected) never wins
    wf = TS.simulate_wins(6, 2000, seed=1, start=(4, 2, 0), edges="lemma")
    assert wf.wins[2] == 0 and wf.wins[0] + wf.wins[1] == 2000


# ------------------------------------------------------------------------- Appendix B, Doubling


def test_appendix_doubling_exact_by_hand():
    # side 3, start (1,1,1): every chance is 1/3.  q_offer = 1/2: nobody offers; edges end the game by
    # Lemma 4.2, so each wins 1/3 with no double and no refusal (by hand)
    e = TS.appendix_doubling_exact(3, mpq(1, 2), mpq(1, 10))
    assert e.win == (mpq(1, 3),) * 3 and e.win_by_fold == (0, 0, 0) and e.expected_doubles == 0
    # q_offer = 1/4 < 1/3: A (first in the appendix's order) offers at once; q_reject = 1/2 > 1/3: the others
    # refuse, so A wins by a refused double with probability 1 (by hand)
    e = TS.appendix_doubling_exact(3, mpq(1, 4), mpq(1, 2))
    assert e.win == (1, 0, 0) and e.win_by_fold == (1, 0, 0)


def test_appendix_doubling_simulation_matches_exact():
    n, qo, qr = 15, mpq(1, 2), mpq(1, 10)
    ex = TS.appendix_doubling_exact(n, qo, qr)
    sim = TS.simulate_appendix_doubling(n, qo, qr, 50_000, seed=5, level=0.999)
    assert all(iv.contains(p) for iv, p in zip(sim.intervals, ex.win, strict=True))
    assert sim.fold_interval.contains(sum(ex.win_by_fold))
    assert sum(sim.stake_counts.values()) == 50_000


def test_prob_area_rows():
    rows = TS.prob_area(12, path_length=3, games=2000, seed=1)
    assert rows and rows[0][0] == T.Position(4, 4, 4)
    for p, freq, area, _ivs in rows:
        assert area == T.barycentric(p) and abs(sum(freq) - 1) < 1e-12


# ----------------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "kw, exc, fragment",
    [
        pytest.param({"n": 12, "games": 0, "seed": 1}, BadInput, ">= 1", id="no games"),
        pytest.param({"n": 12, "games": 10, "seed": -1}, BadInput, "seed", id="negative seed"),
        pytest.param({"n": 13, "games": 10, "seed": 1}, BadInput, "multiple of 3", id="no centre"),
        pytest.param({"n": 12, "games": 10, "seed": 1, "start": (4, 4, 5)}, BadInput, "a \\+ b \\+ c", id="bad sum"),
        pytest.param({"n": 12, "games": 10, "seed": 1, "start": (-1, 6, 7)}, BadInput, ">= 0", id="negative"),
        pytest.param({"n": 12, "games": 10, "seed": 1, "edges": "jump"}, BadInput, "walk", id="bad edges"),
        pytest.param({"n": 12, "games": 10, "seed": 1, "level": 1.5}, BadInput, "level", id="bad level"),
        pytest.param({"n": 12, "games": 10**9, "seed": 1}, TooLarge, "batches", id="too many games"),
    ],
)
def test_bad_input(kw, exc, fragment):
    with pytest.raises(exc, match=fragment):
        TS.simulate_wins(**kw)


def test_bad_thresholds():
    with pytest.raises(BadInput, match="q_offer"):
        TS.appendix_doubling_exact(9, mpq(3, 2), mpq(1, 10))
    with pytest.raises(BadInput, match="binary float"):
        TS.appendix_doubling_exact(9, 0.5, mpq(1, 10))
