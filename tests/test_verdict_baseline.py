"""The verdict baseline docs/verdicts.json, verify --compare and verify --errata (issue 22, item 6)."""

import json
import pathlib

from exactcube.baseline import baseline_document, baseline_of, compare_baselines

BASELINE = pathlib.Path(__file__).resolve().parent.parent / "docs" / "verdicts.json"


def test_verdicts_match_the_committed_baseline(verdicts):
    """A changed verdict must come with its baseline: run `python scripts/update_verdicts.py` in the same
    commit (and read the change first with `exactcube verify --compare docs/verdicts.json`)."""
    committed = baseline_of(json.loads(BASELINE.read_text(encoding="utf-8")))
    now = baseline_of(baseline_document(verdicts.values()))
    changes = compare_baselines(committed, now)
    assert changes == [], "verdicts differ from docs/verdicts.json:\n" + "\n".join(changes)


def test_baseline_keeps_no_timings_or_details():
    doc = json.loads(BASELINE.read_text(encoding="utf-8"))
    assert doc["schema"] == "exactcube-verdict-baseline"
    for e in doc["claims"]:
        assert set(e) == {"id", "outcome", "evidence", "readings", "errata", "alternatives"}, e["id"]


def _old(tmp_path, edit):
    """A baseline of the floyd claims as committed, edited by hand, written to a file."""
    doc = json.loads(BASELINE.read_text(encoding="utf-8"))
    doc["claims"] = [e for e in doc["claims"] if e["id"].startswith("floyd.")]
    edit({e["id"]: e for e in doc["claims"]})
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def test_compare_prints_what_changed(cli, tmp_path):
    def edit(by_id):
        # as before issue 22: a transcription-only claim was an erratum; and an erratum that is no longer found
        by_id["floyd.algorithm"]["outcome"] = "erratum"
        by_id["floyd.f25"]["errata"] = [{"where": "somewhere", "printed": "7", "kind": "misprint"}]
        by_id["floyd.order"]["evidence"] = "numeric"

    code, text = cli(["verify", "--paper", "floyd", "--compare", _old(tmp_path, edit)])
    assert code == 0
    assert "changes from" in text and ": 3" in text
    assert "floyd.algorithm: erratum [exact] -> verified [exact]" in text
    assert "floyd.f25: erratum removed: somewhere: printed 7 (misprint)" in text
    assert "floyd.order: verified [numeric] -> verified [exact]" in text


def test_compare_without_changes_and_with_bad_input(cli, tmp_path):
    code, text = cli(["verify", "--paper", "floyd", "--compare", _old(tmp_path, lambda d: None)])
    assert code == 0 and "none" in text.split("changes from", 1)[1].splitlines()[0]
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    code, _ = cli(["verify", "--paper", "floyd", "--compare", str(bad)])
    assert code == 2
    code, _ = cli(["verify", "--paper", "floyd", "--compare", str(tmp_path / "missing.json")])
    assert code == 2


def test_errata_as_markdown(cli):
    code, text = cli(["verify", "--claim", "floyd.algorithm", "--errata", "--format", "md"])
    assert code == 0
    lines = text.strip().splitlines()
    assert lines[0] == "| claim | where | printed | true | kind |"
    # the damaged loop bound: printed 2.5, true 25 (the note's table goes up to 25), damage of the text
    assert lines[2] == "| `floyd.algorithm` | program, FOR LARGER := 1 TO 2.5 | 2.5 | 25 | transcription |"
    assert len(lines) == 3
