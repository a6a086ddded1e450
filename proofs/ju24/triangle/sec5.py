"""ju24 Remark 4.5 and §5: decision regions with several doubles, an open problem of the paper."""

from __future__ import annotations



from exactcube.triangle import board as T
from exactcube.triangle import doubling as TD
from exactcube.claims import claim, open_
from exactcube.content.model import say, table
from exactcube.numbers import format_decimal, mpq
from exactcube.results import computed

@claim("ju24.sec5.regions", "Remark 4.5 and §5 (open problem)",
       "Decision regions for more than one double in the triangle game are not determined in the paper; "
       "it asks whether they have a limiting shape.", slow=True,
       unprinted="an open question of the paper: nothing printed to compare against")
def sec5_regions():
    out = {}
    asym, ran = [], []
    for K in (1, 2, 3):
        for n in (12, 18, 24):
            g = TD.equilibrium(n, K, "one")
            if not g.is_equilibrium():
                ran.append(computed(g.top.values, f"the last best-response iterate, n = {n}, K = {K}", "ju24 §5"))
                return open_(ran, say(f"best-response iteration found no fixed point at $n = {n}$, $K = {K}$"),
                             say(f"$n = {n}$, $K = {K}$"))
            R = [g.doubling_region(i) for i in range(3)]
            ran.append(computed((tuple(R), mpq(len(R[0]), len(T.positions(n)))),
                                f"the equilibrium's doubling regions, n = {n}, K = {K}", "ju24 Remark 4.5, §5"))
            if not all({T.Position(p.c, p.a, p.b) for p in R[i]} == set(R[(i + 1) % 3]) for i in range(3)):
                asym.append(f"K={K} n={n}")
            out[f"K={K} n={n}"] = format_decimal(mpq(len(R[0]), len(T.positions(n))), 3)
    shares = table(["doubles $K$"] + [f"side {n}" for n in (12, 18, 24)],
                   [[K] + [out[f"K={K} n={n}"] for n in (12, 18, 24)] for K in (1, 2, 3)])
    return open_(ran, say("exact on each grid: for 1, 2, 3 doubles (one acceptance suffices, ejected players liable) "
                            "best-response iteration from the paper's principle reaches a subgame-perfect equilibrium, "
                            "certified by exact optimal stopping; the fraction of grid points where A doubles at the "
                            "start:", shares, "These fractions still move with $n$, so no limit shape is claimed: "
                            "whether the regions converge as $n$ grows (a continuum limit) stays open. Equilibria are "
                            "not unique:",
                            f"for {', '.join(asym)} simultaneous best responses cycle and the one-at-a-time iteration "
                            "ends at an equilibrium that is not symmetric under renaming the players, although the "
                            "game is." if asym else "all equilibria found here are symmetric under renaming the "
                                                    "players, but uniqueness is not claimed."), shares)

