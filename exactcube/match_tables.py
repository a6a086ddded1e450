"""Match equity tables as :class:`~exactcube.tables.Table` objects (the claims/tables layer).

:func:`met_table` lays a :class:`~exactcube.match.met.MatchEquityTable` out as gnubg prints
one: rows the player's away, columns the opponent's, percentages (the exact value times
100, so nothing is lost), and the post-Crawford trailer's equities as a last row.
:func:`last_roll_table` lays out the last-roll cube actions at every score.
"""

from __future__ import annotations

from .match.met import MatchEquityTable
from .numbers import mpq
from .tables import Table

__all__ = ["met_table", "last_roll_table", "evidence_note", "POST_ROW"]

#: the label of the post-Crawford row
POST_ROW = "post-Crawford"


def _pct(v):
    return v * 100 if not isinstance(v, int) else mpq(v) * 100


def met_table(met: MatchEquityTable, length: int | None = None, digits: int = 4) -> Table:
    """The table to ``length``-away (default: the whole), in percent, with the post-Crawford row."""
    n = met.length if length is None else length
    labels = [f"{k}-away" for k in range(1, n + 1)]
    t = Table(
        id=f"match.met.{met.model}", title=f"{met.name}: match winning chances in percent, {n}-away",
        rows=labels + [POST_ROW], cols=labels, row_header="",
        evidence=met.evidence, source=met.source, digits=digits,
        notes=("Row: the player's away; column: the opponent's.  A 1-away row or column is the Crawford "
               "game; the post-Crawford row is the trailer's chance against a leader at 1-away.  "
               + evidence_note(met, n)),
    )
    for i in range(n):
        for j in range(n):
            t.set(labels[i], labels[j], _pct(met.pre[i][j]))
        if i < len(met.post):
            t.set(POST_ROW, labels[i], _pct(met.post[i]))
    return t


def evidence_note(met: MatchEquityTable, n: int | None = None) -> str:
    """Which entries of the first ``n`` rows and columns are exact and which are balls, in one sentence or
    two, and what a printed digit of a ball means (:func:`exactcube.tables` prints a ball's decimal only
    when both its ends round to it, else marks it with '~')."""
    from .numbers import is_ball

    n = met.length if n is None else n
    pre = [met.pre[i][j] for i in range(n) for j in range(n)]
    balls = sum(map(is_ball, pre)) + sum(map(is_ball, met.post[:n]))
    if not balls:
        return "Entries are exact."
    exact = []
    if not any(is_ball(met.pre[i][0]) or is_ball(met.pre[0][i]) for i in range(n)):
        exact.append("the 1-away row and column (the Crawford game)")
    if not any(is_ball(v) for v in met.post[:n]):
        exact.append("the post-Crawford row")
    return ((f"Exact rationals: {' and '.join(exact)}; every other entry is a ball" if exact else
             "Every entry is a ball") + f" around the exact value ({met.method}).  Every printed digit is "
            "certified: a decimal is printed only when both ends of its ball round to it (else it is marked ~).")


def last_roll_table(grid: dict, up_to: int) -> Table:
    """The last-roll actions ``{(a, b): LastRoll}`` as a table (rows a-away on roll, columns b-away)."""
    labels = [f"{k}-away" for k in range(2, up_to + 1)]
    w = next(iter(grid.values())).w
    t = Table(id="match.last_roll", title=f"Last roll with a winning chance {w}: the roller's cube action",
              rows=labels, cols=labels, row_header="roller")
    for (a, b), r in grid.items():
        t.set(f"{a}-away", f"{b}-away", r.action.short)
    t.notes = "ND no double; D/T double, take; D/P double, pass; '=' marks an exact tie between the actions."
    return t
