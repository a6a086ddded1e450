"""verify --mutate's arithmetic operator (exactcube.weaker): models run one arithmetic weaker, the evidence moves."""

import pytest

from exactcube import catalog, match
from exactcube.claims import REGISTRY, Claim, run_claims, verified
from exactcube.results import computed
from exactcube.weaker import as_asked, weaken, weaken_claim, weaker_arithmetic


def _base(claim):
    (r,) = run_claims([claim])
    return r.verdict


def test_outside_the_operator_models_keep_their_arithmetic():
    assert weaken("test", "exact") is None
    assert match.generate("zadeh", 4, exact=True).evidence == "exact"


def test_a_match_table_runs_one_arithmetic_weaker():
    with weaker_arithmetic() as ran:
        exact, balls = match.generate("zadeh", 4, exact=True), match.generate("zadeh", 4)
        with as_asked():
            kept = match.generate("zadeh", 4, exact=True)
    assert (exact.evidence, balls.evidence, kept.evidence) == ("rigorous", "numeric", "exact")
    assert ran == ["match.solve_table: exact -> rigorous", "match.solve_table: rigorous -> numeric"]


def test_a_verdict_citing_its_table_moves():
    claim = Claim("test.weaker", "here", "s", lambda: verified(match.generate("mec", 3, exact=True), "the table"))
    m = weaken_claim(claim, _base(claim))
    assert (m.status, m.base, m.evidence) == ("moved", "exact", "rigorous")


def test_a_verdict_that_ignores_its_arithmetic_stays():
    def check():  # computes the table but cites an exact number typed beside it: the operator must catch it
        match.generate("mec", 3, exact=True)
        return verified(computed(1, "not the table"), "rests on nothing it computed")

    claim = Claim("test.weaker.stays", "here", "s", check)
    assert weaken_claim(claim, _base(claim)).status == "stayed"


def test_ks69_table3_moves_and_the_lemma_has_no_arithmetic_parameter():
    catalog.load()
    t3 = REGISTRY["ks69.table3"]
    m = weaken_claim(t3, _base(t3))
    assert (m.status, m.base, m.evidence) == ("moved", "rigorous", "numeric") and "moved" in m.text()
    lemma = REGISTRY["ks69.lemma"]
    assert weaken_claim(lemma, _base(lemma)).status == "not applicable"


def test_ks69_raising_grid_runs_in_balls_that_contain_the_exact_values():
    from flint import fmpq

    from exactcube.brownian import raises as R

    exact = R.raising_grid(9, 9)
    with weaker_arithmetic() as ran:
        balls = R.raising_grid(9, 9)
    assert ran == ["brownian.raises.raising_grid: exact -> rigorous"]
    assert (exact.provenance.evidence.value, balls.provenance.evidence.value) == ("exact", "rigorous")
    for i in range(10):
        for j in range(10):
            q = exact.alpha(i, j)
            assert balls.alpha(i, j).contains(fmpq(int(q.numerator), int(q.denominator)))
            v = exact.value(i, j).value
            assert balls.value(i, j).value.contains(fmpq(int(v.numerator), int(v.denominator)))


def test_ks69_tables_1_and_2_move_to_rigorous():
    catalog.load()
    for cid in ("ks69.table1", "ks69.table2"):
        c = REGISTRY[cid]
        m = weaken_claim(c, _base(c))
        assert (m.status, m.base, m.evidence) == ("moved", "exact", "rigorous"), (cid, m.text())


def test_noisy_check_at_runs_one_arithmetic_weaker():
    from exactcube.noisy import conjectures as cj

    assert cj.check_at("1/10", 32).provenance.evidence.value == "exact"
    with weaker_arithmetic() as ran:
        balls, floats = cj.check_at("1/10", 32), cj.check_at("1/10", 32, method="ball")
    assert (balls.provenance.evidence.value, floats.provenance.evidence.value) == ("rigorous", "numeric")
    assert ran == ["noisy.check_at: exact -> rigorous", "noisy.check_at: rigorous -> numeric"]
    # the same conjectures decided: no failure at eps = 1/10 in either arithmetic
    assert balls.failures == floats.failures == ()


@pytest.mark.slow
def test_noisy_conjecture10_grid_moves_and_stays_refuted():
    catalog.load()
    c = REGISTRY["noisy.conjecture10"]
    m = weaken_claim(c, _base(c))
    assert (m.status, m.base, m.evidence, m.outcome) == ("moved", "exact", "rigorous", "refuted")
