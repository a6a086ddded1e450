"""exactcube.mutate: the harness that shows a check can fail, on checks written to pass or fail it."""

import pytest

from exactcube.claims import Claim, Erratum, erratum, verified
from exactcube.mutate import mutants_of, mutate_claim
from exactcube.numbers import mpq
from exactcube.printed import agrees_with_printed, printed, substituting

P = printed("§2.1", mpq(3, 4))          # the document prints the doubling point 3/4 (ju24 §2.1)
CELL = printed("Table I, row 1", ".8125")  # and 13/16 = .8125 to four places
WRONG = printed("§3 example", ".4938")     # a printed value that is wrong (true 111537/524288 = .2127)


def honest():
    if P.value != mpq(3, 4) or not agrees_with_printed(mpq(13, 16), CELL.value):
        return erratum("exact", "differs", [Erratum("§2.1", str(P.value), "3/4", kind="substantive")])
    return verified("exact", "both agree")


def echo():
    _ = P.value, CELL.value  # reads the items but never judges them: a check that cannot fail
    return verified("exact", "always")


def finds_wrong():
    true = mpq(111537, 524288)
    if agrees_with_printed(true, WRONG.value):
        return verified("exact", "agrees")
    return erratum("exact", "wrong", [Erratum("§3 example", WRONG.value, str(true), "0.2127", kind="substantive")])


def echoes_wrong():
    return erratum("exact", "always wrong", [Erratum("§3 example", WRONG.value, "?", "0.2127", kind="substantive")])


def _claim(fn, unprinted=""):
    return Claim(f"test.{fn.__name__}", "here", "a statement", fn, False, unprinted)


def test_decimal_mutants_move_the_last_printed_digit():
    assert [m for _, m in mutants_of(".8125")] == [".8126", ".8124", "-.8125"]
    assert [m for _, m in mutants_of("5.1%")] == ["5.2%", "5.0%", "-5.1%"]
    assert [m for _, m in mutants_of("0")] == ["1", "-1"]


def test_formula_mutants_change_numbers_and_terms():
    import sympy as sp

    k = sp.Symbol("k")
    labels = [lab for lab, _ in mutants_of(sp.Rational(4, 5) + sp.Rational(1, 5) * sp.Rational(-1, 4) ** k)]
    assert any("dropped" in lab for lab in labels) and any("flipped" in lab for lab in labels)
    assert any("number 4/5" in lab for lab in labels)


def test_an_honest_check_catches_every_mutant():
    # 3/4: 4/4, 2/4, 3/5 (3/3 is 4/4 again), -3/4; .8125: .8126, .8124, -.8125
    rep = mutate_claim(_claim(honest))
    assert rep.items == 2 and rep.tried == 7 and rep.caught == 7 and rep.survivors == []


def test_a_check_that_cannot_fail_is_exposed():
    rep = mutate_claim(_claim(echo))
    assert rep.items == 2 and rep.caught == 0 and len(rep.survivors) == rep.tried == 7


def test_a_wrong_value_corrected_must_clear_its_erratum():
    rep = mutate_claim(_claim(finds_wrong))
    assert (rep.tried, rep.caught) == (1, 1)  # the only mutant is the correction .2127
    rep = mutate_claim(_claim(echoes_wrong))
    assert (rep.tried, rep.caught) == (1, 0)


def crashes_on_change():
    # judges the cell, but raises (instead of judging) when the printed doubling point is not 3/4
    if P.value != mpq(3, 4):
        raise ZeroDivisionError("a check that cannot handle the perturbed input")
    if not agrees_with_printed(mpq(13, 16), CELL.value):
        return erratum("exact", "differs", [Erratum("Table I, row 1", CELL.value, "13/16", kind="substantive")])
    return verified("exact", "both agree")


def test_an_exception_is_an_error_never_a_catch():
    rep = mutate_claim(_claim(crashes_on_change))
    # 4 mutants of 3/4 raise (errors), 3 of .8125 change the verdict (caught)
    assert (rep.tried, rep.caught, rep.survived, rep.errored) == (7, 3, 0, 4)
    assert all("ZeroDivisionError" in e and e.startswith("§2.1") for e in rep.errors)
    d = rep.as_dict()
    assert (d["caught"], d["survived"], d["errors"]) == (3, 0, 4) and d["tried"] == 7


def test_nothing_printed_needs_a_reason():
    rep = mutate_claim(_claim(lambda: verified("exact", "qualitative"), unprinted="a sign pattern, no number"))
    assert rep.items == 0 and rep.note == "a sign pattern, no number"


def test_substitution_is_local():
    with substituting(P, mpq(1, 2)):
        assert P.value == mpq(1, 2)
    assert P.value == mpq(3, 4)


@pytest.mark.parametrize("claim_id", ["floyd.algorithm", "ks69.table1", "zk77.table1", "ks69.lemma",
                                      "ks69.appendix.bessel", "ks69.sec5.alpha_aa"])
def test_registered_claims_sample(claim_id):
    """A sample of the real harness in the default run (the whole harness runs as a slow test)."""
    from exactcube import catalog
    from exactcube.claims import REGISTRY

    catalog.load()
    rep = mutate_claim(REGISTRY[claim_id], limit=6)
    assert rep.tried > 0, rep.note
    assert rep.caught == rep.tried, rep.survivors


@pytest.mark.slow
def test_whole_harness():
    """Every registered claim: every mutant caught, or the claim's survivors and errors are listed
    exceptions (an error is never a catch)."""
    from exactcube import catalog
    from exactcube.claims import REGISTRY

    catalog.load()
    bad = {}
    for c in sorted(REGISTRY.values(), key=lambda c: c.id):
        if c.slow:
            continue
        rep = mutate_claim(c)
        if rep.items == 0 and not c.unprinted:
            bad[c.id] = "reads nothing printed and gives no reason"
        elif (rep.survivors or rep.errors) and c.id not in _listed_exceptions():
            bad[c.id] = (rep.survivors + rep.errors)[:3]
    assert bad == {}


def _listed_exceptions() -> set:
    """Claim ids named under a "Mutation exceptions" heading of a docs/ page (the reasoned
    exceptions: survivors that are right, e.g. a false theorem stays false when perturbed)."""
    import pathlib
    import re

    ids = set()
    for page in (pathlib.Path(__file__).resolve().parent.parent / "docs").glob("*.md"):
        text = page.read_text(encoding="utf-8")
        for m in re.finditer(r"^(#+) Mutation exceptions[^\n]*\n(.*?)(?=^#+ |\Z)", text, re.M | re.S):
            ids |= set(re.findall(r"`([a-z0-9]+\.[^`\s]+)`", m.group(2)))
    return ids


def turns_open_on_change():
    # stops deciding (instead of judging) when the printed doubling point is not 3/4
    from exactcube.claims import open_

    if P.value != mpq(3, 4):
        return open_("exact", "a sub-proof breaks on the perturbed formula")
    return verified("exact", "3/4 checked")


def false_statement():
    # "the doubling point is P": false for every printed value but 3/4 + 1/4 = 1 (the true point here is 1)
    from exactcube.claims import refuted

    if P.value == 1:
        return verified("exact", "P = 1 is the doubling point")
    return refuted("exact", f"P = {P.value} is not the doubling point", witness={"P": str(P.value), "true": "1"})


def test_a_move_to_open_is_fragile_never_a_catch():
    rep = mutate_claim(_claim(turns_open_on_change))
    d = rep.as_dict()
    assert (d["tried"], d["caught"], d["fragile"], d["survived"]) == (4, 0, 4, 0)
    assert all(": open: " in f for f in d["fragile_mutants"])


def test_a_false_statement_perturbed_stays_refuted_by_design():
    # mutants of 3/4: 4/4 = 1 makes the statement true (caught); 2/4, 3/5 and -3/4 stay false, refuted with a witness
    rep = mutate_claim(_claim(false_statement))
    d = rep.as_dict()
    assert (d["tried"], d["caught"], d["survived_by_design"], d["survived"], d["fragile"]) == (4, 1, 3, 0, 0)
    assert d["tried"] == d["caught"] + d["survived"] + d["survived_by_design"] + d["fragile"] + d["errors"]


def test_mutating_says_its_cost_first(monkeypatch, capsys):
    # a mutation run re-runs each check once per mutant: before it starts, an estimate line on stderr (MUTATE_FACTOR
    # times the verify run, capped by --mutate-limit); 3 claims of 10 s each are about 9 x 30 s = 4.5 min
    import argparse
    import types

    from exactcube.cli import verify as V

    monkeypatch.setattr("exactcube.mutate.mutate_claim", lambda claim, limit=None: "report")
    fake = [types.SimpleNamespace(verdict=object(), seconds=10.0, claim=types.SimpleNamespace(id=f"x.c{i}"))
            for i in range(3)]
    assert V._mutate(fake, argparse.Namespace(mutate_limit=None)) == {f"x.c{i}": "report" for i in range(3)}
    err = capsys.readouterr().err
    assert f"estimate: about {V.MUTATE_FACTOR * 30 // 60:.0f}" in err and "mutating 3 claims" in err
    V._mutate(fake, argparse.Namespace(mutate_limit=1))  # at most 2 runs a claim: 60 s, still announced
    assert "mutating 3 claims" in capsys.readouterr().err
