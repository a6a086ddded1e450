"""Benchmark: exact race tables, exactcube against the straightforward ``fractions.Fraction`` recursion.

Both methods run in the same process on the same machine; every cell is compared for exact
equality before the ratio is printed.

* cubeless, all pairs up to N (default 200): exactcube's turn-count matrix product over
  integers (:func:`exactcube.race.cubeless.win_table`, every cell turned into an ``mpq``)
  vs the position recursion ``f(a,b) = sum_y f(y) [a <= y] + f(y)(1 - f(b, a-y))`` in
  ``Fraction``, in order of increasing a + b (as a paper's author would write it);
* cubeful money game, all pairs up to M (default 120), three cube states: exactcube's
  integer Bellman solver (:func:`exactcube.race.cubeful.solve`) vs the same Bellman
  equations in ``Fraction``.

Run:  nice python scripts/bench_race.py [--cubeless 200] [--cubeful 120]
"""

from __future__ import annotations

import argparse
import sys
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from exactcube.race import cubeful as cf  # noqa: E402
from exactcube.race import cubeless as cl  # noqa: E402
from exactcube.race import dice as dm  # noqa: E402

F_DICE = [(y, Fraction(w, 36)) for y, w in dm.BACKGAMMON.items()]


def fraction_cubeless(n):
    """The straightforward method: Fraction position recursion for all pairs up to n."""
    f = {}
    for s in range(2, 2 * n + 1):
        for a in range(max(1, s - n), min(n, s - 1) + 1):
            b = s - a
            v = Fraction(0)
            for y, p in F_DICE:
                v += p if a <= y else p * (1 - f[(b, a - y)])
            f[(a, b)] = v
    return f


def fraction_cubeful(n):
    """The straightforward method: the cubeful Bellman equations in Fraction, all pairs up to n."""
    nd = {}
    eq = {}
    nxt = {"c": "c", "o": "t", "t": "o"}
    one = Fraction(1)
    for s in range(2, 2 * n + 1):
        for x in range(max(1, s - n), min(n, s - 1) + 1):
            y = s - x
            for cube in ("c", "o", "t"):
                v = Fraction(0)
                for r, p in F_DICE:
                    v += p if x <= r else -p * eq[(y, x - r, nxt[cube])]
                nd[(x, y, cube)] = v
            dbl = min(one, 2 * nd[(x, y, "t")])
            eq[(x, y, "t")] = nd[(x, y, "t")]
            eq[(x, y, "c")] = max(nd[(x, y, "c")], dbl)
            eq[(x, y, "o")] = max(nd[(x, y, "o")], dbl)
    return eq


def _f(q):
    return Fraction(int(q.numerator), int(q.denominator))


def bench_cubeless(n):
    t0 = time.perf_counter()
    T = cl.win_table(n)  # exact: integer numerators over one common denominator
    t_table = time.perf_counter() - t0
    rows = T.rows()  # every cell as a reduced mpq
    t_exact = time.perf_counter() - t0
    t0 = time.perf_counter()
    ref = fraction_cubeless(n)
    t_frac = time.perf_counter() - t0
    bad = [(a, b) for a in range(1, n + 1) for b in range(1, n + 1) if _f(rows[a - 1][b - 1]) != ref[(a, b)]]
    if bad:
        raise SystemExit(f"cubeless tables differ at {bad[:3]}")
    return t_table, t_exact, t_frac


def bench_cubeful(n):
    t0 = time.perf_counter()
    T = cf.solve(n)  # exact: integers over one common denominator D^K
    t_solve = time.perf_counter() - t0
    tables = {c: T.equities(cube) for c, cube in (("c", "centred"), ("o", "mine"), ("t", "theirs"))}
    t_exact = time.perf_counter() - t0
    t0 = time.perf_counter()
    ref = fraction_cubeful(n)
    t_frac = time.perf_counter() - t0
    bad = [(x, y, c) for c, tab in tables.items() for x in range(1, n + 1) for y in range(1, n + 1)
           if _f(tab[x - 1][y - 1]) != ref[(x, y, c)]]
    if bad:
        raise SystemExit(f"cubeful tables differ at {bad[:3]}")
    return t_solve, t_exact, t_frac


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cubeless", type=int, default=200, help="cubeless table size (default 200)")
    ap.add_argument("--cubeful", type=int, default=120, help="cubeful table size (default 120)")
    args = ap.parse_args(argv)
    tt, te, tf = bench_cubeless(args.cubeless)
    print(f"cubeless {args.cubeless}x{args.cubeless}: Fraction recursion {tf:.3f} s; exactcube exact table "
          f"(common denominator) {tt:.3f} s, ratio {tf / tt:.1f}x; exactcube with every cell reduced to mpq "
          f"{te:.3f} s, ratio {tf / te:.1f}x (all {args.cubeless ** 2} cells equal)")
    tt, te, tf = bench_cubeful(args.cubeful)
    print(f"cubeful  {args.cubeful}x{args.cubeful} (3 cube states): Fraction Bellman {tf:.3f} s; exactcube exact "
          f"solve (common denominator) {tt:.3f} s, ratio {tf / tt:.1f}x; with every equity reduced to mpq "
          f"{te:.3f} s, ratio {tf / te:.1f}x (all {3 * args.cubeful ** 2} equities equal)")


if __name__ == "__main__":
    main()
