r"""Taylor-model proofs of Conjectures 9 and 10 split into sub-ranges of eps and run in parallel (``noisy`` (5)).

A whole-interval proof (:func:`exactcube.noisy.interval.taylor.prove_near_half`) covers its interval with
pieces one after another.  Here the interval is first cut into ``parts`` sub-ranges of equal length in
:math:`\varepsilon`; each sub-range is covered independently (the one touching :math:`\varepsilon = 1/2`
with its end piece there), on a local process pool or a Dask cluster (a scheduler address, or ``local:W``
for a LocalCluster of W workers started for the run), and each finished sub-range is appended to a
resumable results file through :func:`exactcube.noisy.scale.sweep.run_sweep` (a killed run keeps every finished
sub-range and computes only the others).  The statement is proved when every sub-range is: the
sub-ranges are closed and share their end points, so together they cover the whole interval.

* Conjecture 9 on :math:`[\varepsilon_0, 1/2)`: for every heap 2..N move 0 is the unique optimum and
  :math:`p(n) > 1/2`.
* Conjecture 10 on :math:`(1/2, \varepsilon_1]`: for every :math:`n = 2^j \le N` move :math:`n - 1` is the
  unique optimum and :math:`p(n) > 1/2`.
* The failure region of Conjecture 10 at one :math:`n = 2^j \ge 256` (:func:`prove_region_distributed`): the
  crossing is isolated here first (:func:`exactcube.noisy.interval.firstorder.isolate_crossing`), then the Taylor
  covers of :func:`exactcube.noisy.interval.taylor.prove_failure_region_taylor` on either side of it (move
  :math:`n - 1` on :math:`[\varepsilon_0, \varepsilon^*)`, move :math:`n - 4` on :math:`(\varepsilon^*, 1)`)
  are cut into sub-ranges.

References: ``noisy`` §3, Conjectures 9 and 10; docs/noisy.md, "Beyond 1024 on a cluster".
"""

from __future__ import annotations

import time
from typing import Callable

from ...errors import BadInput
from ...numbers import format_exact, mpq, parse_rational, to_mpq
from ...results import IntervalProof

__all__ = ["COVER_KIND", "REGION_KIND", "cover_task", "region_task", "sub_ranges", "prove_distributed",
           "prove_region_distributed", "finished_sub_ranges", "sub_range_fields", "MAX_PARTS"]

COVER_KIND = "exactcube.noisy.taylor_cover"
REGION_KIND = "exactcube.noisy.taylor_region"
MAX_PARTS = 4096
_HALF = mpq(1, 2)


def sub_ranges(conjecture: int, eps_from, eps_to, parts: int) -> list[tuple[mpq, mpq]]:
    """The closed sub-ranges [a, b] of eps, equal in length, that cover the interval of the statement
    (Conjecture 9: [eps_from, 1/2]; Conjecture 10: [1/2, eps_to]; the point 1/2 itself is excluded by the
    end piece's proof)."""
    if conjecture not in (9, 10):
        raise BadInput(f"conjecture must be 9 or 10, got {conjecture}")
    if not 1 <= parts <= MAX_PARTS:
        raise BadInput(f"parts must be in 1..{MAX_PARTS}, got {parts}")
    lo, hi = (to_mpq(eps_from), _HALF) if conjecture == 9 else (_HALF, to_mpq(eps_to))
    if not (0 <= lo < hi <= 1):
        raise BadInput(f"the interval [{lo}, {hi}] is empty or outside [0, 1]")
    step = (hi - lo) / parts
    return [(lo + i * step, lo + (i + 1) * step) for i in range(parts)]


def finished_sub_ranges(results: str | None, kind: str, n_max: int) -> int:
    """How many sub-ranges a results file of ``kind`` for heap bound ``n_max`` already holds (0 without one, or for a
    file of another run, which the run itself then refuses): the part of an estimate that a resume skips."""
    if not results:
        return 0
    from .sweep import read_results

    header, records = read_results(results, kind)
    return len(records) if header is not None and header.get("n_max") == n_max else 0


def cover_task(eps_text: str, n_max: int, conjecture: int, eps_to: str, reduced: bool = False,
               method: str = "taylor") -> dict:
    """One sub-range [eps_text, eps_to] of eps covered by Taylor models (JSON-ready record); ``reduced``: Conjecture 9
    in its reduced form, move 0 against the low moves only
    (:func:`exactcube.noisy.interval.low_moves.prove_conjecture9_low_moves`), and with ``method="blocks"`` by the
    block recursion (:func:`exactcube.noisy.interval.block_models.prove_conjecture9_blocks`)."""
    from ..interval import taylor as tp

    a, b = parse_rational(eps_text, "eps"), parse_rational(eps_to, "eps_to")
    t0 = time.process_time()
    # the conjecture's own cover, started at the sub-range's near end (s_from): the targets and the statement's
    # tests are the ones of the whole proof; only [a, b] is covered (the returned statement text is not used)
    if conjecture == 9:
        from ..interval.low_moves import prove_conjecture9_low_moves

        prove = prove_conjecture9_low_moves if reduced else tp.prove_conjecture9_near_half
        if method == "blocks":
            from ..interval.block_models import prove_conjecture9_blocks as prove
        r = prove(n_max, a, s_from=1 - 2 * b)
    else:
        r = tp.prove_conjecture10_near_half(n_max, b, s_from=2 * a - 1)
    return _record(eps_text, eps_to, r, t0)


#: the forms of a cover (``method``): Taylor models of every move from grade sums, or the block recursion (reduced
#: form of Conjecture 9 only)
METHODS = ("taylor", "blocks")


def _record(eps_text: str, eps_to: str, r, t0: float, **extra) -> dict:
    """The JSON-ready record of one sub-range covered by Taylor models (``r`` an IntervalProof, ``t0`` the CPU clock
    at its start)."""
    return {"eps": eps_text, "eps_to": eps_to, **extra, "proved": r.proved, "pieces": len(r.pieces),
            "gaps": [[float(x), float(y), why] for x, y, why in r.gaps], "cpu_seconds": round(time.process_time() - t0, 2)}


#: what the sub-range runs implement (the ``source`` of their :class:`IntervalProof`)
SOURCE = "noisy §3, (5), Conjectures 9-10: whole intervals of eps"
#: the source of a failure region's proof
REGION_SOURCE = "noisy §3, (5), Conjecture 10: the failure region at n = 2^j"
#: the evidence of every proof of this module (outward-rounded binary64 enclosures)
EVIDENCE = "rigorous"
#: the method of every proof of this module
METHOD = "Taylor models of order J in s = |1 - 2 eps|, outward-rounded binary64, in sub-ranges of eps"


def _run(n_max: int, rng: list, task, kind: str, task_args: dict, t0: float, **sweep) -> dict:
    """Run ``task`` on every sub-range of ``rng`` through :func:`exactcube.noisy.scale.sweep.run_sweep` (``sweep``: its
    results, workers, dask and on_record); the fields of an :class:`IntervalProof` of kind ``sub-ranges``: the
    records are its pieces (:func:`sub_range_fields`)."""
    from .sweep import run_sweep

    # every task of this module covers its sub-range by Taylor models (or the block recursion) in outward-rounded
    # binary64: the one arithmetic of its records, rigorous
    r = run_sweep(n_max, [a for a, _ in rng], task=task, kind=kind, task_args=task_args, evidence=EVIDENCE, **sweep)
    recs = tuple(r.records[a] for a, _ in rng if a in r.records)
    return sub_range_fields(recs, r.complete, r.backend, r.computed, r.resumed, round(time.time() - t0, 2))


def sub_range_fields(records, complete: bool, backend: str = "serial", computed: int = 0, resumed: int = 0,
                     seconds: float = 0.0) -> dict:
    """The fields of an :class:`IntervalProof` of kind ``sub-ranges`` from its sub-ranges' ``records`` (those of
    :func:`cover_task` or :func:`region_task`): the records are its pieces, their gaps (in s, each naming its
    sub-range) its gaps, a record not proved without a gap a gap too; their CPU seconds summed."""
    recs = tuple(records)
    gaps = tuple((a, b, f"{why} (sub-range from eps = {x['eps']})") for x in recs for a, b, why in x["gaps"])
    gaps += tuple((0.0, 0.0, f"not proved (sub-range from eps = {x['eps']})") for x in recs
                  if not x["proved"] and not x["gaps"])
    return dict(pieces=recs, gaps=gaps, complete=complete, cpu_seconds=round(sum(x["cpu_seconds"] for x in recs), 2),
                seconds=seconds, backend=backend, computed=computed, resumed=resumed, kind="sub-ranges",
                method=METHOD, evidence=EVIDENCE)


def prove_distributed(conjecture: int, n_max: int, parts: int, eps_from=0, eps_to=mpq(3, 5),
                      results: str | None = None, workers: int = 1, dask=None,
                      on_record: Callable[[dict], None] | None = None, reduced: bool = False,
                      method: str = "taylor") -> IntervalProof:
    """Prove Conjecture 9 on [eps_from, 1/2) or Conjecture 10 on (1/2, eps_to] for heaps <= ``n_max`` by Taylor
    models in ``parts`` sub-ranges (module docstring), resumable through ``results``: an :class:`IntervalProof` of
    kind ``sub-ranges``.  ``reduced`` (Conjecture 9 only): move 0 against the low moves only, which with Theorems
    B6 and B7 is the same statement; its results file records it, so a resume never mixes the two forms.
    ``method="blocks"`` (with ``reduced``): each sub-range by the block recursion
    (:mod:`exactcube.noisy.interval.block_models`), also recorded in the results file."""
    if reduced and conjecture != 9:
        raise BadInput("the low-move reduction is a form of Conjecture 9 only")
    if method not in METHODS:
        raise BadInput(f"method must be one of {', '.join(METHODS)}, got {method!r}")
    if method == "blocks" and not reduced:
        raise BadInput("the block recursion proves the reduced form of Conjecture 9 only (reduced=True)")
    rng = sub_ranges(conjecture, eps_from, eps_to, parts)
    ends = {format_exact(a): format_exact(b) for a, b in rng}
    args = {"conjecture": conjecture, "ends": ends, **({"reduced": True} if reduced else {}),
            **({"method": method} if method != "taylor" else {})}
    run = _run(n_max, rng, _cover_range, COVER_KIND, args, time.time(),
               results=results, workers=workers, dask=dask, on_record=on_record)
    if method == "blocks":
        from ..interval.block_models import METHOD as BLOCKS_METHOD

        run["method"] = BLOCKS_METHOD + ", in sub-ranges of eps"
    lo, hi = rng[0][0], rng[-1][1]
    if conjecture == 9:
        stmt = (f"for every heap 2..{n_max}: move 0 is the unique optimal move and p(n) > 1/2 for every eps "
                f"in [{lo}, 1/2)")
        heaps = tuple(range(2, n_max + 1))
    else:
        stmt = (f"for every n = 2^j in 2..{n_max}: move n - 1 is the unique optimal move and p(n) > 1/2 for "
                f"every eps in (1/2, {hi}]")
        heaps = tuple(1 << j for j in range(1, n_max.bit_length()))
    return IntervalProof(statement=stmt, heaps=heaps, eps_lo=lo, eps_hi=hi, open_lo=conjecture == 10,
                         open_hi=conjecture == 9, source=SOURCE, **run)


def _cover_range(eps_text: str, n_max: int, conjecture: int, ends: dict, reduced: bool = False,
                 method: str = "taylor") -> dict:
    """The task of :func:`prove_distributed` (a module-level function, so that workers can unpickle it)."""
    return cover_task(eps_text, n_max, conjecture, ends[eps_text], reduced, method)


def region_task(eps_text: str, n_max: int, ends: dict, moves: dict) -> dict:
    """One sub-range [eps_text, ends[eps_text]] of the failure region of Conjecture 10 at heap ``n_max``, covered
    by Taylor models with target ``moves[eps_text]`` (the one reaching eps = 1 with its end piece there)."""
    from ..interval import taylor as tp

    a, b = parse_rational(eps_text, "eps"), parse_rational(ends[eps_text], "eps_to")
    t0 = time.process_time()
    r = tp.prove_near_half(n_max, -1, 2 * b - 1, {n_max: int(moves[eps_text])}, {n_max}, "", s_from=2 * a - 1)
    return _record(eps_text, ends[eps_text], r, t0, move=int(moves[eps_text]))


def prove_region_distributed(n: int, parts: int, eps_from=mpq(3, 5), results: str | None = None, workers: int = 1,
                             dask=None, on_record: Callable[[dict], None] | None = None) -> IntervalProof:
    """The statement of :func:`exactcube.noisy.interval.taylor.prove_failure_region_taylor` with ``eps_from``, its two
    Taylor covers cut into ``parts`` sub-ranges (at least 2: one quarter of them, at least one, beyond the
    crossing, where the cover is cheaper), resumable through ``results`` (module docstring): an
    :class:`IntervalProof` of kind ``sub-ranges`` (``rival``, ``crossing`` the piece in eps holding eps*, and
    ``why_not`` where the crossing could not start the proof)."""
    from ..interval import firstorder as ip

    if n < 256 or n & (n - 1) or n > ip.MAX_PROOF_HEAP:
        raise BadInput(f"n = {n} must be a power of two in 256..{ip.MAX_PROOF_HEAP}")
    if not 2 <= parts <= MAX_PARTS:
        raise BadInput(f"parts must be in 2..{MAX_PARTS} for a region (both sides of the crossing), got {parts}")
    eps_from = to_mpq(eps_from)
    t0 = time.time()
    rival, cross, sign = ip.isolate_crossing(n, 1e-3)
    why = ip.crossing_gap(n, rival, cross, sign)
    if why is not None:
        return _region_proof(n, rival, eps_from, (mpq(1, 2), mpq(1)), complete=False, why_not=why,
                             seconds=round(time.time() - t0, 2), backend="serial", kind="sub-ranges", method=METHOD)
    e_lo, e_hi = ip.eps_of(cross.uh, True), ip.eps_of(cross.ul, True)
    if not mpq(1, 2) < eps_from < e_lo:
        raise BadInput(f"eps_from = {eps_from} must lie in (1/2, eps*), below the crossing piece")
    k_beyond = max(1, parts // 4)
    k_before = parts - k_beyond
    rng, moves = [], {}
    for lo, hi, k, m in ((eps_from, e_lo, k_before, n - 1), (e_hi, mpq(1), k_beyond, rival)):
        step = (hi - lo) / k
        for i in range(k):
            a, b = lo + i * step, (hi if i == k - 1 else lo + (i + 1) * step)
            rng.append((a, b))
            moves[format_exact(a)] = m
    ends = {format_exact(a): format_exact(b) for a, b in rng}
    run = _run(n, rng, region_task, REGION_KIND, {"ends": ends, "moves": moves}, t0, results=results,
               workers=workers, dask=dask, on_record=on_record)
    return _region_proof(n, rival, eps_from, (e_lo, e_hi), **run)


def _region_proof(n: int, rival: int, eps_from, crossing: tuple, **run) -> IntervalProof:
    """The :class:`IntervalProof` of :func:`prove_region_distributed` (``run``: the fields of the sub-range run)."""
    lo, hi = crossing
    stmt = (f"heap {n}: move {n - 1} is the unique optimal move and p({n}) > 1/2 for every eps in [{eps_from}, eps*), "
            f"move {rival} and p({n}) > 1/2 for every eps in (eps*, 1), eps* the unique crossing of the two in "
            f"[{float(lo):.15f}, {float(hi):.15f}]")
    return IntervalProof(statement=stmt, heaps=(n,), eps_lo=eps_from, eps_hi=mpq(1), open_hi=True, source=REGION_SOURCE,
                         target=n - 1, rival=rival, crossing=crossing, **run)
