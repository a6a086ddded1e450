"""The cube-race kind (zk77's cube races, Table 3 and the Keeler-Spencer dice): the money game's Bellman equations
checked on a table derived by hand, the Table 3 reading, a round trip through ``verify --certificates`` and a
corrupted certificate rejected."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from fractions import Fraction as F

import pytest

from certcheck.core import certified_sentence, check_certificate
from certcheck.numbers import Bad
from certcheck.recurrences import FAMILIES, check_cubeful, cube_thresholds

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _hand_table():
    """Backgammon dice, counts 1..4, by hand.  A count of 1..3 is off with any roll (the least total is 3): ND = 1
    in every cube state.  At count 4 only a total of 3 (1-2, 2-1: 2/36) fails, leaving 1 against the opponent's y:
    for y <= 3 he is off (E = 1), so ND(4, y) = 34/36 - 2/36 = 8/9.  At (4, 4) the opponent is at (4, 1), where
    E_C = E_O = min(1, 2 * 8/9) = 1 (he doubles, we pass) but E_T = ND_T = 8/9 (we own the cube): so
    ND_C(4, 4) = ND_T(4, 4) = 8/9 and ND_O(4, 4) = 34/36 - (2/36)(8/9) = 145/162."""
    one = [F(1)] * 4
    c = [one, one, one, [F(8, 9)] * 4]
    o = [one, one, one, [F(8, 9)] * 3 + [F(145, 162)]]
    return c, o, [r[:] for r in c]


def _ints(tables, scale=162):
    return tuple([[int(v * scale) for v in row] for row in t] for t in tables)


def test_bellman_equations_by_hand():
    rolls = FAMILIES["race"].rolls
    nd = _ints(_hand_table())
    check_cubeful(rolls, 162, nd)
    # at count 4 (re)doubling is right at every y (DB = 1 > 8/9) and the opponent never takes (2 * 8/9 > 1)
    assert cube_thresholds(162, nd, 4) == [4, -3, -3, None]
    assert cube_thresholds(162, nd, 1) == [1, 0, 0, None]  # already won: counts as a double from y = 1
    c, o, t = _hand_table()
    o[3][3] = F(8, 9)  # owning the cube forgotten at (4, 4): the opponent's redouble at (4, 1) is not his to make
    with pytest.raises(Bad, match=r"ND_O\(4, 4\)"):
        check_cubeful(rolls, 162, _ints((c, o, t)))
    with pytest.raises(Bad, match=r"ND_C\(1, 1\)"):
        check_cubeful(rolls, 324, nd)  # the same numerators over another scale


def _hand_certificate():
    nd = _ints(_hand_table())
    asserts = {"dice": ["race"], "size": 4, "counts": [4], "thresholds": [[[4, -3, -3, None]]],
               "printed": [["double", 4, "−3"], ["redouble", 4, "−2½"], ["minimum take", 4, "+½"]], "disagree": [1, 2]}
    doc = {"format": "exactcube-certificate", "version": 1, "name": "hand", "kind": "cube-race",
           "claim": {"id": "hand", "statement": "by hand"}, "verdict": {"outcome": "refuted", "evidence": "exact"},
           "asserts": asserts, "data": {"tables": [{"scale": "162", **{k: [[str(v) for v in r] for r in a]
                                                                       for k, a in zip(("nd_c", "nd_o", "nd_t"), nd, strict=True)}}]}}
    doc["certifies"] = certified_sentence(doc)
    return doc


def test_printed_thresholds_read_as_the_text_reads_them():
    # -3: double from yours - 3 (agrees); -2 1/2: redouble from ceil(-5/2) = -2 (the exact is -3); +1/2: take up to
    # floor(1/2) = 0 (the opponent never takes)
    doc = _hand_certificate()
    check_certificate(doc, "hand")
    assert "1 of 3 printed thresholds agree" in doc["certifies"]
    bad = copy.deepcopy(doc)
    bad["asserts"]["disagree"] = [2]
    bad["certifies"] = certified_sentence(bad)
    with pytest.raises(Bad, match="disagree are \\[1, 2\\]"):
        check_certificate(bad, "hand")


@pytest.fixture(scope="module")
def table3_folder(tmp_path_factory):
    import io

    from exactcube.cli import Output, main

    folder = tmp_path_factory.mktemp("cube-race")
    buf = io.StringIO()
    code = main(["verify", "--claim", "zk77.table3", "--certificates", str(folder)], Output(buf, force_plain=True))
    assert code == 0, buf.getvalue()
    assert "zk77.table3: certified by certcheck" in buf.getvalue()
    return folder


def test_table3_round_trip(table3_folder):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    r = subprocess.run([sys.executable, "-m", "certcheck", str(table3_folder)], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and r.stdout.splitlines() == ["CERTIFIED zk77.table3"], r.stdout + r.stderr
    doc = json.loads((table3_folder / "zk77.table3.json").read_text())
    # the count-20 column agrees with the sentence below Table 3: redouble from 20, double from 19, drop from 23
    assert doc["asserts"]["thresholds"][0][0] == [20, -1, 0, 2]
    assert doc["verdict"]["outcome"] == "refuted" and len(doc["asserts"]["disagree"]) == 6


def test_table3_corrupted_is_rejected(table3_folder):
    doc = json.loads((table3_folder / "zk77.table3.json").read_text())
    check_certificate(doc, "zk77.table3")
    bad = copy.deepcopy(doc)
    row = bad["data"]["tables"][0]["nd_o"][69]
    row[76] = str(int(row[76]) + 1)  # ND_O(70, 77), a Table 2 position
    with pytest.raises(Bad, match=r"ND_O\(70, 77\)"):
        check_certificate(bad, "zk77.table3")
    bad = copy.deepcopy(doc)
    bad["asserts"]["printed"][0][2] = "+4"  # minimum take at 20: take up to 24, the exact is 22
    bad["certifies"] = certified_sentence(bad)
    with pytest.raises(Bad, match="disagree"):
        check_certificate(bad, "zk77.table3")
