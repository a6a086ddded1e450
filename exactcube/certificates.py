"""Certificates of verdicts that a referee re-checks without exactcube (issue 41): ``verify --certificates DIR``.

A certificate is a plain JSON file (integers and fractions as strings, dyadic interval ends as integer pairs, no
float) holding the claim's statement as registered, the verdict, what the certificate asserts (``asserts``, in
a form the checker reads), the sentence it certifies (``certifies``) and the data from which the independent
checker, the top-level package ``certcheck`` (standard library only), re-decides the assertion by the
definitions: the game rules, the recurrences, the channel.  ``MANIFEST.json`` lists every file's SHA-256.

Certificates attach to verdicts by claim: :func:`builder` registers a function building the certificates of
the claims whose id it names (exactly, or a prefix ending in ``*``), from the claim's result; a claim may have
several (its table, its SMT steps).  What the claims decide along the way is recorded while they run
(:func:`recording`), through hooks the deciding code calls: :func:`record_smt_step` (from
:func:`proofs.noisy.smt.prove`: each z3 step's declarations, hypotheses and goal in SMT-LIB2, which the checker
sends to a second solver, cvc5), :func:`record_identity` and :func:`record_solution` (from
:func:`exactcube.symbolic.identity` and :func:`exactcube.symbolic.solve`: the sympy identities and solves, which
the checker re-decides by exact expansion).  The hooks do nothing when no recording is active.  An ``exact`` or ``rigorous`` verdict with no builder is listed in the manifest
(``uncertified``) and by ``verify``; it is never skipped in silence.
"""

from __future__ import annotations

import hashlib
import json
import os
from contextlib import contextmanager
from functools import wraps
from dataclasses import dataclass, field
from typing import Callable

from .errors import BadInput
from .numbers import mpq

__all__ = ["builder", "BUILDERS", "builders_for", "recording", "recorded_cache", "record_smt_step", "record_identity", "record_solution", "write_certificates", "check_folder", "CertificateRun",
           "spell", "smt_parts", "CERTIFIED_EVIDENCE"]

#: The evidence classes that get a certificate.
CERTIFIED_EVIDENCE = ("exact", "rigorous")

#: (pattern, function): a pattern is a claim id, or a prefix ending in ``*``.
BUILDERS: list[tuple[str, Callable]] = []


def builder(*patterns: str, records: str = "steps"):
    """Register ``fn(result, recorded) -> list of certificates`` (each a dict with ``kind``, ``asserts``, ``data``;
    ``name`` optional) for the claims ``patterns`` name; ``recorded`` is what :func:`recording` kept for the claim:
    its SMT steps (``records="steps"``) or its sympy identities (``records="identities"``)."""
    if records not in ("steps", "identities"):
        raise ValueError(f"records: 'steps' or 'identities', not {records!r}")

    def deco(fn):
        fn.records = records
        for p in patterns:
            BUILDERS.append((p, fn))
        return fn
    return deco


def builders_for(claim_id: str) -> list[Callable]:
    """The builders registered for a claim (in registration order, each once)."""
    out = []
    for p, fn in BUILDERS:
        if (p == claim_id or (p.endswith("*") and claim_id.startswith(p[:-1]))) and fn not in out:
            out.append(fn)
    return out


def spell(x) -> str:
    """An exact rational as a certificate spells it: ``"3/4"``, ``"-2"``."""
    x = mpq(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


# ---------------------------------------------------------------------------------------------------------------
# SMT steps, recorded while the claims run
# ---------------------------------------------------------------------------------------------------------------

@dataclass
class _Recorder:
    """The steps recorded while claims run, by claim id: ``steps`` (SMT) and ``identities`` (sympy)."""

    current: str = ""
    steps: dict = field(default_factory=dict)
    identities: dict = field(default_factory=dict)
    #: every (records, entry) kept, in order, and what each cached check recorded on its first call
    #: (:func:`recorded_cache`), by (check, arguments)
    log: list = field(default_factory=list)
    replays: dict = field(default_factory=dict)

    def start(self, claim) -> None:
        self.current = claim.id

    def keep(self, records: str, entry: dict) -> None:
        getattr(self, records).setdefault(self.current, []).append(entry)
        self.log.append((records, entry))


#: the recorders active (:func:`recording`); the hooks below are no-ops when none is
_ACTIVE: list[_Recorder] = []


def record_smt_step(name: str, hypotheses, goal, proved: bool) -> None:
    """The hook :func:`proofs.noisy.smt.prove` calls after deciding a step: while :func:`recording` is active, the
    step's name, its SMT-LIB2 parts (:func:`smt_parts`) and z3's answer are kept for the claim running."""
    if not _ACTIVE:
        return
    try:
        parts = smt_parts(list(hypotheses), goal)
    except Exception as exc:  # a term z3 cannot print: the step stays uncertified, said in the manifest
        parts = {"error": f"{type(exc).__name__}: {exc}"}
    for rec in _ACTIVE:
        rec.keep("steps", {"name": name, "proved": proved, **parts})


def record_identity(result) -> None:
    """The hook :func:`exactcube.symbolic.identity` calls with its result (:class:`exactcube.symbolic.Identity`):
    while :func:`recording` is active, the identity's two sides (sympy), whether it holds and its provenance
    (which the builders match against the results a verdict cites) are kept for the claim running."""
    record_equation(result.lhs, result.rhs, bool(result.holds), result.label, result.provenance)


def record_equation(lhs, rhs, holds: bool, label: str, provenance) -> None:
    """Keep "lhs = rhs" (sympy), whether it holds, its label and the provenance of the result that decided it, for
    the claim running, while :func:`recording` is active (:func:`record_identity`; :func:`proofs.linked.establish`
    for a lemma's exported formula)."""
    if not _ACTIVE:
        return
    entry = {"lhs": lhs, "rhs": rhs, "holds": holds, "label": label, "provenance": provenance}
    for rec in _ACTIVE:
        rec.keep("identities", entry)


def record_solution(result, equation, unknown) -> None:
    """The hook :func:`exactcube.symbolic.solve` calls with its result (the solutions as a ``computed`` tuple):
    while :func:`recording` is active, the equation (its two sides), the unknown, the solutions and the result's
    provenance are kept for the claim running, beside the identities."""
    if not _ACTIVE:
        return
    lhs, rhs = equation
    entry = {"equation": (lhs, rhs), "unknown": unknown, "solutions": tuple(result.value), "holds": True,
             "label": result.method, "provenance": result.provenance}
    for rec in _ACTIVE:
        rec.keep("identities", entry)


def smt_parts(hypotheses, goal) -> dict:
    """The SMT-LIB2 text of a z3 step: declarations of its free constants and functions, each hypothesis and the
    goal as terms (the checker asserts the hypotheses and the negated goal itself)."""
    import z3

    hypotheses = [z3.BoolVal(h) if isinstance(h, bool) else h for h in hypotheses]
    goal = z3.BoolVal(goal) if isinstance(goal, bool) else goal
    decls: dict[str, str] = {}
    seen: set[int] = set()
    stack = hypotheses + [goal]
    while stack:
        t = stack.pop()
        if t.get_id() in seen:
            continue
        seen.add(t.get_id())
        if z3.is_quantifier(t):
            stack.append(t.body())
            continue
        if z3.is_var(t):
            continue
        if z3.is_app(t):
            d = t.decl()
            if d.kind() == z3.Z3_OP_UNINTERPRETED:
                dom = " ".join(d.domain(i).sexpr() for i in range(d.arity()))
                decls[d.name()] = f"(declare-fun {d.name()} ({dom}) {d.range().sexpr()})"
            stack.extend(t.children())
    return {"declarations": "\n".join(decls[k] for k in sorted(decls)),
            "hypotheses": [h.sexpr() for h in hypotheses], "goal": goal.sexpr()}


def recorded_cache(fn):
    """``functools.lru_cache(maxsize=None)`` for a check that records steps or identities: while :func:`recording`
    is active, a call answered from the cache records again, for the claim running, what the first call recorded
    (so a lemma cached for the run gives its steps to every claim that runs it, not only to the first).  A value
    cached before the recording began is computed again once, to record its steps."""
    memo: dict = {}

    @wraps(fn)
    def check(*args, **kw):
        key = (args, tuple(sorted(kw.items())))
        if key in memo and all((check, key) in rec.replays for rec in _ACTIVE):
            for rec in _ACTIVE:
                for records, entry in rec.replays[(check, key)]:
                    rec.keep(records, entry)
            return memo[key]
        marks = [(rec, len(rec.log)) for rec in _ACTIVE]
        value = fn(*args, **kw)
        memo.setdefault(key, value)
        for rec, mark in marks:
            rec.replays[(check, key)] = rec.log[mark:]
        return memo[key]

    check.cache_clear = memo.clear
    return check


@contextmanager
def recording():
    """While the block runs, the hooks :func:`record_smt_step` and :func:`record_identity` record, by the claim
    running (``rec.start(claim)`` before each), every z3 step and every sympy identity the claims check."""
    rec = _Recorder()
    _ACTIVE.append(rec)
    try:
        yield rec
    finally:
        _ACTIVE.remove(rec)


@builder("noisy.*")
def smt_certificate(result, steps):
    """The z3 steps a claim ran and z3 proved (each once), for the second solver.  A step z3 did not prove (a search for the
    first size where a bound holds tries smaller ones first) is no part of the argument and is left out; a step
    whose terms cannot be printed in SMT-LIB2 makes the claim uncertified (never a certificate missing a step)."""
    proved = list({(s["name"], s.get("declarations"), tuple(s.get("hypotheses", ())), s.get("goal")): s
                   for s in steps if s["proved"]}.values())  # each once (a cached lemma's steps may come twice)
    if not proved or any("error" in s for s in proved):
        return []
    return [{"name": f"{result.claim.id}.smt", "kind": "smt",
             "asserts": {"steps": len(proved), "names": [s["name"] for s in proved],
                         "outcome": result.verdict.outcome.value},
             "data": {"steps": [{k: s[k] for k in ("name", "declarations", "hypotheses", "goal")} for s in proved]}}]


# ---------------------------------------------------------------------------------------------------------------
# writing a folder
# ---------------------------------------------------------------------------------------------------------------

@dataclass
class CertificateRun:
    """What ``verify --certificates`` wrote: certificate files by claim, and the verdicts with none."""

    written: dict = field(default_factory=dict)
    uncertified: list = field(default_factory=list)
    failed: dict = field(default_factory=dict)
    #: file name -> SHA-256 (as in the manifest)
    hashes: dict = field(default_factory=dict)

    @property
    def smt_only(self) -> list:
        """The claims whose only certificate is of their SMT steps."""
        return sorted(c for c, names in self.written.items() if all(n.endswith(".smt.json") for n in names))

    @property
    def eligible(self) -> int:
        return len(self.written) + len(self.uncertified) + len(self.failed)


def _envelope(result, cert: dict) -> dict:
    import certcheck.core as cc

    doc = {"format": cc.FORMAT, "version": cc.VERSION, "name": cert["name"], "kind": cert["kind"],
           "claim": {"id": result.claim.id, "location": result.claim.location, "statement": result.claim.statement},
           "verdict": {"outcome": result.verdict.outcome.value, "evidence": result.verdict.evidence.value},
           "asserts": cert["asserts"], "certifies": "", "data": cert["data"]}
    doc["certifies"] = cc.certified_sentence(doc)
    return doc


def _dump(doc) -> bytes:
    def no_float(o):
        raise TypeError(f"a certificate holds no {type(o).__name__}")

    _no_floats(doc)
    return (json.dumps(doc, indent=1, sort_keys=True, default=no_float) + "\n").encode("utf-8")


def _no_floats(x) -> None:
    if isinstance(x, float):
        raise TypeError("a certificate holds no float")
    if isinstance(x, dict):
        for v in x.values():
            _no_floats(v)
    elif isinstance(x, list):
        for v in x:
            _no_floats(v)


def check_folder(folder: str) -> None:
    """Refuse, before any claim runs, a ``--certificates`` folder that :func:`write_certificates` would refuse."""
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise BadInput(f"--certificates: {folder!r} exists and is not a folder")
    if os.path.isdir(folder):
        _clear(folder, os.path.join(folder, "MANIFEST.json"), remove=False)


def _clear(folder: str, manifest_path: str, remove: bool = True) -> None:
    """Remove the certificates an older run wrote (those its manifest lists); a folder holding anything else is
    refused, so that no file of the user's is removed or left to be rejected as unlisted."""
    old: dict = {}
    if os.path.exists(manifest_path):
        try:
            with open(manifest_path, encoding="utf-8") as f:
                doc = json.load(f)
            if doc.get("format") != "exactcube-certificates-manifest":
                raise ValueError
            old = doc["files"]
        except (OSError, ValueError, KeyError, AttributeError, TypeError):
            raise BadInput(f"--certificates: {manifest_path!r} is not a certificates manifest") from None
    others = [f for f in os.listdir(folder) if f != "MANIFEST.json" and f not in old]
    if others:
        raise BadInput(f"--certificates: the folder {folder!r} holds files that are not certificates of an earlier "
                       f"run ({', '.join(sorted(others)[:3])}{', ...' if len(others) > 3 else ''}); give an empty "
                       "or new folder")
    for f in old if remove else ():
        if os.path.basename(f) == f and os.path.isfile(os.path.join(folder, f)):
            os.unlink(os.path.join(folder, f))


def write_certificates(results, folder: str, steps: dict | None = None,
                       identities: dict | None = None) -> CertificateRun:
    """Build and write the certificates of every exact or rigorous verdict of ``results`` into ``folder`` (made
    if missing; old certificates there are replaced), with ``MANIFEST.json``; files go through
    :mod:`exactcube.output`.  ``steps`` and ``identities``: what :func:`recording` kept, by claim id."""
    from .output import check_destination, write_text

    if os.path.exists(folder) and not os.path.isdir(folder):
        raise BadInput(f"--certificates: {folder!r} exists and is not a folder")
    os.makedirs(folder, exist_ok=True)
    manifest_path = os.path.join(folder, "MANIFEST.json")
    check_destination(manifest_path, "--certificates")
    _clear(folder, manifest_path)
    _load_builders()
    run = CertificateRun()
    files = {}
    recorded = {"steps": steps or {}, "identities": identities or {}}
    for r in results:
        v = r.verdict
        if v is None or v.evidence.value not in CERTIFIED_EVIDENCE:
            continue
        fns = builders_for(r.claim.id)
        certs = []
        try:
            for fn in fns:
                certs += fn(r, recorded[getattr(fn, "records", "steps")].get(r.claim.id, []))
        except Exception as exc:  # a builder's failure is reported, never hidden
            run.failed[r.claim.id] = f"{type(exc).__name__}: {exc}"
            continue
        if not certs:
            run.uncertified.append(r.claim.id)
            continue
        names = []
        for c in certs:
            c.setdefault("name", r.claim.id)
            raw = _dump(_envelope(r, c))
            fname = c["name"] + ".json"
            write_text(os.path.join(folder, fname), raw.decode("utf-8"), "--certificates")
            files[fname] = hashlib.sha256(raw).hexdigest()
            names.append(fname)
        run.written[r.claim.id] = names
    run.hashes = files
    manifest = {"format": "exactcube-certificates-manifest", "version": 1, "files": files,
                "uncertified": sorted(run.uncertified), "failed": run.failed,
                "smt_only": run.smt_only}
    write_text(manifest_path, json.dumps(manifest, indent=1, sort_keys=True) + "\n", "--certificates")
    return run


def _load_builders() -> None:
    """The builders of the built-in documents (:mod:`proofs.certificates`, registered when the documents load:
    the library never imports the documents)."""
    from .catalog import load

    load()


def certcheck_folder(folder: str) -> dict:
    """Run the independent checker, ``python -m certcheck DIR``, in a fresh interpreter: {certificate name: None
    when certified, else the reason}."""
    import os
    import subprocess
    import sys

    import certcheck

    root = os.path.dirname(os.path.dirname(os.path.abspath(certcheck.__file__)))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    r = subprocess.run([sys.executable, "-m", "certcheck", folder], capture_output=True, text=True, env=env)
    out: dict = {}
    for line in r.stdout.splitlines():
        word, _, rest = line.partition(" ")
        name, _, reason = rest.partition(": ")
        if word == "CERTIFIED":
            out[rest] = None
        elif word == "REJECTED":
            out[name] = reason or "rejected"
    if r.returncode not in (0, 1) or (r.returncode == 1 and not any(v is not None for v in out.values())):
        out["MANIFEST"] = f"certcheck exited {r.returncode}: {(r.stderr.strip().splitlines() or [''])[-1]}"
    return out
