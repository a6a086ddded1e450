r"""Whole-interval statements about 1-pile Nim through the bit-flip channel, for heaps up to 2^12.

Mathematics (``noisy`` (5), reconstruction in docs/noisy.md).  Fix a side of
:math:`\varepsilon = 1/2` and write the channel in the variable

.. math::

   u = \varepsilon/(1-\varepsilon) \ (\varepsilon \le 1/2), \qquad u = (1-\varepsilon)/\varepsilon
   \ (\varepsilon \ge 1/2), \qquad u \in [0, 1].

From heap :math:`n` (:math:`k` binary digits) a move :math:`m` is received as the legal word :math:`r < n`
with chance proportional to :math:`u^{e(m, r)}`, where :math:`e` is the Hamming distance from :math:`m`
(:math:`\varepsilon < 1/2`) or from the complement of :math:`m` (:math:`\varepsilon > 1/2`): the common
factor :math:`(1-\varepsilon)^k` or :math:`\varepsilon^k` cancels in (5).  Group the legal words by
:math:`e`: :math:`c_e` of them, with values :math:`y_r = 1 - p(r)` summing to :math:`G_e`; with
:math:`e_0` the smallest grade present and :math:`i = e - e_0`,

.. math::

   p(n, m) = \frac{\sum_i u^i G_{e_0+i}}{Z}, \quad Z = \sum_i c_{e_0+i} u^i \ge 1, \qquad
   \frac{d p(n, m)}{du} = \frac{\sum_i u^i G'_{e_0+i}}{Z}
   + \frac{1}{Z} \sum_{i \ge 1} i\, u^{i-1} \bigl(G_{e_0+i} - c_{e_0+i}\, p(n, m)\bigr),

(the second term is :math:`\sum_r \mu_r' y_r`, written so that it is a covariance and small where the
weights barely move).  Nothing is singular at :math:`u = 0` (:math:`\varepsilon \in \{0, 1\}`), so a proof
can reach the ends of the interval.

Enclosures on :math:`J = [u_l, u_h]` (first-order mean-value form).  For every heap :math:`r` the module
keeps three intervals: :math:`V_r \ni p(r)(u_c)` at the centre :math:`u_c`, :math:`D_r` containing the
derivative :math:`p(r)'` wherever it exists on :math:`J`, and the range :math:`R_r = V_r + D_r (J - u_c)`.
:math:`p(r)` is the maximum of the :math:`p(r, m)`, each smooth on :math:`J`, so it is Lipschitz and
:math:`p(r)(u) - p(r)(u_c) \in D_r (u - u_c)` when :math:`D_r` is the hull of the derivative enclosures of
the moves that can be maximal somewhere on :math:`J` (those whose range reaches the largest lower end).
The grade sums :math:`G_e(m)` for every move at once are kept up to date as heaps are added: when
:math:`p(r)` is enclosed, its values are added at grade :math:`d(m, r)` for every word :math:`m`
(:math:`O(2^k)` per heap).

Rigour.  Every operation is one IEEE binary64 operation rounded to nearest, followed by a step outwards of
at least one unit in the last place (:func:`exactcube.noisy.interval.arith.dn`, ``up``): the exact result lies
between the two neighbours of the rounded one.  The primitives live in
:mod:`exactcube.noisy.interval.arith`, the piece, the cover and the result type in
:mod:`exactcube.noisy.interval.cover`, both shared with :mod:`exactcube.noisy.interval.taylor`.
The grade sums are exact: each word value is rounded outwards once to an integer multiple of
:math:`2^{-50}` (values) or :math:`2^{-40}` (derivatives, at most :math:`2^{10}` in size), and sums of at most
:math:`2^{12}` such integers fit in 64 bits; each sum is rounded once (outwards) when it is read.  Evidence
``rigorous``.

Statements.  On each sub-interval a statement is *proved* by one of three tests:

* centred: :math:`g(u_c) - |D_g| \max|u - u_c| > 0` for the difference :math:`g` of two moves, or of
  :math:`p(n)` and 1/2 (:math:`V_g` and :math:`D_g` from those of the two terms);
* end point: where :math:`g` is known to vanish at an end :math:`u_0` of :math:`J` (two moves that tie
  there exactly, e.g. at :math:`\varepsilon = 1`, or at a certified crossing), a sign of :math:`D_g` on
  all of :math:`J` proves :math:`g \ne 0` on :math:`J \setminus \{u_0\}` (mean value theorem);
* range: a move whose range lies below the range of the target cannot be optimal.

Why it stays beside :mod:`exactcube.noisy.interval.taylor`.  The Taylor models reach eps = 1/2 and 1, where
this first-order method needs ever more pieces, but away from those points one first-order piece covers
every heap up to :data:`MAX_PROOF_HEAP` with exact fixed-point grade sums, at about a tenth of a Taylor
piece's cost (measured: one piece of heap 256 near eps = 0.995, 0.2 s of CPU against 1.7 s), and
:func:`crossing_piece` isolates a crossing; the region, beyond and n = 4096 crossing claims rest on it.

References: ``noisy`` §3, equation (5), Conjectures 9 and 10; the crossings of
:mod:`exactcube.noisy.eps.crossing`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...errors import BadInput, TooLarge
from ...numbers import mpq, to_mpq
from ...results import Result
from .arith import (add, div_pos, dn, dot_powers, fixed_down, fixed_up, float_down, float_up, from_fixed, mul, powers, sub,
                    up)
from ..nim.channel import popcounts
from ...results import IntervalProof
from .cover import SOURCE, Piece, ProofFailure, cover

__all__ = ["Enclosures", "enclose_on", "Piece", "crossing_piece", "prove_conjecture9_on",
           "prove_failure_region_first_order", "u_of", "eps_of", "MAX_PROOF_HEAP", "values_at_one"]

MAX_PROOF_HEAP = 1 << 12
#: the method of every proof of this module (its provenance)
METHOD = "first-order mean-value enclosures in u, exact fixed-point grade sums, outward-rounded binary64"


def _proof(statement, heaps, eps_lo, eps_hi, open_lo, open_hi, pieces, gaps, t0) -> IntervalProof:
    """The :class:`exactcube.results.IntervalProof` of a statement of this module (``t0`` the wall clock at the start)."""
    import time

    return IntervalProof(statement=statement, heaps=heaps, eps_lo=eps_lo, eps_hi=eps_hi, open_lo=open_lo,
                         open_hi=open_hi, pieces=tuple(pieces), gaps=tuple(gaps), seconds=time.time() - t0,
                         method=METHOD, source=SOURCE, evidence=Enclosures.EVIDENCE)  # every piece on enclosures
_INF = np.inf


# -- the parametrisation ----------------------------------------------------------------------------------


def u_of(eps, above: bool) -> mpq:
    r"""The variable u of the module docstring: eps/(1 - eps) below 1/2, (1 - eps)/eps above (exact)."""
    e = to_mpq(eps)
    if above:
        if not mpq(1, 2) <= e <= 1:
            raise BadInput(f"eps = {e} is not in [1/2, 1]")
        return (1 - e) / e
    if not 0 <= e <= mpq(1, 2):
        raise BadInput(f"eps = {e} is not in [0, 1/2]")
    return e / (1 - e)


# -- grade sums kept exactly in fixed point --------------------------------------------------------------

#: word values are kept as integers in units of 2^-SCALE (values, ranges) and 2^-DSCALE (derivatives),
#: rounded outwards once; sums of at most 2^12 of them are then exact in int64
SCALE = 50
DSCALE = 40
MAX_SLOPE = 2.0 ** 10  # |p(r)'| beyond this would overflow the fixed-point sums: the proof gives up


# -- the enclosures ---------------------------------------------------------------------------------------


@dataclass
class Enclosures(Result):
    r"""For every heap r <= n_max on the u-interval [ul, uh] around uc: ``V`` (p(r)(uc)), ``D`` (p(r)' on J),
    ``R`` (range on J), each a (lo, hi) pair of arrays indexed by r; ``moves[n]`` the per-move (V, D, R)
    of the heaps asked for; ``candidates[r]`` the moves that can be optimal somewhere on J."""

    SOURCE = 'noisy §3, (5): p(r) enclosed for every eps of an interval'
    EVIDENCE = 'rigorous'
    METHOD = 'first-order mean-value enclosures in u, outward-rounded binary64'

    above: bool
    ul: float
    uh: float
    uc: float
    V: tuple
    D: tuple
    R: tuple
    moves: dict
    candidates: dict


def enclose_on(n_max: int, above: bool, ul: float, uh: float, heaps=(), progress=None, on_heap=None) -> Enclosures:
    r"""Rigorous enclosures (module docstring) for every heap r <= n_max and u in [ul, uh] (floats, 0 <= ul <=
    uh <= 1) on the side ``above`` of eps = 1/2; per-move enclosures for the heaps in ``heaps``.  ``on_heap(n, vc,
    dv, rng)``, if given, sees every heap's per-move enclosures as they are made (it may raise to stop early)."""
    if not 0 <= ul <= uh <= 1:
        raise BadInput(f"need 0 <= ul <= uh <= 1, got [{ul}, {uh}]")
    if n_max > MAX_PROOF_HEAP:
        raise TooLarge(f"interval proofs are limited to heaps n <= {MAX_PROOF_HEAP}")
    heaps = set(heaps)
    uc = (ul + uh) / 2
    if not ul <= uc <= uh:
        uc = ul
    off = (dn(ul - uc), up(uh - uc))  # u - uc over J
    Jp = powers((ul, uh), 14)
    Cp = powers((uc, uc), 14)
    K = max(1, n_max.bit_length())
    words = np.arange(1 << K)
    pop = popcounts(1 << K)
    # G[j, d, m]: sum over the words r < n at distance d from m of: 0 count, 1-2 y at the centre (lo, hi),
    # 3-4 y on J (lo, hi), 5-6 y' on J (lo, hi); exact integers (fixed point)
    G = np.zeros((7, K + 1, 1 << K), dtype=np.int64)
    one = np.int64(1) << SCALE
    V = (np.zeros(n_max + 1), np.zeros(n_max + 1))
    D = (np.zeros(n_max + 1), np.zeros(n_max + 1))
    R = (np.zeros(n_max + 1), np.zeros(n_max + 1))
    moves: dict = {}
    cands: dict = {0: ()}
    for n in range(1, n_max + 1):
        r = n - 1  # the word that becomes legal
        if max(abs(D[0][r]), abs(D[1][r])) > MAX_SLOPE:
            raise TooLarge(f"heap {r}: |p'| above {MAX_SLOPE} on [{ul}, {uh}]; use a narrower interval")
        incr = np.array([1, one - fixed_up(V[1][r], SCALE), one - fixed_down(V[0][r], SCALE),
                        one - fixed_up(R[1][r], SCALE), one - fixed_down(R[0][r], SCALE),
                        -fixed_up(D[1][r], DSCALE), -fixed_down(D[0][r], DSCALE)], dtype=np.int64)
        d = pop[words ^ r]
        G[:, d, words] += incr[:, None]
        k = n.bit_length()
        X = G[:, :k + 1, :n]
        if above:
            X = X[:, ::-1, :]  # grade = distance from the complement of m (k digits)
        C = X[0].astype(np.float64)
        Gv = (from_fixed(X[1], SCALE)[0], from_fixed(X[2], SCALE)[1])
        Gr = (from_fixed(X[3], SCALE)[0], from_fixed(X[4], SCALE)[1])
        Gd = (from_fixed(X[5], DSCALE)[0], from_fixed(X[6], DSCALE)[1])
        # shift every move's grades down by its smallest grade e0
        present = C > 0
        e0 = np.argmax(present, axis=0)
        idx = e0[None, :] + np.arange(k + 1)[:, None]
        valid = idx <= k
        idx = np.minimum(idx, k)

        def shift(A, valid=valid, idx=idx):
            return np.where(valid, np.take_along_axis(A, idx, axis=0), 0.0)

        c = shift(C)
        Gv = (shift(Gv[0]), shift(Gv[1]))
        Gr = (shift(Gr[0]), shift(Gr[1]))
        Gd = (shift(Gd[0]), shift(Gd[1]))
        Pc = (Cp[0][:k + 1], Cp[1][:k + 1])
        PJ = (Jp[0][:k + 1], Jp[1][:k + 1])
        cI = (c, c)
        # centre value
        Zc = dot_powers(Pc, cI)
        vc = div_pos(dot_powers(Pc, Gv), Zc)
        # on J: Z, value enclosures (two ways), derivative
        ZJ = dot_powers(PJ, cI)
        safe = np.where(c > 0, c, 1.0)
        ybar = (np.where(c > 0, dn(Gr[0] / safe), _INF), np.where(c > 0, up(Gr[1] / safe), -_INF))
        hull_lo = np.min(ybar[0], axis=0)
        hull_hi = np.max(ybar[1], axis=0)
        naive = div_pos(dot_powers(PJ, Gr), ZJ)
        PJr = (np.maximum(hull_lo, naive[0]), np.minimum(hull_hi, naive[1]))
        # i u^(i-1) on J for i >= 1, 0 for i = 0
        ii = np.arange(k + 1, dtype=float)
        dP = (np.concatenate(([0.0], dn(ii[1:] * PJ[0][:-1]))), np.concatenate(([0.0], up(ii[1:] * PJ[1][:-1]))))
        cp = mul(cI, (PJr[0][None, :], PJr[1][None, :]))
        dev = sub(Gr, cp)  # G_i - c_i p(n, m)
        cov = div_pos(dot_powers(dP, dev), ZJ)
        own = div_pos(dot_powers(PJ, Gd), ZJ)
        dv = add(own, cov)
        rng = add(vc, mul(dv, (np.full(n, off[0]), np.full(n, off[1]))))
        rng = (np.maximum(rng[0], PJr[0]), np.minimum(rng[1], PJr[1]))
        # p(n) = max over moves
        floor = np.max(rng[0])
        cand = np.nonzero(rng[1] >= floor)[0]
        V[0][n], V[1][n] = max(np.max(vc[0]), 0.0), min(np.max(vc[1]), 1.0)
        D[0][n], D[1][n] = np.min(dv[0][cand]), np.max(dv[1][cand])
        R[0][n], R[1][n] = max(floor, 0.0), min(np.max(rng[1]), 1.0)
        cands[n] = tuple(cand.tolist())
        if n in heaps:
            moves[n] = (vc, dv, rng)
        if on_heap is not None:
            on_heap(n, vc, dv, rng)
        if progress is not None:
            progress(n, n_max)
    return Enclosures(above, ul, uh, uc, V, D, R, moves, cands)


# -- statements proved piece by piece -------------------------------------------------------------------


def eps_of(u: float, above: bool) -> mpq:
    """The exact eps of a float u (inverse of :func:`u_of`)."""
    q = mpq(u)
    return 1 / (1 + q) if above else q / (1 + q)


def _centred_lower(vc, dv, off, t, others):
    """Lower bounds over J of p(n, t) - p(n, m) for the moves ``others`` (centred form)."""
    g0 = sub((vc[0][t], vc[1][t]), (vc[0][others], vc[1][others]))
    dg = sub((dv[0][t], dv[1][t]), (dv[0][others], dv[1][others]))
    lo, _ = add(g0, mul(dg, (np.full(len(others), off[0]), np.full(len(others), off[1]))))
    return lo, dg


def _check_piece(n_max, above, ul, uh, targets, half_above, end_tie=None):
    """Run the enclosures on [ul, uh]; raise ProofFailure at the first heap where the statement is not proved.

    ``targets[n]``: the move that must be heap n's unique optimum (every other move below it on J);
    ``half_above``: heaps n whose p(n) must exceed 1/2 on J; ``end_tie`` = (n, rival, u0): at u0 (an end of
    J) the target and ``rival`` tie exactly, and the target must beat it on J minus u0 (derivative sign)."""
    uc = (ul + uh) / 2
    off = (dn(ul - uc), up(uh - uc))

    def on_heap(n, vc, dv, rng):
        t = targets.get(n)
        if t is not None:
            others = np.array([m for m in range(n) if m != t], dtype=np.int64)
            if end_tie is not None and end_tie[0] == n:
                rival, u0 = end_tie[1], end_tie[2]
                others = others[others != rival]
                dg = sub((dv[0][t], dv[1][t]), (dv[0][rival], dv[1][rival]))
                # g(u) = g(u0) + g'(xi)(u - u0), g(u0) = 0: sign of g' decides on J minus u0
                ok = dg[0] > 0 if u0 == ul else dg[1] < 0
                if not ok:
                    raise ProofFailure(f"heap {n}: the slope of p(n, {t}) - p(n, {rival}) is not of one sign")
            if len(others):
                lo, _ = _centred_lower(vc, dv, off, t, others)
                # a move below the target's range also counts (range test)
                below = rng[1][others] < rng[0][t]
                if not np.all((lo > 0) | below):
                    bad = int(others[np.argmax(~((lo > 0) | below))])
                    raise ProofFailure(f"heap {n}: move {bad} not excluded")
        if n in half_above:
            lo = rng[0][targets[n]] if n in targets else None
            if lo is None or not lo > 0.5:
                raise ProofFailure(f"heap {n}: p(n) > 1/2 not proved")

    try:
        enclose_on(n_max, above, ul, uh, on_heap=on_heap)
    except TooLarge as exc:  # a slope too large for the fixed-point sums: narrow the piece
        raise ProofFailure(str(exc)) from None


def values_at_one(n: int, moves) -> dict:
    r"""Exact values p(n, m) at eps = 1 for the given moves, {m: value}: equation (5) with :math:`\mu_n` at eps = 1
    the continuous limit of the channel (:mod:`exactcube.noisy.nim`: uniform on the legal words at the largest
    Hamming distance from m), and p(r) at eps = 1 from the exact solver for the received words r only.  Cheap for
    every n up to :data:`MAX_PROOF_HEAP` when those words are small (from n = 2^j, move n - 1 arrives as word 0 and
    n - 4 as word 3)."""
    from ..nim import channel_weights, solve_nim

    cw = channel_weights(n, 1)
    rows = {m: cw.row(m) for m in moves}
    need = max(r for row in rows.values() for r, w in enumerate(row) if w)
    s = solve_nim(max(need, 1), 1)
    return {m: sum((w * (1 - s.p[r]) for r, w in enumerate(row) if w), mpq(0)) for m, row in rows.items()}


def _cover(n_max, above, ul, uh, targets, half_above, min_width, max_pieces, pieces, gaps, first_tie=None,
           progress=None, width=None):
    """Cover [ul, uh] (u) from left to right by pieces proved by :func:`_check_piece` (the walk of
    :func:`exactcube.noisy.interval.cover.cover`), appending to ``pieces`` and ``gaps``; ``first_tie`` = (n,
    rival) when target and rival tie exactly at u = ul (the first piece then uses the end-point test).  The tie is
    checked, not assumed: it must be at eps = 1 (ul = 0, above 1/2) and p(n, target) = p(n, rival) there exactly
    (:func:`values_at_one`); otherwise the first piece is a gap."""
    if first_tie is not None:
        n, rival = first_tie
        why = None
        if not (above and ul == 0):
            why = f"an end-point tie is only known at eps = 1 (u = 0), not at u = {ul}"
        else:
            vals = values_at_one(n, (targets[n], rival))
            if vals[targets[n]] != vals[rival]:
                why = (f"heap {n}: no exact tie at eps = 1 (p(n, {targets[n]}) = {vals[targets[n]]}, "
                       f"p(n, {rival}) = {vals[rival]})")
        if why is not None:
            gaps.append((ul, uh, why))
            return 0
    def prove(a, b):
        tie = (first_tie[0], first_tie[1], a) if first_tie is not None and a == ul else None
        _check_piece(n_max, above, a, b, targets, half_above, tie)
        return Piece(a, b, "end" if tie else "centred")

    def on_piece(piece, _count):
        pieces.append(piece)
        if progress is not None:
            progress(piece.uh, uh)  # (done, total) in u: the cover has reached piece.uh of [ul, uh]

    _, new_gaps, tries = cover(ul, uh, width if width is not None else (uh - ul) / 8, prove, min_width=min_width,
                               max_pieces=max_pieces, on_piece=on_piece)
    gaps.extend(new_gaps)
    return tries


def crossing_piece(n: int, a: int, b: int, above: bool, u_guess: float, w: float):
    """J0 = [u_guess - w, u_guess + w] and a proof that heap n's optimal moves cross exactly once on J0:
    p(n, a) - p(n, b) has a derivative of one sign on J0 and opposite signs at its ends, every other move
    stays below one of the two on J0, and p(n) > 1/2 there.  Returns (Piece, sign of p(n, a) - p(n, b) at the left end) or raises
    ProofFailure."""
    ul, uh = u_guess - w, u_guess + w
    res = {}

    def on_heap(m, vc, dv, rng):
        if m != n:
            return
        dg = sub((dv[0][a], dv[1][a]), (dv[0][b], dv[1][b]))
        if not (dg[0] > 0 or dg[1] < 0):
            raise ProofFailure(f"the slope of p(n, {a}) - p(n, {b}) is not of one sign on [{ul}, {uh}]")
        top = max(rng[0][a], rng[0][b])  # p(n) >= top on all of J0
        others = [x for x in range(n) if x not in (a, b)]
        if others and not np.max(rng[1][others]) < top:
            raise ProofFailure("another move competes")
        if not top > 0.5:
            raise ProofFailure("p(n) > 1/2 not proved on the crossing piece")
        res["slope"] = dg

    try:
        enclose_on(n, above, ul, uh, on_heap=on_heap)
    except TooLarge as exc:
        raise ProofFailure(str(exc)) from None
    signs = []
    for x in (ul, uh):
        E = enclose_on(n, above, x, x, heaps=(n,))
        vc = E.moves[n][0]
        g = sub((vc[0][a], vc[1][a]), (vc[0][b], vc[1][b]))
        if g[0] > 0:
            signs.append(1)
        elif g[1] < 0:
            signs.append(-1)
        else:
            raise ProofFailure(f"no sign at u = {x}")
    if signs[0] == signs[1]:
        raise ProofFailure("no crossing inside")
    return Piece(ul, uh, "crossing"), signs[0]


def crossing_guess(n: int):
    """(eps bracket (lo, hi) of width < 1e-12, rival) of the crossing of Conjecture 10 at heap n (certified floating
    point decisions at the ends; :mod:`exactcube.noisy.eps.crossing`)."""
    from ..eps import crossing as cr

    found = cr.find_bracket(n)
    if found is None:
        raise BadInput(f"heap {n}: move {n - 1} is optimal up to 99/100: no crossing to start from")
    lo, hi, rival = found
    lo, hi = cr.bracket(n, n - 1, rival, lo, hi, width="1e-12")
    return lo, hi, rival


def isolate_crossing(n: int, w: float = 1e-5):
    """(rival, piece, sign): the crossing of Conjecture 10 at heap n = 2^j (n >= 256) isolated by
    :func:`crossing_piece` on a piece of half-width ``w`` around :func:`crossing_guess`, the width quartered until
    the proof holds (down to 1e-9; then piece and sign are None).  ``sign`` is that of p(n, rival) - p(n, n - 1)
    at the piece's left end in u, that is beyond the crossing (eps > eps*)."""
    lo, hi, rival = crossing_guess(n)
    ug = float(u_of((lo + hi) / 2, True))
    while w > 1e-9:
        try:
            cross, sign = crossing_piece(n, rival, n - 1, True, ug, w)
            return rival, cross, sign
        except ProofFailure:
            w /= 4
    return rival, None, None


def crossing_gap(n: int, rival: int, cross, sign) -> str | None:
    """Why an isolated crossing (:func:`isolate_crossing`) cannot start the proof beyond it, or None: beyond the
    crossing the rival must be above move n - 1 (sign +1)."""
    if cross is None:
        return "crossing not isolated"
    if sign != 1:
        return (f"crossing oriented the wrong way: p(n, {rival}) - p(n, {n - 1}) has sign {sign} beyond the "
                "crossing, not +1")
    return None


def prove_failure_region_first_order(n: int, eps_from=None, min_width: float = 1e-12, max_pieces: int = 4000,
                              progress=None) -> IntervalProof:
    r"""Heap n = 2^j past its crossing: the rival move (n - 4) is the unique optimal move and p(n) > 1/2 for every
    eps in (eps*, 1); and, with ``eps_from`` (> 1/2), move n - 1 is the unique optimal move and p(n) > 1/2 for
    every eps in [eps_from, eps*).  eps* is the unique crossing inside the piece of :func:`crossing_piece`.
    At eps = 1 the two moves tie (both win surely), so 1 is excluded."""
    import time

    t0 = time.time()
    if n < 4 or n & (n - 1):
        raise BadInput(f"n = {n} is not a power of two >= 4")
    rival, cross, sign = isolate_crossing(n)
    pieces, gaps = [], []
    why = crossing_gap(n, rival, cross, sign)
    if why is not None:
        gaps.append((cross.ul, cross.uh, why) if cross is not None else (0.0, 0.0, why))
        return _proof(why, (n,), mpq(1, 2), mpq(1), True, True, (), gaps, t0)
    pieces.append(cross)
    targets = {n: rival}
    _cover(n, True, 0.0, cross.ul, targets, {n}, min_width, max_pieces, pieces, gaps, first_tie=(n, n - 1),
           progress=progress, width=cross.ul / 64)
    stmt = (f"heap {n}: move {rival} is the unique optimal move and p({n}) > 1/2 for every eps in (eps*, 1), "
            f"eps* the unique crossing of moves {n - 1} and {rival} in [{float(eps_of(cross.uh, True)):.15f}, "
            f"{float(eps_of(cross.ul, True)):.15f}]")
    lo_eps = eps_of(cross.uh, True)
    if eps_from is not None:
        eps_from = to_mpq(eps_from)
        if not mpq(1, 2) < eps_from < eps_of(cross.uh, True):
            raise BadInput(f"eps_from = {eps_from} must lie in (1/2, eps*), below the crossing piece")
        _cover(n, True, cross.uh, float_up(u_of(eps_from, True)), {n: n - 1}, {n}, min_width, max_pieces, pieces,
               gaps, progress=progress, width=1e-4)
        stmt += f"; move {n - 1} is the unique optimal move and p({n}) > 1/2 for every eps in [{eps_from}, eps*)"
        lo_eps = eps_from
    return _proof(stmt, (n,), lo_eps, mpq(1), eps_from is None, True, pieces, gaps, t0)


def prove_conjecture9_on(n_max: int, eps_to, eps_from=0, min_width: float = 1e-12, max_pieces: int = 4000,
                         progress=None) -> IntervalProof:
    r"""Conjecture 9 on the closed interval [eps_from, eps_to] (inside [0, 1/2)) for every heap 2..n_max: move 0 is
    the unique optimal move and p(n) > 1/2."""
    import time

    t0 = time.time()
    eps_from, eps_to = to_mpq(eps_from), to_mpq(eps_to)
    if not 0 <= eps_from < eps_to < mpq(1, 2):
        raise BadInput(f"need 0 <= eps_from < eps_to < 1/2, got [{eps_from}, {eps_to}]")
    targets = {r: 0 for r in range(2, n_max + 1)}
    pieces, gaps = [], []
    ul = float_down(u_of(eps_from, False))
    uh = float_up(u_of(eps_to, False))
    _cover(n_max, False, ul, uh, targets, set(targets), min_width, max_pieces, pieces, gaps, progress=progress,
           width=(uh - ul) / 16)
    stmt = f"for every heap 2..{n_max}: move 0 is the unique optimal move and p(n) > 1/2 for every eps in [{eps_from}, {eps_to}]"
    return _proof(stmt, tuple(range(2, n_max + 1)), eps_from, eps_to, False, False, pieces, gaps, t0)
