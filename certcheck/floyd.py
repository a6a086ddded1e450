"""Floyd's program ("More dynamic programming") run as printed: its loop order, what it reads and writes.

The note's program: ``FOR LARGER := 1 TO N DO`` (ALGOL/SAIL step-until: LARGER = 1, 2, ... while LARGER <= N)
``GETF(LARGER, K)`` for K = 1 .. LARGER - 1, then ``GETF(K, LARGER)`` for K = 1 .. LARGER; the other order of the
note is by increasing A + B.  ``GETF(A, B)`` sets ``F[A, B] := 1 - SUM/36`` with SUM the sum of ``F[B, A-i-j]``
over the two dice i, j = 1..6.  An entry read that the order has not computed is either one no order ever
computes (second subscript <= 0: the opponent has reached his total, f = 0, so it must be initialised) or an
order error.  The kind ``floyd-program`` re-runs the program from these definitions alone (no data).
"""

from __future__ import annotations

from fractions import Fraction

from .core import describes, kind
from .numbers import decimal, need, z

SUMS = [i + j for i in range(1, 7) for j in range(1, 7)]


def floyd_order(bound: Fraction):
    larger = 1
    while larger <= bound:
        yield from [(larger, k) for k in range(1, larger)] + [(k, larger) for k in range(1, larger + 1)]
        larger += 1


def sum_order(size: int):
    return [(a, s - a) for s in range(2, 2 * size + 1) for a in range(max(1, s - size), min(size, s - 1) + 1)]


def run(order) -> dict:
    """Execute GETF in ``order``: the values written, the entries read but never computed, the entries read before
    being computed (order errors) and the range of each subscript used."""
    F, never, early, used = {}, set(), [], []
    order = list(order)
    computed = set(order)
    for a, b in order:
        total = Fraction(0)
        for t in SUMS:
            key = (b, a - t)
            used.append(key)
            if key in F:
                total += F[key]
            elif key in computed:
                early.append(key)
            else:
                never.add(key)  # the array's initial value: 0 (f(B, A') = 0 when A' <= 0)
                need(key[1] <= 0, f"F[{key[0]}, {key[1]}] is read but no order computes it")
        F[(a, b)] = 1 - total / 36
        used.append((a, b))
    bounds = [[min(k[i] for k in used), max(k[i] for k in used)] for i in (0, 1)]
    return {"F": F, "never": never, "early": early, "bounds": bounds}


@kind("floyd-program")
def floyd_program(asserts, data):
    """The program re-run; ``statement`` says what is asserted of it: ``order`` (the printed rows are the loop's,
    two dice read f(B, A-2) .. f(B, A-12), neither order reads an entry before computing it, both give the same
    table), ``exercise`` (the entries to initialise and the subscript bounds) or ``algorithm`` (the printed loop
    bound computes F[total, total]; if not, the bound that does, ``corrected``: the printed digits without their
    point is damage of the text (verified), any other correction an erratum)."""
    st, size = asserts["statement"], z(asserts["size"])
    need(1 <= size <= 60, "a table of size 1..60")
    if st == "algorithm":
        need(asserts["written"] == [size, size], f"the written entry is not F[{size}, {size}], the game's value")
        bound, fixed = asserts["bound"], asserts["corrected"]
        if (size, size) in run(floyd_order(decimal(bound)))["F"]:
            need(fixed is None, f"the loop bound {bound} computes F[{size}, {size}]: nothing to correct")
            return "verified"
        need(fixed is not None and decimal(fixed) == size, f"with the bound {bound} F[{size}, {size}] is never "
                                                         f"computed: a corrected bound {size} is needed")
        need(set(run(floyd_order(Fraction(size)))["F"]) == {(a, b) for a in range(1, size + 1)
                                                           for b in range(1, size + 1)}, "the corrected loop")
        return "verified" if bound.replace(".", "") == fixed else "erratum"
    a, b = run(floyd_order(Fraction(size))), run(sum_order(size))
    need(not a["early"] and not b["early"], "an order reads an entry before computing it")
    need(a["F"] == b["F"], "the two orders give different tables")
    if st == "order":
        lo, hi = asserts["reads"]
        need(sorted(set(SUMS)) == list(range(z(lo), z(hi) + 1)), f"two dice do not read f(B, A-{lo}) .. f(B, A-{hi})")
        loop, start = list(floyd_order(Fraction(size))), 0
        for n, row in enumerate(asserts["rows"], start=1):
            need(len(row) == 2 * n - 1 and [tuple(p) for p in row] == loop[start:start + len(row)],
                 f"row {n} of the printed order is not the loop's")
            start += len(row)
        return "verified"
    need(st == "exercise", f"unknown statement {st!r}")
    (r1, r2), (c1, c2) = asserts["initialise"]
    need(a["never"] == {(x, y) for x in range(r1, r2 + 1) for y in range(c1, c2 + 1)},
         "the entries read but never computed are not the asserted rectangle")
    need(a["bounds"] == asserts["bounds"], f"the subscripts used range over {a['bounds']}")
    return "verified"


@describes("floyd-program")
def floyd_program_text(asserts) -> str:
    n, st = asserts["size"], asserts["statement"]
    head = "Floyd's program re-run (GETF, FOR LARGER := 1 TO N, step-until)"
    if st == "algorithm":
        return (f"{head}: with the printed bound {asserts['bound']} it "
                + (f"does not compute F[{n}, {n}]; with {asserts['corrected']} it computes every f(A, B), "
                   f"A, B <= {n}, and F[{n}, {n}] ({asserts['corrected']} the printed bound's digits without its "
                   "point: damage of the text, verified; otherwise an erratum)" if asserts["corrected"]
                   else f"computes F[{n}, {n}]"))
    if st == "order":
        return (f"{head} to {n} and by increasing A + B: the {len(asserts['rows'])} printed rows are the loop's "
                f"order, two dice read f(B, A-{asserts['reads'][0]}) .. f(B, A-{asserts['reads'][1]}), neither "
                "order reads an entry before computing it and both give the same table")
    (r1, r2), (c1, c2) = asserts["initialise"]
    return (f"{head} to {n}: the entries read but never computed are exactly F[B, K], {r1} <= B <= {r2}, "
            f"{c1} <= K <= {c2} (initialised to 0); the subscripts used range over {asserts['bounds']}")
