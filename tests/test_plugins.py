"""Document plugins: packages registered in the entry-point group ``exactcube.documents``.

A plugin is made "installed" the way pip does it: a ``.dist-info`` folder with an
``entry_points.txt`` on ``sys.path`` beside the package.  The registries are restored
after each test, so nothing leaks into the rest of the run.
"""

import sys

import pytest

from exactcube import catalog
from exactcube.claims import DOCUMENTS, REGISTRY
from exactcube.figures import FIGURES
from exactcube.results import ASSUMPTIONS
from exactcube.tables import TABLES


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A fresh site folder on sys.path; registries and the catalogue restored afterwards."""
    catalog.load()  # the built-ins first, so that the snapshot holds them
    saved = [(r, dict(r)) for r in (DOCUMENTS, REGISTRY, TABLES, FIGURES, ASSUMPTIONS)]
    mods = set(sys.modules)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(catalog, "_loaded", None)
    import importlib

    importlib.invalidate_caches()
    yield tmp_path
    for reg, copy in saved:
        reg.clear()
        reg.update(copy)
    for m in set(sys.modules) - mods:
        if m.startswith("exactcube_") or m.startswith("plug"):
            del sys.modules[m]
    catalog._loaded = None


def install(site, dist: str, entries: dict[str, str], files: dict[str, str]):
    """Write ``files`` under ``site`` and a dist-info declaring ``entries`` (id -> package)."""
    for rel, text in files.items():
        p = site / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    di = site / f"{dist}-0.1.dist-info"
    di.mkdir()
    (di / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1\n")
    (di / "entry_points.txt").write_text("[exactcube.documents]\n" + "".join(f"{k} = {v}\n" for k, v in entries.items()))


GOOD = {
    "plugone/__init__.py": "from exactcube.api import document\nDOCUMENT = document('plugone', 'Plug One', package=__name__)\n",
    "plugone/claims.py": (
        "from exactcube.api import claim, computed, erratum, Erratum, printed, verified, mpq, agrees_with_printed\n"
        "P = printed('§1', '0.8')\n"
        "@claim('plugone.limit', '§1', 'The unlimited doubling point is 0.8.')\n"
        "def limit():\n"
        "    d = computed(mpq(4) / 5, 'the fixed point of d = 1 - d/4')\n"
        "    if agrees_with_printed(d.value, P.value):\n"
        "        return verified(d, '4/5')\n"
        "    return erratum(d, 'no', [Erratum('§1', P.value, '4/5', '0.8', kind='substantive')])\n"),
}


def test_a_plugin_document_is_verified_through_the_cli(site, cli):
    install(site, "plugone", {"plugone": "plugone"}, GOOD)
    code, text = cli(["verify", "--paper", "plugone"])
    assert code == 0 and "plugone.limit" in text and "verified" in text
    code, text = cli(["verify", "--paper", "plugone", "--mutate"])
    assert "mutants: 3 of 3 caught" in text
    code, text = cli(["verify", "--list"])
    assert "Plug One" in text and "Keeler" in text  # the built-ins load through the same group


def test_a_broken_plugin_is_one_line_and_the_others_run(site, cli, capsys):
    install(site, "plugone", {"plugone": "plugone"}, GOOD)
    install(site, "plugbad", {"plugbad": "plugbad"}, {"plugbad/__init__.py": "import no_such_module_here\n"})
    code, text = cli(["verify", "--paper", "plugone"])
    assert "plugone.limit" in text and "verified" in text
    lines = [ln for ln in text.splitlines() if "plugbad" in ln]
    assert len(lines) == 1 and "No module named 'no_such_module_here'" in lines[0]
    assert code == 1  # a plugin that cannot load is reported, never hidden


def test_clashing_document_ids_are_refused(site, cli):
    install(site, "plugone", {"plugone": "plugone"}, GOOD)
    install(site, "plugtwo", {"plugone": "plugtwo"},
            {"plugtwo/__init__.py": "from exactcube.api import document\ndocument('plugone', 'Two', package=__name__)\n"})
    errors = catalog.load()
    assert any("claimed by 2 packages" in e.error for e in errors)
    assert "plugone" not in DOCUMENTS


def test_an_id_clashing_with_a_built_in_is_refused(site):
    install(site, "plugks", {"plugks": "plugks"},
            {"plugks/__init__.py": "from exactcube.api import document\ndocument('ks69', 'Fake', package=__name__)\n"})
    errors = catalog.load()
    assert any("already registered by proofs.ks69" in e.error for e in errors)
    assert DOCUMENTS["ks69"].package == "proofs.ks69"


def test_the_scaffold_installs_and_verifies(site, cli, tmp_path):
    out = tmp_path / "work"
    out.mkdir()
    code, text = cli(["new-document", "demo", "--title", "Demo", "-o", str(out)])
    assert code == 0 and "pip install -e" in text
    pkg = out / "demo"
    # what 'pip install -e ./demo' provides: the package importable and its entry point declared
    files = {f"exactcube_demo/{p.name}": p.read_text() for p in (pkg / "exactcube_demo").glob("*.py")}
    install(site, "exactcube_demo", {"demo": "exactcube_demo"}, files)
    code, text = cli(["verify", "--paper", "demo"])
    assert code == 0 and "demo.take-point" in text and "verified" in text
    code, text = cli(["new-document", "demo", "--title", "Demo", "-o", str(out)])
    assert code == 2


@pytest.mark.parametrize("argv", [["new-document", "Bad-Id", "--title", "x"], ["new-document", "ok", "--title", " "],
                                  ["new-document", "ok", "--title", "x", "-o", "/nonexistent/dir"]])
def test_scaffold_bad_input(argv, capsys):
    from exactcube.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.startswith("exactcube: error:")
