"""Benchmark: whole-interval proofs of Conjecture 9, Taylor models against first-order enclosures.

Both methods prove the same statement on the same closed interval of eps, in one run: for every heap
2..N, move 0 is the unique optimal move and p(n) > 1/2 for every eps in [0, EPS_TO] (EPS_TO < 1/2; the
first-order method cannot reach 1/2 itself, so the comparison stops short of it).

* baseline: :func:`exactcube.noisy.interval.firstorder.prove_conjecture9_on` (first-order mean-value enclosures in
  u = eps/(1 - eps), pieces halved and doubled adaptively);
* exactcube's newer method: :func:`exactcube.noisy.interval.taylor.prove_near_half` on s = 1 - 2 eps in
  [1 - 2 EPS_TO, 1] (Taylor models of order 7).

Prints pieces, seconds and the ratio.  Run with ``nice``:
    nice python scripts/bench_interval_proofs.py [--n-max 256] [--eps-to 2/5]
"""

from __future__ import annotations

import argparse
import sys
import time

sys.path.insert(0, ".")

from exactcube.noisy.interval import firstorder as ip  # noqa: E402
from exactcube.noisy.interval import taylor as tp  # noqa: E402
from exactcube.numbers import parse_rational  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n-max", type=int, default=256)
    ap.add_argument("--eps-to", default="2/5")
    a = ap.parse_args()
    n, to = a.n_max, parse_rational(a.eps_to, "--eps-to")
    t0 = time.time()
    first = ip.prove_conjecture9_on(n, to)
    t_first = time.time() - t0
    targets = {m: 0 for m in range(2, n + 1)}
    t0 = time.time()
    taylor = tp.prove_near_half(n, 1, 1, targets, set(targets), "bench", s_from=1 - 2 * to)
    t_taylor = time.time() - t0
    print(f"Conjecture 9, heaps 2..{n}, eps in [0, {to}]")
    print(f"  first-order enclosures: proved {first.proved}, {len(first.pieces)} pieces, {t_first:.1f} s")
    print(f"  Taylor models (order {tp.DEFAULT_ORDER}): proved {taylor.proved}, {len(taylor.pieces)} pieces, "
          f"{t_taylor:.1f} s")
    print(f"  ratio (first-order / Taylor): {t_first / t_taylor:.1f}x")
    return 0 if first.proved and taylor.proved else 1


if __name__ == "__main__":
    sys.exit(main())
