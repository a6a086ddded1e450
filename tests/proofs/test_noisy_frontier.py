"""The slow claims of the reduced frontier (proofs.noisy.frontier): open when a lemma of the reduction is not verified or
a piece fails, verified with the run's figures otherwise; the real run on small heaps through the same function."""

from types import SimpleNamespace

from exactcube.claims import Outcome, open_, verified
from exactcube.content.model import say
from exactcube.noisy.scale import cluster as cl
from exactcube.results import Provenance
from proofs.noisy import frontier as fr

#: what the stand-in results and verdicts of these tests cite (a rigorous run)
RIGOROUS = Provenance("a stand-in for a Taylor-model run (test)", "rigorous")


def _ok():
    return verified(RIGOROUS, say("fine"))


def test_open_when_a_lemma_is_not_verified():
    def broken():
        return open_(RIGOROUS, say("a step failed"))

    ran = []
    v = fr.frontier_verdict(24, 2, lemmas=(("noisy.blocks.recursion", _ok), ("noisy.conjecture9.top_moves", broken)),
                            run=lambda: ran.append(1))
    assert v.outcome is Outcome.OPEN and "top_moves" in str(v.details)
    assert ran == []  # nothing is proved on a reduction that does not hold


def test_open_when_a_piece_fails_and_verified_on_the_real_run():
    bad = SimpleNamespace(proved=False, statement="s", cpu_seconds=1.0, backend="serial", provenance=RIGOROUS,
                          records=({"eps": "0", "eps_to": "1/4", "pieces": 3, "gaps": [[0.1, 0.2, "heap 9: low move 3"]]},))
    v = fr.frontier_verdict(24, 2, lemmas=(("noisy.blocks.recursion", _ok),), run=lambda: bad)
    assert v.outcome is Outcome.OPEN and v.witness["gaps"] == [["0", 0.1, 0.2, "heap 9: low move 3"]]
    real = fr.frontier_verdict(40, 2, lemmas=(("noisy.blocks.recursion", _ok),),
                               run=lambda: cl.prove_distributed(9, 40, 2, reduced=True, method="blocks"))
    assert real.outcome is Outcome.VERIFIED and real.witness["scope"] == "every heap 2..40, eps in [0, 1/2)"
    assert real.witness["pieces"] >= 2 and len(real.witness["sub_ranges"]) == 2


def test_lemma_b8_steps_fail_when_the_hypothesis_is_weakened():
    steps = fr.power_test_steps()
    assert [s.proved for s in steps] == [True, True, True, True]
    # the hypothesis A_m < (1 - eps) a (weaker than (1 - 2 eps) a) does not give the conclusion: z3 finds a point
    weak = fr.power_test_steps(factor=lambda e: 1 - e)
    assert weak[1].proved and not weak[2].proved and "false at" in weak[2].counterexample


def test_lemma_b8_hypothesis_on_instances_and_open_on_a_failed_lemma(monkeypatch):
    from exactcube.numbers import mpq
    from proofs.noisy import blocks

    # exact values: p(2, 1) - 1/2 = eps - 1/2 < 0 < (1 - 2 eps)(p(2) - 1/2) at eps = 1/4
    sol = blocks.exact_solution(mpq(1, 4))
    assert fr.power_inequality(sol, 2, mpq(1, 4)) and fr.block_holds(sol, 2)
    # near 1/2 the margins at K are far below 2 eps (p(K) - 1/2): the hypothesis fails, the lemma says nothing
    near = blocks.exact_solution(mpq(49, 100))
    assert not fr.power_inequality(near, 8, mpq(49, 100))
    assert fr.block_from_power().outcome is Outcome.VERIFIED
    monkeypatch.setattr(fr, "low_step", lambda: open_(Provenance("a stand-in (test)", "exact"), say("a step failed")))
    v = fr.block_from_power_verdict.__wrapped__()
    assert v.outcome is Outcome.OPEN and "low_step" in str(v.details)


def test_power_verdict_open_on_a_failed_lemma_or_piece_and_verified_on_the_real_run():
    from exactcube.numbers import mpq

    ran = []
    v = fr.power_verdict(8, lemmas=(("noisy.conjecture9.block_from_power", lambda: open_(Provenance("a stand-in (test)", "exact"), say("no"))),),
                         run=lambda: ran.append(1))
    assert v.outcome is Outcome.OPEN and "block_from_power" in str(v.details) and ran == []
    bad = SimpleNamespace(proved=False, statement="s", pieces=(), provenance=RIGOROUS, gaps=((0.2, 0.25, "K = 8: the power inequality"),))
    v = fr.power_verdict(8, lemmas=(("noisy.blocks.recursion", _ok),), run=lambda: bad)
    assert v.outcome is Outcome.OPEN and v.witness["gaps"] == [[0.2, 0.25, "K = 8: the power inequality"]]
    real = fr.power_verdict(9, eps_to=mpq(1, 3), lemmas=(("noisy.blocks.recursion", _ok),))
    assert real.outcome is Outcome.VERIFIED and "n \\le 511" in real.witness["scope"] and real.witness["pieces"] >= 1


def test_lemma_b8_claim_open_when_a_step_is_false(monkeypatch):
    weak = fr.power_test_steps(factor=lambda e: 1 - e)
    monkeypatch.setattr(fr, "power_test_steps", lambda: weak)
    v = fr.block_from_power_verdict.__wrapped__()
    assert v.outcome is Outcome.OPEN and "not proved" in str(v.details)
