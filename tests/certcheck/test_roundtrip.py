"""``verify --certificates`` then ``python -m certcheck``: a fast subset of each kind in the default run, every
default claim in a slow test; the corruption harness rejects every corrupted certificate."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
#: a few claims of each kind: Nim tables, recurrences, SMT steps
FAST = ("noisy.appendix.n4", "noisy.appendix.n5", "floyd.f25", "zk77.recursion", "ks69.table1", "ju24.thm1.2",
        "noisy.conjecture9.top_moves", "zk77.thm1.eq10_11", "ks69.lemma", "ks69.sec3.lemma", "ks69.eq19-20", "floyd.bet",
        "floyd.order", "ju24.notes.alpha_n", "ju24.lemma4.2", "ks69.sec5.phi-prime", "ju24.fig1")
#: the kinds FAST writes
FAST_KINDS = {"nim-table", "recurrence", "doubling-points", "alternating-doubles", "smt", "identities", "walk-lemma",
              "doubling-lemma", "doubling-symmetry", "race-bet", "floyd-program"}


def _certcheck(folder, *extra):
    """certcheck in a fresh interpreter that cannot import exactcube's dependencies' state (only the repo path)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([sys.executable, "-m", "certcheck", str(folder), *extra], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)


@pytest.fixture(scope="module")
def fast_certs(tmp_path_factory, cli_module):
    folder = tmp_path_factory.mktemp("certs")
    argv = ["verify", "--certificates", str(folder)]
    for c in FAST:
        argv += ["--claim", c]
    code, text = cli_module(argv)
    assert code == 0, text
    return folder, text


@pytest.fixture(scope="module")
def cli_module():
    import io

    from exactcube.cli import Output, main

    def run(argv):
        buf = io.StringIO()
        code = main(list(argv), Output(buf, force_plain=True))
        return code, buf.getvalue()

    return run


def test_fast_subset_is_certified(fast_certs):
    folder, text = fast_certs
    # --claim is a prefix: ju24.fig1 selects ju24.fig10 too, an erratum with no builder, listed as such
    assert f"{len(FAST)} of {len(FAST) + 1} exact/rigorous verdicts certified" in text
    manifest = json.loads((folder / "MANIFEST.json").read_text())
    assert manifest["uncertified"] == ["ju24.fig10"]
    kinds = {json.loads((folder / f).read_text())["kind"] for f in manifest["files"]}
    assert kinds == FAST_KINDS
    r = _certcheck(folder)
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == len(manifest["files"]) and all(x.startswith("CERTIFIED ") for x in lines)


def test_edge_walk_lemma_is_certified(fast_certs):
    # ju24's Lemma 4.2 (third 3 December session): its identities, and the walks on 0..m, m <= 200, it solved
    folder, text = fast_certs
    manifest = json.loads((folder / "MANIFEST.json").read_text())
    assert {"ju24.lemma4.2.identities.json", "ju24.lemma4.2.walk.json"} <= set(manifest["files"])
    walk = json.loads((folder / "ju24.lemma4.2.walk.json").read_text())
    assert walk["asserts"]["edges"] is True and walk["asserts"]["n"] == 200
    assert set(walk["data"]["chances"]) == {f"0,{m}" for m in range(1, 201)}
    assert "ju24.lemma4.2: certified by certcheck" in text


def test_phi_prime_and_figure_1_are_certified(fast_certs):
    # the fourth 3 December session (h41p): Phi'(u) refuted at a witness of exponentials, Figure 1's sides and line
    folder, text = fast_certs
    phi = json.loads((folder / "ks69.sec5.phi-prime.json").read_text())
    (ident,) = phi["data"]["identities"]
    assert phi["asserts"]["identities"][0][1] is False and set(ident["witness"]) == {"u", "du"}
    fig = json.loads((folder / "ju24.fig1.json").read_text())
    assert fig["asserts"]["sides"] == {"odd": "below", "even": "above"} and len(fig["data"]["d"]) == 200
    assert fig["asserts"]["closed_form"] == {"a": "4/5", "c": "1/5", "r": "-1/4"}
    assert "ks69.sec5.phi-prime: certified by certcheck" in text and "ju24.fig1: certified by certcheck" in text


def test_certificates_hold_no_float(fast_certs):
    folder, _ = fast_certs
    for f in os.listdir(folder):
        json.loads((folder / f).read_text(), parse_float=lambda s, f=f: pytest.fail(f"float {s} in {f}"))


def test_corruption_is_rejected(fast_certs, capsys):
    folder, _ = fast_certs
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    try:
        import corrupt_certificates as cc
    finally:
        sys.path.pop(0)
    rows = cc.run(str(folder))
    survived = [(n, label) for n, _, label, reason in rows if reason is None]
    assert len(rows) >= 40 and survived == []
    assert {k for _, k, _, _ in rows} == FAST_KINDS


def test_a_verdict_without_builder_is_listed(cli_module, tmp_path):
    code, text = cli_module(["verify", "--certificates", str(tmp_path), "--claim", "zk77.thm1.names"])
    assert code == 0
    assert "no certificate (1): zk77.thm1.names" in text and "0 of 1 exact/rigorous verdicts certified" in text
    assert json.loads((tmp_path / "MANIFEST.json").read_text())["uncertified"] == ["zk77.thm1.names"]


def test_certificates_destination_must_be_a_folder(cli_module, tmp_path, capsys):
    f = tmp_path / "file"
    f.write_text("x")
    code, _ = cli_module(["verify", "--certificates", str(f), "--claim", "floyd.f25"])
    assert code == 2 and "not a folder" in capsys.readouterr().err


@pytest.mark.slow
def test_every_default_claim(tmp_path, cli_module):
    code, text = cli_module(["verify", "--certificates", str(tmp_path)])
    assert code == 0, text
    assert "certificate not built" not in text
    r = _certcheck(tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr


def test_verify_says_certified_by_certcheck(fast_certs):
    folder, text = fast_certs
    manifest = json.loads((folder / "MANIFEST.json").read_text())
    assert f"floyd.f25: certified by certcheck {manifest['files']['floyd.f25.json'][:12]}" in text


@pytest.mark.slow
def test_certcheck_folder_reports_a_rejection(fast_certs, tmp_path):
    import shutil

    from exactcube.certificates import certcheck_folder

    folder, _ = fast_certs
    for f in os.listdir(folder):
        shutil.copy(folder / f, tmp_path / f)
    raw = (tmp_path / "floyd.f25.json").read_text().replace('"1"', '"2"', 1)
    (tmp_path / "floyd.f25.json").write_text(raw)
    got = certcheck_folder(str(tmp_path))
    assert got["floyd.f25"] == "SHA-256 differs from the manifest"
    assert got["ks69.table1"] is None


def _bearoff_folder(folder, max_checkers, count):
    from certcheck.core import certified_sentence, sha256
    from proofs.certificates import bearoff_audit

    c = bearoff_audit(max_checkers, count)
    doc = {"format": "exactcube-certificate", "version": 1, "name": "bearoff.audit", "kind": c["kind"],
           "claim": {"id": "bearoff.audit", "statement": "the two-sided bearoff table"},
           "verdict": {"outcome": "verified", "evidence": "exact"}, "asserts": c["asserts"], "data": c["data"]}
    doc["certifies"] = certified_sentence(doc)
    raw = (json.dumps(doc) + "\n").encode()
    (folder / "bearoff.audit.json").write_bytes(raw)
    (folder / "MANIFEST.json").write_text(json.dumps({"format": "exactcube-certificates-manifest", "version": 1,
                                                      "files": {"bearoff.audit.json": sha256(raw)}}))


def test_bearoff_audit_small_table(tmp_path):
    """The audit on the table of up to 3 checkers a side (84 positions), 300 entries, and its corruptions."""
    _bearoff_folder(tmp_path, 3, 300)
    r = _certcheck(tmp_path)
    assert r.returncode == 0 and r.stdout == "CERTIFIED bearoff.audit\n", r.stdout + r.stderr
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    try:
        import corrupt_certificates as cc
    finally:
        sys.path.pop(0)
    rows = cc.run(str(tmp_path))
    assert len(rows) >= 8 and [label for *_, label, reason in rows if reason is None] == []


@pytest.mark.slow
def test_bearoff_audit_six_a_side(tmp_path):
    """10,000 entries of the table of up to 6 checkers a side (about 1 min of CPU to build and audit, 15 s to check)."""
    _bearoff_folder(tmp_path, 6, 10_000)
    r = _certcheck(tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr


def test_certificates_folder_with_other_files_is_refused(cli_module, tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    code, _ = cli_module(["verify", "--certificates", str(tmp_path), "--claim", "floyd.f25"])
    assert code == 2 and "not certificates of an earlier run" in capsys.readouterr().err
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_certificates_rewrite_an_earlier_folder(cli_module, tmp_path):
    for claim in ("floyd.f25", "ks69.table1"):
        code, text = cli_module(["verify", "--certificates", str(tmp_path), "--claim", claim])
        assert code == 0, text
    assert sorted(os.listdir(tmp_path)) == ["MANIFEST.json", "ks69.table1.json"]


@pytest.mark.parametrize("argv", [["--certificates", ""], ["--certificates", "d", "--list"],
                                  ["--certificates", "d", "--errata"]])
def test_certificates_bad_input(cli_module, tmp_path, monkeypatch, capsys, argv):
    monkeypatch.chdir(tmp_path)
    code, _ = cli_module(["verify", "--claim", "floyd.f25", *argv])
    assert code == 2 and "--certificates" in capsys.readouterr().err
    assert not (tmp_path / "d").exists()


def test_recorder_hooks_record_only_while_recording():
    """The SMT steps and the identities reach the certificates through the hooks smt.prove and
    exactcube.symbolic.identity call (no monkeypatch); outside ``recording()`` nothing is kept."""
    from types import SimpleNamespace

    import sympy as sp
    import z3

    from exactcube.certificates import recording
    from exactcube.symbolic import identity, solve
    from proofs.noisy import smt

    x = z3.Real("x")
    a = sp.Symbol("a")
    with recording() as rec:
        rec.start(SimpleNamespace(id="c"))
        smt.prove("x > 1 implies x > 0", [x > 1], x > 0)
        identity((a ** 2 - 1) / (a - 1), a + 1, "t")
        solve(2 * a + 1, 0, a, "2a + 1 = 0 solved for a")
    (step,) = rec.steps["c"]
    assert step["proved"] and step["goal"] == "(> x 0.0)" and step["declarations"] == "(declare-fun x () Real)"
    ident, sol = rec.identities["c"]
    assert ident["holds"] and ident["label"] == "t"
    assert sol["solutions"] == (sp.Rational(-1, 2),) and sol["unknown"] == a
    smt.prove("outside", [x > 1], x > 0)
    assert len(rec.steps["c"]) == 1


def test_a_cached_lemma_gives_its_steps_to_every_claim_that_runs_it():
    """A check cached for the run (recorded_cache) records its z3 step for the first claim that runs it and, answered
    from the cache, again for every later claim (with functools.lru_cache the second claim had no step); a value
    cached before the recording began is computed once more to record its step."""
    from types import SimpleNamespace

    import z3

    from exactcube.certificates import recorded_cache, recording
    from proofs.noisy import smt

    x = z3.Real("x")
    runs = []

    @recorded_cache
    def lemma(bound):
        runs.append(bound)
        return smt.prove(f"x > {bound} implies x > 0", [x > bound], x > 0)

    lemma(2)  # cached outside any recording
    with recording() as rec:
        for cid in ("first", "second"):
            rec.start(SimpleNamespace(id=cid))
            assert lemma(1).proved and lemma(2).proved
    assert runs == [2, 1, 2]  # lemma(1) once; lemma(2) once more inside the recording, to record it
    for cid in ("first", "second"):
        assert [s["name"] for s in rec.steps[cid]] == ["x > 1 implies x > 0", "x > 2 implies x > 0"]
    lemma.cache_clear()
    assert lemma(1).proved and runs[-1] == 1
