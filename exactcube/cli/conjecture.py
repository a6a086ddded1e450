"""``exactcube conjecture``: Conjectures 9 and 10 of the noisy-channel document, checked at scale."""

from __future__ import annotations

from ..errors import BadInput
from ..noisy.scale.checks import MAX_RIGOROUS
from .common import (add_digits, add_force, announce, estimate_first, int_arg, measure_seconds, output_arg, progress,
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
               first on smaller heaps: an estimate over 5 s is printed, over an hour refused
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


#: the options of the grid (none of them applies to a whole-interval proof or a crossing)
_GRID = ("rigorous", "eps_step", "resume", "dask", "workers", "fast", "n_max", "parquet", "digits")
_RANGE = ("eps_from", "eps_to")


def _refuse(args, message: str, *names: str) -> None:
    """One line and exit 2 when any option of ``names`` is given (--workers: other than 1)."""
    for name in names:
        v = getattr(args, name)
        if (v != 1 if name == "workers" else v is not None if name in _RANGE + ("eps_step", "n_max", "digits")
                else bool(v)):
            raise BadInput(message)


def run(args, out) -> int:
    from ..noisy import conjectures as cj
    from ..noisy.scale import checks as ck
    from ..numbers import mpq

    number = int(args.number)
    if args.crossing is not None or args.certificate is not None:
        return _crossing(args, number, out)
    if args.region is not None and args.near_half is not None:
        raise BadInput("--region and --near-half are two proofs: give one of them")
    if args.region is not None or args.near_half is not None:
        return _whole_intervals(args, number, out)
    digits = args.digits if args.digits is not None else 20
    if args.rigorous:
        _refuse(args, "--rigorous works on whole intervals: it takes no --eps-step, --eps-from, --eps-to, --resume, "
                "--dask, --workers or --fast", *_GRID[1:6], "parquet", *_RANGE)
        n_max = args.n_max or 32
        if n_max > MAX_RIGOROUS:
            raise BadInput(f"--rigorous is limited to --n-max <= {MAX_RIGOROUS} (got {n_max}); use the grid for larger "
                           "heaps")
        prove = cj.prove_conjecture9 if number == 9 else cj.prove_conjecture10
        # the exact rational functions grow fast (measured here: 64 -> 128 multiplies the time by about 36)
        estimate_first(prove, n_max, 8, f"--rigorous --n-max {n_max}", args.force, growth=4.0)
        r = prove(n_max)
        out.print(f"Conjecture {number}: {'verified' if r.holds else 'NOT proved'}  [{r.evidence}]")
        out.print(f"  scope: {cj.scope_text(r)}")
        for _, _, why in r.gaps:
            out.print(f"  {why}")
        return 0
    if args.parquet:
        from ..noisy.scale.dataset import check_target, require_pyarrow

        require_pyarrow()
        check_target(args.parquet)
    n_max = args.n_max or 64
    step = args.eps_step if args.eps_step is not None else mpq(1, 1000)
    eps, sub = ck.grid_points(number, step, args.eps_from, args.eps_to)
    _plan(args, eps, n_max)
    with progress(f"conjecture {number}: exact grid", len(eps)) as bar:
        g = ck.run_grid(number, n_max, step, eps, sub, args.resume, args.workers, args.dask, args.fast,
                        on_record=lambda rec: bar.advance())
    if args.parquet:
        from ..noisy.scale.dataset import write_dataset

        with progress("data set", len(eps)) as bar:
            rows = write_dataset(args.parquet, n_max, eps, progress=bar)
        out.print(f"wrote {args.parquet}: {rows} rows (n, eps, moves, p, p_radius, margin, evidence)")
    for line in g.lines(digits):
        out.print(line)
    return 0


def _plan(args, eps, n_max) -> None:
    """Cap the workers at the cores, then estimate the run from the measured cost of one grid point."""
    import sys

    from ..noisy.scale.checks import grid_cost
    from ..processes import cap_workers

    args.workers, note = cap_workers(args.workers, args.force)
    if note and args.dask is None:
        print(f"exactcube: note: {note}", file=sys.stderr)
    cost = grid_cost(eps, n_max, args.resume, args.workers, measure_seconds, args.dask)
    if cost is not None:
        announce(*cost, args.force)


def _crossing(args, number, out) -> int:
    from ..noisy.scale import checks as ck

    n = args.crossing
    if number != 10 or n is None:
        raise BadInput("--crossing N (and --certificate) belong to Conjecture 10: exactcube conjecture 10 --crossing N")
    _refuse(args, "--crossing takes only --digits and --certificate", *_GRID[:-1], *_RANGE)
    how = ck.crossing_certificate(n, args.certificate)
    digits = args.digits if args.digits is not None else 50
    if digits > 200:
        raise BadInput(f"--digits: at most 200 with --crossing (got {digits})")
    with progress(f"heap {n}: eps* (the scan of eps = 0.99, 0.98, ..., then the certificate)", None) as bar:
        run = ck.certify_crossing(n, how, digits, progress=bar)
    for line in run.lines(digits):
        out.print(line)
    return 0


def _whole_intervals(args, number, out) -> int:
    """``--region N`` and ``--near-half N``: proofs on whole intervals (:func:`exactcube.noisy.scale.whole_intervals.whole_interval_run`)."""
    from ..noisy.scale.whole_intervals import whole_interval_run

    region = args.region is not None
    opt = "--region" if region else "--near-half"
    if (args.parts is not None or args.dask or args.resume or args.workers != 1) and (number == 10 or not region):
        _refuse(args, "--region with --parts takes only --eps-from, --parts, --workers, --dask and --resume" if region
                else "--near-half takes only --eps-from/--eps-to, --parts, --workers, --dask and --resume",
                "rigorous", "eps_step", "fast", "n_max", "parquet", "digits", *(("eps_to",) if region else ()))
        if args.dask and args.workers != 1:
            raise BadInput("give --workers (a local pool) or --dask (a cluster), not both")
    else:
        ends = "--eps-to (Conjecture 9) or --eps-from (Conjecture 10)" if region else \
            "--eps-from (Conjecture 9) or --eps-to (Conjecture 10)"
        _refuse(args, f"{opt} takes only {ends}", *_GRID)
    w = whole_interval_run(number, args.region, args.near_half, args.parts, args.workers, args.dask, args.resume,
                           args.eps_from, args.eps_to)
    cost = w.cost(measure_seconds)
    if cost is not None:
        announce(*cost, args.force)
    with progress(w.title, w.parts) as bar:
        r = w.run(bar.advance)
    for line in w.lines(r):
        out.print(line)
    return 0
