"""Shared pieces of the sub-commands: bounded options, output files (through exactcube.output), progress bars."""

from __future__ import annotations

import argparse
import json
import sys
from contextlib import contextmanager

from ..errors import BadInput
from ..numbers import MAX_PLACES, parse_int, parse_rational
from ..owner import ALIASES as OWNER_ALIASES
from ..owner import Owner
from ..output import STDOUT, check_destination, is_stdout, open_output, path_error, write_json, write_text

__all__ = ["FORMATS", "rational_arg", "int_arg", "add_digits", "output_arg", "add_force", "reject_options",
           "write_json", "write_text", "open_output", "progress", "render_table", "list_builders",
           "add_json", "json_to_stdout", "human", "emit_json", "add_cube", "add_score_options", "CUBE_ALIASES",
           "format_from_name",
           "exact_text", "LONG_EXACT", "complete_claims", "complete_documents", "complete_tables",
           "complete_figures"]

FORMATS = ("rich", "latex", "csv", "json")
#: The format a file name implies (``table -o``): its extension; any other name is rich text.
FORMAT_OF_SUFFIX = {".json": "json", ".csv": "csv", ".tex": "latex"}


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


def rational_arg(name: str, minimum=None, maximum=None):
    """An argparse ``type`` that reads an exact rational, in ``[minimum, maximum]`` when they are given
    (BadInput on failure)."""

    def parse(text):
        v = parse_rational(text, name)
        if (minimum is not None and v < minimum) or (maximum is not None and v > maximum):
            raise BadInput(f"{name}: must be between {minimum} and {maximum} (got {text!r})")
        return v

    return _arg(parse, name)


def int_arg(name: str, minimum: int | None = None, maximum: int | None = None):
    """An argparse ``type`` that reads a whole number in ``minimum..maximum``."""
    return _arg(lambda text: parse_int(text, name, minimum, maximum), name)


def add_digits(p, default: int | None, minimum: int = 0, what: str = "decimals printed", shown=None):
    """The ``--digits`` option, bounded by :data:`~exactcube.numbers.MAX_PLACES` everywhere.

    ``shown`` is the default the help names when ``default`` is None (the command fills it
    in later, e.g. per action); the help names one default only.
    """
    if shown is None:
        shown = "each table's own" if default is None else default
    p.add_argument("--digits", type=int_arg("--digits", minimum, MAX_PLACES), default=default,
                   help=f"{what}, {minimum}..{MAX_PLACES} (default {shown})")


def output_arg(what: str, stdout: bool = True):
    """An argparse ``type`` for an output file: checked (folder, kind, name) before any work.

    '-' is standard output when ``stdout``; otherwise (a checkpoint, a results file) it is refused.
    """

    def check(text):
        if text == "-" and not stdout:
            raise path_error(what, text, "this option needs a file (standard output cannot be read back)")
        check_destination(text, what)
        return text

    return _arg(check, what)


def add_force(p, workers: bool = False):
    """``--force``: run a request beyond the documented bounds (hours-long runs; more workers than cores
    where the command has ``--workers``)."""
    beyond = "more workers than cores, a run estimated at over an hour" if workers else \
        "a run estimated at over an hour"
    p.add_argument("--force", action="store_true", help=f"run even beyond the limits ({beyond})")


def add_json(p, what: str = "the result"):
    """``--json [FILE]`` (also ``-o``, ``--output``), the one JSON convention of every command (docs/cli.md).

    ``--json FILE`` writes ``what`` as JSON to FILE (whole or not at all) and prints the usual
    human-readable output; ``--json`` alone or ``--json -`` prints the JSON alone on standard
    output (nothing else there).  Use :func:`human` for the human output and :func:`emit_json`.
    """
    p.add_argument("--json", "-o", "--output", dest="json", nargs="?", const=STDOUT, metavar="FILE",
                   type=output_arg("--json"),
                   help=f"write {what} as JSON to FILE (whole or not at all); --json alone or --json -: "
                        "JSON alone on standard output")


def json_to_stdout(args) -> bool:
    """Whether ``--json`` sends the JSON to standard output (it then stands alone there)."""
    return is_stdout(getattr(args, "json", None))


def human(args, out):
    """Where the human-readable output goes: ``out``, or nowhere when the JSON takes standard output."""
    if json_to_stdout(args):
        import io

        from . import Output

        return Output(io.StringIO(), force_plain=True)
    return out


def emit_json(args, out, obj) -> None:
    """Write ``obj`` where ``--json`` says: alone on standard output (``-``), or to the file
    (then ``wrote FILE`` is printed, as ``table -o`` and ``plot -o`` do).  Nothing without ``--json``."""
    if args.json is None:
        return
    if json_to_stdout(args):
        out.write(json.dumps(obj, indent=2))
        return
    write_json(args.json, obj, "--json")
    out.print(f"wrote {args.json}")


#: Spellings of the cube's place accepted by every ``--cube`` (the canonical one is the value):
#: the one vocabulary of :mod:`exactcube.owner`.
CUBE_ALIASES = {spelling: owner.value for spelling, owner in OWNER_ALIASES.items()}


def add_cube(p, states=("centred", "mine", "theirs"), default=None, help: str = ""):
    """``--cube``: one vocabulary everywhere (:class:`exactcube.owner.Owner`: ``centred``; ``centre``,
    ``center``, ``me``, ``opponent`` ... accepted); the value is the canonical spelling."""
    listed = " | ".join(states)

    def parse(text):
        return Owner.parse(text, states).value

    shown = f"{listed} (default {default})" if default else listed
    action = p.add_argument("--cube", type=_arg(parse, "--cube"), default=default, metavar="CUBE",
                            help=f"{shown}: {help}" if help else shown)
    action.completer = lambda prefix="", **_: [s for s in states if s.startswith(prefix)]


#: An exact value printed longer than this many characters is summarised unless --exact.
LONG_EXACT = 60


def exact_text(q, exact: bool = False) -> str:
    """The exact value ``q`` as text (``p/q``), summarised as ``<2585-digit>/<2585-digit>`` when it is longer
    than :data:`LONG_EXACT` characters and ``exact`` is false (``--exact`` prints it whole)."""
    from ..numbers import format_exact

    text = format_exact(q)
    if exact or len(text) <= LONG_EXACT:
        return text
    num, _, den = text.partition("/")
    sign = "-" if num.startswith("-") else ""
    digits = num[len(sign):]
    parts = [sign + _summary(digits)] + ([_summary(den)] if den else [])
    return "/".join(parts)


def value_text(q, digits: int, exact: bool = False, gap: str = "  ") -> str:
    """The exact value ``q`` and its decimal, ``p/q  (0.123456)``: :func:`exact_text` (whole when ``exact``),
    ``gap``, and ``format_decimal(q, digits)`` in brackets."""
    from ..numbers import format_decimal

    return f"{exact_text(q, exact)}{gap}({format_decimal(q, digits)})"


def _summary(digits: str) -> str:
    """A run of digits, or ``<N-digit>`` when it is longer than 20 (a short part stays readable)."""
    return digits if len(digits) <= 20 else f"<{len(digits)}-digit>"


def format_from_name(path: str, given: str | None) -> str:
    """The output format of ``table -o``: ``given`` (``--format``), else the file name's extension
    (.json, .csv, .tex; rich text otherwise and on standard output); a contradiction is refused."""
    import os

    implied = None if is_stdout(path) else FORMAT_OF_SUFFIX.get(os.path.splitext(path)[1].lower())
    if given is None:
        return implied or "rich"
    if implied is not None and implied != given:
        raise path_error("-o", path, f"the name says {implied}, which contradicts --format {given}; drop --format "
                         "or rename the file")
    return given


#: The longest match a query at a score takes (the tables' own limit, exactcube.match.met.MAX_LENGTH).
MAX_MATCH = 64


def add_score_options(p, met: bool = True) -> None:
    """The options of a query at a match score, the same on ``bearoff``, ``race`` and ``match``:
    ``--match N --score A-B [--crawford | --post-crawford] [--cube-value V] [--met TABLE]``."""
    p.add_argument("--match", type=int_arg("--match", 1, MAX_MATCH), metavar="N",
                   help="a match to N points: values are match winning chances at --score")
    p.add_argument("--score", metavar="A-B", help="with --match: the points each side has, yours (on roll) first: 4-2")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--crawford", action="store_true", help="this is the Crawford game (the default at a score "
                                                           "where one side is 1-away)")
    g.add_argument("--post-crawford", action="store_true", help="a game after the Crawford game")
    p.add_argument("--cube-value", "--level", dest="level", type=int_arg("--cube-value", 1, 2 ** 15), metavar="V",
                   help="the cube's value, a power of 2 (default 1; an ID gives its own)")
    if met:
        p.add_argument("--met", metavar="TABLE", help="with --match: the match equity table, zadeh (default), mec, "
                                                      "continuous or a gnubg MET file read as printed")


def reject_options(args, command: str, flags) -> None:
    """Refuse options that were given but do not apply to ``command`` (one line, exit 2).

    ``flags`` are option names (``"--level"``) whose argparse default is None or False,
    so that a given option is told from an absent one.
    """
    given = [f for f in flags if getattr(args, f.lstrip("-").replace("-", "_"), None) not in (None, False)]
    if given:
        raise BadInput(f"{command} does not take {', '.join(given)} (see its --help)")


#: A run estimated above this many seconds prints its estimate (on stderr) before it starts.
ANNOUNCE_SECONDS = 5
#: A run estimated above this many seconds is refused unless --force.
REFUSE_SECONDS = 3600


def measure_seconds(run_at, target: int, start: int = 8, budget: float = 1.0, growth: float = 2.0) -> float:
    """Estimated seconds of ``run_at(target)``, from timing ``run_at`` at smaller sizes (about 2 budget spent).

    ``run_at(n)`` is timed at n = start, 2 start, 4 start, ... below ``target`` (after one
    untimed warm-up call at half of ``start``), until a call takes ``budget`` seconds; the
    last time is extrapolated to ``target`` as ``t * (target / n) ** alpha``.  A size whose
    call is predicted to take over :data:`OVERSHOOT` budgets is not timed (a cost growing like
    n^4 would otherwise spend 16 budgets on the last doubling).  ``growth`` is
    the exponent the algorithm is known to have at least (its cost in the size); the
    exponent measured between the last two sizes is used when larger (timings under 0.05 s
    are too noisy to measure it) up to 8.  A target no larger than ``start`` is small by the
    caller's choice of ``start``: 0 is returned and nothing run.
    """
    import time

    if target <= start:
        return 0.0
    n = start
    run_at(max(1, start // 2))  # warm-up (imports), at another size so that no cache serves the timed call
    prev = None
    while True:
        t0 = time.perf_counter()
        run_at(n)
        t = time.perf_counter() - t0
        if t > budget or 2 * n >= target:
            break
        if t * 2 ** _exponent(prev, n, t, growth) > OVERSHOOT * budget:
            break  # the next size would take far beyond the budget (a steep cost): extrapolate from this one
        prev, n = (n, t), 2 * n
    return t * (target / n) ** _exponent(prev, n, t, growth)


#: :func:`measure_seconds` does not time a size predicted to take more than this many budgets.
OVERSHOOT = 5


def _exponent(prev, n: int, t: float, growth: float) -> float:
    """The growth exponent of a cost timed at ``n`` (``t`` s) after ``prev`` = (size, seconds): the measured
    one when larger than ``growth`` and both timings are long enough to trust (over 0.05 s), at most 8."""
    import math

    if prev is not None and prev[1] > 0.05 and t > prev[1]:
        return min(8.0, max(growth, math.log(t / prev[1]) / math.log(n / prev[0])))
    return growth


def estimate_first(run_at, target: int, start: int, what: str, force: bool, growth: float = 2.0) -> None:
    """Time ``run_at`` on sizes below ``target`` (:func:`measure_seconds`) and :func:`announce` the estimate."""
    seconds = measure_seconds(run_at, target, start=start, growth=growth)
    announce(seconds, f"{what}; timed on smaller sizes and extrapolated", force)


def estimate_builder(builder, options: dict, force: bool, kind: str) -> None:
    """The cost hook of a table or figure builder, announced before it runs: a builder function may carry
    ``cost(**params)`` returning either ``(run_at, size, start, growth)``, the exact computation it makes as a
    function of one size (timed on sizes below ``size``, :func:`estimate_first`), or ``(seconds, how)``, CPU
    seconds worked out from a recorded measurement (:func:`announce`)."""
    cost = getattr(builder.build, "cost", None)
    if cost is None:
        return
    params = {p.name: p.default for p in builder.params}
    params.update(options)
    found = cost(**params)
    if len(found) == 2:
        seconds, how = found
        announce(seconds, f"{kind} {builder.id}: {how}", force)
    else:
        run_at, size, start, growth = found
        estimate_first(run_at, size, start, f"{kind} {builder.id}", force, growth=growth)


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def announce(total: float, how: str, force: bool = False) -> float:
    """Print an estimate (``total`` seconds, worked out as ``how``) before a run above :data:`ANNOUNCE_SECONDS`.

    Above :data:`REFUSE_SECONDS` it raises TooLarge unless ``force``.  Returns ``total``.
    """
    from ..errors import TooLarge

    if total <= ANNOUNCE_SECONDS:
        return total
    if total > REFUSE_SECONDS and not force:
        raise TooLarge(f"this run is estimated at about {_duration(total)} ({how}); make it smaller, "
                       f"or add --force to run it anyway")
    print(f"exactcube: estimate: about {_duration(total)} ({how}); Ctrl-C stops it", file=sys.stderr)
    return total


def announce_claims(claims) -> None:
    """``verify`` and ``report``: say before a run of more than a minute what it will take, from the seconds each
    claim took in the recorded default run (:func:`exactcube.claims.expected_seconds`); never refused."""
    from ..claims import expected_seconds

    claims = list(claims)
    seconds, unmeasured = expected_seconds(claims)
    n = len(claims)
    how = f"{n} claim{'s' if n != 1 else ''}, as long as in the recorded default run or, if longer, the longest alone"
    if unmeasured:
        how += f"; {unmeasured} not measured there (slow ones say their time in their statement)"
    if unmeasured == n and any(c.slow for c in claims):  # nothing measured: no figure to give
        print(f"exactcube: estimate: not known ({n} claim{'s' if n != 1 else ''} not measured in the recorded "
              "default run; a slow claim's statement says its time); Ctrl-C stops it", file=sys.stderr)
        return
    if seconds <= ANNOUNCE_SECONDS and any(c.slow for c in claims):  # a slow claim alone can take minutes: say so
        print(f"exactcube: estimate: more than {_duration(seconds)} ({how}); Ctrl-C stops it", file=sys.stderr)
        return
    announce(seconds, how, force=True)


#: Seconds between two plain progress lines when stderr is not a terminal (the first after this long).
PLAIN_PROGRESS_SECONDS = 30


class _PlainProgress:
    """Progress for a piped stderr: one line every :data:`PLAIN_PROGRESS_SECONDS` (none for a short run)."""

    def __init__(self, description: str, total: int | None):
        import time

        self.description, self.total, self.done = description, total, 0
        self.start = self.last = time.monotonic()

    def __call__(self, done, total):
        """A ``progress(done, total)`` callback (:mod:`exactcube.progress`): the run has done ``done`` of ``total``."""
        if total is not None:
            self.total = total
        self.advance(done - self.done)

    def advance(self, n=1, description=None):
        import time

        self.done += n
        if description:
            self.description = description
        now = time.monotonic()
        if now - self.last >= PLAIN_PROGRESS_SECONDS:
            self.last = now
            count = f"{self.done}/{self.total}" if self.total else f"{self.done}"
            print(f"exactcube: progress: {self.description}: {count} done, {_duration(now - self.start)} elapsed",
                  file=sys.stderr, flush=True)


@contextmanager
def progress(description: str, total: int | None, enabled: bool = True):
    """A rich progress bar on stderr when it is a terminal; plain lines every
    :data:`PLAIN_PROGRESS_SECONDS` when it is not (a log of a long piped run); nothing when not ``enabled``.  The bar
    is itself a ``progress(done, total)`` callback (:mod:`exactcube.progress`): pass it to a computation as is;
    ``bar.advance(n)`` counts steps of the command's own."""
    if not enabled or not sys.stderr.isatty():
        class _Null:
            def advance(self, n=1, description=None):
                pass

            def __call__(self, done, total):
                pass

        yield _PlainProgress(description, total) if enabled else _Null()
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

            def __call__(self, done, total):  # a progress(done, total) callback (exactcube.progress)
                prog.update(task, completed=done, **({"total": total} if total is not None else {}))

        yield _Bar()


def render_table(table, fmt: str, digits: int | None, exact: bool, out) -> None:
    """Print a :class:`~exactcube.tables.Table` in one of FORMATS."""
    if fmt == "rich":
        parts = table.rich_parts(out.console.width, digits, exact)
        for t in parts:
            out.table(t)
        if len(parts) > 1:
            out.print(f"(the table is wider than {out.console.width} columns: shown in {len(parts)} parts; "
                      "--format csv prints it as one table)")
    elif fmt == "latex":
        out.write(table.to_latex(digits, exact))
    elif fmt == "csv":
        out.write(table.to_csv(digits, exact or digits is None))
    elif fmt == "json":
        out.write(json.dumps(table.to_json(digits), indent=2))
    else:  # argparse choices prevent this
        raise BadInput(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")


def _short(text: str, limit: int = 40) -> str:
    """A long default shortened for a listing (``--help-table`` shows it whole)."""
    if len(text) <= limit:
        return text
    items = text.split(",")
    if len(items) > 4:
        return f"{','.join(items[:3])},...,{items[-1]} ({len(items)} values)"
    return text[:limit - 3] + "..."


def list_builders(registry: dict, title: str, out) -> int:
    """Print the registered tables or figures with their options."""
    from rich.markup import escape
    from rich.table import Table

    t = Table(title=title)
    for c in ("id", "title", "options"):
        t.add_column(c)
    for bid in sorted(registry):
        b = registry[bid]
        t.add_row(escape(bid), escape(b.title), escape(" ".join(f"{p.flag} {_short(p.default_text)}" for p in b.params)))
    out.table(t)
    return 0


# -- shell completion (argcomplete): the registered ids, read when a shell asks ------------------

def _registered(kind: str) -> list[str]:
    from .. import catalog

    catalog.load()
    if kind == "claims":
        from ..claims import REGISTRY

        return sorted(REGISTRY)
    if kind == "documents":
        from ..claims import documents

        return documents()
    if kind == "tables":
        from ..tables import TABLES

        return sorted(TABLES)
    from ..figures import FIGURES

    return sorted(FIGURES)


def complete_claims(prefix: str = "", **_) -> list[str]:
    """Claim ids for ``--claim`` (an argcomplete completer; the shell filters by ``prefix``)."""
    return [c for c in _registered("claims") if c.startswith(prefix)]


def complete_documents(prefix: str = "", **_) -> list[str]:
    """Document ids for ``--paper``."""
    return [c for c in _registered("documents") if c.startswith(prefix)]


def complete_tables(prefix: str = "", **_) -> list[str]:
    """Table ids for ``table ID``."""
    return [c for c in _registered("tables") if c.startswith(prefix)]


def complete_figures(prefix: str = "", **_) -> list[str]:
    """Figure ids for ``plot ID``."""
    return [c for c in _registered("figures") if c.startswith(prefix)]


def result_json(result, digits: int) -> dict:
    """The JSON of a result: its :meth:`~exactcube.results.Result.as_dict`, with beside every exact
    value ``name`` (and every mapping of exact values) a ``name_decimal`` at ``digits`` decimals, in
    the results nested in it too (the one way a command's JSON is built from a result)."""
    d = result.as_dict()
    _add_decimals(result, d, digits)
    return d


def _add_decimals(obj, d: dict, digits: int) -> None:
    from collections.abc import Mapping

    from ..numbers import format_decimal, is_mpq

    for name in list(d):
        v = getattr(obj, name, None)
        if is_mpq(v):
            d[f"{name}_decimal"] = format_decimal(v, digits)
        elif isinstance(v, Mapping) and v and all(is_mpq(x) for x in v.values()):
            d[f"{name}_decimal"] = {str(k): format_decimal(x, digits) for k, x in v.items()}
        elif isinstance(v, Mapping):
            for k, x in v.items():
                if hasattr(x, "as_dict") and isinstance(d[name].get(str(k)), dict):
                    _add_decimals(x, d[name][str(k)], digits)
        elif hasattr(v, "as_dict") and isinstance(d[name], dict):
            _add_decimals(v, d[name], digits)
