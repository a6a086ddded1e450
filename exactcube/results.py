r"""One vocabulary for how a result was obtained: evidence, provenance, assumptions.

Every number exactcube gives is exactly as trustworthy as the *weakest step* of the
argument behind it.  This module, below the models, names those steps:

* :class:`Evidence`: ``exact`` (exact rational or symbolic computation),
  ``rigorous`` (ball or interval arithmetic encloses the truth), ``numeric``
  (high-precision floating point at a stated precision, not a proof), ``sampled``
  (Monte Carlo with a confidence interval).  They are ordered from strongest to
  weakest; :meth:`Evidence.weakest` combines steps.
* :class:`Assumption`: a *reading* that a conclusion rests on although no
  computation can show it: how an ambiguous rule is read, or a model standing in
  for reality ("the pip-count race model stands for real positions").  Readings are
  registered once by id (:func:`assumption`) and cited by id.
* :class:`Provenance`: method, evidence, source (the equation, theorem or table
  implemented), assumptions, and precision where it applies.  Frozen, serialisable.
* :class:`Result`: a mixin for the frozen result dataclasses of the models:
  :func:`provenance_of`, :meth:`Result.as_dict` (exact values as ``"p/q"`` text,
  which :func:`exactcube.numbers.parse_rational` reads back) and the notebook reprs.

The rule the verdicts follow: the *evidence* says how the arithmetic was done, the
*assumptions* say what the conclusion also depends on.  A verdict with evidence
``exact`` and an assumption is reported as ``exact, under: <assumption>``, never
as plain ``exact``; :func:`grade` gives that combined label.
"""

from __future__ import annotations

import contextvars
import weakref
import dataclasses
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Iterable, Iterator, Mapping

from .content.model import Content, as_content
from .content.printers import to_json
from .display import ExactDisplay
from .numbers import is_mpq

__all__ = [
    "Evidence",
    "Assumption",
    "ASSUMPTIONS",
    "assumption",
    "get_assumption",
    "Provenance",
    "ErratumKind",
    "Erratum",
    "strict_errata",
    "is_strict",
    "counted_errata",
    "wrong_values",
    "errata_phrase",
    "Result",
    "inexact_word",
    "collecting_built",
    "is_built",
    "IntervalProof",
    "provenance_of",
    "evidence_of",
    "Computed",
    "computed",
    "SampleTest",
    "sample_test",
    "cited",
    "grade",
    "jsonable",
]


class NamedEnum(str, Enum):
    """An enum of names that prints as its name (``str(Evidence.EXACT) == "exact"``)."""

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.value


class Evidence(NamedEnum):
    """How the arithmetic behind a result was done, strongest first.

    ``formal``: a theorem checked by a proof assistant's kernel (Coq) in this run
    (only :mod:`exactcube.formal` gives it, from coqc's own output); ``exact``: exact
    rationals or symbolic identities; ``rigorous``: balls or intervals that provably
    enclose the truth; ``numeric``: floating point at a stated precision, not a
    proof; ``sampled``: Monte Carlo with a confidence interval.
    """

    FORMAL = "formal"
    EXACT = "exact"
    RIGOROUS = "rigorous"
    NUMERIC = "numeric"
    SAMPLED = "sampled"

    @property
    def rank(self) -> int:
        """0 for ``formal`` up to 4 for ``sampled``: larger is weaker."""
        return _EVIDENCE_ORDER.index(self)

    @classmethod
    def weakest(cls, *evidence: "Evidence | str") -> "Evidence":
        """The weakest of several steps: an argument is no stronger than its weakest step."""
        if not evidence:
            raise ValueError("weakest() needs at least one evidence class")
        return max((cls(e) for e in evidence), key=lambda e: e.rank)


_EVIDENCE_ORDER = [Evidence.FORMAL, Evidence.EXACT, Evidence.RIGOROUS, Evidence.NUMERIC, Evidence.SAMPLED]


@dataclass(frozen=True)
class Assumption:
    """A reading a conclusion rests on: an id (``race-model``) and one sentence."""

    id: str
    sentence: str

    def as_dict(self) -> dict:
        return {"id": self.id, "sentence": self.sentence}

    def __str__(self) -> str:
        return self.sentence


#: Every registered reading, by id.
ASSUMPTIONS: dict[str, Assumption] = {}


def assumption(id: str, sentence: str) -> Assumption:
    """Register the reading ``id`` with its one-sentence statement (idempotent).

    Registering the same id twice with different sentences is an error: a reading
    has one meaning wherever it is cited.
    """
    if not id or any(ch.isspace() for ch in id):
        raise ValueError(f"assumption id {id!r} must be one word (letters, digits, '-', '.')")
    sentence = " ".join(sentence.split())
    if not sentence:
        raise ValueError(f"assumption {id!r} needs a sentence")
    old = ASSUMPTIONS.get(id)
    if old is not None and old.sentence != sentence:
        raise ValueError(f"assumption {id!r} registered twice with different sentences")
    a = old or Assumption(id, sentence)
    ASSUMPTIONS[id] = a
    return a


def get_assumption(a: "Assumption | str") -> Assumption:
    """The registered reading for an id (or the reading itself); KeyError names unknown ids."""
    if isinstance(a, Assumption):
        return ASSUMPTIONS.setdefault(a.id, a)
    try:
        return ASSUMPTIONS[a]
    except KeyError:
        raise KeyError(f"unknown assumption {a!r}; register it with exactcube.results.assumption()") from None


def _assumption_ids(items: Iterable["Assumption | str"]) -> tuple[str, ...]:
    ids: list[str] = []
    for a in items:
        i = get_assumption(a).id
        if i not in ids:
            ids.append(i)
    return tuple(ids)


def grade(evidence: "Evidence | str", assumptions: Iterable[str] = ()) -> str:
    """The combined label of a conclusion: ``exact`` or ``exact under assumptions``.

    The summary of ``exactcube verify`` counts these labels, so a conclusion that
    rests on a reading is never counted with the plain ``exact`` ones.
    """
    ev = Evidence(evidence).value
    return f"{ev} under assumptions" if tuple(assumptions) else ev


@dataclass(frozen=True)
class Provenance:
    """How a result was obtained.

    ``method``: the algorithm in a few words; ``evidence``: see :class:`Evidence`;
    ``source``: what it implements (``"ju24 (1.1)"``, ``"ks69 Theorem 2"``);
    ``assumptions``: ids of registered readings; ``precision``: for ``numeric`` and
    ``rigorous`` results, the working precision (``"60 digits"``, ``"256 bits"``).
    """

    method: str
    evidence: Evidence
    source: str = ""
    assumptions: tuple[str, ...] = ()
    precision: str = ""

    def __post_init__(self):
        object.__setattr__(self, "evidence", Evidence(self.evidence))
        object.__setattr__(self, "assumptions", _assumption_ids(self.assumptions))
        if self.evidence is Evidence.NUMERIC and not self.precision:
            raise ValueError("a numeric result must state its precision")

    @property
    def grade(self) -> str:
        return grade(self.evidence, self.assumptions)

    def combine(self, *others: "Provenance", method: str | None = None, source: str | None = None) -> "Provenance":
        """The provenance of an argument built from this and ``others``: weakest evidence,
        union of assumptions, precisions joined."""
        parts = (self, *others)
        precisions = [p.precision for p in parts if p.precision]
        p = Provenance(
            method=method if method is not None else "; ".join(dict.fromkeys(p.method for p in parts)),
            evidence=Evidence.weakest(*(p.evidence for p in parts)),
            source=source if source is not None else "; ".join(dict.fromkeys(p.source for p in parts if p.source)),
            assumptions=tuple(a for p in parts for a in p.assumptions),
            precision=", ".join(dict.fromkeys(precisions)),
        )
        return _built(p) if any(is_built(q) for q in parts) else p

    def assuming(self, *assumptions: "Assumption | str") -> "Provenance":
        """The same provenance resting on further readings."""
        p = dataclasses.replace(self, assumptions=self.assumptions + _assumption_ids(assumptions))
        return _built(p) if is_built(self) else p

    def as_dict(self) -> dict:
        return {
            "method": self.method,
            "evidence": self.evidence.value,
            "source": self.source,
            "assumptions": list(self.assumptions),
            "precision": self.precision,
        }

    def __str__(self) -> str:
        s = f"{self.method} [{self.evidence.value}"
        if self.precision:
            s += f", {self.precision}"
        s += "]"
        if self.source:
            s += f" ({self.source})"
        if self.assumptions:
            s += "; under: " + ", ".join(self.assumptions)
        return s


class ErratumKind(NamedEnum):
    """What kind of mistake a wrong printed value is.

    ``substantive``: a wrong value, formula or statement (the mathematics or the
    computation behind it is wrong); ``misprint``: a slip whose intended value is
    clear from the context (a swapped name, a dropped factor that the next line
    restores); ``rounding``: the printed digits miss the correctly rounded value by
    less than one unit in the last printed place (floating-point noise of the
    authors' program); ``transcription``: likely damage in the available text (an
    extraction artefact), not the authors' mistake.

    Only ``substantive`` and ``misprint`` count as "printed values found wrong".
    """

    SUBSTANTIVE = "substantive"
    MISPRINT = "misprint"
    ROUNDING = "rounding"
    TRANSCRIPTION = "transcription"

    @property
    def counts_as_wrong(self) -> bool:
        """Whether the summary counts it among the printed values found wrong: ``substantive`` and
        ``misprint``, and under :func:`strict_errata` ``rounding`` too (every last-digit difference)."""
        if self is ErratumKind.ROUNDING:
            return _STRICT.get()
        return self in (ErratumKind.SUBSTANTIVE, ErratumKind.MISPRINT)


# ``verify --strict``: every last-digit difference counts as wrong (a referee's choice).
_STRICT: contextvars.ContextVar[bool] = contextvars.ContextVar("exactcube_strict_errata", default=False)


@contextmanager
def strict_errata(on: bool = True) -> Iterator[None]:
    """Inside the block ``rounding`` errata count as wrong (``exactcube verify --strict``): every
    last-digit difference is then a wrong printed value, and decides the outcome like one
    (:func:`errata_outcome`)."""
    token = _STRICT.set(bool(on))
    try:
        yield
    finally:
        _STRICT.reset(token)


def is_strict() -> bool:
    """Whether :func:`strict_errata` is in force."""
    return _STRICT.get()


@dataclass(frozen=True)
class Erratum:
    """One printed value that is wrong: where, what is printed, what is true, and its kind.

    ``true`` is the exact value as text (``"13/16"``) or a rigorous enclosure;
    ``true_rounded`` is the true value rounded at the printed precision, i.e. what
    the document should have printed; ``kind`` is an :class:`ErratumKind` and must be
    given: classifying a mistake is a judgement the claim makes, never a default.
    """

    where: str
    printed: str
    true: str
    true_rounded: str = ""
    #: What the reader should know of it: :class:`exactcube.content.model.Content` (a ``str`` is read for ``$...$``).
    note: Content = Content()
    kind: ErratumKind = field(kw_only=True)
    #: Errata of one cause (one caption mistake showing in three places, one series cut too early behind
    #: 47 cells) share a ``cause`` name: the headline counts the cause once, with its printed values beside
    #: it (:func:`counted_errata`, :func:`wrong_values`); '' for a mistake of its own.
    cause: str = field(default="", kw_only=True)

    def __post_init__(self):
        object.__setattr__(self, "kind", ErratumKind(self.kind))
        object.__setattr__(self, "note", as_content(self.note))

    def as_dict(self) -> dict:
        return {
            "where": self.where,
            "printed": self.printed,
            "true": self.true,
            "true_rounded": self.true_rounded,
            "kind": self.kind.value,
            "note": to_json(self.note),
            **({"cause": self.cause} if self.cause else {}),
        }


def counted_errata(errata: Iterable[Erratum]) -> list[Erratum]:
    """The mistakes among the errata: those that count as printed values found wrong
    (:attr:`ErratumKind.counts_as_wrong`), one per cause: errata sharing a ``cause`` name, or the same
    place and printed text, are one mistake (docs/design.md, "Erratum kinds")."""
    seen: dict[tuple[str, str], Erratum] = {}
    for e in errata:
        if e.kind.counts_as_wrong:
            seen.setdefault(("cause", e.cause) if e.cause else (e.where, e.printed), e)
    return list(seen.values())


def wrong_values(errata: Iterable[Erratum]) -> list[Erratum]:
    """The printed values found wrong: the errata that count (:attr:`ErratumKind.counts_as_wrong`), each place
    and printed text once, whatever their cause (the cells beside the count of mistakes)."""
    seen: dict[tuple[str, str], Erratum] = {}
    for e in errata:
        if e.kind.counts_as_wrong:
            seen.setdefault((e.where, e.printed), e)
    return list(seen.values())


_UNCOUNTED_NOUN = {ErratumKind.ROUNDING: "last-digit difference", ErratumKind.TRANSCRIPTION: "transcription difference"}


def errata_phrase(errata: Iterable[Erratum]) -> str:
    """The errata of one verdict in words, counted by the one rule (docs/design.md, "Erratum kinds"):
    ``"2 printed values wrong (1 substantive, 1 misprint); 8 last-digit differences (rounding)"``.
    Empty when there are none.  Reports and the verdict details use this phrase, so a count of
    wrong values never includes a difference that is not counted."""
    errata = list(errata)
    wrong = wrong_values(errata)
    causes = len(counted_errata(errata))
    parts = []
    if wrong:
        kinds: dict[str, int] = {}
        for e in wrong:
            kinds[e.kind.value] = kinds.get(e.kind.value, 0) + 1
        parts.append(f"{len(wrong)} printed value{'s' * (len(wrong) != 1)} wrong"
                     + (f", from {causes} cause{'s' * (causes != 1)}" if causes != len(wrong) else "") + " ("
                     + ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) + ")")
    for kind in (ErratumKind.ROUNDING, ErratumKind.TRANSCRIPTION):
        if kind.counts_as_wrong:
            continue
        n = sum(1 for e in errata if e.kind is kind)
        if n:
            parts.append(f"{n} {_UNCOUNTED_NOUN[kind]}{'s' * (n != 1)} ({kind.value})")
    return "; ".join(parts)


def jsonable(x: Any):
    """A JSON-ready copy of a value: exact rationals as ``"p/q"``, results as dicts,
    enums as their value, balls and anything else as text."""
    if x is None or isinstance(x, (bool, int, str)):
        return x
    if isinstance(x, float):
        return x
    if is_mpq(x):
        return f"{x.numerator}/{x.denominator}" if x.denominator != 1 else str(x.numerator)
    if type(x).__name__ == "mpz":
        return int(x)
    if isinstance(x, Enum):
        return x.value
    if hasattr(x, "as_dict") and callable(x.as_dict):
        return x.as_dict()
    if isinstance(x, Mapping):
        return {str(k): jsonable(v) for k, v in x.items()}
    if isinstance(x, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in x]
    return str(x)


# The provenances built by results while a claim's check runs (:func:`collecting_built`): the claim runner
# refuses a verdict that cites none of them (exactcube.claims.REQUIRE_CITATIONS).
_BUILT: contextvars.ContextVar[dict | None] = contextvars.ContextVar("exactcube_built_provenances", default=None)


#: Every provenance a result has given out and that is still alive (weak: an entry goes with its provenance, so an
#: id is never mistaken for another's).  A lemma's verdict cached by the check of a claim that cites it, and
#: returned again when the lemma's own claim runs, still counts as built: a result built it, nobody typed it.
_EVER_BUILT: "weakref.WeakValueDictionary[int, Provenance]" = weakref.WeakValueDictionary()


def _built(p: Provenance) -> Provenance:
    """Note ``p`` as built by a result (for the watched check, and for the process) and return it."""
    _EVER_BUILT[id(p)] = p
    seen = _BUILT.get()
    if seen is not None:
        seen[id(p)] = p
    return p


def is_built(p: Provenance) -> bool:
    """Whether ``p`` was built by a result (its :attr:`Result.provenance`, or what :meth:`Provenance.combine` /
    :meth:`Provenance.assuming` make of such), rather than typed by hand as ``Provenance(...)``: inside the
    current :func:`collecting_built` block, or earlier in this process by a result whose provenance is still held
    (a cached lemma's verdict)."""
    seen = _BUILT.get()
    return (seen is not None and seen.get(id(p)) is p) or _EVER_BUILT.get(id(p)) is p


@contextmanager
def collecting_built() -> Iterator[dict]:
    """Inside the block, every provenance a result gives (:attr:`Result.provenance`, and what
    :meth:`Provenance.combine` / :meth:`Provenance.assuming` make of them) is noted; yields the
    ``{id: provenance}`` map (the claim runner's test of "cites a result built by its check")."""
    token = _BUILT.set({})
    try:
        yield _BUILT.get()
    finally:
        _BUILT.reset(token)


def _evidence_declaration(cls) -> str:
    """How a :class:`Result` class says its evidence: "own" (its own ``_provenance``), "field" (an ``evidence``
    field), "values" (``VALUES``), "class" (``EVIDENCE``), or "" (nothing: its instances are refused)."""
    for k in cls.__mro__:
        if k is Result:
            break
        if "_provenance" in k.__dict__:
            return "own"
    if any("evidence" in k.__dict__.get("__annotations__", {}) for k in cls.__mro__ if k is not Result):
        return "field"
    if cls.VALUES:
        return "values"
    if cls.EVIDENCE:
        Evidence(cls.EVIDENCE)
        return "class"
    return ""


#: Words in a method's description that mean the arithmetic was not exact (:func:`inexact_word`).
_INEXACT_WORDS = re.compile(r"\b(balls?|arb|interval arithmetic|floats?|floating[- ]point|double precision|mpmath|"
                            r"monte carlo|sampl(?:e|ed|es|ing)|simulat(?:ed|ion|ions|e)|random)\b", re.IGNORECASE)
#: ... unless they are said to be only a cross-check or screen (``"exact; balls as a cross-check"``).
_NOT_DECIDING = re.compile(r"cross-?check|screen|not used to decide|only to (?:screen|locate)", re.IGNORECASE)


def inexact_word(method: str) -> str:
    """The word of ``method`` that names balls, floats or samples ("" when none, or when the text says they are
    only a cross-check or a screen): a result whose method names one cannot be exact."""
    m = _INEXACT_WORDS.search(method or "")
    if not m or _NOT_DECIDING.search(method):
        return ""
    return m.group(0)


class Result(ExactDisplay):
    """Mixin for the frozen result dataclasses of the models.

    Every result answers :attr:`provenance`, and a result class cannot be made without saying where its evidence
    comes from (issue 40: the arithmetic carries its evidence; there is no default and no guess).  A class says
    it in exactly one of these ways, checked when the class is created and refused (TypeError) when an instance
    of a class that says none is made:

    * an ``evidence`` field (an :class:`Evidence` name) set by the code path that ran;
    * ``VALUES``: the names of the fields holding the computed values; the evidence is read off their arithmetic
      by :func:`evidence_of` (mpq: exact, arb: rigorous, float: numeric);
    * ``EVIDENCE``: the evidence of every result of the class, when only one arithmetic is possible;
    * its own ``_provenance`` method.

    The other parts are class attributes (``SOURCE``, ``ASSUMPTIONS``, ``METHOD``) or per-instance fields:
    ``method`` (the algorithm actually used, when it varies), ``source`` (when it varies per instance),
    ``digits`` (the working precision of a ball or float result).  A result whose method names balls, floats or
    samples cannot be ``exact`` (:func:`inexact_word`): asking its provenance raises ValueError.
    :meth:`as_dict` serialises every field with the provenance (exact values as ``"p/q"`` text); the notebook
    shows the fields as a table with the provenance underneath.
    """

    #: What the result implements (``"ju24 (1.1)"``), for classes without a provenance field.
    SOURCE: ClassVar[str] = ""
    #: Readings every result of the class rests on.
    ASSUMPTIONS: ClassVar[tuple[str, ...]] = ()
    #: The method when no ``method`` field says it.
    METHOD: ClassVar[str] = ""
    #: The evidence of every result of the class, when only one arithmetic is possible.
    EVIDENCE: ClassVar[str] = ""
    #: The fields whose values' arithmetic is the evidence (:func:`evidence_of`).
    VALUES: ClassVar[tuple[str, ...]] = ()
    #: How the class says its evidence ("field", "values", "class", "own"); "" when it says none.
    _EVIDENCE_FROM: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._EVIDENCE_FROM = _evidence_declaration(cls)

    def __new__(cls, *args, **kwargs):
        if not cls._EVIDENCE_FROM:
            raise TypeError(
                f"{cls.__module__}.{cls.__qualname__} says nowhere how its evidence is obtained: give it an "
                "'evidence' field set by the code that ran, VALUES (the fields whose arithmetic is the evidence), "
                "a class EVIDENCE when only one arithmetic is possible, or its own _provenance (issue 40)")
        return super().__new__(cls)

    @property
    def provenance(self) -> Provenance:
        """How this result was obtained (method, evidence, source, assumptions, precision).  Read once per result
        and kept (a result is frozen: what it was computed with does not change)."""
        d = getattr(self, "__dict__", None)
        if d is None:
            return _built(self._provenance())
        p = d.get("_provenance_kept")
        if p is None:
            p = _built(self._provenance())
            object.__setattr__(self, "_provenance_kept", p)
        return p

    def _evidence(self) -> Evidence:
        """The evidence, as the class declares it (see the class docstring)."""
        d = self.__dict__
        cls = type(self)
        if "evidence" in d:
            return Evidence(d["evidence"])
        if cls.VALUES:  # read once per result: its values do not change
            ev = d.get("_values_evidence")
            if ev is None:
                ev = evidence_of(tuple(getattr(self, f) for f in cls.VALUES))
                object.__setattr__(self, "_values_evidence", ev)
            return ev
        if cls.EVIDENCE:
            return Evidence(cls.EVIDENCE)
        raise TypeError(f"{type(self).__name__} says nowhere how its evidence is obtained")

    def _provenance(self) -> Provenance:
        d = self.__dict__
        method = d.get("method") or type(self).METHOD or type(self).__name__
        ev = self._evidence()
        if ev is Evidence.EXACT and (word := inexact_word(method)):
            raise ValueError(f"{type(self).__name__}: the method {method!r} names {word}, yet the result says exact")
        precision = f"{d['digits']} digits" if ev is not Evidence.EXACT and "digits" in d else ""
        if ev is Evidence.NUMERIC and not precision:
            precision = "double precision"
        return Provenance(method, ev, d.get("source") or type(self).SOURCE, type(self).ASSUMPTIONS, precision)

    def as_dict(self) -> dict:
        d = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            d[f.name] = jsonable(getattr(self, f.name))
        d["provenance"] = self._provenance().as_dict()
        return d

    def _fields(self):
        return [(f.name, getattr(self, f.name)) for f in dataclasses.fields(self)
                if f.repr and f.name != "provenance"]

    def _repr_html_(self) -> str:
        import html

        return super()._repr_html_() + f"<p><small>{html.escape(str(self._provenance()))}</small></p>"



@dataclass(frozen=True, kw_only=True)
class IntervalProof(Result):
    r"""A statement proved (or not) on a whole interval of a parameter: the one result type of the whole-interval
    methods (keyword fields only).

    Every kind fills the common fields: ``statement`` says what is proved, in words; ``heaps`` what it is about;
    ``eps_lo``, ``eps_hi`` the interval (rationals, or exact algebraic numbers for a germ), ``open_lo`` /
    ``open_hi`` whether an end point itself is excluded (a tie or a crossing there); ``pieces`` cover the interval;
    ``gaps`` are (a, b, why) where the statement was not proved (none when proved); ``seconds`` the wall time.
    ``method``, ``evidence`` (``rigorous`` unless stated) and ``source`` (what the statement implements) give the
    :class:`Provenance`.

    ``kind`` says how the interval was covered, and which optional fields the result fills:

    * ``cover``: closed pieces one after another (first-order enclosures, Taylor models); ``pieces`` name the
      test that proved each.
    * ``sub-ranges``: a cover cut into sub-ranges run independently (on a pool or a cluster, resumable);
      ``pieces`` are the sub-ranges' records (JSON-ready dicts: ``eps``, ``eps_to``, ``proved``, ``pieces``,
      ``gaps`` in s, ``cpu_seconds``), ``complete`` whether every sub-range ran, ``cpu_seconds`` their CPU time,
      ``backend``, and how many were ``computed`` now and ``resumed`` from the results file.
    * ``bisection``: arb balls with adaptive bisection; ``pieces`` are the closed (a, b) where balls prove the
      statement, ``refuted`` the (a, b, move) where balls prove another move strictly better (move None: the
      bound fails), ``gaps`` the refuted and undecided pieces, ``boxes`` the balls evaluated.
    * ``germ``: the exact germ at an end point ``at`` (``side`` 'left' or 'right'): ``moves[n]`` heap n's set of
      optimal moves on the open interval (eps_lo, eps_hi) and ``above_ok[n]`` whether p(n) exceeds the bound
      there (Descartes' rule); ``germ`` the exact rational functions.

    ``target`` is the move the statement is about (when it names one), ``rival`` and ``crossing`` the rival move
    and the piece (in eps) holding the crossing of a failure region; ``why_not`` says why a proof could not start
    (nothing was covered)."""

    statement: str
    heaps: tuple
    eps_lo: Any
    eps_hi: Any
    open_lo: bool = False
    open_hi: bool = False
    pieces: tuple = ()
    gaps: tuple = ()
    seconds: float = 0.0
    method: str
    source: str
    evidence: str = "rigorous"
    kind: str = "cover"
    complete: bool = True
    why_not: str = ""
    target: Any = None
    rival: Any = None
    crossing: tuple = ()
    # kind 'sub-ranges'
    cpu_seconds: float = 0.0
    backend: str = ""
    computed: int = 0
    resumed: int = 0
    # kind 'bisection'
    refuted: tuple = ()
    boxes: int = 0
    # kind 'germ'
    at: Any = None
    side: str = ""
    moves: tuple = ()
    above_ok: Mapping = field(default_factory=dict)
    germ: Any = field(default=None, repr=False, compare=False)

    #: the ways of covering an interval (``kind``)
    KINDS: ClassVar[tuple[str, ...]] = ("cover", "sub-ranges", "bisection", "germ")

    def __post_init__(self):
        if self.kind not in self.KINDS:
            raise ValueError(f"kind must be one of {', '.join(self.KINDS)}, got {self.kind!r}")

    @property
    def proved(self) -> bool:
        """Whether the statement holds on the whole interval: every part ran, it could start, and no gap."""
        return self.complete and not self.why_not and not self.gaps

    @property
    def holds(self) -> bool:
        """The same as :attr:`proved` (the name the bisection results had)."""
        return self.proved

    @property
    def records(self) -> tuple:
        """The sub-ranges' records of a ``sub-ranges`` result (its pieces)."""
        return self.pieces if self.kind == "sub-ranges" else ()

    @property
    def undecided(self) -> tuple:
        """The (a, b) of a ``bisection`` result where balls decided nothing (its gaps that are not refuted)."""
        refuted = {(a, b) for a, b, _ in self.refuted}
        return tuple((a, b) for a, b, _ in self.gaps if (a, b) not in refuted)

    @property
    def wall_seconds(self) -> float:
        """The wall time (:attr:`seconds`; the name of the sub-range runs)."""
        return self.seconds

    def scope(self) -> str:
        """The interval as text, brackets showing which ends are included: ``(0.5, 0.6]``."""
        lo = f"{float(self.eps_lo):.6g}"
        hi = f"{float(self.eps_hi):.6g}"
        return ("(" if self.open_lo else "[") + lo + ", " + hi + (")" if self.open_hi else "]")


def provenance_of(result) -> Provenance:
    """The :class:`Provenance` of a model result (any :class:`Result`)."""
    p = getattr(result, "provenance", None)
    if isinstance(p, Provenance):
        return p
    raise TypeError(f"{type(result).__name__} is not a result with a provenance")


def evidence_of(value) -> Evidence:
    """The evidence of a value, from the arithmetic it is made of (issue 40: the arithmetic knows its evidence).

    ``int``, ``gmpy2.mpz``/``mpq``, ``fractions.Fraction``, sympy's exact numbers and expressions, ``bool``
    and text: ``exact``; python-flint ``arb``/``acb`` balls and anything with a ``provenance``: its own;
    ``float``, ``mpmath.mpf``/``mpc``, numpy floats: ``numeric``.  A container (tuple, list, set, dict,
    dataclass) has the weakest evidence of its members.  Values of an unknown type raise TypeError, never a
    guess.
    """
    import numbers as _numbers
    from fractions import Fraction

    seen = Evidence.EXACT
    stack = [value]
    while stack:
        v = stack.pop()
        if v is None or isinstance(v, (bool, int, str, Fraction)) or is_mpq(v):
            continue
        p = getattr(v, "provenance", None)
        if isinstance(p, Provenance):
            seen = Evidence.weakest(seen, p.evidence)
            continue
        if isinstance(v, Provenance):
            seen = Evidence.weakest(seen, v.evidence)
            continue
        mod = type(v).__module__ or ""
        name = type(v).__name__
        if mod.startswith("gmpy2") and name in ("mpz", "xmpz", "mpq"):
            continue
        if mod.startswith("gmpy2") and name in ("mpfr", "mpc"):
            seen = Evidence.weakest(seen, Evidence.NUMERIC)
            continue
        if mod.startswith("flint") and name in ("arb", "acb", "arb_mat", "acb_mat", "arb_poly", "acb_poly"):
            seen = Evidence.weakest(seen, Evidence.RIGOROUS)
            continue
        if mod.startswith("flint"):  # fmpz, fmpq, their polynomials and matrices: exact
            continue
        if mod.startswith("sympy"):
            if getattr(v, "is_Float", False) or (hasattr(v, "atoms") and v.atoms(__import__("sympy").Float)):
                seen = Evidence.weakest(seen, Evidence.NUMERIC)
            continue
        if mod.startswith("z3"):
            continue
        if isinstance(v, float) or mod.startswith("mpmath") or (mod.startswith("numpy") and name.startswith("float")):
            seen = Evidence.weakest(seen, Evidence.NUMERIC)
            continue
        if isinstance(v, _numbers.Integral):
            continue
        if isinstance(v, dict) or isinstance(v, Mapping):
            stack.extend(v.keys())
            stack.extend(v.values())
            continue
        if isinstance(v, (tuple, list, set, frozenset)):
            stack.extend(v)
            continue
        if mod.startswith("numpy") and hasattr(v, "dtype"):
            kind = v.dtype.kind
            if kind in "fc":
                seen = Evidence.weakest(seen, Evidence.NUMERIC)
            elif kind == "O":
                stack.extend(v.ravel().tolist())
            continue
        if dataclasses.is_dataclass(v) and not isinstance(v, type):
            stack.extend(getattr(v, f.name) for f in dataclasses.fields(v))
            continue
        raise TypeError(f"evidence_of: no rule for a value of type {mod}.{name}")
    return seen


@dataclass(frozen=True, eq=False)
class Computed(Result):
    """A value computed by a claim's own check, with the evidence its arithmetic carries (:func:`evidence_of`).

    For the steps that no model function returns a result for: the rows of a table recomputed, an identity
    simplified to 0 by sympy, a case analysis enumerated.  ``method`` says what was done, ``source`` what it
    implements (``"ks69 (2.3)"``).  The evidence is never typed in: it is read off ``value``.
    """

    value: Any
    method: str
    source: str = ""
    assumptions: tuple[str, ...] = ()
    precision: str = ""

    def _provenance(self) -> Provenance:
        ev = evidence_of(self.value)
        if ev is Evidence.EXACT and (word := inexact_word(self.method)):
            raise ValueError(f"computed: the method {self.method!r} names {word}, yet its value is exact arithmetic")
        precision = self.precision
        if ev is Evidence.NUMERIC and not precision:
            precision = "double precision"
        return Provenance(self.method, ev, self.source, _assumption_ids(self.assumptions), precision)


def computed(value: Any, method: str, source: str = "", *, assumptions: Iterable[str] = (),
             precision: str = "") -> Computed:
    """A :class:`Computed` result: ``value`` with its method and source, its evidence read off the value."""
    return Computed(value, method, source, tuple(assumptions), precision)


@dataclass(frozen=True, eq=False)
class SampleTest(Result):
    """Monte Carlo data (a document's simulation, or a sampler's output) judged against what they estimate by a
    confidence interval: ``sampled`` whatever the arithmetic of the comparison, since the data are samples.
    ``value`` holds what was compared (exact values, variances, z-scores), ``samples`` the sample size of each
    estimate, ``method`` the test (``"within 4 standard errors of a 10,000-game mean"``)."""

    value: Any
    method: str
    samples: int
    source: str = ""
    #: the data are samples: the one evidence of the class
    EVIDENCE = "sampled"


def sample_test(value: Any, method: str, samples: int, source: str = "") -> SampleTest:
    """A :class:`SampleTest`: Monte Carlo data of ``samples`` draws judged by ``method``."""
    return SampleTest(value, method, int(samples), source)


def cited(basis) -> tuple[Provenance, ...]:
    """The provenances a verdict cites: ``basis`` is a result (anything with a :class:`Provenance` as
    ``provenance``), a :class:`Provenance`, or an iterable of those (nested iterables are flattened).
    A bare :class:`Evidence` (or its name) is the legacy hand-typed form; it gives ``()``, so the caller can
    tell that nothing was cited."""
    out: list[Provenance] = []
    # depth first, in order: a stack of iterators (a verdict may cite thousands of results in nested lists; each
    # result's provenance is read once)
    stack = [iter((basis,))]
    while stack:
        for b in stack[-1]:
            if isinstance(b, Provenance):
                out.append(b)
                continue
            p = getattr(b, "provenance", None)
            if isinstance(p, Provenance):
                out.append(p)
            elif isinstance(b, (Evidence, str)):
                continue
            elif isinstance(b, Iterable):
                stack.append(iter(b))
                break
            else:
                raise TypeError(f"a verdict cites results or provenances, not {type(b).__name__}")
        else:
            stack.pop()
    return tuple(out)
