"""The noisy paper's kinds over a whole interval of eps: ``nim-rational`` (every p(r) one rational function on an
open interval, the optimal moves fixed there, signs by Descartes' rule) and ``nim-grid`` (the optimal moves and
the side of 1/2 of p(n) at listed rational eps).

``nim-rational``: on an open interval (lo, hi) of eps with rational ends, the certificate lists, for every heap
r = 0..N, p(r) = N_r / D_r (integer polynomials in eps) and the moves claimed optimal at r, and one common
multiple M of the denominators D_r.  The checker re-derives equation (5) as polynomial algebra: from a heap n
with k binary digits, move m is received as r < n with weight w(m, r) = eps^d (1 - eps)^(k - d), d the Hamming
distance of m and r, normalised by Z_m = sum over r < n of w(m, r) (Z_m > 0 on (0, 1)), so

    p(n, m) = A_m / (Z_m M),    A_m = sum over r < n of w(m, r) (D_r - N_r) (M / D_r),

with M / D_r computed by exact division (a listed M that D_r does not divide is rejected).  It checks, as
polynomial identities, N_n Z_m M = D_n A_m for each optimal m (p(n) is that move's value), and, on (lo, hi) by
:func:`certcheck.polys.sign_on`, that D_r and M keep one sign, that every other move is strictly worse
(A_opt Z_m - A_m Z_opt has the sign of M) and, when asserted, that p(n) > 1/2 (2 N_n - D_n has the sign of D_n).
Printed formulas are compared as rational functions (cross-multiplied).
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm

from . import nim, polys
from .core import describes, kind
from .numbers import need, q, spell, z

EPS = [0, 1]  # the polynomial eps
ONE_MINUS = [1, -1]  # 1 - eps


def _weight(d: int, k: int):
    return polys.mul(polys.power(EPS, d), polys.power(ONE_MINUS, k - d))


def _interval(asserts):
    lo, hi = q(asserts["lo"]), q(asserts["hi"])
    need(0 <= lo < hi <= 1, "an open interval (lo, hi) inside (0, 1)")
    return lo, hi


@kind("nim-rational")
def nim_rational(asserts, data):
    """Heaps 1..N on an open interval of eps: (5) as polynomial identities, the strict inequalities by Descartes'
    rule (module docstring)."""
    heap = z(asserts["heap"])
    need(1 <= heap <= 64, "nim-rational: heaps 1..64")
    lo, hi = _interval(asserts)
    moves = {int(n): tuple(z(m) for m in ms) for n, ms in asserts["moves"].items()}
    need(set(moves) == set(range(1, heap + 1)), f"the optimal moves of every heap 1..{heap} are needed")
    listed = data["p"]
    need(isinstance(listed, list) and len(listed) == heap + 1, f"p(0..{heap}) are needed")
    num = [polys.poly(x[0]) for x in listed]
    den = [polys.poly(x[1]) for x in listed]
    need(num[0] == [] and den[0] == [1], "p(0) must be 0 (the player facing an empty heap has lost)")
    M = polys.poly(data["common_denominator"])
    sign_m = polys.sign_on(M, lo, hi)
    for r in range(heap + 1):
        polys.sign_on(den[r], lo, hi)  # no pole inside the interval
    cof = [polys.divide_exactly(M, d) for d in den[:heap + 1]]
    for n in range(1, heap + 1):
        k = n.bit_length()
        A, Z = [], []
        terms = [polys.mul(polys.sub(den[r], num[r]), cof[r]) for r in range(n)]
        for m in range(n):
            a, zz = [], []
            for r in range(n):
                w = _weight((m ^ r).bit_count(), k)
                a = polys.add(a, polys.mul(w, terms[r]))
                zz = polys.add(zz, w)
            A.append(a)
            Z.append(zz)
        opt = moves[n]
        need(opt and all(0 <= m < n for m in opt), f"heap {n}: the optimal moves must be legal")
        for m in opt:
            need(polys.mul(polys.mul(num[n], Z[m]), M) == polys.mul(den[n], A[m]),
                 f"heap {n}: the listed p({n}) is not the value (5) gives to move {m}")
        best = opt[0]
        for m in range(n):
            if m in opt:
                continue
            diff = polys.sub(polys.mul(A[best], Z[m]), polys.mul(A[m], Z[best]))
            need(bool(diff) and polys.sign_on(diff, lo, hi) == sign_m,
                 f"heap {n}: move {m} is not worse than move {best} on the whole interval")
        if asserts.get("above_half") and n >= 2:
            s = polys.sign_on(polys.sub(polys.scale(num[n], 2), den[n]), lo, hi)
            need(s == polys.sign_on(den[n], lo, hi), f"heap {n}: p({n}) > 1/2 fails on the interval")
    for n, fn, fd in asserts.get("formulas", []):
        n = z(n)
        need(0 <= n <= heap, f"a formula for heap {n}, outside the table")
        fn, fd = polys.poly(fn), polys.poly(fd)
        need(polys.mul(num[n], fd) == polys.mul(fn, den[n]), f"the asserted formula of p({n}) is not the table's")
    return "verified"


def _spell_poly(p) -> str:
    terms = [f"{int(c)}" + ("" if i == 0 else " e" if i == 1 else f" e^{i}") for i, c in enumerate(p) if int(c)]
    return " + ".join(terms) if terms else "0"


@describes("nim-rational")
def nim_rational_text(asserts) -> str:
    heap = asserts["heap"]
    moves = asserts["moves"]
    same = {tuple(v) for v in moves.values()}
    mv = (f"move {list(same)[0][0]} is the unique optimum at every heap" if len(same) == 1 and len(list(same)[0]) == 1
          else "the optimal moves are " + "; ".join(f"{n}: {','.join(map(str, ms))}" for n, ms in moves.items()))
    out = (f"1-pile Nim through the bit-flip channel on the whole open interval {asserts['lo']} < eps < "
           f"{asserts['hi']}, heaps 1..{heap}: every p(n) is one rational function there satisfying equation (5), "
           f"{mv} (every other move strictly worse, by Descartes' rule of signs)")
    if asserts.get("above_half"):
        out += f", and p(n) > 1/2 for every heap 2..{heap}"
    for n, fn, fd in asserts.get("formulas", []):
        out += f"; p({n}) = ({_spell_poly(fn)}) / ({_spell_poly(fd)})"
    return out


@kind("nim-grid")
def nim_grid(asserts, data):
    """At each listed eps, every heap up to N by (5); the asserted optimal-move sets, sides of 1/2 of p(n), strict
    bounds (above, below) and exact values."""
    heap = z(asserts["heap"])
    need(1 <= heap <= 64, "nim-grid: heaps 1..64")
    tables = data["tables"]
    eps = [q(e) for e in asserts["eps"]]
    need(len(set(eps)) == len(eps) and all(0 <= e <= 1 for e in eps), "distinct eps in [0, 1]")
    need([q(t["eps"]) for t in tables] == eps, "one table per asserted eps, in order")
    solved = {}
    for t in tables:
        e = q(t["eps"])
        p = [q(x) for x in t["p"]]
        need(len(p) == heap + 1, f"eps = {spell(e)}: p(0..{heap}) are needed")
        nim.check_heaps(e, p)
        solved[e] = p

    def cells(key, least=0):  # the asserted cells [eps, heap, x] of one key, inside the tables: (eps, heap, p, x)
        for e_text, n, x in asserts.get(key, []):
            e, n = q(e_text), z(n)
            need(e in solved and least <= n <= heap, f"a {key} cell at eps = {e_text}, heap {n} outside the tables")
            yield e, n, solved[e], x

    for e, n, p, ms in cells("optimal", 1):
        got = nim.solve_row(n, e, p)[1]
        need(list(got) == [z(m) for m in ms], f"eps = {spell(e)}, heap {n}: the optimal moves are {list(got)}, the "
                                              f"certificate says {ms}")
    for e, n, p, side in cells("side"):
        v = p[n] - Fraction(1, 2)
        got = "above" if v > 0 else "below" if v < 0 else "equal"
        need(got == side, f"eps = {spell(e)}: p({n}) is {got} 1/2, the certificate says {side}")
    for key, holds in (("above", lambda v, x: v > x), ("below", lambda v, x: v < x), ("values", lambda v, x: v == x)):
        for e, n, p, x in cells(key):
            need(holds(p[n], q(x)), f"eps = {spell(e)}: the asserted {key} cell p({n}), {x}, fails")
    for e, K, p, holds in cells("power", 2):  # H(K): p(K, m) - 1/2 < (1 - 2 eps)(p(K) - 1/2), 1 <= m < K
        need(isinstance(holds, bool), f"a power cell at eps = {spell(e)}, K = {K}")
        v = nim.solve_row(K, e, p)[2]
        got = all(v[m] - Fraction(1, 2) < (1 - 2 * e) * (p[K] - Fraction(1, 2)) for m in range(1, K))
        need(got == holds, f"eps = {spell(e)}: the power inequality at K = {K} {'holds' if got else 'fails'}")
    outcome = asserts.get("outcome", "verified")  # "open": the exact values of an open verdict, what it computed
    need(outcome in ("verified", "open"), f"a grid decides 'verified' cells or an open verdict's, not {outcome!r}")
    return outcome


@describes("nim-grid")
def nim_grid_text(asserts) -> str:
    eps = asserts["eps"]
    parts = [f"1-pile Nim through the bit-flip channel, heaps 1..{asserts['heap']}, at {len(eps)} values of eps "
             f"from {eps[0]} to {eps[-1]}: every p(n) by equation (5)"]
    for key, said in (("optimal", "optimal-move sets are the maximiser sets"), ("side", "sides of 1/2 of p(n) hold"),
                      ("above", "strict lower bounds on p(n) hold"), ("below", "strict upper bounds on p(n) hold"),
                      ("values", "values of p(n) are exact")):
        if asserts.get(key):
            parts.append(f"{len(asserts[key])} asserted {said}")
    if asserts.get("power"):
        parts.append("the power inequality p(K, m) - 1/2 < (1 - 2 eps)(p(K) - 1/2) for every move 1 <= m < K "
                     + ", ".join(f"{'holds' if h else 'fails'} at eps = {e}, K = {K}" for e, K, h in asserts["power"]))
    if asserts.get("outcome") == "open":
        parts.append("these are what an open verdict computed (the question stays open)")
    return "; ".join(parts)


def _farthest_legal(n: int, m: int) -> tuple:
    """At eps = 1 move m from heap n arrives uniformly on the legal words r < n farthest from m (every bit of
    the k-digit word flips; an illegal word is sent again; in the limit the largest distance dominates)."""
    dist = [(m ^ r).bit_count() for r in range(n)]
    far = max(dist)
    return tuple(r for r in range(n) if dist[r] == far)


def _lemma1_words(n: int, m: int) -> tuple:
    """Lemma 1 as stated: n = K + t, K = 2^(k-1); a move m >= K - t arrives surely as 2K - 1 - m; a move m < K - t
    uniformly on c = K - 1 - m and the words K + c - 2^b (bit b of c set, c - 2^b < t)."""
    K = 1 << (n.bit_length() - 1)
    t = n - K
    if m >= K - t:
        return (2 * K - 1 - m,)
    c = K - 1 - m
    return tuple(sorted([c] + [K + c - (1 << b) for b in range(n.bit_length() - 1) if c >> b & 1 and c - (1 << b) < t]))


@kind("channel-lemmas")
def channel_lemmas(asserts, data):
    """The channel's Lemma 1 (the words a move arrives on at eps = 1) at every move of every heap 1..N, and
    Lemma 4 (from n = 2^j the channel is the binary symmetric channel on the low j bits centred at n - 1 - m, with
    tau = 1 - eps) as polynomial identities in eps for every j up to J.  No data: certcheck decides the finite
    statement from its own channel."""
    heaps = z(asserts["lemma1_heaps_to"])
    need(1 <= heaps <= 512, "Lemma 1: heaps 1..512")
    for n in range(1, heaps + 1):
        for m in range(n):
            need(_lemma1_words(n, m) == _farthest_legal(n, m), f"Lemma 1 fails at n = {n}, m = {m}")
    J = z(asserts["lemma4_powers_to"])
    need(1 <= J <= 10, "Lemma 4: 2^j for j = 1..10")
    tau, one_minus_tau = ONE_MINUS, EPS  # tau = 1 - eps
    for j in range(1, J + 1):
        n = 1 << j
        for m in range(n):
            c = n - 1 - m
            total = []
            for r in range(n):
                d = (m ^ r).bit_count()
                w = _weight(d, j)  # the channel's weight, eps^d (1 - eps)^(j - d); every word is legal
                dc = (c ^ r).bit_count()
                lemma = polys.mul(polys.power(tau, dc), polys.power(one_minus_tau, j - dc))
                need(w == lemma, f"Lemma 4 fails at n = {n}, m = {m}, r = {r}")
                total = polys.add(total, w)
            need(total == [1], f"from n = {n} the chances of move {m} do not sum to 1 (some word is not legal)")
    return "verified"


@describes("channel-lemmas")
def channel_lemmas_text(asserts) -> str:
    return (f"Lemma 1 at eps = 1 (the words each move arrives on, uniformly: the legal words farthest from it) for "
            f"every move of every heap 1..{asserts['lemma1_heaps_to']}, and Lemma 4 (from n = 2^j the channel is the "
            "binary symmetric channel centred at n - 1 - m with tau = 1 - eps) as polynomial identities in eps for "
            f"j = 1..{asserts['lemma4_powers_to']}")


@kind("channel-rows")
def channel_rows(asserts, data):
    """The rows mu_n(m, .) of the bit-flip channel (Example 3) as the producer lists them, at each listed eps in
    (0, 1) and every move of every heap 1..N, against certcheck's own channel (``nim``): eps^d (1 - eps)^(k - d)
    normalised over the legal words r < n, d the distance of m and r, k the number of digits of n."""
    N, rows = z(asserts["heaps_to"]), data["rows"]
    need(1 <= N <= 64 and asserts["eps"] and sorted(rows) == sorted(asserts["eps"]), "the listed eps and heaps")
    for e in asserts["eps"]:
        need(0 < q(e) < 1 and len(rows[e]) == N, f"eps = {e}: not in (0, 1), or not the heaps 1..{N}")
        for n in range(1, N + 1):
            w = nim._weights(n, q(e))
            mine = [[w[(m ^ r).bit_count()] for r in range(n)] for m in range(n)]
            need([[q(x) for x in row] for row in rows[e][n - 1]] == [[Fraction(x, sum(r)) for x in r] for r in mine],
                 f"eps = {e}: the rows mu_{n}(m, .) of heap {n} are not the channel's")
    return "verified"


@describes("channel-rows")
def channel_rows_text(asserts) -> str:
    return (f"the bit-flip channel's rows mu_n(m, .) at eps = {', '.join(asserts['eps'])} for every move of every "
            f"heap 1..{asserts['heaps_to']}: eps^d (1 - eps)^(k - d) normalised over the legal words r < n")


def _first_order_at_half(heap: int):
    """The one-sided derivatives d/deps at eps = 1/2 of p(n) and of every move value, from (5).

    At 1/2 every legal word is equally likely (mu = 1/n); with d the distance of word r from the move and dbar
    its mean over the legal words, d mu / d eps = (4/n)(d - dbar).  So the derivative of p(n, m) is
    sum_r mu' (1 - p(r)) - sum_r mu p(r)', p(r) taken at 1/2; p(r) is the largest move value, and all its
    maximisers at 1/2 tie, so its right derivative is the largest of theirs and its left derivative the
    smallest.  Returns p at 1/2, its maximisers {n: moves} and {side: (slopes of p, {n: the maximisers to
    first order})}."""
    half = Fraction(1, 2)
    p = [Fraction(0)]
    for n in range(1, heap + 1):
        best, _, _ = nim.solve_row(n, half, p)
        p.append(best)
    ties = {n: nim.solve_row(n, half, p[:n])[1] for n in range(1, heap + 1)}
    out = {}
    classes = {"left": {}, "right": {}}
    for side in ("left", "right"):
        slope = [Fraction(0)]
        best_moves = {}
        for n in range(1, heap + 1):
            # 1 - p(r) = c_r / L in integers; sum_r (d - dbar)(1 - p(r)) = (n sum_r d c_r - D C) / (n L)
            L = lcm(*(x.denominator for x in p[:n]))
            c = [(p[r].denominator - p[r].numerator) * (L // p[r].denominator) for r in range(n)]
            C = sum(c)
            shared = sum(slope[:n]) / n  # the term sum_r mu p(r)', the same for every move
            v = {}
            for m in ties[n]:
                D = dc = 0
                for r in range(n):
                    d = (m ^ r).bit_count()
                    D += d
                    dc += d * c[r]
                v[m] = Fraction(4 * (n * dc - D * C), n * n * L) - shared
            pick = max(v.values()) if side == "right" else min(v.values())
            slope.append(pick)
            best_moves[n] = tuple(m for m in ties[n] if v[m] == pick)
            classes[side][n] = ({v[m] for m in v if m % 2 == 0}, {v[m] for m in v if m % 2 == 1})
        out[side] = (slope, best_moves, classes[side])
    return p, ties, out


@kind("half-first-order")
def half_first_order(asserts, data):
    """Theorem 6 for heaps 2..N: p = 1/2 at eps = 1/2, the one-sided slopes -+2/(n(n - 1)), the even moves the
    optimal ones to first order below 1/2 and the odd ones above.  No data: decided from (5)."""
    heap = z(asserts["heap"])
    need(2 <= heap <= 512, "half-first-order: heaps 2..512")
    p, ties, sides = _first_order_at_half(heap)
    for n in range(2, heap + 1):
        need(p[n] == Fraction(1, 2), f"p({n}) at eps = 1/2 is {p[n]}, not 1/2")
        need(ties[n] == tuple(range(n)), f"heap {n}: not every move ties at eps = 1/2")
        for side, sign, parity in (("left", -1, 0), ("right", 1, 1)):
            slope, best, cls = sides[side]
            even, odd = cls[n]
            need(len(even) == 1 and len(odd) == 1, f"heap {n}, {side} of 1/2: the moves of one parity differ in slope")
            best_slope, other = (even.pop(), odd.pop()) if parity == 0 else (odd.pop(), even.pop())
            need(best_slope - other == Fraction(sign * 4, n), f"heap {n}, {side} of 1/2: the parity gap in slope is "
                                                              "not 4/n")
            need(slope[n] == Fraction(sign * 2, n * (n - 1)), f"heap {n}, {side} of 1/2: the slope of p is "
                                                             f"{slope[n]}, not {sign} 2/(n(n - 1))")
            need(best[n] == tuple(m for m in range(n) if m % 2 == parity),
                 f"heap {n}, {side} of 1/2: the optimal moves to first order are {list(best[n])[:6]}")
    return "verified"


@describes("half-first-order")
def half_first_order_text(asserts) -> str:
    return (f"for every heap n = 2..{asserts['heap']}: p(n) = 1/2 at eps = 1/2 with every move tied there; the "
            "one-sided derivatives of p(n) at 1/2 are -2/(n(n - 1)) (left) and +2/(n(n - 1)) (right), from equation "
            "(5) differentiated; the moves of one parity share one slope, the optimal parity's larger by 4/n in the direction "
            "away from 1/2: the even moves below 1/2, the odd ones above")


@kind("nim-equiprobable")
def nim_equiprobable(asserts, data):
    """1-pile Nim under the equiprobable channel (whatever is sent, the heap left is uniform on 0..n-1): every move
    is worth (1/n) sum_{r<n} (1 - p(r)), so p(n) is that mean; p(0) = 0, p(1) = 1 and p(n) = 1/2 for n = 2..N.
    No data: decided from the channel's definition."""
    heap = z(asserts["heap"])
    need(2 <= heap <= 4096, "nim-equiprobable: heaps 2..4096")
    p = [Fraction(0)]
    for n in range(1, heap + 1):
        p.append(sum(1 - x for x in p) / n)
    need(p[1] == 1, "p(1) is not 1")
    bad = [n for n in range(2, heap + 1) if p[n] != Fraction(1, 2)]
    need(not bad, f"p(n) is not 1/2 at n = {bad[:3]}")
    if "piles" in asserts:
        _corollary8(z(asserts["piles"]), z(asserts["chips"]))
    return "verified"


def _corollary8(piles: int, chips: int) -> None:
    """n-pile Nim under the equiprobable channel, every position of at most ``piles`` piles of at most ``chips``
    chips (a sorted tuple of positive piles; a move takes chips from one pile): p(x) the mean of 1 - p over the
    followers (p(()) = 0); P (p = 0) exactly at an even number of 1-chip piles, N (p = 1) at an odd number, and
    every other position has p = 1/2 with one P- and one N-follower if it is (1, ..., 1, m), m >= 2, none else.
    The channel is uniform over the distinct followers (mu_x(y, z) = 1/|F(x)|)."""
    need(1 <= piles <= 5 and 1 <= chips <= 9, "Corollary 8: at most 5 piles of at most 9 chips")
    p = {(): Fraction(0)}
    for size in range(1, piles * chips + 1):
        for x in multisets(piles, chips, size):
            fol = _followers(x)
            p[x] = sum(1 - p[y] for y in fol) / len(fol)  # equiprobable over the distinct followers
            ones = all(h == 1 for h in x)
            want = (Fraction(len(x) % 2) if ones else Fraction(1, 2))
            need(p[x] == want, f"Corollary 8 fails at {x}: p = {p[x]}")
            counts = (sum(p[y] == 0 for y in fol), sum(p[y] == 1 for y in fol))
            need(ones or counts == ((1, 1) if sum(h >= 2 for h in x) == 1 else (0, 0)),
                 f"Corollary 8: {x} has {counts[0]} P- and {counts[1]} N-followers")


def _followers(x: tuple) -> set:
    """The distinct positions one move leaves from the n-pile Nim position x (chips taken from one pile)."""
    return {tuple(sorted(x[:i] + ((h,) if h else ()) + x[i + 1:])) for i in range(len(x)) for h in range(x[i])}


@kind("nim-noiseless")
def nim_noiseless(asserts, data):
    """Example 2: n-pile Nim with the noiseless channel (the move sent is the move played), p(x) the largest
    1 - p(y) over the followers y, p(()) = 0: at every position of at most P piles of at most C chips, for each
    listed (P, C), p is 0 or 1, and 0 exactly where the nim-sum is 0 (Bouton).  No data."""
    for piles, chips in asserts["games"]:
        piles, chips = z(piles), z(chips)
        need(1 <= piles <= 4 and 1 <= chips <= 64 and piles * chips <= 64, "nim-noiseless: at most 64 chips in all")
        p = {(): 0}
        for size in range(1, piles * chips + 1):
            for x in multisets(piles, chips, size):
                p[x] = max(1 - p[y] for y in _followers(x))
                nim_sum = 0
                for h in x:
                    nim_sum ^= h
                need(p[x] == (nim_sum != 0), f"Example 2 fails at {x}: p = {p[x]}, nim-sum {nim_sum}")
    return "verified"


@describes("nim-noiseless")
def nim_noiseless_text(asserts) -> str:
    return ("n-pile Nim with the noiseless channel, every position of " + " and of ".join(
        f"at most {a} piles of at most {b} chips" for a, b in asserts["games"]) + ": p is 0 or 1, and 0 exactly at "
        "nim-sum 0 (the classical game)")


def multisets(piles: int, chips: int, total: int, top: int | None = None):
    """The sorted tuples of at most ``piles`` parts in 1..``top`` (default ``chips``) summing to ``total``."""
    top = chips if top is None else top
    if total == 0:
        yield ()
        return
    for first in range(min(top, total), 0, -1):
        if piles:
            for rest in multisets(piles - 1, chips, total - first, first):
                yield tuple(sorted(rest + (first,)))


@describes("nim-equiprobable")
def nim_equiprobable_text(asserts) -> str:
    out = (f"1-pile Nim with the equiprobable move error distribution (every move received as a uniform heap "
           f"0..n-1): p(0) = 0, p(1) = 1 and p(n) = 1/2 for every n = 2..{asserts['heap']}, every move tied")
    if "piles" in asserts:
        out += (f"; n-pile Nim with it, every position of at most {asserts['piles']} piles of at most "
                f"{asserts['chips']} chips (Corollary 8): P exactly at an even number of 1-chip piles, N at an odd "
                "number, p = 1/2 elsewhere, with one P- and one N-follower at (1, ..., 1, m), m >= 2, and none at the "
                "other chance positions")
    return out
