r"""Fast exact solver for 1-pile Nim through the bit-flip channel (``noisy`` (5)).

Same answer as the plain recursion, obtained in three layers.

1. *Integer weights.*  With :math:`\varepsilon = a/b`, :math:`c = b - a`, the
   channel of Example 3 is :math:`\mu_n(m, r) = W(m,r)/S_n(m)` with
   :math:`W(m, r) = a^{d(m,r)} c^{k-d(m,r)}` and :math:`S_n(m) = \sum_{r<n} W(m,r)`.

2. *One common denominator.*  All :math:`1 - p(r)`, :math:`r < n`, are kept as
   integers :math:`Q_r` over one common denominator :math:`D`.  Then
   :math:`p(n, m) = N_n(m) / (S_n(m) D)` with
   :math:`N_n(m) = \sum_{d=0}^{k} a^d c^{k-d} G_d(m)` and
   :math:`G_d(m) = \sum_{r<n,\ d(m,r)=d} Q_r` (integer additions only).  After
   choosing the optimal move :math:`m^*`, :math:`D` is multiplied by
   :math:`s = S_n(m^*)/\gcd(S_n(m^*), N_n(m^*))` and every :math:`Q_r` by
   :math:`s`; no fraction is ever renormalised.

3. *Screening.*  For every :math:`m < 2^k` at once, the numerators
   :math:`\sum_{r<n} W(m,r) v_r` and the row sums are the Kronecker transform
   :math:`\begin{pmatrix}\alpha&\beta\\ \beta&\alpha\end{pmatrix}^{\otimes k}`
   of :math:`v\,[r<n]` and of :math:`[r<n]`, :math:`O(k 2^k)` floating-point
   operations (:math:`(\alpha,\beta) = (1, t)`, :math:`t = \varepsilon/(1-\varepsilon)`
   if :math:`\varepsilon \le 1/2`, else :math:`(s, 1)`, :math:`s = 1/t`: the common
   factor cancels in the ratio).  Every term is nonnegative, so relative errors
   only accumulate along each of the :math:`2^k` paths of the transform: the
   rounded :math:`t` (three roundings: numerator, denominator, quotient) and one
   product and one sum per stage give at most :math:`5u` per stage, the rounded
   :math:`1 - p(r)` one more :math:`u`, so numerator and row sum are within
   relative :math:`(5k+1)u` and each screened ratio within :math:`(10k+3)u`
   (first order; :math:`u` the unit roundoff of the format) as long as no
   weight underflows, which is checked: the smallest weight
   :math:`\min(t, s)^k` must be a normal number with room to spare.  A move
   whose screened value is below the screened maximum by more than
   :math:`64(10k+3)u` (32 times the largest possible gap between two errors)
   cannot be optimal.  Screening runs in binary64 (:math:`u = 2^{-53}`); if
   more than one move survives (near :math:`\varepsilon = 1/2` the moves
   differ by tiny amounts) or binary64 underflows, it runs again in the x87
   long double (:math:`u = 2^{-64}`) where the platform has it, and the moves
   surviving every screening are evaluated exactly; the exact maximisers are
   kept.  If every format underflows, every move is evaluated exactly.
   Subnormal intermediate terms add an absolute error below :math:`2^k (k+1)`
   times the smallest subnormal over the smallest row sum (at least
   ``tiny``·1e10), negligible against the margin.

Special end points.  At :math:`\varepsilon = 1/2` every row of :math:`W` is
constant, so :math:`p(n, m)` does not depend on :math:`m` and every move is
optimal (no screening needed).  At :math:`\varepsilon = 1` the continuous
extension of the module :mod:`exactcube.noisy.nim` is used: :math:`W(m, r) = 1`
on the set :math:`R_n(m)` of legal words at maximal Hamming distance from
:math:`m`, else 0, so :math:`p(n, m)` is the plain mean of :math:`1 - p(r)` over
:math:`R_n(m)`, a set of at most :math:`k` words (one per 1-bit of :math:`n`,
:func:`~exactcube.noisy.nim.channel.farthest_words`).  There no screening is
needed (:func:`_solve_at_one`): every move is evaluated exactly at once, in
machine integers.  With :math:`1 - p(r) = Q_r/D` and :math:`L = \operatorname{lcm}(1,
\dots, k)`, the integer :math:`L D\, p(n, m) = (L/|R_n(m)|) \sum_{r \in R_n(m)} Q_r`
orders the moves exactly; :math:`D` is kept the least common denominator (the
gcd of :math:`D` and every :math:`Q_r` is divided out after each heap), and the
products are bounded before they are formed: while :math:`k L \max_r Q_r <
2^{62}` they are int64, beyond it Python integers (exact either way).
"""

from __future__ import annotations

import math

import gmpy2
import numpy as np
from gmpy2 import gcd, mpz

from ...numbers import mpq
from .channel import (MAX_HEAP, check_eps, check_heap, check_memory, farthest_words, grade_sums, kron_apply,
                      popcounts)


def _screen_formats():
    """The floating formats to try, most precise first (long double only where it is wider)."""
    if np.finfo(np.longdouble).eps < np.finfo(np.float64).eps:
        return (np.longdouble, np.float64)
    return (np.float64,)


def float_kernel(eps: mpq, k: int, dtype):
    """(alpha, beta, margin) for screening in ``dtype``, or None if its weights would underflow.

    ``margin`` is 64 times the error bound (10k + 3) u of the module docstring.
    """
    small = eps / (1 - eps) if eps <= mpq(1, 2) else (1 - eps) / eps
    info = np.finfo(dtype)
    tiny = dtype(info.tiny) * dtype(1e10)
    t = to_format(small, dtype)
    if small != 0 and (t == 0 or not np.isfinite(t) or t ** k < tiny):
        return None  # small^k must be a normal number with room to spare
    margin = dtype(64 * (10 * k + 3) * float(info.eps) / 2)
    if eps <= mpq(1, 2):
        return dtype(1), t, margin
    return t, dtype(1), margin


def _screen(eps, n: int, k: int, v, kernels) -> list[int] | None:
    """Moves that may be optimal from heap n (a superset of the optimal ones), or None if no format works.

    Screens in binary64 first; if more than one move survives, screens again in the
    wider format (where available) and keeps the moves that survive both.
    """
    cands = None
    for dtype in _screen_formats()[::-1]:
        key = (k, dtype)
        if key not in kernels:
            kernels[key] = float_kernel(eps, k, dtype)
        ker = kernels[key]
        if ker is None:
            continue
        alpha, beta, margin = ker
        x = np.zeros((2, 1 << k), dtype=dtype)
        x[0, :n] = v[:n].astype(dtype)
        x[1, :n] = 1
        y = kron_apply(x, k, alpha, beta)
        ratio = y[0, :n] / y[1, :n]
        found = set(np.nonzero(ratio >= ratio.max() - margin)[0].tolist())
        cands = found if cands is None else cands & found
        if len(cands) == 1:
            break
    return None if cands is None else sorted(cands)


def solve_nim_fast(n_max: int, eps, progress=None) -> tuple:
    """Exact p(0..n_max) and all optimal moves (equation (5)); see the module docstring.

    Returns ``(eps, n_max, p, optimal)`` (:func:`exactcube.noisy.nim.solve_nim` wraps them in a
    ``NimSolution``).  ``progress(done, total)`` (:mod:`exactcube.progress`), if given, after each heap n (done = n).
    """

    e = check_eps(eps)
    n_max = check_heap(n_max, MAX_HEAP)
    check_memory(n_max, e)
    if e == 1:
        return (e, n_max) + _solve_at_one(n_max, progress)
    a = int(e.numerator)
    b = int(e.denominator)
    c = b - a
    K = max(1, n_max.bit_length())

    p = [mpq(0)]
    optimal: list[tuple[int, ...]] = [()]
    D = mpz(1)
    Q = [mpz(1)]  # Q[r] / D = 1 - p(r)
    half = e == mpq(1, 2)
    kernels: dict = {}
    v = np.zeros(1 << K, dtype=np.longdouble)  # float 1 - p(r), widest format; cast per use
    v[0] = 1.0

    for n in range(1, n_max + 1):
        k = n.bit_length()
        if half:
            cands = range(n)
        else:
            cands = _screen(e, n, k, v, kernels)
            if cands is None:
                cands = range(n)
        pw = [mpz(a) ** d * mpz(c) ** (k - d) for d in range(k + 1)]
        best_N = best_S = None
        moves: list[int] = []
        if half:
            # constant rows: one evaluation serves every move
            best_N = sum(Q, mpz(0))
            best_S = mpz(n)
            moves = list(range(n))
        else:
            for m in cands:
                N, S = _exact_row(m, n, k, Q, pw)
                if S == 0:
                    continue
                if best_N is None:
                    best_N, best_S, moves = N, S, [m]
                    continue
                lhs = N * best_S
                rhs = best_N * S
                if lhs > rhs:
                    best_N, best_S, moves = N, S, [m]
                elif lhs == rhs:
                    moves.append(m)
        g = gcd(best_N, best_S)
        N_, s = best_N // g, best_S // g
        # p(n) = N_ / (s D); rescale the common denominator by s
        if s != 1:
            Q = [q * s for q in Q]
            D = D * s
        Q.append(D - N_)
        pn = mpq(N_, D)
        p.append(pn)
        optimal.append(tuple(sorted(moves)))
        if n < len(v):
            v[n] = _to_longdouble(1 - pn)
        if progress is not None:
            progress(n, n_max)
    return e, n_max, tuple(p), tuple(optimal)


def to_format(q: mpq, dtype):
    """q in the floating format ``dtype`` with relative error at most 2.1 u (never flushed to zero
    unless it underflows the format): through a 64-bit MPFR value and its 25-digit decimal."""
    if q == 0:
        return dtype(0)
    if dtype is np.float64:
        return np.float64(float(q))
    return dtype(format(gmpy2.mpfr(q, 64), ".25e"))


def _to_longdouble(q: mpq):
    """q as a long double (see :func:`to_format`)."""
    return to_format(q, np.longdouble)


def _exact_row(m: int, n: int, k: int, Q, pw):
    """(N_n(m), S_n(m)) of the module docstring, exact integers (0 < eps < 1): the grade sums of the Q_r weighted
    by a^d c^(k-d)."""
    G, cnt = grade_sums(n, m, Q, mpz(0))
    N = sum((pw[d] * G[d] for d in range(k + 1) if cnt[d]), mpz(0))
    S = sum((pw[d] * cnt[d] for d in range(k + 1)), mpz(0))
    return N, S


#: Machine integers order the moves at eps = 1 while k L max Q_r stays below this (see the module docstring).
INT64_ROOM = 1 << 62


def _solve_at_one(n_max: int, progress=None) -> tuple[tuple, tuple]:
    r"""Exact p(0..n_max) and the optimal moves at eps = 1 (equation (5), continuous extension), every move of a
    heap at once: :math:`p(n) = \max_m |R_n(m)|^{-1} \sum_{r \in R_n(m)} (1 - p(r))`, :math:`R_n(m)` the legal words
    farthest from m (module docstring).  Returns ``(p, optimal)``."""
    K = max(1, n_max.bit_length())
    pop = popcounts(1 << K)
    p = [mpq(0)]
    optimal: list[tuple[int, ...]] = [()]
    D = 1
    Q = np.zeros(n_max + 1, dtype=np.int64)  # Q[r] / D = 1 - p(r), r < n
    Q[0] = 1
    for n in range(1, n_max + 1):
        k = n.bit_length()
        L = math.lcm(*range(1, k + 1))
        if Q.dtype != object and k * L * int(Q[:n].max()) >= INT64_ROOM:
            Q = Q.astype(object)  # Python integers from here on
        words, far = farthest_words(n, np.arange(n), pop)
        size = far.sum(axis=0)  # |R_n(m)| >= 1
        total = np.where(far, Q[words], 0).sum(axis=0)
        key = total * (L // size)  # L D p(n, m), exact
        best = key.max()
        moves = np.flatnonzero(key == best)
        N, S = int(total[moves[0]]), int(size[moves[0]])
        g = math.gcd(N, S)
        N, s = N // g, S // g
        if s != 1:  # p(n) = N / (s D): rescale the common denominator by s
            Q[:n] *= s
            D *= s
        Q[n] = D - N
        p.append(mpq(N, D))
        optimal.append(tuple(moves.tolist()))
        g = math.gcd(D, *(int(x) for x in np.unique(Q[:n + 1]))) if s != 1 else 1
        if g > 1:  # keep D the least common denominator (it can only shrink after a rescaling)
            Q[:n + 1] //= g
            D //= g
        if progress is not None:
            progress(n, n_max)
    return tuple(p), tuple(optimal)
