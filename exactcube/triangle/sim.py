r"""Monte Carlo for the triangle game (ju24 Appendix B), vectorised with numpy, seeded, with confidence intervals.

The walk is the one of ju24 §4.1 on the side-:math:`n` grid (positions
:math:`(a,b,c)`, :math:`a+b+c=n`): six neighbours with probability 1/6 inside, two
along an edge, a vertex wins.  Many walks advance at once, one numpy operation
per step for all walks still running.

Two edge treatments, equal in law by ju24 Lemma 4.2:

* ``"walk"``: the walk goes on along the edge until a vertex (the §4.1 game);
* ``"lemma"``: as in Appendix B's ``Round``, on reaching an edge the winner is drawn
  at once between the two remaining players with the Lemma 4.2 probabilities
  :math:`a/(a+b)`, :math:`b/(a+b)`.

Appendix B's ``Doubling(r, q_offer, q_reject)`` experiment is reproduced by
:func:`simulate_appendix_doubling` with the rules stated there: a player whose
chance exceeds ``q_offer`` and who was not the last doubler offers a double (the
players are examined in the fixed order of the appendix); if any opponent's chance is
below ``q_reject`` the game ends and the doubler wins the current stake, otherwise the
stake doubles ("both players needed to accept", "anyone could double, as long as they
weren't the last player to double").  The appendix estimated the chances by 10000
inner simulations per step; here they are the exact evaluations of Theorem 4.1.
:func:`appendix_doubling_exact` computes the same experiment's outcome probabilities
exactly (a linear solve over position x last doubler), so the simulation can be
compared with the truth.

Evidence of everything here is ``sampled``: each frequency comes with a Wilson score
interval (or Clopper-Pearson, exact binomial) at a stated confidence level.
Randomness is a ``numpy.random.Generator(PCG64(seed))`` local to the call; no global
state is touched.

References: ju24 Appendix B (``Round``, ``Backgammon_Triangle``, ``Doubling``,
``Prob_Area``; Figures 9-12), §4.1 (Theorem 4.1, Lemma 4.2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from statistics import NormalDist

from ..errors import BadInput, TooLarge
from ..numbers import mpq
from ..results import Result
from .board import STEPS, Position, position

__all__ = [
    "MAX_GAMES",
    "Interval",
    "wilson",
    "clopper_pearson",
    "WinFrequencies",
    "simulate_wins",
    "DoublingOutcome",
    "simulate_appendix_doubling",
    "appendix_doubling_exact",
    "AppendixDoublingExact",
    "prob_area",
]

MAX_GAMES = 10**8
_MAX_SIDE = 2000


@dataclass(frozen=True)
class Interval:
    """A confidence interval for a binomial proportion and how it was computed."""

    successes: int
    trials: int
    low: float
    high: float
    level: float
    method: str

    @property
    def estimate(self) -> float:
        return self.successes / self.trials if self.trials else float("nan")

    def contains(self, p) -> bool:
        return self.low <= float(p) <= self.high


def _check_level(level):
    if not 0 < level < 1:
        raise BadInput(f"confidence level must lie strictly between 0 and 1, got {level}")


def wilson(successes: int, trials: int, level: float = 0.99) -> Interval:
    r"""Wilson score interval :math:`\frac{\hat p + z^2/2m \pm z\sqrt{\hat p(1-\hat p)/m + z^2/4m^2}}{1 + z^2/m}`."""
    _check_level(level)
    if trials <= 0 or not 0 <= successes <= trials:
        raise BadInput(f"need 0 <= successes <= trials and trials >= 1, got {successes}/{trials}")
    z = NormalDist().inv_cdf(0.5 + level / 2)
    m = trials
    p = successes / m
    den = 1 + z * z / m
    centre = (p + z * z / (2 * m)) / den
    half = z * math.sqrt(p * (1 - p) / m + z * z / (4 * m * m)) / den
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Interval(successes, trials, low, high, level, "Wilson score")


def clopper_pearson(successes: int, trials: int, level: float = 0.99) -> Interval:
    """Clopper-Pearson (exact binomial) interval, by bisection on the regularised incomplete beta (mpmath, 30 digits)."""
    import mpmath

    _check_level(level)
    if trials <= 0 or not 0 <= successes <= trials:
        raise BadInput(f"need 0 <= successes <= trials and trials >= 1, got {successes}/{trials}")
    alpha = 1 - level
    k, m = successes, trials
    with mpmath.workdps(30):
        def cdf_upper(p):  # P(X >= k) for X ~ Bin(m, p) = I_p(k, m - k + 1)
            return mpmath.betainc(k, m - k + 1, 0, p, regularized=True)

        def cdf_lower(p):  # P(X <= k) = 1 - I_p(k + 1, m - k)
            return 1 - mpmath.betainc(k + 1, m - k, 0, p, regularized=True)

        def bisect(f, target, increasing):
            lo, hi = mpmath.mpf(0), mpmath.mpf(1)
            for _ in range(80):
                mid = (lo + hi) / 2
                if (f(mid) < target) == increasing:
                    lo = mid
                else:
                    hi = mid
            return (lo + hi) / 2

        low = 0.0 if k == 0 else float(bisect(cdf_upper, alpha / 2, True))
        high = 1.0 if k == m else float(bisect(cdf_lower, alpha / 2, False))
    return Interval(k, m, low, high, level, "Clopper-Pearson")


def _interval(method):
    if method in ("wilson", "Wilson"):
        return wilson
    if method in ("clopper-pearson", "cp", "exact"):
        return clopper_pearson
    raise BadInput(f"interval method {method!r}: use 'wilson' or 'clopper-pearson'")


def _check_edges(edges):
    if edges not in ("walk", "lemma"):
        raise BadInput(f"edges {edges!r}: use 'walk' (the §4.1 game) or 'lemma' (Appendix B: resolve by Lemma 4.2)")


def _check_games(games):
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise BadInput(f"number of games must be a whole number >= 1, got {games!r}")
    if games > MAX_GAMES:
        raise TooLarge(f"{games} games is too many for one call (at most {MAX_GAMES}); run in batches")
    return games


def _check_seed(seed):
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise BadInput(f"seed must be a whole number >= 0, got {seed!r}")
    return seed


def _start(n, start):
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise BadInput(f"side n must be a whole number >= 1, got {n!r}")
    if n > _MAX_SIDE:
        raise TooLarge(f"side n = {n} is too large for the simulator (at most {_MAX_SIDE})")
    if start is None:
        if n % 3:
            raise BadInput(f"side n = {n} has no centre point (n must be a multiple of 3); give a start position")
        return position(n // 3, n // 3, n // 3, n)
    if not isinstance(start, Position):
        start = position(*start, n=n)
    if start.n != n:
        raise BadInput(f"start {start} has a + b + c = {start.n}, but the side is n = {n}")
    return start


# steps that keep coordinate z at 0 (edge moves), for z = 0, 1, 2
_EDGE_STEPS = {z: [d for d in STEPS if d[z] == 0] for z in range(3)}


@lru_cache(maxsize=16)
def _tables(n, absorbing_edges):
    """Integer-indexed walk: NEXT[s, r] for r = 0..5 (six neighbours inside; r mod 2 along an edge).

    ``KIND[s]``: 0 interior, 1 edge, 2 vertex.  Vertices (and edges if ``absorbing_edges``)
    map to themselves.  One gather ``S = NEXT[S, R]`` moves every walk one step.  Also
    ``NEXT4[s, r]``, r = 0..1295 = the base-6 digits of four steps, composed from NEXT:
    one uniform draw on 0..1295 and one gather move every walk four steps (same law).
    """
    import numpy as np

    from .board import neighbours, positions

    pts = positions(n)
    idx = {p: k for k, p in enumerate(pts)}
    N = len(pts)
    nxt = np.empty((N, 6), dtype=np.int32)
    kind = np.empty(N, dtype=np.int8)
    coords = np.array([p.coords for p in pts], dtype=np.int64)
    for p, k in idx.items():
        kind[k] = {"interior": 0, "edge": 1, "vertex": 2}[p.kind]
        nb = [q for q, _ in neighbours(p)]
        if p.kind == "vertex" or (p.kind == "edge" and absorbing_edges):
            nxt[k, :] = k
        elif p.kind == "edge":
            nxt[k, :] = [idx[nb[r % 2]] for r in range(6)]  # r mod 2: each edge neighbour w.p. 3/6
        else:
            nxt[k, :] = [idx[q] for q in nb]  # six neighbours, each w.p. 1/6
    nxt2 = nxt[nxt].reshape(N, 36)  # nxt2[s, 6 r1 + r2] = nxt[nxt[s, r1], r2]
    nxt4 = nxt2[nxt2].reshape(N, 1296).astype(np.int32)
    return pts, idx, nxt, kind, coords, nxt4


def _run_walks(n, start, games, rng, edges):
    """Winners (0, 1, 2) of ``games`` independent walks from ``start``; vectorised over the walks."""
    import numpy as np

    pts, idx, nxt, kind, coords, nxt4 = _tables(n, edges == "lemma")
    done_kind = 1 if edges == "lemma" else 2
    S = np.full(games, idx[start], dtype=np.int32)
    ids = np.arange(games)
    final = np.empty(games, dtype=np.int32)
    flat = nxt4.ravel()
    steps_taken = 0
    while S.size:
        # two uniform draws on 0..1295 (four base-6 digits each) move every walk eight steps
        R = rng.integers(0, 1296, size=(2, S.size), dtype=np.uint16).astype(np.int32)
        S = flat.take(S * 1296 + R[0])
        S = flat.take(S * 1296 + R[1])
        steps_taken += 8
        fin = kind.take(S) >= done_kind
        if fin.any():
            final[ids[fin]] = S[fin]
            keep = ~fin
            S, ids = S[keep], ids[keep]
    if idx[start] is not None and kind[idx[start]] >= done_kind:
        final[:] = idx[start]
    C = coords[final]
    winner = np.argmax(C, axis=1)
    if edges == "lemma":
        on_edge = kind[final] == 1
        if on_edge.any():
            Ce = C[on_edge]
            z = np.argmin(Ce, axis=1)
            first, second = (z + 1) % 3, (z + 2) % 3
            u = rng.integers(0, n, size=Ce.shape[0])  # uniform on 0..n-1: u < a has probability a/n exactly
            winner[on_edge] = np.where(u < Ce[np.arange(Ce.shape[0]), first], first, second)
    return winner, steps_taken


@dataclass(frozen=True)
class WinFrequencies(Result):
    """Simulated win counts from one start, with intervals and the exact values of Theorem 4.1."""

    SOURCE = 'ju24 Appendix B'
    EVIDENCE = 'sampled'

    n: int
    start: Position
    games: int
    seed: int
    wins: tuple  # (A, B, C)
    intervals: tuple  # Interval per player
    exact: tuple  # (x, y, z) by Theorem 4.1
    edges: str
    method: str = "vectorised numpy walk (PCG64), sampled"

    @property
    def frequencies(self) -> tuple:
        return tuple(w / self.games for w in self.wins)

    def all_within(self) -> bool:
        """Every exact value lies in its interval."""
        return all(iv.contains(p) for iv, p in zip(self.intervals, self.exact, strict=True))


def simulate_wins(n: int, games: int, seed: int, start=None, edges: str = "walk", level: float = 0.99,
                  interval: str = "wilson") -> WinFrequencies:
    """Appendix B ``Backgammon_Triangle``: win frequencies of ``games`` walks from ``start`` (default: the centre).

    Each frequency comes with a ``level`` confidence interval; ``exact`` holds the
    barycentric coordinates (ju24 Theorem 4.1) for comparison.
    """
    import numpy as np

    start = _start(n, start)
    _check_games(games)
    _check_seed(seed)
    _check_edges(edges)
    ci = _interval(interval)
    rng = np.random.Generator(np.random.PCG64(seed))
    winner, _ = _run_walks(n, start, games, rng, edges)
    wins = tuple(int((winner == i).sum()) for i in range(3))
    exact = tuple(mpq(t, n) for t in start.coords)
    return WinFrequencies(n, start, games, seed, wins, tuple(ci(w, games, level) for w in wins), exact, edges)


# ------------------------------------------------------------------------------------------
# Appendix B, Doubling(r, q_offer, q_reject)
# ------------------------------------------------------------------------------------------

#: the order in which Appendix B's Doubling examines the players (G, B, R) mapped to (A, B, C)
APPENDIX_ORDER = (0, 1, 2)


@dataclass(frozen=True)
class DoublingOutcome(Result):
    """Simulated outcomes of Appendix B's doubling experiment."""

    SOURCE = 'ju24 Appendix B'
    EVIDENCE = 'sampled'

    n: int
    start: Position
    q_offer: mpq
    q_reject: mpq
    games: int
    seed: int
    wins: tuple  # games won by A, B, C (any way)
    wins_by_fold: tuple  # games that ended by a refused double, by the doubler
    mean_doubles: float
    stake_counts: dict  # final stake -> number of games
    intervals: tuple  # Interval for each player's win frequency
    fold_interval: Interval  # for the frequency of games ending by a refused double
    method: str = "vectorised numpy walk (PCG64) with the exact evaluations of Theorem 4.1; sampled"


def _check_q(q, name):
    from ..numbers import to_mpq

    q = to_mpq(q, name)
    if not 0 <= q <= 1:
        raise BadInput(f"{name} must lie in [0, 1], got {q}")
    return q


def simulate_appendix_doubling(n: int, q_offer, q_reject, games: int, seed: int, start=None,
                               level: float = 0.99, max_doubles: int = 60, edges: str = "lemma") -> DoublingOutcome:
    """ju24 Appendix B ``Doubling``: the walk with the appendix's offer/reject thresholds, many games at once.

    At each position (before the step), the first player in the order A, B, C whose
    chance exceeds ``q_offer`` and who is not the last doubler offers; if an opponent's
    chance is below ``q_reject`` the doubler wins the current stake, else the stake
    doubles.  ``edges="lemma"`` (the appendix): a walk reaching an edge ends at once, the
    winner drawn by Lemma 4.2; ``"walk"``: the edge is walked, doubles allowed there.
    Chances are exact (Theorem 4.1).  ``max_doubles`` caps the doubles per game (the
    appendix has no cap; the cap is never reached in practice and is reported if it is).
    """
    import numpy as np

    start = _start(n, start)
    _check_games(games)
    _check_seed(seed)
    _check_edges(edges)
    qo, qr = _check_q(q_offer, "q_offer"), _check_q(q_reject, "q_reject")
    # compare counts with thresholds exactly: count/n > qo  <=>  count > qo*n
    rng = np.random.Generator(np.random.PCG64(seed))
    steps = np.array(STEPS, dtype=np.int64)
    edge_steps = np.array([_EDGE_STEPS[z] for z in range(3)], dtype=np.int64)
    # thresholds on integer counts: offer iff count > qo*n ; reject iff count < qr*n (exact, via integers)
    qo_num, qo_den = int(qo.numerator), int(qo.denominator)
    qr_num, qr_den = int(qr.numerator), int(qr.denominator)
    pos = np.empty((games, 3), dtype=np.int64)
    pos[:] = start.coords
    last = np.full(games, -1, dtype=np.int64)
    ndoubles = np.zeros(games, dtype=np.int64)
    winner = np.full(games, -1, dtype=np.int64)
    byfold = np.zeros(games, dtype=bool)
    active = np.arange(games)
    while active.size:
        P = pos[active]
        nz = (P == 0).sum(axis=1)
        done = nz == 2
        if done.any():
            winner[active[done]] = np.argmax(P[done], axis=1)
        if edges == "lemma":
            on_edge = nz == 1
            if on_edge.any():
                idx = active[on_edge]
                Pe = P[on_edge]
                z = np.argmin(Pe, axis=1)
                first, second = (z + 1) % 3, (z + 2) % 3
                u = rng.random(idx.size)
                winner[idx] = np.where(u * n < Pe[np.arange(idx.size), first], first, second)
            done = done | on_edge
        active, P = active[~done], P[~done]
        if not active.size:
            break
        alive = P > 0
        offer_ok = P * qo_den > qo_num * n
        reject = alive & (P * qr_den < qr_num * n)
        acted = np.zeros(active.size, dtype=bool)
        for i in APPENDIX_ORDER:
            cand = ~acted & offer_ok[:, i] & (last[active] != i) & (ndoubles[active] < max_doubles)
            if not cand.any():
                continue
            others = [j for j in range(3) if j != i]
            refused = cand & (reject[:, others[0]] | reject[:, others[1]])
            if refused.any():
                idx = active[refused]
                winner[idx] = i
                byfold[idx] = True
            took = cand & ~refused
            if took.any():
                idx = active[took]
                ndoubles[idx] += 1
                last[idx] = i
            acted |= cand
        ended = winner[active] >= 0
        active, P = active[~ended], P[~ended]
        if not active.size:
            break
        zero = P == 0
        edge_mask = zero.any(axis=1)
        moves = steps[rng.integers(0, 6, size=active.size)]
        if edge_mask.any():
            ei = np.nonzero(edge_mask)[0]
            z = np.argmax(zero[ei], axis=1)
            moves[ei] = edge_steps[z, rng.integers(0, 2, size=ei.size)]
        pos[active] = P + moves
    wins = tuple(int((winner == i).sum()) for i in range(3))
    wbf = tuple(int(((winner == i) & byfold).sum()) for i in range(3))
    stakes, counts = np.unique(ndoubles, return_counts=True)
    stake_counts = {int(2 ** int(s)): int(c) for s, c in zip(stakes, counts, strict=True)}
    ivs = tuple(wilson(w, games, level) for w in wins)
    return DoublingOutcome(n, start, qo, qr, games, seed, wins, wbf, float(ndoubles.mean()), stake_counts, ivs,
                           wilson(int(byfold.sum()), games, level))


@dataclass(frozen=True)
class AppendixDoublingExact(Result):
    """Exact outcome probabilities of Appendix B's doubling experiment (a Markov chain on position x last doubler)."""

    SOURCE = 'ju24 Appendix B'
    VALUES = ("win", "win_by_fold", "expected_doubles")

    n: int
    start: Position
    q_offer: mpq
    q_reject: mpq
    win: tuple  # P(A wins), P(B wins), P(C wins)
    win_by_fold: tuple  # P(the game ends by a refused double of A / B / C)
    expected_doubles: mpq
    method: str = "exact linear solve (python-flint) over (position, last doubler)"


def appendix_doubling_exact(n: int, q_offer, q_reject, start=None, edges: str = "lemma") -> AppendixDoublingExact:
    """The exact law of Appendix B's ``Doubling`` experiment (no cap on the number of doubles).

    States are (position, last doubler).  Unknowns: the probability of each way of
    ending and the expected number of doubles; one exact solve with 7 right-hand sides.
    """
    import flint

    from ..algebraic import to_fmpq
    from .board import neighbours, positions

    start = _start(n, start)
    _check_edges(edges)
    qo, qr = _check_q(q_offer, "q_offer"), _check_q(q_reject, "q_reject")
    if n > 60:
        raise TooLarge(f"side n = {n} is too large for the exact doubling chain (at most 60)")
    pts = positions(n)
    states = [(p, l) for p in pts for l in (-1, 0, 1, 2)]
    idx = {s: k for k, s in enumerate(states)}

    def action(p, l):
        """(kind, player, next_last): 'end'/'fold'/'double'/'walk' at position p with last doubler l."""
        if p.kind == "vertex":
            return ("end", p.coords.index(n), l)
        if p.kind == "edge" and edges == "lemma":
            return ("edge", None, l)
        ch = [mpq(t, n) for t in p.coords]
        for i in APPENDIX_ORDER:
            if ch[i] > qo and l != i:
                if any(p.coords[j] > 0 and ch[j] < qr for j in range(3) if j != i):
                    return ("fold", i, l)
                return ("double", i, i)
        return ("walk", None, l)

    # columns: win A, B, C (any way), fold-win A, B, C, expected doubles
    N = len(states)
    A = flint.fmpq_mat(N, N)
    B = flint.fmpq_mat(N, 7)
    for s, k in idx.items():
        p, l = s
        A[k, k] = 1
        kind, i, nl = action(p, l)
        if kind == "end":
            B[k, i] = 1
        elif kind == "edge":  # Lemma 4.2: each remaining player wins with his count / n
            for j in range(3):
                if p.coords[j]:
                    B[k, j] = flint.fmpq(p.coords[j], n)
        elif kind == "fold":
            B[k, i] = 1
            B[k, 3 + i] = 1
        elif kind == "double":
            # the same position with the new last doubler; the appendix examines players again next step only,
            # so after a taken double the walk moves on
            B[k, 6] = B[k, 6] + 1
            for q, w in neighbours(p):
                A[k, idx[(q, nl)]] = A[k, idx[(q, nl)]] - to_fmpq(w)
        else:
            for q, w in neighbours(p):
                A[k, idx[(q, l)]] = A[k, idx[(q, l)]] - to_fmpq(w)
    X = A.solve(B)
    k0 = idx[(start, -1)]
    val = [mpq(int(X[k0, c].p), int(X[k0, c].q)) for c in range(7)]
    return AppendixDoublingExact(n, start, qo, qr, tuple(val[0:3]), tuple(val[3:6]), val[6])


def prob_area(n: int, path_length: int, games: int, seed: int, level: float = 0.99):
    """Appendix B ``Prob_Area``: along one seeded walk from the centre, simulated win frequencies minus areas.

    Returns a list of (position, frequencies, barycentric areas, intervals) for the
    first ``path_length`` interior positions visited.  Areas are the barycentric
    coordinates (ju24 Figure 5), equal to the exact chances by Theorem 4.1.
    """
    import numpy as np

    start = _start(n, None)
    rng = np.random.Generator(np.random.PCG64(seed))
    out = []
    p = start
    for k in range(path_length):
        if p.kind != "interior":
            break
        wf = simulate_wins(n, games, seed + 1 + k, start=p, level=level)
        out.append((p, wf.frequencies, wf.exact, wf.intervals))
        d = STEPS[int(rng.integers(0, 6))]
        p = Position(p.a + d[0], p.b + d[1], p.c + d[2])
    return out
