"""Certified enclosures of eps*(2^k) (exactcube.noisy.eps.star) and the claim noisy.conjecture10.crossings_k14."""

import dataclasses

import pytest

from exactcube.errors import BadInput
from exactcube.numbers import mpq
from exactcube.noisy.eps import star

# eps*(256) and eps*(512) by an independent route: the unique root of the squarefree integer crossing polynomial
# (degree 1705 for 256), isolated by Descartes' rule (docs/noisy.md, "Where move n - 1 stops being optimal"; slow
# claims noisy.conjecture10.crossing_n256 and crossing_n512), here to 30 digits.
EPS_STAR = {8: mpq("0.974047491315493478465212639528"), 9: mpq("0.957126252744382528826558670048")}


@pytest.fixture(scope="module")
def stars():
    return star.enclose_stars(9)


def test_enclosures_contain_the_exact_crossings(stars):
    for s in stars:
        assert s.lo < EPS_STAR[s.k] < s.hi
        assert s.width < mpq(1, 10 ** 8)
        assert s.at_lo.unique_optimum(s.n - 1) and s.at_hi.unique_optimum(s.n - 4)


def test_the_two_moves_swap_only_across_the_crossing():
    # below eps*(256) move 255 is the certified unique optimum and 252 is not; above, the reverse
    below, above = star.move_balls(256, mpq("0.974")), star.move_balls(256, mpq("0.975"))
    assert below.unique_optimum(255) and not below.unique_optimum(252) and below.d() < 0
    assert above.unique_optimum(252) and not above.unique_optimum(255) and above.d() > 0


def test_the_enclosure_follows_the_radius(monkeypatch):
    # balls a thousand times wider: the certified interval widens (D has slope about 0.5) and still holds eps*
    real = star.move_balls
    monkeypatch.setattr(star, "move_balls", lambda n, e: dataclasses.replace(real(n, e), radius=real(n, e).radius * 1e3))
    s = star.enclose_star(8, mpq("0.975"))
    assert s.lo < EPS_STAR[8] < s.hi and s.width > mpq(1, 10 ** 8)


def test_the_certificate_fails_when_no_move_separates(monkeypatch):
    # every gap cut by 1: no move is ever the certified unique optimum, so no enclosure may be returned
    real = star.move_balls

    def cut(n, eps):
        b = real(n, eps)
        return dataclasses.replace(b, gap={m: g - 1 for m, g in b.gap.items()})

    monkeypatch.setattr(star, "move_balls", cut)
    with pytest.raises(BadInput, match="do not separate"):
        star.enclose_star(8, mpq("0.975"))


def test_a_start_below_the_crossing_is_refused():
    with pytest.raises(BadInput, match="not above"):
        star.enclose_star(8, mpq("0.97"))


def test_refusals():
    for n in (6, 100, 1 << 15):
        with pytest.raises(BadInput):
            star.move_balls(n, mpq("0.9"))
    for e in (mpq(1, 2), 1, mpq(1, 3)):
        with pytest.raises(BadInput):
            star.move_balls(256, e)
    with pytest.raises(BadInput):
        star.enclose_star(7, mpq("0.99"))


def test_claim_verdict_and_its_failures(stars):
    from proofs.noisy.stars import crossings_verdict

    assert crossings_verdict(stars, 9).outcome.value == "verified"
    # the statement made false: out of order, overlapping, or a k missing: the claim must not be verified
    assert crossings_verdict(stars[::-1], 9).outcome.value == "open"
    a, b = stars
    overlapping = dataclasses.replace(b, hi=a.lo + mpq(1, 10 ** 14))
    assert crossings_verdict([a, overlapping], 9).outcome.value == "open"
    assert crossings_verdict([a], 9).outcome.value == "open"
    assert star.strictly_decreasing([a, overlapping]) == (8, 9)
