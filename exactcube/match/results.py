r"""Races and bearoffs in match winning chances: game outcomes through the MET, and the cube at the score.

**Cubeless mapping.**  A game played for a cube :math:`c` at a-away/b-away, won with chance
:math:`W` (a gammon :math:`W_g` of it) and lost with :math:`1 - W` (a gammon :math:`L_g`), is
worth the match winning chance

.. math::

    \mathrm{MWC} = (W - W_g)\,M(a - c, b) + W_g\,M(a - 2c, b) + (1 - W - L_g)\,M(a, b - c) + L_g\,M(a, b - 2c),

with :math:`M` read at the start of the next game (Crawford rule, :meth:`MatchEquityTable.after_game`).
:func:`cubeless_mwc` applies it to any outcome distribution: the exact race chances of
:func:`exactcube.race.cubeless.win_probability` (no gammons in a pip-count race) and the exact
bearoff chances of :func:`exactcube.race.bearoff.gammons.solve_pair`.

**The cube at the score** (:func:`bearoff_match`).  For a bearoff the whole game is solved
with match payoffs: for the roller at pair :math:`(u, v)` with cube :math:`c` (centred, the
roller's, the opponent's),

.. math::

    N(u, v, c, o) = \frac1{36}\sum_r w_r \max_s \bigl[s = \emptyset\ ?\ M(a_r - c\,g, a_o)
    : 1 - X(v, s, c, \bar o)\bigr],

    X = \max\bigl(N(c, o),\ \min(N(v\text{'s turn taken}: u, v, 2c, \text{opponent}), M(a_r - c, a_o))\bigr)

when the roller may double (the cube centred or his, not the Crawford game, and he needs more
than :math:`c`), else :math:`X = N`; :math:`g = 2` when the opponent has all 15 checkers on the
board.  :math:`a_r, a_o` are the roller's and the opponent's aways (the players alternate).
With an exact table (a gnubg file as printed, or a short exact model table) every value is an
exact rational, computed as an integer over one scale :math:`S = L\,36^K`: :math:`L` the common
denominator of the table values a game can end in, :math:`K` a bound on the turns left (each
turn moves the roller's pips down by at least 2, one per die), so that every turn's division by
36 is exact (checked) and no fraction is reduced on the way.  This is gnubg makebearoff.c's two-sided recurrence with the money payoffs
replaced by the table's; each cube state chooses its own plays.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd

from ..errors import BadInput
from ..cubeaction import CubeAction, decide
from ..numbers import is_ball, mpq
from ..owner import Owner
from ..results import Result
from .met import MatchEquityTable

__all__ = ["cubeless_mwc", "MatchBearoff", "bearoff_match", "race_match", "MatchRace", "race_cube_match", "NORMAL",
           "CRAWFORD", "POST_CRAWFORD"]

NORMAL, CRAWFORD, POST_CRAWFORD = "normal", "crawford", "post-crawford"


def _exact_table(met: MatchEquityTable) -> None:
    if any(is_ball(v) for row in met.pre for v in row) or any(is_ball(v) for v in met.post):
        raise BadInput(f"{met.name}: a table of balls; the match bearoff needs exact entries (a gnubg file, or "
                       "an exact model table: --exact with a short match)")


def game_kind(a: int, b: int, crawford: bool = False, post_crawford: bool = False) -> str:
    """The kind of the game at a-away/b-away: post-Crawford, Crawford, or normal."""
    if post_crawford:
        if (a == 1) == (b == 1):
            raise BadInput("a post-Crawford game has exactly one player at 1-away")
        return POST_CRAWFORD
    if crawford:
        if (a == 1) == (b == 1):
            raise BadInput("the Crawford game has exactly one player at 1-away")
        return CRAWFORD
    return CRAWFORD if (a == 1) != (b == 1) else NORMAL


def after_game(met: MatchEquityTable, a: int, b: int, kind: str):
    """M(a, b) at the start of the game after a game of ``kind`` (1 if a <= 0, 0 if b <= 0)."""
    if a <= 0:
        return mpq(1)
    if b <= 0:
        return mpq(0)
    return met.equity(a, b, post_crawford=kind in (CRAWFORD, POST_CRAWFORD))


def cubeless_mwc(met: MatchEquityTable, a: int, b: int, win, win_gammon=0, lose_gammon=0, cube: int = 1,
                 kind: str = NORMAL):
    """The MWC of a game with the given exact outcome chances, cube ``cube`` (module docstring)."""
    W, Wg, Lg = mpq(win), mpq(win_gammon), mpq(lose_gammon)
    if not (0 <= Wg <= W <= 1 and 0 <= Lg <= 1 - W):
        raise BadInput("outcome chances must satisfy 0 <= win gammon <= win <= 1 and 0 <= lose gammon <= 1 - win")
    c = cube
    return ((W - Wg) * after_game(met, a - c, b, kind) + Wg * after_game(met, a - 2 * c, b, kind)
            + (1 - W - Lg) * after_game(met, a, b - c, kind) + Lg * after_game(met, a, b - 2 * c, kind))


@dataclass(frozen=True)
class MatchBearoff(Result):
    """A bearoff at a match score, exactly: the roller's cubeless chances and their MWC, the
    cubeful MWC after the cube decision, and the cube action at the score."""

    mine: tuple | int
    theirs: tuple | int
    a: int
    b: int
    kind: str
    cube: int
    owner: str
    met: str
    win: mpq
    win_gammon: mpq
    lose_gammon: mpq
    cubeless_mwc: mpq
    no_double: mpq
    double_take: mpq | None
    double_pass: mpq | None
    action: CubeAction  # by exactcube.cubeaction.decide, the rule of the money game too
    pairs: int
    SOURCE = "two-sided bearoff with match payoffs (exactcube.match.results)"
    EVIDENCE = "exact"


def bearoff_match(x, y, met: MatchEquityTable, a: int, b: int, cube: int = 1, owner: str = "centred",
                  crawford: bool = False, post_crawford: bool = False, limit: int | None = None,
                  notice=None, estimate=None) -> MatchBearoff:
    """The roller ``x`` (counts on points 1..6) against ``y`` at a-away/b-away (module docstring).
    ``estimate(seconds, how)`` is told the expected CPU seconds of each long step before it starts (the command line
    prints it and refuses a run over an hour without --force); without it ``notice(text)`` says it."""

    def cost(seconds, how):
        if estimate is not None:
            estimate(seconds, how)
        elif notice is not None:
            notice(f"{how}; estimate about {max(1, round(seconds)):,} s of CPU")

    from ..race.bearoff.gammons import EXACT_PAIR_LIMIT, SECONDS_PER_PAIR, reachable_pairs, solve_pair
    from ..race.bearoff.positions import MAX_CHECKERS, ROLLS, checkers, key_of, pips, plays

    _exact_table(met)
    owner = Owner.parse(owner).value
    if cube < 1 or cube & (cube - 1):
        raise BadInput(f"the cube must be a power of 2, got {cube}")
    for v, name in ((a, "your away"), (b, "their away")):
        if not 1 <= v <= met.length:
            raise BadInput(f"{name} must be 1..{met.length} for {met.name}, got {v}")
    kind = game_kind(a, b, crawford, post_crawford)
    limit = limit or EXACT_PAIR_LIMIT
    pairs = reachable_pairs(x, y, limit)
    if pairs is None:
        raise BadInput(f"the pair reaches more than {limit:,} pairs of positions, the most solved exactly")
    if len(pairs) * SECONDS_PER_PAIR > 5:
        cost(len(pairs) * SECONDS_PER_PAIR, f"solving {len(pairs):,} pairs of positions for the cubeless chances "
                                            "(the match payoffs' step is estimated next)")
    kx, ky = key_of(x), key_of(y)
    full = {k: checkers(k) == MAX_CHECKERS for p in pairs for k in p}
    succ: dict = {}

    def moves(k):
        hit = succ.get(k)
        if hit is None:
            hit = succ[k] = [(w, plays(k, roll)) for roll, w in ROLLS]
        return hit

    # the states that occur: (roller key, opponent key, who rolls: 0 = the player a-away)
    states = {(kx, ky, 0)}
    stack = [(kx, ky, 0)]
    while stack:
        u, v, who = stack.pop()
        for _, cands in moves(u):
            for s_ in cands:
                if s_ and (v, s_, 1 - who) not in states:
                    states.add((v, s_, 1 - who))
                    stack.append((v, s_, 1 - who))
    order = sorted(states, key=lambda t: (pips(t[0]) + pips(t[1]), t))
    turns = pips(kx) // 2 + pips(ky) // 2 + 2
    # the match payoffs' step said before the chances are solved (a run over an hour is refused before them)
    seconds, digits = _score_cost(len(order), met, a, b, cube, kind, 36, turns)
    if seconds > 5:
        cost(seconds, f"then solving {len(order):,} states with match payoffs exactly (values of about {digits:,} "
                      f"digits over {met.name})")
    chances = solve_pair(x, y, pairs=pairs)

    def rolls_of(u, v, who):  # per roll: its weight, whether a play bears off the last checker, the plays
        return [(w, not all(cands), [(v, s_, 1 - who) for s_ in cands if s_]) for w, cands in moves(u)]

    n, dt, dp, action = _solve_at_score(order, rolls_of, lambda v: 2 if full[v] else 1, met, a, b, cube, owner,
                                        kind, 36, turns)
    cl = cubeless_mwc(met, a, b, chances.win, chances.win_gammon, chances.lose_gammon, cube, kind)
    return MatchBearoff(tuple(x), tuple(y), a, b, kind, cube, owner, met.name, chances.win, chances.win_gammon,
                        chances.lose_gammon, cl, n, dt, dp, action, len(states))


#: CPU seconds per state and cube state of :func:`_solve_at_score` with values of about 100 digits
#: (scripts/bench_match_bearoff.py: 155,450 states, 7 cube states, about 28 s); longer values cost in proportion.
SECONDS_PER_STATE = 2.6e-5


def _scale(met: MatchEquityTable, a: int, b: int, cube: int, kind: str, D: int, K: int):
    """The cube's values ``levels`` (from ``cube`` up to the first value both players' needs are within), the cube
    states (highest cube first: a take leads to a higher one; a cube above its first value is never centred), the
    table values a game can end in, and the one scale S = L * D**K of :func:`_solve_at_score` (module docstring:
    L the common denominator of every end value, K a bound on the turns left, so that each turn's division by D
    is exact and no fraction is reduced)."""
    levels = [cube]
    while levels[-1] < max(a, b):
        levels.append(2 * levels[-1])
    cube_states = [(c, o) for c in reversed(levels) for o in (("theirs", "mine", "centred") if c == cube
                                                               else ("theirs", "mine"))]
    ends = {(ar - c * g, ao) for ar, ao in ((a, b), (b, a)) for c in levels for g in (1, 2)}
    terminal = {e: after_game(met, *e, kind) for e in ends}
    L = 1
    for t in terminal.values():
        L = L * t.denominator // gcd(L, t.denominator)
    return levels, cube_states, terminal, L * D ** K


def _score_cost(n_states: int, met: MatchEquityTable, a: int, b: int, cube: int, kind: str, D: int, K: int):
    """The CPU seconds of :func:`_solve_at_score` on ``n_states`` states and the digits of its integers
    (:data:`SECONDS_PER_STATE` scaled by the digits)."""
    _, cube_states, _, S = _scale(met, a, b, cube, kind, D, K)
    digits = int(S.bit_length() * 0.30103) + 1
    return n_states * len(cube_states) * SECONDS_PER_STATE * max(1, digits / 100), digits


def _solve_at_score(order, rolls_of, gammon_of, met: MatchEquityTable, a: int, b: int, cube: int, owner: str,
                    kind: str, D: int, K: int, cost=None):
    """The game solved with match payoffs (module docstring): ``order`` the states ``(roller, opponent,
    who)`` (who 0: the player a-away rolls), each after every state it leads to, the last the root;
    ``rolls_of(state)`` per roll ``(weight, wins, next states)``, the weights over ``D``; ``gammon_of(v)``
    the multiple a win against ``v`` scores; ``K`` a bound on the turns left from the root.  Returns the
    root's ``(no double, double/take, double/pass, action)``, exact (the action a
    :class:`~exactcube.cubeaction.CubeAction`).  ``cost(seconds, how)`` is told the
    estimated time first when it exceeds 5 s."""
    levels, cube_states, terminal, S = _scale(met, a, b, cube, kind, D, K)
    # ``flip[i]``: the index of cube state i seen from the other player (the owner swapped)
    index = {cs: i for i, cs in enumerate(cube_states)}
    swap = {"centred": "centred", "mine": "theirs", "theirs": "mine"}
    flip = [index[(c, swap[o])] for c, o in cube_states]

    def can_double(ar, c, o):
        return kind != CRAWFORD and o in ("centred", "mine") and ar > c

    scaled = {e: int(t * S) for e, t in terminal.items()}
    if cost is not None:
        seconds, digits = _score_cost(len(order), met, a, b, cube, kind, D, K)
        if seconds > 5:
            cost(seconds, f"solving {len(order):,} states with match payoffs exactly (values of about {digits:,} "
                          f"digits over {met.name})")
    val: dict = {}
    nd: dict = {}
    plan = [(i, c, can_double(a, c, o), can_double(b, c, o), index.get((2 * c, "theirs"))) for i, (c, o) in
            enumerate(cube_states)]
    for state in order:
        u, v, who = state
        ar, ao = (a, b) if who == 0 else (b, a)
        g = gammon_of(v)
        # per roll: its weight, whether a play wins now, and the opponent's rows after the other plays
        rolls = [(w, wins, [val[t] for t in nxt]) for w, wins, nxt in rolls_of(u, v, who)]
        n_row, x_row = [0] * len(plan), [0] * len(plan)
        for i, c, dbl_a, dbl_b, take in plan:
            fi, win = flip[i], scaled[(ar - c * g, ao)]
            total = 0
            for w, wins, rows in rolls:
                # the best play leaves the opponent his least; bearing off the last checker wins ``win``
                best = S - min(r[fi] for r in rows) if rows else win
                if wins and win > best:
                    best = win
                total += w * best
            n, rem = divmod(total, D)
            if rem:
                raise ArithmeticError("the scale of the match game is too small (a turn bound is wrong)")
            n_row[i] = n
            doubles = take is not None and (dbl_a if who == 0 else dbl_b)
            x_row[i] = max(n, min(n_row[take], scaled[(ar - c, ao)])) if doubles else n
        val[state] = x_row
        nd[state] = n_row
    root = order[-1]
    n = mpq(nd[root][index[(cube, owner)]], S)
    dt = dp = None
    if can_double(a, cube, owner) and (2 * cube, "theirs") in index:
        dt, dp = mpq(nd[root][index[(2 * cube, "theirs")]], S), after_game(met, a - cube, b, kind)
        action = decide(n, dt, dp, owner, cube)
    else:
        action = decide(n, owner=owner, cube=cube, cannot="cube not available" if kind != CRAWFORD else "Crawford game")
    return n, dt, dp, action



def race_match(x: int, y: int, met: MatchEquityTable, a: int, b: int, cube: int = 1, crawford: bool = False,
               post_crawford: bool = False):
    """The cubeless MWC of a pip-count race (zk77's model: no gammons) at a-away/b-away, and the exact
    chance of winning it: ``(win, mwc)``."""
    from ..race.cubeless import win_probability

    _exact_table(met)
    kind = game_kind(a, b, crawford, post_crawford)
    w = win_probability(x, y).value
    return w, cubeless_mwc(met, a, b, w, 0, 0, cube, kind)


@dataclass(frozen=True)
class MatchRace(MatchBearoff):
    """A pip-count race at a match score, exactly (the fields of :class:`MatchBearoff`, the positions
    being the two counts and the gammon chances 0: a race has none)."""

    SOURCE = "zk77's race model with match payoffs (exactcube.match.results)"


def race_cube_match(x: int, y: int, met: MatchEquityTable, a: int, b: int, cube: int = 1, owner: str = "centred",
                    crawford: bool = False, post_crawford: bool = False) -> MatchRace:
    """The race ``x`` (on roll) against ``y`` pips at a-away/b-away, solved with match payoffs as
    :func:`bearoff_match` solves a bearoff (module docstring), in zk77's model: a turn moves the
    roller's count down by the dice total (doubles four times), the first to reach 0 wins, no gammons."""
    from ..race.cubeless import check_count
    from ..race.dice import BACKGAMMON as dice

    _exact_table(met)
    x, y = check_count(x, "your count"), check_count(y, "opponent's count")
    owner = Owner.parse(owner).value
    if cube < 1 or cube & (cube - 1):
        raise BadInput(f"the cube must be a power of 2, got {cube}")
    kind = game_kind(a, b, crawford, post_crawford)
    turns = [(t, w) for t, w in zip(dice.totals, dice.weights, strict=True) if w]
    states = {(x, y, 0)}
    stack = [(x, y, 0)]
    while stack:
        u, v, who = stack.pop()
        for t, _ in turns:
            if u > t and (v, u - t, 1 - who) not in states:
                states.add((v, u - t, 1 - who))
                stack.append((v, u - t, 1 - who))
    order = sorted(states, key=lambda st: (st[0] + st[1], st))

    def rolls_of(u, v, who):  # a total at least the count wins; else the opponent rolls at (v, u - t)
        return [(w, u <= t, [] if u <= t else [(v, u - t, 1 - who)]) for t, w in turns]

    K = x // dice.min_total + y // dice.min_total + 2
    n, dt, dp, action = _solve_at_score(order, rolls_of, lambda v: 1, met, a, b, cube, owner, kind,
                                        dice.denominator, K)
    w, mwc = race_match(x, y, met, a, b, cube, crawford, post_crawford)
    zero = mpq(0)
    return MatchRace(x, y, a, b, kind, cube, owner, met.name, w, zero, zero, mwc, n, dt, dp, action, len(states))
