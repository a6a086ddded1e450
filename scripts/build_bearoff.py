"""Build the exact two-sided bearoff table and compare both databases with GNU Backgammon's.

  nice python scripts/build_bearoff.py OUT.bin [--checkers 6]     build, save (resumable; up to 8)
  nice python scripts/build_bearoff.py OUT.bin --real              ... and zk77's claims and the
      race formulas on the real positions (pip-model gap, rule errors and costs, D_A, D_B)
  nice python scripts/build_bearoff.py OUT.bin --compare           ... and compare with gnubg:
      the one-sided file gnubg_os0.bd word by word against the exact distributions, and a
      two-sided database built by makebearoff in a temporary folder, decision by decision.

The build checkpoints to OUT.bin.partial every few pip levels; rerunning resumes there.
Use the saved table with  exactcube bearoff X Y --db OUT.bin.

  nice python scripts/build_bearoff.py OUT.bin --checkers 7 --chunked DIR [--workers N | --dask ADDR]
      [--chunk-pairs K] [--resume] [--stats FILE]
      the chunked build (exactcube.race.bearoff.chunked, up to 15 a side): chunks and manifest in DIR,
      the finished file OUT.bin (the same bytes as the one-process build); --stats writes every
      chunk's CPU seconds, pairs, bytes and the worker's peak memory as JSON.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from exactcube.numbers import format_decimal, mpq  # noqa: E402
from exactcube.race.bearoff import gnubgfiles as gf  # noqa: E402
from exactcube.race.bearoff import formats as fm  # noqa: E402
from exactcube.race.bearoff import onesided as os_  # noqa: E402
from exactcube.race.bearoff import twosided as ts  # noqa: E402
from exactcube.race.bearoff.positions import counts_of  # noqa: E402


def compare_one_sided():
    path = gf.find_gnubg_os()
    if path is None:
        print("one-sided: gnubg_os0.bd not found (Debian package gnubg-data); skipped")
        return
    t0 = time.time()
    table = os_.OneSided(15).build()
    print(f"one-sided exact build: 54,264 positions in {time.time() - t0:.1f} s; "
          f"ties between plays with equal means and different distributions: {table.ties}")
    res = gf.compare_one_sided(table, gf.read_gnubg_os(path))
    print(f"one-sided vs {path}: {res.entries} words; largest deviation "
          f"{format_decimal(res.max_dev, 3)} quanta of 1/65535 at {res.max_at[0]}, {res.max_at[1]} rolls")
    print(f"  words off by more than half a quantum: {res.beyond}, in {res.positions_beyond} positions; "
          f"causes: {res.causes}")
    print(f"  gnubg's integer step replayed on its stored successors reproduces "
          f"{res.replay_matches} of {res.replay_checked} unambiguous entries exactly; of the entries "
          f"with tied candidate plays, the stored words fix gnubg's play in {res.ties_resolved}")
    _examples(res)
    t0 = time.time()
    g = gf.compare_gammons(gf.read_gnubg_os(path, gammon=True))
    print(f"gammon distributions (15,504 positions with 15 checkers), built and compared in "
          f"{time.time() - t0:.1f} s: {g.entries} words; largest deviation "
          f"{format_decimal(g.max_dev, 3)} quanta at {g.max_at[0]}, {g.max_at[1]} rolls")
    print(f"  words off by more than half a quantum: {g.beyond}, in {g.positions_beyond} positions; "
          f"causes: {g.causes}; replay reproduces {g.replay_matches} of {g.replay_checked}; "
          f"ties fixed by the file: {g.ties_resolved}")
    _examples(g)


def _examples(res):
    for e in res.own_play_examples:
        print(f"  example: {e['position']} roll {e['roll']}: exact best {e['exact_play']} "
              f"(mean {format_decimal(e['exact_play_mean'], 7)}), gnubg plays {e['gnubg_play']} "
              f"(mean {format_decimal(e['gnubg_play_mean'], 7)}); gnubg's 16-bit means "
              f"{format_decimal(e['gnubg_words_mean'][0], 6)} vs {format_decimal(e['gnubg_words_mean'][1], 6)}")


def compare_two_sided(table):
    mb = gf.find_makebearoff()
    if mb is None:
        print("two-sided: makebearoff not found (Debian package gnubg); skipped")
        return
    C = max(sum(counts_of(k)) for k in table.keys)
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([mb, "-t", f"6x{C}", "-f", "ts.bd"], check=True, cwd=d, capture_output=True)
        words = gf.read_gnubg_ts(os.path.join(d, "ts.bd"))
    res = gf.compare_two_sided(table, words)
    print(f"two-sided vs makebearoff -t 6x{C}: {res.pairs} pairs")
    for name, (dev, at) in res.max_dev.items():
        print(f"  largest deviation, {name:8s}: {format_decimal(dev * mpq(65535, 2), 2)} steps of 1/32767.5 at {at}")
    print(f"  cube-decision disagreements: {len(res.disagreements)}")
    for d in res.disagreements:
        print(f"  {d['mine']} vs {d['theirs']} cube {d['cube']}: gnubg {d['gnubg']}, exact {d['exact']}; "
              f"no double {format_decimal(d['exact_no_double'], 7)} (gnubg {format_decimal(d['gnubg_no_double'], 5)}), "
              f"double/take {format_decimal(d['exact_double_take'], 7)} "
              f"(gnubg {format_decimal(d['gnubg_double_take'], 5)})")


def real_positions(table):
    from exactcube.race import effective as ef
    from exactcube.race.bearoff import realcube as rc

    cache = rc.pairs_of(table)
    g = rc.pip_model_gap(table, cache)
    print(f"real vs pip-count model, cubeless, {g.pairs} pairs: largest gap {format_decimal(g.max_gap, 4)} at "
          f"{g.at} (real {format_decimal(g.real_at, 4)}, model {format_decimal(g.model_at, 4)}); "
          f"mean real - model {format_decimal(g.mean_gap, 5)}")
    print("race formulas on real positions (errors / exact equity lost, per unit cube, summed):")
    for sc in rc.score_rules(table, cache):
        cells = "; ".join(f"{d} {sc.errors[d]} of {sc.judged[d]} / {format_decimal(sc.cost[d], 1)}"
                          for d in ("double", "redouble", "take"))
        print(f"  {sc.rule:30s} {cells}")
    print("effective doubling points implied at equal pip counts (zk77 Lemma 2 inverted; min / median / max):")
    for k in (10, 15, 20, 25, 30, 35):
        e = rc.effective_points(table, k, cache)
        if e is None:
            continue
        pm = ef.implied_points(k, k)

        def r(v):
            return "n/a" if v[0] is None else " / ".join(format_decimal(q, 4) for q in v)

        print(f"  {k} vs {k} pips ({e.pairs} pairs): D_A by (1) {r(e.da_owner)}, D_B by (2) {r(e.db_opponent)}, "
              f"D_A by (3) {r(e.da_symmetric)};  pip model: D_A {format_decimal(pm.da_from_owner, 4)}, "
              f"D_B {format_decimal(pm.db_from_opponent, 4)}")


def chunked(a):
    from exactcube.errors import BadInput
    from exactcube.output import write_json
    from exactcube.race.bearoff import chunked as ch

    if a.compare or a.real:
        print("build_bearoff: --compare and --real go with the one-process build", file=sys.stderr)
        return 2
    try:
        r = ch.build_chunked(a.chunked, a.checkers, a.out, chunk_pairs=a.chunk_pairs or ch.DEFAULT_CHUNK_PAIRS,
                             workers=a.workers, dask=a.dask, resume=a.resume,
                             notice=lambda t: print(t, file=sys.stderr, flush=True))
    except BadInput as exc:
        print(f"build_bearoff: {exc}", file=sys.stderr)
        return 2
    print(f"chunked two-sided table, up to {a.checkers} checkers: {r.solved} chunks solved, {r.skipped} skipped "
          f"(digest checked), {r.cpu:.1f} s of CPU in the chunks, largest worker peak {r.peak_kb / 1024:.0f} MB, "
          f"{r.seconds:.1f} s wall; saved {r.path} ({os.path.getsize(r.path)} bytes; SHA-256 of its payload, as in "
          f"its header: {r.sha256})")
    if r.chunk_stats:
        big = max(r.chunk_stats, key=lambda s: s["pairs"])
        per = sum(s["cpu"] for s in r.chunk_stats) / sum(s["pairs"] for s in r.chunk_stats)
        print(f"  per pair {per * 1e6:.1f} microseconds of CPU; largest chunk {big['pairs']} pairs, "
              f"{big['bytes']} bytes, {big['cpu']:.2f} s of CPU")
    if a.stats:
        write_json(a.stats, r.chunk_stats, "chunk statistics")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", help="output file of the exact two-sided table")
    ap.add_argument("--checkers", type=int, default=6,
                    help=f"checkers a side, 1..{ts.MAX_TABLE_CHECKERS} (default 6; --compare needs at most 6)")
    ap.add_argument("--compare", action="store_true", help="compare with gnubg's databases")
    ap.add_argument("--real", action="store_true", help="zk77 and the race formulas on the real positions")
    ap.add_argument("--chunked", metavar="DIR", help="build in chunks in the folder DIR (resumable, any workers)")
    ap.add_argument("--chunk-pairs", type=int, default=None, help="--chunked: pairs a chunk (default 65536)")
    ap.add_argument("--workers", type=int, default=1, help="--chunked: worker processes (default 1)")
    ap.add_argument("--dask", metavar="ADDR", help="--chunked: run the chunks on the Dask scheduler at ADDR")
    ap.add_argument("--resume", action="store_true", help="--chunked: continue the build in DIR")
    ap.add_argument("--stats", metavar="FILE", help="--chunked: per-chunk figures as JSON")
    a = ap.parse_args()
    if a.chunked:
        return chunked(a)
    if not 1 <= a.checkers <= ts.MAX_TABLE_CHECKERS:
        print(f"build_bearoff: --checkers must be 1..{ts.MAX_TABLE_CHECKERS}", file=sys.stderr)
        return 2
    if a.compare and a.checkers > 6:
        print("build_bearoff: --compare needs at most 6 checkers (makebearoff's two-sided tables stop there)",
              file=sys.stderr)
        return 2
    ck = a.out + ".partial"
    t0 = time.time()

    def progress(done, total):  # twosided.build's contract: pip levels done of all
        el = time.time() - t0
        # later levels hold more pairs, so a time a level understates what is left: said as a lower bound
        left = f", at least {el * (total - done) / done:.0f} s left" if done < total else ""
        print(f"\r  pip level {done}/{total}, {el:.0f} s{left} ", end="", file=sys.stderr, flush=True)

    table = ts.build(a.checkers, progress=progress, checkpoint=ck)
    print(file=sys.stderr)
    digest = fm.save(table, a.out)
    print(f"two-sided exact table, up to {a.checkers} checkers: {len(table.keys)} positions a side, "
          f"built in {table.seconds:.1f} s, integers over 36^{table.tau}; saved {a.out} "
          f"({os.path.getsize(a.out)} bytes; SHA-256 of its payload, as in its header: {digest})")
    if a.real:
        real_positions(table)
    if a.compare:
        compare_one_sided()
        compare_two_sided(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
