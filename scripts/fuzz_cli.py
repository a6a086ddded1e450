#!/usr/bin/env python
"""Fuzz the command line as a user meets it: seeded command lines built from every command's real options
(read from the argparse parser, and each table's and figure's own parameters from their registries), with
valid and invalid values, each run as its own ``python -m exactcube`` process (this interpreter, the package on
its path, so a work tree's edits are what runs) in a fresh folder, with a cache folder of its own
(``--cache-dir``, default a temporary one, seeded with the tables of ``~/.cache/exactcube``).

    nice python scripts/fuzz_cli.py --seed 3201 --lines 500            # one seed
    nice python scripts/fuzz_cli.py --seed 3201 --seed 3202 --lines 500 --json fuzz.json

A line is a finding when it

* prints a traceback or says ``internal error`` (anything a user types must give a result or one line and
  exit status 2), or exits with status 1 (a tool failure);
* is refused (exit status 2) and leaves a file in its folder (a refused run writes nothing);
* runs past ``--limit`` seconds (10) of CPU without an estimate line (``exactcube: estimate: ...``) on
  standard error;
* is stopped (SIGTERM) and leaves a file in its folder or a temporary file (``.exactcube-*``, ``*.partial``)
  in the cache folder (a stopped run writes nothing: outputs are written whole or not at all).

A run that has printed its estimate is stopped there by SIGTERM (it did what the conventions promise); a run
past ``--wall`` seconds (120) of wall time is stopped and counted apart with its CPU time (a loaded machine).
Prints one line per finding and the figures at the end: lines run, exit statuses, findings by kind, the
slowest lines, CPU time.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

#: numbers and words a user might type, valid and not
SMALL = ["0", "1", "2", "3", "4", "5", "6", "8", "10", "16", "25"]
FRACTIONS = ["1/2", "3/4", "1/3", "7/10", "77/100", "0.77", "1e-3", "2/3", "99/100", "1", "0"]
BAD_NUMBERS = ["x", "", " ", "1/0", "0/0", "nan", "inf", "-inf", "1e", "1.2.3", "3/4/5", "0x10", "1_000", "½",
               "-1", "-1/4", "1e1001", "1e-1001", "9" * 400, "1/" + "3" * 400, "1\n2", "$(id)", "é", "1 2",
               "10**9", "1e9", "99999999999999999999", "-0", "+1", "١٢"]
WORDS = ["centred", "mine", "theirs", "dead", "center", "both", "liable", "settled", "plain", "fast", "md", "csv",
         "latex", "json", "bogus", "zadeh", "mec", "continuous", "bash", "2x3", "1,1,1", "5:1/2,10:1/2", "6-5",
         "3-3", "a4", "letter"]
#: output names (in the run's fresh folder) and the folder's fixtures
OUT_NAMES = ["out.json", "out.csv", "out.pdf", "out.tex", "out.html", "out.png", "out.svg", "out.md", "out.txt",
             "-", "nodir/x.json", "adir", "", "/proc/x.json", "afile/x.json", "ro/x.json", "out.xyz", "link.json"]
OUTPUT_OPTIONS = {"--output", "-o", "--json", "--checkpoint", "--resume", "--parquet", "--certificate",
                  "--cache-dir", "--file"}
#: the repository (put on the runs' path)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ESTIMATE = re.compile(r"^exactcube: estimate: ", re.M)
TRACE = re.compile(r"Traceback \(most recent call last\)|internal error", re.I)


def commands():
    """(path, options, positionals) of every command and sub-command, read from the real parser:
    options as (spellings, takes_value, choices), positionals as (name, nargs, choices)."""
    from exactcube.cli import build_parser

    out = []

    def walk(p, path):
        subs = [a for a in p._actions if isinstance(a, argparse._SubParsersAction)]
        opts = [(tuple(a.option_strings), a.nargs != 0, tuple(a.choices) if a.choices else None)
                for a in p._actions if a.option_strings and not isinstance(a, argparse._HelpAction)
                and "--version" not in a.option_strings]
        pos = [(a.dest, a.nargs, tuple(a.choices) if a.choices else None)
               for a in p._actions if not a.option_strings and not isinstance(a, argparse._SubParsersAction)]
        if path and not subs:
            out.append((path, opts, pos))
        for s in subs:
            for name, sp in s.choices.items():
                walk(sp, path + [name])

    walk(build_parser(), [])
    return out


def registries():
    """Table and figure ids with their own options, document ids and claim ids."""
    from exactcube import catalog
    from exactcube.claims import DOCUMENTS, REGISTRY
    from exactcube.figures import FIGURES
    from exactcube.tables import TABLES

    catalog.load()

    def params(b):
        return ["--" + p.name.replace("_", "-") for p in getattr(b, "params", ())]

    return ({k: params(v) for k, v in TABLES.items()}, {k: params(v) for k, v in FIGURES.items()},
            sorted(DOCUMENTS), sorted(REGISTRY))


class Lines:
    """Seeded command lines."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.cmds = commands()
        self.tables, self.figures, self.docs, self.claims = registries()

    def value(self, option: str = "", choices=None) -> str:
        r = self.rng
        if option in OUTPUT_OPTIONS:
            return r.choice(OUT_NAMES)
        if choices and r.random() < 0.6:
            return str(r.choice(choices))
        if option == "--paper" and r.random() < 0.7:
            return r.choice(self.docs + ["bogus"])
        if option == "--claim" and r.random() < 0.7:
            return r.choice(self.claims + ["noisy.", "floyd.f", "no-such-claim"])
        pool = r.choice([SMALL, SMALL, FRACTIONS, FRACTIONS, BAD_NUMBERS, WORDS])
        return r.choice(pool)

    def positionals(self, path, pos) -> list[str]:
        r = self.rng
        out = []
        for name, nargs, choices in pos:
            if nargs == "?" and r.random() < 0.2:
                continue
            if name == "id" and path == ["table"]:
                out.append(r.choice(list(self.tables) + ["bogus.table"]))
            elif name == "id" and path == ["plot"]:
                out.append(r.choice(list(self.figures) + ["bogus.figure"]))
            elif name == "options":
                continue  # the id's own options are added with the others
            elif choices:
                out.append(r.choice(list(choices) + ["bogus"]) if r.random() < 0.9 else self.value())
            elif name == "counts":
                out += [r.choice(SMALL + ["70", "80", "100", "1001"] + BAD_NUMBERS[:6]) for _ in range(r.choice((1, 2, 2, 3)))]
            elif name == "positions":
                out += [r.choice(["0 0 0 0 0 9", "1 1 1", "3 2", "0 0 0 0 0 15", "XGID=--AA-----------------a----:1:1:1:00:0:0:0:0:10",
                                  "4HPwATDgc/ABMA", "bogus", "", "1 2 3 4 5 6 7"]) for _ in range(r.choice((0, 1, 2, 2)))]
            elif name == "scores":
                out += [r.choice(["2", "3", "5", "7", "2-away", "3/4", "0", "-1", "x"]) for _ in range(r.choice((0, 1, 2)))]
            elif name == "heap":
                out.append(r.choice(SMALL + ["100", "600", "8193"] + BAD_NUMBERS[:8]))
            elif name == "board":
                out.append(r.choice(["2x2", "2x3", "3x3", "1x1", "0x0", "9x9", "x", "2x", "4x4"]))
            elif name == "id":
                out.append(r.choice(["mydoc", "my-doc", "x", "", "../up", "ok_doc", "1abc"]))
            else:
                out.append(self.value())
        return out

    def line(self) -> list[str]:
        r = self.rng
        path, opts, pos = r.choice(self.cmds)
        argv = list(path) + self.positionals(path, pos)
        extra: list = []
        if path in (["table"], ["plot"]) and len(argv) > 1:
            own = (self.tables if path == ["table"] else self.figures).get(argv[1], [])
            extra = [(("--" + o[2:],), True, None) for o in own]
        pool = opts + extra * 2
        for _ in range(r.choice((0, 1, 1, 2, 2, 3, 4))):
            spellings, takes, choices = r.choice(pool) if pool else ((), False, None)
            if not spellings:
                break
            opt = r.choice(spellings)
            if not takes:
                argv.append(opt)
            elif r.random() < 0.15:
                argv.append(f"{opt}={self.value(opt, choices)}" if opt.startswith("--") else opt)
            else:
                argv += [opt, self.value(opt, choices)]
        if r.random() < 0.05:
            argv.append(r.choice(["--bogus", "-x", "--help", "extra"]))
        if path == ["verify"] and not any(a.startswith(("--claim", "--paper", "--list")) for a in argv):
            argv += ["--paper", r.choice(["floyd", "zk77", "ks69"])]  # not the whole default run every time
        return ["exactcube"] + argv


def _fixtures(folder: str) -> set:
    os.makedirs(os.path.join(folder, "adir"))
    os.makedirs(os.path.join(folder, "ro"))
    os.chmod(os.path.join(folder, "ro"), 0o555)
    with open(os.path.join(folder, "afile"), "w") as f:
        f.write("a file\n")
    os.symlink("out.json", os.path.join(folder, "link.json"))
    return _listing(folder)


def _listing(folder: str) -> set:
    found = set()
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            found.add(os.path.relpath(os.path.join(root, name), folder))
    return found


def _cpu(pid: int) -> float:
    """User + system CPU seconds of a running process (Linux /proc)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def _leftovers(cache: str) -> set:
    """Temporary and partial files in the cache folder (a stopped build must not leave them)."""
    try:
        names = os.listdir(cache)
    except OSError:
        return set()
    return {n for n in names if n.startswith(".exactcube-") or n.endswith(".partial")}


def run_line(argv: list[str], limit: float, wall: float, cache: str) -> dict:
    folder = tempfile.mkdtemp(prefix="exactcube-fuzz-")
    try:
        before = _fixtures(folder)
        cache_before = _leftovers(cache)
        err_path = os.path.join(folder, "..", os.path.basename(folder) + ".err")
        with open(err_path, "w+b") as err, open(os.devnull, "wb") as devnull:
            t0 = time.monotonic()
            path = os.pathsep.join(p for p in (ROOT, os.environ.get("PYTHONPATH", "")) if p)
            proc = subprocess.Popen([sys.executable, "-m", "exactcube", *argv[1:]], cwd=folder,
                                    stdin=subprocess.DEVNULL, stdout=devnull, stderr=err, start_new_session=True,
                                    env={**os.environ, "COLUMNS": "100", "PYTHONPATH": path,
                                         "XDG_CACHE_HOME": os.path.dirname(cache)})
            cpu = 0.0
            stopped = ""
            while proc.poll() is None:
                time.sleep(0.1)
                cpu = max(cpu, _cpu(proc.pid))
                elapsed = time.monotonic() - t0
                err.flush()
                with open(err_path, "rb") as f:
                    estimated = bool(ESTIMATE.search(f.read().decode("utf-8", "replace")))
                if estimated and elapsed > 2:
                    stopped = "estimated"
                elif not estimated and cpu > limit:
                    stopped = "no estimate"
                elif not estimated and elapsed > wall:
                    stopped = "wall"
                if stopped:
                    os.killpg(proc.pid, signal.SIGTERM)
                    try:
                        proc.wait(5)
                    except subprocess.TimeoutExpired:
                        os.killpg(proc.pid, signal.SIGKILL)
                        proc.wait()
                    break
            elapsed = time.monotonic() - t0
            err.seek(0)
            text = err.read().decode("utf-8", "replace")
        os.unlink(err_path)
        for d in ("ro",):
            os.chmod(os.path.join(folder, d), 0o755)
        left = sorted(_listing(folder) - before)
        cache_left = sorted(_leftovers(cache) - cache_before)
        for name in cache_left:  # the next line starts clean
            try:
                os.unlink(os.path.join(cache, name))
            except OSError:
                pass
        return {"argv": argv[1:], "code": proc.returncode, "seconds": round(elapsed, 2), "cpu": round(cpu, 2),
                "stopped": stopped, "stderr": text[-2000:], "left": left, "cache_left": cache_left}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def findings(r: dict) -> list[str]:
    out = []
    if TRACE.search(r["stderr"]):
        out.append("traceback")
    if r["code"] == 1 and not r["stopped"]:
        out.append("exit 1")
    if r["code"] == 2 and r["left"]:
        out.append("refused but wrote " + ", ".join(r["left"]))
    if r["stopped"] and (r["left"] or r["cache_left"]):
        out.append("stopped but left " + ", ".join(r["left"] + r["cache_left"]))
    if r["stopped"] == "no estimate":
        out.append(f"past the limit without an estimate ({r['cpu']} s CPU)")
    lines = [ln for ln in r["stderr"].splitlines() if ln.strip()]
    if r["code"] == 2 and "--help" not in r["argv"] and len(lines) != 1:
        out.append(f"refusal in {len(lines)} lines")
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, action="append", required=True, help="repeatable: one run of --lines each")
    p.add_argument("--lines", type=int, default=500)
    p.add_argument("--limit", type=float, default=10.0, help="CPU seconds a run may take without an estimate line")
    p.add_argument("--wall", type=float, default=120.0, help="wall seconds after which a run is stopped")
    p.add_argument("--json", help="write every line's record here")
    p.add_argument("--cache-dir", help="the cache folder of the runs (default: a temporary one, removed at the end)")
    args = p.parse_args(argv)
    own_cache = args.cache_dir is None
    cache = os.path.join(args.cache_dir or tempfile.mkdtemp(prefix="exactcube-fuzz-cache-"), "exactcube")
    os.makedirs(cache, exist_ok=True)
    home = os.path.expanduser("~/.cache/exactcube")
    for name in (os.listdir(home) if os.path.isdir(home) else []):  # the tables already built, not rebuilt per line
        if name.startswith("bearoff-") and name.endswith(".bin") and not os.path.exists(os.path.join(cache, name)):
            shutil.copy(os.path.join(home, name), cache)
    try:
        return _fuzz(args, cache)
    finally:
        if own_cache:
            shutil.rmtree(os.path.dirname(cache), ignore_errors=True)


def _fuzz(args, cache: str) -> int:
    records = []
    t0 = time.monotonic()
    for seed in args.seed:
        gen = Lines(seed)
        for i in range(args.lines):
            argv_ = gen.line()
            r = run_line(argv_, args.limit, args.wall, cache)
            r["seed"], r["index"] = seed, i
            r["findings"] = findings(r)
            records.append(r)
            if r["findings"]:
                print(f"[{seed}:{i}] {' '.join(map(repr, argv_[1:]))}: {'; '.join(r['findings'])}", flush=True)
                tail = [ln for ln in r["stderr"].splitlines() if ln.strip()][-3:]
                for ln in tail:
                    print("    " + ln[:200], flush=True)
    codes: dict = {}
    for r in records:
        codes[r["code"]] = codes.get(r["code"], 0) + 1
    kinds: dict = {}
    for r in records:
        for f in r["findings"]:
            k = f.split(" (")[0].split(" wrote")[0].split(" left")[0]
            kinds[k] = kinds.get(k, 0) + 1
    print(f"{len(records)} lines (seeds {', '.join(map(str, args.seed))}), {time.monotonic() - t0:.0f} s wall; "
          f"exit statuses {dict(sorted(codes.items(), key=str))}; "
          f"stopped after their estimate {sum(r['stopped'] == 'estimated' for r in records)}, "
          f"stopped on a loaded machine {sum(r['stopped'] == 'wall' for r in records)}; "
          f"CPU {sum(r['cpu'] for r in records):.0f} s")
    print("findings: " + (", ".join(f"{v} {k}" for k, v in sorted(kinds.items())) if kinds else "none"))
    for r in sorted(records, key=lambda r: -r["cpu"])[:5]:
        print(f"  slowest: {r['cpu']} s CPU, {r['seconds']} s wall, exit {r['code']}: {' '.join(r['argv'])[:150]}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(records, f, indent=1)
    return 1 if kinds else 0


if __name__ == "__main__":
    sys.exit(main())
