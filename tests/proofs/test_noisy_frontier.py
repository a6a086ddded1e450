"""The slow claims of the reduced frontier (proofs.noisy.frontier): open when a lemma of the reduction is not verified or
a piece fails, verified with the run's figures otherwise; the real run on small heaps through the same function."""

from types import SimpleNamespace

from exactcube.claims import Outcome, open_, verified
from exactcube.content import say
from exactcube.noisy.scale import cluster as cl
from proofs.noisy import frontier as fr


def _ok():
    return verified(fr.RIGOROUS, say("fine"))


def test_open_when_a_lemma_is_not_verified():
    def broken():
        return open_(fr.RIGOROUS, say("a step failed"))

    ran = []
    v = fr.frontier_verdict(24, 2, lemmas=(("noisy.blocks.recursion", _ok), ("noisy.conjecture9.top_moves", broken)),
                            prove=lambda: ran.append(1))
    assert v.outcome is Outcome.OPEN and "top_moves" in str(v.details)
    assert ran == []  # nothing is proved on a reduction that does not hold


def test_open_when_a_piece_fails_and_verified_on_the_real_run():
    bad = SimpleNamespace(proved=False, statement="s", cpu_seconds=1.0, backend="serial",
                          records=({"eps": "0", "eps_to": "1/4", "pieces": 3, "gaps": [[0.1, 0.2, "heap 9: low move 3"]]},))
    v = fr.frontier_verdict(24, 2, lemmas=(("noisy.blocks.recursion", _ok),), prove=lambda: bad)
    assert v.outcome is Outcome.OPEN and v.witness["gaps"] == [["0", 0.1, 0.2, "heap 9: low move 3"]]
    real = fr.frontier_verdict(40, 2, lemmas=(("noisy.blocks.recursion", _ok),),
                               prove=lambda: cl.prove_distributed(9, 40, 2, reduced=True, method="blocks"))
    assert real.outcome is Outcome.VERIFIED and real.witness["scope"] == "every heap 2..40, eps in [0, 1/2)"
    assert real.witness["pieces"] >= 2 and len(real.witness["sub_ranges"]) == 2
