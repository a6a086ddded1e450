"""The tables on ju24 §4.3-§5: the discrete fold threshold against 1/6, and the exact decision regions by side."""

from __future__ import annotations



from exactcube.triangle import board as T
from exactcube.triangle import doubling as TD
from exactcube.errors import TooLarge
from exactcube.numbers import mpq, parse_int
from exactcube.tables import Param, Table, table_builder
from exactcube.triangle.analysis import fold_threshold


def _int(name, minimum=1):
    return lambda s: parse_int(s, name, minimum)


@table_builder("ju24.triangle-fold", "Discrete fold threshold with one double on the side-n grid, against 1/6",
               params=[Param("size", _int("--size", 6), 36, "largest side n")])
def fold_table(size: int) -> Table:
    """ju24 Theorem 4.4 on the grid: B's least accepting count b*, b*/n and its distance to 1/6 (both-accept rule)."""

    if size > TD.MAX_SIDE:
        raise TooLarge(f"--size {size} is too large (at most {TD.MAX_SIDE})")
    ns = list(range(6, size + 1, 3))
    t = Table("ju24.triangle-fold", "Fold threshold on the grid (one double)", [str(n) for n in ns],
              ["b*", "b*/n", "b*/n - 1/6"], row_header="n", source="ju24 Theorem 4.4; exact grid game",
              evidence="exact", notes="$b^*$ = least B-count at which B takes A's double (from the exact game); "
                                      r"$b^*/n - 1/6$ lies in $[0, 1/n)$, so $b^*/n \to 1/6$.")
    for n in ns:
        bstar, _, _ = fold_threshold(n)
        t.set(n, "b*", mpq(bstar))
        t.set(n, "b*/n", mpq(bstar, n))
        t.set(n, "b*/n - 1/6", mpq(bstar, n) - mpq(1, 6))
    return t


@table_builder("ju24.triangle-regions",
               "How the exact decision regions change with the side n, 1..K doubles (beyond ju24, Remark 4.5)",
               params=[Param("size", _int("--size", 6), 24, "largest side n (sides 6, 12, ..., size)"),
                       Param("doubles", _int("--doubles", 1), 2, "largest number of doubles K (1-3)"),
                       Param("rule", lambda s: TD.Acceptance.parse(s).value, "one", "one | both"),
                       Param("ejected", lambda s: TD._check_ejected(s), "liable", "liable | settled")])
def regions_table(size: int, doubles: int, rule: str, ejected: str) -> Table:
    """Share of the grid's points where A doubles at the start, and where he folds to B's double, in the exact
    equilibrium; and whether Theorem 4.3's principle (the cash policy) is itself an equilibrium."""

    if size > TD.MAX_SIDE or doubles > 3:
        raise TooLarge(f"--size at most {TD.MAX_SIDE} and --doubles at most 3 for this table")
    sides = list(range(6, size + 1, 6))
    cols = []
    for K in range(1, doubles + 1):
        cols += [f"A doubles, K={K}", f"A folds to B, K={K}", f"principle optimal, K={K}"]
    t = Table("ju24.triangle-regions", f"Decision regions by side n (rule {rule}, ejected {ejected})",
              [str(n) for n in sides], cols, row_header="n", source="exactcube.triangle.doubling",
              evidence="exact", notes="shares of the (n+1)(n+2)/2 grid points, exact on each grid; the "
                                      r"continuum limit ($n \to \infty$) is not claimed.")
    for n in sides:
        npts = len(T.positions(n))
        for K in range(1, doubles + 1):
            eq = TD.equilibrium(n, K, rule, ejected=ejected)
            cash = TD.solve_game(n, K, rule, check=True, ejected=ejected)
            t.set(n, f"A doubles, K={K}", mpq(len(eq.doubling_region(0)), npts))
            t.set(n, f"A folds to B, K={K}", mpq(len(eq.fold_region(0, doubler=1)), npts))
            t.set(n, f"principle optimal, K={K}", "yes" if cash.is_equilibrium() else "no")
    return t



#: CPU seconds of one side n = 24 of :func:`regions_table` (the exact equilibrium and the cash policy's check), by
#: the number of doubles K, measured here on the tree of issue 45, and the growth exponent in n fitted between
#: n = 12 and n = 24 (K = 1: 0.18 s and 0.50 s; K = 2: 0.30 s and 2.09 s; K = 3: 0.50 s and 8.28 s).
_SECONDS_AT_24 = {1: (0.50, 1.5), 2: (2.09, 2.8), 3: (8.28, 4.0)}


def _regions_cost(size: int, doubles: int, rule: str, ejected: str):
    """The CPU seconds :func:`regions_table` will take (for the table command's estimate): each side and K scaled
    from the measurement at n = 24 (:data:`_SECONDS_AT_24`)."""
    if size > TD.MAX_SIDE or doubles > 3:
        return 0.0, "refused before it starts"
    total = sum(_SECONDS_AT_24[K][0] * (n / 24) ** _SECONDS_AT_24[K][1]
                for n in range(6, size + 1, 6) for K in range(1, doubles + 1))
    return total, f"sides 6..{size}, K = 1..{doubles}, scaled from the CPU seconds measured at side 24"


regions_table.cost = _regions_cost
