"""``exactcube cube``: thresholds and equities of the continuous game."""

from __future__ import annotations

from ..errors import BadInput
from ._common import int_arg, rational_arg

NAME = "cube"
ORDER = 30
HELP = "doubling and take points, and equities, of the continuous (Brownian) game"
DESCRIPTION = """Thresholds of the continuous game of ks69 / ju24.

  exactcube cube --doubles 3          d_k and a_k with k = 3 doubles left (ju24 (1.1))
  exactcube cube                      unlimited doubles: double and fold at 4/5 (ks69 (5))
  exactcube cube --doubles 2 --p 7/10 --cube centre
                                      A's equity at p with the cube centred, 2 doubles left

States and thresholds are exact rationals; --digits sets the decimals printed beside them."""


def add_arguments(p):
    p.add_argument("--doubles", "-k", type=int_arg("--doubles", 0), help="doubles left in the game (default: unlimited)")
    p.add_argument("--p", type=rational_arg("--p"), help="A's cubeless chance of winning, in [0, 1]")
    p.add_argument("--cube", default="centre", help="centre | mine | theirs | dead (default centre)")
    p.add_argument("--digits", type=int_arg("--digits", 0), default=6, help="decimals printed (default 6)")


def _fmt(q, digits):
    from ..numbers import format_decimal, format_exact

    return f"{format_exact(q)}  ({format_decimal(q, digits)})"


def run(args, out) -> int:
    from ..brownian import alternating as alt

    k = args.doubles
    if args.p is not None and not 0 <= args.p <= 1:
        raise BadInput(f"--p must lie in [0, 1], got {args.p}")
    cube = alt.Cube.parse(args.cube)
    th = alt.thresholds(k)
    label = "unlimited doubles" if k is None else f"{k} double{'s' if k != 1 else ''} left"
    out.print(f"continuous game, alternating doubles, {label}  [{th.method}]")
    if k == 0:
        out.print("no doubles left: nobody may double; equity 2p - 1")
    else:
        out.print(f"  double at          d = {_fmt(th.double, args.digits)}")
        out.print(f"  take down to       a = {_fmt(th.take, args.digits)}   (own chance; fold below)")
        out.print(f"  |d - 4/5|            = {_fmt(th.distance_from_limit, args.digits)}")
    if args.p is not None:
        e = alt.equity(args.p, cube, k)
        out.print(f"  equity of A at p = {_fmt(e.value, args.digits)} per unit stake, cube {e.cube.value}"
                  f"  [game effectively ends at {e.window[0]} or {e.window[1]}]")
    return 0
