"""Formal proofs (issue 43): the Coq development in ``formal/``, checked by ``coqc`` in this run.

A claim with a formal proof names Coq theorems (:data:`FORMAL_PROOFS`).  When such a claim runs,
:func:`attach_formal` adds to its verdict one :class:`FormalCheck` per theorem: the theorem's name, its
file and that file's SHA-256, the statement as Coq prints it (``Check``), the axioms it rests on (``Print
Assumptions``), and whether the kernel checked it *in this run*.  A check is ``checked`` only when coqc
compiled the whole development here without error and the theorem rests on no axiom beyond those of Coq's
standard real numbers (:data:`STANDARD_AXIOMS`; an ``Admitted`` proof shows up there as an axiom too).
Then, and only then, its provenance has the evidence ``formal``.  Nothing is ever set by hand, read from a
cache of an earlier run or taken from a file: without coqc (or when the build fails) the check says it did
not run, and the claim's own verdict (its evidence derived from the computation) is unchanged.

The compilation is opt-in, so that a default ``verify`` costs what it did: ``verify --formal`` (or
``EXACTCUBE_FORMAL=on`` in the environment) compiles; otherwise the checks say they did not run.  The test suite
sets ``EXACTCUBE_FORMAL=off``, except in tests/test_formal.py, which compiles the development itself.

The development is compiled once per process, in a fresh temporary directory, and the result is kept in
memory keyed by the SHA-256 of the development's files (:func:`build`).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from .results import Evidence, Provenance

#: The development (the repository's ``formal/``).
FORMAL_DIR = Path(__file__).resolve().parent.parent / "formal"
#: The logical name of the development (``-Q formal Exactcube``).
LOGICAL = "Exactcube"
#: The axioms of Coq's standard real numbers (Coq 8.16: Reals on ClassicalDedekindReals), the only ones allowed.
STANDARD_AXIOMS = frozenset({
    "ClassicalDedekindReals.sig_forall_dec",
    "ClassicalDedekindReals.sig_not_dec",
    "FunctionalExtensionality.functional_extensionality_dep",
})

#: The claims with formal proofs: claim id -> the (file, theorem) pairs that prove it.
FORMAL_PROOFS: dict[str, tuple[tuple[str, str], ...]] = {
    "ju24.eq3.4": (("Ju24.v", "ju24_eq3_4"), ("Ju24.v", "ju24_eq3_4_positive"), ("Ju24.v", "ju24_thm14_max_at_two")),
    "ju24.eq3.6": (("Ju24.v", "ju24_eq3_6"), ("Ju24.v", "ju24_eq3_6_positive"), ("Ju24.v", "ju24_thm15_max_at_two")),
    "ks69.theorem2": (("Ks69.v", "ks69_theorem2"), ("Ks69.v", "thm2_eq8"), ("Ks69.v", "thm2_eq9"),
                      ("Ks69.v", "thm2_alpha_initial"), ("Ks69.v", "thm2_beta_initial"), ("Ks69.v", "bin_closed")),
    "noisy.lemma7": (("Lemma7.v", "lemma7"),),
    # issue 42's claims (registered by its branch; attached as soon as a claim of that id runs)
    "noisy.conjecture9.lemma_x": (("LemmaX.v", "lemma_X"), ("TheoremN.v", "lemma_X_game")),
    "noisy.conjecture9.threshold": (("Threshold.v", "eps_star_root"), ("Threshold.v", "eps_star_unique"),
                                    ("Threshold.v", "eps_star_enclosure")),
    "noisy.conjecture9.theorem_n": (("StepFacts.v", "fact2_low"), ("StepFacts.v", "fact3_top"),
                                    ("StepFacts.v", "fact4_topK"), ("TheoremN.v", "theorem_N_step"),
                                    ("TheoremN.v", "theorem_N")),
    "noisy.conjecture9.small_eps": (("TheoremN.v", "conjecture9_small_eps"), ("Blocks.v", "conjecture9_from_B1")),
    "noisy.blocks.within_block": (("Blocks.v", "B2_derived"),),
    "noisy.blocks.low_step": (("Blocks.v", "B4_derived"),),
    "noisy.conjecture10.bound_every_k": (("Blocks.v", "B5_derived"),),
    "noisy.conjecture9.bound_every_n": (("Blocks.v", "B6_derived"),),
    "noisy.conjecture9.top_moves": (("Blocks.v", "B7_derived"),),
    "noisy.conjecture9.block_from_power": (("Blocks.v", "B8_derived"),),
}

#: What the theorems of a claim cover when it is less than the claim's own scope (printed with each check).
FORMAL_COVERS: dict[str, str] = {
    "noisy.blocks.within_block": "for 0 < ε < 1/2 only, from Lemma B1 as a hypothesis",
    "noisy.blocks.low_step": "for 0 < ε < 1/2, from Lemma B1 as a hypothesis",
    "noisy.conjecture10.bound_every_k": "for 0 < ε < 1/2 only, from Lemma B1 as a hypothesis",
    "noisy.conjecture9.bound_every_n": "for 0 < ε < 1/2, from Lemma B1 as a hypothesis",
    "noisy.conjecture9.top_moves": "for 0 < ε < 1/2, from Lemma B1 as a hypothesis",
    "noisy.conjecture9.block_from_power": "for 0 < ε < 1/2, from Lemma B1 as a hypothesis",
    "noisy.conjecture9.small_eps": "from Lemma B1 (and the definition of p, the channel's rows) as hypotheses",
    "noisy.lemma7": "under the reading noisy.lemma7-hypothesis, for every finite game",
}

#: Claim ids of FORMAL_PROOFS that issue 42's branch registers (not on this branch yet).
PENDING_CLAIMS = frozenset({"noisy.conjecture9.lemma_x", "noisy.conjecture9.threshold", "noisy.conjecture9.theorem_n",
                            "noisy.conjecture9.small_eps"})


def coqc_path() -> str | None:
    """The coqc on PATH, or None."""
    return shutil.which("coqc")


def project_files(root: Path = FORMAL_DIR) -> list[str]:
    """The .v files of ``_CoqProject``, in its (dependency) order."""
    lines = (root / "_CoqProject").read_text(encoding="utf-8").splitlines()
    return [ln.strip() for ln in lines if ln.strip().endswith(".v")]


def file_sha256(path: Path) -> str:
    """The SHA-256 of a file's bytes, in hex."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def development_sha256(root: Path = FORMAL_DIR) -> str:
    """One digest of ``_CoqProject`` and every file it lists (the key of the in-process cache)."""
    h = hashlib.sha256()
    for name in ["_CoqProject", *project_files(root)]:
        h.update(name.encode() + b"\0" + (root / name).read_bytes() + b"\0")
    return h.hexdigest()


@dataclass(frozen=True)
class Build:
    """One compilation of the development: ``ok`` when every file compiled; the statements and axioms coqc
    printed for each queried theorem; the files' SHA-256; CPU seconds of the coqc processes."""

    ok: bool
    coqc: str
    version: str
    shas: dict = field(default_factory=dict)
    statements: dict = field(default_factory=dict)
    axioms: dict = field(default_factory=dict)
    error: str = ""
    cpu_seconds: float = 0.0


_BUILDS: dict[tuple[str, tuple], Build] = {}

_MARK = "EXACTCUBE-FORMAL"


def _query_file(theorems) -> str:
    mods = sorted({f[:-2] for f, _ in theorems})
    out = ["Set Printing Width 1000.", "From Coq Require Import Reals.",
           f"From {LOGICAL} Require Import {' '.join(mods)}.", "Open Scope R_scope."]
    for f, t in theorems:
        q = f"{f[:-2]}.{t}"
        out += [f'Goal True. idtac "{_MARK} statement {t}". Abort.', f"Check {q}.",
                f'Goal True. idtac "{_MARK} axioms {t}". Abort.', f"Print Assumptions {q}."]
    out.append(f'Goal True. idtac "{_MARK} end". Abort.')
    return "\n".join(out) + "\n"


def _run(cmd, cwd):
    t0 = os.times()
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    t1 = os.times()
    return p, (t1.children_user - t0.children_user) + (t1.children_system - t0.children_system)


def _parse(text: str) -> tuple[dict, dict]:
    """Statements and axioms by theorem from the query's output (sections between the markers)."""
    statements, axioms = {}, {}
    parts = re.split(rf"^{_MARK} (statement|axioms|end) ?(\w*)\s*$", text, flags=re.M)
    # parts: [before, kind, name, body, kind, name, body, ...]
    for i in range(1, len(parts) - 2, 3):
        kind, name, body = parts[i], parts[i + 1], parts[i + 2]
        body = body.strip()
        if kind == "statement":
            statements[name] = " ".join(body.split())
        elif kind == "axioms":
            if body.startswith("Closed under the global context"):
                axioms[name] = ()
            else:
                names = re.findall(r"^([A-Za-z_][\w.']*) :", body.replace("Axioms:", "", 1).strip(), flags=re.M)
                axioms[name] = tuple(names)
    return statements, axioms


def build(theorems=None, root: Path = FORMAL_DIR) -> Build:
    """Compile the development with coqc (once per process and content digest) and query ``theorems``
    (default: every theorem of :data:`FORMAL_PROOFS`)."""
    if theorems is None:
        theorems = sorted({ft for fts in FORMAL_PROOFS.values() for ft in fts})
    theorems = tuple(theorems)
    if os.environ.get("EXACTCUBE_FORMAL", "").lower() not in ("on", "1", "yes"):
        return Build(False, "", "", error="not compiled in this run (verify --formal, or EXACTCUBE_FORMAL=on, compiles "
                                          "formal/ with coqc: about 25 s of CPU)")
    coqc = coqc_path()
    if coqc is None:
        return Build(False, "", "", error="coqc not found on PATH (install coq and libcoq-interval)")
    key = (development_sha256(root), theorems)
    if key in _BUILDS:
        return _BUILDS[key]
    # Assumptions.v only prints (`make assumptions`); the query below asks coqc for what the checks need
    files = [f for f in project_files(root) if f != "Assumptions.v"]
    shas = {f: file_sha256(root / f) for f in files}
    version = subprocess.run([coqc, "--version"], capture_output=True, text=True).stdout.split("\n")[0].strip()
    cpu = 0.0
    with tempfile.TemporaryDirectory(prefix="exactcube-formal-") as tmp:
        for f in ["_CoqProject", *files]:
            shutil.copyfile(root / f, Path(tmp) / f)
        for f in files:
            p, dt = _run([coqc, "-q", "-Q", ".", LOGICAL, f], tmp)
            cpu += dt
            if p.returncode != 0:
                b = Build(False, coqc, version, shas, error=f"coqc failed on {f}: {(p.stderr or p.stdout).strip()}",
                          cpu_seconds=cpu)
                _BUILDS[key] = b
                return b
        (Path(tmp) / "ExactcubeQuery.v").write_text(_query_file(theorems), encoding="utf-8")
        p, dt = _run([coqc, "-q", "-Q", ".", LOGICAL, "ExactcubeQuery.v"], tmp)
        cpu += dt
        if p.returncode != 0:
            b = Build(False, coqc, version, shas, error=f"the query failed: {(p.stderr or p.stdout).strip()}",
                      cpu_seconds=cpu)
        else:
            st, ax = _parse(p.stdout)
            b = Build(True, coqc, version, shas, st, ax, cpu_seconds=cpu)
    _BUILDS[key] = b
    return b


@dataclass(frozen=True)
class FormalCheck:
    """One Coq theorem behind a claim and what coqc said about it in this run."""

    theorem: str
    file: str
    sha256: str
    statement: str
    checked: bool
    axioms: tuple[str, ...] = ()
    note: str = ""
    #: What the theorem covers, when it is less than the claim's scope (FORMAL_COVERS).
    covers: str = ""

    @property
    def provenance(self) -> Provenance | None:
        """Evidence ``formal`` when the kernel checked the theorem in this run; None otherwise (nothing to cite)."""
        if not self.checked:
            return None
        return Provenance(f"Coq kernel check of {self.theorem}", Evidence.FORMAL, f"formal/{self.file}")

    def line(self) -> str:
        """One line for the terminal."""
        if self.checked:
            cover = f" ({self.covers})" if self.covers else ""
            return (f"formal: Coq theorem {self.theorem}{cover} (formal/{self.file}, sha256 {self.sha256[:16]}) "
                    f"checked by coqc in this run")
        return f"formal: {self.theorem} (formal/{self.file}) not checked: {self.note}"

    def as_dict(self) -> dict:
        return {"theorem": self.theorem, "file": f"formal/{self.file}", "sha256": self.sha256,
                "statement": self.statement, "checked": self.checked, "axioms": list(self.axioms),
                "evidence": Evidence.FORMAL.value if self.checked else None, "note": self.note,
                "covers": self.covers}

    @classmethod
    def from_dict(cls, d: dict) -> "FormalCheck":
        return cls(d["theorem"], d["file"].removeprefix("formal/"), d["sha256"], d["statement"], d["checked"],
                   tuple(d.get("axioms", ())), d.get("note", ""), d.get("covers", ""))


def formal_checks(claim_id: str, root: Path = FORMAL_DIR) -> tuple[FormalCheck, ...]:
    """The formal checks of ``claim_id`` (empty when it has no formal proof)."""
    pairs = FORMAL_PROOFS.get(claim_id, ())
    if not pairs:
        return ()
    b = build(root=root)
    covers = FORMAL_COVERS.get(claim_id, "")
    out = []
    for f, t in pairs:
        sha = file_sha256(root / f) if (root / f).exists() else ""
        if not b.ok:
            out.append(FormalCheck(t, f, sha, "", False, note=f"the formal check did not run: {b.error}", covers=covers))
            continue
        if t not in b.statements or t not in b.axioms:
            out.append(FormalCheck(t, f, sha, "", False, note="coqc printed no statement for it", covers=covers))
            continue
        extra = tuple(a for a in b.axioms[t] if a not in STANDARD_AXIOMS)
        ok = not extra
        note = (f"checked by {b.version}" if ok else
                "rests on axioms beyond the standard reals' (an Admitted proof counts as one): " + ", ".join(extra))
        out.append(FormalCheck(t, f, b.shas.get(f, sha), b.statements[t], ok, b.axioms[t], note, covers))
    return tuple(out)


def attach_formal(claim_id: str, verdict):
    """``verdict`` with the formal checks of ``claim_id`` added (the verdict itself when there are none)."""
    checks = formal_checks(claim_id)
    if not checks:
        return verdict
    return replace(verdict, formal=tuple(verdict.formal) + checks)


def measure(root: Path = FORMAL_DIR) -> tuple[Build, float]:
    """A fresh build (the cache cleared) and its wall seconds: for the README's compile time."""
    _BUILDS.clear()
    t0 = time.perf_counter()
    b = build(root=root)
    return b, time.perf_counter() - t0
