r"""Conjectures 9 and 10 checked at scale: what ``exactcube conjecture`` runs, as library calls returning results.

* **On a grid** (:func:`grid_points`, :func:`run_grid`): at every :math:`\varepsilon = S, 2S, \dots, 1 - S`
  (below 1/2 for Conjecture 9, optionally a sub-range) the game is solved for all heaps :math:`n \le N` and each
  statement decided (:func:`exactcube.noisy.conjectures.check_at`, exactly or in certified floating point first),
  through the resumable sweep of :mod:`exactcube.noisy.scale.sweep`; :class:`GridRun` holds the verdict
  (:func:`exactcube.noisy.conjectures.grid_verdict`), its scope in words and the smallest exact witness.
* **The crossing** :math:`\varepsilon^*(N)` of Conjecture 10 (:func:`crossing_certificate`,
  :func:`certify_crossing`): which certificate applies, the scan, the bisection and the certificate
  (:class:`CrossingRun`).
* **The estimate** of a grid run before it starts (:func:`grid_cost`: one grid point timed on smaller heaps),
  as seconds and the words saying how they were worked out; the caller announces them.

The proofs on whole intervals (``--region``, ``--near-half``) are asked for in
:mod:`exactcube.noisy.scale.whole_intervals`.

References: ``noisy`` §3, Conjectures 9 and 10; docs/noisy.md.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

from ...errors import BadInput
from ...numbers import format_exact, mpq, parse_rational
from ...progress import Progress
from ...results import Evidence, Result

__all__ = ["GridRun", "grid_points", "run_grid", "grid_cost", "seconds_per_call", "exact_witness", "MAX_RIGOROUS",
           "MAX_CROSSING_HEAP", "MAX_POLY_HEAP", "crossing_certificate", "crossing_precision", "CrossingRun",
           "certify_crossing"]

#: Largest heap bound of the proofs on whole intervals by exact germs and arb bisection (the exact rational
#: functions grow quickly: measured here, 64 -> 128 multiplies the time by about 36).
MAX_RIGOROUS = 128
#: Largest heap of a certified crossing (the certified floating point reaches it in minutes).
MAX_CROSSING_HEAP = 2048
#: Largest heap of the exact polynomial certificate (the polynomial's degree is about 2 sum k(r)).
MAX_POLY_HEAP = 512
#: The smallest heap bound :func:`grid_cost` times a grid point at.
GRID_START = 4
#: grids of heaps up to this bound are timed at their own heaps, a few points (one point costs well under 0.1 s
#: there); extrapolated from smaller heaps, the cost of a point at 64 was underestimated fourfold
DIRECT_TIMING_HEAPS = 128


def grid_points(conjecture: int, step, eps_from=None, eps_to=None) -> tuple[list, str]:
    """The grid eps = S, 2S, ..., 1 - S of a conjecture (below 1/2 for Conjecture 9), restricted to
    [eps_from, eps_to] when either is given, and the words naming that sub-range ('' without one)."""
    from .. import conjectures as cj

    eps = cj.grid(step)
    if conjecture == 9:
        eps = [e for e in eps if e < cj.HALF]
    if eps_from is None and eps_to is None:
        return eps, ""
    a = eps_from if eps_from is not None else mpq(0)
    b = eps_to if eps_to is not None else mpq(1)
    eps = [e for e in eps if a <= e <= b]
    if not eps:
        raise BadInput(f"no grid point lies in [--eps-from, --eps-to] = [{a}, {b}]")
    return eps, f", the sub-range [{a}, {b}] of it"


@dataclass(frozen=True)
class GridRun(Result):
    """A conjecture decided at every point of a grid of eps for heaps n <= ``n_max``: the verdict
    (:class:`exactcube.noisy.conjectures.GridVerdict`), the grid (``step``, ``points``, the ``sub`` range words),
    how many points were decided in certified floating point (``ball_points``) and exactly (``exact_points``), and
    how many were read back from the results file ``resume``; ``evidence`` is ``rigorous`` when some point was
    decided in certified floating point, else ``exact``."""

    SOURCE = "noisy §3, Conjectures 9 and 10 on a grid of eps"
    METHOD = "exact checks at every eps of the grid"
    #: the method when some point was decided in certified floating point (``--fast``)
    METHOD_FAST = "checks at every eps of the grid in certified floating point, exact where it cannot decide"

    conjecture: int
    n_max: int
    step: mpq
    points: int
    sub: str
    verdict: object
    ball_points: int
    exact_points: int
    resumed: int
    resume: str | None
    fast: bool
    evidence: str

    def __post_init__(self):
        # the method names the arithmetic that ran: certified floats only when some point was decided in them
        object.__setattr__(self, "method", self.METHOD if self.evidence == "exact" else self.METHOD_FAST)

    @property
    def holds(self) -> bool:
        return self.verdict.holds

    @property
    def grade(self) -> str:
        """The evidence of the verdict: a failure is always an exact witness."""
        return self.evidence if self.holds else "exact"

    def scope(self) -> str:
        """What was checked, in words: the grid, the heaps, the resumed points, the ties among the failures."""
        s = self.step
        scope = (f"{self.evidence} on the grid eps = {s}, 2*{s}, ...{self.sub} ({self.points} points"
                 f"{' below 1/2' if self.conjecture == 9 else ''}) for heaps n <= {self.n_max}")
        if self.resumed:
            scope += f"; {self.resumed} points read from {self.resume}"
        if self.fast:
            scope += f"; {self.ball_points} points decided in certified floating point, {self.exact_points} exactly"
        if self.verdict.ties:
            scope += (f"; {self.verdict.ties} of the failures are exact ties (the conjectured move optimal but not "
                      "the unique optimum: a failure under the strict reading)")
        return scope

    def lines(self, digits: int = 20) -> list[str]:
        """The verdict in words: outcome and evidence, scope, and for a failure the smallest exact witness
        (:func:`exact_witness`, ``digits`` decimals) and the failing heaps with their grid points."""
        v = self.verdict
        out = [f"Conjecture {self.conjecture}: {v.outcome}  [{self.grade}]", f"  scope: {self.scope()}"]
        if v.holds:
            return out
        heaps = v.by_heap()
        ns = list(heaps)
        out += [f"  smallest witness: {exact_witness(v.smallest, digits)}",
                f"  failing heaps on the grid: {ns[:20]}{' ...' if len(ns) > 20 else ''} ({len(v.failures)} (n, eps) "
                "pairs)"]
        return out + [f"    n = {n}: {len(heaps[n])} grid points, eps from {heaps[n][0]} to {heaps[n][-1]}"
                      for n in ns[:8]]


def run_grid(conjecture: int, n_max: int, step, eps: list, sub: str = "", resume: str | None = None,
             workers: int = 1, dask=None, fast: bool = False, on_record: Callable[[dict], None] | None = None) -> GridRun:
    """Decide Conjecture ``conjecture`` at every eps of ``eps`` (:func:`grid_points`) for heaps <= ``n_max`` through
    the resumable sweep (:func:`exactcube.noisy.scale.sweep.run_sweep`; ``fast``: certified floating point first)."""
    from .. import conjectures as cj
    from . import sweep

    res = sweep.run_sweep(n_max, eps, resume, workers=workers, dask=dask, on_record=on_record,
                          method="ball" if fast else "exact")
    n_ball = sum(1 for e in res.eps if cj.record_evidence(res.records[e]) is not Evidence.EXACT)
    return GridRun(conjecture=conjecture, n_max=n_max, step=step, points=len(eps), sub=sub,
                   verdict=cj.grid_verdict(res.records, conjecture), ball_points=n_ball,
                   exact_points=len(res.eps) - n_ball, resumed=res.resumed, resume=resume, fast=fast,
                   evidence=res.evidence)


def exact_witness(f: dict, digits: int) -> str:
    """A failure of a grid record (:attr:`exactcube.noisy.conjectures.GridVerdict.failures`) as text, solved again
    exactly at its eps (:func:`exactcube.noisy.conjectures.check_at`), ``digits`` decimals; the record's own values
    when solving again does not reproduce it."""
    from ..conjectures import check_at

    chk = check_at(parse_rational(f["eps"]), f["n"])
    for g in chk.failures:
        if g.n == f["n"] and g.conjecture == f["conjecture"] and g.kind == f["kind"]:
            return g.describe(digits)
    return (f"n = {f['n']}, eps = {f['eps']}: optimal {', '.join(map(str, f['optimal']))} with p = {f['p']}; "
            f"conjectured move {f['conjectured']} gives {f['conjectured_value']} (the {f['kind']} statement fails; as "
            "recorded in the results file, not reproduced by solving again)")


def seconds_per_call(call, budget: float = 0.25) -> float:
    """Seconds of one ``call(k)``, averaged over k = 1, 2, ... until ``budget`` seconds are spent (k = 0, the
    first call, is a warm-up: it pays the imports)."""
    call(0)
    k, t0 = 1, time.perf_counter()
    while True:
        call(k)
        t = time.perf_counter() - t0
        if t >= budget:
            return t / k
        k += 1


def grid_cost(eps: list, n_max: int, resume: str | None, workers: int, measure, dask=None) -> tuple[float, str] | None:
    """Estimated wall seconds of a grid run on ``workers`` and how they were worked out, or None when nothing is left
    to compute or the run goes to Dask (``dask``: the speed of its workers is not known here).  A ``resume`` file that is not a results file is refused here, before any timing.  One grid point is
    timed by ``measure(run_at, n_max, start=...)`` on smaller heaps (the CLI's ``measure_seconds``), or repeated at
    heaps too small to extrapolate from."""
    from .sweep import grid_task, read_results

    done = read_results(resume)[1] if resume else {}
    todo = len([e for e in eps if e not in done])
    if todo == 0 or dask is not None:
        return None
    # a point a third of the way in: the middle of a symmetric grid is eps = 1/2, where every move ties and the cost
    # differs (issue 45: 'conjecture 10' was estimated at 2 s from it and took 7.5 s of CPU)
    mid = format_exact(eps[len(eps) // 3])
    if n_max > DIRECT_TIMING_HEAPS:
        per_point = measure(lambda n: grid_task(mid, n), n_max, start=GRID_START)
        timed = "timed on smaller heaps"
    else:  # heaps too small to extrapolate from: time the point itself, repeated (half a million of them add up)
        per_point = seconds_per_call(lambda k: grid_task(format_exact(eps[k % len(eps)]), n_max))
        timed = "timed on a few points"
    return (todo * per_point / workers, f"{todo} grid points x {per_point:.3g} s each, {timed}"
            + (f" / {workers} workers" if workers > 1 else ""))


def crossing_certificate(n: int, certificate: str | None = None) -> str:
    """The certificate of eps*(n) ('polynomial' or 'balls'; by default the polynomial up to :data:`MAX_POLY_HEAP`),
    after checking that n is a power of two in 4..:data:`MAX_CROSSING_HEAP`."""
    if n & (n - 1) or n < 4:
        raise BadInput(f"--crossing: N must be a power of two, at least 4 (got {n})")
    if n > MAX_CROSSING_HEAP:
        raise BadInput(f"--crossing: N is limited to {MAX_CROSSING_HEAP} (got {n})")
    how = certificate or ("polynomial" if n <= MAX_POLY_HEAP else "balls")
    if how == "polynomial" and n > MAX_POLY_HEAP:
        raise BadInput(f"--certificate polynomial is limited to N <= {MAX_POLY_HEAP} (its degree grows like "
                       "N log N with coefficients as long); use --certificate balls")
    return how


def crossing_precision(digits: int) -> int:
    """Bits of MPFR for eps* to ``digits`` decimals: the proved error bound must stay far below 10^-(digits+6)."""
    return max(384, int((digits + 40) * 3.33) + 64)


@dataclass(frozen=True)
class CrossingRun(Result):
    """eps*(n), where move n - 1 stops being optimal (Conjecture 10): the ``rival`` move beyond it, the bracket
    [``lo``, ``hi``] located by the exact solver, and the ``certificate`` (``how``: 'polynomial', an
    :class:`exactcube.noisy.conjectures.Crossing`; 'balls', an :class:`exactcube.noisy.eps.crossing.RootCertificate`;
    both rigorous, since both rest on the certified floating point of the bracket); ``rival`` None when move n - 1 is still the
    unique optimum at eps = 99/100, where the downward scan starts (no crossing located)."""

    SOURCE = "noisy §3, Conjecture 10: the crossing eps*(n) of moves n - 1 and n - 4"
    METHOD = "scan and bisection by the exact solver, then an exact polynomial or a certified MPFR root"

    n: int
    how: str
    rival: int | None = None
    lo: mpq | None = None
    hi: mpq | None = None
    certificate: object = None
    #: the certificate's evidence (:attr:`certificate`'s provenance); ``exact`` when no crossing was located (the
    #: scan by the exact solver is all that ran)
    evidence: str = "exact"

    def lines(self, digits: int = 50) -> list[str]:
        """The crossing in words: eps* to ``digits`` decimals, the rival move and what the certificate proves."""
        n, m, rival, c = self.n, self.n - 1, self.rival, self.certificate
        if rival is None:
            return [f"Conjecture 10, heap {n}: move {m} is already the unique optimum at eps = 99/100, where the "
                    "scan (step 1/100, downwards) starts: no crossing located (none is excluded above 99/100)"]
        lo, hi = format_exact(self.lo), format_exact(self.hi)
        out = [f"Conjecture 10, heap {n}: move {m} stops being optimal at", f"  eps*({n}) = {c.decimal(digits)}",
               f"  rival move: {rival} (the unique optimum just beyond eps*; {m} just before)"]
        if self.how == "polynomial":
            return out + [f"  certificate [{self.evidence}]: the unique root in ({lo}, {hi}) of a squarefree integer polynomial "
                          f"of degree {c.degree} (the numerator of p({n}, {m}) - p({n}, {rival}))",
                          f"  proved by: {c.certified}"]
        return out + [
            f"  certificate [{self.evidence}]: eps* is the unique zero of f = p({n}, {m}) - p({n}, {rival}) on [L, H] = "
            f"[{lo}, {hi}]",
            f"    heaps < {n} keep their moves on [L, H] and only moves {m}, {rival} compete at heap {n} (certified "
            f"floating point + Lipschitz bounds, smallest slack {c.bracket.min_slack:.3g})",
            f"    sign change of f (MPFR, {c.prec} bits, proved error bound) on an interval of width "
            f"{float(c.hi - c.lo):.1e} around eps*",
            f"    f' in [{float(c.slope[0]):.6g}, {float(c.slope[1]):.6g}] at a point of [L, H] and |f''| <= "
            f"{float(c.curvature):.3g} on it: f is strictly decreasing on [L, H]"]


def certify_crossing(n: int, how: str, digits: int, progress: Progress | None = None) -> CrossingRun:
    """Locate and certify eps*(n) for Conjecture 10 (``how`` from :func:`crossing_certificate`): the scan from
    eps = 99/100 downwards (:func:`exactcube.noisy.eps.crossing.find_bracket`), the bisection between moves n - 1
    and the rival (:func:`~exactcube.noisy.eps.crossing.bracket`), then the exact polynomial chain
    (:func:`exactcube.noisy.conjectures.locate_crossing`) or the certified root to ``digits`` decimals
    (:func:`~exactcube.noisy.eps.crossing.certify_root`).  ``progress(done, total)`` (:mod:`exactcube.progress`)
    after each point of the scan and, on the polynomial route, each heap of the chain: one count over both, the
    scan's points first."""
    from .. import conjectures as cj
    from ..eps import crossing as cr

    chain = n - 1 if how == "polynomial" else 0
    scanned = [0]  # the scan's points in all (find_bracket says how many)

    def scan(done, total):
        scanned[0] = total
        progress(done, total + chain)

    def heaps(done, total):
        progress(scanned[0] + done, scanned[0] + total)

    found = cr.find_bracket(n, progress=scan if progress else None)
    if found is None:
        return CrossingRun(n=n, how=how)
    lo, hi, rival = found
    L, H = cr.bracket(n, n - 1, rival, lo, hi)
    if how == "polynomial":
        c = cj.locate_crossing(n, n - 1, rival, L, H, progress=heaps if progress else None)
    else:
        c = cr.certify_root(n, n - 1, rival, L, H, digits=digits, prec=crossing_precision(digits))
    return CrossingRun(n=n, how=how, rival=rival, lo=L, hi=H, certificate=c, evidence=c.provenance.evidence.value)
