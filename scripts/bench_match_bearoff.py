"""Benchmark: a bearoff at a match score against the same pair's money query, side by side.

The baseline is the money query of the pair, solved exactly over every pair of positions it
reaches (``exactcube.race.bearoff.gammons.solve_pair``: cubeless chances and the three cube
states' equities, the engine ``exactcube bearoff X Y`` uses when no table holds the pair).  The
match query is ``exactcube.match.results.bearoff_match`` at a score of a 7-point match through
Zadeh's exact table: it runs that money solve too (for the cubeless chances) and then the game
with match payoffs at every cube value and owner.  Each runs in its own child process; the
kernel's account of the child (``os.wait4``) gives its CPU time and peak memory.

Run:  nice python scripts/bench_match_bearoff.py [--pair "0 0 1 1 1 2" "0 1 1 1 1 1"] [--score 4-3]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import sys, time
sys.path.insert(0, {root!r})
from exactcube.race.bearoff.gammons import solve_pair
from exactcube.match import generate
from exactcube.match.results import bearoff_match
x, y = {x!r}, {y!r}
met = generate("zadeh", 7, exact=True)
t = time.process_time()
if {match!r}:
    r = bearoff_match(x, y, met, {a}, {b})
    print("states", r.pairs, "action", r.action)
else:
    r = solve_pair(x, y)
    print("pairs", r.pairs)
print(f"inner {{time.process_time() - t:.3f}}")
"""


def child_usage(code: str):
    """(CPU seconds, peak MB, wall seconds, stdout) of one Python child, from ``os.wait4``."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    out = proc.stdout.read()
    _, _, ru = os.wait4(proc.pid, 0)
    proc.returncode = 0
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024, time.perf_counter() - t0, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pair", nargs=2, default=["0 0 1 1 1 2", "0 1 1 1 1 1"], metavar="POSITION")
    ap.add_argument("--score", default="4-3", help="the roller's and the opponent's points in a 7-point match")
    args = ap.parse_args()
    x, y = (tuple(int(c) for c in p.split()) for p in args.pair)
    mine, theirs = (int(v) for v in args.score.split("-"))
    a, b = 7 - mine, 7 - theirs
    print(f"load average before: {' '.join(f'{v:.2f}' for v in os.getloadavg())}; {os.cpu_count()} CPUs")
    print(f"pair {args.pair[0]} (on roll) vs {args.pair[1]}; match: 7 points at {args.score} ({a}-away/{b}-away), "
          "Zadeh's exact table")
    runs = {}
    for name, match in (("money query (baseline)", False), ("match query", True)):
        cpu, mb, wall, out = child_usage(CHILD.format(root=str(ROOT), x=x, y=y, match=match, a=a, b=b))
        runs[name] = cpu
        inner = out.split("inner ")[-1].strip()
        print(f"  {name:24s} {cpu:7.2f} s CPU {mb:7.0f} MB peak {wall:7.2f} s wall  (solve {inner} s; "
              f"{out.splitlines()[0]})")
    print(f"  ratio match/money: {runs['match query'] / runs['money query (baseline)']:.2f} (CPU of the whole runs)")
    print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
