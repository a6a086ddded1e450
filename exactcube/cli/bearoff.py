"""``exactcube bearoff``: exact bearoff values for real positions (one side or two)."""

from __future__ import annotations

from ..errors import BadInput, TooLarge
from ._common import add_cube, add_digits, add_json, emit_json, human

NAME = "bearoff"
ORDER = 41
HELP = "real bearoff positions: exact rolls to bear off, winning chance, cubeful equities and cube action"
DESCRIPTION = """Real bearoff positions, solved exactly (all plays under the full rules).
A position is six counts, the checkers on points 1 to 6 (quote it).

  exactcube bearoff "0 0 2 3 1 0"                  distribution of the number of rolls to bear
                                                   off (least expected rolls) and its mean
  exactcube bearoff "0 0 0 0 0 1" "0 0 0 0 0 1"    you (first) on roll against the opponent:
                                                   exact winning chance and cubeful equities
  exactcube bearoff "1 1 1 0 0 0" "0 2 0 0 0 0" --cube centred   the cube action in detail
  exactcube bearoff ... --json [FILE]              JSON alone on stdout, or also written to FILE

One side: up to 15 checkers.  Two sides: the positions reachable from the pair are solved
(at most 924 of them, e.g. up to 6 checkers a side); --db FILE reads a table saved by
scripts/build_bearoff.py instead.  Money play, no gammons, unlimited redoubles."""


def add_arguments(p):
    p.add_argument("positions", nargs="+", metavar="POSITION",
                   help='six counts for points 1..6, e.g. "0 0 2 3 1 0"; a second one for the opponent')
    add_cube(p, help="two positions: show the cube decision for this cube state in detail")
    add_json(p)
    add_digits(p, 6)
    p.add_argument("--db", metavar="FILE", help="two positions: an exact two-sided table saved by build_bearoff.py")


def _fmt(q, digits):
    from ..numbers import format_decimal, format_exact

    return f"{format_exact(q)}  ({format_decimal(q, digits)})"


def run(args, out) -> int:
    from ..race.bearoff.positions import parse_position

    if len(args.positions) > 2:
        raise BadInput(f"bearoff: give one or two positions, got {len(args.positions)}")
    pos = [parse_position(t) for t in args.positions]
    if len(pos) == 1:
        if args.cube or args.db:
            raise BadInput("--cube and --db need two positions (yours, then the opponent's)")
        return _one(pos[0], args, out)
    return _two(pos[0], pos[1], args, out)


def _one(counts, args, out):
    from ..numbers import format_decimal, format_exact
    from ..race.bearoff.onesided import distribution

    d = distribution(counts)
    probs = d.probabilities
    data = {"position": list(counts), "mean": format_exact(d.mean),
            "mean_decimal": format_decimal(d.mean, args.digits),
            "rolls": {str(k): format_exact(p) for k, p in enumerate(probs) if p}, "method": d.method}
    real_out, out = out, human(args, out)
    out.print(f"bearoff {' '.join(map(str, counts))} (points 1..6): rolls to bear off  [{d.method}]")
    for k, p in enumerate(probs):
        if p:
            out.print(f"  {k:2d} rolls: {_fmt(p, args.digits)}")
    out.print(f"  mean     = {_fmt(d.mean, args.digits)}")
    emit_json(args, real_out, data)
    return 0


def _two(x, y, args, out):
    from ..numbers import format_decimal, format_exact
    from ..race.bearoff import twosided as ts
    from ..race.bearoff.positions import key_of
    from ._common import progress

    if not any(x) or not any(y):
        raise BadInput("bearoff: both sides need a checker left (a side with none has already won)")
    if args.db:
        try:
            t = ts.load(args.db)
        except OSError as exc:
            raise BadInput(f"--db {args.db}: {exc.strerror}") from None
        if key_of(x) not in t.index or key_of(y) not in t.index:
            raise BadInput(f"--db {args.db}: the table does not hold these positions")
    else:
        n = len(ts._closure([key_of(x), key_of(y)]))
        if n > 924:
            raise TooLarge(f"the pair reaches {n} positions; at most 924 are solved on the fly "
                           "(build a table with scripts/build_bearoff.py and pass --db)")
        with progress("solving the two-sided bearoff", None) as bar:
            t = ts.build(keys=[key_of(x), key_of(y)], progress=lambda *a: bar.advance(1))
    e = t.entry(x, y)
    cubes = [args.cube] if args.cube else ["centred", "mine", "theirs"]
    acts = {c: ts.cube_action(e, c) for c in cubes}

    def q(v):
        return None if v is None else format_exact(v)

    data = {"mine": list(x), "theirs": list(y), "win": q(e.win),
            "win_decimal": format_decimal(e.win, args.digits),
            "cube": {c: {"no_double": q(a["no_double"]), "double_take": q(a["double_take"]),
                         "equity": q(a["equity"]), "action": a["action"],
                         "opponent": None if a["take"] is None else ("take" if a["take"] else "pass")}
                     for c, a in acts.items()},
            "method": t.method}
    real_out, out = out, human(args, out)
    out.print(f"bearoff {' '.join(map(str, x))} (you, on roll) vs {' '.join(map(str, y))}  "
              "(money game, no gammons)")
    out.print(f"  cubeless chance you win = {_fmt(e.win, args.digits)}")
    for c, a in acts.items():
        label = {"centred": "cube centred", "mine": "you own the cube", "theirs": "they own the cube"}[c]
        out.print(f"  {label}: equity {_fmt(a['equity'], args.digits)}   per unit cube")
        if a["take"] is None:
            out.print("    you cannot double")
            continue
        verb = "redouble" if c == "mine" else "double"
        if args.cube:
            out.print(f"    no {verb}     = {_fmt(a['no_double'], args.digits)}")
            out.print(f"    {verb}, take  = {_fmt(a['double_take'], args.digits)}")
            out.print(f"    {verb}, pass  = {_fmt(a['double_pass'], args.digits)}")
        act = a["action"].replace("double", verb)
        out.print(f"    action: {act}; if you {verb}, they should {'take' if a['take'] else 'pass'}"
                  + (f"  ({verb} and no {verb} are exactly equal)" if a["tie_double"] else "")
                  + ("  (take and pass are exactly equal)" if a["tie_take"] else ""))
    emit_json(args, real_out, data)
    return 0
