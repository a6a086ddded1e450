"""certcheck's poisson-raises kind (ks69 (18)-(20) in rational intervals): values derived by hand or printed in
the paper, never exactcube's output pasted back; and corrupted certificates rejected."""

from __future__ import annotations

import copy
from fractions import Fraction as F

import pytest

from certcheck import series
from certcheck.core import certified_sentence, check_certificate
from certcheck.numbers import Bad

#: log(a)/2 to 15 places (log 2 = 0.693147180559945309..., log 3 = 1.098612288668109691...)
HALF_LOGS = {"1": ["0", "0"], "2": ["346573590279972/10**15", "346573590279973/10**15"],
             "3": ["549306144334054/10**15", "549306144334055/10**15"],
             "4": ["693147180559945/10**15", "693147180559946/10**15"]}


def _logs():
    return {k: [str(F(int(x.split("/")[0]), 10 ** 15)) if "/" in x else x for x in v] for k, v in HALF_LOGS.items()}


def test_exp_and_sqrt_bounds_by_hand():
    assert series.exp_bound(F(0), False) == series.exp_bound(F(0), True) == 1
    lo, hi = series.exp_bound(F(1), False), series.exp_bound(F(1), True)
    assert F("2.718281828459045") < lo <= hi < F("2.718281828459046") and hi - lo < F(1, 10 ** 40)
    assert series.sqrt_bounds(F(4)) == (2, 2) and series.sqrt_bounds(F(9, 4)) == (F(3, 2), F(3, 2))
    lo, hi = series.sqrt_bounds(F(2))
    assert F("1.41421356237309") < lo < hi < F("1.41421356237310")


def _logs_fr():
    return {F(k): (F(lo), F(hi)) for k, (lo, hi) in _logs().items()}


def test_alpha_by_hand_and_from_the_paper():
    logs = _logs_fr()
    # b = 1: M = 0, only i = j = 0 survives, alpha(a, 1) = 1/sqrt(a): exactly 1/2 at a = 4 (section 4's example)
    assert series.alpha(F(4), F(1), logs, 40) == (F(1, 2), F(1, 2))
    # a = 1: L = 0, X = 0 <= Y surely, alpha = 1
    lo, hi = series.alpha(F(1), F(3), logs, 40)
    assert lo <= 1 <= hi and hi - lo < F(1, 10 ** 12)
    # Table III as printed: alpha(2, 1) = .7071, alpha(4, 4) = .6927, alpha(3, 2) = .6745
    for a, b, printed in ((2, 1, ".7071"), (4, 4, ".6927"), (3, 2, ".6745")):
        assert series.agrees(series.alpha(F(a), F(b), logs, 40), printed)
    # Table IV as printed: E(4, 3) = .220, E(1, 2) = -.414 (= 1 - sqrt 2, by hand: alpha(1,2) = 1, alpha(2,1) = 2^-1/2)
    for a, b, printed in ((4, 3, ".220"), (1, 2, "-.414"), (4, 1, "1.000")):
        x, y = series.alpha(F(a), F(b), logs, 40), series.alpha(F(b), F(a), logs, 40)
        assert series.agrees(series.gain(x, y), printed)
    # a = 4 against b = 1 is the boundary: alpha = 1/2 exactly, A dominates (gain exactly 1)
    assert series.gain(series.alpha(F(4), F(1), logs, 40), series.alpha(F(1), F(4), logs, 40)) == (1, 1)


def _cert(cells, disagree=(), outcome=None):
    asserts = {"cells": cells, "disagree": list(disagree)}
    doc = {"format": "exactcube-certificate", "version": 1, "name": "t", "kind": "poisson-raises",
           "claim": {"id": "t", "statement": "t"},
           "verdict": {"outcome": outcome or ("erratum" if disagree else "verified"), "evidence": "rigorous"},
           "asserts": asserts, "data": {"terms": 40, "half_logs": _logs()}}
    doc["certifies"] = certified_sentence(doc)
    return doc


CELLS = [["4", "4", "alpha", ".6927"], ["4", "3", "gain", ".220"], ["4", "1", "dominates", "A"],
         ["2", "1", "dominates", "none"], ["2", "3", "alpha", ".7000"]]


def test_a_certificate_by_hand_and_an_erratum():
    # alpha(2, 3) is .8153 in Table III (row a = 2: .7071 .7809 .8153): .7000 is wrong, so the certificate passes
    # only with that cell listed
    check_certificate(_cert(CELLS, [4]), "t")
    with pytest.raises(Bad, match="disagree"):
        check_certificate(_cert(CELLS, [], "verified"), "t")


def _resay(doc):
    doc["certifies"] = certified_sentence(doc)
    return doc


def _corrupted():
    doc = _cert(CELLS, [4])
    d = copy.deepcopy(doc)
    d["asserts"]["cells"][0][3] = ".6932"
    yield "one value", _resay(d)
    d = copy.deepcopy(doc)
    d["data"]["half_logs"]["2"][1] = d["data"]["half_logs"]["2"][0] = str(F(346573590279971, 10 ** 15))
    yield "one bound (an enclosure below log(2)/2)", d
    d = copy.deepcopy(doc)
    d["data"]["half_logs"]["3"][0] = str(F(549306144334056, 10 ** 15))
    yield "one interval end", d
    d = copy.deepcopy(doc)
    d["asserts"]["cells"][3][3] = "A"
    yield "a stronger statement (A dominates at a = 2)", _resay(d)
    d = copy.deepcopy(doc)
    d["asserts"]["cells"][0][3] = ".692700"
    yield "a stronger statement (more places)", _resay(d)
    d = copy.deepcopy(doc)
    del d["data"]["half_logs"]["3"]
    yield "a dropped piece (an enclosure)", d
    d = copy.deepcopy(doc)
    d["data"]["terms"] = 2
    yield "a dropped term (the sum cut at 2 terms: too wide to decide)", d


@pytest.mark.parametrize("label,doc", list(_corrupted()), ids=lambda x: x if isinstance(x, str) else "")
def test_corruptions_are_rejected(label, doc):
    with pytest.raises((Bad, KeyError)):
        check_certificate(doc, "t")


def _race_table(size):
    """The backgammon race f(A, B) written out here (a double moves four times its face)."""
    rolls = {}
    for i in range(1, 7):
        for j in range(1, 7):
            t = 4 * i if i == j else i + j
            rolls[t] = rolls.get(t, 0) + F(1, 36)
    f = {}
    for s in range(2, 2 * size + 1):
        for a in range(max(1, s - size), min(size, s - 1) + 1):
            b = s - a
            f[(a, b)] = sum((p * (1 - (f[(b, a - t)] if a - t >= 1 else 0)) for t, p in rolls.items()), F(0))
    return [[str(f[(a, b)]) for b in range(1, size + 1)] for a in range(1, size + 1)]


def test_race_printed_percentages():
    # f(5, 1) = 31/36 by hand: only 1-2, 2-1, 1-3, 3-1 and 1-1 move fewer than 5 pips; 100 f = 86.11...
    table = _race_table(5)
    assert F(table[4][0]) == F(31, 36)
    doc = {"format": "exactcube-certificate", "version": 1, "name": "r", "kind": "recurrence",
           "claim": {"id": "r", "statement": "r"}, "verdict": {"outcome": "erratum", "evidence": "exact"},
           "asserts": {"family": "race", "size": 5, "printed": [[5, 1, "86.1"], [1, 1, "100.0"], [3, -2, "0.0"],
                                                                [5, 1, "86.2"]], "disagree": [3]},
           "data": {"table": table}}
    doc["certifies"] = certified_sentence(doc)
    check_certificate(doc, "r")
    doc["asserts"]["disagree"], doc["verdict"]["outcome"] = [], "verified"
    doc["certifies"] = certified_sentence(doc)
    with pytest.raises(Bad, match="disagree"):
        check_certificate(doc, "r")


def test_binomial_laws_by_hand():
    from certcheck.papers import binomial_compare

    # a = 2, b = 3: K_a ~ b(1, 1/4), K_b ~ b(1, 1/3); P[K_a <= K_b] = 1 - (1/4)(2/3) = 5/6, P[K_a < K_b] =
    # (3/4)(1/3) = 1/4 (ks69's example: alpha(1, 1) = 5/6, beta(1, 1) = 1/4)
    assert binomial_compare(1, 1, F(2), F(3)) == (F(5, 6), F(1, 4))
    # the grids of (8)-(9) written out here for a = 2, b = 3, size 2
    alpha = [["1", "1"], ["3/4", "5/6"]]
    beta = [["0", "1/3"], ["0", "1/4"]]
    doc = {"format": "exactcube-certificate", "version": 1, "name": "t2", "kind": "binomial-laws",
           "claim": {"id": "t2", "statement": "t2"}, "verdict": {"outcome": "verified", "evidence": "exact"},
           "asserts": {"size": 2, "factors": [["2", "3"]]},
           "data": {"grids": [{"a": "2", "b": "3", "alpha": alpha, "beta": beta}]}}
    doc["certifies"] = certified_sentence(doc)
    check_certificate(doc, "t2")
    for bad in (lambda d: d["data"]["grids"][0]["alpha"][1].__setitem__(1, "4/5"),  # one value
                lambda d: d["asserts"]["factors"].append(["5", "7"]),              # a stronger statement
                lambda d: d["data"]["grids"].clear()):                              # a dropped piece
        d = copy.deepcopy(doc)
        bad(d)
        d["certifies"] = certified_sentence(d)
        with pytest.raises((Bad, KeyError)):
            check_certificate(d, "t2")
