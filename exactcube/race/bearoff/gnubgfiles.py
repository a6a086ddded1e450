r"""GNU Backgammon's bearoff files: read them, replay gnubg's build on them, compare them with the exact tables.

gnubg generates its databases with ``makebearoff`` and reads them in ``bearoff.c``; this module is
the reading side, with each file's byte layout written beside its reader.  The exact values
they are compared with come from :mod:`.onesided` and :mod:`.twosided`.

**Header** (both files): 40 ASCII bytes, ``gnubg-`` then the kind at byte 6 (``OS`` one side,
``TS`` two sides), the number of points at byte 9 and of checkers at byte 12 (two digits each),
then flags, each one digit: for ``TS`` byte 15 says cubeful (four words per pair) or cubeless (one);
for ``OS`` byte 15 says the gammon distributions are stored, byte 17 compressed, byte 19
approximated by a normal distribution (bearoff.c ``BearoffInit``).

**One-sided file** (``gnubg_os0.bd``, header ``gnubg-OS-06-15-1-1-0``: compressed, with gammon
distributions, :func:`read_gnubg_os`).  After the header, one index record per position in gnubg's
order (8 bytes with gammons, 6 without): the offset of its words in 16-bit units (4 bytes,
little-endian), the number ``nz`` of stored bear-off words and the first roll ``ioff`` they start
at (one byte each), then the same two for the gammon words (stored right after the bear-off words).
The words follow the index area (at byte :math:`40 + 8 \cdot 54264`), little-endian 16-bit; a word
:math:`u` at roll :math:`k` stands for :math:`P(N = k) \approx u / 65535`, missing rolls for 0
(bearoff.c ``ReadBearoffOneSidedExact``, ``GetDistCompressed``).

gnubg builds those words in integers from its own 16-bit values of the successors (makebearoff.c
``BearOff``): per roll it takes the play with the least :math:`\sum_k k\,u_k`, adds the
successors' words, divides by 36 with rounding (``(x + 18) / 36``) and moves the rounding surplus
onto the most likely roll so that the words sum to 65535.  :func:`gnubg_replay` repeats that
procedure on the file's own values, which lets every entry that is off by more than half a
quantum be explained (rounding carried through the build, or a play gnubg chose differently from
the exact optimum): :func:`compare_one_sided`, :func:`compare_gammons`.

**Two-sided file** (``makebearoff -t 6xC``, header ``gnubg-TS-06-0C-1``, :func:`read_gnubg_ts`).
After the header, per pair in gnubg's order (the roller's index times the number of positions plus
the opponent's) four little-endian 16-bit words :math:`u`, value :math:`u/32767.5 - 1`: the
cubeless equity :math:`2P - 1`, then the no-double equities with the cube owned by the roller,
centred, owned by the opponent (bearoff.c ``ReadTwoSidedBearoff``; gnubg applies the roller's own
cube decision on reading, makebearoff.c ``CubeEquity``): :func:`compare_two_sided`.

Reference: GNU Backgammon 1.07, makebearoff.c (``BearOff``, ``BearOff2``, ``CubeEquity``) and
bearoff.c (``BearoffInit``, ``ReadTwoSidedBearoff``, ``ReadBearoffOneSidedExact``).
"""

from __future__ import annotations

import os
import struct
from dataclasses import dataclass, field
from math import comb

import numpy as np

from ...errors import BadInput
from ...numbers import mpq
from ...results import Result
from .onesided import OneSided, gammon_table
from .positions import MAX_CHECKERS, ROLLS, checkers, counts_of, n_positions, plays, positions
from .twosided import TwoSided

__all__ = [
    "QUANTUM",
    "GNUBG_OS_PATHS",
    "find_gnubg_os",
    "read_gnubg_os",
    "gnubg_replay",
    "file_plays",
    "MAX_TIE_COMBINATIONS",
    "Deviation",
    "OSComparison",
    "compare_one_sided",
    "explain_play",
    "compare_gammons",
    "find_makebearoff",
    "read_gnubg_ts",
    "TSComparison",
    "compare_two_sided",
    "compare_two_sided_file",
]

#: The sum of a one-sided entry's words: a word u stands for the probability u / QUANTUM.
QUANTUM = 65535


# --------------------------------------------------------------------------- one side

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
    for (_roll, w), j in zip(ROLLS, choice, strict=True):
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
    index = table.index  # once: the property looks the shared index up at every use (9 million plays a table)
    picks = []
    ambiguous = False
    for roll, _w in ROLLS:
        best_v, best = None, []
        for s in plays(key, roll):
            j = index[s]
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
    """A position of gnubg's file with a word off by more than half a quantum (:func:`compare_one_sided`):
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


def compare_one_sided(table: OneSided, stored, indices=None, examples: int = 5) -> OSComparison:
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
    # the exact means and choices read once each: the table's columns unpack and make an mpq at every read, and
    # the plays below read them millions of times (issue 45, row 17: 89.5 s of CPU against 51 s before)
    exact_mean = list(table.mean)
    choice = list(table.choice)
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
        if i not in own_cache and not choice[i]:  # an end state (gammon table)
            own_cache[i] = False
        if i not in own_cache:
            own_cache[i] = any(all(exact_mean[j] > exact_mean[choice[i][r]] for j in cands)
                               for r, cands in enumerate(fp(i)))
        return own_cache[i]

    def below(i):
        """The smallest index with a worse gnubg play strictly below i along the file's plays, or None."""
        if i not in sub_cache and not choice[i]:
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


def compare_gammons(stored_gammon, indices=None, examples: int = 5) -> OSComparison:
    """Every gammon word of gnubg's file against the exact gammon distribution
    (:class:`GammonOneSided`), for the positions with 15 checkers (all of them by default,
    15,504): the same deviations, replay and cause labels as :func:`compare_one_sided`,
    gnubg's gammon step being its bear-off step on the gammon words."""
    table = gammon_table()
    if indices is None:
        indices = [i for i, k in enumerate(table.keys) if checkers(k) == MAX_CHECKERS]
    res = compare_one_sided(table, stored_gammon, indices, examples)
    res.method = "exact gammon DP vs gnubg_os0.bd gammon words; gnubg's integer step replayed"
    return res


# --------------------------------------------------------------------------- two sides

def find_makebearoff() -> str | None:
    """Path of gnubg's ``makebearoff`` (on PATH, or Debian's /usr/games), None if absent."""
    import shutil

    path = shutil.which("makebearoff")
    if path is None and os.path.exists("/usr/games/makebearoff"):
        path = "/usr/games/makebearoff"
    return path

def read_gnubg_ts(path: str):
    """gnubg's two-sided file (module docstring): an ``(n, n, 4)`` uint16 array of words in
    gnubg's order (roller, opponent)."""
    with open(path, "rb") as f:
        data = f.read()
    head = data[:40].decode("ascii", "replace")
    if not head.startswith("gnubg-TS-") or head[15] != "1":
        raise BadInput(f"{path}: not a cubeful gnubg two-sided file (header {head[:16]!r})")
    P_, C = int(head[9:11]), int(head[12:14])
    if P_ != 6:
        raise BadInput(f"{path}: only 6-point two-sided files are read")
    n = n_positions(C)
    return np.frombuffer(data, dtype="<u2", count=n * n * 4, offset=40).reshape(n, n, 4)


@dataclass
class TSComparison(Result):
    """gnubg's two-sided 16-bit values against the exact table."""

    pairs: int = 0
    max_dev: dict = field(default_factory=dict)  # field -> (deviation, (x, y))
    beyond: dict = field(default_factory=dict)  # field -> words off by more than half a step (1/65535)
    disagreements: list = field(default_factory=list)
    method: str = "exact two-sided table vs gnubg makebearoff -t 6x6, decision by decision"
    evidence: str = "exact"
    source: str = "gnubg 1.07 makebearoff"


def compare_two_sided(t: TwoSided, words) -> TSComparison:
    """Compare every pair: largest deviation of each stored value (gnubg's value
    :math:`u/32767.5 - 1` against the exact one), how many values are off by more than half a
    step, and every pair and cube state where gnubg's values give a different double/take
    decision than the exact values."""
    keys = t.keys
    if tuple(keys) != positions(_checkers_for(words.shape[0])):
        raise BadInput("compare a full table in gnubg's order with gnubg's file of the same size")
    n = len(keys)
    res = TSComparison(pairs=(n - 1) * (n - 1))
    obj = {name: t.objects(name)[1:, 1:] for name in ("P", "NO", "NC", "NT")}
    _compare_rows(res, obj, words[1:, 1:], t.scale, keys, 1, t.entry)
    return res


def compare_two_sided_file(path: str, words, rows: int = 64, progress=None) -> TSComparison:
    """:func:`compare_two_sided` for a table too large to hold as Python integers: the exact values are
    read from the finished file at ``path`` (:class:`.formats.TwoSidedFile`, e.g. a chunked build's,
    every row checked against its digest) ``rows`` roller rows at a time.  ``progress(done, n)`` after
    each block."""
    from .formats import TwoSidedFile

    f = TwoSidedFile(path)
    try:
        if tuple(f.keys) != positions(_checkers_for(words.shape[0])):
            raise BadInput(f"{path}: not the table of gnubg's file (another number of checkers)")
        n, w, S = f.n, 5 * f.limbs, 36**f.tau
        res = TSComparison(pairs=(n - 1) * (n - 1), method="exact two-sided table (read row by row) vs gnubg "
                           "makebearoff -t 6xC, decision by decision")
        for i0 in range(1, n, rows):
            i1 = min(n, i0 + rows)
            obj = {}
            for name in ("P", "NO", "NC", "NT"):
                block = np.zeros((i1 - i0, n - 1), dtype=object)
                for r, i in enumerate(range(i0, i1)):
                    data = memoryview(f._read_row(name, i))
                    block[r] = [int.from_bytes(data[w * j: w * (j + 1)], "little") for j in range(1, n)]
                obj[name] = block - f.offsets[name] * S
            _compare_rows(res, obj, words[i0:i1, 1:], S, f.keys, i0, f.entry)
            if progress is not None:
                progress(i1 - 1, n - 1)
    finally:
        f.close()
    return res


def _compare_rows(res: TSComparison, obj: dict, words, S: int, keys, i0: int, entry) -> None:
    """Add to ``res`` the comparison of the roller rows ``i0, i0 + 1, ...`` (opponents 1 to n - 1):
    ``obj[name]`` the exact integers :math:`36^{\tau} v` of those rows, ``words`` gnubg's words of the
    same pairs, ``entry(x, y)`` the exact :class:`.twosided.Entry` of a pair (for the disagreements)."""
    m = words.shape[1]
    exact = {"cubeless": 2 * obj["P"] - S, "owned": obj["NO"], "centred": obj["NC"], "theirs": obj["NT"]}
    for f_i, name in enumerate(("cubeless", "owned", "centred", "theirs")):
        u = words[..., f_i].astype(np.int64).astype(object)
        # |gnubg - exact| * 65535 * 36^tau, exactly
        dev = np.abs((2 * u - 65535) * S - 65535 * exact[name])
        flat = int(np.argmax(dev))  # object argmax compares Python integers exactly
        i, j = divmod(flat, m)
        best = mpq(int(dev[i, j]), 65535 * S)
        if name not in res.max_dev or best > res.max_dev[name][0]:
            res.max_dev[name] = (best, (counts_of(keys[i + i0]), counts_of(keys[j + 1])))
        res.beyond[name] = res.beyond.get(name, 0) + int((dev > S).sum())  # half a step of 1/32767.5 is 1/65535
    # decisions: gnubg's CubeEquity on its words vs the exact decision (vectorised)
    nt = obj["NT"]
    dt = 2 * nt
    x_take = dt < S
    x_tie_take = dt == S
    dt_g = words[..., 3].astype(np.int64) - 0x8000
    g_take = ~(dt_g >= _cdiv2(np.full_like(dt_g, 0x7FFF)))
    for cube, field_i, nd_exact in (("centred", 2, obj["NC"]), ("mine", 1, obj["NO"])):
        dv = np.minimum(dt, S)
        x_double = (dv > nd_exact).astype(bool)
        x_tie = (dv == nd_exact).astype(bool)
        nd_g = words[..., field_i].astype(np.int64) - 0x8000
        g_double = (dt_g >= _cdiv2(nd_g)) & (0x7FFF >= nd_g)
        bad_double = (g_double != x_double) & ~x_tie
        bad_take = (g_take != x_take.astype(bool)) & ~x_tie_take.astype(bool)
        for i, j in zip(*np.nonzero(bad_double | bad_take), strict=True):
            e = entry(counts_of(keys[i + i0]), counts_of(keys[j + 1]))
            xa = e.decision(cube)
            res.disagreements.append({
                "mine": e.mine, "theirs": e.theirs, "cube": cube,
                "gnubg": ("double" if g_double[i, j] else "no double") + (", take" if g_take[i, j] else ", pass"),
                "exact": ("double" if x_double[i, j] else "no double") + (", take" if x_take[i, j] else ", pass"),
                "exact_no_double": xa.no_double, "exact_double_take": xa.double_take,
                "gnubg_no_double": mpq(2 * int(words[i, j, field_i]) - 65535, 65535),
                "gnubg_double_take": 2 * mpq(2 * int(words[i, j, 3]) - 65535, 65535)})


def _checkers_for(n: int) -> int:
    for c in range(1, 16):
        if n_positions(c) == n:
            return c
    raise BadInput(f"no bearoff table has {n} positions a side")


def _cdiv2(v):
    """C's ``v / 2`` on integers (truncation toward zero)."""
    return np.where(v < 0, -((-v) // 2), v // 2)
