"""The ``exactcube`` command: a thin layer over the library.

Each sub-command is one module in this package that defines

* ``NAME`` (the sub-command), ``HELP`` (one line),
* ``add_arguments(parser)`` and ``run(args, out) -> int``.

Modules are discovered, so a new command is one new file.  ``out`` is an
:class:`Output` (rich on a terminal, plain when piped).  Errors: a
:class:`~exactcube.errors.BadInput` (or a usage error) prints one line on stderr
and exits 2; a missing optional extra exits 2 naming the extra; anything else is
a failure of the tool (exit 1, one line, ``--debug`` shows the traceback).
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys

from .. import __version__
from ..errors import BadInput, MissingExtra

__all__ = ["main", "build_parser", "Output"]


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors and exit status 2, reading -1/4 and -1e-3 as numbers, not options."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        # argparse counts only "-1" and "-.5" as negative numbers; exact input also writes "-1/4", "-1e-3"
        self._negative_number_matcher = re.compile(r"^-(\d+|\d*\.\d+)([eE][-+]?\d+)?(/\d+)?$")

    def _get_values(self, action, arg_strings):
        # '--opt=--' reaches here as ['--']; argparse would strip it and store a list, skipping the type check
        if action.option_strings and action.nargs is None and arg_strings == ["--"]:
            raise argparse.ArgumentError(action, "expected a value, got '--'")
        return super()._get_values(action, arg_strings)

    def _is_leaf(self) -> bool:
        """A parser whose every option is its own: no sub-commands below it, no REMAINDER of free options."""
        return not any(isinstance(a, argparse._SubParsersAction) or a.nargs == argparse.REMAINDER
                       for a in self._actions)

    def parse_known_args(self, args=None, namespace=None):
        """argparse's parse, with an option this (sub-)command does not know named as such, by this
        command's own parser: argparse would hand the value after it to a positional ('invalid choice: 64'
        for 'triangle --workers 64') and report leftovers from the top ('see exactcube --help')."""
        if args is not None and self._is_leaf() and "_ARGCOMPLETE" not in os.environ:
            for tok in args:
                if tok == "--":
                    break
                if len(tok) < 2 or not tok.startswith("-") or self._negative_number_matcher.match(tok):
                    continue
                found = self._parse_optional(tok)
                found = found if isinstance(found, list) else [found]  # a list from Python 3.12.7 on
                if found and found[0] is not None and all(f[0] is None for f in found):
                    self.error(f"unknown option {tok.partition('=')[0]!r}")
        ns, extras = super().parse_known_args(args, namespace)
        if extras and self._subcommand and self.id_first:
            self.error(self.id_first)
        if extras and self._is_leaf() and self._subcommand:
            self.error(f"unrecognized arguments: {' '.join(extras)}")
        return ns, extras

    #: Set on the parsers of sub-commands: they report their own leftovers.
    _subcommand = False
    #: Set by a sub-command whose free options follow an id (table, plot): what to say when they come first.
    id_first = None

    def error(self, message):  # noqa: D401 - argparse API
        raise BadInput(f"{self.prog}: {message} (see '{self.prog} --help')")


class _SubParser(_Parser):
    """The parser of a sub-command (and of its own sub-commands)."""

    _subcommand = True


#: What rich's plain printing changes in a string: tabs (expanded), control characters other than
#: the newline (dropped), and ``:name:`` codes (emoji).
_RICH_CHANGES = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]|:\S*?:")
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")


class Output:
    """Where a command writes: a rich Console on stdout (plain text when not a terminal)."""

    def __init__(self, file=None, force_plain: bool | None = None):
        file = file or sys.stdout
        self.plain = force_plain if force_plain is not None else not file.isatty()
        self.file = file
        self._console = None

    @property
    def console(self):
        """The rich Console, made (and rich imported) at the first print."""
        if self._console is None:
            from rich.console import Console

            plain = self.plain
            self._console = Console(
                file=self.file,
                no_color=True if plain else None,  # None: rich honours NO_COLOR (https://no-color.org)
                highlight=False,
                soft_wrap=plain,
                width=200 if plain else None,
                force_terminal=False if plain else None,
            )
        return self._console

    def print(self, *objs, markup: bool = False, **kw):
        """Print text (rich markup only when asked: user values may contain brackets).  Plain
        strings that rich would print unchanged on a plain output (no tab, no control character,
        no ``:name:`` emoji code unless ``emoji=False``) are written directly, without loading rich."""
        if (self.plain and not markup and set(kw) <= {"sep", "end", "emoji"}
                and all(isinstance(o, str) for o in objs)):
            text = kw.get("sep", " ").join(objs)
            if not (_CONTROL if kw.get("emoji", True) is False else _RICH_CHANGES).search(text):
                self.file.write(text + kw.get("end", "\n"))
                return
        self.console.print(*objs, markup=markup, **kw)

    def write(self, text: str):
        """Raw text (LaTeX, CSV, JSON) exactly as given."""
        self.file.write(text)
        if not text.endswith("\n"):
            self.file.write("\n")
        self.file.flush()

    def table(self, rich_table):
        """A rich table; on a plain output a Markdown table with no trailing spaces (the lines rich pads around
        the table with its box's blank edges are written empty)."""
        if not self.plain:
            self.console.print(rich_table)
            return
        from rich import box

        rich_table.box = box.MARKDOWN
        with self.console.capture() as drawn:
            self.console.print(rich_table)
        self.file.write("".join(line.rstrip() + "\n" for line in drawn.get().splitlines()))


def _command_modules(only: str | None = None):
    """The sub-command modules, in their ``ORDER``; with ``only``, just the module of that command
    when its file is ``only`` with ``-`` read as ``_`` (so a command runs without importing the
    others), else all of them."""
    if only is not None and not only.startswith(("_", ".")) and os.path.isfile(
            os.path.join(os.path.dirname(__file__), only.replace("-", "_") + ".py")):
        mod = importlib.import_module(f"{__name__}.{only.replace('-', '_')}")
        if getattr(mod, "NAME", None) == only and hasattr(mod, "run"):
            return [mod]
    import pkgutil

    mods = []
    for info in pkgutil.iter_modules(__path__):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(mod, "NAME") and hasattr(mod, "run"):
            mods.append(mod)
    return sorted(mods, key=lambda m: getattr(m, "ORDER", 50))


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of ``exactcube`` with every sub-command, or, given the ``command`` the line
    names, with that one alone (the others are not imported; help and errors are the same)."""
    parser = _Parser(
        prog="exactcube",
        description=(
            "Exact mathematics of the doubling cube: check the claims of the source documents "
            "(the built-in ones and any installed document plugin: 'exactcube verify --list'), generate "
            "their tables and figures at any size, and answer cube, race and noisy-game questions exactly."
        ),
        epilog=(
            "Numbers are exact: type 3/4, 0.77 or 1e-3; they are never read as binary floats (at most 1000 "
            "digits per part, exponents within +-1000; --digits 0..1000).  Files: -o FILE writes whole or not "
            "at all onto a regular file ('-' is standard output).  Runs estimated above 5 s say so first; "
            "above an hour they need --force.  NO_COLOR turns colour off.  Exit status: 0 done, 2 a mistake "
            "in the command line, 1 a failure of the tool.  See docs/cli.md."
        ),
    )
    parser.add_argument("--version", action="version", version=f"exactcube {__version__}")
    parser.add_argument("--debug", action="store_true", help="show a traceback when the tool itself fails")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_SubParser)
    for mod in _command_modules(command):
        p = sub.add_parser(
            mod.NAME,
            help=mod.HELP,
            description=getattr(mod, "DESCRIPTION", mod.HELP),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        mod.add_arguments(p)
        p.set_defaults(_run=mod.run)
    return parser


def _one_line(exc) -> str:
    """The message of ``exc`` on one short line: user text may hold newlines or be thousands of characters
    long (it is quoted in the message); newlines become spaces and any word over 80 characters is cut."""
    text = " ".join(str(exc).split("\n"))
    return re.sub(r"\S{81,}", lambda m: f"{m[0][:40]}...{m[0][-20:]}", text)


def _complete() -> None:
    """Answer a shell's completion request (argcomplete's protocol: ``_ARGCOMPLETE``, ``COMP_LINE``) and exit."""
    import argcomplete

    argcomplete.autocomplete(build_parser())


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the run is so that every ``finally`` runs: an output being written is removed
    (exactcube.output), a half-built cache file too; the command then exits 143."""


def _raise_terminated(signum, frame):
    raise Terminated


def _on_sigterm():
    """Make SIGTERM raise :class:`Terminated` in the main thread (the previous handler, to restore), or None
    where no handler can be set (another thread)."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return None
    try:
        return signal.signal(signal.SIGTERM, _raise_terminated)
    except (ValueError, OSError):  # pragma: no cover - a platform without SIGTERM handlers
        return None


def main(argv: list[str] | None = None, out: Output | None = None) -> int:
    if argv is None and "_ARGCOMPLETE" in os.environ:
        _complete()  # exits the process
    previous = _on_sigterm()
    try:
        return _main(argv, out)
    finally:
        if previous is not None:
            import signal

            signal.signal(signal.SIGTERM, previous)


def _main(argv, out) -> int:
    argv = sys.argv[1:] if argv is None else argv
    debug = "--debug" in argv or bool(os.environ.get("EXACTCUBE_DEBUG"))
    argv = [a for a in argv if a != "--debug"]
    try:
        # the first word is the sub-command unless it is an option (--help, --version)
        parser = build_parser(argv[0] if argv and not argv[0].startswith("-") else None)
        args = parser.parse_args(argv)
        if not getattr(args, "_run", None):  # a bare 'exactcube': the commands on one line, a mistake (status 2)
            names = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
            print(f"exactcube: error: give a command: {', '.join(names)} (see 'exactcube --help')", file=sys.stderr)
            return 2
        return int(args._run(args, out or Output()) or 0)
    except (BadInput, MissingExtra, argparse.ArgumentTypeError) as exc:
        print(f"exactcube: error: {_one_line(exc)}", file=sys.stderr)
        return 2
    except Terminated:
        print("exactcube: stopped (SIGTERM); no output file was left", file=sys.stderr)
        return 143
    except KeyboardInterrupt:
        print("exactcube: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # pragma: no cover - e.g. `| head`
        return 0
    except Exception as exc:  # a failure of the tool, not of the user
        if debug:
            raise
        print(
            f"exactcube: internal error: {type(exc).__name__}: {_one_line(exc)} (rerun with --debug for the traceback)",
            file=sys.stderr,
        )
        return 1
