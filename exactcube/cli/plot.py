"""``exactcube plot``: draw a registered figure to PDF, PNG or SVG."""

from __future__ import annotations

from ..errors import BadInput
from ._common import output_arg

NAME = "plot"
ORDER = 60
HELP = "draw a figure of the documents (PDF, PNG or SVG; needs the 'plot' extra)"
DESCRIPTION = """Draw a registered figure.  'exactcube plot --list' lists them.

Figures need matplotlib:  pip install 'exactcube[plot]'.  Figure-specific options follow
the id (see 'exactcube plot --list')."""


def add_arguments(p):
    p.add_argument("id", nargs="?", help="figure id, e.g. ju24.fig1")
    p.add_argument("-o", "--output", type=output_arg("-o"),
                   help="output file (.pdf, .png or .svg; '-': PDF on standard output); default ID.pdf")
    p.add_argument("--list", action="store_true", help="list the registered figures")
    p.add_argument("options", nargs="...", help="figure-specific options")


def run(args, out) -> int:
    from .. import catalog
    from ..figures import FIGURES, check_name, save
    from ._common import list_builders
    from .table import _parse_options

    catalog.load()
    if args.list or not args.id:
        return list_builders(FIGURES, "registered figures", out)
    if args.id not in FIGURES:
        raise BadInput(f"unknown figure {args.id!r} (see 'exactcube plot --list')")
    tokens = list(args.options)
    output = args.output
    if "-o" in tokens or "--output" in tokens:
        k = tokens.index("-o") if "-o" in tokens else tokens.index("--output")
        if k + 1 >= len(tokens):
            raise BadInput("-o needs a file name")
        output = output_arg("-o")(tokens[k + 1])
        del tokens[k:k + 2]
    output = output or f"{args.id}.pdf"
    check_name(output)
    output_arg("-o")(output)
    builder = FIGURES[args.id]
    fig = builder(**_parse_options(builder, tokens))
    path = save(fig, output)
    if path != "-":
        out.print(f"wrote {path}")
    return 0
