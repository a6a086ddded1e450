"""ju24 §3 / Appendix A claims: the verdicts, and that each check fails when fed a wrong formula."""

import json

import pytest
import sympy as sp

from exactcube import catalog
from exactcube.claims import REGISTRY, Outcome
from exactcube.content.model import Math, Table
from exactcube.errors import BadInput
from exactcube.numbers import mpq
from exactcube.printed import substituting
from exactcube.tables import TABLES
from proofs.ju24.stakes import formulas, optimality, regions

catalog.load()


@pytest.mark.parametrize("cid", [
    "ju24.lemma3.2", "ju24.lemma3.3", "ju24.lemma3.4", "ju24.eq3.4", "ju24.eq3.6", "ju24.thm3.1",
    "ju24.thm3.1.gaps", "ju24.thm1.3.indifference", "ju24.thm1.4", "ju24.thm1.4.standard", "ju24.fig2-3.text",
])
def test_verified_exactly(cid):
    v = REGISTRY[cid].check()
    assert v.outcome is Outcome.VERIFIED, v.details
    assert v.evidence.value == "exact"
    # issue 40: the evidence is derived from the results the check built, never typed in
    assert v.rests_on and all(p.evidence.value == "exact" for p in v.rests_on)


@pytest.mark.parametrize("cid, fragment", [
    ("ju24.sec3.2.text", "n > 1"),
    ("ju24.regions", "x = 0, y > 1"),
])
def test_errata(cid, fragment):
    v = REGISTRY[cid].check()
    assert v.outcome is Outcome.ERRATUM and v.evidence.value == "exact"
    text = " ".join(e.printed + " " + e.true for e in v.errata)
    assert fragment in text, text


def test_thm1_5_is_refuted_not_an_erratum():
    # a false optimality theorem is refuted with a witness (issue 12), carrying no erratum of its own
    v = REGISTRY["ju24.thm1.5"].check()
    assert v.outcome is Outcome.REFUTED and v.evidence.value == "exact" and not v.errata
    assert "reduce only at one's own state 0" in v.details


def _witness_row(v) -> dict:
    """The first row of a verdict's witness table, by column (its column names as written, delimited syntax)."""
    t = next(p for p in v.witness.parts if isinstance(p, Table))
    names = ["".join(f"${q.source}$" if isinstance(q, Math) else q.text for q in c.parts) for c in t.columns]
    return dict(zip(names, t.rows[0], strict=True))


def test_thm1_3_is_refuted_with_the_proofs_endpoint_errata():
    v = REGISTRY["ju24.thm1.3"].check()
    assert v.outcome is Outcome.REFUTED
    # the same witness as Theorem 1.5: (-1/4, 1/2), owner, k = 1.  By hand: d_1 = 1/2 + x/(2y) = 1/2 - 1/4 = 1/4;
    # reducing there yields x = -1/4, waiting until 0 yields -y + (1 + y) d_1 = -1/2 + 3/8 = -1/8
    row = _witness_row(v)
    assert [row[c].parts[0].value for c in ("$d_1$", "reduce at $d_1$", "wait until 0")] == \
        [mpq(1, 4), mpq(-1, 4), mpq(-1, 8)]
    # the proof's endpoint values, both substantive: by hand at (3/2, 2), k = 2, B takes at A's state 0, re-raises at
    # once and A (x = 3/2 < y = 2) folds paying x: B gets y·x = 3, not y = 2; at (-1/4, 1/2), k = 2, B takes at A's
    # state 1 (his own 0), reduces again and A takes: -y·y = -1/4, not -y = -1/2
    assert [(e.where.rsplit(": ", 1)[1], e.kind.value) for e in v.errata] == [("$E_B(0)$", "substantive"),
                                                                            ("$E_B(1)$", "substantive")]
    assert "E_B(0) = 3" in v.errata[0].true and "E_B(1) = -1/4" in v.errata[1].true


# -- the checks can fail ------------------------------------------------------------------------

x, y, k = formulas.x, formulas.y, formulas.k


def test_lemma3_2_rejects_a_wrong_point():
    assert formulas.lemma3_2(formula=sp.Rational(1, 2) + x / y).outcome is Outcome.REFUTED


def test_lemma3_3_rejects_a_wrong_closed_form():
    wrong = formulas.PRINTED["(1.2)"].original.subs(k, k + 1)  # exponent off by one
    assert formulas.lemma3_3(closed=wrong).outcome is Outcome.REFUTED
    wrong2 = formulas.PRINTED["(1.2)"].original + x * (formulas.R_PLUS) ** k / 100  # satisfies nothing
    assert formulas.lemma3_3(closed=wrong2).outcome is Outcome.REFUTED


def test_lemma3_4_rejects_the_raising_formula():
    assert formulas.lemma3_4(closed=formulas.PRINTED["(1.2)"].original).outcome is Outcome.REFUTED


def test_eq3_4_rejects_a_wrong_coefficient():
    assert formulas.eq3_4(printed=x**2 * (y**2 - 1) / (y**2 * (x + 1))).outcome is Outcome.REFUTED


def test_eq3_6_rejects_a_wrong_sign():
    assert formulas.eq3_6(printed=x**2 * (y**2 - 1) / (2 * y**2 * (1 - x))).outcome is Outcome.REFUTED


def test_positivity_prover():
    assert formulas.positive_on_region(y - 1, "R+")[0] is True
    assert formulas.positive_on_region(1 - y, "R+")[0] is False
    assert formulas.positive_on_region(x - 1, "R+")[0] is None  # changes sign on R+
    assert formulas.positive_on_region(-x, "R-")[0] is True


def test_region_check_sees_overlaps_and_gaps():
    wrong = dict(regions.PRINTED_REGIONS)
    wrong["R+"] = lambda a, b: 0 <= a < b and b > 1  # would cover the x = 0 line
    overlaps, gaps = regions.check_regions(wrong)
    assert not overlaps and all(b == 1 for _, b in gaps)
    wrong["R+"] = lambda a, b: 0 < a <= b and b > 1  # now overlaps Theorem 3.1 (1) on y = x
    overlaps, _ = regions.check_regions(wrong)
    assert overlaps


def test_thm3_1_rejects_a_wrong_policy():
    from exactcube.brownian.stakes import Policy

    v = regions.thm3_1(n=2, kmax=1, policies={"3.1(1)": Policy.NEVER})
    assert v.outcome is Outcome.REFUTED


def test_thm1_4_check_rejects_the_reducing_region():
    # the same optimality check, fed R- samples, must fail: there d_k is not optimal
    v = optimality.thm1_4(samples=[(mpq(-1, 4), mpq(1, 2))], kmax=2)
    assert v.outcome is Outcome.REFUTED


def feed(item, value):
    """Inside the block the check reads ``value`` for the printed ``item`` (as ``verify --mutate`` does)."""
    return substituting(item, value)


def test_thm1_3_judges_the_printed_endpoints():
    # with the correct E_B(0) = y·max(1, x) in place of the printed y, that erratum goes away
    with feed(optimality.THM13_EB0, y * sp.Max(1, x)):
        v = REGISTRY["ju24.thm1.3"].check()
    assert [e.where.rsplit(": ", 1)[1] for e in v.errata] == ["$E_B(1)$"]


def test_printed_formulas_are_read_through_printed():
    # a wrong (3.4) coefficient, fed where the check reads the printed formula: refuted
    with feed(formulas.PRINTED["(3.4)"], x**2 * (y**2 - 1) / (y**2 * (x + 1))):
        assert REGISTRY["ju24.eq3.4"].check().outcome is Outcome.REFUTED
    # (A.2) with the wrong ratio (the (A.7) one): Lemma 3.3's derivation no longer gives it
    with feed(formulas.PRINTED["(A.2)"], 1 - formulas.D_PREV * (y + x) / (y * (1 - x))):
        assert REGISTRY["ju24.lemma3.3"].check().outcome is Outcome.REFUTED
    # (1.2) with the exponent off by one: the model's indifference point is not the printed one
    with feed(formulas.PRINTED["(1.2)"], formulas.PRINTED["(1.2)"].original.subs(k, k + 1)):
        assert optimality.thm1_4(samples=formulas.R_PLUS_SAMPLES[:2], kmax=2).outcome is Outcome.REFUTED
    # Lemma 3.2's remark: (1, 2) gives 3/4, not 2/3
    with feed(formulas.LEMMA32_AT_12, mpq(2, 3)):
        assert REGISTRY["ju24.lemma3.2"].check().outcome is Outcome.REFUTED


def test_sec3_2_text_judges_the_sentences():
    with feed(formulas.SEC32_RAISE, "doubling (at d_k) is preferable to not doubling"):
        v = REGISTRY["ju24.sec3.2.text"].check()
    assert formulas.SEC32_RAISE.where not in {e.where for e in v.errata} and len(v.errata) == 2
    with feed(formulas.SEC32_SINCE, "both positive, since x > 0 and y > 1"):
        v = REGISTRY["ju24.sec3.2.text"].check()
    assert formulas.SEC32_SINCE.where not in {e.where for e in v.errata}
    with feed(formulas.SEC32_SINCE, "both positive, since y > 1"):  # x > 0 is needed too
        v = REGISTRY["ju24.sec3.2.text"].check()
    assert formulas.SEC32_SINCE.where in {e.where for e in v.errata}


def test_thm3_1_and_regions_read_the_printed_constants():
    said = dict(regions.THM31_POLICIES.original)
    said["3.1(1)"] = "never"  # in (1), e.g. (3, 2), doubling at p = 1 gains (a fold pays 3 > the stake)
    with feed(regions.THM31_POLICIES, said):
        assert REGISTRY["ju24.thm3.1"].check().outcome is Outcome.REFUTED
    bounds = dict(regions.R_BOUNDS.original)
    bounds["R+: y >"] = 2  # leaves 1 < y <= 2, 0 < x < y uncovered: gaps off the two lines
    with feed(regions.R_BOUNDS, bounds):
        assert REGISTRY["ju24.regions"].check().outcome is Outcome.REFUTED


def test_thm1_5_counterexample_by_hand():
    # (-1/4, 1/2), owner, k = 1: reducing at d_1 = 1/4 gives x = -1/4; waiting for 0 gives -1/2 + (3/2)(1/4) = -1/8
    row = _witness_row(REGISTRY["ju24.thm1.5"].check())
    assert [row[c].parts[0].value for c in ("$x$", "$y$", "$d_1$", "reduce at $d_1$", "wait until 0")] == \
        [mpq(-1, 4), mpq(1, 2), mpq(1, 4), mpq(-1, 4), mpq(-1, 8)]


# -- the d_k table ---------------------------------------------------------------------------------


def test_dk_table_default_is_the_alternating_table():
    t = TABLES["ju24.dk"](size=3)
    # ju24 (1.1) by hand: 1, 3/4, 13/16, 51/64; limit 4/5
    assert [t.get(r, "$d_k$") for r in ("0", "1", "2", "3", "∞")] == [1, mpq(3, 4), mpq(13, 16), mpq(51, 64), mpq(4, 5)]
    assert t.cols == ["$d_k$", "$a_k$", "$d_k - 4/5$"]


def test_dk_table_any_cube():
    t = TABLES["ju24.dk"](size=2, x=mpq(1, 2), y=mpq(3))
    assert [t.get(r, "$d_k$") for r in ("1", "2", "∞")] == [mpq(7, 12), mpq(73, 108), mpq(9, 14)]  # by hand
    t = TABLES["ju24.dk"](size=3, x=mpq(-1, 4), y=mpq(1, 2))
    assert [t.get(r, "$d_k$") for r in ("1", "2", "3")] == [mpq(1, 4), mpq(3, 10), mpq(7, 25)]  # by hand


@pytest.mark.parametrize("xy", [(mpq(3), mpq(2)), (mpq(1), mpq(0)), (mpq(0), mpq(3))])
def test_dk_table_trivial_region_is_bad_input(xy):
    with pytest.raises(BadInput):
        TABLES["ju24.dk"](size=2, x=xy[0], y=xy[1])


# -- the command line ---------------------------------------------------------------------------------


def test_cli_cube_stakes(cli):
    code, text = cli(["cube", "--x", "1", "--y", "2", "--k", "3", "--p", "7/10"])
    # (1, 2), k = 3: d_3 = 51/64, a_3 = 13/64 (by hand, (2.3)); centred window [13/64, 51/64]:
    # (7/10 - 13/64)/(38/64) = 159/190 -> equity 2*159/190 - 1 = 64/95
    assert code == 0 and "R+" in text and "51/64" in text and "13/64" in text and "4/5" in text
    assert "64/95" in text


def test_cli_cube_reducing_negative_x(cli):
    code, text = cli(["cube", "--x", "-1/4", "--y", "1/2", "--k", "1", "--p", "1/5", "--cube", "mine"])
    # ju24 policy: reduce at once, accepted, y(2p-1) = -3/10; optimum: -y + (1+y)p = -1/5 (by hand)
    assert code == 0 and "R-" in text and "-3/10" in text and "-1/5" in text


def test_cli_cube_trivial_region_answers_with_policy(cli):
    code, text = cli(["cube", "--x", "3", "--y", "2"])
    assert code == 0 and "Theorem 3.1 (1)" in text and "p = 1" in text


@pytest.mark.parametrize("argv, fragment", [
    (["cube", "--x", "1", "--y", "0"], "positive"),
    (["cube", "--x", "1", "--y", "-2"], "positive"),
    (["cube", "--x", "1", "--y", "abc"], "cannot read"),
    (["table", "ju24.dk", "--x", "3", "--y", "2"], "defined only in R"),
])
def test_cli_bad_input(argv, fragment, capsys, cli):
    code, _ = cli(argv)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and fragment in err


def test_cli_table_json(cli):
    code, text = cli(["table", "ju24.dk", "--x", "1/2", "--y", "3", "--size", "1", "--format", "json"])
    assert code == 0 and json.loads(text)["cells"][1][0]["exact"] == "7/12"


# -- figures ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fid, opts", [
    ("ju24.fig1", {"size": 6}), ("ju24.fig2", {"resolution": 20}), ("ju24.fig3", {"resolution": 20}),
    ("ju24.fig4", {"resolution": 30}),
])
def test_figures_render(fid, opts, tmp_path):
    pytest.importorskip("matplotlib")
    from exactcube.figures import FIGURES, save

    fig = FIGURES[fid](**opts)
    out = save(fig, str(tmp_path / f"{fid}.png"))
    assert (tmp_path / f"{fid}.png").stat().st_size > 1000, out
