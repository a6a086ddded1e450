"""``exactcube bearoff``: exact bearoff values for real positions (one side or two).

The query is answered by :mod:`exactcube.race.bearoff.query` (which engine, which table, the cube
decisions); this module parses the command line and renders the answer."""

from __future__ import annotations

from ..errors import BadInput
from .common import (add_cube, add_digits, add_force, add_json, add_score_options, emit_json, exact_text, human,
                      int_arg, rational_arg, reject_options, result_json, value_text)

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
  exactcube bearoff X Y --match 7 --score 3-5      at a match score: match winning chances and the cube
        [--crawford] [--cube-value 2 --cube mine]  action, exact, through a named table (--met, default
                                                   Zadeh's); a gnubg match ID or an XGID gives its own score
  exactcube bearoff --build                        build the tables once into the cache folder
  exactcube bearoff --build --checkers 7 --workers 2   the two-sided table in chunks (resumable with
        [--dask ADDR] [--resume] [--chunk-pairs K]     --resume; up to 15 a side; on a Dask cluster)

One side: up to 15 checkers.  Two sides: up to 15 checkers each; the pairs of positions
reachable from the query are solved exactly (up to 200,000 pairs; beyond, an estimate resting
on two named readings: the one-sided estimate of the cubeless chances and cubeful equities from
them by Janowski's interpolation with cube-life index x, --cube-x X, default gnubg's 0.6 for its
one-sided database; or with --no-estimate a refusal); --db FILE reads a table saved by
scripts/build_bearoff.py instead.  Money game, gammons count double (a side with all 15 checkers
on the board), no backgammons in a bearoff, unlimited redoubles, no beavers, no Jacoby rule
unless --jacoby.  Fractions longer than 60 characters are summarised by their digit counts
(--exact prints them whole).

Tables are built once into a cache folder ($XDG_CACHE_HOME/exactcube, default ~/.cache/exactcube,
or --cache-dir DIR; --build --checkers C for C checkers, two sides up to 8) and read entry by entry,
checked against their digests (a damaged table is rebuilt, with a notice).  Pairs where a gammon
can arise are solved by the exact recursion with gammons; small pairs on the fly; pairs of up to
6 checkers a side reaching more positions build the two-sided table first (its time announced)."""

#: Options that only a pair takes; those of a match score; those of a money game only.
PAIR_ONLY = ("--cube", "--db", "--no-gammons", "--jacoby", "--no-estimate", "--cube-x")
MATCH = ("--match", "--score", "--crawford", "--post-crawford", "--level", "--met")
MONEY_ONLY = ("--db", "--no-gammons", "--jacoby", "--no-estimate", "--cube-x", "--roll", "--exact")


def add_arguments(p):
    p.add_argument("positions", nargs="*", metavar="POSITION",
                   help='six counts for points 1..6, e.g. "0 0 2 3 1 0"; a second one for the opponent; '
                        'or one gnubg position ID or XGID holding both sides')
    add_cube(p, help="two positions: show the cube decision for this cube state in detail (an XGID gives its own)")
    add_json(p)
    add_digits(p, 6)
    p.add_argument("--exact", action="store_true", help="print long fractions whole (default: summarised)")
    p.add_argument("--db", metavar="FILE", help="two positions: an exact two-sided table saved by build_bearoff.py")
    p.add_argument("--no-gammons", action="store_true", help="two positions: every loss counts single (named)")
    p.add_argument("--jacoby", action="store_true", help="two positions: gammons single while the cube is centred")
    p.add_argument("--no-estimate", action="store_true", help="two positions: refuse rather than estimate (exit 2)")
    p.add_argument("--cube-x", type=rational_arg("--cube-x", 0, 1), metavar="X",
                   help="two positions beyond the exact limit: Janowski's cube-life index x for the cubeful "
                        "equities of the one-sided estimate, 0..1 (default 0.6, gnubg's for one-sided bearoffs)")
    p.add_argument("--cache-dir", metavar="DIR",
                   help="folder of the built tables (default $XDG_CACHE_HOME/exactcube or ~/.cache/exactcube)")
    p.add_argument("--build", action="store_true",
                   help="build the tables into the cache folder now (no positions): one side up to 15 checkers "
                        "with the gammon distributions, two sides up to 6")
    p.add_argument("--checkers", type=int_arg("--checkers", 1, 15), metavar="C",
                   help="with --build: build the tables for up to C checkers instead (two sides only for C <= 8)")
    p.add_argument("--workers", type=int_arg("--workers", 1, 256), metavar="N",
                   help="with --build: build the two-sided table in chunks on N worker processes (resumable; "
                        "up to 15 checkers a side, --checkers C)")
    p.add_argument("--dask", metavar="ADDR",
                   help="with --build: build the two-sided table in chunks on the Dask scheduler at ADDR "
                        "(its workers must see the cache folder)")
    p.add_argument("--resume", action="store_true",
                   help="with --build: continue an interrupted chunked build (chunks whose digests check are kept)")
    p.add_argument("--chunk-pairs", type=int_arg("--chunk-pairs", 1, 1 << 30), metavar="K",
                   help="with --build: pairs a chunk of the chunked two-sided build (default 65536)")
    add_score_options(p)
    add_force(p, workers=True)
    p.add_argument("--roll", metavar="DICE",
                   help="two positions: the roll to play, e.g. 6-5: every legal play, best first, with exact "
                        "equities (an XGID's own dice are used without it)")


def _hooks(force: bool = False):
    """Notices on stderr, progress bars, and estimates through :func:`.common.announce` (over an hour refused
    without ``--force``)."""
    import sys

    from ..race.bearoff.query import Hooks
    from .common import announce, progress

    return Hooks(notice=lambda text: print(f"exactcube: {text}", file=sys.stderr), bar=progress,
                 estimate=lambda seconds, how: announce(seconds, how, force))


def run(args, out) -> int:
    import os

    from ..race.bearoff.cache import cache_dir
    from ..race.bearoff.ids import looks_like_id, parse_pair
    from ..race.bearoff.positions import parse_position
    from ..race.bearoff.query import build_all

    if args.build:
        if args.positions:
            raise BadInput("--build takes no positions (it only fills the cache folder)")
        reject_options(args, "bearoff --build", PAIR_ONLY + MATCH + ("--exact", "--json"))
        if any(getattr(args, k) not in (None, False) for k in ("workers", "dask", "resume", "chunk_pairs")):
            return _build_chunked(args, out)
        for what, path in build_all(cache_dir(args.cache_dir), args.checkers, _hooks(args.force)):
            out.print(what if path is None else f"{what}: {path} ({os.path.getsize(path):,} bytes)")
        return 0
    if args.checkers is not None:
        raise BadInput("--checkers goes with --build")
    reject_options(args, "bearoff without --build", CHUNKED)
    if not args.positions or len(args.positions) > 2:
        raise BadInput(f"bearoff: give one or two positions, got {len(args.positions)}")
    fields = {}
    if any(looks_like_id(t) for t in args.positions):
        if len(args.positions) != 1:
            raise BadInput("bearoff: a gnubg position ID or XGID holds both sides; give it alone")
        x, y, fields = parse_pair(args.positions[0])
    else:
        pos = [parse_position(t) for t in args.positions]
        if len(pos) == 1:
            if args.roll is not None:
                raise BadInput("--roll needs both sides: your position (on roll), then the opponent's")
            reject_options(args, "bearoff with one position", PAIR_ONLY + MATCH)
            return _one(pos[0], args, out)
        x, y = pos
    if any((args.match, args.score, args.crawford, args.post_crawford, fields.get("match_length"))):
        from ..match.query import match_score  # the match package only when a score is asked (it loads flint)
        from .match import answer_bearoff

        reject_options(args, "bearoff at a match score", MONEY_ONLY)
        return answer_bearoff(x, y, match_score(args.match, args.score, args.crawford, args.post_crawford, fields),
                              args, out, fields)
    reject_options(args, "bearoff in a money game (no --match)", ("--level", "--met"))
    if args.roll is not None or fields.get("dice"):
        return _roll(x, y, args, out, fields)
    return _two(x, y, args, out, fields)


#: The options of the chunked two-sided build (with --build only).
CHUNKED = ("--workers", "--dask", "--resume", "--chunk-pairs")


def _build_chunked(args, out) -> int:
    """``--build`` with a chunked option: the two-sided table alone, in chunks (:mod:`exactcube.race.bearoff.chunked`)."""
    import os

    from ..race.bearoff.cache import build_two_sided_chunked, cache_dir
    from .common import progress

    cores = os.cpu_count() or 1
    if (args.workers or 1) > cores and not args.force:
        raise BadInput(f"--workers {args.workers}: this machine has {cores} cores (more workers only slow the build; "
                       "--force runs them anyway)")
    hooks = _hooks()
    with progress("two-sided table, pairs solved", None) as bar:
        r = build_two_sided_chunked(cache_dir(args.cache_dir), args.checkers or 6, workers=args.workers or 1,
                                    dask=args.dask, resume=args.resume, chunk_pairs=args.chunk_pairs,
                                    notice=hooks.notice, progress=bar)
    out.print(f"two-sided table, up to {args.checkers or 6} checkers, in chunks: {r.path} "
              f"({os.path.getsize(r.path):,} bytes); {r.solved} chunks solved, {r.skipped} kept, "
              f"{r.cpu:.1f} s of CPU in the chunks; manifest {r.manifest}")
    return 0


def _fmt(q, args) -> str:
    return value_text(q, args.digits, args.exact)


def _one(counts, args, out):
    from ..race.bearoff.query import one_side

    a = one_side(counts, args.cache_dir, _hooks(args.force))
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
    from ..race.bearoff.query import CUBES, asked_cube, pair

    state, value = asked_cube(args.cube, fields)  # an XGID's own cube is the one answered for
    cubes = CUBES if state is None else (state,)
    a = pair(x, y, cubes, value, gammons=not args.no_gammons, jacoby=args.jacoby, estimate=not args.no_estimate,
             cube_x=args.cube_x, db=args.db, folder=args.cache_dir, hooks=_hooks(args.force))
    real_out, out = out, human(args, out)
    out.print(f"bearoff {' '.join(map(str, x))} (you, on roll) vs {' '.join(map(str, y))}   "
              f"gnubg ID {a.gnubg_id}   {a.xgid}", emoji=False)  # an XGID's ":-1:" is no emoji code
    if fields:
        out.print(f"  read from the {fields['format']}: the side on roll is shown first, as \"you\""
                  + (f"; its cube: {fields['cube']}, value {fields['cube_value']}" if "cube" in fields else ""))
    out.print(f"  ({a.conventions})")
    pv = a.provenance  # the evidence, and the readings it rests on by name
    out.print(f"  [{a.method}; evidence: {pv.evidence.value}"
              + (f", under the readings {', '.join(pv.assumptions)}]" if pv.assumptions else "]"))
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


def _decision(out, cube, d, value, args, detail):
    """Print one cube decision (a :class:`exactcube.race.cubeful.Decision`, worded by its ``advice``)."""
    worth = f"; at value {value}: {_fmt(value * d.equity, args)}" if value != 1 else ""
    out.print(f"  {CUBE_LABEL[cube]}: equity {_fmt(d.equity, args)}   per unit cube{worth}")
    verb, act, reply, tie = d.advice()
    if not act:
        return out.print("    you cannot double")
    if detail:
        for label, v in ((f"no {verb}    ", d.no_double), (f"{verb}, take ", d.double_take), (f"{verb}, pass ", d.double_pass)):
            out.print(f"    {label} = {_fmt(v, args)}")
    out.print(f"    action: {act}; if you {verb}, they should {reply}" + (f"  ({tie})" if tie else ""))


def _roll(x, y, args, out, fields=None) -> int:
    """``--roll`` (or an XGID's dice): every legal play of the roll, best first, with exact equities
    (:func:`exactcube.race.bearoff.plays.best_plays`)."""
    from ..race.bearoff.ids import gnubg_id
    from ..race.bearoff.plays import best_plays, parse_roll
    from ..race.bearoff.query import asked_cube, conventions
    from .common import progress

    reject_options(args, "bearoff --roll (every play is valued by the exact recursion)",
                   ("--db", "--no-estimate", "--cube-x"))
    fields = fields or {}
    roll = parse_roll(args.roll) if args.roll is not None else fields["dice"]
    if args.roll is not None and fields.get("dice") and fields["dice"] != roll:
        raise BadInput(f"--roll {args.roll}: the XGID's dice are {fields['dice'][0]}-{fields['dice'][1]}")
    cube = asked_cube(args.cube, fields)[0] or "centred"
    with progress("solving the plays' two-sided bearoffs", None) as bar:
        r = best_plays(x, y, roll, cube, gammons=not args.no_gammons, jacoby=args.jacoby,
                       progress=bar)
    obj = {} if args.json is None else result_json(r, args.digits)
    obj.update({"input": {k: list(v) if isinstance(v, tuple) else v for k, v in fields.items()}} if obj and fields else {})
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
    for rank, tied, p in r.ranked():
        out.print(f"  {'=' if tied else ' '}{rank:2d}. {p.moves:<{width}}  cubeful {_signed(p.cubeful, args)}   "
                  f"cubeless {_signed(p.cubeless, args)}")
    if len(r.best) > 1:
        out.print(f"  {len(r.best)} plays tie for best: {'; '.join(p.moves for p in r.best)}")
    emit_json(args, real_out, obj)
    return 0


def _signed(v, args) -> str:
    from ..numbers import format_decimal

    return f"{'+' if v >= 0 else ''}{format_decimal(v, args.digits)} ({exact_text(v, args.exact)})"
