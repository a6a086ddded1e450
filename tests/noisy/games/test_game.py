"""The general solver of noisy equation (4) and the validation of Remark 1."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exactcube.errors import BadInput
from exactcube.noisy.games.game import (EQUIPROBABLE, NOISELESS, Game, classify, move_value, renormalise, solve,
                                  validate_distribution)
from exactcube.numbers import mpq


def subtraction(n):
    return tuple(n - s for s in (1, 2) if n - s >= 0)


def test_noiseless_subtraction_game():
    # classical theory: subtract 1 or 2, the P-positions are the multiples of 3
    s = solve(Game(subtraction, NOISELESS), 30)
    assert all(s.p[n] == (0 if n % 3 == 0 else 1) for n in range(31))
    assert s.optimal[4] == (3,) and s.optimal[3] == (2, 1)


def test_equiprobable_subtraction_by_hand():
    # p(1) = 1; p(2) = ((1 - p(1)) + (1 - p(0)))/2 = 1/2; p(3) = ((1 - 1/2) + (1 - 1))/2 = 1/4
    s = solve(Game(subtraction, EQUIPROBABLE), 3)
    assert (s.p[1], s.p[2], s.p[3]) == (1, mpq(1, 2), mpq(1, 4))
    assert [classify(s.p[n]) for n in range(4)] == ["P", "N", "chance", "chance"]


def test_custom_error_function_by_hand():
    # from n, the sent move is kept w.p. 2/3, otherwise the other follower is played
    def err(x, y):
        fol = subtraction(x)
        if len(fol) == 1:
            return {y: 1}
        other = fol[0] if y == fol[1] else fol[1]
        return {y: mpq(2, 3), other: mpq(1, 3)}

    g = Game(subtraction, err)
    s = solve(g, 3)
    # p(2): send 0 -> 2/3 * 1 + 1/3 * (1 - p(1)) = 2/3
    assert s.p[2] == mpq(2, 3) and s.optimal[2] == (0,)
    # p(3): send 1 -> 2/3 (1 - p(1)) + 1/3 (1 - p(2)) = 1/9; send 2 -> 2/3 (1 - 2/3) + 1/3 (1 - 1) = 2/9
    assert s.p[3] == mpq(2, 9) and s.optimal[3] == (2,)
    assert move_value(g, 3, 1, s.p) == mpq(1, 9)


def test_long_game_no_recursion_limit():
    s = solve(Game(lambda n: (n - 1,) if n else (), NOISELESS), 200_000)
    assert s.p[200_000] == 0 and s.p[199_999] == 1 and s.n_positions == 200_001


@pytest.mark.parametrize("dist,msg", [
    pytest.param({0: mpq(1, 2), 1: mpq(1, 3)}, "sums to 5/6", id="mass missing"),
    pytest.param({0: mpq(3, 2), 1: mpq(-1, 2)}, "not a probability", id="entry outside [0,1]"),
    pytest.param({0: mpq(1, 2), 7: mpq(1, 2)}, "not a follower", id="mass off the followers"),
    pytest.param({0: 0.5, 1: 0.5}, "binary float", id="float entries"),
])
def test_validation_rejects(dist, msg):
    with pytest.raises(BadInput, match=msg):
        validate_distribution(3, 0, dist, range(3))


def test_validation_in_solver_and_sent_move():
    g = Game(subtraction, lambda x, y: {y: mpq(1, 2)})
    with pytest.raises(BadInput, match="sums to 1/2"):
        solve(g, 3)
    with pytest.raises(BadInput, match="not a follower"):
        validate_distribution(3, 9, {0: 1}, range(3))


def test_cycle_rejected():
    with pytest.raises(BadInput, match="cycle|loop"):
        solve(Game(lambda n: ((n + 1) % 3,), NOISELESS), 0)
    with pytest.raises(BadInput, match="loop"):
        solve(Game(lambda n: (n,), NOISELESS), 0)


def test_renormalise():
    assert renormalise({0: mpq(1, 4), 1: mpq(1, 4), 5: mpq(1, 2)}, [0, 1]) == {0: mpq(1, 2), 1: mpq(1, 2)}
    with pytest.raises(BadInput, match="retransmit"):
        renormalise({5: 1}, [0, 1])


@settings(max_examples=25, deadline=None)
@given(b=st.integers(1, 30), a=st.integers(0, 30), n=st.integers(1, 12))
def test_general_solver_equals_nim_solver(b, a, n):
    # equation (4) with the Example 3 channel as an error function == the 1-pile Nim solver of (5)
    from exactcube.noisy.nim import channel_weights, solve_nim
    e = mpq(min(a, b), b)
    g = Game(lambda x: tuple(range(x)), lambda x, y: dict(zip(range(x), channel_weights(x, e).row(y))))
    sol, ref = solve(g, n), solve_nim(n, e)
    assert all(sol.p[x] == ref.p[x] and tuple(sol.optimal[x]) == ref.optimal[x] for x in range(n + 1))
