"""``exactcube conjecture``: Conjectures 9 and 10 of the noisy-channel document, checked at scale."""

from __future__ import annotations

from ..errors import BadInput
from ._common import add_digits, add_force, announce, int_arg, measure_seconds, output_arg, progress, rational_arg

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
  --rigorous   ON WHOLE INTERVALS for n <= --n-max (keep it <= 64): Conjecture 9 on all of (0, 1/2)
               by exact rational functions and Descartes' rule of signs; Conjecture 10 on (1/2, 1)
               by exact germs at 1/2 and 1 plus arb ball arithmetic with adaptive bisection.
A failure is reported with its smallest exact witness: n, eps, the optimal move(s) and p(n),
the conjectured move and its value.

Long grids run in parallel (--workers, default 1; --dask tcp://host:port for a Dask cluster,
which needs pip install 'exactcube[dask]'), show a progress bar, and with --resume FILE append
each finished eps to FILE and skip the ones already there (an interrupted run resumes)."""


def add_arguments(p):
    p.add_argument("number", choices=("9", "10"), help="which conjecture")
    p.add_argument("--n-max", type=int_arg("--n-max", 2), default=None,
                   help="largest heap (default 64 on a grid, 32 with --rigorous)")
    p.add_argument("--eps-step", type=rational_arg("--eps-step"), default=None, help="grid step (default 1/1000)")
    p.add_argument("--rigorous", action="store_true", help="prove on whole intervals of eps instead of a grid")
    p.add_argument("--workers", type=int_arg("--workers", 1, 4096), default=1,
                   help="local worker processes (default 1; more than the cores only with --force)")
    p.add_argument("--dask", metavar="ADDR", help="Dask scheduler address, e.g. tcp://127.0.0.1:8786")
    p.add_argument("--resume", metavar="FILE", type=output_arg("--resume", stdout=False),
                   help="results file: append each finished eps, skip those done (a file that is not a "
                        "results file is refused, never overwritten)")
    add_digits(p, 20, minimum=1, what="decimals in witnesses")
    add_force(p)


def run(args, out) -> int:
    from ..noisy import conjectures as cj
    from ..numbers import mpq, parse_rational

    number = int(args.number)
    if args.rigorous:
        if args.eps_step is not None or args.resume or args.dask or args.workers != 1:
            raise BadInput("--rigorous works on whole intervals: it takes no --eps-step, --resume, --dask or --workers")
        n_max = args.n_max or 32
        if n_max > 128:
            raise BadInput(f"--rigorous is limited to --n-max <= 128 (got {n_max}); use the grid for larger heaps")
        r = cj.prove_conjecture9(n_max) if number == 9 else cj.prove_conjecture10(n_max)
        out.print(f"Conjecture {number}: {'verified' if r.holds else 'NOT proved'}  [{r.evidence}]")
        out.print(f"  scope: {r.scope}")
        for d in r.details:
            out.print(f"  {d}")
        return 0
    from ..noisy.sweep import run_sweep

    n_max = args.n_max or 64
    step = args.eps_step if args.eps_step is not None else mpq(1, 1000)
    eps = cj.grid(step)
    if number == 9:
        eps = [e for e in eps if e < cj.HALF]
    _plan(args, eps, n_max)
    with progress(f"conjecture {number}: exact grid", len(eps)) as bar:
        res = run_sweep(n_max, eps, args.resume, workers=args.workers, dask=args.dask,
                        on_record=lambda rec: bar.advance())
    fails = []
    for e in res.eps:
        for f in res.records[e]["failures"]:
            if f["conjecture"] == number:
                fails.append(f)
    scope = (f"exact on the grid eps = {step}, 2*{step}, ... ({len(eps)} points"
             f"{' below 1/2' if number == 9 else ''}) for heaps n <= {n_max}")
    if res.resumed:
        scope += f"; {res.resumed} points read from {args.resume}"
    strict = [f for f in fails if f["kind"] != "tie"]
    if not fails:
        out.print(f"Conjecture {number}: verified  [exact]")
        out.print(f"  scope: {scope}")
        return 0
    verdict = "refuted" if strict else "holds only weakly (exact ties)"
    out.print(f"Conjecture {number}: {verdict}  [exact]")
    out.print(f"  scope: {scope}")
    first = min(strict or fails, key=lambda f: (f["n"], parse_rational(f["eps"])))
    w = _exact_witness(first, args.digits)
    out.print(f"  smallest witness: {w}")
    ns = sorted({f['n'] for f in strict or fails})
    out.print(f"  failing heaps on the grid: {ns[:20]}{' ...' if len(ns) > 20 else ''} "
              f"({len(strict or fails)} (n, eps) pairs)")
    for n in ns[:8]:
        es = sorted(parse_rational(f["eps"]) for f in (strict or fails) if f["n"] == n)
        out.print(f"    n = {n}: {len(es)} grid points, eps from {es[0]} to {es[-1]}")
    return 0


def _plan(args, eps, n_max) -> None:
    """Cap the workers at the cores, then estimate the run from the measured cost of one grid point."""
    import sys

    from ..noisy.sweep import grid_task, read_results
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
    per_point = measure_seconds(lambda n: grid_task(mid, n), n_max, start=4)
    w = args.workers
    announce(todo * per_point / w, f"{todo} grid points x {per_point:.3g} s each, timed on smaller heaps"
             + (f" / {w} workers" if w > 1 else ""), args.force)


def _exact_witness(f, digits) -> str:
    from ..noisy.conjectures import check_at
    from ..numbers import parse_rational

    e = parse_rational(f["eps"])
    chk = check_at(e, f["n"])
    for g in chk.failures:
        if g.n == f["n"] and g.conjecture == f["conjecture"] and g.kind == f["kind"]:
            return g.describe(digits)
    return str(f)
