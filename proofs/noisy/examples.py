r"""noisy §1-§2: the worked examples (3 chips, equation (2); Chomp! 2x2, equation (3)),
Remark 1, Examples 2-4, equation (4) against (5), Remark 5 and Proposition 6.

The symbolic checks re-derive the formulas with sympy from the channel of
Example 3 written out directly (a second implementation, independent of the
``mpq`` solvers), then compare with the solvers at rational points.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import sympy as sp

from exactcube.claims import claim, open_, refuted, verified
from exactcube.content.model import eq, math, say, table, value
from exactcube.errors import BadInput
from exactcube.noisy.games.chomp import chomp_game, chomp_moves, chop, neighbour_distribution, solve_chomp
from exactcube.noisy.games.game import EQUIPROBABLE, NOISELESS, Game, distribution, move_value, solve, validate_distribution
from exactcube.noisy.nim import channel_weights, solve_multipile, solve_nim
from exactcube.numbers import mpq
from exactcube.printed import printed
from exactcube.results import computed

from .readings import (CHANNEL, CHOMP_CHANNEL, EQUIPROBABLE_READING, NOISELESS_READING, NOTHING_PRINTED, PROP6,
                       PROP6_COINCIDE, PROP6_INCLUSION, REMARK1, REMARK5, resting_on)

e_ = sp.symbols("epsilon", positive=True)
_VAREPS = sp.Symbol("varepsilon", positive=True)


def _shown(expr):
    """An expression in epsilon as the details print it: the variable written varepsilon, as in the prose."""
    return math(sp.sympify(expr).subs(e_, _VAREPS))

# The formulas of §1 as the note prints them (lost in the extraction; typed in from the reconstruction):
#: (1): sending 00 from 3 chips is received as 00, 01, 10 with these chances
P_EQ2_MU = printed("§1, (1): mu_3(00, .)", ((1 - e_) / (1 + e_), e_ / (1 + e_), e_ / (1 + e_)))
#: (2): p(3) with the optimal move 00 below 1/2 and 01 above
P_EQ2_P3 = printed("§1, (2): p(3)", ((1 - e_ + e_ ** 2) / (1 + e_), e_ * (1 - e_ ** 2) / (1 - e_ + e_ ** 2)))
#: (3): the value of aiming at the far corner and at either other square of the 2x2 bar
P_EQ3 = printed("§1, (3): p(2x2, move)", (3 * (1 - e_) / (3 - e_), e_ / (3 - e_)))
#: after (3): every move ties at this eps, with this chance (a chance game favouring Player II)
P_EQ3_TIE = printed("§1, after (3): the tie", (sp.Rational(3, 4), sp.Rational(1, 3)))


def nim_game(eps) -> Game:
    """1-pile Nim with the Example 3 channel as a general game (G, mu) for the solver of (4)."""
    def error(n, m):
        return dict(zip(range(n), channel_weights(n, eps).row(m)))
    return Game(lambda n: tuple(range(n)), error, name=f"1-pile Nim eps={eps}")


def sym_mu(n: int, m: int):
    r"""Example 3 written out in sympy: :math:`\mu_n(m, r)` for r < n as expressions in epsilon."""
    k = n.bit_length()
    w = [e_ ** bin(m ^ r).count("1") * (1 - e_) ** (k - bin(m ^ r).count("1")) for r in range(n)]
    s = sum(w)
    return [sp.cancel(x / s) for x in w]


def sym_move_values(n: int, p_lower):
    """p(n, m) for m < n as rational functions, given the expressions p(r), r < n (equation (5))."""
    return [sp.cancel(sum(mu * (1 - p_lower[r]) for r, mu in enumerate(sym_mu(n, m)))) for m in range(n)]


@claim("noisy.eq2", "§1, 1-pile Nim of 3 chips, (1)-(2)",
       r"From 3 chips, sending 00 is received as 00 with probability $(1-e)/(1+e)$ and as 01 or 10 with $e/(1+e)$ "
       r"each; $p(3) = (1 - e + e^2)/(1 + e)$ with optimal move 00 for $e \le 1/2$, $p(3) = e(1 - e^2)/(1 - e + e^2)$ "
       r"with optimal move 01 for $e \ge 1/2$; at $e = 1/2$ the game is fair and every move is optimal.")
def eq2():
    mu = sym_mu(3, 0)
    ran = [computed(mu, "Example 3's channel from 3 chips in sympy", "noisy §1, (1)")]
    if [sp.simplify(a - b) for a, b in zip(mu, P_EQ2_MU.value)] != [0, 0, 0]:
        rows = [[f"${r}$", _shown(a), _shown(b)] for r, a, b in zip(("00", "01", "10"), mu, P_EQ2_MU.value)]
        found = table(["received", "$\\mu_3(00, \\cdot)$", "printed"], rows)
        return refuted(ran, say("$\\mu_3(00, \\cdot)$ differs from the printed", eq(1)), found, assumptions=(CHANNEL,))
    half = sp.Rational(1, 2)
    cols = {}
    low, high = P_EQ2_P3.value
    for (lo, hi), p2, want, opt in (((0, half), 1 - e_, low, 0), ((half, 1), e_, high, 1)):
        vals = sym_move_values(3, [sp.Integer(0), sp.Integer(1), p2])
        ran.append(computed(vals, f"p(3, m) on ({lo}, {hi}) in sympy", "noisy §1, (2)"))
        if sp.simplify(vals[opt] - want) != 0:
            return refuted(ran, say(f"on $({sp.latex(lo)}, {sp.latex(hi)})$, $p(3, {opt})$ =", _shown(vals[opt]),
                                      ", not the printed", _shown(want)), _shown(vals[opt]), assumptions=(CHANNEL,))
        for m in range(3):
            if m == opt:
                continue
            diff = sp.factor(sp.cancel(vals[opt] - vals[m]))
            num, den = sp.fraction(sp.together(diff))
            roots = [r for r in sp.Poly(num, e_).real_roots() if lo < r < hi] if sp.Poly(num, e_).degree() > 0 else []
            mid = (sp.Rational(lo) + sp.Rational(hi)) / 2
            ran.append(computed((diff, roots, diff.subs(e_, mid)), f"p(3, {opt}) - p(3, {m}): its roots and its sign",
                                "noisy §1, (2)"))
            if roots or diff.subs(e_, mid) <= 0:
                return refuted(ran, say(f"on $({sp.latex(lo)}, {sp.latex(hi)})$ move {m} is not beaten by move {opt}:",
                                          f"$p(3, {opt}) - p(3, {m})$ =", _shown(diff)),
                               _shown(diff), assumptions=(CHANNEL,))
        cols[(lo, hi)] = [sp.factor(v) for v in vals]
        # compare with the mpq solver at rational points of the interval
        for t in (sp.Rational(1, 7), sp.Rational(2, 5), sp.Rational(3, 5), sp.Rational(9, 10)):
            if not lo < t < hi:
                continue
            s = solve_nim(3, mpq(int(t.p), int(t.q)))
            ran.append(s)
            for m in range(3):
                if sp.Rational(int(s.move_value(3, m).numerator), int(s.move_value(3, m).denominator)) != vals[m].subs(e_, t):
                    return refuted(ran, say(f"the solver and the symbolic $p(3, {m})$ differ at",
                                              value(t, name="\\varepsilon")), say(value(t, name="\\varepsilon")),
                                   assumptions=(CHANNEL,))
            if s.optimal[3] != (opt,):
                return refuted(ran, say("the solver's optimal moves at", value(t, name="\\varepsilon"), "are",
                                          ", ".join(map(str, s.optimal[3]))), say(value(t, name="\\varepsilon")),
                               assumptions=(CHANNEL,))
    s = solve_nim(3, mpq(1, 2))
    ran.append(s)
    if s.p[3] != mpq(1, 2) or s.optimal[3] != (0, 1, 2):
        return refuted(ran, say("at $\\varepsilon = 1/2$:", value(s.p[3], name="p(3)"), ", optimal moves",
                                  ", ".join(map(str, s.optimal[3]))), None, assumptions=(CHANNEL,))
    (below, above) = cols.values()
    moves = table(["move $m$", "$p(3, m)$, $0 < \\varepsilon < 1/2$", "$p(3, m)$, $1/2 < \\varepsilon < 1$"],
                  [[m, _shown(a), _shown(b)] for m, (a, b) in enumerate(zip(below, above))])
    return verified(ran, say("Re-derived symbolically from Example 3 ($p(2) = 1 - \\varepsilon$ resp. $\\varepsilon$ "
                               "on each side of $1/2$); the values of the three moves from 3 chips:", moves,
                               "The optimal move beats the others on the whole open interval (no root of the "
                               "difference inside, positive at the midpoint); the exact solver agrees at "
                               "$\\varepsilon = 1/7, 2/5, 3/5, 9/10$; at $\\varepsilon = 1/2$ all three moves give "
                               "exactly $1/2$."), assumptions=(CHANNEL,))


@claim("noisy.eq3", "§1, Chomp! on a 2x2 bar, (3)",
       r"With the neighbour channel, $p = 0$ at the poison alone, $p = 1$ at the $1 \times 2$ and $2 \times 1$ bars, "
       r"$p = 0$ at the L-shape; from the $2 \times 2$ bar the three moves give $3(1-e)/(3-e)$ (aim at the far corner) "
       r"and $e/(3-e)$ (either other square), so $p = \max(3(1-e), e)/(3-e)$; at $e = 3/4$ every move gives $1/3$: a "
       r"chance game favouring Player II.")
def eq3():
    # hand derivation: aiming at (1,1): received (1,1) w.p. (1-e), each neighbour e/3; poison (0,0) illegal,
    # renormalise over {(1,1), (0,1), (1,0)}: 1 - e/3.  Only (1,1) -> L-shape (a P-position) wins.
    corner, side = P_EQ3.value
    tie_eps, tie_p = P_EQ3_TIE.value
    pts = [mpq(1, 10), mpq(1, 3), mpq(3, 4), mpq(9, 10), mpq(1, 2)]
    ran = []
    for e in pts:
        s = solve_chomp(2, 2, e)
        ran.append(s)
        ev = sp.Rational(int(e.numerator), int(e.denominator))
        want_base = {(1,): 0, (1, 1): 1, (2,): 1, (2, 1): 0}
        for x, v in want_base.items():
            if s.p[x] != v:
                return refuted(ran, say(value(s.p[x], name=f"p{x}"), "at", value(e, name="\\varepsilon")),
                               say(f"position ${x}$"), assumptions=(CHOMP_CHANNEL,))
        g = chomp_game(2, 2, e)
        vals = {sq: move_value(g, (2, 2), chop((2, 2), *sq), s.p) for sq in chomp_moves((2, 2))}
        ran.append(computed(vals, "the move values of (4) from the 2x2 bar", "noisy §1, (3)"))
        want = {(1, 1): corner.subs(e_, ev), (0, 1): side.subs(e_, ev), (1, 0): side.subs(e_, ev)}
        for sq, v in vals.items():
            if sp.Rational(int(v.numerator), int(v.denominator)) != want[sq]:
                return refuted(ran, say(f"the move to square ${sq}$ at", value(e, name="\\varepsilon"), ":", value(v),
                                          ", hand derivation", _shown(want[sq])), say(f"square ${sq}$"),
                               assumptions=(CHOMP_CHANNEL,))
    # each move value is a ratio of affine functions of e: agreement at 3+ points is identity
    tie = sp.solve(sp.Eq(corner, side), e_)
    ran.append(computed(tie, "sympy solve of (3)'s two move values equal", "noisy §1, after (3)"))
    if tie != [tie_eps] or corner.subs(e_, tie_eps) != tie_p:
        found = say(*[math(t) for t in tie]) if tie else say("no point")
        return refuted(ran, say("the moves tie at $\\varepsilon$ =", found), found, assumptions=(CHOMP_CHANNEL,))
    s = solve_chomp(2, 2, mpq(int(tie_eps.p), int(tie_eps.q)))
    ran.append(s)
    if s.p[(2, 2)] != mpq(int(tie_p.p), int(tie_p.q)) or len(s.optimal[(2, 2)]) != 3:
        return refuted(ran, say("at $\\varepsilon = 3/4$:", value(s.p[(2, 2)], name="p"), f", {len(s.optimal[(2, 2)])} "
                                  "optimal moves"), None, assumptions=(CHOMP_CHANNEL,))
    return verified(ran, say("The solver's move values from the $2 \\times 2$ bar equal the hand derivation "
                               "$3(1-\\varepsilon)/(3-\\varepsilon)$, $\\varepsilon/(3-\\varepsilon)$, "
                               "$\\varepsilon/(3-\\varepsilon)$ at 5 rational points (ratios of affine functions, so "
                               "identical); they tie only at $\\varepsilon = 3/4$, where $p = 1/3 < 1/2$ for every move "
                               "(Player II favoured). Reading of 'neighbour': squares of the bar sharing an edge or a "
                               "corner (3 per square on $2 \\times 2$)."),
                    assumptions=(CHOMP_CHANNEL,))


@claim("noisy.remark1", "§2, Remark 1",
       "A move error distribution is a stochastic matrix over the arrows that vanishes on pairs of arrows with "
       "different tails; the channels of Example 3 and of §1's Chomp! are move error distributions.",
       unprinted=NOTHING_PRINTED)
@resting_on(REMARK1, CHANNEL, CHOMP_CHANNEL)
def remark1():
    count, rows = 0, []
    for eps in (mpq(0), mpq(1, 10), mpq(1, 3), mpq(1, 2), mpq(77, 100), mpq(1)):
        for n in range(1, 17):
            ch = channel_weights(n, eps)
            for m in range(n):
                rows.append(validate_distribution(n, m, dict(zip(range(n), ch.row(m))), range(n)))
                count += 1
        for x in solve_chomp(3, 4, eps).p:
            for sq in chomp_moves(x):
                d = neighbour_distribution(x, sq, eps, 3, 4)
                rows.append(validate_distribution(x, chop(x, *sq), {chop(x, *s): v for s, v in d.items()},
                                                  [chop(x, *s) for s in chomp_moves(x)]))
                count += 1
    # and the validation can fail: rows that leak mass, miss mass, or leave the followers
    rejected = 0
    for bad in ({0: mpq(1, 2), 1: mpq(1, 3)}, {0: mpq(3, 2), 1: mpq(-1, 2)}, {0: mpq(1, 2), 5: mpq(1, 2)}):
        try:
            validate_distribution(3, 0, bad, range(3))
        except BadInput:
            rejected += 1
    ran = computed((rows, rejected), "every row validated, three wrong rows rejected", "noisy §2, Remark 1")
    if rejected != 3:
        return refuted(ran, say("the validator accepted a non-stochastic row"), None)
    return verified(ran, say(f"{count} rows (1-pile Nim with $n \\le 16$, Chomp! $3 \\times 4$, "
                               "$\\varepsilon \\in \\{0, 1/10, 1/3, 1/2, 77/100, 1\\}$) are probability vectors "
                               "supported on the followers; rows with total $5/6$, a negative entry, or mass off the "
                               "followers are rejected."))


def _nim_sum_zero(x):
    s = 0
    for h in x:
        s ^= h
    return s == 0


@claim("noisy.example2", "§2, Example 2",
       r"With $\mu_x(y, z) = 1$ if $y = z$ and 0 otherwise, $p$ takes only the values 0 and 1 and the game is the "
       "classical one: P-positions exactly where the classical theory puts them.",
       unprinted=NOTHING_PRINTED)
@resting_on(NOISELESS_READING)
def example2():
    n_pos, ran = 0, []
    for heaps in product(range(7), repeat=3):
        sol = solve_multipile(heaps, noiseless=True)
        ran.append(sol)
        for x, v in sol.p.items():
            n_pos += 1
            if v not in (0, 1) or (v == 0) != _nim_sum_zero(x):
                return refuted(ran, say(f"n-pile Nim at ${x}$:", value(v, name="p")), say(f"position ${x}$"))
    s = solve_nim(64, mpq(0))
    ran.append(s)
    if any(s.p[n] != 1 or s.optimal[n] != (0,) for n in range(1, 65)):
        return refuted(ran, say("1-pile Nim at $\\varepsilon = 0$ is not the classical game"), None)
    g = solve(Game(lambda x: tuple(chop(x, *s) for s in chomp_moves(x)), NOISELESS), (5, 5, 5))
    ran.append(g)
    if any(v not in (0, 1) for v in g.p.values()) or g.p[(5, 5, 5)] != 1:
        return refuted(ran, say("noiseless Chomp! is not a win for the first player"), None)
    return verified(ran, say(f"Noiseless $n$-pile Nim (up to 3 heaps of at most 6 chips, {n_pos} position visits): "
                               "$p \\in \\{0, 1\\}$, P exactly at nim-sum 0 (Bouton); 1-pile Nim at $\\varepsilon = 0$: "
                               "$p(n) = 1$ with the unique optimal move 0 for $n = 1, \\ldots, 64$; noiseless "
                               "$3 \\times 5$ Chomp!: $p \\in \\{0, 1\\}$ and the bar is an N-position (strategy "
                               "stealing)."))


#: the values of eps and the largest heap at which noisy.example3 compares the rows (its certificate lists them)
EXAMPLE3_EPS = ((1, 10), (77, 100), (1, 3), (1, 2), (2, 7), (99, 100))
EXAMPLE3_HEAPS = 32


@claim("noisy.example3", "§2, Example 3",
       r"The move error distribution of 1-pile Nim with bit-flip noise is $\mu_n(m, r) = e^d (1-e)^{k-d}$ normalised "
       r"over the legal $r < n$ ($d$ the Hamming distance of $m$ and $r$, $k$ the number of binary digits of $n$); this "
       r"is the distribution exactcube uses.",
       unprinted="the formula is the reconstruction itself (noisy.bitflip-channel; the extraction lost it): the "
                 "check compares a second implementation of it, built with fractions.Fraction, with exactcube's")
def example3():
    cases, ran = 0, []
    for num, den in EXAMPLE3_EPS:
        e = Fraction(num, den)
        for n in range(1, EXAMPLE3_HEAPS + 1):
            k = len(bin(n)) - 2
            ch = channel_weights(n, mpq(num, den))
            for m in range(n):
                w = [e ** bin(m ^ r).count("1") * (1 - e) ** (k - bin(m ^ r).count("1")) for r in range(n)]
                s = sum(w)
                want = [x / s for x in w]
                got = ch.row(m)
                ran.append(computed((want, got), f"mu_{n}({m}, .) by fractions.Fraction and by channel_weights",
                                    "noisy Example 3"))
                if any(mpq(a.numerator, a.denominator) != b for a, b in zip(want, got)):
                    return refuted(ran, say(f"the row $\\mu_{{{n}}}({m}, \\cdot)$ at", value(e, name="\\varepsilon"),
                                              "differs"), say(f"$n = {n}$, $m = {m}$,", value(e, name="\\varepsilon")),
                                   assumptions=(CHANNEL,))
                cases += 1
    return verified(ran, say(f"{cases} rows ($n \\le 32$, six values of $\\varepsilon$) built with fractions.Fraction "
                               "straight from the formula equal exactcube's channel_weights rows."), assumptions=(CHANNEL,))


@claim("noisy.eq4-5", "§2 (4) and §3 (5)",
       "Equation (5) is equation (4) for the channel of Example 3: the general solver and the 1-pile Nim solver agree.",
       unprinted="an identity between two equations, no printed number: the check compares the two solvers")
def eq4_5():
    ran = []
    for eps in (mpq(0), mpq(1, 10), mpq(1, 2), mpq(77, 100), mpq(2, 3), mpq(1)):
        g = solve(nim_game(eps), 16)
        s = solve_nim(16, eps)
        ran += [g, s]
        for n in range(17):
            if g.p[n] != s.p[n] or tuple(g.optimal[n]) != s.optimal[n]:
                where = say(value(eps, name="\\varepsilon"), f", $n = {n}$")
                return refuted(ran, say(where, ":", eq(4), "gives", value(g.p[n], name="p"), "with optimal moves",
                                          ", ".join(map(str, g.optimal[n])), ";", eq(5), "gives", value(s.p[n], name="p"),
                                          "with", ", ".join(map(str, s.optimal[n]))), where, assumptions=(CHANNEL,))
    return verified(ran, say("$p(n)$ and the optimal-move sets agree exactly for $n \\le 16$ at "
                               "$\\varepsilon \\in \\{0, 1/10, 1/2, 77/100, 2/3, 1\\}$."), assumptions=(CHANNEL,))


@claim("noisy.example4", "§2, Example 4",
       "1-pile Nim with more than one chip and the equiprobable move error distribution is a fair chance game.",
       unprinted=NOTHING_PRINTED)
@resting_on(EQUIPROBABLE_READING)
def example4():
    g = solve(Game(lambda n: tuple(range(n)), EQUIPROBABLE), 60)
    ran = [g]
    bad = [n for n in range(2, 61) if g.p[n] != mpq(1, 2)]
    if bad or g.p[1] != 1 or g.p[0] != 0:
        where = say("$n$ =", ", ".join(map(str, bad))) if bad else say("$n = 0$ or $n = 1$")
        return refuted(ran, say("$p(n) \\ne 1/2$ or a wrong end value at", where), where)
    return verified(ran, say("$p(0) = 0$, $p(1) = 1$ and $p(n) = 1/2$ exactly for $n = 2, \\ldots, 60$ (and by "
                               "Lemma 7: the only chance position reached first is 2, with one P- and one N-follower)."))


def _remark5_on(game, start, ran):
    sol = solve(game, start)
    ran.append(sol)
    checked = 0
    for x, v in sol.p.items():
        fol = tuple(dict.fromkeys(game.followers(x)))
        if not fol:
            continue
        rows = {y: distribution(game, x, y) for y in fol}
        all_lose = all(sol.p[z] == 1 for y in fol for z, w in rows[y].items() if w > 0)
        some_win = any(all(sol.p[z] == 0 for z, w in rows[y].items() if w > 0) for y in fol)
        if (v == 0) != all_lose or (v == 1) != some_win:
            return x, v
        checked += 1
    return None, checked


@claim("noisy.remark5", "§2, Remark 5",
       "p(x) = 0 iff every follower received with positive probability (after any sent move) has p = 1; "
       "p(x) = 1 iff some sent move is received only as followers with p = 0. In particular, when mu > 0 on "
       "all pairs of followers, p(x) = 0 iff every follower has p = 1, and p(x) = 1 iff every follower has p = 0.",
       unprinted=NOTHING_PRINTED)
@resting_on(REMARK5)
def remark5():
    total, ran = 0, []
    games = [(nim_game(mpq(e)), 20) for e in (0, mpq(1, 10), mpq(1, 2), mpq(9, 10), 1)]
    games += [(chomp_game(3, 4, e), (4, 4, 4)) for e in (mpq(0), mpq(1, 10), mpq(1))]
    games += [(Game(lambda x: tuple(chop(x, *s) for s in chomp_moves(x)), EQUIPROBABLE), (4, 4, 4))]
    for g, start in games:
        bad, n = _remark5_on(g, start, ran)
        if bad is not None:
            return refuted(ran, say(f"{g.name}: position ${bad}$ has", value(n, name="p"), "against Remark 5"),
                           say(f"position ${bad}$"))
        total += n
    return verified(ran, say(f"Both equivalences hold at all {total} non-terminal positions of 1-pile Nim "
                               "($n \\le 20$, $\\varepsilon \\in \\{0, 1/10, 1/2, 9/10, 1\\}$) and $3 \\times 4$ Chomp! "
                               "(neighbour channel at $\\varepsilon \\in \\{0, 1/10, 1\\}$, and equiprobable)."))


def perturbed(game: Game, eta: mpq, optimal=None) -> Game:
    r"""Proposition 6's construction: :math:`\mu' = (1-\eta)\mu + \eta/|F(x)|` on every row.

    With ``optimal`` (position -> the optimal moves under mu), every optimal move of x is
    given the row of the first of them before mixing, so that exact ties of mu stay exact
    ties under mu' (the construction that proves (3) read literally, "coincide")."""
    def error(x, y):
        fol = tuple(dict.fromkeys(game.followers(x)))
        tied = optimal.get(x, ()) if optimal is not None else ()
        row = distribution(game, x, tied[0] if y in tied else y)
        return {z: (1 - eta) * row.get(z, 0) + eta / len(fol) for z in fol}
    return Game(game.followers, error, name=f"{game.name} perturbed by {eta}")


def _prop6_eta(g: Game, start, base, delta, optimal=None, literal=False):
    """The first eta = delta/2^k (down to 1e-12) whose mu' meets (2) and (3); None if none does.
    (3) is the inclusion reading, or with ``literal`` equality of the optimal sets."""
    unique = {x for x, ys in base.optimal.items() if len(ys) == 1}
    eta = delta
    while eta >= mpq(1, 10 ** 12):
        ps = solve(perturbed(g, eta, optimal), start)
        ok2 = all(abs(ps.p[x] - base.p[x]) < delta for x in base.p)
        if literal:
            ok3 = all(set(ps.optimal[x]) == set(base.optimal[x]) for x in base.p)
        else:
            ok3 = all(set(ps.optimal[x]) <= set(base.optimal[x]) for x in base.p) and \
                all(ps.optimal[x] == base.optimal[x] for x in unique)
        if ok2 and ok3:
            return eta, ps
        eta /= 2
    return None, None


PROP6_GAMES = (
    lambda: (nim_game(mpq(0)), 12), lambda: (nim_game(mpq(1, 10)), 12), lambda: (nim_game(mpq(1)), 12),
    lambda: (chomp_game(2, 3, mpq(0)), (3, 3)), lambda: (chomp_game(2, 3, mpq(1, 10)), (3, 3)),
    lambda: (Game(lambda x: tuple(sorted(set(tuple(sorted(x[:i] + (h,) + x[i + 1:])) for i in range(len(x))
                                             for h in range(x[i])))), NOISELESS, name="3-pile Nim"), (3, 3, 3)))
#: the games of PROP6_GAMES as the details name them
PROP6_LABELS = ("1-pile Nim, $\\varepsilon = 0$", "1-pile Nim, $\\varepsilon = 1/10$", "1-pile Nim, $\\varepsilon = 1$",
                "Chomp! $2 \\times 3$, $\\varepsilon = 0$", "Chomp! $2 \\times 3$, $\\varepsilon = 1/10$",
                "3-pile Nim, noiseless")


@claim("noisy.prop6", "§2, Proposition 6",
       "Given a game (G, mu) and delta > 0 there is a move error distribution mu' with (1) mu' > 0 on every pair "
       "of arrows sharing a tail, (2) |p'(x) - p(x)| < delta for every x, and (3) the same optimal moves "
       "(reconstruction: the extraction lost the three formulas).",
       unprinted=NOTHING_PRINTED)
def prop6():
    rows, lit_rows, broken, ran = [], [], {}, []
    literal_ok = True
    deltas = (mpq(1, 10), mpq(1, 1000))
    for make, label in zip(PROP6_GAMES, PROP6_LABELS):
        g, start = make()
        base = solve(g, start)
        ran.append(base)
        rows.append([label])
        lit_rows.append([label])
        for delta in deltas:
            eta, ps = _prop6_eta(g, start, base, delta)
            ran.append(computed(eta, "the largest eta = delta/2^k tried whose mu' meets (2) and (3)", "noisy Proposition 6"))
            if eta is None:
                return refuted(ran, say(label, ": no $\\eta \\ge 10^{-12}$ satisfies (2) and (3) for",
                                          value(delta, name="\\delta")), say(label, ",", value(delta, name="\\delta")),
                               assumptions=(PROP6, PROP6_INCLUSION))
            pg = perturbed(g, eta)
            # (1): every row of mu' is positive on all followers
            for x in base.p:
                fol = tuple(dict.fromkeys(g.followers(x)))
                for y in fol:
                    if any(w <= 0 for w in (distribution(pg, x, y).get(z, 0) for z in fol)):
                        return refuted(ran, say(label, f": $\\mu'$ is not positive at ${x}$"), say(f"position ${x}$"),
                                       assumptions=(PROP6, PROP6_INCLUSION))
            ran.append(ps)
            ties = [x for x in base.p if set(ps.optimal[x]) != set(base.optimal[x])]
            for x in ties:
                broken.setdefault((g.name, x), (label, x, base.optimal[x], ps.optimal[x]))
            rows[-1] += [value(eta), len(ties)]
            # the literal reading: tied optimal moves share one row, so their tie survives
            eta2, ps2 = _prop6_eta(g, start, base, delta, base.optimal, literal=True)
            ran.append(computed((eta2, ps2), "the common-row construction of mu'", "noisy Proposition 6"))
            literal_ok = literal_ok and eta2 is not None
            lit_rows[-1].append(value(eta2) if eta2 is not None else "none")
    broken = list(broken.values())
    inclusion = table(["game"] + [c for d in deltas for c in (f"$\\eta$ for $\\delta = {d}$", "ties broken")], rows)
    common = table(["game"] + [f"$\\eta$ for $\\delta = {d}$" for d in deltas], lit_rows)
    moves = lambda ms: ", ".join(map(str, ms))  # noqa: E731
    first = (say("; first:", broken[0][0], f", at ${broken[0][1]}$: optimal moves", moves(broken[0][2]),
                 "under $\\mu$ but", moves(broken[0][3]), "under $\\mu'$") if broken else say())
    proof = (say("The mixture $\\mu' = (1 - \\eta) \\mu + \\eta/|F(x)|$ breaks the exact ties of $\\mu$ at",
                 f"{len(broken)} positions (for some $\\delta$)", first, ", so with it the sets do not coincide;")
             if broken else say("The mixture keeps every set of optimal moves;"))
    if literal_ok:
        literal = verified(ran, say(proof, "giving the tied optimal moves of each position one common row before "
                                      "mixing keeps every tie, and then (1), (2) and equal sets hold:", common),
                           assumptions=(PROP6, PROP6_COINCIDE))
    else:
        literal = open_(ran, say(proof, "and the common-row construction did not reach equal sets either:", common),
                        assumptions=(PROP6, PROP6_COINCIDE))
    return verified(ran, say("With $\\mu' = (1 - \\eta) \\mu + \\eta/|F(x)|$ ($\\eta$ found by halving from "
                               "$\\delta$): $\\mu' > 0$, $|p' - p| < \\delta$ everywhere, every $\\mu'$-optimal move "
                               "is $\\mu$-optimal and unique optimal moves are kept. Where $\\mu$ has exact ties the "
                               "perturbation may keep only some of them, so (3) holds as 'optimal for $\\mu'$ is optimal "
                               "for $\\mu$', not as equality of sets (the literal reading is the alternative).",
                               inclusion),
                    assumptions=(PROP6, PROP6_INCLUSION), alternatives=(literal,))
