"""Tables in the terminal: wide ones split into column groups, long exact values said to be cut,
defaults listed as a user would type them."""

import io

from exactcube.cli import Output, main


def _run(argv, width=None):
    buf = io.StringIO()
    out = Output(buf, force_plain=True)
    if width:
        out.console.width = width
    return main(argv, out), buf.getvalue()


def test_floyd_25x25_readable_when_piped():
    code, text = _run(["table", "floyd.f"])
    assert code == 0
    rows = [ln for ln in text.splitlines() if ln.startswith("|")]
    assert rows and all(len(ln) <= 200 for ln in rows)
    assert "…" not in text  # every cell whole (rich shrank them to '1.00…' before)
    assert "part 1 of" in text and "--format csv" in text
    # every column 1..25 appears in some part's header, with the row labels repeated in each part
    headers = [ln for ln in rows if ln.startswith("| A \\ B")]
    cols = {c.strip() for h in headers for c in h.strip("|").split("|")[1:]}
    assert cols == {str(i) for i in range(1, 26)} and len(headers) >= 2
    # f(25, 25) = 0.698861 (floyd.f25), rounded to the table's 4 places
    last = [ln for ln in rows if ln.startswith("|    25 |")]
    assert last and last[-1].rstrip(" |").endswith("0.6989")


def test_narrow_terminal_splits_more():
    code, text = _run(["table", "floyd.f", "--size", "12"], width=80)
    assert code == 0
    assert all(len(ln) <= 80 for ln in text.splitlines() if ln.startswith("|"))
    assert "part 2 of" in text


def test_exact_values_too_long_say_so():
    code, text = _run(["table", "floyd.f", "--exact"])
    assert code == 0
    assert "digits)" in text and "--format csv or --format json prints them whole" in text
    # and the CSV does print them whole: f(25, 25) as p/q
    code, csv_text = _run(["table", "floyd.f", "--format", "csv"])
    last = csv_text.strip().splitlines()[-1].split(",")
    p, q = last[-1].split("/")
    assert len(p) > 30 and "…" not in csv_text


def test_table_list_shows_typed_defaults():
    code, text = _run(["table", "--list"])
    assert code == 0
    assert "Dice(" not in text and "--dice backgammon" in text
    assert "--board 2x3" in text and "--eps 1/10" in text and "mpq(" not in text
    code, text = _run(["table", "zk77.table1", "--help-table"])
    assert "(default backgammon)" in text


def test_plain_print_without_rich_is_what_rich_prints():
    """Plain output writes simple strings itself (no rich import); it must be exactly what rich's
    console prints for them, and strings rich would change (tabs, control characters, emoji codes)
    still go through rich."""
    samples = ["plain", "  lead and trail  ", "x" * 450, "a [b] c", "≤ · é 漢字", "(points 1..6): rolls",
               "a\nb", "", "tab\there", "emoji :smile: here", "carriage\r return", "x " * 150]
    for s in samples:
        fast, slow = io.StringIO(), io.StringIO()
        Output(fast, force_plain=True).print(s)
        ref = Output(slow, force_plain=True)
        ref.console.print(s, markup=False)  # rich itself
        assert fast.getvalue() == slow.getvalue(), s
    # two strings and sep/end as rich joins them
    fast, slow = io.StringIO(), io.StringIO()
    Output(fast, force_plain=True).print("a", "b", sep=", ", end="!")
    Output(slow, force_plain=True).console.print("a", "b", sep=", ", end="!", markup=False)
    assert fast.getvalue() == slow.getvalue() == "a, b!"


def test_xgid_is_not_read_as_emoji():
    """An XGID field ":-1:" is rich's emoji code for thumbs down; with emoji=False it prints as typed."""
    buf = io.StringIO()
    Output(buf, force_plain=True).print("XGID=------A---:0:-1:1:00", emoji=False)
    assert buf.getvalue() == "XGID=------A---:0:-1:1:00\n"
