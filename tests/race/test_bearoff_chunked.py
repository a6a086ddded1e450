"""The chunked two-sided build (exactcube.race.bearoff.chunked) against the one-process build.

The reference is ``formats.save(twosided.build(C))``, today's whole-table build (another code
path: every field of every pair in memory, solved level by level); the chunked file must be the
same bytes, whatever the chunk size, the number of workers, Dask or an interrupted and resumed run.
"""

from __future__ import annotations

import os
from math import comb

import pytest

from exactcube.errors import BadInput
from exactcube.race.bearoff import chunked as ch
from exactcube.race.bearoff import formats as fm
from exactcube.race.bearoff import twosided as ts


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The bytes of today's build at 1..4 checkers a side."""
    d = tmp_path_factory.mktemp("ref")
    out = {}
    for C in (1, 2, 3, 4):
        p = str(d / f"ts{C}.bin")
        fm.save(ts.build(C), p)
        with open(p, "rb") as f:
            out[C] = f.read()
    return out


def _bytes(path):
    with open(path, "rb") as f:
        return f.read()


@pytest.mark.parametrize("C,K,workers", [(1, 1, 1), (2, 5, 1), (3, 64, 2), (4, 1000, 1), (4, 4096, 2)])
def test_same_bytes_as_one_process_build(tmp_path, reference, C, K, workers):
    r = ch.build_chunked(str(tmp_path / "b"), C, chunk_pairs=K, workers=workers)
    assert _bytes(r.path) == reference[C]
    assert r.solved == ch.layout(C, K).chunks and r.skipped == 0


def test_layout_ranks_are_a_bijection():
    lay = ch.Layout(3, 37)
    n = comb(3 + 6, 6)
    assert lay.n == n and lay.pairs == (n - 1) ** 2  # every pair of two non-empty positions, once
    seen = set()
    for T, c in lay.chunk_list():
        x, y = lay.pairs_of(T, c)
        assert all(lay.pip[x] + lay.pip[y] == T)
        cid, within = lay.locate(x, y)
        assert (cid == lay.chunk_start[T] + c).all() and within.tolist() == list(range(len(x)))
        seen.update(zip(x.tolist(), y.tolist(), strict=True))
    assert len(seen) == lay.pairs


def test_plan_counts():
    p = ch.plan(4, 1000)
    n = comb(10, 6)
    assert (p.positions, p.pairs) == (n, (n - 1) ** 2)
    assert p.file_bytes == 4 * n * n * 5 * p.limbs and p.chunk_bytes == 4 * (n - 1) ** 2 * 5 * p.limbs
    assert "43,681 pairs" in p.text()


def test_resume_skips_good_chunks_and_redoes_bad_ones(tmp_path, reference):
    folder = str(tmp_path / "b")
    first = ch.build_chunked(folder, 3, chunk_pairs=50)
    names = sorted(n for n in os.listdir(folder) if n.startswith("L"))
    os.unlink(os.path.join(folder, names[3]))
    with open(os.path.join(folder, names[-1]), "r+b") as f:  # one byte flipped
        b = f.read(1)
        f.seek(0)
        f.write(bytes([b[0] ^ 1]))
    with pytest.raises(BadInput, match="--resume"):
        ch.build_chunked(folder, 3, chunk_pairs=50)
    again = ch.build_chunked(folder, 3, chunk_pairs=50, resume=True)
    assert (again.solved, again.skipped) == (2, first.solved - 2)
    assert _bytes(again.path) == reference[3]


def _interrupt_at_the_41st_chunk(folder, monkeypatch):
    """A 4-a-side build (500 pairs a chunk) in ``folder`` interrupted as its 41st chunk starts."""
    real, calls = ch.solve_chunk, []

    def dies(*a):
        if len(calls) == 40:
            raise KeyboardInterrupt
        calls.append(a)
        return real(*a)

    monkeypatch.setattr(ch, "solve_chunk", dies)
    with pytest.raises(KeyboardInterrupt):
        ch.build_chunked(folder, 4, chunk_pairs=500)
    monkeypatch.setattr(ch, "solve_chunk", real)


def test_interrupted_build_resumes(tmp_path, reference, monkeypatch):
    folder = str(tmp_path / "b")
    _interrupt_at_the_41st_chunk(folder, monkeypatch)
    r = ch.build_chunked(folder, 4, chunk_pairs=500, resume=True)
    assert r.skipped == 40 and r.solved == ch.layout(4, 500).chunks - 40
    assert _bytes(r.path) == reference[4]


def test_resumed_estimate_uses_this_runs_rate(tmp_path, monkeypatch):
    """After a resume the time left is estimated from the pairs this run built, not from those built
    before it too (which said "about 80 s left" of a 10-a-side build with half an hour to go)."""
    import re
    import time
    import types

    folder = str(tmp_path / "b")
    _interrupt_at_the_41st_chunk(folder, monkeypatch)
    lay = ch.layout(4, 500)
    before = sum(lay.chunk_size(*lay.chunk_of_id(i)) for i in range(40))
    clock = iter(range(0, 10**9, 1000))  # every reading of the wall clock 1,000 s after the last
    monkeypatch.setattr(ch, "time", types.SimpleNamespace(time=lambda: next(clock), process_time=time.process_time))
    lines = []
    ch.build_chunked(folder, 4, chunk_pairs=500, resume=True, notice=lines.append)
    first = next(t for t in lines if t.startswith("layer"))
    found = re.search(r"done: ([\d,]+)/([\d,]+) pairs, (\d+) s, about (\d+) s left", first).groups()
    done, total, el, left = (int(x.replace(",", "")) for x in found)
    assert done > before
    assert abs(left - el * (total - done) / (done - before)) <= 1
    assert left > el * (total - done) / done + 1  # the rate over all pairs done would say less


def test_resume_refuses_another_table(tmp_path):
    folder = str(tmp_path / "b")
    ch.build_chunked(folder, 2, chunk_pairs=10)
    with pytest.raises(BadInput, match="another table"):
        ch.build_chunked(folder, 2, chunk_pairs=11, resume=True)


def test_dask_local_cluster_with_memory_limit(tmp_path, reference):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, memory_limit="1GiB", processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        r = ch.build_chunked(str(tmp_path / "b"), 3, chunk_pairs=300, dask=client)
    assert _bytes(r.path) == reference[3]


@pytest.mark.slow
def test_six_checkers_same_bytes(tmp_path):
    ref = str(tmp_path / "ref.bin")
    fm.save(ts.build(6), ref)
    r = ch.build_chunked(str(tmp_path / "b"), 6, chunk_pairs=1 << 14, workers=2)
    assert _bytes(r.path) == _bytes(ref)


def test_cli_build_in_chunks(tmp_path, reference, capsys):
    import io

    from exactcube.cli import Output, main

    folder = str(tmp_path / "cache")
    buf = io.StringIO()
    argv = ["bearoff", "--build", "--checkers", "3", "--workers", "2", "--chunk-pairs", "700", "--cache-dir", folder]
    assert main(argv, Output(buf, force_plain=True)) == 0
    assert _bytes(os.path.join(folder, "bearoff-ts-3.bin")) == reference[3]
    assert "chunks solved" in buf.getvalue()
    assert main(argv, Output(io.StringIO(), force_plain=True)) == 2  # a build there already, no --resume
    assert "--resume" in capsys.readouterr().err
    assert main(argv + ["--resume"], Output(buf, force_plain=True)) == 0
    assert main(["bearoff", "0 0 1 0 0 0", "0 1 0 0 0 0", "--workers", "2"], Output(io.StringIO())) == 2


def test_store_groups_same_bytes_and_bounded(tmp_path, reference):
    """A store bound far below a chunk's distinct successors splits chunks into groups by opponent: the bytes
    are those of the one-process build, and every group's store keeps to the bound unless one opponent alone
    exceeds it (the figures each chunk reports); without a bound each chunk is one group."""
    r = ch.build_chunked(str(tmp_path / "b"), 4, chunk_pairs=4096, store_bytes=2000)
    assert _bytes(r.path) == reference[4]
    stats = r.chunk_stats
    assert max(s["groups"] for s in stats) > 3
    assert all(s["largest_store_bytes"] <= 2000 or s["largest_store_opponents"] == 1 for s in stats)
    assert any(s["largest_store_opponents"] > 1 for s in stats if s["groups"] > 1)  # the bound cut across opponents
    whole = ch.build_chunked(str(tmp_path / "w"), 4, chunk_pairs=4096, store_bytes=1 << 40)
    assert _bytes(whole.path) == reference[4] and {s["groups"] for s in whole.chunk_stats} == {1}
    with pytest.raises(BadInput):
        ch.solve_chunk(str(tmp_path / "b"), 4, 4096, 40, 0, store_bytes=0)
