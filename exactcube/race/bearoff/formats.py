r"""exactcube's own bearoff files: the writers, the readers and their digests, in one place.

Every file is written through :mod:`exactcube.output` (whole or not at all) and read back
checked: a file of the wrong size is refused at once, and every block a query reads is
checked against a digest written with it.  A failed check raises :class:`Damaged`
(the cache, :mod:`.cache`, then rebuilds the file).

**One-sided file** (``exactcube-bearoff-os-1``; the gammon table in the same layout as
``exactcube-bearoff-gammon-1``; :func:`write_one_sided`, :class:`OneSidedFile`): a one-line JSON
header (checkers, positions, payload size), then per position in gnubg's index order a 28-byte
slot (offset and length of its record in the record area, little-endian 8 + 4 bytes, and a
16-byte BLAKE2b digest of the index and the record), then the records: the numerators
:math:`a_0 \dots a_K` of :math:`P(N = k) = a_k / 36^k` (:mod:`.onesided`) in decimal, separated
by spaces.  The mean number of rolls is :math:`\sum_k k\,a_k / 36^k`, recomputed exactly on
reading.

**Two-sided file** (``exactcube-bearoff-ts-1``; :func:`save`, :func:`load`,
:class:`TwoSidedFile`): a one-line JSON header (the positions, :math:`\tau`, the number of
limbs, the fields and their offsets, the SHA-256 of the payload, and a BLAKE2b digest per field
and roller row, :func:`row_digest`), then for the fields ``P, NO, NC, NT`` (:mod:`.twosided`) in
turn, per pair in gnubg's order (roller's index times the number of positions plus the
opponent's), the stored integer :math:`36^{\tau}(v + o)` in 5 little-endian bytes per 40-bit
limb.  A query reads and checks the four rows of its roller (4 x 924 x 20 bytes for six
checkers).  Files saved before row digests existed (header without ``rows``) are checked whole
once: the SHA-256 of the payload is computed and remembered in ``verified.json`` in the cache
folder, keyed by the file's path, size and modification time (:func:`verified_sha256`); later
reads of the unchanged file skip the hash.

Reference: the formats are this package's own; the digests are BLAKE2b and SHA-256 (Python's
:mod:`hashlib`).
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
from math import comb

from ...errors import BadInput
from ...numbers import mpq
from .onesided import GAMMON_METHOD, Distribution
from .positions import POINTS, counts_of, gnubg_index, key_of
from .twosided import FIELDS, OFFSETS, Entry, TwoSided

__all__ = ["Damaged", "OS_FORMAT", "GAMMON_FORMAT", "TS_FORMAT", "row_digest", "write_one_sided", "OneSidedFile",
           "verified_sha256", "TwoSidedFile", "save", "load"]

OS_FORMAT = "exactcube-bearoff-os-1"
GAMMON_FORMAT = "exactcube-bearoff-gammon-1"
TS_FORMAT = "exactcube-bearoff-ts-1"
_SLOT = struct.Struct("<QI16s")


class Damaged(BadInput):
    """A cached or saved bearoff file fails its checks (size, header or a digest)."""


def row_digest(name: str, i: int, data: bytes) -> str:
    """BLAKE2b (16 bytes, hex) of row ``i`` of field ``name``: the digest :func:`.formats.save`
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
    """A two-sided table (:func:`.formats.save`) opened for queries: :meth:`entry` reads
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
            ok = isinstance(h, dict) and h.get("format") == TS_FORMAT
            self.keys = tuple(key_of(c) for c in h["keys"])
            self.tau, self.limbs = int(h["tau"]), int(h["limbs"])
            self.names = [str(v) for v in h["fields"]]
            self.offsets = dict(zip(self.names, (int(v) for v in h["offsets"]), strict=True))
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
        if not self.holds(x, y):
            raise BadInput(f"{self.path}: the table does not hold these positions")
        i, j = self.index[key_of(x)], self.index[key_of(y)]
        return Entry(tuple(x), tuple(y), self.value("P", i, j), self.value("NC", i, j),
                     self.value("NO", i, j), self.value("NT", i, j))


# ----------------------------------------------------------------------- two sides: whole tables


def _atomic_bytes(path: str, data: bytes) -> None:
    """Write ``data`` through the one safe writer (whole or not at all; see exactcube.output)."""
    from ...output import open_output  # the output layer, imported on writing only

    with open_output(path, "bearoff database", binary=True) as f:
        f.write(data)


def save(t: TwoSided, path: str) -> str:
    """Write ``t`` compactly (module docstring): each stored integer in ``5 L`` little-endian
    bytes (``L`` limbs of 40 bits), with the SHA-256 of the payload and a digest of every
    roller row per field (:func:`row_digest`, so a query checks only what it reads);
    returns the payload's SHA-256."""
    import numpy as np

    parts, rows = [], {}
    for name in FIELDS:
        a = t.fields[name]
        L = a.shape[0]
        b = np.empty(a.shape[1:] + (5 * L,), dtype=np.uint8)
        for lvl in range(L):
            for k in range(5):
                b[..., 5 * lvl + k] = (a[lvl] >> (8 * k)) & 255
        rows[name] = "".join(row_digest(name, i, b[i].tobytes()) for i in range(b.shape[0]))
        parts.append(b.tobytes())
    payload = b"".join(parts)
    digest = hashlib.sha256(payload).hexdigest()
    head = json.dumps({"format": TS_FORMAT, "tau": t.tau, "limbs": t.fields["P"].shape[0],
                       "keys": [counts_of(k) for k in t.keys], "fields": list(FIELDS),
                       "offsets": [OFFSETS[f] for f in FIELDS], "sha256": digest, "rows": rows}).encode() + b"\n"
    _atomic_bytes(path, head + payload)
    return digest


def load(path: str) -> TwoSided:
    """Read a table written by :func:`save`, verifying its checksum (BadInput otherwise)."""
    import numpy as np

    with open(path, "rb") as f:
        data = f.read()
    nl = data.find(b"\n")
    try:
        head = json.loads(data[:nl])
    except ValueError:
        raise BadInput(f"{path}: not an exactcube two-sided bearoff file") from None
    if not isinstance(head, dict) or head.get("format") != TS_FORMAT:
        raise BadInput(f"{path}: not an exactcube two-sided bearoff file")
    payload = data[nl + 1:]
    if hashlib.sha256(payload).hexdigest() != head.get("sha256"):
        raise BadInput(f"{path}: checksum mismatch (file damaged)")
    try:
        keys = tuple(key_of(c) for c in head["keys"])
        n, L, tau = len(keys), int(head["limbs"]), int(head["tau"])
        names = [str(f) for f in head["fields"]]
    except (KeyError, TypeError, ValueError):
        raise BadInput(f"{path}: damaged header") from None
    size = n * n * 5 * L
    if len(payload) != size * len(names) or sorted(names) != sorted(FIELDS):
        raise BadInput(f"{path}: damaged file (payload size)")
    fields = {}
    for f_i, name in enumerate(names):
        b = np.frombuffer(payload, dtype=np.uint8, count=size, offset=f_i * size).reshape(n, n, 5 * L)
        a = np.zeros((L, n, n), dtype=np.int64)
        for lvl in range(L):
            for k in range(5):
                a[lvl] |= b[..., 5 * lvl + k].astype(np.int64) << (8 * k)
        fields[name] = a
    return TwoSided(keys, tau, fields)
