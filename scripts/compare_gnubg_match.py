"""Bearoff cube actions at match scores: exactcube's exact solution against gnubg's own evaluation.

For ``--count`` bearoff pairs (seeded; each side 1 to ``--checkers`` checkers on points 1..6) at
scores of a ``--match``-point match (both players at 2-away or more, so the cube is live), both
with the table ``--met`` (default gnubg's Kazaross-XG2.xml, read as printed by exactcube and loaded
by gnubg): exactcube's :func:`exactcube.match.results.bearoff_match` (the bearoff solved exactly with
match payoffs) and gnubg's ``hint`` (``gnubg -t``: ``new match N``, ``set score``, ``set board ID``;
gnubg evaluates with its bearoff databases and its match cube model, 2-ply by default).  Prints
every pair whose actions differ, with exactcube's three match winning chances, and the counts.

Run:  nice python scripts/compare_gnubg_match.py [--count 200] [--seed 1] [--match 7]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from exactcube.match import read_gnubg_xml  # noqa: E402
from exactcube.match.results import bearoff_match  # noqa: E402
from exactcube.numbers import format_decimal  # noqa: E402
from exactcube.race.bearoff.ids import gnubg_id  # noqa: E402


def random_side(rng, most):
    counts = [0] * 6
    for _ in range(rng.randint(1, most)):
        counts[rng.randrange(6)] += 1
    return tuple(counts)


def gnubg_action(gnubg, met, match, mine, theirs, pid, tmp):
    # both players human (so that gnubg plays no move itself); player 0 has ``mine`` points and is on roll
    cmd = (f"set player 0 human\nset player 1 human\nset matchequitytable {met}\nnew match {match}\n"
           f"set score {mine} {theirs}\nset turn 0\nset board {pid}\nhint\n")
    out = subprocess.run([gnubg, "-t", "-q"], input=cmd, capture_output=True, text=True, timeout=120, cwd=tmp,
                         env={"HOME": tmp}).stdout
    for line in out.splitlines():
        if line.startswith("Proper cube action:"):
            return line.split(":", 1)[1].strip()
    return "?"


def same(ours: str, theirs: str) -> bool:
    """gnubg's wording ("No double, take (29.4%)", "Double, take", "Too good to double, pass") against ours."""
    t = theirs.lower()
    if ours.startswith("double or not"):  # an exact tie between doubling and not: either wording
        return True
    if ours.startswith("no double"):
        return t.startswith("no double") or t.startswith("too good")
    if ours == "double, take":
        return t.startswith("double, take") or t.startswith("redouble, take")
    if ours == "double, pass":
        return t.startswith("double, pass") or t.startswith("redouble, pass")
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--match", type=int, default=7)
    ap.add_argument("--checkers", type=int, default=3)
    ap.add_argument("--gnubg", default="/usr/games/gnubg")
    ap.add_argument("--met", default="/usr/share/gnubg/met/Kazaross-XG2.xml")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    table = read_gnubg_xml(args.met)
    differ, n = [], 0
    with tempfile.TemporaryDirectory(prefix="cmp-match-") as tmp:
        for _ in range(args.count):
            x, y = random_side(rng, args.checkers), random_side(rng, args.checkers)
            mine, theirs = rng.randrange(args.match - 1), rng.randrange(args.match - 1)
            a, b = args.match - mine, args.match - theirs
            r = bearoff_match(x, y, table, a, b)
            g = gnubg_action(args.gnubg, args.met, args.match, mine, theirs, gnubg_id(x, y), tmp)
            n += 1
            if not same(r.action, g):
                differ.append((x, y, a, b, r, g))
    print(f"{n} bearoff pairs at {args.match}-point match scores (seed {args.seed}), table {table.name}:")
    print(f"  cube actions agree at {n - len(differ)}, differ at {len(differ)}")
    for x, y, a, b, r, g in differ:
        dt = format_decimal(r.double_take, 4) if r.double_take is not None else "-"
        dp = format_decimal(r.double_pass, 4) if r.double_pass is not None else "-"
        print(f"  {' '.join(map(str, x))} vs {' '.join(map(str, y))} at {a}-away/{b}-away: exactcube {r.action} "
              f"(ND {format_decimal(r.no_double, 4)}, DT {dt}, DP {dp}); gnubg {g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
