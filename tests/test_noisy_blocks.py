"""The block recursion and the every-n claims built on it (proofs.noisy.blocks, issue 35), and the mutation
tests of the general steps of proofs.noisy.every_k: each claim must not print its verdict when one step it
checks is replaced by a false one.

Values pinned here are derived by hand in the comments (from (5) directly), never read back from the code.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
import z3

import proofs.noisy.blocks as B
import proofs.noisy.every_k as EK
import proofs.noisy.smt as smt
from exactcube.noisy.nim import solve_nim
from exactcube.numbers import mpq
from proofs.noisy.smt import EpsRange, prove

_CACHED = [B.recursion_verdict, B.within_block_verdict, B.power_step_verdict, B.low_step_verdict, B.d_recursion_verdict,
           EK.lemma1_verdict, EK.theorem2_verdict, EK.lemma4_verdict, EK.lemma5_verdict, EK.theorem6_verdict, EK.theorem7_verdict, EK.theorem8_verdict]


@pytest.fixture
def fresh():
    """Clear the per-run verdict caches before and after a mutation (the solutions stay cached)."""
    for f in _CACHED:
        f.cache_clear()
    yield
    for f in _CACHED:
        f.cache_clear()


def test_recursion_by_hand_at_heap_3():
    # n = 3 = 2 + 1 (K = 2, t = 1), move 0 at eps = 1/3. By hand from (5): the legal words 00, 01, 10 have weights
    # (1-e)^2, e(1-e), e(1-e), so p(3, 0) = ((1-e) + e (1 - p(2)))/(1 + e), and p(2) = 1 - e below 1/2, giving
    # (1 - e + e^2)/(1 + e) = (7/9)/(4/3) = 7/12. The recursion: A = p(2, 0) - 1/2 = 1/2 - e = 1/6,
    # W = w(0, 0) = 1 - e = 2/3, B = W (p(2) - 1/2) = 2/3 * 1/6 = 1/9.
    e = mpq(1, 3)
    assert B.low_move(e, mpq(1, 6), mpq(1, 9), mpq(2, 3)) == mpq(7, 12) - mpq(1, 2)
    assert solve_nim(3, e).move_value(3, 0) == mpq(7, 12)


@pytest.mark.parametrize("e", [mpq(0), mpq(1, 5), mpq(1, 2), mpq(3, 4), mpq(1)])
def test_the_bound_is_attained_at_heap_2(e):
    # p(2) = max(p(2, 0), p(2, 1)) = max(1 - e, e) = 1/2 + |1 - 2e|/2 (by hand: from 2 the move 0 arrives as 0 with
    # chance 1 - e, as 1 with chance e): the bound with k = 1 is an equality, so any weaker bound fails here
    assert solve_nim(2, e).p[2] == mpq(1, 2) + abs(1 - 2 * e) / 2


@pytest.mark.parametrize("n", [1, 2, 8, 64, 256])
def test_the_power_bound_is_attained_at_both_ends(n):
    # at eps = 0 move 0 arrives as 0 (p = 1); at eps = 1 the move n - 1 arrives as 0 (every bit flips): p(n) = 1,
    # which is 1/2 + |1 - 2 eps|^k / 2 at both ends
    assert solve_nim(n, 0).p[n] == 1 and solve_nim(n, 1).p[n] == 1


@pytest.mark.slow
def test_the_bound_claims_verify_with_their_scopes():
    out = subprocess.run([sys.executable, "-m", "exactcube", "verify", "--claim", "noisy.conjecture9.bound_every_n",
                          "--claim", "noisy.conjecture10.bound_every_k"], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert "noisy.conjecture9.bound_every_n: verified [exact], scope: every n ≥ 1, ε ∈ [0, 1/2)" in out.stdout
    assert "noisy.conjecture10.bound_every_k: verified [exact], scope: every k, ε ∈ [0, 1]" in out.stdout


@pytest.mark.slow
def test_top_moves_and_the_recursion_of_d(fresh):
    v = B.top_moves()
    assert (v.outcome.value, v.witness["scope"]) == ("verified", "every $n \\ge 2$, $\\varepsilon \\in [0, 1/2)$")
    assert B.d_recursion().outcome.value == "verified"


def test_the_range_of_a_step_is_the_range_it_prints():
    # the assembly p(n) - 1/2 >= (1 - 2 eps)^k / 2 > 0 is false above 1/2 (1 - 2 eps < 0 reverses the product);
    # the top-move domination reverses there too (low minus top has the sign of 1 - 2 eps)
    assert all(s.proved for s in B.bound_n_steps(B.BELOW_HALF))
    assert not all(s.proved for s in B.bound_n_steps(EpsRange(mpq(0), mpq(1))))
    assert not all(s.proved for s in B.top_move_steps(EpsRange(mpq(0), mpq(1))))
    assert B.BELOW_HALF.text() == "[0, 1/2)" and B.BELOW_ONE.closed_at_top().text() == "[0, 1]"


# --- mutations: a false statement in place of a step, and the claim must not print its verdict -------------------

def _wrong_low_move(e, A, B_, W):
    return ((1 - e) * A - e * B_) / (1 + e * W)  # the wrong normaliser


def _claim_instead(mp, cid, formula):
    """Replace the exported conclusion ``cid`` by ``formula`` (over its variables): a false one must fail the
    lemma's own last step."""
    c = smt.cite(cid)
    mp.setitem(smt.CONCLUSIONS, cid, c.weakened(formula(*c.variables)))


def _false_step(*_args, **_kw):
    x = z3.Real("x")
    return [prove("a false step (x > 0 for every x)", [], x > 0)]


_BLOCK_CHAIN = [B.within_block_verdict, B.power_step_verdict, B.low_step_verdict, B.d_recursion_verdict]


@pytest.mark.parametrize("target, mutate, claims, caches", [
    ("recursion", lambda mp: mp.setattr(B, "low_move", _wrong_low_move),
     ["noisy.blocks.recursion", "noisy.conjecture9.bound_every_n", "noisy.conjecture10.bound_every_k"],
     [B.recursion_verdict] + _BLOCK_CHAIN),
    ("within_block", lambda mp: mp.setattr(B, "within_block_steps", _false_step),
     ["noisy.blocks.within_block", "noisy.conjecture9.bound_every_n", "noisy.conjecture10.bound_every_k"],
     _BLOCK_CHAIN),
    ("power_step", lambda mp: _claim_instead(mp, B.POWER.id, lambda e, a, b: b >= a),  # p(2K) - 1/2 >= p(K) - 1/2
     ["noisy.blocks.power_step", "noisy.conjecture10.bound_every_k"], _BLOCK_CHAIN),
    ("low_step", lambda mp: mp.setattr(B, "low_step_steps", _false_step),
     ["noisy.blocks.low_step", "noisy.conjecture9.bound_every_n"], _BLOCK_CHAIN),
    ("bound_n_range", lambda mp: mp.setattr(B, "BELOW_HALF", EpsRange(mpq(0), mpq(1))),  # claimed on [0, 1): false
     ["noisy.conjecture9.bound_every_n"], _BLOCK_CHAIN),
    ("bound_k", lambda mp: mp.setattr(B, "bound_k_steps", _false_step), ["noisy.conjecture10.bound_every_k"], []),
    ("bound_n", lambda mp: mp.setattr(B, "bound_n_steps", _false_step), ["noisy.conjecture9.bound_every_n"], []),
    ("top_moves", lambda mp: mp.setattr(B, "top_move_steps", _false_step), ["noisy.conjecture9.top_moves"], []),
    ("d_recursion", lambda mp: mp.setattr(B, "forcing", lambda e, sol, K: mpq(0)),
     ["noisy.conjecture10.d_recursion"], [B.d_recursion_verdict]),
    ("d_pairs", lambda mp: mp.setattr(B, "forcing_by_pairs", lambda e, sol, K: B.forcing(e, sol, K) * 2),
     ["noisy.conjecture10.d_recursion"], [B.d_recursion_verdict]),
    ("lemma1", lambda mp: mp.setattr(EK, "lemma1_steps", _false_step),
     ["noisy.ends.channel_at_one", "noisy.conjecture10.bound_every_k"], [EK.lemma1_verdict, EK.theorem2_verdict, EK.lemma5_verdict]),
    ("theorem2", lambda mp: mp.setattr(EK, "T2_HALF_K0", 2), ["noisy.ends.values_at_one"],
     [EK.theorem2_verdict, EK.lemma5_verdict]),
    ("theorem2_z", lambda mp: mp.setattr(EK, "in_z", lambda x: x == 0), ["noisy.ends.values_at_one"],
     [EK.theorem2_verdict, EK.lemma5_verdict]),
    ("lemma5", lambda mp: mp.setattr(EK, "SPLIT_B", 2), ["noisy.ends.germ_at_one", "noisy.conjecture10.every_k"],
     [EK.lemma5_verdict]),
    ("gap_sign", lambda mp: mp.setattr(EK, "gap_sign_steps", _false_step), ["noisy.conjecture10.every_k"], []),
    ("theorem7", lambda mp: mp.setattr(EK, "T7_K0", 1), ["noisy.ends.near_zero", "noisy.conjecture9.ends"],
     [EK.theorem7_verdict]),
    # the closed forms the sympy-checked theorems state, replaced by false ones
    ("theorem6", lambda mp: mp.setattr(EK.E, "half_slope", lambda n, side: mpq(1, n * (n - 1))),
     ["noisy.ends.half", "noisy.conjecture9.ends"], [EK.theorem6_verdict, EK.theorem8_verdict]),
    ("theorem8", lambda mp: mp.setattr(EK.E, "half_second_order_key", lambda n, m: mpq(m, n)),
     ["noisy.ends.half_second_order", "noisy.conjecture10.ends"], [EK.theorem8_verdict]),
    ("lemma1_form", lambda mp: mp.setattr(EK.E, "received_at_one", lambda n, m: (n - 1 - m,)),
     ["noisy.ends.channel_at_one"], [EK.lemma1_verdict, EK.theorem2_verdict, EK.lemma5_verdict]),
])
@pytest.mark.slow
def test_a_false_step_keeps_the_verdict_from_printing(monkeypatch, target, mutate, claims, caches):
    from exactcube.catalog import load
    from exactcube.claims import REGISTRY

    load()
    for f in caches:
        f.cache_clear()
    mutate(monkeypatch)
    try:
        for cid in claims:
            v = REGISTRY[cid].check()
            # bound_every_k without Lemma 1 is open too: its statement reaches eps = 1, which it takes from Lemma 1
            assert v.outcome.value == "open", (target, cid, v.outcome.value)
    finally:
        monkeypatch.undo()
        for f in caches:
            f.cache_clear()
