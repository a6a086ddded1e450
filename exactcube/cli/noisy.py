"""``exactcube noisy``: games played through a noisy channel (1-pile Nim, Chomp!)."""

from __future__ import annotations

from ..errors import BadInput
from .common import (add_digits, add_force, add_json, emit_json, estimate_first, exact_text, human, int_arg,
                      rational_arg)

NAME = "noisy"
ORDER = 40
HELP = "combinatorial games through a noisy channel: 1-pile Nim with bit-flip noise, Chomp!"
DESCRIPTION = """Solve a game played through a noisy channel exactly (noisy, equation (4)).

  exactcube noisy nim 10 --eps 77/100     p(n) and every optimal move for n = 1..10 (equation (5))
  exactcube noisy nim 1024 --eps 1/10 --only 1024
                                          one heap of a long run (exact, fast solver)
  exactcube noisy chomp 2x3 --eps 1/10    every position of the 2x3 bar, neighbour noise (§1)
  exactcube noisy chomp 3x4               equiprobable noise (Example 4, Lemma 7)

eps is exact (0.77 means 77/100).  A move of Nim is the heap left after it; a move of
Chomp! is the square (row, column) chopped, the poison being (0, 0).  Probabilities are
printed exactly and to --digits decimals; long fractions are summarised unless --exact."""


def add_arguments(p):
    sub = p.add_subparsers(dest="game", metavar="GAME")
    sub.required = True
    n = sub.add_parser("nim", help="1-pile Nim with bit-flip noise (Example 3, equation (5))")
    n.add_argument("heap", type=int_arg("heap", 1), help="largest heap n (solves 1..n)")
    n.add_argument("--eps", type=rational_arg("--eps"), required=True, help="bit-flip probability in [0, 1]")
    n.add_argument("--method", choices=("fast", "plain"), default="fast",
                   help="solver (same exact answer): fast (default; heaps up to 8192) or plain (the direct "
                        "recursion, heaps up to 600; much slower: timed and announced first)")
    n.add_argument("--only", type=int_arg("--only", 1), help="print only this heap")
    _common(n)
    add_force(n)
    c = sub.add_parser("chomp", help="rectangular Chomp! with neighbour noise (§1)")
    c.add_argument("board", help="ROWSxCOLS, e.g. 2x3")
    c.add_argument("--eps", type=rational_arg("--eps"),
                   help="chance of chopping a neighbour instead (default: equiprobable noise)")
    c.add_argument("--neighbours", choices=("board", "position"), default="board",
                   help="count neighbours on the whole bar (default) or only among squares still present")
    _common(c)


def _common(p):
    add_digits(p, 15)
    p.add_argument("--exact", action="store_true", help="always print the full exact fractions")
    add_json(p, "the exact results")


def run(args, out) -> int:
    if args.game == "nim":
        return _run_nim(args, out)
    return _run_chomp(args, out)


def _show(args, out, table) -> None:
    """The table, unless the JSON alone takes standard output."""
    human(args, out).table(table)


def _run_nim(args, out) -> int:
    from rich.table import Table

    from ..noisy.nim import check_size, solve_nim
    from ..numbers import format_decimal, format_exact

    if not 0 <= args.eps <= 1:
        raise BadInput(f"--eps must lie in [0, 1], got {format_exact(args.eps)}")
    if args.only is not None and args.only > args.heap:
        raise BadInput(f"--only {args.only} is larger than the heap {args.heap}")
    from .common import progress

    check_size(args.heap, args.eps, args.method)  # the bounds first: no estimate of a run that is refused
    # fast: about n^2 big-integer operations; plain: n^3 rational operations on growing numbers (n^4 and more)
    start, growth = (256, 2.0) if args.method == "fast" else (16, 4.0)
    estimate_first(lambda h: solve_nim(h, args.eps, method=args.method), args.heap, start,
                   f"1-pile Nim up to heap {args.heap} ({args.method})", args.force, growth=growth)
    with progress(f"1-pile Nim, heaps 1..{args.heap}", args.heap, enabled=args.heap >= 1024) as bar:
        sol = solve_nim(args.heap, args.eps, method=args.method,
                        progress=bar if args.method == "fast" else None)
    t = Table(title=f"1-pile Nim, bit-flip eps = {format_exact(sol.eps)}  [{sol.method}, exact]")
    for col in ("n", "p(n)", "exact", "kind", "optimal moves (heap left)"):
        t.add_column(col, justify="right" if col != "optimal moves (heap left)" else "left")
    heaps = [args.only] if args.only else range(1, args.heap + 1)
    for n in heaps:
        dec, ex = format_decimal(sol.p[n], args.digits), exact_text(sol.p[n], args.exact)
        moves = sol.optimal[n]
        mtext = f"all 0..{n - 1}" if n > 1 and len(moves) == n else ", ".join(map(str, moves))
        t.add_row(str(n), dec, ex, sol.classify(n), mtext)
    _show(args, out, t)
    if args.json:
        emit_json(args, out, {
            "game": "1-pile Nim, bit-flip noise", "eps": format_exact(sol.eps), "method": sol.method,
            "p": [format_exact(v) for v in sol.p], "optimal": [list(m) for m in sol.optimal]})
    return 0


def _run_chomp(args, out) -> int:
    from rich.table import Table

    from ..noisy.games.chomp import parse_board, solve_chomp
    from ..noisy.games.game import classify
    from ..numbers import format_decimal, format_exact

    rows, cols = parse_board(args.board)
    if args.eps is not None and not 0 <= args.eps <= 1:
        raise BadInput(f"--eps must lie in [0, 1], got {format_exact(args.eps)}")
    sol = solve_chomp(rows, cols, args.eps, args.neighbours)
    noise = "equiprobable" if args.eps is None else f"neighbour noise eps = {format_exact(args.eps)}"
    t = Table(title=f"Chomp! {rows}x{cols}, {noise}  [exact]",
              caption="position = row lengths (poison at row 0, column 0); move = square (row, column) chopped")
    for col in ("position", "p", "exact", "kind", "optimal squares"):
        t.add_column(col)
    order = sorted(sol.p, key=lambda x: (sum(x), x))
    for x in order:
        dec, ex = format_decimal(sol.p[x], args.digits), exact_text(sol.p[x], args.exact)
        t.add_row(str(list(x)), dec, ex, classify(sol.p[x]), " ".join(f"({i},{j})" for i, j in sol.optimal[x]))
    _show(args, out, t)
    if args.json:
        emit_json(args, out, {
            "game": f"Chomp {rows}x{cols}", "noise": noise, "neighbours": args.neighbours,
            "positions": [{"rows": list(x), "p": format_exact(sol.p[x]),
                           "optimal": [list(s) for s in sol.optimal[x]]} for x in order]})
    return 0
