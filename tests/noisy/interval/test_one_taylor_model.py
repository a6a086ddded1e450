"""One Taylor-model type and one series quotient in exactcube.noisy.interval (issue 45, row 22(d)).

The moves' models of the Taylor covers (:mod:`exactcube.noisy.interval.taylor`), the block recursion
(:mod:`exactcube.noisy.interval.block_models`) and the powers of two (:mod:`exactcube.noisy.interval.power_models`)
each had their own model class and their own copy of the quotient N/Z by the series recurrence.  Now there is one of
each (:class:`exactcube.noisy.interval.taylor_model.TM`, :func:`~exactcube.noisy.interval.taylor_model.tm_div`).

* The enclosures must not move by one ulp (the frontier records docs/frontier-*.jsonl and the verdicts rest on the
  same floats): ``data/one_taylor_model_old.json`` holds the outputs of the OLD code (commit 8c823fb, before the
  merge: ``TaylorModels`` with ``moves_model``'s own quotient, ``block_models.TM`` with ``tm_div``) on the cases of
  :data:`CASES`, computed once by :func:`capture` at the start of the work and never regenerated; the new code must
  give the same floats bit for bit (every float as ``float.hex``; a SHA-256 over every heap's arrays).
* An independent check of the one quotient: N and Z exact polynomials in exact rationals, the quotient's models
  must contain the exact N/Z (Fraction arithmetic) at points of the piece.
* A repository test: one function of ``exactcube/noisy/interval`` (and of ``scripts/``) runs the series recurrence
  (a loop that divides by the constant coefficient, ``div_pos``), and one class holds Taylor models.
"""

import ast
import hashlib
import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from exactcube.noisy.interval import block_models as bm
from exactcube.noisy.interval import power_models as pm
from exactcube.noisy.interval import taylor as tp
from exactcube.noisy.interval.cover import ProofFailure
from exactcube.numbers import mpq

ROOT = Path(__file__).resolve().parents[3]
DATA = Path(__file__).parent / "data" / "one_taylor_model_old.json"

#: (name, method, arguments, heaps kept in full): pieces at eps = 1/2 (end), centred, at eps = 1 (end-one), the
#: block recursion (its quotient at every heap K + t, t > 0) and the powers of two (the quotient at every heap)
CASES = [
    ("c9-end", "taylor", (20, 1, "0", "1/32", "c9"), (20,)),
    ("centred", "taylor", (20, 1, "1/8", "3/16", "none"), (17,)),
    ("c10-end", "taylor", (16, -1, "0", "1/32", "c10"), (16,)),
    ("c10-one", "taylor", (16, -1, "15/16", "1", "c10"), (16,)),
    ("above-centred", "taylor", (24, -1, "3/10", "2/5", "none"), (24,)),
    ("blocks-end", "blocks", (24, "0", "1/64"), (13, 24)),
    ("blocks-centred", "blocks", (24, "1/4", "5/16"), (24,)),
    ("powers", "powers", (5, "1/4", "5/16"), (16,)),
    ("600-moves", "taylor", (600, 1, "1/8", "9/64", "none"), ()),  # blocks of 512 moves, arrays past 256 floats
]


def _targets(kind, n_max):
    if kind == "c9":
        t = {n: 0 for n in range(2, n_max + 1)}
        return t, set(t)
    if kind == "c10":
        t = {1 << j: (1 << j) - 1 for j in range(1, n_max.bit_length()) if (1 << j) <= n_max}
        return t, set(t)
    return {}, set()


def flat(M):
    """The four float arrays of a model (coefficients lo, hi; remainders lo, hi)."""
    return [np.asarray(M.c[0], dtype=np.float64), np.asarray(M.c[1], dtype=np.float64),
            np.asarray(M.r[0], dtype=np.float64), np.asarray(M.r[1], dtype=np.float64)]


def capture(case, flatten=flat):
    """The outputs of one case: every heap's models, hashed, those of ``keep`` in full (float.hex), and the outcome."""
    name, method, args, keep = case
    seen = {}

    def record(n, M):
        seen[n] = [a.copy() for a in flatten(M)]

    outcome = "proved"
    try:
        if method == "taylor":
            n_max, sigma, lo, hi, kind = args
            t, half = _targets(kind, n_max)
            tp.taylor_piece(n_max, sigma, mpq(lo), mpq(hi), t, half, on_heap=lambda n, M, best, g: record(n, M))
        elif method == "blocks":
            n_max, lo, hi = args
            bm.block_piece(n_max, mpq(lo), mpq(hi), on_heap=record)
        else:
            k_max, lo, hi = args
            pm.power_piece(k_max, mpq(lo), mpq(hi), on_power=record)
    except ProofFailure as exc:
        outcome = f"failed: {exc}"
    h = hashlib.sha256()
    for n in sorted(seen):
        for a in seen[n]:
            h.update(np.ascontiguousarray(a).tobytes())
    full = {str(n): [[float(x).hex() for x in a.ravel()] for a in seen[n]] for n in keep if n in seen}
    return {"outcome": outcome, "heaps": sorted(seen), "sha256": h.hexdigest(), "full": full}


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_the_enclosures_are_those_of_the_old_code_bit_for_bit(case):
    old = json.loads(DATA.read_text(encoding="utf-8"))[case[0]]
    new = capture(case)
    assert new["outcome"] == old["outcome"] and new["heaps"] == old["heaps"]
    assert new["full"] == old["full"]  # the kept heaps' floats, one by one (a readable diff when one moves)
    assert new["sha256"] == old["sha256"]  # and every other heap's


def _fr_range(lo: Fraction, hi: Fraction, e: int):
    a, b = lo ** e, hi ** e
    if e % 2 == 0 and lo < 0 < hi:
        return Fraction(0), max(a, b)
    return min(a, b), max(a, b)


@pytest.mark.parametrize("with_rho", [False, True])
def test_the_quotient_contains_the_exact_quotient(with_rho):
    # N = 1/3 + delta/5 - delta^2/7 + ... and Z = 2 + delta/3 + delta^3/11 (+ 1/13 delta^(J+1) in the model of Z, the
    # remainder of a model with an exact higher term) on the piece delta in [-1/16, 1/8]: N/Z in Fraction arithmetic
    from exactcube.noisy.interval import taylor_model as tm
    from exactcube.noisy.interval.arith import q_interval

    J = 5
    dl, dh = Fraction(-1, 16), Fraction(1, 8)
    P = tm.pow_ranges(mpq(-1, 16), mpq(1, 8), 2 * J + 4)
    n_coef = [Fraction((-1) ** e, e + 3) for e in range(J + 1)]
    z_coef = [Fraction(2), Fraction(1, 3), Fraction(0), Fraction(1, 11)] + ([Fraction(0)] * (J - 3) if with_rho else [])
    rho = Fraction(1, 13) if with_rho else Fraction(0)

    def iv(xs):
        a = np.array([q_interval(mpq(x.numerator, x.denominator)) for x in xs])
        return a[:, 0].copy(), a[:, 1].copy()

    N = tm.TM(tuple(c[None, :] for c in iv(n_coef)), (np.zeros(1), np.zeros(1)))
    Zc = tuple(c[None, :] for c in iv(z_coef))
    if with_rho:
        Z = tm.TM(Zc, tuple(np.full(1, x) for x in q_interval(mpq(1, 13))))
        q = tm.tm_div(N, Z, P)
    else:  # an exact polynomial of degree 3 (K = 3 < J), its range given (as moves_model gives the weights' sum):
        # Z is increasing on the piece (Z' = 1/3 + 3 delta^2/11 > 0), its range [Z(dl), Z(dh)] widened by 10^-9
        ends = [sum(c * d ** e for e, c in enumerate(z_coef)) for d in (dl, dh)]
        wide = Fraction(1, 10 ** 9)
        zr = (np.full(1, float(ends[0] * (1 - wide))), np.full(1, float(ends[1] * (1 + wide))))
        q = tm.tm_div(N, tm.TM(Zc, None), P, z_range=zr)
    for k in range(9):
        d = dl + (dh - dl) * Fraction(k, 8)
        if d == 0:
            continue
        n_val = sum(c * d ** e for e, c in enumerate(n_coef))
        z_val = sum(c * d ** e for e, c in enumerate(z_coef)) + rho * d ** (J + 1)
        exact = n_val / z_val
        lo = hi = Fraction(0)
        for e in range(J + 2):
            a, b = ((Fraction(q.c[0][0, e]), Fraction(q.c[1][0, e])) if e <= J
                    else (Fraction(float(q.r[0][0])), Fraction(float(q.r[1][0]))))
            x, y = a * d ** e, b * d ** e
            lo, hi = lo + min(x, y), hi + max(x, y)
        assert lo <= exact <= hi, (with_rho, d)
        assert hi - lo < Fraction(1, 10 ** 6)  # an enclosure, not the whole line
    # the true Taylor coefficients are inside: q_e of the exact series (Z has no remainder term below J + 1)
    qs = []
    for e in range(J + 1):
        v = n_coef[e] - sum(z_coef[i] * qs[e - i] for i in range(1, min(e, len(z_coef) - 1) + 1))
        qs.append(v / z_coef[0])
    for e in range(J + 1):
        assert Fraction(q.c[0][0, e]) <= qs[e] <= Fraction(q.c[1][0, e])


def _sources(*dirs):
    for d in dirs:
        for p in sorted((ROOT / d).rglob("*.py")):
            yield p, ast.parse(p.read_text(encoding="utf-8"))


def _name(node):
    while isinstance(node, ast.Subscript):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _recurrences(fn):
    """The loops of a function that run a series recurrence: they store a quotient (``div_pos``) into an array that a
    product (``mul``) of the same loop reads (q_e from q_(e-i))."""
    for loop in (x for x in ast.walk(fn) if isinstance(x, (ast.For, ast.While))):
        stored, read = set(), set()
        for node in ast.walk(loop):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and _called(node.value) == "div_pos":
                for t in node.targets:
                    for x in (t.elts if isinstance(t, ast.Tuple) else [t]):
                        if isinstance(x, ast.Subscript):
                            stored.add(_name(x))
            if isinstance(node, ast.Call) and _called(node) == "mul":
                read |= {_name(x) for x in ast.walk(node) if isinstance(x, ast.Subscript)}
        if stored & read - {None}:
            yield loop


def _called(call):
    return getattr(call.func, "id", getattr(call.func, "attr", None))


def test_one_series_quotient_and_one_taylor_model_class():
    # the series recurrence q_e = (N_e - sum Z_i q_(e-i)) / Z_0: one function of exactcube/noisy/interval (and of the
    # benchmarks in scripts/) runs one; on 8c823fb three did (taylor_model.moves_model, block_models.tm_div and the
    # baseline of scripts/bench_taylor_piece.py), and two classes held Taylor models (TaylorModels, block_models.TM)
    loops = []
    models = []
    for path, tree in _sources("exactcube/noisy/interval", "scripts"):
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(True for _ in _recurrences(fn)):
                loops.append(f"{path.relative_to(ROOT)}:{fn.name}")
            if isinstance(fn, ast.ClassDef):
                fields = {s.target.id for s in fn.body
                          if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)}
                # a class of Taylor models: coefficient intervals and remainder intervals
                if fields & {"c", "clo", "chi", "coeffs"} and fields & {"r", "rlo", "rhi", "rho", "rest"}:
                    models.append(f"{path.relative_to(ROOT)}:{fn.name}")
    assert sorted(set(loops)) == ["exactcube/noisy/interval/taylor_model.py:tm_div"]
    assert models == ["exactcube/noisy/interval/taylor_model.py:TM"]
    # and every user takes that class and that quotient from there
    from exactcube.noisy.interval import taylor_model as tm
    for mod in (tp, bm, pm):
        src = ast.parse(Path(mod.__file__).read_text(encoding="utf-8"))
        defined = {n.name for n in ast.walk(src) if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
        assert not defined & {"TM", "TaylorModels", "tm_div", "moves_model"}, mod.__name__
    assert bm.tm_div is tm.tm_div and pm.tm_div is tm.tm_div and tp.moves_model is tm.moves_model
