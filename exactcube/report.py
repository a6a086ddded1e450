r"""The verification report: one LaTeX document for every source document.

For each document: a summary of verdicts by outcome and evidence; every claim with
its location, statement, verdict, evidence and details; every registered table of
the document typeset with exact or rounded cells, erratum cells marked with a
dagger and the printed value in a note; the registered figures; then an errata
section listing every printed mistake found with the true value; and the run's
provenance (versions, git commit, date, duration).

:func:`build_report` returns the LaTeX text and writes figure files; it never
prints.  :func:`compile_pdf` runs pdflatex when it is installed.
"""

from __future__ import annotations

import datetime as _dt
import os
import platform
import shutil
import subprocess
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .claims import ClaimResult
from .tables import TABLES, latex_escape

__all__ = ["ReportParts", "build_report", "compile_pdf", "provenance", "DOCUMENT_TITLES"]

DOCUMENT_TITLES = {
    "ks69": "Keeler \\& Spencer (1969), Proper raising points in a generalization of backgammon",
    "ju24": "Ju, Leifer, Miller et al. (2024), Optimal doubling thresholds in backgammon-like stochastic games",
    "zk77": "Zadeh \\& Kobliska (1977), On optimal doubling in backgammon",
    "floyd": "R. W. Floyd, a dice race solved by dynamic programming",
    "noisy": "Playing through a noisy channel (and knowing it): combinatorial games under noise",
}

_ROWS_PER_FLOAT = 40

PREAMBLE = r"""\documentclass[10pt]{article}
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
\newsavebox{\fitbox}
\newcommand{\fitwidth}[1]{\sbox{\fitbox}{#1}\ifdim\wd\fitbox>\linewidth\resizebox{\linewidth}{!}{\usebox{\fitbox}}\else\usebox{\fitbox}\fi}
\newcommand{\outcome}[1]{\textbf{#1}}
\setlength{\parindent}{0pt}
\setlength{\parskip}{4pt}
"""


def provenance(seconds: float | None = None) -> dict:
    """Versions, git commit (if any), date and duration of a run."""
    from . import __version__

    info = {
        "exactcube": __version__,
        "python": platform.python_version(),
        "date": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    }
    for mod in ("gmpy2", "flint", "sympy", "mpmath", "rich", "numpy", "matplotlib"):
        try:
            m = __import__(mod)
            info[{"flint": "python-flint"}.get(mod, mod)] = getattr(m, "__version__", "?")
        except Exception:
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


@dataclass
class ReportParts:
    """What went into a report (for the command line's summary)."""

    tex: str
    figures: list[str] = field(default_factory=list)
    figure_failures: list[str] = field(default_factory=list)
    table_failures: list[str] = field(default_factory=list)
    n_errata: int = 0


def _claim_block(r: ClaimResult) -> str:
    c = r.claim
    if r.verdict is None:
        verdict = r"\outcome{\textcolor{red}{tool error}}: " + latex_escape(r.error)
    else:
        v = r.verdict
        color = {"verified": "green!50!black", "erratum": "orange!80!black", "refuted": "red",
                 "open": "blue"}[v.outcome.value]
        verdict = (rf"\outcome{{\textcolor{{{color}}}{{{v.outcome.value}}}}} ({v.evidence.value}). "
                   + latex_escape(v.details))
        if v.witness is not None and v.outcome.value in ("refuted", "open"):
            verdict += r" Witness: \texttt{" + latex_escape(str(v.witness))[:600] + "}."
        if v.errata:
            verdict += rf" {len(v.errata)} printed value{'s' if len(v.errata) != 1 else ''} wrong (see Errata)."
    return (rf"\paragraph{{\texttt{{{latex_escape(c.id)}}}}} {latex_escape(c.location)}. "
            rf"\emph{{{latex_escape(c.statement)}}}\\" + "\n" + verdict + "\n")


def _summary_table(results: Sequence[ClaimResult]) -> str:
    outcomes = ["verified", "erratum", "refuted", "open", "tool-error"]
    evidences = ["exact", "rigorous", "numeric", "sampled", "-"]
    counts = {}
    for r in results:
        ev = r.verdict.evidence.value if r.verdict else "-"
        counts[(r.outcome, ev)] = counts.get((r.outcome, ev), 0) + 1
    used_ev = [e for e in evidences if any(counts.get((o, e)) for o in outcomes)]
    used_out = [o for o in outcomes if any(counts.get((o, e)) for e in evidences)]
    if not used_out:
        return "No claims registered.\n"
    lines = [r"\begin{tabular}{l" + "r" * (len(used_ev) + 1) + "}", r"\toprule",
             "outcome & " + " & ".join(used_ev) + r" & total \\", r"\midrule"]
    for o in used_out:
        row = [str(counts.get((o, e), 0)) for e in used_ev]
        lines.append(f"{o} & " + " & ".join(row) + f" & {sum(counts.get((o, e), 0) for e in used_ev)}" + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}"]
    return "\n".join(lines) + "\n"


def _table_floats(table, digits) -> str:
    out = []
    rows = list(table.rows)
    chunks = [rows[i:i + _ROWS_PER_FLOAT] for i in range(0, len(rows), _ROWS_PER_FLOAT)] or [[]]
    for i, chunk in enumerate(chunks):
        tabular, notes = table.latex_parts(digits=digits, rows=chunk)
        cont = f" (continued, part {i + 1} of {len(chunks)})" if len(chunks) > 1 else ""
        out.append(r"\begin{table}[htbp]\centering\small")
        out.append(rf"\caption{{\texttt{{{latex_escape(table.id)}}}: {latex_escape(table.title)}{cont}. "
                   rf"Evidence: {table.evidence}.}}")
        out.append(r"\fitwidth{" + tabular + "}")
        if notes:
            out.append(r"\par\smallskip\footnotesize $^\dagger$ differs from the printed value beyond its "
                       r"rounding: " + "; ".join(notes) + ".")
        if table.notes and i == len(chunks) - 1:
            out.append(r"\par\smallskip\footnotesize " + latex_escape(table.notes))
        out.append(r"\end{table}")
    return "\n".join(out) + "\n"


def _failure(kind: str, item: str, verb: str, exc: Exception, failures: list) -> str:
    """Record a table or figure that could not be made, and the sentence that says so in the report."""
    failures.append(f"{item}: {type(exc).__name__}: {exc}")
    return (rf"{kind} \texttt{{{latex_escape(item)}}} could not be {verb}: "
            + latex_escape(f"{type(exc).__name__}: {exc}") + "\n")


def build_report(
    results: Sequence[ClaimResult],
    figure_dir: str | None = None,
    seconds: float | None = None,
    digits: int | None = None,
    figures: bool = True,
    on_step: Callable[[str], None] | None = None,
) -> ReportParts:
    """The LaTeX text of the report for ``results``.

    Tables registered for each document are built with their default parameters;
    figures are drawn into ``figure_dir`` (PDF) when matplotlib is present.
    """
    from .figures import FIGURES, save

    step = on_step or (lambda s: None)
    parts = ReportParts(tex="")
    present = {r.claim.document for r in results} | {t.split(".")[0] for t in TABLES}
    docs = [d for d in DOCUMENT_TITLES if d in present] + sorted(present - set(DOCUMENT_TITLES))
    by_doc = {d: [r for r in results if r.claim.document == d] for d in docs}
    prov = provenance(seconds)
    body = [PREAMBLE, r"\title{exactcube verification report}",
            rf"\author{{exactcube {latex_escape(prov['exactcube'])}}}", rf"\date{{{latex_escape(prov['date'])}}}",
            r"\begin{document}", r"\maketitle"]
    total = len(results)
    n_err = sum(len(r.verdict.errata) for r in results if r.verdict)
    parts.n_errata = n_err
    body.append(
        rf"This report checks {total} claims of {len(docs)} source documents mechanically. "
        r"Each verdict states its evidence: \emph{exact} (exact rational or symbolic computation), "
        r"\emph{rigorous} (ball arithmetic encloses the truth), \emph{numeric} (high-precision floating point, "
        r"not a proof) or \emph{sampled} (Monte Carlo with a confidence interval). "
        rf"{n_err} printed values were found wrong; they are listed in the Errata section with their true values."
    )
    body.append(r"\tableofcontents")
    body.append(r"\section*{Summary}")
    body.append(_summary_table(results))
    for d in docs:
        step(f"section {d}")
        body.append(rf"\clearpage\section{{{DOCUMENT_TITLES.get(d, latex_escape(d))} (\texttt{{{d}}})}}")
        body.append(_summary_table(by_doc[d]))
        body.append(r"\subsection{Claims}")
        for r in by_doc[d]:
            body.append(_claim_block(r))
        tids = sorted(t for t in TABLES if t.split(".")[0] == d)
        if tids:
            body.append(r"\clearpage\subsection{Tables}")
        for tid in tids:
            step(f"table {tid}")
            try:
                table = TABLES[tid]()
                body.append(_table_floats(table, digits))
            except Exception as exc:  # reported in the document and to the caller
                body.append(_failure("Table", tid, "built", exc, parts.table_failures))
        if tids:
            body.append(r"\clearpage")
        fids = sorted(f for f in FIGURES if f.split(".")[0] == d) if figures and figure_dir else []
        if fids:
            body.append(r"\subsection{Figures}")
        for fid in fids:
            step(f"figure {fid}")
            try:
                fig = FIGURES[fid]()
                path = os.path.join(figure_dir, fid.replace(".", "_") + ".pdf")
                save(fig, path)
                try:
                    import matplotlib.pyplot as plt

                    plt.close(fig)
                except Exception:
                    pass
                parts.figures.append(path)
                rel = os.path.relpath(path, os.path.dirname(figure_dir) or ".")
                body.append(r"\begin{figure}[htbp]\centering"
                            rf"\includegraphics[width=0.85\linewidth,height=0.4\textheight,keepaspectratio]{{{rel}}}"
                            rf"\caption{{\texttt{{{latex_escape(fid)}}}: {latex_escape(FIGURES[fid].title)}}}"
                            r"\end{figure}")
            except Exception as exc:
                body.append(_failure("Figure", fid, "drawn", exc, parts.figure_failures))
    # errata
    body.append(r"\clearpage\section{Errata}")
    errata = [(r.claim, e) for r in results if r.verdict for e in r.verdict.errata]
    if not errata:
        body.append("No printed value was found wrong.\n")
    else:
        body.append(r"Every printed value that differs from the true one beyond its printed rounding. "
                    r"``true'' is the exact value (or a rigorous enclosure); ``should read'' is it rounded at "
                    r"the printed precision.")
        body.append(r"Long exact values are cut here (``\ldots''); \texttt{exactcube verify --json} has them whole.")
        body.append(r"\begin{small}\begin{longtable}{>{\raggedright}p{0.13\linewidth}>{\raggedright}p{0.25\linewidth}"
                    r">{\raggedright}p{0.17\linewidth}>{\raggedright}p{0.2\linewidth}p{0.17\linewidth}}")
        body.append(r"\toprule claim & where & printed & true & should read \\ \midrule \endhead")
        for c, e in errata:
            true = e.true if len(e.true) <= 20 else e.true[:17] + "..."  # the exact value is in the JSON
            body.append(" & ".join(latex_escape(x) for x in (c.id, e.where + (f" ({e.note})" if e.note else ""),
                                                               e.printed, true, e.true_rounded)) + r" \\")
        body.append(r"\bottomrule\end{longtable}\end{small}")
    body.append(r"\section*{Provenance}")
    body.append(r"\begin{tabular}{ll}\toprule")
    for k, v in prov.items():
        body.append(rf"{latex_escape(k)} & \texttt{{{latex_escape(str(v))}}} \\")
    body.append(r"\bottomrule\end{tabular}")
    body.append(r"\end{document}")
    parts.tex = "\n".join(body) + "\n"
    return parts


def compile_pdf(tex_path: str, timeout: int = 600) -> tuple[bool, str]:
    """Compile ``tex_path`` with latexmk or pdflatex (twice, for the contents); return (ok, log tail)."""
    folder = os.path.dirname(os.path.abspath(tex_path))
    name = os.path.basename(tex_path)
    if shutil.which("latexmk"):
        cmds = [["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", name]]
    elif shutil.which("pdflatex"):
        cmd = ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", name]
        cmds = [cmd, cmd]
    else:
        return False, "no pdflatex"
    log = ""
    for cmd in cmds:
        r = subprocess.run(cmd, cwd=folder, capture_output=True, text=True, timeout=timeout)
        log = (r.stdout or "")[-3000:]
        if r.returncode != 0:
            return False, log
    return True, log
