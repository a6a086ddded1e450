"""ks69.sec5.phi-prime and ju24.fig1 (issue 41, helper h41p): certcheck's witnesses with exp, its logarithms of
rationals by primes and the sides and line of ``alternating-doubles``; values derived by hand, never exactcube's
output pasted back; corruptions rejected."""

from __future__ import annotations

import copy
from fractions import Fraction as F

import pytest

from certcheck import symbolic
from certcheck.core import certified_sentence, check_certificate
from certcheck.numbers import Bad


def num(x):
    return ["num", str(x)]


def var(v):
    return ["var", v]


def log(x):
    return ["log", num(x)]


def doc_of(kind, asserts, data, outcome):
    doc = {"format": "exactcube-certificate", "version": 1, "name": "t", "kind": kind,
           "claim": {"id": "t", "statement": "t"}, "verdict": {"outcome": outcome, "evidence": "exact"},
           "asserts": asserts, "data": data}
    doc["certifies"] = certified_sentence(doc)
    return doc


# ---- ks69 §5: Phi'(u) = e^(-u^2/2) u', printed e^(-u^2) u' -------------------------------------------------------

TRUE = ["*", ["exp", ["*", num("-1/2"), ["^", var("u"), 2]]], var("du")]  # the text's Phi: integrand e^(-x^2/2)
PRINTED = ["*", ["exp", ["*", num(-1), ["^", var("u"), 2]]], var("du")]


def test_values_with_exp_by_hand():
    # at u = 1, du = 1/2: (1/2) e^(-1/2) and (1/2) e^(-1), as (r, a) = r e^a
    pt = {"u": F(1), "du": F(1, 2)}
    assert symbolic.evaluate(TRUE, pt) == (F(1, 2), F(-1, 2))
    assert symbolic.evaluate(PRINTED, pt) == (F(1, 2), F(-1))
    # e^(3/2) e^(-1/2) (u^2 = 4 at u = 2) = e^1 ... times 3: (3, 1); a power: (e^(1/3))^3 = e^1
    assert symbolic.evaluate(["*", num(3), ["exp", num("3/2")], ["exp", ["*", num("-1/8"), ["^", var("u"), 2]]]],
                             {"u": F(2)}) == (3, 1)
    assert symbolic.evaluate(["^", ["exp", num("1/3")], 3], {}) == (1, 1)
    # a sum whose terms share the exponential: 2 e^1 + 3 e^1 = 5 e^1; a zero term does not count
    assert symbolic.evaluate(["+", ["*", num(2), ["exp", num(1)]], ["*", num(3), ["exp", num(1)]], num(0)], {}) == (5, 1)
    with pytest.raises(Bad):  # e^1 + e^2 has no exact value r e^a
        symbolic.evaluate(["+", ["exp", num(1)], ["exp", num(2)]], {})


def test_which_exponentials_differ():
    pt = {"u": F(1), "du": F(1, 2)}
    assert symbolic.fails_at(TRUE, PRINTED, pt)  # same r = 1/2, a = -1/2 against -1: exp is strictly increasing
    assert not symbolic.fails_at(TRUE, PRINTED, {"u": F(0), "du": F(1, 2)})  # both 1/2 at u = 0
    assert not symbolic.fails_at(TRUE, PRINTED, {"u": F(1), "du": F(0)})  # both 0
    assert symbolic.fails_at(TRUE, num(0), pt)  # (1/2) e^(-1/2) against 0
    assert symbolic.fails_at(["exp", num(1)], ["*", num(2), ["exp", num(1)]], {})  # e against 2e
    assert not symbolic.fails_at(["exp", num(1)], ["*", num(2), ["exp", num(2)]], {})  # e against 2e^2: not decided


def test_phi_prime_certificate_and_its_corruptions():
    data = {"identities": [{"lhs": TRUE, "rhs": PRINTED, "witness": {"u": "1", "du": "1/2"}}]}
    good = doc_of("identities", {"identities": [["Phi'", False]], "outcome": "erratum"}, data, "erratum")
    check_certificate(good, "t")
    bad = copy.deepcopy(good)
    bad["data"]["identities"][0]["witness"] = {"u": "0", "du": "1/2"}
    with pytest.raises(Bad):
        check_certificate(bad, "t")
    bad = copy.deepcopy(good)
    bad["data"]["identities"][0]["rhs"] = copy.deepcopy(TRUE)  # the printed formula corrected: nothing fails
    with pytest.raises(Bad):
        check_certificate(bad, "t")
    # with the correction, the identity holds by expansion and the outcome is verified
    ok = doc_of("identities", {"identities": [["Phi'", True]], "outcome": "verified"},
                {"identities": [{"lhs": TRUE, "rhs": ["*", var("du"), ["exp", ["*", ["^", var("u"), 2], num("-1/2")]]]}]},
                "verified")
    check_certificate(ok, "t")


# ---- ju24 Figure 1: log|d_k - 4/5| = log(1/5) + k log(1/4) --------------------------------------------------------

def test_logarithms_of_rationals_by_primes():
    assert symbolic.identity_holds(log(12), ["+", ["*", num(2), log(2)], log(3)])  # 12 = 2^2 3
    assert symbolic.identity_holds(log("1/4"), ["*", num(-1), log(4)])
    assert symbolic.identity_holds(["+", log("1/4"), log(4)], num(0))
    assert symbolic.identity_holds(log(1), num(0))
    assert not symbolic.identity_holds(log("1/5"), log("1/4"))
    assert not symbolic.identity_holds(log(6), log(5))
    # a log of an expression stays an atom: log(x) is not log(2) at any rational identity
    assert not symbolic.identity_holds(["log", var("x")], log(2))


# d_k by hand from d_0 = 1, d_k = 1 - d_(k-1)/4
D = [F(1), F(3, 4), F(13, 16), F(51, 64), F(205, 256), F(819, 1024)]


def fig1_doc(line, sides=None):
    asserts = {"closed_form": {"a": "4/5", "c": "1/5", "r": "-1/4"}, "table_to": 5,
               "sides": sides or {"odd": "below", "even": "above"}, "log_line": line}
    return doc_of("alternating-doubles", asserts, {"d": [str(x) for x in D]}, "verified")


def test_the_table_by_hand():
    for k in range(1, 6):
        assert D[k] == 1 - D[k - 1] / 4
        assert D[k] - F(4, 5) == F(1, 5) * F(-1, 4) ** k  # (1.1)
        assert (D[k] < F(4, 5)) == (k % 2 == 1) and abs(D[k] - F(4, 5)) == F(1, 5 * 4 ** k)


def test_figure_1_certificate_and_its_corruptions():
    printed = ["+", log("1/5"), ["*", var("k"), log("1/4")]]  # the caption's orange line
    check_certificate(fig1_doc(printed), "t")
    by_primes = ["+", ["*", num(-1), log(5)], ["*", num(-2), var("k"), log(2)]]  # -log 5 - 2k log 2
    check_certificate(fig1_doc(by_primes), "t")
    for wrong in (["+", log("1/5"), ["*", var("k"), log("1/2")]],  # slope log(1/2)
                  ["+", log(5), ["*", var("k"), log("1/4")]],  # intercept log 5
                  ["+", log("1/5"), ["*", var("k"), log("1/4")], var("k")]):
        with pytest.raises(Bad):
            check_certificate(fig1_doc(wrong), "t")
    for sides in ({"odd": "above", "even": "below"}, {"odd": "below", "even": "below"}):
        with pytest.raises(Bad):
            check_certificate(fig1_doc(printed, sides), "t")
    with pytest.raises(KeyError):  # a side missing: malformed (check_folder rejects it as such)
        fig1_doc(printed, {"odd": "below"})
    doc = fig1_doc(printed)
    doc["data"]["d"][3] = "4/5"
    with pytest.raises(Bad):
        check_certificate(doc, "t")
