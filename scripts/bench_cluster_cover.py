"""Benchmark: a Taylor-model proof of Conjecture 9 in sub-ranges on a pool, against the one sequential cover.

Both prove the same statement in one run: for every heap 2..N, move 0 is the unique optimal move and
p(n) > 1/2 for every eps in [0, 1/2).

* baseline: :func:`exactcube.noisy.interval.taylor.prove_conjecture9_near_half` (one cover, this process);
* :func:`exactcube.noisy.scale.cluster.prove_distributed` with P sub-ranges on a pool of W worker processes.

Prints pieces, CPU seconds (this process for the baseline; summed over the sub-ranges, as the workers
measure them, for the pool), wall seconds, peak memory (this process; the largest worker's for the pool)
and the ratios.  Run with ``nice``:
    nice python scripts/bench_cluster_cover.py [--n-max 256] [--parts 4] [--workers 2]
"""

from __future__ import annotations

import argparse
import resource
import sys
import time

sys.path.insert(0, ".")

from exactcube.noisy.scale import cluster as cl  # noqa: E402
from exactcube.noisy.interval import taylor as tp  # noqa: E402


def _peak_mb(who) -> float:
    return resource.getrusage(who).ru_maxrss / 1024


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n-max", type=int, default=256)
    ap.add_argument("--parts", type=int, default=4)
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()

    t, c = time.time(), time.process_time()
    whole = tp.prove_conjecture9_near_half(a.n_max, 0)
    w_wall, w_cpu, w_mem = time.time() - t, time.process_time() - c, _peak_mb(resource.RUSAGE_SELF)
    parts = cl.prove_distributed(9, a.n_max, a.parts, workers=a.workers)
    p_mem = _peak_mb(resource.RUSAGE_CHILDREN)
    p_pieces = sum(x["pieces"] for x in parts.records)
    print(f"Conjecture 9 on [0, 1/2), heaps 2..{a.n_max}")
    print(f"  one cover        : proved={whole.proved}  {len(whole.pieces):4d} pieces  CPU {w_cpu:8.1f} s  "
          f"wall {w_wall:8.1f} s  peak {w_mem:7.0f} MB")
    print(f"  {a.parts:2d} sub-ranges, {a.workers} workers: proved={parts.proved}  {p_pieces:4d} pieces  "
          f"CPU {parts.cpu_seconds:8.1f} s  wall {parts.wall_seconds:8.1f} s  peak {p_mem:7.0f} MB (largest worker)")
    print(f"  ratio (sub-ranges / one cover): CPU {parts.cpu_seconds / max(w_cpu, 1e-9):.2f}x, "
          f"wall {parts.wall_seconds / max(w_wall, 1e-9):.2f}x")
    return 0 if whole.proved and parts.proved else 1


if __name__ == "__main__":
    raise SystemExit(main())
