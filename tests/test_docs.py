"""Documentation that runs: the README tour and the docs/ pages, and the library's docstrings.

Markdown ``console`` blocks are sessions: a line ``$ exactcube ...`` is a command, the
lines after it (up to the next ``$``) its expected output, compared with doctest's
checker (``...`` matches anything; whitespace is normalised).  ``python`` blocks with
``>>>`` prompts run as doctests.
"""

import doctest
import importlib
import io
import pathlib
import pkgutil
import re
import shlex

import pytest

import exactcube
from exactcube.cli import Output, main

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
_BLOCK = re.compile(r"^```(console|python)\n(.*?)^```", re.S | re.M)
_CHECKER = doctest.OutputChecker()
_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _sessions(page):
    text = page.read_text(encoding="utf-8")
    for m in _BLOCK.finditer(text):
        kind, body = m.group(1), m.group(2)
        line = text[: m.start()].count("\n") + 1
        yield kind, body, line


def _console_cases():
    for page in PAGES:
        for kind, body, line in _sessions(page):
            if kind != "console":
                continue
            cmd, expected = None, []
            for ln in body.splitlines() + ["$ "]:
                if ln.startswith("$ "):
                    if cmd:
                        yield pytest.param(cmd, "\n".join(expected) + "\n", id=f"{page.name}:{line}:{cmd[:40]}")
                    cmd, expected = ln[2:].strip(), []
                else:
                    expected.append(ln)


@pytest.mark.parametrize("cmd, expected", list(_console_cases()))
def test_console_example(cmd, expected, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    argv = shlex.split(cmd)
    assert argv[0] == "exactcube", f"documentation runs only exactcube commands, not {argv[0]!r}"
    buf = io.StringIO()
    code = main(argv[1:], Output(buf, force_plain=True))
    got = buf.getvalue()
    assert code == 0, f"{cmd} exited {code}"
    if not _matches(expected, got):
        raise AssertionError(f"{cmd}\n--- expected ---\n{expected}\n--- got ---\n{got}")


def _normal(text: str) -> str:
    """Runs of blanks collapsed, lines stripped, blank lines dropped; an end marker appended."""
    lines = [" ".join(ln.split()) for ln in text.splitlines()]
    return "\n".join(ln for ln in lines if ln) + "\n<end>"


def _matches(expected: str, got: str) -> bool:
    """doctest's ELLIPSIS matching on whitespace-normalised lines; a final '...' line may match nothing."""
    want = _normal(expected)
    if want.endswith("\n...\n<end>"):
        want = want[: -len("\n...\n<end>")] + "\n...<end>"
    return _CHECKER.check_output(want, _normal(got), doctest.ELLIPSIS)


def _python_cases():
    for page in PAGES:
        for kind, body, line in _sessions(page):
            if kind == "python" and ">>>" in body:
                yield pytest.param(body, f"{page.name}:{line}", id=f"{page.name}:{line}")


@pytest.mark.parametrize("body, name", list(_python_cases()))
def test_python_example(body, name):
    parser = doctest.DocTestParser()
    test = parser.get_doctest(body, {}, name, name, 0)
    runner = doctest.DocTestRunner(optionflags=_FLAGS)
    out = io.StringIO()
    runner.run(test, out=out.write)
    assert runner.failures == 0, out.getvalue()


def _modules():
    for info in pkgutil.walk_packages(exactcube.__path__, "exactcube."):
        if not info.name.endswith("__main__"):
            yield info.name


@pytest.mark.parametrize("modname", sorted(_modules()))
def test_module_doctests(modname):
    mod = importlib.import_module(modname)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=_FLAGS)
    out = io.StringIO()
    for test in finder.find(mod, modname):
        runner.run(test, out=out.write)
    assert runner.failures == 0, out.getvalue()


def test_every_public_function_has_a_docstring():
    """Docstring coverage as a gate (Nashpy's habit): public functions of model modules say what they compute."""
    missing = []
    for name in _modules():
        if ".cli" in name:
            continue
        mod = importlib.import_module(name)
        for attr in getattr(mod, "__all__", []):
            obj = getattr(mod, attr, None)
            if callable(obj) and getattr(obj, "__module__", None) == name and not (obj.__doc__ or "").strip():
                missing.append(f"{name}.{attr}")
    assert missing == []
