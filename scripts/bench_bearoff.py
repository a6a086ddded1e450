"""Benchmark: exactcube's bearoff builds against GNU Backgammon's ``makebearoff``, in one run.

Each build runs as a child process of this script, one after another on the same machine, and
the kernel's account of that child (``os.wait4``) gives its CPU time (user + system) and peak
memory (maximum resident set size); wall-clock time is printed beside them.

* two-sided: every pair of positions of up to C checkers a side on 6 points (default C = 6:
  924 positions a side, 853,776 pairs), cubeless and cubeful (centred, owned, opponent owns):
  ``makebearoff -t 6xC`` (16-bit words) against ``exactcube.race.bearoff.twosided.build``
  (exact integers over 36^tau);
* one-sided: all 54,264 positions of up to 15 checkers: ``makebearoff -o 6`` (16-bit words,
  with gammon distributions, the file gnubg ships), ``makebearoff -o 6 -g`` (no gammon
  distributions, the same content as exactcube's) against
  ``exactcube.race.bearoff.onesided.OneSided(15).build()`` (exact integer numerators).

Run:  nice python scripts/bench_bearoff.py [--checkers 6] [--skip-two-sided]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from exactcube.race.bearoff import twosided as ts  # noqa: E402

CHILD = {
    "ts": "from exactcube.race.bearoff import twosided as ts; ts.build({c})",
    "os": "from exactcube.race.bearoff.onesided import OneSided; OneSided(15).build()",
}


def measure(argv, cwd):
    """(CPU seconds, peak resident MB, wall seconds) of one child process, from the kernel's rusage."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    if p.returncode:
        raise SystemExit(f"bench_bearoff: {' '.join(argv)} failed ({p.returncode}): {err.strip()[-300:]}")
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024, wall


def row(label, m):
    cpu, mem, wall = m
    print(f"  {label:34s} {cpu:8.2f} s CPU  {mem:7.0f} MB peak  {wall:8.2f} s wall")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checkers", type=int, default=6, help="two-sided: checkers a side, 1..6 (default 6)")
    ap.add_argument("--skip-two-sided", action="store_true", help="time the one-sided builds only")
    a = ap.parse_args()
    if not 1 <= a.checkers <= 6:
        print("bench_bearoff: --checkers must be 1..6 (makebearoff builds two-sided tables up to 6x6 here)",
              file=sys.stderr)
        return 2
    mb = ts.find_makebearoff()
    if mb is None:
        print("bench_bearoff: makebearoff not found (Debian package gnubg); nothing to compare", file=sys.stderr)
        return 2
    py = [sys.executable, "-c"]
    C = a.checkers
    print(f"load average before: {' '.join(f'{v:.2f}' for v in os.getloadavg())}; {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as d:
        if not a.skip_two_sided:
            g = measure([mb, "-t", f"6x{C}", "-f", os.path.join(d, "ts.bd")], d)
            e = measure(py + [CHILD["ts"].format(c=C)], str(ROOT))
            print(f"two-sided bearoff, up to {C} checkers a side ({ts.n_positions(C)} positions a side), "
                  "cubeless + 3 cubeful values")
            row(f"makebearoff -t 6x{C} (16-bit words)", g)
            row("exactcube (exact integers)", e)
            print(f"  ratio exactcube / makebearoff: {e[0] / g[0]:.2f} (CPU), {e[1] / g[1]:.2f} (peak memory), "
                  f"{e[2] / g[2]:.2f} (wall)")
        g = measure([mb, "-o", "6", "-f", os.path.join(d, "os.bd")], d)
        gg = measure([mb, "-o", "6", "-g", "-f", os.path.join(d, "os-g.bd")], d)
        e = measure(py + [CHILD["os"]], str(ROOT))
        print("one-sided bearoff, up to 15 checkers (54,264 positions)")
        row("makebearoff -o 6 (with gammons)", g)
        row("makebearoff -o 6 -g (no gammons)", gg)
        row("exactcube (exact, no gammons)", e)
        print(f"  ratio exactcube / makebearoff -o 6: {e[0] / g[0]:.2f} (CPU), {e[1] / g[1]:.2f} (peak memory); "
              f"/ makebearoff -o 6 -g: {e[0] / gg[0]:.2f} (CPU)")
    print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
