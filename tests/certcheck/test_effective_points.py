"""The effective-points kind (zk77's effective doubling points D_A, D_B): the inversions of Lemma 2 at a position
derived by hand, then at 20 vs 20 and along even races by a separate small solver of the race written here
(memoised recursion over positions, not the table check certcheck does), and the printed rule: a decimal agrees
when some value of the range, or of the one-sided range at a printed end, rounds to it."""

from __future__ import annotations

import copy
from fractions import Fraction as F
from functools import lru_cache
from math import lcm

import pytest

from certcheck.core import certified_sentence, check_certificate
from certcheck.numbers import Bad

#: backgammon dice: the count each of the 36 ordered rolls moves (a double four times its face)
ROLLS = [4 * i if i == j else i + j for i in range(1, 7) for j in range(1, 7)]


@lru_cache(maxsize=None)
def win(x, y):
    """The roller's cubeless chance at x against y: off with a roll of at least x, else the opponent rolls."""
    return sum((F(1) if r >= x else 1 - win(y, x - r) for r in ROLLS), F(0)) / 36


@lru_cache(maxsize=None)
def nd(x, y, cube):
    """The roller's equity per unit cube when he does not double now (money game, no gammons); ``cube`` is
    centre, mine or theirs from his side, and after his roll the opponent sees it the other way round."""
    flip = {"centre": "centre", "mine": "theirs", "theirs": "mine"}[cube]
    return sum((F(1) if r >= x else -eq(y, x - r, flip) for r in ROLLS), F(0)) / 36


def eq(x, y, cube):
    """With optimal doubling: a player who may double gets the better of holding and doubling, doubling being
    worth 1 if the opponent passes, else twice his equity holding a cube the opponent owns; the taker chooses."""
    if cube == "theirs":
        return nd(x, y, "theirs")
    return max(nd(x, y, cube), min(F(1), 2 * nd(x, y, "theirs")))


def _doc(size, asserts, outcome):
    cells = {k: [[f(x, y) for y in range(1, size + 1)] for x in range(1, size + 1)]
             for k, f in (("nd_c", lambda x, y: nd(x, y, "centre")), ("nd_o", lambda x, y: nd(x, y, "mine")),
                          ("nd_t", lambda x, y: nd(x, y, "theirs")), ("p", win))}
    scale = lcm(*(v.denominator for t in cells.values() for row in t for v in row))
    data = {"scale": str(scale), **{k: [[str(int(v * scale)) for v in row] for row in t] for k, t in cells.items()}}
    doc = {"format": "exactcube-certificate", "version": 1, "name": "t", "kind": "effective-points",
           "claim": {"id": "t", "statement": "test"}, "verdict": {"outcome": outcome, "evidence": "exact"},
           "asserts": {"size": size, **asserts}, "data": data}
    doc["certifies"] = certified_sentence(doc)
    return doc


def _spell(v):
    return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"


def test_four_against_four_by_hand():
    """At 4 vs 4 the roller fails to come off only with 1-2 or 2-1 (2/36), left at 1, where the opponent (at 4)
    fails with 2/36 and then loses: p = 34/36 + (2/36)(2/36) = 307/324.  With the opponent owning the cube the
    roller cannot double, and left at 1 he faces the opponent at 4 vs 1 owning the cube, who (holding, 34/36 - 2/36
    = 8/9) redoubles (2 x 8/9 > 1: the roller passes): E_T = 34/36 - 2/36 = 8/9, P_B = 17/18.  With the cube in the
    middle or his own the roller doubles and the opponent passes (2 E_T = 16/9 > 1): E_C = E_O = 1, P_M = P_A = 1.
    Then D_A by (1) = p / 1 = 307/324; D_B by (2) = (p - 17/18)/(1 - 17/18) = (1/324)/(18/324) = 1/18; (3) with
    D_B = 1 - D_A: P_M = 1 gives D_A = p and D_B = 1 - p = 17/324; D_A by (3) with D_B by (2): D_B + (p - D_B)/1 = p."""
    assert win(4, 4) == F(307, 324) and eq(4, 4, "theirs") == F(8, 9) and eq(4, 4, "mine") == 1
    names = ["D_A by (1)", "D_B by (2)", "D_A by (3) with D_B = 1 - D_A", "D_B by (3) with D_B = 1 - D_A",
             "D_A by (3) with D_B by (2)"]
    by_hand = [F(307, 324), F(1, 18), F(307, 324), F(17, 324), F(307, 324)]
    points = [[4, 4, n, _spell(v)] for n, v in zip(names, by_hand, strict=True)]
    # D_A: 307/324 = 0.9475... rounds to 0.95 (agrees); D_B in [17/324, 1/18] = [0.0524.., 0.0555..]: 0.06 agrees
    # (0.0555.. >= 0.055), 0.10 does not (the range stays below 0.095)
    printed = [["D_A", 4, "0.95"], ["D_B", 4, "0.06"], ["D_B", 4, "0.10"]]
    asserts = {"reading": "even", "inversions": names, "points": points, "printed": printed, "disagree": [2]}
    doc = _doc(4, asserts, "erratum")
    check_certificate(doc, "t")
    assert "D_B by (2) = 0.0556 at 4 vs 4" in doc["certifies"] and "printed 0.10 disagrees" in doc["certifies"]
    bad = copy.deepcopy(doc)
    bad["asserts"]["points"][1][3] = "1/17"
    bad["certifies"] = certified_sentence(bad)
    with pytest.raises(Bad, match="not the inversions"):
        check_certificate(bad, "t")
    # the sixth inversion, D_B by (3) with D_A by (1), divides by 1 - P_M = 0 here: the certificate is refused
    zero = copy.deepcopy(doc)
    zero["asserts"]["inversions"].append("D_B by (3) with D_A by (1)")
    zero["certifies"] = certified_sentence(zero)
    with pytest.raises(ZeroDivisionError):
        check_certificate(zero, "t")


def test_twenty_against_twenty_by_a_separate_solver():
    """zk77's printed D_A = 0.90 at 20 vs 20 against D_A by (1) = 2p/(E_O + 1) and (3) with D_B = 1 - D_A,
    (2p - 1 + E_C)/(2 E_C), from the solver above: both near 0.79 to 0.83, so 0.90 disagrees."""
    p, ec, eo = win(20, 20), eq(20, 20, "centre"), eq(20, 20, "mine")
    da1, da3 = 2 * p / (eo + 1), (2 * p - 1 + ec) / (2 * ec)
    assert round(float(da1), 4) == 0.8342 and round(float(da3), 4) == 0.7889  # zk77.effective's table shows these
    names = ["D_A by (1)", "D_A by (3) with D_B = 1 - D_A"]
    asserts = {"reading": "even", "inversions": names, "printed": [["D_A", 20, "0.90"], ["D_A", 20, "0.83"]],
               "points": [[20, 20, n, _spell(v)] for n, v in zip(names, (da1, da3), strict=True)], "disagree": [0]}
    doc = _doc(20, asserts, "erratum")
    check_certificate(doc, "t")
    assert "D_A by (1) = 0.8342 at 20 vs 20" in doc["certifies"]
    bad = copy.deepcopy(doc)
    bad["verdict"]["outcome"] = "verified"
    with pytest.raises(Bad, match="data decide 'erratum'"):
        check_certificate(bad, "t")


def test_trend_and_range_by_a_separate_solver():
    """D_A by (1) at 10, 15, 20 vs themselves and its extremes over counts 1..20 (the first position, x then y
    ascending, where 0 < p < 1 and E_O < 1), both from the solver above; a printed lower end d agrees when
    d - 1/2 unit <= the lowest, an upper end when the highest <= d + 1/2 unit."""
    da = {x: 2 * win(x, x) / (eq(x, x, "mine") + 1) for x in (10, 15, 20)}
    breaks = [["D_A by (1)", a, b] for a, b in ((10, 15), (15, 20)) if da[b] > da[a]]
    assert ["D_A by (1)", 15, 20] in breaks  # 0.8254 at 15, 0.8342 at 20: higher further from the end
    asserts = {"reading": "trend", "inversions": ["D_A by (1)"], "counts": [10, 15, 20], "printed": "increase",
               "points": [[x, x, "D_A by (1)", _spell(v)] for x, v in da.items()], "breaks": breaks}
    check_certificate(_doc(20, asserts, "refuted" if breaks else "verified"), "t")
    found = [(2 * win(x, y) / (eq(x, y, "mine") + 1), x, y) for x in range(1, 21) for y in range(1, 21)
             if 0 < win(x, y) < 1 and eq(x, y, "mine") < 1]
    lo, hi = min(found, key=lambda t: t[0]), max(found, key=lambda t: t[0])
    ends = [["D_A", "lower", "0.80"], ["D_A", "upper", "1"], ["D_A", "lower", "0.5"]]
    # half a unit of the last place: 0.005 for 0.80, 0.05 for 0.5, 0.5 for 1
    wrong = [k for k, (_, end, d) in enumerate(ends)
             if not (F(d) - F(1, 2 * 10 ** len(d.partition(".")[2])) <= lo[0] if end == "lower" else hi[0] <= F(3, 2))]
    assert F(45, 100) <= lo[0] < F(795, 1000) and hi[0] <= F(3, 2) and wrong == [0]  # only 0.80 is wrong
    asserts = {"reading": "range", "inversions": ["D_A by (1)"], "printed": ends, "disagree": wrong,
               "points": [[x, y, "D_A by (1)", _spell(v)] for v, x, y in (lo, hi)]}
    doc = _doc(20, asserts, "refuted")
    check_certificate(doc, "t")
    assert "D_A lower end printed 0.80 disagrees" in doc["certifies"]


def test_zk77_round_trip_and_corruptions(tmp_path):
    """verify writes the three zk77 certificates, certcheck (a fresh interpreter) certifies them, and every
    corruption of the even races' certificate is rejected."""
    import io
    import json
    import os
    import shutil
    import subprocess
    import sys

    from exactcube.cli import Output, main

    buf = io.StringIO()
    code = main(["verify", "--claim", "zk77.effective", "--certificates", str(tmp_path)], Output(buf, force_plain=True))
    assert code == 0 and "3 of 3 exact/rigorous verdicts certified" in buf.getvalue(), buf.getvalue()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    r = subprocess.run([sys.executable, "-m", "certcheck", str(tmp_path)], cwd=root, env=env, capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0 and r.stdout.count("CERTIFIED zk77.effective") == 3, r.stdout + r.stderr
    doc = json.loads((tmp_path / "zk77.effective.json").read_text())
    assert doc["verdict"]["outcome"] == "erratum" and doc["asserts"]["disagree"] == [0, 2]  # D_A at 40 and at 20
    one = tmp_path / "even"
    one.mkdir()
    shutil.copy(tmp_path / "zk77.effective.json", one)
    sys.path.insert(0, os.path.join(root, "scripts"))
    try:
        import corrupt_certificates as cc
    finally:
        sys.path.pop(0)
    rows = cc.run(str(one))
    assert len(rows) == 16 and [label for *_, label, reason in rows if reason is None] == []
