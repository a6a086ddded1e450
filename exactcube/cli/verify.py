"""``exactcube verify``: check every registered claim of the source documents."""

from __future__ import annotations

import os

import sys
import time

from ..errors import BadInput
from .common import add_json, complete_claims, complete_documents, emit_json, human, int_arg, reject_options

NAME = "verify"
ORDER = 10
HELP = "check the claims of the source documents and report verdicts with their evidence"
DESCRIPTION = """Check every registered claim of the source documents mechanically.

Each claim gets an outcome, an evidence class and the readings it rests on:
  outcomes     verified | refuted (a false statement, with an exact witness) | erratum
               (a printed value is wrong: place, printed, true, kind) | open (undecided,
               with the reason)
  evidence     exact | rigorous (ball arithmetic) | numeric (high precision, not a proof)
               | sampled (Monte Carlo with a confidence interval): the weakest step
  under        the readings (assumptions) a conclusion also rests on, e.g. "the pip-count
               race model stands for real positions"; such verdicts are counted apart
               from the plain ones ("exact under assumptions")
  errata kinds substantive (a wrong value, formula or statement) | misprint (a slip whose
               intended value is clear) | rounding (one of the two nearest decimals,
               explained by the source's arithmetic) | transcription (likely damage
               in the available text). "Mistakes found" counts substantive and misprint
               errata only (--strict: rounding too), one per cause (the errata of one
               cause, e.g. one series cut too early behind many cells, are one mistake),
               with the printed values wrong beside them. The one rule deciding
               the kind is in docs/design.md, "Erratum kinds"; a claim whose
               differences are all uncounted kinds is verified, listing them.

--mutate proves that the checks can fail: every printed item a check compares against
(a table cell's last digit +-1, a sign, a number or term of a typed-in formula, a
threshold, a count) is perturbed in turn and the check re-run; a mutant is caught when
the verdict changes (outcome or errata places) to one that is not open; a false statement
perturbed into another false statement that stays refuted with a witness survives by
design; a move to open is fragile and a raise is an error, both counted apart and never
as a catch. A value already found wrong is instead corrected, which must clear its
erratum.

Exit status is 0 when every check ran (errata are findings, not failures), 1 when a
check crashed (a failure of the tool), 2 on bad input."""


def add_arguments(p):
    p.add_argument("--paper", action="append", metavar="ID",
                   help="only this document (its short id; 'verify --list' shows the registered ones); repeatable"
                   ).completer = complete_documents
    p.add_argument("--claim", action="append", metavar="ID", type=_prefix,
                   help="only claims whose id starts with this prefix (not empty); repeatable"
                   ).completer = complete_claims
    add_json(p, "every verdict (schema: exactcube/schema/verdicts.json)")
    p.add_argument("--slow", action="store_true",
                   help="include the slow claims (large sweeps); an opt-in document's claims (gnubg) run when the "
                        "document is named, without --slow")
    p.add_argument("--details", action="store_true", help="print each claim's details and errata")
    p.add_argument("--list", action="store_true", help="list the registered claims without running them")
    p.add_argument("--formal", action="store_true",
                   help="also compile the Coq development formal/ with coqc (about 25 s of CPU) and show, beside each "
                        "claim with a formal proof, that the kernel checked its theorems in this run (docs/trust.md)")
    p.add_argument("--strict", action="store_true",
                   help="count every last-digit difference (rounding) as a wrong printed value; a claim with "
                        "one is then an erratum")
    p.add_argument("--compare", metavar="OLD.json",
                   help="print what changed from an older run (a baseline such as docs/verdicts.json, or a --json "
                        "document): outcome, evidence, readings, errata added or removed")
    p.add_argument("--errata", action="store_true",
                   help="print only the errata (claim, where, printed, true, kind), in --format md")
    p.add_argument("--format", choices=("md",), default="md",
                   help="format of --errata: md (a Markdown table to paste into a report; the default)")
    p.add_argument("--certificates", metavar="DIR",
                   help="write a certificate of every exact and rigorous verdict into DIR (plain JSON and "
                        "MANIFEST.json with their SHA-256), for the independent checker: python -m certcheck DIR")
    p.add_argument("--mutate", action="store_true",
                   help="mutation-test the checks: perturb each printed item and report mutants tried and caught")
    p.add_argument("--mutate-limit", metavar="N", type=int_arg("--mutate-limit", 1), default=None,
                   help="with --mutate: try at most N mutants per claim (a seeded sample); default all")


def _prefix(text: str) -> str:
    """A ``--claim`` prefix: an empty one would silently select every claim, so it is refused."""
    import argparse

    if not text.strip():
        raise argparse.ArgumentTypeError("an empty prefix would select every claim; give the start of a claim id")
    return text


def select(args):
    from .. import catalog
    from ..claims import REGISTRY, documents

    load_errors = catalog.load()
    claims = sorted(REGISTRY.values(), key=lambda c: c.id)
    if args.paper:
        known = set(documents())
        for pid in args.paper:
            if pid not in known:
                raise BadInput(f"unknown document {pid!r}; known: {', '.join(sorted(known))}")
        claims = [c for c in claims if c.document in args.paper]
    if args.claim:
        claims = [c for c in claims if any(c.id.startswith(pre) for pre in args.claim)]
        if not claims:
            elsewhere = sorted({c.document for c in REGISTRY.values()
                                if any(c.id.startswith(pre) for pre in args.claim)})
            if elsewhere:  # it exists, in a document --paper left out
                raise BadInput(f"no claim of --paper {', '.join(args.paper)} starts with {', '.join(args.claim)}; "
                               f"it is a claim of {', '.join(elsewhere)} (add --paper {elsewhere[0]})")
            raise BadInput(f"no claim id starts with {', '.join(args.claim)} (see 'exactcube verify --list')")
    if not getattr(args, "slow", False):  # an opt-in document's slow claims run when it is named
        from ..claims import DOCUMENTS

        named = set(args.paper or ()) | ({c.document for c in claims} if args.claim else set())
        claims = [c for c in claims if not c.slow
                  or (c.document in named and getattr(DOCUMENTS.get(c.document), "opt_in", False))]
    return claims, load_errors


_STYLE = {"verified": "green", "erratum": "yellow", "refuted": "red", "open": "cyan", "tool-error": "bold red"}


def run(args, out) -> int:
    from rich.markup import escape
    from rich.table import Table

    from ..claims import run_claims
    from ..results import strict_errata
    from .common import announce_claims, progress

    if getattr(args, "formal", False):
        os.environ["EXACTCUBE_FORMAL"] = "on"  # exactcube.formal.build compiles formal/ in this run

    if args.list:
        reject_options(args, "verify --list", ("--json", "--certificates"))
    if args.errata:
        reject_options(args, "verify --errata", ("--certificates",))
    if args.mutate_limit is not None and not args.mutate:
        raise BadInput("--mutate-limit caps the mutants of --mutate: give --mutate too")
    claims, load_errors = select(args)
    real_out, out = out, human(args, out)
    old_baseline = _read_compare(args.compare) if args.compare else None
    if args.list:
        from ..claims import DOCUMENTS

        d = Table(title="registered documents")
        for col in ("id", "title", "package"):
            d.add_column(col)
        for doc in sorted(DOCUMENTS.values(), key=lambda x: x.id):
            if not args.paper or doc.id in args.paper:
                d.add_row(escape(doc.id), escape(doc.title), escape(doc.package))
        out.table(d)
        for e in load_errors:
            out.print(f"could not load {escape(e.module)}: {escape(e.error)}")
        t = Table(title="registered claims")
        for col in ("id", "location", "statement"):
            t.add_column(col)
        for c in claims:
            t.add_row(escape(c.id), escape(c.location), escape(c.statement + (" [slow]" if c.slow else "")))
        out.table(t)
        return 0
    t0 = time.perf_counter()
    with strict_errata(args.strict):
        if args.errata:  # machine output alone on standard output; the estimate on standard error as ever
            announce_claims(claims)
            results = run_claims(claims)
            from ..baseline import errata_markdown

            real_out.write(errata_markdown(results))
            return 1 if any(r.crashed for r in results) or load_errors else 0
        from ..claims import DOCUMENTS

        for doc in sorted({c.document for c in claims}):  # long runs say their cost first, on stderr
            d = DOCUMENTS.get(doc)
            if d is not None and d.cost:
                n = sum(c.document == doc for c in claims)
                print(f"exactcube: {doc}: {n} claim{'s' * (n != 1)}; {d.cost}", file=sys.stderr)
        announce_claims(claims)
        certs = _certificates_start(args)
        with certs as rec, progress("verifying", len(claims)) as bar:
            results = run_claims(claims, on_start=rec.start if rec else None,
                                 on_done=lambda r: bar.advance(1, r.claim.id))
        elapsed = time.perf_counter() - t0
        cert_lines = _certificates_write(args, results, rec) if rec else []
        mutations = _mutate(results, args) if args.mutate else {}
        code = _report(args, out, results, elapsed, mutations, load_errors, real_out)
        for line in cert_lines:
            out.print(line, markup=True)
        if getattr(args, "_certcheck_rejected", 0):  # a certificate the checker rejects is a failure of the tool
            code = 1
    if old_baseline is not None:
        from ..baseline import baseline_document, baseline_of, compare_baselines

        ran = {c.document for c in claims}  # a claim of a document this run left out is not a change
        old_baseline = {k: v for k, v in old_baseline.items() if k.partition(".")[0] in ran
                        and (not args.claim or any(k.startswith(pre) for pre in args.claim))}
        changes = compare_baselines(old_baseline, baseline_of(baseline_document(results)))
        out.print(f"changes from {args.compare}: " + (f"{len(changes)}" if changes else "none"))
        for line in changes:
            out.print("  " + line)
    return code


def _certificates_start(args):
    """The recording of SMT steps ``--certificates`` needs (a context yielding None without the option); the
    destination is checked before any work."""
    from contextlib import nullcontext

    if args.certificates is None:
        return nullcontext(None)
    if not args.certificates.strip():
        raise BadInput("--certificates: give a folder name (it is made if missing)")
    import os

    from ..certificates import check_folder, recording
    from ..output import check_destination

    check_folder(args.certificates)
    if not os.path.isdir(args.certificates):
        check_destination(args.certificates, "--certificates")
    return recording()


def _certificates_write(args, results, rec) -> list[str]:
    """Write the certificates; the lines (rich markup) saying how many exact/rigorous verdicts have one, listing
    those without and those whose certificate rests on its SMT steps alone."""
    from rich.markup import escape

    from ..certificates import certcheck_folder, write_certificates

    run = write_certificates(results, args.certificates, rec.steps, rec.identities)
    files = sum(len(v) for v in run.written.values())
    lines = [f"certificates: {files} file{'s' * (files != 1)} in {escape(args.certificates)} "
             f"(check: python -m certcheck {escape(args.certificates)})"]
    if run.smt_only:
        lines.append(f"certified by their SMT steps alone ({len(run.smt_only)}): " + escape(", ".join(run.smt_only)))
    if run.uncertified:
        lines.append(f"no certificate ({len(run.uncertified)}): " + escape(", ".join(run.uncertified)))
    for cid, err in sorted(run.failed.items()):
        lines.append(f"[bold red]certificate not built[/bold red] for {escape(cid)}: {escape(err)}")
    checked = certcheck_folder(args.certificates) if files else {}
    hashes = run.hashes
    for cid, names in sorted(run.written.items()):
        bad = [(n, checked.get(n[:-5], "not checked")) for n in names if checked.get(n[:-5]) is not None]
        if bad:
            lines.extend(f"[bold red]certcheck rejected[/bold red] {escape(n)}: {escape(r)}" for n, r in bad)
        else:
            lines.append(f"{escape(cid)}: certified by certcheck {hashes[names[0]][:12]}")
    rejected = sum(1 for r in checked.values() if r is not None)
    lines.append(f"{len(run.written)} of {run.eligible} exact/rigorous verdicts certified"
                 + (f"; certcheck rejected {rejected} of {len(checked)} certificates" if rejected else ""))
    args._certcheck_rejected = rejected
    return lines


def _read_compare(path: str) -> dict:
    """The verdicts of an older run (``--compare``), by claim id; BadInput (exit 2) if unreadable."""
    import json

    from ..baseline import baseline_of

    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        return baseline_of(doc)
    except OSError as exc:
        raise BadInput(f"--compare: cannot read {path}: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadInput(f"--compare: {path} is not JSON ({exc})") from None
    except (ValueError, KeyError, TypeError) as exc:
        raise BadInput(f"--compare: {path}: {exc}") from None


def _report(args, out, results, elapsed, mutations, load_errors, real_out) -> int:
    """The table, the summary lines (on ``out``) and the ``--json`` document (through ``real_out``) of a finished
    run; with the JSON on standard output, tool errors are also said on standard error."""
    import sys

    from rich.markup import escape
    from rich.table import Table

    from .common import json_to_stdout

    if args.details and not json_to_stdout(args):  # the details table lists every erratum: say so when long
        from .common import announce

        n = sum(len(r.verdict.errata) for r in results if r.verdict)
        announce(n * SECONDS_PER_DETAIL, f"--details lists {n:,} errata, about {SECONDS_PER_DETAIL} s each in the "
                 "table; --json alone is faster", force=True)
    t = Table(title="exactcube verify")
    for col, j in (("claim", "left"), ("outcome", "left"), ("evidence", "left"), ("under", "left"),
                   ("seconds", "right")):
        t.add_column(col, justify=j)
    if mutations:
        t.add_column("mutants caught/tried", justify="right")
        t.add_column("fragile", justify="right")
        t.add_column("errors", justify="right")
    if args.details:
        t.add_column("details")
    for r in results:
        style = _STYLE.get(r.outcome, "")
        v = r.verdict
        row = [escape(r.claim.id), f"[{style}]{r.outcome}[/{style}]" if style else r.outcome,
               v.evidence.value if v else "-", escape(", ".join(v.assumptions)) if v else "", f"{r.seconds:.3f}"]
        if mutations:
            m = mutations.get(r.claim.id)
            row.append(f"{m.caught}/{m.tried}" if m and m.tried else "-")
            row.append(str(m.fragile_count) if m and m.tried else "-")
            row.append(str(m.errored) if m and m.tried else "-")
        if args.details:
            row.append(escape(details_text(r, mutations.get(r.claim.id))))
        t.add_row(*row)
    if not json_to_stdout(args):  # with the JSON on standard output the table is shown nowhere: not drawn
        out.table(t)
    for r in results:  # a verdict whose witness names its scope (a statement for every n) says it plainly
        scope = witness_scope(r.verdict.witness) if r.verdict else None
        if scope:
            out.print(f"{r.claim.id}: {r.outcome} [{r.verdict.evidence.value}], scope: {scope}")
    for r in results:  # the formal checks (issue 43), shown apart from the computation's verdict
        for f in (r.verdict.formal if r.verdict else ()):
            out.print(escape(f"{r.claim.id}: {f.line()}"))
    for line in summary_lines(results, elapsed, mutations):
        out.print(line)
    for line in readings_legend(results):
        out.print(escape(line))
    crashed = [r for r in results if r.crashed]
    for r in crashed:
        out.print(f"[bold red]tool error[/bold red] in {r.claim.id}: ", end="", markup=True)
        out.print(r.error)
    for e in load_errors:
        out.print("[bold red]tool error[/bold red]: ", end="", markup=True)
        out.print(f"could not load {e.module}: {e.error}")
    if json_to_stdout(args):
        for r in crashed:
            print(f"exactcube: tool error in {r.claim.id}: {r.error}", file=sys.stderr)
        for e in load_errors:
            print(f"exactcube: tool error: could not load {e.module}: {e.error}", file=sys.stderr)
    if args.json:
        from .. import __version__

        from ..report import saved_tables

        doc = verdicts_document(results, elapsed, load_errors, mutations, __version__)
        # the report's tables of the run's documents, kept so that 'report --from' need not build them
        doc["tables"] = saved_tables(sorted({r.claim.document for r in results}))
        emit_json(args, real_out, doc)
    return 1 if (crashed or load_errors) else 0


#: Seconds per erratum of the --details table (drawn by rich): ``verify --paper gnubg --details`` listed 43,467
#: errata in 441 s of CPU here.
SECONDS_PER_DETAIL = 0.01


def witness_scope(w) -> str | None:
    """The scope a witness names (a statement proved for every n, on a range), as plain text: a dict's ``scope`` (in
    the delimited syntax of :func:`exactcube.content.model.say`),
    or the first cell of the column headed ``scope`` of a witness table (content); None when it names none."""
    from ..content.model import Content, Table, say, to_plain

    if isinstance(w, dict) and isinstance(w.get("scope"), str):
        return to_plain(say(w["scope"]))
    for p in w.parts if isinstance(w, Content) else ():
        if isinstance(p, Table) and p.rows and "scope" in [to_plain(c) for c in p.columns]:
            return p.column("scope")[0]
    return None


def details_text(r, mutation=None) -> str:
    """The details of one result as plain text (:func:`exactcube.content.model.to_plain`): reasons, witness, readings,
    errata with kind, mutants."""
    from ..content.model import legacy, to_plain
    from ..report import shown_witness

    v = r.verdict
    if v is None:
        return r.error
    d = to_plain(v.details)
    shown = shown_witness(v)
    if shown is not None:
        d += "\n  witness: " + to_plain(shown).strip()
    if v.assumptions:
        d += "\n  " + to_plain(legacy(v.under))
    for e in v.errata:
        printed, true, rounded = (to_plain(legacy(x)) for x in (e.printed, e.true, e.true_rounded))
        d += (f"\n  [{e.kind.value}] {to_plain(legacy(e.where))}: printed {printed}, true {true}"
              + (f" (should read {rounded})" if e.true_rounded and e.true_rounded != e.true else "")
              + (f"; {to_plain(e.note)}" if e.note else ""))
    for alt in v.alternatives:
        d += f"\n  {alt.label()}: {to_plain(alt.details)}"
    if mutation is not None:
        d += "\n  mutants: " + mutation_counts_text(mutation.as_dict())
        if mutation.note:
            d += f" ({mutation.note})"
        for label, items in (("survived", mutation.survivors), ("survived by design", mutation.by_design),
                             ("fragile", mutation.fragile), ("error", mutation.errors)):
            for s in items:
                d += f"\n    {label}: {to_plain(legacy(s))}"
        weaker = getattr(mutation, "arithmetic", None)
        if weaker is not None and weaker.status != "not applicable":
            d += "\n  " + weaker.text()
    return d


def summary_lines(results, elapsed: float, mutations=None) -> list[str]:
    """The summary under the table: outcomes; evidence; errata by kind (and mutants)."""
    from ..claims import summary_counts

    c = summary_counts(results)
    noun = "claim" if len(results) == 1 else "claims"
    outs = ", ".join(f"{n} {k}" for k, n in sorted(c["outcomes"].items()))
    lines = [f"{len(results)} {noun}: {outs}"]
    if c["evidence"]:
        lines.append("evidence: " + ", ".join(f"{n} {k}" for k, n in sorted(c["evidence"].items())))
    kinds = c["errata_by_kind"]
    from ..results import is_strict

    lines.append(mistakes_line(c) + (f"; {kinds['substantive']} substantive, {kinds['misprint']} misprint, "
                                     f"{kinds['rounding']} rounding values in all (--strict counts rounding); not "
                                     f"counted: {kinds['transcription']} transcription" if is_strict() else
                                     f"; {kinds['substantive']} substantive, {kinds['misprint']} misprint values "
                                     f"in all; not counted: {kinds['rounding']} rounding, {kinds['transcription']} "
                                     "transcription") + f"; {elapsed:.2f} s")
    if mutations:
        total = {k: sum(m.as_dict()[k] for m in mutations.values()) for k in MUTATION_KEYS}
        none = sum(1 for m in mutations.values() if not m.items)
        lines.append(f"mutants: {mutation_counts_text(total)} (a move to open or an error is never a catch); "
                     f"{none} claim{'' if none == 1 else 's'} compare against nothing printed")
        lines.append(weaker_arithmetic_line(mutations))
    return lines


def weaker_arithmetic_line(mutations) -> str:
    """The summary of ``verify --mutate``'s arithmetic operator (:mod:`exactcube.weaker`): claims by status."""
    from ..weaker import STATUSES

    counts = {k: 0 for k in STATUSES}
    for m in mutations.values():
        w = getattr(m, "arithmetic", None)
        if w is not None:
            counts[w.status] += 1
    return ("weaker arithmetic (models run one arithmetic weaker; the evidence must move): "
            + ", ".join(f"{n} {k}" for k, n in counts.items()))


def mistakes_line(c: dict) -> str:
    """'M mistakes found (W printed values wrong), and N more under assumptions (U values)' from
    :func:`exactcube.claims.summary_counts`: the mistakes (one per cause) first, their printed values beside."""
    m, w = c["mistakes"], c["printed_values_wrong"]
    mu, u = c["mistakes_under_assumptions"], c["printed_values_wrong_under_assumptions"]
    return (f"{m} mistake{'' if m == 1 else 's'} found ({w} printed value{'' if w == 1 else 's'} wrong), and {mu} "
            f"more under assumptions ({u} value{'' if u == 1 else 's'})")


#: The counts of a mutation report (``MutationReport.as_dict``), tried = the sum of the other five.
MUTATION_KEYS = ("tried", "caught", "survived", "survived_by_design", "fragile", "errors")


def mutation_counts_text(m: dict) -> str:
    """'C of T caught, S survived, D survived by design, F fragile, E errors' from a report's counts."""
    return (f"{m['caught']} of {m['tried']} caught, {m['survived']} survived, {m['survived_by_design']} survived "
            f"by design, {m['fragile']} fragile, {m['errors']} errors")


def readings_legend(results) -> list[str]:
    """One line per reading the shown verdicts rest on: ``under race-model: <sentence>``."""
    from ..results import get_assumption

    used: dict[str, int] = {}
    for r in results:
        for a in (r.verdict.assumptions if r.verdict else ()):
            used[a] = used.get(a, 0) + 1
    from ..content.model import legacy, to_plain

    return [f"under {a} ({n} claim{'' if n == 1 else 's'}): {to_plain(legacy(get_assumption(a).sentence))}"
            for a, n in sorted(used.items())]


#: The version of the ``--json`` document (exactcube/schema/verdicts.json; version 2 is verdicts-v2.json).
SCHEMA_VERSION = 3


def verdicts_document(results, elapsed, load_errors, mutations, version) -> dict:
    """The ``--json`` document, schema version 3 (exactcube/schema/verdicts.json)."""
    from ..claims import summary_counts
    from ..results import ASSUMPTIONS

    claims = []
    used: set[str] = set()
    for r in results:
        d = r.as_dict()
        m = mutations.get(r.claim.id) if mutations else None
        d["mutation"] = m.as_dict() if m is not None else None
        if getattr(m, "arithmetic", None) is not None:
            d["weaker_arithmetic"] = m.arithmetic.as_dict()
        claims.append(d)
        if r.verdict:
            used.update(r.verdict.assumptions)
            for alt in r.verdict.alternatives:
                used.update(alt.assumptions)
    return {
        "schema": "exactcube-verdicts",
        "schema_version": SCHEMA_VERSION,
        "exactcube_version": version,
        "seconds": round(elapsed, 6),
        "summary": summary_counts(results),
        "assumptions": [ASSUMPTIONS[a].as_dict() for a in sorted(used)],
        "claims": claims,
        "load_errors": [{"module": e.module, "error": e.error} for e in load_errors],
    }


#: How long mutating takes against the verify run before it: measured on the five documents' default claims (every
#: mutant), MUTATE_MEASURED below; a claim that reads many printed values (a whole table) takes more.
MUTATE_FACTOR = 9
MUTATE_MEASURED = "the five documents' default claims, every mutant: about 9 times their verify run"


def _mutate(results, args) -> dict:
    from ..claims import Verdict
    from ..mutate import MutationReport, mutate_claim
    from ..weaker import weaken_claim
    from .common import announce, progress

    reports = {}
    todo = [r for r in results if r.verdict is not None]
    limit = args.mutate_limit
    factor = MUTATE_FACTOR if limit is None else min(MUTATE_FACTOR, limit + 1)  # a capped claim runs <= limit + 1 times
    announce(factor * sum(r.seconds for r in todo),
             f"mutating {len(todo)} claim{'s' * (len(todo) != 1)}, each re-run once per mutant of every printed value it "
             f"reads; {MUTATE_MEASURED}; --mutate-limit N caps the mutants a claim", force=True)
    with progress("mutating", len(todo)) as bar:
        for r in todo:
            reports[r.claim.id] = mutate_claim(r.claim, limit=args.mutate_limit)
            # the arithmetic operator (exactcube.weaker), kept beside the printed-value mutants
            if isinstance(reports[r.claim.id], MutationReport) and isinstance(r.verdict, Verdict):
                reports[r.claim.id].arithmetic = weaken_claim(r.claim, r.verdict)
            bar.advance(1, r.claim.id)
    return reports
