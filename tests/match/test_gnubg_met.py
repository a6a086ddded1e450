"""The gnubg-met document: gnubg's printout parsed, and the document skipping cleanly without gnubg."""

from exactcube.match import zadeh_met


def certificate_doc(monkeypatch, gnubg: str):
    import proofs.gnubg_met.tables as t

    monkeypatch.setattr(t, "GNUBG", gnubg)
    return t


SAMPLE = """Pre-Crawford table:

             1-away    2-away
   1-away   50.0000   68.7500
   2-away   31.2500   50.0000

             3-away
   1-away   75.5625
   2-away   60.3017

Post-Crawford table for player 0 (gnubg):

             1-away    2-away
   1-away   50.0000   48.5000

Post-Crawford table for player 1 (root):

             1-away    2-away
   1-away   50.0000   48.5000
"""


def test_parse_show_joins_column_blocks(monkeypatch):
    t = certificate_doc(monkeypatch, "/usr/games/gnubg")
    shown = t.parse_show(SAMPLE)
    assert shown["pre"] == [["50.0000", "68.7500", "75.5625"], ["31.2500", "50.0000", "60.3017"]]
    assert shown["post0"] == ["50.0000", "48.5000"] and shown["post1"] == ["50.0000", "48.5000"]


def test_printed_zadeh_entries_judged(monkeypatch):
    t = certificate_doc(monkeypatch, "/usr/games/gnubg")
    shown = {"pre": [["50.0000", "68.7500"], ["31.2500", "50.0000"]], "post0": ["50.0000", "48.5000"],
             "post1": ["50.0000", "47.9000"]}
    errata = t.compare_shown(shown, zadeh_met(2), "sample")
    # only player 1's 2-away entry differs: 47.9 against the exact 97/200 = 48.5 percent (two digits: no slip)
    assert [e.where for e in errata] == ["sample, post-Crawford (player 1) 1-away/2-away"]
    assert errata[0].kind.value == "substantive"


def test_normal_extension_reproduces_gnubg_shipped_print(monkeypatch):
    # gnubg 1.07 prints 32.2756 and 23.1059 for 2-away/1-away and 3-away/1-away from the shipped zadeh.xml
    t = certificate_doc(monkeypatch, "/usr/games/gnubg")
    ext = t.normal_extension(3)
    assert t.judge("x", "32.2756", ext[1][0], []) is None
    assert t.judge("x", "23.1059", ext[2][0], []) is None


def test_skips_without_gnubg(monkeypatch):
    t = certificate_doc(monkeypatch, "/nonexistent/gnubg")
    for check in (t.zadeh_shipped, t.zadeh_generated, t.mec_shipped):
        v = check()
        assert v.outcome.value == "open" and "not installed" in v.details
