"""The conjecture grid as a Dask job on a LocalCluster: a sub-range, killed (SIGKILL to the whole process group)
and resumed, ends with the same results file as an uninterrupted run."""

import os
import signal
import subprocess
import sys
import time

import pytest

pytest.importorskip("dask.distributed")

ARGS = ["conjecture", "10", "--n-max", "128", "--eps-step", "1/200", "--eps-from", "1/2", "--eps-to", "99/100",
        "--fast"]


def _run(argv, **kw):
    return subprocess.run([sys.executable, "-m", "exactcube", *argv], capture_output=True, text=True, timeout=300,
                          **kw)


def _records(path):
    with open(path, encoding="utf-8") as f:
        return max(0, len([ln for ln in f.read().split("\n") if ln.strip()]) - 1)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="process groups and SIGKILL")
def test_local_cluster_sub_range_killed_and_resumed(tmp_path):
    killed = str(tmp_path / "killed.jsonl")
    whole = str(tmp_path / "whole.jsonl")
    p = subprocess.Popen([sys.executable, "-m", "exactcube", *ARGS, "--dask", "local:2", "--resume", killed],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.time() + 240
        while time.time() < deadline and p.poll() is None:
            if os.path.exists(killed) and _records(killed) >= 3:
                break
            time.sleep(0.05)
        assert p.poll() is None, "the run ended before it could be killed"
        os.killpg(p.pid, signal.SIGKILL)
        p.wait(timeout=30)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    n_before = _records(killed)
    assert 3 <= n_before < 99
    r = _run([*ARGS, "--dask", "local:2", "--resume", killed])
    assert r.returncode == 0, r.stderr
    assert f"{n_before} points read from" in r.stdout or n_before >= 99
    r2 = _run([*ARGS, "--resume", whole])  # uninterrupted, in this process (no cluster)
    assert r2.returncode == 0, r2.stderr
    with open(killed, "rb") as a, open(whole, "rb") as b:
        assert a.read() == b.read()
    # the file knows its sub-range: another range is refused with one line
    other = ["conjecture", "10", "--n-max", "128", "--eps-step", "1/200", "--eps-from", "1/2", "--eps-to", "98/100",
             "--fast", "--resume", killed]
    r3 = _run(other)
    assert r3.returncode == 2 and r3.stderr.count("\n") == 1 and "another sweep" in r3.stderr
