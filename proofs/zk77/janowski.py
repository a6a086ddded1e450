"""Janowski's cube efficiency x, measured exactly on real bearoff positions (table and figure
``bearoff.janowski``).

zk77 argues about cube decisions in races; Janowski's interpolation (1993), which GNU
Backgammon uses for races, summarises cube life in a race by one number x.  Here x is measured
on the exact two-sided bearoff table (:mod:`exactcube.race.bearoff.janowski`): for every pair
of positions with up to ``checkers`` checkers a side and each cube state, the x that makes
Janowski's formula give the exact no-double equity.  The ids are prefixed ``bearoff`` (the
issue's name for them); they live in the zk77 package, the document about race cube decisions.

The table comes from the cache folder (:mod:`exactcube.race.bearoff.cache`), built once when
absent (the six-checker table: about 40 s of CPU here).
"""

from __future__ import annotations

import sys

from exactcube.figures import figure_builder, pyplot
from exactcube.numbers import parse_int
from exactcube.tables import Param, Table, table_builder

CHECKERS = Param("checkers", lambda s: parse_int(s, "--checkers", 1, 6), 6,
                 "checkers a side of the two-sided table (1..6, default 6)")
_LABEL = {"centred": "cube centred", "mine": "roller owns", "theirs": "opponent owns"}


def _data(checkers: int):
    """The table, its pairs, the exact x of every pair, and the summary by roller pips."""
    from exactcube.race.bearoff import cache, janowski, realcube

    def notice(text):
        print(f"exactcube: {text}", file=sys.stderr)

    t = cache.two_sided_table(cache.cache_dir(), checkers, notice)
    c = realcube.pairs_of(t)
    xs = janowski.exact_efficiencies(t, c)
    return t, c, xs


@table_builder("bearoff.janowski", "Janowski's cube efficiency x on real bearoffs: exact x by the roller's pip count",
               params=[CHECKERS])
def janowski_table(checkers=6) -> Table:
    """Quartiles of the exact x (:func:`exactcube.race.bearoff.janowski.efficiency`) per
    roller pip count, per cube state, beside gnubg's race rule (eval.c ``EvalEfficiency``)."""
    from exactcube.race.bearoff import janowski

    t, c, xs = _data(checkers)
    top = int(c[1].max())
    s = janowski.summarise(t, xs, "roller pips", groups=[(p, p) for p in range(1, top + 1)], cached=c)
    cols = ["pairs (x defined)"] + [f"{_LABEL[k]} {q}" for k in janowski.CUBES for q in ("Q1", "median", "Q3")] + ["gnubg race x"]
    tab = Table("bearoff.janowski", f"exact Janowski x, up to {checkers} checkers a side, by the roller's pips",
                [r[0] for r in s.rows], cols, row_header="roller pips", evidence="exact",
                source="Janowski 1993 as in gnubg eval.c Cl2CfMoney; exact two-sided bearoff table", digits=3,
                notes="x = (N - (2p - 1)) / (E_live(p) - (2p - 1)) with N the exact no-double equity of the roller; "
                      "quartiles over the pairs where x is defined (lower middle value for even counts).")
    for label, cells in s.rows:
        tab.set(label, "pairs (x defined)", str(cells["centred"][0]))
        for k in janowski.CUBES:
            for q, v in zip(("Q1", "median", "Q3"), cells[k][1:], strict=True):
                if v is not None:
                    tab.set(label, f"{_LABEL[k]} {q}", v)
        tab.set(label, "gnubg race x", janowski.gnubg_race_x(int(label)))
    return tab


@figure_builder("bearoff.janowski", "Janowski's cube efficiency x on real bearoffs against gnubg's race rule",
                params=[CHECKERS])
def janowski_figure(checkers=6):
    """Median and quartiles of the exact x per roller pip count (floats only for drawing),
    with gnubg's race rule x = 0.55 + 0.00125 pips clamped to [0.6, 0.7]."""
    from exactcube.race.bearoff import janowski

    t, c, xs = _data(checkers)
    top = int(c[1].max())
    s = janowski.summarise(t, xs, "roller pips", groups=[(p, p) for p in range(1, top + 1)], cached=c)
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for k, colour in zip(janowski.CUBES, ("C0", "C1", "C2"), strict=True):
        pts = [(int(lab), cells[k]) for lab, cells in s.rows if cells[k][0]]
        xp = [p for p, _ in pts]
        ax.plot(xp, [float(q[2]) for _, q in pts], color=colour, label=f"median x, {_LABEL[k]}")
        ax.fill_between(xp, [float(q[1]) for _, q in pts], [float(q[3]) for _, q in pts], color=colour, alpha=0.15)
    ax.plot(range(1, top + 1), [float(janowski.gnubg_race_x(p)) for p in range(1, top + 1)], "k--",
            label="gnubg race rule")
    ax.set_xlabel("pip count of the player on roll")
    ax.set_ylabel("cube efficiency x")
    ax.set_ylim(-0.1, 1.3)
    ax.set_title(f"Exact Janowski x on real bearoffs (up to {checkers} checkers a side; bands: quartiles)")
    ax.legend(fontsize=8)
    return fig


#: CPU seconds of ``exactcube table bearoff.janowski`` and ``exactcube plot bearoff.janowski`` at 6 checkers a side
#: (924^2 = 853,776 pairs), the two-sided table already in the cache folder, measured here on the tree of issue 45:
#: 7.3 s and 23 s of CPU (user + system, /usr/bin/time).  Both grow with the number of pairs.
SECONDS_AT_SIX = {"table": 7.3, "figure": 23.0}


def _cost(kind: str):
    def cost(checkers=6):
        from exactcube.race.bearoff.positions import n_positions

        share = (n_positions(checkers) / n_positions(6)) ** 2
        return (SECONDS_AT_SIX[kind] * share,
                f"{n_positions(checkers) ** 2:,} pairs, scaled from {SECONDS_AT_SIX[kind]} s of CPU measured at "
                "6 checkers; building the two-sided table when it is not cached is announced apart")

    return cost


janowski_table.cost = _cost("table")
janowski_figure.cost = _cost("figure")
