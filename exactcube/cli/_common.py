"""Shared pieces of the sub-commands: output formats, atomic writes, progress bars."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from contextlib import contextmanager

from ..errors import BadInput
from ..numbers import parse_int, parse_rational

FORMATS = ("rich", "latex", "csv", "json")


def rational_arg(name: str):
    """An argparse ``type`` that reads an exact rational (BadInput on failure)."""

    def parse(text):
        try:
            return parse_rational(text, name)
        except BadInput as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    parse.__name__ = name
    return parse


def int_arg(name: str, minimum: int | None = None):
    def parse(text):
        try:
            return parse_int(text, name, minimum)
        except BadInput as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    parse.__name__ = name
    return parse


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename (never a half-written file)."""
    d = os.path.dirname(os.path.abspath(path)) or "."
    if not os.path.isdir(d):
        raise BadInput(f"cannot write {path!r}: folder {d!r} does not exist")
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".exactcube-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def write_json(path: str, obj) -> None:
    write_atomic(path, json.dumps(obj, indent=2, sort_keys=False) + "\n")


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
