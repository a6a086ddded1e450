r"""The exact phase diagram of 1-pile Nim through the bit-flip channel.

Mathematics (``noisy`` §3, equation (5); model of docs/noisy.md).  For a heap
:math:`n` with :math:`k = k(n)` binary digits and a sent move :math:`m < n`,

.. math::

   p(n, m) = \frac{\sum_{r<n} w_{k}(m, r)\,(1 - p(r))}{Z_n(m)}, \qquad
   w_k(m, r) = \varepsilon^{d(m,r)}(1-\varepsilon)^{k-d(m,r)}, \qquad
   Z_n(m) = \sum_{r<n} w_k(m, r),

and :math:`p(n) = \max_m p(n, m)`, :math:`p(0) = 0`.  Every :math:`w_k` and
:math:`Z_n(m)` is a polynomial in :math:`\varepsilon` with integer coefficients,
positive on :math:`(0, 1)`.  Hence on any open interval :math:`I` on which the
optimal moves of the heaps :math:`1, \dots, n-1` do not change, every
:math:`p(r)` is a rational function :math:`N_r / D_r` and the denominators form
a divisibility chain :math:`D_r = Z_r(m^*_r)\, D_{r-1}`, so

.. math::

   p(n, m) = \frac{S_m}{Z_n(m)\, D_{n-1}}, \qquad
   S_m = \sum_{r<n} w_k(m, r)\,(D_{r} - N_r)\,\frac{D_{n-1}}{D_r},

with :math:`S_m \in \mathbb{Z}[\varepsilon]`.  The sign of :math:`p(n,a) - p(n,b)`
on :math:`I` is the sign of the integer polynomial
:math:`S_a Z_n(b) - S_b Z_n(a)`; its real roots in :math:`I` (exact real
algebraic numbers: an irreducible integer polynomial and an isolating interval
with rational end points) are the only places where the order of the two moves
can change.  The upper envelope of the :math:`n` candidates on :math:`I` is
found by sampling the winner at a rational point, splitting :math:`I` at the
roots of its differences with the other moves, and recursing where it is
beaten.  Doing this heap by heap over a common partition of :math:`[0, 1]` gives
:math:`p(n)` as a piecewise rational function of :math:`\varepsilon` with every
breakpoint of the optimal move isolated exactly.

At :math:`\varepsilon = 1/2` every weight is :math:`2^{-k}`, so all moves tie for
every heap :math:`n \ge 2`; at :math:`\varepsilon = 1` the value is the limit
(the convention of :mod:`exactcube.noisy.nim`), obtained by cancelling the
common factor of numerator and denominator.

The real algebraic numbers and their exact isolation live on the numbers floor
(:mod:`exactcube.algebraic`).

References: ``noisy`` §1 (equation (2): three chips), §3 (5), Conjectures 9
and 10, the Appendix tables (samples of the diagram at
:math:`\varepsilon = 0.00, 0.01, \dots, 1.00`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from flint import fmpq, fmpz_poly

from ...errors import BadInput, TooLarge
from ...numbers import mpq, to_mpq
from ...results import Result
from ..nim.channel import distance, grade_counts, grade_sums, word_length
# the real algebraic numbers live on the numbers floor; their names stay importable from here (proofs use ph.*)
from ...algebraic import (AlgebraicNumber, RationalFunction, arb_exact, descartes_bound, exact_div,  # noqa: F401
                          has_no_root_in, primitive, rational_between, real_roots_in, sign_at, to_fmpq)

__all__ = [
    "AlgebraicNumber",
    "RationalFunction",
    "Phase",
    "HeapPhases",
    "PhaseDiagram",
    "phase_diagram",
    "weight_poly",
    "row_sum_poly",
    "descartes_bound",
    "has_no_root_in",
    "real_roots_in",
    "MAX_PHASE_HEAP",
    "Germ",
    "germ",
    "envelope",
    "rational_between",
    "crossing_polynomial",
    "sign_at",
    "arb_exact",
    "to_fmpq",
]

#: Largest heap for the full phase diagram on [0, 1] (n = 16: 1 s, 24: 20 s, 32: 2 min on this machine;
#: degrees grow like n log n and the pieces with every smaller heap's breakpoints).
MAX_PHASE_HEAP = 32

X = fmpz_poly([0, 1])
ONE_MINUS_X = fmpz_poly([1, -1])


# ---------------------------------------------------------------------------
# the channel as polynomials in eps
# ---------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _weight_by_distance(k: int) -> tuple[fmpz_poly, ...]:
    return tuple(X**d * ONE_MINUS_X ** (k - d) for d in range(k + 1))


def weight_poly(n: int, m: int, r: int) -> fmpz_poly:
    r"""w_k(m, r) = eps^d (1-eps)^(k-d), k = k(n), d = Hamming distance (Example 3)."""
    return _weight_by_distance(word_length(n))[distance(m, r)]


@lru_cache(maxsize=None)
def row_sum_poly(n: int, m: int) -> fmpz_poly:
    r"""Z_n(m) = sum_{r<n} w_k(m, r): the normaliser of mu_n(m, .) (Example 3)."""
    W = _weight_by_distance(word_length(n))
    counts = grade_counts(n, m)
    return sum((c * W[d] for d, c in enumerate(counts) if c), fmpz_poly([0]))


# ---------------------------------------------------------------------------
# one piece of [0, 1] and the envelope of the candidates on it
# ---------------------------------------------------------------------------


@dataclass
class _State:
    """The exact formulas of heaps 0..n-1 on one open interval (chain of denominators)."""

    D: fmpz_poly  # D_{n-1}
    V: list  # V[r] = (D_r - N_r) * D_{n-1} / D_r
    N: list  # N_r, D_r per heap (for reporting)
    Dr: list

    def copy(self) -> "_State":
        return _State(self.D, list(self.V), list(self.N), list(self.Dr))


def _initial_state() -> _State:
    one = fmpz_poly([1])
    return _State(one, [one], [fmpz_poly([0])], [one])


def _numerator(n: int, m: int, st: _State, W) -> fmpz_poly:
    """S_m = sum_d W_d (sum of V_r over the words r < n at Hamming distance d from m): equation (5) on the piece."""
    groups, _ = grade_sums(n, m, st.V, fmpz_poly([0]))
    return sum((W[d] * g for d, g in enumerate(groups) if not g.is_zero()), fmpz_poly([0]))


def candidate_numerators(n: int, st: _State) -> list[tuple[fmpz_poly, fmpz_poly]]:
    """For each move m < n: (S_m, Z_n(m)) with p(n, m) = S_m / (Z_n(m) D_{n-1}) on the piece."""
    W = _weight_by_distance(n.bit_length())
    return [(_numerator(n, m, st, W), row_sum_poly(n, m)) for m in range(n)]


def crossing_polynomial(n: int, winners, a: int, b: int, progress=None) -> fmpz_poly:
    """The squarefree integer polynomial, positive leading coefficient and content 1, whose roots include every
    eps where p(n, a) = p(n, b) on an interval where each heap r < n plays ``winners[r]`` (equation (5): the
    numerator of p(n, a) - p(n, b), S_a Z_n(b) - S_b Z_n(a), by the chain of this module).  ``progress(done,
    total)`` (:mod:`exactcube.progress`) after each heap of the chain."""
    st = _initial_state()
    for r in range(1, n):
        S = _numerator(r, winners[r], st, _weight_by_distance(r.bit_length()))
        st = _advance(st, r, S, row_sum_poly(r, winners[r]))
        if progress:
            progress(r, n - 1)
    W = _weight_by_distance(n.bit_length())
    P = _diff((_numerator(n, a, st, W), row_sum_poly(n, a)), (_numerator(n, b, st, W), row_sum_poly(n, b)))
    g = P.gcd(P.derivative())
    if g.degree() > 0:
        P = exact_div(P, g)
    return primitive(P)


def _value(c: tuple[fmpz_poly, fmpz_poly], x: fmpq):
    S, Z = c
    return S(x) / Z(x)  # common factor D_{n-1} > 0 omitted: order is preserved


def _winners_at(cands, x: mpq) -> list[int]:
    fx = to_fmpq(x)
    vals = [_value(c, fx) for c in cands]
    best = max(vals)
    return [m for m, v in enumerate(vals) if v == best]


def _identical(a, b) -> bool:
    (Sa, Za), (Sb, Zb) = a, b
    return Sa * Zb == Sb * Za


def _diff(a, b) -> fmpz_poly:
    (Sa, Za), (Sb, Zb) = a, b
    return Sa * Zb - Sb * Za


def _generic_winner(cands, lo: AlgebraicNumber, hi: AlgebraicNumber, prefer: str | None = None):
    """A sample point in (lo, hi) at which every exact tie among the winners is an identity of
    rational functions; returns (point, winner group)."""
    x = rational_between(lo, hi)
    for _ in range(200):
        w = _winners_at(cands, x)
        if all(_identical(cands[w[0]], cands[m]) for m in w[1:]):
            return x, tuple(w)
        # accidental tie at x: move towards the preferred end (or the middle of (lo, x))
        if prefer == "hi":
            x = rational_between(AlgebraicNumber.rational(x), hi)
        else:
            x = rational_between(lo, AlgebraicNumber.rational(x))
    raise RuntimeError("no generic sample point found")


def envelope(cands, lo: AlgebraicNumber, hi: AlgebraicNumber, side: str | None = None):
    """Upper envelope of the candidates on the open interval (lo, hi).

    Returns a list of (a, b, winners) with a < b consecutive algebraic numbers covering (lo, hi)
    (breakpoints where the set of optimal moves changes), winners the optimal moves on (a, b).
    With ``side="hi"`` (or ``"lo"``) only the last (first) piece is computed: the germ at that end.
    """
    prefer = side
    x, w = _generic_winner(cands, lo, hi, prefer)
    ref = cands[w[0]]
    roots: list[AlgebraicNumber] = []
    for m, c in enumerate(cands):
        if m in w:
            continue
        P = _diff(ref, c)
        roots.extend(real_roots_in(P, lo, hi))
    roots.sort()
    cuts = []
    for r in roots:
        if not cuts or not cuts[-1].equals(r):
            cuts.append(r)
    if not cuts:
        return [(lo, hi, w)]
    ends = [lo] + cuts + [hi]
    pieces = list(zip(ends, ends[1:]))
    if side == "hi":
        pieces = pieces[-1:]
    elif side == "lo":
        pieces = pieces[:1]
    out = []
    for a, b in pieces:
        y, w2 = _generic_winner(cands, a, b, prefer)
        if set(w2) == set(w) or (w[0] in w2 and all(_identical(ref, cands[m]) for m in w2)):
            out.append((a, b, tuple(sorted(set(w2) | set(w)))))
        else:
            out.extend(envelope(cands, a, b, side))
    # merge neighbours with the same winners
    merged = []
    for a, b, ws in out:
        if merged and merged[-1][2] == ws:
            merged[-1] = (merged[-1][0], b, ws)
        else:
            merged.append((a, b, ws))
    return merged


def _advance(st: _State, n: int, S: fmpz_poly, Z: fmpz_poly) -> _State:
    """Append heap n with the optimal numerator S and row sum Z: D_n = Z D_{n-1}."""
    Dn = Z * st.D
    V = [v * Z for v in st.V]
    V.append(Dn - S)
    return _State(Dn, V, st.N + [S], st.Dr + [Dn])


# ---------------------------------------------------------------------------
# the diagram
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Phase:
    """On the open interval (lo, hi) heap n's optimal moves are ``moves`` and p(n) = ``p``."""

    lo: AlgebraicNumber
    hi: AlgebraicNumber
    moves: tuple[int, ...]
    p: RationalFunction


@dataclass(frozen=True)
class HeapPhases:
    """Heap n on [0, 1]: maximal open intervals with one set of optimal moves and one formula for p(n).

    ``breakpoints`` are the points where heap n's optimal move set changes; at the other
    ends of phases only the formula changes (a breakpoint of a smaller heap).
    """

    n: int
    phases: tuple[Phase, ...]

    @property
    def breakpoints(self) -> tuple[AlgebraicNumber, ...]:
        return tuple(a.hi for a, b in zip(self.phases, self.phases[1:]) if a.moves != b.moves)

    def move_intervals(self) -> tuple[tuple[AlgebraicNumber, AlgebraicNumber, tuple[int, ...]], ...]:
        """(lo, hi, moves): maximal open intervals with one set of optimal moves."""
        out: list = []
        for ph in self.phases:
            if out and out[-1][2] == ph.moves:
                out[-1] = (out[-1][0], ph.hi, ph.moves)
            else:
                out.append((ph.lo, ph.hi, ph.moves))
        return tuple(out)

    def phase_at(self, eps) -> Phase | None:
        """The phase whose open interval contains eps (None at a breakpoint)."""
        e = to_mpq(eps)
        for ph in self.phases:
            if ph.lo.cmp_rational(e) < 0 < ph.hi.cmp_rational(e):
                return ph
        return None


@dataclass(frozen=True)
class PhaseDiagram(Result):
    """Exact phase diagram of heaps 1..n_max on [0, 1] (``method`` says how it was obtained): integer polynomials
    and algebraic numbers isolated exactly, so every diagram is exact."""

    SOURCE = 'noisy (5) as piecewise rational functions of eps'
    EVIDENCE = 'exact'

    n_max: int
    heaps: tuple[HeapPhases, ...]  # heaps[n-1] is heap n
    method: str = "exact: piecewise rational functions, algebraic breakpoints"

    def heap(self, n: int) -> HeapPhases:
        if not 1 <= n <= self.n_max:
            raise BadInput(f"heap {n} is outside 1..{self.n_max}")
        return self.heaps[n - 1]


def _pieces_over(lo: AlgebraicNumber, hi: AlgebraicNumber, n_max: int, side: str | None, progress=None):
    """Heap-by-heap refinement of (lo, hi): list of (a, b, state, moves per heap)."""
    pieces = [(lo, hi, _initial_state(), [()])]
    for n in range(1, n_max + 1):
        new = []
        for a, b, st, moves in pieces:
            cands = candidate_numerators(n, st)
            for a2, b2, ws in envelope(cands, a, b, side):
                S, Z = cands[ws[0]]
                new.append((a2, b2, _advance(st, n, S, Z), moves + [ws]))
        pieces = new
        if progress:
            progress(n, n_max)
    return pieces


def phase_diagram(n_max: int, lo=0, hi=1, progress=None) -> PhaseDiagram:
    r"""p(n) for n = 1..n_max as piecewise rational functions of eps on (lo, hi), with every
    breakpoint of the optimal move as an exact real algebraic number (``noisy`` (5))."""
    if not isinstance(n_max, int) or n_max < 1:
        raise BadInput(f"n_max must be a positive integer, got {n_max!r}")
    if n_max > MAX_PHASE_HEAP:
        raise TooLarge(f"the exact phase diagram is limited to heaps n <= {MAX_PHASE_HEAP}; got {n_max}")
    lo_q, hi_q = to_mpq(lo), to_mpq(hi)
    if not 0 <= lo_q < hi_q <= 1:
        raise BadInput(f"need 0 <= lo < hi <= 1, got ({lo_q}, {hi_q})")
    pieces = _pieces_over(AlgebraicNumber.rational(lo_q), AlgebraicNumber.rational(hi_q), n_max, None, progress)
    heaps = []
    for n in range(1, n_max + 1):
        phases: list[Phase] = []
        for a, b, st, moves in pieces:
            ws = moves[n]
            f = RationalFunction.reduced(st.N[n], st.Dr[n])
            if phases and phases[-1].moves == ws and phases[-1].p.num == f.num and phases[-1].p.den == f.den:
                phases[-1] = Phase(phases[-1].lo, b, ws, f)
            else:
                phases.append(Phase(a, b, ws, f))
        heaps.append(HeapPhases(n, tuple(phases)))
    return PhaseDiagram(n_max, tuple(heaps))


@dataclass(frozen=True)
class Germ(Result):
    r"""The germ of the game at an end point: on (lo, hi) (one end is ``at``) every heap 1..n_max has a
    fixed set of optimal moves and p(r) = N_r/D_r exactly.  ``moves[r]`` and ``p[r]`` for r = 0..n_max."""

    SOURCE = 'noisy §3, (5): the exact germ of every p(r) at an end point'
    EVIDENCE = 'exact'
    METHOD = 'exact rational functions and root isolation (exactcube.algebraic)'

    at: mpq
    side: str
    lo: AlgebraicNumber
    hi: AlgebraicNumber
    moves: tuple
    p: tuple
    state: _State = field(repr=False, compare=False)


def germ(n_max: int, at, side: str, other=None) -> Germ:
    r"""The germ at ``at`` on ``side`` ('left' or 'right'): the largest interval reaching ``at`` (bounded by
    ``other``) on which every heap 1..n_max keeps one set of optimal moves, with the exact formulas there."""
    at = to_mpq(at)
    if side == "left":
        lo = AlgebraicNumber.rational(0 if other is None else other)
        hi = AlgebraicNumber.rational(at)
        s = "hi"
    elif side == "right":
        lo = AlgebraicNumber.rational(at)
        hi = AlgebraicNumber.rational(1 if other is None else other)
        s = "lo"
    else:
        raise BadInput("side must be 'left' or 'right'")
    (a, b, st, moves), = _pieces_over(lo, hi, n_max, s)
    p = tuple(RationalFunction.reduced(st.N[r], st.Dr[r]) for r in range(n_max + 1))
    return Germ(at, side, a, b, tuple(moves), p, st)
