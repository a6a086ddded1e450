r"""Two-sided bearoff with gammons, exactly, for any pair of positions of up to 15 checkers.

A side whose position has all 15 checkers on the board (none borne off) loses a gammon
(twice the cube) if the other side bears off first; no backgammons arise in a bearoff.  Money
game, cube value normalised to 1, unlimited redoubles, no beavers; no Jacoby rule unless
asked (``jacoby=True``: gammons count single while the cube is centred).  With
``gammons=False`` every loss counts single (the values of :mod:`.twosided`).

Write :math:`g(y) = 2` when :math:`y` has 15 checkers and gammons count, else 1.  For the
roller :math:`x` against :math:`y`, each roll :math:`r` (weight :math:`w_r` over 36) is
played to the successor :math:`s` that maximises the roller's value, where a play that
bears off the last checker is worth :math:`g(y)` and any other play is worth minus the
opponent's value at :math:`(y, s)`.

**Cubeless** (both sides maximise their cubeless money equity):

.. math::

    E(x, y) = \frac{1}{36}\sum_r w_r \max_s \bigl[s = \emptyset\ ?\ g(y) : -E(y, s)\bigr],

and along the same plays the chances of winning, winning a gammon and losing a gammon
(:math:`W, W_g, L_g`) follow by the same average (a win by bearing off counts in
:math:`W`, and in :math:`W_g` when :math:`g(y) = 2`; the opponent's chances swap roles).

**Cubeful** no-double equities, cube centred :math:`N_C`, owned :math:`N_O`, opponent-owned
:math:`N_T`, and after the cube decision :math:`X`:

.. math::

    N_C = \tfrac{1}{36}\sum_r w_r \max_s [\emptyset\ ?\ g_C(y) : -X_C(y, s)], \quad
    N_O = \ldots [\emptyset\ ?\ g(y) : -X_T(y, s)], \quad
    N_T = \ldots [\emptyset\ ?\ g(y) : -X_O(y, s)],

    D = \min(1, 2N_T), \quad X_C = \max(N_C, D), \quad X_O = \max(N_O, D), \quad X_T = N_T,

:math:`g_C = 1` under the Jacoby rule, else :math:`g`.  These are the recurrences of
:mod:`.twosided` with gammon-valued end states; each cube state chooses its own plays.

**Evaluation.**  Pairs are solved in order of total pips (every play lowers them) over the
pairs (roller, opponent) reachable from the query by legal plays (a pair :math:`(a, b)`
leads to :math:`(b, s)` for every play :math:`s \ne \emptyset` of every roll from
:math:`a`); values are exact rationals (gmpy2 ``mpq``).  Ties between plays of equal value: the successor with the smallest key.

**One-sided approximation** (:func:`one_sided_estimate`, for pairs beyond the exact limit):
each side plays its own one-sided policy (least expected rolls to bear off,
:mod:`.onesided`; least expected rolls to the first checker off for the gammon
distribution), independently of the other.  With :math:`N` the rolls to bear off and
:math:`G` the rolls until the first checker is off, the roller wins iff
:math:`N_x \le N_y`, wins a gammon iff :math:`G_y \ge N_x` (the opponent has rolled
:math:`N_x - 1` times), loses a gammon iff :math:`G_x > N_y`.  The two sides' rolls are
independent, so these are exact sums over the two distributions; what is approximate is
the model (a side's bear-off and gammon plays are chosen separately, as in gnubg's
one-sided estimate, and neither looks at the opponent).

Reference: GNU Backgammon makebearoff.c (``BearOff`` gammon distribution, ``BearOff2``
recurrences); the rules of money play with gammons.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import BadInput
from ...numbers import mpq
from ...results import Result, assumption
from .positions import MAX_CHECKERS, ROLLS, checkers, key_of, pips, plays

__all__ = ["Chances", "GammonEntry", "solve_pair", "solve_pairs", "VALUE_FIELDS", "reachable_pairs", "reachable",
           "one_sided_estimate", "OneSidedEstimate", "EXACT_PAIR_LIMIT", "SECONDS_PER_PAIR"]

ONE_SIDED_MODEL = assumption(
    "bearoff.one-sided-model",
    "Each side plays its one-sided policy (least expected rolls to bear off; separately, least "
    "expected rolls until its first checker is off), independently of the other side.")

#: Most pairs :func:`solve_pair` solves (the CLI refuses beyond it, or falls back to the
#: one-sided estimate).
EXACT_PAIR_LIMIT = 200_000

#: CPU seconds per pair of :func:`solve_pair`, measured here (78,589 pairs in 11.7 s), for the
#: estimate announced before a long run.
SECONDS_PER_PAIR = 1.5e-4


def reachable(key: int) -> frozenset:
    """Every position reachable from ``key`` by legal plays (``key`` included, the empty
    position excluded)."""
    seen, stack = set(), [key]
    while stack:
        k = stack.pop()
        if k in seen or not k:
            continue
        seen.add(k)
        stack.extend(s for roll, _w in ROLLS for s in plays(k, roll))
    return frozenset(seen)


def reachable_pairs(x, y, limit: int = EXACT_PAIR_LIMIT):
    """The (roller, opponent) pairs of keys reachable from counts ``x`` (on roll) against
    ``y`` by legal plays, both sides keeping a checker (module docstring, "Evaluation");
    None as soon as there are more than ``limit``."""
    start = (key_of(x), key_of(y))
    seen, stack = {start}, [start]
    succ: dict = {}
    while stack:
        a, b = stack.pop()
        nxt = succ.get(a)
        if nxt is None:
            nxt = succ[a] = {s for roll, _w in ROLLS for s in plays(a, roll) if s}
        for s in nxt:
            p = (b, s)
            if p not in seen:
                seen.add(p)
                stack.append(p)
                if len(seen) > limit:
                    return None
    return seen


@dataclass(frozen=True)
class Chances(Result):
    """The roller's cubeless chances against ``theirs``: win, win a gammon, lose a gammon,
    and the cubeless money equity :math:`2W - 1 + W_g - L_g`."""

    SOURCE = "bearoff with gammons (module docstring)"
    VALUES = ("win", "win_gammon", "lose_gammon", "cubeless")

    mine: tuple
    theirs: tuple
    win: mpq
    win_gammon: mpq
    lose_gammon: mpq
    cubeless: mpq


@dataclass(frozen=True)
class GammonEntry(Chances):
    """Exact values of one pair with gammons: cubeless chances and equity (:class:`Chances`),
    and the no-double cubeful equities (per unit cube)."""

    nd_centred: mpq
    nd_owned: mpq
    nd_theirs: mpq
    pairs: int = 0
    gammons: bool = True
    jacoby: bool = False
    method: str = "exact two-sided recursion with gammons over the pairs reachable from the query"
    evidence: str = "exact"
    source: str = "this module; recurrences of gnubg makebearoff.c BearOff2 with gammon end states"


def solve_pair(x, y, gammons: bool = True, jacoby: bool = False, progress=None,
               limit: int = EXACT_PAIR_LIMIT, pairs=None, full: int = MAX_CHECKERS) -> GammonEntry:
    """Exact values for roller ``x`` against ``y`` (counts on points 1..6), module docstring,
    over ``pairs`` (default :func:`reachable_pairs`).  ``progress(done, total)`` is called
    every 1,000 pairs; BadInput beyond ``limit`` pairs.  ``full`` is the number of checkers
    a side starts with (a side with ``full`` checkers on the board loses a gammon): 15 in
    backgammon; smaller values give the same recurrences on small games, for tests."""
    kx, ky = key_of(x), key_of(y)
    if not kx or not ky:
        raise BadInput("both sides need a checker left")
    if pairs is None:
        pairs = reachable_pairs(x, y, limit)
    if pairs is None:
        raise BadInput(f"the pair reaches more than {limit:,} pairs of positions, the most solved exactly")
    v = solve_pairs(pairs, gammons, jacoby, progress, full)[(kx, ky)]
    return GammonEntry(tuple(x), tuple(y), v[1], v[2], v[3], v[0], v[4], v[5], v[6],
                       pairs=len(pairs), gammons=gammons, jacoby=jacoby)


#: The fields of a value of :func:`solve_pairs`, in order (module docstring): cubeless equity, chances of
#: winning, winning a gammon, losing a gammon; no-double equities centred, owned, opponent-owned; and the
#: equities after the cube decision in the same three states.
VALUE_FIELDS = ("E", "W", "Wg", "Lg", "NC", "NO", "NT", "XC", "XO", "XT")


def solve_pairs(pairs, gammons: bool = True, jacoby: bool = False, progress=None, full: int = MAX_CHECKERS) -> dict:
    """The values (:data:`VALUE_FIELDS`, module docstring) of every pair of keys (roller, opponent) in
    ``pairs``, which must be closed under legal plays (e.g. :func:`reachable_pairs`): ``{(a, b): tuple}``."""
    is_full = {k: checkers(k) == full and gammons for p in pairs for k in p}
    succ: dict = {}

    def moves(k):
        hit = succ.get(k)
        if hit is None:
            hit = succ[k] = [(w, sorted(plays(k, roll))) for roll, w in ROLLS]
        return hit

    # per pair: (E, W, Wg, Lg, NC, NO, NT, XC, XO, XT)
    val: dict = {}
    one, two = mpq(1), mpq(2)
    # ties between plays of equal cubeless value: the smallest key (max keeps the first)
    for n, (a, b) in enumerate(sorted(pairs, key=lambda p: (pips(p[0]) + pips(p[1]), p))):
        g = two if is_full[b] else one
        gc = one if jacoby else g
        E = W = Wg = Lg = NC = NO = NT = mpq(0)
        for w, cands in moves(a):
            # a play that bears off the last checker wins g (gc for the centred cube)
            best = max(cands, key=lambda s: g if not s else -val[(b, s)][0])
            if not best:
                E += w * g
                W += w
                Wg += w * (g == 2)
            else:
                v = val[(b, best)]
                E -= w * v[0]
                W += w * (1 - v[1])
                Wg += w * v[3]
                Lg += w * v[2]
            NC += w * max(gc if not s else -val[(b, s)][7] for s in cands)
            NO += w * max(g if not s else -val[(b, s)][9] for s in cands)
            NT += w * max(g if not s else -val[(b, s)][8] for s in cands)
        E, W, Wg, Lg, NC, NO, NT = (t / 36 for t in (E, W, Wg, Lg, NC, NO, NT))
        D = min(one, 2 * NT)
        val[(a, b)] = (E, W, Wg, Lg, NC, NO, NT, max(NC, D), max(NO, D), NT)
        if progress is not None and n % 1000 == 999:
            progress(n + 1, len(pairs))
    return val


@dataclass(frozen=True)
class OneSidedEstimate(Chances):
    """Cubeless chances from the one-sided distributions (module docstring): exact sums
    over a model in which each side plays its one-sided policy."""

    gammons: bool = True
    method: str = ("one-sided estimate: each side minimises its expected rolls (bear-off and, "
                   "separately, first-checker-off distributions), sides independent")
    evidence: str = "exact"
    source: str = "model: gnubg's one-sided estimate (makebearoff.c BearOff); exact sums here"
    ASSUMPTIONS = (ONE_SIDED_MODEL.id,)


def _tail(probs, k):
    """P(N >= k) for a list of probabilities P(N = 0), P(N = 1), ..."""
    return sum(probs[k:], mpq(0)) if k < len(probs) else mpq(0)


def one_sided_estimate(x, y, gammons: bool = True) -> OneSidedEstimate:
    """Roller ``x`` against ``y``: win, gammon-win and gammon-loss chances and the cubeless
    equity of the one-sided model (module docstring)."""
    from .onesided import distribution, gammon_distribution

    nx, ny = distribution(x).probabilities, distribution(y).probabilities
    win = sum((p * _tail(ny, k) for k, p in enumerate(nx)), mpq(0))
    wg = lg = mpq(0)
    if gammons and sum(y) == MAX_CHECKERS:
        gy = gammon_distribution(y).probabilities
        wg = sum((p * _tail(gy, k) for k, p in enumerate(nx)), mpq(0))
    if gammons and sum(x) == MAX_CHECKERS:
        gx = gammon_distribution(x).probabilities
        lg = sum((p * _tail(gx, k + 1) for k, p in enumerate(ny)), mpq(0))
    return OneSidedEstimate(tuple(x), tuple(y), win, wg, lg, 2 * win - 1 + wg - lg, gammons)
