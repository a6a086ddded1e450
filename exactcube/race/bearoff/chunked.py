r"""The two-sided bearoff table built in chunks: layer by layer, each chunk whole on disk with a digest.

The values are those of :mod:`.twosided` (same recurrences, same exact integers
:math:`36^{\tau}(v + o)`, same move-choice convention); only the order of work and where
the values live differ, so that memory is bounded by the chunks in flight, not by the table.

**Layers.**  A pair :math:`(x, y)` (both sides still have checkers) lies in layer
:math:`T = \mathrm{pips}(x) + \mathrm{pips}(y)`; every play lowers the pip count, so every
successor :math:`(y, s)` of a pair of layer :math:`T` lies in a layer below :math:`T` (or is a
finished game, whose values are constants).  Layers are solved in increasing :math:`T`; within a
layer every pair is independent of the others.

**Order within a layer and chunks.**  The pairs of a layer are ranked by the roller's index,
then the opponent's (gnubg's order, :mod:`.positions`).  The rank is arithmetic, with no table
of all pairs: ``rank(x, y) = prefix[T, x] + pip_rank[y]``, where ``prefix[T, x]`` counts the
pairs of layer ``T`` whose roller has a smaller index and ``pip_rank[y]`` is the rank of ``y``
among the positions of its pip count.  Chunk ``c`` of layer ``T`` holds the ranks
``[cK, (c+1)K)`` (``K``, ``--chunk-pairs``, is fixed by the build, never by the number of
workers), so the chunks and their bytes are the same whatever runs them.

**A chunk** is the file ``L{T:03d}-{c:06d}.bin`` in the build folder: for the fields ``P, NO, NC,
NT`` in turn, per pair in rank order, the stored integer in :math:`5L` little-endian bytes (the
encoding of the finished file, :mod:`.formats`).  It is computed by :func:`solve_chunk` from the
successors it reads from the chunk files of lower layers (each memory-mapped while it is read and
closed after, so only the pages touched are read and none are held), written whole through :mod:`exactcube.output`, and its SHA-256 is returned to
the coordinator, which records it in ``manifest.json`` (format :data:`CHUNK_FORMAT`, written
through :mod:`exactcube.output` after every layer, every half minute and on an interrupt, so a killed
build loses at most half a minute of chunks; each chunk's entry also keeps its CPU seconds and the
worker's peak memory, so that a resumed build's cost can be summed).  A resumed build
(``resume=True``) re-hashes every chunk the manifest lists and skips those whose digest checks;
a chunk missing or failing is solved again.

**Workers.**  The chunks of a layer run on this process (``workers=1``), a process pool
(``workers=N``) or a Dask cluster (``dask=`` an address or a ``distributed`` client; the
workers must see the build folder).  A layer starts when the one below is finished.

**The finished file** is assembled from the chunks in the two-sided format of
:mod:`.formats` (two passes over the chunks by blocks of roller rows: the first computes the
row digests and the payload's SHA-256 that the header carries, the second writes), byte for
byte the file :func:`.formats.save` writes for :func:`.twosided.build`'s table.  The chunks' pages
read for a block are dropped from the resident set after it (:meth:`_Chunks.release`), so the
assembly does not hold the table's pages.

**Memory of a chunk** (:func:`solve_chunk`): the distinct successors are held as the chunk files'
bytes, and a chunk whose distinct successors would pass ``store_bytes`` (:data:`DEFAULT_STORE_BYTES`)
is solved in groups of pairs by opponent, whose successors are disjoint; the bytes never depend on
the groups.

Reference: the layer-by-layer, chunked, checksummed construction of solved-game databases
(retrograde endgame tables); the recurrences are those of :mod:`.twosided`.
"""

from __future__ import annotations

import hashlib
import json
import os
import resource
import time
from dataclasses import dataclass, field
from functools import lru_cache

from ...errors import BadInput
from .positions import counts_of, pips, positions

__all__ = ["CHUNK_FORMAT", "MAX_CHUNKED_CHECKERS", "DEFAULT_CHUNK_PAIRS", "DEFAULT_STORE_BYTES", "Layout", "layout", "Plan", "plan",
           "solve_chunk", "ChunkedBuild", "build_chunked", "assemble", "verify_chunks"]

CHUNK_FORMAT = "exactcube-bearoff-ts-chunks-1"
#: The chunked build takes up to this many checkers a side (4 bits a point in the keys).
MAX_CHUNKED_CHECKERS = 15
#: Pairs per chunk unless told: 2^16 pairs hold 2^16 x 4 x 5L bytes (5 MB at six checkers).
DEFAULT_CHUNK_PAIRS = 1 << 16
#: Measured CPU seconds per pair of the chunked build (in its chunks), 65,536 pairs a chunk
#: (docs/bearoff.md, "Chunked build"): the estimate printed first scales the rate of the
#: largest measured size not above the table's by its pairs (a low estimate above it: the rate
#: grows with the checkers).
#: 8, 9 and 10: the whole builds' chunks as measured on 3 December 2026 (fourth session; 294.0, 1,561.9 and
#: 4,736.6 s), 10 with the code before that session's de-duplication without a sort, 9 beside two other jobs on
#: the two cores: on this shared machine a rate moves by a third with the load, so these are estimates.
SECONDS_PER_PAIR = {6: 17.1e-6, 8: 32.6e-6, 9: 62.4e-6, 10: 73.9e-6}
_FIELDS = ("P", "NO", "NC", "NT")
#: A chunk's plays are taken this many pairs at a time (their flat arrays are the largest of a chunk).
_SUB = 1 << 13
#: The distinct successors' cube decisions and float screens are computed this many rows at a time.
_ROWS = 1 << 16
#: A chunk's store of distinct successors and their screens is kept within this many bytes unless told
#: (:func:`solve_chunk`): past it the chunk's pairs are solved in groups.
DEFAULT_STORE_BYTES = 256 << 20


def _np():
    import numpy

    return numpy


# ----------------------------------------------------------------------- geometry


class Layout:
    """The geometry of a chunked table of up to ``checkers`` checkers a side, ``chunk_pairs``
    pairs a chunk (module docstring): positions, :math:`\\tau`, limbs, layers, chunks, and the
    rank of any pair.  Cheap to build (no table of all pairs); every worker builds its own."""

    def __init__(self, checkers: int, chunk_pairs: int = DEFAULT_CHUNK_PAIRS):
        from . import twosided as ts

        np = _np()
        if not 1 <= checkers <= MAX_CHUNKED_CHECKERS:
            raise BadInput(f"the chunked two-sided build takes 1 to {MAX_CHUNKED_CHECKERS} checkers a side")
        if chunk_pairs < 1:
            raise BadInput("--chunk-pairs must be at least 1")
        self.checkers, self.K = checkers, int(chunk_pairs)
        self.keys = positions(checkers)
        n = self.n = len(self.keys)
        self.index = {k: i for i, k in enumerate(self.keys)}
        self.empty = self.index[0]
        R = max(ts.max_rolls(self.keys).values())
        self.tau = max(2 * R - 1, 1)
        self.S = 36**self.tau
        self.L = (self.S.bit_length() + 1) // ts._BITS + 1
        self.width = 5 * self.L
        pip = self.pip = np.array([pips(k) for k in self.keys], dtype=np.int64)
        top = int(pip.max())
        cnt = np.bincount(pip, minlength=top + 1)
        cnt[0] = 0  # the empty position is in no layer
        order = np.lexsort((np.arange(n), pip))  # by pips, then index
        self.by_pip = order
        self.pip_start = np.concatenate(([0], np.cumsum(np.bincount(pip, minlength=top + 1))))
        self.pip_rank = np.empty(n, dtype=np.int64)
        self.pip_rank[order] = np.arange(n) - self.pip_start[pip[order]]
        self.top = 2 * top
        # prefix[T, x]: pairs of layer T whose roller index is below x
        T = np.arange(self.top + 1)[:, None]
        partner = T - pip[None, :]
        per = np.where((pip[None, :] > 0) & (partner >= 1) & (partner <= top), cnt[np.clip(partner, 0, top)], 0)
        self.prefix = np.concatenate((np.zeros((self.top + 1, 1), dtype=np.int64), np.cumsum(per, axis=1)), axis=1)
        self.layer_pairs = self.prefix[:, n].copy()
        self.layers = tuple(int(t) for t in np.flatnonzero(self.layer_pairs))
        self.layer_chunks = -(-self.layer_pairs // self.K)
        self.chunk_start = np.concatenate(([0], np.cumsum(self.layer_chunks)))
        self.pairs = int(self.layer_pairs.sum())
        self.chunks = int(self.chunk_start[-1])
        #: the narrowest integer holding every :meth:`key` (sorting narrow keys is faster)
        self.key_dtype = next(t for t in (np.int32, np.uint32, np.int64) if self.chunks * self.K <= np.iinfo(t).max)

    def chunk_name(self, T: int, c: int) -> str:
        """The file name of chunk ``c`` of layer ``T``."""
        return f"L{T:03d}-{c:06d}.bin"

    def chunk_list(self) -> list[tuple[int, int]]:
        """Every chunk ``(T, c)`` in build order."""
        return [(T, c) for T in self.layers for c in range(int(self.layer_chunks[T]))]

    def chunk_of_id(self, cid: int) -> tuple[int, int]:
        """``(T, c)`` of the chunk with global id ``cid`` (build order)."""
        np = _np()
        T = int(np.searchsorted(self.chunk_start, cid, side="right") - 1)
        return T, cid - int(self.chunk_start[T])

    def chunk_size(self, T: int, c: int) -> int:
        """Pairs in chunk ``c`` of layer ``T``."""
        return int(min(self.K, self.layer_pairs[T] - c * self.K))

    def chunk_bytes(self, T: int, c: int) -> int:
        """Bytes of the file of chunk ``c`` of layer ``T``."""
        return 4 * self.chunk_size(T, c) * self.width

    def pairs_of(self, T: int, c: int):
        """The roller and opponent indices of chunk ``c`` of layer ``T``, in rank order."""
        np = _np()
        off = np.arange(c * self.K, c * self.K + self.chunk_size(T, c), dtype=np.int64)
        pre = self.prefix[T]
        x = np.searchsorted(pre, off, side="right") - 1
        r = off - pre[x]
        y = self.by_pip[self.pip_start[T - self.pip[x]] + r]
        return x, y

    def locate(self, x, y):
        """Chunk id (global, build order) and place in the chunk of the pairs ``(x, y)`` (arrays;
        both sides with checkers)."""
        T = self.pip[x] + self.pip[y]
        off = self.prefix[T, x] + self.pip_rank[y]
        return self.chunk_start[T] + off // self.K, off % self.K

    def key(self, x, y):
        """``chunk id * K + place`` of the pairs ``(x, y)`` (arrays; both sides with checkers): increasing
        in build order, so sorting keys sorts the pairs by chunk, then place."""
        T = self.pip[x] + self.pip[y]
        return (self.chunk_start[T] * self.K + self.prefix[T, x] + self.pip_rank[y]).astype(self.key_dtype, copy=False)


@lru_cache(maxsize=4)
def layout(checkers: int, chunk_pairs: int = DEFAULT_CHUNK_PAIRS) -> Layout:
    """The :class:`Layout`, built once per process."""
    return Layout(checkers, chunk_pairs)


@lru_cache(maxsize=4)
def _moves(checkers: int) -> "_Moves":
    """The :class:`_Moves` of the positions of up to ``checkers`` checkers, built once per process."""
    return _Moves(checkers)


class _Moves:
    r"""The plays of every position as flat (ragged) arrays, no padding.

    For a position ``x``: ``U(x)``, the distinct successors over all 21 rolls other than the
    empty position (``uflat[ustart[x]:ustart[x+1]]``), gathered once per pair; and for each roll
    in :data:`.positions.ROLLS` order its plays as places in ``U(x)`` plus one, 0 for bearing the
    last checker off (``cflat[cstart[x]:cstart[x+1]]``, ``seg[x, r]`` plays of roll ``r``)."""

    def __init__(self, checkers: int):
        from .positions import ROLLS, plays

        np = _np()
        keys = positions(checkers)
        index = {k: i for i, k in enumerate(keys)}
        n = len(keys)
        ulists, clists = [], []
        self.seg = np.zeros((n, len(ROLLS)), dtype=np.int64)
        for i, k in enumerate(keys):
            if not k:
                ulists.append([])
                clists.append([])
                continue
            per = [[index[s] for s in plays(k, roll)] for roll, _w in ROLLS]
            u = sorted({s for lst in per for s in lst if keys[s]})
            place = {s: j + 1 for j, s in enumerate(u)}
            ulists.append(u)
            clists.append([place.get(s, 0) for lst in per for s in lst])
            self.seg[i] = [len(lst) for lst in per]
        self.ulen = np.array([len(u) for u in ulists], dtype=np.int64)
        self.ustart = np.concatenate(([0], np.cumsum(self.ulen)))
        self.uflat = np.array([s for u in ulists for s in u], dtype=np.int64)
        self.clen = self.seg.sum(axis=1)
        self.cstart = np.concatenate(([0], np.cumsum(self.clen)))
        self.cflat = np.array([c for lst in clists for c in lst], dtype=np.int32)
        self.weights = np.array([w for _roll, w in ROLLS], dtype=np.int64)


_HEAP_KEPT = [False]


def _tune_malloc(keep: bool = True) -> bool:
    """Keep freed memory in the process (glibc ``mallopt``; elsewhere nothing): a chunk's large temporary
    arrays are then taken from the heap the chunk before freed, not from fresh pages the kernel maps and
    zeroes (the system time that was a third of the eight-checker build's CPU).  ``keep=False`` restores
    glibc's defaults and hands the free heap back (``malloc_trim``), before the finished file is assembled.
    True if the C library took it."""
    import ctypes

    if keep == _HEAP_KEPT[0]:
        return True
    try:
        libc = ctypes.CDLL(None)
        mallopt, trim = libc.mallopt, libc.malloc_trim
    except (OSError, AttributeError):
        return False
    # M_MMAP_THRESHOLD (-3): arrays up to 1 GiB from the heap; M_TRIM_THRESHOLD (-1): keep up to 1 GiB
    # free at its top; M_TOP_PAD (-2): grow it 64 MiB at a time (glibc's defaults: 128 KiB, 128 KiB, 128 KiB)
    vals = ((-3, 1 << 30), (-1, 1 << 30), (-2, 64 << 20)) if keep else ((-3, 128 << 10), (-1, 128 << 10),
                                                                         (-2, 128 << 10))
    ok = all(mallopt(opt, val) == 1 for opt, val in vals)
    if not keep:
        trim(0)
    _HEAP_KEPT[0] = keep
    return ok


def _unique_inverse(keys):
    """``numpy.unique(keys, return_inverse=True)``, the inverse as int32.  A chunk's successor keys are
    dense: they span about half as many places as there are keys (0.52 to 0.63 on the heaviest chunks at 7 a
    side), so while the span is at most twice the keys the distinct ones are marked in a table of the span
    and ranked by a running sum, with no sort (3 to 5 times faster than the sort); otherwise a stable sort
    (timsort), which merges the sorted runs the keys come in (each pair's successors in one layer follow
    its opponent's order).  Both give the same arrays."""
    np = _np()
    if len(keys) == 0:
        return keys.copy(), np.empty(0, dtype=np.int32)
    lo = keys.min()
    span = int(keys.max()) - int(lo) + 1
    if span <= 2 * len(keys):
        off = keys - lo
        mark = np.zeros(span, dtype=bool)
        mark[off] = True
        rank = np.cumsum(mark, dtype=np.int32)
        rank -= 1
        inv = rank.take(off)
        del rank, off
        return (np.flatnonzero(mark) + lo).astype(keys.dtype, copy=False), inv
    perm = keys.argsort(kind="stable")
    aux = keys.take(perm)
    new = np.empty(len(aux), dtype=bool)
    new[:1] = True
    np.not_equal(aux[1:], aux[:-1], out=new[1:])
    place = np.cumsum(new, dtype=np.int32)
    place -= 1
    inv = np.empty(len(aux), dtype=np.int32)
    inv[perm] = place
    return aux[new], inv


def _ragged(start, length):
    """The concatenation of ``arange(start[i], start[i] + length[i])`` over ``i`` (numpy arrays)."""
    np = _np()
    total = int(length.sum())
    offs = np.cumsum(length) - length
    return np.repeat(start - offs, length) + np.arange(total, dtype=np.int64)


# ----------------------------------------------------------------------- encoding


def _encode(limbs, L: int):
    """Limbs ``(L, m)`` -> bytes ``(m, 5L)`` uint8, the integer little-endian (as :func:`.formats.save`)."""
    np = _np()
    m = limbs.shape[1]
    b = np.ascontiguousarray(limbs.T, dtype="<i8").view(np.uint8).reshape(m, L, 8)
    return np.ascontiguousarray(b[:, :, :5]).reshape(m, 5 * L)


class _Chunks:
    """Read-only memory maps of the chunk files of one build folder, opened on first use and the last
    ``limit`` kept open (``limit=0``: each closed after its use, so that the pages read are not held)."""

    def __init__(self, folder: str, lay: Layout, limit: int = 512):
        self.folder, self.lay, self.limit = folder, lay, limit
        self.maps: dict = {}

    def get(self, cid: int):
        """The memory map of chunk ``cid`` (its size checked)."""
        np = _np()
        mm = self.maps.get(cid)
        if mm is None:
            T, c = self.lay.chunk_of_id(cid)
            path = os.path.join(self.folder, self.lay.chunk_name(T, c))
            m = self.lay.chunk_size(T, c)
            try:
                if os.path.getsize(path) != 4 * m * self.lay.width:
                    raise BadInput(f"{path}: wrong size (truncated or extended)")
                mm = np.memmap(path, dtype=np.uint8, mode="r", shape=(4, m, self.lay.width))
            except OSError as exc:
                raise BadInput(f"{path}: {exc.strerror} (a chunk below was not built)") from None
            if self.limit:
                if len(self.maps) >= self.limit:
                    self.maps.pop(next(iter(self.maps)))
                self.maps[cid] = mm
        return mm

    def release(self):
        """Drop the pages read so far of the maps kept open from the resident set (``madvise``
        ``MADV_DONTNEED``; they stay in the page cache, and a later read maps them again): read-only
        pages of a file count in the process's resident memory while mapped, so the assembly, which
        reads every chunk, would otherwise hold them all.  Nothing where ``madvise`` is missing."""
        import mmap

        flag = getattr(mmap, "MADV_DONTNEED", None)
        for mm in self.maps.values():
            raw = getattr(mm, "_mmap", None)
            if flag is not None and hasattr(raw, "madvise"):
                raw.madvise(flag)

    def gather(self, cids, within, fields=(0, 1, 2, 3)):
        """Bytes ``(len(fields), m, 5L)`` of the pairs at ``(cids, within)``."""
        np = _np()
        out = np.empty((len(fields), len(cids), self.lay.width), dtype=np.uint8)
        order = np.argsort(cids * self.lay.K + within)
        sc = cids[order]
        cuts = np.concatenate(([0], np.flatnonzero(sc[1:] != sc[:-1]) + 1, [len(sc)]))
        fl = list(fields)
        whole = fl == [0, 1, 2, 3]
        for a, b in zip(cuts[:-1], cuts[1:], strict=True):
            if a == b:
                continue
            mm = self.get(int(sc[a]))
            part = order[a:b]
            w = within[part]
            out[:, part] = mm[:, w] if whole else mm[np.ix_(fl, w)]
        return out


    def gather_into(self, store, keys):
        """Write the four fields' bytes of the pairs whose global keys (:meth:`Layout.key`) are ``keys``,
        sorted ascending, into ``store[:, 1 + k]`` (``store`` uint8 ``(4, m + 1, 5L)``, the layout of a
        chunk file).  Sorted keys run chunk by chunk, so each chunk's pairs are one slice of the store,
        read in increasing place, straight from the map into the store (no temporary)."""
        np = _np()
        K = self.lay.K
        cids, within = keys // K, keys % K
        cuts = np.concatenate(([0], np.flatnonzero(cids[1:] != cids[:-1]) + 1, [len(cids)]))
        for a, b in zip(cuts[:-1].tolist(), cuts[1:].tolist(), strict=True):
            if a == b:
                continue
            raw = self.get(int(cids[a])).view(np.ndarray)
            w = within[a:b]
            if w[-1] >= raw.shape[1]:  # ascending, so the last is the largest (take's "clip" would not say)
                raise BadInput(f"chunk {int(cids[a])}: a successor placed past the chunk's end")
            for f in range(4):
                np.take(raw[f], w, axis=0, out=store[f, 1 + a:1 + b], mode="clip")
            del raw


# ----------------------------------------------------------------------- one chunk


#: Spare bytes after every byte array that :func:`_limbs` reads (its last limb is read as 8 bytes).
_PAD = 8


def _padded(shape):
    """A zeroed uint8 array of ``shape`` followed by :data:`_PAD` spare bytes of its buffer."""
    np = _np()
    size = 1
    for d in shape:
        size *= d
    return np.zeros(size + _PAD, dtype=np.uint8)[:size].reshape(shape)


def _rows(A, idx):
    """``A.take(idx, axis=0)`` (``A`` bytes ``(U, 5L)``) into an array :func:`_limbs` can read."""
    np = _np()
    out = _padded((len(idx), A.shape[1]))
    np.take(A, idx, axis=0, out=out, mode="clip")
    return out


def _limbs(b, L: int):
    """Bytes ``(..., 5L)`` uint8 (5 little-endian bytes a limb) -> limbs ``(..., L)`` int64: each limb read as
    the 8 bytes at its place, masked to 40 bits.  ``b`` is a view into an array of :func:`_padded` (the
    three bytes read past its last limb are in the buffer; numpy refuses otherwise)."""
    from .twosided import _MASK

    np = _np()
    base = b
    while base.base is not None:
        base = base.base
    words = np.ndarray(b.shape[:-1] + (L,), dtype="<i8", buffer=base,
                       offset=b.ctypes.data - base.ctypes.data, strides=b.strides[:-1] + (5,))
    return words & _MASK


def _ragged_min(F, A, L, cand, seg_id, starts, seglen):
    r"""Per segment (a roll of a pair), the limbs ``(segments, L)`` of the least of ``A[cand]``
    (``A`` the ``(U, 5L)`` bytes of one field, ``F`` their doubles, ``cand`` the candidates in
    segment order, ``seg_id`` each candidate's segment, ``starts`` each segment's first
    candidate, ``seglen`` its candidates, at least one).  The doubles pick the least; a segment with another
    candidate within :data:`.twosided._EPS` of it is decided exactly, limb by limb (the value, not the play, is
    what is kept, so which of exactly equal candidates wins does not matter).  Only the rows chosen and the
    near ties are decoded to limbs."""
    from . import twosided as ts

    np = _np()
    fv = F.take(cand)
    low = np.minimum.reduceat(fv, starts)
    low += ts._EPS
    close = fv <= low.repeat(seglen)
    del fv
    pos = np.flatnonzero(close)
    del close
    sid = seg_id.take(pos)
    first = np.ones(len(pos), dtype=bool)
    first[1:] = sid[1:] != sid[:-1]
    chosen = cand.take(pos[first])  # the first close candidate of every segment (each has one: its least)
    if not first.all():  # segments with two or more close candidates: decide exactly
        nearmask = np.zeros(len(starts), dtype=bool)
        nearmask[sid[~first]] = True
        near_seg = np.flatnonzero(nearmask)
        keep = nearmask.take(sid)
        cs, ss = cand.take(pos[keep]), sid[keep]
        cut = np.concatenate(([0], np.flatnonzero(ss[1:] != ss[:-1]) + 1))
        grp = np.cumsum(np.concatenate(([False], ss[1:] != ss[:-1])))
        ok = np.ones(len(cs), dtype=bool)
        top = np.iinfo(np.int64).max
        D = _limbs(_rows(A, cs), L)
        for lvl in range(L - 1, -1, -1):
            v = D[:, lvl]
            m = np.minimum.reduceat(np.where(ok, v, top), cut)
            ok &= v == m.take(grp)
        pick = np.maximum.reduceat(np.where(ok, np.arange(len(cs)), -1), cut)
        chosen[near_seg] = cs.take(pick)
    return _limbs(_rows(A, chosen), L)


def _groups(y, du, inv, U: int, n: int, row_bytes: int, budget: int | None):
    """The chunk's pairs in groups by opponent, ``(sel, rows, local)``: ``sel`` the places of the group's pairs
    in the chunk (increasing; ``None``: all), ``rows`` its distinct successors as places in the chunk's sorted
    distinct keys (increasing; ``None``: all), ``local`` the place in ``rows`` of each successor of its pairs,
    pair by pair.  A successor ``(y, s)`` of a pair belongs to the group of its opponent ``y``, so the groups'
    distinct successors are disjoint (none is gathered twice) and each group holds at most ``budget`` bytes
    at ``row_bytes`` a row (the finished games' row included), unless one opponent alone needs more.  One
    group when the whole chunk fits.  ``y`` the opponents of the pairs, ``du`` their successors, ``inv`` the
    place of every successor among the ``U`` distinct ones, ``n`` the positions."""
    np = _np()
    if budget is None or (U + 1) * row_bytes <= budget:
        yield None, None, inv
        return
    yrow = np.empty(U, dtype=np.int32)  # the opponent of each distinct successor
    yrow[inv] = np.repeat(y.astype(np.int32), du)
    csum = np.cumsum(np.bincount(yrow, minlength=n))
    cap = max(1, budget // row_bytes - 1)
    group = np.empty(n, dtype=np.int32)  # the opponents in index order, cut into runs of at most cap rows
    y0, g, base = 0, 0, 0
    while y0 < n:
        y1 = max(y0 + 1, int(np.searchsorted(csum, base + cap, side="right")))
        group[y0:y1] = g
        base, y0, g = int(csum[y1 - 1]), y1, g + 1
    soff = np.cumsum(du) - du
    gy, grow = group.take(y), group.take(yrow)
    del yrow
    for k in range(g):
        sel = np.flatnonzero(gy == k)
        if not len(sel):
            continue
        mask = grow == k
        rows = np.flatnonzero(mask)
        place = np.cumsum(mask, dtype=np.int32)
        del mask
        place -= 1
        yield sel, rows, place.take(inv.take(_ragged(soff.take(sel), du.take(sel))))
        del place


def solve_chunk(folder: str, checkers: int, chunk_pairs: int, T: int, c: int,
                store_bytes: int | None = None) -> dict:
    """Solve chunk ``c`` of layer ``T`` (module docstring) from the chunk files below it in
    ``folder`` and write it there whole; returns its name, SHA-256, pairs, bytes, CPU seconds,
    the process's peak resident memory (kB), the groups it was solved in (:func:`_groups`) and the
    largest group's store (bytes, and its opponents: above ``store_bytes`` only when one opponent alone needs more).  Runs in any worker that sees ``folder``.

    Each pair gathers its successors ``(y, s)``, ``s`` in ``U(x)`` (:class:`_Moves`), once; the
    plays of each roll point into them, and every roll's minimum is taken over its own plays
    (segments of a flat array, :func:`_ragged_min`), with the exact arithmetic of
    :func:`.twosided.build` (floats screen, integers decide).

    **Memory.**  The distinct successors are held as the bytes of the chunk files, ``5L`` a field (not
    as int64 limbs, ``8L``), with four float screens (8 bytes each): ``20L + 32`` bytes a successor.
    The cube decision and the screens are computed ``_ROWS`` successors at a time, and only the rows
    chosen and the near ties are decoded to limbs; the plays are taken ``_SUB`` pairs at a time.  With
    ``store_bytes`` (default :data:`DEFAULT_STORE_BYTES`) bounding the store and its screens, a chunk
    whose distinct successors need more is solved in groups of pairs by opponent (:func:`_groups`),
    one after the other, each holding only its own distinct successors: these are disjoint, so no
    successor is read twice, and no group exceeds ``store_bytes`` unless one opponent's successors
    alone do.  Each pair's values depend only on its successors, so the bytes are the same whatever
    the groups."""
    from ...output import open_output
    from . import twosided as ts

    np = _np()
    t0 = time.process_time()
    _tune_malloc()
    if store_bytes is None:
        store_bytes = DEFAULT_STORE_BYTES
    if int(store_bytes) < 1:
        raise BadInput("the store bound (store_bytes) must be at least 1 byte")
    lay = layout(checkers, chunk_pairs)
    mv = _moves(checkers)
    L, W = lay.L, lay.width
    x, y = lay.pairs_of(T, c)
    B = len(x)
    # the successors (y, s) of every pair, s in U(x), de-duplicated over the chunk
    du = mv.ulen.take(x)
    keys = np.empty(int(du.sum()), dtype=lay.key_dtype)  # the successors' keys, _SUB pairs at a time
    at = 0
    for b0 in range(0, B, _SUB):
        xb, db = x[b0:b0 + _SUB], du[b0:b0 + _SUB]
        m = int(db.sum())
        keys[at:at + m] = lay.key(np.repeat(y[b0:b0 + _SUB], db), mv.uflat.take(_ragged(mv.ustart.take(xb), db)))
        at += m
    uniq, inv = _unique_inverse(keys)  # sorted: chunk, then place
    del keys
    chunks = _Chunks(folder, lay, limit=0)
    Sl, S2l = ts._limbs_of(lay.S, L)[:, None], ts._limbs_of(2 * lay.S, L)[:, None]
    powers = np.array([float(1 << (ts._BITS * i)) for i in range(L)]) / float(lay.S)
    # the order of twosided.build's minima: P, XC, XT (= NT), XO
    order = (0, 2, 3, 1)
    w = mv.weights
    mins = [np.empty((L, B), dtype=np.int64) for _ in order]  # the weighted sums of the rolls' minima
    row_bytes = 4 * W + 8 * len(order)
    groups, largest = 0, (0, 0)  # the groups, and the largest group's store bytes and opponents
    for sel, rows, local_inv in _groups(y, du, inv, len(uniq), lay.n, row_bytes, store_bytes):
        keys = uniq if rows is None else uniq.take(rows)
        U = len(keys)
        del rows
        groups += 1
        if (U + 1) * row_bytes > largest[0]:
            largest = ((U + 1) * row_bytes, len(np.unique(y if sel is None else y.take(sel))))
        # row 1 + k of the store is the k-th distinct (y, s) of the group; row 0 a finished game (all 0)
        store = _padded((4, U + 1, W))  # P, NO, NC, NT, the bytes of the chunk files
        chunks.gather_into(store, keys)
        del keys
        Fs = [np.empty(U + 1) for _ in order]
        for r0 in range(0, U + 1, _ROWS):
            r1 = min(U + 1, r0 + _ROWS)
            v = _limbs(store[:, r0:r1], L)  # (4, rows, L)
            XC, XO = ts.after_cube(*(np.ascontiguousarray(v[f].T) for f in (2, 1, 3)), Sl, S2l)
            v[2], v[1] = XC.T, XO.T
            store[2, r0:r1], store[1, r0:r1] = _encode(XC, L), _encode(XO, L)
            for k, f in enumerate(order):
                Fs[k][r0:r1] = v[f] @ powers
            del v, XC, XO
        for F in Fs:
            F[0] = 0.0
        cols = np.arange(B) if sel is None else sel
        xg = x.take(cols)
        dug = du.take(cols)
        uoff = np.cumsum(dug) - dug
        inv_p = np.concatenate((np.array([-1], dtype=np.int32), local_inv))
        del local_inv, sel
        for b0 in range(0, len(cols), _SUB):
            b1 = min(len(cols), b0 + _SUB)
            xb = xg[b0:b1]
            dc = mv.clen.take(xb)
            local = mv.cflat.take(_ragged(mv.cstart.take(xb), dc))
            at = np.repeat(uoff[b0:b1], dc) + local  # 1 + the place of the play's (y, s) in the rows
            cand = inv_p.take(np.where(local > 0, at, 0)) + 1
            del local, at
            seglen = mv.seg.take(xb, axis=0).ravel()
            starts = np.cumsum(seglen) - seglen
            seg_id = np.repeat(np.arange(len(seglen), dtype=np.int32), seglen)
            for k, f in enumerate(order):
                chosen = _ragged_min(Fs[k], store[f], L, cand, seg_id, starts, seglen).reshape(len(xb), len(w), L)
                mins[k][:, cols[b0:b1]] = np.einsum("brl,r->lb", chosen, w)
            del cand, seg_id, chosen
        del store, Fs, inv_p
    del uniq, inv
    mins = [ts._carry(m) for m in mins]
    p, nc, no, nt = ts.values_of(mins, Sl, S2l)
    data = b"".join(_encode(v, L).tobytes() for v in (p, no, nc, nt))  # the order of FIELDS
    name = lay.chunk_name(T, c)
    with open_output(os.path.join(folder, name), "bearoff chunk", binary=True) as f:
        f.write(data)
    return {"name": name, "sha256": hashlib.sha256(data).hexdigest(), "pairs": B, "bytes": len(data),
            "cpu": time.process_time() - t0, "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
            "groups": groups, "largest_store_bytes": largest[0], "largest_store_opponents": largest[1]}


# ----------------------------------------------------------------------- the plan, first


@dataclass(frozen=True)
class Plan:
    """What a chunked build will do, said before it starts: pairs, layers, chunks, the bytes of
    the chunks and of the finished file, the memory of the largest chunk in flight, and the CPU
    estimated from :data:`SECONDS_PER_PAIR` (``None`` when no measurement applies)."""

    checkers: int
    positions: int
    pairs: int
    layers: int
    chunks: int
    chunk_pairs: int
    limbs: int
    chunk_bytes: int
    file_bytes: int
    cpu_estimate: float | None
    rate_at: int | None = None

    def text(self) -> str:
        """The plan in one line."""
        cpu = ("CPU not estimated (no measured rate at or below this size)" if self.cpu_estimate is None
               else f"about {self.cpu_estimate:,.0f} s of CPU (at {SECONDS_PER_PAIR[self.rate_at] * 1e6:.1f} "
                    f"microseconds a pair, measured at {self.rate_at} a side"
                    + (", so low)" if self.rate_at < self.checkers else ")"))
        return (f"two-sided table, up to {self.checkers} checkers a side: {self.positions:,} positions a side, "
                f"{self.pairs:,} pairs in {self.layers} layers, {self.chunks:,} chunks of up to "
                f"{self.chunk_pairs:,} pairs; chunks {self.chunk_bytes:,} bytes, finished file "
                f"{self.file_bytes:,} bytes and its header; {cpu}")


def plan(checkers: int, chunk_pairs: int = DEFAULT_CHUNK_PAIRS) -> Plan:
    """The :class:`Plan` of a chunked build."""
    lay = layout(checkers, chunk_pairs)
    at = max((c for c in SECONDS_PER_PAIR if c <= checkers), default=None)
    return Plan(checkers, lay.n, lay.pairs, len(lay.layers), lay.chunks, lay.K, lay.L, 4 * lay.pairs * lay.width,
                4 * lay.n * lay.n * lay.width, None if at is None else SECONDS_PER_PAIR[at] * lay.pairs, at)


# ----------------------------------------------------------------------- the coordinator


@dataclass
class ChunkedBuild:
    """A finished chunked build: the file, its payload's SHA-256, the manifest, and what it cost
    (chunks solved now and skipped as already built, CPU seconds summed over the chunks solved
    now, the largest peak resident memory a worker reported, in kB, and the wall seconds)."""

    path: str
    sha256: str
    manifest: str
    solved: int
    skipped: int
    cpu: float
    peak_kb: int
    seconds: float
    chunk_stats: list = field(default_factory=list)


def _sha256_file(path: str) -> str | None:
    h = hashlib.sha256()
    try:
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
    except OSError:
        return None
    return h.hexdigest()


def verify_chunks(folder: str, manifest: dict) -> tuple[list[str], list[str]]:
    """Re-hash every chunk the manifest lists: ``(good, bad)`` names (missing counts as bad)."""
    good, bad = [], []
    for name, entry in sorted(manifest.get("chunks", {}).items()):
        (good if _sha256_file(os.path.join(folder, name)) == entry.get("sha256") else bad).append(name)
    return good, bad


def _header(lay: Layout) -> dict:
    return {"format": CHUNK_FORMAT, "checkers": lay.checkers, "chunk_pairs": lay.K, "tau": lay.tau,
            "limbs": lay.L, "fields": list(_FIELDS), "pairs": lay.pairs, "chunks": {}}


class _Runner:
    """Runs :func:`solve_chunk` calls here, on a process pool or on a Dask client; ``run(calls)``
    yields the results as they finish."""

    def __init__(self, workers: int, dask):
        self.pool = self.client = None
        self.own_client = False
        if dask is not None:
            try:
                import distributed
            except ImportError:  # pragma: no cover - dask is a dependency here
                raise BadInput("--dask needs the Python package 'distributed'") from None
            if isinstance(dask, str):
                try:
                    self.client = distributed.Client(dask, timeout=30)
                except (OSError, TimeoutError, ValueError) as exc:
                    raise BadInput(f"--dask {dask}: cannot reach the scheduler ({exc})") from None
                self.own_client = True
            else:
                self.client = dask
        elif workers > 1:
            import multiprocessing as mp
            from concurrent.futures import ProcessPoolExecutor

            self.pool = ProcessPoolExecutor(workers, mp_context=mp.get_context("fork"))

    def run(self, calls):
        """Yield the results of ``solve_chunk(*a)`` for ``a`` in ``calls``, as they finish."""
        if self.client is not None:
            import distributed

            futs = [self.client.submit(solve_chunk, *a, pure=False) for a in calls]
            for fut in distributed.as_completed(futs):
                yield fut.result()
        elif self.pool is not None:
            from concurrent.futures import as_completed

            for fut in as_completed([self.pool.submit(solve_chunk, *a) for a in calls]):
                yield fut.result()
        else:
            for a in calls:
                yield solve_chunk(*a)

    def close(self):
        """Shut the pool down; close a client this runner opened."""
        if self.pool is not None:
            self.pool.shutdown()
        if self.own_client:
            self.client.close()


def build_chunked(folder: str, checkers: int, out: str | None = None, *, chunk_pairs: int = DEFAULT_CHUNK_PAIRS,
                  workers: int = 1, dask=None, resume: bool = False, notice=None, progress=None,
                  store_bytes: int | None = None) -> ChunkedBuild:
    """Build the two-sided table for up to ``checkers`` checkers a side in chunks in the build
    folder ``folder`` (module docstring), then assemble it into ``out`` (default
    ``folder/bearoff-ts-C.bin``).  ``notice(text)`` gets the plan first and a line per finished
    layer; ``progress(pairs_done, pairs)`` after each chunk.  A folder holding a build already
    is refused unless ``resume``: then its chunks whose digests check are skipped.  ``store_bytes`` bounds
    each chunk's store of distinct successors (:func:`solve_chunk`; default :data:`DEFAULT_STORE_BYTES`);
    it changes memory and time, never a byte."""
    from ...output import write_json

    t_wall = time.time()
    lay = layout(checkers, chunk_pairs)
    say = notice or (lambda text: None)
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"build folder {folder!r}: {exc.strerror}") from None
    mpath = os.path.join(folder, "manifest.json")
    manifest = _header(lay)
    skipped = 0
    if os.path.exists(mpath):
        if not resume:
            raise BadInput(f"{folder}: holds a chunked build already; resume it (--resume) or remove the folder")
        try:
            with open(mpath, encoding="utf-8") as f:
                old = json.load(f)
        except (OSError, ValueError):
            raise BadInput(f"{mpath}: unreadable manifest") from None
        want = {k: v for k, v in manifest.items() if k != "chunks"}
        if not isinstance(old, dict) or {k: old.get(k) for k in want} != want:
            raise BadInput(f"{mpath}: the manifest is for another table (checkers, chunk size or format)")
        good, bad = verify_chunks(folder, old)
        manifest["chunks"] = {name: old["chunks"][name] for name in good}
        skipped = len(good)
        say(f"resuming: {len(good)} chunks check against the manifest, {len(bad)} to solve again")
    say(plan(checkers, chunk_pairs).text())
    write_json(mpath, manifest, "bearoff manifest")
    runner = _Runner(workers, dask)
    done_pairs = sum(int(e["pairs"]) for e in manifest["chunks"].values())
    resumed_pairs = done_pairs  # built before a resume: the rate below is this run's alone
    cpu, peak, solved, stats = 0.0, 0, 0, []
    last, said = time.time(), 0.0
    try:
        for T in lay.layers:
            calls = [(folder, checkers, lay.K, T, c, store_bytes) for c in range(int(lay.layer_chunks[T]))
                     if lay.chunk_name(T, c) not in manifest["chunks"]]
            for r in runner.run(calls):
                manifest["chunks"][r["name"]] = {"sha256": r["sha256"], "pairs": r["pairs"], "bytes": r["bytes"],
                                                 "cpu": round(r["cpu"], 4), "peak_kb": r["peak_kb"]}
                cpu += r["cpu"]
                peak = max(peak, r["peak_kb"])
                solved += 1
                done_pairs += r["pairs"]
                stats.append({"layer": T, **r})
                if progress is not None:
                    progress(done_pairs, lay.pairs)
                if time.time() - last > 30:
                    write_json(mpath, manifest, "bearoff manifest")
                    last = time.time()
            if calls:
                write_json(mpath, manifest, "bearoff manifest")
                el = time.time() - t_wall
                if el - said >= 30 or T == lay.layers[-1]:
                    said = el
                    say(f"layer {T} of {lay.layers[-1]} done: {done_pairs:,}/{lay.pairs:,} pairs, {el:.0f} s, "
                        f"about {el * (lay.pairs - done_pairs) / max(done_pairs - resumed_pairs, 1):.0f} s left (by pairs)")
    except BaseException:  # an interrupt or a failed chunk: record the chunks finished so far
        write_json(mpath, manifest, "bearoff manifest")
        raise
    finally:
        runner.close()
    path = out or os.path.join(folder, f"bearoff-ts-{checkers}.bin")
    _tune_malloc(False)  # the chunks' heap is not kept for the assembly
    digest = assemble(folder, lay, path)
    return ChunkedBuild(path, digest, mpath, solved, skipped, cpu, peak, time.time() - t_wall, stats)


# ----------------------------------------------------------------------- the finished file


def _field_rows(chunks: _Chunks, lay: Layout, f: int, i0: int, i1: int):
    """Bytes ``(i1 - i0, n, 5L)`` of field ``f`` for the roller rows ``i0 .. i1 - 1``."""
    from . import twosided as ts

    np = _np()
    n, L = lay.n, lay.L
    name = _FIELDS[f]
    out = np.zeros((i1 - i0, n, lay.width), dtype=np.uint8)
    xs = np.repeat(np.arange(i0, i1), n)
    ys = np.tile(np.arange(n), i1 - i0)
    inner = (xs != lay.empty) & (ys != lay.empty)
    flat = out.reshape(-1, lay.width)
    if inner.any():
        cids, within = lay.locate(xs[inner], ys[inner])
        flat[inner] = chunks.gather(cids, within, (f,))[0]
    # finished games (as twosided.build): the roller has borne off -> P = 1, equities +1 (stored 2S);
    # the opponent has -> 0
    if i0 <= lay.empty < i1:
        won = lay.S if name == "P" else 2 * lay.S
        out[lay.empty - i0, :] = _encode(ts._limbs_of(won, L)[:, None], L)[0]
    return out


def assemble(folder: str, lay: Layout, path: str) -> str:
    """Write the finished two-sided file (format of :func:`.formats.save`) from the chunks in
    ``folder``; returns the payload's SHA-256."""
    from ...output import open_output
    from .formats import TS_FORMAT, row_digest
    from .twosided import OFFSETS

    chunks = _Chunks(folder, lay)
    n = lay.n
    step = max(1, min(n, (1 << 22) // max(1, n * lay.width)))  # about 4 MB a block

    def blocks():
        for f, name in enumerate(_FIELDS):
            for i0 in range(0, n, step):
                i1 = min(n, i0 + step)
                yield f, name, i0, _field_rows(chunks, lay, f, i0, i1)
                chunks.release()  # the chunks' pages read for this block leave the resident set

    sha, rows = hashlib.sha256(), {name: [] for name in _FIELDS}
    for _f, name, i0, b in blocks():
        sha.update(b.tobytes())
        rows[name].extend(row_digest(name, i0 + k, b[k].tobytes()) for k in range(len(b)))
    digest = sha.hexdigest()
    head = json.dumps({"format": TS_FORMAT, "tau": lay.tau, "limbs": lay.L,
                       "keys": [counts_of(k) for k in lay.keys], "fields": list(_FIELDS),
                       "offsets": [OFFSETS[f] for f in _FIELDS], "sha256": digest,
                       "rows": {name: "".join(v) for name, v in rows.items()}}).encode() + b"\n"
    with open_output(path, "bearoff database", binary=True) as out:
        out.write(head)
        check = hashlib.sha256()
        for _f, _name, _i0, b in blocks():
            data = b.tobytes()
            check.update(data)
            out.write(data)
        if check.hexdigest() != digest:  # pragma: no cover - the chunks changed under the build
            raise BadInput(f"{folder}: the chunks changed while the file was written")
    return digest
