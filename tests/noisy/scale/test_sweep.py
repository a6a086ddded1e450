"""Parallel and resumable sweeps: byte-identical results after an interruption or a kill."""

import os
import signal
import subprocess
import sys
import time

import pytest

from exactcube.errors import BadInput
from exactcube.noisy.conjectures import grid
from exactcube.noisy.scale.sweep import read_results, run_sweep
from exactcube.numbers import mpq

GRID = grid(mpq(1, 20))
N = 24


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    path = tmp_path_factory.mktemp("ref") / "ref.jsonl"
    res = run_sweep(N, GRID, str(path), workers=1)
    assert res.complete and res.computed == len(GRID)
    return path.read_bytes()


def test_interrupted_then_resumed_is_byte_identical(tmp_path, reference):
    path = str(tmp_path / "r.jsonl")
    seen = []

    def stop_after_five(rec):
        seen.append(rec)
        if len(seen) == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_sweep(N, GRID, path, workers=1, on_record=stop_after_five)
    header, done = read_results(path)
    assert header is not None and len(done) == 5
    # a torn last line, as left by a kill in the middle of an append
    with open(path, "a") as f:
        f.write('{"eps":"1/2","fail')
    res = run_sweep(N, GRID, path, workers=1)
    assert res.resumed == 5 and res.computed == len(GRID) - 5
    assert open(path, "rb").read() == reference


def test_process_pool_and_resume_without_recomputation(tmp_path, reference):
    path = str(tmp_path / "p.jsonl")
    res = run_sweep(N, GRID, path, workers=2)
    assert res.backend.startswith("process pool")
    assert open(path, "rb").read() == reference
    again = run_sweep(N, GRID, path, workers=2)
    assert again.computed == 0 and again.resumed == len(GRID)


def test_dask_local_cluster(tmp_path, reference):
    distributed = pytest.importorskip("dask.distributed")
    path = str(tmp_path / "d.jsonl")
    with distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster:
        res = run_sweep(N, GRID, path, dask=cluster.scheduler_address)
    assert res.backend == "dask"
    assert open(path, "rb").read() == reference


def test_header_mismatch(tmp_path):
    path = str(tmp_path / "h.jsonl")
    run_sweep(8, GRID[:3], path)
    with pytest.raises(BadInput):
        run_sweep(9, GRID[:3], path)


def test_killed_process_resumes_byte_identical(tmp_path):
    """SIGKILL a real `exactcube conjecture` run mid-sweep, resume it, compare with an uninterrupted run."""
    env = dict(os.environ, PYTHONPATH=os.getcwd())
    args = [sys.executable, "-m", "exactcube", "conjecture", "10", "--n-max", "160", "--eps-step", "1/40"]
    full = tmp_path / "full.jsonl"
    subprocess.run(args + ["--resume", str(full)], env=env, check=True, capture_output=True)
    part = tmp_path / "part.jsonl"
    proc = subprocess.Popen(args + ["--resume", str(part)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    t0 = time.time()
    while time.time() - t0 < 60:
        if part.exists() and part.read_text().count("\n") >= 4:
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    lines = part.read_text().count("\n")
    assert lines >= 1 and lines < 40, "the kill should land mid-run"
    r = subprocess.run(args + ["--resume", str(part)], env=env, capture_output=True, text=True)
    assert r.returncode == 0 and "refuted" not in r.stdout
    assert part.read_bytes() == full.read_bytes()


def test_ball_sweep_records_its_method_and_agrees(tmp_path):
    path = str(tmp_path / "b.jsonl")
    res = run_sweep(N, GRID, path, workers=1, method="ball")
    header, recs = read_results(path)
    assert header["method"] == "ball" and len(recs) == len(GRID)
    exact = run_sweep(N, GRID, None, workers=1)
    for e in GRID:
        assert res.records[e]["failures"] == exact.records[e]["failures"]
    # eps = 1/2 always goes to the exact solver; the others are decided in floating point
    assert "method" not in res.records[mpq(1, 2)] and res.records[mpq(1, 4)]["method"].startswith("ball")
    # an exact sweep cannot resume a ball results file
    with pytest.raises(BadInput):
        run_sweep(N, GRID, path, workers=1)
    with pytest.raises(BadInput):
        run_sweep(N, GRID, None, method="float")
