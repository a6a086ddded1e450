"""Claims of the source documents, the verdicts on them, and the runner.

A *claim* is one checkable statement of a document: an equation, a theorem, a
printed table, a sentence with a number in it.  It is registered with an id
that starts with the document's short name (``ju24.eq2.3``, ``ks69.table1``),
the place in the document, and the sentence it checks.  Its check is a small
function returning a :class:`Verdict`.

Outcomes (docs/design.md): ``verified`` (possibly with differences of uncounted kinds
listed); ``refuted`` (a statement, theorem or optimality claim is
false, shown by an exact witness); ``erratum`` (a printed number or formula differs
from the truth beyond its printed rounding, and at least one such difference is
``substantive`` or a ``misprint``: each :class:`Erratum` gives the place, the printed
and the true value, and its kind: ``substantive``, ``misprint``, ``rounding`` or
``transcription``, see :class:`exactcube.results.ErratumKind` and
:func:`exactcube.printed.erratum_kind`; the outcome follows from the kinds by
:func:`errata_outcome`);
``open`` (undecided, with the reason).

Evidence (:class:`exactcube.results.Evidence`): ``exact``, ``rigorous``,
``numeric``, ``sampled``: the weakest step of the whole argument.  A conclusion that
also rests on a reading of the rules or on a model standing in for reality names
that reading in ``assumptions`` (ids registered with
:func:`exactcube.results.assumption`); every output shows it beside the outcome.

A check that raises is a failure of the *tool*, never of the paper; the runner
records it and goes on with the other claims.
"""

from __future__ import annotations

import re
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .content.model import Content, Table, as_content, say
from .content.printers import to_html, to_json, to_latex
from .results import (ASSUMPTIONS, Assumption, Erratum, ErratumKind, Evidence, NamedEnum, Provenance, assumption, cited,
                      collecting_built, counted_errata, errata_phrase, get_assumption, grade, is_built, jsonable,
                      wrong_values)

__all__ = [
    "Outcome",
    "Evidence",
    "Erratum",
    "ErratumKind",
    "Provenance",
    "Assumption",
    "ASSUMPTIONS",
    "assumption",
    "Verdict",
    "VerdictPart",
    "part",
    "REQUIRE_CITATIONS",
    "CitationError",
    "audit_citations",
    "Claim",
    "ClaimResult",
    "REGISTRY",
    "claim",
    "run_claims",
    "results_from_json",
    "expected_seconds",
    "summary_counts",
    "OUTCOME_ORDER",
    "verified",
    "refuted",
    "erratum",
    "errata_outcome",
    "open_",
    "documents",
    "paper_order",
    "Document",
    "DOCUMENTS",
    "document",
]


class Outcome(NamedEnum):
    """What a check found: verified, refuted (counterexample), erratum (printed value wrong), open."""

    VERIFIED = "verified"
    REFUTED = "refuted"
    ERRATUM = "erratum"
    OPEN = "open"


#: The claim runner refuses (a tool error) a verdict that cites no result built by its check (issue 40).  One
#: switch, so that a tree whose documents are not all converted yet can run with it off.
REQUIRE_CITATIONS = True


def _prov_dict(p: Provenance) -> dict:
    return p.as_dict()


def _prov_from(d: dict) -> Provenance:
    return Provenance(**d)


@dataclass(frozen=True)
class VerdictPart:
    """One thing a verdict also says, at its own strength: ``what`` it is (``"scope"``, ``"refutation"``), what it
    says (``details``), its ``evidence`` (the weakest of the results it cites, :attr:`rests_on`).

    A verdict that says two things at two strengths (an exact counterexample and a scope shown with balls) keeps
    its main conclusion's evidence and states the other as a part (:func:`part`), so neither strength is lost
    in the other."""

    what: str
    evidence: Evidence
    details: Content = Content()
    rests_on: tuple[Provenance, ...] = ()

    def __post_init__(self):
        object.__setattr__(self, "evidence", Evidence(self.evidence))
        object.__setattr__(self, "details", as_content(self.details))
        object.__setattr__(self, "rests_on", tuple(self.rests_on))
        if not self.what.strip():
            raise ValueError("a verdict part needs a name (what it says: 'scope', 'refutation')")
        if self.rests_on:
            weakest = Evidence.weakest(*(p.evidence for p in self.rests_on))
            if self.evidence.rank < weakest.rank:
                raise ValueError(f"the part {self.what!r} cannot be {self.evidence.value}: it cites a "
                                 f"{weakest.value} result")

    def label(self) -> str:
        return f"{self.what} [{self.evidence.value}]"

    def as_dict(self) -> dict:
        return {"what": self.what, "evidence": self.evidence.value, "details": to_json(self.details),
                "rests_on": [_prov_dict(p) for p in self.rests_on]}

    @classmethod
    def from_dict(cls, d: dict) -> "VerdictPart":
        from .content.printers import from_json

        return cls(d["what"], Evidence(d["evidence"]), from_json(d.get("details")),
                   tuple(_prov_from(p) for p in d.get("rests_on", [])))


def part(what: str, basis: Any, details: Content | str = "", *, evidence=None) -> VerdictPart:
    """A :class:`VerdictPart`: ``what`` the verdict also says, resting on ``basis`` (results, as for
    :func:`verified`), its evidence the weakest of theirs, lowered (never raised) by ``evidence``."""
    ev, _, rests = _split(basis, evidence)
    return VerdictPart(what, ev, details, rests)


@dataclass(frozen=True)
class Verdict:
    """The result of checking one claim, how far to trust it, and what it rests on.

    ``evidence`` describes the whole argument (its weakest step); ``assumptions``
    are ids of registered readings (:func:`exactcube.results.assumption`) the
    conclusion also rests on; ``provenance`` (optional) records the method and
    source; ``alternatives`` are the verdicts under other reasonable readings when
    they differ (each with its own assumptions).
    """

    outcome: Outcome
    evidence: Evidence
    details: str = ""
    witness: Any = None
    errata: tuple[Erratum, ...] = ()
    assumptions: tuple[str, ...] = ()
    provenance: Provenance | None = None
    alternatives: tuple["Verdict", ...] = ()
    #: The provenances of the results the verdict cites (issue 40): its evidence is the weakest of them.
    rests_on: tuple[Provenance, ...] = ()
    #: What the verdict also says at another strength (:class:`VerdictPart`, :func:`part`).
    parts: tuple[VerdictPart, ...] = ()
    #: Formal proofs of the claim (issue 43: :class:`exactcube.formal.FormalCheck`), shown apart: they never
    #: enter ``evidence``, which stays that of the computation.
    formal: tuple = ()

    def __post_init__(self):
        object.__setattr__(self, "outcome", Outcome(self.outcome))
        object.__setattr__(self, "evidence", Evidence(self.evidence))
        object.__setattr__(self, "errata", tuple(self.errata))
        object.__setattr__(self, "details", as_content(self.details))
        w = self.witness
        if isinstance(w, (str, Table)) or type(w).__module__ == "exactcube.content.model":
            object.__setattr__(self, "witness", as_content(w))
        ids = [get_assumption(a).id for a in self.assumptions]
        if self.provenance is not None:
            ids += [a for a in self.provenance.assumptions if a not in ids]
        object.__setattr__(self, "assumptions", tuple(dict.fromkeys(ids)))
        object.__setattr__(self, "alternatives", tuple(self.alternatives))
        object.__setattr__(self, "rests_on", tuple(self.rests_on))
        object.__setattr__(self, "parts", tuple(self.parts))
        object.__setattr__(self, "formal", tuple(self.formal))
        if self.rests_on:
            weakest = Evidence.weakest(*(p.evidence for p in self.rests_on))
            if self.evidence.rank < weakest.rank:
                raise ValueError(f"a verdict cannot be {self.evidence.value}: it cites a {weakest.value} result")
        if self.outcome is Outcome.ERRATUM and not counted_errata(self.errata):
            raise ValueError("an erratum verdict must list at least one substantive or misprint Erratum "
                             "(use erratum(), which decides the outcome from the errata)")
        for alt in self.alternatives:
            if not alt.assumptions:
                raise ValueError("a verdict under another reading must name that reading (assumptions)")

    @property
    def grade(self) -> str:
        """``exact`` or ``exact under assumptions``: what the summary counts."""
        return grade(self.evidence, self.assumptions)

    @property
    def under(self) -> str:
        """The readings as one phrase for display: ``"under: ejected player liable"``."""
        if not self.assumptions:
            return ""
        return "under: " + "; ".join(get_assumption(a).sentence for a in self.assumptions)

    def label(self) -> str:
        """One line: outcome, evidence and readings (``refuted [exact], under: ...``)."""
        s = f"{self.outcome.value} [{self.evidence.value}]"
        if self.assumptions:
            s += ", " + self.under
        return s

    def as_dict(self) -> dict:
        return {
            "outcome": self.outcome.value,
            "evidence": self.evidence.value,
            "grade": self.grade,
            "assumptions": [get_assumption(a).as_dict() for a in self.assumptions],
            "provenance": self.provenance.as_dict() if self.provenance else None,
            "details": to_json(self.details),
            "witness": to_json(self.witness) if isinstance(self.witness, Content) else jsonable(self.witness),
            "errata": [e.as_dict() for e in self.errata],
            "alternatives": [a.as_dict() for a in self.alternatives],
            "rests_on": [_prov_dict(p) for p in self.rests_on],
            **({"parts": [p.as_dict() for p in self.parts]} if self.parts else {}),
            "formal": [f.as_dict() for f in self.formal],
        }

    @classmethod
    def from_dict(cls, d: dict) -> "Verdict":
        """The verdict :meth:`as_dict` wrote (schema version 3): content read back with its stored renderings
        (:func:`exactcube.content.printers.from_json`), readings by id (registered by the caller), nothing recomputed."""
        from .content.printers import from_json

        w = d.get("witness")
        witness = from_json(w) if isinstance(w, list) and all(isinstance(x, dict) and "type" in x for x in w) else w
        errata = tuple(Erratum(e["where"], e["printed"], e["true"], e.get("true_rounded", ""), from_json(e.get("note")),
                               kind=e["kind"], cause=e.get("cause", e.get("slip", ""))) for e in d.get("errata", []))
        from .formal import FormalCheck

        prov = d.get("provenance")
        return cls(Outcome(d["outcome"]), Evidence(d["evidence"]), from_json(d.get("details")), witness, errata,
                   tuple(a["id"] if isinstance(a, dict) else a for a in d.get("assumptions", [])),
                   Provenance(**prov) if prov else None,
                   tuple(cls.from_dict(a) for a in d.get("alternatives", [])),
                   tuple(_prov_from(p) for p in d.get("rests_on", [])),
                   tuple(VerdictPart.from_dict(p) for p in d.get("parts", [])),
                   formal=tuple(FormalCheck.from_dict(f) for f in d.get("formal", [])))

    def _repr_html_(self) -> str:
        import html

        rows = "".join(
            f"<tr><td>{html.escape(e.where)}</td><td>{html.escape(e.kind.value)}</td><td>{html.escape(e.printed)}</td>"
            f"<td>{html.escape(e.true)}</td><td>{html.escape(e.true_rounded)}</td></tr>"
            for e in self.errata
        )
        errata = (f"<table><tr><th>where</th><th>kind</th><th>printed</th><th>true</th><th>rounded</th></tr>"
                  f"{rows}</table>" if rows else "")
        return (f"<p><b>{self.outcome.value}</b> ({self.evidence.value})"
                + (f" <i>{html.escape(self.under)}</i>" if self.assumptions else "")
                + f": {to_html(self.details)}</p>" + errata)

    def _repr_latex_(self) -> str:
        from .tables import latex_escape

        under = f", {latex_escape(self.under)}" if self.assumptions else ""
        return rf"\textbf{{{self.outcome.value}}} ({self.evidence.value}{under}): {to_latex(self.details)}"


def _split(basis, lower=None):
    """Evidence, provenance and the cited provenances from what a verdict rests on.

    ``basis``: the results the verdict cites (anything with a ``provenance``, a :class:`Provenance`, or an
    iterable of them: :func:`exactcube.results.cited`); the evidence is the weakest of theirs, lowered (never
    raised) by ``lower``.  A bare Evidence is the legacy hand-typed form (issue 40 removes it)."""
    rests = cited(basis)
    if rests:
        ev = Evidence.weakest(*(p.evidence for p in rests))
        if lower is not None:
            if Evidence(lower).rank < ev.rank:
                raise ValueError(f"evidence={Evidence(lower).value} is stronger than the cited results ({ev.value})")
            ev = Evidence(lower)
        prov = rests[0] if len(rests) == 1 else rests[0].combine(*rests[1:])
        return ev, prov, rests
    if isinstance(basis, Provenance):  # pragma: no cover - cited() returns it
        return basis.evidence, basis, (basis,)
    return Evidence(basis if lower is None else lower), None, ()


def verified(basis: Any, details: Content | str = "", witness: Any = None, *,
             assumptions: Iterable[str] = (), alternatives: Iterable[Verdict] = (), evidence=None,
             parts: Iterable[VerdictPart] = ()) -> Verdict:
    """The claim holds; ``details`` says how it was shown and on what scope."""
    ev, prov, rests = _split(basis, evidence)
    return Verdict(Outcome.VERIFIED, ev, details, witness, (), tuple(assumptions), prov, tuple(alternatives), rests,
                   tuple(parts))


def refuted(basis: Any, details: Content | str, witness: Any, *, errata: Iterable[Erratum] = (),
            assumptions: Iterable[str] = (), alternatives: Iterable[Verdict] = (), evidence=None,
            parts: Iterable[VerdictPart] = ()) -> Verdict:
    """The claim is false; ``witness`` is the exact counterexample.  ``errata`` lists
    wrong printed values found on the way (in the proof of the false statement)."""
    ev, prov, rests = _split(basis, evidence)
    return Verdict(Outcome.REFUTED, ev, details, witness, tuple(errata), tuple(assumptions), prov,
                   tuple(alternatives), rests, tuple(parts))


def errata_outcome(errata: Iterable[Erratum]) -> Outcome:
    """The one rule from errata to outcome (docs/design.md, "Outcomes follow from the errata"):
    ``erratum`` when at least one erratum counts as wrong (``substantive`` or ``misprint``, and
    ``rounding`` under ``verify --strict``), else ``verified`` with the differences listed."""
    return Outcome.ERRATUM if counted_errata(errata) else Outcome.VERIFIED


def erratum(basis: Any, details: Content | str, errata: Iterable[Erratum], witness: Any = None, *,
            assumptions: Iterable[str] = (), alternatives: Iterable[Verdict] = (), evidence=None,
            parts: Iterable[VerdictPart] = ()) -> Verdict:
    """Printed values (or formulas) differ from the truth; each :class:`Erratum` gives printed, true and kind.

    The outcome follows from the errata by :func:`errata_outcome`: a claim whose differences are all
    of uncounted kinds (``rounding``, ``transcription``) is ``verified``, its details opening with the
    differences counted (``"verified; 8 last-digit differences (rounding)."``) and its errata listed.
    """
    ev, prov, rests = _split(basis, evidence)
    errata = tuple(errata)
    if not errata:
        raise ValueError("erratum() needs at least one Erratum")
    outcome = errata_outcome(errata)
    if outcome is Outcome.VERIFIED:
        details = say(f"verified; {errata_phrase(errata)}.", as_content(details))
    return Verdict(outcome, ev, details, witness, errata, tuple(assumptions), prov, tuple(alternatives), rests,
                   tuple(parts))


def open_(basis: Any, details: Content | str, witness: Any = None, *,
          assumptions: Iterable[str] = (), alternatives: Iterable[Verdict] = (), evidence=None,
          parts: Iterable[VerdictPart] = ()) -> Verdict:
    """Undecided; ``details`` says why (and what evidence there is)."""
    ev, prov, rests = _split(basis, evidence)
    return Verdict(Outcome.OPEN, ev, details, witness, (), tuple(assumptions), prov, tuple(alternatives), rests,
                   tuple(parts))


@dataclass(frozen=True)
class Claim:
    """A registered statement of a document and the function that checks it."""

    id: str
    location: str
    statement: str
    check: Callable[[], Verdict] = field(repr=False, compare=False)
    slow: bool = False
    #: Why the check reads no printed item (for ``verify --mutate``), when it reads none.
    unprinted: str = ""

    @property
    def document(self) -> str:
        return self.id.split(".", 1)[0]


#: Every registered claim, by id.  Filled by importing the ``proofs`` modules
#: (see :func:`exactcube.catalog.load`).
REGISTRY: dict[str, Claim] = {}


def claim(id: str, location: str, statement: str, slow: bool = False, unprinted: str = ""):
    """Decorator registering a check function as the claim ``id``.

    ``location`` is where the claim stands in its document (``"§2.2, (2.3)"``);
    ``statement`` is the sentence it checks, quoted or closely paraphrased.
    The printed values the check compares against are read through
    :func:`exactcube.printed.printed` (or published table cells), so that
    ``verify --mutate`` can show the check fails when they change; a check that
    compares against nothing printed (a qualitative statement) gives the reason as
    ``unprinted``.
    """
    if "." not in id:
        raise ValueError(f"claim id {id!r} must start with a document id, e.g. 'ks69.table1'")
    if not isinstance(location, str) or not isinstance(statement, str):
        # a statement is text in the one delimited syntax (``$...$``), saved as such in verify --json
        raise TypeError(f"claim {id!r}: location and statement must be str, got {type(statement).__name__}")

    def deco(fn: Callable[[], Verdict]):
        if id in REGISTRY and REGISTRY[id].check is not fn:
            raise ValueError(f"claim id {id!r} registered twice")
        REGISTRY[id] = Claim(id, location, statement, fn, slow, unprinted)
        fn.claim_id = id
        return fn

    return deco


@dataclass(frozen=True)
class Document:
    """A source document: short id (``ks69``), title, full citation, and the package that
    registered it (a built-in ``proofs`` package or a plugin)."""

    id: str
    title: str
    citation: str = ""
    package: str = ""
    #: An opt-in document's claims are all slow (never in the default run or the verdict baseline) and
    #: run when the document is named: ``verify --paper ID`` (or ``--claim``) needs no ``--slow``.
    opt_in: bool = False
    #: What a run of the whole document costs, said before it runs (``"about 65 s of CPU"``); optional.
    cost: str = ""

    def as_dict(self) -> dict:
        return {"id": self.id, "title": self.title, "citation": self.citation, "package": self.package,
                **({"opt_in": True} if self.opt_in else {}), **({"cost": self.cost} if self.cost else {})}


#: Every registered document, by id (see :func:`document`).
DOCUMENTS: dict[str, Document] = {}

_DOC_ID = __import__("re").compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


def document(id: str, title: str, citation: str = "", package: str = "", opt_in: bool = False,
             cost: str = "") -> Document:
    """Register a source document (call it once, in the document package's ``__init__``).

    ``id`` is the prefix of every claim, table and figure id of the document (lower-case
    letters and digits, starting with a letter, in words joined by single hyphens: ``gnubg-met``).  Registering an id that another package
    registered is refused: two documents cannot share an id.  ``opt_in`` (:attr:`Document.opt_in`):
    the document's claims are registered slow and run when the document is named; ``cost``
    (:attr:`Document.cost`) is said before its claims run.
    """
    if not _DOC_ID.match(id or ""):
        raise ValueError(f"document id {id!r}: use lower-case letters and digits, starting with a letter "
                         "(words may be joined by single hyphens)")
    if not title.strip():
        raise ValueError(f"document {id!r} needs a title")
    old = DOCUMENTS.get(id)
    if old is not None and old.package != package:
        raise ValueError(f"document id {id!r} is already registered by {old.package or 'another package'}")
    d = Document(id, " ".join(title.split()), " ".join(citation.split()), package, bool(opt_in), cost)
    DOCUMENTS[id] = d
    return d


def documents() -> list[str]:
    """The document ids that are registered or have at least one registered claim."""
    return sorted(set(DOCUMENTS) | {c.document for c in REGISTRY.values()})


_STATEMENT = r"(?:Theorem|Lemma|Proposition|Corollary|Remark|Conjecture|Example|Definition|Question)"
_OTHER_DOC_SECTION = re.compile(r"\b[a-z]+\d\d\s*§\s*[\d.]*\d")  # "ks69 §2": a section of another document


def _location_key(location: str) -> tuple:
    """Where a claim's location (``"§3.2.1, Lemma 3.2, (3.1)-(3.2)"``) stands in its document, as a sort key:
    (part, section, position).  Part 0 is the numbered sections, 1 places with no section (``"Table I"``),
    2 the appendices (``"Appendix B"``, ``"App. A"``), in the order of their letters; the section is the
    first ``§`` number (or, without one, the chapter of the first dotted number: ``(1.1)`` is in §1);
    the position is the first equation number ``(n)``/``(n.m)`` or dotted statement number (``Theorem 1.2``)
    that is not a reference to a proof elsewhere (``"proof of Theorem 1.4"``), a little before it for
    ``"before (26)"``, last for ``"last paragraph"``, and None when there is none (see :func:`paper_order`)."""
    text = _OTHER_DOC_SECTION.sub(" ", location)
    inf = float("inf")
    sec = re.search(r"§\s*(\d+(?:\.\d+)*)", text)
    app = re.search(r"\b(?:Appendix|App\.)(?:\s+([A-Z])\b)?", text)
    if app and (not sec or app.start() < sec.start()):
        part, section = 2, (ord(app.group(1)) if app.group(1) else 0,)
    elif sec:
        part, section = 0, tuple(int(x) for x in sec.group(1).split("."))
    else:
        part, section = 1, ()
    position = None
    pattern = re.compile(r"(proof of\s+)?(?:(before\s+)?\((\d+(?:\.\d+)?)\)|" + _STATEMENT
                         + r"\s+(\d+\.\d+))")
    for m in pattern.finditer(text):
        if m.group(1):
            continue
        nums = tuple(int(x) for x in (m.group(3) or m.group(4)).split("."))
        position = nums[:-1] + (nums[-1] - 0.5,) if m.group(2) else nums
        break
    if position is None and "last paragraph" in text:
        position = (inf,)
    if part == 1 and position is not None and len(position) > 1:
        part, section = 0, (position[0], inf)  # "(1.1)" with no §: in §1, after its subsections
    return part, section, position


def paper_order(claims: Iterable[Claim]) -> list[Claim]:
    """``claims`` in the order of their documents' text: by document (:func:`documents`), then by the place
    their location names (:func:`_location_key`: sections in order, then places with no section, then the
    appendices; within a section by the first equation or statement number).  A claim whose location names
    no number keeps its place after the claim registered before it in the same section, and ties keep the
    order of registration (:data:`REGISTRY`), which follows the document within each module."""
    claims = list(claims)
    rank = {cid: i for i, cid in enumerate(REGISTRY)}
    docs = {d: i for i, d in enumerate(documents())}
    last: dict = {}
    keys = {}
    for c in sorted(claims, key=lambda c: rank.get(c.id, len(rank))):
        part, section, position = _location_key(c.location)
        if position is None:
            position = last.get((c.document, part, section), (-1,))
        last[(c.document, part, section)] = position
        keys[c.id] = (docs.get(c.document, len(docs)), c.document, part, section, position,
                      rank.get(c.id, len(rank)))
    return sorted(claims, key=lambda c: keys[c.id])


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
        """The claim and its verdict in the form of schema version 3 (exactcube/schema/verdicts.json)."""
        v = self.verdict
        d = {
            "id": self.claim.id,
            "document": self.claim.document,
            "location": self.claim.location,
            "statement": self.claim.statement,
            "outcome": self.outcome,
        }
        if v is None:
            d.update({"evidence": None, "grade": None, "assumptions": [], "provenance": None,
                      "details": [{"type": "text", "text": self.error}], "witness": None, "errata": [],
                      "alternatives": []})
        else:
            d.update(v.as_dict())
            d["outcome"] = self.outcome
        d["seconds"] = round(self.seconds, 6)
        return d


def expected_seconds(claims: Iterable[Claim]) -> tuple[float, int]:
    """What running ``claims`` takes, from the CPU seconds that ``scripts/update_verdicts.py`` last recorded
    (exactcube/data/claim_seconds.json): (seconds of the measured claims, number of claims with no measurement:
    slow ones, and claims registered since).

    The seconds are the larger of two sums: each claim's seconds in the recorded default run (one process, the
    claims in order, so a claim whose work an earlier one cached costs little there), and the largest of the
    claims' seconds run alone (each in a process of its own, nothing cached): a claim alone pays its caches
    (``noisy.conjecture10.forcing_ends`` takes 0.06 s in the default run and about 8 s alone)."""
    import json
    from importlib import resources

    try:
        doc = json.loads(resources.files("exactcube").joinpath("data/claim_seconds.json").read_text())
        known, alone = doc["seconds"], doc.get("alone", {})
    except (OSError, ValueError, KeyError):
        known, alone = {}, {}
    claims = list(claims)
    in_run = sum(known.get(c.id, 0.0) for c in claims)
    return max([in_run] + [alone.get(c.id, 0.0) for c in claims]), sum(1 for c in claims if c.id not in known)


def _saved(*_):
    raise RuntimeError("a claim read from a saved run is not checked again")


def results_from_json(doc: dict) -> list[ClaimResult]:
    """The results a ``verify --json`` document of schema version 3 holds (``report --from``): each claim with its
    saved verdict (or its tool error), its readings registered from the document; no check is run.  ValueError
    for a document of another schema or version."""
    if not isinstance(doc, dict) or doc.get("schema") != "exactcube-verdicts":
        raise ValueError("not a 'verify --json' document")
    version = doc.get("schema_version")
    if version != 3:
        raise ValueError(f"schema version {version}, this exactcube reads version 3 (run 'exactcube verify --json' again)")
    for a in doc.get("assumptions", []):
        assumption(a["id"], a["sentence"])
    out = []
    for d in doc["claims"]:
        c = Claim(d["id"], d["location"], d["statement"], _saved)
        if d["outcome"] == "tool-error":
            text = "".join(p.get("text", "") for p in d.get("details") or [])
            out.append(ClaimResult(c, None, d.get("seconds", 0.0), error=text))
        else:
            out.append(ClaimResult(c, Verdict.from_dict(d), d.get("seconds", 0.0)))
    return out


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
            with collecting_built():
                v = c.check()
                if not isinstance(v, Verdict):
                    raise TypeError(f"check returned {type(v).__name__}, not a Verdict")
                audit_citations(v)
            from .formal import attach_formal  # issue 43: the claim's formal proofs, checked apart

            v = attach_formal(c.id, v)
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


class CitationError(Exception):
    """A verdict that does not rest on what its check computed (issue 40): it cites no result built by the check,
    or it is stronger than a result it cites.  The runner reports it as a tool error."""


def audit_citations(v: "Verdict | VerdictPart", where: str = "the verdict") -> None:
    """Refuse (:class:`CitationError`) a verdict, its alternatives or its parts when one is stronger than the weakest
    result it cites, or (with :data:`REQUIRE_CITATIONS`) cites no result built inside the current
    :func:`exactcube.results.collecting_built` block (the claim runner runs each check inside one)."""
    if REQUIRE_CITATIONS and not any(is_built(p) for p in v.rests_on):
        raise CitationError(
            f"{where} cites no result built by its check: give verified()/refuted()/erratum()/open_() the results it "
            "rests on (a model result, exactcube.results.computed(value, method), an IntervalProof), not an "
            "Evidence constant or a Provenance typed by hand")
    if v.rests_on:
        weakest = Evidence.weakest(*(p.evidence for p in v.rests_on))
        if v.evidence.rank < weakest.rank:
            raise CitationError(f"{where} says {v.evidence.value} but cites a {weakest.value} result")
    if isinstance(v, Verdict):
        for i, alt in enumerate(v.alternatives):
            audit_citations(alt, f"{where}'s alternative {i + 1} (under {', '.join(alt.assumptions)})")
        for p in v.parts:
            audit_citations(p, f"{where}'s part {p.what!r}")


#: The outcomes in the order every summary lists them (``tool-error``: the check crashed, no verdict).
OUTCOME_ORDER = ("verified", "erratum", "refuted", "open", "tool-error")


def summary_counts(results: Iterable[ClaimResult]) -> dict:
    """The one count of a run, for ``verify``'s summary lines, its JSON ``summary`` and the report's summary table:
    claims by outcome, by grade (evidence, with ``under assumptions`` apart: :func:`exactcube.results.grade`), by
    outcome and grade (``by_outcome``: ``{outcome: {grade: n}}``; grade ``-`` for a tool error), errata by kind,
    and, by the rule of docs/design.md ("Erratum kinds"), the mistakes found (one per cause:
    :func:`exactcube.results.counted_errata`) with the printed values found wrong beside them
    (:func:`exactcube.results.wrong_values`), those of verdicts resting on a reading apart."""
    outcomes: dict[str, int] = {}
    grades: dict[str, int] = {}
    by_outcome: dict[str, dict[str, int]] = {}
    kinds = {k.value: 0 for k in ErratumKind}
    wrong = under = mistakes = mistakes_under = 0
    for r in results:
        outcomes[r.outcome] = outcomes.get(r.outcome, 0) + 1
        g = r.verdict.grade if r.verdict else "-"
        row = by_outcome.setdefault(r.outcome, {})
        row[g] = row.get(g, 0) + 1
        if r.verdict:
            grades[g] = grades.get(g, 0) + 1
            for e in r.verdict.errata:
                kinds[e.kind.value] += 1
            n, m = len(wrong_values(r.verdict.errata)), len(counted_errata(r.verdict.errata))
            if r.verdict.assumptions:
                under, mistakes_under = under + n, mistakes_under + m
            else:
                wrong, mistakes = wrong + n, mistakes + m
    return {"outcomes": outcomes, "evidence": grades, "by_outcome": by_outcome, "errata_by_kind": kinds,
            "mistakes": mistakes, "mistakes_under_assumptions": mistakes_under,
            "printed_values_wrong": wrong, "printed_values_wrong_under_assumptions": under}
