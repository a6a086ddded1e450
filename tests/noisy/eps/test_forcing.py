"""The sign of the forcing term F_K (proofs/noisy/forcing.py, exactcube.noisy.eps.star.forcing_balls)."""

import pytest
import z3

from exactcube.numbers import mpq
from exactcube.noisy.eps import star
from proofs.noisy import forcing as F
from proofs.noisy.smt import prove


@pytest.fixture
def fresh():
    F.forcing_ends_verdict.cache_clear()
    yield
    F.forcing_ends_verdict.cache_clear()


def test_c_K_by_hand():
    # K = 4: weights 4/4 = 1 on h = 0, so c_4 = 2 (f(4) - f(7)) = 2 (1/12 - 1/42) = 5/42
    assert star.forcing_slope_at_half(4) == mpq(5, 42)
    # K = 8: h = 0, 1 with weights 1/2: c_8 = f(8) - f(11) + f(12) - f(15) = 1/56 - 1/110 + 1/132 - 1/210
    assert star.forcing_slope_at_half(8) == mpq(1, 56) - mpq(1, 110) + mpq(1, 132) - mpq(1, 210)


@pytest.mark.slow
def test_forcing_ends_verified(fresh):
    v = F.forcing_ends()
    assert v.outcome.value == "verified"
    assert v.witness["scope"].startswith("every $K = 2^{k-1} \\ge 8$")


@pytest.mark.slow
def test_false_slope_step_is_not_verified(fresh, monkeypatch):
    # the step reversed (f increasing) is false: z3 answers with a counterexample and the claim turns open
    def false_steps():
        n = z3.Real("n")
        return [prove("reversed", [n >= 2], 1 / (n * (n - 1)) < 1 / ((n + 3) * (n + 2)))]

    monkeypatch.setattr(F, "slope_steps", false_steps)
    assert F.forcing_ends().outcome.value == "open"


def test_false_limit_step_is_not_verified(fresh, monkeypatch):
    # K + 1 (instead of K + 3) lies in K's own block K - 3..K + 1 for every K: no K0 works, the claim turns open
    def false_steps(K0):
        K, P = z3.Ints("K P")
        return [prove("K + 1 in no block", [K >= K0, z3.Or(2 * P <= K, P == K, P >= 2 * K), P >= 1],
                      z3.Or(K + 1 < P - 3, K + 1 > P + 1))]

    monkeypatch.setattr(F, "limit_steps", false_steps)
    assert F.forcing_ends().outcome.value == "open"


def test_the_limit_steps_fail_at_K_4():
    # K = 4: K + 3 = 7 lies in the block 5..9 of 8 (p(7) = 1 at eps = 1): the scope must start at 8
    assert any(not s.proved for s in F.limit_steps(4))
    assert all(s.proved for s in F.limit_steps(8))


def test_a_wrong_slope_fails_the_instances(fresh, monkeypatch):
    real = star.forcing_slope_at_half
    monkeypatch.setattr(star, "forcing_slope_at_half", lambda K: real(K) * mpq(101, 100))
    assert F.forcing_ends().outcome.value == "open"


def test_forcing_balls_against_the_exact_forcing():
    # the exact F_K = (2 eps - 1) G_K at eps = 3/5 (proofs.noisy.blocks.forcing) lies in the ball
    from exactcube.noisy.nim import solve_nim
    from proofs.noisy.blocks import forcing

    e = mpq(3, 5)
    b = star.forcing_balls(7, e)
    sol = solve_nim(128, e)
    for K in (4, 8, 16, 32, 64):
        G = forcing(e, sol, K) / (2 * e - 1)
        assert abs(G - b.mid[K]) <= mpq(b.radius[K])
        assert b.positive(K)


def test_middle_verdict_is_open_and_turns_on_a_negative_ball():
    import dataclasses

    b = star.forcing_balls(6, mpq(3, 5))
    assert F.middle_verdict([b]).outcome.value == "open"
    neg = dataclasses.replace(b, mid={**b.mid, 8: -b.mid[8]})
    assert "certified at K = 8" in str(F.middle_verdict([neg]).details)
