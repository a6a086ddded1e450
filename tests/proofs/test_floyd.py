"""proofs/floyd and exactcube.race.floyd against an independent face enumeration."""

from fractions import Fraction

import pytest

from exactcube import catalog
from exactcube.claims import REGISTRY, Outcome
from exactcube.race.floyd import run_floyd

from ..race.brute import make_win, plain_move

catalog.load()


def test_f25_by_face_enumeration():
    win = make_win(plain_move)
    v = run_floyd(25)(25, 25)
    assert Fraction(int(v.numerator), int(v.denominator)) == win(25, 25)


def test_exercise_answer_by_hand():
    run = run_floyd(25)
    # by hand: A - i - j ranges over A - 12 .. A - 2, so with A >= 1 the second subscript goes down to -11;
    # F[B, K] with K <= 0 is read for every B in 1..25: 25 * 12 = 300 entries to initialise
    assert len(run.initialised) == 300
    assert run.first_bounds == (1, 25) and run.second_bounds == (-11, 25)
    assert not run.read_before_written


def test_small_table_by_hand():
    run = run_floyd(3)
    assert run(1, 3) == 1 and run(2, 1) == 1  # any two dice reach 1 or 2
    assert run(3, 1) == Fraction(35, 36)  # only 1-1 fails, then the opponent needing 1 wins


@pytest.mark.parametrize("cid, outcome", [
    ("floyd.f25", Outcome.VERIFIED), ("floyd.order", Outcome.VERIFIED), ("floyd.exercise", Outcome.VERIFIED),
    ("floyd.bet", Outcome.VERIFIED),
    # the '2.5' is damage in the available text (transcription), which is listed but does not make an erratum
    ("floyd.algorithm", Outcome.VERIFIED)])
def test_claims(cid, outcome):
    assert REGISTRY[cid].check().outcome is outcome


def test_bet_answer():
    win = make_win(plain_move)
    mine = 1 - win(25, 25)  # independent: I roll second
    v = REGISTRY["floyd.bet"].check()
    assert v.witness.values() == [Fraction(mine)]  # the witness gives my exact chance, and the answer
    assert (mine > Fraction(1, 4)) == v.witness.startswith(f"p = {Fraction(mine)}") and "accept" in v.witness


# --- every check judges what the note prints (exactcube.printed) -------------------------------------------

from exactcube.mutate import mutate_claim  # noqa: E402
from exactcube.printed import substituting  # noqa: E402
from proofs.floyd import race25 as F  # noqa: E402


def _with(cid, item, value):
    with substituting(item, value):
        return REGISTRY[cid].check()


def test_algorithm_can_verify_and_fail():
    v = REGISTRY["floyd.algorithm"].check()
    (e,) = v.errata
    assert e.kind.value == "transcription" and e.printed == "2.5" and e.true_rounded == "25"
    assert v.outcome is Outcome.VERIFIED and v.details.startswith("verified; 1 transcription difference")
    # the corrected bound runs Floyd's loop to 25 and computes F[25,25]: nothing to list
    v25 = _with("floyd.algorithm", F.LOOP_BOUND, "25")
    assert v25.outcome is Outcome.VERIFIED and v25.errata == ()
    # a bound past the table the text describes, or short of it, is still wrong
    assert _with("floyd.algorithm", F.LOOP_BOUND, "26").outcome is Outcome.ERRATUM
    assert _with("floyd.algorithm", F.LOOP_BOUND, "24").outcome is Outcome.ERRATUM
    assert _with("floyd.algorithm", F.WRITTEN, (25, 24)).outcome is Outcome.REFUTED


@pytest.mark.parametrize("cid, item, wrong", [
    ("floyd.f25", F.RECURRENCE, {**F.RECURRENCE.original, "divisor": 35}),
    ("floyd.f25", F.RECURRENCE, {**F.RECURRENCE.original, "faces": 5}),
    ("floyd.f25", F.RECURRENCE, {**F.RECURRENCE.original, "f(A,B<=0)": 1}),
    ("floyd.order", F.ORDER_ROWS[1], ((1, 2), (2, 1), (2, 2))),  # f(1,2) before f(2,1): not the loop's order
    ("floyd.order", F.READ_RANGE, (2, 11)),
    ("floyd.bet", F.THRESHOLD, "0.33"),  # at 3 to 1 the break-even is 1/4 by hand
    ("floyd.bet", F.ODDS, 2),
])
def test_wrong_printed_value_refutes(cid, item, wrong):
    assert REGISTRY[cid].check().outcome is Outcome.VERIFIED
    assert _with(cid, item, wrong).outcome is Outcome.REFUTED


def test_printed_recurrence_small_by_hand():
    f = F.printed_recurrence(3, F.RECURRENCE.original)
    assert f[(1, 1)] == 1 and f[(3, 1)] == Fraction(35, 36)


def test_mutation_figures():
    reps = {cid: mutate_claim(REGISTRY[cid]) for cid in ("floyd.algorithm", "floyd.bet", "floyd.order")}
    assert all(r.caught == r.tried > 0 for r in reps.values()), {c: r.survivors for c, r in reps.items()}
    # f25: the only survivors are the rule f = 1 for A <= 0, which the recurrence never reads (floyd.exercise)
    r = mutate_claim(REGISTRY["floyd.f25"])
    assert r.survivors and all("f(A<=0,B)" in s for s in r.survivors)
    assert REGISTRY["floyd.exercise"].unprinted


def test_bet_reading_recorded():
    assert REGISTRY["floyd.bet"].check().assumptions == ("floyd.bet-odds",)
