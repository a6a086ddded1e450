r"""Proofs of Conjectures 9 and 10 on whole intervals of eps as ``exactcube conjecture`` asks for them: which method,
which ends, what it costs.

* ``--region N`` (:func:`whole_interval_run`): Conjecture 9 on [0, eps_to] for heaps 2..N, or heap N = 2^j >= 256 of
  Conjecture 10 beyond its crossing (and from eps_from up to it), by the first-order enclosures of
  :mod:`exactcube.noisy.interval.firstorder`; in sub-ranges, Conjecture 10's failure region by Taylor models
  (:func:`exactcube.noisy.scale.cluster.prove_region_distributed`).
* ``--near-half N``: Conjecture 9 on [eps_from, 1/2) or Conjecture 10 on (1/2, eps_to] by the Taylor models of
  :mod:`exactcube.noisy.interval.taylor`, in one cover or in sub-ranges on a pool or a Dask cluster, resumable
  (:func:`exactcube.noisy.scale.cluster.prove_distributed`).

:class:`WholeIntervalRun` is the proof asked for, its defaults and ends checked; it estimates its cost before the run
(:meth:`~WholeIntervalRun.cost`: measured CPU seconds of the failure region, :data:`REGION_CPU`, or one Taylor-model
piece timed on smaller heaps), runs (an :class:`exactcube.results.IntervalProof`) and says the result in words.

References: ``noisy`` §3, Conjectures 9 and 10; docs/noisy.md, "Beyond 1024 on a cluster".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ...errors import BadInput
from ...numbers import mpq

__all__ = ["REGION_CPU", "cover_pieces", "sub_ranges_left", "region_cost", "near_half_cost", "proof_end",
           "WholeIntervalRun", "whole_interval_run"]


#: CPU seconds of the Taylor-model region with eps_from = 3/5 (docs/noisy.md), with the matrix products and blocks of
#: the Taylor models (Nov 2026): measured 44 s at 256 and 143 s at 512 (the crossing piece included); 2048 measured
#: in 8 sub-ranges with the elementwise arithmetic before them (7,679 s) and divided by the speed-up measured on a
#: piece there (2.76x, scripts/bench_taylor_piece.py); 1024 between; 4096 measured in 16 sub-ranges (11,312 s)
REGION_CPU = {256: 44, 512: 143, 1024: 700, 2048: 2800, 4096: 11300}
#: pieces a near-half cover has needed so far: 18-20 for [0, 1/2) (n = 1024, 2048), 21 for (1/2, 1) (n = 128),
#: 6-7 for (1/2, 3/5] (n = 1024, 2048); cut into sub-ranges it needs more: 4 pieces in each of 8 sub-ranges of
#: [0, 1/2) at n = 4096
NEAR_HALF_PIECES = 20
NEAR_HALF_PIECES_TO_3_5 = 7
PIECES_PER_SUB_RANGE = 4


def cover_pieces(conjecture: int, eps_to) -> int:
    """Pieces a whole near-half cover is expected to need (measured, above)."""
    return NEAR_HALF_PIECES_TO_3_5 if conjecture == 10 and eps_to <= mpq(3, 5) else NEAR_HALF_PIECES


def sub_ranges_left(resume: str | None, kind: str, n: int, parts: int) -> tuple[int, str]:
    """The sub-ranges still to compute (those of a ``resume`` file are skipped) and the words for an estimate."""
    from .cluster import finished_sub_ranges

    done = min(finished_sub_ranges(resume, kind, n), parts)
    return parts - done, (f" for the {parts - done} of {parts} sub-ranges not yet in {resume}" if done else "")


def region_cost(n: int, parts: int, resume: str | None, workers: int) -> tuple[float, str]:
    """Estimated wall seconds of the Taylor-model failure region at heap n in ``parts`` sub-ranges on ``workers``
    (:data:`REGION_CPU`, those in ``resume`` skipped) and how they were worked out."""
    from .cluster import REGION_KIND

    left, done = sub_ranges_left(resume, REGION_KIND, n, parts)
    cpu = REGION_CPU[n] * left / parts
    w = min(workers, max(left, 1))
    return cpu / w, (f"about {cpu / 60:.0f} min of CPU{done}{f' on {w} workers' if w > 1 else ''}: measured 44 s "
                     "at n = 256, 143 s at 512 and 11,312 s at 4096; --resume keeps each finished sub-range")


def near_half_cost(n: int, sigma: int, measure, whole: int = NEAR_HALF_PIECES, left: int = 1, parts: int = 1,
                   words: str = "", workers: int = 1) -> tuple[float, str]:
    """Estimated wall seconds of a near-half cover at heap bound n on ``workers``, or of the fraction ``left /
    parts`` that a run in sub-ranges still has to compute: one Taylor-model piece timed by ``measure`` on smaller
    heaps (the CLI's ``measure_seconds``), times the pieces (``whole``: those of the whole cover,
    :func:`cover_pieces`)."""
    from ..interval import taylor as tp

    per_piece = measure(lambda m: tp.taylor_piece(m, sigma, mpq(1, 8), mpq(3, 16), {}, set()), n, start=32)
    pieces = max(whole, PIECES_PER_SUB_RANGE * parts) * left / parts
    w = max(1, min(workers, left))
    return pieces * per_piece / w, (f"about {pieces:.3g} pieces x {per_piece:.3g} s each{words}"
                                    f"{f' on {w} workers' if w > 1 else ''}, timed on smaller heaps")


_HALF = mpq(1, 2)


def proof_end(option: str, value, other, default, inside, where: str, which: str):
    """The far end of a whole-interval proof, given as ``option`` (--eps-from or --eps-to; ``default`` when None);
    ``other`` (the other option's value) must be absent, and the value must lie in ``where`` (``inside``)."""
    if other is not None:
        other_name = "--eps-to" if option == "--eps-from" else "--eps-from"
        raise BadInput(f"{other_name} is not an end of this proof: {which} takes {option}")
    value = default if value is None else value
    if not inside(value):
        raise BadInput(f"{option} must lie in {where}, got {value}")
    return value


def _power_of_two_region(n: int) -> None:
    if n & (n - 1) or n < 256:
        raise BadInput(f"--region N for Conjecture 10 needs a power of two N >= 256, where move N - 1 stops "
                       f"being optimal (got {n}); smaller powers of two are proved by --rigorous")


@dataclass(frozen=True)
class WholeIntervalRun:
    """A proof on whole intervals of eps asked for (the input of :meth:`run`), its ends checked: ``region`` (the
    first-order enclosures of :mod:`exactcube.noisy.interval.firstorder`, or the failure region of Conjecture 10 by
    Taylor models in sub-ranges) or the Taylor models reaching eps = 1/2 (:mod:`exactcube.noisy.interval.taylor`);
    ``parts`` None for one cover in this process, else the sub-ranges run on ``workers`` or ``dask``, resumable
    through ``resume`` (:mod:`exactcube.noisy.scale.cluster`)."""

    conjecture: int
    region: bool
    n: int
    eps_from: object = None
    eps_to: object = None
    parts: int | None = None
    workers: int = 1
    dask: object = None
    resume: str | None = None

    @property
    def what(self) -> str:
        """What is proved, in the words of a verdict line."""
        if self.region and self.parts is not None:
            return f"the failure region at n = {self.n}"
        return "whole intervals" if self.region else "whole intervals reaching 1/2"

    @property
    def title(self) -> str:
        """The words of its progress bar."""
        n, c = self.n, self.conjecture
        if self.parts is not None:
            return (f"Conjecture 10, heap {n}: {self.parts} sub-ranges of the failure region" if self.region
                    else f"Conjecture {c}, heaps <= {n}: {self.parts} sub-ranges")
        if self.region:
            return f"heaps 2..{n} on [0, {self.eps_to}]" if c == 9 else f"heap {n}: whole intervals above 1/2"
        return f"heaps 2..{n} on [{self.eps_from}, 1/2)" if c == 9 else f"n = 2^k <= {n} from 1/2 to {self.eps_to}"

    def cost(self, measure) -> tuple[float, str] | None:
        """Estimated wall seconds and how they were worked out (``measure``: the CLI's ``measure_seconds``), or None
        for the first-order enclosures (fast)."""
        from .cluster import COVER_KIND

        workers = 1 if self.dask else self.workers
        if self.region:
            return region_cost(self.n, self.parts, self.resume, workers) if self.parts is not None else None
        whole = cover_pieces(self.conjecture, self.eps_to)
        sigma = 1 if self.conjecture == 9 else -1
        if self.parts is None:
            return near_half_cost(self.n, sigma, measure, whole)
        left, done = sub_ranges_left(self.resume, COVER_KIND, self.n, self.parts)
        return near_half_cost(self.n, sigma, measure, whole, left, self.parts, done, workers)

    def lines(self, r) -> list[str]:
        """The proof ``r`` (of :meth:`run`) in words: verdict, statement, how it was covered, the first gaps."""
        verdict = "proved" if r.proved else ("NOT proved" if r.complete or r.why_not else "interrupted")
        out = [f"Conjecture {self.conjecture}, {self.what}: {verdict}  [rigorous]", f"  statement: {r.statement}"]
        if r.kind == "sub-ranges":
            out += [f"  not proved: {r.why_not}"] if r.why_not else []
            out.append(f"  {len(r.records)} of {self.parts} sub-ranges ({r.resumed} from the results file), "
                       f"{sum(x['pieces'] for x in r.records)} Taylor-model pieces; {r.cpu_seconds:.1f} s of CPU in "
                       f"the sub-ranges, {r.wall_seconds:.1f} s wall ({r.backend})")
            return out + [f"  not proved on s in [{a:.17g}, {b:.17g}] (sub-range from eps = {x['eps']}): {why}"
                          for x in r.records for a, b, why in x["gaps"][:3]]
        tests = {t: sum(1 for p in r.pieces if p.test == t) for t in ("centred", "end", "crossing", "end-one")}
        if self.region:
            out.append(f"  {len(r.pieces)} closed pieces in u = "
                       f"{'(1 - eps)/eps' if self.conjecture == 10 else 'eps/(1 - eps)'}: "
                       + ", ".join(f"{v} {k}" for k, v in tests.items() if v) + f"; {r.seconds:.1f} s")
        else:
            from ..interval.taylor import DEFAULT_ORDER

            out.append(f"  {len(r.pieces)} pieces in s = |1 - 2 eps| ({tests['end']} touching 1/2"
                       + (f", {tests['end-one']} touching 1" if tests["end-one"] else "")
                       + f"), Taylor models of order {DEFAULT_ORDER}; {r.seconds:.1f} s")
        return out + [f"  not proved on {'u' if self.region else 's'} in [{a:.17g}, {b:.17g}]: {why}"
                      for a, b, why in r.gaps[:10]]

    def run(self, advance: Callable | None = None):
        """Run the proof: an :class:`exactcube.results.IntervalProof`; ``advance(1, words)`` after each piece or
        sub-range."""
        from ..interval import firstorder as fo
        from ..interval import taylor as tp
        from . import cluster as cl

        tell = advance or (lambda k, words=None: None)
        n, c, kw = self.n, self.conjecture, dict(results=self.resume, workers=self.workers, dask=self.dask)
        if self.parts is not None:
            on_record = lambda rec: tell(1, rec["eps"])  # noqa: E731
            if self.region:
                return cl.prove_region_distributed(n, self.parts, self.eps_from, on_record=on_record, **kw)
            return cl.prove_distributed(c, n, self.parts, self.eps_from, self.eps_to, on_record=on_record, **kw)
        if self.region:
            def tick(done, total):  # the cover's progress in u
                tell(1, f"u up to {done:.4g} of {total:.4g}")

            if c == 9:
                return fo.prove_conjecture9_on(n, self.eps_to, progress=tick)
            return fo.prove_failure_region_first_order(n, eps_from=self.eps_from, progress=tick)

        def step(done, total):  # the cover's progress in s
            tell(1, f"s = |1 - 2 eps| up to {float(done):.4g} of {float(total):.4g}")

        if c == 9:
            return tp.prove_conjecture9_near_half(n, self.eps_from, progress=step)
        return tp.prove_conjecture10_near_half(n, self.eps_to, progress=step)


def whole_interval_run(conjecture: int, region: int | None = None, near_half: int | None = None,
                       parts: int | None = None, workers: int = 1, dask=None, resume: str | None = None, eps_from=None,
                       eps_to=None) -> WholeIntervalRun:
    """The proof on whole intervals that ``exactcube conjecture --region N`` or ``--near-half N`` asks for, with its
    defaults and its ends checked.  ``--region``: Conjecture 9 on [0, eps_to] (default 1/4) or heap N = 2^j >= 256
    of Conjecture 10 beyond its crossing (and from eps_from up to it) by first-order enclosures; with ``parts``,
    ``workers``, ``dask`` or ``resume``, Conjecture 10's region from eps_from (default 3/5) by Taylor models in
    ``parts`` sub-ranges (default 8, at least 2).  ``--near-half``: Conjecture 9 on [eps_from, 1/2) (default 0) or
    10 on (1/2, eps_to] (default 3/5) by Taylor models, in sub-ranges when asked as above."""
    split = parts is not None or bool(dask) or bool(resume) or workers != 1
    region_ = region is not None
    n = region if region_ else near_half
    if region_ and conjecture == 10:
        _power_of_two_region(n)
    if not split or (region_ and conjecture == 9):
        parts = None
    else:
        parts = 8 if parts is None else parts
        if region_ and parts < 2:
            raise BadInput("--region with --parts needs at least 2 sub-ranges (one on each side of the crossing)")
    c9, c10 = "Conjecture 9", "Conjecture 10"
    if region_ and conjecture == 9:
        eps_to = proof_end("--eps-to", eps_to, eps_from, mpq(1, 4), lambda e: 0 < e < _HALF, "(0, 1/2)", c9)
    elif region_:
        default, inside = (None, lambda e: e is None or _HALF < e < 1) if parts is None else \
            (mpq(3, 5), lambda e: _HALF < e < 1)
        eps_from = proof_end("--eps-from", eps_from, eps_to, default, inside, "(1/2, 1)", c10)
    elif conjecture == 9:
        eps_from = proof_end("--eps-from", eps_from, eps_to, mpq(0), lambda e: 0 <= e < _HALF, "[0, 1/2)", c9)
        eps_to = mpq(3, 5) if parts is not None else None
    else:
        eps_to = proof_end("--eps-to", eps_to, eps_from, mpq(3, 5), lambda e: _HALF < e <= 1, "(1/2, 1]", c10)
        eps_from = mpq(0) if parts is not None else None
    return WholeIntervalRun(conjecture, region_, n, eps_from, eps_to, parts, workers, dask, resume)
