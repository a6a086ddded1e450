"""ks69 Figure 3: Table V's resign potential a against B's potential b, with a = b·e for comparison."""

from __future__ import annotations

from exactcube.brownian import continuous as C
from exactcube.errors import BadInput, TooLarge
from exactcube.figures import figure_builder, pyplot
from exactcube.numbers import mpq, parse_int, parse_rational
from exactcube.tables import Param

from .tables import published_table5


def _bmax(s):
    q = parse_rational(s, "--bmax")
    if q <= 1:
        raise BadInput(f"--bmax must be greater than 1, got {s}")
    if q > 10**6:
        raise TooLarge(f"--bmax {s} is too large (at most 1000000)")
    return q


def _points(s):
    n = parse_int(s, "--points", 2)
    if n > 2000:
        raise TooLarge(f"--points {n} is too many (at most 2000)")
    return n


@figure_builder("ks69.fig3", "Raise potential a at which B should resign, against b (ks69 Figure 3, Table V)",
                params=[Param("bmax", _bmax, mpq(20), "largest b plotted"),
                        Param("points", _points, 80, "number of b values on the true curve")])
def figure3(bmax=mpq(20), points: int = 80):
    """ks69 Figure 3: certified roots of α(a,b) = 1/2 (curve), the printed Table V (dots), and a = b·e (dashed)."""
    import math

    plt = pyplot()
    bs = [1 + (bmax - 1) * mpq(k, points - 1) for k in range(points)]
    a_true = [float(C.resign_potential(b, 12).a.mid()) for b in bs]
    pub = [(float(parse_rational(b, "b")), float(parse_rational(a, "a"))) for b, a in published_table5()]
    pub = [(b, a) for b, a in pub if b <= float(bmax)]
    fig, ax = plt.subplots(figsize=(6, 4.5))
    xb = [float(b) for b in bs]
    ax.plot(xb, a_true, "-", color="C0", label="a with α(a,b) = 1/2 (certified)")
    ax.plot(xb, [math.e * x for x in xb], "--", color="0.4", label="a = b·e")
    if pub:
        ax.plot([b for b, _ in pub], [a for _, a in pub], ".", color="C3", ms=4, label="Table V as printed")
    ax.set_xlabel("B's raise potential b")
    ax.set_ylabel("A's raise potential a")
    ax.set_title("Raise potentials such that B should resign (ks69 Fig. 3)")
    ax.legend(loc="upper left")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    return fig
