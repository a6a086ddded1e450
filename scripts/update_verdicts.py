#!/usr/bin/env python
"""Write docs/verdicts.json, the verdict baseline: the default run's verdicts (every non-slow claim)
with id, outcome, evidence, readings, errata places, printed values and kinds, and the verdicts under
other readings; no timings and no details (exactcube.baseline).  The same run's CPU seconds per claim go to
exactcube/data/claim_seconds.json, from which ``verify`` and ``report`` estimate a long run's time, with each
claim's CPU seconds run alone (cold: in a process of its own, forked before any claim ran, so no cache a
claim before it filled is warm; ``verify --claim X`` pays that).

    python scripts/update_verdicts.py               # rewrite docs/verdicts.json and claim_seconds.json
    python scripts/update_verdicts.py -o FILE       # write elsewhere ('-': standard output)
    python scripts/update_verdicts.py --alone-only  # measure only the cold seconds (claim_seconds.json)

tests/test_verdict_baseline.py fails when a verdict differs from the committed baseline: run this
script in the commit that changes a verdict, and read the change with
``exactcube verify --compare docs/verdicts.json`` first.
"""

from __future__ import annotations

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("-o", "--output", default=str(ROOT / "docs" / "verdicts.json"))
    p.add_argument("--alone-only", action="store_true",
                   help="only measure each claim alone and update the 'alone' seconds of claim_seconds.json")
    args = p.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from exactcube import catalog
    from exactcube.baseline import baseline_document
    from exactcube.claims import REGISTRY, run_claims
    from exactcube.output import write_json

    errors = catalog.load()
    if errors:
        print(f"could not load {errors[0].module}: {errors[0].error}", file=sys.stderr)
        return 1
    import json
    import time

    seconds = ROOT / "exactcube" / "data" / "claim_seconds.json"
    default = sorted((c for c in REGISTRY.values() if not c.slow), key=lambda c: c.id)
    # before any claim runs in this process, so each child starts cold (not measured for a baseline on stdout)
    alone = _alone_seconds(default) if args.alone_only or args.output != "-" else {}
    if args.alone_only:
        doc = json.loads(seconds.read_text())
        doc["alone"] = alone
        write_json(str(seconds), doc)
        print(f"wrote {seconds}: {len(alone)} claims alone", file=sys.stderr)
        return 0

    cpu: dict = {}  # CPU seconds (user + system) of each check: on a shared machine wall time counts the others too

    def start(c):
        cpu[c.id] = time.process_time()

    def done(r):
        cpu[r.claim.id] = time.process_time() - cpu[r.claim.id]

    results = run_claims(default, start, done)
    crashed = [r.claim.id for r in results if r.crashed]
    if crashed:
        print(f"not written: checks crashed: {', '.join(crashed)}", file=sys.stderr)
        return 1
    write_json(args.output, baseline_document(results))
    if args.output != "-":
        print(f"wrote {args.output}: {len(results)} verdicts", file=sys.stderr)
        write_json(str(seconds), {
            "made_by": "python scripts/update_verdicts.py (the default run: every non-slow claim)",
            "note": "CPU seconds (user + system) of each claim's check on the machine that ran the script (on a "
                    "quiet core the wall time of the run; wall time on a shared machine counts the other processes "
                    "too); exactcube verify and report sum them to say, before a run of more than 5 seconds, what "
                    "it will take; 'alone' holds each claim's CPU seconds in a process of its own, forked before "
                    "any claim ran (no cache warm), what 'verify --claim ID' pays: an estimate is the larger of "
                    "the sum of 'seconds' and the largest 'alone'",
            "seconds": {r.claim.id: round(cpu[r.claim.id], 2) for r in sorted(results, key=lambda r: r.claim.id)},
            "alone": alone})
        print(f"wrote {seconds}", file=sys.stderr)
    return 0


def _alone_seconds(claims) -> dict:
    """Each claim's CPU seconds (user + system) run alone: in a child forked from this process before any claim
    ran here, so the modules are imported but no claim's cache is warm (a claim's own check and its formal
    proofs, as ``verify --claim ID`` runs them; the import, the same for every run, is not counted)."""
    import os
    import struct

    from exactcube.claims import run_claims

    out = {}
    for c in claims:
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: run the one claim, send its CPU seconds, leave without cleanup
            os.close(r)
            try:
                t0 = sum(os.times()[:4])  # its own and its waited-for children's
                run_claims([c])
                os.write(w, struct.pack("d", sum(os.times()[:4]) - t0))
            finally:
                os._exit(0)
        os.close(w)
        data = os.read(r, 8)
        os.close(r)
        os.waitpid(pid, 0)
        if len(data) == 8:
            out[c.id] = round(struct.unpack("d", data)[0], 2)
    return out


if __name__ == "__main__":
    raise SystemExit(main())
