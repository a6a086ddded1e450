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

gnubg's own file of these distributions (16-bit words) is read and compared in :mod:`.gnubgfiles`.

Reference: GNU Backgammon 1.07 (makebearoff.c ``BearOff``, bearoff.c ``GetDistCompressed``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from math import comb

from ...errors import BadInput
from ...numbers import mpq
from ...results import Result
from .positions import (MAX_CHECKERS, POINTS, ROLLS, checkers, die_moves, key_of, n_positions, plays,
                        positions)

__all__ = [
    "OneSided",
    "one_sided",
    "die_table",
    "Distribution",
    "distribution",
    "GammonOneSided",
    "gammon_table",
    "gammon_distribution",
]

# The build adds whole distributions as one integer, sum_k a_k 2^(k * SLOT_BITS): adding two such
# integers adds the distributions slot by slot, and shifting by one slot is the step k -> k + 1 of the
# recurrence.  15 checkers need at most 32 rolls.  A slot is narrower than the a-priori bound
# a_k <= 36^k (166 bits at k = 31): the largest numerator of the 15-checker tables (one-sided and
# gammon) has 82 bits, so 84 bits hold every slot and halve the memory of the build.  The packed
# integer is exact whatever the width (a sum of integers); only reading the slots back needs every
# a_k < 2^SLOT_BITS, and :func:`unpack` checks that on every read (a carry out of a slot breaks
# sum_k a_k / 36^k = 1, so it cannot pass unnoticed).
_SLOTS = 32
SLOT_BITS = 84
_SLOT_MASK = (1 << SLOT_BITS) - 1
#: The exact means are kept as the integers 36^32 E[N] (a_k / 36^k with k < 32).
_MEAN_SCALE = 36**_SLOTS
#: Float screen of :meth:`OneSided.build_by_pips`: far above the float error of a mean (< 4e-15).
_SCREEN = 1e-9
#: Columns of candidates :meth:`OneSided.build_by_pips` screens at a time (bounds its working memory).
_CHUNK = 4096
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

    @property
    def rolls(self) -> dict[int, mpq]:
        """:math:`P(N = k)` for the k where it is not 0."""
        return {k: p for k, p in enumerate(self.probabilities) if p}

    def as_dict(self) -> dict:
        """The fields (:meth:`exactcube.results.Result.as_dict`) and :attr:`rolls`."""
        from ...results import jsonable

        return {**super().as_dict(), "rolls": jsonable(self.rolls)}


def unpack(p: int) -> tuple[int, ...]:
    r"""The numerators :math:`(a_0, \dots, a_K)` packed in ``p`` (one :data:`SLOT_BITS`-bit slot each),
    checked: :math:`\sum_k a_k 36^{K-k} = 36^K` (the probabilities sum to 1).  A numerator too wide for
    its slot would have carried into the next one, and a carry of :math:`c > 0` out of slot :math:`k`
    lowers that sum by :math:`c\,36^{K-k-1}(36 \cdot 2^w - 1) > 0` (:math:`w` the slot width), so the check
    fails exactly then."""
    num = tuple((p >> (SLOT_BITS * k)) & _SLOT_MASK for k in range(-(-p.bit_length() // SLOT_BITS)))
    total = 0
    for a in num:
        total = 36 * total + a
    if total != 36 ** (len(num) - 1):  # pragma: no cover - every numerator of the tables fits its slot
        raise AssertionError("a numerator overflowed its packed slot (the probabilities do not sum to 1)")
    return num


class _Column:
    """A read-only list-like view of one per-position column of a table (``get(i)`` gives entry ``i``)."""

    def __init__(self, get, n: int):
        self._get, self._n = get, n

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self._get(j) for j in range(*i.indices(self._n))]
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError(i)
        return self._get(i)

    def __iter__(self):
        return map(self._get, range(self._n))

    def __eq__(self, other) -> bool:
        return list(self) == list(other)

    __hash__ = None


@lru_cache(maxsize=2)
def _index_of(max_checkers: int) -> dict:
    """gnubg's index of every key with at most ``max_checkers`` checkers (shared by the tables)."""
    return {k: i for i, k in enumerate(positions(max_checkers))}


@dataclass
class OneSided:
    """The exact one-sided database for up to ``max_checkers`` checkers (built lazily in index
    order; :meth:`build` fills all of it)."""

    max_checkers: int = MAX_CHECKERS
    keys: tuple[int, ...] = field(init=False)
    ties: int = 0
    built_upto: int = 0

    def __post_init__(self):
        from array import array

        self.keys = positions(self.max_checkers)
        n = len(self.keys)
        self.built_upto = 1
        self._memo = [[{} for _ in range(7)] for _ in range(3)]  # [moves - 1][die][key]
        # Compact storage, one slot per position (None: not solved yet): the numerators packed in one
        # integer, sum_k a_k 2^(k * SLOT_BITS) (1 for an end state); the mean as 36^32 E[N]; the
        # chosen successor of each of the 21 rolls in a flat array of 16-bit indices (32-bit beyond 65,536)
        self._packed: list = [None] * n
        self._exact: list = [None] * n
        code = "H" if n < 1 << 16 else "i"
        self._choice = array(code, bytes(array(code).itemsize * len(ROLLS) * n))
        self._packed[0], self._exact[0] = 1, 0

    @property
    def index(self) -> dict:
        """gnubg's index of every key of the table (built at the first use, shared by the tables)."""
        return _index_of(self.max_checkers)

    @property
    def num(self) -> "_Column":
        r"""Per index: the numerators :math:`(a_0, \dots, a_K)` of :math:`P(N = k) = a_k / 36^k` (None if
        not solved yet)."""
        return _Column(self._numerators, len(self.keys))

    @property
    def mean(self) -> "_Column":
        """Per index: :math:`E[N]` exactly (None if not solved yet)."""
        return _Column(self._mean, len(self.keys))

    @property
    def choice(self) -> "_Column":
        """Per index: the chosen successor index of each of the 21 rolls (``()`` for an end state, None
        if not solved yet)."""
        return _Column(self._chosen, len(self.keys))

    def _numerators(self, i: int):
        p = self._packed[i]
        return None if p is None else unpack(p)

    def _mean(self, i: int):
        e = self._exact[i]
        return None if e is None else mpq(e, _MEAN_SCALE)

    def _chosen(self, i: int):
        if self._exact[i] is None:
            return None
        if self._packed[i] == 1:  # an end state
            return ()
        r = len(ROLLS)
        return tuple(self._choice[r * i: r * (i + 1)])

    def _pick(self, results):
        """The best of candidate (index, tie) results: least mean, then smallest index; ``tie``
        says whether the plays reaching the least mean include two different distributions."""
        if len(results) == 1:
            return results[0]
        mean, num = self._exact, self._packed
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
        exact, packed = self._exact, self._packed
        total = acc = 0
        for best, w in weight.items():
            total += w * exact[best]
            acc += w * packed[best]
        if acc.bit_length() > (_SLOTS - 1) * SLOT_BITS:  # pragma: no cover - 15 checkers need at most 32 rolls
            raise AssertionError("more rolls than the packed slots hold")
        exact[i] = _MEAN_SCALE + total // 36  # 36^32 E[N] is an integer (a_k / 36^k with k < 32)
        packed[i] = acc << SLOT_BITS
        r = len(ROLLS)
        self._choice[r * i: r * (i + 1)] = type(self._choice)(self._choice.typecode, chosen)

    def build(self, upto: int | None = None, progress=None) -> "OneSided":
        """Solve every position with index below ``upto`` (all by default): in index order by
        :meth:`_solve`, or, when more than :data:`VECTOR_FROM` positions remain, all of them at
        once by :meth:`build_by_pips` (the same values, choices and tie count)."""
        upto = len(self.keys) if upto is None else upto
        if upto - self.built_upto > VECTOR_FROM:
            return self.build_by_pips(progress)
        for i in range(self.built_upto, upto):
            if self._exact[i] is None:
                self._solve(i)
            if progress is not None and i % 1000 == 0:
                progress(i, upto)
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
        distributions are added as packed integers as in :meth:`_solve`; ``progress(done,
        total)`` (:mod:`exactcube.progress`) after each pip count, in positions."""
        import numpy as np

        n = len(self.keys)
        dm, pip, size = die_table(self.max_checkers)

        packed, exact, B = self._packed, self._exact, _MEAN_SCALE
        fmean = np.zeros(n)
        todo = np.array([e is None for e in exact])
        for i in np.flatnonzero(~todo).tolist():
            fmean[i] = exact[i] / B
        chosen = np.frombuffer(self._choice, dtype=np.uint16 if self._choice.typecode == "H" else np.int32)
        chosen = chosen.reshape(n, len(ROLLS))

        # positions already solved with the same distribution (so the same mean: the gammon table's
        # end states) share a class number; a position solved here keeps its own (two positions of one
        # distribution among a roll's candidates are rare, and the exact comparison below treats them
        # as one), which saves a dictionary of every distribution
        klass = np.arange(n, dtype=np.int32)
        kinds: dict[int, int] = {}
        for i in np.flatnonzero(~todo).tolist():
            klass[i] = kinds.setdefault(packed[i], i)
        del kinds

        def pick(cand, flags):
            """Least (exact mean, index) in each column of candidate indices, and its tie flag
            (as :meth:`_pick`; ``flags`` the candidates' own tie flags, None for none), :data:`_CHUNK`
            columns at a time (the float and class arrays of a whole level stay out of memory)."""
            if cand.shape[1] > _CHUNK:
                parts = [pick(cand[:, c: c + _CHUNK], None if flags is None else flags[:, c: c + _CHUNK])
                         for c in range(0, cand.shape[1], _CHUNK)]
                return np.concatenate([b for b, _t in parts]), np.concatenate([t for _b, t in parts])
            fm = fmean[cand]
            near = fm <= fm.min(axis=0) + _SCREEN
            del fm
            best = np.where(near, cand, n).min(axis=0)
            if flags is None:
                flags = np.zeros(cand.shape, dtype=bool)
            tie = (near & flags).any(axis=0)
            # columns whose screened candidates are not all of one class (one distribution) are
            # decided exactly
            for r in np.flatnonzero((near & (klass[cand] != klass[best])).any(axis=0)).tolist():
                ent = [(j, f) for j, f, ok in zip(cand[:, r].tolist(), flags[:, r].tolist(), near[:, r].tolist(),
                                                  strict=True) if ok]
                low = min(exact[j] for j, _f in ent)
                ent = [(j, f) for j, f in ent if exact[j] == low]
                best[r] = min(j for j, _f in ent)
                tie[r] = any(f for _j, f in ent) or len({packed[j] for j, _f in ent}) > 1
            return best, tie

        def columns(c):  # (die or roll, move, position) -> (move, (die or roll, position))
            return c.transpose(1, 0, 2).reshape(c.shape[1], -1)

        # [m][d][i]: best position after m = 1, 2, 3 moves of the die d from i, and its tie flag
        after = [None] + [np.zeros((7, n), dtype=dm.dtype) for _m in range(3)]
        atie = [None] + [np.zeros((7, n), dtype=bool) for _m in range(3)]
        dice = np.arange(1, 7)[:, None, None]
        pairs = [(a, b) for a in range(1, 7) for b in range(1, a)]
        hi, lo = (np.array(v)[:, None, None] for v in zip(*pairs, strict=True))
        slot = {roll: r for r, (roll, _w) in enumerate(ROLLS)}
        doubles, twos = [slot[(d, d)] for d in range(1, 7)], [slot[p] for p in pairs]
        # a roll's nested minimum looks at most three moves below the positions to solve, so the
        # positions with fewer checkers than that (the gammon table's end states) are left out
        live = size >= size[todo].min(initial=self.max_checkers) - 3
        order = np.flatnonzero(live)[np.argsort(pip[live], kind="stable")]
        ends = np.searchsorted(pip[order], np.arange(pip.max() + 2))
        ties, done = 0, 0
        exact_of, packed_of = exact.__getitem__, packed.__getitem__
        for level in range(1, int(pip.max()) + 1):
            rows = order[ends[level]: ends[level + 1]]
            m = len(rows)
            if not m:
                continue
            s = dm[1:, :, rows]  # (die, move, position)
            best, _tie = pick(columns(s), None)
            after[1][1:, rows] = best.reshape(6, m)
            for k in (2, 3):
                best, tie = pick(columns(after[k - 1][dice, s]), columns(atie[k - 1][dice, s]))
                after[k][1:, rows], atie[k][1:, rows] = best.reshape(6, m), tie.reshape(6, m)
            # the rolls' plays, for the positions to solve (the others are only needed below)
            sub = rows[todo[rows]]
            ms = len(sub)
            if ms:
                s = dm[1:, :, sub]
                choice = np.zeros((len(ROLLS), ms), dtype=dm.dtype)
                ctie = np.zeros((len(ROLLS), ms), dtype=bool)
                best, tie = pick(columns(after[3][dice, s]), columns(atie[3][dice, s]))
                choice[doubles], ctie[doubles] = best.reshape(6, ms), tie.reshape(6, ms)
                first, second = dm[hi, np.arange(POINTS)[:, None], sub], dm[lo, np.arange(POINTS)[:, None], sub]
                best, tie = pick(columns(np.concatenate([after[1][lo, first], after[1][hi, second]], axis=1)),
                                 columns(np.concatenate([atie[1][lo, first], atie[1][hi, second]], axis=1)))
                choice[twos], ctie[twos] = best.reshape(len(pairs), ms), tie.reshape(len(pairs), ms)
                ties += int(ctie.sum())
                # the 36 dice outcomes (a roll of weight 2 listed twice) added one by one
                # (a position's row made a list only while it is added)
                twice = np.concatenate([choice, choice[twos]]).T
                solved = sub.tolist()
                for i, row in zip(solved, twice, strict=True):
                    many = row.tolist()
                    exact[i] = B + sum(map(exact_of, many)) // 36
                    packed[i] = sum(map(packed_of, many)) << SLOT_BITS
                chosen[solved] = choice.T
                fmean[solved] = [exact[i] / B for i in solved]
            done += m
            if progress is not None:
                progress(done, n)
        if max(map(int.bit_length, packed)) > _SLOTS * SLOT_BITS:  # pragma: no cover - at most 32 rolls
            raise AssertionError("more rolls than the packed slots hold")
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
            if i in todo or self._exact[i] is not None:
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
    key = np.array(positions(max_checkers), dtype=np.int32)  # 24 bits (positions)
    cnt = np.stack([(key >> (4 * p)) & 15 for p in range(POINTS)], axis=1)
    top = np.where(cnt > 0, np.arange(1, POINTS + 1), 0).max(axis=1)
    ct = np.array([[comb(j, r) for r in range(POINTS + 1)] for j in range(max_checkers + POINTS + 1)],
                  dtype=np.int32)  # C(21, 6) = 54,264 at most

    def index_of(c):
        j = POINTS - 1 + c.sum(axis=1)
        idx = ct[j, POINTS].copy()
        for m in range(POINTS - 1):
            j = j - c[:, m] - 1
            idx += ct[j, POINTS - 1 - m]
        return idx

    dm = np.zeros((7, POINTS, n), dtype=np.uint16 if n < 1 << 16 else np.int32)
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
                self._packed[i], self._exact[i] = 1, 0  # the numerators (1,), mean 0

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
