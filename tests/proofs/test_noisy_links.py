"""Lemmas linked by formula (issue 40, item 4) in the every-n chains of noisy: for every all-n claim and every
lemma conclusion its steps cite, replacing that conclusion by a weaker formula that is still true (z3 checks it is
implied by the original and strictly weaker) makes a step of the dependent that cites it fail, and the dependent
claim `open`; the cited lemma itself still proves the weaker formula (unless it is the induction's own)."""

from __future__ import annotations

import pytest
import z3

import proofs.noisy.blocks as B
import proofs.noisy.every_k as EK
import proofs.noisy.forcing as FO
import proofs.noisy.frontier as F
import proofs.noisy.power_every_k as P
import proofs.noisy.smt as smt
from exactcube.catalog import load
from exactcube.claims import REGISTRY
from exactcube.numbers import mpq


def _abs(x):
    return z3.If(x >= 0, x, -x)


#: each exported conclusion, with weaker formulas over its variables (each still true)
WEAKER = {
    B.RECURSION_LOW.id: [lambda e, A, B_, W, V: V * ((1 - e) + e * W) <= (1 - e) * A - e * B_,
                         lambda e, A, B_, W, V: V * ((1 - e) + e * W) >= (1 - e) * A - e * B_],
    B.RECURSION_TOP.id: [lambda e, A, B_, W, V: V * (e + (1 - e) * W) <= e * A - (1 - e) * B_,
                         lambda e, A, B_, W, V: V * (e + (1 - e) * W) >= e * A - (1 - e) * B_],
    B.WITHIN.id: [lambda e, a, b: z3.And(-2 * a <= b, b <= a), lambda e, a, b: z3.And(-a <= b, b <= 2 * a)],
    B.POWER.id: [lambda e, a, b: b >= _abs(1 - 2 * e) * a / 2],
    B.LOW.id: [lambda e, a, b: b >= (1 - 2 * e) * a / 2, lambda e, a, b: b >= 0],
    B.BOUND_K.id: [lambda e, x, b: b >= x / 4, lambda e, x, b: b >= 0],
    B.BOUND_N.id: [lambda e, x, b: z3.And(b >= (1 - 2 * e) * x / 4, (1 - 2 * e) * x > 0), lambda e, x, b: b >= 0,
                   lambda e, x, b: b >= -x],
    B.TOP.id: [lambda e, L, T: z3.Or(T <= L, T < 0), lambda e, L, T: z3.Or(T < L, T <= 0)],
    F.BLOCK_FROM_POWER.id: [
        lambda e, a, A0, Am, V0, Vm: z3.And(V0 >= (1 - 2 * e) * a / 2, z3.Implies(Am < (1 - 2 * e) * a,
                                                                                Vm < (1 - 2 * e) * a)),
        lambda e, a, A0, Am, V0, Vm: z3.And(V0 >= (1 - 2 * e) * a, z3.Implies(Am < (1 - 2 * e) * a,
                                                                            Vm <= (1 - 2 * e) * a))],
    P.LEMMA_X.id: [lambda e, a, A0, B0: B0 >= (1 - e) * a, lambda e, a, A0, B0: B0 > (1 - e) * a / 2],
    P.THEOREM_N.id: [lambda e, a, Am: Am <= (1 - 2 * e) * a, lambda e, a, Am: Am < (1 - 2 * e) * a + e * e],
    # Theorem 2's closed form at eps = 1, one clause weakened at a time: W only p >= 1/2, the gaps between blocks
    # 1/2 or 1, Z only p <= 0
    EK.VALUES_AT_ONE.id: [lambda r, P, v: _values(r, P, v, w=v >= z3.Q(1, 2)),
                          lambda r, P, v: _values(r, P, v, fair=z3.Or(v == z3.Q(1, 2), v == 1)),
                          lambda r, P, v: _values(r, P, v, z=v <= 0)],
    # Lemma 1's arrivals at eps = 1, one clause weakened at a time: a sure move only on its complement if anywhere,
    # the centre 3's words only among 3, K + 1, K + 2, the extra words anywhere in [K, K + t]
    EK.ARRIVAL.id: [lambda K, t, m, x, a: _arrival(K, t, m, x, a, sure=z3.Implies(a, x == 2 * K - 1 - m)),
                    lambda K, t, m, x, a: _arrival(K, t, m, x, a, three=z3.Implies(a, z3.Or(x == 3, x == K + 1,
                                                                                            x == K + 2))),
                    lambda K, t, m, x, a: _arrival(K, t, m, x, a, extra=z3.And(x >= K, x <= K + t))],
    # Theorem 7: p(n) only at least 1/2, move 0 only among the optimal moves
    EK.NEAR_ZERO.id: [lambda e, k, v0, vm: z3.And(v0 >= z3.Q(1, 2), v0 > vm),
                      lambda e, k, v0, vm: z3.And(v0 > z3.Q(2, 3), v0 >= vm)],
}


def _values(r, P, v, *, z=None, w=None, fair=None):
    """Theorem 2's exported closed form with the conclusion of one clause replaced."""
    return z3.And(z3.Implies(EK.in_z(r), v == 0 if z is None else z),
                  z3.Implies(z3.Or(r == 1, r == 2, r == 4, z3.And(P - 3 <= r, r <= P + 1)), v == 1 if w is None else w),
                  z3.Implies(z3.And(P + 1 < r, r < 2 * P - 3), v == z3.Q(1, 2) if fair is None else fair))

def _arrival(K, t, m, x, a, *, sure=None, three=None, extra=None):
    """Lemma 1's exported arrivals with one clause replaced (written out here, not taken from the code)."""
    c = K - 1 - m
    return z3.And(
        z3.Implies(m >= K - t, a == (x == 2 * K - 1 - m) if sure is None else sure),
        z3.Implies(m < K - t, z3.And(z3.Implies(x == c, a),
                                     z3.Implies(a, z3.Or(x == c, z3.And(x >= K, x < K + t) if extra is None else extra)))),
        z3.Implies(z3.And(m < K - t, m == K - 4),
                   a == z3.Or(x == 3, z3.And(x == K + 2, t > 2), z3.And(x == K + 1, t > 1)) if three is None else three))


#: every all-n claim of the noisy chains: its general steps, and the verdict cache to clear
CLAIMS = {
    "noisy.blocks.recursion": (B.recursion_steps, B.recursion_verdict),
    "noisy.blocks.within_block": (B.within_block_steps, B.within_block_verdict),
    "noisy.blocks.power_step": (B.power_step_steps, B.power_step_verdict),
    "noisy.blocks.low_step": (B.low_step_steps, B.low_step_verdict),
    "noisy.ends.channel_at_one": (lambda: EK.lemma1_steps() + [EK.arrival_step()], EK.lemma1_verdict),
    "noisy.conjecture10.bound_every_k": (lambda: B.bound_k_steps() + [B.bound_at_one_step()], None),
    "noisy.conjecture9.bound_every_n": (B.bound_n_steps, None),
    "noisy.conjecture9.top_moves": (B.top_move_steps, None),
    "noisy.conjecture9.block_from_power": (F.power_test_steps, F.block_from_power_verdict),
    "noisy.conjecture10.d_recursion": (B.d_recursion_steps, B.d_recursion_verdict),
    "noisy.conjecture9.lemma_x": (P.lemma_x_steps, P.lemma_x_verdict),
    "noisy.conjecture9.power_every_k": (P.theorem_n_steps, P.theorem_n_verdict),
    "noisy.conjecture9.every_n_to_eps_star": (P.corollary_steps, P.corollary_verdict),
    "noisy.conjecture9.top_ratio": (P.top_ratio_steps, P.top_ratio_verdict),
    "noisy.conjecture9.block_from_power_sharp": (P.lemma_b8p_steps, P.lemma_b8p_verdict),
    "noisy.ends.values_at_one": (lambda: EK.theorem2_steps(EK.T2_HALF_K0) + [EK.theorem2_closed_form_step(EK.T2_HALF_K0)],
                                 EK.theorem2_verdict),
    "noisy.ends.germ_at_one": (EK.neighbour_steps, EK.lemma5_verdict),
    "noisy.conjecture10.forcing_ends": (lambda: FO.slope_steps() + FO.limit_steps(8), FO.forcing_ends_verdict),
    "noisy.ends.near_zero": (lambda: EK.theorem7_steps(EK.T7_K0) + [EK.theorem7_conclusion_step()],
                             EK.theorem7_verdict),
    "noisy.conjecture9.ends": (lambda: EK.conjecture9_end_steps()[0], None),
    "noisy.conjecture10.ends": (lambda: EK.conjecture10_end_steps()[0], None),
}


_CACHES = [B.recursion_verdict, B.within_block_verdict, B.power_step_verdict, B.low_step_verdict, B.d_recursion_verdict, F.block_from_power_verdict, *P.CACHED,
           EK.lemma1_verdict, EK.theorem2_verdict, EK.lemma5_verdict, EK.theorem7_verdict, FO.forcing_ends_verdict]


@pytest.fixture(autouse=True)
def _fresh_verdicts():
    """A verdict computed while a conclusion is replaced must not outlive the test."""
    yield
    for f in _CACHES:
        f.cache_clear()


def _links():
    out = []
    for cid, (steps, _) in CLAIMS.items():
        for link in smt.conclusions_cited(steps()):
            # (the sympy conclusions some of these steps cite are tested in test_sympy_links)
            if link in smt.CONCLUSIONS and smt.cite(link).lemma != cid:  # the induction hypothesis is the lemma's own formula
                out.append((cid, link))
    return out


LINKS = _links()


def test_every_cited_conclusion_has_weaker_forms_that_are_strictly_weaker():
    assert {link for _, link in LINKS} <= set(WEAKER)
    for cid, forms in WEAKER.items():
        c = smt.cite(cid)
        for f in forms:
            w = f(*c.variables)
            assert smt.prove("original implies weaker", c.hypotheses + [c.formula], w).proved, cid
            assert not smt.prove("weaker implies original", c.hypotheses + [w], c.formula).proved, cid


def test_the_chains_are_linked():
    # the links the issue names: B1..B8 into the bounds, Lemma X into Theorem N, Theorem N and B8 into the corollary
    got = set(LINKS)
    for pair in [("noisy.blocks.within_block", B.RECURSION_LOW.id), ("noisy.blocks.power_step", B.WITHIN.id),
                 ("noisy.blocks.low_step", B.WITHIN.id), ("noisy.conjecture10.bound_every_k", B.POWER.id),
                 ("noisy.conjecture9.bound_every_n", B.LOW.id), ("noisy.conjecture9.bound_every_n", B.BOUND_K.id),
                 ("noisy.conjecture9.top_moves", B.BOUND_N.id), ("noisy.conjecture9.block_from_power", B.LOW.id),
                 ("noisy.conjecture9.power_every_k", P.LEMMA_X.id), ("noisy.conjecture9.power_every_k", B.BOUND_K.id),
                 ("noisy.conjecture9.every_n_to_eps_star", P.THEOREM_N.id),
                 ("noisy.conjecture9.every_n_to_eps_star", F.BLOCK_FROM_POWER.id),
                 ("noisy.conjecture9.every_n_to_eps_star", B.TOP.id),
                 # the ends: Theorem 2's closed form into Lemma 5 and the forcing term, Theorem 7 into both ends
                 ("noisy.ends.germ_at_one", EK.VALUES_AT_ONE.id),
                 ("noisy.conjecture10.forcing_ends", EK.VALUES_AT_ONE.id),
                 ("noisy.conjecture10.ends", EK.VALUES_AT_ONE.id),
                 ("noisy.conjecture9.ends", EK.NEAR_ZERO.id), ("noisy.conjecture10.ends", EK.NEAR_ZERO.id),
                 # Lemma 1's arrivals into Theorem 2's step and into the bound of Conjecture 10 at eps = 1
                 ("noisy.ends.values_at_one", EK.ARRIVAL.id), ("noisy.conjecture10.bound_every_k", EK.ARRIVAL.id)]:
        assert pair in got, pair


@pytest.mark.parametrize("claim_id, link", LINKS)
def test_weakening_a_cited_conclusion_turns_the_dependent_open(monkeypatch, claim_id, link):
    load()
    steps_of, cache = CLAIMS[claim_id]
    c = smt.cite(link)
    broke = []
    for f in WEAKER[link]:
        monkeypatch.setitem(smt.CONCLUSIONS, link, c.weakened(f(*c.variables)))
        failed = [s for s in steps_of() if not s.proved]
        if any(link in s.cites for s in failed):  # the step that takes the weakened conclusion fails
            if cache is not None:
                cache.cache_clear()
            v = REGISTRY[claim_id].check()
            assert v.outcome.value == "open", (claim_id, link)
            broke.append(f)
            if cache is not None:
                cache.cache_clear()
        monkeypatch.setitem(smt.CONCLUSIONS, link, c)
    assert broke, f"no weaker form of {link} makes a step of {claim_id} fail"


@pytest.mark.parametrize("link", [B.RECURSION_LOW.id, B.POWER.id, B.LOW.id, B.TOP.id, F.BLOCK_FROM_POWER.id,
                                  P.LEMMA_X.id, EK.VALUES_AT_ONE.id, EK.NEAR_ZERO.id, EK.ARRIVAL.id])
def test_the_cited_lemma_still_proves_the_weaker_formula(monkeypatch, link):
    # the lemma is not an induction on its own formula: its last step proves the weaker formula as well
    c = smt.cite(link)
    steps_of = CLAIMS[c.lemma][0]
    for f in WEAKER[link]:
        monkeypatch.setitem(smt.CONCLUSIONS, link, c.weakened(f(*c.variables)))
        assert all(s.proved for s in steps_of()), (link, [s.name for s in steps_of() if not s.proved])


def test_the_power_models_test_is_the_power_inequality_only_with_theorem_b5(monkeypatch):
    # s A_0 - A_m > 0 gives A_0 = p(K) - 1/2 and the power inequality because p(K) - 1/2 >= 0 (B5); with B5 weakened
    # to p(K) - 1/2 >= -x/2 the step fails (a < 0: the best move m >= 1 can pass the test, A_m = a < s A_0)
    assert all(s.proved for s in F.power_test_is_the_inequality_steps())
    c = smt.cite(B.BOUND_K.id)
    monkeypatch.setitem(smt.CONCLUSIONS, c.id, c.weakened(c.variables[2] >= -c.variables[1] / 2))
    assert not all(s.proved for s in F.power_test_is_the_inequality_steps())


@pytest.mark.parametrize("link, wrong", [
    # Theorem 2's W one heap too wide (2^i + 2 is fair), Theorem 7's bound 3/4 (false at eps = 1/(3k))
    (EK.VALUES_AT_ONE.id, lambda r, P, v: z3.And(z3.Implies(EK.in_z(r), v == 0),
                                                 z3.Implies(z3.And(P - 3 <= r, r <= P + 2), v == 1))),
    (EK.NEAR_ZERO.id, lambda e, k, v0, vm: z3.And(v0 > z3.Q(3, 4), v0 > vm)),
    # Lemma 1 with a sure move landing one word above its complement
    (EK.ARRIVAL.id, lambda K, t, m, x, a: z3.Implies(m >= K - t, a == (x == 2 * K - m))),
])
def test_a_lemma_whose_exported_formula_is_not_what_its_steps_give_is_not_verified(monkeypatch, link, wrong):
    c = smt.cite(link)
    monkeypatch.setitem(smt.CONCLUSIONS, link, c.weakened(wrong(*c.variables)))
    steps_of, cache = CLAIMS[c.lemma]
    assert not all(s.proved for s in steps_of())
    cache.cache_clear()
    assert REGISTRY[c.lemma].check().outcome.value != "verified"


def test_a_value_from_a_conclusion_is_the_one_it_determines():
    # Theorem 2's closed form gives p(2^b) = 1 and p(2^b + 3) = 1/2 for every 2^b >= 8, and nothing below its scope
    P, H = z3.Ints("P H")
    assert EK.at_one(P, P, [P == 2 * H, H >= 4])[0] == 1
    assert EK.at_one(P + 3, P, [P == 2 * H, H >= 4])[0] == mpq(1, 2)
    K = z3.Int("K")
    v, steps = EK.at_one(K + 3, K, [K >= 4])  # K = 4: 7 is in the block of 8, and P >= 8 is not met
    assert v is None and not steps[-1].proved
