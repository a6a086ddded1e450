"""``exactcube plot``: draw a registered figure to PDF, PNG or SVG."""

from __future__ import annotations

from ..errors import BadInput
from .common import add_force, complete_figures, estimate_builder, output_arg
from .table import ID_FIRST

NAME = "plot"
ORDER = 60
HELP = "draw a figure of the documents (PDF, PNG or SVG; needs the 'plot' extra)"
DESCRIPTION = """Draw a registered figure.  'exactcube plot --list' lists them.

Figures need matplotlib:  pip install 'exactcube[plot]'.  Figure-specific options follow
the id (see 'exactcube plot --list').  A figure that declares its cost is timed on smaller
sizes first (or from a recorded measurement): an estimate over 5 s is printed, over an hour refused
without --force."""


def add_arguments(p):
    p.add_argument("id", nargs="?", help="figure id, e.g. ju24.fig1").completer = complete_figures
    p.add_argument("-o", "--output", type=output_arg("-o"),
                   help="output file (.pdf, .png or .svg; '-': PDF on standard output); default ID.pdf")
    p.add_argument("--list", action="store_true", help="list the registered figures")
    add_force(p)
    p.add_argument("options", nargs="...", help="figure-specific options")
    p.id_first = ID_FIRST.format(kind="figure", command="plot", options="--size 20")


def run(args, out) -> int:
    from .. import catalog
    from ..figures import FIGURES, check_name, save
    from .common import list_builders
    from .table import _parse_options

    catalog.load()
    if args.list or not args.id:
        return list_builders(FIGURES, "registered figures", out)
    if args.id not in FIGURES:
        raise BadInput(f"unknown figure {args.id!r} (see 'exactcube plot --list')")
    tokens = list(args.options)
    output = args.output
    for k, tok in enumerate(tokens):
        key, eq, val = tok.partition("=")
        if key in ("-o", "--output"):  # after the id: '-o FILE' or '--output=FILE'
            if not eq:
                if k + 1 >= len(tokens):
                    raise BadInput("-o needs a file name")
                val = tokens[k + 1]
            output = output_arg("-o")(val)
            del tokens[k:k + (1 if eq else 2)]
            break
    force = args.force or "--force" in tokens
    tokens = [t for t in tokens if t != "--force"]
    output = output or f"{args.id}.pdf"
    check_name(output)
    output_arg("-o")(output)
    builder = FIGURES[args.id]
    options = _parse_options(builder, tokens, "figure")
    estimate_builder(builder, options, force, "figure")
    fig = builder(**options)
    path = save(fig, output)
    if path != "-":
        out.print(f"wrote {path}")
    return 0

