"""certcheck's symbolic and grid kinds (issue 41): identities by exact expansion, solves, the walk lemma, the
doubling-point grids; every value below is derived by hand, never exactcube's output pasted back."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from certcheck import symbolic
from certcheck.core import certified_sentence, check_certificate
from certcheck.numbers import Bad


def num(x):
    return ["num", str(x)]


def var(v):
    return ["var", v]


def add(*a):
    return ["+", *a]


def mul(*a):
    return ["*", *a]


def pw(e, k):
    return ["^", e, k]


X, A, B = var("x"), var("a"), var("b")


def test_polynomial_identities_by_hand():
    # (x + 1)^2 = x^2 + 2x + 1, and (x + 1)^2 = x^2 + 1 fails
    assert symbolic.identity_holds(pw(add(X, num(1)), 2), add(pw(X, 2), mul(num(2), X), num(1)))
    assert not symbolic.identity_holds(pw(add(X, num(1)), 2), add(pw(X, 2), num(1)))
    # (a^2 - b^2)/(a - b) = a + b as rational functions
    lhs = mul(add(pw(A, 2), mul(num(-1), pw(B, 2))), pw(add(A, mul(num(-1), B)), -1))
    assert symbolic.identity_holds(lhs, add(A, B))
    # ks69 (8)'s weights: (a + 1)/(2a) + (a - 1)/(2a) = 1, and (a + 1)/(2a) alone is not 1
    w = add(mul(add(A, num(1)), pw(mul(num(2), A), -1)), mul(add(A, num(-1)), pw(mul(num(2), A), -1)))
    assert symbolic.identity_holds(w, num(1))
    assert not symbolic.identity_holds(mul(add(A, num(1)), pw(mul(num(2), A), -1)), num(1))


def test_exp_and_log_atoms():
    # exp(-L) exp(L s) = exp(L (s - 1)) (ks69 (17)'s generating function), exp(0) = 1
    L, S = var("L"), var("s")
    assert symbolic.identity_holds(mul(["exp", mul(num(-1), L)], ["exp", mul(L, S)]),
                                   ["exp", mul(L, add(S, num(-1)))])
    assert symbolic.identity_holds(["exp", num(0)], num(1))
    assert not symbolic.identity_holds(["exp", L], ["exp", mul(num(2), L)])
    assert symbolic.identity_holds(mul(["log", A], num("1/2")), mul(num("1/2"), ["log", A]))


def test_zero_denominator_and_unknown_operations_are_refused():
    with pytest.raises(Bad):
        symbolic.identity_holds(pw(add(X, mul(num(-1), X)), -1), num(1))
    with pytest.raises(Bad):
        symbolic.identity_holds(["sqrt", X], X)
    with pytest.raises(Bad):
        symbolic.identity_holds(pw(X, 10 ** 6), X)


def test_unique_solution_by_hand():
    # x = P(x + b) + (1 - P)(x - a) (the martingale identity) has the one solution P = a/(a + b)
    P = var("P")
    eq = add(mul(P, add(X, B)), mul(add(num(1), mul(num(-1), P)), add(X, mul(num(-1), A))))
    sol = mul(A, pw(add(A, B), -1))
    assert symbolic.unique_solution(X, eq, "P", sol)
    assert not symbolic.unique_solution(X, eq, "P", mul(B, pw(add(A, B), -1)))
    # x^2 = 1 has two solutions: 1 is not the only one
    assert not symbolic.unique_solution(pw(X, 2), num(1), "x", num(1))
    # 2x + 1 = 0: x = -1/2
    assert symbolic.unique_solution(add(mul(num(2), X), num(1)), num(0), "x", num("-1/2"))


def certificate_doc(kind, asserts, data, outcome="verified"):
    doc = {"format": "exactcube-certificate", "version": 1, "name": "t", "kind": kind,
           "claim": {"id": "t", "statement": "t"}, "verdict": {"outcome": outcome, "evidence": "exact"},
           "asserts": asserts, "data": data}
    doc["certifies"] = certified_sentence(doc)
    return doc


def test_identities_kind_with_a_witness():
    # zk77 (5) as printed against its expanded form holds; r = 2 D_A D_B/(2 D_A + D_B - 1) against (5) fails, and
    # at D_A = 1, D_B = 1/2 the two sides are 1 and 5/6
    DA, DB = var("D_A"), var("D_B")
    five = mul(DA, add(mul(num(3), DB), num(1)), pw(mul(num(2), add(mul(num(2), DA), DB, num(-1))), -1))
    five_expanded = mul(add(mul(num(3), DA, DB), DA), pw(add(mul(num(4), DA), mul(num(2), DB), num(-2)), -1))
    wrong = mul(num(2), DA, DB, pw(add(mul(num(2), DA), DB, num(-1)), -1))
    assert symbolic.evaluate(wrong, {"D_A": F(1), "D_B": F(1, 2)}) == (F(2, 3), 0)
    assert symbolic.evaluate(five, {"D_A": F(1), "D_B": F(1, 2)}) == (F(5, 6), 0)
    good = certificate_doc("identities", {"identities": [["(5)", True]], "outcome": "verified"},
                {"identities": [{"lhs": five, "rhs": five_expanded}]})
    check_certificate(good, "t")
    bad = certificate_doc("identities", {"identities": [["(5)", True], ["(11)", False]], "outcome": "erratum"},
               {"identities": [{"lhs": five, "rhs": five_expanded},
                               {"lhs": wrong, "rhs": five, "witness": {"D_A": "1", "D_B": "1/2"}}]}, "erratum")
    check_certificate(bad, "t")
    bad["data"]["identities"][1]["witness"] = {"D_A": "1", "D_B": "1"}  # 2/2 and 4/4: they agree there
    assert symbolic.evaluate(wrong, {"D_A": F(1), "D_B": F(1)}) == (1, 0) == symbolic.evaluate(five, {"D_A": F(1), "D_B": F(1)})
    with pytest.raises(Bad):
        check_certificate(bad, "t")
    with pytest.raises(Bad):  # every identity holds: the outcome must be verified
        check_certificate(certificate_doc("identities", {"identities": [["(5)", True]], "outcome": "erratum"},
                               {"identities": [{"lhs": five, "rhs": five_expanded}]}, "erratum"), "t")


def test_walk_lemma_by_hand():
    # the walk on 0..2: only [0, 2] has an inner state, and from 1 the chance is 1/2 = a/(a + b) with a = b = 1
    answer = mul(A, pw(add(A, B), -1))
    ident = add(X, mul(num(-1), add(mul(var("P"), add(X, B)),
                                     mul(add(num(1), mul(num(-1), var("P"))), add(X, mul(num(-1), A))))))
    doc = certificate_doc("walk-lemma", {"n": 2, "answer": answer, "identity": ident}, {"chances": {"0,2": ["1/2"]}})
    check_certificate(doc, "t")
    doc["data"]["chances"]["0,2"] = ["2/3"]
    with pytest.raises(Bad):
        check_certificate(doc, "t")
    # on 0..3 the chances from 1 and 2 on [0, 3] are 1/3 and 2/3; b/(a + b) is refused there
    ch = {"0,2": ["1/2"], "1,3": ["1/2"], "0,3": ["1/3", "2/3"]}
    check_certificate(certificate_doc("walk-lemma", {"n": 3, "answer": answer, "identity": ident}, {"chances": ch}), "t")
    with pytest.raises(Bad):
        check_certificate(certificate_doc("walk-lemma", {"n": 3, "answer": mul(B, pw(add(A, B), -1)), "identity": ident},
                               {"chances": ch}), "t")


def test_walk_lemma_edges_by_hand():
    # ju24's Lemma 4.2: with "edges" only the walks on 0..m (lo = 0) are needed; k/n is a/(a + b) at a = k, b = m - k
    answer = mul(A, pw(add(A, B), -1))
    ident = add(var("P"), mul(num(-1), answer))
    ch = {"0,1": [], "0,2": ["1/2"], "0,3": ["1/3", "2/3"]}
    doc = certificate_doc("walk-lemma", {"n": 3, "edges": True, "answer": answer, "identity": ident}, {"chances": ch})
    check_certificate(doc, "t")
    for bad in ({**ch, "0,3": ["1/3", "3/4"]}, {k: v for k, v in ch.items() if k != "0,1"}, {**ch, "1,3": ["1/2"]}):
        with pytest.raises(Bad):
            check_certificate(certificate_doc("walk-lemma", doc["asserts"], {"chances": bad}), "t")
    with pytest.raises(Bad):  # without "edges" every interval is needed
        check_certificate(certificate_doc("walk-lemma", {"n": 3, "answer": answer, "identity": ident},
                                          {"chances": ch}), "t")
    assert "every interval [0, hi] (lo = 0 alone)" in doc["certifies"]


def _grid(a, b, size):
    """alpha, beta of ks69 (8)-(9) by hand: A's i raises of a, B's j of b."""
    al = [[F(0)] * size for _ in range(size)]
    be = [[F(0)] * size for _ in range(size)]
    for i in range(size):
        for j in range(size):
            al[i][j] = F(1) if i == 0 else (a + 1) / (2 * a) * al[i - 1][j] + (a - 1) / (2 * a) * be[i - 1][j]
            be[i][j] = F(0) if j == 0 else (b - 1) / (2 * b) * al[i][j - 1] + (b + 1) / (2 * b) * be[i][j - 1]
    return {"a": str(a), "b": str(b), "alpha": [[str(x) for x in r] for r in al],
            "beta": [[str(x) for x in r] for r in be]}


def test_doubling_lemma_and_symmetry_by_hand():
    g = _grid(F(2), F(3), 3)
    # the paper's example: alpha(1, 0) = 3/4, alpha(1, 1) = 5/6, beta(1, 1) = 1/4 (a = 2, b = 3)
    assert (g["alpha"][1][0], g["alpha"][1][1], g["beta"][1][1]) == ("3/4", "5/6", "1/4")
    check_certificate(certificate_doc("doubling-lemma", {"size": 3, "factors": [["2", "3"]]}, {"grids": [g]}), "t")
    # symmetry: beta(1, 1; 2, 3) = 1/4 and alpha(1, 1; 3, 2) = (4/6)(1) + (2/6)(beta(0, 1; 3, 2) = 1/4) = 3/4
    h = _grid(F(3), F(2), 3)
    assert F(g["beta"][1][1]) == 1 - F(h["alpha"][1][1])
    check_certificate(certificate_doc("doubling-symmetry", {"size": 3, "factors": [["2", "3"]]}, {"grids": [g, h]}), "t")
    h["alpha"][1][1] = "2/3"
    with pytest.raises(Bad):
        check_certificate(certificate_doc("doubling-symmetry", {"size": 3, "factors": [["2", "3"]]}, {"grids": [g, h]}), "t")


def test_race_bet_by_hand():
    # a race to 1 against 1: the first to roll finishes with any roll, f(1, 1) = 1; the second's chance is 0 and
    # at 3 to 1 (break-even 1/4) his expectation is 3 * 0 - 1 = -1: decline
    a = {"family": "floyd", "size": 1, "odds": 3, "threshold": "1/4", "chance": "0", "expectation": "-1",
         "decision": "decline"}
    check_certificate(certificate_doc("race-bet", a, {"table": [["1"]]}), "t")
    for change in ({"decision": "accept"}, {"threshold": "1/3"}, {"expectation": "0"}):
        with pytest.raises(Bad):
            check_certificate(certificate_doc("race-bet", {**a, **change}, {"table": [["1"]]}), "t")
    with pytest.raises(Bad):  # f(1, 1) = 1/2 is not what the recurrence gives
        check_certificate(certificate_doc("race-bet", {**a, "chance": "1/2", "expectation": "1"}, {"table": [["1/2"]]}), "t")


def test_toss_split_by_hand():
    from certcheck.papers import binomial_compare

    # a = 2: the upset chance is 1/4; one toss against none: P[K_a <= 0] = 3/4 (the paper's alpha(1, 0)), P[K_a < 0] = 0
    assert binomial_compare(1, 0, F(2), F(2)) == (F(3, 4), F(0))
    # the split as printed (tails <=, heads <) at i = 1, j = 0: (1/4)(1) + (3/4)(0) = 1/4, not 3/4
    a = {"a": "2", "b": "2", "i": 1, "j": 0, "split": {"tails": "<=", "heads": "<"}}
    check_certificate(certificate_doc("toss-split", a, {"by_split": "1/4", "true": "3/4"}, "erratum"), "t")
    # the right split (heads <=, tails <) gives (3/4)(1) + (1/4)(0) = 3/4: nothing to refute
    with pytest.raises(Bad):
        check_certificate(certificate_doc("toss-split", {**a, "split": {"tails": "<", "heads": "<="}},
                               {"by_split": "3/4", "true": "3/4"}, "erratum"), "t")


def test_doubling_cells_by_hand():
    g = _grid(F(2), F(2), 2)
    cells = [["2", "2", "alpha", 0, 1, "1"], ["2", "2", "beta", 1, 0, "1"], ["2", "2", "alpha", 1, 0, "3/4"]]
    # beta(1, 0) = 0 (B has no raise left: the low end is the real end), so the printed 1 is the one wrong cell
    check_certificate(certificate_doc("doubling-cells", {"size": 2, "cells": cells, "disagree": [1]}, {"grids": [g]},
                           "erratum"), "t")
    with pytest.raises(Bad):
        check_certificate(certificate_doc("doubling-cells", {"size": 2, "cells": cells, "disagree": []}, {"grids": [g]}), "t")
