r"""Combinatorial games played through a noisy channel: the general solver of equation (4).

Model (``noisy`` §2).  A game is a progressively bounded digraph :math:`G`;
:math:`F(x)` is the set of followers of the position :math:`x`.  A *move error
distribution* gives, for every position :math:`x` and sent move :math:`y \in F(x)`,
a probability distribution :math:`\mu_x(y, \cdot)` on :math:`F(x)`: the move
actually played when :math:`y` is sent (Definition; Remark 1: equivalently a
stochastic matrix vanishing off the followers).  Normal play: the player who
faces a terminal position loses.  The Next player's winning chance is

.. math::

   p(x) = 0 \text{ if } F(x) = \emptyset, \qquad
   p(x, y) = \sum_{z \in F(x)} \mu_x(y, z)\,(1 - p(z)), \qquad
   p(x) = \max_{y \in F(x)} p(x, y)                          \tag{4}

and the optimal moves are the maximisers :math:`y`.  A position is a
*P-position* if :math:`p(x) = 0`, an *N-position* if :math:`p(x) = 1`, and a
*chance* position otherwise (§2, after Proposition 6).

Example 2: :math:`\mu_x(y, z) = [y = z]` (noiseless) is the classical game.
Example 4: :math:`\mu_x(y, z) = 1/\deg^+(x)` (equiprobable).

The solver is iterative (an explicit stack, no recursion limit), memoised over
the positions reachable from the start, and exact over ``mpq`` when the error
distribution is given by exact rationals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable, Iterable, Mapping

from ...errors import BadInput, TooLarge
from ...numbers import mpq, to_mpq
from ...results import Result

__all__ = [
    "Game",
    "GameSolution",
    "solve",
    "validate_distribution",
    "move_value",
    "distribution",
    "renormalise",
    "EQUIPROBABLE",
    "NOISELESS",
    "classify",
]

EQUIPROBABLE = "equiprobable"
NOISELESS = "noiseless"

#: Positions a solve may visit before it refuses (TooLarge).
MAX_POSITIONS = 2_000_000


@dataclass(frozen=True)
class Game:
    r"""A game :math:`(G, \mu)`: a followers function and a move error distribution.

    ``followers(x)`` returns the followers :math:`F(x)` (hashable positions; an
    empty iterable for a terminal position).  ``error`` is ``"equiprobable"``
    (Example 4), ``"noiseless"`` (Example 2) or a function ``error(x, y)``
    returning a mapping ``z -> mu_x(y, z)`` of exact probabilities over
    :math:`F(x)` (entries not listed are 0).
    """

    followers: Callable[[Hashable], Iterable[Hashable]]
    error: object = NOISELESS
    name: str = ""
    validate: bool = True


@dataclass(frozen=True)
class GameSolution(Result):
    """p(x) and the optimal moves for every position reachable from ``start`` (equation (4)): exact, since
    :func:`solve` runs over ``mpq`` and the channel's entries are exact rationals (a binary float is refused)."""

    SOURCE = 'noisy (4)'
    EVIDENCE = 'exact'

    start: Hashable
    p: Mapping
    optimal: Mapping
    n_positions: int
    method: str = "exact backward induction over mpq, equation (4)"

    def kind(self, x) -> str:
        """'P' (p = 0), 'N' (p = 1) or 'chance' (§2)."""
        return classify(self.p[x])


def classify(v) -> str:
    """'P' if v = 0, 'N' if v = 1, else 'chance' (§2, after Proposition 6)."""
    return "P" if v == 0 else "N" if v == 1 else "chance"


def renormalise(weights: Mapping, legal: Iterable) -> dict:
    """Restrict nonnegative ``weights`` to the ``legal`` positions and rescale them to sum 1.

    This is the retransmission rule of §1: a received move that is not legal is
    sent again, so the distribution of the move finally played is the
    conditional one.  Raises BadInput if no legal position has positive weight.
    """
    legal = list(legal)
    total = sum((to_mpq(weights.get(z, 0)) for z in legal), mpq(0))
    if total == 0:
        raise BadInput("no legal move has positive probability: the channel would retransmit forever")
    return {z: to_mpq(weights.get(z, 0)) / total for z in legal if weights.get(z, 0)}


def validate_distribution(x, y, dist: Mapping, followers: Iterable) -> dict:
    r"""Check that ``dist`` is :math:`\mu_x(y, \cdot)` for a move error distribution (Remark 1).

    Requires y in F(x), every z with nonzero mass in F(x), every mass in [0, 1]
    and exact, and total mass exactly 1.  Returns the distribution as
    ``{z: mpq}`` without zero entries; raises BadInput with a one-line reason.
    """
    fol = set(followers)
    if y not in fol:
        raise BadInput(f"move error distribution at {x!r}: sent move {y!r} is not a follower of {x!r}")
    out = {}
    for z, w in dict(dist).items():
        q = to_mpq(w, f"mu_{x!r}({y!r}, {z!r})")
        if q < 0 or q > 1:
            raise BadInput(f"move error distribution at {x!r}: mu({y!r}, {z!r}) = {q} is not a probability")
        if q == 0:
            continue
        if z not in fol:
            raise BadInput(
                f"move error distribution at {x!r}: mu({y!r}, {z!r}) = {q} but {z!r} is not a follower "
                "(mu must vanish off the followers, Remark 1)")
        out[z] = q
    total = sum(out.values(), mpq(0))
    if total != 1:
        raise BadInput(
            f"move error distribution at {x!r}: mu({y!r}, .) sums to {total}, not 1 "
            "(each row must be a probability distribution on the followers, Remark 1)")
    return out


def _row(game: Game, x, y, fol: tuple) -> dict:
    err = game.error
    if err == NOISELESS:
        return {y: mpq(1)}
    if err == EQUIPROBABLE:
        w = mpq(1, len(fol))
        return {z: w for z in fol}
    if not callable(err):
        raise BadInput(f"error: expected 'equiprobable', 'noiseless' or a function error(x, y), got {err!r}")
    dist = err(x, y)
    if game.validate:
        return validate_distribution(x, y, dist, fol)
    return {z: to_mpq(w) for z, w in dict(dist).items() if w}


def distribution(game: Game, x, y) -> dict:
    r"""The row :math:`\mu_x(y, \cdot)` of the game's move error distribution, validated (Remark 1),
    as ``{z: probability}`` over the followers with nonzero mass."""
    fol = tuple(dict.fromkeys(game.followers(x)))
    if y not in fol:
        raise BadInput(f"sent move {y!r} is not a follower of {x!r}")
    return _row(game, x, y, fol)


def move_value(game: Game, x, y, p: Mapping) -> mpq:
    r"""p(x, y) = sum over z in F(x) of mu_x(y, z) (1 - p(z)) (equation (4)), given p on F(x)."""
    fol = tuple(dict.fromkeys(game.followers(x)))
    return sum((w * (1 - p[z]) for z, w in _row(game, x, y, fol).items()), mpq(0))


def solve(game: Game, start) -> GameSolution:
    r"""Solve :math:`(G, \mu)` from ``start`` by equation (4): p(x) and all optimal moves.

    Iterative depth-first post-order over the positions reachable from
    ``start``; each position is evaluated once, after its followers.  A cycle
    (the graph is not progressively bounded) raises BadInput.  Exact ties are
    all reported as optimal.

    Subtract 1 or 2 chips, every sent move received as sent (Example 2): the
    P-positions are the multiples of 3.

    >>> g = Game(lambda n: tuple(n - s for s in (1, 2) if n >= s), NOISELESS)
    >>> sol = solve(g, 6)
    >>> [sol.kind(n) for n in range(7)]
    ['P', 'N', 'N', 'P', 'N', 'N', 'P']
    """
    p: dict = {}
    optimal: dict = {}
    fol_cache: dict = {}
    on_stack: set = set()
    stack = [(start, False)]
    while stack:
        x, expanded = stack.pop()
        if x in p:
            continue
        if expanded:
            on_stack.discard(x)
            fol = fol_cache.pop(x)
            if not fol:
                p[x] = mpq(0)
                optimal[x] = ()
                continue
            if game.error == EQUIPROBABLE:
                v = sum((1 - p[z] for z in fol), mpq(0)) / len(fol)
                p[x] = v
                optimal[x] = fol
                continue
            best = None
            moves: list = []
            for y in fol:
                v = sum((w * (1 - p[z]) for z, w in _row(game, x, y, fol).items()), mpq(0))
                if best is None or v > best:
                    best, moves = v, [y]
                elif v == best:
                    moves.append(y)
            p[x] = best
            optimal[x] = tuple(moves)
            continue
        if x in on_stack:
            raise BadInput(f"the game graph has a cycle through {x!r}: it is not progressively bounded")
        fol = tuple(dict.fromkeys(game.followers(x)))
        if x in fol:
            raise BadInput(f"the game graph has a loop at {x!r}: it is not progressively bounded")
        fol_cache[x] = fol
        on_stack.add(x)
        stack.append((x, True))
        for z in fol:
            if z not in p:
                if z in on_stack:
                    raise BadInput(f"the game graph has a cycle through {z!r}: it is not progressively bounded")
                stack.append((z, False))
        if len(fol_cache) + len(p) > MAX_POSITIONS:
            raise TooLarge(f"more than {MAX_POSITIONS} positions reachable; describe a smaller game")
    return GameSolution(start=start, p=p, optimal=optimal, n_positions=len(p))
