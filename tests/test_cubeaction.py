"""exactcube.cubeaction: one cube decision for the money game and match play (issue 45, row 22)."""

import re
from pathlib import Path

from flint import arb

from exactcube.cubeaction import Action, CubeAction, decide
from exactcube.numbers import mpq
from exactcube.owner import Owner

ROOT = Path(__file__).resolve().parent.parent


def test_the_rule_by_hand():
    # ND, DT, DP in any unit; take iff DT <= DP, double iff min(DT, DP) > ND
    a = decide(mpq(1, 2), mpq(3, 4), mpq(1))  # min(3/4, 1) = 3/4 > 1/2, 3/4 <= 1
    assert (a.action, a.take, a.tie) == (Action.DOUBLE_TAKE, True, False) and a.text == "double, take"
    a = decide(mpq(1, 2), mpq(5, 4), mpq(1))  # 5/4 > 1: pass; min = 1 > 1/2: double
    assert (a.action, a.take) == (Action.DOUBLE_PASS, False) and a.short == "D/P"
    a = decide(mpq(9, 10), mpq(3, 4), mpq(1))  # min = 3/4 < 9/10: hold; they would take
    assert (a.action, a.take) == (Action.NO_DOUBLE, True) and a.text == "no double; they would take"
    a = decide(mpq(3, 4), mpq(3, 4), mpq(1))  # doubling equals holding: reported, resolved as no double
    assert a.action is Action.NO_DOUBLE and a.tie_double and a.text == "double or not (equal)" and a.short == "ND=D/T"
    a = decide(mpq(1, 2), mpq(1), mpq(1))  # take equals pass: reported, resolved as take
    assert a.action is Action.DOUBLE_TAKE and a.take and a.tie_take and a.text == "double, take or pass"
    a = decide(mpq(1, 2), owner="theirs", cube=4, cannot="opponent owns the cube")
    assert a.action is Action.CANNOT_DOUBLE and a.owner is Owner.THEIRS and a.cube == 4 and a.take is None


def test_balls_never_guess():
    third = arb(1) / 3
    a = decide(arb(0), third, third + arb(0, 1e-30))  # DT - DP is a ball around 0: take or pass undecided
    assert a.action is Action.UNDECIDED and "take and pass" in a.text
    a = decide(third + arb(0, 1e-30), third, arb(1))  # take decided, doubling against holding is not
    assert a.action is Action.UNDECIDED and a.take and "double and no double" in a.text
    assert decide(arb(0), third, arb(1)).action is Action.DOUBLE_TAKE


def test_money_and_match_use_the_one_rule():
    """The money game (race.cubeful) and match play (match.results, match.lastroll) give a typed CubeAction made by
    decide; no other module writes a cube action of its own."""
    from exactcube.match import last_roll_action, zadeh_met
    from exactcube.match.results import race_cube_match
    from exactcube.race import cubeful

    d = cubeful.decision(8, 10)  # the money race of the facade's example
    assert isinstance(d.cube_action, CubeAction) and d.cube_action.owner is Owner.CENTRED and d.cube_action.cube == 1
    assert d.cube_action.action is d.action
    met = zadeh_met(4, exact=True)
    r = race_cube_match(8, 10, met, 3, 3)
    assert isinstance(r.action, CubeAction) and r.action.owner is Owner.CENTRED and r.action.cube == 1
    assert r.action == decide(r.no_double, r.double_take, r.double_pass, "centred", 1)
    lr = last_roll_action(met, 4, 4, mpq(3, 5), cube=2)
    assert isinstance(lr.action, CubeAction) and lr.action.cube == 2
    assert lr.action == decide(lr.no_double, lr.double_take, lr.double_pass, "centred", 2)
    # the money rule is the match rule with a pass worth 1 (a unit cube)
    for nd, nt in ((mpq(1, 2), mpq(3, 8)), (mpq(9, 10), mpq(3, 8)), (mpq(1, 2), mpq(5, 8)), (mpq(1, 2), mpq(1, 2))):
        money = cubeful.decide(1, 1, "centred", mpq(1, 2), nd, nt, "by hand")
        assert money.cube_action == decide(nd, 2 * nt, mpq(1), "centred", 1)

    writes = re.compile(r"\baction\s*=\s*(Action\.|\"(no double|double|undecided))")
    own = [f"{p.relative_to(ROOT)}:{i}" for p in (ROOT / "exactcube").rglob("*.py") if p.name != "cubeaction.py"
           for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if writes.search(line)]
    assert own == [], "cube actions decided outside exactcube.cubeaction: " + ", ".join(own)
