"""Janowski's cube efficiency x on real bearoffs: the figures quoted in docs/bearoff.md.

  nice python scripts/janowski_bearoff.py [--checkers 6] [--cache-dir DIR] [--scan | --one-sided [--x 3/5,1/2]]

Reads the exact two-sided table from the cache folder (exactcube.race.bearoff.cache; built
once if absent) and prints the quartiles of the exact x by the roller's pip count (5-pip
groups) and by his number of checkers, then the decision errors and exact equity lost of
gnubg's race rule, x = 0, x = 1 and the median-x rule; with --scan also of every constant
x = 0, 0.05, ..., 1.

With --one-sided instead (--checkers up to 8, --x to choose the values): the one-sided approximation of the cubeful equities (the one-sided
estimate's win chance, sides independent, then Janowski's interpolation with a constant x;
exactcube.race.bearoff.janowski.score_one_sided) against the exact cubeful equities and cube
decisions: max and mean absolute error of the equity after the cube decision per cube state,
and the decisions that differ (ties excepted) with the exact equity they lose, for
x = 0, 0.05, ..., 1 (0.6 is gnubg's), and the best constant.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np  # noqa: E402

from exactcube.numbers import format_decimal, mpq, parse_rational  # noqa: E402
from exactcube.race.bearoff import cache  # noqa: E402
from exactcube.race.bearoff import janowski as jw  # noqa: E402
from exactcube.race.bearoff import realcube as rc  # noqa: E402


def q3(v):
    return "n/a" if v is None else format_decimal(v, 3)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checkers", type=int, default=6, help="checkers a side, 1..6 (default 6)")
    ap.add_argument("--cache-dir", help="cache folder (default $XDG_CACHE_HOME/exactcube)")
    ap.add_argument("--scan", action="store_true", help="also score every constant x = 0, 0.05, ..., 1")
    ap.add_argument("--one-sided", action="store_true",
                    help="instead: the one-sided approximation against the exact values, x = 0, 0.05, ..., 1")
    ap.add_argument("--x", help="with --one-sided: only these x, comma-separated (e.g. 3/5,1/2)")
    a = ap.parse_args()
    if not 1 <= a.checkers <= (8 if a.one_sided else 6):
        print("janowski_bearoff: --checkers must be 1..6 (1..8 with --one-sided)", file=sys.stderr)
        return 2
    t = cache.two_sided_table(cache.cache_dir(a.cache_dir), a.checkers,
                              lambda text: print(f"janowski_bearoff: {text}", file=sys.stderr))
    c = rc.pairs_of(t)
    if a.one_sided:
        return one_sided(t, c, [parse_rational(v, "--x") for v in a.x.split(",")] if a.x else None)
    xs = jw.exact_efficiencies(t, c)
    print(f"{len(c[0]) ** 2} pairs; x defined at {sum(v is not None for v in xs['centred'].ravel())}")
    for by in ("roller pips", "roller checkers"):
        print(f"exact x by {by}: pairs, then Q1 / median / Q3 for cube centred, roller owns, opponent owns")
        for label, cells in jw.summarise(t, xs, by, cached=c).rows:
            print(f"  {label:6s} {cells['centred'][0]:8d}  " + "   ".join(
                " / ".join(q3(v) for v in cells[k][1:]) for k in jw.CUBES))
    idx, pip, _obj = c
    med = {}
    for p in sorted(set(pip.tolist())):
        v = sorted(v for v in xs["centred"][np.nonzero(pip == p)[0]].ravel() if v is not None)
        med[p] = mpq(round(v[(len(v) - 1) // 2] * 10000), 10000) if v else mpq(0)
    rules = {"gnubg race rule": jw.gnubg_race_x, "x = 0 (dead cube)": lambda p: mpq(0),
             "x = 1 (fully live)": lambda p: mpq(1), "median exact x, cube centred": lambda p: med[p]}
    if a.scan:
        rules.update({f"x = {k / 20:.2f}": (lambda p, k=k: mpq(k, 20)) for k in range(21)})
    print("rules: errors / exact equity lost per unit cube, summed (double, redouble, take; total lost)")
    for sc in jw.score_x_rules(t, rules, c):
        cells = "; ".join(f"{sc.errors[d]} / {format_decimal(sc.cost[d], 1)}" for d in ("double", "redouble", "take"))
        print(f"  {sc.rule:32s} {cells}; {format_decimal(sum(sc.cost.values()), 1)}")
    return 0



def one_sided(t, c, xs=None):
    """The --one-sided report (module docstring), for ``xs`` (default x = 0, 0.05, ..., 1)."""
    win = jw.one_sided_win(t, c)
    print(f"{win[0].size} pairs; per x: max / mean |error| of the equity (centred, owned, opponent owns); "
          "decisions differing / judged, exact equity lost (double, redouble, take)")
    scores = jw.score_one_sided(t, xs or [mpq(k, 20) for k in range(21)], c, win)
    for sc in scores:
        errs = "  ".join(f"{format_decimal(sc.max_error[k], 4)} / {format_decimal(sc.mean_error[k], 4)}"
                         for k in jw.CUBES)
        decs = "  ".join(f"{d} {n:,}/{m:,} ({format_decimal(mpq(100 * n, m), 2)}%) lost {format_decimal(lost, 1)}"
                         for d, (n, m, lost) in sc.decisions.items())
        print(f"x = {format_decimal(sc.x, 2)}: {errs}; {decs}", flush=True)
    mean = min(scores, key=lambda sc: sum(sc.mean_error.values()))
    lost = min(scores, key=lambda sc: sum(v[2] for v in sc.decisions.values()))
    print(f"least mean |error| (sum over the three cube states, exact) at x = {format_decimal(mean.x, 2)}; "
          f"least equity lost by the decisions at x = {format_decimal(lost.x, 2)} "
          f"({format_decimal(sum(v[2] for v in lost.decisions.values()), 1)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
