"""``exactcube bearoff``: exact bearoff values for real positions (one side or two).

The query is answered by :mod:`exactcube.race.bearoff.query` (which engine, which table, the cube
decisions); this module parses the command line and renders the answer."""

from __future__ import annotations

from ..errors import BadInput
from ._common import (add_cube, add_digits, add_json, emit_json, exact_text, human, int_arg, rational_arg,
                      reject_options, result_json)

NAME = "bearoff"
ORDER = 41
HELP = "real bearoff positions: exact rolls to bear off, winning chance, cubeful equities and cube action"
DESCRIPTION = """Real bearoff positions, solved exactly (all plays under the full rules).
A position is six counts, the checkers on points 1 to 6 (quote it); a pair can also be
given as one gnubg position ID or XGID (the side on roll first, as the ID says; an XGID's
cube is the cube answered for).

  exactcube bearoff "0 0 2 3 1 0"                  distribution of the number of rolls to bear
                                                   off (least expected rolls) and its mean; with
                                                   15 checkers also the gammon distribution
  exactcube bearoff "0 0 0 0 0 1" "0 0 0 0 0 1"    you (first) on roll against the opponent:
                                                   exact chances and cubeful equities
  exactcube bearoff 3/cBAAAgAAAAAA                 the same for a gnubg position ID (or an XGID)
  exactcube bearoff "1 1 1 0 0 0" "0 2 0 0 0 0" --cube centred   the cube action in detail
  exactcube bearoff ... --json [FILE]              JSON alone on stdout, or also written to FILE
  exactcube bearoff --build                        build the tables once into the cache folder

One side: up to 15 checkers.  Two sides: up to 15 checkers each; the pairs of positions
reachable from the query are solved exactly (up to 200,000 pairs; beyond, an estimate resting
on two named readings: the one-sided estimate of the cubeless chances and cubeful equities from
them by Janowski's interpolation with cube-life index x, --cube-x X, default gnubg's 0.6 for its
one-sided database; or with --no-estimate a refusal); --db FILE reads a table saved by
scripts/build_bearoff.py instead.  Money game, gammons count double (a side with all 15 checkers
on the board), no backgammons in a bearoff, unlimited redoubles, no beavers, no Jacoby rule
unless --jacoby.  Fractions longer than 60 characters are summarised by their digit counts
(--exact prints them whole).

Tables are built once into a cache folder ($XDG_CACHE_HOME/exactcube, default
~/.cache/exactcube, or --cache-dir DIR): the one-sided table for up to 15 checkers, the
gammon distributions of the 15-checker positions, and the two-sided table for up to 6
checkers a side (--build --checkers C builds the one- and two-sided tables for C checkers;
two sides up to 8).  A query reads only its own entries from them, checked against
their digests; a damaged table is rebuilt, with one line of notice.  The two-sided tables
hold no gammons: a pair where a gammon can arise (a side with 15 checkers, without
--no-gammons) is solved by the exact recursion with gammons instead.  Without a
table, small pairs are solved on the fly and pairs of up to 6 checkers a side that reach
more positions build the table first (its time announced)."""

#: Options that only a pair takes.
PAIR_ONLY = ("--cube", "--db", "--no-gammons", "--jacoby", "--no-estimate", "--cube-x")


def add_arguments(p):
    p.add_argument("positions", nargs="*", metavar="POSITION",
                   help='six counts for points 1..6, e.g. "0 0 2 3 1 0"; a second one for the opponent; '
                        'or one gnubg position ID or XGID holding both sides')
    add_cube(p, help="two positions: show the cube decision for this cube state in detail (an XGID gives its own)")
    add_json(p)
    add_digits(p, 6)
    p.add_argument("--exact", action="store_true", help="print long fractions whole (default: summarised)")
    p.add_argument("--db", metavar="FILE", help="two positions: an exact two-sided table saved by build_bearoff.py")
    p.add_argument("--no-gammons", action="store_true",
                   help="two positions: every loss counts single (named in the output)")
    p.add_argument("--jacoby", action="store_true",
                   help="two positions: Jacoby rule, gammons count single while the cube is centred")
    p.add_argument("--no-estimate", action="store_true",
                   help="two positions: refuse (exit 2) rather than fall back to the one-sided estimate")
    p.add_argument("--cube-x", type=_cube_x, metavar="X",
                   help="two positions beyond the exact limit: Janowski's cube-life index x for the cubeful "
                        "equities of the one-sided estimate, 0..1 (default 0.6, gnubg's for one-sided bearoffs)")
    p.add_argument("--cache-dir", metavar="DIR",
                   help="folder of the built tables (default $XDG_CACHE_HOME/exactcube or ~/.cache/exactcube)")
    p.add_argument("--build", action="store_true",
                   help="build the tables into the cache folder now (no positions): one side up to 15 checkers "
                        "with the gammon distributions, two sides up to 6")
    p.add_argument("--checkers", type=int_arg("--checkers", 1, 15), metavar="C",
                   help="with --build: build the tables for up to C checkers instead (two sides only for C <= 8)")
    p.add_argument("--roll", metavar="DICE",
                   help="two positions: the roll to play, e.g. 6-5: every legal play, best first, with exact "
                        "equities (an XGID's own dice are used without it)")


def _cube_x(text):
    """``--cube-x``: an exact rational in [0, 1]."""
    import argparse

    v = rational_arg("--cube-x")(text)
    if not 0 <= v <= 1:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1 (got {text!r})")
    return v


def _hooks():
    import sys

    from ..race.bearoff.query import Hooks
    from ._common import progress

    return Hooks(notice=lambda text: print(f"exactcube: {text}", file=sys.stderr), bar=progress)


def run(args, out) -> int:
    from ..race.bearoff.ids import looks_like_id, parse_pair
    from ..race.bearoff.positions import parse_position

    if args.build:
        if args.positions:
            raise BadInput("--build takes no positions (it only fills the cache folder)")
        reject_options(args, "bearoff --build", PAIR_ONLY + ("--exact", "--json"))
        return _build(args, out)
    if args.checkers is not None:
        raise BadInput("--checkers goes with --build")
    if not args.positions or len(args.positions) > 2:
        raise BadInput(f"bearoff: give one or two positions, got {len(args.positions)}")
    if any(looks_like_id(t) for t in args.positions):
        if len(args.positions) != 1:
            raise BadInput("bearoff: a gnubg position ID or XGID holds both sides; give it alone")
        x, y, fields = parse_pair(args.positions[0])
        if args.roll is not None or fields.get("dice"):
            return _roll(x, y, args, out, fields)
        return _two(x, y, args, out, fields)
    pos = [parse_position(t) for t in args.positions]
    if args.roll is not None:
        if len(pos) != 2:
            raise BadInput("--roll needs both sides: your position (on roll), then the opponent's")
        return _roll(pos[0], pos[1], args, out, {})
    if len(pos) == 1:
        reject_options(args, "bearoff with one position", PAIR_ONLY)
        return _one(pos[0], args, out)
    return _two(pos[0], pos[1], args, out, {})


def _build(args, out) -> int:
    import os

    from ..race.bearoff import cache
    from ..race.bearoff import query as qy
    from ..race.bearoff.twosided import MAX_TABLE_CHECKERS

    folder, hooks = cache.cache_dir(args.cache_dir), _hooks()
    one, two = args.checkers or 15, args.checkers or 6
    path = qy.build_one_sided(folder, one, hooks)
    out.print(f"one-sided table, up to {one} checkers: {path} ({os.path.getsize(path):,} bytes)")
    if one == 15:
        path = qy.build_gammons(folder, hooks)
        out.print(f"gammon table, 15 checkers: {path} ({os.path.getsize(path):,} bytes)")
    if two > MAX_TABLE_CHECKERS:
        out.print(f"two-sided table: not built for {two} checkers (at most {MAX_TABLE_CHECKERS} a side)")
    else:
        path = qy.build_two_sided(folder, two, hooks)
        out.print(f"two-sided table, up to {two} checkers: {path} ({os.path.getsize(path):,} bytes)")
    return 0


def _fmt(q, args) -> str:
    from ..numbers import format_decimal

    return f"{exact_text(q, args.exact)}  ({format_decimal(q, args.digits)})"


def _one(counts, args, out):
    from ..race.bearoff.query import one_side

    a = one_side(counts, args.cache_dir, _hooks())
    real_out, out = out, human(args, out)
    out.print(f"bearoff {' '.join(map(str, counts))} (points 1..6): rolls to bear off  [{a.distribution.method}]")
    for title, d in ((None, a.distribution), ("rolls until the first checker is off (gammon distribution)", a.gammon)):
        if d is None:
            continue
        if title:
            out.print(f"{title}  [{d.method}]")
        for k, p in d.rolls.items():
            out.print(f"  {k:2d} roll{'s' * (k != 1)}: {_fmt(p, args)}")
        out.print(f"  mean     = {_fmt(d.mean, args)}")
    emit_json(args, real_out, result_json(a, args.digits) if args.json is not None else {})
    return 0


CUBE_LABEL = {"centred": "cube centred", "mine": "you own the cube", "theirs": "they own the cube"}


def _two(x, y, args, out, fields):
    from ..race.bearoff.query import CUBES, pair
    from ..race.cubeful import Cube

    cubes = CUBES if args.cube is None else (Cube.parse(args.cube).value,)
    value = 1
    if "cube" in fields:  # an XGID: its own cube is the one answered for
        if args.cube is not None and Cube.parse(args.cube).value != fields["cube"]:
            raise BadInput(f"--cube {args.cube} conflicts with the XGID's cube ({fields['cube']}, value "
                           f"{fields['cube_value']}); drop --cube or change the XGID")
        cubes, value = (fields["cube"],), fields["cube_value"]
    a = pair(x, y, cubes, value, gammons=not args.no_gammons, jacoby=args.jacoby, estimate=not args.no_estimate,
             cube_x=args.cube_x, db=args.db, folder=args.cache_dir, hooks=_hooks())
    if args.cube_x is not None and not hasattr(a, "cube_x"):
        _hooks().say("--cube-x not used: this pair's cubeful values are computed exactly")
    real_out, out = out, human(args, out)
    out.print(f"bearoff {' '.join(map(str, x))} (you, on roll) vs {' '.join(map(str, y))}   "
              f"gnubg ID {a.gnubg_id}   {a.xgid}", emoji=False)  # an XGID's ":-1:" is no emoji code
    if fields:
        out.print(f"  read from the {fields['format']}: the side on roll is shown first, as \"you\""
                  + (f"; its cube: {fields['cube']}, value {fields['cube_value']}" if "cube" in fields else ""))
    out.print(f"  ({a.conventions})")
    out.print(f"  [{a.method}; evidence: {_evidence(a)}]")
    out.print(f"  cubeless chance you win = {_fmt(a.win, args)}")
    if a.gammons == "counted":
        out.print(f"    you win a gammon      = {_fmt(a.win_gammon, args)}")
        out.print(f"    you lose a gammon     = {_fmt(a.lose_gammon, args)}")
    out.print(f"  cubeless equity         = {_fmt(a.cubeless_equity, args)}")
    if hasattr(a, "cube_x"):
        out.print(f"  cubeful equities below, an {a.cubeful}")
    for c, d in a.cube.items():
        _decision(out, c, d, a.cube_value, args, detail=len(a.cube) == 1)
    emit_json(args, real_out, result_json(a, args.digits) if args.json is not None else {})
    return 0


def _evidence(result) -> str:
    """The evidence class, and the readings a result rests on by name."""
    p = result.provenance
    return p.evidence.value + (f", under the readings {', '.join(p.assumptions)}" if p.assumptions else "")


def _decision(out, cube, d, value, args, detail):
    """Print one cube decision (a :class:`exactcube.race.cubeful.Decision`)."""
    from ..race.cubeful import Action

    worth = f"; at value {value}: {_fmt(value * d.equity, args)}" if value != 1 else ""
    out.print(f"  {CUBE_LABEL[cube]}: equity {_fmt(d.equity, args)}   per unit cube{worth}")
    if d.action is Action.CANNOT_DOUBLE:
        out.print("    you cannot double")
        return
    verb = "redouble" if cube == "mine" else "double"
    if detail:
        out.print(f"    no {verb}     = {_fmt(d.no_double, args)}")
        out.print(f"    {verb}, take  = {_fmt(d.double_take, args)}")
        out.print(f"    {verb}, pass  = {_fmt(d.double_pass, args)}")
    if d.action is Action.NO_DOUBLE:
        act = f"no {verb}" + (" (too good: playing on beats a pass)" if d.too_good else "")
    else:
        act = f"{verb}, take or pass (exactly equal)" if d.tie_take else d.action.value.replace("double", verb)
    reply = "take or pass, exactly equal" if d.tie_take else ("take" if d.take else "pass")
    out.print(f"    action: {act}; if you {verb}, they should {reply}"
              + (f"  ({verb} and no {verb} are exactly equal)" if d.tie_double else ""))


def _roll(x, y, args, out, fields=None) -> int:
    """``--roll`` (or an XGID's dice): every legal play of the roll, best first, with exact equities
    (:func:`exactcube.race.bearoff.plays.best_plays`)."""
    from ..race.bearoff.ids import gnubg_id
    from ..race.bearoff.plays import best_plays, parse_roll
    from ..race.bearoff.query import conventions
    from ._common import progress

    reject_options(args, "bearoff --roll (every play is valued by the exact recursion)",
                   ("--db", "--no-estimate", "--cube-x"))
    fields = fields or {}
    roll = parse_roll(args.roll) if args.roll is not None else fields["dice"]
    if args.roll is not None and fields.get("dice") and fields["dice"] != roll:
        raise BadInput(f"--roll {args.roll}: the XGID's dice are {fields['dice'][0]}-{fields['dice'][1]}")
    from ..race.cubeful import Cube

    asked = Cube.parse(args.cube).value if args.cube else None  # one spelling: 'center' is 'centred'
    cube = asked or fields.get("cube") or "centred"
    if asked and fields.get("cube") and asked != fields["cube"]:
        raise BadInput(f"--cube {args.cube}: the {fields['format']} says the cube is {fields['cube']}")
    with progress("solving the plays' two-sided bearoffs", None) as bar:
        r = best_plays(x, y, roll, cube, gammons=not args.no_gammons, jacoby=args.jacoby,
                       progress=lambda done, total: bar.advance(1000))
    obj = {}
    if args.json is not None:
        obj = result_json(r, args.digits)
        if fields:
            obj["input"] = {k: (list(v) if isinstance(v, tuple) else v) for k, v in fields.items()}
    real_out, out = out, human(args, out)
    out.print(f"bearoff {' '.join(map(str, x))} (you, on roll) vs {' '.join(map(str, y))}, roll {roll[0]}-{roll[1]}"
              f"   gnubg ID {gnubg_id(x, y)}", emoji=False)
    out.print(f"  ({conventions(x, y, not args.no_gammons, args.jacoby)}; {CUBE_LABEL[cube]}, equities per unit cube)")
    out.print(f"  [{r.method} ({r.pairs:,} pairs); evidence: {r.evidence}]")
    n = len(r.plays)
    out.print("  1 legal play (your equities after it)" if n == 1 else
              f"  {n} legal plays, best first (your cubeful equity after the play, then cubeless); plays of "
              "exactly equal cubeful equity are marked '='")
    width = max(len(p.moves) for p in r.plays)
    rank = 0
    for i, p in enumerate(r.plays):
        tied = i > 0 and p.cubeful == r.plays[i - 1].cubeful
        rank = rank if tied else i + 1
        out.print(f"  {'=' if tied else ' '}{rank:2d}. {p.moves:<{width}}  cubeful {_signed(p.cubeful, args)}   "
                  f"cubeless {_signed(p.cubeless, args)}")
    if len(r.best) > 1:
        out.print(f"  {len(r.best)} plays tie for best: {'; '.join(p.moves for p in r.best)}")
    emit_json(args, real_out, obj)
    return 0


def _signed(v, args) -> str:
    from ..numbers import format_decimal

    return f"{'+' if v >= 0 else ''}{format_decimal(v, args.digits)} ({exact_text(v, args.exact)})"
