"""scripts/build_bearoff.py as a user runs it: the one-process path crashed on its own progress callback
(3 December 2026: ``progress() missing 2 required positional arguments``, a traceback after 7 s at 8 a side)
because no test ran it.  Both paths, at 2 checkers a side, must exit 0 and write the same bytes: the
one-process build (``twosided.build``) and the chunked one are two independent computations of one table."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args):
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "build_bearoff.py"), *args], capture_output=True,
                          text=True, timeout=300)


def test_one_process_and_chunked_builds_write_the_same_file(tmp_path):
    one, two = tmp_path / "one.bin", tmp_path / "chunked.bin"
    r = _run(str(one), "--checkers", "2")
    assert r.returncode == 0, r.stderr
    assert "pip level 23/23" in r.stderr  # the progress line reached the last level
    r = _run(str(two), "--checkers", "2", "--chunked", str(tmp_path / "chunks"), "--chunk-pairs", "50")
    assert r.returncode == 0, r.stderr
    assert one.read_bytes() == two.read_bytes()
