"""Benchmark: exactcube's bearoff builds against GNU Backgammon's ``makebearoff``, in one run.

Each build runs as a child process of this script, one after another on the same machine, and
the kernel's account of that child (``os.wait4``) gives its CPU time (user + system) and peak
memory (maximum resident set size); wall-clock time is printed beside them.

* two-sided: every pair of positions of up to C checkers a side on 6 points (default C = 6:
  924 positions a side, 853,776 pairs), cubeless and cubeful (centred, owned, opponent owns):
  ``makebearoff -t 6xC`` (16-bit words) against ``exactcube.race.bearoff.twosided.build``
  (exact integers over 36^tau);
* one-sided: all 54,264 positions of up to 15 checkers: ``makebearoff -o 6`` (16-bit words,
  with gammon distributions, the file gnubg ships) against
  ``exactcube.race.bearoff.onesided.OneSided(15).build()`` and the exact gammon table
  (``gammon_table().build()``, the 15,504 positions with 15 checkers); ``makebearoff -o 6 -g``
  (no gammon distributions) against ``OneSided(15).build()`` alone (exact integer numerators).

``--checkers`` takes one size or several (``--checkers 8,9,10``), each timed in turn in the same run
and its ratios printed.  The one-process build runs up to 6 a side; above, exactcube is timed by
the chunked build alone (its memory is bounded by the chunks, not by the table).  ``--record FILE``
keeps each ``makebearoff -t 6xC`` measurement in FILE (JSON: CPU, peak MB, wall, load average, time)
and reuses it on a later run instead of timing makebearoff again (the lines say so); ``--keep DIR``
keeps each chunked build in ``DIR/C`` and resumes one found there (its CPU then summed from the
manifest, which holds every chunk's CPU and peak memory).

``--chunked``: the two-sided rows also time the chunked build
(``exactcube.race.bearoff.chunked.build_chunked``, ``--chunk-pairs K`` pairs a chunk, default
16,384, on ``--workers N`` processes, default 1; its chunks and finished file in a temporary
folder), with its ratio to makebearoff and whether the issue's target (:data:`TARGET`: at most 1x its CPU, 2x its
peak memory) is met; with more than one worker the peak memory is that of the
largest process, the kernel's figure for the child and its reaped workers.  ``--skip-one-sided``
times the two-sided builds only.

``--warm``: instead, the whole command ``exactcube bearoff ...`` answered from built tables (a
new process each time, as a user runs it), wall-clock and CPU time, the median of ``--runs``
runs (default 10) of each query, printed beside the targets (two sides under 0.2 s, one side
under 0.1 s of wall-clock time).  The tables are read from ``--cache-dir`` (built there first if
absent); the package's bytecode is compiled first (``compileall``), as an installed package has it.

Run:  nice python scripts/bench_bearoff.py [--checkers 6] [--skip-two-sided]
      nice python scripts/bench_bearoff.py --chunked [--workers 2] [--chunk-pairs 16384] --skip-one-sided
      nice python scripts/bench_bearoff.py --warm [--cache-dir DIR] [--runs 10]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from exactcube.race.bearoff import gnubgfiles as gf  # noqa: E402
from exactcube.race.bearoff.positions import n_positions  # noqa: E402

CHILD = {
    "ts": "from exactcube.race.bearoff import twosided as ts; ts.build({c})",
    "tsc": ("import tempfile; from exactcube.race.bearoff import chunked as ch; d = tempfile.mkdtemp(); "
            "ch.build_chunked(d, {c}, chunk_pairs={k}, workers={w}); import shutil; shutil.rmtree(d)"),
    "tsk": ("from exactcube.race.bearoff import chunked as ch; import os; "
            "ch.build_chunked({d!r}, {c}, chunk_pairs={k}, workers={w}, "
            "resume=os.path.exists(os.path.join({d!r}, 'manifest.json')))"),
    "os": "from exactcube.race.bearoff.onesided import OneSided; OneSided(15).build()",
    "osg": ("from exactcube.race.bearoff.onesided import OneSided, gammon_table; OneSided(15).build(); "
            "gammon_table().build()"),
}

#: Warm queries (arguments of ``exactcube bearoff``), what answers them, and the wall-clock target.
WARM = [
    (["0 0 0 0 0 1", "5 5 5 0 0 0"], "two sides, the issue's pair (15 checkers: exact recursion with gammons)", 0.2),
    (["0 0 2 3 1 0", "1 1 1 1 1 1"], "two sides, read from the 6x6 table", 0.2),
    (["0 0 2 3 1 0"], "one side, read from the 15-checker table", 0.1),
    (["1 2 3 4 3 2"], "one side, 15 checkers: with its gammon distribution (gammon table)", 0.1),
]


def measure(argv, cwd, env=None):
    """(CPU seconds, peak resident MB, wall seconds) of one child process, from the kernel's rusage."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
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


def warm(cache_dir: str | None, runs: int) -> int:
    """Median wall-clock and CPU time of whole warm ``exactcube bearoff`` commands (module docstring)."""
    import statistics

    script = Path(sys.executable).with_name("exactcube")
    cmd = [str(script)] if script.exists() else [sys.executable, "-m", "exactcube"]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "exactcube")], check=True, env=env,
                   stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory() as d:
        folder = cache_dir or d
        tables = ("os-15", "gammon-15", "ts-6")
        if not all(os.path.exists(os.path.join(folder, f"bearoff-{name}.bin")) for name in tables):
            print(f"building the tables into {folder} first (about 25 s of CPU)", flush=True)
            subprocess.run(cmd + ["bearoff", "--build", "--cache-dir", folder], check=True, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        print(f"load average before: {' '.join(f'{v:.2f}' for v in os.getloadavg())}; {os.cpu_count()} CPUs; "
              f"{' '.join(Path(c).name for c in cmd)} bearoff ... --cache-dir DIR, median of {runs} runs")
        for argv, what in (([sys.executable, "-c", "pass"], "Python starting alone"),
                           ([sys.executable, "-c", "import gmpy2"], "Python importing gmpy2 alone")):
            ms = [measure(argv, folder, env) for _ in range(runs)]
            print(f"  {'floor':30s} {what}: {statistics.median(m[2] for m in ms):.3f} s wall, "
                  f"{statistics.median(m[0] for m in ms):.3f} s CPU")
        for query, what, target in WARM:
            argv = cmd + ["bearoff", *query, "--cache-dir", folder]
            measure(argv, folder, env)  # first run: the file pages into the OS cache
            ms = [measure(argv, folder, env) for _ in range(runs)]
            wall = statistics.median(m[2] for m in ms)
            cpu = statistics.median(m[0] for m in ms)
            print(f"  {' vs '.join(repr(q) for q in query):30s} {what}")
            print(f"  {'':30s} {wall:.3f} s wall (target < {target} s: {'met' if wall < target else 'NOT met'}), "
                  f"{cpu:.3f} s CPU, {statistics.median(m[1] for m in ms):.0f} MB peak")
    print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    return 0


def _manifest_cpu(folder):
    """(CPU seconds, largest peak MB) of the chunks a chunked build's manifest lists, (0, 0) if none."""
    try:
        with open(os.path.join(folder, "manifest.json"), encoding="utf-8") as f:
            chunks = list(json.load(f)["chunks"].values())
    except (OSError, ValueError, KeyError):
        return 0.0, 0.0
    return sum(e.get("cpu", 0.0) for e in chunks), max((e.get("peak_kb", 0) for e in chunks), default=0) / 1024


def _project(record, C):
    """makebearoff's (CPU, peak MB, wall) at 6xC projected from the two largest recorded sizes below C:
    CPU a pair times the same factor a checker, peak memory linear in the pairs; None without two sizes."""
    sizes = sorted(int(k[2:]) for k in record if k.startswith("6x") and int(k[2:]) < C)
    if len(sizes) < 2:
        return None
    a, b = sizes[-2], sizes[-1]
    ra, rb = record[f"6x{a}"], record[f"6x{b}"]
    pa, pb, pc = (n_positions(c) ** 2 for c in (a, b, C))
    grow = ((rb["cpu"] / pb) / (ra["cpu"] / pa)) ** (1 / (b - a))
    cpu = rb["cpu"] / pb * grow ** (C - b) * pc
    slope = (rb["mb"] - ra["mb"]) / (pb - pa)
    return cpu, rb["mb"] + slope * (pc - pb), rb["wall"] * cpu / rb["cpu"]


def _project_exactcube(keep, C):
    """exactcube's chunked (CPU, peak MB, wall) at C projected from the two largest complete builds kept below C
    (their manifests' chunk CPU; peak memory scaled by the mean plays of a position); None without two."""
    from exactcube.race.bearoff import chunked as ch

    done = sorted(c for c in range(1, C) if os.path.exists(os.path.join(keep, str(c), f"bearoff-ts-{c}.bin")))
    if len(done) < 2:
        return None
    a, b = done[-2], done[-1]
    (ca, _ma), (cb, mb_) = _manifest_cpu(os.path.join(keep, str(a))), _manifest_cpu(os.path.join(keep, str(b)))
    pa, pb, pc = (ch.layout(c).pairs for c in (a, b, C))
    grow = ((cb / pb) / (ca / pa)) ** (1 / (b - a))
    cpu = cb / pb * grow ** (C - b) * pc
    plays = {c: float(ch._moves(c).clen.mean()) for c in (b, C)}
    return cpu, mb_ * plays[C] / plays[b], float("nan")


def two_sided(C, a, mb, py, d, record):
    """Time makebearoff -t 6xC (or reuse its recorded figures) and exactcube's builds at C a side."""
    from exactcube.output import write_json

    name = f"6x{C}"
    n = n_positions(C)
    g = None
    print(f"two-sided bearoff, up to {C} checkers a side ({n:,} positions a side, {n * n:,} pairs), "
          "cubeless + 3 cubeful values")
    if name not in record and a.project_makebearoff:
        g = _project(record, C)
        if g is not None:
            row(f"makebearoff -t {name} PROJECTED", g)
            print("  (makebearoff not run: projected from the recorded sizes, CPU a pair growing by the same factor a "
                  "checker, memory linear in the pairs; the ratios below are against the projection)")
    if name in record:
        r = record[name]
        g = (r["cpu"], r["mb"], r["wall"])
        row(f"makebearoff -t {name} (16-bit words)", g)
        print(f"  (makebearoff: recorded in {a.record} at {r['when']}, load average {r['load']}"
              + (f"; {r['how']})" if r.get("how") else ")"))
    elif g is None:
        load = os.getloadavg()[0]
        g = measure([mb, "-t", name, "-f", os.path.join(d, "ts.bd")], d)
        os.unlink(os.path.join(d, "ts.bd"))
        row(f"makebearoff -t {name} (16-bit words)", g)
        if a.record:
            record[name] = {"cpu": g[0], "mb": g[1], "wall": g[2], "load": round(load, 2),
                            "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
            write_json(a.record, record, "makebearoff measurements")
    if C <= 6:
        e = measure(py + [CHILD["ts"].format(c=C)], str(ROOT))
        row("exactcube (exact integers)", e)
        print(f"  ratio exactcube / makebearoff: {e[0] / g[0]:.2f} (CPU), {e[1] / g[1]:.2f} (peak memory), "
              f"{e[2] / g[2]:.2f} (wall)")
    if a.project_exactcube and a.keep and not os.path.exists(os.path.join(a.keep, str(C), f"bearoff-ts-{C}.bin")):
        k = _project_exactcube(a.keep, C)
        if k is not None:
            row(f"exactcube chunked PROJECTED ({a.workers} w.)", k)
            print("  (not built: projected from the kept builds, CPU a pair growing by the same factor a checker, the "
                  "peak memory of a worker by the plays a position has; ratios against the figures above)")
            print(f"  ratio exactcube chunked / makebearoff: {k[0] / g[0]:.2f} (CPU), {k[1] / g[1]:.2f} "
                  f"(peak memory), {k[2] / g[2]:.2f} (wall)")
            return
    if a.chunked or C > 6:
        if a.keep:
            folder = os.path.join(a.keep, str(C))
            before = _manifest_cpu(folder)
            k = measure(py + [CHILD["tsk"].format(d=folder, c=C, k=a.chunk_pairs, w=a.workers)], str(ROOT))
            if before[0]:  # resumed: the chunks of the earlier runs count too
                print(f"  (resumed in {folder}: {before[0]:.1f} s of CPU of the chunks built before, from its "
                      "manifest, added)")
                k = (k[0] + before[0], max(k[1], before[1]), k[2])
        else:
            k = measure(py + [CHILD["tsc"].format(c=C, k=a.chunk_pairs, w=a.workers)], str(ROOT))
        row(f"exactcube chunked ({a.chunk_pairs}, {a.workers} w.)", k)
        print(f"  ratio exactcube chunked / makebearoff: {k[0] / g[0]:.2f} (CPU), {k[1] / g[1]:.2f} "
              f"(peak memory), {k[2] / g[2]:.2f} (wall); {target(k, g)}")


#: The issue's target for the two-sided builds: at most these multiples of makebearoff's CPU and peak memory.
TARGET = (1.0, 2.0)


def target(k, g) -> str:
    """Whether exactcube's (CPU, peak MB, wall) ``k`` meets :data:`TARGET` against makebearoff's ``g``."""
    miss = [f"{what} {x / y:.3f}x" for what, x, y, t in zip(("CPU", "memory"), k, g, TARGET, strict=False)
            if x > t * y]
    return f"target (at most {TARGET[0]:g}x CPU, {TARGET[1]:g}x memory) " + (
        f"NOT met: {', '.join(miss)}" if miss else "met")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checkers", default="6", help="two-sided: checkers a side, 1..10, or several: 8,9,10 "
                    "(default 6)")
    ap.add_argument("--record", metavar="FILE", help="keep and reuse makebearoff's measurements in FILE (JSON)")
    ap.add_argument("--project-makebearoff", action="store_true", help="a size with no recorded makebearoff "
                    "figures: project them from the recorded ones instead of running makebearoff")
    ap.add_argument("--project-exactcube", action="store_true", help="with --keep: a size not built there is "
                    "projected from the builds kept below it instead of built")
    ap.add_argument("--keep", metavar="DIR", help="keep (and resume) each chunked build in DIR/C")
    ap.add_argument("--skip-two-sided", action="store_true", help="time the one-sided builds only")
    ap.add_argument("--warm", action="store_true", help="time warm queries of the whole command instead")
    ap.add_argument("--cache-dir", metavar="DIR", help="--warm: the folder of the built tables (default: a "
                    "temporary one, built first)")
    ap.add_argument("--runs", type=int, default=10, help="--warm: runs of each query (default 10)")
    ap.add_argument("--chunked", action="store_true", help="two-sided: also time the chunked build")
    ap.add_argument("--workers", type=int, default=1, help="--chunked: worker processes (default 1)")
    ap.add_argument("--chunk-pairs", type=int, default=16384, help="--chunked: pairs a chunk (default 16384)")
    ap.add_argument("--skip-one-sided", action="store_true", help="time the two-sided builds only")
    a = ap.parse_args()
    if a.workers < 1 or a.chunk_pairs < 1:
        print("bench_bearoff: --workers and --chunk-pairs must be at least 1", file=sys.stderr)
        return 2
    if a.warm:
        if a.runs < 1:
            print("bench_bearoff: --runs must be at least 1", file=sys.stderr)
            return 2
        return warm(a.cache_dir, a.runs)
    try:
        sizes = [int(v) for v in a.checkers.split(",")]
    except ValueError:
        sizes = []
    if not sizes or not all(1 <= C <= 10 for C in sizes):
        print("bench_bearoff: --checkers must be sizes 1..10, comma-separated", file=sys.stderr)
        return 2
    mb = gf.find_makebearoff()
    if mb is None:
        print("bench_bearoff: makebearoff not found (Debian package gnubg); nothing to compare", file=sys.stderr)
        return 2
    py = [sys.executable, "-c"]
    record = {}
    if a.record and os.path.exists(a.record):
        with open(a.record, encoding="utf-8") as f:
            record = json.load(f)
    print(f"load average before: {' '.join(f'{v:.2f}' for v in os.getloadavg())}; {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as d:
        for C in ([] if a.skip_two_sided else sizes):
            two_sided(C, a, mb, py, d, record)
        if a.skip_one_sided:
            print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
            return 0
        g = measure([mb, "-o", "6", "-f", os.path.join(d, "os.bd")], d)
        gg = measure([mb, "-o", "6", "-g", "-f", os.path.join(d, "os-g.bd")], d)
        e = measure(py + [CHILD["os"]], str(ROOT))
        eg = measure(py + [CHILD["osg"]], str(ROOT))
        print("one-sided bearoff, up to 15 checkers (54,264 positions)")
        row("makebearoff -o 6 (with gammons)", g)
        row("makebearoff -o 6 -g (no gammons)", gg)
        row("exactcube (exact, with gammons)", eg)
        row("exactcube (exact, no gammons)", e)
        print(f"  ratio exactcube / makebearoff, with gammons: {eg[0] / g[0]:.2f} (CPU), {eg[1] / g[1]:.2f} "
              f"(peak memory), {eg[2] / g[2]:.2f} (wall)")
        print(f"  ratio exactcube / makebearoff, no gammons:   {e[0] / gg[0]:.2f} (CPU), {e[1] / gg[1]:.2f} "
              f"(peak memory), {e[2] / gg[2]:.2f} (wall)")
    print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
