"""ks69: every check judges what the paper prints: wrong printed values make the checks fail, corrections
clear the errata; the slips found on re-reading, pinned by hand; readings and their alternatives."""

from fractions import Fraction
from math import comb

import pytest

from exactcube import catalog
from exactcube.claims import REGISTRY
from exactcube.mutate import mutate_claim
from exactcube.numbers import mpq
from exactcube.printed import substituting
from proofs.ks69 import alternating as A
from proofs.ks69 import continuous as Cn
from proofs.ks69 import raises as Rs

catalog.load()


def check(cid, item=None, value=None):
    """The claim's verdict, with one printed item replaced when given."""
    if item is None:
        return REGISTRY[cid].check()
    with substituting(item, value):
        return REGISTRY[cid].check()


def binom(n, p, k):
    return comb(n, k) * p**k * (1 - p) ** (n - k)


def test_example_10_3_by_hand():
    # Theorem 2 by hand with Fractions: K_a ~ b(10, 1/4), K_b ~ b(3, 1/4), alpha = P[K_a <= K_b]
    q = Fraction(1, 4)
    al = sum(binom(10, q, k) * binom(3, q, l) for k in range(11) for l in range(4) if k <= l)
    v = check("ks69.sec3.example10-3")
    assert v.outcome.value == "erratum"
    (e,) = v.errata
    assert e.printed == ".4938" and Fraction(e.true) == al and e.kind.value == "substantive"
    assert round(float(al), 4) == 0.2127 and e.true_rounded == ".2127"
    assert "Table III" in v.details  # .4938 was compared with the continuous cell (Table III prints .4938)
    # the correction clears the erratum; another wrong value is still an erratum, with its own origin text
    assert check("ks69.sec3.example10-3", Rs.P_EXAMPLE_10_3, ".2127").outcome.value == "verified"
    w = check("ks69.sec3.example10-3", Rs.P_EXAMPLE_10_3, ".4939")
    assert w.outcome.value == "erratum" and "nor is it Table III" in w.details


def test_theorem2_toss_swapped_by_hand():
    v = check("ks69.theorem2.toss")
    assert v.outcome.value == "erratum" and v.errata[0].kind.value == "misprint"
    # by hand, a = b = 2, i = 1, j = 0: tails (chance 1/4) with K_a' <= K_b (= alpha(0,0) = 1), heads (3/4) with
    # K_a' < K_b (= beta(0,0) = 0) gives 1/4; the true alpha(1,0) = 1 - 1/4 = 3/4
    (w,) = v.witness.tables()
    assert w.cells("as printed")[0].values() == [Fraction(1, 4)] and w.cells("true")[0].values() == [Fraction(3, 4)]
    assert check("ks69.theorem2.toss", Rs.P_TOSS_SPLIT, r"tails $<$, heads $\le$").outcome.value == "verified"


def test_eq22_strict_inequality():
    v = check("ks69.eq22")
    assert v.outcome.value == "erratum" and v.errata[0].kind.value == "misprint"
    # a = b: P[X < Y] = 1 - P[Y <= X] = 1 - alpha(4,4); Table III prints alpha(4,4) = .6927
    lt = float(v.witness.tables()[0].column("P[X < Y]")[0])
    assert abs(lt - (1 - 0.6927)) < 1e-4
    # with "< 1" the inequality is right and only the law of Y stays wrong
    assert [e.where for e in check("ks69.eq22", Cn.P_EQ22, "1").errata] == [Cn.P_EQ22_LAWS[1].where]
    assert check("ks69.eq22", Cn.P_EQ22, "2").outcome.value == "erratum"  # would add X - Y = 1


def test_eq22_steps_decide_the_bound_and_fail_when_it_is_widened():
    """X - Y < c is X <= Y for integers exactly when 0 < c <= 1: at c = 0 the two differ at X = Y (by hand: 0 < 0 is
    false, 0 <= 0 true), at c = 3/2 at X = 1, Y = 0 (1 < 3/2 true, 1 <= 0 false).  The same step over the wider
    range 0 < c <= 2 is false (c = 2, X = 1, Y = 0), and z3 says so."""
    import z3

    from proofs.noisy.smt import prove

    for c, case in ((mpq(0), "$c \\le 0$"), (mpq(1), "$0 < c \\le 1$"), (mpq(1, 2), "$0 < c \\le 1$"),
                    (mpq(3, 2), "$c > 1$")):
        steps = Cn.eq22_steps(c)
        assert all(s.proved for s in steps) and steps[-1].name.endswith(case), (c, steps[-1].name)
    X, Y, b = z3.Int("X"), z3.Int("Y"), z3.Real("c")
    wide = prove("widened", [b > 0, b <= 2], (z3.ToReal(X - Y) < b) == (X <= Y))
    assert not wide.proved


def test_eq22_law_of_y_is_a_misprint():
    # the text of (22): "where X: P(L,X) ... Y: P(M,X)"; (21) and the next paragraph make Y Poisson of mean M in Y
    v = check("ks69.eq22")
    slip = [e for e in v.errata if e.where == Cn.P_EQ22_LAWS[1].where]
    assert [(e.printed, e.true, e.kind.value) for e in slip] == [("$P(M,X)$", "$P(M,Y)$", "misprint")]
    wrong_x = check("ks69.eq22", Cn.P_EQ22_LAWS[0], "$P(L,Y)$")  # X's law is judged too
    assert [e.printed for e in wrong_x.errata if e.where == Cn.P_EQ22_LAWS[0].where] == ["$P(L,Y)$"]
    # the correction clears it, leaving only the inequality's erratum
    assert [e.where for e in check("ks69.eq22", Cn.P_EQ22_LAWS[1], "$P(M,Y)$").errata] == [Cn.P_EQ22.where]


@pytest.mark.parametrize("cid, item, correction", [
    ("ks69.sec5.phi-prime", Cn.P_PHI_PRIME, "1/2"),
    ("ks69.sec4.similarly", Cn.P_SIMILARLY, "$K_b$"),
    ("ks69.theorem2.initial", Rs.P_INITIAL_BETA, "0"),
])
def test_misprints_cleared_by_correction(cid, item, correction):
    v = check(cid)
    assert v.outcome.value == "erratum" and all(e.kind.value == "misprint" for e in v.errata)
    assert check(cid, item, correction).outcome.value == "verified"


@pytest.mark.parametrize("cid, item, wrong", [
    ("ks69.sec5.shift", Cn.P_SHIFT, (".431", ".581")),
    ("ks69.sec5.shift", Cn.P_SHIFT, (".430", ".580")),
    ("ks69.sec5.1e10", Cn.P_1E10, (10, -4)),
    ("ks69.sec4.b1", Cn.P_B1_THRESHOLD, 5),
    ("ks69.eq3-5", A.P_EQ5, ".7"),
    ("ks69.sec2.strategy", A.P_STRATEGY, ("80", "25")),
    ("ks69.fig1-2", Rs.P_FIG_STATES, {**Rs.P_FIG_STATES.original, "α(1,1)": Fraction(4, 5)}),
    ("ks69.fig1-2", Rs.P_FIG_VALUES, (-4, 12, -11)),
    ("ks69.theorem2.initial", Rs.P_INITIAL_ALPHA, "0"),
])
def test_wrong_printed_value_fails(cid, item, wrong):
    assert check(cid).outcome.value in ("verified", "erratum")
    assert check(cid, item, wrong).outcome.value == "refuted"


def test_readings_and_alternatives():
    v = check("ks69.sec3.lemma")
    assert v.outcome.value == "verified" and v.assumptions == ("ks69.lemma-i-1",)
    (alt,) = v.alternatives
    assert alt.outcome.value == "refuted" and alt.assumptions == ("ks69.lemma-literal",)
    # by hand: beta(0,j) = P[0 < K_b] = 1 - (3/4)^j, alpha(i,j) = P[K_a <= K_b]; the first failing pair
    (w,) = alt.witness.tables()
    i, j = int(w.column("i")[0]), int(w.column("j")[0])
    q = Fraction(1, 4)
    al = sum(binom(i, q, k) * binom(j, q, l) for k in range(i + 1) for l in range(j + 1) if k <= l)
    assert 1 - Fraction(3, 4) ** j >= al
    w = check("ks69.sec5.1e10")
    assert w.assumptions == ("ks69.1010-is-10^10",) and w.alternatives[0].outcome.value == "refuted"
    assert check("ks69.sec2.strategy").assumptions == ("ks69.strategy-thresholds",)


@pytest.mark.parametrize("cid", ["ks69.sec3.example10-3", "ks69.theorem2.toss", "ks69.fig1-2", "ks69.sec5.shift",
                                 "ks69.eq22", "ks69.sec4.similarly"])
def test_mutation_sample_all_caught(cid):
    rep = mutate_claim(REGISTRY[cid], limit=12)
    assert rep.items >= 1 and rep.tried >= 1 and rep.caught == rep.tried, rep.survivors


def _wrong_formulas():
    """Printed formulas of the claims routed last, each replaced by a plausible wrong one."""
    import sympy as sp

    # the checks' symbols, built by name: sympy symbols of one name and assumptions are equal
    a, b, n, L, M, t, x, k = sp.symbols("a b n L M t x k", positive=True)
    xa, xb = sp.symbols("a b")
    return [
        ("ks69.lemma", A.P_LEMMA_EQ2, xb / (xa + xb)),                       # the chance of the other end
        ("ks69.theorem2", Rs.P_THM2_RELATIONS, ("<", "<=")),                # α and β swapped
        ("ks69.theorem2", Rs.P_THM2_LAWS, ((xa - 1) / xa, (xb - 1) / (2 * xb))),
        ("ks69.eq12-17", Cn.P_EQ12, (a ** (1 / n) - 1) / a ** (1 / n)),
        ("ks69.eq12-17", Cn.P_EQ17, (sp.exp(-L) * L**2 / sp.factorial(2), Cn.P_EQ17.original[1])),
        ("ks69.eq18", Cn.P_EQ18_RANGE, "<"),                               # ties lost
        ("ks69.eq18", Cn.P_EQ18, (1 / (a * b), Cn.P_EQ18.original[1])),
        ("ks69.eq23", Cn.P_EQ23, (M - L) / sp.sqrt(L + M)),                 # no continuity correction
        ("ks69.eq26", Cn.P_EQ26, t),
        ("ks69.appendix.eq27", Cn.P_EQ27, sp.log(a / b) / 2),
        ("ks69.appendix.bessel", Cn.P_BESSEL_ARG, x),
        ("ks69.appendix.bessel", Cn.P_BESSEL_ASYM, sp.exp(2 * x) / sp.sqrt(sp.pi * x)),
        ("ks69.appendix.ck", Cn.P_CK_LIMIT, k),
        ("ks69.appendix.ck", Cn.P_CK_BOUND, sp.exp(3 * M)),                 # true, but not the least bound
        ("ks69.appendix.ck", Cn.P_CK_NUMERATOR, t * sp.exp(t)),
        ("ks69.sec5.a_be", Cn.P_A_BE, sp.E - sp.Rational(1, 10)),
        ("ks69.sec5.a_be", Cn.P_A_BE_SIDE, "below"),
    ]


@pytest.mark.parametrize("cid, item, wrong", _wrong_formulas(), ids=lambda v: v if isinstance(v, str) else "")
def test_wrong_printed_formula_fails(cid, item, wrong):
    assert check(cid, item, wrong).outcome.value == "refuted"


def test_lemma_by_hand():
    # the symmetric walk from 1 on 0..3 reaches 3 first with chance 1/3 (a = 1, b = 2: a/(a+b)); b/(a+b) = 2/3
    # is refuted there (on 0..2 from 1 both give 1/2)
    import sympy as sp

    a, b = sp.symbols("a b")
    v = check("ks69.lemma", A.P_LEMMA_EQ2, b / (a + b))
    (w,) = v.witness.tables()
    assert v.outcome.value == "refuted" and (w.column("down to"), w.column("from"), w.column("up to")) == (["0"], ["1"], ["3"])
    assert w.cells("hitting chance")[0].values() == [Fraction(1, 3)]


def test_alpha_aa_corrections_clear_the_errata():
    import sympy as sp

    v = check("ks69.sec5.alpha_aa")
    assert sorted(e.kind.value for e in v.errata) == ["misprint", "substantive"]
    corrected = sp.Rational(1, 2) + 1 / (2 * sp.sqrt(2 * sp.pi * sp.log(sp.Symbol("a", positive=True))))
    w = check("ks69.sec5.alpha_aa", Cn.P_ALPHA_AA, corrected)
    assert [e.where for e in w.errata] == [Cn.P_PHI_DEF.where]
    w = check("ks69.sec5.alpha_aa", Cn.P_PHI_DEF, 1 / sp.sqrt(2 * sp.pi))
    assert [e.where for e in w.errata] == [Cn.P_ALPHA_AA.where]


def test_path_sum_correction_clears_the_erratum():
    from fractions import Fraction as F

    restored = ((F(3, 4), F(3, 4), F(1)),) + Rs.P_PATHS.original  # 9/16 + 1/16 + 1/16 = 11/16
    assert sum(p * q * r for p, q, r in restored) == F(11, 16)
    assert check("ks69.fig2.paths", Rs.P_PATHS, tuple(tuple(Cn.mpq(z.numerator, z.denominator) for z in r)
                                                      for r in restored)).outcome.value == "verified"


@pytest.mark.parametrize("relations, outcome", [
    (("<", "<="), "verified"),   # as printed (with i-i read as i-1)
    ((">", "<="), "refuted"),    # β(i-1,j) > α(i,j) is false: α is a proper mixture of α(i-1,j) and β(i-1,j)
    (("<", ">="), "refuted"),    # α(i,j) >= α(i-1,j) is false for the same reason
    (("<", "<"), "verified"),    # the right inequality is even strict
])
def test_sec3_lemma_reads_its_printed_relations(relations, outcome):
    assert not REGISTRY["ks69.sec3.lemma"].unprinted
    assert check("ks69.sec3.lemma", Rs.P_LEMMA_RELATIONS, relations).outcome.value == outcome
