r"""One-sided bearoff, exactly: the distribution of the number of rolls to bear off.

For a position :math:`p` (:mod:`.positions`) let :math:`N_p` be the number of rolls the side
needs to bear off all its checkers when every roll is played to minimise the expected number
of rolls.  With the 21 rolls :math:`r` of weight :math:`w_r \in \{1, 2\}` over 36 and
:math:`s_r(p)` the chosen play,

.. math::

    E[N_p] = 1 + \frac{1}{36}\sum_r w_r\, E[N_{s_r(p)}], \qquad
    s_r(p) = \arg\min_{s \in \mathrm{plays}(p, r)} E[N_s], \qquad E[N_\emptyset] = 0,

and the distribution follows the same plays: with :math:`P(N_p = k) = a_k(p) / 36^k`,

.. math::

    a_0(\emptyset) = 1, \qquad a_{k+1}(p) = \sum_r w_r\, a_k(s_r(p)) \quad (p \ne \emptyset),

all integers, so every probability is an exact fraction over a power of 36 and every mean an
exact rational (gmpy2 ``mpq``).  This is the policy of GNU Backgammon's one-sided database
(makebearoff.c chooses the play with the least mean number of rolls).

**Gammon distribution** (a side with all 15 checkers on the board, none borne off).  Let
:math:`G_p` be the number of rolls until the side's *first* checker is off, every roll
played to minimise :math:`E[G]` (the "save the gammon" play, chosen separately from the
bear-off play, as gnubg's makebearoff.c does).  The same two recurrences hold with the
positions of fewer than 15 checkers as the end states: :math:`G = 0` there, so
:math:`a_0 = 1` for them, and :math:`a_{k+1}(p) = \sum_r w_r a_k(s^G_r(p))` for the
15-checker positions, :math:`s^G_r` the play least in :math:`E[G]`.  gnubg stores these as
a second list of 16-bit words per position (for positions with fewer than 15 checkers the
single word 65535 at roll 0).

**Tie-break.**  When several plays have exactly the same expected number of rolls the play
with the smallest gnubg index is taken.  Different plays with equal means can have different
distributions; :attr:`OneSided.ties` counts the (position, roll) pairs where that happens.

**gnubg's file** (``gnubg_os0.bd``, header ``gnubg-OS-06-15-1-1-0``, compressed, with gammon
distributions): a 40-byte header, then per position an 8-byte record (offset in 16-bit
words, number of stored roll probabilities and the first roll, the same two for the gammon
distribution), then the 16-bit words.  A word :math:`u` at roll :math:`k` stands for
:math:`P(N = k) \approx u / 65535`.  gnubg builds it in integers from its own 16-bit
values of the successors: per roll it takes the play with the least :math:`\sum_k k\,u_k`,
adds the successors' words, divides by 36 with rounding (``(x + 18) / 36``) and moves the
rounding surplus onto the most likely roll so that the words sum to 65535.
:func:`gnubg_replay` repeats that procedure on the file's own values, which lets every
entry that is off by more than half a quantum be explained (rounding carried through the
build, or a play gnubg chose differently from the exact optimum).

Reference: GNU Backgammon 1.07 (makebearoff.c ``BearOff``, bearoff.c ``GetDistCompressed``).
"""

from __future__ import annotations

import os
import struct
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import repeat
from math import comb

from ...errors import BadInput
from ...numbers import mpq
from ...results import Result
from .positions import (MAX_CHECKERS, POINTS, ROLLS, checkers, counts_of, die_moves, key_of, n_positions, plays,
                        positions)

__all__ = [
    "OneSided",
    "one_sided",
    "die_table",
    "Distribution",
    "distribution",
    "GNUBG_OS_PATHS",
    "find_gnubg_os",
    "read_gnubg_os",
    "gnubg_replay",
    "compare_with_gnubg",
    "OSComparison",
    "Deviation",
    "file_plays",
    "explain_play",
    "GammonOneSided",
    "gammon_table",
    "gammon_distribution",
    "compare_gammons_with_gnubg",
]

QUANTUM = 65535
# The build adds whole distributions as one integer: slot k (``_SLOT_BITS`` bits) holds a_k <= 36^k
# (a sum of 36 numerators of the previous roll), and 15 checkers need at most 32 rolls.
_SLOTS = 32
_SLOT_BITS = 168  # 36^32 < 2^166
_SLOT_MASK = (1 << _SLOT_BITS) - 1
_SLOT_BYTES = _SLOT_BITS // 8
#: The exact means are kept as the integers 36^32 E[N] (a_k / 36^k with k < 32).
_MEAN_SCALE = 36**_SLOTS
#: Float screen of :meth:`OneSided.build_by_pips`: far above the float error of a mean (< 4e-15).
_SCREEN = 1e-9
#: :meth:`OneSided.build` solves all positions at once (vectorised) when more than this many remain.
VECTOR_FROM = 3000


@dataclass(frozen=True)
class Distribution(Result):
    """Exact distribution of the number of rolls to bear off one position.

    ``numerators[k] / 36**k`` is :math:`P(N = k)`; ``mean`` is :math:`E[N]` (exact)."""

    counts: tuple[int, ...]
    numerators: tuple[int, ...]
    mean: mpq
    method: str = "exact one-sided DP over all plays, least expected rolls, ties -> smallest gnubg index"
    evidence: str = "exact"
    source: str = "gnubg one-sided policy (makebearoff.c); this module"

    def probability(self, k: int) -> mpq:
        """:math:`P(N = k)` as an exact rational."""
        if k < 0 or k >= len(self.numerators):
            return mpq(0)
        return mpq(self.numerators[k], 36**k)

    @property
    def probabilities(self) -> list[mpq]:
        return [self.probability(k) for k in range(len(self.numerators))]


@dataclass
class OneSided:
    """The exact one-sided database for up to ``max_checkers`` checkers (built lazily in index
    order; :meth:`build` fills all of it)."""

    max_checkers: int = MAX_CHECKERS
    keys: tuple[int, ...] = field(init=False)
    index: dict = field(init=False)
    num: list = field(init=False)  # per index: tuple of a_k
    mean: list = field(init=False)  # per index: mpq
    choice: list = field(init=False)  # per index: tuple of 21 chosen successor indices
    ties: int = 0
    built_upto: int = 0

    def __post_init__(self):
        self.keys = positions(self.max_checkers)
        self.index = {k: i for i, k in enumerate(self.keys)}
        n = len(self.keys)
        self.num = [None] * n
        self.mean = [None] * n
        self.choice = [None] * n
        self.num[0] = (1,)
        self.mean[0] = mpq(0)
        self.choice[0] = ()
        self.built_upto = 1
        self._memo = [[{} for _ in range(7)] for _ in range(3)]  # [moves - 1][die][key]
        self._packed = [None] * n  # per index: sum_k a_k 2^(k * _SLOT_BITS)
        self._packed[0] = 1

    def _pick(self, results):
        """The best of candidate (index, tie) results: least mean, then smallest index; ``tie``
        says whether the plays reaching the least mean include two different distributions."""
        if len(results) == 1:
            return results[0]
        mean, num = self.mean, self.num
        b, bt = results[0]
        for j, t in results[1:]:
            if j == b:
                bt = bt or t
                continue
            mj, mb = mean[j], mean[b]
            if mj < mb:
                b, bt = j, t
            elif mj == mb:
                tie = bt or t or num[j] != num[b]
                b, bt = (j if j < b else b), tie
        return b, bt

    def _after(self, key: int, d: int, m: int):
        """Best final position (index, tie) after ``m`` more moves of the die ``d`` from ``key``:
        the least mean over the plays' final positions, taken as a nested minimum (each single
        move lowers the index, so every position met is already solved)."""
        memo = self._memo[m - 1][d]
        hit = memo.get(key)
        if hit is None:
            if m == 1:
                res = [(self.index[s], False) for s in die_moves(key, d)]
            else:
                res = [self._after(s, d, m - 1) for s in die_moves(key, d)]
            hit = memo[key] = self._pick(res)
        return hit

    def _solve(self, i: int) -> None:
        """One position: the recurrences of the module docstring (successors already solved).

        The best play of a roll is the least (mean, index) over its final positions, found as a
        nested minimum over the first die's moves (:meth:`_after`) rather than over the list of
        plays: the same minimum over the same set, since every final position of a roll is a
        final position of one of its first moves."""
        key = self.keys[i]
        weight: dict[int, int] = {}
        chosen = []
        pick, m1 = self._pick, self._memo[0]
        moves = [()] + [die_moves(key, d) for d in range(1, 7)]
        for d in range(1, 7):  # the other die's best single move from every first move of d
            for s in moves[d]:
                for e in range(1, 7):
                    if e != d and s not in m1[e]:
                        self._after(s, e, 1)
        for (a, b), w in ROLLS:
            if a == b:
                best, tie = pick([self._after(s, a, 3) for s in moves[a]])
            else:
                ma, mb = m1[b], m1[a]
                best, tie = pick([ma[s] for s in moves[a]] + [mb[s] for s in moves[b]])
            self.ties += tie
            chosen.append(best)
            weight[best] = weight.get(best, 0) + w
        # rolls that choose the same play are added once, with their summed weight; the
        # numerators are added as one packed integer (slot k holds a_k; no slot overflows)
        mean, packed = self.mean, self._packed
        total = mpq(0)
        acc = 0
        size = 0
        for best, w in weight.items():
            total += w * mean[best]
            acc += w * packed[best]
            size = max(size, len(self.num[best]))
        if size >= _SLOTS:  # pragma: no cover - 15 checkers need at most 32 rolls
            raise AssertionError("more rolls than the packed slots hold")
        mean[i] = 1 + total / 36
        packed[i] = acc << _SLOT_BITS
        self.num[i] = (0, *((acc >> (_SLOT_BITS * k)) & _SLOT_MASK for k in range(size)))
        self.choice[i] = tuple(chosen)

    def build(self, upto: int | None = None, progress=None) -> "OneSided":
        """Solve every position with index below ``upto`` (all by default): in index order by
        :meth:`_solve`, or, when more than :data:`VECTOR_FROM` positions remain, all of them at
        once by :meth:`build_by_pips` (the same values, choices and tie count)."""
        upto = len(self.keys) if upto is None else upto
        if upto - self.built_upto > VECTOR_FROM:
            return self.build_by_pips(progress)
        for i in range(self.built_upto, upto):
            if self.num[i] is None:
                self._solve(i)
            if progress is not None and i % 1000 == 0:
                progress(i)
        self.built_upto = max(self.built_upto, upto)
        return self

    def build_by_pips(self, progress=None) -> "OneSided":
        """Solve every position, the positions of one pip count at a time (every play lowers the
        pip count), vectorised over them with numpy: the recurrences of the module docstring and
        the plays of :meth:`_solve` (the best play of a roll as a nested minimum over the first
        die's moves), with the same values, choices and tie count as solving in index order.

        The minima are exact: a candidate is dropped only when its float mean exceeds the least
        float mean by more than :data:`_SCREEN` (each float is the exact mean rounded once,
        within :math:`32 \\cdot 2^{-53}` of it), and the candidates left are compared by their
        exact means :math:`36^{32} E[N]` (integers), ties broken by the smallest index.  The
        distributions are added as packed integers as in :meth:`_solve`; ``progress(i)`` is
        called after each pip count with the number of positions gone through."""
        import numpy as np

        n = len(self.keys)
        dm, pip, size = die_table(self.max_checkers)

        packed, B = self._packed, _MEAN_SCALE
        exact = [0] * n  # 36^32 E[N] for the solved positions
        fmean = np.zeros(n)
        todo = np.array([c is None for c in self.choice])
        for i in np.flatnonzero(~todo).tolist():
            exact[i] = int(self.mean[i] * B)
            fmean[i] = exact[i] / B

        # positions with the same distribution (so the same mean) share a class number
        klass = np.arange(n)
        kinds: dict[int, int] = {}
        for i in np.flatnonzero(~todo).tolist():
            klass[i] = kinds.setdefault(packed[i], i)

        def pick(cand, flags):
            """Least (exact mean, index) in each column of candidate indices, and its tie flag
            (as :meth:`_pick`; ``flags`` the candidates' own tie flags, None for none)."""
            fm = fmean[cand]
            near = fm <= fm.min(axis=0) + _SCREEN
            best = np.where(near, cand, n).min(axis=0)
            if flags is None:
                flags = np.zeros(cand.shape, dtype=bool)
            tie = (near & flags).any(axis=0)
            # columns whose screened candidates are not all of one distribution are decided exactly
            for r in np.flatnonzero((near & (klass[cand] != klass[best])).any(axis=0)).tolist():
                ent = [(j, f) for j, f, ok in zip(cand[:, r].tolist(), flags[:, r].tolist(), near[:, r].tolist()) if ok]
                low = min(exact[j] for j, _f in ent)
                ent = [(j, f) for j, f in ent if exact[j] == low]
                best[r] = min(j for j, _f in ent)
                tie[r] = any(f for _j, f in ent) or len({packed[j] for j, _f in ent}) > 1
            return best, tie

        def columns(c):  # (die or roll, move, position) -> (move, (die or roll, position))
            return c.transpose(1, 0, 2).reshape(c.shape[1], -1)

        after = np.zeros((4, 7, n), dtype=dm.dtype)  # [m][d][i]: best position after m moves of d
        atie = np.zeros((4, 7, n), dtype=bool)
        dice = np.arange(1, 7)[:, None, None]
        pairs = [(a, b) for a in range(1, 7) for b in range(1, a)]
        hi, lo = (np.array(v)[:, None, None] for v in zip(*pairs))
        slot = {roll: r for r, (roll, _w) in enumerate(ROLLS)}
        doubles, twos = [slot[(d, d)] for d in range(1, 7)], [slot[p] for p in pairs]
        # a roll's nested minimum looks at most three moves below the positions to solve, so the
        # positions with fewer checkers than that (the gammon table's end states) are left out
        live = size >= size[todo].min(initial=self.max_checkers) - 3
        order = np.flatnonzero(live)[np.argsort(pip[live], kind="stable")]
        ends = np.searchsorted(pip[order], np.arange(pip.max() + 2))
        ties, done = 0, 0
        exact_of, packed_of = exact.__getitem__, packed.__getitem__
        same = list(range(n)).__getitem__  # one int object per index in the choice tuples
        for level in range(1, int(pip.max()) + 1):
            rows = order[ends[level]: ends[level + 1]]
            m = len(rows)
            if not m:
                continue
            s = dm[1:, :, rows]  # (die, move, position)
            best, _tie = pick(columns(s), None)
            after[1][1:, rows] = best.reshape(6, m)
            for k in (2, 3, 4):
                best, tie = pick(columns(after[k - 1][dice, s]), columns(atie[k - 1][dice, s]))
                best, tie = best.reshape(6, m), tie.reshape(6, m)
                if k < 4:
                    after[k][1:, rows] = best
                    atie[k][1:, rows] = tie
            choice = np.zeros((len(ROLLS), m), dtype=dm.dtype)
            ctie = np.zeros((len(ROLLS), m), dtype=bool)
            choice[doubles], ctie[doubles] = best, tie
            first, second = dm[hi, np.arange(POINTS)[:, None], rows], dm[lo, np.arange(POINTS)[:, None], rows]
            best, tie = pick(columns(np.concatenate([after[1][lo, first], after[1][hi, second]], axis=1)),
                             columns(np.concatenate([atie[1][lo, first], atie[1][hi, second]], axis=1)))
            choice[twos], ctie[twos] = best.reshape(len(pairs), m), tie.reshape(len(pairs), m)
            mine = todo[rows]
            ties += int(ctie[:, mine].sum())
            # the 36 dice outcomes (a roll of weight 2 listed twice) added one by one
            twice = np.concatenate([choice, choice[twos]])[:, mine].T.tolist()
            solved = rows[mine].tolist()
            for i, row, many in zip(solved, choice[:, mine].T.tolist(), twice):
                exact[i] = B + sum(map(exact_of, many)) // 36
                packed[i] = sum(map(packed_of, many)) << _SLOT_BITS
                klass[i] = kinds.setdefault(packed[i], i)
                self.choice[i] = tuple(map(same, row))
            fmean[solved] = [exact[i] / B for i in solved]
            done += m
            if progress is not None:
                progress(done)
        # unpack the numerators: every slot of a block of solved positions as 21 bytes, read at once
        solved = np.flatnonzero(todo).tolist()
        for start in range(0, len(solved), 4096):
            block = solved[start: start + 4096]
            sizes = [-(-packed[i].bit_length() // _SLOT_BITS) - 1 for i in block]
            if max(sizes) >= _SLOTS:  # pragma: no cover - 15 checkers need at most 32 rolls
                raise AssertionError("more rolls than the packed slots hold")
            raw = b"".join([(packed[i] >> _SLOT_BITS).to_bytes(k * _SLOT_BYTES, "little")
                            for i, k in zip(block, sizes)])
            values = list(map(int.from_bytes, np.frombuffer(raw, dtype=f"V{_SLOT_BYTES}").tolist(), repeat("little")))
            at = 0
            for i, k in zip(block, sizes):
                self.num[i] = (0, *values[at: at + k])
                self.mean[i] = mpq(exact[i], B)
                at += k
        self.ties += ties
        self.built_upto = n
        return self

    def solve_from(self, key: int) -> int:
        """Solve just the positions reachable from ``key`` (in index order; all positions by
        :meth:`build_by_pips` when more than :data:`VECTOR_FROM` are unsolved); returns its index."""
        todo, stack = set(), [key]
        while stack:
            k = stack.pop()
            i = self.index[k]
            if i in todo or self.num[i] is not None:
                continue
            todo.add(i)
            if len(todo) > VECTOR_FROM:
                self.build_by_pips()
                return self.index[key]
            stack.extend(s for roll, _w in ROLLS for s in plays(k, roll))
        for i in sorted(todo):
            self._solve(i)
        return self.index[key]

    def distribution(self, counts) -> Distribution:
        """Exact distribution of the number of rolls for ``counts`` (points 1..6)."""
        key = key_of(counts)
        if key not in self.index:
            raise BadInput(f"{tuple(counts)} has more than {self.max_checkers} checkers")
        i = self.solve_from(key)
        return Distribution(tuple(int(c) for c in counts), self.num[i], self.mean[i])


@lru_cache(maxsize=2)
def die_table(max_checkers: int):
    """``(dm, pip, size)`` for the positions of up to ``max_checkers`` checkers, in gnubg's index
    order (numpy arrays): ``dm[d][t][i]`` the positions after one move of the die ``d`` from
    ``i`` (:func:`.positions.die_moves`, t = 0..5, padded with the first of them), ``pip[i]``
    and ``size[i]`` the pip count and the number of checkers.  Successors are indexed by
    gnubg's formula (:mod:`.positions`): :math:`\\sum_m \\binom{j_m}{6-m}`."""
    import numpy as np

    n = n_positions(max_checkers)
    key = np.array(positions(max_checkers), dtype=np.int64)
    cnt = np.stack([(key >> (4 * p)) & 15 for p in range(POINTS)], axis=1)
    top = np.where(cnt > 0, np.arange(1, POINTS + 1), 0).max(axis=1)
    ct = np.array([[comb(j, r) for r in range(POINTS + 1)] for j in range(max_checkers + POINTS + 1)],
                  dtype=np.int64)

    def index_of(c):
        j = POINTS - 1 + c.sum(axis=1)
        idx = ct[j, POINTS].copy()
        for m in range(POINTS - 1):
            j = j - c[:, m] - 1
            idx += ct[j, POINTS - 1 - m]
        return idx

    dm = np.zeros((7, POINTS, n), dtype=np.int32)
    for d in range(1, 7):
        valid, succ = [], []
        for p in range(1, POINTS + 1):
            v = cnt[:, p - 1] > 0
            c = cnt.copy()
            c[:, p - 1] -= 1
            if p > d:
                c[:, p - 1 - d] += 1
            else:  # bear off: exactly, or with a larger die from the highest point
                v &= (p == d) | (top == p)
            c[~v] = 0
            valid.append(v)
            succ.append(index_of(c))
        valid, succ = np.stack(valid), np.stack(succ)
        first = succ[valid.argmax(axis=0), np.arange(n)]
        dm[d] = np.where(valid, succ, first)
    return dm, cnt @ np.arange(1, POINTS + 1), cnt.sum(axis=1)


_TABLES: dict[int, OneSided] = {}


def one_sided(max_checkers: int = MAX_CHECKERS) -> OneSided:
    """The shared (lazily built) exact table for up to ``max_checkers`` checkers."""
    t = _TABLES.get(max_checkers)
    if t is None:
        t = _TABLES[max_checkers] = OneSided(max_checkers)
    return t


def distribution(counts) -> Distribution:
    """Exact distribution of the number of rolls to bear off ``counts`` (module docstring).

    Uses the smallest table that holds the position (positions of up to 6 checkers use the
    924-entry table, the same values as in the 15-checker table)."""
    n = sum(int(c) for c in counts)
    return one_sided(6 if n <= 6 else MAX_CHECKERS).distribution(counts)


class GammonOneSided(OneSided):
    """The exact gammon distributions (module docstring): rolls until the first checker is
    off, for positions with all 15 checkers on the board; positions with fewer checkers are
    end states (:math:`G = 0`).  Same index, build order and tie-break as :class:`OneSided`."""

    def __init__(self):
        super().__init__(MAX_CHECKERS)

    def __post_init__(self):
        super().__post_init__()
        for i, k in enumerate(self.keys):
            if checkers(k) < MAX_CHECKERS:
                self.num[i], self.mean[i], self.choice[i] = (1,), mpq(0), ()
                self._packed[i] = 1  # the packed numerators of (1,) (OneSided._solve adds them)

    def distribution(self, counts) -> Distribution:
        """Exact distribution of the number of rolls until the first checker of ``counts``
        is off (:math:`P(G = 0) = 1` when a checker is already off, i.e. fewer than 15)."""
        d = super().distribution(counts)
        return Distribution(d.counts, d.numerators, d.mean, method=GAMMON_METHOD)


GAMMON_METHOD = ("exact one-sided DP: rolls until the first checker is off, each roll played "
                 "for least expected such rolls (gnubg's gammon policy); ties -> smallest gnubg index")

_GAMMON: list = []


def gammon_table() -> GammonOneSided:
    """The shared (lazily built) exact gammon table."""
    if not _GAMMON:
        _GAMMON.append(GammonOneSided())
    return _GAMMON[0]


def gammon_distribution(counts) -> Distribution:
    """Exact gammon distribution of ``counts`` (module docstring, "Gammon distribution")."""
    return gammon_table().distribution(counts)


# --------------------------------------------------------------------------- gnubg's file

GNUBG_OS_PATHS = ("/usr/share/gnubg/gnubg_os0.bd", "/usr/local/share/gnubg/gnubg_os0.bd")


def find_gnubg_os() -> str | None:
    """Path of gnubg's one-sided database (``$EXACTCUBE_GNUBG_OS`` or the Debian location)."""
    cands = [os.environ.get("EXACTCUBE_GNUBG_OS")] + list(GNUBG_OS_PATHS)
    for p in cands:
        if p and os.path.isfile(p):
            return p
    return None


def read_gnubg_os(path: str, gammon: bool = False) -> list[tuple[int, ...]]:
    """Read gnubg's compressed one-sided file (layout in the module docstring): per gnubg
    index, the 32 words :math:`u_0..u_{31}` of the bear-off distribution, or with ``gammon``
    those of the gammon distribution (stored right after the bear-off words)."""
    with open(path, "rb") as f:
        data = f.read()
    head = data[:40].decode("ascii", "replace")
    if not head.startswith("gnubg-OS-"):
        raise BadInput(f"{path}: not a gnubg one-sided bearoff file (header {head[:20]!r})")
    n_points, n_checkers = int(head[9:11]), int(head[12:14])
    gammon_in, compressed, nd = int(head[15]), int(head[17]), int(head[19])
    if (n_points, n_checkers) != (6, 15) or not compressed or nd or (gammon and not gammon_in):
        raise BadInput(f"{path}: expected a compressed 6-point 15-checker file, header {head[:20]!r}")
    from math import comb

    n = comb(21, 6)
    rec = 8 if gammon_in else 6
    base = 40 + n * rec
    out = []
    for i in range(n):
        r = data[40 + rec * i: 40 + rec * (i + 1)]
        off = struct.unpack_from("<I", r)[0]
        nz, ioff = r[4], r[5]
        if gammon:
            off, nz, ioff = off + nz, r[6], r[7]
        words = struct.unpack_from(f"<{nz}H", data, base + 2 * off)
        u = [0] * 32
        u[ioff: ioff + nz] = words
        out.append(tuple(u))
    return out


def _replay_words(table: OneSided, stored, key: int, choice) -> tuple[int, ...]:
    """gnubg's integer step (module docstring) at ``key`` with successor ``choice[r]`` for roll r."""
    acc = [0] * 33
    for (roll, w), j in zip(ROLLS, choice):
        u = stored[j]
        for k in range(31):
            acc[k + 1] += w * u[k]
    out = [(acc[k] + 18) // 36 for k in range(32)]
    mode = max(range(32), key=lambda k: (out[k], -k))
    out[mode] -= sum(out) - QUANTUM
    return tuple(out)


def gnubg_replay(table: OneSided, stored: list[tuple[int, ...]], i: int, means=None):
    """Redo gnubg's integer step for position ``i`` from the stored successors (module
    docstring): returns (words, plays) where ``plays[r]`` is the list of successor indices
    gnubg's rule (least :math:`\\sum_k k u_k`) cannot tell apart for roll ``r`` and ``words`` the
    entry it gives when the first of each list is taken; ``None`` words if such a tie has
    successors with different stored words (then the file's own choice is ambiguous).  ``means``
    (optional): the precomputed :math:`\\sum_k k u_k` of every stored entry, the same numbers faster."""
    key = table.keys[i]
    picks = []
    ambiguous = False
    for roll, w in ROLLS:
        best_v, best = None, []
        for s in plays(key, roll):
            j = table.index[s]
            v = means[j] if means is not None else sum(k * u_k for k, u_k in enumerate(stored[j]))
            if best_v is None or v < best_v:
                best_v, best = v, [j]
            elif v == best_v:
                best.append(j)
        if len({stored[j] for j in best}) > 1:
            ambiguous = True
        picks.append(best)
    words = _replay_words(table, stored, key, [p[0] for p in picks])
    return (None if ambiguous else words), picks


#: Most combinations of tied plays :func:`file_plays` tries at one position.
MAX_TIE_COMBINATIONS = 4096


def file_plays(table: OneSided, stored, i: int, replay=None):
    """The plays gnubg's file can have taken at position ``i``: per roll, the successors
    among gnubg's tied candidates (:func:`gnubg_replay`) that appear in some choice whose
    replayed integer step reproduces the stored words of ``i`` exactly.  Where the tied
    candidates' words differ, the stored entry itself tells which one gnubg took (e.g.
    ``0 5 2 2 0 2`` with 2-1: only the worse play ``0 4 2 2 1 1`` reproduces the file).
    Returns ``(plays, resolved)``: ``resolved`` is False, and ``plays`` the unnarrowed
    candidates, when no choice reproduces the file or there are more than
    :data:`MAX_TIE_COMBINATIONS` choices to try.  ``replay``: :func:`gnubg_replay`'s result for ``i``
    when already computed."""
    from itertools import product

    words, picks = replay if replay is not None else gnubg_replay(table, stored, i)
    if words is not None:
        return picks, words == tuple(stored[i])
    # one representative per distinct stored word vector: successors with equal words are
    # interchangeable for the replay
    groups = []
    for cands in picks:
        g: dict = {}
        for j in cands:
            g.setdefault(stored[j], []).append(j)
        groups.append(list(g.values()))
    n = 1
    for g in groups:
        n *= len(g)
    if n > MAX_TIE_COMBINATIONS:
        return picks, False
    target = tuple(stored[i])
    ok: list[set] = [set() for _ in picks]
    for combo in product(*groups):
        if _replay_words(table, stored, table.keys[i], [c[0] for c in combo]) == target:
            for r, c in enumerate(combo):
                ok[r].update(c)
    if not any(ok):
        return picks, False
    return [sorted(s) for s in ok], True


@dataclass(frozen=True)
class Deviation:
    """A position of gnubg's file with a word off by more than half a quantum (:func:`compare_with_gnubg`):
    its gnubg index, its worst word ``word`` (at ``rolls`` rolls) against the exact probability ``exact``,
    how many of its words are off by more than half a quantum, the cause (``"rounding"``, ``"gnubg play"``
    or ``"play below"``), ``origin`` (the smallest gnubg index with a worse play of the file at or below the
    position along the file's plays, None for ``"rounding"``) and ``reproduced`` (gnubg's integer step,
    replayed on the stored successors with the plays the file can have taken, gives the stored words)."""

    index: int
    counts: tuple
    rolls: int
    word: int
    exact: mpq
    words_off: int
    cause: str
    origin: int | None
    reproduced: bool


@dataclass
class OSComparison(Result):
    """Every stored word of gnubg's one-sided file against the exact probability."""

    entries: int = 0
    max_dev: mpq = field(default_factory=lambda: mpq(0))  # in units of 1/65535
    max_at: tuple = ()
    beyond: int = 0  # words off by more than half a quantum
    positions_beyond: int = 0
    causes: dict = field(default_factory=dict)  # cause -> number of positions
    replay_matches: int = 0
    replay_checked: int = 0
    ties_resolved: int = 0  # positions with tied gnubg candidates whose file words fix the play
    own_play_examples: list = field(default_factory=list)
    #: One :class:`Deviation` per position with a word off by more than half a quantum, in index order.
    deviations: list = field(default_factory=list)
    method: str = "exact one-sided DP vs gnubg_os0.bd word by word; gnubg's integer step replayed"
    evidence: str = "exact"
    source: str = "gnubg 1.07 gnubg_os0.bd"


def compare_with_gnubg(table: OneSided, stored, indices=None, examples: int = 5) -> OSComparison:
    """Compare the exact table with gnubg's words for the given indices (all by default).

    Deviation of a word :math:`u_k` = :math:`|u_k - 65535\\,P(N = k)|` in quanta (exact).  A
    position with a word off by more than 1/2 is classified by its cause:

    * ``"gnubg play"``: for some roll every play the file can have taken at the position
      (:func:`file_plays`: gnubg's tied candidates narrowed to those whose replay reproduces
      the stored words) has a larger exact mean number of rolls than the optimum's (gnubg's
      rounded means mislead it here);
    * ``"play below"``: no such roll here, but one below along the plays the file can have
      taken;
    * ``"rounding"``: gnubg plays exactly optimally in the whole subtree, the error is the
      16-bit rounding carried up through the build.

    The replay (:func:`gnubg_replay`) is also checked to reproduce the stored words exactly.  Each
    such position is recorded as a :class:`Deviation` (``res.deviations``)."""
    idx = range(1, len(table.keys)) if indices is None else indices
    idx = sorted(set(idx))
    table.build(max(idx) + 1 if idx else 1)
    res = OSComparison()
    means = [sum(k * u_k for k, u_k in enumerate(u)) for u in stored]  # gnubg's rule: least sum_k k u_k
    replay: dict[int, tuple] = {}
    fplays: dict[int, list] = {}
    own_cache: dict[int, bool] = {0: False}
    sub_cache: dict[int, int | None] = {0: None}

    def rep(i):
        if i not in replay:
            replay[i] = gnubg_replay(table, stored, i, means)
        return replay[i]

    def fp(i):
        if i not in fplays:
            fplays[i] = file_plays(table, stored, i, rep(i))
        return fplays[i][0]

    def own(i):
        """Does the file prove a strictly worse play (exact means) for some roll at i?"""
        if i not in own_cache and not table.choice[i]:  # an end state (gammon table)
            own_cache[i] = False
        if i not in own_cache:
            own_cache[i] = any(all(table.mean[j] > table.mean[table.choice[i][r]] for j in cands)
                               for r, cands in enumerate(fp(i)))
        return own_cache[i]

    def below(i):
        """The smallest index with a worse gnubg play strictly below i along the file's plays, or None."""
        if i not in sub_cache and not table.choice[i]:
            sub_cache[i] = None
        if i not in sub_cache:
            succ = sorted({j for cands in fp(i) for j in cands})
            for j in succ:
                below(j)
            found = [j for j in succ if own(j)] + [sub_cache[j] for j in succ if sub_cache[j] is not None]
            sub_cache[i] = min(found) if found else None
        return sub_cache[i]

    pow36 = [36**k for k in range(32)]
    for i in idx:
        a = table.num[i]
        u = stored[i]
        # |u_k - 65535 a_k / 36^k| = x / 36^k with x an integer: compared in integers, exactly
        worst_x, worst_k, off = 0, 0, 0
        for k in range(32):
            den = pow36[k]
            x = abs(u[k] * den - QUANTUM * (a[k] if k < len(a) else 0))
            if 2 * x > den:
                off += 1
            if x * pow36[worst_k] > worst_x * den:
                worst_x, worst_k = x, k
        res.entries += 32
        res.beyond += off
        worst_here = mpq(worst_x, pow36[worst_k])
        if worst_here > res.max_dev:
            res.max_dev, res.max_at = worst_here, (counts_of(table.keys[i]), worst_k)
        words = rep(i)[0]
        if words is not None:
            res.replay_checked += 1
            reproduced = words == tuple(u)
            res.replay_matches += reproduced
        else:
            fp(i)
            reproduced = fplays[i][1]
            res.ties_resolved += reproduced
        if off:
            res.positions_beyond += 1
            origin = i if own(i) else below(i)
            cause = "rounding" if origin is None else ("gnubg play" if origin == i else "play below")
            res.causes[cause] = res.causes.get(cause, 0) + 1
            if cause == "gnubg play" and len(res.own_play_examples) < examples:
                res.own_play_examples.append(explain_play(table, stored, i))
            k = worst_k
            res.deviations.append(Deviation(i, counts_of(table.keys[i]), k, u[k],
                                            mpq(a[k], pow36[k]) if k < len(a) else mpq(0), off, cause, origin,
                                            bool(reproduced)))
    return res


def explain_play(table: OneSided, stored, i: int) -> dict:
    """For position ``i``: the first roll where the file's play (:func:`file_plays`) is worse,
    with both plays' exact mean numbers of rolls and gnubg's 16-bit means."""
    picks = file_plays(table, stored, i)[0]
    for r, cands in enumerate(picks):
        best = table.choice[i][r]
        if all(table.mean[j] > table.mean[best] for j in cands):
            g = cands[0]

            def gmean(j):
                return mpq(sum(k * stored[j][k] for k in range(32)), QUANTUM)

            return {
                "position": counts_of(table.keys[i]),
                "roll": ROLLS[r][0],
                "exact_play": counts_of(table.keys[best]),
                "exact_play_mean": table.mean[best],
                "gnubg_play": counts_of(table.keys[g]),
                "gnubg_play_mean": table.mean[g],
                "gnubg_words_mean": (gmean(best), gmean(g)),
            }
    return {"position": counts_of(table.keys[i])}


def compare_gammons_with_gnubg(stored_gammon, indices=None, examples: int = 5) -> OSComparison:
    """Every gammon word of gnubg's file against the exact gammon distribution
    (:class:`GammonOneSided`), for the positions with 15 checkers (all of them by default,
    15,504): the same deviations, replay and cause labels as :func:`compare_with_gnubg`,
    gnubg's gammon step being its bear-off step on the gammon words."""
    table = gammon_table()
    if indices is None:
        indices = [i for i, k in enumerate(table.keys) if checkers(k) == MAX_CHECKERS]
    res = compare_with_gnubg(table, stored_gammon, indices, examples)
    res.method = "exact gammon DP vs gnubg_os0.bd gammon words; gnubg's integer step replayed"
    return res
