"""Benchmark: exactcube's match equity tables against GNU Backgammon's table generation, in one run.

Each side runs as a child process of this script, one after another on the same machine; the
kernel's account of that child (``os.wait4``) gives its CPU time (user + system) and peak memory
(maximum resident set size), wall-clock time beside them.

* gnubg: ``gnubg -t -q`` reading ``set matchequitytable FILE`` then ``show matchequitytable 25``,
  with FILE a copy of ``met/zadeh.xml`` (and ``met/mec.xml``) whose ``<length>`` is 64 so that gnubg
  runs its own recurrence (as shipped, length -1 makes it print a normal-distribution extension
  instead: docs/match.md); and gnubg started with only ``quit``, the floor of its start-up, whose
  difference is the table's own cost;
* exactcube: a Python child that imports exactcube and builds the same table to 25-away
  (``zadeh_met(25)``, ``mec_met(25)``: balls of radius < 1e-30 around the exact rationals), and the
  same child importing only (its floor); inside the child the table's own CPU time is also timed
  (``time.process_time``, the best of 5).

The ratio printed is of the whole runs' CPU; gnubg's table alone does not rise above the noise of
its start-up, so the table's own cost is printed for exactcube only (timed inside its child).

Run:  nice python scripts/bench_match.py [--gnubg /usr/games/gnubg] [--met-dir /usr/share/gnubg/met]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = """
import sys, time
sys.path.insert(0, {root!r})
from exactcube.match import {fn}
if {build}:
    best = min((lambda t0: ({fn}(25), time.process_time() - t0)[1])(time.process_time()) for _ in range(5))
    print(f"inner {{best:.4f}}")
"""


def child_usage(argv, stdin_text=None, cwd=None):
    """(CPU seconds, peak MB, wall seconds, stdout) of one child process, from the kernel's account of
    that child alone (``os.wait4``)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, cwd=cwd)
    if stdin_text:
        proc.stdin.write(stdin_text)
    proc.stdin.close()
    out = proc.stdout.read()
    _, _, ru = os.wait4(proc.pid, 0)
    proc.returncode = 0  # reaped here
    wall = time.perf_counter() - t0
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024, wall, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gnubg", default="/usr/games/gnubg")
    ap.add_argument("--met-dir", default="/usr/share/gnubg/met")
    args = ap.parse_args()
    if not os.path.exists(args.gnubg):
        print(f"bench_match: {args.gnubg} not found (install the Debian package gnubg)", file=sys.stderr)
        return 2
    print(f"load average before: {' '.join(f'{v:.2f}' for v in os.getloadavg())}; {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory(prefix="bench-match-") as tmp:
        env_home = {"HOME": tmp}
        os.environ.update(env_home)
        floor_g = child_usage([args.gnubg, "-t", "-q"], "quit\n", cwd=tmp)
        floor_x = child_usage([sys.executable, "-c", CHILD.format(root=str(ROOT), fn="zadeh_met", build=False)])
        print(f"  {'gnubg start-up (floor)':38s} {floor_g[0]:7.3f} s CPU {floor_g[1]:7.0f} MB peak {floor_g[2]:7.3f} s wall")
        print(f"  {'exactcube import (floor)':38s} {floor_x[0]:7.3f} s CPU {floor_x[1]:7.0f} MB peak {floor_x[2]:7.3f} s wall")
        for model, fn in (("zadeh", "zadeh_met"), ("mec", "mec_met")):
            src = Path(args.met_dir) / f"{model}.xml"
            copy = Path(tmp) / f"{model}64.xml"
            copy.write_text(re.sub(r"<length>\s*-?\d+\s*</length>", "<length>64</length>", src.read_text()))
            g = child_usage([args.gnubg, "-t", "-q"], f"set matchequitytable {copy}\nshow matchequitytable 25\nquit\n",
                            cwd=tmp)
            x = child_usage([sys.executable, "-c", CHILD.format(root=str(ROOT), fn=fn, build=True)])
            inner = float(re.search(r"inner ([\d.]+)", x[3]).group(1))
            g_own = g[0] - floor_g[0]
            print(f"{model} to 25-away:")
            print(f"  {'gnubg (float32, whole run)':38s} {g[0]:7.3f} s CPU {g[1]:7.0f} MB peak {g[2]:7.3f} s wall")
            print(f"  {'exactcube (balls < 1e-30, whole run)':38s} {x[0]:7.3f} s CPU {x[1]:7.0f} MB peak {x[2]:7.3f} s wall")
            print(f"  whole runs: ratio exactcube/gnubg {x[0] / g[0]:.2f} (CPU); the table alone: exactcube "
                  f"{inner:.4f} s CPU (best of 5, timed inside), gnubg {g_own:+.3f} s above its start-up "
                  f"(below the resolution of one run: its float32 table costs less than start-up noise)")
    print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
