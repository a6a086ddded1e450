r"""``verify --mutate``'s arithmetic operator (issue 40): run a claim's models in the next weaker arithmetic, and
check that the verdict's evidence moves.

The spine (docs/design.md, "The spine") says a verdict's evidence is read off the arithmetic its check ran in:
exact rationals give ``exact``, balls ``rigorous``, floats ``numeric``.  This operator proves it per claim.  Inside
:func:`weaker_arithmetic` a model function that has an arithmetic parameter asks :func:`weaken` which arithmetic to
run in and gets the next weaker one (:data:`NEXT_WEAKER`: exact rationals -> balls -> floats); :func:`weaken_claim`
re-runs a claim's check so, through the claim runner (so the citation rules hold), and classifies what happened:

* ``moved``: the verdict's evidence is weaker than the base verdict's (what must happen);
* ``stayed``: a model ran weaker but the verdict kept its evidence: the verdict does not rest on what it computed
  (a failure of the spine, reported like a surviving mutant);
* ``no verdict``: the check cannot run in the weaker arithmetic (it raised, or the runner refused its verdict): an
  exact comparison the weaker numbers cannot decide; reported apart, never counted as moved;
* ``not applicable``: no model of the check has an arithmetic parameter (or its result came from a cache).

The models that take part call :func:`weaken`: ``exactcube.match.arith.solve_table`` (every match equity model:
exact rationals -> arb balls -> binary floats at the stated digits), ``exactcube.brownian.continuous.alpha_table``
(ks69 Tables III and IV: arb balls -> floats), ``exactcube.brownian.raises.raising_grid`` (ks69 (8)-(9), Tables I
and II: exact integers -> arb balls) and ``exactcube.noisy.conjectures.check_at`` (noisy Conjectures 9 and 10 on a
grid of eps: the exact solver -> certified floating point -> the balls' midpoints as floats).
"""

from __future__ import annotations

import contextvars
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator

__all__ = ["NEXT_WEAKER", "weaker_arithmetic", "as_asked", "weaken", "ArithmeticMutation", "weaken_claim", "STATUSES"]

#: The next weaker arithmetic of each evidence class that an arithmetic can have.
NEXT_WEAKER = {"exact": "rigorous", "rigorous": "numeric"}

#: The classes of :class:`ArithmeticMutation`, in the order reports list them.
STATUSES = ("moved", "stayed", "no verdict", "not applicable")

_ACTIVE: contextvars.ContextVar[list | None] = contextvars.ContextVar("exactcube_weaker_arithmetic", default=None)


@contextmanager
def weaker_arithmetic() -> Iterator[list]:
    """Inside the block the models that call :func:`weaken` run in the next weaker arithmetic; yields the list of
    what ran weaker (``"match.solve_table: exact -> rigorous"``)."""
    token = _ACTIVE.set([])
    try:
        yield _ACTIVE.get()
    finally:
        _ACTIVE.reset(token)


@contextmanager
def as_asked() -> Iterator[None]:
    """Inside the block models run in the arithmetic asked for, even within :func:`weaker_arithmetic` (a model
    that makes its weaker result from its usual one computes that one here)."""
    token = _ACTIVE.set(None)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def weaken(model: str, evidence: str) -> str | None:
    """The arithmetic a model asked for ``evidence`` (``"exact"``, ``"rigorous"``) must run in: None outside
    :func:`weaker_arithmetic` (keep it), else the next weaker one (:data:`NEXT_WEAKER`; None when there is none),
    noted as run weaker."""
    notes = _ACTIVE.get()
    if notes is None:
        return None
    weaker = NEXT_WEAKER.get(evidence)
    if weaker is not None:
        notes.append(f"{model}: {evidence} -> {weaker}")
    return weaker


@dataclass
class ArithmeticMutation:
    """What running a claim's models in the next weaker arithmetic did to its verdict (module docstring)."""

    claim_id: str
    status: str
    base: str
    evidence: str | None = None
    outcome: str | None = None
    weakened: list[str] = field(default_factory=list)
    note: str = ""

    def as_dict(self) -> dict:
        return {"status": self.status, "base_evidence": self.base, "evidence": self.evidence, "outcome": self.outcome,
                "weakened": list(dict.fromkeys(self.weakened)), "note": self.note}

    def text(self) -> str:
        """One line: ``moved: exact -> rigorous (match.solve_table: exact -> rigorous)``."""
        if self.status == "not applicable":
            return "weaker arithmetic: not applicable (no model of the check has an arithmetic parameter)"
        ran = "; ".join(dict.fromkeys(self.weakened))
        if self.status == "no verdict":
            return f"weaker arithmetic: no verdict ({self.note}) [{ran}]"
        return f"weaker arithmetic: {self.status}: {self.base} -> {self.evidence} [{ran}]"


def weaken_claim(claim, base) -> ArithmeticMutation:
    """Re-run ``claim``'s check (through :func:`exactcube.claims.run_claims`, so the citation rules apply) with its
    models in the next weaker arithmetic, against its ``base`` verdict."""
    from .claims import run_claims
    from .results import Evidence

    with weaker_arithmetic() as ran:
        (r,) = run_claims([claim])
    m = ArithmeticMutation(claim.id, "not applicable", base.evidence.value, weakened=list(ran))
    if not ran:
        return m
    if r.verdict is None:
        m.status, m.note = "no verdict", r.error.splitlines()[0][:160] if r.error else "the check raised"
        return m
    m.evidence, m.outcome = r.verdict.evidence.value, r.verdict.outcome.value
    m.status = "moved" if Evidence(m.evidence).rank > base.evidence.rank else "stayed"
    return m
