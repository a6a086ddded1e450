"""ju24 Appendix B: the printed programs (Backgammon_Triangle, Round, Doubling, Prob_Area) read as they are
printed, Figure 10's frequencies, and the experiments re-run exactly or by seeded simulation."""

from __future__ import annotations

from math import gcd

import sympy as sp

from exactcube.triangle import board as T
from exactcube.triangle import sim as TS
from exactcube.claims import Erratum, ErratumKind, claim, erratum, open_, refuted, verified
from exactcube.content.model import Content, Text, math, say, table, value
from exactcube.printed import printed
from exactcube.numbers import format_decimal, format_exact, mpq, parse_printed
from exactcube.results import Provenance, computed

from .readings import ANY_LATTICE, PLAYER, SAME_WALK

FIG10 = [("10", ["0.45", "0.32", "0.23"]), ("100", ["0.338", "0.337", "0.325"]), ("1000", ["0.3378", "0.3267", "0.3355"])]
#: Figure 10 as printed, read through printed(): the caption's g per row, and the rows (green, blue, red)
FIG10_G = [printed(f"Figure 10 caption, g for the row {', '.join(row)}", g) for g, row in FIG10]
FIG10_ROWS = [printed(f"Appendix B, Figure 10: the row printed for g = {g}", tuple(row)) for g, row in FIG10]


def _min_games(printed):
    """Least number of games g for which every printed frequency is an exact multiple of 1/g."""
    g = 1
    for s in printed:
        q = parse_printed(s)
        den = int(q.denominator)
        g = g * den // gcd(g, den)
    return g


def binom_two_sided(k, m):
    """Exact two-sided p-value of k successes in m trials with p = 1/3 (sum of outcomes no likelier than k)."""
    w = [2**m]  # w_j = C(m, j) 2^(m-j): the weights of Bin(m, 1/3), times 3^m
    for j in range(m):
        w.append(w[-1] * (m - j) // (2 * (j + 1)))
    tot = 3**m
    return mpq(sum(x for x in w if x <= w[k]), tot)


@claim("ju24.fig10", "Appendix B, Figure 10 and its caption",
       "Backgammon_Triangle from the centre with g = 10, 100, 1000 games printed [0.45, 0.32, 0.23], "
       "[0.338, 0.337, 0.325], [0.3378, 0.3267, 0.3355].")
def fig10():
    errs = []
    notes = []
    pvals, ran = [], []
    for g_item, row_item in zip(FIG10_G, FIG10_ROWS, strict=True):
        g_printed, row = g_item.value, list(row_item.value)
        need = _min_games(row)
        total = sum(parse_printed(s) for s in row)
        if total != 1:
            # every game of Backgammon_Triangle ends with a winner (ju24.appB.loop), so a row's shares sum to 1
            errs.append(Erratum(row_item.where, ", ".join(row), f"shares summing to 1 (these sum to "
                                f"{format_exact(total)})", kind=ErratumKind.SUBSTANTIVE,
                                note=say("every game ends with a winner, so the three shares of a row sum to 1")))
        if int(g_printed) % need != 0:
            errs.append(Erratum(g_item.where, f"g = {g_printed}",
                                f"g a multiple of {need}", str(need),
                                say(f"frequencies of {g_printed} games are multiples of $1/{g_printed}$; the row",
                                    ", ".join(row), f"needs denominators dividing $g$, hence $g$ is a multiple of {need}"),
                                kind=ErratumKind.SUBSTANTIVE,
                                # one slip of the caption (each g a tenth of the games played) shows in three rows
                                cause="Figure 10 caption: g a tenth of the games" if need == 10 * int(g_printed) else ""))
            m = need
        else:
            m = int(g_printed)
        ps = [binom_two_sided(int(parse_printed(s) * m), m) for s in row]
        ran.append(computed((need, total, ps), f"the least g, the sum and the exact binomial p-values of the row for "
                            f"g = {g_printed}", "ju24 Figure 10"))
        pvals += ps
        notes.append([m, *(format_decimal(p, 3) for p in ps)])
    alpha = mpq(5, 100)
    k = len(pvals)
    low = sorted(p for p in pvals if p < alpha)
    adjusted = min(1, k * min(pvals))
    verdict_text = (f"none of the {k} tests rejects $1/3$ at the family-wise level 5% (Bonferroni: smallest p-value "
                    f"${format_decimal(min(pvals), 3)} \\times {k} = {format_decimal(adjusted, 3)} > 0.05$)"
                    if adjusted > alpha else
                    "even after the Bonferroni correction the smallest p-value "
                    f"(${format_decimal(min(pvals), 3)} \\times {k} = {format_decimal(adjusted, 3)}$) rejects $1/3$ at "
                    "5%: the rows do not fit the exact chances")
    pv = table(["games $g$", "p-value, green", "blue", "red"], notes)
    detail = say("Each printed frequency is an exact rational; the least $g$ making all three multiples of $1/g$ is 100, "
                 "1000, 10000, ten times the caption's 10, 100, 1000 (each row sums to 1, so no 'N' outcomes). "
                 f"Test: with the corrected $g$, each of the {k} frequencies against the exact $1/3$ of Theorem 4.1 by an "
                 "exact two-sided binomial test (p-value: the probability of a count no likelier than the printed one):",
                 pv, f"{len(low)} of them are below 0.05 individually"
                 + (f" ({', '.join(format_decimal(p, 3) for p in low)})" if low else "")
                 + f", but {verdict_text}. So the rows are not inconsistent with $1/3$ once the nine tests are allowed "
                 "for; this is absence of evidence against $1/3$, not a confirmation (the frequencies in a row are "
                 "dependent, which Bonferroni tolerates).")
    if errs:
        return erratum(ran, detail, errs)
    return verified(ran, detail)


#: Appendix B, Backgammon_Triangle (lines 29-41 of its listing) as the available text prints it: the branch for each
#: winner, and line 45's final_result
APPB_BRANCH_B = printed("Appendix B, Backgammon_Triangle, lines 32-34: the branch for B", "blue.append(1)")
APPB_BRANCHES = printed("Appendix B, Backgammon_Triangle, lines 29-41: the branches for G, R, N",
                        (("G", "green.append(1); i += 1"), ("R", "red.append(1); i += 1"),
                         ("N", "none.append(1); i += 1")))
APPB_RESULT = printed("Appendix B, Backgammon_Triangle, line 45: final_result", ("green", "blue", "red"))
_LISTS = {"G": "green", "B": "blue", "R": "red", "N": "none"}


def read_branch(body: str):
    """The effect of one branch of the counting loop: (list appended to, whether i advances).  Only the two statement
    forms of the listing are read (``<list>.append(1)`` and ``i += 1``, separated by ``;``); anything else is an
    error (never evaluated)."""
    target, step = None, False
    for stmt in (t.strip() for t in body.split(";")):
        if stmt == "i += 1":
            step = True
        elif stmt.endswith(".append(1)") and stmt[:-len(".append(1)")] in _LISTS.values():
            target = stmt[:-len(".append(1)")]
        else:
            raise ValueError(f"cannot read the statement {stmt!r}")
    return target, step


def read_loop():
    """The printed loop of Backgammon_Triangle read exactly (no code is run): ``(effect, bodies, order, errata)``,
    ``effect`` the winner -> (list appended to, whether i advances) of each branch, ``bodies`` the winner -> the
    branch's text, ``order`` final_result's lists.  A branch or
    a list name that cannot be read is a wrong printed item: an :class:`Erratum` (a misprint, the intended text
    being the form of the other branches, or the list a branch's body names) at its place, and the intended text is
    read instead.  ``effect`` is None when the intended loop cannot be told (the errata say why)."""
    errs = []
    pairs = [(w, body, APPB_BRANCHES.where) for w, body in APPB_BRANCHES.value]
    pairs.append(("B", APPB_BRANCH_B.value, APPB_BRANCH_B.where))
    letter = {v: w for w, v in _LISTS.items()}
    effect, bodies = {}, {}
    for w, body, where in pairs:
        try:
            target, step = read_branch(body)
        except ValueError as exc:
            if w not in _LISTS:
                errs.append(Erratum(where, f"{w}: {body}", "a branch for G, B, R or N", kind=ErratumKind.SUBSTANTIVE,
                                    note=say(str(exc))))
                return None, None, None, errs
            canon = f"{_LISTS[w]}.append(1); i += 1"
            errs.append(Erratum(where, f"{w}: {body}", f"{w}: {canon}", kind=ErratumKind.MISPRINT,
                                note=say(f"{exc}; the other branches read '<list>.append(1); i += 1'")))
            target, step = _LISTS[w], True
        if w not in _LISTS or w in effect:
            meant = letter.get(target)
            errs.append(Erratum(where, f"{w}: {body}", f"{meant}: {body}" if meant else "a branch for G, B, R or N",
                                kind=ErratumKind.MISPRINT if meant else ErratumKind.SUBSTANTIVE,
                                note=say(f"Round returns G, B, R or N, and this branch records the winner in {target}")))
            if meant is None or meant in effect:
                return None, None, None, errs
            w = meant
        effect[w] = (target, step)
        bodies[w] = body
    if sorted(effect) != sorted(_LISTS):
        errs.append(Erratum(APPB_BRANCHES.where, ", ".join(sorted(effect)), "a branch for each of G, B, R and N",
                            kind=ErratumKind.SUBSTANTIVE, note=say("Round returns G, B, R or N")))
        return None, None, None, errs
    order = list(APPB_RESULT.value)
    unknown = [n for n in order if n not in ("green", "blue", "red")]
    if unknown or sorted(order) != ["blue", "green", "red"]:
        missing = [n for n in ("green", "blue", "red") if n not in order]
        fixed = [n if n not in unknown else None for n in order]
        if len(unknown) == len(missing) == 1 and len(order) == 3:
            fixed[fixed.index(None)] = missing[0]
            errs.append(Erratum(APPB_RESULT.where, ", ".join(order), ", ".join(fixed), kind=ErratumKind.MISPRINT,
                                note=say(f"the loop fills the lists green, blue and red; {unknown[0]} is none of them")))
            order = fixed
        else:
            errs.append(Erratum(APPB_RESULT.where, ", ".join(order), "green, blue and red in some order",
                                kind=ErratumKind.SUBSTANTIVE, note=say("the loop fills the lists green, blue and red")))
            return None, None, None, errs
    return effect, bodies, order, errs


@claim("ju24.appB.loop", "Appendix B, Backgammon_Triangle (lines 29-45) and Figure 10",
       "The loop runs g games: each branch records the winner and advances i; final_result = "
       "[sum(green)/g, sum(blue)/g, sum(red)/g].")
def appB_loop():
    effect, bodies, order, errs = read_loop()
    ran = [computed((effect, order), "the printed loop read exactly (no code run)", "ju24 Appendix B")]
    if effect is None:
        return erratum(ran, say("The printed loop cannot be read as the loop of Backgammon_Triangle (one branch per "
                                  "winner G, B, R, N, each recording it in its list):"), errs)
    wrong_list = [w for w, (t, _) in effect.items() if t != _LISTS[w]]
    # Round's loop is `while True` and returns only at a vertex or an edge, so its `return 'N'` is unreachable:
    # every game has a winner G, B or R.  The loop stops once i = g, i.e. after g games of the winners whose branch
    # advances i; each game of a winner whose branch does not is played on top.  So a row of final_result sums to
    # 1 + (shares of the non-advancing winners), which is 1 only if none of them ever wins.
    silent = [w for w in "GBR" if not effect[w][1]]
    rows, sums_of = [], []
    # Figure 10's rows as evidence (judged, and mutation-tested, by ju24.fig10; any one row decides, so they are read
    # as printed here, not through the mutation door)
    for g_item, row_item in zip(FIG10_G, FIG10_ROWS, strict=True):
        shares = dict(zip(order, (parse_printed(t) for t in row_item.original), strict=True))
        total = sum(shares.values())
        extra = sum(shares[_LISTS[w]] for w in silent)
        contradiction = bool(silent and extra > 0 and total == 1)
        sums_of.append((total, extra, contradiction))
        rows.append([g_item.original, value(total), f"$1 + {format_exact(extra)}$",
                     "yes" if contradiction else "no"])
    contradictions = sum(r[-1] == "yes" for r in rows)
    ran.append(computed([(t, e) for t, e, _ in sums_of], "Figure 10's row sums and the shares the loop adds",
                        "ju24 Appendix B, Figure 10"))
    if "B" in silent and contradictions:
        errs.append(Erratum(APPB_BRANCH_B.where, APPB_BRANCH_B.value, "blue.append(1); i += 1",
                            "blue.append(1); i += 1", kind=ErratumKind.TRANSCRIPTION,
                            note=say("line 34 is numbered but empty in the available text; the other three "
                                     "branches advance i, and Figure 10's rows (sum 1, blue share above 0) could not "
                                     "come from the loop without it")))
    for w in wrong_list:
        errs.append(Erratum(f"Appendix B, Backgammon_Triangle: the branch for {w}", bodies[w],
                            f"{_LISTS[w]}.append(1)", kind=ErratumKind.MISPRINT))
    if [w for w in silent if w != "B"] and contradictions:
        errs.append(Erratum(APPB_BRANCHES.where, "; ".join(f"{w}: {bodies[w]}" for w in "GRN"),
                            "every branch advances i", kind=ErratumKind.SUBSTANTIVE))
    sums = table(["$g$", "Figure 10's shares sum to", "the loop as printed gives", "contradiction"], rows)
    detail = say("Read exactly (no code is run): the branches for G, R and N advance the game counter i; as the "
                 f"available text prints it, the branch for B {'does not' if 'B' in silent else 'does'}. Round never "
                 "returns 'N' (its loop is 'while True' and returns only at a vertex or an edge), so every game has a "
                 "winner and the loop stops after $g$ games won by the winners whose branch advances i, the others' "
                 "games coming on top: a row of final_result then sums to 1 plus the shares of those winners.", sums)
    if "B" in silent and contradictions:
        detail = say(detail, "Figure 10's rows sum to 1 with a positive blue share, so the program that produced them "
                     "advanced i for B too: the missing line is damage in the available text (its line number 34 is "
                     "there, empty).")
    if errs:
        return erratum(ran, detail, errs)
    return verified(ran, detail)


#: Appendix B, Round: the list `directions` (line 11), sqrt(3)/2 typed exactly
APPB_STEPS = printed("Appendix B, Round, line 11: directions",
                     ((0, 1), (sp.sqrt(3) / 2, sp.Rational(-1, 2)), (-sp.sqrt(3) / 2, sp.Rational(-1, 2)), (0, -1),
                      (-sp.sqrt(3) / 2, sp.Rational(1, 2)), (sp.sqrt(3) / 2, sp.Rational(1, 2))))


#: Appendix B: the condition for G's win as each listing prints it (Round line 38, Doubling line 50, Prob_Area line 46)
#: (the listings' Python written as mathematics: ``≤`` for ``<=``, ``√3`` for ``3**(1/2)``, ``·`` for ``*``, ``−`` for
#: ``-``; :func:`read_condition` reads this notation back exactly, so no code is shown or run)
APPB_G_ROUND = printed("Appendix B, Round, line 38: the condition for G's win",
                       "current_step_x ≤ −current_step_x/√3 − r and current_step_x ≤ −r·√3/2")
APPB_G_OTHERS = printed("Appendix B, Doubling line 50 and Prob_Area line 46: the condition for G's win",
                        "current_step_yy ≤ −current_step_xx/√3 − r and current_step_xx ≤ −r·√3/2")
#: the listings' notation as typeset above, back to the Python it stands for (read by ``ast``, never executed)
_AS_PYTHON = (("≤", "<="), ("≥", ">="), ("−", "-"), ("·", "*"), ("√3", "(3**(1/2))"))


def read_condition(text: str, x, y, r):
    """The truth value of a printed win condition at exact (x, y) for radius r, read with Python's parser and
    evaluated by walking the tree: only the variables, numbers, + - * / **, comparisons and ``and`` (nothing is
    executed)."""
    import ast

    names = {"current_step_x": x, "current_step_xx": x, "current_step_y": y, "current_step_yy": y, "r": r}

    def ev(node):
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
            return all(ev(v) for v in node.values)
        if isinstance(node, ast.Compare):
            vals = [ev(node.left)] + [ev(c) for c in node.comparators]
            ops = {ast.LtE: lambda a, b: bool(a <= b), ast.GtE: lambda a, b: bool(a >= b),
                   ast.Lt: lambda a, b: bool(a < b), ast.Gt: lambda a, b: bool(a > b)}
            return all(ops[type(o)](a, b) for o, a, b in zip(node.ops, vals, vals[1:], strict=False))
        if isinstance(node, ast.BinOp):
            a, b = ev(node.left), ev(node.right)
            ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b, ast.Div: lambda: a / b,
                   ast.Pow: lambda: a ** b}
            return sp.nsimplify(ops[type(node.op)]()) if isinstance(node.op, ast.Pow) else ops[type(node.op)]()
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -ev(node.operand)
        if isinstance(node, ast.Name) and node.id in names:
            return names[node.id]
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
            return sp.Integer(node.value)
        raise ValueError(f"cannot read {ast.dump(node)[:60]}")

    for shown, code in _AS_PYTHON:
        text = text.replace(shown, code)
    return ev(ast.parse(text, mode="eval").body)


@claim("ju24.appB.round-g", "Appendix B, Round line 38 (against Doubling line 50 and Prob_Area line 46)",
       "G wins when the walk passes G's vertex: the same condition in the three listings.")
def appB_round_g():
    r = 10  # the radius of Figure 9
    s3 = sp.sqrt(3)
    # lattice points of the walk from the origin (steps (0, ±1), (±√3/2, ±1/2)) near and beyond G's vertex
    pts = [(i * s3 / 2, sp.Rational(j, 2)) for i in range(-r - 1, -r + 2) for j in range(-2 * r - 2, 2 * r + 3)
           if (i + j) % 2 == 0]
    # G's vertex is (-r√3/2, -r/2); the walk has passed it when it is beyond both lines through the vertex, the
    # G-R side's y = -x/√3 - r and the vertical x = -r√3/2 (by hand): the condition as Doubling and Prob_Area print it
    meant = "current_step_yy ≤ −current_step_xx/√3 − r and current_step_xx ≤ −r·√3/2"
    right = "current_step_y ≤ −current_step_x/√3 − r and current_step_x ≤ −r·√3/2"  # in Round's names
    names = {APPB_G_ROUND.where: right, APPB_G_OTHERS.where: meant}
    unread = []
    conditions = {}
    for item in (APPB_G_ROUND, APPB_G_OTHERS):
        try:
            conditions[item.where] = {p: read_condition(item.value, p[0], p[1], r) for p in pts}
        except (ValueError, SyntaxError, KeyError, TypeError, ZeroDivisionError) as exc:
            # a printed condition that is not a condition on the walk's position: a wrong printed item
            unread.append(Erratum(item.where, item.value, names[item.where], names[item.where],
                                  kind=ErratumKind.MISPRINT,
                                  note=say("not a condition on the position (", Content((Text(str(exc)),)),
                                           "); the walk passes G's vertex beyond its two lines")))
            conditions[item.where] = {p: read_condition(meant, p[0], p[1], r) for p in pts}
    rnd, oth = conditions[APPB_G_ROUND.where], conditions[APPB_G_OTHERS.where]
    ran = [computed((pts, rnd, oth), f"the printed conditions read exactly at {len(pts)} lattice points",
                    "ju24 Appendix B, Round, Doubling, Prob_Area")]
    if unread:
        # a condition is unreadable: each readable one is judged against the condition derived above
        ref = {p: read_condition(meant, p[0], p[1], r) for p in pts}
        ran.append(computed(ref, "the condition for passing G's vertex at the lattice points", "ju24 Appendix B"))
        wrong = [e for e, cond in ((APPB_G_ROUND, rnd), (APPB_G_OTHERS, oth))
                 if e.where not in {u.where for u in unread} and any(cond[p] != ref[p] for p in pts)]
        unread += [Erratum(e.where, e.value, names[e.where], names[e.where], kind=ErratumKind.MISPRINT,
                           note=say("it differs from the condition for passing G's vertex at a lattice point near it"))
                   for e in wrong]
        return erratum(ran, say("A printed condition for G's win cannot be read as a condition on the walk's "
                                  "position; each is judged against the condition for passing G's vertex, "
                                  "$y \\le -x/\\sqrt{3} - r$ and $x \\le -r \\sqrt{3}/2$ (by hand), at the "
                                  f"{len(pts)} lattice points near it (radius 10)."), unread)
    differ = [p for p in pts if rnd[p] != oth[p]]
    if not differ:
        return verified(ran, say("Round's condition for G's win agrees with the other two listings at every lattice "
                                   "point near G's vertex (radius 10)."))
    # where the two differ, the walk is on the G-B edge line or beyond it; there Round's next test (the G-B edge,
    # B's weight (x + r√3/2)/(r√3/2)) gives G with probability 1 - p
    ex = differ[0]
    line = -r * s3 / 2
    if any(sp.simplify(p[0] - line) > 0 for p in differ):
        at = say(", ".join(f"$({sp.latex(sp.nsimplify(p[0]))}, {sp.latex(p[1])})$" for p in differ[:3]))
        return open_(ran, say("the two conditions differ inside the triangle, e.g. at", at), at)
    on_line = [p for p in differ if sp.simplify(p[0] - line) == 0]
    weights = {sp.simplify((p[0] + r * s3 / 2) / (r * s3 / 2)) for p in on_line}
    ran.append(computed((differ, weights), "the points where the conditions differ, and B's edge weights there",
                        "ju24 Appendix B, Round"))
    if weights - {0}:
        return open_(ran, say("B's edge weights at the differing points are", say(*[math(w) for w in weights])), None)
    return erratum(
        ran,
        say("Round tests current_step_x against the line through G's vertex where Doubling and Prob_Area test "
            f"current_step_yy (as Round itself does for B and R). Exactly, at radius $r = {r}$, the two conditions "
            f"differ at {len(differ)} of the {len(pts)} lattice points with $x$ within one step of G's vertex, e.g.",
            math(sp.Tuple(sp.nsimplify(ex[0]), ex[1])), "; none lies inside the triangle (all have "
            f"$x \\le -r \\sqrt{{3}}/2$). At the {len(on_line)} with $x = -r \\sqrt{{3}}/2$ the edge rule the other "
            "listings apply next gives G's opponent the weight 0 exactly (B's weight "
            "$(x + r \\sqrt{3}/2)/(r \\sqrt{3}/2)$ on the G-B edge, R's $(x + r \\sqrt{3}/2)/(r \\sqrt{3})$ on the R-G "
            "edge), so G wins there too (up to floating-point noise in the program); points further left are never "
            "reached, since every point with $x = -r \\sqrt{3}/2$ ends the game in either version (by hand). A slip "
            "with no effect on the outcome."),
        [Erratum(APPB_G_ROUND.where, APPB_G_ROUND.value, right, right, kind=ErratumKind.MISPRINT,
                 note=say("the other two listings and Round's own conditions for B and R test the $y$ coordinate"))],
        witness=say(f"the conditions differ at {len(differ)} of {len(pts)} lattice points"))


def lattice_steps(steps):
    """The six unit steps of the triangular lattice (unit vectors closed under rotation by 60°, ju24 Figure 5) that
    holds the most of ``steps`` (exact sympy pairs), in their order: a step of ``steps`` on that lattice is kept, each
    other one is replaced by a lattice step not yet listed.  ``steps`` itself when it is such a list; None when no
    step has unit length (no lattice is meant)."""
    s3 = sp.sqrt(3)

    def key(d):
        return (sp.simplify(d[0]), sp.simplify(d[1]))

    best = None
    for u in steps:
        if sp.simplify(u[0] ** 2 + u[1] ** 2) != 1:
            continue
        ring, d = [], u
        for _ in range(6):
            ring.append(key(d))
            d = (d[0] / 2 - s3 * d[1] / 2, s3 * d[0] / 2 + d[1] / 2)
        hits = len({key(d) for d in steps} & set(ring))
        if best is None or hits > best[0]:
            best = (hits, ring)
    if best is None:
        return None
    ring = best[1]
    keys = [key(d) for d in steps]
    if len(steps) == 6 and sorted(map(str, keys)) == sorted(map(str, ring)):
        return steps
    spare = [d for d in ring if d not in keys]
    seen, out = set(), []
    for d, kd in zip(steps, keys, strict=True):
        if kd in ring and kd not in seen:
            out.append(d)
            seen.add(kd)
        elif spare:
            out.append(spare.pop(0))
    return out + spare


@claim("ju24.appB.directions", "§4.3, last paragraph; Appendix B, Round (the list `directions`) and Doubling "
       "(the triangle drawn)",
       "§4.3 says: 'In Appendix B, we give a computer simulation of the random walk described in this section', "
       "i.e. the walk of §4.1 (Figure 5: the six steps run along the tiling, parallel to the sides of the triangle).")
def appB_directions():
    s3 = sp.sqrt(3)
    r = sp.symbols("r", positive=True)
    steps = [tuple(sp.nsimplify(c) for c in d) for d in APPB_STEPS.value]
    # the printed steps must be the six unit vectors of a triangular lattice (what the appendix says they are):
    # unit length, and closed under negation and under rotation by 60 degrees
    fixed = lattice_steps(steps)
    ran = [computed((steps, fixed), "the printed steps and the triangular lattice holding most of them",
                    "ju24 Appendix B, Round")]
    errs = []
    if fixed != steps:
        # the appendix says the walk moves 'in six directions according to a triangular grid': the printed list
        # contradicts it; the lattice meant is the one holding most printed steps
        listed = ", ".join(f"$({sp.latex(a)}, {sp.latex(b)})$" for a, b in APPB_STEPS.value)
        shown = say(listed)
        true = ", ".join(f"$({sp.latex(a)}, {sp.latex(b)})$" for a, b in fixed) if fixed else \
            "six unit steps of a triangular lattice"
        errs.append(Erratum(APPB_STEPS.where, listed, true,
                            kind=ErratumKind.MISPRINT,
                            note=say("the printed steps", shown, "are not the six unit steps of a triangular lattice "
                                     "(unit length, closed under rotation by 60°), as the appendix says they are")))
        if not fixed:
            return refuted(ran, say("the printed steps", shown, "are not the six unit steps of a triangular lattice, "
                                      "so the program does not simulate the walk of §4.1 (Figure 5)"), shown,
                           errata=errs, assumptions=(SAME_WALK,))
        steps = fixed
    # the triangle of the appendix's plots: (0, r), (r sqrt3/2, -r/2), (-r sqrt3/2, -r/2)
    V = [(0, r), (r * s3 / 2, -r / 2), (-r * s3 / 2, -r / 2)]
    sides = [(V[(k + 1) % 3][0] - V[k][0], V[(k + 1) % 3][1] - V[k][1]) for k in range(3)]

    def cross(u, v):
        return sp.simplify(u[0] * v[1] - u[1] * v[0])

    def dot(u, v):
        return sp.simplify(u[0] * v[0] + u[1] * v[1])

    parallel = [(i, k) for i, d in enumerate(steps) for k, e in enumerate(sides) if cross(d, e) == 0]
    perpendicular = [(i, k) for i, d in enumerate(steps) for k, e in enumerate(sides) if dot(d, e) == 0]
    ran.append(computed([(cross(d, e), dot(d, e)) for d in steps for e in sides],
                        "cross and dot products of every step with every side", "ju24 Appendix B; §4.1, Figure 5"))
    if errs:
        lattice = erratum(ran, say("the printed steps are not a walk in six directions on a triangular lattice, as "
                                     "the appendix says they are."), errs, assumptions=(ANY_LATTICE,))
    else:
        lattice = verified(ran, say("the six printed steps are unit vectors closed under negation and under rotation "
                                      "by 60°: a walk in six directions on a triangular lattice, as the appendix says."),
                           assumptions=(ANY_LATTICE,))
    if len(parallel) == 6:
        said = say("every step of the appendix's walk is parallel to a side of its triangle, as in Figure 5.")
        if errs:
            return erratum(ran, said, errs, assumptions=(SAME_WALK,))
        return verified(ran, said, assumptions=(SAME_WALK,), alternatives=(lattice,))
    return refuted(
        ran,
        say("exact: none of the six printed steps $(0, \\pm 1)$, $(\\pm \\sqrt{3}/2, \\pm 1/2)$ is parallel to a side of "
        "the appendix's triangle $(0, r)$, $(\\pm r \\sqrt{3}/2, -r/2)$ "
        f"({len(parallel)} parallel pairs); each is perpendicular to one side "
        f"({len(perpendicular)} perpendicular pairs). The appendix's own description, 'moving in six directions "
        "according to a triangular grid', is literally true (the steps span a triangular lattice), but that lattice is "
        "the §4.1 tiling rotated by 30° relative to the triangle, so the program does not simulate 'the random walk "
        "described in this section' as §4 says: its "
        "lattice points do not lie on the sides; hence its 1/4 margin and its Lemma 4.2 coin at the boundary. It is "
        "not the §4.1 game: by symmetry the centre still gives 1/3 each (Figure 10), but elsewhere Theorem 4.1 is "
        "not guaranteed for it (whether Figure 12's differences contain a bias is not checked here). exactcube "
        "simulates the §4.1 game itself."),
        say(f"{len(parallel)} of the 18 pairs (step, side) are parallel, {len(perpendicular)} perpendicular"),
        errata=errs, assumptions=(SAME_WALK,), alternatives=(lattice,))


SIM_N = 18  # Appendix B uses radius r = 10, i.e. side 10·sqrt(3) ≈ 17.3 unit steps; the grid side 18 has a centre


APPB_THIRD = printed("Appendix B, on Figure 10: each player's chance from the centre", mpq(1, 3))


@claim("ju24.appB.centre", "Appendix B, Backgammon_Triangle (Figure 10's experiment)",
       "Simulating games from the centre, each player wins about 1/3 of them, more accurately with more games.")
def appB_centre():
    lines = []
    widths = []
    ok = True
    # the exact chance from the centre, by the exact linear solve of the side-SIM_N grid (independent of Theorem 4.1)
    ev = T.evaluation(T.position(SIM_N // 3, SIM_N // 3, SIM_N // 3), method="solve")
    exact = ev.probabilities
    third = exact[0]
    ran = [ev]
    for g in (10, 100, 1000, 10**6):
        wf = TS.simulate_wins(SIM_N, g, seed=2024, level=0.999)
        ran.append(wf)
        ok &= wf.all_within() and all(iv.contains(p) for iv, p in zip(wf.intervals, exact, strict=True))
        widths.append(max(iv.high - iv.low for iv in wf.intervals))
        lines.append([g] + [f"{wf.wins[i] / g:.4f} [{iv.low:.4f}, {iv.high:.4f}]" for i, iv in enumerate(wf.intervals)])
    shrink = all(widths[i + 1] < widths[i] for i in range(len(widths) - 1))
    runs = table(["games $g$"] + [f"{PLAYER[i]}: frequency [interval]" for i in range(3)], lines)
    detail = say(f"side-{SIM_N} grid walk of ju24 §4.1 from the centre (6,6,6), numpy PCG64 seed 2024, Wilson 99.9% "
                 "intervals (three per run):", runs, "The exact chance", value(third), "of each player (exact linear "
                 "solve of the grid; Theorem 4.1) lies in", "every" if ok else "not every",
                 "interval; the widths shrink like $1/\\sqrt{g}$.")
    said = APPB_THIRD.value
    if said != third:
        # the printed value against the exact solve alone (the simulation is not what shows it wrong)
        return erratum(ev, say(detail, "The appendix's value", value(said), "is not the exact chance."),
                       [Erratum(APPB_THIRD.where, format_exact(said), format_exact(third), format_exact(third),
                                kind=ErratumKind.SUBSTANTIVE)])
    if ok and shrink:
        return verified(ran, detail)
    return open_(ran, say(detail, "(an interval missing the exact chance at 99.9% is possible by chance; rerun "
                              "with other seeds)"))


@claim("ju24.appB.doubling", "Appendix B, Doubling(r, q_offer, q_reject), Figure 11's experiment (5, 0.5, 0.1)",
       "Both opponents must accept (one refusal ends the game, the offerer wins); anyone but the last doubler may "
       "double; a player doubles above q_offer and an opponent refuses below q_reject.",
       unprinted="the appendix's rules re-run (Figure 11 shows single runs, no number to compare against); the "
                 "simulation is compared with the exact law")
def appB_doubling():
    qo, qr = mpq(1, 2), mpq(1, 10)
    parts, stakes, ok, ran = [], [], True, []
    # r = 5 (Figure 11): side 5·sqrt(3) ≈ 8.7 unit steps, grid side 9; and side 15, where refusals can happen
    for n, seed in ((9, 11), (15, 12)):
        ex = TS.appendix_doubling_exact(n, qo, qr)
        sim = TS.simulate_appendix_doubling(n, qo, qr, 200_000, seed=seed, level=0.999)
        ran += [ex, sim]
        fold_exact = sum(ex.win_by_fold)
        checks = [iv.contains(p) for iv, p in zip(sim.intervals, ex.win, strict=True)] + [sim.fold_interval.contains(fold_exact)]
        ok &= all(checks)
        parts.append([n, ", ".join(format_exact(p) for p in ex.win), ", ".join(map(str, sim.wins)),
                      format_decimal(fold_exact, 5), f"{sum(sim.wins_by_fold)} [{sim.fold_interval.low:.5f}, "
                      f"{sim.fold_interval.high:.5f}]", format_decimal(ex.expected_doubles, 5), f"{sim.mean_doubles:.5f}",
                      seed])
        stakes.append((n, sim.stake_counts))
    law = table(["side", "exact P(win), A, B, C", "simulated wins", "exact P(refusal)", "simulated refusals [interval]",
                 "exact E[doubles]", "simulated mean", "seed"], parts)
    all_stakes = sorted({s for _, c in stakes for s in c})
    finals = table(["side"] + [f"stake {s}" for s in all_stakes],
                   [[n] + [c.get(s, 0) for s in all_stakes] for n, c in stakes])
    detail = say("$q_{\\mathrm{offer}} = 1/2$, $q_{\\mathrm{reject}} = 1/10$; chances exact (Theorem 4.1) instead of the "
                 "appendix's 10000 inner simulations; edges resolved by Lemma 4.2 as in the appendix; exact law by a "
                 "linear solve over position × last doubler; 200000 simulated games per side:", law,
                 "Final stakes of the simulated games:", finals, "The exact values lie",
                 "inside" if ok else "NOT all inside", "the 99.9% Wilson intervals. On the side-9 grid no interior "
                 "chance is below $1/10$, so no double is ever refused.")
    return (verified if ok else open_)(ran, detail)


@claim("ju24.appB.prob_area", "Appendix B, Prob_Area (Figure 12's experiment)",
       "Along a walk, the simulated probability of each player winning is compared with the area of his triangle.",
       unprinted="Figure 12 shows single runs; the frequencies are compared with the exact chances (Theorem 4.1)")
def appB_prob_area():
    rows = TS.prob_area(SIM_N, path_length=8, games=20_000, seed=7, level=0.999)
    misses = []
    for p, _freq, area, ivs in rows:
        for i in range(3):
            if not ivs[i].contains(area[i]):
                misses.append((str(p), PLAYER[i]))
    maxdiff = max(abs(f - float(a)) for _, fr, ar, _ in rows for f, a in zip(fr, ar, strict=True))
    detail = say(f"8 positions along a seeded walk from the centre of the side-{SIM_N} grid, 20000 games each: the "
                 f"largest $|f - a|$ (frequency $f$, area $a$) is {maxdiff:.4f}; areas are the barycentric coordinates, "
                 "equal to the exact chances by Theorem 4.1, so the expected difference is exactly 0. Areas outside "
                 "their 99.9% Wilson intervals:", "; ".join(f"{p} for {w}" for p, w in misses) or "none", ".")
    # the frequencies are simulate_wins's (exactcube.triangle.sim.WinFrequencies: seeded Monte Carlo), the areas exact
    sampled = Provenance("Prob_Area: simulate_wins at each position of a seeded walk", TS.WinFrequencies.EVIDENCE,
                         TS.WinFrequencies.SOURCE)
    return (verified if not misses else open_)([sampled, computed([a for _, _, a, _ in rows], "the barycentric areas",
                                                                  "ju24 Theorem 4.1")], detail)

