"""ju24 Figures 1-4: d_k against k, contours of d_k over R+ and R-, and the region map; Figure 6: the triangle
game's decision regions.

Values are computed exactly (``mpq``) by :mod:`exactcube.brownian.alternating`,
:mod:`exactcube.brownian.stakes` and :mod:`exactcube.triangle.doubling` and converted to floats only for drawing.
"""

from __future__ import annotations

import math

from exactcube.brownian import alternating as alt
from exactcube.brownian import stakes as st
from exactcube.figures import figure_builder, pyplot
from exactcube.errors import TooLarge
from exactcube.numbers import mpq, parse_int
from exactcube.tables import Param
from exactcube.triangle import board as T
from exactcube.triangle import doubling as TD

from .triangle.readings import PLAYER


def _int(name, minimum=1):
    return lambda s: parse_int(s, name, minimum)


@figure_builder("ju24.fig1", "d_k against k (alternating doubles) and log|d_k - 4/5|",
                params=[Param("size", _int("--size"), 10, "largest k")])
def fig1(size: int = 10):
    """ju24 Figure 1: d_k of (1.1) for k = 1..size with the limit 4/5 (orange); log|d_k - 4/5| with the line
    log(1/5) + k log(1/4) (orange)."""
    if size > 200:
        raise TooLarge(f"--size {size}: at most 200 (|d_k - 4/5| = 4^-k/5 underflows a float beyond)")
    plt = pyplot()
    ks = list(range(1, size + 1))
    ds = [alt.doubling_point(k) for k in ks]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
    ax1.plot(ks, [float(d) for d in ds], "o-", color="C0", label="$d_k$")
    ax1.axhline(0.8, color="C1", label="limit 4/5")
    ax1.set_xlabel("k (doubles remaining)")
    ax1.set_ylabel("$d_k$")
    ax1.legend()
    # log|d_k - 4/5| exactly: |d_k - 4/5| = 1/(5*4^k), so the log is computed from the exact rational
    errs = [abs(d - mpq(4, 5)) for d in ds]
    logs = [math.log(int(e.numerator)) - math.log(int(e.denominator)) for e in errs]
    ax2.plot(ks, logs, "o", color="C0", label=r"$\log|d_k - 4/5|$")
    ax2.plot(ks, [math.log(1 / 5) + k * math.log(1 / 4) for k in ks], "-", color="C1",
             label=r"$\log(1/5) + k\log(1/4)$")
    ax2.set_xlabel("k")
    ax2.legend()
    fig.suptitle("ju24 Figure 1: doubling threshold with k doubles remaining")
    fig.tight_layout()
    return fig


def _contour_panels(region: st.Region, xs, ys, levels, cmap, title):
    import numpy as np

    plt = pyplot()
    fig, axes = plt.subplots(1, 3, figsize=(14, 4.4))
    for ax, k, label in zip(axes, (1, 2, None), ("k = 1", "k = 2", r"$k \to \infty$"), strict=True):
        Z = np.full((len(ys), len(xs)), np.nan)
        for i, b in enumerate(ys):
            for j, a in enumerate(xs):
                inside = (0 < a < b and b > 1) if region is st.Region.RAISING else (0 < -a < b < 1)
                if inside:
                    Z[i, j] = float(st.doubling_point(a, b, k))
        X = [float(a) for a in xs]
        Y = [float(b) for b in ys]
        cs = ax.contourf(X, Y, Z, levels=levels, cmap=cmap)
        ax.contour(X, Y, Z, levels=levels, colors="k", linewidths=0.3)
        ax.set_title(label)
        ax.set_xlabel("x")
        ax.set_ylabel("y")
        ax.set_aspect("auto")
    fig.colorbar(cs, ax=list(axes), ticks=levels[::2], shrink=0.9)
    fig.suptitle(title)
    return fig


def _grid(lo, hi, n):
    return [lo + (hi - lo) * mpq(i, n) for i in range(n + 1)]


@figure_builder("ju24.fig2", "Contours of the raising point d_k over R+ ∩ [0,10]^2 (k = 1, 2, ∞)",
                params=[Param("resolution", _int("--resolution", 10), 160, "grid points per axis")])
def fig2(resolution: int = 160):
    """ju24 Figure 2: contours of (1.2) over R+ ∩ [0, 10]^2, spaced by 1/20 from 1/2 (green) to 1 (red)."""
    if resolution > 800:
        raise TooLarge(f"--resolution {resolution}: at most 800")
    levels = [0.5 + i / 20 for i in range(11)]
    xs, ys = _grid(mpq(0), mpq(10), resolution), _grid(mpq(0), mpq(10), resolution)
    return _contour_panels(st.Region.RAISING, xs, ys, levels, "RdYlGn_r",
                           "ju24 Figure 2: raising point $d_k$ (1.2) over $R_+$; contours every 1/20")


@figure_builder("ju24.fig3", "Contours of the reducing point d_k over R- (k = 1, 2, ∞)",
                params=[Param("resolution", _int("--resolution", 10), 160, "grid points per axis")])
def fig3(resolution: int = 160):
    """ju24 Figure 3: contours of (1.3) over R- (-1 < x < 0 < y < 1), spaced by 1/20 from 0 (purple) to 1/2 (green)."""
    if resolution > 800:
        raise TooLarge(f"--resolution {resolution}: at most 800")
    pyplot()  # MissingExtra (names the 'plot' extra) when matplotlib is absent
    import matplotlib
    import matplotlib.colors as mcolors

    base = matplotlib.colormaps["viridis"]
    cmap = mcolors.LinearSegmentedColormap.from_list("purple_green", [base(i / 20 * 0.62) for i in range(21)])
    levels = [i / 20 for i in range(11)]
    xs, ys = _grid(mpq(-1), mpq(0), resolution), _grid(mpq(0), mpq(1), resolution)
    return _contour_panels(st.Region.REDUCING, xs, ys, levels, cmap,
                           "ju24 Figure 3: reducing point $d_k$ (1.3) over $R_-$ (indifference points; "
                           "the exact optimum reduces at p = 0)")


_REGION_STYLE = {
    st.Region.RAISING: ("#f4a582", "$R_+$: raise at $d_k$"),
    st.Region.REDUCING: ("#92c5de", "$R_-$: reduce at $d_k$ (ju24); exact: at p = 0"),
    st.Region.T1: ("#d6604d", "(1) double at p = 1"),
    st.Region.T2: ("#4393c3", "(2) double at p = 0"),
    st.Region.T3: ("#e0e0e0", "(3) never double"),
    st.Region.T4: ("#2166ac", "(4) double at p = 0"),
}


@figure_builder("ju24.fig4", "Regions of the (x, y)-plane and the optimal time to double",
                params=[Param("resolution", _int("--resolution", 10), 300, "grid points per axis")])
def fig4(resolution: int = 300):
    """ju24 Figure 4: the regions of Theorems 1.3 and 3.1 (classified exactly at each grid point), the axes (thick),
    the diagonals y = ±x, the line y = 1 (thin), the point (1, 2); the two uncovered lines are drawn dashed."""
    if resolution > 1500:
        raise TooLarge(f"--resolution {resolution}: at most 1500")
    plt = pyplot()
    import matplotlib.colors as mcolors
    import numpy as np

    order = list(_REGION_STYLE)
    xs = _grid(mpq(-3), mpq(3), resolution)
    ys = _grid(mpq(0), mpq(3), resolution)[1:]
    Z = np.zeros((len(ys), len(xs)))
    for i, b in enumerate(ys):
        for j, a in enumerate(xs):
            r = st.classify(a, b).region
            Z[i, j] = order.index(r) if r in order else np.nan
    fig, ax = plt.subplots(figsize=(8, 4.8))
    cmap = mcolors.ListedColormap([_REGION_STYLE[r][0] for r in order])
    ax.imshow(Z, origin="lower", extent=(-3, 3, float(ys[0]), 3), cmap=cmap, vmin=-0.5, vmax=len(order) - 0.5,
              aspect="auto", interpolation="nearest")
    ax.axhline(0, color="k", lw=2.5)
    ax.axvline(0, color="k", lw=2.5)
    ax.plot([0, 3], [0, 3], "k-", lw=1)
    ax.plot([0, -3], [0, 3], "k-", lw=1)
    ax.axhline(1, color="k", lw=0.6)
    ax.plot([0, 0], [1, 3], color="magenta", ls="--", lw=1.5)
    ax.plot([-1, 0], [1, 1], color="magenta", ls="--", lw=1.5,
            label="not covered by ju24 (never double)")
    ax.plot([1], [2], "k*", ms=12, label="(1, 2): the ordinary cube")
    from matplotlib.patches import Patch

    handles = [Patch(color=_REGION_STYLE[r][0], label=_REGION_STYLE[r][1]) for r in order]
    h2, _ = ax.get_legend_handles_labels()
    ax.legend(handles=handles + h2, loc="upper left", fontsize=7, framealpha=0.9)
    ax.set_xlim(-3, 3)
    ax.set_ylim(0, 3)
    ax.set_xlabel("x (fold multiplier)")
    ax.set_ylabel("y (accept multiplier)")
    ax.set_title("ju24 Figure 4: regions of (x, y) and the optimal time to double")
    fig.tight_layout()
    return fig


# ------------------------------------------------------------------------------------ figure 6 (§4.3)


COLOURS = ("tab:red", "tab:green", "tab:blue")


def _xy(p, n):
    """Cartesian point of a position: A at (0, 0), B at (1, 0), C at (1/2, sqrt(3)/2)."""
    x, y, z = (t / n for t in p.coords)
    return y + z / 2, z * 3**0.5 / 2


def _triangulation(n):
    """matplotlib Triangulation of the side-n grid (up and down unit triangles), and the position order."""
    from matplotlib.tri import Triangulation

    pts = T.positions(n)
    idx = {p: k for k, p in enumerate(pts)}
    tris = []
    for p in pts:
        a, b, c = p.coords
        if c >= 1:
            tris.append((idx[p], idx[T.Position(a + 1, b, c - 1)], idx[T.Position(a, b + 1, c - 1)]))
        if c >= 2:
            tris.append((idx[T.Position(a + 1, b, c - 1)], idx[T.Position(a + 1, b + 1, c - 2)],
                         idx[T.Position(a, b + 1, c - 1)]))
    xy = [_xy(p, n) for p in pts]
    return Triangulation([q[0] for q in xy], [q[1] for q in xy], tris), pts


def draw_regions(ax, game, title, show_theorem=True, players=(0, 1, 2)):
    """Doubling regions (filled) and fold-region boundaries (solid lines) of each player at the start of ``game``.

    Regions are indicator functions on the grid points, drawn by linear interpolation on the
    grid's triangles (boundaries pass halfway between a point inside and one outside).
    """
    n = game.n
    import numpy as np

    tri, pts = _triangulation(n)
    corners = np.array([_xy(T.Position(n, 0, 0), n), _xy(T.Position(0, n, 0), n), _xy(T.Position(0, 0, n), n),
                        _xy(T.Position(n, 0, 0), n)])
    ax.plot(corners[:, 0], corners[:, 1], color="black", lw=1)
    for i in players:
        D = game.doubling_region(i)
        F = game.fold_region(i)
        dz = np.array([1.0 if p in D else 0.0 for p in pts])
        # on his own ejection edge a player has lost: count it with the fold side, so no line is drawn there
        fz = np.array([1.0 if (p in F or p.coords[i] == 0) else 0.0 for p in pts])
        if dz.any():
            ax.tricontourf(tri, dz, levels=[0.5, 1.5], colors=[COLOURS[i]], alpha=0.35)
            ax.tricontour(tri, dz, levels=[0.5], colors=[COLOURS[i]], linewidths=0.6)
        if fz.any() and not fz.all():
            ax.tricontour(tri, fz, levels=[0.5], colors=[COLOURS[i]], linewidths=1.6)
    if show_theorem:
        # Theorem 4.4: fold line x_i = 1/6 for each player (dashed)
        for i in players:
            ends = []
            for j in range(3):
                if j == i:
                    continue
                v = [0.0, 0.0, 0.0]
                v[i], v[j] = 1 / 6, 5 / 6
                ends.append((v[1] + v[2] / 2, v[2] * 3**0.5 / 2))
            ax.plot([e[0] for e in ends], [e[1] for e in ends], ls="--", color=COLOURS[i], lw=0.8)
    for i, name in enumerate(PLAYER):
        v = [0, 0, 0]
        v[i] = n
        x, y = _xy(T.Position(*v), n)
        ax.annotate(name, (x, y), xytext=(-12 if i == 0 else 6, -10 if i < 2 else 4), textcoords="offset points",
                    color=COLOURS[i], fontsize=10, fontweight="bold")
    ax.set_title(title, fontsize=8, pad=16)
    ax.set_aspect("equal")
    ax.axis("off")


def _rule(s):
    return TD.Acceptance.parse(s).value


@figure_builder("ju24.fig6", "Decision regions in the triangle game (Figure 6; with --doubles 2, 3 beyond the paper)",
                params=[Param("doubles", _int("--doubles", 1), 1, "doubles allowed in the game (1-3)"),
                        Param("side", _int("--side", 3), 24, "side n of the grid"),
                        Param("rule", _rule, "one", "one (one acceptance suffices) | both (Appendix B)"),
                        Param("ejected", lambda s: TD._check_ejected(s), "liable", "liable | settled")])
def fig6(doubles: int, side: int, rule: str, ejected: str):
    """ju24 Figure 6 on the exact grid: the paper's principle (left) and the exact equilibrium (right).

    Filled: where a player doubles at the start; solid line: the boundary of where he
    folds to a double (by either opponent); dashed: Theorem 4.4's fold lines x_i = 1/6.
    """
    plt = pyplot()
    cash = TD.solve_game(side, doubles, rule, check=True, ejected=ejected)
    eq = TD.equilibrium(side, doubles, rule, ejected=ejected)
    fig, axes = plt.subplots(1, 3, figsize=(15, 5.2))
    draw_regions(axes[0], cash, f"Theorem 4.3's principle (double when the double is dropped)\n"
                                f"side {side}, {doubles} double(s), rule '{rule}', ejected {ejected}; "
                                f"best response: {'yes' if cash.is_equilibrium() else 'no'}")
    draw_regions(axes[1], eq, f"exact subgame-perfect equilibrium on the grid\n(best responses certified exactly; "
                              f"{'fixed point reached' if eq.is_equilibrium() else 'NO fixed point'})")
    draw_regions(axes[2], eq, "the equilibrium for player A alone\n(red: A doubles; red line: A folds beyond it)",
                 players=(0,))
    fig.suptitle(f"ju24 Figure 6 {'(as in the paper: one double)' if doubles == 1 else '(beyond the paper)'}: "
                 "filled = the player doubles; solid line = boundary of where he folds to a double; dashed = x_i = 1/6 (Thm 4.4)", fontsize=9)
    return fig


def _fig6_cost(doubles: int, side: int, rule: str, ejected: str):
    """What :func:`fig6` computes, as a function of the side (for the plot command's estimate): Theorem 4.3's
    principle and the exact equilibrium on the side-n grid; about n^2 points in sweeps of them (n^4 and more)."""
    if side > TD.MAX_SIDE:  # refused before anything is timed
        raise TooLarge(f"--side {side} is too large for the exact doubling computation (at most {TD.MAX_SIDE})")

    def run_at(n):
        TD.solve_game(n, doubles, rule, check=True, ejected=ejected)
        TD.equilibrium(n, doubles, rule, ejected=ejected)

    return run_at, side, 9, 4.0


fig6.cost = _fig6_cost
