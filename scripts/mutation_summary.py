#!/usr/bin/env python
"""Write docs/mutation-summary.json from the JSON of a full mutation run, and print the sentences the
docs quote.

    exactcube verify --mutate --json run.json            # the full run (or one per paper:
    python scripts/mutation_summary.py run.json          #  --paper P --mutate --json P.json,
                                                         #  then every P.json as arguments)
    python scripts/mutation_summary.py --update P.json   # one document re-run: its figures replace
                                                         #  the committed ones, the others are kept

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


def update(old: dict, new: dict) -> dict:
    """``old`` (a committed summary) with the documents of ``new`` (a summary of some documents' runs) replaced,
    their claims with them, and the total summed again."""
    out = {**old, "documents": dict(old["documents"]), "claims": dict(old["claims"])}
    for doc, agg in new["documents"].items():
        out["documents"][doc] = agg
        out["claims"] = {c: v for c, v in out["claims"].items() if not c.startswith(doc + ".")}
    out["claims"].update(new["claims"])
    out["claims"] = dict(sorted(out["claims"].items()))
    out["documents"] = dict(sorted(out["documents"].items()))
    per_doc = out["documents"].values()
    out["total"] = {"claims": sum(a["claims"] for a in per_doc), **{k: sum(a[k] for a in per_doc) for k in KEYS},
                    "nothing_printed": sum(a["nothing_printed"] for a in per_doc)}
    return out


def sentence(name: str, a: dict) -> str:
    """The one form in which the docs quote the figures (checked by tests/test_mutation_summary.py)."""
    return (f"Full mutation run of {name} (docs/mutation-summary.json): {a['caught']} of {a['tried']} mutants "
            f"caught, {a['survived']} survived, {a.get('survived_by_design', 0)} survived by design, "
            f"{a.get('fragile', 0)} fragile, {a['errors']} errors")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("runs", nargs="+", help="verify --mutate --json outputs")
    p.add_argument("-o", "--output", default=str(ROOT / "docs" / "mutation-summary.json"))
    p.add_argument("--update", action="store_true",
                   help="replace only the documents of RUNS in the summary at -o, keeping the others")
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
    if args.update:
        try:
            summary = update(json.loads(pathlib.Path(args.output).read_text(encoding="utf-8")), summary)
        except (OSError, ValueError) as exc:
            print(f"cannot read {args.output}: {exc}", file=sys.stderr)
            return 2
    write_json(args.output, summary)
    print(sentence("all documents", summary["total"]))
    for doc, a in summary["documents"].items():
        print(sentence(doc, a))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
