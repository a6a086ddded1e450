"""The exact tables' size grows geometrically with the score (docs/match.md, "Why not exact to
25-away"), and a table of balls says which entries are exact and prints only certified digits."""

import io

import pytest
from flint import arb

from exactcube import match
from exactcube.cli import Output, main
from exactcube.numbers import is_ball
from exactcube.match_tables import evidence_note, met_table
from exactcube.tables import format_cell


@pytest.mark.parametrize("model,first", [("zadeh", 4), ("mec", 4), ("continuous", 6)])
def test_digits_grow_geometrically(model, first):
    # the claim of docs/match.md: each away multiplies the digits of the largest denominator by a factor
    # of 5 or more, and the factor grows; a slower or a flattening growth fails this
    d = [match.generate(model, n, exact=True).denominator_digits() for n in (first, first + 1, first + 2)]
    assert d[1] >= 5 * d[0] and d[2] >= 5 * d[1] and d[2] * d[0] > d[1] ** 2


def test_exact_entries_of_a_ball_table_are_named():
    met = match.generate("zadeh", 10)
    # the 1-away row and column and the post-Crawford row are exact; an inner entry is a ball
    assert not any(is_ball(met.pre[i][0]) or is_ball(met.pre[0][i]) for i in range(10))
    assert not any(is_ball(v) for v in met.post) and is_ball(met.pre[4][6])
    note = evidence_note(met)
    assert "the 1-away row and column" in note and "post-Crawford row" in note and "certified" in note
    assert evidence_note(match.generate("continuous", 12)).startswith("Every entry is a ball")
    assert evidence_note(match.generate("zadeh", 4, exact=True)) == "Entries are exact."


def test_a_ball_across_a_rounding_boundary_is_marked():
    # 0.12345 +/- 1e-6 straddles the 4-decimal boundary 0.12345 (rounds to 0.1234 or 0.1235): not certified
    assert format_cell(arb("0.12345", "1e-6"), 4).startswith("~")
    assert format_cell(arb("0.12341", "1e-6"), 4) == "0.1234"


def test_every_printed_digit_of_the_25_away_table_is_certified():
    buf = io.StringIO()
    assert main(["match", "met", "--model", "zadeh", "--length", "25", "--format", "csv"], Output(buf, force_plain=True)) == 0
    assert "~" not in buf.getvalue()
    t = met_table(match.generate("zadeh", 25))
    assert t.evidence == "rigorous"


def test_summary_names_the_exact_size():
    buf = io.StringIO()
    assert main(["match", "met", "--model", "zadeh", "--length", "12"], Output(buf, force_plain=True)) == 0
    # the size printed is computed: Zadeh's exact table at 7-away (the longest held)
    digits = match.generate("zadeh", 7, exact=True).denominator_digits()
    assert f"has {digits:,} digits at 7-away" in buf.getvalue()
