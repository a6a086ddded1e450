#!/usr/bin/env python
"""Benchmark: ks69 Table I (exact) and Table III (30 digits) against the straightforward methods, in one run.

Table I, size n x n (default 200): exactcube's integer-scaled recurrence (8)-(9)
(``exactcube.brownian.raises.raising_grid`` and the full ``ks69.table1`` builder)
against the recurrence written with ``fractions.Fraction`` as an author would.

Table III, size n x n (default 100) to D digits (default 30): exactcube's ball
evaluation of (18) with a proven tail bound (``ks69.table3`` builder) against
mpmath at D + 5 digits summing the same series (18) with running partial sums until
the terms drop below 10^-(D+5) (same algorithm, no error bound).

Both methods' results are compared cell by cell; the script prints the times and
the ratio.  Run with ``nice``:  nice python scripts/bench_ks69.py [--size1 200]
[--size3 100] [--digits 30].
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # run from a checkout


def fraction_table1(n: int, a=Fraction(2), b=Fraction(2)):
    """ks69 (8)-(9) with Fractions: alpha(0,j) = 1, beta(i,0) = 0."""
    ha, ua = (a + 1) / (2 * a), (a - 1) / (2 * a)
    hb, ub = (b + 1) / (2 * b), (b - 1) / (2 * b)
    al = [[Fraction(0)] * n for _ in range(n)]
    be = [[Fraction(0)] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            al[i][j] = Fraction(1) if i == 0 else ha * al[i - 1][j] + ua * be[i - 1][j]
            be[i][j] = Fraction(0) if j == 0 else ub * al[i][j - 1] + hb * be[i][j - 1]
    return al, be


def mpmath_table3(n: int, digits: int):
    """ks69 (18) term by term in mpmath: (1/sqrt(ab)) sum_{i<=j} L^i M^j/(i! j!)."""
    import mpmath

    out = {}
    with mpmath.workdps(digits + 5):
        eps = mpmath.mpf(10) ** -(digits + 5)
        for a in range(1, n + 1):
            L = mpmath.log(a) / 2
            for b in range(1, n + 1):
                M = mpmath.log(b) / 2
                s = mpmath.mpf(0)
                inner = mpmath.mpf(0)  # running sum_{i<=j} L^i/i!
                li = tj = mpmath.mpf(1)
                j = 0
                while True:
                    inner += li
                    s += tj * inner
                    if j > 2 * M + 2 and tj * mpmath.exp(L) < eps:
                        break
                    j += 1
                    li = li * L / j
                    tj = tj * M / j
                out[(a, b)] = s / mpmath.sqrt(a * b)
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--size1", type=int, default=200)
    p.add_argument("--size3", type=int, default=100)
    p.add_argument("--digits", type=int, default=30)
    args = p.parse_args(argv)

    from exactcube import catalog
    from exactcube.brownian import raises as R
    from exactcube.numbers import mpq
    from exactcube.tables import TABLES

    catalog.load()
    n1, n3, d = args.size1, args.size3, args.digits

    # -- Table I ------------------------------------------------------------------------
    t0 = time.perf_counter()
    g = R.raising_grid(n1 - 1, n1 - 1)
    cells = [[g.alpha(i, j) for j in range(n1)] for i in range(n1)]
    t_grid = time.perf_counter() - t0
    t0 = time.perf_counter()
    TABLES["ks69.table1"](size=n1)
    t_table = time.perf_counter() - t0
    t0 = time.perf_counter()
    al, _ = fraction_table1(n1)
    t_frac = time.perf_counter() - t0
    same = all(cells[i][j] == mpq(al[i][j].numerator, al[i][j].denominator) for i in range(n1) for j in range(n1))
    print(f"Table I  {n1}x{n1} exact: exactcube grid {t_grid:.3f} s, full table builder {t_table:.3f} s; "
          f"Fraction recurrence {t_frac:.3f} s; ratio Fraction/exactcube = {t_frac / t_grid:.1f}x "
          f"(builder: {t_frac / t_table:.1f}x); identical: {same}")

    # -- Table III ----------------------------------------------------------------------
    t0 = time.perf_counter()
    t3 = TABLES["ks69.table3"](size=n3, digits_ball=d)
    t_arb = time.perf_counter() - t0
    t0 = time.perf_counter()
    ref = mpmath_table3(n3, d)
    t_mp = time.perf_counter() - t0
    import mpmath

    worst = mpmath.mpf(0)
    with mpmath.workdps(d + 5):
        for (a, b), v in ref.items():
            ball = t3.get(a, b)
            diff = abs(mpmath.mpf(ball.mid().str(d + 5, radius=False)) - v)
            worst = max(worst, diff)
    print(f"Table III {n3}x{n3} to {d} digits: exactcube (arb, rigorous) {t_arb:.3f} s; mpmath double series "
          f"{t_mp:.3f} s; ratio mpmath/exactcube = {t_mp / t_arb:.1f}x; largest difference "
          f"{mpmath.nstr(worst, 3)}")
    return 0 if same and worst < mpmath.mpf(10) ** -d else 1


if __name__ == "__main__":
    sys.exit(main())
