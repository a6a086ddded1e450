"""What ``exactcube conjecture`` runs, as library calls (exactcube.noisy.scale.checks, .whole_intervals): the grid,
the crossing's certificate, the whole-interval proofs asked for, and the estimates before them."""

from __future__ import annotations

import json

import pytest

from exactcube.errors import BadInput
from exactcube.noisy.scale import checks as ck
from exactcube.noisy.scale import whole_intervals as wi
from exactcube.numbers import mpq


@pytest.mark.parametrize("conjecture, step, lo, hi, points, sub", [
    # step 1/4: the grid is 1/4, 1/2, 3/4 (0 and 1 excluded); Conjecture 9 speaks below 1/2 only
    pytest.param(9, mpq(1, 4), None, None, [mpq(1, 4)], "", id="c9-below-half"),
    pytest.param(10, mpq(1, 4), None, None, [mpq(1, 4), mpq(1, 2), mpq(3, 4)], "", id="c10-whole"),
    # step 1/10 restricted to [3/10, 1/2]: 3/10, 4/10, 5/10
    pytest.param(10, mpq(1, 10), mpq(3, 10), mpq(1, 2), [mpq(3, 10), mpq(2, 5), mpq(1, 2)],
                 ", the sub-range [3/10, 1/2] of it", id="c10-sub-range"),
])
def test_grid_points(conjecture, step, lo, hi, points, sub):
    assert ck.grid_points(conjecture, step, lo, hi) == (points, sub)


def test_an_empty_sub_range_is_refused():
    with pytest.raises(BadInput, match="no grid point"):
        ck.grid_points(9, mpq(1, 4), mpq(1, 3), mpq(2, 5))


def test_a_grid_run_says_its_scope_and_evidence():
    eps, sub = ck.grid_points(9, mpq(1, 4))
    g = ck.run_grid(9, 6, mpq(1, 4), eps, sub)
    assert g.holds and g.points == 1 and g.evidence == "exact" and g.provenance.evidence.value == "exact"
    assert g.lines() == ["Conjecture 9: verified  [exact]",
                         "  scope: exact on the grid eps = 1/4, 2*1/4, ... (1 points below 1/2) for heaps n <= 6"]
    fast = ck.run_grid(9, 6, mpq(1, 4), eps, sub, fast=True)
    assert fast.ball_points + fast.exact_points == 1 and "decided in certified floating point" in fast.scope()


def test_a_witness_not_reproduced_is_told_as_recorded():
    # at eps = 1/4 and heap 3 Conjecture 9 holds (move 0 optimal): a record claiming a failure there is not
    # reproduced by solving again, and is said to be the results file's
    f = {"n": 3, "eps": "1/4", "conjecture": 9, "kind": "move", "optimal": [1], "p": "1/2", "conjectured": 0,
         "conjectured_value": "1/3"}
    assert "as recorded in the results file, not reproduced" in ck.exact_witness(f, 10)


def test_grid_cost_counts_what_is_left_on_the_workers(tmp_path):
    eps = [mpq(k, 20) for k in range(1, 11)]
    seconds, how = ck.grid_cost(eps, 256, None, 2, lambda run_at, n, start: 0.5)
    assert seconds == 10 * 0.5 / 2 and "10 grid points x 0.5 s each" in how and "/ 2 workers" in how
    assert ck.grid_cost(eps, 16, None, 1, lambda *a, **k: 0.5, dask="tcp://x:1") is None
    bad = tmp_path / "r.jsonl"
    bad.write_text("not a results file\n")
    with pytest.raises(BadInput):
        ck.grid_cost(eps, 16, str(bad), 1, lambda *a, **k: 0.5, dask="tcp://x:1")


@pytest.mark.parametrize("n, asked, how", [(16, None, "polynomial"), (512, None, "polynomial"), (1024, None, "balls"),
                                           (16, "balls", "balls")])
def test_crossing_certificate(n, asked, how):
    assert ck.crossing_certificate(n, asked) == how


@pytest.mark.parametrize("n, asked", [(12, None), (2, None), (4096, None), (1024, "polynomial")])
def test_crossing_certificate_refused(n, asked):
    with pytest.raises(BadInput):
        ck.crossing_certificate(n, asked)


@pytest.mark.parametrize("digits", [1, 20, 50, 100, 200])
def test_crossing_precision_keeps_the_error_far_below_the_digits(digits):
    # a bound, exactly: 2^-prec must lie far below 10^-(digits + 6), the last digit's rounding
    assert 2 ** ck.crossing_precision(digits) > 10 ** (digits + 6)


def test_no_crossing_located_is_said_so():
    r = ck.CrossingRun(n=8, how="polynomial")
    assert r.lines() == ["Conjecture 10, heap 8: move 7 is already the unique optimum at eps = 99/100, where the scan "
                         "(step 1/100, downwards) starts: no crossing located (none is excluded above 99/100)"]


def test_the_crossing_reports_progress_as_done_and_total():
    # heap 8: move 7 is the unique optimum at 99/100 already, so the scan stops at its first point; the count runs
    # over the scan's 49 points (99/100 .. 51/100) and the chain's 7 heaps (the polynomial route)
    seen = []
    r = ck.certify_crossing(8, "polynomial", 20, progress=lambda done, total: seen.append((done, total)))
    assert r.rival is None and seen == [(1, 49 + 7)]
    assert ck.certify_crossing(8, "balls", 20, progress=lambda done, total: seen.append((done, total))).rival is None
    assert seen[-1] == (1, 49)  # the certified root reports nothing of its own


@pytest.mark.parametrize("kw, fields", [
    (dict(region=16), dict(region=True, eps_to=mpq(1, 4), eps_from=None, parts=None)),  # [0, 1/4]
    (dict(region=16, parts=3), dict(parts=None)),  # Conjecture 9's region is not cut into sub-ranges
    (dict(near_half=16), dict(region=False, eps_from=mpq(0), eps_to=None, parts=None)),
    (dict(near_half=16, workers=2), dict(parts=8, eps_from=mpq(0), eps_to=mpq(3, 5))),
])
def test_whole_interval_run_defaults_of_conjecture_9(kw, fields):
    w = wi.whole_interval_run(9, **kw)
    assert {k: getattr(w, k) for k in fields} == fields


@pytest.mark.parametrize("kw, fields", [
    (dict(region=256), dict(eps_from=None, parts=None)),
    (dict(region=256, resume="r.jsonl"), dict(eps_from=mpq(3, 5), parts=8)),
    (dict(near_half=16), dict(eps_to=mpq(3, 5), eps_from=None)),
    (dict(near_half=16, parts=2, eps_to=mpq(1)), dict(eps_to=mpq(1), eps_from=mpq(0), parts=2)),
])
def test_whole_interval_run_defaults_of_conjecture_10(kw, fields):
    w = wi.whole_interval_run(10, **kw)
    assert {k: getattr(w, k) for k in fields} == fields


@pytest.mark.parametrize("conjecture, kw, words", [
    (10, dict(region=100), "power of two N >= 256"),
    (10, dict(region=256, parts=1), "at least 2 sub-ranges"),
    (10, dict(region=256, eps_from=mpq(2, 5)), "--eps-from must lie in (1/2, 1)"),
    (9, dict(region=16, eps_from=mpq(1, 8)), "--eps-from is not an end of this proof"),
    (9, dict(near_half=16, eps_from=mpq(1, 2)), "--eps-from must lie in [0, 1/2)"),
    (10, dict(near_half=16, eps_to=mpq(1, 2)), "--eps-to must lie in (1/2, 1]"),
])
def test_whole_interval_run_refuses(conjecture, kw, words):
    with pytest.raises(BadInput) as e:
        wi.whole_interval_run(conjecture, **kw)
    assert words in str(e.value)


def test_region_cost_from_the_measured_cpu_and_the_resume_file(tmp_path):
    from exactcube.noisy.scale.cluster import REGION_KIND

    # 44 s of CPU measured for the whole region at 256 (REGION_CPU), on 2 workers: 22 s
    w = wi.whole_interval_run(10, region=256, parts=8, workers=2)
    seconds, how = w.cost(None)
    assert seconds == wi.REGION_CPU[256] / 2 and "on 2 workers" in how
    # 6 of 8 sub-ranges in the results file: a quarter is left, on one worker
    path = tmp_path / "r.jsonl"
    done = [{"eps": str(k), "eps_to": "x", "proved": True, "pieces": 1, "gaps": [], "cpu_seconds": 1.0}
            for k in range(6)]
    path.write_text("".join(json.dumps(x) + "\n" for x in [{"kind": REGION_KIND, "n_max": 256}] + done))
    assert wi.sub_ranges_left(str(path), REGION_KIND, 256, 8)[0] == 2
    seconds, how = wi.whole_interval_run(10, region=256, parts=8, resume=str(path)).cost(None)
    assert seconds == wi.REGION_CPU[256] * 2 / 8 and "2 of 8 sub-ranges not yet in" in how
    assert wi.whole_interval_run(10, region=256).cost(None) is None  # first-order enclosures: no estimate


def test_near_half_cost_counts_pieces():
    per_piece = lambda run_at, n, start: 1.0  # noqa: E731
    # one cover of [0, 1/2): 20 pieces measured; (1/2, 3/5]: 7
    assert wi.whole_interval_run(9, near_half=64).cost(per_piece)[0] == 20
    assert wi.whole_interval_run(10, near_half=64).cost(per_piece)[0] == 7
    # in 8 sub-ranges: 4 pieces each at least (32), on 2 workers
    seconds, how = wi.whole_interval_run(9, near_half=64, parts=8, workers=2).cost(per_piece)
    assert seconds == 32 / 2 and "on 2 workers" in how


def test_a_whole_interval_run_proves_and_says_so():
    w = wi.whole_interval_run(9, near_half=8, eps_from=mpq(1, 4))
    seen = []
    r = w.run(lambda k, words=None: seen.append(words))
    lines = w.lines(r)
    assert r.proved and r.kind == "cover" and len(seen) == len(r.pieces)
    assert lines[0] == "Conjecture 9, whole intervals reaching 1/2: proved  [rigorous]"
    assert lines[1] == ("  statement: for every heap 2..8: move 0 is the unique optimal move and p(n) > 1/2 for every "
                        "eps in [1/4, 1/2)")
