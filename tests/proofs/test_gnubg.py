"""The gnubg document (proofs/gnubg): gnubg's stored bearoff words as printed values.

Pinned facts come from outside the code under test: a distribution derived by hand, words read
straight from gnubg's file, and what the finders say when gnubg is absent."""

import pytest

from exactcube import catalog
from exactcube.claims import DOCUMENTS, REGISTRY, Outcome
from exactcube.numbers import mpq
from exactcube.printed import substituting
from exactcube.race.bearoff import gnubgfiles as gf
from exactcube.race.bearoff import onesided as os_
from exactcube.race.bearoff.positions import counts_of, gnubg_index
from exactcube.results import ErratumKind, counted_errata

catalog.load()
from proofs.gnubg import databases as g  # noqa: E402  (registered by the catalogue)

GNUBG_OS = gf.find_gnubg_os()
needs_os = pytest.mark.skipif(GNUBG_OS is None, reason="gnubg_os0.bd not installed (Debian package gnubg-data)")
needs_mb = pytest.mark.skipif(gf.find_makebearoff() is None,
                              reason="gnubg's makebearoff not installed (Debian package gnubg)")

#: One checker on the 6-point, by hand: it is off in one roll unless the roll moves it less than 6 pips
#: (1-2, 1-3, 1-4, 2-3 either way, and 1-1: 9 of 36), and then always at the next roll (it stands on the
#: 1-, 2- or 3-point).  P(N = 1) = 27/36 = 3/4, P(N = 2) = 1/4: words 49151.25 and 16383.75 of 65535.
SIX = (0, 0, 0, 0, 0, 1)


def item_mutants(item):
    """The mutants ``verify --mutate`` tries on a printed item: those its check registered with it."""
    from exactcube.printed import recording

    with recording() as rec:
        _ = item.value  # the read is what is recorded
    (access,) = rec.values()
    return access.mutants(access.value)


def _by_where(v):
    return {e.where: e for e in v.errata}


def test_registered_as_an_opt_in_document_of_slow_claims():
    assert DOCUMENTS["gnubg"].opt_in and DOCUMENTS["gnubg"].package == "proofs.gnubg"
    ids = {c for c in REGISTRY if c.startswith("gnubg.")}
    assert ids == {"gnubg.onesided", "gnubg.gammons", "gnubg.twosided", "gnubg.twosided-user"}
    assert all(REGISTRY[c].slow for c in ids)  # never in the default run or the verdict baseline


def test_verify_selects_the_opt_in_document_only_when_named():
    """``verify`` (no --paper) leaves gnubg out; ``verify --paper gnubg`` runs it without --slow; other
    documents' slow claims still need --slow."""
    from argparse import Namespace

    from exactcube.cli.verify import select

    default, _ = select(Namespace(paper=None, claim=None, slow=False))
    assert not any(c.document == "gnubg" for c in default)
    named, _ = select(Namespace(paper=["gnubg"], claim=None, slow=False))
    assert {c.id for c in named} == {"gnubg.onesided", "gnubg.gammons", "gnubg.twosided", "gnubg.twosided-user"}
    one, _ = select(Namespace(paper=None, claim=["gnubg.gammons"], slow=False))
    assert [c.id for c in one] == ["gnubg.gammons"]
    ks, _ = select(Namespace(paper=["ks69"], claim=None, slow=False))
    assert not any(c.slow for c in ks)


def test_without_gnubg_every_claim_is_open_and_says_what_to_install(monkeypatch, cli, capsys):
    monkeypatch.delenv("EXACTCUBE_GNUBG_TS", raising=False)
    monkeypatch.setattr(gf, "find_gnubg_os", lambda: None)
    monkeypatch.setattr(gf, "find_makebearoff", lambda: None)
    for cid in ("gnubg.onesided", "gnubg.gammons"):
        v = REGISTRY[cid].check()
        assert v.outcome is Outcome.OPEN and "gnubg-data not installed" in v.details
    v = REGISTRY["gnubg.twosided"].check()
    assert v.outcome is Outcome.OPEN and "makebearoff not installed" in v.details
    code, out = cli(["verify", "--paper", "gnubg"])
    assert code == 0
    # the cost line goes to stderr, before the run
    assert capsys.readouterr().err.startswith("exactcube: gnubg: 4 claims; the whole document takes about 65 s of CPU")
    lines = [ln for ln in out.splitlines() if "not installed" in ln]
    assert len(lines) == 3  # one line per claim, naming the package to install
    assert sum("install the Debian package gnubg-data" in ln for ln in lines) == 2
    assert sum("install the Debian package gnubg," in ln for ln in lines) == 1


@needs_os
def test_hand_derived_position_is_stored_correctly_and_its_mutants_are_caught():
    i = gnubg_index(SIX)
    words = gf.read_gnubg_os(GNUBG_OS)[i]
    assert words[:3] == (0, 49151, 16384) and sum(words) == 65535  # nearest quanta of 3/4 and 1/4
    base = g.one_sided_verdict(indices=[i])
    assert base.outcome is Outcome.VERIFIED and not base.errata
    item = g.stored_items(GNUBG_OS, False, os_.one_sided())[i]
    where = item.where
    assert where == f"gnubg_os0.bd bear-off words, position 0 0 0 0 0 1 (index {i})"
    (up_label, up), (down_label, down) = item_mutants(item)
    with substituting(item, up):  # 49152: 0.75 quanta off, a nearest quantum, but gnubg's build gives 49151
        e = _by_where(g.one_sided_verdict(indices=[i]))[where]
    assert (e.printed, e.true, e.true_rounded) == ("49152/65535 at 1 rolls", "3/4 = 49151.25/65535", "49151/65535")
    assert e.kind is ErratumKind.SUBSTANTIVE and "no stated arithmetic" in e.note
    with substituting(item, down):  # 49150: 1.25 quanta off, one digit from the correctly rounded 49151
        e = _by_where(g.one_sided_verdict(indices=[i]))[where]
    assert e.kind is ErratumKind.MISPRINT and e.printed == "49150/65535 at 1 rolls"


@needs_os
@pytest.mark.parametrize("gammon", [False, True])
def test_the_positions_stored_without_a_build_are_checked_too(gammon):
    """The empty position (and, for gammons, every position with a checker off) stores P = 1 at 0 rolls:
    the words 65535, 0, 0, ...; a word changed there is an erratum (before, index 0 was read unchecked)."""
    table = os_.gammon_table() if gammon else os_.one_sided()
    item = g.stored_items(GNUBG_OS, gammon, table)[0]
    assert item.original == (65535,) + (0,) * 31
    assert g.one_sided_verdict(gammon, indices=[0]).outcome is Outcome.VERIFIED
    for label, words in item_mutants(item):
        with substituting(item, words):
            v = g.one_sided_verdict(gammon, indices=[0])
        assert [e.where for e in v.errata] == [item.where], label


@needs_os
def test_a_play_chosen_on_rounded_means_is_a_substantive_erratum_and_its_correction_clears_it():
    """From 2 0 4 1 2 0 with 2-1 gnubg leaves 2 0 3 1 2 0, whose stored words give a smaller sum k u_k
    than those of the better 1 1 4 0 2 0 (read from the file here, not from the code under test)."""
    stored = gf.read_gnubg_os(GNUBG_OS)

    def gnubg_sum(c):
        return sum(k * u for k, u in enumerate(stored[gnubg_index(c)]))

    assert (gnubg_sum((2, 0, 3, 1, 2, 0)), gnubg_sum((1, 1, 4, 0, 2, 0))) == (291871, 291872)
    i = gnubg_index((1, 0, 4, 1, 3, 0))
    assert stored[i][5] == 23270  # the file's largest deviation (docs/bearoff.md)
    v = g.one_sided_verdict(indices=[i])
    e = _by_where(v)[f"gnubg_os0.bd bear-off words, position 1 0 4 1 3 0 (index {i})"]
    assert v.outcome is Outcome.ERRATUM and e.kind is ErratumKind.SUBSTANTIVE
    assert e.printed == "23270/65535 at 5 rolls" and e.cause == "play chosen on rounded means at 1 0 4 1 3 0"
    assert "gnubg leaves 2 0 3 1 2 0" in e.note
    assert abs(mpq(e.true.split(" = ")[0]) * 65535 - 23270) > 182  # far beyond rounding
    item = g.stored_items(GNUBG_OS, False, os_.one_sided())[i]
    (label, corrected), = item_mutants(item)  # a wrong item's mutants are corrections
    with substituting(item, corrected):
        assert g.one_sided_verdict(indices=[i]).outcome is Outcome.VERIFIED


@needs_os
def test_one_cause_is_counted_once():
    """The play gnubg chose at 2 0 4 1 2 0 (2-1) shows in the positions above it that it reaches: their
    substantive errata are one slip, counted once."""
    above = [(2, 0, 4, 1, 2, 0), (3, 0, 4, 0, 2, 1), (3, 0, 3, 1, 3, 0), (2, 0, 5, 1, 2, 0)]
    v = g.one_sided_verdict(indices=[gnubg_index(c) for c in above])
    assert len(v.errata) == 4 and all(e.kind is ErratumKind.SUBSTANTIVE for e in v.errata)
    assert {e.cause for e in v.errata} == {"play chosen on rounded means at 2 0 4 1 2 0"}
    assert len(counted_errata(v.errata)) == 1
    assert sum("below this position" in e.note for e in v.errata) == 3


@needs_mb
def test_two_sided_mutants_are_caught_on_the_three_checker_table():
    """gnubg's 6x3 table: its actions agree with the exact ones; a clearly lost pair given a won pair's
    words (double, pass) becomes an erratum in both cube states."""
    base = g.two_sided_verdict(3)
    counts = dict(zip(base.witness.tables()[0].column(""), base.witness.tables()[0].column("count"), strict=True))
    assert base.outcome is Outcome.VERIFIED and counts["pairs"] == str(83 * 83)  # C(9, 3) - 1 positions with a checker, a side
    item = g.two_sided_item(gf.find_makebearoff(), 3)
    (label, lost), *rest = item_mutants(item)
    with substituting(item, lost):
        v = g.two_sided_verdict(3)
    assert v.outcome is Outcome.ERRATUM
    assert sorted(e.where for e in v.errata) == [
        "two-sided pair 0 0 0 0 0 3 on roll vs 1 0 0 0 0 0, cube centred",
        "two-sided pair 0 0 0 0 0 3 on roll vs 1 0 0 0 0 0, cube owned by the roller"]
    assert all(e.printed.startswith("double, pass") and e.true_rounded == "no double, take" for e in v.errata)


@pytest.mark.slow
@needs_os
def test_whole_one_sided_file():
    """The whole file (about 30 s of CPU): the figures docs/gnubg.md quotes."""
    v = REGISTRY["gnubg.onesided"].check()
    (t,) = v.witness.tables()
    w = dict(zip(t.column(""), t.column("count"), strict=True))
    assert (w["words"], w["words off by more than half a quantum"], w["positions off"]) == ("1736416", "75481", "42086")
    assert {k: w[f"positions by cause: {k}"] for k in ("gnubg play", "play below", "rounding")} == {
        "gnubg play": "70", "play below": "8813", "rounding": "33203"}
    assert "and the empty position (P(N = 0) = 1)" in v.details  # index 0 is judged too, not only read
    # one slip per play chosen on rounded means, one for the rounding carried through the build
    assert len(counted_errata(v.errata)) == 72


@pytest.mark.slow
@needs_mb
def test_two_sided_claim_mutants_all_caught():
    """The 6x6 claim (about 60 s): both mutants caught, the correction of the widest near-tie clearing
    its errata (a narrower near-tie, 0.16 steps, stays on the wrong side after rounding)."""
    from exactcube.mutate import mutate_claim

    rep = mutate_claim(REGISTRY["gnubg.twosided"])
    assert (rep.tried, rep.caught) == (2, 2), rep.survivors


@pytest.mark.parametrize("off, reproduced, kind", [
    (mpq(7, 10), True, ErratumKind.ROUNDING),         # one of the two quanta next to it, and gnubg's build gives it
    (mpq(7, 10), False, ErratumKind.SUBSTANTIVE),     # next to it, but no stated arithmetic gives the word
    (mpq(18, 10), True, ErratumKind.SUBSTANTIVE),     # 1.8 quanta off: not a nearest quantum, whatever the build
])
def test_the_kind_of_a_deviating_word_comes_from_the_one_rule(off, reproduced, kind):
    """gnubg's 16-bit build may store either quantum next to the exact value (its cell (w - 1, w + 1)
    in quanta): a word less than one quantum off is rounding only where the replayed build gives it."""
    table = os_.one_sided(2)
    word = 1000
    dev = gf.Deviation(index=1, counts=counts_of(table.keys[1]), rolls=3, word=word,
                        exact=(word - off) / 65535, words_off=1, cause="rounding", origin=None,
                        reproduced=reproduced)
    e = g.deviation_erratum(table, dev, gammon=False)
    assert e.kind is kind


@needs_mb
def test_a_user_built_table_is_judged_entry_by_entry(tmp_path, monkeypatch):
    """gnubg.twosided-user: a 6x4 table the user built, against the exact table of a chunked build (read row
    block by row block): every cube action that differs from the in-memory comparison's is an erratum, no more
    (the in-memory comparison of the same words and the one-process table is the reference); unset, the claim
    says what to set."""
    import subprocess

    from exactcube.race.bearoff import chunked as ch
    from exactcube.race.bearoff import twosided as ts

    monkeypatch.delenv("EXACTCUBE_GNUBG_TS", raising=False)
    assert g.twosided_user().outcome is Outcome.OPEN and "EXACTCUBE_GNUBG_TS" in g.twosided_user().details
    f = tmp_path / "ts64.bd"
    subprocess.run([gf.find_makebearoff(), "-t", "6x4", "-f", str(f)], check=True, capture_output=True, cwd=tmp_path)
    built = ch.build_chunked(str(tmp_path / "b"), 4, chunk_pairs=3000)
    monkeypatch.setenv("EXACTCUBE_GNUBG_TS", str(f))
    monkeypatch.setenv("EXACTCUBE_BEAROFF_TS", built.path)
    v = g.twosided_user()
    want = gf.compare_two_sided(ts.build(4), gf.read_gnubg_ts(str(f))).disagreements
    assert want and v.outcome is Outcome.ERRATUM and len(v.errata) == len(want)
    assert all(e.kind is ErratumKind.SUBSTANTIVE for e in v.errata)
