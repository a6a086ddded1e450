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
    """The claim on real positions, fed made-up statistics (min, median, max): a value outside the
    range is an erratum, a value inside is verified, and the median reading is the alternative."""
    from types import SimpleNamespace

    from exactcube.numbers import mpq
    from exactcube.printed import substituting
    from proofs.zk77.real import REAL_PRINTED, effective_real

    pts = SimpleNamespace(pairs=9, da_owner=(mpq(3, 4), mpq(4, 5), mpq(23, 25)),
                          db_opponent=(mpq(1, 50), mpq(2, 25), mpq(7, 50)), da_symmetric=(0, 0, 0))
    v = effective_real(pts)
    assert v.outcome.value == "verified" and "zk77.real-range" in v.assumptions
    alt = v.alternatives[0]  # medians 0.80 and 0.08 do not round to 0.90 and 0.10
    assert alt.outcome.value == "erratum" and len(alt.errata) == 2
    with substituting(REAL_PRINTED["D_A"], "0.95"):  # above the range's top 0.92
        assert effective_real(pts).outcome.value == "erratum"
    with substituting(REAL_PRINTED["D_A"], "0.80"):
        alt = effective_real(pts).alternatives[0]
        assert [e.where for e in alt.errata] == [REAL_PRINTED["D_B"].where]


def test_zk77_effective_real40_judges_the_printed_values():
    """The 40-pip claim on eight-checker positions, fed made-up statistics: the printed 0.88 lies
    above the range [0.80, 0.86] even with its rounding interval (0.875 > 0.86), an erratum under
    the range reading; the printed D_B 0.12 lies inside [0.10, 0.15]."""
    from types import SimpleNamespace

    from exactcube.numbers import mpq
    from proofs.zk77.real import PRINTED_40, effective_real40

    pts = SimpleNamespace(pairs=400, da_owner=(mpq(4, 5), mpq(83, 100), mpq(43, 50)),
                          db_opponent=(mpq(1, 10), mpq(3, 25), mpq(3, 20)), da_symmetric=(0, 0, 0))
    v = effective_real40(pts)
    assert v.outcome.value == "erratum" and "zk77.bearoff-8" in v.assumptions
    assert [e.where for e in v.errata] == [PRINTED_40["D_A"].where]
    alt = v.alternatives[0]  # median D_A 0.83 does not round to 0.88; median D_B 0.12 does
    assert alt.outcome.value == "erratum" and [e.where for e in alt.errata] == [PRINTED_40["D_A"].where]


@pytest.mark.slow
def test_eight_checker_points_against_six_checker_table():
    """At 20 pips a side, the six-checker pairs of the eight-checker table imply the same points
    as the six-checker table computes independently of the cache (a subset: the eight-checker
    range must contain the six-checker one)."""
    from proofs.zk77.real import eight_checker_points
    from exactcube.race.bearoff import realcube, twosided

    six = realcube.effective_points(twosided.build(6), 20)
    eight = eight_checker_points(20)
    assert eight.pairs > six.pairs
    for a, b in ((eight.da_owner, six.da_owner), (eight.db_opponent, six.db_opponent)):
        assert a[0] <= b[0] and a[2] >= b[2]


@pytest.mark.slow
def test_zk77_effective_real20_eight_checkers_verdict():
    """At 20 pips on up to eight checkers a side (solved over the 755 positions the pairs reach):
    inside the ranges, off the medians (docs/zk77.md)."""
    from proofs.zk77.real import effective_real20_8

    v = effective_real20_8()
    assert v.outcome.value == "verified" and "17956 pairs" in v.details
    assert v.alternatives[0].outcome.value == "erratum" and len(v.alternatives[0].errata) == 2


@pytest.mark.slow
def test_zk77_effective_real40_verdict():
    """At 40 pips on up to eight checkers a side (the eight-checker table, built once into the
    cache if absent: minutes of CPU): D_A from 0.8090 to 0.8751, so the printed 0.88 (from
    0.875) is inside the range; the medians 0.8445 and 0.1105 round to neither printed value."""
    from proofs.zk77.real import effective_real40

    v = effective_real40()
    assert v.outcome.value == "verified" and "400 pairs" in v.details and "0.8090 to 0.8751" in v.details
    assert v.alternatives[0].outcome.value == "erratum" and len(v.alternatives[0].errata) == 2
