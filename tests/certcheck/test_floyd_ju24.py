"""certcheck's floyd-program kind and its rational powers r^P (issue 41): values derived by hand from floyd's note
and ju24's formulas, never exactcube's output pasted back; corruptions rejected."""

from __future__ import annotations

import copy
from fractions import Fraction as F

import pytest

from certcheck import floyd, symbolic
from certcheck.core import certified_sentence, check_certificate
from certcheck.numbers import Bad


def certificate_doc(asserts, outcome="verified"):
    doc = {"format": "exactcube-certificate", "version": 1, "name": "t", "kind": "floyd-program",
           "claim": {"id": "t", "statement": "t"}, "verdict": {"outcome": outcome, "evidence": "exact"},
           "asserts": asserts, "data": {}}
    doc["certifies"] = certified_sentence(doc)
    return doc


def test_the_program_by_hand():
    # a race to 1 against 1: any roll finishes, f(1, 1) = 1; GETF(1, 1) reads F[1, 1 - t] for t = 2..12, i.e.
    # F[1, -11] .. F[1, -1], none computed: the subscripts run over [1, 1] and [-11, 1]
    r = floyd.run(floyd.floyd_order(F(1)))
    assert r["F"] == {(1, 1): 1} and r["never"] == {(1, k) for k in range(-11, 0)}
    assert r["bounds"] == [[1, 1], [-11, 1]] and r["early"] == []
    # to 2: f(2, 1) = 1 (any roll reaches 2), f(1, 2) = 1, f(2, 2) = 1 too: the mover always finishes first
    r2 = floyd.run(floyd.floyd_order(F(2)))
    assert list(r2["F"]) == [(1, 1), (2, 1), (1, 2), (2, 2)] and set(r2["F"].values()) == {1}
    # FOR LARGER := 1 TO 2.5 stops at 2 (step-until): the same four entries
    assert list(floyd.floyd_order(F(5, 2))) == list(r2["F"])
    # GETF(3, 1) reads F[1, 3 - 2] = F[1, 1]: computing (3, 1) before (1, 1) is an order error
    assert floyd.run([(3, 1), (1, 1)])["early"] == [(1, 1)]
    assert floyd.run([(1, 1), (3, 1)])["early"] == []


def test_order_and_exercise_certificates():
    # the note's rows: f(1,1); f(2,1), f(1,2), f(2,2); f(3,1), f(3,2), f(1,3), f(2,3), f(3,3)
    rows = [[[1, 1]], [[2, 1], [1, 2], [2, 2]], [[3, 1], [3, 2], [1, 3], [2, 3], [3, 3]]]
    check_certificate(certificate_doc({"statement": "order", "size": 5, "reads": [2, 12], "rows": rows}), "t")
    for bad in (dict(rows=[rows[0], rows[1][::-1]]), dict(reads=[1, 12]), dict(rows=[rows[1]])):
        with pytest.raises(Bad):
            check_certificate(certificate_doc({"statement": "order", "size": 5, "reads": [2, 12], "rows": rows, **bad}), "t")
    # to 3: A - i - j reaches K = 0 from A = 2 and K = -11 from A = 1: F[B, K], 1 <= B <= 3, -11 <= K <= 0
    ex = {"statement": "exercise", "size": 3, "initialise": [[1, 3], [-11, 0]], "bounds": [[1, 3], [-11, 3]]}
    check_certificate(certificate_doc(ex), "t")
    for change in ({"initialise": [[1, 3], [-11, -1]]}, {"initialise": [[1, 3], [-10, 0]]},
                   {"bounds": [[1, 3], [-12, 3]]}):
        with pytest.raises(Bad):
            check_certificate(certificate_doc({**ex, **change}), "t")


def test_algorithm_certificates():
    base = {"statement": "algorithm", "size": 25, "written": [25, 25]}
    # 2.5: the loop stops at 2; 25 is the printed digits without the point: damage of the text, verified
    check_certificate(certificate_doc({**base, "bound": "2.5", "corrected": "25"}), "t")
    # 2.4 corrected to 25 is a real correction: an erratum (and not verified)
    check_certificate(certificate_doc({**base, "bound": "2.4", "corrected": "25"}, "erratum"), "t")
    with pytest.raises(Bad):
        check_certificate(certificate_doc({**base, "bound": "2.4", "corrected": "25"}), "t")
    check_certificate(certificate_doc({**base, "bound": "25", "corrected": None}), "t")
    for change in ({"bound": "25", "corrected": "25"}, {"corrected": None}, {"corrected": "24"},
                   {"written": [25, 24]}):
        with pytest.raises(Bad):
            check_certificate(certificate_doc({**base, "bound": "2.5", "corrected": "25", **change}), "t")


K = ["var", "k"]


def pw(r, e):
    return ["pow", ["num", r], e]


def test_rational_powers_by_hand():
    # ju24 (1.1) d_k = 4/5 + (1/5)(-1/4)^k satisfies (2.3) d_k = 1 - d_(k-1)/4 in the integer k
    d = ["+", ["num", "4/5"], ["*", ["num", "1/5"], pw("-1/4", K)]]
    d_prev = ["+", ["num", "4/5"], ["*", ["num", "1/5"], pw("-1/4", ["+", K, ["num", "-1"]])]]
    assert symbolic.identity_holds(d, ["+", ["num", "1"], ["*", ["num", "-1/4"], d_prev]])
    assert not symbolic.identity_holds(d, ["+", ["num", "1"], ["*", ["num", "1/4"], d_prev]])
    # ks69's alpha(n) = 4/5 + (-1)^n/(4^n 5) is the same function
    ks = ["+", ["num", "4/5"], ["*", pw("-1", K), ["^", ["*", pw("4", K), ["num", "5"]], -1]]]
    assert symbolic.identity_holds(ks, d)
    assert not symbolic.identity_holds(ks, ["+", ["num", "4/5"], ["*", ["num", "1/5"], pw("1/4", K)]])
    # (1/4)^k = 2^(-2k), 12^k = 4^k 3^k, 2^3 = 8
    assert symbolic.identity_holds(pw("1/4", K), pw("2", ["*", ["num", "-2"], K]))
    assert symbolic.identity_holds(pw("12", K), ["*", pw("4", K), pw("3", K)])
    assert symbolic.identity_holds(pw("2", ["num", "3"]), ["num", "8"])
    for bad in (pw("0", K), ["pow", ["num", "2"]]):
        with pytest.raises(Bad):
            symbolic.parse(bad)


def test_corruptions_are_rejected():
    import os
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))
    try:
        import corrupt_ju24
    finally:
        sys.path.pop(0)
    docs = [certificate_doc({"statement": "order", "size": 25, "reads": [2, 12],
                  "rows": [[[1, 1]], [[2, 1], [1, 2], [2, 2]], [[3, 1], [3, 2], [1, 3], [2, 3], [3, 3]],
                           [[4, 1], [4, 2], [4, 3], [1, 4], [2, 4], [3, 4], [4, 4]]]}),
            certificate_doc({"statement": "exercise", "size": 25, "initialise": [[1, 25], [-11, 0]],
                  "bounds": [[1, 25], [-11, 25]]}),
            certificate_doc({"statement": "algorithm", "size": 25, "written": [25, 25], "bound": "2.5", "corrected": "25"})]
    n = 0
    for doc in docs:
        check_certificate(copy.deepcopy(doc), "t")
        for _label, bad in corrupt_ju24.CORRUPTIONS["floyd-program"](doc):
            n += 1
            with pytest.raises(Bad):
                check_certificate(bad, "t")
    assert n == 13


def test_powers_of_an_expression_by_hand():
    # ju24 Lemma 3.3's shape: d_k = 1/(1 + r) + c (-r)^k satisfies d_k = 1 - r d_(k-1) for every integer k
    # (1 - r/(1 + r) = 1/(1 + r), and -r c (-r)^(k-1) = c (-r)^k); with 1/(1 - r) as the constant it does not
    r, c = ["var", "r"], ["var", "c"]
    minus_r = ["*", ["num", "-1"], r]

    def d(const, e):
        return ["+", const, ["*", c, ["pow", minus_r, e]]]

    good = ["^", ["+", ["num", "1"], r], -1]
    km1 = ["+", K, ["num", "-1"]]
    assert symbolic.identity_holds(d(good, K), ["+", ["num", "1"], ["*", ["num", "-1"], r, d(good, km1)]])
    bad = ["^", ["+", ["num", "1"], minus_r], -1]
    assert not symbolic.identity_holds(d(bad, K), ["+", ["num", "1"], ["*", ["num", "-1"], r, d(bad, km1)]])
    # the exponent moved (k + 1 for k) or the base's sign changed: no longer an identity
    assert not symbolic.identity_holds(d(good, ["+", K, ["num", "1"]]),
                                       ["+", ["num", "1"], ["*", ["num", "-1"], r, d(good, km1)]])
    assert not symbolic.identity_holds(["pow", minus_r, K], ["pow", r, K])
    # b^(k+2) = b^2 b^k: the integer constant term of the exponent comes out
    assert symbolic.identity_holds(["pow", r, ["+", K, ["num", "2"]]], ["*", ["^", r, 2], ["pow", r, K]])
    with pytest.raises(Bad):
        symbolic.parse(["pow", ["+", r, ["*", ["num", "-1"], r]], K])  # a zero base


def test_an_identities_certificate_with_powers_and_its_corruptions():
    from tests.certcheck.test_papers import certificate_doc as paper_doc

    r, c = ["var", "r"], ["var", "c"]
    d = ["+", ["^", ["+", ["num", "1"], r], -1], ["*", c, ["pow", ["*", ["num", "-1"], r], K]]]
    d_prev = symbolic.substitute(d, "k", ["+", K, ["num", "-1"]])
    ident = {"lhs": d, "rhs": ["+", ["num", "1"], ["*", ["num", "-1"], r, d_prev]]}
    doc = paper_doc("identities", {"identities": [["the closed form solves the recurrence", True]],
                                   "outcome": "verified"}, {"identities": [ident]})
    check_certificate(doc, "t")
    for edit in (lambda e: e["lhs"][2][2].__setitem__(2, ["+", K, ["num", "1"]]),  # the exponent moved
                 lambda e: e["lhs"][2][2].__setitem__(1, r),  # the base's sign dropped
                 lambda e: e["lhs"][1].__setitem__(2, -2)):  # the constant's power changed
        bad = copy.deepcopy(doc)
        edit(bad["data"]["identities"][0])
        with pytest.raises(Bad):
            check_certificate(bad, "t")


@pytest.mark.slow
def test_region_signs_as_smt_steps():
    # ju24 (3.4) x^2 (y^2 - 1)/(2 y^2 (x + 1)) is positive on R+ (0 < x < y, y > 1): every factor is; (3.6)'s
    # x^2 (1 - y^2)/(2 y^2 (1 - x)) is negative there (1 - y^2 < 0, 1 - x of either sign but at x = 1/2, y = 2 it is
    # (1/4)(-3)/(8 (1/2)) = -3/16): the second solver must refuse that step
    pytest.importorskip("cvc5")
    import sympy as sp

    from certcheck import smt
    from proofs.certificates_ju24 import REGIONS, smt_term

    x, y = sp.symbols("x y")
    decl = "(declare-fun x () Real)\n(declare-fun y () Real)"
    e34, e36 = x**2 * (y**2 - 1) / (2 * y**2 * (x + 1)), x**2 * (1 - y**2) / (2 * y**2 * (1 - x))
    assert e36.subs({x: sp.Rational(1, 2), y: 2}) == sp.Rational(-3, 16)
    assert smt.decide(smt.script(decl, REGIONS["+"], f"(> {smt_term(e34)} 0.0)")) == "unsat"
    assert smt.decide(smt.script(decl, REGIONS["+"], f"(> {smt_term(e36)} 0.0)")) != "unsat"
