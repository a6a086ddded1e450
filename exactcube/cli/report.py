"""``exactcube report``: the verification report as LaTeX and PDF."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time

from ..errors import BadInput
from .common import add_digits, complete_documents, output_arg

NAME = "report"
ORDER = 15
PAPER_SIZE_NAMES = ("letter", "a4")
HELP = "write the verification report (PDF through LaTeX, LaTeX alone, or one HTML file)"
DESCRIPTION = """Write the verification report for the selected documents: a summary of verdicts by
outcome and evidence, every claim with its verdict in the paper's own order (a reading that a
verdict rests on cited by its id, with one table of readings per document), every registered
table of the documents (erratum cells marked, printed value beside), their figures, an errata
section with the true values in full and the run's provenance.  --paper scopes every part.

  exactcube report -o report.pdf      compile the LaTeX to report.pdf (in a temporary folder;
                                      the previous report.pdf stays until the new one is complete)
  exactcube report -o report.tex      write the LaTeX only (figures in report-figures/)
  exactcube report -o report.html     one self-contained HTML file: MathML, inline SVG figures
  exactcube report -o -               the LaTeX on standard output (no figures)
  exactcube report --from run.json -o report.pdf
                                      typeset a saved 'exactcube verify --json run.json' (schema
                                      version 3) without checking any claim again; the tables
                                      the run kept are read back, not built

Compiling needs pdflatex (Debian: apt-get install texlive-latex-base texlive-latex-recommended
texlive-fonts-recommended lmodern latexmk); figures need matplotlib (pip install 'exactcube[plot]').
Without pdflatex the command says what is missing; -o report.tex or report.html still work."""


def add_arguments(p):
    p.add_argument("-o", "--output", default="report.pdf", type=output_arg("-o"),
                   help="report.pdf (default), report.tex or report.html; '-' writes the LaTeX to standard output")
    p.add_argument("--paper", action="append", metavar="ID", help="only this document; repeatable"
                   ).completer = complete_documents
    p.add_argument("--slow", action="store_true", help="include the slow claims")
    p.add_argument("--from", dest="from_file", metavar="RUN.json",
                   help="the verdicts of a saved 'verify --json' run (schema version 3): no claim is checked again")
    p.add_argument("--no-figures", action="store_true", help="leave the figures out")
    # the keys of exactcube.report.PAPER_SIZES (not imported here: parsing stays light; a test keeps them equal)
    p.add_argument("--paper-size", choices=PAPER_SIZE_NAMES, default="letter",
                   help="the page the PDF and LaTeX are typeset on (and the HTML printed on): letter (default) | a4")
    p.add_argument("--certificates", metavar="DIR",
                   help="say beside each verdict whether the independent checker passed its certificates in DIR "
                        "(written by 'exactcube verify --certificates DIR'; checked again by 'python -m certcheck DIR')")
    add_digits(p, None, what="decimals for table cells")


def _figures_available(wanted: bool) -> bool:
    if not wanted:
        return False
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        print("exactcube: note: figures left out; install them with  pip install 'exactcube[plot]'",
              file=sys.stderr)
        return False
    return True


#: build folders are named .exactcube-report-<pid>-<random> beside the target
BUILD_PREFIX = ".exactcube-report-"


def sweep_stale_builds(folder: str) -> list:
    """Remove the build folders that a killed report run left in ``folder`` (their process no longer exists);
    only real directories named ``.exactcube-report-<pid>-...`` are touched, never a symlink.  Returns them."""
    import re

    gone = []
    try:
        names = os.listdir(folder)
    except OSError:
        return gone
    for name in names:
        m = re.fullmatch(re.escape(BUILD_PREFIX) + r"(\d+)-[A-Za-z0-9_]+", name)
        path = os.path.join(folder, name)
        if not m or os.path.islink(path) or not os.path.isdir(path):
            continue
        try:
            os.kill(int(m.group(1)), 0)
            continue  # its process is still running
        except ProcessLookupError:
            pass
        except (PermissionError, OverflowError):
            continue
        shutil.rmtree(path, ignore_errors=True)
        gone.append(path)
    return gone


def _pdf(parts_of, args, out, stem) -> int:
    """Build in a temporary folder beside the target; publish the PDF only when it is complete."""
    from ..figures import save
    from ..report import build_pdf, publish, render_latex

    folder = os.path.dirname(os.path.abspath(stem))
    build = tempfile.mkdtemp(prefix=f"{BUILD_PREFIX}{os.getpid()}-", dir=folder)
    try:
        def draw(fig, fid):
            name = fid.replace(".", "_") + ".pdf"
            save(fig, os.path.join(build, name))
            return name

        parts = parts_of(draw)
        ok, log = build_pdf(render_latex(parts, args.digits, args.paper_size), build)
        if not ok:
            if log == "no pdflatex":
                print("exactcube: error: pdflatex is not installed; install it with  apt-get install "
                      "texlive-latex-base texlive-latex-recommended texlive-fonts-recommended lmodern latexmk "
                      "(or write -o report.tex or -o report.html)", file=sys.stderr)
            else:
                publish(os.path.join(build, "report.log"), stem + ".log")
                last = [ln for ln in log.splitlines() if ln.startswith("!")][:1]
                print(f"exactcube: error: pdflatex failed: {last[0] if last else 'see ' + stem + '.log'}",
                      file=sys.stderr)
            return 1
        publish(os.path.join(build, "report.pdf"), stem + ".pdf")
    finally:
        shutil.rmtree(build, ignore_errors=True)
    _summary(parts, out, stem + ".pdf")
    return 0


def _summary(parts, out, path):
    def n(k, word):
        return f"{k} {word}{'' if k == 1 else 's'}"

    from ..claims import summary_counts
    from .verify import mistakes_line

    # the same count and the same words as verify's summary line (one count of a run: summary_counts)
    out.print(f"wrote {path}: {n(len(parts.results), 'claim')} of {n(len(parts.docs), 'document')}; "
              f"{mistakes_line(summary_counts(parts.results))}; {parts.n_not_counted} rounding or transcription "
              f"difference{'' if parts.n_not_counted == 1 else 's'} not counted; {n(parts.n_figures, 'figure')}")
    for f in parts.table_failures + parts.figure_failures:
        out.print(f"  could not include {f}")


def _saved_run(args):
    """The results of a saved ``verify --json`` file (schema version 3), scoped by ``--paper``; BadInput (one line,
    exit 2) for a file that cannot be read, is not JSON, or holds another schema version."""
    import json

    from .. import catalog
    from ..claims import documents, results_from_json

    path = args.from_file
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except OSError as exc:
        raise BadInput(f"--from: cannot read {path}: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadInput(f"--from: {path} is not JSON ({exc})") from None
    load_errors = catalog.load()  # the registered tables and figures; no claim is run
    try:
        results = results_from_json(doc)
    except (ValueError, KeyError, TypeError) as exc:
        raise BadInput(f"--from: {path}: {exc}") from None
    if args.paper:
        known = set(documents()) | {r.claim.document for r in results}
        for pid in args.paper:
            if pid not in known:
                raise BadInput(f"unknown document {pid!r}; known: {', '.join(sorted(known))}")
        results = [r for r in results if r.claim.document in args.paper]
    from ..tables import Table

    tables = doc.get("tables") or {}
    if not isinstance(tables, dict):
        raise BadInput(f"--from: {path}: 'tables' is not an object")
    try:
        saved = {tid: Table.from_saved(t) for tid, t in tables.items()}
    except ValueError as exc:
        raise BadInput(f"--from: {path}: {exc}") from None
    seconds = doc.get("seconds", 0.0)
    return results, load_errors, seconds if isinstance(seconds, (int, float)) else 0.0, saved


def run(args, out) -> int:
    from ..claims import run_claims
    from ..report import certificate_lines, collect, render_html, render_latex, svg_of
    from .common import announce_claims, progress, write_text
    from .verify import select

    to_stdout = args.output == "-"
    stem, ext = ("report", ".tex") if to_stdout else os.path.splitext(args.output)
    ext = ext.lower()
    if to_stdout:
        args.no_figures = True  # figures are files; none beside a stream
    if ext not in (".pdf", ".tex", ".html"):
        raise BadInput(f"-o {args.output!r}: the report is written as .pdf, .tex or .html")
    folder = os.path.dirname(os.path.abspath(args.output))
    if not to_stdout:
        sweep_stale_builds(folder)  # what a killed PDF build left, whatever this run writes
    args.claim = None
    if args.certificates is not None and not os.path.isfile(os.path.join(args.certificates, "MANIFEST.json")):
        raise BadInput(f"--certificates: {args.certificates!r} holds no MANIFEST.json (write it with "
                       "'exactcube verify --certificates DIR')")
    t0 = time.perf_counter()
    saved = None
    if args.from_file:
        results, load_errors, seconds, saved = _saved_run(args)
        t0 -= seconds  # the provenance states the duration of the run that was saved
    else:
        claims, load_errors = select(args)
        announce_claims(claims)
        with progress("checking claims", len(claims)) as bar:
            results = run_claims(claims, on_done=lambda r: bar.advance(1, r.claim.id))
    for e in load_errors:
        out.print(f"  could not load {e.module}: {e.error}")
    figures = _figures_available(not args.no_figures)

    certified = certificate_lines(args.certificates, results) if args.certificates else {}

    def parts_of(draw):
        with progress("building report", None) as bar:
            parts = collect(results, draw if figures else None, time.perf_counter() - t0,
                            on_step=lambda s: bar.advance(1, s), saved=saved)
        parts.certified = certified
        return parts

    if ext == ".pdf":
        return _pdf(parts_of, args, out, stem)
    if ext == ".html":
        parts = parts_of(svg_of)
        write_text(args.output, render_html(parts, args.digits, args.paper_size), "-o")
    else:
        from ..figures import save

        fig_dir = stem + "-figures"

        def draw(fig, fid):
            os.makedirs(fig_dir, exist_ok=True)
            path = os.path.join(fig_dir, fid.replace(".", "_") + ".pdf")
            save(fig, path)
            return os.path.relpath(path, folder)

        parts = parts_of(draw)
        write_text(args.output, render_latex(parts, args.digits, args.paper_size), "-o")
        if to_stdout:
            return 0
    _summary(parts, out, args.output)
    return 0
