"""``exactcube verify``: check every registered claim of the source documents."""

from __future__ import annotations

import time

from ..errors import BadInput

NAME = "verify"
ORDER = 10
HELP = "check the claims of the source documents and report verdicts with their evidence"
DESCRIPTION = """Check every registered claim of the source documents mechanically.

Each claim gets an outcome and an evidence class:
  outcomes  verified | refuted (exact counterexample) | erratum (printed value is wrong:
            cell, printed, true) | open (undecided, with the reason)
  evidence  exact | rigorous (ball arithmetic) | numeric (high precision, not a proof)
            | sampled (Monte Carlo with a confidence interval)

Exit status is 0 when every check ran (errata are findings, not failures), 1 when a
check crashed (a failure of the tool), 2 on bad input."""


def add_arguments(p):
    p.add_argument("--paper", action="append", metavar="ID",
                   help="only this document (ks69, ju24, zk77, floyd, noisy); repeatable")
    p.add_argument("--claim", action="append", metavar="ID",
                   help="only claims whose id starts with this prefix; repeatable")
    p.add_argument("--json", metavar="FILE", help="write every verdict as JSON (schema: exactcube/schema/verdicts.json)")
    p.add_argument("--slow", action="store_true", help="include the slow claims (large sweeps)")
    p.add_argument("--details", action="store_true", help="print each claim's details and errata")
    p.add_argument("--list", action="store_true", help="list the registered claims without running them")


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
            raise BadInput(f"no claim id starts with {', '.join(args.claim)} (see 'exactcube verify --list')")
    if not getattr(args, "slow", False):
        claims = [c for c in claims if not c.slow]
    return claims, load_errors


_STYLE = {"verified": "green", "erratum": "yellow", "refuted": "red", "open": "cyan", "tool-error": "bold red"}


def run(args, out) -> int:
    from rich.markup import escape
    from rich.table import Table

    from ..claims import run_claims
    from ._common import progress, write_json

    claims, load_errors = select(args)
    if args.list:
        t = Table(title="registered claims")
        for col in ("id", "location", "statement"):
            t.add_column(col)
        for c in claims:
            t.add_row(escape(c.id), escape(c.location), escape(c.statement + (" [slow]" if c.slow else "")))
        out.table(t)
        return 0
    t0 = time.perf_counter()
    with progress("verifying", len(claims)) as bar:
        results = run_claims(claims, on_start=lambda c: None, on_done=lambda r: bar.advance(1, r.claim.id))
    elapsed = time.perf_counter() - t0

    t = Table(title="exactcube verify")
    for col, j in (("claim", "left"), ("outcome", "left"), ("evidence", "left"), ("seconds", "right")):
        t.add_column(col, justify=j)
    if args.details:
        t.add_column("details")
    for r in results:
        style = _STYLE.get(r.outcome, "")
        row = [escape(r.claim.id), f"[{style}]{r.outcome}[/{style}]", r.verdict.evidence.value if r.verdict else "-",
               f"{r.seconds:.3f}"]
        if args.details:
            d = r.verdict.details if r.verdict else r.error
            if r.verdict and r.verdict.errata:
                d += "".join(f"\n  {e.where}: printed {e.printed}, true {e.true}"
                             + (f" (should read {e.true_rounded})" if e.true_rounded and e.true_rounded != e.true else "")
                             + (f"; {e.note}" if e.note else "")
                             for e in r.verdict.errata)
            row.append(escape(d))
        t.add_row(*row)
    out.table(t)

    counts: dict[str, int] = {}
    for r in results:
        counts[r.outcome] = counts.get(r.outcome, 0) + 1
    n_errata = sum(len(r.verdict.errata) for r in results if r.verdict)
    summary = ", ".join(f"{n} {k}" for k, n in sorted(counts.items()))
    noun = "claim" if len(results) == 1 else "claims"
    out.print(f"{len(results)} {noun}: {summary}; {n_errata} printed value{'' if n_errata == 1 else 's'} found wrong; "
              f"{elapsed:.2f} s")
    crashed = [r for r in results if r.crashed]
    for r in crashed:
        out.print(f"[bold red]tool error[/bold red] in {r.claim.id}: ", end="", markup=True)
        out.print(r.error)
    for e in load_errors:
        out.print("[bold red]tool error[/bold red]: ", end="", markup=True)
        out.print(f"could not load {e.module}: {e.error}")
    if args.json:
        from .. import __version__

        write_json(args.json, {
            "schema": "exactcube-verdicts",
            "schema_version": 1,
            "exactcube_version": __version__,
            "seconds": round(elapsed, 6),
            "claims": [r.as_dict() for r in results],
            "load_errors": [{"module": e.module, "error": e.error} for e in load_errors],
        })
    return 1 if (crashed or load_errors) else 0
