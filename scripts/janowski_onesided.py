"""The one-sided approximation of cubeful equities against the exact table: the figures quoted
in docs/bearoff.md ("Beyond the exact limit").

  nice python scripts/janowski_onesided.py [--checkers 6] [--cache-dir DIR]

Reads the exact two-sided table from the cache folder (exactcube.race.bearoff.cache; built
once if absent).  At every pair it takes the one-sided estimate's cubeless win chance (each
side plays its one-sided policy, sides independent), turns it into cubeful equities by
Janowski's interpolation with a constant x (exactcube.race.bearoff.janowski.score_one_sided),
and compares with the exact cubeful equities and cube decisions: max and mean absolute error
of the equity after the cube decision per cube state, and the cube decisions that differ
(ties excepted) with the exact equity they lose, for gnubg's x = 0.6 and x = 0, 0.05, ..., 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from exactcube.numbers import format_decimal, mpq  # noqa: E402
from exactcube.race.bearoff import cache  # noqa: E402
from exactcube.race.bearoff import janowski as jw  # noqa: E402
from exactcube.race.bearoff import realcube as rc  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checkers", type=int, default=6, help="checkers a side, 1..6 (default 6)")
    ap.add_argument("--cache-dir", help="cache folder (default $XDG_CACHE_HOME/exactcube)")
    a = ap.parse_args()
    if not 1 <= a.checkers <= 6:
        print("janowski_onesided: --checkers must be 1..6", file=sys.stderr)
        return 2
    t = cache.two_sided_table(cache.cache_dir(a.cache_dir), a.checkers,
                              lambda text: print(f"janowski_onesided: {text}", file=sys.stderr))
    c = rc.pairs_of(t)
    win = jw.one_sided_win(t, c)
    print(f"{win[0].size} pairs; per x: max / mean |error| of the equity (centred, owned, opponent owns); "
          "decisions differing / judged, exact equity lost (double, redouble, take)")
    scores = jw.score_one_sided(t, [mpq(k, 20) for k in range(21)], c, win)
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
          f"({format_decimal(sum(v[2] for v in lost.decisions.values()), 1)} against "
          f"{format_decimal(sum(v[2] for v in scores[12].decisions.values()), 1)} at x = 0.6)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
