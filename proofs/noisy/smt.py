r"""The general steps of the every-heap proofs, decided by the SMT solver z3 (issue 35, item 1).

A step is one sentence of a written proof (docs/noisy.md) stated as a formula: hypotheses and a goal over
integer variables (linear integer arithmetic: the case analyses in K = 2^(k-1), t, m) or real variables
(polynomial arithmetic over the reals: the inequalities of the block induction in eps, W, a, B).  z3 decides
both fragments; the step is *proved* when the hypotheses together with the negated goal are unsatisfiable, and
a false step is answered by a counterexample (an assignment of the variables), so the check fails exactly when
the step is false (or when z3 cannot decide it within its time limit, which is reported as such).

:class:`EpsRange` is the range of eps a family of steps was proved on: the same object builds the
hypotheses and prints the scope, so the scope a claim prints is the range that was checked.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from exactcube.numbers import format_exact, mpq

__all__ = ["Step", "prove", "EpsRange", "first_failure"]

_TIMEOUT_MS = 30_000


@dataclass(frozen=True)
class Step:
    """One general step and z3's answer: ``proved``, or the counterexample (``""`` when proved)."""

    name: str
    proved: bool
    counterexample: str = ""

    def sentence(self) -> str:
        """The failure as a sentence (for an ``open`` verdict's details)."""
        return f"the step '{self.name}' is not proved: {self.counterexample}"


def _value(v) -> str:
    if z3.is_rational_value(v):
        return format_exact(mpq(v.numerator_as_long(), v.denominator_as_long()))
    if z3.is_int_value(v):
        return str(v.as_long())
    if z3.is_algebraic_value(v):
        return v.as_decimal(8).rstrip("?")
    return str(v)


def prove(name: str, hypotheses, goal) -> Step:
    """Decide "hypotheses imply goal" for every value of the variables (z3 on the negation)."""
    s = z3.Solver()
    s.set("timeout", _TIMEOUT_MS)
    s.add(*hypotheses)
    s.add(z3.Not(goal))
    answer = s.check()
    if answer == z3.unsat:
        return Step(name, True)
    if answer == z3.sat:
        m = s.model()
        where = ", ".join(f"{d.name()} = {_value(m[d])}" for d in sorted(m.decls(), key=lambda d: d.name()))
        return Step(name, False, f"false at {where}")
    return Step(name, False, f"z3 could not decide it ({s.reason_unknown()})")


def first_failure(steps) -> Step | None:
    """The first step that is not proved, or None."""
    return next((s for s in steps if not s.proved), None)


@dataclass(frozen=True)
class EpsRange:
    """An interval of eps with its closed/open ends: the hypotheses on a z3 variable, and its printed form."""

    lo: mpq
    hi: mpq
    lo_closed: bool = True
    hi_closed: bool = False

    def hypotheses(self, e):
        lo, hi = z3.Q(int(self.lo.numerator), int(self.lo.denominator)), z3.Q(int(self.hi.numerator),
                                                                               int(self.hi.denominator))
        return [e >= lo if self.lo_closed else e > lo, e <= hi if self.hi_closed else e < hi]

    def contains(self, x) -> bool:
        return ((self.lo <= x) if self.lo_closed else (self.lo < x)) and ((x <= self.hi) if self.hi_closed
                                                                          else (x < self.hi))

    def closed_at_top(self) -> "EpsRange":
        return EpsRange(self.lo, self.hi, self.lo_closed, True)

    def text(self) -> str:
        return (("[" if self.lo_closed else "(") + format_exact(self.lo) + ", " + format_exact(self.hi)
                + ("]" if self.hi_closed else ")"))
