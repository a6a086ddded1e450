"""``exactcube new-document``: write a small document package (a plugin) to start from."""

from __future__ import annotations

import os
import re

from ..errors import BadInput
from ..output import path_error

NAME = "new-document"
ORDER = 80
HELP = "write a document package (a plugin) with one worked claim, a test and a docs page"
DESCRIPTION = """Write a small Python package that registers a new source document with exactcube.

  exactcube new-document demo --title "Demo"     writes ./demo/ (use -o DIR for another place)
  pip install -e ./demo                          installs it (entry point 'exactcube.documents')
  exactcube verify --paper demo                  checks its claims

The package holds pyproject.toml (with the entry point), exactcube_demo/__init__.py (the
document's id, title and citation), exactcube_demo/claims.py (one worked claim: a printed
value compared with an exact computation), tests/test_claims.py and docs/demo.md.
See docs/extending.md in exactcube's repository for the tutorial."""

_ID = re.compile(r"^[a-z][a-z0-9]{0,31}$")


def add_arguments(p):
    p.add_argument("id", help="the document's short id: lower-case letters and digits, e.g. 'smith25'")
    p.add_argument("--title", required=True, help="the document's title, e.g. 'Smith (2025), Cube thresholds'")
    p.add_argument("--citation", default="", help="the full citation (authors, title, venue, year)")
    p.add_argument("-o", "--output", metavar="DIR", default=".",
                   help="the folder to create the package folder in (default: the current folder)")


def _escaped(text: str, quote: str) -> str:
    """``text`` with backslashes, the quote character and control characters escaped (\\, \\", and \\u with
    four hex digits): valid inside a Python string literal and a TOML basic string alike."""
    out = []
    for ch in text:
        if ch in ("\\", quote):
            out.append("\\" + ch)
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return "".join(out)


def _docstring(text: str) -> str:
    """``text`` safe inside a triple-quoted Python docstring (a title may hold \"\"\" or backslashes)."""
    return _escaped(text, '"')


def _toml_string(text: str) -> str:
    """``text`` as a TOML basic string, quotes included (TOML v1.0: \\ \\" and \\u-plus-four-hex-digit escapes)."""
    return '"' + _escaped(text, '"') + '"'


def scaffold_files(doc_id: str, title: str, citation: str) -> dict[str, str]:
    """The files ``new-document`` writes for ``doc_id`` (path -> text): pyproject.toml, the package with its claims, a
    test and a docs page."""
    pkg = f"exactcube_{doc_id}"
    return {
        "pyproject.toml": f'''[build-system]
requires = ["setuptools>=64"]
build-backend = "setuptools.build_meta"

[project]
name = "exactcube-{doc_id}"
version = "0.1.0"
description = {_toml_string("exactcube claims of: " + title)}
requires-python = ">=3.11"
dependencies = ["exactcube"]

[project.entry-points."exactcube.documents"]
{doc_id} = "{pkg}"

[tool.setuptools]
packages = ["{pkg}"]
''',
        f"{pkg}/__init__.py": f'''"""{_docstring(title)}: claims checked by exactcube.

Importing this package registers the document; exactcube imports every module under it
(claims, tables, figures) when it loads the entry point '{doc_id}'.
"""

from exactcube.api import document

DOCUMENT = document({doc_id!r}, {title!r}, {citation!r}, package=__name__)
''',
        f"{pkg}/claims.py": f'''"""Claims of {doc_id}: one check per statement, named by its place in the document."""

from exactcube.api import (Erratum, claim, computed, erratum, erratum_kind, format_decimal, mpq, printed, say, value,
                           verified)

# What the document prints, read by the check through printed(...).value, so that
# 'exactcube verify --mutate' can show that the check fails when the value changes.
# The one judge reads it here, once, into its form (a decimal at its printed places; a
# fraction such as "1/4" would be exact, right only when equal); number=True refuses at
# once a text it cannot read.  (Replace this example by your document's own statements.)
TAKE_POINT = printed("§1, the take point", "0.25", number=True)


@claim("{doc_id}.take-point", "§1",
       "Without a cube, a player should accept a double when his winning chance is at least $0.25$.")
def take_point():
    # exact computation: taking loses 2 (1 - p) and wins 2 p, passing loses 1: 2p - 2(1-p) = -1 gives p = 1/4
    true = (2 - 1) / mpq(4)  # 4p - 2 = -1
    # the verdict cites what the check computed; its evidence is read off the arithmetic (mpq: exact)
    solved = computed(true, "2p - 2(1 - p) = -1 solved for p, exact rationals", "§1")
    # the one erratum-kind rule decides whether the printed value is wrong, and of what kind
    ruling = erratum_kind(TAKE_POINT.value, true)
    if ruling is None:
        # what a verdict says is data: prose, mathematics between dollars, exact values (docs/design.md)
        return verified(solved, say("$2p - 2(1 - p) = -1$ has the single solution", value(true, name="p"), "."))
    return erratum(solved, say("the printed take point", TAKE_POINT.value, "differs from", value(true)),
                   [Erratum("§1, the take point", TAKE_POINT.value, "1/4", format_decimal(true, 2),
                            note=ruling.reason, kind=ruling.kind)])
''',
        "tests/test_claims.py": f'''"""The claims of {doc_id}: each check gives its verdict, and fails on a wrong printed value."""

from exactcube.api import substituting

from {pkg}.claims import TAKE_POINT, take_point


def test_take_point_verified():
    assert take_point().outcome.value == "verified"


def test_take_point_fails_on_a_wrong_printed_value():
    with substituting(TAKE_POINT, "0.30"):
        assert take_point().outcome.value == "erratum"
    with substituting(TAKE_POINT, "1/4"):  # the same value as an exact fraction agrees
        assert take_point().outcome.value == "verified"
''',
        f"docs/{doc_id}.md": f'''# {title}

{citation or "(citation)"}

Claims checked by exactcube (`exactcube verify --paper {doc_id}`):

| claim | where | statement |
|---|---|---|
| `{doc_id}.take-point` | §1 | Without a cube, accept a double with a winning chance of at least 0.25. |
''',
    }


def run(args, out) -> int:
    from .common import write_text

    doc_id = args.id
    if not _ID.match(doc_id):
        raise BadInput(f"document id {doc_id!r}: use lower-case letters and digits (at most 32), starting with a letter")
    from .. import catalog

    if doc_id in catalog.registered_ids():
        raise BadInput(f"document id {doc_id!r} is already registered (see 'exactcube verify --list'); a second "
                       "package with it would unload both: choose another id")
    title = " ".join(args.title.split())
    if not title:
        raise BadInput("--title must not be empty")
    for name, text in (("--title", title), ("--citation", args.citation)):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise BadInput(f"{name}: the text is not valid Unicode (check the terminal's encoding)") from None
    base = os.path.join(args.output, doc_id)
    if not os.path.isdir(args.output):
        raise path_error("-o", args.output, "the folder does not exist")
    if os.path.lexists(base):
        raise path_error("-o", base, "it already exists; choose another id or folder")
    if not os.access(args.output, os.W_OK | os.X_OK):
        raise path_error("-o", args.output, "the folder is not writable")
    files = scaffold_files(doc_id, title, " ".join(args.citation.split()))
    try:
        for rel in sorted({os.path.dirname(r) for r in files}):
            os.makedirs(os.path.join(base, rel), exist_ok=True)
    except OSError as exc:
        raise path_error("-o", base, f"cannot make it ({exc.strerror})") from None
    for rel, text in files.items():
        write_text(os.path.join(base, rel), text, "new-document")
    out.print(f"wrote {base}/ ({len(files)} files). Next:")
    out.print(f"  pip install -e {base}")
    out.print(f"  exactcube verify --paper {doc_id}")
    return 0
