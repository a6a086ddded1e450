"""Benchmark: one Taylor-model piece (``exactcube.noisy.interval.taylor.taylor_piece``), exactcube against the
straightforward interval arithmetic it replaced.

The cost of a piece is the models of every move of every heap 1..N (``noisy`` (5)): sums over the Hamming
distance d of exact weights times interval grade sums, and the series quotient N/Z.

* baseline: every product of a weight interval and a grade-sum interval formed on its own (four end-point
  products, outward rounded) and summed over d (``certified.mul`` + ``certified.sum0``), one coefficient pair
  (i, j) at a time, all moves of a heap at once: the code exactcube used up to November 2026, kept here as the
  baseline (its own copy of the series quotient is gone: both run the library's ``taylor_model.tm_div``);
* exactcube: the sums over d as interval matrix products (``certified.matmul``: midpoints and radii, two BLAS
  products) and the sums over coefficient pairs at once, for blocks of 512 moves (``interval.taylor._BLOCK``) so that the
  elementwise operations run in cache.

Both run the same piece in a child process each; printed: the verdict (both must agree), CPU seconds, peak
memory of the child, the ratio, and how much wider exactcube's enclosures of p(N, m) are (median over the moves
of the constant coefficient's width).  Run with ``nice``:
    nice python scripts/bench_taylor_piece.py [--n 1024] [--piece region|half]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

sys.path.insert(0, ".")

import numpy as np  # noqa: E402

from exactcube.numbers import mpq  # noqa: E402
from exactcube.noisy.interval import taylor as tp  # noqa: E402
from exactcube.noisy.interval import taylor_model as tm  # noqa: E402
from exactcube.noisy.interval.arith import add, mul, sum0  # noqa: E402
from exactcube.noisy.interval.cover import ProofFailure  # noqa: E402


def _moves_model_baseline(Glo, Ghi, GRlo, GRhi, C, W, Wr, P, J):
    """The straightforward models of p(n, m) = N/Z: one interval product per (d, i) pair, summed over d (the
    quotient is the one of the library, :func:`exactcube.noisy.interval.taylor_model.tm_div`)."""
    k1, n = C.shape
    K = k1 - 1
    Nlo, Nhi = np.zeros((n, J + 1)), np.zeros((n, J + 1))
    Rlo, Rhi = np.zeros(n), np.zeros(n)
    for j in range(J + 1):
        slo, shi = sum0(*mul((W[0][:, :, None], W[1][:, :, None]), (Glo[:, None, :, j], Ghi[:, None, :, j])))
        for i in range(K + 1):
            e = i + j
            if e <= J:
                Nlo[:, e], Nhi[:, e] = add((Nlo[:, e], Nhi[:, e]), (slo[i], shi[i]))
            else:
                Rlo, Rhi = add((Rlo, Rhi), mul((slo[i], shi[i]), (P[0][e - J - 1], P[1][e - J - 1])))
    Rlo, Rhi = add((Rlo, Rhi), sum0(*mul((Wr[0][:, None], Wr[1][:, None]), (GRlo, GRhi))))
    Cf = C.astype(np.float64)[:, :, None]
    Zlo, Zhi = sum0(*mul((Cf, Cf), (W[0][:, None, :], W[1][:, None, :])))
    Zr = sum0(*mul((C.astype(np.float64), C.astype(np.float64)), (Wr[0][:, None], Wr[1][:, None])))
    return tm.tm_div(tm.TM((Nlo, Nhi), (Rlo, Rhi)), tm.TM((Zlo, Zhi), None), P, z_range=Zr, what="the weight sum")


def _piece(n: int, kind: str):
    """(sigma, s_lo, s_hi, targets, half_above): the region piece eps in [3/4, 3/4 + 1/128] (move n - 1, Conjecture
    10) or the end piece s in [0, 1/32] below 1/2 (move 0 for every heap, Conjecture 9)."""
    if kind == "region":
        return -1, mpq(1, 2), mpq(1, 2) + mpq(1, 64), {n: n - 1}, {n}
    return 1, mpq(0), mpq(1, 32), {m: 0 for m in range(2, n + 1)}, set(range(2, n + 1))


def _one(method: str, n: int, kind: str) -> None:
    if method == "baseline":
        tp.moves_model = _moves_model_baseline
        tp._BLOCK = 1 << 30  # and every move of a heap at once
    widths = {}

    def on_heap(m, M, best, germ1):
        if m == n:
            widths["w0"] = float(np.median(M.c[1][:, 0] - M.c[0][:, 0]))

    sigma, lo, hi, targets, half = _piece(n, kind)
    c = time.process_time()
    try:
        tp.taylor_piece(n, sigma, lo, hi, targets, half, on_heap=on_heap)
        verdict = "proved"
    except ProofFailure as exc:
        verdict = f"failed: {exc}"
    print(json.dumps({"verdict": verdict, "cpu": time.process_time() - c, "w0": widths.get("w0"),
                      "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1024)
    ap.add_argument("--piece", choices=["region", "half"], default="region")
    ap.add_argument("--one", choices=["baseline", "exactcube"], help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.one:
        _one(a.one, a.n, a.piece)
        return 0
    runs = {}
    for method in ("baseline", "exactcube"):
        out = subprocess.run([sys.executable, __file__, "--n", str(a.n), "--piece", a.piece, "--one", method],
                             capture_output=True, text=True, check=True).stdout
        runs[method] = json.loads(out.strip().splitlines()[-1])
    b, x = runs["baseline"], runs["exactcube"]
    print(f"one Taylor-model piece ({a.piece}), heaps 1..{a.n}, order {tp.DEFAULT_ORDER}")
    for name, r in (("baseline (elementwise)", b), ("exactcube (matmul)", x)):
        print(f"  {name:24s}: {r['verdict']:8s} CPU {r['cpu']:8.2f} s  peak {r['peak_mb']:6.0f} MB  "
              f"median width of p({a.n}, m) at the centre {r['w0']:.3e}")
    print(f"  ratio (baseline / exactcube): CPU {b['cpu'] / max(x['cpu'], 1e-9):.2f}x; "
          f"width (exactcube / baseline) {x['w0'] / b['w0']:.2f}x")
    return 0 if b["verdict"] == x["verdict"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
