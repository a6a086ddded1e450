"""Compare exactcube's best plays of a roll in a bearoff with GNU Backgammon's hint.

For N seeded random bearoff pairs (1 to --max-checkers checkers a side, no gammons possible;
a pair whose plays reach more than --limit pairs of positions is skipped)
and a random roll with at least two legal plays, this script asks exactcube
(:func:`exactcube.race.bearoff.plays.best_plays`, cube centred, money, no Jacoby rule) and
``gnubg -t`` (``set board <position ID>``, ``set dice``, ``hint``) for every play, and
compares:

* the best play: gnubg's first play is one of exactcube's best (tied) plays by cubeful
  equity, or by cubeless equity;
* the cubeless chance of winning after gnubg's first play (gnubg prints it to 5 decimals);
* the cubeful equity after gnubg's first play.

gnubg is fed one session of commands on standard input; plays are matched by the position
they leave, never by their notation.  Usage::

    python scripts/compare_plays_gnubg.py [-n 200] [--seed 1] [--max-checkers 5] [--limit 20000]

Prints the counts, the largest differences and the first disagreements, and the CPU time.
docs/bearoff.md ("Best plays of a roll") reports a run and says why the two differ.
"""

from __future__ import annotations

import argparse
import random
import re
import resource
import shutil
import subprocess
import sys
import time

from exactcube.errors import TooLarge
from exactcube.race.bearoff.ids import gnubg_id
from exactcube.race.bearoff.plays import best_plays, legal_plays

GNUBG = "/usr/games/gnubg"
_PLAY = re.compile(r"^\s*\d+\.\s+Cubeful\s+\S+\s+(?P<moves>.+?)\s+Eq\.:\s+(?P<eq>[-+]?\d+\.\d+)")
_PROBS = re.compile(r"^\s+(?P<w>\d\.\d+)\s+\d\.\d+\s+\d\.\d+\s+-\s+\d\.\d+")


def random_side(rng: random.Random, most: int) -> tuple:
    n = rng.randint(1, most)
    counts = [0] * 6
    for _ in range(n):
        counts[rng.randrange(6)] += 1
    return tuple(counts)


def apply_moves(counts, text: str) -> tuple:
    """The position gnubg's notation (``6/2 4/off(2)``, ``6/4/1``) leaves from ``counts`` (points 1..6)."""
    c = list(counts)
    for tok in text.split():
        m = re.fullmatch(r"([\d/]+(?:/off)?)(?:\((\d)\))?", tok.replace("*", ""))
        if not m:
            raise ValueError(f"cannot read gnubg's move {tok!r}")
        hops = m.group(1).split("/")
        for _ in range(int(m.group(2) or 1)):
            for a, b in zip(hops, hops[1:], strict=False):
                c[int(a) - 1] -= 1
                if b != "off":
                    c[int(b) - 1] += 1
    if min(c) < 0:
        raise ValueError(f"gnubg's move {text!r} does not fit {counts}")
    return tuple(c)


def gnubg_hints(cases) -> list:
    """Run gnubg once over every case: per case the list of (moves, cubeful equity, cubeless win chance)."""
    cmds = ["set player 0 human", "set player 1 human", "set jacoby off", "set output digits 5", "new game"]
    for x, y, roll in cases:
        cmds += [f"set board {gnubg_id(x, y)}", f"set dice {roll[0]} {roll[1]}", "hint 64"]
    out = subprocess.run([GNUBG, "-t", "-q"], input="\n".join(cmds) + "\n", capture_output=True, text=True,
                         timeout=3600).stdout
    blocks = re.split(r"The dice have been set to", out)[1:]  # one block per case
    result = []
    for block in blocks:
        plays, lines = [], block.splitlines()
        for i, line in enumerate(lines):
            m = _PLAY.match(line)
            if m:
                p = _PROBS.match(lines[i + 1]) if i + 1 < len(lines) else None
                plays.append((m["moves"], float(m["eq"]), float(p["w"]) if p else None))
        result.append(plays)
    return result


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=200, help="positions (default 200)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-checkers", type=int, default=5, help="checkers a side at most (default 5)")
    ap.add_argument("--limit", type=int, default=20_000,
                    help="skip a position whose plays reach more pairs than this (default 20,000)")
    args = ap.parse_args(argv)
    if not shutil.which(GNUBG):
        print(f"{GNUBG} is not installed (apt-get install gnubg gnubg-data)", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    cases, ours, skipped = [], [], 0
    t0 = time.process_time()
    while len(cases) < args.n:
        x, y = random_side(rng, args.max_checkers), random_side(rng, args.max_checkers)
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        roll = (max(a, b), min(a, b))
        if len(legal_plays(x, roll)) < 2:
            continue
        try:  # pairs whose plays reach more than --limit pairs are skipped (the exact recursion's cost)
            ours.append(best_plays(x, y, roll, "centred", gammons=False, limit=args.limit))
        except TooLarge:
            skipped += 1
            continue
        cases.append((x, y, roll))
    t_ours = time.process_time() - t0
    t1 = time.perf_counter()
    theirs = gnubg_hints(cases)
    t_gnubg = time.perf_counter() - t1
    same_cubeful = same_cubeless = 0
    dw, deq, rows = [], [], []
    for (x, y, roll), r, g in zip(cases, ours, theirs, strict=True):
        if not g:
            rows.append(f"no hint from gnubg for {x} vs {y}, roll {roll}")
            continue
        after = apply_moves(x, g[0][0])
        by_after = {p.after: p for p in r.plays}
        mine = by_after[after]
        best_cf = {p.after for p in r.best}
        top_cl = max(p.cubeless for p in r.plays)
        best_cl = {p.after for p in r.plays if p.cubeless == top_cl}
        same_cubeful += after in best_cf
        same_cubeless += after in best_cl
        if g[0][2] is not None:
            dw.append(abs(g[0][2] - float(mine.win)))
        deq.append(abs(g[0][1] - float(mine.cubeful)))
        if after not in best_cf and len(rows) < 12:
            loss = float(r.plays[0].cubeful - mine.cubeful)
            rows.append(f"{' '.join(map(str, x))} vs {' '.join(map(str, y))}, roll {roll[0]}-{roll[1]}: gnubg "
                        f"{g[0][0]} (exact cubeful {float(mine.cubeful):+.5f}), exact best {r.plays[0].moves} "
                        f"({float(r.plays[0].cubeful):+.5f}); loss {loss:.5f}")
    n = len(cases)
    print(f"{n} bearoff positions (seed {args.seed}, 1..{args.max_checkers} checkers a side, cube centred, money, "
          f"no Jacoby rule), each with a roll of at least two legal plays; {skipped} drawn positions skipped "
          f"(their plays reach more than {args.limit:,} pairs)")
    print(f"gnubg's first play is an exact best play: by cubeful equity {same_cubeful}/{n}, by cubeless equity "
          f"{same_cubeless}/{n}")
    if dw:
        print(f"cubeless chance of winning after gnubg's play: largest difference {max(dw):.5f}, mean "
              f"{sum(dw) / len(dw):.5f} (gnubg prints 5 decimals)")
    print(f"cubeful equity after gnubg's play: largest difference {max(deq):.5f}, mean {sum(deq) / len(deq):.5f}")
    for line in rows:
        print("  " + line)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"exactcube: {t_ours:.1f} s of CPU for all positions; gnubg: {t_gnubg:.1f} s wall; peak memory "
          f"{peak:.0f} MB (this process)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
