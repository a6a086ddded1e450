"""Conjectures 9 and 10: exact grid checks, interval proofs, the counterexample and its crossing."""


from dataclasses import replace

import numpy as np
import pytest

from exactcube.errors import BadInput
from exactcube.noisy import conjectures as cj
from exactcube.noisy.eps import phases as ph
from exactcube.numbers import mpq
from exactcube.results import IntervalProof


def _float_move_values(n_max, eps, heap):
    """An independent floating-point solver of (5), written out with numpy (screening only)."""
    p = np.zeros(n_max + 1)
    pc = np.array([bin(i).count("1") for i in range(2 * n_max + 2)])
    vals = None
    for n in range(1, n_max + 1):
        k = n.bit_length()
        m = np.arange(n)
        d = pc[m[:, None] ^ m[None, :]]
        W = eps**d * (1 - eps) ** (k - d)
        v = (W @ (1 - p[:n])) / W.sum(1)
        p[n] = v.max()
        if n == heap:
            vals = v
    return vals


@pytest.mark.parametrize(
    "eps, n_max",
    [pytest.param(mpq(3, 10), 40, id="eps-0.3"), pytest.param(mpq(1, 100), 40, id="eps-0.01"),
     pytest.param(mpq(77, 100), 64, id="eps-0.77"), pytest.param(mpq(1, 2), 16, id="eps-half")],
)
def test_no_failure_on_small_heaps(eps, n_max):
    assert cj.check_at(eps, n_max).failures == ()


def test_counterexample_256_at_098():
    f = [g for g in cj.check_at(mpq(49, 50), 256).failures if g.conjecture == 10]
    assert len(f) == 1 and f[0].n == 256 and f[0].optimal == (252,) and f[0].kind == "move"
    # the independent float solver agrees on both values to 1e-9 (it is a screen, the check is exact)
    v = _float_move_values(256, 0.98, 256)
    assert abs(v[252] - float(f[0].p)) < 1e-9 and abs(v[255] - float(f[0].conjectured_value)) < 1e-9
    assert f[0].p > f[0].conjectured_value


def test_crossing_agrees_with_phase_diagram_and_bisection():
    # heap 5 changes from move 3 to move 4 in (0.76, 0.77) (Appendix); three methods agree: bisection by
    # certified floating point, the exact crossing polynomial, the phase diagram
    from exactcube.noisy.eps import crossing as cr

    lo, hi = cr.bracket(5, 3, 4, mpq(76, 100), mpq(77, 100), "1e-9")
    c = cj.locate_crossing(5, 3, 4, lo, hi)
    bp = ph.phase_diagram(5).heap(5).breakpoints[1]
    assert c.decimal(30) == bp.decimal(30)
    assert lo <= bp.lo or bp.cmp_rational(lo) > 0
    assert bp.cmp_rational(lo) > 0 and bp.cmp_rational(hi) < 0


def test_interval_proofs_small():
    r9 = cj.prove_conjecture9(12)
    assert r9.proved and r9.evidence == "exact" and isinstance(r9, IntervalProof)
    assert cj.scope_text(r9) == "every eps in (0, 1/2), heaps 2..12" and r9.heaps == tuple(range(2, 13))
    r10 = cj.prove_conjecture10(8)
    assert r10.proved and "exact on" in cj.scope_text(r10) and r10.heaps == (2, 4, 8)
    # the three pieces follow each other: germ at 1/2+, bisection, germ at 1-, with the arb piece inside (1/2, 1)
    (lo1, hi1, _), (a, b, _), (lo2, hi2, _) = r10.pieces
    assert lo1 == mpq(1, 2) and hi2 == 1 and mpq(1, 2) < a < b < 1


def test_a_failed_interval_proof_is_not_proved():
    # a gap (here: forged) makes the one result type say "not proved", and its reason is what the claims print
    r = replace(cj.prove_conjecture9(4), gaps=((mpq(0), mpq(1, 2), "heaps with p(n) <= 1/2 somewhere: 3"),))
    assert not r.proved and cj.gap_text(r) == "heaps with p(n) <= 1/2 somewhere: 3"


@pytest.mark.parametrize("step", ["0", "2", "3/7000001"])
def test_grid_bad_input(step):
    with pytest.raises(BadInput):
        cj.grid(mpq(step))


def test_grid_open_ends():
    g = cj.grid(mpq(1, 4))
    assert g == [mpq(1, 4), mpq(1, 2), mpq(3, 4)]


def test_cli_grid_and_rigorous(cli):
    code, text = cli(["conjecture", "9", "--n-max", "20", "--eps-step", "1/20"])
    assert code == 0 and "verified" in text and "exact on the grid" in text
    code, text = cli(["conjecture", "10", "--rigorous", "--n-max", "8"])
    assert code == 0 and "verified" in text and "scope:" in text


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["conjecture", "11"], "invalid choice"),
        (["conjecture", "9", "--n-max", "1"], "at least 2"),
        (["conjecture", "9", "--eps-step", "0"], "eps step"),
        (["conjecture", "9", "--rigorous", "--resume", "x.jsonl"], "--rigorous"),
        (["conjecture", "10", "--rigorous", "--n-max", "1000"], "limited"),
        (["conjecture", "9", "--workers", "0"], "at least 1"),
    ],
)
def test_cli_bad_input(argv, fragment, capsys, cli):
    code, _ = cli(argv)
    err = capsys.readouterr().err
    assert code == 2 and fragment in err and err.count("\n") == 1


def test_check_at_judges_the_statement_it_is_given():
    # issue 22 item 4: the printed constants are parameters. By hand (§3, p(2, 0) = 1 - eps, p(2, 1) = eps):
    # at eps = 1/100, p(2) = 99/100 with the move 0, so "p(n) > 1" fails by the bound and "send 1" by the move
    e = mpq(1, 100)
    assert cj.check_at(e, 2).failures == ()
    (f,) = cj.check_at(e, 2, c9=(mpq(1, 2), mpq(1), 0)).failures
    assert (f.conjecture, f.n, f.kind, f.p) == (9, 2, "bound", mpq(99, 100))
    (f,) = cj.check_at(e, 2, c9=(mpq(1, 2), mpq(1, 2), 1)).failures
    assert (f.kind, f.optimal, f.conjectured, f.conjectured_value) == ("move", (0,), 1, mpq(1, 100))
    # at eps = 51/100 the optimal move from 2 is 1 = n - 1; read as n - 2 (the move 0, worth 49/100) it fails
    (f,) = cj.check_at(mpq(51, 100), 2, c10=(mpq(1, 2), mpq(1, 2), 2)).failures
    assert (f.conjecture, f.conjectured, f.conjectured_value) == (10, 0, mpq(49, 100))


def test_the_evidence_of_a_check_is_that_of_the_arithmetic_it_ran_in():
    # issue 40: certified floating point is rigorous, never exact; the exact solver is exact
    ball, exact = cj.check_at("1/10", 64, method="ball"), cj.check_at("1/10", 64)
    assert ball.method.startswith("ball") and ball.provenance.evidence.value == "rigorous"
    assert exact.method == "fast" and exact.provenance.evidence.value == "exact"
    # where the balls cannot decide (eps = 1/2: every move ties) the exact check is returned, and says so
    tie = cj.check_at("1/2", 16, method="ball")
    assert not tie.method.startswith("ball") and tie.provenance.evidence.value == "exact"


def test_a_grid_verdict_is_as_weak_as_its_weakest_record():
    recs = {e: cj.check_at(e, 16, method=m).as_json() for e, m in ((mpq(1, 10), "ball"), (mpq(2, 10), "exact"))}
    assert cj.grid_verdict(recs, 9).provenance.evidence.value == "rigorous"
    exact_only = {e: r for e, r in recs.items() if "method" not in r}
    assert len(exact_only) == 1 and cj.grid_verdict(exact_only, 9).provenance.evidence.value == "exact"
    with pytest.raises(BadInput):
        cj.record_evidence({"eps": "1/10", "method": "guess"})
