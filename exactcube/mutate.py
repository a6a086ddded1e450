r"""Mutation testing of the checks: proof that every check can fail.

For each claim, :func:`mutate_claim` runs the check once while recording every
printed item it reads (:mod:`exactcube.printed`), then once per *mutant*: the same
check with one printed item replaced by a perturbed copy.  Each mutant gets one of five
classes, decided by one function (:func:`classify`):

* *caught*: the check reaches another verdict (the outcome, or the places of the errata,
  change) that is not a move to ``open``: it judged the perturbed value;
* *survived by design*: the document's statement is false (``refuted`` with a witness) and
  the mutant is another false statement, which the check still refutes with a witness:
  the verdict the mutated document deserves, listed apart from the plain survivors;
* *survived*: the verdict is the same otherwise: the check did not look at that item
  closely enough (each survivor is listed, with its reason, under "Mutation exceptions"
  on the document's page);
* *fragile*: the verdict becomes ``open`` (from a decided one): the check stopped deciding
  instead of judging the perturbed item, so it is reported apart and never counted as a
  catch;
* *error*: the check raises an exception on the mutant: a crash is not a judgement either.

Mutants of a printed value (:func:`mutants_of`):

* a printed number (a string the one judge reads, :func:`exactcube.printed.read_printed`), by
  its form (:meth:`exactcube.printed.PrintedNumber.mutants`): a decimal (``".4938"``,
  ``"-0.25"``, ``"79"``) or a percentage (``"5.1%"``): the last printed digit plus and minus
  one, and the sign flipped; scientific notation: the same, and the exponent plus and minus
  one; a fraction (``"3/17"``) or a mixed number: the numerator, the denominator (and the
  whole part) plus and minus one, and the sign flipped; an interval: each end so, when it
  moves inward (a wider interval holds what the printed one held); "≈": the decimal after it
  so.  Every such mutant denotes another value, so a judge of the form catches it;
* an integer: plus and minus one, and the sign flipped (counts, thresholds);
* an exact rational ``p/q``: ``(p+1)/q``, ``(p-1)/q``, ``p/(q+1)``, ``p/(q-1)`` and the sign
  flipped (those that coincide counted once);
* a sympy expression: each number in it changed (``n -> n + 1``), each term of a
  sum dropped and each term's sign flipped;
* a tuple, list or dict: each element mutated in turn;
* any other text: one character changed (the check must compare it).

An item the base verdict already reports as wrong (an erratum at the same place)
is not perturbed further (a wrong value nudged stays wrong); its mutants are
*corrections*: the erratum's ``true_rounded`` when the item is text, else the item's
own ``mutants=`` (which must then be corrections); each must make the erratum go away.  A wrong
item with neither is listed as ``uncorrectable`` (its test must feed the correction).

A claim that reads no printed item says so; each such claim needs a reason
(:data:`NOTHING_PRINTED` in the claim's module, via ``claim(..., unprinted=...)``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from .content.model import to_plain
from .numbers import is_mpq, mpq
from .printed import Access, recording, substituting, try_read_printed

__all__ = ["mutants_of", "MutationReport", "mutate_claim", "verdict_signature", "classify", "CLASSES"]

#: At most this many mutants of one printed item (a large formula or tuple).
MAX_PER_ITEM = 24


def _sympy_mutants(e) -> list[tuple[str, Any]]:
    import sympy as sp

    out: list[tuple[str, Any]] = []
    for a in sorted(e.atoms(sp.Number), key=sp.default_sort_key):
        if isinstance(e, sp.Equality):  # keep the perturbed equation an equation (never evaluated to False)
            m = sp.Eq(e.lhs.xreplace({a: a + 1}), e.rhs.xreplace({a: a + 1}), evaluate=False)
        else:
            m = e.xreplace({a: a + 1})
        out.append((f"number {a} -> {a + 1}", m))
    terms = sp.Add.make_args(sp.expand(e)) if isinstance(e, sp.Expr) else ()
    if isinstance(e, sp.Expr) and len(terms) > 1:
        for t in terms:
            out.append((f"term {t} dropped", sp.Add(*[u for u in terms if u is not t])))
            out.append((f"sign of term {t} flipped", sp.Add(*[(-u if u is t else u) for u in terms])))
    if isinstance(e, sp.Expr) and not out:
        out.append(("negated", -e))
    if isinstance(e, sp.Equality):
        out.append((f"rhs {e.rhs} -> {e.rhs} + 1", sp.Eq(e.lhs, e.rhs + 1, evaluate=False)))
    return out


def mutants_of(value: Any) -> list[tuple[str, Any]]:
    """Perturbed copies of a printed value, each with a label: ``[(label, mutant), ...]``."""
    if isinstance(value, bool):
        return [(f"{value} -> {not value}", not value)]
    if isinstance(value, str):
        number = try_read_printed(value)  # a printed number mutates by its form (PrintedNumber.mutants)
        if number is not None:
            return number.mutants()
        if not value:
            return []
        i = len(value) - 1
        ch = "X" if value[i] != "X" else "Y"
        return [(f"last character changed: {value[:i] + ch!r}", value[:i] + ch)]
    if isinstance(value, int) or type(value).__name__ == "mpz":
        out = [(f"{value} -> {value + 1}", value + 1), (f"{value} -> {value - 1}", value - 1)]
        if value:
            out.append((f"{value} -> {-value}", -value))
        return out
    if is_mpq(value):
        p, q = value.numerator, value.denominator
        moved = [mpq(p + 1, q), mpq(p - 1, q)] + ([mpq(p, q + 1)] + ([mpq(p, q - 1)] if q > 1 else []) if p else [])
        out, seen = [], {value}
        for m in moved + ([-value] if p else []):
            if m not in seen:  # 1/2 -> 2/2 and 1/2 -> 1/1 are one mutant
                seen.add(m)
                out.append((f"{value} -> {m}", m))
        return out
    if isinstance(value, (tuple, list)):
        out = []
        for i, x in enumerate(value):
            for lab, m in mutants_of(x):
                y = list(value)
                y[i] = m
                out.append((f"[{i}] {lab}", type(value)(y) if isinstance(value, tuple) else y))
        return out
    if isinstance(value, dict):
        out = []
        for k, x in value.items():
            for lab, m in mutants_of(x):
                y = dict(value)
                y[k] = m
                out.append((f"[{k}] {lab}", y))
        return out
    try:
        import sympy as sp

        if isinstance(value, sp.Basic):
            return _sympy_mutants(value)
    except ImportError:  # pragma: no cover - sympy is a dependency
        pass
    return []


def verdict_signature(v) -> tuple:
    """What must change for a mutant to count as caught: the outcome, or the places of
    the errata, here or in a verdict under another reading (a mutant that only changes
    the printed text an erratum quotes is not caught: the check must *judge* the value,
    not echo it)."""
    return (v.outcome.value, tuple(sorted({e.where for e in v.errata})),
            tuple(verdict_signature(a) for a in v.alternatives))


#: The classes of a mutant, in the order the reports print them (see the module docstring).
CLASSES = ("caught", "survived", "survived by design", "fragile", "error")


def classify(base, mutant) -> str:
    """The class of one mutant (:data:`CLASSES`) from the base verdict and the mutant's verdict (or the
    exception the check raised on it): the one rule of the module docstring."""
    if isinstance(mutant, Exception):
        return "error"
    if mutant.outcome.value == "open" and base.outcome.value != "open":
        return "fragile"
    if verdict_signature(mutant) != verdict_signature(base):
        return "caught"
    if base.outcome.value == "refuted" and mutant.witness is not None:
        return "survived by design"
    return "survived"


@dataclass
class MutationReport:
    """The mutants of one claim by class (:func:`classify`): ``caught`` counts, the other classes list their
    (item, mutant) labels (an error's with the exception's type, a fragile one's with the reason it gave)."""

    claim_id: str
    items: int = 0
    tried: int = 0
    caught: int = 0
    survivors: list[str] = field(default_factory=list)
    by_design: list[str] = field(default_factory=list)
    fragile: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    note: str = ""
    #: Wrong printed values the harness has no correction for (not text, no ``mutants=``).
    uncorrectable: list[str] = field(default_factory=list)

    @property
    def survived(self) -> int:
        return len(self.survivors)

    @property
    def survived_by_design(self) -> int:
        return len(self.by_design)

    @property
    def fragile_count(self) -> int:
        return len(self.fragile)

    @property
    def errored(self) -> int:
        return len(self.errors)

    def as_dict(self) -> dict:
        return {"items": self.items, "tried": self.tried, "caught": self.caught, "survived": self.survived,
                "survived_by_design": self.survived_by_design, "fragile": self.fragile_count,
                "errors": self.errored, "survivors": list(self.survivors), "by_design_mutants": list(self.by_design),
                "fragile_mutants": list(self.fragile), "error_mutants": list(self.errors),
                "uncorrectable": list(self.uncorrectable), "note": self.note}


def _run(check: Callable):
    """The check's verdict, or the exception it raised (never swallowed into a verdict)."""
    try:
        return check()
    except Exception as exc:  # an error of the check on this input: reported apart
        return exc


def mutate_claim(claim, limit: int | None = None, seed: int = 0) -> MutationReport:
    """Mutation-test one claim: record what it reads, then try every mutant (at most
    ``limit`` of them, a seeded sample, when given)."""
    rep = MutationReport(claim.id)
    with recording() as rec:
        base = _run(claim.check)
    if isinstance(base, Exception):
        rep.note = f"the check itself fails ({type(base).__name__}); nothing to mutate"
        return rep
    accesses: list[Access] = list(rec.values())
    rep.items = len(accesses)
    if not accesses:
        rep.note = getattr(claim, "unprinted", "") or "reads no printed item (no reason given)"
        return rep
    wrong = {e.where: e for e in base.errata}
    plan: list[tuple[Access, str, Any]] = []
    for a in accesses:
        e = wrong.get(a.where)
        if e is not None:
            # a value found wrong: nudged it stays wrong; its mutants are corrections, which must clear it
            if isinstance(a.value, str) and e.true_rounded:
                plan.append((a, f"corrected to {e.true_rounded}", e.true_rounded))
            elif a.mutants:
                plan.extend((a, f"corrected: {lab}", m) for lab, m in a.mutants(a.value)[:MAX_PER_ITEM])
            else:
                rep.uncorrectable.append(a.where)
            continue
        ms = a.mutants(a.value) if a.mutants else mutants_of(a.value)
        plan.extend((a, lab, m) for lab, m in ms[:MAX_PER_ITEM])
    if limit is not None and len(plan) > limit:
        rng = random.Random(f"{claim.id}:{seed}")
        plan = rng.sample(plan, limit)
    for a, lab, m in plan:
        rep.tried += 1
        with substituting(a.key, m):
            v = _run(claim.check)
        kind = classify(base, v)
        if kind == "caught":
            rep.caught += 1
        elif kind == "error":
            rep.errors.append(f"{a.where}: {lab}: {type(v).__name__}: {str(v)[:120]}")
        elif kind == "fragile":
            rep.fragile.append(f"{a.where}: {lab}: open: {to_plain(v.details)[:120]}")
        elif kind == "survived by design":
            rep.by_design.append(f"{a.where}: {lab}")
        else:
            rep.survivors.append(f"{a.where}: {lab}")
    return rep
