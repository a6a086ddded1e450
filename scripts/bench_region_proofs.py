"""Benchmark: the failure region of Conjecture 10 at n = 2^k, Taylor models against first-order enclosures.

Both methods prove the same statement, in one run, each in a child process of its own (CPU time and peak
memory from the kernel's account of that child, ``os.wait4``): for heap N = 2^k >= 256, move N - 1 is the
unique optimal move and p(N) > 1/2 on [EPS_FROM, eps*), move N - 4 on (eps*, 1), eps* the unique crossing.

* baseline: :func:`exactcube.noisy.interval.firstorder.prove_failure_region_first_order` (first-order mean-value
  enclosures in u = (1 - eps)/eps; what the slow claims ``noisy.conjecture10.region_n*`` used before);
* :func:`exactcube.noisy.interval.taylor.prove_failure_region_taylor` (Taylor models of order 7 in s = 2 eps - 1,
  the crossing isolated by the same first-order piece).

Prints pieces, CPU seconds, peak memory and the ratio.  Run with ``nice``:
    nice python scripts/bench_region_proofs.py [--n 256] [--eps-from 3/5]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD = """
import sys
from exactcube.numbers import parse_rational
import exactcube.noisy.{module} as m
r = m.{function}({n}, eps_from=parse_rational({eps_from!r}, "--eps-from"))
print(int(r.proved), len(r.pieces), len(r.gaps))
"""


def run(module: str, function: str, n: int, eps_from: str):
    """(proved, pieces, CPU s, peak MB, wall s) of one method in a child process."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    t0 = time.time()
    p = subprocess.Popen([sys.executable, "-c", CHILD.format(module=module, function=function, n=n, eps_from=eps_from)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    out = p.stdout.read().decode()
    err = p.stderr.read().decode()
    _pid, status, ru = os.wait4(p.pid, 0)
    wall = time.time() - t0
    if status != 0:
        raise SystemExit(f"bench_region_proofs: the {module} child failed: {err.strip().splitlines()[-1:]}")
    proved, pieces, _gaps = (int(x) for x in out.split())
    return bool(proved), pieces, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024, wall


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=256, help="heap N = 2^k, 256..4096 (default 256)")
    ap.add_argument("--eps-from", default="3/5", help="where the proof of move N - 1 starts (default 3/5)")
    a = ap.parse_args()
    if a.n < 256 or a.n > 4096 or a.n & (a.n - 1):
        print("bench_region_proofs: --n must be a power of two in 256..4096", file=sys.stderr)
        return 2
    print(f"Conjecture 10 at n = {a.n}: move {a.n - 1} on [{a.eps_from}, eps*), move {a.n - 4} on (eps*, 1)")
    rows = {}
    for label, module, function in (("first-order enclosures", "interval.firstorder", "prove_failure_region_first_order"),
                                    ("Taylor models (order 7)", "interval.taylor", "prove_failure_region_taylor")):
        rows[label] = run(module, function, a.n, a.eps_from)
        proved, pieces, cpu, mem, wall = rows[label]
        print(f"  {label:24s} proved {proved}, {pieces:4d} pieces, {cpu:8.1f} s CPU, {wall:8.1f} s wall, "
              f"{mem:7.0f} MB peak", flush=True)
    (_, _, c1, m1, _), (_, _, c2, m2, _) = rows.values()
    print(f"  ratio (Taylor / first-order): {c2 / c1:.2f}x CPU, {m2 / m1:.2f}x peak memory")
    return 0 if all(r[0] for r in rows.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
