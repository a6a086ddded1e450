"""Reading a certificate folder: the manifest's hashes, the JSON (no floats), the envelope, the kinds.

A folder holds ``MANIFEST.json`` and one ``<name>.json`` per certificate.  The manifest lists every file with its
SHA-256; a file missing, unlisted or with another hash is rejected before its content is read.  A certificate is
a JSON object::

    {"format": "exactcube-certificate", "version": 1, "name": NAME, "kind": KIND,
     "claim": {"id": ..., "statement": ...}, "verdict": {"outcome": ..., "evidence": ...},
     "asserts": {...}, "certifies": TEXT, "data": {...}}

``asserts`` is what the certificate states, in a form the checker reads; ``data`` is the evidence; the kind's
check re-decides ``asserts`` from ``data`` alone, returns the sentence it certified and the outcome that follows,
and both must equal the certificate's ``certifies`` and ``verdict.outcome``.  So neither the sentence a referee
reads nor the outcome can be edited without the check failing.
"""

from __future__ import annotations

import hashlib
import json
import os

from .numbers import Bad, need

MANIFEST = "MANIFEST.json"
FORMAT = "exactcube-certificate"
MANIFEST_FORMAT = "exactcube-certificates-manifest"
VERSION = 1

#: kind -> check(asserts, data) -> the outcome the data decide (raises Bad when they do not support asserts)
KINDS: dict = {}
#: kind -> describe(asserts) -> the sentence a passing certificate certifies
TEXTS: dict = {}


def _registrar(table: dict):
    """A decorator factory: ``@register(name)`` puts the function in ``table`` under ``name``."""
    def register(name: str):
        def deco(fn):
            table[name] = fn
            return fn
        return deco
    return register


#: ``@kind(name)`` registers a kind's check, ``@describes(name)`` its sentence
kind, describes = _registrar(KINDS), _registrar(TEXTS)


def certified_sentence(doc) -> str:
    """The sentence a certificate of this kind and these asserts certifies (what ``certifies`` must hold)."""
    return TEXTS[doc["kind"]](doc["asserts"])


def _no_float(text):
    raise Bad(f"a float in a certificate: {text}")


def _no_constant(text):
    raise Bad(f"a non-number in a certificate: {text}")


def load_json(raw: bytes):
    """JSON with every float refused (a certificate holds exact numbers only)."""
    try:
        return json.loads(raw.decode("utf-8"), parse_float=_no_float, parse_constant=_no_constant)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise Bad(f"not JSON: {exc}") from None


def sha256(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def check_certificate(doc, name: str) -> str:
    """Check one certificate's content; returns the sentence certified, raises :class:`Bad`."""
    need(isinstance(doc, dict), "a certificate is a JSON object")
    need(doc.get("format") == FORMAT and doc.get("version") == VERSION,
         f"not a {FORMAT} of version {VERSION}")
    need(doc.get("name") == name, f"the certificate names itself {doc.get('name')!r}, its file {name!r}")
    k = doc.get("kind")
    need(k in KINDS, f"unknown kind {k!r}")
    verdict = doc.get("verdict")
    need(isinstance(verdict, dict) and verdict.get("evidence") in ("exact", "rigorous"),
         "the verdict must be exact or rigorous")
    claim = doc.get("claim")
    need(isinstance(claim, dict) and isinstance(claim.get("id"), str) and isinstance(claim.get("statement"), str),
         "the claim needs an id and a statement")
    asserts, data = doc.get("asserts"), doc.get("data")
    need(isinstance(asserts, dict) and isinstance(data, dict), "asserts and data must be objects")
    text = TEXTS[k](asserts)
    need(doc.get("certifies") == text, "the sentence 'certifies' is not the one its asserts say: "
                                       f"the checker reads: {text}")
    outcome = KINDS[k](asserts, data)
    need(outcome == verdict.get("outcome"),
         f"the data decide {outcome!r}, the certificate says {verdict.get('outcome')!r}")
    return text


def check_folder(folder: str, *, smt: bool = True):
    """[(name, None or the reason of rejection)] for every certificate of ``folder``, the manifest first."""
    kinds.SMT_ENABLED = smt
    path = os.path.join(folder, MANIFEST)
    try:
        with open(path, "rb") as f:
            manifest = load_json(f.read())
    except OSError as exc:
        return [("MANIFEST", f"cannot read {path}: {exc.strerror or exc}")]
    except Bad as exc:
        return [("MANIFEST", str(exc))]
    files = manifest.get("files") if isinstance(manifest, dict) else None
    if manifest.get("format") != MANIFEST_FORMAT or not isinstance(files, dict):
        return [("MANIFEST", f"not a {MANIFEST_FORMAT}")]
    out = [(f[:-5], "the file is not listed in the manifest")
           for f in sorted(os.listdir(folder)) if f.endswith(".json") and f != MANIFEST and f not in files]
    for f in sorted(files):
        name = f[:-5] if f.endswith(".json") else f
        try:
            need(f.endswith(".json") and os.path.basename(f) == f, f"manifest entry {f!r} is not a file name")
            try:
                with open(os.path.join(folder, f), "rb") as fh:
                    raw = fh.read()
            except OSError as exc:
                raise Bad(f"listed in the manifest but unreadable: {exc.strerror or exc}") from None
            need(sha256(raw) == files[f], "SHA-256 differs from the manifest")
            check_certificate(load_json(raw), name)
            out.append((name, None))
        except Bad as exc:
            out.append((name, str(exc)))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, ZeroDivisionError) as exc:
            out.append((name, f"malformed certificate ({type(exc).__name__}: {exc})"))
    return out


from . import kinds  # noqa: E402  (registers the kinds; kinds imports this module's kind and describes)
