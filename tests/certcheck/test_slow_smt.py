"""Issue 41: every z3 step of the slow all-n claims is decided by cvc5 too, from the SMT-LIB2 text the certificates
carry, through certcheck's SMT mode.

The slow all-n claims with z3 steps are the reduced frontier's four (``noisy.conjecture9.low_moves_*``) and the power
inequality's ``noisy.conjecture9.power_k17``.  Their z3 steps are decided before their Taylor-model runs (hours of
CPU): the steps of the lemmas they rest on, and, for power_k17, the step that its models' test is the power
inequality.  Here each claim's own check runs under :func:`exactcube.certificates.recording` with the Taylor-model
run replaced by a stand-in that stops the check where it is reached, so everything before it ran as in the real
claim; every distinct step recorded and proved by z3 is then sent to cvc5, which must answer ``unsat``.  The real
runs (``verify --slow --claim ... --certificates``, then ``python -m certcheck``) are quoted in docs/trust.md.
"""

from __future__ import annotations

import inspect

import pytest

from certcheck import smt
from exactcube import catalog
from exactcube.certificates import recording
from exactcube.claims import REGISTRY

#: the slow claims whose verdicts rest on z3 steps (their check modules prove steps with z3), and the function
#: that stands for their Taylor-model run: (module, attribute)
SLOW_Z3 = {
    "noisy.conjecture9.low_moves_n8192": ("exactcube.noisy.scale.cluster", "prove_distributed"),
    "noisy.conjecture9.low_moves_n16384": ("exactcube.noisy.scale.cluster", "prove_distributed"),
    "noisy.conjecture9.low_moves_n32768": ("exactcube.noisy.scale.cluster", "prove_distributed"),
    "noisy.conjecture9.low_moves_above_eps_star_n32768": ("exactcube.noisy.scale.cluster", "prove_distributed"),
    "noisy.conjecture9.power_k17": ("exactcube.noisy.interval.power_models", "prove_power_inequality"),
}
#: slow claims in modules that use z3 whose own verdict decides no z3 step: forcing_middle certifies G_K > 0 at
#: points by balls (open); the module's z3 steps are forcing_ends', a default claim
NO_Z3_STEP = {"noisy.conjecture10.forcing_middle"}


class _Reached(Exception):
    """The stand-in for a Taylor-model run was called: the check got past every z3 step."""


def _slow_claims_using_z3() -> set[str]:
    catalog.load()
    return {cid for cid, c in REGISTRY.items()
            if c.slow and "z3" in inspect.getsource(inspect.getmodule(c.check))}


def test_every_slow_claim_using_z3_is_listed():
    assert _slow_claims_using_z3() == set(SLOW_Z3) | NO_Z3_STEP


def _recorded_steps(monkeypatch, cid: str) -> list[dict]:
    import importlib

    module, name = SLOW_Z3[cid]
    reached = []

    def stand_in(*args, **kw):
        reached.append(args)
        raise _Reached

    monkeypatch.setattr(importlib.import_module(module), name, stand_in)
    claim = REGISTRY[cid]
    with recording() as rec:
        rec.start(claim)
        with pytest.raises(_Reached):
            claim.check()
    assert reached, f"{cid}: its Taylor-model run was not reached"
    return rec.steps.get(cid, [])


def _decided_by_cvc5(step: dict) -> str:
    return smt.decide(smt.script(step["declarations"], step["hypotheses"], step["goal"]))


def test_power_k17_own_step_is_decided_by_cvc5(monkeypatch):
    catalog.load()
    steps = _recorded_steps(monkeypatch, "noisy.conjecture9.power_k17")
    own = [s for s in steps if s["name"].startswith("the tests $s A_0 - A_m > 0$ are the power inequality")]
    assert len(own) == 1 and own[0]["proved"] and "error" not in own[0]
    assert _decided_by_cvc5(own[0]) == "unsat"
    # and the step is a real one: with Theorem B5's exported formula (p(K) - 1/2 >= x/2, the one implication among
    # the hypotheses) dropped, it no longer follows (a = A_m < 0 fits the rest)
    weak = [h for h in own[0]["hypotheses"] if not h.startswith("(=>")]
    assert len(weak) == len(own[0]["hypotheses"]) - 1
    assert _decided_by_cvc5({**own[0], "hypotheses": weak}) == "sat"


@pytest.mark.slow
def test_every_z3_step_of_the_slow_all_n_claims_is_decided_by_cvc5(monkeypatch):
    catalog.load()
    distinct: dict = {}
    for cid in SLOW_Z3:
        steps = [s for s in _recorded_steps(monkeypatch, cid) if s["proved"]]
        assert steps and not any("error" in s for s in steps), cid
        for s in steps:
            distinct.setdefault(smt.script(s["declarations"], s["hypotheses"], s["goal"]), (cid, s["name"]))
    answers = {where: smt.decide(text) for text, where in distinct.items()}
    assert all(a == "unsat" for a in answers.values()), {w: a for w, a in answers.items() if a != "unsat"}
