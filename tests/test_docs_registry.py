"""Docs that cannot drift: every claim id, outcome and evidence class that README.md and
docs/ state is checked against the live registry and this run's verdicts."""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
_ID = re.compile(r"`((?:ks69|ju24|zk77|floyd|noisy|gnubg-met|gnubg)\.[A-Za-z0-9][A-Za-z0-9.\-_]*)`")
# a row of a claims table: | `id` (notes) | **outcome** (optional words) | evidence (optional words) | ...
_ROW = re.compile(r"^\|\s*`([a-z0-9]+(?:-[a-z0-9]+)*\.[^`]+)`[^|]*\|\s*\**(verified|refuted|erratum|open)\**([^|]*)\|\s*"
                  r"(exact|rigorous|numeric|sampled)\b([^|]*)\|", re.M)


def _known_ids():
    from exactcube import catalog
    from exactcube.claims import REGISTRY
    from exactcube.figures import FIGURES
    from exactcube.results import ASSUMPTIONS
    from exactcube.tables import TABLES

    catalog.load()
    return set(REGISTRY) | set(TABLES) | set(FIGURES) | set(ASSUMPTIONS)


def _mentions():
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in _ID.finditer(text):
            yield page.name, text[: m.start()].count("\n") + 1, m.group(1)


def test_every_id_mentioned_is_registered():
    known = _known_ids()
    # prefixes used with 'verify --claim' name several claims; a mentioned id must be a claim,
    # a table, a figure, a registered reading, or the prefix of at least one of them
    unknown = sorted({(p, ln, i) for p, ln, i in _mentions()
                      if i not in known and not any(k.startswith(i + ".") for k in known)})
    assert unknown == []


def _rows():
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in _ROW.finditer(text):
            yield pytest.param(m.group(1), m.group(2), m.group(4), m.group(3) + m.group(5),
                               id=f"{page.name}:{text[: m.start()].count(chr(10)) + 1}:{m.group(1)}")


@pytest.mark.parametrize("cid, outcome, evidence, rest", list(_rows()))
def test_stated_outcome_and_evidence_match_the_registry(verdicts, cid, outcome, evidence, rest):
    from exactcube.claims import REGISTRY

    if cid not in verdicts:
        assert cid in REGISTRY and REGISTRY[cid].slow, f"{cid} is not a registered claim"
        pytest.skip(f"{cid} is a slow claim (checked by the slow run)")
    v = verdicts[cid].verdict
    assert v is not None, verdicts[cid].error
    assert (v.outcome.value, v.evidence.value) == (outcome, evidence)
    if v.assumptions:
        assert "under" in rest, f"{cid} rests on {', '.join(v.assumptions)}: the page must say 'under ...'"
