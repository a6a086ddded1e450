"""The model facade (``exactcube.models``): stable names, Result objects, bad input refused at the door.

Values are derived by hand in the comments (the same derivations as the notebooks).
"""

from fractions import Fraction as F

import pytest

from exactcube import BadInput, models
from exactcube.results import Evidence, Result, provenance_of

#: Every public name of every family: adding one is allowed, removing or renaming one breaks
#: the promise of MODELS_API_VERSION 1.x (change this list only with the major version).
PROMISED = {
    "cube": {"hit_chance", "thresholds", "equity", "classify", "xy_thresholds", "xy_equity", "raising_points"},
    "race": {"dice", "turns", "win_chance", "cube_decision"},
    "bearoff": {"side", "position", "rolls", "pair", "cube_decisions", "plays"},
    "noisy": {"nim", "phase_diagram", "check_conjectures"},
    "match": {"table", "read_table", "cube_points", "last_roll", "race", "bearoff"},
}


def test_promised_names_are_there():
    assert models.MODELS_API_VERSION.startswith("1.")
    for family, names in PROMISED.items():
        mod = getattr(models, family)
        assert names <= set(mod.__all__), f"{family} lost {names - set(mod.__all__)}"
        for name in mod.__all__:
            assert getattr(mod, name).__doc__, f"models.{family}.{name} has no docstring"


RESULTS = [
    # one double left: 2(2d - 1) = 1, so d_1 = 3/4; d_2 = 1 - d_1/4 = 13/16 (ju24 (2.3))
    pytest.param(lambda: models.cube.thresholds(2), "double", F(13, 16), id="cube.thresholds"),
    # centred cube, 2 doubles left: (2p - 1)/(2 d_2 - 1) = (2/5)/(5/8) = 16/25
    pytest.param(lambda: models.cube.equity("7/10", doubles_left=2), "value", F(16, 25), id="cube.equity"),
    # count 4 against 2: only 1-2 (2 rolls of 36) misses, and then the opponent's 2 always gets off
    pytest.param(lambda: models.race.win_chance(4, 2), "value", F(17, 18), id="race.win_chance"),
    # one checker on the ace point: off in one roll
    pytest.param(lambda: models.bearoff.rolls((1, 0, 0, 0, 0, 0)), "mean", F(1), id="bearoff.rolls"),
    # one checker each on the six point: 9 of 36 rolls miss (1-1, 1-2, 1-3, 1-4, 2-3), then the
    # opponent must hit its 3/4: W = 3/4 + (1/4)(1/4) = 13/16
    pytest.param(lambda: models.bearoff.pair((0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 1)), "win", F(13, 16),
                 id="bearoff.pair"),
]


@pytest.mark.parametrize("call, field, value", RESULTS)
def test_results_are_exact_with_provenance(call, field, value):
    r = call()
    assert isinstance(r, Result)
    assert getattr(r, field) == value
    prov = provenance_of(r)
    assert prov.evidence is Evidence.EXACT and prov.source


def test_noisy_heap_two_by_hand():
    # heap 2 = word 10: sending 01 arrives as 00 with chance eps (renormalised over the legal
    # words 00, 01), so p(2, 1) = eps, p(2, 0) = 1 - eps and p(2) = max(eps, 1 - eps)
    for eps in (F(1, 5), F(77, 100)):
        s = models.noisy.nim(2, eps)
        assert s.p[2] == max(eps, 1 - eps)
        assert s.optimal[2] == ((0,) if eps < F(1, 2) else (1,))
        assert isinstance(s, Result)


def test_phase_diagram_agrees_with_the_solver():
    # two methods: the rational function of the phase at 1/4 and the exact solution at 1/4
    d = models.noisy.phase_diagram(4)
    ph = d.heap(4).phase_at(F(1, 4))
    assert ph.moves == (0,)
    assert ph.p(F(1, 4)) == models.noisy.nim(4, F(1, 4)).p[4]


@pytest.mark.parametrize("call", [
    lambda: models.cube.equity(0.7),                       # a binary float is not 7/10
    lambda: models.cube.equity("3/2"),                     # p outside [0, 1]
    lambda: models.cube.thresholds(-1),
    lambda: models.race.win_chance(0, 5),
    lambda: models.race.cube_decision(8, 10, cube="sideways"),
    lambda: models.bearoff.rolls((1, 2, 3)),               # not six points
    lambda: models.bearoff.pair((0,) * 6, (1, 0, 0, 0, 0, 0)),
    lambda: models.noisy.nim(5, "3/2"),
    lambda: models.noisy.check_conjectures("-1/2", 4),
], ids=["float", "p>1", "k<0", "count0", "cube", "side", "empty", "eps>1", "eps<0"])
def test_bad_input_is_refused_at_the_door(call):
    with pytest.raises(BadInput):
        call()


def test_match_by_hand():
    met = models.match.table("continuous", 3, exact=True)
    # 2-away/1-away, Crawford game: the trailer must win it (1/2, no gammons) and then the post-Crawford game
    # at 1-away/1-away (1/2): 1/4; post-Crawford at 1-away/2-away the trailer doubles at once: 1/2
    assert met.equity(2, 1) == F(1, 4) and met.equity(1, 2, post_crawford=True) == F(1, 2)
    # 2-away/2-away: a taken double plays for the match; a pass leaves the taker at 2-away against 1-away (1/4)
    cp = models.match.cube_points(2, 2)
    assert (cp.take, cp.cash) == (F(1, 4), F(3, 4))
    # a race at 2-away/2-away, no cube: a win leaves 1-away/2-away (3/4), a loss 2-away/1-away (1/4)
    r = models.match.race(8, 10, met, 2, 2)
    assert r.win == F(10193, 11664) and r.mwc == F(1, 4) + r.win / 2


def test_match_race_takes_a_model_name_and_says_its_provenance():
    """Issue 45, item 31: ``race(..., 'zadeh', ...)`` raised AttributeError and returned a bare tuple; now a model's
    name is made into its table (the same value as through the table), anything else is BadInput, and the answer is
    a Result with its provenance."""
    from exactcube.errors import BadInput

    by_name = models.match.race(8, 10, "continuous", 2, 2)
    assert isinstance(by_name, Result) and by_name.provenance.evidence.value == "exact"
    # by hand, as above: a win leaves 1-away/2-away (3/4), a loss 2-away/1-away (1/4)
    assert by_name.win == F(10193, 11664) and by_name.mwc == F(1, 4) + F(10193, 11664) / 2
    for bad in (object(), 3, "zadehx"):
        with pytest.raises(BadInput):
            models.match.race(8, 10, bad, 2, 2)


def test_bearoff_plays_and_decisions():
    # two checkers on the 5 point and one on the 6 with 6-5: bearing off two leaves one checker, the only
    # other play (6/1 5/off) leaves two: the best play bears off two
    r = models.bearoff.plays((0, 0, 0, 0, 2, 1), (0, 0, 0, 1, 1, 0), "6-5")
    assert [p.moves for p in r.plays] == ["6/off 5/off", "6/1 5/off"] and isinstance(r, Result)
    a = models.bearoff.cube_decisions((0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 1), cubes=("centred",))
    assert a.win == F(13, 16)


def test_every_dice_spec_in_the_docstring_does_what_it_says():
    """Issue 45, item 1: the docstring gave ``"1:1,2:1"`` as an example and the parser refused it.  Each quoted
    spec of ``models.race.dice``'s docstring now parses, unless its sentence says it is refused (and then it is)."""
    import re

    from exactcube.errors import BadInput

    doc = models.race.dice.__doc__
    specs = re.findall(r'``"([^"`]*:[^"`]*)"``', doc)
    assert len(specs) >= 3
    for spec in specs:
        end = doc.index(spec) + len(spec)
        if "refused" in doc[end:end + 20]:  # '``"1:1,2:1"``, are refused
            with pytest.raises(BadInput):
                models.race.dice(spec)
        else:
            assert sum(models.race.dice(spec).probability(t) for t in range(1, 1001)) == 1


def test_turn_distributions_are_indexed_by_turns():
    """Issue 45, item 2: index t is t turns.  By hand: a count of 3 always gets off in one turn (the least roll
    moves 3); a count of 4 misses only on 1-2 (2 rolls of 36), then surely gets off in the second turn."""
    t = models.race.turns(4)
    assert (t[0], t[1], t[2], t[3]) == (0, F(17, 18), F(1, 18), 0)
    assert t.by_turns == {1: F(17, 18), 2: F(1, 18)} and models.race.turns(3).by_turns == {1: 1}
    assert t.probabilities[0] == t[1]  # the tuple starts at one turn, as its documentation says
    for doc in (models.race.turns.__doc__, type(t).__doc__):
        assert "probabilities[0]" in doc or "index 0 is *one* turn" in doc
