"""floyd: the two-dice race to 25 by dynamic programming; f(25, 25); the exercise; the 3-to-1 bet."""

from __future__ import annotations

from exactcube import models
from exactcube.claims import Erratum, ErratumKind, claim, erratum, refuted, verified
from exactcube.content.model import claim_ref, say, table, value
from exactcube.errors import TooLarge
from exactcube.numbers import mpq, parse_int, parse_printed
from exactcube.printed import printed
from exactcube.results import assumption, computed
from exactcube.race import cubeless as cl
from exactcube.race import dice as dm
from exactcube.race.floyd import floyd_order, run_floyd
from exactcube.tables import Param, Table, table_builder

ODDS_READING = assumption("floyd.bet-odds", "'He offers to bet three to one that he will win' means he stakes 3 "
                                           "against my 1: I win 3 if I win and lose 1 otherwise.")

# What the note prints, read by the checks through exactcube.printed (so `verify --mutate` can perturb it).
#: The game: "until one of us has a total of 25 or more".
TOTAL = printed("opening paragraph, 'a total of 25 or more'", 25)
#: The bet: "three to one", accept "if my winning chance is more than 0.25".
ODDS = printed("opening paragraph, 'bet three to one'", 3)
THRESHOLD = printed("opening paragraph, 'more than 0.25'", "0.25")
#: The displayed recurrence 1 - 1/36 sum_{1<=i,j<=6} f(B, A-i-j), with f = 1 for A <= 0 and 0 for B <= 0
#: (GETF: F[A,B] := 1.00 - SUM/36.0).
RECURRENCE = printed("the displayed recurrence and its boundary values",
                     {"lead": 1, "faces": 6, "divisor": 36, "f(A<=0,B)": 1, "f(A,B<=0)": 0})
#: "when I calculate f(A,B) I have already calculated f(B,A-2) through f(B, A-12)".
READ_RANGE = printed("'f(B,A-2) through f(B, A-12)'", (2, 12))
#: The first four rows of the printed order.
ORDER_ROWS = tuple(printed(f"the order, row {n}", row) for n, row in enumerate([
    ((1, 1),),
    ((2, 1), (1, 2), (2, 2)),
    ((3, 1), (3, 2), (1, 3), (2, 3), (3, 3)),
    ((4, 1), (4, 2), (4, 3), (1, 4), (2, 4), (3, 4), (4, 4)),
], start=1))
#: The program: its loop bound (as extracted), "for each value of A and B up to 25", and WRITE F[25,25].
LOOP_BOUND = printed("program, FOR LARGER := 1 TO 2.5", "2.5")
UP_TO = printed("'I can calculate f(A,B) for each value of A and B up to 25'", 25)
WRITTEN = printed("program, WRITE F[25,25]", (25, 25))


def printed_recurrence(size: int, rec: dict) -> dict:
    """f(A, B) for 1 <= A, B <= size from the note's displayed recurrence, its constants as printed
    (floyd: f = 1 - (1/36) sum_{i,j=1..6} f(B, A-i-j); f = 1 for A <= 0, 0 for B <= 0), by increasing A + B."""
    lead, faces, divisor = rec["lead"], rec["faces"], rec["divisor"]
    sums = [i + j for i in range(1, faces + 1) for j in range(1, faces + 1)]
    f: dict = {}

    def get(a: int, b: int):
        if a <= 0:
            return mpq(rec["f(A<=0,B)"])
        if b <= 0:
            return mpq(rec["f(A,B<=0)"])
        return f[(a, b)]

    for s in range(2, 2 * size + 1):
        for a in range(max(1, s - size), min(size, s - 1) + 1):
            b = s - a
            f[(a, b)] = mpq(lead) - sum((get(b, a - k) for k in sums), mpq(0)) / divisor
    return f


@table_builder("floyd.f", "Floyd's f(A, B): chance of the player to move needing A against B (two dice)",
               params=[Param("size", lambda s: parse_int(s, "--size", 1), 25, "largest A and B (default 25)")])
def f_table(size: int = 25) -> Table:
    """floyd's array F[A, B] for 1 <= A, B <= size, by his recurrence in his order (exact)."""
    if size > 200:
        raise TooLarge(f"--size {size} is too large for a printed table (at most 200)")
    run = run_floyd(size)
    t = Table("floyd.f", "$f(A, B)$, plain two-dice sums, player needing $A$ moves first", [str(a) for a in range(1, size + 1)],
              [str(b) for b in range(1, size + 1)], row_header="A \\ B", evidence="exact", digits=4,
              source="floyd, GETF; exact rationals instead of SUM/36.0",
              notes=r"$f(A,B) = 1 - \frac{1}{36} \sum_{i,j} f(B, A-i-j)$; $f = 1$ for $A \le 0$, $0$ for $B \le 0$.")
    for (a, b), v in run.values.items():
        t.set(str(a), str(b), v)
    return t


@claim("floyd.f25", "the displayed recurrence, GETF and 'WRITE F[25,25]'",
       r"$f(A, B)$ computed by the recurrence $f(A,B) = 1 - \frac{1}{36} \sum f(B, A-i-j)$ in the stated order gives "
       "$f(25, 25)$.")
def f25():
    run = run_floyd(25)
    v = run(25, 25)
    chance = models.race.win_chance(25, 25, "plain")  # turn-count method (the model facade), independent
    other = chance.value
    if v != other:
        return refuted([run, chance], say("Floyd's recurrence gives", value(v), ", the turn-count method", value(other)),
                       table(["method", "$f(25, 25)$"], [["Floyd's recurrence", v], ["turn counts", other]]))
    full = cl.win_table(25, dm.PLAIN)
    for (a, b), fv in run.values.items():
        if full(a, b) != fv:
            return refuted([run, full], say(f"$f({a}, {b})$ differs between the two methods"),
                           say(f"$A = {a}$, $B = {b}$"))
    # the recurrence with its constants as printed must give the same table
    as_printed = computed(printed_recurrence(25, RECURRENCE.value), "the displayed recurrence, its constants as "
                          "printed, in exact rationals", "floyd, the displayed recurrence")
    for (a, b), fv in as_printed.value.items():
        if full(a, b) != fv:
            return refuted([as_printed, full], say("the displayed recurrence, as printed, gives", value(fv, name=f"f({a}, {b})"),
                                      ", the turn-count method", value(full(a, b))), say(f"$A = {a}$, $B = {b}$"))
    return verified([run, chance, full, as_printed], say(value(v, name="f(25, 25)"), "; the same exact value from zk77's turn-count "
                               "convolution, and all 625 entries $f(A, B)$, $1 \\le A, B \\le 25$, agree."),
                    say(value(v, name="f(25, 25)")))


@claim("floyd.order", "the evaluation orders",
       "When f(A, B) is calculated, f(B, A-2) .. f(B, A-12) have already been calculated in the order "
       "f(1,1); f(2,1), f(1,2), f(2,2); ...; another satisfactory order is by increasing sums of A and B.")
def order():
    lo, hi = READ_RANGE.value
    dice_sums = computed(sorted({i + j for i in range(1, 7) for j in range(1, 7)}), "the sums of two dice, enumerated")
    if dice_sums.value != list(range(lo, hi + 1)):
        return refuted(dice_sums, say(f"two dice make $A - i - j$ range over $A-2, \\ldots, A-12$, not $A-{lo}, \\ldots, A-{hi}$"),
                       say(f"the printed range $A-{lo}, \\ldots, A-{hi}$"))
    loop = list(floyd_order(len(ORDER_ROWS)))
    loop_order = computed(tuple(loop), "the program's loop order, enumerated", "floyd, the program")
    start = 0
    for n, row in enumerate(ORDER_ROWS, start=1):
        listed = tuple(tuple(p) for p in row.value)
        if listed != tuple(loop[start:start + len(listed)]) or len(listed) != 2 * n - 1:
            pairs = lambda ps: ", ".join(f"$f({x}, {y})$" for x, y in ps)  # noqa: E731
            return refuted(loop_order, say(f"row {n} of the printed order, {pairs(listed)}, is not the loop's order "
                                      f"{pairs(loop[start:start + 2 * n - 1])}"), say(pairs(listed)))
        start += len(listed)
    a = run_floyd(25, order="floyd")
    b = run_floyd(25, order="sum")
    for name, run in (("Floyd's order", a), ("the sum order", b)):
        if run.read_before_written:
            x, y = run.read_before_written[0][1]
            return refuted(run, say(f"{name} reads $F[{x}, {y}]$ before computing it"), say(f"$F[{x}, {y}]$"))
    if a.values != b.values:
        return refuted([a, b], "the two orders give different tables", None)
    return verified([dice_sums, loop_order, a, b], r"the four printed rows of the order are the program's loop order (row $n$: $f(n,1), \ldots, "
                           r"f(n,n-1)$, then $f(1,n), \ldots, f(n,n)$) and two dice make the reads $f(B, A-2), \ldots, "
                           r"f(B, A-12)$; instrumented run: in both orders every entry $F[B, A-i-j]$ with $A-i-j \ge 1$ "
                           "is computed before it is read, and both give the same 625 exact values.")


@claim("floyd.exercise", "Exercise",
       "Which values of the array F need to be initialized?  What should the subscript bounds on F be?",
       unprinted="the exercise is a question: the note prints no answer to compare against (the answer is "
                 "computed and pinned by the tests)")
def exercise():
    run = run_floyd(25)
    init = run.initialised
    expected = {(b, k) for b in range(1, 26) for k in range(-11, 1)}
    if init != expected:
        missing = sorted(expected - init)[:3]
        extra = sorted(init - expected)[:3]
        cells = lambda ps: ", ".join(f"$F[{x}, {y}]$" for x, y in ps) or "none"  # noqa: E731
        return refuted(run, say(r"the initialised set differs from $F[b, k]$, $1 \le b \le 25$, $-11 \le k \le 0$:",
                                  f"missing {cells(missing)}; extra {cells(extra)}"),
                       table(["missing", "extra"], [[cells(missing), cells(extra)]]))
    if run.first_bounds != (1, 25) or run.second_bounds != (-11, 25):
        (a1, b1), (a2, b2) = run.first_bounds, run.second_bounds
        return refuted(run, say(f"subscript ranges used: $F[{a1}:{b1}, {a2}:{b2}]$"), say(f"$F[{a1}:{b1}, {a2}:{b2}]$"))
    return verified(run, r"Answer, from an instrumented run of Floyd's algorithm: the entries read but never computed "
                           r"are exactly $F[B, K]$ for $1 \le B \le 25$ and $-11 \le K \le 0$ (300 entries), all to be "
                           r"set to 0 (the opponent has already reached his total; the rule $f = 1$ for $A \le 0$ is never "
                           r"needed, since the first subscript read is always $B \ge 1$). Subscript bounds: "
                           r"$F[1:25, -11:25]$.",
                    say(r"initialise $F[B, K] = 0$ for $1 \le B \le 25$, $-11 \le K \le 0$; bounds $F[1:25, -11:25]$"))


@claim("floyd.bet", "opening paragraph",
       "He offers to bet three to one that he will win; I should accept if my winning chance is more than 0.25.")
def bet():
    odds, threshold = ODDS.value, parse_printed(THRESHOLD.value)
    breakeven = mpq(1, odds + 1)  # win `odds` with chance p, lose 1 otherwise: p*odds - (1-p) = 0
    even = computed(breakeven, f"the break-even chance 1/(odds + 1) of a bet at {odds} to 1")
    if threshold != breakeven:
        return refuted(even, say(f"at {odds} to 1 the break-even chance is", value(breakeven), ", not",
                                  f"${THRESHOLD.value}$"), say(value(breakeven, name="p")),
                       assumptions=(ODDS_READING.id,))
    run = run_floyd(25)
    mine = 1 - run(25, 25)  # I roll second
    ev = odds * mine - (1 - mine)  # win `odds`, lose 1
    verdict = "accept" if mine > threshold else "decline"
    return verified([even, run, computed(ev, "my expectation per unit staked")], say("My chance (second to roll, needing 25 against 25) is", value(mine, name="1 - f(25, 25)"),
                               ", so my expectation per unit staked at 3 to 1 is",
                               value(ev, name=f"{odds + 1}p - 1"), f": {verdict} the bet (the 0.25 criterion is "
                               "exactly the break-even of the 3-to-1 odds)."),
                    say(value(mine, name="p"), f"; {verdict}"), assumptions=(ODDS_READING.id,))


@claim("floyd.algorithm", "the program text",
       "FOR LARGER := 1 TO 2.5 DO ... WRITE F[25,25] (as extracted) computes f for A and B up to 25 and writes "
       "the game's value F[25,25].")
def algorithm_text():
    total, written, up_to = TOTAL.value, tuple(WRITTEN.value), UP_TO.value
    if written != (total, total):
        w = ", ".join(map(str, written))
        return refuted(computed((written, total), "the printed subscripts against the game's total"), say(f"the program writes $F[{w}]$, not the game's value $F[{total}, {total}]$"),
                       say(f"$F[{w}]$"))
    if up_to != total:
        return refuted(computed((up_to, total), "the printed table size against the game's total"), say(f"a table up to {up_to} does not end at the game's total {total}"),
                       say(value(up_to)))
    bound = LOOP_BOUND.value
    # FOR LARGER := 1 TO x runs LARGER = 1, 2, ... while LARGER <= x (Algol/SAIL step-until semantics)
    last = int(parse_printed(bound) // 1)
    run = run_floyd(last) if last >= 1 else None
    loop = computed((last, tuple(sorted(run.values)) if run is not None else ()),
                    f"the loop FOR LARGER := 1 TO {bound} run (step-until semantics): its last value and the entries set",
                    "floyd, the program")
    if run is not None and last == up_to and written in run.values:
        return verified([loop, run], say(f"with the bound {bound} the loop computes $f(A, B)$ for $1 \\le A, B \\le {up_to}$ "
                                   f"(as the text says) and $F[{total}, {total}]$ is computed before it is written"))
    stops = f"stops at LARGER = {last}" if last >= 1 else "never runs"
    return erratum(loop, say(f"With the bound as extracted ({bound}) the loop {stops} and $F[{total}, {total}]$ is never "
                              f"computed; the bound must be {up_to} (the note computes $f$ for $A$ and $B$ up to {up_to} "
                              f"and writes $F[{total}, {total}]$). The '{bound}' is most likely damage in the available "
                              "text: the same corruption of 25 into 2.5 occurs in our copy of ju24 (a listing's line "
                              "number 25 read as 2.5). With 25 the algorithm is correct (claims", claim_ref("floyd.order"),
                              "and", claim_ref("floyd.f25"), ")."),
                   [Erratum(LOOP_BOUND.where, bound, str(up_to), str(up_to),
                            note="most likely an extraction artefact (the same damage, 25 read as 2.5, is in our copy "
                                 "of ju24); a typo in the note cannot be ruled out",
                            kind=ErratumKind.TRANSCRIPTION)]
                   if bound.replace(".", "") == str(up_to) else  # only a lost/moved point is damage of the text
                   [Erratum(LOOP_BOUND.where, bound, str(up_to), str(up_to),
                            note=f"the loop as printed computes a table up to {last}, not {up_to}",
                            kind=ErratumKind.SUBSTANTIVE)])
