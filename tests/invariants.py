"""A shared invariant suite that every model's tests reuse (Axelrod-style inherited tests).

Subclass :class:`ProbabilityInvariants` or :class:`EquityInvariants` in a model's
test module and provide the sample method; the checks come for free.
"""

from __future__ import annotations

from exactcube.numbers import is_mpq, mpq


def assert_probability(p, where=""):
    """An exact probability: an mpq in [0, 1]."""
    assert is_mpq(p) or isinstance(p, int), f"{where}: {p!r} is not exact"
    assert 0 <= p <= 1, f"{where}: probability {p} outside [0, 1]"


def assert_within_stake(e, stake=1, where=""):
    """An equity per unit stake lies within [-stake, stake]."""
    assert is_mpq(e) or isinstance(e, int), f"{where}: {e!r} is not exact"
    assert -stake <= e <= stake, f"{where}: equity {e} outside [-{stake}, {stake}]"


class ProbabilityInvariants:
    """Inherit and define ``probabilities()`` yielding (label, value) pairs."""

    def probabilities(self):  # pragma: no cover - abstract
        raise NotImplementedError

    def test_probabilities_exact_and_in_unit_interval(self):
        n = 0
        for label, p in self.probabilities():
            assert_probability(p, label)
            n += 1
        assert n > 0, "the sample produced no probabilities"


class EquityInvariants:
    """Inherit and define ``equities()`` yielding (label, equity, stake) triples, and
    ``mirrored_pairs()`` yielding pairs of equities that must be negatives of each other
    (the same position seen from the other player)."""

    def equities(self):  # pragma: no cover - abstract
        raise NotImplementedError

    def mirrored_pairs(self):
        return []

    def test_equities_within_stake(self):
        n = 0
        for label, e, stake in self.equities():
            assert_within_stake(e, stake, label)
            n += 1
        assert n > 0, "the sample produced no equities"

    def test_symmetry_between_players(self):
        for label, e, e_mirror in self.mirrored_pairs():
            assert e == -e_mirror, f"{label}: {e} is not minus {e_mirror}"


HALF = mpq(1, 2)
