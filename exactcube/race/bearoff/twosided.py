r"""Two-sided bearoff, exactly: winning chances and cubeful money equities for every pair.

Positions :math:`x` (player on roll) and :math:`y` (opponent) of up to :math:`C` checkers
each (:mod:`.positions`, gnubg's index with :math:`C` checkers; :math:`C \le 6` here,
:math:`\binom{12}{6} = 924` positions a side).  No contact, no gammons (fewer than 15
checkers), money play, cube value normalised to 1, unlimited redoubles.

**Cubeless** (both sides maximise their winning chance; :math:`s` runs over the plays of
roll :math:`r`, a side that has borne off has won):

.. math::

    P(x, y) = \frac{1}{36}\sum_r w_r \max_{s} \bigl(1 - P(y, s)\bigr), \qquad
    P(\emptyset, y) = 1,\; P(x, \emptyset) = 0.

**Cubeful** equities of the player on roll, before his cube decision: centred :math:`C`,
owned by him :math:`O`, owned by the opponent :math:`T`; the no-double values roll, play
and hand the opponent the matching cube state:

.. math::

    N_C(x,y) = \tfrac{1}{36}\sum_r w_r \max_s -C(y,s),\quad
    N_O(x,y) = \tfrac{1}{36}\sum_r w_r \max_s -T(y,s),\quad
    N_T(x,y) = \tfrac{1}{36}\sum_r w_r \max_s -O(y,s),

with :math:`-X(y, \emptyset) = 1` (he has borne off).  Doubling hands the opponent the cube
at twice the stake: double/take is worth :math:`2N_T(x,y)`, double/pass :math:`1`, so

.. math::

    D = \min(1, 2N_T), \quad C = \max(N_C, D), \quad O = \max(N_O, D), \quad T = N_T.

**Move-choice convention.**  In each cube state the roller picks, for each roll, the play
that maximises *that state's* cubeful equity (so the play may differ between cube states
and from the cubeless play); gnubg's ``makebearoff`` uses the same convention.

**Exactness.**  A game from :math:`(x, y)` lasts at most :math:`R_x + R_y - 1` rolls
(:math:`R` = the most rolls a side can take whatever it plays, :func:`max_rolls`; 13 for six
checkers), so every value is an integer over :math:`36^{\tau}`, :math:`\tau = 2R - 1`.  The
build keeps :math:`36^{\tau}(v + o)` (offset :math:`o = 1` for equities, so all are
non-negative) as 40-bit limbs in int64 numpy arrays; every division by 36 is checked to be
exact.  To pick the best play fast, candidates are first compared as doubles computed from
the limbs (error below :math:`2^{-48}` on :math:`[0, 2]`); any candidate within
:math:`2^{-40}` of the least is compared exactly, limb by limb.  Floats only screen; every
choice and value is exact.

**Order.**  Pairs are solved in order of the total pip count (every play lowers it).

The tables are stored in exactcube's own format (:mod:`.formats`); gnubg's two-sided file
(``makebearoff -t 6x6``, 16-bit words) is read and compared in :mod:`.gnubgfiles`.

Reference: GNU Backgammon 1.07 makebearoff.c (``BearOff2``, ``CubeEquity``), bearoff.c
(``ReadTwoSidedBearoff``); zk77 for the cube decision rules of a race.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass

from ...errors import BadInput
from ...numbers import mpq
from ...results import Result
from .positions import ROLLS, key_of, pips, plays, positions


class _Numpy:
    """numpy, imported at its first use: a query read from a built table (:mod:`.cache`) needs
    only :class:`Entry` and its decision, and importing numpy would double its time."""

    def __getattr__(self, name):
        import numpy

        globals()["np"] = numpy
        return getattr(numpy, name)


np = _Numpy()

__all__ = [
    "TwoSided",
    "build",
    "Entry",
    "FIELDS",
    "OFFSETS",
    "cube_action",
    "max_rolls",
    "MAX_TABLE_CHECKERS",
    "reachable",
]

#: Full two-sided tables are built for up to this many checkers a side (3,003 positions a side).
MAX_TABLE_CHECKERS = 8

_BITS = 40  # bits per limb; 5 bytes, so limbs pack into bytes without straddling
_MASK = (1 << _BITS) - 1
_EPS = 2.0**-40  # screening margin, far above the doubles' error (module docstring)
#: The stored fields: the cubeless win chance and the no-double equities, cube owned, centred, theirs.
FIELDS = ("P", "NO", "NC", "NT")
#: Stored integer = 36^tau (value + offset): the offsets make every stored integer non-negative.
OFFSETS = {"P": 0, "NO": 1, "NC": 1, "NT": 1}


# ----------------------------------------------------------------------- limbs
# A non-negative integer v < 2^(40 L) is held as L int64 arrays (least significant first).


def _limbs_of(v: int, L: int) -> np.ndarray:
    return np.array([(v >> (_BITS * i)) & _MASK for i in range(L)], dtype=np.int64)


def _carry(t):
    for i in range(len(t) - 1):
        c = t[i] >> _BITS
        t[i] &= _MASK
        t[i + 1] += c
    return t


def _sub(a, b):
    """a - b (both limb stacks, a >= b elementwise as integers)."""
    d = a - b
    for i in range(len(d) - 1):
        neg = d[i] < 0
        d[i] += neg.astype(np.int64) << _BITS
        d[i + 1] -= neg
    return d


def _less(a, b):
    """Elementwise a < b as integers (limb stacks, broadcast against each other): decided at the top limb, and
    only the ties taken down a limb (nearly every comparison is settled by the top limb)."""
    shape = np.broadcast_shapes(np.shape(a[0]), np.shape(b[0]))
    if not shape:  # single integers: as one-element stacks
        return _less(np.asarray(a)[:, None], np.asarray(b)[:, None]).reshape(())
    top = len(a) - 1
    res = np.broadcast_to(a[top] < b[top], shape).copy()
    flat = res.reshape(-1)  # a view: res is a fresh contiguous array
    idx = np.flatnonzero(np.broadcast_to(a[top] == b[top], shape))
    for i in range(top - 1, -1, -1):
        if not len(idx):
            break
        at = np.unravel_index(idx, shape)
        ai, bi = np.broadcast_to(a[i], shape)[at], np.broadcast_to(b[i], shape)[at]
        flat[idx] = ai < bi
        idx = idx[ai == bi]
    return res


def _where(cond, a, b):
    return np.where(cond[None], a, b)


def _div36(t):
    """Exact t / 36 (t already carried); AssertionError if 36 does not divide t."""
    q = np.empty_like(t)
    r = np.zeros_like(t[0])
    for i in range(len(t) - 1, -1, -1):
        cur = (r << _BITS) + t[i]
        q[i], r = cur // 36, cur % 36
    if np.any(r):  # pragma: no cover - tau is large enough (module docstring)
        raise AssertionError("a value is not an integer over 36^tau")
    return q


def _to_float(a, S: float):
    f = np.zeros(a[0].shape)
    for i in range(len(a) - 1, -1, -1):
        f = f * float(1 << _BITS) + a[i]
    return f / S


def _to_objects(a) -> np.ndarray:
    out = np.zeros(a[0].shape, dtype=object)
    for i in range(len(a) - 1, -1, -1):
        out = (out << _BITS) + a[i].astype(object)
    return out


# ----------------------------------------------------------------------- table


@dataclass
class TwoSided(Result):
    """Exact two-sided tables over the positions ``keys`` (gnubg order for a full table).

    ``fields[name]`` is a limb stack ``(L, n, n)`` (roller x opponent) holding the integer
    :math:`36^{\\tau}(v + o)` with :math:`o = 0` for ``P`` (the cubeless win chance) and
    :math:`o = 1` for the no-double equities ``NO`` (roller owns), ``NC`` (centred), ``NT``
    (opponent owns)."""

    keys: tuple
    tau: int
    fields: dict
    seconds: float = 0.0
    method: str = ("exact two-sided DP by total pips; best play per cube state; "
                   "doubles screen, integers decide")
    evidence: str = "exact"
    source: str = "this module; recurrences as in gnubg makebearoff.c BearOff2"

    def __post_init__(self):
        self.index = {k: i for i, k in enumerate(self.keys)}

    @property
    def scale(self) -> int:
        return 36**self.tau

    @property
    def n(self) -> int:
        return len(self.keys)

    def value(self, name: str, i: int, j: int) -> mpq:
        """Exact value of field ``name`` at pair (i, j)."""
        a = self.fields[name]
        v = 0
        for lvl in range(a.shape[0] - 1, -1, -1):
            v = (v << _BITS) + int(a[lvl, i, j])
        return mpq(v, self.scale) - OFFSETS[name]

    def objects(self, name: str) -> np.ndarray:
        """Object array of the integers :math:`36^{\\tau} v` (signed) of field ``name``."""
        return _to_objects(self.fields[name]) - OFFSETS[name] * self.scale

    def entry(self, x, y) -> "Entry":
        """Exact values for roller ``x`` vs opponent ``y`` (counts on points 1..6)."""
        kx, ky = key_of(x), key_of(y)
        if kx not in self.index or ky not in self.index:
            raise BadInput("position not in this two-sided table")
        i, j = self.index[kx], self.index[ky]
        return Entry(tuple(x), tuple(y), self.value("P", i, j), self.value("NC", i, j),
                     self.value("NO", i, j), self.value("NT", i, j))


@dataclass(frozen=True)
class Entry:
    """Exact values of one pair: cubeless win chance and the no-double equities."""

    mine: tuple
    theirs: tuple
    win: mpq
    nd_centred: mpq
    nd_owned: mpq
    nd_theirs: mpq

    def no_double(self, cube) -> mpq:
        """The no-double equity for cube ``centred``/``mine``/``theirs`` (any spelling of
        :class:`exactcube.race.cubeful.Cube`)."""
        from ..cubeful import Cube

        c = Cube.parse(cube)
        return {Cube.CENTRED: self.nd_centred, Cube.MINE: self.nd_owned, Cube.THEIRS: self.nd_theirs}[c]

    def decision(self, cube, method: str = TwoSided.method, kind=None):
        """The roller's cube decision for cube ``cube`` (module docstring): a
        :class:`exactcube.race.cubeful.Decision` by :func:`exactcube.race.cubeful.decide`, the one
        rule of every cube decision; ``kind`` a Decision subclass naming further readings.  A side
        that has borne off ends the game: no double, at the no-double equity."""
        from ..cubeful import Decision, decide

        over = not any(self.mine) or not any(self.theirs)
        return decide(self.mine, self.theirs, cube, self.win, self.no_double(cube), None if over else self.nd_theirs,
                      method, kind=kind or Decision, over=over)

    def equity(self, cube) -> mpq:
        """Cubeful equity (after the roller's optimal cube decision) for cube
        ``centred``/``mine``/``theirs``."""
        return self.decision(cube).equity


def cube_action(e: Entry, cube: str) -> dict:
    """The fields of :meth:`Entry.decision` as a dict with the action as text: kept for the
    callers of earlier releases (CHANGELOG.md); use :meth:`Entry.decision`."""
    d = e.decision(cube)
    return {"no_double": d.no_double, "double_take": d.double_take, "double_pass": d.double_pass,
            "equity": d.equity, "action": d.action.value, "take": d.take, "tie_double": d.tie_double,
            "tie_take": d.tie_take}


def max_rolls(keys) -> dict:
    """Most rolls each position can take to bear off under *any* plays (a bound on the game
    length whatever the players choose): :math:`R(\\emptyset) = 0`,
    :math:`R(p) = 1 + \\max_r \\max_s R(s)`."""
    R = {0: 0}
    for k in sorted(keys, key=pips):
        if k:
            R[k] = 1 + max(R[s] for roll, _w in ROLLS for s in plays(k, roll))
    return R


def reachable(keys) -> tuple:
    """All positions reachable from ``keys`` (and the keys), sorted by pips then key: the
    positions :func:`build` solves when given ``keys``."""
    seen, stack = set(), list(keys)
    while stack:
        k = stack.pop()
        if k in seen:
            continue
        seen.add(k)
        if k:
            stack.extend(s for roll, _w in ROLLS for s in plays(k, roll))
    seen.add(0)
    return tuple(sorted(seen, key=lambda k: (pips(k), k)))


_closure = reachable  # the former private name


def _succ_tables(keys, index):
    """Per roll: (n, m) int array of successor indices, padded with the sentinel ``n``."""
    n = len(keys)
    out = []
    for roll, _w in ROLLS:
        lists = [[index[s] for s in plays(k, roll)] if k else [] for k in keys]
        m = max(len(lst) for lst in lists)
        arr = np.full((n, m), n, dtype=np.int64)
        for i, lst in enumerate(lists):
            arr[i, : len(lst)] = lst
        out.append(arr)
    return out


def _roll_mins(fields, x, y, succ, width: int):
    r"""For each field ``(F, A)`` (its doubles ``F``, flat over the pairs, and its limbs ``A``,
    ``(L, pairs)``; a pair (y, s) at ``y * width + s``): the limbs of
    :math:`\sum_r w_r \min_{s} A(y, s)` for the pairs ``(x, y)``.  The doubles pick the least
    candidate; candidates within the margin are compared exactly, limb by limb.  The candidates
    of a roll are gathered once for all the fields."""
    base = (y * width)[:, None]
    return mins_over(fields, [S[x] + base for S in succ])


def mins_over(fields, candidates):
    r"""The core of :func:`_roll_mins`, on any flat store: ``candidates[r]`` is the ``(B, m)``
    array of the flat indices of the candidates of roll ``r`` (:data:`ROLLS` order; padding
    points at an entry whose double is ``inf``); returns, per field, the carried limbs of
    :math:`\sum_r w_r \min` over them.  The chunked build (:mod:`.chunked`) calls it on the
    successors gathered from disk."""
    B = len(candidates[0])
    rows = np.arange(B)
    top = np.iinfo(np.int64).max
    totals = [np.zeros((A.shape[0], B), dtype=np.int64) for _F, A in fields]
    for ((_roll, w), flat) in zip(ROLLS, candidates, strict=True):
        for (F, A), total in zip(fields, totals, strict=True):
            fv = F.take(flat)
            k = fv.argmin(axis=1)
            close = fv <= (fv[rows, k] + _EPS)[:, None]
            near = np.flatnonzero(np.count_nonzero(close, axis=1) > 1)
            if len(near):
                cs, ok = flat[near], close[near]
                for lvl in range(A.shape[0] - 1, -1, -1):
                    v = A[lvl].take(cs)
                    m = np.where(ok, v, top).min(axis=1)
                    ok &= v == m[:, None]
                k[near] = np.argmax(ok, axis=1)
            chosen = A.take(flat[rows, k], axis=1)
            if w == 1:
                total += chosen
            else:
                total += chosen << 1
    return [_carry(t) for t in totals]


def values_of(mins, Sl, S2l):
    """The stored ``P, NC, NO, NT`` limbs of a batch of pairs from the four sums of minima of
    :func:`mins_over` (fields ``P, XC, XT, XO`` of the successors, in that order)."""
    p_new = _sub(Sl, _div36(mins[0]))
    nc, no, nt = (_sub(S2l, _div36(t)) for t in mins[1:])
    return p_new, nc, no, nt


def after_cube(nc, no, nt, Sl, S2l):
    r"""The stored equities after the roller's cube decision, ``XC = max(NC, D)`` and
    ``XO = max(NO, D)`` with :math:`D = \min(1, 2N_T)` (module docstring), from the stored
    no-double limbs."""
    two = _carry(2 * nt)  # 2 N_T + 2 (stored form of 2 N_T is two - S)
    below = _less(two, Sl)  # 2 N_T < -1: doubling is worse than any no-double value
    d = _where(below, np.zeros_like(two), _sub(np.where(below[None], Sl, two), Sl))
    d = _where(_less(S2l, d), np.broadcast_to(S2l, d.shape), d)  # min(2 N_T, 1) + 1
    return _where(_less(nc, d), d, nc), _where(_less(no, d), d, no)


def build(max_checkers: int = 6, progress=None, checkpoint: str | None = None, keys=None) -> TwoSided:
    """Solve all pairs of positions with up to ``max_checkers`` checkers (module docstring),
    or, with ``keys``, all pairs of the positions reachable from ``keys``.

    ``progress(done, total)`` (:mod:`exactcube.progress`) after each pip level, in levels.  With ``checkpoint`` the
    solved levels are saved there every few levels (atomically) and a later call resumes."""
    t0 = time.time()
    if keys is None:
        if not 1 <= max_checkers <= MAX_TABLE_CHECKERS:
            raise BadInput(f"full two-sided bearoff tables are built for 1 to {MAX_TABLE_CHECKERS} checkers a side")
        keys = positions(max_checkers)
    else:
        keys = reachable(keys)
    index = {k: i for i, k in enumerate(keys)}
    n = len(keys)
    R = max(max_rolls(keys).values())
    tau = max(2 * R - 1, 1)
    S = 36**tau
    L = (S.bit_length() + 1) // _BITS + 1  # room for 2S
    Sl, S2l = _limbs_of(S, L)[:, None], _limbs_of(2 * S, L)[:, None]
    succ = _succ_tables(keys, index)
    pip = np.array([pips(k) for k in keys])
    empty = index[0]

    # limb stacks (L, n, n+1): P, and the equities after the cube decision XC, XO, XT (+1)
    A = {name: np.zeros((L, n, n + 1), dtype=np.int64) for name in ("P", "XC", "XO", "XT")}
    # the stored fields: P and N_T are the limbs of P and X_T (views, no copy); N_C and N_O their own
    out = {"P": A["P"][:, :, :n], "NO": np.zeros((L, n, n), dtype=np.int64),
           "NC": np.zeros((L, n, n), dtype=np.int64), "NT": A["XT"][:, :, :n]}
    # roller already off: won (P = 1, equity +1 -> stored 2S); opponent off: lost (0, -1 -> 0)
    A["P"][:, empty, :] = Sl
    for name in ("XC", "XO", "XT"):
        A[name][:, empty, :] = S2l
    for a in A.values():
        a[:, np.arange(n) != empty, empty] = 0
    out["P"][:, empty, :] = Sl
    for name in ("NO", "NC", "NT"):
        out[name][:, empty, :] = S2l
    for a in out.values():
        a[:, np.arange(n) != empty, empty] = 0
    Fs = float(S)
    F = {name: np.full((n, n + 1), np.inf) for name in A}

    def refresh(rows=None, cols=None):
        for name, a in A.items():
            if rows is None:
                F[name][:, :n] = _to_float(a[:, :, :n], Fs)
            else:
                F[name][rows, cols] = _to_float(a[:, rows, cols], Fs)
        for name in A:
            F[name][:, n] = np.inf

    refresh()
    xs, ys = np.nonzero((pip[:, None] > 0) & (pip[None, :] > 0))
    level = pip[xs] + pip[ys]
    levels = sorted(set(level.tolist()))
    start = 0
    if checkpoint and os.path.exists(checkpoint):
        start = _load_checkpoint(checkpoint, keys, tau, A, out)
        refresh()
    every = 8 if n <= 1000 else 24  # a checkpoint of the 8-checker table holds 3.4 GB
    for li, Lv in enumerate(levels):
        if li < start:
            continue
        sel = level == Lv
        x, y = xs[sel], ys[sel]
        mins = _roll_mins([(F[k].reshape(-1), A[k].reshape(L, -1)) for k in ("P", "XC", "XT", "XO")],
                          x, y, succ, n + 1)
        p_new, nc, no, nt = values_of(mins, Sl, S2l)
        xc, xo = after_cube(nc, no, nt, Sl, S2l)
        A["P"][:, x, y] = p_new
        A["XC"][:, x, y] = xc
        A["XO"][:, x, y] = xo
        A["XT"][:, x, y] = nt
        out["NC"][:, x, y], out["NO"][:, x, y] = nc, no
        refresh(x, y)
        if progress is not None:
            progress(li + 1, len(levels))
        if checkpoint and (li + 1) % every == 0 and li + 1 < len(levels):
            _save_checkpoint(checkpoint, keys, tau, li + 1, A, out)
    if checkpoint and os.path.exists(checkpoint):
        os.unlink(checkpoint)
    return TwoSided(tuple(keys), tau, out, seconds=time.time() - t0)


def _save_checkpoint(path, keys, tau, done, A, out):
    """Save the solved levels, streamed through the one safe writer (no copy in memory: the
    eight-checker arrays take gigabytes)."""
    from ...output import open_output

    with open_output(path, "bearoff checkpoint", binary=True) as f:
        np.savez(f, keys=np.array(keys, dtype=np.int64), tau=tau, done=done,
                 **{f"A_{k}": v for k, v in A.items()}, **{f"O_{k}": v for k, v in out.items()})


def _load_checkpoint(path, keys, tau, A, out) -> int:
    with np.load(path, allow_pickle=False) as z:
        if int(z["tau"]) != tau or tuple(z["keys"].tolist()) != tuple(keys):
            raise BadInput(f"{path}: checkpoint is for another table")
        for k in A:
            A[k][:] = z[f"A_{k}"]
        for k in out:
            out[k][:] = z[f"O_{k}"]
        return int(z["done"])
