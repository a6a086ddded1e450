"""ju24 Figures 1-4: d_k against k, contours of d_k over R+ and R-, and the region map.

Values are computed exactly (``mpq``) by :mod:`exactcube.brownian.alternating` and
:mod:`exactcube.brownian.stakes` and converted to floats only for drawing.
"""

from __future__ import annotations

import math

from exactcube.brownian import alternating as alt
from exactcube.brownian import stakes as st
from exactcube.figures import figure_builder, pyplot
from exactcube.errors import TooLarge
from exactcube.numbers import mpq, parse_int
from exactcube.tables import Param


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
