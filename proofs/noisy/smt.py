r"""The general steps of the every-heap proofs, decided by the SMT solver z3 (issue 35, item 1), and the lemmas
linked by their formulas (issue 40, item 4).

A step is one sentence of a written proof (docs/noisy.md) stated as a formula: hypotheses and a goal over
integer variables (linear integer arithmetic: the case analyses in K = 2^(k-1), t, m) or real variables
(polynomial arithmetic over the reals: the inequalities of the block induction in eps, W, a, B).  z3 decides
both fragments; the step is *proved* when the hypotheses together with the negated goal are unsatisfiable, and
a false step is answered by a counterexample (an assignment of the variables), so the check fails exactly when
the step is false (or when z3 cannot decide it within its time limit, which is reported as such).  A step whose
hypotheses contradict each other would hold vacuously: it is reported as not proved, unless its goal is False
(the step then states that a case cannot occur).

A :class:`Step` is a result (:class:`exactcube.results.Result`): provenance exact, method "z3 over the reals"
(or integers), source the lemma it belongs to; it keeps its hypotheses and goal as z3 terms, and
:meth:`Step.smtlib` gives the SMT-LIB2 text of "hypotheses and not goal" (unsatisfiable exactly when the step is
proved), for a second solver to decide again.

**Lemmas linked by formula.** Every lemma of an all-n argument exports its proved conclusion as a
:class:`Conclusion`: a z3 formula over named variables, with the hypotheses it is proved under and its scope in
words.  The lemma's own check proves exactly that formula (:func:`establish`: the goal of its last step *is* the
exported formula), and a dependent step takes the cited conclusions as hypotheses by :meth:`Conclusion.at`
(the formula instantiated at the dependent's terms, as an implication from the instantiated hypotheses), never
a retyped formula.  The conclusions live in one registry (:func:`export`, :func:`cite`), so that replacing a
conclusion by a weaker one (a mutation test) is seen by every dependent: the lemma still proves the weaker
formula, and each dependent step that needs the stronger form fails.

:class:`EpsRange` is the range of eps a family of steps was proved on: the same object builds the
hypotheses and prints the scope, so the scope a claim prints is the range that was checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import z3

from exactcube.certificates import record_smt_step
from exactcube.numbers import format_exact, mpq
from exactcube.results import Evidence, Provenance, Result

__all__ = ["Step", "prove", "EpsRange", "first_failure", "Conclusion", "export", "cite", "CONCLUSIONS",
           "establish", "conclusions_cited", "smtlib"]

_TIMEOUT_MS = 30_000


def _sorts(terms) -> set[str]:
    """The sorts ('Real', 'Int') of the uninterpreted constants in the z3 terms."""
    seen, out, stack = set(), set(), list(terms)
    while stack:
        t = stack.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_const(t) and t.decl().kind() == z3.Z3_OP_UNINTERPRETED:
            out.add(t.sort().name())
        stack.extend(t.children())
    return out


def smtlib(hypotheses, goal) -> str:
    """The SMT-LIB2 text of "hypotheses and not goal" (``(set-logic ALL)``, the declarations, the assertions,
    ``(check-sat)``): unsatisfiable exactly when the hypotheses imply the goal."""
    s = z3.Solver()
    s.add(*hypotheses)
    s.add(z3.Not(goal))
    return "(set-logic ALL)\n" + s.sexpr() + "(check-sat)\n"


@dataclass(frozen=True, eq=False)
class Step(Result):
    """One general step and z3's answer: ``proved``, or the counterexample (``""`` when proved).

    A result: provenance exact (z3 decides the fragment exactly), method "z3 over the reals" (or the
    integers, or both), source the lemma (claim id) the step belongs to.  ``hypotheses`` and ``goal`` are the
    z3 terms that were decided; ``cites`` the ids of the lemma conclusions taken as hypotheses.
    """

    name: str
    proved: bool
    counterexample: str = ""
    hypotheses: tuple = field(default=(), repr=False)
    goal: Any = field(default=None, repr=False)
    source: str = ""
    cites: tuple = ()

    @property
    def method(self) -> str:
        sorts = _sorts(list(self.hypotheses) + ([self.goal] if self.goal is not None else []))
        words = [w for s, w in (("Real", "reals"), ("Int", "integers")) if s in sorts] or ["reals"]
        return "z3 over the " + " and ".join(words)

    def _provenance(self) -> Provenance:
        return Provenance(self.method, Evidence.EXACT, self.source or self.name)

    def smtlib(self) -> str:
        """The SMT-LIB2 text of "hypotheses and not goal" (unsatisfiable exactly when the step is proved)."""
        return smtlib(self.hypotheses, self.goal)

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


def prove(name: str, hypotheses, goal, *, source: str = "", cites=()) -> Step:
    """Decide "hypotheses imply goal" for every value of the variables (z3 on the negation).  ``source``: the
    lemma the step belongs to; ``cites``: the conclusions (:class:`Conclusion`, or their ids) among the
    hypotheses."""
    hypotheses = tuple(hypotheses)
    goal = z3.BoolVal(goal) if isinstance(goal, bool) else goal
    s = z3.Solver()
    s.set("timeout", _TIMEOUT_MS)
    s.add(*hypotheses)
    s.add(z3.Not(goal))
    answer = s.check()
    kw = dict(hypotheses=hypotheses, goal=goal, source=source,
              cites=tuple(c.id if isinstance(c, Conclusion) else c for c in cites))
    step = _decided(name, answer, s, hypotheses, goal, kw)
    record_smt_step(name, hypotheses, goal, step.proved)  # verify --certificates: the step for the second solver
    return step


def _decided(name, answer, s, hypotheses, goal, kw) -> Step:
    if answer == z3.unsat:
        alone = z3.Solver()
        alone.set("timeout", _TIMEOUT_MS)
        alone.add(*hypotheses)
        # a step that holds only because nothing satisfies its hypotheses (unless that is what it states: goal False)
        if not z3.is_false(goal) and alone.check() == z3.unsat:
            return Step(name, False, "its hypotheses contradict each other (the step would hold vacuously)", **kw)
        return Step(name, True, **kw)
    if answer == z3.sat:
        m = s.model()
        where = ", ".join(f"{d.name()} = {_value(m[d])}" for d in sorted(m.decls(), key=lambda d: d.name()))
        return Step(name, False, f"false at {where}", **kw)
    return Step(name, False, f"z3 could not decide it ({s.reason_unknown()})", **kw)


def first_failure(steps) -> Step | None:
    """The first step that is not proved, or None."""
    return next((s for s in steps if not s.proved), None)


# ---------------------------------------------------------------------------
# lemmas linked by formula
# ---------------------------------------------------------------------------

@dataclass(frozen=True, eq=False)
class Conclusion:
    """A lemma's proved conclusion as a formula object: ``formula`` over the z3 constants ``variables`` (the first
    is eps), proved for eps in ``rng`` under the further hypotheses ``extra`` (over the same variables); ``lemma``
    the claim id, ``part`` a name when the lemma exports several, ``meaning`` what the variables stand for.
    ``rng`` None: a conclusion at one eps (the game at eps = 1, an integer statement), its variables all free."""

    lemma: str
    variables: tuple
    rng: Any
    extra: tuple
    formula: Any
    meaning: str = ""
    part: str = ""

    @property
    def id(self) -> str:
        return self.lemma + (":" + self.part if self.part else "")

    @property
    def hypotheses(self) -> list:
        return self._range(self.rng) + list(self.extra)

    def _range(self, rng) -> list:
        return [] if rng is None else list(rng.hypotheses(self.variables[0]))

    def _sub(self, term, values):
        if len(values) != len(self.variables):
            raise TypeError(f"{self.id}: {len(self.variables)} terms needed, got {len(values)}")
        pairs = [(v, x if z3.is_expr(x) else z3.RealVal(str(x)) if v.sort() == z3.RealSort()
                  else z3.BoolVal(x) if v.sort() == z3.BoolSort() else z3.IntVal(x))
                 for v, x in zip(self.variables, values)]
        return z3.substitute(term, *pairs)

    def at(self, *values):
        """The conclusion at the dependent's terms ``values`` (one per variable, in order): "hypotheses imply
        formula", both instantiated.  This is what a dependent step takes as a hypothesis."""
        return z3.Implies(z3.And(*self.holds_under(*values)), self.statement(*values))

    def statement(self, *values):
        """The formula alone at ``values`` (the induction hypothesis and the goal of the lemma's own proof)."""
        return self._sub(self.formula, values)

    def holds_under(self, *values, rng=None) -> list:
        """The hypotheses at ``values`` (z3 terms); ``rng`` replaces the range of eps."""
        hyps = self._range(rng or self.rng) + list(self.extra)
        return [self._sub(h, values) for h in hyps]

    def weakened(self, formula) -> "Conclusion":
        """The same conclusion with another formula (mutation tests: a weaker formula, still true)."""
        return Conclusion(self.lemma, self.variables, self.rng, self.extra, formula, self.meaning, self.part)

    def scope(self) -> str:
        """The range of eps, printed (``[0, 1/2)``; empty for a conclusion at one eps)."""
        return "" if self.rng is None else self.rng.text()

    def value(self, target, *values, hypotheses=()):
        """The one value of ``target`` (a z3 term of the conclusion at ``values``, usually a fresh constant passed
        among them) that the conclusion gives at the dependent's terms ``values`` under its facts ``hypotheses``:
        z3 proves that those facts give the conclusion's hypotheses at the terms, finds a value, and proves that
        the conclusion admits no other.  Returns (the value, an exact rational or integer, or None when the facts do
        not give the hypotheses or the conclusion admits no value or several, as a weaker one may; the z3 steps,
        the last one failed when the value is None)."""
        hyps, stated = self.holds_under(*values), self.statement(*values)
        where = prove(f"the terms meet the hypotheses of {self.id}", list(hypotheses), z3.And(*hyps),
                      source=self.lemma, cites=(self.id,))
        if not where.proved:
            return None, [where]
        facts = tuple(hypotheses) + tuple(hyps) + (stated,)
        s = z3.Solver()
        s.set("timeout", _TIMEOUT_MS)
        s.add(*facts)
        if s.check() != z3.sat:
            return None, [where, Step(f"{self.id} gives {target} a value", False, "the conclusion at these terms "
                                      "admits no value", facts, target == target, self.lemma, (self.id,))]
        x = s.model().eval(target, model_completion=True)
        one = prove(f"{self.id} gives {target} = {_value(x)}", facts, target == x, source=self.lemma,
                    cites=(self.id,))
        if not one.proved:
            return None, [where, one]
        return (mpq(x.numerator_as_long(), x.denominator_as_long()) if z3.is_rational_value(x)
                else x.as_long()), [where, one]


#: The exported conclusions, by id (``lemma`` or ``lemma:part``): the one place a dependent reads them from.
CONCLUSIONS: dict[str, Conclusion] = {}


def export(c: Conclusion) -> Conclusion:
    """Register a lemma's conclusion (idempotent by id: the first registration stays, so a test may replace it)."""
    CONCLUSIONS.setdefault(c.id, c)
    return c


def cite(cid: str) -> Conclusion:
    """The exported conclusion ``cid`` as registered now."""
    return CONCLUSIONS[cid]


def establish(c: Conclusion, name: str, premises, values=None, *, cites=(), rng=None) -> Step:
    """The last step of a lemma: its exported formula (at ``values``, default its own variables) proved from its
    hypotheses and ``premises`` (the goals of its own steps and the cited conclusions); ``rng`` replaces the
    conclusion's range of eps (the range a claim prints).  The goal is the exported formula itself, so a lemma
    proves exactly what it exports."""
    values = tuple(c.variables) if values is None else tuple(values)
    return prove(name, c.holds_under(*values, rng=rng) + list(premises), c.statement(*values), source=c.lemma,
                 cites=cites)


def conclusions_cited(steps) -> list[str]:
    """The conclusion ids the steps took as hypotheses, in order, without repeats."""
    return list(dict.fromkeys(x for s in steps for x in s.cites))


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
