"""The notebooks of notebooks/ run from top to bottom with no error (nbclient, a fresh kernel).

Each notebook asserts the values it shows against derivations by hand in its text, so a
notebook that runs is a notebook that is right.  The notebooks are stored without outputs and
written by ``notebooks/make_notebooks.py``; a test checks that they are up to date with it.
"""

import importlib.util
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 3


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs(path, tmp_path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors, f"{path.name}: {errors[0].ename}: {errors[0].evalue}"


def test_notebooks_match_their_source():
    spec = importlib.util.spec_from_file_location("make_notebooks", ROOT / "notebooks" / "make_notebooks.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    for name, cells in mod.NOTEBOOKS.items():
        stored = nbformat.read(ROOT / "notebooks" / name, as_version=4)
        assert [c.source for c in stored.cells] == [c.source for c in cells], f"regenerate {name}"
