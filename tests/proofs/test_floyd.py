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
    ("floyd.bet", Outcome.VERIFIED), ("floyd.algorithm", Outcome.ERRATUM)])
def test_claims(cid, outcome):
    assert REGISTRY[cid].check().outcome is outcome


def test_bet_answer():
    win = make_win(plain_move)
    mine = 1 - win(25, 25)  # independent: I roll second
    v = REGISTRY["floyd.bet"].check()
    assert (mine > Fraction(1, 4)) == (v.witness["answer"] == "accept")
