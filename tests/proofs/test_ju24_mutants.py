"""ju24's checks judge a garbled printed item instead of giving up on it (issue 30: a move to ``open`` is never a
catch).  Each test feeds one wrong printed item and pins the verdict the mutated document deserves, with the true
value derived by hand in a comment."""

import pytest
import sympy as sp

from exactcube.mutate import mutate_claim
from exactcube.numbers import mpq
from exactcube.printed import substituting
from proofs.ju24.stakes import formulas, optimality, regions
from proofs.ju24.triangle import appendix_b as T


def _places(v):
    return sorted(e.where for e in v.errata)


def test_centre_chance_misprinted_is_an_erratum():
    # the centre (6, 6, 6) of the side-18 grid is fixed by the rotation taking each vertex to the next, so the three
    # players' chances are equal and sum to 1: 1/3 each; a printed 2/3 is wrong
    with substituting(T.APPB_THIRD, mpq(2, 3)):
        v = T.appB_centre()
    assert v.outcome.value == "erratum" and _places(v) == [T.APPB_THIRD.where]
    assert (v.errata[0].printed, v.errata[0].true) == ("2/3", "1/3")


def test_a_step_off_the_lattice_is_named():
    # (1, 1) has length sqrt(2), not 1; the other five printed steps are five of the six rotations by 60 degrees of
    # (sqrt(3)/2, -1/2), i.e. (0, +-1), (+-sqrt(3)/2, +-1/2); the one missing is (0, 1), the step printed first
    steps = list(T.APPB_STEPS.value)
    steps[0] = (1, 1)
    with substituting(T.APPB_STEPS, tuple(steps)):
        v = T.appB_directions()
    assert v.outcome.value == "refuted" and _places(v) == [T.APPB_STEPS.where]
    assert T.lattice_steps([tuple(sp.nsimplify(c) for c in d) for d in steps])[0] == (0, 1)
    # the reading under which the appendix means any triangular lattice: its own words are now false too
    assert [a.outcome.value for a in v.alternatives] == ["erratum"]


def test_no_unit_step_at_all_is_refuted():
    with substituting(T.APPB_STEPS, ((0, 2),) * 6):
        v = T.appB_directions()
    assert v.outcome.value == "refuted" and _places(v) == [T.APPB_STEPS.where]


def test_garbled_loop_statement_is_a_misprint():
    # the other branches read '<list>.append(1); i += 1', so the branch for G meant 'green.append(1); i += 1'
    garbled = (("G", "green.append(1); i += X"),) + T.APPB_BRANCHES.value[1:]
    with substituting(T.APPB_BRANCHES, garbled):
        v = T.appB_loop()
    assert v.outcome.value == "erratum"
    e = next(e for e in v.errata if e.where == T.APPB_BRANCHES.where)
    assert (e.printed, e.true, e.kind.value) == ("G: green.append(1); i += X", "G: green.append(1); i += 1", "misprint")


def test_garbled_winner_letter_is_told_by_its_list():
    # a branch for 'X' that records the winner in red: Round returns no 'X', and red is R's list
    garbled = (T.APPB_BRANCHES.value[0], ("X", "red.append(1); i += 1"), T.APPB_BRANCHES.value[2])
    with substituting(T.APPB_BRANCHES, garbled):
        v = T.appB_loop()
    e = next(e for e in v.errata if e.where == T.APPB_BRANCHES.where)
    assert (e.printed, e.true) == ("X: red.append(1); i += 1", "R: red.append(1); i += 1")


def test_garbled_result_name():
    # final_result lists green, blue and red; 'greeX' is none of them and green is the one missing
    with substituting(T.APPB_RESULT, ("greeX", "blue", "red")):
        v = T.appB_loop()
    e = next(e for e in v.errata if e.where == T.APPB_RESULT.where)
    assert (e.printed, e.true) == ("greeX, blue, red", "green, blue, red")


def test_unreadable_condition_is_named_and_rounds_slip_still_found():
    garbled = T.APPB_G_OTHERS.value[:-1] + "X"
    with substituting(T.APPB_G_OTHERS, garbled):
        v = T.appB_round_g()
    # Round's own slip (x where y is meant in the first inequality) is found against the condition derived by hand
    assert v.outcome.value == "erratum" and _places(v) == sorted([T.APPB_G_OTHERS.where, T.APPB_G_ROUND.where])


def test_unreadable_policy_is_an_erratum_naming_the_optimal_one():
    # region (1), x >= y >= 0 and y > 1, one proposal left: proposing at p = 1 (the proposer has won) leaves the
    # opponent the choice of paying x (fold) or y (accept and lose): he pays min(x, y) = y > 1, more than the 1 of
    # never proposing; proposing at p = 0 (the proposer has lost) lets him accept and win y > 1 instead of 1.  So of
    # 'p = 1', 'p = 0', 'never' only 'p = 1' is optimal there
    said = dict(regions.THM31_POLICIES.value, **{"3.1(1)": "p = X"})
    with substituting(regions.THM31_POLICIES, said):
        v = regions.thm3_1()
    assert v.outcome.value == "erratum" and _places(v) == [f"{regions.THM31_POLICIES.where}, 3.1(1)"]
    assert v.errata[0].true == "'p = 1'"


def test_theorem_1_3_does_not_rest_on_the_printed_closed_form():
    # Theorem 1.3 (alpha = beta) names no closed form: a wrong (1.2) is ju24.thm1.4's finding, and 1.3 stays refuted
    # by its part on R- with the same witness
    base = optimality.thm1_3()
    wrong = formulas.PRINTED["(1.2)"].value + 1
    with substituting(formulas.PRINTED["(1.2)"], wrong):
        v = optimality.thm1_3()
        v4 = optimality.thm1_4()
    assert v4.outcome.value == "refuted"
    assert (v.outcome.value, _places(v)) == (base.outcome.value, _places(base)) == ("refuted", _places(base))


@pytest.mark.slow
def test_appendix_checks_have_no_fragile_mutant():
    from exactcube import catalog
    from exactcube.claims import REGISTRY

    catalog.load()
    for cid in ("ju24.appB.loop", "ju24.appB.round-g", "ju24.appB.centre", "ju24.thm3.1"):
        d = mutate_claim(REGISTRY[cid]).as_dict()
        assert (d["fragile"], d["errors"]) == (0, 0), (cid, d["fragile_mutants"], d["error_mutants"])
        assert d["caught"] >= 1, cid
