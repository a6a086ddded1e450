"""The failure region of Conjecture 10 by Taylor models (taylorproof.prove_conjecture10_beyond)."""

import pytest

from exactcube.errors import BadInput
from exactcube.noisy import intervalproof as ip
from exactcube.noisy import taylorproof as tp
from exactcube.noisy.certified import ProofFailure, Piece
from exactcube.numbers import mpq


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
        return tp.NearHalfProof("", (n,), mpq(1, 2), mpq(1), False, False, (Piece(float(s_from), float(s_to),
                                                                                  "taylor"),), cover_gaps, 0.0)

    monkeypatch.setattr(tp, "prove_near_half", cover)
    return calls


def test_a_crossing_oriented_the_wrong_way_is_not_proved(monkeypatch):
    calls = _doctored(monkeypatch, -1)
    r = tp.prove_conjecture10_beyond(256)
    assert not r.proved and "wrong way" in r.gaps[0][2] and not calls


def test_the_covers_meet_the_crossing_piece_exactly(monkeypatch):
    calls = _doctored(monkeypatch, 1)
    r = tp.prove_conjecture10_beyond(256, eps_from=mpq(3, 5))
    assert r.proved and r.eps_lo == mpq(3, 5) and r.eps_hi == 1
    (t1, a1, b1), (t2, a2, b2) = calls
    e_lo, e_hi = ip.eps_of(0.0267, True), ip.eps_of(0.0266, True)
    assert t1 == {256: 252} and a1 == 2 * e_hi - 1 and b1 == 1  # beyond the crossing piece, up to eps = 1
    assert t2 == {256: 255} and a2 == mpq(1, 5) and b2 == 2 * e_lo - 1  # from 3/5 up to the crossing piece
    assert [p.test for p in r.pieces] == ["taylor", "crossing", "taylor"]
    # a gap in either cover leaves the statement unproved
    _doctored(monkeypatch, 1, cover_gaps=((0.5, 0.6, "heap 256: move 253 not excluded"),))
    assert not tp.prove_conjecture10_beyond(256).proved


@pytest.mark.parametrize("n", [128, 300, 8192])
def test_only_powers_of_two_from_256(n):
    with pytest.raises(BadInput):
        tp.prove_conjecture10_beyond(n)


def test_eps_from_must_lie_below_the_crossing(monkeypatch):
    _doctored(monkeypatch, 1)
    with pytest.raises(BadInput, match="must lie in"):
        tp.prove_conjecture10_beyond(256, eps_from=mpq(99, 100))


@pytest.mark.slow
def test_the_failure_region_at_256_is_proved():
    r = tp.prove_conjecture10_beyond(256, eps_from=mpq(3, 5))
    assert r.proved, r.gaps
    assert "move 252 is the unique optimal move" in r.statement and "[3/5, eps*)" in r.statement
    assert 0.9740 < r.pieces[[p.test for p in r.pieces].index("crossing")].uh * 0.5 + 0.5 < 0.9745
