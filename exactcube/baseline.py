"""The verdict baseline (docs/verdicts.json), the changes between two runs, and the errata as a
referee pastes them.

A *baseline* keeps of each verdict what a change of judgement changes, and nothing that varies
from run to run: the claim id, the outcome, the evidence, the readings it rests on, the errata's
places, printed values, kinds and causes, and the same for each verdict under another reading
(:func:`baseline_entry`).  ``python scripts/update_verdicts.py`` writes the default run's baseline
to docs/verdicts.json; a test fails when a verdict differs from it, so a change of verdict updates
the baseline in the same commit.  ``exactcube verify --compare OLD.json`` prints the changes
between a baseline (or a ``--json`` document of an older run) and this run
(:func:`compare_baselines`); ``exactcube verify --errata --format md`` prints the errata as a
Markdown table (:func:`errata_markdown`).
"""

from __future__ import annotations

from typing import Iterable

__all__ = ["BASELINE_SCHEMA", "baseline_entry", "baseline_document", "baseline_of", "compare_baselines",
           "errata_markdown"]

#: The ``schema`` name of a baseline document.
BASELINE_SCHEMA = "exactcube-verdict-baseline"


def _errata_of(errata: Iterable[dict]) -> list[dict]:
    """Each erratum's place, printed value, kind and cause (the name grouping one cause behind many cells, ``""``
    for an erratum that is its own cause): a regrouping changes how many mistakes are counted."""
    return sorted(({"where": e["where"], "printed": e["printed"], "kind": e["kind"], "cause": e.get("cause", "")}
                   for e in errata), key=lambda e: (e["where"], e["printed"], e["kind"]))


def _readings(assumptions) -> list[str]:
    return [a["id"] if isinstance(a, dict) else str(a) for a in assumptions]


def _verdict_part(d: dict) -> dict:
    return {"outcome": d["outcome"], "evidence": d.get("evidence"), "readings": _readings(d.get("assumptions", [])),
            "errata": _errata_of(d.get("errata", [])),
            "alternatives": [_verdict_part(a) for a in d.get("alternatives", [])]}


def baseline_entry(claim_dict: dict) -> dict:
    """One claim's baseline entry from its ``--json`` form (schema v2, ``ClaimResult.as_dict``)."""
    return {"id": claim_dict["id"], **_verdict_part(claim_dict)}


def baseline_document(results) -> dict:
    """The baseline of a run: every claim's entry, sorted by id (``results``: ClaimResults)."""
    entries = sorted((baseline_entry(r.as_dict()) for r in results), key=lambda e: e["id"])
    return {"schema": BASELINE_SCHEMA, "version": 2,
            "made_by": "python scripts/update_verdicts.py (the default run: every non-slow claim)",
            "claims": entries}


def baseline_of(doc: dict) -> dict[str, dict]:
    """``{claim id: entry}`` from a baseline document or a ``verify --json`` document; ValueError otherwise."""
    if not isinstance(doc, dict) or not isinstance(doc.get("claims"), list):
        raise ValueError("not a verdict baseline or a 'verify --json' document (no list of claims)")
    if doc.get("schema") == BASELINE_SCHEMA:
        return {e["id"]: e for e in doc["claims"]}
    if doc.get("schema") == "exactcube-verdicts":
        return {c["id"]: baseline_entry(c) for c in doc["claims"]}
    raise ValueError(f"unknown schema {doc.get('schema')!r}; expected {BASELINE_SCHEMA!r} or 'exactcube-verdicts'")


def _label(e: dict) -> str:
    s = f"{e['outcome']} [{e['evidence']}]"
    return s + (f" under {', '.join(e['readings'])}" if e["readings"] else "")


def _diff_one(cid: str, old: dict, new: dict, prefix: str = "") -> list[str]:
    out = []
    if (old["outcome"], old["evidence"], old["readings"]) != (new["outcome"], new["evidence"], new["readings"]):
        out.append(f"{prefix}{cid}: {_label(old)} -> {_label(new)}")
    key = lambda e: (e["where"], e["printed"], e["kind"])  # noqa: E731
    before, after = {key(e) for e in old["errata"]}, {key(e) for e in new["errata"]}
    added, removed = sorted(after - before), sorted(before - after)
    # one erratum removed and one added at the same place with the same kind: the printed text spelled anew
    # (e.g. in the delimited syntax of docs/design.md), not a change of judgement
    for w, p, k in list(removed):
        same = [a for a in added if (a[0], a[2]) == (w, k)]
        if len(same) == 1 and sum((r[0], r[2]) == (w, k) for r in removed) == 1:
            out.append(f"{prefix}{cid}: erratum respelled: {w}: printed {p} -> {same[0][1]} ({k})")
            added.remove(same[0])
            removed.remove((w, p, k))
    for w, p, k in added:
        out.append(f"{prefix}{cid}: erratum added: {w}: printed {p} ({k})")
    for w, p, k in removed:
        out.append(f"{prefix}{cid}: erratum removed: {w}: printed {p} ({k})")
    # the cause of an erratum kept (a baseline of version 1 recorded none: nothing to compare)
    causes = {key(e): e["cause"] for e in old["errata"] if "cause" in e}
    for e in new["errata"]:
        was = causes.get(key(e))
        if was is not None and was != e.get("cause", ""):
            out.append(f"{prefix}{cid}: erratum regrouped: {e['where']}: printed {e['printed']} ({e['kind']}): cause "
                       f"{was or '(its own)'} -> {e.get('cause') or '(its own)'}")
    olds, news = old.get("alternatives", []), new.get("alternatives", [])
    if [_label(a) for a in olds] != [_label(a) for a in news]:
        out.append(f"{prefix}{cid}: alternatives: {'; '.join(map(_label, olds)) or 'none'} -> "
                   f"{'; '.join(map(_label, news)) or 'none'}")
    return out


def compare_baselines(old: dict[str, dict], new: dict[str, dict]) -> list[str]:
    """The changes from ``old`` to ``new`` (both ``{id: entry}``), one line each: outcome, evidence or
    readings changed, errata added, removed, respelled (the same place and kind, printed text written anew) or
    regrouped (another cause), alternatives changed, claims added or removed."""
    out = []
    for cid in sorted(set(old) | set(new)):
        if cid not in old:
            out.append(f"{cid}: new claim: {_label(new[cid])}")
        elif cid not in new:
            out.append(f"{cid}: not in this run (was {_label(old[cid])})")
        else:
            out.extend(_diff_one(cid, old[cid], new[cid]))
    return out


def errata_markdown(results) -> str:
    """Every erratum of a run as a Markdown table a referee can paste: claim (in backticks), where, printed, true
    (the true value rounded as it should have been printed, and the exact value when it differs), kind; the
    mathematics in them (``$...$``) as ``$latex$`` (:func:`exactcube.content.printers.to_markdown`)."""
    from .content.model import legacy
    from .content.printers import to_markdown

    def md(s) -> str:
        return to_markdown(legacy(str(s)))

    lines = ["| claim | where | printed | true | kind |", "|---|---|---|---|---|"]
    for r in results:
        v = r.verdict
        if v is None:
            continue
        for e in v.errata:
            true = md(e.true_rounded or e.true)
            if e.true_rounded and e.true != e.true_rounded and len(e.true) <= 60:
                true += f" (exactly {md(e.true)})"
            lines.append(f"| `{r.claim.id}` | {md(e.where)} | {md(e.printed)} | {true} | {e.kind.value} |")
    return "\n".join(lines) + "\n"
