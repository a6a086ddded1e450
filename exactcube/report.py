r"""The verification report: one document for the selected source documents, as LaTeX/PDF or HTML.

For each document: a summary of verdicts by outcome and evidence; every claim with
its location, statement, verdict, evidence and details; every registered table of
the document (erratum cells marked, the printed value beside the true one); the
registered figures; then an errata section listing every printed mistake with the
true value in full; numbers too long for the page in full in an appendix; and the
run's provenance (versions, git commit, date, duration).

A verdict's details, witness and errata notes are :class:`exactcube.content.model.Content`, printed by the
LaTeX and HTML printers of :mod:`exactcube.content.printers` (sympy's LaTeX and presentation-MathML printers for
expressions); statements, locations and titles are strings whose mathematics stands in ``$...$``.  Everything in the report comes
from the claims run and the registries: the documents are those of the results, and
only their tables and figures are included.

:func:`collect` gathers the parts once; :func:`render_latex` and :func:`render_html`
write them; :func:`build_pdf` compiles the LaTeX in a temporary folder and
:func:`publish` moves a finished file into place (an interrupted build leaves the
previous report intact).
"""

from __future__ import annotations

import datetime as _dt
import html
import io
import os
import platform
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .claims import ClaimResult, summary_counts
from .errors import BadInput
from .results import errata_phrase
from .content.model import Content, Ref, as_content, legacy, say
from .content.printers import latex_escape, to_html, to_latex
from .tables import TABLES

__all__ = ["ReportParts", "collect", "render_latex", "render_html", "build_pdf", "publish", "provenance",
           "document_title", "natural_key", "readings", "LONG_DIGITS", "certificate_lines"]

#: digit runs longer than this are shown compactly (leading digits and the count) and in full in the appendix
LONG_DIGITS = 30
_LINE_PT = 480.0  # points of table across the text width (2 cm margins: 483 pt on A4, 499 pt on US letter)

#: ``--paper-size``: the LaTeX class option of each paper size the report is typeset on (US letter the default:
#: the witness tables are sized on it; on A4, 16 pt narrower, a table of two 30-digit columns runs 4.5 pt over)
PAPER_SIZES = {"letter": "letterpaper", "a4": "a4paper"}
#: the CSS page size of each, for printing the HTML report
_CSS_PAGE = {"letter": "letter", "a4": "A4"}
TITLE = "exactcube verification report"

PREAMBLE = r"""\documentclass[10pt,PAPER]{article}
\usepackage[utf8]{inputenc}
\usepackage[T1]{fontenc}
\usepackage{lmodern}
\usepackage[margin=2cm]{geometry}
\usepackage{booktabs}
\usepackage{longtable}
\usepackage{array}
\usepackage{graphicx}
\usepackage{amsmath,amssymb}
\usepackage{xcolor}
\usepackage[hidelinks]{hyperref}
\newcommand{\outcome}[1]{\textbf{#1}}
\newcommand{\longnum}[3]{\text{#1\ldots}\,{\scriptstyle[\text{#2 digits, \hyperref[long:#3]{L#3}}]}}
\setlength{\parindent}{0pt}
\setlength{\parskip}{4pt}
\setlength{\emergencystretch}{3em}
\setlength{\tabcolsep}{4pt}
\tolerance=2000
"""


def provenance(seconds: float | None = None) -> dict:
    """Versions, git commit (if any), date and duration of a run.

    The versions are those of the installed distributions (``importlib.metadata``): nothing is
    imported to read them (``report --no-figures`` never loads matplotlib), and a package without
    a ``__version__`` attribute (rich) still has its version; one that is not installed is left out."""
    from importlib import metadata

    from . import __version__

    info = {
        "exactcube": __version__,
        "python": platform.python_version(),
        "date": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    }
    for dist in ("gmpy2", "python-flint", "sympy", "mpmath", "rich", "numpy", "matplotlib"):
        try:
            info[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            pass
    try:
        here = os.path.dirname(os.path.abspath(__file__))
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True,
                                text=True, timeout=10)
        if commit.returncode == 0:
            info["git commit"] = commit.stdout.strip()
    except Exception:
        pass
    if seconds is not None:
        info["duration"] = f"{seconds:.1f} s"
    return info


def document_title(doc: str) -> str:
    """The title of a document: from the document registry (``claims.DOCUMENTS``) when the
    document is registered there, else the first line of its claims package's docstring
    (``proofs.<doc>``, imported by the catalogue); the id itself when there is neither."""
    from . import claims

    registered = getattr(claims, "DOCUMENTS", {}).get(doc)
    if registered is not None and getattr(registered, "title", ""):
        return registered.title
    mod = sys.modules.get(f"proofs.{doc}")
    first = ((getattr(mod, "__doc__", None) or "").strip().splitlines() or [""])[0]
    first = re.sub(r"^Claims of ``\w+``:\s*", "", first).replace("``", "").rstrip(".")
    first = re.sub(rf"\s*\({re.escape(doc)}\)", "", first)
    return first or doc


def natural_key(ident: str) -> tuple:
    """A table or figure id as a sort key that reads its numbers as numbers (``ju24.fig2`` before ``ju24.fig10``,
    as the document numbers them)."""
    return tuple((0, int(t), "") if t.isdigit() else (1, 0, t) for t in re.findall(r"\d+|\D+", ident))


# -- gathering ------------------------------------------------------------------------------------


@dataclass
class ReportParts:
    """What goes into a report, gathered once and rendered as LaTeX or HTML."""

    docs: list[str]
    results: list[ClaimResult]
    tables: dict[str, list] = field(default_factory=dict)  # doc -> [(id, Table | None, error)]
    figures: dict[str, list] = field(default_factory=dict)  # doc -> [(id, title, drawn | None, error)]
    prov: dict = field(default_factory=dict)
    figure_failures: list[str] = field(default_factory=list)
    table_failures: list[str] = field(default_factory=list)
    #: claim id -> the independent check's line (``report --certificates DIR``: :func:`certificate_lines`)
    certified: dict = field(default_factory=dict)

    @property
    def errata(self) -> list:
        return [(r.claim, e) for r in self.results if r.verdict for e in r.verdict.errata]

    @property
    def n_errata(self) -> int:
        """Printed values found wrong: substantive and misprint errata only (rounding noise and
        transcription damage are listed, not counted), by :func:`exactcube.claims.summary_counts`."""
        c = summary_counts(self.results)
        return c["printed_values_wrong"] + c["printed_values_wrong_under_assumptions"]

    @property
    def n_mistakes(self) -> int:
        """The mistakes behind them: one per cause (:func:`exactcube.claims.summary_counts`)."""
        c = summary_counts(self.results)
        return c["mistakes"] + c["mistakes_under_assumptions"]

    @property
    def n_not_counted(self) -> int:
        return sum(1 for _, e in self.errata if not e.kind.counts_as_wrong)

    @property
    def n_figures(self) -> int:
        return sum(1 for items in self.figures.values() for _, _, drawn, _ in items if drawn is not None)

    def of(self, doc: str) -> list[ClaimResult]:
        return [r for r in self.results if r.claim.document == doc]


def certificate_lines(folder: str, results: Sequence[ClaimResult]) -> dict:
    """What the independent checker says of each verdict of ``results`` whose certificates are in ``folder``
    (written by ``verify --certificates``): claim id -> a sentence, "certified by certcheck (SHA-256 ...)" when
    ``python -m certcheck`` passes every certificate of the claim and each was written for the same verdict,
    else why not.  An exact or rigorous verdict with no certificate there says so."""
    import json
    import os

    from .certificates import CERTIFIED_EVIDENCE
    from .certificates import certcheck_folder

    path = os.path.join(folder, "MANIFEST.json")
    try:
        with open(path, encoding="utf-8") as f:
            files = json.load(f)["files"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise BadInput(f"--certificates: cannot read the manifest {path}: {exc}") from None
    checked = certcheck_folder(folder)
    by_claim: dict = {}
    for fname, digest in sorted(files.items()):
        try:
            with open(os.path.join(folder, fname), encoding="utf-8") as f:
                doc = json.load(f)
            cid, verdict = doc["claim"]["id"], doc["verdict"]
        except (OSError, ValueError, KeyError, TypeError):
            continue  # certcheck reports it (REJECTED); it names no claim
        by_claim.setdefault(cid, []).append((fname[:-5], digest, verdict))
    out = {}
    for r in results:
        v = r.verdict
        if v is None or v.evidence.value not in CERTIFIED_EVIDENCE:
            continue
        certs = by_claim.get(r.claim.id)
        if not certs:
            out[r.claim.id] = "no certificate in " + folder
            continue
        bad = [(n, checked.get(n, "not checked")) for n, _, _ in certs if checked.get(n, "not checked") is not None]
        other = [n for n, _, w in certs if (w.get("outcome"), w.get("evidence")) != (v.outcome.value, v.evidence.value)]
        if bad:
            out[r.claim.id] = "certcheck rejected " + "; ".join(f"{n}: {why}" for n, why in bad)
        elif other:
            out[r.claim.id] = "the certificates in " + folder + " were written for another verdict: " + ", ".join(other)
        else:
            out[r.claim.id] = "certified by certcheck (" + "; ".join(f"{n}, SHA-256 {d}" for n, d, _ in certs) + ")"
    return out


def report_tables(doc: str) -> list[str]:
    """The registered tables of document ``doc`` that a report shows, in order (built with their defaults)."""
    return sorted((t for t in TABLES if t.split(".")[0] == doc), key=natural_key)


def saved_tables(docs: Sequence[str]) -> dict:
    """What a saved run keeps of the report's tables of ``docs`` (``verify --json``'s ``tables``): id -> the table
    as :meth:`exactcube.tables.Table.saved` writes it, for every table it can write exactly (a table of balls or
    floats, or one whose builder fails, is left out: ``report --from`` builds it)."""
    out = {}
    for d in docs:
        for tid in report_tables(d):
            try:
                kept = TABLES[tid]().saved()
            except Exception:  # noqa: BLE001 - the report builds it again and reports the failure there
                continue
            if kept is not None:
                out[tid] = kept
    return out


def collect(results: Sequence[ClaimResult], draw: Callable | None = None, seconds: float | None = None,
            on_step: Callable[[str], None] | None = None, saved: dict | None = None) -> ReportParts:
    """Build the tables and draw the figures of the documents of ``results``.

    ``draw(fig, fid)`` turns a matplotlib figure into what the renderer embeds (a file
    name for LaTeX, SVG text for HTML); without it the figures are left out.  ``saved`` holds tables a saved run
    kept (:func:`saved_tables`, read back by :meth:`exactcube.tables.Table.from_saved`): id -> Table, shown instead of
    built again."""
    from .claims import documents, paper_order

    step = on_step or (lambda s: None)
    present = {r.claim.document for r in results}
    order = documents()
    docs = [d for d in order if d in present] + sorted(present - set(order))
    by_id = {r.claim.id: r for r in results}
    ordered = [by_id[c.id] for c in paper_order(r.claim for r in results)]
    parts = ReportParts(docs=docs, results=ordered, prov=provenance(seconds))
    for d in docs:
        parts.tables[d] = []
        for tid in report_tables(d):
            step(f"table {tid}")
            try:
                kept = (saved or {}).get(tid)
                parts.tables[d].append((tid, kept if kept is not None else TABLES[tid](), None))
            except Exception as exc:  # reported in the document and to the caller
                parts.table_failures.append(f"{tid}: {type(exc).__name__}: {exc}")
                parts.tables[d].append((tid, None, f"{type(exc).__name__}: {exc}"))
        parts.figures[d] = []
        if draw is None:
            continue
        from .figures import FIGURES

        for fid in sorted((f for f in FIGURES if f.split(".")[0] == d), key=natural_key):
            step(f"figure {fid}")
            try:
                fig = FIGURES[fid]()
                try:
                    drawn = draw(fig, fid)
                finally:
                    import matplotlib.pyplot as plt

                    plt.close(fig)
                parts.figures[d].append((fid, FIGURES[fid].title, drawn, None))
            except Exception as exc:
                parts.figure_failures.append(f"{fid}: {type(exc).__name__}: {exc}")
                parts.figures[d].append((fid, FIGURES[fid].title, None, f"{type(exc).__name__}: {exc}"))
    return parts


def _summary_counts(results: Sequence[ClaimResult]) -> tuple[list[str], list[str], dict]:
    """The rows (outcomes), columns (grades: the evidence, 'under assumptions' apart) and cells ``{(outcome,
    grade): n}`` of the summary table, from the one count of a run (:func:`exactcube.claims.summary_counts`)."""
    from .claims import OUTCOME_ORDER
    from .results import Evidence, grade

    by_outcome = summary_counts(results)["by_outcome"]
    order = [g for e in Evidence for g in (grade(e), grade(e, ("a reading",)))] + ["-"]
    used_ev = [g for g in order if any(g in row for row in by_outcome.values())]
    used_out = [o for o in OUTCOME_ORDER if o in by_outcome]
    return used_out, used_ev, {(o, g): n for o, row in by_outcome.items() for g, n in row.items()}


def _assumptions(v) -> list:
    """The readings a verdict rests on (:class:`exactcube.results.Assumption`: id and sentence)."""
    from .results import get_assumption

    return [get_assumption(a) for a in v.assumptions]


def readings(results: Sequence[ClaimResult]) -> list:
    """Every reading the verdicts of ``results`` (and their alternatives) rest on, once each, in order of
    first use: the legend of a document's claims, which cite a reading by its id."""
    seen: dict = {}
    for r in results:
        for v in ((r.verdict,) + tuple(r.verdict.alternatives) if r.verdict else ()):
            for a in _assumptions(v):
                seen.setdefault(a.id, a)
    return list(seen.values())


def _stop(s: str) -> str:
    """``s`` ending with one full stop (none added after '.', '?' or '!')."""
    s = str(s).rstrip()
    return s if s.endswith((".", "?", "!")) else s + "."


#: A claim with more errata than this lists, in the report, the first :data:`ERRATA_PER_CAUSE` of each cause and
#: counts the rest (``verify --json`` and ``verify --errata`` keep every one).
ERRATA_LISTED = 12
ERRATA_PER_CAUSE = 3


def listed_errata(errata) -> list:
    """The report's errata rows: ``(claim, erratum)`` pairs, and after the listed errata of a claim with more than
    :data:`ERRATA_LISTED`, one ``(claim, (n, cause))`` pair per cause for the ``n`` errata of that cause not listed
    (a cause is the erratum's :attr:`~exactcube.results.Erratum.cause`, or its kind when it names none)."""
    by_claim: dict = {}
    for c, e in errata:
        by_claim.setdefault(c.id, (c, []))[1].append(e)
    out = []
    for c, es in by_claim.values():
        if len(es) <= ERRATA_LISTED:
            out += [(c, e) for e in es]
            continue
        shown: dict = {}
        for e in es:
            key = e.cause or f"{e.kind.value}, no shared cause named"
            shown[key] = shown.get(key, 0) + 1
            if shown[key] <= ERRATA_PER_CAUSE:
                out.append((c, e))
        out += [(c, (n - ERRATA_PER_CAUSE, key)) for key, n in shown.items() if n > ERRATA_PER_CAUSE]
    return out


def _left_phrase(c, n: int, cause: str) -> str:
    return (f"… and {n} more of {c.id} from the same cause ({cause}); every one is in the run's JSON "
            "(exactcube verify --json) and in exactcube verify --errata")


def _sentence(text: str, *blocks: str) -> str:
    """A verdict's details as printed, ending its sentence: a full stop added unless it ends with one (or '?', '!')
    or with a block (a table: ``blocks`` are the endings of one), so that what follows it (the errata phrase) never
    runs into its last word."""
    t = text.rstrip()
    if not t or t.endswith((".", "?", "!") + blocks) or re.search(r"[.?!]\s*(\\\)|</math>)$", t):
        return t
    return t + "."


def _intro(parts: ReportParts) -> str:
    docs = ", ".join(parts.docs)
    n = len(parts.results)
    return (f"This report checks {n} claim{'s' * (n != 1)} of {len(parts.docs)} source "
            f"document{'s' * (len(parts.docs) != 1)} ({docs}) mechanically. Each verdict states its evidence: "
            "exact (exact rational or symbolic computation), rigorous (ball arithmetic encloses the truth), "
            "numeric (high-precision floating point, not a proof) or sampled (Monte Carlo with a confidence "
            "interval); a verdict that also rests on a reading of the rules or on a model standing in for "
            "reality says so (under: the reading's id, with its sentence in the document's table of readings). "
            f"{parts.n_mistakes} mistake{'s were' if parts.n_mistakes != 1 else ' was'} found ({parts.n_errata} "
            f"printed value{'s' if parts.n_errata != 1 else ''} wrong: substantive errors and misprints, the values of "
            f"one cause counted as one mistake); {parts.n_not_counted} more differ only in the last "
            "digit, by the arithmetic of the source (rounding), or by damage in the available text "
            "(transcription), and are not counted: a claim with only such differences is verified. All are "
            "listed in the Errata section with their kinds and true values (the rule is in docs/design.md, "
            "'Erratum kinds').")


class _Longs:
    """Digit runs too long for a line: shown as leading digits and a count, kept whole for the appendix."""

    def __init__(self, mark: Callable[[str, int, int], str]):
        self.values: list[str] = []
        self.mark = mark

    def __call__(self, digits: str) -> str:
        """The mark standing for the digit run ``digits`` (the printers' ``long`` callback)."""
        self.values.append(digits)
        return self.mark(digits[:12], len(digits), len(self.values))


def witness_content(w) -> Content:
    """A witness as content: content as it is; an unconverted claim's object (a dict of names to values, a
    list) in words (``name: value; ...``), never as a Python repr."""
    if isinstance(w, Content):
        return w
    from .results import jsonable

    def words(x) -> str:
        x = jsonable(x)
        if isinstance(x, dict):
            return "; ".join(f"{k}: {words(v)}" for k, v in x.items())
        if isinstance(x, list):
            return ", ".join(words(v) for v in x)
        return str(x)

    return legacy(words(w))


def shown_witness(v) -> Content | None:
    """The witness a report or ``--details`` shows beside the details of a refuted or open verdict: None for
    another outcome, for no witness, and for one whose parts the details already show (a table given twice)."""
    if v.witness is None or v.outcome.value not in ("refuted", "open"):
        return None
    w = witness_content(v.witness)
    if not w or all(p in v.details.parts for p in w.parts):
        return None
    return w


# -- LaTeX --------------------------------------------------------------------------------------------


class LatexWriter:
    """The LaTeX of the report's pieces (text, summary, claims, readings, tables, errata) and the appendix of the long
    numbers they cut short; ``claim_ids``: the claims of the report, which references link to."""

    def __init__(self, claim_ids=()):
        self.longs = _Longs(lambda lead, n, k: rf"\(\longnum{{{lead}}}{{{n}}}{{{k}}}\)")
        self.claim_ids = set(claim_ids)

    def text(self, s) -> str:
        """Content (or a string read for ``$...$``) as LaTeX; long digit runs compact, with a link to the appendix."""
        return to_latex(as_content(s), ref=self.ref, long=self.longs)

    def ref(self, p: Ref) -> str:
        """A reference: a claim of the report linked to its section, ids in typewriter type, the rest as text."""
        if p.kind == "claim" and p.target in self.claim_ids and not p.label:
            return rf"\hyperref[claim:{p.target}]{{{self.ident(p.target)}}}"
        return self.ident(p.target) if p.typewriter else latex_escape(p.text)

    def ident(self, s) -> str:
        """A claim or table id in typewriter type, breakable after each dot."""
        return r"\texttt{" + latex_escape(s).replace(".", r".\allowbreak{}") + "}"

    def summary(self, results) -> str:
        used_out, used_ev, counts = _summary_counts(results)
        if not used_out:
            return "No claims registered.\n"
        lines = [r"{\footnotesize\begin{tabular}{l" + "r" * (len(used_ev) + 1) + "}", r"\toprule",
                 "outcome & " + " & ".join(r"\shortstack{" + g.replace(" under ", r"\\ under ") + "}" for g in used_ev)
                 + r" & total \\", r"\midrule"]
        for o in used_out:
            row = [str(counts.get((o, e), 0)) for e in used_ev]
            lines.append(f"{o} & " + " & ".join(row) + f" & {sum(counts.get((o, e), 0) for e in used_ev)}" + r" \\")
        lines += [r"\bottomrule", r"\end{tabular}}"]  # footnote size: the eight grade columns fit the text
        return "\n".join(lines) + "\n"

    def claim(self, r: ClaimResult) -> str:
        c = r.claim
        if r.verdict is None:
            verdict = r"\outcome{\textcolor{red}{tool error}}: " + self.text(r.error)
        else:
            v = r.verdict
            color = {"verified": "green!50!black", "erratum": "orange!80!black", "refuted": "red",
                     "open": "blue"}[v.outcome.value]
            verdict = rf"\outcome{{\textcolor{{{color}}}{{{v.outcome.value}}}}} ({v.evidence.value})"
            verdict += self.under(c.document, v) + ". " + _sentence(self.text(v.details), r"\end{tabular}\par}")
            shown = shown_witness(v)
            if shown is not None:
                verdict += " " + self.text(say("Witness:", shown, "."))
            if v.errata:
                verdict += r" \emph{Errata:} " + latex_escape(errata_phrase(v.errata)) + r" (see Errata)."
            for alt in v.alternatives:
                verdict += (r"\par\emph{Under another reading:} " + rf"\textbf{{{alt.outcome.value}}} "
                            f"({alt.evidence.value})" + self.under(c.document, alt) + ". " + self.text(alt.details))
            for f in v.formal:  # issue 43: the Coq theorem beside the claim, apart from its evidence
                verdict += r"\par\emph{Formal proof:} " + latex_escape(f.line().removeprefix("formal: ")) + "."
                if f.statement:
                    verdict += r"\par{\footnotesize\ttfamily " + latex_escape(f.statement) + "}"
        return (rf"\subsubsection*{{{self.ident(c.id)}}}\label{{claim:{c.id}}}" + "\n"
                + self.text(_stop(c.location)) + r" \emph{" + self.text(c.statement) + "}\n\n" + verdict + "\n")

    def independent(self, line: str | None) -> str:
        """The independent check of the verdict (``report --certificates``), a paragraph after it."""
        return "" if not line else r"\emph{Independent check:} " + latex_escape(line) + ".\n\n"

    def under(self, doc: str, v) -> str:
        """``, under: id; id`` with each reading's id linked to its line in the document's table of readings."""
        ids = [rf"\hyperref[reading:{doc}:{a.id}]{{{self.ident(a.id)}}}" for a in _assumptions(v)]
        return ", under: " + "; ".join(ids) if ids else ""

    def readings(self, doc: str, items) -> str:
        """The document's table of readings: each id once, with its sentence."""
        if not items:
            return ""
        rows = [r"\begin{footnotesize}\begin{longtable}{>{\raggedright}p{0.27\linewidth}"
                r">{\raggedright\arraybackslash}p{0.67\linewidth}}",
                r"\toprule reading & what the verdicts citing it assume \\ \midrule \endhead"]
        rows += [rf"\phantomsection\label{{reading:{doc}:{a.id}}}{self.ident(a.id)} & {self.text(_stop(a.sentence))} \\"
                 for a in items]
        rows.append(r"\bottomrule\end{longtable}\end{footnotesize}")
        return (r"\subsection{Readings}" + "\nSome verdicts rest on a reading of the text (a lost formula restored, "
                "an ambiguous rule fixed) or on a model standing in for reality; they name it by the id below "
                "(``under: id'').\n" + "\n".join(rows) + "\n")

    def table(self, table, digits) -> str:
        return table.to_latex(digits, caption=rf"{self.ident(table.id)}: {self.text(table.title)}",
                              line_pt=_LINE_PT, longtable=True)

    def errata(self, errata) -> str:
        if not errata:
            return "No printed value was found wrong.\n"
        body = [r"Every printed value that differs from the true one beyond its printed rounding (a claim with more "
                rf"than {ERRATA_LISTED} lists {ERRATA_PER_CAUSE} of each cause and counts the rest). "
                r"``true'' is the exact value (or a rigorous enclosure); ``should read'' is it rounded at "
                r"the printed precision. The kind says whether the mistake looks substantive, a misprint, "
                r"a rounding slip or a transcription error, where it has been classified.",
                r"\begin{footnotesize}\begin{longtable}{>{\raggedright}p{0.15\linewidth}"
                r">{\raggedright}p{0.25\linewidth}>{\raggedright}p{0.16\linewidth}>{\raggedright}p{0.2\linewidth}"
                r">{\raggedright\arraybackslash}p{0.13\linewidth}}",
                r"\toprule claim & where & printed & true & should read \\ \midrule \endhead"]
        for c, e in listed_errata(errata):
            if isinstance(e, tuple):
                body.append(rf"\multicolumn{{5}}{{p{{0.95\linewidth}}}}{{\emph{{{latex_escape(_left_phrase(c, *e))}.}}}} \\")
                continue
            kind = e.kind.value
            claim = rf"\hyperref[claim:{c.id}]{{{self.ident(c.id)}}}" + (rf"\newline({latex_escape(kind)})" if kind else "")
            where = self.text(legacy(e.where) + (" (" + e.note + ")" if e.note else ""))
            body.append(" & ".join([claim, where, self._value(e.printed), self._value(e.true),
                                    self._value(e.true_rounded)]) + r" \\")
        body.append(r"\bottomrule\end{longtable}\end{footnotesize}")
        return "\n".join(body) + "\n"

    def _value(self, s: str) -> str:
        """A value in full, breakable between digit groups (no compaction: the errata give values whole)."""
        plain = re.fullmatch(r"[-+]?[\d.]+(/\d+)?", s.strip()) or re.search(r"\d{%d,}" % (LONG_DIGITS + 1), s)
        t = latex_escape(s).replace("/", r"/\allowbreak{}") if plain else _breakable(self.text(legacy(s)))
        # \left( ... \right) makes a formula one unbreakable box; plain brackets let TeX break it after a
        # binary operator in the narrow columns of the errata table
        t = t.replace(r"\left(", "(").replace(r"\right)", ")")
        return re.sub(r"(\d{10})(?=\d)", r"\1\\allowbreak{}", t) if r"\(" not in t else t

    def appendix(self) -> str:
        if not self.longs.values:
            return ""
        out = [r"\section*{Appendix: long numbers in full}\addcontentsline{toc}{section}{Appendix: long numbers in full}",
               r"Numbers longer than %d digits are shown in the text by their leading digits and their "
               r"length; here they are whole." % LONG_DIGITS, r"\begin{description}"]
        for k, v in enumerate(self.longs.values, 1):
            digits = re.sub(r"(\d{10})(?=\d)", r"\1\\allowbreak{}", v)
            out.append(rf"\item[L{k}]\label{{long:{k}}} \texttt{{{digits}}} ({len(v)} digits)")
        out.append(r"\end{description}")
        return "\n".join(out) + "\n"


def _breakable(t: str) -> str:
    """LaTeX text (outside ``\\( \\)``) with break points after ``/``, ``_``, ``(`` and ``*``, so that code
    quoted in a narrow column (``current_step_x/(3*x)``) wraps instead of running into the margin."""
    parts = re.split(r"(\\\(.*?\\\))", t)
    for i in range(0, len(parts), 2):
        parts[i] = re.sub(r"(/|\\_|\(|\*)(?=\S)", r"\1\\allowbreak{}", parts[i])
    return "".join(parts)


def _paper(paper: str) -> str:
    if paper not in PAPER_SIZES:
        raise ValueError(f"paper size {paper!r}: expected one of {', '.join(PAPER_SIZES)}")
    return paper


def render_latex(parts: ReportParts, digits: int | None = None, paper: str = "letter") -> str:
    """The LaTeX text of the report (figures are the file names ``collect`` was given by ``draw``), typeset on
    ``paper`` (a key of :data:`PAPER_SIZES`), with the title and author also in the PDF's metadata."""
    w = LatexWriter(r.claim.id for r in parts.results)
    prov = parts.prov
    author = f"exactcube {latex_escape(prov['exactcube'])}"
    body = [PREAMBLE.replace("PAPER", PAPER_SIZES[_paper(paper)], 1),
            rf"\hypersetup{{pdftitle={{{TITLE}}}, pdfauthor={{{author}}}, pdfsubject={{{latex_escape(_documents_line(parts))}}}, "
            r"pdfcreator={exactcube}}",
            rf"\title{{{TITLE}}}", rf"\author{{{author}}}", rf"\date{{{latex_escape(prov['date'])}}}",
            r"\begin{document}", r"\maketitle", latex_escape(_intro(parts)), r"\tableofcontents",
            r"\section*{Summary}", w.summary(parts.results)]
    for d in parts.docs:
        body.append(rf"\clearpage\section{{{w.text(document_title(d))} (\texttt{{{latex_escape(d)}}})}}")
        body.append(w.summary(parts.of(d)))
        body.append(w.readings(d, readings(parts.of(d))))
        body.append(r"\subsection{Claims}")
        body += [w.claim(r) + w.independent(parts.certified.get(r.claim.id)) for r in parts.of(d)]
        if parts.tables.get(d):
            body.append(r"\clearpage\subsection{Tables}")
            for tid, table, err in parts.tables[d]:
                body.append(w.table(table, digits) if table is not None else
                            rf"Table {w.ident(tid)} could not be built: {latex_escape(err)}" + "\n")
            body.append(r"\clearpage")
        if parts.figures.get(d):
            body.append(r"\subsection{Figures}")
            for fid, title, path, err in parts.figures[d]:
                if path is None:
                    body.append(rf"Figure {w.ident(fid)} could not be drawn: {latex_escape(err)}" + "\n")
                    continue
                body.append(r"\begin{figure}[htbp]\centering"
                            rf"\includegraphics[width=0.85\linewidth,height=0.4\textheight,keepaspectratio]{{{path}}}"
                            rf"\caption{{{w.ident(fid)}: {w.text(title)}}}\end{{figure}}")
    body.append(r"\clearpage\section{Errata}")
    body.append(w.errata(parts.errata))
    body.append(w.appendix())
    body.append(r"\section*{Provenance}")
    body.append(r"\begin{tabular}{ll}\toprule")
    for k, v in prov.items():
        body.append(rf"{latex_escape(k)} & \texttt{{{latex_escape(str(v))}}} \\")
    body.append(r"\bottomrule\end{tabular}")
    body.append(r"\end{document}")
    return "\n".join(body) + "\n"


# -- HTML ---------------------------------------------------------------------------------------------

_CSS = """
body{font-family:Georgia,'DejaVu Serif',serif;max-width:60em;margin:2em auto;padding:0 1em;line-height:1.45;color:#111}
h1,h2,h3{font-family:'DejaVu Sans',Arial,sans-serif}
code,.id{font-family:'DejaVu Sans Mono',monospace;font-size:.92em}
nav ul{columns:2} .claim{border-left:3px solid #ccc;padding:.2em .8em;margin:.8em 0}
.verified{color:#1a7f37}.erratum{color:#b35900}.refuted{color:#c00}.open{color:#0550ae}.tool-error{color:#c00}
.scroll{overflow-x:auto;max-width:100%} table{border-collapse:collapse;margin:.6em 0;font-size:.9em}
th,td{padding:.15em .5em;white-space:nowrap;border-bottom:1px solid #ddd;text-align:right;vertical-align:top}
table.errata td,table.errata th{text-align:left;white-space:normal} td.erratum{background:#fff3e0}
td.erratum .true{color:#111;font-weight:bold} .printed{color:#b35900;text-decoration:line-through}
caption{text-align:left;font-weight:bold;padding:.3em 0} figure{margin:1em 0} figure svg{max-width:100%;height:auto}
math{font-size:1.05em} .long{color:#555}
"""


class HtmlWriter:
    """The HTML of the report's pieces (text, summary, claims, readings, tables, errata) and the appendix of the long
    numbers they cut short; ``claim_ids``: the claims of the report, which references link to."""

    def __init__(self, claim_ids=()):
        self.longs = _Longs(lambda lead, n, k: f'{lead}…<a class="long" href="#long-{k}">[{n} digits]</a>')
        self.claim_ids = set(claim_ids)

    def text(self, s) -> str:
        """Content (or a string read for ``$...$``) as HTML with MathML; long digit runs compact, linked."""
        return to_html(as_content(s), ref=self.ref, long=self.longs)

    def ref(self, p: Ref) -> str:
        """A reference: a claim of the report linked to its section, ids in typewriter type, the rest as text."""
        if p.kind == "claim" and p.target in self.claim_ids and not p.label:
            t = html.escape(p.target, quote=True)
            return f'<a class="id" href="#{t}">{html.escape(p.target)}</a>'
        return f'<code class="id">{html.escape(p.text)}</code>' if p.typewriter else html.escape(p.text)

    def summary(self, results) -> str:
        used_out, used_ev, counts = _summary_counts(results)
        if not used_out:
            return "<p>No claims registered.</p>"
        head = "".join(f"<th>{e}</th>" for e in ["outcome"] + used_ev + ["total"])
        rows = "".join(f'<tr><th class="{o}">{o}</th>' + "".join(f"<td>{counts.get((o, e), 0)}</td>" for e in used_ev)
                       + f"<td>{sum(counts.get((o, e), 0) for e in used_ev)}</td></tr>" for o in used_out)
        return f'<table class="summary"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>'

    def claim(self, r: ClaimResult) -> str:
        c = r.claim
        if r.verdict is None:
            verdict = f'<b class="tool-error">tool error</b>: {self.text(r.error)}'
        else:
            v = r.verdict
            verdict = (f'<b class="{v.outcome.value}">{v.outcome.value}</b> ({v.evidence.value})'
                       + self.under(c.document, v) + ". " + _sentence(self.text(v.details), "</table>", "</div>"))
            shown = shown_witness(v)
            if shown is not None:
                verdict += " " + self.text(say("Witness:", shown, "."))
            if v.errata:
                verdict += f' <em>Errata:</em> <a href="#errata">{html.escape(errata_phrase(v.errata))}</a>.'
            for alt in v.alternatives:
                verdict += (f'<br><em>Under another reading:</em> <b class="{alt.outcome.value}">{alt.outcome.value}</b>'
                            f" ({alt.evidence.value})" + self.under(c.document, alt) + ". " + self.text(alt.details))
            for f in v.formal:  # issue 43: the Coq theorem beside the claim, apart from its evidence
                verdict += f"<br><em>Formal proof:</em> {html.escape(f.line().removeprefix('formal: '))}."
                if f.statement:
                    verdict += f'<br><code class="coq">{html.escape(f.statement)}</code>'
        cid = html.escape(c.id, quote=True)
        return (f'<div class="claim" id="{cid}"><h4><a class="id" href="#{cid}">{html.escape(c.id)}</a></h4>'
                f"<p>{self.text(_stop(c.location))} <em>{self.text(c.statement)}</em></p><p>{verdict}</p></div>")

    @staticmethod
    def _reading_anchor(doc: str, rid: str) -> str:
        return html.escape(f"reading-{doc}-{rid}", quote=True)

    def independent(self, line: str | None) -> str:
        """The independent check of the verdict (``report --certificates``), a paragraph after it."""
        return "" if not line else f'<p class="certcheck"><em>Independent check:</em> {html.escape(line)}.</p>'

    def under(self, doc: str, v) -> str:
        """``, under: id; id`` with each reading's id linked to its row in the document's table of readings."""
        ids = [f'<a class="id" href="#{self._reading_anchor(doc, a.id)}">{html.escape(a.id)}</a>'
               for a in _assumptions(v)]
        return ", under: " + "; ".join(ids) if ids else ""

    def readings(self, doc: str, items) -> str:
        """The document's table of readings: each id once, with its sentence."""
        if not items:
            return ""
        rows = "".join(f'<tr id="{self._reading_anchor(doc, a.id)}"><td><code>{html.escape(a.id)}</code></td>'
                       f"<td>{self.text(_stop(a.sentence))}</td></tr>" for a in items)
        return ("<h3>Readings</h3><p>Some verdicts rest on a reading of the text (a lost formula restored, an "
                "ambiguous rule fixed) or on a model standing in for reality; they name it by the id below "
                "(under: id).</p>"
                '<div class="scroll"><table class="errata"><thead><tr><th>reading</th><th>what the verdicts citing it '
                f"assume</th></tr></thead><tbody>{rows}</tbody></table></div>")

    def table(self, table, digits) -> str:
        notes = f"<p>{self.text(table.notes)}</p>" if table.notes else ""
        return (f'<section class="table" id="table-{html.escape(table.id, quote=True)}">'
                f"<h4>{html.escape(table.id)}: {self.text(table.title)}</h4>"
                f"<p>Evidence: {html.escape(table.evidence)}.</p>"
                f'<div class="scroll">{table.to_html(digits)}</div>{notes}</section>')

    def errata(self, errata) -> str:
        if not errata:
            return "<p>No printed value was found wrong.</p>"
        rows = []
        for c, e in listed_errata(errata):
            if isinstance(e, tuple):
                rows.append(f'<tr><td colspan="5"><em>{html.escape(_left_phrase(c, *e))}.</em></td></tr>')
                continue
            kind = e.kind.value
            where = self.text(legacy(e.where) + (" (" + e.note + ")" if e.note else ""))
            rows.append(f'<tr><td><a class="id" href="#{html.escape(c.id, quote=True)}">{html.escape(c.id)}</a>'
                        + (f"<br>({html.escape(kind)})" if kind else "") + f"</td><td>{where}</td>"
                        f'<td class="erratum"><span class="printed">{self.text(legacy(e.printed))}</span></td>'
                        f'<td><span class="true">{self.text(legacy(e.true))}</span></td>'
                        f"<td>{self.text(legacy(e.true_rounded))}</td></tr>")
        return (f"<p>Every printed value that differs from the true one beyond its printed rounding (a claim with more "
                f"than {ERRATA_LISTED} lists {ERRATA_PER_CAUSE} of each cause and counts the rest): the printed "
                "value (struck through) beside the true one, and the true one rounded as it should have been "
                "printed.</p>"
                '<div class="scroll"><table class="errata"><thead><tr><th>claim</th><th>where</th><th>printed</th>'
                f"<th>true</th><th>should read</th></tr></thead><tbody>{''.join(rows)}</tbody></table></div>")

    def appendix(self) -> str:
        if not self.longs.values:
            return ""
        items = "".join(f'<li id="long-{k}"><code style="word-break:break-all">{v}</code> ({len(v)} digits)</li>'
                        for k, v in enumerate(self.longs.values, 1))
        return f'<h2 id="long-numbers">Appendix: long numbers in full</h2><ol>{items}</ol>'


def _documents_line(parts: ReportParts) -> str:
    """The documents of the report, by id (the PDF's subject)."""
    return "claims of " + ", ".join(parts.docs) if parts.docs else "no document"


def render_html(parts: ReportParts, digits: int | None = None, paper: str = "letter") -> str:
    """The report as one self-contained HTML file: MathML, inline SVG figures, no scripts, no network; printed on
    ``paper`` (a key of :data:`PAPER_SIZES`)."""
    page = "@page{size:" + _CSS_PAGE[_paper(paper)] + ";margin:2cm}"
    w = HtmlWriter(r.claim.id for r in parts.results)
    toc = ['<li><a href="#summary">Summary</a></li>']
    body = [f"<h1>{TITLE}</h1><p>exactcube {html.escape(parts.prov['exactcube'])}, "
            f"{html.escape(parts.prov['date'])}</p><p>{html.escape(_intro(parts))}</p>", "TOC",
            '<h2 id="summary">Summary</h2>', w.summary(parts.results)]
    for d in parts.docs:
        did = f"doc-{d}"
        toc.append(f'<li><a href="#{did}">{html.escape(document_title(d))} ({html.escape(d)})</a></li>')
        body.append(f'<h2 id="{did}">{w.text(document_title(d))} (<code>{html.escape(d)}</code>)</h2>')
        body.append(w.summary(parts.of(d)))
        body.append(w.readings(d, readings(parts.of(d))))
        body.append("<h3>Claims</h3>")
        body += [w.claim(r) + w.independent(parts.certified.get(r.claim.id)) for r in parts.of(d)]
        if parts.tables.get(d):
            body.append("<h3>Tables</h3>")
            for tid, table, err in parts.tables[d]:
                body.append(w.table(table, digits) if table is not None else
                            f"<p>Table <code>{html.escape(tid)}</code> could not be built: {html.escape(err)}</p>")
        if parts.figures.get(d):
            body.append("<h3>Figures</h3>")
            for fid, title, svg, err in parts.figures[d]:
                if svg is None:
                    body.append(f"<p>Figure <code>{html.escape(fid)}</code> could not be drawn: {html.escape(err)}</p>")
                else:
                    body.append(f'<figure id="figure-{html.escape(fid, quote=True)}">{svg}<figcaption><code>'
                                f"{html.escape(fid)}</code>: {w.text(title)}</figcaption></figure>")
    toc.append('<li><a href="#errata">Errata</a></li>')
    body.append('<h2 id="errata">Errata</h2>')
    body.append(w.errata(parts.errata))
    appendix = w.appendix()
    if appendix:
        toc.append('<li><a href="#long-numbers">Appendix: long numbers in full</a></li>')
        body.append(appendix)
    toc.append('<li><a href="#provenance">Provenance</a></li>')
    body.append('<h2 id="provenance">Provenance</h2><table class="errata">'
                + "".join(f"<tr><th>{html.escape(k)}</th><td><code>{html.escape(str(v))}</code></td></tr>"
                          for k, v in parts.prov.items()) + "</table>")
    nav = '<nav><h2>Contents</h2><ul>' + "".join(toc) + "</ul></nav>"
    body[body.index("TOC")] = nav
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{TITLE}</title><style>{_CSS}{page}</style></head><body>\n"
            + "\n".join(body) + "\n</body></html>\n")


def svg_of(fig, fid: str = "") -> str:
    """A matplotlib figure as inline SVG text (no XML declaration, fonts as paths: no external files)."""
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "path"}):
        fig.savefig(buf, format="svg", bbox_inches="tight")
    svg = buf.getvalue()
    svg = svg[svg.index("<svg"):]
    svg = re.sub(r"<metadata>.*?</metadata>\s*", "", svg, flags=re.S)  # RDF names, nothing to show
    # ids local to this figure, so that several figures in one page never share one
    pre = re.sub(r"\W", "-", fid) + "-"
    svg = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{pre}{m.group(1)}"', svg)
    return re.sub(r'(href="#|url\(#)([^")]+)', lambda m: f"{m.group(1)}{pre}{m.group(2)}", svg)


# -- building and publishing -------------------------------------------------------------------------


def publish(src: str, dest: str) -> None:
    """Move a finished file into place in one step, through the one safe writer
    (:func:`exactcube.output.open_output`: a copy beside ``dest``, then a rename; a
    symlink written through, a device or folder refused, the mode kept): a reader sees
    the old report or the new one, never a part."""
    from .output import open_output

    with open(src, "rb") as f, open_output(dest, "-o", binary=True) as g:
        shutil.copyfileobj(f, g)


def build_pdf(tex: str, folder: str, name: str = "report", timeout: int = 600) -> tuple[bool, str]:
    """Compile ``tex`` in ``folder`` (a temporary build folder holding the figures) with latexmk or
    pdflatex (twice, for the contents); return (ok, log tail).  ``folder/name.log`` keeps the log."""
    with open(os.path.join(folder, name + ".tex"), "w", encoding="utf-8") as f:
        f.write(tex)
    if shutil.which("latexmk"):
        cmds = [["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", name + ".tex"]]
    elif shutil.which("pdflatex"):
        cmd = ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", name + ".tex"]
        cmds = [cmd, cmd]
    else:
        return False, "no pdflatex"
    log = ""
    for cmd in cmds:
        r = subprocess.run(cmd, cwd=folder, capture_output=True, text=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
        log = (r.stdout or "")[-3000:]
        if r.returncode != 0:
            return False, log
    return True, log


def overfull_boxes(log_text: str) -> list[float]:
    """The widths (pt) by which boxes in a LaTeX log are overfull."""
    return [float(x) for x in re.findall(r"Overfull \\[hv]box \(([\d.]+)pt too", log_text)]
