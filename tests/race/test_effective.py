"""exactcube.race.effective: zk77 Lemma 2 / Theorem 1 by hand and against the continuous-game module."""

import pytest

from exactcube.brownian import alternating as alt
from exactcube.errors import BadInput
from exactcube.numbers import mpq
from exactcube.race import cubeful as cf
from exactcube.race import effective as ef


@pytest.mark.parametrize("p", [mpq(i, 20) for i in range(4, 17)])
def test_lemma2_at_continuous_points_matches_brownian(p):
    # with D_A = 4/5, D_B = 1/5, Lemma 2 is the ks69 unlimited-doubles equity (exactcube.brownian.alternating)
    assert 2 * ef.chance_owner(p, mpq(4, 5)) - 1 == alt.equity(p, "mine").value
    assert 2 * ef.chance_opponent_owns(p, mpq(1, 5)) - 1 == alt.equity(p, "theirs").value
    assert 2 * ef.chance_centred(p, mpq(4, 5), mpq(1, 5)) - 1 == alt.equity(p, "centre").value


def test_theorem1_hand_values():
    # (4): M = 1 - (1 - D_B)/4; D_B = 0 -> 3/4, D_B = 1/5 -> 4/5 (the printed 75% to 80%)
    assert ef.min_take(0) == mpq(3, 4) and ef.min_take(mpq(1, 5)) == mpq(4, 5)
    # (5) at 0.88, 0.12 by hand: (0.3168 + 0.88)/(3.52 - 1.76) = 1.1968/1.76 = 0.68
    assert ef.redouble_point(mpq(22, 25), mpq(3, 25)) == mpq(17, 25)
    # (6) by hand: (0.0144 + 0.0432 - 0.88)/(0.24 - 3.52 + 2) = -0.8224/-1.28 = 0.6425
    assert ef.double_point(mpq(22, 25), mpq(3, 25)) == mpq(257, 400)
    # continuous game: all 4/5 (ks69)
    assert ef.redouble_point(mpq(4, 5), mpq(1, 5)) == ef.double_point(mpq(4, 5), mpq(1, 5)) == mpq(4, 5)


def test_implied_points_reproduce_equities():
    T = cf.solve(45)
    for x in (25, 40):
        ip = ef.implied_points(x, x, T)
        # plugging the implied points back into (1), (2), (3) returns the exact equities
        assert 2 * ef.chance_owner(ip.p, ip.da_from_owner) - 1 == ip.equity_owner
        assert 2 * ef.chance_opponent_owns(ip.p, ip.db_from_opponent) - 1 == ip.equity_opponent_owns
        assert 2 * ef.chance_centred(ip.p, ip.da_symmetric, 1 - ip.da_symmetric) - 1 == ip.equity_centred
        assert mpq(4, 5) <= ip.da_from_owner <= 1 and 0 <= ip.db_from_opponent <= mpq(1, 5)


@pytest.mark.parametrize("da, db", [(mpq(1, 2), mpq(1, 2)), (mpq(11, 10), 0), (mpq(4, 5), mpq(-1, 10))])
def test_bad_points(da, db):
    with pytest.raises(BadInput):
        ef.chance_centred(mpq(1, 2), da, db)


def test_bad_p():
    with pytest.raises(BadInput):
        ef.chance_owner(mpq(3, 2), mpq(4, 5))
