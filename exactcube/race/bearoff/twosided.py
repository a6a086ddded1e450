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
(:math:`R` = the most rolls a side can need), so every value is an integer over
:math:`36^{\tau}`, :math:`\tau = 2R - 1` (:math:`R = 12` for six checkers, :math:`\tau = 23`).
Values are kept as Python integers :math:`36^{\tau} \cdot v`; each division by 36 is checked
to be exact.  To pick the best play fast, every candidate's value is first compared as a
correctly rounded double (``int / int``); the double's error is at most :math:`2^{-53}` on
:math:`[-1, 1]`, so a candidate ahead by more than :math:`2^{-51}` is certainly best, and any
closer candidates are compared exactly.  Floats only screen; every choice and value is exact.

**Order.**  Pairs are solved in order of the total pip count (every play lowers it).

**Stored database** (:func:`save` / :func:`load`): a small JSON header (checkers, :math:`\tau`,
SHA-256 of the payload) and, per pair in gnubg's order (roller's index times 924 plus the
opponent's), five signed integers :math:`36^{\tau} v` for :math:`v = 2P-1, N_O, N_C, N_T`
and :math:`P`'s numerator, each as a fixed-width little-endian two's-complement field.

**gnubg's two-sided file** (``makebearoff -t 6x6``): header ``gnubg-TS-06-06-1``, 40 bytes,
then per pair (same order) four 16-bit words :math:`u`, value :math:`u/32767.5 - 1`: cubeless
equity :math:`2P-1`, and the no-double equities with the cube owned, centred, owned by the
opponent (gnubg applies the roller's own cube decision on reading).

Reference: GNU Backgammon 1.07 makebearoff.c (``BearOff2``, ``CubeEquity``), bearoff.c
(``ReadTwoSidedBearoff``); zk77 for the cube decision rules of a race.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass, field

import numpy as np

from ...errors import BadInput
from ...numbers import mpq
from .positions import ROLLS, gnubg_index, n_positions, pips, plays, positions

__all__ = [
    "TwoSided",
    "build",
    "save",
    "load",
    "Entry",
    "read_gnubg_ts",
    "compare_with_gnubg",
    "cube_action",
]

_EPS = 2.0**-51


@dataclass
class TwoSided:
    """Exact two-sided tables for up to ``max_checkers`` checkers a side.

    ``P, NO, NC, NT`` are object arrays (``n x n``, gnubg order roller x opponent) of
    integers :math:`36^{\\tau} v`; ``scale`` is :math:`36^{\\tau}`."""

    max_checkers: int
    tau: int
    P: np.ndarray
    NO: np.ndarray
    NC: np.ndarray
    NT: np.ndarray
    seconds: float = 0.0
    method: str = ("exact two-sided DP by total pips; best play per cube state; "
                   "doubles screened, every choice exact")
    evidence: str = "exact"
    source: str = "this module; recurrences as in gnubg makebearoff.c BearOff2"

    @property
    def scale(self) -> int:
        return 36**self.tau

    @property
    def n(self) -> int:
        return self.P.shape[0]

    def entry(self, x, y) -> "Entry":
        """Exact values for roller ``x`` vs opponent ``y`` (counts on points 1..6)."""
        C = self.max_checkers
        if sum(x) > C or sum(y) > C:
            raise BadInput(f"the two-sided table holds up to {C} checkers a side")
        i, j = gnubg_index(x, C), gnubg_index(y, C)
        S = self.scale
        q = lambda a: mpq(int(a[i, j]), S)  # noqa: E731
        return Entry(tuple(x), tuple(y), q(self.P), q(self.NC), q(self.NO), q(self.NT))


@dataclass(frozen=True)
class Entry:
    """Exact values of one pair: cubeless win chance and the no-double equities."""

    mine: tuple
    theirs: tuple
    win: mpq
    nd_centred: mpq
    nd_owned: mpq
    nd_theirs: mpq

    def equity(self, cube: str) -> mpq:
        """Cubeful equity (after the roller's optimal cube decision) for cube
        ``centred``/``mine``/``theirs``."""
        return cube_action(self, cube)["equity"]


def cube_action(e: Entry, cube: str) -> dict:
    """The roller's cube decision (module docstring): no double, double/take or double/pass,
    with the exact equities of each, for cube ``centred``, ``mine`` or ``theirs``."""
    nd = {"centred": e.nd_centred, "mine": e.nd_owned, "theirs": e.nd_theirs}[cube]
    if cube == "theirs" or not e.mine or not e.theirs:
        return {"no_double": nd, "double_take": None, "double_pass": None, "equity": nd,
                "action": "no double", "take": None}
    dt, dp = 2 * e.nd_theirs, mpq(1)
    double_value = min(dt, dp)
    take = dt < dp
    if double_value > nd:
        action = "double, take" if take else "double, pass"
    else:
        action = "no double"
    return {"no_double": nd, "double_take": dt, "double_pass": dp, "equity": max(nd, double_value),
            "action": action, "take": take, "tie_double": double_value == nd, "tie_take": dt == dp}


def _max_rolls(C: int) -> int:
    from .onesided import one_sided

    t = one_sided(C).build()
    return max(len(a) for a in t.num) - 1


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


def _roll_min(F, X, x, y, succ, big):
    """:math:`\\sum_r w_r \\min_{s} X(y, s)` exactly for the pairs ``(x, y)`` (module
    docstring: floats ``F`` screen, exact integers ``X`` decide near-ties)."""
    total = np.zeros(len(x), dtype=object)
    rows = np.arange(len(x))
    for (roll, w), S in zip(ROLLS, succ):
        cand = S[x]  # (B, m)
        fv = F[y[:, None], cand]
        k = np.argmin(fv, axis=1)
        fmin = fv[rows, k]
        near = (fv <= (fmin + _EPS)[:, None]).sum(axis=1) > 1
        best = X[y, cand[rows, k]]
        if near.any():
            sub = np.nonzero(near)[0]
            ex = X[y[sub][:, None], cand[sub]]
            mask = fv[sub] > (fmin[sub] + _EPS)[:, None]
            ex[mask] = big
            best[sub] = ex.min(axis=1)
        total += w * best
    return total


def _div36(a):
    q = a // 36
    if np.any(q * 36 != a):  # pragma: no cover - tau is large enough (module docstring)
        raise AssertionError("a value is not an integer over 36^tau")
    return q


def build(max_checkers: int = 6, progress=None, checkpoint: str | None = None) -> TwoSided:
    """Solve all pairs of positions with up to ``max_checkers`` checkers (module docstring).

    ``progress(done_levels, levels)`` is called after each pip level.  With ``checkpoint`` the
    solved levels are saved there after each level (atomically) and a later call resumes."""
    if not 1 <= max_checkers <= 6:
        raise BadInput("two-sided bearoff tables are built for 1 to 6 checkers a side")
    t0 = time.time()
    C = max_checkers
    keys = positions(C)
    index = {k: i for i, k in enumerate(keys)}
    n = len(keys)
    R = _max_rolls(C)
    tau = 2 * R - 1
    S = 36**tau
    big = 4 * S
    succ = _succ_tables(keys, index)
    pip = np.array([pips(k) for k in keys])

    def zeros():
        a = np.empty((n, n + 1), dtype=object)
        a[:] = 0
        return a

    # exact arrays with a sentinel column n; C/O/T hold the values after the cube decision
    P, XC, XO, XT = zeros(), zeros(), zeros(), zeros()
    NO, NC = np.zeros((n, n), dtype=object), np.zeros((n, n), dtype=object)
    # base cases: roller already off (x = 0) has won; opponent off (y = 0) means roller lost
    P[0, :] = S
    P[:, 0] = 0
    for A in (XC, XO, XT):
        A[0, :] = S
        A[1:, 0] = -S
    FP, FC, FO, FT = (np.full((n, n + 1), np.inf) for _ in range(4))
    for F, A in ((FP, P), (FC, XC), (FO, XO), (FT, XT)):
        F[0, :n] = (A[0, :n] / S).astype(float)
        F[:, 0] = (A[:, 0] / S).astype(float)
        F[:, n] = np.inf
    NO[0, :] = S
    NC[0, :] = S
    NO[1:, 0] = NC[1:, 0] = -S

    xs, ys = np.nonzero((pip[:, None] > 0) & (pip[None, :] > 0))
    level = pip[xs] + pip[ys]
    levels = sorted(set(level.tolist()))
    start = 0
    if checkpoint and os.path.exists(checkpoint):
        st = _load_checkpoint(checkpoint, C, tau)
        start = st["done"]
        P[:, :n], XC[:, :n], XO[:, :n], XT[:, :n], NO[:], NC[:] = st["arrays"]
        for F, A in ((FP, P), (FC, XC), (FO, XO), (FT, XT)):
            F[:, :n] = (A[:, :n] / S).astype(float)
    for li, L in enumerate(levels):
        if li < start:
            continue
        sel = level == L
        x, y = xs[sel], ys[sel]
        p_new = _div36(36 * S - _roll_min(FP, P, x, y, succ, big))
        nc = _div36(-_roll_min(FC, XC, x, y, succ, big))
        no = _div36(-_roll_min(FT, XT, x, y, succ, big))
        nt = _div36(-_roll_min(FO, XO, x, y, succ, big))
        d = np.minimum(2 * nt, S)
        P[x, y], NC[x, y], NO[x, y] = p_new, nc, no
        XC[x, y], XO[x, y], XT[x, y] = np.maximum(nc, d), np.maximum(no, d), nt
        for F, A in ((FP, P), (FC, XC), (FO, XO), (FT, XT)):
            F[x, y] = (A[x, y] / S).astype(float)
        if progress is not None:
            progress(li + 1, len(levels))
        if checkpoint and (li + 1) % 8 == 0 and li + 1 < len(levels):
            _save_checkpoint(checkpoint, C, tau, li + 1, (P[:, :n], XC[:, :n], XO[:, :n], XT[:, :n], NO, NC))
    if checkpoint and os.path.exists(checkpoint):
        os.unlink(checkpoint)
    return TwoSided(C, tau, P[:, :n].copy(), NO, NC, XT[:, :n].copy(), seconds=time.time() - t0)


def _save_checkpoint(path, C, tau, done, arrays):
    import pickle

    _atomic_bytes(path, pickle.dumps({"C": C, "tau": tau, "done": done,
                                      "arrays": [a.copy() for a in arrays]}))


def _load_checkpoint(path, C, tau):
    import pickle

    with open(path, "rb") as f:
        st = pickle.load(f)  # our own checkpoint file, written by _save_checkpoint
    if st.get("C") != C or st.get("tau") != tau:
        raise BadInput(f"{path}: checkpoint is for another table")
    return st


def _atomic_bytes(path: str, data: bytes) -> None:
    import tempfile

    d = os.path.dirname(os.path.abspath(path)) or "."
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".exactcube-", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


# ----------------------------------------------------------------------- storage

_FIELDS = ("P", "NO", "NC", "NT")


def save(t: TwoSided, path: str) -> str:
    """Write ``t`` compactly (module docstring); returns the payload's SHA-256."""
    width = (t.scale.bit_length() + 2 + 7) // 8 + 1
    parts = []
    for name in _FIELDS:
        a = getattr(t, name).ravel()
        parts.append(b"".join(int(v).to_bytes(width, "little", signed=True) for v in a))
    payload = b"".join(parts)
    digest = hashlib.sha256(payload).hexdigest()
    head = json.dumps({"format": "exactcube-bearoff-ts-1", "checkers": t.max_checkers, "tau": t.tau,
                       "width": width, "fields": list(_FIELDS), "sha256": digest}).encode() + b"\n"
    _atomic_bytes(path, head + payload)
    return digest


def load(path: str) -> TwoSided:
    """Read a table written by :func:`save`, verifying its checksum (BadInput otherwise)."""
    with open(path, "rb") as f:
        data = f.read()
    nl = data.find(b"\n")
    try:
        head = json.loads(data[:nl])
    except ValueError:
        raise BadInput(f"{path}: not an exactcube two-sided bearoff file") from None
    if head.get("format") != "exactcube-bearoff-ts-1":
        raise BadInput(f"{path}: not an exactcube two-sided bearoff file")
    payload = data[nl + 1:]
    if hashlib.sha256(payload).hexdigest() != head["sha256"]:
        raise BadInput(f"{path}: checksum mismatch (file damaged)")
    C, width = head["checkers"], head["width"]
    n = n_positions(C)
    arrays = []
    for f_i, _name in enumerate(head["fields"]):
        a = np.empty(n * n, dtype=object)
        base = f_i * n * n * width
        for k in range(n * n):
            o = base + k * width
            a[k] = int.from_bytes(payload[o: o + width], "little", signed=True)
        arrays.append(a.reshape(n, n))
    return TwoSided(C, head["tau"], *arrays)


# ----------------------------------------------------------------------- gnubg

def read_gnubg_ts(path: str):
    """gnubg's two-sided file (module docstring): (checkers, words) with ``words`` an
    ``(n, n, 4)`` uint16 array in gnubg's order (roller, opponent)."""
    with open(path, "rb") as f:
        data = f.read()
    head = data[:40].decode("ascii", "replace")
    if not head.startswith("gnubg-TS-") or head[15] != "1":
        raise BadInput(f"{path}: not a cubeful gnubg two-sided file (header {head[:16]!r})")
    P_, C = int(head[9:11]), int(head[12:14])
    if P_ != 6:
        raise BadInput(f"{path}: only 6-point two-sided files are read")
    n = n_positions(C)
    words = np.frombuffer(data, dtype="<u2", count=n * n * 4, offset=40).reshape(n, n, 4)
    return C, words


@dataclass
class TSComparison:
    """gnubg's two-sided 16-bit values against the exact table."""

    pairs: int = 0
    max_dev: dict = field(default_factory=dict)  # field -> (deviation, (x, y))
    disagreements: list = field(default_factory=list)
    method: str = "exact two-sided table vs gnubg makebearoff -t 6x6, decision by decision"
    evidence: str = "exact"
    source: str = "gnubg 1.07 makebearoff"


def compare_with_gnubg(t: TwoSided, words) -> TSComparison:
    """Compare every pair: largest deviation of each stored value (gnubg's value
    :math:`u/32767.5 - 1` against the exact one), and every pair and cube state where
    gnubg's values give a different double/take decision than the exact values."""
    n = t.n
    S = t.scale
    keys = positions(t.max_checkers)
    from .positions import counts_of

    res = TSComparison(pairs=(n - 1) * (n - 1))
    g = words.astype(np.float64) / 32767.5 - 1.0  # screening only
    exact = {"cubeless": (2 * t.P - S), "owned": t.NO, "centred": t.NC, "theirs": t.NT}
    for f_i, name in enumerate(("cubeless", "owned", "centred", "theirs")):
        ex = (exact[name][1:, 1:] / S).astype(float)
        dev = np.abs(g[1:, 1:, f_i] - ex)
        k = np.unravel_index(np.argmax(dev), dev.shape)
        i, j = k[0] + 1, k[1] + 1
        gv = mpq(int(words[i, j, f_i]) * 2 - 65535, 65535)
        res.max_dev[name] = (abs(gv - mpq(int(exact[name][i, j]), S)), (counts_of(keys[i]), counts_of(keys[j])))
    # decisions: gnubg's CubeEquity on its words vs the exact decision (vectorised)
    sl = (slice(1, None), slice(1, None))
    nt = t.NT[sl]
    dt = 2 * nt
    x_take = dt < S
    x_tie_take = dt == S
    dt_g = words[sl][..., 3].astype(np.int64) - 0x8000
    g_take = ~(dt_g >= _cdiv2(np.full_like(dt_g, 0x7FFF)))
    for cube, field_i, nd_exact in (("centred", 2, t.NC[sl]), ("mine", 1, t.NO[sl])):
        dv = np.minimum(dt, S)
        x_double = (dv > nd_exact).astype(bool)
        x_tie = (dv == nd_exact).astype(bool)
        nd_g = words[sl][..., field_i].astype(np.int64) - 0x8000
        g_double = (dt_g >= _cdiv2(nd_g)) & (0x7FFF >= nd_g)
        bad_double = (g_double != x_double) & ~x_tie
        bad_take = (g_take != x_take.astype(bool)) & ~x_tie_take.astype(bool)
        for i, j in zip(*np.nonzero(bad_double | bad_take)):
            I, J = i + 1, j + 1
            e = t.entry(counts_of(keys[I]), counts_of(keys[J]))
            xa = cube_action(e, cube)
            res.disagreements.append({
                "mine": e.mine, "theirs": e.theirs, "cube": cube,
                "gnubg": ("double" if g_double[i, j] else "no double") + (", take" if g_take[i, j] else ", pass"),
                "exact": ("double" if x_double[i, j] else "no double") + (", take" if x_take[i, j] else ", pass"),
                "exact_no_double": xa["no_double"], "exact_double_take": xa["double_take"],
                "gnubg_no_double": mpq(2 * int(words[I, J, field_i]) - 65535, 65535),
                "gnubg_double_take": 2 * mpq(2 * int(words[I, J, 3]) - 65535, 65535)})
    return res


def _cdiv2(v):
    """C's ``v / 2`` on integers (truncation toward zero)."""
    return np.where(v < 0, -((-v) // 2), v // 2)


def _gnubg_decision(nd_word: int, dt_word: int) -> str:
    """gnubg's CubeEquity on stored words (signed: word - 0x8000): double iff
    DT >= ND/2 (C integer division) and DP >= ND; pass iff DT >= DP/2."""
    nd, dt, dp = nd_word - 0x8000, dt_word - 0x8000, 0x7FFF

    def cdiv2(v):
        return -((-v) // 2) if v < 0 else v // 2

    if dt >= cdiv2(nd) and dp >= nd:
        return "double, pass" if dt >= cdiv2(dp) else "double, take"
    return "no double"
