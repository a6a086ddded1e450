"""``exactcube race``: exact race chances and cube actions (zk77 model), and the rules-of-thumb comparison."""

from __future__ import annotations

from ..errors import BadInput
from .common import (add_cube, add_digits, add_json, add_score_options, emit_json, human, int_arg,
                      reject_options, value_text)

NAME = "race"
ORDER = 40
HELP = "races with real dice: exact winning chance, cubeful equity and cube action; rules of thumb"
DESCRIPTION = """Races with real dice (zk77's model: doubles count four times; no gammons).

  exactcube race 70 80                  chance that the player on roll (70 pips) beats 80 pips
  exactcube race 70 80 --cube centred   exact cubeful money equity and the right cube action
  exactcube race 70 80 --cube mine      ... when you own the cube (redouble?); --cube theirs
  exactcube race 25 25 --dice plain     plain two-dice sums (Floyd); or a distribution:
  exactcube race 40 44 --dice "5:11/24,10:11/24,20:2/24"
  exactcube race 70 75 --match 7 --score 4-2   at a match score: the exact chance through a named
                                        match equity table (--met, default Zadeh's; --crawford)
  exactcube race rules --max 120        8-9-12, Kleinman and Thorp against the exact strategy,
                                        and the Janowski cube efficiency the exact equities imply

Values are exact (p/q) with a decimal beside them (--digits); fractions longer than 60
characters are summarised by their digit counts (--exact prints them whole).  Only the sub-table a position
needs is solved, so one pair answers in well under a second."""


#: Largest --max of 'race rules' (the comparison solves the whole (max x max) cubeful table; about
#: 45 s at 400 on one core of a 2020s machine, so no estimate is needed below the bound).
MAX_RULES = 400


def add_arguments(p):
    p.add_argument("counts", nargs="+", metavar="COUNT",
                   help="your count and the opponent's (you are on roll), or the word 'rules'")
    add_cube(p, help="give the cubeful equity and the cube action")
    p.add_argument("--dice", default="backgammon",
                   help="backgammon (default) | plain | a distribution like '5:11/24,10:11/24,20:2/24'")
    add_digits(p, None, shown=6)
    p.add_argument("--exact", action="store_true", help="print long fractions whole (default: summarised)")
    add_json(p)
    p.add_argument("--max", type=int_arg("--max", 2, MAX_RULES), help=f"rules: largest count compared, at most {MAX_RULES} (default 120)")
    p.add_argument("--min", type=int_arg("--min", 1, MAX_RULES),
                   help="rules: smallest count of the player on roll compared (default 1)")
    p.add_argument("--band", type=int_arg("--band", 1, MAX_RULES), help="rules: width of pip bands (default 10)")
    add_score_options(p)


def run(args, out) -> int:
    from ..race import dice as dm

    dice = dm.parse(args.dice)
    if args.counts[0].strip().lower() == "rules":
        if len(args.counts) != 1:
            raise BadInput("race rules takes no counts; use --max N (and --min, --band)")
        reject_options(args, "race rules", ("--cube", "--json", "--digits", "--exact", "--match", "--score",
                                            "--crawford", "--post-crawford", "--level", "--met"))
        args.max, args.min, args.band = args.max or 120, args.min or 1, args.band or 10
        return _rules(args, out, dice)
    reject_options(args, "race with two counts", ("--max", "--min", "--band"))
    args.digits = 6 if args.digits is None else args.digits
    if len(args.counts) != 2:
        raise BadInput(f"race: give two counts (yours, then the opponent's), got {len(args.counts)}")
    from ..numbers import parse_int

    x = parse_int(args.counts[0], "your count", 1)
    y = parse_int(args.counts[1], "opponent's count", 1)
    if any((args.match, args.score, args.crawford, args.post_crawford)):
        from ..match.query import match_score
        from .match import answer_race

        reject_options(args, "race at a match score", ("--json", "--exact"))
        if dice.name != "backgammon":
            raise BadInput("a race at a match score is answered with backgammon dice only")
        return answer_race(x, y, match_score(args.match, args.score, args.crawford, args.post_crawford), args, out)
    reject_options(args, "race in a money game (no --match)", ("--level", "--met"))
    if args.cube is None:
        return _cubeless(x, y, dice, args, out)
    return _cubeful(x, y, dice, args, out)


#: The model every race answer rests on, named on its answer line.
MODEL = "pip-count race model"  # a count of pips stands for a position (zk77): --help and the note say so
#: The most pips a side can have in a bearoff (15 checkers on the 6 point): up to it real positions exist.
BEAROFF_MAX_PIPS = 90


def _real_note(x, y, dice, out, data) -> None:
    """Say when real bearoff positions of these pip counts exist, whose exact values (exactcube bearoff, two-sided
    tables) depend on where the checkers are and can differ from the pip-count model's."""
    if dice.name != "backgammon" or max(x, y) > BEAROFF_MAX_PIPS:
        return
    data["real_positions"] = ("real bearoff positions of these counts exist; their exact values depend on the "
                              "checkers' layout and can differ from this model's")
    out.print(f"  note: real bearoff positions of {x} and {y} pips exist; their exact answers depend on where")
    out.print("        the checkers are and can differ from this model's (exactcube bearoff POSITION POSITION)")


def _cubeless(x, y, dice, args, out):
    from ..numbers import format_decimal, format_exact
    from ..race import cubeless as cl

    r = cl.win_probability(x, y, dice)
    data = {"mine": x, "theirs": y, "dice": dice.name, "model": MODEL, "win": format_exact(r.value),
            "win_decimal": format_decimal(r.value, args.digits), "method": r.method}
    real_out, out = out, human(args, out)
    out.print(f"race {x} vs {y}, {dice.name} dice, you on roll  [{r.method}]")
    out.print(f"  chance you win  = {value_text(r.value, args.digits, args.exact)}  [{MODEL}]")
    out.print(f"  chance they win = {value_text(1 - r.value, args.digits, args.exact)}")
    _real_note(x, y, dice, out, data)
    emit_json(args, real_out, data)
    return 0


def _cubeful(x, y, dice, args, out):
    from ..cubeaction import Action
    from ..numbers import format_decimal, format_exact
    from ..race import cubeful as cf

    cube = cf.Cube.parse(args.cube)
    d = cf.decision(x, y, cube, dice)

    def q(v):
        return None if v is None else format_exact(v)

    data = {
        "mine": x, "theirs": y, "cube": cube.value, "dice": dice.name, "model": MODEL,
        "cubeless_win": q(d.cubeless_win),
        "no_double": q(d.no_double), "double_take": q(d.double_take), "equity": q(d.equity),
        "equity_decimal": format_decimal(d.equity, args.digits), "action": d.action.value,
        "opponent": None if d.take is None else ("take" if d.take else "pass"), "tie": d.tie,
        "method": d.method}
    real_out, out = out, human(args, out)
    out.print(f"race {x} vs {y}, pip-count race model, cube {cube.value}, {dice.name} dice, you on roll (money, no gammons)")
    out.print(f"  cubeless chance you win = {value_text(d.cubeless_win, args.digits, args.exact)}")
    out.print(f"  no double (hold)        = {value_text(d.no_double, args.digits, args.exact)}   per unit cube")
    if d.double_take is not None:
        out.print(f"  double, take            = {value_text(d.double_take, args.digits, args.exact)}")
        out.print(f"  double, pass            = {value_text(d.double_pass, args.digits, args.exact)}")
    out.print(f"  cubeful equity          = {value_text(d.equity, args.digits, args.exact)}")
    if d.take is None:
        out.print(f"  action: you cannot double (the opponent owns the cube)  [{MODEL}]")
    else:
        verb = "redouble" if cube is cf.Cube.MINE else "double"
        act = {Action.NO_DOUBLE: f"no {verb}", Action.DOUBLE_TAKE: f"{verb}, take",
               Action.DOUBLE_PASS: f"{verb}, pass"}[d.action]
        out.print(f"  action: {act}; if you {verb}, the opponent should {'take' if d.take else 'pass'}"
                  + (f"  ({verb} and no {verb} are exactly equal)" if d.tie_double else "")
                  + ("  (take and pass are exactly equal)" if d.tie_take else "") + f"  [{MODEL}]")
    _real_note(x, y, dice, out, data)
    emit_json(args, real_out, data)
    return 0


def _rules(args, out, dice):
    from rich.table import Table

    from ..numbers import format_decimal, mpq
    from ..race import cubeful as cf
    from ..race import cubeless as cl
    from ..race import rules as ru
    from .common import progress

    N = args.max
    if args.min > N:
        raise BadInput(f"--min {args.min} exceeds --max {N}")
    if dice.name != "backgammon":
        raise BadInput("race rules compares pip-count rules made for backgammon dice; drop --dice")
    with progress("solving the cubeful race", 2 * N - 1) as bar:
        T = cf.solve(N, dice, progress=bar)
    W = cl.win_table(N, dice)
    reports = {k: ru.compare_rule(r, T, args.min, N) for k, r in ru.RULES.items()}

    t = Table(title=f"rules of thumb vs the exact race strategy, counts {args.min}..{N} (roller) x 1..{N}")
    for c in ("rule", "decision", "positions", "wrong", "total cost", "max cost", "worst at (you, opp)"):
        t.add_column(c, justify="right" if c not in ("rule", "decision") else "left")
    for _k, rep in reports.items():
        for dec in ("double", "redouble", "take"):
            w = rep.worst(dec)
            t.add_row(rep.rule, dec, str(rep.cells[dec]), str(rep.count(dec)),
                      format_decimal(rep.total_cost(dec), 3), format_decimal(w.cost, 4) if w else "0",
                      f"({w.mine}, {w.theirs})" if w else "")
    out.table(t)
    out.print("cost = exact equity lost per unit cube by the player acting on the rule (the opponent replying "
              "optimally); exact ties are not counted as errors.")

    for _k, rep in reports.items():
        t = Table(title=f"{rep.rule}: wrong decisions by the roller's count (errors / total cost)")
        t.add_column("your count", justify="right")
        for dec in ("double", "redouble", "take"):
            t.add_column(dec, justify="right")
        for lo, hi in ru.count_bands(args.min, N, args.band):
            cells = []
            for dec in ("double", "redouble", "take"):
                es = [e for e in rep.errors if e.decision == dec and lo <= e.mine <= hi]
                cells.append(f"{len(es)} / {format_decimal(sum((e.cost for e in es), mpq(0)), 3)}"
                             if es else "0")
            t.add_row(f"{lo}-{hi}", *cells)
        out.table(t)

    t = Table(title="Kleinman's winning-chance estimate vs the exact chance (max |error|, arb)")
    t.add_column("your count", justify="right")
    t.add_column("positions", justify="right")
    t.add_column("max |estimate - exact|", justify="right")
    t.add_column("at (you, opp)", justify="right")
    for b in ru.kleinman_bands(W, N, args.band, args.min):
        t.add_row(f"{b.lo}-{b.hi}", str(b.positions), b.worst.str(4, radius=False) if b.worst is not None else "",
                  f"{b.at}" if b.at else "")
    out.table(t)
    low, high = ru.KLEINMAN_WINDOW
    out.print(f"positions with the exact chance in [{format_decimal(low, 1)}, {format_decimal(high, 1)}] "
              "(the doubling window).")

    eff = ru.efficiency_bands(T, W, N, args.band)
    t = Table(title="Janowski cube efficiency x implied by the exact equities (least squares, 1/5 <= p <= 4/5) "
                    "vs the engine's 0.55 + 0.00125*pips in [0.6, 0.7]")
    for c in ("your count", "cube", "positions", "implied x", "engine x", "mean |E_engine - E_exact|"):
        t.add_column(c, justify="right")
    for e in eff:
        if e.lo < args.min:
            continue
        t.add_row(f"{e.lo}-{e.hi}", e.cube, str(e.positions),
                  format_decimal(e.implied, 3) if e.implied is not None else "",
                  format_decimal(e.engine_mean, 3) if e.engine_mean is not None else "",
                  format_decimal(e.mean_abs_error_engine, 4) if e.mean_abs_error_engine is not None else "")
    out.table(t)
    return 0

