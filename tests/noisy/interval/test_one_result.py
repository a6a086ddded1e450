"""Every whole-interval method returns the one :class:`exactcube.results.IntervalProof` (issue 31); no other name of
that class is left (issue 45, row 21: the package was never released)."""

import pytest

from exactcube.numbers import mpq
from exactcube.results import IntervalProof

#: the alias names the layout of issue 31 kept for one release, by module
OLD_NAMES = {"exactcube.noisy.interval.crosscheck": ("IntervalCheck", "GermCheck", "IntervalProof"),
             "exactcube.noisy.scale.cluster": ("SubRangeRun", "DistributedProof", "RegionProof", "IntervalProof"),
             "exactcube.noisy.interval.taylor": ("NearHalfProof", "prove_conjecture10_beyond"),
             "exactcube.noisy.interval.firstorder": ("prove_conjecture10_beyond", "IntervalProof"),
             "exactcube.noisy.interval.cover": ("IntervalProof",),
             "exactcube.noisy.conjectures": ("RigorousResult",)}


@pytest.mark.parametrize("module", sorted(OLD_NAMES))
def test_no_other_name_of_the_one_class(module):
    import importlib

    m = importlib.import_module(module)
    exported = set(getattr(m, "__all__", ()))
    for name in OLD_NAMES[module]:
        if name == "IntervalProof":  # a module may use the class, but not hand it on as its own
            assert name not in exported, f"{module} re-exports {name}"
        else:
            assert not hasattr(m, name), f"{module}.{name} is still defined"


def test_an_unknown_kind_is_refused():
    with pytest.raises(ValueError):
        IntervalProof(statement="s", heaps=(2,), eps_lo=mpq(0), eps_hi=mpq(1), method="m", source="s", kind="grid")


def test_a_refuted_bisection_keeps_its_witness_moves_as_gaps():
    # Appendix, 5 chips: move 4 is optimal for eps = 0.77..1.00 (printed), so move 3 is refuted on [4/5, 9/10]
    from exactcube.noisy.interval.crosscheck import check_move_on_interval

    r = check_move_on_interval(5, 3, "4/5", "9/10")
    assert r.kind == "bisection" and r.heaps == (5,) and r.target == 3 and not r.proved
    assert r.refuted and len(r.gaps) == len(r.refuted) + len(r.undecided)
    assert all((a, b, f"move {m} is better") in r.gaps for a, b, m in r.refuted if m is not None)
    assert r.eps_lo == mpq(4, 5) and r.eps_hi == mpq(9, 10) and r.provenance.evidence.value == "rigorous"
    ok = check_move_on_interval(5, 4, "4/5", "9/10")
    assert ok.proved and ok.holds and not ok.gaps and ok.pieces[0][0] == mpq(4, 5) and ok.pieces[-1][1] == mpq(9, 10)


def test_a_germ_is_exact_and_a_failing_heap_is_a_gap():
    from exactcube.noisy.interval.crosscheck import check_germ

    g = check_germ(6, "1/2", "left")
    assert g.kind == "germ" and g.provenance.evidence.value == "exact" and g.proved and g.at == mpq(1, 2)
    # p(n) <= 1 everywhere, so p(n) > 1 fails for every heap checked: each one a gap, the statement not proved
    bad = check_germ(6, "1/2", "left", bound=1, heaps=(2, 3))
    assert not bad.proved and len(bad.gaps) == 2 and all("p(" in why for _, _, why in bad.gaps)


def test_sub_range_records_become_pieces_and_gaps():
    from exactcube.noisy.scale.cluster import SOURCE, sub_range_fields

    good = {"eps": "0", "eps_to": "1/4", "proved": True, "pieces": 3, "gaps": [], "cpu_seconds": 2.0}
    failed = {"eps": "1/4", "eps_to": "1/2", "proved": False, "pieces": 5, "gaps": [[0.0, 0.01, "move 2"]],
              "cpu_seconds": 3.0}
    silent = dict(good, eps="1/8", proved=False)  # not proved and no gap: still a gap

    def proof(records, complete=True):
        return IntervalProof(statement="s", heaps=(2,), eps_lo=mpq(0), eps_hi=mpq(1, 2), source=SOURCE,
                             **sub_range_fields(records, complete))

    r = proof([good, failed])
    assert r.kind == "sub-ranges" and r.records == (good, failed) and r.cpu_seconds == 5.0 and not r.proved
    assert r.gaps == ((0.0, 0.01, "move 2 (sub-range from eps = 1/4)"),)
    assert not proof([good, silent]).proved
    assert proof([good]).proved and not proof([good], complete=False).proved
