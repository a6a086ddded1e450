"""Taylor-model proofs in sub-ranges on a pool or Dask, resumable (exactcube.noisy.scale.cluster)."""

from __future__ import annotations

import json

import pytest

from exactcube.errors import BadInput
from exactcube.noisy.scale import cluster as cl
from exactcube.noisy.interval import low_moves as lm
from exactcube.noisy.interval import taylor as tp
from exactcube.numbers import mpq


def test_sub_ranges_cover_the_interval_and_share_end_points():
    r = cl.sub_ranges(9, mpq(1, 10), None, 4)
    assert r[0][0] == mpq(1, 10) and r[-1][1] == mpq(1, 2)
    assert all(a[1] == b[0] for a, b in zip(r, r[1:]))
    r = cl.sub_ranges(10, 0, 1, 3)
    assert r == [(mpq(1, 2), mpq(2, 3)), (mpq(2, 3), mpq(5, 6)), (mpq(5, 6), mpq(1))]
    with pytest.raises(BadInput):
        cl.sub_ranges(9, mpq(1, 2), None, 2)
    with pytest.raises(BadInput):
        cl.sub_ranges(11, 0, 1, 2)


def test_parts_on_a_pool_prove_what_the_whole_cover_proves():
    whole = tp.prove_conjecture9_near_half(24, 0)
    parts = cl.prove_distributed(9, 24, 3, workers=2)
    assert whole.proved and parts.proved and parts.complete
    assert len(parts.records) == 3 and parts.backend.startswith("process pool")


def test_a_failing_sub_range_is_not_proved(monkeypatch):
    monkeypatch.setattr(tp, "_HALF", 0.9)  # ask for p(n) > 0.9: false near 1/2
    r = cl.prove_distributed(9, 12, 2)
    assert r.complete and not r.proved
    assert any(x["gaps"] for x in r.records)


def test_resume_computes_only_the_missing_sub_ranges(tmp_path):
    f = tmp_path / "c10.jsonl"
    first = cl.prove_distributed(10, 16, 3, eps_to=mpq(3, 5), results=str(f))
    assert first.proved and first.computed == 3
    lines = f.read_text().splitlines()
    header = json.loads(lines[0])
    assert header["kind"] == cl.COVER_KIND and header["conjecture"] == 10
    # as if killed after the first sub-range, in the middle of writing the second
    f.write_text(lines[0] + "\n" + lines[1] + "\n" + lines[2][:20])
    again = cl.prove_distributed(10, 16, 3, eps_to=mpq(3, 5), results=str(f))
    assert (again.resumed, again.computed, again.proved) == (1, 2, True)
    def without_times(text_lines):
        return [{k: v for k, v in json.loads(x).items() if k != "cpu_seconds"} for x in text_lines]

    assert without_times(f.read_text().splitlines()) == without_times(lines)
    with pytest.raises(BadInput, match="another run"):
        cl.prove_distributed(10, 16, 4, eps_to=mpq(3, 5), results=str(f))


def test_a_grid_sweep_file_is_not_taken_for_a_cover(tmp_path):
    from exactcube.noisy.scale.sweep import run_sweep

    f = tmp_path / "grid.jsonl"
    run_sweep(8, [mpq(1, 4)], results=str(f))
    with pytest.raises(BadInput):
        cl.prove_distributed(9, 8, 1, results=str(f))


def test_dask_local_cluster():
    pytest.importorskip("dask.distributed")
    r = cl.prove_distributed(9, 16, 2, dask="local:2")
    assert r.proved and r.backend == "dask"


def test_cli_near_half_in_parts(capsys):
    from exactcube.cli import main

    assert main(["conjecture", "9", "--near-half", "16", "--parts", "2", "--workers", "2"]) == 0
    out = capsys.readouterr().out
    assert "proved  [rigorous]" in out and "2 of 2 sub-ranges" in out


def test_cli_refuses_pool_and_cluster_together(capsys):
    from exactcube.cli import main

    assert main(["conjecture", "9", "--near-half", "16", "--workers", "2", "--dask", "local:2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not both" in err


def test_reduced_form_in_parts_resumes_and_never_mixes_with_the_full_form(tmp_path, monkeypatch):
    f = tmp_path / "c9low.jsonl"
    r = cl.prove_distributed(9, 24, 2, results=str(f), reduced=True)
    assert r.proved and r.computed == 2 and json.loads(f.read_text().splitlines()[0])["reduced"] is True
    again = cl.prove_distributed(9, 24, 2, results=str(f), reduced=True)
    assert (again.resumed, again.computed, again.proved) == (2, 0, True)
    with pytest.raises(BadInput, match="another run"):  # the full form must not read the reduced form's file
        cl.prove_distributed(9, 24, 2, results=str(f))
    with pytest.raises(BadInput, match="Conjecture 9 only"):
        cl.prove_distributed(10, 16, 2, eps_to=mpq(3, 5), reduced=True)
    # the reduced check can fail: a wrong target (move 1 instead of 0) in every sub-range leaves gaps
    def wrong(n_max, eps_from, **kw):
        targets = lm.LowMoveTargets({n: 1 for n in range(2, n_max + 1)})
        return tp.prove_near_half(n_max, 1, 1 - 2 * eps_from, targets, set(), "wrong", **kw)

    monkeypatch.setattr(lm, "prove_conjecture9_low_moves", wrong)
    bad = cl.prove_distributed(9, 12, 2, reduced=True)
    assert bad.complete and not bad.proved
