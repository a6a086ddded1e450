"""Lemmas linked by formula (issue 40, item 4) in the sympy all-n arguments of ks69, ju24 and zk77
and of noisy's every-k chain (Lemma 4 -> Lemma 5 -> Conjecture 10 for every k, Theorem 6 -> Theorem 8, Theorems 6
and 8 -> the ends and the forcing term's ends) and zk77's Lemma 2 (2) -> (4) -> the range of M (proofs.linked): for every dependent and every conclusion it cites, replacing that conclusion by a weaker formula
that is still true (checked here: implied by the original, and satisfied by a value the original excludes) makes
the dependent `open`; the lemma itself still proves the weaker formula (unless the formula is its own induction
hypothesis); and a lemma whose exported formula is not the one its argument gives is not verified."""

from __future__ import annotations

import pytest
import sympy as sp

import proofs.ju24.alternating as J
import proofs.ks69.alternating as K
import proofs.linked as L
import proofs.noisy.every_k as EK
import proofs.noisy.forcing as FO
import proofs.zk77.lemmas as Z
from exactcube.catalog import load
from exactcube.claims import REGISTRY


def _weaker(c, other):
    """Two weaker true forms of ``target = rhs``: ``target = rhs or target = other``, and ``target^2 = rhs^2``;
    each with a value of the target it admits that the original excludes."""
    rhs = c.formula.rhs
    return [(sp.Or(sp.Eq(c.target, rhs), sp.Eq(c.target, other)), other),
            (sp.Eq(c.target ** 2, rhs ** 2), -rhs)]


WEAKER = {
    J.RECURRENCE.id: _weaker(J.RECURRENCE, J.d_prev_),
    J.CLOSED_FORM.id: _weaker(J.CLOSED_FORM, sp.Rational(4, 5)),
    K.LEMMA.id: _weaker(K.LEMMA, sp.Rational(1, 2)),
    Z.CHANCE.id: _weaker(Z.CHANCE, sp.Rational(1, 2)),
    EK.RATE_TOP.id: _weaker(EK.RATE_TOP, EK.RATE_TOP.variables[0] + 1),
    EK.RATE_FOUR.id: _weaker(EK.RATE_FOUR, EK.RATE_TOP.variables[0]),
    EK.HALF_SLOPE.id: _weaker(EK.HALF_SLOPE, 0),
    EK.POWER_CHANNEL.id: _weaker(EK.POWER_CHANNEL, 0),
    EK.SECOND_BELOW.id: _weaker(EK.SECOND_BELOW, 0),
    EK.SECOND_ABOVE.id: _weaker(EK.SECOND_ABOVE, 0),
    Z.CHANCE_B.id: _weaker(Z.CHANCE_B, sp.Rational(1, 2)),
    Z.TAKE_POINT.id: _weaker(Z.TAKE_POINT, sp.Rational(4, 5)),
}

#: every dependent of a sympy all-n argument and the conclusions it cites (the induction of ju24.thm1.2 cites
#: its own closed form as well)
LINKS = [
    ("ju24.thm1.2", J.RECURRENCE.id), ("ju24.eq2.4", J.RECURRENCE.id), ("ju24.fig1", J.CLOSED_FORM.id),
    ("ks69.sec2.alpha_n", J.CLOSED_FORM.id), ("ks69.eq3-5", K.LEMMA.id),
    ("zk77.lemma1.examples", Z.CHANCE.id), ("zk77.lemma1.linear", Z.CHANCE.id), ("zk77.sec3.four_fifths", Z.CHANCE.id),
    ("zk77.lemma2", Z.CHANCE.id), ("zk77.thm1.names", Z.CHANCE.id), ("zk77.thm1.eq10_11", Z.CHANCE.id),
    ("noisy.conjecture10.every_k", EK.RATE_TOP.id), ("noisy.conjecture10.every_k", EK.RATE_FOUR.id),
    ("noisy.conjecture9.ends", EK.HALF_SLOPE.id), ("noisy.conjecture10.ends", EK.HALF_SLOPE.id),
    ("noisy.conjecture10.forcing_ends", EK.HALF_SLOPE.id), ("noisy.ends.half_second_order", EK.HALF_SLOPE.id),
    ("noisy.ends.germ_at_one", EK.POWER_CHANNEL.id),
    ("noisy.conjecture9.ends", EK.SECOND_BELOW.id), ("noisy.conjecture10.ends", EK.SECOND_ABOVE.id),
    ("zk77.thm1.eq4", Z.CHANCE_B.id), ("zk77.thm1.M_range", Z.TAKE_POINT.id),
]

#: the cached lemma verdicts of noisy's every-k chain (a verdict computed with a replaced conclusion must not stay)
_CACHES = [EK.lemma4_verdict, EK.lemma5_verdict, EK.theorem6_verdict, EK.theorem8_verdict, FO.forcing_ends_verdict]


@pytest.fixture(autouse=True)
def _fresh_verdicts():
    for f in _CACHES:
        f.cache_clear()
    yield
    for f in _CACHES:
        f.cache_clear()


def _outcome(claim_id: str) -> str:
    """The claim's outcome computed afresh (the cached lemma verdicts cleared first)."""
    for f in _CACHES:
        f.cache_clear()
    return REGISTRY[claim_id].check().outcome.value


def test_every_exported_formula_has_weaker_forms_that_are_strictly_weaker():
    assert set(WEAKER) == set(L.FORMULAS)
    for cid, forms in WEAKER.items():
        c = L.cite(cid)
        for weak, admitted in forms:
            assert L.holds(weak.xreplace({c.target: c.formula.rhs})), cid  # the original implies it
            assert L.holds(weak.xreplace({c.target: admitted})), cid  # it admits a value ...
            assert not L.holds(c.formula.xreplace({c.target: admitted})), cid  # ... the original excludes


def test_every_conclusion_is_cited():
    assert {link for _, link in LINKS} == set(L.FORMULAS)


#: the four cases whose dependent re-runs a whole ends claim (about 13 s each) run with the slow tests
SLOW_DEPENDENTS = {"noisy.conjecture9.ends", "noisy.conjecture10.ends"}


@pytest.mark.parametrize("claim_id, link", [pytest.param(c, k, marks=pytest.mark.slow) if c in SLOW_DEPENDENTS
                                            and ("half" in k) else (c, k) for c, k in LINKS])
def test_weakening_a_cited_conclusion_turns_the_dependent_open(monkeypatch, claim_id, link):
    load()
    assert _outcome(claim_id) != "open"
    c = L.cite(link)
    for weak, _ in WEAKER[link]:
        monkeypatch.setitem(L.FORMULAS, link, c.weakened(weak))
        assert _outcome(claim_id) == "open", (claim_id, weak)
    monkeypatch.setitem(L.FORMULAS, link, c)
    assert _outcome(claim_id) != "open"


@pytest.mark.parametrize("link", [J.RECURRENCE.id, K.LEMMA.id, Z.CHANCE.id, EK.RATE_TOP.id, EK.RATE_FOUR.id,
                                  EK.HALF_SLOPE.id, EK.POWER_CHANNEL.id, EK.SECOND_BELOW.id, EK.SECOND_ABOVE.id,
                                  Z.CHANCE_B.id, Z.TAKE_POINT.id])
def test_the_cited_lemma_still_proves_the_weaker_formula(monkeypatch, link):
    load()
    c = L.cite(link)
    for weak, _ in WEAKER[link]:
        monkeypatch.setitem(L.FORMULAS, link, c.weakened(weak))
        assert _outcome(c.lemma) == "verified", (link, weak)


@pytest.mark.parametrize("link, wrong", [
    (J.RECURRENCE.id, sp.Eq(J.d_k_, 1 - J.d_prev_ / 5)),
    (J.CLOSED_FORM.id, sp.Eq(J.d_k_, sp.Rational(4, 5) + sp.Rational(1, 5) * sp.Rational(1, 4) ** J.k_)),
    (K.LEMMA.id, sp.Eq(K.LEMMA.target, K.LEMMA.variables[2] / (K.LEMMA.variables[1] + K.LEMMA.variables[2]))),
    (Z.CHANCE.id, sp.Eq(Z.CHANCE.target, Z.CHANCE.variables[2] / (Z.CHANCE.variables[1] + Z.CHANCE.variables[2]))),
    (EK.RATE_FOUR.id, sp.Eq(EK.RATE_FOUR.target, (EK.RATE_TOP.variables[0] + 6) / 2)),
    (EK.HALF_SLOPE.id, sp.Eq(EK.HALF_SLOPE.target, 1 / (EK.HALF_SLOPE.variables[0] * (EK.HALF_SLOPE.variables[0] - 1)))),
    # Lemma 4 with the exponents swapped (the chance of the far words), Theorem 8 with half the gap
    (EK.POWER_CHANNEL.id, sp.Eq(EK.POWER_CHANNEL.target, (1 - EK.POWER_CHANNEL.variables[0]) ** EK.POWER_CHANNEL.variables[1]
                                * EK.POWER_CHANNEL.variables[0] ** (EK.POWER_CHANNEL.variables[2] - EK.POWER_CHANNEL.variables[1]))),
    (EK.SECOND_BELOW.id, sp.Eq(EK.SECOND_BELOW.target, -2 * (EK.SECOND_BELOW.variables[1] - EK.SECOND_BELOW.variables[2])
                               / EK.SECOND_BELOW.variables[0])),
    (EK.SECOND_ABOVE.id, sp.Eq(EK.SECOND_ABOVE.target, 4 * (EK.SECOND_ABOVE.variables[2] - EK.SECOND_ABOVE.variables[1])
                               / EK.SECOND_ABOVE.variables[0])),
    # zk77: Lemma 2 (2) with D_B on the other side, (4) with a fifth for a quarter
    (Z.CHANCE_B.id, sp.Eq(Z.CHANCE_B.target, (Z.p - Z.DB) / (1 + Z.DB))),
    (Z.TAKE_POINT.id, sp.Eq(Z.TAKE_POINT.target, 1 - (1 - Z.DB) / 5)),
])
def test_a_lemma_whose_exported_formula_is_not_what_its_argument_gives_is_not_verified(monkeypatch, link, wrong):
    load()
    c = L.cite(link)
    monkeypatch.setitem(L.FORMULAS, link, c.weakened(wrong))
    assert _outcome(c.lemma) != "verified"
