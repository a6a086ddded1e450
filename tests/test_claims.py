"""exactcube.claims: verdict invariants and a runner that survives crashing checks."""

import pytest

from exactcube.claims import (
    Claim,
    Erratum,
    Evidence,
    Outcome,
    Verdict,
    erratum,
    run_claims,
    verified,
)


def test_erratum_needs_entries():
    with pytest.raises(ValueError):
        Verdict(Outcome.ERRATUM, Evidence.EXACT, "x")
    v = erratum("exact", "one cell", [Erratum("t row 1", ".8126", "13/16", ".8125", kind="substantive")])
    assert v.outcome is Outcome.ERRATUM and v.errata[0].true == "13/16"


def test_runner_reports_crash_and_continues():
    def ok():
        return verified("exact", "fine")

    def boom():
        raise ZeroDivisionError("deliberate")

    def wrong_type():
        return True

    claims = [Claim("t.ok", "here", "s", ok), Claim("t.boom", "here", "s", boom), Claim("t.bad", "here", "s", wrong_type)]
    results = run_claims(claims)
    assert [r.outcome for r in results] == ["verified", "tool-error", "tool-error"]
    assert "ZeroDivisionError" in results[1].error
    assert "not a Verdict" in results[2].error
    d = results[0].as_dict()
    assert d["id"] == "t.ok" and d["document"] == "t" and d["evidence"] == "exact"


def test_registry_loads_all_documents():
    from exactcube import catalog
    from exactcube.claims import REGISTRY

    errors = catalog.load()
    assert errors == []
    assert {"ks69", "ju24"} <= {c.document for c in REGISTRY.values()}
    for c in REGISTRY.values():
        assert c.location and c.statement, c.id


def test_every_registered_claim_returns_a_verdict_with_evidence():
    """Run the whole fast registry once: no tool errors; every verdict has an evidence class."""
    from exactcube import catalog
    from exactcube.claims import REGISTRY

    catalog.load()
    results = run_claims([c for c in REGISTRY.values() if not c.slow])
    crashed = [(r.claim.id, r.error) for r in results if r.crashed]
    assert crashed == []
    for r in results:
        assert isinstance(r.verdict.evidence, Evidence)
