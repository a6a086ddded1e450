"""certcheck.bearoff_chunks: a chunked bearoff table re-derived from its successors, against its manifest.

The index is pinned by hand (docs/bearoff.md, "The index"); the table is built by exactcube's chunked build
(another program); a value changed in a chunk whose digest is made to match again is caught by the
re-derivation, and a changed byte with the old digest by the manifest.
"""

from __future__ import annotations

import hashlib
import json
import os

import pytest

from certcheck import bearoff_chunks as bc
from exactcube.race.bearoff import chunked as ch
from exactcube.race.bearoff.positions import counts_of, positions


def test_index_by_hand_and_as_exactcube_orders():
    assert bc.gnubg_index((0,) * 6) == 0
    assert bc.gnubg_index((1, 0, 0, 0, 0, 0)) == 1
    assert bc.gnubg_index((0, 0, 0, 0, 0, 1)) == 6
    assert bc.gnubg_index((2, 0, 0, 0, 0, 0)) == 7
    assert bc.gnubg_index((0, 0, 0, 0, 0, 6)) == 923  # the last of comb(12, 6) = 924
    assert bc.all_positions(4) == [counts_of(k) for k in positions(4)]


@pytest.fixture()
def built(tmp_path):
    folder = str(tmp_path / "b")
    ch.build_chunked(folder, 2, chunk_pairs=40)
    return folder


def test_every_entry_rederived(built):
    done, fails = bc.check(built, None)
    assert done == 27 * 27 and fails == []
    assert bc.main([built, "--count", "50", "--seed", "3"]) == 0


def _chunk_with_pairs(folder):
    with open(os.path.join(folder, "manifest.json"), encoding="utf-8") as f:
        m = json.load(f)
    name = max(m["chunks"], key=lambda k: (m["chunks"][k]["pairs"], k))
    return m, name


def test_a_changed_value_is_caught_even_with_its_digest_fixed(built, capsys):
    m, name = _chunk_with_pairs(built)
    path = os.path.join(built, name)
    with open(path, "r+b") as f:  # the lowest byte of the first pair's P, plus one
        b = f.read(1)
        f.seek(0)
        f.write(bytes([(b[0] + 1) % 256]))
    with open(path, "rb") as f:
        m["chunks"][name]["sha256"] = hashlib.sha256(f.read()).hexdigest()
    with open(os.path.join(built, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(m, f)
    done, fails = bc.check(built, None)
    assert fails and any(": P stored" in line for line in fails)
    assert bc.main([built, "--all"]) == 1
    assert "REJECTED" in capsys.readouterr().out


def test_a_changed_byte_is_caught_by_the_manifest(built, capsys):
    _m, name = _chunk_with_pairs(built)
    with open(os.path.join(built, name), "r+b") as f:
        f.seek(3)
        b = f.read(1)
        f.seek(3)
        f.write(bytes([b[0] ^ 1]))
    assert bc.main([built, "--all"]) == 1
    assert "SHA-256 differs" in capsys.readouterr().out
    assert bc.main([]) == 2
