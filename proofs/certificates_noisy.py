"""The certificate builders of the noisy paper's whole-interval and grid claims (:mod:`exactcube.certificates`).

``nim-rational``: on an open interval of eps where every heap keeps its optimal moves, each p(r) is one rational
function; the certificate lists them (reduced, integer coefficients, constant first), the optimal moves and one
common multiple of the denominators, and the checker re-derives (5) as polynomial identities and the strict
inequalities by Descartes' rule (:mod:`certcheck.noisy_kinds`).  ``nim-grid``: the exact game at listed eps and
the optimal-move sets or sides of 1/2 a claim states there.
"""

from __future__ import annotations

from exactcube.certificates import builder, spell
from exactcube.numbers import mpq


def rational_table(heap: int, moves: dict) -> tuple[list, list]:
    """p(0..heap) as reduced rational functions of eps (flint integer polynomials) when heap r plays
    ``moves[r][0]`` (equation (5) with that move), and their least common denominator."""
    import flint

    e = flint.fmpz_poly([0, 1])
    one_minus = flint.fmpz_poly([1, -1])
    p = [(flint.fmpz_poly([]), flint.fmpz_poly([1]))]
    for n in range(1, heap + 1):
        k = n.bit_length()
        L = flint.fmpz_poly([1])
        for _, d in p:
            L = L * d // L.gcd(d)
        m = moves[n][0]
        num, Z = flint.fmpz_poly([]), flint.fmpz_poly([])
        for r in range(n):
            dist = (m ^ r).bit_count()
            w = e ** dist * one_minus ** (k - dist)
            nr, dr = p[r]
            num += w * (dr - nr) * (L // dr)
            Z += w
        den = Z * L
        g = num.gcd(den)
        num, den = num // g, den // g
        p.append((num, den))
    M = flint.fmpz_poly([1])
    for _, d in p:
        M = M * d // M.gcd(d)
    return p, M


def _coeffs(poly) -> list[str]:
    return [str(int(c)) for c in poly.coeffs()]


def rational_certificate(heap: int, lo, hi, moves: dict, above_half: bool = False, formulas=(),
                         name: str | None = None) -> dict:
    """A ``nim-rational`` certificate: heaps 1..heap on (lo, hi), ``moves`` {heap: optimal moves},
    ``formulas`` [(heap, num coefficients, den coefficients)] compared with the table."""
    p, M = rational_table(heap, moves)
    cert = {"kind": "nim-rational",
            "asserts": {"heap": heap, "lo": spell(lo), "hi": spell(hi),
                        "moves": {str(n): list(moves[n]) for n in range(1, heap + 1)}, "above_half": above_half,
                        "formulas": [[n, list(a), list(b)] for n, a, b in formulas]},
            "data": {"p": [[_coeffs(a), _coeffs(b)] for a, b in p], "common_denominator": _coeffs(M)}}
    if name:
        cert["name"] = name
    return cert


def grid_certificate(heap: int, grid, *, optimal=(), side=(), values=(), above=(), below=(), power=(),
                     outcome="verified", name: str | None = None) -> dict:
    """A ``nim-grid`` certificate: p(0..heap) at each eps of ``grid`` and the cells asserted there: optimal-move
    sets, sides of 1/2, exact values, strict lower (``above``) and upper (``below``) bounds, and whether the power
    inequality H(K) holds (``power``: (eps, K, bool))."""
    from exactcube.noisy.nim import solve_nim

    tables = []
    for e in grid:
        s = solve_nim(heap, e)
        tables.append({"eps": spell(e), "p": [spell(x) for x in s.p[:heap + 1]]})
    cert = {"kind": "nim-grid",
            "asserts": {"heap": heap, "eps": [spell(e) for e in grid],
                        "optimal": [[spell(e), n, list(ms)] for e, n, ms in optimal],
                        "side": [[spell(e), n, s] for e, n, s in side],
                        "values": [[spell(e), n, spell(v)] for e, n, v in values],
                        "above": [[spell(e), n, spell(c)] for e, n, c in above],
                        "below": [[spell(e), n, spell(c)] for e, n, c in below],
                        "power": [[spell(e), K, bool(h)] for e, K, h in power], "outcome": outcome},
            "data": {"tables": tables}}
    if name:
        cert["name"] = name
    return cert


def _verified(result) -> bool:
    return result.verdict.outcome.value == "verified"


HALF = mpq(1, 2)


@builder("noisy.conjecture9")
def conjecture9_certificates(result, steps):
    """Conjecture 9 as the default claim proves it: heaps 2..32 on the whole of (0, 1/2) (move 0 the unique
    optimum, p(n) > 1/2, every p(r) one rational function) and the grid 1/100..49/100 for heaps up to 64."""
    from exactcube.noisy.nim import solve_nim

    if not _verified(result):
        return []
    whole = rational_certificate(32, mpq(0), HALF, {n: (0,) for n in range(1, 33)}, above_half=True,
                                 name="noisy.conjecture9.whole")
    grid = [mpq(i, 100) for i in range(1, 50)]
    optimal, side = [], []
    for e in grid:
        s = solve_nim(64, e)
        for n in range(2, 65):
            optimal.append((e, n, tuple(int(m) for m in s.optimal[n])))
            side.append((e, n, "above" if s.p[n] > HALF else "below" if s.p[n] < HALF else "equal"))
    if any(ms != (0,) for _, _, ms in optimal) or any(x != "above" for *_, x in side):
        return []
    return [whole, grid_certificate(64, grid, optimal=optimal, side=side, name="noisy.conjecture9.grid64")]


@builder("noisy.sec3.p2")
def p2_certificates(result, steps):
    """p(0) = 0, p(1) = 1 and p(2) = max(eps, 1 - eps): on (0, 1/2) move 0 and p(2) = 1 - eps, on (1/2, 1) move 1
    and p(2) = eps, and the exact values at eps = 0, 1/2, 1."""
    if not _verified(result):
        return []
    below = rational_certificate(2, mpq(0), HALF, {1: (0,), 2: (0,)}, formulas=[(1, ["1"], ["1"]),
                                                                              (2, ["1", "-1"], ["1"])],
                                 name="noisy.sec3.p2.below")
    above = rational_certificate(2, HALF, mpq(1), {1: (0,), 2: (1,)}, formulas=[(1, ["1"], ["1"]), (2, ["0", "1"], ["1"])],
                                 name="noisy.sec3.p2.above")
    ends = grid_certificate(2, [mpq(0), HALF, mpq(1)],
                            values=[(e, n, v) for e in (mpq(0), HALF, mpq(1))
                                    for n, v in ((0, 0), (1, 1), (2, max(e, 1 - e)))], name="noisy.sec3.p2.ends")
    return [below, above, ends]


@builder("noisy.eq2")
def eq2_certificates(result, steps):
    """(2): p(3) = (1 - e + e^2)/(1 + e) with move 0 on (0, 1/2) and e(1 - e^2)/(1 - e + e^2) with move 1 on
    (1/2, 1), and the values at e = 0, 1/2, 1."""
    if not _verified(result):
        return []
    below = rational_certificate(3, mpq(0), HALF, {1: (0,), 2: (0,), 3: (0,)},
                                 formulas=[(3, ["1", "-1", "1"], ["1", "1"])], name="noisy.eq2.below")
    above = rational_certificate(3, HALF, mpq(1), {1: (0,), 2: (1,), 3: (1,)},
                                 formulas=[(3, ["0", "1", "0", "-1"], ["1", "-1", "1"])], name="noisy.eq2.above")
    at = [(mpq(0), mpq(1)), (HALF, HALF), (mpq(1), mpq(0))]
    ends = grid_certificate(3, [e for e, _ in at], values=[(e, 3, v) for e, v in at], name="noisy.eq2.ends")
    return [below, above, ends]


def _appendix_grid_optimal(heaps):
    from proofs.noisy.appendix import GRID

    from exactcube.noisy.nim import solve_nim

    out = []
    for e in GRID:
        s = solve_nim(max(heaps), e)
        out += [(e, n, tuple(int(m) for m in s.optimal[n])) for n in heaps]
    return GRID, out


@builder("noisy.sec3.five", "noisy.sec3.six-seven", "noisy.sec3.nine-ten")
def sec3_pattern_grid(result, steps):
    """The optimal-move runs of §3 on the Appendix grid eps = 0.00..0.99 (the grid part of the claim; the
    continuum between grid points rests on the exact phase diagram, not certified here)."""
    if not _verified(result):
        return []
    heaps = {"noisy.sec3.five": [5], "noisy.sec3.six-seven": [6, 7], "noisy.sec3.nine-ten": [9, 10]}[result.claim.id]
    grid, optimal = _appendix_grid_optimal(heaps)
    return [grid_certificate(max(heaps), grid, optimal=optimal, name=f"{result.claim.id}.grid")]


@builder("noisy.sec3.below-half")
def sec3_below_half_grid(result, steps):
    """Where p(n) < 1/2 on the Appendix grid for n = 4..10 (the grid part of the claim)."""
    from proofs.noisy.appendix import GRID

    from exactcube.noisy.nim import solve_nim

    if not _verified(result):
        return []
    side = []
    for e in GRID:
        s = solve_nim(10, e)
        side += [(e, n, "above" if s.p[n] > HALF else "below" if s.p[n] < HALF else "equal") for n in range(4, 11)]
    return [grid_certificate(10, GRID, side=side, name=f"{result.claim.id}.grid")]


def bearoff_table_certificate(max_checkers: int = 6, table=None) -> dict:
    """A ``bearoff-table`` certificate: the whole two-sided table of up to ``max_checkers`` checkers a side
    (:func:`exactcube.race.bearoff.twosided.build`), rows in the table's order, its SHA-256 the one the
    ``bearoff-audit`` certificate of the same table names (:func:`proofs.certificates.bearoff_audit`).  Not built
    in the default run (6 checkers: 924 positions, 853,776 entries, about 15 MB); the slow test and
    ``scripts/bench_certcheck.py`` build it."""
    import hashlib

    from exactcube.race.bearoff import twosided
    from exactcube.race.bearoff.positions import counts_of

    t = table if table is not None else twosided.build(max_checkers)
    P = t.objects("P")
    rows = [[int(v) for v in row] for row in P]
    digest = hashlib.sha256()
    for row in rows:
        digest.update((",".join(map(str, row)) + "\n").encode())
    return {"kind": "bearoff-table", "name": f"bearoff.table{max_checkers}",
            "asserts": {"max_checkers": max_checkers, "scale": int(t.scale), "table_sha256": digest.hexdigest()},
            "data": {"positions": [",".join(map(str, counts_of(k))) for k in t.keys], "rows": rows}}


def theorem2_value(r: int):
    """Theorem 2 as printed: at eps = 1, p(r) = 0 on Z = {0, 3}, 1 on W (1, 2, 4 and every [2^i - 3, 2^i + 1],
    i >= 3), 1/2 elsewhere."""
    if r in (0, 3):
        return mpq(0)
    if r in (1, 2, 4) or any(2 ** i - 3 <= r <= 2 ** i + 1 for i in range(3, r.bit_length() + 2)):
        return mpq(1)
    return HALF


@builder("noisy.ends.values_at_one")
def values_at_one_grid(result, steps):
    """Theorem 2's values at eps = 1 for every heap up to 64 and, from n = 2^j (j = 2..6), the optimal moves
    n - 4 and n - 1 (the finite part of the all-n claim; its induction step is z3's)."""
    if not _verified(result):
        return []
    one = mpq(1)
    return [grid_certificate(64, [one], values=[(one, r, theorem2_value(r)) for r in range(65)],
                             optimal=[(one, 1 << j, ((1 << j) - 4, (1 << j) - 1)) for j in range(2, 7)],
                             name="noisy.ends.values_at_one.heaps64")]


@builder("noisy.ends.channel_at_one", "noisy.ends.power_channel")
def channel_lemmas(result, steps):
    """Lemma 1 at every move of every heap to 160 and Lemma 4 for 2^j, j <= 8 (the finite parts the claims check;
    their all-n steps are z3's): no data, certcheck decides them from its own channel."""
    if not _verified(result):
        return []
    return [{"kind": "channel-lemmas", "name": f"{result.claim.id}.finite",
             "asserts": {"lemma1_heaps_to": 160, "lemma4_powers_to": 8}, "data": {}}]


@builder("noisy.example3")
def channel_rows(result, steps):
    """Example 3: the rows mu_n(m, .) exactcube's channel gives (:func:`exactcube.noisy.nim.channel_weights`) at
    the claim's values of eps for every move of every heap to its largest, which certcheck compares with the
    bit-flip channel it builds from the definition."""
    from exactcube.noisy.nim import channel_weights
    from proofs.noisy.examples import EXAMPLE3_EPS, EXAMPLE3_HEAPS

    if not _verified(result):
        return []
    eps = [mpq(a, b) for a, b in EXAMPLE3_EPS]
    rows = {spell(e): [[[spell(x) for x in channel_weights(n, e).row(m)] for m in range(n)]
                       for n in range(1, EXAMPLE3_HEAPS + 1)] for e in eps}
    return [{"kind": "channel-rows", "name": f"{result.claim.id}.rows",
             "asserts": {"eps": [spell(e) for e in eps], "heaps_to": EXAMPLE3_HEAPS}, "data": {"rows": rows}}]


@builder("noisy.ends.near_zero")
def near_zero_grid(result, steps):
    """Theorem 7's instances: at eps = 1/(3k), k the binary digits of n, move 0 the unique optimum and p(n) > 2/3
    for every heap 2..64 (the finite part of the claim; its inequalities for every k are z3's)."""
    if not _verified(result):
        return []
    ks = range(2, 8)
    grid = [mpq(1, 3 * k) for k in ks]
    heaps = [n for n in range(2, 65)]
    at = {n: mpq(1, 3 * n.bit_length()) for n in heaps}
    return [grid_certificate(64, grid, optimal=[(at[n], n, (0,)) for n in heaps],
                             above=[(at[n], n, mpq(2, 3)) for n in heaps], name="noisy.ends.near_zero.heaps64")]


@builder("noisy.ends.half", "noisy.half.first_order")
def half_first_order_certificate(result, steps):
    """Theorem 6's first order at eps = 1/2 for every heap 2..256 (the heaps both claims check; Theorem 6's
    telescoping step for every n is sympy's, and half.first_order's germ derivatives are not in it): no data,
    certcheck differentiates (5) itself."""
    if not _verified(result):
        return []
    return [{"kind": "half-first-order", "name": f"{result.claim.id}.heaps256", "asserts": {"heap": 256}, "data": {}}]


@builder("noisy.sec3.ten-fair")
def ten_fair_grid(result, steps):
    """The band |p(10) - 1/2| < 3/100 at every eps = 0.30..0.99 of the Appendix grid, and p(10) > 53/100 at 0.29
    (where the grid's values enter the band; the grid part of the claim: the continuum between grid points rests
    on the exact phase diagram, not certified here)."""
    from proofs.noisy.appendix import GRID

    if not _verified(result):
        return []
    band = [e for e in GRID if e >= mpq(3, 10)]
    lo, hi = HALF - mpq(3, 100), HALF + mpq(3, 100)
    return [grid_certificate(10, [mpq(29, 100)] + band, above=[(mpq(29, 100), 10, hi)] + [(e, 10, lo) for e in band],
                             below=[(e, 10, hi) for e in band], name=f"{result.claim.id}.grid")]


@builder("noisy.question4.1")
def question41_grid(result, steps):
    """What the open verdict computed exactly: p(n) for every heap 2..64 at the grid eps > 1/2 of step 1/50 and at
    eps = 1 (the sampled maxima M(n) follow from these values)."""
    from exactcube.noisy import conjectures as cj
    from exactcube.noisy.nim import solve_nim

    grid = [e for e in cj.grid(mpq(1, 50), HALF, 1) if e > HALF] + [mpq(1)]
    values = []
    for e in dict.fromkeys(grid):
        s = solve_nim(64, e)
        values += [(e, n, s.p[n]) for n in range(2, 65)]
    return [grid_certificate(64, list(dict.fromkeys(grid)), values=values, outcome=result.verdict.outcome.value,
                             name=f"{result.claim.id}.grid")]


@builder("noisy.example4")
def equiprobable_nim(result, steps):
    """Example 4: 1-pile Nim under the equiprobable channel is fair from 2 chips, heaps 2..60 (no data: certcheck
    decides it from the channel)."""
    if not _verified(result):
        return []
    return [{"kind": "nim-equiprobable", "name": f"{result.claim.id}.heaps60", "asserts": {"heap": 60}, "data": {}}]


@builder("noisy.eq4-5")
def eq45_grid(result, steps):
    """(4) for the channel of Example 3 is (5): the p(n) and the optimal-move sets both solvers found, heaps up to 16
    at eps = 0, 1/10, 1/2, 77/100, 2/3, 1, which certcheck re-derives by (5)."""
    from exactcube.noisy.nim import solve_nim

    if not _verified(result):
        return []
    grid = [mpq(0), mpq(1, 10), HALF, mpq(77, 100), mpq(2, 3), mpq(1)]
    optimal, values = [], []
    for e in grid:
        s = solve_nim(16, e)
        optimal += [(e, n, tuple(int(m) for m in s.optimal[n])) for n in range(1, 17)]
        values += [(e, n, s.p[n]) for n in range(17)]
    return [grid_certificate(16, grid, optimal=optimal, values=values, name=f"{result.claim.id}.grid")]


@builder("noisy.conjecture9.open_above_eps_star")
def power_above_eps_star(result, steps):
    """The exact margins the open verdict computed: at eps = 21/50, 9/20, 49/100 the power inequality H(K) holds at
    K = 2, 4, ... below its first failure and fails there (heaps up to 2K; whether 2 (1 - eps)^3 < eps there is
    rational arithmetic, in the claim)."""
    from proofs.noisy.blocks import exact_solution
    from proofs.noisy.power_every_k import ABOVE_EPS, power_holds

    power = []
    for e in ABOVE_EPS:
        sol = exact_solution(e)
        K = 2
        while power_holds(sol, K, e):
            power.append((e, K, True))
            K *= 2
        power.append((e, K, False))
    heap = max(K for _, K, _ in power)
    if heap > 64:
        return []
    return [grid_certificate(heap, list(ABOVE_EPS), power=power, outcome=result.verdict.outcome.value,
                             name=f"{result.claim.id}.power")]


@builder("noisy.cor8", "noisy.lemma7")
def equiprobable_piles(result, steps):
    """Corollary 8 on every position of up to 4 piles of up to 7 chips, and 1-pile Nim to 80 chips, under the
    equiprobable channel (no data: certcheck solves (4) itself).  For Lemma 7 these are two of its three games
    (the ordered heaps (7, 7, 7, 7) and the Chomp! control are not in the certificate)."""
    if not _verified(result):
        return []
    return [{"kind": "nim-equiprobable", "name": f"{result.claim.id}.piles4", "asserts": {"heap": 80, "piles": 4,
                                                                                         "chips": 7}, "data": {}}]


@builder("noisy.example2")
def noiseless_piles(result, steps):
    """Example 2's Nim games: every position of up to 3 piles of up to 6 chips and 1-pile Nim to 64 chips (eps = 0)
    under the noiseless channel (no data: certcheck solves them itself).  Its third game, noiseless 3 x 5 Chomp!,
    is not in the certificate."""
    if not _verified(result):
        return []
    return [{"kind": "nim-noiseless", "name": f"{result.claim.id}.nim", "asserts": {"games": [[3, 6], [1, 64]]},
             "data": {}}]
