"""``exactcube conjecture``: Conjectures 9 and 10 of the noisy-channel document, checked at scale."""

from __future__ import annotations

from ..errors import BadInput
from ._common import (add_digits, add_force, announce, estimate_first, int_arg, measure_seconds, output_arg, progress,
                      rational_arg)

NAME = "conjecture"
ORDER = 45
HELP = "check Conjecture 9 or 10 of the noisy-channel document (exact grid; --rigorous: whole intervals)"
DESCRIPTION = """Check a conjecture of 'Playing through a noisy channel' (1-pile Nim, bit-flip noise).

  9   for every heap n >= 2 and 0 < eps < 1/2: p(n) > 1/2 and the unique optimal move is 0
  10  for n = 2^k: p(n) >= 1/2 for every eps in [0, 1], and for eps > 1/2 the unique
      optimal move is n - 1

Scope and evidence, printed with every verdict:
  default      EXACT ON A GRID: at every eps = S, 2S, ..., 1 - S (step --eps-step, default 1/1000;
               eps = 0, 1/2, 1 are excluded where a conjecture does not speak) the game is solved
               in exact rational arithmetic for all heaps n <= --n-max and each statement decided
               exactly.  Says nothing between grid points.
  --rigorous   ON WHOLE INTERVALS for n <= --n-max (at most 128): Conjecture 9 on all of (0, 1/2)
               by exact rational functions and Descartes' rule of signs; Conjecture 10 on (1/2, 1)
               by exact germs at 1/2 and 1 plus arb ball arithmetic with adaptive bisection.
  --fast       the same grid, each point decided first in certified floating point (an a priori
               error bound on every p(n); evidence RIGOROUS), exact rationals only where two
               moves' balls overlap or a statement fails (every witness stays exact).
  --crossing N for Conjecture 10 and n = N = 2^k: the eps*(N) in (1/2, 1) where move N - 1 stops
               being optimal, with its certificate.  --certificate polynomial (default for N <= 512):
               eps* is the unique root in an isolating interval of a squarefree integer polynomial
               (its degree printed; minutes for N = 512).  --certificate balls (default above 512):
               eps* is the unique zero of p(N, N-1) - p(N, rival) on a bracket, located in MPFR with
               a proved error bound (evidence rigorous).
  --region N   PROVED ON WHOLE INTERVALS by rigorous first-order enclosures (any heap <= 4096; evidence
               RIGOROUS).  Conjecture 9: every heap 2..N has move 0 as its unique optimum and
               p(n) > 1/2 on the closed interval [0, --eps-to] (default 1/4).  Conjecture 10, heap
               N = 2^k >= 256: the rival move (N - 4) is the unique optimum and p(N) > 1/2 on all of
               (eps*, 1), and with --eps-from X also move N - 1 on [X, eps*).  With --parts P (or --workers,
               --dask, --resume) Conjecture 10's region is proved by Taylor models instead, from --eps-from
               (default 3/5): the crossing isolated first, then P sub-ranges on a pool or a Dask cluster,
               resumable (N = 2048: about 50 CPU minutes, projected).  Near eps = 1/2 the moves
               of one parity tie to first order, so the enclosures cannot reach 1/2 itself
               (--near-half does).
  --near-half N  PROVED ON WHOLE INTERVALS THAT REACH eps = 1/2, by Taylor models of order 7 in
               s = |1 - 2 eps| (any heap <= 4096; evidence RIGOROUS).  Conjecture 9: every heap 2..N
               has move 0 as its unique optimum and p(n) > 1/2 on [--eps-from, 1/2) (default
               [0, 1/2): the whole conjecture).  Conjecture 10: every n = 2^k <= N has move n - 1 as
               its unique optimum and p(n) > 1/2 on (1/2, --eps-to] (default 3/5; 1 proves the open
               interval (1/2, 1): from n = 256 on it fails at eps*(n), see --crossing).  The piece
               that touches 1/2 uses two exact facts there: every move is worth 1/2, and moves of
               one parity have one slope; the one that touches 1 uses the exact values and slopes
               of every move at eps = 1.  The second-order terms then decide.  The run is timed
               first on smaller heaps: an estimate over 20 s is printed, over an hour refused
               without --force (N = 1024: about 7 minutes here).  With --parts P, --workers W,
               --dask ADDR or --resume FILE the interval is cut into P sub-ranges (default 8) proved
               independently on a process pool or a Dask cluster, each finished sub-range kept in
               FILE, so a killed run resumes.
A failure is reported with its smallest exact witness: n, eps, the optimal move(s) and p(n),
the conjectured move and its value.

Long grids run in parallel (--workers, default 1; --dask tcp://host:port for a Dask cluster, or
--dask local:W for a LocalCluster of W worker processes started here; Dask needs
pip install 'exactcube[dask]'), show a progress bar, and with --resume FILE append each finished
eps to FILE and skip the ones already there (an interrupted run resumes; the file records the
heap bound and the grid points, so a resume with other parameters is refused).  --eps-from and
--eps-to restrict the grid to a sub-range, e.g. to split a large job between machines."""


#: Largest --n-max of --rigorous (enforced; the proofs' exact rational functions grow quickly).
MAX_RIGOROUS = 128


def add_arguments(p):
    p.add_argument("number", choices=("9", "10"), help="which conjecture")
    p.add_argument("--n-max", type=int_arg("--n-max", 2), default=None,
                   help="largest heap (default 64 on a grid, 32 with --rigorous)")
    p.add_argument("--eps-step", type=rational_arg("--eps-step"), default=None, help="grid step (default 1/1000)")
    p.add_argument("--rigorous", action="store_true",
                   help=f"prove on whole intervals of eps instead of a grid (--n-max at most {MAX_RIGOROUS})")
    p.add_argument("--fast", action="store_true",
                   help="grid points decided in certified floating point first (exact fallback and witnesses)")
    p.add_argument("--workers", type=int_arg("--workers", 1, 4096), default=1,
                   help="local worker processes (default 1; more than the cores only with --force)")
    p.add_argument("--dask", metavar="ADDR", help="Dask scheduler address, e.g. tcp://127.0.0.1:8786")
    p.add_argument("--resume", metavar="FILE", type=output_arg("--resume", stdout=False),
                   help="results file: append each finished eps, skip those done (a file that is not a "
                        "results file is refused, never overwritten)")
    add_digits(p, None, minimum=1, what="decimals in witnesses, or of eps* with --crossing",
               shown="20; 50 with --crossing")
    p.add_argument("--parquet", metavar="FILE", type=output_arg("--parquet", stdout=False),
                   help="also write the grid as a Parquet data set, one row per (n, eps) (needs exactcube[dask])")
    p.add_argument("--crossing", type=int_arg("--crossing", 2), metavar="N",
                   help="Conjecture 10: certify eps*(N), where move N - 1 stops being optimal (N = 2^k)")
    p.add_argument("--region", type=int_arg("--region", 2, 4096), metavar="N",
                   help="prove on whole intervals with first-order enclosures (see above)")
    p.add_argument("--near-half", type=int_arg("--near-half", 2, 4096), metavar="N",
                   help="prove on whole intervals that reach eps = 1/2 (Taylor models) for heaps up to N")
    p.add_argument("--parts", type=int_arg("--parts", 1, 4096), metavar="P", default=None,
                   help="with --near-half (or --region N for Conjecture 10, by Taylor models): cut the interval "
                        "into P sub-ranges of eps proved independently, in parallel with --workers or --dask, "
                        "resumable with --resume (default 1 without those, else 8)")
    p.add_argument("--eps-to", type=rational_arg("--eps-to"), default=None,
                   help="on a grid: only the points <= this (a sub-range of a large job); with --region and "
                        "Conjecture 9: the right end of [0, eps-to] (default 1/4, below 1/2); with --near-half and "
                        "Conjecture 10: the right end of (1/2, eps-to] (default 3/5; at most 1)")
    p.add_argument("--eps-from", type=rational_arg("--eps-from"), default=None,
                   help="on a grid: only the points >= this; with --region and Conjecture 10: also prove move "
                        "N - 1 on [eps-from, eps*) (above 1/2); with --near-half and Conjecture 9: the left end of "
                        "[eps-from, 1/2) (default 0)")
    p.add_argument("--certificate", choices=("polynomial", "balls"), default=None,
                   help="with --crossing: exact integer polynomial (N <= 512) or rigorous balls (any N)")
    add_force(p, workers=True)


def run(args, out) -> int:
    from ..noisy import conjectures as cj
    from ..numbers import mpq

    number = int(args.number)
    if args.crossing is not None or args.certificate is not None:
        return _crossing(args, number, out)
    if args.region is not None and args.near_half is not None:
        raise BadInput("--region and --near-half are two proofs: give one of them")
    if args.region is not None:
        return _region(args, number, out)
    if args.near_half is not None:
        return _near_half(args, number, out)
    digits = args.digits if args.digits is not None else 20
    if args.rigorous:
        if args.eps_step is not None or args.resume or args.dask or args.workers != 1 or args.fast or args.parquet \
                or args.eps_from is not None or args.eps_to is not None:
            raise BadInput("--rigorous works on whole intervals: it takes no --eps-step, --eps-from, --eps-to, "
                           "--resume, --dask, --workers or --fast")
        n_max = args.n_max or 32
        if n_max > MAX_RIGOROUS:
            raise BadInput(f"--rigorous is limited to --n-max <= {MAX_RIGOROUS} (got {n_max}); use the grid for larger "
                           "heaps")
        prove = cj.prove_conjecture9 if number == 9 else cj.prove_conjecture10
        # the exact rational functions grow fast (measured here: 64 -> 128 multiplies the time by about 36)
        estimate_first(prove, n_max, 8, f"--rigorous --n-max {n_max}", args.force, growth=4.0)
        r = prove(n_max)
        out.print(f"Conjecture {number}: {'verified' if r.holds else 'NOT proved'}  [{r.evidence}]")
        out.print(f"  scope: {r.scope}")
        for d in r.details:
            out.print(f"  {d}")
        return 0
    from ..noisy.scale.sweep import run_sweep

    if args.parquet:
        from ..noisy.scale.dataset import check_target, require_pyarrow as _pyarrow

        _pyarrow()
        check_target(args.parquet)
    n_max = args.n_max or 64
    step = args.eps_step if args.eps_step is not None else mpq(1, 1000)
    eps = cj.grid(step)
    if number == 9:
        eps = [e for e in eps if e < cj.HALF]
    sub = ""
    if args.eps_from is not None or args.eps_to is not None:
        a = args.eps_from if args.eps_from is not None else mpq(0)
        b = args.eps_to if args.eps_to is not None else mpq(1)
        eps = [e for e in eps if a <= e <= b]
        if not eps:
            raise BadInput(f"no grid point lies in [--eps-from, --eps-to] = [{a}, {b}]")
        sub = f", the sub-range [{a}, {b}] of it"
    _plan(args, eps, n_max)
    with progress(f"conjecture {number}: exact grid", len(eps)) as bar:
        res = run_sweep(n_max, eps, args.resume, workers=args.workers, dask=args.dask,
                        on_record=lambda rec: bar.advance(), method="ball" if args.fast else "exact")
    if args.parquet:
        from ..noisy.scale.dataset import write_dataset

        with progress("data set", len(eps)) as bar:
            rows = write_dataset(args.parquet, n_max, eps, progress=bar.advance)
        out.print(f"wrote {args.parquet}: {rows} rows (n, eps, moves, p, p_radius, margin, evidence)")
    g = cj.grid_verdict(res.records, number)
    n_ball = sum(1 for e in res.eps if str(res.records[e].get("method", "")).startswith("ball"))
    evidence = "rigorous" if n_ball else "exact"
    scope = (f"{evidence} on the grid eps = {step}, 2*{step}, ...{sub} ({len(eps)} points"
             f"{' below 1/2' if number == 9 else ''}) for heaps n <= {n_max}")
    if res.resumed:
        scope += f"; {res.resumed} points read from {args.resume}"
    if args.fast:
        scope += f"; {n_ball} points decided in certified floating point, {len(res.eps) - n_ball} exactly"
    if g.ties:
        scope += (f"; {g.ties} of the failures are exact ties (the conjectured move optimal but not the unique "
                  "optimum: a failure under the strict reading)")
    out.print(f"Conjecture {number}: {g.outcome}  [{evidence if g.holds else 'exact'}]")
    out.print(f"  scope: {scope}")
    if g.holds:
        return 0
    out.print(f"  smallest witness: {_exact_witness(g.smallest, digits)}")
    heaps = g.by_heap()
    ns = list(heaps)
    out.print(f"  failing heaps on the grid: {ns[:20]}{' ...' if len(ns) > 20 else ''} "
              f"({len(g.failures)} (n, eps) pairs)")
    for n in ns[:8]:
        es = heaps[n]
        out.print(f"    n = {n}: {len(es)} grid points, eps from {es[0]} to {es[-1]}")
    return 0


#: Largest heap for --crossing (the certified floating point reaches it in minutes).
MAX_CROSSING_HEAP = 2048
#: Largest heap for --certificate polynomial (the polynomial's degree is about 2 sum k(r)).
MAX_POLY_HEAP = 512


def _crossing(args, number, out) -> int:
    from ..noisy import conjectures as cj
    from ..noisy.eps import crossing as cr
    from ..numbers import format_exact

    n = args.crossing
    if number != 10 or n is None:
        raise BadInput("--crossing N (and --certificate) belong to Conjecture 10: exactcube conjecture 10 --crossing N")
    if args.rigorous or args.eps_step is not None or args.resume or args.dask or args.workers != 1 or args.fast \
            or args.n_max is not None or args.parquet or args.eps_from is not None or args.eps_to is not None:
        raise BadInput("--crossing takes only --digits and --certificate")
    if n & (n - 1) or n < 4:
        raise BadInput(f"--crossing: N must be a power of two, at least 4 (got {n})")
    if n > MAX_CROSSING_HEAP:
        raise BadInput(f"--crossing: N is limited to {MAX_CROSSING_HEAP} (got {n})")
    how = args.certificate or ("polynomial" if n <= MAX_POLY_HEAP else "balls")
    if how == "polynomial" and n > MAX_POLY_HEAP:
        raise BadInput(f"--certificate polynomial is limited to N <= {MAX_POLY_HEAP} (its degree grows like "
                       "N log N with coefficients as long); use --certificate balls")
    digits = args.digits if args.digits is not None else 50
    if digits > 200:
        raise BadInput(f"--digits: at most 200 with --crossing (got {digits})")
    with progress(f"heap {n}: scanning eps = 0.99, 0.98, ...", 50) as bar:
        found = cr.find_bracket(n, progress=bar.advance)
    if found is None:
        out.print(f"Conjecture 10, heap {n}: move {n - 1} is already the unique optimum at eps = 99/100, where the "
                  "scan (step 1/100, downwards) starts: no crossing located (none is excluded above 99/100)")
        return 0
    lo, hi, rival = found
    with progress(f"heap {n}: bisection between moves {n - 1} and {rival}", None) as bar:
        L, H = cr.bracket(n, n - 1, rival, lo, hi)
    out.print(f"Conjecture 10, heap {n}: move {n - 1} stops being optimal at")
    if how == "polynomial":
        with progress(f"heap {n}: exact polynomial chain", n - 1) as bar:
            c = cj.locate_crossing(n, n - 1, rival, L, H, progress=bar.advance)
        out.print(f"  eps*({n}) = {c.decimal(digits)}")
        out.print(f"  rival move: {rival} (the unique optimum just beyond eps*; {n - 1} just before)")
        out.print(f"  certificate [exact]: the unique root in ({format_exact(L)}, {format_exact(H)}) of a squarefree "
                  f"integer polynomial of degree {c.degree} (the numerator of p({n}, {n - 1}) - p({n}, {rival}))")
        out.print(f"  proved by: {c.certified}")
        return 0
    prec = max(384, int((digits + 40) * 3.33) + 64)  # bits: the error bound must stay far below 10^-(digits+6)
    r = cr.certify_root(n, n - 1, rival, L, H, digits=digits, prec=prec)
    out.print(f"  eps*({n}) = {r.decimal(digits)}")
    out.print(f"  rival move: {rival} (the unique optimum just beyond eps*; {n - 1} just before)")
    out.print(f"  certificate [rigorous]: eps* is the unique zero of f = p({n}, {n - 1}) - p({n}, {rival}) on "
              f"[L, H] = [{format_exact(L)}, {format_exact(H)}]")
    out.print(f"    heaps < {n} keep their moves on [L, H] and only moves {n - 1}, {rival} compete at heap {n} "
              f"(certified floating point + Lipschitz bounds, smallest slack {r.bracket.min_slack:.3g})")
    out.print(f"    sign change of f (MPFR, {r.prec} bits, proved error bound) on an interval of width "
              f"{float(r.hi - r.lo):.1e} around eps*")
    out.print(f"    f' in [{float(r.slope[0]):.6g}, {float(r.slope[1]):.6g}] at a point of [L, H] and |f''| <= "
              f"{float(r.curvature):.3g} on it: f is strictly decreasing on [L, H]")
    return 0


def _only_interval_options(args, message: str) -> None:
    """Whole-interval proofs take none of the grid's options."""
    if args.rigorous or args.eps_step is not None or args.resume or args.dask or args.workers != 1 or args.fast \
            or args.n_max is not None or args.parquet or args.digits is not None:
        raise BadInput(message)


def _proof_end(args, option: str, default, inside, where: str, which: str):
    """The far end of a whole-interval proof, from ``option`` (--eps-from or --eps-to; ``default`` when absent); the
    other option is refused, and so is a value outside ``where``."""
    other = "--eps-to" if option == "--eps-from" else "--eps-from"
    if getattr(args, other[2:].replace("-", "_")) is not None:
        raise BadInput(f"{other} is not an end of this proof: {which} takes {option}")
    value = getattr(args, option[2:].replace("-", "_"))
    value = default if value is None else value
    if not inside(value):
        raise BadInput(f"{option} must lie in {where}, got {value}")
    return value


def _with_bar(title: str, run, bars: dict):
    """Run a piece-by-piece proof under a progress bar (its ``tick`` advances ``bars['bar']``)."""
    with progress(title, None) as bar:
        bars["bar"] = bar
        return run()


def _region(args, number, out) -> int:
    """``--region N``: whole-interval proofs by first-order enclosures (:mod:`exactcube.noisy.intervalproof`)."""
    from ..noisy.interval import firstorder as ip
    from ..numbers import mpq

    n = args.region
    if number == 10 and (args.parts is not None or args.dask or args.resume or args.workers != 1):
        return _region_parts(args, out)
    _only_interval_options(args, "--region takes only --eps-to (Conjecture 9) or --eps-from (Conjecture 10)")
    bars = {}

    def tick(a, b, count, end):
        bars["bar"].advance(1, description=f"{count} pieces proved, u up to {b:.4g} of {end:.4g}")

    if number == 9:
        to = _proof_end(args, "--eps-to", mpq(1, 4), lambda e: 0 < e < mpq(1, 2), "(0, 1/2)", "Conjecture 9")
        r = _with_bar(f"heaps 2..{n} on [0, {to}]", lambda: ip.prove_conjecture9_on(n, to, progress=tick), bars)
    else:
        if n & (n - 1) or n < 256:
            raise BadInput(f"--region N for Conjecture 10 needs a power of two N >= 256, where move N - 1 stops "
                           f"being optimal (got {n}); smaller powers of two are proved by --rigorous")
        fr = _proof_end(args, "--eps-from", None, lambda e: e is None or mpq(1, 2) < e < 1, "(1/2, 1)",
                        "Conjecture 10")
        r = _with_bar(f"heap {n}: whole intervals above 1/2",
                      lambda: ip.prove_failure_region_first_order(n, eps_from=fr, progress=tick), bars)
    verdict = "proved" if r.proved else "NOT proved"
    out.print(f"Conjecture {number}, whole intervals: {verdict}  [rigorous]")
    out.print(f"  statement: {r.statement}")
    tests = {t: sum(1 for p in r.pieces if p.test == t) for t in ("centred", "end", "crossing")}
    out.print(f"  {len(r.pieces)} closed pieces in u = {'(1 - eps)/eps' if number == 10 else 'eps/(1 - eps)'}: "
              + ", ".join(f"{v} {k}" for k, v in tests.items() if v) + f"; {r.seconds:.1f} s")
    for a, b, why in r.gaps[:10]:
        out.print(f"  not proved on u in [{a:.17g}, {b:.17g}]: {why}")
    return 0


#: CPU seconds of the Taylor-model region with --eps-from 3/5 (docs/noisy.md), with the matrix products and blocks of
#: taylorproof (Nov 2026): measured 44 s at 256 and 143 s at 512 (the crossing piece included); 2048 measured in 8
#: sub-ranges with the elementwise arithmetic before them (7,679 s) and divided by the speed-up measured on a piece
#: there (2.76x, scripts/bench_taylor_piece.py); 1024 between; 4096 measured in 16 sub-ranges (11,312 s)
_REGION_CPU = {256: 44, 512: 143, 1024: 700, 2048: 2800, 4096: 11300}


def _print_sub_ranges(out, r, parts: int) -> None:
    """The sub-range lines of a proof run in sub-ranges (:mod:`exactcube.noisy.cluster`): counts, pieces, CPU and wall
    time, and the first gaps of each sub-range."""
    pieces = sum(x["pieces"] for x in r.records)
    out.print(f"  {len(r.records)} of {parts} sub-ranges ({r.resumed} from the results file), {pieces} Taylor-model "
              f"pieces; {r.cpu_seconds:.1f} s of CPU in the sub-ranges, {r.wall_seconds:.1f} s wall ({r.backend})")
    for x in r.records:
        for a, b, why in x["gaps"][:3]:
            out.print(f"  not proved on s in [{a:.17g}, {b:.17g}] (sub-range from eps = {x['eps']}): {why}")


def _region_parts(args, out) -> int:
    """``conjecture 10 --region N --parts P`` (or with --workers / --dask / --resume): the failure region by Taylor
    models in sub-ranges on a pool or a Dask cluster, resumable (:func:`exactcube.noisy.cluster.prove_region_distributed`)."""
    from ..noisy.scale import cluster as cl
    from ..numbers import mpq

    n = args.region
    if args.rigorous or args.eps_step is not None or args.fast or args.n_max is not None or args.parquet \
            or args.digits is not None or args.eps_to is not None:
        raise BadInput("--region with --parts takes only --eps-from, --parts, --workers, --dask and --resume")
    if args.dask and args.workers != 1:
        raise BadInput("give --workers (a local pool) or --dask (a cluster), not both")
    if n & (n - 1) or n < 256:
        raise BadInput(f"--region N for Conjecture 10 needs a power of two N >= 256, where move N - 1 stops "
                       f"being optimal (got {n}); smaller powers of two are proved by --rigorous")
    parts = 8 if args.parts is None else args.parts
    if parts < 2:
        raise BadInput("--region with --parts needs at least 2 sub-ranges (one on each side of the crossing)")
    fr = _proof_end(args, "--eps-from", mpq(3, 5), lambda e: mpq(1, 2) < e < 1, "(1/2, 1)", "Conjecture 10")
    left, done = _left(args, cl.REGION_KIND, n, parts)
    cpu = _REGION_CPU[n] * left / parts
    w = 1 if args.dask else min(args.workers, max(left, 1))
    announce(cpu / w, f"about {cpu / 60:.0f} min of CPU{done}{f' on {w} workers' if w > 1 else ''}: measured 44 s "
             "at n = 256, 143 s at 512 and 11,312 s at 4096; --resume keeps each finished sub-range", args.force)
    with progress(f"Conjecture 10, heap {n}: {parts} sub-ranges of the failure region", parts) as bar:
        r = cl.prove_region_distributed(n, parts, fr, results=args.resume, workers=args.workers, dask=args.dask,
                                        on_record=lambda rec: bar.advance(1, rec["eps"]))
    verdict = "proved" if r.proved else ("NOT proved" if r.complete or r.why_not else "interrupted")
    out.print(f"Conjecture 10, the failure region at n = {n}: {verdict}  [rigorous]")
    out.print(f"  statement: {r.statement}")
    if r.why_not:
        out.print(f"  not proved: {r.why_not}")
    _print_sub_ranges(out, r, parts)
    return 0


#: pieces a --near-half cover has needed so far: 18-20 for [0, 1/2) (n = 1024, 2048), 21 for (1/2, 1) (n = 128),
#: 6-7 for (1/2, 3/5] (n = 1024, 2048); cut into sub-ranges it needs more: 4 pieces in each of 8 sub-ranges of
#: [0, 1/2) at n = 4096
_NEAR_HALF_PIECES = 20
_NEAR_HALF_PIECES_TO_3_5 = 7
_PIECES_PER_SUB_RANGE = 4


def _cover_pieces(number: int, eps_to) -> int:
    """Pieces a whole --near-half cover is expected to need (measured, above)."""
    from ..numbers import mpq

    return _NEAR_HALF_PIECES_TO_3_5 if number == 10 and eps_to <= mpq(3, 5) else _NEAR_HALF_PIECES


def _left(args, kind: str, n: int, parts: int) -> tuple[int, str]:
    """The sub-ranges still to compute (those of a ``--resume`` file are skipped) and the words for an estimate."""
    from ..noisy.scale.cluster import finished_sub_ranges

    done = min(finished_sub_ranges(args.resume, kind, n), parts)
    return parts - done, (f" for the {parts - done} of {parts} sub-ranges not yet in {args.resume}" if done else "")


def _estimate_near_half(n: int, sigma: int, force: bool, whole: int = _NEAR_HALF_PIECES, left: int = 1,
                        parts: int = 1, words: str = "", workers: int = 1) -> None:
    """Time one Taylor-model piece at smaller heaps, extrapolate to n, announce (or refuse) the whole cover, or the
    fraction ``left / parts`` of it that a run in sub-ranges still has to compute, in wall time on ``workers``
    (``whole``: the pieces of the whole cover, :func:`_cover_pieces`)."""
    from ..noisy.interval import taylor as tp
    from ..numbers import mpq

    per_piece = measure_seconds(lambda m: tp.taylor_piece(m, sigma, mpq(1, 8), mpq(3, 16), {}, set()), n, start=32)
    pieces = max(whole, _PIECES_PER_SUB_RANGE * parts) * left / parts
    w = max(1, min(workers, left))
    announce(pieces * per_piece / w, f"about {pieces:.3g} pieces x {per_piece:.3g} s each{words}"
             f"{f' on {w} workers' if w > 1 else ''}, timed on smaller heaps", force)


def _near_half(args, number, out) -> int:
    """``--near-half N``: whole intervals that reach eps = 1/2 by Taylor models (:mod:`exactcube.noisy.taylorproof`)."""
    from ..noisy.interval import taylor as tp
    from ..numbers import mpq

    n = args.near_half
    if args.parts is not None or args.dask or args.resume or args.workers != 1:
        return _near_half_parts(args, number, out)
    _only_interval_options(args, "--near-half takes only --eps-from (Conjecture 9) or --eps-to (Conjecture 10)")
    bars = {}

    def tick(piece, count):
        bars["bar"].advance(1, description=f"{count} pieces proved, s = |1 - 2 eps| up to {float(piece.s_hi):.4g}")

    if number == 9:
        fr = _proof_end(args, "--eps-from", mpq(0), lambda e: 0 <= e < mpq(1, 2), "[0, 1/2)", "Conjecture 9")
        _estimate_near_half(n, 1, args.force)
        r = _with_bar(f"heaps 2..{n} on [{fr}, 1/2)", lambda: tp.prove_conjecture9_near_half(n, fr, progress=tick),
                      bars)
    else:
        to = _proof_end(args, "--eps-to", mpq(3, 5), lambda e: mpq(1, 2) < e <= 1, "(1/2, 1]", "Conjecture 10")
        _estimate_near_half(n, -1, args.force, _cover_pieces(10, to))
        r = _with_bar(f"n = 2^k <= {n} from 1/2 to {to}", lambda: tp.prove_conjecture10_near_half(n, to, progress=tick),
                      bars)
    verdict = "proved" if r.proved else "NOT proved"
    out.print(f"Conjecture {number}, whole intervals reaching 1/2: {verdict}  [rigorous]")
    out.print(f"  statement: {r.statement}")
    ends = sum(1 for p in r.pieces if p.test == "end")
    ones = sum(1 for p in r.pieces if p.test == "end-one")
    out.print(f"  {len(r.pieces)} pieces in s = |1 - 2 eps| ({ends} touching 1/2" + (f", {ones} touching 1" if ones else "")
              + f"), Taylor models of order {tp.DEFAULT_ORDER}; {r.seconds:.1f} s")
    for a, b, why in r.gaps[:10]:
        out.print(f"  not proved on s in [{a:.17g}, {b:.17g}]: {why}")
    return 0


def _near_half_parts(args, number, out) -> int:
    """``--near-half N`` in sub-ranges on a pool or a Dask cluster, resumable (:mod:`exactcube.noisy.cluster`)."""
    from ..noisy.scale import cluster as cl
    from ..numbers import mpq

    n = args.near_half
    if args.rigorous or args.eps_step is not None or args.fast or args.n_max is not None or args.parquet \
            or args.digits is not None:
        raise BadInput("--near-half takes only --eps-from/--eps-to, --parts, --workers, --dask and --resume")
    if args.dask and args.workers != 1:
        raise BadInput("give --workers (a local pool) or --dask (a cluster), not both")
    parts = 8 if args.parts is None else args.parts
    if number == 9:
        fr = _proof_end(args, "--eps-from", mpq(0), lambda e: 0 <= e < mpq(1, 2), "[0, 1/2)", "Conjecture 9")
        to = mpq(3, 5)
    else:
        to = _proof_end(args, "--eps-to", mpq(3, 5), lambda e: mpq(1, 2) < e <= 1, "(1/2, 1]", "Conjecture 10")
        fr = mpq(0)
    from ..noisy.scale.cluster import COVER_KIND

    left, done = _left(args, COVER_KIND, n, parts)
    _estimate_near_half(n, 1 if number == 9 else -1, args.force, _cover_pieces(number, to), left, parts, done,
                        1 if args.dask else args.workers)
    with progress(f"Conjecture {number}, heaps <= {n}: {parts} sub-ranges", parts) as bar:
        r = cl.prove_distributed(number, n, parts, fr, to, results=args.resume, workers=args.workers,
                                 dask=args.dask, on_record=lambda rec: bar.advance(1, rec["eps"]))
    verdict = "proved" if r.proved else ("NOT proved" if r.complete else "interrupted")
    out.print(f"Conjecture {number}, whole intervals reaching 1/2: {verdict}  [rigorous]")
    out.print(f"  statement: {r.statement}")
    _print_sub_ranges(out, r, parts)
    return 0


#: The smallest heap bound :func:`_plan` times a grid point at.
_START = 4


def _seconds_per_call(call, budget: float = 0.25) -> float:
    """Seconds of one ``call(k)``, averaged over k = 1, 2, ... until ``budget`` seconds are spent (k = 0, the
    first call, is a warm-up: it pays the imports)."""
    import time

    call(0)
    k, t0 = 1, time.perf_counter()
    while True:
        call(k)
        t = time.perf_counter() - t0
        if t >= budget:
            return t / k
        k += 1


def _plan(args, eps, n_max) -> None:
    """Cap the workers at the cores, then estimate the run from the measured cost of one grid point."""
    import sys

    from ..noisy.scale.sweep import grid_task, read_results
    from ..numbers import format_exact
    from ..processes import cap_workers

    args.workers, note = cap_workers(args.workers, args.force)
    if note and args.dask is None:
        print(f"exactcube: note: {note}", file=sys.stderr)
    done = read_results(args.resume)[1] if args.resume else {}  # refuses a file that is not ours, early
    todo = len([e for e in eps if e not in done])
    if todo == 0 or args.dask is not None:
        return
    mid = format_exact(eps[len(eps) // 2])
    if n_max > _START:
        per_point = measure_seconds(lambda n: grid_task(mid, n), n_max, start=_START)
        timed = "timed on smaller heaps"
    else:  # heaps too small to extrapolate from: time the point itself, repeated (half a million of them add up)
        per_point = _seconds_per_call(lambda k: grid_task(format_exact(eps[k % len(eps)]), n_max))
        timed = "timed on a few points"
    w = args.workers
    announce(todo * per_point / w, f"{todo} grid points x {per_point:.3g} s each, {timed}"
             + (f" / {w} workers" if w > 1 else ""), args.force)


def _exact_witness(f, digits) -> str:
    from ..noisy.conjectures import check_at
    from ..numbers import parse_rational

    e = parse_rational(f["eps"])
    chk = check_at(e, f["n"])
    for g in chk.failures:
        if g.n == f["n"] and g.conjecture == f["conjecture"] and g.kind == f["kind"]:
            return g.describe(digits)
    return (f"n = {f['n']}, eps = {f['eps']}: optimal {', '.join(map(str, f['optimal']))} with p = {f['p']}; "
            f"conjectured move {f['conjectured']} gives {f['conjectured_value']} (the {f['kind']} statement fails; as recorded in the "
            "results file, not reproduced by solving again)")
