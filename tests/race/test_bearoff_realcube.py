"""zk77 and the race formulas on real bearoff positions: independent checks.

With one checker a side a real bearoff *is* the pip-count race (a roll moves the checker by
its total, four times the number for doubles, and any total at least the point bears it
off), so there the real values must equal the race model's exactly."""

from __future__ import annotations

import pytest

from exactcube.numbers import mpq
from exactcube.race import effective as ef
from exactcube.race.bearoff import realcube as rc
from exactcube.race.bearoff import twosided as ts
from exactcube.race.bearoff.positions import counts_of


@pytest.fixture(scope="module")
def one():
    return ts.build(1)


def test_single_checkers_are_the_pip_model(one):
    g = rc.pip_model_gap(one)
    assert g.pairs == 36 and g.max_gap == 0 and g.mean_gap == 0


@pytest.mark.parametrize("k", [2, 4, 6])
def test_effective_points_single_checker_equal_pip_model(one, k):
    e = rc.effective_points(one, k)
    pm = ef.implied_points(k, k)
    assert e.pairs == 1
    assert e.da_owner == (pm.da_from_owner,) * 3
    assert e.db_opponent == (pm.db_from_opponent,) * 3


@pytest.mark.parametrize("counts, value", [
    # pips 6, nothing else: 4 and 5 empty (+2); 6 occupied
    pytest.param((0, 0, 0, 0, 0, 1), 6 + 2, id="one on 6"),
    # three on 1 (pips 3): +2 for each beyond one (+4); 4, 5, 6 empty (+3)
    pytest.param((3, 0, 0, 0, 0, 0), 3 + 4 + 3, id="three on 1"),
    # 2 on 2, 5 on 3, one on 4, 5, 6: pips 4+15+15 = 34; +1 (2-pt) +2 (3-pt beyond three)
    pytest.param((0, 2, 5, 1, 1, 1), 34 + 1 + 2, id="mixed"),
])
def test_keith_count_by_hand(counts, value):
    assert rc.keith_count(counts) == value


def test_rule_costs_against_cube_action():
    """Recompute a few rules' costs pair by pair with cube_action (second route)."""
    t = ts.build(2)
    scores = {s.rule: s for s in rc.score_rules(t)}
    keith = scores["Keith"]
    total = {"double": mpq(0), "take": mpq(0)}
    wrong = {"double": 0, "take": 0}
    for kx in t.keys:
        for ky in t.keys:
            if not kx or not ky:
                continue
            x, y = counts_of(kx), counts_of(ky)
            e = t.entry(x, y)
            a = ts.cube_action(e, "centred")
            kr = rc.keith_count(x)
            diff = kr + kr // 7 - rc.keith_count(y)
            dv = min(a["double_take"], 1)
            got = dv if diff <= 4 else a["no_double"]
            c = a["equity"] - got
            total["double"] += c
            wrong["double"] += c > 0
            taker_best = max(-a["double_take"], mpq(-1))
            got = -a["double_take"] if diff >= 2 else mpq(-1)
            total["take"] += taker_best - got
            wrong["take"] += taker_best > got
    for dec in ("double", "take"):
        assert keith.cost[dec] == total[dec] and keith.errors[dec] == wrong[dec]


def test_zk77_effective_real_judges_the_printed_values():
    """The claim on real positions, fed made-up pairs (value, checkers on roll, checkers of the other): the headline
    reading (middle half) fails a printed value outside the quartiles; range and median are the alternatives."""
    from types import SimpleNamespace

    from exactcube.numbers import mpq
    from exactcube.printed import substituting
    from proofs.zk77.real import REAL_PRINTED, effective_real, quartiles

    da = [mpq(x, 100) for x in (70, 75, 78, 80, 82, 85, 88, 92)]
    db = [mpq(x, 100) for x in (2, 5, 8, 9, 10, 12)]
    pts = SimpleNamespace(pairs=8, da_values=tuple((v, 3, 3 if k % 2 else 4) for k, v in enumerate(da)),
                          db_values=tuple((v, 3, 3) for v in db))
    # nearest rank: n = 8 gives ranks 2 and 6 (0.75, 0.85); n = 6 gives ranks 2 and 5 (0.05, 0.10)
    assert quartiles(da) == (mpq(75, 100), mpq(85, 100)) and quartiles(db) == (mpq(5, 100), mpq(10, 100))
    v = effective_real(pts)
    # D_A 0.90 ([0.895, 0.905]) misses [0.75, 0.85]; D_B 0.10 is the upper quartile itself
    assert v.outcome.value == "erratum" and "zk77.real-middle-half" in v.assumptions
    assert [e.where for e in v.errata] == [REAL_PRINTED["D_A"].where]
    # 7 of the 8 values lie below 0.895, one (0.92) above; of the four with equal checker counts (0.75, 0.80, 0.85,
    # 0.92) three lie below
    w = v.witness["D_A"]
    assert (w["below"], w["in"], w["above"]) == (7, 0, 1) and w["equal_checkers"]["below"] == 3
    rng, med = v.alternatives
    assert rng.outcome.value == "verified" and "zk77.real-range" in rng.assumptions  # 0.70 .. 0.92 holds 0.90
    assert med.outcome.value == "erratum" and len(med.errata) == 2  # medians 0.80 and 0.08 round neither
    with substituting(REAL_PRINTED["D_A"], "0.85"):  # inside the middle half: the headline holds
        assert effective_real(pts).outcome.value == "verified"
    with substituting(REAL_PRINTED["D_A"], "0.95"):  # above the range's top 0.92: wrong under every reading
        assert effective_real(pts).alternatives[0].outcome.value == "erratum"