r"""n-pile Nim with the equiprobable move error distribution (``noisy`` Example 4, Corollary 8).

Every sent move is received as a uniformly chosen follower: :math:`\mu_x(y, z) = 1/\deg^+(x)`, so

.. math::  p(x) = \frac{1}{\deg^+(x)} \sum_{z \in F(x)} (1 - p(z))

(equation (4)), and the value does not depend on the sent move.  Noiselessly (Example 2) it is the
classical game, where :math:`p = 1` exactly on the nonzero nim-sums.  Solved by the general solver of
:mod:`exactcube.noisy.games.game` over sorted heap tuples.

References: ``noisy`` Example 2, Example 4, Corollary 8.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import BadInput, TooLarge
from ...results import Result
from .game import Game, solve

__all__ = ["MultipileSolution", "multipile_followers", "solve_multipile"]


@dataclass(frozen=True)
class MultipileSolution(Result):
    r"""n-pile Nim with equiprobable :math:`\mu` (Example 4): p for every reachable position.

    Positions are sorted tuples of heap sizes (zero heaps dropped).  ``p[x]`` is
    exact; ``optimal[x]`` the maximising sent moves (all followers tie under the
    equiprobable channel, whose value does not depend on the sent move).
    """

    SOURCE = 'noisy Example 4, Corollary 8'
    EVIDENCE = 'exact'  # solved by exactcube.noisy.games.game.solve over mpq

    start: tuple[int, ...]
    p: dict
    optimal: dict
    noiseless: bool
    method: str = "exact dynamic programming over sorted heap tuples"


def _canon(heaps) -> tuple[int, ...]:
    return tuple(sorted(h for h in heaps if h > 0))


def multipile_followers(x: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Followers of the n-pile Nim position x (distinct canonical positions)."""
    out = set()
    for i, h in enumerate(x):
        if i and x[i - 1] == h:
            continue
        for left in range(h):
            out.add(_canon(x[:i] + (left,) + x[i + 1:]))
    return tuple(sorted(out))


def solve_multipile(heaps, noiseless: bool = False) -> MultipileSolution:
    r"""Solve n-pile Nim from ``heaps`` with the equiprobable channel (Example 4), or noiselessly.

    Equiprobable: :math:`\mu_x(y, z) = 1/\deg^+(x)` for all followers y, z, so
    :math:`p(x) = \frac{1}{\deg^+(x)}\sum_{z \in F(x)}(1 - p(z))` (equation (4)).
    ``noiseless=True``: Example 2 (:math:`\mu_x(y,z) = [y = z]`), the classical
    game, where p is 1 exactly on the nonzero nim-sums.  Followers are
    distinct positions (heap order ignored).
    """
    try:
        start = _canon(int(h) for h in heaps)
    except (TypeError, ValueError):
        raise BadInput(f"heaps: expected whole numbers of chips, got {heaps!r}") from None
    if any(int(h) < 0 for h in heaps):
        raise BadInput("heaps: heap sizes must be at least 0")
    if sum(start) > 64:
        raise TooLarge(f"heaps {start}: at most 64 chips in total are accepted")
    game = Game(multipile_followers, "equiprobable" if not noiseless else "noiseless")
    sol = solve(game, start)
    return MultipileSolution(start=start, p=dict(sol.p), optimal=dict(sol.optimal), noiseless=noiseless)
