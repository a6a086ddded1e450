r"""Conjectures 9 and 10 of the ``noisy`` document, checked exactly on grids and on whole intervals.

Statements (reconstructed in docs/noisy.md; ``noisy`` §3):

* **Conjecture 9.**  For every heap :math:`n \ge 2` and :math:`0 < \varepsilon < 1/2`:
  :math:`p(n) > 1/2` and the optimal move is to send 0 (take the whole pile).
* **Conjecture 10.**  If :math:`n = 2^k` then :math:`p(n) \ge 1/2` for every
  :math:`\varepsilon \in [0, 1]`, and for :math:`\varepsilon > 1/2` the optimal move is
  to send :math:`n - 1`.

Three kinds of evidence, each with its scope:

* *exact on a grid*: at every rational :math:`\varepsilon` of a grid the whole game is
  solved in exact rational arithmetic (:func:`exactcube.noisy.nim.solve_nim`) and each
  statement decided exactly (:func:`check_at`);
* *exact on an interval*: on the germ of an end point every :math:`p(r)` is an exact
  rational function and the statement is an integer-polynomial sign condition
  (:mod:`exactcube.noisy.eps.phases`, :func:`exactcube.noisy.interval.crosscheck.check_germ`);
* *rigorous on an interval*: arb enclosures with adaptive bisection
  (:func:`exactcube.noisy.interval.crosscheck.check_move_on_interval`).

"Optimal move is m" is read strictly: m is the unique maximiser.  An exact tie (m optimal,
but so is another move) is therefore a counterexample, recorded with kind 'tie' so that
it can be told apart from a strictly better move ('move') and from a failed bound
('bound'); every verdict built on these checks counts it as a failure.  At :math:`\varepsilon = 1/2` every move ties (all weights are
:math:`2^{-k}`), which is why the conjectures exclude it.

References: ``noisy`` §3 (Conjectures 9, 10), §4 question (1), Appendix.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..errors import BadInput, TooLarge
from ..numbers import format_decimal, format_exact, mpq, to_mpq
from ..results import Evidence, IntervalProof, Result, evidence_of

__all__ = [
    "Failure",
    "EpsCheck",
    "check_at",
    "C9_AS_PRINTED",
    "C10_AS_PRINTED",
    "grid",
    "smallest_failure",
    "GridVerdict",
    "grid_verdict",
    "record_evidence",
    "Crossing",
    "locate_crossing",
    "prove_conjecture9",
    "prove_conjecture10",
    "scope_text",
    "gap_text",
]

HALF = mpq(1, 2)


@dataclass(frozen=True)
class Failure:
    """One exact counterexample: at heap n and eps, the optimal moves and p(n), against the conjectured
    move and its value p(n, move) (``kind`` says which statement fails: 'move', 'tie' or 'bound')."""

    conjecture: int
    n: int
    eps: mpq
    kind: str
    optimal: tuple
    p: mpq
    conjectured: int
    conjectured_value: mpq

    def as_json(self, digits: int = 30) -> dict:
        return {
            "conjecture": self.conjecture, "n": self.n, "eps": format_exact(self.eps), "kind": self.kind,
            "optimal": list(self.optimal), "p": format_decimal(self.p, digits),
            "conjectured": self.conjectured, "conjectured_value": format_decimal(self.conjectured_value, digits),
            "gap": format_decimal(self.p - self.conjectured_value, digits),
        }

    def describe(self, digits: int = 20) -> str:
        return (f"n = {self.n}, eps = {format_exact(self.eps)}: optimal {list(self.optimal)} with p = "
                f"{format_decimal(self.p, digits)}; conjectured move {self.conjectured} gives "
                f"{format_decimal(self.conjectured_value, digits)} (the {self.kind} statement fails)")


@dataclass(frozen=True)
class EpsCheck(Result):
    """Both conjectures decided at one eps for heaps 2..n_max; ``dev`` is :math:`|p(n) - 1/2|` for
    n = 0..n_max rounded to 12 decimals (for question 4.1; 9 decimals from certified balls when ``method`` is
    'ball ...', see :func:`check_at`); ``method`` is the solver's, ``evidence`` that of the solution the
    statements were decided on (:func:`exactcube.results.evidence_of`: ``exact`` for the rational solver,
    ``rigorous`` for the certified floating point of :func:`exactcube.noisy.nim.decide_nim`)."""

    SOURCE = 'noisy Conjectures 9 and 10 at one eps'

    eps: mpq
    n_max: int
    failures: tuple
    dev: tuple = field(default=(), repr=False)
    method: str = "exact"
    evidence: str = field(kw_only=True)

    def as_json(self) -> dict:
        out = {
            "eps": format_exact(self.eps),
            "n_max": self.n_max,
            "failures": [f.as_json() for f in self.failures],
            "dev": list(self.dev),
        }
        if self.method.startswith("ball"):
            out["method"] = self.method  # exact records keep their original form
        return out


def _is_power_of_two(n: int) -> bool:
    return n >= 1 and n & (n - 1) == 0


#: The constants of the two statements as §3 prints them: (eps bound, p bound, move), the move of Conjecture 10
#: counted back from the heap (1: the move n - 1).
C9_AS_PRINTED = (HALF, HALF, 0)
C10_AS_PRINTED = (HALF, HALF, 1)


def check_at(eps, n_max: int, solution=None, method: str = "exact", c9=C9_AS_PRINTED,
             c10=C10_AS_PRINTED) -> EpsCheck:
    r"""Decide Conjectures 9 and 10 exactly at one rational eps for every heap n <= n_max (``noisy`` (5)).

    Conjecture 9 applies when 0 < eps < 1/2 (n >= 2); Conjecture 10 to n = 2^k (p(n) >= 1/2 at every eps;
    move n - 1 the unique optimum when eps > 1/2).  Uses :func:`exactcube.noisy.nim.solve_nim`.

    ``c9`` = (s, b, m): Conjecture 9 read as "for 0 < eps < s, p(n) > b and m is the unique optimal move";
    ``c10`` = (s, b, k): Conjecture 10 as "p(2^j) >= b, and for eps > s the move 2^j - k is the unique optimum".
    The defaults are the printed constants (:data:`C9_AS_PRINTED`, :data:`C10_AS_PRINTED`); other values are
    how a check feeds the statement it read (``exactcube verify --mutate`` perturbs them).

    ``method="ball"``: decide first with :func:`exactcube.noisy.nim.decide_nim` (certified floating point,
    no exact arithmetic); if every statement is decided there and none fails, the check is returned with
    ``method`` 'ball (...)' and ``dev`` rounded to 9 decimals from the ball midpoints (the radius is below
    1e-9 for n <= 4096).  Otherwise (overlapping balls, a failure needing an exact witness, eps = 1/2 or 1)
    the exact check is returned.

    Under ``verify --mutate``'s arithmetic operator (:func:`exactcube.weaker.weaken`) it runs one arithmetic
    weaker: ``"exact"`` as ``"ball"`` (certified floating point, exact only where the balls cannot decide), and
    ``"ball"`` as the balls' midpoints, floats (``numeric``; a grid point the balls cannot decide raises
    ArithmeticError there).
    """
    from ..weaker import weaken

    weaker = weaken("noisy.check_at", "exact" if method == "exact" else "rigorous") if solution is None else None
    if weaker == "rigorous":
        method = "ball"
    elif weaker == "numeric":
        chk = _check_ball(eps, n_max) if (tuple(c9), tuple(c10)) == (C9_AS_PRINTED, C10_AS_PRINTED) else None
        if chk is None:
            raise ArithmeticError(f"the floats cannot decide both conjectures at eps = {eps}")
        return replace(chk, method=chk.method + "; midpoints as floats (verify --mutate's weaker arithmetic)",
                       evidence="numeric")
    if method == "ball" and solution is None and (tuple(c9), tuple(c10)) == (C9_AS_PRINTED, C10_AS_PRINTED):
        chk = _check_ball(eps, n_max)
        if chk is not None:
            return chk
    elif method not in ("exact", "ball"):
        raise BadInput(f"method: expected 'exact' or 'ball', got {method!r}")
    from .nim import solve_nim

    e = to_mpq(eps)
    if not 0 <= e <= 1:
        raise BadInput(f"eps must lie in [0, 1], got {e}")
    s = solution if solution is not None else solve_nim(n_max, e)
    (s9, b9, m9), (s10, b10, k10) = c9, c10
    fails = []
    for n in range(2, n_max + 1):
        opt, p = tuple(s.optimal[n]), s.p[n]
        if 0 < e < s9:
            if opt != (m9,):
                kind = "tie" if m9 in opt else "move"
                fails.append(Failure(9, n, e, kind, opt, p, m9, s.move_value(n, m9) if 0 <= m9 < n else mpq(0)))
            elif not p > b9:
                fails.append(Failure(9, n, e, "bound", opt, p, m9, p))
        if _is_power_of_two(n):
            t = n - k10
            value = s.move_value(n, t) if 0 <= t < n else mpq(0)  # a move that cannot be sent wins nothing
            if not p >= b10:
                fails.append(Failure(10, n, e, "bound", opt, p, t, value))
            if e > s10 and opt != (t,):
                kind = "tie" if t in opt else "move"
                fails.append(Failure(10, n, e, kind, opt, p, t, value))
    dev = tuple(format_decimal(abs(s.p[n] - HALF), 12) for n in range(n_max + 1))
    return EpsCheck(e, n_max, tuple(fails), dev, getattr(s, "method", "exact"), evidence=evidence_of(s).value)


def _check_ball(eps, n_max: int):
    """check_at decided in certified floating point, or None when it cannot decide everything (see check_at)."""
    from .nim import decide_nim

    e = to_mpq(eps)
    if not 0 <= e <= 1:
        raise BadInput(f"eps must lie in [0, 1], got {e}")
    b = decide_nim(n_max, e)
    if b is None or b.stopped is not None:
        return None
    for n in range(2, n_max + 1):
        opt = b.optimal[n]
        if 0 < e < HALF and (opt != (0,) or b.above(n, HALF) is not True):
            return None
        if _is_power_of_two(n) and (b.above(n, HALF) is not True or (e > HALF and opt != (n - 1,))):
            return None
    dev = tuple(format_decimal(abs(mpq(b.mid[n]) - HALF), 9) for n in range(n_max + 1))
    return EpsCheck(e, n_max, (), dev, b.method, evidence=evidence_of(b).value)


def grid(step, lo=0, hi=1, open_ends: bool = True) -> list[mpq]:
    """The rational grid lo, lo + step, ..., hi (without the end points when ``open_ends``)."""
    step, lo, hi = to_mpq(step), to_mpq(lo), to_mpq(hi)
    if step <= 0 or step > 1:
        raise BadInput(f"eps step must lie in (0, 1], got {step}")
    count = (hi - lo) / step
    if count.denominator != 1:
        raise BadInput(f"eps step {step} does not divide [{lo}, {hi}] evenly")
    if count > 10**6:
        raise TooLarge(f"eps step {step} gives {count} points; use a step of at least 1/1000000")
    pts = [lo + i * step for i in range(int(count) + 1)]
    return pts[1:-1] if open_ends else pts


def smallest_failure(checks, conjecture: int):
    """The counterexample with the smallest heap (then smallest eps) among the grid checks, or None; exact ties
    count (the strict reading of the module docstring)."""
    fs = [f for c in checks for f in c.failures if f.conjecture == conjecture]
    return min(fs, key=lambda f: (f.n, f.eps)) if fs else None


@dataclass(frozen=True)
class GridVerdict(Result):
    """The verdict of Conjecture ``conjecture`` on the records of a grid sweep: ``holds`` when no grid point fails;
    ``failures`` (the records' JSON failures, smallest heap then smallest eps first) and how many of them are exact
    ties (kind 'tie').  The one tie rule is the module docstring's strict reading: a tie is a failure.  ``evidence``
    is the weakest of the records' (:func:`record_evidence`): ``rigorous`` when a point was decided in certified
    floating point."""

    SOURCE = "noisy §3, Conjectures 9 and 10, judged on the records of a grid sweep"
    METHOD = "the checks of every grid point, every failure counted (exact ties included)"

    conjecture: int
    points: int
    failures: tuple
    ties: int
    evidence: str = field(kw_only=True)

    @property
    def holds(self) -> bool:
        return not self.failures

    @property
    def outcome(self) -> str:
        """'verified' or 'refuted' (a grid point where the statement fails refutes it; ties included)."""
        return "verified" if self.holds else "refuted"

    @property
    def smallest(self) -> dict | None:
        return self.failures[0] if self.failures else None

    def by_heap(self) -> dict:
        """The failing eps (exact, increasing) of every failing heap n, by n."""
        out: dict[int, list] = {}
        for f in self.failures:
            out.setdefault(f["n"], []).append(to_mpq(f["eps"]))
        return {n: sorted(es) for n, es in sorted(out.items())}


def grid_verdict(records: dict, conjecture: int) -> GridVerdict:
    """Conjecture 9 or 10 judged on the records of a grid sweep (:func:`exactcube.noisy.sweep.run_sweep`: by exact
    eps, each holding its JSON ``failures``), under the strict reading of the module docstring: every failure
    counts, exact ties (the conjectured move optimal, but not the unique optimum) included.  ``noisy`` §3,
    Conjectures 9 and 10.  The one judge of ``exactcube conjecture`` and of the grid claims of ``verify``."""
    if conjecture not in (9, 10):
        raise BadInput(f"conjecture: expected 9 or 10, got {conjecture}")
    fails = [f for rec in records.values() for f in rec.get("failures", ()) if f["conjecture"] == conjecture]
    fails.sort(key=lambda f: (f["n"], to_mpq(f["eps"])))
    ev = Evidence.weakest(Evidence.EXACT, *(record_evidence(rec) for rec in records.values()))
    return GridVerdict(conjecture, len(records), tuple(fails), sum(1 for f in fails if f["kind"] == "tie"),
                       evidence=ev.value)


def record_evidence(record: dict) -> Evidence:
    """The evidence of one grid record (:meth:`EpsCheck.as_json`), from the arithmetic it records: a point decided
    in certified floating point records its method ('ball (float64)': the evidence of
    :class:`exactcube.noisy.nim.ball.BallSolution`, rigorous), an exact record keeps its original form, without a
    method.  A method of another name is refused (BadInput), never guessed."""
    method = record.get("method")
    if method is None:
        return Evidence.EXACT
    if str(method).startswith("ball"):
        from .nim.ball import BallSolution

        return Evidence(BallSolution.EVIDENCE)
    raise BadInput(f"a grid record names the method {method!r}: expected none (exact) or 'ball (...)'")


# ---------------------------------------------------------------------------
# the exact crossing where a conjectured move stops being optimal
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Crossing(Result):
    r"""The eps in (lo, hi) where, at heap n, move ``a`` (optimal left of it) and move ``b`` (optimal right of
    it) exchange: the unique root of ``poly`` (the numerator of p(n, a) - p(n, b), integer coefficients,
    squarefree part) in the isolating interval; ``certified`` lists what was proved."""

    SOURCE = "noisy §3, (5): the eps where a heap's optimal move changes"
    EVIDENCE = 'rigorous'
    METHOD = "certified floating point and Lipschitz bounds on the bracket, the crossing polynomial's unique root (Descartes)"

    n: int
    a: int
    b: int
    root: object  # phases.AlgebraicNumber (poly possibly reducible but with exactly one root inside)
    degree: int
    certified: str

    def decimal(self, digits: int = 50) -> str:
        return self.root.decimal(digits)


def locate_crossing(n: int, a_move: int, b_move: int, lo, hi, progress=None) -> Crossing:
    r"""The exact eps in (lo, hi) where heap n's optimum changes from ``a_move`` (at lo) to ``b_move`` (at hi).

    Method: :func:`exactcube.noisy.eps.crossing.certify_bracket` proves (certified floating point at the midpoint
    plus Lipschitz bounds) that no heap r < n changes its unique optimal move on [lo, hi] and that at heap n
    only the two moves compete, so on (lo, hi) every p(r) is one exact rational function (the chain of
    :mod:`exactcube.noisy.eps.phases`); the crossing is then a root of the integer polynomial S_a Z(b) - S_b Z(a),
    unique in (lo, hi) by Descartes' rule.  Narrow [lo, hi] first (:func:`exactcube.noisy.eps.crossing.bracket`).
    The polynomial's degree is about twice the sum of k(r) over r < n: n = 512 takes minutes, n = 1024 is out of
    reach (use :func:`exactcube.noisy.eps.crossing.certify_root`).  ``progress(done, total)`` (:mod:`exactcube.progress`) after each heap of the chain.
    """
    from .eps import crossing as cr
    from .eps import phases as ph

    lo, hi = to_mpq(lo), to_mpq(hi)
    ends = cr.optimal_at(n, lo), cr.optimal_at(n, hi)
    if ends != ((a_move,), (b_move,)):
        raise BadInput(f"move {a_move} is not the unique optimum at {lo} or move {b_move} not at {hi}")
    cert = cr.certify_bracket(n, a_move, b_move, lo, hi)
    P = ph.crossing_polynomial(n, cert.winners, a_move, b_move, progress)
    if ph.descartes_bound(P, lo, hi) != 1 or ph.sign_at(P, lo) * ph.sign_at(P, hi) >= 0:
        raise BadInput(f"the crossing is not isolated in ({lo}, {hi}) by Descartes' rule: narrow the interval")
    root = ph.AlgebraicNumber(P, lo, hi, ("crossing", n, a_move, b_move, format_exact(lo), format_exact(hi)))
    return Crossing(n, a_move, b_move, root, P.degree(),
                    "certified floating point and Lipschitz bounds: heaps < %d keep their moves on [lo, hi] and "
                    "only moves %d, %d compete at heap %d; Descartes' rule: exactly one root of the crossing "
                    "polynomial" % (n, a_move, b_move, n))


# ---------------------------------------------------------------------------
# proofs on whole intervals
# ---------------------------------------------------------------------------


#: The result of :func:`prove_conjecture9` and :func:`prove_conjecture10` is the one interval-proof result
#: :class:`exactcube.results.IntervalProof` (kind ``cover``: exact germs at the ends, arb bisection between).
_WHOLE_SOURCE = "noisy §3, Conjectures 9 and 10 on whole intervals"
_WHOLE_METHOD = "exact germs at the end points (Descartes' rule) and arb adaptive bisection between them"
#: Conjecture 9's proof on (0, 1/2) runs the exact germ alone (no bisection: the method names no balls)
_GERM_METHOD = "the exact germ at 1/2- (every heap's optimal move fixed, signs by Descartes' rule)"


def scope_text(r: IntervalProof) -> str:
    """Where a whole-interval proof of :func:`prove_conjecture9` / :func:`prove_conjecture10` holds, in words: the
    interval, the heaps, and which method covered which part (its ``pieces``)."""
    if r.heaps and r.heaps[0] == 2 and r.eps_hi == HALF:
        return f"every eps in (0, 1/2), heaps 2..{r.heaps[-1]}"
    (_, g1, _), (a, b, _), (g2, _, _) = r.pieces
    return (f"every eps in (1/2, 1) for n = 2, 4, ..., {r.heaps[-1]}: exact on (1/2, {g1.decimal(6)}) and "
            f"({g2.decimal(6)}, 1), arb on [{format_decimal(a, 6)}, {format_decimal(b, 6)}]")


def gap_text(r: IntervalProof) -> str:
    """Why a whole-interval proof failed or stayed undecided: its gaps' reasons, joined."""
    return "; ".join(why for _, _, why in r.gaps)


def prove_conjecture9(n_max: int) -> IntervalProof:
    r"""Conjecture 9 on the whole open interval (0, 1/2), heaps 2..n_max: the exact germ left of 1/2 reaches
    0 with the single optimal move 0 for every heap, and p(n) > 1/2 there (Descartes' rule)."""
    from .interval.crosscheck import check_germ

    g = check_germ(n_max, HALF, "left")
    reaches = g.eps_lo.is_rational and g.eps_lo.lo == 0
    moves_ok = all(tuple(g.moves[n]) == (0,) for n in range(2, n_max + 1))
    bound_ok = all(g.above_ok.values())
    details = []
    if not reaches:
        details.append(f"the germ at 1/2- only reaches down to {g.eps_lo.describe(20)}")
    if not moves_ok:
        details.append("heaps with another optimal move: " + str(
            [(n, g.moves[n]) for n in range(2, n_max + 1) if tuple(g.moves[n]) != (0,)][:5]))
    if not bound_ok:
        details.append("heaps with p(n) <= 1/2 somewhere: " + str([n for n, ok in g.above_ok.items() if not ok][:5]))
    return IntervalProof(statement=f"Conjecture 9: move 0 is the unique optimal move and p(n) > 1/2, heaps 2..{n_max}",
                         heaps=tuple(range(2, n_max + 1)), eps_lo=mpq(0), eps_hi=HALF, open_lo=True, open_hi=True,
                         pieces=((mpq(0), HALF, "the exact germ at 1/2-"),), gaps=tuple((mpq(0), HALF, d) for d in details),
                         evidence=g.provenance.evidence.value, method=_GERM_METHOD, source=_WHOLE_SOURCE,
                         seconds=g.seconds)


def prove_conjecture10(n_max: int, germ_width="1/64", min_width="1/1000000") -> IntervalProof:
    r"""Conjecture 10 on the whole open interval (1/2, 1) for n = 2^k <= n_max (eps = 1 is excluded: there moves
    n - 1 and n - 4 tie for n >= 4): exact germs at 1/2+ and 1-
    (every heap's optimal move fixed, p(r) exact rational functions, signs by Descartes' rule) and arb
    adaptive bisection in between.  (The bound p(n) >= 1/2 on (0, 1/2) follows from Conjecture 9's proof;
    at eps = 1/2 p(n) = 1/2 exactly.)"""
    from .eps import phases as ph
    from .interval.crosscheck import check_move_on_interval

    w = to_mpq(germ_width)
    # restrict the germ search to (1/2, 1/2 + w) and (1 - w, 1): the envelope there is cheap
    g1 = _germ_within(n_max, HALF, "right", HALF + w)
    g2 = _germ_within(n_max, mpq(1), "left", 1 - w)
    a = ph.rational_between(ph.AlgebraicNumber.rational(HALF), g1.eps_hi)
    a = max(a, g1.eps_hi.lo) if g1.eps_hi.lo > HALF else a
    b = ph.rational_between(g2.eps_lo, ph.AlgebraicNumber.rational(1))
    b = min(b, g2.eps_lo.hi) if g2.eps_lo.hi < 1 else b
    details = []
    ran = [g1, g2]  # the results the proof rests on: its evidence is the weakest of theirs
    n = 2
    while n <= n_max:
        t = n - 1
        ok1 = tuple(g1.moves[n]) == (t,) and g1.above_ok.get(n, False)
        ok2 = tuple(g2.moves[n]) == (t,) and g2.above_ok.get(n, False)
        chk = check_move_on_interval(n, t, a, b, above=HALF, min_width=min_width)
        ran.append(chk)
        if not ok1:
            details.append(f"n = {n}: near 1/2+ the optimal moves are {g1.moves[n]}")
        if not ok2:
            details.append(f"n = {n}: near 1- the optimal moves are {g2.moves[n]}")
        if chk.refuted:
            details.append(f"n = {n}: refuted on {[(str(x), str(y), m) for x, y, m in chk.refuted][:3]}")
        if chk.undecided:
            details.append(f"n = {n}: undecided on {[(str(x), str(y)) for x, y in chk.undecided][:3]}")
        if ok1 and ok2 and not chk.holds and not (chk.refuted or chk.undecided):
            details.append(f"n = {n}: the bisection did not finish")
        n *= 2
    return IntervalProof(statement=f"Conjecture 10: move n - 1 is the unique optimal move and p(n) > 1/2, n = 2, 4, ..., "
                                   f"{n_max}", heaps=tuple(1 << j for j in range(1, n_max.bit_length())),
                         eps_lo=HALF, eps_hi=mpq(1), open_lo=True, open_hi=True,
                         pieces=((HALF, g1.eps_hi, "the exact germ at 1/2+"), (a, b, "arb adaptive bisection"),
                                 (g2.eps_lo, mpq(1), "the exact germ at 1-")),
                         gaps=tuple((HALF, mpq(1), d) for d in details),
                         evidence=Evidence.weakest(*(x.provenance.evidence for x in ran)).value, method=_WHOLE_METHOD,
                         source=_WHOLE_SOURCE)


def _germ_within(n_max, at, side, other):
    import time

    from .interval import crosscheck as iv
    from .eps import phases as ph

    t0 = time.time()
    g = ph.germ(n_max, at, side, other=other)
    heaps = [n for n in range(2, n_max + 1) if _is_power_of_two(n)]
    ok = {}
    for n in heaps:
        f = g.p[n]
        P = 2 * f.num - f.den
        ok[n] = (not P.is_zero()) and iv.positive_on(P, g.lo, g.hi)
    return iv.germ_proof(g, at, side, n_max, ok, HALF, t0)
