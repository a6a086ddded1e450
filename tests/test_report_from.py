"""``report --from RUN.json`` typesets a saved run without building again what the run kept: the verdicts, and the
tables whose cells are exact (``verify --json``'s ``tables``, read back by ``Table.from_saved``)."""

import json

import pytest

from exactcube.numbers import mpq
from exactcube.tables import TABLES, Table


def _table():
    # d_1 = 4/5 + (1/5)(-1/4) = 3/4 and d_2 = 4/5 + (1/5)(1/16) = 13/16 (ju24 (1.1)), a count and a word
    t = Table("t.x", "a table", ["1", "2"], ["d_k", "n", "move"], row_header="k", notes="hand values")
    t.set(1, "d_k", mpq(3, 4))
    t.set(2, "d_k", mpq(13, 16))
    t.set(1, "n", 10**30 + 1)
    t.set(2, "move", "double, take")
    t.publish(2, "d_k", ".8125")
    return t


def test_a_table_of_exact_cells_reads_back_exactly():
    t = _table()
    back = Table.from_saved(json.loads(json.dumps(t.saved())))
    assert back.cells == {("1", "d_k"): mpq(3, 4), ("2", "d_k"): mpq(13, 16), ("1", "n"): 10**30 + 1,
                          ("2", "move"): "double, take"}
    assert type(back.cells[("1", "d_k")]) is type(mpq(1)) and back.published == {("2", "d_k"): ".8125"}
    assert (back.row_header, back.notes, back.digits, back.scale) == ("k", "hand values", 4, 1)
    assert back.to_latex() == t.to_latex() and back.to_html() == t.to_html()


def test_a_ball_or_a_float_is_not_kept():
    import mpmath
    from flint import arb

    t = _table()
    t.set(1, "move", arb(1) / 3)
    assert t.saved() is None
    t = _table()
    t.set(1, "move", mpmath.mpf(1) / 3)
    assert t.saved() is None


@pytest.mark.parametrize("cell", [["1", "d_k", "q", "3/x"], ["1", "d_k", "f", "0.75"], ["9", "d_k", "q", "3/4"],
                                  ["1", "d_k", "q"]])
def test_a_damaged_saved_table_is_refused(cell):
    d = _table().saved()
    d["cells"][0] = cell
    with pytest.raises(ValueError):
        Table.from_saved(d)


def test_report_from_reads_the_kept_tables(cli, tmp_path, monkeypatch):
    jsonschema = pytest.importorskip("jsonschema")
    from importlib import resources

    run = tmp_path / "run.json"
    code, _ = cli(["verify", "--paper", "floyd", "--json", str(run)])
    assert code == 0
    doc = json.loads(run.read_text())
    jsonschema.validate(doc, json.loads(resources.files("exactcube").joinpath("schema/verdicts.json").read_text()))
    assert sorted(doc["tables"]) == ["floyd.f"]
    # the report with the table built, then with a builder that cannot run: the report must show the table the run
    # kept, never build it, and read the same
    code, _ = cli(["report", "--from", str(run), "-o", str(tmp_path / "built.tex"), "--no-figures"])
    assert code == 0

    def fail(**_):
        raise AssertionError("built again")

    from exactcube.tables import TableBuilder

    monkeypatch.setitem(TABLES, "floyd.f", TableBuilder("floyd.f", TABLES["floyd.f"].title, fail))
    code, text = cli(["report", "--from", str(run), "-o", str(tmp_path / "r.tex"), "--no-figures"])
    assert code == 0 and "could not include" not in text, text

    def body(name):  # the report without its date and duration
        return [ln for ln in (tmp_path / name).read_text().splitlines() if "UTC" not in ln and "duration" not in ln]

    assert body("r.tex") == body("built.tex") and any("floyd.f" in ln for ln in body("r.tex"))


def test_report_from_refuses_a_damaged_table(cli, tmp_path, capsys):
    run = tmp_path / "run.json"
    assert cli(["verify", "--paper", "floyd", "--json", str(run)])[0] == 0
    doc = json.loads(run.read_text())
    doc["tables"]["floyd.f"]["cells"][0][3] = "not a number"
    run.write_text(json.dumps(doc))
    code, _ = cli(["report", "--from", str(run), "-o", str(tmp_path / "r.tex"), "--no-figures"])
    err = capsys.readouterr().err
    assert code == 2 and "floyd.f" in err and len(err.strip().splitlines()) == 1, err
