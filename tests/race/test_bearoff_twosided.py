"""Two-sided bearoff: exact tables against an independent brute force, hand values, storage,
resuming, and GNU Backgammon's makebearoff at its 16-bit precision (skipped without it)."""

from __future__ import annotations

import os
import subprocess

import pytest

from exactcube.errors import BadInput
from exactcube.numbers import mpq
from exactcube.race.bearoff import gnubgfiles as gf
from exactcube.race.bearoff import formats as fm
from exactcube.race.bearoff import onesided as os_
from exactcube.race.bearoff import twosided as ts

from . import brute_bearoff as brute


@pytest.fixture(scope="module")
def table2():
    return ts.build(2)


def test_against_brute_force_two_checkers(table2):
    ps = [p for p in brute.all_positions(2) if any(p)]
    for x in ps:
        for y in ps:
            e = table2.entry(x, y)
            assert e.win == brute.win(x, y), (x, y)
            for cube in ("centred", "mine", "theirs"):
                assert e.equity(cube) == brute.cubeful(x, y, cube), (x, y, cube)


def test_one_sided_means_against_brute_force():
    t = os_.one_sided(6)
    for p in brute.all_positions(3):
        d = t.distribution(p)
        assert d.mean == brute.mean_rolls(p), p


def test_hand_values_one_checker_on_six_each():
    # 27/36 off at once; else (9/36) the opponent is 27/36 to get off, else we are surely off:
    # P = 3/4 + 1/4 * 1/4 = 13/16.  Owned cube, no double: 3/4 - 1/4 * (3/4 - 1/4) = 5/8.
    # Centred: after our miss the opponent doubles and we are indifferent (his equity 1): 1/2.
    e = ts.build(1).entry((0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 1))
    assert (e.win, e.nd_owned, e.nd_centred, e.nd_theirs) == (mpq(13, 16), mpq(5, 8), mpq(1, 2), mpq(1, 2))
    a = ts.cube_action(e, "centred")
    assert a["double_take"] == 1 and a["tie_take"] and a["equity"] == 1


def test_single_checkers_match_one_sided_convolution():
    # with one checker a side no play choice matters: P = sum_j P(N_x = j) P(N_y >= j)
    t = ts.build(1)
    for x in brute.all_positions(1):
        for y in brute.all_positions(1):
            if not any(x) or not any(y):
                continue
            dx, dy = os_.distribution(x).probabilities, os_.distribution(y).probabilities
            p = sum(dx[j] * sum(dy[j:], mpq(0)) for j in range(len(dx)))
            assert t.entry(x, y).win == p


def test_invariants_three_checkers():
    t = ts.build(3)
    S = t.scale
    P_ = t.objects("P")[1:, 1:]
    no, nc, nt = (t.objects(k)[1:, 1:] for k in ("NO", "NC", "NT"))
    assert ((P_ >= 0) & (P_ <= S)).all()
    for a in (no, nc, nt):
        assert ((a >= -S) & (a <= S)).all()
    # owning the cube is worth at least a centred cube, which is worth at least theirs
    assert (no >= nc).all() and (nc >= nt).all()
    # cubeless winning chance is at least the equity with the opponent owning the cube (/2+1/2)
    assert (2 * P_ - S >= nt).all()


def test_save_load_and_checksum(tmp_path, table2):
    f = tmp_path / "t.bin"
    fm.save(table2, str(f))
    back = fm.load(str(f))
    for k in table2.fields:
        assert (back.fields[k] == table2.fields[k]).all()
    data = bytearray(f.read_bytes())
    data[-1] ^= 1
    f.write_bytes(bytes(data))
    with pytest.raises(BadInput, match="checksum"):
        fm.load(str(f))


def test_resume_from_checkpoint(tmp_path, monkeypatch):
    ck = str(tmp_path / "ck.npz")
    calls = []

    def stop(done, total):
        calls.append(done)
        if done == 9:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        ts.build(3, progress=stop, checkpoint=ck)
    assert os.path.exists(ck)
    resumed = []
    t = ts.build(3, progress=lambda d, *rest: resumed.append(d), checkpoint=ck)
    assert resumed[0] == 9 and not os.path.exists(ck)  # levels 1..8 were not redone
    fresh = ts.build(3)
    for k in t.fields:
        assert (t.fields[k] == fresh.fields[k]).all()


MAKEBEAROFF = gf.find_makebearoff()


def _near_tie(d):
    """A disagreement is a near-tie at gnubg's precision: double vs hold within a few 16-bit
    steps, or take vs pass (double/take within a few steps of 1)."""
    step = mpq(8, 32767)
    return abs(d["exact_no_double"] - min(d["exact_double_take"], 1)) < step or abs(d["exact_double_take"] - 1) < step


@pytest.mark.skipif(MAKEBEAROFF is None, reason="gnubg's makebearoff not installed (Debian package gnubg)")
def test_gnubg_two_sided_three_checkers(tmp_path):
    f = tmp_path / "ts63.bd"
    subprocess.run([MAKEBEAROFF, "-t", "6x3", "-f", str(f)], check=True, capture_output=True, cwd=tmp_path)
    words = gf.read_gnubg_ts(str(f))
    res = gf.compare_two_sided(ts.build(3), words)
    # 16-bit values: gnubg's step is 1/32767.5; its truncating build drifts a few steps
    for name, (dev, _at) in res.max_dev.items():
        assert dev < mpq(8, 32767), name
    assert all(_near_tie(d) for d in res.disagreements)


@pytest.mark.slow
@pytest.mark.skipif(MAKEBEAROFF is None, reason="gnubg's makebearoff not installed (Debian package gnubg)")
def test_gnubg_two_sided_six_checkers(tmp_path):
    """The whole 6x6 database: every value within a few 16-bit steps, every decision that
    differs from gnubg's a near-tie at gnubg's precision."""
    f = tmp_path / "ts66.bd"
    subprocess.run([MAKEBEAROFF, "-t", "6x6", "-f", str(f)], check=True, capture_output=True, cwd=tmp_path)
    res = gf.compare_two_sided(ts.build(6), gf.read_gnubg_ts(str(f)))
    assert res.pairs == 923 * 923
    for name, (dev, _at) in res.max_dev.items():
        assert dev < mpq(8, 32767), name
    assert all(_near_tie(d) for d in res.disagreements)


@pytest.mark.skipif(MAKEBEAROFF is None, reason="gnubg's makebearoff not installed (Debian package gnubg)")
def test_gnubg_two_sided_read_row_by_row_from_a_chunked_build(tmp_path):
    """A user-built table judged from a finished file, rows at a time (compare_two_sided_file, for tables
    too large to hold as Python integers): the same deviations, counts and disagreements as the in-memory
    comparison, here at 4 checkers with blocks of 7 rows."""
    from exactcube.race.bearoff import chunked as ch

    f = tmp_path / "ts64.bd"
    subprocess.run([MAKEBEAROFF, "-t", "6x4", "-f", str(f)], check=True, capture_output=True, cwd=tmp_path)
    words = gf.read_gnubg_ts(str(f))
    built = ch.build_chunked(str(tmp_path / "b"), 4, chunk_pairs=2000)
    whole = gf.compare_two_sided(ts.build(4), words)
    rows = gf.compare_two_sided_file(built.path, words, rows=7)
    assert (rows.pairs, rows.max_dev, rows.beyond) == (whole.pairs, whole.max_dev, whole.beyond)
    assert rows.disagreements == whole.disagreements
    assert whole.disagreements  # the comparison has something to agree on (near-ties at 16 bits)
    with pytest.raises(BadInput, match="another number"):
        gf.compare_two_sided_file(built.path, gf.read_gnubg_ts(str(tmp_path / "ts64.bd"))[:84, :84])
