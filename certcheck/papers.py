"""The kinds of the papers' symbolic claims (ks69, ju24, zk77): identities re-checked by exact expansion."""

from __future__ import annotations

from fractions import Fraction
from math import ceil, comb, floor

from . import symbolic
from .core import describes, kind
from .numbers import decimal, judged, need, places, q, spell, z
from .recurrences import FAMILIES, check_cubeful, check_doubling_points, cube_thresholds, family_table


@kind("identities")
def identities(asserts, data):
    """Identities L = R (or solutions: x = S is the only solution of L = R, the equation being of degree 1 in x),
    each re-decided by :func:`certcheck.symbolic.identity_holds` (exact expansion of rational
    functions with exp and log); each asserted to fail needs a witness point where the two sides differ.  The
    outcome: ``verified`` when every identity holds; a failing one makes the asserted ``refuted`` or ``erratum``
    (which of the two is the verdict's reading of the paper, not decided here)."""
    said, given = asserts["identities"], data["identities"]
    need(isinstance(said, list) and isinstance(given, list) and said and len(said) == len(given),
         f"{len(said) if isinstance(said, list) else 0} identities asserted, "
         f"{len(given) if isinstance(given, list) else 0} given")
    failed = 0
    for (label, holds), ident in zip(said, given, strict=True):
        need(isinstance(holds, bool), f"identity {label!r}: 'holds' must be true or false")
        if "unknown" in ident:  # a solve: the only solution of an equation
            need(holds, f"identity {label!r}: a solution is asserted to hold")
            lhs, rhs = ident["equation"]
            need(symbolic.unique_solution(lhs, rhs, ident["unknown"], ident["solution"]),
                 f"{label!r}: the solution is not the only one of the equation (degree 1 in {ident['unknown']}, "
                 "satisfied identically)")
            continue
        lhs, rhs = ident["lhs"], ident["rhs"]
        if holds:
            need(symbolic.identity_holds(lhs, rhs), f"identity {label!r} does not hold: its two sides expand to "
                                                   "different normal forms")
        else:
            w = ident.get("witness")
            need(isinstance(w, dict) and w, f"identity {label!r} is asserted to fail: a witness point is needed")
            need(symbolic.fails_at(lhs, rhs, {k: q(v) for k, v in w.items()}),
                 f"identity {label!r}: the two sides are not shown to differ at the witness point")
            failed += 1
    outcome = asserts.get("outcome")
    if not failed:
        need(outcome == "verified", f"every identity holds: the outcome is 'verified', not {outcome!r}")
    else:
        need(outcome in ("refuted", "erratum"), f"an identity fails: the outcome is refuted or erratum, not {outcome!r}")
    return outcome


@describes("identities")
def identities_text(asserts) -> str:
    said = asserts["identities"]
    good = [lab for lab, h in said if h is True]
    bad = [lab for lab, h in said if h is not True]
    return (f"{len(good)} of {len(said)} identities hold as identities of rational functions (exp and log as "
            f"formal atoms), by exact expansion: {'; '.join(good) or 'none'}"
            + (f"; fail at a rational witness point: {'; '.join(bad)}" if bad else "")
            + f" (verdict {asserts.get('outcome')})")


def _grids(asserts, data):
    """The grids of doubling points a certificate lists, each re-derived by (8)-(9): {(a, b): (alpha, beta)}."""
    size = z(asserts["size"])
    need(2 <= size <= 100, "grids of size 2..100")
    grids = data["grids"]
    need(isinstance(grids, list) and grids, "at least one grid")
    out = {}
    for g in grids:
        a, b = q(g["a"]), q(g["b"])
        alpha = [[q(x) for x in r] for r in g["alpha"]]
        beta = [[q(x) for x in r] for r in g["beta"]]
        need(len(alpha) == size, f"({g['a']}, {g['b']}): a {size} x {size} grid is needed")
        check_doubling_points(alpha, beta, a, b)
        out[(a, b)] = (alpha, beta)
    return size, out


@kind("doubling-lemma")
def doubling_lemma(asserts, data):
    """ks69's Lemma on grids of doubling points: each grid re-derived by (8)-(9)
    (:func:`certcheck.recurrences.check_doubling_points`), then beta(i-1, j) < alpha(i, j) < alpha(i-1, j) at
    every cell with i >= 1."""
    size, grids = _grids(asserts, data)
    factors = [(q(a), q(b)) for a, b in asserts["factors"]]
    need(factors == [(q(g["a"]), q(g["b"])) for g in data["grids"]], "one grid per asserted pair of raise factors")
    for fa, fb in factors:
        alpha, beta = grids[(fa, fb)]
        for i in range(1, size):
            for j in range(size):
                need(beta[i - 1][j] < alpha[i][j] < alpha[i - 1][j],
                     f"({fa}, {fb}): beta({i - 1}, {j}) < alpha({i}, {j}) < alpha({i - 1}, {j}) fails")
    return "verified"


@describes("doubling-lemma")
def doubling_lemma_text(asserts) -> str:
    n = asserts["size"] - 1
    return (f"Keeler and Spencer's doubling points by (8)-(9), 0 <= i, j <= {n}, for the raise factors (a, b) in "
            + ", ".join(f"({a}, {b})" for a, b in asserts["factors"])
            + f": beta(i-1, j) < alpha(i, j) < alpha(i-1, j) at every cell with 1 <= i <= {n}")


@kind("walk-lemma")
def walk_lemma(asserts, data):
    """The consistency lemma on the simple symmetric walk on 0..n: for every interval [lo, hi] the chances h(x) of
    reaching hi before lo, each re-checked by the walk's equations h(x) = (h(x-1) + h(x+1))/2, h(lo) = 0,
    h(hi) = 1 (whose solution is unique: a difference of two solutions is harmonic, zero at both ends, so zero by
    the maximum principle); at every state the printed answer at a = x - lo, b = hi - x equals h(x), and the
    printed identity (an expression in x, a, b, P asserted to vanish) vanishes at P = h(x).  With ``edges`` (ju24's
    Lemma 4.2, the walks on 0..m) only the intervals [0, hi], 1 <= hi <= n, n up to 200."""

    n, edges = z(asserts["n"]), asserts.get("edges") is True  # edges: only the walks on 0..m (lo = 0), m = 1..n
    need(2 <= n <= (200 if edges else 64), "a walk on 0..n, n in 2..64 (2..200 for the walks on 0..m alone)")
    chances = data["chances"]
    want = {f"{lo},{hi}" for lo in range(1 if edges else n) for hi in range(lo + (1 if edges else 2), n + 1)}
    need(isinstance(chances, dict) and set(chances) == want, f"the chances of every interval of 0..{n} are needed")
    answer, ident = asserts["answer"], asserts["identity"]
    for key in sorted(want):
        lo, hi = (int(t) for t in key.split(","))
        h = [Fraction(0)] + [q(x) for x in chances[key]] + [Fraction(1)]
        need(len(h) == hi - lo + 1, f"[{lo}, {hi}]: one chance per inner state is needed")
        for i in range(1, len(h) - 1):
            x = lo + i
            need(h[i] == (h[i - 1] + h[i + 1]) / 2, f"[{lo}, {hi}]: the chance from {x} is not the mean of its "
                                                    "neighbours'")
            pt = {"x": Fraction(x), "a": Fraction(x - lo), "b": Fraction(hi - x), "P": h[i]}
            need(symbolic.evaluate(answer, pt) == (h[i], 0), f"the printed answer differs from the chance from {x} "
                                                              f"on [{lo}, {hi}]")
            need(symbolic.evaluate(ident, pt)[0] == 0, f"the printed identity fails at the chance from {x} on "
                                                        f"[{lo}, {hi}]")
    return "verified"


@describes("walk-lemma")
def walk_lemma_text(asserts) -> str:
    iv = "[0, hi] (lo = 0 alone)" if asserts.get("edges") is True else "[lo, hi]"
    return (f"the simple symmetric walk on 0..{asserts['n']}: on every interval {iv} the chance of reaching hi "
            "before lo, re-derived from the walk's equations, equals the printed answer at a = x - lo, b = hi - x, "
            "and the printed identity holds there")


@kind("doubling-symmetry")
def doubling_symmetry(asserts, data):
    """beta(i, j; a, b) = 1 - alpha(j, i; b, a) on grids of doubling points, each re-derived by (8)-(9)."""
    size, grids = _grids(asserts, data)
    pairs = asserts["factors"]
    need(isinstance(pairs, list) and pairs, "at least one pair of raise factors")
    for fa, fb in pairs:
        a, b = q(fa), q(fb)
        need((a, b) in grids and (b, a) in grids, f"the grids of ({fa}, {fb}) and ({fb}, {fa}) are needed")
        beta, alpha_t = grids[(a, b)][1], grids[(b, a)][0]
        for i in range(size):
            for j in range(size):
                need(beta[i][j] == 1 - alpha_t[j][i], f"({fa}, {fb}): beta({i}, {j}) is not 1 - alpha({j}, {i}) "
                                                      "with the factors swapped")
    return "verified"


@describes("doubling-symmetry")
def doubling_symmetry_text(asserts) -> str:
    n = asserts["size"] - 1
    return (f"Keeler and Spencer's doubling points by (8)-(9), 0 <= i, j <= {n}: beta(i, j; a, b) = "
            f"1 - alpha(j, i; b, a) for (a, b) in " + ", ".join(f"({a}, {b})" for a, b in asserts["factors"]))


@kind("race-bet")
def race_bet(asserts, data):
    """A bet on a dice race: the race table re-derived entry by entry (its family's recurrence, as the
    ``recurrence`` kind), then the break-even chance of a bet at ``odds`` to 1 (win ``odds`` with chance p, lose 1:
    p odds - (1 - p) = 0, so p = 1/(odds + 1)) against the printed threshold, the bettor's chance 1 - f(n, n) (he
    rolls second), his expectation per unit staked and the decision (accept exactly when the expectation is
    positive)."""
    table, size = family_table(asserts, data), asserts["size"]
    odds, threshold = Fraction(z(asserts["odds"])), q(asserts["threshold"])
    need(odds > 0, "odds above 0")
    need(threshold == 1 / (odds + 1), f"the break-even chance at {odds} to 1 is {1 / (odds + 1)}, not {threshold}")
    mine = 1 - table[size - 1][size - 1]
    need(q(asserts["chance"]) == mine, f"the bettor's chance is 1 - f({size}, {size}) = {mine}")
    ev = odds * mine - (1 - mine)
    need(q(asserts["expectation"]) == ev, f"the expectation per unit staked is {ev}")
    need(asserts["decision"] == ("accept" if ev > 0 else "decline"), "the decision is not the expectation's sign")
    return "verified"


@describes("race-bet")
def race_bet_text(asserts) -> str:
    n = asserts["size"]
    return (f"in the race of {n} against {n} ({asserts['family']}, every entry re-derived), the second to roll wins "
            f"with chance {asserts['chance']}; a bet at {asserts['odds']} to 1 breaks even at {asserts['threshold']}, "
            f"his expectation per unit staked is {asserts['expectation']}: {asserts['decision']}")


def _binomial(n: int, u: Fraction) -> list[Fraction]:
    """P[K = k], k = 0..n, K the number of successes in n tosses of chance u."""
    return [comb(n, k) * u ** k * (1 - u) ** (n - k) for k in range(n + 1)]


def binomial_compare(i: int, j: int, a: Fraction, b: Fraction) -> tuple[Fraction, Fraction]:
    """(P[K_a <= K_b], P[K_a < K_b]) with K_a ~ b(i, (a-1)/(2a)), K_b ~ b(j, (b-1)/(2b)) independent: ks69's
    Theorem 2 read from its statement (alpha(i, j), beta(i, j))."""
    pa, pb = _binomial(i, (a - 1) / (2 * a)), _binomial(j, (b - 1) / (2 * b))
    le = sum((pa[k] * pb[m] for k in range(i + 1) for m in range(j + 1) if k <= m), Fraction(0))
    lt = sum((pa[k] * pb[m] for k in range(i + 1) for m in range(j + 1) if k < m), Fraction(0))
    return le, lt


@kind("toss-split")
def toss_split(asserts, data):
    """A case split of K_a = (first toss) + K_a' refuted at a witness: with the toss a success ('tails', chance
    u = (a-1)/(2a)), the split as read (``split``: which relation of K_a' to K_b goes with each toss) gives
    u P[K_a' rel_tails K_b] + (1 - u) P[K_a' rel_heads K_b], and this differs from P[K_a <= K_b] (all by the
    binomial laws of Theorem 2's statement)."""

    a, b, i, j = q(asserts["a"]), q(asserts["b"]), z(asserts["i"]), z(asserts["j"])
    need(a > 1 and b > 1 and 1 <= i <= 40 and 0 <= j <= 40, "factors above 1, 1 <= i <= 40, 0 <= j <= 40")
    split = asserts["split"]
    need(isinstance(split, dict) and set(split) == {"tails", "heads"} and set(split.values()) <= {"<=", "<"},
         "the split names a relation <= or < for tails and for heads")
    le, lt = binomial_compare(i - 1, j, a, b)
    rel = {"<=": le, "<": lt}
    u = (a - 1) / (2 * a)
    by_split = u * rel[split["tails"]] + (1 - u) * rel[split["heads"]]
    true = binomial_compare(i, j, a, b)[0]
    need(q(data["by_split"]) == by_split and q(data["true"]) == true, "the listed values are not the binomial laws'")
    need(by_split != true, "the split as read gives P[K_a <= K_b] exactly: nothing is refuted")
    return "erratum"


@describes("toss-split")
def toss_split_text(asserts) -> str:
    s = asserts["split"]
    return (f"K_a <= K_b split on the first toss as 'tails and K_a' {s['tails']} K_b, or heads and K_a' "
            f"{s['heads']} K_b' (tails the success, chance (a-1)/(2a)) fails at a = {asserts['a']}, b = "
            f"{asserts['b']}, i = {asserts['i']}, j = {asserts['j']}, by the binomial laws")


@kind("doubling-cells")
def doubling_cells(asserts, data):
    """Printed cells of the doubling points against grids re-derived by (8)-(9) (alpha(0, j) = 1, beta(i, 0) = 0
    by the rules): each asserted cell (a, b, alpha or beta, i, j, printed exact value) agrees or is listed as
    disagreeing; an erratum exactly when one disagrees."""

    _size, grids = _grids(asserts, data)
    wrong = []
    for k, (fa, fb, which, i, j, printed) in enumerate(asserts["cells"]):
        g = grids.get((q(fa), q(fb)))
        need(g is not None and which in ("alpha", "beta"), f"cell {k}: no grid of ({fa}, {fb}) or not alpha/beta")
        i, j = z(i), z(j)
        need(0 <= i < _size and 0 <= j < _size, f"cell {k} is outside the grid")
        if g[0 if which == "alpha" else 1][i][j] != q(printed):
            wrong.append(k)
    return judged(wrong, sorted(asserts["disagree"]))


@describes("doubling-cells")
def doubling_cells_text(asserts) -> str:
    cells, bad = asserts["cells"], set(asserts["disagree"])
    show = "; ".join(f"{w}({i}, {j}) = {v} at a = {a}, b = {b}" + (" (wrong)" if k in bad else "")
                     for k, (a, b, w, i, j, v) in enumerate(cells))
    return (f"against Keeler and Spencer's doubling points by (8)-(9), 0 <= i, j < {asserts['size']}: "
            f"{len(cells) - len(bad)} of {len(cells)} printed cells agree exactly: {show}")


@kind("binomial-laws")
def binomial_laws(asserts, data):
    """Theorem 2 (10)-(11) as printed against grids of (8)-(9): at every cell alpha(i, j) = P[K_a <= K_b] and
    beta(i, j) = P[K_a < K_b] (:func:`binomial_compare`, the laws of the statement)."""
    size, grids = _grids(asserts, data)
    need(sorted(grids) == sorted((q(a), q(b)) for a, b in asserts["factors"]), "one grid per asserted pair")
    for (a, b), (alpha, beta) in grids.items():
        for i in range(size):
            for j in range(size):
                need((alpha[i][j], beta[i][j]) == binomial_compare(i, j, a, b),
                     f"({a}, {b}): the laws of Theorem 2 differ from (8)-(9) at ({i}, {j})")
    return "verified"


@describes("binomial-laws")
def binomial_laws_text(asserts) -> str:
    return (f"Theorem 2: alpha(i, j) = P[K_a <= K_b], beta(i, j) = P[K_a < K_b] with K_a ~ b(i, (a-1)/(2a)), "
            f"K_b ~ b(j, (b-1)/(2b)) independent equal the doubling points by (8)-(9) at every cell 0 <= i, j < "
            f"{asserts['size']} for (a, b) in " + ", ".join(f"({a}, {b})" for a, b in asserts["factors"]))


_ROWS = {"double": 1, "redouble": 2, "minimum take": 3}  # the place of each row's threshold in cube_thresholds


def _rolls(spec) -> dict:
    """The race's rolls: "race" (backgammon dice, by the rules in recurrences.py) or listed totals and chances."""
    if spec == "race":
        return FAMILIES["race"].rolls
    rolls = {int(r): q(p) for r, p in spec.items()}
    need(all(r >= 1 and p > 0 for r, p in rolls.items()) and sum(rolls.values()) == 1, "rolls: totals >= 1, chances summing to 1")
    return rolls


def _half(text: str) -> Fraction:
    """A Table 3 entry: '+5½' = 11/2, '−½' = -1/2, '+2' = 2."""
    return Fraction(text.replace("−", "-").replace("½", ".5"))


@kind("cube-race")
def cube_race(asserts, data):
    """The race's cube thresholds (zk77 Table 3) from the Bellman equations of the money game: each model's
    equities re-derived (:func:`certcheck.recurrences.check_cubeful`), the thresholds at each listed count
    (:func:`certcheck.recurrences.cube_thresholds`); printed entries v read as the text below Table 3 reads them
    ((re)double from yours + ceil(v), take up to yours + floor(v)); or the number of cells where two models differ."""
    size, models, tables = z(asserts["size"]), asserts["dice"], data["tables"]
    need(1 <= size <= 200 and isinstance(models, list) and isinstance(tables, list) and len(models) == len(tables) >= 1,
         "one table of size 1..200 per dice model")
    found = []
    for spec, tab in zip(models, tables, strict=True):
        scale, nd = _numerators(tab, ("nd_c", "nd_o", "nd_t"), size)
        check_cubeful(_rolls(spec), scale, nd)
        found.append([cube_thresholds(scale, nd, z(x)) for x in asserts["counts"]])
    need(found == asserts["thresholds"], f"the thresholds are {found}")
    if "printed" in asserts:
        th = {row[0]: row for row in found[0]}
        wrong = [k for k, (row, x, text) in enumerate(asserts["printed"])
                 if (floor if row == "minimum take" else ceil)(_half(text)) != th[x][_ROWS[row]]]
        return judged(wrong, asserts["disagree"], "refuted")
    differ = sum(a != b for ra, rb in zip(found[0], found[-1], strict=True) for a, b in zip(ra[1:], rb[1:], strict=True))
    need(len(found) == 2 and differ == asserts["differ"], f"the two models' thresholds differ in {differ} cells")
    return "verified" if differ else "refuted"


@describes("cube-race")
def cube_race_text(asserts) -> str:
    dice = ["backgammon dice" if d == "race" else "totals " + ", ".join(f"{r} ({d[r]})" for r in sorted(d, key=int))
            for d in asserts["dice"]]
    th = "; ".join(f"{m}: " + ", ".join(f"at {x} {d}, {r}, {t}" for x, d, r, t in ths)
                   for m, ths in zip(dice, asserts["thresholds"], strict=True))
    text = (f"the race money game with the cube (no gammons), every equity of counts 1..{asserts['size']} by its "
            f"Bellman equations, for {' and '.join(dice)}; the opponent's count minus yours from which to double, "
            f"to redouble, up to which to take: {th}")
    if "printed" in asserts:
        bad = [f"{row} at {x} is not {t}" for k, (row, x, t) in enumerate(asserts["printed"]) if k in asserts["disagree"]]
        return (text + f"; {len(asserts['printed']) - len(bad)} of {len(asserts['printed'])} printed thresholds agree "
                "((re)double from yours + ceil(v), take up to yours + floor(v))" + "".join(f"; {b}" for b in bad))
    return text + f"; the two models differ in {asserts['differ']} thresholds"


def _numerators(tab, keys, size: int) -> tuple:
    """A cubeful race table as certificates list it: the integer scale S and, for each key, the integer numerators
    over S of a ``size`` x ``size`` table of values."""
    scale, tabs = q(tab["scale"]), [[[q(v) for v in row] for row in tab[k]] for k in keys]
    need(scale.denominator == 1 and scale > 0 and all(v.denominator == 1 for a in tabs for row in a for v in row),
         "the scale and the equities' numerators are integers")
    need(all(len(a) == size for a in tabs), f"tables of size {size}")
    return int(scale), tuple([[int(v) for v in row] for row in a] for a in tabs)


#: zk77 Lemma 2 read backwards.  With the cubeless chance p and the cubeful equities E_C, E_O, E_T (cube centred,
#: yours, the opponent's), the chance of winning the continuous game is (E + 1)/2 = P_M, P_A, P_B, and the Lemma
#: says P_A = p/D_A (1), P_B = (p - D_B)/(1 - D_B) (2), P_M = (p - D_B)/(D_A - D_B) (3).  Each entry solves one
#: of them (with D_B = 1 - D_A in (3), or the other point taken from (1) or (2)) for D_A or D_B.  A division by
#: zero rejects the certificate (core.check_folder).
INVERSIONS = {
    "D_A by (1)": lambda p, m, a, b: p / a,
    "D_B by (2)": lambda p, m, a, b: (p - b) / (1 - b),
    "D_A by (3) with D_B = 1 - D_A": lambda p, m, a, b: (p - 1 + m) / (2 * m - 1),
    "D_B by (3) with D_B = 1 - D_A": lambda p, m, a, b: 1 - (p - 1 + m) / (2 * m - 1),
    "D_A by (3) with D_B by (2)": lambda p, m, a, b: (p - b) / (1 - b) + (p - (p - b) / (1 - b)) / m,
    "D_B by (3) with D_A by (1)": lambda p, m, a, b: (p - m * p / a) / (1 - m),
}


def _chances(scale: int, tabs: tuple, x: int, y: int) -> tuple:
    """(p, P_M, P_A, P_B) at your count x against y: the cubeless chance and (E + 1)/2 of the cubeful equities
    E_C = max(ND_C, DB), E_O = max(ND_O, DB), E_T = ND_T, DB = min(1, 2 ND_T) (as in check_cubeful)."""
    c, o, t, p = (a[x - 1][y - 1] for a in tabs)
    db = min(scale, 2 * t)
    return Fraction(p, scale), *(Fraction(e + scale, 2 * scale) for e in (max(c, db), max(o, db), t))


@kind("effective-points")
def effective_points(asserts, data):
    """zk77's effective doubling points on the race money game (backgammon dice): ND_C, ND_O, ND_T and the
    cubeless chance p (through 2p - 1) of counts 1..N re-derived by their Bellman equations
    (:func:`certcheck.recurrences.check_cubeful`), then the listed inversions of Lemma 2 (:data:`INVERSIONS`) at
    the listed points: ``even`` at x vs x for each printed x, each printed D_A (D_B) judged against the range of the
    D_A (D_B) inversions there (an erratum when one disagrees); ``range`` the lowest and highest value of each
    inversion over every position with 0 < p < 1 (D_A by (1) where E_O < 1, D_B by (2) where E_T > -1; the first
    position, x then y ascending, reaching it), a printed lower end right when some value at or below the lowest
    rounds to it, an upper end when one at or above the highest does (refuted when one is wrong); ``trend`` at x
    vs x along the counts, refuted when every inversion moves against the printed direction (``increase``: D_A
    rises as the count falls) somewhere, verified when none does, open otherwise."""
    size, reading, names = z(asserts["size"]), asserts["reading"], asserts["inversions"]
    need(1 <= size <= 200 and reading in ("even", "range", "trend") and names and set(names) <= set(INVERSIONS)
         and (reading != "range" or set(names) <= {"D_A by (1)", "D_B by (2)"}), "size 1..200, a reading, inversions")
    scale, tabs = _numerators(data, ("nd_c", "nd_o", "nd_t", "p"), size)
    check_cubeful(FAMILIES["race"].rolls, scale, tabs[:3], [[2 * v - scale for v in row] for row in tabs[3]])
    printed = asserts["printed"]
    if reading == "range":
        chs = [(_chances(scale, tabs, x, y), x, y) for x in range(1, size + 1) for y in range(1, size + 1)]
        found = {n: [(INVERSIONS[n](*c), x, y) for c, x, y in chs if 0 < c[0] < 1 and (
            c[2] < 1 if n == "D_A by (1)" else c[3] > 0)] for n in names}
        want = [[x, y, n, spell(v)] for n in names for v, x, y in (min(found[n], key=lambda t: t[0]),
                                                                     max(found[n], key=lambda t: t[0]))]
    else:
        xs = [z(x) for x in (asserts["counts"] if reading == "trend" else dict.fromkeys(r[1] for r in printed))]
        need(all(1 <= x <= size for x in xs) and len(set(xs)) == len(xs) >= 1, f"distinct counts 1..{size}")
        want = [[x, x, n, spell(INVERSIONS[n](*_chances(scale, tabs, x, x)))] for x in xs for n in names]
    need(asserts["points"] == want, "the listed points are not the inversions of Lemma 2 at those positions")
    if reading == "trend":
        sign, v = {"increase": 1, "decrease": -1}[printed], {(x, n): q(s) for x, _, n, s in want}
        breaks = [[n, a, b] for n in names for a, b in zip(xs, xs[1:], strict=False) if sign * (v[(b, n)] - v[(a, n)]) > 0]
        need(xs == sorted(xs) and asserts["breaks"] == breaks, f"the trend breaks at {breaks}")
        broken = {n for n, _, _ in breaks}
        return "refuted" if broken == set(names) else "open" if broken else "verified"
    wrong = []
    for k, (which, at, text) in enumerate(printed):
        vals = [q(s) for x, _, n, s in want if n.startswith(which + " ") and (reading == "range" or x == at)]
        need(bool(vals) and (reading == "even" or at in ("lower", "upper")), f"printed value {k}: no inversion of {which}")
        # some value of [lo, hi] (one-sided: (-inf, lo], [hi, inf)) rounds to d at its places: meets [d - h, d + h]
        lo, hi, d, h = min(vals), max(vals), decimal(text), Fraction(1, 2 * 10 ** places(text))
        if not {"lower": d - h <= lo, "upper": hi <= d + h}.get(at, lo <= d + h and d - h <= hi):
            wrong.append(k)
    return judged(wrong, sorted(asserts["disagree"]), "erratum" if reading == "even" else "refuted")


@describes("effective-points")
def effective_points_text(asserts) -> str:
    reading, printed, bad, n = asserts["reading"], asserts["printed"], set(asserts.get("disagree", [])), asserts["size"]

    def dec(v):  # 4 places, half away from zero
        r = int(abs(q(v)) * 10000 + Fraction(1, 2))
        return ("-" if q(v) < 0 and r else "") + f"{r // 10000}.{r % 10000:04d}"

    pts = "; ".join(f"{m} = {dec(v)} at {x} vs {y}" for x, y, m, v in asserts["points"])
    text = (f"the race money game with the cube (backgammon dice, no gammons), ND_C, ND_O, ND_T and the cubeless chance p "
            f"of counts 1..{n} by their Bellman equations; zk77's Lemma 2 (P_A = p/D_A (1), P_B = (p - D_B)/(1 - D_B) (2), "
            "P_M = (p - D_B)/(D_A - D_B) (3), each P = (E + 1)/2 of the cubeful equity with the cube yours, the "
            "opponent's, centred) solved (each value shown rounded to 4 places) ")
    if reading == "trend":
        word = "higher" if printed == "increase" else "lower"
        return (text + f"at x vs x, x = {', '.join(map(str, asserts['counts']))}: {pts}; against '{printed}s as the race "
                "nears the end' (the count falls): " + ("; ".join(f"{m} is {word} at {b} than at {a}" for m, a, b in
                                                                   asserts["breaks"]) or "no inversion moves against it"))
    text += (f"over every position of counts 1..{n} with 0 < p < 1 (D_A by (1) where E_O < 1, D_B by (2) where E_T > "
             f"-1), lowest and highest: {pts}; a printed value agrees, at its printed places, when some value at or below "
             "the lowest (lower end), at or above the highest (upper end) rounds to it" if reading == "range" else
             f"at the even races: {pts}; a printed value agrees, at its printed places, when some value between the "
             "lowest and the highest of its inversions rounds to it")
    return text + "".join(f"; {w} {f'at {x} vs {x}' if reading == 'even' else x + ' end'} printed {t} "
                          + ("disagrees" if k in bad else "agrees") for k, (w, x, t) in enumerate(printed))
