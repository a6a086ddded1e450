"""Benchmark: the exact two-sided bearoff build against GNU Backgammon's ``makebearoff``.

Both build the same database in the same run on the same machine: every pair of positions of
up to C checkers a side on 6 points (default C = 6: 924 positions a side, 853,776 pairs),
cubeless and cubeful (centred, owned, opponent owns).  exactcube's values are exact
(integers over 36^tau); gnubg's are 16-bit words.  CPU time of each is measured (the
makebearoff child's user + system time, this process's own CPU time for exactcube) and
wall-clock time beside it; the ratio exactcube / makebearoff is printed.

Run:  nice python scripts/bench_bearoff.py [--checkers 6] [--one-sided]
(--one-sided also times the exact 54,264-position one-sided build against makebearoff -o 6.)
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from exactcube.race.bearoff import onesided as os_  # noqa: E402
from exactcube.race.bearoff import twosided as ts  # noqa: E402


def run_gnubg(args, d):
    """CPU seconds (children) and wall seconds of one makebearoff run in folder d."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([ts.find_makebearoff(), *args], check=True, cwd=d, capture_output=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def run_exact(fn):
    c0, t0 = time.process_time(), time.perf_counter()
    out = fn()
    return out, time.process_time() - c0, time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checkers", type=int, default=6, help="checkers a side, 1..6 (default 6)")
    ap.add_argument("--one-sided", action="store_true", help="also time the one-sided 15-checker build")
    a = ap.parse_args()
    if not 1 <= a.checkers <= 6:
        print("bench_bearoff: --checkers must be 1..6", file=sys.stderr)
        return 2
    if ts.find_makebearoff() is None:
        print("bench_bearoff: makebearoff not found (Debian package gnubg); nothing to compare", file=sys.stderr)
        return 2
    C = a.checkers
    with tempfile.TemporaryDirectory() as d:
        g_cpu, g_wall = run_gnubg(["-t", f"6x{C}", "-f", "ts.bd"], d)
        words = ts.read_gnubg_ts(os.path.join(d, "ts.bd"))
    table, e_cpu, e_wall = run_exact(lambda: ts.build(C))
    res = ts.compare_with_gnubg(table, words)
    n = len(table.keys)
    print(f"two-sided bearoff, up to {C} checkers a side: {n} positions a side, {(n - 1) ** 2} pairs")
    print(f"  makebearoff -t 6x{C}   : {g_cpu:8.2f} s CPU  {g_wall:8.2f} s wall  (16-bit words)")
    print(f"  exactcube (exact)      : {e_cpu:8.2f} s CPU  {e_wall:8.2f} s wall  (integers over 36^{table.tau})")
    print(f"  ratio exactcube / makebearoff: {e_cpu / g_cpu:.2f} (CPU), {e_wall / g_wall:.2f} (wall)")
    print(f"  cube-decision disagreements with gnubg's words: {len(res.disagreements)}")
    if a.one_sided:
        with tempfile.TemporaryDirectory() as d:
            g_cpu, g_wall = run_gnubg(["-o", "6", "-f", "os.bd"], d)
        _t, e_cpu, e_wall = run_exact(lambda: os_.OneSided(15).build())
        print("one-sided bearoff, up to 15 checkers (54,264 positions)")
        print(f"  makebearoff -o 6       : {g_cpu:8.2f} s CPU  {g_wall:8.2f} s wall")
        print(f"  exactcube (exact)      : {e_cpu:8.2f} s CPU  {e_wall:8.2f} s wall")
        print(f"  ratio exactcube / makebearoff: {e_cpu / g_cpu:.2f} (CPU), {e_wall / g_wall:.2f} (wall)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
