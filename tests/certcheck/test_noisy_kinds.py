"""certcheck's noisy interval kinds (nim-rational, nim-grid) and the whole bearoff table (bearoff-table): values
derived by hand or printed in the paper, certificates written by the producer and checked, corruptions rejected."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction as F

import pytest

import certcheck.kinds  # noqa: F401  (registers the kinds)
from certcheck import polys
from certcheck.core import KINDS, TEXTS, certified_sentence, sha256
from certcheck.numbers import Bad

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _check(cert):
    return KINDS[cert["kind"]](cert["asserts"], cert["data"])


# -- polynomials ------------------------------------------------------------------------------------------------

def test_sign_on_by_hand():
    assert polys.sign_on([-1, 3], F(1, 2), F(1)) == 1  # 3x - 1 > 0 on (1/2, 1)
    assert polys.sign_on([1, -2], F(0), F(1, 2)) == 1  # 1 - 2x > 0 on (0, 1/2), its root at the end
    with pytest.raises(Bad):
        polys.sign_on([-1, 3], F(0), F(1, 2))  # the root 1/3 inside
    with pytest.raises(Bad):
        polys.sign_on([-2, 0, 1], F(1), F(2))  # sqrt 2 inside: irrational, never a midpoint
    assert polys.sign_on([-2, 0, 1], F(3, 2), F(2)) == 1
    assert polys.sign_on([1, -2, 1], F(0), F(1)) == 1  # (1 - x)^2, the double root at the end
    with pytest.raises(Bad):
        polys.sign_on([1, -4, 4], F(0), F(1))  # (1 - 2x)^2: a double root inside, at the midpoint


def test_exact_division():
    assert polys.divide_exactly(polys.mul([1, 1], [2, -1, 3]), [1, 1]) == [2, -1, 3]
    with pytest.raises(Bad):
        polys.divide_exactly([1, 0, 1], [1, 1])


# -- nim-rational -------------------------------------------------------------------------------------------------

def _heap_two(lo, hi, move, formula):
    """By hand: from 2 = '10' (k = 2, legal words 00 and 01) move 0 ('00') arrives as 00 with chance (1 - e)^2 and as
    01 with e (1 - e), normalised: 1 - e and e; so p(2, 0) = (1 - e)(1 - p(0)) + e (1 - p(1)) = 1 - e, and
    p(2, 1) = e.  p(1) = 1."""
    return {"kind": "nim-rational",
            "asserts": {"heap": 2, "lo": lo, "hi": hi, "moves": {"1": [0], "2": [move]}, "above_half": False,
                        "formulas": [[2, formula, [1]]]},
            "data": {"p": [[[], [1]], [[1], [1]], [formula, [1]]], "common_denominator": [1]}}


def test_heap_two_by_hand():
    assert _check(_heap_two("0", "1/2", 0, [1, -1])) == "verified"
    assert _check(_heap_two("1/2", "1", 1, [0, 1])) == "verified"
    with pytest.raises(Bad):
        _check(_heap_two("0", "1", 0, [1, -1]))  # above 1/2 move 1 is better (the moves tie at 1/2)
    with pytest.raises(Bad, match="not the value"):
        _check(_heap_two("0", "1/2", 0, [1, -2]))


def test_equation_two_as_printed():
    """(2) of the paper: p(3) = (1 - e + e^2)/(1 + e) with move 00 below 1/2, e(1 - e^2)/(1 - e + e^2) with 01 above."""
    from proofs.certificates_noisy import rational_certificate

    below = rational_certificate(3, F(0), F(1, 2), {1: (0,), 2: (0,), 3: (0,)}, formulas=[(3, [1, -1, 1], [1, 1])])
    above = rational_certificate(3, F(1, 2), F(1), {1: (0,), 2: (1,), 3: (1,)}, formulas=[(3, [0, 1, 0, -1], [1, -1, 1])])
    assert _check(below) == _check(above) == "verified"
    below["asserts"]["formulas"] = [[3, [1, -1, 1], [1, 2]]]
    with pytest.raises(Bad, match="formula"):
        _check(below)


def test_conjecture9_whole_interval_and_its_limit():
    """Heaps up to 16 on (0, 1/2): move 0 the unique optimum and p > 1/2; the same asserted on (0, 3/5) fails (all
    moves tie at 1/2, and above it move 0 is no longer optimal)."""
    from proofs.certificates_noisy import rational_certificate

    c = rational_certificate(16, F(0), F(1, 2), {n: (0,) for n in range(1, 17)}, above_half=True)
    assert _check(c) == "verified"
    assert "p(n) > 1/2 for every heap 2..16" in TEXTS["nim-rational"](c["asserts"])
    c["asserts"]["hi"] = "3/5"
    with pytest.raises(Bad):
        _check(c)


# -- nim-grid ---------------------------------------------------------------------------------------------------

def test_grid_heap_two_by_hand():
    """At e = 1/4: p(2) = 3/4 (move 0), p(2) > 1/2."""
    cert = {"kind": "nim-grid",
            "asserts": {"heap": 2, "eps": ["1/4"], "optimal": [["1/4", 2, [0]]], "side": [["1/4", 2, "above"]],
                        "values": [["1/4", 2, "3/4"]], "above": [["1/4", 2, "2/3"]]},
            "data": {"tables": [{"eps": "1/4", "p": ["0", "1", "3/4"]}]}}
    assert _check(cert) == "verified"
    with pytest.raises(Bad):  # p(2) = 3/4 is not above 3/4
        _check(dict(cert, asserts=dict(cert["asserts"], above=[["1/4", 2, "3/4"]])))
    assert _check(dict(cert, asserts=dict(cert["asserts"], below=[["1/4", 2, "4/5"]]))) == "verified"
    # H(2) at 1/4: p(2, 1) = 1/4 (move 1 arrives as 1 w.p. 3/4, as 0 w.p. 1/4), 1/4 - 1/2 < (1/2)(3/4 - 1/2) holds
    assert _check(dict(cert, asserts=dict(cert["asserts"], power=[["1/4", 2, True]]))) == "verified"
    with pytest.raises(Bad):
        _check(dict(cert, asserts=dict(cert["asserts"], power=[["1/4", 2, False]])))
    with pytest.raises(Bad):  # nor below 3/4
        _check(dict(cert, asserts=dict(cert["asserts"], below=[["1/4", 2, "3/4"]])))
    cert["asserts"]["optimal"] = [["1/4", 2, [1]]]
    with pytest.raises(Bad):
        _check(cert)


# -- channel-lemmas ---------------------------------------------------------------------------------------------

def test_channel_lemmas():
    """By hand, heap 5 (k = 3) at eps = 1: sending 000 every bit flips, 111 = 7 is illegal; of the legal words 0..4
    the farthest from 000 is 011 = 3 (distance 2), and Lemma 1 (K = 4, t = 1, m = 0 < K - t, c = 3, no b with
    c - 2^b < 1) gives {3}.  certcheck decides Lemma 1 to heap 40 and Lemma 4 to 2^5; beyond its caps it refuses."""
    a = {"lemma1_heaps_to": 40, "lemma4_powers_to": 5}
    assert KINDS["channel-lemmas"](a, {}) == "verified"
    with pytest.raises(Bad):
        KINDS["channel-lemmas"](dict(a, lemma1_heaps_to=10 ** 6), {})


#: the channel's rows by hand, heaps 1..3 (k = 1, 2, 2 digits).  eps = 1/3: a word at distance d weighs
#: (1/3)^d (2/3)^(k - d), 4/9, 2/9, 1/9 for k = 2; heap 3 from 00 reaches 00, 01, 10 (4/9, 2/9, 2/9 of 8/9), from 01
#: 00, 01, 10 at distances 1, 0, 2 (2/9, 4/9, 1/9 of 7/9).  eps = 1/2: every legal word equally likely.
HAND_ROWS = {"1/3": [[["1"]], [["2/3", "1/3"], ["1/3", "2/3"]],
                     [["1/2", "1/4", "1/4"], ["2/7", "4/7", "1/7"], ["2/7", "1/7", "4/7"]]],
             "1/2": [[["1"]], [["1/2", "1/2"], ["1/2", "1/2"]], [["1/3", "1/3", "1/3"]] * 3]}


def test_channel_rows_by_hand():
    a = {"eps": ["1/3", "1/2"], "heaps_to": 3}
    assert KINDS["channel-rows"](a, {"rows": HAND_ROWS}) == "verified"
    wrong = json.loads(json.dumps(HAND_ROWS))
    wrong["1/3"][2][1] = ["2/7", "1/7", "4/7"]  # the row of move 2 given for move 1
    for asserts, data in ((a, {"rows": wrong}), (dict(a, eps=["1/3"]), {"rows": HAND_ROWS}),
                          (dict(a, heaps_to=2), {"rows": HAND_ROWS}), ({"eps": ["1"], "heaps_to": 1}, {"rows": {"1": [[["1"]]]}})):
        with pytest.raises(Bad):
            KINDS["channel-rows"](asserts, data)


def test_half_first_order_by_hand():
    """Heap 2 by hand: p(2) = max(eps, 1 - eps), so the slopes at 1/2 are -1 (left) and +1 (right) = -+2/(2 * 1),
    move 0 (slope -1) best on the left, move 1 (+1) on the right, gap 2 = 4/2; certcheck decides heaps to 20."""
    assert KINDS["half-first-order"]({"heap": 20}, {}) == "verified"
    with pytest.raises(Bad):
        KINDS["half-first-order"]({"heap": 10 ** 4}, {})


def test_equiprobable_by_hand():
    """Example 4 by hand: p(0) = 0, p(1) = 1 - p(0) = 1, p(2) = (1 + 0)/2 = 1/2, p(3) = (1 + 0 + 1/2)/3 = 1/2 (and
    so on: the mean of 1 - p over 0..n-1 stays 1/2); certcheck decides heaps to 60 and refuses beyond its cap."""
    assert KINDS["nim-equiprobable"]({"heap": 60}, {}) == "verified"
    assert "p(n) = 1/2 for every n = 2..60" in TEXTS["nim-equiprobable"]({"heap": 60})
    for heap in (1, 10 ** 5):
        with pytest.raises(Bad):
            KINDS["nim-equiprobable"]({"heap": heap}, {})


def test_noiseless_by_hand():
    """Example 2 by hand: p((1,)) = 1, p((1, 1)) = 1 - p((1,)) = 0 (nim-sum 0), p((1, 2)) = 1 (move to (1, 1)),
    p((1, 2, 3)) = 0 (1 ^ 2 ^ 3 = 0: its followers all have nim-sum != 0, p = 1)."""
    assert KINDS["nim-noiseless"]({"games": [[3, 3], [1, 64]]}, {}) == "verified"
    assert "at most 3 piles of at most 3 chips and of at most 1 piles" in TEXTS["nim-noiseless"]({"games": [[3, 3], [1, 64]]})
    with pytest.raises(Bad):
        KINDS["nim-noiseless"]({"games": [[4, 40]]}, {})


def test_corollary8_by_hand():
    """Two piles by hand: p((1,)) = 1 - p(()) = 1 (N), p((1, 1)) = 1 - p((1,)) = 0 (P), p((2,)) = (1 + 0)/2 = 1/2
    (followers () and (1,)), p((1, 2)) = (1/2 + 1 + 0)/3 = 1/2 with followers (2,), (1, 1) (P) and (1,) (N): one of
    each, as Corollary 8 says of (1, ..., 1, m).  Its multisets: at most 2 parts of at most 3 summing to 3."""
    from certcheck import noisy_kinds as nk

    assert sorted(nk.multisets(2, 3, 3)) == [(1, 2), (3,)]
    assert sum(len(list(nk.multisets(4, 7, t))) for t in range(29)) == 330  # C(11, 4): 4 parts in 0..7, sorted
    assert KINDS["nim-equiprobable"]({"heap": 2, "piles": 4, "chips": 7}, {}) == "verified"
    with pytest.raises(Bad):
        KINDS["nim-equiprobable"]({"heap": 2, "piles": 40, "chips": 7}, {})


# -- bearoff-table ------------------------------------------------------------------------------------------------

def _bearoff_cert(cap):
    from proofs.certificates_noisy import bearoff_table_certificate

    return bearoff_table_certificate(cap)


def test_bearoff_table_two_a_side_by_hand():
    """One checker on the 6-point against one on the 1-point: the roller wins only by bearing off at once, with the
    11 non-doubles summing to 6 or more and the doubles 2-2 to 6-6: (22 + 5)/36 = 3/4.  On the 1-point the roller
    always wins."""
    c = _bearoff_cert(2)
    assert _check(c) == "verified"
    order = c["data"]["positions"]
    S = c["asserts"]["scale"]
    i, j = order.index("0,0,0,0,0,1"), order.index("1,0,0,0,0,0")
    assert F(c["data"]["rows"][i][j], S) == F(3, 4)
    assert F(c["data"]["rows"][j][i], S) == 1
    c["data"]["rows"][i][j] += 1
    with pytest.raises(Bad):
        _check(c)


def _folder(tmp_path, certs):
    files = {}
    for c in certs:
        doc = {"format": "exactcube-certificate", "version": 1, "name": c["name"], "kind": c["kind"],
               "claim": {"id": c["name"], "statement": "test"}, "verdict": {"outcome": c["asserts"].get("outcome", "verified"), "evidence": "exact"},
               "asserts": c["asserts"], "data": c["data"]}
        doc["certifies"] = certified_sentence(doc)
        raw = (json.dumps(doc) + "\n").encode()
        (tmp_path / (c["name"] + ".json")).write_bytes(raw)
        files[c["name"] + ".json"] = sha256(raw)
    (tmp_path / "MANIFEST.json").write_text(json.dumps({"format": "exactcube-certificates-manifest", "version": 1,
                                                        "files": files}))


def _harness():
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    try:
        import corrupt_certificates as cc
    finally:
        sys.path.pop(0)
    return cc


def test_corruptions_of_the_new_kinds_are_rejected(tmp_path):
    from proofs.certificates_noisy import grid_certificate, rational_certificate

    certs = [dict(rational_certificate(4, F(0), F(1, 2), {n: (0,) for n in range(1, 5)}, above_half=True), name="r"),
             dict(grid_certificate(3, [F(1, 4), F(3, 4)], optimal=[(F(1, 4), 3, (0,))], side=[(F(3, 4), 3, "below")],
                                   values=[(F(1, 4), 2, F(3, 4))]), name="g"),
             dict(_bearoff_cert(2), name="b"),
             dict(grid_certificate(3, [F(1, 4)], above=[(F(1, 4), 2, F(2, 3))], below=[(F(1, 4), 2, F(4, 5))],
                                   values=[(F(1, 4), 2, F(3, 4))], power=[(F(1, 4), 2, True)], outcome="open"),
                  name="o"),
             {"kind": "nim-equiprobable", "name": "q", "asserts": {"heap": 20, "piles": 3, "chips": 4}, "data": {}},
             {"kind": "nim-noiseless", "name": "n", "asserts": {"games": [[2, 4]]}, "data": {}},
             {"kind": "half-first-order", "name": "h", "asserts": {"heap": 12}, "data": {}},
             {"kind": "channel-lemmas", "name": "c", "asserts": {"lemma1_heaps_to": 20, "lemma4_powers_to": 3},
              "data": {}},
             {"kind": "channel-rows", "name": "w", "asserts": {"eps": ["1/3", "1/2"], "heaps_to": 3},
              "data": {"rows": HAND_ROWS}}]
    _folder(tmp_path, certs)
    rows = _harness().run(str(tmp_path))
    kinds = {k for _, k, _, _ in rows}
    assert kinds == {"nim-rational", "nim-grid", "bearoff-table", "channel-lemmas", "half-first-order",
                     "nim-equiprobable", "nim-noiseless", "channel-rows"}
    labels = {label for n, _, label, _ in rows if n == "o"}
    assert {"the outcome (an open verdict's values said to verify)", "a stronger statement (an upper bound lowered to 0)"} <= labels
    survived = [(n, label) for n, _, label, reason in rows if reason is None]
    assert len(rows) >= 35 and survived == []


@pytest.mark.slow
def test_bearoff_whole_table_six_a_side_and_its_audit(tmp_path):
    """The whole table of up to 6 checkers a side (924 positions, 853,776 entries) re-derived by certcheck, and the
    10,000-entry audit of the default run names the same table's SHA-256 (about 70 s of CPU to build, 15 s to check)."""
    from exactcube.race.bearoff import twosided
    from proofs.certificates import bearoff_audit
    from proofs.certificates_noisy import bearoff_table_certificate

    t = twosided.build(6)
    whole = bearoff_table_certificate(6, t)
    audit = dict(bearoff_audit(6, 10_000, table=t), name="bearoff.audit")
    assert whole["asserts"]["table_sha256"] == audit["asserts"]["table_sha256"]
    _folder(tmp_path, [whole, audit])
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    r = subprocess.run([sys.executable, "-m", "certcheck", str(tmp_path)], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=900)
    assert r.returncode == 0 and r.stdout.count("CERTIFIED") == 2, r.stdout + r.stderr
