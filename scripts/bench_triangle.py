"""Benchmark: the triangle game (ju24 §4, Appendix B), exactcube against the straightforward methods, same run.

1. Simulation, for the same number of walks from the centre:
   (a) Appendix B's per-step Python loop transcribed as printed (``Round`` with the boundary tests of its
       ``Doubling`` listing: float Cartesian coordinates, radius r = 10, six compound boundary tests and two
       list appends per step, an edge resolved by the Lemma 4.2 coin);
   (b) a lean per-step Python loop on exactcube's own grid model (side 18, integer coordinates), the
       fastest straightforward loop, same law as (c);
   (c) exactcube's vectorised numpy simulator (``simulate_wins(..., edges="lemma")``), first call (tables
       built) and warm.  Target: >= 100x against the appendix's loop at 10^5 walks.
2. Exact evaluation: plain ``fractions.Fraction`` Gauss-Jordan elimination on the whole grid (as a paper's
   author would write it) against ``exactcube.triangle.board.solve`` (python-flint), same grid.

Run:  nice python scripts/bench_triangle.py [--walks 100000] [--side 18]
"""

from __future__ import annotations

import argparse
import random
import time
from fractions import Fraction

import numpy  # noqa: F401  (imported before timing: the import is not part of the simulation)

from exactcube.triangle import board as T
from exactcube.triangle import sim as TS

DIRECTIONS = T.STEPS  # the six unit steps, as in the appendix's `directions`


SQ3 = 3 ** (1 / 2)
APPENDIX_DIRECTIONS = [(0, 1), (SQ3 / 2, -1 / 2), (-SQ3 / 2, -1 / 2), (0, -1), (-SQ3 / 2, 1 / 2), (SQ3 / 2, 1 / 2)]


def appendix_Round(r, x, y, rng):
    """Appendix B's ``Round(r, x, y)`` as printed (boundary tests of the ``Doubling`` listing); returns (winner, steps)."""
    directions_x = []
    directions_y = []
    current_step_x = x
    current_step_y = y
    steps = 0
    while True:
        if current_step_y >= current_step_x / SQ3 + r and current_step_y >= r - current_step_x / SQ3:
            return "B", steps
        elif current_step_y <= -current_step_x / SQ3 - r and current_step_x <= -r * SQ3 / 2:
            return "G", steps
        elif current_step_y <= current_step_x / SQ3 - r and current_step_x >= r * SQ3 / 2:
            return "R", steps
        elif current_step_y <= -r / 2 + 1 / 4 and -r * SQ3 / 2 <= current_step_x <= r * SQ3 / 2:
            p = (current_step_x + r * SQ3 / 2) / (r * SQ3)
            return rng.choices(["R", "G"], weights=(p, 1 - p))[0], steps
        elif (current_step_y >= r + current_step_x * SQ3 - 1 / 4 and current_step_y >= -current_step_x / SQ3 - r
              and current_step_y <= r - current_step_x / SQ3):
            p = (current_step_x + r * SQ3 / 2) / (r * SQ3 / 2)
            return rng.choices(["B", "G"], weights=(p, 1 - p))[0], steps
        elif (current_step_y >= r - SQ3 * current_step_x - 1 / 4 and current_step_y >= current_step_x / SQ3 - r
              and current_step_y <= current_step_x / SQ3 + r):
            p = current_step_x / (r * SQ3 / 2)
            return rng.choices(["R", "B"], weights=(p, 1 - p))[0], steps
        else:
            chosen_step = rng.choice(APPENDIX_DIRECTIONS)
            current_step_x += chosen_step[0]
            current_step_y += chosen_step[1]
            directions_x.append(current_step_x)
            directions_y.append(current_step_y)
            steps += 1


def appendix_Backgammon_Triangle(r, g, seed):
    """Appendix B's ``Backgammon_Triangle(r, g, 0, 0)``: winners of ``g`` rounds, and the mean number of steps."""
    rng = random.Random(seed)
    counts = {"G": 0, "B": 0, "R": 0}
    total = 0
    for _ in range(g):
        w, k = appendix_Round(r, 0, 0, rng)
        counts[w] += 1
        total += k
    return counts, total / g


def appendix_round(n, a, b, c, rng):
    """One game in the style of Appendix B's ``Round``: a per-step Python loop; edges resolved by Lemma 4.2."""
    while True:
        if a == n:
            return "A"
        if b == n:
            return "B"
        if c == n:
            return "C"
        if c == 0:
            return rng.choices(["A", "B"], weights=(a, b))[0]
        if a == 0:
            return rng.choices(["B", "C"], weights=(b, c))[0]
        if b == 0:
            return rng.choices(["A", "C"], weights=(a, c))[0]
        d = rng.choice(DIRECTIONS)
        a, b, c = a + d[0], b + d[1], c + d[2]


def appendix_backgammon_triangle(n, games, seed):
    """Appendix B's ``Backgammon_Triangle``: count the winners of ``games`` rounds."""
    rng = random.Random(seed)
    counts = {"A": 0, "B": 0, "C": 0}
    k = n // 3
    for _ in range(games):
        counts[appendix_round(n, k, k, n - 2 * k, rng)] += 1
    return counts


def lean_steps(n, games, seed):
    """Mean number of steps of the grid walk (lean loop, edges absorbing), for the like-for-like comparison."""
    rng = random.Random(seed)
    k, total = n // 3, 0
    for _ in range(games):
        a, b, c = k, k, n - 2 * k
        while a and b and c:
            d = rng.choice(DIRECTIONS)
            a, b, c = a + d[0], b + d[1], c + d[2]
            total += 1
    return total / games


def fraction_solve(n):
    """P_A at every non-vertex position by Fraction Gauss-Jordan elimination on the whole grid."""
    pts = [p for p in T.positions(n) if p.kind != "vertex"]
    idx = {p: i for i, p in enumerate(pts)}
    m = len(pts)
    rows = []
    for p in pts:
        row = [Fraction(0)] * (m + 1)
        row[idx[p]] = Fraction(1)
        nb = T.neighbours(p)
        w = Fraction(1, len(nb))
        for q, _ in nb:
            if q in idx:
                row[idx[q]] -= w
            elif q.a == n:
                row[m] += w
        rows.append(row)
    for col in range(m):
        piv = next(r for r in range(col, m) if rows[r][col] != 0)
        rows[col], rows[piv] = rows[piv], rows[col]
        pv = rows[col][col]
        rows[col] = [x / pv for x in rows[col]]
        for r in range(m):
            f = rows[r][col]
            if r != col and f != 0:
                rc = rows[col]
                rows[r] = [x - f * y for x, y in zip(rows[r], rc, strict=True)]
    return {p: rows[idx[p]][m] for p in pts}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--walks", type=int, default=100_000)
    ap.add_argument("--side", type=int, default=18)
    ap.add_argument("--exact-side", type=int, default=14)
    args = ap.parse_args()
    n, g = args.side, args.walks

    t0 = time.perf_counter()
    app, app_steps = appendix_Backgammon_Triangle(10, g, seed=1)
    t_app = time.perf_counter() - t0
    t0 = time.perf_counter()
    loop = appendix_backgammon_triangle(n, g, seed=1)
    t_loop = time.perf_counter() - t0
    t0 = time.perf_counter()
    vec = TS.simulate_wins(n, g, seed=1, edges="lemma")
    t_first = time.perf_counter() - t0
    t0 = time.perf_counter()
    vec = TS.simulate_wins(n, g, seed=2, edges="lemma")
    t_vec = time.perf_counter() - t0
    grid_steps = lean_steps(n, min(g, 20000), seed=3)
    print(f"simulation, {g} walks from the centre, edges resolved by Lemma 4.2 as in Appendix B")
    print(f"  (a) Appendix B loop as printed, r = 10 : {t_app:8.3f} s   wins {app}, mean steps {app_steps:.1f}")
    print(f"  (b) lean per-step loop, grid side {n}  : {t_loop:8.3f} s   wins {loop}, mean steps {grid_steps:.1f}")
    print(f"  (c) exactcube vectorised, first call : {t_first:8.3f} s")
    print(f"      exactcube vectorised, warm       : {t_vec:8.3f} s   wins {dict(zip('ABC', vec.wins, strict=True))}")
    print(f"  ratio (a)/(c) first call, warm       : {t_app / t_first:8.1f}x {t_app / t_vec:8.1f}x")
    print(f"  ratio (b)/(c) first call, warm       : {t_loop / t_first:8.1f}x {t_loop / t_vec:8.1f}x")

    m = args.exact_side
    t0 = time.perf_counter()
    fr = fraction_solve(m)
    t_fr = time.perf_counter() - t0
    t0 = time.perf_counter()
    sol = T.solve(m)
    t_fl = time.perf_counter() - t0
    same = all(sol[p][0] == fr[p] for p in fr)
    print(f"exact evaluation of every position, side {m} ({len(fr)} unknowns)")
    print(f"  Fraction Gauss-Jordan          : {t_fr:8.3f} s")
    print(f"  exactcube (python-flint solve) : {t_fl:8.3f} s   same values: {same}")
    print(f"  ratio                          : {t_fr / t_fl:8.1f}x")


if __name__ == "__main__":
    main()
