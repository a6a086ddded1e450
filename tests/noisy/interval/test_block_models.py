"""The low-move inequality of Conjecture 9 by the block recursion (exactcube.noisy.interval.block_models): the models
enclose the exact values of the solver of (5) (an independent computation: the exact rational recursion over every
word), the test fails on a false statement, and the cover proves what the Taylor covers prove."""

import json

import pytest

from exactcube.errors import BadInput, TooLarge
from exactcube.noisy.interval import block_models as bm
from exactcube.noisy.interval.cover import ProofFailure
from exactcube.noisy.nim import solve_nim
from exactcube.noisy.scale import cluster as cl
from exactcube.numbers import mpq


def _enclosure(beta, delta: mpq):
    """The interval of a model at delta, evaluated in exact rationals from its float end points."""
    lo = hi = mpq(0)
    J = len(beta.c[0]) - 1
    for j in range(J + 2):
        a, b = (mpq(beta.c[0][j]), mpq(beta.c[1][j])) if j <= J else (mpq(float(beta.r[0])), mpq(float(beta.r[1])))
        x, y = a * delta ** j, b * delta ** j
        lo, hi = lo + min(x, y), hi + max(x, y)
    return lo, hi


@pytest.mark.parametrize("s_lo, s_hi", [(mpq(0), mpq(1, 64)), (mpq(1, 4), mpq(5, 16)), (mpq(15, 16), mpq(1))])
def test_models_enclose_the_exact_values(s_lo, s_hi):
    N = 40
    sc = mpq(0) if s_lo == 0 else bm.dyadic_mid(s_lo, s_hi)
    for s in (s_lo + (s_hi - s_lo) / 3, s_hi):
        sol = solve_nim(N, (1 - s) / 2)
        seen = []

        def on_heap(n, beta, s=s, sol=sol, seen=seen):
            lo, hi = _enclosure(beta, s - sc)
            exact = sol.p[n] - mpq(1, 2)
            assert lo <= exact <= hi, (n, s)
            assert hi - lo < mpq(1, 10 ** 9)  # and they are enclosures, not the whole line
            seen.append(n)

        bm.block_piece(N, s_lo, s_hi, on_heap=on_heap)
        assert seen == list(range(2, N + 1))


def test_the_test_fails_on_a_false_statement():
    # the mirror eps = (1 + s)/2 > 1/2: there move 1 beats move 0 at heap 2 (p(2, 1) = eps), so the same code must fail
    for s_lo, s_hi in ((mpq(0), mpq(1, 64)), (mpq(1, 4), mpq(5, 16))):
        with pytest.raises(ProofFailure, match="heap 2: low move 1"):
            bm.block_piece(16, s_lo, s_hi, sigma=-1)


def test_a_wrong_kernel_is_caught_at_one_half(monkeypatch):
    # a kernel that keeps every bit (no noise) gives values that are not 1/2 at eps = 1/2: the end piece refuses them
    def no_noise(x, b, e0, e1):
        return x

    monkeypatch.setattr(bm, "kernel_bit", no_noise)
    with pytest.raises(ProofFailure, match="misses its exact value|not excluded"):
        bm.block_piece(16, 0, mpq(1, 64))


def test_the_cover_proves_the_reduced_statement_and_refuses_bad_input():
    r = bm.prove_conjecture9_blocks(64)
    assert r.proved and r.gaps == () and r.eps_lo == 0 and r.eps_hi == mpq(1, 2) and r.open_hi and not r.open_lo
    assert "block recursion" in r.method and "2..64" in r.statement
    assert r.pieces[0].ul == 0 and r.pieces[-1].uh == 1  # from eps = 1/2 (s = 0, excluded) to eps = 0 (s = 1)
    with pytest.raises(TooLarge):
        bm.block_piece(bm.MAX_BLOCK_HEAP + 1, 0, mpq(1, 64))
    with pytest.raises(BadInput):
        bm.block_piece(16, mpq(1, 2), mpq(1, 4))
    with pytest.raises(BadInput):
        bm.prove_conjecture9_blocks(16, eps_from=mpq(1, 2))


def test_blocks_in_sub_ranges_resume_and_never_mix_with_the_taylor_form(tmp_path):
    f = tmp_path / "c9blocks.jsonl"
    r = cl.prove_distributed(9, 24, 2, results=str(f), reduced=True, method="blocks")
    assert r.proved and r.computed == 2 and "block recursion" in r.method
    assert json.loads(f.read_text().splitlines()[0])["method"] == "blocks"
    again = cl.prove_distributed(9, 24, 2, results=str(f), reduced=True, method="blocks")
    assert (again.resumed, again.computed, again.proved) == (2, 0, True)
    with pytest.raises(BadInput, match="another run"):
        cl.prove_distributed(9, 24, 2, results=str(f), reduced=True)
    with pytest.raises(BadInput, match="reduced"):
        cl.prove_distributed(9, 24, 2, method="blocks")


def test_power_models_enclose_the_exact_moves_and_fail_near_one_half():
    from exactcube.noisy.interval import power_models as pm

    s_lo, s_hi = mpq(1, 5), mpq(1, 4)
    sc = bm.dyadic_mid(s_lo, s_hi)
    s = s_lo + (s_hi - s_lo) / 3
    sol = solve_nim(32, (1 - s) / 2)
    seen = []

    def on_power(K, A):
        for m in range(K):
            lo, hi = _enclosure(A[m], s - sc)
            assert lo <= sol.move_value(K, m) - mpq(1, 2) <= hi, (K, m)
        seen.append(K)

    pm.power_piece(6, s_lo, s_hi, on_power=on_power)
    assert seen == [2, 4, 8, 16, 32]
    # close to 1/2 the power inequality is false (at eps = 0.49 some p(4, m) - 1/2 is about 0.81 (p(4) - 1/2), against
    # 1 - 2 eps = 0.02): the same test must fail there
    with pytest.raises(ProofFailure, match="K = 4"):
        pm.power_piece(6, mpq(1, 50), mpq(1, 40))
    r = pm.prove_power_inequality(8)
    assert r.proved and r.eps_lo == 0 and r.eps_hi == mpq(2, 5) and "2..255" in r.statement
    with pytest.raises(BadInput):
        pm.prove_power_inequality(8, eps_to=mpq(1, 2))
