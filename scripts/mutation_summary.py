#!/usr/bin/env python
"""Write docs/mutation-summary.json from the JSON of a full mutation run, and print the sentences the
docs quote.

    exactcube verify --mutate --json run.json            # the full run (or one per paper:
    python scripts/mutation_summary.py run.json          #  --paper P --mutate --json P.json,
                                                         #  then every P.json as arguments)

The summary holds, per document and in all, the mutants tried, caught, survived, survived by design,
fragile and errors (the classes of exactcube.mutate.classify: a move to open is fragile, a raise an
error, neither ever a catch), and per claim the same counts.  The figures in README.md and docs/*.md
are quoted from it in one form, "Full mutation run of DOC (docs/mutation-summary.json): C of T mutants
caught, S survived, D survived by design, F fragile, E errors", and
tests/test_mutation_summary.py checks every such sentence against the committed summary.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
KEYS = ("tried", "caught", "survived", "survived_by_design", "fragile", "errors")


def summarise(docs: list[dict]) -> dict:
    """The summary of one or more ``verify --mutate --json`` documents (claims merged by id)."""
    claims: dict[str, dict] = {}
    for d in docs:
        for c in d["claims"]:
            m = c.get("mutation")
            if m is None:
                raise ValueError(f"{c['id']}: no mutation report (run verify with --mutate)")
            # runs before the fragile / by-design classes counted neither (exactcube.mutate.classify)
            claims[c["id"]] = {"document": c["document"], **{k: m.get(k, 0) for k in KEYS}, "items": m["items"]}
    per_doc: dict[str, dict] = {}
    for _cid, c in sorted(claims.items()):
        agg = per_doc.setdefault(c["document"], {"claims": 0, **{k: 0 for k in KEYS}, "nothing_printed": 0})
        agg["claims"] += 1
        agg["nothing_printed"] += c["items"] == 0
        for k in KEYS:
            agg[k] += c[k]
    total = {"claims": len(claims), **{k: sum(a[k] for a in per_doc.values()) for k in KEYS},
             "nothing_printed": sum(a["nothing_printed"] for a in per_doc.values())}
    return {"schema": "exactcube-mutation-summary", "version": 1,
            "made_by": "python scripts/mutation_summary.py on 'exactcube verify --mutate --json' output "
                       "(every non-slow claim, all mutants)",
            "total": total, "documents": per_doc,
            "claims": {cid: {k: c[k] for k in KEYS} for cid, c in sorted(claims.items())}}


def sentence(name: str, a: dict) -> str:
    """The one form in which the docs quote the figures (checked by tests/test_mutation_summary.py)."""
    return (f"Full mutation run of {name} (docs/mutation-summary.json): {a['caught']} of {a['tried']} mutants "
            f"caught, {a['survived']} survived, {a.get('survived_by_design', 0)} survived by design, "
            f"{a.get('fragile', 0)} fragile, {a['errors']} errors")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("runs", nargs="+", help="verify --mutate --json outputs")
    p.add_argument("-o", "--output", default=str(ROOT / "docs" / "mutation-summary.json"))
    args = p.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from exactcube.output import write_json

    docs = []
    for path in args.runs:
        try:
            docs.append(json.loads(pathlib.Path(path).read_text(encoding="utf-8")))
        except (OSError, ValueError) as exc:
            print(f"cannot read {path}: {exc}", file=sys.stderr)
            return 2
    summary = summarise(docs)
    write_json(args.output, summary)
    print(sentence("all documents", summary["total"]))
    for doc, a in summary["documents"].items():
        print(sentence(doc, a))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
