"""floyd: the two-dice race to 25 by dynamic programming; f(25, 25); the exercise; the 3-to-1 bet."""

from __future__ import annotations

from exactcube.claims import Erratum, ErratumKind, Evidence, claim, erratum, refuted, verified
from exactcube.errors import TooLarge
from exactcube.numbers import format_decimal, format_exact, mpq, parse_int
from exactcube.race import cubeless as cl
from exactcube.race import dice as dm
from exactcube.race.floyd import run_floyd
from exactcube.tables import Param, Table, table_builder

EXACT = Evidence.EXACT


@table_builder("floyd.f", "Floyd's f(A, B): chance of the player to move needing A against B (two dice)",
               params=[Param("size", lambda s: parse_int(s, "--size", 1), 25, "largest A and B (default 25)")])
def f_table(size: int = 25) -> Table:
    """floyd's array F[A, B] for 1 <= A, B <= size, by his recurrence in his order (exact)."""
    if size > 200:
        raise TooLarge(f"--size {size} is too large for a printed table (at most 200)")
    run = run_floyd(size)
    t = Table("floyd.f", "f(A, B), plain two-dice sums, player needing A moves first", [str(a) for a in range(1, size + 1)],
              [str(b) for b in range(1, size + 1)], row_header="A \\ B", evidence="exact", digits=4,
              source="floyd, GETF; exact rationals instead of SUM/36.0",
              notes="f(A,B) = 1 - (1/36) sum_{i,j} f(B, A-i-j); f = 1 for A <= 0, 0 for B <= 0.")
    for (a, b), v in run.values.items():
        t.set(str(a), str(b), v)
    return t


@claim("floyd.f25", "GETF and 'WRITE F[25,25]'",
       "f(A, B) computed by the recurrence f(A,B) = 1 - (1/36) sum f(B, A-i-j) in the stated order gives f(25, 25).")
def f25():
    run = run_floyd(25)
    v = run(25, 25)
    other = cl.win_probability(25, 25, dm.PLAIN).value  # turn-count method, independent
    if v != other:
        return refuted(EXACT, f"Floyd's recurrence gives {v}, the turn-count method {other}", (str(v), str(other)))
    full = cl.win_table(25, dm.PLAIN)
    for (a, b), fv in run.values.items():
        if full(a, b) != fv:
            return refuted(EXACT, f"f({a},{b}) differs between the two methods", (a, b))
    return verified(EXACT, f"f(25, 25) = {format_exact(v)} ≈ {format_decimal(v, 6)}; the same exact value from zk77's "
                           "turn-count convolution, and all 625 entries f(A, B), 1 <= A, B <= 25, agree.",
                    {"f(25,25)": format_exact(v)})


@claim("floyd.order", "the evaluation orders",
       "When f(A, B) is calculated, f(B, A-2) .. f(B, A-12) have already been calculated in the order "
       "f(1,1); f(2,1), f(1,2), f(2,2); ...; another satisfactory order is by increasing sums of A and B.")
def order():
    a = run_floyd(25, order="floyd")
    b = run_floyd(25, order="sum")
    if a.read_before_written:
        return refuted(EXACT, f"Floyd's order reads {a.read_before_written[0][1]} before computing it",
                       a.read_before_written[0])
    if b.read_before_written:
        return refuted(EXACT, f"the sum order reads {b.read_before_written[0][1]} before computing it",
                       b.read_before_written[0])
    if a.values != b.values:
        return refuted(EXACT, "the two orders give different tables", None)
    return verified(EXACT, "instrumented run: in both orders every entry F[B, A-i-j] with A-i-j >= 1 is computed "
                           "before it is read, and both give the same 625 exact values.")


@claim("floyd.exercise", "Exercise",
       "Which values of the array F need to be initialized?  What should the subscript bounds on F be?")
def exercise():
    run = run_floyd(25)
    init = run.initialised
    expected = {(b, k) for b in range(1, 26) for k in range(-11, 1)}
    if init != expected:
        missing = sorted(expected - init)[:3]
        extra = sorted(init - expected)[:3]
        return refuted(EXACT, f"initialised set differs from F[1..25, -11..0]: missing {missing}, extra {extra}",
                       (missing, extra))
    if run.first_bounds != (1, 25) or run.second_bounds != (-11, 25):
        return refuted(EXACT, f"subscript ranges used: {run.first_bounds}, {run.second_bounds}",
                       (run.first_bounds, run.second_bounds))
    return verified(EXACT, "Answer, from an instrumented run of Floyd's algorithm: the entries read but never computed "
                           "are exactly F[B, K] for 1 <= B <= 25 and -11 <= K <= 0 (300 entries), all to be set to 0 "
                           "(the opponent has already reached his total; the rule f = 1 for A <= 0 is never needed, "
                           "since the first subscript read is always B >= 1). Subscript bounds: F[1:25, -11:25].",
                    {"initialise": "F[1..25, -11..0] = 0", "bounds": "F[1:25, -11:25]"})


@claim("floyd.bet", "opening paragraph",
       "He offers to bet three to one that he will win; I should accept if my winning chance is more than 0.25.")
def bet():
    v = run_floyd(25)(25, 25)
    mine = 1 - v  # I roll second
    ev = 3 * mine - (1 - mine)  # win 3, lose 1
    if (ev > 0) != (mine > mpq(1, 4)):
        return refuted(EXACT, "the 0.25 criterion does not match the bet's expectation", str(ev))
    verdict = "accept" if mine > mpq(1, 4) else "decline"
    return verified(EXACT, f"My chance (second to roll, needing 25 against 25) is 1 - f(25,25) = {format_exact(mine)} "
                           f"≈ {format_decimal(mine, 6)}, so my expectation per unit staked at 3 to 1 is "
                           f"4·chance - 1 = {format_decimal(ev, 6)}: {verdict} the bet "
                           "(the 0.25 criterion is exactly the break-even of the 3-to-1 odds).",
                    {"my_chance": format_exact(mine), "answer": verdict})


@claim("floyd.algorithm", "the program text",
       "FOR LARGER := 1 TO 2.5 DO ... WRITE F[25,25] (as extracted).")
def algorithm_text():
    # run with the printed bound: a Pascal/Algol FOR to 2.5 stops at LARGER = 2
    run2 = run_floyd(2)
    if (25, 25) in run2.values:
        return verified(EXACT, "the printed bound computes F[25,25]")
    return erratum(EXACT, "With the bound as extracted (2.5) the loop stops at LARGER = 2 and F[25,25] is never "
                          "computed; the bound must be 25 (the note computes f for A and B up to 25 and writes F[25,25]). "
                          "The '2.5' is either a typo in the note or an extraction artefact: the same '25' -> '2.5' "
                          "corruption occurs in our copy of ju24, line 622. With 25 the algorithm is correct (claims "
                          "floyd.order, floyd.f25).",
                   [Erratum("program, FOR LARGER := 1 TO 2.5", "2.5", "25",
                            note="either a typo in the note or an extraction artefact: the same '25' -> '2.5' "
                                 "corruption occurs in our copy of ju24, line 622",
                            kind=ErratumKind.TRANSCRIPTION)])
