"""The mutation figures quoted in README.md and docs/ come from the committed summary of one full run
(docs/mutation-summary.json, written by scripts/mutation_summary.py), never typed by hand."""

import json
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
SUMMARY = json.loads((ROOT / "docs" / "mutation-summary.json").read_text(encoding="utf-8"))
QUOTE = re.compile(r"Full mutation run of ([\w ]+?) \(docs/mutation-summary\.json\): (\d+) of (\d+) mutants caught, "
                   r"(\d+) survived, (?:(\d+) survived by design, (\d+) fragile, )?(\d+) errors")
#: The classes a mutant falls in (exactcube.mutate.classify); a summary of an older run has only the first three.
CLASSES = ("caught", "survived", "survived_by_design", "fragile", "errors")


def _pages():
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_summary_adds_up():
    t = SUMMARY["total"]
    assert t["tried"] == sum(t.get(k, 0) for k in CLASSES)
    for doc, a in SUMMARY["documents"].items():
        assert a["tried"] == sum(a.get(k, 0) for k in CLASSES), doc
        claims = {c: v for c, v in SUMMARY["claims"].items() if c.startswith(doc + ".")}
        assert sum(v["tried"] for v in claims.values()) == a["tried"], doc
    assert sum(a["tried"] for a in SUMMARY["documents"].values()) == t["tried"]


def test_quoted_figures_agree_with_the_summary():
    quoted = 0
    for page in _pages():
        for m in QUOTE.finditer(" ".join(page.read_text(encoding="utf-8").split())):
            name = m.group(1)
            a = SUMMARY["total"] if name == "all documents" else SUMMARY["documents"][name]
            got = tuple(int(g) for g in m.groups()[1:] if g is not None)
            want = (a["caught"], a["tried"], a["survived"]) + (
                (a["survived_by_design"], a["fragile"]) if m.group(5) is not None else ()) + (a["errors"],)
            assert got == want, (page.name, m.group(0))
            quoted += 1
    # README quotes the total, and every document's page its own figures
    assert quoted >= 1 + len(SUMMARY["documents"])


def test_the_sentence_form_is_the_scripts():
    import importlib.util

    spec = importlib.util.spec_from_file_location("mutation_summary", ROOT / "scripts" / "mutation_summary.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    s = mod.sentence("ju24", {"caught": 3, "tried": 7, "survived": 1, "survived_by_design": 1, "fragile": 1,
                              "errors": 1})
    assert QUOTE.fullmatch(s) and QUOTE.fullmatch(s).groups() == ("ju24", "3", "7", "1", "1", "1", "1")
