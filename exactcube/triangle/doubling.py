r"""The doubling cube in the three-player triangle game, with 1, 2, 3, ... doubles, exactly on the grid.

**Rules** (ju24 §4.2, made precise here where the paper leaves a choice open).

* *Stake.*  With stake :math:`s`, each opponent pays :math:`s` to the winner, so the
  winner receives :math:`2s` (ju24 §4.2).  A player *ejected* at an edge (ju24 §4.1)
  has lost and pays the eventual winner.  Two readings of how much (``ejected=``):

  - ``"liable"`` (ju24 §4.2 literally: "a doubling offer, if accepted, doubles the
    stake of every player"): he pays the *final* stake; doubles between the two
    remaining players raise his debt too.
  - ``"settled"``: he pays the stake at the moment of ejection; an edge state then
    carries :math:`r` = his debt per unit of the current stake (:math:`r = 1` on
    arrival, halved by each later double).

  Without doubles the value per unit stake is :math:`3x_i - 1` (Theorem 4.1).
* *Who may double.*  While doubles remain, any player still in the game except the
  last doubler (ju24 §4.2 "the right to the cube rests with the remaining two
  players"; Appendix B "anyone could double, as long as they weren't the last
  player to double").  If several want to double at the same position, one of them
  chosen uniformly at random does (values are averaged); ``priority=i`` lets player
  :math:`i` go first instead (the paper fixes neither).
* *Responses* (the players still in the game other than the doubler):

  - ``both`` (Appendix B): the double stands only if every responder accepts; if
    one folds the game ends and the doubler wins the current stake from each other
    player (:math:`+2s`; everyone else :math:`-s`).  Each responder accepts iff his
    value after the double is at least :math:`-1` per unit (a weakly dominant rule).
    At exact indifference the choice matters to the *other* players; ``tie="accept"``
    (default) or ``tie="fold"`` (the responder counts as "willing to fold", ju24
    Theorem 4.3's wording) says which, and ``Game.ties()`` lists where it is used.
  - ``one`` (§4.2's alternative, "one acceptance sufficient and effective"): a
    folder pays the doubler the current stake and leaves; if every responder folds
    the doubler wins (:math:`+2s`).  If exactly one folds, the doubler and the
    accepter go on alone at stake :math:`2s` in the two-player discrete game (the
    symmetric walk on :math:`\{0,\dots,a_i + a_j\}` from :math:`a_i`, i.e. the
    folder's share is dropped and the chances renormalised, Lemma 4.2), with the
    remaining doubles and the cube with the accepter.  The two responders answer in
    turn, the one with the smaller chance first (ties: the next in cyclic order
    A→B→C after the doubler), the second knowing the first answer.

**Values.**  :math:`V^{k}_{\ell}(v) \in \mathbb{Q}^3` is the vector of the players'
expected final payoffs per unit of the current stake at position :math:`v` with
:math:`k` doubles left and last doubler :math:`\ell` (``None`` before the first),
before anyone doubles at :math:`v`.  :math:`V^{0}(v) = 3(x,y,z) - 1`.  A double by
:math:`i` at level :math:`k` leads to :math:`2V^{k-1}_{i}(v)` if taken.

**Policies.**  The *cash policy* is ju24 Theorem 4.3's principle: a player doubles
exactly where the double ends the game in his favour (both opponents fold under
``one``; some opponent folds under ``both``).  Given the doubling sets, the values
solve one exact linear system per (level, last doubler) (the walk's mean-value
equations with the doubling positions absorbing).  The *optimality check* solves,
for each player, the optimal-stopping problem "when should I double, the others
playing their policy" exactly (projected SOR in floating point to screen, then
policy iteration with an exact solve per step and exact comparisons), so it decides
whether the policy profile is a subgame-perfect equilibrium level by level (backward
induction over the number of doubles left): a player's set is a best response iff
its exact value equals the exact optimal-stopping value at every reachable state.
:func:`equilibrium` iterates best responses from the cash policy, all players at once
(which keeps a symmetric profile symmetric) and, if that cycles, one at a time (a
player whose set is not a best response switches to the smallest optimal set :math:`\{S >
\text{continuation}\}`: he doubles only where doubling is strictly better) until no
player can gain; the fixed point is a subgame-perfect equilibrium of the grid game,
certified exactly.  Equilibria need not be unique; this one is the fixed point
reached from the paper's principle.

**Scope.**  Everything here is exact on the grid of side :math:`n`.  Statements
about the continuum (:math:`n\to\infty`) limit of the regions are conjectures
supported by the sequence of grids, not proofs.

References: ju24 §4.2-4.3 (Theorems 4.3, 4.4, Remark 4.5, Figure 6), Appendix B.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache

from ..errors import BadInput, TooLarge
from ..numbers import mpq
from .board import neighbours, positions

__all__ = [
    "Acceptance",
    "MAX_SIDE",
    "MAX_DOUBLES",
    "Response",
    "Level",
    "Game",
    "solve_game",
    "equilibrium",
    "fold_threshold_one_double",
    "theorem_4_4_regions",
]

MAX_SIDE = 60
MAX_DOUBLES = 4

Vec = tuple  # (mpq, mpq, mpq)
ZERO = mpq(0)


class Acceptance(str, Enum):
    """Which responses make a double stand (ju24 §4.2)."""

    ONE = "one"  # one acceptance suffices; folders pay and leave
    BOTH = "both"  # every responder must accept (Appendix B)

    @classmethod
    def parse(cls, text) -> "Acceptance":
        if isinstance(text, Acceptance):
            return text
        t = str(text).strip().lower()
        try:
            return cls(t)
        except ValueError:
            raise BadInput(f"acceptance rule {text!r}: use 'one' (one acceptance suffices) or 'both'") from None


def _vadd(u, v):
    return tuple(a + b for a, b in zip(u, v, strict=True))


def _vscale(c, u):
    return tuple(c * a for a in u)


def _mean(vs):
    vs = list(vs)
    s = (ZERO, ZERO, ZERO)
    for v in vs:
        s = _vadd(s, v)
    return _vscale(mpq(1, len(vs)), s)


def _win_vector(i, players=(0, 1, 2)):
    """Payoff per unit stake when player ``i`` wins now: +1 from every other liable player."""
    v = [ZERO, ZERO, ZERO]
    for j in players:
        v[j] = mpq(-1) if j != i else mpq(len(players) - 1)
    return tuple(v)


# ---------------------------------------------------------------------------------------------
# boards: the triangle (3 liable players) and the two-player segments used after a partial fold
# ---------------------------------------------------------------------------------------------


class _Board(ABC):
    """A board: its states, the random walk's steps, and who is still playing."""

    states: list
    players: tuple

    @abstractmethod
    def nbrs(self, s):  # -> tuple[(state, mpq)]
        """The walk's next states from ``s`` with their exact probabilities."""

    @abstractmethod
    def chances(self, s) -> Vec:
        """Each player's cubeless chance of winning from ``s``."""

    @abstractmethod
    def alive(self, s) -> tuple:
        """The players still in the game at ``s``."""

    def win_vector(self, i, s=None) -> Vec:
        return _win_vector(i, self.players)

    def after_double(self, s):
        return s

    def cubeless(self, s) -> Vec:
        """Value per unit stake with no doubles left (Theorem 4.1 / Lemma 4.2)."""
        ch = self.chances(s)
        out = [ZERO, ZERO, ZERO]
        m = len(self.players)
        for i in self.players:
            out[i] = m * ch[i] - 1
        return tuple(out)


class _Triangle(_Board):
    """The side-n grid; a state is (position, r): r = the ejected player's liability per unit current stake.

    Interior states have r = 1 (nobody ejected).  With ``ejected="liable"`` r stays 1 (the
    ejected player's stake follows the cube); with ``"settled"`` it halves at each double
    taken after the ejection (he owes the stake at the time he was ejected).
    """

    def __init__(self, n, ejected="liable", doubles=0):
        self.n = n
        self.players = (0, 1, 2)
        self.ejected = ejected
        rs = [mpq(1)] if ejected == "liable" else [mpq(1, 2**j) for j in range(doubles + 1)]
        self.r_min = rs[-1]
        self.states = []
        for p in positions(n):
            for r in (rs if p.kind != "interior" else [mpq(1)]):
                self.states.append((p, r))
        self._nb = {}
        for (p, r) in self.states:
            self._nb[(p, r)] = tuple(((q, r), w) for q, w in neighbours(p))

    def nbrs(self, s):
        return self._nb[s]

    def chances(self, s):
        p = s[0]
        return (mpq(p.a, self.n), mpq(p.b, self.n), mpq(p.c, self.n))

    def alive(self, s):
        return s[0].alive

    def coords(self, s):
        return s[0].coords

    def after_double(self, s):
        """The state after a double is taken at ``s`` (the ejected player's share halves if settled)."""
        p, r = s
        if self.ejected == "settled" and p.kind != "interior":
            # r >= 2^-(doubles used) on every reachable state; the cap only touches unreachable ones
            return (p, max(r / 2, self.r_min))
        return s

    def win_vector(self, i, s=None):
        """Per unit stake when i wins now: +1 from each player still in, +r from an ejected one."""
        r = mpq(1) if s is None else s[1]
        v = [ZERO, ZERO, ZERO]
        alive = (0, 1, 2) if s is None else s[0].alive
        for j in range(3):
            if j == i:
                continue
            v[j] = mpq(-1) if j in alive else -r
        v[i] = -sum(v)
        return tuple(v)

    def cubeless(self, s):
        """Theorem 4.1: each player's chance is his coordinate; payoffs as in :meth:`win_vector`."""
        ch = self.chances(s)
        out = (ZERO, ZERO, ZERO)
        for i in range(3):
            if ch[i]:
                out = _vadd(out, _vscale(ch[i], self.win_vector(i, s)))
        return out


class _Segment(_Board):
    """Players ``p`` (count t) and ``q`` (count L - t) on the symmetric walk 0..L (ju24 Lemma 4.2)."""

    def __init__(self, L, p, q):
        self.L, self.p, self.q = L, p, q
        self.states = list(range(L + 1))
        self.players = (p, q)

    def nbrs(self, t):
        if t in (0, self.L):
            return ()
        h = mpq(1, 2)
        return ((t - 1, h), (t + 1, h))

    def chances(self, t):
        v = [ZERO, ZERO, ZERO]
        v[self.p] = mpq(t, self.L)
        v[self.q] = mpq(self.L - t, self.L)
        return tuple(v)

    def alive(self, t):
        if t == 0:
            return (self.q,)
        if t == self.L:
            return (self.p,)
        return (self.p, self.q)


# ---------------------------------------------------------------------------------------------
# results
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Response:
    """What happens when ``doubler`` doubles at a position: the responders' answers and the outcome."""

    doubler: int
    folders: tuple
    accepters: tuple
    outcome: Vec  # payoff vector per unit of the stake before the double
    cash: bool  # the double ends the game with the doubler winning
    tie: bool = False  # some responder was exactly indifferent in a comparison that decided the answers


@dataclass
class Level:
    """Values and decisions with ``k`` doubles left and last doubler ``last`` (None: nobody yet)."""

    k: int
    last: int | None
    values: dict  # state -> Vec
    doubles: dict  # player -> frozenset of states where he doubles
    responses: dict  # (state, doubler) -> Response
    optimal: dict = field(default_factory=dict)  # player -> bool (his doubling set is a best response)
    improvements: dict = field(default_factory=dict)  # player -> list of (state, gain) where deviating helps
    method: str = ""
    best_values: dict = field(default_factory=dict)  # player -> {state: his exact optimal-stopping value}
    double_values: dict = field(default_factory=dict)  # player -> {state: his value if he doubles there now}

    def ties(self) -> list:
        """(state, doubler) pairs where a responder is exactly indifferent (the tie convention decides)."""
        return [key for key, r in self.responses.items() if r.tie]

    def fold_set(self, player: int) -> frozenset:
        """States where ``player`` folds to a double by some opponent (under this level's rules)."""
        return frozenset(s for (s, d), r in self.responses.items() if player in r.folders)

    def fold_set_against(self, player: int, doubler: int) -> frozenset:
        return frozenset(s for (s, d), r in self.responses.items() if d == doubler and player in r.folders)


@dataclass(frozen=True)
class Game:
    """All levels of the triangle game of side ``n`` with ``doubles`` doubles, and how they were computed."""

    n: int
    doubles: int
    rule: Acceptance
    policy: str  # "cash" (Theorem 4.3's principle) or "equilibrium" (best-response fixed point)
    levels: dict  # (k, last) -> Level
    ejected: str = "liable"
    exact: bool = True
    tie: str = "accept"  # what an exactly indifferent responder does: "accept" or "fold"

    def ties(self) -> list:
        """All (level key, state, doubler) where some responder is exactly indifferent; empty means the game
        (values and policies) does not depend on the tie convention."""
        return [(key, s, d) for key, lv in self.levels.items() for (s, d) in lv.ties()]

    def at(self, level: "Level", p) -> tuple:
        """The value vector of ``level`` at position ``p`` before any double on an edge (r = 1)."""
        return level.values[(p, mpq(1))]

    def doubling_region(self, player: int, level: "Level | None" = None) -> frozenset:
        """Positions (r = 1) where ``player`` doubles at ``level`` (default: the start, all doubles left)."""
        lv = self.top if level is None else level
        return frozenset(s[0] for s in lv.doubles.get(player, ()) if s[1] == 1)

    def fold_region(self, player: int, level: "Level | None" = None, doubler: int | None = None) -> frozenset:
        """Positions (r = 1) where ``player`` folds to a double (by ``doubler``, or by anybody)."""
        lv = self.top if level is None else level
        fs = lv.fold_set(player) if doubler is None else lv.fold_set_against(player, doubler)
        return frozenset(s[0] for s in fs if s[1] == 1)

    @property
    def top(self) -> Level:
        return self.levels[(self.doubles, None)]

    def is_equilibrium(self) -> bool:
        """Every player's doubling set is an exact best response at every level (subgame perfection)."""
        return all(all(lv.optimal.values()) for key, lv in self.levels.items() if key[0] > 0)


# ---------------------------------------------------------------------------------------------
# the engine
# ---------------------------------------------------------------------------------------------


def _check(n, doubles):
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise BadInput(f"side n must be a whole number >= 1, got {n!r}")
    if n > MAX_SIDE:
        raise TooLarge(f"side n = {n} is too large for the exact doubling computation (at most {MAX_SIDE})")
    if isinstance(doubles, bool) or not isinstance(doubles, int) or doubles < 0:
        raise BadInput(f"number of doubles must be a whole number >= 0, got {doubles!r}")
    if doubles > MAX_DOUBLES:
        raise TooLarge(f"{doubles} doubles is too many for the exact doubling computation (at most {MAX_DOUBLES})")


def _exact_solve(board, free, fixed_value, ncols=3):
    """Solve V(s) = sum p V(s') on ``free`` states, V = fixed_value(s) elsewhere; exact (python-flint)."""
    import flint

    from ..algebraic import to_fmpq

    free = list(free)
    if not free:
        return {}
    idx = {s: i for i, s in enumerate(free)}
    N = len(free)
    A = flint.fmpq_mat(N, N)
    B = flint.fmpq_mat(N, ncols)
    for i, s in enumerate(free):
        A[i, i] = 1
        for t, w in board.nbrs(s):
            fw = to_fmpq(w)
            j = idx.get(t)
            if j is not None:
                A[i, j] = A[i, j] - fw
            else:
                fv = fixed_value(t)
                for c in range(ncols):
                    x = fv[c]
                    if x:
                        B[i, c] = B[i, c] + fw * to_fmpq(x)
    X = A.solve(B)
    return {s: tuple(mpq(int(X[i, c].p), int(X[i, c].q)) for c in range(ncols)) for s, i in idx.items()}


class _Engine:
    def __init__(self, n, doubles, rule, policy, check=True, max_rounds=40, ejected="liable", tie="accept",
                 priority=None):
        self.n, self.K, self.rule, self.policy = n, doubles, Acceptance.parse(rule), policy
        self.tie = tie
        self.priority = priority  # a player who doubles first when several want to (None: a fair draw)
        self.check = check
        self.max_rounds = max_rounds
        self.ejected = ejected
        self.tri = _Triangle(n, ejected, doubles)

    # -- segments (two-player games after a partial fold; zero-sum, ±1 per unit stake) --------
    @lru_cache(maxsize=None)  # noqa: B019 (one solver object per run; the cache lives and dies with it)
    def segment_level(self, L, k, last_is_p):
        """Level values of the segment game S(L, p=0, q=1): k doubles left, last doubler p (or q, or None)."""
        seg = _Segment(L, 0, 1)
        last = None if last_is_p is None else (0 if last_is_p else 1)
        if k == 0:
            vals = {t: seg.cubeless(t) for t in seg.states}
            return Level(0, last, vals, {0: frozenset(), 1: frozenset()}, {}, {0: True, 1: True})

        def prev(doubler, t):
            return self.segment_level(L, k - 1, doubler == 0).values[t]

        return self._solve_level(seg, k, last, prev, partial=None)

    def segment_value(self, L, t, k, doubler, accepter):
        """Per-unit values after ``doubler`` doubled and only ``accepter`` took: segment 0..L, doubler's count t."""
        lv = self.segment_level(L, k, True)  # p = doubler just doubled
        v = lv.values[t]
        out = [ZERO, ZERO, ZERO]
        out[doubler], out[accepter] = v[0], v[1]
        return tuple(out)

    # -- responses ----------------------------------------------------------------------------
    def respond(self, board, s, i, k, prev, partial):
        """The responders' answers when ``i`` doubles at ``s`` with ``k`` doubles left (before the double)."""
        R = [j for j in board.alive(s) if j != i]
        cash = board.win_vector(i, s)
        acc = _vscale(2, prev(i, board.after_double(s)))
        if not R:  # pragma: no cover - a lone player is at a terminal position
            return Response(i, (), (), cash, True)
        ties = []

        def takes(j, after):
            """j takes iff his value after taking is at least (tie "accept") / above (tie "fold") folding's."""
            ties.append(after[j] == cash[j])
            return after[j] >= cash[j] if self.tie == "accept" else after[j] > cash[j]

        if self.rule is Acceptance.BOTH or len(R) == 1 or partial is None:
            folders = tuple(j for j in R if not takes(j, acc))
            if folders:
                return Response(i, folders, tuple(j for j in R if j not in folders), cash, True, any(ties))
            return Response(i, (), tuple(R), acc, False, any(ties))
        # one acceptance suffices: sequential answers, smaller chance first
        ch = board.chances(s)
        order = sorted(R, key=lambda j: (ch[j], (j - i) % 3))
        f, g = order
        # g's reply after f accepted / folded
        pf_g = partial(s, i, folder=g, accepter=f)  # f accepted, g folds
        out_f_acc = (acc, (), (f, g)) if takes(g, acc) else (pf_g, (g,), (f,))
        pf_f = partial(s, i, folder=f, accepter=g)  # f folded, g accepts
        out_f_fold = (pf_f, (f,), (g,)) if takes(g, pf_f) else (cash, (f, g), ())
        if takes(f, out_f_acc[0]):
            vec, folders, accepters = out_f_acc
        else:
            vec, folders, accepters = out_f_fold
        return Response(i, tuple(sorted(folders)), tuple(sorted(accepters)), vec, not accepters, any(ties))

    # -- one level --------------------------------------------------------------------------------
    def _solve_level(self, board, k, last, prev, partial):
        resp = {}
        eligible = {}
        for s in board.states:
            al = board.alive(s)
            if len(al) < 2:
                continue
            el = tuple(i for i in al if i != last)
            eligible[s] = el
            for i in el:
                resp[(s, i)] = self.respond(board, s, i, k, prev, partial)
        doubles = {i: frozenset(s for (s, j), r in resp.items() if j == i and r.cash) for i in board.players}
        lv = self._evaluate(board, k, last, doubles, resp)
        if self.policy != "equilibrium":
            if self.check:
                for i in board.players:
                    _, gains = self._best_response(board, lv, i, eligible)
                    lv.improvements[i] = gains
                    lv.optimal[i] = not gains
            return lv
        # best-response iteration: simultaneous updates first (they keep a symmetric profile symmetric), then,
        # if those cycle, one player at a time
        for mode in ("simultaneous", "one at a time"):
            for rounds in range(1, self.max_rounds + 1):
                changed = False
                updates = {}
                for i in board.players:
                    best, gains = self._best_response(board, lv, i, eligible)
                    lv.improvements[i] = gains
                    lv.optimal[i] = not gains
                    if gains:
                        changed = True
                        if mode == "simultaneous":
                            updates[i] = best
                        else:
                            doubles = dict(doubles)
                            doubles[i] = best
                            lv = self._evaluate(board, k, last, doubles, resp)
                if updates:
                    doubles = dict(doubles)
                    doubles.update(updates)
                    lv = self._evaluate(board, k, last, doubles, resp)
                if not changed:
                    lv.optimal = {i: True for i in board.players}
                    lv.method += f"; equilibrium by best responses ({mode}, {rounds} round(s))"
                    return lv
        lv.optimal = {i: False for i in board.players}
        lv.method += f"; best-response iteration found no fixed point in {2 * self.max_rounds} rounds"
        return lv

    def _evaluate(self, board, k, last, doubles, resp):
        stop = {}
        for s in board.states:
            ds = [i for i in board.players if s in doubles.get(i, ())]
            if self.priority in ds and isinstance(board, _Triangle):
                ds = [self.priority]
            if ds:
                stop[s] = _mean(resp[(s, i)].outcome for i in ds)
            elif not board.nbrs(s):
                stop[s] = self._terminal(board, s)
        free = [s for s in board.states if s not in stop]
        vals = dict(stop)
        vals.update(_exact_solve(board, free, lambda t: vals[t]))
        return Level(k, last, vals, dict(doubles), resp, {}, {},
                     method="exact linear solve (python-flint) with the doubling positions absorbing")

    @staticmethod
    def _terminal(board, s):
        (w,) = board.alive(s)
        return board.win_vector(w, s)

    def _best_response(self, board, lv, i, eligible):
        """Player i's optimal doubling set against the others' sets at this level (exact policy iteration)."""
        others = {j: lv.doubles.get(j, frozenset()) for j in board.players if j != i}
        fixed = {}  # states where i's value does not depend on his own choice unless he may stop there
        S = {}  # i's payoff if he doubles there
        F = {}  # i's payoff there if he does not double and somebody else does
        for s in board.states:
            js = [j for j in others if s in others[j]]
            if self.priority in js and isinstance(board, _Triangle):
                js = [self.priority]
            if js:
                F[s] = _mean(lv.responses[(s, j)].outcome for j in js)[i]
            if i in eligible.get(s, ()):
                first = [i] if (self.priority == i and isinstance(board, _Triangle)) else js + [i]
                S[s] = _mean(lv.responses[(s, j)].outcome for j in first)[i]
            if not board.nbrs(s) and not js:
                fixed[s] = self._terminal(board, s)[i]
        D = set(lv.doubles.get(i, frozenset()))
        D = self._float_policy_iteration(board, i, S, F, fixed, D)
        for _ in range(200):
            V = self._stop_values(board, S, F, fixed, D)
            newD = set()
            for s in S:
                if s in F:
                    cont = F[s]
                elif board.nbrs(s):
                    cont = sum((w * V[t] for t, w in board.nbrs(s)), ZERO)
                else:
                    cont = fixed[s]
                if S[s] > cont or (s in D and S[s] == cont):
                    newD.add(s)
            if newD == D:
                break
            D = newD
        else:  # pragma: no cover - policy iteration is finite
            raise RuntimeError("policy iteration did not terminate")
        # V is now the exact optimal value.  The smallest optimal doubling set is {S > continuation}: off it V is
        # harmonic (V = continuation), on it V = S, so by optional stopping (absorption is certain) it attains V.
        smallest = set()
        for s in S:
            cont = F[s] if s in F else (sum((w * V[t] for t, w in board.nbrs(s)), ZERO) if board.nbrs(s) else fixed[s])
            if S[s] > cont:
                smallest.add(s)
        lv.best_values[i] = V
        lv.double_values[i] = dict(S)
        gains = []
        reach = self._reachable(board, lv.k)
        for s in board.states:
            g = V[s] - lv.values[s][i]
            if g < 0:  # pragma: no cover - the current set is feasible, so the optimum is never worse
                raise ArithmeticError(f"optimal stopping value below the policy value at {s}")
            if g and reach(s):
                gains.append((s, g))
        return frozenset(smallest), gains

    def _reachable(self, board, k):
        """States that can occur with ``k`` doubles left (an edge's liability r >= 2^-(doubles used))."""
        if isinstance(board, _Triangle) and board.ejected == "settled":
            r_min = mpq(1, 2 ** (self.K - k))
            return lambda s: s[1] >= r_min
        return lambda s: True

    def _stop_values(self, board, S, F, fixed, D):
        vals = {}
        for s in board.states:
            if s in D:
                vals[s] = S[s]
            elif s in F:
                vals[s] = F[s]
            elif s in fixed:
                vals[s] = fixed[s]
        free = [s for s in board.states if s not in vals]
        sol = _exact_solve(board, free, lambda t: (vals[t],), ncols=1)
        vals.update({s: v[0] for s, v in sol.items()})
        return vals

    @staticmethod
    def _arrays(board):
        """Float arrays of a board for screening: neighbour indices/weights and a proper colouring."""
        import numpy as np

        cache = getattr(board, "_float_arrays", None)
        if cache is not None:
            return cache
        states = board.states
        idx = {s: r for r, s in enumerate(states)}
        N = len(states)
        nbi = np.tile(np.arange(N)[:, None], (1, 6))
        nbw = np.zeros((N, 6))
        colour = np.full(N, -1)
        for s in states:
            r = idx[s]
            used = set()
            for c, (t, w) in enumerate(board.nbrs(s)):
                nbi[r, c] = idx[t]
                nbw[r, c] = float(w)
                used.add(colour[idx[t]])
            colour[r] = min(k for k in range(8) if k not in used)  # greedy: neighbours get other colours
        classes = [np.nonzero(colour == k)[0] for k in range(int(colour.max()) + 1)]
        board._float_arrays = (idx, nbi, nbw, classes)
        return board._float_arrays

    def _float_policy_iteration(self, board, i, S, F, fixed, D):
        """Screening in floating point: projected SOR for the optimal-stopping problem (no BLAS, no LU).

        Returns the set where doubling is at least as good as going on (to 1e-11); the exact
        policy iteration that follows certifies or corrects it.
        """
        import math

        import numpy as np

        idx, nbi, nbw, classes = self._arrays(board)
        N = len(idx)
        V = np.zeros(N)
        free = np.ones(N, dtype=bool)
        choice = np.zeros(N, dtype=bool)
        Sv = np.full(N, -np.inf)
        for s, v in F.items():
            V[idx[s]] = float(v)
            free[idx[s]] = False
        for s, v in fixed.items():
            V[idx[s]] = float(v)
            free[idx[s]] = False
        for s, v in S.items():
            if s not in F:
                choice[idx[s]] = True
                Sv[idx[s]] = float(v)
        size = max(2, int(round(math.sqrt(2 * N))))
        omega = 2 / (1 + math.sin(math.pi / size))
        cls = [c[free[c]] for c in classes]
        for _sweep in range(20000):
            delta = 0.0
            for c in cls:
                if not c.size:
                    continue
                cont = (nbw[c] * V[nbi[c]]).sum(axis=1)
                new = (1 - omega) * V[c] + omega * cont
                new = np.where(choice[c], np.maximum(Sv[c], new), new)
                delta = max(delta, float(np.abs(new - V[c]).max()))
                V[c] = new
            if delta < 1e-13:
                break
        cont = (nbw * V[nbi]).sum(axis=1)
        out = set()
        for s, v in S.items():
            r = idx[s]
            c = F[s] if s in F else (cont[r] if board.nbrs(s) else V[r])
            if float(v) >= c - 1e-11:
                out.add(s)
        return out

    # -- the triangle ---------------------------------------------------------------------------
    def run(self, resume=None, on_level=None) -> Game:
        """All levels; ``resume`` maps (k, last) to levels already computed (a checkpoint); ``on_level`` is called
        with each finished level (to report progress or save a checkpoint)."""
        tri = self.tri
        levels = {}
        levels[(0, None)] = Level(0, None, {s: tri.cubeless(s) for s in tri.states}, {}, {}, {},
                                  method="no doubles left: 3·(x, y, z) - 1 by Theorem 4.1")
        for i in (0, 1, 2):
            levels[(0, i)] = levels[(0, None)]

        def make_prev(k):
            return lambda doubler, s: levels[(k - 1, doubler)].values[s]

        def make_partial(k):
            if self.rule is not Acceptance.ONE:
                return None

            def partial(s, i, folder, accepter):
                ci, cj = s[0].coords[i], s[0].coords[accepter]
                seg = self.segment_value(ci + cj, ci, k - 1, i, accepter)
                out = [ZERO, ZERO, ZERO]
                out[folder] = mpq(-1)
                out[i] = 1 + 2 * seg[i]
                out[accepter] = 2 * seg[accepter]
                return tuple(out)

            return partial

        done = dict(resume or {})
        for k in range(1, self.K + 1):
            lasts = [None] if k == self.K else [0, 1, 2]
            for last in lasts:
                if (k, last) in done:
                    levels[(k, last)] = done[(k, last)]
                elif last in (1, 2) and self.priority is None:
                    # the rules do not name the players: the level with last doubler B (C) is the level with
                    # last doubler A with the players rotated A -> B -> C -> A once (twice); not with a priority player
                    levels[(k, last)] = _rotate_level(levels[(k, 0)], last)
                else:
                    levels[(k, last)] = self._solve_level(tri, k, last, make_prev(k), make_partial(k))
                if on_level is not None:
                    on_level((k, last), levels[(k, last)])
        return Game(self.n, self.K, self.rule, self.policy, levels, self.ejected, tie=self.tie)


def _rot_state(s, t):
    """Rotate a triangle state t times: player i's count goes to player i + 1 (A -> B -> C -> A)."""
    p, r = s
    for _ in range(t):
        p = type(p)(p.c, p.a, p.b)
    return (p, r)


def _rot_vec(v, t):
    t %= 3
    return tuple(v[(j - t) % 3] for j in range(3))


def _rotate_level(lv: Level, t: int) -> Level:
    """The level with every player renamed i -> i + t (exact; used for last doubler B and C from A)."""
    def rp(i):
        return None if i is None else (i + t) % 3

    values = {_rot_state(s, t): _rot_vec(v, t) for s, v in lv.values.items()}
    doubles = {rp(i): frozenset(_rot_state(s, t) for s in D) for i, D in lv.doubles.items()}
    responses = {(_rot_state(s, t), rp(i)): Response(rp(r.doubler), tuple(sorted(rp(j) for j in r.folders)),
                                                    tuple(sorted(rp(j) for j in r.accepters)),
                                                    _rot_vec(r.outcome, t), r.cash, r.tie)
                 for (s, i), r in lv.responses.items()}
    optimal = {rp(i): ok for i, ok in lv.optimal.items()}
    improvements = {rp(i): [(_rot_state(s, t), g) for s, g in gl] for i, gl in lv.improvements.items()}
    best = {rp(i): {_rot_state(s, t): v for s, v in d.items()} for i, d in lv.best_values.items()}
    dbl = {rp(i): {_rot_state(s, t): v for s, v in d.items()} for i, d in lv.double_values.items()}
    return Level(lv.k, rp(lv.last), values, doubles, responses, optimal, improvements,
                 method=lv.method + f"; obtained by renaming the players ({t} rotation(s))",
                 best_values=best, double_values=dbl)


def _check_ejected(ejected):
    if ejected not in ("liable", "settled"):
        raise BadInput(f"ejection rule {ejected!r}: use 'liable' (the ejected player's stake follows the cube, "
                       "ju24 §4.2 literally) or 'settled' (he owes the stake at the time of ejection)")
    return ejected


def _check_tie(tie):
    if tie not in ("accept", "fold"):
        raise BadInput(f"tie convention {tie!r}: use 'accept' (an exactly indifferent responder takes) or 'fold' "
                       "(he folds, i.e. he counts as 'willing to fold', ju24 Theorem 4.3)")
    return tie


def solve_game(n: int, doubles: int = 1, rule="one", check: bool = True, ejected: str = "liable",
               resume=None, on_level=None, tie: str = "accept", priority: int | None = None) -> Game:
    """The triangle game of side ``n`` with ``doubles`` doubles under the cash policy (ju24 Theorem 4.3).

    Every player doubles exactly where his double would end the game in his favour;
    folds are best responses.  With ``check`` each level also records, for each player,
    whether his doubling set is an exact best response (``Level.optimal``) and, if
    not, the positions where deviating gains (``Level.improvements``), and his exact
    optimal-stopping values and doubling values (``Level.best_values``, ``Level.double_values``).
    ``tie`` says what a responder does when accepting and folding are worth exactly the
    same to him (``Game.ties()`` lists where that happens): ``"accept"`` (default) or
    ``"fold"`` (then the cash policy doubles wherever the opponents are *weakly* willing to
    fold, ju24 Theorem 4.3's "willing to fold").  When several players want to double at the
    same position one of them is drawn fairly; ``priority=i`` instead lets player ``i`` go
    first (a convention the paper does not fix; used to test that a finding does not rest on it;
    every level is then solved directly, not by renaming the players).
    """
    _check(n, doubles)
    if priority is not None and (isinstance(priority, bool) or priority not in (0, 1, 2)):
        raise BadInput(f"priority must be a player 0, 1 or 2 (or None for a fair draw), got {priority!r}")
    return _Engine(n, doubles, Acceptance.parse(rule), "cash", check,
                   ejected=_check_ejected(ejected), tie=_check_tie(tie), priority=priority).run(resume, on_level)


def equilibrium(n: int, doubles: int = 1, rule="one", ejected: str = "liable", resume=None, on_level=None,
                tie: str = "accept") -> Game:
    """Doubling regions from best-response iteration started at the cash policy, certified exactly.

    At each level (backward induction over doubles left) each player's doubling set is
    replaced by his exact optimal-stopping set until none changes; the fixed point is a
    subgame-perfect equilibrium of the grid game (``Game.is_equilibrium()``).
    """
    _check(n, doubles)
    return _Engine(n, doubles, Acceptance.parse(rule), "equilibrium", True,
                   ejected=_check_ejected(ejected), tie=_check_tie(tie)).run(resume, on_level)


def fold_threshold_one_double() -> mpq:
    r"""ju24 Theorem 4.4: the take point :math:`y^*` solving :math:`4y - 2(1-y) = -1`, i.e. :math:`1/6`."""
    return mpq(1, 6)


def theorem_4_4_regions(n: int):
    r"""The regions of ju24 Theorem 4.4 / Figure 6 on the side-``n`` grid.

    Returns ``(double, fold)``: ``double[i]`` = positions where both opponents of ``i``
    have evaluation :math:`\le 1/6`, ``fold[i]`` = positions where ``i``'s own
    evaluation is :math:`< 1/6` (vertices excluded).
    """
    t = fold_threshold_one_double()
    dbl, fold = {}, {}
    pts = [p for p in positions(n) if p.kind != "vertex"]
    for i in range(3):
        dbl[i] = frozenset(p for p in pts if all(mpq(p.coords[j], n) <= t for j in range(3) if j != i))
        fold[i] = frozenset(p for p in pts if p.coords[i] > 0 and mpq(p.coords[i], n) < t)
    return dbl, fold
