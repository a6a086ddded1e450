"""Benchmark: exact 1-pile Nim with bit-flip noise (noisy (5)), plain Fraction DP vs exactcube.

    python scripts/bench_nim.py                  # N = 64, 128, 256 at eps = 77/100
    python scripts/bench_nim.py --sizes 64 128 --eps 1/10

The plain method is the straightforward one: for every heap n and every move m,
p(n, m) = sum_r mu_n(m, r) (1 - p(r)) with mu_n from Example 3 in fractions.Fraction,
O(N^3) rational operations.  exactcube's fast solver screens the moves in floating
point through the Kronecker structure of the channel and certifies the winners
exactly over one common integer denominator.  Both answers are compared for equality.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def plain_fraction_dp(n_max: int, eps: Fraction):
    p = [Fraction(0)]
    opt = [()]
    for n in range(1, n_max + 1):
        k = n.bit_length()
        pw = [eps ** d * (1 - eps) ** (k - d) for d in range(k + 1)]
        best, moves = None, []
        for m in range(n):
            w = [pw[bin(m ^ r).count("1")] for r in range(n)]
            v = sum(wi * (1 - p[r]) for r, wi in enumerate(w)) / sum(w)
            if best is None or v > best:
                best, moves = v, [m]
            elif v == best:
                moves.append(m)
        p.append(best)
        opt.append(tuple(moves))
    return p, opt


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[64, 128, 256])
    ap.add_argument("--eps", default="77/100")
    args = ap.parse_args()

    from exactcube.noisy.nim import solve_nim
    from exactcube.numbers import mpq, parse_rational

    e = parse_rational(args.eps, "--eps")
    ef = Fraction(int(e.numerator), int(e.denominator))
    solve_nim(16, e)  # warm up (imports, popcount table)
    print(f"1-pile Nim, bit-flip eps = {e}: exact p(1..N) and all optimal moves")
    print(f"{'N':>6} {'Fraction DP (s)':>16} {'exactcube (s)':>14} {'ratio':>9}  same answer")
    for n in args.sizes:
        t0 = time.perf_counter()
        p, opt = plain_fraction_dp(n, ef)
        t1 = time.perf_counter()
        s = solve_nim(n, e)
        t2 = time.perf_counter()
        same = (all(mpq(a.numerator, a.denominator) == b for a, b in zip(p, s.p, strict=True))
                and tuple(opt) == s.optimal)
        print(f"{n:>6} {t1 - t0:>16.3f} {t2 - t1:>14.4f} {(t1 - t0) / (t2 - t1):>8.0f}x  {same}", flush=True)
    for n in (1024,):
        t0 = time.perf_counter()
        solve_nim(n, e)
        print(f"exactcube alone, N = {n}: {time.perf_counter() - t0:.2f} s")


if __name__ == "__main__":
    main()
