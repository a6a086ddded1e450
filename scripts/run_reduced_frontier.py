"""Push Conjecture 9's heap-by-heap frontier with the reduced statement: every heap 2..N on all of [0, 1/2).

By Theorems B6 and B7 (``noisy.conjecture9.bound_every_n``, ``noisy.conjecture9.top_moves``, every n) Conjecture 9
at a heap n = K + t is the low-move inequality p(n, 0) > p(n, m) for 1 <= m < K.  This runner proves it for every
heap up to N in sub-ranges of eps (:func:`exactcube.noisy.scale.cluster.prove_distributed` with ``reduced=True``):
by default each piece by the block recursion (``--method blocks``, :mod:`exactcube.noisy.interval.block_models`,
heaps up to 32768), or by the Taylor models of every low move from grade sums (``--method taylor``, heaps up to
16384).  It runs on a local pool (``--workers``) or a Dask cluster (``--dask tcp://scheduler:8786``, or ``local:W``
for a LocalCluster of W workers), appending each finished sub-range to ``--resume`` (JSON lines): a killed run,
started again with the same command, keeps every finished sub-range and computes only the others.  Its results file
records the reduced form and the method, so it never mixes with another run's file.

Before it starts it prints an estimate: one piece timed at smaller heaps and extrapolated, times the pieces a
sub-range tries (docs/noisy.md, "The reduced frontier by blocks"); a run over an hour needs ``--force``.  Without
``--force`` and over an hour it stops after the estimate (exit status 2).

    nice python scripts/run_reduced_frontier.py --n-max 16384 --parts 4 --dask local:2 --resume c9low_16384.jsonl
"""

from __future__ import annotations

import argparse
import sys

sys.path.insert(0, ".")

from exactcube.errors import BadInput, TooLarge  # noqa: E402
from exactcube.numbers import mpq, parse_int, parse_rational  # noqa: E402

#: Pieces per sub-range of the reduced form: the full form's 33 pieces in 8 sub-ranges at 4096, times 0.8 (the reduced
#: covers of [0, 1/2) at 256 and 512 take 12 and 14 pieces against 15 and 17; docs/noisy.md).
PIECES_PER_SUB_RANGE = 3.3
#: Pieces' worth of work per sub-range by the block recursion, failed tries included: the slow claim at 8192 took
#: 636 s of CPU in 2 sub-ranges (14 pieces proved), about 21 times the 30 s of one piece there (docs/noisy.md, "The
#: reduced frontier by blocks").
TRIES_PER_SUB_RANGE = 10.5


def estimate(n_max: int, parts: int, left: int, workers: int, method: str = "blocks") -> tuple[float, str]:
    """(seconds of wall time, how): one reduced piece timed at smaller heaps, extrapolated to ``n_max``, times the
    pieces of the ``left`` sub-ranges of ``parts`` still to compute, on ``workers``."""
    from exactcube.cli.common import measure_seconds
    from exactcube.noisy.interval import block_models as bm
    from exactcube.noisy.interval import taylor as tp
    from exactcube.noisy.interval.low_moves import LowMoveTargets

    def piece(m):
        if method == "blocks":
            bm.block_piece(m, mpq(1, 2), mpq(1, 2) + mpq(1, 256))
        else:
            tp.taylor_piece(m, 1, mpq(1, 2), mpq(1, 2) + mpq(1, 256), LowMoveTargets({r: 0 for r in range(2, m + 1)}),
                            set())

    per_piece = measure_seconds(piece, n_max, start=64, budget=2.0)
    pieces = (TRIES_PER_SUB_RANGE if method == "blocks" else PIECES_PER_SUB_RANGE) * left
    w = max(1, min(workers, left))
    return pieces * per_piece / w, (f"about {pieces:.0f} pieces x {per_piece:.0f} s each on {w} worker(s), "
                                    f"{left} of {parts} sub-ranges left")


def main(argv=None) -> int:
    from exactcube.cli.common import announce
    from exactcube.noisy.interval.block_models import MAX_BLOCK_HEAP
    from exactcube.noisy.interval.low_moves import MAX_LOW_MOVE_HEAP
    from exactcube.noisy.scale import cluster

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n-max", required=True,
                    help=f"the largest heap, at most {MAX_BLOCK_HEAP} (blocks) or {MAX_LOW_MOVE_HEAP} (taylor)")
    ap.add_argument("--parts", help="sub-ranges of [0, 1/2) (default 4 with --method blocks, 32 with taylor)")
    ap.add_argument("--workers", default="1", help="local worker processes")
    ap.add_argument("--dask", help="a Dask scheduler address, or local:W for a LocalCluster of W workers")
    ap.add_argument("--resume", help="results file (JSON lines): finished sub-ranges are kept and skipped")
    ap.add_argument("--eps-from", default="0",
                    help="the lower end of eps (default 0; 41/100 for the run above eps* of the slow claim "
                         "noisy.conjecture9.low_moves_above_eps_star_n32768, with --parts 2)")
    ap.add_argument("--force", action="store_true", help="run even when estimated over an hour")
    ap.add_argument("--method", choices=cluster.METHODS, default="blocks",
                    help="blocks: the block recursion (the default, about 30 times cheaper a piece at 8192); taylor: "
                         "Taylor models of every low move from grade sums")
    a = ap.parse_args(argv)
    try:
        n_max = parse_int(a.n_max, "--n-max", 2, MAX_BLOCK_HEAP if a.method == "blocks" else MAX_LOW_MOVE_HEAP)
        eps_from = parse_rational(a.eps_from, "--eps-from")
        if not 0 <= eps_from < mpq(1, 2):
            raise BadInput(f"--eps-from must lie in [0, 1/2), got {a.eps_from}")
        parts = parse_int(a.parts or ("4" if a.method == "blocks" else "32"), "--parts", 1, cluster.MAX_PARTS)
        workers = parse_int(a.workers, "--workers", 1, 256)
        dask_workers = 1
        if a.dask and a.dask.startswith("local:"):
            dask_workers = parse_int(a.dask[6:], "--dask local:W", 1, 256)
        done = min(cluster.finished_sub_ranges(a.resume, cluster.COVER_KIND, n_max), parts)
        seconds, how = estimate(n_max, parts, parts - done, max(workers, dask_workers), a.method)
        announce(seconds, how, a.force)

        def on_record(rec):
            print(f"sub-range [{rec['eps']}, {rec['eps_to']}]: proved {rec['proved']}, {rec['pieces']} pieces, "
                  f"{rec['cpu_seconds']} s CPU", file=sys.stderr, flush=True)

        r = cluster.prove_distributed(9, n_max, parts, eps_from=eps_from, results=a.resume, workers=workers, dask=a.dask,
                                      on_record=on_record, reduced=True, method=a.method)
    except (BadInput, TooLarge) as exc:
        print(f"run_reduced_frontier: {exc}", file=sys.stderr)
        return 2
    print(f"Conjecture 9, reduced form, every heap 2..{n_max} on [{eps_from}, 1/2): "
          f"{'proved' if r.proved else 'NOT proved'} ({len(r.pieces)} of {parts} sub-ranges, "
          f"{sum(x['pieces'] for x in r.pieces)} pieces, {r.cpu_seconds:.0f} s CPU, {r.seconds:.0f} s wall, "
          f"{r.computed} computed now, {r.resumed} read back)")
    return 0 if r.proved else 1


if __name__ == "__main__":
    raise SystemExit(main())
