r"""noisy Appendix (1-pile Nim of 4..10 chips) and the prose of §3 checked on the exact solution.

Every printed probability (15 decimals) and optimal move of the Appendix is
compared with the exact value of equation (5) at the printed eps (read as the
exact decimal, e.g. 0.77 = 77/100).  The table ``noisy.nim`` reproduces the
Appendix layout for any heap and eps grid.

The sentences of §3 lost their numbers in the extraction; each claim below
states the reconstruction read off the Appendix tables (the paper's own
evidence, eps = 0.00, 0.01, ..., 0.99) and checks it on the exact solution at
those eps.
"""

from __future__ import annotations

from exactcube.claims import Erratum, ErratumKind, claim, erratum, refuted, verified
from exactcube.content.model import say, table, value
from exactcube.errors import BadInput, TooLarge
from exactcube.noisy.nim import solve_nim
from exactcube.numbers import format_decimal, format_exact, mpq, parse_int, parse_printed, parse_rational
from exactcube.tables import Param, Table, table_builder

from exactcube.printed import DOUBLE_15, erratum_kind, printed
from exactcube.results import computed

from .appendix_data import APPENDIX
from .readings import CHANNEL, SEC3_PROSE, resting_on

GRID = tuple(mpq(i, 100) for i in range(100))  # the Appendix eps = 0.00 .. 0.99


def format_moves(moves, n: int) -> str:
    """Optimal moves in the Appendix style: ``"0 - 3"`` when every move 0..n-1 is optimal."""
    moves = tuple(moves)
    if n > 1 and moves == tuple(range(n)):
        return f"0 - {n - 1}"
    return ", ".join(str(m) for m in moves)


def parse_moves(text: str) -> tuple[int, ...]:
    """The printed opt cell as a tuple of moves (``"0 - 3"`` -> (0, 1, 2, 3))."""
    if "-" in text:
        lo, hi = (int(x) for x in text.split("-"))
        return tuple(range(lo, hi + 1))
    return tuple(int(x) for x in text.split(","))


def opt_cell_agrees(row: str, col: str, true: str, printed: str) -> bool:
    """The one judge of a printed Appendix cell of text (the table's marks and the verdicts of noisy.appendix.n*):
    the same text; in the row eps = 1, where the literal formula of Example 3 is 0/0 and the continuous extension
    of mu makes several moves optimal, a printed optimal move is one of them (the column names *the* optimal move)."""
    if true.strip() == printed.strip():
        return True
    if col != "opt." or parse_rational(row) != 1:
        return False
    try:
        moves = set(parse_moves(printed))
    except ValueError:  # not a list of moves at all
        return False
    return bool(moves) and moves <= set(parse_moves(true))


def eps_label(e: mpq, step: mpq) -> str:
    """Row label for eps: a decimal with as many places as the step needs, else the fraction."""
    for places in range(0, 9):
        if (step * 10 ** places).denominator == 1:
            return format_decimal(e, places)
    return format_exact(e)


def _solutions(n_max: int, grid):
    return {e: solve_nim(n_max, e) for e in grid}


MAX_TABLE_HEAP = 256
MAX_TABLE_ROWS = 2001


@table_builder("noisy.nim", "1-pile Nim through the bit-flip channel: p(n) and the optimal moves (Appendix layout)",
               params=[Param("heap", lambda s: parse_int(s, "heap", 1), 10, "number of chips n (1..256)"),
                       Param("eps_step", lambda s: parse_rational(s, "eps-step"), mpq(1, 100),
                             "grid step for eps in [0, 1] (default 1/100, the Appendix grid)")])
def nim_table(heap: int = 10, eps_step=mpq(1, 100)) -> Table:
    """p(n) (exact) and the optimal sent moves for eps = 0, step, 2 step, ... <= 1 (``noisy`` Appendix).

    Where the Appendix prints the cell (n = 4..10 at eps = 0.00..0.99, and 1.00 for
    n = 4) the printed text is attached for comparison.
    """
    heap = int(heap)
    step = mpq(eps_step)
    if heap < 1 or heap > MAX_TABLE_HEAP:
        raise TooLarge(f"heap: tables are built for 1..{MAX_TABLE_HEAP} chips, got {heap}")
    if step <= 0 or step > 1:
        raise BadInput(f"eps-step: must lie in (0, 1], got {step}")
    count = int(1 / step) + 1
    if count > MAX_TABLE_ROWS:
        raise TooLarge(f"eps-step {step} gives {count} rows; use a step of at least 1/{MAX_TABLE_ROWS - 1}")
    grid = [i * step for i in range(count) if i * step <= 1]
    labels = [eps_label(e, step) for e in grid]
    t = Table(id="noisy.nim", title=f"1-pile Nim of {heap} chips: p({heap}) and optimal moves",
              rows=labels, cols=["p", "opt."], row_header="eps", digits=15,
              source="noisy Appendix; equation (5)",
              notes="p exact by equation (5); opt. = every optimal sent move (heap left); "
                    "'0 - k' = every move.", text_judge=opt_cell_agrees)
    printed = {parse_printed(e): (p, o) for e, p, o in APPENDIX.get(heap, ())}
    for e, lab in zip(grid, labels):
        s = solve_nim(heap, e)
        t.set(lab, "p", s.p[heap])
        t.set(lab, "opt.", format_moves(s.optimal[heap], heap))
        if e in printed:
            t.publish(lab, "p", printed[e][0])
            t.publish(lab, "opt.", printed[e][1])
    return t


def _cell_where(c) -> str:
    """The place of a compared Appendix cell, spelled as the table's printed-cell reader spells it
    (:func:`exactcube.printed.cell`), so that ``verify --mutate`` offers the correction of a wrong cell."""
    return f"noisy.nim row {c.row}, column {c.col}"


def _moves_words(text: str) -> str:
    """An Appendix opt cell in words: ``"0 - 3"`` is ``"0, 1, 2, 3"``."""
    return ", ".join(map(str, parse_moves(text)))


def _check_appendix(n: int):
    t = nim_table(heap=n, eps_step=mpq(1, 100))
    errs = []
    notes = []
    cells = 0
    for c in t.compare():
        cells += 1
        if c.agrees:  # by the table's one judge, opt_cell_agrees
            if c.col == "opt." and c.printed.strip() != c.true.strip():  # one of several optimal moves at eps = 1
                notes.append(say(
                    f"At $\\varepsilon = 1$ the printed optimal move {c.printed} is optimal, and so are all the "
                    f"moves {_moves_words(c.true)} under the continuous extension of $\\mu$ at $\\varepsilon = 1$ (the "
                    "literal formula of Example 3 is $0/0$ at $\\varepsilon = 1$ for every move from 4 chips: each "
                    "word's complement is at least 4, so nothing legal is ever received); $p$ agrees."))
            continue
        if c.col == "opt.":
            errs.append(Erratum(where=_cell_where(c), printed=c.printed, true=c.true, true_rounded=c.true,
                                note=say(f"Appendix, {n} chips, $\\varepsilon = {c.row}$: a printed optimal move that "
                                         "is not optimal"),
                                kind=ErratumKind.SUBSTANTIVE))
            continue
        diff = abs(parse_printed(c.printed) - parse_rational(c.true))
        units = diff * mpq(10) ** 15
        ruling = erratum_kind(c.printed, parse_rational(c.true), arithmetic=DOUBLE_15)
        errs.append(Erratum(where=_cell_where(c), printed=c.printed, true=c.true, true_rounded=c.true_rounded,
                            note=say(f"Appendix, {n} chips, $\\varepsilon = {c.row}$: printed and true differ by "
                                     f"{format_decimal(units, 3)} units of the 15th decimal;", ruling.reason),
                            kind=ruling.kind))
    # the values compared: the table's cells, p(n) and the optimal moves of (5) at each printed eps
    basis = computed(t.cells, f"the exact solution of (5), {n} chips, at the Appendix's eps", "noisy Appendix; (5)")
    details = say(f"{cells} printed cells of the {n}-chip table compared with the exact $p({n})$ and optimal-move "
                  f"sets at $\\varepsilon = 0.00, 0.01, \\ldots, {'1.00' if n == 4 else '0.99'}$.")
    if not errs:
        return verified(basis, say(details, "All agree at the printed precision.", *notes))
    opt_errs = [e for e in errs if e.where.endswith("column opt.")]
    p_errs = [e for e in errs if not e.where.endswith("column opt.")]
    worst = max((abs(parse_printed(e.printed) - parse_rational(e.true)) * mpq(10) ** 15 for e in p_errs),
                default=mpq(0))
    rounding = [e for e in p_errs if e.kind is ErratumKind.ROUNDING]
    details = say(details, f"{len(errs)} cells miss the correctly rounded value: {len(p_errs)} probabilities, the "
                  f"largest by {format_decimal(worst, 3)} units of the 15th decimal ({len(rounding)} of them one of the "
                  "two decimals nearest the true value, the last-digit noise of the double-precision computation the "
                  f"digits show: rounding, listed and not counted as wrong), and {len(opt_errs)} optimal moves.", *notes)
    return erratum(basis, details, errs)


def _make_appendix_claim(n: int):
    @claim(f"noisy.appendix.n{n}", f"Appendix, table '1-pile Nim of {n} chips'",
           f"p({n}) to 15 decimals and the optimal move for eps = 0.00, 0.01, ..., 0.99"
           f"{' and 1.00' if n == 4 else ''}.")
    @resting_on(CHANNEL)
    def check():
        return _check_appendix(n)

    check.__name__ = f"appendix_n{n}"
    return check


for _n in range(4, 11):
    globals()[f"appendix_n{_n}"] = _make_appendix_claim(_n)


# ----------------------------------------------------------------------------
# §3 prose, checked on the exact solution at the Appendix grid
# ----------------------------------------------------------------------------


def _segments(n: int, sols) -> list[tuple[mpq, mpq, tuple[int, ...]]]:
    """Maximal runs of the grid with the same optimal-move set: (first eps, last eps, moves)."""
    out = []
    for e in GRID:
        mv = sols[e].optimal[n]
        if out and out[-1][2] == mv:
            out[-1] = (out[-1][0], e, mv)
        else:
            out.append((e, e, mv))
    return out


_SOLS = None


def _grid_solutions():
    global _SOLS
    if _SOLS is None:
        _SOLS = _solutions(10, GRID)
    return _SOLS


def _q(text: str) -> mpq:
    return parse_rational(text)


def _moves_cell(moves, n: int) -> str:
    return "every move" if tuple(moves) == tuple(range(n)) else ", ".join(map(str, moves))


def _grid_run(a, b) -> str:
    """A run of the Appendix grid: ``0.51 to 0.76``, or one point."""
    return format_decimal(a, 2) if a == b else f"{format_decimal(a, 2)} to {format_decimal(b, 2)}"


def _segments_table(n: int, segs):
    return table(["$\\varepsilon$ on the grid", "optimal moves"],
                 [[_grid_run(a, b), _moves_cell(m, n)] for a, b, m in segs], caption=f"{n} chips:")


#: The move pattern the §3 prose describes, reconstructed from the Appendix
#: tables (the extraction lost the numbers): per heap, the runs of the grid
#: eps = 0.00..0.99 and the optimal move on each (None = every move ties).
_PROSE_PATTERN = {
    5: [("0.00", "0.49", (0,)), ("0.50", "0.50", None), ("0.51", "0.76", (3,)), ("0.77", "0.99", (4,))],
    6: [("0.00", "0.49", (0,)), ("0.50", "0.50", None), ("0.51", "0.75", (3,)), ("0.76", "0.78", (0,)),
        ("0.79", "0.99", (4,))],
    7: [("0.00", "0.49", (0,)), ("0.50", "0.50", None), ("0.51", "0.75", (3,)), ("0.76", "0.79", (0,)),
        ("0.80", "0.99", (4,))],
    9: [("0.00", "0.49", (0,)), ("0.50", "0.50", None), ("0.51", "0.74", (7,)), ("0.75", "0.81", (8,)),
        ("0.82", "0.99", (4,))],
    10: [("0.00", "0.49", (0,)), ("0.50", "0.50", None), ("0.51", "0.74", (7,)), ("0.75", "0.80", (8,)),
         ("0.81", "0.99", (4,))],
}


#: the same, one printed item per run (so ``verify --mutate`` perturbs each end and each move)
PROSE_PATTERN = {n: [printed(f"§3, paragraph after (5), {n} chips, eps {a}..{b}", (a, b, m)) for a, b, m in runs]
                 for n, runs in _PROSE_PATTERN.items()}


def _continuum(n: int, want):
    """The exact move intervals of heap n on (0, 1) from the phase diagram of :mod:`exactcube.noisy.phases`,
    checked against the grid pattern ``want``: same sequence of moves, each switch strictly between the
    last grid point of one run and the first of the next.  Returns (ok, text, the phase diagram)."""
    from exactcube.noisy.eps import phases as ph

    D = ph.phase_diagram(n)
    iv = D.heap(n).move_intervals()
    runs = [(a, b, m) for a, b, m in want if m != tuple(range(n))]
    exact = table(["$\\varepsilon$ from", "to", "optimal moves"],
                  [[lo.decimal(6), hi.decimal(6), _moves_cell(m, n)] for lo, hi, m in iv], caption=f"{n} chips:")
    if [m for _, _, m in iv] != [m for _, _, m in runs]:
        return False, say(f"the exact intervals of {n} chips are", exact), D
    for (_lo, hi, _m), (_a, b, _), nxt in zip(iv, runs, runs[1:] + [None]):
        if nxt is not None and not (hi.cmp_rational(b) > 0 and hi.cmp_rational(nxt[0]) < 0):
            return False, say(f"{n} chips: the switch at {hi.decimal(10)} is not between {format_decimal(b, 2)} and "
                              f"{format_decimal(nxt[0], 2)}"), D
    return True, exact, D


def _pattern_check(heaps):
    sols = _grid_solutions()
    found, exact = [], []
    ran = list(sols.values())
    for n in heaps:
        segs = _segments(n, sols)
        want = [(_q(a), _q(b), tuple(range(n)) if m is None else m)
                for a, b, m in (item.value for item in PROSE_PATTERN[n])]
        if segs != want:
            found = _segments_table(n, segs)
            return refuted(ran, say(f"the exact optimal moves of {n} chips on the grid are", found,
                                      "and the prose (as reconstructed) says", _segments_table(n, want)), found)
        found.append(_segments_table(n, segs))
        ok, text, diagram = _continuum(n, want)
        ran.append(diagram)
        if not ok:
            return refuted(ran, say("the grid pattern does not extend to the continuum:", text), None)
        exact.append(text)
    return verified(ran, say("Exact optimal-move sets at $\\varepsilon = 0.00, 0.01, \\ldots, 0.99$:", *found,
                               "Between the grid points, by the exact phase diagram (breakpoints are algebraic "
                               "numbers, shown to 6 decimals; every move ties at $1/2$):", *exact))


@claim("noisy.sec3.five", "§3, paragraph after (5)",
       "For 5 chips the optimal move is 0 for eps < 1/2 and, for eps > 1/2, first 3 and then 4 "
       "(on the Appendix grid: 3 for 0.51..0.76, 4 for 0.77..0.99; every move at 0.50).")
@resting_on(CHANNEL, SEC3_PROSE)
def sec3_five():
    return _pattern_check([5])


@claim("noisy.sec3.six-seven", "§3, paragraph after (5)",
       "A similar situation arises for 6 and 7 chips, but with the move 0 present again for eps around "
       "0.76-0.79 (grid: 0.76..0.78 for 6 chips, 0.76..0.79 for 7 chips) between the moves 3 and 4.")
@resting_on(CHANNEL, SEC3_PROSE)
def sec3_six_seven():
    return _pattern_check([6, 7])


@claim("noisy.sec3.nine-ten", "§3, paragraph after (5)",
       "Cases of 9 and 10 chips show this behaviour for the moves 7, 8 and 4 (grid: 7 on 0.51..0.74, "
       "8 on 0.75..0.81 resp. 0.75..0.80, 4 above).")
@resting_on(CHANNEL, SEC3_PROSE)
def sec3_nine_ten():
    return _pattern_check([9, 10])


def _below_half(n, sols):
    return [e for e in GRID if sols[e].p[n] < mpq(1, 2)]


def below_half_intervals(n: int, diagram=None):
    """Maximal open intervals of (0, 1) on which p(n) < 1/2, with algebraic end points (``diagram``: the phase
    diagram of heaps up to n when already computed).

    Uses the exact phase diagram (:mod:`exactcube.noisy.phases`): on each phase p(n) = num/den
    with den > 0, so p(n) < 1/2 exactly where 2 num - den < 0; its roots split the phase.
    """
    from exactcube.noisy.eps import phases as ph

    out = []
    for phs in (diagram or ph.phase_diagram(n)).heap(n).phases:
        P = 2 * phs.p.num - phs.p.den
        cuts = [phs.lo] + (ph.real_roots_in(P, phs.lo, phs.hi) if not P.is_zero() else []) + [phs.hi]
        for a, b in zip(cuts, cuts[1:]):
            if phs.p(ph.rational_between(a, b)) < mpq(1, 2):
                if out and out[-1][1].equals(a):
                    out[-1] = (out[-1][0], b)
                else:
                    out.append((a, b))
    return out


#: §3: the grid runs on which p(n) < 1/2 (5, 6, 7 chips and 9, 10 chips)
BELOW_HALF = {n: printed(f"§3, paragraph after (5), p({n}) < 1/2", run)
              for n, run in ((5, ("0.69", "0.80")), (6, ("0.69", "0.80")), (7, ("0.69", "0.80")),
                             (9, ("0.73", "0.82")), (10, ("0.73", "0.82")))}


@claim("noisy.sec3.below-half", "§3, paragraph after (5)",
       "5, 6 and 7 chips give Player I a winning probability under 1/2 for eps in 0.69..0.80 (Appendix grid); "
       "for 9 and 10 chips this happens for eps in 0.73..0.82.")
@resting_on(CHANNEL, SEC3_PROSE)
def sec3_below_half():
    from exactcube.noisy.eps import phases as ph

    sols = _grid_solutions()
    parts = []
    ran = list(sols.values())
    for n, item in BELOW_HALF.items():
        a, b = item.value
        got = _below_half(n, sols)
        want = [e for e in GRID if _q(a) <= e <= _q(b)]
        if got != want:
            at = say("$\\varepsilon$ =", ", ".join(format_decimal(e, 2) for e in got) or "no grid point")
            return refuted(ran, say(f"{n} chips: $p < 1/2$ exactly at", at), at)
        diagram = ph.phase_diagram(n)
        ran.append(diagram)
        iv = below_half_intervals(n, diagram)
        # the continuum set must contain exactly the grid points found
        inside = [e for e in GRID if any(lo.cmp_rational(e) < 0 < hi.cmp_rational(e) for lo, hi in iv)]
        if inside != got:
            return refuted(ran, say(f"{n} chips: the exact intervals",
                                      "; ".join(f"{lo.decimal(6)} to {hi.decimal(6)}" for lo, hi in iv),
                                      "disagree with the grid"), None)
        parts.append([n, f"{a} to {b}", "; ".join(f"{lo.decimal(6)} to {hi.decimal(6)}" for lo, hi in iv)])
    # the heaps 4 and 8 (powers of two) never drop below 1/2 on the grid
    for n in (4, 8):
        if _below_half(n, sols):
            return refuted(ran, say(f"{n} chips drops below $1/2$"), None)
    runs = table(["chips $n$", "$\\varepsilon$ on the grid", "exactly (open intervals)"], parts)
    return verified(ran, say("$p(n) < 1/2$ exactly on these grid runs and nowhere else on the grid; on the continuum "
                               "(exact phase diagram, end points algebraic, 6 decimals shown):", runs,
                               "Never below $1/2$ on the grid for 4 and 8 chips."))


def bounded_on(n: int, lo_q: mpq, lo_bound: mpq, hi_bound: mpq):
    """Whether lo_bound < p(n) < hi_bound on the whole closed interval [lo_q, 1], decided exactly.

    On each phase (lo, hi) of the exact phase diagram p(n) = num/den with den > 0, so the bounds are
    the signs of the integer polynomials num - c den; they must have no root in the phase, the right
    sign at one interior point, and no root at the phase's ends (an algebraic end point is a root
    only if its irreducible polynomial divides the other).  The end point 1 is checked with the
    exact solver.  Returns (ok, reason, the results it ran: the phase diagram and the solution at 1).
    """
    from exactcube.noisy.eps import phases as ph

    start = ph.AlgebraicNumber.rational(lo_q)
    D = ph.phase_diagram(n)
    ran = [D]
    for phs in D.heap(n).phases:
        if phs.hi.cmp_rational(lo_q) <= 0:
            continue
        a = start if phs.lo.cmp_rational(lo_q) < 0 else phs.lo
        b = phs.hi
        mid = ph.rational_between(a, b)
        for c, sign in ((hi_bound, -1), (lo_bound, 1)):
            P = int(c.denominator) * phs.p.num - int(c.numerator) * phs.p.den
            if P.is_zero():
                return False, f"$p({n}) = {c}$ on a whole phase", ran
            if ph.real_roots_in(P, a, b):
                return False, f"$p({n})$ crosses ${c}$ inside $({a.decimal(8)}, {b.decimal(8)})$", ran
            v = P(ph.to_fmpq(mid))
            if (v > 0) - (v < 0) != sign:
                return False, f"$p({n})$ is on the wrong side of ${c}$ at $\\varepsilon = {mid}$", ran
            for end in (a, b):
                if end.is_rational:
                    if end.lo < 1 and P(ph.to_fmpq(end.lo)) == 0:
                        return False, f"$p({n}) = {c}$ at $\\varepsilon = {end.lo}$", ran
                elif P % end.poly == 0:
                    return False, f"$p({n}) = {c}$ at the breakpoint {end.decimal(8)}", ran
    at1 = solve_nim(n, 1)
    ran.append(at1)
    one = at1.p[n]
    if not lo_bound < one < hi_bound:
        return False, f"$p({n}) = {one}$ at $\\varepsilon = 1$", ran
    return True, "", ran


#: §3: the 10-chip game is nearly fair for large eps: |p(10) - 1/2| < bound from eps = start on
#: (reconstruction: the numbers were lost; start is where the Appendix's values enter the band)
TEN_FAIR = printed("§3, paragraph after (5), 10 chips nearly fair", ("0.03", "0.3"))


@claim("noisy.sec3.ten-fair", "§3, paragraph after (5)",
       "The game of 10 chips is a rather fair game for large eps: |p(10) - 1/2| < 0.03 for every eps in [0.3, 1], "
       "and 0.3 is where the Appendix's values enter that band (reconstruction: the bounds were lost in the "
       "extraction).")
@resting_on(CHANNEL, SEC3_PROSE)
def sec3_ten_fair():
    sols = _grid_solutions()
    ran = list(sols.values())
    bound, start = (_q(x) for x in TEN_FAIR.value)
    half = mpq(1, 2)
    hi = [e for e in GRID if e >= start]
    worst = max(hi, key=lambda e: abs(sols[e].p[10] - half))
    dev = abs(sols[worst].p[10] - half)
    if dev >= bound:
        at = say(f"$\\varepsilon = {format_decimal(worst, 2)}$")
        return refuted(ran, say("$|p(10) - 1/2|$ =", value(dev), "at", at), at)
    first = min(e for e in GRID if all(abs(sols[f].p[10] - half) < bound for f in GRID if f >= e))
    if first != start:
        at = say(f"$\\varepsilon = {format_decimal(first, 2)}$")
        return refuted(ran, say(f"on the Appendix grid the band $|p(10) - 1/2| < {bound}$ holds from", at, "on, not "
                                  f"from {format_decimal(start, 2)}"), at)
    ok, why, proved = bounded_on(10, start, half - bound, half + bound)
    ran += proved
    if not ok:
        return refuted(ran, say("on the continuum:", why), None)
    before = GRID[GRID.index(first) - 1]
    return verified(ran, say(f"On the grid $\\varepsilon = {format_decimal(start, 2)}, \\ldots, 0.99$ the largest "
                               f"$|p(10) - 1/2|$ is {format_decimal(dev, 6)} (at $\\varepsilon = {format_decimal(worst, 2)}$); "
                               f"the bound {format_decimal(bound, 2)} holds on the grid from "
                               f"$\\varepsilon = {format_decimal(first, 2)}$ on ({format_decimal(before, 2)} gives "
                               f"{format_decimal(abs(sols[before].p[10] - half), 6)}). On the whole interval "
                               f"$[{start}, 1]$: $ {half - bound} < p(10) < {half + bound}$, proved phase by phase on the "
                               "exact phase diagram (on each phase $p(10) = N/D$ with $D > 0$, and $N - cD$ has no root "
                               "in the phase or at its ends, $c$ either bound)."))


@claim("noisy.sec3.p2", "§3, after (5)",
       "p(0) = 0 and p(1) = 1 for every eps, and p(2) = max(eps, 1 - eps).",
       unprinted="the formulas were lost in the extraction (only 'Clearly, ... and ... for every ...' remains); "
                 "the check derives them from (5) at 101 exact eps and can fail by a counterexample")
@resting_on(CHANNEL)
def sec3_p2():
    ran = []
    for i in range(0, 101):
        e = mpq(i, 100)
        s = solve_nim(2, e)
        ran.append(s)
        if s.p[0] != 0 or s.p[1] != 1 or s.p[2] != max(e, 1 - e):
            at = say(value(e, name="\\varepsilon"))
            return refuted(ran, say("at", at, ":", value(s.p[0], name="p(0)"), ",", value(s.p[1], name="p(1)"), ",",
                                      value(s.p[2], name="p(2)")), at)
        if s.move_value(2, 0) != 1 - e or s.move_value(2, 1) != e:
            at = say(value(e, name="\\varepsilon"))
            return refuted(ran, say("at", at, ": $p(2, 0)$ and $p(2, 1)$ are not $1 - \\varepsilon$ and "
                                      "$\\varepsilon$"), at)
    return verified(ran, say("By (5) from 2 = '10' ($k = 2$, legal words 00, 01): $p(2, 0) = 1 - \\varepsilon$, "
                               "$p(2, 1) = \\varepsilon$; checked exactly at $\\varepsilon = 0, 1/100, \\ldots, 1$ (both "
                               "are affine in $\\varepsilon$, so two points already determine them)."))
