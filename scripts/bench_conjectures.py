"""Benchmark: Conjectures 9 and 10 of the noisy-channel document.

1. Exact grid check throughput (heaps x eps values per second): exactcube's check
   (:func:`exactcube.noisy.conjectures.check_at` over the fast exact solver) against the
   straightforward method, a plain ``fractions.Fraction`` dynamic programme of (5) with the
   same exact decisions, in the same run; prints the ratio.
2. Reach of the interval proofs: the largest heap bound n for which
   ``prove_conjecture9(n)`` (exact, whole (0, 1/2)) and ``prove_conjecture10(n)`` (exact
   germs + arb, whole (1/2, 1)) finish within the budget (default 10 minutes each),
   against the straightforward exact-symbolic route (sympy rational functions of eps,
   built by the same recursion with ``cancel``) timed on the same heaps.

0. Solver speed: p(1..N) at one eps by today's exact solver (``solve_nim``) against the
   certified floating-point decision (``decide_nim``: every optimal move certified, p(n)
   enclosed), and the grid check ``check_at(method="ball")`` (exact fallback and exact
   witnesses) against ``check_at`` (exact); same run, same answers asserted, ratio printed.

Run with ``nice``:  nice python scripts/bench_conjectures.py [--quick] [--budget SECONDS]
"""

from __future__ import annotations

import argparse
import sys
import time
from fractions import Fraction

sys.path.insert(0, ".")

from exactcube.noisy import conjectures as cj  # noqa: E402
from exactcube.numbers import mpq  # noqa: E402


def fraction_check(n_max: int, eps: Fraction) -> int:
    """Plain Fraction DP of (5) + exact decision of both conjectures; returns the number of failures."""
    half = Fraction(1, 2)
    p = [Fraction(0)]
    fails = 0
    for n in range(1, n_max + 1):
        k = n.bit_length()
        vals = []
        for m in range(n):
            num = Fraction(0)
            den = Fraction(0)
            for r in range(n):
                d = bin(m ^ r).count("1")
                w = eps**d * (1 - eps) ** (k - d)
                num += w * (1 - p[r])
                den += w
            vals.append(num / den)
        best = max(vals)
        opt = [m for m, v in enumerate(vals) if v == best]
        p.append(best)
        if n >= 2 and 0 < eps < half and (opt != [0] or not best > half):
            fails += 1
        if n >= 2 and n & (n - 1) == 0 and (best < half or (eps > half and opt != [n - 1])):
            fails += 1
    return fails


def sympy_rational_functions(n_max: int):
    """Straightforward symbolic route on (0, 1/2): p(n) = p(n, 0) as sympy rational functions, cancelled."""
    import sympy as sp

    e = sp.Symbol("e")
    p = [sp.Integer(0)]
    for n in range(1, n_max + 1):
        k = n.bit_length()
        num, den = 0, 0
        for r in range(n):
            d = bin(r).count("1")
            w = e**d * (1 - e) ** (k - d)
            num += w * (1 - p[r])
            den += w
        p.append(sp.cancel(num / den))
    return p


def bench_solver(n_values, eps_text):
    from exactcube.noisy.nim import decide_nim, solve_nim

    print(f"0a. p(1..N) at eps = {eps_text}: exact solver against certified floating-point decision")
    print(f"{'N':>6} {'exact s':>9} {'ball s':>8} {'ratio':>8}  (same optimal moves, exact p inside every ball)")
    for n in n_values:
        t = time.perf_counter()
        s = solve_nim(n, eps_text)
        t1 = time.perf_counter() - t
        t = time.perf_counter()
        b = decide_nim(n, eps_text)
        t2 = time.perf_counter() - t
        assert b.stopped is None
        assert all(b.optimal[m] == s.optimal[m] and b.encloses(m, s.p[m]) for m in range(1, n + 1))
        print(f"{n:>6} {t1:>9.2f} {t2:>8.2f} {t1 / t2:>7.1f}x")


def bench_check(n, eps_values):
    print(f"0b. grid check of both conjectures, n <= {n}, {len(eps_values)} eps: exact against ball-first")
    t = time.perf_counter()
    ex = [cj.check_at(e, n) for e in eps_values]
    t1 = time.perf_counter() - t
    t = time.perf_counter()
    fa = [cj.check_at(e, n, method="ball") for e in eps_values]
    t2 = time.perf_counter() - t
    assert [c.failures for c in ex] == [c.failures for c in fa]
    nb = sum(c.method.startswith("ball") for c in fa)
    print(f"   exact {t1:.2f} s, ball-first {t2:.2f} s ({nb} of {len(fa)} points without exact arithmetic); "
          f"ratio {t1 / t2:.1f}x\n")


def bench_grid(n_values, eps_values):
    print("1. exact grid check: heaps x eps values per second")
    print(f"{'N':>6} {'#eps':>5} {'exactcube s':>12} {'Fraction s':>11} {'exactcube /s':>13} {'Fraction /s':>12} {'ratio':>7}")
    for n in n_values:
        t = time.perf_counter()
        f1 = sum(len([f for f in cj.check_at(e, n).failures if f.kind != "tie"]) for e in eps_values)
        t1 = time.perf_counter() - t
        t = time.perf_counter()
        f2 = sum(fraction_check(n, Fraction(int(e.numerator), int(e.denominator))) for e in eps_values)
        t2 = time.perf_counter() - t
        assert f1 == f2, (f1, f2)
        work = n * len(eps_values)
        print(f"{n:>6} {len(eps_values):>5} {t1:>12.3f} {t2:>11.3f} {work / t1:>13.0f} {work / t2:>12.0f} {t2 / t1:>7.1f}x")


def bench_reach(budget: float, quick: bool):
    print(f"\n2. interval proofs: largest heap bound proved within {budget:.0f} s")
    for name, fn, ns in (("Conjecture 9 on (0, 1/2), exact", cj.prove_conjecture9, [8, 16, 32, 64, 128]),
                         ("Conjecture 10 on (1/2, 1), exact germs + arb", cj.prove_conjecture10, [8, 16, 32, 64])):
        reached = None
        for n in ns if not quick else ns[:3]:
            t = time.perf_counter()
            r = fn(n)
            dt = time.perf_counter() - t
            print(f"   {name}: n <= {n:>4}: {'proved' if r.holds else 'NOT proved'} in {dt:8.2f} s")
            if dt > budget:
                break
            reached = n if r.holds else reached
            if dt * 20 > budget:  # the next doubling would not fit
                break
        print(f"   -> reach: n <= {reached}")
    print("\n   straightforward symbolic route (sympy rational functions p(n) on (0, 1/2), cancelled):")
    for n in (8, 12, 16) if not quick else (8, 12):
        t = time.perf_counter()
        sympy_rational_functions(n)
        dt_s = time.perf_counter() - t
        t = time.perf_counter()
        cj.prove_conjecture9(n)
        dt_e = time.perf_counter() - t
        print(f"   n <= {n:>3}: sympy builds p(n) in {dt_s:8.2f} s (no proof yet); exactcube proves Conjecture 9 "
              f"in {dt_e:6.2f} s; ratio {dt_s / dt_e:6.1f}x")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="small sizes (a smoke run)")
    ap.add_argument("--budget", type=float, default=600.0, help="seconds per interval proof (default 600)")
    ap.add_argument("--solver-only", action="store_true", help="only part 0 (solver speed)")
    a = ap.parse_args()
    eps = [mpq(i, 20) for i in (1, 5, 9, 11, 15, 19)]
    bench_solver([256, 1024] if a.quick else [1024, 2048, 4096], "77/100")
    bench_check(256 if a.quick else 1024, [mpq(i, 20) for i in (1, 5, 9, 11, 15, 19)] + [mpq(39, 40)])
    if a.solver_only:
        return
    bench_grid([32, 64] if a.quick else [64, 128], eps)
    bench_reach(a.budget, a.quick)


if __name__ == "__main__":
    main()
