"""``exactcube cube``: thresholds and equities of the continuous game (ordinary and (x, y)-cube)."""

from __future__ import annotations

from ..errors import BadInput
from ..owner import ALL, Owner
from .common import add_cube, add_digits, exact_text, int_arg, rational_arg, value_text

NAME = "cube"
ORDER = 30
HELP = "doubling and take points, and equities, of the continuous (Brownian) game; any (x, y)-cube"
DESCRIPTION = """Thresholds of the continuous game of ks69 / ju24.

  exactcube cube --doubles 3          d_k and a_k with k = 3 doubles left (ju24 (1.1))
  exactcube cube                      unlimited doubles: double and fold at 4/5 (ks69 (5))
  exactcube cube --doubles 2 --p 7/10 --cube centred
                                      A's equity at p with the cube centred, 2 doubles left
  exactcube cube --x 1/2 --y 3 --k 3 --p 3/5
                                      the (x, y)-cube (ju24 §3): on acceptance the stake is
                                      multiplied by y, a fold pays x; region, d_k, a_k, the
                                      limit, and the equity of p (ju24's policy and the exact
                                      optimum from the independent solver)

--k is --doubles (proposals left).  States and thresholds are exact rationals; --digits sets
the decimals printed beside them.  Fractions longer than 60 characters are summarised
(<N-digit>/<M-digit>) unless --exact."""


def add_arguments(p):
    p.add_argument("--doubles", "--k", "-k", dest="doubles", type=int_arg("--doubles", 0),
                   help="doubles (proposals) left in the game (default: unlimited; with --x/--y: 1)")
    p.add_argument("--x", type=rational_arg("--x"), help="(x, y)-cube: a fold pays x times the stake (default 1)")
    p.add_argument("--y", type=rational_arg("--y"), help="(x, y)-cube: acceptance multiplies the stake by y > 0 "
                                                        "(default 2)")
    p.add_argument("--p", type=rational_arg("--p"), help="A's cubeless chance of winning, in [0, 1]")
    add_cube(p, ("centred", "mine", "theirs", "dead"), default="centred")
    add_digits(p, 6)
    p.add_argument("--exact", action="store_true", help="print long fractions whole (default: summarised)")


def run(args, out) -> int:
    if args.p is not None and not 0 <= args.p <= 1:
        raise BadInput(f"--p must lie in [0, 1], got {args.p}")
    if args.x is not None or args.y is not None:
        return _run_stakes(args, out)
    from ..brownian import alternating as alt

    k = args.doubles
    cube = Owner.parse(args.cube, ALL)
    th = alt.thresholds(k)
    label = "unlimited doubles" if k is None else f"{k} double{'s' if k != 1 else ''} left"
    out.print(f"continuous game, alternating doubles, {label}  [{th.method}]")
    if k == 0:
        out.print("no doubles left: nobody may double; equity 2p - 1")
    else:
        out.print(f"  double at          d = {value_text(th.double, args.digits, args.exact)}")
        out.print(f"  take down to       a = {value_text(th.take, args.digits, args.exact)}   (own chance; fold below)")
        out.print(f"  |d - 4/5|            = {value_text(th.distance_from_limit, args.digits, args.exact)}")
    if args.p is not None:
        e = alt.equity(args.p, cube, k)
        out.print(f"  equity of A at p = {exact_text(args.p, args.exact)}: {value_text(e.value, args.digits, args.exact)} "
                  f"per unit stake, cube {args.cube}"
                  f"  [game effectively ends at {exact_text(e.window[0], args.exact)} or "
                  f"{exact_text(e.window[1], args.exact)}]")
    return 0


_OWNER = {"centred": "centre", "mine": "A", "theirs": "B"}


def _run_stakes(args, out) -> int:
    from ..brownian import alternating as alt
    from ..brownian import stakes as st
    from ..brownian import stopping
    from ..numbers import format_exact, mpq

    x = args.x if args.x is not None else mpq(1)
    y = args.y if args.y is not None else mpq(2)
    k = 1 if args.doubles is None else args.doubles
    cube = Owner.parse(args.cube, ALL)
    c = st.classify(x, y)  # BadInput for y <= 0
    d = args.digits
    out.print(f"(x, y)-cube with (x, y) = ({format_exact(x)}, {format_exact(y)}), {k} proposal"
              f"{'s' if k != 1 else ''} left: {c.region.value}  [{c.source}]")
    out.print(f"  policy: propose {c.policy.value}  ({c.reason})")
    if c.region.nontrivial:
        th = st.thresholds(x, y, k) if k > 0 else None
        if th is not None:
            out.print(f"  propose at       d_{k} = {value_text(th.double, d, args.exact)}   [{th.method}]")
            out.print(f"  take down to     a_{k} = {value_text(th.take, d, args.exact)}   (own state; fold below)")
        out.print(f"  one proposal       d_1 = {value_text(st.one_proposal_point(x, y), d, args.exact)}   [ju24 (3.1)]")
        lim = st.limit_point(x, y)
        eq = "(A.3)" if c.region is st.Region.RAISING else "(A.8)"
        out.print(f"  limit k -> inf   d_inf = {value_text(lim, d, args.exact)}   [ju24 {eq}]")
        if c.region is st.Region.REDUCING:
            out.print("  note: d_k is the opponent's indifference point; the exact optimum is to reduce only at "
                      "one's own state 0 (claim ju24.thm1.5)")
    if k > stopping._MAX_K:
        if args.p is not None:
            raise BadInput(f"--k {k}: the exact solver handles at most {stopping._MAX_K} proposals")
        return 0
    if args.p is not None:
        p = args.p
        if cube is alt.Cube.DEAD or k == 0:
            out.print(f"  equity of A at p = {format_exact(p)}: {value_text(2 * p - 1, d, args.exact)} per unit stake (dead cube: 2p - 1)")
            return 0
        sol = stopping.solve(x, y, k)
        owner = _OWNER[cube.value]
        opt = sol.value(p, k, owner)
        if c.region.nontrivial:
            pol = st.equity(x, y, k, p, cube).value
            out.print(f"  equity of A at p = {format_exact(p)}, cube {args.cube}: ju24 policy {value_text(pol, d, args.exact)}; "
                      f"optimal {value_text(opt, d, args.exact)}  [exact solver]")
        else:
            out.print(f"  equity of A at p = {format_exact(p)}, cube {args.cube}: optimal {value_text(opt, d, args.exact)}  "
                      "[exact solver]")
        lvl = sol.level(k, owner)
        if owner != "B":
            where = ", ".join(f"[{format_exact(a)}, {format_exact(b)}]" if a != b else format_exact(a)
                              for a, b in lvl.stop_A) or "nowhere"
            out.print(f"  A's optimal proposal states: {where}")
    return 0
