"""A chunked two-sided bearoff table re-derived entry by entry from its successors, against its manifest.

    python -m certcheck.bearoff_chunks FOLDER [--count N | --all] [--seed S]

FOLDER is a chunked build (exactcube's ``bearoff --build --workers/--chunk-pairs``): ``manifest.json`` and the
chunk files it lists.  For ``count`` pairs drawn with ``random.Random(seed)`` this module reads the pair's four
stored integers and those of all its successors from their chunk files, after checking each chunk file it opens
against the SHA-256 the manifest gives for it, and re-derives the pair's four values from the successors' by the
equations below, in exact fractions (``--all``: every pair).  One line per failure; exit status 0 only when every drawn entry and every
chunk read checks.

**The table.**  Positions of up to C checkers a side on points 1 to 6 (``certcheck.bearoff.plays`` gives the
plays of a roll).  A position's index is gnubg's: with counts c1..c6, the markers j5 = c6,
j4 = j5 + c5 + 1, ..., j0 = j1 + c1 + 1 form a 6-subset of {0, ..., C + 5} and the index is its rank in the
combinatorial number system, comb(j0, 6) + comb(j1, 5) + ... + comb(j5, 1) (the empty position is 0, one checker
on the 1 point is 1, on the 6 point 6).  For the roller x against the opponent y (both with checkers) the table
holds four values, each as the integer S (v + o), S = 36^tau, o = 0 for P and 1 for the equities:

* P, the cubeless chance that the roller wins:  P(x, y) = sum_r w_r/36 max_s (1 - P(y, s)), 1 when s is empty;
* the no-double equities, cube owned by the roller (NO), centred (NC), owned by the opponent (NT):
  NC(x, y) = sum_r w_r/36 max_s -C(y, s), NO(x, y) = sum_r w_r/36 max_s -T(y, s),
  NT(x, y) = sum_r w_r/36 max_s -O(y, s), each -X(y, s) = 1 when s is empty (the roller is off), where at a
  pair (u, v) with both sides on the board D = min(1, 2 NT(u, v)) (double/take or double/pass),
  C = max(NC, D), O = max(NO, D), T = NT (money game, cube value 1, unlimited redoubles);

r runs over the 21 rolls (w_r = 1 for a double, 2 otherwise) and s over the plays of r from x.

**The layout** (from the manifest: ``checkers`` C, ``chunk_pairs`` K, ``limbs`` L, ``tau``).  The pair (x, y)
lies in layer T = pips(x) + pips(y).  Within a layer the pairs are ranked by the roller's index, then the
opponent's; pair (x, y) has rank (the number of pairs of layer T whose roller has a smaller index) + (the number
of positions with the pips of y and a smaller index than y), and lies in chunk ``rank // K`` of layer T, the file
``L{T:03d}-{chunk:06d}.bin``, at place ``rank % K``.  A chunk of m pairs holds the fields P, NO, NC, NT in turn,
each m integers of 5L bytes, little-endian.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
from fractions import Fraction
from math import comb

from .bearoff import ROLLS, plays, positions
from .numbers import Bad, need

FIELDS = ("P", "NO", "NC", "NT")
FORMAT = "exactcube-bearoff-ts-chunks-1"


def gnubg_index(c: tuple) -> int:
    """gnubg's index of the counts ``c`` (module docstring)."""
    j = [0] * 6
    j[5] = c[5]
    for k in range(4, -1, -1):
        j[k] = j[k + 1] + c[k] + 1
    return sum(comb(j[k], 6 - k) for k in range(6))


def all_positions(checkers: int) -> list[tuple]:
    """Every position of at most ``checkers`` checkers (the empty one too), in gnubg's index order."""
    out = sorted(positions(checkers) + [(0,) * 6], key=gnubg_index)
    need([gnubg_index(p) for p in out] == list(range(len(out))), "the index is not a bijection")
    return out


def pips(c: tuple) -> int:
    return sum((i + 1) * c[i] for i in range(6))


class Table:
    """A chunked table's folder read through its manifest (module docstring); every chunk file is checked
    against its SHA-256 the first time it is read."""

    def __init__(self, folder: str):
        self.folder = folder
        try:
            with open(os.path.join(folder, "manifest.json"), encoding="utf-8") as f:
                self.manifest = json.load(f)
        except (OSError, ValueError) as exc:
            raise Bad(f"{folder}: no readable manifest.json ({exc})") from None
        m = self.manifest
        need(m.get("format") == FORMAT, f"the manifest's format is not {FORMAT}")
        need(list(m.get("fields", [])) == list(FIELDS), "the manifest's fields are not P, NO, NC, NT")
        self.C, self.K, self.L, self.tau = (int(m[k]) for k in ("checkers", "chunk_pairs", "limbs", "tau"))
        self.S = 36**self.tau
        self.width = 5 * self.L
        self.pos = all_positions(self.C)
        self.index = {p: i for i, p in enumerate(self.pos)}
        self.pip = [pips(p) for p in self.pos]
        self.by_pip: dict[int, list[int]] = {}
        for i, p in enumerate(self.pip):
            if i:
                self.by_pip.setdefault(p, []).append(i)  # in index order
        self.pip_rank = {i: r for lst in self.by_pip.values() for r, i in enumerate(lst)}
        self.prefix: dict[int, list[int]] = {}
        self.checked: set[str] = set()
        self.chunks_read = 0

    def _prefix(self, T: int) -> list[int]:
        """pre[x]: the pairs of layer T whose roller's index is below x."""
        pre = self.prefix.get(T)
        if pre is None:
            pre, acc = [0] * (len(self.pos) + 1), 0
            for x in range(len(self.pos)):
                pre[x] = acc
                if x:
                    acc += len(self.by_pip.get(T - self.pip[x], ()))
            pre[len(self.pos)] = acc
            self.prefix[T] = pre
        return pre

    def _chunk(self, name: str, pairs: int) -> str:
        """The path of chunk ``name``, its size and SHA-256 checked against the manifest on its first use."""
        path = os.path.join(self.folder, name)
        if name not in self.checked:
            entry = self.manifest.get("chunks", {}).get(name)
            need(entry is not None, f"chunk {name} is not in the manifest")
            h, size = hashlib.sha256(), 0
            try:
                with open(path, "rb") as f:
                    for block in iter(lambda: f.read(1 << 20), b""):
                        h.update(block)
                        size += len(block)
            except OSError as exc:
                raise Bad(f"chunk {name}: {exc.strerror}") from None
            need(h.hexdigest() == entry.get("sha256"), f"chunk {name}: SHA-256 differs from the manifest")
            need(size == 4 * pairs * self.width, f"chunk {name}: {size} bytes, not 4 x {pairs} x {self.width}")
            self.checked.add(name)
            self.chunks_read += 1
        return path

    def stored(self, x: int, y: int) -> dict:
        """The four stored integers of the pair of indices (x, y), both sides with checkers (read from its chunk,
        whose digest was checked when it was first used)."""
        T = self.pip[x] + self.pip[y]
        pre = self._prefix(T)
        rank = pre[x] + self.pip_rank[y]
        c, at = divmod(rank, self.K)
        pairs = min(self.K, pre[len(self.pos)] - c * self.K)
        path = self._chunk(f"L{T:03d}-{c:06d}.bin", pairs)
        w = self.width
        out = {}
        with open(path, "rb") as f:
            for k, fname in enumerate(FIELDS):
                f.seek((k * pairs + at) * w)
                out[fname] = int.from_bytes(f.read(w), "little")
        return out

    def values(self, x: int, y: int) -> dict:
        """The stored values of (x, y) as fractions: P, NO, NC, NT."""
        st = self.stored(x, y)
        return {f: Fraction(st[f], self.S) - (0 if f == "P" else 1) for f in FIELDS}


def rederive(t: Table, x: int, y: int) -> dict:
    """The four values of (x, y) from its successors' stored values (module docstring)."""
    cx, cy = t.pos[x], t.pos[y]
    need(any(cx) and any(cy), "both sides must have checkers")
    memo: dict = {}

    def after(s):  # (1 - P, -C, -T, -O) at (y, s) for the roller who played to s
        if not any(s):
            return (Fraction(1),) * 4
        v = memo.get(s)
        if v is None:
            e = t.values(y, t.index[s])
            d = min(Fraction(1), 2 * e["NT"])
            v = memo[s] = (1 - e["P"], -max(e["NC"], d), -e["NT"], -max(e["NO"], d))
        return v

    total = [Fraction(0)] * 4  # P, NC, NO, NT
    for roll in ROLLS:
        w = Fraction(1 if roll[0] == roll[1] else 2, 36)
        cands = [after(s) for s in plays(cx, roll)]
        for k in range(4):
            total[k] += w * max(c[k] for c in cands)
    return {"P": total[0], "NC": total[1], "NO": total[2], "NT": total[3]}


def check(folder: str, count: int | None = 10_000, seed: int = 0) -> tuple[int, list[str]]:
    """Re-derive ``count`` random entries (roller and opponent drawn uniformly among the positions with checkers,
    ``random.Random(seed)``), or every entry when ``count`` is None: (entries checked, failures)."""
    t = Table(folder)
    n = len(t.pos)
    rng = random.Random(seed)
    pairs = ([(x, y) for x in range(1, n) for y in range(1, n)] if count is None
             else [(rng.randrange(1, n), rng.randrange(1, n)) for _ in range(count)])
    fails = []
    for x, y in pairs:
        got, want = t.values(x, y), rederive(t, x, y)
        for f in FIELDS:
            if got[f] != want[f]:
                fails.append(f"{t.pos[x]} vs {t.pos[y]}: {f} stored {got[f]}, re-derived {want[f]}")
    return len(pairs), fails


def main(argv=None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    opts = {"--count": 10_000, "--seed": 0}
    if "--all" in args:
        args.remove("--all")
        opts["--count"] = None
    rest = []
    while args:
        a = args.pop(0)
        if a in opts and args and args[0].isdigit():
            opts[a] = int(args.pop(0))
        elif a.startswith("-"):
            rest = []
            break
        else:
            rest.append(a)
    if len(rest) != 1:
        print("usage: python -m certcheck.bearoff_chunks FOLDER [--count N | --all] [--seed S]", file=sys.stderr)
        return 2
    try:
        done, fails = check(rest[0], opts["--count"], opts["--seed"])
    except Bad as exc:
        print(f"REJECTED {rest[0]}: {exc}")
        return 1
    for line in fails:
        print(f"REJECTED {line}")
    print(f"{done - len({f.split(':')[0] for f in fails})} of {done} entries re-derived from their successors "
          f"({'certified' if not fails else 'REJECTED'})")
    return 0 if not fails else 1


if __name__ == "__main__":
    sys.exit(main())
