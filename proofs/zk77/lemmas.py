"""zk77 §2-3: Lemma 1 and its examples, the 4/5 argument, Lemma 2 (1)-(3), Theorem 1 (4)-(6)."""

from __future__ import annotations

import sympy as sp

from exactcube.claims import Erratum, ErratumKind, claim, erratum, refuted, verified
from exactcube.content.model import claim_ref, eq as eqref, formula, say, table, value
from exactcube.numbers import mpq
from exactcube.printed import printed
from exactcube.race import effective as ef
from exactcube.results import computed
from exactcube.symbolic import identity, solve, to_sympy

from ..linked import Formula, cite, establish, export, unlinked
from ..shared import conditioning_chance, consistency_lemma_check


class _Unlinked(Exception):
    """A dependent's cited conclusion gives no value (it was replaced by a weaker formula): the verdict is open."""

    def __init__(self, conclusion):
        super().__init__(conclusion.id)
        self.conclusion = conclusion


def lemma1(x, a, b):
    """Lemma 1's chance of reaching x + b before x - a, from Lemma 1's exported conclusion (:data:`CHANCE`);
    raises :class:`_Unlinked` when the conclusion does not determine it."""
    c = cite(CHANCE.id)
    v = c.value(x, a, b)
    if v is None:
        raise _Unlinked(c)
    return v


def _linked(what):
    """A dependent of Lemma 1: open (proofs.linked.unlinked) when a cited conclusion gives no value."""
    def wrap(check):
        def run():
            try:
                return check()
            except _Unlinked as exc:
                return unlinked(exc.conclusion, what)

        run.__name__, run.__qualname__, run.__doc__ = check.__name__, check.__qualname__, check.__doc__
        return run
    return wrap

p, DA, DB, M, r = sp.symbols("p D_A D_B M r", real=True)


_x, _a, _b = sp.symbols("x a b", positive=True)
#: Lemma 1's conclusion as printed: P(E) = a/(a + b).
LEMMA1 = printed("§2, Lemma 1", _a / (_a + _b))
_P = sp.Symbol("P")
#: Lemma 1's conclusion as proved (proofs.linked), the one its dependents take: P = a/(a + b) for a, b > 0
CHANCE = export(Formula("zk77.lemma1", _P, (_x, _a, _b), sp.Eq(_P, _a / (_a + _b)), scope="every a, b > 0"))


@claim("zk77.lemma1", "§2, Lemma 1 and its proof",
       "In a continuous game, the probability that p(t) reaches x + b before x - a is a/(a + b).")
def lemma1_claim():
    derived = conditioning_chance(_x, _a, _b)
    same = identity(derived, LEMMA1.value, "zk77 Lemma 1")
    if not same:
        return refuted(same, say("the proof's identity gives $P(E) =$", formula(derived), ", printed",
                                  formula(LEMMA1.value)), say(formula(derived)))
    return consistency_lemma_check(conclusion=cite(CHANCE.id))


#: The answers of Examples 1 and 2 as printed (0.75 and 3/4).
EXAMPLE_1 = printed("§2, Example 1", mpq(3, 4))
EXAMPLE_2 = printed("§2, Example 2", mpq(3, 4))


@claim("zk77.lemma1.examples", "§2, Examples 1 and 2",
       "$x = 0.75$: A wins with probability $0.75/1 = 0.75$; $x = 0.6$: reaches 0.8 before 0 with probability "
       "$0.6/(0.6 + 0.2) = 3/4$.")
@_linked("Examples 1 and 2")
def lemma1_examples():
    half = sp.Rational
    e1 = lemma1(half(3, 4), half(3, 4), half(1, 4))  # from 0.75: up to 1 (b = 0.25), down to 0 (a = 0.75)
    e2 = lemma1(half(3, 5), half(3, 5), half(1, 5))  # from 0.6: up to 0.8, down to 0
    solved = [identity(e1, to_sympy(EXAMPLE_1.value), "zk77 §2 Example 1 by Lemma 1"),
              identity(e2, to_sympy(EXAMPLE_2.value), "zk77 §2 Example 2 by Lemma 1"),
              identity(half(3, 5) / (half(3, 5) + half(1, 5)), half(3, 4), "zk77 §2 Example 2: 0.6/(0.6 + 0.2)")]
    if not solved[0]:
        return refuted(solved, say("Example 1 gives", e1), say(e1))
    if not (solved[1] and solved[2]):
        return refuted(solved, say("Example 2 gives", e2), say(e2))
    return verified(solved, "Lemma 1's identity solved exactly: from $3/4$ with $a = 3/4$, $b = 1/4$ the chance is $3/4$ "
                           "(printed 0.75); from $3/5$ with $a = 3/5$, $b = 1/5$ it is $3/4$ (printed $3/4$).")


@claim("zk77.lemma1.linear", "§2, after Example 2",
       "Lemma 1 extends to any linear function of p(t): the chance that A's expectation rises by b before it "
       "falls by a is a/(a + b).")
@_linked("Lemma 1 for a linear function of p")
def lemma1_linear():
    al, be, x, a, b = sp.symbols("alpha beta x a b", positive=True)
    # E = alpha p + beta with alpha > 0: E rises by b iff p rises by b/alpha
    P = lemma1(x, a / al, b / al)
    same = identity(P, LEMMA1.value.subs({_a: a, _b: b}), "zk77 Lemma 1 for a linear function of p")
    if not same:
        return refuted(same, say("Lemma 1 gives", formula(P)), say(formula(P)))
    return verified(same, r"for $E = \alpha p + \beta$ ($\alpha > 0$), rising by $b$ (falling by $a$) in $E$ is rising "
                           r"by $b/\alpha$ (falling by $a/\alpha$) in $p$, and Lemma 1 gives "
                           r"$(a/\alpha)/((a+b)/\alpha) = a/(a+b)$ identically.")


#: §3 Doubling: B's chance after taking at 0.8 (1/4) and his expectation (-K), in units of K.
B_CHANCE = printed("§3 Doubling, B's chance", mpq(1, 4))
B_EXPECTATION = printed("§3 Doubling, B's expectation / K", -1)


@claim("zk77.sec3.four_fifths", "§3 Doubling",
       "In a continuous game A doubles at $p = 0.8$; if B accepts he wins with probability $0.2/(0.6 + 0.2) = 1/4$ "
       r"and his expectation is $\frac{1}{4} \cdot 2K - \frac{3}{4} \cdot 2K = -K$, what he loses by declining.")
@_linked("B's chance after taking at 4/5")
def four_fifths():
    K = sp.Symbol("K", positive=True)
    q = lemma1(sp.Rational(4, 5), sp.Rational(3, 5), sp.Rational(1, 5))  # B's chance: A's p reaches 0.2 first
    # B wins when p falls from 0.8 to 0.2 (distance 0.6) before rising to 1 (0.2): chance 0.2/(0.6+0.2)
    b_wins = 1 - q
    chance = identity(b_wins, to_sympy(B_CHANCE.value), "zk77 §3: B's chance after taking at 4/5, by Lemma 1")
    if not chance:
        return refuted(chance, say("B's chance is", b_wins), say(b_wins))
    e = sp.simplify(b_wins * 2 * K - (1 - b_wins) * 2 * K)
    gain = identity(b_wins * 2 * K - (1 - b_wins) * 2 * K, to_sympy(B_EXPECTATION.value) * K,
                    "zk77 §3: B's expectation after taking, in K")
    if not gain:
        return refuted([chance, gain], say("B's expectation is", formula(e)), say(formula(e)))
    return verified([chance, gain], "Lemma 1 from $4/5$ between $1/5$ and 1: A reaches 1 first with chance $3/4$, so B wins "
                           r"$1/4$ and his expectation after taking is $\frac{1}{4} 2K - \frac{3}{4} 2K = -K$ exactly.")


# The displayed formulas of Lemma 2 and Theorem 1, as printed; the checks read them through ``.value``.
PRINTED_1 = printed("§3, Lemma 2 (1)", p / DA)
PRINTED_2 = printed("§3, Lemma 2 (2)", (p - DB) / (1 - DB))
PRINTED_3 = printed("§3, Lemma 2 (3)", (p - DB) / (DA - DB))
PRINTED_4 = printed("§3, Theorem 1 (4)", 1 - sp.Rational(1, 4) * (1 - DB))
PRINTED_5 = printed("§3, Theorem 1 (5)", (3 * DA * DB + DA) / (4 * DA - 2 * (1 - DB)))
PRINTED_6 = printed("§3, Theorem 1 (6)", (DB**2 + 3 * DB * (1 - DA) - DA) / (2 * DB - 4 * DA + 2))

_Q, _M = sp.Symbol("Q"), sp.Symbol("M_take")
#: Lemma 2 (2) as proved (proofs.linked): A's chance p(t, B) = (p - D_B)/(1 - D_B) when B owns the cube (the ends
#: D_B and 1), the formula (4) takes at p = M
CHANCE_B = export(Formula("zk77.lemma2", _Q, (p, DB), sp.Eq(_Q, (p - DB) / (1 - DB)), part="(2)",
                          scope="every D_B < p < 1"))
#: Theorem 1 (4) as proved: B's minimum take point M = 1 - (1 - D_B)/4, the formula the range of M takes
TAKE_POINT = export(Formula("zk77.thm1.eq4", _M, (DB,), sp.Eq(_M, 1 - (1 - DB) / 4), scope="every 0 <= D_B < 1"))


@claim("zk77.lemma2", "§3, Lemma 2 (1)-(3)",
       "$p(t,A) = p(t)/D_A$ (1), $p(t,B) = (p(t) - D_B)/(1 - D_B)$ (2), $p(t,M) = (p(t) - D_B)/(D_A - D_B)$ (3), "
       "immediate from Lemma 1.")
@_linked("Lemma 2 (1)-(3)")
def lemma2():
    derived = {
        "(1)": lemma1(p, p - 0, DA - p),  # A wins at D_A, loses at 0
        "(2)": lemma1(p, p - DB, 1 - p),  # A wins at 1, loses at D_B
        "(3)": lemma1(p, p - DB, DA - p),  # A wins at D_A, loses at D_B
    }
    shown = {"(1)": PRINTED_1.value, "(2)": PRINTED_2.value, "(3)": PRINTED_3.value}
    steps = []
    for k in derived:
        same = identity(derived[k], shown[k], f"zk77 Lemma 2 {k}")
        steps.append(same)
        if not same:
            return refuted(same, say(eqref(k.strip("()")), ": Lemma 1 gives", formula(derived[k]), ", printed",
                                      formula(shown[k])), say(eqref(k.strip("()"))))
    # the exported conclusion (2) is what Lemma 1 gives (the one (4) takes)
    proved = establish(cite(CHANCE_B.id), derived["(2)"], "zk77 Lemma 2 (2) from Lemma 1", cites=(CHANCE,))
    if not proved:
        return refuted([proved, *steps], say(eqref(2), ": Lemma 1 gives", formula(derived["(2)"]), ", not",
                                            formula(cite(CHANCE_B.id).formula)), say(eqref(2)))
    steps.append(proved)
    # the library functions are the printed formulas
    for pv, da, db in [(mpq(1, 2), mpq(22, 25), mpq(3, 25)), (mpq(7, 10), mpq(9, 10), mpq(1, 10))]:
        subs = {p: to_sympy(pv), DA: to_sympy(da), DB: to_sympy(db)}
        lib = [identity(to_sympy(f), shown.subs(subs), f"zk77 Lemma 2 {k}: the library's chance "
                        f"(exactcube.race.effective) at p = {pv}, D_A = {da}, D_B = {db}")
               for k, f, shown in (("(1)", ef.chance_owner(pv, da), PRINTED_1.value),
                                   ("(2)", ef.chance_opponent_owns(pv, db), PRINTED_2.value),
                                   ("(3)", ef.chance_centred(pv, da, db), PRINTED_3.value))]
        steps.extend(lib)
        if not all(lib):
            return refuted(lib, "the library's effective doubling points disagree with (1) to (3)",
                           table(["$p$", "$D_A$", "$D_B$"], [[pv, da, db]]))
    return verified(steps, "Lemma 1 applied with the game's effective ends ($[0, D_A]$, $[D_B, 1]$, $[D_B, D_A]$) gives "
                           "(1), (2), (3) as printed, identically in $p$, $D_A$, $D_B$.")


#: Proof of (4): "B's minimum take point occurs when (7) = 25%".
TAKE_CHANCE = printed("§3, proof of (4): (7) = 25%", mpq(1, 4))


@claim("zk77.thm1.eq4", "§3, Theorem 1 (4) and (7)",
       r"B's minimum take point $M(t) = 1 - \frac{1}{4}(1 - D_B(t))$, from $0.25 = 1 - (M - D_B)/(1 - D_B)$.")
def eq4():
    quarter = to_sympy(TAKE_CHANCE.value)  # "(7) = 25%": B's chance at the minimum take point
    # (7): B's chance after taking at p = M is 1 - p(M, B), p(M, B) from Lemma 2 (2) as exported (not retyped)
    c2 = cite(CHANCE_B.id)
    chance_at_m = c2.value(M, DB)
    if chance_at_m is None:
        return unlinked(c2, "(7), B's chance after taking at M,")
    solved = solve(quarter, 1 - chance_at_m, M, "(7) = 1/4 solved for M (sympy)", "zk77 (4), (7)")
    sol = list(solved.value)
    same = identity(sol[0], PRINTED_4.value, "zk77 (4)") if len(sol) == 1 else None
    if not same:
        found = say(*[formula(x) for x in sol]) if sol else say("no solution")
        return refuted(solved, say("solving gives", found), found)
    # B's chance after taking is 1 - p(t, B) by (2): (7); at the continuous take point it is 1/4 (§3 Doubling)
    at_m = identity(1 - c2.value(sol[0], DB), sp.Rational(1, 4), "zk77 (7) at M")
    if not at_m:
        return refuted(at_m, "at $M$, B's chance (7) is not $1/4$", None)
    # the exported conclusion (4) is the solution (the one the range of M takes)
    proved = establish(cite(TAKE_POINT.id), sol[0], "zk77 (4) from (7) = 1/4",
                       cites=(c2,))
    if not proved:
        return refuted([solved, proved], say("solving gives", formula(sol[0]), ", not the exported",
                                            formula(cite(TAKE_POINT.id).formula)), None)
    return verified([solved, same, at_m, proved], r"solving $1/4 = 1 - (M - D_B)/(1 - D_B)$ gives exactly $M = 1 - \frac{1}{4}(1 - D_B)$, as "
                           "printed; $M$ is the greatest $p$ at which B, owning the cube, keeps a $1/4$ chance.")


#: Theorem 1: "M(t) ... varies from 75% to 80%"; §3: "D_B lies between 0.20 and 0".
M_RANGE = printed("§3, Theorem 1: range of M", (mpq(3, 4), mpq(4, 5)))
DB_RANGE = printed("§3, range of $D_B$ (Theorem 1)", (mpq(0), mpq(1, 5)))


@claim("zk77.thm1.M_range", "§3, Theorem 1",
       "In a continuous game with effective doubling points $D_A(t)$, $D_B(t)$ ($D_B$ between 0.20 and 0, §3): $M(t)$ "
       "is called the minimum take point and varies from 75% to 80%.")
def m_range():
    # The theorem's statement: M = 1 - (1 - D_B)/4 by (4) (zk77.thm1.eq4), with 0 <= D_B <= 1/5 (§3).
    # (4) is increasing in D_B (slope 1/4), so it maps [0, 1/5] onto [M(0), M(1/5)] = [3/4, 4/5].
    db_lo, db_hi = (to_sympy(v) for v in DB_RANGE.value)
    c4 = cite(TAKE_POINT.id)  # (4) as exported by zk77.thm1.eq4, not retyped
    m_of = c4.value(DB)
    if m_of is None:
        return unlinked(c4, "the range of M")
    lo, hi = m_of.subs(DB, db_lo), m_of.subs(DB, db_hi)
    slope = sp.diff(m_of, DB)
    m_lo, m_hi = (to_sympy(v) for v in M_RANGE.value)
    # (4) is the affine function through (db_lo, M_lo) and (db_hi, M_hi), so it maps the one range onto the other
    ends = [identity(lo, m_lo, "zk77 (4) at the lower end of D_B's range"),
            identity(hi, m_hi, "zk77 (4) at the upper end of D_B's range"),
            identity(m_of, m_lo + (m_hi - m_lo) / (db_hi - db_lo) * (DB - db_lo),
                     "zk77 (4) is the affine function through the two ends")]
    if not all(ends) or not (slope.is_number and slope > 0):
        return refuted(ends, say(eqref(4), r"maps $D_B$ in $[0, 1/5]$ to the interval from", formula(lo), "to",
                                  formula(hi), "(slope", formula(slope), ")"), say(formula(lo), "to", formula(hi)))
    return verified(ends, say("In the theorem's continuous game,", eqref(4), "$M = 1 - (1 - D_B)/4$ is increasing in "
                               "$D_B$ (slope", formula(slope), ") and maps $D_B$ in the interval from", formula(db_lo),
                               "to", formula(db_hi), "exactly onto the interval from", formula(lo), "to", formula(hi),
                               ": $M$ varies from 75% to 80%.", _real_race_remark()))


def _real_race_remark(N: int = 120):
    """Remark (not part of the verdict): where the real race's take point leaves [3/4, 4/5], and whether by a tie."""
    from exactcube.race import cubeful as cf, cubeless as cl

    T = cf.solve(N + 30)
    W = cl.win_table(N + 30)
    outside = []
    for x in range(1, N + 1):
        th = cf.thresholds(x, T)
        if th.take_to is None:
            continue
        y = x + th.take_to
        last_take, first_pass = W(x, y), W(x, y + 1)
        # the true take point lies in [last_take, first_pass); it misses [3/4, 4/5] if the bracket does
        if last_take > mpq(4, 5) or first_pass < mpq(3, 4):
            tie = T.double_take(x, y) == 1  # take worth exactly what passing is worth
            outside.append((x, y, last_take, tie, W(x, y - 1) if tie and y > 1 else None))
    if not outside:
        return say(f"Remark (real race, outside the theorem's hypotheses): at every count 1 to {N} the exact race's "
                   "take point bracket meets $[3/4, 4/5]$.")
    parts = []
    for x, y, lt, tie, before in outside:
        txt = say(f"{x} vs {y}, where B may take at", value(lt, 4, name="p"))
        if tie:
            txt += say(" only because take and pass are exactly equal there (both $-1$ per unit cube); counting the "
                       f"tie as a pass, the last take is {x} vs {y - 1} at $p = {float(before):.4f}$")
        parts.append(txt)
    out = say("Remark (real race, outside the theorem's hypotheses, not a refutation): in the exact race model up to "
              f"{N} pips the take point leaves $[3/4, 4/5]$ only at")
    for k, txt in enumerate(parts):
        out = say(out, txt) if k == 0 else say(out, ";", txt)
    return say(out, ".")


@claim("zk77.thm1.eq5", "§3, Theorem 1 (5), (8)-(11)",
       "$r(t) = (3 D_A D_B + D_A)/(4 D_A - 2(1 - D_B))$, from equating A's expectation before redoubling "
       "$K(2p/D_A - 1)$ (8) with that after, $2K(2(p - D_B)/(1 - D_B) - 1)$ (10).")
def eq5():
    K = sp.Symbol("K", positive=True)
    e8 = K * (2 * PRINTED_1.value.subs(p, r) - 1)
    e10 = 2 * K * (2 * PRINTED_2.value.subs(p, r) - 1)
    solved = solve(e8, e10, r, "(8) = (10) solved for r (sympy)", "zk77 (5), (8), (10)")
    sol = list(solved.value)
    same = identity(sol[0], PRINTED_5.value, "zk77 (5)") if len(sol) == 1 else None
    if not same:
        found = say(*[formula(x) for x in sol]) if sol else say("no solution")
        return refuted(solved, say(eqref(8), "=", eqref(10), "gives $r =$", found), found)
    return verified([solved, same], say(eqref(8), "=", eqref(10), "solved for $r$ gives exactly the printed", eqref(5), ";",
                               eqref(9), "becomes", eqref(10), "by (2) of Lemma 2. The brackets of", eqref(10), "and",
                               eqref(11), "as printed are wrong (", claim_ref("zk77.thm1.eq10_11"), "), but",
                               eqref(8), "=", eqref(10), "is unambiguous."))


@claim("zk77.thm1.eq6", "§3, Theorem 1 (6) and its proof",
       "$d(t) = (D_B^2 + 3 D_B(1 - D_A) - D_A)/(2 D_B - 4 D_A + 2)$, from $2p(t,M) - 1 = 2(2p(t,B) - 1)$.")
def eq6():
    solved = solve(2 * PRINTED_3.value - 1, 2 * (2 * PRINTED_2.value - 1), p,
                   "2p(t,M) - 1 = 2(2p(t,B) - 1) solved for p (sympy)", "zk77 (6)")
    sol = list(solved.value)
    same = identity(sol[0], PRINTED_6.value, "zk77 (6)") if len(sol) == 1 else None
    if not same:
        found = say(*[formula(x) for x in sol]) if sol else say("no solution")
        return refuted(solved, say("the proof's condition gives", found), found)
    # continuous limit: all three thresholds are 4/5
    subs = {DA: sp.Rational(4, 5), DB: sp.Rational(1, 5)}
    vals = [sp.simplify(e.subs(subs)) for e in (PRINTED_4.value, PRINTED_5.value, PRINTED_6.value)]
    limit = [identity(e.subs(subs), sp.Rational(4, 5), f"zk77 ({k}) at D_A = 4/5, D_B = 1/5")
             for k, e in ((4, PRINTED_4.value), (5, PRINTED_5.value), (6, PRINTED_6.value))]
    if not all(limit):
        shown = table(["$M$", "$r$", "$d$"], [[formula(v) for v in vals]])
        return refuted(limit, say("at $D_A = 4/5$, $D_B = 1/5$:", shown), shown)
    return verified([solved, same, *limit], "$2p(t,M) - 1 = 2(2p(t,B) - 1)$ solved for $p$ gives exactly the printed (6); at the "
                           "continuous points $D_A = 4/5$, $D_B = 1/5$, (4), (5), (6) all equal $4/5$ (Keeler-Spencer).")


#: Theorem 1's statement names r(t) and d(t) as the double and redouble points "respectively".
NAMES = printed("Theorem 1 statement", "r(t), d(t) = double, redouble points respectively")
_NAMES_RIGHT = "r(t), d(t) = redouble, double points respectively"


def _named(text: str) -> dict:
    """{'r': 'double', 'd': 'redouble'} from 'r(t), d(t) = double, redouble points respectively'."""
    first, second = (w.strip() for w in text.split("=", 1)[1].replace("points respectively", "").split(","))
    return {"r": first, "d": second}


@claim("zk77.thm1.names", "§3, Theorem 1 statement vs proofs",
       "Let $r(t)$ and $d(t)$ denote the minimum values of $p(t)$ for which A can double and redouble respectively.")
@_linked("the names of (5) and (6) by their proofs")
def names():
    # the proofs, re-derived from Lemma 1 (not read from the printed (5), (6), which zk77.thm1.eq5/eq6 check):
    # r from redoubling (owned cube, (8) = (10)); d from doubling out of the middle (p(t,M))
    sample = {DA: sp.Rational(22, 25), DB: sp.Rational(3, 25)}  # zk77's 40-pip points 0.88, 0.12
    rv, dv = _derived_r().subs(sample), _derived_d().subs(sample)
    points = computed((rv, dv), "the redouble and double points by the proofs of (5), (6), at D_A = 22/25, "
                      "D_B = 3/25 (sympy)", "zk77 Theorem 1")
    by_proof = {"r": "redouble", "d": "double"} if dv < rv else {"r": "double", "d": "redouble"}
    shown = NAMES.value
    if _named(shown) == by_proof:
        return verified(points, f"the statement's names agree with the proofs: {shown}", None)
    return erratum(
        points,
        say("The statement swaps the names: the proof of", eqref(5), "equates holding an owned cube with redoubling, "
            "so $r(t)$ is the redouble point; the proof of", eqref(6), "uses $p(t,M)$ (cube in the middle), so $d(t)$ "
            "is the double point. At $D_A = 0.88$, $D_B = 0.12$:", value(sp.nsimplify(dv), 4, name="d"),
            "(double) is below", value(sp.nsimplify(rv), 4, name="r"), "(redouble), matching Table 3, where the "
            "double threshold is below the redouble one."),
        [Erratum(NAMES.where, shown, "r(t) = redouble point (5), d(t) = double point (6)", _NAMES_RIGHT,
                 note="a swapped pair of names; formulas (5), (6) are right for the quantities their proofs define",
                 kind=ErratumKind.MISPRINT)],
    )


def _derived(k: str):
    """Lemma 2's (1), (2), (3) derived from Lemma 1 (the effective ends of the game), not read from the print."""
    return {"(1)": lemma1(p, p, DA - p), "(2)": lemma1(p, p - DB, 1 - p), "(3)": lemma1(p, p - DB, DA - p)}[k]


def _derived_r():
    """The redouble point by the proof of (5): (8) = (10), with (1), (2) derived from Lemma 1."""
    (sol,) = sp.solve(sp.Eq(2 * _derived("(1)").subs(p, r) - 1, 2 * (2 * _derived("(2)").subs(p, r) - 1)), r)
    return sol


def _derived_d():
    """The double point by the proof of (6): 2p(t,M) - 1 = 2(2p(t,B) - 1), with (2), (3) derived from Lemma 1."""
    (sol,) = sp.solve(sp.Eq(2 * _derived("(3)") - 1, 2 * (2 * _derived("(2)") - 1)), p)
    return sol


#: (10) and (11) as they stand in the available text (brackets as extracted).
EQ10 = printed("§3, proof of (5): (10)", "$2K((2p - D_B)/(1 - D_B) - 1)$")
EQ11 = printed("§3, proof of (5): (11)", "$2r/D_A - 1 = 2(2(r - D_B)/(1 - D_B)) - 1$")
_EQ10_RIGHT = "$2K(2(p - D_B)/(1 - D_B) - 1)$"
_EQ11_RIGHT = "$2r/D_A - 1 = 2(2(r - D_B)/(1 - D_B) - 1)$"


def _formula(text: str):
    """A formula of this module's own printed items (``$2K(2(p - D_B)/(1 - D_B) - 1)$``, the delimited syntax with
    products as juxtaposition) as sympy; a literal of this file, never user text."""
    from sympy.parsing.sympy_parser import implicit_multiplication, parse_expr, standard_transformations

    names = {"p": p, "r": r, "D_A": DA, "D_B": DB, "K": sp.Symbol("K", positive=True)}
    rules = standard_transformations + (implicit_multiplication,)  # products written as in the document: 2K(...)
    sides = [parse_expr(side, local_dict=names, transformations=rules) for side in text.strip("$").split("=", 1)]
    return sp.Eq(*sides) if len(sides) == 2 else sides[0]


@claim("zk77.thm1.eq10_11", "§3, proof of (5): (10) and (11)",
       "A's expectation after doubling, $2K(2p(t,B) - 1)$ (9), 'by (2) of Lemma 2 equals' (10); '(8) = (10), or' (11); "
       "'Solving (11) for $r(t)$ yields (5).'")
@_linked("(10) and (11) against (8), (9) and Lemma 2")
def eq10_11():
    """(10) against (9) with Lemma 2 (2); (11) solved for r against (5) and against (8) = (10)."""
    K = sp.Symbol("K", positive=True)
    errs, notes = [], []
    e9 = 2 * K * (2 * _derived("(2)") - 1)  # (9) with (2) substituted: what (10) must be
    shown10 = EQ10.value
    same10 = identity(_formula(shown10), e9, "zk77 (10) against (9) with (2)")
    if not same10:
        errs.append(Erratum(EQ10.where, shown10, _EQ10_RIGHT, _EQ10_RIGHT,
                            note="the text has '2p(t) − DB(t))' over '1 − DB(t)' with an unmatched bracket: a '(' "
                                 "after the 2 is lost; read literally, (10) is not (9) with (2) substituted",
                            kind=ErratumKind.TRANSCRIPTION))
    shown11 = EQ11.value
    eq = _formula(shown11)
    solved = solve(*((eq.lhs, eq.rhs) if isinstance(eq, sp.Equality) else (eq, 0)), r,
                   "(11) as printed solved for r (sympy)", "zk77 (11)")
    sol = list(solved.value)
    same11 = identity(sol[0], _derived_r(), "zk77 (11) solved against (8) = (10)") if len(sol) == 1 else None
    steps = [same10, solved] + ([same11] if same11 is not None else [])
    if not same11:
        got = say(formula(sp.simplify(sol[0]))) if len(sol) == 1 else say(*[formula(x) for x in sol] or ["no solution"])
        errs.append(Erratum(EQ11.where, shown11, "$2r/D_A - 1 = 2(2(r - D_B)/(1 - D_B) - 1)$, i.e. (8) = (10) "
                                                 "divided by $K$", _EQ11_RIGHT,
                            note=say("as printed, the $-1$ stands outside the bracket, and solving gives $r =$", got,
                                     ", not", eqref(5), "; the intended equation is", eqref(8), "=", eqref(10),
                                     ", which gives", eqref(5), "(", claim_ref("zk77.thm1.eq5"), ")"),
                            kind=ErratumKind.MISPRINT))
    else:
        notes.append("(11) solved for r gives (5)")
    if errs:
        details = say(eqref(10), "and", eqref(11), "as printed do not follow from", eqref(8), ",", eqref(9), "and Lemma 2",
                      eqref(2), "; the argument is right with the brackets restored (", claim_ref("zk77.thm1.eq5"), "):")
        for k, e in enumerate(errs):
            details = say(details, e.note) if k == 0 else say(details, ";", e.note)
        return erratum(steps, details, errs)
    return verified(steps, "(10) is (9) with (2) substituted and " + "; ".join(notes or ["(11) is (8) = (10)"]))
