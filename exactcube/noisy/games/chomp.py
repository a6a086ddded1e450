r"""Rectangular Chomp! played through the neighbour channel of ``noisy`` §1.

Board.  An :math:`R \times C` bar; the square :math:`(i, j)` is in row
:math:`i = 0..R-1` and column :math:`j = 0..C-1`; the poisoned square is
:math:`(0, 0)`.  A position is the tuple of its row lengths
:math:`(\ell_0 \ge \ell_1 \ge \dots)` (empty rows dropped).  A move chops at a
square :math:`(i, j)` of the position other than the poison and removes every
square :math:`(i', j')` with :math:`i' \ge i` and :math:`j' \ge j`.  The
position :math:`(1)` (only the poison left) is terminal: the player to move
must eat the poison and loses, which is normal play on this digraph.

Channel (§1, top-left distribution of Figure 1, Figure 2).  Aiming at
:math:`(i, j)` chops there with probability :math:`1 - \varepsilon`; with
probability :math:`\varepsilon` the chop happens at a neighbour of
:math:`(i, j)` -- a square of the *board* sharing an edge or a corner with it --
chosen uniformly.  A chop that is not a legal move of the current position (a
square already eaten, or the poison) is retransmitted (§1), so

.. math::

   \mu_x\big((i,j), (i',j')\big) = \frac{w(i',j')}{\sum_{s \text{ legal}} w(s)},\quad
   w(i,j) = 1-\varepsilon,\quad w(\text{nbr}) = \frac{\varepsilon}{\#\text{nbrs of } (i,j)},

over the legal squares.  ``neighbours="position"`` counts only the squares
still present (a reading of "evenly distributed among all neighbours" in
Figure 2 that the extracted text does not settle).  At :math:`\varepsilon = 1`
a target none of whose neighbours is legal is received as itself (the limit
:math:`\varepsilon \to 1^-`).  Solved by equation (4) with the general solver
:func:`exactcube.noisy.games.game.solve`.

Reference: ``noisy`` §1 (Chomp!, equation (3), Figures 1-2), §2 (Lemma 7 and
the remark after Corollary 8).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...errors import BadInput, TooLarge
from ...numbers import mpq, to_mpq
from ...results import Result
from .game import EQUIPROBABLE, Game, GameSolution, solve

__all__ = [
    "ChompSolution",
    "chomp_followers",
    "chomp_moves",
    "chop",
    "neighbour_distribution",
    "solve_chomp",
    "chomp_game",
    "parse_board",
    "MAX_SQUARES",
]

MAX_SQUARES = 48

Position = tuple


def _canon(rows) -> Position:
    return tuple(r for r in rows if r > 0)


def chop(x: Position, i: int, j: int) -> Position:
    """The position after chopping x at square (i, j): rows i' >= i cut to length j."""
    return _canon(tuple(l if r < i else min(l, j) for r, l in enumerate(x)))


def chomp_moves(x: Position) -> tuple[tuple[int, int], ...]:
    """The legal chopping squares of x (every square but the poison (0, 0))."""
    return tuple((i, j) for i, l in enumerate(x) for j in range(l) if (i, j) != (0, 0))


def chomp_followers(x: Position) -> tuple[Position, ...]:
    """F(x): the positions after each legal chop (distinct squares give distinct positions)."""
    return tuple(chop(x, i, j) for i, j in chomp_moves(x))


def _board_neighbours(i, j, rows, cols):
    return [(i + di, j + dj) for di in (-1, 0, 1) for dj in (-1, 0, 1)
            if (di or dj) and 0 <= i + di < rows and 0 <= j + dj < cols]


def neighbour_distribution(x: Position, target: tuple[int, int], eps, rows: int, cols: int,
                           neighbours: str = "board") -> dict:
    r"""Exact :math:`\mu_x(\text{target}, \cdot)` over the legal squares of x (§1, Figure 2)."""
    e = to_mpq(eps, "eps")
    legal = set(chomp_moves(x))
    if target not in legal:
        raise BadInput(f"square {target} is not a legal chop of the position {x}")
    nb = _board_neighbours(*target, rows, cols)
    if neighbours == "position":
        present = set((i, j) for i, l in enumerate(x) for j in range(l))
        nb = [s for s in nb if s in present]
    elif neighbours != "board":
        raise BadInput(f"neighbours: expected 'board' or 'position', got {neighbours!r}")
    w = {target: 1 - e}
    for s in nb:
        w[s] = w.get(s, mpq(0)) + e / len(nb)
    w = {s: v for s, v in w.items() if s in legal and v != 0}
    total = sum(w.values(), mpq(0))
    if total == 0:  # eps = 1 and no legal neighbour: the limit eps -> 1- keeps the target
        return {target: mpq(1)}
    return {s: v / total for s, v in w.items()}


def parse_board(text: str) -> tuple[int, int]:
    """'2x3' -> (2, 3): rows x columns of the bar."""
    parts = str(text).lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise BadInput(f"board: expected ROWSxCOLS such as 2x3, got {text!r}")
    r, c = (int(p) for p in parts)
    if r < 1 or c < 1:
        raise BadInput(f"board: rows and columns must be at least 1, got {text!r}")
    return r, c


def chomp_game(rows: int, cols: int, eps=None, neighbours: str = "board") -> Game:
    """The game (G, mu) of §1 on an R x C bar; ``eps=None`` gives the equiprobable channel (Example 4)."""
    if eps is None:
        return Game(chomp_followers, EQUIPROBABLE, name=f"chomp {rows}x{cols} equiprobable")
    e = to_mpq(eps, "eps")
    if e < 0 or e > 1:
        raise BadInput(f"eps: the error probability must lie in [0, 1], got {e}")

    @lru_cache(maxsize=None)
    def square_of(x, y):
        for s in chomp_moves(x):
            if chop(x, *s) == y:
                return s
        raise BadInput(f"{y} is not a follower of {x}")

    def error(x, y):
        dist = neighbour_distribution(x, square_of(x, y), e, rows, cols, neighbours)
        return {chop(x, *s): v for s, v in dist.items()}

    return Game(chomp_followers, error, name=f"chomp {rows}x{cols} eps={e}")


@dataclass(frozen=True)
class ChompSolution(Result):
    """p(x) and the optimal chopping squares for every position of an R x C bar (equation (4)): exact, solved by
    :func:`exactcube.noisy.games.game.solve` over ``mpq``."""

    SOURCE = 'noisy (4) for Chomp! (§2)'
    EVIDENCE = 'exact'

    rows: int
    cols: int
    eps: object
    neighbours: str
    p: dict
    optimal: dict   # position -> tuple of optimal squares (i, j)
    method: str = "exact backward induction over mpq, equation (4)"

    @property
    def start(self) -> Position:
        return (self.cols,) * self.rows


def solve_chomp(rows: int, cols: int, eps=None, neighbours: str = "board") -> ChompSolution:
    r"""Solve Chomp! on an R x C bar with the neighbour channel (``eps`` exact) or equiprobable (``eps=None``).

    On the 2x2 bar at eps = 3/4 every move gives 1/3 (§1, (3)):

    >>> s = solve_chomp(2, 2, "3/4")
    >>> s.p[(2, 2)], s.optimal[(2, 2)]
    (mpq(1,3), ((0, 1), (1, 0), (1, 1)))
    """
    for v, nm in ((rows, "rows"), (cols, "cols")):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise BadInput(f"{nm}: expected a whole number at least 1, got {v!r}")
    if rows * cols > MAX_SQUARES:
        raise TooLarge(f"a {rows}x{cols} bar has {rows * cols} squares; at most {MAX_SQUARES} are accepted")
    game = chomp_game(rows, cols, eps, neighbours)
    start = (cols,) * rows
    sol: GameSolution = solve(game, start)
    opt = {}
    for x, ys in sol.optimal.items():
        sq = {chop(x, *s): s for s in chomp_moves(x)}
        opt[x] = tuple(sorted(sq[y] for y in ys))
    return ChompSolution(rows, cols, None if eps is None else to_mpq(eps), neighbours, dict(sol.p), opt)
