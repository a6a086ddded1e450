"""The failure region of Conjecture 10 by Taylor models (interval.taylor.prove_failure_region_taylor)."""

import pytest

from exactcube.errors import BadInput
from exactcube.noisy.interval import firstorder as ip
from exactcube.noisy.interval import taylor as tp
from exactcube.noisy.interval.cover import ProofFailure, Piece
from exactcube.numbers import mpq
from exactcube.results import IntervalProof


@pytest.mark.slow
def test_the_end_piece_at_one_decides_the_tie_by_the_exact_slopes():
    # at eps = 1 moves n - 1 and n - 4 of n = 2^j both win surely; their loss rates are j and (j + 7)/2
    # (noisy.ends.germ_at_one), so from j = 8 move n - 4 is better near 1 and at j = 7 the first order ties
    piece = tp.taylor_piece(256, -1, 1 - mpq(1, 128), 1, {256: 252}, {256})
    assert piece.end and piece.s_hi == 1
    with pytest.raises(ProofFailure, match="move 252 not excluded below move 255"):
        tp.taylor_piece(256, -1, 1 - mpq(1, 128), 1, {256: 255}, {256})
    with pytest.raises(ProofFailure, match="move 127 not excluded below move 124"):
        tp.taylor_piece(128, -1, 1 - mpq(1, 128), 1, {128: 124}, {128})


def _doctored(monkeypatch, sign, cover_gaps=()):
    """The crossing of n = 256 replaced by a piece of the given orientation, the Taylor covers by stubs."""
    monkeypatch.setattr(ip, "isolate_crossing", lambda n, w=1e-5: (252, Piece(0.0266, 0.0267, "crossing"), sign))
    calls = []

    def cover(n, sigma, s_to, targets, half_above, statement, s_from=0, **kw):
        calls.append((targets, s_from, s_to))
        return IntervalProof(statement="", heaps=(n,), eps_lo=mpq(1, 2), eps_hi=mpq(1), open_lo=False, open_hi=False,
                             pieces=(Piece(float(s_from), float(s_to), "taylor"),), gaps=cover_gaps, seconds=0.0,
                             method="stand-in", source="test")

    monkeypatch.setattr(tp, "prove_near_half", cover)
    return calls


def test_a_crossing_oriented_the_wrong_way_is_not_proved(monkeypatch):
    calls = _doctored(monkeypatch, -1)
    r = tp.prove_failure_region_taylor(256)
    assert not r.proved and "wrong way" in r.gaps[0][2] and not calls


def test_the_covers_meet_the_crossing_piece_exactly(monkeypatch):
    calls = _doctored(monkeypatch, 1)
    r = tp.prove_failure_region_taylor(256, eps_from=mpq(3, 5))
    assert r.proved and r.eps_lo == mpq(3, 5) and r.eps_hi == 1
    (t1, a1, b1), (t2, a2, b2) = calls
    e_lo, e_hi = ip.eps_of(0.0267, True), ip.eps_of(0.0266, True)
    assert t1 == {256: 252} and a1 == 2 * e_hi - 1 and b1 == 1  # beyond the crossing piece, up to eps = 1
    assert t2 == {256: 255} and a2 == mpq(1, 5) and b2 == 2 * e_lo - 1  # from 3/5 up to the crossing piece
    assert [p.test for p in r.pieces] == ["taylor", "crossing", "taylor"]
    # a gap in either cover leaves the statement unproved
    _doctored(monkeypatch, 1, cover_gaps=((0.5, 0.6, "heap 256: move 253 not excluded"),))
    assert not tp.prove_failure_region_taylor(256).proved


@pytest.mark.parametrize("n", [128, 300, 8192])
def test_only_powers_of_two_from_256(n):
    with pytest.raises(BadInput):
        tp.prove_failure_region_taylor(n)


def test_eps_from_must_lie_below_the_crossing(monkeypatch):
    _doctored(monkeypatch, 1)
    with pytest.raises(BadInput, match="must lie in"):
        tp.prove_failure_region_taylor(256, eps_from=mpq(99, 100))


@pytest.mark.slow
def test_the_failure_region_at_256_is_proved():
    r = tp.prove_failure_region_taylor(256, eps_from=mpq(3, 5))
    assert r.proved, r.gaps
    assert "move 252 is the unique optimal move" in r.statement and "[3/5, eps*)" in r.statement
    assert 0.9740 < r.pieces[[p.test for p in r.pieces].index("crossing")].uh * 0.5 + 0.5 < 0.9745


# -- the region in sub-ranges (cluster.prove_region_distributed, conjecture 10 --region N --parts P) --------------


def test_the_sub_ranges_cover_both_sides_of_the_crossing_and_resume(monkeypatch, tmp_path):
    from exactcube.noisy.scale import cluster as cl

    calls = _doctored(monkeypatch, 1)
    out = tmp_path / "region.jsonl"
    r = cl.prove_region_distributed(256, 4, results=str(out))
    assert r.proved and r.complete and r.computed == 4 and r.rival == 252
    e_lo, e_hi = ip.eps_of(0.0267, True), ip.eps_of(0.0266, True)
    assert r.crossing == (e_lo, e_hi)
    # three sub-ranges with move 255 from 3/5 up to the crossing piece, one with move 252 from it up to eps = 1
    spans = sorted((s_from, s_to, t[256]) for t, s_from, s_to in calls)
    assert [m for _, _, m in spans] == [255, 255, 255, 252]
    assert spans[0][0] == mpq(1, 5) and spans[2][1] == 2 * e_lo - 1
    assert spans[0][1] == spans[1][0] and spans[1][1] == spans[2][0]  # closed sub-ranges that share their ends
    assert spans[3][0] == 2 * e_hi - 1 and spans[3][1] == 1
    again = cl.prove_region_distributed(256, 4, results=str(out))
    assert again.proved and again.computed == 0 and again.resumed == 4 and len(calls) == 4


def test_a_gap_in_one_sub_range_or_a_wrong_crossing_is_not_proved(monkeypatch):
    from exactcube.noisy.scale import cluster as cl

    _doctored(monkeypatch, 1, cover_gaps=((0.5, 0.6, "heap 256: move 253 not excluded"),))
    assert not cl.prove_region_distributed(256, 2).proved
    calls = _doctored(monkeypatch, -1)
    r = cl.prove_region_distributed(256, 2)
    assert not r.proved and "wrong way" in r.why_not and not calls


@pytest.mark.parametrize("argv, words", [
    (["--region", "300", "--parts", "4"], "power of two"),
    (["--region", "256", "--parts", "1"], "at least 2 sub-ranges"),
    (["--region", "256", "--parts", "4", "--eps-to", "3/4"], "takes only"),
    (["--region", "256", "--parts", "4", "--eps-from", "2/5"], "--eps-from"),
    (["--region", "4096", "--parts", "4"], "--force"),
])
def test_region_in_parts_refuses_bad_input_in_one_line(cli, capsys, argv, words):
    code, _ = cli(["conjecture", "10"] + argv)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and words in err and "Traceback" not in err


@pytest.mark.slow
def test_the_failure_region_at_256_in_parts_on_a_pool(tmp_path):
    from exactcube.noisy.scale import cluster as cl

    r = cl.prove_region_distributed(256, 4, results=str(tmp_path / "r.jsonl"), workers=2)
    assert r.proved and r.backend != "serial" and len(r.records) == 4
