"""Checker CPU against producer CPU, per certificate kind, side by side in one run (issue 41, item 4).

    python scripts/bench_certcheck.py [CLAIM ...] [--bearoff N]   # default: a few claims of every kind

``--bearoff-table C`` (default 5; 0 skips it) adds the whole table of up to C checkers a side (kind
``bearoff-table``).  ``--bearoff N`` (default 1000; 0 skips it) adds the bearoff audit of N entries of the table of up to 6 checkers
a side (no default claim carries it: it is the opt-in gnubg.twosided's), its producer CPU including the table's
build.

For each claim: the producer's CPU (exactcube runs the claim's check and builds its certificates, SMT steps
recorded) and the checker's CPU (certcheck re-decides each certificate; the CPU of its cvc5 child processes
counted apart and in the total), then the sums per kind.  Peak memory of the whole run is printed at the end.
"""

from __future__ import annotations

import json
import os
import resource
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

DEFAULT = ("noisy.appendix.n4", "noisy.appendix.n10", "noisy.conjecture10", "floyd.f25", "zk77.recursion",
           "ks69.table1", "noisy.conjecture9.top_moves", "noisy.conjecture10.every_k", "noisy.conjecture10.ends",
           "noisy.conjecture9", "noisy.eq2", "noisy.sec3.below-half")  # the last three: nim-rational, nim-grid
#: the papers' symbolic and grid kinds (identities, walk-lemma, doubling-lemma, doubling-symmetry, doubling-cells,
#: toss-split, race-bet)
PAPERS = ("zk77.thm1.eq5", "zk77.thm1.eq10_11", "ks69.eq6-9", "zk77.lemma2", "ks69.lemma", "ks69.sec3.lemma",
          "ks69.eq19-20", "ks69.theorem2.initial", "ks69.theorem2.toss", "floyd.bet")


def _cpu():
    t = os.times()
    return time.process_time(), t.children_user + t.children_system


def _bearoff_table_row(cap: int):
    """The whole-table kind: producer CPU (building the table and its certificate), checker CPU."""
    from certcheck.core import certified_sentence, check_certificate, load_json
    from proofs.certificates_noisy import bearoff_table_certificate

    a, _ = _cpu()
    cert = bearoff_table_certificate(cap)
    doc = {"format": "exactcube-certificate", "version": 1, "name": "bearoff.table", "kind": cert["kind"],
           "claim": {"id": "bearoff.table", "statement": "the two-sided bearoff table"},
           "verdict": {"outcome": "verified", "evidence": "exact"}, "asserts": cert["asserts"], "data": cert["data"]}
    doc["certifies"] = certified_sentence(doc)
    raw = json.dumps(doc).encode()
    b, _ = _cpu()
    doc = load_json(raw)
    c0, k0 = _cpu()
    check_certificate(doc, "bearoff.table")
    c1, k1 = _cpu()
    return ("bearoff-table", f"{cap} a side, the whole table", len(raw), b - a, c1 - c0, k1 - k0)


def main(argv=None) -> int:
    args = sys.argv[1:] if argv is None else argv
    bearoff_n = 1000
    if "--bearoff" in args:
        i = args.index("--bearoff")
        bearoff_n = int(args[i + 1])
        args = args[:i] + args[i + 2:]
    table_cap = 5
    if "--bearoff-table" in args:  # the whole-table kind (bearoff-table) on the table of up to C checkers a side
        i = args.index("--bearoff-table")
        table_cap = int(args[i + 1])
        args = args[:i] + args[i + 2:]
    ids = [a for a in args if not a.startswith("-")] or list(DEFAULT) + list(PAPERS)
    from certcheck.core import check_certificate, load_json
    from exactcube import catalog
    from exactcube.certificates import recording, write_certificates
    from exactcube.claims import REGISTRY, run_claims

    catalog.load()
    rows = []
    for cid in ids:
        claim = REGISTRY[cid]
        with tempfile.TemporaryDirectory() as tmp:
            a, _ = _cpu()
            with recording() as rec:
                rec.start(claim)
                results = run_claims([claim])
            run = write_certificates(results, tmp, rec.steps, rec.identities)
            b, _ = _cpu()
            mine = []
            for f in run.written.get(cid, []):
                with open(os.path.join(tmp, f), "rb") as fh:
                    raw = fh.read()
                doc = load_json(raw)
                c0, k0 = _cpu()
                check_certificate(doc, f[:-5])
                c1, k1 = _cpu()
                mine.append([doc["kind"], f[:-5], len(raw), 0.0, c1 - c0, k1 - k0])
            # a claim's producer CPU is counted once; a claim with certificates of several kinds is summed under
            # the kinds together ("identities+walk-lemma"), since its producer CPU cannot be split between them
            together = "+".join(sorted({m[0] for m in mine}))
            for k, m in enumerate(mine):
                m[0] = together
                m[3] = b - a if k == 0 else 0.0
                rows.append(tuple(m))
    if bearoff_n:
        from certcheck.core import certified_sentence
        from proofs.certificates import bearoff_audit

        a, _ = _cpu()
        cert = bearoff_audit(6, bearoff_n)
        doc = {"format": "exactcube-certificate", "version": 1, "name": "bearoff.audit", "kind": cert["kind"],
               "claim": {"id": "bearoff.audit", "statement": "the two-sided bearoff table"},
               "verdict": {"outcome": "verified", "evidence": "exact"}, "asserts": cert["asserts"],
               "data": cert["data"]}
        doc["certifies"] = certified_sentence(doc)
        raw = json.dumps(doc).encode()
        b, _ = _cpu()
        doc = load_json(raw)
        c0, k0 = _cpu()
        check_certificate(doc, "bearoff.audit")
        c1, k1 = _cpu()
        rows.append(("bearoff-audit", f"6 a side, {bearoff_n} entries", len(raw), b - a, c1 - c0, k1 - k0))
    if table_cap:
        rows.append(_bearoff_table_row(table_cap))
    print(f"{'kind':28} {'certificate':40} {'bytes':>9} {'producer s':>11} {'checker s':>10} {'cvc5 s':>8} "
          f"{'ratio':>7}")
    kinds: dict = {}
    for kind, name, size, prod, chk, sub in rows:
        ratio = (chk + sub) / prod if prod > 0 else float("nan")
        print(f"{kind:28} {name:40} {size:9d} {prod:11.3f} {chk:10.3f} {sub:8.3f} {ratio:7.2f}")
        k = kinds.setdefault(kind, [0, 0.0, 0.0, 0.0])
        k[0] += 1
        k[1] += prod
        k[2] += chk
        k[3] += sub
    print()
    print(f"{'kind':28} {'certificates':>12} {'producer s':>11} {'checker s':>10} {'cvc5 s':>8} {'ratio':>7}")
    for kind, (n, prod, chk, sub) in sorted(kinds.items()):
        ratio = (chk + sub) / prod if prod > 0 else float("inf")
        print(f"{kind:28} {n:12d} {prod:11.3f} {chk:10.3f} {sub:8.3f} {ratio:7.2f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak memory {peak:.0f} MB; {time.strftime('%Y-%m-%d')}; " + json.dumps({"claims": ids,
                                                                              "bearoff_entries": bearoff_n}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
