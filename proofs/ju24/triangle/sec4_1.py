"""ju24 §4.1: the walk on the triangle; Lemma 4.2 (the edge walk) and Theorem 4.1 (the evaluation is the
barycentric coordinates), exact on grids and for all n by symbolic identities."""

from __future__ import annotations


import sympy as sp

from exactcube.triangle import board as T
from exactcube.claims import claim, refuted, verified
from exactcube.content.model import eq, math, say, value
from exactcube.printed import printed
from exactcube.numbers import mpq
from exactcube.results import computed
from exactcube.symbolic import identity, to_sympy



K_, N_, A_, B_, C_ = sp.symbols("k n a b c", positive=True)
LEMMA42 = printed("§4.1 Lemma 4.2: the chance of reaching n before 0 from k", K_ / N_)
THM41 = printed("§4.1 Theorem 4.1: the evaluation at aA/n + bB/n + cC/n", (A_ / N_, B_ / N_, C_ / N_))


@claim("ju24.lemma4.2", "§4.1, Lemma 4.2 and (4.1)",
       r"For the simple symmetric walk on $\{0, \ldots, n\}$, the probability that $n$ is reached before 0 from $k$ "
       r"is $k/n$.")
def lemma_4_2():
    k, n = K_, N_
    p = LEMMA42.value
    # the symbolic checks through exactcube.symbolic.identity (recorded for verify --certificates)
    harmonic = identity(2 * p - p.subs(k, k - 1) - p.subs(k, k + 1), 0,
                        "ju24 (4.1): 2 p_k - p_(k-1) - p_(k+1) of the printed formula")
    ran = [harmonic]
    if not harmonic:
        return refuted(ran, say(math(p), "does not satisfy $2p_k = p_{k-1} + p_{k+1}$"), None)
    ends = [identity(p.subs(k, 0), 0, "ju24 Lemma 4.2: the printed formula at k = 0"),
            identity(p.subs(k, n), 1, "ju24 Lemma 4.2: the printed formula at k = n")]
    ran += ends
    if not all(ends):
        return refuted(ran, say(math(p), "misses the boundary values"), None)
    for m in range(1, 11):  # the printed formula against the exact solve
        got = T.edge_walk_probabilities(m)
        ran.append(computed(got, f"the exact solve of the edge walk, n = {m}", "ju24 Lemma 4.2"))
        for j in range(m + 1):
            if to_sympy(got[j]) != p.subs({k: j, n: m}):
                at = say(f"$n = {m}$, $k = {j}$")
                return refuted(ran, say("the exact solve gives", value(got[j]), "at", at, ", not the printed", math(p)), at)
    N = 200
    for m in range(1, N + 1):
        got = T.edge_walk_probabilities(m)
        ran.append(computed(got, f"the exact solve of the edge walk, n = {m}", "ju24 Lemma 4.2"))
        if got != tuple(mpq(j, m) for j in range(m + 1)):
            bad = next(j for j in range(m + 1) if got[j] != mpq(j, m))
            at = say(f"$n = {m}$, $k = {bad}$:", value(got[bad]))
            return refuted(ran, say("the exact solve differs from $k/n$ at", at), at)
    return verified(ran, say("$k/n$ satisfies $2p_k = p_{k-1} + p_{k+1}$ identically in symbolic $k$, $n$, with "
                               "$p_0 = 0$, $p_n = 1$; the system is nonsingular (tridiagonal, diagonally dominant, "
                               "irreducible), so this is the solution for every $n$; independently, exact elimination "
                               f"gives $p_k = k/n$ for $n = 1, \\ldots, {N}$."))


THM41_N = 30


@claim("ju24.thm4.1", "§4.1, Theorem 4.1",
       r"In the triangle game, the evaluation $(P_A, P_B, P_C)$ at $P = xA + yB + zC$ is $(x, y, z)$.")
def thm_4_1():
    a, b, c, n = A_, B_, C_, N_
    said = THM41.value
    ran = [computed(said, "the printed evaluation", "ju24 Theorem 4.1")]
    for m in range(1, 6):  # the printed formula against the exact solve
        sol = T.solve(m)
        ran.append(sol)
        for p in T.positions(m):
            want = tuple(e.subs({a: p.a, b: p.b, c: p.c, n: m}) for e in said)
            if tuple(to_sympy(t) for t in sol[p]) != want:
                return refuted(ran, say(f"$n = {m}$: the exact solve at {p} differs from the printed", eq("4.1")),
                               say(f"$n = {m}$, {p}"))
    x = a / n
    # P_A = a/n along each of the six steps (A's coordinate changes by +1, -1 or 0; each twice)
    six = sum(((a + d[0]) / n) for d in T.STEPS) / 6
    ran.append(computed(sp.simplify(six - x), "the six-neighbour average of a/n minus a/n", "ju24 Theorem 4.1"))
    if sp.simplify(six - x) != 0:
        return refuted(ran, say("the barycentric coordinate is not its own six-neighbour average"),
                       math(sp.simplify(six - x)))
    two = (((a + 1) / n) + ((a - 1) / n)) / 2  # along an edge through A's coordinate
    ran.append(computed(sp.simplify(two - x), "the edge average of a/n minus a/n", "ju24 Theorem 4.1"))
    if sp.simplify(two - x) != 0:
        return refuted(ran, say("the barycentric coordinate is not its own edge average"), None)
    checked = 0
    for m in range(1, THM41_N + 1):
        defect = T.harmonic_defect(m, T.barycentric)
        ran.append(computed(defect, f"the mean-value defects of the barycentric coordinates, n = {m}", "ju24 §4.1"))
        if defect:
            return refuted(ran, say(f"$n = {m}$: the barycentric coordinates fail the mean-value equations"),
                           say(f"$n = {m}$"))
        sol = T.solve(m)
        ran.append(sol)
        for p in T.positions(m):
            if sol[p] != T.barycentric(p):
                return refuted(ran, say(f"$n = {m}$: the exact solve at {p} is not the barycentric coordinates"),
                               say(f"$n = {m}$, {p}"))
            checked += 1
    return verified(
        ran,
        say("two ways: (1) the six-neighbour average of $a/n$ is $a/n$ identically in symbolic $a$, $n$ (the steps "
            "cancel in pairs), and the edge average likewise, with the vertex values $(1, 0, 0)$, $(0, 1, 0)$, "
            "$(0, 0, 1)$; the Dirichlet problem has a unique solution (every state reaches a vertex), so $(x, y, z)$ is "
            "the evaluation for every $n$; (2) an independent exact solve of the linear system (python-flint, edges by "
            f"Lemma 4.2) equals $(a, b, c)/n$ at all {checked} positions of the grids of side "
            f"$n = 1, \\ldots, {THM41_N}$."))


@claim("ju24.thm4.1.large", "§4.1, Theorem 4.1 (larger grids)",
       "The exact solve equals the barycentric coordinates on grids of side up to 60.", slow=True,
       unprinted="ju24.thm4.1 on larger grids; ju24.thm4.1 reads the printed formula")
def thm_4_1_large():
    ran = []
    for m in (40, 50, 60):
        sol = T.solve(m)
        ran.append(sol)
        for p in T.positions(m):
            if sol[p] != T.barycentric(p):
                return refuted(ran, say(f"$n = {m}$: the exact solve differs at {p}"), say(f"$n = {m}$, {p}"))
    return verified(ran, say("the exact solve (python-flint) equals $(a, b, c)/n$ at every position for "
                               "$n = 40, 50, 60$."))

