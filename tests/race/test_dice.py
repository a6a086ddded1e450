"""exactcube.race.dice against hand counts of the 36 ordered pairs of faces."""

import pytest

from exactcube.errors import BadInput
from exactcube.numbers import mpq
from exactcube.race import dice as dm

from .brute import PAIRS, bg_move, plain_move


def test_backgammon_weights_by_hand():
    # by hand (docs/zk77.md conventions): 3:2 (1-2,2-1), 4:3 (1-3,3-1,1-1), 5:4, 6:4, 7:6, 8:5 (incl. 2-2), 9:4, 10:2, 11:2,
    # 12:1 (3-3; 6-6 moves 24), 16:1, 20:1, 24:1
    d = dm.BACKGAMMON
    assert dict(d.items()) == {3: 2, 4: 3, 5: 4, 6: 4, 7: 6, 8: 5, 9: 4, 10: 2, 11: 2, 12: 1, 16: 1, 20: 1, 24: 1}
    assert d.denominator == 36 and len(d.totals) == 13
    # mean by hand: 30 non-doubles average 7 (210) + doubles 4(1+..+6) = 84 -> 294/36 = 49/6
    assert d.mean() == mpq(49, 6)


@pytest.mark.parametrize("dice, move", [pytest.param(dm.BACKGAMMON, bg_move, id="backgammon"),
                                        pytest.param(dm.PLAIN, plain_move, id="plain")])
def test_matches_face_enumeration(dice, move):
    counts = {}
    for i, j in PAIRS:
        counts[move(i, j)] = counts.get(move(i, j), 0) + 1
    assert dict(dice.items()) == counts


def test_plain_is_triangular():
    assert all(w == 6 - abs(y - 7) for y, w in dm.PLAIN.items())


def test_keeler_spencer_spec():
    d = dm.from_spec("5:11/24,10:11/24,20:2/24")
    # zk77 §1: totals 5, 10, 20 with 11/24, 11/24, 2/24: common denominator 24
    assert d.denominator == 24 and dict(d.items()) == {5: 11, 10: 11, 20: 2}
    assert d.probability(5) == mpq(11, 24) and d.probability(20) == mpq(1, 12) and d.probability(7) == 0
    assert dm.parse(d.spec()).items() == d.items()


def test_parse_names():
    assert dm.parse("backgammon") is dm.BACKGAMMON and dm.parse("plain") is dm.PLAIN
    assert dm.parse("3:1/2,5:0.5").items() == [(3, 1), (5, 1)]


@pytest.mark.parametrize("spec, fragment", [
    pytest.param("5:1/2,10:1/3", "sum to", id="not summing to 1"),
    pytest.param("5:3/2,10:-1/2", "negative", id="negative"),
    pytest.param("0:1", "positive whole", id="zero total"),
    pytest.param("2.5:1", "positive whole", id="fractional total"),
    pytest.param("5:1/2,5:1/2", "twice", id="duplicate"),
    pytest.param("5-1", "use backgammon", id="no colon"),
    pytest.param("5:abc", "cannot read", id="garbage"),
    pytest.param("", "use backgammon", id="empty"),
    pytest.param("5:1,", "total:probability", id="trailing comma"),
    pytest.param("dice", "use backgammon", id="unknown name"),
])
def test_bad_distributions(spec, fragment):
    with pytest.raises(BadInput, match=fragment):
        dm.parse(spec)
