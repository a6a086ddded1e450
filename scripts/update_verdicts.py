#!/usr/bin/env python
"""Write docs/verdicts.json, the verdict baseline: the default run's verdicts (every non-slow claim)
with id, outcome, evidence, readings, errata places, printed values and kinds, and the verdicts under
other readings; no timings and no details (exactcube.baseline).  The same run's CPU seconds per claim go to
exactcube/data/claim_seconds.json, from which ``verify`` and ``report`` estimate a long run's time.

    python scripts/update_verdicts.py            # rewrite docs/verdicts.json
    python scripts/update_verdicts.py -o FILE    # write elsewhere ('-': standard output)

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
    import time

    cpu: dict = {}  # CPU seconds (user + system) of each check: on a shared machine wall time counts the others too

    def start(c):
        cpu[c.id] = time.process_time()

    def done(r):
        cpu[r.claim.id] = time.process_time() - cpu[r.claim.id]

    results = run_claims(sorted((c for c in REGISTRY.values() if not c.slow), key=lambda c: c.id), start, done)
    crashed = [r.claim.id for r in results if r.crashed]
    if crashed:
        print(f"not written: checks crashed: {', '.join(crashed)}", file=sys.stderr)
        return 1
    write_json(args.output, baseline_document(results))
    if args.output != "-":
        print(f"wrote {args.output}: {len(results)} verdicts", file=sys.stderr)
        seconds = ROOT / "exactcube" / "data" / "claim_seconds.json"
        write_json(str(seconds), {
            "made_by": "python scripts/update_verdicts.py (the default run: every non-slow claim)",
            "note": "CPU seconds (user + system) of each claim's check on the machine that ran the script (on a "
                    "quiet core the wall time of the run; wall time on a shared machine counts the other processes "
                    "too); exactcube verify and report sum them to say, before a run of more than 20 seconds, what "
                    "it will take",
            "seconds": {r.claim.id: round(cpu[r.claim.id], 2) for r in sorted(results, key=lambda r: r.claim.id)}})
        print(f"wrote {seconds}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
