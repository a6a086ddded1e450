"""Shell completion (issue 24), answered by exactcube through argcomplete.

The protocol is argcomplete's: the shell runs the program with ``_ARGCOMPLETE=1``, the line in
``COMP_LINE`` and the cursor in ``COMP_POINT``; the candidates come back separated by a vertical
tab (here written to the file ``_ARGCOMPLETE_STDOUT_FILENAME`` names).  The expected ids are read
from the registries, not from the completer."""

import os
import shutil
import subprocess
import sys

import pytest

from exactcube import catalog
from exactcube.claims import REGISTRY
from exactcube.tables import TABLES


def complete(line, tmp_path):
    out = tmp_path / "candidates"
    env = dict(os.environ, _ARGCOMPLETE="1", COMP_LINE=line, COMP_POINT=str(len(line)),
               _ARGCOMPLETE_STDOUT_FILENAME=str(out))
    r = subprocess.run([sys.executable, "-m", "exactcube"], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    return sorted(c.strip() for c in out.read_text().split("\v") if c.strip())


def test_commands_complete(tmp_path):
    assert complete("exactcube ver", tmp_path) == ["verify"]
    assert complete("exactcube completion ", tmp_path)[-3:] == ["bash", "fish", "zsh"]


@pytest.mark.slow
def test_ids_complete(tmp_path):
    catalog.load()
    assert complete("exactcube verify --claim ks69.ta", tmp_path) == sorted(
        c for c in REGISTRY if c.startswith("ks69.ta"))
    assert "ks69.table1" in complete("exactcube verify --claim ks69.ta", tmp_path)
    assert complete("exactcube table ju24.", tmp_path) == sorted(t for t in TABLES if t.startswith("ju24."))
    assert complete("exactcube verify --paper j", tmp_path) == ["ju24"]
    assert complete("exactcube race 5 6 --cube ce", tmp_path) == ["centred"]
    assert complete("exactcube noisy nim 3 --me", tmp_path) == ["--method"]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_script(shell, cli):
    code, text = cli(["completion", shell])
    assert code == 0 and "exactcube" in text and "_ARGCOMPLETE" in text


@pytest.mark.skipif(shutil.which("bash") is None or shutil.which("exactcube") is None,
                    reason="needs bash and the installed exactcube command")
def test_bash_completes_through_the_printed_script():
    script = """
        eval "$(exactcube completion bash)"
        for line in "exactcube ver" "exactcube verify --claim ks69.ta"; do
            read -ra COMP_WORDS <<< "$line"
            COMP_LINE="$line"; COMP_POINT=${#line}; COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMPREPLY=()
            _python_argcomplete exactcube "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
            echo "${COMPREPLY[*]}"
        done
    """
    r = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    first, second = r.stdout.splitlines()
    assert first.split() == ["verify"]
    assert "ks69.table1" in second.split() and all(w.startswith("ks69.ta") for w in second.split())
