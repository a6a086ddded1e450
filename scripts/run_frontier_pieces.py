"""Prove Conjecture 9's reduced form above eps* piece by piece: every heap 2..N on [41/100, 1/2), one piece at a time.

The slow claim ``noisy.conjecture9.low_moves_above_eps_star_n32768`` covers [41/100, 1/2) (s = 1 - 2 eps in
[0, 9/50]) in 2 sub-ranges; its walk tries the 7 pieces of :data:`PIECES` when none fails (docs/noisy.md, "The
reduced frontier by blocks").  A sub-range costs 3-4 pieces, about 260 s of CPU each at 32768, so a killed
sub-range run loses up to 17 minutes of CPU.  This runner proves the same pieces one at a time by
:func:`exactcube.noisy.interval.block_models.block_piece` and appends one JSON line per try to ``--resume``
(``n``, ``s_lo``, ``s_hi``, ``proved``, ``why``, ``cpu_seconds``), so a killed run loses at most one piece; a piece
that fails is split in two halves, which are tried next.  Started again with the same file it skips every try
already recorded.  When every piece of :data:`PIECES` is proved, the claim's own walk tries exactly these pieces.

Before it starts it prints an estimate: one piece timed at smaller heaps and extrapolated, times the pieces left.

    nice -n 5 env OMP_NUM_THREADS=1 python scripts/run_frontier_pieces.py --n-max 32768 --resume frontier32768.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

sys.path.insert(0, ".")

from exactcube.errors import BadInput, TooLarge  # noqa: E402
from exactcube.numbers import format_exact, mpq, parse_int  # noqa: E402

#: the ends in s = 1 - 2 eps of the pieces of the claim's walk on [41/100, 1/2) (the same at 64, 2048 and 4096)
PIECES = tuple(mpq(x) for x in ("0", "1/32", "1/16", "9/100", "81/800", "99/800", "27/160", "9/50"))


def read_tries(path: str | None, n_max: int) -> dict:
    """The tries recorded in ``path`` for heap bound ``n_max``: {(s_lo, s_hi): record}; a torn last line is ignored,
    a file that is not such a record is refused."""
    from exactcube.output import check_destination

    if not path:
        return {}
    check_destination(path, "results file")
    if not os.path.exists(path):
        return {}
    tries = {}
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    for i, ln in enumerate(lines):
        if not ln.strip():
            continue
        try:
            r = json.loads(ln)
        except json.JSONDecodeError:
            if i >= len(lines) - 2:
                break
            raise BadInput(f"results file {path!r}: line {i + 1} is not JSON") from None
        if not isinstance(r, dict) or not {"n", "s_lo", "s_hi", "proved"} <= set(r):
            raise BadInput(f"results file {path!r}: line {i + 1} is not a piece record")
        if r["n"] == n_max:
            tries[(r["s_lo"], r["s_hi"])] = r
    return tries


def _append(path: str, rec: dict) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, (json.dumps(rec) + "\n").encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)


def main(argv=None) -> int:
    from exactcube.cli.common import announce, measure_seconds
    from exactcube.noisy.interval import block_models as bm
    from exactcube.noisy.interval.cover import ProofFailure

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n-max", required=True, help=f"the largest heap, at most {bm.MAX_BLOCK_HEAP}")
    ap.add_argument("--resume", help="results file (JSON lines, one per try): recorded tries are skipped")
    ap.add_argument("--force", action="store_true", help="run even when estimated over an hour")
    a = ap.parse_args(argv)
    try:
        n_max = parse_int(a.n_max, "--n-max", 2, bm.MAX_BLOCK_HEAP)
        tries = read_tries(a.resume, n_max)
        left = sum(1 for i in range(len(PIECES) - 1)
                   if not tries.get((format_exact(PIECES[i]), format_exact(PIECES[i + 1])), {}).get("proved"))
        per_piece = measure_seconds(lambda m: bm.block_piece(m, mpq(1, 2), mpq(1, 2) + mpq(1, 256)), n_max, start=64,
                                    budget=2.0)
        announce(left * per_piece, f"{left} of {len(PIECES) - 1} pieces left x about {per_piece:.0f} s each", a.force)
        queue = [(PIECES[i], PIECES[i + 1]) for i in range(len(PIECES) - 1)]
        proved, cpu = [], 0.0
        while queue:
            lo, hi = queue.pop(0)
            key = (format_exact(lo), format_exact(hi))
            rec = tries.get(key)
            if rec is None:
                t0 = time.process_time()
                try:
                    bm.block_piece(n_max, lo, hi)
                    ok, why = True, ""
                except ProofFailure as exc:
                    ok, why = False, str(exc)
                rec = {"n": n_max, "s_lo": key[0], "s_hi": key[1], "proved": ok, "why": why,
                       "cpu_seconds": round(time.process_time() - t0, 2), "at": time.strftime("%H:%M:%S")}
                if a.resume:
                    _append(a.resume, rec)
                print(f"piece [{key[0]}, {key[1]}]: proved {ok}, {rec['cpu_seconds']} s CPU {why}", file=sys.stderr,
                      flush=True)
            cpu += rec["cpu_seconds"]
            if rec["proved"]:
                proved.append(key)
            else:
                mid = (lo + hi) / 2
                queue[:0] = [(lo, mid), (mid, hi)]
    except (BadInput, TooLarge) as exc:
        print(f"run_frontier_pieces: {exc}", file=sys.stderr)
        return 2
    print(f"Conjecture 9, reduced form, every heap 2..{n_max} on [41/100, 1/2): proved on {len(proved)} pieces "
          f"covering s in [0, 9/50], {cpu:.0f} s of CPU in all tries (recorded and new)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
