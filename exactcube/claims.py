"""Claims of the source documents, the verdicts on them, and the runner.

A *claim* is one checkable statement of a document: an equation, a theorem, a
printed table, a sentence with a number in it.  It is registered with an id
that starts with the document's short name (``ju24.eq2.3``, ``ks69.table1``),
the place in the document, and the sentence it checks.  Its check is a small
function returning a :class:`Verdict`.

Outcomes (docs/design.md): ``verified``; ``refuted`` (with an exact counterexample);
``erratum`` (a printed number or formula differs from the truth beyond its
printed rounding: each :class:`Erratum` gives the place, the printed and the
true value); ``open`` (undecided, with the reason).

Evidence: ``exact`` (exact rational or symbolic computation), ``rigorous``
(ball/interval arithmetic encloses the truth), ``numeric`` (high-precision
floating point, not a proof), ``sampled`` (Monte Carlo with a confidence
interval).

A check that raises is a failure of the *tool*, never of the paper; the runner
records it and goes on with the other claims.
"""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable, Iterable, Mapping

__all__ = [
    "Outcome",
    "Evidence",
    "Erratum",
    "Verdict",
    "Claim",
    "ClaimResult",
    "REGISTRY",
    "claim",
    "run_claims",
    "verified",
    "refuted",
    "erratum",
    "open_",
    "documents",
]


class Outcome(str, Enum):
    """What a check found: verified, refuted (counterexample), erratum (printed value wrong), open."""

    VERIFIED = "verified"
    REFUTED = "refuted"
    ERRATUM = "erratum"
    OPEN = "open"

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.value


class Evidence(str, Enum):
    """How far to trust a verdict: exact, rigorous (balls), numeric (not a proof), sampled (Monte Carlo)."""

    EXACT = "exact"
    RIGOROUS = "rigorous"
    NUMERIC = "numeric"
    SAMPLED = "sampled"

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.value


@dataclass(frozen=True)
class Erratum:
    """One printed value that is wrong: where, what is printed, what is true.

    ``true`` is the exact value as text (``"13/16"``) or a rigorous enclosure;
    ``true_rounded`` is the true value rounded at the printed precision, i.e. what
    the document should have printed.
    """

    where: str
    printed: str
    true: str
    true_rounded: str = ""
    note: str = ""

    def as_dict(self) -> dict:
        return {
            "where": self.where,
            "printed": self.printed,
            "true": self.true,
            "true_rounded": self.true_rounded,
            "note": self.note,
        }


@dataclass(frozen=True)
class Verdict:
    """The result of checking one claim, and how far to trust it."""

    outcome: Outcome
    evidence: Evidence
    details: str = ""
    witness: Any = None
    errata: tuple[Erratum, ...] = ()

    def _repr_html_(self) -> str:
        import html

        rows = "".join(
            f"<tr><td>{html.escape(e.where)}</td><td>{html.escape(e.printed)}</td>"
            f"<td>{html.escape(e.true)}</td><td>{html.escape(e.true_rounded)}</td></tr>"
            for e in self.errata
        )
        errata = (f"<table><tr><th>where</th><th>printed</th><th>true</th><th>rounded</th></tr>{rows}</table>"
                  if rows else "")
        return (f"<p><b>{self.outcome.value}</b> ({self.evidence.value}): {html.escape(self.details)}</p>"
                + errata)

    def _repr_latex_(self) -> str:
        from .tables import latex_escape

        return rf"	extbf{{{self.outcome.value}}} ({self.evidence.value}): {latex_escape(self.details)}"

    def __post_init__(self):
        object.__setattr__(self, "outcome", Outcome(self.outcome))
        object.__setattr__(self, "evidence", Evidence(self.evidence))
        object.__setattr__(self, "errata", tuple(self.errata))
        if self.outcome is Outcome.ERRATUM and not self.errata:
            raise ValueError("an erratum verdict must list at least one Erratum")


def verified(evidence: Evidence | str, details: str = "", witness: Any = None) -> Verdict:
    """The claim holds; ``details`` says how it was shown and on what scope."""
    return Verdict(Outcome.VERIFIED, Evidence(evidence), details, witness)


def refuted(evidence: Evidence | str, details: str, witness: Any) -> Verdict:
    """The claim is false; ``witness`` is the exact counterexample."""
    return Verdict(Outcome.REFUTED, Evidence(evidence), details, witness)


def erratum(evidence: Evidence | str, details: str, errata: Iterable[Erratum], witness: Any = None) -> Verdict:
    """Printed values (or formulas) differ from the truth; each :class:`Erratum` gives printed and true."""
    return Verdict(Outcome.ERRATUM, Evidence(evidence), details, witness, tuple(errata))


def open_(evidence: Evidence | str, details: str, witness: Any = None) -> Verdict:
    """Undecided; ``details`` says why (and what evidence there is)."""
    return Verdict(Outcome.OPEN, Evidence(evidence), details, witness)


@dataclass(frozen=True)
class Claim:
    """A registered statement of a document and the function that checks it."""

    id: str
    location: str
    statement: str
    check: Callable[[], Verdict] = field(repr=False, compare=False)
    slow: bool = False

    @property
    def document(self) -> str:
        return self.id.split(".", 1)[0]


#: Every registered claim, by id.  Filled by importing the ``proofs`` modules
#: (see :func:`exactcube.catalog.load`).
REGISTRY: dict[str, Claim] = {}


def claim(id: str, location: str, statement: str, slow: bool = False):
    """Decorator registering a check function as the claim ``id``.

    ``location`` is where the claim stands in its document (``"§2.2, (2.3)"``);
    ``statement`` is the sentence it checks, quoted or closely paraphrased.
    """
    if "." not in id:
        raise ValueError(f"claim id {id!r} must start with a document id, e.g. 'ks69.table1'")

    def deco(fn: Callable[[], Verdict]):
        if id in REGISTRY and REGISTRY[id].check is not fn:
            raise ValueError(f"claim id {id!r} registered twice")
        REGISTRY[id] = Claim(id, location, statement, fn, slow)
        fn.claim_id = id
        return fn

    return deco


def documents() -> list[str]:
    """The document ids that have at least one registered claim."""
    return sorted({c.document for c in REGISTRY.values()})


@dataclass(frozen=True)
class ClaimResult:
    """A claim with its verdict, or with the error the tool hit while checking it."""

    claim: Claim
    verdict: Verdict | None
    seconds: float
    error: str = ""
    traceback: str = ""

    @property
    def crashed(self) -> bool:
        return self.verdict is None

    @property
    def outcome(self) -> str:
        return "tool-error" if self.verdict is None else self.verdict.outcome.value

    def as_dict(self) -> dict:
        v = self.verdict
        return {
            "id": self.claim.id,
            "document": self.claim.document,
            "location": self.claim.location,
            "statement": self.claim.statement,
            "outcome": self.outcome,
            "evidence": v.evidence.value if v else None,
            "details": v.details if v else self.error,
            "witness": _jsonable(v.witness) if v else None,
            "errata": [e.as_dict() for e in v.errata] if v else [],
            "seconds": round(self.seconds, 6),
        }


def _jsonable(x):
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if isinstance(x, Mapping):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    return str(x)


def run_claims(
    claims: Iterable[Claim],
    on_start: Callable[[Claim], None] | None = None,
    on_done: Callable[[ClaimResult], None] | None = None,
) -> list[ClaimResult]:
    """Run each claim's check, timing it; a crash in one never stops the others."""
    results = []
    for c in claims:
        if on_start:
            on_start(c)
        t0 = time.perf_counter()
        try:
            v = c.check()
            if not isinstance(v, Verdict):
                raise TypeError(f"check returned {type(v).__name__}, not a Verdict")
            r = ClaimResult(c, v, time.perf_counter() - t0)
        except Exception as exc:  # a tool failure, reported, never hidden
            r = ClaimResult(
                c,
                None,
                time.perf_counter() - t0,
                error=f"{type(exc).__name__}: {exc}",
                traceback=traceback.format_exc(),
            )
        results.append(r)
        if on_done:
            on_done(r)
    return results
