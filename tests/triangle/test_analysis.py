"""exactcube.triangle.analysis: the fold threshold on the grid and the deviations from ju24 Theorem 4.3's principle."""

import pytest

from exactcube.triangle import analysis as A


@pytest.mark.parametrize("n, bstar", [
    # by hand (ju24 Theorem 4.4's proof with the model's payoffs): after an accepted double B is worth 2(3y - 1)
    # per unit, folding -1, so B takes iff y >= 1/6 (an exact tie accepts): b* = ceil(n/6)
    pytest.param(6, 1, id="n=6"), pytest.param(7, 2, id="n=7"), pytest.param(12, 2, id="n=12"),
    pytest.param(13, 3, id="n=13"),
])
def test_fold_threshold_is_the_take_point_on_the_grid(n, bstar):
    b, folds, accepting = A.fold_threshold(n)
    assert b == bstar and min(accepting) == bstar
    assert all(p.b < bstar for p in folds if p.kind == "interior")


def test_robust_deviations_gain_under_every_convention():
    robust, counts = A.robust_deviations(9, 1, "one", "liable")
    # ju24.thm4.3 finds such deviations under one-acceptance with ejected players liable (the check must see some)
    assert robust and set(counts) == set(A.CONVENTIONS) and all(c >= len(robust) for c in counts.values())
    for p, gains in robust.items():
        assert len(gains) == len(A.CONVENTIONS) and all(g > 0 for g in gains)
        # solved again on its own, ties accepting and a fair draw: the first convention's gain
        assert A.gain_at(9, 1, "one", "liable", p) == gains[0]
    # where the convention matters, a position gains under some conventions only: not robust
    assert max(counts.values()) > len(robust)
