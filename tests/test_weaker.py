"""verify --mutate's arithmetic operator (exactcube.weaker): models run one arithmetic weaker, the evidence moves."""

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


def test_ks69_table3_moves_and_table1_has_no_arithmetic_parameter():
    catalog.load()
    t3 = REGISTRY["ks69.table3"]
    m = weaken_claim(t3, _base(t3))
    assert (m.status, m.base, m.evidence) == ("moved", "rigorous", "numeric") and "moved" in m.text()
    t1 = REGISTRY["ks69.table1"]
    assert weaken_claim(t1, _base(t1)).status == "not applicable"
