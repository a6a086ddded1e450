"""``exactcube table``: render a registered table (paper tables and generated ones)."""

from __future__ import annotations

from ..errors import BadInput
from ..numbers import MAX_PLACES, parse_int
from .common import (FORMATS, add_digits, add_force, complete_tables, estimate_builder, format_from_name,
                      list_builders, open_output, output_arg, render_table)

NAME = "table"
ORDER = 20
HELP = "print a table of the documents (or a larger one) as rich text, LaTeX, CSV or JSON"
DESCRIPTION = """Print a registered table.  'exactcube table --list' lists them with their options.

Cells are exact; --digits N rounds them (half to even) for printing, --exact prints
fractions.  Where the document printed the table, cells that differ from the truth beyond
the printed rounding are marked (red in the terminal, a dagger in LaTeX, 'agrees': false in
JSON).  Table-specific options (e.g. --size, --x, --y) follow the table id; see
'exactcube table ID --help-table'.  -o FILE writes the table to FILE (whole or not at
all; '-' is standard output, the default) in the format its name says (.json, .csv, .tex;
rich text otherwise) unless --format is given; a --format that contradicts the name is
refused.  A table that declares its cost says its estimate first when over 5 s (over an hour it
needs --force)."""


def add_arguments(p):
    p.add_argument("id", nargs="?", help="table id, e.g. ju24.dk or ks69.table1").completer = complete_tables
    p.add_argument("--list", action="store_true", help="list the registered tables and their options")
    p.add_argument("--format", choices=FORMATS, default=None,
                   help="output format (default: from the -o file name: .json, .csv, .tex; else rich)")
    g = p.add_mutually_exclusive_group()
    add_digits(g, None, what="decimal places for printing")
    g.add_argument("--exact", action="store_true", help="print exact fractions")
    p.add_argument("-o", "--output", type=output_arg("-o"), default="-", metavar="FILE",
                   help="write the table to this file ('-', the default, is standard output); its name gives the "
                        "format")
    p.add_argument("--help-table", action="store_true", help="show the options of the chosen table")
    add_force(p)
    p.add_argument("options", nargs="...", help="table-specific options, e.g. --size 20")
    p.id_first = ID_FIRST.format(kind="table", command="table", options="--size 20")


#: What a sub-command that takes a table or figure id says when options come before any id.
ID_FIRST = "give the {kind} id before its options: exactcube {command} ID {options}; 'exactcube {command} --list' lists the ids"


def _takes_value(tokens, i: int) -> bool:
    """Whether ``tokens[i + 1]`` can be the value of the option at ``tokens[i]``: it exists and is not itself an
    option (``--board``); a value starting with ``--`` is given as ``--opt=--x``."""
    return i + 1 < len(tokens) and not tokens[i + 1].startswith("--")


def _parse_options(builder, tokens, kind: str = "table"):
    """The builder's own options from ``tokens``: ``--opt value`` or ``--opt=value``, each parsed by its
    parameter's parser; ``kind`` (table or figure) names the builder in messages."""
    params = {p.flag: p for p in builder.params}
    kwargs = {}
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        key, _, val = tok.partition("=")
        if key not in params:
            opts = ", ".join(params) or "none"
            raise BadInput(f"{kind} {builder.id} has no option {key!r} (its options: {opts})")
        if not _:
            if not _takes_value(tokens, i):
                raise BadInput(f"option {key} of {kind} {builder.id} needs a value")
            val = tokens[i + 1]
            i += 1
        try:
            kwargs[params[key].name] = params[key].parse(val)
        except (ValueError, TypeError) as exc:  # BadInput is a ValueError; a parser's own failure is bad text too
            if isinstance(exc, BadInput):
                raise
            raise BadInput(f"{key}: cannot read {val!r} ({type(exc).__name__}: {exc})") from None
        i += 1
    return kwargs


def run(args, out) -> int:
    from .. import catalog
    from ..tables import TABLES

    catalog.load()
    if args.list or not args.id:
        return list_builders(TABLES, "registered tables", out)
    if args.id not in TABLES:
        raise BadInput(f"unknown table {args.id!r} (see 'exactcube table --list')")
    builder = TABLES[args.id]
    # options given before the id land in args; argparse.REMAINDER keeps the rest
    tokens = list(args.options)
    fmt, digits, exact, output = args.format, args.digits, args.exact, args.output
    passthrough = []
    i = 0
    while i < len(tokens):  # allow --format/--digits/--exact/-o after the id too
        tok, _, val = tokens[i].partition("=")
        if tok in ("--format", "--digits", "-o", "--output"):
            if not _:
                if not _takes_value(tokens, i):
                    raise BadInput(f"{tok} needs a value")
                val = tokens[i + 1]
                i += 1
            if tok == "--format":
                if val not in FORMATS:
                    raise BadInput(f"--format: use one of {', '.join(FORMATS)}")
                fmt = val
            elif tok == "--digits":
                digits = parse_int(val, "--digits", 0, MAX_PLACES)
            else:
                output = output_arg(tok)(val)
            i += 1
            continue
        if tok == "--exact":
            exact = True
        elif tok == "--force":
            args.force = True
        elif tok == "--help-table":
            args.help_table = True
        else:
            passthrough.append(tokens[i])  # whole: '--size=3' keeps its value
        i += 1
    if args.help_table:
        out.print(f"{builder.id}: {builder.title}")
        for p in builder.params:
            out.print(f"  {p.flag} (default {p.default_text}): {p.help}")
        return 0
    if exact and digits is not None:
        raise BadInput("--digits and --exact exclude each other")
    fmt = format_from_name(output, fmt)
    options = _parse_options(builder, passthrough)
    estimate_builder(builder, options, args.force, "table")
    table = builder(**options)
    if output == "-":
        render_table(table, fmt, digits, exact, out)
        return 0
    from . import Output

    with open_output(output, "-o") as f:
        render_table(table, fmt, digits, exact, Output(f, force_plain=True))
    out.print(f"wrote {output}")
    return 0
