"""The repository explains itself: nothing points outside it."""

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_SKIP_DIRS = {".git", ".venv", "venv", "build", "dist", "__pycache__", ".pytest_cache"}
# spelled in pieces so that this file does not match itself
_FORBIDDEN = re.compile("|".join(re.escape(s) for s in ("../" + "shared", "DESIGN" + ".md", "NOTES" + ".md")))


def _files(suffixes):
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in _SKIP_DIRS and not d.endswith(".egg-info")]
        for n in names:
            if n.endswith(suffixes):
                yield Path(folder) / n


def test_no_reference_outside_the_repository():
    hits = []
    for path in _files((".py", ".md", ".toml", ".txt", ".cfg", ".json", ".yml", ".yaml", "run")):
        for i, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if _FORBIDDEN.search(line):
                hits.append(f"{path.relative_to(ROOT)}:{i}: {line.strip()[:80]}")
    assert not hits, "references to files that are not in the repository:\n" + "\n".join(hits)


def test_markdown_links_resolve():
    bad = []
    for path in _files((".md",)):
        for target in re.findall(r"\]\(([^)\s]+)\)", path.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            if not (path.parent / target.split("#")[0]).exists():
                bad.append(f"{path.relative_to(ROOT)} -> {target}")
    assert not bad, "links that do not resolve:\n" + "\n".join(bad)


def test_no_tab_characters_in_python_sources():
    """A TAB in a string is how '\\textbf' became TAB + 'extbf' in the notebook and report output (twice):
    no .py file of the repository holds one."""
    import pathlib

    root = pathlib.Path(__file__).resolve().parent.parent
    bad = [str(p.relative_to(root)) for d in ("exactcube", "proofs", "tests", "scripts")
           for p in (root / d).rglob("*.py") if "\t" in p.read_text(encoding="utf-8")]
    assert bad == []
