"""The table ``ju24.dk``: the proposal point d_k and the take point a_k with k proposals left, for any (x, y)."""

from __future__ import annotations

from exactcube.brownian import alternating as alt
from exactcube.brownian import stakes as st
from exactcube.errors import TooLarge
from exactcube.numbers import format_exact, mpq, parse_int, parse_rational
from exactcube.tables import Param, Table, table_builder


def _int(name, minimum=0):
    return lambda s: parse_int(s, name, minimum)


def _rat(name):
    return lambda s: parse_rational(s, name)


@table_builder("ju24.dk", "Proposal point d_k and take point a_k with k proposals left ((x, y)-cube; (1, 2) = "
               "alternating doubles)",
               params=[Param("size", _int("--size", 0), 10, "largest k (number of proposals left)"),
                       Param("x", _rat("--x"), mpq(1), "fold multiplier x (default 1)"),
                       Param("y", _rat("--y"), mpq(2), "accept multiplier y > 0 (default 2)")])
def dk_table(size: int, x=mpq(1), y=mpq(2)) -> Table:
    """ju24 (1.1)/(2.3) for (1, 2); (1.2)/(A.2) in R+, (1.3)/(A.7) in R-: d_k and a_k = 1 - d_k, k = 0..size, and the limit."""
    if size > 5000:
        raise TooLarge(f"--size {size} is too large for a printed table (at most 5000); d_k converges geometrically")
    th = st.thresholds(x, y, None)  # BadInput for a trivial region or y <= 0
    lim = th.limit
    standard = (th.x, th.y) == (1, 2)
    rows = [str(kk) for kk in range(size + 1)] + ["∞"]
    D, A, col = "$d_k$", "$a_k$", f"$d_k - {format_exact(lim)}$"  # labels in the delimited syntax
    if standard:
        title = "Doubling and take points, alternating doubles"
        source = "ju24 (1.1), (2.3); ks69 §2"
        notes = "$d_k = 4/5 + (1/5)(-1/4)^k$; $a_k = 1 - d_k$; the last row is the unlimited game (ks69 (5))."
    else:
        eq = "(1.2), (A.2), (A.3)" if th.region is st.Region.RAISING else "(1.3), (A.7), (A.8)"
        title = f"Proposal and take points, ({format_exact(th.x)}, {format_exact(th.y)})-cube, {th.region.value}"
        source = f"ju24 {eq}"
        notes = (f"(x, y) = ({format_exact(th.x)}, {format_exact(th.y)}) in {th.region.value}; k = 0 row: the closed "
                 "form at k = 0, (1+x)/2; last row: the limit.")
        if th.region is st.Region.REDUCING:
            notes += (" In R- these are the opponent's indifference points; the exact optimum is to reduce only at "
                      "p = 0 (claim ju24.thm1.5).")
    t = Table("ju24.dk", title, rows, [D, A, col], row_header="k", source=source, evidence="exact",
              notes=notes)
    for kk in range(size + 1):
        d = alt.doubling_point(kk) if standard else st.doubling_point(th.x, th.y, kk)
        t.set(kk, D, d)
        t.set(kk, A, 1 - d)
        t.set(kk, col, d - lim)
    t.set("∞", D, lim)
    t.set("∞", A, 1 - lim)
    t.set("∞", col, mpq(0))
    return t
