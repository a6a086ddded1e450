"""``exactcube bearoff``: exact bearoff values for real positions (one side or two)."""

from __future__ import annotations

import json

from ..errors import BadInput, TooLarge
from ._common import int_arg

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
  exactcube bearoff ... --json [FILE]              JSON on stdout, or written to FILE
  exactcube bearoff --build                        build the tables once into the cache folder

Tables are built once into a cache folder ($XDG_CACHE_HOME/exactcube, default
~/.cache/exactcube, or --cache-dir DIR): the one-sided table for up to 15 checkers and the
two-sided table for up to 6 checkers a side (--build --checkers C builds those for C
checkers; two sides up to 8).  A query reads only its own entries from them, checked against
their digests; a damaged table is rebuilt, with one line of notice.  Without a table, small
queries are solved on the fly and larger ones build the table first (its time announced).
--db FILE reads a two-sided table saved by scripts/build_bearoff.py instead.  Money play, no
gammons, unlimited redoubles."""


def add_arguments(p):
    p.add_argument("positions", nargs="*", metavar="POSITION",
                   help='six counts for points 1..6, e.g. "0 0 2 3 1 0"; a second one for the opponent')
    p.add_argument("--cube", choices=("centred", "mine", "theirs"),
                   help="two positions: show the cube decision for this cube state in detail")
    p.add_argument("--json", nargs="?", const="-", metavar="FILE",
                   help="print the result as JSON (or write it to FILE)")
    p.add_argument("--digits", type=int_arg("--digits", 0), default=6, help="decimals printed (default 6)")
    p.add_argument("--db", metavar="FILE", help="two positions: an exact two-sided table saved by build_bearoff.py")
    p.add_argument("--cache-dir", metavar="DIR",
                   help="folder of the built tables (default $XDG_CACHE_HOME/exactcube or ~/.cache/exactcube)")
    p.add_argument("--build", action="store_true",
                   help="build the tables into the cache folder now (no positions): one side up to 15 checkers, "
                        "two sides up to 6")
    p.add_argument("--checkers", type=int_arg("--checkers", 1, 15), metavar="C",
                   help="with --build: build the tables for up to C checkers instead (two sides only for C <= 8)")


def _fmt(q, digits):
    from ..numbers import format_decimal, format_exact

    return f"{format_exact(q)}  ({format_decimal(q, digits)})"


def _emit(args, out, obj):
    if args.json == "-":
        out.write(json.dumps(obj))
    else:
        from ._common import write_json

        write_json(args.json, obj)


def run(args, out) -> int:
    from ..race.bearoff.positions import parse_position

    if args.build:
        if args.positions or args.db or args.cube or args.json is not None:
            raise BadInput("--build takes no positions, --db, --cube or --json (it only fills the cache folder)")
        return _build(args, out)
    if args.checkers is not None:
        raise BadInput("--checkers goes with --build")
    if not args.positions or len(args.positions) > 2:
        raise BadInput(f"bearoff: give one or two positions, got {len(args.positions)}")
    pos = [parse_position(t) for t in args.positions]
    if len(pos) == 1:
        if args.cube or args.db:
            raise BadInput("--cube and --db need two positions (yours, then the opponent's)")
        return _one(pos[0], args, out)
    return _two(pos[0], pos[1], args, out)


def build_seconds(kind: str, checkers: int) -> int:
    """CPU seconds a build takes here (docs/bearoff.md, "Instant answers" and "Speed"): one side about 9 s
    for the 54,264 positions of 15 checkers, in proportion to the positions; two sides about 25 s for 6
    checkers a side, about 5 times more per checker."""
    from ..race.bearoff.positions import n_positions

    if kind == "os":
        return max(1, round(9 * n_positions(checkers) / n_positions(15)))
    return max(1, round(25 * 5 ** (checkers - 6)))


#: Two-sided queries reaching at most this many positions are solved on the fly (about 1 s) when no table is cached.
ON_THE_FLY = 300


def _notice(text: str) -> None:
    import sys

    print(f"exactcube: {text}", file=sys.stderr)


def _build_one(folder, checkers, tail=""):
    """Build the one-sided table into ``folder`` under a progress bar, announced with its expected
    CPU time; returns its path."""
    from ..race.bearoff import cache
    from ..race.bearoff.positions import n_positions
    from ._common import progress

    _notice(f"building the one-sided table for up to {checkers} checkers into {folder} once "
            f"(about {build_seconds('os', checkers)} s of CPU here){tail}")
    with progress(f"one-sided table, up to {checkers} checkers", n_positions(checkers)) as bar:
        last = [0]

        def step(done, total):
            bar.advance(done - last[0])
            last[0] = done

        return cache.build_one_sided(folder, checkers, step)


def _build_two(folder, checkers, tail=""):
    """Build the two-sided table into ``folder`` under a progress bar (one step per pip level), announced
    with its expected CPU time; returns its path."""
    from ..race.bearoff import cache
    from ._common import progress

    _notice(f"building the two-sided table for up to {checkers} checkers a side into {folder} once "
            f"(about {build_seconds('ts', checkers)} s of CPU here){tail}")
    with progress(f"two-sided table, up to {checkers} checkers a side", None) as bar:
        return cache.build_two_sided(folder, checkers, lambda *a: bar.advance(1))


def _build(args, out) -> int:
    import os

    from ..race.bearoff import cache
    from ..race.bearoff.twosided import MAX_TABLE_CHECKERS

    folder = cache.cache_dir(args.cache_dir)
    one = args.checkers or 15
    two = args.checkers or 6
    for kind, c, fn in (("one-sided", one, _build_one), ("two-sided", two, _build_two)):
        if kind == "two-sided" and c > MAX_TABLE_CHECKERS:
            out.print(f"two-sided table: not built for {c} checkers (at most {MAX_TABLE_CHECKERS} a side)")
            continue
        path = fn(folder, c)
        out.print(f"{kind} table, up to {c} checkers: {path} ({os.path.getsize(path):,} bytes)")
    return 0


def _one(counts, args, out):
    from ..numbers import format_decimal, format_exact
    from ..race.bearoff import cache

    n = sum(counts)
    folder = cache.cache_dir(args.cache_dir)
    have = [c for c in cache.cached_checkers(folder, "os") if c >= n]
    if have or n > 6:
        c = have[0] if have else 15
        if not have:
            _build_one(folder, c, "; later queries read it")
        d = cache.one_sided_distribution(folder, c, counts, _notice)
    else:
        from ..race.bearoff.onesided import distribution

        d = distribution(counts)
    probs = d.probabilities
    if args.json is not None:
        _emit(args, out, {"position": list(counts), "mean": format_exact(d.mean),
                          "mean_decimal": format_decimal(d.mean, args.digits),
                          "rolls": {str(k): format_exact(p) for k, p in enumerate(probs) if p},
                          "method": d.method})
        if args.json != "-":
            out.print(f"wrote {args.json}")
        return 0
    out.print(f"bearoff {' '.join(map(str, counts))} (points 1..6): rolls to bear off  [{d.method}]")
    for k, p in enumerate(probs):
        if p:
            out.print(f"  {k:2d} rolls: {_fmt(p, args.digits)}")
    out.print(f"  mean     = {_fmt(d.mean, args.digits)}")
    return 0


def _entry(x, y, args):
    """The exact values of the pair and how they were obtained: from --db, from a cached table
    (built first when the pair is too large to solve on the fly), or solved on the fly."""
    from ..race.bearoff import cache
    from ..race.bearoff import twosided as ts
    from ..race.bearoff.positions import key_of
    from ._common import progress

    method = ts.TwoSided.method
    if args.db:
        f = cache.TwoSidedFile(args.db, cache.cache_dir(args.cache_dir))
        try:
            if not f.holds(x, y):
                raise BadInput(f"--db {args.db}: the table does not hold these positions")
            return f.entry(x, y), method + f"; read from {args.db}"
        finally:
            f.close()
    n = max(sum(x), sum(y))
    folder = cache.cache_dir(args.cache_dir)
    have = [c for c in cache.cached_checkers(folder, "ts") if c >= n]
    m = 0 if have else len(ts.reachable([key_of(x), key_of(y)]))
    if have or (m > ON_THE_FLY and n <= 6):
        c = have[0] if have else 6
        if not have:
            _build_two(folder, c, "; later queries read it")
        return cache.two_sided_entry(folder, c, x, y, _notice), method + "; read from the cached table"
    if m > 924:
        raise TooLarge(f"the pair reaches {m} positions; at most 924 are solved on the fly "
                       "(build a table with: exactcube bearoff --build --checkers 8)")
    with progress("solving the two-sided bearoff", None) as bar:
        t = ts.build(keys=[key_of(x), key_of(y)], progress=lambda *a: bar.advance(1))
    return t.entry(x, y), method


def _two(x, y, args, out):
    from ..numbers import format_decimal, format_exact
    from ..race.bearoff import twosided as ts

    if not any(x) or not any(y):
        raise BadInput("bearoff: both sides need a checker left (a side with none has already won)")
    e, method = _entry(x, y, args)
    cubes = [args.cube] if args.cube else ["centred", "mine", "theirs"]
    acts = {c: ts.cube_action(e, c) for c in cubes}
    if args.json is not None:
        def q(v):
            return None if v is None else format_exact(v)

        _emit(args, out, {
            "mine": list(x), "theirs": list(y), "win": q(e.win),
            "win_decimal": format_decimal(e.win, args.digits),
            "cube": {c: {"no_double": q(a["no_double"]), "double_take": q(a["double_take"]),
                         "equity": q(a["equity"]), "action": a["action"],
                         "opponent": None if a["take"] is None else ("take" if a["take"] else "pass")}
                     for c, a in acts.items()},
            "method": method})
        if args.json != "-":
            out.print(f"wrote {args.json}")
        return 0
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
    return 0
