"""The Coq development in formal/ (issue 43): it compiles, its main theorems rest only on the standard reals'
axioms, a false statement put in its place does not compile, and claims show their formal checks apart from
their computed verdicts.  The tests that need coqc skip (with the reason) where it is absent."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from exactcube import formal
from exactcube.results import Evidence

HAVE_COQC = shutil.which("coqc") is not None
needs_coqc = pytest.mark.skipif(not HAVE_COQC, reason="coqc not installed (apt-get install coq libcoq-interval)")


@pytest.fixture
def formal_on(monkeypatch):
    """The suite switches the formal checks off (tests/conftest.py); these tests switch them on."""
    monkeypatch.setenv("EXACTCUBE_FORMAL", "on")


def _copy(tmp_path: Path, files=None) -> Path:
    root = tmp_path / "formal"
    root.mkdir()
    names = formal.project_files() if files is None else files
    for f in names:
        shutil.copyfile(formal.FORMAL_DIR / f, root / f)
    (root / "_CoqProject").write_text("-Q . Exactcube\n" + "".join(f + "\n" for f in names), encoding="utf-8")
    return root


def _compile(root: Path, files) -> subprocess.CompletedProcess:
    """coqc on ``files`` in order; the first failure's process (or the last success)."""
    p = None
    for f in files:
        p = subprocess.run(["coqc", "-q", "-Q", ".", "Exactcube", f], cwd=root, capture_output=True, text=True)
        if p.returncode != 0:
            return p
    return p


def _edit(root: Path, name: str, old: str, new: str) -> None:
    path = root / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} not found once in {name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_no_admitted_or_axiom_in_the_sources():
    """No proof is left open and nothing is postulated, in any file of the development (read as text)."""
    for f in formal.project_files():
        src = re.sub(r"\(\*.*?\*\)", "", (formal.FORMAL_DIR / f).read_text(encoding="utf-8"), flags=re.S)
        for word in ("Admitted", "admit", "Axiom", "Parameter", "Conjecture"):
            assert not re.search(rf"\b{word}\b", src), f"{f} contains {word}"


@pytest.mark.slow
@needs_coqc
def test_development_compiles_on_the_standard_axioms_only(formal_on):
    formal._BUILDS.clear()
    b = formal.build()
    assert b.ok, b.error
    theorems = {t for fts in formal.FORMAL_PROOFS.values() for _, t in fts}
    assert theorems <= set(b.statements) and theorems <= set(b.axioms)
    for t in theorems:
        assert set(b.axioms[t]) <= formal.STANDARD_AXIOMS, (t, b.axioms[t])
    # the statements are the theorems coqc checked, with their hypotheses
    assert "eps_star" in b.statements["conjecture9_small_eps"]
    assert "2 * (1 - e) ^ 3 = e -> e = eps_star" in b.statements["eps_star_unique"]


@pytest.mark.slow
@needs_coqc
def test_make_builds_the_development(tmp_path):
    """The README's one command: a plain `make` in (a copy of) formal/ (slow: a second full compilation, about
    15 s of CPU; .ci/run compiles formal/ with make before the tests, and
    test_development_compiles_on_the_standard_axioms_only, also slow, compiles it and reads its axioms)."""
    if shutil.which("make") is None or shutil.which("coq_makefile") is None:
        pytest.skip("make or coq_makefile not installed")
    root = _copy(tmp_path)
    shutil.copyfile(formal.FORMAL_DIR / "Makefile", root / "Makefile")
    p = subprocess.run(["make", "-s"], cwd=root, capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert (root / "TheoremN.vo").exists()


# The mutations: each makes a statement false, so that no proof of it exists, and the compilation must fail.
PREFIX = ["Sums.v", "LemmaX.v", "Threshold.v", "StepFacts.v"]
MUTATIONS = [
    pytest.param("StepFacts.v", "  0 < eps <= eps_star -> 0 < a -> (1 - eps) * a < B0 ->",
                 "  0 < eps <= 7/16 -> 0 < a -> (1 - eps) * a < B0 ->", id="eps-star-replaced-by-7/16"),
    pytest.param("StepFacts.v", "  0 < eps <= eps_star -> 0 < a -> (1 - eps) * a < B0 ->",
                 "  0 < eps <= eps_star -> 0 < a -> (1 - 2 * eps) * a < B0 ->", id="lemma-X-bound-weakened"),
    pytest.param("StepFacts.v", "Au < (1 - 2 * eps) * a -> (1 - 2 * eps) * a <= Bu -> B0 <= a ->\n"
                 "  (1 - eps) * Au - eps * Bu",
                 "Au < (1 - 2 * eps) * a -> (1 - 3 * eps) * a <= Bu -> B0 <= a ->\n  (1 - eps) * Au - eps * Bu",
                 id="B4-bound-weakened-in-fact-2"),
    pytest.param("Threshold.v", "410245487698541615721198252903 / 1000000000000000000000000000000.",
                 "410245487698541615721198252904 / 1000000000000000000000000000000.", id="enclosure-lower-end-raised"),
    pytest.param("LemmaX.v", "  (1 - eps) * a < psum (fun s => mu s * beta s) K.",
                 "  (1 - eps) * a + eps * a < psum (fun s => mu s * beta s) K.", id="lemma-X-conclusion-strengthened"),
]


@pytest.mark.slow
@needs_coqc
@pytest.mark.parametrize("name,old,new", MUTATIONS)
def test_a_false_statement_does_not_compile(tmp_path, name, old, new):
    root = _copy(tmp_path, PREFIX)
    _edit(root, name, old, new)
    p = _compile(root, PREFIX[:PREFIX.index(name) + 1])
    assert p.returncode != 0, f"the mutated {name} compiled"


@needs_coqc
def test_the_unmutated_prefix_compiles(tmp_path):
    """The control of the mutation tests: the same files, unedited, compile."""
    root = _copy(tmp_path, PREFIX)
    p = _compile(root, PREFIX)
    assert p.returncode == 0, p.stderr


@needs_coqc
def test_an_admitted_proof_is_not_a_formal_check(tmp_path, formal_on, monkeypatch):
    """A proof closed by Admitted compiles, but Print Assumptions shows it: the check is not 'checked'."""
    root = _copy(tmp_path, ["Sums.v", "LemmaX.v"])
    text = (root / "LemmaX.v").read_text(encoding="utf-8")
    head, tail = text.rsplit("Qed.", 1)
    (root / "LemmaX.v").write_text(head + "Admitted." + tail, encoding="utf-8")
    monkeypatch.setattr(formal, "FORMAL_PROOFS", {"x.y": (("LemmaX.v", "lemma_X"),)})
    (check,) = formal.formal_checks("x.y", root=root)  # the cache is keyed by the copy's digest: a build of its own
    assert not check.checked and check.provenance is None
    assert "lemma_X" in check.axioms and "Admitted" in check.note


def _run_claim(cid):
    from exactcube import catalog
    from exactcube.claims import REGISTRY, run_claims

    catalog.load()
    (r,) = run_claims([REGISTRY[cid]])
    return r.verdict


@pytest.mark.slow
@needs_coqc
def test_a_claim_cites_its_formal_proof(formal_on):
    v = _run_claim("noisy.lemma7")
    assert v.outcome.value == "verified" and v.evidence is Evidence.EXACT  # the computation's own evidence
    (f,) = v.formal
    assert f.checked and f.theorem == "lemma7" and f.provenance.evidence is Evidence.FORMAL
    assert f.sha256 == formal.file_sha256(formal.FORMAL_DIR / "Lemma7.v")
    assert "p x = 1 / 2" in f.statement
    assert v.as_dict()["formal"][0]["evidence"] == "formal"


def test_without_coqc_the_claim_verifies_and_says_the_formal_check_did_not_run(formal_on, monkeypatch):
    monkeypatch.setattr(formal, "coqc_path", lambda: None)  # checked before the cache: nothing is reused
    v = _run_claim("ju24.eq3.4")
    assert v.outcome.value == "verified" and v.evidence is Evidence.EXACT
    assert v.formal and all(not f.checked and f.provenance is None for f in v.formal)
    assert all("did not run" in f.note and "coqc not found" in f.note for f in v.formal)
    assert all(d["evidence"] is None for d in v.as_dict()["formal"])


def test_every_formal_claim_is_registered_or_pending():
    """The registry names claims that exist (or that issue 42's branch registers) and theorems in its files."""
    from exactcube import catalog
    from exactcube.claims import REGISTRY

    catalog.load()
    for cid, pairs in formal.FORMAL_PROOFS.items():
        assert cid in REGISTRY or cid in formal.PENDING_CLAIMS, cid
        for f, t in pairs:
            src = (formal.FORMAL_DIR / f).read_text(encoding="utf-8")
            assert re.search(rf"^(Theorem|Lemma|Corollary) {t}\b", src, flags=re.M), (f, t)
    assert set(formal.FORMAL_COVERS) <= set(formal.FORMAL_PROOFS)
