"""The certificate builders of the papers' symbolic and table claims (ks69, ju24, zk77, floyd; issue 41).

Loaded with the documents (:mod:`proofs`), like :mod:`proofs.certificates`.  The identities a claim checks with
:func:`exactcube.symbolic.identity` are recorded while it runs (:func:`exactcube.certificates.record_identity`);
a claim whose verdict rests on nothing else gets an ``identities`` certificate, which ``certcheck`` re-decides by
its own expansion (:mod:`certcheck.symbolic`).  A claim resting on more gets a certificate only from a builder
here that covers every result it cites; otherwise it stays uncertified, listed as such.
"""

from __future__ import annotations

import sympy as sp

from exactcube.certificates import builder, spell
from exactcube.numbers import mpq
from exactcube.symbolic import Identity


class NotExpressible(ValueError):
    """A sympy expression outside what :mod:`certcheck.symbolic` reads (sqrt, pi, a symbolic power, ...)."""


def tree(e) -> list:
    """A sympy expression as the JSON tree :mod:`certcheck.symbolic` reads."""
    e = sp.sympify(e)
    if e.is_Rational:
        return ["num", spell(mpq(int(e.p), int(e.q)))]
    if e.is_Symbol:
        return ["var", e.name]
    if e.is_Add:
        return ["+", *(tree(a) for a in e.args)]
    if e.is_Mul:
        return ["*", *(tree(a) for a in e.args)]
    if e.is_Pow:
        b, k = e.args
        if b is sp.E:
            return ["exp", tree(k)]
        if not k.is_Integer:
            raise NotExpressible(f"a power with exponent {k}")
        return ["^", tree(b), int(k)]
    if isinstance(e, sp.exp):
        return ["exp", tree(e.args[0])]
    if isinstance(e, sp.log) and len(e.args) == 1:
        return ["log", tree(e.args[0])]
    raise NotExpressible(f"{type(e).__name__}: {sp.sstr(e)[:60]}")


def _witness(lhs, rhs) -> dict | None:
    """Small rational values of the free symbols at which lhs and rhs are defined and differ (None if none of
    the first few tried)."""
    syms = sorted(lhs.free_symbols | rhs.free_symbols, key=lambda s: s.name)
    tries = [sp.Rational(k, 7) for k in (3, 5, 11, 2, 13, 17, 19, 23)]
    for shift in range(len(tries)):
        point = {s: tries[(i + shift) % len(tries)] + i for i, s in enumerate(syms)}
        try:
            a, b = sp.Rational(lhs.subs(point)), sp.Rational(rhs.subs(point))
        except (TypeError, ZeroDivisionError):
            continue
        if a != b:
            return {s.name: spell(mpq(int(v.p), int(v.q))) for s, v in point.items()}
    return None


def identity_certificate(result, identities, name: str | None = None) -> dict | None:
    """The ``identities`` certificate of the identities a claim checked (each once), or None when one cannot be
    written for certcheck (a failing identity without a rational witness, an expression it does not read)."""
    seen, said, given = set(), [], []
    for d in identities:
        key = (sp.srepr(d["lhs"]), sp.srepr(d["rhs"]))
        if key in seen:
            continue
        seen.add(key)
        try:
            entry = {"lhs": tree(d["lhs"]), "rhs": tree(d["rhs"])}
        except NotExpressible:
            return None
        if not d["holds"]:
            w = _witness(d["lhs"], d["rhs"])
            if w is None:
                return None
            entry["witness"] = w
        said.append([d["label"] or f"identity {len(said) + 1}", bool(d["holds"])])
        given.append(entry)
    if not given or (all(h for _, h in said) and result.verdict.outcome.value != "verified"):
        return None  # nothing to check, or a verdict the identities alone do not decide
    cert = {"kind": "identities", "asserts": {"identities": said, "outcome": result.verdict.outcome.value},
            "data": {"identities": given}}
    if name:
        cert["name"] = name
    return cert


def _cites_only_identities(verdict) -> bool:
    provs = list(verdict.rests_on)
    for p in getattr(verdict, "parts", ()) or ():
        provs += list(p.rests_on)
    return bool(provs) and all(p.method == Identity.METHOD for p in provs)


@builder("ks69.*", "ju24.*", "zk77.*", records="identities")
def identities_only(result, identities):
    """A claim whose verdict cites nothing but sympy identities: those identities."""
    if not _cites_only_identities(result.verdict):
        return []
    cert = identity_certificate(result, identities)
    return [cert] if cert else []


@builder("ks69.sec3.lemma", records="identities")
def doubling_lemma(result, identities):
    """ks69's Lemma beta(i-1, j) < alpha(i, j) < alpha(i-1, j): the grids of (8)-(9) it was checked on (every
    entry re-derived by certcheck) with the inequalities at every cell, and the identity (the weights of (8) sum
    to 1) it cites."""
    from proofs.ks69.raises import FACTORS

    from exactcube.brownian.raises import raising_grid

    if result.verdict.outcome.value != "verified":
        return []
    ident = identity_certificate(result, identities, name=f"{result.claim.id}.identities")
    if ident is None:
        return []
    size = 31
    grids = []
    for fa, fb in FACTORS:
        g = raising_grid(size - 1, size - 1, fa, fb)
        grids.append({"a": spell(fa), "b": spell(fb),
                      "alpha": [[spell(g.alpha(i, j)) for j in range(size)] for i in range(size)],
                      "beta": [[spell(g.beta(i, j)) for j in range(size)] for i in range(size)]})
    return [ident, {"kind": "doubling-lemma",
                    "asserts": {"size": size, "factors": [[g["a"], g["b"]] for g in grids]},
                    "data": {"grids": grids}}]
