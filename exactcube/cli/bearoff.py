"""``exactcube bearoff``: exact bearoff values for real positions (one side or two)."""

from __future__ import annotations

from ..errors import BadInput, TooLarge
from ._common import add_cube, add_digits, add_json, emit_json, human, int_arg, rational_arg

NAME = "bearoff"
ORDER = 41
HELP = "real bearoff positions: exact rolls to bear off, winning chance, cubeful equities and cube action"
DESCRIPTION = """Real bearoff positions, solved exactly (all plays under the full rules).
A position is six counts, the checkers on points 1 to 6 (quote it); a pair can also be
given as one gnubg position ID or XGID (the side on roll first, as the ID says).

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
reachable from the query are solved exactly (up to 200,000 pairs; beyond, a model, labelled
as such: the one-sided estimate of the cubeless chances and cubeful equities from them by
Janowski's interpolation with cube-life index x, --cube-x X, default gnubg's 0.6 for its
one-sided database; or with --exact a refusal); --db FILE
reads a table saved by scripts/build_bearoff.py instead.  Money game, gammons count double
(a side with all 15 checkers on the board), no backgammons in a bearoff, unlimited
redoubles, no beavers, no Jacoby rule unless --jacoby.

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


def add_arguments(p):
    p.add_argument("positions", nargs="*", metavar="POSITION",
                   help='six counts for points 1..6, e.g. "0 0 2 3 1 0"; a second one for the opponent; '
                        'or one gnubg position ID or XGID holding both sides')
    add_cube(p, help="two positions: show the cube decision for this cube state in detail")
    add_json(p)
    add_digits(p, 6)
    p.add_argument("--db", metavar="FILE", help="two positions: an exact two-sided table saved by build_bearoff.py")
    p.add_argument("--no-gammons", action="store_true",
                   help="two positions: every loss counts single (named in the output)")
    p.add_argument("--jacoby", action="store_true",
                   help="two positions: Jacoby rule, gammons count single while the cube is centred")
    p.add_argument("--exact", action="store_true",
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


def _fmt(q, digits):
    from ..numbers import format_decimal, format_exact

    return f"{format_exact(q)}  ({format_decimal(q, digits)})"


def run(args, out) -> int:
    from ..race.bearoff.ids import looks_like_id, parse_pair
    from ..race.bearoff.positions import parse_position

    if args.build:
        if (args.positions or args.db or args.cube or args.json is not None or args.no_gammons or args.jacoby
                or args.exact or args.cube_x is not None):
            raise BadInput("--build takes no positions, --db, --cube, --json, --no-gammons, --jacoby, --exact "
                           "or --cube-x "
                           "(it only fills the cache folder)")
        return _build(args, out)
    if args.checkers is not None:
        raise BadInput("--checkers goes with --build")
    if not args.positions or len(args.positions) > 2:
        raise BadInput(f"bearoff: give one or two positions, got {len(args.positions)}")
    ids = [t for t in args.positions if looks_like_id(t)]
    if ids:
        if len(args.positions) != 1:
            raise BadInput("bearoff: a gnubg position ID or XGID holds both sides; give it alone")
        x, y, fields = parse_pair(ids[0])
        args.id_fields = fields
        if args.roll is not None or fields.get("dice"):
            return _roll(x, y, args, out)
        return _two_sides(x, y, args, out)
    pos = [parse_position(t) for t in args.positions]
    if args.roll is not None:
        if len(pos) != 2:
            raise BadInput("--roll needs both sides: your position (on roll), then the opponent's")
        return _roll(pos[0], pos[1], args, out)
    if len(pos) == 1:
        if args.cube or args.db or args.no_gammons or args.jacoby or args.exact or args.cube_x is not None:
            raise BadInput("--cube, --db, --no-gammons, --jacoby, --exact and --cube-x need two positions "
                           "(yours, then the opponent's)")
        return _one(pos[0], args, out)
    return _two_sides(pos[0], pos[1], args, out)


def _two_sides(x, y, args, out):
    """Route a pair: the saved table (--db); when no gammon can arise, a cached two-sided table
    that holds it, the 924-position solver (which builds the six-checker table first for pairs
    of up to 6 checkers a side too large to solve on the fly); else the exact recursion with
    gammons, else the one-sided estimate."""
    from ..race.bearoff import cache
    from ..race.bearoff.gammons import reachable
    from ..race.bearoff.positions import key_of

    if not any(x) or not any(y):
        raise BadInput("bearoff: both sides need a checker left (a side with none has already won)")
    if args.db and (args.jacoby or (15 in (sum(x), sum(y)) and not args.no_gammons)):
        raise BadInput("--db tables hold no gammons (at most 6 checkers a side); drop --db or add --no-gammons")
    gammon_possible = 15 in (sum(x), sum(y)) and not args.no_gammons
    if args.db:
        return _two(x, y, args, out)
    if not gammon_possible:
        n = max(sum(x), sum(y))
        if n <= 6 or any(c >= n for c in cache.cached_checkers(cache.cache_dir(args.cache_dir), "ts")):
            return _two(x, y, args, out)
        if len(reachable(key_of(x)) | reachable(key_of(y))) < 924:
            return _two(x, y, args, out)
    return _two_gammons(x, y, args, out)


def build_seconds(kind: str, checkers: int) -> int:
    """CPU seconds a build takes here (docs/bearoff.md, "Instant answers" and "Speed"): one side about 2 s
    for the 54,264 positions of 15 checkers, in proportion to the positions; the gammon table about 1 s;
    two sides about 25 s for 6 checkers a side, about 5 times more per checker."""
    from ..race.bearoff.positions import n_positions

    if kind == "gammon":
        return 1
    if kind == "os":
        return max(1, round(2 * n_positions(checkers) / n_positions(15)))
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


def _build_gammons(folder, tail=""):
    """Build the gammon table (15 checkers) into ``folder`` under a progress bar, announced with its
    expected CPU time; returns its path."""
    from ..race.bearoff import cache
    from ..race.bearoff.positions import n_positions
    from ._common import progress

    _notice(f"building the gammon table (15 checkers) into {folder} once "
            f"(about {build_seconds('gammon', 15)} s of CPU here){tail}")
    with progress("gammon table, 15 checkers", n_positions(15)) as bar:
        last = [0]

        def step(done, total):
            bar.advance(done - last[0])
            last[0] = done

        return cache.build_gammons(folder, step)


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
        if kind == "one-sided" and c == 15:
            path = _build_gammons(folder)
            out.print(f"gammon table, 15 checkers: {path} ({os.path.getsize(path):,} bytes)")
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
    g = None
    if n == 15:
        import os

        if not os.path.exists(cache.gammon_path(folder)):
            _build_gammons(folder, "; later queries read it")
        g = cache.gammon_distribution(folder, counts, _notice)
    obj = {}
    if args.json is not None:
        obj = {"position": list(counts), "mean": format_exact(d.mean),
               "mean_decimal": format_decimal(d.mean, args.digits),
               "rolls": {str(k): format_exact(p) for k, p in enumerate(probs) if p},
               "rolls_decimal": {str(k): format_decimal(p, args.digits) for k, p in enumerate(probs) if p},
               "method": d.method}
        if g is not None:
            gp = g.probabilities
            obj["gammon"] = {"mean": format_exact(g.mean), "mean_decimal": format_decimal(g.mean, args.digits),
                             "rolls": {str(k): format_exact(p) for k, p in enumerate(gp) if p},
                             "rolls_decimal": {str(k): format_decimal(p, args.digits) for k, p in enumerate(gp) if p},
                             "method": g.method}
    real_out, out = out, human(args, out)
    out.print(f"bearoff {' '.join(map(str, counts))} (points 1..6): rolls to bear off  [{d.method}]")
    for k, p in enumerate(probs):
        if p:
            out.print(f"  {k:2d} roll{'s' * (k != 1)}: {_fmt(p, args.digits)}")
    out.print(f"  mean     = {_fmt(d.mean, args.digits)}")
    if g is not None:
        out.print(f"rolls until the first checker is off (gammon distribution)  [{g.method}]")
        for k, p in enumerate(g.probabilities):
            if p:
                out.print(f"  {k:2d} roll{'s' * (k != 1)}: {_fmt(p, args.digits)}")
        out.print(f"  mean     = {_fmt(g.mean, args.digits)}")
    emit_json(args, real_out, obj)
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
    from ..race.bearoff import twosided as ts

    if not any(x) or not any(y):
        raise BadInput("bearoff: both sides need a checker left (a side with none has already won)")
    e, method = _entry(x, y, args)
    gam = "none possible (no side has 15 checkers)" if 15 not in (sum(x), sum(y)) else "ignored (--no-gammons)"
    zero = e.win - e.win
    return _report_two(args, out, x, y, {
        "win": e.win, "win_gammon": zero, "lose_gammon": zero, "cubeless_equity": 2 * e.win - 1,
        "gammons": gam, "entry": e, "method": method, "evidence": ts.TwoSided.evidence})


CUBE_LABEL = {"centred": "cube centred", "mine": "you own the cube", "theirs": "they own the cube"}


def _conventions(args, gammons: str) -> str:
    jac = "Jacoby rule (gammons single while the cube is centred)" if args.jacoby else "no Jacoby rule"
    return f"money game; gammons: {gammons}; no backgammons in a bearoff; {jac}; no beavers; unlimited redoubles"


def _report_two(args, out, x, y, r) -> int:
    """Print or emit the values of a pair: ``r`` holds the cubeless chances (exact values),
    ``entry`` (no-double equities: exact, or for the one-sided estimate Janowski's, with
    ``cube_x``), method and evidence."""
    from ..numbers import format_decimal, format_exact
    from ..race.bearoff import twosided as ts
    from ..race.bearoff.ids import gnubg_id, xgid

    e = r["entry"]
    if args.cube_x is not None and "cube_x" not in r:
        _notice("--cube-x not used: this pair's cubeful values are computed exactly")
    cubes = [args.cube] if args.cube else ["centred", "mine", "theirs"]
    acts = {c: ts.cube_action(e, c) for c in cubes} if e is not None else {}
    for a in acts.values():
        a["too_good"] = a["take"] is not None and a["no_double"] > a["double_pass"]
        if a["tie_take"] and a["action"] != "no double":  # not a plain "pass": flag the tie
            a["action"] = "double, take or pass (exactly equal)"
    fields = getattr(args, "id_fields", None)
    pid, xid = gnubg_id(x, y), xgid(x, y)
    conv = _conventions(args, r["gammons"])

    def q(v):
        return None if v is None else format_exact(v)

    def dec(v):
        return None if v is None else format_decimal(v, args.digits)

    obj = {}
    if args.json is not None:
        obj = {"mine": list(x), "theirs": list(y), "side_to_move": "mine (the first position)",
               "gnubg_id": pid, "xgid": xid, "conventions": conv, "gammons": r["gammons"]}
        if fields:
            obj["input"] = fields
        for k in ("win", "win_gammon", "lose_gammon", "cubeless_equity"):
            obj[k], obj[k + "_decimal"] = q(r[k]), dec(r[k])
        obj["cube"] = {c: {
            "no_double": q(a["no_double"]), "no_double_decimal": dec(a["no_double"]),
            "double_take": q(a["double_take"]), "double_take_decimal": dec(a["double_take"]),
            "double_pass": q(a["double_pass"]),
            "equity": q(a["equity"]), "equity_decimal": dec(a["equity"]),
            "action": a["action"], "tie_double": a["tie_double"], "tie_take": a["tie_take"],
            "too_good": a["too_good"],
            "opponent": None if a["take"] is None else ("tie" if a["tie_take"] else ("take" if a["take"] else "pass"))}
            for c, a in acts.items()} if e is not None else None
        obj["method"], obj["evidence"] = r["method"], r["evidence"]
        if "cube_x" in r:
            obj["cubeful"] = r["cubeful"]
            obj["cube_x"], obj["cube_x_decimal"] = q(r["cube_x"]), dec(r["cube_x"])
    real_out, out = out, human(args, out)
    out.print(f"bearoff {' '.join(map(str, x))} (you, on roll) vs {' '.join(map(str, y))}   "
              f"gnubg ID {pid}   {xid}", emoji=False)  # an XGID's ":-1:" is no emoji code
    if fields:
        out.print(f"  read from the {fields['format']}: the side on roll is shown first, as \"you\""
                  + (f"; its cube: {fields['cube']}, value {fields['cube_value']}" if "cube" in fields else ""))
    out.print(f"  ({conv})")
    out.print(f"  [{r['method']}; evidence: {r['evidence']}]")
    out.print(f"  cubeless chance you win = {_fmt(r['win'], args.digits)}")
    if r["gammons"] == "counted":
        out.print(f"    you win a gammon      = {_fmt(r['win_gammon'], args.digits)}")
        out.print(f"    you lose a gammon     = {_fmt(r['lose_gammon'], args.digits)}")
    out.print(f"  cubeless equity         = {_fmt(r['cubeless_equity'], args.digits)}")
    if "cube_x" in r:
        out.print(f"  cubeful equities below, an {r['cubeful']}")
    for c, a in acts.items():
        out.print(f"  {CUBE_LABEL[c]}: equity {_fmt(a['equity'], args.digits)}   per unit cube")
        if a["take"] is None:
            out.print("    you cannot double")
            continue
        verb = "redouble" if c == "mine" else "double"
        if args.cube:
            out.print(f"    no {verb}     = {_fmt(a['no_double'], args.digits)}")
            out.print(f"    {verb}, take  = {_fmt(a['double_take'], args.digits)}")
            out.print(f"    {verb}, pass  = {_fmt(a['double_pass'], args.digits)}")
        act = a["action"].replace("double", verb) + (" (too good: playing on beats a pass)" if a["too_good"] else "")
        reply = "take or pass, exactly equal" if a["tie_take"] else ("take" if a["take"] else "pass")
        out.print(f"    action: {act}; if you {verb}, they should {reply}"
                  + (f"  ({verb} and no {verb} are exactly equal)" if a["tie_double"] else ""))
    emit_json(args, real_out, obj)
    return 0


def _two_gammons(x, y, args, out):
    """The exact recursion with gammons (exactcube.race.bearoff.gammons), or beyond its limit
    the one-sided estimate of the cubeless chances (refused with --exact)."""
    import sys

    from ..numbers import format_exact
    from ..race.bearoff import gammons as gm
    from ..race.bearoff import janowski as jw
    from ..race.bearoff.twosided import Entry
    from ._common import progress

    gammons = not args.no_gammons
    label = "counted" if gammons and 15 in (sum(x), sum(y)) else (
        "ignored (--no-gammons)" if not gammons else "none possible (no side has 15 checkers)")
    pairs = gm.reachable_pairs(x, y)
    if pairs is None:
        if args.exact:
            raise TooLarge(f"the pair reaches more than {gm.EXACT_PAIR_LIMIT:,} pairs of positions, the most "
                           "solved exactly (drop --exact for the one-sided estimate)")
        print(f"exactcube: more than {gm.EXACT_PAIR_LIMIT:,} pairs of positions are reachable, beyond the "
              "exact limit; printing the one-sided estimate (its one-sided tables, when not yet in the cache "
              "folder, take about 3 s of CPU to build here)", file=sys.stderr)
        est = gm.one_sided_estimate(x, y, gammons)
        cx = jw.ONE_SIDED_X if args.cube_x is None else args.cube_x
        e = jw.cubeful_from_chances(x, y, est.win, est.win_gammon, est.lose_gammon, cx, args.jacoby)
        return _report_two(args, out, x, y, {
            "win": est.win, "win_gammon": est.win_gammon, "lose_gammon": est.lose_gammon,
            "cubeless_equity": est.cubeless, "gammons": label, "entry": e, "cube_x": cx,
            "method": (f"{est.method}; cubeful equities by Janowski's interpolation (gnubg Cl2CfMoney) with "
                       f"cube-life index x = {format_exact(cx)}"),
            "evidence": "model (exact sums under the one-sided model and Janowski's interpolation; "
                        "not the game's values)",
            "cubeful": (f"approximation: one-sided model + Janowski's interpolation with x = {format_exact(cx)}; "
                        f"the exact cubeful values need the two-sided recursion, out of reach here "
                        f"(more than {gm.EXACT_PAIR_LIMIT:,} pairs; --exact refuses)")})
    n = len(pairs)
    if n > 20_000:
        print(f"exactcube: solving {n:,} pairs of positions exactly; estimate about "
              f"{max(1, round(n * SECONDS_PER_PAIR))} s of CPU", file=sys.stderr)
    with progress("solving the two-sided bearoff with gammons", n) as bar:
        g = gm.solve_pair(x, y, gammons=gammons, jacoby=args.jacoby, pairs=pairs,
                          progress=lambda done, total: bar.advance(1000))
    e = Entry(tuple(x), tuple(y), g.win, g.nd_centred, g.nd_owned, g.nd_theirs)
    return _report_two(args, out, x, y, {
        "win": g.win, "win_gammon": g.win_gammon, "lose_gammon": g.lose_gammon,
        "cubeless_equity": g.cubeless, "gammons": label, "entry": e,
        "method": f"{g.method} ({g.pairs:,} pairs)", "evidence": g.evidence})


#: CPU seconds per pair of the exact recursion with gammons, measured here (78,589 pairs in
#: 11.7 s), for the estimate printed before a long run.
SECONDS_PER_PAIR = 1.5e-4


def _roll(x, y, args, out) -> int:
    """``--roll`` (or an XGID's dice): every legal play of the roll, best first, with exact equities
    (:func:`exactcube.race.bearoff.plays.best_plays`)."""
    from ..numbers import format_decimal
    from ..race.bearoff.ids import gnubg_id, xgid
    from ..race.bearoff.plays import best_plays, parse_roll
    from ._common import exact_text, progress

    if args.db or args.exact or args.cube_x is not None:
        raise BadInput("--roll takes no --db, --exact or --cube-x: every play is valued by the exact recursion")
    fields = getattr(args, "id_fields", None) or {}
    roll = parse_roll(args.roll) if args.roll is not None else fields["dice"]
    if args.roll is not None and fields.get("dice") and fields["dice"] != roll:
        raise BadInput(f"--roll {args.roll}: the XGID's dice are {fields['dice'][0]}-{fields['dice'][1]}")
    cube = args.cube or fields.get("cube") or "centred"
    if args.cube and fields.get("cube") and args.cube != fields["cube"]:
        raise BadInput(f"--cube {args.cube}: the {fields['format']} says the cube is {fields['cube']}")
    with progress("solving the plays' two-sided bearoffs", None) as bar:
        r = best_plays(x, y, roll, cube, gammons=not args.no_gammons, jacoby=args.jacoby,
                       progress=lambda done, total: bar.advance(1000))
    gam = ("counted" if 15 in (sum(x), sum(y)) else "none possible (no side has 15 checkers)") \
        if not args.no_gammons else "ignored (--no-gammons)"
    conv = _conventions(args, gam)
    d = args.digits

    def both(v):
        return f"{'+' if v >= 0 else ''}{format_decimal(v, d)} ({exact_text(v)})"

    obj = {}
    if args.json is not None:
        obj = {"mine": list(x), "theirs": list(y), "roll": list(roll), "cube": cube, "conventions": conv,
               "gnubg_id": gnubg_id(x, y), "xgid": xgid(x, y), "method": f"{r.method} ({r.pairs:,} pairs)",
               "evidence": r.evidence,
               "plays": [{"rank": i + 1, "moves": p.moves, "after": list(p.after),
                          "cubeful_equity": exact_text(p.cubeful, True), "cubeful_equity_decimal": format_decimal(p.cubeful, d),
                          "cubeless_equity": exact_text(p.cubeless, True),
                          "cubeless_equity_decimal": format_decimal(p.cubeless, d),
                          "win": exact_text(p.win, True), "win_gammon": exact_text(p.win_gammon, True),
                          "lose_gammon": exact_text(p.lose_gammon, True), "ties": p.tie}
                         for i, p in enumerate(r.plays)]}
        if fields:
            obj["input"] = {k: (list(v) if isinstance(v, tuple) else v) for k, v in fields.items()}
    real_out, out = out, human(args, out)
    out.print(f"bearoff {' '.join(map(str, x))} (you, on roll) vs {' '.join(map(str, y))}, roll {roll[0]}-{roll[1]}"
              f"   gnubg ID {gnubg_id(x, y)}", emoji=False)
    out.print(f"  ({conv}; {CUBE_LABEL[cube]}, equities per unit cube)")
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
        out.print(f"  {'=' if tied else ' '}{rank:2d}. {p.moves:<{width}}  cubeful {both(p.cubeful)}   "
                  f"cubeless {both(p.cubeless)}")
    best = r.best
    if len(best) > 1:
        out.print(f"  {len(best)} plays tie for best: {'; '.join(p.moves for p in best)}")
    emit_json(args, real_out, obj)
    return 0
