"""The shape of exactcube.noisy (issue 31): modules of at most 500 lines, no import of another module's private
names or private modules, the channel's combinatorics written once (exactcube.noisy.nim.channel); the old flat
paths are gone (issue 45, row 21: the package was never released, so no alias module is left behind)."""

import ast
import importlib
import re
from pathlib import Path

import pytest

import exactcube.noisy

ROOT = Path(exactcube.noisy.__file__).parent
#: the old flat module paths of the layout before issue 31, and where they live now
OLD_PATHS = {"_nimcore": "nim.channel", "_nimfast": "nim.exact", "_nimball": "nim.ball", "phases": "eps.phases",
             "ends": "eps.ends", "crossing": "eps.crossing", "intervalproof": "interval.firstorder",
             "taylorproof": "interval.taylor", "intervals": "interval.crosscheck", "sweep": "scale.sweep",
             "cluster": "scale.cluster", "dataset": "scale.dataset", "game": "games.game", "chomp": "games.chomp",
             "certified": "interval.arith", "half": "eps.ends"}


def _modules():
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        yield path, ".".join(("exactcube", "noisy") + rel.parts).removesuffix(".__init__")


@pytest.mark.parametrize("path, modname", list(_modules()), ids=lambda x: str(x) if isinstance(x, str) else "")
def test_module_shape(path, modname):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 500, f"{modname} has {len(text.splitlines())} lines (at most 500)"
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.ImportFrom):
            continue
        level = node.level - (1 if path.name == "__init__.py" else 0)
        base = modname.split(".")[: len(modname.split(".")) - level] if node.level else []
        target = ".".join(base + ([node.module] if node.module else [])) if node.level else (node.module or "")
        if not target.startswith("exactcube"):
            continue
        private = [p for p in target.split(".") if p.startswith("_")]
        assert not private, f"{modname} imports the private module {target}"
        for alias in node.names:
            if alias.name.startswith("_") and target != modname:
                pytest.fail(f"{modname} imports the private name {alias.name} from {target}")


def test_channel_combinatorics_written_once():
    # Hamming distances by counting bits: only in the channel kernel
    pattern = re.compile(r'count\("1"\)|pop \+= ')
    found = [str(p.relative_to(ROOT)) for p, _ in _modules()
             if p.name != "channel.py" and pattern.search(p.read_text(encoding="utf-8"))]
    assert found == []


@pytest.mark.parametrize("old, new", sorted(OLD_PATHS.items()))
def test_old_paths_are_gone(old, new):
    """No alias module: the old path does not import, the new one does (issue 45, row 21)."""
    importlib.import_module(f"exactcube.noisy.{new}")
    assert not (ROOT / f"{old}.py").exists()
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(f"exactcube.noisy.{old}")


def test_package_has_the_map():
    doc = exactcube.noisy.__doc__
    for sub in ("nim", "eps", "interval", "scale", "games"):
        assert f":mod:`.{sub}" in doc
    assert "evidence" in doc and "cost" in doc
