"""``exactcube report``: the verification report as LaTeX and PDF."""

from __future__ import annotations

import os
import sys
import time

from ..errors import BadInput
from ._common import add_digits, output_arg

NAME = "report"
ORDER = 15
HELP = "write the verification report (LaTeX, compiled to PDF when pdflatex is installed)"
DESCRIPTION = """Write one LaTeX document with, for each source document: a summary of verdicts by
outcome and evidence, every claim with its verdict, every registered table (erratum cells
marked, printed value beside), the figures, an errata section and the run's provenance.

  exactcube report -o report.pdf      write report.tex and compile it to report.pdf
  exactcube report -o report.tex      write the LaTeX only

Compiling needs pdflatex (Debian: apt-get install texlive-latex-base texlive-latex-recommended
texlive-fonts-recommended latexmk); figures need matplotlib (pip install 'exactcube[plot]').
Without them the .tex is still written and the command says what is missing."""


def add_arguments(p):
    p.add_argument("-o", "--output", default="report.pdf", type=output_arg("-o"),
                   help="report.pdf (default) or report.tex; '-' writes the LaTeX to standard output")
    p.add_argument("--paper", action="append", metavar="ID", help="only this document; repeatable")
    p.add_argument("--slow", action="store_true", help="include the slow claims")
    p.add_argument("--no-figures", action="store_true", help="leave the figures out")
    add_digits(p, None, what="decimals for table cells")


def run(args, out) -> int:
    from ..claims import run_claims
    from ..report import build_report, compile_pdf
    from ._common import progress, write_text
    from .verify import select

    stem, ext = os.path.splitext(args.output)
    to_stdout = args.output == "-"
    if to_stdout:
        stem, ext, args.no_figures = "report", ".tex", True  # figures are files; none beside a stream
    if ext.lower() not in (".pdf", ".tex"):
        raise BadInput(f"-o {args.output!r}: the report is written as .pdf or .tex")
    if not to_stdout:
        from ..output import check_destination

        check_destination(stem + ".tex", "-o")  # before the work: the .tex is written beside the .pdf
    args.claim = None
    claims, load_errors = select(args)
    t0 = time.perf_counter()
    with progress("checking claims", len(claims)) as bar:
        results = run_claims(claims, on_done=lambda r: bar.advance(1, r.claim.id))
    figures = not args.no_figures
    if figures:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            figures = False
            print("exactcube: note: figures left out; install them with  pip install 'exactcube[plot]'",
                  file=sys.stderr)
    fig_dir = stem + "-figures"
    if figures:
        try:
            os.makedirs(fig_dir, exist_ok=True)
        except OSError as exc:
            raise BadInput(f"cannot make the figure folder {fig_dir!r}: {exc.strerror}") from None
    with progress("building report", None) as bar:
        parts = build_report(results, fig_dir if figures else None, time.perf_counter() - t0, args.digits,
                             figures, on_step=lambda s: bar.advance(1, s))
    tex_path = "-" if to_stdout else stem + ".tex"
    write_text(tex_path, parts.tex, "-o")
    if to_stdout:
        return 0
    out.print(f"wrote {tex_path}: {len(results)} claims, {parts.n_errata} errata, {len(parts.figures)} figures")
    for f in parts.table_failures + parts.figure_failures:
        out.print(f"  could not include {f}")
    for e in load_errors:
        out.print(f"  could not load {e.module}: {e.error}")
    if ext.lower() == ".tex":
        return 0
    ok, log = compile_pdf(tex_path)
    if not ok:
        if log == "no pdflatex":
            print("exactcube: error: pdflatex is not installed, so only the .tex was written; install it with  "
                  "apt-get install texlive-latex-base texlive-latex-recommended texlive-fonts-recommended",
                  file=sys.stderr)
        else:
            last = [ln for ln in log.splitlines() if ln.startswith("!")][:1]
            print(f"exactcube: error: pdflatex failed on {tex_path}: {last[0] if last else 'see the .log file'}",
                  file=sys.stderr)
        return 1
    out.print(f"wrote {stem}.pdf")
    return 0
