"""Benchmark: Conjecture 9's reduced form (move 0 against the low moves only) against the full form, one piece.

The full form (:func:`exactcube.noisy.interval.taylor.prove_conjecture9_near_half`, the 4096 run of 3.3 CPU hours)
computes the Taylor models of every move of every heap and proves move 0 above every other move and p(n) > 1/2.
The reduced form (:class:`exactcube.noisy.interval.low_moves.LowMoveTargets`) computes only the models of the low moves
m < K of a heap n = K + t and compares move 0 with them: Theorems B6 and B7 (``noisy.conjecture9.bound_every_n``,
``noisy.conjecture9.top_moves``) make it the same statement.  The block form
(:mod:`exactcube.noisy.interval.block_models`) proves the reduced statement through the block recursion (Lemma B1):
per heap O(K J) work with no grade axis and no top moves.  Each form runs the same piece in a child process;
printed per form: CPU seconds of the piece, the CPU time of the heaps N - 7..N and of eight heaps near 3N/4 (per
heap, from the times between the heaps' callbacks), peak memory of the child, and the ratios to the full form and
to the reduced one.  With ``--cover`` the whole cover of [0, 1/2) is run in each form instead (pieces and CPU).  Run
with ``nice``:

    nice python scripts/bench_reduced_frontier.py [--n 2048] [--forms full,low,blocks] [--cover]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

sys.path.insert(0, ".")

from exactcube.numbers import mpq  # noqa: E402
from exactcube.noisy.interval import block_models as bm  # noqa: E402
from exactcube.noisy.interval import low_moves as lm  # noqa: E402
from exactcube.noisy.interval import taylor as tp  # noqa: E402

#: The piece timed: s = 1 - 2 eps in [1/2, 1/2 + 1/256] (eps near 1/4); a piece's cost does not depend on its width.
PIECE = (mpq(1, 2), mpq(1, 2) + mpq(1, 256))


def _child(n: int, form: str, cover: bool) -> dict:
    times = {}
    t0 = time.process_time()
    if cover:
        prove = {"low": lm.prove_conjecture9_low_moves, "blocks": bm.prove_conjecture9_blocks}.get(
            form, tp.prove_conjecture9_near_half)
        r = prove(n, mpq(0))
        out = {"pieces": len(r.pieces), "proved": r.proved}
    else:
        targets = {m: 0 for m in range(2, n + 1)}
        half = set(targets)
        if form != "full":
            targets, half = lm.LowMoveTargets(targets), set()
        stamp = lambda m, *_: times.__setitem__(m, time.process_time())  # noqa: E731
        if form == "blocks":
            bm.block_piece(n, *PIECE, on_heap=stamp)
        else:
            tp.taylor_piece(n, 1, *PIECE, targets, half, on_heap=stamp)
        near = [times[m] - times[m - 1] for m in range(n - 7, n + 1)]
        q = 3 * n // 4
        mid = [times[m] - times[m - 1] for m in range(q - 3, q + 5)]
        out = {"near_n_ms": 1e3 * sum(near) / 8, "near_3n4_ms": 1e3 * sum(mid) / 8}
    out["cpu"] = time.process_time() - t0
    out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=2048)
    ap.add_argument("--forms", default="full,low,blocks")
    ap.add_argument("--cover", action="store_true", help="the whole cover of [0, 1/2) instead of one piece")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.child:
        print(json.dumps(_child(a.n, a.child, a.cover)))
        return 0
    res = {}
    for form in a.forms.split(","):
        cmd = [sys.executable, __file__, "--n", str(a.n), "--child", form] + (["--cover"] if a.cover else [])
        res[form] = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
        r = res[form]
        what = (f"{r['pieces']} pieces, proved {r['proved']}" if a.cover else
                f"heaps {a.n - 7}..{a.n}: {r['near_n_ms']:.1f} ms/heap, near {3 * a.n // 4}: {r['near_3n4_ms']:.1f} ms/heap")
        print(f"N = {a.n} {form:4s}: {r['cpu']:.1f} s CPU, {r['peak_mb']:.0f} MB; {what}", flush=True)
    for a_, b_ in (("low", "full"), ("blocks", "full"), ("blocks", "low")):
        if a_ in res and b_ in res:
            print(f"ratio {a_}/{b_}: {res[a_]['cpu'] / res[b_]['cpu']:.3f} of the CPU, "
                  f"{res[a_]['peak_mb'] / res[b_]['peak_mb']:.2f} of the peak memory")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
