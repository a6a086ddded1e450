r"""Whole intervals that reach eps = 1/2: Taylor models in s = |1 - 2 eps| (``noisy`` (5), Conjectures 9-10).

Why a second method.  At :math:`\varepsilon = 1/2` every move of every heap :math:`n \ge 2` has the value
1/2, and to first order the moves differ only by the parity of the move (:mod:`exactcube.noisy.eps.ends`).
Conjecture 9 (move 0 among the even moves, below 1/2) and Conjecture 10 (move :math:`n-1` among the odd
ones, above) are decided at second order there: the margins vanish like :math:`c\,s^2` with :math:`c` as
small as :math:`6 \cdot 10^{-8}` (heap 513).  The first-order enclosures of
:mod:`exactcube.noisy.interval.firstorder` need ever more pieces towards 1/2 and never reach it.  This module
proves the statements on a piece :math:`[0, s_1]` that contains 1/2 itself (as an excluded end point),
and on the pieces between :math:`s_1` and the far end, with Taylor models of order :math:`J` (default 7).

Variable.  On the side :math:`\sigma = +1` (below 1/2) or :math:`\sigma = -1` (above),
:math:`\varepsilon = (1 - \sigma s)/2`, :math:`s \in [0, 1)`.  A word at Hamming distance :math:`d` from
the move (:math:`k` binary digits) has the weight :math:`w_d(s) = (1 + \sigma s)^{k-d} (1 - \sigma s)^d`
(the factor :math:`2^{-k}` cancels in (5)), an integer polynomial.  With the grade sums
:math:`G_d(m) = \sum_{r < n,\ d(m, r) = d} y_r` (:math:`y_r = 1 - p(r)`) and counts :math:`c_d(m)`,

.. math::

   p(n, m) = N/Z, \qquad N = \sum_d w_d\, G_d(m), \qquad Z = \sum_d c_d(m)\, w_d > 0 .

Taylor models.  A piece is :math:`s = s_c + \delta`, :math:`\delta \in [\delta_l, \delta_h]`.  A model of
:math:`f` is a list of intervals :math:`[f_0], \dots, [f_J]` containing the true Taylor coefficients of
:math:`f` at :math:`s_c`, and an interval :math:`[\rho]` with
:math:`f(s_c + \delta) - \sum_{j \le J} f_j \delta^j \in [\rho]\,\delta^{J+1}` on the piece.  It is kept
under the three operations the recurrence needs:

* sums (coefficient by coefficient);
* the product by an exact polynomial :math:`W = \sum_i W_i \delta^i`: coefficients
  :math:`\sum_{i+j=e} [W_i][f_j]`, and the rest
  :math:`\sum_{i+j>J} [W_i][f_j]\,\mathrm{range}(\delta^{i+j-J-1}) + \mathrm{range}(W)\,[\rho]`;
* the quotient by :math:`Z > 0` (:func:`~exactcube.noisy.interval.taylor_model.tm_div`, the one quotient of the
  package's models): coefficients by the series recurrence
  :math:`q_e = ([N_e] - \sum_{i \ge 1} [Z_i] q_{e-i}) / [Z_0]` (true coefficients stay inside), and the rest
  :math:`N/Z - \sum_{e \le J} q_e \delta^e = (R_N - \sum_{i+j>J} Z_i q_j \delta^{i+j}) / Z`, hence
  :math:`([\rho_N] - \sum_{i+j>J} [Z_i][q_j]\,\mathrm{range}(\delta^{i+j-J-1})) / \mathrm{range}(Z)`.

:math:`p(n)` is the value of the move proved to be the unique optimum on the piece; where no move is
(an intermediate heap whose optimum changes inside a piece away from 1/2), the model of the best move is
widened by :math:`[0, U]` in its constant coefficient, :math:`U` an upper bound of the others' excess
(the model is then only an enclosure of values, which is all a piece away from 1/2 uses).

The end piece :math:`[0, s_1]`.  There the models are expanded at :math:`s = 0` and two facts are exact:
every :math:`p(n, m)`, :math:`n \ge 2`, equals 1/2 at :math:`s = 0`, and two moves of the same parity have
the same first derivative there (:mod:`exactcube.noisy.eps.ends`: :math:`p'(n, m) = \pm 2/n - \frac1n
\sum_r p'(r)`).  So the difference :math:`g` of two moves has :math:`g_0 = 0` (and :math:`g_1 = 0` for the
same parity), and :math:`g(s)/s^{j_0} = [g_{j_0}] + \dots + [\rho] s^{J + 1 - j_0} > 0` on
:math:`[0, s_1]` proves :math:`g > 0` on :math:`(0, s_1]`; likewise :math:`p(n) - 1/2` with :math:`j_0 = 1`.
Every heap must have a unique optimum on the end piece, so that :math:`p(r)` is smooth there and the
coefficients are true Taylor coefficients.

The end piece :math:`[1 - h, 1]` above 1/2 (:math:`\varepsilon \to 1`).  A move whose farthest legal word is at
distance :math:`t < k` has its weights divided by :math:`(1 - s)^{k - t}`, so :math:`Z > 0` at :math:`s = 1`.
The models are expanded at :math:`s = 1`, and the value and slope of every move there are computed alongside in
exact rationals (:func:`_germ_at_one`).  The difference of two moves is then tested as :math:`g/\delta^{j_0}`,
:math:`\delta = s - 1 \le 0`, :math:`j_0` the order of the first exact coefficient that differs (0, 1 or 2).
This decides ties to first order at :math:`\varepsilon = 1`, such as moves 127 and 124 of heap 128.  A heap
outside the statement may keep a move that ties with its best to first order unresolved: :math:`p(r)` is then
enclosed by widening the second-order coefficient, and its value and slope at 1 are still exact (a maximum of
functions with one value and one slope at a point has that value and slope there), which is all the coefficients
of orders 0 and 1 must be.

Rigour: every float operation is rounded outwards (:mod:`exactcube.noisy.interval.arith`; the
piece, the cover and the result type are :mod:`exactcube.noisy.interval.cover`, shared with :mod:`exactcube.noisy.interval.firstorder`);
the weight polynomials, their ranges and the piece's end points are exact rationals rounded outwards
once.  The sums over the distance d (grade sums times weights, counts times weights), where most of the time
goes, are interval matrix products (:func:`~exactcube.noisy.interval.arith.matmul`: midpoints and radii, two BLAS
products, the dot product's error bound).  Evidence ``rigorous``.

References: ``noisy`` §3, equation (5), Conjectures 9 and 10; :mod:`exactcube.noisy.eps.ends`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from ...errors import BadInput, TooLarge
from ...numbers import mpq, to_mpq
from ...results import Result
from .arith import dn, q_interval, sub, up
from ..nim.channel import popcounts
from ...results import IntervalProof
from .cover import SOURCE, Piece, ProofFailure, cover
from .taylor_model import TM, dyadic_mid, lower_bound, moves_model, pow_ranges, shifted_weights, upper_bound
from . import firstorder as ip
from .firstorder import MAX_PROOF_HEAP
from .low_targets import MAX_LOW_MOVE_HEAP, LowMoveTargets, low_moves_below

__all__ = ["TaylorPiece", "taylor_piece", "prove_near_half", "prove_conjecture9_near_half",
           "prove_conjecture10_near_half", "prove_failure_region_taylor", "DEFAULT_ORDER"]

DEFAULT_ORDER = 7
#: moves whose models are formed together: (k + 1) x 512 x (J + 1) floats per array, a few hundred kB, so that the
#: elementwise interval operations run in cache (one piece at heap 2048: 46.7 s of CPU, against 72.6 s with all moves
#: at once and 49.2 s with blocks of 256, measured on the same machine and load)
_BLOCK = 512
_HALF = 0.5  # the level of "p(n) > 1/2" (a name so that a test can raise it and see the check fail)


@dataclass(frozen=True)
class TaylorPiece(Result):
    """One piece [s_lo, s_hi] (s = |1 - 2 eps|) on which the statement was proved; ``end`` when it touches eps = 1/2
    (s_lo = 0) or, above 1/2, eps = 1 (s_hi = 1): that end point itself is excluded."""

    SOURCE = 'noisy §3, (5): a statement on one piece of eps'
    EVIDENCE = 'rigorous'
    METHOD = 'Taylor models in s = |1 - 2 eps|, outward-rounded binary64'

    s_lo: mpq
    s_hi: mpq
    end: bool
    order: int


def taylor_piece(n_max: int, sigma: int, s_lo, s_hi, targets: dict, half_above, order: int = DEFAULT_ORDER,
                 on_heap=None) -> TaylorPiece:
    r"""Prove on the piece s in [s_lo, s_hi] (exact rationals): for every heap n in ``targets`` the move
    ``targets[n]`` is the unique optimum (``None``: some move, found from the models, is the unique optimum), and
    p(n) > 1/2 for n in ``half_above``.  Raises ProofFailure (a message) when a test fails.

    s_lo = 0 is the end piece at eps = 1/2 (excluded); above 1/2, s_hi = 1 is the end piece at eps = 1 (excluded):
    there the models are expanded at s = 1, the values at eps = 1 are exact (the continuous extension, computed
    alongside in rationals), and so are the slopes there (:func:`_germ_at_one`); the test is then on g/delta^j0, j0 the
    order of the first exact coefficient that differs (0, 1 or 2).  On the end piece at 1/2 every heap must have a
    unique optimum; on the one at eps = 1 a heap outside ``targets`` may keep moves that tie with its best in value
    and slope there unresolved (p(n) is then enclosed; its value and slope at eps = 1 are still exact)."""
    J = int(order)
    s_lo, s_hi = to_mpq(s_lo), to_mpq(s_hi)
    if not 0 <= s_lo < s_hi <= 1:
        raise BadInput(f"need 0 <= s_lo < s_hi <= 1, got [{s_lo}, {s_hi}]")
    limit = MAX_LOW_MOVE_HEAP if isinstance(targets, LowMoveTargets) else MAX_PROOF_HEAP
    if n_max > limit:
        raise TooLarge(f"Taylor-model proofs are limited to heaps n <= {limit}")
    mode = "half" if s_lo == 0 else "one" if (s_hi == 1 and sigma < 0) else "centred"
    sc = mpq(0) if mode == "half" else mpq(1) if mode == "one" else dyadic_mid(s_lo, s_hi)
    dl, dh = s_lo - sc, s_hi - sc
    K = max(1, n_max.bit_length())
    P = pow_ranges(dl, dh, K + J + 2)
    words = np.arange(1 << K)
    pop = popcounts(1 << K)
    Glo = np.zeros((K + 1, 1 << K, J + 1))
    Ghi = np.zeros((K + 1, 1 << K, J + 1))
    GRlo = np.zeros((K + 1, 1 << K))
    GRhi = np.zeros((K + 1, 1 << K))
    C = np.zeros((K + 1, 1 << K), dtype=np.int64)
    exact1 = mode == "one"
    low = isinstance(targets, LowMoveTargets)
    if low and (sigma < 0 or mode == "one"):
        raise BadInput("the low-move reduction holds below 1/2 only (Theorem B7)")
    if exact1:  # exact grade sums of the values and slopes at eps = 1 (the first-order germ there)
        Gx = np.empty((K + 1, 1 << K), dtype=object)
        Gx.fill(mpq(0))
        Gdx = Gx.copy()
        yx, ydx = mpq(1), mpq(0)
    # y_r = 1 - p(r): models; y_0 = 1, y_1 = 0 exactly
    ylo = np.zeros(J + 1)
    yhi = np.zeros(J + 1)
    ylo[0] = yhi[0] = 1.0
    yrl = yrh = 0.0
    weights: dict = {}
    for n in range(1, n_max + 1):
        r = n - 1
        d = pop[words ^ r]
        Glo[d, words] = dn(Glo[d, words] + ylo)
        Ghi[d, words] = up(Ghi[d, words] + yhi)
        GRlo[d, words] = dn(GRlo[d, words] + yrl)
        GRhi[d, words] = up(GRhi[d, words] + yrh)
        C[d, words] += 1
        if exact1:
            Gx[d, words] = Gx[d, words] + yx
            Gdx[d, words] = Gdx[d, words] + ydx
        k = n.bit_length()
        Cn = C[:k + 1, :n]
        # the farthest legal word of each move (the grade shift above 1/2)
        tops = k - np.argmax(Cn[::-1] > 0, axis=0) if sigma < 0 else np.full(n, k)
        M = TM((np.empty((n, J + 1)), np.empty((n, J + 1))), (np.empty(n), np.empty(n)))
        lim = low_moves_below(n) if low and n in targets else n  # other heaps: every move, as in the full form
        for top in np.unique(tops[:lim]):
            idx = np.nonzero(tops[:lim] == top)[0]
            key = (k, int(top))
            if key not in weights:
                weights[key] = shifted_weights(k, sigma, sc, s_lo, s_hi, int(top))
            W, Wr = weights[key]
            for b0 in range(0, len(idx), _BLOCK):  # the models of each move are independent: blocks that stay in cache
                ib = idx[b0:b0 + _BLOCK]
                Mg = moves_model(Glo[:k + 1, ib], Ghi[:k + 1, ib], GRlo[:k + 1, ib], GRhi[:k + 1, ib],
                                  Cn[:, ib], W, Wr, P, J)
                M.c[0][ib], M.c[1][ib], M.r[0][ib], M.r[1][ib] = Mg.c[0], Mg.c[1], Mg.r[0], Mg.r[1]
        germ1 = _germ_at_one(n, tops, Cn, Gx, Gdx) if exact1 else None
        best = _decide(n, M, targets, half_above, mode, P, J, germ1)
        if on_heap is not None:
            on_heap(n, M, best, germ1)
        if isinstance(best, tuple):  # an enclosure of the max: p(n) - model in [0, U] delta^j (j = 0, or 2 at eps = 1)
            b, U = best
            clo, chi = M.c[0][b].copy(), M.c[1][b].copy()
            j = 2 if exact1 else 0
            chi[j] = up(chi[j] + U)
            rl, rh = M.r[0][b], M.r[1][b]
        else:
            b = best
            clo, chi, rl, rh = M.c[0][b].copy(), M.c[1][b].copy(), M.r[0][b], M.r[1][b]
        if exact1:  # value and slope at eps = 1 are known exactly
            yx, ydx = 1 - germ1[0][b], -germ1[1][b]
            clo[0], chi[0] = q_interval(germ1[0][b])
            clo[1], chi[1] = q_interval(germ1[1][b])
        ylo, yhi = dn(-chi), up(-clo)
        ylo[0], yhi[0] = dn(1.0 - chi[0]), up(1.0 - clo[0])
        yrl, yrh = -rh, -rl
    return TaylorPiece(s_lo, s_hi, mode != "centred", J)


def _germ_at_one(n, tops, Cn, Gx, Gdx):
    r"""Exact value and slope (d/ds, s -> 1 from below, above 1/2) at eps = 1 of every move of heap n.  With t the
    grade of the farthest legal words, the shifted weights (1 - s)^(t-d) (1 + s)^d leave only d = t at s = 1 and
    d = t - 1 in the slope:

    .. math::  p(n, m)(1) = G_t / c_t, \qquad p(n, m)'(1) = G'_t / c_t + (G_t c_{t-1} - G_{t-1} c_t) / (2 c_t^2),

    with G the grade sums of y_r = 1 - p(r) and G' those of y_r' (exact rationals)."""
    vals, slopes = [], []
    for m in range(n):
        t = int(tops[m])
        ct = int(Cn[t, m])
        v = Gx[t, m] / ct
        sl = Gdx[t, m] / ct
        if t >= 1:
            sl += (Gx[t, m] * int(Cn[t - 1, m]) - Gx[t - 1, m] * ct) / (2 * ct * ct)
        vals.append(v)
        slopes.append(sl)
    return vals, slopes


def _decide(n, M, targets, half_above, mode, P, J, germ1=None):
    """The move whose model is p(n) on the piece (proved unique where required), or (move, U) for an enclosure.
    ``mode``: 'half' (end piece at eps = 1/2), 'one' (end piece at eps = 1, ``germ1`` the exact values and slopes
    there, :func:`_germ_at_one`) or 'centred'."""
    if n == 1:
        return 0
    target = targets.get(n, None)
    mid = (M.c[0] + M.c[1]) / 2
    if target is None:
        if mode == "centred":
            target = int(np.argmax(M.c[0][:, 0]))
        else:
            # the best near the expansion point: lexicographic on the coefficients, in the direction of the piece
            if mode == "one":
                vals, slopes = germ1
                top = max(vals)
                low = min(slopes[m] for m in range(n) if vals[m] == top)
                cand = np.array([m for m in range(n) if vals[m] == top and slopes[m] == low])
                first = 2
            else:
                cand = np.arange(n)
                first = 1
            # a candidate stays while its coefficient is not proved below another's (interval ends, not midpoints:
            # moves of one parity have one slope at 1/2, and their midpoints differ by rounding alone)
            for j in range(first, J + 1):
                if len(cand) == 1:
                    break
                sg = -1 if (mode == "one" and j % 2) else 1
                lo, hi = (M.c[0][cand, j], M.c[1][cand, j]) if sg > 0 else (-M.c[1][cand, j], -M.c[0][cand, j])
                cand = cand[hi >= lo.max()]
            target = int(cand[np.argmax(mid[cand, j] * sg)]) if len(cand) > 1 else int(cand[0])
    lim = low_moves_below(n) if isinstance(targets, LowMoveTargets) and n in targets else n
    if target >= lim:
        raise BadInput(f"heap {n}: the reduced form compares a low move (below {lim}) with the others, not move {target}")
    others = np.array([m for m in range(lim) if m != target], dtype=np.int64)
    glo, ghi = sub((M.c[0][target][None, :], M.c[1][target][None, :]), (M.c[0][others], M.c[1][others]))
    rlo, rhi = sub((M.r[0][target], M.r[1][target]), (M.r[0][others], M.r[1][others]))
    ok = np.empty(len(others), dtype=bool)
    if mode == "half":
        glo[:, 0] = ghi[:, 0] = 0.0  # every move of a heap >= 2 is 1/2 at eps = 1/2
        same = (others % 2) == (target % 2)
        glo[same, 1] = ghi[same, 1] = 0.0  # same parity, same slope at 1/2 (module half)
        for j0, sel in ((2, same), (1, ~same)):
            if sel.any():
                ok[sel] = lower_bound(glo[sel], ghi[sel], rlo[sel], rhi[sel], P, j0, J) > 0
    elif mode == "one":
        # delta = s - 1 <= 0; g = p(n, target) - p(n, b) has the exact value g0 and slope g1 at delta = 0
        vals, slopes = germ1
        j0s = np.zeros(len(others), dtype=np.int64)
        for i, b in enumerate(others):
            g0 = vals[target] - vals[b]
            g1 = slopes[target] - slopes[b]
            glo[i, 0], ghi[i, 0] = q_interval(g0)
            glo[i, 1], ghi[i, 1] = q_interval(g1)
            if g0 < 0 or (g0 == 0 and g1 > 0):
                j0s[i] = -1  # b is better as eps -> 1
            elif g0 == 0:
                j0s[i] = 1 if g1 < 0 else 2
        ok[j0s == -1] = False
        for j0 in (0, 1, 2):
            sel = j0s == j0
            if sel.any():
                if j0 == 1:  # g/delta < 0 on the piece
                    ok[sel] = upper_bound(glo[sel], ghi[sel], rlo[sel], rhi[sel], P, 1, J) < 0
                else:  # g/delta^j0 > 0
                    ok[sel] = lower_bound(glo[sel], ghi[sel], rlo[sel], rhi[sel], P, j0, J) > 0
    else:
        ok = lower_bound(glo, ghi, rlo, rhi, P, 0, J) > 0
    required = n in targets or mode == "half"
    if not ok.all():
        bad = int(others[np.argmax(~ok)])
        sel = ~ok
        # at eps = 1 a move that ties with the target in value and slope there may stay unresolved: p(n) then lies
        # between the target's model and that model plus U delta^2
        jh = 2 if mode == "one" else 0
        if required or (mode == "one" and not np.all(j0s[sel] == 2)):
            raise ProofFailure(f"heap {n}: move {bad} not excluded below move {target}")
        U = np.max(upper_bound(-ghi[sel], -glo[sel], -rhi[sel], -rlo[sel], P, jh, J))
        best = (target, max(0.0, float(U)))
    else:
        best = target
    if n in half_above:
        if isinstance(best, tuple):
            raise ProofFailure(f"heap {n}: no unique optimum")
        hlo, hhi = M.c[0][target][None, :].copy(), M.c[1][target][None, :].copy()
        hlo[:, 0], hhi[:, 0] = dn(hlo[:, 0] - _HALF), up(hhi[:, 0] - _HALF)
        j0 = 0
        if mode == "half" and _HALF == 0.5:
            hlo[:, 0] = hhi[:, 0] = 0.0
            j0 = 1
        elif mode == "one":
            hlo[:, 0], hhi[:, 0] = q_interval(germ1[0][target] - mpq(_HALF))
        if not lower_bound(hlo, hhi, M.r[0][target:target + 1], M.r[1][target:target + 1], P, j0, J)[0] > 0:
            raise ProofFailure(f"heap {n}: p(n) > 1/2 not proved")
    return best


def _cover(n_max, sigma, s_to, targets, half_above, order, s1, progress, min_width, max_pieces, s_from=mpq(0),
           attempt=None):
    if attempt is None:  # the statement's test on one piece [a, b]: raises ProofFailure or TooLarge when it fails
        def attempt(a, b):
            taylor_piece(n_max, sigma, a, b, targets, half_above, order)
    pieces, gaps = [], []
    tries = 0
    far = []
    if sigma < 0 and s_to == 1:
        # the end piece at eps = 1 first: halve its width until it is proved
        h = mpq(1, 8)
        while True:
            tries += 1
            try:
                attempt(1 - h, 1)
                far.append(TaylorPiece(1 - h, mpq(1), True, order))
                break
            except (ProofFailure, TooLarge) as exc:
                if h < min_width or tries > max_pieces:
                    gaps.append((1 - h, mpq(1), str(exc)))
                    return pieces, gaps
                h = h / 2
        s_to = 1 - h
    # the end piece at eps = 1/2 (unless the cover starts at s_from > 0): halve s1 until it is proved
    while s_from == 0:
        tries += 1
        try:
            attempt(0, s1)
            pieces.append(TaylorPiece(mpq(0), s1, True, order))
            break
        except (ProofFailure, TooLarge) as exc:
            if s1 < min_width or tries > max_pieces:
                gaps.append((mpq(0), s1, str(exc)))
                return pieces, gaps
            s1 = s1 / 2
    if progress is not None and pieces:  # (done, total) in s: the cover has reached s_hi of [0, s_to]
        progress(pieces[-1].s_hi, s_to)
    def prove(a, b):
        attempt(a, b)
        return TaylorPiece(a, b, False, order)

    def on_piece(piece, count):
        if progress is not None:
            progress(piece.s_hi, s_to)

    a = s1 if s_from == 0 else s_from
    walked, gaps, tries = cover(a, s_to, a if s_from == 0 else (s_to - s_from) / 8, prove, min_width=min_width,
                                max_pieces=max_pieces, tries=tries, stop_at_gap=True, on_piece=on_piece)
    pieces += walked
    return pieces + far, gaps


#: the method of every proof of this module (its provenance)
METHOD = "Taylor models of order J in s = |1 - 2 eps|, outward-rounded binary64"


def _proof(statement, heaps, eps_lo, eps_hi, open_lo, open_hi, pieces, gaps, t0, method=METHOD) -> IntervalProof:
    """The :class:`exactcube.results.IntervalProof` of a statement of this module (``t0`` the wall clock at the start)."""
    return IntervalProof(statement=statement, heaps=heaps, eps_lo=eps_lo, eps_hi=eps_hi, open_lo=open_lo,
                         open_hi=open_hi, pieces=tuple(pieces), gaps=tuple(gaps), seconds=time.time() - t0,
                         method=method, source=SOURCE, evidence=TaylorPiece.EVIDENCE)  # every piece on Taylor models


def prove_near_half(n_max: int, sigma: int, s_to, targets: dict, half_above, statement: str,
                    order: int = DEFAULT_ORDER, s1=mpq(1, 32), progress=None, min_width=mpq(1, 1 << 20),
                    max_pieces: int = 400, s_from=0, attempt=None, method=METHOD) -> IntervalProof:
    """Cover s in (0, s_to] (eps = 1/2 excluded; above 1/2 with s_to = 1 also eps = 1 excluded) by end pieces and
    Taylor-model pieces; see :func:`taylor_piece` for ``targets`` and ``half_above``.  ``attempt(a, b)``, when given,
    replaces the test of a piece (it raises :class:`ProofFailure` when the statement is not proved on [a, b]):
    another method's models of the same statement, walked by the same cover (``method`` names it)."""
    t0 = time.time()
    s_to, s_from = to_mpq(s_to), to_mpq(s_from)
    if not 0 <= s_from < s_to <= 1:
        raise BadInput(f"need 0 <= s_from < s_to <= 1, got [{s_from}, {s_to}]")
    pieces, gaps = _cover(n_max, sigma, s_to, targets, half_above, order, min(to_mpq(s1), s_to), progress,
                          to_mpq(min_width), max_pieces, s_from, attempt)
    half = (1 - sigma * s_from) / 2
    far = (1 - sigma * s_to) / 2
    lo, hi = (far, half) if sigma > 0 else (half, far)
    return _proof(statement, tuple(sorted(targets)), lo, hi, sigma < 0 and s_from == 0,
                  (sigma > 0 and s_from == 0) or (sigma < 0 and s_to == 1),
                  [Piece(float(p.s_lo), float(p.s_hi), ("end" if p.s_lo == 0 else "end-one") if p.end else "taylor")
                   for p in pieces], [(float(a), float(b), m) for a, b, m in gaps], t0, method)


def prove_conjecture9_near_half(n_max: int, eps_from=mpq(1, 4), **kw) -> IntervalProof:
    """Conjecture 9 on [eps_from, 1/2): for every heap 2..n_max move 0 is the unique optimum and p(n) > 1/2."""
    eps_from = to_mpq(eps_from)
    if not 0 <= eps_from < mpq(1, 2):
        raise BadInput(f"eps_from must lie in [0, 1/2), got {eps_from}")
    targets = {n: 0 for n in range(2, n_max + 1)}
    stmt = (f"for every heap 2..{n_max}: move 0 is the unique optimal move and p(n) > 1/2 for every eps in "
            f"[{eps_from}, 1/2)")
    return prove_near_half(n_max, 1, 1 - 2 * eps_from, targets, set(targets), stmt, **kw)


def prove_conjecture10_near_half(n_max: int, eps_to=mpq(3, 5), **kw) -> IntervalProof:
    """Conjecture 10 on (1/2, eps_to] for eps_to < 1, and on (1/2, 1) for eps_to = 1 (eps = 1 itself excluded: there
    moves n - 1 and n - 4 tie for n >= 4): for every n = 2^j <= n_max move n - 1 is the unique optimum and p(n) > 1/2."""
    eps_to = to_mpq(eps_to)
    if not mpq(1, 2) < eps_to <= 1:
        raise BadInput(f"eps_to must lie in (1/2, 1], got {eps_to}")
    pw = [1 << j for j in range(1, n_max.bit_length()) if (1 << j) <= n_max]
    targets = {n: n - 1 for n in pw}
    where = "(1/2, 1)" if eps_to == 1 else f"(1/2, {eps_to}]"
    stmt = (f"for every n = 2^j in 2..{n_max}: move n - 1 is the unique optimal move and p(n) > 1/2 for every eps "
            f"in {where}")
    return prove_near_half(n_max, -1, 2 * eps_to - 1, targets, set(pw), stmt, **kw)


def prove_failure_region_taylor(n: int, eps_from=None, order: int = DEFAULT_ORDER, progress=None,
                              min_width=mpq(1, 1 << 20), max_pieces: int = 400) -> IntervalProof:
    r"""The failure region of Conjecture 10 at heap n = 2^j (n >= 256) by Taylor models: the rival move (n - 4) is the
    unique optimal move and p(n) > 1/2 for every eps in (eps*, 1), and with ``eps_from`` in (1/2, eps*) move n - 1
    on [eps_from, eps*) too; the statement of
    :func:`exactcube.noisy.interval.firstorder.prove_failure_region_first_order`, by another method.  Three parts: the crossing piece of :func:`~exactcube.noisy.interval.firstorder.isolate_crossing`
    (first-order enclosures: p(n, rival) - p(n, n - 1) strictly monotone there, of opposite signs at the ends, every
    other move below one of the two, p(n) > 1/2; half-width 1e-3 in u to start, so that the covers on either side
    meet margins that are not too small); the cover of s from the crossing piece up to s = 1 with target n - 4,
    whose end piece at eps = 1 decides the tie of the two moves there (value 1 each) by their exact slopes
    (:func:`_germ_at_one`; loss rates j and (j + 7)/2, ``noisy.ends.germ_at_one``); and, with ``eps_from``, the
    cover from s = 2 eps_from - 1 up to the crossing piece with target n - 1.  Heaps other than n are not targets:
    their p(r) enters through its model, or an enclosure where their optimum changes inside a piece."""
    t0 = time.time()
    if n < 256 or n & (n - 1) or n > MAX_PROOF_HEAP:
        raise BadInput(f"n = {n} must be a power of two in 256..{MAX_PROOF_HEAP} (below 256 move n - 1 is optimal "
                       "on all of (1/2, 1))")
    rival, cross, sign = ip.isolate_crossing(n, 1e-3)
    why = ip.crossing_gap(n, rival, cross, sign)
    if why is not None:
        return _proof(why, (n,), mpq(1, 2), mpq(1), True, True, (), [(0.0, 0.0, why)], t0)
    e_lo, e_hi = ip.eps_of(cross.uh, True), ip.eps_of(cross.ul, True)  # the crossing piece in eps
    if eps_from is not None:
        eps_from = to_mpq(eps_from)
        if not mpq(1, 2) < eps_from < e_lo:
            raise BadInput(f"eps_from = {eps_from} must lie in (1/2, eps*), below the crossing piece")
    kw = dict(order=order, progress=progress, min_width=min_width, max_pieces=max_pieces)
    beyond = prove_near_half(n, -1, mpq(1), {n: rival}, {n}, "", s_from=2 * e_hi - 1, **kw)
    pieces = list(beyond.pieces)
    gaps = list(beyond.gaps)
    mid = Piece(float(2 * e_lo - 1), float(2 * e_hi - 1), "crossing")
    stmt = (f"heap {n}: move {rival} is the unique optimal move and p({n}) > 1/2 for every eps in (eps*, 1), eps* the "
            f"unique crossing of moves {n - 1} and {rival} in [{float(e_lo):.15f}, {float(e_hi):.15f}]")
    lo_eps = e_lo
    if eps_from is not None:
        before = prove_near_half(n, -1, 2 * e_lo - 1, {n: n - 1}, {n}, "", s_from=2 * eps_from - 1, **kw)
        pieces = list(before.pieces) + pieces
        gaps = list(before.gaps) + gaps
        stmt += f"; move {n - 1} is the unique optimal move and p({n}) > 1/2 for every eps in [{eps_from}, eps*)"
        lo_eps = eps_from
    pieces = sorted(pieces + [mid], key=lambda p: p.ul)
    return _proof(stmt, (n,), lo_eps, mpq(1), eps_from is None, True, pieces, gaps, t0)
