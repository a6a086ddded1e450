"""Certificate builders of floyd's program claims and of ju24's claims (issue 41), for ``certcheck``.

floyd.order, floyd.exercise and floyd.algorithm: the printed values the claims read (the order's rows, the read
range, the loop bound, the table size, the written entry) for the ``floyd-program`` kind, which re-runs the
program from the note's definitions (no data: certcheck computes the order, the reads and the table itself).
"""

from __future__ import annotations

from exactcube.certificates import builder


def _printed():
    from proofs.floyd import race25 as fl

    return fl


@builder("floyd.order")
def floyd_order(result, steps):
    """The four printed rows of the order and the printed read range f(B, A-2) .. f(B, A-12), for a table to 25."""
    fl = _printed()
    if result.verdict.outcome.value != "verified":
        return []
    rows = [[list(p) for p in r.value] for r in fl.ORDER_ROWS]
    return [{"kind": "floyd-program", "data": {},
             "asserts": {"statement": "order", "size": 25, "reads": list(fl.READ_RANGE.value), "rows": rows}}]


@builder("floyd.exercise")
def floyd_exercise(result, steps):
    """The exercise's answer as the verdict gives it: initialise F[B, K], 1 <= B <= 25, -11 <= K <= 0; bounds
    F[1:25, -11:25]."""
    from exactcube.race.floyd import run_floyd

    if result.verdict.outcome.value != "verified":
        return []
    run = run_floyd(25)
    rows = sorted({b for b, _ in run.initialised})
    cols = sorted({k for _, k in run.initialised})
    return [{"kind": "floyd-program", "data": {},
             "asserts": {"statement": "exercise", "size": 25, "initialise": [[rows[0], rows[-1]], [cols[0], cols[-1]]],
                         "bounds": [list(run.first_bounds), list(run.second_bounds)]}}]


@builder("floyd.algorithm")
def floyd_algorithm(result, steps):
    """The printed loop bound, the table size ('up to 25') and WRITE F[25, 25]; the corrected bound when the
    verdict corrects it (an erratum of the bound)."""
    fl = _printed()
    if fl.UP_TO.value != fl.TOTAL.value:
        return []
    fixed = [e.true for e in result.verdict.errata if e.where == fl.LOOP_BOUND.where]
    return [{"kind": "floyd-program", "data": {},
             "asserts": {"statement": "algorithm", "size": fl.UP_TO.value, "bound": str(fl.LOOP_BOUND.value),
                         "written": list(fl.WRITTEN.value), "corrected": str(fixed[0]) if fixed else None}}]


@builder("ju24.notes.alpha_n")
def same_closed_form(result, steps):
    """ks69's alpha(n) and ju24's (1.1) as printed: one identity in the integer n (certcheck expands r^n as
    exp(n log r) by r's prime factors)."""
    from proofs.certificates_papers import identity_certificate
    from proofs.ju24.alternating import D_CLOSED, KS69_ALPHA

    same = {"lhs": KS69_ALPHA.value, "rhs": D_CLOSED.value, "holds": result.verdict.outcome.value == "verified",
            "label": "ks69's alpha(n) = ju24 (1.1)", "provenance": None}
    cert = identity_certificate(result, [same])
    return [cert] if cert else []
