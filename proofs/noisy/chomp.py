"""noisy §1 Chomp!: the table of every position of a bar with its exact winning chance and optimal squares."""

from __future__ import annotations

from exactcube.errors import BadInput
from exactcube.noisy.games.chomp import parse_board, solve_chomp
from exactcube.noisy.games.game import classify
from exactcube.numbers import parse_rational
from exactcube.tables import Param, Table, table_builder


def _eps_param(text: str):
    if text.strip().lower() in ("equiprobable", "none"):
        return None
    e = parse_rational(text, "eps")
    if not 0 <= e <= 1:
        raise BadInput(f"eps: must lie in [0, 1], got {text!r}")
    return e


@table_builder("noisy.chomp", "Chomp! through the neighbour channel of §1: p and the optimal squares of every position",
               params=[Param("board", parse_board, (2, 3), "ROWSxCOLS, e.g. 2x3 (at most 48 squares)"),
                       Param("eps", _eps_param, parse_rational("1/10"),
                             "chance of chopping a neighbour (a rational in [0, 1], or 'equiprobable')")])
def chomp_table(board=(2, 3), eps=parse_rational("1/10")) -> Table:
    """Every position of the R x C bar (row lengths; poison at row 0, column 0): exact p by (4), kind, optimal squares."""
    rows, cols = board
    sol = solve_chomp(rows, cols, eps)
    order = sorted(sol.p, key=lambda x: (sum(x), x))
    labels = [" ".join(map(str, x)) for x in order]
    noise = "equiprobable" if eps is None else f"eps = {eps}"
    t = Table(id="noisy.chomp", title=f"Chomp! {rows}x{cols}, {noise}", rows=labels,
              cols=["p", "kind", "optimal squares"], row_header="row lengths", digits=15,
              source="noisy §1, (3); equation (4)",
              notes="A move chops the square (row, column) and everything above and to the right of it; "
                    "the poison is (0, 0).  Neighbours: squares of the bar sharing an edge or a corner.")
    for x, lab in zip(order, labels):
        t.set(lab, "p", sol.p[x])
        t.set(lab, "kind", classify(sol.p[x]))
        t.set(lab, "optimal squares", " ".join(f"({i},{j})" for i, j in sol.optimal[x]))
    return t
