"""ks69 Tables I-V, Figure 3 and the §3-5 claims: published cells, errata, options, bad input."""


import pytest

from exactcube import catalog
from exactcube.claims import REGISTRY
from exactcube.numbers import mpq
from exactcube.tables import TABLES

catalog.load()


@pytest.mark.parametrize("tid", ["ks69.table1", "ks69.table2", "ks69.table3", "ks69.table4", "ks69.table5"])
def test_tables_registered_with_published_cells(tid):
    t = TABLES[tid]()
    assert t.published, tid
    n = {"ks69.table5": 93}.get(tid, 100)  # Table V prints 93 (b, a) pairs, the others 10 x 10 cells
    assert len(t.published) == n


@pytest.mark.parametrize(
    "tid, row, col, printed, agrees",
    [
        # by hand: alpha(1,1) = 13/16 = .8125 (Table I prints .8125)
        pytest.param("ks69.table1", "1", "1", ".8125", True, id="T1 (1,1)"),
        # 21/32 = .65625 is a tie; printed .6563 (half up) is right
        pytest.param("ks69.table1", "2", "1", ".6563", True, id="T1 (2,1) tie"),
        # by hand: E(1,0) = (1/2 - 1/4)/(3/4) = 1/3 -> .333
        pytest.param("ks69.table2", "1", "0", ".333", True, id="T2 (1,0)"),
        # ks69 §5 example: 1/sqrt(2) = .70710...
        pytest.param("ks69.table3", "2", "1", ".7071", True, id="T3 (2,1)"),
        pytest.param("ks69.table4", "8", "4", ".581", True, id="T4 (8,4)"),
        # Table V: independent mpmath Newton roots (30 dps on (18), written outside the library):
        # b = 2.0 -> 6.79517358..., b = 5.2 -> 15.8493439 (printed 15.8494), b = 1000 -> 2786.0125 (printed 2819.971)
        pytest.param("ks69.table5", "2.0", "a", "6.7952", True, id="T5 b=2.0"),
        pytest.param("ks69.table5", "5.2", "a", "15.8494", False, id="T5 b=5.2 erratum"),
        pytest.param("ks69.table5", "1000", "a", "2819.971", False, id="T5 b=1000 erratum"),
    ],
)
def test_published_cells(tid, row, col, printed, agrees):
    t = TABLES[tid](**({"truncation": 0} if tid == "ks69.table5" else {}))
    assert t.published[(row, col)] == printed
    comp = {(c.row, c.col): c for c in t.compare()}[(row, col)]
    assert comp.agrees is agrees


def test_table5_model_reproduces_print():
    # the series cut at i, j <= 10 reproduces printed cells that the true roots do not
    from proofs.ks69.tables import truncated_resign

    from exactcube.printed import agrees_with_printed

    from proofs.ks69.tables import _mpf_q

    for b, printed in [(mpq(100), "282.456"), (mpq(1000), "2819.971"), (mpq(10), "29.4551")]:
        assert agrees_with_printed(_mpf_q(truncated_resign(b, 10)), printed)


@pytest.mark.parametrize(
    "cid, outcome",
    [
        pytest.param("ks69.table1", "verified", id="table1"),
        pytest.param("ks69.table2", "verified", id="table2"),
        pytest.param("ks69.table3", "verified", id="table3"),
        pytest.param("ks69.table4", "verified", id="table4"),
        pytest.param("ks69.theorem2", "verified", id="theorem2"),
        pytest.param("ks69.theorem2.initial", "erratum", id="beta(i,0)"),
        pytest.param("ks69.fig1-2", "verified", id="figures 1-2"),
        pytest.param("ks69.fig2.paths", "erratum", id="path sum"),
        pytest.param("ks69.sec3.example10-3", "erratum", id=".4938"),
        pytest.param("ks69.sec3.lemma", "verified", id="lemma"),
        pytest.param("ks69.sec3.coins", "verified", id="coins"),
        pytest.param("ks69.eq6-9", "verified", id="eq6-9"),
        pytest.param("ks69.eq14-15", "verified", id="eq14-15"),
        pytest.param("ks69.eq19-20", "verified", id="eq19-20"),
        pytest.param("ks69.sec5.alpha_aa", "erratum", id="alpha(a,a)"),
        pytest.param("ks69.sec5.1e10", "verified", id="1e10"),
        pytest.param("ks69.sec4.b1", "verified", id="b=1"),
    ],
)
def test_claim_outcomes(cid, outcome):
    v = REGISTRY[cid].check()
    assert v.outcome.value == outcome, v.details


def test_table5_claim_names_the_truncation():
    v = REGISTRY["ks69.table5"].check()
    assert v.outcome.value == "erratum"
    fits = v.witness.tables()[0]  # printed cells reproduced by the series cut at N, by N
    assert int(dict(zip(fits.column("N"), fits.column("printed cells reproduced"), strict=True))["10"].split()[0]) >= 92
    where = {e.where for e in v.errata}
    assert "ks69.table5 row 1000, column a" in where and "ks69.table5 row 2.0, column a" not in where


def test_larger_and_other_factors():
    t = TABLES["ks69.table1"](size=30, a=mpq(3), b=mpq(2))
    assert not t.published  # the paper printed a = b = 2 only
    # by hand: one raise of 3 against none: (a+1)/(2a) = 2/3
    assert t.get(1, 0) == mpq(2, 3)
    assert len(t.rows) == 30
    t = TABLES["ks69.table1"](size=12)
    assert len(t.published) == 100 and t.get(11, 0) == mpq(3, 4) ** 11


def test_cli_table_and_plot(tmp_path, cli):
    code, text = cli(["table", "ks69.table1", "--size", "3", "--exact"])
    assert code == 0 and "13/16" in text
    code, text = cli(["table", "ks69.table5", "--b", "1,2", "--truncation", "0", "--format", "csv"])
    assert code == 0 and text.splitlines()[0] == "b,a,a/b"
    pytest.importorskip("matplotlib")
    out = tmp_path / "f3.png"
    code, _ = cli(["plot", "ks69.fig3", "-o", str(out), "--points", "5", "--bmax", "5"])
    assert code == 0 and out.exists()


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["table", "ks69.table1", "--a", "1"], "greater than 1"),
        (["table", "ks69.table2", "--b", "-2"], "greater than 1"),
        (["table", "ks69.table1", "--size", "0"], "at least 1"),
        (["table", "ks69.table1", "--size", "5000"], "too large"),
        (["table", "ks69.table3", "--size", "1000"], "too large"),
        (["table", "ks69.table5", "--b", "1/2"], "at least 1"),
        (["plot", "ks69.fig3", "--bmax", "1"], "greater than 1"),
    ],
)
def test_bad_input(argv, fragment, capsys, cli):
    code, _ = cli(argv)
    err = capsys.readouterr().err
    assert code == 2 and fragment in err and "Traceback" not in err


@pytest.mark.parametrize("n", [pytest.param(0, id="no truncation"), pytest.param(7, id="cut at 7")])
def test_table5_notes_follow_the_truncation_option(n):
    # the audit found the notes describing "the last column" even when --truncation 0 removes it
    t = TABLES["ks69.table5"](b=("1",), truncation=n)
    assert len(t.cols) == (3 if n else 2)
    assert ("last column" in t.notes) == bool(n)
    if n:
        assert f"i, j \\le {n}$" in t.notes and t.cols[-1] == f"a (series cut at {n})"


def test_table5_reports_the_printed_ratio_rising():
    # issue 22: Table V prints a = 1405.576 at b = 500 and 2819.971 at b = 1000, so a/b goes 2.811152 -> 2.819971
    # (by hand), rising where §5 says a ~ be "approaching it from above"
    from exactcube.claims import REGISTRY
    from exactcube.printed import substituting

    v = REGISTRY["ks69.table5"].check()
    _fits, rises = v.witness.tables()
    assert (rises.column("b from"), rises.column("to"), rises.column("printed a/b")) == (
        ["500"], ["1000"], ["2.811152 to 2.819971"])
    assert "approaching it from above" in v.details
    # the printed cell is what is judged: 2800.000 at b = 1000 (a/b = 2.8) removes the rise
    with substituting(("cell", "ks69.table5", "1000", "a"), "2800.000"):
        assert len(REGISTRY["ks69.table5"].check().witness.tables()) == 1  # the fits alone: no rise
