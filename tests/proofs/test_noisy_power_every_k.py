"""Lemma X, Theorem N and the corollary (proofs.noisy.power_every_k, issue 42): Conjecture 9 for every n >= 2 on
(0, eps*].  Values pinned here are derived by hand in the comments or by an independent method (mpmath)."""

from __future__ import annotations

import mpmath
import pytest
import z3

import proofs.noisy.power_every_k as P
import proofs.noisy.smt as smt
from exactcube.catalog import load
from exactcube.numbers import mpq
from proofs.noisy.blocks import exact_solution
from proofs.noisy.smt import EpsRange


@pytest.fixture
def fresh():
    load()
    for f in P.CACHED:
        f.cache_clear()
    yield
    for f in P.CACHED:
        f.cache_clear()


def test_eps_star_is_the_root_and_its_enclosure_is_certified():
    # an independent root: mpmath's findroot at 50 digits of 2 (1 - x)^3 - x near 0.41 (the 0.41024548769854)
    with mpmath.workdps(50):
        r = mpmath.findroot(lambda x: 2 * (1 - x) ** 3 - x, 0.41)
        lo, hi = P.enclosure(30)
        assert mpmath.mpf(lo.numerator) / lo.denominator < r < mpmath.mpf(hi.numerator) / hi.denominator
        assert hi - lo == mpq(1, 10 ** 30)
    assert str(r).startswith("0.41024548769854")
    # exact signs at the ends: 2 (1 - lo)^3 - lo > 0 > 2 (1 - hi)^3 - hi
    assert P.star_poly(lo) > 0 > P.star_poly(hi)
    assert "0.410245487698541615721198252903" in P.eps_star_text()


def test_the_range_is_exactly_up_to_eps_star():
    lo, hi = P.enclosure(30)
    assert P.TO_EPS_STAR.contains(lo) and not P.TO_EPS_STAR.contains(hi)
    assert P.TO_EPS_STAR.contains(mpq(41, 100)) and not P.TO_EPS_STAR.contains(mpq(21, 50))
    assert all(s.proved for s in P.range_steps())


def test_x_ratio_by_hand_at_heap_2():
    # eps = 1/4, K = 2: p(2) = 3/4 (a = 1/4), p(3) = p(3, 0) = (1 - e + e^2)/(1 + e) = (13/16)/(5/4) = 13/20;
    # w(0, 0) = 3/4, w(0, 1) = 1/4 on one bit: B_0 = 3/4 * 1/4 + 1/4 * 3/20 = 9/40, x_2 = B_0 / a = 9/10 > 3/4
    sol = exact_solution(mpq(1, 4))
    assert sol.p[3] == mpq(13, 20)
    assert P.x_ratio(sol, 2, mpq(1, 4)) == mpq(9, 10)


def test_fact4_margin_by_hand_at_k_2():
    # eps = 1/4, K = 2, 2K = 4: by Lemma B1 at t = K (W = 1) A'_0 = c a - e B_0 = 3/4 * 1/4 - 1/4 * 9/40 = 21/160,
    # A'_K = e a - c B_0 = 1/16 - 27/160 = -17/160; lam = 1/2, 2 (3/4)^3 - 1/4 = 19/32:
    # margin = 21/320 + 17/160 - 19/128 = (42 + 68 - 95)/640 = 15/640 = 3/128
    sol = exact_solution(mpq(1, 4))
    assert sol.move_value(4, 0) - mpq(1, 2) == mpq(21, 160)
    assert P.fact4_margin(sol, 2, mpq(1, 4)) == mpq(3, 128)


@pytest.mark.slow
def test_the_three_claims_verify_with_their_scopes(fresh):
    for f in (P.lemma_x, P.power_every_k, P.every_n_to_eps_star):
        v = f()
        assert v.outcome.value == "verified" and v.evidence.value == "exact", (f.__name__, v.details)
    s = P.every_n_to_eps_star().witness["scope"]
    assert s.startswith("every $n \\ge 2$, $\\varepsilon \\in (0, \\varepsilon^*]$")
    assert "the root of $2 (1 - \\varepsilon)^3 = \\varepsilon$" in s
    assert "noisy.conjecture9.power_every_k" in P.every_n_to_eps_star().witness["cites"]


def test_eps_star_replaced_by_7_16_turns_theorem_n_and_the_corollary_open(fresh, monkeypatch):
    # fact (4) needs 2 (1 - eps)^3 - eps >= 0, false on (eps*, 7/16]: z3 finds such an eps
    monkeypatch.setattr(P, "RANGE", EpsRange(mpq(0), mpq(7, 16), lo_closed=False, hi_closed=True))
    bad = [s for s in P.theorem_n_steps() if not s.proved]
    assert [s.name[:3] for s in bad][:1] == ["(4)"] and "false at" in bad[0].counterexample
    assert P.power_every_k().outcome.value == "open"
    assert P.every_n_to_eps_star().outcome.value == "open"


@pytest.mark.slow
def test_lemma_x_dropped_turns_theorem_n_and_the_corollary_open(fresh, monkeypatch):
    # B_0 > (1 - eps) a dropped from what Lemma X exports (its formula replaced by True): fact (4) fails
    c = smt.cite(P.LEMMA_X.id)
    monkeypatch.setitem(smt.CONCLUSIONS, c.id, c.weakened(z3.BoolVal(True)))
    assert P.lemma_x().outcome.value == "verified"  # the lemma still proves what it now exports
    bad = [s for s in P.theorem_n_steps() if not s.proved]
    assert bad and bad[0].name.startswith("(4)")
    assert P.power_every_k().outcome.value == "open"
    assert P.every_n_to_eps_star().outcome.value == "open"


@pytest.mark.parametrize("mutation", ["q_step", "first_strict", "end"])
def test_each_step_of_lemma_x_can_fail(monkeypatch, mutation):
    # a wrong sign or factor in one step: z3 must find a counterexample
    e = z3.Real("eps")
    if mutation == "end":  # claim B_0 > a (stronger than (1 - eps) a, false)
        c = smt.cite(P.LEMMA_X.id)
        monkeypatch.setitem(smt.CONCLUSIONS, c.id, c.weakened(c.variables[3] > c.variables[1]))
        assert not P.lemma_x_steps()[-1].proved
    elif mutation == "q_step":  # the step without beta >= the value of move 0 (the Q argument's one inequality)
        q = next(s for s in P.lemma_x_steps() if s.name.startswith("$u_{s+1} \\le"))
        assert z3.eq(q.hypotheses[-1], z3.Real("beta") >= z3.Real("val"))
        assert not smt.prove("Q step without beta >= val", q.hypotheses[:-1], q.goal).proved
    else:  # the first step is strict only because mu_0 > 0
        f = next(s for s in P.lemma_x_steps() if s.name.startswith("the first step is strict"))
        weaker = [h for h in f.hypotheses if not z3.eq(h, z3.Real("mu") > 0)] + [z3.Real("mu") >= 0]
        assert not smt.prove("first step with mu_0 >= 0", weaker, f.goal).proved
    assert e is not None


def test_a_step_is_a_result_with_its_smtlib_text():
    steps = P.theorem_n_steps()
    s = steps[-1]
    assert s.provenance.evidence.value == "exact" and s.provenance.method == "z3 over the reals"
    assert s.provenance.source == "noisy.conjecture9.power_every_k"
    # the text is "hypotheses and not goal": z3 reads it back and finds it unsatisfiable; a false step's text is sat
    solver = z3.Solver()
    solver.from_string(s.smtlib())
    assert s.smtlib().startswith("(set-logic ALL)") and solver.check() == z3.unsat
    x = z3.Real("x")
    false = smt.prove("x > 0 for every x", [], x > 0)
    solver = z3.Solver()
    solver.from_string(false.smtlib())
    assert not false.proved and solver.check() == z3.sat


def test_contradictory_hypotheses_do_not_prove_a_step():
    x = z3.Real("x")
    assert not smt.prove("vacuous", [x > 1, x < 0], x == 5).proved
    assert smt.prove("a case that cannot occur", [x > 1, x < 0], False).proved


def test_what_is_left_is_open_with_its_scope(fresh):
    v = P.open_above_eps_star()
    assert v.outcome.value == "open"
    assert v.witness["scope"].startswith("every heap $n \\ge 16385$, $\\varepsilon \\in (\\varepsilon^*, 1/2)$")
    # exactly: at 21/50 the power inequality holds at K = 2, 4, 8 and fails at 16 (rho_5 = 0.808 < 0.84 = 2 eps)
    assert v.witness["power_inequality_first_fails_at"]["21/50"] == 16
    assert P.top_ratio().outcome.value == "verified"


def test_the_move_k_ratio_tends_to_alpha_top_from_below():
    # 2(b) for the move K of 2K: A'_K / A'_0 < eps/(1 - eps)^2 - 1, and close to it for large K (x_K -> 1 - eps)
    e = mpq(1, 4)
    sol = exact_solution(e)
    r = [(sol.move_value(2 * K, K) - mpq(1, 2)) / (sol.move_value(2 * K, 0) - mpq(1, 2)) for K in (2, 16, 128)]
    top = e / (1 - e) ** 2 - 1  # -5/9
    assert top == mpq(-5, 9) and all(x < top for x in r) and top - r[2] < top - r[0]


def test_lemma_b8_sharp_value_of_move_0_by_hand():
    # eps = 1/4, K = 2, t = 1: mu_0 = w(0, 0) = 3/4 on one bit, v^0_0 = c = 3/4, tau_0 = (1/4)(3/4)/(3/4) = 1/4,
    # P_1 = 1 - 1/16 = 15/16, v^0_1 = 3/4 + 3/16 = 15/16: move 0 at heap 3 is worth 1/2 + c^2 a P_1 / (v^0_1)^2
    # = 1/2 + (9/16)(1/4)(15/16)/(225/256) = 1/2 + 3/20 = 13/20, the value of p(3, 0) derived by hand above
    e, c, a = mpq(1, 4), mpq(3, 4), mpq(1, 4)
    assert c * c * a * mpq(15, 16) / mpq(15, 16) ** 2 == mpq(3, 20)
    assert exact_solution(e).move_value(3, 0) == mpq(13, 20)
    assert all(s.proved for s in P.lemma_b8p_steps())
    held, where = P.b8p_instances(mpq(21, 50), 4)
    assert where is None and held > 0


def test_every_step_of_the_chains_is_unsat_again_from_its_text():
    # the export a second solver reads: each step's SMT-LIB2 text, parsed back by z3, is unsatisfiable
    steps = P.all_steps()
    assert "noisy.conjecture9.every_n_to_eps_star" in steps and "noisy.blocks.within_block" in steps
    for cid, ss in steps.items():
        for s in ss:
            assert s.proved, (cid, s.name)
            solver = z3.Solver()
            solver.from_string(s.smtlib())
            assert solver.check() == z3.unsat, (cid, s.name)
