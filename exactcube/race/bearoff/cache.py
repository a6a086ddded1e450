r"""Bearoff tables built once into a cache folder and read entry by entry.

A query of a built table reads only its own entries: the one-sided distribution of one
position, or the four stored integers of one pair of the two-sided table
(:mod:`.twosided`).  Nothing is trusted unchecked: every block read is checked against a
digest written with it, and a file of the wrong size is refused at once.

**Folder.**  ``--cache-dir DIR`` if given, else ``$XDG_CACHE_HOME/exactcube``, else
``~/.cache/exactcube`` (the XDG Base Directory convention).  Files:
``bearoff-os-C.bin`` (one side, up to ``C`` checkers) and ``bearoff-ts-C.bin`` (two sides,
up to ``C`` checkers a side), and ``bearoff-gammon-15.bin`` (the gammon distributions of
:class:`.onesided.GammonOneSided`, in the one-sided format with its own format name).  They
are written through :mod:`exactcube.output` (whole or not at all).

**One-sided file** (``exactcube-bearoff-os-1``): a one-line JSON header (checkers,
positions, payload size), then per position in gnubg's index order a 28-byte slot (offset
and length of its record in the record area, little-endian 8 + 4 bytes, and a 16-byte
BLAKE2b digest of the index and the record), then the records: the numerators
:math:`a_0 \dots a_K` of :math:`P(N = k) = a_k / 36^k` (:mod:`.onesided`) in decimal,
separated by spaces.  The mean number of rolls is :math:`\sum_k k\,a_k / 36^k`, recomputed
exactly on reading.

**Two-sided file**: the format of :func:`.twosided.save` (a one-line JSON header, then the
fields ``P, NO, NC, NT`` as 40-bit limbs per pair), whose header lists, per field and per
roller position, a 16-byte BLAKE2b digest of that row (the roller's entries against every
opponent).  A query reads and checks the four rows of its roller (4 x 924 x 20 bytes for
six checkers).  Files saved before row digests existed (header without ``rows``) are
checked whole once: the SHA-256 of the payload is computed and remembered in
``verified.json`` in the cache folder, keyed by the file's path, size, and modification
time; later reads of the unchanged file skip the hash.

A damaged file (wrong size, unreadable header, a digest that fails) raises
:class:`Damaged`; the command line then rebuilds it with one line of notice.

Reference: XDG Base Directory Specification (``$XDG_CACHE_HOME``); the formats are this
package's own.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
from math import comb

from ...errors import BadInput
from ...numbers import mpq
from .positions import POINTS, counts_of, gnubg_index, key_of

__all__ = ["Damaged", "cache_dir", "os_path", "ts_path", "gammon_path", "cached_checkers", "row_digest",
           "write_one_sided", "OneSidedFile", "TwoSidedFile", "verified_sha256", "build_one_sided",
           "build_gammons", "build_two_sided", "one_sided_distribution", "gammon_distribution",
           "two_sided_entry", "two_sided_table"]

OS_FORMAT = "exactcube-bearoff-os-1"
GAMMON_FORMAT = "exactcube-bearoff-gammon-1"
_SLOT = struct.Struct("<QI16s")


class Damaged(BadInput):
    """A cached or saved bearoff file fails its checks (size, header or a digest)."""


def cache_dir(explicit: str | None = None) -> str:
    """The cache folder (module docstring): ``explicit``, ``$XDG_CACHE_HOME/exactcube`` or
    ``~/.cache/exactcube``."""
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "exactcube")


def os_path(folder: str, checkers: int) -> str:
    """Path of the one-sided table for up to ``checkers`` checkers in ``folder``."""
    return os.path.join(folder, f"bearoff-os-{checkers}.bin")


def gammon_path(folder: str) -> str:
    """Path of the gammon table (15 checkers) in ``folder``."""
    return os.path.join(folder, "bearoff-gammon-15.bin")


def ts_path(folder: str, checkers: int) -> str:
    """Path of the two-sided table for up to ``checkers`` checkers a side in ``folder``."""
    return os.path.join(folder, f"bearoff-ts-{checkers}.bin")


def cached_checkers(folder: str, kind: str) -> list[int]:
    """Checker counts of the tables of ``kind`` (``"os"`` or ``"ts"``) present in ``folder``, ascending."""
    out = []
    try:
        names = os.listdir(folder)
    except OSError:
        return out
    for name in names:
        head, _, tail = name.partition(f"bearoff-{kind}-")
        if head == "" and tail.endswith(".bin") and tail[:-4].isdigit():
            out.append(int(tail[:-4]))
    return sorted(out)


def row_digest(name: str, i: int, data: bytes) -> str:
    """BLAKE2b (16 bytes, hex) of row ``i`` of field ``name``: the digest :func:`.twosided.save`
    writes and :class:`TwoSidedFile` checks."""
    return hashlib.blake2b(f"{name}:{i}:".encode() + data, digest_size=16).hexdigest()


def _slot_digest(i: int, record: bytes) -> bytes:
    return hashlib.blake2b(i.to_bytes(4, "little") + record, digest_size=16).digest()


# ----------------------------------------------------------------------- one side


def write_one_sided(table, path: str, fmt: str = OS_FORMAT) -> int:
    """Write a fully built :class:`.onesided.OneSided` (or the gammon table, with ``fmt``
    :data:`GAMMON_FORMAT`) to ``path`` (format in the module docstring) through the one safe
    writer; returns the file size in bytes."""
    from ...output import open_output

    n = len(table.keys)
    records = [" ".join(map(str, table.num[i])).encode() for i in range(n)]
    slots, off = [], 0
    for i, rec in enumerate(records):
        slots.append(_SLOT.pack(off, len(rec), _slot_digest(i, rec)))
        off += len(rec)
    payload_size = _SLOT.size * n + off
    head = json.dumps({"format": fmt, "checkers": table.max_checkers, "positions": n,
                       "payload": payload_size}).encode() + b"\n"
    with open_output(path, "bearoff cache", binary=True) as f:
        f.write(head)
        f.write(b"".join(slots))
        f.write(b"".join(records))
    return len(head) + payload_size


class OneSidedFile:
    """A one-sided table file (or, with ``fmt`` :data:`GAMMON_FORMAT`, the gammon table) opened
    for queries: :meth:`numerators` reads one position."""

    def __init__(self, path: str, fmt: str = OS_FORMAT):
        self.path = path
        self.fmt = fmt
        try:
            self._f = open(path, "rb")
        except OSError as exc:
            raise BadInput(f"{path}: {exc.strerror}") from None
        head = self._f.readline(4096)
        try:
            h = json.loads(head)
            ok = isinstance(h, dict) and h.get("format") == fmt
            self.checkers, self.n, payload = int(h["checkers"]), int(h["positions"]), int(h["payload"])
        except (ValueError, KeyError, TypeError):
            self.close()
            raise Damaged(f"{path}: header unreadable") from None
        if not ok or self.n != comb(self.checkers + POINTS, POINTS):
            self.close()
            raise Damaged(f"{path}: not an exactcube one-sided bearoff table")
        self._base = len(head)
        if os.fstat(self._f.fileno()).st_size != self._base + payload:
            self.close()
            raise Damaged(f"{path}: wrong size (truncated or extended)")
        self._records = self._base + _SLOT.size * self.n

    def close(self) -> None:
        """Close the file."""
        self._f.close()

    def numerators(self, counts) -> tuple[int, ...]:
        """The numerators :math:`a_k` of :math:`P(N = k) = a_k / 36^k` for ``counts`` (checked
        against the slot's digest; :class:`Damaged` otherwise)."""
        if sum(int(c) for c in counts) > self.checkers:
            raise BadInput(f"{tuple(counts)} has more than {self.checkers} checkers")
        i = gnubg_index(counts, self.checkers)
        self._f.seek(self._base + _SLOT.size * i)
        off, length, digest = _SLOT.unpack(self._f.read(_SLOT.size))
        self._f.seek(self._records + off)
        rec = self._f.read(length)
        if len(rec) != length or _slot_digest(i, rec) != digest:
            raise Damaged(f"{self.path}: the entry of {tuple(counts)} fails its digest")
        try:
            return tuple(int(v) for v in rec.split())
        except ValueError:  # pragma: no cover - a digest collision
            raise Damaged(f"{self.path}: the entry of {tuple(counts)} is unreadable") from None

    def distribution(self, counts):
        """The exact :class:`.onesided.Distribution` of ``counts`` from the file."""
        from .onesided import GAMMON_METHOD, Distribution

        num = self.numerators(counts)
        mean = sum((mpq(k * a, 36**k) for k, a in enumerate(num)), mpq(0))
        method = GAMMON_METHOD if self.fmt == GAMMON_FORMAT else Distribution.method
        return Distribution(tuple(int(c) for c in counts), num, mean, method=method + "; read from the cached table")


# ----------------------------------------------------------------------- two sides


def _payload_sha256(f, start: int) -> str:
    h = hashlib.sha256()
    f.seek(start)
    for block in iter(lambda: f.read(1 << 20), b""):
        h.update(block)
    return h.hexdigest()


def verified_sha256(path: str, f, start: int, expected: str, folder: str | None) -> None:
    """Check the SHA-256 of ``f`` from ``start`` on against ``expected`` once per file state:
    a match is remembered in ``folder/verified.json`` by path, size and modification time
    (module docstring); :class:`Damaged` on a mismatch."""
    st = os.fstat(f.fileno())
    real = os.path.realpath(path)
    stamp = {"size": st.st_size, "mtime_ns": st.st_mtime_ns, "sha256": expected}
    book_path = os.path.join(folder, "verified.json") if folder else None
    book = {}
    if book_path and os.path.exists(book_path):
        try:
            with open(book_path, encoding="utf-8") as bf:
                book = json.load(bf)
        except (OSError, ValueError):
            book = {}
        if not isinstance(book, dict):
            book = {}
    if book.get(real) == stamp:
        return
    if _payload_sha256(f, start) != expected:
        raise Damaged(f"{path}: checksum mismatch (file damaged)")
    if book_path and os.path.isdir(folder):
        from ...output import write_json

        book[real] = stamp
        try:
            write_json(book_path, book, "bearoff cache")
        except BadInput:  # an unwritable cache folder only costs the hash next time
            pass


class TwoSidedFile:
    """A two-sided table (:func:`.twosided.save`) opened for queries: :meth:`entry` reads
    the four rows of the roller and returns the exact values of one pair."""

    def __init__(self, path: str, folder: str | None = None):
        self.path = path
        try:
            self._f = open(path, "rb")
        except OSError as exc:
            raise BadInput(f"{path}: {exc.strerror}") from None
        line = self._f.readline()
        try:
            h = json.loads(line)
            ok = isinstance(h, dict) and h.get("format") == "exactcube-bearoff-ts-1"
            self.keys = tuple(key_of(c) for c in h["keys"])
            self.tau, self.limbs = int(h["tau"]), int(h["limbs"])
            self.names = [str(v) for v in h["fields"]]
            self.offsets = dict(zip(self.names, (int(v) for v in h["offsets"])))
            rows = h.get("rows")
        except (ValueError, KeyError, TypeError):
            self.close()
            raise Damaged(f"{path}: header unreadable") from None
        if not ok:
            self.close()
            raise Damaged(f"{path}: not an exactcube two-sided bearoff file")
        self.n = len(self.keys)
        self.index = {k: i for i, k in enumerate(self.keys)}
        self._row = self.n * 5 * self.limbs
        self._base = len(line)
        if os.fstat(self._f.fileno()).st_size != self._base + self._row * self.n * len(self.names):
            self.close()
            raise Damaged(f"{path}: wrong size (truncated or extended)")
        self.rows = None
        if isinstance(rows, dict) and all(isinstance(rows.get(nm), str) and len(rows[nm]) == 32 * self.n
                                          for nm in self.names):
            self.rows = rows
        else:
            try:
                verified_sha256(path, self._f, self._base, str(h.get("sha256")), folder)
            except Damaged:
                self.close()
                raise
        self.checkers = max(sum(counts_of(k)) for k in self.keys)
        self._kept: dict = {}

    def close(self) -> None:
        """Close the file."""
        self._f.close()

    def holds(self, x, y) -> bool:
        """Whether both positions are in the table."""
        return key_of(x) in self.index and key_of(y) in self.index

    def _read_row(self, name: str, i: int) -> bytes:
        """Row ``i`` of field ``name``, read and checked (the last roller's rows are kept)."""
        hit = self._kept.get((name, i))
        if hit is not None:
            return hit
        f_i = self.names.index(name)
        self._f.seek(self._base + self._row * (self.n * f_i + i))
        data = self._f.read(self._row)
        if self.rows is not None and row_digest(name, i, data) != self.rows[name][32 * i: 32 * (i + 1)]:
            raise Damaged(f"{self.path}: row {i} of {name} fails its digest")
        if any(k[1] != i for k in self._kept):
            self._kept.clear()
        self._kept[(name, i)] = data
        return data

    def value(self, name: str, i: int, j: int) -> mpq:
        """Exact value of field ``name`` at pair (i, j): its roller row is read and checked."""
        data = self._read_row(name, i)
        w = 5 * self.limbs
        v = int.from_bytes(data[w * j: w * (j + 1)], "little")
        return mpq(v, 36**self.tau) - self.offsets[name]

    def entry(self, x, y):
        """Exact :class:`.twosided.Entry` for roller ``x`` against ``y``."""
        from .twosided import Entry

        if not self.holds(x, y):
            raise BadInput(f"{self.path}: the table does not hold these positions")
        i, j = self.index[key_of(x)], self.index[key_of(y)]
        return Entry(tuple(x), tuple(y), self.value("P", i, j), self.value("NC", i, j),
                     self.value("NO", i, j), self.value("NT", i, j))


# ----------------------------------------------------------------------- build once, then read


def _folder_ready(folder: str) -> None:
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"cache folder {folder!r}: {exc.strerror}") from None


def build_one_sided(folder: str, checkers: int = 15, progress=None) -> str:
    """Build the exact one-sided table (:class:`.onesided.OneSided`) for up to ``checkers``
    checkers into ``folder``; ``progress(done, total)`` after each block of positions.
    Returns the file's path."""
    from .onesided import OneSided

    _folder_ready(folder)
    t = OneSided(checkers)
    n = len(t.keys)
    t.build(progress=None if progress is None else (lambda i: progress(i, n)))
    path = os_path(folder, checkers)
    write_one_sided(t, path)
    return path


def build_gammons(folder: str, progress=None) -> str:
    """Build the exact gammon table (:func:`.onesided.gammon_table`, 15 checkers) into ``folder``;
    ``progress(done, total)`` as in :func:`build_one_sided`.  Returns the file's path."""
    from .onesided import gammon_table

    _folder_ready(folder)
    t = gammon_table()
    n = len(t.keys)
    t.build(progress=None if progress is None else (lambda i: progress(i, n)))
    path = gammon_path(folder)
    write_one_sided(t, path, GAMMON_FORMAT)
    return path


def build_two_sided(folder: str, checkers: int = 6, progress=None) -> str:
    """Build the exact two-sided table (:func:`.twosided.build`) for up to ``checkers``
    checkers a side into ``folder`` (checkpointed beside it, so an interrupted build
    resumes); ``progress`` as in :func:`.twosided.build`.  Returns the file's path."""
    from . import twosided

    _folder_ready(folder)
    path = ts_path(folder, checkers)
    t = twosided.build(checkers, progress=progress, checkpoint=path + ".partial")
    twosided.save(t, path)
    return path


def _open_or_build(path: str, opener, builder, notice):
    if os.path.exists(path):
        try:
            return opener()
        except BadInput as exc:  # Damaged, or twosided.load's checksum mismatch
            if notice is not None:
                notice(f"{exc}; rebuilding it")
    builder()
    return opener()


def _read(path: str, opener, builder, read, notice):
    """``read(opened file)``, the file built first if absent; a damaged file, found on opening
    or on reading, is rebuilt once (``notice(text)`` says so)."""
    for attempt in (0, 1):
        f = _open_or_build(path, opener, builder, notice)
        try:
            return read(f)
        except Damaged as exc:
            if attempt:
                raise
            if notice is not None:
                notice(f"{exc}; rebuilding it")
            builder()
        finally:
            f.close()


def one_sided_distribution(folder: str, checkers: int, counts, notice=None, progress=None):
    """The exact distribution of ``counts`` from the cached one-sided table for ``checkers``,
    built first if absent; a damaged table is rebuilt (``notice(text)`` says so once)."""
    path = os_path(folder, checkers)
    return _read(path, lambda: OneSidedFile(path), lambda: build_one_sided(folder, checkers, progress),
                 lambda f: f.distribution(counts), notice)


def gammon_distribution(folder: str, counts, notice=None, progress=None):
    """The exact gammon distribution of ``counts`` (15 checkers) from the cached gammon table,
    built first if absent; a damaged table is rebuilt (``notice(text)`` says so once)."""
    path = gammon_path(folder)
    return _read(path, lambda: OneSidedFile(path, GAMMON_FORMAT), lambda: build_gammons(folder, progress),
                 lambda f: f.distribution(counts), notice)


def two_sided_entry(folder: str, checkers: int, x, y, notice=None, progress=None):
    """The exact :class:`.twosided.Entry` of ``x`` on roll against ``y`` from the cached
    two-sided table for ``checkers``, built first if absent; a damaged table is rebuilt
    (``notice(text)`` says so once)."""
    path = ts_path(folder, checkers)
    return _read(path, lambda: TwoSidedFile(path, folder), lambda: build_two_sided(folder, checkers, progress),
                 lambda f: f.entry(x, y), notice)


def two_sided_table(folder: str, checkers: int = 6, notice=None, progress=None):
    """The whole exact two-sided table for ``checkers`` (:class:`.twosided.TwoSided`, every
    field in memory) from the cache folder, built first if absent; a file that fails its
    checksum is rebuilt (``notice(text)`` says so)."""
    from . import twosided

    path = ts_path(folder, checkers)
    return _open_or_build(path, lambda: twosided.load(path), lambda: build_two_sided(folder, checkers, progress),
                          notice)
