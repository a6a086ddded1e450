"""docs/extending.md's real paper (section 7), end to end as a reader does it, in a fresh virtual environment:
the scaffold, the page's files, ``pip install -e``, ``verify``, ``--mutate`` and a table (slow: it installs
exactcube itself, a minute or two from pip's cache)."""

import os
import pathlib
import subprocess
import sys

import pytest

from .test_extending import page_files

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_real_paper_in_a_fresh_virtual_environment(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    bin_ = venv / "bin"
    env = {**os.environ, "PATH": f"{bin_}{os.pathsep}{os.environ['PATH']}", "VIRTUAL_ENV": str(venv)}
    env.pop("PYTHONPATH", None)

    def run(*cmd, cwd=tmp_path):
        p = subprocess.run(list(cmd), cwd=cwd, env=env, capture_output=True, text=True)
        assert p.returncode == 0, f"{' '.join(cmd)}\n{p.stdout[-2000:]}\n{p.stderr[-2000:]}"
        return p.stdout

    run(str(bin_ / "pip"), "install", "-q", "-e", str(ROOT))
    run(str(bin_ / "exactcube"), "new-document", "ks75", "--title", "Keeler & Spencer 1975")
    for rel, text in page_files("exactcube_ks75/").items():
        (tmp_path / "ks75" / rel).write_text(text)
    (tmp_path / "ks75" / "tests" / "test_claims.py").unlink()  # the scaffold's test of its own worked claim
    run(str(bin_ / "pip"), "install", "-q", "-e", "./ks75")
    out = run(str(bin_ / "exactcube"), "verify", "--paper", "ks75")
    assert "3 claims: 3 verified" in out, out
    out = run(str(bin_ / "exactcube"), "verify", "--paper", "ks75", "--mutate")
    caught, tried = map(int, __import__("re").search(r"mutants: (\d+) of (\d+) caught", out).groups())
    assert caught == tried >= 8, out
    out = run(str(bin_ / "exactcube"), "table", "ks75.endgame", "--size", "10", "--exact")
    assert "433/576" in out, out  # 13/24 + (11/24)^2 by hand (docs/extending.md, section 7)
