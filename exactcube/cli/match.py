"""``exactcube match``: match equity tables from their models, the cube at a score, the last roll."""

from __future__ import annotations

from ..errors import BadInput
from .common import (FORMATS, MAX_MATCH, add_cube, add_digits, add_force, add_score_options, format_from_name,
                      int_arg, open_output, output_arg, rational_arg, reject_options, render_table)

NAME = "match"
ORDER = 32
HELP = "match play: match equity tables (Zadeh, mec, the continuous game, gnubg's files), the cube at a score"
DESCRIPTION = """Match play, exactly.

  exactcube match met --model zadeh --length 25
        Zadeh's 1977 table with gnubg's zadeh.xml parameters (also --model mec, --model continuous),
        or --file met/Kazaross-XG2.xml: a gnubg table as printed; percent, 4 decimals by default
  exactcube match cube 3 5 [--level 2 --cube mine] [--crawford | --post-crawford] [--met zadeh|FILE]
        the continuous game at 3-away/5-away: take point, cash point and doubling window of the
        player 3-away (no gammons, perfectly efficient cube); later scores from the model itself or --met
  exactcube match last-roll --win 0.6 [--up-to 11] [--met MODEL|FILE]
        double / take / pass on the last roll at every score, for a given chance of winning on it
  exactcube match bearoff "0 0 1 1 1 0" "0 1 0 1 1 0" --match 7 --score 4-2 [--crawford] [--met FILE]
        a bearoff at a match score: exact cubeless chances and their match winning chance, the
        cubeful match winning chance and the cube action at the score (the roller is the first side;
        --cube-value 2 --cube mine for another cube); the same as exactcube bearoff ... --match 7
  exactcube match race 70 75 --match 7 --score 4-2 [--met FILE]
        a pip-count race (zk77's model, no gammons): the exact chance and its match winning chance

Generated tables are exact rationals for short matches (--exact: Zadeh and mec to 9-away, with an
estimate beyond 7 and 8; the continuous game to 9; their denominators grow about ninefold an away)
and otherwise balls that contain the exact values, every radius below 1e-30 and below the --digits
asked for (1,000 certified digits take well under a second; evidence: rigorous).  -o FILE writes the table in the
format its name says (.json, .csv, .tex; rich text otherwise), whole or not at all."""

ACTIONS = ("met", "cube", "last-roll", "bearoff", "race")
MAX_MET_LENGTH = MAX_MATCH


def add_arguments(p):
    p.add_argument("action", choices=ACTIONS, help="met: a table; cube: the cube at a score; last-roll: actions")
    p.add_argument("scores", nargs="*", help="cube: the aways A B (the player A-away, the opponent B-away); "
                                             "bearoff: two positions; race: two pip counts")
    p.add_argument("--model", help="met: zadeh (default) | mec | continuous")
    p.add_argument("--file", help="met: a gnubg MET file (explicit table) read as printed")
    p.add_argument("--met", help="cube, last-roll, bearoff, race: the table for later scores: zadeh | mec | "
                                 "continuous | a gnubg MET file (default: continuous for cube, zadeh otherwise)")
    p.add_argument("--length", type=int_arg("--length", 1, MAX_MET_LENGTH),
                   help=f"met: the table to this many away, 1..{MAX_MET_LENGTH} (default 25, or the file's)")
    p.add_argument("--exact", action="store_true", help="met: exact fractions (short tables only)")
    p.add_argument("--format", choices=FORMATS, default=None,
                   help="met, last-roll: output format (default: from the -o file name; else rich)")
    p.add_argument("-o", "--output", type=output_arg("-o"), default="-", metavar="FILE",
                   help="write the table to FILE ('-', the default, is standard output); its name gives the format")
    add_digits(p, None, what="decimals printed", shown=4)
    add_cube(p, help="cube: who owns the cube (mine = the player A-away); bearoff: the cube's place at the score")
    add_score_options(p, met=False)
    p.add_argument("--win", type=rational_arg("--win"), help="last-roll: the roller's chance of winning, in [0, 1]")
    p.add_argument("--up-to", type=int_arg("--up-to", 2, 25), help="last-roll: scores 2..N-away (default 11)")
    add_force(p)


def _table_of(spec: str, length: int, exact: bool | None = None):
    """A model's table (exact when short enough, else balls) or a gnubg file as printed."""
    from .. import match

    if spec in match.MODELS:
        return match.generate(spec, length, exact=exact)
    met = match.read_gnubg_xml(spec)
    if length > met.length:
        raise BadInput(f"{spec!r} holds a table to {met.length}-away, not {length}")
    return met.truncated(length)


def _met(args, out) -> int:
    reject_options(args, "match met", ("--met", "--level", "--cube", "--crawford", "--post-crawford", "--win",
                                       "--up-to"))
    if args.scores:
        raise BadInput("match met takes no scores (use --length)")
    if args.model and args.file:
        raise BadInput("give --model or --file, not both")
    if args.exact and args.digits is not None:
        raise BadInput("--digits and --exact exclude each other")
    fmt = format_from_name(args.output, args.format)
    gen_digits = max(30, (args.digits if args.digits is not None else 4) + 6)
    from ..match_tables import met_table

    if args.file:
        from ..match import read_gnubg_xml

        met = read_gnubg_xml(args.file)
        n = args.length or met.length
        if n > met.length:
            raise BadInput(f"--length {n}: {args.file!r} holds a table to {met.length}-away")
        met = met.truncated(n)
    else:
        from .. import match

        if args.exact:
            _announce_exact(args.model or "zadeh", args.length or 25, args.force)
        # the balls certified to the digits asked for (percent: two places more, and a margin for the rounding)
        met = match.generate(args.model or "zadeh", args.length or 25, exact=args.exact, digits=gen_digits)
    from ..match.arith import ball_precision

    # balls scaled and printed at their own accuracy, not at python-flint's 53 bits
    with ball_precision(max(256, int(gen_digits * 3.33) + 64)):
        table = met_table(met)
        if args.output == "-":
            render_table(table, fmt, args.digits, args.exact, out)
        else:
            from . import Output

            with open_output(args.output, "-o") as f:
                render_table(table, fmt, args.digits, args.exact, Output(f, force_plain=True))
            out.print(f"wrote {args.output}")
    if fmt == "rich" or args.output != "-":
        _summary(met, out)
    return 0


def _announce_exact(model: str, length: int, force: bool) -> None:
    """Say the recorded CPU seconds of an exact table beyond its model's default length before it is built."""
    import importlib

    from .common import announce

    mod = importlib.import_module(f"..match.{model}", __package__) if model in ("zadeh", "mec") else None
    seconds = getattr(mod, "EXACT_SECONDS", {}).get(length)
    if seconds is not None:
        announce(seconds, f"the exact {model} table to {length}-away, as measured here", force)


def _summary(met, out) -> None:
    """Evidence, size and checks of a table, on standard output beside the rich table."""
    from ..match.query import EXACT_DIGITS, EXACT_LENGTHS

    digits = met.denominator_digits()
    if digits is not None:
        size = f"largest denominator {digits:,} digits"
    else:  # the exact table's size where it is still held, as recorded (docs/match.md: the digits per away)
        n = EXACT_LENGTHS[met.model]
        size = (f"the exact table is not held: its largest denominator has {EXACT_DIGITS[met.model]:,} digits at "
                f"{n}-away (--exact to there) and its digits grow about ninefold with each away, the factor rising "
                "(docs/match.md)")
    out.print(f"{met.name}: evidence {met.evidence}; {met.method or 'as printed'}; {size}")
    for c in met.checks():
        state = {True: "holds", False: "FAILS", None: "consistent within the balls, not decided"}[c.holds]
        extra = f" at {len(c.failures)} places, first {c.failures[0][0]}: {c.failures[0][1]}" if c.failures else ""
        out.print(f"  {c.name}: {state} ({c.checked} comparisons){extra}")
    for note in met.notes:
        out.print(f"  {note}")


def _aways(args, n=2):
    from ..numbers import parse_int

    if len(args.scores) != n:
        raise BadInput(f"match {args.action} takes {n} aways, e.g. 3 5")
    return [parse_int(s, "away", 1, MAX_MET_LENGTH) for s in args.scores]


def _cube(args, out) -> int:
    reject_options(args, "match cube", ("--model", "--file", "--length", "--exact", "--win", "--up-to", "--format"))
    if args.output != "-":
        raise BadInput("match cube prints its answer on standard output; it takes no -o (redirect it: > FILE)")
    a, b = _aways(args)
    level = args.level or 1
    if level & (level - 1):
        raise BadInput(f"--level must be a power of 2, got {level}")
    owner = args.cube or "centred"
    from ..match import continuous as cm
    from ..numbers import format_decimal, format_exact

    kind = cm.CRAWFORD if args.crawford else cm.POST_CRAWFORD if args.post_crawford else None
    if kind == cm.POST_CRAWFORD and (a == 1) == (b == 1):
        raise BadInput(f"a post-Crawford game has exactly one player at 1-away; at {a}-away/{b}-away "
                       + ("both are" if a == 1 else "neither is"))
    payoff = None
    if args.met and args.met != "continuous":
        payoff = _table_of(args.met, max(a, b))
    d = args.digits if args.digits is not None else 4
    pts = cm.cube_points(a, b, level, owner, kind, payoff, digits=max(30, d + 2))

    def show(v):
        if v is None:
            return "-"
        if hasattr(v, "mid"):
            return format_decimal(_mid(v), d) + " (ball)"
        return f"{format_exact(v)} = {format_decimal(v, d)}" if v.denominator < 10 ** 12 else format_decimal(v, d)

    arith = ("exact rationals" if pts.evidence == "exact" else
             f"certified balls (evidence {pts.evidence}; exact rationals to {cm.EXACT_LENGTH}-away)")
    out.print(f"{a}-away/{b}-away, cube {level} {args.cube or 'centred'}, {pts.kind} game; later scores: "
              f"{args.met or 'the continuous model'}; {arith}")
    window = (f"[{show(pts.double_from)}, {show(pts.cash)}]" if pts.double_from is not None
              else "none (a double cannot gain)")
    for label, text in (("take point (pass below)", show(pts.take)), ("cash point (they pass above)", show(pts.cash)),
                        ("doubling window", window), ("match equity at p = 1/2", show(pts.equity_at_half))):
        out.print(f"  {label + ':':<30}{text}")
    return 0


def _mid(v):
    """The exact midpoint of a ball (its end points read at the ball's own precision, not python-flint's 53 bits)."""
    from ..numbers import ball_precision, exact_bounds

    with ball_precision(max(256, 2 * abs(int(v.mid().man_exp()[1])) + 64)):
        lo, hi = exact_bounds(v)
    return (lo + hi) / 2


def _last_roll(args, out) -> int:
    reject_options(args, "match last-roll", ("--model", "--file", "--exact", "--level", "--cube", "--crawford",
                                             "--post-crawford"))
    if args.scores:
        raise BadInput("match last-roll takes no scores (use --up-to)")
    if args.win is None:
        raise BadInput("match last-roll needs --win W, the roller's chance of winning on the last roll")
    if not 0 <= args.win <= 1:
        raise BadInput(f"--win must be in [0, 1], got {args.win}")
    up_to = args.up_to or 11
    from ..match import last_roll_grid
    from ..match_tables import last_roll_table

    met = _table_of(args.met or "zadeh", up_to)
    fmt = format_from_name(args.output, args.format)
    table = last_roll_table(last_roll_grid(met, args.win, up_to), up_to)
    table.notes += f"  Later scores from: {met.name}."
    if args.output == "-":
        render_table(table, fmt, None, False, out)
        return 0
    from . import Output

    with open_output(args.output, "-o") as f:
        render_table(table, fmt, None, False, Output(f, force_plain=True))
    out.print(f"wrote {args.output}")
    return 0


def _show(v, d: int) -> str:
    from ..numbers import format_decimal, format_exact

    return f"{format_decimal(v, d)}" + (f" (= {format_exact(v)})" if v.denominator < 10 ** 9 else "")


def answer_bearoff(x, y, score, args, out, fields=None) -> int:
    """Print a bearoff at a match score (:func:`exactcube.match.query.bearoff_at_score`)."""
    import sys

    from ..match.query import bearoff_at_score, exact_table
    from ..race.bearoff.query import asked_cube
    from .common import emit_json, human, result_json

    fields = fields or {}
    if fields.get("dice"):
        raise BadInput(f"the {fields['format']} has the dice rolled; at a match score only the cube decision "
                       "before the roll is answered (give the ID with the dice not rolled)")
    owner, value = asked_cube(args.cube, fields, args.level)
    met = exact_table(args.met, score.length)
    from .common import announce

    r = bearoff_at_score(x, y, score, met, value, owner or "centred",
                         notice=lambda text: print(f"exactcube: {text}", file=sys.stderr),
                         estimate=lambda seconds, how: announce(seconds, how, getattr(args, "force", False)))
    d = args.digits if args.digits is not None else 4
    real_out, out = out, human(args, out) if hasattr(args, "json") else out
    out.print(f"bearoff {' '.join(map(str, x))} (you, on roll) vs {' '.join(map(str, y))}, {score.text()}")
    out.print(f"  cube {value} {r.owner}; table: {met.name} ({met.evidence})")
    gammons = [("you win a gammon", r.win_gammon), ("you lose a gammon", r.lose_gammon)]
    rows = ([("cubeless chance you win", r.win)] + gammons * (15 in (sum(x), sum(y)))
            + [("cubeless match winning chance", r.cubeless_mwc), ("cubeful MWC, no double", r.no_double)])
    if r.double_take is not None:
        rows += [("double, take", r.double_take), ("double, pass", r.double_pass)]
    for label, v in rows:
        out.print(f"  {label:<30}= {_show(v, d)}")
    out.print(f"  action: {r.action}  ({r.pairs:,} state{'s' * (r.pairs != 1)} solved exactly)")
    if getattr(args, "json", None) is not None:
        emit_json(args, real_out, {**result_json(r, d), "score": score.__dict__, "table": met.name})
    return 0


def answer_race(x: int, y: int, score, args, out) -> int:
    """Print a race at a match score (:func:`exactcube.match.query.race_at_score`)."""
    from ..match.query import exact_table, race_at_score

    met = exact_table(args.met, score.length)
    value = args.level or 1
    r = race_at_score(x, y, score, met, value, args.cube or "centred")
    d = args.digits if args.digits is not None else 4
    out.print(f"race {x} (you, on roll) vs {y}, {score.text()}")
    out.print(f"  cube {value} {r.owner}; table: {met.name} ({met.evidence}); zk77's race model, no gammons")
    rows = [("chance you win the race", r.win), ("cubeless match winning chance", r.cubeless_mwc),
            ("cubeful MWC, no double", r.no_double)]
    if r.double_take is not None:
        rows += [("double, take", r.double_take), ("double, pass", r.double_pass)]
    for label, v in rows:
        out.print(f"  {label:<30}= {_show(v, d)}")
    out.print(f"  action: {r.action}  ({r.pairs:,} state{'s' * (r.pairs != 1)} solved exactly)")
    return 0


def _game(args, out) -> int:
    from ..match.query import match_score

    reject_options(args, f"match {args.action}", ("--model", "--file", "--length", "--exact", "--win", "--up-to",
                                                  "--format"))
    if len(args.scores) != 2:
        raise BadInput(f"match {args.action} takes two {'positions' if args.action == 'bearoff' else 'pip counts'}")
    score = match_score(args.match, args.score, args.crawford, args.post_crawford)
    if score is None:
        raise BadInput(f"match {args.action} needs --match N and --score A-B (the points each side has, yours first)")
    if args.action == "race":
        from ..numbers import parse_int

        x, y = (parse_int(t, "pip count", 1, 1000) for t in args.scores)
        return answer_race(x, y, score, args, out)
    from ..race.bearoff.positions import parse_position

    x, y = (parse_position(t) for t in args.scores)
    return answer_bearoff(x, y, score, args, out)


def run(args, out) -> int:
    if args.action not in ("bearoff", "race"):
        reject_options(args, f"match {args.action}", ("--match", "--score"))
    return {"met": _met, "cube": _cube, "last-roll": _last_roll, "bearoff": _game, "race": _game}[args.action](
        args, out)
