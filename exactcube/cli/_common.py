"""Shared pieces of the sub-commands: bounded options, output files (through exactcube.output), progress bars."""

from __future__ import annotations

import argparse
import json
import sys
from contextlib import contextmanager

from ..errors import BadInput
from ..numbers import MAX_PLACES, parse_int, parse_rational
from ..output import check_destination, open_output, write_json, write_text

__all__ = ["FORMATS", "rational_arg", "int_arg", "add_digits", "output_arg", "add_force", "reject_options",
           "write_json", "write_text", "open_output", "progress", "render_table", "list_builders"]

FORMATS = ("rich", "latex", "csv", "json")


def _arg(parse_fn, name: str):
    """An argparse ``type`` around a parser that raises BadInput (argparse then exits 2 with its message)."""

    def parse(text):
        try:
            return parse_fn(text)
        except BadInput as exc:  # argparse prefixes "argument NAME: ", so drop our own "NAME: "
            msg = str(exc)
            raise argparse.ArgumentTypeError(msg[len(name) + 2:] if msg.startswith(name + ": ") else msg) from None

    parse.__name__ = name
    return parse


def rational_arg(name: str):
    """An argparse ``type`` that reads an exact rational (BadInput on failure)."""
    return _arg(lambda text: parse_rational(text, name), name)


def int_arg(name: str, minimum: int | None = None, maximum: int | None = None):
    """An argparse ``type`` that reads a whole number in ``minimum..maximum``."""
    return _arg(lambda text: parse_int(text, name, minimum, maximum), name)


def add_digits(p, default: int | None, minimum: int = 0, what: str = "decimals printed"):
    """The ``--digits`` option, bounded by :data:`~exactcube.numbers.MAX_PLACES` everywhere."""
    shown = "each table's own" if default is None else default
    p.add_argument("--digits", type=int_arg("--digits", minimum, MAX_PLACES), default=default,
                   help=f"{what}, {minimum}..{MAX_PLACES} (default {shown})")


def output_arg(what: str, stdout: bool = True):
    """An argparse ``type`` for an output file: checked (folder, kind, name) before any work.

    '-' is standard output when ``stdout``; otherwise (a checkpoint, a results file) it is refused.
    """

    def check(text):
        if text == "-" and not stdout:
            raise BadInput(f"{what} needs a file ('-', standard output, cannot be read back)")
        check_destination(text, what)
        return text

    return _arg(check, what)


def add_force(p):
    """``--force``: run a request beyond the documented bounds (more workers than cores, hours-long runs)."""
    p.add_argument("--force", action="store_true",
                   help="run even beyond the limits (more workers than cores, a run estimated at hours)")


def reject_options(args, command: str, flags) -> None:
    """Refuse options that were given but do not apply to ``command`` (one line, exit 2).

    ``flags`` are option names (``"--level"``) whose argparse default is None or False,
    so that a given option is told from an absent one.
    """
    given = [f for f in flags if getattr(args, f.lstrip("-").replace("-", "_"), None) not in (None, False)]
    if given:
        raise BadInput(f"{command} does not take {', '.join(given)} (see its --help)")


#: A run estimated above this many seconds prints its estimate (on stderr) before it starts.
ANNOUNCE_SECONDS = 60
#: A run estimated above this many seconds is refused unless --force.
REFUSE_SECONDS = 3600


def measure_seconds(run_at, target: int, start: int = 8, budget: float = 0.5) -> float:
    """Seconds one call ``run_at(target)`` takes: measured, at most about ``2 * budget`` spent measuring.

    ``run_at(n)`` is timed at n = start, 2 start, ... (after one untimed warm-up call at
    ``start``); it is timed at ``target`` itself unless a smaller size already took
    ``budget`` seconds, in which case the last time is extrapolated to ``target`` with
    the growth exponent of the last two sizes (clamped to 1..3).
    """
    import math
    import time

    n = min(start, target)
    run_at(n)  # warm-up: imports, caches
    prev = None
    while True:
        t0 = time.perf_counter()
        run_at(n)
        t = time.perf_counter() - t0
        if n >= target:
            return t
        if t > budget:
            break
        prev, n = (n, t), min(2 * n, target)
    alpha = 2.0
    if prev is not None and prev[1] > 1e-4 and n > prev[0]:
        alpha = min(3.0, max(1.0, math.log(t / prev[1]) / math.log(n / prev[0])))
    return t * (target / n) ** alpha


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def announce(what: str, units: int, per_unit: float, workers: int = 1, force: bool = False) -> float:
    """Print an estimate before a long run (above :data:`ANNOUNCE_SECONDS`); refuse an absurd one.

    The estimate is ``units * per_unit / workers`` from a measured ``per_unit``; above
    :data:`REFUSE_SECONDS` it raises TooLarge unless ``force``.  Returns the estimate.
    """
    from ..errors import TooLarge

    total = units * per_unit / max(1, workers)
    if total <= ANNOUNCE_SECONDS:
        return total
    how = (f"{units} {what} x {per_unit:.3g} s each (measured)" + (f" / {workers} workers" if workers > 1 else ""))
    if total > REFUSE_SECONDS and not force:
        raise TooLarge(f"this run is estimated at about {_duration(total)} ({how}); make it smaller, "
                       f"or add --force to run it anyway")
    print(f"exactcube: estimate: about {_duration(total)} ({how}); Ctrl-C stops it", file=sys.stderr)
    return total


@contextmanager
def progress(description: str, total: int | None, enabled: bool = True):
    """A rich progress bar on stderr when it is a terminal; a no-op advance() otherwise."""
    if not enabled or not sys.stderr.isatty():
        class _Null:
            def advance(self, n=1, description=None):
                pass

        yield _Null()
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(file=sys.stderr),
        transient=True,
    ) as prog:
        task = prog.add_task(description, total=total)

        class _Bar:
            def advance(self, n=1, description=None):
                prog.update(task, advance=n, **({"description": description} if description else {}))

        yield _Bar()


def render_table(table, fmt: str, digits: int | None, exact: bool, out) -> None:
    """Print a :class:`~exactcube.tables.Table` in one of FORMATS."""
    if fmt == "rich":
        out.table(table.to_rich(digits, exact))
    elif fmt == "latex":
        out.write(table.to_latex(digits, exact))
    elif fmt == "csv":
        out.write(table.to_csv(digits, exact or digits is None))
    elif fmt == "json":
        out.write(json.dumps(table.to_json(digits), indent=2))
    else:  # argparse choices prevent this
        raise BadInput(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")


def list_builders(registry: dict, title: str, out) -> int:
    """Print the registered tables or figures with their options."""
    from rich.markup import escape
    from rich.table import Table

    t = Table(title=title)
    for c in ("id", "title", "options"):
        t.add_column(c)
    for bid in sorted(registry):
        b = registry[bid]
        t.add_row(escape(bid), escape(b.title), escape(" ".join(f"{p.flag} ({p.default})" for p in b.params)))
    out.table(t)
    return 0
