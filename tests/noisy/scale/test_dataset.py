"""The Parquet data set of sweep results (needs pyarrow: the dask extra) and the failure-region figure."""

import io

import pytest

pytest.importorskip("pyarrow")

from exactcube.cli import Output, main  # noqa: E402
from exactcube.errors import BadInput  # noqa: E402
from exactcube.noisy.scale import dataset as ds  # noqa: E402
from exactcube.noisy.nim import solve_nim  # noqa: E402
from exactcube.numbers import mpq  # noqa: E402

EPS = [mpq(1, 10), mpq(1, 2), mpq(77, 100), mpq(1)]
N = 20


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    path = tmp_path_factory.mktemp("ds") / "d.parquet"
    assert ds.write_dataset(str(path), N, EPS) == N * len(EPS)
    return path, ds.read_dataset(str(path))


def test_rows_agree_with_the_exact_solver(table):
    _, cols = table
    sols = {e: solve_nim(N, e) for e in EPS}
    for i in range(len(cols["n"])):
        n, e = int(cols["n"][i]), cols["eps"][i]
        s = sols[e]
        assert cols["moves"][i] == s.optimal[n]
        # p is the exact value to within the stated radius (plus the rounding to binary64)
        assert abs(mpq(float(cols["p"][i])) - s.p[n]) <= mpq(float(cols["p_radius"][i])) + mpq(1, 2**52)
        if len(s.optimal[n]) == n:
            assert cols["margin"][i] == 0
        elif n >= 2:
            others = [v for m, v in enumerate(s.move_values(n)) if m not in s.optimal[n]]
            assert abs(cols["margin"][i] - float(s.p[n] - max(others))) < 1e-9


def test_evidence_column(table):
    _, cols = table
    ev = {(e, ev) for e, ev in zip(cols["eps"], cols["evidence"])}
    assert (mpq(1, 2), "exact") in ev and (mpq(1), "exact") in ev and (mpq(77, 100), "rigorous") in ev


def test_bad_files(tmp_path):
    bad = tmp_path / "x.parquet"
    bad.write_text("not parquet")
    with pytest.raises(BadInput):
        ds.read_dataset(str(bad))
    with pytest.raises(BadInput):
        ds.write_dataset(str(tmp_path / "missing" / "x.parquet"), 4, EPS)
    assert not list(tmp_path.glob(".exactcube-*"))


@pytest.mark.slow
def test_cli_parquet_and_figure(table, tmp_path):
    path, _ = table
    out = tmp_path / "region.png"
    pytest.importorskip("matplotlib")
    code = main(["plot", "noisy.conjecture10", "--data", str(path), "-o", str(out)], Output(io.StringIO(), force_plain=True))
    assert code == 0 and out.stat().st_size > 1000
    buf = io.StringIO()
    code = main(["conjecture", "10", "--n-max", "8", "--eps-step", "1/4", "--parquet", str(tmp_path / "g.parquet")],
                Output(buf, force_plain=True))
    assert code == 0 and "wrote" in buf.getvalue() and len(ds.read_dataset(str(tmp_path / "g.parquet"))["n"]) == 24


def test_columns_in_memory_are_those_of_the_file(table):
    """dataset_columns (no pyarrow) gives what write_dataset + read_dataset give through a Parquet file."""
    _, cols = table
    mem = ds.dataset_columns(N, EPS)
    assert sorted(mem) == sorted(cols)
    for c in cols:
        assert list(mem[c]) == list(cols[c]) or all(a == b or (a != a and b != b) for a, b in zip(mem[c], cols[c])), c
    assert len(mem["n"]) == N * len(EPS)
