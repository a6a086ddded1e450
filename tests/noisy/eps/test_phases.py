"""The exact phase diagram (exactcube.noisy.eps.phases) against hand derivations, the document's
Appendix and the independent exact solver (exactcube.noisy.nim)."""

import pytest
from hypothesis import given, settings, strategies as st

from exactcube.errors import BadInput, TooLarge
from exactcube.noisy.eps import phases as ph
from exactcube.noisy.nim import solve_nim
from exactcube.numbers import mpq
from tests.invariants import ProbabilityInvariants

D12 = ph.phase_diagram(12)


def e(x):
    return mpq(x)


@pytest.mark.parametrize(
    "n, eps, value",
    [
        # heap 2 by hand: send 0 -> received 0 w.p. 1-eps (Z = 1-eps), so p(2,0) = 1-eps; p(2,1) = eps
        pytest.param(2, mpq(1, 5), 1 - mpq(1, 5), id="p2-below-half"),
        pytest.param(2, mpq(4, 5), mpq(4, 5), id="p2-above-half"),
        # heap 3 by hand (noisy (2)): p(3,0) = (1 - e + e^2)/(1 + e) for e < 1/2
        pytest.param(3, mpq(1, 3), (1 - mpq(1, 3) + mpq(1, 9)) / (1 + mpq(1, 3)), id="p3-below-half"),
        # heap 3, move 1 for e > 1/2: e(1-e)(1+e)/(1 - e + e^2)
        pytest.param(3, mpq(3, 4), mpq(3, 4) * mpq(1, 4) * mpq(7, 4) / (1 - mpq(3, 4) + mpq(9, 16)), id="p3-above"),
    ],
)
def test_hand_values(n, eps, value):
    phs = D12.heap(n).phase_at(eps)
    assert phs.p(eps) == value


def test_appendix_five_chips_switches_between_076_and_077():
    # Appendix, 5 chips: opt. 3 at eps = 0.51..0.76, opt. 4 at 0.77..1.00 (printed table)
    ivs = D12.heap(5).move_intervals()
    assert [iv[2] for iv in ivs] == [(0,), (3,), (4,)]
    bp = ivs[1][1]
    assert bp.cmp_rational(mpq(76, 100)) > 0 and bp.cmp_rational(mpq(77, 100)) < 0


def test_appendix_nine_chips_moves_7_8_4():
    # §3: "Cases of 9 and 10 chips show this kind of behaviour for the moves 7, 8 and 4"
    for n in (9, 10):
        assert [iv[2] for iv in D12.heap(n).move_intervals()] == [(0,), (7,), (8,), (4,)]


def test_half_is_a_breakpoint_and_powers_of_two():
    for n in (2, 4, 8):
        ivs = D12.heap(n).move_intervals()
        assert [iv[2] for iv in ivs] == [(0,), (n - 1,)]
        assert ivs[0][1].is_rational and ivs[0][1].lo == mpq(1, 2)


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 999).filter(lambda i: i != 500))
def test_diagram_equals_exact_solver(i):
    eps = mpq(i, 1000)
    s = solve_nim(12, eps)
    for n in range(1, 13):
        phs = D12.heap(n).phase_at(eps)
        if phs is None:  # eps is exactly a breakpoint
            continue
        assert phs.p(eps) == s.p[n]
        assert set(phs.moves) == set(s.optimal[n])


def test_bad_input():
    with pytest.raises(BadInput):
        ph.phase_diagram(0)
    with pytest.raises(TooLarge):
        ph.phase_diagram(ph.MAX_PHASE_HEAP + 1)
    with pytest.raises(BadInput):
        ph.phase_diagram(3, lo=mpq(1, 2), hi=mpq(1, 4))


class TestProbabilities(ProbabilityInvariants):
    def probabilities(self):
        for n in range(1, 13):
            for phs in D12.heap(n).phases:
                x = ph.rational_between(phs.lo, phs.hi)
                yield f"p({n}) at {x}", phs.p(x)
