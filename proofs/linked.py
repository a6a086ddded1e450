r"""Lemmas of the sympy all-n arguments linked by their formulas (issue 40, item 4), for every document.

The analogue, for the arguments proved in sympy (identities in a symbolic k, n, a, b, ...), of
:mod:`proofs.noisy.smt`'s :class:`~proofs.noisy.smt.Conclusion`, ``export``, ``cite`` and ``establish`` for the
steps decided by z3.  A lemma exports its proved conclusion as a :class:`Formula`: an equation that determines a
``target`` (``d_k``, ``P``, ``M``) from the ``variables`` (the terms a dependent puts in), with the hypotheses it is
proved under and its scope in words.  The lemma's own check proves exactly that formula (:func:`establish`: the
derived expression, put in for the target, makes the exported formula an identity), and a dependent takes the
value it needs from the cited formula (:meth:`Formula.value`: the one solution for the target of the formula at
the dependent's terms), never from a retyped formula.  The conclusions live in one registry (:func:`export`,
:func:`cite`), so that replacing a conclusion by a weaker one that is still true (a mutation test: an ``Or`` of
the equation with another, a square of both sides, an inequality) is seen by every dependent: the lemma still
proves the weaker formula, and the dependent, which needs the equation, gets no value from it and is ``open``
(:func:`unlinked`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import sympy as sp

from exactcube.claims import open_
from exactcube.content.model import math, say
from exactcube.results import Evidence, Provenance, Result
from exactcube.symbolic import residual

__all__ = ["Formula", "export", "cite", "FORMULAS", "establish", "Step", "unlinked", "holds", "to_z3"]


@dataclass(frozen=True, eq=False)
class Formula:
    """A lemma's proved conclusion: ``formula`` (as proved, ``Eq(target, expression in variables)``) over the sympy
    symbols ``variables``, under ``hypotheses`` (sympy relations over them), ``scope`` its range in words;
    ``lemma`` the claim id, ``part`` a name when the lemma exports several."""

    lemma: str
    target: Any
    variables: tuple
    formula: Any
    hypotheses: tuple = ()
    scope: str = ""
    part: str = ""

    @property
    def id(self) -> str:
        return self.lemma + (":" + self.part if self.part else "")

    def at(self, *values):
        """The formula with the dependent's terms ``values`` (one per variable, in order) put in."""
        if len(values) != len(self.variables):
            raise TypeError(f"{self.id}: {len(self.variables)} terms needed, got {len(values)}")
        return self.formula.xreplace(dict(zip(self.variables, (sp.sympify(v) for v in values), strict=True)))

    def value(self, *values):
        """The target's value that the formula gives at ``values``: the one solution for the target of the
        equation, or None when the formula is not an equation or does not determine the target (a weaker one)."""
        f = self.at(*values)
        if not isinstance(f, sp.Equality):
            return None
        sols = sp.solve(f, self.target, dict=False)
        return sp.simplify(sols[0]) if len(sols) == 1 else None

    def admitter(self):
        """A function ``admits(target, *xs)`` of exact rationals (``mpq`` or int): whether the formula holds with
        ``target`` and ``xs`` (one per variable) put in.  When the formula is an equation solved for the target
        by a rational function of the variables, that function is evaluated once per call in ``mpq`` (exact, no
        sympy on the way: an instance check over thousands of pairs); otherwise (a weaker formula) each call puts
        the values into the formula in sympy and asks whether it is True."""
        from exactcube.numbers import mpq

        def q(x):
            return sp.Rational(int(x.numerator), int(x.denominator))

        def slow(target, *xs):
            return self.at(*(q(x) for x in xs)).xreplace({self.target: q(target)}) is sp.true

        f = self.at(*self.variables)
        if not (isinstance(f, sp.Equality) and f.lhs == self.target and not f.rhs.has(self.target)):
            return slow
        try:
            num, den = sp.fraction(sp.together(f.rhs))
            terms = [[(tuple(e), mpq(int(c.p), int(c.q))) for e, c in sp.Poly(p, *self.variables).terms()]
                     for p in (num, den)]
        except (sp.PolynomialError, sp.GeneratorsNeeded, AttributeError):
            return slow

        def ev(poly, xs):
            out = mpq(0)
            for e, c in poly:
                for x, k in zip(xs, e, strict=True):
                    c = c * mpq(x) ** k
                out += c
            return out

        def fast(target, *xs):
            if len(xs) != len(self.variables):
                raise TypeError(f"{self.id}: {len(self.variables)} terms needed, got {len(xs)}")
            d = ev(terms[1], xs)
            return d != 0 and mpq(target) == ev(terms[0], xs) / d

        return fast

    def weakened(self, formula) -> "Formula":
        """The same conclusion with another formula (mutation tests: a weaker formula, still true)."""
        return Formula(self.lemma, self.target, self.variables, formula, self.hypotheses, self.scope, self.part)


#: The exported conclusions, by id (``lemma`` or ``lemma:part``): the one place a dependent reads them from.
FORMULAS: dict[str, Formula] = {}


def export(c: Formula) -> Formula:
    """Register a lemma's conclusion (idempotent by id: the first registration stays, so a test may replace it)."""
    FORMULAS.setdefault(c.id, c)
    return c


def cite(cid: str) -> Formula:
    """The exported conclusion ``cid`` as registered now."""
    return FORMULAS[cid]


def holds(formula) -> bool:
    """Whether a sympy relation holds identically: an equation whose sides' difference simplifies to 0, or a
    relation (``Or``, ``And``, an inequality) that simplifies to True."""
    if isinstance(formula, sp.Equality):
        return residual(formula.lhs, formula.rhs) == 0
    if formula is sp.true or formula is True:
        return True
    if isinstance(formula, (sp.Or, sp.And)):
        parts = [holds(a) for a in formula.args]
        return any(parts) if isinstance(formula, sp.Or) else all(parts)
    return bool(sp.simplify(formula) is sp.true)


@dataclass(frozen=True, eq=False)
class Step(Result):
    """One step of a linked sympy argument and its answer: ``proved``, or why not.  A result: exact (sympy's exact
    simplification), the lemma it belongs to as its source; ``cites`` the conclusions it took (ids)."""

    name: str
    proved: bool
    formula: Any = field(default=None, repr=False)
    source: str = ""
    cites: tuple = ()
    METHOD = "sympy: the relation brought to canonical form (together, cancel, simplify) and compared"

    def _provenance(self) -> Provenance:
        return Provenance(self.METHOD, Evidence.EXACT, self.source or self.name)

    def __bool__(self) -> bool:
        return self.proved

    def sentence(self) -> str:
        """The failure as a sentence (for an ``open`` verdict's details)."""
        return (f"the step '{self.name}' is not proved: the formula it needs does not follow from the conclusion "
                f"of {self.source} as exported")


def establish(c: Formula, derived, name: str, *, values=None, cites=()) -> Step:
    """The last step of a lemma: the exported formula (at ``values``, default its own variables) with the
    expression ``derived`` (what the lemma's argument computed) put in for the target, decided as an identity.
    So a lemma proves exactly what it exports; ``cites`` the conclusions its argument took."""
    values = tuple(c.variables) if values is None else tuple(values)
    at = c.at(*values)
    f = at.xreplace({c.target: sp.sympify(derived)})
    step = Step(name, holds(f), f, c.lemma, tuple(x.id if isinstance(x, Formula) else x for x in cites))
    if isinstance(at, sp.Equality) and at.lhs == c.target:
        # verify --certificates: "derived = the exported right side" is an identity certcheck re-decides (the
        # substituted equation itself may already have evaluated to True)
        from exactcube.certificates import record_equation

        record_equation(sp.sympify(derived), at.rhs, step.proved, name, step.provenance)
    return step


def unlinked(c: Formula, what: str, basis=(), *, assumptions=()):
    """The verdict of a dependent whose cited conclusion ``c`` does not give the value its step needs (the
    conclusion was replaced by a weaker one): open, citing a failed step."""
    step = Step(f"{what} from {c.id}", False, c.formula, c.lemma, (c.id,))
    return open_([step, *basis], say(f"{what} needs the value of", math(c.target), "from the exported conclusion of",
                                     c.lemma, ",", math(c.formula), ", which does not determine it"),
                 assumptions=assumptions)


def to_z3(expr, names: dict):
    """A rational function of sympy (sums, products, integer powers, rationals, the symbols of ``names``) as a z3
    term over the z3 variables ``names`` maps the symbols to: how a z3 step takes a cited sympy conclusion
    (proofs.noisy.smt) without retyping it.  Anything else is refused (ValueError)."""
    import z3

    def go(e):
        if e in names:
            return names[e]
        if e.is_Rational:
            return z3.RealVal(str(e))
        if e.is_Add:
            return sum((go(a) for a in e.args[1:]), go(e.args[0]))
        if e.is_Mul:
            out = go(e.args[0])
            for a in e.args[1:]:
                out = out * go(a)
            return out
        if e.is_Pow and e.exp.is_Integer:
            base, k = go(e.base), int(e.exp)
            out = base
            for _ in range(abs(k) - 1):
                out = out * base
            return 1 / out if k < 0 else out if k > 0 else z3.RealVal(1)
        raise ValueError(f"not a rational function of {sorted(map(str, names))}: {e}")

    return go(sp.sympify(expr))
