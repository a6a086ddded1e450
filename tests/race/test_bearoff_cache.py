"""Bearoff tables built once into a cache folder: values read entry by entry equal the
independent brute force (tests/race/brute_bearoff.py); a damaged table (a flipped byte, a
truncated file, a broken header) is rebuilt with one line of notice, never trusted; a
query reads only its own rows; a --db file without row digests is hashed once, not on
every call."""

from __future__ import annotations

import json
import os

import pytest

from exactcube.errors import BadInput
from exactcube.numbers import mpq
from exactcube.race.bearoff import formats as fm
from exactcube.race.bearoff import cache
from exactcube.race.bearoff import twosided as ts

from . import brute_bearoff as brute

C = 3  # small tables: all 84 positions of up to three checkers


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    d = str(tmp_path_factory.mktemp("cache"))
    cache.build_one_sided(d, C)
    cache.build_two_sided(d, C)
    return d


def _fresh(tmp_path, folder):
    """A private copy of the module's tables (tests below damage them)."""
    import shutil

    d = tmp_path / "c"
    shutil.copytree(folder, d)
    return str(d)


def test_cache_folder_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.cache_dir() == os.path.join(str(tmp_path), "exactcube")
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache.cache_dir() == os.path.join(os.path.expanduser("~"), ".cache", "exactcube")
    assert cache.cache_dir("/some/where") == "/some/where"


@pytest.mark.slow
def test_cached_values_equal_brute_force(folder):
    ps = [p for p in brute.all_positions(C) if any(p)]
    assert cache.cached_checkers(folder, "os") == [C] and cache.cached_checkers(folder, "ts") == [C]
    f = cache.TwoSidedFile(cache.ts_path(folder, C), folder)
    o = cache.OneSidedFile(cache.os_path(folder, C))
    try:
        for x in ps:
            assert o.distribution(x).mean == brute.mean_rolls(x), x
            for y in ps:
                e = f.entry(x, y)
                assert e.win == brute.win(x, y), (x, y)
                for cube in ("centred", "mine", "theirs"):
                    assert e.equity(cube) == brute.cubeful(x, y, cube), (x, y, cube)
    finally:
        f.close()
        o.close()


def test_a_query_reads_only_its_rows(folder):
    f = cache.TwoSidedFile(cache.ts_path(folder, C), folder)
    seen = []
    real = f._f

    class Counting:
        def seek(self, pos):
            return real.seek(pos)

        def read(self, n):
            seen.append(n)
            return real.read(n)

    f._f = Counting()
    try:
        f.entry((0, 0, 1, 0, 0, 0), (0, 1, 0, 0, 0, 0))
    finally:
        real.close()
    # four fields, one roller row each: 84 opponents x 5 bytes x limbs
    assert seen == [84 * 5 * f.limbs] * 4


def _flip(path, at):
    with open(path, "r+b") as fh:
        fh.seek(at)
        b = fh.read(1)
        fh.seek(at)
        fh.write(bytes([b[0] ^ 0x55]))


def _run(cli, capsys, argv):
    code, text = cli(argv)
    return code, text, capsys.readouterr().err


@pytest.mark.parametrize("damage", ["flip", "truncate", "header"])
def test_damaged_two_sided_table_is_rebuilt_with_one_notice(damage, tmp_path, folder, cli, capsys):
    d = _fresh(tmp_path, folder)
    path = cache.ts_path(d, C)
    size = os.path.getsize(path)
    if damage == "flip":
        _flip(path, size - 7)  # a byte of the last field's last row: the entry below reads that row
    elif damage == "truncate":
        os.truncate(path, size - 100)
    else:
        _flip(path, 2)
    x, y = (0, 0, 0, 0, 0, 3), (0, 1, 1, 0, 0, 0)  # x is the last position: its rows end the fields
    code, text, err = _run(cli, capsys, ["bearoff", " ".join(map(str, x)), " ".join(map(str, y)), "--json",
                                         "--cache-dir", d])
    assert code == 0 and err.count("\n") == 1 and "rebuilding" in err, err
    res = json.loads(text)
    assert res["win"] == str(brute.win(x, y)) and res["cube"]["centred"]["equity"] == str(brute.cubeful(x, y, "centred"))
    assert os.path.getsize(path) == size
    code, text, err = _run(cli, capsys, ["bearoff", " ".join(map(str, x)), " ".join(map(str, y)), "--cache-dir", d])
    assert code == 0 and err == ""  # the rebuilt table is sound


@pytest.mark.parametrize("damage", ["flip", "truncate"])
def test_damaged_one_sided_table_is_rebuilt_with_one_notice(damage, tmp_path, folder, cli, capsys):
    d = _fresh(tmp_path, folder)
    path = cache.os_path(d, C)
    size = os.path.getsize(path)
    if damage == "flip":
        _flip(path, size - 2)  # in the record of the last position, three checkers on the 6 point
    else:
        os.truncate(path, size - 1)
    code, text, err = _run(cli, capsys, ["bearoff", "0 0 0 0 0 3", "--json", "--cache-dir", d])
    assert code == 0 and err.count("\n") == 1 and "rebuilding" in err, err
    assert json.loads(text)["distribution"]["mean"] == str(brute.mean_rolls((0, 0, 0, 0, 0, 3)))


def test_build_command(tmp_path, cli, capsys):
    d = str(tmp_path / "new")
    code, text, err = _run(cli, capsys, ["bearoff", "--build", "--checkers", "2", "--cache-dir", d])
    assert code == 0 and cache.cached_checkers(d, "os") == [2] and cache.cached_checkers(d, "ts") == [2]
    code, text, err = _run(cli, capsys, ["bearoff", "0 2 0 0 0 0", "1 0 0 0 0 0", "--json", "--cache-dir", d])
    # hand value (test_cli_bearoff.py): 13/18
    assert code == 0 and json.loads(text)["win"] == "13/18" and "cached" in json.loads(text)["method"]


@pytest.mark.parametrize("argv", [
    ["bearoff", "--build", "0 0 0 0 0 1"],
    ["bearoff", "0 0 0 0 0 1", "--checkers", "3"],
    ["bearoff"],
    ["bearoff", "--build", "--checkers", "16"],
])
def test_build_bad_input(argv, cli, capsys, tmp_path):
    code, _text, err = _run(cli, capsys, argv + ["--cache-dir", str(tmp_path)])
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err


def _legacy(tmp_path):
    """A two-sided file as saved before row digests existed (no "rows" in the header)."""
    path = tmp_path / "old.bin"
    fm.save(ts.build(2), str(path))
    data = path.read_bytes()
    nl = data.index(b"\n")
    head = json.loads(data[:nl])
    del head["rows"]
    path.write_bytes(json.dumps(head).encode() + b"\n" + data[nl + 1:])
    return str(path)


def test_db_without_row_digests_is_hashed_once(tmp_path, monkeypatch, cli, capsys):
    path = _legacy(tmp_path)
    d = str(tmp_path / "cachedir")
    os.makedirs(d)
    calls = []
    real = fm._payload_sha256
    monkeypatch.setattr(fm, "_payload_sha256", lambda f, s: calls.append(1) or real(f, s))
    argv = ["bearoff", "0 2 0 0 0 0", "1 0 0 0 0 0", "--json", "--db", path, "--cache-dir", d]
    for _ in range(3):
        code, text, _err = _run(cli, capsys, argv)
        assert code == 0 and json.loads(text)["win"] == "13/18"
    assert calls == [1]
    _flip(path, os.path.getsize(path) - 3)  # changes the file's mtime too: hashed again, and refused
    code, _text, err = _run(cli, capsys, argv)
    assert code == 2 and "checksum mismatch" in err and err.count("\n") == 1
    assert calls == [1, 1]


def test_damaged_file_is_refused_by_the_reader(tmp_path, folder):
    d = _fresh(tmp_path, folder)
    os.truncate(cache.os_path(d, C), 10)
    with pytest.raises(fm.Damaged):
        cache.OneSidedFile(cache.os_path(d, C))
    assert issubclass(fm.Damaged, BadInput)


def test_db_with_row_digests_refuses_a_damaged_row(tmp_path, cli, capsys):
    path = str(tmp_path / "t.bin")
    fm.save(ts.build(2), path)
    argv = ["bearoff", "0 0 0 0 0 2", "1 0 0 0 0 0", "--json", "--db", path, "--cache-dir", str(tmp_path)]
    code, text, _err = _run(cli, capsys, argv)
    assert code == 0
    _flip(path, os.path.getsize(path) - 3)  # the last roller's row of NT: "0 0 0 0 0 2" is the last position
    code, _text, err = _run(cli, capsys, argv)
    assert code == 2 and "fails its digest" in err and err.count("\n") == 1


@pytest.fixture(scope="module")
def gammon_folder(tmp_path_factory):
    d = str(tmp_path_factory.mktemp("gammons"))
    cache.build_gammons(d)
    return d


@pytest.mark.parametrize("counts, probs", [
    # hand values (test_bearoff_gammons.py): 15 on the 6 point, a checker off in the first roll
    # with 17 of 36; 14 on 1 and one on 6: 34/36, then 2/36; 15 on 1: at once; 14 checkers: G = 0
    ((0, 0, 0, 0, 0, 15), None),
    ((14, 0, 0, 0, 0, 1), ["0", "17/18", "1/18"]),
    ((15, 0, 0, 0, 0, 0), ["0", "1"]),
    ((14, 0, 0, 0, 0, 0), ["1"]),
])
def test_cached_gammon_table_reads_the_hand_values(gammon_folder, counts, probs):
    d = cache.gammon_distribution(gammon_folder, counts)
    got = [str(p) for p in d.probabilities]
    if probs is None:
        assert d.probability(1) == mpq(17, 36) and sum(d.probabilities) == 1
    else:
        assert got == probs
    assert "read from the cached table" in d.method and "first checker is off" in d.method


def test_gammon_table_is_not_taken_for_the_one_sided_table(gammon_folder):
    with pytest.raises(fm.Damaged):
        cache.OneSidedFile(cache.gammon_path(gammon_folder))


def test_damaged_gammon_table_is_rebuilt_with_one_notice(tmp_path, gammon_folder, cli, capsys):
    import shutil

    d = str(tmp_path / "g")
    shutil.copytree(gammon_folder, d)
    cache.build_one_sided(d, 15)
    _flip(cache.gammon_path(d), os.path.getsize(cache.gammon_path(d)) - 2)  # the record of 15 on the 6 point
    code, text, err = _run(cli, capsys, ["bearoff", "0 0 0 0 0 15", "--json", "--cache-dir", d])
    assert code == 0 and err.count("\n") == 1 and "rebuilding" in err, err
    assert json.loads(text)["gammon"]["rolls"]["1"] == "17/36"
